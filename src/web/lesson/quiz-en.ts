/**
 * The words of the lesson's questions as a quiz, in English (this table's type is the one
 * quiz-ja.ts must match): the hint a wrong first pick gets before its second try, each worked
 * out from the facts (model.ts) where there is a figure to say, the marks of the steps answered
 * and the summary on the last step. The questions, choices and answers are in text-en.ts.
 */
import { num } from "../i18n/index.js";
import type { LessonStep } from "../state.js";
import type { LessonFacts, Verdict } from "./facts.js";
import { LINE, square, squareOf } from "./text-en.js";

/** How a step's question ended: right at the first try, at the second, or missed. */
export type QuizOutcome = "first" | "second" | "missed";

export interface QuizWords {
  /** The hint after a wrong first pick (`v.choice`), before the second try. */
  hint(step: LessonStep, v: Verdict, f: LessonFacts): string;
  readonly tryAgain: string;
  readonly sep: string;
  /** A step's mark in the list of steps, for screen readers. */
  mark(o: QuizOutcome | undefined): string;
  readonly summaryTitle: string;
  summary(first: number, second: number, missed: number, open: number): string;
  readonly openLead: string;
  /** Between the titles of the steps not answered. */
  readonly listSep: string;
}

export const quizEn: QuizWords = {
  hint: (step, v, f) => {
    switch (step) {
      case "problem": {
        const line = f.lines.get(v.choice);
        return `Not that one: ${squareOf(v.choice)} is on ${line ? LINE[line] : "a line"} as the queen, so the queen attacks it. Which offered square shares no row, column or diagonal with it?`;
      }
      case "brute": {
        const boards = f.brute[v.choice as keyof LessonFacts["brute"]];
        return `Not that one: that way gives ${boards === undefined ? "many" : num(boards)} boards. Which rule leaves fewer boards to look at?`;
      }
      case "backtrack":
        return "Not that one: the queens of rows 1 to 3 were each placed on a safe square; only the last of them led to a row with no safe square. What is the least the search must undo?";
      case "bitmask":
        return "Not that one: cols | diag | anti has a 1 for every column that is taken or attacked, and ~ turns each 1 into 0. What is left as a 1?";
      case "symmetry":
        return `Not that one: ${num(f.symmetry.solutions)} ÷ 8 = ${num(f.symmetry.solutions / 8)} is not a whole number, and every solution is in exactly one family. What does that say of the families' sizes?`;
      case "complete": {
        const safe = f.questionRows.get(Number(v.choice));
        return safe
          ? `Not that one: row ${num(safe.row + 1)} still has a safe square (${square(safe)}). Look for the row where every square is on a line of some queen.`
          : "Not that one. Look for the row where every square is on a line of some queen.";
      }
      case "growth":
        return "Not that one: look at the table's × column. By how much does the count change from one N to the next?";
      case "judge":
        return "Not that one: the sample input gives k = 2 queens. Count the lines of its output in the box beside the board: does that number depend on k?";
    }
  },
  tryAgain: "Try once more.",
  sep: " ",
  mark: (o) =>
    o === "first"
      ? "answered right at the first try"
      : o === "second"
        ? "answered right at the second try"
        : o === "missed"
          ? "answer missed"
          : "not answered yet",
  summaryTitle: "Your answers",
  summary: (first, second, missed, open) =>
    `${num(first)} right at the first try, ${num(second)} at the second, ${num(missed)} missed${open > 0 ? `, ${num(open)} not answered yet` : ""}.`,
  listSep: ", ",
  openLead: "Not answered yet:",
};
