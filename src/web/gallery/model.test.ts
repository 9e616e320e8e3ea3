// The Gallery's model and state (model.ts, state.ts) without a browser: the listings of N = 6 and
// 8 made as the worker makes them, and tables of (choices -> page of cards, chips, pager words),
// (count line -> words), and the count in workers as its progress arrives.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { unique } from "../../solutions.js";
import { images } from "../../symmetry.js";
import { en as enWords } from "../i18n/en.js";
import { setLang } from "../i18n/index.js";
import { ja as jaWords } from "../i18n/ja.js";
import type { Running } from "../jobs.js";
import {
  CLASSES_PER_PAGE,
  type CountLine,
  counterWorkers,
  countLineText,
  type Listing,
  listingPage,
  orbitChips,
  pageText,
  solutionRows,
} from "./model.js";
import {
  countCancelled,
  countDone,
  countFailed,
  countProgressed,
  countStarted,
  initialState,
  newCount,
  shownKeyOf,
  stopJobs,
  toggleOrbit,
} from "./state.js";

/** Every solution of n by class, members sorted, canonical first (as the page's worker makes it). */
function listingOf(n: number): Listing {
  const classes = [...unique(n)].map(({ solution, orbit }) => ({
    orbit,
    members: [...new Set(images(solution).map((s) => s.join(",")))]
      .map((k) => k.split(",").map(Number))
      .sort((a, b) => {
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
        return 0;
      }),
  }));
  return { n, classes, total: classes.reduce((a, c) => a + c.members.length, 0) };
}

const eight = listingOf(8);

describe("a listing's chips and pages", () => {
  test("N = 8: 12 classes of 92 solutions, 11 of orbit 8 and one of 4", () => {
    assert.equal(eight.total, 92);
    assert.deepEqual(orbitChips(eight, new Set()), [
      { size: 8, count: 11, shown: true },
      { size: 4, count: 1, shown: true },
    ]);
    assert.deepEqual(orbitChips(eight, new Set([8])), [
      { size: 8, count: 11, shown: false },
      { size: 4, count: 1, shown: true },
    ]);
  });

  const cases: [
    hidden: number[],
    page: number,
    sym: number,
    count: number,
    pages: number,
    shown: number,
    cards: number[],
  ][] = [
    [[], 0, 0, 12, 2, 0, [1, 2, 3, 4, 5, 6]],
    [[], 1, 0, 12, 2, 1, [7, 8, 9, 10, 11, 12]],
    // A page past the end (from a link) shows the last.
    [[], 9, 0, 12, 2, 1, [7, 8, 9, 10, 11, 12]],
    // Orbit 8 hidden: the one class of 4 keeps its number.
    [[8], 0, 0, 1, 1, 0, [10]],
    [[8], 1, 0, 1, 1, 0, [10]],
    [[4], 1, 3, 11, 2, 1, [7, 8, 9, 11, 12]],
  ];
  for (const [hidden, page, sym, count, pages, shown, cards] of cases) {
    test(`hidden [${hidden}], page ${page}, sym ${sym}`, () => {
      const at = listingPage(eight, new Set(hidden), page, sym);
      assert.equal(at.count, count);
      assert.equal(at.pages, pages);
      assert.equal(at.page, shown);
      assert.deepEqual(
        at.cards.map((c) => c.index),
        cards,
      );
      assert.ok(at.cards.every(({ c, index }) => c === eight.classes[index - 1]));
      assert.equal(at.symClass, sym > 0 ? eight.classes[sym - 1] : undefined);
    });
  }

  test("the orbit of 4 is class 10 of N = 8", () => {
    assert.equal(eight.classes[9]!.orbit, 4);
  });

  test("no solution (N = 3): one empty page", () => {
    const at = listingPage(listingOf(3), new Set(), 2, 0);
    assert.deepEqual([at.count, at.pages, at.page, at.cards.length], [0, 1, 0, 0]);
  });

  test("the pager's words", () => {
    setLang("en");
    const table: [page: number, pages: number, count: number, words: string][] = [
      [0, 2, 12, "Families 1–6 of 12 · page 1 of 2"],
      [1, 2, 12, "Families 7–12 of 12 · page 2 of 2"],
      [1, 2, 11, "Families 7–11 of 11 · page 2 of 2"],
      [0, 1, 1, "Families 1–1 of 1 · page 1 of 1"],
    ];
    for (const [page, pages, count, words] of table) {
      assert.equal(pageText(page, pages, count), words);
    }
    assert.equal(CLASSES_PER_PAGE, 6);
  });

  // The lesson says "family" (組 in Japanese) for a solution's images: the Gallery says the same,
  // never "class" or "orbit" (グループ), in everything it shows.
  for (const [lang, words, family, not] of [
    ["en", enWords, /famil(y|ies)/i, /\bclass(es)?\b|\borbit\b/i],
    ["ja", jaWords, /組/, /グループ/],
  ] as const) {
    test(`the Gallery's words say the lesson's "family" (${lang})`, () => {
      const g = words.gallery;
      const node = { toString: () => "12" } as unknown as Node;
      const said = [
        g.chips,
        g.chip(3, 8),
        g.chipTitle,
        g.hint,
        g.classTitle(2),
        g.orbitBadge(4),
        g.pageText(1, 6, 12, 1, 2),
        g.pages,
        g.pagesBottom,
        g.goldKey,
        words.sym.explain([0, 4, 7, 5, 2, 6, 1, 3]),
        ...g.summary(node, node, 92, 12).map(String),
        ...g.result(node, node, 92n, 8).map(String),
        ...words.gpu.result(node, node, "92", "12", 8).map(String),
      ];
      const lessonWord = said.filter((x) => family.test(x));
      assert.ok(lessonWord.length >= 8, `${lessonWord.length} say it`);
      for (const x of said) assert.doesNotMatch(x, not, x);
    });
  }

  test("the downloads: every solution once, in order, each with its class", () => {
    const { list, classOf } = solutionRows(eight);
    assert.equal(list.length, 92);
    assert.deepEqual(list[0], [0, 4, 7, 5, 2, 6, 1, 3]);
    const keys = list.map((s) => s.join(""));
    assert.deepEqual(keys, [...keys].sort());
    list.forEach((s, i) => {
      assert.ok(eight.classes[classOf[i]! - 1]!.members.some((m) => m.join() === s.join()));
    });
  });
});

describe("the orbit chips in the Gallery's state", () => {
  test("a chip hides its classes, shows them again, and never hides the last size", () => {
    const gs = initialState();
    const table: [size: number, hidden: number[]][] = [
      [8, [8]],
      [4, [8]],
      [8, []],
      [4, [4]],
    ];
    for (const [size, hidden] of table) {
      toggleOrbit(gs, size, 2);
      assert.deepEqual([...gs.hidden], hidden, `after ${size}`);
    }
  });

  test("what the view shows is keyed by N, page and symmetry view", () => {
    assert.equal(shownKeyOf({ n: 8, page: 1, sym: 3 }), "8|1|3");
  });
});

describe("the count in workers", () => {
  const job = (): Running<unknown> & { cancelled: boolean } => {
    const j = {
      cancelled: false,
      promise: Promise.resolve(),
      cancel: () => {
        j.cancelled = true;
      },
    };
    return j;
  };

  test("the workers: one per core, 1 to 8, 2 when the browser does not say", () => {
    const table: [cores: number | undefined, workers: number][] = [
      [undefined, 2],
      [0, 2],
      [1, 1],
      [4, 4],
      [16, 8],
    ];
    for (const [cores, workers] of table) assert.equal(counterWorkers(cores), workers, `${cores}`);
  });

  test("what its line says", () => {
    setLang("en");
    const at = { n: 14, done: 3, parts: 10, found: 1234n };
    const table: [line: CountLine, words: string][] = [
      [{ kind: "none" }, ""],
      [
        { kind: "progress", at, seconds: 2 },
        "3 of 10 sub-problems · 1,234 solutions so far · 2 sec",
      ],
      [{ kind: "cancelled", at: undefined }, "Cancelled."],
      [
        { kind: "cancelled", at: { ...at, parts: 0 } },
        "Cancelled before the first sub-problem was done.",
      ],
      [{ kind: "cancelled", at }, "Cancelled at 3 of 10 sub-problems (1,234 solutions so far)."],
      [
        { kind: "stopped", at },
        "The count stopped when you left the Gallery. Cancelled at 3 of 10 sub-problems (1,234 solutions so far). Count again to start over.",
      ],
      [{ kind: "done", seconds: 1.5 }, "Done in 1.5 sec."],
      [{ kind: "failed", message: "no memory" }, "Failed: no memory"],
    ];
    for (const [line, words] of table) assert.equal(countLineText(line), words, line.kind);
  });

  test("progress: the bar always, the line twice a second at most and at the end", () => {
    const gs = initialState();
    const c = newCount(gs, 14, 2);
    countStarted(gs, c, 1000);
    assert.ok(c.running);
    // (time, part, done, found, total) -> (bar value, line's done or undefined when not said)
    const table: [
      now: number,
      part: number,
      done: number,
      found: bigint,
      said: number | undefined,
    ][] = [
      [1100, 0, 1, 5n, 1],
      [1200, 1, 2, 7n, undefined],
      [1700, 0, 3, 9n, 5],
      [1800, 1, 6, 10n, 9],
    ];
    for (const [now, part, done, found, said] of table) {
      const before = c.line;
      countProgressed(c, part, { done, found, total: 9 }, now);
      assert.deepEqual(c.bar, { max: 9, value: c.done.reduce((a, b) => a + b, 0) });
      if (said === undefined) assert.equal(c.line, before, `${now}: not said`);
      else {
        assert.equal(c.line.kind, "progress");
        assert.equal(c.line.kind === "progress" && c.line.at.done, said, `${now}`);
      }
    }
    assert.deepEqual(c.progress, { n: 14, done: 9, parts: 9, found: 19n });
    assert.deepEqual(c.line, { kind: "progress", at: c.progress, seconds: 0.8 });
    countDone(
      c,
      [
        { total: 100n, unique: 12n },
        { total: 265n, unique: 34n },
      ],
      3000,
    );
    assert.equal(c.running, false);
    assert.deepEqual(c.result, { total: 365n, unique: 46n });
    assert.deepEqual(c.line, { kind: "done", seconds: 2 });
  });

  test("cancelled by the reader: the line says where it stopped", () => {
    const gs = initialState();
    const c = newCount(gs, 14, 1);
    countStarted(gs, c, 0);
    const j = job();
    c.pool = [j];
    countProgressed(c, 0, { done: 2, found: 40n, total: 10 }, 900);
    countCancelled(c);
    assert.ok(j.cancelled);
    assert.equal(c.running, false);
    assert.deepEqual(c.pool, []);
    assert.deepEqual(c.line, { kind: "cancelled", at: { n: 14, done: 2, parts: 10, found: 40n } });
  });

  test("leaving the view stops it; the counter of that N, drawn again, says so", () => {
    const gs = initialState();
    const c = newCount(gs, 15, 1);
    countStarted(gs, c, 0);
    const j = job();
    c.pool = [j];
    countProgressed(c, 0, { done: 4, found: 100n, total: 20 }, 10);
    stopJobs(gs);
    assert.ok(j.cancelled);
    const at = { n: 15, done: 4, parts: 20, found: 100n };
    assert.deepEqual(gs.stopped, at);
    assert.deepEqual(newCount(gs, 16, 1).line, { kind: "none" }, "another N says nothing");
    assert.deepEqual(newCount(gs, 15, 1).line, { kind: "stopped", at });
    // Counting again starts over.
    countStarted(gs, gs.count!, 0);
    assert.equal(gs.stopped, undefined);
    assert.deepEqual(gs.count!.line, { kind: "none" });
    // A count not running leaves nothing to say.
    stopJobs(gs);
    assert.equal(gs.stopped, undefined);
  });

  test("a worker failed: the count ends and says why", () => {
    const gs = initialState();
    const c = newCount(gs, 14, 1);
    countStarted(gs, c, 0);
    const jobs = [job()];
    c.pool = jobs;
    countFailed(c, jobs, "out of memory");
    assert.equal(c.running, false);
    assert.deepEqual(c.pool, []);
    assert.deepEqual(c.line, { kind: "failed", message: "out of memory" });
  });
});
