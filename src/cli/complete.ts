/** `nqueens complete [FILE|-]`: finish a board where some queens are already placed. */
import {
  conflictSummary,
  describeConflict,
  isRestricted,
  type PartialBoard,
  queensOf,
} from "../board.js";
import {
  CompletionInterrupted,
  completeOneAsync,
  completeOneWatched,
  loadThreads,
} from "../completion/light.js";
import { NQueensError } from "../errors.js";
import {
  type BoardForm,
  type BoardStyle,
  boardFormat,
  formatChunks,
  parseBoard,
  parseBoardAs,
} from "../formats/index.js";
import { MAX_SPLIT_N, MAX_SUB_SIZE, MAX_WORKERS } from "../limits.js";
import { plural, thousands } from "../words.js";
import { parseInteger } from "./args.js";
import { formatOption, styleFor } from "./board-style.js";
import { checkQueueFlags, completeOnQueue, withQueueOptions } from "./complete-queue.js";
import { readInput } from "./input.js";
import { printChunks, stdout } from "./output.js";
import { startProgress } from "./progress.js";
import { formatInOption, readBoard } from "./read-board.js";
import type { Register } from "./register.js";
import { trapStopSignals } from "./stop-signals.js";

interface CompleteFlags {
  count?: boolean;
  all?: boolean;
  limit?: string;
  format?: BoardStyle;
  formatIn: string;
  json?: boolean;
  number: boolean;
  quiet?: boolean;
  progress: boolean;
  diagonals?: string;
  certificate?: string;
  workers?: string;
  checkpoint?: string;
  queue?: string;
  replicas?: string;
  parts?: string;
}

export const registerComplete: Register = (program, exit) => {
  withQueueOptions(program.command("complete"))
    .description("complete a partial board read from FILE or stdin (exit 1 when it cannot be done)")
    .argument("[file]", "the board, in any format nqueens reads; - for stdin", "-")
    .option("-c, --count", "print how many completions there are")
    .option("-a, --all", "list every completion, numbered")
    .option("-l, --limit <k>", "with --all: stop after k completions (k >= 1)")
    .addOption(formatOption())
    .addOption(formatInOption())
    .option("--no-number", "with --all: print the bare boards (each reads back with check)")
    .option("-q, --quiet", "no note on stderr about the detected format")
    .option(
      "--no-progress",
      "no progress bar for --count, --all and big boards (drawn on a terminal only)",
    )
    .option(
      "-d, --diagonals <d>",
      "csplib or json input with a diags list: take its first d pairs (instead of numdiags)",
    )
    .option("--certificate <out>", "write a certificate of the answer to OUT (check-certificate)")
    .option(
      "--checkpoint <file>",
      "hard-instance search: record the parts decided in FILE; the same command resumes from it",
    )
    .option(
      "-w, --workers <k>",
      "threads for the hard-instance search (default: every core for a restricted board of n >= 22 without fixed queens, else 1)",
    )
    .option("--json", "JSON: {n, cols} / {n, count} / one {n, index, cols} per line with --all")
    .addHelpText(
      "after",
      `
Input formats (detected unless --format-in names one; the detected one is noted on
stderr): a matrix of Q and . (dots, compact), * (stars) or 1 and 0 (binary), with x
for a blocked square; |Q| |X| cells (|#| blocked); +---+ grids; "r c" lines or (r, c)
pairs, 0-based, after an optional "n 8" line (lines); a permutation with - for empty
rows, "- 4 - - - - - -" (perm); chess squares; the aoj judge input; JSON, also with
"blocked" squares and "excluded" diagonals; CSPLib parameter files (csplib: letting
n = ..., init = [[r, c], ...], blocks = [[r, c], ...] from 1, diags = [[v, t], ...]).

A completion places the missing queens, none attacking another, none on a blocked
square or an excluded diagonal. Up to 32 missing queens it is decided by the
hard-instance search (rows and columns by fewest open squares, propagation, learning,
restarts); counting uses the exact bitmask search. The hard-instance search runs on
every core for a board of n >= 22 with blocked squares or excluded diagonals and no
fixed queens (--workers to choose): the board is split into parts, each decided on a
thread, and the bar counts the parts decided. The first completion found ends it,
so with more than one thread a "yes" can differ from run to run. --checkpoint FILE
records each part found without a completion; after Ctrl-C the same command (same
board, same --workers up to 2) skips them. --certificate, --count and --all search
on one thread.

Exit status: 0 completed (or counted at least one), 1 it cannot be completed (queens
that attack each other, or no placement of the rest), 2 input that cannot be read
(also a queen on a blocked square or an excluded diagonal).

Examples:
  $ printf '. Q . .\\n. . . .\\n. . . .\\n. . . .\\n' | nqueens complete
  $ printf '. x . .\\n. . . .\\n. . x .\\n. . . .\\n' | nqueens complete --count
  $ nqueens generate diagonals 21 --seed 259 --format csplib | nqueens complete -d 19
  $ nqueens complete board.txt --all --limit 10 --format perm
  $ nqueens complete ed.param --certificate ed.cert && nqueens check-certificate ed.param ed.cert`,
    )
    .action(async (file: string, flags: CompleteFlags) => {
      if (flags.limit !== undefined && !flags.all) {
        throw new NQueensError(
          "--limit applies to --all: add --all, or drop --limit",
          "missing-option",
        );
      }
      if (flags.count && flags.all)
        throw new NQueensError("--count and --all: one at a time", "conflicting-options");
      if (!flags.number && !flags.all)
        throw new NQueensError("--no-number applies to --all", "conflicting-options");
      const limit = await limitOf(flags);
      const workers = workersOf(flags);
      const { board } = await readCompletionBoard(file, flags);
      const n = board.n;
      const out = stdout();
      if (flags.certificate !== undefined && (flags.count || flags.all)) {
        throw new NQueensError("--certificate certifies one answer: drop --count and --all");
      }
      const certified =
        flags.certificate === undefined ? undefined : await certify(board, flags.certificate, exit);
      if (flags.certificate !== undefined && !certified) return;
      const clash = conflictSummary(board, 1).first[0];
      if (clash) {
        const reason = `this board cannot be completed: ${describeConflict(clash)}`;
        if (flags.json) await out.json(flags.count ? { n, count: 0n } : { n, cols: null });
        else if (flags.count) await out.line("0");
        process.stderr.write(`nqueens: ${reason}\n`);
        exit(1);
        return;
      }
      if (flags.count || flags.all) {
        await countOrList(board, flags, limit, exit);
        return;
      }
      const one = certified ?? (await oneCompletion(board, flags, workers, exit));
      if (!one) return;
      const { cols } = one;
      if (flags.json) await out.json({ n, cols: cols ?? null });
      else if (cols) {
        const style = styleFor(n, flags.format);
        // The drawings show the blocked squares and excluded diagonals beside the queens.
        const drawn =
          isRestricted(board) && boardFormat(style).drawsRestrictions
            ? { ...board, queens: queensOf(cols) }
            : cols;
        exit(await printChunks(formatChunks(drawn, style)));
        return;
      }
      if (!cols) process.stderr.write(`nqueens: ${cannot(board)}\n`);
      exit(cols ? 0 : 1);
    });
};

// What only --all, --count and --certificate use is loaded when they are asked for: a board
// completed once loads neither the listings nor the certificates.

/** --limit, checked (Infinity without it). */
async function limitOf(flags: CompleteFlags): Promise<number> {
  if (flags.limit === undefined) return Number.POSITIVE_INFINITY;
  return (await import("./list.js")).parseLimit(flags.limit);
}

/** --certificate OUT: the board decided and its certificate written (certificate-file.ts). */
async function certify(board: PartialBoard, out: string, exit: (code: number) => void) {
  return (await import("./certificate-file.js")).completeCertified(board, out, exit);
}

/**
 * --workers, checked: one thread for what searches on one (--certificate, --count, --all),
 * which take no --checkpoint either.
 */
function workersOf(flags: CompleteFlags): number | undefined {
  checkQueueFlags(flags);
  const single =
    flags.certificate !== undefined
      ? "--certificate"
      : flags.count
        ? "--count"
        : flags.all
          ? "--all"
          : undefined;
  if (flags.checkpoint !== undefined && single) {
    throw new NQueensError(
      `--checkpoint records the parts of one decision: drop it, or drop ${single}`,
      "conflicting-options",
    );
  }
  if (flags.workers === undefined) return undefined;
  const workers = parseInteger(flags.workers, "--workers", 1, MAX_WORKERS);
  if (workers > 1 && single) {
    throw new NQueensError(
      `${single} runs on one thread: drop --workers, or give --workers 1`,
      "conflicting-options",
    );
  }
  return workers;
}

/**
 * `--count` or `--all` on a board without clashing queens: counts or lists its completions with
 * a progress bar, stopping cleanly on Ctrl-C (or SIGTERM, SIGHUP).
 */
async function countOrList(
  board: PartialBoard,
  flags: CompleteFlags,
  limit: number,
  exit: (code: number) => void,
): Promise<void> {
  const n = board.n;
  const out = stdout();
  const { completionsAsync, countCompletionsAsync } = await import("../completion/index.js");
  const { CountInterrupted, count: countSolutions } = await import("../engine/index.js");
  const { listingStyle, printListed } = await import("./list.js");
  // The bar shares the terminal with a listing only when the listing goes elsewhere.
  const bar = startProgress({
    label: "sub-problems",
    countLabel: "completions",
    json: flags.json,
    progress: flags.progress && (flags.count || !process.stdout.isTTY),
  });
  const stop = trapStopSignals();
  const watch = {
    signal: stop.signal,
    onProgress: (p: { done: number; total: number; count: bigint }) =>
      bar.update(p.done, p.total, { count: p.count }),
  };
  let index = 0;
  /** Solutions the counter has reported so far (for an empty board, below). */
  let counted = 0n;
  try {
    if (flags.count) {
      // An empty board's completions are the solutions: the counter (8-fold symmetry, the join,
      // every core) counts them in a fraction of the completion search's time.
      const found =
        board.queens.length === 0 && !isRestricted(board) && n <= MAX_SPLIT_N
          ? (
              await countSolutions(n, {
                signal: stop.signal,
                onProgress: (p) => {
                  counted = p.solutions;
                  bar.update(p.done, p.total, { count: p.solutions });
                },
              })
            ).total
          : await countCompletionsAsync(board, watch);
      bar.stop();
      await (flags.json ? out.json({ n, count: found }) : out.line(found.toString()));
      exit(found > 0n ? 0 : 1);
      return;
    }
    const how = listingStyle(n, flags);
    for await (const cols of completionsAsync(board, { ...watch, limit })) {
      index++;
      await printListed(how, index, cols);
    }
  } catch (e) {
    if (!(e instanceof CompletionInterrupted || e instanceof CountInterrupted)) throw e;
    bar.stop();
    const so = flags.count
      ? `${plural(e instanceof CountInterrupted ? counted : e.count, "completion")} counted so far`
      : `${plural(index, "completion")} listed`;
    process.stderr.write(
      `nqueens: ${stop.interrupted} ${e.done} of ${plural(e.total, "sub-problem")}; ${so}; nothing is saved (run it again to start over)\n`,
    );
    exit(stop.exitCode);
    return;
  } finally {
    bar.stop();
    stop.release();
  }
  if (index === 0) process.stderr.write(`nqueens: ${cannot(board)}\n`);
  exit(index > 0 ? 0 : 1);
}

/**
 * One completion. On a big board with many empty rows the library's repair draws a progress bar
 * (empty rows without a clash) and stops cleanly on Ctrl-C (or SIGTERM, SIGHUP): undefined, the
 * exit status given. The exact searches (other boards, or after a repair that gave up) run
 * without the bar and the trap: Ctrl-C ends them as usual.
 */
async function oneCompletion(
  board: PartialBoard,
  flags: CompleteFlags,
  workers: number | undefined,
  exit: (code: number) => void,
): Promise<{ cols: number[] | undefined } | undefined> {
  if (flags.queue !== undefined) return completeOnQueue(board, flags, exit);
  const missing = board.n - board.queens.length;
  if (missing > 0 && missing <= MAX_SUB_SIZE) return hardCompletion(board, flags, workers, exit);
  if (flags.checkpoint !== undefined) {
    throw new NQueensError(
      `--checkpoint records the hard-instance search's parts, for a board missing 1 to ${MAX_SUB_SIZE} queens: this one misses ${missing}`,
      "conflicting-options",
    );
  }
  const bar = startProgress({ label: "rows", json: flags.json, progress: flags.progress });
  const stop = trapStopSignals();
  const free = () => {
    bar.stop();
    stop.release();
  };
  // The exact search has no bar: on a terminal, say so before one that may be long starts.
  const exact = () => {
    free();
    if (bar.drawn && board.n > 32 && board.n - board.queens.length > MAX_SUB_SIZE) {
      process.stderr.write(
        "nqueens: note: an exact search follows, without progress; on a hard board it can take long (completing a board is NP-complete): Ctrl-C stops it\n",
      );
    }
  };
  try {
    const cols = await completeOneWatched(board, {
      signal: stop.signal,
      onProgress: (p) => bar.update(p.done, p.total),
      onExact: exact,
    });
    return { cols };
  } catch (e) {
    if (!(e instanceof CompletionInterrupted)) throw e;
    bar.stop();
    process.stderr.write(
      `nqueens: ${stop.interrupted} ${thousands(e.done)} of ${plural(e.total, "empty row")} placed without a clash; nothing is saved (run it again to start over)\n`,
    );
    exit(stop.exitCode);
    return undefined;
  } finally {
    free();
  }
}

/**
 * One completion by the hard-instance search (at most 32 queens missing): on threads when
 * `workers` (or the library's default for the board) is above 1, with a bar of the parts decided;
 * Ctrl-C (or SIGTERM, SIGHUP) stops it and its threads. undefined: stopped, the exit status given.
 */
async function hardCompletion(
  board: PartialBoard,
  flags: CompleteFlags,
  workers: number | undefined,
  exit: (code: number) => void,
): Promise<{ cols: number[] | undefined } | undefined> {
  // Threads asked for start at once: their modules loaded before Ctrl-C is trapped.
  if ((workers ?? 1) > 1 || flags.checkpoint !== undefined) await loadThreads();
  const bar = startProgress({
    label: "parts",
    countLabel: "nodes",
    json: flags.json,
    progress: flags.progress,
  });
  const stop = trapStopSignals();
  try {
    const cols = await completeOneAsync(board, {
      workers,
      checkpoint: flags.checkpoint,
      signal: stop.signal,
      onProgress: (p) => bar.update(p.done, p.total, { count: p.nodes ?? 0 }),
    });
    return { cols };
  } catch (e) {
    if (!(e instanceof CompletionInterrupted)) throw e;
    bar.stop();
    const what =
      e.total > 0
        ? `${stop.interrupted} ${e.done} of ${plural(e.total, "part")} decided`
        : stop.interrupted.replace(/ after$/, "");
    const saved =
      flags.checkpoint === undefined
        ? "nothing is saved (run it again to start over)"
        : `the parts decided are saved in ${flags.checkpoint} (the same command resumes)`;
    process.stderr.write(`nqueens: ${what}; ${saved}\n`);
    exit(stop.exitCode);
    return undefined;
  } finally {
    bar.stop();
    stop.release();
  }
}

function cannot(board: PartialBoard): string {
  const { n } = board;
  const missing = plural(n - board.queens.length, "queen");
  const avoid = isRestricted(board)
    ? "avoids every attack, blocked square and excluded diagonal"
    : "avoids every attack";
  return `this ${n}x${n} board cannot be completed: no placement of the remaining ${missing} ${avoid}`;
}

/** The board, as `readBoard` reads it, with `--diagonals` passed to the parser. */
export async function readCompletionBoard(
  file: string,
  flags: Pick<CompleteFlags, "diagonals" | "formatIn" | "quiet">,
): Promise<{ board: PartialBoard; form: BoardForm }> {
  if (flags.diagonals === undefined) return readBoard(file, flags.formatIn, flags.quiet);
  const diagonals = parseInteger(flags.diagonals, "--diagonals", 0, 1_000_000);
  const text = await readInput(file);
  const r =
    flags.formatIn === "auto"
      ? parseBoard(text, { diagonals })
      : parseBoardAs(text, flags.formatIn as BoardForm, { diagonals });
  if (!r.ok) {
    throw new NQueensError(
      r.code.startsWith("ambiguous") ? `${r.error} with --format-in` : r.error,
      "unreadable-input",
    );
  }
  if (flags.formatIn === "auto" && !flags.quiet) {
    process.stderr.write(`nqueens: read the input as ${r.form} (detected; -q hides this note)\n`);
  }
  return { board: r.board, form: r.form };
}
