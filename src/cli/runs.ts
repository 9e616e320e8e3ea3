/**
 * `nqueens runs --queue URL`: the runs on a queue server with their progress and verdict (the
 * same verdict `count --queue` reaches: every record's tag checked with the run's secret);
 * `--verify RUN` recounts on this machine every settled sub-problem resting on fewer independent
 * votes than the run's quorum, and a random sample of the others; `--clear-flag RUN` clears the
 * flag of a run found inconsistent; `--drop-forged RUN` removes the records that fail their tag;
 * `--forget RUN` deletes a run and its queued jobs. Exit 1 when a listed run cannot give its
 * total (forged records, workers that disagree with no majority, a stored total the records do
 * not add up to, a flag, a description that fails its tag) or a recount disagrees.
 */

import { loadQueue } from "../backend-run.js";
import { NQueensError, quote } from "../errors.js";
import type {
  ForgedRecord,
  QueueJobCounts,
  QueueUrl,
  RunInfo,
  VerifyReport,
} from "../queue/index.js";
import { parseSample, resolveQueueUrl, resolveSecret } from "../queue/settings.js";
import { plural } from "../words.js";
import { say, sayJson } from "./output.js";
import type { Register } from "./register.js";

interface RunsFlags {
  queue?: string;
  secret?: string;
  verify?: string;
  forget?: string;
  dropForged?: string;
  clearFlag?: string;
  sample?: string;
  json?: boolean;
}

/** Details listed per kind and run before "and K more". */
const DETAILS = 20;

function stateOf(r: RunInfo): string {
  switch (r.state) {
    case "settled": {
      const over =
        r.overruled.length > 0 ? ` (${plural(r.overruled.length, "vote")} overruled)` : "";
      return `total ${r.total} unique ${r.unique}${over}`;
    }
    case "running":
      return r.done >= (r.subProblems ?? 0) ? "settled, not yet added up" : "in progress";
    case "forged":
      return `FORGED: ${plural(r.forged.length, "record")} ${r.forged.length === 1 ? "fails its" : "fail their"} MAC; no total`;
    case "disputed":
      return `CONFLICTS on ${plural(r.disputes.length, "sub-problem")} (no majority); no total`;
    case "mismatch":
      return `MISMATCH: the stored total ${r.meta?.total} is not what the records add up to; no total`;
    case "inconsistent":
      return "INCONSISTENT: every sub-problem is settled, but the counts give no whole unique count (a wrong vote was settled: --verify finds it); no total";
    case "flagged":
      return `FLAGGED: ${r.flagged}; no total until checked and cleared (runs --clear-flag ${r.run})`;
    case "foreign":
      return "NOT THIS SECRET'S: its description fails its MAC (another secret, or changed)";
    case "damaged":
      return "DAMAGED: its description cannot be read (changed, or made before keyed records: forget it)";
    case "evicted":
      return `EVICTED: its description is gone from the server${r.jobsLeft ? ` while ${plural(r.jobsLeft, "job")} of it ${r.jobsLeft === 1 ? "is" : "are"} still queued` : ""} (a maxmemory-policy that evicts keys, or deleted by hand): forget it (runs --forget ${r.run}) and count again`;
  }
}

/** Whether a run's state is one that `runs` reports with exit status 1. */
const bad = (r: RunInfo) => !["settled", "running"].includes(r.state);

function queueLine(jobs: QueueJobCounts): string {
  const stalled =
    jobs.stalled > 0
      ? `, ${jobs.stalled} stalled (marked active, but no worker holds ${jobs.stalled === 1 ? "it" : "them"}; a worker's stalled-job check puts ${jobs.stalled === 1 ? "it" : "them"} back)`
      : "";
  return `queue: ${jobs.waiting} waiting, ${jobs.active} active, ${jobs.delayed} delayed, ${jobs.failed} failed${stalled}`;
}

/** The lines below the table that say what is wrong or was overruled in a run. */
function details(r: RunInfo): string[] {
  const out: string[] = [];
  const some = <T>(list: readonly T[], line: (x: T) => string) => {
    for (const x of list.slice(0, DETAILS)) out.push(`${r.run}: ${line(x)}`);
    if (list.length > DETAILS)
      out.push(`${r.run}: and ${list.length - DETAILS} more (--json lists all)`);
  };
  some(r.forged, (f) => `sub-problem ${f.id}: a record ${f.reason}: ${quote(f.record, 60)}`);
  some(
    r.disputes,
    (d) =>
      `sub-problem ${d.id}: workers disagree: ${d.votes.map((v) => `${v.worker} count=${v.result.count}`).join(", ")}${d.exhausted ? " (no majority; left for a person)" : " (one more worker is asked)"}`,
  );
  some(
    r.overruled,
    (o) =>
      `sub-problem ${o.id}: worker ${o.worker} reported count=${o.result.count} f180=${o.result.fixed180} f90=${o.result.fixed90}: ${o.reason}`,
  );
  return out;
}

export const registerRuns: Register = (program, exit) => {
  program
    .command("runs")
    .description(
      "list the counting runs on a queue server with their verdict, re-verify one by recounting, or forget one",
    )
    .option(
      "--queue <url>",
      "the queue: redis://HOST[:PORT][/DB] (default: $NQUEENS_QUEUE; a password in a flag shows in ps)",
    )
    .option(
      "--secret <secret>",
      "the runs' secret (default: $NQUEENS_SECRET, which ps does not show)",
    )
    .option(
      "--verify <run>",
      "check every record's MAC, then recount here every settled sub-problem resting on fewer independent votes than the run's --replicas, and a random sample of the others",
    )
    .option(
      "--sample <k>",
      "with --verify: how many of the others to recount: a number, a share such as 5%, or all (default: enough to miss 1% of them wrong with a chance below 1%; all up to 100)",
    )
    .option(
      "--clear-flag <run>",
      "clear the flag of a run found inconsistent, once you have checked it (count refuses a flagged run)",
    )
    .option(
      "--drop-forged <run>",
      "remove this run's records that fail their MAC (they are solved again)",
    )
    .option(
      "--forget <run>",
      "delete this run: its records, progress and queued jobs (no secret needed)",
    )
    .option("--json", "print JSON: one run per line, or the report")
    .addHelpText(
      "after",
      `
Examples:
  $ export NQUEENS_SECRET=...              (the secret the runs were started with)
  $ nqueens runs --queue redis://10.0.0.5:6379
  $ nqueens runs --queue redis://10.0.0.5:6379 --verify q20-1a2b3c4d --sample 2%
  $ nqueens runs --queue redis://10.0.0.5:6379 --drop-forged q20-1a2b3c4d
  $ nqueens runs --queue redis://10.0.0.5:6379 --clear-flag q20-1a2b3c4d
  $ nqueens runs --queue redis://10.0.0.5:6379 --forget q20-1a2b3c4d

--verify recounts first every settled sub-problem whose agreeing votes, not counting
those of a worker overruled anywhere in the run (one caught lying is no witness),
are fewer than the run's --replicas: that is where a wrong count can hide. Then a
random sample of the others, by default the fewest that miss every wrong one, were 1%
of them wrong, with a chance below 1% (all of them up to 100, 434 of 4,096, never
more than 461); the report states that chance, and the chance of missing a single
wrong one; --sample all recounts everything. A recount that disagrees flags the run:
count refuses it (exit 1) until --clear-flag.`,
    )
    .action(async (flags: RunsFlags) => {
      const url = resolveQueueUrl(flags.queue);
      const chosen = [flags.forget, flags.verify, flags.dropForged, flags.clearFlag].filter(
        (f) => f !== undefined,
      );
      if (chosen.length > 1) {
        throw new NQueensError(
          flags.clearFlag === undefined
            ? "--forget, --verify and --drop-forged: one at a time"
            : "--forget, --verify, --drop-forged and --clear-flag: one at a time",
          "conflicting-options",
        );
      }
      if (flags.sample !== undefined && flags.verify === undefined) {
        throw new NQueensError("--sample goes with --verify RUN", "missing-option");
      }
      if (flags.forget !== undefined) {
        const { forgetRun } = await loadQueue(); // BullMQ: here only
        const r = await forgetRun(url, flags.forget);
        if (flags.json) await sayJson(r);
        else
          await say(
            `forgot run ${r.run}: the records of ${plural(r.results, "sub-problem")} and ${plural(r.jobs, "queued job")} deleted`,
          );
        exit(0);
        return;
      }
      const { clearFlag, dropForged, listRuns, verifyRun } = await loadQueue(); // the package before the secret
      const secret = resolveSecret(flags.secret);
      if (flags.clearFlag !== undefined) {
        const r = await clearFlag(url, flags.clearFlag, { secret });
        if (flags.json) await sayJson(r);
        else
          await say(
            r.flagged === undefined
              ? `run ${r.run} was not flagged`
              : `run ${r.run}: flag cleared (it was: ${r.flagged})`,
          );
        exit(0);
        return;
      }
      if (flags.dropForged !== undefined) {
        const r = await dropForged(url, flags.dropForged, { secret });
        if (flags.json) await sayJson(r);
        else await sayDropped(r);
        exit(0);
        return;
      }
      if (flags.verify !== undefined) {
        const sample =
          flags.sample === undefined ? undefined : parseSample(flags.sample, "--sample");
        const report = await verifyRun(url, flags.verify, { secret, sample });
        if (flags.json) await sayJson(report);
        else await sayVerified(report);
        exit(report.ok ? 0 : 1);
        return;
      }
      const { runs, jobs } = await listRuns(url, { secret });
      if (flags.json) {
        for (const r of runs) await sayJson(r);
      } else await sayRuns(runs, jobs, url);
      exit(runs.some(bad) ? 1 : 0);
    });
};

/** What `--drop-forged` did, in words. */
async function sayDropped(r: { run: string; dropped: readonly ForgedRecord[] }): Promise<void> {
  for (const f of r.dropped) {
    await say(
      `dropped from sub-problem ${f.id}, a record that ${f.reason}: ${quote(f.record, 80)}`,
    );
  }
  await say(
    `run ${r.run}: ${plural(r.dropped.length, "record")} that ${r.dropped.length === 1 ? "fails its" : "fail their"} MAC removed${r.dropped.length > 0 ? "; run the count again to have their sub-problems solved" : ""}`,
  );
}

/** The report of `--verify`, in words: forged records, each recount, and the tally. */
async function sayVerified(report: VerifyReport): Promise<void> {
  for (const f of report.forged) {
    await say(`sub-problem ${f.id}: a record ${f.reason}: ${quote(f.record, 60)}`);
  }
  for (const c of report.checked) {
    await say(
      `sub-problem ${c.id}: settled ${c.stored.count}, recounted ${c.recount.count}: ${c.ok ? "ok" : "MISMATCH"}`,
    );
  }
  const wrong = report.checked.filter((c) => !c.ok).length;
  if (report.weak > 0) {
    const who = report.untrusted.length > 0 ? ` (overruled: ${report.untrusted.join(", ")})` : "";
    await say(
      `run ${report.run}: ${plural(report.weak, "sub-problem")} settled by fewer than ${report.replicas} independent ${report.replicas === 1 ? "vote" : "votes"} recounted, all of them; votes of workers overruled elsewhere do not count as independent${who}`,
    );
  }
  await say(
    report.checked.length === 0
      ? `run ${report.run} has no settled sub-problems to verify`
      : `run ${report.run}: ${report.checked.length - wrong} of ${plural(report.checked.length, "sampled sub-problem")} agree (${report.settled} of ${report.subProblems} settled)`,
  );
  if (report.sampledFrom > 0) {
    await say(
      `run ${report.run}: the sample took ${report.sampled} of the ${plural(report.sampledFrom, "other settled sub-problem")}: had ${report.wrongShare} of them (1%) been wrong, it would have missed them all with chance ${percent(report.missShare)}; had one been wrong, with chance ${percent(report.missOne)}`,
    );
  }
  if (report.forged.length > 0) {
    await say(
      `run ${report.run}: ${plural(report.forged.length, "stored record")} ${report.forged.length === 1 ? "fails its" : "fail their"} MAC (every record was checked)`,
    );
  }
  if (report.flagged !== undefined) {
    await say(
      `run ${report.run} is FLAGGED: ${report.flagged}; count refuses it until runs --clear-flag ${report.run}`,
    );
  }
}

/**
 * A chance as a percentage: 0% only when it is none, three decimals rounded down below 1% (so
 * that a chance below 1% never reads 1%), else one.
 */
function percent(p: number): string {
  const x = 100 * p;
  if (x === 0) return "0%";
  return x < 1 ? `${Math.max(0.001, Math.floor(x * 1000) / 1000).toFixed(3)}%` : `${x.toFixed(1)}%`;
}

/** The table of runs, the queue's line and each run's details (or that there are none). */
async function sayRuns(
  runs: readonly RunInfo[],
  jobs: QueueJobCounts,
  url: QueueUrl,
): Promise<void> {
  if (runs.length === 0) {
    await say(`no runs on ${url.display}`);
    await say(queueLine(jobs));
  } else {
    const width = Math.max(4, ...runs.map((r) => r.run.length));
    await say(`${"run".padEnd(width)}   n  done             retries  state`);
    for (const r of runs) {
      const all = r.subProblems ?? 0;
      const pct = all === 0 ? 100 : (100 * r.done) / all;
      const done = r.subProblems === undefined ? "?" : `${r.done}/${all} ${pct.toFixed(1)}%`;
      await say(
        `${r.run.padEnd(width)}  ${String(r.n ?? "?").padStart(2)}  ${done.padEnd(15)}  ${String(r.retries).padStart(7)}  ${stateOf(r)}`,
      );
    }
    await say(queueLine(jobs));
    for (const r of runs) for (const line of details(r)) await say(line);
  }
}
