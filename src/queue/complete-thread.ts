/**
 * A queue worker's completion thread (worker-complete.ts keeps `--workers` of them for as long as
 * the worker runs): it takes one job's parts at a time, decides them with the two searches of
 * completion/decide.ts in turns, one slice of nodes each in turn (so that a part with a
 * completion is not kept waiting behind a long part without one), and posts the answer. Unlike
 * completion/thread.ts, which a decision starts and ends, it stays for the next job: starting a
 * thread (loading the searches, compiling the lean kernel) costs about a tenth of a second of
 * CPU, which about 64 jobs a run would otherwise pay each.
 *
 * Messages in: {@link PartsTask}s, one at a time. Out: one {@link PartsAnswer} per task.
 */
import { parentPort } from "node:worker_threads";
import { Forbidden, type PartialBoard } from "../board.js";
import { Searches, SLICE, subBoard } from "../completion/index.js";

/** One job's parts to decide. */
export interface PartsTask {
  readonly board: PartialBoard;
  /** Part k's open squares, per row of the sub-board: `parts[k * m ... k * m + m - 1]`. */
  readonly parts: Int32Array;
  /** Set to 1 (Atomics) to stop: the run has its answer. */
  readonly stop: Int32Array;
}

/** A task's answer: a placement (compressed columns) in part `part`, none, or stopped. */
export type PartsAnswer =
  | { readonly kind: "yes"; readonly part: number; readonly placement: Int32Array }
  | { readonly kind: "no" }
  | { readonly kind: "stopped" };

const port = parentPort;
if (!port) throw new Error("queue/complete-thread.ts runs in a worker thread");
port.on("message", (task: PartsTask) => port.postMessage(decideParts(task)));

function decideParts({ board, parts, stop }: PartsTask): PartsAnswer {
  const sub = subBoard(board, new Forbidden(board));
  const { m } = sub;
  const count = m === 0 ? 0 : parts.length / m;
  const active = Array.from({ length: count }, (_, k) => ({
    part: k,
    s: new Searches({ ...sub, open: parts.slice(k * m, k * m + m) }, {}),
  }));
  while (active.length > 0) {
    if (Atomics.load(stop, 0) !== 0) return { kind: "stopped" };
    for (let a = 0; a < active.length; a++) {
      const { part, s } = active[a]!;
      if (!s.turn(SLICE)) continue;
      const found = s.answer();
      if (found instanceof Int32Array) return { kind: "yes", part, placement: found };
      active.splice(a--, 1);
    }
  }
  return { kind: "no" };
}
