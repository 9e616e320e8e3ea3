import assert from "node:assert/strict";
import { test } from "node:test";
import { isSolution, type Queen } from "./board.js";
import { NQueensError } from "./errors.js";
import { solutions, unique } from "./solutions.js";
import { canonical, isCanonical } from "./symmetry.js";
import { known } from "./testing/known-counts.js";

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

for (const k of known(1, 10)) {
  test(`solutions(${k.n}): ${k.total} valid solutions in increasing order`, () => {
    let seen = 0n;
    let prev: number[] | undefined;
    for (const s of solutions(k.n)) {
      assert.ok(isSolution(s) && s.length === k.n, `${s}`);
      if (prev) assert.ok(lexLess(prev, s), `${prev} before ${s}`);
      prev = s;
      seen++;
    }
    assert.equal(seen, k.total);
  });
}

test("solutions is lazy: the first few for n = 24 come at once", () => {
  const it = solutions(24);
  const first = [it.next().value, it.next().value, it.next().value] as number[][];
  for (const s of first) assert.ok(isSolution(s));
  assert.ok(lexLess(first[0]!, first[1]!) && lexLess(first[1]!, first[2]!));
});

const fixedCases: { n: number; fixed: Queen[] }[] = [
  { n: 8, fixed: [{ row: 0, col: 0 }] },
  { n: 8, fixed: [{ row: 3, col: 5 }] },
  {
    n: 9,
    fixed: [
      { row: 8, col: 4 },
      { row: 0, col: 2 },
    ],
  },
  { n: 6, fixed: [{ row: 0, col: 0 }] },
];
for (const c of fixedCases) {
  const label = c.fixed.map((q) => `(${q.row}, ${q.col})`).join(" ");
  test(`solutions(${c.n}, fixed ${label}) are the solutions holding those queens`, () => {
    const want = [...solutions(c.n)].filter((s) => c.fixed.every((q) => s[q.row] === q.col));
    assert.deepEqual([...solutions(c.n, { fixed: c.fixed })], want);
  });
}

test("the least canonical form for n = 8 is [0, 4, 7, 5, 2, 6, 1, 3]", () => {
  const first = unique(8).next().value;
  assert.deepEqual(first, { solution: [0, 4, 7, 5, 2, 6, 1, 3], orbit: 8 });
  assert.deepEqual(canonical([7, 3, 0, 2, 5, 1, 6, 4]), [0, 4, 7, 5, 2, 6, 1, 3]);
});

for (const k of known(1, 10)) {
  test(`unique(${k.n}): ${k.unique} canonical classes, increasing, covering ${k.total}`, () => {
    const reps = [...unique(k.n)];
    assert.equal(BigInt(reps.length), k.unique);
    let covered = 0n;
    for (let i = 0; i < reps.length; i++) {
      const s = reps[i]!.solution;
      assert.ok(isSolution(s) && isCanonical(s));
      if (i > 0) assert.ok(lexLess(reps[i - 1]!.solution, s), `${reps[i - 1]!.solution} < ${s}`);
      covered += BigInt(reps[i]!.orbit);
    }
    assert.equal(covered, k.total);
  });
}

const bad: { what: string; call: () => unknown; says: RegExp }[] = [
  { what: "n = 0", call: () => solutions(0), says: /got 0/ },
  { what: "n = 1001", call: () => solutions(1001), says: /got 1001/ },
  { what: "unique(0)", call: () => unique(0), says: /got 0/ },
  {
    what: "attacking fixed queens",
    call: () =>
      solutions(8, {
        fixed: [
          { row: 0, col: 0 },
          { row: 1, col: 1 },
        ],
      }),
    says: /\(0, 0\) and \(1, 1\) share a diagonal/,
  },
];
for (const b of bad) {
  test(`${b.what} throws NQueensError when called`, () => {
    assert.throws(b.call, (e: unknown) => e instanceof NQueensError && b.says.test(e.message));
  });
}
