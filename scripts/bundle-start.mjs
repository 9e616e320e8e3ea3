// After tsc: the command's fast start (src/cli/fast-start.ts: `--version` and the small counts)
// bundled with everything it imports statically into one CommonJS file, dist/cli/fast-start.cjs,
// which bin/nqueens.js loads first: one CommonJS file starts 20 ms of CPU sooner than the same
// modules loaded as ES modules (docs/notes/2026-12-07-fast-start.md). What it imports on demand
// (`import()`: the join for n = 15 and 16, the error wording) stays in dist/ as ES modules: each
// such import is left in the bundle with its path made relative to the bundle.
// Usage: node scripts/bundle-start.mjs   (run by `npm run build` and `npm run bench`)
import { readFileSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cli = fileURLToPath(new URL("../dist/cli/", import.meta.url));
const entry = `${cli}fast-start.js`;
const outfile = `${cli}fast-start.cjs`;
/** The one bundled module that may read its own URL: it sits in dist/cli/, as the bundle does. */
const OWN_URL = "dist/cli/version.js";

/** Dynamic imports stay imports of dist's ES modules, relative to the bundle. */
const onDemand = {
  name: "on-demand-stays-esm",
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== "dynamic-import") return undefined;
      if (!args.path.startsWith(".") && !isAbsolute(args.path)) return { external: true };
      const path = relative(cli, resolve(args.resolveDir, args.path));
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
  const path = relative(root, resolve(input));
  if (path !== OWN_URL && readFileSync(resolve(input), "utf8").includes("import.meta")) {
    throw new Error(`bundle-start: ${path} reads import.meta, which the bundle cannot give it`);
  }
}
