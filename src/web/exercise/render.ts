/**
 * The exercises' elements, drawn from the state (state.ts), the model (model.ts) and the words
 * (text-en.ts, text-ja.ts): the way back to the lesson, the kinds of question, the round's
 * progress, the question with its board and choices, the feedback (a hint, the answer) and the
 * round's summary; and the door from the lesson. The only code of the exercises that writes the
 * page. Links are real links (a teacher can hand out a round); a plain click goes through `go`.
 */
import { h, keepingFocus } from "../dom.js";
import { lang } from "../i18n/index.js";
import {
  type ExerciseRef,
  formatState,
  type PageState,
  ROUND_KINDS,
  ROUND_LENGTH,
  type RoundKind,
} from "../state.js";
import { miniPosition } from "../ui/mini.js";
import { boardMarks, type Choice, type Outcome, type Question, summary } from "./model.js";
import { type ExerciseState, isOver, roundOver } from "./state.js";
import { type ExerciseWords, en } from "./text-en.js";
import { ja } from "./text-ja.js";

/** The exercises' words in the page's language now. */
function words(): ExerciseWords {
  return lang() === "ja" ? ja : en;
}

/** What the reader does in the exercises, wired by index.ts to state changes. */
export interface ExerciseActions {
  /** A page state its address names (a kind, the next question, a new round, the lesson). */
  go(state: PageState): void;
  choose(id: string): void;
  check(): void;
  /** The next question, or a new round after the last. */
  next(): void;
  newRound(): void;
}

/** A link that a plain click follows in the page (`go`) and any other click leaves to the browser. */
function link(
  state: PageState,
  attrs: Record<string, string | undefined>,
  text: string,
  go: (s: PageState) => void,
) {
  const a = h("a", { href: `#${formatState(state)}`, ...attrs }, text);
  a.addEventListener("click", (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    go(state);
  });
  return a;
}

const MARKS: Record<Outcome | "current" | "later", string> = {
  first: "✓",
  second: "✓",
  missed: "✗",
  current: "●",
  later: "○",
};

function choiceText(w: ExerciseWords, c: Choice): string {
  switch (c.kind) {
    case "square":
      return w.square(c.square);
    case "count":
      return w.count(c.count);
    case "yes-no":
      return w.yesNo(c.yes);
    case "action":
      return w.action(c.action);
  }
}

/** The exercises' view: drawn anew from the state at each change, the focus kept. */
export class ExerciseView {
  private readonly root = h("div", {
    class: "exercise wide",
    "data-testid": "exercise",
    hidden: true,
  });
  private readonly door = h("section", {
    class: "exercise-door",
    "aria-labelledby": "exercise-door-title",
  });
  /** One live region for what a check says, kept across redraws so that it is read out. */
  private readonly feedback = h("p", {
    class: "lesson-feedback",
    role: "status",
    "aria-live": "polite",
    "data-testid": "exercise-feedback",
  });
  private title: HTMLElement | undefined;

  constructor(panel: HTMLElement) {
    panel.append(this.door, this.root);
  }

  /** Shows the exercises (`on`) or the lesson's door to them. */
  showing(on: boolean): void {
    this.root.hidden = !on;
    this.door.hidden = on;
  }

  /** The door from the lesson: a link to a round of mixed questions (seed `seed`). */
  drawDoor(state: PageState, seed: number, go: (s: PageState) => void): void {
    const w = words();
    const to = { ...state, exercise: { kind: "mix", seed, at: 0 } as ExerciseRef };
    this.door.replaceChildren(
      h("h3", { id: "exercise-door-title" }, w.heading),
      h("p", { class: "hint" }, w.doorNote),
      h("p", {}, link(to, { class: "btn", "data-testid": "exercise-door" }, `${w.door} →`, go)),
    );
  }

  drawRound(es: ExerciseState, state: PageState, act: ExerciseActions): void {
    keepingFocus(
      this.root,
      () => this.draw(es, state, act),
      (k) =>
        k === "check" || k.startsWith("choice-")
          ? ["next", "new-round", "check", "exercise-title"]
          : ["exercise-title"],
    );
  }

  focusTitle(): void {
    this.title?.focus();
  }

  hasFocus(): boolean {
    return this.root.contains(document.activeElement);
  }

  private draw(es: ExerciseState, state: PageState, act: ExerciseActions): void {
    const w = words();
    const ref = es.ref;
    const q = es.question;
    if (!ref || !q) return;
    const form = questionForm(es, ref, q, w, this.feedback);
    form.addEventListener("change", (e) => {
      const input = e.target as HTMLInputElement;
      if (input.type === "radio" && input.checked) act.choose(input.value);
    });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      act.check();
    });
    this.drawFeedback(es, w);
    this.title = h(
      "h2",
      { tabindex: "-1", "data-testid": "exercise-title", "data-focus": "exercise-title" },
      w.heading,
    );
    const back = link(
      { ...state, exercise: null },
      { class: "btn small", "data-testid": "exercise-back" },
      `← ${w.back}`,
      act.go,
    );
    this.root.replaceChildren(
      h("p", {}, back),
      this.title,
      h("p", {}, w.intro),
      kindsNav(ref, state, w, act.go),
      progressList(es, ref, w),
      form,
      ...afterParts(es, ref, w, act),
    );
  }

  /** What the last check said: right, a hint and a second try, the answer, or pick first. */
  private drawFeedback(es: ExerciseState, w: ExerciseWords): void {
    const q = es.question!;
    const said = es.said;
    const answer = q.choices.find((c) => c.id === q.answer);
    const answerText = answer ? w.answer(q.kind, choiceText(w, answer)) : "";
    let text = "";
    let correct = "";
    switch (said.kind) {
      case "none":
        break;
      case "choose":
        text = w.pickFirst;
        break;
      case "right":
        text = `${w.right(said.tries)}${w.sep}${answerText}`;
        correct = "true";
        break;
      case "hint":
        text = `${w.hint(q.kind, said.hint)}${w.sep}${w.tryAgain}`;
        correct = "false";
        break;
      case "missed":
        text = said.chosen === "" ? answerText : `${w.missedLead}${w.sep}${answerText}`;
        correct = "false";
        break;
    }
    if (this.feedback.textContent !== text) this.feedback.textContent = text;
    this.feedback.dataset.correct = correct;
  }
}

/** The kinds of question: each a link to a round of that kind (the same seed). */
function kindsNav(
  ref: ExerciseRef,
  state: PageState,
  w: ExerciseWords,
  go: (s: PageState) => void,
): HTMLElement {
  const item = (kind: RoundKind) =>
    h(
      "li",
      {},
      link(
        { ...state, exercise: { kind, seed: ref.seed, at: 0 } },
        {
          class: "btn small",
          "aria-current": kind === ref.kind ? "true" : undefined,
          "data-kind": kind,
        },
        w.kinds[kind],
        go,
      ),
    );
  return h(
    "nav",
    { class: "exercise-kinds", "aria-label": w.kindsLabel },
    h("ul", {}, ...ROUND_KINDS.map(item)),
  );
}

/** The round's progress: a mark per question (right at the first try, the second, missed). */
function progressList(es: ExerciseState, ref: ExerciseRef, w: ExerciseWords): HTMLElement {
  const marks = Array.from({ length: ROUND_LENGTH }, (_, i) => {
    const o = es.outcomes[i] ?? (i === ref.at ? "current" : "later");
    return h(
      "li",
      { "data-outcome": o, "aria-current": i === ref.at ? "step" : undefined },
      h("span", { "aria-hidden": "true" }, MARKS[o], o === "second" ? h("sup", {}, "2") : null),
      h("span", { class: "sr-only" }, w.mark(i + 1, o)),
    );
  });
  return h(
    "ol",
    {
      class: "exercise-progress",
      "aria-label": w.progressLabel,
      "data-testid": "exercise-progress",
    },
    ...marks,
  );
}

/** The letters that name a square question's choices, on the board and beside the words. */
const LETTERS = "ABCD";

/** The question: its board, its choices (a greyed-out first pick), Check and the feedback. */
function questionForm(
  es: ExerciseState,
  ref: ExerciseRef,
  q: Question,
  w: ExerciseWords,
  feedback: HTMLElement,
): HTMLFormElement {
  const over = isOver(es);
  const m = boardMarks(q, es.said);
  const board = h("div", {
    class: "lesson-board",
    "aria-hidden": "true",
    "data-testid": "exercise-board",
  });
  const letters = q.choices.flatMap((c, i) =>
    c.kind === "square" ? [{ square: c.square, text: LETTERS[i]! }] : [],
  );
  board.innerHTML = miniPosition(m.n, m.queens, m.outlined, {
    hinted: m.hinted,
    faded: m.shown,
    letters,
  });
  const choices = q.choices.map((c, i) => {
    const input = h("input", {
      type: "radio",
      name: "exercise-answer",
      value: c.id,
      "data-focus": `choice-${c.id}`,
      disabled: over || c.id === es.tried,
    });
    input.checked = c.id === es.chosen;
    const letter = c.kind === "square" ? `${LETTERS[i]}. ` : "";
    return h(
      "label",
      { class: c.id === es.tried ? "lesson-choice tried" : "lesson-choice" },
      input,
      ` ${letter}${choiceText(w, c)}`,
    );
  });
  const check = h(
    "button",
    {
      type: "submit",
      class: "btn primary",
      "data-focus": "check",
      "data-testid": "exercise-submit",
    },
    w.check,
  );
  return h(
    "form",
    {
      class: "lesson-check",
      "data-testid": "exercise-check",
      "aria-labelledby": "exercise-q-title",
    },
    h(
      "h3",
      { id: "exercise-q-title" },
      `${w.questionOf(ref.at + 1, ROUND_LENGTH)} · ${w.kinds[q.kind]}`,
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, w.question(q.kind, q.n, q.last)),
      h("div", { class: "exercise-pair" }, board, h("div", {}, ...choices)),
    ),
    over ? null : check,
    feedback,
  );
}

/** Under a question that is over: the round's summary after its last, Next or a new round. */
function afterParts(
  es: ExerciseState,
  ref: ExerciseRef,
  w: ExerciseWords,
  act: ExerciseActions,
): HTMLElement[] {
  const over = isOver(es);
  const last = ref.at === ROUND_LENGTH - 1;
  const out: HTMLElement[] = [];
  if (roundOver(es) && over) {
    const s = summary(es.outcomes);
    out.push(
      h(
        "section",
        {
          class: "exercise-summary",
          "aria-labelledby": "exercise-summary-title",
          "data-testid": "exercise-summary",
        },
        h("h3", { id: "exercise-summary-title" }, w.summaryTitle),
        h("p", {}, w.summary(s.first, s.second, s.missed, ROUND_LENGTH)),
      ),
    );
  }
  if (!over) return out;
  const button = (key: string, text: string, run: () => void, primary: boolean) => {
    const b = h(
      "button",
      {
        type: "button",
        class: primary ? "btn primary" : "btn",
        "data-focus": key,
        "data-testid": `exercise-${key}`,
      },
      text,
    );
    b.addEventListener("click", run);
    return b;
  };
  out.push(
    h(
      "p",
      { class: "exercise-move" },
      last ? null : button("next", `${w.next} →`, act.next, true),
      button("new-round", w.newRound, act.newRound, last),
    ),
  );
  return out;
}
