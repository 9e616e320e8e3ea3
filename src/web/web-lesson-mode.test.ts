// Browser tests of the Lesson mode (lesson/): every step opened by its address in English and in
// Japanese shows its own title, the library's figures (checked against values worked out here or
// the published counts, never against the page's own code), no serious axe finding and, in
// Japanese, no English; the tab's title names the step; Next, Back and Forward walk the steps; a
// live part opens its mode with the way back; the whole lesson walked with the keyboard alone in
// both languages (every question answered, every live part done, the focus always on a visible
// control with its ring), and walked again offline after loading. Waits are for states the page
// shows, never for a time.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { unique } from "../solutions.js";
import { runAlgorithm, walkthrough } from "../teach/index.js";
import { KNOWN } from "../testing/known-counts.js";
import { axeFindings, browserFixture, NO_BROWSER, offScreen, spokenText } from "../testing/site.js";
import { en } from "./lesson/text-en.js";
import { ja } from "./lesson/text-ja.js";
import { LESSON_STEPS, type LessonStep } from "./state.js";

const web = browserFixture();

type Words = typeof en;

const TITLE = "#panel-lesson [data-testid=lesson-title]";

/** Waits until the lesson shows `step` (its address and its title in `words`). */
async function showsStep(page: Page, step: LessonStep, words = en): Promise<void> {
  await page.waitForFunction((s) => location.hash.endsWith(`step=${s}`), step);
  await page.waitForFunction(
    ([sel, title]) => document.querySelector(sel!)?.textContent === title,
    [TITLE, words.steps[step].title],
  );
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

/**
 * Latin words the Japanese page may say: N, names (OEIS, the judge AOJ and its problem ALDS1_13_A,
 * the command nqueens aoj) and the bitmask code's variables.
 */
const LATIN = new Set([
  "N",
  "OEIS",
  "AOJ",
  "ALDS",
  "nqueens",
  "aoj",
  "cols",
  "diag",
  "anti",
  "free",
  "all",
  "bit",
]);

/** The published count of n queens' solutions and fundamental solutions (known-counts.json). */
const known = (n: number) => KNOWN.find((k) => k.n === n)!;

/** A number as both languages write it (ja-JP groups digits as en-US does). */
const fmt = (x: bigint | number) => x.toLocaleString("en-US");

/**
 * The figures each step says, worked out here and not by the page's code: brute force's three
 * counts for eight queens (C(64, 8) by Pascal's triangle, 8^8 and 8! as products) and the
 * published 92 and 12.
 */
function expectedFigures(): Partial<Record<LessonStep, string[]>> {
  const pascal: bigint[] = [1n];
  for (let m = 1; m <= 64; m++) {
    for (let k = Math.min(m, 8); k >= 1; k--) pascal[k] = (pascal[k] ?? 0n) + pascal[k - 1]!;
  }
  let perRow = 1n;
  let permutations = 1n;
  for (let i = 1n; i <= 8n; i++) {
    perRow *= 8n;
    permutations *= i;
  }
  return {
    brute: [pascal[8]!, perRow, permutations].map(fmt),
    symmetry: [known(8).total, known(8).unique].map(fmt),
  };
}

/**
 * The focused element as "tag#testid", with what is wrong with it: "body" when focus was lost,
 * HIDDEN when it cannot be seen, NO-RING when it is drawn without a focus ring.
 */
async function focusState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "body";
    const s = getComputedStyle(el);
    // The page's ring is an outline on :focus-visible (style.css); a shadow is no proof, as
    // buttons have one unfocused.
    const ring =
      el.matches(":focus-visible") &&
      s.outlineStyle !== "none" &&
      Number.parseFloat(s.outlineWidth) > 0;
    const seen = el.isConnected && !el.closest("[hidden]") && el.checkVisibility();
    const name = el.dataset.testid ?? el.dataset.live ?? el.id ?? "";
    return `${el.tagName.toLowerCase()}${name ? `#${name}` : ""}${seen ? "" : " HIDDEN"}${ring ? "" : " NO-RING"}`;
  });
}

/**
 * Presses `key` and checks where the focus is: on a visible element with its ring, never the
 * body; with `settle`, first waits until the focus is on an element matching it (a focus that
 * the page moves after a frame or once a search ends).
 */
async function press(page: Page, key: string, settle?: string): Promise<void> {
  await page.keyboard.press(key);
  if (settle) {
    await page.waitForFunction((sel) => !!document.activeElement?.matches(sel), settle);
  }
  await focusKept(page, key);
}

/** After `what`, the focus is still on a visible element with its ring. */
async function focusKept(page: Page, what: string): Promise<void> {
  const f = await focusState(page);
  assert.doesNotMatch(f, /^body$| HIDDEN| NO-RING/, `focus after ${what}: ${f}`);
}

/** How a walk through the lesson works the page: by the keyboard alone, or by the mouse. */
type Via = "keys" | "clicks";

/**
 * Activates `selector`: Tab (Shift+Tab with `back`) to it and `key`, or a click; `settle` as for
 * `press`.
 */
async function activate(
  page: Page,
  via: Via,
  selector: string,
  { key = "Enter", back = false, settle }: { key?: string; back?: boolean; settle?: string } = {},
): Promise<void> {
  if (via === "clicks") {
    await page.click(selector);
    return;
  }
  await walkTabTo(page, selector, back);
  await press(page, key, settle);
}

/** Tab (or Shift+Tab) until `selector` has the focus, every stop checked as `press` does. */
async function walkTabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
    await press(page, back ? "Shift+Tab" : "Tab");
  }
  assert.fail(`${selector} not reached with ${back ? "Shift+Tab" : "Tab"}`);
}

/** The right answer of each step's question (the same table as model.test.ts, kept here). */
const ANSWERS: Record<LessonStep, string> = {
  problem: "5:4",
  brute: "permutations",
  backtrack: "undo",
  bitmask: "free",
  symmetry: "small-class",
  complete: "5",
  growth: "multiplies",
  judge: "rows",
};

/** Answers the step's question rightly and waits for the feedback that says so. */
async function answer(page: Page, via: Via, step: LessonStep): Promise<void> {
  const radio = "[data-testid=lesson-check] input[type=radio]";
  const value = ANSWERS[step];
  if (via === "clicks") await page.check(`${radio}[value="${value}"]`);
  else {
    // Tab enters the group at its first choice (none is checked yet); Space checks it and the
    // down arrow moves the choice on.
    await walkTabTo(page, radio);
    await press(page, "Space");
    const values = await page.$$eval(radio, (els) => els.map((e) => (e as HTMLInputElement).value));
    for (let i = 0; i < values.indexOf(value); i++) await press(page, "ArrowDown");
  }
  assert.ok(await page.isChecked(`${radio}[value="${value}"]`), `${step}: ${value} chosen`);
  await activate(page, via, "[data-testid=lesson-check] button[type=submit]");
  await page.waitForSelector("[data-testid=lesson-feedback][data-correct=true]");
  assert.notEqual(await page.textContent("[data-testid=lesson-feedback]"), "");
}

/** The queens on Play's board, as "row:col" joined. */
const queensShown = (page: Page) =>
  page.$$eval("#panel-play [role=gridcell][data-queen]", (cells) =>
    cells
      .filter((c) => (c as HTMLElement).dataset.queen)
      .map((c) => `${(c as HTMLElement).dataset.row}:${(c as HTMLElement).dataset.col}`)
      .join(","),
  );

/** Play: a queen placed (or taken back) on the board. */
async function place(page: Page, via: Via): Promise<void> {
  const before = await queensShown(page);
  if (via === "clicks") await page.click('#panel-play [role=gridcell][data-row="7"][data-col="7"]');
  else {
    await walkTabTo(page, "#panel-play [role=gridcell]");
    await press(page, "Enter");
  }
  await page.waitForFunction(
    ([sel, was]) =>
      [...document.querySelectorAll<HTMLElement>(sel!)]
        .filter((c) => c.dataset.queen)
        .map((c) => `${c.dataset.row}:${c.dataset.col}`)
        .join(",") !== was,
    ["#panel-play [role=gridcell][data-queen]", before] as const,
  );
}

/** Watch: the first steps recorded (in a worker), then one step forward (→, or the button). */
async function stepWatch(page: Page, via: Via): Promise<void> {
  await page.waitForFunction(
    () => Number(document.querySelector<HTMLInputElement>("[data-testid=scrubber]")?.max) > 0,
  );
  if (via === "clicks") await page.click("[data-testid=forward]");
  else await press(page, "ArrowRight");
  await page.waitForFunction(() => /[#&]step=1(&|$)/.test(location.hash));
}

/** Play: "Complete this board", run in a worker, until it says what it found. */
async function complete(page: Page, via: Via, found: string): Promise<void> {
  await activate(page, via, "[data-testid=complete]");
  await page.waitForSelector(found);
  if (via === "keys") await focusKept(page, "Complete this board");
}

/** Gallery: N = 8's solutions and classes drawn, or for N = 14 a count in workers. */
async function gallery(page: Page, via: Via): Promise<void> {
  const n = Number(/[#&]n=(\d+)/.exec(new URL(page.url()).hash)?.[1]);
  if (n <= 12) {
    await page.waitForSelector("#panel-gallery .member .mini");
    assert.equal(await page.textContent("[data-testid=solution-count]"), fmt(known(n).total));
    assert.equal(await page.textContent("[data-testid=class-count]"), fmt(known(n).unique));
    return;
  }
  // The start button hands the focus to Cancel while the count runs, and takes it back after
  // (on a fast machine perhaps before the focus is looked at).
  await activate(page, via, "[data-testid=count-all]", {
    settle: "[data-testid=count-cancel], [data-testid=count-all]",
  });
  await page.waitForFunction(
    (total) => document.querySelector("[data-testid=count-result]")?.textContent?.includes(total),
    fmt(known(n).total),
  );
  if (via === "keys") {
    await page.waitForFunction(
      () => document.activeElement?.matches("[data-testid=count-all]") ?? false,
    );
    await focusKept(page, "the count");
  }
}

/** What the walk does in the mode each live part opens (by the part's key). */
const LIVE_PARTS: Record<string, (page: Page, via: Via) => Promise<void>> = {
  play: place,
  attacks: place,
  "watch-brute": stepWatch,
  "watch-small": stepWatch,
  watch: stepWatch,
  "watch-bitmask": stepWatch,
  "watch-fails": stepWatch,
  "watch-judge": stepWatch,
  compare: async (page) => {
    await page.waitForSelector("[data-testid=compare-chart] svg");
  },
  gallery,
  "gallery-small": async (page, via) => {
    // The class of 4 opens enlarged; Escape (or its close button) closes it, and the focus
    // goes to the class's board.
    await page.waitForSelector("[data-testid=sym-close]");
    if (via === "clicks") await page.click("[data-testid=sym-close]");
    else {
      await walkTabTo(page, "[data-testid=sym-close]");
      await press(page, "Escape", "#panel-gallery [data-focus^=sym-]");
    }
    await page.waitForSelector("[data-testid=sym-close]", { state: "detached" });
  },
  "play-completes": (page, via) => complete(page, via, "[data-testid=keep]"),
  "play-fails": (page, via) => complete(page, via, "[data-testid=watch-why]"),
};

/** The step's own figure that runs in a worker: brute force's race, growth's counts. */
async function ownFigure(page: Page, via: Via, step: LessonStep, words: Words): Promise<void> {
  const done = (text: string) =>
    page.waitForFunction(
      (t) => document.querySelector("[data-testid=lesson-timing]")?.textContent === t,
      text,
    );
  if (step === "brute") {
    // Space this time: the button takes both keys. It keeps the focus while the race runs.
    await activate(page, via, "[data-testid=lesson-race]", { key: "Space" });
    await done(words.brute.raced);
    assert.equal(await page.$$eval("[data-testid=lesson-race-table] tbody tr", (r) => r.length), 2);
  } else if (step === "growth") {
    await activate(page, via, "[data-testid=lesson-measure]", { key: "Space" });
    await done(words.growth.measured);
    // Every size counted here is the published count.
    const cells = await page.$$eval("[data-testid=lesson-growth] tbody tr", (trs) =>
      trs.map((tr) => [tr.querySelector("th")?.textContent ?? "", tr.children[3]?.textContent]),
    );
    for (const [n, here] of cells) {
      if (Number(n) > 13) assert.equal(here, "", `N = ${n} is not counted here`);
      else assert.match(here ?? "", new RegExp(`^${fmt(known(Number(n)).total)}\\D`), `N = ${n}`);
    }
  } else return;
  if (via === "keys") assert.match(await focusState(page), /^button#lesson-(race|measure)$/);
}

/**
 * The whole lesson from its first step: each step's own figure, every live part opened, done
 * and left by the bar back, the question answered, then Next. With `via` "keys" the focus is
 * checked after every key: on a visible element with its ring, never the body.
 */
async function walkLesson(page: Page, via: Via, words: Words, axe: boolean): Promise<void> {
  const title = `${TITLE}:focus`;
  for (const [i, step] of LESSON_STEPS.entries()) {
    await showsStep(page, step, words);
    await ownFigure(page, via, step, words);
    const parts = await page.$$eval(".lesson-live a", (as) =>
      as.map((a) => (a as HTMLElement).dataset.live ?? ""),
    );
    for (const key of parts) {
      // The live link hands the focus to the way back, above the mode it opened.
      await activate(page, via, `.lesson-live a[data-live="${key}"]`, {
        settle: via === "keys" ? "#lesson-return a" : undefined,
      });
      await page.waitForFunction(() => document.body.dataset.mode !== "lesson");
      await LIVE_PARTS[key]!(page, via);
      await activate(page, via, "#lesson-return a", {
        back: true,
        settle: via === "keys" ? title : undefined,
      });
      await showsStep(page, step, words);
    }
    await answer(page, via, step);
    if (axe) assert.deepEqual(await axeFindings(page), [], `${step}, answered`);
    const next = LESSON_STEPS[i + 1];
    if (!next) break;
    await activate(page, via, "[data-testid=lesson-next]", {
      settle: via === "keys" ? title : undefined,
    });
  }
}

describe("the lesson", { skip: NO_BROWSER }, () => {
  for (const [lang, words, locale] of [
    ["en", en, "en-US"],
    ["ja", ja, "ja-JP"],
  ] as const) {
    test(`every step opens by its address (${lang})`, async () => {
      for (const [i, step] of LESSON_STEPS.entries()) {
        const { page, errors } = await web.open(`#mode=lesson&step=${step}`, undefined, { locale });
        await showsStep(page, step, words);
        assert.equal(await page.getAttribute("html", "lang"), lang);
        assert.equal(await page.getAttribute("#tab-lesson", "aria-selected"), "true");
        const current = await page.textContent(".lesson-steps [aria-current=step]");
        assert.ok(current?.includes(words.steps[step].title), `${step}: the list marks it`);
        assert.equal(
          await page.textContent(".lesson-place"),
          words.stepOf(i + 1, LESSON_STEPS.length),
        );
        // Something to do (links into the page's modes, each with the way back) and a question.
        const live = await page.$$eval(".lesson-live a", (as) =>
          as.map((a) => a.getAttribute("href") ?? ""),
        );
        assert.ok(live.length > 0);
        for (const href of live) assert.match(href, new RegExp(`&lesson=${step}$`));
        assert.ok((await page.$$("[data-testid=lesson-check] input[type=radio]")).length >= 2);
        // The figures it says are the ones worked out here or published.
        const said = (await page.textContent("#panel-lesson article")) ?? "";
        for (const figure of expectedFigures()[step] ?? []) {
          assert.ok(said.includes(figure), `${step} (${lang}) says ${figure}`);
        }
        if (step === "growth") {
          const rows = await page.$$eval("[data-testid=lesson-growth] tbody tr", (trs) =>
            trs.map((tr) => [...tr.children].slice(0, 2).map((c) => c.textContent ?? "")),
          );
          assert.deepEqual(
            rows,
            KNOWN.filter((k) => k.n >= 4 && k.n <= 20).map((k) => [String(k.n), fmt(k.total)]),
          );
        }
        assert.deepEqual(await axeFindings(page), [], `${step} (${lang})`);
        if (lang === "ja") {
          // No English left on the Japanese page, the tab's title included.
          const said = `${await spokenText(page, "#panel-lesson")} ${await page.title()}`;
          const english = (said.match(/[A-Za-z][A-Za-z-]+/g) ?? []).filter((w) => !LATIN.has(w));
          assert.deepEqual(english, [], step);
        }
        assert.deepEqual(errors, []);
        await page.close();
      }
    });
  }

  test("Next, Back and Forward walk the steps; a live part opens its mode with the way back", async () => {
    const { page, errors } = await web.open(`#mode=lesson`);
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
    assert.equal(await page.textContent(".lesson-place"), ja.stepOf(2, 8));
    await page.click("#lang");
    await showsStep(page, "brute");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("backtracking, symmetry and completion: the step's picture moves with its buttons, its words with it", async () => {
    const steps = [...walkthrough(4)];
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page, errors } = await web.open(`#mode=lesson&step=backtrack`, undefined, {
        viewport,
      });
      await showsStep(page, "backtrack");
      const at = () => page.textContent("[data-testid=slide-at]");
      const says = () => page.textContent("[data-testid=slide-says]");
      assert.equal(await at(), `0 of ${steps.length}`);
      const before = await says();
      const queens = () => page.locator("[data-testid=slide-picture] .lesson-board use").count();
      assert.equal(await queens(), 0);
      // Each press is one step of the library's walkthrough: the board holds its queens.
      let on = 0;
      for (let i = 0; i < 6; i++) {
        await page.click("[data-testid=slide-next]");
        const s = steps[i]!;
        if (s.type === "place") on++;
        if (s.type === "remove") on--;
        assert.equal(await at(), `${i + 1} of ${steps.length}`);
        assert.equal(await queens(), on, `step ${i + 1} (${s.type})`);
      }
      assert.notEqual(await says(), before);
      await page.click("[data-testid=slide-prev]");
      assert.equal(await at(), `5 of ${steps.length}`);
      if (viewport.width === 1280) {
        // The words and the picture on screen together.
        assert.deepEqual(
          await offScreen(page, {
            words: "#panel-lesson .lesson-pair > div > p",
            picture: "[data-testid=slide-picture]",
            buttons: "[data-testid=slide-next]",
          }),
          [],
        );
      } else {
        // On a phone the picture comes first.
        const top = (sel: string) => page.$eval(sel, (el) => el.getBoundingClientRect().top);
        assert.ok(
          (await top("[data-testid=lesson-slide]")) <
            (await top("#panel-lesson .lesson-pair > div > p")),
        );
      }
      assert.deepEqual(await axeFindings(page), [], `backtrack at ${viewport.width}`);
      // Symmetry: the families of 8 queens one by one; the one of 4 says why 92 is not 12 × 8.
      await page.goto(`${web.base}#mode=lesson&step=symmetry`);
      await showsStep(page, "symmetry");
      const families = [...unique(8)];
      const small = families.findIndex((c) => c.orbit < 8);
      for (let i = 0; i < small; i++) await page.click("[data-testid=slide-next]");
      assert.equal(await at(), `${small + 1} of ${families.length}`);
      assert.match((await says()) ?? "", /only 4 of the 92/);
      const images = await page.$$eval(
        "[data-testid=slide-picture] [data-testid=sym-image]",
        (f) => f.length,
      );
      assert.equal(images, 8);
      assert.equal(await page.$("[data-testid=slide-picture] [data-testid=sym-close]"), null);
      assert.deepEqual(await axeFindings(page), [], `symmetry at ${viewport.width}`);
      // Completion: its board filled a row at a time, to eight queens; then Next stops.
      await page.goto(`${web.base}#mode=lesson&step=complete`);
      await showsStep(page, "complete");
      for (let i = 0; i < 6; i++) await page.click("[data-testid=slide-next]");
      assert.equal(await at(), "6 of 6");
      assert.equal(await queens(), 8);
      assert.equal(await page.getAttribute("[data-testid=slide-next]", "aria-disabled"), "true");
      // Marked, not disabled (a disabled button would drop the focus): a press does nothing.
      await page.click("[data-testid=slide-next]", { force: true });
      assert.equal(await at(), "6 of 6");
      assert.match((await says()) ?? "", /The board is complete/);
      assert.deepEqual(await axeFindings(page), [], `complete at ${viewport.width}`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  test("brute force: the race here does the library's work and estimates eight queens", async () => {
    const { page, errors } = await web.open(`#mode=lesson&step=brute`);
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
      /^Brute force checked [\d,]+ boards a second here\. At that rate the 4,426,165,368 boards of any 8 squares would take about .+: an estimate from this measurement, not a run\. Compare's estimate for the same boards comes from its own measurement, .* so the two times differ; the number of boards is the same everywhere\.$/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("growth: the small sizes counted and timed here agree with the published counts", async () => {
    const { page, errors } = await web.open(`#mode=lesson&step=growth`);
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
    const { page, errors } = await web.open(`#mode=lesson&step=brute`);
    await showsStep(page, "brute");
    const feedback = "[data-testid=lesson-feedback]";
    // Check before choosing: the page asks for a choice.
    await tabTo(page, "[data-testid=lesson-check] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.waitForFunction((s) => document.querySelector(s)?.textContent !== "", feedback);
    assert.equal(await page.textContent(feedback), en.pickFirst);
    // Any 64 squares is wrong: a hint (its count), not the answer, and a second try.
    await chooseByKeys(page, "squares");
    await tabTo(page, "[data-testid=lesson-check] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.waitForSelector(`${feedback}[data-correct=false]`);
    const hint = (await page.textContent(feedback)) ?? "";
    assert.match(hint, /^Not that one: that way gives 4,426,165,368 boards\..*Try once more\.$/);
    assert.doesNotMatch(hint, /40,320/);
    // One queen in each row and each column is right (at the second try).
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

  test("the tab's title names the step in the lesson and the page elsewhere, in both languages", async () => {
    const { page, errors } = await web.open(`#mode=lesson&step=backtrack`);
    await showsStep(page, "backtrack");
    assert.equal(await page.title(), "3/8 Backtracking — N-Queens lesson");
    await page.click("[data-testid=lesson-next]");
    await showsStep(page, "bitmask");
    assert.equal(await page.title(), "4/8 Bitmasks — N-Queens lesson");
    await page.click("#tab-play");
    await page.waitForSelector("#panel-play:not([hidden])");
    assert.equal(await page.title(), "N-Queens: place, watch, browse");
    await page.goBack();
    await showsStep(page, "bitmask");
    assert.equal(await page.title(), "4/8 Bitmasks — N-Queens lesson");
    await page.click("#lang");
    await showsStep(page, "bitmask", ja);
    assert.equal(await page.title(), "4/8 ビット演算 — Nクイーンのレッスン");
    await page.click("[data-testid=lesson-next]");
    await showsStep(page, "symmetry", ja);
    assert.equal(await page.title(), "5/8 対称性と基本解 — Nクイーンのレッスン");
    // A live part's mode has the page's title; the bar back brings the step's again.
    await page.click(".lesson-live a[data-live=gallery]");
    await page.waitForSelector("#panel-gallery:not([hidden])");
    assert.equal(await page.title(), "Nクイーン: 置く・探索を見る・全解を眺める");
    await page.click("#lesson-return a");
    await showsStep(page, "symmetry", ja);
    assert.equal(await page.title(), "5/8 対称性と基本解 — Nクイーンのレッスン");
    await page.click("#lang");
    await showsStep(page, "symmetry");
    assert.equal(await page.title(), "5/8 Symmetry — N-Queens lesson");
    assert.deepEqual(errors, []);
    await page.close();
  });

  // English on a laptop's screen, Japanese on a phone's (the steps a row of numbers).
  for (const [lang, words, locale, viewport] of [
    ["en", en, "en-US", { width: 1280, height: 800 }],
    ["ja", ja, "ja-JP", { width: 390, height: 844 }],
  ] as const) {
    test(`the whole lesson with the keyboard alone, focus always shown (${lang}, ${viewport.width}x${viewport.height})`, async () => {
      const { page, errors } = await web.open(`#mode=lesson`, undefined, {
        locale,
        viewport,
      });
      await showsStep(page, "problem", words);
      await walkLesson(page, "keys", words, true);
      await showsStep(page, LESSON_STEPS[LESSON_STEPS.length - 1]!, words);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test("offline after loading: every step's live part, its workers and the modes it opens", async () => {
    const { page, errors } = await web.open(`#mode=lesson`);
    await showsStep(page, "problem");
    await page.context().setOffline(true);
    await walkLesson(page, "clicks", en, false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
