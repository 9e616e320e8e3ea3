/**
 * A queue worker's side of a completion run (worker-jobs.ts hands it the parts of a job whose
 * version names a completion split, completion-split.ts): decides a job's parts on one of the
 * worker's completion threads (complete-thread.ts: `threads` of them, started on the first
 * completion job and kept, so a job costs no thread start), and votes "no" on each part when
 * none has a completion, or "yes" with the completion on the part that holds it. A run already
 * answered (its description has `answer`) is not solved, and a decision in progress stops within
 * about a second of the answer (no vote then: the run needs none).
 */
import type { Worker } from "node:worker_threads";
import type { Redis } from "ioredis";
import { boardCols } from "../completion/index.js";
import { type SubResult, startThread } from "../engine/index.js";
import type { PartsAnswer, PartsTask } from "./complete-thread.js";
import { type CompletionSplit, partOf, yesSolver } from "./completion-split.js";
import { runKeys } from "./store.js";

/** How often a decision in progress looks whether the run has its answer (ms). */
const ANSWERED_MS = 1000;

/** The completion threads of one worker: a task each at a time, the others wait their turn. */
class PartsPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((w: Worker) => void)[] = [];

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const w = startThread(new URL("./complete-thread.js", import.meta.url));
      // The worker's own lifetime decides the process's: an idle thread keeps nothing alive.
      w.unref();
      this.idle.push(w);
    }
  }

  /** Decides `task` on the next free thread. */
  async run(task: PartsTask): Promise<PartsAnswer> {
    const w = this.idle.pop() ?? (await new Promise<Worker>((r) => this.waiting.push(r)));
    try {
      return await new Promise<PartsAnswer>((resolve, reject) => {
        const done = () => {
          w.off("message", onMessage);
          w.off("error", onError);
          w.off("exit", onExit);
        };
        const onMessage = (a: PartsAnswer) => {
          done();
          resolve(a);
        };
        const onError = (e: Error) => {
          done();
          reject(new Error(`a completion thread failed: ${e.message}`));
        };
        const onExit = (code: number) => {
          done();
          reject(new Error(`a completion thread stopped (exit code ${code})`));
        };
        w.on("message", onMessage);
        w.on("error", onError);
        w.on("exit", onExit);
        w.postMessage(task);
      });
    } finally {
      const next = this.waiting.shift();
      if (next) next(w);
      else this.idle.push(w);
    }
  }
}

/** One pool per worker (its connection), sized by its threads. */
const pools = new WeakMap<Redis, PartsPool>();

const NO: SubResult = { count: 0, fixed180: 0, fixed90: 0 };
const ONE: SubResult = { count: 1, fixed180: 0, fixed90: 0 };

/** Whether run `run` has its answer stored. */
async function answered(redis: Redis, run: string): Promise<boolean> {
  return (await redis.hexists(runKeys(run).meta, "answer")) === 1;
}

/**
 * Decides parts `ids` of a completion run on one of this worker's threads and hands each vote
 * to `onResult` (with the solver field that names the completion, for a "yes").
 */
export async function solveParts(
  redis: Redis,
  run: string,
  plan: CompletionSplit,
  ids: readonly number[],
  threads: number,
  onResult: (id: number, r: SubResult, solver: string) => void,
): Promise<void> {
  let pool = pools.get(redis);
  if (!pool) {
    pool = new PartsPool(threads);
    pools.set(redis, pool);
  }
  if (await answered(redis, run)) return;
  const { m } = plan.sub;
  const parts = new Int32Array(new SharedArrayBuffer(4 * m * ids.length));
  for (const [k, id] of ids.entries()) parts.set(plan.parts[id]!, k * m);
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const look = setInterval(() => {
    void answered(redis, run)
      .then((yes) => yes && Atomics.store(stop, 0, 1))
      .catch(() => {});
  }, ANSWERED_MS);
  try {
    const answer = await pool.run({ board: plan.board, parts, stop });
    if (answer.kind === "no") for (const id of ids) onResult(id, NO, plan.cpuSolver);
    if (answer.kind !== "yes") return;
    // The thread's sub-board is the plain one (no symmetry narrowing): the same rows and
    // columns as the split's, so its placement maps to the board through either.
    const cols = boardCols(plan.sub, answer.placement);
    const { place, id } = partOf(plan, cols);
    if (id !== ids[answer.part]) throw new Error("internal: a completion outside its part");
    onResult(id, ONE, yesSolver(place));
  } finally {
    clearInterval(look);
  }
}
