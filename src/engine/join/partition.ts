/**
 * The partition of a bulk pair count (`JoinKernel.pairs`), readably: the k key bits that split
 * both lists into 2^k groups (a pattern each; only groups with disjoint patterns are joined),
 * and the share of every key bit in the byte tables that split a key into its pattern and its
 * compact remainder. The kernel does this itself (join/wasm-count.ts `pairs`,
 * join/wasm-partition.ts `choose`, one call per pair count); the tests compare it with
 * `Partition` and `partitionBits` here, and the kernel's build uses `maxChunks` to leave out the
 * counts its keys cannot need.
 *
 * The bits are the k set most often on both sides (the pairs they rule out). The last call's
 * bits are kept while each still scores within KEEP_ROLES of the k-th best: rebuilding the byte
 * tables costs more than the slightly better partition saves, on the short lists of small n
 * (n = 16: 3,500 bulk calls, a quarter of which rebuild them).
 */

/** The last partition is kept while each of its bits scores this share of the best k's. */
const KEEP_ROLES = 0.8;

/** The most partition bits (groups: 2^16). */
const MAX_PARTITION_BITS = 16;

/**
 * How many partition bits for a B list of `nb` keys of `bits` bits: about `groupTarget` keys a
 * group, and at least enough that the compact key fits 48 bits (6 chunks); a few more (up to
 * `squeeze`) where they fit it into 32 bits (4 chunks), but never past MAX_PARTITION_BITS: the
 * scratch holds 2^16 groups (keys of 49 bits, n = 24 and 25, would ask for 17).
 */
export function partitionBits(nb: number, bits: number, groupTarget: number, squeeze: number) {
  let k = Math.floor(Math.log2(nb / groupTarget));
  k = Math.min(MAX_PARTITION_BITS, Math.max(k, 0, bits - 48));
  const squeezed = bits - 32;
  if (bits - k > 32 && squeezed - k <= squeeze && squeezed <= MAX_PARTITION_BITS) k = squeezed;
  return k;
}

/** Bytes of compact key (4..6: 32 bits at least) of keys of `bits` bits split by k. */
export function chunksOf(bits: number, k: number): number {
  return Math.max(4, Math.ceil((bits - k) / 8));
}

/** The most bytes of compact key a pair count of keys of up to `bits` bits uses. */
export function maxChunks(bits: number, squeeze: number): number {
  // The fewest partition bits are those of the shortest lists.
  return chunksOf(bits, partitionBits(0, bits, 1, squeeze));
}

/** The partition bits of the byte tables in memory, and the choice of the next. */
export class Partition {
  /** Partition bit index of each key bit (-1: compact), of the tables in memory... */
  #role = new Int32Array(64);
  /** ...and of the best choice for this call (swapped in when the tables are rebuilt). */
  #next = new Int32Array(64);
  /** Key bits of the tables in memory (0: none yet) and their partition bits. */
  #bits = 0;
  #k = 0;

  /** Each key bit's score: how often it is set in list A's sample times in list B's. */
  readonly #score = new Float64Array(64);

  /**
   * Chooses the k of `bits` key bits with the highest score (ties: the lower bit), from the bit
   * counts of the two lists (`stats`: u32 at `counts` and `counts + 64`). Returns false when the
   * tables in memory may stay (the same k, each of their bits within KEEP_ROLES of the k-th best
   * score), else true, with the choice written at `shares` for `bytes`: what each key bit j adds
   * to its split key, u32 [low word, high word] at shares + 2j (for all 8 * keyBytes bits).
   */
  choose(
    u32: Uint32Array,
    counts: number,
    bits: number,
    k: number,
    shares: number,
    keyBytes: number,
  ) {
    const score = this.#score;
    for (let j = 0; j < bits; j++) score[j] = u32[counts + j] * u32[counts + 64 + j];
    const role = this.#next.fill(-1, 0, bits);
    let kth = 0;
    for (let t = 0; t < k; t++) {
      let best = -1;
      let bestScore = -1;
      for (let j = 0; j < bits; j++) {
        if (role[j] < 0 && score[j] > bestScore) {
          best = j;
          bestScore = score[j];
        }
      }
      role[best] = t;
      kth = bestScore;
    }
    if (this.#bits === bits && this.#k === k) {
      const old = this.#role;
      let keep = true;
      for (let j = 0; keep && j < bits; j++) keep = old[j] < 0 || score[j] >= KEEP_ROLES * kth;
      if (keep) return false;
    }
    this.#next = this.#role;
    this.#role = role;
    this.#bits = bits;
    this.#k = k;
    // What key bit j adds: its pattern bit, or its compact bit (past 16: in the high word).
    u32.fill(0, shares, shares + 16 * keyBytes);
    for (let j = 0, c = 0; j < bits; j++) {
      const at = shares + 2 * j;
      if (role[j] >= 0) u32[at] = 1 << role[j];
      else if (c < 16) u32[at] = 1 << (16 + c++);
      else u32[at + 1] = 1 << (c++ - 16);
    }
    return true;
  }
}
