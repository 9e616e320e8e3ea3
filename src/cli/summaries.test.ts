import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { Command } from "commander";
import { assertBuilt, nqueens } from "../testing/run-cli.js";
import { commandsFor } from "./commands.js";
import { SUMMARIES } from "./summaries.js";

test("the table holds each registered command's help line: name, usage and description", async () => {
  const program = new Command("nqueens");
  for (const register of await commandsFor([])) register(program, () => {});
  const help = program.createHelp();
  const lines = program.commands.map((c) => [c.name(), help.subcommandTerm(c), c.description()]);
  assert.deepEqual(
    SUMMARIES.map(([name, usage, description]) => [name, `${name} ${usage}`, description]),
    lines,
  );
});

describe("nqueens --help, drawn from the table, is the full program's help", () => {
  before(assertBuilt);
  for (const flag of ["--help", "-h"]) {
    test(flag, async () => {
      const light = await nqueens([flag]);
      const full = await nqueens(["help"]); // `help` registers every command
      assert.equal(light.code, 0, light.stderr);
      assert.equal(light.stdout, full.stdout);
      assert.match(
        light.stdout,
        /^ {2}check-certificate \[options\] <instance> <certificate> {2}/m,
      );
    });
  }
});
