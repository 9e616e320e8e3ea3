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
  let version = 2;
  let tree: TreeReplay | TreeReplayV1 | undefined;
  let answer: "yes" | "no" = "no";
  const clash = fixedClash(board);
  try {
    for await (const text of lines) {
      at++;
      // A version 2 tree line is read whole; the other lines as words.
      const words = state === "tree" && version === 2 ? NO_WORDS : text.split(" ");
      switch (state) {
        case "header":
          version = HEADERS.get(text) ?? refuse(`expected "${CERTIFICATE_HEADER}"`);
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
            if (!clash) {
              tree = startTree(board, version);
              if (tree.done) state = "end";
            }
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
          if (tree instanceof TreeReplay) tree.node(text);
          else tree!.node(words);
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
