/**
 * Per-worker keys and the checks that find what matters: a worker key bound to its name (stable,
 * derived from the secret), records that check out only under their own name's key, a worker
 * that votes under other names refused as forged and named, a worker that lies under its own name
 * outvoted and every quorum it joined recounted by the default `runs --verify`, and a run found
 * inconsistent flagged until the operator clears it. Expected counts come only from KNOWN. See
 * testing/redis.ts for where the Redis server comes from.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { split, splitVersion } from "../engine/constellations/split.js";
import { solveSubProblem } from "../engine/kernel.js";
import { NQueensError } from "../errors.js";
import { KNOWN } from "../testing/known-counts.js";
import { cli, queueTestBed, storedKey, TEST_SECRET, WorkerProc } from "../testing/redis.js";
import { dropForged, listRuns } from "./admin.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { checkRecord, makeRecord, writtenBy } from "./record.js";
import { recordKey, resolveWorkerCredential, runKey, workerKey } from "./secret.js";
import { RunFlagged, runKeys, runName } from "./store.js";
import { parseQueueUrl } from "./url.js";
import { judgeRun, notVotedOn } from "./verdict.js";
import { clearFlag, verifyRun } from "./verify.js";
import { startWorker } from "./worker.js";

const secret = TEST_SECRET;
/** A run nonce for records made without Redis (a run on Redis has its own). */
const NONCE = "0123456789abcdef0123456789abcdef";

const known = (n: number) => {
  const k = KNOWN.find((c) => c.n === n);
  if (!k) throw new Error(`no known count for ${n}`);
  return k;
};

describe("worker keys", () => {
  test("a worker key is stable for a secret and a name, and differs for another of either", () => {
    const key = workerKey(secret, "host-a");
    assert.equal(key, "cacad9e912ebd5825df74bbe839c18c2acce31d3ac2ebc3e6668effbb91dec2f");
    assert.equal(workerKey(secret, "host-a"), key);
    assert.notEqual(workerKey(secret, "host-b"), key);
    assert.notEqual(workerKey("another-secret-0123456789", "host-a"), key);
    assert.throws(() => workerKey(secret, "a b"), /name must be 1 to 64 characters/);
    assert.throws(() => workerKey("short", "host-a"), /at least 16 characters/);
  });

  test("nqueens worker-key prints the same key; without a secret or with a bad name, one line", async () => {
    const ok = cli(["worker-key", "host-a"]);
    assert.equal((await ok.exited).code, 0, ok.stderr);
    assert.equal(ok.stdout, `${workerKey(secret, "host-a")}\n`);
    const bad = [
      [cli(["worker-key", "host-a"], { NQUEENS_SECRET: "" }), /needs a secret/],
      [cli(["worker-key", "a\tb"]), /^nqueens: NAME must be 1 to 64 characters/],
    ] as const;
    for (const [p, why] of bad) {
      assert.equal((await p.exited).code, 2, p.stderr);
      assert.match(p.stderr, why);
      assert.equal(p.stderr.trimEnd().split("\n").length, 1, p.stderr);
      assert.equal(p.stdout, "");
    }
  });

  const version = splitVersion(12);
  const key = runKey(secret, "run-k", NONCE);
  const r = { count: 40, fixed180: 0, fixed90: 0 };
  test("a record checks out only under the key of the name it carries", () => {
    const own = recordKey(workerKey(secret, "wa"), "run-k", NONCE);
    const mine = makeRecord(own, version, 3, "cpu/x", "wa", r);
    assert.ok(checkRecord(key, version, 3, mine).ok, "wa's key, wa's name");
    assert.equal(mine, makeRecord(key, version, 3, "cpu/x", "wa", r), "the secret derives it");
    assert.match(mine, / worker=wa v=2 mac=[0-9a-f]{32}$/);
    const forged = makeRecord(own, version, 3, "cpu/x", "wb", r);
    const c = checkRecord(key, version, 3, forged);
    assert.ok(!c.ok && /fails its MAC under its worker's key/.test(c.reason), JSON.stringify(c));
    assert.equal(writtenBy(key, version, 3, forged, ["wb", "wc", "wa"]), "wa");
    const otherRun = recordKey(workerKey(secret, "wa"), "run-other", NONCE);
    assert.equal(
      checkRecord(key, version, 3, makeRecord(otherRun, version, 3, "x", "wa", r)).ok,
      false,
    );
  });

  test("a record of the format before worker keys is refused, saying so", () => {
    const v2 = makeRecord(key, version, 3, "cpu/x", "wa", r);
    // The old format: no v=2, tagged with the run's key over the same fields.
    const tag = key.tag("record", version, 3, "cpu/x", "wa", 40, 0, 0);
    const old = v2.replace(/ v=2 mac=\w+$/, ` mac=${tag}`);
    const c = checkRecord(key, version, 3, old);
    assert.ok(!c.ok && /format before worker keys/.test(c.reason), JSON.stringify(c));
    const forgedOld = old.replace(/mac=\w+$/, `mac=${"0".repeat(32)}`);
    const f = checkRecord(key, version, 3, forgedOld);
    assert.ok(!f.ok && /^fails its MAC \(forged/.test(f.reason), JSON.stringify(f));
  });

  test("a worker with only its key counts only its own valid records as its votes", () => {
    const own = recordKey(workerKey(secret, "wa"), "run-k", NONCE);
    const d = { run: "run-k", n: 12, version, from: 3, to: 6, replica: 1, replicas: 2, mac: "" };
    const forgedAsMe = makeRecord(
      recordKey(workerKey(secret, "x"), "run-k", NONCE),
      version,
      4,
      "c",
      "wa",
      r,
    );
    const stored = [
      makeRecord(own, version, 3, "cpu/x", "wa", r),
      [forgedAsMe, makeRecord(key, version, 4, "cpu/x", "wb", r)].join("\n"),
      "",
    ];
    assert.deepEqual(notVotedOn(d, own, stored, "wa"), { todo: [4, 5], mine: 1 });
  });

  test("the worker's credential: a key needs its name; flags before the environment", () => {
    const k = workerKey(secret, "wa");
    const none = { NQUEENS_SECRET: undefined, NQUEENS_WORKER_KEY: undefined };
    assert.deepEqual(resolveWorkerCredential({ workerKey: k, name: "wa" }, none), { workerKey: k });
    assert.deepEqual(resolveWorkerCredential({ name: "wa" }, { ...none, NQUEENS_WORKER_KEY: k }), {
      workerKey: k,
    });
    assert.deepEqual(resolveWorkerCredential({}, { ...none, NQUEENS_SECRET: secret }), { secret });
    const refusals: [
      Parameters<typeof resolveWorkerCredential>[0],
      Record<string, string | undefined>,
      RegExp,
    ][] = [
      [
        { workerKey: k },
        none,
        /^workerKey is bound to the name it was made for: add the name option/,
      ],
      [{}, { NQUEENS_WORKER_KEY: k }, /^NQUEENS_WORKER_KEY is bound to the name/],
      [{ workerKey: "abc", name: "wa" }, none, /^workerKey must be a worker key, 64 hex digits/],
      [{ workerKey: k, secret, name: "wa" }, none, /^secret and workerKey: give one/],
      [{}, none, /^a queue worker needs a secret: its worker key in NQUEENS_WORKER_KEY/],
    ];
    for (const [flags, env, why] of refusals) {
      assert.throws(
        () => resolveWorkerCredential(flags, env),
        // The library names options, never a flag or a command line (the command words those).
        (e: unknown) =>
          e instanceof NQueensError &&
          why.test(e.message) &&
          !e.message.includes(k) &&
          !/--|nqueens /.test(e.message),
      );
    }
  });

  test("the library names its options: workerKey without a name, both, neither", async () => {
    const k = workerKey(secret, "wa");
    const cases: [Parameters<typeof startWorker>[1], RegExp][] = [
      [{ workerKey: k }, /^workerKey is bound to a name: give the name option/],
      [{ workerKey: k, secret, name: "wa" }, /^secret and workerKey: give one/],
      [{} as never, /^a queue worker needs its worker key or the operator's secret/],
      [{ workerKey: "x", name: "wa" }, /^workerKey must be a worker key/],
    ];
    for (const [options, why] of cases) {
      await assert.rejects(
        startWorker("redis://127.0.0.1:1", options),
        (e: unknown) => e instanceof NQueensError && why.test(e.message),
      );
    }
  });
});

describe("worker keys on Redis", async () => {
  // Databases 13 and up: queue.test.ts and queue-join.test.ts take the ones below.
  const { skip, freshDb, spawned } = await queueTestBed(13);

  test("a worker voting under other names with its own key is refused and named; the total exact", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 12;
    const name = runName(n);
    // Three honest workers: two with their worker keys (one through the command line, as a user
    // starts it), one with the secret; and a forger with its own key.
    const wa = spawned(new WorkerProc(url, "wa", 1, 5, { workerKey: true }));
    const wb = spawned(new WorkerProc(url, "wb", 1, 5));
    const wc = spawned(
      cli(["worker", "--queue", url, "--workers", "1", "--lock", "5", "--name", "wc"], {
        NQUEENS_SECRET: "",
        NQUEENS_WORKER_KEY: workerKey(secret, "wc"),
      }),
    );
    const forger = spawned(
      new WorkerProc(url, "forger", 1, 5, { workerKey: true, mode: "forge:wa,wb" }),
    );
    await Promise.all([
      wa.ready(),
      wb.ready(),
      forger.ready(),
      wc.waitFor(() => wc.stderr.includes("taking jobs"), "cli worker ready"),
    ]);
    await assert.rejects(
      runCoordinator(n, url, { secret, replicas: 2, pollSeconds: 0.1 }),
      (e: unknown) =>
        e instanceof NQueensError && /stored records fail their MAC .*; no total/.test(e.message),
    );
    forger.kill("SIGTERM");
    await forger.exited;
    const { runs } = await listRuns(url, { secret });
    const run = runs.find((x) => x.run === name);
    assert.equal(run?.state, "forged");
    assert.equal(run?.done, split(n).length, "the honest votes settled every sub-problem");
    assert.ok(run && run.forged.length > 0);
    for (const f of run?.forged ?? []) {
      assert.match(f.reason, /^was written with the key of worker forger, under another name$/);
      assert.match(f.record, / worker=(evil-a|evil-b|wa|wb) /);
    }
    // No forged vote counted: every settled sub-problem rests on honest names only.
    const redis = await openRedis(parseQueueUrl(url));
    const votes = await redis.hgetall(runKeys(name).votes);
    await closeRedis(redis);
    const v = judgeRun(n, await storedKey(url, name), votes, 2);
    for (const voters of v.settledBy.values()) {
      assert.ok(
        voters.every((w) => ["wa", "wb", "wc", "forger"].includes(w)),
        voters.join(),
      );
    }
    assert.ok(v.workers.includes("wc") && v.workers.includes("wb"), v.workers.join());
    const dropped = await dropForged(url, name, { secret });
    assert.equal(dropped.dropped.length, run?.forged.length);
    const r = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
    assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
    for (const w of [wa, wb, wc]) w.kill("SIGTERM");
  });

  test("a liar under its own name is outvoted, the default --verify recounts every quorum it joined; a run found wrong stays flagged", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 12;
    const name = runName(n);
    // The liar lies on the first sub-problem it solves and tells the truth after. It starts with
    // one honest worker only, so that it takes jobs whatever the scheduler does; the other two
    // come once it has finished two: its lie is then among the first two votes of its job (a
    // dispute), and its second job is one where it told the truth.
    const w = [
      spawned(new WorkerProc(url, "ha", 1, 5, { workerKey: true })),
      spawned(new WorkerProc(url, "liar", 1, 5, { workerKey: true, mode: "lie-first" })),
    ];
    await Promise.all(w.map((x) => x.ready()));
    const counting = runCoordinator(n, url, { secret, replicas: 2, pollSeconds: 0.1 });
    counting.catch(() => undefined);
    const liar = w[1];
    await liar.waitFor(
      () => liar.events.filter((e) => e.type === "done" && e.solved > 0).length >= 2,
      "the liar's first two jobs",
    );
    const first = liar.events.find((e) => e.type === "start");
    w.push(
      spawned(new WorkerProc(url, "hb", 1, 5, { workerKey: true })),
      spawned(new WorkerProc(url, "hc", 1, 5, { workerKey: true })),
    );
    const r = await counting;
    assert.deepEqual([r.total, r.unique], [known(n).total, known(n).unique]);
    // Its one lie, in its first job, outvoted.
    assert.deepEqual(
      r.overruled.map((o) => o.worker),
      ["liar"],
    );
    assert.ok(
      first?.type === "start" && first.from <= r.overruled[0].id && r.overruled[0].id < first.to,
    );
    for (const x of w) x.kill("SIGTERM");
    const redis = await openRedis(parseQueueUrl(url));
    try {
      const votes = await redis.hgetall(runKeys(name).votes);
      const v = judgeRun(n, await storedKey(url, name), votes, 2);
      // Where the liar told the truth it joined quorums; those it made (one honest vote beside
      // its own) rest on fewer than 2 independent votes.
      // Its lie had a dispute: the coordinator recounted it, proved it wrong, and recounted every
      // other vote it cast, so no quorum rests on its word.
      const liarVotes = Object.entries(votes)
        .filter(([, t]) => / worker=liar /.test(t))
        .map(([id]) => Number(id));
      assert.ok(liarVotes.length > 1, "the liar voted where it told the truth too");
      assert.ok(
        liarVotes.every((id) => v.recounted.has(id)),
        "every vote of the liar recounted",
      );
      assert.deepEqual(v.liars, ["liar"]);
      // The default verify: the liar is no witness, no quorum rests on fewer than 2 independent
      // votes, and a sample of the others.
      const report = await verifyRun(url, name, { secret });
      assert.ok(report.ok, JSON.stringify(report.checked.filter((c) => !c.ok)));
      assert.deepEqual(report.untrusted, ["liar"]);
      assert.equal(report.weak, 0);
      const shown = spawned(cli(["runs", "--queue", url, "--verify", name]));
      assert.equal((await shown.exited).code, 0, shown.stderr);
      // 318 of 730: the least k with C(730 - 8, k) / C(730, k) < 1% (Python's math.comb).
      assert.match(shown.stdout, new RegExp(`run ${name}: 318 of 318 sampled sub-problems agree`));
      assert.match(
        shown.stdout,
        /the sample took 318 of the 730 other settled sub-problems: had 8 of them \(1%\) been wrong, it would have missed them all with chance 0\.999%; had one been wrong, with chance 56\.4%/,
      );
      // A wrong count settled by the liar and an accomplice (a second key), in place of a
      // sub-problem's records: only a recount shows it, and the default verify makes one, since
      // the liar is no independent witness.
      const x = split(n).findIndex((sp) => solveSubProblem(n, sp).count > 0);
      const right = solveSubProblem(n, split(n)[x]);
      const wrong = { ...right, count: right.count + 8 };
      const key = await storedKey(url, name);
      const planted = ["liar", "accomplice"]
        .map((who) => makeRecord(key, splitVersion(n), x, "cpu/x", who, wrong))
        .join("\n");
      await redis.hset(runKeys(name).votes, String(x), planted);
      const found = await verifyRun(url, name, { secret });
      assert.equal(found.ok, false);
      assert.deepEqual(
        found.checked.filter((c) => !c.ok).map((c) => [c.id, c.stored.count, c.recount.count]),
        [[x, wrong.count, right.count]],
      );
      assert.match(
        found.flagged ?? "",
        new RegExp(`a recount disagrees: sub-problem ${x} settled`),
      );
      // Flagged: the library and the command refuse to count it, whatever its records say now.
      await redis.hset(runKeys(name).votes, String(x), votes[x]);
      await assert.rejects(
        runCoordinator(n, url, { secret }),
        (e: unknown) => e instanceof RunFlagged && e.run === name && /a recount/.test(e.reason),
      );
      const count = spawned(cli(["count", String(n), "--queue", url]));
      assert.equal((await count.exited).code, 1, count.stderr);
      assert.equal(count.stdout, "");
      assert.match(
        count.stderr,
        new RegExp(
          `^nqueens: run ${name} is flagged: .*a recount disagrees: sub-problem ${x} .*; no total until it is checked and cleared \\(nqueens runs --clear-flag ${name}\\)\\n$`,
        ),
      );
      const listing = spawned(cli(["runs", "--queue", url]));
      assert.equal((await listing.exited).code, 1);
      assert.match(listing.stdout, /FLAGGED: .*a recount disagrees.*runs --clear-flag/);
      const { runs } = await listRuns(url, { secret });
      assert.equal(runs[0]?.state, "flagged");
      const clear = spawned(cli(["runs", "--queue", url, "--clear-flag", name]));
      assert.equal((await clear.exited).code, 0, clear.stderr);
      assert.match(clear.stdout, new RegExp(`^run ${name}: flag cleared \\(it was: .*\\)\\n$`));
      assert.equal((await clearFlag(url, name, { secret })).flagged, undefined);
      const again = await runCoordinator(n, url, { secret });
      assert.deepEqual([again.attached, again.total], [true, known(n).total]);
    } finally {
      await closeRedis(redis);
    }
  });

  test("a total stored before that the records no longer add up to flags the run", {
    skip,
  }, async () => {
    const url = await freshDb();
    const n = 10;
    const name = runName(n);
    const w = spawned(new WorkerProc(url, "solo", 1, 5, { workerKey: true }));
    await w.ready();
    const r = await runCoordinator(n, url, { secret, pollSeconds: 0.1 });
    assert.equal(r.total, known(n).total);
    w.kill("SIGTERM");
    const redis = await openRedis(parseQueueUrl(url));
    try {
      await redis.hset(runKeys(name).meta, "total", String(known(n).total + 1n));
      await assert.rejects(
        runCoordinator(n, url, { secret }),
        (e: unknown) =>
          e instanceof RunFlagged && /the stored total \d+ is not what the records/.test(e.reason),
      );
      // It stays flagged, though the stored total is right again.
      await redis.hset(runKeys(name).meta, "total", String(known(n).total));
      await assert.rejects(runCoordinator(n, url, { secret }), RunFlagged);
      const cleared = await clearFlag(url, name, { secret });
      assert.match(cleared.flagged ?? "", /the stored total/);
      assert.equal((await runCoordinator(n, url, { secret })).total, known(n).total);
    } finally {
      await closeRedis(redis);
    }
  });
});
