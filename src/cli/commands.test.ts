import assert from "node:assert/strict";
import { test } from "node:test";
import { Command } from "commander";
import { commandsFor } from "./commands.js";

/** The commands registered for a command line, by name, in order. */
async function registered(argv: string[]): Promise<string[]> {
  const program = new Command("nqueens");
  for (const register of await commandsFor(argv)) register(program, () => {});
  return program.commands.map((c) => c.name());
}

test("a command line that names a command registers that command alone, under its name", async () => {
  const all = await registered([]);
  assert.equal(all.length, 16);
  for (const name of all.filter((n) => n !== "completion")) {
    assert.deepEqual(await registered([name, "--help"]), [name]);
  }
});

test("help, an unknown or no command, and completion's script register every command", async () => {
  const all = await registered([]);
  for (const argv of [
    ["--help"],
    ["help", "count"],
    ["slove", "8"],
    ["completion", "bash"],
    ["8"],
  ]) {
    assert.deepEqual(await registered(argv), all, argv.join(" "));
  }
  assert.deepEqual(all.slice(0, 4), ["solve", "list", "count", "complete"]);
  assert.deepEqual(await registered(["--version"]), []);
  assert.deepEqual(await registered(["-V"]), []);
});
