/**
 * **Replaying a completion certificate** (format: index.ts) against its instance, line by line,
 * with the checker's own board model (board-model.ts): memory for the open path of the tree only
 * (one position per level, at most 33), time proportional to the certificate's lines.
 *
 * - `yes`: the completion keeps the fixed queens, and its queens attack no one and stand on no
 *   forbidden square.
 * - `no`: the tree in preorder. At a node, the position is the parent's with the branch's square
 *   taken (the root: the instance). A branch line closes the position (forced queens, pairs;
 *   it must not fail), names a line without a queen and lists exactly the squares still possible
 *   on it, each once: so its children cover every case. A leaf holds when the line it names has
 *   no square left after the leaf's closure (the queens it lists being the only ones the closure
 *   may place), or when the diagonal bound fails on the closed position.
 */
import { checkBoardGiven, type PartialBoard, wrongShape } from "../board.js";
import { FreeBoard, fixedClash, forbiddenTest, type Line, type Position } from "./board-model.js";
import { instanceHash } from "./instance-hash.js";

/** What replaying a certificate found. */
export type CertificateCheck =
  | {
      readonly valid: true;
      /** What the certificate proves: a completion exists, or none does. */
      readonly answer: "yes" | "no";
      /** Branch lines replayed (0 for a yes). */
      readonly branches: number;
      /** Leaves checked (0 for a yes). */
      readonly leaves: number;
    }
  | {
      readonly valid: false;
      /** The first line found wrong (1-based; one past the last line for a missing end). */
      readonly line: number;
      readonly reason: string;
    };

/** A certificate's first line. */
export const CERTIFICATE_HEADER = "nqueens-certificate 1";

class Refused extends Error {}

function refuse(reason: string): never {
  throw new Refused(reason);
}

/** A whole number of at most 7 digits, or a refusal. */
function int(word: string | undefined, what: string): number {
  if (word === undefined || !/^(0|[1-9][0-9]{0,6})$/.test(word)) {
    refuse(
      `${what}: expected a number, got ${word === undefined ? "nothing" : `"${word.slice(0, 20)}"`}`,
    );
  }
  return Number(word);
}

/** A branch on the open path: its position, and the squares of its children still to come. */
interface Frame {
  readonly position: Position;
  readonly line: Line;
  readonly squares: readonly number[];
  next: number;
}

/** The replay of a "no" tree, fed one line at a time. */
class TreeReplay {
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

/** Checks a "yes": the completion `cols[row]` of the board. */
function checkYes(board: PartialBoard, words: readonly string[]): void {
  const { n } = board;
  const cols = words.slice(1).map((w) => int(w, "column"));
  if (cols.length !== n) refuse(`the completion has ${cols.length} columns, not ${n}`);
  const forbidden = forbiddenTest(board);
  const used = new Set<string>();
  for (let r = 0; r < n; r++) {
    const c = cols[r]!;
    if (c >= n) refuse(`row ${r}: column ${c} is off the board`);
    if (forbidden(r, c)) refuse(`row ${r}: column ${c} is forbidden`);
    for (const key of [`c${c}`, `s${r + c}`, `d${r - c}`]) {
      if (used.has(key)) refuse(`row ${r}: the queen in column ${c} is attacked`);
      used.add(key);
    }
  }
  for (const q of board.queens) {
    if (cols[q.row] !== q.col) refuse(`row ${q.row}: the fixed queen in column ${q.col} is moved`);
  }
}

/**
 * Replays a certificate (its lines, without line ends) against the board it claims to be about:
 * valid only when its header names this board, and for a "no", every leaf holds and the branches
 * cover every case. Reads the lines once, in order; a board missing more than 32 queens is
 * checked for a "yes" only.
 * @param board - the board the certificate should be about
 * @param lines - the certificate's lines, without line ends (a file read line by line, or an array)
 * @returns `valid` with the answer and the tree's size, or the line that fails and why
 */
export async function checkCertificate(
  board: PartialBoard,
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<CertificateCheck> {
  checkBoardGiven(board, "checkCertificate");
  const iterable = lines as {
    [Symbol.iterator]?: unknown;
    [Symbol.asyncIterator]?: unknown;
  } | null;
  if (
    typeof iterable?.[Symbol.iterator] !== "function" &&
    typeof iterable?.[Symbol.asyncIterator] !== "function"
  ) {
    throw wrongShape("checkCertificate", "lines", "an iterable of strings", lines);
  }
  const hash = await instanceHash(board);
  let at = 0;
  let state: "header" | "n" | "instance" | "answer" | "tree" | "clash" | "end" | "after" = "header";
  let tree: TreeReplay | undefined;
  let answer: "yes" | "no" = "no";
  const clash = fixedClash(board);
  try {
    for await (const text of lines) {
      at++;
      const words = text.split(" ");
      switch (state) {
        case "header":
          if (text !== CERTIFICATE_HEADER) refuse(`expected "${CERTIFICATE_HEADER}"`);
          state = "n";
          break;
        case "n":
          if (words[0] !== "n" || int(words[1], "n") !== board.n || words.length !== 2) {
            refuse(`expected "n ${board.n}"`);
          }
          state = "instance";
          break;
        case "instance":
          if (text !== `instance sha256 ${hash}`) refuse("the certificate is for another instance");
          state = "answer";
          break;
        case "answer":
          if (words[0] === "yes") {
            if (clash) refuse("fixed queens attack each other: there is no completion");
            checkYes(board, words);
            answer = "yes";
            state = "end";
          } else if (text === "no") {
            state = clash ? "clash" : "tree";
            if (!clash) tree = startTree(board);
          } else refuse('expected "yes COLUMNS" or "no"');
          break;
        case "clash":
          checkClash(board, words);
          state = "end";
          break;
        case "tree":
          if (text === "end") {
            refuse("the tree ends too early: a branch still has children to come");
          }
          tree!.node(words);
          if (tree!.done) state = "end";
          break;
        case "end":
          if (text !== "end") refuse('expected "end"');
          state = "after";
          break;
        case "after":
          refuse("nothing may follow end");
      }
    }
    if (state !== "after") {
      at++;
      refuse("the certificate stops early (truncated?)");
    }
  } catch (e) {
    if (e instanceof Refused) return { valid: false, line: at, reason: e.message };
    throw e;
  }
  return {
    valid: true,
    answer,
    branches: tree?.branches ?? 0,
    leaves: tree?.leaves ?? (clash ? 1 : 0),
  };
}

/** Checks `f clash r,c r,c`: two of the fixed queens, attacking each other. */
function checkClash(board: PartialBoard, words: readonly string[]): void {
  if (words[0] !== "f" || words[1] !== "clash" || words.length !== 4) {
    refuse('expected "f clash r,c r,c": two fixed queens that attack each other');
  }
  const [a, b] = [words[2]!, words[3]!].map((w) => {
    const [r, c] = w.split(",").map((x) => int(x, "queen"));
    if (!board.queens.some((q) => q.row === r && q.col === c)) refuse(`no fixed queen at ${w}`);
    return { r: r!, c: c! };
  });
  const dr = a!.r - b!.r;
  const dc = a!.c - b!.c;
  if ((dr === 0 && dc === 0) || !(dr === 0 || dc === 0 || dr === dc || dr === -dc)) {
    refuse(`the queens at ${words[2]} and ${words[3]} do not attack each other`);
  }
}

function startTree(board: PartialBoard): TreeReplay {
  const forbidden = forbiddenTest(board);
  for (const q of board.queens) {
    if (forbidden(q.row, q.col))
      refuse(`the fixed queen (${q.row}, ${q.col}) is on a forbidden square`);
  }
  if (board.n - board.queens.length > 32) {
    refuse("a no is checked on boards missing at most 32 queens");
  }
  return new TreeReplay(new FreeBoard(board));
}
