/**
 * The engine's light door: `count` and what a caller decides before it counts (the methods, the
 * worker threads), without loading a method's modules, worker threads or checkpoint files until
 * a count uses them. For the command's start-up: `nqueens count 8` loads the constellation
 * search alone, `count 14` the join alone (index.ts, the full door, loads everything).
 */
export { count } from "./count.js";
export {
  COUNT_METHODS,
  type CountMethod,
  checkMethodN,
  pickMethod,
  roughSeconds,
} from "./method.js";
export { CountInterrupted, type CountResult, type Progress } from "./types.js";
export { defaultWorkers } from "./workers.js";
