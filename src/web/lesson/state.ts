/**
 * The Lesson's state: the step shown, the answer the reader chose and what the check said (the
 * choice is kept here as the radio buttons change, never read back from the page), the timings
 * made in this browser and the job making them. index.ts changes it through the functions below;
 * render.ts only reads it; model.ts words it. Nothing here touches the page.
 */
import { BRUTE_VARIANTS, type BruteVariant, type TimedResult } from "../../teach/index.js";
import type { Running } from "../jobs.js";
import { savedQuiz, saveQuiz } from "../prefs.js";
import { LESSON_STEPS, type LessonStep } from "../state.js";
import { JUDGE_SAMPLE } from "./judge.js";
import {
  DEFAULT_VARIANT,
  hasSlide,
  slideMove,
  TIMED_SIZES,
  type TimedFigure,
  type Timing,
} from "./model.js";
import { type CheckSays, checkChoice, quizOutcome } from "./quiz.js";
import type { QuizOutcome } from "./quiz-en.js";

/** A step's question as the reader left it: what they chose, how many tries, what was said. */
interface Answered {
  readonly chosen: string | undefined;
  readonly tried: string | undefined;
  readonly tries: number;
  readonly said: CheckSays | undefined;
}

export interface LessonState {
  /** The step shown; undefined while the mode is hidden (the next show draws it anew). */
  shown: LessonStep | undefined;
  /** The choice checked in the step's question (its id), undefined before the reader picks one. */
  chosen: string | undefined;
  /** What the last check said; undefined before the first check of the step. */
  said: CheckSays | undefined;
  /** The checks made with a choice (a wrong first one gets a hint and a second try). */
  tries: number;
  /** The wrong first pick (greyed out for the second try). */
  tried: string | undefined;
  /** Each step's question as it was left, so that a way out (a live part) and back keeps it. */
  readonly answers: Map<LessonStep, Answered>;
  /** How each step's question ended (kept in localStorage through prefs.ts: the steps' marks). */
  readonly outcomes: Map<LessonStep, QuizOutcome>;
  /** Where the step's own picture is (model.ts slideFrame): 0 when the step is shown anew. */
  slide: number;
  /** The brute force that brute force's picture races against backtracking. */
  variant: BruteVariant;
  /** The judge box's text as typed, and the text last solved (the sample at first). */
  judgeInput: string;
  judgeRun: string;
  /** Growth's counts made and timed in this browser, by N (kept while the page lives). */
  readonly timed: Map<number, TimedResult>;
  /** The race's results as far as it has run (empty before the reader starts it). */
  race: TimedResult[];
  timing: Timing;
  /** The timing running, if any (its figure's button is marked busy meanwhile). */
  job: Running<unknown> | undefined;
}

export function initialState(): LessonState {
  return {
    shown: undefined,
    chosen: undefined,
    said: undefined,
    tries: 0,
    tried: undefined,
    answers: new Map(),
    outcomes: keptOutcomes(),
    slide: 0,
    variant: DEFAULT_VARIANT,
    judgeInput: JUDGE_SAMPLE,
    judgeRun: JUDGE_SAMPLE,
    timed: new Map(),
    race: [],
    timing: { kind: "none" },
    job: undefined,
  };
}

const CODES: Record<QuizOutcome, string> = { first: "f", second: "s", missed: "m" };

/** The outcomes kept (`problem:f,brute:m`), steps and codes unknown to this page left out. */
function keptOutcomes(): Map<LessonStep, QuizOutcome> {
  const out = new Map<LessonStep, QuizOutcome>();
  for (const part of (savedQuiz() ?? "").split(",")) {
    const [step, code] = part.split(":");
    const s = LESSON_STEPS.find((x) => x === step);
    const o = (Object.keys(CODES) as QuizOutcome[]).find((x) => CODES[x] === code);
    if (s && o) out.set(s, o);
  }
  return out;
}

/**
 * A step shown anew: its question as the reader left it in this page (unanswered the first
 * time), its race not run, nothing said of a timing.
 */
export function showStep(ls: LessonState, step: LessonStep): void {
  ls.shown = step;
  const a = ls.answers.get(step);
  ls.chosen = a?.chosen;
  ls.tried = a?.tried;
  ls.tries = a?.tries ?? 0;
  ls.said = a?.said;
  ls.slide = 0;
  ls.variant = DEFAULT_VARIANT;
  ls.judgeInput = JUDGE_SAMPLE;
  ls.judgeRun = JUDGE_SAMPLE;
  ls.race = [];
  ls.timing = { kind: "none" };
}

/** The step's picture moves `d` positions (its buttons), kept within its positions. */
export function moveSlide(ls: LessonState, d: number): void {
  if (ls.shown && hasSlide(ls.shown)) ls.slide = slideMove(ls.shown, ls.slide, d, ls.variant);
}

/** Brute force's picture races another way of listing boards, from the start (an unknown one is ignored). */
export function chooseVariant(ls: LessonState, v: string): void {
  const known = BRUTE_VARIANTS.find((b) => b === v);
  if (known === undefined || known === ls.variant) return;
  ls.variant = known;
  ls.slide = 0;
}

/** The judge box's Solve: the text typed is the one solved. */
export function solveJudge(ls: LessonState): void {
  ls.judgeRun = ls.judgeInput;
}

/** The reader picks a choice of the step's question (kept for the way back). */
export function choose(ls: LessonState, choice: string): void {
  ls.chosen = choice;
  remember(ls);
}

/**
 * The reader checks their choice (or checks without one: the check asks for one): right; wrong
 * at the first try, a hint and a second try; wrong again, the answer. Once right or missed, the
 * question is over: a check says the same again.
 */
export function check(ls: LessonState): void {
  const step = ls.shown;
  if (!step || quizOutcome(ls.said, ls.tries)) return;
  const said = checkChoice(step, ls.chosen, ls.tries + 1);
  ls.said = said;
  if (said.kind !== "choose") ls.tries++;
  if (said.kind === "hint") {
    ls.tried = said.verdict.choice;
    ls.chosen = undefined;
  }
  const outcome = quizOutcome(said, ls.tries);
  if (outcome) {
    ls.outcomes.set(step, outcome);
    saveQuiz([...ls.outcomes].map(([s, o]) => `${s}:${CODES[o]}`).join(","));
  }
  remember(ls);
}

function remember(ls: LessonState): void {
  if (!ls.shown) return;
  const { chosen, tried, tries, said } = ls;
  ls.answers.set(ls.shown, { chosen, tried, tries, said });
}

/** A timing starts with the first of its runs (`n`). */
export function timingStarted(ls: LessonState, n: number, job: Running<unknown>): void {
  ls.timing = { kind: "measuring", n };
  ls.job = job;
}

/** One run of a timing ended: growth's line says the next size it counts. */
export function timedOne(ls: LessonState, figure: TimedFigure, r: TimedResult): void {
  if (figure === "race") {
    ls.race.push(r);
    return;
  }
  ls.timed.set(r.n, r);
  const next = TIMED_SIZES.find((n) => n > r.n);
  if (next !== undefined) ls.timing = { kind: "measuring", n: next };
}

/**
 * A timing ended: done, stopped (the reader left the step) or failed. What it says is said even
 * when another step is shown now; the job is forgotten only if it is still this state's.
 */
export function timingEnded(ls: LessonState, job: Running<unknown>, timing: Timing): void {
  ls.timing = timing;
  if (ls.job === job) ls.job = undefined;
}

/** Stops the timing running, if any (a timing serves the step that started it only). */
export function stopTiming(ls: LessonState): void {
  ls.job?.cancel();
  ls.job = undefined;
}
