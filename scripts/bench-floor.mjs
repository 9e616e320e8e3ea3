// npm run bench:floor: `nqueens complete` beside the floor, ../shared/bench/ed-dfs.c (plain
// bitmask backtracking, row by row, no propagation, no ordering, no symmetry), and beside
// CaDiCaL (a SAT solver, when `cadical` is installed) on a fixed set of Excluded Diagonals
// instances (`nqueens generate diagonals N --seed S`, d = round(0.9 n)). Per instance: the
// answer, each program's CPU seconds (user + sys, from /usr/bin/time, the process, its threads
// and its children) and nqueens' wall seconds, and the ratio nqueens / floor (below 1: nqueens
// wins). Each run has a time limit (`timeout`); a run that reaches it is shown as "> limit",
// never dropped. An answer two programs disagree on, or a "yes" board of nqueens' that is not
// a completion, fails the run (exit 1). Measure in CPU seconds: wall time on a shared machine
// is the load, not the search.
//
// nqueens runs alone (`nqueens complete -q FILE`, as users run it: every core from n = 22); then
// the floor and CaDiCaL, one thread each, side by side (their CPU seconds are theirs; only the
// wall clock is shared). Node's own start-up is measured beside each nqueens run: `node -e 0`
// just before it, under the same /usr/bin/time; and nqueens' CPU after Node has started, in
// process: a module given to node with --import (a data: URL, a few lines) reads
// process.cpuUsage() before nqueens loads and again at exit (the process's threads included) and
// writes the difference on stderr (nqueens' modules, its search, its threads and its output). CaDiCaL gets its own CNF, written here from the instance's JSON (not by
// nqueens): a variable per square on no excluded diagonal; each row and each column exactly one
// queen (a clause for at least one, every pair for at most one); every diagonal and
// anti-diagonal at most one (every pair). `cadical -q` says 10 (satisfiable) or 20 (not).
//
// Each instance's row is appended to bench/results.jsonl as it is measured (bench "floor"), and
// BENCHMARKS.md is written again at the end (scripts/benchmarks.mjs); --no-record leaves both.
//
//   node scripts/bench-floor.mjs                      the fixed set: n = 22..26, seeds 1..5
//   node scripts/bench-floor.mjs --only 25/4,25/5,24/1   the instances named (n/seed)
//   options: --n 22-26  --seeds 1-5  --limit S (nqueens' limit per run, default 300)
//            --floor-limit S (the floor's and CaDiCaL's, default --limit)  --floor-only
//            --cadical-limit S (CaDiCaL's alone, default --floor-limit)
//            --cadical / --no-cadical (default: when `cadical` is on the PATH)  --no-record
//            --json FILE (the raw results with the machine, the date and the command)
// Build first (npm run bench:floor does): it runs bin/nqueens.js.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { timed } from "./timed-run.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "bin/nqueens.js");
const floorScript = join(root, "../shared/bench/ed-dfs.sh");

function args() {
  const a = process.argv.slice(2);
  const get = (name, fallback) => {
    const i = a.indexOf(name);
    return i >= 0 ? a[i + 1] : fallback;
  };
  const range = (text) => {
    const [lo, hi] = text.split("-").map(Number);
    return Array.from({ length: (hi ?? lo) - lo + 1 }, (_, k) => lo + k);
  };
  const only = get("--only");
  const set = only
    ? only.split(",").map((p) => p.split("/").map(Number))
    : range(get("--n", "22-26")).flatMap((n) => range(get("--seeds", "1-5")).map((s) => [n, s]));
  const limit = Number(get("--limit", "300"));
  return {
    set,
    limit,
    floorLimit: Number(get("--floor-limit", String(limit))),
    cadicalLimit: Number(get("--cadical-limit", get("--floor-limit", String(limit)))),
    json: get("--json"),
    floorOnly: a.includes("--floor-only"),
    cadical: a.includes("--no-cadical") ? "no" : a.includes("--cadical") ? "yes" : "auto",
    record: !a.includes("--no-record"),
  };
}

/** `timed` (timed-run.mjs), with nqueens' own CPU after Node's start where it printed it. */
async function timedOwn(command, limit) {
  const run = await timed(command, limit);
  const own = /^nqueens-own-cpu ([\d.e-]+)$/m.exec(run.stderr);
  return { ...run, after: own ? Number(own[1]) : null };
}

/** `{ cpuWhenStopped }` for a run stopped at its limit: the CPU seconds it had used by then. */
const stopped = (run) => (run.timedOut ? { cpuWhenStopped: Number(run.cpu.toFixed(2)) } : {});

/** yes / no from an exit status (`yes` for a yes, `no` for a no), or null for anything else. */
const answer = (run, yes, no) =>
  run.timedOut ? null : run.status === yes ? "yes" : run.status === no ? "no" : null;

/** The instance's open squares: on no excluded sum r + c and no excluded difference r - c + n - 1. */
function openSquares(instance) {
  const { n } = instance;
  const sums = new Set(instance.excluded?.sums ?? []);
  const diffs = new Set(instance.excluded?.differences ?? []);
  return (r, c) => !sums.has(r + c) && !diffs.has(r - c + n - 1);
}

/**
 * The instance as DIMACS CNF, written here from its JSON: a variable per open square, each row
 * and each column exactly one queen, each diagonal and anti-diagonal at most one.
 */
export function cnf(instance) {
  const { n } = instance;
  const open = openSquares(instance);
  const v = new Map();
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (open(r, c)) v.set(r * n + c, v.size + 1);
  const clauses = [];
  const atMostOne = (xs) => {
    for (let i = 0; i < xs.length; i++)
      for (let j = i + 1; j < xs.length; j++) clauses.push(`-${xs[i]} -${xs[j]} 0`);
  };
  const line = (cells) => cells.map(([r, c]) => v.get(r * n + c)).filter((x) => x !== undefined);
  const idx = [...Array(n).keys()];
  for (let k = 0; k < n; k++) {
    for (const xs of [line(idx.map((c) => [k, c])), line(idx.map((r) => [r, k]))]) {
      clauses.push(`${xs.join(" ")} 0`.trimStart());
      atMostOne(xs);
    }
  }
  for (let d = 0; d <= 2 * n - 2; d++) {
    atMostOne(line(idx.filter((r) => d - r >= 0 && d - r < n).map((r) => [r, d - r])));
    const e = d - (n - 1);
    atMostOne(line(idx.filter((r) => r - e >= 0 && r - e < n).map((r) => [r, r - e])));
  }
  return `p cnf ${v.size} ${clauses.length}\n${clauses.join("\n")}\n`;
}

/** Whether nqueens' printed board (dots: Q a queen) is a completion of the instance. */
export function validYes(instance, stdout) {
  const { n } = instance;
  const rows = stdout
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter((cells) => cells.length === n);
  if (rows.length !== n) return false;
  const cols = rows.map((cells) => cells.indexOf("Q"));
  if (rows.some((cells) => cells.filter((x) => x === "Q").length !== 1)) return false;
  const open = openSquares(instance);
  const seen = (f) => new Set(cols.map((c, r) => f(r, c))).size === n;
  return (
    cols.every((c, r) => open(r, c)) &&
    seen((_, c) => c) &&
    seen((r, c) => r + c) &&
    seen((r, c) => r - c)
  );
}

/**
 * What node runs before nqueens with --import (its source, as a data: URL, so that nothing is
 * written to disk): process.cpuUsage() now, once Node has started, and at exit, the difference
 * written on stderr.
 */
function afterStart() {
  const t = process.cpuUsage();
  process.on("exit", () => {
    const u = process.cpuUsage(t);
    process.stderr.write(`\nnqueens-own-cpu ${(u.user + u.system) / 1e6}\n`);
  });
}
const AFTER_START = `data:text/javascript,${encodeURIComponent(`(${afterStart})()`)}`;

const hasCadical = () => spawnSync("sh", ["-c", "command -v cadical"]).status === 0;

async function main() {
  const opt = args();
  const dir = mkdtempSync(join(tmpdir(), "nqueens-floor-"));
  const model = cpus()[0]?.model.trim() ?? "unknown CPU";
  const machine = { cpu: model, cores: availableParallelism(), node: process.version };
  const runId = new Date().toISOString();
  const command = `node scripts/bench-floor.mjs ${process.argv.slice(2).join(" ")}`.trim();
  const useCadical = opt.cadical === "yes" || (opt.cadical === "auto" && hasCadical());
  if (opt.cadical === "yes" && !hasCadical()) throw new Error("--cadical: no cadical on the PATH");
  const [l1, l5] = loadavg();
  console.log(
    `bench:floor: ${machine.cores} cores (${model}), Node ${process.version}, load average ${l1.toFixed(2)} (1 min) ${l5.toFixed(2)} (5 min) at the start; limit ${opt.limit} s for nqueens, ${opt.floorLimit} s for the floor${useCadical ? `, ${opt.cadicalLimit} s for CaDiCaL` : ""}; CPU seconds (user + sys)`,
  );
  if (!useCadical) console.log("(CaDiCaL not run: no `cadical` on the PATH, or --no-cadical)");
  console.log(
    "\n| instance | answer | nqueens CPU | after Node's start | node -e 0 | nqueens wall | floor (ed-dfs.c) | nqueens / floor | CaDiCaL |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  const results = [];
  let failures = 0;
  const instance = (n, seed) => {
    const file = join(dir, `ed-${n}-${seed}.json`);
    const gen = spawnSync(
      process.execPath,
      [bin, "generate", "diagonals", String(n), "--seed", String(seed), "--json", "-q"],
      { encoding: "utf8" },
    );
    if (gen.status !== 0) throw new Error(`generate failed: ${gen.stderr}`);
    writeFileSync(file, gen.stdout);
    return { file, json: JSON.parse(gen.stdout) };
  };
  const fail = (text) => {
    failures++;
    console.log(text);
  };
  try {
    // ed-dfs.sh compiles the floor on its first run: on a small instance, outside every time.
    spawnSync("bash", [floorScript, instance(8, 1).file], { stdio: "ignore" });
    for (const [n, seed] of opt.set) {
      const loadStart = loadavg()[0];
      const { file, json } = instance(n, seed);
      const node = opt.floorOnly ? undefined : await timed([process.execPath, "-e", "0"], 60);
      const ours = opt.floorOnly
        ? undefined
        : await timedOwn(
            [process.execPath, "--import", AFTER_START, bin, "complete", "-q", file],
            opt.limit,
          );
      let cnfFile;
      if (useCadical) {
        cnfFile = join(dir, `ed-${n}-${seed}.cnf`);
        writeFileSync(cnfFile, cnf(json));
      }
      const [floor, sat] = await Promise.all([
        timed(["bash", floorScript, file], opt.floorLimit),
        cnfFile ? timed(["cadical", "-q", cnfFile], opt.cadicalLimit) : undefined,
      ]);
      const a = ours && answer(ours, 0, 1);
      const b = answer(floor, 0, 1);
      const c = sat && answer(sat, 10, 20);
      const named = `n = ${n} seed ${seed}`;
      if (a && b && a !== b) fail(`DISAGREEMENT on ${named}: nqueens ${a}, floor ${b}`);
      if (a && c && a !== c) fail(`DISAGREEMENT on ${named}: nqueens ${a}, CaDiCaL ${c}`);
      if (b && c && b !== c) fail(`DISAGREEMENT on ${named}: floor ${b}, CaDiCaL ${c}`);
      if (a === "yes" && !validYes(json, ours.stdout)) fail(`NOT A COMPLETION on ${named}`);
      const show = (run, limit) =>
        run === undefined
          ? "-"
          : run.timedOut
            ? `> ${limit} s wall (${run.cpu.toFixed(2)} s CPU)`
            : `${run.cpu.toFixed(2)} s`;
      const ratio =
        ours && !ours.timedOut && !floor.timedOut
          ? (ours.cpu / Math.max(floor.cpu, 0.01)).toFixed(3)
          : ours?.timedOut && !floor.timedOut
            ? `> ${(ours.cpu / Math.max(floor.cpu, 0.01)).toFixed(3)}`
            : ours && !ours.timedOut && floor.timedOut
              ? `< ${(ours.cpu / Math.max(floor.cpu, 0.01)).toFixed(3)}`
              : "-";
      const after = ours?.after == null ? "-" : `${ours.after.toFixed(2)} s`;
      console.log(
        `| ${n} seed ${seed} | ${a ?? b ?? c ?? "?"} | ${show(ours, opt.limit)} | ${after} | ${show(node, 60)} | ${ours ? `${ours.wall.toFixed(2)} s` : "-"} | ${show(floor, opt.floorLimit)} | ${ratio} | ${show(sat, opt.cadicalLimit)} |`,
      );
      const r2 = (x) => Number(x.toFixed(2));
      const row = {
        bench: "floor",
        run: runId,
        command,
        machine,
        load: { start: r2(loadStart), end: r2(loadavg()[0]) },
        n,
        seed,
        answer: a ?? b ?? c ?? null,
        nqueens: ours
          ? {
              answer: a,
              cpu: r2(ours.cpu),
              wall: r2(ours.wall),
              // CPU after Node's start (in process), and `node -e 0`'s just before.
              afterStart: ours.after === null ? null : r2(ours.after),
              nodeStart: node.timedOut ? null : r2(node.cpu),
            }
          : null,
        // A run stopped at its limit (wall clock): null, and the CPU it had used by then, which
        // on a loaded machine is well below the limit.
        floor: { answer: b, cpu: floor.timedOut ? null : r2(floor.cpu), ...stopped(floor) },
        cadical: sat
          ? { answer: c, cpu: sat.timedOut ? null : r2(sat.cpu), ...stopped(sat) }
          : null,
        limits: {
          nqueens: opt.limit,
          floor: opt.floorLimit,
          cadical: sat ? opt.cadicalLimit : null,
        },
      };
      results.push(row);
      if (opt.record) {
        mkdirSync(join(root, "bench"), { recursive: true });
        appendFileSync(join(root, "bench", "results.jsonl"), `${JSON.stringify(row)}\n`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (opt.json) {
    const raw = { machine, date: runId, command, limit: opt.limit, results };
    writeFileSync(opt.json, `${JSON.stringify(raw, null, 1)}\n`);
  }
  if (opt.record && results.length > 0)
    spawnSync(process.execPath, [join(root, "scripts", "benchmarks.mjs")], { stdio: "inherit" });
  if (failures > 0) {
    console.log(`${failures} failure(s): disagreements or a board that is not a completion`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
