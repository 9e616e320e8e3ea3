/**
 * Tab-completion scripts for bash, zsh and fish, generated from the commander program itself:
 * its commands (and aliases), each command's options, the fixed choices of an option's value
 * (`Option.choices`), and its arguments, so the scripts follow the program as commands change.
 *
 * Why static scripts and not a library: @pnpm/tabtab 0.5.4 and omelette 0.4.17 both print a
 * small shell function that runs the program again on every Tab press (`nqueens
 * completion-server -- ...`, `nqueens --compgen ...`), which starts Node each time (a pause on
 * every Tab, longer on a loaded machine), and their installers append to ~/.bashrc, ~/.zshrc
 * or config.fish. Everything this program completes is known when the script is printed, so a
 * generated script answers at once, never runs node, and is installed by the user's own line.
 *
 * What completes what:
 * - the word after the program (or after a command with subcommands): the command names;
 * - a word starting with `-`: the command's options, short and long (`-h, --help` included);
 * - the value of an option (`--format <TAB>`, `--format=<TAB>`, `-f <TAB>`): its choices; file
 *   names when its placeholder is `<file>` or `<path>`, directories for `<dir>`; else nothing;
 * - an argument: its choices, file names for `[file]`, nothing for a number such as `<n>`;
 *   past the last argument, the options.
 * Short options stacked in one word (`-uf dots`) are not followed; commander accepts them.
 */
import type { Argument, Command, Option } from "commander";
import { Help } from "./commander.js";

/** The shells a script can be printed for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/** What completes a value: fixed words, file names, directory names, or nothing. */
type Values =
  | { kind: "words"; words: readonly string[] }
  | { kind: "files" }
  | { kind: "dirs" }
  | { kind: "none" };

/** One option: `-f, --format <style>`. */
interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  /** What follows the option; absent for a flag. */
  value?: { name: string; optional: boolean; values: Values };
}

/** One argument: `<n>`, `[file]`. */
interface ArgumentSpec {
  name: string;
  required: boolean;
  variadic: boolean;
  values: Values;
}

/** A command as the scripts see it; the program is the command with the empty path. */
export interface CommandSpec {
  name: string;
  aliases: readonly string[];
  description: string;
  /** Names from the program down: [] for the program, ["list"] for `nqueens list`. */
  path: readonly string[];
  options: readonly OptionSpec[];
  arguments: readonly ArgumentSpec[];
  commands: readonly CommandSpec[];
}

/** Reads the completion model off a commander program (after every command is registered). */
export function describeProgram(program: Command): CommandSpec {
  return describe(program, []);
}

function describe(cmd: Command, path: readonly string[]): CommandSpec {
  const help = new Help();
  const visible = help.visibleCommands(cmd);
  const names = visible.map((c) => c.name());
  const commands = visible.map((c) => {
    const spec = describe(c, [...path, c.name()]);
    // commander's own `help [command]` (not in cmd.commands): its argument is a sibling's name
    if (cmd.commands.includes(c)) return spec;
    return {
      ...spec,
      arguments: spec.arguments.map((a) => ({ ...a, values: wordsOf(names) })),
    };
  });
  return {
    name: cmd.name(),
    aliases: cmd.aliases(),
    description: firstLine(cmd.summary() || cmd.description()),
    path,
    options: help.visibleOptions(cmd).map(describeOption),
    arguments: cmd.registeredArguments.map(describeArgument),
    commands,
  };
}

function describeOption(o: Option): OptionSpec {
  const spec: OptionSpec = { description: firstLine(o.description) };
  if (o.short) spec.short = o.short;
  if (o.long) spec.long = o.long;
  if (o.required || o.optional) {
    const name = /[<[]([^>\]]*?)(\.\.\.)?[>\]]/.exec(o.flags)?.[1] || "value";
    spec.value = { name, optional: o.optional, values: valuesOf(name, o.argChoices) };
  }
  return spec;
}

function describeArgument(a: Argument): ArgumentSpec {
  return {
    name: a.name(),
    required: a.required,
    variadic: a.variadic,
    values: valuesOf(a.name(), a.argChoices),
  };
}

/** Fixed choices; file names for a `file` or `path`, directories for a `dir`; else nothing. */
function valuesOf(name: string, choices: readonly string[] | undefined): Values {
  if (choices && choices.length > 0) return wordsOf(choices);
  if (/^(dir|directory|folder)s?$/i.test(name)) return { kind: "dirs" };
  if (/(^|[-_])(file|path)s?$/i.test(name)) return { kind: "files" };
  return { kind: "none" };
}

function wordsOf(words: readonly string[]): Values {
  return { kind: "words", words };
}

function firstLine(text: string): string {
  return (text.split("\n")[0] ?? "").trim().replace(/\.$/, "");
}

/** The program and every command under it, parents first. */
function everyCommand(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(everyCommand)];
}

/** The command's key in the scripts: its path joined by spaces ("" for the program). */
function keyOf(spec: CommandSpec): string {
  return spec.path.join(" ");
}

function flagsOf(o: OptionSpec): string[] {
  return [o.short, o.long].filter((f): f is string => f !== undefined);
}

/** A word for a shell function name: letters, digits and _. */
function ident(text: string): string {
  return text.replace(/[^A-Za-z0-9_]/g, "_");
}

/** The script for `shell`. */
export function completionScript(shell: Shell, program: CommandSpec): string {
  if (shell === "bash") return bashScript(program);
  if (shell === "zsh") return zshScript(program);
  return fishScript(program);
}

// ---------------------------------------------------------------------------------------------
// bash

/** A word in single quotes for bash or zsh. */
function sh(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function bashArray(words: readonly string[]): string {
  return `(${words.map(sh).join(" ")})`;
}

/** The body of a `case` branch that sets what completes a value. */
function bashValues(v: Values): string {
  if (v.kind === "words") return `words=${bashArray(v.words)}`;
  if (v.kind === "files") return "files=f";
  if (v.kind === "dirs") return "files=d";
  return ":";
}

function bashScript(program: CommandSpec): string {
  const name = program.name;
  const f = `_${ident(name)}`;
  return `# bash completion for ${name}, generated from the program by \`${name} completion bash\`.
# Use: source <(${name} completion bash)     (in ~/.bashrc), or save it for bash-completion:
#   ${name} completion bash > ~/.local/share/bash-completion/completions/${name}

${bashLookups(name, f, bashTables(program))}
${bashCompleter(f)}
complete -F ${f} ${name}
`;
}

/** The `case` branches of the lookup functions, one per command, option or argument. */
interface BashTables {
  subcommands: string[];
  values: string[];
  options: string[];
  args: string[];
  /** The `case` that stops a variadic argument's index at its own ("" when none is). */
  clamp: string;
}

function bashTables(program: CommandSpec): BashTables {
  const all = everyCommand(program);
  const subcommands: string[] = [];
  const values: string[] = [];
  const options: string[] = [];
  const args: string[] = [];
  const clamps: string[] = [];
  for (const c of all) {
    const key = keyOf(c);
    for (const s of c.commands) {
      const patterns = [s.name, ...s.aliases].map((n) => sh(`${key}:${n}`)).join(" | ");
      subcommands.push(`    ${patterns}) cmd=${sh(keyOf(s))} ;;`);
    }
    for (const o of c.options) {
      if (!o.value) continue;
      const patterns = flagsOf(o)
        .map((flag) => sh(`${key}:${flag}`))
        .join(" | ");
      values.push(`    ${patterns}) ${bashValues(o.value.values)} ;;`);
    }
    options.push(`    ${sh(key)}) words=${bashArray(c.options.flatMap(flagsOf))} ;;`);
    if (c.commands.length > 0) {
      args.push(`    ${sh(`${key}:0`)}) words=${bashArray(c.commands.map((s) => s.name))} ;;`);
      continue;
    }
    c.arguments.forEach((a, i) => {
      args.push(`    ${sh(`${key}:${i}`)}) ${bashValues(a.values)} ;;`);
      if (a.variadic) clamps.push(`    ${sh(key)}) ((i > ${i})) && i=${i} ;;`);
    });
  }
  const clamp =
    clamps.length === 0
      ? ""
      : `  case $1 in
${clamps.join("\n")}
  esac
`;
  return { subcommands, values, options, args, clamp };
}

/** The functions that look a command's subcommands, option values, options and arguments up. */
function bashLookups(name: string, f: string, t: BashTables): string {
  const { subcommands, values, options, args, clamp } = t;
  return `# Enters subcommand $2 of command $1 ('' is ${name} itself): sets cmd, or returns 1.
${f}_subcommand() {
  case "$1:$2" in
${subcommands.join("\n")}
    *) return 1 ;;
  esac
}

# Whether option $2 of command $1 takes a value; sets what completes it (words, or files=f|d).
${f}_value() {
  case "$1:$2" in
${values.join("\n")}
    *) return 1 ;;
  esac
}

# The options of command $1: sets words.
${f}_options() {
  case $1 in
${options.join("\n")}
  esac
}

# What completes argument $2 (from 0) of command $1: sets words or files; returns 1 past the last.
${f}_argument() {
  local i=$2
${clamp}  case "$1:$i" in
${args.join("\n")}
    *) return 1 ;;
  esac
}
`;
}

/** The function bash calls on Tab: finds the command and what the word being completed is. */
function bashCompleter(f: string): string {
  return `# Called by bash with $2 the word being completed; reads COMP_WORDS and COMP_CWORD, sets COMPREPLY.
${f}() {
  local cur=\${2-\${COMP_WORDS[COMP_CWORD]}} end=$((COMP_CWORD - 1)) cmd='' want='' prefix='' files=''
  local i w n=0 dashdash=0
  local -a args=() words=()
  COMPREPLY=()
  # bash splits --opt=value at the = (COMP_WORDBREAKS): in "--opt = va" the value ends the scan
  if [[ \${COMP_WORDS[COMP_CWORD - 1]} == '=' && \${COMP_WORDS[COMP_CWORD - 2]} == -?* ]]; then
    end=$((COMP_CWORD - 2))
  fi
  # the words before, with "--opt" "=" "value" joined again
  for ((i = 1; i <= end; i++)); do
    w=\${COMP_WORDS[i]}
    if [[ $w == '=' && \${#args[@]} -gt 0 ]]; then
      args[\${#args[@]}-1]+='='
      if ((i < end)); then
        ((i++))
        args[\${#args[@]}-1]+=\${COMP_WORDS[i]}
      fi
    else
      args+=("$w")
    fi
  done
  # which command, how many of its arguments so far, and whether an option waits for its value
  for w in \${args[@]+"\${args[@]}"}; do
    if [[ -n $want ]]; then
      want=''
    elif ((!dashdash)) && [[ $w == -- ]]; then
      dashdash=1
    elif ((!dashdash)) && [[ $w == -?* ]]; then
      [[ $w != *=* ]] && ${f}_value "$cmd" "$w" && want=$w
    elif ((n == 0)) && ${f}_subcommand "$cmd" "$w"; then
      :
    else
      ((n++))
    fi
  done
  words=()
  files=''
  if [[ -n $want ]]; then
    ${f}_value "$cmd" "$want"
  elif ((!dashdash)) && [[ $cur == -?*=* ]]; then # one word when COMP_WORDBREAKS has no =
    ${f}_value "$cmd" "\${cur%%=*}" || return 0
    prefix=\${cur%%=*}=
    cur=\${cur#*=}
  elif ((!dashdash)) && [[ $cur == -* ]]; then
    ${f}_options "$cmd"
  elif ! ${f}_argument "$cmd" "$n"; then
    ${f}_options "$cmd"
  fi
  if [[ -n $files ]]; then
    compopt -o filenames 2>/dev/null
    while IFS= read -r w; do
      COMPREPLY+=("$prefix$w")
    done < <(compgen -"$files" -- "$cur")
  else
    for w in \${words[@]+"\${words[@]}"}; do
      [[ $w == "$cur"* ]] && COMPREPLY+=("$prefix$w")
    done
  fi
  return 0
}
`;
}

// ---------------------------------------------------------------------------------------------
// zsh

/** Escapes the characters _arguments gives a meaning to in a description `[...]`. */
function zshDescription(text: string): string {
  return text.replace(/[\\[\]]/g, "\\$&");
}

/** Escapes a message or a `name:description` name (colons separate fields). */
function zshField(text: string): string {
  return text.replace(/[\\:]/g, "\\$&");
}

/** The action of a value in an _arguments spec. */
function zshAction(v: Values): string {
  if (v.kind === "words") {
    return `(${v.words.map((w) => w.replace(/[\\\s()'"`$:;&|<>[\]{}*?#~^!]/g, "\\$&")).join(" ")})`;
  }
  if (v.kind === "files") return "_files";
  if (v.kind === "dirs") return "_files -/";
  return " ";
}

function zshOption(o: OptionSpec): string {
  const forms = flagsOf(o);
  const tail = `[${zshDescription(o.description)}]${
    o.value
      ? `${o.value.optional ? "::" : ":"}${zshField(o.value.name)}:${zshAction(o.value.values)}`
      : ""
  }`;
  const isHelp = o.long === "--help" || o.long === "--version";
  const exclude = isHelp ? "(- : *)" : forms.length > 1 ? `(${forms.join(" ")})` : "";
  const suffix = (flag: string) =>
    o.value ? `${flag}${flag.startsWith("--") ? "=" : "+"}${o.value.optional ? "-" : ""}` : flag;
  const names = forms.map(suffix);
  if (names.length === 1) return sh(`${exclude}${names[0]}${tail}`);
  return `${exclude ? sh(exclude) : ""}{${names.join(",")}}${sh(tail)}`;
}

function zshArgument(a: ArgumentSpec, i: number): string {
  const position = a.variadic ? "*" : String(i + 1);
  return sh(
    `${position}:${a.required || a.variadic ? "" : ":"}${zshField(a.name)}:${zshAction(a.values)}`,
  );
}

function zshScript(program: CommandSpec): string {
  const name = program.name;
  const fn = (c: CommandSpec) => `_${ident([name, ...c.path].join("_"))}`;
  const list = (c: CommandSpec) => `_${fn(c)}_commands`;
  const blocks: string[] = [];
  for (const c of everyCommand(program)) {
    const specs = c.options.map(zshOption);
    if (c.commands.length === 0) {
      specs.push(...c.arguments.map(zshArgument));
      blocks.push(`${fn(c)}() {
  _arguments -s -S \\
    ${specs.join(" \\\n    ")}
}`);
      continue;
    }
    const items = c.commands.map((s) => sh(`${zshField(s.name)}:${s.description}`));
    const branches = c.commands.map(
      (s) => `      (${[s.name, ...s.aliases].join("|")}) ${fn(s)} && ret=0 ;;`,
    );
    const context = [name, ...c.path].join("-");
    blocks.push(`${list(c)}() {
  local -a commands=(
    ${items.join("\n    ")}
  )
  _describe -t commands ${sh(`${[name, ...c.path].join(" ")} command`)} commands
}

${fn(c)}() {
  local curcontext=$curcontext state state_descr line ret=1
  typeset -A opt_args
  _arguments -C -s -S \\
    ${[...specs, sh(`1: :${list(c)}`), sh("*:: :->command")].join(" \\\n    ")} && ret=0
  if [[ $state == command ]]; then
    curcontext=\${curcontext%:*:*}:${context}-$words[1]:
    case $words[1] in
${branches.join("\n")}
    esac
  fi
  return ret
}`);
  }
  return `#compdef ${name}
# zsh completion for ${name}, generated from the program by \`${name} completion zsh\`.
# Use: source <(${name} completion zsh)   (in ~/.zshrc, after compinit), or save it as _${name}
# in a folder of $fpath:  ${name} completion zsh > ~/.zfunc/_${name}  (fpath=(~/.zfunc $fpath))

${blocks.join("\n\n")}

if [[ $funcstack[1] == _${ident(name)} ]]; then
  _${ident(name)} "$@"   # loaded from $fpath by compinit
else
  compdef _${ident(name)} ${name}
fi
`;
}

// ---------------------------------------------------------------------------------------------
// fish

/** A string in single quotes for fish. */
function fish(text: string): string {
  return `'${text.replace(/[\\']/g, "\\$&")}'`;
}

/** A word for fish as it is, or quoted when it has to be. */
function fishWord(text: string): string {
  return /^[\w.,:+@%/=-]+$/.test(text) ? text : fish(text);
}

/**
 * The `-a`, `-F`, `-r`, `-x` part of a `complete` line for a value: `required` for an option's
 * value (the next word is the value: -r, or -x when it is no file name), not for an argument.
 */
function fishValues(v: Values, required: boolean): string[] {
  const exclusive = required ? ["-x"] : [];
  if (v.kind === "words") return [...exclusive, "-a", fish(v.words.map(fishWord).join(" "))];
  if (v.kind === "files") return [...(required ? ["-r"] : []), "-F"];
  if (v.kind === "dirs") {
    return [...exclusive, "-a", fish("(__fish_complete_directories (commandline -ct))")];
  }
  return exclusive;
}

function fishScript(program: CommandSpec): string {
  const name = program.name;
  const f = `__${ident(name)}`;
  const all = everyCommand(program);
  const subcommands: string[] = [];
  const valued: string[] = [];
  const lines: string[] = [];
  const line = (condition: string, rest: readonly string[]) =>
    lines.push([`complete -c ${name} -n ${fish(condition)}`, ...rest].join(" "));
  for (const c of all) {
    const key = keyOf(c);
    const isKey = `${f}_is ${key === "" ? "''" : fishWord(key)}`;
    lines.push("", `# ${[name, ...c.path].join(" ")}`);
    for (const s of c.commands) {
      subcommands.push(
        `        case ${[s.name, ...s.aliases].map((n) => fish(`${key}:${n}`)).join(" ")}`,
        `            echo ${fish(keyOf(s))}`,
      );
    }
    const flagged = c.options.flatMap((o) => (o.value && !o.value.optional ? flagsOf(o) : []));
    if (flagged.length > 0) valued.push(...flagged.map((flag) => fish(`${key}:${flag}`)));
    for (const o of c.options) {
      const forms: string[] = [];
      if (o.short) forms.push(o.short.length === 2 ? `-s ${o.short[1]}` : `-o ${o.short.slice(1)}`);
      if (o.long) forms.push(`-l ${o.long.slice(2)}`);
      const value = o.value ? fishValues(o.value.values, !o.value.optional) : [];
      line(isKey, [...forms, ...value, "-d", fish(o.description)]);
    }
    const at = (i: number, more: boolean) =>
      `${f}_argument ${key === "" ? "''" : fishWord(key)} ${i}${more ? " more" : ""}`;
    if (c.commands.length > 0) {
      for (const s of c.commands)
        line(at(0, false), ["-a", fish(s.name), "-d", fish(s.description)]);
      continue;
    }
    c.arguments.forEach((a, i) => {
      const value = fishValues(a.values, false);
      if (value.length > 0) line(at(i, a.variadic), value);
    });
  }
  return `# fish completion for ${name}, generated from the program by \`${name} completion fish\`.
# Use: ${name} completion fish | source     (in ~/.config/fish/config.fish), or save it:
#   ${name} completion fish > ~/.config/fish/completions/${name}.fish

# Prints the command that subcommand $word of command $cmd ('' is ${name} itself) enters.
function ${f}_subcommand --argument-names cmd word
    switch "$cmd:$word"
${subcommands.join("\n")}
    end
end

# Whether option $option of command $cmd takes a value (the next word).
function ${f}_takes_value --argument-names cmd option
    switch "$cmd:$option"
        case ${valued.length > 0 ? valued.join(" ") : "''"}
            return 0
    end
    return 1
end

# Prints how many arguments the command on the line has so far, then the command.
function ${f}_state
    set -l words (commandline -opc)
    set -e words[1]
    set -l cmd ''
    set -l n 0
    set -l want 0
    set -l dashdash 0
    for word in $words
        if test $want = 1
            set want 0
            continue
        end
        if test $dashdash = 0
            if test "$word" = --
                set dashdash 1
                continue
            end
            if string match -q -- '-?*' $word
                if not string match -q -- '*=*' $word; and ${f}_takes_value "$cmd" $word
                    set want 1
                end
                continue
            end
        end
        if test $n = 0
            set -l sub (${f}_subcommand "$cmd" $word)
            if test -n "$sub"
                set cmd $sub
                continue
            end
        end
        set n (math $n + 1)
    end
    echo $n
    echo $cmd
end

# Whether the command on the line is $cmd.
function ${f}_is --argument-names cmd
    set -l state (${f}_state)
    test "$state[2]" = "$cmd"
end

# Whether the word being completed is argument $index (from 0) of $cmd, or later with "more".
function ${f}_argument --argument-names cmd index more
    set -l state (${f}_state)
    test "$state[2]" = "$cmd"; or return 1
    if test -n "$more"
        test $state[1] -ge $index
    else
        test $state[1] -eq $index
    end
end

complete -c ${name} -f
${lines.join("\n")}
`;
}
