import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { isSolution } from "./board.js";
import { NQueensError } from "./errors.js";
import { solve } from "./solve.js";
import {
  canonical,
  images,
  isCanonical,
  orbitSize,
  TRANSFORMS,
  type Transform,
  transform,
  transformQueen,
} from "./symmetry.js";

/** Draws the board as text, row 0 on top, so that the cases below read as pictures. */
function picture(cols: readonly number[]): string[] {
  return cols.map((c) => `${".".repeat(c)}Q${".".repeat(cols.length - c - 1)}`);
}

/** The image of a drawing under each transform, computed on the characters, not on cols. */
function turnPicture(rows: string[], t: Transform): string[] {
  const n = rows.length;
  const at = (r: number, c: number) => rows[r]![c]!;
  const out: string[] = [];
  for (let r = 0; r < n; r++) {
    let line = "";
    for (let c = 0; c < n; c++) {
      // The square of the source drawing that lands on (r, c).
      const from: Record<Transform, [number, number]> = {
        identity: [r, c],
        rot90: [n - 1 - c, r],
        rot180: [n - 1 - r, n - 1 - c],
        rot270: [c, n - 1 - r],
        flipH: [r, n - 1 - c],
        flipV: [n - 1 - r, c],
        transpose: [c, r],
        antiTranspose: [n - 1 - c, n - 1 - r],
      };
      line += at(...from[t]);
    }
    out.push(line);
  }
  return out;
}

// A solution with no symmetry, so each transform gives a different board.
const sample = [0, 4, 7, 5, 2, 6, 1, 3];

for (const t of TRANSFORMS) {
  test(`transform ${t} moves the queens as the picture does`, () => {
    assert.deepEqual(picture(transform(sample, t)), turnPicture(picture(sample), t));
  });
  test(`transformQueen ${t} agrees with transform`, () => {
    const image = transform(sample, t);
    for (let row = 0; row < sample.length; row++) {
      const q = transformQueen(8, { row, col: sample[row]! }, t);
      assert.equal(image[q.row], q.col);
    }
  });
}

const compositions: { first: Transform; after: Transform; is: Transform }[] = [
  { first: "rot90", after: "rot90", is: "rot180" },
  { first: "rot90", after: "rot180", is: "rot270" },
  { first: "rot270", after: "rot90", is: "identity" },
  { first: "flipH", after: "flipV", is: "rot180" },
  { first: "transpose", after: "antiTranspose", is: "rot180" },
  { first: "flipH", after: "rot90", is: "antiTranspose" },
  { first: "rot90", after: "flipH", is: "transpose" },
];
for (const c of compositions) {
  test(`${c.after} after ${c.first} is ${c.is}`, () => {
    assert.deepEqual(transform(transform(sample, c.first), c.after), transform(sample, c.is));
  });
}

const orbitCases: { cols: number[]; orbit: number }[] = [
  { cols: [0], orbit: 1 },
  { cols: [1, 3, 0, 2], orbit: 2 },
  { cols: [1, 3, 5, 0, 2, 4], orbit: 4 },
  { cols: [0, 4, 7, 5, 2, 6, 1, 3], orbit: 8 },
];
for (const o of orbitCases) {
  test(`orbitSize([${o.cols}]) is the number of distinct images, ${o.orbit}`, () => {
    assert.equal(orbitSize(o.cols), o.orbit);
    assert.equal(new Set(images(o.cols).map((x) => x.join())).size, o.orbit);
  });
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

test("property: images of random solutions are solutions with one canonical form", () => {
  fc.assert(
    fc.property(fc.integer({ min: 4, max: 40 }), fc.integer(), (n, seed) => {
      const s = solve(n, { method: "random", seed })!;
      assert.ok(isSolution(s));
      const imgs = images(s);
      const canon = canonical(s);
      assert.ok(isCanonical(canon));
      for (const [i, img] of imgs.entries()) {
        assert.ok(isSolution(img), `${TRANSFORMS[i]} of ${s}`);
        assert.deepEqual(canonical(img), canon);
        assert.ok(lexLess(img, canon) === false);
      }
      const size = orbitSize(s);
      assert.ok(8 % size === 0 && size > 1);
      assert.equal(size, new Set(imgs.map((x) => x.join())).size);
      assert.equal(isCanonical(s), s.join() === canon.join());
    }),
    { numRuns: 60 },
  );
});

const bad: { what: string; call: () => unknown; says: RegExp }[] = [
  { what: "a repeated column", call: () => transform([0, 0], "rot90"), says: /permutation.*0,0/ },
  { what: "a column off the board", call: () => canonical([0, 2]), says: /permutation.*0,2/ },
  { what: "an empty array", call: () => images([]), says: /permutation/ },
  {
    what: "an unknown transform",
    call: () => transform([0], "spin" as Transform),
    says: /transform.*spin/,
  },
  {
    what: "a queen off the board",
    call: () => transformQueen(4, { row: 4, col: 0 }, "rot90"),
    says: /\(4, 0\).*off/,
  },
];
for (const b of bad) {
  test(`${b.what} throws NQueensError`, () => {
    assert.throws(b.call, (e: unknown) => e instanceof NQueensError && b.says.test(e.message));
  });
}
