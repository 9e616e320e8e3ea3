/**
 * Test support: the OEIS counts (A000170 total, A002562 unique) from known-counts.json in the
 * project's shared data (../shared/data beside the repository, or $NQUEENS_SHARED_DATA: see
 * data.ts). Never computed by the code under test.
 */
import { readSharedJson } from "./data.js";

export interface KnownCount {
  readonly n: number;
  readonly total: bigint;
  readonly unique: bigint;
}

const raw = readSharedJson("known-counts.json", "known counts") as {
  counts: { n: number; total: string; unique: string }[];
  orbits: { rows: KnownOrbits[] };
  searchTreeProfile8: { nodes: number[] };
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

/** Classes per orbit size, n = 4..14. */
export const KNOWN_ORBITS: readonly KnownOrbits[] = raw.orbits.rows;

/** Nodes per depth of the row-by-row backtracking tree for n = 8 (OEIS A319284). */
export const TREE_PROFILE_8: readonly number[] = raw.searchTreeProfile8.nodes;
