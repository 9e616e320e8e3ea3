/**
 * `nqueens compare <n>`: runs the tutorials' algorithms side by side and prints their work.
 *
 * Brute force first estimates its time and is skipped when that is over a minute; the others are
 * skipped above their practical n. `--force` runs them anyway. Skipping is not an error: the
 * command still exits 0, with the skipped rows and the reason in the table (or the JSON).
 */
import {
  ALGORITHM_NAMES,
  ALGORITHMS,
  type AlgorithmName,
  type AlgorithmResult,
  algorithmInfo,
  bruteForceCombinations,
  estimateBruteForceSeconds,
  MAX_ALGORITHM_N,
  runAlgorithm,
} from "../algorithms.js";
import { NQueensError } from "../errors.js";
import { parseChoice, parseInteger } from "./args.js";
import type { Register } from "./commands.js";
import { stdout } from "./output.js";

/** Brute force runs without --force when it is estimated to take at most this long. */
export const BRUTE_FORCE_LIMIT_SECONDS = 60;

interface CompareFlags {
  algorithms?: string;
  force?: boolean;
  json?: boolean;
}

/** A row of the comparison: a run with its ratio to the fastest, or a skipped algorithm. */
export type CompareRow =
  | (AlgorithmResult & { readonly ratio: number })
  | {
      readonly name: AlgorithmName;
      readonly n: number;
      readonly skipped: true;
      readonly reason: string;
      readonly estimatedSeconds?: number;
    };

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
    .option("--force", "run brute force even when estimated over a minute, and others beyond n")
    .option("--json", "print an array of results (skipped ones with skipped: true and a reason)")
    .addHelpText(
      "after",
      `
Brute force first times a short sample and is skipped when the whole run is estimated over
${BRUTE_FORCE_LIMIT_SECONDS} s; the others are skipped above their practical n (${ALGORITHMS.map((a) => `${a.name} ${a.maxPracticalN}`).join(", ")}).
A skipped algorithm is not an error: the exit status stays 0.
Short runs are repeated (up to 5 times, while under 0.05 s each) and the best time is kept.

Examples:
  $ nqueens compare 6                    all six; brute force checks 1,947,792 placements
  $ nqueens compare 8                    brute force skipped: estimated minutes (use --force)
  $ nqueens compare 12 --algorithms row-loop,row-sets,bitmask
  $ nqueens compare 8 --json`,
    )
    .action(async (nText: string, flags: CompareFlags) => {
      const n = parseInteger(nText, "n", 1, MAX_ALGORITHM_N);
      const names = parseAlgorithms(flags.algorithms);
      const rows = compare(n, names, flags.force ?? false, (name, seconds) => {
        if (!flags.json && process.stderr.isTTY && seconds > 5) {
          process.stderr.write(`${name}: running, about ${duration(seconds)} (estimated)\n`);
        }
      });
      if (flags.json) {
        await stdout().line(JSON.stringify(rows));
      } else {
        for (const line of table(n, rows)) await stdout().line(line);
      }
      exit(0);
    });
};

/** Parses `--algorithms a,b,c` into names, in the order given, without repeats. */
export function parseAlgorithms(text: string | undefined): AlgorithmName[] {
  if (text === undefined) return [...ALGORITHM_NAMES];
  const names = text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => parseChoice(s, "--algorithms", ALGORITHM_NAMES));
  if (names.length === 0) {
    throw new NQueensError(`--algorithms must name at least one of ${ALGORITHM_NAMES.join(", ")}`);
  }
  return [...new Set(names)];
}

/**
 * Runs each algorithm (or skips it), then adds each run's ratio to the fastest.
 * `onLongRun(name, estimate)` is called before a brute-force run with its estimate.
 */
function compare(
  n: number,
  names: readonly AlgorithmName[],
  force: boolean,
  onLongRun: (name: AlgorithmName, estimatedSeconds: number) => void,
): CompareRow[] {
  const results: (AlgorithmResult | CompareRow)[] = [];
  for (const name of names) {
    const info = algorithmInfo(name);
    if (name === "brute-force") {
      const estimate = estimateBruteForceSeconds(n);
      if (estimate > BRUTE_FORCE_LIMIT_SECONDS && !force) {
        const placements = bruteForceCombinations(n).toLocaleString("en-US");
        results.push({
          name,
          n,
          skipped: true,
          reason: `estimated ${duration(estimate)} for ${placements} placements; use --force`,
          estimatedSeconds: estimate,
        });
        continue;
      }
      onLongRun(name, estimate);
    } else if (n > info.maxPracticalN && !force) {
      results.push({
        name,
        n,
        skipped: true,
        reason: `n > ${info.maxPracticalN}, its practical limit; use --force`,
      });
      continue;
    }
    results.push(timed(name, n));
  }
  const times = results.flatMap((r) => ("skipped" in r ? [] : [r.seconds]));
  const fastest = Math.min(...times);
  return results.map((r) =>
    "skipped" in r ? r : { ...r, ratio: fastest > 0 ? r.seconds / fastest : 1 },
  );
}

/** Runs once; runs under 0.05 s are repeated (5 runs at most) and the best time kept. */
function timed(name: AlgorithmName, n: number): AlgorithmResult {
  let best = runAlgorithm(name, n);
  for (let i = 1; i < 5 && best.seconds < 0.05; i++) {
    const again = runAlgorithm(name, n);
    if (again.seconds < best.seconds) best = again;
  }
  return best;
}

/** The comparison as text lines: a header, one row per algorithm, and what the counts mean. */
export function table(n: number, rows: readonly CompareRow[]): string[] {
  const header = ["algorithm", "solutions", "nodes", "checks", "seconds", "vs fastest"];
  const cells = rows.map((r) =>
    "skipped" in r
      ? [r.name, `skipped: ${r.reason}`]
      : [
          r.name,
          count(r.solutions),
          count(r.nodes),
          count(r.checks),
          r.seconds.toFixed(6),
          `x${r.ratio < 10 ? r.ratio.toFixed(2) : r.ratio.toFixed(1)}`,
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
  lines.push(format(header), ...cells.map(format), "", "What each algorithm counts:");
  const pad = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    const info = algorithmInfo(r.name);
    lines.push(`  ${r.name.padEnd(pad)}  node: ${info.nodes}`);
    lines.push(`  ${"".padEnd(pad)}  check: ${info.checks}`);
  }
  return lines;
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}

/** A duration in words: 850 ms, 42 s, 3.5 min, 2.1 h, 12 days, 3.0e+12 years. */
export function duration(seconds: number): string {
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${(seconds / 60).toFixed(1)} min`;
  if (seconds < 172_800) return `${(seconds / 3600).toFixed(1)} h`;
  const days = seconds / 86_400;
  if (days < 730) return `${Math.round(days)} days`;
  const years = days / 365.25;
  return years < 1e6 ? `${Math.round(years)} years` : `${years.toExponential(1)} years`;
}
