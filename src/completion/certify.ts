/**
 * **Certifying a completion's answer** (the format: certificate/index.ts): a "yes" is the
 * completion; a "no" is the search tree of the hard-instance search run without restarts,
 * nogoods, probing or symmetry, written in preorder as it runs (never held in memory): each
 * branch with its line and squares in the order tried, each leaf with the line left without a
 * square (and the queens its propagation placed) or the diagonal bound. Those are the reasons
 * the independent checker (certificate/check.ts) re-derives with its own rules; the search's
 * propagation (forced lines, pairs) is the checker's closure, so it is not written.
 */
import { boardProblems, conflictSummary, type PartialBoard } from "../board.js";
import { CERTIFICATE_HEADER, instanceHash } from "../certificate/index.js";
import { NQueensError } from "../errors.js";
import { MAX_SUB_SIZE } from "../limits.js";
import { checkBoardShape, checkJobOptions, checkOptions, wrongShape } from "../shapes.js";
import { completeOne } from "./complete.js";
import { decideHardAsync } from "./decide.js";
import { HardSearch } from "./hard-search.js";
import { type SubBoard, subBoard } from "./sub-board.js";
import { validate } from "./validate.js";

/** What {@link certifyCompletion} wrote. */
export interface CertificateSummary {
  /** A completion exists ("yes", the certificate holds it) or none does ("no", a proof). */
  readonly answer: "yes" | "no";
  /** The completion, for a "yes". */
  readonly cols: number[] | undefined;
  /** Branch lines written (0 for a "yes"). */
  readonly branches: number;
  /** Leaf lines written (0 for a "yes"). */
  readonly leaves: number;
  /** Characters written. */
  readonly chars: number;
}

/** Lines are handed to `write` in chunks of about this many characters. */
const CHUNK = 1 << 16;

/** Lines gathered into chunks for `write`. */
class Sink {
  private parts: string[] = [];
  private size = 0;
  chars = 0;

  constructor(private readonly write: (chunk: string) => void) {}

  line(text: string): void {
    this.parts.push(text, "\n");
    this.size += text.length + 1;
    if (this.size >= CHUNK) this.flush();
  }

  flush(): void {
    if (this.size === 0) return;
    this.write(this.parts.join(""));
    this.chars += this.size;
    this.parts = [];
    this.size = 0;
  }
}

/** The hard-instance search, writing its tree. */
class CertifyingSearch extends HardSearch {
  branches = 0;
  leaves = 0;

  constructor(
    sub: SubBoard,
    private readonly sink: Sink,
  ) {
    super(sub, { restarts: false, learn: false, probeDepth: 0 });
  }

  protected override branched(L: number): void {
    const { m, sub, line, cand, candN } = this;
    const ln = line[L]!;
    const words = [ln < m ? `b row ${sub.rows[ln]}` : `b col ${sub.cols[ln - m]}`];
    const across = ln < m ? sub.cols : sub.rows;
    for (let p = 0; p < candN[L]!; p++) words.push(String(across[cand[L * 32 + p]!]));
    this.sink.line(words.join(" "));
    this.branches++;
  }

  protected override failed(L: number): void {
    const { m, sub, st, doneR, doneC } = this;
    const o = L * this.width;
    let reason = "f bound";
    for (let i = 0; i < m && reason === "f bound"; i++) {
      if (((doneR[L]! >>> i) & 1) === 0 && st[o + i] === 0) reason = `f row ${sub.rows[i]}`;
    }
    for (let j = 0; j < m && reason === "f bound"; j++) {
      if (((doneC[L]! >>> j) & 1) === 0 && st[o + m + j] === 0) reason = `f col ${sub.cols[j]}`;
    }
    const words = [reason];
    if (reason !== "f bound") {
      // The queens propagation placed at this level: all of them at the root, else all but the
      // decision that made the level.
      let forced =
        L === 0 ? doneR[0]! : doneR[L]! & ~doneR[L - 1]! & ~(1 << (this.dec[L - 1]! >> 5));
      for (; forced !== 0; forced &= forced - 1) {
        const i = 31 - Math.clz32(forced & -forced);
        words.push(`${sub.rows[i]},${sub.cols[this.queenOf[i]!]}`);
      }
    }
    this.sink.line(words.join(" "));
    this.leaves++;
  }
}

/** Options of {@link certifyCompletion}. */
export interface CertifyOptions {
  /** Stops the search (between slices of nodes): the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Nodes between the certifying search's turns (a millisecond or two). */
const SLICE = 4096;

/** Resolves after the event loop has had a turn (setImmediate in Node, a timer in a browser). */
function turn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

/**
 * Decides a board and writes a certificate of the answer to `write`, in chunks as it goes: a
 * "yes" with a completion (any board), a "no" with the search tree (boards missing at most 32
 * queens). The "no" is found first by the usual search (restarts, nogoods), then proved by one
 * depth-first search without them, whose tree is the proof. Both searches give the event loop a
 * turn between slices of nodes and stop when `signal` aborts.
 * @param board - the partial board to decide
 * @param write - called with each chunk of the certificate's text, in order
 * @param options - `signal`: stops both searches (the promise rejects)
 * @returns the answer, the completion for a "yes", and the certificate's size (branches, leaves,
 *   characters)
 * @throws NQueensError when the board is malformed or has a queen on a forbidden square, or for
 *   a "no" on a board missing more than 32 queens
 */
export async function certifyCompletion(
  board: PartialBoard,
  write: (chunk: string) => void,
  options: CertifyOptions = {},
): Promise<CertificateSummary> {
  checkBoardShape(board, "certifyCompletion");
  if (typeof write !== "function")
    throw wrongShape("certifyCompletion", "write", "a function", write);
  checkJobOptions(checkOptions(options, "certifyCompletion"), "certifyCompletion");
  const problem = boardProblems(board)[0];
  if (problem) throw new NQueensError(problem, "invalid-board");
  const { signal } = options;
  const between = async (): Promise<void> => {
    await turn();
    signal?.throwIfAborted();
  };
  const sink = new Sink(write);
  const clash = conflictSummary(board, 1).first[0];
  const hash = await instanceHash(board);
  const head = (answer: string): void => {
    sink.line(CERTIFICATE_HEADER);
    sink.line(`n ${board.n}`);
    sink.line(`instance sha256 ${hash}`);
    sink.line(answer);
  };
  if (clash) {
    head("no");
    sink.line(`f clash ${clash.a.row},${clash.a.col} ${clash.b.row},${clash.b.col}`);
    return finish(sink, undefined, 0, 1);
  }
  const { forbidden, queens, n } = validate(board, "certifyCompletion");
  const missing = n - queens.length;
  const cols =
    missing > MAX_SUB_SIZE
      ? completeOne(board, { least: false, timeLimitMs: Number.POSITIVE_INFINITY })
      : (await decideHardAsync(board, forbidden, between)).cols;
  if (cols) {
    head(`yes ${cols.join(" ")}`);
    return finish(sink, cols, 0, 0);
  }
  if (missing > MAX_SUB_SIZE) {
    throw new NQueensError(
      `a "no" is certified for boards missing at most ${MAX_SUB_SIZE} queens: this one misses ${missing}`,
      "out-of-range",
      { option: "board", value: missing, max: MAX_SUB_SIZE },
    );
  }
  head("no");
  const search = new CertifyingSearch(subBoard(board, forbidden), sink);
  for (;;) {
    const got = search.run(SLICE);
    if (got === "unsat") break;
    if (got === "sat") {
      throw new Error("internal error: the certifying search found a completion the search missed");
    }
    await between();
  }
  return finish(sink, undefined, search.branches, search.leaves);
}

function finish(
  sink: Sink,
  cols: number[] | undefined,
  branches: number,
  leaves: number,
): CertificateSummary {
  sink.line("end");
  sink.flush();
  return { answer: cols ? "yes" : "no", cols, branches, leaves, chars: sink.chars };
}
