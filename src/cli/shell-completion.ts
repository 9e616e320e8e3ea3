/**
 * `nqueens completion bash|zsh|fish`: prints a Tab-completion script for the shell, generated
 * from this very program (commands, options, choices, file arguments) by shell-completion-scripts.ts,
 * so it never falls out of date. Why a static script and not @pnpm/tabtab or omelette: see there.
 */
import type { Command } from "commander";
import { Argument } from "./commander.js";
import { stdout } from "./output.js";
import type { Register } from "./register.js";
import {
  completionScript,
  describeProgram,
  SHELLS,
  type Shell,
} from "./shell-completion-scripts.js";

/** The top of the command tree `cmd` belongs to: the program with every command registered. */
function programOf(cmd: Command): Command {
  let top = cmd;
  while (top.parent) top = top.parent;
  return top;
}

export const registerCompletion: Register = (program, exit) => {
  const name = program.name();
  program
    .command("completion")
    .description("print a Tab-completion script for bash, zsh or fish")
    .addArgument(new Argument("<shell>", SHELLS.join(", ")).choices(SHELLS))
    .addHelpText(
      "after",
      `
It completes the commands, their options, the choices of options such as --format and
--backend, and file names for the commands that read a file.

Install (then open a new shell):
  bash  echo 'source <(${name} completion bash)' >> ~/.bashrc
        or, with bash-completion:
        mkdir -p ~/.local/share/bash-completion/completions &&
          ${name} completion bash > ~/.local/share/bash-completion/completions/${name}
  zsh   echo 'source <(${name} completion zsh)' >> ~/.zshrc      (after compinit)
        or, with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc:
        mkdir -p ~/.zfunc && ${name} completion zsh > ~/.zfunc/_${name}
  fish  mkdir -p ~/.config/fish/completions &&
          ${name} completion fish > ~/.config/fish/completions/${name}.fish

Examples:
  $ source <(${name} completion bash)      this shell only
  $ ${name} list 8 --format <TAB>          dots  compact  stars  ...`,
    )
    .action(async (shell: Shell, _flags: unknown, cmd: Command) => {
      await stdout().text(completionScript(shell, describeProgram(programOf(cmd))));
      exit(0);
    });
};
