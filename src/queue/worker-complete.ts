/**
 * A queue worker's side of a completion run (worker-jobs.ts hands it the parts of a job whose
 * version names a completion split, completion-split.ts): decides them with the threaded
 * decision (completion/decide-threads.ts, the job's parts in place of its own split) on one
 * thread per job, at most `threads` jobs at a time, and votes "no" on each part when
 * none has a completion, or "yes" with the completion on the part that holds it. A run already
 * answered (its description has `answer`) is not solved, and a decision in progress stops within
 * about a second of the answer (no vote then: the run needs none).
 */
import type { Redis } from "ioredis";
import { CompletionInterrupted, decideOnThreads } from "../completion/index.js";
import type { SubResult } from "../engine/index.js";
import { type CompletionSplit, partOf, yesSolver } from "./completion-split.js";
import { runKeys } from "./store.js";

/** How often a decision in progress looks whether the run has its answer (ms). */
const ANSWERED_MS = 1000;

/** At most `size` holders at a time; the others wait their turn, first come first served. */
class Gate {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** One gate per worker (its connection), sized by its threads. */
const gates = new WeakMap<Redis, Gate>();

const NO: SubResult = { count: 0, fixed180: 0, fixed90: 0 };
const ONE: SubResult = { count: 1, fixed180: 0, fixed90: 0 };

/** Whether run `run` has its answer stored. */
async function answered(redis: Redis, run: string): Promise<boolean> {
  return (await redis.hexists(runKeys(run).meta, "answer")) === 1;
}

/**
 * Decides parts `ids` of a completion run on this worker's threads and hands each vote to
 * `onResult` (with the solver field that names the completion, for a "yes").
 */
export async function solveParts(
  redis: Redis,
  run: string,
  plan: CompletionSplit,
  ids: readonly number[],
  threads: number,
  onResult: (id: number, r: SubResult, solver: string) => void,
): Promise<void> {
  let gate = gates.get(redis);
  if (!gate) {
    gate = new Gate(threads);
    gates.set(redis, gate);
  }
  await gate.take();
  const stop = new AbortController();
  const look = setInterval(() => {
    void answered(redis, run)
      .then((yes) => yes && stop.abort())
      .catch(() => {});
  }, ANSWERED_MS);
  try {
    if (await answered(redis, run)) return;
    // One thread per job: the gate lets `threads` jobs run at once.
    const { cols } = await decideOnThreads(plan.board, plan.forbidden, {
      workers: 1,
      parts: ids.map((id) => plan.parts[id]!),
      signal: stop.signal,
    });
    if (!cols) {
      for (const id of ids) onResult(id, NO, plan.cpuSolver);
      return;
    }
    const { place, id } = partOf(plan, cols);
    // The parts partition the completions: the one found lies in exactly one of them.
    if (!ids.includes(id)) throw new Error(`internal: a completion outside the job's parts`);
    onResult(id, ONE, yesSolver(place));
  } catch (e) {
    if (!(e instanceof CompletionInterrupted)) throw e;
  } finally {
    clearInterval(look);
    gate.give();
  }
}
