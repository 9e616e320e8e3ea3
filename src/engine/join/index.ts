/**
 * The join counter: half-boards joined from quadrant tables (quadrants.ts), a stable split into
 * items and tasks (split.ts), the WebAssembly kernels (asm.ts, wasm.ts, kernel.ts), solving tasks
 * (solve.ts, tasks.ts, symmetric.ts), threads and checkpoints (count-join.ts, worker.ts), and the
 * readable reference (reference.ts).
 */
export { countJoin, countJoinSync, JOIN_INLINE_MAX_N } from "./count-join.js";
export { JoinKernel, type KernelTuning, TABLES_MAX_N } from "./kernel.js";
export { countReference, itemCountReference } from "./reference.js";
export {
  JOIN_MAX_N,
  JOIN_SPLIT_VERSION,
  JOIN_TASKS,
  type JoinItems,
  joinItems,
  joinPart,
  joinSplitVersion,
  joinSubProblems,
  joinTaskCount,
  taskItems,
} from "./split.js";
export { fixedByHalfTurn, fixedByQuarterTurn } from "./symmetric.js";
export { JoinSolver, uniqueOf } from "./tasks.js";
