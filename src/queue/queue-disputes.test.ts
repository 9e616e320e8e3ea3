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
import { runSplit } from "./run-split.js";
import { startWorkerWith } from "./worker.js";

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

  for (const method of ["constellations", "join"] as const) {
    test(`${method}: a worker caught in an impossible count has every vote recounted`, {
      skip,
    }, async () => {
      const url = await freshDb();
      const n = 11;
      // The only worker, at a quorum of 1: where one more is an impossible count it says so;
      // elsewhere it lies by 8 where that is possible, a lie no other vote disputes. Caught
      // once, it is a liar, and its settled lies are recounted too.
      const plan = runSplit(n, method);
      const told = { impossible: 0, possible: 0 };
      const liar = await startWorkerWith(url, { secret, name: "liar", threads: 1 }, (id, r) => {
        const one = { ...r, count: r.count + 1 };
        if (plan.impossible(id, one) !== undefined) {
          told.impossible++;
          return [{ result: one }];
        }
        const eight = { ...r, count: r.count + 8 };
        if (plan.impossible(id, eight) !== undefined) return [{ result: r }];
        told.possible++;
        return [{ result: eight }];
      });
      const notes: string[] = [];
      try {
        const r = await runCoordinator(n, url, {
          secret,
          method,
          pollSeconds: 0.05,
          onMessage: (m) => notes.push(m),
        });
        assert.ok(told.impossible > 0 && told.possible > 0, JSON.stringify(told));
        assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
        assert.deepEqual(r.notes.liars, ["liar"]);
        const named = notes.filter((m) =>
          /: impossible or self-contradicting counts proved wrong the votes of liar; every vote they cast is recounted$/.test(
            m,
          ),
        );
        assert.equal(named.length, 1, notes.join("\n"));
      } finally {
        await liar.close(true);
      }
    });
  }
});
