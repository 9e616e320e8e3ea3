// The slowest engine case: n = 16 on every core (a few seconds on two).
import assert from "node:assert/strict";
import { test } from "node:test";
import { known } from "../../testing/known-counts.js";
import { countFast } from "./count.js";

test("n=16 on every core: the known total and unique count", async () => {
  const [c] = known(16, 16);
  const r = await countFast(16);
  assert.equal(r.total, c.total);
  assert.equal(r.unique, c.unique);
  assert.equal(r.subProblems, 3206);
});
