/**
 * Watch's second door: the parts that run without its workers (so without a page), for another
 * mode to reuse. The lesson's backtracking picture follows a trace made here from the library's
 * walkthrough, drawn with Watch's board model, narration and whole tree (lesson/model.ts).
 */

export { variantBoard, variantRank } from "./brute.js";
export { boardModel, codeModel } from "./model.js";
export { addSteps, finishTrace, length, newTrace, replayAt, type Trace } from "./state.js";
export { wholeTree } from "./tree.js";
