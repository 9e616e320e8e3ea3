/**
 * `nqueens trace <n>`: the row-by-row search step by step (place, reject, remove, solution),
 * indented by depth, then the search tree's nodes per depth as a text bar chart.
 */

import { MAX_PROFILE_N, MAX_TRACED_N } from "../limits.js";
import { type TraceEvent, trace, traceLengthOf, treeProfile } from "../teach/index.js";
import { plural, thousands } from "../words.js";
import { parseInteger } from "./args.js";
import { stdout } from "./output.js";
import type { Register } from "./register.js";

/** Events shown when --limit is not given. */
const DEFAULT_LIMIT = 200;

interface TraceFlags {
  limit: string;
  rejects?: boolean;
  json?: boolean;
}

export const registerTrace: Register = (program, exit) => {
  program
    .command("trace")
    .description(
      "show the row-by-row backtracking search step by step, then its nodes per depth " +
        "(squares are (row,col) from 0)",
    )
    .argument("<n>", `board size, 1 to ${MAX_TRACED_N}`)
    .option(
      "-l, --limit <k>",
      "stop after k events; 0 shows only the tree profile, 'all' the whole search",
      String(DEFAULT_LIMIT),
    )
    .option("--rejects", "also show every attacked square tried, and which queen attacks it")
    .option("--json", "one JSON event per line, then one line with the tree profile")
    .addHelpText(
      "after",
      `
The tree profile (nodes per depth) is drawn for n up to ${MAX_PROFILE_N}.

Examples:
  $ nqueens trace 4                      the whole search for n = 4 and its tree
  $ nqueens trace 8 --rejects --limit 40
  $ nqueens trace 8 --limit 0            only the tree profile: 1 8 42 140 344 568 550 312 92
  $ nqueens trace 6 --json --limit all   every event as JSON, for replaying elsewhere`,
    )
    .action(async (nText: string, flags: TraceFlags) => {
      const n = parseInteger(nText, "n", 1, MAX_TRACED_N);
      const limit =
        flags.limit.trim() === "all"
          ? Number.POSITIVE_INFINITY
          : parseInteger(flags.limit, "--limit", 0, Number.MAX_SAFE_INTEGER);
      const rejects = flags.rejects ?? false;
      const out = stdout();
      const profile = n <= MAX_PROFILE_N ? treeProfile(n) : undefined;
      const events = profile ? traceLengthOf(profile, n, rejects) : undefined;
      // --limit 0 asks for the tree profile alone: no heading or note about events.
      const events0 = limit === 0;
      if (!flags.json && !events0) {
        const whole =
          limit === Number.POSITIVE_INFINITY || (events !== undefined && events <= limit);
        const shown = whole
          ? events === undefined
            ? "every event"
            : `all ${plural(events, "event")}`
          : `first ${plural(limit, "event")}`;
        const why =
          !whole && flags.limit === String(DEFAULT_LIMIT) ? " (default; --limit k for more)" : "";
        await out.line(
          `Backtracking on ${n}x${n}, row by row, squares as (row,col) from 0: ${shown}${why}`,
        );
      }
      let shown = 0;
      let more = false;
      for (const event of trace(n, { rejects })) {
        if (shown >= limit) {
          more = true;
          break;
        }
        shown++;
        await out.line(flags.json ? JSON.stringify(event) : describe(event));
      }
      if (flags.json) {
        await out.line(
          JSON.stringify({
            type: "profile",
            n,
            nodes: profile ?? null,
            total: profile ? sum(profile) : null,
            solutions: profile ? profile[n] : null,
            events: events ?? null,
            shown,
            truncated: more,
          }),
        );
      } else if (events0) {
        for (const line of profileLines(n, profile)) await out.line(line);
      } else {
        if (more) {
          const of = events === undefined ? "" : ` of ${thousands(events)}`;
          await out.line(
            `... stopped after ${shown} events${of} (--limit k for more, --limit all)`,
          );
        }
        await out.line("");
        for (const line of profileLines(n, profile)) await out.line(line);
      }
      exit(0);
    });
};

/** One event as a line, indented two spaces per depth. */
function describe(e: TraceEvent): string {
  const indent = "  ".repeat(e.depth);
  switch (e.type) {
    case "place":
      return `${indent}place (${e.row},${e.col})`;
    case "remove":
      return `${indent}remove (${e.row},${e.col})`;
    case "reject":
      return `${indent}reject (${e.row},${e.col}): ${e.reason} with (${e.by.row},${e.by.col})`;
    case "solution":
      return `${indent}solution #${e.index}: ${e.cols.join(" ")}`;
  }
}

const BAR_WIDTH = 40;

/** The tree profile as a heading and one bar per depth, or a note when n is too big. */
function profileLines(n: number, profile: readonly number[] | undefined): string[] {
  if (!profile) {
    return [`Search tree: not drawn for n > ${MAX_PROFILE_N} (n = 16 would take about 25 s)`];
  }
  const total = sum(profile);
  const most = Math.max(...profile);
  const width = String(most).length;
  const lines = [
    `Search tree, nodes per depth (n = ${n}): ${plural(total, "node")}, ${plural(profile[n]!, "solution")}`,
  ];
  profile.forEach((count, depth) => {
    const bar = count === 0 ? "" : "#".repeat(Math.max(1, Math.round((count / most) * BAR_WIDTH)));
    lines.push(`depth ${String(depth).padStart(2)}  ${String(count).padStart(width)}  ${bar}`);
  });
  return lines;
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
