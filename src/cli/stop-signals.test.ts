import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { signalExitCode, trapStopSignals } from "./stop-signals.js";

describe("stop signals", () => {
  test("exit status after a stop signal: 128 + its number", () => {
    for (const [signal, status] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
      ["SIGHUP", 129],
    ] as const) {
      assert.equal(signalExitCode(signal), status);
    }
  });

  test("the first signal aborts and is named; release gives the signals back", () => {
    const before = process.listenerCount("SIGTERM");
    const stop = trapStopSignals();
    assert.equal(process.listenerCount("SIGTERM"), before + 1);
    assert.equal(stop.signal.aborted, false);
    assert.equal(stop.exitCode, 130); // none received yet: as for Ctrl-C
    process.emit("SIGTERM", "SIGTERM");
    process.emit("SIGHUP", "SIGHUP");
    assert.equal(stop.signal.aborted, true);
    assert.equal(stop.received, "SIGTERM");
    assert.equal(stop.exitCode, 143);
    assert.equal(stop.interrupted, "interrupted by SIGTERM after");
    stop.release();
    assert.equal(process.listenerCount("SIGTERM"), before);
  });
});
