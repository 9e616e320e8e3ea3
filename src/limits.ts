/**
 * The size limits of everything that reads input, in one place (the README's "Size limits" table
 * lists these with the limits of the commands' own sizes: solve, complete, count, list, trace).
 * Each limit is checked while reading, before memory is spent on what lies beyond it.
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
