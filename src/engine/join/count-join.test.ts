import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { known } from "../../testing/known-counts.js";
import { countFast } from "../constellations/count.js";
import { count } from "../count.js";
import { pickMethod, roughSeconds } from "../method.js";
import { CountInterrupted, type Progress } from "../types.js";
import { countJoin, countJoinSync } from "./count-join.js";
import { JoinKernel } from "./kernel.js";
import { countReference, itemCountReference } from "./reference.js";
import { solveItem } from "./solve.js";
import { joinItems, joinPart, joinSubProblems } from "./split.js";
import { JoinSolver } from "./tasks.js";

const dir = mkdtempSync(join(tmpdir(), "nqueens-join-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("countJoinSync", () => {
  for (const c of known(1, 16)) {
    test(`n=${c.n}: ${c.total} solutions, ${c.unique} unique`, () => {
      const r = countJoinSync(c.n);
      assert.equal(r.total, c.total);
      assert.equal(r.unique, c.unique);
    });
  }
  test("refuses n outside 1..27", () => {
    assert.throws(() => countJoinSync(28), /n must be an integer from 1 to 27: got 28/);
  });
});

describe("the quadrant table in pieces (as from n = 24)", () => {
  test("every task of n = 4..16 adds up to the known totals", () => {
    for (const c of known(4, 16)) {
      const solver = new JoinSolver(c.n, { pieces: true });
      let total = 0n;
      for (let t = 0; t < joinSubProblems(c.n); t++) total += BigInt(solver.solve(t).count);
      assert.equal(total, c.total, `n=${c.n}`);
    }
  });
});

describe("the reference", () => {
  test("counts n = 1..10 from the definitions", () => {
    for (const c of known(1, 10)) assert.equal(countReference(c.n), c.total, `n=${c.n}`);
  });

  test("agrees with the kernels item by item (every item to n = 10, a sample at 11 and 12)", () => {
    for (let n = 4; n <= 12; n++) {
      const k = new JoinKernel(n);
      const items = joinItems(n);
      const step = n <= 10 ? 1 : n === 11 ? 7 : 5;
      for (let i = 0; i < items.length; i += step) {
        assert.equal(solveItem(k, items, i), itemCountReference(n, items, i), `n=${n} item ${i}`);
      }
    }
  });
});

describe("countJoin", () => {
  const [c14] = known(14, 14);
  // oneHereMaxN 0: worker threads only (as from n = 22); else the calling thread is one of them.
  for (const workers of [1, 2, 3]) {
    for (const oneHereMaxN of [0, 14]) {
      test(`gives the same answer on ${workers} thread(s), calling thread up to n = ${oneHereMaxN}`, async () => {
        const r = await countJoin(14, { workers, inlineMaxN: 12, oneHereMaxN });
        assert.equal(r.total, c14.total);
        assert.equal(r.unique, c14.unique);
        assert.equal(r.workers, workers);
        assert.equal(r.subProblems, joinSubProblems(14));
      });
    }
  }

  test("reports progress up to every task and every solution", async () => {
    const seen: Progress[] = [];
    const r = await countJoin(14, { workers: 2, inlineMaxN: 12, onProgress: (p) => seen.push(p) });
    assert.deepEqual(seen[0], { done: 0, total: r.subProblems, solutions: 0n });
    for (let i = 1; i < seen.length; i++) {
      assert.ok(seen[i].done >= seen[i - 1].done);
      assert.ok(seen[i].solutions >= seen[i - 1].solutions);
    }
    assert.deepEqual(seen.at(-1), {
      done: r.subProblems,
      total: r.subProblems,
      solutions: c14.total,
    });
  });

  test("stops when aborted and rejects with CountInterrupted", async () => {
    const controller = new AbortController();
    const run = countJoin(17, {
      workers: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done > 10) controller.abort();
      },
    });
    await assert.rejects(run, (e: unknown) => e instanceof CountInterrupted && e.done < e.total);
  });

  for (const oneHereMaxN of [0, 14]) {
    test(`resumes a checkpoint exactly, a cut last line dropped (calling thread up to n = ${oneHereMaxN})`, async () => {
      const path = join(dir, `n14-${oneHereMaxN}.ckpt`);
      const options = { workers: 2, inlineMaxN: 12, oneHereMaxN };
      const full = await countJoin(14, { ...options, checkpoint: path });
      const lines = readFileSync(path, "utf8").split("\n");
      // Every task recorded once, whichever thread counted it.
      const ids = lines
        .slice(1)
        .filter((l) => l !== "")
        .map((l) => l.split(/\s+/)[0]);
      assert.equal(new Set(ids).size, joinSubProblems(14));
      assert.equal(ids.length, joinSubProblems(14));
      // Keep the header and 100 records, and half of the next record (a cut write).
      writeFileSync(path, `${lines.slice(0, 101).join("\n")}\n${lines[101].slice(0, 9)}`);
      const again = await countJoin(14, { ...options, checkpoint: path });
      assert.equal(again.resumed, 100);
      assert.equal(again.total, full.total);
      assert.equal(again.unique, full.unique);
      assert.equal(again.total, c14.total);
    });
  }

  test("refuses a checkpoint of the other method (another split)", async () => {
    const path = join(dir, "other.ckpt");
    await countFast(13, { workers: 1, checkpoint: path });
    await assert.rejects(countJoin(13, { workers: 1, checkpoint: path }), /another split/);
  });
});

describe("parts", () => {
  test("the parts of a split add up to the total", () => {
    for (const n of [12, 13]) {
      const solver = new JoinSolver(n);
      let total = 0n;
      for (let k = 0; k < 3; k++)
        for (const t of joinPart(n, k, 3)) total += BigInt(solver.solve(t).count);
      assert.equal(total, known(n, n)[0].total);
    }
  });
});

describe("the two methods", () => {
  test("pickMethod: the join from n = 14 to 27, constellations elsewhere", () => {
    assert.equal(pickMethod(8), "constellations");
    assert.equal(pickMethod(13), "constellations");
    assert.equal(pickMethod(14), "join");
    assert.equal(pickMethod(15), "join");
    assert.equal(pickMethod(16), "join");
    assert.equal(pickMethod(20), "join");
    assert.equal(pickMethod(24), "join");
    assert.equal(pickMethod(25), "join");
    assert.equal(pickMethod(27), "join");
    assert.equal(pickMethod(20, "constellations"), "constellations");
    assert.equal(pickMethod(28), "constellations");
    assert.equal(pickMethod(8, "join"), "join");
    assert.equal(pickMethod(16.5), "constellations");
    assert.equal(pickMethod("16" as unknown as number), "constellations");
    assert.equal(pickMethod(16n as unknown as number), "constellations");
  });

  test("roughSeconds: the measured times, 7 times as long per step of n", () => {
    assert.equal(roughSeconds(17, "constellations"), 6);
    assert.equal(roughSeconds(19, "constellations"), 294);
    assert.equal(roughSeconds(20, "join"), 80);
    assert.equal(roughSeconds(22, "join"), 3920);
  });

  // n = 14..16: each method against the known counts (here and in engine/count.test.ts).
  test("agree on every n up to 17", async () => {
    for (let n = 1; n <= 13; n++) {
      const a = await count(n, { method: "join", workers: 2 });
      const b = await count(n, { method: "constellations", workers: 2 });
      assert.deepEqual([a.total, a.unique], [b.total, b.unique], `n=${n}`);
      assert.equal(a.method, "join");
      assert.equal(b.method, "constellations");
    }
    const [a, b] = [await countJoin(17, { workers: 2 }), await countFast(17, { workers: 2 })];
    assert.deepEqual([a.total, a.unique], [b.total, b.unique]);
    assert.equal(a.total, known(17, 17)[0].total);
  });
});
