/**
 * The lesson's elements, drawn from the model (model.ts) and the words (text-en.ts, text-ja.ts):
 * the list of steps, one step (its explanation, its figures, its live parts, its question) and
 * the links between steps. Links are real links (a teacher can copy them, open them in a new
 * tab); a plain click goes through `go`, so that it is a history entry like any change of mode.
 */

import type { TimedResult } from "../../teach/index.js";
import { h } from "../dom.js";
import { lang, num, time } from "../i18n/index.js";
import { LESSON_STEPS, type LessonStep } from "../state.js";
import { miniPosition } from "../ui/mini.js";
import { estimateSeconds, type LessonFacts, liveHref, type StepModel, stepHref } from "./model.js";
import { en, type LessonWords } from "./text-en.js";
import { ja } from "./text-ja.js";

/** The lesson's words in the page's language now. */
export function words(): LessonWords {
  return lang() === "ja" ? ja : en;
}

/** A link that a plain click follows in the page (`go`) and any other click leaves to the browser. */
function link(
  href: string,
  attrs: Record<string, string | undefined>,
  text: string | Node,
  go: () => void,
): HTMLAnchorElement {
  const a = h("a", { href, ...attrs }, text);
  a.addEventListener("click", (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    go();
  });
  return a;
}

/** The numbered list of steps, the current one marked. */
export function stepList(current: LessonStep, open: (s: LessonStep) => void): HTMLElement {
  const w = words();
  const items = LESSON_STEPS.map((id, i) =>
    h(
      "li",
      {},
      link(
        stepHref(id),
        { "aria-current": id === current ? "step" : undefined },
        // On a phone only the numbers show (the titles stay for screen readers): style.css.
        h(
          "span",
          {},
          h("span", { class: "lesson-num" }, num(i + 1)),
          h("span", { class: "lesson-name" }, `. ${w.steps[id].title}`),
        ),
        () => open(id),
      ),
    ),
  );
  return h("nav", { class: "lesson-steps", "aria-label": w.stepsLabel }, h("ol", {}, ...items));
}

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
function bruteTable(f: LessonFacts): HTMLElement {
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

/** The live parts of a step: links into the other modes, set up for it. */
function liveList(m: StepModel, go: (href: string) => void): HTMLElement {
  const w = words();
  const labels = w.steps[m.id].live;
  return h(
    "section",
    { class: "lesson-live", "aria-labelledby": "lesson-live-title" },
    h("h3", { id: "lesson-live-title" }, w.live),
    h("p", { class: "hint" }, w.liveNote),
    h(
      "ul",
      {},
      ...m.live.map((part) => {
        const href = liveHref(part);
        return h(
          "li",
          {},
          link(href, { class: "btn", "data-live": part.key }, labels[part.key] ?? part.key, () =>
            go(href),
          ),
        );
      }),
    ),
  );
}

/** The check of understanding: one question, its choices as radio buttons, and the feedback. */
export interface CheckParts {
  readonly form: HTMLFormElement;
  readonly feedback: HTMLElement;
}

/**
 * The board a question is about, drawn small: its queens and, outlined, the squares the choices
 * name. Hidden from screen readers: the question says the same in words.
 */
function questionBoard(m: StepModel, f: LessonFacts): HTMLElement | null {
  const board =
    m.id === "problem"
      ? { n: f.n, queens: [f.centre], outlined: f.offered }
      : m.id === "complete"
        ? { n: f.n, queens: f.question.queens, outlined: [] }
        : null;
  if (!board) return null;
  const fig = h("div", { class: "lesson-board", "aria-hidden": "true" });
  fig.innerHTML = miniPosition(board.n, board.queens, board.outlined);
  return fig;
}

function checkForm(m: StepModel, f: LessonFacts): CheckParts {
  const w = words();
  const sw = w.steps[m.id];
  const choices = m.question.choices.map((id) =>
    h(
      "label",
      { class: "lesson-choice" },
      h("input", {
        type: "radio",
        name: `answer-${m.id}`,
        value: id,
        "data-focus": `choice-${id}`,
      }),
      ` ${sw.choice(id, f)}`,
    ),
  );
  const feedback = h("p", {
    class: "lesson-feedback",
    role: "status",
    "aria-live": "polite",
    "data-testid": "lesson-feedback",
  });
  const form = h(
    "form",
    {
      class: "lesson-check",
      "data-testid": "lesson-check",
      "aria-labelledby": "lesson-check-title",
    },
    h("h3", { id: "lesson-check-title" }, w.check),
    h("fieldset", {}, h("legend", {}, sw.question(f)), questionBoard(m, f), ...choices),
    h("button", { type: "submit", class: "btn primary", "data-focus": "check" }, w.checkButton),
    feedback,
  );
  return { form, feedback };
}

/** One step: where it stands, its title and explanation, its figures, live parts and question. */
export function stepView(
  m: StepModel,
  f: LessonFacts,
  open: (s: LessonStep) => void,
  go: (href: string) => void,
  /** The step's own figures where the mode keeps them up to date (growth's timings). */
  own: readonly HTMLElement[] = [],
): { readonly article: HTMLElement; readonly title: HTMLElement } & CheckParts {
  const w = words();
  const sw = w.steps[m.id];
  const title = h("h2", { tabindex: "-1", "data-testid": "lesson-title" }, sw.title);
  const figures = m.id === "brute" ? [bruteTable(f), ...own] : own;
  const check = checkForm(m, f);
  const move = h(
    "nav",
    { class: "lesson-move", "aria-label": w.moveLabel },
    m.place.prev
      ? link(
          stepHref(m.place.prev),
          { class: "btn", rel: "prev", "data-testid": "lesson-prev" },
          `← ${w.prev}`,
          () => open(m.place.prev!),
        )
      : null,
    m.place.next
      ? link(
          stepHref(m.place.next),
          { class: "btn primary", rel: "next", "data-testid": "lesson-next" },
          `${w.next} →`,
          () => open(m.place.next!),
        )
      : null,
  );
  const article = h(
    "article",
    { class: "lesson-step", "data-step": m.id },
    h("p", { class: "lesson-place" }, w.stepOf(m.place.index + 1, m.place.total)),
    title,
    ...sw.body(f).map((p) => h("p", {}, p)),
    ...figures,
    liveList(m, go),
    check.form,
    move,
  );
  return { article, title, ...check };
}
