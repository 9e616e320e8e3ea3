// How messages show what they were given: a little of it, in one line, whatever it is.
import assert from "node:assert/strict";
import { test } from "node:test";
import { NQueensError, notAChoice, shownName, shownPath } from "./errors.js";

test("shownPath: a path whole up to 160 characters, else its ends and its length, one line", () => {
  const long = `/data/${"d".repeat(200)}/run.ckpt`;
  const table: [string, string][] = [
    ["run.ckpt", "run.ckpt"],
    ["a".repeat(160), "a".repeat(160)],
    [long, `/data/${"d".repeat(34)}…${"d".repeat(15)}/run.ckpt (215 characters)`],
    ["a\nb\u001b", "a\\x0ab\\x1b"],
    ["run\u202egol.ckpt", "run\\u202egol.ckpt"], // a right-to-left override would disguise it
  ];
  for (const [path, shown] of table) assert.equal(shownPath(path), shown);
});

test("shownName: a string quoted a little, anything else by its kind", () => {
  const table: [unknown, string][] = [
    ["box", "'box'"],
    ["x".repeat(100), `'${"x".repeat(39)}…' (100 characters)`],
    [Symbol("s"), "a symbol"],
    [Object.create(null), "an object"],
    [[], "an array"],
    [5, "5"],
    [null, "null"],
  ];
  for (const [value, shown] of table) assert.equal(shownName(value), shown);
});

test("notAChoice: one line naming the choices, its details the option and the value", () => {
  const e = notAChoice("the kind", Symbol("s"), ["a", "b"], "kind");
  assert.ok(e instanceof NQueensError);
  assert.equal(e.message, "the kind must be one of a, b: got a symbol");
  assert.equal(e.code, "not-a-choice");
  assert.deepEqual(e.details, { option: "kind", value: "a symbol", choices: ["a", "b"] });
  assert.deepEqual(notAChoice("style", "box", ["dots"]).details.value, "box");
});
