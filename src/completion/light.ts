/**
 * The completion's light door in Node: what `nqueens complete FILE` needs to decide one board
 * (`completeOneAsync` with its probe and threads, the repair's `completeOneWatched`, the
 * interruption), without the generators, puzzles, certificates and counts that index.ts also
 * loads (about 60 modules, a tenth of a second of every start: the command's start-up,
 * docs/notes/2026-12-07-easy-completions.md). index.ts is the full door.
 */
export { CompletionInterrupted, completeOneWatched } from "./complete.js";
export { completeOneAsync, loadThreads } from "./complete-threads.js";
