// The import rules of ARCHITECTURE.md, checked: a folder under src/ that has an index.ts is a
// concept, and from outside it only its doors are imported (index.ts; browser.ts where the folder
// has a Node-free part; the queue's settings.ts); the library never imports the command (cli/) or the page (web/); those
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
/**
 * A folder's doors: index.ts; browser.ts, its Node-free part, for modules that also run in a page
 * (the root, engine/, gpu/); settings.ts, the queue's settings without BullMQ (an optional package),
 * for the command to check its flags before it loads the queue; parts.ts, a page mode's views that
 * run without its workers, for another mode to reuse (Watch's trace, board and tree in the lesson);
 * light.ts, the engine's count without the modules a count may not need (the command's start-up).
 */
const doors = new Set(["index.ts", "browser.ts", "settings.ts", "parts.ts", "light.ts"]);
/** The concept folders: every folder under src/ with an index.ts, as paths relative to src/. */
const folders = sources("src")
  .filter((f) => f.endsWith("/index.ts") && f !== "src/index.ts")
  .map((f) => relative("src", dirname(f)));
const top = (f) => relative("src", f).split("/")[0];
const exempt = (f) => /\.test\.ts$/.test(f) || /^src\/(testing|dev)\//.test(f);

/**
 * Known reaches into a folder, each a debt to pay: a new reach fails the check, and one that is
 * closed must leave this list. None today.
 */
const ALLOWED = new Set([]);

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
