/** Bit tricks shared by the bitmask searches. */

/**
 * The number of set bits in a 32-bit mask (SWAR: no loop, no table).
 * @example popcount(0b1011) // 3
 */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Index of the lowest set bit of a nonzero 32-bit mask.
 * @example low(0b1100) // 2
 */
export function low(x: number): number {
  return 31 - Math.clz32(x & -x);
}
