/**
 * The page's state as it appears in the address: `#mode=play&n=8&q=0:3,1:5`.
 * A link with this fragment reproduces the board. Parsing never throws: a bad N is kept (as NaN
 * when it is not a plain decimal number) so the page can say what was wrong with it, and what the
 * page writes back is the normal form (`n=0x10` is not 16; `page=999` becomes the last page).
 */
import type { Queen } from "../board.js";
import type { PuzzleDifficulty } from "../completion/browser.js";
import { MAX_BOARD_N } from "../limits.js";

export const MODES = ["lesson", "play", "watch", "gallery", "compare"] as const;
export type Mode = (typeof MODES)[number];

/** The ways of writing the search that Watch can follow (see ../lesson.ts, ../lesson-brute.ts). */
export const ALGOS = ["backtrack", "bitmask", "brute"] as const;
export type Algo = (typeof ALGOS)[number];

/**
 * The lesson's steps, in the tutorials' order (lesson/model.ts gives each its live parts and its
 * question). The address names them: `#mode=lesson&step=brute`.
 */
export const LESSON_STEPS = [
  "problem",
  "brute",
  "backtrack",
  "bitmask",
  "symmetry",
  "complete",
  "growth",
  "judge",
] as const;
export type LessonStep = (typeof LESSON_STEPS)[number];

/**
 * The lesson's exercises without end (exercise/model.ts makes their questions): the kinds of
 * question, and a round that mixes them. The address names a round and its question:
 * `#mode=lesson&exercise=safe&seed=17&at=2`.
 */
export const EXERCISE_KINDS = ["safe", "most", "complete", "next"] as const;
export type ExerciseKind = (typeof EXERCISE_KINDS)[number];
export const ROUND_KINDS = [...EXERCISE_KINDS, "mix"] as const;
export type RoundKind = (typeof ROUND_KINDS)[number];
/** Questions in a round. */
export const ROUND_LENGTH = 5;

/** A round of exercises: the kind asked, its seed (9 digits at most), the question shown (0-based). */
export interface ExerciseRef {
  readonly kind: RoundKind;
  readonly seed: number;
  readonly at: number;
}

/** The puzzle levels, as the address writes them. */
export const LEVELS: readonly PuzzleDifficulty[] = ["easy", "medium", "hard"];

/** A puzzle of Play: the level and the seed it is made from (../puzzle.ts). */
export interface PuzzleRef {
  readonly level: PuzzleDifficulty;
  readonly seed: number;
}

export interface PageState {
  readonly mode: Mode;
  /** The size as typed; may be out of range (see {@link sizeProblem}). */
  readonly n: number;
  readonly queens: readonly Queen[];
  /** Watch: the step of the trace shown. */
  readonly step: number;
  /** Gallery: the page shown (0-based). */
  readonly page: number;
  /** Watch: the way of writing the search followed. */
  readonly algo: Algo;
  /** Watch: the search starts from the board's queens (only when asked: `from=board`). */
  readonly from: boolean;
  /** Play: the puzzle being solved, if any. */
  readonly puzzle: PuzzleRef | null;
  /** The symmetry view: in Play 1 when shown, in the Gallery the class shown (from 1); 0 none. */
  readonly sym: number;
  /**
   * The lesson's step: in Lesson the step shown (`step=brute`; null is the first); in another
   * mode the step that opened it (`lesson=brute`), so the page can offer the way back; else null.
   */
  readonly lesson: LessonStep | null;
  /** Lesson: the round of exercises shown instead of the step, if any. */
  readonly exercise: ExerciseRef | null;
}

export const DEFAULT_STATE: PageState = {
  mode: "play",
  n: 8,
  queens: [],
  step: 0,
  page: 0,
  algo: "backtrack",
  from: false,
  puzzle: null,
  sym: 0,
  lesson: null,
  exercise: null,
};

/** Why `n` cannot be drawn (the page words it, see i18n/en.ts), or undefined when it can. */
export type SizeProblem =
  | { readonly kind: "not-number"; readonly max: number }
  | { readonly kind: "not-integer"; readonly n: number; readonly max: number }
  | { readonly kind: "out-of-range"; readonly n: number; readonly max: number };

/** Why `n` cannot be drawn, or undefined when it can. */
export function sizeProblem(n: number): SizeProblem | undefined {
  if (!Number.isFinite(n)) return { kind: "not-number", max: MAX_BOARD_N };
  if (!Number.isInteger(n)) return { kind: "not-integer", n, max: MAX_BOARD_N };
  if (n < 1 || n > MAX_BOARD_N) return { kind: "out-of-range", n, max: MAX_BOARD_N };
  return undefined;
}

/** A size as typed: a plain decimal number (`12`, `2.5`, `-3`), else NaN (`0x10`, `1e1`, `abc`). */
export function parseSize(text: string): number {
  const t = text.trim();
  return /^[+-]?\d{1,6}(\.\d{1,6})?$/.test(t) ? Number(t) : Number.NaN;
}

/** Only the queens that fit on an n×n board (all of them while n is not a size). */
export function fitting(queens: readonly Queen[], n: number): readonly Queen[] {
  if (!Number.isInteger(n) || n < 1) return queens;
  return queens.filter((q) => q.row < n && q.col < n);
}

/**
 * Whether a fragment is a state the page wrote (or an empty one), rather than an in-page anchor
 * such as `#main`: anchors must never replace the state.
 */
export function isStateText(text: string): boolean {
  const t = text.replace(/^[#?]/, "");
  return t === "" || /(^|&)(mode|n|q|step|page|algo|from|puzzle|seed|sym|lesson|exercise)=/.test(t);
}

/**
 * The state a page opens with: the address's, when it names one; else, for a returning reader,
 * the place they were (`saved`, the state text prefs.ts kept); else, on a first visit, the
 * lesson's first step: the lesson is the front door.
 */
export function openingState(hash: string, saved: string | null): PageState {
  const named = (text: string | null): text is string =>
    text !== null && text.replace(/^[#?]/, "") !== "" && isStateText(text);
  if (named(hash)) return parseState(hash);
  if (named(saved)) return parseState(saved);
  return { ...DEFAULT_STATE, mode: "lesson", lesson: LESSON_STEPS[0] };
}

/** A whole number from 0 up, from decimal digits only; otherwise `fallback`. */
function whole(text: string | null, fallback: number): number {
  if (text === null || !/^\d{1,9}$/.test(text.trim())) return fallback;
  return Number(text.trim());
}

/** Reads the state from a location fragment or query (with or without the leading `#`/`?`). */
export function parseState(text: string): PageState {
  const p = new URLSearchParams(text.replace(/^[#?]/, ""));
  const modeText = p.get("mode") ?? "";
  const mode = (MODES as readonly string[]).includes(modeText)
    ? (modeText as Mode)
    : DEFAULT_STATE.mode;
  const nText = p.get("n");
  const n = nText === null || nText.trim() === "" ? DEFAULT_STATE.n : parseSize(nText);
  const queens: Queen[] = [];
  const seen = new Set<string>();
  for (const part of (p.get("q") ?? "").split(",")) {
    const m = /^(\d{1,2})[:.-](\d{1,2})$/.exec(part.trim());
    if (!m) continue;
    const row = Number(m[1]);
    const col = Number(m[2]);
    if (Number.isInteger(n) && (row >= n || col >= n)) continue;
    const key = `${row}:${col}`;
    if (seen.has(key)) continue;
    seen.add(key);
    queens.push({ row, col });
  }
  const step = mode === "watch" ? whole(p.get("step"), 0) : 0;
  const page = mode === "gallery" ? Math.max(0, whole(p.get("page"), 1) - 1) : 0;
  const algoText = p.get("algo") ?? "";
  const algo =
    mode === "watch" && (ALGOS as readonly string[]).includes(algoText)
      ? (algoText as Algo)
      : DEFAULT_STATE.algo;
  const from = mode === "watch" && p.get("from") === "board";
  const levelText = p.get("puzzle") ?? "";
  const level = LEVELS.find((l) => l === levelText);
  const seed = whole(p.get("seed"), -1);
  const puzzle = mode === "play" && level && seed >= 0 && seed <= 2 ** 31 ? { level, seed } : null;
  const sym = mode === "play" || mode === "gallery" ? whole(p.get("sym"), 0) : 0;
  // In Lesson `step` names the step shown (the first when it names none); elsewhere `lesson`
  // names the step that opened the mode.
  const lessonText = p.get(mode === "lesson" ? "step" : "lesson") ?? "";
  const named = LESSON_STEPS.find((id) => id === lessonText) ?? null;
  const lesson = mode === "lesson" ? (named ?? LESSON_STEPS[0]) : named;
  const kind = ROUND_KINDS.find((k) => k === p.get("exercise"));
  const exercise =
    mode === "lesson" && kind && seed >= 0
      ? { kind, seed, at: Math.min(ROUND_LENGTH, Math.max(1, whole(p.get("at"), 1))) - 1 }
      : null;
  return { mode, n, queens, step, page, algo, from, puzzle, sym, lesson, exercise };
}

/** Writes the state as a fragment without the `#`; only what differs from the defaults for a mode. */
export function formatState(s: PageState): string {
  const p = new URLSearchParams();
  p.set("mode", s.mode);
  p.set("n", Number.isNaN(s.n) ? "" : String(s.n));
  if (s.queens.length > 0) {
    const qs = [...s.queens].sort((a, b) => a.row - b.row || a.col - b.col);
    p.set("q", qs.map((q) => `${q.row}:${q.col}`).join(","));
  }
  if (s.mode === "watch" && s.algo !== DEFAULT_STATE.algo) p.set("algo", s.algo);
  if (s.mode === "watch" && s.from) p.set("from", "board");
  if (s.mode === "watch" && s.step > 0) p.set("step", String(s.step));
  if (s.mode === "gallery" && s.page > 0) p.set("page", String(s.page + 1));
  if (s.mode === "play" && s.puzzle) {
    p.set("puzzle", s.puzzle.level);
    p.set("seed", String(s.puzzle.seed));
  }
  if ((s.mode === "play" || s.mode === "gallery") && s.sym > 0) p.set("sym", String(s.sym));
  if (s.mode === "lesson") p.set("step", s.lesson ?? LESSON_STEPS[0]);
  else if (s.lesson) p.set("lesson", s.lesson);
  if (s.mode === "lesson" && s.exercise) {
    p.set("exercise", s.exercise.kind);
    p.set("seed", String(s.exercise.seed));
    if (s.exercise.at > 0) p.set("at", String(s.exercise.at + 1));
  }
  return p.toString().replaceAll("%3A", ":").replaceAll("%2C", ",");
}

/** The queens as one comparable key (order does not matter). */
export function queensKey(queens: readonly Queen[]): string {
  return [...queens]
    .sort((a, b) => a.row - b.row || a.col - b.col)
    .map((q) => `${q.row}:${q.col}`)
    .join(",");
}

/** A puzzle as one comparable key ("" for none). */
export function puzzleKey(p: PuzzleRef | null): string {
  return p ? `${p.level}.${p.seed}` : "";
}

/** A round of exercises and its question as one comparable key ("" for none). */
export function exerciseKey(e: ExerciseRef | null): string {
  return e ? `${e.kind}.${e.seed}.${e.at}` : "";
}

/**
 * The state after a change (`patch`), with the reset rules applied: a new N starts afresh (the
 * queens that fit stay; Watch's step, the gallery's page, the puzzle and the symmetry view go back
 * to none); a new board, algorithm or starting board starts Watch's search again (step 0), and a
 * new board closes Play's symmetry view. A field the patch names is kept as given; a change of
 * mode alone resets nothing.
 */
export function applyChange(state: PageState, patch: Partial<PageState>): PageState {
  const next: PageState = { ...state, ...patch };
  if (patch.n !== undefined && !Object.is(patch.n, state.n)) {
    return {
      ...next,
      queens: fitting(patch.queens ?? state.queens, next.n),
      step: patch.step ?? 0,
      page: patch.page ?? 0,
      puzzle: patch.puzzle ?? null,
      sym: patch.sym ?? 0,
    };
  }
  const restarts =
    (patch.queens !== undefined && queensKey(patch.queens) !== queensKey(state.queens)) ||
    (patch.algo !== undefined && patch.algo !== state.algo) ||
    (patch.from !== undefined && patch.from !== state.from);
  if (!restarts) return next;
  return {
    ...next,
    step: patch.step ?? 0,
    sym: patch.sym ?? (patch.queens !== undefined && next.mode === "play" ? 0 : next.sym),
  };
}

/**
 * Whether going from `a` to `b` is something the user did that Back should undo (a new history
 * entry): a mode, N, board, gallery page, algorithm, starting board, puzzle, symmetry view or
 * lesson step change. Only Watch's step replaces the entry.
 */
export function isNewEntry(a: PageState, b: PageState): boolean {
  return (
    a.mode !== b.mode ||
    !Object.is(a.n, b.n) ||
    a.page !== b.page ||
    a.algo !== b.algo ||
    a.from !== b.from ||
    a.sym !== b.sym ||
    a.lesson !== b.lesson ||
    exerciseKey(a.exercise) !== exerciseKey(b.exercise) ||
    puzzleKey(a.puzzle) !== puzzleKey(b.puzzle) ||
    queensKey(a.queens) !== queensKey(b.queens)
  );
}
