// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
// Generated malformed boards through complete, check and aoj: every one is exit 2 with one short
// line on stderr, nothing on stdout, no stack trace, no raw control character, and no hang.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { BOARD_FORMS, formatBoard } from "../formats/index.js";
import { MAX_INPUT_BYTES } from "../limits.js";
import { assertBuilt, nqueens, type Run } from "../testing/run-cli.js";

assertBuilt();

/** A character no format reads, so every input below is malformed for every reader. */
const POISON = ["@", "%", "\u0000", "\u001b[2J", "\u202e", "~"];

/** Every readable format: the board is written in one, then poisoned. */
const STYLES = BOARD_FORMS;

/** A board written in some style, with a poison character put somewhere in it. */
const poisoned = fc
  .record({
    n: fc.integer({ min: 1, max: 9 }),
    style: fc.constantFrom(...STYLES),
    poison: fc.constantFrom(...POISON),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .map(({ n, style, poison, at, seed }) => {
    const queens = Array.from({ length: n }, (_, row) => ({ row, col: (row * 7 + seed) % n }));
    let text = formatBoard(
      { n, queens: style === "perm" ? queens : queens.slice(0, 1 + (seed % n)) },
      style,
    );
    // A poison inside a word or between words: either way no reader accepts it.
    const i = Math.floor(at * (text.length + 1));
    text = `${text.slice(0, i)}${poison}${text.slice(i)}`;
    return text;
  });

/** Junk of other shapes: deep nesting, huge numbers, long lines, control characters. */
const junk = fc.oneof(
  fc.integer({ min: 17, max: 5000 }).map((d) => `${"[".repeat(d)}${"]".repeat(d)}@`),
  fc.integer({ min: 17, max: 5000 }).map((d) => `${'{"a":'.repeat(d)}0${"}".repeat(d)}`),
  fc.bigInt({ min: 10n ** 20n, max: 10n ** 400n }).map((b) => `${b} 1 2\n@`),
  fc.integer({ min: 100_000, max: 1_000_000 }).map((k) => `${"Q.".repeat(k)}@\n`),
  fc.string({ maxLength: 80 }).map((s) => `\u001b]0;${s}\u0007@\n${s}@`),
  fc
    .array(fc.constantFrom("Q", ".", "@", "\r", "\n", "\t", " ", "|", "+", "-", "(", ")", ","), {
      minLength: 1,
      maxLength: 300,
    })
    .map((a) => `${a.join("")}@`),
  fc.constantFrom(
    "",
    " \n ",
    ",",
    ";;",
    "\uFEFF",
    "n",
    "n @",
    "{",
    "[",
    '{"n":8,"cols":"@"}',
    "(1,@)",
  ),
);

/** Whether a text holds a raw control character (or a bidirectional override). */
function hasControl(text: string): boolean {
  return [...text].some((ch) => {
    const c = ch.codePointAt(0)!;
    return c < 0x20 || c === 0x7f || c === 0x202e;
  });
}

function assertRefused(r: Run, what: string): void {
  assert.equal(
    r.code,
    2,
    `${what}: exit ${r.code}, stderr ${JSON.stringify(r.stderr.slice(0, 300))}`,
  );
  assert.equal(r.stdout, "", what);
  const lines = r.stderr.split("\n");
  assert.equal(
    lines.length,
    2,
    `${what}: one line on stderr, got ${JSON.stringify(r.stderr.slice(0, 300))}`,
  );
  assert.match(lines[0]!, /^nqueens: /, what);
  assert.ok(lines[0]!.length < 300, `${what}: a short message (${lines[0]!.length} characters)`);
  assert.doesNotMatch(r.stderr, /\bat .*\.(js|ts):\d+/, `${what}: no stack trace`);
  assert.ok(!hasControl(lines[0]!), `${what}: control characters escaped`);
}

const inputs = [
  ...fc.sample(poisoned, { numRuns: 45, seed: 7 }),
  ...fc.sample(junk, { numRuns: 25, seed: 11 }),
];

describe(`${inputs.length} malformed inputs through complete, check and aoj`, {
  concurrency: 4,
}, () => {
  inputs.forEach((text, i) => {
    test(`input ${i + 1}: ${JSON.stringify(text.slice(0, 30))}${text.length > 30 ? "..." : ""}`, async () => {
      for (const command of ["complete", "check", "aoj"]) {
        assertRefused(await nqueens([command], text), command);
      }
    });
  });
});

describe("input past the byte limit is refused once the limit is passed", () => {
  test("33 MiB of a matrix on stdin", async () => {
    const text = `${".".repeat(1000)}\n`.repeat(Math.ceil((MAX_INPUT_BYTES + 2 ** 20) / 1001));
    for (const command of ["complete", "check", "aoj"]) {
      const r = await nqueens([command], text);
      assertRefused(r, command);
      assert.match(r.stderr, /larger than 32 MiB/);
    }
  });
});

describe("a 100,000-character argument is quoted a little", () => {
  const long = "x".repeat(100_000);
  const lines: string[][] = [
    ["count", "10", "--method", long], // commander's choices
    ["solve", "8", "--format", long],
    ["judge", long],
    ["completion", long],
    ["count", "10", "--checkpoint", long], // a path
    ["count", "10", "--checkpoint", `${long}\u001b[2J`],
  ];
  for (const args of lines) {
    test(args.map((a) => (a.length > 20 ? `${a.slice(0, 8)}...` : a)).join(" "), async () => {
      const r = await nqueens(args);
      assertRefused(r, args[0]!);
      assert.match(r.stderr, /\(100,00\d characters\)/);
    });
  }
});
