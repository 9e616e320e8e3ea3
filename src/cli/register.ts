/**
 * What each command's file exports to add itself to the program: its own file, so that
 * commands.ts, which loads the command files, and the command files, which export one, import it
 * without a circle.
 */
import type { Command } from "commander";

/** Adds one command to the program; `exit` records the command's exit status. */
export type Register = (program: Command, exit: (code: number) => void) => void;
