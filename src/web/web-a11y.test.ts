// Browser tests of the page on every screen and for every reader: the five screens it was tried
// on (desktop, laptop, a projector at 150 %, a phone both ways) and 320 px, the history (Back and
// Forward, the skip link, N typed, undo), an axe-core scan of every mode, a keyboard-only walk,
// the Japanese page, the contrast of the board's markings and the Watch narration. Screenshots of
// every mode at phone and desktop size go to artifacts/web/ (git-ignored). Nothing here asserts
// on timing: waits are for states, with generous limits.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { BrowserContextOptions, Page } from "playwright-core";
import {
  axeFindings,
  browserFixture,
  NO_BROWSER,
  type OpenedPage,
  offScreen,
  SHOTS,
  sideways,
  spokenText,
} from "../testing/site.js";

const web = browserFixture();
const MODES = ["play", "watch", "gallery", "compare"] as const;
type Mode = (typeof MODES)[number];

/** The screens of the issue: desktop, laptop, a 1280x720 projector at 150 %, phone both ways. */
const SCREENS = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "1024x768", width: 1024, height: 768 },
  { name: "853x480", width: 853, height: 480 },
  { name: "390x844", width: 390, height: 844 },
  { name: "844x390", width: 844, height: 390 },
] as const;

/** What must be on screen together in each mode: the board, the explanation, the controls. */
const ON_SCREEN: Record<Mode, Record<string, string>> = {
  play: {
    board: "#panel-play .board-frame",
    explanation: "[data-testid=play-status]",
    controls: "[data-testid=play-actions]",
  },
  watch: {
    board: "#panel-watch .board-frame",
    explanation: "[data-testid=narration]",
    controls: "[data-testid=transport]",
  },
  gallery: {
    board: "#panel-gallery .member .mini",
    explanation: "[data-testid=gallery-summary]",
    controls: "#panel-gallery nav.pager",
  },
  compare: {
    board: "[data-testid=compare-chart] svg",
    explanation: "[data-testid=compare-status]",
    controls: "[data-testid=compare-controls]",
  },
};

const open = (hash: string, options: BrowserContextOptions = {}): Promise<OpenedPage> =>
  web.open(hash, undefined, options);

/** Waits until the mode shown has drawn what it draws after loading. */
async function ready(page: Page, mode: Mode): Promise<void> {
  await page.waitForSelector(`#panel-${mode}:not([hidden])`);
  if (mode === "watch") {
    await page.waitForFunction(
      () => Number(document.querySelector<HTMLInputElement>("[data-testid=scrubber]")?.max) > 0,
    );
  } else if (mode === "gallery") {
    await page.waitForSelector("#panel-gallery .member .mini");
  } else if (mode === "compare") {
    await page.waitForSelector("[data-testid=compare-chart] svg");
  }
}

/** Switches mode with the tabs (a click, as a reader would). */
async function switchTo(page: Page, mode: Mode): Promise<void> {
  await page.click(`#tab-${mode}`);
  await ready(page, mode);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The focused element, described; "body" when focus was lost. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "body";
    const hidden = !el.isConnected || !!el.closest("[hidden]") || !el.checkVisibility();
    const name = el.dataset.testid ?? el.id ?? "";
    return `${hidden ? "HIDDEN " : ""}${el.tagName.toLowerCase()}${name ? `#${name}` : ""}${el.getAttribute("role") ? `[${el.getAttribute("role")}]` : ""}`;
  });
}

async function assertFocus(page: Page, after: string, expect?: RegExp): Promise<void> {
  const f = await focused(page);
  assert.notEqual(f, "body", `focus fell to the page body after ${after}`);
  assert.doesNotMatch(f, /^HIDDEN/, `focus is on a hidden element after ${after}: ${f}`);
  if (expect) assert.match(f, expect, `focus after ${after}`);
}

/** Presses Tab (or Shift+Tab) until `selector` has the focus; focus never lands on the body. */
async function tabTo(page: Page, selector: string, back = false, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const f = await focused(page);
    assert.notEqual(f, "body", `Tab moved focus to the body on the way to ${selector}`);
  }
  assert.fail(`${selector} not reached with ${back ? "Shift+Tab" : "Tab"} in ${max} presses`);
}

/** The queens drawn on Play's board, as "row:col" sorted. */
async function queensShown(page: Page): Promise<string> {
  return page.$$eval("#panel-play [role=gridcell][data-queen=placed]", (cells) =>
    cells
      .map((c) => `${(c as HTMLElement).dataset.row}:${(c as HTMLElement).dataset.col}`)
      .join(","),
  );
}

describe("web page on every screen", { concurrency: false, skip: NO_BROWSER }, () => {
  for (const screen of SCREENS) {
    test(`${screen.name}: no sideways scroll; board, explanation and controls on screen in every mode`, async () => {
      const viewport = { width: screen.width, height: screen.height };
      const { page, errors } = await open("#mode=play&n=8&q=0:0,2:2", { viewport });
      for (const mode of MODES) {
        if (mode !== "play") await switchTo(page, mode);
        else await ready(page, mode);
        assert.equal(await sideways(page), 0, `${mode} scrolls sideways at ${screen.name}`);
        assert.deepEqual(await offScreen(page, ON_SCREEN[mode]), [], `${mode} at ${screen.name}`);
        if (screen.name === "1280x800" || screen.name === "390x844") {
          await shot(page, `20-${mode}-${screen.name}`);
        }
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test("320 px: no sideways scroll; a 20×20 board on a phone keeps 24 px squares", async () => {
    const { page, errors } = await open("#mode=play&n=8", {
      viewport: { width: 320, height: 568 },
    });
    for (const mode of MODES) {
      await switchTo(page, mode);
      assert.equal(await sideways(page), 0, `${mode} scrolls sideways at 320 px`);
    }
    await page.goto(`${web.base}#mode=play&n=20`);
    await page.setViewportSize({ width: 390, height: 844 });
    await ready(page, "play");
    const size = await page.$eval("#panel-play [role=gridcell]", (c) => c.getBoundingClientRect());
    assert.ok(size.width >= 24 && size.height >= 24, `squares ${size.width}x${size.height}`);
    assert.equal(await sideways(page), 0, "the zoomed board scrolls in its own box");
    await shot(page, "21-play-n20-390x844");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("web page state and history", { concurrency: false, skip: NO_BROWSER }, () => {
  test("Back and Forward walk through mode, N, board and page changes", async () => {
    const { page, errors } = await open("#mode=play&n=8");
    const states: { hash: string; mode: string; n: string; queens: string }[] = [];
    const record = async () => {
      states.push({
        hash: new URL(page.url()).hash,
        mode: (await page.getAttribute("[role=tab][aria-selected=true]", "data-mode")) ?? "",
        n: await page.inputValue("#n"),
        queens: await queensShown(page),
      });
    };
    await record();
    await page.click('#panel-play [data-row="0"][data-col="0"]');
    await record();
    await page.click('#panel-play [data-row="1"][data-col="2"]');
    await record();
    await switchTo(page, "watch");
    await record();
    await page.click("#n-up");
    await ready(page, "watch");
    await record();
    await switchTo(page, "gallery");
    await record();
    await page.click("[data-testid=next-page] >> nth=0");
    await page.waitForFunction(() => location.hash.includes("page=2"));
    await record();
    assert.equal(new Set(states.map((s) => s.hash)).size, states.length, "each step its own URL");
    assert.equal(states[4]!.n, "9");
    const check = async (i: number, how: string) => {
      const want = states[i]!;
      await page.waitForFunction((h) => location.hash === h, want.hash);
      await page.waitForSelector(`#tab-${want.mode}[aria-selected=true]`);
      assert.equal(await page.inputValue("#n"), want.n, `N after ${how} to step ${i}`);
      if (want.mode === "play") {
        assert.equal(await queensShown(page), want.queens, `queens after ${how} to step ${i}`);
      }
    };
    for (let i = states.length - 2; i >= 0; i--) {
      await page.goBack();
      await check(i, "Back");
    }
    for (let i = 1; i < states.length; i++) {
      await page.goForward();
      await check(i, "Forward");
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the skip link moves focus and keeps the state", async () => {
    const { page, errors } = await open("#mode=watch&n=6&q=0:1&step=3");
    await ready(page, "watch");
    const hash = new URL(page.url()).hash;
    await page.keyboard.press("Tab");
    assert.match(await focused(page), /skip/);
    await page.keyboard.press("Enter");
    assert.equal(new URL(page.url()).hash, hash);
    assert.equal(await page.textContent("[data-testid=stat-step]"), "3");
    assert.match(await focused(page), /\[gridcell\]|main/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("N applies after typing, keeps the queens that fit; undo and redo; a normal URL", async () => {
    const { page, errors } = await open("#mode=play&n=8&q=0:0,1:2,7:7");
    await page.click("#n", { clickCount: 3 });
    await page.keyboard.type("12", { delay: 60 });
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash.includes("n=12"));
    assert.equal(await queensShown(page), "0:0,1:2,7:7");
    await page.goBack();
    await page.waitForFunction(() => location.hash.includes("n=8"));
    // The − button keeps the queens that still fit.
    await page.click("#n-down");
    await page.waitForFunction(() => location.hash.includes("n=7"));
    assert.equal(await queensShown(page), "0:0,1:2");
    // Clear, then undo and redo.
    await page.click("[data-testid=clear]");
    assert.equal(await queensShown(page), "");
    await page.click("[data-testid=undo]");
    assert.equal(await queensShown(page), "0:0,1:2");
    await page.keyboard.press("Control+y");
    assert.equal(await queensShown(page), "");
    await page.keyboard.press("Control+z");
    assert.equal(await queensShown(page), "0:0,1:2");
    // The address is written in its normal form.
    await page.goto(`${web.base}#mode=gallery&n=8&page=999`);
    await page.waitForFunction(() => location.hash === "#mode=gallery&n=8&page=2");
    assert.match((await page.textContent("[data-testid=page-text]")) ?? "", /page 2 of 2/);
    await page.goto(`${web.base}#mode=play&n=0x10`);
    await page.waitForSelector("#size-message:not([hidden])");
    assert.match((await page.textContent("#size-message")) ?? "", /whole number/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("web page for keyboards and screen readers", {
  concurrency: false,
  skip: NO_BROWSER,
}, () => {
  test("axe-core finds no serious or critical violation in any mode", async () => {
    const { page, errors } = await open("#mode=play&n=8&q=0:0,2:2,4:1");
    const found: string[] = [];
    for (const mode of MODES) {
      await switchTo(page, mode);
      if (mode === "compare") {
        await page.waitForFunction(
          () => document.querySelectorAll("[data-testid=compare-table] td").length > 0,
        );
      }
      found.push(...(await axeFindings(page)).map((v) => `${mode}: ${v}`));
    }
    // The dark theme, and a phone in Japanese.
    await page.emulateMedia({ colorScheme: "dark" });
    await switchTo(page, "play");
    found.push(...(await axeFindings(page)).map((v) => `play, dark: ${v}`));
    await shot(page, "22-play-dark-1280x900");
    await page.close();
    const ja = await open("#mode=watch&n=6&step=12", {
      locale: "ja-JP",
      viewport: { width: 390, height: 844 },
    });
    await ready(ja.page, "watch");
    found.push(...(await axeFindings(ja.page)).map((v) => `watch, ja: ${v}`));
    assert.deepEqual(found, []);
    assert.deepEqual([...errors, ...ja.errors], []);
    await ja.page.close();
  });

  test("a keyboard-only walk through Play, Watch, Gallery and Compare keeps the focus", async () => {
    const { page, errors } = await open("#mode=play&n=8");
    // Play: place two queens from the keyboard, complete, keep, count, undo.
    await tabTo(page, "#panel-play [role=gridcell]");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    assert.equal(await queensShown(page), "0:0,1:4");
    await tabTo(page, "[data-testid=complete]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=keep]");
    await assertFocus(page, "Complete");
    await tabTo(page, "[data-testid=keep]");
    await page.keyboard.press("Enter");
    await assertFocus(page, "Keep these queens", /gridcell/);
    assert.equal((await queensShown(page)).split(",").length, 8);
    await tabTo(page, "[data-testid=count]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=count-value]");
    await assertFocus(page, "Count completions", /count/);
    await page.keyboard.press("Control+z");
    assert.equal(await queensShown(page), "0:0,1:4");
    await assertFocus(page, "Undo");
    // Watch: tabs by arrow keys; play and pause with Space on the button, step forward.
    await tabTo(page, "#tab-play", true);
    await page.keyboard.press("ArrowRight");
    await ready(page, "watch");
    await assertFocus(page, "the Watch tab", /tab-watch/);
    await tabTo(page, "[data-testid=play]");
    await page.keyboard.press("Space");
    await page.waitForSelector("[data-testid=play][aria-pressed=true]");
    await page.keyboard.press("Space");
    await page.waitForSelector("[data-testid=play][aria-pressed=false]");
    await assertFocus(page, "Play and Pause", /play/);
    await tabTo(page, "[data-testid=forward]");
    await page.keyboard.press("Enter");
    await assertFocus(page, "Step forward", /forward/);
    // Gallery: a chip, the pager (the focus moves to the other button at the last page).
    await tabTo(page, "#tab-watch", true);
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await ready(page, "gallery");
    await tabTo(page, "[data-testid=chip]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=chip][aria-pressed=false]");
    await assertFocus(page, "an orbit chip", /chip/);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=chip][aria-pressed=false]", { state: "detached" });
    await assertFocus(page, "an orbit chip again", /chip/);
    await tabTo(page, "[data-testid=next-page]");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash.includes("page=2"));
    await assertFocus(page, "Next page", /prev-page/);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => !location.hash.includes("page="));
    await assertFocus(page, "Previous page", /next-page/);
    // Compare: the measure is a radio group; Run and Cancel hand the focus to each other.
    await tabTo(page, "#tab-gallery", true);
    await page.keyboard.press("ArrowRight");
    await ready(page, "compare");
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>("[data-testid=compare-run]")?.disabled,
    );
    await tabTo(page, "input[type=radio]");
    await page.keyboard.press("ArrowRight");
    assert.ok(await page.isChecked("input[type=radio][value=checks]"));
    await assertFocus(page, "an arrow key in the radio group", /input/);
    await tabTo(page, "[data-testid=compare-run]");
    await page.keyboard.press("Enter");
    await assertFocus(page, "Run", /compare-cancel/);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=compare-cancel]", { state: "hidden" });
    await assertFocus(page, "Cancel", /compare-run/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("Watch: the narration is said on a step or a pause, not while playing; shortcuts", async () => {
    const { page, errors } = await open("#mode=watch&n=8");
    await ready(page, "watch");
    assert.equal(await page.getAttribute("[data-testid=narration]", "aria-live"), null);
    await page.evaluate(() => {
      const w = window as unknown as { said: string[] };
      w.said = [];
      const box = document.getElementById("announcer")!;
      new MutationObserver(() => {
        if (box.textContent) w.said.push(box.textContent);
      }).observe(box, { childList: true, characterData: true, subtree: true });
    });
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    // Space on the scrubber plays; arrows on it step; Space pauses.
    await page.focus("[data-testid=scrubber]");
    await page.keyboard.press("Space");
    await page.waitForSelector("[data-testid=play][aria-pressed=true]");
    await page.waitForFunction(
      () => Number(document.querySelector("[data-testid=stat-step]")?.textContent) >= 20,
    );
    assert.deepEqual(await said(), [], "nothing said while playing");
    await page.keyboard.press("Space");
    await page.waitForSelector("[data-testid=play][aria-pressed=false]");
    await page.waitForFunction(() => (window as unknown as { said: string[] }).said.length === 1);
    assert.equal(
      (await said())[0],
      (await page.textContent("[data-testid=narration]"))?.trim(),
      "the pause says where the search is",
    );
    // Arrow keys step (outside the board and the sliders, which keep their own arrows).
    await page.focus("[data-testid=forward]");
    const step = Number(await page.textContent("[data-testid=stat-step]"));
    await page.keyboard.press("ArrowRight");
    assert.equal(Number(await page.textContent("[data-testid=stat-step]")), step + 1);
    await page.keyboard.press("ArrowLeft");
    assert.equal(Number(await page.textContent("[data-testid=stat-step]")), step);
    // Turned off, the keys do nothing (and the choice is kept).
    await page.click("[data-testid=shortcuts]");
    await page.focus("[data-testid=forward]");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("k");
    assert.equal(Number(await page.textContent("[data-testid=stat-step]")), step);
    assert.equal(await page.getAttribute("[data-testid=play]", "aria-pressed"), "false");
    await page.reload();
    await ready(page, "watch");
    assert.equal(await page.isChecked("[data-testid=shortcuts]"), false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("keyboard: the tree's nodes, the call stack, Home and End; Escape closes the symmetries", async () => {
    const { page, errors } = await open("#mode=watch&n=4");
    await ready(page, "watch");
    const step = async () => Number(await page.textContent("[data-testid=stat-step]"));
    const last = Number(await page.getAttribute("[data-testid=scrubber]", "max"));
    // Home and End: the first and the last step.
    await page.focus("[data-testid=forward]");
    await page.keyboard.press("End");
    assert.equal(await step(), last);
    await page.keyboard.press("Home");
    assert.equal(await step(), 0);
    // The tree: the arrows choose a node (the search stays where it is), Enter goes to its step,
    // and the focus stays on the tree, drawn anew.
    const tree = "#panel-watch svg[data-testid=tree]";
    await page.focus(tree);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    assert.equal(await step(), 0, "the arrows on the tree do not step the search");
    await page.waitForFunction(() =>
      document.querySelector("#panel-watch .tree-box + .sr-only")?.textContent?.includes("step 1"),
    );
    await page.keyboard.press("Enter");
    assert.equal(await step(), 1);
    assert.ok(await page.$eval(tree, (el) => el === document.activeElement));
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    const end = await step();
    assert.ok(end > 1 && end <= last, `the last node's step: ${end}`);
    assert.ok(await page.$eval(tree, (el) => el === document.activeElement));
    // The call stack in bitmask mode, scrolled to its newest frame: in the tab order, named,
    // and axe finds nothing (scrollable-region-focusable among the rest).
    await page.goto(`${web.base}#mode=watch&n=8&algo=bitmask&step=60`);
    await ready(page, "watch");
    assert.equal(await page.getAttribute("[data-testid=code-stack]", "tabindex"), "0");
    assert.equal(await page.getAttribute("[data-testid=code-stack]", "aria-label"), "Call stack");
    assert.deepEqual(await axeFindings(page), []);
    // Escape closes the symmetry views, in Play and in the Gallery, giving the focus back.
    await page.goto(`${web.base}#mode=play&n=4&q=0:1,1:3,2:0,3:2&sym=1`);
    await page.waitForSelector("[data-testid=sym-view]");
    await page.focus("[data-testid=sym-close]");
    await page.keyboard.press("Escape");
    await page.waitForSelector("[data-testid=sym-view]", { state: "detached" });
    assert.doesNotMatch(page.url(), /sym=/);
    assert.ok(await page.$eval("[data-testid=symmetries]", (el) => el === document.activeElement));
    await page.goto(`${web.base}#mode=gallery&n=6&sym=1`);
    await page.waitForSelector("#panel-gallery [data-testid=sym-view]");
    await page.focus("#panel-gallery [data-testid=sym-view] a");
    await page.keyboard.press("Escape");
    await page.waitForSelector("#panel-gallery [data-testid=sym-view]", { state: "detached" });
    assert.doesNotMatch(page.url(), /sym=/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("squares say their queen in the label, never as selected; the grid has a name", async () => {
    const { page, errors } = await open("#mode=play&n=4&q=0:1");
    assert.equal(await page.locator("#panel-play [role=gridcell][aria-selected]").count(), 0);
    assert.equal(
      await page.getAttribute('#panel-play [data-row="0"][data-col="1"]', "aria-label"),
      "Row 1, column 2, queen",
    );
    assert.equal(
      await page.getAttribute("#panel-play [role=grid]", "aria-label"),
      "Board: place or remove queens",
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("reduced motion: no animation runs", async () => {
    const { page, errors } = await open("#mode=play&n=8&q=0:0,1:1", { reducedMotion: "reduce" });
    const durations = await page.$$eval("#panel-play .cell.conflict .q", (qs) =>
      qs.map((q) => getComputedStyle(q).animationDuration),
    );
    assert.ok(durations.length > 0);
    for (const d of durations) assert.ok(Number.parseFloat(d) < 0.001, `animation ${d}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

/** WCAG relative luminance of a CSS rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe("web page contrast and languages", { concurrency: false, skip: NO_BROWSER }, () => {
  test("every marking on the board is at least 3:1 on both square colours, in both themes", async () => {
    const { page, errors } = await open("#mode=play&n=8");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const colours = await page.evaluate(
        (names) => {
          // No named functions in here: tsx would wrap them in a helper the page does not have.
          const probe = document.createElement("div");
          document.body.append(probe);
          const out: Record<string, string> = {};
          for (const v of names) {
            probe.style.color = `var(${v})`;
            out[v] = getComputedStyle(probe).color;
          }
          probe.remove();
          return out;
        },
        [
          "--light",
          "--dark",
          "--queen",
          "--trace-queen",
          "--mark",
          "--ghost-edge",
          "--focus-board",
          "--conflict-light",
          "--conflict-dark",
        ],
      );
      const squares = [colours["--light"]!, colours["--dark"]!];
      // The attack dot, rejected glyph and attack lines (--mark), the queens, the gold queen's
      // outline, the focus ring and the current row's outer ring (--focus-board).
      for (const mark of ["--queen", "--trace-queen", "--mark", "--ghost-edge", "--focus-board"]) {
        for (const sq of squares) {
          const c = contrast(colours[mark]!, sq);
          assert.ok(c >= 3, `${scheme}: ${mark} ${colours[mark]} on ${sq} is ${c.toFixed(2)}:1`);
        }
      }
      // A queen in conflict, on its conflict square.
      for (const sq of ["--conflict-light", "--conflict-dark"]) {
        const c = contrast(colours["--mark"]!, colours[sq]!);
        assert.ok(c >= 3, `${scheme}: conflict queen on ${sq} is ${c.toFixed(2)}:1`);
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the Japanese page shows no English in the modes; the switch changes the language", async () => {
    const { page, errors } = await open("#mode=play&n=6&q=0:0,2:1", { locale: "ja-JP" });
    assert.equal(await page.getAttribute("html", "lang"), "ja");
    // Words that are the same in Japanese text: names, formats, keys and units.
    const allowed = new Set(
      "N PNG SVG GIF JSON CSV GPU CPU WebGPU WGSL Space Enter Ctrl Home End Web Worker ms English".split(
        " ",
      ),
    );
    const english: string[] = [];
    const scan = async (where: string, selector: string) => {
      // Everything the panel says, shown or to screen readers, less names (translate="no").
      const text = await spokenText(page, selector);
      for (const w of text.match(/[A-Za-z][A-Za-z-]+/g) ?? []) {
        if (!allowed.has(w)) english.push(`${where}: ${w}`);
      }
    };
    for (const mode of MODES) {
      await switchTo(page, mode);
      if (mode === "play") await page.click("[data-testid=complete]");
      if (mode === "play") await page.waitForSelector("[data-testid=result] .callout");
      if (mode === "compare") {
        await page.waitForFunction(
          () => document.querySelectorAll("[data-testid=compare-table] td").length > 0,
        );
      }
      await scan(mode, `#panel-${mode}`);
      await shot(page, `23-${mode}-ja-1280x900`);
    }
    await scan("header", "#masthead");
    assert.deepEqual(english, []);
    // The tutorials' words: 基本解 (ユニーク解) where the Gallery counts the classes.
    await switchTo(page, "gallery");
    assert.match(
      (await page.textContent("[data-testid=gallery-summary]")) ?? "",
      /基本解\(ユニーク解\)は1個/,
    );
    // The switch: English now, the state kept, the focus on the switch.
    const hash = new URL(page.url()).hash;
    await page.click("#lang");
    assert.equal(await page.getAttribute("html", "lang"), "en");
    assert.equal(await page.textContent("#tab-play"), "Play");
    assert.equal(new URL(page.url()).hash, hash);
    assert.match(await focused(page), /button#lang/);
    await page.reload();
    await page.waitForSelector("[role=tab][aria-selected=true]");
    assert.equal(await page.getAttribute("html", "lang"), "en", "the choice is kept");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
