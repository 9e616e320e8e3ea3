/**
 * The lesson's elements, drawn from the state (state.ts), the model (model.ts) and the words
 * (text-en.ts, text-ja.ts): the list of steps, one step (its explanation, its figures, its live
 * parts, its question) and the links between steps, the feedback and the timing line, and the way
 * back from a mode the lesson opened. The only code of the lesson that writes the page. Links are
 * real links (a teacher can copy them, open them in a new tab); a plain click goes through `go`,
 * so that it is a history entry like any change of mode.
 */

import type { Queen } from "../../board.js";
import type { TimedResult } from "../../teach/index.js";
import { h } from "../dom.js";
import { num } from "../i18n/index.js";
import { formatState, LESSON_STEPS, type LessonStep, type PageState } from "../state.js";
import { symmetryView } from "../ui/symmetry-view.js";
import { type BoardPicture, boardPicture, growthChart } from "./board.js";
import type { LessonFacts } from "./facts.js";
import { judgePlayState, runJudge } from "./judge.js";
import {
  hasSlide,
  lessonFacts,
  RACE_N,
  SEARCH_N,
  type SlideFrame,
  type SlideStep,
  type StepModel,
  slideFrame,
  stepHref,
  stepModel,
  TIMED_SIZES,
  timingText,
  words,
} from "./model.js";
import { feedbackOf } from "./quiz.js";
import { drawQuiz, quizParts } from "./quiz-view.js";
import { RACE_BOARD_N as RACE_N_BOARD } from "./race.js";
import type { LessonState } from "./state.js";
import { bruteTable, growthTable, raceTable } from "./tables.js";
import {
  type JudgeParts,
  judgeParts,
  type LessonActions,
  link,
  liveList,
  stepList,
  variantChoice,
} from "./views.js";

/** An SVG picture (lesson/board.ts's markup) in a box of its own. */
function svgBox(cls: string, markup: string, hidden = false): HTMLElement {
  const box = h("div", { class: cls, "aria-hidden": hidden ? "true" : undefined });
  box.innerHTML = markup;
  return box;
}

/** A lesson board with its coordinates, named in words. */
function board(p: Omit<BoardPicture, "label">, cls = "lesson-board"): HTMLElement {
  return svgBox(cls, boardPicture({ ...p, label: words().slide.boardLabel(p.queens, p.n) }));
}

/** The check of understanding: one question, its choices as radio buttons, and the feedback. */
interface CheckParts {
  readonly form: HTMLFormElement;
  readonly feedback: HTMLElement;
}

/**
 * The board a question is about, drawn small with its row and column numbers: its queens and,
 * outlined, the squares the choices name; its name says the queens in words.
 */
function questionBoard(m: StepModel, f: LessonFacts): HTMLElement | null {
  const spec =
    m.id === "problem"
      ? { n: f.n, queens: [f.centre], outlined: f.offered }
      : m.id === "complete"
        ? { n: f.n, queens: f.question.queens, outlined: [] }
        : null;
  return spec ? board(spec) : null;
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
  /** What the words' column holds after the words (the judge step's box). */
  extra: readonly HTMLElement[] = [],
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
  const body = [...sw.body(f).map((p) => h("p", {}, p)), ...extra];
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

/** The moving parts of a step's picture, drawn again as it moves. */
interface SlideParts {
  readonly step: SlideStep;
  readonly picture: HTMLElement;
  readonly says: HTMLElement;
  readonly at: HTMLElement;
  readonly prev: HTMLElement;
  readonly next: HTMLElement;
  /** Brute force's choice of the way it lists boards (radio buttons). */
  readonly choice: HTMLElement | null;
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
  /** The judge step's box and picture, while it is shown. */
  private judge: JudgeParts | undefined;

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
    this.judge = step === "judge" ? judgeParts(ls.judgeInput, act) : undefined;
    const slide = this.slide;
    const figure = slide
      ? h(
          "figure",
          { class: "lesson-slide", "data-testid": "lesson-slide" },
          h("figcaption", {}, this.slideName(slide.step)),
          slide.choice,
          slide.picture,
          // The buttons above the words: they stay put however long the words are.
          h("div", { class: "lesson-slide-move" }, slide.prev, slide.at, slide.next),
          slide.says,
        )
      : (this.judge?.figure ?? null);
    const m = stepModel(step);
    const summary = m.place.next === null ? this.quiz.summary : null;
    const v = stepView(m, f, act.open, act.go, own, figure, this.judge?.box ?? [], summary);
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
    this.drawJudge(ls);
    this.drawFeedback(ls); // the question as the reader left it (a live part and back)
  }

  /** The step's picture at the state's position, and the words that say what it shows. */
  drawSlide(ls: LessonState): void {
    const s = this.slide;
    if (!s) return;
    const f = slideFrame(s.step, ls.slide, ls.variant);
    s.picture.replaceChildren(...this.pictureOf(f));
    s.says.textContent = f.says;
    const shift = f.kind === "class" ? 1 : 0;
    s.at.textContent = words().slide.at(f.at + shift, f.last + shift);
    // Marked, not disabled: a disabled button would drop the keyboard's focus to the body.
    for (const [b, end] of [
      [s.prev, f.at === 0],
      [s.next, f.at === f.last],
    ] as const) {
      if (end) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    }
    for (const input of s.choice?.querySelectorAll("input") ?? []) {
      input.checked = input.value === ls.variant;
    }
  }

  /** The elements of a picture at one position. */
  private pictureOf(f: SlideFrame): HTMLElement[] {
    const w = words().slide;
    switch (f.kind) {
      case "search": {
        const tree = svgBox("lesson-tree", f.tree, true);
        // Watch's tree is a control there (its nodes are chosen with the keys); here it is a
        // picture that the words say, out of the keyboard's way (and without its keys' label).
        for (const svg of tree.querySelectorAll("svg")) {
          for (const name of ["tabindex", "data-focus", "aria-label", "role"]) {
            svg.removeAttribute(name);
          }
        }
        return [
          board({ n: f.n, queens: f.queens, outlined: f.square }),
          h("div", {}, tree, h("p", { class: "hint" }, w.tree)),
        ];
      }
      case "fill":
        return [board({ n: f.n, queens: [...f.given, ...f.added], outlined: f.added.slice(-1) })];
      case "class":
        return [symmetryView(f.cols, {})];
      case "attack":
        return [board({ n: f.n, queens: f.queens, attacked: f.attacked })];
      case "masks":
        return [
          board(
            { n: f.n, queens: f.queens, outlined: f.square, bits: f.masks },
            "lesson-board masks",
          ),
          h("p", { class: "hint" }, w.masksKey),
        ];
      case "chart": {
        const rows = f.rows;
        const label = w.chartLabel(rows[0]!.n, rows[rows.length - 1]!.n);
        return [
          svgBox(
            "lesson-chart",
            growthChart(rows, f.at, label, (c) => num(c)),
          ),
        ];
      }
      case "race": {
        const side = (name: string, queens: readonly Queen[], counter: string, id: string) =>
          h(
            "div",
            { class: "lesson-race-side", "data-testid": id },
            h("p", { class: "lesson-race-name" }, name),
            board({ n: f.n, queens }),
            h("p", { class: "lesson-counter" }, counter),
          );
        return [
          side(
            w.bruteSide,
            f.brute.queens,
            w.boardsSeen(f.brute.seen, f.brute.total, f.brute.found),
            "race-brute",
          ),
          side(
            w.backSide,
            f.back.queens,
            w.nodesSeen(f.back.seen, f.back.total, f.back.found),
            "race-back",
          ),
        ];
      }
    }
  }

  /** The judge box's answer: the output, the board it draws and the way to Play. */
  drawJudge(ls: LessonState): void {
    const j = this.judge;
    if (!j) return;
    const w = words().judge;
    const run = runJudge(ls.judgeRun);
    const given = run.ok ? run.given.length : 0;
    j.output.textContent = run.ok ? run.output : "";
    j.says.textContent = run.ok
      ? w.solved(given)
      : run.no
        ? w.no(run.error)
        : w.malformed(run.error);
    j.says.dataset.correct = String(run.ok);
    const play = judgePlayState(run);
    j.play.hidden = play === null;
    if (play) j.play.setAttribute("href", `#${formatState(play)}`);
    j.picture.replaceChildren(
      run.ok
        ? board({
            n: run.cols.length,
            queens: run.cols.map((col, row) => ({ row, col })),
            outlined: run.given,
          })
        : h("p", { class: "hint" }, w.pictureNone),
    );
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
    const names: Record<SlideStep, string> = {
      problem: w.attack,
      brute: w.race(RACE_N_BOARD),
      backtrack: w.search(SEARCH_N),
      bitmask: w.masks,
      symmetry: w.classes,
      complete: w.fill,
      growth: w.chart,
    };
    return w.label(names[step]);
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
    const names: Record<SlideStep, readonly [string, string]> = {
      problem: [w.prevQueen, w.nextQueen],
      brute: [w.prevRace, w.nextRace],
      backtrack: [w.prev, w.next],
      bitmask: [w.prev, w.next],
      symmetry: [w.prevClass, w.nextClass],
      complete: [w.prevRow, w.nextRow],
      growth: [w.prevN, w.nextN],
    };
    const [back, on] = names[step];
    return {
      step,
      choice: step === "brute" ? variantChoice(act) : null,
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
