/**
 * The N-Queens problem as a typed library: solve, list and count solutions, complete a partial
 * board, check, trace, judge, and read and write boards. `nqueens/gpu` counts on a GPU and
 * `nqueens/queue` across machines.
 *
 * @remarks
 * Everything that runs anywhere comes from browser.ts (the package's entry for bundlers); this
 * entry adds what needs Node: `count`, the exact counter on worker threads with checkpoint files,
 * `completeOneAsync` with the hard-instance search on worker threads (its `workers` option),
 * and `countPart` / `addParts`, a count in parts counted anywhere and added up from their
 * checkpoint files. The public API, this file and the two subpaths, is written down in
 * etc/*.api.md (checked by `npm run check`).
 *
 * @example
 * import { solve, count, unique, formatBoard } from "nqueens";
 * formatBoard(solve(8)!, "dots");            // the first solution, drawn
 * (await count(12)).total;                   // 14200n
 * [...unique(8)].length;                     // 12
 * @packageDocumentation
 */
export * from "./browser.js";
// Node's completeOneAsync, with worker threads, in the place of browser.ts's.
export { completeOneAsync } from "./completion/index.js";
export {
  type AddPartsOptions,
  addParts,
  CountInterrupted,
  type CountOptions,
  type CountPart,
  type CountResult,
  count,
  countPart,
  type PartOptions,
  type PartResult,
  type Progress,
} from "./engine/index.js";
