/**
 * Test support: runs the BUILT command (bin/nqueens.js -> dist/) as a user would, with input on
 * stdin, and collects its exit status, stdout and stderr. `npm test` builds first.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { watchIdle } from "./wait.js";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The command's entry point. */
export const BIN = `${ROOT}bin/nqueens.js`;

/** What one run of the command did. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Fails with a clear message when the command has not been built. */
export function assertBuilt(): void {
  assert.ok(existsSync(`${ROOT}dist/cli/main.js`), "build first: npm run build");
}

/** Runs `nqueens ...args` with `input` on stdin, and `env` added to (or unset from) the environment. */
export function nqueens(
  args: readonly string[],
  input = "",
  env: Record<string, string | undefined> = {},
): Promise<Run> {
  return started(args, input, env).done;
}

/**
 * Runs `nqueens ...args` as {@link nqueens} does, and says how long it waited for a timer or the
 * network (see `watchIdle`: a measure a busy machine does not stretch); it is killed once that
 * passes `limitSeconds`.
 */
export async function nqueensIdle(
  args: readonly string[],
  env: Record<string, string | undefined>,
  limitSeconds: number,
): Promise<Run & { idleSeconds: number }> {
  const { child, done } = started(args, "", env);
  const idle = watchIdle(child, limitSeconds);
  const run = await done;
  return { ...run, idleSeconds: idle.seconds };
}

/**
 * Starts `nqueens ...args` with `input` on stdin: the child (to signal it) and what it did once
 * it has ended.
 */
export function started(
  args: readonly string[],
  input = "",
  env: Record<string, string | undefined> = {},
): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const done = new Promise<Run>((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
  child.stdin.on("error", () => {}); // a command that exits before reading its input
  child.stdin.end(input);
  return { child, done };
}

/** Asserts a bad-input run: exit 2, nothing on stdout, one line on stderr that matches. */
export function assertBadInput(run: Run, message: RegExp): void {
  assert.equal(run.code, 2, `exit status 2 expected, stderr: ${run.stderr}`);
  assert.equal(run.stdout, "");
  const lines = run.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 1, `one line on stderr expected, got:\n${run.stderr}`);
  assert.match(lines[0]!, /^nqueens: /);
  assert.match(lines[0]!, message);
  assert.doesNotMatch(run.stderr, /\bat .*\.(js|ts):\d+/, "no stack trace");
}
