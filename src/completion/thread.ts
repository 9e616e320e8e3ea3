/**
 * A thread of the threaded decision (decide-threads.ts, which starts it with engine's
 * `startThread`): it takes the parts (split-parts.ts) through a shared cursor, a few at a time,
 * and decides each with the two searches of decide.ts in turns, one slice of nodes each in
 * turn, so that a part with a completion found late in the list is not kept waiting behind a
 * long part without one. It posts each part's answer, and its nodes now and then.
 *
 * Messages in: one {@link ThreadInput}. Out: {@link ThreadMessage}s, and nothing after a "yes"
 * or "done". The thread is terminated from outside when the answer is known or the decision is
 * aborted: its loop never waits.
 */
import { parentPort } from "node:worker_threads";
import { Forbidden, type PartialBoard } from "../board.js";
import { Searches, SLICE } from "./decide.js";
import { subBoard } from "./sub-board.js";

/** What a thread is given: the board, the parts' open squares (m per part) and the cursor. */
export interface ThreadInput {
  readonly board: PartialBoard;
  /** Part k's open squares: `parts[k * m ... k * m + m - 1]`. */
  readonly parts: Int32Array;
  /** The next part to take (Atomics.add), shared by every thread. */
  readonly cursor: Int32Array;
}

/** What a thread posts. */
export type ThreadMessage =
  | {
      readonly kind: "yes";
      readonly part: number;
      readonly placement: Int32Array;
      readonly nodes: number;
    }
  | { readonly kind: "no"; readonly part: number; readonly nodes: number }
  | { readonly kind: "nodes"; readonly nodes: number }
  | { readonly kind: "done"; readonly nodes: number };

/** Parts a thread searches at once, in turns. */
const ACTIVE = 4;

/** How often a thread posts its nodes (ms). */
const NODES_MS = 250;

const port = parentPort;
if (!port) throw new Error("completion/thread.ts runs in a worker thread");
port.once("message", (input: ThreadInput) => decideParts(input, (m) => port.postMessage(m)));

function decideParts(input: ThreadInput, post: (m: ThreadMessage) => void): void {
  const sub = subBoard(input.board, new Forbidden(input.board));
  const { m } = sub;
  const { parts, cursor } = input;
  const count = m === 0 ? 0 : parts.length / m;
  if (!Number.isInteger(count)) {
    throw new Error(`internal: ${parts.length} open masks are not parts of ${m} rows`);
  }
  const active: { part: number; s: Searches }[] = [];
  const take = () => {
    const k = Atomics.add(cursor, 0, 1);
    if (k >= count) return;
    const open = parts.slice(k * m, k * m + m);
    // A square outside the sub-board would be a bug in the split: stop rather than search it.
    if (m < 32 && open.some((x) => x >>> m !== 0)) {
      throw new Error(`internal: part ${k} has squares outside the ${m} x ${m} sub-board`);
    }
    active.push({ part: k, s: new Searches({ ...sub, open }, {}) });
  };
  let finished = 0; // nodes of the parts answered
  let next = Date.now() + NODES_MS;
  for (let i = 0; i < ACTIVE; i++) take(); // past the last part, take does nothing
  while (active.length > 0) {
    for (let a = 0; a < active.length; a++) {
      const { part, s } = active[a]!;
      if (!s.turn(SLICE)) continue;
      const found = s.answer();
      if (found instanceof Int32Array) {
        post({ kind: "yes", part, placement: found, nodes: finished + s.nodes });
        return;
      }
      finished += s.nodes;
      post({ kind: "no", part, nodes: finished });
      active.splice(a--, 1);
      take();
    }
    if (Date.now() >= next) {
      let nodes = finished;
      for (const { s } of active) nodes += s.nodes;
      post({ kind: "nodes", nodes });
      next = Date.now() + NODES_MS;
    }
  }
  post({ kind: "done", nodes: finished });
}
