/**
 * `nqueens complete FILE --queue URL`: the hard-instance decision over a Redis queue
 * (queue/coordinator-complete.ts), its parts decided by `nqueens worker`s, with a bar of the
 * parts settled "no" and Ctrl-C that stops following (the run goes on; the same command attaches).
 */

import { type Command, Option } from "commander";
import type { PartialBoard } from "../board.js";
import { CompletionInterrupted } from "../completion/light.js";
import { NQueensError } from "../errors.js";
import { MAX_REPLICAS } from "../limits.js";
import { plural } from "../words.js";
import { parseInteger } from "./args.js";
import { startProgress } from "./progress.js";
import { trapStopSignals } from "./stop-signals.js";

/** The flags of `complete` this branch reads. */
export interface CompleteQueueFlags {
  queue?: string;
  replicas?: string;
  parts?: string;
  json?: boolean;
  progress: boolean;
  count?: boolean;
  all?: boolean;
  certificate?: string;
  checkpoint?: string;
  workers?: string;
}

/** Adds `--queue URL`, `--replicas R` and `--parts K` to the `complete` command. */
export function withQueueOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        "--queue <url>",
        "decide a board missing 1 to 32 queens over a Redis queue, its parts taken by nqueens worker (needs $NQUEENS_SECRET); see docs/queue.md",
      ),
    )
    .addOption(
      new Option(
        "--replicas <r>",
        'with --queue: distinct workers whose "no" settles a part, for a new run (default 1)',
      ),
    )
    .addOption(
      new Option(
        "--parts <k>",
        "with --queue: parts to split the board into, 1 to 4096, for a new run (default 256)",
      ),
    );
}

/** Checks the flags that go with --queue, before the board is read. */
export function checkQueueFlags(flags: CompleteQueueFlags): void {
  if (flags.queue === undefined) {
    const stray = flags.replicas !== undefined ? "--replicas" : flags.parts ? "--parts" : undefined;
    if (stray) throw new NQueensError(`${stray} applies to --queue`, "missing-option");
    return;
  }
  const other = flags.count
    ? "--count"
    : flags.all
      ? "--all"
      : flags.certificate !== undefined
        ? "--certificate"
        : flags.checkpoint !== undefined
          ? "--checkpoint (the run itself is the checkpoint: the same command attaches to it)"
          : flags.workers !== undefined
            ? "--workers (each worker has its own)"
            : undefined;
  if (other)
    throw new NQueensError(`--queue decides one board: drop ${other}`, "conflicting-options");
}

/**
 * Decides the board over the queue: its completion, or undefined (stopped: the exit status given).
 */
export async function completeOnQueue(
  board: PartialBoard,
  flags: CompleteQueueFlags,
  exit: (code: number) => void,
): Promise<{ cols: number[] | undefined } | undefined> {
  // The queue's modules are loaded here, when --queue is given: a completion on this machine
  // never loads them (the command's start-up, docs/notes/2026-12-07-easy-completions.md).
  const { parseQueueUrl, resolveSecret } = await import("../queue/settings.js");
  const { loadQueue } = await import("../backend-run.js");
  const address = parseQueueUrl(flags.queue as string, "--queue");
  const replicas =
    flags.replicas === undefined
      ? undefined
      : parseInteger(flags.replicas, "--replicas", 1, MAX_REPLICAS);
  const parts =
    flags.parts === undefined ? undefined : parseInteger(flags.parts, "--parts", 1, 4096);
  const { runCompletion } = await loadQueue(); // a missing package is named before a missing secret
  const secret = resolveSecret(undefined);
  const bar = startProgress({ label: "parts", json: flags.json, progress: flags.progress });
  const stop = trapStopSignals();
  const note = (m: string) => {
    if (!flags.json) process.stderr.write(`nqueens: ${m}\n`);
  };
  let run = "";
  try {
    const r = await runCompletion(board, address, {
      secret,
      replicas,
      parts,
      signal: stop.signal,
      onProgress: (p) => {
        run = p.run;
        bar.update(p.done, p.total);
      },
      onMessage: note,
    });
    bar.stop();
    if (r.parts > 0) {
      const by = r.cols ? `, found by ${r.foundBy}` : "";
      note(`run ${r.run}: ${plural(r.parts, "part")}, ${plural(r.workers, "worker")}${by}`);
    }
    return { cols: r.cols };
  } catch (e) {
    if (!(e instanceof CompletionInterrupted)) throw e;
    bar.stop();
    process.stderr.write(
      `nqueens: ${stop.interrupted} ${e.done} of ${plural(e.total, "part")} settled; run ${run || "(not started)"} goes on in the workers (the same command attaches to it)\n`,
    );
    exit(stop.exitCode);
    return undefined;
  } finally {
    bar.stop();
    stop.release();
  }
}
