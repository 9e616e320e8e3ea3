/**
 * The `nqueens` command: parses arguments, runs one command, returns its exit status.
 * Exit codes: 0 success, 1 the answer is "no" (like grep), 2 bad input or usage, 74 a write
 * failed (the output, or a checkpoint on a full disk), 75 the queue's Redis is full (try again
 * later), 78 its Redis evicts keys (its configuration), 70 an internal error (a bug), 128 + n
 * stopped by signal n (the commands that trap it); bin/nqueens.js exits 69 itself when the build
 * or a package is missing.
 * Only bin/nqueens.js sets the process's exit code; nothing here calls process.exit.
 * bin/nqueens.js runs fast-start.ts first (`--version`, the quick counts, and `--help`, which
 * it hands back here from its bundle); `main` takes every command line all the same, through
 * commander.
 */
import type { OutputConfiguration } from "commander";
import { escapeControls, QUOTE_LIMIT, quote } from "../errors.js";
import { statusOf } from "./exit-status.js";
import { type Output, stdout } from "./output.js";
import { version } from "./version.js";

/** What commander prints and how: help and the version through `out`, errors as one line. */
function outputOf(out: Output, top = false): OutputConfiguration {
  return {
    // Help and the version go out as any output does (a failed write is one line, exit 74); a
    // failure stays on the stream, and `out.end()` reports it.
    writeOut: (text) => void out.text(text)?.catch(() => {}),
    outputError: (text, write) => write(oneLineError(text, top)),
  };
}

/** Commander's codes for --help, `help` and --version: printed, exit 0. */
const SHOWN = new Set(["commander.helpDisplayed", "commander.help", "commander.version"]);

/**
 * The commander program for `argv`: the commands it names registered (commands.ts), their
 * statuses through `exit`, everything printed through `out`.
 */
async function programFor(argv: readonly string[], out: Output, exit: (code: number) => void) {
  const { Command } = await import("./commander.js");
  const program = new Command("nqueens")
    .description("Place, count, complete and explain N non-attacking queens.")
    .version(version(), "-V, --version")
    .addHelpText(
      "after",
      `
Examples:
  $ nqueens solve 8                 one solution, drawn
  $ nqueens count 14 --unique       365596 solutions, 45752 up to symmetry
  $ nqueens list 8 --unique         the 12 classes with their orbit sizes
  $ nqueens complete board.txt      finish a board with some queens placed
  $ nqueens trace 5 --limit 30      watch backtracking place and remove queens
  $ nqueens web                     the interactive page on http://127.0.0.1:4173

Exit status: 0 yes, 1 the answer is no (no solution, not completable, not a
solution), 2 bad input or usage, 69 the build or a package is missing, 74 the
output or a checkpoint could not be written, 128+n stopped by signal n (130 for
Ctrl-C). Run "nqueens help <command>" for its options.`,
    )
    .exitOverride()
    .configureOutput(outputOf(out, true));
  // The command table is loaded here, when a program is built (the fast start needs only helpOnly).
  const { commandsFor, helpOnly, registerSummaries } = await import("./commands.js");
  if (helpOnly(argv)) registerSummaries(program);
  else for (const register of await commandsFor(argv)) register(program, exit);
  for (const c of program.commands) {
    c.exitOverride().configureOutput(outputOf(out));
  }
  return program;
}

/** Runs the command line `argv` (without node and the script) and resolves to the exit status. */
export async function main(argv: readonly string[]): Promise<number> {
  let status = 0;
  const out = stdout(); // from here on a closed or failed stdout is an error value, not a crash
  const program = await programFor(argv, out, (code) => {
    status = code;
  });
  const { CommanderError } = await import("./commander.js");
  try {
    const asked = argv[0] === "help" ? argv[1] : undefined;
    if (asked !== undefined && !program.commands.some((c) => c.name() === asked)) {
      process.stderr.write(`nqueens: no command ${quote(asked)} (see --help)\n`);
      return 2;
    }
    try {
      await program.parseAsync([...argv], { from: "user" });
    } catch (e) {
      if (!(e instanceof CommanderError)) throw e;
      // Help asked for exits 0; help shown because no command was given is a usage error.
      if (!SHOWN.has(e.code) || e.exitCode !== 0) return 2;
    }
    await out.end();
    return status;
  } catch (e) {
    return await statusOf(e, out);
  }
}

/** A quoted run longer than `quote` shows whole (found even beside an apostrophe of the value). */
const LONG_QUOTED = new RegExp(`'([^']{${QUOTE_LIMIT + 1},})'`, "g");

/**
 * Commander's usage errors as one line, its suggestion kept:
 * `nqueens: unknown command 'slove'; did you mean solve? (see --help)`. Before a command
 * (`top`), `-v` is taken for the version it usually asks for.
 */
export function oneLineError(text: string, top = false): string {
  const [first = "", ...rest] = text
    .replace(/^error: /, "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const hint = rest
    .map((l) => l.replace(/^\(Did you mean (.*)\?\)$/, "did you mean $1?"))
    .join(" ");
  const version = top && first === "unknown option '-v'" && hint === "";
  // An option typed wrong with its value (`--secrt=hunter2`) is named without the value, which
  // may be a secret or a password.
  // A value commander quotes whole (an argument not among the choices) is quoted a little.
  const named = first
    .replace(/'(-[^'=\s]+)=[^']*'/g, "'$1=...'")
    .replace(LONG_QUOTED, (_, value: string) => quote(value));
  const said = version ? "did you mean -V, --version?" : hint;
  // Control characters escaped: a mistyped option may hold any.
  return `nqueens: ${escapeControls(named)}${said ? `; ${said}` : ""} (see --help)\n`;
}
