// Completion certificates: written by certifyCompletion (completion/certify.ts), replayed by the
// independent checker (check.ts). Every certificate of small instances holds, and agrees with
// the SAT route (testing/sat.ts); each kind of tampering is refused at the line it touches; the
// checker imports nothing from the search.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import type { PartialBoard } from "../board.js";
import { Forbidden } from "../board.js";
import { HardSearch } from "../completion/hard-search.js";
import {
  type CertificateSummary,
  certifyCompletion,
  generateInstance,
} from "../completion/index.js";
import { subBoard } from "../completion/sub-board.js";
import { satComplete } from "../testing/sat.js";
import { type CertificateCheck, checkCertificate } from "./index.js";

async function certify(board: PartialBoard): Promise<{ lines: string[]; s: CertificateSummary }> {
  const chunks: string[] = [];
  const s = await certifyCompletion(board, (c) => chunks.push(c));
  const text = chunks.join("");
  assert.ok(text.endsWith("end\n"), "a certificate ends with end and a line end");
  const lines = text.split("\n");
  lines.pop();
  return { lines, s };
}

/** The lines with line i replaced. */
function replaced(lines: readonly string[], i: number, text: string): string[] {
  return lines.map((l, k) => (k === i ? text : l));
}

/** The index of the last branch line. */
function lastBranch(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.startsWith("b ")) return i;
  return -1;
}

function refused(r: CertificateCheck, line: number, reason: RegExp): void {
  assert.equal(r.valid, false, "refused");
  if (r.valid) return;
  assert.equal(r.line, line, `refused at line ${line}: ${r.reason}`);
  assert.match(r.reason, reason);
}

/** The index one past the subtree whose node is lines[i] (preorder: a branch has one child a square). */
function subtreeEnd(lines: readonly string[], i: number): number {
  let open = 1;
  let at = i;
  while (open > 0) {
    const words = lines[at]!.split(" ");
    open += words[0] === "b" ? words.length - 3 - 1 : -1;
    at++;
  }
  return at;
}

/** Each node's parent node and the square its parent placed there, by line index. */
function parents(lines: readonly string[]): Map<number, { parent: number; square: string }> {
  const out = new Map<number, { parent: number; square: string }>();
  const walk = (i: number): number => {
    const words = lines[i]!.split(" ");
    if (words[0] !== "b") return i + 1;
    let at = i + 1;
    for (const square of words.slice(3)) {
      out.set(at, { parent: i, square });
      at = walk(at);
    }
    return at;
  };
  walk(lines.indexOf("no") + 1);
  return out;
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
      assert.deepEqual(r, {
        valid: true,
        answer: s.answer,
        branches: s.branches,
        leaves: s.leaves,
      });
      assert.equal(lines.length, s.answer === "yes" ? 5 : 5 + s.branches + s.leaves);
    });
  }
  test("both answers are among the cases", () => {
    assert.ok(answers.yes >= 10 && answers.no >= 10, JSON.stringify(answers));
  });
});

test("the proof is the search's own tree: one branch line a node of the search without restarts", async () => {
  for (const [n, seed] of [
    [12, 1],
    [14, 1],
    [18, 3],
  ] as const) {
    const board = ed(n, seed, Math.round(0.9 * n));
    const { s } = await certify(board);
    assert.equal(s.answer, "no");
    const plain = new HardSearch(subBoard(board, new Forbidden(board)), {
      restarts: false,
      learn: false,
    });
    assert.equal(plain.run(), "unsat");
    assert.equal(s.branches, plain.nodes, `n = ${n}, seed ${seed}`);
  }
});

describe("tampering is refused", () => {
  // n = 12, seed 1, d = 11: a "no" of 70 branches and 141 leaves.
  const board = ed(12, 1, 11);
  const proof = certify(board);

  test("the proof itself holds", async () => {
    const { lines } = await proof;
    assert.equal((await checkCertificate(board, lines)).valid, true);
    assert.ok(lines.filter((l) => l.startsWith("b ")).length > 20);
  });

  test("a branch's square removed, with its subtree", async () => {
    const { lines } = await proof;
    for (const i of [lines.indexOf("no") + 1, lastBranch(lines)]) {
      const words = lines[i]!.split(" ");
      const last = parents(lines);
      const child = [...last].filter(([, p]) => p.parent === i).at(-1)![0];
      const cut = [
        ...lines.slice(0, i),
        words.slice(0, -1).join(" "),
        ...lines.slice(i + 1, child),
        ...lines.slice(subtreeEnd(lines, child)),
      ];
      refused(await checkCertificate(board, cut), i + 1, /the branch misses/);
    }
  });

  test("a branch's square listed twice, or one that is not possible", async () => {
    const { lines } = await proof;
    const i = lines.indexOf("no") + 1;
    const words = lines[i]!.split(" ");
    const twice = replaced(lines, i, [...words.slice(0, 4), ...words.slice(3)].join(" "));
    refused(await checkCertificate(board, twice), i + 1, /listed twice/);
    const gone = replaced(lines, i, [...words.slice(0, 3), "99", ...words.slice(4)].join(" "));
    refused(await checkCertificate(board, gone), i + 1, /99 is not one of its squares/);
  });

  test("a leaf's reason changed to the line of the queen just placed", async () => {
    const { lines } = await proof;
    const up = parents(lines);
    let tried = 0;
    for (const [i, { parent, square }] of up) {
      if (!lines[i]!.startsWith("f ") || lines[i] === "f bound" || tried >= 5) continue;
      const [, kind, at] = lines[parent]!.split(" ");
      // The queen stands on (at, square) for a row branch, (square, at) for a column branch.
      const changed = kind === "row" ? `f row ${at}` : `f col ${at}`;
      refused(
        await checkCertificate(board, replaced(lines, i, changed)),
        i + 1,
        /has its queen here/,
      );
      const other = kind === "row" ? `f col ${square}` : `f row ${square}`;
      refused(
        await checkCertificate(board, replaced(lines, i, other)),
        i + 1,
        /has its queen here/,
      );
      tried++;
    }
    assert.equal(tried, 5);
  });

  test("a leaf claimed one level early", async () => {
    const { lines } = await proof;
    // A branch whose children are all leaves, replaced by its first child's leaf.
    const i = lines.findIndex(
      (l, k) => l.startsWith("b ") && subtreeEnd(lines, k) === k + 1 + l.split(" ").length - 3,
    );
    assert.ok(i > 0);
    const early = [...lines.slice(0, i), lines[i + 1]!, ...lines.slice(subtreeEnd(lines, i))];
    refused(await checkCertificate(board, early), i + 1, /still has a square left|not fail/);
  });

  test("the diagonal bound claimed where it does not fail", async () => {
    const { lines } = await proof;
    const i = lines.findIndex((l) => l.startsWith("f row") || l.startsWith("f col"));
    refused(
      await checkCertificate(board, replaced(lines, i, "f bound")),
      i + 1,
      /no square left|not fail/,
    );
  });

  test("the header's hash changed, or another board", async () => {
    const { lines } = await proof;
    const hash = lines[2]!;
    const flipped = hash.slice(0, -1) + (hash.endsWith("0") ? "1" : "0");
    refused(await checkCertificate(board, replaced(lines, 2, flipped)), 3, /another instance/);
    refused(await checkCertificate(ed(12, 2, 11), lines), 3, /another instance/);
    refused(await checkCertificate(board, replaced(lines, 1, "n 13")), 2, /expected "n 12"/);
    refused(
      await checkCertificate(board, replaced(lines, 0, "nqueens-certificate 2")),
      1,
      /expected/,
    );
  });

  test("a truncated file, a missing end, something after end", async () => {
    const { lines } = await proof;
    const half = lines.slice(0, lines.length >> 1);
    refused(await checkCertificate(board, half), half.length + 1, /stops early/);
    const noEnd = lines.slice(0, -1);
    refused(await checkCertificate(board, noEnd), lines.length, /stops early/);
    const early = lines.slice(0, -2).concat("end");
    refused(await checkCertificate(board, early), lines.length - 1, /ends too early/);
    refused(
      await checkCertificate(board, [...lines, "end"]),
      lines.length + 1,
      /nothing may follow/,
    );
  });

  test("a yes with a queen moved, or claimed for a no", async () => {
    const yes = ed(12, 1, 6);
    const { lines, s } = await certify(yes);
    assert.equal(s.answer, "yes");
    const cols = lines[3]!.split(" ").slice(1);
    const moved = replaced(lines, 3, ["yes", cols[1], cols[0], ...cols.slice(2)].join(" "));
    refused(await checkCertificate(yes, moved), 4, /attacked|forbidden/);
    const { lines: no } = await proof;
    refused(await checkCertificate(board, replaced(no, 3, lines[3]!).slice(0, 5)), 4, /row \d+: /);
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
    assert.equal((await checkCertificate(clash, lines)).valid, true);
    refused(
      await checkCertificate(clash, replaced(lines, 4, "f clash 0,0 3,2")),
      5,
      /no fixed queen/,
    );
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
          spec === "../board.js" || /^\.\/[a-z-]+\.js$/.test(spec),
          `${f} imports ${spec}: only ../board.js and the folder's own modules`,
        );
      }
    }
  });
});
