// Reading never costs more than its limits allow, never throws, and quotes little of a bad value.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { board } from "../testing/boards.js";
import { BOARD_FORMS, detectForm, type ParseErrorCode, parseBoard, parseBoardAs } from "./index.js";

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
