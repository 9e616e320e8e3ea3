/**
 * Lesson: the tutorials' story one step at a time (the problem, brute force, backtracking and
 * pruning, bitmasks, symmetry, completion, growth), each step at its own address
 * (`#mode=lesson&step=brute`) with links that open the page's other modes set up for it, and a
 * question checked by the model. The way back from those modes is the bar `drawLessonReturn`
 * draws (the address carries the step: `lesson=brute`).
 *
 * model.ts holds the steps, their live parts, questions and figures; render.ts draws them; this
 * file wires the links and the check to the page's state, and is the folder's door.
 */
import type { AlgorithmName, TimedResult } from "../../teach/index.js";
import type { App, ModeView } from "../dom.js";
import { h } from "../dom.js";
import { Cancelled, type Running, runJob } from "../jobs.js";
import { LESSON_STEPS, type LessonStep, type PageState, parseState } from "../state.js";
import {
  checkAnswer,
  lessonFacts,
  RACE,
  RACE_N,
  stepHref,
  stepModel,
  TIMED_SIZES,
} from "./model.js";
import { growthTable, raceTable, stepList, stepView, words } from "./render.js";

export class LessonMode implements ModeView {
  private readonly root = h("div", { class: "lesson wide", "data-testid": "lesson" });
  private shown: LessonStep | undefined;
  /** Growth's counts made and timed in this browser, by N (kept while the page lives). */
  private readonly timed = new Map<number, TimedResult>();
  private job: Running<unknown> | undefined;
  /** Growth's table and the line under it, kept up to date while the timing runs. */
  private readonly growthBox = h("div", { class: "lesson-growth" });
  private readonly timingStatus = h("p", {
    class: "hint",
    "aria-live": "polite",
    "data-testid": "lesson-timing",
  });

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    panel.append(this.root);
  }

  show(state: PageState): void {
    const step = state.lesson ?? LESSON_STEPS[0];
    // A redraw for another reason (N typed) keeps the answer chosen and what was said.
    if (step === this.shown) return;
    // A timing serves the step that started it only.
    this.stopTiming();
    const moved = this.shown !== undefined;
    this.shown = step;
    const f = lessonFacts();
    const m = stepModel(step);
    const v = stepView(
      m,
      f,
      (s) => this.open(s),
      (href) => this.go(href),
      step === "growth" ? [this.growthFigure()] : step === "brute" ? [this.raceFigure()] : [],
    );
    v.form.addEventListener("submit", (e) => {
      e.preventDefault();
      const chosen = v.form.querySelector<HTMLInputElement>("input[type=radio]:checked");
      const verdict = chosen ? checkAnswer(step, chosen.value) : undefined;
      const w = words();
      v.feedback.textContent = verdict ? w.steps[step].feedback(verdict, f) : w.pickFirst;
      v.feedback.dataset.correct = verdict ? String(verdict.correct) : "";
    });
    this.root.replaceChildren(
      stepList(step, (s) => this.open(s)),
      v.article,
    );
    // After Next, Previous or a step of the list, the reader starts at the new step's title.
    if (moved && this.root.contains(document.activeElement)) v.title.focus();
  }

  hide(): void {
    this.shown = undefined;
    this.stopTiming();
  }

  dispose(): void {
    this.stopTiming();
  }

  /** Growth's table with the button that counts and times the small sizes here. */
  private growthFigure(): HTMLElement {
    const w = words().growth;
    const button = h(
      "button",
      { type: "button", class: "btn", "data-testid": "lesson-measure", "data-focus": "measure" },
      w.measure(TIMED_SIZES[0]!, TIMED_SIZES[TIMED_SIZES.length - 1]!),
    );
    const runs = TIMED_SIZES.map((n) => ({ name: "bitmask" as const, n }));
    button.addEventListener("click", () =>
      this.startTiming(
        button,
        runs,
        (r) => {
          this.timed.set(r.n, r);
          this.growthBox.replaceChildren(growthTable(lessonFacts(), this.timed));
          const next = TIMED_SIZES.find((n) => n > r.n);
          if (next !== undefined) this.timingStatus.textContent = w.measuring(next);
        },
        w.measured,
      ),
    );
    this.growthBox.replaceChildren(growthTable(lessonFacts(), this.timed));
    this.timingStatus.textContent = "";
    return h("div", {}, this.growthBox, h("p", {}, button), this.timingStatus);
  }

  /** Brute force's race against backtracking on one board, run here on request. */
  private raceFigure(): HTMLElement {
    const w = words().brute;
    const box = h("div", { class: "lesson-race" });
    const results: TimedResult[] = [];
    const button = h(
      "button",
      { type: "button", class: "btn", "data-testid": "lesson-race", "data-focus": "race" },
      w.race(RACE_N),
    );
    button.addEventListener("click", () => {
      results.length = 0;
      box.replaceChildren();
      this.startTiming(
        button,
        RACE,
        (r) => {
          results.push(r);
          box.replaceChildren(raceTable(lessonFacts(), results));
        },
        w.raced,
      );
    });
    this.timingStatus.textContent = "";
    return h("div", {}, h("p", {}, button), box, this.timingStatus);
  }

  /**
   * Runs `runs` in a worker, each timed by the library, handing each result to `onResult` as it
   * ends; the status line says what runs and how it ended.
   */
  private startTiming(
    button: HTMLButtonElement,
    runs: readonly { name: AlgorithmName; n: number }[],
    onResult: (r: TimedResult) => void,
    doneText: string,
  ): void {
    if (this.job) return;
    const w = words().growth;
    // Marked, not disabled: a disabled button would drop the keyboard's focus to the body.
    button.setAttribute("aria-disabled", "true");
    this.timingStatus.textContent = w.measuring(runs[0]!.n);
    const job = runJob({ kind: "compare", runs }, (p) => {
      if (p.kind === "compare-result") onResult(p.result);
    });
    this.job = job;
    job.promise
      .then(
        () => {
          this.timingStatus.textContent = doneText;
        },
        (e: unknown) => {
          this.timingStatus.textContent =
            e instanceof Cancelled
              ? w.cancelled
              : w.failed(e instanceof Error ? e.message : String(e));
        },
      )
      .finally(() => {
        if (this.job === job) this.job = undefined;
        button.removeAttribute("aria-disabled");
      });
  }

  private stopTiming(): void {
    this.job?.cancel();
    this.job = undefined;
  }

  /** A step of the lesson: a history entry, so Back returns to the step before. */
  private open(step: LessonStep): void {
    this.app.set({ lesson: step }, "push");
    this.root.querySelector<HTMLElement>("[data-testid=lesson-title]")?.focus();
  }

  /** A live part: the whole state it names (with `lesson=` for the way back). */
  private go(href: string): void {
    this.app.set(parseState(href), "push");
    document.getElementById("lesson-return")?.querySelector("a")?.focus();
  }
}

/**
 * The browser tab's title while the lesson shows `step` ("3/7 Backtracking — N-Queens lesson"):
 * a teacher's tab, a bookmark and the history list say where in the lesson they are.
 */
export function lessonTitle(step: LessonStep | null): string {
  const w = words();
  const at = step ?? LESSON_STEPS[0];
  return w.pageTitle(LESSON_STEPS.indexOf(at) + 1, LESSON_STEPS.length, w.steps[at].short);
}

/**
 * The way back to the lesson, above a mode the lesson opened (while the address carries its
 * step); hidden elsewhere. Drawn again only when what it says changes, so its focus stays.
 */
export function drawLessonReturn(bar: HTMLElement, state: PageState, app: App): void {
  const step = state.mode === "lesson" ? null : state.lesson;
  bar.hidden = step === null;
  const w = words();
  const key = step === null ? "" : `${document.documentElement.lang}|${step}`;
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  bar.setAttribute("aria-label", w.heading);
  if (step === null) {
    bar.replaceChildren();
    return;
  }
  const a = h(
    "a",
    { href: stepHref(step), "data-testid": "lesson-return" },
    `← ${w.back(LESSON_STEPS.indexOf(step) + 1, w.steps[step].title)}`,
  );
  a.addEventListener("click", (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    app.set({ mode: "lesson" }, "push");
    document.querySelector<HTMLElement>("#panel-lesson [data-testid=lesson-title]")?.focus();
  });
  bar.replaceChildren(a);
}
