// The package as its users receive it: `npm pack`, then install the tarball into an empty
// project (from the npm cache: `npm ci` has filled it) and check what a user gets.
//   1. the tarball holds what users run and nothing else (no tests, test support, benchmark
//      programs or source maps; a LICENSE);
//   2. installed without the optional peers it stays under INSTALL_BUDGET_MB and holds no
//      native binary;
//   3. the command works there, and the GPU and queue commands say what to install;
//   4. a consumer importing the root, nqueens/gpu and nqueens/queue type-checks under strict
//      nodenext without skipLibCheck (with the queue's peers installed, as its users have them:
//      the oldest and the newest versions in range), and runs: count on worker threads;
//   5. publint and @arethetypeswrong/cli find no problem;
//   6. size-limit: the browser bundle of `import { solve } from "nqueens"` stays within its
//      budget (.size-limit.json), and a bundle for the browser holds no Node built-in;
//   7. nqueens/gpu bundled for a page (its browser build) and counting in Chromium.
// Usage: node scripts/check-package.mjs   (run by `npm test`; about a minute)
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Installed size of nqueens with its required dependencies, optional peers left out. */
const INSTALL_BUDGET_MB = 8;

const root = fileURLToPath(new URL("../", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);
const temp = mkdtempSync(join(tmpdir(), "nqueens-package-"));
let failures = 0;
process.on("exit", () => rmSync(temp, { recursive: true, force: true }));

function check(what, ok, detail = "") {
  process.stdout.write(`${ok ? "ok" : "FAIL"} - ${what}${detail ? `: ${detail}` : ""}\n`);
  if (!ok) failures++;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 << 20, ...options });
  return { code: r.status, out: `${r.stdout ?? ""}${r.stderr ?? ""}`, stdout: r.stdout ?? "" };
}

const npmEnv = {
  ...process.env,
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};
const offline = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

// 1. The tarball.
const packed = run("npm", ["pack", "--json", "--pack-destination", temp], {
  cwd: root,
  env: npmEnv,
});
if (packed.code !== 0) {
  process.stderr.write(`check-package: npm pack failed:\n${packed.out}\n`);
  process.exit(1);
}
const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")))[0];
const tarball = join(temp, info.filename);
const files = info.files.map((f) => f.path);
const stray = files.filter((f) => /\.test\.|(^|\/)(testing|dev)\/|\.map$/.test(f));
check(
  "the tarball holds no tests, test support, benchmark programs or source maps",
  stray.length === 0,
  stray.slice(0, 5).join(", "),
);
check(
  "the tarball has a LICENSE, README and CHANGELOG",
  ["LICENSE", "README.md", "CHANGELOG.md"].every((f) => files.includes(f)),
);
// The version the command prints is the CHANGELOG's newest: "X.Y.Z-dev" while it is unreleased.
{
  const version = JSON.parse(readFileSync("package.json", "utf8")).version;
  const top = /^## (\d+\.\d+\.\d+) \((unreleased|\d{4}-\d\d-\d\d)\)$/m.exec(
    readFileSync("CHANGELOG.md", "utf8"),
  );
  const want = top && (top[2] === "unreleased" ? `${top[1]}-dev` : top[1]);
  check(
    `package.json's version ${version} is the CHANGELOG's newest entry`,
    version === want,
    `the CHANGELOG's newest entry asks for ${want}`,
  );
}
check(
  `the tarball: ${files.length} files, ${(info.size / 1e6).toFixed(2)} MB packed, ${(info.unpackedSize / 1e6).toFixed(2)} MB unpacked`,
  true,
);

// 2. Installed without the optional peers.
const project = join(temp, "consumer");
execFileSync("mkdir", ["-p", project]);
writeFileSync(
  join(project, "package.json"),
  JSON.stringify({ name: "consumer", private: true, type: "module" }),
);
const install = run("npm", ["install", tarball, ...offline], { cwd: project, env: npmEnv });
check(
  "npm install of the tarball (from the cache)",
  install.code === 0,
  install.code === 0 ? "" : install.out.slice(-600),
);
if (install.code !== 0) process.exit(1);

function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}
const modules = join(project, "node_modules");
const packages = readdirSync(modules).flatMap((d) =>
  d.startsWith("@")
    ? readdirSync(join(modules, d)).map((s) => `${d}/${s}`)
    : d.startsWith(".")
      ? []
      : [d],
);
const installedMb = sizeOf(modules) / 2 ** 20;
check(
  `installed size ${installedMb.toFixed(1)} MB (${packages.length} packages: ${packages.join(", ")}) within the budget of ${INSTALL_BUDGET_MB} MB`,
  installedMb <= INSTALL_BUDGET_MB,
);
const natives = packages.filter((p) =>
  ["webgpu", "bullmq", "ioredis", "msgpackr-extract"].includes(p),
);
check("no optional peer and no native binary installed", natives.length === 0, natives.join(", "));
const nodeFiles = [];
(function find(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) find(p);
    else if (e.name.endsWith(".node")) nodeFiles.push(p);
  }
})(modules);
check("no .node addon anywhere", nodeFiles.length === 0, nodeFiles.slice(0, 3).join(", "));

// 3. The command, without the optional peers.
const nqueens = join(project, "node_modules", ".bin", "nqueens");
const solved = run(nqueens, ["solve", "8", "--format", "perm"]);
check(
  "nqueens solve 8",
  solved.code === 0 && solved.stdout === "0 4 7 5 2 6 1 3\n",
  solved.out.trim(),
);
// The small counts start from the bundles (src/cli/fast-start.ts, and quick-join.ts for the
// join's), which bin/nqueens.js passes over when missing: shipped, and used (their runs load no
// ES module of the package).
const shipped = ["fast-start.cjs", "quick-join.cjs"].every((f) =>
  existsSync(join(project, "node_modules", "nqueens", "dist", "cli", f)),
);
const hooks = join(temp, "list-modules.mjs");
writeFileSync(
  hooks,
  'export async function load(url, context, next) { if (url.includes("/dist/")) console.error("loaded", url); return next(url, context); }\n',
);
const register = join(temp, "register.mjs");
writeFileSync(
  register,
  `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
);
for (const [n, total] of [
  [12, "14200"],
  [16, "14772512"],
]) {
  const small = run(process.execPath, ["--import", register, nqueens, "count", `${n}`, "--json"]);
  check(
    `nqueens count ${n} from the fast start's bundles (shipped; no ES module of dist/ loaded)`,
    shipped &&
      small.code === 0 &&
      small.stdout.includes(`"total":"${total}"`) &&
      small.out === small.stdout,
    small.out.trim().slice(0, 300),
  );
}
const counted = run(nqueens, ["count", "16", "--json"]);
check(
  "nqueens count 16 (--backend auto quietly on the CPU)",
  counted.code === 0 &&
    counted.stdout.includes('"total":"14772512"') &&
    counted.stdout.includes('"backend":"cpu"'),
  counted.out.trim().slice(0, 300),
);
for (const [args, pkg] of [
  [["count", "16", "--backend", "gpu"], "npm install webgpu"],
  [["worker", "--queue", "redis://127.0.0.1:1"], "npm install bullmq ioredis"],
  [["count", "12", "--queue", "redis://127.0.0.1:1"], "npm install bullmq ioredis"],
  [["runs", "--queue", "redis://127.0.0.1:1"], "npm install bullmq ioredis"],
]) {
  const r = run(nqueens, args);
  const lines = r.out.trim().split("\n");
  check(
    `nqueens ${args.join(" ")}: exit 2, one line naming \`${pkg}\``,
    r.code === 2 && lines.length === 1 && lines[0].includes(pkg),
    r.out.trim(),
  );
}

// 4. A consumer, type-checked and run, with the oldest and the newest peers in range. The
// queue's declarations name ioredis types, so its peers are installed for this step (not webgpu:
// the GPU types come with @webgpu/types). The oldest are the versions the tests run with
// (devDependencies); the newest are asked of the registry, so that a new peer release that
// breaks a strict consumer (ioredis 6.1 names an untyped package) fails here.
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const dev = manifest.devDependencies;
function newest(name) {
  const range = manifest.peerDependencies[name];
  const r = run("npm", ["view", `${name}@${range}`, "version", "--json"], { env: npmEnv });
  try {
    const versions = [JSON.parse(r.stdout)].flat();
    return versions[versions.length - 1];
  } catch {
    check(`npm view ${name}@${range}`, false, r.out.trim().slice(0, 200));
    return dev[name];
  }
}
const peerSets = [
  ["oldest", { bullmq: dev.bullmq, ioredis: dev.ioredis }],
  ["newest", { bullmq: newest("bullmq"), ioredis: newest("ioredis") }],
];
writeFileSync(
  join(project, "consumer.ts"),
  `import {
  type BoardStyle, type CompletionsOptions, type CountOptions, type CountResult, type ParseResult,
  type SolveOptions, completeOne, count, formatBoard, parseBoard, solve,
} from "nqueens";
import { countGpu, gpuAvailable } from "nqueens/gpu";
import { openRedis, parseQueueUrl, type QueueUrl } from "nqueens/queue";
import pkg from "nqueens/package.json" with { type: "json" };

const options: SolveOptions = { method: "construct" };
const style: BoardStyle = "perm";
const limits: CompletionsOptions = { limit: 1 };
const counting: CountOptions = { workers: 2, method: "constellations" }; // auto joins n = 14 on the calling thread
const parsed: ParseResult = parseBoard("0 4 7 5 2 6 1 3");
const url: QueueUrl = parseQueueUrl("redis://127.0.0.1:6379");
const result: CountResult = await count(14, counting);
console.log(formatBoard(solve(8, options)!, style), completeOne({ n: 8, queens: [] })!.length, parsed.ok, limits.limit);
console.log("total", String(result.total), "workers", result.workers, typeof countGpu, typeof gpuAvailable, typeof openRedis, url.display !== "", pkg.name);
`,
);
writeFileSync(
  join(project, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: "nodenext",
      moduleResolution: "nodenext",
      strict: true,
      skipLibCheck: false,
      noEmit: true,
      resolveJsonModule: true,
      types: ["node"],
    },
    files: ["consumer.ts"],
  }),
);
for (const [which, versions] of peerSets) {
  const pinned = [
    ...Object.entries(versions).map(([name, v]) => `${name}@${v}`),
    `@types/node@${dev["@types/node"]}`,
  ];
  const peers = run("npm", ["install", ...pinned, ...offline], { cwd: project, env: npmEnv });
  check(
    `npm install ${pinned.join(" ")} (the ${which} peers in range)`,
    peers.code === 0,
    peers.code === 0 ? "" : peers.out.slice(-400),
  );
  const typed = run(bin("tsc"), ["-p", project]);
  check(
    `the consumer type-checks with the ${which} peers (strict, nodenext, no skipLibCheck)`,
    typed.code === 0,
    typed.out.trim().split("\n").slice(0, 8).join(" | "),
  );
  // A Node project without the DOM library: the GPU types resolve without any WebGPU typings.
  const noDom = run(bin("tsc"), ["-p", project, "--lib", "es2022"]);
  check(
    `the same without lib.dom (a plain Node project), the ${which} peers`,
    noDom.code === 0,
    noDom.out.trim().split("\n").slice(0, 8).join(" | "),
  );
  const strip = run(bin("tsc"), [
    "-p",
    project,
    "--noEmit",
    "false",
    "--outDir",
    join(project, "out"),
  ]);
  const ran =
    strip.code === 0
      ? run(process.execPath, [join(project, "out", "consumer.js")], { cwd: project })
      : strip;
  check(
    `the consumer runs (count on two threads from an ES module), the ${which} peers`,
    ran.code === 0 && /total 365596 workers 2/.test(ran.out),
    ran.out.trim().slice(0, 400),
  );
}

// 5. The ecosystem's checkers, on the installed package.
const installed = join(project, "node_modules", "nqueens");
const lint = run(bin("publint"), ["run", installed, "--strict"]);
check(
  "publint --strict",
  lint.code === 0 && !/warning|error/i.test(lint.out.replace(/No problems found/i, "")),
  lint.out.trim().split("\n").slice(0, 8).join(" | "),
);
const attw = run(bin("attw"), [tarball, "--profile", "esm-only", "--format", "ascii"]);
check(
  "@arethetypeswrong/cli (ESM-only profile)",
  attw.code === 0,
  attw.out.trim().split("\n").slice(-12).join(" | "),
);

// 6. The browser bundle.
const size = run(bin("size-limit"), ["--json"], { cwd: root });
let sizes = [];
try {
  sizes = JSON.parse(size.stdout);
} catch {}
for (const s of sizes) check(`size-limit ${s.name}: ${s.size} bytes (gzip)`, s.passed !== false);
check(
  "size-limit ran",
  size.code === 0 && sizes.length > 0,
  size.code === 0 ? "" : size.out.trim().slice(0, 400),
);

// 7. nqueens/gpu in a page: bundled by Vite from the installed package (its `browser` condition
// picks dist/gpu/browser.js, which needs no Node module), then run in Chromium, where WebGPU
// has SwiftShader's adapter without a GPU: the bundle counts n = 8 on it.
await gpuInABrowser();

async function gpuInABrowser() {
  const page = join(project, "page");
  execFileSync("mkdir", ["-p", page]);
  writeFileSync(
    join(page, "index.html"),
    '<!doctype html><title>nqueens/gpu</title><script type="module" src="./main.js"></script>',
  );
  writeFileSync(
    join(page, "main.js"),
    `import { countGpu, gpuAvailable, GPU_MAX_N } from "nqueens/gpu";
const found = await gpuAvailable();
window.outcome = found.available
  ? { total: String((await countGpu(8)).total), adapter: found.name, max: GPU_MAX_N }
  : { skipped: found.reason };
`,
  );
  const vite = await import("vite");
  const out = join(page, "dist");
  // Vite replaces a Node module with an empty stub and only warns: the warnings are the test.
  const warnings = [];
  const logger = vite.createLogger("warn");
  logger.warn = (message) => warnings.push(message);
  logger.warnOnce = logger.warn;
  logger.info = () => {};
  try {
    await vite.build({
      root: page,
      configFile: false,
      customLogger: logger,
      build: { outDir: out },
    });
  } catch (e) {
    check("Vite bundles nqueens/gpu for a browser", false, String(e).split("\n")[0]);
    return;
  }
  const assets = join(out, "assets");
  const code = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(assets, f), "utf8"))
    .join("\n");
  const nodeNames = [
    ...new Set([
      ...(code.match(/["'`]node:[a-z_/]+/g) ?? []),
      ...warnings.flatMap((w) => /Module "([^"]+)" has been externalized/.exec(w)?.[1] ?? []),
    ]),
  ];
  check(
    `Vite bundles nqueens/gpu for a browser (${(code.length / 1024).toFixed(0)} KB) without a Node module`,
    nodeNames.length === 0 && warnings.length === 0,
    [...nodeNames, ...warnings.slice(0, 2)].join(", ").slice(0, 400),
  );
  const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    check("nqueens/gpu counts in Chromium", false, `no chromium at ${chromium}`);
    return;
  }
  const server = await vite.preview({
    root: page,
    configFile: false,
    logLevel: "silent",
    build: { outDir: out },
    preview: { host: "127.0.0.1", port: 0 },
  });
  const { chromium: browserType } = await import("playwright-core");
  const icd = "/usr/lib/chromium/vk_swiftshader_icd.json";
  const env = { ...process.env, ...(existsSync(icd) ? { VK_ICD_FILENAMES: icd } : {}) };
  const browser = await browserType.launch({
    executablePath: chromium,
    args: ["--headless", "--no-sandbox", "--enable-unsafe-webgpu", "--disable-dev-shm-usage"],
    env,
  });
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on("pageerror", (e) => errors.push(e.message));
    await tab.goto(server.resolvedUrls.local[0]);
    await tab.waitForFunction(() => window.outcome !== undefined || false, null, {
      timeout: 240_000,
    });
    const outcome = await tab.evaluate(() => window.outcome);
    if (outcome.skipped !== undefined) {
      process.stdout.write(`skip - nqueens/gpu counts in Chromium: ${outcome.skipped}\n`);
    } else {
      check(
        `nqueens/gpu counts n = 8 in Chromium on ${outcome.adapter}`,
        outcome.total === "92" && errors.length === 0,
        `${JSON.stringify(outcome)} ${errors.join("; ")}`,
      );
    }
  } catch (e) {
    check("nqueens/gpu counts in Chromium", false, String(e).split("\n")[0]);
  } finally {
    await browser.close();
    await new Promise((done) => server.httpServer.close(done));
  }
}

if (!existsSync(tarball)) failures++;
process.stdout.write(
  failures === 0 ? "package check: all passed\n" : `package check: ${failures} failed\n`,
);
process.exit(failures === 0 ? 0 : 1);
