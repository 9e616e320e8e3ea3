/**
 * `nqueens compare <n>`: runs the tutorials' algorithms side by side and prints their work.
 *
 * Which algorithms run is decided from exact numbers, never from a timing, so the same command
 * does the same thing on any machine ({@link decideRun}): brute force runs when its C(n*n, n)
 * placements are at most the budget (10^9 unless `--budget`; n <= 7 runs, n = 8 with
 * 4,426,165,368 placements does not), the others up to their practical n; `--force` runs them all.
 * A skipped brute-force row states its placement count and the budget, and, only as information,
 * a time estimate measured from 0.2 s of sampled brute-force work. Skipping is not an error: the
 * command still exits 0, with the skipped rows and the reason in the table (or the JSON).
 *
 * Times come from {@link timeAlgorithm}, by this process's CPU time (a busy machine disturbs it
 * far less than the wall clock): each run is repeated until the batch lasts at least
 * 20 ms (at least once), up to 3 batches (later ones only while those so far took under 1 s), and the least
 * time per run is reported with the number of runs in that batch.
 */
import { NQueensError, quote } from "../errors.js";
import { MAX_ALGORITHM_N } from "../limits.js";
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  type AlgorithmName,
  algorithmInfo,
  BRUTE_FORCE_BUDGET,
  bruteForceCombinations,
  decideRun,
  estimateBruteForceSeconds,
  TIMING_DEFAULTS,
  type TimedResult,
  timeAlgorithm,
} from "../teach/index.js";
import { thousands } from "../words.js";
import { parseChoice, parseInteger } from "./args.js";
import { stdout } from "./output.js";
import type { Register } from "./register.js";

/**
 * This process's CPU seconds (user + system): each algorithm is timed by its own work, so a
 * busy machine does not make the same work look ten times slower in one row than in another.
 */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Seconds of brute-force work the estimate shown in a skipped row is measured from. */
const ESTIMATE_SECONDS = 0.2;

interface CompareFlags {
  algorithms?: string;
  budget?: string;
  force?: boolean;
  json?: boolean;
}

/** A row of the comparison: a timed run with its ratio to the fastest, or a skipped algorithm. */
type CompareRow =
  | (TimedResult & { readonly ratio: number })
  | {
      readonly name: AlgorithmName;
      readonly n: number;
      readonly skipped: true;
      readonly reason: string;
      /** Brute force: C(n*n, n), exact. */
      readonly placements?: bigint;
      /** Brute force: the budget it was over. */
      readonly budget?: bigint;
      /** Brute force: an estimate shown for information; it decided nothing. */
      readonly estimatedSeconds?: number;
      /** The others: the practical n it was over. */
      readonly maxPracticalN?: number;
    };

const limits = ALGORITHMS.filter((a) => a.name !== "brute-force")
  .map((a) => `${a.name} ${a.maxPracticalN}`)
  .join(", ");

export const registerCompare: Register = (program, exit) => {
  program
    .command("compare")
    .description(
      "run the algorithms the tutorials compare, from brute force to bitmasks, and tabulate " +
        "their solutions, nodes, checks and time",
    )
    .argument("<n>", `board size, 1 to ${MAX_ALGORITHM_N}`)
    .option(
      "-a, --algorithms <list>",
      `comma-separated, from ${ALGORITHM_NAMES.join(", ")} (default: all, in that order)`,
    )
    .option(
      "--budget <placements>",
      `the most placements brute force may examine (default: ${thousands(BRUTE_FORCE_BUDGET)})`,
    )
    .option("--force", "run every algorithm, whatever its placement count or n")
    .option("--json", "print an array of results (skipped ones with skipped: true and a reason)")
    .addHelpText(
      "after",
      `
Which algorithms run is decided from exact numbers, never from a timing:
  brute-force runs when its C(n*n, n) placements are at most the budget (--budget, default
  ${thousands(BRUTE_FORCE_BUDGET)}): by default n <= 7 runs (85,900,584 placements at 7) and n = 8
  (4,426,165,368) is skipped. A skipped row gives the placement count and the budget, and, for
  information only, a time estimate from ${ESTIMATE_SECONDS} s of sampled brute-force work here.
  The others run up to their practical n:
    ${limits}.
  --force runs every algorithm. A skipped algorithm is not an error: the exit status stays 0.
How the time is measured:
  each run is repeated until the batch lasts at least ${TIMING_DEFAULTS.minSeconds * 1000} ms (one run at least); the
  batch's CPU time divided by its runs is the time per run. Up to ${TIMING_DEFAULTS.batches} batches are timed (later
  ones only while the batches so far took under ${TIMING_DEFAULTS.withinSeconds} s) and the least time per run is
  shown, with the number of runs in that batch. The counts are those of one run.

Examples:
  $ nqueens compare 6                    all six; brute force checks 1,947,792 placements
  $ nqueens compare 8                    brute force skipped: 4,426,165,368 placements
  $ nqueens compare 8 --budget 5000000000 --algorithms brute-force   (minutes)
  $ nqueens compare 12 --algorithms row-loop,row-sets,bitmask
  $ nqueens compare 8 --json`,
    )
    .action(async (nText: string, flags: CompareFlags) => {
      const n = parseInteger(nText, "n", 1, MAX_ALGORITHM_N);
      const names = parseAlgorithms(flags.algorithms);
      const budget = flags.budget === undefined ? BRUTE_FORCE_BUDGET : parseBudget(flags.budget);
      const rows = compare(n, names, budget, flags.force ?? false, (line) => {
        if (!flags.json && process.stderr.isTTY) process.stderr.write(`${line}\n`);
      });
      if (flags.json) {
        await stdout().json(rows);
      } else {
        for (const line of table(n, rows)) await stdout().line(line);
      }
      exit(0);
    });
};

/** Parses `--algorithms a,b,c` into names, in the order given, without repeats. */
function parseAlgorithms(text: string | undefined): AlgorithmName[] {
  if (text === undefined) return [...ALGORITHM_NAMES];
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => parseChoice(s, "--algorithms", ALGORITHM_NAMES));
  if (names.length === 0) {
    throw new NQueensError(
      `--algorithms must name at least one of ${ALGORITHM_NAMES.join(", ")}`,
      "missing-option",
    );
  }
  return [...new Set(names)];
}

/**
 * Parses `--budget PLACEMENTS`: a whole number, 0 or more, exact (a bigint).
 * @example parseBudget("5000000000") // 5000000000n
 */
function parseBudget(text: string): bigint {
  const trimmed = text.trim();
  if (!/^\+?\d+$/.test(trimmed)) {
    throw new NQueensError(
      `--budget must be a whole number of placements, 0 or more: got ${quote(text)}`,
      "out-of-range",
    );
  }
  return BigInt(trimmed);
}

/**
 * Runs each algorithm (or skips it, by {@link decideRun}), then adds each run's ratio to the
 * fastest. `note(line)` gets a line to show a person before a brute-force run over the default
 * budget (such a run takes minutes).
 */
function compare(
  n: number,
  names: readonly AlgorithmName[],
  budget: bigint,
  force: boolean,
  note: (line: string) => void,
): CompareRow[] {
  const results: (TimedResult | CompareRow)[] = [];
  for (const name of names) {
    const decision = decideRun(name, n, { budget, force });
    if (!decision.run) {
      if (decision.rule === "budget") {
        const estimate = estimateBruteForceSeconds(n, { minSeconds: ESTIMATE_SECONDS });
        const p = decision.placements;
        results.push({
          name,
          n,
          skipped: true,
          reason:
            `${thousands(p)} placement${p === 1n ? "" : "s"}, over the budget of ` +
            `${thousands(decision.budget)} (estimated ${duration(estimate)} here); ` +
            "use --budget or --force",
          placements: p,
          budget: decision.budget,
          estimatedSeconds: estimate,
        });
      } else {
        results.push({
          name,
          n,
          skipped: true,
          reason: `n > ${decision.maxPracticalN}, its practical limit; use --force`,
          maxPracticalN: decision.maxPracticalN,
        });
      }
      continue;
    }
    if (name === "brute-force" && bruteForceCombinations(n) > BRUTE_FORCE_BUDGET) {
      const estimate = estimateBruteForceSeconds(n, { minSeconds: ESTIMATE_SECONDS });
      note(
        `brute-force: ${thousands(bruteForceCombinations(n))} placements, ` +
          `estimated ${duration(estimate)} here`,
      );
    }
    results.push(timeAlgorithm(name, n, { clock: cpuSeconds, budget, force }));
  }
  const times = results.flatMap((r) => ("skipped" in r ? [] : [r.seconds]));
  const fastest = Math.min(...times);
  return results.map((r) =>
    "skipped" in r ? r : { ...r, ratio: fastest > 0 ? r.seconds / fastest : 1 },
  );
}

/** The comparison as text lines: a header, one row per algorithm, and what the counts mean. */
function table(n: number, rows: readonly CompareRow[]): string[] {
  const header = ["algorithm", "solutions", "nodes", "checks", "time/run", "runs", "vs fastest"];
  const cells = rows.map((r) =>
    "skipped" in r
      ? [r.name, `skipped: ${r.reason}`]
      : [
          r.name,
          thousands(r.solutions),
          thousands(r.nodes),
          thousands(r.checks),
          perRun(r.seconds),
          thousands(r.runs),
          `x${r.ratio < 10 ? r.ratio.toFixed(2) : r.ratio < 1000 ? r.ratio.toFixed(1) : thousands(Math.round(r.ratio))}`,
        ],
  );
  const full = [header, ...cells.filter((c) => c.length === header.length)];
  const widths = header.map((_, i) => Math.max(...full.map((c) => c[i]!.length)));
  widths[0] = Math.max(widths[0]!, ...rows.map((r) => r.name.length));
  const format = (c: string[]): string =>
    c.length < header.length
      ? `${c[0]!.padEnd(widths[0]!)}  ${c[1]}`
      : c
          .map((text, i) => (i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!)))
          .join("  ");
  const lines = [`${n} queens: ${rows.length} algorithm${rows.length === 1 ? "" : "s"}`, ""];
  lines.push(format(header), ...cells.map(format), "");
  if (rows.some((r) => !("skipped" in r))) {
    lines.push(
      `time/run: the least of up to ${TIMING_DEFAULTS.batches} batches, each repeating the run until it lasts ` +
        `${TIMING_DEFAULTS.minSeconds * 1000} ms or more;`,
      "runs: the runs in that batch. Times are CPU time (user + system), this machine's.",
      "",
    );
  }
  lines.push("What each algorithm counts:");
  const pad = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    const info = algorithmInfo(r.name);
    lines.push(`  ${r.name.padEnd(pad)}  node: ${info.nodes}`);
    lines.push(`  ${"".padEnd(pad)}  check: ${info.checks}`);
  }
  return lines;
}

const UNITS: readonly (readonly [number, string])[] = [
  [1, "s"],
  [1e-3, "ms"],
  [1e-6, "us"],
  [1e-9, "ns"],
];

/** A time per run, three significant digits: 52.1 ns, 795 us, 69.4 ms, 4.31 s, 1234 s. */
function perRun(seconds: number): string {
  if (seconds >= 999.5) return `${Math.round(seconds)} s`;
  for (const [scale, unit] of UNITS) {
    // Rounded first, so that 0.9996 ms reads 1.00 ms rather than 1000 us.
    const value = Number((seconds / scale).toPrecision(3));
    if (value >= 1 || unit === "ns") return `${value.toPrecision(3)} ${unit}`;
  }
  return `${seconds} s`; // not reached: the loop ends with ns
}

/** A duration in words: 12.5 us, 850 ms, 42 s, 3.5 min, 2.1 h, 12 days, 3.0e+12 years. */
function duration(seconds: number): string {
  if (seconds < 0.001) return perRun(seconds);
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${(seconds / 60).toFixed(1)} min`;
  if (seconds < 172_800) return `${(seconds / 3600).toFixed(1)} h`;
  const days = seconds / 86_400;
  if (days < 730) return `${Math.round(days)} days`;
  const years = days / 365.25;
  return years < 1e6 ? `${Math.round(years)} years` : `${years.toExponential(1)} years`;
}
