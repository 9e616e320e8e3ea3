/**
 * The figures the lesson's words quote, as types: what model.ts computes (`lessonFacts`) and
 * what the words of each language (text-en.ts, text-ja.ts) take, in a file of their own so that
 * the words do not import the model that picks them.
 */
import type { ConflictKind, Queen } from "../../board.js";

/** How many boards each brute force looks at for n queens on an n×n board. */
export interface BruteCounts {
  /** Any n of the n² squares: C(n², n). */
  readonly squares: bigint;
  /** One queen in each row, in any column: n^n. */
  readonly perRow: bigint;
  /** One queen in each row and each column (a permutation of the columns): n!. */
  readonly permutations: bigint;
}

/** One row of growth's table: the published count and how many times the row before it. */
export interface GrowthRow {
  readonly n: number;
  readonly count: bigint;
  /** count(n) / count(n - 1), where both are not 0. */
  readonly ratio: number | null;
}

/** The symmetry classes (fundamental solutions) of n queens, as the library finds them. */
export interface SymmetryFacts {
  readonly n: number;
  /** All solutions: the classes' sizes added up. */
  readonly solutions: number;
  /** Fundamental solutions (基本解): one per class. */
  readonly classes: number;
  /** How many classes have 8, 4 and 2 members (a class of 1 needs n = 1). */
  readonly bySize: ReadonlyMap<number, number>;
  /** The first class (from 1, in the Gallery's order) with fewer than 8 members, or 0. */
  readonly smallClass: number;
}

/** A partly filled board of the completion step and whether the library can complete it. */
export interface CompletionFacts {
  readonly n: number;
  readonly queens: readonly Queen[];
  /** One completion (columns by row), when there is one. */
  readonly completion: readonly number[] | null;
}

/** What checking a choice says. */
export interface Verdict {
  readonly correct: boolean;
  readonly choice: string;
  readonly answer: string;
}

/** The figures the lesson's words quote, computed once (the symmetry classes take a few ms). */
export interface LessonFacts {
  readonly n: number;
  readonly brute: BruteCounts;
  readonly symmetry: SymmetryFacts;
  readonly completes: CompletionFacts;
  readonly fails: CompletionFacts;
  readonly question: CompletionFacts;
  /**
   * The rows the completion question offers (0-based), each with its first square that no queen
   * attacks, or null for the row that has none left (why the board cannot be completed).
   */
  readonly questionRows: ReadonlyMap<number, Queen | null>;
  /** Whether a queen in a corner of the 4×4 board can be completed (it cannot). */
  readonly cornerOf4: boolean;
  /** The problem step's queen and, for each offered square, the line it shares with it. */
  readonly centre: Queen;
  readonly lines: ReadonlyMap<string, ConflictKind | undefined>;
  /** The squares the problem's question offers, in the order of its choices. */
  readonly offered: readonly Queen[];
  readonly growth: readonly GrowthRow[];
}
