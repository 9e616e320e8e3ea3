/**
 * A share of a join count, chosen and projected honestly: for counts too long to run whole
 * (n = 22 to 27), `scripts/join-sample.mjs` counts a few groups of items the way a real count
 * counts a task, and projects the whole count's CPU, and its total, from them.
 *
 * How the items are chosen. A real count's task t walks the split ascending by a stride
 * (items t, t + T, t + 2T, ...: join/split.ts), so each task is spread over every part of the
 * split. A sample group does the same, sparser: `perGroup` items at a stride s = items /
 * perGroup from a random start o in [0, s) (items floor(o + j s)), counted one after the other
 * on one warm kernel. Every item is in a group with the same chance, 1 / s, so a group's sum
 * times s is an unbiased estimate of the whole (a systematic sample: every stretch of s items,
 * every size class of the split, gives exactly one item). The groups' starts are independent,
 * so their estimates are too, and their spread gives the interval (Student's t on the groups'
 * mean): what a group of the split costs varies from group to group, and that, not a model of
 * the items' sizes, is what the interval measures.
 *
 * What it does not measure: the load. A count's CPU seconds on a shared machine depend on what
 * else runs there (the caches are shared: n = 20's whole count took 84 to 89 CPU-s on the
 * project's 2-core machine when it was quiet, 160 at load 2 to 8: docs/notes/
 * 2026-12-07-honest-projection.md), so a projection holds for the load it was sampled under.
 */

/** The items of a sample: groups of item indices, each ascending. */
export interface SamplePlan {
  /** The items of the split. */
  readonly items: number;
  /** The stride within a group: items / perGroup. */
  readonly stride: number;
  /** Each group's items (indices into the split), ascending. */
  readonly groups: readonly (readonly number[])[];
  /** The seed the starts were drawn from. */
  readonly seed: number;
}

/** A projection of a whole from the groups' sums: the estimate and its interval. */
export interface Projection {
  /** The mean of the groups' estimates (each: its sum times the stride). */
  readonly estimate: number;
  /** The interval's ends (the estimate less and plus the half-width). */
  readonly low: number;
  readonly high: number;
  /** The groups' estimates, in order. */
  readonly perGroup: readonly number[];
  /** The confidence of the interval (0.95: a two-sided 95% interval). */
  readonly confidence: 0.95;
}

/**
 * A small seeded generator of numbers in [0, 1): a counter stepped by the golden ratio's 32 bits
 * and mixed (multiply-xorshift), so that neighbouring seeds give unrelated numbers.
 */
function uniforms(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x45d9f3b);
    z = Math.imul(z ^ (z >>> 16), 0x45d9f3b);
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  };
}

/**
 * The items of `groups` groups of `perGroup` items each of a split of `items` items: group g
 * holds floor(o_g + j s), j = 0..perGroup-1, s = items / perGroup, o_g drawn in [0, s) from
 * `seed` (the same seed, the same plan).
 * @throws RangeError when the numbers are not positive integers, or perGroup > items
 * @example planSample(100, 2, 4, 1).groups // two groups of 4 items, 25 apart
 */
export function planSample(items: number, groups: number, perGroup: number, seed = 1): SamplePlan {
  for (const [name, v] of [
    ["items", items],
    ["groups", groups],
    ["perGroup", perGroup],
  ] as const) {
    if (!Number.isInteger(v) || v < 1)
      throw new RangeError(`${name} must be an integer >= 1: ${v}`);
  }
  if (perGroup > items) {
    throw new RangeError(`perGroup (${perGroup}) must be at most the items (${items})`);
  }
  const stride = items / perGroup;
  const next = uniforms(seed);
  const out: number[][] = [];
  for (let g = 0; g < groups; g++) {
    const o = next() * stride;
    const group: number[] = [];
    for (let j = 0; j < perGroup; j++) group.push(Math.min(items - 1, Math.floor(o + j * stride)));
    out.push(group);
  }
  return { items, stride, groups: out, seed };
}

/** Student's t at 97.5% (two-sided 95%) for 1..30 degrees of freedom; beyond, 1.96. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/**
 * The 97.5% point of Student's t with `df` degrees of freedom (the half-width of a 95% interval,
 * in standard errors).
 */
export function t975(df: number): number {
  if (!Number.isInteger(df) || df < 1)
    throw new RangeError(`degrees of freedom must be >= 1: ${df}`);
  return T975[df - 1] ?? 1.96;
}

/**
 * The whole projected from each group's sum (of a cost, such as CPU seconds, over its items):
 * each group's sum times the stride estimates the whole; the projection is their mean, and its
 * 95% interval the mean plus or minus t x their standard error (one group: no interval, both
 * ends the estimate).
 * @throws RangeError when the sums are not one per group of the plan
 */
export function projectSum(plan: SamplePlan, groupSums: readonly number[]): Projection {
  const g = plan.groups.length;
  if (groupSums.length !== g) {
    throw new RangeError(`one sum per group: ${groupSums.length} sums for ${g} groups`);
  }
  const perGroup = groupSums.map((s) => s * plan.stride);
  const estimate = perGroup.reduce((a, b) => a + b, 0) / g;
  if (g === 1) return { estimate, low: estimate, high: estimate, perGroup, confidence: 0.95 };
  const variance = perGroup.reduce((a, x) => a + (x - estimate) ** 2, 0) / (g - 1);
  const half = t975(g - 1) * Math.sqrt(variance / g);
  return { estimate, low: estimate - half, high: estimate + half, perGroup, confidence: 0.95 };
}

/**
 * The whole count projected from the groups' counts, exactly as `projectSum` projects a cost
 * (the mean of each group's count times the stride), in bigint: rounded down.
 */
export function projectCount(plan: SamplePlan, groupCounts: readonly bigint[]): bigint {
  const g = plan.groups.length;
  if (groupCounts.length !== g) {
    throw new RangeError(`one count per group: ${groupCounts.length} counts for ${g} groups`);
  }
  const per = plan.groups[0].length;
  const sum = groupCounts.reduce((a, b) => a + b, 0n);
  return (sum * BigInt(plan.items)) / BigInt(per * g);
}
