// A share of a join count, for counts too long to run whole (n = 22 to 27), counted the way a
// real count counts its tasks, and the whole count's CPU projected from it with an interval
// (src/engine/join/sample.ts chooses the items and projects; this only runs them). On the built
// library: run `npm run build:dev` first.
//
// How: the items and the kernel are made as a count makes them (for n <= 23 that fills the whole
// quadrant table, CPU counted as set-up); items are counted first and not sampled, at least W (8)
// and at least S (1) seconds of CPU (the warm-up: a fresh kernel's first items are several times
// slower, while V8 compiles and the lists' memory is first touched); then G groups of PER items, each spread over the whole split by a
// stride from a random start and counted ascending on the one warm kernel, as a real task is.
// The projection: the start (Node, the modules), the set-up, the warm-up's excess over the warm
// items' pace, and the items' CPU projected from the groups (sample.ts `projectSum`, its 95%
// interval from the groups' spread). One thread: divide by the cores for the wall time of a
// count on idle cores (its tasks are independent).
//
// With --whole (n <= 21), the whole count is run first, on one thread, under GNU time
// (`node bin/nqueens.js count N --method join --workers 1`), its count checked, and its CPU
// printed beside the projection with the error (projected / measured); --measured CPU gives that
// figure from elsewhere instead. CPU seconds depend on the machine's load (its caches are shared):
// compare a projection only with a count measured under the same load. --interleave (n <= 21)
// makes that sure: the whole count runs in this process, task by task on its own kernel as a
// count on one thread does (join/tasks.ts `JoinSolver`), the sample's groups spread among its
// tasks, so that both are measured over the same minutes.
//
// Prints one JSON line. With --record, also appends it to bench/results.jsonl (benchmark
// "projection") and writes BENCHMARKS.md again (scripts/benchmarks.mjs).
//
// Usage: node scripts/join-sample.mjs N PER [--groups G] [--warmup W] [--warmup-s S] [--seed S]
//          [--whole | --interleave | --measured CPU] [--record]
//   node scripts/join-sample.mjs 20 400 --whole   n = 20 whole, then 8 x 400 of its 46,508 items
//   node scripts/join-sample.mjs 24 12            8 x 12 of n = 24's 677,294 items, about 90 s
import { spawnSync } from "node:child_process";
import { appendFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const cpu = (from) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};
const root = fileURLToPath(new URL("../", import.meta.url));
const dist = (path) => `${root}dist/${path}`;
const argv = process.argv.slice(2);

function usage(message) {
  process.stderr.write(
    `join-sample: ${message}\nusage: node scripts/join-sample.mjs N PER [--groups G] [--warmup W] [--warmup-s S] [--seed S] [--whole | --interleave | --measured CPU] [--record]\n`,
  );
  process.exit(2);
}

const { MAX_JOIN_N, MAX_JOIN_ONE_HERE_N } = await import(dist("limits.js"));
const [n, per] = argv.slice(0, 2).map(Number);
if (!Number.isInteger(n) || n < 4 || n > MAX_JOIN_N) usage(`N must be in 4..${MAX_JOIN_N}`);
if (!Number.isInteger(per) || per < 1) usage("PER must be a whole number of at least 1");
let groups = 8;
let warmup = 8;
let warmupS = 1;
let seed = 1;
let whole = false;
let interleave = false;
let measured;
let record = false;
for (let i = 2; i < argv.length; i++) {
  const a = argv[i];
  const value = (min) => {
    const v = Number(argv[++i]);
    if (!Number.isFinite(v) || v < min) usage(`${a} needs a number of at least ${min}`);
    return v;
  };
  if (a === "--groups") groups = value(2);
  else if (a === "--warmup") warmup = value(0);
  else if (a === "--warmup-s") warmupS = value(0);
  else if (a === "--seed") seed = value(0);
  else if (a === "--whole") whole = true;
  else if (a === "--interleave") interleave = true;
  else if (a === "--measured") measured = { cpu: value(0), how: "given (--measured)" };
  else if (a === "--record") record = true;
  else usage(`unknown argument ${a}`);
}
if (!Number.isInteger(groups) || !Number.isInteger(warmup) || !Number.isInteger(seed)) {
  usage("--groups, --warmup and --seed take whole numbers");
}
if ((whole || interleave) && n > MAX_JOIN_ONE_HERE_N) {
  usage(`--whole and --interleave run n <= ${MAX_JOIN_ONE_HERE_N} only`);
}
if (Number(whole) + Number(interleave) + Number(measured !== undefined) > 1) {
  usage("--whole, --interleave and --measured: one of them");
}

const { readSharedJson } = await import(dist("testing/data.js"));
const knownRow = readSharedJson("known-counts.json", "known counts").counts.find((c) => c.n === n);
const known = knownRow ? BigInt(knownRow.total) : undefined;

if (whole) {
  const args = [`${root}bin/nqueens.js`, "count", String(n), "--method", "join", "--workers", "1"];
  const load = loadavg()[0];
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %e %M", process.execPath, ...args], {
    encoding: "utf8",
  });
  const times = r.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  const total = /^total\s+([\d,]+)/m.exec(r.stdout)?.[1]?.replaceAll(",", "");
  if (r.status !== 0 || times.length !== 4 || times.some(Number.isNaN)) {
    process.stderr.write(`join-sample: the whole count failed: ${r.stderr.trim()}\n`);
    process.exit(1);
  }
  if (known !== undefined && total !== String(known)) {
    process.stderr.write(`join-sample: the whole count gave ${total}, not the known ${known}\n`);
    process.exit(1);
  }
  const [user, sys, wall, kb] = times;
  measured = {
    cpu: Number((user + sys).toFixed(2)),
    wall,
    mb: Math.round(kb / 1000),
    how: `GNU time, ${args.slice(1).join(" ")}, before the sample`,
    load: { start: Number(load.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) },
  };
}

const { JoinKernel } = await import(dist("engine/join/kernel.js"));
const { solveItem } = await import(dist("engine/join/solve.js"));
const { joinItems } = await import(dist("engine/join/split.js"));
const { planSample, projectCount, projectSum } = await import(dist("engine/join/sample.js"));

// The start: this process so far (Node, the modules: a count pays them once too).
const loadSample = loadavg()[0];
const start = cpu();
const c0 = process.cpuUsage();
const items = joinItems(n);
const kernel = new JoinKernel(n);
const setup = cpu(c0);
const plan = planSample(items.length, groups, per, seed);
// The warm-up: items counted and not sampled, at least W of them and at least --warmup-s seconds
// of CPU (the first lists' pages, the compiled code), in an order that spreads any first few over
// the whole split (item floor(frac(k x golden ratio) x items) for k = 1, 2, ...), so that their
// pace is the split's.
const c1 = process.cpuUsage();
let warmed = 0;
for (let k = 1; warmed < warmup || cpu(c1) < warmupS; k++) {
  solveItem(kernel, items, Math.floor(((k * 0.6180339887498949) % 1) * items.length));
  warmed++;
}
const warmCpu = cpu(c1);
const sums = [];
const counts = [];
const runGroup = (group) => {
  let count = 0n;
  const a = process.cpuUsage();
  for (const i of group) count += solveItem(kernel, items, i);
  sums.push(cpu(a));
  counts.push(count);
};
if (interleave) {
  // The whole count in this process, task by task as a count on one thread runs them, with the
  // sample's groups spread among its tasks: both under the same load.
  const { JoinSolver } = await import(dist("engine/join/tasks.js"));
  const { joinTaskCount } = await import(dist("engine/join/split.js"));
  const tasks = joinTaskCount(n);
  const solver = new JoinSolver(n);
  const load = loadavg()[0];
  const a = process.cpuUsage();
  void solver.kernel;
  const wholeSetup = cpu(a);
  let wholeCpu = 0;
  let wholeCount = 0n;
  let next = 0;
  for (let t = 0; t < tasks; t++) {
    if (next < groups && t >= (next * tasks) / groups) runGroup(plan.groups[next++]);
    const b = process.cpuUsage();
    wholeCount += BigInt(solver.solve(t).count);
    wholeCpu += cpu(b);
  }
  if (known !== undefined && wholeCount !== known) {
    process.stderr.write(
      `join-sample: the whole count gave ${wholeCount}, not the known ${known}\n`,
    );
    process.exit(1);
  }
  measured = {
    cpu: Number((start + wholeSetup + wholeCpu).toFixed(2)),
    how: "in this process, the sample's groups among its tasks",
    load: { start: Number(load.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) },
  };
} else {
  for (const group of plan.groups) runGroup(group);
}
const proj = projectSum(plan, sums);
// The warm-up's excess over the pace of warm items (a real count pays it once).
const excess = Math.max(0, warmCpu - (proj.estimate * warmed) / items.length);
const fixed = start + setup + excess;
const total = projectCount(plan, counts);
const round = (x, d = 2) => Number(x.toFixed(d));
const projected = fixed + proj.estimate;
const model = cpus()[0]?.model ?? "unknown CPU";
const row = {
  bench: "projection",
  run: new Date().toISOString(),
  command: `node scripts/join-sample.mjs ${argv.filter((a) => a !== "--record").join(" ")}`,
  machine: { cpu: model, cores: availableParallelism(), node: process.version },
  load: { start: round(loadSample), end: round(loadavg()[0]) },
  n,
  items: items.length,
  sampled: groups * per,
  groups,
  perGroup: per,
  warmup: warmed,
  warmupCpuS: round(warmCpu),
  seed,
  table: kernel.tuning.pieces ? "pieces" : "whole",
  startCpuS: round(start),
  setupCpuS: round(setup),
  warmupExcessCpuS: round(excess),
  sampleCpuS: round(sums.reduce((a, b) => a + b, 0)),
  projectedCpuS: round(projected, 1),
  intervalCpuS: [round(fixed + proj.low, 1), round(fixed + proj.high, 1)],
  groupsCpuS: proj.perGroup.map((x) => round(x + fixed, 1)),
  days2: round(projected / 2 / 86400, 4),
  intervalDays2: [
    round((fixed + proj.low) / 2 / 86400, 4),
    round((fixed + proj.high) / 2 / 86400, 4),
  ],
  projectedTotal: String(total),
  knownTotal: known === undefined ? null : String(known),
  totalError: known === undefined ? null : round(Number(total) / Number(known) - 1, 4),
  check: whole ? "whole" : interleave ? "interleave" : measured ? "given" : null,
  measured: measured ?? null,
  error: measured ? round(projected / measured.cpu, 3) : null,
  wasmMB: Math.round(kernel.memory.buffer.byteLength / 1e6),
  rssMB: Math.round(process.memoryUsage().rss / 1e6),
};
const line = `${JSON.stringify(row)}\n`;
process.stdout.write(line);
if (record) {
  appendFileSync(`${root}bench/results.jsonl`, line);
  const r = spawnSync(process.execPath, [`${root}scripts/benchmarks.mjs`], { stdio: "inherit" });
  process.exitCode = r.status ?? 1;
}
