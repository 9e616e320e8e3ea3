/**
 * **Replaying a completion certificate** (format: index.ts) against its instance, line by line,
 * with the checker's own board model (board-model.ts): memory for the open path of the tree only
 * (one position per level, at most 33), time proportional to the certificate's lines.
 *
 * - `yes`: the completion keeps the fixed queens, and its queens attack no one and stand on no
 *   forbidden square.
 * - `no`: the tree in preorder, replayed by tree.ts (version 2: branches only, the leaves that
 *   the forced rule closes taking no line) or tree-v1.ts (version 1, as nqueens 0.2.0 wrote it:
 *   every node a line, branches listing their squares, leaves their reasons).
 */
import { checkBoardGiven, type PartialBoard, wrongShape } from "../board.js";
import { FreeBoard, fixedClash, forbiddenTest } from "./board-model.js";
import { instanceHash } from "./instance-hash.js";
import { int, Refused, refuse } from "./refusal.js";
import { TreeReplay } from "./tree.js";
import { TreeReplayV1 } from "./tree-v1.js";

/** What replaying a certificate found. */
export type CertificateCheck =
  | {
      readonly valid: true;
      /** What the certificate proves: a completion exists, or none does. */
      readonly answer: "yes" | "no";
      /** Branch lines replayed (0 for a yes). */
      readonly branches: number;
      /** Leaves checked, those that take no line included (0 for a yes). */
      readonly leaves: number;
    }
  | {
      readonly valid: false;
      /** The first line found wrong (1-based; one past the last line for a missing end). */
      readonly line: number;
      readonly reason: string;
    };

/** A certificate's first line, as written now (format version 2). */
export const CERTIFICATE_HEADER = "nqueens-certificate 2";

const NO_WORDS: readonly string[] = [];

/** The first lines of the versions read: 2, and 1 (nqueens 0.2.0's). */
const HEADERS = new Map([
  [CERTIFICATE_HEADER, 2],
  ["nqueens-certificate 1", 1],
]);

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

/** The checker's place in a certificate: the line it expects next. */
type State = "header" | "n" | "instance" | "answer" | "tree" | "clash" | "end" | "after";

/** A certificate's replay, fed one line at a time (as text, or a branch line as its parts). */
class Replay {
  /** Lines read so far (the current one's number while it is read). */
  at = 0;
  state: State = "header";
  version = 2;
  tree: TreeReplay | TreeReplayV1 | undefined;
  answer: "yes" | "no" = "no";
  private readonly clash: ReturnType<typeof fixedClash>;

  constructor(
    private readonly board: PartialBoard,
    private readonly hash: string,
  ) {
    this.clash = fixedClash(board);
  }

  /** Whether the next line is a version 2 tree line (which `branch` may take). */
  get inTree(): boolean {
    return this.state === "tree" && this.version === 2;
  }

  /** A version 2 tree's branch line, already split: `r` or `c` and its number. */
  branch(kind: "row" | "col", index: number): void {
    this.at++;
    const tree = this.tree as TreeReplay;
    tree.branch(kind, index);
    if (tree.done) this.state = "end";
  }

  line(text: string): void {
    this.at++;
    const { board } = this;
    // A version 2 tree line is read whole; the other lines as words.
    const words = this.inTree ? NO_WORDS : text.split(" ");
    switch (this.state) {
      case "header":
        this.version = HEADERS.get(text) ?? refuse(`expected "${CERTIFICATE_HEADER}"`);
        this.state = "n";
        break;
      case "n":
        if (words[0] !== "n" || int(words[1], "n") !== board.n || words.length !== 2) {
          refuse(`expected "n ${board.n}"`);
        }
        this.state = "instance";
        break;
      case "instance":
        if (text !== `instance sha256 ${this.hash}`)
          refuse("the certificate is for another instance");
        this.state = "answer";
        break;
      case "answer":
        if (words[0] === "yes") {
          if (this.clash) refuse("fixed queens attack each other: there is no completion");
          checkYes(board, words);
          this.answer = "yes";
          this.state = "end";
        } else if (text === "no") {
          this.state = this.clash ? "clash" : "tree";
          if (!this.clash) {
            this.tree = startTree(board, this.version);
            if (this.tree.done) this.state = "end";
          }
        } else refuse('expected "yes COLUMNS" or "no"');
        break;
      case "clash":
        checkClash(board, words);
        this.state = "end";
        break;
      case "tree":
        if (text === "end") {
          refuse("the tree ends too early: a branch still has children to come");
        }
        if (this.tree instanceof TreeReplay) this.tree.node(text);
        else this.tree!.node(words);
        if (this.tree!.done) this.state = "end";
        break;
      case "end":
        if (text !== "end") refuse('expected "end"');
        this.state = "after";
        break;
      case "after":
        refuse("nothing may follow end");
    }
  }

  /** The result once every line is read (or `e`, the refusal met on the way). */
  result(e?: unknown): CertificateCheck {
    if (e instanceof Refused) return { valid: false, line: this.at, reason: e.message };
    if (e !== undefined) throw e;
    if (this.state !== "after") {
      return {
        valid: false,
        line: this.at + 1,
        reason: "the certificate stops early (truncated?)",
      };
    }
    return {
      valid: true,
      answer: this.answer,
      branches: this.tree?.branches ?? 0,
      leaves: this.tree?.leaves ?? (this.clash ? 1 : 0),
    };
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
  const replay = new Replay(board, await instanceHash(board));
  try {
    for await (const text of lines) replay.line(text);
  } catch (e) {
    return replay.result(e);
  }
  return replay.result();
}

const NEWLINE = 10;
const CR = 13;
const DIGIT_0 = 48;
const LETTER_R = 114;
const LETTER_C = 99;

/** The longest line read: a certificate's lines hold at most a few hundred characters. */
const MAX_LINE = 1 << 20;

/**
 * {@link checkCertificate} on the certificate's bytes, in chunks of any size (a file read as a
 * stream): the same replay and answers. Why it exists: a "no" certificate is millions of branch
 * lines of 3 or 4 bytes, and a string and an await per line cost as much as the replay itself;
 * here a branch line (`r` or `c`, then 1 to 7 digits without a leading zero) goes to the replay
 * as its two parts straight from the bytes, and every other line as text.
 */
export async function checkCertificateBytes(
  board: PartialBoard,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<CertificateCheck> {
  checkBoardGiven(board, "checkCertificate");
  const replay = new Replay(board, await instanceHash(board));
  const text = new TextDecoder();
  let rest: Uint8Array = new Uint8Array(0);
  try {
    for await (const chunk of chunks) {
      const bytes = rest.length === 0 ? chunk : concat(rest, chunk);
      let from = 0;
      for (let to = bytes.indexOf(NEWLINE); to >= 0; to = bytes.indexOf(NEWLINE, from)) {
        if (!(replay.inTree && branchLine(replay, bytes, from, to))) {
          const end = to > from && bytes[to - 1] === CR ? to - 1 : to;
          replay.line(text.decode(bytes.subarray(from, end)));
        }
        from = to + 1;
      }
      rest = bytes.slice(from);
      if (rest.length > MAX_LINE) refuse("a line over 1 MiB: not a certificate");
    }
    if (rest.length > 0) replay.line(text.decode(rest));
  } catch (e) {
    return replay.result(e);
  }
  return replay.result();
}

/**
 * Replays `bytes[from, to)` when it is a branch line as the writer spells it (`r12`, `c3`: at
 * most 7 digits, no leading zero); false for any other line, which then goes as text.
 */
function branchLine(replay: Replay, bytes: Uint8Array, from: number, to: number): boolean {
  const letter = bytes[from];
  const digits = to - from - 1;
  if ((letter !== LETTER_R && letter !== LETTER_C) || digits < 1 || digits > 7) return false;
  if (digits > 1 && bytes[from + 1] === DIGIT_0) return false;
  let index = 0;
  for (let k = from + 1; k < to; k++) {
    const d = bytes[k]! - DIGIT_0;
    if (d < 0 || d > 9) return false;
    index = index * 10 + d;
  }
  replay.branch(letter === LETTER_R ? "row" : "col", index);
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const both = new Uint8Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
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

function startTree(board: PartialBoard, version: number): TreeReplay | TreeReplayV1 {
  const forbidden = forbiddenTest(board);
  for (const q of board.queens) {
    if (forbidden(q.row, q.col))
      refuse(`the fixed queen (${q.row}, ${q.col}) is on a forbidden square`);
  }
  if (board.n - board.queens.length > 32) {
    refuse("a no is checked on boards missing at most 32 queens");
  }
  const free = new FreeBoard(board);
  return version === 1 ? new TreeReplayV1(free) : new TreeReplay(free);
}
