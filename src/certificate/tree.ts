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
interface Frame {
  readonly line: Line;
  /** The squares (free indices across the line) whose children are still to come. */
  rest: number;
}

/** A branch line: `r` or `c` and the board's row or column, at most 7 digits. */
const BRANCH = /^([rc])(0|[1-9][0-9]{0,6})$/;

/** The replay of a version 2 "no" tree, fed one line at a time. */
export class TreeReplay {
  private readonly stack: Frame[] = [];
  /** `at[d]`: the position of the node at depth d (the root at 0), closed once it is reached. */
  private readonly at: Position[];
  /** Whether the whole tree has been replayed. */
  done = false;
  branches = 0;
  leaves = 0;

  constructor(private readonly board: FreeBoard) {
    this.at = Array.from({ length: board.m + 2 }, () => board.copy(board.start));
    if (this.settleAt(this.at[0]!)) this.done = true;
  }

  /** One node line: a branch `rR` or `cC`, or the leaf `f bound`. */
  node(text: string): void {
    if (this.done) refuse("the tree is already complete: expected end");
    const depth = this.stack.length;
    const position = this.at[depth]!;
    if (text === "f bound") {
      if (!this.board.boundFails(position)) refuse("the diagonal bound does not fail here");
      this.leaves++;
      this.advance();
      return;
    }
    const m = BRANCH.exec(text);
    if (!m)
      refuse(`expected a branch (r ROW or c COLUMN) or "f bound", got "${text.slice(0, 20)}"`);
    const b = this.board;
    const kind = m[1] === "r" ? "row" : "col";
    const index = kind === "row" ? b.freeRow(Number(m[2])) : b.freeCol(Number(m[2]));
    const name = `${kind === "row" ? "row" : "column"} ${m[2]}`;
    if (index < 0) refuse(`${name} holds a fixed queen or is off the board`);
    const line: Line = { kind, index };
    if (b.hasQueen(position, line)) refuse(`${name} already has its queen here`);
    this.branches++;
    this.stack.push({ line, rest: b.squares(position, line) });
    this.advance();
  }

  /**
   * On to the next node: the next child of the innermost branch (its squares in ascending
   * order), leaving the branches whose children are all done; then every node that closes to a
   * contradiction is a leaf, until a node needs a line or the tree is whole.
   */
  private advance(): void {
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (!top) {
        this.done = true;
        return;
      }
      if (top.rest === 0) {
        this.stack.pop();
        continue;
      }
      const k = 31 - Math.clz32(top.rest & -top.rest);
      top.rest &= top.rest - 1;
      const depth = this.stack.length;
      const p = this.at[depth]!;
      this.board.copyInto(this.at[depth - 1]!, p);
      if (top.line.kind === "row") this.board.place(p, top.line.index, k);
      else this.board.place(p, k, top.line.index);
      if (!this.settleAt(p)) return;
    }
  }

  /** Closes a node's position: true when it is a leaf (counted), false when it needs a line. */
  private settleAt(p: Position): boolean {
    if (this.board.closeForced(p)) {
      this.leaves++;
      return true;
    }
    if (this.board.complete(p)) refuse("the position here is a completion, yet the tree says no");
    return false;
  }
}
