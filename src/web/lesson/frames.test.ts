// The problem's, bitmasks' and growth's pictures (frames.ts, board.ts, growth.ts) and what their
// words say, without a browser: the squares that queens attack counted here, the masks worked out
// here from the queens on the board, growth's factors from the published counts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Queen } from "../../board.js";
import { walkthrough } from "../../teach/index.js";
import { KNOWN } from "../../testing/known-counts.js";
import { setLang } from "../i18n/index.js";
import { boardPicture, growthChart } from "./board.js";
import { attackFrame, chartFrame, maskFrame, maskLast } from "./frames.js";
import { steadyGrowth } from "./growth.js";
import { lessonFacts, slideFrame, slideLast } from "./model.js";
import { en } from "./text-en.js";
import { ja } from "./text-ja.js";

const total = (n: number) => KNOWN.find((c) => c.n === n)!.total;
const attacks = (a: Queen, b: Queen) =>
  a.row === b.row || a.col === b.col || Math.abs(a.row - b.row) === Math.abs(a.col - b.col);

describe("the problem's picture: one solution placed a queen at a time", () => {
  test("each position: k queens, none attacking another, the squares they attack counted here", () => {
    setLang("en");
    assert.equal(slideLast("problem"), 8);
    for (let k = 0; k <= 8; k++) {
      const f = attackFrame(8, k);
      assert.equal(f.queens.length, k);
      assert.deepEqual(
        f.queens.map((q) => q.row),
        Array.from({ length: k }, (_, i) => i),
      );
      for (const a of f.queens) for (const b of f.queens) if (a !== b) assert.ok(!attacks(a, b));
      let attacked = 0;
      let free = 0;
      for (let row = 0; row < 8; row++) {
        for (let col = 0; col < 8; col++) {
          const sq = { row, col };
          if (f.queens.some((q) => q.row === row && q.col === col)) continue;
          if (f.queens.some((q) => attacks(q, sq))) attacked++;
          else free++;
        }
      }
      assert.equal(f.attacked.length, attacked, `k = ${k}`);
      assert.equal(f.free, free, `k = ${k}`);
      const says = slideFrame("problem", k).says;
      if (k > 0 && k < 8) {
        assert.match(says, new RegExp(`the ${attacked} that .* ${free} squares are still free`));
      }
    }
    assert.equal(attackFrame(8, 8).free, 0);
    assert.match(slideFrame("problem", 8).says, /A solution\.$/);
    assert.match(slideFrame("problem", 0).says, /^An empty board: 64 squares/);
    setLang("ja");
    assert.match(slideFrame("problem", 0).says, /^空の盤面です。64マス/);
    setLang("en");
  });
});

describe("the bitmask picture: Watch's bitmask search with its masks", () => {
  const steps = [...walkthrough(8, { algorithm: "bitmask" })];
  test("one position a step of the library's bitmask walkthrough", () => {
    assert.equal(maskLast(), steps.length);
    assert.equal(slideLast("bitmask"), steps.length);
  });

  test("after each row is entered, the masks are the queens' (worked out here)", () => {
    const cols: number[] = [];
    const all = 0xff;
    let checked = 0;
    steps.forEach((s, i) => {
      if (s.type === "place") cols[s.row] = s.col;
      if (s.type === "remove") cols.length = s.row;
      if (s.type !== "enter" || checked > 200) return;
      checked++;
      const row = s.row;
      let used = 0;
      let diag = 0;
      let anti = 0;
      cols.slice(0, row).forEach((c, r) => {
        used |= 1 << c;
        // ╲ moves one column right per row down, ╱ one left; off the board is no bit.
        const d = c + (row - r);
        const a = c - (row - r);
        if (d < 8) diag |= 1 << d;
        if (a >= 0) anti |= 1 << a;
      });
      const f = maskFrame(i + 1);
      const bits = Object.fromEntries(f.masks.map((m) => [m.name, m.bits]));
      assert.deepEqual(
        { cols: bits.cols, diag: bits.diag, anti: bits.anti, free: bits.free },
        { cols: used, diag, anti, free: all & ~(used | diag | anti) },
        `step ${i + 1}, row ${row}`,
      );
      assert.deepEqual(
        [...f.queens].sort((a, b) => a.row - b.row).map((q) => q.col),
        cols.slice(0, row),
      );
      assert.notEqual(f.says, "");
    });
    assert.ok(checked > 100);
  });

  test("the masks are drawn as rows of bits over the board's columns, bit 1 over column 1", () => {
    const f = maskFrame(3);
    const svg = boardPicture({ n: 8, queens: f.queens, bits: f.masks, label: "x" });
    const cols = f.masks.find((m) => m.name === "cols")!.bits;
    // Each row of bits: 8 cells; the one of column c is on when bit c is.
    const cells = [...svg.matchAll(/<rect class="lb-bit( on)? cols" x="([\d.]+)"/g)];
    assert.equal(cells.length, 8);
    for (const [, on, x] of cells) {
      const c = Math.floor(Number(x));
      assert.equal(on === " on", ((cols >> c) & 1) === 1, `column ${c + 1}`);
    }
  });
});

describe("the lesson's boards have their coordinates and a name", () => {
  test("row and column numbers from 1, and the queens in words", () => {
    const queens = [
      { row: 3, col: 3 },
      { row: 0, col: 7 },
    ];
    const label = en.slide.boardLabel(queens, 8);
    assert.equal(label, "A 8×8 board, queens on row 4, column 4; row 1, column 8");
    assert.match(ja.slide.boardLabel(queens, 8), /4行4列、1行8列/);
    const svg = boardPicture({ n: 8, queens, label });
    assert.match(svg, /role="img" aria-label="A 8×8 board, queens on row 4, column 4; row 1/);
    const numbers = [...svg.matchAll(/<text class="lb-coord"[^>]*>(\d+)<\/text>/g)].map(
      (m) => m[1],
    );
    const oneTo8 = Array.from({ length: 8 }, (_, i) => String(i + 1));
    assert.deepEqual(numbers, [...oneTo8, ...oneTo8]);
  });
});

describe("growth: the chart and the words agree with the table", () => {
  const rows = lessonFacts().growth;
  test("the factors settle from N = 11: ×3.70 to ×7.86 (the published counts)", () => {
    // Worked out here from the published counts: from N = 11 every factor is at least 3;
    // N = 10's is 724 / 352 = 2.06.
    const factor = (n: number) => Number(total(n)) / Number(total(n - 1));
    assert.ok(factor(10) < 3);
    let least = Number.POSITIVE_INFINITY;
    let most = 0;
    for (let n = 11; n <= 20; n++) {
      assert.ok(factor(n) >= 3);
      least = Math.min(least, factor(n));
      most = Math.max(most, factor(n));
    }
    const g = steadyGrowth(rows);
    assert.deepEqual(g, { from: 11, to: 20, least, most });
  });

  test("the question, the choice and the feedback name what the table shows", () => {
    setLang("en");
    const f = lessonFacts();
    const w = en.steps.growth;
    assert.match(w.question(f), /rows from N = 11 to 20/);
    assert.match(w.choice("multiplies", f), /between 3 and 8/);
    for (const correct of [true, false]) {
      const said = w.feedback({ correct, choice: "multiplies", answer: "multiplies" }, f);
      // The factors' column by its heading (the table's last column is what was counted here).
      assert.ok(said.includes(`“${en.growth.ratio}”`), said);
      assert.match(said, /×3\.7 to ×7\.86 in the rows N = 11 to 20/);
      assert.doesNotMatch(said, /last column/);
    }
    assert.match(en.steps.growth.body(f).join(" "), /From N = 11 on/);
    setLang("ja");
    assert.match(ja.steps.growth.question(f), /N = 11 から 20 までの行/);
    assert.ok(
      ja.steps.growth
        .feedback({ correct: true, choice: "x", answer: "x" }, f)
        .includes(`「${ja.growth.ratio}」`),
    );
    setLang("en");
  });

  test("one position a row: its count and factor, as published", () => {
    setLang("en");
    assert.equal(slideLast("growth"), rows.length - 1);
    for (let at = 0; at < rows.length; at++) {
      const f = chartFrame(rows, at);
      const n = f.row.n;
      assert.equal(f.row.count, total(n));
      assert.equal(f.before, at === 0 ? null : total(n - 1));
    }
    const ten = rows.findIndex((r) => r.n === 10);
    assert.equal(slideFrame("growth", ten).says, "N = 10: 724 solutions, ×2.06 the 352 of N = 9.");
    const svg = growthChart(rows, ten, "label", String);
    assert.equal((svg.match(/class="gc-bar/g) ?? []).length, rows.length);
    assert.equal((svg.match(/class="gc-bar at"/g) ?? []).length, 1);
    assert.match(svg, />724</);
  });
});

describe("words: the lesson's defects stay fixed", () => {
  const everything = (w: typeof en) => {
    const f = lessonFacts();
    return Object.values(w.steps)
      .flatMap((s) => [s.title, ...s.body(f), s.question(f), ...Object.values(s.live)])
      .concat(Object.values(w.slide).filter((v): v is string => typeof v === "string"))
      .join("\n");
  };
  test("code-like formulas use the ASCII minus", () => {
    for (const w of [en, ja]) {
      setLang(w === en ? "en" : "ja");
      const text = everything(w);
      assert.ok(!text.includes("−"), "no U+2212 in the lesson");
      assert.ok(text.includes("bit = free & -free"));
    }
    setLang("en");
  });
  test("the lesson says family (組 in Japanese), never class or orbit", () => {
    setLang("en");
    assert.doesNotMatch(everything(en), /\b(class|classes|orbit|orbits)\b/i);
    setLang("ja");
    const text = everything(ja);
    assert.doesNotMatch(text, /仲間|軌道|クラス/);
    assert.match(text, /組/);
    setLang("en");
  });
  test("brute force's estimated time says why other estimates of the same boards differ", () => {
    setLang("en");
    const said = en.brute.estimate("1,000,000", "4,426,165,368", 4426);
    assert.match(said, /an estimate from this measurement, not a run/);
    assert.match(
      said,
      /Compare's estimate .* comes from its own measurement.* so the two times differ/,
    );
    setLang("ja");
    assert.match(
      ja.brute.estimate("1,000,000", "4,426,165,368", 4426),
      /「比較」の見積もり.*一致しません/,
    );
    setLang("en");
  });
  test("Japanese counters: no number of 10 or more with つ (11組, not 11つ)", () => {
    setLang("ja");
    const f = lessonFacts();
    const text =
      everything(ja) + ja.steps.symmetry.feedback({ correct: true, choice: "", answer: "" }, f);
    assert.doesNotMatch(text, /\d{2,}つ/);
    assert.match(ja.steps.symmetry.body(f).join(""), /8個の盤面からなる組が11組/);
    setLang("en");
  });
});
