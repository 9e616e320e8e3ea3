import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { NQueensError } from "../errors.js";
import { known } from "../testing/known-counts.js";
import { keyCheckpoint, openCheckpoint } from "./checkpoint.js";
import { split, splitVersion } from "./constellations/split.js";
import { count } from "./count.js";
import { joinSplitVersion, joinSubProblems } from "./join/index.js";
import { addParts, countPart } from "./parts.js";
import { CountInterrupted, type Progress } from "./types.js";

const dir = mkdtempSync(join(tmpdir(), "nqueens-parts-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = () => join(dir, `p${++files}.ckpt`);

// The parts of a count, counted one by one into their files and added up, give the known
// counts; each part holds every K-th sub-problem.
describe("countPart and addParts: the parts add up to the known counts", () => {
  const cases: [number, "join" | "constellations", number][] = [
    [1, "constellations", 1],
    [8, "constellations", 3],
    [12, "join", 2],
    [12, "constellations", 7],
    [16, "join", 3],
  ];
  for (const [n, method, parts] of cases) {
    test(`n=${n} by the ${method} in ${parts} parts`, async () => {
      const [c] = known(n, n);
      const names: string[] = [];
      let solutions = 0n;
      let subProblems = 0;
      for (let index = 1; index <= parts; index++) {
        const name = file();
        names.push(name);
        const r = await countPart(
          n,
          { index, of: parts },
          { method, checkpoint: name, workers: 2 },
        );
        assert.deepEqual([r.n, r.method, r.part, r.resumed], [n, method, { index, of: parts }, 0]);
        solutions += r.solutions;
        subProblems += r.subProblems;
      }
      const whole = method === "join" ? joinSubProblems(n) : split(n).length;
      assert.equal(subProblems, whole, "every sub-problem in one part");
      assert.equal(solutions, c!.total, "the parts' solutions add up to the total");
      const sum = addParts(n, names, { method });
      assert.deepEqual(
        [sum.n, sum.total, sum.unique, sum.method, sum.subProblems, sum.resumed],
        [n, c!.total, c!.unique, method, whole, whole],
      );
    });
  }
});

describe("countPart: a part is a checkpoint like any other", () => {
  test("progress counts the part's sub-problems; a stopped part resumes", async () => {
    const name = file();
    const seen: Progress[] = [];
    const first = await countPart(
      12,
      { index: 2, of: 3 },
      {
        method: "constellations",
        checkpoint: name,
        onProgress: (p) => seen.push(p),
      },
    );
    assert.ok(seen.length > 0 && seen.every((p) => p.total === first.subProblems));
    assert.equal(seen.at(-1)?.done, first.subProblems);
    assert.equal(seen.at(-1)?.solutions, first.solutions);
    const again = await countPart(
      12,
      { index: 2, of: 3 },
      { method: "constellations", checkpoint: name },
    );
    assert.deepEqual(
      [again.resumed, again.solutions],
      [first.subProblems, first.solutions],
      "everything from the file",
    );
    await assert.rejects(
      countPart(12, { index: 1, of: 3 }, { checkpoint: file(), signal: AbortSignal.abort() }),
      (e: unknown) => e instanceof CountInterrupted && e.done === 0,
    );
  });
  test("a part's file resumes the whole count, which counts only the rest", async () => {
    const name = file();
    const part = await countPart(13, { index: 1, of: 4 }, { checkpoint: name, workers: 2 });
    const [c] = known(13, 13);
    const whole = await count(13, { checkpoint: name, workers: 2 });
    assert.deepEqual(
      [whole.total, whole.unique, whole.resumed],
      [c!.total, c!.unique, part.subProblems],
    );
  });
  test("a part skips the other parts' records in its file", async () => {
    const name = file();
    await countPart(11, { index: 1, of: 2 }, { checkpoint: name });
    const other = await countPart(11, { index: 2, of: 2 }, { checkpoint: name });
    assert.equal(other.resumed, 0);
    const sum = addParts(11, [name]);
    assert.equal(sum.total, known(11, 11)[0]!.total);
  });
});

describe("addParts: what it refuses", () => {
  test("missing sub-problems: how many, and the first of them", async () => {
    const a = file();
    await countPart(10, { index: 1, of: 3 }, { checkpoint: a });
    const b = file();
    await countPart(10, { index: 3, of: 3 }, { checkpoint: b });
    const all = split(10).length;
    const missing = Math.floor((all - 2) / 3) + 1; // ids 1, 4, 7, ...
    assert.throws(
      () => addParts(10, [a, b]),
      (e: unknown) =>
        e instanceof NQueensError &&
        e.message ===
          `the checkpoints hold ${all - missing} of the ${all} sub-problems of n=10 (constellations): ${missing} are in none of them (the first: 1, 4, 7, 10, 13); add the missing parts' files, or count the rest into one of them`,
    );
  });
  test("two files that disagree on a sub-problem", async () => {
    const a = file();
    await countPart(9, { index: 1, of: 1 }, { checkpoint: a });
    const b = file();
    const read = openCheckpoint(a, 9, splitVersion(9), split(9).length);
    read.close();
    const right = read.results.get(0)!;
    const wrong = openCheckpoint(b, 9, splitVersion(9), split(9).length);
    wrong.append(0, { ...right, count: right.count + 1 });
    wrong.close();
    assert.throws(
      () => addParts(9, [a, b]),
      new RegExp(
        `: ${a} and ${b} record different results for sub-problem 0: one of them is wrong`,
      ),
    );
  });
  test("a file of another method, another n, a missing or damaged file", async () => {
    const j = file();
    await countPart(12, { index: 1, of: 1 }, { method: "join", checkpoint: j });
    assert.throws(
      () => addParts(12, [j], { method: "constellations" }),
      /was written by another split \(join-/,
    );
    assert.throws(() => addParts(13, [j], { method: "join" }), /is for n=12, not n=13/);
    assert.throws(() => addParts(12, [join(dir, "none")]), /: checkpoint '.*none' does not exist$/);
    const bad = file();
    writeFileSync(bad, `${readFileSync(j, "utf8").slice(0, -3)}zz\n`);
    assert.throws(() => addParts(12, [bad], { method: "join" }), /is damaged at line/);
    assert.throws(() => addParts(12, []), /: no checkpoint files to add up/);
  });
  test("it only reads the files: an empty one is refused and stays empty, a cut line stays", async () => {
    const empty = file();
    writeFileSync(empty, "");
    assert.throws(() => addParts(10, [empty]), /checkpoint .* is empty; refusing to use it/);
    assert.equal(readFileSync(empty, "utf8"), "");
    const cut = file();
    await countPart(10, { index: 1, of: 1 }, { checkpoint: cut });
    const whole = readFileSync(cut, "utf8");
    writeFileSync(cut, `${whole}12 3`); // a record cut short, as by kill -9
    assert.equal(addParts(10, [cut]).total, known(10, 10)[0]!.total);
    assert.equal(readFileSync(cut, "utf8"), `${whole}12 3`);
    assert.ok(!existsSync(`${cut}.lock`), "no lock left");
  });
  test("keyed parts need their secret", async () => {
    const secret = "a secret of sixteen or more";
    const k = file();
    const undo = keyCheckpoint(k, secret);
    await countPart(10, { index: 1, of: 1 }, { checkpoint: k });
    undo();
    assert.equal(addParts(10, [k], { secret }).total, known(10, 10)[0]!.total);
    assert.throws(() => addParts(10, [k]), /is keyed/);
  });
});

describe("countPart: refusals name the part", () => {
  const parts: [string, { index: number; of: number }][] = [
    ["0/3", { index: 0, of: 3 }],
    ["4/3", { index: 4, of: 3 }],
    ["1/0", { index: 1, of: 0 }],
    ["1.5/2", { index: 1.5, of: 2 }],
    ["1/100000", { index: 1, of: 100_000 }],
  ];
  for (const [text, part] of parts) {
    test(text, async () => {
      await assert.rejects(
        countPart(8, part, { checkpoint: file() }),
        (e: unknown) =>
          e instanceof NQueensError &&
          e.message.startsWith("a part is k/K with 1 <= k <= K <= ") &&
          e.message.endsWith(`: got '${text}'`),
      );
    });
  }
  test("no checkpoint", async () => {
    await assert.rejects(
      countPart(8, { index: 1, of: 2 }, {} as { checkpoint: string }),
      /: a part needs a checkpoint file/,
    );
  });
});

describe("records that do not add up: refused, naming the file, for both methods", () => {
  // A copy of a whole checkpoint with one record changed and its CRC made anew: what a faulty
  // machine, or an edit, leaves. Each case changes a record that can be checked: a join task's
  // count (the total no longer adds up with the rotation-fixed counts to a multiple of 8), or the
  // count of a constellation whose symmetry divides its counts (weight below 8).
  const cases = [
    { method: "join", n: 12, id: () => 0 },
    { method: "join", n: 12, id: () => joinSubProblems(12) - 1 },
    { method: "constellations", n: 11, id: () => split(11).findIndex((sp) => sp.weight < 8) },
  ] as const;
  const versionOf = (method: string, n: number) =>
    method === "join" ? joinSplitVersion(n) : splitVersion(n);
  const sizeOf = (method: string, n: number) =>
    method === "join" ? joinSubProblems(n) : split(n).length;
  async function tampered(method: "join" | "constellations", n: number, id: number) {
    const whole = file();
    await countPart(n, { index: 1, of: 1 }, { method, checkpoint: whole });
    const read = openCheckpoint(whole, n, versionOf(method, n), sizeOf(method, n));
    read.close();
    const bad = file();
    const out = openCheckpoint(bad, n, versionOf(method, n), sizeOf(method, n));
    for (const [i, r] of read.results) out.append(i, i === id ? { ...r, count: r.count + 1 } : r);
    out.close();
    return { whole, bad };
  }
  const refused = (file: string) => (e: unknown) =>
    e instanceof NQueensError &&
    e.code === "records-inconsistent" &&
    e.message.includes(file) &&
    /is wrong \(edited, or counted by a faulty machine\)/.test(e.message);
  for (const { method, n, id } of cases) {
    test(`${method}, n=${n}, record ${id()}: addParts and a resumed count refuse it`, async () => {
      const { whole, bad } = await tampered(method, n, id());
      assert.equal(addParts(n, [whole], { method }).total, known(n, n)[0]!.total);
      assert.throws(() => addParts(n, [bad], { method }), refused(bad));
      await assert.rejects(count(n, { method, checkpoint: bad }), refused(bad));
    });
  }
  test("the join's records add up only together: every part's file is named", async () => {
    const a = file();
    await countPart(12, { index: 1, of: 2 }, { method: "join", checkpoint: a });
    const b = file();
    await countPart(12, { index: 2, of: 2 }, { method: "join", checkpoint: b });
    const read = openCheckpoint(a, 12, joinSplitVersion(12), joinSubProblems(12));
    read.close();
    const bad = file();
    const out = openCheckpoint(bad, 12, joinSplitVersion(12), joinSubProblems(12));
    for (const [i, r] of read.results) out.append(i, i === 0 ? { ...r, count: r.count + 1 } : r);
    out.close();
    assert.throws(
      () => addParts(12, [bad, b], { method: "join" }),
      (e: unknown) => refused(bad)(e) && refused(b)(e),
    );
  });
});
