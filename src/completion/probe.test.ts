// The probe before the threads: which of its searches decides the easy benchmark instances
// (a table, the answers known from the floor, ../shared/bench/ed-dfs.c, and CaDiCaL:
// bench/results.jsonl), its plain backtracking against brute force, and boards it cannot
// decide within its budgets going on to the full search, both answers against brute force.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Forbidden, isSolution, type PartialBoard } from "../board.js";
import { decideHard } from "./decide.js";
import { decideOnThreads } from "./decide-threads.js";
import { completeOneAsync, generateInstance } from "./index.js";
import { plainSearch, probe } from "./probe.js";

/** Independent check: a solution that keeps the board's queens and uses no forbidden square. */
function completes(board: PartialBoard, cols: readonly number[]): boolean {
  const f = new Forbidden(board);
  return (
    isSolution(cols) &&
    board.queens.every((q) => cols[q.row] === q.col) &&
    cols.every((c, r) => !f.has(r, c))
  );
}

/** Brute force: whether some permutation completes the board (n <= 9). */
function bruteForce(board: PartialBoard): boolean {
  const { n } = board;
  const f = new Forbidden(board);
  const cols: number[] = [];
  const used = new Set<number>();
  const go = (r: number): boolean => {
    if (r === n) return board.queens.every((q) => cols[q.row] === q.col);
    for (let c = 0; c < n; c++) {
      if (used.has(c) || f.has(r, c)) continue;
      if (cols.some((c2, r2) => Math.abs(c2 - c) === r - r2)) continue;
      cols.push(c);
      used.add(c);
      if (go(r + 1)) return true;
      cols.pop();
      used.delete(c);
    }
    return false;
  };
  return go(0);
}

/** Excluded Diagonals instances (d = round(0.9 n)) and the search of the probe that decides. */
const EASY: readonly { n: number; seed: number; answer: "yes" | "no"; by: string }[] = [
  { n: 22, seed: 4, answer: "yes", by: "lean" }, // the floor: 31 million placements
  { n: 22, seed: 5, answer: "yes", by: "lean" }, // 32 million
  { n: 27, seed: 4, answer: "yes", by: "plain" }, // 174,786
  { n: 28, seed: 4, answer: "yes", by: "lean" }, // 1.7 million
  { n: 23, seed: 2, answer: "no", by: "root" }, // 520 million
];

for (const c of EASY) {
  test(`the probe decides diagonals ${c.n} seed ${c.seed} (${c.answer}) by its ${c.by} search`, () => {
    const { board } = generateInstance("diagonals", c.n, { seed: c.seed });
    const r = probe(board, new Forbidden(board));
    assert.equal(r.by, c.by);
    if (c.answer === "no") assert.equal(r.answer, "none");
    else assert.ok(Array.isArray(r.answer) && completes(board, r.answer), "a completion");
  });
}

test("the plain backtracking agrees with brute force, and stops at its budget", () => {
  let yes = 0;
  let no = 0;
  for (let n = 4; n <= 9; n++) {
    for (let seed = 1; seed <= 12; seed++) {
      const { board } = generateInstance("diagonals", n, { seed });
      const f = new Forbidden(board);
      const open = Array.from({ length: n }, (_, r) => {
        let x = 0;
        for (let c = 0; c < n; c++) if (!f.has(r, c)) x |= 1 << c;
        return x;
      });
      const expected = bruteForce(board);
      const found = plainSearch(open, n, Number.POSITIVE_INFINITY);
      const what = `${n}/${seed}`;
      if (expected) {
        yes++;
        assert.ok(found instanceof Int32Array && completes(board, Array.from(found)), what);
        assert.equal(plainSearch(open, n, 0), undefined, `${what}: no placement allowed`);
      } else {
        no++;
        assert.equal(found, "none", what);
      }
    }
  }
  assert.ok(yes > 5 && no > 5, `both answers tested: ${yes} yes, ${no} no`);
  // A full 32-column row: the masks' top bit.
  const found = plainSearch(new Array(32).fill(-1), 32, Number.POSITIVE_INFINITY);
  assert.ok(found instanceof Int32Array && isSolution(Array.from(found)), "32 x 32");
});

test("a board the probe leaves undecided goes to the full search: both against brute force", async () => {
  let undecided = 0;
  for (const kind of ["diagonals", "blocked"] as const) {
    for (let n = 6; n <= 9; n++) {
      for (let seed = 1; seed <= 6; seed++) {
        const { board } = generateInstance(kind, n, { seed });
        const f = new Forbidden(board);
        const expected = bruteForce(board);
        const what = `${kind} ${n}/${seed}`;
        // Budgets too small to decide anything but a refutation at the root.
        const r = probe(board, f, { plain: 1, lean: 0 });
        if (r.answer === undefined) {
          // Threads under the test runner start slowly (their TypeScript compiled each time):
          // the first few such boards on threads; every board on one thread below.
          if (++undecided <= 8) {
            const full = await decideOnThreads(board, f, { workers: 2, partsPerThread: 2 });
            assert.equal(full.cols !== undefined, expected, `${what}: threads`);
            if (full.cols) assert.ok(completes(board, full.cols), what);
          }
        } else if (r.answer === "none") assert.equal(expected, false, `${what}: probe`);
        else assert.ok(expected && completes(board, r.answer), `${what}: probe`);
        // With its budgets, the probe's answer (if any) is brute force's too.
        const p = probe(board, f).answer;
        if (p !== undefined) assert.equal(p !== "none", expected, `${what}: probe, budgets`);
        assert.equal(decideHard(board, f).cols !== undefined, expected, `${what}: one thread`);
      }
    }
  }
  assert.ok(undecided > 10, `${undecided} boards left undecided by the probe`);
});

test("n = 22 seed 2, a no the probe leaves undecided: completeOneAsync answers no on threads", async () => {
  // The floor and CaDiCaL: no (2.2 billion placements of the floor).
  const { board } = generateInstance("diagonals", 22, { seed: 2 });
  assert.equal(probe(board, new Forbidden(board)).answer, undefined);
  assert.equal(await completeOneAsync(board), undefined);
});
