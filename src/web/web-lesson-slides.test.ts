// Browser tests of the lesson's pictures (lesson/render.ts): at 1280x800 and 390x844, in English
// and in Japanese, every step shows its picture with its words (side by side on the wide screen,
// the picture first on the phone); stepping a picture changes it and what it says; brute force's
// race counts what the library's search looks at; the judge step turns the judge's sample input
// into its published sample output and opens the board in Play; axe finds nothing in any of these
// states. Screenshots of each step go to artifacts/web. Waits are for what the page shows.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { TREE_PROFILE_8 } from "../testing/known-counts.js";
import {
  axeFindings,
  browserFixture,
  NO_BROWSER,
  offScreen,
  SHOTS,
  sideways,
} from "../testing/site.js";
import { en } from "./lesson/text-en.js";
import { ja } from "./lesson/text-ja.js";
import { LESSON_STEPS } from "./state.js";

const web = browserFixture();

const SCREENS = [
  { name: "1280x800", width: 1280, height: 800, wide: true },
  { name: "390x844", width: 390, height: 844, wide: false },
] as const;

/** The picture, its words, and the step's first paragraph (the words beside it). */
const PICTURE = "#panel-lesson [data-testid=lesson-slide]";
const WORDS = "#panel-lesson .lesson-pair > div:first-child > p:first-child";
const SAYS = "#panel-lesson [data-testid=slide-says]";
const NEXT = "#panel-lesson [data-testid=slide-next]";
/** The picture itself: the slide's, or the judge's board. */
const BOX = "#panel-lesson [data-testid=slide-picture], #panel-lesson [data-testid=judge-picture]";

/** The judge's published sample output for its sample input (AOJ ALDS1_13_A). */
const SAMPLE_OUTPUT =
  "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n";

const top = (page: Page, sel: string) =>
  page.$eval(sel, (el) => el.getBoundingClientRect().top + window.scrollY);

/** What the picture draws now (its markup) and what it says. */
const pictureNow = (page: Page) =>
  page.$eval(PICTURE, (el) => {
    const pic = el.querySelector("[data-testid=slide-picture], [data-testid=judge-picture]");
    return {
      // The markup without its ids (a view numbers its headings' ids as it draws them).
      drawn: (pic?.innerHTML ?? "").replace(/ (id|aria-labelledby)="[^"]*"/g, ""),
      says: el.querySelector("[data-testid=slide-says]")?.textContent ?? "",
    };
  });

describe("the lesson's pictures", { skip: NO_BROWSER }, () => {
  for (const screen of SCREENS) {
    for (const [lang, words, locale] of [
      ["en", en, "en-US"],
      ["ja", ja, "ja-JP"],
    ] as const) {
      test(`${screen.name}, ${lang}: every step's picture with its words; stepping moves both`, async () => {
        const { page, errors } = await web.open(`#mode=lesson&step=problem`, undefined, {
          viewport: { width: screen.width, height: screen.height },
          locale,
        });
        for (const step of LESSON_STEPS) {
          await page.goto(`${web.base}#mode=lesson&step=${step}`);
          await page.waitForFunction(
            (t) =>
              document.querySelector("#panel-lesson [data-testid=lesson-title]")?.textContent === t,
            words.steps[step].title,
          );
          await page.waitForSelector(`${PICTURE} svg`, { state: "attached" });
          await page.evaluate(() => window.scrollTo(0, 0));
          if (screen.wide) {
            // The words and the picture on screen together.
            assert.deepEqual(
              await offScreen(page, { words: WORDS, picture: BOX }),
              [],
              `${step} (${lang})`,
            );
          } else {
            // On the phone the picture comes first, then the words.
            assert.ok(
              (await top(page, PICTURE)) < (await top(page, WORDS)),
              `${step}: picture first`,
            );
            assert.deepEqual(await offScreen(page, { picture: `${PICTURE} figcaption` }), []);
          }
          assert.equal(await sideways(page), 0, `${step} (${lang}) scrolls sideways`);
          await page.screenshot({
            path: join(SHOTS, `50-lesson-${step}-${screen.name}-${lang}.png`),
          });
          assert.deepEqual(await axeFindings(page), [], `${step} (${lang})`);
          if (step === "judge") continue;
          // A step on: the picture and its words change; a step back: as they were.
          const before = await pictureNow(page);
          assert.notEqual(before.says, "");
          await page.click(NEXT);
          await page.waitForFunction(
            ([sel, was]) => document.querySelector(sel!)?.textContent !== was,
            [SAYS, before.says] as const,
          );
          const after = await pictureNow(page);
          assert.notEqual(after.drawn, before.drawn, `${step}: the picture moved`);
          assert.deepEqual(await axeFindings(page), [], `${step} (${lang}), a step on`);
          await page.click("#panel-lesson [data-testid=slide-prev]");
          await page.waitForFunction(
            ([sel, was]) => document.querySelector(sel!)?.textContent === was,
            [SAYS, before.says] as const,
          );
          assert.deepEqual(await pictureNow(page), before, `${step}: a step back`);
        }
        assert.deepEqual(errors, []);
        await page.close();
      });
    }
  }

  test("brute force's race: the counters follow the library's search to the ratio in words", async () => {
    const { page, errors } = await web.open(`#mode=lesson&step=brute`);
    await page.waitForSelector(SAYS);
    const nodes = TREE_PROFILE_8.reduce((a, b) => a + b, 0);
    const counter = (id: string) => page.textContent(`[data-testid=${id}] .lesson-counter`);
    for (let i = 1; i <= 3; i++) {
      await page.click(NEXT);
      await page.waitForFunction(
        (k) => document.querySelector("[data-testid=slide-at]")?.textContent?.startsWith(`${k} `),
        i,
      );
      assert.match((await counter("race-back")) ?? "", new RegExp(`^${i} of 2,057 nodes`));
      assert.match((await counter("race-brute")) ?? "", new RegExp(`^${i} of 40,320 boards`));
    }
    // To the end: the ratio said in words (40,320 / 2,057, worked out here).
    while ((await page.getAttribute(NEXT, "aria-disabled")) !== "true") await page.click(NEXT);
    const ratio = (40320 / nodes).toFixed(1);
    assert.match(
      (await page.textContent(SAYS)) ?? "",
      new RegExp(
        `looked at 2,057 nodes while permutations looked at 40,320 boards: ${ratio} times fewer`,
      ),
    );
    // Another way of listing: the race starts again, against C(64, 8) boards.
    await page.check("input[name=race-variant][value=squares]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=slide-at]")?.textContent?.startsWith("0 "),
    );
    await page.click(NEXT);
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=race-brute] .lesson-counter")
        ?.textContent?.startsWith("1 of 4,426,165,368"),
    );
    assert.deepEqual(await axeFindings(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the judge step: the sample input gives the sample output, another input its board, Play opens it", async () => {
    for (const [words, locale] of [
      [en, "en-US"],
      [ja, "ja-JP"],
    ] as const) {
      const { page, errors } = await web.open(`#mode=lesson&step=judge`, undefined, { locale });
      await page.waitForSelector("[data-testid=judge-output]");
      assert.equal(await page.inputValue("[data-testid=judge-input]"), "2\n2 2\n5 3\n");
      assert.equal(await page.textContent("[data-testid=judge-output]"), SAMPLE_OUTPUT);
      assert.equal(await page.textContent("[data-testid=judge-says]"), words.judge.solved(2));
      // The board drawn: the sample output's queens, named in words.
      const label = await page.getAttribute("[data-testid=judge-picture] svg", "aria-label");
      assert.equal(
        label,
        words.slide.boardLabel(
          SAMPLE_OUTPUT.trim()
            .split("\n")
            .map((l, row) => ({ row, col: l.indexOf("Q") })),
          8,
        ),
      );
      // Queens that cannot be completed: no output, no board, the reason said.
      await page.fill("[data-testid=judge-input]", "2\n0 0\n3 3\n");
      await page.click("[data-testid=judge-solve]");
      await page.waitForSelector("[data-testid=judge-says][data-correct=false]");
      assert.equal(await page.textContent("[data-testid=judge-output]"), "");
      assert.ok(await page.isHidden("[data-testid=judge-play]"));
      assert.deepEqual(await axeFindings(page), []);
      // One queen given: a board with it kept, and Play opens that board.
      await page.fill("[data-testid=judge-input]", "1\n0 3\n");
      await page.click("[data-testid=judge-solve]");
      await page.waitForSelector("[data-testid=judge-says][data-correct=true]");
      const out = ((await page.textContent("[data-testid=judge-output]")) ?? "").trim().split("\n");
      assert.equal(out.length, 8);
      assert.equal(out[0], "...Q....");
      assert.deepEqual(await axeFindings(page), []);
      await page.click("[data-testid=judge-play]");
      await page.waitForFunction(() => document.body.dataset.mode === "play");
      const q = out.map((l, row) => `${row}:${l.indexOf("Q")}`).join(",");
      assert.match(page.url(), new RegExp(`#mode=play&n=8&q=${q}&lesson=judge$`));
      await page.waitForSelector("#lesson-return a");
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
