/**
 * The engine's Node-free part, the door for modules that also run in a page (the completion
 * search, the GPU count, the page's worker), as src/browser.ts is the root's: the stable split,
 * the readable kernel, the tally, the result types, and the WebAssembly assembler (wasm-asm.ts,
 * for the completion's lean kernel). Node code imports `./index.js`.
 */
export { type SubProblem, type SubResult, split } from "./constellations/split.js";
export {
  compileBoard,
  compileSubProblem,
  countTask,
  newTask,
  solveSubProblem,
} from "./kernel.js";
export { Tally } from "./tally.js";
export { CountInterrupted, type CountResult, type Progress } from "./types.js";
export { assemble, type FuncSpec, i32s } from "./wasm-asm.js";
