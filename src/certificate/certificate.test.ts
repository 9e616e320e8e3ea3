// Completion certificates (format version 2): written by certifyCompletion
// (completion/certify.ts), replayed by the independent checker (check.ts, tree.ts). Every
// certificate of small instances holds, whichever search wrote its "no" (the lean search, the
// hard-instance search, or the choice between them), and agrees with the SAT route
// (testing/sat.ts); each kind of tampering is refused; the checker imports nothing from the
// search. Version 1 certificates: tree-v1.test.ts.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { PartialBoard } from "../board.js";
import { Forbidden } from "../board.js";
import { certifyBy, type TreeSearch } from "../completion/certify.js";
import {
  type CertificateSummary,
  certifyCompletion,
  generateInstance,
} from "../completion/index.js";
import { LeanSearch } from "../completion/lean-search.js";
import { subBoard } from "../completion/sub-board.js";
import { satComplete } from "../testing/sat.js";
import {
  type CertificateCheck,
  checkCertificate,
  checkCertificateBytes,
  instanceHash,
} from "./index.js";

async function certify(
  board: PartialBoard,
  which: TreeSearch = "auto",
): Promise<{ lines: string[]; s: CertificateSummary }> {
  const chunks: string[] = [];
  const s =
    which === "auto"
      ? await certifyCompletion(board, (c) => chunks.push(c))
      : await certifyBy(which, board, (c) => chunks.push(c));
  const text = chunks.join("");
  assert.ok(text.endsWith("end\n"), "a certificate ends with end and a line end");
  assert.equal(text.length, s.chars);
  const lines = text.split("\n");
  lines.pop();
  return { lines, s };
}

/** The lines with line i replaced. */
function replaced(lines: readonly string[], i: number, text: string): string[] {
  return lines.map((l, k) => (k === i ? text : l));
}

/** The lines without line i. */
function without(lines: readonly string[], i: number): string[] {
  return lines.filter((_, k) => k !== i);
}

function refused(r: CertificateCheck, line: number | undefined, reason: RegExp): void {
  assert.equal(r.valid, false, "refused");
  if (r.valid) return;
  if (line !== undefined) assert.equal(r.line, line, `refused at line ${line}: ${r.reason}`);
  assert.match(r.reason, reason);
}

/** An Excluded Diagonals instance (below n = 8, lines keep at least 2 open squares, not 4). */
const ed = (n: number, seed: number, d: number) =>
  generateInstance("diagonals", n, { seed, diagonals: d, minInLine: n < 8 ? 2 : 4 }).board;

describe("certificates hold, and agree with the SAT route", { concurrency: 1 }, () => {
  const cases: [string, PartialBoard][] = [];
  for (let n = 4; n <= 12; n++) {
    for (const seed of [1, 2, 3]) {
      for (const d of [Math.round(0.9 * n), Math.round(0.6 * n)]) {
        cases.push([`Excluded Diagonals n = ${n}, seed ${seed}, d = ${d}`, ed(n, seed, d)]);
      }
    }
  }
  for (const n of [12, 14, 16]) {
    for (const seed of [1, 2, 3, 4]) {
      const { board } = generateInstance("completion", n, { seed, placed: n - 9 });
      cases.push([`completion n = ${n}, seed ${seed}, 9 missing`, board]);
    }
  }
  for (const seed of [1, 2, 3]) {
    cases.push([`blocked n = 9, seed ${seed}`, generateInstance("blocked", 9, { seed }).board]);
  }
  cases.push(["the empty 3x3 board", { n: 3, queens: [] }]);
  cases.push([
    "a full 4x4 solution",
    { n: 4, queens: [1, 3, 0, 2].map((col, row) => ({ row, col })) },
  ]);
  const answers = { yes: 0, no: 0 };
  for (const [name, board] of cases) {
    test(name, async () => {
      const { lines, s } = await certify(board);
      const sat = satComplete(board);
      assert.equal(s.answer, sat ? "yes" : "no", "the answer is the SAT route's");
      answers[s.answer]++;
      const r = await checkCertificate(board, lines);
      assert.ok(r.valid, JSON.stringify(r));
      assert.equal(r.answer, s.answer);
      assert.equal(r.branches, s.branches, "every branch written is replayed");
      // The leaves the checker closes itself take no line.
      assert.ok(r.leaves >= s.leaves);
      assert.equal(lines.length, 5 + s.branches + s.leaves);
    });
  }
  test("both answers are among the cases", () => {
    assert.ok(answers.yes >= 10 && answers.no >= 10, JSON.stringify(answers));
  });
});

describe("lean and hard-instance trees hold, and agree with the SAT route", {
  concurrency: 1,
}, () => {
  const cases: [string, PartialBoard][] = [];
  for (let n = 8; n <= 16; n++) {
    for (const seed of [1, 2, 3]) {
      cases.push([`Excluded Diagonals n = ${n}, seed ${seed}`, ed(n, seed, Math.round(0.9 * n))]);
    }
  }
  for (const n of [8, 10, 12, 14, 16]) {
    for (const seed of [1, 2, 3]) {
      const name = `blocked n = ${n}, seed ${seed}`;
      cases.push([name, generateInstance("blocked", n, { seed }).board]);
    }
  }
  const answers = { yes: 0, no: 0 };
  for (const [name, board] of cases) {
    test(name, async () => {
      const sat = satComplete(board) ? "yes" : "no";
      const written = new Map<TreeSearch, string[]>();
      for (const which of ["lean", "lean-js", "hard", "auto"] as const) {
        const { lines, s } = await certify(board, which);
        written.set(which, lines);
        assert.equal(s.answer, sat, `${which}: the answer is the SAT route's`);
        const r = await checkCertificate(board, lines);
        assert.ok(r.valid && r.answer === sat, `${which}: ${JSON.stringify(r)}`);
        assert.equal(r.branches, s.branches);
        if (which.startsWith("lean")) assert.equal(s.leaves, 0, "the lean search writes no leaf");
      }
      // The kernel writes the class's certificate, byte for byte (a "yes" too: the same completion).
      assert.deepEqual(written.get("lean"), written.get("lean-js"));
      answers[sat]++;
    });
  }
  test("both answers are among the cases", () => {
    assert.ok(answers.yes >= 10 && answers.no >= 10, JSON.stringify(answers));
  });
});

test("the lean tree is the lean search's own: one branch line a node", async () => {
  for (const [n, seed] of [
    [12, 1],
    [14, 1],
    [18, 3],
  ] as const) {
    const board = ed(n, seed, Math.round(0.9 * n));
    const { lines, s } = await certify(board, "lean");
    assert.equal(s.answer, "no");
    const sub = subBoard(board, new Forbidden(board));
    const plain = new LeanSearch(sub.open, sub.m);
    assert.equal(plain.run(), "unsat");
    assert.equal(s.branches, plain.nodes, `n = ${n}, seed ${seed}`);
    assert.ok(lines.slice(4, -1).every((l) => /^[rc][0-9]+$/.test(l)));
  }
});

test("the kernel and the class write the same certificate, byte for byte (n = 17..22)", async () => {
  let branches = 0;
  for (const [n, seed] of [
    [17, 1],
    [18, 2],
    [19, 4],
    [20, 2],
    [20, 5],
    [21, 1],
    [22, 10],
  ] as const) {
    const board = generateInstance("diagonals", n, { seed }).board;
    const kernel = await certify(board, "lean");
    const js = await certify(board, "lean-js");
    assert.deepEqual(kernel.s, js.s, `${n}/${seed}`);
    assert.ok(kernel.lines.join("\n") === js.lines.join("\n"), `${n}/${seed}: the same text`);
    const r = await checkCertificate(board, kernel.lines);
    assert.ok(r.valid && r.answer === kernel.s.answer, `${n}/${seed}: ${JSON.stringify(r)}`);
    branches += kernel.s.branches;
  }
  assert.ok(branches > 100_000, `${branches} branches`);
});

test("a tree past the bytes held in one pass: dropped, and written again after the decision", async () => {
  const board = generateInstance("diagonals", 20, { seed: 5 }).board;
  const chunks: string[] = [];
  const s = await certifyBy("lean", board, (c) => chunks.push(c), {}, 1000);
  const once = await certify(board, "lean");
  assert.equal(s.answer, "no");
  assert.ok(s.chars > 100_000, "far past 1000 bytes");
  assert.equal(chunks.join(""), `${once.lines.join("\n")}\n`, "the same certificate");
});

test("the automatic choice: the hard-instance tree when it is small, else the lean one", async () => {
  // n = 18, seed 3: both end within a few thousand nodes, the hard-instance tree is smaller.
  const small = ed(18, 3, 16);
  const auto = await certify(small);
  const hard = await certify(small, "hard");
  assert.deepEqual(auto.lines, hard.lines);
  // A board with fixed queens: the hard-instance search, whatever the choice.
  const fixed = generateInstance("completion", 16, { seed: 1, placed: 7 }).board;
  const { lines, s } = await certify(fixed);
  assert.ok(s.answer === "no" && s.branches > 0);
  assert.deepEqual((await certify(fixed, "hard")).lines, lines);
});

/**
 * The verdict of both readers, which must agree: `checkCertificate` on the lines, and
 * `checkCertificateBytes` on the same text as bytes in chunks of 1, 5 and 65,536 bytes, and
 * with "\r\n" line ends in chunks of 7.
 */
async function checkBoth(board: PartialBoard, lines: readonly string[]): Promise<CertificateCheck> {
  const r = await checkCertificate(board, lines);
  const encode = (end: string) => new TextEncoder().encode(lines.map((l) => l + end).join(""));
  for (const [end, size] of [
    ["\n", 1],
    ["\n", 5],
    ["\n", 1 << 16],
    ["\r\n", 7],
  ] as const) {
    const bytes = encode(end);
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
    assert.deepEqual(await checkCertificateBytes(board, chunks), r, `chunks of ${size}`);
  }
  return r;
}

describe("tampering is refused", () => {
  // n = 12, seed 1, d = 11: a "no"; its lean tree has 174 branches, the hard-instance search's
  // 135 branches and 22 leaves of the diagonal bound.
  const board = ed(12, 1, 11);
  const proof = certify(board, "lean");
  const bound = certify(board, "hard");

  test("the proofs themselves hold", async () => {
    const { lines } = await proof;
    assert.deepEqual(await checkBoth(board, lines), {
      valid: true,
      answer: "no",
      branches: 174,
      leaves: 222,
    });
    assert.equal((await checkBoth(board, (await bound).lines)).valid, true);
  });

  test("a branch removed", async () => {
    const { lines } = await proof;
    for (const i of [4, 5, 40, lines.length - 2]) {
      refused(await checkBoth(board, without(lines, i)), undefined, /./);
    }
  });

  test("a branch on a line that already has its queen (the root's line again)", async () => {
    const { lines } = await proof;
    // Line 5 is a child of the root: its position has a queen on the root's line.
    refused(await checkBoth(board, replaced(lines, 5, lines[4]!)), 6, /already has its queen here/);
  });

  test("a line moved: two branches swapped, or a branch on another line", async () => {
    const { lines } = await proof;
    for (const i of [4, 20, 60]) {
      const swapped = replaced(replaced(lines, i, lines[i + 1]!), i + 1, lines[i]!);
      refused(await checkBoth(board, swapped), undefined, /./);
    }
    // Row for column (the same number): refused at lines 5 and 61. (At line 21 the other line
    // happens to give a proof as well, which the checker rightly accepts: it checks that the
    // tree proves "no", not that it is the search's tree.)
    for (const i of [4, 60]) {
      const other = lines[i]!.startsWith("r") ? `c${lines[i]!.slice(1)}` : `r${lines[i]!.slice(1)}`;
      refused(await checkBoth(board, replaced(lines, i, other)), undefined, /already has/);
    }
  });

  test("a leaf claimed early: the diagonal bound where it does not fail", async () => {
    const { lines } = await proof;
    // At the root (the hard-instance search branched there: the bound holds).
    refused(await checkBoth(board, [...lines.slice(0, 4), "f bound", "end"]), 5, /does not fail/);
  });

  test("a reason changed: a bound leaf replaced by a branch, a branch by the bound", async () => {
    const { lines } = await bound;
    const i = lines.indexOf("f bound");
    assert.ok(i > 4);
    const names = lines.slice(4, i).filter((l) => l !== "f bound");
    refused(await checkBoth(board, replaced(lines, i, names.at(-1)!)), undefined, /./);
    const j = lines.findIndex((l, k) => k > 4 && l !== "f bound" && lines[k + 1] === "f bound");
    refused(await checkBoth(board, replaced(lines, j, "f bound")), undefined, /./);
  });

  test("lines that are not a branch or a leaf", async () => {
    const { lines } = await proof;
    for (const bad of ["r", "r99", "x3", "r 3", "r03", "b row 3 1 2", "f row 3", ""]) {
      refused(await checkBoth(board, replaced(lines, 6, bad)), 7, /./);
    }
    refused(await checkBoth(board, replaced(lines, 6, "r99")), 7, /off the board/);
  });

  test("a branch on a row of a fixed queen", async () => {
    // n = 16, seed 1, 7 placed: a "no" of a few branches.
    const fixed = generateInstance("completion", 16, { seed: 1, placed: 7 }).board;
    const { lines, s } = await certify(fixed);
    assert.ok(s.answer === "no" && s.branches > 0);
    assert.equal((await checkBoth(fixed, lines)).valid, true);
    const row = fixed.queens[0]!.row;
    refused(await checkBoth(fixed, replaced(lines, 4, `r${row}`)), 5, /fixed queen/);
  });

  test('a "no" where a completion exists: refused where the checker finds it', async () => {
    // The empty 4x4 board: a queen on (0, 1) forces the solution 1 3 0 2.
    const empty: PartialBoard = { n: 4, queens: [] };
    const hash = await instanceHash(empty);
    const head = ["nqueens-certificate 2", "n 4", `instance sha256 ${hash}`, "no"];
    refused(await checkBoth(empty, [...head, "r0", "r1", "end"]), 6, /a completion/);
  });

  test("the header's hash changed, or another board", async () => {
    const { lines } = await proof;
    const hash = lines[2]!;
    const flipped = hash.slice(0, -1) + (hash.endsWith("0") ? "1" : "0");
    refused(await checkBoth(board, replaced(lines, 2, flipped)), 3, /another instance/);
    refused(await checkBoth(ed(12, 2, 11), lines), 3, /another instance/);
    refused(await checkBoth(board, replaced(lines, 1, "n 13")), 2, /expected "n 12"/);
    refused(await checkBoth(board, replaced(lines, 0, "nqueens-certificate 3")), 1, /expected/);
  });

  test("a truncated file, a missing end, something after end", async () => {
    const { lines } = await proof;
    const half = lines.slice(0, lines.length >> 1);
    refused(await checkBoth(board, half), half.length + 1, /stops early/);
    const noEnd = lines.slice(0, -1);
    refused(await checkBoth(board, noEnd), lines.length, /stops early/);
    const early = lines.slice(0, -2).concat("end");
    refused(await checkBoth(board, early), lines.length - 1, /ends too early/);
    refused(await checkBoth(board, [...lines, "end"]), lines.length + 1, /nothing may follow/);
  });

  test("a yes with a queen moved, or claimed for a no", async () => {
    const yes = ed(12, 1, 6);
    const { lines, s } = await certify(yes);
    assert.equal(s.answer, "yes");
    const cols = lines[3]!.split(" ").slice(1);
    const moved = replaced(lines, 3, ["yes", cols[1], cols[0], ...cols.slice(2)].join(" "));
    refused(await checkBoth(yes, moved), 4, /attacked|forbidden/);
    const { lines: no } = await proof;
    refused(await checkBoth(board, replaced(no, 3, lines[3]!).slice(0, 5)), 4, /row \d+: /);
  });

  test("fixed queens that attack each other: the clash is the proof", async () => {
    const clash: PartialBoard = {
      n: 6,
      queens: [
        { row: 0, col: 0 },
        { row: 3, col: 3 },
      ],
    };
    const { lines, s } = await certify(clash);
    assert.deepEqual(lines.slice(3), ["no", "f clash 0,0 3,3", "end"]);
    assert.equal(s.answer, "no");
    assert.equal((await checkBoth(clash, lines)).valid, true);
    refused(await checkBoth(clash, replaced(lines, 4, "f clash 0,0 3,2")), 5, /no fixed queen/);
  });
});

describe("the checker shares nothing with the search", () => {
  test("its modules import only each other and the board's types", () => {
    const dir = new URL("./", import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    assert.ok(files.includes("check.ts") && files.includes("board-model.ts"));
    for (const f of files) {
      const text = readFileSync(new URL(f, dir), "utf8");
      const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
      for (const spec of specs) {
        assert.ok(
          spec === "../board.js" || /^\.\/[a-z0-9-]+\.js$/.test(spec),
          `${f} imports ${spec}: only ../board.js and the folder's own modules`,
        );
      }
    }
  });
});
