import assert from "node:assert/strict";
import { test } from "node:test";
import { isSolution } from "./board.js";
import { construct } from "./construct.js";
import { NQueensError } from "./errors.js";

// Every remainder of n mod 6 (the formula has three cases), small and big.
const sizes = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 26, 27, 99, 1000, 123_457];
for (const n of sizes) {
  test(`construct(${n}) is a solution (n mod 6 = ${n % 6})`, () => {
    const s = construct(n);
    assert.ok(s && s.length === n && isSolution(s));
  });
}

test("construct(n) is a solution for every n from 4 to 2000", () => {
  for (let n = 4; n <= 2000; n++) assert.ok(isSolution(construct(n)!), `n=${n}`);
});

for (const n of [2, 3]) {
  test(`construct(${n}) is undefined (no solution exists)`, () => {
    assert.equal(construct(n), undefined);
  });
}

test("construct(10,000,000) is a solution", () => {
  assert.ok(isSolution(construct(10_000_000)!));
});

for (const n of [0, -4, 4.5, 10_000_001]) {
  test(`construct(${n}) throws NQueensError`, () => {
    assert.throws(
      () => construct(n),
      (e: unknown) => e instanceof NQueensError && e.message.endsWith(`got ${n}`),
    );
  });
}
