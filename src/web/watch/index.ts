/**
 * Watch: the search replayed step by step, for three ways of writing it: row-by-row
 * backtracking (every square tried and rejected with its reason), the same search on bitmasks
 * (each row's safe columns found at once), and brute force (every placement tested whole).
 * Play, pause, step, previous and next solution, speed, a scrubber with the solutions marked and
 * a step field; the code with the current line highlighted, the variables of the current call
 * and the call stack; depth, nodes, backtracks and solutions; the candidates of the current row;
 * the search tree (whole for small N, around the current path for any N) and nodes per depth
 * against the whole tree; the history of the narration (the last steps shown, each a way back to
 * its step); pictures of a step or a range of steps for slides.
 *
 * The steps stream in from a worker (../../lesson.ts, packed by ../steps.ts); any step is reached
 * by replaying from the nearest snapshot (replay.ts), so stepping back and scrubbing are instant.
 * Brute force needs no worker: any placement is computed from its number.
 *
 * The mode is split as the page's other modes are: state.ts holds everything shown (the
 * position included), model.ts says it in words and pictures, render.ts draws it (with
 * narration.ts and history.ts, its two boxes of words), input.ts turns the reader's clicks and
 * keys into the actions below. This file wires them together, runs the worker jobs and the
 * playing clock, and is the only file imported from outside the folder.
 */

import { conflicts, type Queen } from "../../board.js";
import { MAX_PROFILE_N } from "../../limits.js";
import type { App, ModeView } from "../dom.js";
import { t } from "../i18n/index.js";
import { Cancelled, runJob } from "../jobs.js";
import { shortcutsOn } from "../prefs.js";
import type { Algo, PageState } from "../state.js";
import { download } from "../ui/export.js";
import { bindInput, type WatchActions } from "./input.js";
import { boardModel, narrate } from "./model.js";
import { picturePng, pictureSvg, picturesGif, type StepPicture } from "./picture.js";
import { WatchView } from "./render.js";
import {
  addSteps,
  finishTrace,
  initialState,
  isSolution,
  length,
  newTrace,
  rate,
  seek,
  solutionFrom,
  solutionsSoFar,
  traceKeyOf,
  visit,
  type WatchState,
} from "./state.js";

/** Steps kept once a solution has been seen (the first solution is always reached). */
const STEP_LIMIT = 2_000_000;
/** Steps kept in any case (a board from Play with no completion can take long to refute). */
const HARD_LIMIT = 6_000_000;
/** The most steps in one GIF. */
const GIF_MAX = 300;

export class WatchMode implements ModeView, WatchActions {
  readonly ws: WatchState = initialState(shortcutsOn());
  private readonly view: WatchView;
  private readonly unbind: () => void;
  /** The animation frames asked for: the playing clock's, and a draw of streamed steps. */
  private raf = 0;
  private drawQueued = 0;
  /** Whether the queued draw is of the whole view (see queueDraw). */
  private wholeDraw = false;
  private sayTimer = 0;

  constructor(
    private readonly panel: HTMLElement,
    private readonly app: App,
  ) {
    this.view = new WatchView(panel, this.ws.shortcuts);
    this.unbind = bindInput(this.view, this);
  }

  dispose(): void {
    this.unbind();
    this.ws.jobs.trace?.cancel();
    this.ws.jobs.profile?.cancel();
  }

  show(state: PageState): void {
    const valid = conflicts({ n: state.n, queens: state.queens }).length === 0;
    const canFix = state.algo === "backtrack";
    const fixed = canFix && state.from && valid ? state.queens : [];
    const key = traceKeyOf(state.algo, state.n, fixed);
    if (key !== this.ws.traceKey) {
      this.ws.traceKey = key;
      this.start(state.algo, state.n, fixed, state.step);
    } else if (state.step !== this.ws.pos && state.step !== this.ws.savedStep) {
      seek(this.ws, state.step);
      this.redraw();
    }
    this.view.drawAlgo(state.algo);
    this.view.renderNote(state, valid);
  }

  hide(): void {
    this.pause();
  }

  shown(): boolean {
    return !this.panel.hidden;
  }

  /** Draws the whole view, and notes the step shown in the history of the narration. */
  redraw(): void {
    visit(this.ws, narrate(this.ws));
    this.view.render(this.ws);
  }

  setPage(patch: Partial<PageState>): void {
    this.app.set(patch);
  }

  /**
   * Draws on the next frame (many batches of steps arrive at once): the whole view, or with
   * `progressOnly` only what more steps change while the step shown stays (render.ts
   * drawProgress), until some caller asks for the whole view.
   */
  private queueDraw(progressOnly = false): void {
    this.wholeDraw ||= !progressOnly;
    if (this.drawQueued) return;
    this.drawQueued = requestAnimationFrame(() => {
      this.drawQueued = 0;
      if (this.wholeDraw) this.redraw();
      else this.view.drawProgress(this.ws);
      this.wholeDraw = false;
    });
  }

  /** Makes a new trace (a new algorithm, N or starting board) and shows `step` of it. */
  private start(algo: Algo, n: number, fixed: readonly Queen[], step: number): void {
    const ws = this.ws;
    ws.jobs.trace?.cancel();
    ws.jobs.profile?.cancel();
    ws.jobs = {};
    this.pause();
    const trace = newTrace(algo, n, fixed);
    ws.trace = trace;
    ws.pos = trace.brute ? Math.min(step, trace.brute.length) : 0;
    ws.pendingStep = trace.replay ? step : 0;
    ws.gifTouched = false;
    ws.navNote = "";
    // The history is of this trace's steps: another trace's step numbers would lead elsewhere.
    ws.history = [];
    if (algo === "brute") {
      this.redraw();
      return;
    }
    const job = runJob(
      { kind: "walkthrough", n, algorithm: algo, fixed, limit: STEP_LIMIT, hardLimit: HARD_LIMIT },
      (p) => {
        if (p.kind !== "walk-steps" || ws.jobs.trace !== job) return;
        // The step shown says the same with more steps after it, but for the first batch
        // (the narration said "Tracing…") and a step from a link that has just arrived.
        let moved = trace.steps.length === 0;
        addSteps(trace, p.codes);
        if (ws.pendingStep > 0 && trace.steps.length >= ws.pendingStep) {
          ws.pos = ws.pendingStep;
          ws.pendingStep = 0;
          moved = true;
        }
        this.queueDraw(!moved);
      },
    );
    ws.jobs.trace = job;
    job.promise.then(
      (r) => {
        if (ws.jobs.trace !== job) return;
        finishTrace(trace, { ms: r.ms, truncated: r.truncated, timed: r.timed?.seconds ?? null });
        if (ws.pendingStep > 0) {
          // A step past the end (from a link): show the end, and say so in the URL.
          ws.pos = Math.min(ws.pendingStep, trace.steps.length);
          if (ws.pendingStep > trace.steps.length) this.saveStep();
        }
        ws.pendingStep = 0;
        this.redraw();
      },
      (e) => {
        if (e instanceof Cancelled || ws.jobs.trace !== job) return;
        trace.failed = (e as Error).message;
        this.redraw();
      },
    );
    if (n <= MAX_PROFILE_N) {
      const pj = runJob({ kind: "profile", n, fixed });
      ws.jobs.profile = pj;
      pj.promise.then(
        (r) => {
          if (ws.jobs.profile !== pj) return;
          trace.profile = r.profile;
          this.queueDraw();
        },
        () => undefined,
      );
    }
    this.redraw();
  }

  // ------------------------------------------------------------------ moving

  goTo(step: number): void {
    this.pause(false);
    seek(this.ws, step);
    this.redraw();
    this.saveStep();
    this.say();
  }

  scrubTo(step: number): void {
    this.pause();
    seek(this.ws, step);
    this.redraw();
    this.sayLater();
  }

  toSolution(d: 1 | -1): void {
    this.pause(false);
    const to = solutionFrom(this.ws.trace, this.ws.pos, d);
    if (to !== undefined) {
      this.goTo(to);
      return;
    }
    const m = t().watch;
    this.ws.navNote = d > 0 ? m.noLaterSolution(this.ws.trace.done) : m.noEarlierSolution;
    this.redraw();
    this.app.announce(this.ws.navNote);
  }

  /** Writes the step shown into the address (remembering it, to know the echo in show()). */
  saveStep(): void {
    this.ws.savedStep = this.ws.pos;
    this.app.set({ step: this.ws.pos });
  }

  /** Says the narration once the user stops moving the scrubber. */
  private sayLater(): void {
    clearTimeout(this.sayTimer);
    this.sayTimer = window.setTimeout(() => this.say(), 350);
  }

  private say(): void {
    clearTimeout(this.sayTimer);
    this.app.announce(narrate(this.ws));
  }

  // ------------------------------------------------------------------ playing

  togglePlay(): void {
    if (this.ws.playing) this.pause(true);
    else this.play();
  }

  private play(): void {
    const ws = this.ws;
    if (ws.playing) return;
    if (ws.trace.done && ws.pos >= length(ws.trace)) seek(ws, 0);
    ws.playing = true;
    this.redraw();
    let last = performance.now();
    let budget = 0;
    const tick = (now: number) => {
      if (!ws.playing) return;
      budget += ((now - last) / 1000) * rate(ws.speed);
      last = now;
      let steps = Math.floor(budget);
      budget -= steps;
      // Never run past the start of a frame's worth of work on a slow machine.
      steps = Math.min(steps, 20_000);
      if (ws.pos === 0 && steps === 0) steps = 1;
      const len = length(ws.trace);
      while (steps-- > 0 && ws.pos < len) {
        ws.pos++;
        if (ws.stopAtSolution && isSolution(ws.trace, ws.pos)) {
          this.pause(false);
          const paused = t().watch.solutionPaused(solutionsSoFar(ws.trace, ws.pos));
          this.app.announce(`${paused} ${narrate(ws)}`);
          return;
        }
      }
      this.redraw();
      if (ws.pos >= length(ws.trace) && ws.trace.done) {
        this.pause(true);
        return;
      }
      this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
  }

  /** Stops playing; `say` announces where it stopped (a pause the user asked for). */
  private pause(say = false): void {
    if (!this.ws.playing) return;
    this.ws.playing = false;
    cancelAnimationFrame(this.raf);
    this.redraw();
    this.saveStep();
    if (say) this.say();
  }

  // ------------------------------------------------------------------ pictures for slides

  private picture(pos = this.ws.pos): StepPicture {
    const { notes: _n, done: _d, ...p } = boardModel({ trace: this.ws.trace, pos });
    return p;
  }

  private fileName(ext: string): string {
    return `nqueens-${this.ws.trace.n}-${this.ws.trace.algo}-step-${this.ws.pos}.${ext}`;
  }

  exportPng(): void {
    picturePng(this.picture()).then(
      (png) => download(this.fileName("png"), png),
      (e) => {
        this.ws.exportNote = t().slides.failed((e as Error).message);
        this.redraw();
      },
    );
  }

  exportSvg(): void {
    download(
      this.fileName("svg"),
      new Blob([`${pictureSvg(this.picture())}\n`], { type: "image/svg+xml" }),
    );
  }

  /** The steps from..to as an animated GIF, drawn from the same replay. */
  exportGif(from: number, to: number): void {
    void this.makeGif(from, to);
  }

  private async makeGif(fromValue: number, toValue: number): Promise<void> {
    const ws = this.ws;
    if (ws.exporting) return;
    const s = t().slides;
    const len = length(ws.trace);
    let from = Math.max(0, Math.min(len, Math.round(fromValue)));
    let to = Math.max(0, Math.min(len, Math.round(toValue)));
    if (to < from) [from, to] = [to, from];
    let note = "";
    if (to - from + 1 > GIF_MAX) {
      to = from + GIF_MAX - 1;
      note = `${s.tooMany(GIF_MAX)} `;
    }
    this.pause(false);
    ws.exporting = true;
    const count = to - from + 1;
    const { n, algo } = ws.trace;
    try {
      const bytes = await picturesGif(
        count,
        (i) => this.picture(from + i),
        Math.round(1000 / Math.min(rate(ws.speed), 4)),
        (k) => {
          ws.exportNote = `${note}${s.making(k, count)}`;
          this.view.drawExportNote(ws);
        },
      );
      download(
        `nqueens-${n}-${algo}-steps-${from}-${to}.gif`,
        new Blob([bytes as BlobPart], { type: "image/gif" }),
      );
      ws.exportNote = `${note}${s.made(count)}`;
    } catch (e) {
      ws.exportNote = s.failed((e as Error).message);
    } finally {
      ws.exporting = false;
      seek(ws, ws.pos);
      this.redraw();
    }
  }
}
