/**
 * Lesson: the tutorials' story one step at a time (the problem, brute force, backtracking and
 * pruning, bitmasks, symmetry, completion, growth), each step at its own address
 * (`#mode=lesson&step=brute`) with links that open the page's other modes set up for it, and a
 * question checked by the model. The way back from those modes is the bar `drawLessonReturn`
 * draws (the address carries the step: `lesson=brute`).
 *
 * state.ts holds what the mode keeps (the step shown, the answer chosen, the timings), model.ts
 * the steps, their live parts, questions and figures and what the view says, render.ts draws
 * them; this file wires the links, the choices and the check to state changes, runs the timings,
 * and is the folder's door.
 */
import type { AlgorithmName } from "../../teach/index.js";
import type { App, ModeView } from "../dom.js";
import { ExerciseMode } from "../exercise/index.js";
import { Cancelled, type Running, runJob } from "../jobs.js";
import { LESSON_STEPS, type LessonStep, type PageState, parseState } from "../state.js";
import { RACE, TIMED_SIZES, type TimedFigure, type Timing } from "./model.js";
import { drawReturn, LessonView } from "./render.js";
import {
  check,
  choose,
  chooseVariant,
  initialState,
  moveSlide,
  showStep,
  solveJudge,
  stopTiming,
  timedOne,
  timingEnded,
  timingStarted,
} from "./state.js";
import type { LessonActions } from "./views.js";

export { lessonTitle } from "./model.js";

export class LessonMode implements ModeView {
  private readonly ls = initialState();
  private readonly view: LessonView;
  private readonly exercises: ExerciseMode;
  private readonly act: LessonActions = {
    open: (step) => this.open(step),
    go: (href) => this.go(href),
    choose: (choice) => choose(this.ls, choice),
    check: () => {
      check(this.ls);
      this.view.drawFeedback(this.ls);
    },
    measure: () =>
      this.startTiming(
        "growth",
        TIMED_SIZES.map((n) => ({ name: "bitmask" as const, n })),
      ),
    slide: (d) => {
      moveSlide(this.ls, d);
      this.view.drawSlide(this.ls);
    },
    variant: (v) => {
      chooseVariant(this.ls, v);
      this.view.drawSlide(this.ls);
    },
    judgeInput: (text) => {
      this.ls.judgeInput = text;
    },
    solveJudge: () => {
      solveJudge(this.ls);
      this.view.drawJudge(this.ls);
    },
    race: () => {
      // The race starts over (while one runs, its next results go on from nothing).
      this.ls.race = [];
      this.view.drawTiming(this.ls);
      this.startTiming("race", RACE);
    },
  };

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    this.view = new LessonView(panel);
    this.exercises = new ExerciseMode(panel, app);
  }

  show(state: PageState): void {
    // A round of exercises (the address names one) shows instead of the step.
    const exercising = this.exercises.show(state);
    this.view.showing(!exercising);
    if (exercising) {
      stopTiming(this.ls);
      return;
    }
    const step = state.lesson ?? LESSON_STEPS[0];
    // A redraw for another reason (N typed) keeps the answer chosen and what was said.
    if (step === this.ls.shown) return;
    // A timing serves the step that started it only.
    stopTiming(this.ls);
    const moved = this.ls.shown !== undefined;
    showStep(this.ls, step);
    this.view.drawStep(this.ls, this.act);
    // After Next, Previous or a step of the list, the reader starts at the new step's title.
    if (moved && this.view.hasFocus()) this.view.focusTitle();
  }

  hide(): void {
    this.ls.shown = undefined;
    stopTiming(this.ls);
  }

  dispose(): void {
    stopTiming(this.ls);
  }

  /**
   * Runs `runs` in a worker, each timed by the library, each result drawn as it ends; the timing
   * line says what runs and how it ended.
   */
  private startTiming(
    figure: TimedFigure,
    runs: readonly { name: AlgorithmName; n: number }[],
  ): void {
    const ls = this.ls;
    if (ls.job) return;
    const job = runJob({ kind: "compare", runs }, (p) => {
      if (p.kind !== "compare-result") return;
      timedOne(ls, figure, p.result);
      this.view.drawTiming(ls);
    });
    timingStarted(ls, runs[0]!.n, job);
    this.view.drawTiming(ls);
    job.promise.then(
      () => this.ended(job, { kind: "done", figure }),
      (e: unknown) =>
        this.ended(
          job,
          e instanceof Cancelled
            ? { kind: "cancelled" }
            : { kind: "failed", message: e instanceof Error ? e.message : String(e) },
        ),
    );
  }

  private ended(job: Running<unknown>, timing: Timing): void {
    timingEnded(this.ls, job, timing);
    this.view.drawTiming(this.ls);
  }

  /** A step of the lesson: a history entry, so Back returns to the step before. */
  private open(step: LessonStep): void {
    this.app.set({ lesson: step }, "push");
    this.view.focusTitle();
  }

  /** A live part: the whole state it names (with `lesson=` for the way back). */
  private go(href: string): void {
    this.app.set(parseState(href), "push");
    document.getElementById("lesson-return")?.querySelector("a")?.focus();
  }
}

/**
 * The way back to the lesson, above a mode the lesson opened (render.ts drawReturn); a plain
 * click opens the lesson as a new history entry, the focus on the step's title.
 */
export function drawLessonReturn(bar: HTMLElement, state: PageState, app: App): void {
  drawReturn(bar, state, () => {
    app.set({ mode: "lesson" }, "push");
    document.querySelector<HTMLElement>("#panel-lesson [data-testid=lesson-title]")?.focus();
  });
}
