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

test("the hard completions' tables: per instance and per n, each n from its latest run", () => {
  const row = (run: string, n: number, seed: number, o: object) => ({
    bench: "floor",
    run,
    command: `node scripts/bench-floor.mjs --run ${run}`,
    machine,
    load: { start: 1.5, end: 2.5 },
    n,
    seed,
    limits: { nqueens: 300, floor: 300, cadical: 120 },
    ...o,
  });
  const yes = (cpu: number, wall: number) => ({ answer: "yes", cpu, wall });
  const text = render([
    row("R0", 22, 1, { answer: "yes", nqueens: yes(99, 99), floor: { answer: "yes", cpu: 99 } }),
    row("R1", 22, 1, {
      answer: "yes",
      nqueens: yes(0.5, 0.4),
      floor: { answer: "yes", cpu: 2 },
      cadical: { answer: "yes", cpu: 3 },
    }),
    row("R1", 22, 2, {
      answer: "no",
      nqueens: { answer: "no", cpu: 4, wall: 2.5 },
      floor: { answer: null, cpu: null },
      cadical: { answer: null, cpu: null },
    }),
    row("R1", 22, 3, {
      answer: null,
      nqueens: { answer: null, cpu: 590, wall: 300 },
      floor: { answer: "no", cpu: 100 },
      cadical: { answer: "no", cpu: 50 },
    }),
    row("R2", 27, 1, {
      answer: "yes",
      nqueens: yes(6, 3.5),
      floor: { answer: "yes", cpu: 3 },
      cadical: null,
      limits: { nqueens: 600, floor: 120, cadical: null },
    }),
    row("R2", 27, 2, {
      answer: "no",
      nqueens: { answer: "no", cpu: 40, wall: 30, nodeStart: 0.1, afterStart: 39.5 },
      floor: { answer: null, cpu: null, cpuWhenStopped: 80 },
      cadical: null,
      limits: { nqueens: 600, floor: 120, cadical: null },
    }),
  ]);
  // per instance: 0.5 / 2 = 0.25; 4 / (floor past 300, its CPU then unknown) < 0.013 (wall);
  // 590 / 100 > 5.9; 40 / (the floor stopped after 80 CPU-s) < 0.5, Node's start beside
  assert.match(
    text,
    /\| 22\/1 \| yes \| 0\.50 \| - \| - \| 0\.40 \| 2\.00 \| 0\.250 \| 3\.00 \| yes \|/,
  );
  assert.match(
    text,
    /\| 22\/2 \| no \| 4\.00 \| - \| - \| 2\.50 \| > 300 \| < 0\.013 \(wall\) \| > 120 \| - \|/,
  );
  assert.match(
    text,
    /\| 22\/3 \| \? \| > 300 \| - \| - \| 300\.00 \| 100\.00 \| > 5\.900 \| 50\.00 \| no \|/,
  );
  assert.match(text, /\| 27\/1 \| yes \| 6\.00 \| - \| - \| 3\.50 \| 3\.00 \| 2\.000 \| - \| - \|/);
  assert.match(
    text,
    /\| 27\/2 \| no \| 40\.00 \| 39\.50 \| 0\.10 \| 30\.00 \| > 120 wall \(80\.00 CPU\) \| < 0\.500 \| - \| - \|/,
  );
  // per n: 2 of 3 decided, medians 4 (CPU) and 2.5 (wall), max past the limit; the floor 2 of 3
  assert.match(
    text,
    /\| 22 \| 2 of 3 \| 4\.00 \| > 300 \| 2\.50 \| > 300 \| 2 of 3 \| 100\.00 \| 2 of 3 \| 50\.00 \|/,
  );
  assert.match(
    text,
    /\| 27 \| 2 of 2 \| 23\.00 \| 40\.00 \| 16\.75 \| 30\.00 \| 1 of 2 \| > 120 \| - \| - \|/,
  );
  assert.match(text, /- 22\/1-3: run R1 .*Command: `node scripts\/bench-floor\.mjs --run R1`/);
  assert.match(text, /- 27\/1-2: run R2 .*CaDiCaL not run/);
  assert.ok(!text.includes("99.00"), "an older run of n = 22 is not shown");
});

test("the projections: for each N and way of checking, the latest row, on two cores", () => {
  const row = (run: string, n: number, o: object) => ({
    bench: "projection",
    run,
    command: `node scripts/join-sample.mjs ${n} 10`,
    machine,
    load: { start: 1.5, end: 2.5 },
    n,
    items: 677294,
    groups: 8,
    perGroup: 12,
    projectedTotal: "227514171973736",
    totalError: 0.0125,
    check: null,
    measured: null,
    error: null,
    ...o,
  });
  const text = render([
    row("R0", 24, { projectedCpuS: 999999, intervalCpuS: [1, 2] }),
    row("R1", 24, { projectedCpuS: 518400, intervalCpuS: [432000, 604800] }),
    row("R1", 20, {
      items: 46508,
      projectedCpuS: 88.2,
      intervalCpuS: [84, 92.4],
      totalError: -0.003,
      check: "interleave",
      measured: { cpu: 84, how: "in this process", load: { start: 2, end: 3 } },
      error: 1.05,
    }),
  ]);
  // 518,400 CPU-s / 2 / 86,400 = 3 days; 432,000 and 604,800: 2.5 and 3.5 days
  assert.match(
    text,
    /\| 24 \| 677,294 \| 8 x 12 \| 518,400 \| 432,000 to 604,800 \| 3\.00 days \| 2\.50 days to 3\.50 days \| 2\.2751e\+14 \| \+1\.25% \| - \| - \| - \| 1\.5 to 2\.5 \|/,
  );
  // 88.2 / 2 = 44.1 s; the error as given
  assert.match(
    text,
    /\| 20 \| 46,508 \| 8 x 12 \| 88\.2 \| 84\.0 to 92\.4 \| 44\.1 s \| 42\.0 s to 46\.2 s \| .* \| -0\.30% \| 84\.0 \| whole count interleaved \| 1\.050 \|/,
  );
  assert.match(text, /## Projections for large N[\s\S]*\| 20 \|[\s\S]*\| 24 \|/);
  assert.ok(!text.includes("999,999"), "an older row of the same N and check is not shown");
});

test("the certificates' table: each instance's latest row, certify / decide and MB/s", () => {
  const row = (run: string, n: number, seed: number, o: object) => ({
    bench: "certificate",
    run,
    command: `node scripts/bench-certify.mjs --run ${run}`,
    machine,
    load: { start: 3, end: 4 },
    n,
    seed,
    answer: "no",
    bytes: 8_000_000,
    decide: { cpu: 2, wall: 5 },
    certify: { cpu: 3, wall: 6 },
    check: { cpu: 4, wall: 9 },
    accepted: true,
    limit: 900,
    ...o,
  });
  const text = render([
    row("R0", 22, 2, { bytes: 99 }),
    row("R1", 22, 2, {}),
    row("R1", 27, 3, { decide: null, certify: { cpu: null, wall: 900 }, check: null, bytes: null }),
    row("R2", 22, 1, { answer: "yes", bytes: 170, accepted: false }),
  ]);
  // 3 / 2 = 1.5; 8 MB / 4 s = 2 MB/s
  assert.match(
    text,
    /\| 22\/2 \| no \| 8,000,000 \| 2\.00 \| 3\.00 \| 1\.50 \| 6\.00 \| 4\.00 \| 9\.00 \| 2\.00 \| yes \| 3\.00 to 4\.00 \|/,
  );
  assert.match(text, /\| 27\/3 \| no \| - \| - \| > 900 \| - \| 900\.00 \| - \| - \| - \| yes \|/);
  assert.match(text, /\| 22\/1 \| yes \| 170 \| .* \| no \|/);
  assert.ok(text.indexOf("| 22/1 |") < text.indexOf("| 22/2 |"), "instances in order");
  assert.ok(!text.includes("| 99 |"), "an older row of 22/2 is not shown");
  assert.match(
    text,
    /- 22\/2, 27\/3: run R1 .*Command: `node scripts\/bench-certify\.mjs --run R1`/,
  );
});

test("BENCHMARKS.md is what bench/results.jsonl gives (node scripts/benchmarks.mjs --check)", () => {
  const r = spawnSync(process.execPath, [`${ROOT}scripts/benchmarks.mjs`, "--check"], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
});
