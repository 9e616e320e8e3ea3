// Whether the full build (`npm run build:dev`: tsc -p ., then the fast start's bundle) is in
// dist/, for the scripts that run the built command or the programs in dist/dev/: the named files
// exist, and the fast start's bundle (scripts/bundle-start.mjs) is not older than its module, so
// that a small count runs the code just built (bin/nqueens.js passes over an older bundle, and
// the figures would be those of the slower start).
// Usage: import { builtProblem } from "./built.mjs"; const problem = builtProblem(["cli/count.js"]);
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** What is wrong with dist/ for a script that needs `files` (paths under dist/), or undefined. */
export function builtProblem(files) {
  if (!files.every((f) => existsSync(`${dist}${f}`))) return "build first: npm run build:dev";
  const time = (f) => statSync(`${dist}cli/${f}`, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
  if (!(time("fast-start.cjs") >= time("fast-start.js"))) {
    return "the fast start's bundle is older than the build: npm run build:dev";
  }
  return undefined;
}
