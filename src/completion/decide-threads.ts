/**
 * The hard-instance decision on worker threads: the sub-board (decide.ts's `prepare`, a
 * symmetry's halving included) is split into parts that partition its completions
 * (split-parts.ts), and threads (thread.ts) decide the parts with the two searches in turns.
 * The first part with a completion stops the others: that completion is the answer, checked
 * against the board. "No" only when every part has none. Progress: the parts decided of all,
 * and the nodes of every thread. Abort: every thread is terminated before the promise rejects.
 *
 * Which completion a "yes" gives depends on which thread gets there first: it may differ from
 * run to run and from the single-thread search's (decide.ts), which stays deterministic.
 *
 * With a checkpoint (the counter's file, engine/checkpoint.ts), each part found without a
 * completion is recorded (a count of 0) under a split version that hashes the board and the
 * parts, and a decision started again with the same file skips the parts it holds: a file of
 * another board or split is refused, as a count's of another n is.
 */
import { createHash } from "node:crypto";
import type { Worker } from "node:worker_threads";
import { type Forbidden, type PartialBoard, plainBoard } from "../board.js";
import { openCheckpoint, startThread } from "../engine/index.js";
import { NQueensError } from "../errors.js";
import { CompletionInterrupted, type CompletionProgress } from "./complete.js";
import { assertCompletion, prepare } from "./decide.js";
import { splitParts } from "./split-parts.js";
import { boardCols } from "./sub-board.js";
import type { ThreadInput, ThreadMessage } from "./thread.js";

/** Parts per thread: enough that the threads end about together. */
const PARTS_PER_THREAD = 16;

/** Parts at least: the same split, and so the same checkpoint, for one thread and for two. */
const MIN_PARTS = 32;

/** Options of {@link decideOnThreads}. */
export interface ThreadedDecideOptions {
  /** Threads (already checked: an integer from 1 to MAX_WORKERS). */
  readonly workers: number;
  readonly signal?: AbortSignal;
  /** Parts decided, of all, and the nodes so far: at the start, as parts end, and now and then. */
  readonly onProgress?: (progress: CompletionProgress) => void;
  /**
   * Parts per thread (tests ask for a few, so that small boards still get several).
   * @default 16, and 32 parts at least
   */
  readonly partsPerThread?: number;
  /** For tests: these parts (open squares per row) instead of the split's. */
  readonly parts?: readonly Int32Array[];
  /** A checkpoint file: the parts without a completion recorded, and skipped when resumed. */
  readonly checkpoint?: string;
}

/** What {@link decideOnThreads} found. */
export interface ThreadedDecision {
  /** A completion (checked), or undefined when there is none. */
  readonly cols: number[] | undefined;
  /** The parts the sub-board was split into. */
  readonly parts: number;
  /** Nodes of every thread, as last reported. */
  readonly nodes: number;
  /** Threads started (0 when the split or the checkpoint alone decided). */
  readonly threads: number;
  /** Parts read from the checkpoint, decided before this run. */
  readonly resumed: number;
}

/** A part without a completion, as a checkpoint record. */
const NONE = { count: 0, fixed180: 0, fixed90: 0 };

/**
 * Decides a well-formed board missing at most 32 queens (as `decideHard`) on `workers` threads.
 * @throws CompletionInterrupted (rejects) when `signal` aborts; NQueensError (`unavailable`)
 *   when a thread fails
 */
export async function decideOnThreads(
  board: PartialBoard,
  forbidden: Forbidden,
  options: ThreadedDecideOptions,
): Promise<ThreadedDecision> {
  const { signal, onProgress } = options;
  const { sub } = prepare(board, forbidden);
  const parts =
    options.parts ??
    splitParts(
      sub,
      sub.open,
      options.partsPerThread === undefined
        ? Math.max(MIN_PARTS, options.workers * PARTS_PER_THREAD)
        : options.workers * options.partsPerThread,
    );
  const total = parts.length;
  if (signal?.aborted) throw new CompletionInterrupted(0, total, 0n);
  const { m } = sub;
  const plain = plainBoard(board);
  const checkpoint =
    options.checkpoint === undefined || total === 0
      ? undefined
      : openCheckpoint(options.checkpoint, board.n, splitVersion(plain, parts), total);
  const resumed = checkpoint?.results.size ?? 0;
  // The parts still to decide, by their id in the split.
  const todo = parts.map((_, k) => k).filter((k) => !checkpoint?.results.has(k));
  let done = total - todo.length;
  onProgress?.({ done, total, count: 0n, nodes: 0 });
  if (todo.length === 0) {
    checkpoint?.close();
    return { cols: undefined, parts: total, nodes: 0, threads: 0, resumed };
  }
  const flat = new Int32Array(new SharedArrayBuffer(4 * m * todo.length));
  for (const [k, id] of todo.entries()) flat.set(parts[id]!, k * m);
  const input: ThreadInput = {
    board: plain,
    parts: flat,
    cursor: new Int32Array(new SharedArrayBuffer(4)),
  };
  const threads = Math.min(options.workers, todo.length);
  const pool: Worker[] = [];
  for (let i = 0; i < threads; i++) pool.push(startThread(new URL("./thread.js", import.meta.url)));
  const nodes = new Float64Array(threads);
  const ended = new Uint8Array(threads); // a thread that ran out of parts ends by itself
  const sum = () => nodes.reduce((a, b) => a + b, 0);
  const report = () => onProgress?.({ done, total, count: 0n, nodes: sum() });

  return new Promise<ThreadedDecision>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: { cols: number[] | undefined } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      // Every thread is gone before the caller hears the outcome.
      void Promise.allSettled(pool.map((w) => w.terminate())).then(() => {
        try {
          checkpoint?.close();
        } catch (e) {
          if (!("error" in outcome)) outcome = { error: e };
        }
        if ("error" in outcome) reject(outcome.error);
        else resolve({ cols: outcome.cols, parts: total, nodes: sum(), threads, resumed });
      });
    };
    const onAbort = () => settle({ error: new CompletionInterrupted(done, total, 0n) });
    signal?.addEventListener("abort", onAbort, { once: true });
    const failed = (why: string) =>
      settle({ error: new NQueensError(`a completion thread failed: ${why}`, "unavailable") });
    pool.forEach((w, t) => {
      w.on("message", (msg: ThreadMessage) => {
        if (settled) return;
        nodes[t] = msg.nodes;
        if (msg.kind === "yes") {
          try {
            const cols = boardCols(sub, msg.placement);
            assertCompletion(board, forbidden, cols);
            settle({ cols });
          } catch (e) {
            settle({ error: e });
          }
          return;
        }
        if (msg.kind === "no") {
          done++;
          try {
            checkpoint?.append(todo[msg.part]!, NONE);
          } catch (e) {
            settle({ error: e });
            return;
          }
        }
        if (msg.kind === "done") ended[t] = 1;
        report();
        if (done === total) settle({ cols: undefined });
      });
      w.on("error", (e) => failed(e instanceof Error ? e.message : String(e)));
      // Node delivers a thread's last messages before its exit event.
      w.on("exit", (code) => {
        if (!ended[t]) failed(`it stopped (exit code ${code}) before the answer`);
      });
      w.postMessage(input);
    });
  });
}

/** The split's version for the checkpoint: a hash of the board and of every part's squares. */
function splitVersion(board: PartialBoard, parts: readonly Int32Array[]): string {
  const h = createHash("sha256")
    .update("nqueens-completion-parts-1\0")
    .update(JSON.stringify(board));
  for (const p of parts) h.update(new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  return `completion-${h.digest("hex").slice(0, 32)}`;
}
