/**
 * Play: place and remove queens; attacked squares and conflicting queens are highlighted, and
 * the goal is said in one sentence. "Complete this board" and "Count completions" run in a Web
 * Worker and can be cancelled; a click on a gold queen of a completion keeps the completion
 * without that queen. An optional live hint marks every safe square where a queen can no longer
 * lead to a solution (computed in a worker after each edit). Puzzles: a board with exactly one
 * completion, made from a level and a seed in the address (../puzzle.ts), whose given queens
 * stay, checked when solved. A solved board shows its 8 symmetries on request.
 * Every board edit is a history entry (state.ts); Undo and Redo step through the edits made here.
 */
import { attackKind, type Conflict, conflicts, isSolution, type Queen } from "../../board.js";
import type { PuzzleDifficulty } from "../../completion/generate.js";
import { BoardView, type CellMark } from "../board-view.js";
import { type App, disableKeepingFocus, h, type ModeView } from "../dom.js";
import { downloadBoardPng, downloadBoardSvg, downloadSolutions } from "../export.js";
import { num, t, time } from "../i18n.js";
import { Cancelled, type Running, runJob } from "../jobs.js";
import { hintsOn, saveHints } from "../prefs.js";
import { LEVELS, type PageState, puzzleKey, queensKey } from "../state.js";
import { symmetryView } from "../symmetry-view.js";

/** A conflict in the page's words (rows and columns from 1). */
export function conflictText(c: Conflict): string {
  return t().play.conflict(c.a, c.b, c.kind);
}

/** Whether some queen attacks the empty square (row, col). */
function isAttacked(queens: readonly Queen[], row: number, col: number): boolean {
  return queens.some((q) => attackKind(q, { row, col }) !== undefined);
}

/** Why a board without conflicts has no completion, in words a learner can check on the board. */
export function whyNoCompletion(n: number, queens: readonly Queen[]): string {
  const m = t().play;
  if (queens.length === 0) return m.whyEmpty(n);
  const usedRows = new Set(queens.map((q) => q.row));
  const usedCols = new Set(queens.map((q) => q.col));
  for (let r = 0; r < n; r++) {
    if (usedRows.has(r)) continue;
    let safe = false;
    for (let c = 0; c < n && !safe; c++) safe = !isAttacked(queens, r, c);
    if (!safe) return m.whyRow(r);
  }
  for (let c = 0; c < n; c++) {
    if (usedCols.has(c)) continue;
    let safe = false;
    for (let r = 0; r < n && !safe; r++) safe = !isAttacked(queens, r, c);
    if (!safe) return m.whyColumn(c);
  }
  return m.whyDeep;
}

export class PlayMode implements ModeView {
  private readonly board: BoardView;
  private readonly status = h("p", { class: "status-line", "data-testid": "play-status" });
  private readonly stats = h("dl", { class: "stats" });
  private readonly conflictList = h("ul", { class: "conflict-list", "data-testid": "conflicts" });
  private readonly result = h("div", {
    class: "result",
    "data-testid": "result",
    "aria-live": "polite",
  });
  private readonly goal = h("p", { class: "goal", "data-testid": "play-goal" });
  private readonly hintBox = h("input", {
    type: "checkbox",
    checked: hintsOn(),
    "data-testid": "hints",
  });
  private readonly hintStatus = h("p", {
    class: "hint-status",
    "data-testid": "hint-status",
    "aria-live": "polite",
  });
  private readonly levelSelect = h("select", {
    class: "level-select",
    "data-testid": "puzzle-level",
  });
  private readonly newPuzzleBtn: HTMLButtonElement;
  private readonly endPuzzleBtn: HTMLButtonElement;
  private readonly puzzleNote = h("p", { class: "puzzle-note", "data-testid": "puzzle-note" });
  private readonly symBtn: HTMLButtonElement;
  private readonly symBox = h("div", { class: "sym-box" });
  private readonly completeBtn: HTMLButtonElement;
  private readonly countBtn: HTMLButtonElement;
  private readonly cancelBtn: HTMLButtonElement;
  private readonly undoBtn: HTMLButtonElement;
  private readonly redoBtn: HTMLButtonElement;
  private state: PageState | undefined;
  /** The completion shown as gold queens, for the board it was found for. */
  private ghost: { key: string; cols: readonly number[] } | undefined;
  private running: Running<unknown> | undefined;
  /** The button that started the running job: focus goes back to it when the job ends. */
  private origin: HTMLButtonElement | undefined;
  private timer = 0;
  /** Boards before (undo) and after (redo) the edits made here, for the board shown. */
  private undoStack: (readonly Queen[])[] = [];
  private redoStack: (readonly Queen[])[] = [];
  /** The board this view last set: any other board shown came from outside (Back, a link). */
  private lastSet = "";
  /** The puzzle of the state, once made (its given queens and its one solution). */
  private puzzle:
    | {
        key: string;
        given: readonly Queen[];
        solution: readonly number[];
        solvedBy?: "forced" | "propagation" | "search";
        error?: string;
      }
    | undefined;
  private puzzleJob: Running<unknown> | undefined;
  /** The live hint for the board it was computed for. */
  private hint: { key: string; dead: Set<string>; completable: boolean; safe: number } | undefined;
  private hintJob: Running<unknown> | undefined;
  private hintKey = "";
  /** The puzzle solved was said once. */
  private solvedSaid = "";

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    const m = t().play;
    this.board = new BoardView({
      label: () => t().board.playLabel,
      onToggle: (r, c) => this.toggle(r, c),
    });
    this.completeBtn = this.button(m.complete, () => this.complete(), "complete", "btn primary");
    this.countBtn = this.button(m.count, () => this.count(), "count", "btn");
    this.cancelBtn = this.button(m.cancel, () => this.cancel(), "cancel", "btn danger");
    this.cancelBtn.hidden = true;
    this.undoBtn = this.button(m.undo, () => this.undo(), "undo", "btn small");
    this.redoBtn = this.button(m.redo, () => this.redo(), "redo", "btn small");
    const clearBtn = this.button(m.clear, () => this.clear(), "clear", "btn small");
    const legend = h(
      "ul",
      { class: "legend", "aria-label": m.legend },
      h("li", {}, h("span", { class: "swatch sw-attacked" }), m.legendAttacked),
      h("li", {}, h("span", { class: "swatch sw-conflict" }), m.legendConflict),
      h("li", {}, h("span", { class: "swatch sw-ghost" }), m.legendGhost),
      h("li", {}, h("span", { class: "swatch sw-given" }), m.legendGiven),
      h("li", {}, h("span", { class: "swatch sw-dead", "aria-hidden": "true" }, "✗"), m.legendDead),
    );
    for (const level of LEVELS) {
      this.levelSelect.append(h("option", { value: level }, m.level[level]));
    }
    this.levelSelect.value = "medium";
    this.levelSelect.setAttribute("aria-label", m.levelLabel);
    this.newPuzzleBtn = this.button(m.newPuzzle, () => this.newPuzzle(), "new-puzzle", "btn small");
    this.endPuzzleBtn = this.button(
      m.endPuzzle,
      () => this.app.set({ puzzle: null }),
      "end-puzzle",
      "btn small",
    );
    this.symBtn = this.button(m.symmetries, () => this.toggleSym(), "symmetries", "btn small");
    this.hintBox.addEventListener("change", () => {
      saveHints(this.hintBox.checked);
      this.draw();
    });
    const exportBar = h(
      "div",
      { class: "export-bar", role: "group", "aria-label": m.exportGroup },
      h("span", { class: "export-label", "aria-hidden": "true" }, m.export),
      this.button("PNG", () => void downloadBoardPng(this.exportBoard()), "export-png"),
      this.button("SVG", () => downloadBoardSvg(this.exportBoard()), "export-svg"),
      this.button(m.copyLink, () => void this.copyLink(), "copy-link"),
    );
    const side = h(
      "div",
      { class: "side" },
      h("h2", {}, m.title),
      this.goal,
      this.status,
      h(
        "div",
        { class: "actions", "data-testid": "play-actions" },
        this.completeBtn,
        this.countBtn,
        this.cancelBtn,
      ),
      h(
        "div",
        { class: "edit-bar", role: "group", "aria-label": m.edits },
        this.undoBtn,
        this.redoBtn,
        clearBtn,
      ),
      this.result,
      h(
        "div",
        { class: "puzzle-bar", role: "group", "aria-label": m.puzzle, "data-testid": "puzzle-bar" },
        h("span", { class: "export-label", "aria-hidden": "true" }, m.puzzle),
        this.levelSelect,
        this.newPuzzleBtn,
        this.endPuzzleBtn,
      ),
      this.puzzleNote,
      h("label", { class: "check hint-toggle" }, this.hintBox, ` ${m.hints}`),
      this.hintStatus,
      this.stats,
      this.conflictList,
      this.symBtn,
      h("p", { class: "hint" }, m.hint),
    );
    panel.append(
      h(
        "div",
        { class: "layout" },
        h("div", { class: "board-card" }, this.board.el, legend, exportBar),
        side,
      ),
      this.symBox,
    );
    panel.addEventListener("keydown", (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if ((e.target as HTMLElement).matches("input, select, textarea")) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) this.undo();
      else if (key === "y" || (key === "z" && e.shiftKey)) this.redo();
      else return;
      e.preventDefault();
    });
  }

  show(state: PageState): void {
    const changed = this.state && (this.state.n !== state.n || key(this.state) !== key(state));
    if (changed) {
      this.cancel();
      if (this.ghost?.key !== key(state)) this.result.replaceChildren();
    }
    if (key(state) !== this.lastSet) {
      // Not an edit of ours (Back, Forward, a link, another N): the edits made here are history.
      this.undoStack = [];
      this.redoStack = [];
      this.lastSet = key(state);
    }
    this.state = state;
    this.loadPuzzle(state);
    this.draw();
  }

  hide(): void {
    this.cancel();
    this.hintJob?.cancel();
    this.hintJob = undefined;
    this.hintKey = "";
  }

  dispose(): void {
    this.hide();
    this.puzzleJob?.cancel();
  }

  /** Makes the state's puzzle in a worker (once per puzzle); its given queens go on the board. */
  private loadPuzzle(state: PageState): void {
    const ref = state.puzzle;
    const key = `${state.n}|${puzzleKey(ref)}`;
    if (!ref) {
      this.puzzleJob?.cancel();
      this.puzzle = undefined;
      return;
    }
    if (this.puzzle?.key === key) {
      this.addGiven(state);
      return;
    }
    if (this.puzzleJob && this.puzzle === undefined && this.loadingKey === key) return;
    this.puzzleJob?.cancel();
    this.puzzle = undefined;
    this.loadingKey = key;
    if (state.n < 4) {
      this.puzzle = { key, given: [], solution: [], error: t().play.puzzleTooSmall(state.n) };
      return;
    }
    const job = runJob({ kind: "puzzle", n: state.n, level: ref.level, seed: ref.seed });
    this.puzzleJob = job;
    job.promise.then(
      (r) => {
        if (this.puzzleJob !== job) return;
        this.puzzleJob = undefined;
        this.puzzle = { key, given: r.given, solution: r.solution, solvedBy: r.solvedBy };
        if (this.state) this.addGiven(this.state);
        this.draw();
      },
      (e) => {
        if (e instanceof Cancelled || this.puzzleJob !== job) return;
        this.puzzleJob = undefined;
        this.puzzle = {
          key,
          given: [],
          solution: [],
          error: t().play.puzzleFailed((e as Error).message),
        };
        this.draw();
      },
    );
  }

  private loadingKey = "";

  /** The given queens must be on the board: put back any that is missing (one history entry). */
  private addGiven(state: PageState): void {
    const given = this.puzzle?.given ?? [];
    const at = new Set(state.queens.map((q) => `${q.row}:${q.col}`));
    const missing = given.filter((q) => !at.has(`${q.row}:${q.col}`));
    if (missing.length === 0) return;
    const rows = new Set(given.map((q) => q.row));
    // The reader's own queens stay unless they share a row with a given one.
    const own = state.queens.filter((q) => !rows.has(q.row));
    queueMicrotask(() => this.setQueens([...given, ...own], "replace"));
  }

  private newPuzzle(): void {
    const level = this.levelSelect.value as PuzzleDifficulty;
    const seed = 1 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 99_999);
    this.undoStack = [];
    this.redoStack = [];
    this.app.set({ puzzle: { level, seed }, queens: [] }, "push");
    this.app.announce(t().play.puzzleLoading);
  }

  private toggleSym(): void {
    this.app.set({ sym: this.state!.sym > 0 ? 0 : 1 });
  }

  /** The given queens of the puzzle shown, as "row:col" keys. */
  private givenKeys(): Set<string> {
    return new Set(
      (this.puzzle?.error ? [] : (this.puzzle?.given ?? [])).map((q) => `${q.row}:${q.col}`),
    );
  }

  private button(
    text: string,
    onClick: () => void,
    testid?: string,
    cls = "btn small",
  ): HTMLButtonElement {
    const b = h("button", { type: "button", class: cls, "data-testid": testid }, text);
    b.addEventListener("click", onClick);
    return b;
  }

  /** A board edit: one history entry, one undo step. */
  private edit(queens: readonly Queen[]): void {
    const s = this.state!;
    this.undoStack.push(s.queens);
    this.redoStack = [];
    this.setQueens(queens);
  }

  private setQueens(queens: readonly Queen[], how?: "replace"): void {
    this.lastSet = key({ ...this.state!, queens });
    this.app.set({ queens }, how);
  }

  private toggle(row: number, col: number): void {
    const s = this.state!;
    const m = t().play;
    if (this.givenKeys().has(`${row}:${col}`)) {
      this.app.announce(m.givenStays);
      this.say("note", m.givenStays);
      return;
    }
    const ghost = this.ghost?.key === key(s) ? this.ghost.cols : undefined;
    const has = s.queens.some((q) => q.row === row && q.col === col);
    if (ghost && !has && ghost[row] === col) {
      // A gold queen: keep the completion, without this one.
      this.result.replaceChildren();
      this.edit(ghost.map((c, r) => ({ row: r, col: c })).filter((q) => q.row !== row));
      this.app.announce(m.keptCompletion(row, col));
      return;
    }
    this.edit(
      has ? s.queens.filter((q) => q.row !== row || q.col !== col) : [...s.queens, { row, col }],
    );
    this.app.announce(
      `${has ? m.removed(row, col) : m.placed(row, col)} ${this.status.textContent ?? ""}`,
    );
  }

  private undo(): void {
    const prev = this.undoStack.pop();
    if (!prev) {
      this.app.announce(t().play.nothingToUndo);
      return;
    }
    this.redoStack.push(this.state!.queens);
    this.setQueens(prev);
    this.app.announce(`${t().play.undone} ${this.status.textContent ?? ""}`);
  }

  private redo(): void {
    const next = this.redoStack.pop();
    if (!next) {
      this.app.announce(t().play.nothingToRedo);
      return;
    }
    this.undoStack.push(this.state!.queens);
    this.setQueens(next);
    this.app.announce(`${t().play.redone} ${this.status.textContent ?? ""}`);
  }

  private clear(): void {
    this.cancel();
    this.result.replaceChildren();
    const given = this.puzzle?.error ? [] : (this.puzzle?.given ?? []);
    if (this.state!.queens.length === given.length) return;
    this.edit(given);
    this.app.announce(t().play.cleared);
  }

  private draw(): void {
    const m = t().play;
    const state = this.state!;
    const { n, queens } = state;
    const found = conflicts({ n, queens });
    const inConflict = new Set<string>();
    for (const c of found) {
      inConflict.add(`${c.a.row}:${c.a.col}`);
      inConflict.add(`${c.b.row}:${c.b.col}`);
    }
    const at = new Set(queens.map((q) => `${q.row}:${q.col}`));
    const given = this.givenKeys();
    const ghost = this.ghost?.key === key(state) ? this.ghost.cols : undefined;
    const hint = this.updateHint(found.length > 0);
    let safe = 0;
    const lines = found.map((c) => ({ from: c.a, to: c.b, tone: "conflict" as const }));
    this.board.render(
      n,
      (r, c): CellMark => {
        const k = `${r}:${c}`;
        if (at.has(k)) {
          return { queen: given.has(k) ? "given" : "placed", conflict: inConflict.has(k) };
        }
        if (ghost && ghost[r] === c) return { queen: "ghost" };
        const attacked = isAttacked(queens, r, c);
        if (!attacked) safe++;
        return { attacked, dead: !attacked && !!hint?.dead.has(k) };
      },
      -1,
      lines,
    );
    this.stats.replaceChildren(
      stat(m.statQueens, m.statQueensValue(queens.length, n)),
      stat(m.statConflicts, num(found.length), found.length > 0 ? "bad" : undefined),
      stat(m.statSafe, num(safe)),
    );
    this.conflictList.replaceChildren(
      ...found.slice(0, 8).map((c) => h("li", {}, conflictText(c))),
      ...(found.length > 8 ? [h("li", {}, m.more(found.length - 8))] : []),
    );
    const solved = found.length === 0 && queens.length === n;
    this.status.className = `status-line ${found.length > 0 ? "bad" : solved ? "good" : ""}`;
    this.status.textContent =
      found.length > 0
        ? m.statusConflicts(found.length)
        : solved
          ? m.statusSolved(n)
          : queens.length === 0
            ? m.statusEmpty
            : m.statusSoFar(n - queens.length);
    this.undoBtn.setAttribute("aria-disabled", String(this.undoStack.length === 0));
    this.redoBtn.setAttribute("aria-disabled", String(this.redoStack.length === 0));
    this.drawPuzzle(solved);
    this.drawHintStatus(found.length > 0, hint);
    // The symmetries of a solved board, on request.
    const cols = new Array<number>(n).fill(-1);
    for (const q of queens) cols[q.row] = q.col;
    const full = solved && isSolution(cols);
    this.symBtn.hidden = !full;
    this.symBtn.textContent = state.sym > 0 ? m.hideSymmetries : m.symmetries;
    this.symBtn.setAttribute("aria-expanded", String(full && state.sym > 0));
    const symKey = full && state.sym > 0 ? cols.join(",") : "";
    if (this.symBox.dataset.key !== symKey) {
      this.symBox.dataset.key = symKey;
      this.symBox.replaceChildren(
        ...(symKey
          ? [
              symmetryView(cols, {
                onClose: () => {
                  this.symBtn.focus();
                  this.app.set({ sym: 0 });
                },
                onOpen: (img) => {
                  this.edit(img.map((col, row) => ({ row, col })));
                  this.app.set({ sym: 1 }, "replace");
                  this.board.focus();
                },
              }),
            ]
          : []),
      );
    }
  }

  /** The goal, and the puzzle's controls and verdict. */
  private drawPuzzle(solved: boolean): void {
    const m = t().play;
    const state = this.state!;
    const ref = state.puzzle;
    this.endPuzzleBtn.hidden = !ref;
    this.newPuzzleBtn.disabled = state.n < 4;
    if (ref) this.levelSelect.value = ref.level;
    this.puzzleNote.className = "puzzle-note";
    if (!ref) {
      this.goal.textContent = m.goal(state.n);
      this.puzzleNote.textContent = state.n < 4 ? m.puzzleTooSmall(state.n) : "";
      return;
    }
    const p = this.puzzle;
    if (!p) {
      this.goal.textContent = m.puzzleLoading;
      this.puzzleNote.textContent = "";
      return;
    }
    if (p.error) {
      this.goal.textContent = m.goal(state.n);
      this.puzzleNote.textContent = p.error;
      return;
    }
    this.goal.textContent = `${m.puzzleGoal(
      m.level[ref.level],
      ref.seed,
      p.given.length,
      state.n - p.given.length,
    )} ${p.solvedBy ? m.solvedBy[p.solvedBy] : ""}`.trim();
    const given = this.givenKeys();
    const all = state.queens.filter((q) => given.has(`${q.row}:${q.col}`)).length === given.size;
    if (solved && all) {
      this.puzzleNote.className = "puzzle-note good";
      this.puzzleNote.textContent = `✓ ${m.puzzleSolved}`;
      const k = `${key(state)}|${puzzleKey(ref)}`;
      if (this.solvedSaid !== k) {
        this.solvedSaid = k;
        this.app.announce(m.puzzleSolvedSay);
      }
    } else this.puzzleNote.textContent = "";
  }

  /**
   * The live hint for the board shown: the result when it is in, otherwise a job started for it
   * (the previous one cancelled). Undefined while it is off, computing or pointless.
   */
  private updateHint(conflicted: boolean): PlayMode["hint"] {
    const { n, queens } = this.state!;
    const k = key(this.state!);
    if (!this.hintBox.checked || conflicted || queens.length >= n) {
      this.hintJob?.cancel();
      this.hintJob = undefined;
      this.hintKey = "";
      return undefined;
    }
    if (this.hint?.key === k) return this.hint;
    if (this.hintKey === k) return undefined;
    this.hintJob?.cancel();
    this.hintKey = k;
    const job = runJob({ kind: "hints", n, queens });
    this.hintJob = job;
    job.promise.then(
      (r) => {
        if (this.hintJob !== job) return;
        this.hintJob = undefined;
        this.hint = {
          key: k,
          dead: new Set(r.dead.map((q) => `${q.row}:${q.col}`)),
          completable: r.completable,
          safe: r.safe,
        };
        this.draw();
      },
      () => undefined,
    );
    return undefined;
  }

  private drawHintStatus(conflicted: boolean, hint: PlayMode["hint"]): void {
    const m = t().play;
    const { n, queens } = this.state!;
    const text = !this.hintBox.checked
      ? ""
      : conflicted
        ? m.hintConflict
        : queens.length >= n
          ? m.hintFull
          : !hint
            ? m.hintWorking
            : !hint.completable
              ? m.hintStuck
              : m.hintResult(hint.dead.size, hint.safe);
    if (this.hintStatus.textContent !== text) this.hintStatus.textContent = text;
    this.hintStatus.dataset.ready = String(
      !!hint || text === "" || conflicted || queens.length >= n,
    );
  }

  private exportBoard() {
    const s = this.state!;
    const ghost = this.ghost?.key === key(s) ? this.ghost.cols : undefined;
    const queens = [...s.queens];
    if (ghost) {
      ghost.forEach((col, row) => {
        if (!queens.some((q) => q.row === row && q.col === col)) queens.push({ row, col });
      });
    }
    return { n: s.n, queens };
  }

  private async copyLink(): Promise<void> {
    const m = t().play;
    try {
      await navigator.clipboard.writeText(location.href);
      this.app.announce(m.linkCopied);
      this.say("note", m.linkCopiedLong);
    } catch {
      this.say("note", m.copyThis, h("span", { class: "link-text" }, location.href));
    }
  }

  private say(tone: "good" | "bad" | "note", ...content: (Node | string)[]): void {
    this.result.replaceChildren(h("div", { class: `callout ${tone}` }, ...content));
  }

  private busy(label: string, origin: HTMLButtonElement): void {
    const started = performance.now();
    const text = h("span", {}, label);
    this.result.replaceChildren(
      h("div", { class: "callout working" }, h("span", { class: "spinner" }), text),
    );
    this.origin = origin;
    this.cancelBtn.hidden = false;
    disableKeepingFocus(this.completeBtn, this.cancelBtn);
    disableKeepingFocus(this.countBtn, this.cancelBtn);
    this.timer = window.setInterval(() => {
      text.textContent = `${label} ${time((performance.now() - started) / 1000)}`;
    }, 100);
  }

  private idle(): void {
    clearInterval(this.timer);
    this.running = undefined;
    this.completeBtn.disabled = false;
    this.countBtn.disabled = false;
    const refocus = document.activeElement === this.cancelBtn;
    this.cancelBtn.hidden = true;
    if (refocus || document.activeElement === document.body) this.origin?.focus();
  }

  private cancel(): void {
    if (!this.running) return;
    this.running.cancel();
  }

  /** Conflicts make every job pointless: say so and return true. */
  private refuseConflicts(what: "complete" | "count"): boolean {
    const { n, queens } = this.state!;
    const found = conflicts({ n, queens });
    if (found.length === 0) return false;
    const [head, rest] = t().play.refused(what);
    this.say("bad", h("strong", {}, head!), rest!, conflictText(found[0]!));
    return true;
  }

  private complete(): void {
    if (this.running || this.refuseConflicts("complete")) return;
    const s = this.state!;
    const k = key(s);
    this.busy(t().play.searching, this.completeBtn);
    const job = runJob({ kind: "complete", n: s.n, queens: s.queens });
    this.running = job;
    job.promise.then(
      (r) => {
        this.idle();
        const m = t().play;
        if (r.cols) {
          this.ghost = { key: k, cols: r.cols };
          const keep = h(
            "button",
            { type: "button", class: "btn small", "data-testid": "keep" },
            m.keep,
          );
          keep.addEventListener("click", () => {
            const cols = r.cols!;
            this.result.replaceChildren();
            this.edit(cols.map((col, row) => ({ row, col })));
            this.board.focus();
          });
          this.say(
            "good",
            h("strong", {}, m.completed),
            m.found(r.ms / 1000, s.n - s.queens.length, s.queens.length),
            keep,
          );
          this.app.announce(m.completedSay);
        } else {
          this.ghost = undefined;
          this.say("bad", h("strong", {}, m.noCompletion), whyNoCompletion(s.n, s.queens));
        }
        this.draw();
      },
      (e) => this.failed(e, "complete"),
    );
  }

  private count(): void {
    if (this.running || this.refuseConflicts("count")) return;
    const s = this.state!;
    this.busy(t().play.counting, this.countBtn);
    const job = runJob({ kind: "count-completions", n: s.n, queens: s.queens });
    this.running = job;
    job.promise.then(
      (r) => {
        this.idle();
        const m = t().play;
        const count = BigInt(r.count);
        if (count === 0n) {
          this.say("bad", h("strong", {}, m.zero), whyNoCompletion(s.n, s.queens));
          return;
        }
        const solutions = s.queens.length === 0;
        const parts: (Node | string)[] = [
          h("strong", { "data-testid": "count-value" }, num(count)),
          m.counted(count, solutions, r.ms / 1000),
        ];
        if (count <= 100_000n) {
          parts.push(
            h("br"),
            m.download,
            this.button("JSON", () => this.downloadCompletions(s, "json")),
            this.button("CSV", () => this.downloadCompletions(s, "csv")),
          );
        }
        this.say("good", ...parts);
        this.app.announce(m.countedSay(count, solutions));
      },
      (e) => this.failed(e, "count"),
    );
  }

  private downloadCompletions(s: PageState, format: "json" | "csv"): void {
    const job = runJob({ kind: "list-completions", n: s.n, queens: s.queens, limit: 100_000 });
    job.promise.then(
      (r) => downloadSolutions(format, `nqueens-${s.n}-completions`, s.n, r.solutions),
      (e) => this.failed(e, "list"),
    );
  }

  private failed(e: unknown, what: "complete" | "count" | "list"): void {
    this.idle();
    const m = t().play;
    if (e instanceof Cancelled) {
      if (what !== "list") this.say("note", m.cancelled[what]);
      return;
    }
    this.say("bad", m.failed(what, (e as Error).message));
  }
}

function key(s: PageState): string {
  return `${s.n}|${queensKey(s.queens)}`;
}

function stat(label: string, value: string, tone?: string): HTMLElement {
  return h("div", { class: `stat ${tone ?? ""}` }, h("dt", {}, label), h("dd", {}, value));
}
