/**
 * The fast counter: a symmetry-reduced split into sub-problems (split.ts), the hot kernel
 * (kernel.ts, kernel-wasm.ts), worker threads (count-fast.ts, worker.ts) and checkpoints (checkpoint.ts);
 * the join of half-boards (join/), and the choice between the two (method.ts).
 */
export { type Checkpoint, headerLine, openCheckpoint, recordLine } from "./checkpoint.js";
export {
  checkWorkers,
  countFast,
  countFastSync,
  defaultWorkers,
  INLINE_MAX_N,
  MAX_WORKERS,
} from "./count-fast.js";
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
} from "./split.js";
export { Tally, uniqueShare } from "./tally.js";
export {
  CountInterrupted,
  type CountOptions,
  type CountResult,
  type Progress,
} from "./types.js";
