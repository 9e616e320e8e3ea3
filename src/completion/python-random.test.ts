import assert from "node:assert/strict";
import { test } from "node:test";
import { PythonRandom } from "./python-random.js";

// Expected values printed by CPython 3.11 (random.seed(s); random.getrandbits(32) ...).
test("getrandbits(32) after random.seed(s) is CPython's", () => {
  const draw = (seed: number, k: number) => {
    const r = new PythonRandom(seed);
    return Array.from({ length: k }, () => r.getrandbits(32));
  };
  assert.deepEqual(draw(1, 3), [577090037, 2444712010, 3639700191]);
  assert.deepEqual(draw(0, 2), [3626764237, 1654615998]);
  assert.deepEqual(draw(2 ** 40 + 5, 2), [2166296868, 2220160828]);
});

test("randrange and shuffle draw as CPython's do", () => {
  const r = new PythonRandom(7);
  assert.deepEqual(
    Array.from({ length: 8 }, () => r.randrange(10)),
    [5, 2, 6, 0, 1, 8, 1, 5],
  );
  assert.deepEqual(
    Array.from({ length: 6 }, () => r.randrange(-1, 2, 2)),
    [-1, -1, -1, -1, 1, 1],
  );
  const list = Array.from({ length: 10 }, (_, i) => i);
  assert.deepEqual(new PythonRandom(3).shuffle(list), [1, 5, 6, 0, 9, 4, 7, 2, 8, 3]);
});

test("a seed must be a whole number from 0", () => {
  assert.throws(() => new PythonRandom(-1), RangeError);
  assert.throws(() => new PythonRandom(1.5), RangeError);
});
