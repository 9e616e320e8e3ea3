/**
 * A coordinator as a bare process, for tests and development (the command is
 * `nqueens count N --queue URL`):
 *
 *   NQUEENS_SECRET=... node --import tsx src/dev/queue-coordinator.ts N redis://127.0.0.1:6379 [batch] [run] [replicas]
 *
 * Prints `progress DONE/ALL SOLUTIONS` lines and notices on stderr, then `total T unique U` on
 * stdout; exit 2 with one line on an error. SIGINT or SIGTERM stop it (the run goes on).
 */
import { runCoordinator } from "../queue/coordinator.js";
import { SECRET_ENV } from "../queue/secret.js";

const [nText, url, batch, run, replicas] = process.argv.slice(2);
const stop = new AbortController();
process.once("SIGINT", () => stop.abort());
process.once("SIGTERM", () => stop.abort());
try {
  const r = await runCoordinator(Number(nText), url ?? "", {
    secret: process.env[SECRET_ENV] ?? "",
    batch: batch ? Number(batch) : undefined,
    run: run || undefined,
    replicas: replicas ? Number(replicas) : undefined,
    signal: stop.signal,
    pollSeconds: 0.2,
    onMessage: (m) => process.stderr.write(`${m}\n`),
    onProgress: (p) => process.stderr.write(`progress ${p.done}/${p.total} ${p.solutions}\n`),
  });
  process.stdout.write(`total ${r.total} unique ${r.unique} run ${r.run} attached ${r.attached}\n`);
} catch (e) {
  process.stderr.write(`coordinator: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = stop.signal.aborted ? 130 : 2;
}
