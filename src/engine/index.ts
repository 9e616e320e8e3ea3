/**
 * The exact fast counter, two methods: the constellations (constellations/: a symmetry-reduced
 * split into sub-problems, split.ts, counted on worker threads, count.ts and worker.ts, by the
 * hot kernel, kernel.ts and kernel-wasm.ts) and the join of half-boards (join/); the choice
 * between the two (method.ts), the threads and checkpoints both use (threads.ts, checkpoint.ts),
 * the one rotation-fixed search (rotation-fixed.ts) and the plain reference counter (plain.ts, the root's `count`).
 */
export { type Checkpoint, headerLine, openCheckpoint, recordLine } from "./checkpoint.js";
export {
  checkWorkers,
  countFast,
  countFastSync,
  defaultWorkers,
  INLINE_MAX_N,
  MAX_WORKERS,
} from "./constellations/count.js";
export {
  fromWords,
  MAX_N,
  SPLIT_VERSION,
  type SubProblem,
  type SubResult,
  split,
  splitVersion,
  splitWords,
  toWords,
} from "./constellations/split.js";
export {
  countJoin,
  countJoinSync,
  JOIN_MAX_N,
  JoinSolver,
  joinPart,
  joinSplitVersion,
  joinSubProblems,
  joinTaskCount,
  uniqueOf,
} from "./join/index.js";
export {
  compileBoard,
  compileSubProblem,
  countCompletions,
  countTask,
  countTaskJs,
  type KernelTask,
  newTask,
  solveSubProblem,
} from "./kernel.js";
export { assembleKernel, UNROLLED_ROWS, WasmKernel, wasmKernel } from "./kernel-wasm.js";
export { COUNT_METHODS, type CountMethod, countBy, JOIN_FROM_N, pickMethod } from "./method.js";
export { countRotationFixed } from "./rotation-fixed.js";
export { Tally, uniqueShare } from "./tally.js";
export {
  CountInterrupted,
  type CountOptions,
  type CountResult,
  type Progress,
} from "./types.js";
