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
 */
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

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
  plugins: [classicPage],
  preview: { host: "127.0.0.1", strictPort: false },
});
