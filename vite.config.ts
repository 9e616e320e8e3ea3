/**
 * Vite configuration for the web page (src/web). `npm run build:web` writes a static site to
 * web-dist/ with relative asset paths, so it works from any static host or sub-folder.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL("./src/web", import.meta.url));
const outDir = fileURLToPath(new URL("./web-dist", import.meta.url));

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
  },
  worker: { format: "es" },
  preview: { host: "127.0.0.1", strictPort: false },
});
