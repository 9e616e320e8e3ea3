// A fixed share of a join count, for counts too long to run whole (n = 23 to 27): K items spread
// evenly over n's join items (by stride, so each stretch of the split is in the sample), counted
// one after the other on this thread by the built library (run `npx tsc -p .` first). Prints one
// JSON line: the CPU seconds per item and their mean, the whole count's CPU projected from it
// (mean x items: divide by the cores for the wall time on idle cores), the count projected the
// same way (compare it with the known total: how fair the sample is), and memory.
//
// Usage: node scripts/join-sample.mjs N K [whole|pieces]
//   node scripts/join-sample.mjs 24 96       96 of n = 24's 677,294 items, about 80 s
import { fileURLToPath } from "node:url";

const dist = (path) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
const { MAX_JOIN_N } = await import(dist("limits.js"));
const [n, k] = process.argv.slice(2, 4).map(Number);
const mode = process.argv[4];
if (!Number.isInteger(n) || n < 4 || n > MAX_JOIN_N || !Number.isInteger(k) || k < 1) {
  process.stderr.write(
    `usage: node scripts/join-sample.mjs N K [whole|pieces] (4 <= N <= ${MAX_JOIN_N})\n`,
  );
  process.exit(2);
}
const { JoinKernel } = await import(dist("engine/join/kernel.js"));
const { solveItem } = await import(dist("engine/join/solve.js"));
const { joinItems } = await import(dist("engine/join/split.js"));

const cpu = (from) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1e6;
};
const c0 = process.cpuUsage();
const items = joinItems(n);
const kernel = new JoinKernel(n, mode ? { pieces: mode === "pieces" } : {});
const setup = cpu(c0);
const per = [];
let sum = 0n;
for (let j = 0; j < k; j++) {
  const i = Math.floor(((j + 0.5) * items.length) / k);
  const a = process.cpuUsage();
  sum += solveItem(kernel, items, i);
  per.push(cpu(a));
}
const mean = per.reduce((x, y) => x + y, 0) / k;
const round = (x, d = 3) => Number(x.toFixed(d));
process.stdout.write(
  `${JSON.stringify({
    n,
    table: kernel.tuning.pieces ? "pieces" : "whole",
    items: items.length,
    sampled: k,
    setupCpuS: round(setup, 2),
    meanItemCpuS: round(mean),
    projectedCpuS: Math.round(mean * items.length),
    projectedTotal: String((sum * BigInt(items.length)) / BigInt(k)),
    wasmMB: Math.round(kernel.memory.buffer.byteLength / 1e6),
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
    perItemCpuS: per.map((x) => round(x)),
  })}\n`,
);
