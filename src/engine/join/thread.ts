/**
 * A join counting thread (see count-join.ts): waits for one message with the work (the split's
 * items and the quadrant table, in shared memory), builds its kernel in its window of the
 * table's memory, then takes task ids one at a time from a
 * shared list (an atomic cursor) and posts the results about every 50 ms as a Float64Array of
 * [id, count, fixed180, fixed90, ...], then "done".
 */
import { parentPort } from "node:worker_threads";
import { postInBatches } from "../solve-batches.js";
import { adoptJoinItems, type JoinItems } from "./split.js";
import { type SharedTable, takeWindow } from "./table.js";
import { JoinSolver } from "./tasks.js";

/** What count-join.ts posts to each thread, once. */
export interface JoinWorkerInput {
  readonly n: number;
  /** The task ids to count, in order (shared). */
  readonly order: Int32Array;
  /** Index of the next id in `order` (shared, advanced with Atomics.add). */
  readonly cursor: Int32Array;
  /** The items of n, in shared memory (join/split.ts `joinItems`). */
  readonly items: JoinItems;
  /** The quadrant table, filled once for all threads (join/table.ts; none: each builds its own). */
  readonly table: SharedTable | undefined;
}

function run(port: NonNullable<typeof parentPort>, input: JoinWorkerInput): void {
  const { n, order, cursor } = input;
  adoptJoinItems(input.items);
  const share = input.table === undefined ? undefined : takeWindow(input.table);
  const solver = new JoinSolver(n, {}, share);
  postInBatches(
    () => {
      const i = Atomics.add(cursor, 0, 1);
      if (i >= order.length) return undefined;
      const id = order[i];
      return [id, solver.solve(id)];
    },
    (batch) => port.postMessage(batch),
  );
  port.postMessage("done");
}

const port = parentPort;
if (port !== null) {
  port.once("message", (input: JoinWorkerInput) => run(port, input));
}
