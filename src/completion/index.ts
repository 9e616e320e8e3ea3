/**
 * Completing a partial board: the folder's door in Node. Everything of browser.ts, the
 * Node-free door, and `completeOneAsync` with its hard-instance search on worker threads
 * (complete-threads.ts over decide-threads.ts, split-parts.ts and thread.ts), which takes the
 * place of browser.ts's.
 */
export * from "./browser.js";
export { completeOneAsync } from "./complete-threads.js";
