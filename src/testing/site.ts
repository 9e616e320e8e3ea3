/**
 * Test support for the browser tests (never imported by the page): builds the site with Vite
 * into a temporary folder, serves it with Vite's in-process preview server, and knows where
 * Debian's chromium is and which flags it needs here (see ../shared/STACK.md).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { build, preview } from "vite";
import { PATIENCE_MS } from "../testing/wait.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, "vite.config.ts");

/** Where screenshots go (git-ignored). */
export const SHOTS = join(ROOT, "artifacts", "web");

/** The browser the tests drive. */
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here (they are skipped, saying so), or false. */
export const NO_BROWSER = existsSync(CHROMIUM)
  ? false
  : `chromium not found at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`;

/** Chromium's flags for a headless run here; add `--disable-gpu` or `--enable-unsafe-webgpu`. */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** A built copy of the site being served on 127.0.0.1. */
export interface TestSite {
  /** The address of the page, ending in `/`. */
  readonly base: string;
  /** The folder of the built site (its index.html can be opened from disk). */
  readonly dir: string;
  /** Stops the server and deletes the build. */
  close(): Promise<void>;
}

/** Builds the site into a fresh temporary folder and serves it on a free port. */
export async function serveSite(): Promise<TestSite> {
  const out = mkdtempSync(join(tmpdir(), "nqueens-web-dist-"));
  mkdirSync(SHOTS, { recursive: true });
  await build({ configFile: CONFIG, logLevel: "error", build: { outDir: out, sourcemap: false } });
  const server = await preview({
    configFile: CONFIG,
    logLevel: "error",
    build: { outDir: out },
    preview: { port: 0, host: "127.0.0.1", strictPort: false, open: false },
  });
  return {
    base: server.resolvedUrls!.local[0]!,
    dir: out,
    async close() {
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/** A tab of the page, and the console errors and uncaught exceptions it has shown so far. */
export interface OpenedPage {
  readonly page: Page;
  readonly errors: string[];
}

/**
 * Opens `url` in a fresh tab of `browser` (1280x900 unless `options` say otherwise: viewport,
 * locale, colour scheme, reduced motion) and waits for the app to draw. `init` (source text: a
 * function from a test file would carry tsx's helpers) runs before the page's scripts.
 */
export async function openPage(
  browser: Browser,
  url: string,
  init?: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...options });
  // Every wait a test makes is for something the page shows; how long it takes depends on the
  // machine, so the deadline is only a guard against a hang (Playwright's own is 30 s).
  page.setDefaultTimeout(PATIENCE_MS);
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  if (init) await page.addInitScript({ content: init });
  await page.goto(url);
  await page.waitForSelector("[role=tab][aria-selected=true]");
  return { page, errors };
}

/** The browser and the served site of one test file, ready inside its tests. */
export interface BrowserFixture {
  /** The launched chromium. */
  readonly browser: Browser;
  /** The served site's address, ending in `/`. */
  readonly base: string;
  /** The folder of the built site. */
  readonly dir: string;
  /** Opens the site at `hash` in a fresh tab, as {@link openPage} does. */
  open(hash?: string, init?: string, options?: BrowserContextOptions): Promise<OpenedPage>;
}

/**
 * For the test file that calls it (at its top level): a `before` that builds and serves the site
 * and launches chromium with {@link CHROMIUM_FLAGS} and `flags` (and `env`, the whole environment
 * of the browser when given), and an `after` that closes both. Where {@link NO_BROWSER}, nothing
 * starts and the file's tests skip themselves.
 */
export function browserFixture(
  flags: readonly string[] = ["--disable-gpu"],
  env?: () => Record<string, string>,
): BrowserFixture {
  let site: TestSite | undefined;
  let launched: Browser | undefined;
  before(async () => {
    if (NO_BROWSER) return;
    site = await serveSite();
    const args = [...CHROMIUM_FLAGS, ...flags];
    launched = await chromium.launch({ executablePath: CHROMIUM, args, env: env?.() });
  });
  after(async () => {
    await launched?.close();
    await site?.close();
  });
  const ready = <T>(x: T | undefined, what: string): T => {
    if (x === undefined) throw new Error(`the ${what} is not started (before() has not run)`);
    return x;
  };
  return {
    get browser() {
      return ready(launched, "browser");
    },
    get base() {
      return ready(site, "site").base;
    },
    get dir() {
      return ready(site, "site").dir;
    },
    open(hash = "", init, options) {
      return openPage(this.browser, `${this.base}${hash}`, init, options);
    },
  };
}

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * axe-core's serious and critical findings on the page as it is now, one line each (the rule,
 * its impact and help, and where: the first three elements). axe-core is added to the page the
 * first time.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    interface Found {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[];
    }
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<Found> } }).axe;
    const r = await axe.run({ resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => {
        const where = v.nodes.slice(0, 3).map((n) => n.target.join(" "));
        return `${v.id} (${v.impact}): ${v.help} at ${where.join("; ")}`;
      });
  });
}

/** The text of the first element `selector` finds, trimmed ("" when it has none). */
export async function textOf(page: Page, selector: string): Promise<string> {
  return (await page.textContent(selector))?.trim() ?? "";
}

/**
 * Queens drawn on a panel's board, as cols[row] (-1 for an empty row): every queen, or only
 * those whose `data-queen` is `kind`.
 */
export async function boardCols(
  page: Page,
  panel: string,
  n: number,
  kind?: string,
): Promise<number[]> {
  const found = await page.$$eval(
    `#panel-${panel} [role=gridcell]`,
    (cells, k) =>
      cells
        .filter((c) => {
          const q = (c as HTMLElement).dataset.queen;
          return k ? q === k : !!q;
        })
        .map((c) => [
          Number((c as HTMLElement).dataset.row),
          Number((c as HTMLElement).dataset.col),
        ]),
    kind,
  );
  const cols = new Array<number>(n).fill(-1);
  for (const [r, c] of found) cols[r!] = c!;
  return cols;
}

/**
 * Everything an element says, shown or to screen readers (its text, aria-label, title and
 * aria-valuetext), less what is marked translate="no" (names): for the checks that a Japanese
 * page has no English left in it.
 */
export function spokenText(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const e of copy.querySelectorAll("[translate=no]")) e.remove();
    const parts: string[] = [];
    const walk = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) parts.push(n.nodeValue ?? "");
    for (const e of copy.querySelectorAll("[aria-label], [title], [aria-valuetext]")) {
      parts.push(
        e.getAttribute("aria-label") ?? "",
        e.getAttribute("title") ?? "",
        e.getAttribute("aria-valuetext") ?? "",
      );
    }
    return parts.join("\n");
  });
}

/** The page scrolls sideways: the document is wider than the viewport. */
export async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Which of the `selectors` are not wholly inside the viewport, with their boxes. */
export async function offScreen(page: Page, selectors: Record<string, string>): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const [what, s] of Object.entries(sel)) {
      const el = document.querySelector(s);
      if (!el) {
        out.push(`${what}: ${s} not found`);
        continue;
      }
      const r = el.getBoundingClientRect();
      const inside =
        r.width > 0 &&
        r.height > 0 &&
        r.left >= -1 &&
        r.top >= -1 &&
        r.right <= window.innerWidth + 1 &&
        r.bottom <= window.innerHeight + 1;
      if (!inside) {
        out.push(
          `${what} at x ${Math.round(r.left)}..${Math.round(r.right)}, y ${Math.round(r.top)}..${Math.round(r.bottom)} (viewport ${window.innerWidth}x${window.innerHeight})`,
        );
      }
    }
    return out;
  }, selectors);
}
