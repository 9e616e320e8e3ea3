/**
 * The size limits, in one place and one word order (MAX_<what>_N; MAX_<what> where the limit is a
 * count of something other than a board's size): what every reader of input accepts (checked
 * while reading, before memory is spent on what lies beyond it), the largest n each of the
 * library's functions and counters takes, and the limits of the queue, the command and the page.
 * The "Size limits" table of docs/command.md lists those a user meets. This module imports nothing, so the
 * page and the browser entry import it as the library does.
 */

// Reading input: boards, JSON, judges' inputs.

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

/**
 * The most bytes a count's checkpoint file may have (`count --checkpoint`, the parts `--add`
 * adds up): 16 MiB, twice the largest a count writes (n = 32 by the constellations, 83,190
 * sub-problems of about 100 bytes each with a key). A larger file is refused by its size before
 * it is read, and a file is read in chunks, a line at a time, never whole.
 */
export const MAX_CHECKPOINT_BYTES = 16 * 2 ** 20;

/**
 * The most non-blank lines a judge's input may have (`inputLines`): every judge's input is far
 * shorter (300 cases at most), so more are refused as malformed (`size`), and a hostile input of
 * millions of lines costs no memory (the lines past the limit are never stored).
 */
export const MAX_JUDGE_LINES = 100_000;

/** The largest N of the statement (BOJ 9175, `solveBoj9175`). */
export const MAX_BOJ9175_N = 300;

/** The largest n of the statement (POJ 3239, `solvePoj3239`). */
export const MAX_POJ3239_N = 300;

// The library's functions: solving, listing, completing, teaching.

/** The largest n `solve` accepts. */
export const MAX_SOLVE_N = 10_000_000;

/** The largest n `construct` accepts. */
export const MAX_CONSTRUCT_N = 10_000_000;

/** The largest n `minConflicts` accepts. */
export const MAX_MIN_CONFLICTS_N = 10_000_000;

/**
 * The largest n for `backtrack`. The first solution in lexicographic order comes fast up to
 * n = 29 (n = 22 and 28 are the slow ones) and within seconds for n = 30 to 32 (the README's
 * "What sizes are practical" has the times); beyond 32 the bit masks no longer fit and the
 * search time grows erratically.
 */
export const MAX_BACKTRACK_N = 32;

/**
 * The largest n `solutions` and `unique` accept, and the command's `list`: the bit-mask search
 * finds its first solution within seconds up to 32, while n = 33 (a line board) ran past 40 s
 * and n = 40 past 13 minutes without one. Beyond: `solve` for one solution, `completionsAsync`
 * to list with a signal.
 */
export const MAX_SOLUTIONS_N = 32;

/** The largest board size the completion functions accept. */
export const MAX_COMPLETE_N = 1_000_000;

/**
 * The most empty rows a board may have for `countCompletions`, which blocks until it is done: an
 * empty 16 x 16 board counts in about 11 s on one core of a shared machine, 17 takes about six
 * times as long. Beyond: `countCompletionsAsync`, with progress and a signal.
 */
export const MAX_SYNC_COUNT_EMPTY_ROWS = 16;

/** The most queens a sub-board can be missing: one bit per column in a 32-bit mask. */
export const MAX_SUB_SIZE = 32;

/**
 * The most queens `conflicts` takes: it looks at every pair and lists those that attack, up to
 * two million of them (`conflictSummary` counts any number in one pass).
 */
export const MAX_CONFLICT_QUEENS = 2_000;

/** The largest board the hint is computed for (the completion checks use 32-bit masks). */
export const MAX_HINT_N = 32;

/**
 * The largest board `mostQueens` takes: it tries every way of filling or leaving the free rows
 * (at most 2^12 row choices times the columns left; the page's exercises use n up to 8).
 */
export const MAX_MOST_QUEENS_N = 12;

/** The largest board `trace` accepts (its events come one at a time: the caller stops it). */
export const MAX_TRACE_N = 30;

/** The largest n the compared algorithms (teach/algorithms) accept (bitmasks are 32-bit). */
export const MAX_ALGORITHM_N = 30;

/** The largest n a brute-force lesson goes through: C(49, 7) = 85,900,584 placements. */
export const MAX_BRUTE_LESSON_N = 7;

// The counters: the plain one, the constellations, the join, the GPU.

/** The largest n the plain counter (`count`, engine/plain.ts) accepts (32-bit masks). */
export const MAX_COUNT_N = 32;

/**
 * The largest board the engine's constellation split accepts, and with it `countFast` and the
 * queue (masks are 32-bit; the inner board is n-2 columns wide).
 */
export const MAX_SPLIT_N = 32;

/** The most worker threads `countFast` accepts. */
export const MAX_WORKERS = 256;

/**
 * Up to this n a count runs on the calling thread: it takes less time than starting threads
 * (docs/counting.md, "Searching constellations", has the times).
 */
export const MAX_INLINE_N = 13;

/**
 * Up to this n `count` with method `auto` (and no checkpoint) counts by the canonical search
 * (engine/canonical.ts, as WebAssembly from CANONICAL_WASM_N) on the calling thread: the whole
 * count takes less CPU than the other methods' start-up; at n = 14 a whole `nqueens count 14`
 * takes about 0.04 s of CPU less than by the join (docs/notes/2026-12-07-small-counts-wasm.md).
 */
export const QUICK_N = 14;

/**
 * From this n the canonical search runs as WebAssembly (engine/canonical-wasm.ts): below it the
 * JavaScript search is over before the module would be instantiated (n = 8: about 1 ms of CPU
 * against 4; docs/notes/2026-12-07-small-counts-wasm.md).
 */
export const CANONICAL_WASM_N = 11;

/** The largest board the join counts (exact up to here; keys are 64-bit). */
export const MAX_JOIN_N = 27;

/**
 * Up to this n a join count runs on the calling thread: each thread pays about 0.3 s of CPU
 * before its first task (its modules, the kernel's assembly, the quadrant tables), more than the
 * whole count of n = 16 on one thread (measured: docs/counting.md, "Joining half-boards").
 */
export const MAX_JOIN_INLINE_N = 16;

/**
 * Up to this n the join's calling thread is one of the threads asked for: K - 1 worker threads
 * beside it, none with one (a worker's isolate and modules less, about 16 MB). Its tasks take at
 * most about 0.3 s here,
 * so an abort still lands at once (the count gives the event loop a turn every 50 ms).
 */
export const MAX_JOIN_ONE_HERE_N = 21;

/**
 * The largest n whose quadrant tables fit in a kernel's memory (h = 11: 401 MB, 3 bytes an
 * entry's diagonals and 3 its anti-diagonals).
 */
export const MAX_TABLES_N = 23;

/**
 * The smallest n for which the backend `auto` takes a (hardware) GPU: below it the CPU engine
 * finishes within about the GPU's start-up time (Dawn, device, shader compile: measured by
 * scripts/gpu-bench.sh as wallSeconds - kernelSeconds). Here rather than in gpu/, so that a
 * count below it never loads the GPU's modules.
 */
export const GPU_AUTO_MIN_N = 16;

/** The largest n the GPU kernel takes (its stack word holds W = n-2 columns and 6 spare bits). */
export const MAX_GPU_N = 28;

// The queue.

/** The most replicas a run can ask for. */
export const MAX_REPLICAS = 9;

/** The most characters of a worker's name. */
export const MAX_WORKER_NAME = 64;

// The command and the page.

/**
 * The largest n whose whole search tree is profiled (`treeProfile`, nodes per depth), which
 * blocks until it is done: the library, the command and the page (the README's "What sizes are
 * practical" says how long n = 16 takes: about 25 s; n = 17 several times that). Beyond: `trace`,
 * one event at a time.
 */
export const MAX_PROFILE_N = 15;

/** The largest n the command traces. */
export const MAX_TRACED_N = 16;

/** The largest n a square-by-square style is printed for. */
export const MAX_DRAWN_N = 200;

/** The largest board the page draws. */
export const MAX_BOARD_N = 20;

/** Largest N whose whole search tree is drawn node by node (the page's Watch). */
export const MAX_TREE_N = 6;

/** Largest N whose solutions are all listed (the page's gallery). */
export const MAX_GALLERY_N = 12;
