/**
 * The stable split of a join count into items and tasks.
 *
 * A solution puts h = floor(n/2) queens in the west columns 0..h-1; their rows are its *west
 * rowset* R. The join counts, for each R, the pairs (west half-board with rows R, east half-board
 * with the other rows) whose diagonals are disjoint. The symmetries of the square cut the list:
 *
 * - even n: one item per orbit of R under the left-right and up-down mirrors (R, its complement,
 *   its mirror image, the complement's image), weighted by the orbit's size (2 or 4); the
 *   transpose saves about a quarter more inside each item (classes, see join/solve.ts).
 * - odd n (middle row and column m = h): the middle column's queen is placed first, at row m.
 *   m and n-1-m are mirror images, so m < h only, and the middle row's queen is kept only when
 *   its column, folded to the west, is beyond m (the transpose maps the two middle queens onto
 *   each other): weight 8 (2 mirrors x 2 halves swapped x 2 for the transpose), one item per
 *   pair {R, its complement} (kind 1). The centre queen (m = h) is an even-like board of its own,
 *   with the even items and weights (kind 0).
 *
 * Items, in a fixed order (kind 0 by R ascending, then kind 1 by m, then R), are dealt into
 * `tasks` by stride (task t holds items t, t + T, t + 2T, ...), so every task is a fair sample of
 * the work; the task is the unit of progress, checkpoints and queue jobs. One more task, the last,
 * counts the solutions a half turn and a quarter turn fix (for the unique count).
 */
import { checkSize } from "../../errors.js";
import { MAX_JOIN_N } from "../../limits.js";

/** Bumped when the items, their order or their weights change; part of `joinSplitVersion`. */
export const JOIN_SPLIT_VERSION = "join-1";

/** At most this many counting tasks (plus the symmetric one). */
export const JOIN_TASKS = 4096;

/** The items of a join count. */
export interface JoinItems {
  readonly n: number;
  /** 0: a rowset of the even board or of the centre board; 1: middle queen at row m (odd n). */
  readonly kind: Uint8Array;
  /** The middle column's queen row for kind 1 (0 for kind 0). */
  readonly m: Uint8Array;
  /** The west rowset R, bit r = row r. */
  readonly rows: Uint32Array;
  /** How many solutions' worth each counted pair stands for. */
  readonly weight: Uint8Array;
  readonly length: number;
}

const rev16 = new Uint16Array(1 << 16);
for (let x = 1; x < 1 << 16; x++) rev16[x] = (rev16[x >>> 1] >>> 1) | ((x & 1) << 15);

/** The rows of R mirrored top to bottom (row r to n-1-r). */
export function flipRows(n: number, r: number): number {
  return ((rev16[r & 0xffff] * 65536 + rev16[r >>> 16]) / 2 ** (32 - n)) >>> 0;
}

/** Calls `visit` with every subset of the bits of `avail` with `k` bits, ascending. */
function subsets(avail: number, k: number, visit: (r: number) => void): void {
  const pos: number[] = [];
  for (let b = 0; b < 31; b++) if ((avail >>> b) & 1) pos.push(b);
  const m = pos.length;
  if (k > m) return;
  if (k === 0) {
    visit(0);
    return;
  }
  // Gosper's hack on the m available positions (m <= 30), expanded into avail's bits.
  const limit = 2 ** m;
  // Rows 0..m-1 (even n): the positions are the bits themselves.
  const contiguous = avail === limit - 1;
  let x = 2 ** k - 1;
  while (x < limit) {
    let r = x;
    if (!contiguous) {
      r = 0;
      for (let y = x; y !== 0; y &= y - 1) r += 1 << pos[31 - Math.clz32(y & -y)];
    }
    visit(r);
    const c = x & -x;
    const t = x + c;
    x = Math.floor((t ^ x) / 4 / c) + t;
  }
}

/** How many distinct values among four. */
function distinct(a: number, b: number, c: number, d: number): number {
  return 1 + Number(b !== a) + Number(c !== a && c !== b) + Number(d !== a && d !== b && d !== c);
}

/** The even-like items of a board whose available rows are `avail` (all but the centre row). */
function evenItems(n: number, avail: number, push: (r: number, w: number) => void): void {
  const h = Math.floor(n / 2);
  // A rowset with the last row has a smaller complement: the subsets of the other rows only.
  const last = 2 ** (31 - Math.clz32(avail));
  subsets(avail - last, h, (r) => {
    const c = avail - r;
    const f = flipRows(n, r);
    const fc = flipRows(n, c);
    if (c < r || f < r || fc < r) return;
    push(r, distinct(r, c, f, fc));
  });
}

const cache = new Map<number, JoinItems>();

/**
 * Memory for the item arrays: shared where the platform has it (Node; a page only when it is
 * cross-origin isolated), so that count-join.ts hands its threads the items instead of each
 * thread building its own (n = 27: 524 MB and 10 s of CPU a thread).
 */
function memory(bytes: number): ArrayBufferLike {
  return typeof SharedArrayBuffer === "function"
    ? new SharedArrayBuffer(bytes)
    : new ArrayBuffer(bytes);
}

/**
 * Takes the items a thread was handed (from `joinItems` of the thread that started it) as the
 * items of their n, so that `joinItems` returns them here too.
 */
export function adoptJoinItems(items: JoinItems): void {
  cache.set(items.n, items);
}

/** C(n, k), exactly while it stays below 2^53. */
function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** `to`, a larger array of the same kind, with `from` copied into its start. */
function grown<T extends Uint8Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * The items of a join count of n, always the same, in the same order.
 * @throws NQueensError when n is not an integer in 1..MAX_JOIN_N
 * @example joinItems(8).length // 23
 */
export function joinItems(n: number): JoinItems {
  checkSize(n, MAX_JOIN_N);
  const hit = cache.get(n);
  if (hit) return hit;
  // Straight into typed arrays: n = 25 has 16.9 million items and n = 27 70.2 million, whose
  // arrays of JavaScript numbers took about a gigabyte (per thread) on the way. The even-like
  // items (kind 0, m 0) into arrays doubled as they fill...
  let cap = 1024;
  let length = 0;
  let rows = new Uint32Array(cap);
  let weight = new Uint8Array(cap);
  const full = 2 ** n - 1;
  const h = Math.floor(n / 2);
  if (n >= 4) {
    evenItems(n, n % 2 === 0 ? full : full - 2 ** h, (r, w) => {
      if (length === cap) {
        cap *= 2;
        rows = grown(rows, new Uint32Array(cap));
        weight = grown(weight, new Uint8Array(cap));
      }
      rows[length] = r;
      weight[length] = w;
      length++;
    });
  }
  // ...then kind 1 (odd n) straight into arrays of the final size: for each m, the h-subsets r
  // of the other 2h rows below their complements, C(2h, h) / 2 of them.
  const middle = n >= 4 && n % 2 === 1 ? h * (binomial(2 * h, h) / 2) : 0;
  const total = length + middle;
  const items: JoinItems = {
    n,
    kind: new Uint8Array(memory(total)).fill(1, length),
    m: new Uint8Array(memory(total)),
    rows: grown(rows.subarray(0, length), new Uint32Array(memory(4 * total))),
    weight: grown(weight.subarray(0, length), new Uint8Array(memory(total))).fill(8, length),
    length: total,
  };
  for (let m = 0; m < h && middle > 0; m++) {
    const avail = full - 2 ** m;
    subsets(avail, h, (r) => {
      if (r >= avail - r) return;
      items.m[length] = m;
      items.rows[length] = r;
      length++;
    });
  }
  if (length !== total) throw new Error(`join items of n=${n}: ${length}, not ${total}`);
  cache.set(n, items);
  return items;
}

/** Counting tasks of n (the symmetric task is one more, with id `joinTaskCount(n)`). */
export function joinTaskCount(n: number): number {
  return Math.min(joinItems(n).length, JOIN_TASKS);
}

/** Every task of a join count of n: the counting tasks, then the symmetric one. */
export function joinSubProblems(n: number): number {
  return joinTaskCount(n) + 1;
}

/** The items of counting task t: t, t + T, t + 2T, ... */
export function taskItems(n: number, t: number): number[] {
  const total = joinItems(n).length;
  const tasks = joinTaskCount(n);
  const out: number[] = [];
  for (let i = t; i < total; i += tasks) out.push(i);
  return out;
}

/**
 * The identity of the join split of n, recorded in checkpoints: the version, n and a hash of
 * the items (FNV-1a over kind, m, rows and weight).
 */
export function joinSplitVersion(n: number): string {
  const it = joinItems(n);
  let hash = 0x811c9dc5;
  const mix = (v: number) => {
    for (let b = 0; b < 4; b++) {
      hash ^= (v >>> (8 * b)) & 0xff;
      hash = Math.imul(hash, 0x01000193);
    }
  };
  mix(n);
  mix(joinTaskCount(n));
  for (let i = 0; i < it.length; i++) {
    mix(it.kind[i] | (it.m[i] << 8) | (it.weight[i] << 16));
    mix(it.rows[i]);
  }
  return `${JOIN_SPLIT_VERSION}/${n}/${(hash >>> 0).toString(16).padStart(8, "0")}`;
}

/**
 * Part k of K of the tasks of n, for spreading a count over machines: the tasks t with
 * t mod K = k (the symmetric task goes to part 0). Every task is in exactly one part.
 * @throws RangeError when K < 1 or k is not in 0..K-1
 * @example joinPart(20, 0, 4) // [0, 4, 8, ..., 4096]
 */
export function joinPart(n: number, k: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`parts must be >= 1: ${parts}`);
  if (!Number.isInteger(k) || k < 0 || k >= parts) {
    throw new RangeError(`part must be in 0..${parts - 1}: ${k}`);
  }
  const tasks = joinTaskCount(n);
  const out: number[] = [];
  for (let t = k; t < tasks; t += parts) out.push(t);
  if (k === 0) out.push(tasks);
  return out;
}
