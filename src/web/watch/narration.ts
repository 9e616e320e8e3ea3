/**
 * Watch's narration: what the step shown did, in a box of one fixed height (style.css), so that
 * a long narration (a dead end names every square of its row with its attacker) scrolls inside
 * it rather than pushing the code and its current line down, off a projector's screen, at the
 * step that matters. A shadow at its foot says there is more while there is.
 *
 * Not a live region: it changes every frame while playing; the page says it (app.announce) when
 * the reader steps, scrubs or pauses.
 */
import { h } from "../dom.js";
import { t } from "../i18n/index.js";

export class NarrationBox {
  readonly text = h("p", { class: "narration", "data-testid": "narration" });
  readonly el = h(
    "div",
    { class: "narration-box", role: "group", "aria-label": t().watch.narrationBox },
    this.text,
  );
  /** The words the box was last scrolled to the top for. */
  private top: string | null = null;

  constructor() {
    this.el.addEventListener("scroll", () => this.edge(), { passive: true });
  }

  show(words: string): void {
    if (this.text.textContent !== words) this.text.textContent = words;
  }

  /**
   * New words start at the top, and the box takes the keyboard's focus to be scrolled only
   * while they are longer than it (a box that never scrolls would be one more Tab for nothing;
   * the focus, once there, stays until it leaves). Called after the whole view is drawn, as the
   * code's scrollStack: it reads the layout.
   */
  fit(): void {
    const box = this.el;
    if (this.top !== this.text.textContent) {
      this.top = this.text.textContent;
      box.scrollTop = 0;
    }
    if (box.scrollHeight > box.clientHeight + 1) box.tabIndex = 0;
    else if (document.activeElement !== box) box.removeAttribute("tabindex");
    this.edge();
  }

  /** The shadow at the foot while some of the words are below. */
  private edge(): void {
    const box = this.el;
    box.classList.toggle("more", box.scrollHeight - box.clientHeight - box.scrollTop > 1);
  }
}
