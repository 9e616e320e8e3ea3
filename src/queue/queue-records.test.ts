/**
 * The queue without Redis: addresses and secrets, records, votes and the verdict on a run's
 * records (quorum, short, disputed, forged, outvoted). Expected counts come only from KNOWN.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { estimatedCost, split, splitVersion } from "../engine/constellations/split.js";
import { NQueensError } from "../errors.js";
import { knownCount as known, NONCE, solveAll } from "../testing/queue-records.js";
import { TEST_SECRET } from "../testing/redis.js";
import { runCoordinator } from "./coordinator.js";
import { checkRecord, makeRecord, makeRecount } from "./record.js";
import { runSplit } from "./run-split.js";
import { defaultSample } from "./sample.js";
import { checkSecret, resolveSecret, runKey } from "./secret.js";
import { batchRanges, batchSize, largestFirst, runName } from "./store.js";
import { maskUrl, parseQueueUrl } from "./url.js";
import { judgeRun, judgeSub, MAX_EXTRA_VOTES } from "./verdict.js";
import { startWorker } from "./worker.js";
import { checkWorkerName } from "./worker-name.js";

const secret = TEST_SECRET;
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
    ["redis://:p%zz@127.0.0.1:6379", /the password has a % that does not start an escape/],
    ["redis://:p%@127.0.0.1:6379", /the password has a % that does not start an escape/],
    ["redis://:%ff@127.0.0.1:6379", /the password has a % that does not start an escape/],
    ["redis://us%zzer:pw@127.0.0.1", /the user name has a % that does not start an escape/],
  ];
  test("a bad escape in the password is refused without showing the password", () => {
    assert.throws(
      () => parseQueueUrl("redis://:s3cr%zzet@127.0.0.1:6379", "--queue"),
      (e: unknown) =>
        e instanceof NQueensError &&
        e.message ===
          "--queue must be a URL like redis://HOST[:PORT][/DB]: the password has a % that does not start an escape such as %41 (write % as %25): got 'redis://:***@127.0.0.1:6379'",
    );
  });
  for (const [text, why] of bad) {
    test(`refuses '${text}'`, () => {
      assert.throws(
        () => parseQueueUrl(text),
        (e: unknown) =>
          e instanceof NQueensError &&
          why.test(e.message) &&
          e.message.includes(`'${maskUrl(text)}'`),
      );
    });
  }
});

describe("queue address and secret", () => {
  const masked: [string, string][] = [
    ["redis://:S3cretPW@127.0.0.1:6556/abc", "redis://:***@127.0.0.1:6556/abc"],
    ["redis://default:S3cretPW@h:1/0?password=S3cretPW", "redis://default:***@h:1/0?..."],
    ["redis://S3cretPW@h", "redis://***@h"],
    ["redis://:S3c/ret?PW@h:6379", "redis://:***@h:6379"],
    ["redis//:S3cretPW@localhost", "redis//:***@localhost"],
    [":S3cretPW@h:6379", ":***@h:6379"],
    ["redis://h:6379/0#S3cretPW", "redis://h:6379/0?..."],
  ];
  for (const [text, want] of masked) {
    test(`masks ${want}`, () => assert.equal(maskUrl(text), want));
  }
  test("a secret must be at least 16 characters, and the message never repeats it", () => {
    assert.equal(checkSecret("0123456789abcdef"), "0123456789abcdef");
    assert.throws(
      () => checkSecret("hunter2"),
      (e: unknown) =>
        e instanceof NQueensError &&
        /at least 16 characters \(this one has 7\)/.test(e.message) &&
        !e.message.includes("hunter2"),
    );
    assert.throws(
      () => resolveSecret(undefined, {}),
      (e: unknown) =>
        e instanceof NQueensError &&
        e.code === "secret-missing" &&
        /set NQUEENS_SECRET \(or the secret option\)/.test(e.message),
    );
    assert.equal(resolveSecret(undefined, { NQUEENS_SECRET: secret }), secret);
  });
  test("worker names: no spaces or control characters, at most 64 characters", () => {
    for (const good of ["wa", "host-1:4711", "rechner-müller", "x".repeat(64)]) {
      assert.equal(checkWorkerName(good), good);
    }
    for (const bad of [
      "",
      "a b",
      "tab\there",
      "line\nbreak",
      "bell\u0007",
      "x".repeat(65),
      "\u202ertl",
    ]) {
      assert.throws(
        () => checkWorkerName(bad),
        (e: unknown) =>
          e instanceof NQueensError &&
          /^name must be 1 to 64 characters without spaces or control characters: got '/.test(
            e.message,
          ) &&
          ![..."\t\n\u0007\u202e"].some((c) => e.message.includes(c)),
      );
    }
  });
  // Checked before any connection (the address is never reached): the messages name the
  // options, as a library user passes them; the command names its flags itself.
  const refused: [string, () => Promise<unknown>, RegExp][] = [
    [
      "startWorker with no threads",
      () => startWorker("redis://127.0.0.1:1", { secret, threads: 0 }),
      /^threads must be a whole number from 1 to 1024: got 0$/,
    ],
    [
      "startWorker with a bad name",
      () => startWorker("redis://127.0.0.1:1", { secret, name: "a b" }),
      /^name must be 1 to 64 characters/,
    ],
    [
      "startWorker with a bad address",
      () => startWorker("localhost:6379", { secret }),
      /^the queue address must be a URL like redis:\/\/HOST/,
    ],
    [
      "runCoordinator with a quorum of 10",
      () => runCoordinator(8, "redis://127.0.0.1:1", { secret, replicas: 10 }),
      /^replicas must be a whole number from 1 to 9: got 10$/,
    ],
    [
      "runCoordinator joining n = 28",
      () => runCoordinator(28, "redis://127.0.0.1:1", { secret, method: "join" }),
      /^the join counts n up to 27: got 28$/,
    ],
  ];
  for (const [what, call, message] of refused) {
    test(`${what}: refused, naming the option`, async () => {
      await assert.rejects(
        call(),
        (e: unknown) => e instanceof NQueensError && message.test(e.message),
      );
    });
  }
});

describe("records, votes and verdicts", () => {
  const version = splitVersion(12);
  const key = runKey(secret, "run-a", NONCE);
  const r = { count: 123456, fixed180: 12, fixed90: 2 };
  test("a record checks out for its own id, split, run and secret only", () => {
    const rec = makeRecord(key, version, 7, "cpu/x", "wa", r);
    const ok = checkRecord(key, version, 7, rec);
    assert.ok(ok.ok && ok.record.count === 123456 && ok.record.worker === "wa");
    assert.equal(checkRecord(key, version, 8, rec).ok, false, "another id");
    assert.equal(checkRecord(key, splitVersion(13), 7, rec).ok, false, "another split");
    assert.equal(
      checkRecord(runKey(secret, "run-b", NONCE), version, 7, rec).ok,
      false,
      "another run",
    );
    const other = runKey("another-secret-0123456789", "run-a", NONCE);
    assert.equal(checkRecord(other, version, 7, rec).ok, false, "another secret");
    const again = runKey(secret, "run-a", "fedcba9876543210fedcba9876543210");
    assert.equal(checkRecord(again, version, 7, rec).ok, false, "another run of the same name");
  });
  const tampered: [string, (s: string) => string, RegExp][] = [
    ["count changed", (s) => s.replace("count=123456", "count=123457"), /fails its MAC/],
    ["fixed count changed", (s) => s.replace("f180=12", "f180=13"), /fails its MAC/],
    ["solver changed", (s) => s.replace("solver=cpu/x", "solver=gpu/x"), /fails its MAC/],
    ["worker changed", (s) => s.replace("worker=wa", "worker=wb"), /fails its MAC/],
    ["tag changed", (s) => s.replace(/mac=(.)/, (_, c) => `mac=${c === "0" ? "1" : "0"}`), /MAC/],
    ["truncated", (s) => s.slice(0, 30), /not a verification record/],
  ];
  for (const [what, change, why] of tampered) {
    test(`a record with its ${what} is refused`, () => {
      const c = checkRecord(key, version, 7, change(makeRecord(key, version, 7, "cpu/x", "wa", r)));
      assert.ok(!c.ok && why.test(c.reason), JSON.stringify(c));
    });
  }
  test("the old unkeyed record, with its own valid checksum, is refused", () => {
    const old = "count=1059 f180=0 f90=0 m65521=1059 m65537=1059 solver=cpu/x check=8c1f03aa";
    assert.equal(checkRecord(key, version, 7, old).ok, false);
  });

  const vote = (worker: string, count: number, id = 3) =>
    makeRecord(key, version, id, "cpu/x", worker, { count, fixed180: 0, fixed90: 0 });
  const recount = (count: number, id = 3) =>
    makeRecount(key, version, id, "recount/x", { count, fixed180: 0, fixed90: 0 });
  // what, records, quorum, state, overruled votes' workers, workers proved wrong
  const cases: [string, string[], number, string, string[], string[]][] = [
    ["no votes", [], 1, "short", [], []],
    ["one vote, quorum 1", [vote("a", 5)], 1, "settled", [], []],
    ["one vote, quorum 2", [vote("a", 5)], 2, "short", [], []],
    ["two agreeing votes, quorum 2", [vote("a", 5), vote("b", 5)], 2, "settled", [], []],
    ["the same worker twice", [vote("a", 5), vote("a", 5)], 2, "short", [], []],
    ["two disagreeing votes", [vote("a", 5), vote("b", 6)], 2, "disputed", [], []],
    // Outvoted proves nothing: the two may be the liars.
    ["two against one", [vote("a", 5), vote("l", 6), vote("b", 5)], 2, "settled", ["l"], []],
    ["one against one, quorum 1", [vote("a", 5), vote("l", 6)], 1, "disputed", [], []],
    [
      "a worker that contradicts itself",
      [vote("a", 5), vote("a", 6), vote("b", 5)],
      1,
      "settled",
      ["a", "a"],
      ["a"],
    ],
    [
      "a recount against two agreeing votes",
      [vote("a", 6), vote("b", 6), recount(5)],
      2,
      "settled",
      ["a", "b"],
      ["a", "b"],
    ],
    ["a recount that agrees", [vote("a", 5), recount(5)], 2, "settled", [], []],
    [
      "a forged vote does not count",
      [vote("a", 5), "count=6 f180=0 f90=0 solver=x worker=b mac=00000000000000000000000000000000"],
      2,
      "short",
      [],
      [],
    ],
  ];
  for (const [what, lines, replicas, state, overruled, liars] of cases) {
    test(`verdict: ${what}: ${state}`, () => {
      const j = judgeSub(key, version, 3, lines, replicas);
      assert.equal(j.verdict.state, state);
      assert.deepEqual(
        j.overruled.map((o) => o.worker),
        overruled,
      );
      assert.deepEqual([...j.provedWrong].sort(), liars);
    });
  }
  test("verdict: a dispute is given up after the extra votes", () => {
    const lines = Array.from({ length: 2 + MAX_EXTRA_VOTES }, (_, i) => vote(`w${i}`, i));
    const j = judgeSub(key, version, 3, lines, 2);
    assert.ok(j.verdict.state === "disputed" && j.verdict.exhausted);
  });
  for (const n of [1, 2, 3, 4, 5, 6, 8, 10, 12]) {
    test(`judgeRun adds a full split of ${n} up to the known total and unique`, () => {
      const v = judgeRun(n, runKey(secret, runName(n), NONCE), solveAll(n), 1);
      assert.equal(v.total, known(n).total);
      assert.equal(v.unique, known(n).unique);
    });
  }
  test("judgeRun gives no total for a missing, forged or misplaced record", () => {
    const key9 = runKey(secret, runName(9), NONCE);
    const all = solveAll(9);
    delete all[3];
    all[4] = all[4].replace(/mac=\w+/, "mac=00000000000000000000000000000000");
    all["99999"] = all[5];
    const v = judgeRun(9, key9, all, 1);
    assert.equal(v.total, undefined);
    assert.deepEqual(
      v.short.map((s) => s.id),
      [3, 4],
    );
    assert.deepEqual(v.forged.map((f) => f.id).sort(), [4, 99999]);
  });
  test("judgeRun names a worker with an impossible count a liar, and one only outvoted not", () => {
    const n = 9;
    const key9 = runKey(secret, runName(n), NONCE);
    const version9 = splitVersion(n);
    const honest = solveAll(n, "honest");
    const plan = runSplit(n, "constellations");
    // One more than the true count: impossible for some sub-problems (its symmetric parts), not
    // for others.
    const plusOne = (id: number) => {
      const field = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(honest[id])?.[1]);
      return { count: field("count") + 1, fixed180: field("f180"), fixed90: field("f90") };
    };
    const ids = Array.from({ length: plan.size }, (_, id) => id);
    const impossibleId = ids.find((id) => plan.impossible(id, plusOne(id)) !== undefined);
    const possibleId = ids.find((id) => plan.impossible(id, plusOne(id)) === undefined);
    assert.ok(impossibleId !== undefined && possibleId !== undefined);
    /** The honest records, and beside the one of `id` the lie of each of `workers`. */
    const lies = (id: number, workers: string[]) => ({
      ...honest,
      [id]: [
        honest[id],
        ...workers.map((w) => makeRecord(key9, version9, id, "cpu/t", w, plusOne(id))),
      ].join("\n"),
    });
    const caught = judgeRun(n, key9, lies(impossibleId, ["liar"]), 1);
    assert.deepEqual(caught.liars, ["liar"]);
    assert.equal(caught.total, known(n).total);
    // Three lies against one honest vote at a quorum of 2: the honest vote is outvoted, which
    // proves nothing against it.
    const outvoted = judgeRun(n, key9, lies(possibleId, ["l1", "l2", "l3"]), 2);
    assert.deepEqual(outvoted.liars, []);
    assert.deepEqual(
      outvoted.overruled.map((o) => o.worker),
      ["honest"],
    );
  });
  test("runs --verify samples enough to miss a 1% share of wrong sub-problems below 1%", () => {
    // Computed apart, exactly (Python's math.comb): the least k with
    // C(N - m, k) / C(N, k) < 1/100, m = max(1, ceil(N / 100)).
    const table: [number, number][] = [
      [1, 1],
      [10, 10],
      [50, 50],
      [100, 100],
      [101, 91],
      [200, 180],
      [1000, 368],
      [4096, 434],
      [4319, 428],
      [9522, 444],
      [38604, 455],
    ];
    assert.deepEqual(
      table.map(([n]) => defaultSample(n)),
      table.map(([, k]) => k),
    );
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
