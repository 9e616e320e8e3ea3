import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { MAX_JUDGE_LINES } from "../limits.js";
import { SAMPLES } from "../testing/judges.js";
import {
  checkBoj9175,
  checkPoj3239,
  JUDGE_NAMES,
  JUDGES,
  judge,
  parseAojInput,
  solveAoj,
  solveBoj9175,
  solveKattis,
  solveLeetcode51,
  solveLeetcode52,
  solvePoj3239,
} from "./index.js";

test("JUDGES lists every name once, in JUDGE_NAMES order", () =>
  assert.deepEqual(
    JUDGES.map((j) => j.name),
    [...JUDGE_NAMES],
  ));

test("every judge has a sample, a page, and formats that fit a line of --help (61 characters)", () => {
  for (const j of JUDGES) {
    assert.ok(SAMPLES[j.name].length > 0, j.name);
    assert.match(j.url, /^https?:\/\/\S+$/);
    for (const text of [j.problem, j.input, j.output]) {
      assert.doesNotMatch(text, /\n/);
      assert.ok(text.length <= 61, `${j.name}: ${text.length} characters: ${text}`);
    }
  }
});

test("every judge answers its samples (exactly, unless any answer is accepted)", () => {
  for (const name of JUDGE_NAMES) {
    for (const s of SAMPLES[name]) {
      const r = judge(name).solve(s.input);
      const output = r.ok ? r.output : r.code === "no" ? r.output : `malformed: ${r.error}`;
      if (!s.anyAnswer) assert.equal(output, s.output, name);
      else assert.equal(output.split("\n").length, s.output.split("\n").length, name);
    }
  }
});

test("a value that is not a string is malformed (syntax), for every judge and parseAojInput", () => {
  const values: [unknown, string][] = [
    [null, "expected a string, got null"],
    [undefined, "expected a string, got undefined"],
    [42, "expected a string, got a number"],
    [{}, "expected a string, got an object"],
    [[], "expected a string, got a list"],
  ];
  const solvers: [string, (input: string) => unknown][] = [
    ...JUDGES.map((j): [string, (input: string) => unknown] => [j.name, j.solve]),
    ["solveAoj", solveAoj],
    ["solveBoj9175", solveBoj9175],
    ["solveKattis", solveKattis],
    ["solveLeetcode51", solveLeetcode51],
    ["solveLeetcode52", solveLeetcode52],
    ["solvePoj3239", solvePoj3239],
    ["parseAojInput", parseAojInput],
  ];
  for (const [value, error] of values) {
    for (const [name, solve] of solvers) {
      assert.deepEqual(solve(value as string), { ok: false, code: "syntax", error }, name);
    }
  }
});

test("no judge throws, whatever the string: a result, its error one line", () => {
  const pieces = fc.constantFrom(
    "0",
    "1",
    "8",
    "12",
    "300",
    "301",
    "-1",
    " ",
    "\n",
    "\r\n",
    "*",
    ".",
    "Q",
    "n = 4",
    "k",
    "2 2",
    "9 9",
    "99999999999999999999",
    "\u001b",
    "\uFEFF",
    ",",
    "(",
    "@",
  );
  const inputs = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.array(pieces, { maxLength: 80 }).map((p) => p.join("")),
  );
  fc.assert(
    fc.property(inputs, (text) => {
      for (const name of JUDGE_NAMES) {
        const r = judge(name).solve(text);
        assert.equal(typeof r.ok, "boolean", name);
        if (!r.ok) assert.ok(r.error.length > 0 && !r.error.includes("\n"), `${name}: ${r.error}`);
      }
    }),
    { numRuns: 300 },
  );
});

test("an input past MAX_JUDGE_LINES non-blank lines is refused by every judge as too long, naming the limit", () => {
  const limit = "the input has more than 100,000 non-blank lines, the limit for a judge's input";
  const past = `${"8\n".repeat(MAX_JUDGE_LINES + 1)}0\n`;
  for (const j of JUDGES) {
    assert.deepEqual(j.solve(past), { ok: false, code: "size", error: limit }, j.name);
    if (j.check) assert.deepEqual(j.check(past, ""), { ok: false, code: "size", error: limit });
  }
  assert.deepEqual(parseAojInput(past), { ok: false, code: "size", error: limit });
  // Blank lines are not counted: a count of cases and exactly the limit's lines is read.
  const at = `${MAX_JUDGE_LINES - 1}\n\n${"4\n\n".repeat(MAX_JUDGE_LINES - 1)}`;
  const r = solveBoj9175(at);
  assert.ok(r.ok, r.ok ? "" : r.error);
});

test("a line of a million words is read word by word: counted, never split whole", () => {
  const line = `${"1 ".repeat(1_000_000)}\n`;
  assert.deepEqual(checkPoj3239("8\n0\n", line), {
    ok: false,
    code: "no",
    error: "wrong answer: case 1 (n = 8): line 1 has 1,000,000 numbers, expected 8",
    output: "wrong answer\n",
  });
  const r = checkBoj9175("1\n4\n", `4 1 3 0 2 ${"5 ".repeat(1_000_000)}`);
  assert.equal(r.ok ? "" : r.error, "wrong answer: the output goes on after the last case: '5'");
  const kattis = solveKattis(`${".".repeat(1_000_000)}\n`);
  assert.equal(
    kattis.ok ? "" : kattis.error,
    `line 1: expected 8 squares, got 1000000: '${".".repeat(39)}…' (1,000,000 characters)`,
  );
});
