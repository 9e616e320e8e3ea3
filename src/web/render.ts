/**
 * The page's frame, drawn from the state: the header's words in the current language, the size
 * field and what is wrong with the size typed, the tabs, which panel shows, the tab's title, the
 * announcer, the link to the page's state (Copy link) and the queen shape every small board uses. The only code outside the modes' render.ts
 * files and ui/ that writes the page; main.ts wires the frame's events to state changes.
 */
import { MAX_BOARD_N } from "../limits.js";
import { t } from "./i18n/index.js";
import { MODES, type Mode, type PageState, sizeProblem } from "./state.js";
import { QUEEN_BALLS, QUEEN_PATH } from "./ui/queen.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The frame's elements (in index.html). */
export interface Frame {
  readonly masthead: HTMLElement;
  readonly main: HTMLElement;
  readonly nInput: HTMLInputElement;
  readonly sizeMessage: HTMLElement;
  readonly announcer: HTMLElement;
  readonly langButton: HTMLButtonElement;
  readonly tabs: readonly HTMLButtonElement[];
  readonly panels: Readonly<Record<Mode, HTMLElement>>;
}

export function frame(): Frame {
  return {
    masthead: $("masthead"),
    main: $("main"),
    nInput: $<HTMLInputElement>("n"),
    sizeMessage: $("size-message"),
    announcer: $("announcer"),
    langButton: $<HTMLButtonElement>("lang"),
    tabs: [...document.querySelectorAll<HTMLButtonElement>("[role=tab]")],
    panels: Object.fromEntries(MODES.map((m) => [m, $(`panel-${m}`)])) as Record<Mode, HTMLElement>,
  };
}

/** One queen shape for every small board on the page (see ui/mini.ts). */
export function drawQueenSymbol(): void {
  document.body.insertAdjacentHTML(
    "afterbegin",
    `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><symbol id="queen-symbol" viewBox="0 0 100 100"><path d="${QUEEN_PATH}"/>${QUEEN_BALLS.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5"/>`).join("")}</symbol></svg>`,
  );
}

/** The boards are sized to the viewport below the header (style.css reads --head). */
export function followHeaderHeight(f: Frame): void {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--head", `${f.masthead.offsetHeight}px`);
  }).observe(f.masthead);
}

/** Says `text` to screen readers (emptied first, so that the same words are said again). */
export function announce(f: Frame, text: string): void {
  f.announcer.textContent = "";
  requestAnimationFrame(() => {
    f.announcer.textContent = text;
  });
}

/** Empties the modes' panels (before their views are made anew). */
export function clearPanels(f: Frame): void {
  for (const mode of MODES) f.panels[mode].replaceChildren();
}

/** The header's words in the current language. */
export function drawHeader(f: Frame): void {
  const m = t().page;
  $("brand").textContent = m.brand;
  $("tagline").textContent = m.tagline;
  $("skip").textContent = m.skip;
  $("modes").setAttribute("aria-label", m.modes);
  for (const tab of f.tabs) tab.textContent = m.tabs[tab.dataset.mode as Mode];
  $("size-legend").textContent = m.size;
  $("size-label").textContent = m.size;
  $("n-down").setAttribute("aria-label", m.smaller);
  $("n-up").setAttribute("aria-label", m.larger);
  f.nInput.setAttribute("aria-label", m.nField);
  f.langButton.textContent = m.switchTo;
  f.langButton.lang = m.switchLang;
  $("footer").textContent = m.footer;
  $("copy-link").textContent = t().play.copyLink;
}

/**
 * What the page-wide "Copy link" says: copied, or (where the clipboard is refused) the link to
 * copy by hand; nothing (`text` "") after any other change. Play has its own button and note.
 */
export function drawShareNote(text: string, link?: string): void {
  const note = $("share-note");
  note.replaceChildren(
    text,
    ...(link
      ? [Object.assign(document.createElement("a"), { href: link, textContent: link })]
      : []),
  );
}

/**
 * The size field (unless the reader is typing a new N: `typing`), what is wrong with the size
 * with a button for the nearest one (`useN`), and the tabs.
 */
export function drawControls(
  f: Frame,
  state: PageState,
  typing: boolean,
  useN: (n: number) => void,
): void {
  const problem = sizeProblem(state.n);
  const { nInput, sizeMessage } = f;
  if (!typing) nInput.value = Number.isNaN(state.n) ? "" : String(state.n);
  nInput.setAttribute("aria-invalid", String(!!problem));
  sizeMessage.hidden = !problem;
  const problemText = problem ? t().page.sizeProblem(problem) : "";
  if (problem && sizeMessage.dataset.problem !== problemText) {
    sizeMessage.dataset.problem = problemText;
    const nearest = Number.isFinite(state.n)
      ? Math.max(1, Math.min(MAX_BOARD_N, Math.round(state.n)))
      : 8;
    const fix = document.createElement("button");
    fix.type = "button";
    fix.className = "btn small";
    fix.textContent = t().page.useN(nearest);
    fix.addEventListener("click", () => useN(nearest));
    const text = document.createElement("p");
    text.textContent = problemText;
    sizeMessage.replaceChildren(text, fix);
  }
  if (!problem) delete sizeMessage.dataset.problem;
  for (const tab of f.tabs) {
    const on = tab.dataset.mode === state.mode;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
  }
}

/**
 * Which panel shows (none for a size that cannot be drawn, but in the modes that do not depend on
 * N: `withoutN`), the page's mode for style.css, and the tab's title.
 */
export function drawPanels(f: Frame, state: PageState, withoutN: boolean, title: string): void {
  const problem = sizeProblem(state.n);
  for (const mode of MODES) {
    f.panels[mode].hidden = mode !== state.mode || (!!problem && !withoutN);
  }
  document.body.dataset.mode = state.mode;
  document.title = title;
  // The address carries the state in every mode: the link to it (Play has its own button).
  $("share").hidden = state.mode === "play";
  drawShareNote("");
}
