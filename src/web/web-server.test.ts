// The page through the real `nqueens web` server (the BUILT command: build first with
// `npm run build`), with its Content-Security-Policy and other headers in force: the page loads
// with no console error and no policy violation, its workers run and compile WebAssembly, a
// count works, eval is refused (the policy is really applied), no page can frame it, and the
// build's source maps are not served; the script arrives compressed as the browser accepts
// (Brotli, gzip or neither) with its cache lifetime, the service worker lists the build's files,
// and a reload and a new tab work after the server stops. Drives Debian's chromium through
// playwright-core.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type Browser, chromium, type Worker } from "playwright-core";
import { build } from "vite";
import { CHROMIUM, CHROMIUM_FLAGS, NO_BROWSER } from "../testing/site.js";
import { PATIENCE_MS, until } from "../testing/wait.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = join(ROOT, "bin/nqueens.js");

let out = "";
let server: ChildProcess | undefined;
let browser: Browser | undefined;
let base = "";

/** Starts `nqueens web` on a free port serving `dir`; resolves with it and its address. */
function startServer(dir: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [BIN, "web", "--port", "0", "--dir", dir], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (m) resolve({ child, base: m[0] });
    });
    child.on("exit", (code) => reject(new Error(`nqueens web exited ${code}: ${text}`)));
  });
}

before(async () => {
  if (NO_BROWSER) return;
  assert.ok(existsSync(join(ROOT, "dist/cli/web.js")), "build first: npm run build");
  out = mkdtempSync(join(tmpdir(), "nqueens-web-server-"));
  // With source maps, as `npm run build:web` makes them: the server must not serve them.
  await build({
    configFile: join(ROOT, "vite.config.ts"),
    logLevel: "error",
    build: { outDir: out, emptyOutDir: true, sourcemap: true },
  });
  const started = await startServer(out);
  server = started.child;
  base = started.base;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, "--disable-gpu"],
  });
});

after(async () => {
  await browser?.close();
  server?.kill("SIGINT");
  if (out) rmSync(out, { recursive: true, force: true });
});

/** Records every policy violation the page reports, before its own scripts run. */
const WATCH_CSP = `
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
  });
`;

describe("the page through nqueens web", { concurrency: false, skip: NO_BROWSER }, () => {
  test("loads, runs its workers and WebAssembly, and counts under the policy", async () => {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(PATIENCE_MS); // waits for what the page shows; a guard against a hang
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    // Each worker, as it starts, is asked to compile a WebAssembly module: it got the policy
    // with the server's response for its script, and must be allowed to.
    const compiled: Promise<string>[] = [];
    page.on("worker", (w: Worker) => {
      compiled.push(
        w
          .evaluate(() =>
            WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
              () => "compiled",
              (e: Error) => e.message,
            ),
          )
          .catch(() => "gone"),
      );
    });
    await page.addInitScript({ content: WATCH_CSP });
    const response = await page.goto(base);
    const headers = response?.headers() ?? {};
    assert.match(headers["content-security-policy"] ?? "", /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(headers["content-security-policy"] ?? "", /frame-ancestors 'none'/);
    assert.equal(headers["referrer-policy"], "no-referrer");
    assert.equal(headers["cross-origin-opener-policy"], "same-origin");
    assert.equal(headers["x-content-type-options"], "nosniff");
    await page.waitForSelector("[role=tab][aria-selected=true]");
    for (const mode of ["watch", "gallery", "compare", "play"]) {
      await page.click(`#tab-${mode}`);
      await page.waitForSelector(`#panel-${mode}:not([hidden])`);
    }
    // Play: completing a board runs in a worker.
    await page.goto(`${base}#mode=play&n=8&q=0:0,1:4`);
    await page.click("[data-testid=complete]");
    await page.waitForSelector("[data-testid=result] .callout.good");
    // Gallery: a count in workers (the engine's kernel, WebAssembly inside each worker).
    await page.goto(`${base}#mode=gallery&n=13`);
    await page.click("[data-testid=count-all]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=count-result]")?.textContent?.includes("73,712"),
    );
    // The page's workers end when their job does, often before they can be asked (a loaded
    // machine): each one asked must have compiled, and one started here as the page starts its
    // own (from a blob: URL, under the page's policy), which waits idle for a job, is asked for
    // certain.
    const results = await Promise.all(compiled);
    assert.ok(results.length > 0, "the page started workers");
    assert.deepEqual(
      results.filter((r) => r !== "compiled" && r !== "gone"),
      [],
    );
    assert.equal(
      readdirSync(join(out, "assets")).filter((f) => f.endsWith(".js")).length,
      1,
      "one script: the workers are inside it",
    );
    const idle = page.waitForEvent("worker");
    await page.evaluate(() => {
      const url = URL.createObjectURL(
        new Blob(["onmessage = () => {};"], { type: "text/javascript" }),
      );
      (window as never as { __idle: unknown }).__idle = new window.Worker(url);
    });
    const own = await (await idle).evaluate(() =>
      WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
        () => "compiled",
        (e: Error) => e.message,
      ),
    );
    assert.equal(own, "compiled");
    assert.deepEqual(errors, []);
    assert.deepEqual(
      await page.evaluate(() => (window as never as { __violations: string[] }).__violations),
      [],
    );
    // The policy is in force: a script injected into the page (as an attacker's markup would
    // be) does not run, and is reported.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__ran = 1";
      document.head.append(script);
    });
    // Until the report comes (the event is queued), however long the machine takes.
    await page.waitForFunction(
      () => (window as never as { __violations: string[] }).__violations.length > 0,
    );
    const ran = await page.evaluate(() => {
      const w = window as never as { __ran?: number; __violations: string[] };
      return { ran: w.__ran ?? 0, violations: w.__violations };
    });
    assert.equal(ran.ran, 0, "the injected script ran");
    assert.match(ran.violations.join("\n"), /^script-src-elem inline$/m);
    await page.close();
  });

  test("no page can frame it", async () => {
    const page = await browser!.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    const said: string[] = [];
    page.on("console", (m) => said.push(m.text()));
    await page.setContent(`<iframe id="f" src="${base}" width="800" height="600"></iframe>`);
    // Until the refusal is reported (at once on a quiet machine; 20 s and more on a loaded one).
    await until(() => /frame-ancestors/.test(said.join("\n")), "the refusal reported");
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const drawn = frame
      ? await frame
          .evaluate(() => document.querySelector("[role=tablist]") !== null)
          .catch(() => false)
      : false;
    assert.equal(drawn, false, "the page drew inside a frame");
    assert.match(said.join("\n"), /frame-ancestors 'none'/, "refused for its policy");
    await page.close();
  });

  test("the build's source maps are not served", async () => {
    const assets = readdirSync(join(out, "assets"));
    const maps = assets.filter((f) => f.endsWith(".map"));
    assert.ok(maps.length > 0, "the build has source maps to refuse");
    for (const map of maps) {
      const r = await fetch(`${base}assets/${map}`);
      assert.equal(r.status, 404, map);
    }
    const js = assets.find((f) => f.endsWith(".js"));
    assert.equal((await fetch(`${base}assets/${js}`)).status, 200);
  });
});

/** The files of a built folder, relative to it, as a static host would serve them. */
function listed(dir: string, under = ""): string[] {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listed(dir, `${under}${e.name}/`) : [`${under}${e.name}`],
  );
}

describe("served compressed, cached and offline", { concurrency: false, skip: NO_BROWSER }, () => {
  test("the service worker's list is the build's files (less maps, copies and itself)", () => {
    const text = readFileSync(join(out, "sw.js"), "utf8");
    const m = /^const PRECACHE = (\{.*\});$/m.exec(text);
    assert.ok(m, "sw.js starts with its PRECACHE");
    const precache = JSON.parse(m[1]!) as { version: string; files: string[] };
    const built = listed(out).filter(
      (f) => f !== "sw.js" && !f.endsWith(".map") && !f.endsWith(".br") && !f.endsWith(".gz"),
    );
    assert.deepEqual([...precache.files].sort(), built.sort());
    assert.ok(precache.files.includes("index.html"));
    assert.equal(precache.files.filter((f) => /^assets\/index-.+\.js$/.test(f)).length, 1);
    assert.match(precache.version, /^[0-9a-f]{16}$/);
  });

  test("the script arrives compressed as the browser accepts, with its cache lifetime", async () => {
    const js = readdirSync(join(out, "assets")).find((f) => /^index-.+\.js$/.test(f))!;
    const plain = readFileSync(join(out, "assets", js));
    // fetch() decodes what it is sent: the raw bytes are read through a Node request instead.
    const raw = (encoding: string, path = `assets/${js}`) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${base}${path}`, { headers: { "accept-encoding": encoding } }, (r) => {
          const parts: Buffer[] = [];
          r.on("data", (d: Buffer) => parts.push(d));
          r.on("end", () => resolve({ headers: r.headers, body: Buffer.concat(parts) }));
        })
          .on("error", reject)
          .end();
      });
    const br = await raw("gzip, deflate, br");
    assert.equal(br.headers["content-encoding"], "br");
    assert.ok(br.body.length < plain.length / 3, `${br.body.length} bytes of ${plain.length}`);
    assert.deepEqual(brotliDecompressSync(br.body), plain);
    assert.equal(br.headers["cache-control"], "public, max-age=31536000, immutable");
    assert.equal(br.headers.vary, "accept-encoding");
    const gz = await raw("gzip");
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.deepEqual(gunzipSync(gz.body), plain);
    const refused = await raw("br;q=0, gzip;q=0");
    assert.equal(refused.headers["content-encoding"], undefined);
    assert.deepEqual(refused.body, plain);
    assert.equal(Number(refused.headers["content-length"]), plain.length);
    for (const page of ["", "index.html", "sw.js"]) {
      const r = await raw("br", page);
      assert.equal(r.headers["cache-control"], "no-cache", page);
      assert.equal(r.headers["content-encoding"], "br", page);
      assert.deepEqual(
        brotliDecompressSync(r.body),
        readFileSync(join(out, page || "index.html")),
        page,
      );
    }
  });

  test("a reload and a new tab work after the server stops (the service worker)", async () => {
    const own = await startServer(out);
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(PATIENCE_MS);
      await page.goto(`${own.base}#mode=play&n=8`);
      await page.waitForSelector("[role=tab][aria-selected=true]");
      // Until the worker has its cache and controls the page.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const gone = new Promise((resolve) => own.child.once("exit", resolve));
      own.child.kill("SIGINT");
      await gone;
      assert.equal(
        await fetch(own.base).then(
          () => "answered",
          () => "refused",
        ),
        "refused",
        "the server is stopped",
      );
      await page.reload();
      await page.waitForSelector("#panel-play:not([hidden]) [role=grid]");
      // The page still works: completing a board runs in its worker.
      await page.goto(`${own.base}#mode=play&n=8&q=0:0,1:4`);
      await page.click("[data-testid=complete]");
      await page.waitForSelector("[data-testid=result] .callout.good");
      const tab = await context.newPage();
      tab.setDefaultTimeout(PATIENCE_MS);
      await tab.goto(`${own.base}#mode=lesson&step=symmetry`);
      await tab.waitForSelector("#panel-lesson:not([hidden])");
      assert.match(await tab.title(), /\d\/\d/);
    } finally {
      own.child.kill("SIGINT");
      await context.close();
    }
  });
});
