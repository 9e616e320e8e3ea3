/**
 * `nqueens worker --queue URL`: take counting jobs from a Redis queue until stopped.
 * Logs one line per event on stderr; stdout stays empty.
 */
import { availableParallelism } from "node:os";
import { loadQueue } from "../backend-run.js";
import type { Backend, WorkerEvent } from "../queue/index.js";
import {
  checkWorkerName,
  resolveQueueUrl,
  resolveWorkerCredential,
  SECRET_ENV,
  WORKER_KEY_ENV,
} from "../queue/settings.js";
import { plural } from "../words.js";
import { parseChoice, parseInteger } from "./args.js";
import type { Register } from "./register.js";

interface WorkerFlags {
  queue?: string;
  workers?: string;
  backend?: string;
  lock?: string;
  name?: string;
  secret?: string;
  workerKey?: string;
  quiet?: boolean;
}

const BACKENDS: readonly Backend[] = ["cpu", "gpu", "auto"];

/** One log line for a worker event, or undefined for none. */
function describeEvent(e: WorkerEvent, quiet: boolean): string | undefined {
  switch (e.type) {
    case "ready":
      return `worker ${e.name}: taking jobs from ${e.url}, ${e.threads} solver thread${e.threads === 1 ? "" : "s"}, on ${e.backend}`;
    case "start":
      if (quiet) return undefined;
      return `${e.jobId}: ${e.todo} of ${e.to - e.from} sub-problems to solve${e.attempt > 1 ? ` (attempt ${e.attempt})` : ""}`;
    case "done": {
      if (e.disagreeing > 0) {
        return `${e.jobId}: CONFLICT: ${plural(e.disagreeing, "result")} ${e.disagreeing === 1 ? "disagrees" : "disagree"} with another worker's (one more worker is asked; see nqueens runs)`;
      }
      if (quiet) return undefined;
      return `${e.jobId}: done, ${e.solved} solved in ${e.seconds.toFixed(1)} s`;
    }
    case "failed":
      return `${e.jobId === "-" ? "queue" : e.jobId}: ${e.message} (the job will be retried)`;
    case "dropped":
      return `${e.jobId}: run ${e.run} is no longer on the server (forgotten); job dropped`;
    case "deferred":
      return quiet && !e.reason.includes("secret") ? undefined : `${e.jobId}: ${e.reason}`;
    case "refused":
      return `${e.jobId}: REFUSED: ${e.reason}`;
    case "wait":
      return e.message;
  }
}

export const registerWorker: Register = (program, exit) => {
  program
    .command("worker")
    .description("take counting jobs from a Redis queue (see count --queue) until stopped")
    .option(
      "--queue <url>",
      "the queue: redis://HOST[:PORT][/DB] (default: $NQUEENS_QUEUE; a password in a flag shows in ps)",
    )
    .option("-w, --workers <k>", "CPU solver threads (default: all cores)")
    .option(
      "-b, --backend <name>",
      "cpu; gpu (first WebGPU adapter, one job at a time: it counts constellations, join jobs go to the CPU); auto (a hardware GPU if any) (default: cpu)",
    )
    .option("--lock <seconds>", "a dead worker's job is retried after about 1.5 times this", "30")
    .option(
      "--name <name>",
      "this worker's name in the run's records: up to 64 characters, no spaces (default: HOST:PID)",
    )
    .option(
      "--worker-key <key>",
      `this worker's key, from the operator's \`nqueens worker-key NAME\` for its --name (default: $${WORKER_KEY_ENV}, which ps does not show)`,
    )
    .option(
      "--secret <secret>",
      `instead of a worker key, on the operator's own machine: the runs' secret, the coordinator's (default: $${SECRET_ENV}, which ps does not show)`,
    )
    .option("-q, --quiet", "log only the start, conflicts, failures and connection trouble")
    .addHelpText(
      "after",
      `
Start any number of workers, on any machines that can reach the Redis server, then
run the count (or the other way round). The operator keeps the secret and gives each
worker a key bound to its name:
  $ export NQUEENS_SECRET=...                               (openssl rand -hex 16)
  $ nqueens worker-key host-a                               (prints host-a's key)
  $ NQUEENS_WORKER_KEY=... nqueens worker --name host-a --queue redis://10.0.0.5:6379
  $ nqueens count 20 --queue redis://10.0.0.5:6379          (on the operator's machine)
On the operator's own machine a worker can take the secret instead of a key.
Ctrl-C lets the jobs in progress finish; a second Ctrl-C stops at once (those jobs
go back to the queue). A worker that dies loses nothing: its job is retried.
A worker solves jobs of both methods, and the parts of complete --queue (each job
on one thread, kept for the next). For the join each thread builds its own
quadrant tables: about 45 MB per thread at n = 20, 401 MB at n = 22 (choose
--workers to fit the memory).`,
    )
    .action(async (flags: WorkerFlags) => {
      const url = resolveQueueUrl(flags.queue);
      const threads =
        flags.workers === undefined
          ? availableParallelism()
          : parseInteger(flags.workers, "--workers", 1, 1024);
      const backend = parseChoice(flags.backend ?? "cpu", "--backend", BACKENDS);
      const lock = parseInteger(flags.lock ?? "30", "--lock", 1, 3600);
      if (flags.name !== undefined) checkWorkerName(flags.name, "--name");
      const { startWorker } = await loadQueue(); // BullMQ: loaded only here, named before the secret
      const credential = resolveWorkerCredential(flags);
      const log = (line: string | undefined) => {
        if (line !== undefined) process.stderr.write(`${line}\n`);
      };
      const worker = await startWorker(url, {
        ...credential,
        threads,
        backend,
        lockSeconds: lock,
        name: flags.name,
        onEvent: (e) => log(describeEvent(e, flags.quiet === true)),
      }); // a GPU that cannot be opened: `--backend gpu: ...` (errors.ts words it)
      await new Promise<void>((resolve) => {
        let stops = 0;
        const stop = () => {
          stops++;
          if (stops === 1) {
            log("stopping: finishing the jobs in progress (Ctrl-C again to stop at once)");
            worker.close().then(() => resolve());
          } else {
            log("stopping at once: the jobs in progress go back to the queue");
            worker.close(true).then(() => resolve());
          }
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      const summary = await worker.close();
      log(
        `worker ${worker.name}: stopped after ${plural(summary.jobs, "job")}, ${plural(summary.solved, "sub-problem")}`,
      );
      exit(0);
    });
};
