/**
 * The optional peer packages: the queue's Redis client (bullmq, ioredis) and the GPU runtime
 * (webgpu) are not installed with nqueens. A command that needs one and does not find it says
 * which to install, in one line (exit 2), before loading anything.
 */
import { NQueensError } from "../errors.js";

/** Whether a package can be imported from here. */
export function installed(name: string): boolean {
  try {
    import.meta.resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** The install command for the packages of `names` that are missing, or undefined. */
export function missing(names: readonly string[]): string | undefined {
  const absent = names.filter((n) => !installed(n));
  return absent.length === 0 ? undefined : `npm install ${absent.join(" ")}`;
}

/** The queue module (BullMQ over Redis); its packages must be installed. */
export async function loadQueue(): Promise<typeof import("../queue/index.js")> {
  const install = missing(["bullmq", "ioredis"]);
  if (install) {
    throw new NQueensError(
      `counting over a queue needs the optional packages bullmq and ioredis: ${install}`,
    );
  }
  return import("../queue/index.js");
}
