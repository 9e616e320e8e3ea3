// After tsc: the command's fast start (src/cli/fast-start.ts: `--version`, `--help` and the small
// counts) bundled with everything it imports statically into one CommonJS file,
// dist/cli/fast-start.cjs, which bin/nqueens.js loads first: one CommonJS file starts 20 ms of
// CPU sooner than the same modules loaded as ES modules (docs/notes/2026-12-07-fast-start.md).
// What it imports on demand (`import()`: the commands, the methods, the error wording) stays in
// dist/ as ES modules: each such import is left in the bundle with its path made relative to the
// bundle; but the program for `--help` (main.js, commander.js and commands.js: LAZY) is bundled,
// run when first imported.
// Usage: node scripts/bundle-start.mjs   (run by `npm run build` and `npm run build:dev`)
import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cli = fileURLToPath(new URL("../dist/cli/", import.meta.url));
const entry = `${cli}fast-start.js`;
const outfile = `${cli}fast-start.cjs`;
/** Bundled modules may read their own URL only in dist/cli/, where the bundle is. */
const OWN_URL = /^dist\/cli\/[^/]+\.js$/;
/**
 * The modules imported on demand that are bundled all the same (esbuild runs a module imported
 * on demand when it is first imported): the program's help, with commander and the summaries.
 */
const LAZY = new Set(["main.js", "commander.js", "commands.js"].map((f) => `${cli}${f}`));

/** A path relative to `from`, with / between its parts (an import's, on any system). */
const relativeTo = (from, to) => relative(from, to).split(sep).join("/");

/** Dynamic imports stay imports of dist's ES modules, relative to the bundle (LAZY aside). */
const onDemand = {
  name: "on-demand-stays-esm",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      if (LAZY.has(resolve(args.resolveDir, args.path))) return undefined;
      if (!args.path.startsWith(".") && !isAbsolute(args.path)) return { external: true };
      const path = relativeTo(cli, resolve(args.resolveDir, args.path));
      return { path: path.startsWith(".") ? path : `./${path}`, external: true };
    });
  },
};

const result = await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  plugins: [onDemand],
  metafile: true,
  logLevel: "warning",
  // import.meta.url, which CommonJS lacks, as the bundle's own URL.
  define: { "import.meta.url": "__bundleUrl" },
  banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});

// A bundled module elsewhere than dist/cli/ would read the bundle's URL as its own.
const root = fileURLToPath(new URL("..", import.meta.url));
for (const input of Object.keys(result.metafile.inputs)) {
  const path = relativeTo(root, resolve(input));
  if (!OWN_URL.test(path) && readFileSync(resolve(input), "utf8").includes("import.meta")) {
    throw new Error(`bundle-start: ${path} reads import.meta, which the bundle cannot give it`);
  }
}
