// Test support (thread-flags.test.ts runs it with `vitest run --pool=threads`): count's
// threads start inside a vitest worker, through the built package (the constellation search:
// it runs n = 14 on threads).
import { count } from "nqueens";
import { expect, test } from "vitest";

test("count(14) on two threads", async () => {
  const r = await count(14, { workers: 2, method: "constellations" });
  console.log(`total ${r.total}`);
  expect(r.workers).toBe(2);
}, 60_000);
