// Benchmark of the command's start-up and of the join's memory (issue 37, items 1 and 4), on the
// BUILT command (run `npm run build:dev` first).
//
// Start-up: `node -e 0`, `nqueens --version`, `--help` and `count 8`, `count 12`, `count 14`,
// one after the other in each of R rounds (interleaved, so that the load of a shared machine hits
// all alike); CPU seconds (user + system, to the millisecond, from bash's `time`) and peak resident
// memory from GNU time (`/usr/bin/time -f %M`), medians, and each command's excess over
// `node -e 0` measured in the same rounds. Targets: a count of n <= 14 within 0.04 CPU-s and
// 10 MB of `node -e 0`. Take R >= 9 for medians that mean something on a shared machine.
//
// With --memory, also the join's peak memory per N: `count N --workers 1` and `--workers 2` for
// each N of --memory-n (default 16,17,18,19,20; targets: 50 MB at n = 19 on one thread, 140 MB
// at n = 20 on two), M runs each (--memory-runs, default 1: n = 20 takes about a minute and a
// half of wall time on two idle cores, each way), beside `node -e 0`'s peak. Memory does not
// depend on the machine's load; time does.
//
// Every count is checked against known-counts.json in the shared data (src/testing/data.ts):
// exit 1 on a mismatch.
//
// Each table's rows, every sample kept, are appended to bench/results.jsonl (benchmarks "startup"
// and "memory") and BENCHMARKS.md is written again from it (scripts/benchmarks.mjs); --no-record
// leaves both alone.
//
// Usage: node scripts/bench-startup.mjs [--runs R] [--memory] [--memory-runs M] [--memory-n LIST]
//   [--no-startup] [--no-record]
//   (npm run bench runs it after the counting table; `npm run bench -- --startup-only` alone)

import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtProblem } from "./built.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "bin", "nqueens.js");

function usage(message) {
  process.stderr.write(
    `bench-startup: ${message}\nusage: node scripts/bench-startup.mjs [--runs R] [--memory] [--memory-runs M] [--memory-n LIST] [--no-startup] [--no-record]\n`,
  );
  process.exit(2);
}

let runs = 9;
let memoryRuns = 1;
let memory = false;
let startup = true;
let record = true;
let memoryNs = [16, 17, 18, 19, 20];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => {
    const v = Number(argv[++i]);
    if (!Number.isInteger(v) || v < 1) usage(`${a} needs a whole number of at least 1`);
    return v;
  };
  if (a === "--runs") runs = value();
  else if (a === "--memory-runs") memoryRuns = value();
  else if (a === "--memory") memory = true;
  else if (a === "--memory-n") {
    memoryNs = (argv[++i] ?? "").split(",").map(Number);
    if (!memoryNs.every((n) => Number.isInteger(n) && n >= 14 && n <= 23)) {
      usage("--memory-n needs a list of board sizes from 14 to 23: 17,18,19");
    }
  } else if (a === "--no-startup") startup = false;
  else if (a === "--no-record") record = false;
  else usage(`unknown argument '${a}'`);
}
const unbuilt = builtProblem(["cli/main.js", "testing/data.js"]);
if (unbuilt !== undefined) usage(unbuilt);
if (!existsSync("/usr/bin/time") || spawnSync("/usr/bin/time", ["-f", "%e", "true"]).status !== 0) {
  usage("needs GNU time (/usr/bin/time) for CPU seconds and peak memory");
}

const { readSharedJson } = await import(new URL("../dist/testing/data.js", import.meta.url));
const known = new Map(
  readSharedJson("known-counts.json", "known counts").counts.map((c) => [c.n, c]),
);

const temp = mkdtempSync(join(tmpdir(), "nqueens-bench-startup-"));
process.on("exit", () => rmSync(temp, { recursive: true, force: true }));

/**
 * Bash's `time` keyword around GNU time: bash gives CPU to the millisecond (GNU time's %U and %S
 * are hundredths, too coarse for differences of a few milliseconds), GNU time the peak memory.
 * Bash's figure includes GNU time's own CPU (about a millisecond), the same for every command,
 * so the differences from `node -e 0` do not see it.
 */
const TIMED =
  'TIMEFORMAT="%3U %3S"; { time /usr/bin/time -f %M -o "$0" "$@" 2>&3; } 3>&2 2>"$0.cpu"';

/** Runs a command: CPU seconds (to the millisecond), peak MB, wall seconds, stdout. */
function timed(args) {
  const stats = join(temp, "time.txt");
  const t0 = process.hrtime.bigint();
  const r = spawnSync("bash", ["-c", TIMED, stats, process.execPath, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) {
    process.stderr.write(`bench-startup: node ${args.join(" ")} failed: ${r.stderr || r.error}\n`);
    process.exit(1);
  }
  const kb = readFileSync(stats, "utf8").trim().split("\n").at(-1);
  const [user, system] = readFileSync(`${stats}.cpu`, "utf8").trim().split("\n").at(-1).split(" ");
  return { cpu: Number(user) + Number(system), mb: Number(kb) / 1024, wall, stdout: r.stdout };
}

let failed = false;
/** Checks a count's output (plain `total` / `unique` lines, or --json) against the known counts. */
function check(n, stdout) {
  const k = known.get(n);
  let total;
  let unique;
  if (stdout.trimStart().startsWith("{")) ({ total, unique } = JSON.parse(stdout));
  else {
    total = /^total\s+(\d+)/m.exec(stdout)?.[1];
    unique = /^unique\s+(\d+)/m.exec(stdout)?.[1];
  }
  const ok = k !== undefined && total === k.total && (unique === undefined || unique === k.unique);
  if (!ok) {
    failed = true;
    process.stderr.write(`bench-startup: MISMATCH at n = ${n}: printed ${total} / ${unique}\n`);
  }
  return ok ? "yes" : "NO";
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, digits = 2) => (Number.isNaN(x) ? "-" : x.toFixed(digits));
const signed = (x, digits) => `${x >= 0 ? "+" : ""}${fmt(x, digits)}`;

const model = cpus()[0]?.model ?? "unknown CPU";
const where = `${model}, ${availableParallelism()} cores, Node ${process.version}`;
const runId = new Date().toISOString();
const command = `node scripts/bench-startup.mjs ${argv.join(" ")}`.trim();
/** Rows to append to bench/results.jsonl, each with the run, the command, the machine. */
const recorded = [];
const keep = (bench, load, row) =>
  recorded.push({
    bench,
    run: runId,
    command,
    machine: { cpu: model, cores: availableParallelism(), node: process.version },
    load: { start: Number(load.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) },
    ...row,
  });
const round = (xs, digits) => xs.map((x) => Number(x.toFixed(digits)));

if (startup) {
  const COMMANDS = [
    { label: "node -e 0", args: ["-e", "0"] },
    { label: "nqueens --version", args: [bin, "--version"] },
    { label: "nqueens --help", args: [bin, "--help"] },
    { label: "nqueens count 8", args: [bin, "count", "8"], n: 8 },
    { label: "nqueens count 12", args: [bin, "count", "12"], n: 12 },
    { label: "nqueens count 14", args: [bin, "count", "14"], n: 14 },
  ];
  const samples = COMMANDS.map(() => []);
  const verdicts = COMMANDS.map(() => "-");
  const load = loadavg()[0];
  for (let r = 0; r < runs; r++) {
    COMMANDS.forEach((c, i) => {
      const t = timed(c.args);
      samples[i].push(t);
      if (c.n !== undefined && verdicts[i] !== "NO") verdicts[i] = check(c.n, t.stdout);
    });
  }
  process.stdout.write(
    `\nStart-up: ${where}, whole process (CPU from bash's time, memory from GNU time), median of ${runs} interleaved rounds, ` +
      `load average ${load.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at the end\n\n` +
      "| command | CPU s | over node -e 0 | x node -e 0 | peak MB | over node -e 0 | counts known |\n" +
      "|---|---|---|---|---|---|---|\n",
  );
  const base = {
    cpu: median(samples[0].map((s) => s.cpu)),
    mb: median(samples[0].map((s) => s.mb)),
  };
  COMMANDS.forEach((c, i) => {
    const cpu = median(samples[i].map((s) => s.cpu));
    const mb = median(samples[i].map((s) => s.mb));
    // The excess as the median of each round's difference: the rounds share the load.
    const over = median(samples[i].map((s, r) => s.cpu - samples[0][r].cpu));
    const overMb = median(samples[i].map((s, r) => s.mb - samples[0][r].mb));
    process.stdout.write(
      `| ${c.label} | ${fmt(cpu, 3)} | ${signed(over, 3)} | ${fmt(cpu / base.cpu)} | ${fmt(mb, 1)} | ${signed(overMb, 1)} | ${verdicts[i]} |\n`,
    );
    keep("startup", load, {
      clock: "bash",
      label: c.label,
      known: verdicts[i],
      cpu: round(
        samples[i].map((s) => s.cpu),
        3,
      ),
      mb: round(
        samples[i].map((s) => s.mb),
        1,
      ),
      overCpu: round(
        samples[i].map((s, r) => s.cpu - samples[0][r].cpu),
        3,
      ),
      overMb: round(
        samples[i].map((s, r) => s.mb - samples[0][r].mb),
        1,
      ),
    });
  });
}

if (memory) {
  /** The targets of issue 37: peak MB of a count of n on this many threads. */
  const TARGETS = new Map([
    ["19:1", 50],
    ["20:2", 140],
  ]);
  const load = loadavg()[0];
  const base = median(Array.from({ length: 3 }, () => timed(["-e", "0"]).mb));
  const rows = [];
  for (const n of memoryNs) {
    for (const workers of [1, 2]) {
      const xs = [];
      let verdict = "-";
      for (let r = 0; r < memoryRuns; r++) {
        const args = [bin, "count", String(n), "--workers", String(workers)];
        const t = timed([...args, "--backend", "cpu", "--json", "--no-progress"]);
        xs.push(t);
        if (verdict !== "NO") verdict = check(n, t.stdout);
      }
      const mb = median(xs.map((x) => x.mb));
      keep("memory", load, {
        n,
        workers,
        target: TARGETS.get(`${n}:${workers}`) ?? null,
        known: verdict,
        baseMb: Number(base.toFixed(1)),
        mb: round(
          xs.map((x) => x.mb),
          1,
        ),
        cpu: round(
          xs.map((x) => x.cpu),
          2,
        ),
        wall: round(
          xs.map((x) => x.wall),
          2,
        ),
      });
      rows.push(
        `| ${n} | ${workers} | ${fmt(mb, 0)} | ${signed(mb - base, 0)} | ${TARGETS.get(`${n}:${workers}`) ?? "-"} | ` +
          `${fmt(median(xs.map((x) => x.cpu)))} | ${fmt(median(xs.map((x) => x.wall)))} | ${verdict} |\n`,
      );
    }
  }
  process.stdout.write(
    `\nThe join's memory per N: ${where}, whole process (CPU from bash's time, memory from GNU time), \`count N --workers K\`, ` +
      `median of ${memoryRuns} run(s), load average ${load.toFixed(2)} at start, ` +
      `${loadavg()[0].toFixed(2)} at the end; \`node -e 0\` ${fmt(base, 1)} MB\n\n` +
      "| N | threads | peak MB | over node -e 0 | target MB | CPU s | wall s | counts known |\n" +
      "|---|---|---|---|---|---|---|---|\n" +
      rows.join(""),
  );
}
if (failed) process.exitCode = 1;
else if (record && recorded.length > 0) {
  mkdirSync(join(root, "bench"), { recursive: true });
  const lines = recorded.map((r) => JSON.stringify(r));
  appendFileSync(join(root, "bench", "results.jsonl"), `${lines.join("\n")}\n`);
  spawnSync(process.execPath, [join(root, "scripts", "benchmarks.mjs")], { stdio: "inherit" });
}
