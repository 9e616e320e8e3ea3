/**
 * Play: place and remove queens; attacked squares and conflicting queens are highlighted, and
 * the goal is said in one sentence. "Complete this board" and "Count completions" run in a Web
 * Worker and can be cancelled; a click on a gold queen of a completion keeps the completion
 * without that queen. An optional live hint marks every safe square where a queen can no longer
 * lead to a solution (computed in a worker after each edit). Puzzles: a board with exactly one
 * completion, made from a level and a seed in the address (../../puzzle.ts), whose given queens
 * stay, checked when solved. A solved board shows its 8 symmetries on request.
 * Every board edit is a history entry (../state.ts); Undo and Redo step through the edits made here.
 *
 * The mode is split as Watch is: state.ts holds what the mode shows beyond the address,
 * model.ts says it in words and marks, render.ts draws it. This file turns the reader's clicks
 * and keys into changes of that state, runs the worker jobs, and is the only file imported from
 * outside the folder.
 */
import { conflicts, type Queen } from "../../board.js";
import type { PuzzleDifficulty } from "../../completion/browser.js";
import type { App, ModeView } from "../dom.js";
import { t } from "../i18n/index.js";
import { Cancelled, runJob } from "../jobs.js";
import { hintsOn, saveHints } from "../prefs.js";
import type { PageState } from "../state.js";
import { downloadBoardPng, downloadBoardSvg, downloadSolutions } from "../ui/export.js";
import { boardModel, exportBoard, hintPointless, puzzleModel } from "./model.js";
import { PlayView, type PlayViewActions } from "./render.js";
import {
  boardKey,
  type Callout,
  forgetEdits,
  ghostCols,
  givenKeys,
  givenQueens,
  initialState,
  type PlayState,
  puzzleKeyOf,
  recordEdit,
  type Task,
  takeRedo,
  takeUndo,
} from "./state.js";

export class PlayMode implements ModeView, PlayViewActions {
  private readonly ps: PlayState = initialState(hintsOn());
  private readonly view: PlayView;
  /** The busy box's clock while a job runs. */
  private timer = 0;

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    this.view = new PlayView(panel, this.ps.hintsOn, this);
    this.bindInput(panel);
  }

  /** The buttons and keys of the mode, each turned into a change of the state. */
  private bindInput(panel: HTMLElement): void {
    const v = this.view;
    const click = (b: HTMLElement, f: () => void) => b.addEventListener("click", f);
    click(v.completeBtn, () => this.run("complete"));
    click(v.countBtn, () => this.run("count"));
    click(v.cancelBtn, () => this.cancel());
    click(v.undoBtn, () => this.undo());
    click(v.redoBtn, () => this.redo());
    click(v.clearBtn, () => this.clear());
    click(v.newPuzzleBtn, () => this.newPuzzle());
    click(v.endPuzzleBtn, () => this.app.set({ puzzle: null }));
    click(v.symBtn, () => this.setSym(this.ps.page!.sym > 0 ? 0 : 1));
    click(v.pngBtn, () => void downloadBoardPng(exportBoard(this.ps, this.ps.page!)));
    click(v.svgBtn, () => downloadBoardSvg(exportBoard(this.ps, this.ps.page!)));
    click(v.copyLinkBtn, () => void this.copyLink());
    v.hintBox.addEventListener("change", () => {
      this.ps.hintsOn = v.hintBox.checked;
      saveHints(this.ps.hintsOn);
      this.redraw();
    });
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
    const ps = this.ps;
    const prev = ps.page;
    if (prev && (prev.n !== state.n || boardKey(prev) !== boardKey(state))) {
      this.cancel();
      if (ps.ghost?.key !== boardKey(state)) ps.result = undefined;
    }
    if (boardKey(state) !== ps.lastSet) {
      // Not an edit of ours (Back, Forward, a link, another N): the edits made here are history.
      forgetEdits(ps);
      ps.lastSet = boardKey(state);
    }
    ps.page = state;
    this.loadPuzzle(state);
    this.redraw();
  }

  hide(): void {
    this.cancel();
    this.ps.jobs.hint?.cancel();
    this.ps.jobs.hint = undefined;
    this.ps.hintKey = "";
  }

  dispose(): void {
    this.hide();
    this.ps.jobs.puzzle?.cancel();
  }

  /** Draws the state (starting the live hint's job first if the board needs one). */
  private redraw(): void {
    const ps = this.ps;
    const page = ps.page;
    if (!page) return;
    this.updateHint(page);
    this.view.render(ps);
    const solved = puzzleModel(ps, page, boardModel(ps, page).solved).solvedKey;
    if (solved && ps.solvedSaid !== solved) {
      ps.solvedSaid = solved;
      this.app.announce(t().play.puzzleSolvedSay);
    }
  }

  private say(result: Callout): void {
    this.ps.result = result;
    this.redraw();
  }

  /** The status line of the board shown, said after an edit. */
  private statusText(): string {
    return boardModel(this.ps, this.ps.page!).status.text;
  }

  // ------------------------------------------------------------------ the puzzle

  /** Makes the state's puzzle in a worker (once per puzzle); its given queens go on the board. */
  private loadPuzzle(state: PageState): void {
    const ps = this.ps;
    const ref = state.puzzle;
    const key = puzzleKeyOf(state);
    if (!ref) {
      ps.jobs.puzzle?.cancel();
      ps.puzzle = undefined;
      return;
    }
    if (ps.puzzle?.key === key) {
      this.addGiven(state);
      return;
    }
    if (ps.jobs.puzzle && ps.puzzle === undefined && ps.puzzleLoading === key) return;
    ps.jobs.puzzle?.cancel();
    ps.puzzle = undefined;
    ps.puzzleLoading = key;
    if (state.n < 4) {
      ps.puzzle = { key, given: [], solution: [], error: t().play.puzzleTooSmall(state.n) };
      return;
    }
    const job = runJob({ kind: "puzzle", n: state.n, level: ref.level, seed: ref.seed });
    ps.jobs.puzzle = job;
    job.promise.then(
      (r) => {
        if (ps.jobs.puzzle !== job) return;
        ps.jobs.puzzle = undefined;
        ps.puzzle = { key, given: r.given, solution: r.solution, solvedBy: r.solvedBy };
        if (ps.page) this.addGiven(ps.page);
        this.redraw();
      },
      (e) => {
        if (e instanceof Cancelled || ps.jobs.puzzle !== job) return;
        ps.jobs.puzzle = undefined;
        const error = t().play.puzzleFailed((e as Error).message);
        ps.puzzle = { key, given: [], solution: [], error };
        this.redraw();
      },
    );
  }

  /** The given queens must be on the board: put back any that is missing (one history entry). */
  private addGiven(state: PageState): void {
    const given = this.ps.puzzle?.given ?? [];
    const at = new Set(state.queens.map((q) => `${q.row}:${q.col}`));
    const missing = given.filter((q) => !at.has(`${q.row}:${q.col}`));
    if (missing.length === 0) return;
    const rows = new Set(given.map((q) => q.row));
    // The reader's own queens stay unless they share a row with a given one.
    const own = state.queens.filter((q) => !rows.has(q.row));
    queueMicrotask(() => this.setQueens([...given, ...own], "replace"));
  }

  private newPuzzle(): void {
    const level = this.view.levelSelect.value as PuzzleDifficulty;
    const seed = 1 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 99_999);
    forgetEdits(this.ps);
    this.app.set({ puzzle: { level, seed }, queens: [] }, "push");
    this.app.announce(t().play.puzzleLoading);
  }

  setSym(sym: number): void {
    this.app.set({ sym });
  }

  openImage(cols: readonly number[]): void {
    this.edit(cols.map((col, row) => ({ row, col })));
    this.app.set({ sym: 1 }, "replace");
  }

  // ------------------------------------------------------------------ edits

  /** A board edit: one history entry, one undo step. */
  private edit(queens: readonly Queen[]): void {
    recordEdit(this.ps);
    this.setQueens(queens);
  }

  private setQueens(queens: readonly Queen[], how?: "replace"): void {
    this.ps.lastSet = boardKey({ ...this.ps.page!, queens });
    this.app.set({ queens }, how);
  }

  toggle(row: number, col: number): void {
    const ps = this.ps;
    const s = ps.page!;
    const m = t().play;
    if (givenKeys(ps).has(`${row}:${col}`)) {
      this.app.announce(m.givenStays);
      this.say({ kind: "note", text: m.givenStays });
      return;
    }
    const ghost = ghostCols(ps);
    const has = s.queens.some((q) => q.row === row && q.col === col);
    if (ghost && !has && ghost[row] === col) {
      // A gold queen: keep the completion, without this one.
      ps.result = undefined;
      this.edit(ghost.map((c, r) => ({ row: r, col: c })).filter((q) => q.row !== row));
      this.app.announce(m.keptCompletion(row, col));
      return;
    }
    this.edit(
      has ? s.queens.filter((q) => q.row !== row || q.col !== col) : [...s.queens, { row, col }],
    );
    this.app.announce(`${has ? m.removed(row, col) : m.placed(row, col)} ${this.statusText()}`);
  }

  /**
   * Watch's backtracking search from the board shown: every way it tries to fill the empty rows
   * ends in a dead end, each with its reason (Watch keeps the queens as fixed: `from=board`).
   */
  watchWhy(): void {
    this.app.set({ mode: "watch", algo: "backtrack", from: true, step: 0 });
  }

  keep(cols: readonly number[]): void {
    this.ps.result = undefined;
    this.edit(cols.map((col, row) => ({ row, col })));
    this.view.board.focus();
  }

  private undo(): void {
    const prev = takeUndo(this.ps);
    if (!prev) {
      this.app.announce(t().play.nothingToUndo);
      return;
    }
    this.setQueens(prev);
    this.app.announce(`${t().play.undone} ${this.statusText()}`);
  }

  private redo(): void {
    const next = takeRedo(this.ps);
    if (!next) {
      this.app.announce(t().play.nothingToRedo);
      return;
    }
    this.setQueens(next);
    this.app.announce(`${t().play.redone} ${this.statusText()}`);
  }

  private clear(): void {
    this.cancel();
    this.ps.result = undefined;
    this.redraw();
    const given = givenQueens(this.ps);
    if (this.ps.page!.queens.length === given.length) return;
    this.edit(given);
    this.app.announce(t().play.cleared);
  }

  /**
   * Starts the live hint's job for the board shown, unless it is off, pointless, in, or already
   * being computed (a job for another board is cancelled).
   */
  private updateHint(page: PageState): void {
    const ps = this.ps;
    const k = boardKey(page);
    if (!ps.hintsOn || hintPointless(page)) {
      ps.jobs.hint?.cancel();
      ps.jobs.hint = undefined;
      ps.hintKey = "";
      return;
    }
    if (ps.hint?.key === k || ps.hintKey === k) return;
    ps.jobs.hint?.cancel();
    ps.hintKey = k;
    const job = runJob({ kind: "hints", n: page.n, queens: page.queens });
    ps.jobs.hint = job;
    job.promise.then(
      (r) => {
        if (ps.jobs.hint !== job) return;
        ps.jobs.hint = undefined;
        const dead = new Set(r.dead.map((q) => `${q.row}:${q.col}`));
        ps.hint = { key: k, dead, completable: r.completable, safe: r.safe };
        this.redraw();
      },
      () => undefined,
    );
  }

  // ------------------------------------------------------------------ jobs

  private async copyLink(): Promise<void> {
    const m = t().play;
    try {
      await navigator.clipboard.writeText(location.href);
      this.app.announce(m.linkCopied);
      this.say({ kind: "note", text: m.linkCopiedLong });
    } catch {
      this.say({ kind: "note", text: m.copyThis, link: location.href });
    }
  }

  private cancel(): void {
    this.ps.running?.job.cancel();
  }

  /** Completes (one completion, shown in gold) or counts the completions of the board shown. */
  private run(task: Task): void {
    const ps = this.ps;
    const s = ps.page!;
    if (ps.running) return;
    const found = conflicts({ n: s.n, queens: s.queens });
    if (found.length > 0) {
      // Conflicts make every job pointless.
      this.say({ kind: "refused", task, conflict: found[0]! });
      return;
    }
    const k = boardKey(s);
    const job =
      task === "complete"
        ? runJob({ kind: "complete", n: s.n, queens: s.queens })
        : runJob({ kind: "count-completions", n: s.n, queens: s.queens });
    ps.running = { job, task };
    ps.result = { kind: "busy", task, started: performance.now() };
    this.timer = window.setInterval(() => this.view.tickBusy(ps), 100);
    this.redraw();
    job.promise.then(
      (r) => {
        this.idle();
        const m = t().play;
        const none: Callout = { kind: "none", task, n: s.n, queens: s.queens };
        if (r.kind === "complete") {
          ps.ghost = r.cols ? { key: k, cols: r.cols } : undefined;
          if (r.cols) {
            const added = s.n - s.queens.length;
            const given = s.queens.length;
            this.say({ kind: "completed", cols: r.cols, ms: r.ms, added, given });
            this.app.announce(m.completedSay);
          } else this.say(none);
        } else if (r.kind === "count-completions") {
          const count = BigInt(r.count);
          if (count === 0n) {
            this.say(none);
            return;
          }
          this.say({ kind: "counted", count, ms: r.ms, board: s });
          this.app.announce(m.countedSay(count, s.queens.length === 0));
        }
      },
      (e) => this.failed(e, task),
    );
  }

  downloadCompletions(s: PageState, format: "json" | "csv"): void {
    const job = runJob({ kind: "list-completions", n: s.n, queens: s.queens, limit: 100_000 });
    job.promise.then(
      (r) => downloadSolutions(format, `nqueens-${s.n}-completions`, s.n, r.solutions),
      (e) => this.failed(e, "list"),
    );
  }

  /** The job is over: its buttons come back (render.ts gives focus back to the one that started it). */
  private idle(): void {
    clearInterval(this.timer);
    this.ps.running = undefined;
  }

  private failed(e: unknown, task: Task | "list"): void {
    this.idle();
    if (e instanceof Cancelled) {
      if (task !== "list") this.say({ kind: "cancelled", task });
      else this.redraw();
      return;
    }
    this.say({ kind: "failed", task, message: (e as Error).message });
  }
}
