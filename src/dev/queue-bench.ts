/**
 * The queue's overhead: a count through Redis with K local worker processes (one solver thread
 * each) against the engine alone on K threads (`count` by the constellations, what
 * `nqueens count N --method constellations --workers K` runs), same machine, alternating, and the
 * median of the repetitions.
 *
 *   npx tsc -p . && node dist/dev/queue-bench.js [N,N..] [K,K..] [reps] [redis-url]
 *   (defaults: 17,18  1,2,4  3  a private redis-server on a free port)
 *
 * Times are wall seconds of the library call: `count` (threads started inside) and
 * `runCoordinator` with the workers already started and idle (they are long-lived daemons);
 * the coordinator's default half-second polling is included. CPU seconds (user + system) are
 * measured too, as they suffer less than wall time on a machine that others share: the
 * engine's process; for the queue the workers (from /proc, counted from when they are ready),
 * the coordinator, and the private redis-server. Run from the build: the engine's threads need
 * .js files.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { count } from "../engine/index.js";
import { forgetRun } from "../queue/admin.js";
import { runCoordinator } from "../queue/coordinator.js";
import { startRedisServer } from "../testing/redis.js";

const [nsText = "17,18", ksText = "1,2,4", repsText = "3", given] = process.argv.slice(2);
const ns = nsText.split(",").map(Number);
const ks = ksText.split(",").map(Number);
const reps = Number(repsText);
const own = given ? undefined : await startRedisServer();
const url = given ?? own?.url ?? "";
const here = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
const workerMain = new URL(`./queue-worker${here}`, import.meta.url).pathname;
// The runs' secret, for the coordinator and the workers (a fresh one unless NQUEENS_SECRET is set).
const secret = process.env.NQUEENS_SECRET || randomBytes(16).toString("hex");

function startWorkers(k: number): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: k }, (_, i) => {
      const child = spawn(
        process.execPath,
        [...process.execArgv, workerMain, url, "1", "30", `bench${i}`],
        { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NQUEENS_SECRET: secret } },
      );
      return new Promise<ChildProcess>((resolve, reject) => {
        let out = "";
        child.stdout?.setEncoding("utf8").on("data", (d: string) => {
          out += d;
          if (out.includes('"type":"ready"')) resolve(child);
        });
        child.on("exit", (code) => reject(new Error(`worker exited ${code}`)));
      });
    }),
  );
}

async function stopWorkers(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
        }),
    ),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU seconds (user + system) a process has used so far, from /proc (Linux), or 0. */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function ownCpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

const rows: string[] = [];
const pct = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)}%`;
try {
  for (const n of ns) {
    for (const k of ks) {
      const alone: number[] = [];
      const queued: number[] = [];
      const aloneCpu: number[] = [];
      const queuedCpu: number[] = [];
      for (let rep = 0; rep < reps; rep++) {
        let cpu = ownCpu();
        const e = await count(n, { method: "constellations", workers: k });
        aloneCpu.push(ownCpu() - cpu);
        alone.push(e.seconds);
        const workers = await startWorkers(k);
        const run = `bench-q${n}-k${k}-${rep}-${process.pid}`;
        const before = workers.map((w) => cpuOf(w.pid));
        const redisBefore = cpuOf(own?.pid);
        cpu = ownCpu();
        const started = performance.now();
        const q = await runCoordinator(n, url, { run, secret });
        queued.push((performance.now() - started) / 1000);
        const used =
          ownCpu() -
          cpu +
          workers.reduce((sum, w, i) => sum + cpuOf(w.pid) - before[i], 0) +
          cpuOf(own?.pid) -
          redisBefore;
        queuedCpu.push(used);
        await stopWorkers(workers);
        await forgetRun(url, run);
        if (q.total !== e.total) throw new Error(`n=${n}: queue ${q.total} != engine ${e.total}`);
        process.stderr.write(
          `n=${n} k=${k} rep ${rep + 1}: engine ${e.seconds.toFixed(2)} s (cpu ${aloneCpu.at(-1)?.toFixed(2)}), queue ${queued.at(-1)?.toFixed(2)} s (cpu ${used.toFixed(2)})\n`,
        );
      }
      const [a, b, ac, bc] = [alone, queued, aloneCpu, queuedCpu].map(median);
      rows.push(
        `| ${n} | ${k} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${pct(a, b)} | ${ac.toFixed(2)} | ${bc.toFixed(2)} | ${pct(ac, bc)} |`,
      );
    }
  }
} finally {
  await own?.stop();
}
process.stdout.write(
  `| N | K | engine wall s | queue wall s | wall overhead | engine CPU s | queue CPU s | CPU overhead |\n|---|---|---|---|---|---|---|---|\n${rows.join("\n")}\n`,
);
