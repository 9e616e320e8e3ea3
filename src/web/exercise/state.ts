/**
 * The exercises' state: the round and question shown, the answer chosen (kept as the radio
 * buttons change, never read back from the page), how many checks the question has had and
 * what the last said, and the round's outcomes so far (kept in localStorage through prefs.ts,
 * so that a reload or a way back keeps them). index.ts changes it; render.ts only reads it.
 */
import { savedExercises, saveExercises } from "../prefs.js";
import { type ExerciseRef, ROUND_LENGTH } from "../state.js";
import {
  checkPick,
  makeQuestion,
  type Outcome,
  outcomeOf,
  type Question,
  type Said,
} from "./model.js";

export interface ExerciseState {
  ref: ExerciseRef | undefined;
  question: Question | undefined;
  chosen: string | undefined;
  /** The picks checked so far (0, 1 or 2); a wrong first pick is greyed out for the second try. */
  tries: number;
  tried: string | undefined;
  said: Said;
  /** The round's outcomes by question (undefined: not finished). */
  outcomes: (Outcome | undefined)[];
}

export function initialState(): ExerciseState {
  return {
    ref: undefined,
    question: undefined,
    chosen: undefined,
    tries: 0,
    tried: undefined,
    said: { kind: "none" },
    outcomes: [],
  };
}

const CODES: Record<Outcome, string> = { first: "f", second: "s", missed: "m" };

/** The round's name as kept: its kind and seed. */
const roundName = (ref: ExerciseRef) => `${ref.kind}.${ref.seed}`;

/** The outcomes kept for `ref`'s round (none for another round). */
function keptOutcomes(ref: ExerciseRef): (Outcome | undefined)[] {
  const [name, codes] = (savedExercises() ?? "").split(":");
  const out: (Outcome | undefined)[] = Array.from({ length: ROUND_LENGTH }, () => undefined);
  if (name !== roundName(ref) || !codes) return out;
  [...codes].slice(0, ROUND_LENGTH).forEach((c, i) => {
    out[i] = (Object.keys(CODES) as Outcome[]).find((o) => CODES[o] === c);
  });
  return out;
}

function keep(es: ExerciseState): void {
  if (!es.ref) return;
  const codes = es.outcomes.map((o) => (o ? CODES[o] : "-")).join("");
  saveExercises(`${roundName(es.ref)}:${codes}`);
}

/**
 * Shows question `ref.at` of its round: asked anew, or, when the round has its outcome already
 * (a reload, Back), as it ended, the answer shown.
 */
export function showQuestion(es: ExerciseState, ref: ExerciseRef): void {
  es.ref = ref;
  es.question = makeQuestion(ref);
  es.outcomes = keptOutcomes(ref);
  es.chosen = undefined;
  es.tried = undefined;
  const done = es.outcomes[ref.at];
  es.tries = done ? (done === "first" ? 1 : 2) : 0;
  es.said =
    done === undefined
      ? { kind: "none" }
      : done === "missed"
        ? { kind: "missed", chosen: "" }
        : { kind: "right", tries: done === "first" ? 1 : 2 };
}

/** Whether the question shown is over (right, or missed twice). */
export function isOver(es: ExerciseState): boolean {
  return es.said.kind === "right" || es.said.kind === "missed";
}

/** Whether every question of the round is over. */
export function roundOver(es: ExerciseState): boolean {
  return es.outcomes.length === ROUND_LENGTH && es.outcomes.every((o) => o !== undefined);
}

/** The reader checks their pick: right, a hint and a second try, or the answer. */
export function check(es: ExerciseState): void {
  const q = es.question;
  if (!q || !es.ref || isOver(es)) return;
  const said = checkPick(q, es.chosen, es.tries + 1);
  es.said = said;
  if (said.kind === "choose") return;
  es.tries++;
  if (said.kind === "hint") {
    es.tried = said.chosen;
    es.chosen = undefined;
  }
  const outcome = outcomeOf(said);
  if (outcome) {
    es.outcomes[es.ref.at] = outcome;
    keep(es);
  }
}
