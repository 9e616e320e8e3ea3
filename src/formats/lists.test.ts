import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fileName } from "./lists.js";

describe("fileName", () => {
  const cases: [number, string][] = [
    [0, "a"],
    [7, "h"],
    [25, "z"],
    [26, "aa"],
    [51, "az"],
    [52, "ba"],
    [701, "zz"],
    [702, "aaa"],
    [998, "alk"],
  ];
  for (const [col, name] of cases) {
    test(`column ${col} is file ${name}`, () => assert.equal(fileName(col), name));
  }
});
