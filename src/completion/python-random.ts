/**
 * Python's `random` module, as far as the published instance generators use it: the Mersenne
 * Twister MT19937 seeded as `random.seed(int)` seeds it, `getrandbits`, `randrange` and `shuffle`
 * drawing exactly the same numbers (CPython 3.2 and later). The generators of Gent, Jefferson and
 * Nightingale (CSPLib 079 and 080) are Python scripts: with this, `nqueens generate` gives the
 * very instances their scripts give for the same arguments and seed, which the tests check
 * against the published data.
 */

const N = 624;
const M = 397;

/** A Mersenne Twister seeded and drawn from as CPython's `random.Random` is. */
export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private index = N;

  /** `random.seed(seed)` for a non-negative integer seed below 2^53. */
  constructor(seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new RangeError(`the seed must be a whole number from 0 to 2^53 - 1: got ${seed}`);
    }
    // CPython seeds with the 32-bit words of |seed|, least significant first ([0] for 0).
    const key: number[] = [];
    for (let v = seed; v > 0; v = Math.floor(v / 2 ** 32)) key.push(v % 2 ** 32);
    if (key.length === 0) key.push(0);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit output (genrand_uint32). */
  uint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % N]! & 0x7fffffff);
        mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random.getrandbits(k)` for 1 <= k <= 32. */
  getrandbits(k: number): number {
    return this.uint32() >>> (32 - k);
  }

  /** `random._randbelow(n)`: uniform in 0..n-1, by rejection on `n.bit_length()` bits (n < 2^32). */
  randbelow(n: number): number {
    if (!(Number.isInteger(n) && n > 0 && n < 2 ** 32)) {
      throw new RangeError(`randbelow needs 1 <= n < 2^32: got ${n}`);
    }
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** `random.randrange(start, stop, step)` for a positive step (`randrange(stop)`: start 0). */
  randrange(start: number, stop?: number, step = 1): number {
    if (stop === undefined) return this.randbelow(start);
    const count = Math.floor((stop - start + step - 1) / step);
    return start + step * this.randbelow(count);
  }

  /** `random.shuffle(list)`, in place. */
  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const t = list[i]!;
      list[i] = list[j]!;
      list[j] = t;
    }
    return list;
  }
}
