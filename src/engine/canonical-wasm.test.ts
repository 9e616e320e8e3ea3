import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { KNOWN_ORBITS, known } from "../testing/known-counts.js";
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

  test("total and unique are OEIS A000170 and A002562 for n = 1..15", () => {
    for (const c of known(1, 15)) {
      const r = countCanonicalWasm(c.n);
      assert.deepEqual([r.total, r.unique], [c.total, c.unique], `n=${c.n}`);
    }
  });

  test("the classes by size are the known ones (n = 4..14)", () => {
    for (const o of KNOWN_ORBITS) {
      const { classes } = countCanonicalWasm(o.n);
      assert.deepEqual(classes, { size8: o.size8, size4: o.size4, size2: o.size2 }, `n=${o.n}`);
    }
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

  test("n outside 1..31 is refused", () => {
    for (const n of [0, -1, 32, 2.5, Number.NaN]) {
      assert.throws(() => countCanonicalWasm(n), RangeError, `n=${n}`);
    }
  });
});
