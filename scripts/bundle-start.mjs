// After tsc: the command's fast start (src/cli/fast-start.ts: `--version`, `--help` and the quick
// counts) bundled with everything it imports statically into one CommonJS file,
// dist/cli/fast-start.cjs, which bin/nqueens.js loads first, and the join's quick counts
// (src/cli/quick-join.ts, n = 15 and 16) into another, dist/cli/quick-join.cjs, which the first
// requires for them: one CommonJS file starts 20 ms of CPU sooner than the same modules loaded as
// ES modules, and the join's 80 ms sooner (docs/notes/2026-12-07-fast-start.md). What they import
// on demand (`import()`: the commands, the other methods, threads, checkpoints, the error
// wording) stays in dist/ as ES modules: each such import is left in the bundle with its path
// made relative to the bundle; but the program for `--help` and the join (LAZY) are bundled, each
// run when first imported. Each bundled module's `import.meta.url` is its own file's URL, worked
// out from where the bundle lies.
// Usage: node scripts/bundle-start.mjs   (run by `npm run build` and `npm run build:dev`)
import { readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cli = fileURLToPath(new URL("../dist/cli/", import.meta.url));
/** A module of dist/ by its path under dist/. */
const inDist = (path) => resolve(cli, "..", path);

/**
 * The bundles, each from its entry; `lazy`: the modules imported on demand that are bundled all
 * the same (esbuild runs such a module when it is first imported). The fast start's: the
 * program's help, with commander and the summaries; the join's quick counts': the join.
 */
const BUNDLES = [
  // The fast start's last: bin/nqueens.js takes a fast start's bundle as new as the build as
  // proof that the build made both.
  { entry: "cli/quick-join.js", lazy: ["engine/join/index.js"] },
  { entry: "cli/fast-start.js", lazy: ["cli/main.js", "cli/commander.js", "cli/commands.js"] },
];

/** An import of the other bundle's module is a `require` of that bundle (no ES module loader). */
const OTHER = "cli/quick-join.js";

/** The bundle made from the module at `path` (under dist/): beside it, as .cjs. */
const bundleOf = (path) => inDist(path).replace(/\.js$/, ".cjs");

/** A path relative to `from`, with / between its parts (an import's, on any system). */
const relativeTo = (from, to) => relative(from, to).split(sep).join("/");

/**
 * Each module's `import.meta.url`: its file's URL from the bundle's folder (`__dirname`). The
 * rest of import.meta (import.meta.resolve, import.meta.dirname) has no CommonJS form: refused.
 */
const ownUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (text.replaceAll("import.meta.url", "").includes("import.meta")) {
        throw new Error(`${args.path} reads import.meta, which the bundle cannot give it`);
      }
      if (!text.includes("import.meta.url")) return undefined;
      const url = `__moduleUrl(${JSON.stringify(relativeTo(cli, args.path))})`;
      return { contents: text.replaceAll("import.meta.url", url), loader: "js" };
    });
  },
};

/** Dynamic imports stay imports of dist's ES modules, relative to the bundle (`lazy` aside). */
const onDemand = (lazy) => ({
  name: "on-demand-stays-esm",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      const target = resolve(args.resolveDir, args.path);
      if (lazy.has(target)) return undefined;
      if (!args.path.startsWith(".") && !isAbsolute(args.path)) return { external: true };
      const path = relativeTo(cli, target);
      return { path: path.startsWith(".") ? path : `./${path}`, external: true };
    });
  },
});

const otherImport = `import("./${relativeTo(cli, inDist(OTHER))}")`;
const otherRequire = `Promise.resolve(require("./${relativeTo(cli, bundleOf(OTHER))}"))`;

for (const { entry, lazy } of BUNDLES) {
  const outfile = bundleOf(entry);
  const result = await build({
    entryPoints: [inDist(entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    plugins: [onDemand(new Set(lazy.map(inDist))), ownUrl],
    write: false,
    logLevel: "warning",
    // import.meta.url, which CommonJS lacks (`ownUrl`).
    banner: {
      js: 'const __moduleUrl = (path) => require("node:url").pathToFileURL(require("node:path").join(__dirname, path)).href;',
    },
  });
  let code = result.outputFiles[0].text;
  if (entry !== OTHER) {
    if (!code.includes(otherImport))
      throw new Error(`bundle-start: ${entry} does not import ${OTHER}`);
    code = code.replace(otherImport, otherRequire);
  }
  writeFileSync(outfile, code);
}
