/**
 * `nqueens worker-key NAME`: the key of the queue worker named NAME, derived from the operator's
 * secret. The operator gives it to that worker (NQUEENS_WORKER_KEY) instead of the secret: the
 * worker's records then check out only under NAME, and the coordinator and `runs` check them with
 * the secret alone, without a list of keys.
 */
import { checkWorkerName, resolveSecret, SECRET_ENV, workerKey } from "../queue/settings.js";
import { say } from "./output.js";
import type { Register } from "./register.js";

export const registerWorkerKey: Register = (program, exit) => {
  program
    .command("worker-key")
    .description(
      "print the key of the queue worker named NAME, derived from the runs' secret: give it to that worker instead of the secret",
    )
    .argument("<name>", "the worker's --name: up to 64 characters, no spaces")
    .option(
      "--secret <secret>",
      `the runs' secret (default: $${SECRET_ENV}, which ps does not show)`,
    )
    .addHelpText(
      "after",
      `
The same secret and name always give the same key (64 hex digits). A worker that
holds it can vote only under its own name, so a quorum of distinct names is a
quorum of distinct key holders; the secret stays on the operator's machines.

Examples:
  $ export NQUEENS_SECRET=...                  (on the operator's machine)
  $ nqueens worker-key host-a > host-a.key     (copy it to host-a, privately)
  host-a$ export NQUEENS_WORKER_KEY=$(cat host-a.key)
  host-a$ nqueens worker --name host-a --queue redis://10.0.0.5:6379`,
    )
    .action(async (name: string, flags: { secret?: string }) => {
      checkWorkerName(name, "NAME");
      const secret = resolveSecret(flags.secret);
      await say(workerKey(secret, name));
      exit(0);
    });
};
