// Empties dist/ before a build, so that no file of an earlier build (a test, a module since
// removed) is left to be run or published.
import { rmSync } from "node:fs";

rmSync(new URL("../dist/", import.meta.url), { recursive: true, force: true });
