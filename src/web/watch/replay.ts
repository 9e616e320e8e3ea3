/**
 * Watch's replay of the lesson's steps (steps.ts): everything the view shows at one step, and
 * how to get there fast. A snapshot is kept every {@link SNAP} steps, so any step is reached by
 * replaying at most that many from the nearest one: stepping back, scrubbing and jumping to a
 * solution millions of steps on are instant.
 *
 * The snapshots are made as the steps arrive ({@link Replay.index}, a batch at a time from the
 * worker's stream), not when the reader first jumps far: a jump to N = 20's first solution, 4.4
 * million steps on, replayed them all in one task of 0.4 to 1.5 s on the page's thread, while
 * indexing them costs a few milliseconds per batch of 50,000 as they come in.
 */
import {
  byColOf,
  byRowOf,
  colOf,
  K_ENTER,
  K_PLACE,
  K_REJECT,
  K_REMOVE,
  K_RETURN,
  K_SOLUTION,
  kindOf,
  REASONS,
  reasonOf,
  rowOf,
  type StepList,
} from "../steps.js";

/** Steps between snapshots. */
const SNAP = 1024;

/** Square status in a row: untried, rejected, holds the queen now, explored and taken back. */
const UNTRIED = 0;
export const REJECTED = 1;
export const PLACED = 2;
export const DONE = 3;

/** Everything the view shows at one step; a snapshot is a copy of it. */
export interface ReplayState {
  /** Steps applied: the step shown (0 = before the first). */
  pos: number;
  /** Column per row, -1 where empty (fixed queens included). */
  cols: Int8Array;
  status: Uint8Array;
  /** For a rejected square: the reason (index into REASONS) and the attacker's square. */
  reason: Uint8Array;
  byRow: Int8Array;
  byCol: Int8Array;
  /** The step at which each square got its status (for jumping to it). */
  at: Int32Array;
  /** The rows whose loop is running, outermost first (a row of n: the call below a solution). */
  stack: Int8Array;
  top: number;
  /** The top frame returns on the next step (it is still shown at its return). */
  popPending: boolean;
  depth: number;
  nodes: number;
  backtracks: number;
  solutions: number;
  perDepth: Float64Array;
}

function copy(r: ReplayState): ReplayState {
  return {
    ...r,
    cols: r.cols.slice(),
    status: r.status.slice(),
    reason: r.reason.slice(),
    byRow: r.byRow.slice(),
    byCol: r.byCol.slice(),
    at: r.at.slice(),
    stack: r.stack.slice(),
    perDepth: r.perDepth.slice(),
  };
}

/** A replay of one list of steps on an n×n board from some fixed queens. */
export class Replay {
  cur: ReplayState;
  private readonly snaps: ReplayState[];
  /** The replay that runs ahead over every step that has arrived, leaving the snapshots. */
  private ahead: ReplayState;
  /** Steps applied by {@link seek} so far: what moving around costs (model.test.ts). */
  seekSteps = 0;

  constructor(
    readonly n: number,
    readonly fixedRows: ReadonlySet<number>,
    start: Int8Array,
    private readonly steps: StepList,
  ) {
    this.cur = {
      pos: 0,
      cols: start.slice(),
      status: new Uint8Array(n * n),
      reason: new Uint8Array(n * n),
      byRow: new Int8Array(n * n),
      byCol: new Int8Array(n * n),
      at: new Int32Array(n * n),
      stack: new Int8Array(n + 2),
      top: 0,
      popPending: false,
      depth: 0,
      nodes: 1,
      backtracks: 0,
      solutions: 0,
      perDepth: new Float64Array(n + 1),
    };
    this.cur.perDepth[0] = 1;
    this.snaps = [copy(this.cur)];
    this.ahead = copy(this.cur);
  }

  /** The packed step shown now (undefined at step 0). */
  get last(): number | undefined {
    return this.cur.pos > 0 ? this.steps.at(this.cur.pos - 1) : undefined;
  }

  /** Moves to step `pos` (clamped to the steps there are). */
  seek(pos: number): void {
    pos = Math.max(0, Math.min(pos, this.steps.length));
    this.index();
    // The nearest snapshot at or before `pos`, unless going on from here is as short.
    const snap = this.snaps[Math.min(Math.floor(pos / SNAP), this.snaps.length - 1)]!;
    if (pos < this.cur.pos || snap.pos > this.cur.pos) this.cur = copy(snap);
    while (this.cur.pos < pos) {
      apply(this.cur, this.steps.at(this.cur.pos), this.n);
      this.seekSteps++;
    }
  }

  /** Replays the steps that have arrived since the last call, keeping a snapshot every SNAP. */
  index(): void {
    const a = this.ahead;
    while (a.pos < this.steps.length) {
      apply(a, this.steps.at(a.pos), this.n);
      if (a.pos % SNAP === 0) this.snaps.push(copy(a));
    }
  }

  /** The rows on the stack now, outermost first. */
  frames(): number[] {
    return Array.from(this.cur.stack.subarray(0, this.cur.top));
  }
}

function ensureFrame(s: ReplayState, row: number): void {
  if (s.top === 0 || s.stack[s.top - 1] !== row) s.stack[s.top++] = row;
}

/** Applies one packed step to the replay state. */
function apply(s: ReplayState, code: number, n: number): void {
  s.pos++;
  if (s.popPending) {
    s.top--;
    s.popPending = false;
  }
  const kind = kindOf(code);
  const row = rowOf(code);
  const col = colOf(code);
  const i = row * n + col;
  switch (kind) {
    case K_REJECT:
      ensureFrame(s, row);
      s.status[i] = REJECTED;
      s.reason[i] = REASONS.indexOf(reasonOf(code));
      s.byRow[i] = byRowOf(code);
      s.byCol[i] = byColOf(code);
      s.at[i] = s.pos;
      break;
    case K_ENTER:
      ensureFrame(s, row);
      break;
    case K_PLACE:
      ensureFrame(s, row);
      s.cols[row] = col;
      // The rows below start afresh under the new queen.
      s.status.fill(UNTRIED, (row + 1) * n);
      s.status[i] = PLACED;
      s.at[i] = s.pos;
      s.depth++;
      s.nodes++;
      s.perDepth[s.depth]!++;
      break;
    case K_REMOVE:
      while (s.top > 0 && s.stack[s.top - 1] !== row) s.top--;
      s.cols[row] = -1;
      s.status[i] = DONE;
      s.depth--;
      s.backtracks++;
      break;
    case K_SOLUTION:
      s.stack[s.top++] = n;
      s.popPending = true;
      s.solutions++;
      break;
    case K_RETURN:
      ensureFrame(s, row);
      s.popPending = true;
      break;
  }
}
