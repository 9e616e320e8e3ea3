// count's threads start wherever Node runs the caller: `node -e`, `--input-type=module`, the
// REPL, tsx and vitest. The hosts use the BUILT library through the package's own name (Node
// resolves "nqueens" to this package from inside it): build first with `npm run build`.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, test } from "node:test";
import { known } from "../testing/known-counts.js";
import { assertBuilt, ROOT } from "../testing/run-cli.js";
import { PATIENCE_MS } from "../testing/wait.js";
import { threadExecArgv } from "./thread-flags.js";

describe("threadExecArgv keeps what a thread can use", () => {
  const cases: [string[], string[]][] = [
    [[], []],
    [["--input-type=module"], []],
    [["--input-type", "module", "--no-warnings"], ["--no-warnings"]],
    [["-e", "console.log(1)"], []],
    [["--eval=1", "-p", "2"], []],
    [["--import", "tsx", "--max-old-space-size=4096"], ["--max-old-space-size=4096"]],
    [["--import=tsx", "--loader", "x.mjs", "--require", "y.cjs"], []],
    [["--test", "--test-reporter", "spec", "--test-only"], []],
    [["--experimental-test-coverage", "--watch", "--watch-path", "src"], []],
    [
      ["-i", "--enable-source-maps", "--stack-size=2000"],
      ["--enable-source-maps", "--stack-size=2000"],
    ],
  ];
  for (const [argv, kept] of cases) {
    test(JSON.stringify(argv), () => assert.deepEqual(threadExecArgv(argv), kept));
  }
});

const Q14 = String(known(14, 14)[0]!.total);
/**
 * A count big enough for worker threads: the constellation search runs n <= 13 on the calling
 * thread (and auto would take the join, which runs n <= 16 there).
 */
const PROGRAM = `const { count } = await import("nqueens"); const r = await count(14, { workers: 2, method: "constellations" }); console.log("total " + r.total);`;

describe("count(14, { workers: 2, method: constellations }) from every host", {
  concurrency: 2,
}, () => {
  assertBuilt();
  const node = process.execPath;
  const hosts: [string, () => { file: string; args: string[]; input?: string }][] = [
    ["node -e", () => ({ file: node, args: ["-e", `(async () => { ${PROGRAM} })()`] })],
    [
      "node --input-type=module (stdin)",
      () => ({ file: node, args: ["--input-type=module"], input: PROGRAM }),
    ],
    [
      "node --input-type=module -e",
      () => ({ file: node, args: ["--input-type=module", "-e", PROGRAM] }),
    ],
    [
      "tsx",
      () => {
        const file = join(ROOT, "node_modules", ".bin", "tsx");
        const script = join(ROOT, "src", "testing", "count-from-tsx.ts");
        return { file, args: [script] };
      },
    ],
    [
      "vitest (threads pool)",
      () => ({
        file: join(ROOT, "node_modules", ".bin", "vitest"),
        args: ["run", "--pool=threads", "--root", join(ROOT, "src", "testing"), "count-in-vitest"],
      }),
    ],
  ];
  test("the REPL (node -i, its input kept open until the answer)", async () => {
    const child = spawn(process.execPath, ["-i"], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1" },
    });
    let out = "";
    const answered = new Promise<void>((resolve) => {
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        if (/total \d+/.test(out)) resolve();
      });
    });
    child.stderr.resume();
    child.stdin.write(
      'import("nqueens").then((m) => m.count(14, { workers: 2, method: "constellations" })).then((r) => console.log("total " + r.total), (e) => console.log("failed " + e));\n',
    );
    const timer = setTimeout(() => child.kill(), PATIENCE_MS); // a guard against a hang
    await Promise.race([answered, new Promise((r) => child.on("close", r))]);
    clearTimeout(timer);
    child.stdin.end(".exit\n");
    await new Promise((r) => child.on("close", r));
    assert.match(out, new RegExp(`total ${Q14}\\b`), out);
  });
  for (const [what, make] of hosts) {
    test(what, () => {
      const { file, args, input } = make();
      const r = spawnSync(file, args, {
        cwd: ROOT,
        input: input ?? "",
        encoding: "utf8",
        timeout: PATIENCE_MS, // a guard against a hang: vitest alone takes seconds to start
        env: { ...process.env, NO_COLOR: "1", CI: "1" },
      });
      assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
      assert.match(r.stdout, new RegExp(`total ${Q14}\\b`));
    });
  }
});

/**
 * The join's threads start through the same code (engine/threads.ts): n = 17 is past its inline
 * n (MAX_JOIN_INLINE_N, 16).
 */
const JOIN_PROGRAM = `const { count } = await import("nqueens"); const r = await count(17, { method: "join", workers: 2 }); console.log("total " + r.total + " workers " + r.workers);`;
const Q17 = String(known(17, 17)[0]!.total);

describe('count(17, { method: "join", workers: 2 }) from node -e and --input-type=module', () => {
  const node = process.execPath;
  const hosts: [string, string[], string][] = [
    ["node -e", ["-e", `(async () => { ${JOIN_PROGRAM} })()`], ""],
    ["node --input-type=module (stdin)", ["--input-type=module"], JOIN_PROGRAM],
    ["node --input-type=module -e", ["--input-type=module", "-e", JOIN_PROGRAM], ""],
  ];
  for (const [what, args, input] of hosts) {
    test(what, () => {
      const r = spawnSync(node, args, {
        cwd: ROOT,
        input,
        encoding: "utf8",
        timeout: PATIENCE_MS, // a guard against a hang
        env: { ...process.env, NO_COLOR: "1" },
      });
      assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
      assert.match(r.stdout, new RegExp(`total ${Q17} workers 2\\b`));
    });
  }
});
