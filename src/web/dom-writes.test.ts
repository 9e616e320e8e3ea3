// Where the page is written: only the render.ts files (the page's frame and each mode's view), the
// shared views of ui/, and the few view parts listed here write the page. A mode's index.ts wires
// events to state changes, its state.ts and model.ts are values: none of them writes the page.
// A scan of the source for the ways of writing it, without a browser.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const WEB = fileURLToPath(new URL(".", import.meta.url));

/** The ways of writing the page (a property set, a child added or removed, an attribute). */
const WRITES: readonly [name: string, pattern: RegExp][] = [
  ["textContent =", /\.textContent\s*=[^=]/],
  ["innerHTML", /\.(inner|outer)HTML\b/],
  ["insertAdjacent…", /\.insertAdjacent(HTML|Element|Text)\(/],
  ["appendChild", /\.appendChild\(/],
  ["append/prepend", /\.(append|prepend)\(/],
  ["replaceChildren", /\.replaceChildren\(/],
  ["replaceWith/remove", /\.(replaceWith|remove)\(\)/],
  ["classList", /\.classList\./],
  ["setAttribute/removeAttribute", /\.(set|remove|toggle)Attribute\(/],
  ["dataset write", /\.dataset\.\w+\s*=[^=]/],
  ["style", /\.style\.\w+/],
  ["hidden/disabled/checked/value =", /\.(hidden|disabled|checked|value)\s*=[^=]/],
];

/**
 * Files that write the page without being a render.ts or in ui/: the element builder and the
 * view parts that a render.ts composes (each draws one element it owns).
 */
const VIEW_PARTS = new Set([
  "dom.ts", // h(), the element builder; focus kept across redraws
  "gpu-count.ts", // the Gallery's GPU counter, one element it draws as its count runs
  "watch/history.ts", // Watch's history of narrations (render.ts draws it)
  "watch/narration.ts", // Watch's narration box (render.ts draws it)
  "lesson/quiz-view.ts", // the lesson's questions as a quiz: choices, marks, summary (render.ts draws it)
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts")
      ? [p]
      : [];
  });
}

/** The ways a file writes the page, with their lines (comments aside). */
function writesIn(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const code = line.replace(/^\s*(\/\/|\/?\*).*$/, "").replace(/\s\/\/.*$/, "");
    for (const [name, pattern] of WRITES) {
      if (pattern.test(code)) found.push(`${i + 1}: ${name}: ${line.trim()}`);
    }
  });
  return found;
}

const allowed = (file: string) =>
  file === "render.ts" ||
  file.endsWith("/render.ts") ||
  file.startsWith("ui/") ||
  VIEW_PARTS.has(file);

describe("the page is written only by its views", () => {
  const files = sources(WEB).map((p) => relative(WEB, p).split("\\").join("/"));

  test("the scan sees every mode's state, model, index and render", () => {
    for (const mode of ["play", "watch", "gallery", "compare", "lesson"]) {
      for (const part of ["state.ts", "model.ts", "index.ts", "render.ts"]) {
        assert.ok(files.includes(`${mode}/${part}`), `${mode}/${part}`);
      }
    }
  });

  test("the scan finds the writes it looks for", () => {
    const text = readFileSync(join(WEB, "gallery/render.ts"), "utf8");
    assert.ok(writesIn(text).length > 0);
    assert.deepEqual(writesIn("  // el.textContent = 'x'\n  const a = b.value === c;"), []);
  });

  for (const file of files.filter((f) => !allowed(f))) {
    test(file, () => {
      assert.deepEqual(writesIn(readFileSync(join(WEB, file), "utf8")), [], file);
    });
  }
});
