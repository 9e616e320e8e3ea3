// Benchmark of `nqueens count` (the BUILT command: run `npm run build:dev` first): both CPU methods,
// the join of half-boards and the constellation search, and the C reference
// ../shared/bench/baseline.c, side by side in the same run (alternating, so that machine drift
// hits all alike). Whole process: wall time, CPU time (user + system) and peak memory (max
// resident set, from GNU time when /usr/bin/time is there), median of R runs; every count is
// checked (total and unique; exit 1 on a mismatch) against known-counts.json in the project's
// shared data (../shared/data, or $NQUEENS_SHARED_DATA: src/testing/data.ts).
//
// A method whose time at N, estimated from its time at N-1 (x8 per step), would pass
// --max-seconds (default 600) is skipped at N and beyond, and says so: by default the
// constellation search stops after N = 19 (about 35 minutes at 20) and baseline.c after 18
// (about 25 minutes at 19); --max-seconds 3600 runs them too (about an hour more).
//
// Then, unless --no-io, scripts/bench-io.mjs: solve 10^7, check 10^6 queens, list | head; and
// unless --no-startup, scripts/bench-startup.mjs: the start-up table (node -e 0, --version, --help,
// count 8, 12 and 14: CPU seconds and peak MB, each against node -e 0 in the same rounds), with
// --memory also the join's peak memory per N, n = 16..20 on one thread and on two (about ten
// minutes on two idle cores).
// --startup-only runs the start-up table (and --memory's) alone.
//
// Usage: npm run bench -- [LO [HI]] [--runs R] [--workers K] [--methods LIST] [--max-seconds S]
//   [--no-io] [--no-startup] [--startup-only] [--memory]
//   npm run bench                          N = 16..20; 3 runs up to N = 17, 1 beyond; every core
//   npm run bench -- 12 18 --runs 5
//   npm run bench -- 20 --methods join     one method (join, constellations, baseline)
// Each row, every sample kept, is appended to bench/results.jsonl with the run, the command, the
// machine and the load, and BENCHMARKS.md is written again from it (scripts/benchmarks.mjs);
// --no-record leaves both alone.
// Prints a Markdown table per N with each method's seconds, CPU seconds, MB and ratio to the join.

import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fmt, median } from "./benchmarks.mjs";
import { builtProblem } from "./built.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "bin", "nqueens.js");
const source = join(root, "..", "shared", "bench", "baseline.c");
const METHODS = ["join", "constellations", "baseline"];

function usage(message) {
  process.stderr.write(
    `bench: ${message}\nusage: npm run bench -- [LO [HI]] [--runs R] [--workers K] [--methods ${METHODS.join(",")}] [--max-seconds S] [--no-io] [--no-startup] [--startup-only] [--memory] [--no-record]\n`,
  );
  process.exit(2);
}

const numbers = [];
let runs;
let workers = availableParallelism();
let io = true;
let methods = METHODS;
let maxSeconds = 600;
let startup = true;
let record = true; // append the rows to bench/results.jsonl and write BENCHMARKS.md again
let startupOnly = false;
let memory = false;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => {
    const v = Number(argv[++i]);
    if (!Number.isInteger(v) || v < 1)
      usage(`${a} needs a whole number of at least 1: got ${argv[i]}`);
    return v;
  };
  if (a === "--runs") runs = value();
  else if (a === "--workers") workers = value();
  else if (a === "--max-seconds") maxSeconds = value();
  else if (a === "--no-io") io = false;
  else if (a === "--no-startup") startup = false;
  else if (a === "--no-record") record = false;
  else if (a === "--startup-only") startupOnly = true;
  else if (a === "--memory") memory = true;
  else if (a === "--methods") {
    methods = (argv[++i] ?? "").split(",");
    for (const m of methods) if (!METHODS.includes(m)) usage(`unknown method '${m}'`);
  } else if (/^\d+$/.test(a)) numbers.push(Number(a));
  else usage(`unknown argument '${a}'`);
}
const lo = numbers[0] ?? 16;
const hi = numbers[1] ?? (numbers.length === 1 ? lo : 20);
if (lo < 1 || hi > 25 || lo > hi) usage(`N must be within 1..25, LO <= HI: got ${lo}..${hi}`);
const unbuilt = builtProblem(["cli/count.js", "testing/data.js"]);
if (unbuilt !== undefined) usage(unbuilt);
// Up to this n the join counts on the calling thread whatever --workers says (the command
// notes that it did not use it): there the join runs as a user types it, `count N --method
// join`, which the command's fast start answers (cli/quick-count.ts).
const { MAX_JOIN_INLINE_N } = await import("../dist/limits.js");

/** scripts/bench-startup.mjs: the start-up table, and with --memory the join's memory. */
function benchStartup() {
  const args = [join(root, "scripts", "bench-startup.mjs")];
  if (runs !== undefined) args.push("--runs", String(Math.max(runs, 9)));
  if (memory) args.push("--memory");
  if (!startup && !startupOnly) args.push("--no-startup");
  if (!record) args.push("--no-record");
  return spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1;
}
if (startupOnly) {
  process.exitCode = benchStartup();
  process.exit();
}

const { readSharedJson } = await import(new URL("../dist/testing/data.js", import.meta.url));
const known = new Map(
  readSharedJson("known-counts.json", "known counts").counts.map((c) => [c.n, [c.total, c.unique]]),
);

const temp = mkdtempSync(join(tmpdir(), "nqueens-bench-"));
process.on("exit", () => rmSync(temp, { recursive: true, force: true }));

// The C reference, when gcc is there.
let baseline;
if (methods.includes("baseline")) {
  if (existsSync(source)) {
    const exe = join(temp, "baseline");
    const gcc = spawnSync("gcc", ["-O3", "-march=native", "-o", exe, source], {
      encoding: "utf8",
    });
    if (gcc.status === 0) baseline = exe;
    else
      process.stderr.write(`bench: no baseline (gcc: ${gcc.error?.code ?? gcc.stderr.trim()})\n`);
  } else {
    process.stderr.write(`bench: no baseline (${source} not found)\n`);
  }
  if (!baseline) methods = methods.filter((m) => m !== "baseline");
}

// GNU time gives CPU seconds and the peak resident set of the whole process.
const gnuTime =
  existsSync("/usr/bin/time") &&
  spawnSync("/usr/bin/time", ["-f", "%e", "true"], { encoding: "utf8" }).status === 0
    ? "/usr/bin/time"
    : undefined;
if (!gnuTime) process.stderr.write("bench: no /usr/bin/time: CPU time and memory left out\n");

/** Runs a command: wall seconds, CPU seconds, peak MB (NaN without GNU time), stdout. */
function timed(command, args) {
  const stats = join(temp, "time.txt");
  const [cmd, full] = gnuTime
    ? [gnuTime, ["-f", "%U %S %M", "-o", stats, command, ...args]]
    : [command, args];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, full, { encoding: "utf8", maxBuffer: 1 << 20 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) {
    process.stderr.write(`bench: ${command} ${args.join(" ")} failed: ${r.stderr || r.error}\n`);
    process.exit(1);
  }
  let cpu = Number.NaN;
  let mb = Number.NaN;
  if (gnuTime) {
    const [user, system, kb] = readFileSync(stats, "utf8").trim().split("\n").at(-1).split(" ");
    cpu = Number(user) + Number(system);
    mb = Number(kb) / 1024;
  }
  return { wall, cpu, mb, stdout: r.stdout };
}

/** One run of a method at n: the measures and the counts it printed. */
function run(method, n) {
  if (method === "baseline") {
    const t = timed(baseline, [String(n)]);
    return { ...t, total: t.stdout.trim().split(/\s+/)[1], unique: undefined };
  }
  const args = [bin, "count", String(n), "--method", method];
  if (method !== "join" || n > MAX_JOIN_INLINE_N) args.push("--workers", String(workers));
  const t = timed(process.execPath, [...args, "--backend", "cpu", "--json", "--no-progress"]);
  const out = JSON.parse(t.stdout);
  return { ...t, total: out.total, unique: out.unique };
}

const model = cpus()[0]?.model ?? "unknown CPU";
process.stdout.write(
  `nqueens count, both methods, vs baseline.c: ${model}, ${availableParallelism()} cores, ` +
    `Node ${process.version}, --workers ${workers}, whole process, median of ${runs ?? "3 (N <= 17) or 1"} ` +
    `run(s), load average ${loadavg()[0].toFixed(2)} at start\n\n`,
);
const header = ["N", "total", "unique", "known"];
for (const m of methods) header.push(`${m} s`, `${m} CPU s`, `${m} MB`);
for (const m of methods) if (m !== "join" && methods.includes("join")) header.push(`${m} / join`);
process.stdout.write(`| ${header.join(" | ")} |\n|${header.map(() => "---|").join("")}\n`);

const last = new Map(); // method -> seconds at the previous N
let kluev; // the join's and baseline.c's CPU seconds at N = 16
const skipped = new Set();
let failed = false;
// The raw rows for bench/results.jsonl: one per N and method, every sample kept.
const rows = [];
const runId = new Date().toISOString();
const loadStart = loadavg()[0];
for (let n = lo; n <= hi; n++) {
  const times = runs ?? (n <= 17 ? 3 : 1);
  const samples = new Map(methods.map((m) => [m, []]));
  const notes = [];
  let total;
  let unique;
  const active = methods.filter((m) => {
    if (skipped.has(m)) return false;
    const estimate = (last.get(m) ?? 0) * 8;
    if (estimate > maxSeconds) {
      skipped.add(m);
      notes.push(
        `${m} skipped from N = ${n} (about ${Math.round(estimate)} s > --max-seconds ${maxSeconds})`,
      );
      return false;
    }
    return true;
  });
  for (let r = 0; r < times; r++) {
    for (const m of active) {
      const s = run(m, n);
      samples.get(m).push(s);
      total ??= s.total;
      if (s.unique !== undefined) unique ??= s.unique;
      if (
        s.total !== total ||
        (s.unique !== undefined && unique !== undefined && s.unique !== unique)
      ) {
        notes.push(`MISMATCH at N = ${n}: ${m} printed ${s.total} / ${s.unique}`);
        failed = true;
      }
    }
  }
  const [kt, ku] = known.get(n) ?? [];
  let verdict = "-";
  if (kt !== undefined && total !== undefined) {
    verdict = total === kt && (unique === undefined || unique === ku) ? "yes" : "NO";
    if (verdict === "NO") failed = true;
  }
  const row = [n, total ?? "-", unique ?? "-", verdict];
  const wall = new Map();
  for (const m of methods) {
    const xs = samples.get(m);
    if (xs.length === 0) {
      row.push("-", "-", "-");
      continue;
    }
    const w = median(xs.map((x) => x.wall));
    wall.set(m, w);
    last.set(m, w);
    row.push(fmt(w), fmt(median(xs.map((x) => x.cpu))), fmt(median(xs.map((x) => x.mb)), 0));
  }
  for (const m of methods) {
    if (m === "join" || !methods.includes("join")) continue;
    row.push(wall.has(m) && wall.has("join") ? fmt(wall.get(m) / wall.get("join")) : "-");
  }
  process.stdout.write(`| ${row.join(" | ")} |\n`);
  for (const m of methods) {
    const xs = samples.get(m);
    if (xs.length === 0) continue;
    rows.push({
      n,
      method: m,
      total: xs[0].total,
      unique: xs[0].unique,
      known: verdict,
      wall: xs.map((x) => Number(x.wall.toFixed(4))),
      cpu: xs.map((x) => Number(x.cpu.toFixed(2))),
      mb: xs.map((x) => Number(x.mb.toFixed(1))),
    });
  }
  for (const note of notes) process.stderr.write(`bench: ${note}\n`);
  const cpu = (m) => median(samples.get(m)?.map((x) => x.cpu) ?? []);
  if (n === 16 && samples.get("join")?.length && samples.get("baseline")?.length) {
    kluev = { join: cpu("join"), baseline: cpu("baseline") };
  }
}
// E. Kluev's C++ join takes 0.065 to 0.074 of baseline.c's CPU at N = 16 (measured side by
// side on this project's machine), so baseline.c in the same run stands in for it: the target is
// the join at most 0.07 times baseline.c's CPU.
if (kluev && gnuTime) {
  process.stdout.write(
    `\nN = 16: the join's CPU ${fmt(kluev.join)} s against baseline.c's ${fmt(kluev.baseline)} s: ` +
      `${fmt(kluev.join / kluev.baseline, 3)} of it (target 0.07; Kluev's C++ join 0.065 to 0.074)\n`,
  );
}
process.stdout.write(`\nload average ${loadavg()[0].toFixed(2)} at the end\n`);
if (record && rows.length > 0 && !failed) {
  const machine = { cpu: model, cores: availableParallelism(), node: process.version };
  const command = `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim();
  const load = { start: Number(loadStart.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) };
  const lines = rows.map((r) =>
    JSON.stringify({ bench: "count", run: runId, command, machine, workers, load, ...r }),
  );
  mkdirSync(join(root, "bench"), { recursive: true });
  appendFileSync(join(root, "bench", "results.jsonl"), `${lines.join("\n")}\n`);
  spawnSync(process.execPath, [join(root, "scripts", "benchmarks.mjs")], { stdio: "inherit" });
}
if (failed) {
  process.stderr.write("bench: a count did not match the known counts\n");
  process.exitCode = 1;
}
if (io) {
  const r = spawnSync(
    process.execPath,
    [join(root, "scripts", "bench-io.mjs"), "--runs", String(runs ?? 3)],
    { stdio: "inherit" },
  );
  if (!failed) process.exitCode = r.status ?? 1;
}
if (startup || memory) {
  const status = benchStartup();
  if (!failed && status !== 0) process.exitCode = status;
}
