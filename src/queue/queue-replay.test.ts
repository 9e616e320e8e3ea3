/**
 * Replayed records (issue 35, item 1): the records of a forgotten run, all of them or only a
 * liar's, written back into the next run of the same name (a run's name is fixed per n and
 * method) never count there: each run has its own nonce, drawn when it is created, under which
 * its records are tagged. The next count gives the exact total, or none. Both methods. Expected
 * counts come only from KNOWN. See testing/redis.ts for where the Redis server comes from.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { NQueensError } from "../errors.js";
import { KNOWN } from "../testing/known-counts.js";
import { queueTestBed, TEST_SECRET } from "../testing/redis.js";
import { forgetRun, listRuns } from "./admin.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { type QueueMethod, runSplit } from "./run-split.js";
import { runKeys } from "./store.js";
import { parseQueueUrl } from "./url.js";
import { verifyRun } from "./verify.js";
import { startWorker, startWorkerWith } from "./worker.js";

const secret = TEST_SECRET;

const known = (n: number) => {
  const k = KNOWN.find((c) => c.n === n);
  if (!k) throw new Error(`no known count for ${n}`);
  return k;
};

describe("replayed records of a forgotten run", async () => {
  // Database 0: the other queue test files take 1 and up.
  const { skip, freshDb } = await queueTestBed(0);

  const cases: [QueueMethod, number, "all" | "the liar's"][] = [
    ["constellations", 11, "all"],
    ["constellations", 11, "the liar's"],
    ["join", 11, "all"],
    ["join", 11, "the liar's"],
  ];
  for (const [method, n, which] of cases) {
    test(`${method}, n=${n}: ${which} records of a flagged, forgotten run written back never count`, {
      skip,
    }, async () => {
      const url = await freshDb();
      // A run at replicas 1 where one of two workers lied on every fifth sub-problem it solved
      // (counts 8 more), where such a lie is possible: an impossible count would prove it a
      // liar, and every vote it cast would be recounted. The other worker solves the rest.
      const lied = new Set<number>();
      const plan = runSplit(n, method);
      const helper = await startWorker(url, { secret, name: "helper", threads: 1 });
      const liar = await startWorkerWith(url, { secret, name: "liar", threads: 1 }, (id, r) => {
        const lie = { ...r, count: r.count + 8 };
        if (id % 5 !== 1 || plan.impossible(id, lie) !== undefined) return [{ result: r }];
        lied.add(id);
        return [{ result: lie }];
      });
      let run: string;
      try {
        const first = await runCoordinator(n, url, { secret, method, pollSeconds: 0.05 }).catch(
          (e: Error) => e,
        );
        assert.ok(lied.size > 0);
        if (first instanceof Error) {
          // Settled counts that add up to no whole count: refused already (the run is flagged).
          assert.ok(first instanceof NQueensError, String(first));
          run = String(first.details.run);
        } else {
          assert.notEqual(first.total, known(n).total, "the lie settled at replicas 1");
          run = first.run;
          const found = await verifyRun(url, run, { secret, sample: "all" });
          assert.equal(found.ok, false);
          assert.match(found.flagged ?? "", /a recount disagrees/);
        }
      } finally {
        await liar.close(true);
        await helper.close(true);
      }
      // The attack: save the run's records, forget it (the advice for a flagged run), write them
      // back, and count again.
      const redis = await openRedis(parseQueueUrl(url));
      const honest = await startWorker(url, { secret, name: "honest", threads: 1 });
      try {
        const saved = await redis.hgetall(runKeys(run).votes);
        const replay =
          which === "all"
            ? saved
            : Object.fromEntries([...lied].map((id) => [String(id), saved[id]]));
        assert.ok(Object.keys(replay).length > 0);
        await forgetRun(url, run);
        await redis.hset(runKeys(run).votes, replay);
        const again = await runCoordinator(n, url, { secret, method, pollSeconds: 0.05 }).catch(
          (e: Error) => e,
        );
        // The exact total, or none: never the old wrong one.
        if (again instanceof Error) {
          assert.ok(
            again instanceof NQueensError &&
              /fail their MAC .*; no total/.test(again.message) &&
              again.code === "run-unsettled",
            String(again),
          );
        } else {
          assert.deepEqual([again.total, again.unique], [known(n).total, known(n).unique]);
        }
      } finally {
        await honest.close(true);
        await closeRedis(redis);
      }
    });
  }
});

describe("two colluding keys at replicas 2", async () => {
  // Database 4 and up of this file's: the replay tests above take 0 to 3.
  const { skip, freshDb } = await queueTestBed(4);
  for (const method of ["constellations", "join"] as const) {
    test(`${method}: their lies, settled against an honest worker, never give a wrong total`, {
      skip,
    }, async () => {
      const url = await freshDb();
      const n = 11;
      // Both lie alike on every fourth sub-problem (8 more), so that they agree on each lie.
      const lie = (id: number, r: { count: number; fixed180: number; fixed90: number }) => [
        { result: id % 4 === 1 ? { ...r, count: r.count + 8 } : r },
      ];
      const workers = [
        await startWorker(url, { secret, name: "honest", threads: 1 }),
        await startWorkerWith(url, { secret, name: "ca", threads: 1 }, lie),
        await startWorkerWith(url, { secret, name: "cb", threads: 1 }, lie),
      ];
      const notes: string[] = [];
      try {
        const r = await runCoordinator(n, url, {
          secret,
          method,
          replicas: 2,
          pollSeconds: 0.05,
          onMessage: (m) => notes.push(m),
        }).catch((e: Error) => e);
        if (r instanceof Error) {
          assert.ok(r instanceof NQueensError && r.code === "run-unsettled", String(r));
        } else {
          assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
          // Named as the liars; the honest worker never counted among the overruled.
          assert.ok(
            notes.some((m) => /proved wrong the votes of (ca, cb|cb, ca|ca|cb)/.test(m)),
            notes.join("\n"),
          );
          assert.ok(!r.overruled.some((o) => o.worker === "honest"), JSON.stringify(r.overruled));
          // The one verdict: the run as `runs` reads it gives the same total.
          const { runs } = await listRuns(url, { secret });
          assert.equal(runs.find((x) => x.run === r.run)?.total, known(n).total);
        }
      } finally {
        for (const w of workers) await w.close(true);
      }
    });
  }
});
