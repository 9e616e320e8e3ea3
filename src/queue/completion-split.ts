/**
 * A completion run's split (`nqueens complete FILE --queue URL`): the instance, a partial board
 * missing 1 to 32 queens, cut into the parts of the threaded decision (completion/split-parts.ts:
 * they partition its completions), each part a sub-problem of the queue, as a `RunSplit` so that
 * the count's machinery (the tagged description and jobs, the records, the store script, the
 * workers' checks) serves it unchanged.
 *
 * - The split's version is `completion-1/TARGET/HASH`: HASH is SHA-256 over the board and every
 *   part's open squares, so a worker that is handed the board (in the job's data) splits it
 *   again and solves a job only when it gets the very parts the coordinator tagged.
 * - A part's vote is a record (record.ts) with `count` 1 (the part has a completion) or 0 (it has
 *   none), `f180` and `f90` 0. A "yes" carries its completion in the record's solver field,
 *   which the record's tag covers: `cpu/completion-1/yes/PLACEMENT`, one character (0-9a-v) per
 *   free row of the sub-board, the column of its queen among the free columns. The coordinator
 *   believes a "yes" only once that board is checked against the instance
 *   (coordinator-complete.ts); workers never count one as settled (`impossible` says why), so a
 *   "yes" that is refused leaves its part open.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { Forbidden, type PartialBoard, plainBoard } from "../board.js";
import {
  assertCompletion,
  boardCols,
  prepare,
  Searches,
  SLICE,
  type SubBoard,
  splitParts,
  validate,
} from "../completion/index.js";
import type { SubResult } from "../engine/index.js";
import { NQueensError } from "../errors.js";
import { MAX_SUB_SIZE } from "../limits.js";
import type { QueueMethod, RunSplit, RunTally } from "./run-split.js";
import { runKeys } from "./store.js";

/** The split's name and format version. */
const COMPLETION_SPLIT = "completion-1";

/** The solver named in a completion record. */
const COMPLETION_SOLVER = `cpu/${COMPLETION_SPLIT}`;

/** What a "yes" record's solver field starts with; the placement follows. */
const YES = `${COMPLETION_SOLVER}/yes/`;

/** The characters of a placement: column j of the sub-board is DIGITS[j]. */
const DIGITS = "0123456789abcdefghijklmnopqrstuv";

/** Parts at most (split-parts.ts gives at most 4096 whatever it is asked). */
export const MAX_COMPLETION_PARTS = 4096;

/** Whether a split version names a completion run's split. */
export function isCompletionVersion(version: string): boolean {
  return version.startsWith(`${COMPLETION_SPLIT}/`);
}

/** A completion run's split: the board, its sub-board and its parts. */
export interface CompletionSplit extends RunSplit {
  /** The instance, as plain data (what the jobs carry). */
  readonly board: PartialBoard;
  readonly forbidden: Forbidden;
  /** The sub-board the parts narrow (a symmetry's halving included). */
  readonly sub: SubBoard;
  /** Part `id`'s open squares, per row of the sub-board. */
  readonly parts: readonly Int32Array[];
}

/** Whether a split is a completion run's. */
export function isCompletionSplit(s: RunSplit): s is CompletionSplit {
  return isCompletionVersion(s.version) && "parts" in s;
}

function versionOf(board: PartialBoard, target: number, parts: readonly Int32Array[]): string {
  const h = createHash("sha256")
    .update("nqueens-completion-queue-1\0")
    .update(JSON.stringify(board))
    .update(`\0${target}\0`);
  for (const p of parts) h.update(new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  return `${COMPLETION_SPLIT}/${target}/${h.digest("hex").slice(0, 32)}`;
}

/** A running sum of the parts settled: how many have a completion (none, once all are in). */
class PartTally implements RunTally {
  private readonly seen = new Set<number>();
  total = 0n;
  get done(): number {
    return this.seen.size;
  }
  get unique(): bigint {
    return this.total;
  }
  has(id: number): boolean {
    return this.seen.has(id);
  }
  add(id: number, r: SubResult): void {
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.total += BigInt(r.count);
  }
}

/**
 * The split of a well-formed board missing 1 to 32 queens into about `target` parts.
 * @throws NQueensError for a board that is not well formed, or misses no queen or more than 32
 */
export function completionSplit(board: PartialBoard, target: number): CompletionSplit {
  const plain = plainBoard(board);
  const { n, queens } = validate(plain, "runCompletion");
  const missing = n - queens.length;
  if (missing < 1 || missing > MAX_SUB_SIZE) {
    throw new NQueensError(
      `the queue decides boards missing 1 to ${MAX_SUB_SIZE} queens: this one misses ${missing}`,
      "out-of-range",
      { option: "board", value: missing, min: 1, max: MAX_SUB_SIZE },
    );
  }
  const forbid = new Forbidden(plain);
  const { sub } = prepare(plain, forbid);
  const parts = splitParts(sub, sub.open, target);
  const size = parts.length;
  const version = versionOf(plain, target, parts);
  return {
    n,
    // A completion is no counting method: its description stores an empty method field, which
    // reads back as none (store.ts's `metaFrom`), as for a split this program does not know.
    method: "" as QueueMethod,
    version,
    size,
    cpuSolver: COMPLETION_SOLVER,
    // About 64 jobs, as a count's: each job starts a thread (about a tenth of a second).
    batch: Math.max(1, Math.ceil(size / 64)),
    // The parts come largest estimate first (split-parts.ts): keep that order.
    cost: (id) => size - id,
    impossible(_id, r) {
      if (r.fixed180 !== 0 || r.fixed90 !== 0 || r.count > 1) {
        return "a part's answer is 1 (a completion) or 0 (none)";
      }
      return r.count === 1 ? YES_UNSETTLED : undefined;
    },
    tally: () => new PartTally(),
    recounter() {
      return (id) => ({ count: decidePart(sub, parts[id]!) ? 1 : 0, fixed180: 0, fixed90: 0 });
    },
    board: plain,
    forbidden: forbid,
    sub,
    parts,
  };
}

/** Why a worker never counts a "yes" as a settled vote (the coordinator checks its board). */
const YES_UNSETTLED = 'a "yes" settles nothing by votes: the coordinator checks its completion';

/** Decides one part on this thread: its placement, or undefined when it has no completion. */
function decidePart(sub: SubBoard, open: Int32Array): Int32Array | undefined {
  const s = new Searches({ ...sub, open: Int32Array.from(open) }, {});
  while (!s.turn(SLICE)) {
    // one slice at a time, to the end
  }
  const found = s.answer();
  return found instanceof Int32Array ? found : undefined;
}

/**
 * Decides part `id` on this thread in slices, giving the event loop a turn between them (the
 * coordinator's own decision of a part whose vote it refused): its completion's `cols`, or
 * undefined when it has none.
 */
export async function decidePartHere(
  s: CompletionSplit,
  id: number,
): Promise<number[] | undefined> {
  const search = new Searches({ ...s.sub, open: Int32Array.from(s.parts[id]!) }, {});
  while (!search.turn(SLICE)) await new Promise((resolve) => setImmediate(resolve));
  const found = search.answer();
  return found instanceof Int32Array ? boardCols(s.sub, found) : undefined;
}

/**
 * The completion split a job names: its board (the job's data) split again into the parts of
 * `version`, or undefined when the board is malformed or does not give that version (a job of
 * another program's split, or a board changed on the server). Never throws.
 */
export function completionSplitFor(board: unknown, version: string): CompletionSplit | undefined {
  const hit = cache.get(version);
  if (hit) return hit;
  const target = Number(version.split("/")[1]);
  if (!Number.isInteger(target) || target < 1 || target > MAX_COMPLETION_PARTS) return undefined;
  try {
    const made = completionSplit(board as PartialBoard, target);
    if (made.version !== version) return undefined;
    if (cache.size > 16) cache.clear();
    cache.set(version, made);
    return made;
  } catch {
    return undefined;
  }
}

const cache = new Map<string, CompletionSplit>();

/**
 * The split of completion run `name` from the board its description holds (field `board`, not
 * under the tag: the version, which is, hashes it), for `runs` and `runs --verify`.
 * @throws NQueensError when the board is missing or does not give `version`
 */
export async function completionRunSplit(
  redis: Redis,
  name: string,
  version: string,
): Promise<CompletionSplit> {
  const text = await redis.hget(runKeys(name).meta, "board");
  let board: unknown;
  try {
    board = text === null ? undefined : JSON.parse(text);
  } catch {
    board = undefined;
  }
  const s = completionSplitFor(board, version);
  if (!s) {
    throw new NQueensError(
      `completion run '${name}' holds no board that gives its split ${version} (missing or changed by hand): forget it and run it again`,
      "run-mismatch",
      { run: name },
    );
  }
  return s;
}

/** The solver field of a "yes" vote with the sub-board placement `place`. */
export function yesSolver(place: ArrayLike<number>): string {
  let text = YES;
  for (let i = 0; i < place.length; i++) text += DIGITS[place[i]!];
  return text;
}

/**
 * The completion a "yes" vote's solver field carries, checked against the instance: its `cols`,
 * or why it is refused.
 */
export function checkYes(
  s: CompletionSplit,
  solver: string,
): { cols: number[] } | { refused: string } {
  if (!solver.startsWith(YES)) return { refused: "it says yes but carries no completion" };
  const text = solver.slice(YES.length);
  const { sub } = s;
  const place = Array.from(text, (c) => DIGITS.indexOf(c));
  if (place.length !== sub.m || place.some((j) => j < 0 || j >= sub.m)) {
    return {
      refused: `its completion ${JSON.stringify(text)} is not a placement of the ${sub.m} missing queens`,
    };
  }
  const cols = boardCols(sub, place);
  try {
    assertCompletion(s.board, s.forbidden, cols);
  } catch {
    // A queen attacked, on a forbidden square, or a fixed queen moved.
    return { refused: `its board ${cols.join(" ")} is not a completion of the instance` };
  }
  return { cols };
}

/** The sub-board placement of a completion `cols`, and the part that holds it (or -1). */
export function partOf(
  s: CompletionSplit,
  cols: readonly number[],
): { place: Int32Array; id: number } {
  const { sub, parts } = s;
  const place = new Int32Array(sub.m);
  for (let i = 0; i < sub.m; i++) place[i] = sub.cols.indexOf(cols[sub.rows[i]!]!);
  const id = parts.findIndex((open) => place.every((j, i) => j >= 0 && (open[i]! >>> j) & 1));
  return { place, id };
}
