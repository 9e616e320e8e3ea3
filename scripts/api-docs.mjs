// The API reference, built from the JSDoc of the public entry points (nqueens, nqueens/gpu,
// nqueens/queue) into web-dist/api/, where `nqueens web` serves it beside the page (/api/):
//   1. the library's declarations (tsconfig.api.json) into a temporary folder;
//   2. API Extractor's doc model (.api.json) of each entry point, one compiler run for all three;
//   3. API Documenter writes one Markdown page per exported item and member;
//   4. marked turns each into a static HTML page with one stylesheet and no script at all, so the
//      pages load under the server's Content-Security-Policy as they are;
//   5. the pages are checked (scripts/api-docs-check.mjs): the build fails, one line per finding
//      naming the page and the row, on a parameter or a return value without a description, a
//      package without its description, a {@link} to a name not exported, or a link that would
//      not load from disk or a static host (every link is relative: the folder works as it is,
//      opened from disk, served by `nqueens web` at /api/, or copied to any static host).
// Run by `npm run build:web` after Vite (which empties web-dist/). The API report in etc/ is
// scripts/api-report.mjs; this script never touches it.
// Usage: node scripts/api-docs.mjs [--out <folder>]   (default web-dist/api)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { CompilerState, Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { Marked } from "marked";
import { checkPages, note, PAGE_LINK, undescribed } from "./api-docs-check.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const at = process.argv.indexOf("--out");
const out = resolve(root, at > 0 ? process.argv[at + 1] : "web-dist/api");
/** The report configurations, one per entry point (their report names name the pages). */
const CONFIGS = ["api-extractor.json", "api-extractor.gpu.json", "api-extractor.queue.json"];

const temp = mkdtempSync(join(tmpdir(), "nqueens-api-docs-"));
process.on("exit", () => rmSync(temp, { recursive: true, force: true }));

function fail(message) {
  process.stderr.write(`api-docs: ${message}\n`);
  process.exit(1);
}

function files(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name));
}

/** One stylesheet for every page: readable tables and code, light or dark as the system is. */
const CSS = `:root {
  color-scheme: light dark;
  --ink: #1c2431;
  --muted: #555d6b;
  --line: #d5d9e0;
  --code: #f1f3f6;
  --link: #1f5fae;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: var(--ink);
}
@media (prefers-color-scheme: dark) {
  :root {
    --ink: #e4e8ee;
    --muted: #a7afbc;
    --line: #3a4352;
    --code: #232a35;
    --link: #8cb8f0;
    background: #161b22;
  }
}
body {
  max-width: 60rem;
  margin: 0 auto;
  padding: 1rem 1.25rem 3rem;
}
a {
  color: var(--link);
}
.top {
  font-size: 0.875rem;
  color: var(--muted);
  border-bottom: 1px solid var(--line);
  padding-bottom: 0.5rem;
}
code,
pre {
  font: 0.875em/1.45 ui-monospace, "SF Mono", Menlo, Consolas, monospace;
  background: var(--code);
  border-radius: 4px;
}
code {
  padding: 0.1em 0.3em;
}
pre {
  padding: 0.75rem 1rem;
  overflow-x: auto;
}
pre code {
  padding: 0;
  background: none;
}
table {
  border-collapse: collapse;
  width: 100%;
  margin: 0.5rem 0 1.5rem;
}
th,
td {
  border: 1px solid var(--line);
  padding: 0.35rem 0.6rem;
  text-align: left;
  vertical-align: top;
}
td p,
th p {
  margin: 0.2rem 0;
}
`;

/** The page's own icon (a data: URL in its index.html), as a file the pages share. */
const ICON = /<link rel="icon" href="data:image\/svg\+xml,([^"]+)"/.exec(
  readFileSync(join(root, "src/web/index.html"), "utf8"),
)?.[1];

// 1. Declarations, with the JSDoc habits of the sources put in TSDoc's words, which API Extractor
// reads: `@default` is TSDoc's `@defaultValue` (the only one API Documenter shows), an `@example`
// is a line of code (`popcount(0b1011) // 3`) where TSDoc wants a fenced block, and a constructor's
// parameter properties are described where they are declared, where TSDoc wants `@param`s.
const dts = join(temp, "dts");
const tsc = spawnSync(
  process.execPath,
  [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.api.json", "--outDir", dts],
  { cwd: root, stdio: "inherit" },
);
if (tsc.status !== 0) fail("tsc -p tsconfig.api.json failed");
for (const file of files(dts, ".d.ts")) {
  const text = readFileSync(file, "utf8");
  const fixed = errorNames(
    constructorParams(
      text.replace(/\/\*\*[\s\S]*?\*\//g, (comment) =>
        fenceExamples(comment.replace(/@default\b(?!Value)/g, "@defaultValue")),
      ),
    ),
  );
  if (fixed !== text) writeFileSync(file, fixed);
}
// An entry's @packageDocumentation comment (the package page's description) is the first comment
// of its source; tsc drops it from the declarations when the statement it precedes is an import.
for (const file of CONFIGS) {
  const entry = ExtractorConfig.loadFile(join(root, file)).mainEntryPointFilePath.replace(
    /^<projectFolder>\/\.api\/dts\//,
    "",
  );
  const source = readFileSync(join(root, "src", entry.replace(/\.d\.ts$/, ".ts")), "utf8");
  const doc = /\/\*\*(?:(?!\*\/)[\s\S])*@packageDocumentation[\s\S]*?\*\//.exec(source)?.[0];
  if (!doc) fail(`src/${entry.replace(/\.d\.ts$/, ".ts")} has no @packageDocumentation comment`);
  const text = readFileSync(join(dts, entry), "utf8");
  if (!text.includes("@packageDocumentation")) writeFileSync(join(dts, entry), `${doc}\n${text}`);
}

/**
 * A constructor's `@param`s from its parameter properties' own comments, as tsc leaves them in
 * the declaration (`constructor(\n /** Sub-problems finished. *\/\n done: number, ...);`); a
 * constructor with a comment of its own keeps it (and needs its `@param`s there).
 */
function constructorParams(text) {
  return text.replace(
    /^([ \t]*)((?:public |protected )?constructor\(([\s\S]*?)\);)/gm,
    (whole, indent, decl, params, at) => {
      if (/\*\/\s*$/.test(text.slice(0, at))) return whole;
      const tags = [...params.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\??:/g)].map(
        ([, doc, name]) =>
          `${indent} * @param ${name} - ${doc.replace(/\s*\n\s*\*?\s*/g, " ").trim()}`,
      );
      if (tags.length === 0) return whole;
      return `${indent}/**\n${tags.join("\n")}\n${indent} */\n${indent}${decl}`;
    },
  );
}

/** An error class's `name = "X"` without a comment: described as what it always is. */
function errorNames(text) {
  return text.replace(/^([ \t]*)(readonly name = "(\w+)";)$/gm, (whole, indent, decl, name, at) =>
    /\*\/\s*$/.test(text.slice(0, at))
      ? whole
      : `${indent}/** Always "${name}", the error's name. */\n${indent}${decl}`,
  );
}

/** A doc comment with each unfenced `@example` block put in a ```ts fence (one-line ones stay). */
function fenceExamples(comment) {
  const lines = comment.split("\n");
  if (lines.length < 3) return comment;
  const result = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*\*)\s?@example\b\s*(.*)$/.exec(lines[i]);
    if (!m) {
      result.push(lines[i]);
      continue;
    }
    const star = m[1];
    const code = m[2] ? [m[2]] : [];
    // The block runs to the next tag or the end of the comment.
    while (i + 1 < lines.length - 1 && !/^\s*\*\s?@/.test(lines[i + 1])) {
      code.push(lines[++i].replace(/^\s*\*\s?/, ""));
    }
    if (code.some((line) => line.startsWith("```"))) {
      result.push(`${star} @example`, ...code.map((line) => `${star} ${line}`));
    } else {
      result.push(`${star} @example`, `${star} \`\`\`ts`, ...code.map((line) => `${star} ${line}`));
      result.push(`${star} \`\`\``);
    }
  }
  return result.join("\n");
}

// 2. The doc models. Each entry point is its own "package" for API Documenter, which wants a
// valid npm name: nqueens, nqueens-gpu, nqueens-queue (the pages then say nqueens/gpu).
const model = join(temp, "model");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const configs = CONFIGS.map((file) => {
  const json = ExtractorConfig.loadFile(join(root, file));
  const name = json.apiReport.reportFileName;
  json.mainEntryPointFilePath = json.mainEntryPointFilePath.replace(
    /^<projectFolder>\/\.api\/dts\//,
    `${dts}/`,
  );
  json.apiReport = { enabled: false };
  json.docModel = { enabled: true, apiJsonFilePath: join(model, `${name}.api.json`) };
  return ExtractorConfig.prepare({
    configObject: json,
    configObjectFullPath: join(root, file),
    packageJsonFullPath: join(root, "package.json"),
    packageJson: { ...pkg, name },
  });
});
const compilerState = CompilerState.create(configs[0], {
  additionalEntryPoints: configs.slice(1).map((c) => c.mainEntryPointFilePath),
});
for (const config of configs) {
  const result = Extractor.invoke(config, {
    localBuild: true,
    compilerState,
    messageCallback(message) {
      if (message.logLevel !== "error" && message.logLevel !== "warning") message.handled = true;
    },
  });
  if (!result.succeeded) fail(`API Extractor failed on ${config.mainEntryPointFilePath}`);
}

// 3. Markdown. Its own warnings (a {@link} to nothing) are worth reading, its progress is not.
const md = join(temp, "md");
const documenter = spawnSync(
  process.execPath,
  [
    join(root, "node_modules/@microsoft/api-documenter/bin/api-documenter"),
    "markdown",
    "--input-folder",
    model,
    "--output-folder",
    md,
  ],
  { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
);
const said = stripVTControlCharacters(`${documenter.stdout}${documenter.stderr}`);
// A {@link} to a name the entry point does not export vanishes from the page: a finding, named
// with the pages whose comments hold it.
const unresolved = [
  ...new Set([...said.matchAll(/Unable to resolve reference "([^"]+)"/g)].map((m) => m[1])),
];
const findings = unresolved.map(
  (name) =>
    `${linkPages(name).join(", ") || "?"}: {@link ${name}}: not exported by its entry point`,
);
for (const line of new Set(said.split("\n"))) {
  if (/warning|error/i.test(line) && !/Unable to resolve reference/.test(line)) {
    process.stderr.write(`api-docs: ${line.trim()}\n`);
  }
}
if (documenter.status !== 0) fail(`api-documenter failed:\n${said.trim().slice(-800)}`);

// 4. HTML.
const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const marked = new Marked({ gfm: true });
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const pages = files(md, ".md");
for (const file of pages) {
  const text = readFileSync(file, "utf8")
    .replace(/\r\n/g, "\n")
    .replace(/^<!-- Do not edit this file\. .*-->\n/, "")
    // Links between pages: ./nqueens.solve.md -> ./nqueens.solve.html.
    .replace(/\]\(\.\/([\w.-]+)\.md(#[\w-]*)?\)/g, "](./$1.html$2)")
    // The entry points by their import names, where they are words (not in file names).
    .replace(/\bnqueens-(gpu|queue)\b(?![.\w-])/g, "nqueens/$1");
  const heading = /^## (.+)$/m.exec(text)?.[1] ?? "API Reference";
  const title = escapeHtml(
    heading.replace(/\\(.)/g, "$1").replace(/&gt;/g, ">").replace(/&lt;/g, "<"),
  );
  const name = file.slice(md.length + 1).replace(/\.md$/, ".html");
  writeFileSync(join(out, name), page(title, marked.parse(text).replace(/<!-- -->/g, "")));
}
writeFileSync(join(out, "api.css"), CSS);
if (ICON) writeFileSync(join(out, "icon.svg"), decodeURIComponent(ICON));

// 5. The checks. The link to the page (../index.html) is checked where the page is: web-dist/.
const web = join(root, "web-dist");
findings.push(...checkPages(out, out === join(web, "api") ? web : undefined));
for (const f of findings) process.stderr.write(`api-docs: ${f}\n`);
if (findings.length > 0) fail(`${findings.length} problem(s) in the reference (${out})`);
console.log(`api-docs: ${pages.length} pages in ${out.replace(root, "")}/, checked`);
if (undescribed.size) console.log(`api-docs: ${note()}`);

/** The pages (file names) whose doc comments hold `{@link name`, from the doc models. */
function linkPages(name) {
  const found = [];
  const visit = (item, page) => {
    if (item.docComment?.includes(`{@link ${name}`)) found.push(`${page}.html`);
    for (const member of item.members ?? []) {
      // A constructor has no name in the model: API Documenter calls it (constructor).
      const own = (member.name ?? `(${member.kind.toLowerCase()})`)
        .replace(/[^a-z0-9_.-]/gi, "_")
        .toLowerCase();
      const overload = member.overloadIndex > 1 ? `_${member.overloadIndex - 1}` : "";
      visit(member, member.kind === "EntryPoint" ? page : `${page}.${own}${overload}`);
    }
  };
  for (const file of files(model, ".api.json")) {
    const json = JSON.parse(readFileSync(file, "utf8"));
    visit(json, json.name);
  }
  return found;
}

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${title} · nqueens API reference</title>
${ICON ? '<link rel="icon" href="./icon.svg" />\n' : ""}<link rel="stylesheet" href="./api.css" />
</head>
<body>
<nav class="top"><a href="${PAGE_LINK}">N-Queens page</a> · <a href="./index.html">API reference</a> · nqueens ${escapeHtml(pkg.version)}</nav>
<main>
${body}</main>
</body>
</html>
`;
}
