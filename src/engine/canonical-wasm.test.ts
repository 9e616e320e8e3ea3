import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countCanonical } from "./canonical.js";
import {
  CANONICAL_FUNCS,
  CANONICAL_MEMORY,
  canonicalModule,
  countCanonicalWasm,
} from "./canonical-wasm.js";
import { assemble } from "./wasm-asm.js";

describe("countCanonicalWasm: the canonical search as WebAssembly", () => {
  test("the shipped module is the text assembled", () => {
    const bytes = assemble(CANONICAL_MEMORY, CANONICAL_FUNCS);
    const base64 = btoa(String.fromCharCode(...bytes));
    assert.deepEqual(canonicalModule(), bytes, `MODULE in canonical-wasm.ts is now "${base64}"`);
  });

  test("it is the readable search, node for node (n = 1..13)", () => {
    for (let n = 1; n <= 13; n++) {
      assert.deepEqual(countCanonicalWasm(n), countCanonical(n), `n=${n}`);
    }
  });

  test("a count after another starts clean (n = 12, 8, 12)", () => {
    const first = countCanonicalWasm(12);
    countCanonicalWasm(8);
    assert.deepEqual(countCanonicalWasm(12), first);
  });
});
