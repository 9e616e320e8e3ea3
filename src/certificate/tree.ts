/**
 * **Replaying a "no" tree** (format version 2: index.ts) against the checker's board model,
 * one line at a time. The tree is in preorder; a node's position is its parent's closed
 * position with the child's queen placed (the root: the instance). At each node the checker
 * first closes the position with the forced rule alone (`FreeBoard.closeForced`: a line with one
 * possible square left gets its queen there):
 *
 * - if the closure meets a line without a queen and without a square, the node is a leaf that
 *   the checker has proved itself: it takes no line;
 * - otherwise the next line describes the node: `rR` or `cC`, a branch on a row or a column
 *   without a queen, whose children are all of its squares still possible, in ascending order
 *   (so they cover every case); or `f bound`, a leaf where the diagonal bound fails.
 *
 * A closed position where every line has its queen is a completion: the "no" is refused there.
 * Memory: one position per level of the open path (at most 33), reused. Time: a line costs at
 * most one closure per child of its branch (at most 32), each a bounded number of passes over
 * the free lines, so the whole replay is proportional to the certificate's length.
 */
import type { FreeBoard, Line, Position } from "./board-model.js";
import { refuse } from "./refusal.js";

/** A branch on the open path: its line, and the squares of its children still to come. */
interface Frame extends Line {
  kind: "row" | "col";
  /** The line's free index. */
  index: number;
  /** The squares (free indices across the line) whose children are still to come. */
  rest: number;
}

/** A branch line: `r` or `c` and the board's row or column, at most 7 digits. */
const BRANCH = /^([rc])(0|[1-9][0-9]{0,6})$/;

/** The replay of a version 2 "no" tree, fed one line at a time. */
export class TreeReplay {
  /** The branches of the open path, `stack[0, depth)`; the frames are reused. */
  private readonly stack: Frame[];
  private depth = 0;
  /** `at[d]`: the position of the node at depth d (the root at 0), closed once it is reached. */
  private readonly at: Position[];
  /** Whether the whole tree has been replayed. */
  done = false;
  branches = 0;
  leaves = 0;

  constructor(private readonly board: FreeBoard) {
    this.at = Array.from({ length: board.m + 2 }, () => board.copy(board.start));
    this.stack = Array.from({ length: board.m + 2 }, () => ({ kind: "row", index: 0, rest: 0 }));
    if (this.settleAt(this.at[0]!)) this.done = true;
  }

  /** One node line: a branch `rR` or `cC`, or the leaf `f bound`. */
  node(text: string): void {
    if (text === "f bound") {
      if (this.done) refuse("the tree is already complete: expected end");
      if (!this.board.boundFails(this.at[this.depth]!)) {
        refuse("the diagonal bound does not fail here");
      }
      this.leaves++;
      this.advance();
      return;
    }
    const m = BRANCH.exec(text);
    if (!m)
      refuse(`expected a branch (r ROW or c COLUMN) or "f bound", got "${text.slice(0, 20)}"`);
    this.branch(m[1] === "r" ? "row" : "col", Number(m[2]));
  }

  /** A branch on the board's row or column `line` (the line `rR` or `cC`, already read). */
  branch(kind: "row" | "col", line: number): void {
    if (this.done) refuse("the tree is already complete: expected end");
    const b = this.board;
    const index = kind === "row" ? b.freeRow(line) : b.freeCol(line);
    const name = `${kind === "row" ? "row" : "column"} ${line}`;
    if (index < 0) refuse(`${name} holds a fixed queen or is off the board`);
    const position = this.at[this.depth]!;
    // The frame above the open path is free: it becomes this branch's.
    const frame = this.stack[this.depth]!;
    frame.kind = kind;
    frame.index = index;
    if (b.hasQueen(position, frame)) refuse(`${name} already has its queen here`);
    this.branches++;
    frame.rest = b.squares(position, frame);
    this.depth++;
    this.advance();
  }

  /**
   * On to the next node: the next child of the innermost branch (its squares in ascending
   * order), leaving the branches whose children are all done; then every node that closes to a
   * contradiction is a leaf, until a node needs a line or the tree is whole.
   */
  private advance(): void {
    for (;;) {
      if (this.depth === 0) {
        this.done = true;
        return;
      }
      const top = this.stack[this.depth - 1]!;
      if (top.rest === 0) {
        this.depth--;
        continue;
      }
      const k = 31 - Math.clz32(top.rest & -top.rest);
      top.rest &= top.rest - 1;
      const p = this.at[this.depth]!;
      this.board.copyInto(this.at[this.depth - 1]!, p);
      // The parent's position was closed without a contradiction (it branched).
      const leaf =
        top.kind === "row"
          ? this.board.placeAndClose(p, top.index, k)
          : this.board.placeAndClose(p, k, top.index);
      if (!this.settled(p, leaf)) return;
    }
  }

  /** Closes a node's position: true when it is a leaf (counted), false when it needs a line. */
  private settleAt(p: Position): boolean {
    return this.settled(p, this.board.closeForced(p));
  }

  /** A closed node: a leaf (counted, true) when its closure met an empty line, else false. */
  private settled(p: Position, leaf: boolean): boolean {
    if (leaf) {
      this.leaves++;
      return true;
    }
    if (this.board.complete(p)) refuse("the position here is a completion, yet the tree says no");
    return false;
  }
}
