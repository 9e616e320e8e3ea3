/**
 * A dispute that no other worker can break: `--replicas 2` with two workers that disagree. The
 * coordinator says so in one line and recounts it at once, instead of waiting for ever for a
 * third vote. Expected counts come only from KNOWN. See testing/redis.ts for the Redis server.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { knownCount as known } from "../testing/queue-records.js";
import { queueTestBed, TEST_SECRET, WorkerProc } from "../testing/redis.js";
import { runCoordinator } from "./coordinator.js";

const secret = TEST_SECRET;

describe("queue on Redis, disputes", async () => {
  const { skip, freshDb, spawned } = await queueTestBed(9);

  test("--replicas 2 with two workers: a tie is named and recounted at once", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 11;
    // The liar lies on the first sub-problem it solves only: one dispute, two votes, 1 against 1.
    const w = [
      spawned(new WorkerProc(url, "honest", 1, 5)),
      spawned(new WorkerProc(url, "liar", 1, 5, { mode: "lie-first" })),
    ];
    await Promise.all(w.map((x) => x.ready()));
    const notes: string[] = [];
    const r = await runCoordinator(n, url, {
      secret,
      replicas: 2,
      pollSeconds: 0.1,
      onMessage: (m) => notes.push(m),
    });
    assert.equal(r.total, known(n).total);
    assert.equal(r.unique, known(n).unique);
    const tie = notes.filter((m) =>
      /workers disagree on sub-problem \d+ and every worker that took jobs \((honest, liar|liar, honest)\) has voted on it: a quorum of 2 needs 3 workers to break a tie; recounting it here/.test(
        m,
      ),
    );
    assert.equal(tie.length, 1, notes.join("\n"));
    assert.deepEqual(r.notes.liars, ["liar"], notes.join("\n"));
    assert.equal(r.notes.disputes.length, 1);
    assert.ok(r.notes.recounted.includes(r.notes.disputes[0]));
    for (const x of w) x.kill("SIGTERM");
  });
});
