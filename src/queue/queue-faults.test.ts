/**
 * The queue against a real Redis when things go wrong: bad addresses, no password or secret in
 * any output, worker names, silent servers and stalled jobs, Redis restarted mid-run. Expected
 * counts come only from KNOWN. See testing/redis.ts for where the Redis server comes from.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { Worker } from "bullmq";
import { CountInterrupted } from "../engine/types.js";
import { NQueensError } from "../errors.js";
import { knownCount as known } from "../testing/queue-records.js";
import {
  cli,
  type OwnRedis,
  type Proc,
  queueTestBed,
  startRedisServer,
  TEST_SECRET,
  WorkerProc,
} from "../testing/redis.js";
import { assertBuilt, nqueens, nqueensIdle } from "../testing/run-cli.js";
import { idleDuring, until } from "../testing/wait.js";
import { forgetRun, listRuns } from "./admin.js";
import { closeRedis, openRedis } from "./connection.js";
import { runCoordinator } from "./coordinator.js";
import { PREFIX, QUEUE_NAME, runName } from "./store.js";
import { parseQueueUrl } from "./url.js";

const secret = TEST_SECRET;
describe("queue on Redis, faults", async () => {
  const { skip, freshDb, spawned } = await queueTestBed();

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
    /**
     * At once: at most the 3 s of connection attempts openRedis allows, against a client that
     * retries without end. Measured as the seconds spent waiting for the network or a timer,
     * which a busy machine does not stretch (its wall-clock time there is mostly spent queued
     * for a CPU: 20 s at load 14 for the same 3 s of waiting); a command past the limit is
     * killed. The built command, which starts without compiling its source (tsx would wait on
     * its compiler, and that waiting would be counted).
     */
    const IDLE_LIMIT_S = 10;
    for (const [what, args, why] of cases) {
      test(what, async () => {
        assertBuilt();
        const p = await nqueensIdle(
          args,
          {
            NO_COLOR: "1",
            NQUEENS_SECRET: secret,
            NQUEENS_QUEUE: args.length === 1 && args[0] === "runs" ? "redis://127.0.0.1:1" : "",
          },
          IDLE_LIMIT_S,
        );
        assert.equal(p.code, 2, p.stderr);
        const lines = p.stderr.trimEnd().split("\n");
        assert.equal(lines.length, 1, p.stderr);
        assert.match(lines[0], /^nqueens: /);
        assert.match(lines[0], why);
        assert.equal(p.stdout, "");
        assert.ok(p.idleSeconds < IDLE_LIMIT_S, `waited ${p.idleSeconds.toFixed(1)} s`);
      });
    }
    test("the library refuses an unreachable server within its connect time", async () => {
      const { seconds } = await idleDuring(() =>
        assert.rejects(
          runCoordinator(12, "redis://127.0.0.1:1", { secret, connectSeconds: 2 }),
          NQueensError,
        ),
      );
      // Its 2 s against minutes (a client retrying forever), measured as above.
      assert.ok(seconds < IDLE_LIMIT_S, `waited ${seconds.toFixed(1)} s`);
    });
  });

  describe("no password or secret in any output", { skip }, () => {
    const PW = "S3cretPW";
    const badUrls: [string, string][] = [
      ["a path that is not a database", `redis://:${PW}@127.0.0.1:6556/abc`],
      ["a query string", `redis://:${PW}@127.0.0.1:6556/0?timeout=5`],
      ["another scheme", `http://:${PW}@127.0.0.1:6556`],
      ["port 0", `redis://:${PW}@127.0.0.1:0`],
      ["a port above 65535", `redis://:${PW}@127.0.0.1:99999`],
      ["not a URL", `redis//:${PW}@127.0.0.1`],
      ["the password in the user's place", `redis://${PW}@127.0.0.1:6556/x`],
      ["a password in the query", `redis://127.0.0.1:6556/0?password=${PW}`],
      ["a fragment", `redis://:${PW}@127.0.0.1:6556/0#x`],
      ["a % in the password that starts no escape", `redis://:${PW}%zz@127.0.0.1:6556`],
      ["a % in the user name that starts no escape", `redis://us%er:${PW}@127.0.0.1:6556`],
    ];
    for (const [what, url] of badUrls) {
      test(`${what}: every command refuses it in one line without the password`, async () => {
        // The built command (it starts in a fraction of the time of the source through tsx).
        assertBuilt();
        const runs = await Promise.all([
          nqueens(["runs", "--queue", url, "--json"]),
          nqueens(["worker", "--queue", url]),
          nqueens(["count", "10", "--queue", url, "--json"]),
          nqueens(["runs", "--forget", "q10-x"], "", { NQUEENS_QUEUE: url }),
        ]);
        for (const p of runs) {
          assert.equal(p.code, 2, p.stderr);
          assert.match(p.stderr, /^nqueens: --queue must be a URL like redis:\/\/HOST/);
          assert.equal(p.stderr.trimEnd().split("\n").length, 1, p.stderr);
          assert.ok(!`${p.stdout}${p.stderr}`.includes(PW), p.stderr);
        }
      });
    }

    test("a secret that is missing or too short is refused without repeating it", async () => {
      const short = "hunter2hunter2";
      const runs = [
        [
          cli(["count", "10", "--queue", "redis://127.0.0.1:1"], { NQUEENS_SECRET: "" }),
          /needs a secret/,
        ],
        [
          cli(["worker", "--queue", "redis://127.0.0.1:1"], { NQUEENS_SECRET: "" }),
          /needs a secret/,
        ],
        [cli(["runs", "--queue", "redis://127.0.0.1:1"], { NQUEENS_SECRET: "" }), /needs a secret/],
        [cli(["worker", "--queue", "redis://127.0.0.1:1", "--secret", short]), /at least 16/],
        [
          cli(["runs", "--queue", "redis://127.0.0.1:1"], { NQUEENS_SECRET: short }),
          /NQUEENS_SECRET must be at least 16/,
        ],
        [cli(["count", "10", "--checkpoint", "/tmp/nq-x.ckpt", "--secret", short]), /at least 16/],
      ] as const;
      for (const [p, why] of runs) {
        spawned(p);
        const end = await p.exited;
        assert.equal(end.code, 2, p.stderr);
        assert.match(p.stderr, why);
        assert.equal(p.stderr.trimEnd().split("\n").length, 1, p.stderr);
        assert.ok(!`${p.stdout}${p.stderr}`.includes(short));
      }
    });

    let own: OwnRedis | undefined;
    after(async () => {
      await own?.stop();
    });
    test("a whole run on a server with a password: no output shows the password or the secret", async () => {
      own = await startRedisServer(undefined, { password: PW });
      const url = own.url;
      assert.ok(url.includes(PW));
      const SECRET = "the-run-secret-Xq7-0123456789";
      const none = { NQUEENS_SECRET: "" };
      const worker = spawned(
        cli(
          ["worker", "--queue", url, "--workers", "1", "--name", "pw1", "--secret", SECRET],
          none,
        ),
      );
      await worker.waitFor(() => worker.stderr.includes("taking jobs"), "the worker");
      const name = runName(11);
      const outputs: Proc[] = [];
      const run = async (args: string[], env: Record<string, string> = none) => {
        const p = spawned(cli(args, env));
        outputs.push(p);
        await p.exited;
        return p;
      };
      const count = await run(["count", "11", "--queue", url, "--secret", SECRET, "--unique"]);
      assert.match(count.stdout, new RegExp(`total\\s+${known(11).total}`), count.stderr);
      const json = await run(["count", "11", "--queue", url, "--json"], { NQUEENS_SECRET: SECRET });
      assert.equal(JSON.parse(json.stdout).total, known(11).total.toString());
      await run(["runs", "--queue", url, "--secret", SECRET]);
      await run(["runs", "--queue", url, "--json"], { NQUEENS_SECRET: SECRET });
      await run(["runs", "--queue", url, "--verify", name, "--sample", "3", "--json"], {
        NQUEENS_SECRET: SECRET,
      });
      await run(["runs", "--queue", url, "--drop-forged", name, "--json"], {
        NQUEENS_SECRET: SECRET,
      });
      const foreign = await run(["runs", "--queue", url], {
        NQUEENS_SECRET: "another-secret-0123456789",
      });
      assert.match(foreign.stdout, /NOT THIS SECRET'S/);
      const wrong = await run(["runs", "--queue", url.replace(PW, "wrongpw123")], {
        NQUEENS_SECRET: SECRET,
      });
      assert.equal(wrong.child.exitCode, 2, wrong.stderr);
      worker.kill("SIGINT");
      await worker.exited;
      await run(["runs", "--queue", url, "--forget", name]);
      // And the Redis server never saw the secret: not in a key, a value or a script argument.
      const redis = await openRedis(parseQueueUrl(url));
      try {
        const keys = await redis.keys("*");
        for (const k of keys) {
          const type = await redis.type(k);
          const dump =
            type === "string"
              ? await redis.get(k)
              : type === "hash"
                ? JSON.stringify(await redis.hgetall(k))
                : "";
          assert.ok(!`${k}${dump}`.includes(SECRET), k);
        }
      } finally {
        await closeRedis(redis);
      }
      for (const p of [...outputs, worker]) {
        assert.ok(!`${p.stdout}${p.stderr}`.includes(PW), `${p.stdout}${p.stderr}`);
        assert.ok(!`${p.stdout}${p.stderr}`.includes(SECRET), `${p.stdout}${p.stderr}`);
      }
      assert.match(
        worker.stderr,
        /redis:\/\/:\*\*\*@127\.0\.0\.1:\d+/,
        "the address is shown masked",
      );
    });
  });

  describe("worker names, silent servers, stalled jobs", { skip }, () => {
    test("worker --name with a tab, a newline, a space or 65 characters: one line, quoted, exit 2", async () => {
      for (const name of ["a\tb", "line\nbreak", "two words", "x".repeat(65), "esc\u001b[31m"]) {
        const p = spawned(cli(["worker", "--queue", "redis://127.0.0.1:1", "--name", name]));
        assert.equal((await p.exited).code, 2, p.stderr);
        const lines = p.stderr.trimEnd().split("\n");
        assert.equal(lines.length, 1, p.stderr);
        assert.match(
          lines[0],
          /^nqueens: --name must be 1 to 64 characters without spaces or control characters: got '/,
        );
        assert.ok(![..."\t\u001b"].some((c) => lines[0].includes(c)));
      }
    });

    test("a server that accepts and never answers: given up after 3 s, saying so", async () => {
      const { createServer } = await import("node:net");
      const held: import("node:net").Socket[] = [];
      const silent = createServer((c) => {
        held.push(c);
        c.on("error", () => {});
      });
      await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
      const port = (silent.address() as { port: number }).port;
      try {
        const started = Date.now();
        await assert.rejects(
          listRuns(`redis://127.0.0.1:${port}`, { secret }),
          (e: unknown) =>
            e instanceof NQueensError &&
            /no answer within 3 s \(something accepted the connection/.test(e.message),
        );
        const seconds = (Date.now() - started) / 1000;
        // At least the 3 s it waits; the upper bound only catches a hang (a loaded machine is slow).
        assert.ok(seconds >= 2.9 && seconds < 60, `took ${seconds} s`);
        assertBuilt();
        const t = Date.now();
        const p = await nqueens(["runs", "--queue", `redis://127.0.0.1:${port}`], "", {
          NQUEENS_SECRET: secret,
        });
        assert.equal(p.code, 2);
        assert.match(p.stderr, /no answer within 3 s .*gave up\n$/);
        assert.ok((Date.now() - t) / 1000 >= 2.9, "the command waited its 3 s");
      } finally {
        for (const c of held) c.destroy();
        silent.close();
      }
    });

    test("a job marked active whose worker is gone is shown as stalled, not active", async () => {
      const url = await freshDb();
      const stop = new AbortController();
      await assert.rejects(
        runCoordinator(10, url, { secret, signal: stop.signal, onMessage: () => stop.abort() }),
        CountInterrupted,
      );
      const redis = await openRedis(parseQueueUrl(url));
      const takerLink = redis.duplicate();
      const taker = new Worker(QUEUE_NAME, null, { connection: takerLink, prefix: PREFIX });
      try {
        const job = await taker.getNextJob("gone");
        assert.ok(job);
        // As after a Redis restart from its append-only file, or a worker that died: the job is
        // still in the active list, its lock is gone.
        await redis.del(`${PREFIX}:${QUEUE_NAME}:${job.id}:lock`);
        const { jobs } = await listRuns(url, { secret });
        assert.deepEqual([jobs.active, jobs.stalled], [0, 1]);
        const p = spawned(cli(["runs", "--queue", url]));
        await p.exited;
        assert.match(p.stdout, /0 active, .*1 stalled \(marked active, but no worker holds it/);
        // Forgetting the run is not refused for it (no worker holds it) and removes it.
        const forgot = await forgetRun(url, runName(10));
        assert.ok(forgot.jobs >= 1);
        assert.deepEqual((await listRuns(url, { secret })).jobs.stalled, 0);
      } finally {
        await taker.close();
        takerLink.disconnect();
        await closeRedis(redis);
      }
    });
  });

  describe("Redis restarted mid-run", { skip }, () => {
    let own: OwnRedis | undefined;
    // Every server these tests start, the restarted one included, is stopped at the end.
    const started: OwnRedis[] = [];
    const startRedis = async (port?: number) => {
      const s = await startRedisServer(port);
      started.push(s);
      return s;
    };
    after(async () => {
      for (const s of started) await s.stop();
    });
    test("coordinator and workers wait, then finish with the exact total", async () => {
      // A private server of its own, since this test stops it (even when CI gives one).
      own = await startRedis();
      const url = own.url;
      const n = 15;
      const w = [1, 2].map((i) => spawned(new WorkerProc(url, `r${i}`, 1, 3)));
      await Promise.all(w.map((x) => x.ready()));
      const notes: string[] = [];
      let done = 0;
      const counting = runCoordinator(n, url, {
        secret,
        batch: 20,
        pollSeconds: 0.1,
        onMessage: (m) => notes.push(m),
        onProgress: (p) => {
          done = p.done;
        },
      });
      await until(() => done >= 200, "200 sub-problems settled");
      await own.stop();
      // Down until the coordinator and a worker have seen it go, however slow they are to notice.
      await until(
        () =>
          notes.some((m) => /lost the connection to Redis/.test(m)) &&
          w.some((x) => x.events.some((e) => e.type === "wait")),
        "the outage noticed",
      );
      own = await startRedis(own.port);
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
      // Jobs finished during the outage are gone with the server's data: no line per job.
      const noise = w
        .flatMap((x) => x.events)
        .filter((e) => e.type === "failed" && /Missing (key|lock)|renew lock/.test(e.message));
      assert.deepEqual(noise, []);
      for (const x of w) x.kill("SIGTERM");
    });

    test("a server that stops answering: said once each way by all, the total exact", async () => {
      own = await startRedis();
      const server = own;
      const n = 14;
      const w = spawned(new WorkerProc(server.url, "s1", 1, 3));
      await w.ready();
      const notes: string[] = [];
      let done = 0;
      const counting = runCoordinator(n, server.url, {
        secret,
        method: "constellations",
        batch: 10,
        pollSeconds: 0.1,
        onMessage: (m) => notes.push(m),
        onProgress: (p) => {
          done = p.done;
        },
      });
      await until(() => done >= 50, "50 sub-problems settled");
      // Stopped, not closed: the connections stay open and nothing answers (a network cut).
      process.kill(server.pid, "SIGSTOP");
      const said = (m: string) => /^lost touch with Redis at .*; waiting for it to answer$/.test(m);
      const back = (m: string) => /^Redis at .* answers again$/.test(m);
      const waits = () => w.events.flatMap((e) => (e.type === "wait" ? [e.message] : []));
      try {
        await until(() => notes.some(said) && waits().some(said), "the silence noticed");
      } finally {
        process.kill(server.pid, "SIGCONT");
      }
      const r = await counting;
      assert.equal(r.total, known(n).total);
      await w.waitFor(() => waits().some(back), "the worker to say Redis answers");
      assert.equal(notes.filter(said).length, 1, notes.join("\n"));
      assert.equal(notes.filter(back).length, 1, notes.join("\n"));
      assert.equal(waits().filter(said).length, 1, w.stdout);
      assert.equal(waits().filter(back).length, 1, w.stdout);
      const failed = w.events.filter((e) => e.type === "failed");
      assert.deepEqual(failed, []);
      w.kill("SIGTERM");
    });
  });
});
