// BENCHMARKS.md is written from bench/results.jsonl by scripts/benchmarks.mjs: its table shows each
// row's medians of the samples kept (worked out here), the latest run only, with its machine,
// load and command; and the file in the repository is what the results give.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { ROOT } from "../testing/run-cli.js";

const { render } = (await import(`${ROOT}scripts/benchmarks.mjs`)) as {
  render: (rows: object[]) => string;
};

const machine = { cpu: "Test CPU", cores: 2, node: "v20.0.0" };
const row = (run: string, method: string, wall: number[], cpu: number[]) => ({
  bench: "count",
  run,
  command: "npm run bench -- 8",
  machine,
  workers: 2,
  load: { start: 1, end: 2 },
  n: 8,
  method,
  total: "92",
  unique: "12",
  known: "yes",
  wall,
  cpu,
  mb: [50, 52, 51],
});

test("the table shows the latest run's medians, and the ratio of CPU to the join's", () => {
  const text = render([
    row("2026-01-01T00:00:00Z", "join", [9, 9, 9], [9, 9, 9]),
    row("2026-02-02T00:00:00Z", "join", [0.3, 0.1, 0.2], [0.4, 0.2, 0.6]),
    row("2026-02-02T00:00:00Z", "baseline", [1, 3, 2], [2, 4, 3]),
  ]);
  // medians: join wall 0.2, CPU 0.4, MB 51; baseline wall 2, CPU 3; 3 / 0.4 = 7.5
  assert.match(
    text,
    /\| 8 \| 92 \| 12 \| yes \| 0\.20 \| 0\.40 \| 51 \| 2\.00 \| 3\.00 \| 51 \| 7\.50 \|/,
  );
  assert.match(text, /Run 2026-02-02T00:00:00Z on Test CPU, 2 cores, Node v20\.0\.0/);
  assert.ok(!text.includes("9.00"), "an older run's figures are not shown");
});

test("the start-up and memory tables show each command's medians against node -e 0", () => {
  const common = {
    run: "2026-03-03T00:00:00Z",
    command: "node scripts/bench-startup.mjs",
    machine,
  };
  const load = { start: 1, end: 1 };
  const text = render([
    {
      bench: "startup",
      ...common,
      load,
      label: "node -e 0",
      known: "-",
      cpu: [0.1, 0.05, 0.06],
      mb: [40, 40, 40],
      overCpu: [0, 0, 0],
      overMb: [0, 0, 0],
    },
    {
      bench: "startup",
      ...common,
      load,
      label: "nqueens count 8",
      known: "yes",
      cpu: [0.09, 0.08, 0.2],
      mb: [44, 45, 46],
      overCpu: [-0.01, 0.03, 0.14],
      overMb: [4, 5, 6],
    },
    {
      bench: "memory",
      ...common,
      load,
      n: 19,
      workers: 1,
      target: 50,
      known: "yes",
      baseMb: 40,
      mb: [84.4],
      cpu: [22.5],
      wall: [23.1],
    },
  ]);
  // count 8: CPU median 0.09, over +0.03 (the median of the rounds' differences), 45 MB, +5
  assert.match(text, /\| nqueens count 8 \| 0\.090 \| \+0\.030 \| 45\.0 \| \+5\.0 \| yes \|/);
  assert.match(text, /\| 19 \| 1 \| 84 \| \+44 \| 50 \| 22\.50 \| 23\.10 \| yes \|/);
  assert.match(text, /## Start-up[\s\S]*## The join's memory per N/);
});

test("BENCHMARKS.md is what bench/results.jsonl gives (node scripts/benchmarks.mjs --check)", () => {
  const r = spawnSync(process.execPath, [`${ROOT}scripts/benchmarks.mjs`, "--check"], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
});
