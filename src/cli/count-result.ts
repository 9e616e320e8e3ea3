/**
 * A whole count printed as `nqueens count` prints it, for a count (count.ts) and for the parts of
 * one added up (count-parts.ts): one JSON object with --json, else the total, the unique count
 * with --unique, and the time with a note on how it was counted.
 */
import type { CountOnResult } from "../backend-run.js";
import { stdout } from "./output.js";

/**
 * Prints `r`, the count of n: `note` goes in brackets after the time; `extra` JSON fields come
 * after the others.
 */
export async function printCount(
  n: number,
  r: CountOnResult,
  flags: { json?: boolean; unique?: boolean },
  note: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const out = stdout();
  if (flags.json) {
    await out.line(
      JSON.stringify({
        n,
        total: r.total.toString(),
        unique: r.unique.toString(),
        seconds: Number(r.seconds.toFixed(3)),
        workers: r.workers,
        subProblems: r.subProblems,
        resumed: r.resumed,
        backend: r.backend,
        ...(r.method === undefined ? {} : { method: r.method }),
        ...(r.where === undefined ? {} : { [r.backend === "gpu" ? "adapter" : "run"]: r.where }),
        ...extra,
      }),
    );
    return;
  }
  await out.line(`total   ${r.total}`);
  if (flags.unique) await out.line(`unique  ${r.unique}`);
  await out.line(`time    ${r.seconds.toFixed(2)} s (${note})`);
}

/** Where a count ran, for the `time` line: the main thread, its threads, a GPU or a queue run. */
export function whereCounted(r: Pick<CountOnResult, "backend" | "workers" | "where">): string {
  const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? "" : "s"}`;
  if (r.backend === "gpu") return `GPU: ${r.where}`;
  if (r.backend === "queue") return `queue run ${r.where}, ${plural(r.workers, "worker")}`;
  return r.workers === 0 ? "on the main thread" : plural(r.workers, "worker");
}
