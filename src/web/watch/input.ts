/**
 * Watch's input: the buttons, fields, checkboxes, tree and keys, each turned into a change of
 * the state (state.ts) or one of the mode's actions (index.ts), which change the state and draw
 * it again. Nothing here draws.
 */
import { saveShortcuts } from "../prefs.js";
import type { Algo, PageState } from "../state.js";
import type { WatchView } from "./render.js";
import { length, moveTreeCursor, treeCursorIndex, type WatchState } from "./state.js";

/** What input can ask of the mode. */
export interface WatchActions {
  readonly ws: WatchState;
  /** Whether Watch is the mode on screen. */
  shown(): boolean;
  /** Draws the state again after a change made here. */
  redraw(): void;
  /** Changes the page's state (the address). */
  setPage(patch: Partial<PageState>): void;
  /** Pauses, goes to `step`, writes it into the address and says where it is. */
  goTo(step: number): void;
  /** Pauses and goes to `step` while the scrubber moves; says it once the scrubber rests. */
  scrubTo(step: number): void;
  saveStep(): void;
  toSolution(d: 1 | -1): void;
  togglePlay(): void;
  exportPng(): void;
  exportSvg(): void;
  exportGif(from: number, to: number): void;
}

/** Connects the view's controls to the actions; returns what removes the page-wide listener. */
export function bindInput(view: WatchView, act: WatchActions): () => void {
  const click = (b: HTMLElement, f: () => void) => b.addEventListener("click", f);
  click(view.resetBtn, () => act.goTo(0));
  click(view.prevBtn, () => act.toSolution(-1));
  click(view.backBtn, () => act.goTo(act.ws.pos - 1));
  click(view.playBtn, () => act.togglePlay());
  click(view.forwardBtn, () => act.goTo(act.ws.pos + 1));
  click(view.nextBtn, () => act.toSolution(1));
  click(view.pngBtn, () => act.exportPng());
  click(view.svgBtn, () => act.exportSvg());
  click(view.gifBtn, () =>
    act.exportGif(Number(view.gifFrom.value) || 0, Number(view.gifTo.value) || 0),
  );
  view.algoSelect.addEventListener("change", () => {
    act.setPage({ algo: view.algoSelect.value as Algo, step: 0 });
  });
  view.scrub.addEventListener("input", () => act.scrubTo(Number(view.scrub.value)));
  view.scrub.addEventListener("change", () => act.saveStep());
  view.stepField.addEventListener("change", () => {
    const v = Math.round(Number(view.stepField.value));
    if (Number.isFinite(v)) act.goTo(v);
  });
  for (const f of [view.gifFrom, view.gifTo]) {
    f.addEventListener("input", () => {
      act.ws.gifTouched = true;
    });
  }
  view.speed.addEventListener("input", () => {
    act.ws.speed = Number(view.speed.value);
    act.redraw();
  });
  view.stopAtSolution.addEventListener("change", () => {
    act.ws.stopAtSolution = view.stopAtSolution.checked;
  });
  view.shortcutsBox.addEventListener("change", () => {
    act.ws.shortcuts = view.shortcutsBox.checked;
    saveShortcuts(act.ws.shortcuts);
  });
  view.treeBox.addEventListener("click", (e) => {
    const step = view.treeStepAt(e);
    if (step !== undefined) act.goTo(step);
  });
  // The tree by keyboard: the arrows, Home and End move its cursor from node to node, Enter
  // goes to the node's step (before the page-wide keys, which would step the search instead).
  view.treeBox.addEventListener("keydown", (e) => {
    if (!(e.target as Element).matches("svg.tree") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Enter") {
      const step = view.tree.hits[treeCursorIndex(act.ws, view.tree)]?.step;
      if (step !== undefined) act.goTo(step);
    } else if (moveTreeCursor(act.ws, view.tree, e.key)) view.drawTreeCursor(act.ws);
    else return;
    e.preventDefault();
  });
  // The history: an entry goes back to its step; opened, it is drawn (it is not while closed).
  view.history.list.addEventListener("click", (e) => {
    const entry = (e.target as Element).closest<HTMLElement>("button[data-step]");
    if (entry) act.goTo(Number(entry.dataset.step));
  });
  view.history.el.addEventListener("toggle", () => act.redraw());
  // Play's queens as the starting board, or not (render.ts draws these buttons with the note).
  view.note.addEventListener("click", (e) => {
    const b = (e.target as Element).closest("button");
    const from = b?.dataset.testid === "from-board" || undefined;
    if (!b || (!from && b.dataset.testid !== "clear-fixed")) return;
    view.playBtn.focus();
    act.setPage({ from: !!from, step: 0 });
  });
  const onKeyDown = (e: KeyboardEvent) => shortcut(e, act);
  document.addEventListener("keydown", onKeyDown);
  return () => document.removeEventListener("keydown", onKeyDown);
}

/**
 * The media keys: Space (and K) plays or pauses, ← and → (J and L) step, Home and End go to the
 * first and last step (the last one recorded so far). Only while Watch is
 * shown and the shortcuts are on; never where the key already means something (typing in a
 * field, Space on a button or a checkbox, arrows on the board or a slider, which step on
 * their own).
 */
function shortcut(e: KeyboardEvent, act: WatchActions): void {
  if (!act.shown() || !act.ws.shortcuts) return;
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
  const target = e.target as HTMLElement;
  if (target.closest("[role=tablist]")) return;
  if (target.matches("input:not([type=range]):not([type=checkbox]), select, textarea")) return;
  if (target.isContentEditable) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const activates = target.matches("button, a, input[type=checkbox], summary");
  const moves = target.matches("input[type=range]") || !!target.closest("[role=grid]");
  if ((key === " " && !activates) || key === "k") act.togglePlay();
  else if ((key === "ArrowLeft" && !moves) || key === "j") act.goTo(act.ws.pos - 1);
  else if ((key === "ArrowRight" && !moves) || key === "l") act.goTo(act.ws.pos + 1);
  else if (key === "Home" && !moves) act.goTo(0);
  else if (key === "End" && !moves) act.goTo(length(act.ws.trace));
  else return;
  e.preventDefault();
}
