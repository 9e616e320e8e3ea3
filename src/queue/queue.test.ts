/**
 * The queue against a real Redis: exact counts over several worker processes, a worker killed
 * mid-job, a coordinator stopped and restarted, Redis restarted mid-run, conflicts, bad addresses.
 * Expected counts come only from KNOWN. See testing.ts for where the Redis server comes from.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Queue, Worker } from "bullmq";
import { solveSubProblem } from "../engine/kernel.js";
import { estimatedCost, split, splitVersion } from "../engine/split.js";
import { CountInterrupted } from "../engine/types.js";
import { NQueensError } from "../errors.js";
import { requestNodeGpu, useSwiftShader } from "../gpu/node-device.js";
import { KNOWN } from "../testing/known-counts.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { checkRecord, makeRecord } from "./record.js";
import {
  batchRanges,
  batchSize,
  ensureRun,
  jobId,
  largestFirst,
  PREFIX,
  QUEUE_NAME,
  readConflicts,
  runKeys,
  runName,
  storeResults,
  totalOf,
} from "./run.js";
import { forgetRun, listRuns, verifyRun } from "./runs.js";
import {
  clearQueueKeys,
  cli,
  type OwnRedis,
  Proc,
  sleep,
  startRedisServer,
  testRedis,
  WorkerProc,
  withDb,
} from "./testing.js";
import { parseQueueUrl } from "./url.js";
import { startWorker, type WorkerEvent } from "./worker.js";

const known = (n: number) => {
  const k = KNOWN.find((c) => c.n === n);
  if (!k) throw new Error(`no known count for ${n}`);
  return k;
};

/** Solves every sub-problem of n here and returns the records, id -> record. */
function solveAll(n: number): Record<string, string> {
  const version = splitVersion(n);
  const out: Record<string, string> = {};
  for (const sp of split(n))
    out[sp.id] = makeRecord(version, sp.id, "test", solveSubProblem(n, sp));
  return out;
}

describe("queue address", () => {
  const good: [string, { host: string; port: number; db: number; tls: boolean }][] = [
    ["redis://127.0.0.1:6379", { host: "127.0.0.1", port: 6379, db: 0, tls: false }],
    ["redis://example.org", { host: "example.org", port: 6379, db: 0, tls: false }],
    ["redis://10.0.0.5:7000/3", { host: "10.0.0.5", port: 7000, db: 3, tls: false }],
    ["rediss://:secret@cache.local:6380/1", { host: "cache.local", port: 6380, db: 1, tls: true }],
    ["redis://[::1]:6379", { host: "::1", port: 6379, db: 0, tls: false }],
  ];
  for (const [text, want] of good) {
    test(`accepts ${text}`, () => {
      const u = parseQueueUrl(text);
      assert.deepEqual({ host: u.host, port: u.port, db: u.db, tls: u.tls }, want);
      assert.ok(!u.display.includes("secret"), "the password is not shown");
    });
  }
  const bad: [string, RegExp][] = [
    ["localhost:6379", /scheme|not a URL/],
    ["http://localhost:6379", /scheme must be redis or rediss, not http/],
    ["redis://", /no host|not a URL/],
    ["redis://host:0", /port must be 1 to 65535/],
    ["redis://host:99999", /not a URL/],
    ["redis://host:6379/x", /database number/],
    ["redis://host:6379/1?x=2", /no query/],
    ["", /not a URL/],
  ];
  for (const [text, why] of bad) {
    test(`refuses '${text}'`, () => {
      assert.throws(
        () => parseQueueUrl(text),
        (e: unknown) =>
          e instanceof NQueensError && why.test(e.message) && e.message.includes(`'${text}'`),
      );
    });
  }
});

describe("verification records and totals", () => {
  const version = splitVersion(12);
  const r = { count: 123456, fixed180: 12, fixed90: 2 };
  test("a record checks out for its own id and split only", () => {
    const rec = makeRecord(version, 7, "cpu/x", r);
    const ok = checkRecord(version, 7, rec);
    assert.ok(ok.ok && ok.record.count === 123456 && ok.record.fixed180 === 12);
    assert.equal(checkRecord(version, 8, rec).ok, false, "another id");
    assert.equal(checkRecord(splitVersion(13), 7, rec).ok, false, "another split");
  });
  const tampered: [string, (s: string) => string, RegExp][] = [
    ["count changed", (s) => s.replace("count=123456", "count=123457"), /residues/],
    [
      "residue changed",
      (s) => s.replace(/m65521=(\d+)/, (_, d) => `m65521=${(Number(d) + 1) % 65521}`),
      /residues/,
    ],
    ["fixed count changed", (s) => s.replace("f180=12", "f180=13"), /checksum/],
    ["solver changed", (s) => s.replace("solver=cpu/x", "solver=gpu/x"), /checksum/],
    ["truncated", (s) => s.slice(0, 30), /not a verification record/],
  ];
  for (const [what, change, why] of tampered) {
    test(`a record with its ${what} is refused`, () => {
      const c = checkRecord(version, 7, change(makeRecord(version, 7, "cpu/x", r)));
      assert.ok(!c.ok && why.test(c.reason), JSON.stringify(c));
    });
  }
  for (const n of [1, 2, 3, 4, 5, 6, 8, 10, 12]) {
    test(`totalOf adds a full split of ${n} up to the known total and unique`, () => {
      const sum = totalOf(n, solveAll(n));
      assert.ok(sum.ok);
      assert.equal(sum.total, known(n).total);
      assert.equal(sum.unique, known(n).unique);
    });
  }
  test("totalOf refuses a split with a missing or damaged result", () => {
    const all = solveAll(9);
    delete all[3];
    all[4] = all[4].replace(/check=\w+/, "check=00000000");
    const sum = totalOf(9, all);
    assert.ok(!sum.ok && sum.missing === 1 && sum.bad.length === 1 && sum.bad[0].id === 4);
  });
  test("batches cover every id once, and jobs are many but not tiny", () => {
    for (const n of [8, 13, 15, 18, 20, 24]) {
      const count = split(n).length;
      const b = batchSize(n);
      const ranges = batchRanges(count, b);
      assert.equal(ranges[0][0], 0);
      assert.equal(ranges.at(-1)?.[1], count);
      for (let i = 1; i < ranges.length; i++) assert.equal(ranges[i][0], ranges[i - 1][1]);
      assert.ok(b >= 1 && ranges.length <= Math.max(65, count), `n=${n} batch ${b}`);
    }
    assert.equal(batchSize(24), 1, "past n=20 a single sub-problem is minutes of work");
    assert.ok(batchRanges(split(15).length, batchSize(15)).length >= 60);
    assert.ok(batchRanges(split(20).length, batchSize(20)).length > 500, "10 s jobs at n=20");
  });
  test("jobs are enqueued largest first: the same ranges, by falling estimated cost", () => {
    for (const n of [12, 16, 18]) {
      const list = split(n);
      const ranges = batchRanges(list.length, batchSize(n));
      const ordered = largestFirst(n, ranges);
      const key = (r: [number, number]) => r.join("-");
      assert.deepEqual(ordered.map(key).sort(), ranges.map(key).sort(), `n=${n}: a permutation`);
      const cost = ([from, to]: [number, number]) =>
        list.slice(from, to).reduce((sum, sp) => sum + estimatedCost(n, sp), 0);
      for (let i = 1; i < ordered.length; i++) {
        assert.ok(cost(ordered[i - 1]) >= cost(ordered[i]), `n=${n}: job ${i} out of order`);
      }
      assert.notDeepEqual(ordered, ranges, `n=${n}: id order is not already largest first`);
    }
  });
});

describe("queue on Redis", async () => {
  const server = await testRedis();
  const skip = typeof server === "string" ? server : false;
  const base = typeof server === "string" ? "" : server.url;
  const children: Proc[] = [];
  const spawned = <P extends Proc>(p: P): P => {
    children.push(p);
    return p;
  };
  after(async () => {
    for (const p of children) p.kill("SIGKILL");
    if (typeof server !== "string") await server.stop();
  });
  let nextDb = 1;
  /** A database of its own for one test, emptied of this program's keys. */
  const freshDb = async () => {
    const url = withDb(base, nextDb++);
    await clearQueueKeys(url);
    return url;
  };

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
        c.waitFor(() => c.stderr.includes("taking jobs"), 30000, "cli worker ready"),
      ]);
    });
    after(() => {
      for (const w of workers) w.kill("SIGKILL");
    });
    for (const n of [13, 14, 15]) {
      test(`Q(${n}) over three workers equals the known count`, async () => {
        const r = await runCoordinator(n, url, { pollSeconds: 0.1 });
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
      const { runs } = await listRuns(url);
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
    const counting = runCoordinator(n, url, { batch: 300, pollSeconds: 0.1 });
    const victim = w[0];
    await victim.waitFor(
      () => victim.events.some((e) => e.type === "start" && e.todo > 0),
      60000,
      "the victim's first job",
    );
    victim.kill("SIGKILL");
    const start = victim.events.find((e) => e.type === "start");
    assert.ok(start?.type === "start");
    assert.ok(
      !victim.events.some((e) => e.type === "done" && e.jobId === start.jobId),
      "killed mid-job",
    );
    const r = await counting;
    assert.equal((await victim.exited).signal, "SIGKILL");
    assert.equal(r.total, known(n).total);
    assert.equal(r.unique, known(n).unique);
    // The queue started the victim's job again, on another worker, as a later attempt.
    const redis = await openRedis(parseQueueUrl(url));
    const starts = (await redis.lrange(runKeys(r.run).starts, 0, -1)).map((s) => s.split("\t"));
    await closeRedis(redis);
    const again = starts.filter(([id, who]) => id === start.jobId && who !== "k1");
    assert.ok(again.length >= 1, `no retry of ${start.jobId}: ${JSON.stringify(starts)}`);
    assert.ok(Number(again.at(-1)?.[2]) > start.attempt, "counted as a later attempt");
    assert.equal(r.workers, new Set(starts.map(([, who]) => who)).size);
    assert.ok(r.workers >= 2);
    const { runs } = await listRuns(url);
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
    const first = spawned(new Proc(["src/queue/coordinator-main.ts", String(n), url, "20"]));
    const progressed = () => {
      const m = [...first.stderr.matchAll(/progress (\d+)\/(\d+)/g)].at(-1);
      return m !== undefined && Number(m[1]) > 0;
    };
    await first.waitFor(progressed, 60000, "some progress");
    first.kill("SIGKILL");
    await first.exited;
    assert.doesNotMatch(first.stdout, /total/, "stopped before the end");
    const notes: string[] = [];
    const r = await runCoordinator(n, url, { pollSeconds: 0.1, onMessage: (m) => notes.push(m) });
    assert.equal(r.attached, true);
    assert.match(notes[0] ?? "", /attached to run .*: [1-9]\d* of 2,310 sub-problems already done/);
    assert.equal(r.total, known(n).total);
    assert.equal(r.unique, known(n).unique);
    // A third time: attaches to the finished run and gives the same answer at once.
    const again = await runCoordinator(n, url);
    assert.deepEqual([again.attached, again.total, again.unique], [true, r.total, r.unique]);
    for (const x of w) x.kill("SIGTERM");
  });

  test("aborting the coordinator stops it at once with CountInterrupted; the run stays", {
    skip,
  }, async () => {
    const url = await freshDb();
    const stop = new AbortController();
    const counting = runCoordinator(12, url, { signal: stop.signal });
    await sleep(500);
    const started = Date.now();
    stop.abort();
    await assert.rejects(counting, (e: unknown) => e instanceof CountInterrupted && e.done === 0);
    assert.ok(Date.now() - started < 1000);
    const { runs, jobs } = await listRuns(url);
    assert.deepEqual(
      runs.map((r) => [r.name, r.done]),
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
      await storeResults(
        redis,
        name,
        "a",
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
      const { runs, jobs } = await listRuns(url);
      assert.deepEqual(
        runs.map((r) => r.name),
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
    const worker = await startWorker(url, { name: "w1", onEvent: (e) => events.push(e) });
    try {
      const run = "ghost";
      const data = { run, n: 10, version: splitVersion(10), from: 0, to: 5 };
      await queue.add(run, data, { jobId: jobId(run, 0, 5) });
      for (let i = 0; i < 100 && !events.some((e) => e.type === "dropped"); i++) await sleep(50);
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
      await ensureRun(redis, "shared", 10, 5);
      await assert.rejects(
        runCoordinator(11, url, { run: "shared" }),
        (e: unknown) =>
          e instanceof NQueensError && /run 'shared' is a count of n=10/.test(e.message),
      );
      await assert.rejects(runCoordinator(11, url, { run: "no spaces" }), NQueensError);
    } finally {
      await closeRedis(redis);
    }
  });

  test("storing twice is idempotent; a disagreeing result is flagged and blocks the total", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 10;
    const name = runName(n);
    const records = solveAll(n);
    const entries = Object.entries(records).map(([id, rec]) => [Number(id), rec] as const);
    const redis = await openRedis(parseQueueUrl(url));
    try {
      await ensureRun(redis, name, n, 4);
      const complete = runKeys(name).complete;
      assert.deepEqual(await storeResults(redis, name, "a", entries.slice(0, -1)), {
        stored: entries.length - 1,
        same: 0,
        conflicting: 0,
      });
      assert.equal(await redis.llen(complete), 0, "no completion mark while one result is missing");
      assert.deepEqual(await storeResults(redis, name, "a", entries), {
        stored: 1,
        same: entries.length - 1,
        conflicting: 0,
      });
      assert.equal(await redis.llen(complete), 1, "the last result marks the run complete");
      // Again, and once more from a solver with another name: the same counts agree.
      assert.deepEqual(await storeResults(redis, name, "b", entries), {
        stored: 0,
        same: entries.length,
        conflicting: 0,
      });
      const version = splitVersion(n);
      const other = makeRecord(version, 5, "gpu/test", solveSubProblem(n, split(n)[5]));
      assert.deepEqual(await storeResults(redis, name, "c", [[5, other]]), {
        stored: 0,
        same: 1,
        conflicting: 0,
      });
      const r = await runCoordinator(n, url);
      assert.equal(r.total, known(n).total);
      // Now a worker reports a different count for sub-problem 5.
      const wrong = solveSubProblem(n, split(n)[5]);
      const bad = makeRecord(version, 5, "cpu/broken", { ...wrong, count: wrong.count + 1 });
      assert.deepEqual(await storeResults(redis, name, "broken-worker", [[5, bad]]), {
        stored: 0,
        same: 0,
        conflicting: 1,
      });
      assert.equal(await redis.hget(runKeys(name).results, "5"), records[5], "never overwritten");
      assert.deepEqual(
        (await readConflicts(redis, name)).map((c) => [c.id, c.worker, c.record]),
        [[5, "broken-worker", bad]],
      );
      await assert.rejects(
        runCoordinator(n, url),
        (e: unknown) =>
          e instanceof NQueensError &&
          /workers disagree on sub-problem 5; no total/.test(e.message),
      );
      const listing = spawned(cli(["runs", "--queue", url]));
      assert.equal((await listing.exited).code, 1, "runs exits 1 when a run has conflicts");
      assert.match(listing.stdout, /CONFLICTS on 1 sub-problem\b/);
      assert.match(
        listing.stdout,
        /sub-problem 5: stored count=\d+ .*worker broken-worker reported count=/,
      );
    } finally {
      await closeRedis(redis);
    }
  });

  test("runs --verify recounts a sample and catches a wrong stored count", { skip }, async () => {
    const url = await freshDb();
    const n = 11;
    const name = runName(n);
    const records = solveAll(n);
    const redis = await openRedis(parseQueueUrl(url));
    try {
      await ensureRun(redis, name, n, 4);
      await storeResults(
        redis,
        name,
        "a",
        Object.entries(records).map(([id, rec]) => [Number(id), rec] as const),
      );
      const all = split(n).length;
      const good = await verifyRun(url, name, { sample: 5 });
      assert.ok(good.ok && good.checked.length === 5 && good.stored === all);
      // A wrong count with valid residues and checksum: only a recount can tell.
      const sp = split(n).find((s) => solveSubProblem(n, s).count > 0);
      assert.ok(sp);
      const right = solveSubProblem(n, sp);
      const forged = makeRecord(splitVersion(n), sp.id, "cpu/forged", {
        ...right,
        count: right.count + 8,
      });
      await redis.hset(runKeys(name).results, String(sp.id), forged);
      const report = await verifyRun(url, name, { sample: all });
      assert.equal(report.ok, false);
      assert.deepEqual(
        report.checked.filter((c) => !c.ok).map((c) => [c.id, c.stored?.count, c.recount.count]),
        [[sp.id, right.count + 8, right.count]],
      );
      const v = spawned(cli(["runs", "--queue", url, "--verify", name, "--sample", String(all)]));
      assert.equal((await v.exited).code, 1);
      assert.match(
        v.stdout,
        new RegExp(
          `sub-problem ${sp.id}: stored ${right.count + 8}, recounted ${right.count}: MISMATCH`,
        ),
      );
      assert.match(v.stdout, new RegExp(`${all - 1} of ${all} sampled sub-problems agree`));
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
      backend: "gpu",
      name: "g1",
      onEvent: (e) => events.push(e),
    });
    try {
      const ready = events.find((e) => e.type === "ready");
      assert.ok(ready?.type === "ready" && /^gpu \(/.test(ready.backend), JSON.stringify(ready));
      for (const n of [9, 11]) {
        const r = await runCoordinator(n, url, { pollSeconds: 0.1 });
        assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
        const redis = await openRedis(parseQueueUrl(url));
        const stored = Object.values(await redis.hgetall(runKeys(r.run).results));
        await closeRedis(redis);
        assert.ok(stored.length > 0 && stored.every((x) => x.includes(" solver=gpu/")));
      }
    } finally {
      await worker.close(true);
    }
  });

  describe("bad addresses fail at once with one line and status 2", { skip }, () => {
    const cases: [string, string[], RegExp][] = [
      ["a malformed URL", ["worker", "--queue", "redis//localhost:6379"], /--queue must be a URL/],
      [
        "another scheme",
        ["runs", "--queue", "http://127.0.0.1:6379"],
        /scheme must be redis or rediss/,
      ],
      ["no URL at all", ["worker"], /--queue .* is required \(or set NQUEENS_QUEUE\)/],
      [
        "an unreachable server",
        ["worker", "--queue", "redis://127.0.0.1:1"],
        /cannot use Redis at redis:\/\/127.0.0.1:1: .*ECONNREFUSED/,
      ],
      [
        "an unreachable server, from the environment",
        ["runs"],
        /cannot use Redis at redis:\/\/127.0.0.1:1/,
      ],
    ];
    for (const [what, args, why] of cases) {
      test(what, async () => {
        const started = Date.now();
        const p = spawned(
          cli(args, {
            NQUEENS_QUEUE: args.length === 1 && args[0] === "runs" ? "redis://127.0.0.1:1" : "",
          }),
        );
        const end = await p.exited;
        const seconds = (Date.now() - started) / 1000;
        assert.equal(end.code, 2, p.stderr);
        const lines = p.stderr.trimEnd().split("\n");
        assert.equal(lines.length, 1, p.stderr);
        assert.match(lines[0], /^nqueens: /);
        assert.match(lines[0], why);
        assert.equal(p.stdout, "");
        assert.ok(seconds < 15, `took ${seconds} s`);
      });
    }
    test("the library refuses an unreachable server within its connect time", async () => {
      const started = Date.now();
      await assert.rejects(
        runCoordinator(12, "redis://127.0.0.1:1", { connectSeconds: 2 }),
        NQueensError,
      );
      assert.ok(Date.now() - started < 4000);
    });
  });

  describe("Redis restarted mid-run", { skip }, () => {
    let own: OwnRedis | undefined;
    after(async () => {
      await own?.stop();
    });
    test("coordinator and workers wait, then finish with the exact total", async () => {
      // A private server of its own, since this test stops it (even when CI gives one).
      own = await startRedisServer();
      const url = own.url;
      const n = 15;
      const w = [1, 2].map((i) => spawned(new WorkerProc(url, `r${i}`, 1, 3)));
      await Promise.all(w.map((x) => x.ready()));
      const notes: string[] = [];
      let done = 0;
      const counting = runCoordinator(n, url, {
        batch: 20,
        pollSeconds: 0.1,
        onMessage: (m) => notes.push(m),
        onProgress: (p) => {
          done = p.done;
        },
      });
      while (done < 200) await sleep(50);
      await own.stop();
      await sleep(1500);
      own = await startRedisServer(own.port);
      const r = await counting;
      assert.equal(r.total, known(n).total);
      assert.equal(r.unique, known(n).unique);
      assert.ok(
        notes.some((m) => /lost the connection to Redis/.test(m)),
        notes.join("\n"),
      );
      assert.ok(
        notes.some((m) => /is gone from the server .* enqueuing it again/.test(m)),
        notes.join("\n"),
      );
      const waited = w.flatMap((x) => x.events).filter((e) => e.type === "wait");
      assert.ok(waited.length >= 1, "the workers said they were waiting");
      for (const x of w) x.kill("SIGTERM");
    });
  });
});
