// Completion certificates in format version 1, as nqueens 0.2.0 wrote them (every node a line,
// branches with their squares, leaves with their reasons): the checker still reads them
// (tree-v1.ts). One certificate written then (testing/certificate-v1.ts) holds, and each kind
// of tampering is refused at the line it touches.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { generateInstance } from "../completion/index.js";
import { CERTIFICATE_V1 } from "../testing/certificate-v1.js";
import { type CertificateCheck, checkCertificate } from "./index.js";

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

describe("a version 1 certificate holds, and tampering with it is refused", () => {
  // n = 11, seed 1, d = 10: a "no" of 20 branches and 42 leaves, written by nqueens 0.2.0.
  const { n, seed, diagonals, lines: written } = CERTIFICATE_V1;
  const board = generateInstance("diagonals", n, { seed, diagonals }).board;
  const proof = Promise.resolve({ lines: [...written] });

  test("the proof itself holds", async () => {
    const { lines } = await proof;
    assert.deepEqual(await checkCertificate(board, lines), {
      valid: true,
      answer: "no",
      branches: 20,
      leaves: 42,
    });
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

  test("the header's version changed to 2: a version 2 tree is not one", async () => {
    const { lines } = await proof;
    const r = await checkCertificate(board, ["nqueens-certificate 2", ...lines.slice(1)]);
    refused(r, 5, /expected a branch/);
  });
});
