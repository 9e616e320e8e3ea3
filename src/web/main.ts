/**
 * The page: one state (state.ts) that the address and the browser history serialise, five views
 * of it (the modes), and the header. Input changes the state through `app.set`; the state
 * redraws the view. Every change of mode, N, board or gallery page is a history entry, so Back
 * and Forward walk through what the user did; in-page anchors (the skip link) only move focus.
 * The library does all the work (see ../index.ts). render.ts draws the frame (the header, the
 * size field, the tabs, the panel shown); this file wires its events to state changes.
 */

import { MAX_BOARD_N } from "../limits.js";
import { CompareMode } from "./compare/index.js";
import type { App, ModeView } from "./dom.js";
import { GalleryMode } from "./gallery/index.js";
import { chooseLang, type Lang, lang, setLang, t } from "./i18n/index.js";
import { drawLessonReturn, LessonMode, lessonTitle } from "./lesson/index.js";
import { keepOffline } from "./offline.js";
import { PlayMode } from "./play/index.js";
import { savedLang, savedPlace, saveLang, savePlace } from "./prefs.js";
import {
  announce,
  clearPanels,
  drawControls,
  drawHeader,
  drawPanels,
  drawQueenSymbol,
  drawShareNote,
  followHeaderHeight,
  frame,
} from "./render.js";
import {
  applyChange,
  formatState,
  isNewEntry,
  isStateText,
  type Mode,
  openingState,
  type PageState,
  parseSize,
  parseState,
  sizeProblem,
} from "./state.js";
import { WatchMode } from "./watch/index.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const f = frame();
const { main, nInput, langButton, tabs } = f;
drawQueenSymbol();

setLang(chooseLang(savedLang(), navigator.languages ?? [navigator.language]));

followHeaderHeight(f);

// The address's state; without one, where the reader was last, or the lesson (the front door).
let state: PageState = openingState(isStateText(location.hash) ? location.hash : "", savedPlace());
normaliseAddress();

/** Writes the normal form of the state into the current history entry (and keeps the place). */
function normaliseAddress(): void {
  const text = formatState(state);
  if (location.hash !== `#${text}`) history.replaceState(null, "", `#${text}`);
  savePlace(text);
}

const app: App = {
  get state() {
    return state;
  },
  set(patch, how) {
    const fixed = applyChange(state, patch);
    const push = how ? how === "push" : isNewEntry(state, fixed);
    state = fixed;
    const text = formatState(state);
    if (location.hash !== `#${text}`) {
      if (push) history.pushState(null, "", `#${text}`);
      else history.replaceState(null, "", `#${text}`);
    }
    savePlace(text);
    render();
  },
  announce(text) {
    announce(f, text);
  },
};

// N applies on Enter, when the field loses focus, or after a short pause in typing: typing 12
// never passes through N = 1. While the reader types, the field is theirs.
let nTimer = 0;
let nTyped = false;

let views: Record<Mode, ModeView> = buildViews();
let active: Mode | undefined;

function buildViews(): Record<Mode, ModeView> {
  clearPanels(f);
  const p = f.panels;
  return {
    play: new PlayMode(p.play, app),
    watch: new WatchMode(p.watch, app),
    gallery: new GalleryMode(p.gallery, app),
    compare: new CompareMode(p.compare, app),
    lesson: new LessonMode(p.lesson, app),
  };
}

function render(): void {
  const problem = sizeProblem(state.n);
  // The field shows the state's N unless the reader is typing a new one.
  drawControls(f, state, nTyped, (n) => {
    nInput.focus();
    app.set({ n });
  });
  if (active && active !== state.mode) views[active].hide();
  // Compare and the lesson do not depend on N: they stay usable when N is out of range.
  const withoutN = state.mode === "compare" || state.mode === "lesson";
  // The tab's title names the lesson's step there, the page elsewhere (in the page's language).
  drawPanels(
    f,
    state,
    withoutN,
    state.mode === "lesson" ? lessonTitle(state.lesson) : t().page.title,
  );
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
  const panel = f.panels[state.mode];
  const target = panel.hidden
    ? main
    : (panel.querySelector<HTMLElement>("[role=grid] [tabindex='0']") ?? main);
  target.focus();
});

// Copy link, in every mode but Play (which has its own): the address carries the whole state.
$("copy-link").addEventListener("click", async () => {
  const m = t().play;
  try {
    await navigator.clipboard.writeText(location.href);
    drawShareNote(m.linkCopied);
    app.announce(m.linkCopied);
  } catch {
    drawShareNote(m.copyThis, location.href);
  }
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
  drawHeader(f);
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

drawHeader(f);
render();
keepOffline();
