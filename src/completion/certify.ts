/**
 * **Certifying a completion's answer** (the format, version 2: certificate/index.ts): a "yes"
 * is the completion; a "no" is a search tree in preorder, one line per branch: its line (`rR`
 * a row, `cC` a column), its children being that line's squares still possible, in ascending
 * order. The checker closes every node itself with the forced rule (a line with one square left
 * gets its queen), so the leaves where a line runs out of squares take no line; only the
 * diagonal bound's leaves are written (`f bound`).
 *
 * The search that writes a "no" (`TreeSearch`):
 * - on a board without fixed queens (Excluded Diagonals, Blocked n-Queens), the hard-instance
 *   search (below) when it ends within {@link PROBE} nodes (its diagonal bound refutes some
 *   instances near the root, where the lean search would need a large tree), kept in memory
 *   until then; else the lean search, whose propagation is exactly the forced rule and the
 *   wipeouts the checker re-derives, run by its WebAssembly kernel, which writes the tree
 *   itself (lean-kernel-wasm.ts; the JavaScript class lean-search.ts writes the same bytes
 *   through its `branched` hook, the readable version the tests compare with). That kernel
 *   is the decision's own lean search ({@link certifyInOnePass}): one pass, the tree held in
 *   memory until the answer is known; else (a symmetric instance, a tree past {@link HOLD})
 *   the decision first, then the kernel again, streaming;
 * - on a board with fixed queens, after the decision, the hard-instance search, streamed:
 *   without restarts, nogoods, probing, pair rule or symmetry, so that its propagation too is
 *   the forced rule (and the diagonal bound, checked only at its fixpoint), its squares tried
 *   in ascending order.
 */
import { boardProblems, conflictSummary, type Forbidden, type PartialBoard } from "../board.js";
import { CERTIFICATE_HEADER, instanceHash } from "../certificate/index.js";
import { NQueensError } from "../errors.js";
import { MAX_SUB_SIZE } from "../limits.js";
import { checkBoardShape, checkJobOptions, checkOptions, wrongShape } from "../shapes.js";
import { completeOne } from "./complete.js";
import { assertCompletion, decideHardAsync, prepare, Searches } from "./decide.js";
import { HardSearch } from "./hard-search.js";
import { LeanKernel, type TreeBytes } from "./lean-kernel-wasm.js";
import { LeanSearch } from "./lean-search.js";
import { boardCols, type SubBoard, subBoard } from "./sub-board.js";
import { validate } from "./validate.js";

/** What {@link certifyCompletion} wrote. */
export interface CertificateSummary {
  /** A completion exists ("yes", the certificate holds it) or none does ("no", a proof). */
  readonly answer: "yes" | "no";
  /** The completion, for a "yes". */
  readonly cols: number[] | undefined;
  /** Branch lines written (0 for a "yes"). */
  readonly branches: number;
  /**
   * Leaf lines written (0 for a "yes"): the diagonal bound's, or the clash of two fixed queens.
   * A leaf that the checker closes itself takes no line and is not counted here.
   */
  readonly leaves: number;
  /** Characters written. */
  readonly chars: number;
}

/** Lines are handed to `write` in chunks of about this many characters. */
const CHUNK = 1 << 16;

/** Text gathered into chunks for `write`. */
class Sink {
  private text = "";
  chars = 0;

  constructor(private readonly write: (chunk: string) => void) {}

  line(text: string): void {
    this.append(`${text}\n`);
  }

  append(text: string): void {
    this.text += text;
    if (this.text.length >= CHUNK) this.flush();
  }

  flush(): void {
    if (this.text.length === 0) return;
    const chunk = this.text;
    this.text = "";
    this.chars += chunk.length;
    this.write(chunk);
  }
}

/** The branch lines of the lean search, each once: `r0\n` ... `r31\n`, then `c0\n` ... */
const LEAN_LINES = [..."rc"].flatMap((k) => Array.from({ length: 32 }, (_, i) => `${k}${i}\n`));

/** The lean search (board without fixed queens: row i is board row i), writing its branches. */
class LeanTree extends LeanSearch {
  branches = 0;
  readonly leaves = 0;

  constructor(
    sub: SubBoard,
    private readonly sink: Sink,
  ) {
    super(sub.open, sub.m);
  }

  protected override branched(L: number): void {
    this.sink.append(LEAN_LINES[this.isCol[L]! * 32 + this.line[L]!]!);
    this.branches++;
  }
}

/** The hard-instance search without restarts, nogoods, pairs or probing, writing its tree. */
class HardTree extends HardSearch {
  branches = 0;
  leaves = 0;

  constructor(
    sub: SubBoard,
    readonly sink: Sink,
  ) {
    super(sub, { restarts: false, learn: false, probeDepth: 0, pairs: false });
  }

  protected override branched(L: number): void {
    const { m, sub, line, cand, candN } = this;
    // The squares in ascending order, as the checker takes them.
    cand.subarray(L * 32, L * 32 + candN[L]!).sort();
    const ln = line[L]!;
    this.sink.line(ln < m ? `r${sub.rows[ln]}` : `c${sub.cols[ln - m]}`);
    this.branches++;
  }

  protected override failed(L: number): void {
    const { m, st, doneR, doneC } = this;
    const o = L * this.width;
    // A line without a queen and without a square: the checker's forced rule finds it too.
    for (let i = 0; i < m; i++) {
      if (((doneR[L]! >>> i) & 1) === 0 && st[o + i] === 0) return;
      if (((doneC[L]! >>> i) & 1) === 0 && st[o + m + i] === 0) return;
    }
    // Else the diagonal bound failed, at the forced rule's fixpoint (pairs are off).
    this.sink.line("f bound");
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
 * "yes" with a completion (any board), a "no" with a search tree (boards missing at most 32
 * queens). A board without fixed queens is decided by the usual decision (both searches in
 * turns) whose lean search writes its tree meanwhile, so that certifying costs about what
 * deciding does; any other board is decided first, then a "no" is proved by one depth-first
 * search without restarts or learning, whose tree is the proof (see the module comment).
 * Every search gives the event loop a turn between slices of nodes and stops when `signal`
 * aborts.
 * @param board - the partial board to decide
 * @param write - called with each chunk of the certificate's text, in order
 * @param options - `signal`: stops the searches (the promise rejects)
 * @returns the answer, the completion for a "yes", and the certificate's size (branch and leaf
 *   lines written, characters)
 * @throws NQueensError when the board is malformed or has a queen on a forbidden square, or for
 *   a "no" on a board missing more than 32 queens
 */
export function certifyCompletion(
  board: PartialBoard,
  write: (chunk: string) => void,
  options: CertifyOptions = {},
): Promise<CertificateSummary> {
  return certifyBy("auto", board, write, options);
}

/**
 * Which search writes a "no" tree: "auto" (see the module comment), or one of them, for tests:
 * "lean" the lean search's WebAssembly kernel, "lean-js" its readable version, the JavaScript
 * class (both only on boards without fixed queens: the same tree, byte for byte), "hard" the
 * hard-instance search.
 */
export type TreeSearch = "auto" | "lean" | "lean-js" | "hard";

/**
 * {@link certifyCompletion}, with a "no" tree written by the search named, and at most `hold`
 * bytes of the tree held in memory in one pass (tests set it low).
 */
export async function certifyBy(
  which: TreeSearch,
  board: PartialBoard,
  write: (chunk: string) => void,
  options: CertifyOptions = {},
  hold = HOLD,
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
  if (missing <= MAX_SUB_SIZE && missing === n && (which === "auto" || which === "lean")) {
    const once = await certifyInOnePass(which, board, forbidden, sink, head, between, hold);
    if (once) return once;
  }
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
  const tree = await writeTree(which, subBoard(board, forbidden), sink, between);
  return finish(sink, undefined, tree.branches, tree.leaves);
}

/**
 * Bytes of the kernel's tree held in memory while the answer is not known yet (its text then
 * goes after the answer line): past this, the tree is dropped and written again by a second run
 * of the kernel once the answer is "no". 512 MiB: the "no" instances at n <= 25 of the
 * benchmark set (BENCHMARKS.md "Certificates") fit.
 */
const HOLD = 1 << 29;

/** The kernel's ASCII bytes as text (every byte below 128: latin1 is ASCII there). */
const ascii = new TextDecoder("latin1");

/** The lean kernel's tree, held until the answer is known, then streamed to the sink. */
class HeldTree {
  constructor(private readonly hold: number) {}
  private held: Uint8Array[] = [];
  private bytes = 0;
  /** Whether the tree outgrew `hold` bytes and was dropped. */
  dropped = false;
  private sink: Sink | undefined;
  /** The kernel's bytes, for its constructor. */
  readonly take: TreeBytes = (bytes) => {
    if (this.sink) this.sink.append(ascii.decode(bytes));
    else if (!this.dropped) {
      this.bytes += bytes.length;
      if (this.bytes > this.hold) {
        this.dropped = true;
        this.held = [];
      } else this.held.push(bytes.slice());
    }
  };

  /** Writes what is held to the sink, and from now on every byte as it comes. */
  streamTo(sink: Sink): void {
    for (const chunk of this.held) sink.append(ascii.decode(chunk));
    this.held = [];
    this.sink = sink;
  }
}

/** The decision's two searches in turns (decide.ts), the lean one by a kernel that records. */
class RecordingSearches extends Searches {
  declare readonly lean: LeanKernel;

  constructor(sub: SubBoard, tree: TreeBytes) {
    super(sub, { lean: false });
    this.lean = new LeanKernel(sub.open, sub.m, tree);
  }
}

/**
 * Certifies a board without fixed queens (missing at most 32) in one pass where it can: the
 * hard-instance search's tree when it ends within {@link PROBE} nodes ("auto" only); else the
 * decision's own turns (decide.ts `Searches`, the same answer and completion as
 * `decideHardAsync`), its lean search run by a kernel that writes its tree, held in memory
 * until the answer is known. A "no" is then the held tree (the lean search ended) or the held
 * tree and the rest of that search (the hard-instance search ended first). Undefined where this
 * does not apply: the instance has a symmetry (the decision halves a line, the tree must not),
 * the tree outgrew {@link HOLD}, or WebAssembly is not available; the caller decides, then
 * writes the tree.
 */
async function certifyInOnePass(
  which: "auto" | "lean",
  board: PartialBoard,
  forbidden: Forbidden,
  sink: Sink,
  head: (answer: string) => void,
  between: () => Promise<void>,
  hold: number,
): Promise<CertificateSummary | undefined> {
  const p = prepare(board, forbidden);
  if (p.symmetry !== undefined || !hasWasm()) return undefined;
  if (which === "auto") {
    const probe = await probeHard(p.sub);
    if (probe) {
      head("no");
      sink.append(probe.text);
      return finish(sink, undefined, probe.tree.branches, probe.tree.leaves);
    }
  }
  const held = new HeldTree(hold);
  const s = new RecordingSearches(p.sub, held.take);
  while (!s.turn(SLICE)) await between();
  const found = s.answer();
  if (found instanceof Int32Array) {
    const cols = boardCols(p.sub, found);
    assertCompletion(board, forbidden, cols);
    head(`yes ${cols.join(" ")}`);
    return finish(sink, cols, 0, 0);
  }
  if (held.dropped) return undefined;
  head("no");
  held.streamTo(sink);
  await toEnd(s.lean, LEAN_SLICE, between);
  return finish(sink, undefined, s.lean.nodes, 0);
}

/** Whether this runtime compiles the lean kernel. */
function hasWasm(): boolean {
  try {
    new LeanKernel([3, 3], 2);
    return true;
  } catch {
    return false;
  }
}

/**
 * Hard-instance nodes the "auto" choice lets that search try before the lean search writes the
 * tree (about 20 ms; its tree is held in memory meanwhile, a few tens of kilobytes).
 */
const PROBE = 4096;

/** Lean nodes between turns of the event loop (about 20 ms with the kernel). */
const LEAN_SLICE = 1 << 16;

/**
 * The hard-instance search's "no" tree when it ends within {@link PROBE} nodes (its diagonal
 * bound refutes some instances near the root, where the lean search would need a large tree).
 */
async function probeHard(sub: SubBoard): Promise<{ tree: HardTree; text: string } | undefined> {
  const chunks: string[] = [];
  const probe = new HardTree(sub, new Sink((chunk) => chunks.push(chunk)));
  if (probe.run(PROBE) !== "unsat") return undefined;
  probe.sink.flush();
  return { tree: probe, text: chunks.join("") };
}

/** Writes the "no" tree of a sub-board with the search `which` picks; see the module comment. */
async function writeTree(
  which: TreeSearch,
  sub: SubBoard,
  sink: Sink,
  between: () => Promise<void>,
): Promise<{ branches: number; leaves: number }> {
  const lean = sub.n === sub.m;
  if (which === "hard" || !lean) return toEnd(new HardTree(sub, sink), SLICE, between);
  if (which === "lean-js") return toEnd(new LeanTree(sub, sink), LEAN_SLICE, between);
  if (which === "auto") {
    const probe = await probeHard(sub);
    if (probe) {
      sink.append(probe.text);
      return probe.tree;
    }
  }
  if (!hasWasm()) return toEnd(new LeanTree(sub, sink), LEAN_SLICE, between);
  const kernel = new LeanKernel(sub.open, sub.m, (bytes) => sink.append(ascii.decode(bytes)));
  await toEnd(kernel, LEAN_SLICE, between);
  return { branches: kernel.nodes, leaves: 0 };
}

/** Runs a tree-writing search to its end, in slices; a completion found is a bug. */
async function toEnd<S extends Pick<LeanSearch, "run">>(
  search: S,
  slice: number,
  between: () => Promise<void>,
): Promise<S> {
  for (;;) {
    const got = search.run(slice);
    if (got === "unsat") return search;
    if (got === "sat") {
      throw new Error("internal error: the certifying search found a completion the search missed");
    }
    await between();
  }
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
