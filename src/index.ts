/**
 * nqueens: the N-Queens problem as a typed library. The public API is this file, the subpaths
 * `nqueens/gpu` (gpu/index.ts) and `nqueens/queue` (queue/index.ts); `api.test.ts` lists every
 * name and fails when one disappears. Everything that runs anywhere comes from browser.ts (the
 * package's entry for bundlers); this file adds what needs Node: the fast counter on worker
 * threads with checkpoint files.
 *
 * @example
 * import { solve, countFast, unique, formatBoard } from "nqueens";
 * formatBoard(solve(8)!, "dots");            // the first solution, drawn
 * (await countFast(12)).total;               // 14200n
 * [...unique(8)].length;                     // 12
 */
export * from "./browser.js";
export * as engine from "./engine/index.js";
export { countBy, countFast, countJoin } from "./engine/index.js";
