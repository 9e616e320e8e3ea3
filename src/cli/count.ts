/**
 * `nqueens count <n>`: counts every solution (and the unique ones) with the fast engine, on all
 * cores, with a progress bar on a terminal (progress.ts), checkpoints, and Ctrl-C, SIGTERM or
 * SIGHUP that stop cleanly and say how to resume (exit 130, 143, 129: 128 + the signal number).
 */
import { availableParallelism } from "node:os";
import type { Command } from "commander";
import { BACKENDS, type BackendChoice, GpuUnavailable } from "../backend-choice.js";
import { type CountOnResult, checkCountOptions, countOn, loadQueue } from "../backend-run.js";
import {
  COUNT_METHODS,
  CountInterrupted,
  type CountMethod,
  checkMethodN,
  defaultWorkers,
  type Progress,
  pickMethod,
  roughSeconds,
} from "../engine/light.js";
import { type ErrorCode, NQueensError } from "../errors.js";
import { MAX_JOIN_N, MAX_SPLIT_N, MAX_WORKERS } from "../limits.js";
import { parseQueueUrl, QUEUE_ENV, resolveSecret, SECRET_ENV } from "../queue/settings.js";
import { plural, thousands } from "../words.js";
import { parseInteger } from "./args.js";
import { Option } from "./commander.js";
import { printCount, whereCounted } from "./count-result.js";
import { wordError, wordNote } from "./errors.js";
import { stdout, warn } from "./output.js";
import { startProgress } from "./progress.js";
import type { Register } from "./register.js";
import { trapStopSignals } from "./stop-signals.js";

/** Rough wall time on 2 cores, in words (`roughSeconds`). */
function roughTime(n: number, method: "join" | "constellations"): string {
  const seconds = roughSeconds(n, method);
  if (seconds < 3600) return plural(Math.round(seconds / 60), "minute");
  if (seconds < 2 * 86400) return plural(Math.round(seconds / 3600), "hour");
  if (seconds < 2 * 365 * 86400) return plural(Math.round(seconds / 86400), "day");
  return `${thousands(Math.round(seconds / (365 * 86400)))} years`;
}

/**
 * The engine's checkpoint checks, through its full door: loaded only with --checkpoint or
 * --part (a count without them loads the light door alone, engine/light.ts).
 */
async function checkpoints() {
  const { checkCheckpointPath, checkKeySecret } = await import("../engine/index.js");
  return { checkCheckpointPath, checkKeySecret };
}

/** Quotes a word for a POSIX shell when it needs it. */
function shellWord(word: string): string {
  return /^[\w./:=@%+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

interface CountFlags {
  unique?: boolean;
  workers?: string;
  checkpoint?: string;
  json?: boolean;
  /** False with --no-progress. */
  progress: boolean;
  backend: BackendChoice;
  method: CountMethod;
  queue?: string | false;
  batch?: string;
  secret?: string;
  replicas?: string;
  allowEviction?: boolean;
  part?: string;
  add?: string[];
}

interface CountJob {
  n: number;
  workers: number;
  flags: CountFlags;
  onProgress: (p: Progress) => void;
  signal: AbortSignal;
  note: (message: string, code?: ErrorCode) => void;
}

/**
 * Counts on the backend the flags ask for (the library's `countOn` decides: a Redis queue with
 * --queue or $NQUEENS_QUEUE, a GPU, or the CPU engine, and checks the options; errors.ts words
 * its errors with the flags).
 */
async function countWith(job: CountJob): Promise<CountOnResult> {
  const { n, flags, onProgress, signal } = job;
  const url = queueUrl(flags);
  // Which flags go together, before their values are read (a secret from NQUEENS_SECRET is
  // not one given: it is used only where it belongs).
  checkCountOptions({
    ...flags,
    queue: url,
    secret: flags.checkpoint === undefined ? flags.secret : undefined,
  });
  if (url !== undefined) {
    const batch =
      flags.batch === undefined ? undefined : parseInteger(flags.batch, "--batch", 1, 100_000);
    const replicas =
      flags.replicas === undefined ? undefined : parseInteger(flags.replicas, "--replicas", 1, 9);
    const address = parseQueueUrl(url, "--queue"); // a bad address is named before a missing secret
    await loadQueue(); // a missing package is named before a missing secret
    const secret = resolveSecret(flags.secret);
    const allowEviction = flags.allowEviction;
    const options = { method: flags.method, replicas, batch, allowEviction, onProgress, signal };
    return await countOn(n, { ...options, queue: address, secret, onMessage: job.note });
  }
  // A secret (--secret, else NQUEENS_SECRET) keys the checkpoint's records, whichever engine
  // opens it; without one they carry a CRC only.
  const secret = flags.secret ?? (process.env[SECRET_ENV] || undefined);
  if (flags.checkpoint !== undefined && secret !== undefined) {
    (await checkpoints()).checkKeySecret(secret, "--secret");
  }
  try {
    return await countOn(n, {
      backend: flags.backend,
      method: flags.method,
      workers: job.workers,
      checkpoint: flags.checkpoint,
      secret: flags.checkpoint === undefined ? undefined : secret,
      onProgress,
      signal,
    });
  } catch (e) {
    // --backend gpu without an adapter: what opening it said, as it said it.
    throw e instanceof GpuUnavailable ? e.cause : e;
  }
}

/** The queue address from --queue or $NQUEENS_QUEUE, unless --no-queue. */
function queueUrl(flags: CountFlags): string | undefined {
  if (flags.queue === false) return undefined;
  const text = flags.queue ?? process.env[QUEUE_ENV];
  return text === undefined || text === "" ? undefined : text;
}

const EXAMPLES = `
Examples:
  $ nqueens count 8                      92 solutions
  $ nqueens count 1..12                  one row per n: total, unique, seconds
  $ nqueens count 16 --unique            total and unique counts
  $ nqueens count 17 --workers 2 --json  {"n":17,"total":"95815104",...}
  $ nqueens count 20 --checkpoint n20.ckpt
      records finished sub-problems; after Ctrl-C or a crash, the same command resumes
  $ nqueens count 19 --backend gpu       on the GPU (WebGPU), same checkpoint format
  $ nqueens count 21 --queue redis://10.0.0.5:6379
      splits the count into jobs for "nqueens worker" processes on any machines
      (by the same --method as a count here: auto is the join's tasks for n = 14..27)
  $ nqueens count 20 --part 1/3 --checkpoint p1.ckpt     (and 2/3, 3/3 anywhere)
  $ nqueens count 20 --add p1.ckpt p2.ckpt p3.ckpt
      a count in parts without a queue: each part into its file, then added up
  $ nqueens count 20 --method constellations
      the backtracking search instead of the join of half-boards (auto: the join for n = 14..27)

Time grows about 7x per step of n. On two idle cores the join (the default from n = 14) takes
about 20 s at n=19, a minute at n=20, 9 minutes at n=21 and over an hour at n=22; the
constellation search 6 s at n=17, 5 minutes at n=19, about 40 minutes at n=20 (docs/counting.md,
"Benchmarks", has the measured tables). n can be at most
${MAX_SPLIT_N} (the join: ${MAX_JOIN_N}).`;

/** Registers `count`. */
export const registerCount: Register = (program: Command, exit) => {
  program
    .command("count")
    .description("count all solutions on an n x n board (and the unique ones), on every core")
    .argument("<n>", `board size, 1 to ${MAX_SPLIT_N}, or a range LO..HI (one row each)`)
    .option("-u, --unique", "also print the solutions up to rotation and reflection")
    .option("-w, --workers <k>", "worker threads (default: every core)")
    .option("-c, --checkpoint <file>", "record finished work in FILE; rerun to resume from it")
    .addOption(
      new Option("-b, --backend <name>", "cpu, gpu (WebGPU), or auto: a hardware GPU from n = 16")
        .choices(BACKENDS)
        .default("auto"),
    )
    .addOption(
      new Option(
        "-m, --method <name>",
        "counting method, here or over --queue: join (half-boards), constellations (search), or auto: the faster for n",
      )
        .choices(COUNT_METHODS)
        .default("auto"),
    )
    .option(
      "--queue <url>",
      `count over a Redis queue, redis://HOST[:PORT][/DB] (or $${QUEUE_ENV}: a password in a flag shows in ps); see nqueens worker`,
    )
    .option("--no-queue", `count here even when $${QUEUE_ENV} is set`)
    .option(
      "--batch <k>",
      "with --queue: sub-problems per job for a new run (default: about 64 jobs, at most ~10 s each)",
    )
    .option(
      "--replicas <r>",
      "with --queue: distinct workers that must agree on each sub-problem of a new run (default 1; 2 for record attempts)",
    )
    .option(
      "--allow-eviction",
      "with --queue: count on a Redis whose maxmemory-policy evicts keys (refused otherwise: jobs and records could vanish)",
    )
    .option(
      "--secret <secret>",
      `the operator's secret for the queue run (or $${SECRET_ENV}: a flag shows in ps, the variable does not); with --checkpoint, keys its records`,
    )
    .option(
      "--part <k/K>",
      "count only part k of K (every K-th sub-problem) into --checkpoint FILE, on any machine; add the parts up with --add",
    )
    .option(
      "--add <files...>",
      "add up the checkpoint files of every part (--part) into the whole count, printed as a count",
    )
    .option("--json", "print one JSON object: counts as strings, seconds, workers")
    .option("--no-progress", "draw no progress bar on stderr (it is drawn only on a terminal)")
    .addHelpText("after", EXAMPLES)
    .action(async (nText: string, flags: CountFlags) => {
      exit(await runCount(nText, flags));
    });
};

/** --workers, or every core. */
function workersOf(flags: CountFlags): number {
  return flags.workers === undefined
    ? defaultWorkers()
    : parseInteger(flags.workers, "--workers", 1, MAX_WORKERS);
}

/** `LO..HI`: a range of n. */
const RANGE = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/;

async function runCount(nText: string, flags: CountFlags): Promise<number> {
  const range = RANGE.exec(nText);
  for (const what of ["--part", "--add"] as const) {
    if ((what === "--part" ? flags.part : flags.add) === undefined) continue;
    (await import("./count-parts.js")).checkPartFlags(what, {
      range: range !== null,
      queue: queueUrl(flags) !== undefined,
      gpu: flags.backend === "gpu",
      workers: flags.workers !== undefined,
      other: flags.part !== undefined && flags.add !== undefined,
    });
  }
  if (range) return runRange(range[1]!, range[2]!, flags);
  const n = parseInteger(nText, "n", 1, MAX_SPLIT_N);
  checkMethodN(n, flags.method); // before the other flags are read
  if (flags.add !== undefined) {
    return (await import("./count-parts.js")).runAdd(n, flags.add, flags, SECRET_ENV);
  }
  const workers = workersOf(flags);
  if (flags.part !== undefined) {
    const { checkCheckpointPath, checkKeySecret } = await checkpoints();
    if (flags.checkpoint !== undefined) checkCheckpointPath(flags.checkpoint);
    const secret = flags.secret ?? (process.env[SECRET_ENV] || undefined);
    if (flags.checkpoint !== undefined && secret !== undefined) checkKeySecret(secret, "--secret");
    return (await import("./count-parts.js")).runPart(n, flags.part, workers, flags, SECRET_ENV);
  }
  // A checkpoint that cannot be a file is refused before anything else (one line, exit 2).
  if (flags.checkpoint !== undefined) (await checkpoints()).checkCheckpointPath(flags.checkpoint);
  const stderr = process.stderr;
  const cores = availableParallelism();
  if (flags.workers !== undefined && workers > 2 * cores && !flags.json) {
    warn(
      `nqueens: note: ${plural(workers, "worker")} on ${plural(cores, "core")}: threads beyond the cores add memory, not speed`,
    );
  }
  if (n >= 21) {
    stderr.write(
      `nqueens: note: n=${n} takes roughly ${roughTime(n, pickMethod(n, flags.method))} on two cores` +
        `${flags.checkpoint === undefined ? "; add --checkpoint FILE to be able to resume" : ""}\n`,
    );
  }
  const bar = startProgress({
    label: "sub-problems",
    countLabel: "solutions",
    json: flags.json,
    progress: flags.progress,
    stream: stderr,
  });
  const onProgress = (p: Progress) => bar.update(p.done, p.total, { count: p.solutions });
  const note = (message: string, code?: ErrorCode) => {
    if (!flags.json) warn(`nqueens: ${wordNote(message, code)}`);
  };
  const stop = trapStopSignals();
  let result: CountOnResult;
  try {
    result = await countWith({ n, workers, flags, onProgress, signal: stop.signal, note });
  } catch (e) {
    bar.stop();
    // A queue run flagged as inconsistent: one line, exit 1 (no total to trust).
    if (e instanceof NQueensError && e.code === "run-flagged") {
      warn(`nqueens: ${wordError(e)}`);
      return 1;
    }
    if (!(e instanceof CountInterrupted)) throw e;
    if (queueUrl(flags) !== undefined) {
      warn(
        `nqueens: stopped following the run after ${thousands(e.done)} of ${thousands(e.total)} sub-problems; ` +
          "the workers go on; attach again with the same command",
      );
      return stop.exitCode;
    }
    let again = `nqueens count ${n}`;
    if (flags.workers !== undefined) again += ` --workers ${workers}`;
    if (flags.unique) again += " --unique";
    if (flags.method !== "auto") again += ` --method ${flags.method}`;
    if (flags.json) again += " --json";
    warn(`nqueens: ${stop.interrupted} ${thousands(e.done)} of ${thousands(e.total)} sub-problems`);
    warn(
      flags.checkpoint === undefined
        ? `nqueens: nothing was saved; to be able to resume, run: ${again} --checkpoint FILE`
        : `nqueens: progress is saved; resume with: ${again} --checkpoint ${shellWord(flags.checkpoint)}${flags.secret === undefined ? "" : " and the same --secret"}`,
    );
    return stop.exitCode;
  } finally {
    bar.stop();
    stop.release();
  }
  if (
    flags.workers !== undefined &&
    result.backend === "cpu" &&
    result.workers === 0 &&
    !flags.json
  ) {
    warn(
      `nqueens: note: n=${n} was counted on the main thread, quicker than starting threads: --workers was not used`,
    );
  }
  const resumed = result.resumed > 0 ? `, ${result.resumed} sub-problems done before` : "";
  // A queue run's notes, which --json does not print as lines, go in as fields.
  const notes = result.notes === undefined ? {} : { notes: result.notes };
  await printCount(n, result, flags, `${whereCounted(result)}${resumed}`, notes);
  return 0;
}

/**
 * `count LO..HI`: one count after the other, one row each as it finishes (a table, or one JSON
 * object a line with --json), as Rosetta Code's entries print them.
 */
async function runRange(loText: string, hiText: string, flags: CountFlags): Promise<number> {
  const lo = parseInteger(loText, "the range's first n", 1, MAX_SPLIT_N);
  const hi = parseInteger(hiText, "the range's last n", lo, MAX_SPLIT_N);
  if (flags.checkpoint !== undefined || queueUrl(flags) !== undefined) {
    throw new NQueensError(
      "a range of n counts here, one n at a time: drop --checkpoint and --queue",
      "conflicting-options",
    );
  }
  checkMethodN(hi, flags.method); // before the first row
  const workers = workersOf(flags);
  const out = stdout();
  if (!flags.json)
    await out.line(
      `${"n".padStart(2)}  ${"total".padStart(20)}  ${"unique".padStart(19)}  seconds`,
    );
  const stop = trapStopSignals();
  try {
    for (let n = lo; n <= hi; n++) {
      const bar = startProgress({
        label: `sub-problems of n=${n}`,
        countLabel: "solutions",
        json: flags.json,
        progress: flags.progress,
      });
      const onProgress = (p: Progress) => bar.update(p.done, p.total, { count: p.solutions });
      let r: CountOnResult;
      try {
        r = await countWith({ n, workers, flags, onProgress, signal: stop.signal, note: () => {} });
      } catch (e) {
        if (!(e instanceof CountInterrupted)) throw e;
        warn(
          `nqueens: ${stop.interrupted} n=${n} after ${thousands(e.done)} of ${thousands(e.total)} sub-problems`,
        );
        return stop.exitCode;
      } finally {
        bar.stop();
      }
      const seconds = r.seconds.toFixed(2);
      await out.line(
        flags.json
          ? JSON.stringify({
              n,
              total: String(r.total),
              unique: String(r.unique),
              seconds: Number(r.seconds.toFixed(3)),
              method: r.method,
            })
          : `${String(n).padStart(2)}  ${String(r.total).padStart(20)}  ${String(r.unique).padStart(19)}  ${seconds.padStart(7)}`,
      );
    }
  } finally {
    stop.release();
  }
  return 0;
}
