// Runs the built command (npx tsc -p . first): node bin/nqueens.js compare ...
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { KNOWN } from "../testing/known-counts.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = `${root}bin/nqueens.js`;
const NAMES = ["brute-force", "square-backtrack", "row-loop", "row-sets", "bitmask", "iterative"];

function nqueens(...args: string[]) {
  assert.ok(existsSync(`${root}dist/cli/main.js`), "build first: npx tsc -p .");
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stdout.split("\n") };
}

const total = (n: number) => KNOWN.find((k) => k.n === n)!.total;
const num = (text: string) => Number(text.replaceAll(",", ""));

describe("nqueens compare", () => {
  test("compare 6: a row per algorithm, same solutions, brute force checks C(36, 6)", () => {
    const r = nqueens("compare", "6");
    assert.equal(r.status, 0);
    assert.match(r.lines[2]!, /^algorithm +solutions +nodes +checks +seconds +vs fastest$/);
    const rows = r.lines.slice(3, 9).map((l) => l.trim().split(/ +/));
    assert.deepEqual(
      rows.map((c) => c[0]),
      NAMES,
    );
    for (const c of rows) {
      assert.equal(c.length, 6, c.join(" "));
      assert.equal(BigInt(num(c[1]!)), total(6));
      assert.match(c[5]!, /^x\d+\.\d+$/);
    }
    assert.equal(num(rows[0]![2]!), 1_947_792); // C(36, 6) = 36*35*34*33*32*31/720
    assert.equal(num(rows[0]![3]!), 1_947_792);
    assert.ok(
      rows.some((c) => c[5] === "x1.00"),
      "the fastest is x1.00",
    );
    assert.match(r.stdout, /What each algorithm counts/);
  });

  test("compare 8 refuses brute force without --force, exit 0", () => {
    const r = nqueens("compare", "8", "--algorithms", "brute-force,bitmask");
    assert.equal(r.status, 0);
    const brute = r.lines.find((l) => l.startsWith("brute-force"));
    assert.match(brute ?? "", /skipped: estimated .+ for 4,426,165,368 placements; use --force/);
    const bitmask = r.lines
      .find((l) => l.startsWith("bitmask"))!
      .trim()
      .split(/ +/);
    assert.equal(BigInt(num(bitmask[1]!)), total(8));
  });

  test("--json: an array of results, skipped ones marked", () => {
    const r = nqueens("compare", "5", "--json");
    assert.equal(r.status, 0);
    const rows = JSON.parse(r.stdout) as { name: string; solutions: number; ratio: number }[];
    assert.deepEqual(
      rows.map((x) => x.name),
      NAMES,
    );
    for (const x of rows) assert.equal(BigInt(x.solutions), total(5));
    assert.equal(Math.min(...rows.map((x) => x.ratio)), 1);
    const skipped = JSON.parse(
      nqueens("compare", "15", "--algorithms", "row-loop", "--json").stdout,
    );
    assert.equal(skipped.length, 1);
    assert.equal(skipped[0].skipped, true);
    assert.match(skipped[0].reason, /n > 14.*--force/);
  });

  test("--algorithms keeps the order given and drops repeats", () => {
    const r = nqueens("compare", "4", "--algorithms", "iterative, row-loop,iterative", "--json");
    assert.deepEqual(
      JSON.parse(r.stdout).map((x: { name: string }) => x.name),
      ["iterative", "row-loop"],
    );
  });

  for (const args of [
    ["0"],
    ["abc"],
    ["31"],
    ["8", "--algorithms", "foo"],
    ["8", "--algorithms", ","],
  ]) {
    test(`compare ${args.join(" ")}: exit 2, one line on stderr`, () => {
      const r = nqueens("compare", ...args);
      assert.equal(r.status, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^nqueens: [^\n]+\n$/);
    });
  }
});
