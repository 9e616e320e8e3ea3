// Brute force against backtracking (race.ts and the library's brute-variants.ts) without a
// browser: the three ways' counts against numbers computed here from their definitions, every
// placement tested for small N (the known solution counts), a sample for large N, and the
// table's and the summary's words in both languages.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BRUTE_VARIANTS, bruteVariantCount, sampleBruteVariant } from "../../teach/index.js";
import { setLang } from "../i18n/index.js";
import type { BruteMeasure } from "../protocol.js";
import { initialRace, type RaceState, raceAt, raceRows, raceSummary } from "./race.js";

/** n^n, n! and C(n*n, n), each from its definition (the binomial by Pascal's rule). */
function expected(n: number): Record<string, bigint> {
  let fact = 1n;
  for (let i = 1; i <= n; i++) fact *= BigInt(i);
  const pascal: bigint[] = [1n];
  for (let row = 1; row <= n * n; row++) {
    for (let k = Math.min(row, n); k >= 1; k--) pascal[k] = (pascal[k] ?? 0n) + pascal[k - 1]!;
  }
  let power = 1n;
  for (let i = 0; i < n; i++) power *= BigInt(n);
  return { "per-row": power, permutations: fact, squares: pascal[n]! };
}

/** Solutions for N = 1..8 (OEIS A000170). */
const SOLUTIONS = [1, 0, 0, 2, 10, 4, 40, 92];

describe("brute force's three ways", () => {
  test("the counts for N = 8 are the tutorials' numbers", () => {
    assert.equal(bruteVariantCount("per-row", 8), 16_777_216n);
    assert.equal(bruteVariantCount("permutations", 8), 40_320n);
    assert.equal(bruteVariantCount("squares", 8), 4_426_165_368n);
  });

  test("the counts for N = 1..20 are n^n, n! and C(n*n, n)", () => {
    for (let n = 1; n <= 20; n++) {
      const want = expected(n);
      for (const v of BRUTE_VARIANTS) assert.equal(bruteVariantCount(v, n), want[v], `${v} ${n}`);
    }
  });

  test("every placement tested for small N: each way finds every solution", () => {
    for (let n = 1; n <= 5; n++) {
      for (const v of BRUTE_VARIANTS) {
        const s = sampleBruteVariant(v, n, { seconds: 600 });
        assert.equal(s.complete, true, `${v} ${n}`);
        assert.equal(BigInt(s.tested), expected(n)[v], `${v} ${n} tested`);
        assert.equal(s.solutions, SOLUTIONS[n - 1], `${v} ${n} solutions`);
      }
    }
    // Permutations at N = 8: all 40,320, and the 92 solutions.
    const p = sampleBruteVariant("permutations", 8, { seconds: 600 });
    assert.deepEqual([p.complete, p.tested, p.solutions], [true, 40_320, 92]);
  });

  test("a sample where the whole run is too long: an estimate, said to be one", () => {
    // 4.4 billion placements cannot all be tested in 10 ms on any machine.
    const s = sampleBruteVariant("squares", 8, { seconds: 0.01 });
    assert.equal(s.complete, false);
    assert.equal(s.solutions, undefined);
    assert.ok(s.tested > 0 && BigInt(s.tested) < s.placements);
    assert.ok(s.totalSeconds > s.seconds);
  });
});

describe("the table and the summary", () => {
  const measure = (variant: BruteMeasure["variant"], complete: boolean): BruteMeasure => ({
    variant,
    placements: String(bruteVariantCount(variant, 8)),
    tested: complete ? Number(bruteVariantCount(variant, 8)) : 1_000_000,
    seconds: 0.2,
    complete,
    solutions: complete ? 92 : undefined,
    totalSeconds: complete ? 0.004 : 90,
  });
  const race: RaceState = {
    ...initialRace(),
    n: 8,
    measures: [measure("squares", false), measure("per-row", false), measure("permutations", true)],
    backtrack: { nodes: 2057, seconds: 0.0001 },
  };
  // 4,426,165,368 / 2,057 = 2,151,757.6; 16,777,216 / 2,057 = 8,156.2; 40,320 / 2,057 = 19.6.
  test("N = 8 in English", () => {
    const rows = raceRows(race);
    assert.deepEqual(
      rows.map((r) => [r.key, r.count, r.ratio]),
      [
        ["squares", "4,426,165,368", "2,151,757 times its nodes"],
        ["per-row", "16,777,216", "8,156 times its nodes"],
        ["permutations", "40,320", "19.6 times its nodes"],
        ["backtrack", "2,057 nodes", ""],
      ],
    );
    assert.match(rows[0]!.time, /^about 1\.5 min, estimated from 1,000,000 tested$/);
    assert.match(rows[2]!.time, /, all tested$/);
    assert.equal(
      raceSummary(race),
      "At N = 8, backtracking with pruning visits 2,057 nodes: 2,151,757 times fewer steps than brute force on any squares, 8,156 times fewer steps than brute force with one queen per row and 19.6 times fewer steps than brute force on permutations.",
    );
  });

  test("the tutorials' words in Japanese: 総当たり, 枝刈り, バックトラック", () => {
    try {
      setLang("ja");
      const rows = raceRows(race);
      assert.match(rows[0]!.name, /^総当たり: 64マスから8マスを選ぶ C\(64, 8\)$/);
      assert.match(rows[1]!.name, /^総当たり: 各行に1個 8\^8$/);
      assert.match(rows[3]!.name, /^枝刈りをするバックトラック/);
      assert.match(raceSummary(race), /枝刈りをするバックトラックが調べるのは2,057ノード/);
      assert.match(raceSummary(race), /マスを選ぶ総当たりより2,151,757分の1の手順/);
    } finally {
      setLang("en");
    }
  });

  test("the race at the measured speeds: who has finished, and how far the others got", () => {
    // At 0.05 s: backtracking (0.1 ms) and permutations (4 ms) are done; one per row (90 s
    // here) has tested 0.05 / 90 of its 16,777,216 placements.
    const lanes = raceAt(race, 0.05);
    assert.deepEqual(
      lanes.map((l) => [l.key, l.done]),
      [
        ["squares", false],
        ["per-row", false],
        ["permutations", true],
        ["backtrack", true],
      ],
    );
    const share = (16_777_216n * BigInt(Math.floor((0.05 / 90) * 1e6))) / 1_000_000n;
    assert.equal(
      lanes[1]!.text,
      `brute force with one queen per row: ${share.toLocaleString("en-US")} of 16,777,216 placements tested; needs about 1.5 min`,
    );
    assert.match(lanes[3]!.text, /^backtracking: done in /);
    assert.ok(raceAt(race, 1000).every((l) => l.done && l.fraction === 1));
  });

  test("before the measures, and where backtracking is not timed", () => {
    const rows = raceRows({ ...initialRace(), n: 16, backtrack: null, running: true });
    assert.deepEqual(
      rows.map((r) => r.time),
      ["measuring…", "measuring…", "measuring…", "not timed above N = 12 here"],
    );
    // Before it starts (the chart's runs go first), the exact counts are there already.
    const waiting = raceRows({ ...initialRace(), n: 8 });
    assert.deepEqual(
      waiting.map((r) => [r.count, r.time]),
      [
        ["4,426,165,368", "waiting for the chart's runs…"],
        ["16,777,216", "waiting for the chart's runs…"],
        ["40,320", "waiting for the chart's runs…"],
        ["", "waiting for the chart's runs…"],
      ],
    );
    assert.equal(raceSummary({ ...initialRace(), n: 16, backtrack: null }), "");
  });
});
