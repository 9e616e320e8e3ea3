/**
 * A count in parts, without a queue: `countPart` counts one part of the split (every K-th
 * sub-problem) into a checkpoint file, on any machine; `addParts` reads the parts' checkpoints
 * and adds them up into the whole count, once every sub-problem is in one of them.
 *
 * The parts' files are the checkpoints `count` keeps (checkpoint.ts), so a part resumes like a
 * count, its records carry a CRC (a MAC with a secret), a file from another n or method is
 * refused by its header, and a part's file can also resume the whole count. A part has no unique
 * count of its own (the join's comes from one task, and Burnside's sum divides by 8 only whole):
 * the unique count is made when the parts are added.
 */
import { existsSync } from "node:fs";
import { NQueensError, notAChoice, quote } from "../errors.js";
import { MAX_JOIN_N } from "../limits.js";
import { checkJobOptions, checkOptions, wrongShape } from "../shapes.js";
import { thousands } from "../words.js";
import { readCheckpoint } from "./checkpoint.js";
import { countFast } from "./constellations/count.js";
import { type SubResult, split, splitVersion } from "./constellations/split.js";
import { recordsWrong } from "./inconsistent.js";
import { countJoin, JoinTally, joinSplitVersion, joinSubProblems } from "./join/index.js";
import { COUNT_METHODS, type CountMethod, pickMethod } from "./method.js";
import { Tally } from "./tally.js";
import type { SplitPart } from "./threads.js";
import type { CountOptions, CountResult } from "./types.js";

/** A part of a count: the sub-problems whose id is `index - 1` modulo `of` (index from 1). */
export type CountPart = SplitPart;

/** Options of {@link countPart}. */
export interface PartOptions extends Omit<CountOptions, "method" | "checkpoint"> {
  /** `join`, `constellations`, or `auto` (as `count`): every part of a count must use the same. */
  readonly method?: CountMethod;
  /** The file the part's results go to (and resume from): what {@link addParts} adds up. */
  readonly checkpoint: string;
}

/** The result of {@link countPart}. */
export interface PartResult {
  /** The board's size. */
  readonly n: number;
  /** The method that counted the part. */
  readonly method: "join" | "constellations";
  /** Which part this is (`index`) and of how many (`of`), as `countPart` was given it. */
  readonly part: CountPart;
  /** Sub-problems in the part. */
  readonly subProblems: number;
  /** Solutions in the part's sub-problems (all symmetric images included). */
  readonly solutions: bigint;
  /** Sub-problems of the part taken from the checkpoint instead of being counted. */
  readonly resumed: number;
  /** Wall-clock seconds of this run. */
  readonly seconds: number;
  /** Worker threads used (0: counted on the calling thread). */
  readonly workers: number;
}

/** What a count of n by a method splits into, for the checkpoints' headers and the sums. */
interface Split {
  readonly method: "join" | "constellations";
  readonly version: string;
  readonly subProblems: number;
  tally(): { add(id: number, r: SubResult): void; total: bigint; unique: bigint };
}

function splitOf(n: number, method: CountMethod | undefined): Split {
  if (method !== undefined && !COUNT_METHODS.includes(method)) {
    throw notAChoice("method", method, COUNT_METHODS);
  }
  const chosen = pickMethod(n, method);
  if (chosen === "join") {
    if (!Number.isInteger(n) || n < 1 || n > MAX_JOIN_N) {
      throw new NQueensError(
        `method "join" counts n up to ${MAX_JOIN_N}: got ${n}`,
        "out-of-range",
        { option: "n", value: n, min: 1, max: MAX_JOIN_N, other: "method" },
      );
    }
    const tasks = joinSubProblems(n);
    return {
      method: chosen,
      version: joinSplitVersion(n),
      subProblems: tasks,
      tally: () => new JoinTally(n, tasks),
    };
  }
  const list = split(n); // checks n
  return {
    method: chosen,
    version: splitVersion(n),
    subProblems: list.length,
    tally: () => new Tally(list),
  };
}

/**
 * Checks a part against a split of `subProblems`.
 * @throws NQueensError unless 1 <= index <= of <= subProblems (integers)
 */
function checkPart(part: CountPart, s: Split, n: number): void {
  const { index, of } = part ?? {};
  if (
    !Number.isInteger(index) ||
    !Number.isInteger(of) ||
    index < 1 ||
    index > of ||
    of > s.subProblems
  ) {
    throw new NQueensError(
      `a part is k/K with 1 <= k <= K <= ${thousands(s.subProblems)} (the sub-problems of n=${n} by the ${s.method === "join" ? "join" : "constellations"}): got ${quote(`${index}/${of}`)}`,
      "out-of-range",
      { option: "part", value: `${index}/${of}`, min: 1, max: s.subProblems },
    );
  }
}

/**
 * Counts part `part.index` of `part.of` of the count of n into the checkpoint file
 * `options.checkpoint`, with `count`'s progress, abort and resume (progress counts the part's
 * sub-problems). Count every part, anywhere, by the same method and version, then add their
 * files up with {@link addParts}.
 * @throws NQueensError (rejects) for n outside what the method counts, a part that is not
 *   k/K with 1 <= k <= K <= the split's sub-problems, no checkpoint, or one that cannot be used;
 *   CountInterrupted when `signal` aborts.
 * @example await countPart(16, { index: 1, of: 2 }, { checkpoint: "p1.ckpt" })
 */
export async function countPart(
  n: number,
  part: CountPart,
  options: PartOptions,
): Promise<PartResult> {
  // No checkpoint is named before the part and n are checked: nothing else matters without one.
  if (typeof options?.checkpoint !== "string" || options.checkpoint === "") {
    throw new NQueensError(
      "a part needs a checkpoint file: its results go there, to be added up with the other parts'",
      "missing-option",
      { option: "checkpoint", other: "part" },
    );
  }
  checkJobOptions(options, "countPart");
  const s = splitOf(n, options.method);
  checkPart(part, s, n);
  const counted =
    s.method === "join"
      ? await countJoin(n, { ...options, part })
      : await countFast(n, { ...options, part });
  return {
    n,
    method: s.method,
    part: { index: part.index, of: part.of },
    subProblems: counted.subProblems,
    solutions: counted.total,
    resumed: counted.resumed,
    seconds: counted.seconds,
    workers: counted.workers,
  };
}

/** Options of {@link addParts}. */
export interface AddPartsOptions {
  /** The method the parts were counted by. @default "auto" */
  readonly method?: CountMethod;
  /** The secret the parts' checkpoints were keyed with, if they were. */
  readonly secret?: string;
}

/**
 * The whole count of n from the checkpoint files of its parts ({@link countPart}, or any
 * checkpoints of the same n, method and version): every sub-problem must be in one of them, and
 * a sub-problem in two must have the same result in both. `seconds` is the time to read them.
 * @param n - the board's size
 * @param files - the parts' checkpoint files, together holding every sub-problem
 * @param options - the method the parts were counted by, and the secret their checkpoints were
 *   keyed with
 * @returns the whole count (total and unique), as {@link count} gives it
 * @throws NQueensError when a file is missing, is not a checkpoint of this count or is damaged
 *   (as `count` refuses it), two files disagree on a sub-problem, or sub-problems are missing
 *   (how many, and the first of them)
 * @example addParts(16, ["p1.ckpt", "p2.ckpt"]).total // 14772512n
 */
export function addParts(
  n: number,
  files: readonly string[],
  options: AddPartsOptions = {},
): CountResult {
  const start = performance.now();
  const s = splitOf(n, checkOptions(options, "addParts").method);
  if (Array.isArray(files)) {
    files.forEach((f, i) => {
      if (typeof f !== "string") throw wrongShape("addParts", `files[${i}]`, "a file name", f);
    });
  }
  if (!Array.isArray(files) || files.length === 0) {
    throw new NQueensError(
      "no checkpoint files to add up: name the parts' files",
      "missing-option",
      { option: "files" },
    );
  }
  const found = new Map<number, { r: SubResult; file: string }>();
  for (const file of files) {
    if (typeof file !== "string" || !existsSync(file)) {
      throw new NQueensError(
        `checkpoint ${quote(String(file))} does not exist`,
        "checkpoint-unusable",
        { file: String(file) },
      );
    }
    const results = readCheckpoint(file, n, s.version, s.subProblems, { secret: options.secret });
    for (const [id, r] of results) {
      const before = found.get(id);
      if (before === undefined) found.set(id, { r, file });
      else if (!sameResult(before.r, r)) {
        throw new NQueensError(
          `${before.file} and ${file} record different results for sub-problem ${id}: one of them is wrong; count that part again`,
          "parts-disagree",
          { file },
        );
      }
    }
  }
  if (found.size < s.subProblems) {
    const missing: number[] = [];
    for (let id = 0; id < s.subProblems && missing.length < 5; id++) {
      if (!found.has(id)) missing.push(id);
    }
    throw new NQueensError(
      `the checkpoints hold ${thousands(found.size)} of the ${thousands(s.subProblems)} sub-problems of n=${n} (${s.method}): ${thousands(s.subProblems - found.size)} are in none of them (the first: ${missing.join(", ")}); add the missing parts' files, or count the rest into one of them`,
      "parts-missing",
    );
  }
  const tally = s.tally();
  for (const [id, { r, file }] of found) {
    try {
      tally.add(id, r); // a constellation's record is checked alone: its file is named
    } catch (e) {
      throw recordsWrong(e, [file]);
    }
  }
  let unique: bigint;
  try {
    unique = tally.unique; // the join's records add up only together
  } catch (e) {
    throw recordsWrong(e, [...new Set(Array.from(found.values(), (f) => f.file))]);
  }
  return {
    n,
    total: tally.total,
    unique,
    seconds: (performance.now() - start) / 1000,
    subProblems: s.subProblems,
    resumed: s.subProblems,
    workers: 0,
    method: s.method,
  };
}

function sameResult(a: SubResult, b: SubResult): boolean {
  return a.count === b.count && a.fixed180 === b.fixed180 && a.fixed90 === b.fixed90;
}
