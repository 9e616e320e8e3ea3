/**
 * **Replaying a version 1 "no" tree** (format: index.ts; written by nqueens 0.2.0 from the
 * hard-instance search with its pair rule and the diagonal bound): the tree in preorder, every
 * node a line. At a node, the position is the parent's with the branch's square taken (the
 * root: the instance). A branch line closes the position (forced queens, pairs; it must not
 * fail), names a line without a queen and lists exactly the squares still possible on it, each
 * once: so its children cover every case. A leaf holds when the line it names has no square
 * left after the leaf's closure (the queens it lists being the only ones the closure may
 * place), or when the diagonal bound fails on the closed position. Memory for the open path
 * only (one position per level, at most 33).
 */
import type { FreeBoard, Line, Position } from "./board-model.js";
import { int, refuse } from "./refusal.js";

/** A branch on the open path: its position, and the squares of its children still to come. */
interface Frame {
  readonly position: Position;
  readonly line: Line;
  readonly squares: readonly number[];
  next: number;
}

/** The replay of a version 1 "no" tree, fed one line at a time. */
export class TreeReplayV1 {
  private readonly stack: Frame[] = [];
  /** The position of the node the next line describes (before its closure). */
  private pending: Position | undefined;
  branches = 0;
  leaves = 0;

  constructor(private readonly board: FreeBoard) {
    this.pending = board.copy(board.start);
  }

  get done(): boolean {
    return this.pending === undefined;
  }

  /** One node line: `b row R ...`, `b col C ...`, `f row R ...`, `f col C ...`, `f bound`. */
  node(words: readonly string[]): void {
    const position = this.pending;
    if (!position) refuse("the tree is already complete: expected end");
    if (words[0] === "b") this.branch(position, words);
    else if (words[0] === "f") {
      this.leaf(position, words);
      this.leaves++;
      this.advance();
    } else refuse(`expected a branch (b) or a leaf (f), got "${(words[0] ?? "").slice(0, 20)}"`);
  }

  private line(kind: string | undefined, at: string | undefined): Line {
    const b = this.board;
    if (kind === "row") {
      const index = b.freeRow(int(at, "row"));
      if (index < 0) refuse(`row ${at} holds a fixed queen`);
      return { kind, index };
    }
    if (kind === "col") {
      const index = b.freeCol(int(at, "col"));
      if (index < 0) refuse(`column ${at} holds a fixed queen`);
      return { kind, index };
    }
    return refuse(`expected row or col, got "${(kind ?? "").slice(0, 20)}"`);
  }

  private branch(position: Position, words: readonly string[]): void {
    const b = this.board;
    const failed = b.close(position);
    if (failed) refuse(`not a branch: ${describe(b, failed)} has no square left here`);
    const line = this.line(words[1], words[2]);
    if (b.hasQueen(position, line)) refuse(`${describe(b, line)} already has its queen here`);
    const open = b.squares(position, line);
    const across = line.kind === "row" ? (c: number) => b.freeCol(c) : (r: number) => b.freeRow(r);
    const squares: number[] = [];
    let listed = 0;
    for (const w of words.slice(3)) {
      const k = across(int(w, "square"));
      if (k < 0 || ((open >>> k) & 1) === 0) {
        refuse(`${describe(b, line)}: ${w} is not one of its squares still possible here`);
      }
      if ((listed >>> k) & 1) refuse(`${describe(b, line)}: ${w} listed twice`);
      listed |= 1 << k;
      squares.push(k);
    }
    if (listed !== open) {
      const missing = (line.kind === "row" ? b.cols : b.rows).filter(
        (_, k) => ((open & ~listed) >>> k) & 1,
      );
      refuse(`${describe(b, line)}: the branch misses ${missing.join(" ")}, still possible here`);
    }
    this.branches++;
    this.stack.push({ position, line, squares, next: 0 });
    this.enter();
  }

  private leaf(position: Position, words: readonly string[]): void {
    const b = this.board;
    if (words[1] === "bound") {
      if (words.length > 2) refuse("f bound takes nothing after it");
      const failed = b.close(position);
      if (failed) refuse(`${describe(b, failed)} has no square left here: name it, not the bound`);
      if (!b.boundFails(position)) refuse("the diagonal bound does not fail here");
      return;
    }
    const line = this.line(words[1], words[2]);
    const allowed: [number, number][] = [];
    for (const w of words.slice(3)) {
      const [r, c, extra] = w.split(",");
      if (extra !== undefined) refuse(`a queen is row,col: got "${w.slice(0, 20)}"`);
      const i = b.freeRow(int(r, "queen row"));
      const j = b.freeCol(int(c, "queen column"));
      if (i < 0 || j < 0) refuse(`queen ${w}: not on a free row and a free column`);
      allowed.push([i, j]);
    }
    if (b.hasQueen(position, line)) refuse(`${describe(b, line)} has its queen here`);
    const empty = b.closeLeaf(position, allowed, line);
    if (b.hasQueen(position, line)) refuse(`${describe(b, line)} has its queen here`);
    if (!empty) refuse(`${describe(b, line)} still has a square left here`);
  }

  /** The next child of the innermost branch: its position is the branch's with the square taken. */
  private enter(): void {
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      this.pending = undefined;
      return;
    }
    const p = this.board.copy(top.position);
    const k = top.squares[top.next]!;
    if (top.line.kind === "row") this.board.place(p, top.line.index, k);
    else this.board.place(p, k, top.line.index);
    this.pending = p;
  }

  /** A subtree ended: on to the next child, leaving the branches whose children are all done. */
  private advance(): void {
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (!top) {
        this.pending = undefined;
        return;
      }
      top.next++;
      if (top.next < top.squares.length) break;
      this.stack.pop();
    }
    this.enter();
  }
}

function describe(b: FreeBoard, line: Line): string {
  return line.kind === "row" ? `row ${b.rows[line.index]}` : `column ${b.cols[line.index]}`;
}
