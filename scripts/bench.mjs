// Benchmark of `nqueens count` (the BUILT command: run `npx tsc -p .` first) against the C
// reference ../shared/bench/baseline.c, measured side by side in the same run (alternating, so
// that machine drift hits both alike). Whole-process wall time, median of R runs.
//
// Then, unless --no-io, scripts/bench-io.mjs: solve 10^7, check 10^6 queens, list | head.
//
// Usage: npm run bench -- [LO [HI]] [--runs R] [--workers K] [--no-io]
//   npm run bench                   N = 12..17, 3 runs, every core
//   npm run bench -- 12 18 --runs 5
//   npm run bench -- 17 --workers 1
// Prints a Markdown table: N, total, unique, seconds, solutions/s, baseline seconds, ratio.
// The baseline columns are left out when gcc or baseline.c is missing.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "bin", "nqueens.js");
const source = join(root, "..", "shared", "bench", "baseline.c");

function usage(message) {
  process.stderr.write(
    `bench: ${message}\nusage: npm run bench -- [LO [HI]] [--runs R] [--workers K] [--no-io]\n`,
  );
  process.exit(2);
}

const numbers = [];
let runs = 3;
let workers = availableParallelism();
let io = true;
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
  else if (a === "--no-io") io = false;
  else if (/^\d+$/.test(a)) numbers.push(Number(a));
  else usage(`unknown argument '${a}'`);
}
const lo = numbers[0] ?? 12;
const hi = numbers[1] ?? (numbers.length === 1 ? lo : 17);
if (lo < 1 || hi > 32 || lo > hi) usage(`N must be within 1..32, LO <= HI: got ${lo}..${hi}`);
if (!existsSync(join(root, "dist", "cli", "count.js"))) usage("build first: npx tsc -p .");

// The C reference, when gcc is there.
let baseline;
const temp = mkdtempSync(join(tmpdir(), "nqueens-bench-"));
process.on("exit", () => rmSync(temp, { recursive: true, force: true }));
if (existsSync(source)) {
  const exe = join(temp, "baseline");
  const gcc = spawnSync("gcc", ["-O3", "-march=native", "-o", exe, source], { encoding: "utf8" });
  if (gcc.status === 0) baseline = exe;
  else
    process.stderr.write(
      `bench: no baseline column (gcc: ${gcc.error?.code ?? gcc.stderr.trim()})\n`,
    );
} else {
  process.stderr.write(`bench: no baseline column (${source} not found)\n`);
}

/** Runs a command, returns [wall seconds, stdout]. */
function timed(command, args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 1 << 20 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) {
    process.stderr.write(`bench: ${command} ${args.join(" ")} failed: ${r.stderr || r.error}\n`);
    process.exit(1);
  }
  return [seconds, r.stdout];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, digits = 3) => x.toFixed(digits);

const cpu = cpus()[0]?.model ?? "unknown CPU";
process.stdout.write(
  `nqueens count vs baseline.c: ${cpu}, ${availableParallelism()} cores, Node ${process.version}, ` +
    `--workers ${workers}, median of ${runs} run(s), whole-process wall time, ` +
    `load average ${loadavg()[0].toFixed(2)} at start\n\n`,
);
const header = ["N", "total", "unique", "seconds", "solutions/s"];
if (baseline) header.push("baseline.c s", "ratio");
process.stdout.write(`| ${header.join(" | ")} |\n|${header.map(() => "---|").join("")}\n`);

for (let n = lo; n <= hi; n++) {
  const ours = [];
  const theirs = [];
  const ratios = [];
  let out;
  for (let r = 0; r < runs; r++) {
    let b;
    if (baseline) [b] = timed(baseline, [String(n)]);
    const [s, stdout] = timed(process.execPath, [
      bin,
      "count",
      String(n),
      "--workers",
      String(workers),
      "--json",
    ]);
    out = JSON.parse(stdout);
    ours.push(s);
    if (baseline) {
      theirs.push(b);
      ratios.push(s / b);
    }
  }
  const seconds = median(ours);
  const row = [
    n,
    out.total,
    out.unique,
    fmt(seconds),
    Math.round(Number(out.total) / seconds).toLocaleString("en-US"),
  ];
  if (baseline) row.push(fmt(median(theirs)), fmt(median(ratios)));
  process.stdout.write(`| ${row.join(" | ")} |\n`);
}
process.stdout.write(`\nload average ${loadavg()[0].toFixed(2)} at the end\n`);
if (io) {
  const r = spawnSync(
    process.execPath,
    [join(root, "scripts", "bench-io.mjs"), "--runs", String(runs)],
    {
      stdio: "inherit",
    },
  );
  process.exitCode = r.status ?? 1;
}
