/**
 * A queue worker as a bare process, for tests and development (the command is `nqueens worker`):
 *
 *   NQUEENS_SECRET=... node --import tsx src/dev/queue-worker.ts redis://127.0.0.1:6379 [threads] [lockSeconds] [name] [mode]
 *
 * With NQUEENS_WORKER_KEY set (and a name) it votes with that worker key instead of the secret.
 * Writes each worker event as one JSON line on stdout. SIGTERM stops it at once (its jobs are
 * retried elsewhere); SIGINT lets the jobs in progress finish first. The fifth argument plays a
 * dishonest worker, for tests: `lie` adds 1 to every count before tagging it; `lie-first` adds 1 to
 * the count of the first sub-problem it solves only (and tells the truth on the others, where it
 * joins quorums unless a dispute in the same job brings in more votes); `forge` votes truly under its
 * own name, and with its own key under other names too, `evil-a`, `evil-b` and each name after
 * `forge:` (`forge:wa,wb`), with 1 added to every count. For completion runs: `lie-yes` says "yes"
 * on every part with a made-up placement (eight queens in the first free column), `say-no` says
 * "no" on every part, `lie` says "yes" with no completion at all (a "no" plus 1).
 */
import type { SubResult } from "../engine/index.js";
import { SECRET_ENV, WORKER_KEY_ENV } from "../queue/secret.js";
import { startWorkerWith } from "../queue/worker.js";
import type { Tamper } from "../queue/worker-jobs.js";

const [url, threads = "1", lock = "30", name, mode = ""] = process.argv.slice(2);
if (!url) {
  process.stderr.write("usage: queue-worker.ts URL [threads] [lockSeconds] [name] [mode]\n");
  process.exit(2);
}
let solved = 0;
const plusOne = (r: SubResult) => ({ ...r, count: r.count + 1 });
const tampers: Record<string, Tamper> = {
  lie: (_id, r) => [{ result: plusOne(r) }],
  "lie-first": (_id, r) => [{ result: solved++ === 0 ? plusOne(r) : r }],
  // A completion run's part: "yes" with a made-up board (the first free column for every queen).
  "lie-yes": () => [
    {
      result: { count: 1, fixed180: 0, fixed90: 0 },
      solver: `cpu/completion-1/yes/${"0".repeat(8)}`,
    },
  ],
  // A completion run's part: "no", whatever the part holds.
  "say-no": () => [{ result: { count: 0, fixed180: 0, fixed90: 0 }, solver: "cpu/completion-1" }],
  forge: (_id, r) => [
    { result: r },
    ...["evil-a", "evil-b", ...(mode.split(":")[1]?.split(",") ?? [])].map((as) => ({
      as,
      result: plusOne(r),
    })),
  ],
};
const key = process.env[WORKER_KEY_ENV];
try {
  const worker = await startWorkerWith(
    url,
    {
      ...(key ? { workerKey: key } : { secret: process.env[SECRET_ENV] ?? "" }),
      threads: Number(threads),
      lockSeconds: Number(lock),
      name,
      onEvent: (e) => process.stdout.write(`${JSON.stringify(e)}\n`),
    },
    tampers[mode.split(":")[0]],
  );
  process.once("SIGINT", () => void worker.close());
  process.once("SIGTERM", () => void worker.close(true));
} catch (e) {
  process.stderr.write(`worker: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
}
