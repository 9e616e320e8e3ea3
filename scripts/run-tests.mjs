// Runs every *.test.ts under src/ with node's own test runner (through tsx).
// Usage: node scripts/run-tests.mjs [substring-filter...]
// The spec reporter, not TAP: it ends with "failing tests:" and each failure in full, so the
// last lines of a long log (all that CI shows of it) name what failed.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return find(p);
    return e.name.endsWith(".test.ts") ? [p] : [];
  });
}

const filters = process.argv.slice(2);
const files = find("src")
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();
const r = spawnSync(
  process.execPath,
  ["--import", "tsx", "--test", "--test-reporter=spec", ...files],
  {
    stdio: "inherit",
    env: { ...process.env, NO_COLOR: "1" },
  },
);
process.exit(r.status ?? 1);
