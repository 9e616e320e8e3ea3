/**
 * What the built command loads to start (docs/notes/2026-12-07-startup-and-memory.md): a small
 * count loads the method it counts with and nothing that a count on the calling thread does not
 * use (worker threads, checkpoint files, the other method, the queue, counts in parts), and
 * `--version` no command at all. Each module loaded is listed by a module hook, so nothing here
 * depends on the machine's speed.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { assertBuilt, BIN } from "../testing/run-cli.js";

let dir = "";
before(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "nqueens-startup-"));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The modules `nqueens ...args` loads, as paths under dist/ and node: names. */
function loaded(args: string[]): string[] {
  const list = join(dir, `loaded-${args.join("-")}.txt`);
  writeFileSync(list, "");
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(list)}, url + "\\n");\n  return next(url, context);\n}\n`,
  );
  const register = join(dir, `register-${args.join("-")}.mjs`);
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const r = spawnSync(process.execPath, ["--import", register, BIN, ...args], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return readFileSync(list, "utf8")
    .split("\n")
    .filter((u) => u !== "")
    .map((u) => (u.startsWith("node:") ? u : u.replace(/^.*\/dist\//, "")));
}

const CASES: { args: string[]; loads: string[]; never: string[] }[] = [
  {
    // The quick path (quick-count.ts): no commander, no count command, no kernel, no crypto, no
    // progress bar, no error wording.
    args: ["count", "8"],
    loads: ["cli/quick-count.js", "engine/canonical.js"],
    never: [
      "cli/count.js",
      "cli/progress.js",
      "cli/errors.js",
      "commander/",
      "engine/constellations/",
      "engine/join/",
      "engine/kernel-wasm.js",
      "engine/start-thread.js",
      "engine/checkpoint.js",
      "engine/index.js",
      "cli/count-parts.js",
      "queue/",
      "node:crypto",
      "node:worker_threads",
      "node:zlib",
    ],
  },
  {
    args: ["count", "12", "--method", "constellations"],
    loads: ["cli/count.js", "engine/constellations/count.js", "engine/kernel-wasm.js"],
    never: [
      "engine/join/",
      "engine/start-thread.js",
      "engine/checkpoint.js",
      "engine/index.js",
      "cli/count-parts.js",
      "queue/index.js",
      "node:worker_threads",
      "node:zlib",
    ],
  },
  {
    // The canonical search as WebAssembly, its module shipped as bytes: no assembler.
    args: ["count", "14", "--json"],
    loads: ["cli/quick-count.js", "engine/canonical-wasm.js"],
    never: ["commander/", "engine/wasm-asm.js", "engine/join/", "engine/kernel-wasm.js"],
  },
  {
    // The join on the calling thread, still the quick path.
    args: ["count", "16", "--json"],
    loads: ["cli/quick-count.js", "engine/join/count-join.js", "engine/join/kernel-wasm.js"],
    never: [
      "commander/",
      "cli/count.js",
      "engine/constellations/count.js",
      "engine/start-thread.js",
      "engine/checkpoint.js",
      "engine/index.js",
      "node:worker_threads",
    ],
  },
  {
    // The program's help from the table of commands (summaries.ts), no command's module.
    args: ["--help"],
    loads: ["cli/main.js", "cli/summaries.js"],
    never: ["cli/count.js", "cli/solve.js", "cli/web.js", "engine/", "completion/"],
  },
  {
    args: ["--version"],
    loads: ["cli/main.js"],
    never: ["cli/count.js", "cli/progress.js", "cli/errors.js", "engine/", "commander/esm.mjs"],
  },
];

describe("what the command loads to start", () => {
  for (const c of CASES) {
    test(`nqueens ${c.args.join(" ")}`, () => {
      const modules = loaded(c.args);
      for (const m of c.loads) {
        assert.ok(
          modules.some((x) => x === m),
          `${m} not loaded: ${modules.join(" ")}`,
        );
      }
      for (const m of c.never) {
        const hit = modules.filter((x) => x.startsWith(m) || x.includes(`/${m}`));
        assert.deepEqual(hit, [], `${m} loaded`);
      }
    });
  }
});
