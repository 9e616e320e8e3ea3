import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { PartialBoard, Queen } from "../board.js";
import {
  BOARD_FORMS,
  BOARD_STYLES,
  type BoardForm,
  type BoardStyle,
  detectForm,
  formatBoard,
  type ParseErrorCode,
  type ParseResult,
  parseBoard,
  parseBoardAs,
} from "./index.js";

const EIGHT = [0, 4, 7, 5, 2, 6, 1, 3];
const queensOf = (cols: number[]): Queen[] => cols.map((col, row) => ({ row, col }));

function board(result: ParseResult): PartialBoard {
  if (!result.ok) assert.fail(`expected a board, got error: ${result.error}`);
  return result.board;
}

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

/**
 * Styles parseBoard reads back without being told the format: not `perm1` (a partial 1-based
 * line is refused or read as 0-based), not `aoj` (it does not write n: it reads back as the judge's 8x8).
 */
const ROUND_TRIP: BoardStyle[] = BOARD_STYLES.filter(
  (s) => s !== "svg" && s !== "perm1" && s !== "aoj",
);

/** Plain queen objects (fast-check builds records without a prototype) in row order. */
const sorted = (qs: readonly Queen[]) =>
  qs.map((q) => ({ row: q.row, col: q.col })).sort((a, b) => a.row - b.row || a.col - b.col);

describe("round trip: parse(format(board)) is the board", () => {
  test("n = 8 solution, every style", () => {
    for (const style of [...ROUND_TRIP, "perm1" as const]) {
      assert.deepEqual(
        board(parseBoard(formatBoard(EIGHT, style))),
        { n: 8, queens: queensOf(EIGHT) },
        style,
      );
    }
  });

  const partialBoards = fc.integer({ min: 1, max: 12 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      queens: fc.uniqueArray(fc.record({ row: fc.nat(n - 1), col: fc.nat(n - 1) }), {
        maxLength: n * 2,
        selector: (q) => q.row * n + q.col,
      }),
    }),
  );

  test("random partial boards, every style but perm", () => {
    fc.assert(
      fc.property(partialBoards, (b) => {
        for (const style of ROUND_TRIP) {
          if (style === "perm") continue;
          // A 1x1 binary board without a queen is "0", which reads as the permutation [0].
          if (style === "binary" && b.n === 1) continue;
          const parsed = board(parseBoard(formatBoard(b, style)));
          assert.deepEqual(parsed, { n: b.n, queens: sorted(b.queens) }, style);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("random boards with at most one queen a row, perm and perm1", () => {
    const oneARow = fc
      .integer({ min: 1, max: 40 })
      .chain((n) =>
        fc.array(fc.option(fc.nat(n - 1), { nil: undefined }), { minLength: n, maxLength: n }),
      );
    fc.assert(
      fc.property(oneARow, (cols) => {
        const b: PartialBoard = {
          n: cols.length,
          queens: cols.flatMap((col, row) => (col === undefined ? [] : [{ row, col }])),
        };
        const perm = parseBoard(formatBoard(b, "perm"));
        // Read both ways (a partial line without column 0): refused, never guessed.
        const placed = b.queens.map((q) => q.col);
        const both = b.queens.length < b.n && !placed.includes(0) && b.queens.length > 0;
        if (both) assert.equal(!perm.ok && perm.code, "ambiguous-permutation");
        else assert.deepEqual(board(perm), b);
        assert.deepEqual(board(parseBoardAs(formatBoard(b, "perm"), "perm")), b);
        assert.deepEqual(board(parseBoardAs(formatBoard(b, "perm1"), "perm1")), b);
      }),
      { numRuns: 60 },
    );
  });

  test("random partial boards, every style named, aoj with its size", () => {
    fc.assert(
      fc.property(partialBoards, (b) => {
        for (const style of BOARD_FORMS) {
          if (style === "perm" || style === "perm1") continue;
          const parsed = board(parseBoardAs(formatBoard(b, style), style, { n: b.n }));
          assert.deepEqual(parsed, { n: b.n, queens: sorted(b.queens) }, style);
        }
      }),
      { numRuns: 60 },
    );
  });

  test("n = 1000 perm and compact", () => {
    const cols = Array.from({ length: 1000 }, (_, r) => (r * 7) % 1000);
    for (const style of ["perm", "compact", "squares"] as const) {
      const parsed = board(parseBoard(formatBoard(cols, style)));
      assert.equal(parsed.n, 1000, style);
      assert.deepEqual(parsed.queens, queensOf(cols), style);
    }
  });
});

describe("limits are checked while reading", () => {
  const cases: [string, () => string, ParseErrorCode, RegExp][] = [
    ["2,001 matrix rows", () => ".\n".repeat(2001), "size", /more than 2,000 rows/],
    ["a row of 2,001 cells", () => "Q".repeat(2001), "size", /more than 2,000 cells/],
    ["a row of 10^6 cells", () => `${"Q.".repeat(500_000)}\n`, "size", /more than 2,000 cells/],
    [
      "JSON nested 10,000 deep",
      () => "[".repeat(10_000) + "]".repeat(10_000),
      "size",
      /deeper than 16/,
    ],
    ["JSON nested 17 deep", () => `${"[".repeat(17)}0${"]".repeat(17)}`, "size", /deeper than 16/],
    ["a perm of 10^6 + 1 rows", () => "0 ".repeat(1_000_001), "size", /1,000,000/],
    [
      "lines of 10^6 + 1 queens",
      () => "n 5\n".concat("1 1\n".repeat(1_000_001)),
      "size",
      /1,000,000/,
    ],
    ["a size past the limit", () => "n 1000001", "size", /1 to 1,000,000/],
    ["JSON n past the limit", () => '{"n":1e9,"queens":[]}', "size", /1 to 1,000,000/],
    ["16M blank lines and a queen", () => `${"\n".repeat(16_000_000)}Q`, "size", /none/],
  ];
  for (const [what, make, code, message] of cases) {
    test(what, () => {
      const r = parseBoard(make());
      if (what.startsWith("16M")) {
        assert.deepEqual(r, {
          ok: true,
          form: "compact",
          board: { n: 1, queens: [{ row: 0, col: 0 }] },
        });
        return;
      }
      assert.equal(r.ok, false);
      if (!r.ok) {
        assert.equal(r.code, code, r.error);
        assert.match(r.error, message);
        assert.ok(r.error.length < 200, `a short message: ${r.error.length} characters`);
      }
    });
  }
  describe("a JSON board's size is checked in the text, before JSON.parse builds it", () => {
    const big = `[${"0,".repeat(1_000_000)}0]`; // 10^6 + 1 columns, 4 MB
    const cases: [string, string, string][] = [
      [
        "n past the limit",
        `{"n":2000000,"cols":[${"0,".repeat(999_999)}0]}`,
        "\"n\" must be a whole number from 1 to 1,000,000: got '2000000'",
      ],
      [
        "n 1e9 with queens",
        '{"queens":[],"n":1e9}',
        "\"n\" must be a whole number from 1 to 1,000,000: got '1000000000'",
      ],
      ["n 0", '{"n":0,"queens":[]}', "\"n\" must be a whole number from 1 to 1,000,000: got '0'"],
      [
        "the last n counts",
        '{"n":5,"n":-3,"queens":[]}',
        "\"n\" must be a whole number from 1 to 1,000,000: got '-3'",
      ],
      ["a list of 10^6 + 1 columns", big, "at most 1,000,000 rows"],
    ];
    for (const [what, text, error] of cases) {
      test(what, (t) => {
        const parse = t.mock.method(JSON, "parse");
        assert.deepEqual(parseBoardAs(text, "json"), { ok: false, code: "size", error });
        assert.equal(parse.mock.callCount(), 0, "refused before JSON.parse");
        t.mock.restoreAll();
        assert.deepEqual(parseBoard(text), { ok: false, code: "size", error }, "detected too");
      });
    }
    test("a first n out of range that a later n replaces is no refusal", () => {
      assert.equal(parseBoardAs('{"n":9999999,"n":4,"cols":[1,3,0,2]}', "json").ok, true);
      assert.equal(parseBoardAs('{"n":"9999999","cols":[1,3,0,2]}', "json").ok, false);
      assert.equal(parseBoardAs('{"x":{"n":9999999},"cols":[1,3,0,2]}', "json").ok, true);
    });
  });

  test("a 10^6-queen permutation reads (6.9 MB)", () => {
    const n = 1_000_000;
    const cols = Array.from({ length: n }, (_, r) => (2 * r + 1) % n);
    const r = board(parseBoard(cols.join(" ")));
    assert.equal(r.n, n);
    assert.equal(r.queens.length, n);
    assert.deepEqual(r.queens[n - 1], { row: n - 1, col: cols[n - 1] });
  });
});

describe("messages quote at most about 40 characters, control characters escaped", () => {
  const cases: [string, string][] = [
    ["a 1 MB line of junk", `${"x".repeat(1_000_000)}`],
    ["an escape sequence", "Q.\n\u001b[2J\u001b[31m"],
    ["a bad perm value", `0 1 ${"9".repeat(5000)}`],
    ["bad JSON", `{"n": "\u001b]0;title\u0007${"a".repeat(100)}"}`],
    ["a bad square", `n 4\n${"a".repeat(300)}0`],
  ];
  for (const [what, text] of cases) {
    test(what, () => {
      const r = parseBoard(text);
      assert.equal(r.ok, false);
      if (r.ok) return;
      assert.ok(r.error.length < 240, `message of ${r.error.length} characters: ${r.error}`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
      assert.doesNotMatch(r.error, /[\u0000-\u001f\u007f]/);
    });
  }
});

describe("no parser throws, whatever the string", () => {
  const pieces = fc.constantFrom(
    "Q",
    ".",
    "*",
    "1",
    "0",
    " ",
    "\n",
    "\r",
    "\t",
    ",",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    '"',
    ":",
    "|",
    "+",
    "-",
    "n",
    "n 8",
    "a1",
    "♛",
    "\u001b",
    "\uFEFF",
    "-1",
    "99999999999",
    "null",
    '{"n":',
    '"cols":',
    '"queens":',
    '{"row":1,"col":2}',
    "┌",
    "─",
    "│",
    "x",
    "e8",
    "1e9",
    "letting ",
    "n = ",
    "init = [[",
    "blocks = [[1, 2]]",
    "diags = [[3, 1], [4, 0]]",
    "numdiags = ",
    " be ",
    "$",
    "#",
    "■",
    '"blocked":[[0,1]]',
    '"excluded":{"sums":[1],"differences":[2]}',
    '"diags":[[1,0]],"d":1',
  );
  const inputs = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 100 }),
    fc.array(pieces, { maxLength: 60 }).map((p) => p.join("")),
  );
  test("parseBoard, parseBoardAs for every format, detectForm", () => {
    fc.assert(
      fc.property(
        inputs,
        fc.option(fc.integer({ min: -3, max: 12 }), { nil: undefined }),
        (text, n) => {
          const options = n === undefined ? {} : { n };
          for (const r of [
            parseBoard(text, options),
            ...BOARD_FORMS.map((f) => parseBoardAs(text, f, options)),
          ]) {
            assert.equal(typeof r.ok, "boolean");
            if (!r.ok) assert.ok(r.error.length > 0 && !r.error.includes("\n"));
          }
          assert.equal(typeof detectForm(text).ok, "boolean");
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("a value that is not a string is a syntax failure, not a TypeError", () => {
  const values: [unknown, string][] = [
    [null, "expected a string, got null"],
    [undefined, "expected a string, got undefined"],
    [42, "expected a string, got a number"],
    [{}, "expected a string, got an object"],
    [[], "expected a string, got a list"],
  ];
  for (const [value, error] of values) {
    test(String(JSON.stringify(value) ?? value), () => {
      const text = value as string; // what plain JavaScript can pass
      for (const r of [
        parseBoard(text),
        parseBoard(text, { n: 8 }),
        ...BOARD_FORMS.map((f) => parseBoardAs(text, f)),
        detectForm(text),
      ]) {
        assert.deepEqual(r, { ok: false, code: "syntax", error });
      }
    });
  }
});

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
