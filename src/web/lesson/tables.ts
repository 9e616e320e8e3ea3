/**
 * The lesson's tables of figures, built (not drawn: render.ts puts them in the page): brute
 * force's three counts, growth's published counts with what this browser timed, and the race of
 * brute force against backtracking as far as it has run.
 */
import type { TimedResult } from "../../teach/index.js";
import { h } from "../dom.js";
import { num, time } from "../i18n/index.js";
import type { LessonFacts } from "./facts.js";
import { estimateSeconds, words } from "./model.js";

/** A table of figures: a caption, column heads, and rows headed by their first cell. */
function table(testid: string, caption: string, heads: string[], rows: string[][]): HTMLElement {
  const cell = (text: string, i: number) =>
    i === 0 ? h("th", { scope: "row" }, text) : h("td", {}, text);
  // On a phone a table may scroll sideways (growth's, once timed): its box takes the focus so
  // that the keyboard can scroll it, named by the caption.
  return h(
    "div",
    { class: "table-wrap", role: "region", tabindex: "0", "aria-label": caption },
    h(
      "table",
      { class: "data", "data-testid": testid },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, ...heads.map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map(cell)))),
    ),
  );
}

/** An exponent written as superscript digits (8⁸). */
const superscript = (k: number) => [...String(k)].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("");

/** Brute force's three counts for eight queens, computed (model.ts). */
export function bruteTable(f: LessonFacts): HTMLElement {
  const w = words().brute;
  const n = num(f.n);
  return table(
    "lesson-brute",
    w.caption,
    [w.way, w.formula, w.boards],
    [
      [w.squares, `C(${num(f.n * f.n)}, ${n})`, num(f.brute.squares)],
      [w.perRow, `${n}${superscript(f.n)}`, num(f.brute.perRow)],
      [w.permutations, `${n}!`, num(f.brute.permutations)],
    ],
  );
}

/**
 * The published counts for each N and the factor from the row before; with what this browser
 * counted and how long it took, for the sizes timed so far (`timed`, by N).
 */
export function growthTable(f: LessonFacts, timed: ReadonlyMap<number, TimedResult>): HTMLElement {
  const w = words().growth;
  const rows = f.growth.map((r) => {
    const here = timed.get(r.n);
    return [
      num(r.n),
      num(r.count),
      r.ratio === null ? "–" : `×${num(Math.round(r.ratio * 100) / 100)}`,
      here ? w.here(num(here.solutions), time(here.seconds)) : "",
    ];
  });
  return table("lesson-growth", w.caption, [w.n, w.count, w.ratio, w.hereHead], rows);
}

/** The race of brute force against backtracking as far as it has run, and what its rate says. */
export function raceTable(f: LessonFacts, results: readonly TimedResult[]): HTMLElement {
  const w = words().brute;
  const n = results[0]?.n ?? 0;
  const rows = results.map((r) =>
    r.name === "brute-force"
      ? [w.bruteName(r.n), w.boardsDone(num(r.nodes)), time(r.seconds)]
      : [w.backName, w.nodesDone(num(r.nodes)), time(r.seconds)],
  );
  const brute = results.find((r) => r.name === "brute-force");
  const estimate =
    brute && brute.seconds > 0
      ? h(
          "p",
          { "data-testid": "lesson-estimate" },
          w.estimate(
            num(Math.round(brute.nodes / brute.seconds)),
            num(f.brute.squares),
            estimateSeconds(f.brute.squares, brute.nodes, brute.seconds),
          ),
        )
      : null;
  return h(
    "div",
    {},
    table("lesson-race-table", w.raceCaption(n), [w.searchHead, w.work, w.timeHead], rows),
    estimate,
  );
}
