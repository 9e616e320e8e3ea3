/**
 * commander, loaded through `require`: it is a CommonJS package, and Node 20's ESM import of one
 * first scans its source for its exports (cjs-module-lexer) and wraps it, about 15 ms of CPU at
 * every start on this project's machine (docs/notes/2026-12-07-startup-and-memory.md). The
 * command's files take commander's classes from here; its types come from the package itself.
 */
import { createRequire } from "node:module";
import type * as Commander from "commander";

const commander = createRequire(import.meta.url)("commander") as typeof Commander;

export const { Argument, Command, CommanderError, Help, Option } = commander;
export type Option = Commander.Option;
