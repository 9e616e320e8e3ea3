/**
 * The one place the command words a library error. The library's messages name its options and
 * values (`replicas`, `the secret option`) and never a command line; the command says its flags
 * (`--replicas`) and what to run next (`see nqueens runs`), from the error's code and details:
 * `FLAGS` (an option to its flag), `NEXT` (a code to what to run next) and `WORDING` (a code to
 * the command's line, or the library's message as it is). The command's own errors are worded
 * where they are thrown, and printed as they are.
 */
import type { ErrorCode, ErrorDetails, NQueensError } from "../errors.js";

/** The operator's secret's variable (queue/secret.ts's SECRET_ENV, not loaded for every command). */
const SECRET_ENV = "NQUEENS_SECRET";

/** The library's options and the command's flags for them. */
export const FLAGS: Readonly<Record<string, string>> = {
  allowEviction: "--allow-eviction",
  backend: "--backend",
  batch: "--batch",
  checkpoint: "--checkpoint",
  method: "--method",
  name: "--name",
  queue: "--queue",
  replicas: "--replicas",
  secret: "--secret",
  workerKey: "--worker-key",
  workers: "--workers",
};

/** An option as the command names it: its flag, or as the library names it (a variable). */
function flag(option: string | undefined): string {
  return option === undefined ? "" : (FLAGS[option] ?? option);
}

/** What to run next after an error of a code (and details), as the command says it. */
export const NEXT: Readonly<Partial<Record<ErrorCode, (d: ErrorDetails) => string>>> = {
  "no-such-run": () => "see nqueens runs",
  "run-flagged": (d) => `nqueens runs --clear-flag ${d.run}`,
  "run-unsettled": (d) => {
    if (d.option === "inconsistent") {
      return `nqueens runs --queue ${d.queue} --verify ${d.run} recounts a sample; --replicas 2 outvotes a faulty worker`;
    }
    if (d.option === "forged") {
      return `see nqueens runs --queue ${d.queue}; --drop-forged ${d.run} removes them`;
    }
    return d.queue === undefined ? "see nqueens runs" : `see nqueens runs --queue ${d.queue}`;
  },
  "votes-overruled": () => "see nqueens runs",
};

/** How the operator makes a worker's key. */
const MAKE_WORKER_KEY = "nqueens worker-key NAME";

/** What to run next after an error of `code` about `d`. */
function next(code: ErrorCode, d: ErrorDetails): string {
  return NEXT[code]?.(d) ?? "";
}

/**
 * The message with its first word, the option it names (`secret must be ...`), said as the
 * command's flag (`--secret must be ...`); the message as it is when it does not start so.
 */
function flagFirst(e: NQueensError): string | undefined {
  const { option } = e.details;
  if (option === undefined || FLAGS[option] === undefined) return undefined;
  if (!e.message.startsWith(`${option} `)) return undefined;
  return `${FLAGS[option]}${e.message.slice(option.length)}`;
}

/** A library error as the command says it; undefined: its message as it is. */
type Wording = (e: NQueensError) => string | undefined;

/** What an option needs another one for (`missing-option`), by the option. */
const NEEDS: Readonly<Record<string, (d: ErrorDetails) => string>> = {
  batch: () => "--batch sets the job size of a queue run: add --queue URL",
  replicas: () => "--replicas sets the quorum of a queue run: add --queue URL",
  secret: () => "--secret keys a queue run or a checkpoint: add --queue URL or --checkpoint FILE",
  name: (d) =>
    `${flag(d.other)} is bound to the name it was made for: add --name NAME (the NAME of \`${MAKE_WORKER_KEY}\`)`,
  queue: (d) => `--queue redis://HOST[:PORT][/DB] is required (or set ${d.env})`,
  checkpoint: () =>
    "--part needs --checkpoint FILE: the part's results go there, to be added up with --add",
};

/** Options that do not go together (`conflicting-options`), by the option. */
const CONFLICTS: Readonly<Record<string, (d: ErrorDetails) => string | undefined>> = {
  queue: () =>
    "--queue stores its results in Redis and its workers take --workers: drop --checkpoint and --workers",
  method: (d) =>
    d.value === "join" && d.other === "backend"
      ? "--method join counts on the CPU: drop --backend gpu or --method join"
      : undefined,
  secret: (d) =>
    d.other === "workerKey"
      ? "--secret and --worker-key: give one (the worker key is enough, and lets the worker vote only as its --name)"
      : undefined,
};

/**
 * Every code and how the command words it: `"library"` passes the library's message through
 * as it is (it names no option the command has a flag for, or only values).
 */
export const WORDING: Readonly<Record<ErrorCode, Wording | "library">> = {
  "invalid-value": (e) => (e.details.option === "queue" ? flagFirst(e) : undefined),
  "out-of-range": (e) => {
    const d = e.details;
    if (d.option !== "n") return undefined;
    // n for the join, and for a GPU: the flag that limits it.
    if (d.other === "method") return `--method join counts n up to ${d.max}: got ${d.value}`;
    if (d.other === "backend") {
      return `n for --backend gpu must be from ${d.min} to ${d.max}: got ${d.value}`;
    }
    return undefined;
  },
  "not-a-choice": "library",
  "conflicting-options": (e) => CONFLICTS[e.details.option ?? ""]?.(e.details),
  "missing-option": (e) => {
    const d = e.details;
    return d.other === undefined && d.env === undefined ? undefined : NEEDS[d.option ?? ""]?.(d);
  },
  "invalid-board": "library",
  "unreadable-input": "library",
  "checkpoint-unusable": (e) => {
    const d = e.details;
    if (d.reason === "method") {
      // Another method's file: the flag that reads it.
      const said = `: it was counted by method "${d.value}"`;
      return e.message.includes(said)
        ? e.message.replace(
            said,
            `: it was counted by --method ${d.value}; add that flag to use it`,
          )
        : undefined;
    }
    const why =
      d.reason === "keyed"
        ? "is keyed (written with a secret): give the same --secret or NQUEENS_SECRET"
        : d.reason === "unkeyed"
          ? "has no key (written without a secret) but one is in use (--secret or NQUEENS_SECRET), which accepts only records it tagged: resume it without the secret, or start a new checkpoint"
          : undefined;
    return why && `checkpoint ${d.file} ${why}; refusing to use it (the file is unchanged)`;
  },
  "parts-missing": "library",
  "parts-disagree": "library",
  "records-inconsistent": "library",
  "write-failed": "library",
  "missing-package": "library",
  "no-gpu": (e) => {
    const d = e.details;
    return d.option === undefined ? undefined : `${flag(d.option)} ${d.value}: ${d.reason}`;
  },
  unavailable: "library",
  "gave-up": "library",
  "timed-out": "library",
  "queue-unreachable": "library",
  "queue-full": "library",
  "queue-evicting": (e) =>
    e.message.replace("the allowEviction option", `${flag(e.details.option)} (at your own risk)`),
  "no-such-run": (e) => `${e.message} (${next(e.code, e.details)})`,
  "run-mismatch": (e) => {
    const d = e.details;
    if (d.option === "replicas") {
      return `run '${d.run}' was started with --replicas ${d.min}, not ${d.value}: attach without --replicas, or choose another run name`;
    }
    if (d.reason === "forget") {
      return `run '${d.run}' was not created with this secret, or its description was changed (it fails its MAC): use --forget to delete it`;
    }
    return undefined;
  },
  "run-busy": "library",
  "run-flagged": (e) =>
    e.details.run === undefined
      ? undefined
      : `run ${e.details.run} is flagged: ${e.details.reason}; no total until it is checked and cleared (${next(e.code, e.details)})`,
  "run-unsettled": (e) => `${e.message} (${next(e.code, e.details)})`,
  "secret-invalid": (e) => {
    const d = e.details;
    if (d.min !== undefined || d.max !== undefined) return flagFirst(e);
    if (d.reason !== "not-a-worker-key") return undefined;
    return `${flag(d.option)} must be a worker key, 64 hex digits, as the operator's \`${MAKE_WORKER_KEY}\` prints it`;
  },
  "secret-missing": (e) => {
    const d = e.details;
    if (d.env === undefined) return undefined;
    if (d.option === "workerKey") {
      return `a queue worker needs a secret: its worker key in ${d.env} (the operator's \`${MAKE_WORKER_KEY}\` prints it; start the worker with --name NAME), or the operator's ${SECRET_ENV} (or --worker-key, --secret)`;
    }
    return `a queue run needs a secret, the operator's: set ${d.env} (or --secret); make one with \`openssl rand -hex 16\``;
  },
  "votes-overruled": "library",
};

/**
 * The exit status of a library error other than bad input (2): a full Redis is temporary
 * (sysexits' EX_TEMPFAIL, 75: run it again later), an evicting Redis a configuration error
 * (EX_CONFIG, 78).
 */
export const STATUS: Readonly<Partial<Record<ErrorCode, number>>> = {
  "queue-full": 75,
  "queue-evicting": 78,
};

/**
 * A library error as the command prints it (without the `nqueens: ` before it): in flags, with
 * what to run next, or the library's message as it is.
 */
export function wordError(e: NQueensError): string {
  const wording = WORDING[e.code];
  return (wording === "library" ? undefined : wording?.(e)) ?? e.message;
}

/**
 * A queue run's note as the command prints it: one that leaves a run for a person (a code) says
 * what to run next.
 */
export function wordNote(message: string, code?: ErrorCode): string {
  return code === undefined ? message : `${message} (${next(code, {})})`;
}
