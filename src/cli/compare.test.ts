// Runs the built command (npm run build first): node bin/nqueens.js compare ...
// Nothing here depends on the machine's speed: which algorithms run is decided by exact counts,
// and timings are only checked for their form (runs >= 1, a batch of at least 20 ms).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { KNOWN } from "../testing/known-counts.js";
import { assertBadInput, assertBuilt, nqueens } from "../testing/run-cli.js";

const NAMES = ["brute-force", "square-backtrack", "row-loop", "row-sets", "bitmask", "iterative"];

const total = (n: number) => KNOWN.find((k) => k.n === n)!.total;
const num = (text: string) => Number(text.replaceAll(",", ""));

/** A row of `compare --json`. */
interface Row {
  name: string;
  n: number;
  solutions: number;
  nodes: number;
  checks: number;
  seconds: number;
  runs: number;
  batchSeconds: number;
  batches: number;
  ratio: number;
  skipped?: true;
  reason?: string;
  placements?: string;
  budget?: string;
  estimatedSeconds?: number;
  maxPracticalN?: number;
}

async function json(...args: string[]): Promise<Row[]> {
  const r = await nqueens(["compare", ...args, "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, "");
  return JSON.parse(r.stdout) as Row[];
}

/** A timed row: the counts of one run, runs >= 1, a time per run > 0 from a batch of >= 20 ms. */
function assertTimed(row: Row): void {
  assert.equal(row.skipped, undefined, row.reason);
  assert.ok(Number.isInteger(row.runs) && row.runs >= 1, `${row.name}: runs ${row.runs}`);
  assert.ok(row.seconds > 0, `${row.name}: seconds ${row.seconds}`);
  assert.ok(row.batchSeconds >= 0.02, `${row.name}: batch ${row.batchSeconds}`);
  assert.ok(row.batches >= 1 && row.batches <= 3, `${row.name}: batches ${row.batches}`);
  assert.ok(row.ratio >= 1, `${row.name}: ratio ${row.ratio}`);
}

before(assertBuilt);

describe("nqueens compare", () => {
  test("compare 6: a row per algorithm, same solutions, brute force checks C(36, 6)", async () => {
    const r = await nqueens(["compare", "6"]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.equal(lines[0], "6 queens: 6 algorithms");
    assert.match(lines[2]!, /^algorithm +solutions +nodes +checks +time\/run +runs +vs fastest$/);
    const rows = lines.slice(3, 9).map((l) => l.trim().split(/ +/));
    assert.deepEqual(
      rows.map((c) => c[0]),
      NAMES,
    );
    for (const c of rows) {
      // name, solutions, nodes, checks, time and unit, runs, ratio
      assert.equal(c.length, 8, c.join(" "));
      assert.equal(BigInt(num(c[1]!)), total(6));
      assert.match(c[4]!, /^\d+(\.\d+)?$/);
      assert.match(c[5]!, /^(ns|us|ms|s)$/);
      assert.ok(num(c[6]!) >= 1, `runs ${c[6]}`);
      assert.match(c[7]!, /^x[\d,]+(\.\d+)?$/);
    }
    assert.equal(num(rows[0]![2]!), 1_947_792); // C(36, 6) = 36*35*34*33*32*31/720
    assert.equal(num(rows[0]![3]!), 1_947_792);
    assert.ok(
      rows.some((c) => c[7] === "x1.00"),
      "the fastest is x1.00",
    );
    assert.match(r.stdout, /time\/run: the least of up to 3 batches/);
    assert.match(r.stdout, /What each algorithm counts/);
  });

  test("compare 8: brute force skipped by its placement count, the rest run, exit 0", async () => {
    const r = await nqueens(["compare", "8", "--algorithms", "brute-force,bitmask"]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.equal(lines[0], "8 queens: 2 algorithms");
    const brute = lines.find((l) => l.startsWith("brute-force"));
    assert.match(
      brute ?? "",
      /skipped: 4,426,165,368 placements, over the budget of 1,000,000,000 \(estimated .+ here\); use --budget or --force$/,
    );
    const bitmask = lines
      .find((l) => l.startsWith("bitmask"))!
      .trim()
      .split(/ +/);
    assert.equal(BigInt(num(bitmask[1]!)), total(8));
  });

  // n, extra arguments, expected: C(n*n, n) and whether brute force runs
  const decisions: readonly [number, string[], bigint, boolean][] = [
    [1, [], 1n, true],
    [2, [], 6n, true],
    [3, [], 84n, true],
    [4, [], 1_820n, true],
    [5, [], 53_130n, true],
    [6, [], 1_947_792n, true],
    // n = 7 runs with the default budget (library test); here only its boundary, quickly.
    [7, ["--budget", "85900583"], 85_900_584n, false],
    [8, [], 4_426_165_368n, false],
    [8, ["--budget", "4426165367"], 4_426_165_368n, false],
    [6, ["--budget", "1947791"], 1_947_792n, false],
    [6, ["--budget", "1947792"], 1_947_792n, true],
    [6, ["--budget", "0", "--force"], 1_947_792n, true],
    [1, ["--budget", "0"], 1n, false],
  ];
  for (const [n, extra, placements, runs] of decisions) {
    test(`compare ${n} ${extra.join(" ")}: brute force ${runs ? "runs" : "is skipped"}`, async () => {
      const rows = await json(String(n), "--algorithms", "brute-force", ...extra);
      assert.equal(rows.length, 1);
      const row = rows[0]!;
      assert.equal(row.name, "brute-force");
      assert.equal(row.n, n);
      if (runs) {
        assertTimed(row);
        assert.equal(BigInt(row.nodes), placements);
        assert.equal(BigInt(row.checks), placements);
        assert.equal(BigInt(row.solutions), total(n));
        assert.equal(row.ratio, 1);
      } else {
        assert.equal(row.skipped, true);
        assert.equal(BigInt(row.placements!), placements);
        const budget = extra.includes("--budget")
          ? extra[extra.indexOf("--budget") + 1]!
          : "1000000000";
        assert.equal(row.budget, budget);
        assert.ok(row.estimatedSeconds! > 0, "an estimate, shown for information");
        const words =
          placements === 1n ? "1 placement," : `${placements.toLocaleString("en-US")} placements,`;
        assert.ok(row.reason!.startsWith(words), row.reason);
        assert.match(row.reason!, /estimated .* here\); use --budget or --force$/);
      }
    });
  }

  test("--json: an array of timed results, skipped ones marked", async () => {
    const rows = await json("5");
    assert.deepEqual(
      rows.map((x) => x.name),
      NAMES,
    );
    for (const x of rows) {
      assert.equal(BigInt(x.solutions), total(5));
      assertTimed(x);
    }
    assert.equal(Math.min(...rows.map((x) => x.ratio)), 1);
    const skipped = await json("15", "--algorithms", "row-loop");
    assert.equal(skipped.length, 1);
    assert.equal(skipped[0]!.skipped, true);
    assert.equal(skipped[0]!.maxPracticalN, 14);
    assert.match(skipped[0]!.reason!, /n > 14.*--force/);
  });

  test("node and check counts at n = 8", async () => {
    const rows = await json("8", "--algorithms", "square-backtrack,row-sets,bitmask,iterative");
    const counts = Object.fromEntries(rows.map((r) => [r.name, [r.nodes, r.checks]]));
    assert.deepEqual(counts, {
      "square-backtrack": [118_969, 924_226],
      "row-sets": [2_057, 15_720],
      bitmask: [2_057, 1_965],
      iterative: [2_057, 1_965],
    });
  });

  test("one algorithm: singular in the table", async () => {
    const r = await nqueens(["compare", "4", "--algorithms", "bitmask"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^4 queens: 1 algorithm\n/);
    const skipped = await nqueens(["compare", "1", "--algorithms", "brute-force", "--budget", "0"]);
    assert.match(skipped.stdout, /skipped: 1 placement, over the budget of 0 /);
  });

  test("--algorithms keeps the order given and drops repeats", async () => {
    const rows = await json("4", "--algorithms", "iterative, row-loop,iterative");
    assert.deepEqual(
      rows.map((x) => x.name),
      ["iterative", "row-loop"],
    );
  });

  test("--help says how the decision and the timing work", async () => {
    const r = await nqueens(["compare", "--help"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /--budget <placements>/);
    assert.match(r.stdout, /decided from exact numbers, never from a timing/);
    assert.match(r.stdout, /at least 20 ms/);
  });

  for (const [args, message] of [
    [["0"], /n must be/],
    [["abc"], /n must be/],
    [["31"], /n must be/],
    [["8", "--algorithms", "foo"], /--algorithms/],
    [["8", "--algorithms", ","], /--algorithms/],
    [["8", "--budget", "abc"], /--budget must be a whole number/],
    [["8", "--budget", "-1"], /--budget must be a whole number/],
    [["8", "--budget", "1.5"], /--budget must be a whole number/],
    [["8", "--budget", "1e9"], /--budget must be a whole number/],
    [["8", "--budget", ""], /--budget must be a whole number/],
  ] as const) {
    test(`compare ${args.join(" ")}: exit 2, one line on stderr`, async () => {
      assertBadInput(await nqueens(["compare", ...args]), message);
    });
  }
});
