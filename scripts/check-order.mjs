// The dependency order of ARCHITECTURE.md, checked: no circle of imports between the files under
// src/, and no import against the order of the root modules and top-level folders (ORDER below).
// Every import counts: values and types (`import type`, `export ... from`, `import("...")` in
// code or in a type). A thread's module started by `new URL("./thread.js", import.meta.url)` is
// not an import. Tests (*.test.ts), test support (src/testing/) and the programs in src/dev/ are
// left out: they may import anything.
// Usage: node scripts/check-order.mjs
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/**
 * The root modules and top-level folders of src/, lowest first: each imports only what comes
 * before it. ARCHITECTURE.md's table of library modules follows this list (then cli/ and web/,
 * the command and the page, which never import each other). A folder's files may import each
 * other in any order, without a circle.
 */
const ORDER = [
  "limits.ts",
  "bits.ts",
  "words.ts",
  "errors.ts",
  "shapes.ts",
  "random.ts",
  "board.ts",
  "certificate/",
  "symmetry.ts",
  "construct.ts",
  "min-conflicts.ts",
  "solve.ts",
  "formats/",
  "engine/",
  "completion/",
  "solutions.ts",
  "judges/",
  "teach/",
  "gpu/",
  "backend-choice.ts",
  "queue/",
  "backend-run.ts",
  "browser.ts",
  "index.ts",
  "cli/",
  "web/",
];

/**
 * Circles allowed for now, each as its files (a circle among them alone passes). A circle that is
 * gone must leave this list.
 */
const ALLOWED_CIRCLES = [];

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;
const exempt = (f) => /\.test\.ts$/.test(f) || /^src\/(testing|dev)\//.test(f);

/** Each file's imports of other files under src/, sorted. */
const imports = new Map();
for (const file of sources("src").filter((f) => !exempt(f))) {
  const found = new Set();
  for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec.startsWith(".")) continue;
    const target = normalize(join(dirname(file), spec)).replace(/\.js$/, ".ts");
    if (target.startsWith("src/") && existsSync(target) && !exempt(target)) found.add(target);
  }
  imports.set(file, [...found].sort());
}

const problems = [];

// The order: a file imports only from its own unit (a root module, or a top-level folder) and
// the units before it.
/** A file's unit: its root module's name, or its top-level folder with a slash. */
const unit = (file) => {
  const parts = relative("src", file).split("/");
  return parts.length === 1 ? parts[0] : `${parts[0]}/`;
};
const rank = new Map(ORDER.map((u, i) => [u, i]));
const units = new Set([...imports.keys()].map(unit));
for (const u of units) {
  if (!rank.has(u)) problems.push(`${u} is not in ORDER: add it where it belongs`);
}
for (const u of ORDER) {
  if (!units.has(u)) problems.push(`${u} is in ORDER but not in src/: take it off`);
}
for (const [file, targets] of imports) {
  for (const target of targets) {
    const [from, to] = [unit(file), unit(target)];
    if (from === to || !rank.has(from) || !rank.has(to)) continue;
    if (rank.get(to) > rank.get(from)) {
      problems.push(`${file} imports ${target}: ${to} comes after ${from} in the order`);
    }
  }
}

// The circles: Tarjan's strongly connected components, then every simple circle inside each,
// as a path that starts at its least file.
function components() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of imports.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...imports.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The simple circles within one component, each from its least file. */
function circles(component) {
  const inside = new Set(component);
  const found = [];
  for (const start of component) {
    const path = [start];
    const walk = (v) => {
      for (const w of imports.get(v)) {
        if (!inside.has(w) || w < start) continue;
        if (w === start) found.push([...path, start]);
        else if (!path.includes(w)) {
          path.push(w);
          walk(w);
          path.pop();
        }
      }
    };
    walk(start);
  }
  return found;
}

const allowed = ALLOWED_CIRCLES.map((files) => ({ files: new Set(files), used: false }));
let circleCount = 0;
for (const component of components()) {
  for (const circle of circles(component)) {
    const exception = allowed.find((a) => circle.every((f) => a.files.has(f)));
    if (exception) {
      exception.used = true;
      continue;
    }
    circleCount++;
    problems.push(`a circle of imports: ${circle.join(" -> ")}`);
  }
}
for (const a of allowed) {
  if (!a.used)
    problems.push(`${[...a.files].join(", ")}: no longer a circle; take it off ALLOWED_CIRCLES`);
}

for (const p of problems) console.error(`check-order: ${p}`);
if (problems.length > 0) {
  console.error(
    `check-order: ${circleCount} circles of imports, ${problems.length - circleCount} other problems`,
  );
  process.exit(1);
}
console.log(
  `check-order: ${imports.size} files in ${ORDER.length} units in order, no circle of imports (and ${ALLOWED_CIRCLES.length} allowed for now)`,
);
