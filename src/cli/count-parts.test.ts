// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
import assert from "node:assert/strict";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { crc32 } from "node:zlib";
import { known } from "../testing/known-counts.js";
import { assertBuilt, nqueens, started } from "../testing/run-cli.js";
import { until } from "../testing/wait.js";

const dir = mkdtempSync(join(tmpdir(), "nqueens-parts-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);

describe("count --part and --add: a count in parts without a queue", () => {
  test("three parts of n=16 (the join), each into its file, add up to the known counts", async () => {
    assertBuilt();
    const [c] = known(16, 16);
    let solutions = 0n;
    for (const k of [1, 2, 3]) {
      const r = await nqueens(["count", "16", "--part", `${k}/3`, "--checkpoint", at(`a${k}`)]);
      assert.equal(r.code, 0, r.stderr);
      const m =
        /^part {4}(\d)\/3 of n=16 by the join: ([\d,]+) sub-problems\nsolutions in it {2}(\d+)\ntime {4}\d+\.\d\d s \(/.exec(
          r.stdout,
        );
      assert.ok(m, r.stdout);
      assert.equal(m[1], String(k));
      solutions += BigInt(m[3]!);
      assert.equal(
        r.stderr,
        `nqueens: the part is in ${at(`a${k}`)}; once all 3 parts are counted: nqueens count 16 --add FILE...\n`,
      );
    }
    assert.equal(solutions, c!.total);
    const sum = await nqueens(["count", "16", "-u", "--add", at("a1"), at("a2"), at("a3")]);
    assert.equal(sum.code, 0, sum.stderr);
    assert.match(
      sum.stdout,
      new RegExp(
        `^total {3}${c!.total}\\nunique {2}${c!.unique}\\ntime {4}\\d+\\.\\d\\d s \\(added up from 3 files: [\\d,]+ sub-problems by the join\\)\\n$`,
      ),
    );
    const json = await nqueens(["count", "16", "--json", "--add", at("a3"), at("a1"), at("a2")]);
    const o = JSON.parse(json.stdout);
    assert.deepEqual(
      [o.total, o.unique, o.method, o.parts, o.resumed === o.subProblems],
      [String(c!.total), String(c!.unique), "join", 3, true],
    );
  });

  test("--json for a part; a counted part resumes whole; the files also resume the count", async () => {
    const args = ["count", "12", "--part", "2/2", "--checkpoint", at("b2"), "--json"];
    const first = JSON.parse((await nqueens(args)).stdout);
    assert.deepEqual(
      [first.n, first.part, first.method, first.resumed, first.checkpoint],
      [12, "2/2", "constellations", 0, at("b2")],
    );
    const again = JSON.parse((await nqueens(args)).stdout);
    assert.deepEqual([again.resumed, again.solutions], [first.subProblems, first.solutions]);
    copyFileSync(at("b2"), at("b2-whole"));
    const whole = await nqueens(["count", "12", "--checkpoint", at("b2-whole"), "--json"]);
    const w = JSON.parse(whole.stdout);
    assert.deepEqual([w.total, w.resumed], [String(known(12, 12)[0]!.total), first.subProblems]);
  });

  test("--add FILE --no-progress: the flag after the files is a flag, not a file", async () => {
    const part = ["count", "14", "--method", "constellations", "--part", "1/1", "--checkpoint"];
    assert.equal((await nqueens([...part, at("d1")])).code, 0);
    for (const flag of ["--no-progress", "-u"]) {
      const r = await nqueens([
        "count",
        "14",
        "--method",
        "constellations",
        "--add",
        at("d1"),
        flag,
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^total {3}365596\n/);
      assert.match(r.stdout, /added up from 1 file:/);
    }
  });

  test("parts of the constellations added up by auto (the join from n = 14) name --method", async () => {
    const r = await nqueens(["count", "14", "--add", at("d1")]);
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr,
      /^nqueens: checkpoint .*d1 was written by another split \(constellations-[^;]+; this version uses join-[^)]+\): it was counted by --method constellations; add that flag to use it; refusing to use it \(the file is unchanged\)\n$/,
    );
  });

  test("Ctrl-C stops a part (exit 130, saved); the same command resumes it; the parts add up", async () => {
    const path = at("c1");
    // The constellation search: the join counts n = 16 too fast to stop.
    const args = ["count", "16", "--method", "constellations", "--part", "1/2", "--checkpoint"];
    const child = started([...args, path]);
    await until(
      () => existsSync(path) && readFileSync(path, "utf8").split("\n").length - 1 >= 2,
      "the part's first record",
      { alive: child.child, every: 10 },
    );
    child.child.kill("SIGINT");
    const r = await child.done;
    assert.equal(r.code, 130, r.stderr);
    const m =
      /^nqueens: interrupted after ([\d,]+) of (1,603) sub-problems of part 1\/2\nnqueens: progress is saved; the same command resumes it\n$/.exec(
        r.stderr,
      );
    assert.ok(m, r.stderr);
    assert.ok(Number(m[1]!.replaceAll(",", "")) < 1603, "stopped before the end");
    const again = JSON.parse((await nqueens([...args, path, "--json"])).stdout);
    assert.ok(again.resumed > 0 && again.resumed < again.subProblems, JSON.stringify(again));
    const other = await nqueens([
      "count",
      "16",
      "--method",
      "constellations",
      "--part",
      "2/2",
      "--checkpoint",
      at("c2"),
    ]);
    assert.equal(other.code, 0, other.stderr);
    const sum = await nqueens(["count", "16", "-m", "constellations", "--add", path, at("c2")]);
    assert.match(sum.stdout, new RegExp(`^total {3}${known(16, 16)[0]!.total}\n`));
  });

  const refusals: [string, string[], RegExp][] = [
    ["no checkpoint", ["count", "12", "--part", "1/2"], /^nqueens: --part needs --checkpoint FILE/],
    [
      "not k/K",
      ["count", "12", "--part", "1-2", "--checkpoint", at("x")],
      /^nqueens: --part must be k\/K, part k of K \(e\.g\. 1\/4\): got '1-2'\n$/,
    ],
    [
      "k beyond K",
      ["count", "12", "--part", "3/2", "--checkpoint", at("x")],
      /^nqueens: a part is k\/K with 1 <= k <= K <= [\d,]+ \(the sub-problems of n=12 by the constellations\): got '3\/2'\n$/,
    ],
    [
      "more parts than sub-problems",
      ["count", "4", "--part", "1/999", "--checkpoint", at("x")],
      /^nqueens: a part is k\/K with 1 <= k <= K <= \d+ .*: got '1\/999'\n$/,
    ],
    [
      "--unique",
      ["count", "12", "--part", "1/2", "--checkpoint", at("x"), "--unique"],
      /^nqueens: --unique: a part has no unique count of its own; add the parts up with --add --unique\n$/,
    ],
    [
      "a range",
      ["count", "8..9", "--part", "1/2", "--checkpoint", at("x")],
      /^nqueens: --part takes one n, not a range\n$/,
    ],
    [
      "a queue",
      ["count", "12", "--part", "1/2", "--checkpoint", at("x"), "--queue", "redis://127.0.0.1:1"],
      /^nqueens: --part is a count in parts without a queue: drop --queue\n$/,
    ],
    [
      "the GPU",
      ["count", "12", "--part", "1/2", "--checkpoint", at("x"), "--backend", "gpu"],
      /^nqueens: --part counts on the CPU: drop --backend gpu\n$/,
    ],
    [
      "both",
      ["count", "12", "--part", "1/2", "--add", at("x")],
      /^nqueens: --part counts a part and --add adds parts up: not both\n$/,
    ],
    [
      "a missing file",
      ["count", "12", "--add", at("none")],
      /^nqueens: checkpoint '.*none' does not exist\n$/,
    ],
    [
      "--add with --checkpoint",
      ["count", "12", "--add", at("b2"), "--checkpoint", at("b2")],
      /^nqueens: --add reads the parts' files: name them all after --add, not --checkpoint\n$/,
    ],
    [
      "--add with --workers",
      ["count", "12", "--add", at("b2"), "--workers", "2"],
      /drop --workers/,
    ],
    [
      "a part missing",
      ["count", "12", "--add", at("b2")],
      /^nqueens: the checkpoints hold [\d,]+ of the [\d,]+ sub-problems of n=12 \(constellations\): [\d,]+ are in none of them \(the first: 0, 2, 4, 6, 8\); add the missing parts' files/,
    ],
    [
      "another n",
      ["count", "13", "--add", at("b2")],
      /^nqueens: checkpoint .*b2 is for n=12, not n=13; refusing to use it/,
    ],
  ];
  for (const [what, args, message] of refusals) {
    test(`refused, one line, exit 2: ${what}`, async () => {
      const r = await nqueens(args);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, message);
      assert.equal(r.stderr.split("\n").length, 2, r.stderr);
    });
  }
  test("a checkpoint past 16 MiB: --add and --checkpoint refuse it by its size, one line, exit 2", async () => {
    const big = at("big.ckpt");
    writeFileSync(big, "");
    truncateSync(big, 16 * 2 ** 20 + 1); // sparse: nothing written, nothing read
    for (const args of [
      ["count", "12", "--add", big],
      ["count", "12", "--checkpoint", big, "--no-progress"],
    ]) {
      const r = await nqueens(args);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "");
      assert.equal(
        r.stderr,
        `nqueens: checkpoint ${big} is larger than 16 MiB, the limit for a checkpoint (a count's is at most about 8 MB): not a checkpoint of this count; refusing to use it (the file is unchanged)\n`,
      );
    }
  });

  test("a record that does not add up (its CRC made anew): --add and --checkpoint, one line, exit 2", async () => {
    const good = at("whole14.ckpt");
    const made = await nqueens(["count", "14", "--part", "1/1", "--checkpoint", good]);
    assert.equal(made.code, 0, made.stderr);
    // One task's count + 1, and its CRC computed again (checkpoint.ts: CRC-32 of "split|record").
    const lines = readFileSync(good, "utf8").split("\n");
    const split = /split=(\S+)/.exec(lines[0]!)![1]!;
    const i = lines.findIndex((l, k) => k > 0 && /^\d+ [1-9]\d* 0 0 /.test(l));
    const [id, count] = lines[i]!.split(" ");
    const record = `${id} ${BigInt(count!) + 1n} 0 0`;
    lines[i] = `${record} ${(crc32(`${split}|${record}`) >>> 0).toString(16).padStart(8, "0")}`;
    const bad = at("bad14.ckpt");
    writeFileSync(bad, lines.join("\n"));
    for (const args of [
      ["count", "14", "--add", bad],
      ["count", "14", "--checkpoint", bad, "--no-progress"],
    ]) {
      const r = await nqueens(args);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(
        r.stderr,
        /^nqueens: inconsistent join counts for n=14: .* is not a multiple of 8: a record in the checkpoint .*bad14\.ckpt is wrong \(edited, or counted by a faulty machine\); count again into a new checkpoint file\n$/,
      );
    }
  });

  test("nothing written by a refused part", () => {
    assert.equal(existsSync(at("x")), false);
  });
});
