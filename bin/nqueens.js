#!/usr/bin/env node
// The command runs the built library (dist/). A checkout that was never built, or an install
// with a package missing, says so in one line instead of Node's stack trace (exit 69).
// Each command's modules are loaded when it runs (dist/cli/commands.js), so a missing one is
// found inside main too.
let status;
try {
  const cli = await import("../dist/cli/main.js");
  status = await cli.main(process.argv.slice(2));
} catch (e) {
  if (e?.code !== "ERR_MODULE_NOT_FOUND") throw e;
  const root = decodeURIComponent(new URL("..", import.meta.url).pathname);
  const what = String(e.message)
    .split("\n")[0]
    .replace(/ imported from .*$/, "");
  process.stderr.write(
    `nqueens: cannot start (${what}): run npm install in ${root} (in a clone, npm run build)\n`,
  );
  process.exit(69);
}
process.exitCode = status;
