// The import rules of ARCHITECTURE.md, checked: a folder under src/ that has an index.ts is a
// concept, and from outside it only its door is imported (index.ts, or browser.ts where the folder
// has a Node-free subset); the library never imports the command (cli/) or the page (web/); those
// two never import each other; the page imports nothing from Node. Tests (*.test.ts), test support
// (src/testing/) and the programs in src/dev/ may reach inside a folder.
// Usage: node scripts/check-imports.mjs
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|new URL\(\s*"(\.[^"]+)",\s*import\.meta\.url/g;
const doors = new Set(["index.ts", "browser.ts"]);
/** The concept folders: every folder under src/ with an index.ts, as paths relative to src/. */
const folders = sources("src")
  .filter((f) => f.endsWith("/index.ts") && f !== "src/index.ts")
  .map((f) => relative("src", dirname(f)));
const top = (f) => relative("src", f).split("/")[0];
const exempt = (f) => /\.test\.ts$/.test(f) || /^src\/(testing|dev)\//.test(f);

/**
 * The reaches into a folder that were there when this check was written, each a debt: the engine's
 * door is also the public `engine` namespace, so the pieces the queue, the GPU, completion and the
 * page share (the split, the kernel, the tally, checkpoints, threads) are imported from their files
 * until that namespace is trimmed to what users need and an internal door is added; the command
 * imports the queue's light modules (addresses, secrets, records) directly because the queue's
 * door loads BullMQ. A new reach fails the check; one that is closed must leave this list.
 */
const ALLOWED = new Set([
  "src/backends.ts ./engine/checkpoint.js",
  "src/backends.ts ./engine/method.js",
  "src/backends.ts ./engine/types.js",
  "src/backends.ts ./gpu/node-device.js",
  "src/backends.ts ./queue/url.js",
  "src/browser.ts ./engine/plain.js",
  "src/browser.ts ./engine/types.js",
  "src/cli/count.ts ../engine/checkpoint.js",
  "src/cli/count.ts ../engine/method.js",
  "src/cli/count.ts ../queue/secret.js",
  "src/cli/count.ts ../queue/url.js",
  "src/cli/runs.ts ../queue/sample.js",
  "src/cli/runs.ts ../queue/secret.js",
  "src/cli/runs.ts ../queue/url.js",
  "src/cli/worker.ts ../queue/record.js",
  "src/cli/worker.ts ../queue/secret.js",
  "src/cli/worker.ts ../queue/url.js",
  "src/completion/bitmask-search.ts ../engine/kernel.js",
  "src/engine/method.ts ./join/count-join.js",
  "src/gpu/count-gpu.ts ../engine/constellations/split.js",
  "src/gpu/count-gpu.ts ../engine/kernel.js",
  "src/gpu/count-gpu.ts ../engine/tally.js",
  "src/gpu/count-gpu.ts ../engine/types.js",
  "src/gpu/index.ts ../engine/checkpoint.js",
  "src/gpu/index.ts ../engine/constellations/split.js",
  "src/queue/admin.ts ../engine/constellations/split.js",
  "src/queue/coordinator.ts ../engine/method.js",
  "src/queue/coordinator.ts ../engine/types.js",
  "src/queue/gpu-solver.ts ../engine/constellations/split.js",
  "src/queue/gpu-solver.ts ../gpu/count-gpu.js",
  "src/queue/gpu-solver.ts ../gpu/node-device.js",
  "src/queue/pool.ts ../engine/constellations/split.js",
  "src/queue/pool.ts ../engine/threads.js",
  "src/queue/record.ts ../engine/constellations/split.js",
  "src/queue/run-split.ts ../engine/constellations/split.js",
  "src/queue/run-split.ts ../engine/join/split.js",
  "src/queue/run-split.ts ../engine/join/tally.js",
  "src/queue/run-split.ts ../engine/join/tasks.js",
  "src/queue/run-split.ts ../engine/kernel.js",
  "src/queue/run-split.ts ../engine/tally.js",
  "src/queue/solve-thread.ts ../engine/constellations/split.js",
  "src/queue/solve-thread.ts ../engine/join/tasks.js",
  "src/queue/solve-thread.ts ../engine/solve-batches.js",
  "src/queue/verdict.ts ../engine/constellations/split.js",
  "src/queue/worker.ts ../engine/constellations/split.js",
  "src/web/worker.ts ../engine/constellations/split.js",
  "src/web/worker.ts ../engine/kernel.js",
]);

const problems = [];
const used = new Set();
for (const file of sources("src")) {
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const where = `${file}: "${spec}"`;
    if (spec.startsWith("node:")) {
      if (top(file) === "web" && !exempt(file))
        problems.push(`${where}: the page imports nothing from Node`);
      continue;
    }
    if (!spec.startsWith(".")) continue;
    const target = normalize(join(dirname(file), spec)).replace(/\.js$/, ".ts");
    if (!target.startsWith("src/") || !existsSync(target)) continue;
    const [from, to] = [top(file), top(target)];
    if (!exempt(file)) {
      if (!["cli", "web"].includes(from) && ["cli", "web"].includes(to)) {
        problems.push(`${where}: the library never imports the command or the page`);
      }
      if ((from === "cli" && to === "web") || (from === "web" && to === "cli")) {
        problems.push(`${where}: the command and the page never import each other`);
      }
    }
    if (exempt(file)) continue;
    const rel = relative("src", target);
    for (const folder of folders) {
      const inside = (p) => p.startsWith(`${folder}/`);
      if (inside(rel) && !inside(relative("src", file))) {
        const door = relative(folder, rel);
        if (doors.has(door)) continue;
        if (ALLOWED.has(`${file} ${spec}`)) used.add(`${file} ${spec}`);
        else problems.push(`${where}: ${folder}/ is entered by its index.ts only`);
      }
    }
  }
}
for (const a of ALLOWED) {
  if (!used.has(a)) problems.push(`${a}: no longer reaches into a folder; take it off ALLOWED`);
}
for (const p of problems) console.error(`check-imports: ${p}`);
if (problems.length > 0) process.exit(1);
console.log(
  `check-imports: ${folders.length} folders entered by their doors (and ${ALLOWED.size} known reaches); no forbidden import`,
);
