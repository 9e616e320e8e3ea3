import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { MAX_JOIN_INLINE_N, QUICK_N } from "../limits.js";
import { QUEUE_ENV } from "../queue/settings.js";
import { assertBuilt, nqueens, ROOT } from "../testing/run-cli.js";
import { quickCountOf } from "./quick-count.js";

describe("quickCountOf: which command lines skip commander", () => {
  const noQueue = {};
  const cases: [string[], ReturnType<typeof quickCountOf>][] = [
    [["count", "8"], { n: 8, unique: false, json: false }],
    [["count", "1"], { n: 1, unique: false, json: false }],
    [["count", String(QUICK_N)], { n: QUICK_N, unique: false, json: false }],
    [["count", "12", "-u"], { n: 12, unique: true, json: false }],
    [["count", "12", "--json", "--unique"], { n: 12, unique: true, json: true }],
    [["count", String(QUICK_N + 1)], { n: QUICK_N + 1, unique: false, json: false }], // the join
    [["count", String(MAX_JOIN_INLINE_N)], { n: MAX_JOIN_INLINE_N, unique: false, json: false }], // the join, still on the calling thread
    [["count", String(MAX_JOIN_INLINE_N + 1)], undefined], // on threads, through commander
    [["count", "0"], undefined], // an error, worded by count.ts
    [["count", "08"], undefined],
    [["count", " 8"], undefined],
    [["count", "8.0"], undefined],
    [["count", "1..8"], undefined],
    [["count", "8", "-u", "-u"], undefined],
    [["count", "8", "--workers", "2"], undefined],
    [["count", "8", "--no-progress"], { n: 8, unique: false, json: false }], // no bar either way
    [["count", "8", "-m", "auto", "-b", "cpu"], { n: 8, unique: false, json: false }],
    // What `npm run bench` runs: the join is what count 16 uses anyway.
    [
      ["count", "16", "--method", "join", "--backend", "cpu", "--json", "--no-progress"],
      { n: 16, unique: false, json: true },
    ],
    [["count", String(QUICK_N), "--method", "join"], undefined], // the join, not the quick search
    [["count", "8", "--method", "constellations"], undefined],
    [["count", "8", "--method"], undefined],
    [["count", "8", "--method=auto"], undefined],
    [["count", "8", "--backend", "gpu"], undefined],
    [["count", "8", "--backend", "auto"], undefined],
    [["count", "8", "--no-progress", "--no-progress"], undefined],
    [["count", "8", "-m", "auto", "--method", "auto"], undefined],
    [["count", "8", "constructor"], undefined],
    [["count", "8", "--checkpoint", "x"], undefined],
    [["count", "8", "--help"], undefined],
    [["count"], undefined],
    [["solve", "8"], undefined],
  ];
  for (const [argv, want] of cases) {
    test(argv.join(" "), () => assert.deepEqual(quickCountOf(argv, noQueue), want));
  }
  test("a queue in the environment sends the count to commander (count.ts)", () => {
    assert.equal(quickCountOf(["count", "8"], { [QUEUE_ENV]: "redis://127.0.0.1:1" }), undefined);
    assert.deepEqual(quickCountOf(["count", "8"], { [QUEUE_ENV]: "" })?.n, 8);
  });
});

/** Runs the command line `args` through main.ts (commander and count.ts), past the fast start. */
function viaMain(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const url = JSON.stringify(pathToFileURL(`${ROOT}dist/cli/main.js`).href);
  const script = `import(${url}).then((m) => m.main(process.argv.slice(1))).then((s) => { process.exitCode = s; })`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["-e", script, "--", ...args], (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") reject(error);
      else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe("the quick path prints what the count command prints", () => {
  before(assertBuilt);
  const time = /^time {4}\d+\.\d\d s /m;
  for (const args of [
    ["count", "8"],
    ["count", "11", "-u"],
    ["count", "13", "--unique"],
    ["count", "14"],
    ["count", "16", "-u"],
    ["count", "8", "--no-progress", "-b", "cpu"],
    ["count", "15", "-m", "join", "-u"],
    ["count", "16", "--method", "join", "--backend", "cpu", "--no-progress"],
  ]) {
    test(args.join(" "), async () => {
      assert.ok(quickCountOf(args, {}), "a quick count");
      const quick = await nqueens(args);
      const full = await viaMain(args);
      assert.equal(quick.code, 0, quick.stderr);
      assert.equal(full.code, 0, full.stderr);
      assert.match(quick.stdout, time);
      assert.equal(quick.stdout.replace(time, "time "), full.stdout.replace(time, "time "));
      assert.equal(quick.stderr, full.stderr);
    });
  }
  test("count 9 --json", async () => {
    const fields = (text: string) => {
      const { seconds, ...rest } = JSON.parse(text) as Record<string, unknown>;
      assert.equal(typeof seconds, "number");
      return rest;
    };
    const quick = await nqueens(["count", "9", "--json"]);
    const full = await viaMain(["count", "9", "--json"]);
    assert.deepEqual(fields(quick.stdout), fields(full.stdout));
    assert.deepEqual(fields(quick.stdout), {
      n: 9,
      total: "352",
      unique: "46",
      workers: 0,
      subProblems: 1,
      resumed: 0,
      backend: "cpu",
      method: "canonical",
    });
  });
});
