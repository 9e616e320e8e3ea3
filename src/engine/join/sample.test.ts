import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { planSample, projectCount, projectSum, t975 } from "./sample.js";

/** A seeded list of numbers in [0, 1), independent of sample.ts's own generator. */
function noise(length: number, seed: number): number[] {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < length; i++) {
    x = (x * 48271) % 2147483647;
    out.push(x / 2147483647);
  }
  return out;
}

/** Synthetic item costs, shaped like a join split's: what each case is, the list. */
const costs: [string, number[]][] = [
  ["every item alike", Array.from({ length: 1000 }, () => 2)],
  ["a ramp along the split", Array.from({ length: 4000 }, (_, i) => i)],
  [
    "four size classes in blocks (1, 10, 3, 30)",
    Array.from({ length: 4096 }, (_, i) => [1, 10, 3, 30][i >> 10]),
  ],
  ["a heavy tail (1 / u^0.4)", noise(20000, 7).map((u) => 1 / (u + 1e-9) ** 0.4)],
  [
    "a heavy tail over a wave (n = 20's shape)",
    noise(46508, 11).map((u, i) => (1 + 0.5 * Math.sin(i / 997)) * -Math.log(u + 1e-12)),
  ],
];
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const groupSums = (list: number[], groups: readonly (readonly number[])[]) =>
  groups.map((g) => sum(g.map((i) => list[i])));

describe("planSample", () => {
  const cases: [number, number, number][] = [
    [100, 2, 4],
    [46508, 8, 400],
    [677294, 8, 12],
    [7, 3, 7],
  ];
  for (const [items, groups, per] of cases) {
    test(`${items} items, ${groups} groups of ${per}: ascending, in range, one a stride`, () => {
      const plan = planSample(items, groups, per, 5);
      assert.equal(plan.groups.length, groups);
      assert.equal(plan.stride, items / per);
      for (const g of plan.groups) {
        assert.equal(g.length, per);
        for (let j = 0; j < per; j++) {
          assert.ok(g[j] >= 0 && g[j] < items);
          // One item in each stretch [j s, (j + 1) s) of the split.
          assert.ok(g[j] >= Math.floor(j * plan.stride) && g[j] < (j + 1) * plan.stride);
        }
      }
      assert.deepEqual(planSample(items, groups, per, 5), plan, "the same seed, the same plan");
    });
  }

  test("every item is drawn equally often over many seeds", () => {
    // 30 items, groups of 4: each item's chance is 4/30 a group; 3000 groups: about 400 each.
    const seen = new Array(30).fill(0);
    for (let seed = 0; seed < 300; seed++) {
      for (const g of planSample(30, 10, 4, seed).groups) for (const i of g) seen[i]++;
    }
    for (const c of seen) assert.ok(c > 320 && c < 480, `an item drawn ${c} times, not ~400`);
  });

  const bad: [number, number, number][] = [
    [0, 1, 1],
    [10, 0, 1],
    [10, 1, 0],
    [10, 1, 11],
    [10, 1.5, 1],
  ];
  for (const [items, groups, per] of bad) {
    test(`refuses ${items} items, ${groups} groups of ${per}`, () => {
      assert.throws(() => planSample(items, groups, per), RangeError);
    });
  }
});

describe("projectSum", () => {
  for (const [what, list] of costs) {
    test(`${what}: within 10% of the true sum, and the interval covers it`, () => {
      const truth = sum(list);
      const plan = planSample(list.length, 8, 50, 3);
      const p = projectSum(plan, groupSums(list, plan.groups));
      assert.ok(Math.abs(p.estimate / truth - 1) < 0.1, `${p.estimate} against ${truth}`);
      assert.ok(p.low <= truth + 1e-6 && truth <= p.high + 1e-6, `[${p.low}, ${p.high}]`);
      assert.equal(p.perGroup.length, 8);
    });
  }

  test("every item alike: the estimate exact, the interval of no width", () => {
    const plan = planSample(1000, 8, 50, 9);
    const p = projectSum(plan, groupSums(costs[0][1], plan.groups));
    assert.equal(p.estimate, 2000);
    assert.equal(p.low, 2000);
    assert.equal(p.high, 2000);
  });

  for (const [what, list] of costs.slice(3)) {
    test(`${what}: the 95% interval covers the true sum for about 95% of seeds`, () => {
      const truth = sum(list);
      let covered = 0;
      const seeds = 200;
      for (let seed = 0; seed < seeds; seed++) {
        const plan = planSample(list.length, 8, 50, seed);
        const p = projectSum(plan, groupSums(list, plan.groups));
        if (p.low <= truth && truth <= p.high) covered++;
      }
      assert.ok(covered >= 0.88 * seeds && covered < seeds, `${covered} of ${seeds}`);
    });
  }

  test("one group: the estimate is its sum times the stride, no interval", () => {
    const plan = planSample(100, 1, 10, 1);
    const p = projectSum({ ...plan, groups: plan.groups.slice(0, 1) }, [7]);
    assert.deepEqual([p.estimate, p.low, p.high], [70, 70, 70]);
  });

  test("refuses sums that are not one per group", () => {
    assert.throws(() => projectSum(planSample(100, 4, 10), [1, 2, 3]), RangeError);
  });
});

describe("projectCount", () => {
  test("counts of 3 per item: the whole exactly (bigint)", () => {
    const plan = planSample(1000, 8, 50, 2);
    assert.equal(
      projectCount(
        plan,
        plan.groups.map(() => 150n),
      ),
      3000n,
    );
  });

  test("counts past 2^53 stay exact", () => {
    // 2 groups of 2 of 10 items: (a + b) x 10 / 4.
    const plan = planSample(10, 2, 2, 1);
    const big = 2n ** 60n;
    assert.equal(projectCount(plan, [big, big + 4n]), ((2n * big + 4n) * 10n) / 4n);
  });

  test("refuses counts that are not one per group", () => {
    assert.throws(() => projectCount(planSample(100, 4, 10), [1n]), RangeError);
  });
});

describe("t975", () => {
  const table: [number, number][] = [
    [1, 12.706],
    [7, 2.365],
    [30, 2.042],
    [1000, 1.96],
  ];
  for (const [df, t] of table)
    test(`${df} degrees of freedom: ${t}`, () => assert.equal(t975(df), t));
  test("refuses 0 degrees of freedom", () => assert.throws(() => t975(0), RangeError));
});
