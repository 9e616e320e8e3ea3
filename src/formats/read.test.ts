import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PartialBoard } from "../board.js";
import { board, EIGHT, queensOf } from "../testing/boards.js";
import {
  type BoardForm,
  detectForm,
  type ParseErrorCode,
  type ParseResult,
  parseBoard,
  parseBoardAs,
} from "./index.js";

/** Inputs that parse, the form they are detected as, and the board (queens in row order). */
const good: [string, string, BoardForm, PartialBoard][] = [
  ["dots", ". Q . .\n. . . Q\nQ . . .\n. . Q .", "dots", { n: 4, queens: queensOf([1, 3, 0, 2]) }],
  ["compact rows", ".Q..\n...Q\nQ...\n..Q.\n", "compact", { n: 4, queens: queensOf([1, 3, 0, 2]) }],
  ["stars", "*Q**\n***Q\nQ***\n**Q*", "stars", { n: 4, queens: queensOf([1, 3, 0, 2]) }],
  [
    "0/1 with spaces",
    "0 1 0\n0 0 0\n1 0 0",
    "binary",
    {
      n: 3,
      queens: [
        { row: 0, col: 1 },
        { row: 2, col: 0 },
      ],
    },
  ],
  [
    "0/1 without spaces",
    "010\n000\n100",
    "binary",
    {
      n: 3,
      queens: [
        { row: 0, col: 1 },
        { row: 2, col: 0 },
      ],
    },
  ],
  ["2x2 0/1 is a matrix, not lines", "1 0\n0 1", "binary", { n: 2, queens: queensOf([0, 1]) }],
  ["- _ q ♛ symbols", "-q\n♛_", "compact", { n: 2, queens: queensOf([1, 0]) }],
  [
    "two queens in one row still parse",
    "QQ\n..",
    "compact",
    {
      n: 2,
      queens: [
        { row: 0, col: 0 },
        { row: 0, col: 1 },
      ],
    },
  ],
  ["CRLF and blank lines", "\r\n.Q\r\n\r\nQ.\r\n", "compact", { n: 2, queens: queensOf([1, 0]) }],
  [
    "Java tutorial cells",
    "| Q | | X | | X |\n| X | | X | | Q |\n| X | | X | | X |",
    "cells",
    {
      n: 3,
      queens: [
        { row: 0, col: 0 },
        { row: 1, col: 2 },
      ],
    },
  ],
  [
    "ASCII grid",
    "+---+---+\n|   | Q |\n+---+---+\n| Q |   |\n+---+---+",
    "grid",
    { n: 2, queens: queensOf([1, 0]) },
  ],
  ["perm", "0 4 7 5 2 6 1 3", "perm", { n: 8, queens: queensOf(EIGHT) }],
  ["perm with commas", "1, 3, 0, 2", "perm", { n: 4, queens: queensOf([1, 3, 0, 2]) }],
  ["perm1 (holds n, no 0)", "1 5 8 6 3 7 2 4", "perm1", { n: 8, queens: queensOf(EIGHT) }],
  [
    "partial perm",
    "- 2 - 0",
    "perm",
    {
      n: 4,
      queens: [
        { row: 1, col: 2 },
        { row: 3, col: 0 },
      ],
    },
  ],
  [
    "r c lines: n is the count",
    "0 1\n1 3\n2 0\n3 2",
    "lines",
    { n: 4, queens: queensOf([1, 3, 0, 2]) },
  ],
  [
    "r c lines after n 8, sorted",
    "n 8\n5 3\n2 2",
    "lines",
    {
      n: 8,
      queens: [
        { row: 2, col: 2 },
        { row: 5, col: 3 },
      ],
    },
  ],
  [
    "n=8 and (r, c)",
    "n=8\n(2, 2)\n5,3",
    "lines",
    {
      n: 8,
      queens: [
        { row: 2, col: 2 },
        { row: 5, col: 3 },
      ],
    },
  ],
  ["a size line alone is an empty board", "n: 6", "lines", { n: 6, queens: [] }],
  ["squares", "a1 e2 h3 f4 c5 g6 b7 d8", "squares", { n: 8, queens: queensOf(EIGHT) }],
  [
    "squares, upper case, lines",
    "B1\nD2\nA3\nC4",
    "squares",
    { n: 4, queens: queensOf([1, 3, 0, 2]) },
  ],
  ["squares after n", "n 30\naa27", "squares", { n: 30, queens: [{ row: 26, col: 26 }] }],
  ["json cols", '{"n":4,"cols":[1,3,0,2]}', "json", { n: 4, queens: queensOf([1, 3, 0, 2]) }],
  [
    "json cols with null",
    '{"n":3,"cols":[null,2,null]}',
    "json",
    { n: 3, queens: [{ row: 1, col: 2 }] },
  ],
  [
    "json queens",
    '{"n":8,"queens":[{"row":5,"col":3},{"row":2,"col":2}]}',
    "json",
    {
      n: 8,
      queens: [
        { row: 2, col: 2 },
        { row: 5, col: 3 },
      ],
    },
  ],
  ["json list of columns", "[1,3,0,2]", "json", { n: 4, queens: queensOf([1, 3, 0, 2]) }],
  [
    "json 0/1 matrix (Python tutorial)",
    "[[0,1],[1,0]]",
    "json",
    { n: 2, queens: queensOf([1, 0]) },
  ],
];

describe("parseBoard reads", () => {
  for (const [what, text, form, expected] of good) {
    test(what, () => {
      const r = parseBoard(text);
      assert.deepEqual(r, { ok: true, board: expected, form });
      assert.deepEqual(detectForm(text), { ok: true, form });
    });
  }
});

/** Inputs that do not parse, the error code and the exact message. */
const bad: [string, string, ParseErrorCode, string][] = [
  ["empty input", "", "empty", "empty input: no board in it"],
  ["white space only", " \n\t\n", "empty", "empty input: no board in it"],
  ["a comma", ",", "empty", "empty input: no board in it"],
  ["separators only", " ,;\n;,", "empty", "empty input: no board in it"],
  ["a byte-order mark only", "\uFEFF\n", "empty", "empty input: no board in it"],
  ["a ragged row", "Q...\n.Q..\n..Q\n...Q", "ragged", "row 2 has 3 cells, expected 4"],
  ["a ragged first row", "Q.\n.Q..\n....\n....", "ragged", "row 0 has 2 cells, expected 4"],
  [
    "an unknown symbol",
    "Q...\n...?\n....\n....",
    "symbol",
    "unknown symbol '?' at row 1, column 3",
  ],
  [
    "a digit other than 0/1",
    "0 1 0\n2 0 0\n0 0 0",
    "ambiguous",
    "lines of numbers that are not 'row col' pairs, a 0/1 matrix or the aoj judge input; name the format (for a permutation over several lines: perm)",
  ],
  [
    "a digit other than 0/1 without spaces",
    "Q1.\n2..\n...",
    "symbol",
    "unknown symbol '2' at row 1, column 0",
  ],
  [
    "a non-square matrix",
    "Q...\n....\n....",
    "shape",
    "the board has 3 rows of 4 cells; it must be square",
  ],
  [
    "a line off the board without n",
    "0 0\n1 2\n5 1",
    "range",
    "queen at (5, 1) on line 3 is off the 3x3 board (without a size line 'n N' the size is the number of queens)",
  ],
  [
    "a line off the board after n",
    "n 8\n0 0\n9 1",
    "range",
    "queen at (9, 1) on line 3 is off the 8x8 board",
  ],
  ["a negative row", "n 8\n-1 1", "range", "queen at (-1, 1) on line 2 is off the 8x8 board"],
  [
    "a line with three numbers",
    "n 8\n1 2\n1 2 3",
    "syntax",
    "line 3: expected two numbers 'row col', got '1 2 3'",
  ],
  [
    "two queens on one square",
    "n 8\n2 3\n2 3",
    "duplicate",
    "two queens on one square: (2, 3) on line 2 and on line 3",
  ],
  [
    "a bad size",
    "n eight\n1 1",
    "size",
    "the size on line 1 must be a whole number from 1 to 1,000,000: got 'eight'",
  ],
  ["a perm value out of range", "0 4 8 5 2 6 1 3", "range", "row 2 has column 8, outside 0..7"],
  [
    "a square off the board",
    "a1 c9",
    "range",
    "queen at (8, 2) (c9) is off the 2x2 board (without a size line 'n N' the size is the number of queens)",
  ],
  ["one square twice", "n 4\nb3 b3", "duplicate", "two queens on one square: (2, 1) (b3) and (b3)"],
  ["a bad square", "a1 b0", "syntax", "line 1: 'b0' is not a square like a1 or h8"],
  ["a bad cell", "|Q| |Z|\n|X| |X|", "symbol", "unknown symbol 'Z' at row 0, column 1"],
  [
    "text between cells",
    "|Q| z |X|\n|X| |X|",
    "syntax",
    "line 1: expected cells like |Q| |X|, got '|Q| z |X|'",
  ],
  [
    "a ragged grid",
    "+---+---+\n| Q |   |\n+---+---+\n| Q |\n+---+",
    "ragged",
    "row 1 has 1 cell, expected 2",
  ],
  [
    "a partial line that is a board 0-based and 1-based",
    "- - 3 - - 4 - -",
    "ambiguous-permutation",
    "'- - 3 - - 4 - -' reads as 0-based columns (perm) and as 1-based ones (perm1), two different boards; name the format (perm or perm1)",
  ],
  ["broken JSON", "{bad", "syntax", "invalid JSON at position 1: 'bad'"],
  [
    "JSON cols with a string",
    '{"n":2,"cols":[0,"1"]}',
    "syntax",
    `cols[1] must be a whole number or null: got '"1"'`,
  ],
  [
    "JSON n and cols disagree",
    '{"n":3,"cols":[0,1]}',
    "shape",
    '"n" is 3 but "cols" has 2 entries',
  ],
  ["JSON queens without n", '{"queens":[]}', "size", 'a "queens" list needs "n", the board size'],
  [
    "JSON queen off the board",
    '{"n":4,"queens":[{"row":4,"col":0}]}',
    "range",
    "queen at (4, 0) is off the 4x4 board",
  ],
  [
    "JSON with both cols and queens",
    '{"n":4,"cols":[1,3,0,2],"queens":[{"row":0,"col":0}]}',
    "syntax",
    '"cols" and "queens" both given: one way of placing the queens, please',
  ],
  [
    "JSON with both cols and queens, cols not a list",
    '{"n":4,"cols":null,"queens":[]}',
    "syntax",
    '"cols" and "queens" both given: one way of placing the queens, please',
  ],
  [
    "JSON of another shape",
    '{"rows":3}',
    "syntax",
    'expected {"n":8,"cols":[...]}, {"n":8,"queens":[{"row":0,"col":0}]}, a list of columns or a 0/1 matrix',
  ],
];

describe("parseBoard refuses", () => {
  for (const [what, text, code, error] of bad) {
    test(what, () => {
      assert.deepEqual(parseBoard(text), { ok: false, error, code });
    });
  }
});

describe("options.n", () => {
  const cases: [string, string, ParseResult][] = [
    [
      "a matrix of the right size",
      ".Q\nQ.",
      { ok: true, form: "compact", board: { n: 2, queens: queensOf([1, 0]) } },
    ],
    [
      "a matrix of another size",
      "Q..\n...\n...",
      { ok: false, code: "shape", error: "expected 2 rows, got 3" },
    ],
    [
      "a size line that disagrees",
      "n 3\n1 1",
      { ok: false, code: "shape", error: "the input gives size 3, expected 2" },
    ],
    [
      "a perm of another length",
      "0 2 1",
      { ok: false, code: "shape", error: "expected 2 columns, one per row, got 3" },
    ],
  ];
  for (const [what, text, expected] of cases) {
    test(what, () => assert.deepEqual(parseBoard(text, { n: 2 }), expected));
  }
  test("lines take n instead of their count", () => {
    assert.deepEqual(parseBoard("1 1\n3 4", { n: 5 }), {
      ok: true,
      form: "lines",
      board: {
        n: 5,
        queens: [
          { row: 1, col: 1 },
          { row: 3, col: 4 },
        ],
      },
    });
  });
});

describe("parseBoardAs", () => {
  test("a partial line that reads both ways needs the named form", () => {
    const text = "- 3 - 1";
    assert.deepEqual(board(parseBoardAs(text, "perm1")).queens, [
      { row: 1, col: 2 },
      { row: 3, col: 0 },
    ]);
    assert.deepEqual(board(parseBoardAs(text, "perm")).queens, [
      { row: 1, col: 3 },
      { row: 3, col: 1 },
    ]);
    const refused = parseBoard(text);
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.code, "ambiguous-permutation");
    assert.match(!refused.ok ? refused.error : "", /^'- 3 - 1' reads as .*\(perm or perm1\)$/);
  });
  test("perm forced 0-based refuses n", () => {
    assert.deepEqual(parseBoardAs("1 2 3", "perm"), {
      ok: false,
      code: "range",
      error: "row 2 has column 3, outside 0..2",
    });
  });
  test("a one-line matrix when named", () => {
    assert.deepEqual(board(parseBoardAs("1", "binary")), { n: 1, queens: [{ row: 0, col: 0 }] });
    assert.deepEqual(board(parseBoardAs("0", "binary")), { n: 1, queens: [] });
  });
  test("a grid that is all borders", () => {
    assert.deepEqual(parseBoardAs("+---+\n+---+", "grid"), {
      ok: false,
      code: "empty",
      error: "the grid has no rows of cells",
    });
  });
});
