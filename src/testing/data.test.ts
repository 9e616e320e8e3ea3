import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { readSharedJson } from "./data.js";

const ENV = "NQUEENS_SHARED_DATA";

/** Runs `body` with $NQUEENS_SHARED_DATA set to `value` (undefined: unset), then restores it. */
function withEnv(value: string | undefined, body: () => void): void {
  const before = process.env[ENV];
  if (value === undefined) delete process.env[ENV];
  else process.env[ENV] = value;
  try {
    body();
  } finally {
    if (before === undefined) delete process.env[ENV];
    else process.env[ENV] = before;
  }
}

test("shared data missing: one error naming the path looked at and the variable", () => {
  const empty = mkdtempSync(join(tmpdir(), "nqueens-shared-"));
  try {
    withEnv(empty, () => {
      for (const [file, what] of [
        ["known-counts.json", "known counts"],
        ["completion/excluded-diagonals.json", "completion instances"],
      ]) {
        assert.throws(() => readSharedJson(file!, what!), {
          message: `${what} not found at ${join(empty, file!)}: put the project's shared/ folder beside the repository or set ${ENV}`,
        });
      }
    });
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test("shared data beside the repository: found from any working directory", {
  skip: process.env[ENV] ? `${ENV} is set` : false,
}, () => {
  const cwd = process.cwd();
  process.chdir(tmpdir());
  try {
    withEnv(undefined, () => {
      const data = readSharedJson("known-counts.json", "known counts") as { counts: unknown[] };
      assert.ok(data.counts.length > 0);
    });
  } finally {
    process.chdir(cwd);
  }
});
