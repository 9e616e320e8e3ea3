/**
 * Test support: the OEIS counts (A000170 total, A002562 unique) from ../shared/data/known-counts.json,
 * read from the copy of shared/ that sits beside the repository. Never computed by the code under test.
 */
import { readFileSync } from "node:fs";

export interface KnownCount {
  readonly n: number;
  readonly total: bigint;
  readonly unique: bigint;
}

const file = new URL("../../../shared/data/known-counts.json", import.meta.url);
const raw = JSON.parse(readFileSync(file, "utf8")) as {
  counts: { n: number; total: string; unique: string }[];
};

/** Every known count, by n ascending. */
export const KNOWN: readonly KnownCount[] = raw.counts.map((c) => ({
  n: c.n,
  total: BigInt(c.total),
  unique: BigInt(c.unique),
}));

/** The known counts for n in lo..hi. */
export function known(lo: number, hi: number): KnownCount[] {
  return KNOWN.filter((c) => c.n >= lo && c.n <= hi);
}

/** Symmetry classes per orbit size (8, 4 or 2 distinct boards in the class), for n = 4..14. */
export interface KnownOrbits {
  readonly n: number;
  readonly size8: number;
  readonly size4: number;
  readonly size2: number;
}

const more = JSON.parse(readFileSync(file, "utf8")) as {
  orbits: { rows: KnownOrbits[] };
  searchTreeProfile8: { nodes: number[] };
};

/** Classes per orbit size, n = 4..14. */
export const KNOWN_ORBITS: readonly KnownOrbits[] = more.orbits.rows;

/** Nodes per depth of the row-by-row backtracking tree for n = 8 (OEIS A319284). */
export const TREE_PROFILE_8: readonly number[] = more.searchTreeProfile8.nodes;
