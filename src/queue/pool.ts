/**
 * A fixed set of worker threads that solve sub-problems for the queue worker, one task at a time
 * each. Solving off the main thread keeps BullMQ's lock renewals on time however long a
 * sub-problem takes (a blocked event loop would let the lock expire and the job be retried).
 * Each thread solves sub-problems of either method (thread.ts).
 */
import type { Worker } from "node:worker_threads";
import { type SubResult, split, startThread, toWords } from "../engine/index.js";
import type { RunSplit } from "./run-split.js";
import type { SolveTask } from "./thread.js";

// The thread: thread.js beside this file (thread.ts under tsx; engine/threads.ts).
function newThread(): Worker {
  return startThread(new URL("./thread.js", import.meta.url));
}

interface Slot {
  thread: Worker;
  busy: boolean;
}

/** Solves lists of sub-problems on `size` threads. */
export class SolverPool {
  private readonly slots: Slot[] = [];
  private readonly idle: (() => void)[] = [];
  private closed = false;

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.slots.push({ thread: this.spawn(), busy: false });
  }

  private spawn(): Worker {
    const thread = newThread();
    thread.unref();
    return thread;
  }

  /**
   * Solves sub-problems `ids` of a run's split on the next free thread, calling `onResult` for
   * each in batches, within about half a second of its being found. Resolves when all are done;
   * rejects if the thread fails or the pool closes.
   */
  async solve(
    of: RunSplit,
    ids: readonly number[],
    onResult: (id: number, r: SubResult) => void,
  ): Promise<void> {
    const task = taskOf(of, ids);
    const slot = await this.take();
    try {
      await new Promise<void>((resolve, reject) => {
        const { thread } = slot;
        const onMessage = (m: Float64Array | { end: true }) => {
          if (m instanceof Float64Array) {
            for (let i = 0; i + 3 < m.length; i += 4) {
              onResult(m[i], { count: m[i + 1], fixed180: m[i + 2], fixed90: m[i + 3] });
            }
          } else {
            finish();
            resolve();
          }
        };
        const onError = (e: Error) => {
          finish();
          reject(e);
        };
        const onExit = (code: number) => {
          finish();
          reject(new Error(`solver thread stopped (exit ${code})`));
        };
        const finish = () => {
          thread.off("message", onMessage);
          thread.off("error", onError);
          thread.off("exit", onExit);
        };
        thread.on("message", onMessage);
        thread.on("error", onError);
        thread.on("exit", onExit);
        const words = task.method === "join" ? task.ids : task.records;
        thread.postMessage(task, [words.buffer as ArrayBuffer]);
      });
    } catch (e) {
      // A thread that failed or was stopped is replaced, so the pool keeps its size.
      if (!this.closed) slot.thread = this.spawn();
      throw e;
    } finally {
      slot.busy = false;
      this.idle.shift()?.();
    }
  }

  private async take(): Promise<Slot> {
    for (;;) {
      if (this.closed) throw new Error("solver pool closed");
      const slot = this.slots.find((s) => !s.busy);
      if (slot) {
        slot.busy = true;
        return slot;
      }
      await new Promise<void>((r) => this.idle.push(r));
    }
  }

  /** Stops every thread at once (work in progress is abandoned). */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.idle.splice(0)) wake();
    await Promise.all(this.slots.map((s) => s.thread.terminate()));
  }
}

/** The message that asks a thread for sub-problems `ids` of a split. */
function taskOf(of: RunSplit, ids: readonly number[]): SolveTask {
  if (of.method === "join") return { method: "join", n: of.n, ids: Uint32Array.from(ids) };
  // Constellations go packed (3 words each), so the thread never recomputes the split.
  const list = split(of.n);
  const records = new Uint32Array(ids.length * 3);
  ids.forEach((id, i) => {
    records.set(toWords(list[id]), i * 3);
  });
  return { method: "constellations", n: of.n, records };
}
