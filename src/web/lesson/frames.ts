/**
 * The pictures of the problem, bitmask and growth steps as values (the words that say them are
 * model.ts's): the queens of one solution placed a row at a time with the squares they attack,
 * the bitmask search of Watch with its masks as rows of bits, and the published counts as a chart;
 * and the types of the backtracking, symmetry and completion pictures that model.ts makes.
 * Pure; frames.test.ts and model.test.ts test them without a browser.
 */
import { attackKind, type Queen } from "../../board.js";
import { solutions } from "../../solutions.js";
import { walkthrough } from "../../teach/index.js";
import { packStep } from "../steps.js";
import {
  addSteps,
  boardModel,
  codeModel,
  finishTrace,
  length,
  newTrace,
  type Trace,
} from "../watch/parts.js";
import type { GrowthRow } from "./facts.js";

/** The problem's picture: the first k queens of a solution and the squares they attack. */
export interface AttackFrame {
  readonly kind: "attack";
  readonly at: number;
  readonly last: number;
  readonly n: number;
  readonly queens: readonly Queen[];
  /** The empty squares some queen attacks. */
  readonly attacked: readonly Queen[];
  /** The empty squares no queen attacks. */
  readonly free: number;
}

/** The problem's picture at position `at` (0 to n queens) for the library's first solution. */
export function attackFrame(n: number, at: number): AttackFrame {
  const first = solutions(n).next().value as readonly number[];
  const pos = Math.max(0, Math.min(n, at));
  const queens = first.slice(0, pos).map((col, row) => ({ row, col }));
  const attacked: Queen[] = [];
  let free = 0;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const sq = { row, col };
      if (queens.some((q) => q.row === row && q.col === col)) continue;
      if (queens.some((q) => attackKind(q, sq) !== undefined)) attacked.push(sq);
      else free++;
    }
  }
  return { kind: "attack", at: pos, last: n, n, queens, attacked, free };
}

/** A mask of the bitmask search as a row of bits, column 1 first. */
export interface BitRow {
  readonly name: string;
  readonly bits: number;
}

/** The bitmask step's picture: Watch's bitmask search, its masks over the board. */
export interface MaskFrame {
  readonly kind: "masks";
  readonly at: number;
  readonly last: number;
  readonly n: number;
  readonly queens: readonly Queen[];
  /** The square the step placed or took back, outlined. */
  readonly square: readonly Queen[];
  /** cols, diag, anti, free and bit of the current call (none at a solution or the end). */
  readonly masks: readonly BitRow[];
  /** Watch's narration of the step. */
  readonly says: string;
}

/** The board the bitmask picture searches: the tutorials' eight queens. */
const MASK_N = 8;

let maskTrace: Trace | undefined;

function bitmaskTrace(): Trace {
  if (!maskTrace) {
    const trace = newTrace("bitmask", MASK_N, []);
    addSteps(trace, Array.from(walkthrough(MASK_N, { algorithm: "bitmask" }), packStep));
    finishTrace(trace, { ms: 0, truncated: false, timed: null });
    maskTrace = trace;
  }
  return maskTrace;
}

export function maskLast(): number {
  return length(bitmaskTrace());
}

/** The bitmask search at position `at`, as Watch shows it. */
export function maskFrame(at: number): MaskFrame {
  const trace = bitmaskTrace();
  const last = length(trace);
  const pos = Math.max(0, Math.min(last, at));
  const board = boardModel({ trace, pos });
  const code = codeModel({ trace, pos });
  return {
    kind: "masks",
    at: pos,
    last,
    n: MASK_N,
    queens: board.queens.map(({ row, col }) => ({ row, col })),
    square: board.trying ? [board.trying] : [],
    masks: (code.masks ?? []).map(({ name, bits }) => ({ name, bits })),
    says: board.narration,
  };
}

/** Growth's picture: the published counts as bars, one row of the table at a time. */
export interface ChartFrame {
  readonly kind: "chart";
  readonly at: number;
  readonly last: number;
  readonly rows: readonly GrowthRow[];
  /** The row shown. */
  readonly row: GrowthRow;
  /** The count of the row before it (null for the first). */
  readonly before: bigint | null;
}

export function chartFrame(rows: readonly GrowthRow[], at: number): ChartFrame {
  const pos = Math.max(0, Math.min(rows.length - 1, at));
  return {
    kind: "chart",
    at: pos,
    last: rows.length - 1,
    rows,
    row: rows[pos]!,
    before: pos > 0 ? rows[pos - 1]!.count : null,
  };
}

/** What backtracking's picture shows at one of its positions. */
export interface SearchFrame {
  readonly kind: "search";
  /** The position (0: before the first step) and how many steps there are. */
  readonly at: number;
  readonly last: number;
  readonly n: number;
  /** The queens on the board now. */
  readonly queens: readonly Queen[];
  /** The square the step tried (rejected or placed), outlined; none at a return or the end. */
  readonly square: readonly Queen[];
  /** The whole search tree as SVG markup, the path to this step outlined (Watch's tree). */
  readonly tree: string;
  /** What the picture shows now, in words (Watch's narration). */
  readonly says: string;
}

/** What symmetry's picture shows: one class of the 8-queens solutions, its images beside it. */
export interface ClassFrame {
  readonly kind: "class";
  /** The class shown (0-based) and the last one. */
  readonly at: number;
  readonly last: number;
  /** Its canonical solution (columns by row) and how many solutions the class holds. */
  readonly cols: readonly number[];
  readonly orbit: number;
  readonly says: string;
}

/** What completion's picture shows: the board given and the completion's first queens. */
export interface FillFrame {
  readonly kind: "fill";
  readonly at: number;
  readonly last: number;
  readonly n: number;
  readonly given: readonly Queen[];
  /** The completion's queens added so far, in row order (the last one outlined). */
  readonly added: readonly Queen[];
  readonly says: string;
}
