// Watch's depth bars (tree.ts depthBars) without a browser: on a logarithmic scale, against the
// whole tree's profile where it is known (the published one at N = 8) and, where it is not
// (N >= 16), against n!, so that one node is a sliver and never a full bar.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { TREE_PROFILE_8 } from "../../testing/known-counts.js";
import { setLang } from "../i18n/index.js";
import { depthBars } from "./tree.js";

/** The widths (percent) of the bars drawn for the nodes seen so far. */
const widths = (html: string) =>
  [...html.matchAll(/class="bar-fill" style="width:([\d.e-]+)%"/g)].map((m) => Number(m[1]));

describe("depth bars", () => {
  const cases: [n: number, seen: number[], profile: readonly number[] | null, most: number][] = [
    // N = 8, the whole tree known: the largest depth (568 nodes) is the full bar.
    [8, [...TREE_PROFILE_8], TREE_PROFILE_8, 100],
    // N = 16 and 20, the tree too big to count: one node at each of the first depths.
    [16, [1, 1, 1], null, 5],
    [20, [1, 1, 1, 1], null, 5],
    // Many nodes still read as less than the whole scale.
    [16, [1, 16, 200, 2000, 15000], null, 40],
  ];
  for (const [n, seen, profile, most] of cases) {
    test(`N = ${n}, ${seen.join(" ")} seen: no bar over ${most}%`, () => {
      setLang("en");
      const now = new Float64Array(n + 1);
      seen.forEach((v, d) => {
        now[d] = v;
      });
      const w = widths(depthBars(now, seen.length - 1, profile, n));
      assert.equal(w.length, seen.length);
      assert.ok(Math.max(...w) <= most + 1e-9, w.join(" "));
      assert.ok(
        w.every((x) => x > 0),
        "every depth with a node shows",
      );
      // More nodes, a longer bar.
      for (let i = 0; i < seen.length; i++) {
        for (let j = 0; j < seen.length; j++) {
          if (seen[i]! < seen[j]!) assert.ok(w[i]! < w[j]!);
        }
      }
      if (profile) assert.equal(Math.max(...w), 100);
    });
  }
});
