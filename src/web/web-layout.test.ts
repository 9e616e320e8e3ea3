// Browser tests of Watch as one screen for the whole search (issue 22), at the five screens of
// the issue (two phones, a projector at 150 %, a laptop and a 1920x1080 screen for a room): no
// sideways scroll; on the laptop and the wide screen the board, the narration, the code's current
// line and the tree are on screen together, for backtracking and bitmasks; a long narration (a
// dead end at N = 8) never moves the code; N = 20 boards fit or say that they continue; the
// history of the narration lists the steps shown and goes back to one. Screenshots of every size
// in English and Japanese go to artifacts/web/ (4x-*.png). Nothing here asserts on timing.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { BrowserContextOptions, Page } from "playwright-core";
import { walkthrough } from "../teach/walkthrough.js";
import {
  axeFindings,
  browserFixture,
  NO_BROWSER,
  type OpenedPage,
  offScreen,
  SHOTS,
  sideways,
} from "../testing/site.js";

const web = browserFixture();

const SCREENS = [
  { name: "390x844", width: 390, height: 844, wide: false },
  { name: "844x390", width: 844, height: 390, wide: false },
  { name: "853x480", width: 853, height: 480, wide: false },
  { name: "1280x800", width: 1280, height: 800, wide: true },
  { name: "1920x1080", width: 1920, height: 1080, wide: true },
] as const;

/** What a wide screen shows together: the board, the narration, the code's line, the tree. */
const TOGETHER = {
  board: "#panel-watch .board-frame",
  narration: "#panel-watch .narration-box",
  "current code line": "#panel-watch [data-testid=code] li.current",
  tree: "#panel-watch svg.tree",
};

/**
 * Steps of N = 8: a rejected square (lines 5 and 6 of the code), the first dead end (line 10;
 * its narration names all eight squares of the row with their attackers) and the first return
 * that is not a dead end (line 10 too, in one short sentence).
 */
const SHORT = 5;
const STEPS = [...walkthrough(8)];
const DEAD_END = STEPS.findIndex((s) => s.type === "return" && s.dead) + 1;
const RETURN = STEPS.findIndex((s) => s.type === "return" && !s.dead) + 1;

const open = (hash: string, options: BrowserContextOptions = {}): Promise<OpenedPage> =>
  web.open(hash, undefined, options);

/** Waits until Watch shows `step` of a trace with steps. */
async function watching(page: Page, step: number): Promise<void> {
  await page.waitForSelector("#panel-watch:not([hidden])");
  await page.waitForFunction(
    (s) =>
      Number(document.querySelector<HTMLInputElement>("[data-testid=scrubber]")?.max) >=
        Math.max(1, s) &&
      document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
    step,
  );
}

/** Goes to a step with the step field, as a reader would, and scrolls the page back up. */
async function goTo(page: Page, step: number): Promise<void> {
  await page.fill("[data-testid=step-field]", String(step));
  await page.press("[data-testid=step-field]", "Enter");
  await page.waitForFunction(
    (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
    step,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Where the code's line `line` is on the page, and whether it is wholly in the viewport. */
async function codeLine(page: Page, line: number): Promise<{ top: number; inside: boolean }> {
  return page.$eval(`#panel-watch [data-testid=code] li[data-line="${line}"]`, (li) => {
    const r = li.getBoundingClientRect();
    return {
      top: Math.round((r.top + window.scrollY) * 10) / 10,
      inside: r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.right <= window.innerWidth,
    };
  });
}

/** What the narration says now. */
async function narration(page: Page): Promise<string> {
  return (await page.textContent("[data-testid=narration]")) ?? "";
}

/** The highlighted code lines. */
async function currentLines(page: Page): Promise<number[]> {
  return page.$$eval("#panel-watch [data-testid=code] li.current", (lis) =>
    lis.map((li) => Number((li as HTMLElement).dataset.line)),
  );
}

describe("Watch on one screen", { concurrency: false, skip: NO_BROWSER }, () => {
  for (const screen of SCREENS) {
    test(`${screen.name}: no sideways scroll; a long narration never moves the code${screen.wide ? "; board, narration, code line and tree together" : ""}`, async () => {
      const viewport = { width: screen.width, height: screen.height };
      for (const locale of ["en-US", "ja-JP"]) {
        const lang = locale.slice(0, 2);
        const { page, errors } = await open(`#mode=watch&n=8&step=${SHORT}`, {
          viewport,
          locale,
        });
        await watching(page, SHORT);
        assert.equal(await sideways(page), 0, `sideways at ${screen.name}, ${lang}`);
        if (screen.wide) {
          assert.deepEqual(await offScreen(page, TOGETHER), [], `${screen.name}, ${lang}`);
        }
        assert.deepEqual(await currentLines(page), [5, 6]);
        await shot(page, `40-watch-${screen.name}-${lang}`);
        // A return in one short sentence, then the dead end's long one: line 10 both times.
        await goTo(page, RETURN);
        assert.deepEqual(await currentLines(page), [10]);
        const before = await codeLine(page, 10);
        await goTo(page, DEAD_END);
        assert.deepEqual(await currentLines(page), [10]);
        // A narration longer than its box: it scrolls there, and can be reached to scroll.
        const box = await page.$eval("#panel-watch .narration-box", (el) => ({
          over: el.scrollHeight - el.clientHeight,
          tab: el.getAttribute("tabindex"),
        }));
        assert.ok(box.over > 0, `the dead end's narration is longer than its box: ${box.over}`);
        assert.equal(box.tab, "0");
        const dead = await codeLine(page, 10);
        assert.equal(dead.top, before.top, `the code moved at the dead end (${screen.name})`);
        // On a screen held sideways (a phone, 844x390) the code is beside the board: the dead
        // end's line is on screen, in both languages (it was below the screen at every dead end).
        if (before.inside || screen.width > screen.height) {
          assert.ok(dead.inside, `the dead end's line is off screen at ${screen.name}, ${lang}`);
        }
        if (screen.wide) {
          assert.deepEqual(await offScreen(page, TOGETHER), [], `dead end, ${screen.name}`);
          // The code is larger on a larger screen: read from the back of a room at 1920.
          const size = await page.$eval("#panel-watch [data-testid=code]", (el) =>
            Number.parseFloat(getComputedStyle(el).fontSize),
          );
          assert.ok(size >= (screen.width >= 1920 ? 15 : 12), `code at ${size} px`);
        }
        assert.equal(await sideways(page), 0);
        await shot(page, `41-watch-dead-end-${screen.name}-${lang}`);
        assert.deepEqual(errors, []);
        await page.close();
      }
      // Bitmasks: the masks make the code taller; the four are still on screen together.
      if (screen.wide) {
        const { page, errors } = await open("#mode=watch&n=8&algo=bitmask&step=60", { viewport });
        await watching(page, 60);
        assert.deepEqual(await offScreen(page, TOGETHER), [], `bitmask at ${screen.name}`);
        assert.equal(await sideways(page), 0);
        await shot(page, `42-watch-bitmask-${screen.name}`);
        assert.deepEqual(errors, []);
        await page.close();
      }
    });
  }

  test("N = 20: Watch's board fits every screen; Play's, clipped on the small ones, says it continues", async () => {
    const first = SCREENS[0];
    const viewport = { width: first.width, height: first.height };
    const watch = await open("#mode=watch&n=20", { viewport });
    const play = await open("#mode=play&n=20&q=0:0,1:2", { viewport });
    await watch.page.waitForSelector("#panel-watch [data-row='19'][data-col='19']");
    await play.page.waitForSelector("#panel-play [data-row='19'][data-col='19']");
    /** Whether the board goes past its box, and the cue when it is shown (its name, its box). */
    const state = (page: Page, mode: string) =>
      page.$eval(`#panel-${mode} .board-view`, (view) => {
        const box = view.querySelector(".board-scroll")!;
        const cue = view.querySelector<HTMLElement>("[data-testid=board-cue]")!;
        const r = cue.getBoundingClientRect();
        return {
          clipped:
            box.scrollWidth - box.clientWidth - box.scrollLeft > 1 ||
            box.scrollHeight - box.clientHeight - box.scrollTop > 1,
          cue: cue.hidden || r.width === 0 ? null : cue.getAttribute("aria-label"),
          text: cue.textContent,
          inside: r.right <= window.innerWidth && r.bottom <= window.innerHeight + 1,
        };
      });
    for (const screen of SCREENS) {
      for (const { page } of [watch, play]) {
        await page.setViewportSize({ width: screen.width, height: screen.height });
      }
      // The cue follows the layout (a ResizeObserver): wait for it to agree with the board.
      for (const [{ page }, mode] of [
        [watch, "watch"],
        [play, "play"],
      ] as const) {
        await page.waitForFunction((m) => {
          const box = document.querySelector(`#panel-${m} .board-scroll`)!;
          const cue = document.querySelector<HTMLElement>(`#panel-${m} [data-testid=board-cue]`)!;
          const clipped =
            box.scrollWidth - box.clientWidth - box.scrollLeft > 1 ||
            box.scrollHeight - box.clientHeight - box.scrollTop > 1;
          return clipped === !cue.hidden;
        }, mode);
        assert.equal(await sideways(page), 0, `${mode} scrolls sideways at ${screen.name}`);
      }
      const w = await state(watch.page, "watch");
      assert.deepEqual([w.clipped, w.cue], [false, null], `Watch's board fits ${screen.name}`);
      const p = await state(play.page, "play");
      // Play keeps 24 px squares to be clicked: 20 of them do not fit a phone or a projector.
      assert.equal(p.clipped, !screen.wide, `Play's board clipped at ${screen.name}`);
      if (p.clipped) {
        assert.match(p.cue ?? "", /^The board continues/, `the cue at ${screen.name}`);
        assert.match(p.text ?? "", /Board continues/);
        assert.ok(p.inside, `the cue is on screen at ${screen.name}`);
        await shot(play.page, `43-play-n20-cue-${screen.name}`);
      } else {
        assert.equal(p.cue, null, `no cue where the board fits (${screen.name})`);
      }
      await shot(watch.page, `44-watch-n20-${screen.name}`);
    }
    // Scrolled to its end, the board says nothing more; in Japanese, the cue is Japanese.
    await play.page.setViewportSize({ width: 390, height: 844 });
    await play.page.waitForSelector("#panel-play [data-testid=board-cue]:not([hidden])");
    await play.page.$eval("#panel-play .board-scroll", (box) => box.scrollTo(99_999, 99_999));
    await play.page.waitForSelector("#panel-play [data-testid=board-cue]", { state: "hidden" });
    assert.deepEqual([...watch.errors, ...play.errors], []);
    await watch.page.close();
    await play.page.close();
    const ja = await open("#mode=play&n=20", {
      viewport: { width: 844, height: 390 },
      locale: "ja-JP",
    });
    await ja.page.waitForSelector("#panel-play [data-testid=board-cue]:not([hidden])");
    const cue = await ja.page.textContent("#panel-play [data-testid=board-cue]");
    assert.match(cue ?? "", /盤面は.*へ続きます/);
    assert.doesNotMatch(cue ?? "", /[A-Za-z]/);
    await shot(ja.page, "43-play-n20-cue-844x390-ja");
    assert.deepEqual(ja.errors, []);
    await ja.page.close();
  });

  test("the history lists the steps shown, newest first; an entry goes back to its step", async () => {
    const { page, errors } = await open("#mode=watch&n=6", {
      viewport: { width: 1280, height: 800 },
    });
    await watching(page, 0);
    const said: string[] = [await narration(page)];
    for (let k = 1; k <= 5; k++) {
      await page.click("[data-testid=forward]");
      await page.waitForFunction(
        (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
        k,
      );
      said.push(await narration(page));
    }
    await goTo(page, 12);
    said[12] = await narration(page);
    // Closed, it draws nothing; opened by the keyboard, it lists what was shown.
    assert.equal(await page.locator("[data-testid=history-list] li").count(), 0);
    await page.focus("[data-testid=history] summary");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=history-list] li");
    const entries = () =>
      page.$$eval("[data-testid=history-list] li", (lis) =>
        lis.map((li) => ({
          step: Number((li as HTMLElement).dataset.step),
          text: li.querySelector(".history-text")?.textContent ?? "",
        })),
      );
    const listed = await entries();
    assert.deepEqual(
      listed.map((e) => e.step),
      [12, 5, 4, 3, 2, 1, 0],
    );
    for (const e of listed) assert.equal(e.text, said[e.step], `the words of step ${e.step}`);
    // A click on step 2 goes there (the address too), and that visit is the newest entry.
    await page.click("[data-testid=history-list] button[data-step='2']");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=stat-step]")?.textContent === "2",
    );
    assert.equal(await narration(page), said[2]);
    await page.waitForFunction(() => location.hash.includes("step=2"));
    assert.deepEqual(
      (await entries()).slice(0, 2).map((e) => e.step),
      [2, 12],
    );
    // Keyboard: Tab reaches the entries, Enter goes to one, and the focus stays on it (the
    // visit it makes is a new entry on top; the one chosen keeps its place and the focus).
    await page.focus("[data-testid=history] summary");
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(() =>
        document.activeElement?.matches("[data-testid=history-list] li:first-child button"),
      ),
      true,
      "Tab from the summary reaches the newest entry",
    );
    await page.focus("[data-testid=history-list] li:nth-child(4) button");
    assert.equal(await page.getAttribute(":focus", "data-step"), "4");
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=stat-step]")?.textContent === "4",
    );
    assert.deepEqual(
      await page.evaluate(() => {
        const b = document.activeElement as HTMLElement;
        const items = [...document.querySelectorAll("[data-testid=history-list] li")];
        return [b.dataset.step, items.indexOf(b.closest("li")!)];
      }),
      ["4", 4],
    );
    assert.deepEqual(await axeFindings(page), []);
    await shot(page, "45-watch-history-1280x800");
    // A new trace (another N) starts a new history.
    await page.click("#n-up");
    await page.waitForFunction(() => location.hash.includes("n=7"));
    await watching(page, 0);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>("[data-testid=history-list] li")]
          .map((li) => li.dataset.step)
          .join() === "0",
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("axe finds nothing with a narration that scrolls, the history open, in Japanese", async () => {
    const { page, errors } = await open(`#mode=watch&n=8&step=${DEAD_END}`, {
      viewport: { width: 853, height: 480 },
      locale: "ja-JP",
    });
    await watching(page, DEAD_END);
    await page.click("[data-testid=history] summary");
    await page.waitForSelector("[data-testid=history-list] li");
    assert.equal(await page.getAttribute("#panel-watch .narration-box", "tabindex"), "0");
    assert.equal(await page.getAttribute("#panel-watch .narration-box", "aria-label"), "説明");
    assert.deepEqual(await axeFindings(page), []);
    await shot(page, "46-watch-history-853x480-ja");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
