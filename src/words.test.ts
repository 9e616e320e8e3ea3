import assert from "node:assert/strict";
import { test } from "node:test";
import { plural, thousands } from "./words.js";

test("thousands groups digits in threes as en-US does, bigints past 2^53 too", () => {
  const cases: [number | bigint, string][] = [
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1,000"],
    [14200, "14,200"],
    [-1234567, "-1,234,567"],
    [4426165368, "4,426,165,368"],
    [234907967154122528n, "234,907,967,154,122,528"],
    [1.23456, "1.235"],
  ];
  for (const [k, text] of cases) assert.equal(thousands(k), text, String(k));
  // Every power of ten and its neighbours, against the locale formatter it replaces.
  for (let k = 1n; k < 10n ** 30n; k *= 10n) {
    for (const v of [k - 1n, k, k + 1n, -k]) assert.equal(thousands(v), v.toLocaleString("en-US"));
    if (k <= BigInt(Number.MAX_SAFE_INTEGER))
      assert.equal(thousands(Number(k)), Number(k).toLocaleString("en-US"));
  }
});

test("plural says one only for exactly one", () => {
  assert.equal(plural(1, "queen"), "1 queen");
  assert.equal(plural(1n, "queen"), "1 queen");
  assert.equal(plural(0, "queen"), "0 queens");
  assert.equal(plural(14200, "solution"), "14,200 solutions");
  assert.equal(plural(2, "entry", "entries"), "2 entries");
});
