/**
 * The queue on a Redis under memory pressure (pressure.ts): full at its maxmemory under
 * noeviction, or evicting keys. Each test starts a redis-server of its own on a free port (its
 * maxmemory settings are changed, which a shared server must not be), and is skipped, saying why,
 * without redis-server on the PATH. Expected counts come only from KNOWN.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, describe, test } from "node:test";
import { NQueensError } from "../errors.js";
import { knownCount as known } from "../testing/queue-records.js";
import { type OwnRedis, startRedisServer, TEST_SECRET, WorkerProc } from "../testing/redis.js";
import { assertBuilt, nqueens } from "../testing/run-cli.js";
import { forgetRun, listRuns } from "./admin.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { jobIdsByRun } from "./ghosts.js";
import { backoffMs, evictedKeys, isRedisFull } from "./pressure.js";
import { PREFIX, QUEUE_NAME, RUNS_KEY, runKeys } from "./store.js";
import { parseQueueUrl } from "./url.js";

const secret = TEST_SECRET;

describe("a worker's backoff on a full Redis", () => {
  const cases: [number, number][] = [
    [0, 500],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 8000],
    [40, 8000],
  ];
  for (const [attempt, ms] of cases) {
    test(`attempt ${attempt}: ${ms} ms`, () => assert.equal(backoffMs(attempt), ms));
  }
  const messages: [string, boolean][] = [
    ["OOM command not allowed when used memory > 'maxmemory'.", true],
    [
      "OOM command not allowed when used memory > 'maxmemory'. script: d96c, on @user_script:217.",
      true,
    ],
    ["ERR Error running script (call to f_1): @user_script:5: OOM command not allowed", true],
    ["Missing key for job 7. moveToFinished", false],
    ["connect ECONNREFUSED 127.0.0.1:6379", false],
  ];
  for (const [message, full] of messages) {
    test(`${full ? "full" : "not full"}: ${message.slice(0, 40)}`, () =>
      assert.equal(isRedisFull(new Error(message)), full));
  }
});

describe("the keys Redis says it has evicted", () => {
  const cases: [string, number | undefined][] = [
    ["# Stats\r\nexpired_keys:3\r\nevicted_keys:288\r\nevicted_clients:0\r\n", 288],
    ["# Stats\r\nevicted_keys:0\r\n", 0],
    ["# Stats\nevicted_keys:7\n", 7],
    ["", undefined],
    ["# Stats\r\nevicted_clients:4\r\n", undefined],
  ];
  for (const [info, keys] of cases) {
    test(`${JSON.stringify(info).slice(0, 50)}: ${keys}`, () =>
      assert.equal(evictedKeys(info), keys));
  }
});

const noServer =
  spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0
    ? false
    : "redis-server is not on the PATH (these tests change maxmemory on a server of their own)";

describe("the queue on a Redis under memory pressure", { skip: noServer }, () => {
  const servers: OwnRedis[] = [];
  const procs: WorkerProc[] = [];
  after(async () => {
    for (const p of procs) p.kill("SIGKILL");
    for (const s of servers) await s.stop();
  });
  async function server(): Promise<OwnRedis> {
    const s = await startRedisServer();
    servers.push(s);
    return s;
  }
  async function config(url: string, ...args: string[]): Promise<void> {
    const redis = await openRedis(parseQueueUrl(url));
    try {
      await redis.config("SET", ...(args as [string, string]));
    } finally {
      await closeRedis(redis);
    }
  }

  test("count on a full Redis: exit 75, one line saying what to do", async () => {
    assertBuilt();
    const s = await server();
    await config(s.url, "maxmemory", "1");
    const p = await nqueens(["count", "10", "--queue", s.url], "", { NQUEENS_SECRET: secret });
    assert.equal(p.code, 75, p.stderr);
    assert.equal(p.stdout, "");
    const lines = p.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, p.stderr);
    assert.match(
      lines[0],
      /^nqueens: Redis at redis:\/\/127\.0\.0\.1:\d+ is full .* raise its maxmemory or free keys/,
    );
  });

  test("an evicting Redis is refused (exit 78) unless --allow-eviction", async () => {
    assertBuilt();
    const s = await server();
    await config(s.url, "maxmemory-policy", "allkeys-lru");
    const env = { NQUEENS_SECRET: secret };
    const p = await nqueens(["count", "9", "--queue", s.url], "", env);
    assert.equal(p.code, 78, p.stderr);
    const lines = p.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, p.stderr);
    assert.match(lines[0], /maxmemory-policy allkeys-lru\).*noeviction.*--allow-eviction/);
    const w = new WorkerProc(s.url, "w1");
    procs.push(w);
    await w.ready();
    const ok = await nqueens(
      ["count", "9", "--queue", s.url, "--allow-eviction", "--json"],
      "",
      env,
    );
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).total, known(9).total.toString());
    w.kill("SIGTERM");
  });

  test("a worker waits out a full Redis, saying so once each way; the run then settles", async () => {
    const s = await server();
    const n = 10;
    // The run described and its jobs enqueued, then the coordinator stopped.
    const stop = new AbortController();
    const started = runCoordinator(n, s.url, {
      secret,
      signal: stop.signal,
      onMessage: (m) => {
        if (m.startsWith("started run")) stop.abort();
      },
    });
    await assert.rejects(started);
    await config(s.url, "maxmemory", "1");
    const w = new WorkerProc(s.url, "w1");
    procs.push(w);
    const said = (what: RegExp) =>
      w.events.filter((e) => e.type === "wait" && what.test(e.message)).length;
    await w.waitFor(() => said(/is full/) > 0, "the worker to say Redis is full");
    await config(s.url, "maxmemory", "0");
    await w.waitFor(() => said(/accepts writes again/) > 0, "the worker to say it is back");
    const r = await runCoordinator(n, s.url, { secret, pollSeconds: 0.1 });
    assert.equal(r.total, known(n).total);
    assert.equal(said(/is full/), 1, w.stdout);
    assert.equal(said(/accepts writes again/), 1, w.stdout);
    // No line per retry: no failure reported for the refused writes.
    const failed = w.events.filter((e) => e.type === "failed" && /OOM/.test(e.message));
    assert.deepEqual(failed, []);
    w.kill("SIGTERM");
  });

  test("a run whose keys were evicted: runs says EVICTED, --forget removes every key, ghosts too", async () => {
    assertBuilt();
    const s = await server();
    const stop = new AbortController();
    let name = "";
    await assert.rejects(
      runCoordinator(10, s.url, {
        secret,
        signal: stop.signal,
        onMessage: (m) => {
          name = /^started run (\S+):/.exec(m)?.[1] ?? name;
          if (name) stop.abort();
        },
      }),
    );
    const redis = await openRedis(parseQueueUrl(s.url));
    try {
      // What an evicting policy does: the description, the list of runs and some jobs' data
      // deleted, the jobs' ids left in the queue's lists (ghosts).
      const ids = (await jobIdsByRun(redis)).get(name) ?? [];
      assert.ok(ids.length > 2, `${name}: ${ids.length} jobs`);
      await redis.del(runKeys(name).meta);
      await redis.srem(RUNS_KEY, name);
      for (const id of ids.slice(0, 2)) await redis.del(`${PREFIX}:${QUEUE_NAME}:${id}`);
      const { runs } = await listRuns(s.url, { secret });
      assert.deepEqual(
        runs.map((r) => [r.run, r.state, r.jobsLeft]),
        [[name, "evicted", ids.length]],
      );
      const shown = await nqueens(["runs", "--queue", s.url], "", { NQUEENS_SECRET: secret });
      assert.equal(shown.code, 1, shown.stderr);
      assert.match(
        shown.stdout,
        new RegExp(
          `${name} .*EVICTED: its description is gone from the server while ${ids.length} jobs of it are still queued .*runs --forget ${name}`,
        ),
      );
      const forgot = await forgetRun(s.url, name);
      assert.equal(forgot.jobs, ids.length);
      assert.equal((await jobIdsByRun(redis)).get(name), undefined);
      const left: string[] = [];
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", `*${name}*`, "COUNT", 1000);
        left.push(...keys);
        cursor = next;
      } while (cursor !== "0");
      assert.deepEqual(left, []);
      assert.deepEqual((await listRuns(s.url, { secret })).runs, []);
    } finally {
      await closeRedis(redis);
    }
  });

  test("a coordinator following a run stops with queue-full when Redis fills", async () => {
    const s = await server();
    let fill: Promise<void> | undefined;
    await assert.rejects(
      runCoordinator(10, s.url, {
        secret,
        pollSeconds: 0.1,
        onMessage: (m) => {
          if (m.startsWith("started run")) fill = config(s.url, "maxmemory", "1");
        },
      }),
      (e: unknown) =>
        e instanceof NQueensError &&
        e.code === "queue-full" &&
        /raise its maxmemory/.test(e.message),
    );
    await fill;
  });
});
