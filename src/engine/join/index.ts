/**
 * The join counter: half-boards joined from quadrant tables (quadrants.ts), a stable split into
 * items and tasks (split.ts), the WebAssembly kernels (asm.ts, kernel-wasm.ts and its wasm-*.ts
 * families, memory.ts, layout.ts, kernel.ts), solving tasks (solve.ts, tasks.ts, symmetric.ts,
 * tally.ts), threads and checkpoints (count-join.ts, worker.ts), and the readable reference
 * (reference.ts).
 */
export { countJoin } from "./count-join.js";
export {
  JOIN_SPLIT_VERSION,
  joinSplitVersion,
  joinSubProblems,
} from "./split.js";
export { JoinTally } from "./tally.js";
export { JoinSolver } from "./tasks.js";
