/**
 * The WGSL source of the GPU counter, as a string, so that Node (Dawn) and the browser (Vite)
 * import the same text without reading files.
 *
 * ## What one invocation ("lane") does
 * It takes *tasks* from global counters, one at a time, and searches each to the end; the
 * dispatch ends when the lane has run `budget` loop iterations (then its whole search state goes
 * to the `lanes` buffer and the next dispatch resumes it) or when no task is left. So a dispatch
 * lasts about as long as the host asks, and lanes never wait for their neighbours to finish a
 * sub-problem: a lane that finishes takes the next task in the same loop (one flat loop, no
 * nested search loop to reconverge at).
 *
 * A task is one constellation of the engine's split (`src/engine/constellations/split.ts`:
 * the border queens) plus the columns of its first rows:
 * - the fixed list: task t is constellation t / W^levels (W = n - 2), and the base-W digits of
 *   t % W^levels are the ordinals of the set bits to take in its first `levels` free rows.
 *   Ordinals past the last free column make an empty task, finished at once.
 * - donated tasks (`donate`, below): constellation and the columns of all prefix rows.
 * Subtrees differ wildly in size, so when the fixed list is used up the lanes that are still
 * searching hand over untried columns of their shallowest rows to the idle ones: the host runs
 * `donate` before a dispatch whenever every list is empty and some lanes sit idle. A
 * constellation's result is complete when its count of outstanding tasks (W^levels at the
 * start, +1 per donated task, -1 per finished one) reaches 0.
 *
 * ## The search (the hot loop)
 * Columns are the inner columns 1..n-2 (bit c-1), as in the engine's `compileSubProblem`. Per
 * free row d the constellation's table word `tab[d]` holds the cells that the border queens
 * attack (bits 0..W-1) and, in bits 30..31, how many rows lie between free row d-1 and d (1 to
 * 3), by which the diagonal masks shift. The lane keeps col, ld, rd (masks of its own queens,
 * as seen from the current row), `free` (columns not yet tried in the current row) and `nx`
 * (the next row's table word) in registers. The stack in workgroup memory holds ONE word per
 * row: `free | bit` (the untried columns and the one being searched, always their lowest bit),
 * plus the bits that the shifts pushed off the masks (ld's top s bits at W.., rd's bottom s bits
 * at 32-s..31), which is all it takes to step back: col ^= bit and the shifts undone. That needs
 * W + 6 <= 32, so n <= 28. A candidate is only pushed when the row below it has a free column
 * ("look-ahead"), and the last two free rows are never pushed: the last but one has at most two
 * columns left, tried in a small loop, and the last one column, so a free column there is one
 * solution. A step back and the next try share one loop iteration (measured on the CPU model of
 * this loop: 22% fewer iterations for n = 16 than one action per iteration).
 *
 * Constellations that a rotation maps onto itself (`rot` > 1, about 1 in 400 for n = 21) check
 * each solution for the 180 and 90 degree symmetry (needed for the unique count); the others
 * just count.
 *
 * Counts are exact: per task, a 64-bit count in two u32 words with carry; per constellation,
 * 64-bit atomic sums with carry in `acc`. The host reads `acc` after each dispatch.
 *
 * ## Bounds
 * Every index is in range by construction (d < depth <= DMAX, task < ntasks, donated task <
 * min(count, dqCap), constellation < nconst, lane < lanes), so Node turns off Dawn's clamping (`disable_robustness`). With the
 * `CHECK` override set, each index is tested first and every out-of-range one counted in
 * ctl[1]; the tests run that way and require 0.
 *
 * ## Buffers
 * - prm (uniform): ntasks, tasksPer (W^levels), budget (loop iterations per dispatch), levels,
 *   lanes, nconst, n, dqCap (room for donated tasks), donate (most columns a lane gives per
 *   pass). The overrides: WG (workgroup size), DMAX (stack rows per lane, >= n - 2; the driver
 *   uses one pipeline for all n <= 12), CHECK.
 * - cons: per constellation CSTRIDE words: [0] inner columns used by the border queens,
 *   [1] depth | rot << 8 (rotations fixing it: 1, 2 or 4), [2] top | bottom << 8 | left << 16 |
 *   right << 24, [3] id, then tab[0..depth).
 * - acc: per constellation 8 words: count lo/hi, fixed180 lo/hi, fixed90 lo/hi, outstanding
 *   tasks, 0.
 * - ctl: [0] next fixed task, [1] out-of-range indexes (CHECK only), [2] lanes left searching at
 *   the end of the dispatch, [3] next donated task, [4] donated tasks.
 * - lanes: per lane LSTRIDE words of saved state (status 0 = wants a task, 1 = searching), then
 *   the stack.
 * - dq: donated tasks, 4 words each: constellation | prefix rows << 24, then the prefix columns
 *   (inner column index, 5 bits each, 6 per word).
 */
export const KERNEL_WGSL = /* wgsl */ `
override WG: u32 = 64u;
override CHECK: bool = false;
override DMAX: u32 = 26u;
override CSTRIDE: u32 = 4u + DMAX;
override LSTRIDE: u32 = 16u + DMAX;

struct Params {
  ntasks: u32,
  tasksPer: u32,
  budget: u32,
  levels: u32,
  lanes: u32,
  nconst: u32,
  n: u32,
  dqCap: u32,
  donate: u32,
  pad0: u32,
  pad1: u32,
  pad2: u32,
}

@group(0) @binding(0) var<uniform> prm: Params;
@group(0) @binding(1) var<storage, read> cons: array<u32>;
@group(0) @binding(2) var<storage, read_write> acc: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> ctl: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> lanes: array<u32>;
@group(0) @binding(5) var<storage, read_write> dq: array<u32>;

// The board size, the inner width W = N - 2 and its mask, from prm (one pipeline serves every
// n up to DMAX + 2).
var<private> N: u32;
var<private> W: u32;
var<private> FULL: u32;

var<workgroup> stk: array<u32, WG * DMAX>;
var<workgroup> tab: array<u32, WG * DMAX>;

const WANT: u32 = 0u;
const BUSY: u32 = 1u;

// Index guards: the identity unless CHECK, which counts (and clamps) an index out of range.
fn bad() { atomicAdd(&ctl[1], 1u); }
fn ws(e: u32, lid: u32) -> u32 {
  if (CHECK && e >= DMAX) { bad(); return lid; }
  return e * WG + lid;
}
fn cw(c: u32, k: u32) -> u32 {
  if (CHECK && (c >= prm.nconst || k >= CSTRIDE)) { bad(); return 0u; }
  return c * CSTRIDE + k;
}
fn aw(c: u32, k: u32) -> u32 {
  if (CHECK && (c >= prm.nconst || k >= 8u)) { bad(); return 0u; }
  return c * 8u + k;
}
fn qw(t: u32, k: u32) -> u32 {
  if (CHECK && (t >= prm.dqCap || k >= 4u)) { bad(); return 0u; }
  return t * 4u + k;
}
fn lw(lane: u32, k: u32) -> u32 {
  if (CHECK && (lane >= prm.lanes || k >= LSTRIDE)) { bad(); return 0u; }
  return lane * LSTRIDE + k;
}

fn add64(i: u32, lo: u32, hi: u32) {
  let old = atomicAdd(&acc[i], lo);
  var carry = hi;
  if (old + lo < old) { carry += 1u; }
  if (carry != 0u) { atomicAdd(&acc[i + 1u], carry); }
}

// 0: no rotation fixes the solution; 1: the 180 degree one; 2: the 90 degree one (and so 180).
// The board: border rows from the constellation (h2), free rows from the stack, except free row
// dBit (its queen 'bitv' is not pushed yet) and the last free row (queen 'lastBit').
fn fixedBy(lid: u32, h2: u32, rot: u32, dBit: u32, bitv: u32, lastBit: u32, last: u32) -> u32 {
  var cols: array<u32, 32>;
  let left = (h2 >> 16u) & 255u;
  let right = h2 >> 24u;
  var e = 0u;
  for (var r = 0u; r < N; r += 1u) {
    var cc = 0u;
    if (r == left) {
      cc = 0u;
    } else if (r == right) {
      cc = N - 1u;
    } else if (r == 0u) {
      cc = h2 & 255u;
    } else if (r == N - 1u) {
      cc = (h2 >> 8u) & 255u;
    } else {
      var b = bitv;
      if (e == last) {
        b = lastBit;
      } else if (e != dBit) {
        b = stk[ws(e, lid)] & FULL;
      }
      cc = firstTrailingBit(b) + 1u;
      e += 1u;
    }
    cols[r] = cc;
  }
  for (var r = 0u; r < N / 2u; r += 1u) {
    if (cols[r] + cols[N - 1u - r] != N - 1u) { return 0u; }
  }
  if (rot < 4u) { return 1u; }
  for (var r = 0u; r < N; r += 1u) {
    let cr = cols[r];
    if (CHECK && cr >= N) { bad(); return 1u; }
    if (cols[cr] != N - 1u - r) { return 1u; }
  }
  return 2u;
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let lane = wid.x * WG + lid;
  if (lane >= prm.lanes) { return; }
  N = prm.n;
  W = N - 2u;
  FULL = (1u << W) - 1u;
  var status = lanes[lw(lane, 0u)];

  var c = lanes[lw(lane, 1u)];
  var d = lanes[lw(lane, 2u)];
  var d0 = lanes[lw(lane, 3u)];
  var col = lanes[lw(lane, 4u)];
  var ld = lanes[lw(lane, 5u)];
  var rd = lanes[lw(lane, 6u)];
  var free = lanes[lw(lane, 7u)];
  var cLo = lanes[lw(lane, 8u)];
  var cHi = lanes[lw(lane, 9u)];
  var hLo = lanes[lw(lane, 10u)];
  var hHi = lanes[lw(lane, 11u)];
  var qLo = lanes[lw(lane, 12u)];
  var qHi = lanes[lw(lane, 13u)];
  var last = 0u;
  var rot = 1u;
  var h2 = 0u;
  var nx = 0u;
  var tl = 0u; // the last free row's table word
  if (status == BUSY) {
    let h1 = cons[cw(c, 1u)];
    let depth = h1 & 255u;
    last = depth - 1u;
    rot = (h1 >> 8u) & 255u;
    h2 = cons[cw(c, 2u)];
    for (var e = d0; e < depth; e += 1u) { tab[ws(e, lid)] = cons[cw(c, 4u + e)]; }
    for (var e = 0u; e < d; e += 1u) { stk[ws(e, lid)] = lanes[lw(lane, 16u + e)]; }
    if (d + 1u < depth) { nx = tab[ws(d + 1u, lid)]; }
    if (depth > 0u) { tl = tab[ws(last, lid)]; }
  }

  var iter = 0u;
  loop {
    if (iter >= prm.budget) { break; }
    iter += 1u;

    if (status != BUSY) {
      // Take the next task: from the fixed list (constellation, ordinals of its first columns),
      // else from the donated ones (constellation and all prefix columns). None: idle until the
      // next dispatch. An empty task is counted done here and the loop goes on.
      var t = 0u;
      var got = false;
      var donated = false;
      if (atomicLoad(&ctl[0]) < prm.ntasks) {
        t = atomicAdd(&ctl[0], 1u);
        got = t < prm.ntasks;
      }
      if (!got) {
        let count = min(atomicLoad(&ctl[4]), prm.dqCap);
        if (atomicLoad(&ctl[3]) < count) {
          t = atomicAdd(&ctl[3], 1u);
          got = t < count;
          donated = true;
        }
      }
      if (!got) { break; }
      var path = 0u;
      var r0 = 0u;
      if (donated) {
        r0 = dq[qw(t, 0u)];
        c = r0 & 0xffffffu;
        d0 = r0 >> 24u;
      } else {
        c = t / prm.tasksPer;
        path = t % prm.tasksPer;
        d0 = prm.levels;
      }
      col = cons[cw(c, 0u)];
      let h1 = cons[cw(c, 1u)];
      let depth = h1 & 255u;
      rot = (h1 >> 8u) & 255u;
      h2 = cons[cw(c, 2u)];
      ld = 0u;
      rd = 0u;
      d0 = min(d0, depth);
      var ok = true;
      for (var p = 0u; p < d0; p += 1u) {
        var bit = 0u;
        if (donated) {
          bit = 1u << ((dq[qw(t, 1u + p / 6u)] >> (5u * (p % 6u))) & 31u);
        } else {
          var f = ~(ld | rd | col | cons[cw(c, 4u + p)]) & FULL;
          var digit = path % W;
          path = path / W;
          loop {
            if (digit == 0u || f == 0u) { break; }
            f &= f - 1u;
            digit -= 1u;
          }
          bit = f & (0u - f);
        }
        if (bit == 0u) { ok = false; break; }
        stk[ws(p, lid)] = bit;
        var s = 1u;
        if (p + 1u < depth) { s = cons[cw(c, 5u + p)] >> 30u; }
        ld = ((ld | bit) << s) & FULL;
        rd = (rd | bit) >> s;
        col |= bit;
      }
      if (path != 0u) { ok = false; }
      if (!ok) {
        atomicSub(&acc[aw(c, 6u)], 1u);
        continue;
      }
      for (var e = d0; e < depth; e += 1u) { tab[ws(e, lid)] = cons[cw(c, 4u + e)]; }
      cLo = 0u; cHi = 0u; hLo = 0u; hHi = 0u; qLo = 0u; qHi = 0u;
      status = BUSY;
      d = d0;
      if (d0 + 2u <= depth) {
        // The usual case: search rows d0.. with look-ahead to d0 + 1.
        last = depth - 1u;
        free = ~(ld | rd | col | tab[ws(d, lid)]) & FULL;
        nx = tab[ws(d + 1u, lid)];
        tl = tab[ws(last, lid)];
        continue;
      }
      // Tiny boards only: no free row left, or just one. Counted here, finished next iteration.
      free = 0u;
      var lastBit = 0u;
      var sols = 1u;
      if (d0 < depth) {
        lastBit = ~(ld | rd | col | tab[ws(d0, lid)]) & FULL;
        sols = select(0u, 1u, lastBit != 0u);
      }
      if (sols != 0u) {
        cLo = 1u;
        if (rot > 1u) {
          let fx = fixedBy(lid, h2, rot, 0xffffffffu, 0u, lastBit, depth - 1u);
          if (fx >= 1u) { hLo = 1u; }
          if (fx == 2u) { qLo = 1u; }
        }
      }
      continue;
    }

    if (free == 0u) {
      if (d == d0) {
        // Task finished: add its counts to its constellation, then count it done.
        if ((cLo | cHi) != 0u) { add64(aw(c, 0u), cLo, cHi); }
        if ((hLo | hHi) != 0u) { add64(aw(c, 2u), hLo, hHi); }
        if ((qLo | qHi) != 0u) { add64(aw(c, 4u), qLo, qHi); }
        atomicSub(&acc[aw(c, 6u)], 1u);
        status = WANT;
        continue;
      }
      // Step back one row: undo the shifts with the bits saved beside the row's columns. The
      // same iteration then goes on with the row's next column, if any.
      d -= 1u;
      let a = stk[ws(d, lid)];
      nx = tab[ws(d + 1u, lid)];
      let s = nx >> 30u;
      let v = a & FULL;
      let bit = v & (0u - v);
      free = v ^ bit;
      col ^= bit;
      ld = ((ld >> s) | (((a >> W) & 7u) << (W - s))) ^ bit;
      rd = ((rd << s) | (a >> (32u - s))) ^ bit;
      if (free == 0u) { continue; }
    }

    // Try the next column of row d, looking at row d + 1 before going there.
    let bit = free & (0u - free);
    free ^= bit;
    let s = nx >> 30u;
    let ll = ld | bit;
    let rr = rd | bit;
    let nld = (ll << s) & FULL;
    let nrd = rr >> s;
    let ncol = col | bit;
    let nfree = ~(nld | nrd | ncol | nx) & FULL;
    if (nfree == 0u) { continue; }
    if (d + 2u < last) {
      stk[ws(d, lid)] = free | bit | ((ll >> (W - s)) << W) | (rr << (32u - s));
      d += 1u;
      col = ncol;
      ld = nld;
      rd = nrd;
      free = nfree;
      nx = tab[ws(d + 1u, lid)];
      continue;
    }
    if (d + 1u == last) {
      // nfree is the one column left in the last free row: a solution.
      cLo += 1u;
      if (cLo == 0u) { cHi += 1u; }
      if (rot > 1u) {
        let fx = fixedBy(lid, h2, rot, d, bit, nfree, last);
        hLo += select(0u, 1u, fx >= 1u);
        qLo += select(0u, 1u, fx == 2u);
        if (hLo == 0u && fx >= 1u) { hHi += 1u; }
        if (qLo == 0u && fx == 2u) { qHi += 1u; }
      }
      continue;
    }
    // Row d + 1 is the last but one: its (at most two) columns are tried here, no push.
    var f2 = nfree;
    let s2 = tl >> 30u;
    loop {
      if (f2 == 0u) { break; }
      let b2 = f2 & (0u - f2);
      f2 ^= b2;
      let lf = ~((((nld | b2) << s2) & FULL) | ((nrd | b2) >> s2) | ncol | b2 | tl) & FULL;
      if (lf == 0u) { continue; }
      cLo += 1u;
      if (cLo == 0u) { cHi += 1u; }
      if (rot > 1u) {
        stk[ws(d, lid)] = bit;
        stk[ws(d + 1u, lid)] = b2;
        let fx = fixedBy(lid, h2, rot, 0xffffffffu, 0u, lf, last);
        hLo += select(0u, 1u, fx >= 1u);
        qLo += select(0u, 1u, fx == 2u);
        if (hLo == 0u && fx >= 1u) { hHi += 1u; }
        if (qLo == 0u && fx == 2u) { qHi += 1u; }
      }
    }
  }

  lanes[lw(lane, 0u)] = status;
  if (status == BUSY) {
    atomicAdd(&ctl[2], 1u);
    lanes[lw(lane, 1u)] = c;
    lanes[lw(lane, 2u)] = d;
    lanes[lw(lane, 3u)] = d0;
    lanes[lw(lane, 4u)] = col;
    lanes[lw(lane, 5u)] = ld;
    lanes[lw(lane, 6u)] = rd;
    lanes[lw(lane, 7u)] = free;
    lanes[lw(lane, 8u)] = cLo;
    lanes[lw(lane, 9u)] = cHi;
    lanes[lw(lane, 10u)] = hLo;
    lanes[lw(lane, 11u)] = hHi;
    lanes[lw(lane, 12u)] = qLo;
    lanes[lw(lane, 13u)] = qHi;
    for (var e = 0u; e < d; e += 1u) { lanes[lw(lane, 16u + e)] = stk[ws(e, lid)]; }
  }
}

// The tail: run between two dispatches when every list is empty and some lanes idle. Each
// searching lane gives away up to prm.donate untried columns of its shallowest row that has
// any (the largest subtrees it still holds), as new tasks: its prefix rows plus that column.
// They leave the lane's own untried set, and its constellation waits for that many more tasks.
@compute @workgroup_size(WG)
fn donate(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  let lane = wid.x * WG + lid;
  if (lane >= prm.lanes) { return; }
  if (lanes[lw(lane, 0u)] != BUSY) { return; }
  N = prm.n;
  W = N - 2u;
  FULL = (1u << W) - 1u;
  let c = lanes[lw(lane, 1u)];
  let d = lanes[lw(lane, 2u)];
  let d0 = lanes[lw(lane, 3u)];
  let depth = cons[cw(c, 1u)] & 255u;
  // Shallowest row e in d0..d with untried columns: a stacked row keeps them above its
  // searched column (the word's lowest bit); row d keeps them in 'free'. A task made at row e
  // starts at depth e + 1, which must leave two free rows (and fit the 18-column record).
  var e = d0;
  var rem = 0u;
  loop {
    if (e > d || e + 3u > depth || e >= 18u) { return; }
    if (e < d) {
      let v = lanes[lw(lane, 16u + e)] & FULL;
      rem = v & (v - 1u);
    } else {
      rem = lanes[lw(lane, 7u)];
    }
    if (rem != 0u) { break; }
    e += 1u;
  }
  let want = min(countOneBits(rem), prm.donate);
  let slot = atomicAdd(&ctl[4], want);
  if (slot >= prm.dqCap) { return; }
  let give = min(want, prm.dqCap - slot);
  // The prefix: the searched column of each row above e.
  var packed = array<u32, 3>(0u, 0u, 0u);
  for (var p = 0u; p < e; p += 1u) {
    let v = lanes[lw(lane, 16u + p)] & FULL;
    packed[p / 6u] |= firstTrailingBit(v) << (5u * (p % 6u));
  }
  var gone = 0u;
  for (var i = 0u; i < give; i += 1u) {
    let b = firstLeadingBit(rem);
    rem ^= 1u << b;
    gone |= 1u << b;
    var row = packed;
    row[e / 6u] |= b << (5u * (e % 6u));
    dq[qw(slot + i, 0u)] = c | ((e + 1u) << 24u);
    dq[qw(slot + i, 1u)] = row[0];
    dq[qw(slot + i, 2u)] = row[1];
    dq[qw(slot + i, 3u)] = row[2];
  }
  if (e < d) {
    lanes[lw(lane, 16u + e)] &= ~gone;
  } else {
    lanes[lw(lane, 7u)] &= ~gone;
  }
  atomicAdd(&acc[aw(c, 6u)], give);
}
`;
