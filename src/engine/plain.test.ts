import assert from "node:assert/strict";
import { test } from "node:test";
import { isSolution } from "../board.js";
import { NQueensError } from "../errors.js";
import { solutions, unique } from "../solutions.js";
import { canonical, isCanonical, orbitSize } from "../symmetry.js";
import { KNOWN_ORBITS, known } from "../testing/known-counts.js";
import { countOrbits, countPlain } from "./plain.js";

for (const k of known(1, 14)) {
  test(`n=${k.n}: total ${k.total}, unique ${k.unique}`, () => {
    assert.deepEqual(countPlain(k.n), { total: k.total, unique: k.unique });
  });
}

for (const o of KNOWN_ORBITS) {
  const want = { size8: BigInt(o.size8), size4: BigInt(o.size4), size2: BigInt(o.size2) };
  test(`n=${o.n}: classes by orbit size (Burnside counts) ${o.size8}/${o.size4}/${o.size2}`, () => {
    assert.deepEqual(countOrbits(o.n), want);
  });
  if (o.n > 14) continue;
  test(`n=${o.n}: classes by orbit size (unique() walk) ${o.size8}/${o.size4}/${o.size2}`, () => {
    const got = { size8: 0n, size4: 0n, size2: 0n };
    for (const u of unique(o.n)) {
      if (u.orbit === 8) got.size8++;
      else if (u.orbit === 4) got.size4++;
      else if (u.orbit === 2) got.size2++;
      else assert.fail(`orbit ${u.orbit} for ${u.solution}`);
    }
    assert.deepEqual(got, want);
  });
}

test("n=8: the 12 canonical representatives cover the 92 solutions", () => {
  const reps = [...unique(8)];
  const [k8] = known(8, 8);
  assert.equal(BigInt(reps.length), k8!.unique);
  assert.deepEqual(reps[0]!.solution, [0, 4, 7, 5, 2, 6, 1, 3]);
  const keys = new Set(reps.map((r) => r.solution.join(",")));
  for (const r of reps) {
    assert.ok(isSolution(r.solution), `${r.solution} is a solution`);
    assert.ok(isCanonical(r.solution), `${r.solution} is canonical`);
    assert.equal(r.orbit, orbitSize(r.solution));
  }
  let all = 0n;
  const hit = new Map<string, number>();
  for (const s of solutions(8)) {
    all++;
    const key = canonical(s).join(",");
    assert.ok(keys.has(key), `${s} maps onto a representative`);
    hit.set(key, (hit.get(key) ?? 0) + 1);
  }
  assert.equal(all, k8!.total);
  for (const r of reps) assert.equal(hit.get(r.solution.join(",")), r.orbit);
});

const bad: { what: string; call: () => unknown }[] = [
  { what: "countPlain(0)", call: () => countPlain(0) },
  { what: "countPlain(33)", call: () => countPlain(33) },
  { what: "countPlain(2.5)", call: () => countPlain(2.5) },
  { what: "countPlain(-1)", call: () => countPlain(-1) },
  { what: "countOrbits(NaN)", call: () => countOrbits(Number.NaN) },
];
for (const b of bad) {
  test(`${b.what} throws NQueensError naming the value`, () => {
    assert.throws(b.call, (e: unknown) => e instanceof NQueensError && /got/.test(e.message));
  });
}
