// Browser tests of Play, the new views and Compare (Chromium, built site): hints against
// canComplete, puzzles, symmetries, Compare's explanations. Watch: web-lesson.test.ts.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { attackKind, type Queen } from "../board.js";
import { canComplete, countCompletions, uniquePuzzle } from "../completion/index.js";
import { canonical, TRANSFORMS, transform } from "../symmetry.js";
import {
  ALGORITHMS,
  BRUTE_VARIANTS,
  bruteVariantCount,
  runAlgorithm,
} from "../teach/algorithms/index.js";
import {
  axeFindings,
  boardCols,
  browserFixture,
  NO_BROWSER,
  SHOTS,
  spokenText,
  textOf,
} from "../testing/site.js";
import { en } from "./i18n/index.js";

const web = browserFixture();

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
    const { page, errors } = await web.open("#mode=play&n=8", HINTS_ON);
    for (const [n, queens] of boards) {
      const q = queens.map((x) => `${x.row}:${x.col}`).join(",");
      await page.goto(`${web.base}#mode=play&n=${n}&q=${q}`);
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
        assert.match(
          await textOf(page, "[data-testid=hint-status]"),
          /cannot be completed any more/,
        );
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("a puzzle from a seed has exactly one completion, its given queens stay, and solving it is checked", async () => {
    const { page, errors } = await web.open("#mode=play&n=8&puzzle=hard&seed=12345");
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
    assert.match(await textOf(page, "[data-testid=result]"), /part of the puzzle and stays/);
    assert.equal((await boardCols(page, "play", 8, "given"))[g.row], g.col);
    // Solve it.
    for (let row = 0; row < 8; row++) {
      if (cols[row]! >= 0) continue;
      await page.click(`#panel-play [data-row="${row}"][data-col="${p.solution[row]}"]`);
    }
    await page.waitForSelector("[data-testid=puzzle-note].good");
    assert.match(
      await textOf(page, "[data-testid=puzzle-note]"),
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
    const { page, errors } = await web.open("#mode=play&n=8&q=0:0,1:4");
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
    const { page, errors } = await web.open(`#mode=play&n=8&q=${q}`);
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
      await textOf(page, "[data-testid=sym-view]"),
      /the canonical board is the least of the 8/,
    );
    await shot(page, "36-play-symmetries", true);
    // The Gallery: every class opens the same view; each member says which symmetry made it.
    await page.goto(`${web.base}#mode=gallery&n=8`);
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
      const { page, errors } = await web.open("#mode=play&n=8", HINTS_ON, { locale });
      for (const v of views) {
        await page.goto(`${web.base}${v.hash}`);
        await page.waitForSelector(v.ready);
        found.push(...(await axeFindings(page)).map((x) => `${locale} ${v.hash}: ${x}`));
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
    const { page, errors } = await web.open("#mode=compare&n=8");
    await page.waitForSelector("[data-testid=compare-run]:not([disabled])");
    await page.selectOption("[data-testid=compare-upto]", "8");
    await page.click("[data-testid=compare-run]");
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=compare-status]")?.textContent?.startsWith("Done"),
    );
    const defs = await textOf(page, "[data-testid=compare-defs]");
    for (const a of ALGORITHMS) {
      assert.ok(defs.includes(a.nodes) && defs.includes(a.checks), `definitions of ${a.name}`);
    }
    assert.match(
      await textOf(page, "[data-testid=coincide]"),
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
    assert.match(await textOf(page, "[data-testid=compare-notes]"), /batches of at least 20 ms/);
    // Every time is measured (never "0 µs"): Intl puts a narrow space before the unit.
    assert.doesNotMatch(await textOf(page, "[data-testid=compare-table]"), /(^|[^\d.])0\s?µs/u);
    await shot(page, "38-compare-explained", true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("brute force's three ways against backtracking on the page's N, with numbers", async () => {
    const { page, errors } = await web.open("#mode=compare&n=8");
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
      await textOf(page, "[data-testid=race-summary]"),
      new RegExp(
        `^At N = 8, backtracking with pruning visits ${fmt(nodes)} nodes: ${squaresFewer} times fewer steps than brute force on any squares`,
      ),
    );
    // The race at the measured speeds: backtracking is done at once, any squares is not (it
    // needs billions of placements on any machine).
    await page.click("[data-testid=race-start]");
    await page.waitForSelector("[data-testid=lane-backtrack].done");
    assert.match(await textOf(page, "[data-testid=lane-backtrack]"), /^backtracking: done in /);
    assert.match(
      await textOf(page, "[data-testid=lane-squares]"),
      /^brute force on any squares: [\d,]+ of 4,426,165,368 placements tested; needs about /,
    );
    await shot(page, "39-compare-brute-race");
    // Watch's brute force ends with the same comparison on its N.
    await page.goto(`${web.base}#mode=watch&n=4&algo=brute&step=1821`);
    await page.waitForFunction(() =>
      document
        .querySelector("[data-testid=narration]")
        ?.textContent?.startsWith("The search is over"),
    );
    assert.match(
      await textOf(page, "[data-testid=narration]"),
      new RegExp(
        `visits ${runAlgorithm("row-sets", 4).nodes} nodes for the same N: 107 times fewer steps\\.$`,
      ),
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe("small defects of Compare, Play and every mode", {
  concurrency: false,
  skip: NO_BROWSER,
}, () => {
  test("leaving Compare while it runs and coming back: the run is made again, never left cancelled", async () => {
    const { page, errors } = await web.open("#mode=compare&n=8");
    const status = "[data-testid=compare-status]";
    await page.waitForFunction(
      (s) => /^Running/.test(document.querySelector(s)?.textContent ?? ""),
      status,
    );
    // Away (the lesson's tab), and back.
    await page.click("#tab-lesson");
    await page.waitForFunction(() => document.body.dataset.mode === "lesson");
    await page.click("#tab-compare");
    await page.waitForFunction(
      (s) => /^Done/.test(document.querySelector(s)?.textContent ?? ""),
      status,
    );
    assert.notEqual(await textOf(page, status), en.compare.cancelled);
    assert.ok(await page.$("#panel-compare [data-testid=compare-chart] svg"));
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`Play's 8 symmetries open on screen (${viewport.width}x${viewport.height})`, async () => {
      const q = [0, 4, 7, 5, 2, 6, 1, 3].map((c, r) => `${r}:${c}`).join(",");
      const { page, errors } = await web.open(`#mode=play&n=8&q=${q}`, undefined, { viewport });
      await page.click("[data-testid=symmetries]");
      await page.waitForSelector("#panel-play [data-testid=sym-view]");
      const top = await page.$eval("#panel-play [data-testid=sym-view]", (el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top, height: window.innerHeight };
      });
      assert.ok(top.top >= 0 && top.top < top.height * 0.75, `the view's top at ${top.top}`);
      await shot(page, `38-play-symmetries-${viewport.width}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test("Copy link in every mode: the address, copied or shown to copy", async () => {
    const { page, errors } = await web.open("#mode=lesson&step=brute");
    // The clipboard as a reader's browser lends it after a click (headless, it waits unasked).
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: new URL(web.base).origin,
    });
    for (const mode of ["lesson", "watch", "gallery", "compare"] as const) {
      await page.click(`#tab-${mode}`);
      await page.waitForFunction((m) => document.body.dataset.mode === m, mode);
      assert.ok(await page.isVisible("#copy-link"), `${mode}: Copy link shown`);
      await page.click("#copy-link");
      await page.waitForFunction(() => document.getElementById("share-note")?.textContent !== "");
      const note = await textOf(page, "#share-note");
      const link = await page.$eval("#share-note", (el) => el.querySelector("a")?.href ?? null);
      assert.ok(
        note === en.play.linkCopied ||
          (note.startsWith(en.play.copyThis.trim()) && link === page.url()),
        `${mode}: ${note}`,
      );
    }
    // Play has its own, among its exports: the page's is not shown twice.
    await page.click("#tab-play");
    await page.waitForFunction(() => document.body.dataset.mode === "play");
    assert.equal(await page.isVisible("#copy-link"), false);
    assert.ok(await page.isVisible("#panel-play [data-testid=copy-link]"));
    assert.deepEqual(errors, []);
    await page.close();
  });
});
