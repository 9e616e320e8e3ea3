import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PartialBoard } from "../board.js";
import { NQueensError } from "../errors.js";
import { BOARD_STYLES, type BoardStyle, formatBoard, formatChunks } from "./index.js";

const FOUR = [1, 3, 0, 2];
const PARTIAL: PartialBoard = { n: 4, queens: [{ row: 2, col: 3 }] };

const fullCases: [BoardStyle, string][] = [
  ["dots", ". Q . .\n. . . Q\nQ . . .\n. . Q ."],
  ["compact", ".Q..\n...Q\nQ...\n..Q."],
  ["stars", "*Q**\n***Q\nQ***\n**Q*"],
  ["cells", "|X| |Q| |X| |X|\n|X| |X| |X| |Q|\n|Q| |X| |X| |X|\n|X| |X| |Q| |X|"],
  [
    "grid",
    [
      "+---+---+---+---+",
      "|   | Q |   |   |",
      "+---+---+---+---+",
      "|   |   |   | Q |",
      "+---+---+---+---+",
      "| Q |   |   |   |",
      "+---+---+---+---+",
      "|   |   | Q |   |",
      "+---+---+---+---+",
    ].join("\n"),
  ],
  [
    "unicode",
    [
      "┌───┬───┬───┬───┐",
      "│   │ ♛ │   │   │",
      "├───┼───┼───┼───┤",
      "│   │   │   │ ♛ │",
      "├───┼───┼───┼───┤",
      "│ ♛ │   │   │   │",
      "├───┼───┼───┼───┤",
      "│   │   │ ♛ │   │",
      "└───┴───┴───┴───┘",
    ].join("\n"),
  ],
  ["perm", "1 3 0 2"],
  ["perm1", "2 4 1 3"],
  ["squares", "b1 d2 a3 c4"],
  ["lines", "n 4\n0 1\n1 3\n2 0\n3 2"],
  ["json", '{"n":4,"cols":[1,3,0,2]}'],
];

const partialCases: [BoardStyle, string][] = [
  ["dots", ". . . .\n. . . .\n. . . Q\n. . . ."],
  ["compact", "....\n....\n...Q\n...."],
  ["stars", "****\n****\n***Q\n****"],
  ["cells", "|X| |X| |X| |X|\n|X| |X| |X| |X|\n|X| |X| |X| |Q|\n|X| |X| |X| |X|"],
  ["perm", "- - 3 -"],
  ["perm1", "- - 4 -"],
  ["squares", "n 4\nd3"],
  ["lines", "n 4\n2 3"],
  ["json", '{"n":4,"queens":[{"row":2,"col":3}]}'],
];

describe("formatBoard", () => {
  for (const [style, expected] of fullCases) {
    test(`${style} of the solution 1 3 0 2`, () => {
      assert.equal(formatBoard(FOUR, style), expected);
    });
  }
  for (const [style, expected] of partialCases) {
    test(`${style} of a partial board`, () => {
      assert.equal(formatBoard(PARTIAL, style), expected);
    });
  }

  test("a partial board in the grid has blank cells", () => {
    const lines = formatBoard(PARTIAL, "grid").split("\n");
    assert.equal(lines.length, 9);
    assert.equal(lines[5], "|   |   |   | Q |");
    assert.equal(lines[1], "|   |   |   |   |");
  });

  test("a board as a PartialBoard draws the same text as its Solution, except json", () => {
    const board: PartialBoard = { n: 4, queens: FOUR.map((col, row) => ({ row, col })) };
    for (const style of BOARD_STYLES) {
      if (style === "json") continue;
      assert.equal(formatBoard(board, style), formatBoard(FOUR, style), style);
    }
    assert.equal(
      formatBoard(board, "json"),
      '{"n":4,"queens":[{"row":0,"col":1},{"row":1,"col":3},{"row":2,"col":0},{"row":3,"col":2}]}',
    );
  });

  test("an empty board and n = 1", () => {
    assert.equal(formatBoard({ n: 2, queens: [] }, "compact"), "..\n..");
    assert.equal(formatBoard({ n: 2, queens: [] }, "squares"), "n 2");
    assert.equal(formatBoard({ n: 2, queens: [] }, "lines"), "n 2");
    assert.equal(formatBoard({ n: 2, queens: [] }, "perm"), "- -");
    assert.equal(formatBoard([0], "dots"), "Q");
    assert.equal(formatBoard([0], "grid"), "+---+\n| Q |\n+---+");
  });

  test("two queens in one row: matrix styles draw both, perm styles refuse", () => {
    const board: PartialBoard = {
      n: 3,
      queens: [
        { row: 1, col: 2 },
        { row: 1, col: 0 },
      ],
    };
    assert.equal(formatBoard(board, "compact"), "...\nQ.Q\n...");
    assert.equal(formatBoard(board, "squares"), "n 3\na2 c2");
    assert.equal(formatBoard(board, "lines"), "n 3\n1 0\n1 2");
    assert.throws(() => formatBoard(board, "perm"), {
      name: "NQueensError",
      message: "the perm style shows at most one queen per row: row 1 has 2",
    });
  });

  const errors: [string, PartialBoard | number[], string][] = [
    [
      "a queen off the board",
      { n: 4, queens: [{ row: 4, col: 0 }] },
      "queen at (4, 0) is off the 4x4 board",
    ],
    ["a column off the board", [0, 5, 1], "queen at (1, 5) is off the 3x3 board"],
    [
      "two queens on one square",
      {
        n: 4,
        queens: [
          { row: 1, col: 1 },
          { row: 1, col: 1 },
        ],
      },
      "two queens on one square: (1, 1)",
    ],
    ["size 0", { n: 0, queens: [] }, "a board needs a size of at least 1: got 0"],
    ["an empty solution", [], "a board needs a size of at least 1: got 0"],
  ];
  for (const [what, board, message] of errors) {
    test(`refuses ${what}`, () => {
      assert.throws(
        () => formatBoard(board, "dots"),
        (e: unknown) => {
          assert.ok(e instanceof NQueensError);
          assert.equal(e.message, message);
          return true;
        },
      );
    });
  }

  test("refuses an unknown style, naming it", () => {
    assert.throws(() => formatBoard(FOUR, "fancy" as BoardStyle), /got 'fancy'/);
  });

  test("n = 1000 in every text style, in time", () => {
    const cols = Array.from({ length: 1000 }, (_, r) => (r * 2) % 1000);
    const perm = formatBoard(cols, "perm");
    assert.equal(perm.split(" ").length, 1000);
    assert.equal(perm.split(" ")[501], "2");
    const judge = formatBoard(cols, "compact").split("\n");
    assert.equal(judge.length, 1000);
    assert.equal(judge[3]!.length, 1000);
    assert.equal(judge[3]!.indexOf("Q"), 6);
    assert.equal(formatBoard(cols, "grid").split("\n").length, 2001);
    assert.equal(formatBoard(cols, "squares").split(" ")[999], "alk1000");
  });
});

describe("blocked squares and excluded diagonals", () => {
  // n = 4, a queen at (0, 1), (1, 0) blocked, the sum diagonal 6 (the corner (3, 3)) excluded.
  const b = {
    n: 4,
    queens: [{ row: 0, col: 1 }],
    blocked: [{ row: 1, col: 0 }],
    excluded: { sums: [6], differences: [] },
  };
  const drawn: [BoardStyle, string][] = [
    ["dots", ". Q . .\nx . . .\n. . . .\n. . . x"],
    ["compact", ".Q..\nx...\n....\n...x"],
    ["stars", "*Q**\nx***\n****\n***x"],
    ["binary", "0 1 0 0\nx 0 0 0\n0 0 0 0\n0 0 0 x"],
    ["cells", "|X| |Q| |X| |X|\n|#| |X| |X| |X|\n|X| |X| |X| |X|\n|X| |X| |X| |#|"],
    [
      "grid",
      "+---+---+---+---+\n|   | Q |   |   |\n+---+---+---+---+\n| # |   |   |   |\n+---+---+---+---+\n|   |   |   |   |\n+---+---+---+---+\n|   |   |   | # |\n+---+---+---+---+",
    ],
    [
      "json",
      '{"n":4,"queens":[{"row":0,"col":1}],"blocked":[{"row":1,"col":0}],"excluded":{"sums":[6],"differences":[]}}',
    ],
    [
      "csplib",
      "letting n = 4\nletting init = [[0, 1]]\nletting blocks = [[2, 1]]\nletting numdiags = 1\nletting diags = [[6, 1]]",
    ],
  ];
  for (const [style, text] of drawn) {
    test(`${style} shows them`, () => assert.equal(formatBoard(b, style), text));
  }

  test("unicode draws ■, svg a grey square with a cross", () => {
    assert.match(formatBoard(b, "unicode"), /│ ■ │/);
    const svg = formatBoard(b, "svg");
    assert.match(svg, /<path d="M0 1h1v1h-1zM3 3h1v1h-1z" fill="#6b6b6b"\/>/);
    assert.match(svg, /stroke="#e8e8e8"/);
  });

  test("the one-line styles cannot show them and refuse", () => {
    for (const style of ["perm", "perm1", "squares", "lines", "aoj"] as const) {
      assert.throws(
        () => formatBoard(b, style),
        (e: unknown) =>
          e instanceof NQueensError &&
          e.message.startsWith(`the ${style} style cannot show blocked squares`),
      );
    }
  });

  test("a queen on a forbidden square is refused", () => {
    assert.throws(
      () =>
        formatBoard({ n: 4, queens: [{ row: 1, col: 0 }], blocked: [{ row: 1, col: 0 }] }, "dots"),
      (e: unknown) =>
        e instanceof NQueensError && /\(1, 0\) stands on a blocked square/.test(e.message),
    );
  });

  test("a solution's CSPLib file lists every queen as init", () => {
    assert.equal(
      formatBoard([1, 3, 0, 2], "csplib"),
      "letting n = 4\nletting init = [[0, 1], [1, 3], [2, 0], [3, 2]]",
    );
  });
});

describe("formatChunks streams every style of a big board in pieces of about 64 KB", () => {
  const n = 100_000;
  const cols = Array.from({ length: n }, (_, r) => (2 * r + (r < n / 2 ? 1 : 0)) % n);
  for (const style of ["svg", "perm", "json", "squares"] as const) {
    test(style, () => {
      let longest = 0;
      let pieces = 0;
      let total = 0;
      for (const chunk of formatChunks(cols, style)) {
        longest = Math.max(longest, chunk.length);
        total += chunk.length;
        pieces++;
      }
      assert.ok(longest < 70_000, `longest chunk ${longest} characters`);
      assert.ok(pieces > total / 70_000, `${pieces} chunks for ${total} characters`);
    });
  }
  test("an svg's options are checked when it is asked for, not when it is read", () => {
    assert.throws(() => formatChunks(FOUR, "svg", { size: -1 }), NQueensError);
  });
});
