/**
 * Test support for the queue: a Redis server to talk to, and worker/coordinator/CLI processes.
 *
 * The server is the one named by NQUEENS_TEST_REDIS (CI starts a private one); otherwise a
 * private `redis-server` is started on a free loopback port (stopped by its pid afterwards);
 * without `redis-server` on the PATH the queue tests are skipped, saying why.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { closeRedis, openRedis } from "../queue/connection.js";
import { type RunKey, runKey, workerKey } from "../queue/secret.js";
import { readMeta, runKeys } from "../queue/store.js";
import { parseQueueUrl } from "../queue/url.js";
import type { WorkerEvent } from "../queue/worker-events.js";
import { PATIENCE_MS, until } from "./wait.js";

/** The secret the tests' runs use (a queue run needs one); processes get it as NQUEENS_SECRET. */
export const TEST_SECRET = "test-secret-0123456789abcdef";

/** The repository root (processes are started there). */
export const ROOT = new URL("../../", import.meta.url).pathname;

/** A free TCP port on 127.0.0.1 (free when asked; taken by whoever binds it first). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A redis-server this process started. */
export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Stops it (by its pid) and waits until the port is closed. */
  stop(): Promise<void>;
}

function hasRedisServer(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /** `--requirepass`: the URL then carries it. */
  password?: string;
  /** Keep an append-only file in `dir` (restarting in the same folder reloads it). */
  appendOnly?: boolean;
  /** The server's folder; by default a new temporary one, deleted on stop. */
  dir?: string;
}

/** Starts a private redis-server on `port` (default: a free one), by default non-persistent. */
export async function startRedisServer(
  port?: number,
  options: RedisServerOptions = {},
): Promise<OwnRedis> {
  const p = port ?? (await freePort());
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "nqueens-redis-"));
  const pidFile = join(dir, "redis.pid");
  const r = spawnSync(
    "redis-server",
    [
      "--bind",
      "127.0.0.1",
      "--port",
      String(p),
      "--daemonize",
      "yes",
      "--pidfile",
      pidFile,
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      options.appendOnly ? "yes" : "no",
      "--logfile",
      join(dir, "redis.log"),
      ...(options.password ? ["--requirepass", options.password] : []),
    ],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`redis-server did not start: ${r.stderr || r.stdout}`);
  await until(() => existsSync(pidFile), `redis-server's pid file ${pidFile}`);
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : "";
  const url = `redis://${auth}127.0.0.1:${p}`;
  // Wait until it answers (a busy machine may take a while to start it).
  const client = await openRedis(parseQueueUrl(url), { connectSeconds: PATIENCE_MS / 1000 });
  await closeRedis(client);
  return {
    url,
    port: p,
    pid,
    async stop() {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
      // Gone, so that its port is free for a server started after it.
      await until(() => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      }, `redis-server ${pid} to stop`);
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The Redis server for the tests: NQUEENS_TEST_REDIS, or a private one. Resolves to a reason
 * string when there is none to be had.
 */
export async function testRedis(): Promise<
  { url: string; own?: OwnRedis; stop(): Promise<void> } | string
> {
  const given = process.env.NQUEENS_TEST_REDIS;
  if (given) return { url: given, stop: async () => {} };
  if (!hasRedisServer()) {
    return "no Redis for the queue tests: NQUEENS_TEST_REDIS is unset and redis-server is not on the PATH";
  }
  const own = await startRedisServer();
  return { url: own.url, own, stop: () => own.stop() };
}

/** The same server with database `db` (tests use one database each). */
export function withDb(url: string, db: number): string {
  const u = parseQueueUrl(url);
  const auth = u.password
    ? `${encodeURIComponent(u.username ?? "")}:${encodeURIComponent(u.password)}@`
    : "";
  const host = u.host.includes(":") ? `[${u.host}]` : u.host;
  return `${u.tls ? "rediss" : "redis"}://${auth}${host}:${u.port}/${db}`;
}

/** Deletes this program's keys (`nqueens:*`) in the URL's database, and nothing else. */
export async function clearQueueKeys(url: string): Promise<void> {
  const redis = await openRedis(parseQueueUrl(url));
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", "nqueens:*", "COUNT", 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    await closeRedis(redis);
  }
}

/** A child process with its output collected and a way to wait for a line. */
export class Proc {
  readonly child: ChildProcess;
  stdout = "";
  stderr = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly waiters: (() => void)[] = [];

  /** `env` is added to the environment; NQUEENS_SECRET is the tests' secret unless `env` sets it. */
  constructor(args: readonly string[], env: Record<string, string | undefined> = {}) {
    this.child = spawn(process.execPath, ["--import", "tsx", ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1", NQUEENS_SECRET: TEST_SECRET, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      this.stdout += d;
      this.wake();
    });
    this.child.stderr?.setEncoding("utf8").on("data", (d: string) => {
      this.stderr += d;
      this.wake();
    });
    this.exited = new Promise((resolve) =>
      this.child.on("exit", (code, signal) => {
        this.wake();
        resolve({ code, signal });
      }),
    );
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /**
   * Waits until `test` holds (checked on each output), however long that takes; fails when the
   * process ends first, or after PATIENCE_MS (a guard against a hang, not a guess).
   */
  async waitFor(test: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + PATIENCE_MS;
    while (!test()) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        if (test()) return;
        throw new Error(`process ended before ${what}: ${this.stderr.slice(-500)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}: ${this.stderr.slice(-500)}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** Sends a signal unless the process has ended. */
  kill(signal: NodeJS.Signals = "SIGTERM"): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}

/**
 * A worker process (dev/queue-worker.ts) whose events are parsed from its stdout. A `lying` one adds
 * 1 to every count it stores (with valid tags: it holds the secret), as a faulty machine would;
 * `mode` plays another dishonest worker (see dev/queue-worker.ts: `lie-first`, `forge`). With
 * `workerKey` it votes with the worker key of its name, derived from the tests' secret, and
 * is not given the secret.
 */
export class WorkerProc extends Proc {
  constructor(
    url: string,
    readonly name: string,
    threads = 1,
    lockSeconds = 30,
    options: {
      lying?: boolean;
      mode?: string;
      workerKey?: boolean;
      env?: Record<string, string | undefined>;
    } = {},
  ) {
    const args = ["src/dev/queue-worker.ts", url, String(threads), String(lockSeconds), name];
    const mode = options.mode ?? (options.lying ? "lie" : undefined);
    const keyed = options.workerKey
      ? { NQUEENS_SECRET: "", NQUEENS_WORKER_KEY: workerKey(TEST_SECRET, name) }
      : {};
    super(mode ? [...args, mode] : args, { ...keyed, ...options.env });
  }

  get events(): WorkerEvent[] {
    return this.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as WorkerEvent);
  }

  /** Waits for its `ready` event (it has connected and takes jobs). */
  ready(): Promise<void> {
    return this.waitFor(() => this.events.some((e) => e.type === "ready"), `${this.name} ready`);
  }
}

/** The command line run from source: `nqueens ARGS` through src/cli/main.ts. */
export function cli(args: readonly string[], env: Record<string, string | undefined> = {}): Proc {
  const boot =
    'import { main } from "./src/cli/main.ts"; process.exitCode = await main(process.argv.slice(1));';
  return new Proc(["--input-type=module", "-e", boot, "--", ...args], env);
}

/** The Redis server of one test file, and what its tests share. */
export interface QueueTestBed {
  /** Why the queue tests are skipped (no Redis), or false. */
  readonly skip: string | false;
  /** A database of its own for one test, emptied of this program's keys. */
  freshDb(): Promise<string>;
  /** Registers a process to be killed when the file's tests end. */
  spawned<P extends Proc>(p: P): P;
}

/**
 * The tests' Redis server (see {@link testRedis}) for one test file, with a fresh database per
 * test from `firstDb` on (files that may run at once take different ones). Call inside a
 * `describe`: it kills the file's processes and stops a private server afterwards.
 */
export async function queueTestBed(firstDb = 1): Promise<QueueTestBed> {
  const server = await testRedis();
  const children: Proc[] = [];
  after(async () => {
    for (const p of children) p.kill("SIGKILL");
    if (typeof server !== "string") await server.stop();
  });
  let nextDb = firstDb;
  return {
    skip: typeof server === "string" ? server : false,
    async freshDb() {
      if (typeof server === "string") throw new Error(server);
      const url = withDb(server.url, nextDb++);
      await clearQueueKeys(url);
      return url;
    },
    spawned(p) {
      children.push(p);
      return p;
    },
  };
}

/**
 * Kills `victim` with SIGKILL as soon as it starts solving a job, and returns that job's start
 * event. Throws unless the kill landed inside the job (no `done` for it).
 */
export async function killMidJob(
  victim: WorkerProc,
): Promise<Extract<WorkerEvent, { type: "start" }>> {
  await victim.waitFor(
    () => victim.events.some((e) => e.type === "start" && e.todo > 0),
    "the victim's first job",
  );
  victim.kill("SIGKILL");
  const start = victim.events.find((e) => e.type === "start");
  if (start?.type !== "start") throw new Error("no start event");
  if (victim.events.some((e) => e.type === "done" && e.jobId === start.jobId)) {
    throw new Error(`the victim finished ${start.jobId} before the kill`);
  }
  return start;
}

/** The job starts of run `run` (`[jobId, worker, attempt]`), as the workers recorded them. */
export async function jobStarts(url: string, run: string): Promise<string[][]> {
  const redis = await openRedis(parseQueueUrl(url));
  try {
    return (await redis.lrange(runKeys(run).starts, 0, -1)).map((s) => s.split("\t"));
  } finally {
    await closeRedis(redis);
  }
}

/** The key of run `run` on the server at `url` under TEST_SECRET, with its description's nonce. */
export async function storedKey(url: string, run: string): Promise<RunKey> {
  const redis = await openRedis(parseQueueUrl(url));
  try {
    const meta = await readMeta(redis, run);
    if (meta === undefined || meta === "damaged") throw new Error(`no run ${run} to read`);
    return runKey(TEST_SECRET, run, meta.nonce);
  } finally {
    await closeRedis(redis);
  }
}
