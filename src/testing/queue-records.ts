/**
 * Test support for the queue's records without Redis: a known count by n, a fixed run nonce, and
 * every sub-problem of n solved here as one worker's tagged records.
 */
import { split, splitVersion } from "../engine/constellations/split.js";
import { solveSubProblem } from "../engine/kernel.js";
import { makeRecord } from "../queue/record.js";
import { runKey } from "../queue/secret.js";
import { runName } from "../queue/store.js";
import { KNOWN, type KnownCount } from "./known-counts.js";
import { TEST_SECRET } from "./redis.js";

/** A run nonce for records made without Redis (a run on Redis has its own). */
export const NONCE = "0123456789abcdef0123456789abcdef";

/** The published count of n (the test fails when there is none). */
export function knownCount(n: number): KnownCount {
  const k = KNOWN.find((c) => c.n === n);
  if (!k) throw new Error(`no known count for ${n}`);
  return k;
}

/**
 * Solves every sub-problem of n here and returns the records of worker `worker`, id -> record,
 * tagged with `key` (by default the key of n's default run name with the nonce NONCE).
 */
export function solveAll(
  n: number,
  worker = "test",
  key = runKey(TEST_SECRET, runName(n), NONCE),
): Record<string, string> {
  const version = splitVersion(n);
  const out: Record<string, string> = {};
  for (const sp of split(n))
    out[sp.id] = makeRecord(key, version, sp.id, "cpu/test", worker, solveSubProblem(n, sp));
  return out;
}
