// Browser tests of the page as a lesson (issue 13): the code in step with its highlighted line,
// the call stack and the masks, checked against the library's trace; dead ends named square by
// square; the end step; the tree that a click jumps through; the first solution of N = 20;
// Play's live hints against the library's completion check; puzzles with exactly one completion;
// the 8 labelled symmetries; Compare's definitions and notes; pictures and an animated GIF for
// slides. Screenshots go to artifacts/web/ (3x-*.png). Nothing here asserts on timing.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { attackKind, isSolution, type Queen } from "../board.js";
import { canComplete, countCompletions, uniquePuzzle } from "../completion/index.js";
import { canonical, TRANSFORMS, transform } from "../symmetry.js";
import {
  ALGORITHMS,
  BRUTE_VARIANTS,
  bruteVariantCount,
  runAlgorithm,
} from "../teach/algorithms/index.js";
import { placementIndex } from "../teach/lesson-brute.js";
import { trace, treeProfile } from "../teach/trace.js";
import { type WalkStep, walkthrough } from "../teach/walkthrough.js";
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  NO_BROWSER,
  type OpenedPage,
  openPage,
  SHOTS,
  serveSite,
  spokenText,
  type TestSite,
} from "../testing/site.js";
import { en } from "./i18n/index.js";

const FLAGS = [...CHROMIUM_FLAGS, "--disable-gpu"];
let site: TestSite | undefined;
let browser: Browser | undefined;
let base = "";

before(async () => {
  if (NO_BROWSER) return;
  site = await serveSite();
  base = site.base;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
});

after(async () => {
  await browser?.close();
  await site?.close();
});

const open = (
  hash: string,
  init?: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> => openPage(browser!, `${base}${hash}`, init, options);

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    interface AxeResults {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe;
    const r = await axe.run({ resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}) at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join("; ")}`,
      );
  });
}

/** English words a panel shows or says (names marked translate="no" left out). */
async function englishIn(page: Page, selector: string): Promise<string[]> {
  const allowed = new Set(
    "N PNG SVG GIF JSON CSV GPU CPU WebGPU WGSL Space Enter Ctrl Home End Web Worker ms English".split(
      " ",
    ),
  );
  const all = await spokenText(page, selector);
  return (all.match(/[A-Za-z][A-Za-z-]+/g) ?? []).filter((w) => !allowed.has(w));
}

/** Hints on before the page starts (the setting lives in localStorage). */
const HINTS_ON = `try { localStorage.setItem("nqueens.hints", "on"); } catch {}`;

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

async function text(page: Page, selector: string): Promise<string> {
  return (await page.textContent(selector))?.trim() ?? "";
}

/** Waits until Watch has every step (the total shown no longer ends in "…"). */
async function traced(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const t = document.querySelector("[data-testid=load-state]")?.textContent ?? "";
    return /\d/.test(t) && !t.endsWith("…");
  });
  return Number(await page.getAttribute("[data-testid=scrubber]", "max"));
}

/** Goes to a step with the step field, as a reader would. */
async function goTo(page: Page, step: number): Promise<void> {
  await page.fill("[data-testid=step-field]", String(step));
  await page.press("[data-testid=step-field]", "Enter");
  await page.waitForFunction(
    (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
    step,
  );
}

/** The highlighted code lines. */
async function currentLines(page: Page): Promise<number[]> {
  return page.$$eval("[data-testid=code] li.current", (lis) =>
    lis.map((li) => Number((li as HTMLElement).dataset.line)),
  );
}

/** The calls on the stack, outermost first. */
async function stackCalls(page: Page): Promise<string[]> {
  return page.$$eval("[data-testid=code-stack] li", (lis) =>
    lis.map((li) => li.textContent?.replace(/\s+/g, " ").trim() ?? ""),
  );
}

/** Queens drawn on a panel's board, as cols[row] (-1 for an empty row). */
async function boardCols(page: Page, panel: string, n: number, kind?: string): Promise<number[]> {
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

/** Lines of the backtracking listing for each kind of step (code-view.ts). */
const BACKTRACK_LINES: Partial<Record<WalkStep["type"], number[]>> = {
  reject: [5, 6],
  place: [7, 8],
  solution: [2, 3],
  remove: [9],
  return: [10],
  end: [],
};

/** The row a step happens in (n for a solution: the call below the last row). */
function rowOfStep(s: WalkStep, n: number): number {
  return "row" in s ? s.row : s.type === "solution" ? n : -1;
}

/** Counts the frames of a GIF by walking its blocks (image descriptors). */
function gifFrames(bytes: Buffer): number {
  assert.equal(bytes.subarray(0, 6).toString("latin1"), "GIF89a");
  let i = 13;
  const flags = bytes[10]!;
  if (flags & 0x80) i += 3 * 2 ** ((flags & 7) + 1);
  const skipSubBlocks = () => {
    while (bytes[i] !== 0) i += bytes[i]! + 1;
    i++;
  };
  let frames = 0;
  for (;;) {
    const b = bytes[i++];
    if (b === 0x3b) return frames;
    if (b === 0x21) {
      i++; // label
      skipSubBlocks();
    } else if (b === 0x2c) {
      frames++;
      const local = bytes[i + 8]!;
      i += 9;
      if (local & 0x80) i += 3 * 2 ** ((local & 7) + 1);
      i++; // LZW minimum code size
      skipSubBlocks();
    } else throw new Error(`bad GIF block 0x${b?.toString(16)} at ${i - 1}`);
  }
}

describe("Watch: the code in step, dead ends, the end", {
  concurrency: false,
  skip: NO_BROWSER,
}, () => {
  test("N = 4: the highlighted line and the stack at chosen steps follow the library's trace", async () => {
    const n = 4;
    const steps = [...walkthrough(n)];
    // The lesson is the trace with a return per row loop and an end (checked in lesson.test.ts).
    const events = [...trace(n, { rejects: true })];
    assert.deepEqual(
      steps.filter((s) => s.type !== "return" && s.type !== "end").map((s) => s.type),
      events.map((e) => e.type),
    );
    const { page, errors } = await open(`#mode=watch&n=${n}`);
    const total = await traced(page);
    assert.equal(total, steps.length);
    assert.deepEqual(await currentLines(page), [1], "step 0: the first call");
    for (const k of [1, 2, 3, 5, 9, 10, 16, 31, total]) {
      await goTo(page, k);
      const s = steps[k - 1]!;
      assert.deepEqual(
        await currentLines(page),
        BACKTRACK_LINES[s.type],
        `lines at step ${k} (${s.type})`,
      );
      // One frame per row being filled: rows 1 .. the step's row (n + 1 below a solution).
      const row = rowOfStep(s, n);
      const calls = await stackCalls(page);
      assert.equal(calls.length, row + 1, `stack at step ${k}: ${calls.join(" | ")}`);
      for (const [r, c] of calls.entries()) {
        assert.match(c, new RegExp(`^solve\\(row = ${r + 1}\\)`));
      }
      // The frames below the top hold the queens on the board.
      const cols = await boardCols(page, "watch", n);
      for (let r = 0; r < row && r < n; r++) {
        assert.match(
          calls[r]!,
          new RegExp(`col = ${cols[r]! + 1}$`),
          `frame ${r + 1} at step ${k}`,
        );
      }
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("N = 4: the dead end names every square of row 3 with its attacker, then the backtrack", async () => {
    const steps = [...walkthrough(4)];
    const k = steps.findIndex((s) => s.type === "return" && s.dead) + 1;
    // The rejections of that row, as the library's trace gives them.
    const rejects = steps.slice(k - 5, k - 1);
    const { page, errors } = await open(`#mode=watch&n=4&step=${k}`);
    await traced(page);
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      k,
    );
    const words = await text(page, "[data-testid=narration]");
    assert.match(words, /^Dead end: row 3 has no safe square\./);
    const reason = {
      column: "the column",
      diagonal: "a diagonal",
      "anti-diagonal": "an anti-diagonal",
    };
    for (const r of rejects) {
      assert.equal(r.type, "reject");
      if (r.type !== "reject") continue;
      assert.equal(r.row, 2);
      const phrase = `olumn ${r.col + 1} is attacked along ${reason[r.reason]} by the queen at row ${r.by.row + 1}, column ${r.by.col + 1}`;
      assert.ok(words.includes(phrase), `${phrase} in: ${words}`);
    }
    assert.match(words, /Go back up to row 2 and move its queen \(backtrack\)\./);
    // Every square of the row rejected, each drawn with a line from its attacker.
    assert.equal(await page.locator("[data-testid=candidates] li.rejected").count(), 4);
    assert.equal(await page.locator("#panel-watch .board-lines line.attack").count(), 4);
    assert.equal(await page.locator("#panel-watch .row.row-current [data-row='2']").count(), 4);
    assert.deepEqual(await currentLines(page), [10]);
    await shot(page, "30-watch-dead-end-n4");
    await page.click("[data-testid=forward]");
    assert.match(
      await text(page, "[data-testid=narration]"),
      /^Back in row 2: .* take that queen back \(backtrack\)\. Next: column 4\./,
    );
    assert.deepEqual(await currentLines(page), [9]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the end is its own step with the totals; N = 3 says no solution exists; no later solution is said", async () => {
    const profile = treeProfile(4);
    const nodes = profile.reduce((a, b) => a + b, 0);
    const { page, errors } = await open("#mode=watch&n=4&step=99999");
    const total = await traced(page);
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      total,
    );
    assert.match(
      await text(page, "[data-testid=narration]"),
      new RegExp(`^The search is over: 2 solutions, ${nodes} nodes, ${nodes - 1} backtracks\\.`),
    );
    assert.match(page.url(), new RegExp(`step=${total}`));
    // Next solution at the end says there is none, and stays.
    // (The button says it has nothing to go to, aria-disabled; pressed, it says why.)
    await page.focus("[data-testid=next-solution]");
    await page.keyboard.press("Enter");
    assert.match(await text(page, "[data-testid=nav-note]"), /No solution after this step/);
    assert.equal(await text(page, "[data-testid=stat-step]"), String(total));
    // Previous solution goes back to the second one.
    await page.click("[data-testid=prev-solution]");
    assert.match(await text(page, "[data-testid=narration]"), /^Solution 2 found/);
    assert.deepEqual(await boardCols(page, "watch", 4), [2, 0, 3, 1]);
    await page.click("[data-testid=prev-solution]");
    assert.deepEqual(await boardCols(page, "watch", 4), [1, 3, 0, 2]);
    await page.focus("[data-testid=prev-solution]");
    await page.keyboard.press("Enter");
    assert.match(await text(page, "[data-testid=nav-note]"), /No solution before this step/);
    // N = 3: the end says that no solution exists.
    await page.goto(`${base}#mode=watch&n=3&step=99999`);
    await traced(page);
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=narration]")
        ?.textContent?.startsWith("The search is over"),
    );
    assert.match(
      await text(page, "[data-testid=narration]"),
      /no solution exists for N = 3\. Every branch ended in a dead end/,
    );
    await shot(page, "31-watch-end-n3");
    await page.goto(`${base}#mode=watch&n=2&step=99999`);
    await traced(page);
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=narration]")?.textContent?.includes("N = 2"),
    );
    assert.match(await text(page, "[data-testid=narration]"), /no solution exists for N = 2/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a click on a tree node jumps to its step; N = 20 reaches its first solution", async () => {
    const steps = [...walkthrough(4)];
    const { page, errors } = await open("#mode=watch&n=4");
    await traced(page);
    await page.waitForSelector("[data-testid=tree]");
    assert.ok((await page.locator(".tree-legend li").count()) >= 4, "the tree has a legend");
    // The node "row 1, column 2": the second queen of the first row.
    const target = steps.findIndex((s) => s.type === "place" && s.row === 0 && s.col === 1) + 1;
    const circle = page.locator("[data-testid=tree] circle", { hasText: "row 1, column 2" });
    await circle.click();
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      target,
    );
    assert.deepEqual(await boardCols(page, "watch", 4), [1, -1, -1, -1]);
    assert.match(page.url(), new RegExp(`step=${target}`));
    // The tree around the path (N = 8): a visited sibling jumps back to where it was placed.
    await page.goto(`${base}#mode=watch&n=8&step=40`);
    await page.waitForSelector("[data-testid=path-tree] circle.seen:not(.path)");
    const sibling = page.locator("[data-testid=path-tree] circle.seen:not(.path)").first();
    const title = (await sibling.textContent()) ?? "";
    await sibling.click();
    const m = /row (\d+), column (\d+)/.exec(title)!;
    await page.waitForFunction(
      (rc) =>
        document
          .querySelector("[data-testid=narration]")
          ?.textContent?.startsWith(`Row ${rc[0]}, column ${rc[1]} is safe`),
      [m[1], m[2]],
    );
    // N = 20: the steps go on to the first solution (4.3 million of them).
    await page.goto(`${base}#mode=watch&n=20`);
    await traced(page);
    await page.click("[data-testid=next-solution]");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=stat-solutions]")?.textContent === "1",
    );
    const cols = await boardCols(page, "watch", 20);
    assert.ok(isSolution(cols), `N = 20 first solution: ${cols}`);
    assert.match(await text(page, "[data-testid=narration]"), /^Solution 1 found/);
    await shot(page, "32-watch-n20-first-solution");
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("Watch at N = 20 records in a worker: a click is answered while it records", async (t) => {
    // The main thread's long tasks (over 50 ms) are counted and reported, never asserted on:
    // their length is the machine's speed. What is asserted holds on any machine: the page
    // answers a step while the worker is still recording (the steps are not recorded on the
    // page's thread), and Next solution goes 4.4 million steps on from the replay's snapshots.
    const observe = `window.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push(Math.round(e.duration));
      }).observe({ type: "longtask" });`;
    const { page, errors } = await open("#mode=watch&n=8", observe);
    await traced(page);
    const longTasks = () =>
      page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
    await longTasks();
    await page.fill("#n", "20");
    await page.press("#n", "Enter");
    // The first steps of N = 20 have arrived: the depth is out of 20 and the total counts steps
    // (the depth alone says "0 / 20" before any step has come, and Forward then stays at 0).
    await page.waitForFunction(
      () =>
        document.querySelector("[data-testid=stat-depth]")?.textContent?.endsWith("/ 20") &&
        /\d/.test(document.querySelector("[data-testid=load-state]")?.textContent ?? ""),
    );
    await page.click("[data-testid=forward]");
    const [step, total] = await page.evaluate(() => [
      document.querySelector("[data-testid=stat-step]")?.textContent,
      document.querySelector("[data-testid=load-state]")?.textContent ?? "",
    ]);
    assert.equal(step, "1");
    assert.ok(total.endsWith("…"), `still recording when the step was answered: ${total}`);
    assert.match(await text(page, "[data-testid=narration]"), /^Row 1, column 1 is safe/);
    const steps = await traced(page);
    const recording = await longTasks();
    await page.click("[data-testid=forward]");
    await page.click("[data-testid=next-solution]");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=stat-solutions]")?.textContent === "1",
    );
    assert.ok(isSolution(await boardCols(page, "watch", 20)));
    const after = await longTasks();
    const worst = (l: number[]) => Math.max(0, ...l);
    t.diagnostic(
      `N = 20, ${steps} steps: recording ${recording.length} long tasks (worst ${worst(recording)} ms); stepping and Next solution ${after.length} (worst ${worst(after)} ms)`,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("bitmask: the masks of the current call are the safe columns; brute force steps to a solution", async () => {
    const { page, errors } = await open("#mode=watch&n=5&algo=bitmask");
    await traced(page);
    const steps = [...walkthrough(5, { algorithm: "bitmask" })];
    // The third row entered: its free mask is the row's safe columns under the queens above.
    const k =
      steps.findIndex(
        (s, i) =>
          s.type === "enter" && steps.slice(0, i).filter((x) => x.type === "enter").length === 2,
      ) + 1;
    await goTo(page, k);
    assert.deepEqual(await currentLines(page), [4]);
    const cols = await boardCols(page, "watch", 5);
    const row = (steps[k - 1] as { row: number }).row;
    const safe: number[] = [];
    for (let c = 0; c < 5; c++) {
      const attacked = cols.some(
        (qc, r) => qc >= 0 && attackKind({ row: r, col: qc }, { row, col: c }) !== undefined,
      );
      if (!attacked) safe.push(c + 1);
    }
    const free = await page.$$eval("[data-testid=code-masks] .mask-row.tone-free .bit", (bits) =>
      bits.map((b, i) => (b.classList.contains("on") ? i + 1 : 0)).filter((x) => x > 0),
    );
    assert.deepEqual(free, safe);
    assert.equal((await stackCalls(page)).length, row + 1);
    await shot(page, "33-watch-bitmask-n5");
    // Brute force: the next solution is the placement of 1 3 0 2 (rows 1..4).
    await page.goto(`${base}#mode=watch&n=4&algo=brute`);
    await page.waitForSelector("[data-testid=code] li.current");
    await page.click("[data-testid=next-solution]");
    const step = placementIndex(4, [1, 7, 8, 14]) + 1;
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      step,
    );
    assert.match(
      await text(page, "[data-testid=narration]"),
      /no two queens attack each other\. Solution 1 found/,
    );
    assert.deepEqual(await currentLines(page), [4]);
    await page.click("[data-testid=back]");
    assert.deepEqual(await currentLines(page), [2, 3]);
    assert.match(await text(page, "[data-testid=narration]"), /share/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("Watch starts from Play's queens only when asked", async () => {
    const { page, errors } = await open("#mode=watch&n=8&q=0:0,1:4,2:7,3:5,4:2,5:6,6:1,7:3");
    const total = await traced(page);
    assert.ok(total > 1000, `a full search from an empty board: ${total} steps`);
    await page.click("[data-testid=from-board]");
    await page.waitForFunction(() => location.hash.includes("from=board"));
    // A full board: its solution at once, then the end.
    assert.equal(await traced(page), 2);
    await goTo(page, 1);
    assert.match(await text(page, "[data-testid=narration]"), /^Solution 1 found/);
    await page.click("[data-testid=clear-fixed]");
    await page.waitForFunction(() => !location.hash.includes("from=board"));
    assert.equal(await traced(page), total);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a step exports as PNG and SVG with its narration, a range as a GIF of that many frames", async () => {
    const { page, errors } = await open("#mode=watch&n=4&step=9");
    await traced(page);
    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      page.click("[data-testid=export-step-svg]"),
    ]);
    const svgText = readFileSync((await svg.path())!, "utf8");
    assert.match(svgText, /^<svg xmlns/);
    assert.match(svgText, /Dead end: row 3 has no safe square/);
    assert.match(svgText, /N = 4 · step 9 of/);
    const [png] = await Promise.all([
      page.waitForEvent("download"),
      page.click("[data-testid=export-step-png]"),
    ]);
    assert.equal(
      readFileSync((await png.path())!)
        .subarray(1, 4)
        .toString("latin1"),
      "PNG",
    );
    await page.fill("[data-testid=gif-from]", "3");
    await page.fill("[data-testid=gif-to]", "14");
    const [gif] = await Promise.all([
      page.waitForEvent("download"),
      page.click("[data-testid=export-gif]"),
    ]);
    assert.equal(gifFrames(readFileSync((await gif.path())!)), 12);
    assert.match(await text(page, "[data-testid=export-note]"), /Saved a GIF of 12 steps/);
    assert.equal(await text(page, "[data-testid=stat-step]"), "9", "back at the step it was on");
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("Play: hints, puzzles, symmetries", { concurrency: false, skip: NO_BROWSER }, () => {
  test("the live hint marks exactly the squares the library's completion check refuses", async () => {
    const boards: [number, Queen[]][] = [
      [
        8,
        [
          { row: 0, col: 0 },
          { row: 1, col: 4 },
        ],
      ],
      [6, [{ row: 0, col: 1 }]],
      [
        10,
        [
          { row: 2, col: 3 },
          { row: 5, col: 9 },
        ],
      ],
      [
        20,
        [
          { row: 0, col: 0 },
          { row: 1, col: 2 },
          { row: 7, col: 11 },
        ],
      ],
      [4, [{ row: 0, col: 0 }]],
    ];
    const { page, errors } = await open("#mode=play&n=8", HINTS_ON);
    for (const [n, queens] of boards) {
      const q = queens.map((x) => `${x.row}:${x.col}`).join(",");
      await page.goto(`${base}#mode=play&n=${n}&q=${q}`);
      await page.waitForSelector("[data-testid=hint-status][data-ready=true]");
      const marked = (
        await page.$$eval("#panel-play .cell.dead", (cells) =>
          cells.map((c) => `${(c as HTMLElement).dataset.row}:${(c as HTMLElement).dataset.col}`),
        )
      ).sort();
      const expected: string[] = [];
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const sq = { row, col };
          if (queens.some((x) => attackKind(x, sq) !== undefined)) continue;
          if (!canComplete({ n, queens: [...queens, sq] })) expected.push(`${row}:${col}`);
        }
      }
      assert.deepEqual(marked, expected.sort(), `n = ${n}, queens ${q}`);
      if (n === 8) await shot(page, "34-play-hints");
      if (n === 4)
        assert.match(await text(page, "[data-testid=hint-status]"), /cannot be completed any more/);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a puzzle from a seed has exactly one completion, its given queens stay, and solving it is checked", async () => {
    const { page, errors } = await open("#mode=play&n=8&puzzle=hard&seed=12345");
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=play-goal]")
        ?.textContent?.startsWith("Puzzle (hard, number 12345)"),
    );
    const cols = await boardCols(page, "play", 8, "given");
    const given = cols.flatMap((col, row) => (col >= 0 ? [{ row, col }] : []));
    assert.equal(countCompletions({ n: 8, queens: given }), 1n, `given ${JSON.stringify(given)}`);
    const p = uniquePuzzle(8, "hard", 12345);
    assert.deepEqual(given, p.board.queens, "the same puzzle as the library makes from the seed");
    assert.match(page.url(), /puzzle=hard&seed=12345/);
    // A given queen stays.
    const g = given[0]!;
    await page.click(`#panel-play [data-row="${g.row}"][data-col="${g.col}"]`);
    assert.match(await text(page, "[data-testid=result]"), /part of the puzzle and stays/);
    assert.equal((await boardCols(page, "play", 8, "given"))[g.row], g.col);
    // Solve it.
    for (let row = 0; row < 8; row++) {
      if (cols[row]! >= 0) continue;
      await page.click(`#panel-play [data-row="${row}"][data-col="${p.solution[row]}"]`);
    }
    await page.waitForSelector("[data-testid=puzzle-note].good");
    assert.match(
      await text(page, "[data-testid=puzzle-note]"),
      /Solved! That is the puzzle's only solution\./,
    );
    await shot(page, "35-play-puzzle-solved");
    // A new puzzle: another seed in the address, one completion again.
    await page.selectOption("[data-testid=puzzle-level]", "easy");
    await page.click("[data-testid=new-puzzle]");
    await page.waitForFunction(() => /puzzle=easy&seed=\d+/.test(location.hash));
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=play-goal]")?.textContent?.startsWith("Puzzle (easy"),
    );
    const given2 = (await boardCols(page, "play", 8, "given")).flatMap((col, row) =>
      col >= 0 ? [{ row, col }] : [],
    );
    assert.equal(countCompletions({ n: 8, queens: given2 }), 1n);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a click on a gold queen keeps the completion without it", async () => {
    const { page, errors } = await open("#mode=play&n=8&q=0:0,1:4");
    await page.click("[data-testid=complete]");
    await page.waitForSelector("[data-testid=result] .callout.good");
    const full = await boardCols(page, "play", 8);
    await page.click('#panel-play [data-row="5"][data-queen="ghost"]');
    await page.waitForFunction(() => location.hash.split(",").length === 7);
    const kept = await boardCols(page, "play", 8, "placed");
    assert.deepEqual(
      kept,
      full.map((c, r) => (r === 5 ? -1 : c)),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a solution shows its 8 images, each labelled, the canonical one marked; the Gallery too", async () => {
    const cols = [2, 4, 1, 7, 0, 6, 3, 5];
    const q = cols.map((c, r) => `${r}:${c}`).join(",");
    const { page, errors } = await open(`#mode=play&n=8&q=${q}`);
    await page.click("[data-testid=symmetries]");
    await page.waitForSelector("[data-testid=sym-view]");
    assert.match(page.url(), /sym=1/);
    const images = await page.$$eval("[data-testid=sym-image]", (figs) =>
      figs.map((f) => ({
        transform: (f as HTMLElement).dataset.transform,
        name: f.querySelector(".sym-name")?.textContent,
        canonical: !!f.querySelector(".canonical-tag"),
        queens: [...f.querySelectorAll("use")].map((u) => [
          Math.round(Number(u.getAttribute("y"))),
          Math.round(Number(u.getAttribute("x"))),
        ]),
      })),
    );
    assert.deepEqual(
      images.map((i) => i.transform),
      [...TRANSFORMS],
    );
    assert.deepEqual(
      images.map((i) => i.name),
      TRANSFORMS.map((t) => en.sym.names[t]),
    );
    const least = canonical(cols).join(",");
    for (const [i, t] of TRANSFORMS.entries()) {
      const img = transform(cols, t);
      const drawn = new Array<number>(8).fill(-1);
      for (const [r, c] of images[i]!.queens) drawn[r!] = c!;
      assert.deepEqual(drawn, img, `${t} drawn`);
      assert.equal(images[i]!.canonical, img.join(",") === least, `${t} canonical tag`);
    }
    assert.match(
      await text(page, "[data-testid=sym-view]"),
      /the canonical board is the least of the 8/,
    );
    await shot(page, "36-play-symmetries", true);
    // The Gallery: every class opens the same view; each member says which symmetry made it.
    await page.goto(`${base}#mode=gallery&n=8`);
    await page.waitForSelector("[data-testid=class-symmetries]");
    assert.equal(
      await page.locator("[data-testid=class-card]").first().locator(".member-how").count(),
      8,
    );
    await page.locator("[data-testid=class-symmetries]").nth(1).click();
    await page.waitForSelector("#panel-gallery [data-testid=sym-view]");
    assert.match(page.url(), /sym=2/);
    assert.equal(await page.locator("#panel-gallery [data-testid=sym-image]").count(), 8);
    await shot(page, "37-gallery-symmetries");
    await page.click("#panel-gallery [data-testid=sym-close]");
    await page.waitForSelector("#panel-gallery [data-testid=sym-view]", { state: "detached" });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("the new views for every reader", { concurrency: false, skip: NO_BROWSER }, () => {
  test("axe-core finds no serious or critical violation, and the Japanese page no English", async () => {
    const views: { hash: string; ready: string; panel: string }[] = [
      {
        hash: "#mode=watch&n=5&algo=bitmask&step=12",
        ready: "[data-testid=code-masks] .mask-row",
        panel: "watch",
      },
      {
        hash: "#mode=watch&n=4&algo=brute&step=300",
        ready: "[data-testid=code] li.current",
        panel: "watch",
      },
      { hash: "#mode=watch&n=4&step=9", ready: "[data-testid=tree]", panel: "watch" },
      {
        hash: "#mode=play&n=8&puzzle=medium&seed=3",
        ready: "[data-testid=hint-status][data-ready=true]",
        panel: "play",
      },
      {
        hash: "#mode=play&n=8&q=0:2,1:4,2:1,3:7,4:0,5:6,6:3,7:5&sym=1",
        ready: "[data-testid=sym-view]",
        panel: "play",
      },
      {
        hash: "#mode=gallery&n=6&sym=1",
        ready: "#panel-gallery [data-testid=sym-view]",
        panel: "gallery",
      },
    ];
    const found: string[] = [];
    for (const locale of ["en-US", "ja-JP"]) {
      const { page, errors } = await open("#mode=play&n=8", HINTS_ON, { locale });
      for (const v of views) {
        await page.goto(`${base}${v.hash}`);
        await page.waitForSelector(v.ready);
        found.push(...(await axeViolations(page)).map((x) => `${locale} ${v.hash}: ${x}`));
        if (locale === "ja-JP") {
          found.push(
            ...(await englishIn(page, `#panel-${v.panel}`)).map((w) => `ja ${v.hash}: ${w}`),
          );
        }
      }
      if (locale === "ja-JP") await shot(page, "39-gallery-symmetries-ja");
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.deepEqual(found, []);
  });
});

describe("Compare that explains", { concurrency: false, skip: NO_BROWSER }, () => {
  test("the library's definitions, the lines that coincide, runs decided from exact counts", async () => {
    const { page, errors } = await open("#mode=compare&n=8");
    await page.waitForSelector("[data-testid=compare-run]:not([disabled])");
    await page.selectOption("[data-testid=compare-upto]", "8");
    await page.click("[data-testid=compare-run]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=compare-status]")?.textContent?.startsWith("Done"),
    );
    const defs = await text(page, "[data-testid=compare-defs]");
    for (const a of ALGORITHMS) {
      assert.ok(defs.includes(a.nodes) && defs.includes(a.checks), `definitions of ${a.name}`);
    }
    assert.match(
      await text(page, "[data-testid=coincide]"),
      /row-loop, row-sets, bitmask and iterative: the same nodes at every N/,
    );
    // Brute force runs while C(n*n, n) stays within the quick budget: N = 4..6, not 7 and 8.
    const table = await page.$$eval("[data-testid=compare-table] tbody tr", (rows) =>
      rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
    assert.ok(
      table[0]!.slice(0, 3).every((c) => /\d/.test(c)),
      `brute force 4..6: ${table[0]}`,
    );
    assert.match(
      table[0]![3]!,
      /not run: brute force would try C\(49, 7\) = 85,900,584 placements/,
    );
    await page.click("input[type=radio][value=seconds]");
    assert.match(await text(page, "[data-testid=compare-notes]"), /batches of at least 20 ms/);
    // Every time is measured (never "0 µs"): Intl puts a narrow space before the unit.
    assert.doesNotMatch(await text(page, "[data-testid=compare-table]"), /(^|[^\d.])0\s?µs/u);
    await shot(page, "38-compare-explained", true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("brute force's three ways against backtracking on the page's N, with numbers", async () => {
    const { page, errors } = await open("#mode=compare&n=8");
    await page.waitForFunction(() => {
      const table = document.querySelector("[data-testid=race-table]")?.textContent ?? "";
      const summary = document.querySelector("[data-testid=race-summary]")?.textContent ?? "";
      return table !== "" && !/measuring|waiting/.test(table) && summary !== "";
    });
    const cells = (key: string) =>
      page.$$eval(`[data-testid=race-${key}] td`, (tds) => tds.map((td) => td.textContent ?? ""));
    const nodes = runAlgorithm("row-sets", 8).nodes;
    const fmt = (v: bigint | number) => v.toLocaleString("en-US");
    for (const v of BRUTE_VARIANTS) {
      const [count, , ratio] = await cells(v);
      assert.equal(count, fmt(bruteVariantCount(v, 8)), v);
      const times = bruteVariantCount(v, 8) / BigInt(nodes);
      if (times >= 100n) assert.equal(ratio, `${fmt(times)} times its nodes`, v);
    }
    // C(64, 8) placements cannot all be tested in the worker's moment: estimated, and said so;
    // the 40,320 permutations are all tested.
    assert.match((await cells("squares"))[1]!, /^about .+, estimated from [\d,]+ tested$/);
    assert.match((await cells("permutations"))[1]!, /, all tested$/);
    assert.equal((await cells("backtrack"))[0], `${fmt(nodes)} nodes`);
    const squaresFewer = fmt(bruteVariantCount("squares", 8) / BigInt(nodes));
    assert.match(
      await text(page, "[data-testid=race-summary]"),
      new RegExp(
        `^At N = 8, backtracking with pruning visits ${fmt(nodes)} nodes: ${squaresFewer} times fewer steps than brute force on any squares`,
      ),
    );
    // The race at the measured speeds: backtracking is done at once, any squares is not (it
    // needs billions of placements on any machine).
    await page.click("[data-testid=race-start]");
    await page.waitForSelector("[data-testid=lane-backtrack].done");
    assert.match(await text(page, "[data-testid=lane-backtrack]"), /^backtracking: done in /);
    assert.match(
      await text(page, "[data-testid=lane-squares]"),
      /^brute force on any squares: [\d,]+ of 4,426,165,368 placements tested; needs about /,
    );
    await shot(page, "39-compare-brute-race");
    // Watch's brute force ends with the same comparison on its N.
    await page.goto(`${base}#mode=watch&n=4&algo=brute&step=1821`);
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=narration]")
        ?.textContent?.startsWith("The search is over"),
    );
    assert.match(
      await text(page, "[data-testid=narration]"),
      new RegExp(
        `visits ${runAlgorithm("row-sets", 4).nodes} nodes for the same N: 107 times fewer steps\\.$`,
      ),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
