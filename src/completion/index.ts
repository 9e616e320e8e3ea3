/**
 * Completing a partial board: the folder's door in Node. Everything of browser.ts, the
 * Node-free door, and `completeOneAsync` with its hard-instance search on worker threads
 * (complete-threads.ts over decide-threads.ts, split-parts.ts and thread.ts), which takes the
 * place of browser.ts's.
 */
export * from "./browser.js";
export { completeOneAsync } from "./complete-threads.js";
// For the queue (queue/completion-split.ts, complete-thread.ts, coordinator-complete.ts): the
// instance's parts, the searches that decide them, and the check of a completion a worker
// reports. Not in the package's API.
export { assertCompletion, prepare, Searches, SLICE } from "./decide.js";
export { splitParts } from "./split-parts.js";
export { boardCols, type SubBoard, subBoard } from "./sub-board.js";
export { validate } from "./validate.js";
