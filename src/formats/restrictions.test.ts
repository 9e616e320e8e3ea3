// Blocked squares and excluded diagonals: every form that keeps them reads them back.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PartialBoard } from "../board.js";
import { board } from "../testing/boards.js";
import {
  type BoardForm,
  formatBoard,
  type ParseErrorCode,
  parseBoard,
  parseBoardAs,
} from "./index.js";

// ---------------------------------------------------------------------------------------------
// Blocked squares and excluded diagonals, in every form that can say so.

/** The board every form below writes: n = 5, a queen at (0, 1), blocked (2, 2) and (4, 0). */
const RESTRICTED: PartialBoard = {
  n: 5,
  queens: [{ row: 0, col: 1 }],
  blocked: [
    { row: 2, col: 2 },
    { row: 4, col: 0 },
  ],
};

describe("blocked squares and excluded diagonals", () => {
  const forms: [string, string, BoardForm][] = [
    ["dots with x", ". Q . . .\n. . . . .\n. . x . .\n. . . . .\nx . . . .", "dots"],
    ["compact with X", ".Q...\n.....\n..X..\n.....\nX....", "compact"],
    ["stars with #", "*Q***\n*****\n**#**\n*****\n#****", "stars"],
    ["binary with x", "0 1 0 0 0\n0 0 0 0 0\n0 0 x 0 0\n0 0 0 0 0\nx 0 0 0 0", "binary"],
    [
      "cells with |#| (X stays empty)",
      "|X| |Q| |X| |X| |X|\n|X| |X| |X| |X| |X|\n|X| |X| |#| |X| |X|\n|X| |X| |X| |X| |X|\n|#| |X| |X| |X| |X|",
      "cells",
    ],
    ["the grid style", formatBoard(RESTRICTED, "grid"), "grid"],
    ["the unicode style (■)", formatBoard(RESTRICTED, "unicode"), "unicode"],
    [
      "JSON with squares as objects",
      '{"n":5,"queens":[{"row":0,"col":1}],"blocked":[{"row":4,"col":0},{"row":2,"col":2}]}',
      "json",
    ],
    ["JSON with [r, c] pairs", '{"n":5,"queens":[[0,1]],"blocked":[[2,2],[4,0],[2,2]]}', "json"],
    ["JSON cols", '{"n":5,"cols":[1,null,null,null,null],"blocked":[[2,2],[4,0]]}', "json"],
    [
      'a JSON 0/1 matrix with "x"',
      '[[0,1,0,0,0],[0,0,0,0,0],[0,0,"x",0,0],[0,0,0,0,0],["x",0,0,0,0]]',
      "json",
    ],
    [
      "CSPLib, blocks from 1",
      "letting n = 5\nletting init = [[0, 1]]\nletting blocks = [[3, 3], [5, 1]]",
      "csplib",
    ],
  ];
  for (const [name, text, form] of forms) {
    test(`${name}: detected and read`, () => {
      const r = parseBoard(text);
      assert.ok(r.ok, r.ok ? "" : r.error);
      assert.equal(r.form, form);
      assert.deepEqual(r.board, RESTRICTED);
      const named = parseBoardAs(text, form);
      assert.ok(named.ok && JSON.stringify(named.board) === JSON.stringify(RESTRICTED));
    });
  }

  test("a board without restrictions has no blocked or excluded field", () => {
    assert.deepEqual(board(parseBoard(".Q\n..")), { n: 2, queens: [{ row: 0, col: 1 }] });
    assert.deepEqual(board(parseBoard('{"n":2,"queens":[],"blocked":[]}')), { n: 2, queens: [] });
  });

  test("excluded diagonals: JSON sets and CSPLib pairs, the first d of them", () => {
    const want = { n: 8, queens: [], excluded: { sums: [2, 9], differences: [0, 13] } };
    assert.deepEqual(
      board(parseBoard('{"n":8,"excluded":{"sums":[9,2,9],"differences":[13,0]}}')),
      want,
    );
    const generated =
      "n =  8\nnumdiags =  5\ndiags =  [[0, 0], [13, 0], [9, 1],\n  [2, 1], [12, 0]]\n";
    const pairs = '{"n":8,"diags":[[0,0],[13,0],[9,1],[2,1],[12,0]],"d":4}';
    assert.deepEqual(board(parseBoard(generated, { diagonals: 4 })), want);
    assert.deepEqual(board(parseBoard(pairs)), want);
    assert.equal(
      board(parseBoard(generated)).excluded!.differences.length,
      3,
      "numdiags: all five",
    );
    assert.equal(board(parseBoard(pairs, { diagonals: 0 })).excluded, undefined);
    // The published generator's output for n = 8, seed 1 (shared/data/completion) reads as it is.
    const published =
      "n =  8\nnumdiags =  10\ndiags =  [[0, 0], [13, 0], [6, 0], [2, 1], [12, 0], [9, 1], [14, 0], [4, 0], [7, 1], [13, 1]]";
    assert.deepEqual(board(parseBoard(published, { diagonals: 3 })).excluded, {
      sums: [],
      differences: [0, 6, 13],
    });
  });

  test("CSPLib: letting or not, = or be, comments, an Essence' header, values over lines", () => {
    const text = [
      "language ESSENCE' 1.0",
      "$ n-queens completion, CSPLib 079",
      "letting n be 8",
      "letting init = [[0, 0], $ the first queen",
      "  [1, 2]]",
      "numdiags = 1",
      "diags = [[14, 1]]",
    ].join("\n");
    assert.deepEqual(board(parseBoard(text)), {
      n: 8,
      queens: [
        { row: 0, col: 0 },
        { row: 1, col: 2 },
      ],
      excluded: { sums: [14], differences: [] },
    });
    assert.deepEqual(board(parseBoard("letting n = 3\nletting init = []")), { n: 3, queens: [] });
  });

  const refused: [string, string, ParseErrorCode, string][] = [
    [
      "a queen on a blocked square (JSON)",
      '{"n":4,"queens":[[1,2]],"blocked":[[1,2]]}',
      "forbidden",
      "queen at (1, 2) stands on a blocked square",
    ],
    [
      "a queen on a blocked square (CSPLib, blocks from 1)",
      "letting n = 4\nletting init = [[1, 2]]\nletting blocks = [[2, 3]]",
      "forbidden",
      "queen at (1, 2) stands on a blocked square",
    ],
    [
      "a queen on an excluded sum diagonal",
      '{"n":4,"queens":[[1,2]],"excluded":{"sums":[3],"differences":[]}}',
      "forbidden",
      "queen at (1, 2) stands on the excluded sum diagonal 3 (row + col)",
    ],
    [
      "a queen on an excluded difference diagonal (CSPLib)",
      "letting n = 4\nletting init = [[1, 2]]\nnumdiags = 1\ndiags = [[2, 0]]",
      "forbidden",
      "queen at (1, 2) stands on the excluded difference diagonal 2 (row - col + 3)",
    ],
    [
      "a blocked square off the board",
      '{"n":4,"queens":[],"blocked":[[4,0]]}',
      "range",
      "blocked square (4, 0) is off the 4x4 board",
    ],
    [
      "a blocked square off the board (CSPLib 0 is off: blocks count from 1)",
      "letting n = 4\nletting blocks = [[0, 1]]",
      "range",
      "blocked square (-1, 0) is off the 4x4 board",
    ],
    [
      "an excluded diagonal that does not exist",
      '{"n":4,"excluded":{"sums":[7],"differences":[]}}',
      "range",
      "excluded sum diagonal 7 is not one of the 4x4 board's (0 to 6)",
    ],
    [
      "more diagonals asked for than listed",
      "n = 4\nnumdiags = 3\ndiags = [[1, 1]]",
      "range",
      "numdiags must be a whole number from 0 to 1 (the pairs given): got 3",
    ],
    [
      "a CSPLib name it does not know",
      "letting n = 4\nletting queens = [[0, 1]]",
      "syntax",
      "line 2: unknown parameter 'queens' (a CSPLib board has n, init, blocks, diags, numdiags)",
    ],
    [
      "CSPLib without n",
      "letting init = [[0, 1]]",
      "size",
      "a CSPLib board needs 'letting n = N', the board size",
    ],
    [
      "a CSPLib list cut short",
      "letting n = 4\nletting init = [[0, 1]",
      "syntax",
      "line 2: expected ',', got '(the end)'",
    ],
    [
      "a CSPLib pair type other than 0 or 1",
      "n = 4\ndiags = [[1, 2]]",
      "syntax",
      "diags[0] must be [v, 1] (sum) or [v, 0] (difference): got type 2",
    ],
    [
      "a JSON blocked square that is not a square",
      '{"n":4,"queens":[],"blocked":[[1]]}',
      "syntax",
      'blocked[0] must be {"row":r,"col":c} or [r, c] with whole numbers: got a list',
    ],
  ];
  for (const [name, text, code, error] of refused) {
    test(`refused: ${name}`, () => {
      assert.deepEqual(parseBoard(text), { ok: false, code, error });
    });
  }

  test("a queen on a blocked square in a matrix cannot happen: one symbol a square", () => {
    assert.deepEqual(board(parseBoard("Qx\n..")).blocked, [{ row: 0, col: 1 }]);
  });

  test("round trip of restricted boards through every style that keeps them", () => {
    const b: PartialBoard = {
      n: 6,
      queens: [{ row: 1, col: 4 }],
      blocked: [{ row: 0, col: 0 }],
      excluded: { sums: [10], differences: [] },
    };
    for (const style of ["json", "csplib"] as const) {
      assert.deepEqual(board(parseBoard(formatBoard(b, style))), b, style);
    }
    // The drawings show the excluded diagonals' squares as blocked squares.
    const drawn = board(parseBoard(formatBoard(b, "dots")));
    assert.deepEqual(drawn.blocked, [
      { row: 0, col: 0 },
      { row: 5, col: 5 },
    ]);
  });
});
