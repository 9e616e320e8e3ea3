/**
 * The lesson's elements, drawn from the state (state.ts), the model (model.ts) and the words
 * (text-en.ts, text-ja.ts): the list of steps, one step (its explanation, its figures, its live
 * parts, its question) and the links between steps, the feedback and the timing line, and the way
 * back from a mode the lesson opened. The only code of the lesson that writes the page. Links are
 * real links (a teacher can copy them, open them in a new tab); a plain click goes through `go`,
 * so that it is a history entry like any change of mode.
 */

import type { TimedResult } from "../../teach/index.js";
import { h } from "../dom.js";
import { num, time } from "../i18n/index.js";
import { LESSON_STEPS, type LessonStep, type PageState } from "../state.js";
import { miniPosition } from "../ui/mini.js";
import { symmetryView } from "../ui/symmetry-view.js";
import type { LessonFacts } from "./facts.js";
import {
  estimateSeconds,
  feedbackOf,
  hasSlide,
  lessonFacts,
  liveHref,
  RACE_N,
  SEARCH_N,
  type SlideStep,
  type StepModel,
  slideFrame,
  stepHref,
  stepModel,
  TIMED_SIZES,
  timingText,
  words,
} from "./model.js";
import { drawQuiz, quizParts } from "./quiz-view.js";
import type { LessonState } from "./state.js";

/** A link that a plain click follows in the page (`go`) and any other click leaves to the browser. */
function link(
  href: string,
  attrs: Record<string, string | undefined>,
  text: string | Node,
  go: () => void,
): HTMLAnchorElement {
  const a = h("a", { href, ...attrs }, text);
  a.addEventListener("click", (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    go();
  });
  return a;
}

/** The numbered list of steps, the current one marked, each with its question's mark. */
function stepList(
  current: LessonStep,
  open: (s: LessonStep) => void,
  marks: ReadonlyMap<LessonStep, HTMLElement>,
): HTMLElement {
  const w = words();
  const items = LESSON_STEPS.map((id, i) =>
    h(
      "li",
      {},
      link(
        stepHref(id),
        { "aria-current": id === current ? "step" : undefined },
        // On a phone only the numbers show (the titles stay for screen readers): style.css.
        h(
          "span",
          {},
          h("span", { class: "lesson-num" }, num(i + 1)),
          h("span", { class: "lesson-name" }, `. ${w.steps[id].title}`),
          marks.get(id),
        ),
        () => open(id),
      ),
    ),
  );
  return h("nav", { class: "lesson-steps", "aria-label": w.stepsLabel }, h("ol", {}, ...items));
}

/** A table of figures: a caption, column heads, and rows headed by their first cell. */
function table(testid: string, caption: string, heads: string[], rows: string[][]): HTMLElement {
  const cell = (text: string, i: number) =>
    i === 0 ? h("th", { scope: "row" }, text) : h("td", {}, text);
  // On a phone a table may scroll sideways (growth's, once timed): its box takes the focus so
  // that the keyboard can scroll it, named by the caption.
  return h(
    "div",
    { class: "table-wrap", role: "region", tabindex: "0", "aria-label": caption },
    h(
      "table",
      { class: "data", "data-testid": testid },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, ...heads.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map(cell)))),
    ),
  );
}

/** An exponent written as superscript digits (8⁸). */
const superscript = (k: number) => [...String(k)].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("");

/** Brute force's three counts for eight queens, computed (model.ts). */
function bruteTable(f: LessonFacts): HTMLElement {
  const w = words().brute;
  const n = num(f.n);
  return table(
    "lesson-brute",
    w.caption,
    [w.way, w.formula, w.boards],
    [
      [w.squares, `C(${num(f.n * f.n)}, ${n})`, num(f.brute.squares)],
      [w.perRow, `${n}${superscript(f.n)}`, num(f.brute.perRow)],
      [w.permutations, `${n}!`, num(f.brute.permutations)],
    ],
  );
}

/**
 * The published counts for each N and the factor from the row before; with what this browser
 * counted and how long it took, for the sizes timed so far (`timed`, by N).
 */
function growthTable(f: LessonFacts, timed: ReadonlyMap<number, TimedResult>): HTMLElement {
  const w = words().growth;
  const rows = f.growth.map((r) => {
    const here = timed.get(r.n);
    return [
      num(r.n),
      num(r.count),
      r.ratio === null ? "–" : `×${num(Math.round(r.ratio * 100) / 100)}`,
      here ? w.here(num(here.solutions), time(here.seconds)) : "",
    ];
  });
  return table("lesson-growth", w.caption, [w.n, w.count, w.ratio, w.hereHead], rows);
}

/** The race of brute force against backtracking as far as it has run, and what its rate says. */
function raceTable(f: LessonFacts, results: readonly TimedResult[]): HTMLElement {
  const w = words().brute;
  const n = results[0]?.n ?? 0;
  const rows = results.map((r) =>
    r.name === "brute-force"
      ? [w.bruteName(r.n), w.boardsDone(num(r.nodes)), time(r.seconds)]
      : [w.backName, w.nodesDone(num(r.nodes)), time(r.seconds)],
  );
  const brute = results.find((r) => r.name === "brute-force");
  const estimate =
    brute && brute.seconds > 0
      ? h(
          "p",
          { "data-testid": "lesson-estimate" },
          w.estimate(
            num(Math.round(brute.nodes / brute.seconds)),
            num(f.brute.squares),
            estimateSeconds(f.brute.squares, brute.nodes, brute.seconds),
          ),
        )
      : null;
  return h(
    "div",
    {},
    table("lesson-race-table", w.raceCaption(n), [w.searchHead, w.work, w.timeHead], rows),
    estimate,
  );
}

/** The live parts of a step: links into the other modes, set up for it. */
function liveList(m: StepModel, go: (href: string) => void): HTMLElement {
  const w = words();
  const labels = w.steps[m.id].live;
  return h(
    "section",
    { class: "lesson-live", "aria-labelledby": "lesson-live-title" },
    h("h3", { id: "lesson-live-title" }, w.live),
    h("p", { class: "hint" }, w.liveNote),
    h(
      "ul",
      {},
      ...m.live.map((part) => {
        const href = liveHref(part);
        return h(
          "li",
          {},
          link(href, { class: "btn", "data-live": part.key }, labels[part.key] ?? part.key, () =>
            go(href),
          ),
        );
      }),
    ),
  );
}

/** The check of understanding: one question, its choices as radio buttons, and the feedback. */
interface CheckParts {
  readonly form: HTMLFormElement;
  readonly feedback: HTMLElement;
}

/**
 * The board a question is about, drawn small: its queens and, outlined, the squares the choices
 * name. Hidden from screen readers: the question says the same in words.
 */
function questionBoard(m: StepModel, f: LessonFacts): HTMLElement | null {
  const board =
    m.id === "problem"
      ? { n: f.n, queens: [f.centre], outlined: f.offered }
      : m.id === "complete"
        ? { n: f.n, queens: f.question.queens, outlined: [] }
        : null;
  if (!board) return null;
  const fig = h("div", { class: "lesson-board", "aria-hidden": "true" });
  fig.innerHTML = miniPosition(board.n, board.queens, board.outlined);
  return fig;
}

function checkForm(m: StepModel, f: LessonFacts): CheckParts {
  const w = words();
  const sw = w.steps[m.id];
  const choices = m.question.choices.map((id) =>
    h(
      "label",
      { class: "lesson-choice" },
      h("input", {
        type: "radio",
        name: `answer-${m.id}`,
        value: id,
        "data-focus": `choice-${id}`,
      }),
      ` ${sw.choice(id, f)}`,
    ),
  );
  const feedback = h("p", {
    class: "lesson-feedback",
    role: "status",
    "aria-live": "polite",
    "data-testid": "lesson-feedback",
  });
  const form = h(
    "form",
    {
      class: "lesson-check",
      "data-testid": "lesson-check",
      "aria-labelledby": "lesson-check-title",
    },
    h("h3", { id: "lesson-check-title" }, w.check),
    h("fieldset", {}, h("legend", {}, sw.question(f)), questionBoard(m, f), ...choices),
    h("button", { type: "submit", class: "btn primary", "data-focus": "check" }, w.checkButton),
    feedback,
  );
  return { form, feedback };
}

/** One step: where it stands, its title and explanation, its figures, live parts and question. */
function stepView(
  m: StepModel,
  f: LessonFacts,
  open: (s: LessonStep) => void,
  go: (href: string) => void,
  /** The step's own figures where the mode keeps them up to date (growth's timings). */
  own: readonly HTMLElement[] = [],
  /** The step's picture that moves with its buttons, beside its words (or above, on a phone). */
  slide: HTMLElement | null = null,
  /** Under the question: the quiz's summary on the last step. */
  after: HTMLElement | null = null,
): { readonly article: HTMLElement; readonly title: HTMLElement } & CheckParts {
  const w = words();
  const sw = w.steps[m.id];
  const title = h("h2", { tabindex: "-1", "data-testid": "lesson-title" }, sw.title);
  const figures = m.id === "brute" ? [bruteTable(f), ...own] : own;
  const check = checkForm(m, f);
  const move = h(
    "nav",
    { class: "lesson-move", "aria-label": w.moveLabel },
    m.place.prev
      ? link(
          stepHref(m.place.prev),
          { class: "btn", rel: "prev", "data-testid": "lesson-prev" },
          `← ${w.prev}`,
          () => open(m.place.prev!),
        )
      : null,
    m.place.next
      ? link(
          stepHref(m.place.next),
          { class: "btn primary", rel: "next", "data-testid": "lesson-next" },
          `${w.next} →`,
          () => open(m.place.next!),
        )
      : null,
  );
  const body = sw.body(f).map((p) => h("p", {}, p));
  const article = h(
    "article",
    { class: slide ? "lesson-step has-slide" : "lesson-step", "data-step": m.id },
    h("p", { class: "lesson-place" }, w.stepOf(m.place.index + 1, m.place.total)),
    title,
    ...(slide ? [h("div", { class: "lesson-pair" }, h("div", {}, ...body), slide)] : body),
    ...figures,
    liveList(m, go),
    check.form,
    after,
    move,
  );
  return { article, title, ...check };
}

/** What the reader does in the lesson, wired by index.ts to state changes. */
export interface LessonActions {
  /** A step of the lesson (the list, Next, Previous). */
  open(step: LessonStep): void;
  /** A live part: the page state its address names. */
  go(href: string): void;
  /** A choice of the question is checked (its id). */
  choose(choice: string): void;
  /** The question's Check button. */
  check(): void;
  /** Growth's button that counts and times the small sizes here; brute force's race. */
  measure(): void;
  race(): void;
  /** The step's picture moves a position back (-1) or on (1). */
  slide(d: -1 | 1): void;
}

/** The moving parts of a step's picture, drawn again as it moves. */
interface SlideParts {
  readonly step: SlideStep;
  readonly picture: HTMLElement;
  readonly says: HTMLElement;
  readonly at: HTMLElement;
  readonly prev: HTMLElement;
  readonly next: HTMLElement;
}

/**
 * The lesson's view: the step shown, drawn anew by {@link drawStep}, and the parts that change
 * while it is shown (the feedback, the timed figures and their line), drawn from the state.
 */
export class LessonView {
  private readonly root = h("div", { class: "lesson wide", "data-testid": "lesson" });
  /** Growth's table and brute force's race, kept up to date while a timing runs. */
  private readonly growthBox = h("div", { class: "lesson-growth" });
  private readonly raceBox = h("div", { class: "lesson-race" });
  private readonly timingLine = h("p", {
    class: "hint",
    "aria-live": "polite",
    "data-testid": "lesson-timing",
  });
  private feedback: HTMLElement | undefined;
  private title: HTMLElement | undefined;
  /** The question's form (its choices checked and greyed out from the state). */
  private form: HTMLFormElement | undefined;
  /** Each step's mark in the list of steps, and the quiz's summary on the last step. */
  private readonly quiz = quizParts();
  private open: ((s: LessonStep) => void) | undefined;
  /** The button of the step's timed figure (marked busy while its timing runs). */
  private timingButton: HTMLButtonElement | undefined;
  /** The results the timed figures were drawn with (drawn again only when these change). */
  private drawn: { timed?: readonly TimedResult[]; race?: readonly TimedResult[] } = {};
  /** The step's moving picture, when it has one. */
  private slide: SlideParts | undefined;

  constructor(panel: HTMLElement) {
    panel.append(this.root);
  }

  /** Draws the step the state shows, its question unanswered, its figures as the state has them. */
  drawStep(ls: LessonState, act: LessonActions): void {
    const step = ls.shown ?? LESSON_STEPS[0];
    const f = lessonFacts();
    this.timingButton = undefined;
    this.drawn = {};
    const own =
      step === "growth" ? [this.growthFigure(act)] : step === "brute" ? [this.raceFigure(act)] : [];
    this.slide = hasSlide(step) ? this.slideParts(step, act) : undefined;
    const figure = this.slide
      ? h(
          "figure",
          { class: "lesson-slide", "data-testid": "lesson-slide" },
          h("figcaption", {}, this.slideName(this.slide.step)),
          this.slide.picture,
          // The buttons above the words: they stay put however long the words are.
          h("div", { class: "lesson-slide-move" }, this.slide.prev, this.slide.at, this.slide.next),
          this.slide.says,
        )
      : null;
    const m = stepModel(step);
    const summary = m.place.next === null ? this.quiz.summary : null;
    const v = stepView(m, f, act.open, act.go, own, figure, summary);
    v.form.addEventListener("change", (e) => {
      const input = e.target as HTMLInputElement;
      if (input.type === "radio" && input.checked) act.choose(input.value);
    });
    v.form.addEventListener("submit", (e) => {
      e.preventDefault();
      act.check();
    });
    this.feedback = v.feedback;
    this.title = v.title;
    this.form = v.form;
    this.open = act.open;
    this.root.replaceChildren(stepList(step, act.open, this.quiz.marks), v.article);
    this.drawTiming(ls);
    this.drawSlide(ls);
    this.drawFeedback(ls); // the question as the reader left it (a live part and back)
  }

  /** The step's picture at the state's position, and the words that say what it shows. */
  drawSlide(ls: LessonState): void {
    const s = this.slide;
    if (!s) return;
    const f = slideFrame(s.step, ls.slide);
    const w = words().slide;
    if (f.kind === "search") {
      const board = h("div", { class: "lesson-board", "aria-hidden": "true" });
      board.innerHTML = miniPosition(f.n, f.queens, f.square);
      const tree = h("div", { class: "lesson-tree", "aria-hidden": "true" });
      tree.innerHTML = f.tree;
      // Watch's tree is a control there (its nodes are chosen with the keys); here it is a
      // picture that the words say, out of the keyboard's way (and without its keys' label).
      for (const svg of tree.querySelectorAll("svg")) {
        for (const name of ["tabindex", "data-focus", "aria-label", "role"]) {
          svg.removeAttribute(name);
        }
      }
      s.picture.replaceChildren(board, h("div", {}, tree, h("p", { class: "hint" }, w.tree)));
    } else if (f.kind === "fill") {
      const board = h("div", { class: "lesson-board", "aria-hidden": "true" });
      board.innerHTML = miniPosition(f.n, [...f.given, ...f.added], f.added.slice(-1));
      s.picture.replaceChildren(board);
    } else {
      s.picture.replaceChildren(symmetryView(f.cols, {}));
    }
    s.says.textContent = f.says;
    s.at.textContent = w.at(
      f.at + (f.kind === "class" ? 1 : 0),
      f.last + (f.kind === "class" ? 1 : 0),
    );
    // Marked, not disabled: a disabled button would drop the keyboard's focus to the body.
    for (const [b, end] of [
      [s.prev, f.at === 0],
      [s.next, f.at === f.last],
    ] as const) {
      if (end) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    }
  }

  /**
   * The question from the state (quiz-view.ts: the choice checked, a wrong first pick greyed
   * out, the steps' marks, the summary on the last step) and the feedback of the last check.
   */
  drawFeedback(ls: LessonState): void {
    drawQuiz(ls, this.form, this.quiz, (id) =>
      link(stepHref(id), { "data-quiz-open": id }, words().steps[id].title, () => this.open?.(id)),
    );
    const said = ls.shown ? feedbackOf(ls.shown, ls.said, lessonFacts()) : undefined;
    if (!this.feedback) return;
    if (this.feedback.textContent !== (said?.text ?? ""))
      this.feedback.textContent = said?.text ?? "";
    this.feedback.dataset.correct = said?.correct ?? "";
  }

  /** The timed figures (growth's table, the race's) and the timing line. */
  drawTiming(ls: LessonState): void {
    const timed = [...ls.timed.values()];
    if (ls.shown === "growth" && !same(this.drawn.timed, timed)) {
      this.drawn.timed = timed;
      this.growthBox.replaceChildren(growthTable(lessonFacts(), ls.timed));
    }
    if (ls.shown === "brute" && !same(this.drawn.race, ls.race)) {
      this.drawn.race = [...ls.race];
      this.raceBox.replaceChildren(
        ...(ls.race.length > 0 ? [raceTable(lessonFacts(), ls.race)] : []),
      );
    }
    // A live region: rewritten only when what it says changes.
    const text = timingText(ls.timing);
    if (this.timingLine.textContent !== text) this.timingLine.textContent = text;
    // Marked, not disabled: a disabled button would drop the keyboard's focus to the body.
    if (ls.job) this.timingButton?.setAttribute("aria-disabled", "true");
    else this.timingButton?.removeAttribute("aria-disabled");
  }

  /** Shows the step (`on`), or hides it while the exercises show (exercise/). */
  showing(on: boolean): void {
    this.root.hidden = !on;
  }

  /** Whether the keyboard's focus is in the lesson. */
  hasFocus(): boolean {
    return this.root.contains(document.activeElement);
  }

  /** The reader starts at the step's title (after Next, Previous or a step of the list). */
  focusTitle(): void {
    this.title?.focus();
  }

  private slideName(step: SlideStep): string {
    const w = words().slide;
    return w.label(
      step === "backtrack" ? w.search(SEARCH_N) : step === "symmetry" ? w.classes : w.fill,
    );
  }

  /** The picture's box, its words (a live region) and its buttons, wired to `act.slide`. */
  private slideParts(step: SlideStep, act: LessonActions): SlideParts {
    const w = words().slide;
    const button = (d: -1 | 1, text: string, id: string) => {
      const b = h(
        "button",
        { type: "button", class: "btn", "data-testid": id, "data-focus": id },
        text,
      );
      b.addEventListener("click", () => {
        if (b.getAttribute("aria-disabled") !== "true") act.slide(d);
      });
      return b;
    };
    const [back, on] =
      step === "backtrack"
        ? [w.prev, w.next]
        : step === "symmetry"
          ? [w.prevClass, w.nextClass]
          : [w.prevRow, w.nextRow];
    return {
      step,
      picture: h("div", { class: `lesson-picture ${step}`, "data-testid": "slide-picture" }),
      says: h("p", { class: "lesson-says", "aria-live": "polite", "data-testid": "slide-says" }),
      at: h("span", { class: "lesson-at", "data-testid": "slide-at" }),
      prev: button(-1, `← ${back}`, "slide-prev"),
      next: button(1, `${on} →`, "slide-next"),
    };
  }

  /** Growth's table with the button that counts and times the small sizes here. */
  private growthFigure(act: LessonActions): HTMLElement {
    const w = words().growth;
    const button = h(
      "button",
      { type: "button", class: "btn", "data-testid": "lesson-measure", "data-focus": "measure" },
      w.measure(TIMED_SIZES[0]!, TIMED_SIZES[TIMED_SIZES.length - 1]!),
    );
    button.addEventListener("click", act.measure);
    this.timingButton = button;
    return h("div", {}, this.growthBox, h("p", {}, button), this.timingLine);
  }

  /** Brute force's race against backtracking on one board, run here on request. */
  private raceFigure(act: LessonActions): HTMLElement {
    const button = h(
      "button",
      { type: "button", class: "btn", "data-testid": "lesson-race", "data-focus": "race" },
      words().brute.race(RACE_N),
    );
    button.addEventListener("click", act.race);
    this.timingButton = button;
    return h("div", {}, h("p", {}, button), this.raceBox, this.timingLine);
  }
}

/** Whether two lists hold the same results (by identity), in the same order. */
function same(a: readonly TimedResult[] | undefined, b: readonly TimedResult[]): boolean {
  return a !== undefined && a.length === b.length && a.every((r, i) => r === b[i]);
}

/**
 * The way back to the lesson, above a mode the lesson opened (while the address carries its
 * step); hidden elsewhere. Drawn again only when what it says changes, so its focus stays.
 * `back`: a plain click on it.
 */
export function drawReturn(bar: HTMLElement, state: PageState, back: () => void): void {
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
  bar.replaceChildren(
    link(
      stepHref(step),
      { "data-testid": "lesson-return" },
      `← ${w.back(LESSON_STEPS.indexOf(step) + 1, w.steps[step].title)}`,
      back,
    ),
  );
}
