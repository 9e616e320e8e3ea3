/**
 * The page: reads the state from the address, shows one of four modes, and keeps the address in
 * step so that a link reproduces the board. The library does all the work (see ../index.ts).
 */
import { CompareMode } from "./compare.js";
import type { App, ModeView } from "./dom.js";
import { GalleryMode } from "./gallery.js";
import { PlayMode } from "./play.js";
import { QUEEN_BALLS, QUEEN_PATH } from "./queen.js";
import {
  formatState,
  MAX_N,
  MODES,
  type Mode,
  type PageState,
  parseState,
  sizeProblem,
} from "./state.js";
import { WatchMode } from "./watch.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// One queen shape for every small board on the page (see mini.ts).
document.body.insertAdjacentHTML(
  "afterbegin",
  `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><symbol id="queen-symbol" viewBox="0 0 100 100"><path d="${QUEEN_PATH}"/>${QUEEN_BALLS.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5"/>`).join("")}</symbol></svg>`,
);

const nInput = $<HTMLInputElement>("n");
const sizeMessage = $("size-message");
const announcer = $("announcer");
const tabs = [...document.querySelectorAll<HTMLButtonElement>("[role=tab]")];

let state: PageState = parseState(location.hash || location.search);

const app: App = {
  get state() {
    return state;
  },
  set(patch) {
    const next = { ...state, ...patch };
    if (patch.n !== undefined && patch.n !== state.n) {
      next.queens = patch.queens ?? [];
      next.step = 0;
      next.page = 0;
    }
    if (patch.queens !== undefined && patch.step === undefined) next.step = 0;
    state = next;
    const hash = `#${formatState(state)}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    render();
  },
  announce(text) {
    announcer.textContent = "";
    requestAnimationFrame(() => {
      announcer.textContent = text;
    });
  },
};

const views: Record<Mode, ModeView> = {
  play: new PlayMode($("panel-play"), app),
  watch: new WatchMode($("panel-watch"), app),
  gallery: new GalleryMode($("panel-gallery"), app),
  compare: new CompareMode($("panel-compare"), app),
};
let active: Mode | undefined;

function render(): void {
  const problem = sizeProblem(state.n);
  if (document.activeElement !== nInput)
    nInput.value = Number.isNaN(state.n) ? "" : String(state.n);
  nInput.setAttribute("aria-invalid", String(!!problem));
  sizeMessage.hidden = !problem;
  if (problem && sizeMessage.dataset.problem !== problem) {
    sizeMessage.dataset.problem = problem;
    const nearest = Number.isFinite(state.n)
      ? Math.max(1, Math.min(MAX_N, Math.round(state.n)))
      : 8;
    const fix = document.createElement("button");
    fix.type = "button";
    fix.className = "btn small";
    fix.textContent = `Use N = ${nearest}`;
    fix.addEventListener("click", () => app.set({ n: nearest }));
    const text = document.createElement("p");
    text.textContent = problem;
    sizeMessage.replaceChildren(text, fix);
  }
  if (!problem) delete sizeMessage.dataset.problem;
  for (const tab of tabs) {
    const on = tab.dataset.mode === state.mode;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  if (active && active !== state.mode) views[active].hide();
  for (const mode of MODES) {
    // Compare does not depend on N: it stays usable when N is out of range.
    $(`panel-${mode}`).hidden = mode !== state.mode || (!!problem && mode !== "compare");
  }
  if (problem) {
    if (active && state.mode !== "compare") views[active].hide();
    active = state.mode === "compare" ? "compare" : undefined;
    if (active) views.compare.show(state);
    return;
  }
  active = state.mode;
  views[state.mode].show(state);
}

for (const tab of tabs) {
  tab.addEventListener("click", () => app.set({ mode: tab.dataset.mode as Mode }));
  tab.addEventListener("keydown", (e) => {
    const i = tabs.indexOf(tab);
    const j =
      e.key === "ArrowRight"
        ? (i + 1) % tabs.length
        : e.key === "ArrowLeft"
          ? (i + tabs.length - 1) % tabs.length
          : -1;
    if (j < 0) return;
    e.preventDefault();
    tabs[j]!.focus();
    app.set({ mode: tabs[j]!.dataset.mode as Mode });
  });
}

nInput.addEventListener("input", () => {
  const text = nInput.value.trim();
  const n = text === "" ? Number.NaN : Number(text);
  if (n !== state.n) app.set({ n });
});
nInput.addEventListener("blur", () => render());
const stepN = (d: number) => () => {
  const n = Number.isInteger(state.n) ? state.n : 8;
  app.set({ n: Math.max(1, Math.min(MAX_N, n + d)) });
};
$("n-down").addEventListener("click", stepN(-1));
$("n-up").addEventListener("click", stepN(1));

window.addEventListener("hashchange", () => {
  state = parseState(location.hash);
  render();
});

render();
