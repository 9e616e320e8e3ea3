/**
 * Vite configuration for the web page (src/web). `npm run build:web` writes a static site to
 * web-dist/ with relative asset paths, so it works from any static host or sub-folder, and from
 * disk: web-dist/index.html opened as a file:// page, or a page that lost its network after it
 * loaded, must need no second fetch to run a search. So:
 * - the page is one classic script (`iife`, no code splitting: the GPU code is in it too), loaded
 *   with `defer`. Chromium refuses module scripts and `crossorigin` stylesheets from file://
 *   (a file has no origin to share with), but loads classic scripts and plain stylesheets;
 * - the Web Workers are built into that script (`?worker&inline` in jobs.ts and gpu-count.ts) and
 *   start from a Blob, never from a URL (which file:// refuses, and which offline cannot fetch),
 *   as classic workers (Chromium refuses a module worker from a Blob on a file:// page).
 * A reload or a new tab with the server gone needs the files again: `offlineFiles` writes the
 * service worker (src/web/sw.ts) with the build's file list, and a Brotli and a gzip copy of
 * every text file beside it (`index-*.js.br`, `.gz`), which `nqueens web` sends to a browser
 * that accepts them.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin, transformWithOxc } from "vite";

const root = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./web-dist", import.meta.url));

/**
 * Vite writes `<script type="module" crossorigin>` and `<link rel="stylesheet" crossorigin>`
 * whatever the output format; this makes them a deferred classic script and a plain stylesheet.
 * It fails the build rather than ship a page that would not load from disk. The build only: the
 * dev server serves main.ts itself, as a module.
 */
const classicPage: Plugin = {
  name: "nqueens-classic-page",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html) {
      const out = html
        .replace(/<script type="module" crossorigin src=/g, "<script defer src=")
        .replace(/<link rel="stylesheet" crossorigin href=/g, '<link rel="stylesheet" href=');
      if (/type="module"|crossorigin/.test(out)) {
        throw new Error("vite.config.ts: index.html still has a module script or crossorigin");
      }
      return out;
    },
  },
};

/** The service worker's source; built into `sw.js` at the root of the site. */
const SW_SOURCE = fileURLToPath(new URL("./src/web/sw.ts", import.meta.url));
const SW_NAME = "sw.js";

/** The files of a built site, relative to it with `/`, less source maps and compressed copies. */
function siteFiles(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
    );
  return walk(dir)
    .map((f) => relative(dir, f).split(sep).join("/"))
    .filter((f) => !/\.(map|br|gz)$/.test(f))
    .sort();
}

/** Text files worth compressing: everything the server sends but images already compressed. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|wasm|txt)$/;

/**
 * After the build is written: `sw.js` (sw.ts as JavaScript, after `PRECACHE`, the build's files
 * and a version made of their contents, so that a new build replaces the old cache), then a
 * Brotli (`.br`) and a gzip (`.gz`) copy of each text file, the service worker's included.
 */
const offlineFiles: Plugin = {
  name: "nqueens-offline-files",
  apply: "build",
  async writeBundle(options) {
    const dir = options.dir;
    if (!dir) throw new Error("vite.config.ts: the build has no output folder");
    const files = siteFiles(dir).filter((f) => f !== SW_NAME);
    const version = createHash("sha256");
    for (const f of files) version.update(f).update(readFileSync(join(dir, f)));
    const precache = { version: version.digest("hex").slice(0, 16), files };
    const { code } = await transformWithOxc(readFileSync(SW_SOURCE, "utf8"), SW_SOURCE);
    writeFileSync(
      join(dir, SW_NAME),
      `"use strict";\nconst PRECACHE = ${JSON.stringify(precache)};\n${code}`,
    );
    for (const f of siteFiles(dir).filter((name) => COMPRESSIBLE.test(name))) {
      const body = readFileSync(join(dir, f));
      writeFileSync(
        join(dir, `${f}.br`),
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(join(dir, `${f}.gz`), gzipSync(body, { level: 9 }));
    }
  },
};

export default defineConfig({
  root,
  base: "./",
  publicDir: false,
  logLevel: "warn",
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    reportCompressedSize: false,
    cssCodeSplit: false,
    rolldownOptions: { output: { format: "iife", codeSplitting: false } },
  },
  worker: { format: "iife" },
  plugins: [classicPage, offlineFiles],
  preview: { host: "127.0.0.1", strictPort: false },
});
