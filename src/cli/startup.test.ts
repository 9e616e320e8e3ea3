/**
 * What the built command loads to start (docs/notes/2026-12-07-startup-and-memory.md,
 * docs/notes/2026-12-07-fast-start.md): `--version` and the counts of the canonical search load no
 * ES module at all (the fast start's bundle, dist/cli/fast-start.cjs, answers them), and the
 * bundle holds nothing such a count does not use; a small count of the join loads it and nothing
 * that a count on the calling thread does not use (worker threads, checkpoint files, the other
 * method, the queue, counts in parts). Each ES module loaded is listed by a module hook, and the
 * bundle's modules are read from its text, so nothing here depends on the machine's speed.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { assertBuilt, BIN, nqueens, ROOT } from "../testing/run-cli.js";

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

/** The bundle of the fast start (scripts/bundle-start.mjs), and the module it is made from. */
const BUNDLE = join(ROOT, "dist/cli/fast-start.cjs");
const FAST_START = join(ROOT, "dist/cli/fast-start.js");
/** The join's quick counts' bundle, which the fast start requires for n = 15 and 16. */
const JOIN_BUNDLE = join(ROOT, "dist/cli/quick-join.cjs");

/** The fast start's command lines (fast-start.ts): the bundle answers, no module of dist/ loads. */
const FAST = [
  ["count", "8"],
  ["count", "14", "--json"],
  ["count", "16", "--json"],
  ["--version"],
  ["-V"],
  ["--help"],
  ["-h"],
];

const CASES: { args: string[]; loads: string[]; never: string[] }[] = [
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
];

describe("what the command loads to start", () => {
  for (const args of FAST) {
    test(`nqueens ${args.join(" ")}: no ES module of dist/`, () => {
      // Paths under dist/ are listed without "file:"; the others (bin/nqueens.js) with it.
      const esm = loaded(args).filter((u) => !u.startsWith("node:") && !u.startsWith("file:"));
      assert.deepEqual(esm, []);
    });
  }
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

/** The modules in a bundle, as paths under dist/ (esbuild heads each with a comment). */
function bundled(bundle = BUNDLE): string[] {
  return [...readFileSync(bundle, "utf8").matchAll(/^\/\/ dist\/(\S+\.js)$/gm)].map((m) => m[1]!);
}

describe("the fast start's bundle", () => {
  before(assertBuilt);
  test("is made from this build (bin/nqueens.js passes over an older one)", () => {
    assert.ok(statSync(BUNDLE).mtimeMs >= statSync(FAST_START).mtimeMs, "run npm run build");
    assert.ok(statSync(BUNDLE).mtimeMs >= statSync(JOIN_BUNDLE).mtimeMs, "the join's first");
  });
  test("the join's: the join, and no thread, other method or command", () => {
    const modules = bundled(JOIN_BUNDLE);
    for (const m of ["cli/quick-join.js", "engine/join/count-join.js", "engine/join/kernel.js"]) {
      assert.ok(modules.includes(m), `${m} not bundled: ${modules.join(" ")}`);
    }
    const never = ["engine/join/thread.js", "engine/start-thread.js", "engine/constellations/"];
    assert.deepEqual(
      modules.filter((x) => never.some((m) => x.includes(m)) || x.includes("cli/count.")),
      [],
    );
    assert.ok(readFileSync(BUNDLE, "utf8").includes('require("./quick-join.cjs")'));
  });
  test("holds the canonical search and the count's output, and no thread, kernel or command", () => {
    const modules = bundled();
    for (const m of ["cli/fast-start.js", "engine/count.js", "engine/canonical-wasm.js"]) {
      assert.ok(modules.includes(m), `${m} not bundled: ${modules.join(" ")}`);
    }
    const never = ["engine/join/", "engine/constellations/", "engine/kernel-wasm.js", "cli/count."];
    assert.deepEqual(
      modules.filter((x) => never.some((m) => x.includes(m))),
      [],
    );
    const text = readFileSync(BUNDLE, "utf8");
    for (const m of ["node:worker_threads", "node:crypto"]) {
      assert.ok(!text.includes(`require("${m}")`), `${m} required`);
    }
  });
  // commander is in the bundle for --help, required only when the help is drawn.
  for (const [args, commander] of [
    [["count", "8"], false],
    [["--version"], false],
    [["--help"], true],
  ] as const) {
    test(`nqueens ${args.join(" ")} ${commander ? "requires" : "does not require"} commander`, () => {
      const list = join(dir, `required-${args.join("-")}.txt`);
      const preload = join(dir, "log-require.cjs");
      writeFileSync(
        preload,
        `const Module = require("node:module");\nconst { appendFileSync } = require("node:fs");\nconst load = Module._load;\nModule._load = function (request, ...rest) {\n  appendFileSync(process.env.REQUIRED_LIST, request + "\\n");\n  return load.call(this, request, ...rest);\n};\n`,
      );
      writeFileSync(list, "");
      const r = spawnSync(process.execPath, ["-r", preload, BIN, ...args], {
        encoding: "utf8",
        env: { ...process.env, REQUIRED_LIST: list },
      });
      assert.equal(r.status, 0, r.stderr);
      const required = readFileSync(list, "utf8").split("\n");
      assert.ok(
        required.some((x) => x.endsWith("fast-start.cjs")),
        required.join(" "),
      );
      assert.equal(required.includes("commander"), commander, required.join(" "));
    });
  }
  test("leaves what it loads on demand to dist/'s ES modules, by paths that resolve", () => {
    const text = readFileSync(BUNDLE, "utf8");
    const paths = [...text.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!);
    assert.ok(paths.includes("./errors.js"), paths.join(" "));
    for (const p of paths) {
      assert.ok(statSync(join(ROOT, "dist/cli", p)).isFile(), `${p} from dist/cli/`);
    }
  });
  /** What the ES module's `fastStart(args)` prints, and its status (99: undefined). */
  const esModule = (args: string[]) => {
    const url = JSON.stringify(pathToFileURL(FAST_START).href);
    const script = `import(${url}).then((m) => m.fastStart(${JSON.stringify(args)})).then((s) => { process.exitCode = s ?? 99; })`;
    return spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  };
  for (const args of [
    ["count", "8"],
    ["count", "12", "-u", "--json"],
    ["count", "15", "-u"],
    ["-V"],
  ]) {
    test(`prints what its ES module prints: ${args.join(" ")}`, async () => {
      const viaBin = await nqueens(args);
      const r = esModule(args);
      const time = /"seconds":[0-9.]+|time {4}\d+\.\d\d s/;
      assert.equal(viaBin.code, 0, viaBin.stderr);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(viaBin.stdout.replace(time, ""), r.stdout.replace(time, ""));
      assert.equal(viaBin.stderr, r.stderr);
    });
  }
  for (const args of [
    ["count", "0"],
    ["count", "17"],
    ["count", "8", "--workers", "1"],
    ["solve", "8"],
  ]) {
    test(`passes ${args.join(" ")} on to main.ts, printing nothing`, () => {
      const r = esModule(args);
      assert.deepEqual([r.status, r.stdout, r.stderr], [99, "", ""]);
    });
  }
});
