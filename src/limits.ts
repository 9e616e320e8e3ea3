/**
 * The size limits, in one place and one word order (MAX_<what>_N): what every reader of input
 * accepts (checked while reading, before memory is spent on what lies beyond it) and the largest
 * n each function takes. The README's "Size limits" table lists them with the commands' own.
 */

/** The most bytes a command reads as a board (a file or standard input): 32 MiB. */
export const MAX_INPUT_BYTES = 32 * 2 ** 20;

/**
 * The largest board size read from a list of queens (perm, perm1, lines, squares, aoj, json
 * columns or queens), and the most queens one input may hold.
 */
export const MAX_PARSE_N = 1_000_000;

/**
 * The largest board read square by square (the matrix styles dots, compact, stars, binary, and
 * cells, grid, unicode, a JSON 0/1 matrix): 2,000 rows of 2,000 cells.
 */
export const MAX_MATRIX_N = 2_000;

/** The deepest nesting of arrays and objects a JSON board may have (a board needs 3). */
export const MAX_JSON_DEPTH = 16;

/** The largest board size the completion functions accept. */
export const MAX_COMPLETE_N = 1_000_000;

/** The largest n `minConflicts` accepts. */
export const MAX_MIN_CONFLICTS_N = 10_000_000;

/** The largest n `solutions` accepts (bit masks up to 32, a line board beyond). */
export const MAX_SOLUTIONS_N = 1000;

/** The largest n `construct` accepts. */
export const MAX_CONSTRUCT_N = 10_000_000;

/** The largest n `solve` accepts. */
export const MAX_SOLVE_N = 10_000_000;

/**
 * The largest n for `backtrack`. The first solution in lexicographic order takes at most about
 * 0.15 s up to n = 29 (n = 22 and 28 are the slow ones), and 0.4 to 3 s for n = 30 to 32; beyond
 * 32 the bit masks no longer fit and the search time grows erratically.
 */
export const MAX_BACKTRACK_N = 32;

/** The largest board the hint is computed for (the completion checks use 32-bit masks). */
export const MAX_HINT_N = 32;

/**
 * The most non-blank lines `inputLines` returns, plus one: every judge's input is far
 * shorter (300 cases at most), so one more line than this is always malformed, and a hostile
 * input of millions of lines costs no memory.
 */
export const MAX_JUDGE_LINES = 100_000;

/**
 * The largest n whose whole search tree is profiled (`treeProfile`, nodes per depth) where a person
 * waits for it: the command and the page (n = 16 takes about 25 s).
 */
export const MAX_PROFILE_N = 15;

/** The largest n the plain counter (`count`, engine/plain.ts) accepts (32-bit masks). */
export const MAX_COUNT_N = 32;

/** The largest board `trace` and `treeProfile` accept. */
export const MAX_TRACE_N = 30;

/** The largest n the compared algorithms (teach/algorithms) accept (bitmasks are 32-bit). */
export const MAX_ALGORITHM_N = 30;

/** The largest n a brute-force lesson goes through: C(49, 7) = 85,900,584 placements. */
export const MAX_BRUTE_LESSON_N = 7;
