// Browser tests of the Lesson mode (lesson/): every step opened by its address in English and in
// Japanese shows its own title; Next, Back and Forward walk the steps; a live part opens its mode
// with the way back; one question answered with the keyboard alone. Waits are for states the page
// shows, never for a time.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { type Browser, chromium, type Page } from "playwright-core";
import { runAlgorithm } from "../teach/index.js";
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  NO_BROWSER,
  openPage,
  serveSite,
  type TestSite,
} from "../testing/site.js";
import { en } from "./lesson/text-en.js";
import { ja } from "./lesson/text-ja.js";
import { LESSON_STEPS, type LessonStep } from "./state.js";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let site: TestSite | undefined;
let browser: Browser | undefined;

before(async () => {
  if (NO_BROWSER) return;
  site = await serveSite();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, "--disable-gpu"],
  });
});

after(async () => {
  await browser?.close();
  await site?.close();
});

const TITLE = "#panel-lesson [data-testid=lesson-title]";

/** Waits until the lesson shows `step` (its address and its title in `words`). */
async function showsStep(page: Page, step: LessonStep, words = en): Promise<void> {
  await page.waitForFunction((s) => location.hash.endsWith(`step=${s}`), step);
  await page.waitForFunction(
    ([sel, title]) => document.querySelector(sel!)?.textContent === title,
    [TITLE, words.steps[step].title],
  );
}

/** axe-core's serious and critical findings on the page as it is now, one line each. */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    interface Found {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<Found> } }).axe;
    const r = await axe.run({ resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
  });
}

/** Presses Tab until `selector` has the focus. */
async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  assert.fail(`${selector} not reached with the Tab key`);
}

/**
 * Chooses `value` in the question's radio group with the keyboard: Shift+Tab into the group (the
 * browser focuses the checked choice, or an end of the group when none is), Space, then the down
 * arrow (which wraps) until the choice is checked.
 */
async function chooseByKeys(page: Page, value: string): Promise<void> {
  const radio = "[data-testid=lesson-check] input[type=radio]";
  await tabTo(page, radio, true);
  await page.keyboard.press("Space");
  const values = await page.$$eval(radio, (els) => els.map((e) => (e as HTMLInputElement).value));
  const at = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
  const presses = (values.indexOf(value) - values.indexOf(at) + values.length) % values.length;
  for (let i = 0; i < presses; i++) await page.keyboard.press("ArrowDown");
  assert.ok(await page.isChecked(`${radio}[value=${value}]`), `${value} chosen`);
}

describe("the lesson", { skip: NO_BROWSER }, () => {
  for (const [lang, words, locale] of [
    ["en", en, "en-US"],
    ["ja", ja, "ja-JP"],
  ] as const) {
    test(`every step opens by its address (${lang})`, async () => {
      for (const [i, step] of LESSON_STEPS.entries()) {
        const { page, errors } = await openPage(
          browser!,
          `${site!.base}#mode=lesson&step=${step}`,
          undefined,
          { locale },
        );
        await showsStep(page, step, words);
        assert.equal(await page.getAttribute("html", "lang"), lang);
        assert.equal(await page.getAttribute("#tab-lesson", "aria-selected"), "true");
        const current = await page.textContent(".lesson-steps [aria-current=step]");
        assert.ok(current?.includes(words.steps[step].title), `${step}: the list marks it`);
        assert.equal(await page.textContent(".lesson-place"), words.stepOf(i + 1, 7));
        // Something to do (links into the page's modes, each with the way back) and a question.
        const live = await page.$$eval(".lesson-live a", (as) =>
          as.map((a) => a.getAttribute("href") ?? ""),
        );
        assert.ok(live.length > 0);
        for (const href of live) assert.match(href, new RegExp(`&lesson=${step}$`));
        assert.ok((await page.$$("[data-testid=lesson-check] input[type=radio]")).length >= 2);
        assert.deepEqual(await axeFindings(page), [], `${step} (${lang})`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    });
  }

  test("Next, Back and Forward walk the steps; a live part opens its mode with the way back", async () => {
    const { page, errors } = await openPage(browser!, `${site!.base}#mode=lesson`);
    await showsStep(page, "problem");
    assert.equal(await page.$("[data-testid=lesson-prev]"), null);
    await page.click("[data-testid=lesson-next]");
    await showsStep(page, "brute");
    // The computed counts are on the page.
    const table = (await page.textContent("[data-testid=lesson-brute]")) ?? "";
    assert.match(table, /4,426,165,368[\s\S]*16,777,216[\s\S]*40,320/);
    await page.click("[data-testid=lesson-next]");
    await showsStep(page, "backtrack");
    await page.goBack();
    await showsStep(page, "brute");
    await page.goBack();
    await showsStep(page, "problem");
    await page.goForward();
    await showsStep(page, "brute");
    // Watch brute force at N = 5, then back to the step by the bar, and by Back.
    await page.click(".lesson-live a[data-live=watch-brute]");
    await page.waitForSelector("#tab-watch[aria-selected=true]");
    assert.equal(new URL(page.url()).hash, "#mode=watch&n=5&algo=brute&lesson=brute");
    const back = "#lesson-return [data-testid=lesson-return]";
    assert.equal(await page.textContent(back), `← ${en.back(2, en.steps.brute.title)}`);
    assert.deepEqual(await axeFindings(page), [], "Watch with the bar back");
    await page.click(back);
    await showsStep(page, "brute");
    assert.ok(await page.isHidden("#lesson-return"));
    await page.goBack();
    await page.waitForSelector("#tab-watch[aria-selected=true]");
    await page.goBack();
    await showsStep(page, "brute");
    // The language switch redraws the step in Japanese, at the same address.
    await page.click("#lang");
    await showsStep(page, "brute", ja);
    assert.equal(await page.textContent(".lesson-place"), ja.stepOf(2, 7));
    await page.click("#lang");
    await showsStep(page, "brute");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("brute force: the race here does the library's work and estimates eight queens", async () => {
    const { page, errors } = await openPage(browser!, `${site!.base}#mode=lesson&step=brute`);
    await showsStep(page, "brute");
    assert.equal(await page.$("[data-testid=lesson-race-table]"), null);
    await page.click("[data-testid=lesson-race]");
    await page.waitForFunction(
      (done) => document.querySelector("[data-testid=lesson-timing]")?.textContent === done,
      en.brute.raced,
    );
    const rows = await page.$$eval("[data-testid=lesson-race-table] tbody tr", (trs) =>
      trs.map((tr) => [...tr.children].map((c) => c.textContent ?? "")),
    );
    // The work is the library's, counted exactly; the times are whatever this machine took.
    const nodes = runAlgorithm("bitmask", 6).nodes.toLocaleString("en-US");
    assert.deepEqual(
      rows.map((r) => r.slice(0, 2)),
      [
        ["Brute force, any 6 squares", "1,947,792 boards"],
        ["Backtracking on bitmasks", `${nodes} nodes`],
      ],
    );
    for (const r of rows) assert.notEqual(r[2], "");
    assert.match(
      (await page.textContent("[data-testid=lesson-estimate]")) ?? "",
      /^Brute force checked [\d,]+ boards a second here\. At that rate the 4,426,165,368 boards of any 8 squares would take about .+: an estimate from this measurement, not a run\.$/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("growth: the small sizes counted and timed here agree with the published counts", async () => {
    const { page, errors } = await openPage(browser!, `${site!.base}#mode=lesson&step=growth`);
    await showsStep(page, "growth");
    const cell = (n: number) =>
      page.$eval(
        "[data-testid=lesson-growth]",
        (t, k) =>
          [...t.querySelectorAll("tbody tr")]
            .find((r) => r.querySelector("th")?.textContent === String(k))
            ?.querySelectorAll("td")[2]?.textContent ?? null,
        n,
      );
    assert.equal(await cell(8), "", "nothing is said to be counted here before it is");
    await page.click("[data-testid=lesson-measure]");
    await page.waitForFunction(
      (done) => document.querySelector("[data-testid=lesson-timing]")?.textContent === done,
      en.growth.measured,
    );
    // Each size counted here, the same as published, with a time (whatever it is).
    for (const [n, count] of [
      [4, "2"],
      [8, "92"],
      [13, "73,712"],
    ] as const) {
      assert.match((await cell(n)) ?? "", new RegExp(`^${count} in \\S`), `N = ${n}`);
    }
    assert.equal(await cell(14), "", "N = 14 is not timed");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a question answered with the keyboard alone", async () => {
    const { page, errors } = await openPage(browser!, `${site!.base}#mode=lesson&step=brute`);
    await showsStep(page, "brute");
    const feedback = "[data-testid=lesson-feedback]";
    // Check before choosing: the page asks for a choice.
    await tabTo(page, "[data-testid=lesson-check] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.waitForFunction((s) => document.querySelector(s)?.textContent !== "", feedback);
    assert.equal(await page.textContent(feedback), en.pickFirst);
    // Any 64 squares is wrong.
    await chooseByKeys(page, "squares");
    await tabTo(page, "[data-testid=lesson-check] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.waitForSelector(`${feedback}[data-correct=false]`);
    assert.match((await page.textContent(feedback)) ?? "", /^Not that one: it lists 4,426,165,368/);
    // One queen in each row and each column is right.
    await chooseByKeys(page, "permutations");
    await tabTo(page, "[data-testid=lesson-check] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.waitForSelector(`${feedback}[data-correct=true]`);
    assert.match((await page.textContent(feedback)) ?? "", /^Right: 40,320 boards/);
    assert.deepEqual(await axeFindings(page), [], "with the feedback shown");
    // Next step by the keyboard: the focus lands on the new step's title.
    await tabTo(page, "[data-testid=lesson-next]");
    await page.keyboard.press("Enter");
    await showsStep(page, "backtrack");
    assert.ok(await page.$eval(TITLE, (el) => el === document.activeElement));
    assert.deepEqual(errors, []);
    await page.close();
  });
});
