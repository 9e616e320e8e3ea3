/**
 * The page: one state (state.ts) that the address and the browser history serialise, five views
 * of it (the modes), and the header. Input changes the state through `app.set`; the state
 * redraws the view. Every change of mode, N, board or gallery page is a history entry, so Back
 * and Forward walk through what the user did; in-page anchors (the skip link) only move focus.
 * The library does all the work (see ../index.ts).
 */

import { MAX_BOARD_N } from "../limits.js";
import { CompareMode } from "./compare/index.js";
import type { App, ModeView } from "./dom.js";
import { GalleryMode } from "./gallery/index.js";
import { chooseLang, type Lang, lang, setLang, t } from "./i18n/index.js";
import { drawLessonReturn, LessonMode, lessonTitle } from "./lesson/index.js";
import { PlayMode } from "./play/index.js";
import { savedLang, saveLang } from "./prefs.js";
import {
  applyChange,
  formatState,
  isNewEntry,
  isStateText,
  MODES,
  type Mode,
  type PageState,
  parseSize,
  parseState,
  sizeProblem,
} from "./state.js";
import { QUEEN_BALLS, QUEEN_PATH } from "./ui/queen.js";
import { WatchMode } from "./watch/index.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// One queen shape for every small board on the page (see mini.ts).
document.body.insertAdjacentHTML(
  "afterbegin",
  `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><symbol id="queen-symbol" viewBox="0 0 100 100"><path d="${QUEEN_PATH}"/>${QUEEN_BALLS.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5"/>`).join("")}</symbol></svg>`,
);

const masthead = $("masthead");
const main = $("main");
const nInput = $<HTMLInputElement>("n");
const sizeMessage = $("size-message");
const announcer = $("announcer");
const langButton = $<HTMLButtonElement>("lang");
const tabs = [...document.querySelectorAll<HTMLButtonElement>("[role=tab]")];

setLang(chooseLang(savedLang(), navigator.languages ?? [navigator.language]));

// The boards are sized to the viewport below the header (style.css reads --head).
new ResizeObserver(() => {
  document.documentElement.style.setProperty("--head", `${masthead.offsetHeight}px`);
}).observe(masthead);

let state: PageState = parseState(isStateText(location.hash) ? location.hash : "");
normaliseAddress();

/** Writes the normal form of the state into the current history entry. */
function normaliseAddress(): void {
  const hash = `#${formatState(state)}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

const app: App = {
  get state() {
    return state;
  },
  set(patch, how) {
    const fixed = applyChange(state, patch);
    const push = how ? how === "push" : isNewEntry(state, fixed);
    state = fixed;
    const hash = `#${formatState(state)}`;
    if (location.hash !== hash) {
      if (push) history.pushState(null, "", hash);
      else history.replaceState(null, "", hash);
    }
    render();
  },
  announce(text) {
    announcer.textContent = "";
    requestAnimationFrame(() => {
      announcer.textContent = text;
    });
  },
};

// N applies on Enter, when the field loses focus, or after a short pause in typing: typing 12
// never passes through N = 1. While the reader types, the field is theirs.
let nTimer = 0;
let nTyped = false;

let views: Record<Mode, ModeView> = buildViews();
let active: Mode | undefined;

function buildViews(): Record<Mode, ModeView> {
  for (const mode of MODES) $(`panel-${mode}`).replaceChildren();
  return {
    play: new PlayMode($("panel-play"), app),
    watch: new WatchMode($("panel-watch"), app),
    gallery: new GalleryMode($("panel-gallery"), app),
    compare: new CompareMode($("panel-compare"), app),
    lesson: new LessonMode($("panel-lesson"), app),
  };
}

/** The header's words in the current language. */
function drawHeader(): void {
  const m = t().page;
  $("brand").textContent = m.brand;
  $("tagline").textContent = m.tagline;
  $("skip").textContent = m.skip;
  $("modes").setAttribute("aria-label", m.modes);
  for (const tab of tabs) tab.textContent = m.tabs[tab.dataset.mode as Mode];
  $("size-legend").textContent = m.size;
  $("size-label").textContent = m.size;
  $("n-down").setAttribute("aria-label", m.smaller);
  $("n-up").setAttribute("aria-label", m.larger);
  nInput.setAttribute("aria-label", m.nField);
  langButton.textContent = m.switchTo;
  langButton.lang = m.switchLang;
  $("footer").textContent = m.footer;
}

function render(): void {
  const problem = sizeProblem(state.n);
  // The field shows the state's N unless the reader is typing a new one.
  if (!nTyped) nInput.value = Number.isNaN(state.n) ? "" : String(state.n);
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
    fix.addEventListener("click", () => {
      nInput.focus();
      app.set({ n: nearest });
    });
    const text = document.createElement("p");
    text.textContent = problemText;
    sizeMessage.replaceChildren(text, fix);
  }
  if (!problem) delete sizeMessage.dataset.problem;
  for (const tab of tabs) {
    const on = tab.dataset.mode === state.mode;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  if (active && active !== state.mode) views[active].hide();
  // Compare and the lesson do not depend on N: they stay usable when N is out of range.
  const withoutN = state.mode === "compare" || state.mode === "lesson";
  for (const mode of MODES) {
    $(`panel-${mode}`).hidden = mode !== state.mode || (!!problem && !withoutN);
  }
  document.body.dataset.mode = state.mode;
  // The tab's title names the lesson's step there, the page elsewhere (in the page's language).
  document.title = state.mode === "lesson" ? lessonTitle(state.lesson) : t().page.title;
  drawLessonReturn($("lesson-return"), state, app);
  if (problem) {
    if (active && !withoutN) views[active].hide();
    active = withoutN ? state.mode : undefined;
    if (active) views[active].show(state);
    return;
  }
  active = state.mode;
  views[state.mode].show(state);
}

/** After a redraw that hid the focused control: focus the selected tab rather than the body. */
function rescueFocus(): void {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el.closest("[hidden]") || !el.isConnected) {
    tabs.find((tab) => tab.dataset.mode === state.mode)?.focus();
  }
}

for (const tab of tabs) {
  tab.addEventListener("click", () => app.set({ mode: tab.dataset.mode as Mode }));
  tab.addEventListener("keydown", (e) => {
    const i = tabs.indexOf(tab);
    const last = tabs.length - 1;
    const j =
      e.key === "ArrowRight"
        ? i === last
          ? 0
          : i + 1
        : e.key === "ArrowLeft"
          ? i === 0
            ? last
            : i - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : -1;
    if (j < 0) return;
    e.preventDefault();
    tabs[j]!.focus();
    app.set({ mode: tabs[j]!.dataset.mode as Mode });
  });
}

function applyN(): void {
  clearTimeout(nTimer);
  if (!nTyped) return;
  const text = nInput.value.trim();
  if (text === "") return;
  nTyped = false;
  const n = parseSize(text);
  if (!Object.is(n, state.n)) app.set({ n });
  else render();
}
nInput.addEventListener("input", () => {
  nTyped = true;
  clearTimeout(nTimer);
  nTimer = window.setTimeout(applyN, 900);
});
nInput.addEventListener("change", applyN);
nInput.addEventListener("keydown", (e) => {
  if (e.key === "Enter") applyN();
});
nInput.addEventListener("blur", () => {
  applyN();
  nTyped = false;
  render();
});
const stepN = (d: number) => () => {
  const n = Number.isInteger(state.n) ? state.n : 8;
  const next = Math.max(1, Math.min(MAX_BOARD_N, n + d));
  app.set({ n: next });
  app.announce(t().page.sizeNow(next));
};
$("n-down").addEventListener("click", stepN(-1));
$("n-up").addEventListener("click", stepN(1));

// The skip link moves focus to the board; it is not a new state.
$("skip").addEventListener("click", (e) => {
  e.preventDefault();
  const panel = $(`panel-${state.mode}`);
  const target = panel.hidden
    ? main
    : (panel.querySelector<HTMLElement>("[role=grid] [tabindex='0']") ?? main);
  target.focus();
});

langButton.addEventListener("click", () => {
  const next: Lang = lang() === "en" ? "ja" : "en";
  saveLang(next);
  setLang(next);
  for (const view of Object.values(views)) {
    view.hide();
    view.dispose?.();
  }
  active = undefined;
  views = buildViews();
  drawHeader();
  render();
  langButton.focus();
});

window.addEventListener("popstate", () => {
  if (!isStateText(location.hash)) return;
  state = parseState(location.hash);
  normaliseAddress();
  render();
  rescueFocus();
});

drawHeader();
render();
