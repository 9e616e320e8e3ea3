// The API reference as `npm run build:web` leaves it in web-dist/api/ (scripts/api-docs.mjs) and
// as the BUILT `nqueens web` serves it: build first with `npm run build && npm run build:web`.
// Checks that every exported function of each entry point (as the API report in etc/ lists
// them) has its page, that the pages link only to pages that exist, that they hold no script
// (the server's Content-Security-Policy would refuse an inline one), and that the server
// answers /api/ with the reference and the page links to it. The pages' own checks
// (scripts/api-docs-check.mjs, which the build runs) are run again on the folder as it is.
import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const API = join(ROOT, "web-dist", "api");
/** Each entry point's report in etc/ and the prefix of its pages. */
const ENTRIES = [
  ["nqueens.api.md", "nqueens"],
  ["nqueens-gpu.api.md", "nqueens-gpu"],
  ["nqueens-queue.api.md", "nqueens-queue"],
] as const;

let pages: string[] = [];
before(() => {
  assert.ok(existsSync(join(ROOT, "dist/cli/web.js")), "build first: npm run build");
  assert.ok(
    existsSync(join(API, "index.html")),
    "build the page and its API reference first: npm run build:web",
  );
  pages = readdirSync(API).filter((f) => f.endsWith(".html"));
});

describe("the API reference in web-dist/api", () => {
  test("every exported function and class of each entry point has its page", () => {
    for (const [report, prefix] of ENTRIES) {
      const text = readFileSync(join(ROOT, "etc", report), "utf8");
      const names = [...text.matchAll(/^export (?:declare )?(?:function|class) (\w+)/gm)].map(
        (m) => m[1],
      );
      assert.ok(names.length > 0, `${report} lists no function`);
      for (const name of new Set(names)) {
        // Overloads get name_1, name_2 ...
        const page = new RegExp(`^${prefix}\\.${name.toLowerCase()}(_\\d+)?\\.html$`);
        assert.ok(
          pages.some((p) => page.test(p)),
          `no page for ${name} of ${prefix}: rebuild with npm run build:web`,
        );
      }
      assert.ok(pages.includes(`${prefix}.html`), `${prefix}.html`);
    }
  });

  test("every link between pages leads to a page; no page has a script", () => {
    let links = 0;
    for (const page of pages) {
      const html = readFileSync(join(API, page), "utf8");
      assert.doesNotMatch(html, /<script\b/i, page);
      assert.match(html, /<link rel="stylesheet" href="\.\/api\.css" \/>/, page);
      for (const m of html.matchAll(/href="([^"]*)"/g)) {
        const href = m[1];
        if (href === "../index.html" || href === "./api.css" || href === "./icon.svg") continue;
        const target = /^\.\/([\w.-]+\.html)(#[\w-]*)?$/.exec(href);
        assert.ok(target, `${page}: a link out of the reference: ${href}`);
        assert.ok(pages.includes(target[1]), `${page}: a link to a missing page: ${href}`);
        links++;
      }
    }
    assert.ok(links > pages.length, `only ${links} links in ${pages.length} pages`);
  });

  test("the build's checks pass: every parameter, return value and package described", () => {
    const check = spawnSync(process.execPath, [join(ROOT, "scripts/api-docs-check.mjs")], {
      encoding: "utf8",
    });
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /^api-docs: 0 finding\(s\)/);
  });
});

let server: ChildProcess | undefined;
let base = "";
before(async () => {
  const child = spawn(process.execPath, [join(ROOT, "bin/nqueens.js"), "web", "--port", "0"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = child;
  base = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (m) resolve(m[0]);
    });
    child.on("exit", (code) => reject(new Error(`nqueens web exited ${code}: ${text}`)));
  });
});
after(() => {
  server?.kill("SIGINT");
});

describe("nqueens web serves the API reference", () => {
  test("/api/ is the reference's index, with its pages and stylesheet", async () => {
    const index = await fetch(`${base}api/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get("content-type") ?? "", /^text\/html/);
    assert.match(index.headers.get("content-security-policy") ?? "", /script-src 'self'/);
    const html = await index.text();
    assert.match(html, /API Reference/);
    for (const prefix of ["nqueens", "nqueens-gpu", "nqueens-queue"]) {
      assert.ok(html.includes(`href="./${prefix}.html"`), prefix);
      assert.equal((await fetch(`${base}api/${prefix}.html`)).status, 200, prefix);
    }
    const solve = await fetch(`${base}api/nqueens.solve.html`);
    assert.equal(solve.status, 200);
    assert.match(await solve.text(), /solve\(\) function/);
    const css = await fetch(`${base}api/api.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get("content-type") ?? "", /^text\/css/);
    assert.equal((await fetch(`${base}api/no-such-item.html`)).status, 404);
  });

  test("the page links to it", async () => {
    const page = await fetch(base);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<a href="\.\/api\/"[^>]*>[^<]*API reference<\/a>/);
  });
});
