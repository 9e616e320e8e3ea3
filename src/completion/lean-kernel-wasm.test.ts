// The lean search's WebAssembly kernel against its readable version, the JavaScript class
// (lean-search.ts): the same answer, the same nodes and the same completion on generated
// instances of both kinds and both answers, in slices of any budget, and on 32-column masks.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Forbidden, isSolution, type PartialBoard } from "../board.js";
import { blockedSquares } from "./index.js";
import { generateInstance } from "./instances.js";
import { LeanKernel, leanSearch } from "./lean-kernel-wasm.js";
import { LeanSearch, type LeanStatus } from "./lean-search.js";
import { subBoard } from "./sub-board.js";

interface Outcome {
  readonly result: LeanStatus;
  readonly nodes: number;
  readonly placement: number[] | undefined;
  readonly calls: number;
}

/** Runs a search to its answer in slices of `budget` nodes (one call when Infinity). */
function runOut(s: LeanSearch | LeanKernel, budget: number): Outcome {
  let calls = 1;
  let got = s.run(budget);
  for (; got === "paused"; calls++) {
    assert.ok(s.nodes <= calls * budget, `at most ${budget} nodes a call`);
    got = s.run(budget);
  }
  assert.equal(s.run(budget), got, "the answer again");
  return { result: got, nodes: s.nodes, placement: s.placement && Array.from(s.placement), calls };
}

function both(board: PartialBoard, budget = Number.POSITIVE_INFINITY) {
  const sub = subBoard(board, new Forbidden(board));
  return {
    js: runOut(new LeanSearch(sub.open, sub.m), budget),
    wasm: runOut(new LeanKernel(sub.open, sub.m), budget),
  };
}

const cases = (["diagonals", "blocked"] as const).flatMap((kind) =>
  [8, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20].flatMap((n) =>
    [1, 2, 3, 4, 5].map((seed) => ({
      name: `${kind} ${n} seed ${seed}`,
      board: generateInstance(kind, n, { seed }).board,
    })),
  ),
);

test("the kernel and the class: the same answer, nodes and completion (n = 8..20, both kinds)", () => {
  const answers = { sat: 0, unsat: 0, paused: 0 };
  let nodes = 0;
  for (const { name, board } of cases) {
    const { js, wasm } = both(board);
    assert.deepEqual(wasm, js, name);
    answers[js.result]++;
    nodes += js.nodes;
    if (js.placement) {
      const sub = subBoard(board, new Forbidden(board));
      assert.equal(js.placement.length, sub.m, name);
    }
  }
  // Both answers, and searches of some size, or the comparison says little.
  assert.ok(answers.sat > 10 && answers.unsat > 10, JSON.stringify(answers));
  assert.ok(nodes > 10_000, `${nodes} nodes`);
});

test("the kernel in slices of 1, 7 and 1000 nodes: the same as one call, node for node", () => {
  for (const { name, board } of cases.filter((_c, k) => k % 4 === 0)) {
    const whole = both(board).wasm;
    for (const budget of [1, 7, 1000]) {
      const sliced = both(board, budget);
      assert.deepEqual(
        { ...sliced.wasm, calls: 0 },
        { ...whole, calls: 0 },
        `${name} by ${budget}`,
      );
      assert.deepEqual(sliced.wasm, sliced.js, `${name} by ${budget}`);
      if (budget === 1) assert.ok(sliced.wasm.calls > whole.nodes, name);
    }
  }
});

test("a budget of 0 pauses at once; the answer stays once found", () => {
  const board = generateInstance("diagonals", 14, { seed: 2 }).board;
  const sub = subBoard(board, new Forbidden(board));
  const s = new LeanKernel(sub.open, sub.m);
  assert.equal(s.run(0), "paused");
  assert.equal(s.nodes, 0);
  const got = s.run();
  assert.notEqual(got, "paused");
  assert.equal(s.run(0), got);
});

test("32 columns (bit 31 of every mask): the kernel completes the board as the class does", () => {
  const boards: PartialBoard[] = [
    { n: 32, queens: [] },
    { n: 32, queens: [], blocked: blockedSquares(32, 200, 3, 1)! },
    { n: 32, queens: [], blocked: blockedSquares(32, 400, 5, 1)! },
    { n: 31, queens: [], excluded: { sums: [0, 60], differences: [0, 60] } },
    { n: 1, queens: [] },
    { n: 2, queens: [] },
    { n: 3, queens: [] },
  ];
  for (const board of boards) {
    const { js, wasm } = both(board);
    assert.deepEqual(wasm, js, `n = ${board.n}`);
    if (board.n >= 4) {
      assert.ok(wasm.placement && isSolution(wasm.placement), `n = ${board.n}`);
      const f = new Forbidden(board);
      assert.ok(
        wasm.placement.every((c, r) => !f.has(r, c)),
        `n = ${board.n}`,
      );
    }
  }
});

test("leanSearch: the kernel where WebAssembly is available", () => {
  assert.ok(leanSearch([1], 1) instanceof LeanKernel);
});

/** The class, with its branch hook spelling each branch as certify.ts does (`r12`, `c3`). */
class ClassTree extends LeanSearch {
  readonly lines: string[] = [];
  protected override branched(L: number): void {
    this.lines.push(`${this.isCol[L] ? "c" : "r"}${this.line[L]}`);
  }
}

test("a recording kernel writes the class's tree, line for line, in slices of any size", () => {
  let lines = 0;
  for (const { name, board } of cases.filter((_c, k) => k % 2 === 0)) {
    const sub = subBoard(board, new Forbidden(board));
    const js = new ClassTree(sub.open, sub.m);
    const jsResult = js.run();
    for (const budget of [1, 1000, Number.POSITIVE_INFINITY]) {
      let text = "";
      const decoder = new TextDecoder("latin1");
      const wasm = new LeanKernel(sub.open, sub.m, (bytes) => {
        text += decoder.decode(bytes);
      });
      assert.equal(runOut(wasm, budget).result, jsResult, name);
      const got = text.split("\n");
      assert.equal(got.pop(), "", `${name}: every line ends`);
      assert.deepEqual(got, js.lines, `${name} by ${budget}`);
      assert.equal(got.length, wasm.nodes, `${name}: one line a node`);
    }
    lines += js.lines.length;
  }
  assert.ok(lines > 10_000, `${lines} lines`);
});

test("a recording kernel on 32 columns writes two-digit lines as the class does", () => {
  const board = { n: 32, queens: [], blocked: blockedSquares(32, 400, 5, 1)! };
  const sub = subBoard(board, new Forbidden(board));
  const js = new ClassTree(sub.open, sub.m);
  js.run();
  let text = "";
  const wasm = new LeanKernel(sub.open, sub.m, (b) => {
    text += new TextDecoder("latin1").decode(b);
  });
  wasm.run();
  assert.deepEqual(text.split("\n").slice(0, -1), js.lines);
  assert.ok(
    js.lines.some((l) => /^[rc][12][0-9]$/.test(l)),
    "lines past 9 are among them",
  );
});
