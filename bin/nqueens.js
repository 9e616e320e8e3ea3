#!/usr/bin/env node
// The command runs the built library (dist/). It starts with the fast start: `--version`,
// `--help` and the small counts, bundled into one CommonJS file (dist/cli/fast-start.cjs, by
// scripts/bundle-start.mjs) so that they load no ES module, which costs 20 ms of CPU; any other
// command line goes on to dist/cli/main.js. In a checkout, a bundle older than the module it was
// made from (a build by tsc alone) is passed over for that module, dist/cli/fast-start.js: the
// same code, as ES modules. A checkout that was never built, or an install with a package
// missing, says so in one line instead of Node's stack trace (exit 69). Each command's modules
// are loaded when it runs (dist/cli/commands.js), so a missing one is found inside main too.
// This file is CommonJS (bin/package.json), so that the fast start loads no ES module.
"use strict";
const { existsSync, statSync } = require("node:fs");
const { join } = require("node:path");

const argv = process.argv.slice(2);

/**
 * The fast start's module: its bundle, unless it is missing or, in a checkout (src/ beside
 * dist/), older than its module; else the ES module. An installed package is used as it was
 * built: its files' times are when they were unpacked, in no particular order.
 */
function fastStartModule() {
  const root = join(__dirname, "..");
  const cli = join(root, "dist", "cli");
  const bundle = join(cli, "fast-start.cjs");
  const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
  const made = mtime(bundle);
  const checkout = existsSync(join(root, "src"));
  if (made >= 0 && (!checkout || made >= mtime(join(cli, "fast-start.js")))) {
    return require(bundle);
  }
  return import("../dist/cli/fast-start.js");
}

/** The first words of the fast start's command lines: others need not load it (3 ms of CPU). */
const FAST_WORDS = new Set(["count", "-V", "--version", "-h", "--help"]);

async function run() {
  const status = FAST_WORDS.has(argv[0])
    ? await (await fastStartModule()).fastStart(argv)
    : undefined;
  if (status !== undefined) return status;
  const cli = await import("../dist/cli/main.js");
  return await cli.main(argv);
}

run().then(
  (status) => {
    process.exitCode = status;
  },
  (e) => {
    if (e?.code !== "ERR_MODULE_NOT_FOUND") throw e;
    const root = join(__dirname, "..");
    const what = String(e.message)
      .split("\n")[0]
      .replace(/ imported from .*$/, "");
    process.stderr.write(
      `nqueens: cannot start (${what}): run npm install in ${root} (in a clone, npm run build)\n`,
    );
    process.exit(69);
  },
);
