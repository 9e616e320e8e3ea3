/**
 * The lesson's questions as a quiz, without a page: what a check says (a verdict, or a hint and a
 * second try after a wrong first pick), how a question ended, the summary of every step's, and
 * the feedback's words. model.ts holds the questions and their answers; quiz-view.ts draws this.
 */
import { lang } from "../i18n/index.js";
import { LESSON_STEPS, type LessonStep } from "../state.js";
import type { LessonFacts, Verdict } from "./facts.js";
import { checkAnswer, words } from "./model.js";
import { type QuizOutcome, type QuizWords, quizEn } from "./quiz-en.js";
import { quizJa } from "./quiz-ja.js";

/**
 * What checking says: the verdict on the choice (right, or wrong at the second try: the answer
 * is said), a hint after a wrong first try (quiz-en.ts), or that a choice must be made first.
 */
export type CheckSays =
  | { readonly kind: "verdict"; readonly verdict: Verdict }
  | { readonly kind: "hint"; readonly verdict: Verdict }
  | { readonly kind: "choose" };

/**
 * Checks the choice made in `step`'s question (none, or one not offered: choose first) at try
 * `tries` (from 1): a wrong first try gets a hint, a wrong second one the answer.
 */
export function checkChoice(step: LessonStep, chosen: string | undefined, tries = 2): CheckSays {
  const verdict = chosen === undefined ? undefined : checkAnswer(step, chosen);
  if (!verdict) return { kind: "choose" };
  return !verdict.correct && tries <= 1 ? { kind: "hint", verdict } : { kind: "verdict", verdict };
}

/** How a check ended the step's question, or undefined while it is open (a hint, nothing). */
export function quizOutcome(said: CheckSays | undefined, tries: number): QuizOutcome | undefined {
  if (said?.kind !== "verdict") return undefined;
  return said.verdict.correct ? (tries <= 1 ? "first" : "second") : "missed";
}

/** The quiz's words in the page's language now. */
export function quizWords(): QuizWords {
  return lang() === "ja" ? quizJa : quizEn;
}

/** The quiz so far: how each outcome counts, and the steps not answered yet (in order). */
export function quizSummary(outcomes: ReadonlyMap<LessonStep, QuizOutcome>): {
  readonly first: number;
  readonly second: number;
  readonly missed: number;
  readonly open: readonly LessonStep[];
} {
  const count = (o: QuizOutcome) => [...outcomes.values()].filter((x) => x === o).length;
  return {
    first: count("first"),
    second: count("second"),
    missed: count("missed"),
    open: LESSON_STEPS.filter((s) => !outcomes.has(s)),
  };
}

/**
 * The feedback under a step's question: its words and whether the choice was right ("true",
 * "false"; "" when a choice must be made first). Nothing before the first check.
 */
export function feedbackOf(
  step: LessonStep,
  said: CheckSays | undefined,
  f: LessonFacts,
): { readonly text: string; readonly correct: string } | undefined {
  if (!said) return undefined;
  const w = words();
  if (said.kind === "hint") {
    const q = quizWords();
    return { text: `${q.hint(step, said.verdict, f)}${q.sep}${q.tryAgain}`, correct: "false" };
  }
  return said.kind === "verdict"
    ? { text: w.steps[step].feedback(said.verdict, f), correct: String(said.verdict.correct) }
    : { text: w.pickFirst, correct: "" };
}
