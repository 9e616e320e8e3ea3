// Browser tests of the page's GPU count (Gallery, "Count on the GPU"): builds the site with Vite,
// serves it with Vite's preview server, and drives Debian's chromium headless with WebGPU on
// (--enable-unsafe-webgpu, no --disable-gpu). Without a GPU, chromium's SwiftShader (a Vulkan
// driver on the CPU) is the adapter: slow but exact. A browser that finds no adapter skips the
// counting tests and says why. Screenshots go to artifacts/web/ (git-ignored).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, type TestContext, test } from "node:test";
import type { Page } from "playwright-core";
import { browserFixture, NO_BROWSER, SHOTS, textOf } from "../testing/site.js";
import { SWIFTSHADER_ICD } from "../testing/swiftshader.js";

const web = browserFixture(["--enable-unsafe-webgpu"], () => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  if (existsSync(SWIFTSHADER_ICD)) env.VK_ICD_FILENAMES ??= SWIFTSHADER_ICD;
  return env;
});

/**
 * Waits for the GPU control to find its adapter; skips the test (and returns false) when the
 * browser has none, with the page's own reason.
 */
async function adapterOrSkip(t: TestContext, page: Page): Promise<boolean> {
  await page.waitForFunction(
    () => !document.querySelector("[data-testid=gpu-adapter]")?.textContent?.startsWith("Looking"),
  );
  if (await page.isDisabled("[data-testid=gpu-count]")) {
    t.skip(`no WebGPU adapter in chromium: ${await textOf(page, "[data-testid=gpu-adapter]")}`);
    await page.close();
    return false;
  }
  return true;
}

/** Clicks "Count on the GPU" and waits for the result. */
async function countOnGpu(page: Page): Promise<void> {
  await page.click("[data-testid=gpu-count]");
  // SwiftShader compiles the kernel and counts on the CPU: as long as that takes (openPage's
  // deadline is only a guard against a hang).
  await page.waitForSelector("[data-testid=gpu-total], [data-testid=gpu-result] .callout.bad");
  const failed = await page.$("[data-testid=gpu-result] .callout.bad");
  assert.equal(failed ? await failed.textContent() : null, null);
}

describe("web page, GPU count", { concurrency: false, skip: NO_BROWSER }, () => {
  test("N=10 counts 724 solutions in 92 classes on the GPU, in a worker", async (t) => {
    const { page, errors } = await web.open("#mode=gallery&n=10");
    await page.waitForSelector("[data-testid=gallery-summary]");
    if (!(await adapterOrSkip(t, page))) return;
    assert.ok((await textOf(page, "[data-testid=gpu-adapter-name]")).length > 0);
    await countOnGpu(page);
    assert.equal(await textOf(page, "[data-testid=gpu-total]"), "724");
    assert.equal(await textOf(page, "[data-testid=gpu-unique]"), "92");
    assert.match(await textOf(page, "[data-testid=gpu-result]"), /the same as the list/);
    const status = await textOf(page, "[data-testid=gpu-status]");
    assert.match(status, /^Done in .+ \(kernel .+ dispatch/);
    assert.doesNotMatch(status, /page's thread/);
    assert.ok(await page.isHidden("[data-testid=gpu-cancel]"));
    assert.ok(await page.isEnabled("[data-testid=gpu-count]"));
    await page.screenshot({ path: join(SHOTS, "10-gallery-gpu-10.png"), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("N=13: the GPU card beside the workers counts 73,712; a long count cancels", async (t) => {
    const { page, errors } = await web.open("#mode=gallery&n=13");
    await page.waitForSelector("[data-testid=count-all]");
    if (!(await adapterOrSkip(t, page))) return;
    await countOnGpu(page);
    assert.equal(await textOf(page, "[data-testid=gpu-total]"), "73,712");
    assert.equal(await textOf(page, "[data-testid=gpu-unique]"), "9,233");
    // The CPU workers still count beside it, to the same total.
    await page.click("[data-testid=count-all]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=count-result]")?.textContent?.includes("73,712"),
    );
    await page.screenshot({ path: join(SHOTS, "11-gallery-gpu-13.png"), fullPage: true });
    // A larger N: start, see the cancel button, cancel; the page answers meanwhile.
    await page.fill("#n", "18");
    await page.press("#n", "Enter");
    await page.waitForFunction(() => location.hash.includes("n=18"));
    await page.waitForSelector("[data-testid=gpu-count]:not([disabled])");
    await page.click("[data-testid=gpu-count]");
    await page.waitForSelector("[data-testid=gpu-cancel]:not([hidden])");
    assert.equal(await page.evaluate(() => 6 * 7), 42);
    await page.click("[data-testid=gpu-cancel]");
    assert.equal(await textOf(page, "[data-testid=gpu-status]"), "Cancelled.");
    assert.ok(await page.isHidden("[data-testid=gpu-cancel]"));
    assert.ok(await page.isEnabled("[data-testid=gpu-count]"));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("without WebGPU in workers, the page counts on its own thread", async (t) => {
    // The GPU worker cannot start: the page falls back to counting on its own thread.
    const { page, errors } = await web.open(
      "#mode=gallery&n=8",
      `{
        const Real = window.Worker;
        window.Worker = class extends Real {
          constructor(url, options) {
            // The GPU worker starts from a blob: URL (its code is in the page's script): known
            // by its name.
            if (options?.name === "nqueens-gpu") throw new Error("no GPU worker in this test");
            super(url, options);
          }
        };
      }`,
    );
    await page.waitForSelector("[data-testid=gallery-summary]");
    if (!(await adapterOrSkip(t, page))) return;
    await countOnGpu(page);
    assert.equal(await textOf(page, "[data-testid=gpu-total]"), "92");
    assert.equal(await textOf(page, "[data-testid=gpu-unique]"), "12");
    assert.match(await textOf(page, "[data-testid=gpu-status]"), /on the page's thread/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("without WebGPU the button is disabled and says why", async () => {
    const { page, errors } = await web.open(
      "#mode=gallery&n=13",
      `Object.defineProperty(Navigator.prototype, "gpu", { get() { return undefined; } });`,
    );
    await page.waitForSelector("[data-testid=gpu-adapter].unavailable");
    assert.ok(await page.isDisabled("[data-testid=gpu-count]"));
    const why = await textOf(page, "[data-testid=gpu-adapter]");
    assert.match(why, /no WebGPU/);
    assert.equal(await page.getAttribute("[data-testid=gpu-count]", "title"), why);
    await page.screenshot({ path: join(SHOTS, "12-gallery-no-gpu.png"), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
