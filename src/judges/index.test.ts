import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { SAMPLES } from "../testing/judges.js";
import {
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
