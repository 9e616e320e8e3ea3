/**
 * The package's version, read from package.json (two folders up from src/cli and dist/cli; the
 * fast start's bundle, dist/cli/fast-start.cjs, sits beside dist/cli/main.js) by `--version` and
 * the commander program, not by a quick count: reading it costs 2 to 3 ms of CPU
 * (docs/notes/2026-12-07-small-count-floor.md).
 */
import { createRequire } from "node:module";

/** The version in package.json. */
export const version = (): string =>
  (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
