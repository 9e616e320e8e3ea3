// Browser tests of the page: builds the site with Vite into a temporary folder, serves it with
// Vite's in-process preview server, and drives Debian's chromium headless through playwright-core.
// Screenshots go to artifacts/web/ (git-ignored).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { isSolution } from "../board.js";
import { boardCols, browserFixture, NO_BROWSER, openPage, SHOTS, textOf } from "../testing/site.js";
import { PATIENCE_MS } from "../testing/wait.js";

const web = browserFixture();

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const cell = (r: number, c: number, panel = "play") =>
  `#panel-${panel} [role=gridcell][data-row="${r}"][data-col="${c}"]`;

/**
 * On a page at Play with queens at (0, 0) and (1, 4) for N = 8: the count of completions (one)
 * and Watch's search both run in workers.
 */
async function searchesRun(page: Page): Promise<void> {
  await page.click("[data-testid=count]");
  await page.waitForSelector("[data-testid=count-value]");
  assert.equal(await textOf(page, "[data-testid=count-value]"), "1");
  await page.click("#tab-watch");
  await page.waitForFunction(() => {
    const s = document.querySelector<HTMLInputElement>("#panel-watch [data-testid=scrubber]");
    return s && Number(s.max) > 0;
  });
  await page.click("[data-testid=forward]");
  assert.equal(await textOf(page, "[data-testid=stat-step]"), "1");
}

describe("web page", { concurrency: false, skip: NO_BROWSER }, () => {
  test("loads with no console errors, an 8×8 board with labels", async () => {
    const { page, errors } = await web.open();
    // A first visit (no address, nothing kept) opens the lesson: the front door.
    await page.waitForSelector("#panel-lesson:not([hidden])");
    assert.equal(await page.getAttribute("#tab-lesson", "aria-selected"), "true");
    assert.equal(new URL(page.url()).hash, "#mode=lesson&n=8&step=problem");
    await page.click("#tab-play");
    await page.waitForSelector("#panel-play:not([hidden])");
    assert.equal(await page.locator("#panel-play [role=gridcell]").count(), 64);
    assert.equal(await page.getAttribute(cell(0, 0), "aria-label"), "Row 1, column 1, empty");
    for (const mode of ["watch", "gallery", "compare", "play"]) {
      await page.click(`#tab-${mode}`);
      await page.waitForSelector(`#panel-${mode}:not([hidden])`);
    }
    await page.waitForTimeout(300);
    await shot(page, "01-play-empty");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a returning reader goes where they were; the address still wins", async () => {
    const context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(PATIENCE_MS);
    await page.goto(`${web.base}#mode=watch&n=6&step=7`);
    await page.waitForSelector("#panel-watch:not([hidden])");
    await page.click("#tab-gallery");
    await page.waitForSelector("#panel-gallery:not([hidden])");
    // A new tab of the same browser, without an address: the Gallery of 6, not the lesson.
    const again = await context.newPage();
    again.setDefaultTimeout(PATIENCE_MS);
    await again.goto(web.base);
    await again.waitForSelector("#panel-gallery:not([hidden])");
    assert.equal(new URL(again.url()).hash, "#mode=gallery&n=6");
    await again.goto(`${web.base}#mode=play&n=5`);
    await again.waitForSelector("#panel-play:not([hidden])");
    assert.equal(await again.locator("#panel-play [role=gridcell]").count(), 25);
    await context.close();
  });

  test("two attacking queens highlight the conflict; the keyboard places queens", async () => {
    const { page, errors } = await web.open("#mode=play&n=8");
    await page.click(cell(0, 0));
    await page.click(cell(2, 2));
    await page.waitForSelector(`${cell(2, 2)}.conflict`);
    assert.equal(await page.locator("#panel-play .cell.conflict").count(), 2);
    assert.match(
      await textOf(page, "[data-testid=conflicts]"),
      /row 1, column 1 and row 3, column 3 share a diagonal/,
    );
    assert.equal(await page.locator("#panel-play .board-lines line.conflict").count(), 1);
    assert.match((await page.getAttribute(cell(1, 1), "class")) ?? "", /attacked/);
    assert.match((await page.getAttribute(cell(0, 0), "aria-label")) ?? "", /queen, in conflict/);
    await shot(page, "02-play-conflict");
    // Keyboard: the focused square moves with the arrows; Enter toggles a queen.
    await page.focus(cell(2, 2));
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    await page.waitForSelector(`${cell(3, 3)}[data-queen=placed]`);
    assert.equal(await page.locator("#panel-play .cell.conflict").count(), 2);
    assert.match(page.url(), /q=0:0,3:3/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("completing a board gives a valid solution that keeps the placed queens", async () => {
    const { page, errors } = await web.open("#mode=play&n=8&q=0:0,1:4");
    await page.click("[data-testid=complete]");
    await page.waitForSelector("[data-testid=result] .callout.good");
    const cols = await boardCols(page, "play", 8);
    assert.ok(isSolution(cols), `not a solution: ${cols}`);
    assert.equal(cols[0], 0);
    assert.equal(cols[1], 4);
    assert.equal(await page.locator('#panel-play [data-queen="ghost"]').count(), 6);
    await shot(page, "03-play-completed");
    // Counting: of the 4 solutions with a queen in the top-left corner, one has (1, 4).
    await page.click("[data-testid=count]");
    await page.waitForSelector("[data-testid=count-value]");
    assert.equal(await textOf(page, "[data-testid=count-value]"), "1");
    assert.match(await textOf(page, "[data-testid=result]"), /^1 completion \(/);
    // A long count runs in a worker and can be cancelled; the page stays responsive meanwhile.
    await page.goto(`${web.base}#mode=play&n=20`);
    await page.click("[data-testid=count]");
    await page.waitForSelector("[data-testid=cancel]:not([hidden])");
    await page.click(cell(5, 5));
    await page.click("[data-testid=count]");
    await page.waitForSelector("[data-testid=cancel]:not([hidden])");
    await page.click("[data-testid=cancel]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=result]")?.textContent?.includes("Cancelled"),
    );
    assert.ok(await page.isHidden("[data-testid=cancel]"));
    // A board with no completion says why.
    await page.goto(`${web.base}#mode=play&n=4&q=0:0`);
    await page.click("[data-testid=complete]");
    await page.waitForSelector("[data-testid=result] .callout.bad");
    assert.match(await textOf(page, "[data-testid=result]"), /No completion exists/);
    // The status above agrees, and "Watch why" opens Watch searching from this board.
    assert.equal(
      await textOf(page, "[data-testid=play-status]"),
      "No conflicts, but no completion exists: no solution for N = 4 keeps this queen.",
    );
    await page.click("[data-testid=watch-why]");
    await page.waitForSelector("#panel-watch:not([hidden])");
    assert.match(page.url(), /mode=watch/);
    assert.match(page.url(), /from=board/);
    assert.match(page.url(), /q=0:0/);
    await page.waitForFunction(() => {
      const s = document.querySelector<HTMLInputElement>("#panel-watch [data-testid=scrubber]");
      return s && Number(s.max) > 0;
    });
    assert.match(await textOf(page, "#panel-watch"), /starts from the (1 )?queen placed in Play/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the animation reaches the first solution, and stepping back undoes a step", async () => {
    const { page, errors } = await web.open("#mode=watch&n=6");
    await page.waitForFunction(() => {
      const s = document.querySelector<HTMLInputElement>("[data-testid=scrubber]");
      return s && Number(s.max) > 0;
    });
    await page.$eval("[data-testid=speed]", (el) => {
      (el as HTMLInputElement).value = "100";
      el.dispatchEvent(new Event("input"));
    });
    await page.click("[data-testid=play]");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=stat-solutions]")?.textContent === "1",
    );
    const step = Number(await textOf(page, "[data-testid=stat-step]"));
    assert.ok(step > 0);
    assert.match(await textOf(page, "[data-testid=narration]"), /Solution 1 found/);
    const solved = await boardCols(page, "watch", 6);
    assert.ok(isSolution(solved), `first solution drawn: ${solved}`);
    assert.deepEqual(solved, [1, 3, 5, 0, 2, 4]);
    await shot(page, "04-watch-first-solution");
    await page.click("[data-testid=back]");
    assert.equal(await textOf(page, "[data-testid=stat-step]"), String(step - 1));
    assert.equal(await textOf(page, "[data-testid=stat-solutions]"), "0");
    // One more step back takes the last queen off the board.
    await page.click("[data-testid=back]");
    assert.equal(await textOf(page, "[data-testid=stat-step]"), String(step - 2));
    const before = await boardCols(page, "watch", 6);
    assert.deepEqual(before, [1, 3, 5, 0, 2, -1]);
    await page.click("[data-testid=forward]");
    assert.deepEqual(await boardCols(page, "watch", 6), [1, 3, 5, 0, 2, 4]);
    assert.match(page.url(), new RegExp(`step=${step - 1}`));
    // Rejected squares in the current row carry their reason.
    await page.goto(`${web.base}#mode=watch&n=8&step=3`);
    await page.waitForSelector("#panel-watch .cell.rejected");
    assert.match(
      await textOf(page, "[data-testid=narration]"),
      /attacked along a diagonal by the queen at row 1, column 1/,
    );
    assert.ok((await page.locator("[data-testid=candidates] li.rejected").count()) >= 2);
    await shot(page, "05-watch-reject");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the N=8 gallery shows 92 solutions in 12 classes", async () => {
    const { page, errors } = await web.open("#mode=gallery&n=8");
    await page.waitForSelector("[data-testid=gallery-summary]");
    assert.equal(await textOf(page, "[data-testid=solution-count]"), "92");
    assert.equal(await textOf(page, "[data-testid=class-count]"), "12");
    assert.equal(
      await textOf(page, "[data-testid=gallery-summary]"),
      "92 solutions in 12 families (fundamental solutions)",
    );
    let boards = 0;
    let classes = 0;
    for (;;) {
      classes += await page.locator("[data-testid=class-card]").count();
      boards += await page.locator("[data-testid=class-card] .member").count();
      const next = page.locator("[data-testid=next-page]").first();
      if (await next.isDisabled()) break;
      await next.click();
    }
    assert.equal(classes, 12);
    assert.equal(boards, 92);
    await page.goto(`${web.base}#mode=gallery&n=8`);
    await page.waitForSelector("[data-testid=gallery-summary]");
    await shot(page, "06-gallery-8");
    // The solution list as CSV: a header and 92 rows.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("[data-testid=export-csv]"),
    ]);
    const csv = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\n");
    // Rows and columns from 1, as the page counts them.
    assert.equal(csv[0], "index,class,row1,row2,row3,row4,row5,row6,row7,row8");
    assert.equal(csv.length, 93);
    assert.equal(csv[1], "1,1,1,5,8,6,3,7,2,4");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("opened from disk, and offline after loading, the page is styled and searches run", async () => {
    // From file:// Chromium refuses module scripts, `crossorigin` stylesheets and workers started
    // from a URL; offline, a worker's script cannot be fetched. The page needs none of them.
    const disk = await openPage(
      web.browser,
      `file://${web.dir}/index.html#mode=play&n=8&q=0:0,1:4`,
    );
    // style.css is in force: the live region is visually hidden (static without the stylesheet).
    assert.equal(
      await disk.page.$eval("#announcer", (el) => getComputedStyle(el).position),
      "absolute",
    );
    await searchesRun(disk.page);
    assert.deepEqual(disk.errors, []);
    await disk.page.close();
    const { page, errors } = await web.open("#mode=play&n=8&q=0:0,1:4");
    await page.context().setOffline(true);
    await searchesRun(page);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a Gallery count stopped by leaving the tab, or cancelled, says so", async () => {
    // N = 18 takes minutes in a browser: it is still counting when the tab changes.
    const { page, errors } = await web.open("#mode=gallery&n=18");
    await page.click("[data-testid=count-all]");
    await page.waitForSelector("[data-testid=count-cancel]:not([hidden])");
    await page.click("#tab-play");
    await page.waitForSelector("#panel-play:not([hidden])");
    await page.click("#tab-gallery");
    await page.waitForSelector("[data-testid=count-all]:not([disabled])");
    const at = String.raw`Cancelled (before the first sub-problem was done|at [\d,]+ of [\d,]+ sub-problems \([\d,]+ solutions? so far\))\.`;
    assert.match(
      await textOf(page, "#panel-gallery .progress-text"),
      new RegExp(
        `^The count stopped when you left the Gallery\\. ${at} Count again to start over\\.$`,
      ),
    );
    // The Cancel button says where the count stopped.
    await page.click("[data-testid=count-all]");
    await page.waitForSelector("[data-testid=count-cancel]:not([hidden])");
    await page.click("[data-testid=count-cancel]");
    assert.match(await textOf(page, "#panel-gallery .progress-text"), new RegExp(`^${at}$`));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("an out-of-range N shows a message", async () => {
    const { page, errors } = await web.open("#mode=play&n=25");
    await page.waitForSelector("#size-message:not([hidden])");
    assert.match(await textOf(page, "#size-message"), /N must be from 1 to 20: got 25/);
    assert.ok(await page.isHidden("#panel-play"));
    await shot(page, "07-out-of-range");
    await page.fill("#n", "0");
    await page.waitForFunction(() =>
      document.querySelector("#size-message")?.textContent?.includes("got 0"),
    );
    await page.fill("#n", "5");
    await page.waitForSelector("#size-message", { state: "hidden" });
    assert.equal(await page.locator("#panel-play [role=gridcell]").count(), 25);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a URL with queens restores them; the board exports as SVG and PNG", async () => {
    const { page, errors } = await web.open("#mode=play&n=6&q=0:1,1:3,2:5");
    assert.deepEqual(await boardCols(page, "play", 6), [1, 3, 5, -1, -1, -1]);
    assert.match(
      (await page.getAttribute(cell(1, 3), "aria-label")) ?? "",
      /^Row 2, column 4, queen/,
    );
    assert.equal(await page.inputValue("#n"), "6");
    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      page.click("[data-testid=export-svg]"),
    ]);
    const svgText = readFileSync((await svg.path())!, "utf8");
    assert.match(svgText, /^<svg[^>]+viewBox="0 0 6 6"/);
    const [png] = await Promise.all([
      page.waitForEvent("download"),
      page.click("[data-testid=export-png]"),
    ]);
    const bytes = readFileSync((await png.path())!);
    assert.equal(bytes.subarray(1, 4).toString("latin1"), "PNG");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("compare draws the algorithms; the gallery counts a large N in workers", async () => {
    const { page, errors } = await web.open("#mode=compare&n=8");
    await page.selectOption("[data-testid=compare-upto]", "8");
    await page.click("[data-testid=compare-run]");
    await page.waitForFunction(() =>
      document.querySelector("#panel-compare .progress-text")?.textContent?.startsWith("Done"),
    );
    assert.ok((await page.locator("[data-testid=compare-chart] polyline").count()) >= 5);
    assert.match(await textOf(page, "[data-testid=compare-table]"), /2,057/);
    await shot(page, "08-compare");
    await page.goto(`${web.base}#mode=gallery&n=13`);
    await page.click("[data-testid=count-all]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=count-result]")?.textContent?.includes("73,712"),
    );
    assert.match(await textOf(page, "[data-testid=count-result]"), /9,233 families/);
    await shot(page, "09-gallery-count-13");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
