/**
 * Queens placed before the join, and the squares they forbid: the frame of an item (join/
 * solve.ts), which `JoinKernel.forbidden` turns into masks and `gen` (the kernel's, or
 * join/slow-gen.ts without tables) keeps its half-boards clear of.
 */

/** A queen placed before the join (the middle row's and column's, odd n), as (row, column). */
export type Preset = readonly [row: number, col: number];

/** The forbidden-square masks of presets, in the two quadrants' own coordinates. */
export interface Forbidden {
  readonly fnd: number;
  readonly fna: number;
  readonly fsd: number;
  readonly fsa: number;
}
