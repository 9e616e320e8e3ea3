// Runs the BUILT command (bin/nqueens.js -> dist/): build first with `npm run build` (npm test does).
// The scripts are run in the real shells: bash always; zsh and fish when installed (Debian
// packages zsh and fish), else those tests are skipped and say so.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, type TestContext, test } from "node:test";
import { assertBadInput, assertBuilt, BIN, nqueens } from "../testing/run-cli.js";

/** The names `--format` offers (BOARD_STYLES, from src/formats/table.ts), written out here on purpose. */
const STYLES = [
  "aoj",
  "binary",
  "cells",
  "compact",
  "csplib",
  "dots",
  "grid",
  "json",
  "lines",
  "perm",
  "perm1",
  "squares",
  "stars",
  "svg",
  "unicode",
];
const COMMANDS = [
  "aoj",
  "check",
  "check-certificate",
  "compare",
  "complete",
  "completion",
  "count",
  "generate",
  "help",
  "judge",
  "list",
  "runs",
  "solve",
  "trace",
  "web",
  "worker",
  "worker-key",
];
/** The folder the file-name cases complete in: board.txt, other.txt and the folder boards/. */
const FILES = { all: ["board.txt", "boards", "other.txt"], bo: ["board.txt", "boards"] };

/** Bash: a line (the cursor at its end) and exactly the words COMPREPLY must hold, sorted. */
const BASH: [string, string[]][] = [
  ["nqueens so", ["solve"]],
  ["nqueens c", ["check", "check-certificate", "compare", "complete", "completion", "count"]],
  ["nqueens ", COMMANDS],
  ["nqueens -", ["--help", "--version", "-V", "-h"]],
  ["nqueens list 8 --fo", ["--format"]],
  ["nqueens list 8 --format ", STYLES],
  ["nqueens list 8 -f st", ["stars"]],
  ["nqueens list 8 --format=", STYLES],
  ["nqueens list 8 --format=st", ["stars"]],
  ["nqueens list --format dots ", []], // <n> is still to come: nothing to offer for a number
  ["nqueens list ", []],
  ["nqueens list 8 --limit ", []],
  ["nqueens count 10 --backend ", ["auto", "cpu", "gpu"]],
  ["nqueens count 10 -b g", ["gpu"]],
  ["nqueens count 10 --no-q", ["--no-queue"]],
  ["nqueens solve 8 --method ", ["auto", "backtrack", "construct", "random"]],
  ["nqueens solve 8 --method c", ["construct"]],
  ["nqueens trace 5 -", ["--help", "--json", "--limit", "--rejects", "-h", "-l"]],
  ["nqueens trace 5 ", ["--help", "--json", "--limit", "--rejects", "-h", "-l"]], // past <n>
  ["nqueens trace 5 --limit 9 --re", ["--rejects"]],
  ["nqueens check bo", FILES.bo],
  ["nqueens complete ", FILES.all],
  ["nqueens aoj o", ["other.txt"]],
  ["nqueens judge aoj b", FILES.bo],
  ["nqueens check -- -", []], // after --, a file name: none starts with -
  ["nqueens count 10 --checkpoint b", FILES.bo],
  ["nqueens count 10 --checkpoint=b", FILES.bo],
  ["nqueens count 10 --add b", FILES.bo],
  ["nqueens count 10 -c board.txt --backend c", ["cpu"]],
  ["nqueens completion ", ["bash", "fish", "zsh"]],
  ["nqueens completion z", ["zsh"]],
  ["nqueens completion bash ", ["--help", "-h"]],
  ["nqueens help li", ["list"]],
  ["nqueens help co", ["compare", "complete", "completion", "count"]],
];

/** zsh and fish: a line and exactly the words offered, sorted. */
const OTHER: [string, string[]][] = [
  ["nqueens so", ["solve"]],
  ["nqueens ", COMMANDS],
  ["nqueens list 8 --fo", ["--format"]],
  ["nqueens list 8 --format ", STYLES],
  ["nqueens list 8 -f st", ["stars"]],
  ["nqueens count 10 --backend ", ["auto", "cpu", "gpu"]],
  ["nqueens count 10 --checkpoint b", FILES.bo],
  ["nqueens count 10 --add b", FILES.bo],
  ["nqueens check bo", FILES.bo],
  ["nqueens aoj o", ["other.txt"]],
  ["nqueens completion ", ["bash", "fish", "zsh"]],
  ["nqueens help li", ["list"]],
];

const scripts: Record<string, string> = {};
let dir = "";
let work = "";

function has(shell: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${shell}`]).status === 0;
}

/** Skips the test, saying why, when `shell` is not installed. */
function needs(t: TestContext, shell: string): boolean {
  if (has(shell)) return true;
  t.skip(`${shell} is not installed (Debian: apt-get install -y ${shell})`);
  return false;
}

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, {
    cwd: work,
    encoding: "utf8",
    timeout: 600_000, // a guard against a hang, not a guess: the harness waits on files below
    env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, ...env },
  });
  assert.equal(r.error, undefined);
  return r;
}

/** The words bash puts in COMP_WORDS for `line`: split at spaces, and at = (COMP_WORDBREAKS). */
function bashWords(line: string): string[] {
  return line.split(" ").flatMap((w) => {
    const i = w.indexOf("=");
    if (i < 0) return [w];
    return [w.slice(0, i), "=", w.slice(i + 1)].filter((p) => p !== "");
  });
}

/** COMPREPLY after bash calls the completion function for `line`, as bash itself would. */
function bashComplete(line: string): string[] {
  const words = bashWords(line);
  const cword = words.length - 1;
  const code = `
source "$1"; shift
COMP_LINE=$LINE COMP_POINT=\${#LINE} COMP_CWORD=$1; shift
COMP_WORDS=("$@")
cur=\${COMP_WORDS[COMP_CWORD]}; [[ $cur == '=' ]] && cur=''   # bash passes '' after an =
_nqueens nqueens "$cur" "\${COMP_WORDS[COMP_CWORD - 1]}"
for w in "\${COMPREPLY[@]}"; do printf '%s\\n' "$w"; done`;
  const r = run(
    "bash",
    ["--norc", "--noprofile", "-c", code, "bash", scripts.bash!, String(cword), ...words],
    {
      LINE: line,
    },
  );
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
  return r.stdout.split("\n").filter((w) => w !== "");
}

/**
 * zsh's completion system, for real: an interactive zsh in a pseudo-terminal (zsh/zpty) loads
 * compinit and the script, types the line and Tab, and a wrapped `compadd` writes down every
 * match that the line's prefix lets through. It waits for files the session writes (set up,
 * done), looking every 50 ms for up to 5 minutes: however long a busy machine takes.
 */
const ZSH_HARNESS = String.raw`
zmodload zsh/zpty || exit 3
load=$1 out=$2 line=$3
cat > $out.setup.zsh <<SETUP
PS1='' RPROMPT=''
unsetopt beep
autoload -Uz compinit && compinit -u -D
$load
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
compadd() {
  if [[ \${(j: :)\${@[1,(i)(-|--)]}} == *(-O|-A|-D)* ]]; then builtin compadd "\$@"; return; fi
  local -a __found
  builtin compadd -O __found "\$@"
  (( \$#__found )) && print -rl -- "\${__found[@]}" >> ${"$"}{(q)out}
  builtin compadd "\$@"
}
__nq_done() { print -r -- '--end--' >> ${"$"}{(q)out} }
comppostfuncs=(__nq_done)
: > ${"$"}{(q)out}.ready
SETUP
: > $out
zpty z zsh -f -i
zpty -w z "source $out.setup.zsh"
for i in {1..6000}; do [[ -e $out.ready ]] && break; sleep 0.05; done
zpty -w -n z "$line"$'\t'
for i in {1..6000}; do grep -q -- '--end--' $out 2>/dev/null && break; sleep 0.05; done
zpty -d z
grep -q -- '--end--' $out || exit 4
grep -v -- '--end--' $out
`;

let zshRuns = 0;
function zshComplete(line: string, load = `source ${join(dir, "_nqueens")}`): string[] {
  const out = join(dir, `zsh-out-${zshRuns++}`);
  const r = run("zsh", ["-f", join(dir, "harness.zsh"), load, out, line]);
  assert.equal(r.status, 0, `zsh harness failed (${r.status}): ${r.stderr}`);
  return [...new Set(r.stdout.split("\n").filter((w) => w !== ""))];
}

function fishComplete(line: string): string[] {
  const r = run("fish", [
    "--no-config",
    "-c",
    'source $argv[1]; complete -C "$argv[2]"',
    join(dir, "nqueens.fish"),
    line,
  ]);
  assert.equal(r.stderr, "");
  assert.equal(r.status, 0);
  // each line is "word<TAB>description"; fish adds a / to folders
  return r.stdout
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.split("\t")[0]!.replace(/\/$/, ""));
}

const sorted = (words: string[]) => [...words].sort();

before(async () => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "nqueens-completion-"));
  work = join(dir, "work");
  mkdirSync(join(work, "boards"), { recursive: true });
  writeFileSync(join(work, "board.txt"), "Q\n");
  writeFileSync(join(work, "other.txt"), "Q\n");
  for (const shell of ["bash", "zsh", "fish"]) {
    const r = await nqueens(["completion", shell]);
    assert.equal(r.stderr, "");
    assert.equal(r.code, 0);
    scripts[shell] = join(
      dir,
      { bash: "nqueens.bash", zsh: "_nqueens", fish: "nqueens.fish" }[shell]!,
    );
    writeFileSync(scripts[shell]!, r.stdout);
  }
  writeFileSync(join(dir, "harness.zsh"), ZSH_HARNESS);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("nqueens completion", () => {
  test("a shell it does not know -> exit 2, one line naming the choices", async () => {
    assertBadInput(await nqueens(["completion", "tcsh"]), /'tcsh'.*bash, zsh, fish/);
  });

  test("no shell -> exit 2, one line", async () => {
    assertBadInput(await nqueens(["completion"]), /missing required argument 'shell'/);
  });

  test("--help shows how to install it in each shell", async () => {
    const r = await nqueens(["completion", "--help"]);
    assert.equal(r.code, 0);
    for (const line of [
      "echo 'source <(nqueens completion bash)' >> ~/.bashrc",
      "echo 'source <(nqueens completion zsh)' >> ~/.zshrc",
      "nqueens completion fish > ~/.config/fish/completions/nqueens.fish",
    ]) {
      assert.ok(r.stdout.includes(line), `--help shows: ${line}`);
    }
  });

  test("--help's lines that save a script work in a fresh home (they make the folder)", async (t) => {
    const r = await nqueens(["completion", "--help"]);
    // Each saving command: from `mkdir -p` to the line that writes the file (`&&` continues it).
    const saves = [...r.stdout.matchAll(/mkdir -p [^\n]*?(?:&&\s*\n\s*|&& )[^\n]*> [^\n]+/g)].map(
      (m) => m[0],
    );
    assert.equal(saves.length, 3, r.stdout);
    const home = mkdtempSync(join(tmpdir(), "nqueens-home-"));
    t.after(() => rmSync(home, { recursive: true, force: true }));
    const bin = join(home, "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "nqueens"), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {
      mode: 0o755,
    });
    for (const save of saves) {
      const run = spawnSync("sh", ["-c", save], {
        env: { ...process.env, HOME: home, PATH: `${bin}:${process.env.PATH}` },
        encoding: "utf8",
      });
      assert.equal(run.status, 0, `${save}: ${run.stderr}`);
    }
    for (const file of [
      ".local/share/bash-completion/completions/nqueens",
      ".zfunc/_nqueens",
      ".config/fish/completions/nqueens.fish",
    ]) {
      assert.ok(statSync(join(home, file)).size > 100, file);
    }
  });

  test("the scripts never run node or nqueens at Tab time", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const r = await nqueens(["completion", shell]);
      const code = r.stdout
        .split("\n")
        .filter((l) => !l.trimStart().startsWith("#"))
        .join("\n");
      assert.doesNotMatch(code, /\bnode\b|\bnqueens (completion|--)/, shell);
    }
  });
});

describe("bash", () => {
  test("the script parses and registers _nqueens for nqueens", () => {
    const r = run("bash", [
      "--norc",
      "--noprofile",
      "-c",
      'source "$1" && complete -p nqueens',
      "bash",
      scripts.bash!,
    ]);
    assert.equal(r.stderr, "");
    assert.equal(r.stdout, "complete -F _nqueens nqueens\n");
  });

  for (const [line, expected] of BASH) {
    test(`'${line}' <TAB> -> ${expected.length === 0 ? "nothing" : expected.join(" ")}`, () => {
      assert.deepEqual(sorted(bashComplete(line)), sorted(expected));
    });
  }
});

describe("zsh", () => {
  test("the script parses (zsh -n)", (t) => {
    if (!needs(t, "zsh")) return;
    const r = run("zsh", ["-n", scripts.zsh!]);
    assert.equal(r.stderr, "");
    assert.equal(r.status, 0);
  });

  for (const [line, expected] of OTHER) {
    test(`'${line}' <TAB> -> ${expected.join(" ")}`, (t) => {
      if (!needs(t, "zsh")) return;
      assert.deepEqual(sorted(zshComplete(line)), sorted(expected));
    });
  }

  test("saved as _nqueens in $fpath, compinit loads it", (t) => {
    if (!needs(t, "zsh")) return;
    const load = `fpath=(${dir} $fpath); compinit -u -D`;
    assert.deepEqual(sorted(zshComplete("nqueens count 10 --backend ", load)), [
      "auto",
      "cpu",
      "gpu",
    ]);
  });
});

describe("fish", () => {
  test("the script parses (fish --no-execute)", (t) => {
    if (!needs(t, "fish")) return;
    const r = run("fish", ["--no-config", "--no-execute", scripts.fish!]);
    assert.equal(r.stderr, "");
    assert.equal(r.status, 0);
  });

  for (const [line, expected] of OTHER) {
    test(`complete -C '${line}' -> ${expected.join(" ")}`, (t) => {
      if (!needs(t, "fish")) return;
      assert.deepEqual(sorted(fishComplete(line)), sorted(expected));
    });
  }
});
