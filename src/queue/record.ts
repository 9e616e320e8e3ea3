/**
 * The record a worker stores for each sub-problem it solved: its vote on that sub-problem.
 *
 * One line of `key=value` fields, readable in `redis-cli`:
 *
 *   count=1234 f180=0 f90=0 solver=cpu/constellations-1 worker=host-a:4711 v=2 mac=8c1f03aa...
 *
 * - `count`, `f180`, `f90`: the sub-problem's result (see `SubResult` in
 *   engine/constellations/split.ts);
 * - `solver`: which backend and kernel produced it; `worker`: who (the worker's `--name`);
 * - `v=2`: the format, records tagged with their worker's key;
 * - `mac`: the 128-bit HMAC-SHA256 tag, under the record key of the worker the record names for
 *   this run (secret.ts: derived from that name's worker key and the run's name), of the split
 *   version (which names n), the sub-problem id, the solver, the worker and the three counts. A
 *   record copied to another id, run or split, moved to another worker's name, edited by hand, or
 *   made up by someone who holds neither the secret nor that name's worker key fails it.
 *
 * The format before worker keys (0.1: no `v=2`, tagged with the run's key, which every worker
 * held) is refused: any worker could write it under any name. Its reason says so when its tag is
 * the run's, so a run made by 0.1 workers is told apart from a forged one.
 *
 * Two records *agree* when their three counts are equal (the solver may differ: a GPU and a CPU
 * count of the same sub-problem confirm each other). The prefix `count=.. f180=.. f90=..` and the
 * `worker=` field are what the store script in store.ts reads, so the field order is part of the
 * format.
 */
import type { SubResult } from "../engine/index.js";
import { NQueensError, quote } from "../errors.js";
import { MAX_WORKER_NAME } from "../limits.js";
import type { RunKey, Tagger } from "./secret.js";

/** A parsed record. */
export interface VerificationRecord extends SubResult {
  readonly solver: string;
  readonly worker: string;
  readonly mac: string;
}

/**
 * Checks a worker's name: 1 to 64 characters, none of them a space, a tab, a line break or
 * another control or invisible formatting character (the name is a field of every record).
 * @throws NQueensError quoting the name (escaped, at most 40 characters)
 */
export function checkWorkerName(name: string, what = "name"): string {
  const chars = Array.from(name);
  if (chars.length < 1 || chars.length > MAX_WORKER_NAME || /[\s\p{C}]/u.test(name)) {
    throw new NQueensError(
      `${what} must be 1 to ${MAX_WORKER_NAME} characters without spaces or control characters: got ${quote(name)}`,
      "invalid-value",
      { option: what },
    );
  }
  return name;
}

/** What a record's tag covers (the run is in the key). */
function tagParts(version: string, id: number, solver: string, worker: string, r: SubResult) {
  return ["record", version, id, solver, worker, r.count, r.fixed180, r.fixed90] as const;
}

/**
 * Writes the record of sub-problem `id` of the split named `version`, solved by `worker`, tagged
 * with `key`: the worker's own record key for the run, or the run's key (which derives the record
 * key of any name from the secret).
 * @example makeRecord(runKey(secret, run), "constellations-1/8/..", 3, "cpu/x", "w1", { count: 2, fixed180: 0, fixed90: 0 })
 */
export function makeRecord(
  key: RunKey | Tagger,
  version: string,
  id: number,
  solver: string,
  worker: string,
  r: SubResult,
): string {
  if (/\s/.test(solver) || solver === "") throw new TypeError(`bad solver name: '${solver}'`);
  checkWorkerName(worker, "worker name");
  const own = "worker" in key ? key.worker(worker) : key;
  return [
    `count=${r.count}`,
    `f180=${r.fixed180}`,
    `f90=${r.fixed90}`,
    `solver=${solver}`,
    `worker=${worker}`,
    "v=2",
    `mac=${own.tag(...tagParts(version, id, solver, worker, r))}`,
  ].join(" ");
}

const RECORD =
  /^count=(\d{1,16}) f180=(\d{1,16}) f90=(\d{1,16}) solver=(\S{1,100}) worker=(\S{1,300})( v=2)? mac=([0-9a-f]{32})$/;

/**
 * Reads a record's fields (without checking its tag), or undefined when it is not in the format;
 * `old` for the format before worker keys.
 */
function parseRecord(text: string): (VerificationRecord & { old: boolean }) | undefined {
  const m = RECORD.exec(text);
  if (!m) return undefined;
  return {
    old: m[6] === undefined,
    count: Number(m[1]),
    fixed180: Number(m[2]),
    fixed90: Number(m[3]),
    solver: m[4],
    worker: m[5],
    mac: m[7],
  };
}

/**
 * Checks a stored record against the sub-problem it is stored for, under the key of the worker it
 * names (derived from the run's key): the format, then the tag. Returns the record, or why it
 * cannot be trusted.
 */
export function checkRecord(
  key: RunKey,
  version: string,
  id: number,
  text: string,
): { ok: true; record: VerificationRecord } | { ok: false; reason: string } {
  const found = parseRecord(text);
  if (!found) return { ok: false, reason: "is not a verification record" };
  const { old, ...record } = found;
  if (!Number.isSafeInteger(record.count))
    return { ok: false, reason: "has a count that is not exact" };
  const parts = tagParts(version, id, record.solver, record.worker, record);
  if (old) {
    return {
      ok: false,
      reason: key.verify(record.mac, ...parts)
        ? "is in the format before worker keys (tagged with the run's key, which every worker held, so any of them could write it under any name): refused; forget the run and count it again"
        : "fails its MAC (forged, damaged, or written with another secret)",
    };
  }
  if (!key.worker(record.worker).verify(record.mac, ...parts)) {
    return {
      ok: false,
      reason:
        "fails its MAC under its worker's key (forged, written by another worker under this name, damaged, or with another secret)",
    };
  }
  return { ok: true, record };
}

/**
 * Whether `text` is a record of worker `name` tagged with `own`, its record key for the run: how a
 * worker that holds only its worker key finds its own votes (it cannot check the others').
 */
export function isOwnRecord(
  own: Tagger,
  name: string,
  version: string,
  id: number,
  text: string,
): boolean {
  const r = parseRecord(text);
  return (
    r !== undefined &&
    !r.old &&
    r.worker === name &&
    own.verify(r.mac, ...tagParts(version, id, r.solver, r.worker, r))
  );
}

/** Whether two results are the same count (the solver that made them may differ). */
export function agree(a: SubResult, b: SubResult): boolean {
  return a.count === b.count && a.fixed180 === b.fixed180 && a.fixed90 === b.fixed90;
}

/**
 * Which of the workers `names` wrote `text`, a record that fails the key of the name it carries:
 * the one whose key its tag checks out under (a worker voting under another's name), if any.
 */
export function writtenBy(
  key: RunKey,
  version: string,
  id: number,
  text: string,
  names: Iterable<string>,
): string | undefined {
  const r = parseRecord(text);
  if (r === undefined || r.old) return undefined;
  const parts = tagParts(version, id, r.solver, r.worker, r);
  for (const name of names) {
    if (name !== r.worker && key.worker(name).verify(r.mac, ...parts)) return name;
  }
  return undefined;
}
