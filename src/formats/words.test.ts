// The scanners that read a long line without building its words agree with the plain readings
// they replace: words() and a regular expression, over generated text that mixes every separator.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { eachWord, firstWord, INTEGER, integerAt, numbersOnly, words } from "./read.js";

/** detect.ts's former test for a line of numbers: the reference numbersOnly must agree with. */
const NUMBERS = /^(?:[+-]?\d+|-)(?:[\s,]+(?:[+-]?\d+|-))*$/;

/** Text from pieces that matter here: digits, signs, every kind of separator, other letters. */
const PIECES = [
  "0",
  "1",
  "7",
  "12",
  "-",
  "+",
  ",",
  " ",
  "\t",
  "\u00a0",
  "\u2003",
  "\u3000",
  "\ufeff",
  "x",
  "Q",
  ".",
  "\u2212",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((a) => a.join(""));

describe("scanning words without building them", () => {
  test("eachWord visits exactly the words of words(), in order", () => {
    fc.assert(
      fc.property(text, (t) => {
        const seen: string[] = [];
        eachWord(t, (s, e) => seen.push(t.slice(s, e)));
        assert.deepEqual(seen, words(t));
      }),
      { numRuns: 2000 },
    );
  });
  test("firstWord is words()[0]", () => {
    fc.assert(
      fc.property(text, (t) => assert.equal(firstWord(t), words(t)[0])),
      { numRuns: 1000 },
    );
  });
  test("numbersOnly agrees with the regular expression", () => {
    fc.assert(
      fc.property(text, (t) => assert.equal(numbersOnly(t), NUMBERS.test(t), JSON.stringify(t))),
      { numRuns: 3000 },
    );
  });
  const integers: [string, number][] = [
    ["0", 0],
    ["-0", -0],
    ["+5", 5],
    ["-12", -12],
    ["007", 7],
    ["9007199254740993", 2 ** 53], // rounds as Number("9007199254740993") does
    ["99999999999999999999", 1e20],
    ["+", Number.NaN],
    ["-", Number.NaN],
    ["1e3", Number.NaN],
    ["\u22121", Number.NaN],
  ];
  for (const [word, value] of integers) {
    test(`integerAt(${JSON.stringify(word)}) is ${value}, as Number reads a whole number`, () => {
      const v = integerAt(` ${word},`, 1, word.length + 1);
      assert.ok(Object.is(v, value), `${v}`);
      assert.ok(Object.is(v, INTEGER.test(word) ? Number(word) : Number.NaN));
    });
  }
  test("firstWord fails as words() does past its limit", () => {
    const failure = (e: unknown) =>
      (e as { error?: string }).error === "more than 2 values on one line";
    assert.throws(() => firstWord("1 2 3", 2), failure);
    assert.throws(() => words("1 2 3", 2), failure);
    assert.equal(firstWord("1 2", 2), "1");
  });
});
