/**
 * A queue worker as a bare process, for tests and development (the command is `nqueens worker`):
 *
 *   NQUEENS_SECRET=... node --import tsx src/dev/queue-worker.ts redis://127.0.0.1:6379 [threads] [lockSeconds] [name] [lie]
 *
 * Writes each worker event as one JSON line on stdout. SIGTERM stops it at once (its jobs are
 * retried elsewhere); SIGINT lets the jobs in progress finish first. With `lie` as the fifth
 * argument it is a lying worker, for tests: it adds 1 to every count before tagging it.
 */
import { SECRET_ENV } from "../queue/secret.js";
import { startWorkerWith } from "../queue/worker.js";

const [url, threads = "1", lock = "30", name, lie] = process.argv.slice(2);
if (!url) {
  process.stderr.write("usage: queue-worker.ts URL [threads] [lockSeconds] [name] [lie]\n");
  process.exit(2);
}
try {
  const worker = await startWorkerWith(
    url,
    {
      secret: process.env[SECRET_ENV] ?? "",
      threads: Number(threads),
      lockSeconds: Number(lock),
      name,
      onEvent: (e) => process.stdout.write(`${JSON.stringify(e)}\n`),
    },
    lie === "lie" ? (_id, r) => ({ ...r, count: r.count + 1 }) : undefined,
  );
  process.once("SIGINT", () => void worker.close());
  process.once("SIGTERM", () => void worker.close(true));
} catch (e) {
  process.stderr.write(`worker: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
}
