import assert from "node:assert/strict";
import { test } from "node:test";
import { isSolution } from "./board.js";
import { completeOne } from "./completion/index.js";
import { NQueensError } from "./errors.js";
import { solutions } from "./solutions.js";
import { type SolveMethod, solve } from "./solve.js";

const methods: SolveMethod[] = ["auto", "backtrack", "construct", "random"];

/** Sizes per method: backtrack stops at 28 here to keep the file fast (29..32 take ~0.1-3 s). */
const sizes: Record<SolveMethod, number[]> = {
  auto: range(1, 40),
  backtrack: range(1, 28),
  construct: [...range(1, 40), 1000, 100_000],
  random: [...range(1, 40), 1000, 100_000],
};

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

for (const method of methods) {
  for (const n of sizes[method]) {
    test(`solve(${n}, ${method})`, () => {
      const s = solve(n, { method });
      if (n === 2 || n === 3) assert.equal(s, undefined);
      else assert.ok(s !== undefined && s.length === n && isSolution(s));
    });
  }
}

test("solve(1) is [0] with every method", () => {
  for (const method of methods) assert.deepEqual(solve(1, { method }), [0]);
});

test("backtrack for n = 8 is the least solution [0, 4, 7, 5, 2, 6, 1, 3]", () => {
  assert.deepEqual(solve(8, { method: "backtrack" }), [0, 4, 7, 5, 2, 6, 1, 3]);
});

for (const n of [4, 5, 6, 9, 10, 12]) {
  test(`backtrack and auto for n = ${n} give the first solution in lexicographic order`, () => {
    const first = solutions(n).next().value;
    assert.deepEqual(solve(n, { method: "backtrack" }), first);
    assert.deepEqual(solve(n), first);
  });
}

test("backtrack for n = 13..28 gives the least completion of the empty board (complete.ts's search)", () => {
  for (const n of range(13, 28)) {
    assert.deepEqual(solve(n, { method: "backtrack" }), completeOne({ n, queens: [] }), `n = ${n}`);
  }
});

test("solve(1_000_000) returns a valid solution", () => {
  assert.ok(isSolution(solve(1_000_000)!));
});

test("random for n = 1,000,000 returns a valid solution", () => {
  assert.ok(isSolution(solve(1_000_000, { method: "random", seed: 3 })!));
});

const seeds = [0, 1, 42, -7, 2 ** 40 + 3];
for (const seed of seeds) {
  test(`random with seed ${seed} is reproducible`, () => {
    for (const n of [8, 50, 5000]) {
      const a = solve(n, { method: "random", seed });
      const b = solve(n, { method: "random", seed });
      assert.ok(a && isSolution(a));
      assert.deepEqual(a, b);
    }
  });
}

test("random with different seeds gives different solutions on a big board", () => {
  const boards = new Set(seeds.map((seed) => solve(200, { method: "random", seed })!.join()));
  assert.equal(boards.size, seeds.length);
});

const bad: { what: string; call: () => unknown; says: RegExp }[] = [
  { what: "n = 0", call: () => solve(0), says: /got 0/ },
  { what: "n = 2.5", call: () => solve(2.5), says: /got 2.5/ },
  { what: "n = 10,000,001", call: () => solve(10_000_001), says: /got 10000001/ },
  {
    what: "backtrack n = 33",
    call: () => solve(33, { method: "backtrack" }),
    says: /backtrack.*33/,
  },
  {
    what: "an unknown method",
    call: () => solve(8, { method: "guess" as SolveMethod }),
    says: /method.*guess/,
  },
  { what: "a fractional seed", call: () => solve(8, { method: "random", seed: 0.5 }), says: /0.5/ },
];
for (const b of bad) {
  test(`${b.what} throws NQueensError`, () => {
    assert.throws(b.call, (e: unknown) => e instanceof NQueensError && b.says.test(e.message));
  });
}
