/**
 * The queue against a real Redis: exact counts over several worker processes, a worker killed
 * mid-job, a coordinator stopped and restarted, Redis restarted mid-run, bad addresses; and
 * against someone who can write to Redis: forged and planted records, forged jobs, a lying
 * worker outvoted by a quorum, a worker with another secret, secrets kept out of every output.
 * Expected counts come only from KNOWN. See testing.ts for where the Redis server comes from.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Queue, Worker } from "bullmq";
import { split, splitVersion } from "../engine/constellations/split.js";
import { solveSubProblem } from "../engine/kernel.js";
import { CountInterrupted } from "../engine/types.js";
import { NQueensError } from "../errors.js";
import { requestNodeGpu } from "../gpu/node-device.js";
import { knownCount as known, NONCE, solveAll } from "../testing/queue-records.js";
import {
  cli,
  jobStarts,
  killMidJob,
  Proc,
  queueTestBed,
  storedKey,
  TEST_SECRET,
  WorkerProc,
} from "../testing/redis.js";
import { useSwiftShader } from "../testing/swiftshader.js";
import { until } from "../testing/wait.js";
import { dropForged, forgetRun, listRuns } from "./admin.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { makeRecord } from "./record.js";
import { runKey } from "./secret.js";
import {
  batchRanges,
  batchSize,
  ensureRun,
  jobData,
  jobId,
  PREFIX,
  QUEUE_NAME,
  runKeys,
  runName,
  storeVotes,
} from "./store.js";
import { parseQueueUrl } from "./url.js";
import { judgeRun } from "./verdict.js";
import { verifyRun } from "./verify.js";
import { startWorker } from "./worker.js";
import type { WorkerEvent } from "./worker-events.js";

const secret = TEST_SECRET;
describe("queue on Redis", async () => {
  const { skip, freshDb, spawned } = await queueTestBed();

  describe("three worker processes", { skip }, () => {
    let url = "";
    let workers: (WorkerProc | Proc)[] = [];
    before(async () => {
      url = await freshDb();
      // Two bare workers and one through the command line, as a user starts it.
      const a = spawned(new WorkerProc(url, "wa", 1, 5));
      const b = spawned(new WorkerProc(url, "wb", 1, 5));
      const c = spawned(
        cli(["worker", "--queue", url, "--workers", "1", "--lock", "5", "--name", "wc"]),
      );
      workers = [a, b, c];
      await Promise.all([
        a.ready(),
        b.ready(),
        c.waitFor(() => c.stderr.includes("taking jobs"), "cli worker ready"),
      ]);
    });
    after(() => {
      for (const w of workers) w.kill("SIGKILL");
    });
    for (const n of [13, 14, 15]) {
      test(`Q(${n}) over three workers equals the known count`, async () => {
        const r = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
        assert.equal(r.total, known(n).total);
        assert.equal(r.unique, known(n).unique);
        assert.equal(r.attached, false);
        assert.equal(r.run, runName(n));
      });
    }
    test("every worker took jobs, and runs lists the three runs as finished", async () => {
      const redis = await openRedis(parseQueueUrl(url));
      const starts = await redis.lrange(runKeys(runName(15)).starts, 0, -1);
      await closeRedis(redis);
      const names = new Set(starts.map((s) => s.split("\t")[1]));
      assert.deepEqual([...names].sort(), ["wa", "wb", "wc"]);
      const { runs } = await listRuns(url, { secret });
      assert.deepEqual(
        runs.map((r) => [r.n, r.done === r.subProblems, r.total]),
        [13, 14, 15].map((n) => [n, true, known(n).total]),
      );
      const listing = spawned(cli(["runs", "--queue", url]));
      const end = await listing.exited;
      assert.equal(end.code, 0, listing.stderr);
      assert.match(
        listing.stdout,
        new RegExp(
          `${runName(15)}\\s+15\\s+2310/2310 100.0%.*total ${known(15).total} unique ${known(15).unique}`,
        ),
      );
    });
    test("the command-line worker stops on Ctrl-C (SIGINT) with status 0", async () => {
      const c = workers[2];
      c.kill("SIGINT");
      const end = await c.exited;
      assert.equal(end.code, 0, c.stderr);
      assert.match(c.stderr, /worker wc: stopped after \d+ jobs/);
    });
  });

  test("a worker killed with SIGKILL mid-job: its job is retried and the total is exact", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 16;
    const w = [1, 2, 3].map((i) => spawned(new WorkerProc(url, `k${i}`, 1, 2)));
    await Promise.all(w.map((x) => x.ready()));
    // Few, long jobs (about a second each), so the kill lands inside one.
    const counting = runCoordinator(n, url, { secret, batch: 300, pollSeconds: 0.1 });
    const victim = w[0];
    const start = await killMidJob(victim);
    const r = await counting;
    assert.equal((await victim.exited).signal, "SIGKILL");
    assert.equal(r.total, known(n).total);
    assert.equal(r.unique, known(n).unique);
    // The queue started the victim's job again, on another worker, as a later attempt.
    const starts = await jobStarts(url, r.run);
    const again = starts.filter(([id, who]) => id === start.jobId && who !== "k1");
    assert.ok(again.length >= 1, `no retry of ${start.jobId}: ${JSON.stringify(starts)}`);
    assert.ok(Number(again.at(-1)?.[2]) > start.attempt, "counted as a later attempt");
    assert.equal(r.workers, new Set(starts.map(([, who]) => who)).size);
    assert.ok(r.workers >= 2);
    const { runs } = await listRuns(url, { secret });
    assert.ok((runs[0]?.retries ?? 0) >= 1);
    for (const x of w) x.kill("SIGTERM");
  });

  test("the coordinator stopped mid-run and started again attaches and finishes exact", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 15;
    const w = [1, 2].map((i) => spawned(new WorkerProc(url, `c${i}`, 1, 5)));
    await Promise.all(w.map((x) => x.ready()));
    const first = spawned(new Proc(["src/dev/queue-coordinator.ts", String(n), url, "20"]));
    const progressed = () => {
      const m = [...first.stderr.matchAll(/progress (\d+)\/(\d+)/g)].at(-1);
      return m !== undefined && Number(m[1]) > 0;
    };
    await first.waitFor(progressed, "some progress");
    first.kill("SIGKILL");
    await first.exited;
    assert.doesNotMatch(first.stdout, /total/, "stopped before the end");
    const notes: string[] = [];
    const r = await runCoordinator(n, url, {
      secret,
      pollSeconds: 0.1,
      onMessage: (m) => notes.push(m),
    });
    assert.equal(r.attached, true);
    assert.match(
      notes[0] ?? "",
      /attached to run .*: [1-9]\d* of 2,310 sub-problems already settled/,
    );
    assert.equal(r.total, known(n).total);
    assert.equal(r.unique, known(n).unique);
    // A third time: attaches to the finished run and gives the same answer at once.
    const again = await runCoordinator(n, url, { secret });
    assert.deepEqual([again.attached, again.total, again.unique], [true, r.total, r.unique]);
    for (const x of w) x.kill("SIGTERM");
  });

  test("aborting the coordinator stops it at once with CountInterrupted; the run stays", {
    skip,
  }, async () => {
    const url = await freshDb();
    const stop = new AbortController();
    // Aborted once it follows the run (its first look at the results, the jobs enqueued).
    let following = false;
    const counting = runCoordinator(12, url, {
      secret,
      signal: stop.signal,
      onProgress: () => {
        following = true;
      },
    });
    await until(() => following, "the coordinator following its run");
    stop.abort();
    await assert.rejects(counting, (e: unknown) => e instanceof CountInterrupted && e.done === 0);
    const { runs, jobs } = await listRuns(url, { secret });
    assert.deepEqual(
      runs.map((r) => [r.run, r.done]),
      [[runName(12), 0]],
    );
    assert.equal(jobs.waiting, batchRanges(split(12).length, batchSize(12)).length);
  });

  test("forgetting a run deletes its results and queued jobs, and only its own", {
    skip,
  }, async () => {
    const url = await freshDb();
    // Two runs with their jobs enqueued and no worker: start each coordinator, then stop it.
    for (const n of [12, 10]) {
      const stop = new AbortController();
      const following = runCoordinator(n, url, {
        secret,
        signal: stop.signal,
        onMessage: () => stop.abort(),
      });
      await assert.rejects(following, CountInterrupted);
    }
    const name = runName(12);
    const jobs12 = batchRanges(split(12).length, batchSize(12)).length;
    const jobs10 = batchRanges(split(10).length, batchSize(10)).length;
    const redis = await openRedis(parseQueueUrl(url));
    const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    // Takes jobs by hand, as a worker would (BullMQ's manual fetching), on its own connection.
    const takerLink = redis.duplicate();
    const taker = new Worker(QUEUE_NAME, null, { connection: takerLink, prefix: PREFIX });
    try {
      const records = solveAll(12);
      await storeVotes(
        redis,
        name,
        [0, 1, 2].map((id) => [id, records[id]] as const),
      );
      // A worker holds one of the run's jobs: the run cannot be forgotten under it.
      const token = "test-token";
      let held = await taker.getNextJob(token);
      while (held && held.name !== name) {
        await held.moveToFailed(new Error("not this run's"), token);
        held = await taker.getNextJob(token);
      }
      assert.ok(held, "one of the run's jobs was taken");
      await assert.rejects(
        forgetRun(url, name),
        (e: unknown) => e instanceof NQueensError && /has 1 job in progress/.test(e.message),
      );
      await held.moveToFailed(new Error("given back"), token);

      const forgot = spawned(cli(["runs", "--queue", url, "--forget", name, "--json"]));
      assert.equal((await forgot.exited).code, 0, forgot.stderr);
      assert.deepEqual(JSON.parse(forgot.stdout), { run: name, results: 3, jobs: jobs12 });
      assert.equal(await redis.exists(...Object.values(runKeys(name))), 0, "every key is gone");
      const { runs, jobs } = await listRuns(url, { secret });
      assert.deepEqual(
        runs.map((r) => r.run),
        [runName(10)],
      );
      // Jobs given back wait for their retry (delayed) or have failed: all states count.
      const left = await queue.getJobs(["wait", "delayed", "failed"]);
      assert.equal(left.length, jobs10);
      assert.ok(
        left.every((j) => j?.name === runName(10)),
        "only the other run's jobs are left",
      );
      assert.equal(jobs.waiting + jobs.delayed + jobs.failed, jobs10);
      await assert.rejects(
        forgetRun(url, name),
        (e: unknown) => e instanceof NQueensError && /no run named/.test(e.message),
      );
    } finally {
      await taker.close();
      takerLink.disconnect();
      await queue.close();
      await closeRedis(redis);
    }
  });

  test("a job whose run was forgotten is dropped without writing anything", {
    skip,
  }, async () => {
    const url = await freshDb();
    const redis = await openRedis(parseQueueUrl(url));
    const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    const events: WorkerEvent[] = [];
    const worker = await startWorker(url, { secret, name: "w1", onEvent: (e) => events.push(e) });
    try {
      const run = "ghost";
      const data = jobData(runKey(secret, run, NONCE), 10, 0, 5, 1, 1);
      await queue.add(run, data, { jobId: jobId(run, 0, 5) });
      await until(() => events.some((e) => e.type === "dropped"), "the job dropped");
      assert.deepEqual(
        events.filter((e) => e.type === "dropped"),
        [{ type: "dropped", jobId: jobId(run, 0, 5), run }],
      );
      assert.equal(await redis.exists(...Object.values(runKeys(run))), 0, "no keys written");
      assert.ok(!events.some((e) => e.type === "start"), "nothing was solved");
    } finally {
      await worker.close(true);
      await queue.close();
      await closeRedis(redis);
    }
  });

  test("a run name taken by another n is refused", { skip }, async () => {
    const url = await freshDb();
    const redis = await openRedis(parseQueueUrl(url));
    try {
      await ensureRun(redis, runKey(secret, "shared"), 10, 5);
      await assert.rejects(
        runCoordinator(11, url, { secret, run: "shared" }),
        (e: unknown) =>
          e instanceof NQueensError && /run 'shared' is a count of n=10/.test(e.message),
      );
      await assert.rejects(runCoordinator(11, url, { secret, run: "no spaces" }), NQueensError);
    } finally {
      await closeRedis(redis);
    }
  });

  test("storing twice is idempotent; a second worker's disagreeing vote makes a dispute", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 10;
    const name = runName(n);
    const redis = await openRedis(parseQueueUrl(url));
    try {
      const { nonce } = await ensureRun(redis, runKey(secret, name), n, 4);
      const key = runKey(secret, name, nonce);
      const records = solveAll(n, "a", key);
      const entries = Object.entries(records).map(([id, rec]) => [Number(id), rec] as const);
      const wake = runKeys(name).wake;
      assert.deepEqual(await storeVotes(redis, name, entries.slice(0, -1)), {
        stored: entries.length - 1,
        same: 0,
        disagreeing: 0,
      });
      assert.equal(await redis.llen(wake), 0, "no wake-up while one sub-problem is open");
      assert.deepEqual(await storeVotes(redis, name, entries), {
        stored: 1,
        same: entries.length - 1,
        disagreeing: 0,
      });
      assert.equal(await redis.llen(wake), 1, "the last vote wakes the coordinator");
      // Another worker (another solver too) agrees: a second vote, no dispute.
      const version = splitVersion(n);
      const other = makeRecord(key, version, 5, "gpu/test", "c", solveSubProblem(n, split(n)[5]));
      assert.deepEqual(await storeVotes(redis, name, [[5, other]]), {
        stored: 1,
        same: 0,
        disagreeing: 0,
      });
      const r = await runCoordinator(n, url, { secret });
      assert.equal(r.total, known(n).total);
      assert.deepEqual(r.overruled, []);
      // Now two workers report a different count for sub-problem 7: it has 1 vote against 2.
      const wrong = solveSubProblem(n, split(n)[7]);
      const bad = (w: string) =>
        makeRecord(key, version, 7, "cpu/broken", w, { ...wrong, count: wrong.count + 1 });
      assert.deepEqual(await storeVotes(redis, name, [[7, bad("x")]]), {
        stored: 1,
        same: 0,
        disagreeing: 1,
      });
      assert.match(
        (await redis.hget(runKeys(name).votes, "7")) ?? "",
        new RegExp(`^${records[7]}\n`),
      );
      // A third vote, from "y", with "x": two against "a" settle sub-problem 7 on the wrong
      // count (a quorum is only as good as its workers), and the total the coordinator stored
      // earlier is no longer what the records add up to: runs says so instead of showing it.
      await storeVotes(redis, name, [[7, bad("y")]]);
      const listing = spawned(cli(["runs", "--queue", url]));
      assert.equal((await listing.exited).code, 1, "a stored total the records disagree with");
      assert.match(listing.stdout, /MISMATCH/);
      assert.match(
        listing.stdout,
        /sub-problem 7: worker a reported count=\d+ .*: outvoted by x, y/,
      );
    } finally {
      await closeRedis(redis);
    }
  });

  test("a forged record with a valid unkeyed checksum is refused by count and runs", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 11;
    const name = runName(n);
    const w = spawned(new WorkerProc(url, "f1", 1, 5));
    await w.ready();
    const r = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
    assert.equal(r.total, known(n).total);
    const redis = await openRedis(parseQueueUrl(url));
    try {
      // The attack that worked on the unkeyed checksum: a self-consistent record with 1000 more,
      // in the old format and in the new one under another secret.
      const sp = split(n).find((x) => solveSubProblem(n, x).count > 0);
      assert.ok(sp);
      const right = solveSubProblem(n, sp);
      const theirs = makeRecord(
        runKey("the-forgers-own-secret", name, NONCE),
        splitVersion(n),
        sp.id,
        "cpu/constellations-1",
        "f1",
        { ...right, count: right.count + 1000 },
      );
      await redis.hset(runKeys(name).votes, String(sp.id), theirs);
      await assert.rejects(
        runCoordinator(n, url, { secret }),
        (e: unknown) =>
          e instanceof NQueensError &&
          new RegExp(`1 stored record fails its MAC .* on sub-problem ${sp.id}; no total`).test(
            e.message,
          ),
      );
      const count = spawned(cli(["count", String(n), "--queue", url]));
      assert.equal((await count.exited).code, 2);
      assert.doesNotMatch(count.stdout, /total/);
      const listing = spawned(cli(["runs", "--queue", url]));
      assert.equal((await listing.exited).code, 1);
      assert.match(listing.stdout, /FORGED: 1 record fails its MAC; no total/);
      assert.doesNotMatch(listing.stdout, new RegExp(`total ${known(n).total}`), "no old total");
      // Whatever the sample, the tag of every record is checked.
      const v = await verifyRun(url, name, { secret, sample: 1 });
      assert.equal(v.ok, false);
      assert.deepEqual(
        v.forged.map((f) => f.id),
        [sp.id],
      );
      const verify = spawned(cli(["runs", "--queue", url, "--verify", name, "--sample", "1"]));
      assert.equal((await verify.exited).code, 1);
      assert.match(verify.stdout, /1 stored record fails its MAC \(every record was checked\)/);
      // Dropping it: the record is gone (the genuine one was overwritten by HSET) and the
      // sub-problem is solved again.
      const dropped = await dropForged(url, name, { secret });
      assert.deepEqual(
        dropped.dropped.map((f) => f.id),
        [sp.id],
      );
      const again = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
      assert.equal(again.total, known(n).total);
    } finally {
      await closeRedis(redis);
      w.kill("SIGTERM");
    }
  });

  test("a record planted before the workers run is refused, the workers solve it anyway", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 12;
    const name = runName(n);
    const redis = await openRedis(parseQueueUrl(url));
    try {
      // The run's jobs are enqueued, no worker is running yet.
      const stop = new AbortController();
      await assert.rejects(
        runCoordinator(n, url, { secret, signal: stop.signal, onMessage: () => stop.abort() }),
        CountInterrupted,
      );
      const planted =
        "count=1059 f180=0 f90=0 solver=cpu/constellations-1 worker=ghost mac=0123456789abcdef0123456789abcdef";
      await redis.hset(runKeys(name).votes, "100", planted);
      const w = spawned(new WorkerProc(url, "p1", 1, 5));
      await w.ready();
      const notes: string[] = [];
      await assert.rejects(
        runCoordinator(n, url, { secret, pollSeconds: 0.1, onMessage: (m) => notes.push(m) }),
        (e: unknown) => e instanceof NQueensError && /on sub-problem 100; no total/.test(e.message),
      );
      assert.ok(
        notes.some((m) => /sub-problem 100 fails its MAC/.test(m)),
        notes.join("\n"),
      );
      const lines = ((await redis.hget(runKeys(name).votes, "100")) ?? "").split("\n");
      assert.equal(lines.length, 2, "the worker voted beside the planted record");
      assert.match(lines[1], / worker=p1 /);
      const listing = spawned(cli(["runs", "--queue", url, "--json"]));
      assert.equal((await listing.exited).code, 1);
      const info = JSON.parse(listing.stdout.trim());
      assert.equal(info.state, "forged");
      assert.equal(info.total, undefined);
      assert.deepEqual(
        info.forged.map((f: { id: number }) => f.id),
        [100],
      );
      const drop = spawned(cli(["runs", "--queue", url, "--drop-forged", name]));
      assert.equal((await drop.exited).code, 0, drop.stderr);
      assert.match(
        drop.stdout,
        /dropped from sub-problem 100, a record that fails its MAC .*count=1059/,
      );
      const r = await runCoordinator(n, url, { secret });
      assert.equal(r.total, known(n).total);
      w.kill("SIGTERM");
    } finally {
      await closeRedis(redis);
    }
  });

  test("with --replicas 2 a lying worker is outvoted and reported; the total is exact", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 12;
    const w = [
      spawned(new WorkerProc(url, "honest-a", 1, 5)),
      spawned(new WorkerProc(url, "honest-b", 1, 5)),
      spawned(new WorkerProc(url, "liar", 1, 5, { lying: true })),
    ];
    await Promise.all(w.map((x) => x.ready()));
    const notes: string[] = [];
    const count = spawned(cli(["count", String(n), "--queue", url, "--replicas", "2", "--json"]));
    const r = await runCoordinator(n, url, {
      secret,
      replicas: 2,
      pollSeconds: 0.1,
      onMessage: (m) => notes.push(m),
    });
    assert.equal(r.total, known(n).total);
    assert.equal(r.unique, known(n).unique);
    assert.equal(r.replicas, 2);
    const liarVotes = w[2].events.filter((e) => e.type === "done").length;
    assert.ok(liarVotes > 0, "the liar took jobs");
    assert.ok(r.overruled.length > 0 && r.overruled.every((o) => o.worker === "liar"));
    assert.ok(
      r.overruled.every((o) =>
        // A dispute is recounted by the coordinator, which proves every lie of the liar wrong.
        /^outvoted by honest-(a, honest-b|b, honest-a)$|^its symmetric counts are impossible$|^proved wrong by the operator's recount$/.test(
          o.reason,
        ),
      ),
      JSON.stringify(r.overruled.slice(0, 3)),
    );
    assert.ok(
      notes.some((m) =>
        /workers disagree on [\d,]+ sub-problems? so far \(the latest: .*\); asking one more worker for each/.test(
          m,
        ),
      ),
    );
    assert.ok(
      notes.some((m) => /votes? from liar (was|were) overruled/.test(m)),
      notes.join("\n"),
    );
    assert.ok(
      notes.some((m) =>
        /proved wrong the votes of liar; every vote they cast is recounted/.test(m),
      ),
      notes.join("\n"),
    );
    // The command attached to the same run gives the same total and says who was overruled.
    assert.equal((await count.exited).code, 0, count.stderr);
    const json = JSON.parse(count.stdout);
    assert.equal(json.total, known(n).total.toString());
    // --json prints no notes as lines: they are its fields, the same as the library's outcome.
    assert.equal(count.stderr, "");
    for (const notesOf of [json.notes, r.notes]) {
      assert.deepEqual(notesOf.liars, ["liar"], JSON.stringify(notesOf));
      assert.deepEqual(notesOf.overruledWorkers, ["liar"]);
      assert.ok(notesOf.overruledVotes > 0);
      assert.deepEqual(notesOf.forged, []);
      // Every overruled vote's sub-problem was recounted by the operator.
      const recounted = new Set(notesOf.recounted);
      assert.ok(
        r.overruled.every((o) => recounted.has(o.id)),
        JSON.stringify(notesOf),
      );
    }
    assert.ok(r.notes.disputes.length > 0, JSON.stringify(r.notes));
    const listing = spawned(cli(["runs", "--queue", url]));
    assert.equal((await listing.exited).code, 0, listing.stdout);
    assert.match(
      listing.stdout,
      new RegExp(`total ${known(n).total} unique ${known(n).unique} \\(\\d+ votes? overruled\\)`),
    );
    assert.match(
      listing.stdout,
      /sub-problem \d+: worker liar reported count=\d+ .*: (outvoted by honest-|proved wrong by the operator's recount)/,
    );
    // Every settled sub-problem has two agreeing votes from distinct honest workers.
    const redis = await openRedis(parseQueueUrl(url));
    const votes = await redis.hgetall(runKeys(r.run).votes);
    await closeRedis(redis);
    const v = judgeRun(n, await storedKey(url, r.run), votes, 2);
    assert.equal(v.settled.size, split(n).length);
    assert.deepEqual(v.forged, []);
    // Replicas no longer needed (handed back, waiting) were taken off the queue at the end.
    const { jobs } = await listRuns(url, { secret });
    assert.equal(jobs.waiting + jobs.delayed + jobs.stalled + jobs.failed, 0, JSON.stringify(jobs));
    // Attempting another quorum on the same run is refused.
    await assert.rejects(
      runCoordinator(n, url, { secret, replicas: 3 }),
      (e: unknown) =>
        e instanceof NQueensError &&
        e.code === "run-mismatch" &&
        /was started with replicas 2, not 3: attach without the replicas option/.test(e.message),
    );
    for (const x of w) x.kill("SIGTERM");
  });

  test("a job not made by the coordinator is refused; a worker with another secret solves nothing", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 10;
    const name = runName(n);
    const redis = await openRedis(parseQueueUrl(url));
    const queue = new Queue(QUEUE_NAME, { connection: redis, prefix: PREFIX });
    const events: WorkerEvent[] = [];
    const stranger = spawned(
      new WorkerProc(url, "stranger", 1, 5, { env: { NQUEENS_SECRET: "a-different-secret-0123" } }),
    );
    try {
      const { nonce } = await ensureRun(redis, runKey(secret, name), n, 100);
      await stranger.ready();
      // A job with a forged tag (the forger cannot make one), and one for the whole run, tagged.
      const tagged = jobData(runKey(secret, name, nonce), n, 0, 10, 1, 1);
      const forged = { ...tagged, mac: "0".repeat(32) };
      await queue.add(name, forged, { jobId: jobId(name, 0, 10, 7) });
      await stranger.waitFor(
        () =>
          stranger.events.some(
            (e) => e.type === "deferred" && /not created with this worker's secret/.test(e.reason),
          ),
        "the stranger's refusal",
      );
      const worker = await startWorker(url, { secret, name: "w1", onEvent: (e) => events.push(e) });
      try {
        await until(() => events.some((e) => e.type === "refused"), "w1's refusal");
        const refused = events.find((e) => e.type === "refused");
        assert.ok(
          refused?.type === "refused" &&
            /fails its MAC: not made by the run's coordinator/.test(refused.reason),
        );
        assert.equal(await redis.hlen(runKeys(name).votes), 0, "nothing stored for the forged job");
        const r = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
        assert.equal(r.total, known(n).total);
        const votes = Object.values(await redis.hgetall(runKeys(name).votes)).join("\n");
        assert.doesNotMatch(votes, /worker=stranger/, "the stranger stored nothing");
      } finally {
        await worker.close(true);
      }
    } finally {
      stranger.kill("SIGTERM");
      await queue.close();
      await closeRedis(redis);
    }
  });

  test("runs --verify recounts a sample and catches a wrong count stored with a valid tag", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 11;
    const name = runName(n);
    const redis = await openRedis(parseQueueUrl(url));
    try {
      const { nonce } = await ensureRun(redis, runKey(secret, name), n, 4);
      const key = runKey(secret, name, nonce);
      const records = solveAll(n, "test", key);
      await storeVotes(
        redis,
        name,
        Object.entries(records).map(([id, rec]) => [Number(id), rec] as const),
      );
      const all = split(n).length;
      const good = await verifyRun(url, name, { secret, sample: 5 });
      assert.ok(good.ok && good.checked.length === 5 && good.settled === all);
      const byDefault = await verifyRun(url, name, { secret });
      // The default sample, computed apart (Python's math.comb): the least k of 452 with
      // C(452 - 5, k) / C(452, k) < 1%, 5 being 1% of 452 rounded up.
      assert.equal(all, 452);
      assert.equal(byDefault.checked.length, 271);
      assert.ok(byDefault.missShare < 0.01 && byDefault.missShare > 0.0099);
      assert.ok(Math.abs(byDefault.missOne - (452 - 271) / 452) < 1e-12);
      // A share: 1% of the settled sub-problems, at least one.
      const share = await verifyRun(url, name, { secret, sample: { percent: 1 } });
      assert.equal(share.checked.length, Math.max(1, Math.ceil(all / 100)));
      await assert.rejects(
        verifyRun(url, name, { secret, sample: { percent: 0 } }),
        /^NQueensError: sample\.percent must be above 0 and at most 100: got 0$/,
      );
      // A wrong count with a valid tag (a worker holding the secret lied): only a recount, or a
      // quorum, can tell.
      const sp = split(n).find((s) => solveSubProblem(n, s).count > 0);
      assert.ok(sp);
      const right = solveSubProblem(n, sp);
      const lie = makeRecord(key, splitVersion(n), sp.id, "cpu/x", "test", {
        ...right,
        count: right.count + 8,
      });
      await redis.hset(runKeys(name).votes, String(sp.id), lie);
      const report = await verifyRun(url, name, { secret, sample: "all" });
      assert.equal(report.ok, false);
      assert.deepEqual(
        report.checked.filter((c) => !c.ok).map((c) => [c.id, c.stored.count, c.recount.count]),
        [[sp.id, right.count + 8, right.count]],
      );
      const v = spawned(cli(["runs", "--queue", url, "--verify", name, "--sample", "100%"]));
      assert.equal((await v.exited).code, 1);
      assert.match(
        v.stdout,
        new RegExp(
          `sub-problem ${sp.id}: settled ${right.count + 8}, recounted ${right.count}: MISMATCH`,
        ),
      );
      assert.match(v.stdout, new RegExp(`${all - 1} of ${all} sampled sub-problems agree`));
      assert.match(
        v.stdout,
        new RegExp(
          `the sample took ${all} of the ${all} other settled sub-problems: had 5 of them \\(1%\\) been wrong, it would have missed them all with chance 0%; had one been wrong, with chance 0%`,
        ),
      );
      const bad = spawned(cli(["runs", "--queue", url, "--verify", name, "--sample", "0"]));
      assert.equal((await bad.exited).code, 2);
      assert.match(bad.stderr, /--sample must be a number of sub-problems/);
    } finally {
      await closeRedis(redis);
    }
  });

  test("a GPU worker (WebGPU; SwiftShader without a GPU) counts exactly through the queue", {
    skip,
  }, async (t) => {
    const hint = useSwiftShader();
    let probe: Awaited<ReturnType<typeof requestNodeGpu>> | undefined;
    try {
      probe = await requestNodeGpu();
    } catch (e) {
      return t.skip(
        `no WebGPU adapter: ${e instanceof Error ? e.message : e}${hint ? `; ${hint}` : ""}`,
      );
    } finally {
      probe?.close();
    }
    const url = await freshDb();
    const events: WorkerEvent[] = [];
    const worker = await startWorker(url, {
      secret,
      backend: "gpu",
      name: "g1",
      onEvent: (e) => events.push(e),
    });
    try {
      const ready = events.find((e) => e.type === "ready");
      assert.ok(ready?.type === "ready" && /^gpu \(/.test(ready.backend), JSON.stringify(ready));
      for (const n of [9, 11]) {
        const r = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
        assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
        const redis = await openRedis(parseQueueUrl(url));
        const stored = Object.values(await redis.hgetall(runKeys(r.run).votes));
        await closeRedis(redis);
        assert.ok(stored.length > 0 && stored.every((x) => x.includes(" solver=gpu/")));
      }
    } finally {
      await worker.close(true);
    }
  });
});
