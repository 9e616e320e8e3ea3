/**
 * The history of the narration: the last steps shown (state.ts `history`), newest first, in a
 * box that opens and closes, each a button that goes back to its step (input.ts). A learner who
 * played past the step that mattered scrolls back to it here; the narration above says only the
 * step shown.
 *
 * Drawn only while open, and by difference: a visit keeps its element while it stays in the
 * history (an id is never reused), so that a redraw on every frame of play adds one entry and
 * drops one rather than building 200 again, and the button that has the keyboard's focus stays.
 */
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { HISTORY_SIZE, type Visit } from "./state.js";

export class HistoryView {
  readonly el: HTMLDetailsElement;
  readonly list = h("ol", { class: "history-list", "data-testid": "history-list" });
  /** The entry drawn for each visit, by its id. */
  private readonly items = new Map<number, HTMLLIElement>();

  constructor() {
    const m = t().watch;
    this.el = h(
      "details",
      { class: "history", "data-testid": "history" },
      h("summary", {}, m.historyTitle),
      h("p", { class: "history-key" }, m.historyKey(HISTORY_SIZE)),
      this.list,
    );
  }

  render(history: readonly Visit[], pos: number): void {
    if (!this.el.open) return;
    const kept = new Set(history.map((v) => v.id));
    let lostFocus = false;
    for (const [id, li] of this.items) {
      if (kept.has(id)) continue;
      lostFocus ||= li.contains(document.activeElement);
      li.remove();
      this.items.delete(id);
    }
    // Oldest first, each new one put on top: the newest ends first.
    for (const v of history) {
      const li = this.items.get(v.id);
      if (!li) {
        const item = this.item(v);
        this.items.set(v.id, item);
        this.list.prepend(item);
      } else if (li.dataset.text !== v.text) {
        li.dataset.text = v.text;
        li.querySelector(".history-text")!.textContent = v.text;
      }
    }
    for (const li of this.items.values()) {
      const here = Number(li.dataset.step) === pos;
      li.classList.toggle("current", here);
    }
    // The entry chosen fell out of the history: the newest takes the focus, not the page.
    if (lostFocus) this.list.querySelector("button")?.focus();
  }

  private item(v: Visit): HTMLLIElement {
    return h(
      "li",
      { "data-step": v.step, "data-text": v.text },
      h(
        "button",
        { type: "button", class: "history-entry", "data-step": v.step },
        h("span", { class: "history-step" }, t().watch.historyStep(v.step)),
        h("span", { class: "history-text" }, v.text),
      ),
    );
  }
}
