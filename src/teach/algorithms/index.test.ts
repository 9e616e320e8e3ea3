import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isSolution } from "../../board.js";
import { NQueensError } from "../../errors.js";
import { KNOWN, TREE_PROFILE_8 } from "../../testing/known-counts.js";
import { treeProfile } from "../trace.js";
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  type AlgorithmName,
  BRUTE_FORCE_BUDGET,
  bruteForceCombinations,
  decideRun,
  estimateBruteForceSeconds,
  runAlgorithm,
  timeAlgorithm,
} from "./index.js";

const ROW_BASED: readonly AlgorithmName[] = ["row-loop", "row-sets", "bitmask", "iterative"];

/** C(m, k) from Pascal's triangle: independent of the multiplicative formula under test. */
function binomial(m: number, k: number): bigint {
  let row = [1n];
  for (let i = 0; i < m; i++) {
    const next = [1n];
    for (let j = 1; j < row.length; j++) next.push(row[j - 1]! + row[j]!);
    next.push(1n);
    row = next;
  }
  return row[k]!;
}

function knownTotal(n: number): number {
  const k = KNOWN.find((c) => c.n === n);
  assert.ok(k, `no known count for n=${n}`);
  return Number(k.total);
}

function solve(name: AlgorithmName, n: number) {
  const found: number[][] = [];
  const result = runAlgorithm(name, n, { onSolution: (cols) => found.push(cols) });
  return { result, found };
}

const lexLess = (a: readonly number[], b: readonly number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

describe("every algorithm finds the same solutions", () => {
  for (let n = 1; n <= 8; n++) {
    test(`n=${n}`, () => {
      const reference = solve("row-sets", n)
        .found.map((c) => c.join(" "))
        .sort();
      assert.equal(reference.length, knownTotal(n));
      for (const name of ALGORITHM_NAMES) {
        if (name === "brute-force" && n > 6) continue;
        const { result, found } = solve(name, n);
        assert.equal(result.name, name);
        assert.equal(result.n, n);
        assert.equal(result.solutions, found.length, name);
        assert.equal(found.length, knownTotal(n), name);
        for (const cols of found) assert.ok(isSolution(cols), `${name}: ${cols}`);
        const set = found.map((c) => c.join(" ")).sort();
        assert.equal(new Set(set).size, set.length, `${name}: duplicates`);
        assert.deepEqual(set, reference, name);
        assert.ok(result.seconds >= 0 && Number.isFinite(result.seconds));
      }
    });
  }

  test("row-by-row algorithms report solutions in lexicographic order", () => {
    for (const name of ROW_BASED) {
      const { found } = solve(name, 8);
      for (let i = 1; i < found.length; i++) assert.ok(lexLess(found[i - 1]!, found[i]!), name);
      assert.deepEqual(found[0], [0, 4, 7, 5, 2, 6, 1, 3], name);
    }
  });
});

describe("work counters", () => {
  test("are deterministic", () => {
    for (const name of ALGORITHM_NAMES) {
      const a = runAlgorithm(name, 6);
      const b = runAlgorithm(name, 6);
      assert.deepEqual([a.nodes, a.checks, a.solutions], [b.nodes, b.checks, b.solutions], name);
    }
  });

  test("brute force examines and checks every one of C(n*n, n) placements", () => {
    for (let n = 1; n <= 6; n++) {
      const r = runAlgorithm("brute-force", n);
      assert.equal(BigInt(r.nodes), binomial(n * n, n), `n=${n}`);
      assert.equal(r.checks, r.nodes, `n=${n}`);
    }
  });

  test("bruteForceCombinations is C(n*n, n)", () => {
    for (let n = 1; n <= 12; n++) assert.equal(bruteForceCombinations(n), binomial(n * n, n));
    assert.equal(bruteForceCombinations(8), 4_426_165_368n); // the tutorial's figure
  });

  test("row-by-row algorithms visit the tree of the tree profile", () => {
    const sum8 = TREE_PROFILE_8.reduce((a, b) => a + b, 0);
    for (const name of ROW_BASED) assert.equal(runAlgorithm(name, 8).nodes, sum8, name);
    for (let n = 1; n <= 10; n++) {
      const sum = treeProfile(n).reduce((a, b) => a + b, 0);
      for (const name of ROW_BASED)
        assert.equal(runAlgorithm(name, n).nodes, sum, `${name} n=${n}`);
    }
  });

  test("checks follow from each algorithm's definition of a check", () => {
    for (let n = 1; n <= 9; n++) {
      const sets = runAlgorithm("row-sets", n);
      const internal = sets.nodes - sets.solutions; // nodes above the last depth
      assert.equal(sets.checks, n * internal, `row-sets n=${n}: n lookups per expanded node`);
      assert.equal(runAlgorithm("bitmask", n).checks, internal, `bitmask n=${n}`);
      assert.equal(runAlgorithm("iterative", n).checks, internal, `iterative n=${n}`);
    }
    // row-loop: each candidate of depth d >= 1 costs between 1 and d comparisons.
    const p = TREE_PROFILE_8;
    let low = 0;
    let high = 0;
    for (let d = 1; d < 8; d++) {
      low += 8 * p[d]!;
      high += 8 * d * p[d]!;
    }
    const loop = runAlgorithm("row-loop", 8).checks;
    assert.ok(loop >= low && loop <= high, `row-loop checks ${loop} not in ${low}..${high}`);
  });

  test("square-by-square search contains the row-by-row tree and checks every placement", () => {
    for (let n = 2; n <= 7; n++) {
      const sq = runAlgorithm("square-backtrack", n);
      const row = runAlgorithm("row-sets", n);
      assert.ok(sq.nodes >= row.nodes, `n=${n}`);
      assert.ok(sq.checks > sq.nodes - 1, `n=${n}: one check per accepted placement, and rejects`);
      // (For n = 2 and 3 the tree is so small that checking after every queen costs more.)
      if (n >= 4) assert.ok(sq.checks < Number(binomial(n * n, n)), `n=${n}: pruning pays`);
    }
  });
});

describe("options and errors", () => {
  test("an aborted signal stops a run", () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    assert.throws(() => runAlgorithm("bitmask", 4, { signal: controller.signal }), /stop/);
    for (const name of ["bitmask", "iterative", "row-sets", "row-loop"] as const) {
      const c = new AbortController();
      let seen = 0;
      const onSolution = () => {
        seen++;
        c.abort(new Error("enough"));
      };
      assert.throws(() => runAlgorithm(name, 12, { onSolution, signal: c.signal }), /enough/);
      assert.ok(seen < 14_200, `${name} stopped early`);
    }
  });

  test("bad names and sizes are NQueensError", () => {
    assert.throws(() => runAlgorithm("nope" as AlgorithmName, 4), NQueensError);
    assert.throws(() => runAlgorithm("toString" as AlgorithmName, 4), NQueensError);
    for (const n of [0, -1, 2.5, 31, Number.NaN]) {
      assert.throws(() => runAlgorithm("bitmask", n), NQueensError, `n=${n}`);
    }
  });

  test("ALGORITHMS lists each name once, brute force first", () => {
    assert.equal(new Set(ALGORITHMS.map((a) => a.name)).size, 6);
    assert.equal(ALGORITHMS[0]!.name, "brute-force");
    for (const a of ALGORITHMS) assert.ok(a.maxPracticalN >= 6 && a.title.length > 0);
  });

  test("the brute-force estimate is a positive, finite number of seconds", () => {
    // Only its form: its value depends on the machine and its load, so nothing may decide on it.
    for (const n of [1, 5, 8]) {
      const estimate = estimateBruteForceSeconds(n, { minSeconds: 0.01 });
      assert.ok(estimate > 0 && Number.isFinite(estimate), `n=${n}: ${estimate}`);
    }
  });
});

describe("decideRun: exact, whatever the machine", () => {
  // n, C(n*n, n), runs with the default budget of 10^9
  const placements: readonly [number, bigint, boolean][] = [
    [1, 1n, true],
    [2, 6n, true],
    [3, 84n, true],
    [4, 1_820n, true],
    [5, 53_130n, true],
    [6, 1_947_792n, true],
    [7, 85_900_584n, true],
    [8, 4_426_165_368n, false],
  ];

  test("brute force, default budget: n <= 7 runs, n = 8 does not", () => {
    assert.equal(BRUTE_FORCE_BUDGET, 1_000_000_000n);
    for (const [n, count, run] of placements) {
      assert.deepEqual(
        decideRun("brute-force", n),
        { run, rule: "budget", placements: count, budget: BRUTE_FORCE_BUDGET, forced: false },
        `n=${n}`,
      );
    }
  });

  test("brute force, explicit budget: runs exactly when placements <= budget", () => {
    for (const [n, count] of placements) {
      for (const budget of [0n, count - 1n, count, count + 1n, 10n ** 12n]) {
        const d = decideRun("brute-force", n, { budget });
        assert.equal(d.run, count <= budget, `n=${n} budget=${budget}`);
        assert.equal(d.forced, false);
      }
    }
  });

  test("force runs brute force at any n and budget, and says it was forced", () => {
    for (const [n, count] of placements) {
      const d = decideRun("brute-force", n, { budget: 0n, force: true });
      assert.deepEqual(d, {
        run: true,
        rule: "budget",
        placements: count,
        budget: 0n,
        forced: true,
      });
      assert.equal(decideRun("brute-force", n, { force: true }).forced, count > BRUTE_FORCE_BUDGET);
    }
    assert.equal(decideRun("brute-force", 30, { force: true }).run, true);
  });

  test("the others run up to their practical n, or when forced", () => {
    const cases: readonly [AlgorithmName, number][] = [
      ["square-backtrack", 10],
      ["row-loop", 14],
      ["row-sets", 14],
      ["bitmask", 15],
      ["iterative", 15],
    ];
    for (const [name, limit] of cases) {
      for (const n of [1, limit - 1, limit, limit + 1, 30]) {
        const d = decideRun(name, n, { budget: 0n });
        assert.deepEqual(d, {
          run: n <= limit,
          rule: "practical-n",
          maxPracticalN: limit,
          forced: false,
        });
        assert.deepEqual(decideRun(name, n, { force: true }), {
          run: true,
          rule: "practical-n",
          maxPracticalN: limit,
          forced: n > limit,
        });
      }
    }
  });

  test("bad names, sizes and budgets are NQueensError", () => {
    assert.throws(() => decideRun("nope" as AlgorithmName, 4), NQueensError);
    assert.throws(() => decideRun("bitmask", 31), NQueensError);
    assert.throws(() => decideRun("brute-force", 4, { budget: -1n }), NQueensError);
  });
});

describe("timeAlgorithm", () => {
  test("repeats a fast run into a batch of at least minSeconds; counts are one run's", () => {
    const once = runAlgorithm("bitmask", 4);
    for (const minSeconds of [0.005, 0.02]) {
      const t = timeAlgorithm("bitmask", 4, { minSeconds });
      assert.equal(t.name, "bitmask");
      assert.equal(t.n, 4);
      assert.deepEqual([t.solutions, t.nodes, t.checks], [once.solutions, once.nodes, once.checks]);
      assert.ok(Number.isInteger(t.runs) && t.runs >= 1, `runs ${t.runs}`);
      assert.ok(t.seconds > 0 && Number.isFinite(t.seconds), `seconds ${t.seconds}`);
      assert.ok(t.batchSeconds >= minSeconds, `batch ${t.batchSeconds} < ${minSeconds}`);
      assert.ok(Math.abs(t.seconds * t.runs - t.batchSeconds) <= 1e-9 * t.runs + 1e-12);
      assert.ok(t.batches >= 1 && t.batches <= 3, `batches ${t.batches}`);
    }
  });

  test("every algorithm: runs >= 1, a batch of at least the minimum, the known counts", () => {
    for (const name of ALGORITHM_NAMES) {
      const t = timeAlgorithm(name, 5, { minSeconds: 0.002, batches: 2 });
      assert.equal(t.solutions, knownTotal(5), name);
      assert.equal(t.nodes, runAlgorithm(name, 5).nodes, name);
      assert.ok(t.runs >= 1 && t.seconds > 0 && t.batchSeconds >= 0.002, name);
      assert.ok(t.batches >= 1 && t.batches <= 2, name);
    }
  });

  test("minSeconds 0 and batches 1 time a single run", () => {
    const t = timeAlgorithm("row-sets", 6, { minSeconds: 0, batches: 1 });
    assert.deepEqual([t.runs, t.batches], [1, 1]);
    assert.equal(t.seconds, t.batchSeconds);
  });

  test("bad options and an aborted signal", () => {
    for (const options of [
      { minSeconds: -1 },
      { minSeconds: Number.NaN },
      { minSeconds: Number.POSITIVE_INFINITY },
      { batches: 0 },
      { batches: 1.5 },
      { withinSeconds: -1 },
    ]) {
      assert.throws(
        () => timeAlgorithm("bitmask", 4, options),
        NQueensError,
        JSON.stringify(options),
      );
    }
    assert.throws(() => timeAlgorithm("nope" as AlgorithmName, 4), NQueensError);
    assert.throws(() => timeAlgorithm("bitmask", 0), NQueensError);
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    assert.throws(() => timeAlgorithm("bitmask", 4, { signal: controller.signal }), /stop/);
  });
});
