/**
 * The lesson as values, without a page: the steps in order and their neighbours, each step's live
 * parts (the states of Play, Watch, Gallery and Compare it opens, each carrying the way back), its
 * one question with the answer worked out, and the figures its words quote. Every figure is
 * computed here (the brute-force counts as bigints, the symmetry classes and the completions by
 * the library) or is a published count named as such (`KNOWN_COUNTS`); nothing is typed in
 * from a tutorial. render.ts draws it; model.test.ts tests it without a browser.
 */
import { attackKind, type Queen } from "../../board.js";
import { canComplete, completeOne, mostQueens } from "../../completion/browser.js";
import { unique } from "../../solutions.js";
import {
  type AlgorithmName,
  type BruteVariant,
  bruteVariantCount,
  walkthrough,
} from "../../teach/index.js";
import { lang } from "../i18n/index.js";
import {
  DEFAULT_STATE,
  formatState,
  LESSON_STEPS,
  type LessonStep,
  type PageState,
} from "../state.js";
import { packStep } from "../steps.js";
import {
  addSteps,
  boardModel,
  finishTrace,
  length,
  newTrace,
  replayAt,
  type Trace,
  wholeTree,
} from "../watch/parts.js";
import type {
  BruteCounts,
  CompletionFacts,
  GrowthRow,
  LessonFacts,
  SymmetryFacts,
  Verdict,
} from "./facts.js";
import {
  type AttackFrame,
  attackFrame,
  type ChartFrame,
  type ClassFrame,
  chartFrame,
  type FillFrame,
  type MaskFrame,
  maskFrame,
  maskLast,
  type SearchFrame,
} from "./frames.js";
import { JUDGE_SAMPLE, runJudge } from "./judge.js";
import { type RaceFrame, raceFrame, raceStops } from "./race.js";
import { en, type LessonWords } from "./text-en.js";
import { ja } from "./text-ja.js";

/** The lesson's words in the page's language now. */
export function words(): LessonWords {
  return lang() === "ja" ? ja : en;
}

/** Where a step stands in the lesson. */
export interface Place {
  /** 0-based. */
  readonly index: number;
  readonly total: number;
  readonly prev: LessonStep | null;
  readonly next: LessonStep | null;
}

/** Where `step` stands in the lesson. */
export function placeOf(step: LessonStep): Place {
  const index = LESSON_STEPS.indexOf(step);
  return {
    index,
    total: LESSON_STEPS.length,
    prev: LESSON_STEPS[index - 1] ?? null,
    next: LESSON_STEPS[index + 1] ?? null,
  };
}

/** The address of a step of the lesson, for links a teacher can share. */
export function stepHref(step: LessonStep): string {
  return `#${formatState({ ...DEFAULT_STATE, mode: "lesson", lesson: step })}`;
}

/** The eight-queens board of the tutorials: every figure of the lesson is for it but growth's. */
const N = 8;

/** The three brute forces' board counts for n queens, as the tutorials compare them (the library's). */
export function bruteCounts(n: number): BruteCounts {
  return {
    squares: bruteVariantCount("squares", n),
    perRow: bruteVariantCount("per-row", n),
    permutations: bruteVariantCount("permutations", n),
  };
}

/**
 * The solutions of OEIS A000170 for n = 1 to 20 (index n - 1), the published counts of the
 * page's sizes: growth's table quotes them as published, never as measured here
 * (model.test.ts checks them against the library's count and the test data's known counts).
 */
export const KNOWN_COUNTS: readonly bigint[] = [
  1n,
  0n,
  0n,
  2n,
  10n,
  4n,
  40n,
  92n,
  352n,
  724n,
  2680n,
  14200n,
  73712n,
  365596n,
  2279184n,
  14772512n,
  95815104n,
  666090624n,
  4968057848n,
  39029188884n,
];

/**
 * The sizes growth's table counts and times in this browser on request (the library's bitmask
 * search, in a worker, each timed by `timeAlgorithm`): each size is about four to six times the
 * work of the one before, and 13 keeps the wait short.
 */
export const TIMED_SIZES: readonly number[] = Array.from({ length: 10 }, (_, i) => i + 4);

/**
 * Brute force's race, run here on request: brute force over any n squares against backtracking on
 * bitmasks on the same board, each timed by the library in a worker. n = 6: C(36, 6) = 1,947,792
 * placements (n = 7 has 44 times as many).
 */
export const RACE_N = 6;
export const RACE: readonly { readonly name: AlgorithmName; readonly n: number }[] = [
  { name: "brute-force", n: RACE_N },
  { name: "bitmask", n: RACE_N },
];

/**
 * Seconds brute force would take for `boards` placements at the rate it showed here
 * (`placements` in `seconds`): an estimate from a measurement, said as one.
 */
export function estimateSeconds(boards: bigint, placements: number, seconds: number): number {
  return (Number(boards) * seconds) / placements;
}

/** Growth's table, from n = 4 (the first size after 1 with any solution). */
function growthRows(): GrowthRow[] {
  const rows: GrowthRow[] = [];
  for (let n = 4; n <= KNOWN_COUNTS.length; n++) {
    const count = KNOWN_COUNTS[n - 1]!;
    const before = KNOWN_COUNTS[n - 2]!;
    rows.push({ n, count, ratio: before > 0n ? Number(count) / Number(before) : null });
  }
  return rows;
}

/** The symmetry classes of n queens (n = 8 in the lesson; the Gallery shows the same order). */
export function symmetryFacts(n: number): SymmetryFacts {
  const bySize = new Map<number, number>();
  let solutions = 0;
  let classes = 0;
  let smallClass = 0;
  for (const { orbit } of unique(n)) {
    classes++;
    solutions += orbit;
    bySize.set(orbit, (bySize.get(orbit) ?? 0) + 1);
    if (orbit < 8 && smallClass === 0) smallClass = classes;
  }
  return { n, solutions, classes, bySize, smallClass };
}

function completionFacts(n: number, queens: readonly Queen[]): CompletionFacts {
  const found = completeOne({ n, queens });
  return { n, queens, completion: found ?? null };
}

/** The boards the completion step shows: two queens that attack nothing in both. */
const COMPLETES: readonly Queen[] = [
  { row: 0, col: 0 },
  { row: 1, col: 4 },
];
const FAILS: readonly Queen[] = [
  { row: 0, col: 0 },
  { row: 1, col: 2 },
];
/**
 * The question's board: three queens attacking nothing, and one free row left without a safe
 * square (the library's `mostQueens` names it), so it cannot be completed: a dead end that can
 * be reasoned out. The question offers four of its free rows.
 */
const QUESTION_BOARD: readonly Queen[] = [
  { row: 0, col: 1 },
  { row: 3, col: 2 },
  { row: 7, col: 5 },
];
const QUESTION_ROWS: readonly number[] = [1, 2, 4, 5];

/** Each offered row's first square no queen attacks, or null when it has none. */
function questionRows(): Map<number, Queen | null> {
  const free = (row: number) =>
    Array.from({ length: N }, (_, col) => ({ row, col })).find(
      (sq) => !QUESTION_BOARD.some((q) => attackKind(q, sq) !== undefined),
    ) ?? null;
  return new Map(QUESTION_ROWS.map((row) => [row, free(row)]));
}

/** The problem step's queen, and the squares its question offers. */
const CENTRE: Queen = { row: 3, col: 3 };
const SQUARES: readonly Queen[] = [
  { row: 0, col: 0 },
  { row: 3, col: 7 },
  { row: 5, col: 4 },
  { row: 7, col: 3 },
];

const squareId = (q: Queen) => `${q.row}:${q.col}`;

/** A live part of the page that a step opens: the state it opens (with the way back). */
export interface LivePart {
  /** Names the link's words (text-en.ts). */
  readonly key: string;
  readonly state: PageState;
}

/** The states each step opens; every one carries the step (`lesson=`), for the way back. */
function liveParts(step: LessonStep): LivePart[] {
  const at = (key: string, patch: Partial<PageState>): LivePart => ({
    key,
    state: { ...DEFAULT_STATE, n: N, ...patch, lesson: step },
  });
  switch (step) {
    case "problem":
      return [at("play", { mode: "play" }), at("attacks", { mode: "play", queens: [CENTRE] })];
    case "brute":
      return [
        at("watch-brute", { mode: "watch", n: 5, algo: "brute" }),
        at("compare", { mode: "compare" }),
      ];
    case "backtrack":
      return [at("watch-small", { mode: "watch", n: 4 }), at("watch", { mode: "watch" })];
    case "bitmask":
      return [at("watch-bitmask", { mode: "watch", algo: "bitmask" })];
    case "symmetry":
      return [
        at("gallery", { mode: "gallery" }),
        at("gallery-small", { mode: "gallery", sym: lessonFacts().symmetry.smallClass }),
      ];
    case "complete":
      return [
        at("play-completes", { mode: "play", queens: COMPLETES }),
        at("play-fails", { mode: "play", queens: FAILS }),
        at("watch-fails", { mode: "watch", queens: FAILS, from: true }),
      ];
    case "growth":
      return [at("compare", { mode: "compare" }), at("gallery", { mode: "gallery", n: 14 })];
    case "judge": {
      const sample = runJudge(JUDGE_SAMPLE);
      const given = sample.ok ? sample.given : [];
      return [at("watch-judge", { mode: "watch", queens: given, from: true })];
    }
  }
}

/** One question: the choices in the order shown, and the right one. */
interface Question {
  readonly choices: readonly string[];
  readonly answer: string;
}

let facts: LessonFacts | undefined;

export function lessonFacts(): LessonFacts {
  facts ??= {
    n: N,
    brute: bruteCounts(N),
    symmetry: symmetryFacts(N),
    completes: completionFacts(N, COMPLETES),
    fails: completionFacts(N, FAILS),
    question: completionFacts(N, QUESTION_BOARD),
    questionRows: questionRows(),
    cornerOf4: canComplete({ n: 4, queens: [{ row: 0, col: 0 }] }),
    centre: CENTRE,
    lines: new Map(SQUARES.map((q) => [squareId(q), attackKind(CENTRE, q)])),
    offered: SQUARES,
    growth: growthRows(),
  };
  return facts;
}

/** The question of a step; where the answer is a fact, it is worked out from the facts. */
function questionOf(step: LessonStep): Question {
  const f = lessonFacts();
  switch (step) {
    case "problem": {
      // The one offered square that shares no line with the queen.
      const choices = SQUARES.map(squareId);
      return { choices, answer: choices.find((id) => f.lines.get(id) === undefined)! };
    }
    case "brute": {
      // The way with the fewest boards to look at.
      const choices = ["squares", "perRow", "permutations"] as const;
      const least = [...choices].sort((a, b) => (f.brute[a] < f.brute[b] ? -1 : 1))[0]!;
      return { choices, answer: least };
    }
    case "backtrack":
      return { choices: ["restart", "undo", "carry-on"], answer: "undo" };
    case "bitmask":
      return { choices: ["queen", "attacked", "free"], answer: "free" };
    case "symmetry":
      // 92 / 8 is not whole: some class must be smaller than 8.
      return {
        choices: ["missed", "small-class", "mirrors"],
        answer: f.symmetry.bySize.size > 1 ? "small-class" : "missed",
      };
    case "complete":
      // The row with no safe square left, as the library's search for the most queens says.
      return {
        choices: QUESTION_ROWS.map(String),
        answer: String(mostQueens({ n: N, queens: QUESTION_BOARD }).deadRows[0]),
      };
    case "growth":
      return { choices: ["adds", "doubles", "multiplies"], answer: "multiplies" };
    case "judge":
      // The output is the whole board, whatever k is: one line per row.
      return { choices: ["k", "rest", "rows"], answer: "rows" };
  }
}

/** Everything a step shows but its words. */
export interface StepModel {
  readonly id: LessonStep;
  readonly place: Place;
  readonly href: string;
  readonly live: readonly LivePart[];
  readonly question: Question;
}

export function stepModel(step: LessonStep): StepModel {
  return {
    id: step,
    place: placeOf(step),
    href: stepHref(step),
    live: liveParts(step),
    question: questionOf(step),
  };
}

/** Checks a choice; undefined when `choice` is not one of the step's (nothing to say yet). */
export function checkAnswer(step: LessonStep, choice: string): Verdict | undefined {
  const q = questionOf(step);
  if (!q.choices.includes(choice)) return undefined;
  return { correct: choice === q.answer, choice, answer: q.answer };
}

/** The address of a live part (with `lesson=` for the way back). */
export function liveHref(part: LivePart): string {
  return `#${formatState(part.state)}`;
}

/** What the timing line under growth's table or brute force's race says. */
export function timingText(timing: Timing): string {
  const w = words();
  switch (timing.kind) {
    case "none":
      return "";
    case "measuring":
      return w.growth.measuring(timing.n);
    case "done":
      return timing.figure === "growth" ? w.growth.measured : w.brute.raced;
    case "cancelled":
      return w.growth.cancelled;
    case "failed":
      return w.growth.failed(timing.message);
  }
}

/**
 * The browser tab's title while the lesson shows `step` ("3/7 Backtracking — N-Queens lesson"):
 * a teacher's tab, a bookmark and the history list say where in the lesson they are.
 */
export function lessonTitle(step: LessonStep | null): string {
  const w = words();
  const at = step ?? LESSON_STEPS[0];
  return w.pageTitle(LESSON_STEPS.indexOf(at) + 1, LESSON_STEPS.length, w.steps[at].short);
}

/** What the timing line says (model.ts timingText words it). */
export type Timing =
  | { readonly kind: "none" }
  | { readonly kind: "measuring"; readonly n: number }
  | { readonly kind: "done"; readonly figure: TimedFigure }
  | { readonly kind: "cancelled" }
  | { readonly kind: "failed"; readonly message: string };

/** The step's own figures that run in a worker: growth's counts, brute force's race. */
export type TimedFigure = "growth" | "race";

/**
 * The steps whose own picture moves with the step's buttons (a slide): the problem places one
 * solution's queens a row at a time, brute force races backtracking, backtracking follows the
 * search for 4 queens, bitmasks follow Watch's bitmask search with its masks, symmetry goes
 * through the families of 8 queens, completion fills the board it gives, a row at a time, growth
 * goes through the published counts. The judge step's picture is its box's board.
 */
export type SlideStep = Exclude<LessonStep, "judge">;

export function hasSlide(step: LessonStep): step is SlideStep {
  return step !== "judge";
}

/** The brute force the race shows first: the permutations, the tutorials' last and fastest. */
export const DEFAULT_VARIANT: BruteVariant = "permutations";

/** The board backtracking's picture searches: 4 queens, small enough for its whole tree. */
export const SEARCH_N = 4;

let search: Trace | undefined;

/** Watch's trace of the backtracking search for SEARCH_N queens, from the library's walkthrough. */
function searchTrace(): Trace {
  if (!search) {
    const trace = newTrace("backtrack", SEARCH_N, []);
    addSteps(trace, Array.from(walkthrough(SEARCH_N), packStep));
    finishTrace(trace, { ms: 0, truncated: false, timed: null });
    search = trace;
  }
  return search;
}

/** What the problem's, brute force's, bitmasks' and growth's pictures show, with their words. */
type Said<T> = T & { readonly says: string };

export type SlideFrame =
  | SearchFrame
  | ClassFrame
  | FillFrame
  | Said<AttackFrame>
  | Said<RaceFrame>
  | MaskFrame
  | Said<ChartFrame>;

/** The queens the library's completion adds to completion's board, in row order. */
function fillQueens(): Queen[] {
  const { queens, completion } = lessonFacts().completes;
  const given = new Set(queens.map((q) => q.row));
  return (completion ?? []).flatMap((col, row) => (given.has(row) ? [] : [{ row, col }]));
}

/** The last position of a step's picture (its first is 0); brute force's depends on its way. */
export function slideLast(step: SlideStep, variant: BruteVariant = DEFAULT_VARIANT): number {
  switch (step) {
    case "problem":
      return N;
    case "brute":
      return raceStops(variant).length;
    case "bitmask":
      return maskLast();
    case "growth":
      return lessonFacts().growth.length - 1;
    case "complete":
      return fillQueens().length;
    case "backtrack":
      return length(searchTrace());
    case "symmetry":
      return classesOf8().length - 1;
  }
}

/** A position moved by `d` within a step's picture, kept inside it. */
export function slideMove(
  step: SlideStep,
  at: number,
  d: number,
  variant: BruteVariant = DEFAULT_VARIANT,
): number {
  return Math.max(0, Math.min(slideLast(step, variant), at + d));
}

let classes: { readonly solution: readonly number[]; readonly orbit: number }[] | undefined;

function classesOf8(): readonly { readonly solution: readonly number[]; readonly orbit: number }[] {
  classes ??= [...unique(N)];
  return classes;
}

/** What a step's picture shows at position `at` (clamped to its positions). */
export function slideFrame(
  step: SlideStep,
  at: number,
  variant: BruteVariant = DEFAULT_VARIANT,
): SlideFrame {
  const w = words().slide;
  if (step === "problem") {
    const f = attackFrame(N, at);
    return { ...f, says: w.attackSays(f.at, f.n, f.attacked.length, f.free) };
  }
  if (step === "brute") {
    const f = raceFrame(variant, at);
    return { ...f, says: w.raceSays(f) };
  }
  if (step === "bitmask") return maskFrame(at);
  if (step === "growth") {
    const f = chartFrame(lessonFacts().growth, at);
    return { ...f, says: w.chartSays(f.row, f.before) };
  }
  const last = slideLast(step);
  const pos = Math.max(0, Math.min(last, at));
  if (step === "complete") {
    const added = fillQueens().slice(0, pos);
    const f = lessonFacts().completes;
    return {
      kind: "fill",
      at: pos,
      last,
      n: f.n,
      given: f.queens,
      added,
      says: words().slide.fillSays(pos, last, added[pos - 1] ?? null, f.n),
    };
  }
  if (step === "symmetry") {
    const c = classesOf8()[pos]!;
    const f = lessonFacts().symmetry;
    return {
      kind: "class",
      at: pos,
      last,
      cols: c.solution,
      orbit: c.orbit,
      says: words().slide.classSays(pos + 1, last + 1, c.orbit, f.solutions),
    };
  }
  const trace = searchTrace();
  const picture = boardModel({ trace, pos });
  const replay = replayAt(trace, pos)!;
  return {
    kind: "search",
    at: pos,
    last,
    n: SEARCH_N,
    queens: picture.queens.map(({ row, col }) => ({ row, col })),
    square: picture.trying ? [picture.trying] : [],
    tree: wholeTree(trace.tree!, replay).svg,
    says: picture.narration,
  };
}
