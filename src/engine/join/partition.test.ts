import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chunksOf, maxChunks, Partition, partitionBits } from "./partition.js";

describe("partitionBits", () => {
  // [B keys, key bits, groupTarget, squeeze, k]
  const cases: [number, number, number, number, number][] = [
    [100, 33, 128, 2, 1], // too few keys for a group: 0 bits, then squeezed to 33 - 32
    [128, 31, 128, 2, 0], // the compact key fits 32 bits already
    [1024, 31, 128, 2, 3], // 2^3 groups of 128
    [1024, 37, 128, 2, 5], // 3 bits, squeezed to 5 (37 - 32): 2 more
    [1024, 38, 128, 2, 3], // squeezing would take 3 more: not done
    [1 << 20, 53, 128, 2, 13], // 2^13 groups; 40 compact bits stay (6 chunks)
    [100, 53, 128, 2, 5], // at least 53 - 48: the compact key within 48 bits
    [1 << 30, 40, 128, 2, 16], // never past 16 bits (2^16 groups)
    [1 << 22, 49, 128, 2, 15], // 2 more would do, but 49 - 32 = 17 is past 16: not squeezed
  ];
  for (const [nb, bits, target, squeeze, k] of cases) {
    test(`${nb} keys of ${bits} bits: ${k}`, () => {
      assert.equal(partitionBits(nb, bits, target, squeeze), k);
    });
  }
});

describe("chunksOf, maxChunks", () => {
  // [key bits, squeeze, the most chunks]: n = 16 and 17 (33 bits) need the 4-chunk count only.
  const cases: [number, number, number][] = [
    [33, 2, 4], // one partition bit squeezes it into 32
    [34, 2, 4],
    [35, 2, 5], // squeezing would take 3: even short lists keep 35 compact bits
    [33, 0, 5], // no squeeze
    [41, 2, 6], // n = 20
    [49, 2, 6], // n = 24: at least 1 partition bit
    [53, 2, 6], // n = 26: at least 5
  ];
  for (const [bits, squeeze, most] of cases) {
    test(`${bits} bits, squeeze ${squeeze}: ${most} chunks at most`, () => {
      assert.equal(maxChunks(bits, squeeze), most);
      for (let nb = 1; nb < 2 ** 24; nb *= 3) {
        const k = partitionBits(nb, bits, 128, squeeze);
        assert.ok(chunksOf(bits, k) <= most, `${nb} keys: ${chunksOf(bits, k)} chunks`);
      }
    });
  }
});

describe("Partition.choose", () => {
  // Bit counts at 0 (list A) and 64 (list B), shares at 128.
  const memory = (a: number[], b: number[]) => {
    const u32 = new Uint32Array(256);
    u32.set(a, 0);
    u32.set(b, 64);
    return u32;
  };
  const shares = (u32: Uint32Array, bits: number) =>
    Array.from({ length: bits }, (_, j) => [u32[128 + 2 * j], u32[128 + 2 * j + 1]]);

  test("picks the k bits of the highest scores; the rest become compact bits in order", () => {
    const u32 = memory([1, 9, 5, 9, 2], [1, 9, 5, 1, 2]); // scores 1, 81, 25, 9, 4
    const p = new Partition();
    assert.equal(p.choose(u32, 0, 5, 2, 128, 1), true);
    // Bit 1: pattern bit 0; bit 2: pattern bit 1; bits 0, 3, 4: compact bits 0, 1, 2 (<< 16).
    assert.deepEqual(shares(u32, 5), [
      [1 << 16, 0],
      [1, 0],
      [2, 0],
      [1 << 17, 0],
      [1 << 18, 0],
    ]);
  });

  test("compact bits past 16 go into the high word", () => {
    const u32 = memory(new Array(20).fill(1), new Array(20).fill(1));
    const p = new Partition();
    assert.equal(p.choose(u32, 0, 20, 1, 128, 3), true); // k = 1, 3 key bytes
    const s = shares(u32, 20);
    assert.deepEqual(s[0], [1, 0]); // a tie: the lower bit
    assert.deepEqual(s[1], [1 << 16, 0]); // compact bit 0
    assert.deepEqual(s[16], [(1 << 31) >>> 0, 0]); // compact bit 15
    assert.deepEqual(s[17], [0, 1]); // compact bit 16
    assert.deepEqual(s[19], [0, 4]);
    assert.equal(u32[128 + 2 * 23 + 1], 0, "bits past `bits` add nothing");
  });

  // [scores of the next call (A counts; B all 1), k, tables rebuilt?] after choosing bits 0, 1
  // from scores 10, 10, 1, 1.
  const next: [number[], number, boolean][] = [
    [[10, 10, 1, 1], 2, false], // the same best bits
    [[8, 10, 1, 10], 2, false], // bit 0 at 0.8 of the k-th best (10): kept
    [[7, 10, 1, 10], 2, true], // bit 0 below 0.8 of it
    [[10, 10, 1, 1], 1, true], // another k
  ];
  for (const [a, k, rebuilt] of next) {
    test(`after bits 0, 1: scores ${a}, k = ${k}: ${rebuilt ? "rebuilt" : "kept"}`, () => {
      const p = new Partition();
      assert.equal(p.choose(memory([10, 10, 1, 1], [1, 1, 1, 1]), 0, 4, 2, 128, 1), true);
      assert.equal(p.choose(memory(a, [1, 1, 1, 1]), 0, 4, k, 128, 1), rebuilt);
    });
  }

  test("another key width rebuilds", () => {
    const p = new Partition();
    assert.equal(p.choose(memory([1, 1, 1, 1, 1], [1, 1, 1, 1, 1]), 0, 4, 1, 128, 1), true);
    assert.equal(p.choose(memory([1, 1, 1, 1, 1], [1, 1, 1, 1, 1]), 0, 5, 1, 128, 1), true);
  });
});
