// npm run bench:floor: `nqueens complete` beside the floor, ../shared/bench/ed-dfs.c (plain
// bitmask backtracking, row by row, no propagation, no ordering, no symmetry), on a fixed set
// of Excluded Diagonals instances (`nqueens generate diagonals N --seed S`, d = round(0.9 n)).
// Per instance: the answer, each program's CPU seconds (user + sys, from /usr/bin/time, the
// process and its children), and the ratio nqueens / floor (below 1: nqueens wins). Each run
// has a time limit (`timeout`); a run that reaches it is shown as "> limit", never dropped. An
// answer the two programs disagree on fails the run (exit 1). Measure in CPU seconds: wall
// time on a shared machine is the load, not the search.
//
//   node scripts/bench-floor.mjs                      the fixed set: n = 22..26, seeds 1..5
//   node scripts/bench-floor.mjs --only 25/4,25/5,24/1   the instances named (n/seed)
//   options: --n 22-26  --seeds 1-5  --limit S (per run, default 300)  --floor-only
//            --json FILE (the raw results with the machine, the date and the command)
// Build first (npm run bench:floor does): it runs bin/nqueens.js.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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
  return {
    set,
    limit: Number(get("--limit", "300")),
    json: get("--json"),
    floorOnly: a.includes("--floor-only"),
  };
}

/**
 * Runs a command under /usr/bin/time and `timeout`: its CPU seconds (user + sys of the command
 * and its children), its exit status and stdout, or `timedOut`.
 */
function timed(command, limit) {
  const r = spawnSync(
    "/usr/bin/time",
    ["-f", "cpu %U %S", "timeout", "-s", "KILL", String(limit), ...command],
    { encoding: "utf8", maxBuffer: 1 << 26 },
  );
  const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (!m) throw new Error(`no timing from /usr/bin/time: ${r.stderr.slice(-400)}`);
  const cpu = Number(m[1]) + Number(m[2]);
  const timedOut = /Command terminated by signal 9|Command exited with non-zero status 137/.test(
    r.stderr,
  );
  const status = /non-zero status (\d+)/.exec(r.stderr);
  return { cpu, timedOut, status: status ? Number(status[1]) : 0, stdout: r.stdout };
}

/** yes / no from an exit status (0 yes, 1 no), or undefined for anything else. */
const answer = (run) =>
  run.timedOut ? undefined : run.status === 0 ? "yes" : run.status === 1 ? "no" : undefined;

function main() {
  const opt = args();
  const dir = mkdtempSync(join(tmpdir(), "nqueens-floor-"));
  const [l1, l5] = loadavg();
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}`;
  console.log(
    `bench:floor: ${machine}, load average ${l1.toFixed(2)} (1 min) ${l5.toFixed(2)} (5 min) at the start; limit ${opt.limit} s per run; CPU seconds (user + sys)\n`,
  );
  console.log("| instance | answer | nqueens | floor (ed-dfs.c) | nqueens / floor |");
  console.log("|---|---|---|---|---|");
  const results = [];
  let disagreements = 0;
  const instance = (n, seed) => {
    const file = join(dir, `ed-${n}-${seed}.json`);
    const gen = spawnSync(
      process.execPath,
      [bin, "generate", "diagonals", String(n), "--seed", String(seed), "--json", "-q"],
      { encoding: "utf8" },
    );
    if (gen.status !== 0) throw new Error(`generate failed: ${gen.stderr}`);
    writeFileSync(file, gen.stdout);
    return file;
  };
  try {
    // ed-dfs.sh compiles the floor on its first run: on a small instance, outside every time.
    spawnSync("bash", [floorScript, instance(8, 1)], { stdio: "ignore" });
    for (const [n, seed] of opt.set) {
      const file = instance(n, seed);
      const ours = opt.floorOnly
        ? undefined
        : timed([process.execPath, bin, "complete", "-q", "--format", "perm", file], opt.limit);
      const floor = timed(["bash", floorScript, file], opt.limit);
      const a = ours && answer(ours);
      const b = answer(floor);
      if (a && b && a !== b) {
        disagreements++;
        console.log(`DISAGREEMENT on n = ${n} seed ${seed}: nqueens ${a}, floor ${b}`);
      }
      const show = (run) =>
        run === undefined ? "-" : run.timedOut ? `> ${opt.limit} s` : `${run.cpu.toFixed(2)} s`;
      const ratio =
        ours && !ours.timedOut && !floor.timedOut
          ? (ours.cpu / Math.max(floor.cpu, 0.01)).toFixed(3)
          : ours?.timedOut && !floor.timedOut
            ? `> ${(opt.limit / Math.max(floor.cpu, 0.01)).toFixed(3)}`
            : !ours?.timedOut && floor.timedOut && ours
              ? `< ${(ours.cpu / opt.limit).toFixed(3)}`
              : "-";
      console.log(
        `| ${n} seed ${seed} | ${a ?? b ?? "?"} | ${show(ours)} | ${show(floor)} | ${ratio} |`,
      );
      results.push({
        n,
        seed,
        answer: a ?? b,
        nqueens: ours && { cpu: ours.cpu, timedOut: ours.timedOut },
        floor: { cpu: floor.cpu, timedOut: floor.timedOut },
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (opt.json) {
    const command = `node scripts/bench-floor.mjs ${process.argv.slice(2).join(" ")}`.trim();
    const raw = { machine, date: new Date().toISOString(), command, limit: opt.limit, results };
    writeFileSync(opt.json, `${JSON.stringify(raw, null, 1)}\n`);
  }
  if (disagreements > 0) {
    console.log(`${disagreements} disagreement(s)`);
    process.exitCode = 1;
  }
}

main();
