/**
 * Play: place and remove queens; attacked squares and conflicting queens are highlighted.
 * "Complete this board" and "Count completions" run in a Web Worker and can be cancelled.
 * Every board edit is a history entry (state.ts); Undo and Redo step through the edits made here.
 */
import { attackKind, type Conflict, conflicts, type Queen } from "../board.js";
import { BoardView, type CellMark } from "./board-view.js";
import { type App, disableKeepingFocus, h, type ModeView } from "./dom.js";
import { downloadBoardPng, downloadBoardSvg, downloadSolutions } from "./export.js";
import { num, t, time } from "./i18n.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import { type PageState, queensKey } from "./state.js";

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
    );
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
      this.stats,
      this.conflictList,
      h("p", { class: "hint" }, m.hint),
    );
    panel.append(
      h(
        "div",
        { class: "layout" },
        h("div", { class: "board-card" }, this.board.el, legend, exportBar),
        side,
      ),
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
    this.draw();
  }

  hide(): void {
    this.cancel();
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

  private setQueens(queens: readonly Queen[]): void {
    this.lastSet = key({ ...this.state!, queens });
    this.app.set({ queens });
  }

  private toggle(row: number, col: number): void {
    const s = this.state!;
    const has = s.queens.some((q) => q.row === row && q.col === col);
    this.edit(
      has ? s.queens.filter((q) => q.row !== row || q.col !== col) : [...s.queens, { row, col }],
    );
    const m = t().play;
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
    if (this.state!.queens.length === 0) return;
    this.edit([]);
    this.app.announce(t().play.cleared);
  }

  private draw(): void {
    const m = t().play;
    const { n, queens } = this.state!;
    const found = conflicts({ n, queens });
    const inConflict = new Set<string>();
    for (const c of found) {
      inConflict.add(`${c.a.row}:${c.a.col}`);
      inConflict.add(`${c.b.row}:${c.b.col}`);
    }
    const at = new Set(queens.map((q) => `${q.row}:${q.col}`));
    const ghost = this.ghost?.key === key(this.state!) ? this.ghost.cols : undefined;
    let safe = 0;
    const lines = found.map((c) => ({ from: c.a, to: c.b, tone: "conflict" as const }));
    this.board.render(
      n,
      (r, c): CellMark => {
        const k = `${r}:${c}`;
        if (at.has(k)) return { queen: "placed", conflict: inConflict.has(k) };
        if (ghost && ghost[r] === c) return { queen: "ghost" };
        const attacked = isAttacked(queens, r, c);
        if (!attacked) safe++;
        return { attacked };
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
    this.status.className = `status-line ${found.length > 0 ? "bad" : queens.length === n ? "good" : ""}`;
    this.status.textContent =
      found.length > 0
        ? m.statusConflicts(found.length)
        : queens.length === n
          ? m.statusSolved(n)
          : queens.length === 0
            ? m.statusEmpty
            : m.statusSoFar(n - queens.length);
    this.undoBtn.setAttribute("aria-disabled", String(this.undoStack.length === 0));
    this.redoBtn.setAttribute("aria-disabled", String(this.redoStack.length === 0));
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
