/**
 * The join counter: half-boards joined from quadrant tables (quadrants.ts), a stable split into
 * items and tasks (split.ts), the WebAssembly kernels (asm.ts, kernel-wasm.ts, kernel.ts), solving
 * tasks (solve.ts, tasks.ts, symmetric.ts), threads and checkpoints (count-join.ts, worker.ts), and the
 * readable reference (reference.ts).
 */
export { countJoin, countJoinSync } from "./count-join.js";
export {
  JOIN_MAX_N,
  joinPart,
  joinSplitVersion,
  joinSubProblems,
  joinTaskCount,
} from "./split.js";
export { JoinSolver, uniqueOf } from "./tasks.js";
