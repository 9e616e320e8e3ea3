// Test support (thread-flags.test.ts runs it with `vitest run --pool=threads`): countFast's
// threads start inside a vitest worker, through the built package.
import { countFast } from "nqueens";
import { expect, test } from "vitest";

test("countFast(14) on two threads", async () => {
  const r = await countFast(14, { workers: 2 });
  console.log(`total ${r.total}`);
  expect(r.workers).toBe(2);
}, 60_000);
