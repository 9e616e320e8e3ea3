/**
 * **Propagation** of the hard-instance search (hard-search.ts): the open squares of every level
 * of the search's stack, and what follows from them without a decision. At every node, to a
 * fixpoint: a line (row or column) with no open square fails; a line with one is forced; a line
 * with two open squares takes away every square that attacks both (placing a queen there would
 * leave the line empty); and the diagonals must fit (diagonal-bound.ts). The same pass scores
 * the lines for branching (open squares per failure, dom/wdeg) and keeps the failure weights:
 * each line that runs out of squares gets one more.
 *
 * The search (hard-search.ts) extends this class: the state is one object, and these methods,
 * the hottest of the search, are called on it directly.
 */
import { low, popcount } from "../bits.js";
import { DiagonalBound } from "./diagonal-bound.js";
import type { SubBoard } from "./sub-board.js";

/**
 * The part of the search's options that propagation reads; see `HardSearchOptions` in
 * hard-search.ts for what each means and its default.
 */
export interface PropagationOptions {
  readonly pairs?: boolean;
  readonly diagonalBound?: boolean;
  readonly diagonalShifts?: boolean;
  readonly secondMoment?: boolean;
}

/**
 * The most a line's failure weight counts. A score is count * 2^20 / weight - tie (tie: 0..255),
 * so at the cap the tie-break still weighs about as much as the count.
 */
const MAX_WEIGHT = 4000;

/** What propagating a level ended with. */
export const CONFLICT = 0;
export const SOLVED = 1;
export const BRANCH = 2;

/** The levels' state and their propagation; see the module comment. */
export abstract class Propagation {
  protected readonly m: number;
  protected readonly full: number;
  /**
   * Ints per level: open rows (m), open columns (m), the masks of the lines with two open
   * squares when their pairs were last looked at (2m).
   */
  protected readonly width: number;
  protected readonly st: Int32Array;
  /**
   * The column of each row's queen. One array for all levels: a row's entry is written when its
   * queen is placed and read only while that queen stands (on the path to a completion).
   */
  protected readonly queenOf: Int32Array;
  protected readonly doneR: Int32Array;
  protected readonly doneC: Int32Array;
  protected readonly left: Int32Array;
  protected readonly tS: Float64Array;
  protected readonly tD: Float64Array;
  /** Per level: 2 (sum r^2 + sum c^2) over the free rows and columns (the second moment). */
  protected readonly tQ: Float64Array;
  /** Per level: the branching line (row index, or m + column index). */
  protected readonly line: Int32Array;
  protected readonly attack: Int32Array;
  private readonly rows: Int32Array;
  private readonly cols: Int32Array;
  /** Failure weights of the lines: rows 0..m-1, columns m..2m-1 (at most MAX_WEIGHT). */
  private readonly weight: Int32Array;
  /** 2^20 / weight, per line: a score is a multiplication, not a division. */
  private readonly share: Float64Array;
  /** Tie-breaks between lines of about the same score: random 0..255, new each run. */
  protected readonly priority: Int32Array;
  private readonly pairs: boolean;
  private readonly bound: boolean;
  private readonly diagonals: DiagonalBound;
  /** Lines that have one open square left (rows i, columns m + j), to place at once. */
  private readonly queue = new Int32Array(1024);
  protected queued = 0;
  /** The rows and columns holding a queen at the level being changed. */
  protected curDoneR = 0;
  protected curDoneC = 0;
  /** The line that ran out of squares at the last wipeout (-1: none). */
  protected dead = -1;

  constructor(
    readonly sub: SubBoard,
    options: PropagationOptions,
  ) {
    const m = sub.m;
    this.m = m;
    this.full = m === 32 ? -1 : (1 << m) - 1;
    const sums = sub.sumValue.length;
    const diffs = sub.diffValue.length;
    this.width = 4 * m;
    this.queenOf = new Int32Array(m);
    const levels = m + 1;
    this.st = new Int32Array(levels * this.width);
    this.doneR = new Int32Array(levels);
    this.doneC = new Int32Array(levels);
    this.left = new Int32Array(levels);
    this.tS = new Float64Array(levels);
    this.tD = new Float64Array(levels);
    this.tQ = new Float64Array(levels);
    this.line = new Int32Array(levels);
    this.attack = sub.attack.slice();
    this.rows = sub.rows;
    this.cols = sub.cols;
    this.weight = new Int32Array(2 * m).fill(1);
    this.share = new Float64Array(2 * m).fill(2 ** 20);
    this.priority = new Int32Array(2 * m);
    this.pairs = options.pairs ?? true;
    this.bound = options.diagonalBound ?? sums + diffs <= 8 * m;
    this.diagonals = new DiagonalBound(
      sub,
      options.diagonalShifts ?? true,
      options.secondMoment ?? true,
    );
    let tS = 0;
    let tD = 0;
    let tQ = 0;
    for (let i = 0; i < m; i++) {
      tS += sub.rows[i]! + sub.cols[i]!;
      tD += sub.rows[i]! - sub.cols[i]!;
      tQ += 2 * (sub.rows[i]! ** 2 + sub.cols[i]! ** 2);
    }
    this.tS[0] = tS;
    this.tD[0] = tD;
    this.tQ[0] = tQ;
  }

  /** One more failure of a line (capped at MAX_WEIGHT). */
  protected bump(line: number): void {
    if (this.weight[line]! < MAX_WEIGHT) this.share[line] = 2 ** 20 / ++this.weight[line]!;
  }

  /**
   * Takes the squares `x` out of row i at level offset o (they must be open). A row or column
   * without a queen that is left with one square is queued; one left with none is `dead`.
   */
  protected clear(o: number, i: number, x: number): void {
    const { st, m } = this;
    const rowLeft = st[o + i]! ^ x;
    st[o + i] = rowLeft;
    if (((this.curDoneR >>> i) & 1) === 0) {
      if (rowLeft === 0) this.dead = i;
      else if ((rowLeft & (rowLeft - 1)) === 0 && this.queued < 1024) this.queue[this.queued++] = i;
    }
    const rowBit = ~(1 << i);
    const doneC = this.curDoneC;
    while (x !== 0) {
      const bit = x & -x;
      x ^= bit;
      const j = 31 - Math.clz32(bit);
      const colLeft = st[o + m + j]! & rowBit;
      st[o + m + j] = colLeft;
      if (((doneC >>> j) & 1) === 0) {
        if (colLeft === 0) this.dead = m + j;
        else if ((colLeft & (colLeft - 1)) === 0 && this.queued < 1024) {
          this.queue[this.queued++] = m + j;
        }
      }
    }
  }

  /**
   * Puts a queen on (i, j) at level L: its row, column and diagonals lose their squares. False
   * when some row or column without a queen is left with no square (then `dead` names it).
   */
  protected place(L: number, i: number, j: number): boolean {
    const o = L * this.width;
    const { st, attack } = this;
    const s = (i * 32 + j) * 32;
    this.doneR[L]! |= 1 << i;
    this.doneC[L]! |= 1 << j;
    this.curDoneR = this.doneR[L]!;
    this.curDoneC = this.doneC[L]!;
    this.dead = -1;
    let rest = ~(this.curDoneR & ~(1 << i)) & this.full;
    while (rest !== 0) {
      const bit = rest & -rest;
      rest ^= bit;
      const i2 = 31 - Math.clz32(bit);
      const x = st[o + i2]! & attack[s + i2]!;
      if (x !== 0) this.clear(o, i2, x);
    }
    this.queenOf[i] = j;
    this.left[L]!--;
    this.tS[L]! -= this.rows[i]! + this.cols[j]!;
    this.tD[L]! -= this.rows[i]! - this.cols[j]!;
    this.tQ[L]! -= 2 * (this.rows[i]! ** 2 + this.cols[j]! ** 2);
    if (this.dead >= 0) {
      this.bump(this.dead);
      return false;
    }
    return true;
  }

  /** Propagates level L to a fixpoint; on BRANCH, `line[L]` is the line to branch on. */
  protected propagate(L: number): number {
    const { st, m, share } = this;
    const o = L * this.width;
    const full = this.full;
    this.curDoneR = this.doneR[L]!;
    this.curDoneC = this.doneC[L]!;
    for (;;) {
      while (this.queued > 0) {
        const ln = this.queue[--this.queued]!;
        if (ln < m) {
          if ((this.doneR[L]! >>> ln) & 1) continue;
          const x = st[o + ln]!;
          if (x === 0) {
            this.bump(ln);
            this.queued = 0;
            return CONFLICT;
          }
          if ((x & (x - 1)) === 0 && !this.place(L, ln, low(x))) {
            this.queued = 0;
            return CONFLICT;
          }
        } else {
          if ((this.doneC[L]! >>> (ln - m)) & 1) continue;
          const x = st[o + ln]!;
          if (x === 0) {
            this.bump(ln);
            this.queued = 0;
            return CONFLICT;
          }
          if ((x & (x - 1)) === 0 && !this.place(L, low(x), ln - m)) {
            this.queued = 0;
            return CONFLICT;
          }
        }
      }
      if (this.left[L] === 0) return SOLVED;
      const openRows = ~this.doneR[L]! & full;
      const openCols = ~this.doneC[L]! & full;
      let best = -1;
      let bestScore = Number.POSITIVE_INFINITY;
      let forced = -1;
      let twosR = 0;
      let twosC = 0;
      const priority = this.priority;
      // Score: open squares per failure (times 2^20), less the run's random tie-break.
      for (let rest = openRows; rest !== 0; rest &= rest - 1) {
        const i = low(rest);
        const x = st[o + i]!;
        if (x === 0) {
          this.bump(i);
          return CONFLICT;
        }
        const k = popcount(x);
        if (k === 1) {
          forced = i;
          break;
        }
        if (k === 2) twosR |= 1 << i;
        const score = k * share[i]! - priority[i]!;
        if (score < bestScore) {
          best = i;
          bestScore = score;
        }
      }
      if (forced < 0) {
        for (let rest = openCols; rest !== 0; rest &= rest - 1) {
          const j = low(rest);
          const x = st[o + m + j]!;
          if (x === 0) {
            this.bump(m + j);
            return CONFLICT;
          }
          const k = popcount(x);
          if (k === 1) {
            forced = m + j;
            break;
          }
          if (k === 2) twosC |= 1 << j;
          const score = k * share[m + j]! - priority[m + j]!;
          if (score < bestScore) {
            best = m + j;
            bestScore = score;
          }
        }
      }
      if (forced >= 0) {
        this.queue[this.queued++] = forced;
        continue;
      }
      if ((twosR | twosC) !== 0 && this.pairs && this.pairKills(o, openRows, twosR, twosC)) {
        continue;
      }
      if (
        this.bound &&
        !this.diagonals.fits(st, o, openRows, this.left[L]!, this.tS[L]!, this.tD[L]!, this.tQ[L]!)
      ) {
        return CONFLICT;
      }
      this.line[L] = best;
      return BRANCH;
    }
  }

  /**
   * For each line with two open squares, takes away the squares that attack both. True when
   * some square was taken (propagation then starts over).
   */
  private pairKills(o: number, openRows: number, twosR: number, twosC: number): boolean {
    const { st, attack, m } = this;
    let changed = false;
    const seen = o + 2 * m;
    for (let rest = twosR; rest !== 0; rest &= rest - 1) {
      const l = low(rest);
      const x = st[o + l]!;
      // A line looked at with the same squares has nothing new to take: masks only shrink.
      // (A kill may have changed the line since it was counted: it is then looked at again.)
      if (st[seen + l] === x || popcount(x) !== 2) continue;
      st[seen + l] = x;
      const sa = (l * 32 + low(x)) * 32;
      const sb = (l * 32 + (31 - Math.clz32(x))) * 32;
      for (let others = openRows & ~(1 << l); others !== 0; others &= others - 1) {
        const i2 = low(others);
        const kill = attack[sa + i2]! & attack[sb + i2]! & st[o + i2]!;
        if (kill !== 0) {
          this.clear(o, i2, kill);
          changed = true;
        }
      }
    }
    for (let rest = twosC; rest !== 0; rest &= rest - 1) {
      const l = low(rest);
      const x = st[o + m + l]!;
      if (st[seen + m + l] === x || popcount(x) !== 2) continue;
      st[seen + m + l] = x;
      const sa = (low(x) * 32 + l) * 32;
      const sb = ((31 - Math.clz32(x)) * 32 + l) * 32;
      const notLine = ~(1 << l);
      for (let others = openRows; others !== 0; others &= others - 1) {
        const i2 = low(others);
        const kill = attack[sa + i2]! & attack[sb + i2]! & st[o + i2]! & notLine;
        if (kill !== 0) {
          this.clear(o, i2, kill);
          changed = true;
        }
      }
    }
    return changed;
  }
}
