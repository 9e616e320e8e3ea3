/**
 * Join runs over the queue: the join's tasks handed out as jobs, solved by worker processes,
 * judged and added up per method; a worker killed mid-job; `runs --verify` recounting join
 * tasks; the command line counting `--method join --queue`. Expected counts come only from
 * KNOWN (../shared/data/known-counts.json). See testing.ts for where the Redis server comes from.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { JoinSolver } from "../engine/join/tasks.js";
import { NQueensError } from "../errors.js";
import { KNOWN } from "../testing/known-counts.js";
import {
  cli,
  jobStarts,
  killMidJob,
  queueTestBed,
  TEST_SECRET,
  WorkerProc,
} from "../testing/redis.js";
import { listRuns } from "./admin.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { makeRecord } from "./record.js";
import { runSplit } from "./run-split.js";
import { runKey } from "./secret.js";
import {
  batchRanges,
  batchSize,
  ensureRun,
  RunFlagged,
  runKeys,
  runName,
  storeVotes,
} from "./store.js";
import { parseQueueUrl } from "./url.js";
import { judgeRun } from "./verdict.js";
import { clearFlag, verifyRun } from "./verify.js";

const secret = TEST_SECRET;
/** A run nonce for records made without Redis (a run on Redis has its own). */
const NONCE = "0123456789abcdef0123456789abcdef";

const known = (n: number) => {
  const k = KNOWN.find((c) => c.n === n);
  if (!k) throw new Error(`no known count for ${n}`);
  return k;
};

/** Every task of the join of n solved here, as records of worker `worker` tagged with `key`. */
function solveAll(
  n: number,
  worker = "test",
  key = runKey(secret, runName(n, "join"), NONCE),
): Record<string, string> {
  const s = runSplit(n, "join");
  const solver = new JoinSolver(n);
  const out: Record<string, string> = {};
  for (let id = 0; id < s.size; id++) {
    out[id] = makeRecord(key, s.version, id, s.cpuSolver, worker, solver.solve(id));
  }
  return out;
}

describe("join runs: splits, names and verdicts", () => {
  for (const n of [1, 4, 5, 8, 11]) {
    test(`judgeRun adds a full join split of ${n} up to the known total and unique`, () => {
      const v = judgeRun(
        runSplit(n, "join"),
        runKey(secret, runName(n, "join"), NONCE),
        solveAll(n),
        1,
      );
      assert.deepEqual([v.total, v.unique], [known(n).total, known(n).unique]);
    });
  }
  test("a join run has its own name, version and job ranges", () => {
    const join = runSplit(16, "join");
    assert.notEqual(runName(16, "join"), runName(16));
    assert.match(runName(16, "join"), /^q16-join-[0-9a-f]{8}$/);
    assert.notEqual(join.version, runSplit(16, "constellations").version);
    const ranges = batchRanges(join.size, batchSize(16, "join"));
    assert.ok(ranges.length >= 60 && ranges.length <= 70, `${ranges.length} jobs`);
    assert.deepEqual(ranges.at(-1)?.[1], join.size, "the rotation-fixed task is in a job");
  });
  const cases: [
    string,
    number,
    (r: { count: number; fixed180: number; fixed90: number }) => object,
  ][] = [
    ["a counting task with rotation-fixed counts", 0, (r) => ({ ...r, fixed180: 2 })],
    ["a rotation-fixed task with a count", -1, (r) => ({ ...r, count: 4 })],
  ];
  for (const [what, at, change] of cases) {
    test(`a vote for ${what} is overruled, not counted`, () => {
      const n = 10;
      const s = runSplit(n, "join");
      const id = at < 0 ? s.size + at : at;
      const key = runKey(secret, runName(n, "join"), NONCE);
      const votes = solveAll(n);
      const wrong = change(new JoinSolver(n).solve(id)) as Parameters<typeof makeRecord>[5];
      votes[id] = makeRecord(key, s.version, id, s.cpuSolver, "test", wrong);
      const v = judgeRun(s, key, votes, 1);
      assert.equal(v.total, undefined);
      assert.deepEqual(
        v.overruled.map((o) => o.id),
        [id],
      );
    });
  }
  test("settled counts that give no whole unique count: no total, saying why", () => {
    const n = 11;
    const s = runSplit(n, "join");
    const key = runKey(secret, runName(n, "join"), NONCE);
    const votes = solveAll(n);
    const r = new JoinSolver(n).solve(0);
    votes[0] = makeRecord(key, s.version, 0, s.cpuSolver, "test", { ...r, count: r.count + 1 });
    const v = judgeRun(s, key, votes, 1);
    assert.equal(v.total, undefined);
    assert.match(v.inconsistent ?? "", /inconsistent join counts for n=11/);
  });
});

describe("join runs on Redis", async () => {
  // Databases of their own, past the ones queue.test.ts takes (the files may run at once).
  const { skip, freshDb, spawned } = await queueTestBed(10);

  describe("two worker processes", { skip }, () => {
    let url = "";
    let workers: WorkerProc[] = [];
    before(async () => {
      url = await freshDb();
      workers = ["ja", "jb"].map((name) => spawned(new WorkerProc(url, name, 1, 5)));
      await Promise.all(workers.map((w) => w.ready()));
    });
    after(() => {
      for (const w of workers) w.kill("SIGKILL");
    });
    const cases: [number, "join" | "auto"][] = [
      [12, "join"],
      [13, "join"],
      [14, "join"],
      [15, "join"],
      [16, "auto"],
    ];
    for (const [n, method] of cases) {
      test(`Q(${n}) with --method ${method} is a join run equal to the known count`, async () => {
        const r = await runCoordinator(n, url, { secret, method, pollSeconds: 0.1 });
        assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
        assert.deepEqual(
          [r.method, r.run, r.subProblems],
          ["join", runName(n, "join"), runSplit(n, "join").size],
        );
      });
    }
    test("both workers solved join tasks, and the records name the join's solver", async () => {
      const redis = await openRedis(parseQueueUrl(url));
      try {
        const name = runName(16, "join");
        const starts = await redis.lrange(runKeys(name).starts, 0, -1);
        const who = new Set(
          (
            await Promise.all(
              [12, 13, 14, 15, 16].map((n) =>
                redis.lrange(runKeys(runName(n, "join")).starts, 0, -1),
              ),
            )
          )
            .flat()
            .map((s) => s.split("\t")[1]),
        );
        assert.ok(starts.length > 0);
        assert.deepEqual([...who].sort(), ["ja", "jb"]);
        const stored = Object.values(await redis.hgetall(runKeys(name).votes));
        assert.ok(stored.length > 0 && stored.every((x) => x.includes(" solver=cpu/join-1 ")));
        assert.equal(await redis.hget(runKeys(name).meta, "method"), "join");
      } finally {
        await closeRedis(redis);
      }
      const { runs } = await listRuns(url, { secret });
      assert.deepEqual(
        runs.map((r) => [r.n, r.method, r.state, r.total]),
        [12, 13, 14, 15, 16].map((n) => [n, "join", "settled", known(n).total]),
      );
    });
    test("runs --verify recounts every task of a join run and agrees", async () => {
      const name = runName(14, "join");
      const report = await verifyRun(url, name, { secret, sample: "all" });
      assert.equal(report.method, "join");
      assert.equal(report.checked.length, runSplit(14, "join").size);
      assert.ok(report.ok);
    });
    test("the command line counts --method join over the queue (no longer refused)", async () => {
      const p = spawned(cli(["count", "13", "--method", "join", "--queue", url, "--json"]));
      const end = await p.exited;
      assert.equal(end.code, 0, p.stderr);
      const out = JSON.parse(p.stdout);
      assert.deepEqual(
        [out.total, out.unique, out.method, out.backend, out.run],
        [
          known(13).total.toString(),
          known(13).unique.toString(),
          "join",
          "queue",
          runName(13, "join"),
        ],
      );
      const text = spawned(cli(["count", "12", "--queue", url, "--method", "join", "--unique"]));
      assert.equal((await text.exited).code, 0, text.stderr);
      assert.match(
        text.stdout,
        new RegExp(`total\\s+${known(12).total}\\nunique\\s+${known(12).unique}\\n`),
      );
    });
    test("the same n counted by constellations is another run, also exact", async () => {
      const r = await runCoordinator(12, url, {
        secret,
        method: "constellations",
        pollSeconds: 0.1,
      });
      assert.deepEqual(
        [r.method, r.run, r.total],
        ["constellations", runName(12), known(12).total],
      );
    });
  });

  test("a worker killed with SIGKILL mid-job in a join run: its job is retried, the total exact", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 18;
    const w = [1, 2].map((i) => spawned(new WorkerProc(url, `jk${i}`, 1, 2)));
    await Promise.all(w.map((x) => x.ready()));
    // Few, long jobs (about a second each here), so that the kill lands inside one.
    const counting = runCoordinator(n, url, {
      secret,
      method: "join",
      batch: 1024,
      pollSeconds: 0.1,
    });
    const victim = w[0];
    const start = await killMidJob(victim);
    const r = await counting;
    assert.equal((await victim.exited).signal, "SIGKILL");
    assert.deepEqual([r.method, r.total, r.unique], ["join", known(n).total, known(n).unique]);
    const starts = await jobStarts(url, r.run);
    const again = starts.filter(([id, who]) => id === start.jobId && who !== "jk1");
    assert.ok(again.length >= 1, `no retry of ${start.jobId}: ${JSON.stringify(starts)}`);
    assert.ok(Number(again.at(-1)?.[2]) > start.attempt, "counted as a later attempt");
    for (const x of w) x.kill("SIGTERM");
  });

  test("runs --verify on a join run catches a wrong task count stored with a valid tag", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 12;
    const s = runSplit(n, "join");
    const name = runName(n, "join");
    const redis = await openRedis(parseQueueUrl(url));
    try {
      const { nonce } = await ensureRun(redis, runKey(secret, name), s, 4);
      const key = runKey(secret, name, nonce);
      const records = solveAll(n, "test", key);
      await storeVotes(
        redis,
        name,
        Object.entries(records).map(([id, rec]) => [Number(id), rec] as const),
      );
      const good = await verifyRun(url, name, { secret, sample: 5 });
      assert.ok(good.ok && good.checked.length === 5 && good.settled === s.size);
      // A wrong count with a valid tag, still a multiple of 8 off (so the sums add up): only a
      // recount, or a quorum, can tell.
      const solver = new JoinSolver(n);
      const id = [...Array(s.size - 1).keys()].find((t) => solver.solve(t).count > 0) ?? 0;
      const right = solver.solve(id);
      const lie = makeRecord(key, s.version, id, s.cpuSolver, "test", {
        ...right,
        count: right.count + 8,
      });
      await redis.hset(runKeys(name).votes, String(id), lie);
      const report = await verifyRun(url, name, { secret, sample: "all" });
      assert.equal(report.ok, false);
      assert.deepEqual(
        report.checked.filter((c) => !c.ok).map((c) => [c.id, c.stored.count, c.recount.count]),
        [[id, right.count + 8, right.count]],
      );
      const v = spawned(cli(["runs", "--queue", url, "--verify", name, "--sample", "100%"]));
      assert.equal((await v.exited).code, 1, v.stderr);
      assert.match(
        v.stdout,
        new RegExp(
          `sub-problem ${id}: settled ${right.count + 8}, recounted ${right.count}: MISMATCH`,
        ),
      );
      // The recount flagged the run: no count of it until the operator clears the flag.
      await assert.rejects(
        runCoordinator(n, url, { secret, method: "join" }),
        (e: unknown) => e instanceof RunFlagged && /a recount disagrees/.test(e.reason),
      );
      assert.match((await clearFlag(url, name, { secret })).flagged ?? "", /a recount disagrees/);
      // A wrong count that leaves the sums inconsistent: the coordinator gives no total, in one line.
      const odd = makeRecord(key, s.version, id, s.cpuSolver, "test", {
        ...right,
        count: right.count + 1,
      });
      await redis.hset(runKeys(name).votes, String(id), odd);
      await assert.rejects(
        runCoordinator(n, url, { secret, method: "join", pollSeconds: 0.1 }),
        (e: unknown) =>
          e instanceof NQueensError &&
          !e.message.includes("\n") &&
          /every sub-problem is settled but the counts are inconsistent/.test(e.message),
      );
    } finally {
      await closeRedis(redis);
    }
  });
});
