/**
 * The exercises' words in English (this table's type is the one text-ja.ts must match). The
 * boards, answers and hints come from the model (model.ts); the words only say them.
 */
import type { ConflictKind, Queen } from "../../board.js";
import { num } from "../i18n/index.js";
import type { ExerciseKind, RoundKind } from "../state.js";
import type { Action, Hint, Outcome } from "./model.js";

/** The exercises' words in one language. */
export interface ExerciseWords {
  readonly heading: string;
  readonly intro: string;
  /** The link from the lesson to the exercises, and its note. */
  readonly door: string;
  readonly doorNote: string;
  readonly back: string;
  readonly kindsLabel: string;
  readonly kinds: Readonly<Record<RoundKind, string>>;
  questionOf(k: number, total: number): string;
  readonly progressLabel: string;
  /** A question's mark in the round's progress (read by screen readers). */
  mark(k: number, outcome: Outcome | "current" | "later"): string;
  question(kind: ExerciseKind, n: number, last: Action | undefined): string;
  square(q: Queen): string;
  count(k: number): string;
  yesNo(yes: boolean): string;
  action(a: Action): string;
  readonly check: string;
  readonly pickFirst: string;
  readonly next: string;
  readonly newRound: string;
  right(tries: 1 | 2): string;
  hint(kind: ExerciseKind, h: Hint): string;
  readonly tryAgain: string;
  /** What goes between two sentences (a space in English, nothing in Japanese). */
  readonly sep: string;
  /** The answer, after a second wrong pick or a right one (`extra` a placement's size). */
  answer(kind: ExerciseKind, text: string): string;
  readonly missedLead: string;
  readonly summaryTitle: string;
  summary(first: number, second: number, missed: number, total: number): string;
}

const square = (q: Queen) => `row ${q.row + 1}, column ${q.col + 1}`;
const LINE: Record<ConflictKind, string> = {
  row: "its row",
  column: "its column",
  diagonal: "its ╲ diagonal",
  "anti-diagonal": "its ╱ diagonal",
};
const rows = (rs: readonly number[]) =>
  rs.length === 1
    ? `Row ${num(rs[0]! + 1)} has`
    : `Rows ${rs
        .map((r) => num(r + 1))
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1")} have`;

const did = (a: Action) =>
  a.type === "solution"
    ? "found a solution"
    : a.type === "place"
      ? `placed a queen on ${square(a)}`
      : a.type === "reject"
        ? `rejected ${square(a)} (a queen attacks it)`
        : `taken back the queen on ${square(a)}`;

export const en: ExerciseWords = {
  heading: "Exercises",
  intro:
    "New questions on random boards, five a round. The library works out every answer; a wrong pick gets a hint and a second try.",
  door: "Exercises: new questions without end",
  doorNote:
    "Safe squares, queens that still fit, completions and backtracking's next step, on boards made at random.",
  back: "Back to the lesson",
  kindsLabel: "Kind of question",
  kinds: {
    safe: "Safe squares",
    most: "Queens that still fit",
    complete: "Can it be completed?",
    next: "Backtracking's next step",
    mix: "A mix",
  },
  questionOf: (k, total) => `Question ${num(k)} of ${num(total)}`,
  progressLabel: "This round",
  mark: (k, o) =>
    `Question ${num(k)}: ${
      o === "first"
        ? "right at the first try"
        : o === "second"
          ? "right at the second try"
          : o === "missed"
            ? "missed"
            : o === "current"
              ? "this one"
              : "to come"
    }`,
  question: (kind, n, last) => {
    switch (kind) {
      case "safe":
        return "Which of the outlined squares does no queen attack?";
      case "most":
        return `How many more queens can still be placed on this ${num(n)}×${num(n)} board, at most, none attacking another (the board need not be completed)?`;
      case "complete":
        return `Can this board be completed to ${num(n)} queens, the queens on it kept where they are?`;
      case "next":
        return `Backtracking fills the rows from the top, trying each row's squares from the left. It has just ${last ? did(last) : "started"} (outlined). What does it do next?`;
    }
  },
  square: (q) => square(q).replace(/^r/, "R"),
  count: (k) => num(k),
  yesNo: (yes) => (yes ? "Yes" : "No"),
  action: (a) =>
    a.type === "solution"
      ? "Records a solution"
      : a.type === "place"
        ? `Places a queen on ${square(a)}`
        : a.type === "reject"
          ? `Rejects ${square(a)}: a queen attacks it`
          : `Takes back the queen on ${square(a)}`,
  check: "Check",
  pickFirst: "Pick an answer first.",
  next: "Next question",
  newRound: "New round",
  right: (tries) => (tries === 1 ? "Right, at the first try." : "Right, at the second try."),
  hint: (kind, h) => {
    switch (h.kind) {
      case "attacker":
        return `Not that one: the queen on ${square(h.queen)} attacks ${square(h.square)} along ${LINE[h.line]} (both marked).`;
      case "dead-rows":
        return `Not that one: ${rows(h.rows)} no safe square left (marked), so no queen can go there.`;
      case "safe-squares":
        return "Not that one: the safe squares left are marked. How many of them can hold queens that do not attack each other?";
      case "leads-on":
        return kind === "complete"
          ? `Not that one: a queen on ${square(h.square)} (marked) leads to a solution.`
          : `Not that one: more fit. Start with a queen on ${square(h.square)} (marked).`;
      case "tries":
        return `Not that one: the search tries ${square(h.square)} next (marked). Does a queen attack it?`;
      case "row-done":
        return `Not that one: the search has tried every square of row ${num(h.row + 1)} (marked) without placing a queen.`;
      case "full":
        return "Not that one: every row now holds a queen.";
      case "found":
        return "Not that one: the search has just found a solution, and it goes on to look for more.";
    }
  },
  sep: " ",
  tryAgain: "Try once more.",
  answer: (kind, text) =>
    kind === "most"
      ? `The answer: ${text} (one way is drawn in).`
      : kind === "complete"
        ? `The answer: ${text}.`
        : `The answer: ${text} (marked).`,
  missedLead: "Not that one either.",
  summaryTitle: "Round over",
  summary: (first, second, missed, total) =>
    `Of ${num(total)} questions: ${num(first)} right at the first try, ${num(second)} at the second, ${num(missed)} missed.`,
};
