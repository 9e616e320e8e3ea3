// Browser tests of Watch as a lesson (Chromium, built site): the code in step against the trace,
// dead ends and their attackers, the end, tree clicks, N = 20, step pictures and GIF frames.
// Play, the Gallery and Compare: web-play-compare.test.ts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { attackKind, isSolution } from "../board.js";
import { placementIndex } from "../teach/lesson-brute.js";
import { trace, treeProfile } from "../teach/trace.js";
import { type WalkStep, walkthrough } from "../teach/walkthrough.js";
import { boardCols, browserFixture, NO_BROWSER, SHOTS, textOf } from "../testing/site.js";

const web = browserFixture();

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
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
    const { page, errors } = await web.open(`#mode=watch&n=${n}`);
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
    const { page, errors } = await web.open(`#mode=watch&n=4&step=${k}`);
    await traced(page);
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      k,
    );
    const words = await textOf(page, "[data-testid=narration]");
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
      await textOf(page, "[data-testid=narration]"),
      /^Back in row 2: .* take that queen back \(backtrack\)\. Next: column 4\./,
    );
    assert.deepEqual(await currentLines(page), [9]);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the end is its own step with the totals; N = 3 says no solution exists; no later solution is said", async () => {
    const profile = treeProfile(4);
    const nodes = profile.reduce((a, b) => a + b, 0);
    const { page, errors } = await web.open("#mode=watch&n=4&step=99999");
    const total = await traced(page);
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      total,
    );
    assert.match(
      await textOf(page, "[data-testid=narration]"),
      new RegExp(`^The search is over: 2 solutions, ${nodes} nodes, ${nodes - 1} backtracks\\.`),
    );
    assert.match(page.url(), new RegExp(`step=${total}`));
    // Next solution at the end says there is none, and stays.
    // (The button says it has nothing to go to, aria-disabled; pressed, it says why.)
    await page.focus("[data-testid=next-solution]");
    await page.keyboard.press("Enter");
    assert.match(await textOf(page, "[data-testid=nav-note]"), /No solution after this step/);
    assert.equal(await textOf(page, "[data-testid=stat-step]"), String(total));
    // Previous solution goes back to the second one.
    await page.click("[data-testid=prev-solution]");
    assert.match(await textOf(page, "[data-testid=narration]"), /^Solution 2 found/);
    assert.deepEqual(await boardCols(page, "watch", 4), [2, 0, 3, 1]);
    await page.click("[data-testid=prev-solution]");
    assert.deepEqual(await boardCols(page, "watch", 4), [1, 3, 0, 2]);
    await page.focus("[data-testid=prev-solution]");
    await page.keyboard.press("Enter");
    assert.match(await textOf(page, "[data-testid=nav-note]"), /No solution before this step/);
    // N = 3: the end says that no solution exists.
    await page.goto(`${web.base}#mode=watch&n=3&step=99999`);
    await traced(page);
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=narration]")
        ?.textContent?.startsWith("The search is over"),
    );
    assert.match(
      await textOf(page, "[data-testid=narration]"),
      /no solution exists for N = 3\. Every branch ended in a dead end/,
    );
    await shot(page, "31-watch-end-n3");
    await page.goto(`${web.base}#mode=watch&n=2&step=99999`);
    await traced(page);
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=narration]")?.textContent?.includes("N = 2"),
    );
    assert.match(await textOf(page, "[data-testid=narration]"), /no solution exists for N = 2/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a click on a tree node jumps to its step; N = 20 reaches its first solution", async () => {
    const steps = [...walkthrough(4)];
    const { page, errors } = await web.open("#mode=watch&n=4");
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
    await page.goto(`${web.base}#mode=watch&n=8&step=40`);
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
    await page.goto(`${web.base}#mode=watch&n=20`);
    await traced(page);
    await page.click("[data-testid=next-solution]");
    await page.waitForFunction(
      () => document.querySelector("[data-testid=stat-solutions]")?.textContent === "1",
    );
    const cols = await boardCols(page, "watch", 20);
    assert.ok(isSolution(cols), `N = 20 first solution: ${cols}`);
    assert.match(await textOf(page, "[data-testid=narration]"), /^Solution 1 found/);
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
    const { page, errors } = await web.open("#mode=watch&n=8", observe);
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
    assert.match(await textOf(page, "[data-testid=narration]"), /^Row 1, column 1 is safe/);
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
    const { page, errors } = await web.open("#mode=watch&n=5&algo=bitmask");
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
    await page.goto(`${web.base}#mode=watch&n=4&algo=brute`);
    await page.waitForSelector("[data-testid=code] li.current");
    await page.click("[data-testid=next-solution]");
    const step = placementIndex(4, [1, 7, 8, 14]) + 1;
    await page.waitForFunction(
      (s) => document.querySelector("[data-testid=stat-step]")?.textContent === String(s),
      step,
    );
    assert.match(
      await textOf(page, "[data-testid=narration]"),
      /no two queens attack each other\. Solution 1 found/,
    );
    assert.deepEqual(await currentLines(page), [4]);
    await page.click("[data-testid=back]");
    assert.deepEqual(await currentLines(page), [2, 3]);
    assert.match(await textOf(page, "[data-testid=narration]"), /share/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("Watch starts from Play's queens only when asked", async () => {
    const { page, errors } = await web.open("#mode=watch&n=8&q=0:0,1:4,2:7,3:5,4:2,5:6,6:1,7:3");
    const total = await traced(page);
    assert.ok(total > 1000, `a full search from an empty board: ${total} steps`);
    await page.click("[data-testid=from-board]");
    await page.waitForFunction(() => location.hash.includes("from=board"));
    // A full board: its solution at once, then the end.
    assert.equal(await traced(page), 2);
    await goTo(page, 1);
    assert.match(await textOf(page, "[data-testid=narration]"), /^Solution 1 found/);
    await page.click("[data-testid=clear-fixed]");
    await page.waitForFunction(() => !location.hash.includes("from=board"));
    assert.equal(await traced(page), total);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a step exports as PNG and SVG with its narration, a range as a GIF of that many frames", async () => {
    const { page, errors } = await web.open("#mode=watch&n=4&step=9");
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
    assert.match(await textOf(page, "[data-testid=export-note]"), /Saved a GIF of 12 steps/);
    assert.equal(await textOf(page, "[data-testid=stat-step]"), "9", "back at the step it was on");
    assert.deepEqual(errors, []);
    await page.close();
  });
});
