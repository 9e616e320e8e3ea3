// The guides against the BUILT program (npm test builds first): the generated parts of
// docs/command.md (every --help) and docs/formats.md (the formats table) are what
// scripts/docs.mjs writes now, and every `js` block of docs/library.md and the README runs.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { assertBuilt, ROOT } from "./testing/run-cli.js";

assertBuilt();

test("docs/command.md and docs/formats.md are what the program prints (node scripts/docs.mjs)", () => {
  const r = spawnSync(process.execPath, [`${ROOT}scripts/docs.mjs`, "--check"], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
});

/** The `js` blocks of a Markdown file. */
function jsBlocks(file: string): string[] {
  const text = readFileSync(`${ROOT}${file}`, "utf8");
  return [...text.matchAll(/^```js\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
}

describe("the examples run", { concurrency: 2 }, () => {
  for (const file of ["README.md", "docs/library.md"]) {
    jsBlocks(file).forEach((code, i) => {
      const first = code.split("\n")[0];
      test(`${file}, block ${i + 1}: ${first}`, () => {
        // In the repository's root "nqueens" resolves to the package itself (self-reference).
        const r = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
          cwd: ROOT,
          encoding: "utf8",
          timeout: 120_000,
        });
        assert.equal(r.status, 0, `${file}, block ${i + 1}:\n${r.stderr}`);
      });
    });
  }
});
