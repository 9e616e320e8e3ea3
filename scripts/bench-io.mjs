// Benchmark of the command on big input and output (the BUILT command: run `npm run build:dev` first):
// solve 10^7 to a file, check a board of 10^6 queens, and how soon `list 20 | head -2` returns.
// Whole-process wall time and peak resident memory (VmHWM from /proc, sampled every 20 ms), median
// of R runs. Run by `npm run bench` after the counting table; alone: node scripts/bench-io.mjs [--runs R]

import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtProblem } from "./built.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = join(root, "bin", "nqueens.js");
let runs = 3;
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--runs" && Number.isInteger(Number(argv[i + 1])) && Number(argv[i + 1]) >= 1) {
    runs = Number(argv[++i]);
  } else {
    process.stderr.write(
      `bench-io: unknown argument '${argv[i]}'\nusage: node scripts/bench-io.mjs [--runs R]\n`,
    );
    process.exit(2);
  }
}
const unbuilt = builtProblem(["cli/main.js"]);
if (unbuilt !== undefined) {
  process.stderr.write(`bench-io: ${unbuilt}\n`);
  process.exit(2);
}
const temp = mkdtempSync(join(tmpdir(), "nqueens-bench-io-"));
process.on("exit", () => rmSync(temp, { recursive: true, force: true }));

/** Peak resident kB of a live process, or NaN where /proc is missing. */
function peakKb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Runs `nqueens ...args` with stdin from `input` (a path or null) and stdout to `output` (a path)
 * or to a reader that closes after `keep` lines. Resolves to { seconds, peakMb, code }.
 */
function run(args, { input = null, output = null, keep = 0 } = {}) {
  return new Promise((resolve) => {
    const stdin = input ? openSync(input, "r") : "ignore";
    const stdout = output ? openSync(output, "w") : "pipe";
    const t0 = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { stdio: [stdin, stdout, "ignore"] });
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, peakKb(child.pid) || 0);
    }, 20);
    if (!output) {
      let seen = 0;
      child.stdout.on("data", (d) => {
        seen += d.toString().split("\n").length - 1;
        if (seen >= keep) child.stdout.destroy();
      });
    }
    child.on("close", (code) => {
      clearInterval(timer);
      if (typeof stdin === "number") closeSync(stdin);
      if (typeof stdout === "number") closeSync(stdout);
      resolve({ seconds: (performance.now() - t0) / 1000, peakMb: peak / 1024, code });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const million = join(temp, "million.txt");
await run(["solve", "1000000", "--format", "perm"], { output: million });
const big = join(temp, "big.txt");
const cases = [
  [
    "`solve 10000000 --format perm > FILE`",
    ["solve", "10000000", "--format", "perm"],
    { output: big },
    "<= 2 s, < 600 MB",
  ],
  [
    `\`check\` of a 10^6-queen board (${(statSync(million).size / 1e6).toFixed(1)} MB)`,
    ["check", "-q", million],
    { output: "/dev/null" },
    "<= 2 s",
  ],
  [
    "`list 20 \\| head -2` (until the command exits)",
    ["list", "20"],
    { keep: 2 },
    "well under 1 s",
  ],
  [
    "`trace 15 --limit all \\| head -1`",
    ["trace", "15", "--limit", "all"],
    { keep: 1 },
    "well under 1 s",
  ],
];

process.stdout.write(
  `\nnqueens on big input and output: ${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} cores, ` +
    `Node ${process.version}, median of ${runs} run(s), load average ${loadavg()[0].toFixed(2)} at start\n\n` +
    "| command | seconds | peak memory | target |\n|---|---|---|---|\n",
);
for (const [what, args, io, target] of cases) {
  const times = [];
  const peaks = [];
  for (let r = 0; r < runs; r++) {
    const m = await run(args, io);
    times.push(m.seconds);
    peaks.push(m.peakMb);
  }
  const peak = median(peaks);
  process.stdout.write(
    `| ${what} | ${median(times).toFixed(2)} | ${Number.isFinite(peak) && peak > 0 ? `${Math.round(peak)} MB` : "n/a"} | ${target} |\n`,
  );
}
process.stdout.write(`\nload average ${loadavg()[0].toFixed(2)} at the end\n`);
