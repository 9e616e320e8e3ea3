// The size rules of the code (ARCHITECTURE.md, "Sizes"): no source file over 600 lines and no
// function over 120 lines, tests aside, except the files named below (the per-language word
// tables), whose length is their content; and no file at all over 800 lines, tests included.
// Reads the sources with the TypeScript compiler API (the copy API Extractor brings: the
// project's own compiler, TypeScript 7, has none). Usage: node scripts/check-sizes.mjs
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(
  createRequire(import.meta.url).resolve("@microsoft/api-extractor/package.json"),
);
const ts = require("typescript");

const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 120;
/** Files whose length is their content: the word tables (the kernels fit the rule now). */
const EXEMPT = new Set(["src/web/i18n/en.ts", "src/web/i18n/ja.ts"]);

/** No file at all past this, tests and the word tables included. */
const MAX_ANY_FILE_LINES = 800;

function sources(dir, tests = false) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p, tests);
    if (!/\.ts$/.test(e.name) || e.name.endsWith(".d.ts")) return [];
    return tests || !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

const problems = [];
for (const file of sources("src").sort()) {
  if (EXEMPT.has(file)) continue;
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_FILE_LINES) problems.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        const name = node.name?.getText(source) ?? "(anonymous)";
        problems.push(
          `${file}:${start + 1}: function ${name} is ${end - start + 1} lines (at most ${MAX_FUNCTION_LINES})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const file of sources("src", true).sort()) {
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_ANY_FILE_LINES) {
    problems.push(`${file}: ${lines} lines (no file at all over ${MAX_ANY_FILE_LINES})`);
  }
}
for (const p of problems) console.error(`check-sizes: ${p}`);
if (problems.length > 0) process.exit(1);
console.log(
  `check-sizes: every source file within ${MAX_FILE_LINES} lines, every function within ${MAX_FUNCTION_LINES}, every file within ${MAX_ANY_FILE_LINES}`,
);
