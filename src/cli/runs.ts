/**
 * `nqueens runs --queue URL`: the runs on a queue server with their progress and conflicts;
 * `--verify RUN` recounts a random sample of a run's stored results on this machine;
 * `--forget RUN` deletes a run and its queued jobs.
 * Exit 1 when a listed run has conflicting results or a recount disagrees.
 */

import { NQueensError } from "../errors.js";
import type { RunInfo } from "../queue/index.js";
import { resolveQueueUrl } from "../queue/url.js";
import { plural } from "../words.js";
import { parseInteger } from "./args.js";
import type { Register } from "./commands.js";
import { loadQueue } from "./optional.js";
import { say, sayJson } from "./output.js";

interface RunsFlags {
  queue?: string;
  verify?: string;
  forget?: string;
  sample?: string;
  json?: boolean;
}

function stateOf(r: RunInfo): string {
  if (r.conflicts.length > 0)
    return `CONFLICTS on ${plural(new Set(r.conflicts.map((c) => c.id)).size, "sub-problem")}`;
  if (r.total !== undefined) return `total ${r.total} unique ${r.unique}`;
  if (r.done >= r.subProblems) return "all results in (run the count again to add them up)";
  return "in progress";
}

export const registerRuns: Register = (program, exit) => {
  program
    .command("runs")
    .description(
      "list the counting runs on a queue server, re-verify one by sampling, or forget one",
    )
    .option("-q, --queue <url>", "the queue: redis://HOST[:PORT][/DB] (default: $NQUEENS_QUEUE)")
    .option("--verify <run>", "recount a random sample of this run's results here and compare")
    .option("--sample <k>", "with --verify: how many sub-problems to recount", "10")
    .option("--forget <run>", "delete this run: its results, progress and queued jobs")
    .option("--json", "print JSON: one run per line, or the verification report")
    .addHelpText(
      "after",
      `
Examples:
  $ nqueens runs --queue redis://10.0.0.5:6379
  $ nqueens runs --queue redis://10.0.0.5:6379 --verify q20-1a2b3c4d --sample 50
  $ nqueens runs --queue redis://10.0.0.5:6379 --forget q20-1a2b3c4d`,
    )
    .action(async (flags: RunsFlags) => {
      const url = resolveQueueUrl(flags.queue);
      const { forgetRun, listRuns, verifyRun } = await loadQueue(); // BullMQ: here only
      if (flags.forget !== undefined) {
        if (flags.verify !== undefined)
          throw new NQueensError("--forget and --verify: one at a time");
        const r = await forgetRun(url, flags.forget);
        if (flags.json) await sayJson(r);
        else
          await say(
            `forgot run ${r.run}: ${r.results} stored results and ${r.jobs} queued jobs deleted`,
          );
        exit(0);
        return;
      }
      if (flags.verify !== undefined) {
        const sample = parseInteger(flags.sample ?? "10", "--sample", 1, 1_000_000);
        const report = await verifyRun(url, flags.verify, { sample });
        if (flags.json) await sayJson(report);
        else {
          for (const c of report.checked) {
            const stored = c.stored ? String(c.stored.count) : "unreadable";
            await say(
              `sub-problem ${c.id}: stored ${stored}, recounted ${c.recount.count}: ${c.ok ? "ok" : `MISMATCH (${c.reason})`}`,
            );
          }
          const bad = report.checked.filter((c) => !c.ok).length;
          await say(
            report.checked.length === 0
              ? `run ${report.run} has no stored results to verify`
              : `run ${report.run}: ${report.checked.length - bad} of ${report.checked.length} sampled sub-problems agree (${report.stored} of ${report.subProblems} stored)`,
          );
        }
        exit(report.ok && report.checked.length > 0 ? 0 : 1);
        return;
      }
      const { runs, jobs } = await listRuns(url);
      if (flags.json) {
        for (const r of runs) await sayJson(r);
      } else if (runs.length === 0) {
        await say(`no runs on ${url.display}`);
      } else {
        const width = Math.max(4, ...runs.map((r) => r.name.length));
        await say(`${"run".padEnd(width)}   n  done             retries  state`);
        for (const r of runs) {
          const pct = r.subProblems === 0 ? 100 : (100 * r.done) / r.subProblems;
          const done = `${r.done}/${r.subProblems} ${pct.toFixed(1)}%`;
          await say(
            `${r.name.padEnd(width)}  ${String(r.n).padStart(2)}  ${done.padEnd(15)}  ${String(r.retries).padStart(7)}  ${stateOf(r)}`,
          );
        }
        await say(
          `queue: ${jobs.waiting} waiting, ${jobs.active} active, ${jobs.delayed} delayed, ${jobs.failed} failed`,
        );
        for (const r of runs) {
          for (const c of r.conflicts) {
            await say(
              `${r.name}: sub-problem ${c.id}: stored ${c.stored ?? "(nothing)"}; worker ${c.worker} reported ${c.record}`,
            );
          }
        }
      }
      exit(runs.some((r) => r.conflicts.length > 0) ? 1 : 0);
    });
};
