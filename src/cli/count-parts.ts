/**
 * `nqueens count N --part k/K --checkpoint FILE` and `nqueens count N --add FILE...`: a count in
 * parts without a queue (the library's `countPart` and `addParts`). Each part is counted on any
 * machine into its own checkpoint file; the files are then added up into the whole count, printed
 * as `count` prints it.
 */
import {
  addParts,
  CountInterrupted,
  type CountMethod,
  countPart,
  keyCheckpoint,
  type Progress,
} from "../engine/index.js";
import { NQueensError, quote } from "../errors.js";
import { plural, thousands } from "../words.js";
import { printCount, whereCounted } from "./count-result.js";
import { stdout, warn } from "./output.js";
import { startProgress } from "./progress.js";
import { trapStopSignals } from "./stop-signals.js";

/** The flags of `count` that a part or an addition reads. */
export interface PartFlags {
  unique?: boolean;
  checkpoint?: string;
  json?: boolean;
  progress: boolean;
  method: CountMethod;
  secret?: string;
}

/** `k/K` from --part. */
function parsePart(text: string): { index: number; of: number } {
  const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(text);
  if (m === null) {
    throw new NQueensError(
      `--part must be k/K, part k of K (e.g. 1/4): got ${quote(text)}`,
      "invalid-value",
    );
  }
  return { index: Number(m[1]), of: Number(m[2]) };
}

/** Refuses the flags that have no meaning for a part or an addition. */
export function checkPartFlags(
  what: "--part" | "--add",
  used: { range: boolean; queue: boolean; gpu: boolean; workers: boolean; other: boolean },
): void {
  if (used.range) throw new NQueensError(`${what} takes one n, not a range`, "conflicting-options");
  if (used.other)
    throw new NQueensError(
      "--part counts a part and --add adds parts up: not both",
      "conflicting-options",
    );
  if (used.queue) {
    throw new NQueensError(
      `${what} is a count in parts without a queue: drop --queue`,
      "conflicting-options",
    );
  }
  if (used.gpu)
    throw new NQueensError(`${what} counts on the CPU: drop --backend gpu`, "conflicting-options");
  if (what === "--add" && used.workers) {
    throw new NQueensError(
      "--add only reads the parts' files: drop --workers",
      "conflicting-options",
    );
  }
}

/** A secret for keyed checkpoints: --secret, else NQUEENS_SECRET, else none. */
function secretOf(flags: PartFlags, env: string): string | undefined {
  return flags.secret ?? (process.env[env] || undefined);
}

/**
 * `count N --part k/K --checkpoint FILE`: counts the part into FILE, with progress and a clean
 * stop (the same command resumes it); prints what the part holds.
 */
export async function runPart(
  n: number,
  partText: string,
  workers: number,
  flags: PartFlags,
  secretEnv: string,
): Promise<number> {
  const part = parsePart(partText);
  if (flags.unique) {
    throw new NQueensError(
      "--unique: a part has no unique count of its own; add the parts up with --add --unique",
      "conflicting-options",
    );
  }
  // No --checkpoint: the library's countPart refuses it first (errors.ts words it).
  const secret = secretOf(flags, secretEnv);
  const { checkpoint = "" } = flags;
  const unkey = secret === undefined || !checkpoint ? () => {} : keyCheckpoint(checkpoint, secret);
  const bar = startProgress({
    label: `sub-problems of part ${part.index}/${part.of}`,
    countLabel: "solutions",
    json: flags.json,
    progress: flags.progress,
  });
  const onProgress = (p: Progress) => bar.update(p.done, p.total, { count: p.solutions });
  const stop = trapStopSignals();
  let r: Awaited<ReturnType<typeof countPart>>;
  try {
    r = await countPart(n, part, {
      method: flags.method,
      workers,
      checkpoint,
      onProgress,
      signal: stop.signal,
    });
  } catch (e) {
    bar.stop();
    if (!(e instanceof CountInterrupted)) throw e;
    warn(
      `nqueens: ${stop.interrupted} ${thousands(e.done)} of ${thousands(e.total)} sub-problems of part ${partText}`,
    );
    warn("nqueens: progress is saved; the same command resumes it");
    return stop.exitCode;
  } finally {
    bar.stop();
    stop.release();
    unkey();
  }
  const out = stdout();
  if (flags.json) {
    await out.line(
      JSON.stringify({
        n,
        part: `${r.part.index}/${r.part.of}`,
        method: r.method,
        solutions: String(r.solutions),
        subProblems: r.subProblems,
        resumed: r.resumed,
        seconds: Number(r.seconds.toFixed(3)),
        workers: r.workers,
        checkpoint: flags.checkpoint,
      }),
    );
    return 0;
  }
  const resumed = r.resumed > 0 ? `, ${r.resumed} done before` : "";
  await out.line(
    `part    ${r.part.index}/${r.part.of} of n=${n} by the ${r.method}: ${plural(r.subProblems, "sub-problem")}`,
  );
  await out.line(`solutions in it  ${r.solutions}`);
  await out.line(
    `time    ${r.seconds.toFixed(2)} s (${whereCounted({ backend: "cpu", workers: r.workers })}${resumed})`,
  );
  warn(
    `nqueens: the part is in ${flags.checkpoint}; once all ${r.part.of} parts are counted: nqueens count ${n} --add FILE...`,
  );
  return 0;
}

/** `count N --add FILE...`: the whole count from its parts' files, printed as `count` prints it. */
export async function runAdd(
  n: number,
  files: readonly string[],
  flags: PartFlags,
  secretEnv: string,
): Promise<number> {
  if (flags.checkpoint !== undefined) {
    throw new NQueensError(
      "--add reads the parts' files: name them all after --add, not --checkpoint",
      "conflicting-options",
    );
  }
  const r = addParts(n, files, { method: flags.method, secret: secretOf(flags, secretEnv) });
  await printCount(
    n,
    { ...r, backend: "cpu" },
    flags,
    `added up from ${plural(files.length, "file")}: ${plural(r.subProblems, "sub-problem")} by the ${r.method}`,
    { parts: files.length },
  );
  return 0;
}
