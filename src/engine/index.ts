/**
 * The exact counter on this machine's CPU, the folder's door for the rest of the library in Node:
 * `count` (count.ts) runs one of two methods, the constellations (constellations/: a
 * symmetry-reduced split into sub-problems, split.ts, counted on worker threads, count.ts and
 * thread.ts, by the hot kernel, kernel.ts and kernel-wasm.ts) or the join of half-boards (join/),
 * or the plain reference counter (plain.ts); parts.ts counts one part of a split into a
 * checkpoint and adds the parts up; method.ts chooses between the two methods, threads.ts and
 * checkpoint.ts serve both, rotation-fixed.ts is the one rotation-fixed search. Modules that also
 * run in a page (the completion search, the GPU count, the page's worker) import the browser-safe
 * files (kernel.ts, tally.ts, types.ts, constellations/split.ts) directly: this door loads
 * worker threads and the file system.
 */
export {
  type Checkpoint,
  checkCheckpointPath,
  checkKeySecret,
  keyCheckpoint,
  openCheckpoint,
} from "./checkpoint.js";
export {
  estimatedCost,
  fromWords,
  SPLIT_VERSION,
  type SubResult,
  split,
  splitVersion,
  toWords,
} from "./constellations/split.js";
export { count } from "./count.js";
export {
  JOIN_SPLIT_VERSION,
  JoinSolver,
  JoinTally,
  joinSplitVersion,
  joinSubProblems,
} from "./join/index.js";
export { solveSubProblem } from "./kernel.js";
export {
  COUNT_METHODS,
  type CountMethod,
  checkMethodN,
  pickMethod,
  roughSeconds,
} from "./method.js";
export {
  type AddPartsOptions,
  addParts,
  type CountPart,
  countPart,
  type PartOptions,
  type PartResult,
} from "./parts.js";
export { postInBatches, solveInBatches } from "./solve-batches.js";
export { startThread } from "./start-thread.js";
export { Tally, uniqueShare } from "./tally.js";
export {
  CountInterrupted,
  type CountOptions,
  type CountResult,
  type Progress,
} from "./types.js";
export { checkWorkers, defaultWorkers } from "./workers.js";
