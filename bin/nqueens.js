#!/usr/bin/env node
import { main } from "../dist/cli/main.js";

// A reader that stops early (`nqueens list 14 | head`) is not an error.
process.stdout.on("error", (e) => {
  if (e.code !== "EPIPE") throw e;
});

process.exitCode = await main(process.argv.slice(2));
