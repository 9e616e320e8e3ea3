/**
 * The lesson's controls, built (not drawn: render.ts puts them in the page and draws what
 * changes): links that a plain click follows in the page, the list of steps, the live parts, the
 * race's choice of brute force and the judge step's box, and what the reader does with them
 * (`LessonActions`, wired by index.ts to state changes).
 */
import { BRUTE_VARIANTS } from "../../teach/index.js";
import { h } from "../dom.js";
import { lang, num } from "../i18n/index.js";
import { LESSON_STEPS, type LessonStep } from "../state.js";
import { liveHref, type StepModel, stepHref, words } from "./model.js";
import { RACE_BOARD_N } from "./race.js";
import { en } from "./text-en.js";
import { ja } from "./text-ja.js";

/** What the reader does in the lesson, wired by index.ts to state changes. */
export interface LessonActions {
  /** A step of the lesson (the list, Next, Previous). */
  open(step: LessonStep): void;
  /** A live part: the page state its address names. */
  go(href: string): void;
  /** A choice of the question is checked (its id). */
  choose(choice: string): void;
  /** The question's Check button. */
  check(): void;
  /** Growth's button that counts and times the small sizes here; brute force's race. */
  measure(): void;
  race(): void;
  /** The step's picture moves a position back (-1) or on (1). */
  slide(d: -1 | 1): void;
  /** Brute force's picture races another way of listing boards. */
  variant(v: string): void;
  /** The judge box's text changed; its Solve button. */
  judgeInput(text: string): void;
  solveJudge(): void;
}

/** A link that a plain click follows in the page (`go`) and any other click leaves to the browser. */
export function link(
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

/** The numbered list of steps, the current one marked, each with its question's mark. */
export function stepList(
  current: LessonStep,
  open: (s: LessonStep) => void,
  marks: ReadonlyMap<LessonStep, HTMLElement>,
): HTMLElement {
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
          marks.get(id),
        ),
        () => open(id),
      ),
    ),
  );
  return h("nav", { class: "lesson-steps", "aria-label": w.stepsLabel }, h("ol", {}, ...items));
}

/** The live parts of a step: links into the other modes, set up for it. */
export function liveList(m: StepModel, go: (href: string) => void): HTMLElement {
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

/** The judge step's box (in the words' column) and its picture (the board its output draws). */
export interface JudgeParts {
  readonly box: readonly HTMLElement[];
  readonly figure: HTMLElement;
  readonly output: HTMLElement;
  readonly says: HTMLElement;
  readonly play: HTMLElement;
  readonly picture: HTMLElement;
}

/** The judge's statement, formats and box, and the picture of its answer. */
export function judgeParts(input: string, act: LessonActions): JudgeParts {
  const w = words().judge;
  const other = lang() === "ja" ? en.judge : ja.judge;
  const area = h(
    "textarea",
    {
      id: "judge-input",
      rows: 6,
      spellcheck: "false",
      autocomplete: "off",
      "data-testid": "judge-input",
      "data-focus": "judge-input",
    },
    input,
  );
  area.addEventListener("input", () => act.judgeInput(area.value));
  const solve = h(
    "button",
    {
      type: "button",
      class: "btn primary",
      "data-testid": "judge-solve",
      "data-focus": "judge-solve",
    },
    w.solve,
  );
  solve.addEventListener("click", act.solveJudge);
  const output = h("pre", { class: "lesson-judge-out", "data-testid": "judge-output" });
  const says = h("p", { class: "lesson-feedback", role: "status", "data-testid": "judge-says" });
  const play = link("#", { class: "btn", "data-testid": "judge-play" }, w.play, () =>
    act.go(play.getAttribute("href")!),
  );
  const section = (head: string, paras: readonly string[]) => [
    h("h3", {}, head),
    ...paras.map((p) => h("p", {}, p)),
  ];
  const box = [
    ...section(w.statementHead, w.statement),
    h(
      "details",
      {},
      h("summary", {}, w.otherStatement),
      h(
        "div",
        // The other language's statement, as it is: not to be translated.
        { lang: lang() === "ja" ? "en" : "ja", translate: "no" },
        ...other.statement.map((p) => h("p", {}, p)),
      ),
    ),
    ...section(w.inputHead, w.input),
    ...section(w.outputHead, w.output),
  ];
  const picture = h("div", { class: "lesson-picture judge", "data-testid": "judge-picture" });
  // The box and the board it draws together, beside the statement (above it on a phone).
  const figure = h(
    "figure",
    { class: "lesson-slide", "data-testid": "lesson-slide" },
    h("figcaption", {}, words().slide.label(w.picture)),
    h(
      "div",
      { class: "lesson-judge" },
      h("div", {}, h("label", { for: "judge-input" }, w.boxLabel), area, h("p", {}, solve)),
      h("div", {}, h("p", { class: "lesson-judge-head" }, w.answerHead), output),
      picture,
    ),
    says,
    h("p", {}, play),
  );
  return { box, figure, output, says, play, picture };
}

/** Brute force's ways of listing boards, one of which races backtracking. */
export function variantChoice(act: LessonActions): HTMLElement {
  const w = words().slide;
  const group = h(
    "fieldset",
    { class: "lesson-variants" },
    h("legend", {}, w.raceWay),
    ...BRUTE_VARIANTS.map((v) =>
      h(
        "label",
        {},
        h("input", {
          type: "radio",
          name: "race-variant",
          value: v,
          "data-focus": `variant-${v}`,
        }),
        ` ${w.way(v, RACE_BOARD_N)}`,
      ),
    ),
  );
  group.addEventListener("change", (e) => {
    const input = e.target as HTMLInputElement;
    if (input.checked) act.variant(input.value);
  });
  return group;
}
