import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  type AlgorithmName,
  bruteForceCombinations,
  estimateBruteForceSeconds,
  runAlgorithm,
} from "./algorithms.js";
import { isSolution } from "./board.js";
import { NQueensError } from "./errors.js";
import { KNOWN, TREE_PROFILE_8 } from "./testing/known-counts.js";
import { treeProfile } from "./trace.js";

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

  test("the brute-force estimate grows with C(n*n, n)", () => {
    const small = estimateBruteForceSeconds(5);
    const big = estimateBruteForceSeconds(8); // C(64,8)/C(25,5) is about 83,000
    assert.ok(small > 0 && Number.isFinite(small));
    assert.ok(big > 1000 * small, `${big} vs ${small}`);
  });
});
