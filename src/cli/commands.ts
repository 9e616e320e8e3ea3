/**
 * The commands the program offers; each file under cli/ registers one. A command's file, and
 * with it the part of the library it uses, is loaded only when it is needed: `nqueens count 8`
 * registers `count` alone and never loads the completion solver, the teaching algorithms or the
 * judges (about a hundred modules, a fifth of a second of every start).
 */
import type { Command } from "commander";
import type { Register } from "./register.js";
import { SUMMARIES } from "./summaries.js";

/** Each command's name, as its file registers it (commands.test.ts checks), and its loader. */
const COMMANDS: readonly (readonly [string, () => Promise<Register>])[] = [
  ["solve", async () => (await import("./solve.js")).registerSolve],
  ["list", async () => (await import("./list.js")).registerList],
  ["count", async () => (await import("./count.js")).registerCount],
  ["complete", async () => (await import("./complete.js")).registerComplete],
  ["check", async () => (await import("./check.js")).registerCheck],
  [
    "check-certificate",
    async () => (await import("./check-certificate.js")).registerCheckCertificate,
  ],
  ["generate", async () => (await import("./generate.js")).registerGenerate],
  ["aoj", async () => (await import("./aoj.js")).registerAoj],
  ["judge", async () => (await import("./judge.js")).registerJudge],
  ["trace", async () => (await import("./trace.js")).registerTrace],
  ["compare", async () => (await import("./compare.js")).registerCompare],
  ["web", async () => (await import("./web.js")).registerWeb],
  ["worker", async () => (await import("./worker.js")).registerWorker],
  ["worker-key", async () => (await import("./worker-key.js")).registerWorkerKey],
  ["runs", async () => (await import("./runs.js")).registerRuns],
  ["completion", async () => (await import("./shell-completion.js")).registerCompletion],
];

/**
 * The commands to register for the command line `argv`: the one it names first, alone, or
 * every command, in the order of `nqueens --help`, when it names none (the program's help, `help
 * <command>`, an unknown command and its suggestion) or names `completion`, whose scripts list
 * them all. The version, asked first, needs none.
 */
export async function commandsFor(argv: readonly string[]): Promise<Register[]> {
  if (argv[0] === "-V" || argv[0] === "--version") return [];
  const named = COMMANDS.find(([name]) => name === argv[0] && name !== "completion");
  return Promise.all((named ? [named] : COMMANDS).map(([, load]) => load()));
}

/** `nqueens --help` or `-h`, and nothing else: the program's help, drawn from SUMMARIES. */
export const helpOnly = (argv: readonly string[]) =>
  argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h");

/**
 * Adds each command to `program` as its line in the help (summaries.ts), with nothing behind it:
 * for {@link helpOnly} command lines, which print the help and run no command.
 */
export function registerSummaries(program: Command): void {
  const usage = new Map(SUMMARIES.map(([name, args]) => [name, `${name} ${args}`]));
  const plain = program.createHelp();
  program.configureHelp({
    subcommandTerm: (cmd) => usage.get(cmd.name()) ?? plain.subcommandTerm(cmd),
  });
  for (const [name, , description] of SUMMARIES) program.command(name).description(description);
}
