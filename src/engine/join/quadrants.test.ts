import assert from "node:assert/strict";
import { test } from "node:test";
import { fillQuadrants, fillRows, QUADRANT_BOUNDS, quadrantShape } from "./quadrants.js";

/** The whole h x h table, by `fillQuadrants`. */
function wholeTable(h: number) {
  const entries = QUADRANT_BOUNDS[h]!.entries;
  const table = {
    start: new Uint32Array(4 ** h + 1),
    dl: new Uint32Array(entries),
    al: new Uint32Array(entries),
  };
  fillQuadrants(h, table.start, table.dl, table.al);
  return table;
}

/** Every placement on an h x h board by brute force: [rows, cols, diagonals, anti-diagonals]. */
function placements(h: number): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  // Each row holds no queen (h) or one in a column: (h + 1)^h choices, filtered.
  for (let code = 0; code < (h + 1) ** h; code++) {
    let [rows, cols, dl, al, x, ok] = [0, 0, 0, 0, code, true];
    for (let r = 0; r < h && ok; r++, x = Math.floor(x / (h + 1))) {
      const c = x % (h + 1);
      if (c === h) continue;
      const d = 1 << (r - c + h - 1);
      const a = 1 << (r + c);
      ok = (cols & (1 << c)) === 0 && (dl & d) === 0 && (al & a) === 0;
      [rows, cols, dl, al] = [rows | (1 << r), cols | (1 << c), dl | d, al | a];
    }
    if (ok) out.push([rows, cols, dl, al]);
  }
  return out;
}

test("the table's groups hold every placement, by brute force, h = 1..6", () => {
  for (let h = 1; h <= 6; h++) {
    const { start, dl, al } = wholeTable(h);
    const got: string[] = [];
    for (let key = 0; key < 4 ** h; key++) {
      for (let e = start[key]!; e < start[key + 1]!; e++) {
        got.push(`${key >>> h} ${key & ((1 << h) - 1)} ${dl[e]} ${al[e]}`);
      }
    }
    const expected = placements(h).map(([r, c, d, a]) => `${r} ${c} ${d} ${a}`);
    assert.deepEqual(got.sort(), expected.sort(), `h=${h}`);
  }
});

test("QUADRANT_BOUNDS: the entries, the largest rowset and group of each table, h = 1..10", () => {
  for (let h = 1; h <= 10; h++) {
    const { counts, entries } = quadrantShape(h);
    const perRowset = new Array<number>(1 << h).fill(0);
    counts.forEach((k, key) => {
      perRowset[key >>> h]! += k;
    });
    const most = (xs: ArrayLike<number>) =>
      Array.prototype.reduce.call(xs, (a, b) => Math.max(a as number, b as number), 0);
    const expected = { entries, rowset: most(perRowset), group: most(counts) };
    assert.deepEqual(QUADRANT_BOUNDS[h], expected, `h=${h}`);
  }
});

test("pieces written in any set of rowsets hold the whole table's groups for those rows", () => {
  for (const h of [3, 6, 8]) {
    const whole = wholeTable(h);
    const group = (t: typeof whole, key: number) => {
      const g: string[] = [];
      for (let e = t.start[key]!; e < t.start[key + 1]!; e++) g.push(`${t.dl[e]} ${t.al[e]}`);
      return g.sort();
    };
    const all = (1 << h) - 1;
    // Adjacent rowsets (whose shared bound must agree), the last one, the empty one, and gaps;
    // ascending, as useRows writes them.
    for (const rowsets of [
      [0, 1, 2],
      [all - 1, all],
      [3, 5, 6, all],
    ]) {
      const room = 4 * QUADRANT_BOUNDS[h]!.rowset;
      const piece = {
        start: new Uint32Array(4 ** h + 1),
        dl: new Uint32Array(room),
        al: new Uint32Array(room),
      };
      let at = 0;
      for (const r of rowsets) at = fillRows(h, r, piece.start, piece.dl, piece.al, at, room);
      for (const r of rowsets) {
        for (let c = 0; c <= all; c++) {
          const key = (r << h) | c;
          assert.deepEqual(group(piece, key), group(whole, key), `h=${h} rows ${r} cols ${c}`);
        }
      }
    }
  }
  assert.throws(() => {
    const h = 4;
    fillRows(h, 15, new Uint32Array(4 ** h + 1), new Uint32Array(4), new Uint32Array(4), 0, 1);
  }, /past the room/);
  const short = QUADRANT_BOUNDS[3]!.entries - 1;
  assert.throws(
    () => fillQuadrants(3, new Uint32Array(65), new Uint32Array(short), new Uint32Array(short)),
    /18 entries, room for 17/,
  );
});
