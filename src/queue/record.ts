/**
 * The verification record stored for each solved sub-problem.
 *
 * One line of `key=value` fields, readable in `redis-cli`:
 *
 *   count=1234 f180=0 f90=0 m65521=1234 m65537=1234 solver=cpu/constellations-1 check=8c1f03aa
 *
 * - `count`, `f180`, `f90`: the sub-problem's result (see `SubResult` in engine/split.ts);
 * - `m65521`, `m65537`: the count modulo two small primes, written by the solver, so that a
 *   damaged or hand-edited count no longer matches its residues;
 * - `solver`: which backend and kernel produced it;
 * - `check`: 32-bit FNV-1a over the split version (which names n), the sub-problem id, the solver
 *   and the three counts, so that a record copied to the wrong id or the wrong run is caught.
 *
 * Two records *agree* when their three counts are equal (the solver may differ: a GPU and a CPU
 * count of the same sub-problem confirm each other). The comparison prefix `count=.. f180=.. f90=..`
 * is what the store script in store.ts compares, so the field order is part of the format.
 */
import type { SubResult } from "../engine/split.js";

/** The two primes the count is reduced by. */
export const PRIMES = [65521, 65537] as const;

/** A parsed record. */
export interface VerificationRecord extends SubResult {
  readonly mod65521: number;
  readonly mod65537: number;
  readonly solver: string;
  readonly check: string;
}

function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i) & 255;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

function checksum(version: string, id: number, solver: string, r: SubResult): string {
  return fnv1a(`${version}#${id}#${solver}#${r.count}#${r.fixed180}#${r.fixed90}`);
}

/**
 * Writes the record of sub-problem `id` of the split named `version`.
 * @example makeRecord("constellations-1/8/..", 3, "cpu/x", { count: 2, fixed180: 0, fixed90: 0 })
 */
export function makeRecord(version: string, id: number, solver: string, r: SubResult): string {
  if (/\s/.test(solver) || solver === "") throw new TypeError(`bad solver name: '${solver}'`);
  return [
    `count=${r.count}`,
    `f180=${r.fixed180}`,
    `f90=${r.fixed90}`,
    `m65521=${r.count % PRIMES[0]}`,
    `m65537=${r.count % PRIMES[1]}`,
    `solver=${solver}`,
    `check=${checksum(version, id, solver, r)}`,
  ].join(" ");
}

const RECORD =
  /^count=(\d{1,16}) f180=(\d{1,16}) f90=(\d{1,16}) m65521=(\d{1,5}) m65537=(\d{1,5}) solver=(\S+) check=([0-9a-f]{8})$/;

/** Reads a record's fields, or undefined when it is not in the format at all. */
export function parseRecord(text: string): VerificationRecord | undefined {
  const m = RECORD.exec(text);
  if (!m) return undefined;
  return {
    count: Number(m[1]),
    fixed180: Number(m[2]),
    fixed90: Number(m[3]),
    mod65521: Number(m[4]),
    mod65537: Number(m[5]),
    solver: m[6],
    check: m[7],
  };
}

/**
 * Checks a stored record against the sub-problem it is stored for: the format, the residues,
 * and the checksum. Returns the result, or a reason it cannot be trusted.
 */
export function checkRecord(
  version: string,
  id: number,
  text: string,
): { ok: true; record: VerificationRecord } | { ok: false; reason: string } {
  const record = parseRecord(text);
  if (!record) return { ok: false, reason: `not a verification record: '${text.slice(0, 80)}'` };
  if (!Number.isSafeInteger(record.count)) return { ok: false, reason: "count is not exact" };
  if (
    record.count % PRIMES[0] !== record.mod65521 ||
    record.count % PRIMES[1] !== record.mod65537
  ) {
    return { ok: false, reason: `count ${record.count} does not match its residues` };
  }
  if (checksum(version, id, record.solver, record) !== record.check) {
    return { ok: false, reason: "checksum does not match (another id, run or solver?)" };
  }
  return { ok: true, record };
}

/** Whether two results are the same count (the solver that made them may differ). */
export function agree(a: SubResult, b: SubResult): boolean {
  return a.count === b.count && a.fixed180 === b.fixed180 && a.fixed90 === b.fixed90;
}
