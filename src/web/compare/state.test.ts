// Compare's state (state.ts) without a browser: leaving Compare cancels the chart's run going on
// and marks it to be made again at the next show; with nothing running, leaving changes nothing
// (a run done, or one the reader cancelled, stays as it is).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Running } from "../jobs.js";
import { initialState, leave } from "./state.js";

/** A job that records whether it was cancelled. */
const job = (): Running<unknown> & { cancelled: boolean } => {
  const j = {
    cancelled: false,
    promise: new Promise<unknown>(() => undefined),
    cancel() {
      j.cancelled = true;
    },
  };
  return j;
};

describe("leaving Compare", () => {
  const cases: [name: string, running: boolean, ran: boolean, cut: boolean, ranAfter: boolean][] = [
    ["a run going on is cancelled and made again at the next show", true, true, true, false],
    ["a run done stays done", false, true, false, true],
    ["nothing run yet: the next show runs it", false, false, false, false],
  ];
  for (const [name, running, ran, cut, ranAfter] of cases) {
    test(name, () => {
      const cs = initialState();
      const j = job();
      cs.ran = ran;
      if (running) cs.job = j;
      assert.equal(leave(cs), cut);
      assert.equal(j.cancelled, cut);
      assert.equal(cs.job, undefined);
      assert.equal(cs.ran, ranAfter);
    });
  }
});
