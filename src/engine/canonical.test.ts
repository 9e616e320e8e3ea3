import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { KNOWN_ORBITS, known } from "../testing/known-counts.js";
import { countCanonical } from "./canonical.js";
import { countCanonicalWasm } from "./canonical-wasm.js";

// The readable search and the same search as WebAssembly (canonical-wasm.test.ts compares the
// two node for node), against the known counts.
for (const [name, counter] of [
  ["countCanonical", countCanonical],
  ["countCanonicalWasm", countCanonicalWasm],
] as const) {
  describe(`${name}: the counts by canonical forms`, () => {
    test("total and unique are OEIS A000170 and A002562 for n = 1..15", () => {
      for (const c of known(1, 15)) {
        const r = counter(c.n);
        assert.deepEqual([r.total, r.unique], [c.total, c.unique], `n=${c.n}`);
      }
    });

    test("the classes by size are the known ones (n = 4..14)", () => {
      for (const o of KNOWN_ORBITS) {
        const { classes } = counter(o.n);
        assert.deepEqual(classes, { size8: o.size8, size4: o.size4, size2: o.size2 }, `n=${o.n}`);
      }
    });

    test("n outside 1..31 is refused", () => {
      for (const n of [0, -1, 32, 2.5, Number.NaN]) {
        assert.throws(() => counter(n), RangeError, `n=${n}`);
      }
    });
  });
}

describe("countCanonical: its cuts", () => {
  // The cuts are the point of the method: it visits well under a third of the nodes of a plain
  // row-by-row search, counted here by a search written in the test.
  test("it visits fewer than a third of the plain search's nodes (n = 8..12)", () => {
    const plainNodes = (n: number): number => {
      const all = 2 ** n - 1;
      let nodes = 0;
      const place = (used: number, left: number, right: number) => {
        let free = all & ~(used | left | right);
        while (free !== 0) {
          const bit = free & -free;
          free ^= bit;
          nodes++;
          place(used | bit, ((left | bit) << 1) & all, (right | bit) >>> 1);
        }
      };
      place(0, 0, 0);
      return nodes;
    };
    for (let n = 8; n <= 12; n++) {
      const { nodes } = countCanonical(n);
      assert.ok(nodes * 3 < plainNodes(n), `n=${n}: ${nodes} of ${plainNodes(n)}`);
    }
  });
});
