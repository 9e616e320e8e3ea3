/**
 * nqueens: the N-Queens problem as a typed library. The public API is this file, the subpaths
 * `nqueens/gpu` (gpu/index.ts) and `nqueens/queue` (queue/index.ts), written down in etc/*.api.md
 * (checked by `npm run check`). Everything that runs anywhere comes from browser.ts (the
 * package's entry for bundlers); this file adds what needs Node: `count`, the exact counter on
 * worker threads with checkpoint files, and `countPart` / `addParts`, a count in parts counted
 * anywhere and added up from their checkpoint files.
 *
 * @example
 * import { solve, count, unique, formatBoard } from "nqueens";
 * formatBoard(solve(8)!, "dots");            // the first solution, drawn
 * (await count(12)).total;                   // 14200n
 * [...unique(8)].length;                     // 12
 */
export * from "./browser.js";
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
