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
import type { RunKey, Tagger } from "./secret.js";
import { checkWorkerName } from "./worker-name.js";

/** A parsed record. */
export interface VerificationRecord extends SubResult {
  readonly solver: string;
  readonly worker: string;
  readonly mac: string;
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
  /^count=(\d{1,16}) f180=(\d{1,16}) f90=(\d{1,16}) solver=(\S{1,100}) worker=(\S{1,300})( v=2| v=op)? mac=([0-9a-f]{32})$/;

/** The worker name a recount by the operator carries (with `v=op`: no worker key makes one). */
export const RECOUNT_WORKER = "operator";

/**
 * The record of a recount by the holder of the secret (the coordinator, `runs --verify`) of
 * sub-problem `id`: `v=op`, tagged with the run's key and nonce, so no worker key can make one. It
 * settles its sub-problem whatever the votes say, and the votes it contradicts are proved wrong.
 */
export function makeRecount(
  key: RunKey,
  version: string,
  id: number,
  solver: string,
  r: SubResult,
) {
  const tag = key.tag(...recountParts(key, version, id, solver, r));
  return `count=${r.count} f180=${r.fixed180} f90=${r.fixed90} solver=${solver} worker=${RECOUNT_WORKER} v=op mac=${tag}`;
}

function recountParts(key: RunKey, version: string, id: number, solver: string, r: SubResult) {
  if (key.nonce === undefined) throw new TypeError("a recount's tag needs the run's nonce");
  return ["recount", key.nonce, version, id, solver, r.count, r.fixed180, r.fixed90] as const;
}

/**
 * Reads a record's fields (without checking its tag), or undefined when it is not in the format;
 * `old` for the format before worker keys.
 */
function parseRecord(
  text: string,
): (VerificationRecord & { old: boolean; recount: boolean }) | undefined {
  const m = RECORD.exec(text);
  if (!m) return undefined;
  return {
    old: m[6] === undefined,
    recount: m[6] === " v=op",
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
): { ok: true; record: VerificationRecord; recount: boolean } | { ok: false; reason: string } {
  const found = parseRecord(text);
  if (!found) return { ok: false, reason: "is not a verification record" };
  const { old, recount, ...record } = found;
  if (recount) {
    const fine =
      record.worker === RECOUNT_WORKER &&
      key.nonce !== undefined &&
      key.verify(record.mac, ...recountParts(key, version, id, record.solver, record));
    return fine
      ? { ok: true, record, recount: true }
      : { ok: false, reason: "fails its MAC as a recount by the operator (forged or damaged)" };
  }
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
  return { ok: true, record, recount: false };
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
    !r.recount &&
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
  if (r === undefined || r.old || r.recount) return undefined;
  const parts = tagParts(version, id, r.solver, r.worker, r);
  for (const name of names) {
    if (name !== r.worker && key.worker(name).verify(r.mac, ...parts)) return name;
  }
  return undefined;
}
