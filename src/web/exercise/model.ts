/**
 * Exercises without end, as values: questions made from a seed on a random board, each answer
 * worked out by the library (board.ts's lines, the completion's `canComplete`, `completeOne` and
 * `mostQueens`, the walkthrough of teach/), never typed in; the hint a wrong pick gets (the
 * attacking queen, the rows left without a safe square, the square the search tries next, ...),
 * and a round's summary. Pure: render.ts draws it, model.test.ts checks its answers against
 * computations of its own on 200 questions of each kind.
 */
import { attackKind, type ConflictKind, type Queen } from "../../board.js";
import { canComplete, completeOne, mostQueens } from "../../completion/browser.js";
import { seededRandom } from "../../random.js";
import { type WalkStep, walkthrough } from "../../teach/index.js";
import { EXERCISE_KINDS, type ExerciseKind, type ExerciseRef } from "../state.js";

/** One step of the search a `next` question names (the walkthrough's, without its returns). */
export type Action =
  | { readonly type: "place" | "reject" | "remove"; readonly row: number; readonly col: number }
  | { readonly type: "solution" };

/** One choice of a question: its id and what its words need. */
export type Choice =
  | { readonly id: string; readonly kind: "square"; readonly square: Queen }
  | { readonly id: string; readonly kind: "count"; readonly count: number }
  | { readonly id: string; readonly kind: "yes-no"; readonly yes: boolean }
  | { readonly id: string; readonly kind: "action"; readonly action: Action };

/** A question: its board, its choices in the order shown and the right one's id. */
export interface Question {
  readonly kind: ExerciseKind;
  readonly n: number;
  readonly queens: readonly Queen[];
  readonly choices: readonly Choice[];
  readonly answer: string;
  /** `next`: what the search did last (its square outlined on the board). */
  readonly last?: Action;
  /** What the answer shows on the board: a placement that fits, the completion's queens. */
  readonly shows: readonly Queen[];
}

/** What a wrong pick is told before its second try, worked out from the board. */
export type Hint =
  /** The square picked is attacked by `queen` along `line`. */
  | {
      readonly kind: "attacker";
      readonly square: Queen;
      readonly queen: Queen;
      readonly line: ConflictKind;
    }
  /** These free rows have no safe square left: no queen goes there. */
  | { readonly kind: "dead-rows"; readonly rows: readonly number[] }
  /** The safe squares left (they block one another). */
  | { readonly kind: "safe-squares"; readonly squares: readonly Queen[] }
  /** A queen here is part of a placement with more queens, or of a completion. */
  | { readonly kind: "leads-on"; readonly square: Queen }
  /** The search tries this square next. */
  | { readonly kind: "tries"; readonly square: Queen }
  /** The search has tried every square of this row. */
  | { readonly kind: "row-done"; readonly row: number }
  /** Every row holds a queen. */
  | { readonly kind: "full" }
  /** The search has just found a solution (and looks for more). */
  | { readonly kind: "found" };

/** How a question of a round ended. */
export type Outcome = "first" | "second" | "missed";

const key = (q: Queen) => `${q.row}:${q.col}`;
const actionId = (a: Action) =>
  a.type === "solution" ? "solution" : `${a.type}:${a.row}:${a.col}`;

/** The kind of question `at` in a round (a mixed round goes through the kinds from its seed). */
export function kindAt(ref: ExerciseRef): ExerciseKind {
  if (ref.kind !== "mix") return ref.kind;
  return EXERCISE_KINDS[(ref.seed + ref.at) % EXERCISE_KINDS.length]!;
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** The list in an order from the stream (Fisher–Yates). */
function shuffled<T>(rng: Rng, xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Whether `sq` is empty and attacked by none of `queens`. */
function isSafe(queens: readonly Queen[], sq: Queen): boolean {
  return queens.every((q) => !(q.row === sq.row && q.col === sq.col) && !attackKind(q, sq));
}

/** `k` queens, none attacking another, on random squares of the n×n board. */
function randomQueens(rng: Rng, n: number, k: number): Queen[] {
  const out: Queen[] = [];
  for (let tries = 0; out.length < k && tries < 500; tries++) {
    const sq = { row: Math.floor(rng() * n), col: Math.floor(rng() * n) };
    if (isSafe(out, sq)) out.push(sq);
  }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}

function emptySquares(n: number, queens: readonly Queen[]): Queen[] {
  const out: Queen[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (!queens.some((q) => q.row === row && q.col === col)) out.push({ row, col });
    }
  }
  return out;
}

/** Which square is safe: one empty square no queen attacks among three that a queen does. */
function safeQuestion(rng: Rng): Question {
  for (;;) {
    const n = 5 + Math.floor(rng() * 4);
    const queens = randomQueens(rng, n, 2 + Math.floor(rng() * 2));
    const empty = emptySquares(n, queens);
    const safe = empty.filter((sq) => isSafe(queens, sq));
    const attacked = empty.filter((sq) => !isSafe(queens, sq));
    if (safe.length === 0 || attacked.length < 3) continue;
    const right = pick(rng, safe);
    const squares = shuffled(rng, [right, ...shuffled(rng, attacked).slice(0, 3)]);
    return {
      kind: "safe",
      n,
      queens,
      choices: squares.map((square) => ({ id: key(square), kind: "square", square })),
      answer: key(right),
      shows: [right],
    };
  }
}

/** How many queens still fit (the most): four counts in a row, the library's among them. */
function mostQuestion(rng: Rng): Question {
  const n = 5 + Math.floor(rng() * 4);
  const queens = randomQueens(rng, n, 2 + Math.floor(rng() * 3));
  const { added } = mostQueens({ n, queens });
  const most = added.length;
  const top = n - queens.length;
  const lo = Math.max(0, Math.min(most - Math.floor(rng() * 4), top - 3));
  const counts = Array.from({ length: Math.min(4, top + 1) }, (_, i) => lo + i);
  return {
    kind: "most",
    n,
    queens,
    choices: counts.map((count) => ({ id: String(count), kind: "count", count })),
    answer: String(most),
    shows: added,
  };
}

/** Can the board be completed? Yes and no about as often, decided by the library. */
function completeQuestion(rng: Rng): Question {
  const yes = rng() < 0.5;
  for (let tries = 0; ; tries++) {
    const n = 6 + Math.floor(rng() * 3);
    const queens = randomQueens(rng, n, 2 + Math.floor(rng() * 2));
    const can = canComplete({ n, queens });
    if (can !== yes && tries < 60) continue;
    const found = can ? (completeOne({ n, queens }) ?? []) : [];
    const given = new Set(queens.map((q) => q.row));
    return {
      kind: "complete",
      n,
      queens,
      choices: [
        { id: "yes", kind: "yes-no", yes: true },
        { id: "no", kind: "yes-no", yes: false },
      ],
      answer: can ? "yes" : "no",
      shows: found.flatMap((col, row) => (given.has(row) ? [] : [{ row, col }])),
    };
  }
}

const walks = new Map<number, Action[]>();

/** The backtracking walkthrough's steps for n queens, without its returns and its end. */
function actionsOf(n: number): Action[] {
  let out = walks.get(n);
  if (!out) {
    out = [];
    for (const s of walkthrough(n) as Iterable<WalkStep>) {
      if (s.type === "place" || s.type === "reject" || s.type === "remove") {
        out.push({ type: s.type, row: s.row, col: s.col });
      } else if (s.type === "solution") out.push({ type: "solution" });
    }
    walks.set(n, out);
  }
  return out;
}

/** The queens on the board after the first `k` actions. */
function queensAfter(actions: readonly Action[], k: number): Queen[] {
  const on: Queen[] = [];
  for (const a of actions.slice(0, k)) {
    if (a.type === "place") on.push({ row: a.row, col: a.col });
    else if (a.type === "remove") on.pop();
  }
  return on;
}

/**
 * What backtracking does next, from the walkthrough: the step that follows the one shown, among
 * the other verb on its square, taking the last queen back, the square after it and a solution.
 */
function nextQuestion(rng: Rng): Question {
  const n = 4 + Math.floor(rng() * 3);
  const actions = actionsOf(n);
  const i = 1 + Math.floor(rng() * (actions.length - 1));
  const answer = actions[i]!;
  const last = actions[i - 1]!;
  const queens = queensAfter(actions, i);
  const top = queens[queens.length - 1];
  const cs = answer.type === "solution" ? undefined : answer.type === "remove" ? top : answer;
  const others: Action[] = [];
  if (cs && answer.type !== "remove") {
    others.push({ type: answer.type === "place" ? "reject" : "place", row: cs.row, col: cs.col });
  }
  if (top) others.push({ type: "remove", row: top.row, col: top.col });
  if (cs && cs.col + 1 < n) {
    others.push({ type: "place", row: cs.row, col: cs.col + 1 });
    others.push({ type: "reject", row: cs.row, col: cs.col + 1 });
  }
  if (queens.length >= n - 1) others.push({ type: "solution" });
  if (top && top.row + 1 < n) others.push({ type: "place", row: top.row + 1, col: 0 });
  // Going back two rows at once; the queen on top moved on without being taken back.
  const below = queens[queens.length - 2];
  if (below) others.push({ type: "remove", row: below.row, col: below.col });
  if (top && top.col + 1 < n) others.push({ type: "place", row: top.row, col: top.col + 1 });
  if (others.length < 3) others.push({ type: "solution" });
  const seen = new Set([actionId(answer)]);
  const wrong = shuffled(rng, others).filter((a) => {
    const id = actionId(a);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const chosen = shuffled(rng, [answer, ...wrong.slice(0, 3)]);
  return {
    kind: "next",
    n,
    queens,
    last,
    choices: chosen.map((action) => ({ id: actionId(action), kind: "action", action })),
    answer: actionId(answer),
    shows: answer.type === "solution" ? [] : [{ row: answer.row, col: answer.col }],
  };
}

/** The seed of question `at` of a round (safe integers for any round seed up to 2^31). */
function questionSeed(ref: ExerciseRef): number {
  return ref.seed * 64 + ref.at * 4 + EXERCISE_KINDS.indexOf(kindAt(ref));
}

/** Question `at` of the round `ref`: the same for the same address, on every machine. */
export function makeQuestion(ref: ExerciseRef): Question {
  const rng = seededRandom(questionSeed(ref));
  switch (kindAt(ref)) {
    case "safe":
      return safeQuestion(rng);
    case "most":
      return mostQuestion(rng);
    case "complete":
      return completeQuestion(rng);
    case "next":
      return nextQuestion(rng);
  }
}

/** The hint for a wrong pick (`chosen`, not the answer), worked out from the board. */
export function hintFor(q: Question, chosen: string): Hint {
  const { n, queens } = q;
  switch (q.kind) {
    case "safe": {
      const c = q.choices.find((x) => x.id === chosen);
      const square = c?.kind === "square" ? c.square : { row: 0, col: 0 };
      const queen = queens.find((x) => attackKind(x, square)) ?? queens[0]!;
      return { kind: "attacker", square, queen, line: attackKind(queen, square) ?? "row" };
    }
    case "most": {
      const { added, deadRows } = mostQueens({ n, queens });
      if (Number(chosen) < added.length) return { kind: "leads-on", square: added[0]! };
      if (deadRows.length > 0) return { kind: "dead-rows", rows: deadRows };
      return {
        kind: "safe-squares",
        squares: emptySquares(n, queens).filter((s) => isSafe(queens, s)),
      };
    }
    case "complete": {
      if (q.answer === "yes") return { kind: "leads-on", square: q.shows[0]! };
      const { deadRows } = mostQueens({ n, queens });
      if (deadRows.length > 0) return { kind: "dead-rows", rows: deadRows };
      return {
        kind: "safe-squares",
        squares: emptySquares(n, queens).filter((s) => isSafe(queens, s)),
      };
    }
    case "next": {
      const a = q.choices.find((x) => x.id === q.answer);
      const action = a?.kind === "action" ? a.action : ({ type: "solution" } as const);
      if (action.type === "solution") return { kind: "full" };
      if (action.type === "remove") {
        return action.row + 1 < n ? { kind: "row-done", row: action.row + 1 } : { kind: "found" };
      }
      return { kind: "tries", square: { row: action.row, col: action.col } };
    }
  }
}

/** What a check of the question said, kept by the state. */
export type Said =
  /** Nothing checked yet, or a check without a choice. */
  | { readonly kind: "none" }
  | { readonly kind: "choose" }
  | { readonly kind: "right"; readonly tries: 1 | 2 }
  | { readonly kind: "hint"; readonly chosen: string; readonly hint: Hint }
  | { readonly kind: "missed"; readonly chosen: string };

/**
 * Checks `chosen` at try `tries` (1 or 2): right; wrong at the first try (a hint, one more try);
 * wrong at the second (the answer shown).
 */
export function checkPick(q: Question, chosen: string | undefined, tries: number): Said {
  if (chosen === undefined || !q.choices.some((c) => c.id === chosen)) return { kind: "choose" };
  if (chosen === q.answer) return { kind: "right", tries: tries <= 1 ? 1 : 2 };
  if (tries <= 1) return { kind: "hint", chosen, hint: hintFor(q, chosen) };
  return { kind: "missed", chosen };
}

/** The outcome a finished check gives the round, or undefined while the question is open. */
export function outcomeOf(said: Said): Outcome | undefined {
  if (said.kind === "right") return said.tries === 1 ? "first" : "second";
  return said.kind === "missed" ? "missed" : undefined;
}

/** A round's summary: how many were right at the first try, at the second, and missed. */
export function summary(outcomes: readonly (Outcome | undefined)[]): Record<Outcome, number> {
  const s = { first: 0, second: 0, missed: 0 };
  for (const o of outcomes) if (o) s[o]++;
  return s;
}

/** What the board shows: the queens, the squares outlined (choices, the last step) and hinted. */
export interface BoardMarks {
  readonly n: number;
  readonly queens: readonly Queen[];
  readonly outlined: readonly Queen[];
  readonly hinted: readonly Queen[];
  /** Queens of the answer drawn in (a placement that fits, a completion), faded. */
  readonly shown: readonly Queen[];
}

/** The board as the question stands: after a hint its squares, after the end the answer's. */
export function boardMarks(q: Question, said: Said): BoardMarks {
  const outlined =
    q.kind === "safe"
      ? q.choices.flatMap((c) => (c.kind === "square" ? [c.square] : []))
      : q.last && q.last.type !== "solution"
        ? [{ row: q.last.row, col: q.last.col }]
        : [];
  const done = said.kind === "right" || said.kind === "missed";
  const hinted =
    said.kind === "hint"
      ? hintSquares(q.n, said.hint)
      : done && (q.kind === "safe" || q.kind === "next")
        ? q.shows
        : [];
  const shown = done && (q.kind === "most" || q.kind === "complete") ? q.shows : [];
  return { n: q.n, queens: q.queens, outlined, hinted, shown };
}

function hintSquares(n: number, h: Hint): Queen[] {
  const row = (r: number) => Array.from({ length: n }, (_, col) => ({ row: r, col }));
  switch (h.kind) {
    case "attacker":
      return [h.square, h.queen];
    case "dead-rows":
      return h.rows.flatMap(row);
    case "safe-squares":
      return [...h.squares];
    case "leads-on":
    case "tries":
      return [h.square];
    case "row-done":
      return row(h.row);
    case "full":
    case "found":
      return [];
  }
}

/** A new round's seed from a number (a time, a click): a whole number below 10^9 (9 digits). */
export function newSeed(from: number): number {
  return Math.floor(seededRandom(Math.floor(from) % 2 ** 40)() * 1e9);
}
