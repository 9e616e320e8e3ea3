import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { board, EIGHT, queensOf } from "../testing/boards.js";
import {
  type BoardForm,
  detectForm,
  type ParseErrorCode,
  parseBoard,
  parseBoardAs,
} from "./index.js";

describe("detection reads each format or refuses; it never guesses", () => {
  const cases: [string, string, BoardForm | ParseErrorCode][] = [
    ["coordinates on one line are coordinates", "(0,1) (1,3) (2,0) (3,2)", "lines"],
    ["coordinates over lines", "(0, 1)\n(1, 3) (2, 0)\n(3, 2)", "lines"],
    ["a comma-separated permutation", "0,4,7,5,2,6,1,3", "perm"],
    ["comma-separated pairs on one line", "0 1, 1 3, 2 0, 3 2", "ambiguous"],
    ["the aoj judge input", "2\n2 2\n5 3", "aoj"],
    ["aoj with k = 0 lines is a perm of one", "0", "perm"],
    ["k that does not match the lines is not aoj", "3\n2 2\n5 3", "ambiguous"],
    ["a binary matrix without spaces", "0100\n0001\n1000\n0010", "binary"],
    ["a binary matrix with spaces", "0 1\n1 0", "binary"],
    ["Kattis-style stars and dots", `*.......\n..*.....\n${"........\n".repeat(6)}`, "ambiguous"],
    ["stars with a Q", "*Q**\n***Q\nQ***\n**Q*", "stars"],
    ["the unicode grid", "┌───┐\n│ ♛ │\n└───┘", "unicode"],
    ["the ascii grid", "+---+\n| Q |\n+---+", "grid"],
    ["a perm over several lines", "0 4\n7 5 2\n6 1 3", "ambiguous"],
  ];
  for (const [what, text, expected] of cases) {
    test(what, () => {
      const r = detectForm(text);
      if (r.ok) assert.equal(r.form, expected);
      else assert.equal(r.code, expected, r.error);
    });
  }
  test("coordinates on one line give the 4x4 board, not an 8-queen permutation", () => {
    assert.deepEqual(board(parseBoard("(0,1) (1,3) (2,0) (3,2)")), {
      n: 4,
      queens: queensOf([1, 3, 0, 2]),
    });
  });
  test("the aoj input is an 8x8 board", () => {
    assert.deepEqual(board(parseBoard("2\n2 2\n5 3")), {
      n: 8,
      queens: [
        { row: 2, col: 2 },
        { row: 5, col: 3 },
      ],
    });
  });
  test("a perm over several lines when named", () => {
    assert.deepEqual(board(parseBoardAs("0 4\n7 5 2\n6 1 3", "perm")), {
      n: 8,
      queens: queensOf(EIGHT),
    });
  });
});
