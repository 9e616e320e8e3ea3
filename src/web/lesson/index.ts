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
import type { App, ModeView } from "../dom.js";
import { h } from "../dom.js";
import { LESSON_STEPS, type LessonStep, type PageState, parseState } from "../state.js";
import { checkAnswer, lessonFacts, stepHref, stepModel } from "./model.js";
import { stepList, stepView, words } from "./render.js";

export class LessonMode implements ModeView {
  private readonly root = h("div", { class: "lesson wide", "data-testid": "lesson" });
  private shown: LessonStep | undefined;

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
    const moved = this.shown !== undefined;
    this.shown = step;
    const f = lessonFacts();
    const m = stepModel(step);
    const v = stepView(
      m,
      f,
      (s) => this.open(s),
      (href) => this.go(href),
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
