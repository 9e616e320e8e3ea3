/**
 * Watch: the search replayed step by step, for three ways of writing it: row-by-row
 * backtracking (every square tried and rejected with its reason), the same search on bitmasks
 * (each row's safe columns found at once), and brute force (every placement tested whole).
 * Play, pause, step, previous and next solution, speed, a scrubber with the solutions marked and
 * a step field; the code with the current line highlighted, the variables of the current call
 * and the call stack; depth, nodes, backtracks and solutions; the candidates of the current row;
 * the search tree (whole for small N, around the current path for any N) and nodes per depth
 * against the whole tree; pictures of a step or a range of steps for slides.
 *
 * The steps stream in from a worker (../lesson.ts, packed by steps.ts); any step is reached by
 * replaying from the nearest snapshot (watch-replay.ts), so stepping back and scrubbing are
 * instant. Brute force needs no worker: any placement is computed from its number.
 */

import { conflicts, type Queen } from "../board.js";
import { bruteForceCombinations } from "../teach/algorithms/index.js";
import { type Attack, attackers } from "../teach/lesson.js";
import { MAX_BRUTE_LESSON_N } from "../teach/lesson-brute.js";
import { type BoardLine, BoardView, type CellMark } from "./board-view.js";
import { bitsText, type CodeModel, CodePanel, masksFor } from "./code-view.js";
import { type App, h, type ModeView } from "./dom.js";
import { download } from "./export.js";
import { num, t } from "./i18n.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import type { SearchSummary } from "./messages.js";
import { saveShortcuts, shortcutsOn } from "./prefs.js";
import { ALGOS, type Algo, type PageState } from "./state.js";
import {
  byColOf,
  byRowOf,
  colOf,
  flagOf,
  K_CUT,
  K_END,
  K_ENTER,
  K_PLACE,
  K_REJECT,
  K_REMOVE,
  K_RETURN,
  K_SOLUTION,
  kindOf,
  reasonOf,
  rowOf,
  StepList,
} from "./steps.js";
import { BruteSource, upperBound } from "./watch-brute.js";
import { picturePng, pictureSvg, picturesGif, type StepPicture } from "./watch-picture.js";
import { DONE, PLACED, REJECTED, Replay } from "./watch-replay.js";
import {
  buildTree,
  depthBars,
  pathTree,
  TREE_MAX_N,
  type TreeNode,
  type TreePicture,
  treeLegend,
  wholeTree,
} from "./watch-tree.js";

/** Steps kept once a solution has been seen (the first solution is always reached). */
export const STEP_LIMIT = 2_000_000;
/** Steps kept in any case (a board from Play with no completion can take long to refute). */
export const HARD_LIMIT = 6_000_000;
/** Largest N whose whole tree is counted (treeProfile) for the depth bars. */
const PROFILE_MAX_N = 15;
/** The most steps in one GIF. */
export const GIF_MAX = 300;

const ICONS = {
  start: "M5 5h2.5v14H5zM19 5v14L8.5 12z",
  prevSolution: "M19 5v14L8.5 12zM5 5h2.5v14H5z",
  back: "M16 5.5v13L6.5 12z",
  forward: "M8 5.5v13l9.5-6.5z",
  nextSolution: "M5 5v14l10.5-7zM16.5 5H19v14h-2.5z",
  play: "M7.5 5v14L19 12z",
  pause: "M6.5 5H10v14H6.5zM14 5h3.5v14H14z",
};

function icon(d: string, flip = false): string {
  return `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"${flip ? ' transform="scale(-1 1)"' : ""}><path d="${d}" fill="currentColor"/></svg>`;
}

const GLYPH: Record<string, string> = { column: "│", diagonal: "╲", "anti-diagonal": "╱" };
const REASONS = ["column", "diagonal", "anti-diagonal"] as const;

/** The code lines of each kind of step, per algorithm (see code-view.ts LISTINGS). */
const LINES: Record<"backtrack" | "bitmask", Record<number, readonly number[]>> = {
  backtrack: {
    [K_REJECT]: [5, 6],
    [K_PLACE]: [7, 8],
    [K_SOLUTION]: [2, 3],
    [K_REMOVE]: [9],
    [K_RETURN]: [10],
  },
  bitmask: {
    [K_ENTER]: [4],
    [K_PLACE]: [6, 7, 8, 9],
    [K_SOLUTION]: [2, 3],
    [K_REMOVE]: [5],
    [K_RETURN]: [10],
  },
};

/** A board model and the screen-reader notes of its squares. */
type Model = StepPicture & { readonly notes: Map<number, string>; readonly done: Set<number> };

export class WatchMode implements ModeView {
  private readonly board: BoardView;
  private readonly code: CodePanel;
  private readonly stats = h("dl", { class: "stats watch-stats", "data-testid": "watch-stats" });
  /**
   * What the last step did. Not a live region: it changes every frame while playing; the page
   * says it (app.announce) when the user steps, scrubs or pauses.
   */
  private readonly narration = h("p", { class: "narration", "data-testid": "narration" });
  private readonly navNote = h("p", { class: "nav-note", "data-testid": "nav-note" });
  private readonly candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  private readonly candBox: HTMLElement;
  private readonly treeBox = h("div", { class: "tree-box", "data-testid": "tree-box" });
  private readonly note = h("p", { class: "note", "data-testid": "watch-note" });
  private readonly algoSelect = h("select", { "data-testid": "algo", class: "algo-select" });
  private readonly scrub = h("input", {
    type: "range",
    min: 0,
    max: 0,
    value: 0,
    class: "scrubber",
    "aria-label": t().watch.scrubber,
    "data-testid": "scrubber",
  });
  private readonly marks = h("div", { class: "scrub-marks", "aria-hidden": "true" });
  private readonly stepField = h("input", {
    type: "number",
    min: 0,
    value: 0,
    inputmode: "numeric",
    class: "step-field",
    "aria-label": t().watch.stepField,
    "data-testid": "step-field",
  });
  private readonly totalText = h("span", { class: "load-state", "data-testid": "load-state" });
  private readonly speed = h("input", {
    type: "range",
    min: 0,
    max: 100,
    value: 40,
    "data-testid": "speed",
  });
  private readonly speedOut = h("output", { class: "speed-out" });
  private readonly stopAtSolution = h("input", {
    type: "checkbox",
    checked: true,
    "data-testid": "stop-at-solution",
  });
  private readonly shortcutsBox = h("input", {
    type: "checkbox",
    checked: shortcutsOn(),
    "data-testid": "shortcuts",
  });
  private readonly playBtn = this.button(
    `${icon(ICONS.play)}<span></span>`,
    "play",
    () => this.togglePlay(),
    "primary",
  );
  private readonly prevBtn: HTMLButtonElement;
  private readonly nextBtn: HTMLButtonElement;
  private readonly gifFrom = h("input", {
    type: "number",
    min: 0,
    value: 0,
    class: "step-field",
    "data-testid": "gif-from",
  });
  private readonly gifTo = h("input", {
    type: "number",
    min: 0,
    value: 0,
    class: "step-field",
    "data-testid": "gif-to",
  });
  private readonly exportNote = h("p", {
    class: "progress-text",
    "aria-live": "polite",
    "data-testid": "export-note",
  });

  private algo: Algo = "backtrack";
  private n = 0;
  private fixed: readonly Queen[] = [];
  private steps = new StepList();
  private replay: Replay | undefined;
  private brute: BruteSource | undefined;
  private brutePos = 0;
  /** Every step is here (the trace ended or was cut). */
  private done = false;
  private cut = false;
  private result: { ms: number; timed: number | null } | undefined;
  private profile: readonly number[] | null = null;
  private solutionSteps: number[] = [];
  private tree: TreeNode[] | undefined;
  private treeHits: TreePicture["hits"] = [];
  private treeSize = { width: 1, height: 1 };
  private job: Running<unknown> | undefined;
  private profileJob: Running<unknown> | undefined;
  private playing = false;
  private raf = 0;
  private drawQueued = 0;
  private last = 0;
  private budget = 0;
  private traceKey = "";
  private pendingStep = 0;
  private lastUrlStep = -1;
  private sayTimer = 0;
  private marksKey = "";
  private exporting = false;
  /** The GIF's range follows the step shown until the reader types one. */
  private gifTouched = false;
  private readonly onKeyDown = (e: KeyboardEvent) => this.shortcut(e);

  constructor(
    private readonly panel: HTMLElement,
    private readonly app: App,
  ) {
    const m = t().watch;
    this.board = new BoardView({ label: () => t().board.watchLabel });
    this.code = new CodePanel(() => this.n);
    this.playBtn.querySelector("span")!.textContent = m.play;
    this.prevBtn = this.button(
      icon(ICONS.prevSolution),
      "prev-solution",
      () => this.toSolution(-1),
      "icon",
      m.prevSolution,
    );
    this.nextBtn = this.button(
      icon(ICONS.nextSolution),
      "next-solution",
      () => this.toSolution(1),
      "icon",
      m.nextSolution,
    );
    for (const a of ALGOS) this.algoSelect.append(h("option", { value: a }, m.algoName[a]));
    this.algoSelect.setAttribute("aria-label", m.algorithm);
    this.algoSelect.addEventListener("change", () => {
      this.app.set({ algo: this.algoSelect.value as Algo, step: 0 });
    });
    const transport = h(
      "div",
      { class: "transport", role: "group", "aria-label": m.playback, "data-testid": "transport" },
      this.button(icon(ICONS.start), "reset", () => this.restart(), "icon", m.start),
      this.prevBtn,
      this.button(icon(ICONS.back), "back", () => this.stepBy(-1), "icon", m.back),
      this.playBtn,
      this.button(icon(ICONS.forward), "forward", () => this.stepBy(1), "icon", m.forward),
      this.nextBtn,
    );
    const speedRow = h(
      "div",
      { class: "speed-row" },
      h("label", {}, `${m.speed} `, this.speed),
      this.speedOut,
      h("label", { class: "check" }, this.stopAtSolution, ` ${m.pauseAtSolution}`),
      h("label", { class: "check" }, this.shortcutsBox, ` ${m.shortcuts}`),
    );
    this.candBox = h("section", { class: "cand-box" }, h("h3", {}, m.candidates), this.candidates);
    const side = h(
      "div",
      { class: "side" },
      h("div", { class: "side-head" }, h("h2", {}, m.title), this.algoSelect),
      transport,
      this.narration,
      this.navNote,
      this.note,
      this.code.el,
      this.stats,
      speedRow,
      this.candBox,
      h("h3", {}, m.tree),
      this.treeBox,
      h("p", { class: "hint" }, m.hint),
    );
    const s = t().slides;
    const gifBtn = this.button(s.gif, "export-gif", () => void this.exportGif(), "small");
    const exportBar = h(
      "div",
      { class: "export-bar slides-bar", role: "group", "aria-label": s.group },
      h("span", { class: "export-label", "aria-hidden": "true" }, s.title),
      this.button(s.png, "export-step-png", () => void this.exportPng(), "small"),
      this.button(s.svg, "export-step-svg", () => this.exportSvg(), "small"),
      h("label", { class: "range-field" }, `${s.from} `, this.gifFrom),
      h("label", { class: "range-field" }, `${s.to} `, this.gifTo),
      gifBtn,
    );
    const scrubRow = h(
      "div",
      { class: "scrub-row" },
      this.scrub,
      this.marks,
      h(
        "div",
        { class: "step-row" },
        h("label", { class: "step-label" }, `${m.stepField} `, this.stepField),
        this.totalText,
      ),
    );
    panel.append(
      h(
        "div",
        { class: "layout" },
        h(
          "div",
          { class: "board-card" },
          this.board.el,
          scrubRow,
          exportBar,
          this.exportNote,
          h("p", { class: "cand-key scrub-key" }, m.scrubKey),
        ),
        side,
      ),
    );
    this.scrub.addEventListener("input", () => {
      this.pause();
      this.seek(Number(this.scrub.value));
      this.sayLater();
    });
    this.scrub.addEventListener("change", () => this.saveStep());
    this.stepField.addEventListener("change", () => {
      const v = Math.round(Number(this.stepField.value));
      if (!Number.isFinite(v)) return;
      this.pause();
      this.seek(v);
      this.saveStep();
      this.say();
    });
    for (const f of [this.gifFrom, this.gifTo]) {
      f.addEventListener("input", () => {
        this.gifTouched = true;
      });
    }
    this.speed.addEventListener("input", () => this.showSpeed());
    this.shortcutsBox.addEventListener("change", () => saveShortcuts(this.shortcutsBox.checked));
    this.treeBox.addEventListener("click", (e) => this.treeClick(e));
    this.showSpeed();
    document.addEventListener("keydown", this.onKeyDown);
  }

  /**
   * The media keys: Space (and K) plays or pauses, ← and → (J and L) step. Only while Watch is
   * shown and the shortcuts are on; never where the key already means something (typing in a
   * field, Space on a button or a checkbox, arrows on the board or a slider, which step on
   * their own).
   */
  private shortcut(e: KeyboardEvent): void {
    if (this.panel.hidden || !this.shortcutsBox.checked) return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (target.closest("[role=tablist]")) return;
    if (target.matches("input:not([type=range]):not([type=checkbox]), select, textarea")) return;
    if (target.isContentEditable) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const activates = target.matches("button, a, input[type=checkbox], summary");
    const moves = target.matches("input[type=range]") || !!target.closest("[role=grid]");
    if ((key === " " && !activates) || key === "k") this.togglePlay();
    else if ((key === "ArrowLeft" && !moves) || key === "j") this.stepBy(-1);
    else if ((key === "ArrowRight" && !moves) || key === "l") this.stepBy(1);
    else return;
    e.preventDefault();
  }

  dispose(): void {
    document.removeEventListener("keydown", this.onKeyDown);
    this.job?.cancel();
    this.profileJob?.cancel();
  }

  /** Says the narration once the user stops moving the scrubber. */
  private sayLater(): void {
    clearTimeout(this.sayTimer);
    this.sayTimer = window.setTimeout(() => this.say(), 350);
  }

  private say(): void {
    clearTimeout(this.sayTimer);
    this.app.announce(this.narration.textContent ?? "");
  }

  show(state: PageState): void {
    const m = t().watch;
    const valid = conflicts({ n: state.n, queens: state.queens }).length === 0;
    const canFix = state.algo === "backtrack";
    const fixed = canFix && state.from && valid ? state.queens : [];
    const k = `${state.algo}|${state.n}|${fixed.map((q) => `${q.row}:${q.col}`).join(",")}`;
    this.algoSelect.value = state.algo;
    if (k !== this.traceKey) {
      this.traceKey = k;
      this.start(state.algo, state.n, fixed, state.step);
    } else if (state.step !== this.pos && state.step !== this.lastUrlStep) {
      this.seek(state.step);
    }
    // Play's queens are used only when asked, and only by the backtracking search.
    this.note.replaceChildren();
    if (state.queens.length > 0) {
      if (!canFix) this.note.append(m.emptyOnly);
      else if (!state.from) {
        const use = this.button(m.startFromBoard, "from-board", () => {
          this.playBtn.focus();
          this.app.set({ from: true, step: 0 });
        });
        this.note.append(m.fromBoard(state.queens.length), use);
      } else {
        const clear = this.button(m.clearFixed, "clear-fixed", () => {
          this.playBtn.focus();
          this.app.set({ from: false, step: 0 });
        });
        this.note.append(valid ? m.fixed(state.queens.length) : m.fixedConflict, clear);
      }
    }
  }

  hide(): void {
    this.pause();
  }

  /** A button whose content is trusted markup (an icon and a word). */
  private button(
    html: string,
    testid: string,
    onClick: () => void,
    kind = "",
    label?: string,
  ): HTMLButtonElement {
    const b = h("button", {
      type: "button",
      class: `btn ${kind}`,
      "data-testid": testid,
      "aria-label": label,
      title: label,
    });
    b.innerHTML = html;
    b.addEventListener("click", onClick);
    return b;
  }

  /** Events per second for the speed slider: 1 to 5,000 on a log scale. */
  private rate(): number {
    return Math.round(10 ** ((Number(this.speed.value) / 100) * Math.log10(5000)));
  }

  private showSpeed(): void {
    const rate = t().watch.rate(this.rate());
    this.speedOut.textContent = rate;
    this.speed.setAttribute("aria-label", t().watch.speed);
    this.speed.setAttribute("aria-valuetext", rate);
  }

  // ------------------------------------------------------------------ the steps

  /** The step shown (0 = before the first). */
  private get pos(): number {
    return this.replay ? this.replay.cur.pos : this.brutePos;
  }

  /** Steps there are so far. */
  private get length(): number {
    return this.brute ? this.brute.length : this.replay ? this.steps.length : 0;
  }

  private start(algo: Algo, n: number, fixed: readonly Queen[], step: number): void {
    this.job?.cancel();
    this.profileJob?.cancel();
    this.pause();
    this.algo = algo;
    this.n = n;
    this.fixed = fixed;
    this.steps = new StepList();
    this.solutionSteps = [];
    this.done = false;
    this.cut = false;
    this.result = undefined;
    this.profile = null;
    this.tree = undefined;
    this.replay = undefined;
    this.brute = undefined;
    this.brutePos = 0;
    this.marksKey = "";
    this.gifTouched = false;
    this.navNote.textContent = "";
    this.candBox.hidden = algo !== "backtrack";
    if (algo === "brute") {
      this.done = true;
      if (n <= MAX_BRUTE_LESSON_N) {
        this.brute = new BruteSource(n);
        this.solutionSteps = [...this.brute.solutionSteps];
        this.brutePos = Math.min(step, this.brute.length);
      }
      this.draw();
      return;
    }
    const cols = new Int8Array(n).fill(-1);
    for (const q of fixed) cols[q.row] = q.col;
    this.replay = new Replay(n, new Set(fixed.map((q) => q.row)), cols, this.steps);
    this.pendingStep = step;
    const job = runJob(
      { kind: "lesson", n, algorithm: algo, fixed, limit: STEP_LIMIT, hardLimit: HARD_LIMIT },
      (p) => {
        if (p.kind !== "lesson-steps" || this.job !== job) return;
        const base = this.steps.length;
        this.steps.push(p.codes);
        for (let i = 0; i < p.codes.length; i++) {
          if (kindOf(p.codes[i]!) === K_SOLUTION) this.solutionSteps.push(base + i + 1);
        }
        if (this.pendingStep > 0 && this.steps.length >= this.pendingStep) {
          this.replay!.seek(this.pendingStep);
          this.pendingStep = 0;
        }
        this.queueDraw();
      },
    );
    this.job = job;
    job.promise.then(
      (r) => {
        if (this.job !== job) return;
        this.done = true;
        this.cut = r.truncated;
        this.result = { ms: r.ms, timed: r.timed?.seconds ?? null };
        if (n <= TREE_MAX_N && !r.truncated) this.tree = buildTree(this.steps);
        if (this.pendingStep > 0) {
          // A step past the end (from a link): show the end, and say so in the URL.
          this.replay!.seek(Math.min(this.pendingStep, this.steps.length));
          if (this.pendingStep > this.steps.length) this.saveStep();
        }
        this.pendingStep = 0;
        this.draw();
      },
      (e) => {
        if (e instanceof Cancelled || this.job !== job) return;
        this.totalText.textContent = t().watch.traceFailed((e as Error).message);
      },
    );
    if (n <= PROFILE_MAX_N) {
      const pj = runJob({ kind: "profile", n, fixed });
      this.profileJob = pj;
      pj.promise.then(
        (r) => {
          if (this.profileJob !== pj) return;
          this.profile = r.profile;
          this.queueDraw();
        },
        () => undefined,
      );
    }
    this.draw();
  }

  /** Draws on the next frame (many batches of steps arrive at once). */
  private queueDraw(): void {
    if (this.drawQueued) return;
    this.drawQueued = requestAnimationFrame(() => {
      this.drawQueued = 0;
      this.draw();
    });
  }

  /** Moves to step `pos` (0 = before the first step). */
  private seek(pos: number): void {
    pos = Math.max(0, Math.min(pos, this.length));
    if (this.replay) this.replay.seek(pos);
    else this.brutePos = pos;
    this.navNote.textContent = "";
    this.draw();
  }

  private advanceOne(): void {
    if (this.replay) this.replay.advance();
    else this.brutePos++;
  }

  private isSolution(pos: number): boolean {
    if (this.replay) return pos > 0 && kindOf(this.steps.at(pos - 1)) === K_SOLUTION;
    const i = upperBound(this.solutionSteps, pos);
    return i > 0 && this.solutionSteps[i - 1] === pos;
  }

  private restart(): void {
    this.pause(false);
    this.seek(0);
    this.saveStep();
    this.say();
  }

  private stepBy(d: number): void {
    this.pause(false);
    this.seek(this.pos + d);
    this.saveStep();
    this.say();
  }

  /** The next (d = 1) or previous (d = -1) solution's step, or undefined. */
  private solutionFrom(d: 1 | -1): number | undefined {
    const i = upperBound(this.solutionSteps, this.pos);
    if (d > 0) return this.solutionSteps[i];
    const j = this.solutionSteps[i - 1] === this.pos ? i - 2 : i - 1;
    return j >= 0 ? this.solutionSteps[j] : undefined;
  }

  private toSolution(d: 1 | -1): void {
    this.pause(false);
    const to = this.solutionFrom(d);
    const m = t().watch;
    if (to === undefined) {
      const text = d > 0 ? m.noLaterSolution(this.done) : m.noEarlierSolution;
      this.navNote.textContent = text;
      this.app.announce(text);
      return;
    }
    this.seek(to);
    this.saveStep();
    this.say();
  }

  private togglePlay(): void {
    if (this.playing) this.pause(true);
    else this.play();
  }

  private play(): void {
    if (this.playing) return;
    if (this.done && this.pos >= this.length) this.seek(0);
    this.playing = true;
    this.playBtn.innerHTML = `${icon(ICONS.pause)}<span></span>`;
    this.playBtn.querySelector("span")!.textContent = t().watch.pause;
    this.playBtn.setAttribute("aria-pressed", "true");
    this.last = performance.now();
    this.budget = 0;
    const tick = (now: number) => {
      if (!this.playing) return;
      this.budget += ((now - this.last) / 1000) * this.rate();
      this.last = now;
      let steps = Math.floor(this.budget);
      this.budget -= steps;
      // Never run past the start of a frame's worth of work on a slow machine.
      steps = Math.min(steps, 20_000);
      if (this.pos === 0 && steps === 0) steps = 1;
      while (steps-- > 0 && this.pos < this.length) {
        this.advanceOne();
        if (this.stopAtSolution.checked && this.isSolution(this.pos)) {
          this.draw();
          this.pause(false);
          this.app.announce(
            `${t().watch.solutionPaused(this.solutionsSoFar())} ${this.narration.textContent ?? ""}`,
          );
          return;
        }
      }
      this.draw();
      if (this.pos >= this.length && this.done) {
        this.pause(true);
        return;
      }
      this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
  }

  /** Stops playing; `say` announces where it stopped (a pause the user asked for). */
  private pause(say = false): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.raf);
    this.playBtn.innerHTML = `${icon(ICONS.play)}<span></span>`;
    this.playBtn.querySelector("span")!.textContent = t().watch.play;
    this.playBtn.setAttribute("aria-pressed", "false");
    this.saveStep();
    if (say) this.say();
  }

  private saveStep(): void {
    this.lastUrlStep = this.pos;
    this.app.set({ step: this.pos });
  }

  private solutionsSoFar(): number {
    return this.replay ? this.replay.cur.solutions : upperBound(this.solutionSteps, this.pos);
  }

  // ------------------------------------------------------------------ drawing

  /** The row the last step happened in (-1 at a solution or the end); before any step the first free row. */
  private currentRow(): number {
    const code = this.replay?.last;
    if (code === undefined) {
      for (let r = 0; r < this.n; r++) if (this.replay?.cur.cols[r] === -1) return r;
      return -1;
    }
    const kind = kindOf(code);
    return kind === K_SOLUTION || kind === K_END || kind === K_CUT ? -1 : rowOf(code);
  }

  /** The board at the current step, for the page and for pictures. */
  private model(): Model {
    const n = this.n;
    const m = t().watch;
    const notes = new Map<number, string>();
    const done = new Set<number>();
    const title = t().slides.picture(m.algoName[this.algo], n, this.pos, Math.max(0, this.length));
    if (this.brute || !this.replay) {
      const step = this.brute?.at(this.pos);
      const clash = step?.clash;
      return {
        n,
        queens: (step?.queens ?? []).map((q) => ({
          ...q,
          tone:
            clash &&
            ((q.row === clash.a.row && q.col === clash.a.col) ||
              (q.row === clash.b.row && q.col === clash.b.col))
              ? ("clash" as const)
              : ("trace" as const),
        })),
        marks: [],
        row: -1,
        lines: clash ? [{ from: clash.a, to: clash.b }] : [],
        solved: !!step && step.queens.length > 0 && !clash,
        title,
        narration: this.narrate(),
        notes,
        done,
      };
    }
    const s = this.replay.cur;
    const code = this.replay.last;
    const kind = code === undefined ? -1 : kindOf(code);
    const row = this.currentRow();
    const fixedRows = this.replay.fixedRows;
    const lines: { from: Queen; to: Queen }[] = [];
    const attackerAt = new Set<number>();
    if (kind === K_REJECT) {
      const by = { row: byRowOf(code!), col: byColOf(code!) };
      lines.push({ from: by, to: { row: rowOf(code!), col: colOf(code!) } });
      attackerAt.add(by.row * n + by.col);
    }
    const deadEnd = kind === K_RETURN && flagOf(code!);
    if (deadEnd) {
      for (const a of attackers(s.cols, row)) {
        lines.push({ from: a.by, to: { row, col: a.col } });
        attackerAt.add(a.by.row * n + a.by.col);
      }
    }
    const queens: StepPicture["queens"][number][] = [];
    for (let r = 0; r < n; r++) {
      const c = s.cols[r]!;
      if (c < 0) continue;
      const tone = attackerAt.has(r * n + c) ? "attacker" : fixedRows.has(r) ? "fixed" : "trace";
      queens.push({ row: r, col: c, tone });
    }
    const marks: { row: number; col: number; glyph: string }[] = [];
    if (row >= 0 && this.algo === "backtrack") {
      for (let c = 0; c < n; c++) {
        const i = row * n + c;
        if (s.cols[row] === c) continue;
        if (s.status[i] === REJECTED) {
          const why = REASONS[s.reason[i]!]!;
          marks.push({ row, col: c, glyph: GLYPH[why]! });
          notes.set(i, m.noteRejected(why, s.byRow[i]!));
        } else if (s.status[i] === DONE) {
          notes.set(i, m.noteDone);
          done.add(i);
        }
      }
    } else if (row >= 0 && this.algo === "bitmask") {
      // The attacked squares of the row, by the first mask that covers each.
      const k = masksFor(s.cols, row, n);
      for (let c = 0; c < n; c++) {
        const bit = 1 << c;
        const glyph = k.used & bit ? "│" : k.diag & bit ? "╲" : k.anti & bit ? "╱" : "";
        if (glyph && s.cols[row] !== c) marks.push({ row, col: c, glyph });
      }
    }
    const trying =
      kind === K_REJECT || kind === K_PLACE || kind === K_REMOVE
        ? { row: rowOf(code!), col: colOf(code!) }
        : undefined;
    return {
      n,
      queens,
      marks,
      trying,
      row,
      lines,
      solved: kind === K_SOLUTION,
      title,
      narration: this.narrate(),
      notes,
      done,
    };
  }

  private draw(): void {
    const n = this.n;
    const m = t().watch;
    const model = this.model();
    const queenAt = new Map(model.queens.map((q) => [q.row * n + q.col, q.tone]));
    const markAt = new Map(model.marks.map((k) => [k.row * n + k.col, k.glyph]));
    const lines: BoardLine[] = model.lines.map((l) => ({
      from: l.from,
      to: l.to,
      tone: this.brute ? "conflict" : "attack",
    }));
    this.board.render(
      n,
      (r, c): CellMark => {
        const i = r * n + c;
        const tone = queenAt.get(i);
        return {
          queen: tone === undefined ? undefined : tone === "fixed" ? "placed" : "trace",
          conflict: tone === "clash",
          attacker: tone === "attacker",
          rejected: markAt.get(i),
          trying: model.trying?.row === r && model.trying.col === c,
          note: model.notes.get(i),
        };
      },
      model.row,
      lines,
    );
    this.board.el.classList.toggle("solved", model.solved);
    this.narration.textContent = model.narration;
    const len = this.length;
    this.scrub.max = String(len);
    this.scrub.value = String(this.pos);
    this.scrub.setAttribute("aria-valuetext", m.scrubText(this.pos, len, !this.done));
    this.stepField.max = String(len);
    if (document.activeElement !== this.stepField) this.stepField.value = String(this.pos);
    this.totalText.textContent =
      this.done || len > 0 ? m.ofSteps(len, this.done, this.cut) : m.tracing;
    this.gifFrom.max = String(len);
    this.gifTo.max = String(len);
    if (!this.gifTouched && !this.exporting) {
      this.gifFrom.value = String(this.pos);
      this.gifTo.value = String(Math.min(len, this.pos + 30));
    }
    const hasPrev = this.solutionFrom(-1) !== undefined;
    const hasNext = this.solutionFrom(1) !== undefined;
    this.prevBtn.setAttribute("aria-disabled", String(!hasPrev));
    this.nextBtn.setAttribute("aria-disabled", String(!hasNext && this.done));
    this.drawMarks();
    this.drawStats();
    this.code.render(this.codeModel());
    if (this.algo === "backtrack") this.drawCandidates(model.row);
    this.drawTree();
  }

  private drawStats(): void {
    const m = t().watch;
    if (!this.replay) {
      const count = this.brute?.count ?? 0;
      this.stats.replaceChildren(
        ...statRow(m.statStep, num(this.pos), "step"),
        ...statRow(m.statPlacements, num(Math.min(this.pos, count)), "placements"),
        ...statRow(
          m.statSolutions,
          num(this.solutionsSoFar()),
          "solutions",
          this.solutionsSoFar() > 0 ? "good" : undefined,
        ),
      );
      return;
    }
    const s = this.replay.cur;
    const free = this.n - this.fixed.length;
    this.stats.replaceChildren(
      ...statRow(m.statStep, num(s.pos), "step"),
      ...statRow(m.statDepth, `${num(s.depth)} / ${num(free)}`, "depth"),
      ...statRow(m.statNodes, num(s.nodes), "nodes"),
      ...statRow(m.statBacktracks, num(s.backtracks), "backtracks"),
      ...statRow(
        m.statSolutions,
        num(s.solutions),
        "solutions",
        s.solutions > 0 ? "good" : undefined,
      ),
    );
  }

  /** The solutions as ticks under the scrubber (one per pixel column at most). */
  private drawMarks(): void {
    const len = this.length;
    const key = `${len}|${this.solutionSteps.length}`;
    if (key === this.marksKey) return;
    this.marksKey = key;
    const W = 1000;
    const xs = new Set<number>();
    for (const p of this.solutionSteps) xs.add(Math.round((p / Math.max(1, len)) * W * 2) / 2);
    const d = [...xs].map((x) => `M${x} 0v8`).join("");
    this.marks.innerHTML = `<svg viewBox="0 0 ${W} 8" preserveAspectRatio="none"><path d="${d}"/></svg>`;
  }

  private narrate(): string {
    const n = this.n;
    const m = t().watch;
    if (this.algo === "brute") {
      if (!this.brute) {
        return m.bruteTooBig(n, num(bruteForceCombinations(Math.max(1, Math.min(n, 30)))));
      }
      const count = this.brute.count;
      if (this.pos === 0) return m.narrBruteStart(count);
      if (this.pos > count) return m.narrBruteEnd(count, this.solutionSteps.length);
      const step = this.brute.at(this.pos);
      return step.clash
        ? m.narrBruteClash(this.pos, count, step.clash.a, step.clash.b, step.clash.kind)
        : m.narrBruteSolution(this.pos, count, step.solutions);
    }
    const replay = this.replay!;
    const s = replay.cur;
    const code = replay.last;
    const row = this.currentRow();
    if (code === undefined) {
      if (this.steps.length === 0 && !this.done) return m.narrTracing;
      if (row < 0) return m.narrFull;
      return m.narrStart(this.fixed.length > 0, row);
    }
    const r = rowOf(code);
    const c = colOf(code);
    const free = n - this.fixed.length;
    const frames = replay.frames();
    const back = frames.length >= 2 ? frames[frames.length - 2]! : -1;
    const bit = this.algo === "bitmask";
    switch (kindOf(code)) {
      case K_REJECT:
        return m.narrReject(r, c, reasonOf(code), { row: byRowOf(code), col: byColOf(code) });
      case K_ENTER: {
        const k = masksFor(s.cols, r, n);
        return m.narrEnter(r, columns(k.free, n));
      }
      case K_PLACE:
        return bit ? m.narrBitPlace(r, c, s.depth < free) : m.narrPlace(r, c, s.depth < free);
      case K_REMOVE:
        return bit
          ? m.narrBitBack(r, c, columns(remaining(masksFor(s.cols, r, n).free, c), n))
          : m.narrRemove2(r, c, c === n - 1);
      case K_SOLUTION:
        return m.narrSolution(s.solutions);
      case K_RETURN:
        if (flagOf(code)) {
          return bit ? m.narrBitDead(r, back) : m.narrDeadEnd(r, this.attacksOf(r), back);
        }
        return bit ? m.narrBitDone(r, back) : m.narrRowDone(r, back);
      case K_END:
        return m.narrEnd(this.summary());
      case K_CUT:
        return m.narrCut(this.steps.length - 1);
    }
    return "";
  }

  /** The squares of a dead-end row with their attackers, as the trace rejected them. */
  private attacksOf(row: number): Attack[] {
    const s = this.replay!.cur;
    const n = this.n;
    const out: Attack[] = [];
    for (let c = 0; c < n; c++) {
      const i = row * n + c;
      out.push({
        col: c,
        reason: REASONS[s.reason[i]!]!,
        by: { row: s.byRow[i]!, col: s.byCol[i]! },
      });
    }
    return out;
  }

  private summary(): SearchSummary {
    const s = this.replay!.cur;
    return {
      size: this.n,
      solutions: s.solutions,
      nodes: s.nodes,
      backtracks: s.backtracks,
      ms: this.result?.ms ?? 0,
      timed: this.result?.timed ?? null,
      fixed: this.fixed.length > 0,
    };
  }

  private codeModel(): CodeModel {
    const n = this.n;
    const m = t().code;
    if (this.algo === "brute") {
      const step = this.brute?.at(this.pos);
      const count = this.brute?.count ?? 0;
      const inRange = !!step && this.pos > 0 && this.pos <= count;
      const sq = (q: { row: number; col: number }) => `(${q.row + 1}, ${q.col + 1})`;
      return {
        algo: "brute",
        lines: !inRange ? (this.pos === 0 ? [1] : []) : step.clash ? [2, 3] : [4],
        vars: inRange
          ? [
              { name: "#", value: `${num(this.pos)} / ${num(count)}` },
              { name: "s", value: step.queens.map(sq).join(" ") },
              ...(step.clash
                ? [{ name: "a, b", value: `${sq(step.clash.a)} ${sq(step.clash.b)}` }]
                : []),
            ]
          : [],
        stack: [],
        stackNote: m.noStack,
      };
    }
    const replay = this.replay!;
    const s = replay.cur;
    const code = replay.last;
    const kind = code === undefined ? -1 : kindOf(code);
    const algo = this.algo === "bitmask" ? "bitmask" : "backtrack";
    const lines = code === undefined ? [1] : (LINES[algo][kind] ?? []);
    const frames = replay.frames();
    const topRow = frames[frames.length - 1];
    const colsText = `[${Array.from(s.cols, (c) => (c < 0 ? "·" : String(c + 1))).join(", ")}]`;
    const rowText = (r: number) => (r >= n ? `${n + 1}` : String(r + 1));
    if (algo === "backtrack") {
      const topCol =
        kind === K_REJECT || kind === K_PLACE || kind === K_REMOVE ? colOf(code!) + 1 : undefined;
      const vars =
        topRow === undefined
          ? [{ name: "cols", value: colsText }]
          : [
              { name: "row", value: rowText(topRow) },
              ...(topRow < n
                ? [{ name: "col", value: topCol !== undefined ? String(topCol) : "–" }]
                : []),
              { name: "cols", value: colsText },
            ];
      return {
        algo,
        lines,
        vars,
        stack: frames.map((r, i) => {
          const top = i === frames.length - 1;
          const col = top ? topCol : s.cols[r]! + 1;
          return {
            call: `solve(row = ${rowText(r)})`,
            vars: r >= n ? "row > n" : col !== undefined ? `col = ${col}` : "",
          };
        }),
      };
    }
    // Bitmask: the masks of the current call, and each frame's safe columns left.
    const freeLeft = (r: number, col: number | undefined) => {
      const k = masksFor(s.cols, r, n);
      return col === undefined ? k.free : remaining(k.free, col);
    };
    let masks: CodeModel["masks"];
    const vars: { name: string; value: string }[] = [];
    if (topRow !== undefined && topRow < n) {
      const k = masksFor(s.cols, topRow, n);
      const c = kind === K_PLACE || kind === K_REMOVE ? colOf(code!) : undefined;
      const free = kind === K_RETURN ? 0 : freeLeft(topRow, c);
      const bitV = c !== undefined ? 1 << c : 0;
      masks = [
        { name: "cols", bits: k.used },
        { name: "diag", bits: k.diag },
        { name: "anti", bits: k.anti },
        { name: "free", bits: free, tone: "tone-free" },
        { name: "bit", bits: bitV, tone: "tone-bit" },
      ];
      vars.push(
        { name: "row", value: rowText(topRow) },
        { name: "free", value: bitsText(free, n) },
        { name: "bit", value: bitsText(bitV, n) },
      );
    } else if (topRow !== undefined) vars.push({ name: "row", value: rowText(topRow) });
    return {
      algo,
      lines,
      vars,
      masks,
      stack: frames.map((r, i) => {
        if (r >= n) return { call: `solve(row = ${n + 1}, …)`, vars: "row > n" };
        const top = i === frames.length - 1;
        const c = top
          ? kind === K_PLACE || kind === K_REMOVE
            ? colOf(code!)
            : undefined
          : s.cols[r]!;
        const free = top && kind === K_RETURN ? 0 : freeLeft(r, c);
        return {
          call: `solve(row = ${r + 1}, …)`,
          vars: `free = ${bitsText(free, n)}${c !== undefined ? `, bit = {${c + 1}}` : ""}`,
        };
      }),
    };
  }

  private drawCandidates(row: number): void {
    const n = this.n;
    const m = t().watch;
    const s = this.replay?.cur;
    if (row < 0 || !s) {
      this.candidates.replaceChildren(h("p", { class: "muted" }, m.noRow));
      return;
    }
    const list = h("ol", {
      class: "cand-list",
      "aria-label": m.rowColumns(row),
      style: `--cols:${n > 10 ? Math.ceil(n / 2) : n}`,
    });
    for (let c = 0; c < n; c++) {
      const i = row * n + c;
      const st = s.cols[row] === c ? PLACED : s.status[i]!;
      let cls = "untried";
      let mark = "";
      let words = m.candUntried;
      if (st === PLACED) {
        cls = "placed";
        mark = "♛";
        words = m.candPlaced;
      } else if (st === REJECTED) {
        const why = REASONS[s.reason[i]!]!;
        cls = "rejected";
        mark = GLYPH[why]!;
        words = m.candRejected(why, s.byRow[i]!);
      } else if (st === DONE) {
        cls = "done";
        mark = "✓";
        words = m.candDone;
      }
      const label = m.candLabel(c, words);
      list.append(
        h(
          "li",
          { class: cls, title: label },
          h("span", { class: "sr-only" }, label),
          h("span", { class: "cand-col", "aria-hidden": "true" }, String(c + 1)),
          h("span", { class: "cand-mark", "aria-hidden": "true" }, mark),
        ),
      );
    }
    this.candidates.replaceChildren(
      h("p", { class: "cand-title" }, m.rowTitle(row)),
      list,
      h("p", { class: "cand-key", "aria-hidden": "true" }, m.candKey),
    );
  }

  private drawTree(): void {
    const m = t().watch;
    if (!this.replay) {
      this.treeHits = [];
      this.treeBox.innerHTML = `<p class="muted">${m.treeBrute}</p>`;
      return;
    }
    const whole = this.tree !== undefined;
    const pic = whole ? wholeTree(this.tree!, this.replay) : pathTree(this.replay);
    this.treeHits = pic.hits;
    this.treeSize = { width: pic.width, height: pic.height };
    const bars = depthBars(
      this.replay.cur.perDepth,
      this.n - this.fixed.length,
      this.profile,
      this.n,
    );
    this.treeBox.innerHTML = `${pic.svg}${treeLegend(!whole, this.algo === "backtrack")}${bars}`;
  }

  /** A click on a node of the tree goes to its step. */
  private treeClick(e: MouseEvent): void {
    const svg = (e.target as Element).closest("svg.tree");
    if (!(svg instanceof SVGSVGElement)) return;
    const box = svg.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * this.treeSize.width;
    const y = ((e.clientY - box.top) / box.height) * this.treeSize.height;
    let best: { step: number; d: number } | undefined;
    for (const hit of this.treeHits) {
      const d = Math.hypot(hit.x - x, hit.y - y);
      if (d < 14 && (!best || d < best.d)) best = { step: hit.step, d };
    }
    if (!best) return;
    this.pause(false);
    this.seek(best.step);
    this.saveStep();
    this.say();
  }

  // ------------------------------------------------------------------ pictures for slides

  private picture(): StepPicture {
    const { notes: _n, done: _d, ...p } = this.model();
    return p;
  }

  private fileName(ext: string, to?: number): string {
    const range = to === undefined ? `${this.pos}` : `${this.pos}-${to}`;
    return `nqueens-${this.n}-${this.algo}-step-${range}.${ext}`;
  }

  private async exportPng(): Promise<void> {
    try {
      download(this.fileName("png"), await picturePng(this.picture()));
    } catch (e) {
      this.exportNote.textContent = t().slides.failed((e as Error).message);
    }
  }

  private exportSvg(): void {
    download(
      this.fileName("svg"),
      new Blob([`${pictureSvg(this.picture())}\n`], { type: "image/svg+xml" }),
    );
  }

  /** The steps from..to as an animated GIF, drawn from the same replay (then back to where it was). */
  private async exportGif(): Promise<void> {
    if (this.exporting) return;
    const s = t().slides;
    const len = this.length;
    let from = Math.max(0, Math.min(len, Math.round(Number(this.gifFrom.value) || 0)));
    let to = Math.max(0, Math.min(len, Math.round(Number(this.gifTo.value) || 0)));
    if (to < from) [from, to] = [to, from];
    let note = "";
    if (to - from + 1 > GIF_MAX) {
      to = from + GIF_MAX - 1;
      note = `${s.tooMany(GIF_MAX)} `;
    }
    this.pause(false);
    this.exporting = true;
    const back = this.pos;
    const count = to - from + 1;
    try {
      const bytes = await picturesGif(
        count,
        (i) => {
          if (this.replay) this.replay.seek(from + i);
          else this.brutePos = from + i;
          return this.picture();
        },
        Math.round(1000 / Math.min(this.rate(), 4)),
        (k) => {
          this.exportNote.textContent = `${note}${s.making(k, count)}`;
        },
      );
      if (this.replay) this.replay.seek(back);
      else this.brutePos = back;
      download(
        `nqueens-${this.n}-${this.algo}-steps-${from}-${to}.gif`,
        new Blob([bytes as BlobPart], { type: "image/gif" }),
      );
      this.exportNote.textContent = `${note}${s.made(count)}`;
    } catch (e) {
      this.exportNote.textContent = s.failed((e as Error).message);
    } finally {
      this.exporting = false;
      this.seek(back);
    }
  }
}

/** The columns of the set bits, counted from 1 as the page says them. */
function columns(bits: number, n: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < n; c++) if (bits & (1 << c)) out.push(c + 1);
  return out;
}

/** The bits of `free` above column `col` (those the loop has not taken yet). */
function remaining(free: number, col: number): number {
  return free & ~((2 << col) - 1);
}

function statRow(label: string, value: string, testid: string, tone?: string): HTMLElement[] {
  return [
    h(
      "div",
      { class: `stat ${tone ?? ""}` },
      h("dt", {}, label),
      h("dd", { "data-testid": `stat-${testid}` }, value),
    ),
  ];
}
