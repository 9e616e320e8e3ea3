import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assemble } from "../wasm-asm.js";
import { JoinKernel } from "./kernel.js";
import { Partition } from "./partition.js";
import { fillQuadrants, QUADRANT_BOUNDS } from "./quadrants.js";
import { halfBoards, halfKey, pairsReference } from "./reference.js";
import { solveItem } from "./solve.js";
import { joinItems } from "./split.js";

/** A reproducible stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Writes keys into the kernel's list at `at`. */
function put(k: JoinKernel, at: number, keys: bigint[]): void {
  keys.forEach((key, i) => {
    k.u32[at / 4 + 2 * i] = Number(key & 0xffffffffn);
    k.u32[at / 4 + 2 * i + 1] = Number(key >> 32n);
  });
}

describe("asm", () => {
  test("refuses unknown instructions, locals and labels, and unbalanced blocks", () => {
    const mem = { initialPages: 1, maximumPages: 1 };
    const f = (body: string) => [{ name: "f", params: { a: "i32" as const }, body }];
    assert.throws(() => assemble(mem, f("i32.frobnicate")), /unknown instruction i32.frobnicate/);
    assert.throws(() => assemble(mem, f("local.get $b drop")), /unknown local \$b/);
    assert.throws(() => assemble(mem, f("br $nowhere")), /unknown label \$nowhere/);
    assert.throws(() => assemble(mem, f("block $x")), /1 blocks not ended/);
  });

  // Bodies and their code bytes, from the WebAssembly binary format (the body is last in the
  // module: its code, then `end`).
  const encodings: [string, number[]][] = [
    ["local.get $a local.tee $a drop", [0x20, 0, 0x22, 0, 0x1a]],
    ["i32.const -1 i32.const 0xffffffff i32.const 128", [0x41, 0x7f, 0x41, 0x7f, 0x41, 0x80, 1]],
    ["i64.const 0xffffffffffffffff i64.const -65", [0x42, 0x7f, 0x42, 0xbf, 0x7f]],
    [
      "block $x loop $y br_if $x br $y end end",
      [0x02, 0x40, 0x03, 0x40, 0x0d, 1, 0x0c, 0, 0x0b, 0x0b],
    ],
    [
      "local.get $a i32.load offset=300 align=1 ;; a comment\n i64.load",
      [0x20, 0, 0x28, 0, 0xac, 2, 0x29, 3, 0],
    ],
    ["local.get $a v128.load i8x16.bitmask", [0x20, 0, 0xfd, 0, 4, 0, 0xfd, 0x64]],
    ["call $f", [0x10, 0]],
  ];
  for (const [text, code] of encodings) {
    test(`assembles ${JSON.stringify(text)}`, () => {
      const mem = { initialPages: 1, maximumPages: 1 };
      const bytes = assemble(mem, [{ name: "f", params: { a: "i32" }, body: text }]);
      assert.deepEqual([...bytes.slice(-code.length - 1)], [...code, 0x0b]);
    });
  }
});

describe("JoinKernel.pairs", () => {
  // Key widths of even (2*19+3) and odd (2*19) n = 20/21, sizes that take every path: one by
  // one, 4, 5 and 6 chunks of compact key, partial blocks, many groups, the longer list blocked
  // or (the shorter under 1,024 keys) the shorter. And the widest keys, n = 24 and 25 (2*23+3),
  // with groups of one key and the longer list blocked, so that 40,000 keys ask for 15 partition
  // bits and the squeeze to 32 compact bits would want 17, past the 16 the scratch holds (it
  // once took them, and wrote over the quadrant table: n = 24's counts went wrong).
  const cases: [number, number, number, number, number?][] = [
    [20, 7, 300, 41],
    [20, 200, 150, 41],
    [20, 3000, 5000, 41],
    [21, 4000, 2500, 38],
    [20, 700, 20000, 41],
    [24, 100, 40000, 49, 1],
    [25, 90, 70000, 49, 1],
    [25, 300, 3000, 46],
    // n = 26 and 27: keys of 53 bits (at least 5 partition bits for 6 chunks) and of 50 (odd
    // n's middle items), and 16 partition bits with groups of one key.
    [26, 3000, 5000, 53],
    [27, 2000, 4000, 50],
    [26, 90, 70000, 53, 1],
  ];
  for (const [n, na, nb, bits, groupTarget] of cases) {
    test(`n=${n}: ${na} x ${nb} keys of ${bits} bits${groupTarget ? `, groups of ${groupTarget}` : ""}, as counted one by one`, () => {
      // Pairs need no quadrant tables.
      const tuning = groupTarget ? { groupTarget, blockShorterBelow: 0 } : {};
      const k = new JoinKernel(n, { tables: false, ...tuning });
      const next = random(na * 7 + nb);
      const key = () => {
        let x = 0n;
        for (let j = 0; j < bits; j++) if (next() < 0.27) x |= 1n << BigInt(j);
        return x;
      };
      const a = Array.from({ length: na }, key);
      const b = Array.from({ length: nb }, key);
      k.ensure(Math.max(na, nb));
      put(k, k.listA, a);
      put(k, k.listB, b);
      assert.equal(k.pairs(k.listA, na, k.listB, nb, bits), pairsReference(a, b));
    });
  }
});

describe("JoinKernel stats", () => {
  // Lengths past one (255) and two chunks of byte counters, every key or every step-th, bits
  // up to 64 (any may be set; every ninth in every key, to fill a byte counter), and counts
  // added to what `out` holds.
  const cases: [number, number, number][] = [
    [1, 1, 64],
    [300, 1, 41],
    [700, 1, 64],
    [700, 3, 53],
    [2000, 7, 64],
  ];
  for (const [n, step, bits] of cases) {
    test(`${n} keys of ${bits} bits, every ${step}: each bit's count, added to out`, () => {
      const k = new JoinKernel(8, { tables: false });
      k.ensure(n);
      const next = random(n * step + bits);
      const keys = Array.from({ length: n }, () => {
        let x = 0n;
        for (let j = 0; j < bits; j++) if (j % 9 === 0 || next() < 0.4) x |= 1n << BigInt(j);
        return x;
      });
      put(k, k.listA, keys);
      const out = k.layout.counts;
      const expected = Array.from({ length: 64 }, (_, j) => j);
      for (let j = 0; j < 64; j++) k.u32[out / 4 + j] = j;
      for (let i = 0; i < n; i += step) {
        for (let j = 0; j < 64; j++) if ((keys[i]! >> BigInt(j)) & 1n) expected[j]!++;
      }
      k.exports.stats(k.listA, n, step, out);
      assert.deepEqual([...k.u32.subarray(out / 4, out / 4 + 64)], expected);
    });
  }
});

test("a kernel holds the pair counts its keys need: n = 16 only the 4-chunk one", () => {
  const k = new JoinKernel(16, { tables: false });
  assert.equal(k.layout.chunks, 4);
  assert.equal(k.exports.count5, undefined);
  assert.equal(typeof new JoinKernel(18, { tables: false }).exports.count5, "function");
  // Keys wider than its own (41 bits, n = 20's) could need more: refused, not miscounted.
  assert.throws(() => k.pairs(k.listA, 300, k.listB, 300, 41), /keys of 41 bits/);
});

describe("the kernel's choose", () => {
  // Against join/partition.ts (the readable version) over a run of calls with random bit counts
  // of 16 and 20's key widths, some calls alike enough to keep the last partition.
  for (const [n, bits] of [
    [16, 33],
    [20, 41],
    [21, 38],
  ] as const) {
    test(`n=${n}, ${bits} bits: the same choices, rebuilds and shares as Partition`, () => {
      const k = new JoinKernel(n, { tables: false });
      const { counts, shares, keyBytes } = k.layout;
      const reference = new Partition();
      const mine = new Uint32Array(256);
      const next = random(bits);
      let rebuilt = 0;
      for (let call = 0; call < 300; call++) {
        const kk = 2 + Math.floor(call / 40); // k from 2 to 9
        // Counts near a fixed profile: successive calls often keep the partition.
        for (let j = 0; j < 128; j++) {
          const c = j % 64 < bits ? Math.floor(((j * 37) % 101) + next() * 40) : 0;
          k.u32[counts / 4 + j] = c;
          mine[j] = c;
        }
        const expected = reference.choose(mine, 0, bits, kk, 128, keyBytes);
        assert.equal(k.exports.choose(bits, kk), Number(expected), `call ${call}`);
        if (expected) {
          rebuilt++;
          const got = k.u32.subarray(shares / 4, shares / 4 + 16 * keyBytes);
          assert.deepEqual(got, mine.subarray(128, 128 + 16 * keyBytes), `call ${call}`);
        }
      }
      assert.ok(rebuilt > 10 && rebuilt < 290, `${rebuilt} rebuilds: both paths taken`);
    });
  }
});

describe("JoinKernel's quadrant table", () => {
  // The kernel's fillRow against fillQuadrants (quadrants.test.ts checks that one against every
  // placement), word for word, for even and odd n.
  for (const n of [4, 7, 10, 13, 16, 18]) {
    const h = Math.floor(n / 2);
    test(`n=${n}: the same ${QUADRANT_BOUNDS[h]!.entries} entries as fillQuadrants(${h})`, () => {
      const { entries } = QUADRANT_BOUNDS[h]!;
      const start = new Uint32Array(4 ** h + 1);
      const dl = new Uint32Array(entries);
      const al = new Uint32Array(entries);
      fillQuadrants(h, start, dl, al);
      const k = new JoinKernel(n);
      const { qstart, qd, qa, entryBytes } = k.layout;
      assert.equal(entryBytes, 3, "the whole table: 3 bytes an entry");
      // Entry e's diagonals: 3 bytes at qd + 3e, low byte first.
      const entry = (at: number, e: number) => {
        const b = at + entryBytes * e;
        return k.u8[b] | (k.u8[b + 1] << 8) | (k.u8[b + 2] << 16);
      };
      assert.deepEqual(k.u32.subarray(qstart / 4, qstart / 4 + start.length), start);
      assert.deepEqual(
        Uint32Array.from(dl, (_, e) => entry(qd, e)),
        dl,
      );
      assert.deepEqual(
        Uint32Array.from(al, (_, e) => entry(qa, e)),
        al,
      );
    });
  }
});

describe("JoinKernel.gen", () => {
  test("writes the keys of every west and east half-board, as the reference computes them", () => {
    const n = 12;
    const k = new JoinKernel(n);
    const h = n / 2;
    const rows = 0b100110100101; // 6 of 12 rows
    const rn = rows & 63;
    const rs = rows >>> 6;
    for (const east of [false, true]) {
      const expected = halfBoards(rows, [0, 1, 2, 3, 4, 5], [])
        .map((qs) => halfKey(n, qs, east, 0))
        .sort();
      let total = 0;
      for (let kk = 0; kk <= h; kk++) {
        total += k.gen(east, rn, rs, k.combos(-1, kk), 63, k.forbidden([]), k.clsNone, 0, total);
      }
      const got: bigint[] = [];
      for (let i = 0; i < total; i++) {
        got.push(
          BigInt(k.u32[k.listA / 4 + 2 * i]) | (BigInt(k.u32[k.listA / 4 + 2 * i + 1]) << 32n),
        );
      }
      assert.deepEqual(got.sort(), expected);
    }
  });

  test("with the table in pieces (as from n = 24) every item counts the same", () => {
    for (const n of [4, 5, 8, 9, 12, 13]) {
      const whole = new JoinKernel(n);
      const pieces = new JoinKernel(n, { pieces: true });
      const items = joinItems(n);
      for (let i = 0; i < items.length; i++) {
        assert.equal(solveItem(pieces, items, i), solveItem(whole, items, i), `n=${n} item ${i}`);
      }
    }
  });

  test("with lists that start small and grow mid-list (as n = 26 needs) every item counts the same", () => {
    // Small lists take solve.ts's long way (the kernel's evenItem needs room for the bound).
    for (const [n, step] of [
      [9, 7],
      [12, 7],
      [13, 7],
      [16, 97],
    ]) {
      const whole = new JoinKernel(n);
      const items = joinItems(n);
      for (let i = 0; i < items.length; i += step) {
        const small = new JoinKernel(n, { listRoom: 4, boundRoom: 0 });
        assert.equal(solveItem(small, items, i), solveItem(whole, items, i), `n=${n} item ${i}`);
      }
    }
  });

  test("without tables every item counts the same", () => {
    for (const n of [9, 12]) {
      const fast = new JoinKernel(n);
      const slow = new JoinKernel(n, { tables: false });
      const items = joinItems(n);
      for (let i = 0; i < items.length; i += 3) {
        assert.equal(solveItem(slow, items, i), solveItem(fast, items, i), `item ${i}`);
      }
    }
  });
});

/** WebAssembly.Memory, whose type the project's lib (ES2022, no DOM) does not declare. */
const wasmMemory = (
  globalThis as unknown as {
    WebAssembly: { Memory: { prototype: { grow(this: unknown, pages: number): number } } };
  }
).WebAssembly.Memory;

describe("a kernel's memory", () => {
  // Each growth of a WebAssembly memory makes V8 collect all garbage (a full mark-compact), so a
  // kernel with a memory of its own starts with room for its table and its first lists.
  for (const n of [8, 12, 16, 17]) {
    test(`n = ${n}: not grown while the kernel is built`, () => {
      const proto = wasmMemory.prototype;
      const grow = proto.grow;
      let grown = 0;
      proto.grow = function (this: unknown, pages: number) {
        grown++;
        return grow.call(this, pages);
      };
      try {
        const k = new JoinKernel(n);
        assert.ok(k.u32.length > 0);
      } finally {
        proto.grow = grow;
      }
      assert.equal(grown, 0);
    });
  }
});
