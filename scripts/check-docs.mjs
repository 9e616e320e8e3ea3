// Fails (exit 1, one line per finding) on a reference that leads nowhere:
// - a relative link or anchor in README.md, ARCHITECTURE.md or docs/ that does not resolve
//   (a file that does not exist, or a #heading that the target file does not have);
// - a code comment under src/ that names a source path (`engine/foo.ts`, `src/cli/x.ts`) that
//   exists neither under src/ nor from the repository's root;
// - an install line that names another tarball than the one `npm pack` writes
//   (package.json's name and version).
// Usage: node scripts/check-docs.mjs
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const findings = [];

function walk(dir, keep) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return walk(p, keep);
    return keep(e.name) ? [p] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map();
function anchors(file) {
  if (!anchorCache.has(file)) {
    const seen = new Map();
    const set = new Set();
    let fenced = false;
    for (const line of readFileSync(join(root, file), "utf8").split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      const m = !fenced && /^#{1,6} (.*)$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const k = seen.get(base) ?? 0;
      seen.set(base, k + 1);
      set.add(k ? `${base}-${k}` : base);
    }
    anchorCache.set(file, set);
  }
  return anchorCache.get(file);
}

// 1. Links in the Markdown documents.
const docs = ["README.md", "ARCHITECTURE.md", ...walk("docs", (n) => n.endsWith(".md"))];
for (const file of docs) {
  const text = readFileSync(join(root, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, anchor] = target.split("#");
    const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
    if (!existsSync(join(root, resolved))) {
      findings.push(`${file}: the link ${target} leads to ${resolved}, which does not exist`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith(".md") && !anchors(resolved).has(anchor)) {
      findings.push(`${file}: the link ${target}: ${resolved} has no heading #${anchor}`);
    }
  }
}

// 2. Source paths named in src/'s comments.
const sources = walk("src", (n) => /\.(ts|mts|js|wgsl)$/.test(n));
function exists(file, named) {
  const bases = ["", "scripts"];
  for (let d = dirname(file); d !== "." && d !== ""; d = dirname(d)) bases.push(d);
  return bases.some((b) => existsSync(join(root, b, named)));
}
for (const file of sources) {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    const comment = /(?:^\s*(?:\/\/|\/?\*+)|\s\/\/\s)(.*)$/.exec(line);
    if (!comment) return;
    for (const m of comment[1].matchAll(
      /(?<![\w./-])((?:src\/)?(?:[\w-]+\/)+[\w.-]+\.(?:ts|mjs|js|wgsl))\b/g,
    )) {
      const named = m[1];
      if (named.startsWith("dist/") || named.startsWith("node_modules/")) continue;
      // A path counts from any folder above the file (`join/memory.ts` in engine/join/), from
      // src/, from scripts/ or from the repository's root.
      if (exists(file, named)) continue;
      findings.push(`${file}:${i + 1}: the comment names ${named}, which does not exist`);
    }
  });
}

// 3. Install lines name the tarball npm pack writes.
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const tarball = `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`;
for (const file of docs) {
  readFileSync(join(root, file), "utf8")
    .split("\n")
    .forEach((line, i) => {
      for (const m of line.matchAll(new RegExp(`\\b${pkg.name}-[0-9][\\w.-]*?\\.tgz`, "g"))) {
        if (m[0] !== tarball) {
          findings.push(`${file}:${i + 1}: names ${m[0]}; npm pack writes ${tarball}`);
        }
      }
    });
}

for (const f of findings) console.error(`check-docs: ${f}`);
if (findings.length) {
  console.error(`check-docs: ${findings.length} broken reference(s)`);
  process.exit(1);
}
