// Watch's model and state (model.ts, state.ts) without a browser: a trace of the 4-queens search
// made as the worker makes it, and tables of (step -> narration, code lines, current row).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { walkthrough } from "../../teach/walkthrough.js";
import { setLang } from "../i18n/index.js";
import type { Algo } from "../state.js";
import { packStep } from "../steps.js";
import { boardModel, codeModel, currentRow, narrate } from "./model.js";
import {
  addSteps,
  finishTrace,
  HISTORY_SIZE,
  initialState,
  isSolution,
  length,
  moveTreeCursor,
  newTrace,
  rate,
  replayAt,
  seek,
  solutionFrom,
  solutionsSoFar,
  type Trace,
  treeCursorIndex,
  visit,
} from "./state.js";
import { pathTree, treeCursorAt, treeCursorMove, wholeTree } from "./tree.js";

/** The whole trace of the search on an n×n board, as Watch has it once the worker is done. */
function traceOf(
  algo: Exclude<Algo, "brute">,
  n: number,
  fixed = [] as { row: number; col: number }[],
): Trace {
  const trace = newTrace(algo, n, fixed);
  addSteps(trace, [...walkthrough(n, { algorithm: algo, fixed })].map(packStep));
  finishTrace(trace, { ms: 1.5, truncated: false, timed: null });
  return trace;
}

type Row = [pos: number, narration: string, lines: number[], row: number];

/** One test per row: the narration, the highlighted code lines and the current row at a step. */
function stepTests(trace: ReturnType<typeof traceOf>, table: readonly Row[]): void {
  for (const [pos, narration, lines, row] of table) {
    test(`step ${pos}`, () => {
      const shown = { trace, pos };
      assert.equal(narrate(shown), narration);
      assert.deepEqual(codeModel(shown).lines, lines);
      assert.equal(currentRow(shown), row);
    });
  }
}

describe("backtracking, N = 4", () => {
  const trace = traceOf("backtrack", 4);
  const table: Row[] = [
    [0, "Start: the board is empty. The search tries row 1, from the left.", [1], 0],
    [1, "Row 1, column 1 is safe: place a queen and go down to the next row.", [7, 8], 0],
    [
      2,
      "Row 2, column 1 is attacked along the column by the queen at row 1, column 1: skip it (pruning: nothing below it is tried).",
      [5, 6],
      1,
    ],
    [
      3,
      "Row 2, column 2 is attacked along a diagonal by the queen at row 1, column 1: skip it (pruning: nothing below it is tried).",
      [5, 6],
      1,
    ],
    [
      6,
      "Row 3, column 2 is attacked along an anti-diagonal by the queen at row 2, column 3: skip it (pruning: nothing below it is tried).",
      [5, 6],
      2,
    ],
    [
      9,
      "Dead end: row 3 has no safe square. Column 1 is attacked along the column by the queen at row 1, column 1; column 2 is attacked along an anti-diagonal by the queen at row 2, column 3; column 3 is attacked along a diagonal by the queen at row 1, column 1; column 4 is attacked along a diagonal by the queen at row 2, column 3. Every square of the row is pruned. Go back up to row 2 and move its queen (backtrack).",
      [10],
      2,
    ],
    [
      10,
      "Back in row 2: everything under row 2, column 3 has been explored, so take that queen back (backtrack). Next: column 4.",
      [9],
      1,
    ],
    [22, "Every column of row 3 has been tried: go back up to row 2 (backtrack).", [10], 2],
    [
      23,
      "Back in row 2: everything under row 2, column 4 has been explored, so take that queen back (backtrack). That was the last column of row 2.",
      [9],
      1,
    ],
    [34, "Row 4, column 3 is safe: place a queen.", [7, 8], 3],
    [35, "Solution 1 found: every row holds a queen and none attacks another.", [2, 3], -1],
    [93, "Every column of row 1 has been tried: the search is complete.", [10], 0],
    [
      94,
      "The search is over: 2 solutions, 17 nodes, 16 backtracks. Recording the steps took 1.5 ms.",
      [],
      -1,
    ],
  ];
  stepTests(trace, table);

  test("the code's variables and stack at a step", () => {
    const code = codeModel({ trace, pos: 4 });
    assert.deepEqual(code.vars, [
      { name: "row", value: "2" },
      { name: "col", value: "3" },
      { name: "cols", value: "[1, 3, ·, ·]" },
    ]);
    assert.deepEqual(code.stack, [
      { call: "solve(row = 1)", vars: "col = 1" },
      { call: "solve(row = 2)", vars: "col = 3" },
    ]);
    // Below a solution, the call past the last row.
    assert.deepEqual(codeModel({ trace, pos: 35 }).stack.at(-1), {
      call: "solve(row = 5)",
      vars: "row > n",
    });
  });

  test("the board: the attack line of a rejected square, and the squares already done", () => {
    const b = boardModel({ trace, pos: 3 });
    assert.deepEqual(b.queens, [{ row: 0, col: 0, tone: "attacker" }]);
    assert.deepEqual(b.lines, [{ from: { row: 0, col: 0 }, to: { row: 1, col: 1 } }]);
    assert.deepEqual(b.trying, { row: 1, col: 1 });
    assert.deepEqual(b.marks, [
      { row: 1, col: 0, glyph: "│" },
      { row: 1, col: 1, glyph: "╲" },
    ]);
    assert.equal(b.solved, false);
    assert.equal(boardModel({ trace, pos: 35 }).solved, true);
    // Four lines into the dead end of row 3, one per square.
    assert.equal(boardModel({ trace, pos: 9 }).lines.length, 4);
  });

  test("solutions: where they are, the next and the previous, the count so far", () => {
    assert.deepEqual(trace.solutionSteps.length, 2);
    const [first, second] = trace.solutionSteps as [number, number];
    assert.equal(first, 35);
    assert.equal(isSolution(trace, 35), true);
    assert.equal(isSolution(trace, 34), false);
    assert.equal(solutionFrom(trace, 0, 1), 35);
    assert.equal(solutionFrom(trace, 35, 1), second);
    assert.equal(solutionFrom(trace, 35, -1), undefined);
    assert.equal(solutionFrom(trace, second, -1), 35);
    assert.equal(solutionFrom(trace, second, 1), undefined);
    assert.equal(solutionsSoFar(trace, 34), 0);
    assert.equal(solutionsSoFar(trace, 35), 1);
    assert.equal(solutionsSoFar(trace, length(trace)), 2);
  });

  test("the narration of a step does not depend on where the replay was before", () => {
    // The replay is a cache of the position: reading step 9 after the end, after step 0 and
    // after itself says the same.
    const at9 = narrate({ trace, pos: 9 });
    narrate({ trace, pos: length(trace) });
    assert.equal(narrate({ trace, pos: 9 }), at9);
    narrate({ trace, pos: 0 });
    assert.equal(narrate({ trace, pos: 9 }), at9);
  });
});

describe("bitmask, N = 4", () => {
  const trace = traceOf("bitmask", 4);
  const table: Row[] = [
    [0, "Start: the board is empty. The search tries row 1, from the left.", [1], 0],
    [
      1,
      "Row 1: free = all & ~(cols | diag | anti) gives the safe columns all at once: 1, 2, 3 and 4.",
      [4],
      0,
    ],
    [
      2,
      "The lowest bit of free is column 1: place a queen at row 1, column 1 and go down a row with the masks shifted (diag << 1, anti >> 1).",
      [6, 7, 8, 9],
      0,
    ],
    [
      5,
      "Row 3: free = all & ~(cols | diag | anti) has no bit set: no column of this row is safe.",
      [4],
      2,
    ],
    [
      6,
      "Dead end: free was 0 from the start, row 3 has no safe square. Return to row 2 (backtrack).",
      [10],
      2,
    ],
    [
      7,
      "Back in row 2 from the rows below: the queen at row 2, column 3 is gone with that call (the masks were copies). free still holds column 4.",
      [5],
      1,
    ],
    [
      14,
      "free is 0: every safe column of row 3 has been tried. Return to row 2 (backtrack).",
      [10],
      2,
    ],
    [24, "The lowest bit of free is column 3: place a queen at row 4, column 3.", [6, 7, 8, 9], 3],
    [25, "Solution 1 found: every row holds a queen and none attacks another.", [2, 3], -1],
    [64, "free is 0: every safe column of row 1 has been tried: the search is complete.", [10], 0],
    [
      65,
      "The search is over: 2 solutions, 17 nodes, 16 backtracks. Recording the steps took 1.5 ms.",
      [],
      -1,
    ],
  ];
  stepTests(trace, table);

  test("the masks and the safe columns left in each frame", () => {
    const code = codeModel({ trace, pos: 4 });
    assert.deepEqual(code.vars, [
      { name: "row", value: "2" },
      { name: "free", value: "{4}" },
      { name: "bit", value: "{3}" },
    ]);
    assert.deepEqual(code.stack, [
      { call: "solve(row = 1, …)", vars: "free = {2, 3, 4}, bit = {1}" },
      { call: "solve(row = 2, …)", vars: "free = {4}, bit = {3}" },
    ]);
    assert.deepEqual(
      code.masks?.map((m) => [m.name, m.bits]),
      [
        ["cols", 0b0001],
        ["diag", 0b0010],
        ["anti", 0],
        ["free", 0b1000],
        ["bit", 0b0100],
      ],
    );
  });
});

describe("brute force", () => {
  const trace = newTrace("brute", 4, []);
  const table: [pos: number, narration: string, lines: number[]][] = [
    [
      0,
      "Start: brute force will try all 1,820 ways of putting the queens on the squares, and test each one whole.",
      [1],
    ],
    [
      1,
      "Placement 1 of 1,820: the queens at row 1, column 1 and row 1, column 2 share a row. Not a solution: next placement.",
      [2, 3],
    ],
    [
      1821,
      // Backtracking's tree for N = 4: 1 + 4 + 6 + 4 + 2 = 17 nodes; 1,820 / 17 = 107.06.
      "The search is over: all 1,820 placements tried, 2 solutions found. Backtracking with pruning visits 17 nodes for the same N: 107 times fewer steps.",
      [],
    ],
  ];
  for (const [pos, narration, lines] of table) {
    test(`step ${pos}`, () => {
      assert.equal(narrate({ trace, pos }), narration);
      assert.deepEqual(codeModel({ trace, pos }).lines, lines);
    });
  }

  test("a solution is tested whole, and drawn without a clash", () => {
    const pos = trace.solutionSteps[0]!;
    assert.equal(isSolution(trace, pos), true);
    assert.deepEqual(codeModel({ trace, pos }).lines, [4]);
    const b = boardModel({ trace, pos });
    assert.equal(b.solved, true);
    assert.deepEqual(b.lines, []);
    assert.equal(solutionsSoFar(trace, pos), 1);
    assert.equal(length(trace), 1821);
  });

  test("past its largest N it says why instead", () => {
    assert.equal(
      narrate({ trace: newTrace("brute", 9, []), pos: 0 }),
      "Brute force is shown up to N = 7: at N = 9 it would try C(81, 9) = 260,887,834,350 placements, one step each. Choose a smaller N or another algorithm.",
    );
  });
});

describe("the state", () => {
  test("before any step has streamed in, Watch says it is tracing", () => {
    assert.equal(narrate({ trace: newTrace("backtrack", 4, []), pos: 0 }), "Tracing the search…");
  });

  test("from fixed queens the search starts in the first free row", () => {
    const trace = traceOf("backtrack", 4, [{ row: 0, col: 1 }]);
    assert.equal(currentRow({ trace, pos: 0 }), 1);
    assert.equal(boardModel({ trace, pos: 0 }).queens[0]?.tone, "fixed");
    assert.equal(trace.solutionSteps.length, 1);
  });

  test("seek keeps the position within the steps there are and clears the note", () => {
    const ws = initialState(true);
    ws.trace = traceOf("backtrack", 4);
    ws.navNote = "no later solution";
    seek(ws, 50);
    assert.equal(ws.pos, 50);
    assert.equal(ws.navNote, "");
    seek(ws, 1e9);
    assert.equal(ws.pos, length(ws.trace));
    seek(ws, -3);
    assert.equal(ws.pos, 0);
  });

  test("a jump far ahead replays at most one snapshot's steps, to the same state", () => {
    // Streamed in batches as the worker sends them; N = 8's whole search, 92 solutions.
    const codes = [...walkthrough(8)].map(packStep);
    const trace = newTrace("backtrack", 8, []);
    for (let i = 0; i < codes.length; i += 1000) addSteps(trace, codes.slice(i, i + 1000));
    finishTrace(trace, { ms: 1, truncated: false, timed: null });
    const last = trace.solutionSteps.at(-1)!;
    assert.ok(last > 10_000, `the last solution is ${last} steps on`);
    const replay = trace.replay!;
    const before = replay.seekSteps;
    const far = replayAt(trace, last)!.cur;
    assert.ok(replay.seekSteps - before < 1024, `${replay.seekSteps - before} steps replayed`);
    assert.equal(far.solutions, 92);
    // The same step reached one step at a time, from a trace of its own.
    const slow = traceOf("backtrack", 8);
    for (let p = 0; p <= last; p++) replayAt(slow, p);
    const s = slow.replay!.cur;
    assert.deepEqual(
      [far.cols, far.status, far.nodes, far.backtracks, far.depth, far.top],
      [s.cols, s.status, s.nodes, s.backtracks, s.depth, s.top],
    );
    // And back: a step before the one shown is reached from its snapshot too.
    const mid = Math.floor(last / 2);
    const back = replay.seekSteps;
    assert.equal(
      narrate({ trace, pos: mid }),
      narrate({ trace: traceOf("backtrack", 8), pos: mid }),
    );
    assert.ok(replay.seekSteps - back < 1024);
  });

  test("the speed slider runs from 1 to 5,000 steps a second on a log scale", () => {
    assert.equal(rate(0), 1);
    assert.equal(rate(40), 30);
    assert.equal(rate(100), 5000);
  });

  test("the history notes each step shown once, with its words, and keeps the last 200", () => {
    const ws = initialState(true);
    ws.trace = traceOf("backtrack", 4);
    const show = (step: number) => {
      seek(ws, step);
      visit(ws, narrate(ws));
    };
    show(0);
    show(0);
    show(3);
    show(2);
    assert.deepEqual(
      ws.history.map((v) => v.step),
      [0, 3, 2],
      "a redraw of the same step is one visit",
    );
    assert.equal(ws.history[1]!.text, narrate({ trace: ws.trace, pos: 3 }));
    // The same step with other words (the first step before and after its steps arrive).
    visit(ws, "Tracing…");
    assert.deepEqual(
      ws.history.map((v) => [v.step, v.text === "Tracing…"]),
      [
        [0, false],
        [3, false],
        [2, true],
      ],
    );
    for (let k = 1; k <= HISTORY_SIZE + 10; k++) show(k % 2 === 0 ? 1 : 5);
    assert.equal(ws.history.length, HISTORY_SIZE);
    assert.equal(ws.history.at(-1)!.step, 1);
    const ids = ws.history.map((v) => v.id);
    assert.equal(new Set(ids).size, ids.length, "every visit has its own id");
    assert.equal(ids.at(-1), ws.visits - 1);
  });
});

describe("the tree by keyboard", () => {
  test("the arrows move the cursor one node, Home and End to the ends, within the nodes", () => {
    const table: [at: number, key: string, to: number | undefined][] = [
      [3, "ArrowRight", 4],
      [3, "ArrowDown", 4],
      [3, "ArrowLeft", 2],
      [3, "ArrowUp", 2],
      [0, "ArrowLeft", 0],
      [9, "ArrowRight", 9],
      [5, "Home", 0],
      [5, "End", 9],
      [5, "Enter", undefined],
      [5, " ", undefined],
    ];
    for (const [at, key, to] of table)
      assert.equal(treeCursorMove(10, at, key), to, `${at} ${key}`);
    assert.equal(treeCursorMove(0, 0, "End"), undefined);
  });

  test("the cursor stays on its node, or starts on the newest node the search has reached", () => {
    const trace = traceOf("backtrack", 4);
    const replay = replayAt(trace, 6)!;
    const whole = wholeTree(trace.tree!, replay).hits;
    // The nodes in visiting order: the root first, each node at the step that placed it.
    assert.equal(whole[0]!.step, 0);
    assert.equal(whole[0]!.label, "empty board");
    assert.deepEqual(
      whole.map((h) => h.step),
      [...whole.map((h) => h.step)].sort((a, b) => a - b),
    );
    const newest = treeCursorAt(whole, undefined, 6);
    assert.ok(whole[newest]!.step <= 6);
    assert.ok(whole.every((h) => h.step > 6 || h.step <= whole[newest]!.step));
    // A node chosen stays chosen, wherever the search is.
    assert.equal(treeCursorAt(whole, whole[4]!.step, 0), 4);
    // The path tree: a node no longer drawn gives way to the newest one reached.
    const path = pathTree(replayAt(trace, 3)!).hits;
    const at = treeCursorAt(path, 999_999, 3);
    assert.ok(path[at]!.step <= 3);
    assert.ok(path.every((h) => h.step > 3 || h.step <= path[at]!.step));
  });
});

describe("the tree's cursor in Watch's state", () => {
  test("keys move it among the nodes drawn; it stays on its step across redraws", () => {
    const trace = traceOf("backtrack", 4);
    const ws = initialState(false);
    const tree = { hits: wholeTree(trace.tree!, replayAt(trace, 6)!).hits, pos: 6 };
    const newest = treeCursorAt(tree.hits, undefined, 6);
    assert.equal(ws.treeCursor, undefined);
    assert.equal(treeCursorIndex(ws, tree), newest);
    // key -> the index it lands on (undefined: the key is not the cursor's, nothing moves).
    const table: [key: string, index: number | undefined][] = [
      ["Enter", undefined],
      ["ArrowRight", newest + 1],
      ["ArrowRight", newest + 2],
      ["ArrowLeft", newest + 1],
      ["Home", 0],
      ["ArrowUp", 0],
      ["End", tree.hits.length - 1],
      ["a", undefined],
    ];
    let at = newest;
    for (const [key, index] of table) {
      const hit = moveTreeCursor(ws, tree, key);
      if (index !== undefined) at = index;
      assert.equal(hit, index === undefined ? undefined : tree.hits[index], key);
      assert.equal(treeCursorIndex(ws, tree), at, key);
    }
    assert.equal(ws.treeCursor, tree.hits.at(-1)!.step);
    // Drawn again at another step, the whole tree has the same nodes: the cursor stays.
    const later = { hits: wholeTree(trace.tree!, replayAt(trace, 2)!).hits, pos: 2 };
    assert.equal(later.hits[treeCursorIndex(ws, later)]!.step, ws.treeCursor);
    // No tree drawn (brute force): no key moves it.
    assert.equal(moveTreeCursor(ws, { hits: [], pos: 0 }, "Home"), undefined);
  });
});

describe("the tutorials' words, in Japanese too", () => {
  test("a rejected square and a dead end are pruning (枝刈り)", () => {
    const trace = traceOf("backtrack", 4);
    try {
      setLang("ja");
      assert.match(narrate({ trace, pos: 2 }), /飛ばします\(枝刈り: その先は調べません\)。$/);
      assert.match(narrate({ trace, pos: 9 }), /この行のマスはすべて枝刈りされました。/);
    } finally {
      setLang("en");
    }
  });
});
