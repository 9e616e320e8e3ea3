/**
 * Stale jobs: a job of a range that is already settled (a replica a restarted coordinator left,
 * an extra vote no longer needed) is taken off the queue when its range settles, so that no
 * worker spends a round on it. Expected counts come only from KNOWN. See testing/redis.ts for the
 * Redis server.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Queue } from "bullmq";
import { knownCount as known } from "../testing/queue-records.js";
import { queueTestBed, storedKey, TEST_SECRET, WorkerProc } from "../testing/redis.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { runSplit } from "./run-split.js";
import {
  batchRanges,
  type JobData,
  jobData,
  jobId,
  largestFirst,
  PREFIX,
  QUEUE_NAME,
  readMeta,
} from "./store.js";
import { parseQueueUrl } from "./url.js";

const secret = TEST_SECRET;

describe("queue on Redis, stale jobs", async () => {
  const { skip, freshDb, spawned } = await queueTestBed(8);

  test("a stale replica of a range is dropped when the range settles, before a worker takes it", {
    skip,
  }, async () => {
    const url = await freshDb();
    // n = 16: the worker spends about two seconds on the other jobs, time enough for the
    // coordinator (polling every 0.1 s) to see the first range settled and drop the stale job
    // before the worker reaches it even on a busy machine (n = 13 left it a few tenths).
    const n = 16;
    const plan = runSplit(n, "constellations");
    // The run described and enqueued (replicas 1), its coordinator stopped.
    const stop = new AbortController();
    let name = "";
    await assert.rejects(
      runCoordinator(n, url, {
        secret,
        method: "constellations",
        signal: stop.signal,
        onMessage: (m) => {
          name = /^started run (\S+):/.exec(m)?.[1] ?? name;
          if (name) stop.abort();
        },
      }),
    );
    // A second replica of the first range (taken first, settled first), as a coordinator with
    // another quorum in mind would have left it: behind every other job in the queue.
    const key = await storedKey(url, name);
    const redis = await openRedis(parseQueueUrl(url));
    const queue = new Queue<JobData>(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    const meta = await readMeta(redis, name);
    assert.ok(meta !== undefined && meta !== "damaged");
    const [[from, to]] = largestFirst(plan, batchRanges(plan.size, meta.batch));
    const stale = jobId(name, from, to, 2);
    try {
      await queue.add(name, jobData(key, plan, from, to, 2, 1), { jobId: stale });
      const w = spawned(new WorkerProc(url, "w1", 1, 5));
      await w.ready();
      const r = await runCoordinator(n, url, {
        secret,
        method: "constellations",
        pollSeconds: 0.1,
      });
      assert.equal(r.total, known(n).total);
      const seen = w.events.filter((e) => "jobId" in e && e.jobId === stale);
      assert.deepEqual(seen, [], `the worker handled the stale job ${stale}`);
      assert.equal(await queue.getJob(stale), undefined);
      w.kill("SIGTERM");
    } finally {
      await queue.close();
      await closeRedis(redis);
    }
  });
});
