// Compare's model (model.ts) without a browser: the runs decided from exact numbers, the lines
// that coincide, and the chart's text.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AlgorithmName, AlgorithmResult } from "../../teach/index.js";
import { chartSvg, coinciding, planRuns, valueText, whyNotRun } from "./model.js";

const result = (
  name: AlgorithmName,
  n: number,
  nodes: number,
  seconds = 0.001,
): AlgorithmResult => ({
  name,
  n,
  solutions: 0,
  nodes,
  checks: nodes * 2,
  seconds,
});

describe("the runs", () => {
  const table: [name: AlgorithmName, n: number, patient: boolean, why: string | undefined][] = [
    ["bitmask", 10, false, undefined],
    ["bitmask", 14, false, "not run: above N = 13 for this algorithm here"],
    [
      "brute-force",
      7,
      false,
      "not run: brute force would try C(49, 7) = 85,900,584 placements, over 10,000,000",
    ],
    ["brute-force", 7, true, undefined],
  ];
  for (const [name, n, patient, why] of table) {
    test(`${name} at ${n}${patient ? ", patient" : ""}`, () => {
      assert.equal(whyNotRun(name, n, patient), why);
    });
  }

  test("the set up to 10: the same on every machine, every run not made has its reason", () => {
    const quick = planRuns(10, false);
    assert.equal(quick.runs.length, 36);
    assert.deepEqual(
      quick.runs.filter((r) => r.name === "brute-force").map((r) => r.n),
      [4, 5, 6],
    );
    assert.equal(quick.runs.length + quick.skipped.size, 6 * 7);
    assert.equal(planRuns(10, true).runs.length, 39);
  });
});

describe("the chart and its notes", () => {
  const results = [
    result("row-loop", 4, 17),
    result("row-loop", 5, 54),
    result("row-sets", 4, 17),
    result("row-sets", 5, 54),
    result("bitmask", 4, 17),
    result("bitmask", 5, 50),
  ];

  test("lines that coincide at two N at least are named together; times never are", () => {
    assert.deepEqual(coinciding(results, "nodes"), [["row-loop", "row-sets"]]);
    assert.deepEqual(coinciding(results, "seconds"), []);
  });

  test("values in words", () => {
    assert.equal(valueText(result("bitmask", 8, 2057), "nodes"), "2,057");
    assert.equal(valueText(result("bitmask", 8, 2057), "checks"), "4,114");
  });

  test("the chart: one line per algorithm, the page's N marked, end labels when wide", () => {
    const input = { results, metric: "nodes" as const, upTo: 6, n: 5, width: 760, height: 380 };
    const svg = chartSvg(input);
    assert.match(svg, /^<svg viewBox="0 0 760 380" role="img"/);
    assert.equal(svg.match(/<polyline /g)?.length, 3);
    assert.equal(svg.match(/<circle /g)?.length, 6);
    assert.equal(svg.match(/class="current-n"/g)?.length, 1);
    assert.equal(svg.match(/class="end-label"/g)?.length, 3);
    assert.equal(chartSvg({ ...input, width: 400 }).match(/class="end-label"/g), null);
    assert.equal(chartSvg({ ...input, n: 12 }).match(/class="current-n"/g), null);
  });
});
