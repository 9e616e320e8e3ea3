// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build`.
// complete --certificate and check-certificate, end to end: a no and a yes written and checked,
// a tampered certificate refused in one line, bad input, and no half-written file left.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { assertBadInput, assertBuilt, nqueens } from "../testing/run-cli.js";

let dir = "";
before(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "nqueens-certificate-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** An Excluded Diagonals instance as a CSPLib file, by the command's own generator. */
async function instance(name: string, n: number, seed: number, d: number): Promise<string> {
  const args = ["generate", "diagonals", String(n), "--seed", String(seed)];
  const run = await nqueens([...args, "--diagonals", String(d), "--format", "csplib"]);
  assert.equal(run.code, 0, run.stderr);
  const path = join(dir, name);
  writeFileSync(path, run.stdout);
  return path;
}

describe("nqueens complete --certificate, nqueens check-certificate", { concurrency: 1 }, () => {
  test("a no: written, checked, and refused once tampered", async () => {
    const board = await instance("no.param", 12, 1, 11);
    const cert = join(dir, "no.cert");
    const made = await nqueens(["complete", "-q", board, "--certificate", cert]);
    assert.equal(made.code, 1);
    assert.equal(made.stdout, "");
    assert.match(made.stderr, /^nqueens: this 12x12 board cannot be completed/);
    const lines = readFileSync(cert, "utf8").split("\n");
    assert.deepEqual(lines.slice(0, 2), ["nqueens-certificate 2", "n 12"]);
    assert.equal(lines.at(-1), "");
    assert.equal(lines.at(-2), "end");
    const checked = await nqueens(["check-certificate", "-q", board, cert]);
    assert.deepEqual(checked, {
      code: 0,
      stdout: "valid: no completion (135 branches and 209 leaves checked)\n",
      stderr: "",
    });
    const json = await nqueens(["check-certificate", "-q", "--json", board, cert]);
    assert.deepEqual(JSON.parse(json.stdout), {
      valid: true,
      answer: "no",
      branches: 135,
      leaves: 209,
    });
    // The root's branch claimed a leaf of the diagonal bound.
    const tampered = join(dir, "tampered.cert");
    writeFileSync(tampered, [...lines.slice(0, 4), "f bound", ...lines.slice(5)].join("\n"));
    const refused = await nqueens(["check-certificate", "-q", board, tampered]);
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, "");
    assert.match(
      refused.stderr,
      /^nqueens: certificate refused at line 5: the diagonal bound does not fail here\n$/,
    );
  });

  test("a yes: the completion printed, written, checked", async () => {
    const board = await instance("yes.param", 12, 1, 6);
    const cert = join(dir, "yes.cert");
    const made = await nqueens([
      "complete",
      "-q",
      board,
      "--certificate",
      cert,
      "--format",
      "perm",
    ]);
    assert.equal(made.code, 0, made.stderr);
    const lines = readFileSync(cert, "utf8").split("\n");
    assert.equal(lines[3], `yes ${made.stdout.trim()}`);
    const checked = await nqueens(["check-certificate", "-q", board, cert]);
    assert.deepEqual(checked, { code: 0, stdout: "valid: a completion\n", stderr: "" });
    const other = await instance("other.param", 12, 2, 6);
    const wrong = await nqueens(["check-certificate", "-q", other, cert]);
    assert.equal(wrong.code, 1);
    assert.equal(
      wrong.stderr,
      "nqueens: certificate refused at line 3: the certificate is for another instance\n",
    );
  });

  test("bad input: exit 2, and no file left behind", async () => {
    const board = await instance("bad.param", 8, 1, 7);
    assertBadInput(
      await nqueens(["check-certificate", "-q", board, join(dir, "missing.cert")]),
      /cannot read the certificate .*missing\.cert: ENOENT/,
    );
    assertBadInput(
      await nqueens(["check-certificate", "-q", board, dir]),
      /cannot read the certificate .*: EISDIR$/,
    );
    const long = join(dir, "long.cert");
    writeFileSync(long, `nqueens-certificate 2\nn 8\n${"0".repeat(2 << 20)}`);
    assertBadInput(
      await nqueens(["check-certificate", "-q", board, long]),
      /has a line over 1 MiB: not a certificate/,
    );
    assertBadInput(
      await nqueens(["complete", "-q", board, "--count", "--certificate", join(dir, "c.cert")]),
      /--certificate certifies one answer/,
    );
    assertBadInput(
      await nqueens(["complete", "-q", board, "--certificate", join(dir, "none", "x.cert")]),
      /cannot write the certificate beside/,
    );
    assertBadInput(
      await nqueens(["complete", "-q", board, "--certificate", dir]),
      /cannot write the certificate to .*: it is a directory$/,
    );
    // A "no" on a board missing more than 32 queens: refused, and the partial file removed.
    const wall = JSON.stringify({
      n: 40,
      queens: [],
      blocked: Array.from({ length: 40 }, (_, col) => ({ row: 7, col })),
    });
    const out = join(dir, "wall.cert");
    const big = await nqueens(["complete", "-q", "-", "--certificate", out], wall);
    assertBadInput(big, /a "no" is certified for boards missing at most 32 queens/);
    assert.equal(existsSync(out), false);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith(".partial")),
      [],
      "no partial certificate left",
    );
  });
});
