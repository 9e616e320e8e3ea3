/**
 * The lesson's questions as a quiz, drawn from the state (a view part that lesson/render.ts
 * composes): the choices checked and a wrong first pick greyed out for the second try (every
 * choice once the question is over), each step's mark in the list of steps (✓, ✓², ✗, with its
 * words for screen readers) and the summary on the last step, with links to the steps not
 * answered yet.
 */
import { h } from "../dom.js";
import { LESSON_STEPS, type LessonStep } from "../state.js";
import { quizSummary, quizWords } from "./quiz.js";
import type { QuizOutcome } from "./quiz-en.js";
import type { LessonState } from "./state.js";

const MARKS: Record<QuizOutcome, string> = { first: "✓", second: "✓²", missed: "✗" };

/** The elements the quiz draws into besides the step's form: the list's marks, the summary. */
interface QuizParts {
  readonly marks: ReadonlyMap<LessonStep, HTMLElement>;
  readonly summary: HTMLElement;
}

/** The quiz's own elements, made once and drawn into the list of steps and the last step. */
export function quizParts(): QuizParts {
  return {
    marks: new Map(
      LESSON_STEPS.map((id) => [id, h("span", { class: "quiz-mark", "data-quiz": id })]),
    ),
    summary: h("section", {
      class: "quiz-summary",
      "aria-labelledby": "quiz-summary-title",
      "data-testid": "quiz-summary",
    }),
  };
}

/** A step's mark in the list: a sign, and its words for screen readers. */
function drawMark(mark: HTMLElement, o: QuizOutcome | undefined): void {
  const key = o ?? "";
  if (mark.dataset.outcome === key && mark.childElementCount > 0) return;
  mark.dataset.outcome = key;
  mark.replaceChildren(
    h("span", { "aria-hidden": "true" }, o ? ` ${MARKS[o]}` : ""),
    h("span", { class: "sr-only" }, ` (${quizWords().mark(o)})`),
  );
}

/** Draws the quiz's parts from the state; `stepLink` makes a link to a step not answered. */
export function drawQuiz(
  ls: LessonState,
  form: HTMLFormElement | undefined,
  parts: QuizParts,
  stepLink: (id: LessonStep) => HTMLElement,
): void {
  const over = ls.shown !== undefined && ls.outcomes.has(ls.shown) && ls.said?.kind === "verdict";
  for (const input of form?.querySelectorAll("input[type=radio]") ?? []) {
    const radio = input as HTMLInputElement;
    radio.checked = radio.value === ls.chosen;
    radio.disabled = over || radio.value === ls.tried;
    radio.parentElement?.classList.toggle("tried", radio.value === ls.tried);
  }
  for (const [id, mark] of parts.marks) drawMark(mark, ls.outcomes.get(id));
  const q = quizWords();
  const s = quizSummary(ls.outcomes);
  parts.summary.replaceChildren(
    h("h3", { id: "quiz-summary-title" }, q.summaryTitle),
    h("p", {}, q.summary(s.first, s.second, s.missed, s.open.length)),
    s.open.length > 0
      ? h(
          "p",
          {},
          `${q.openLead} `,
          ...s.open.flatMap((id, i) => [i > 0 ? q.listSep : "", stepLink(id)]),
        )
      : "",
  );
}
