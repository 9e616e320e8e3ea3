/** Small DOM helpers shared by the modes. */
import type { PageState } from "./state.js";

type Child = Node | string | null | undefined | false;

/** Creates an element with attributes (`class`, `aria-*`, `data-*`, …) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c) el.append(c);
  return el;
}

/**
 * Runs `redraw`, which may replace the element that has focus, and puts focus back on the
 * element with the same `data-focus` key inside `root` (or the first of `fallbacks(key)` that is
 * there and enabled), so that a keyboard user never lands on the page body.
 */
export function keepingFocus(
  root: HTMLElement,
  redraw: () => void,
  fallbacks: (key: string) => string[] = () => [],
): void {
  const active = document.activeElement as HTMLElement | null;
  const key = active && root.contains(active) ? active.dataset.focus : undefined;
  redraw();
  if (!key) return;
  if (
    active?.isConnected &&
    document.activeElement === active &&
    !(active as HTMLButtonElement).disabled
  ) {
    return;
  }
  for (const k of [key, ...fallbacks(key)]) {
    const el = root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(k)}"]`);
    if (el && !(el as HTMLButtonElement).disabled && !el.closest("[hidden]")) {
      el.focus();
      return;
    }
  }
}

/**
 * Disables `button`; if it has focus, focus moves to `next` first (a disabled button drops the
 * focus to the page body).
 */
export function disableKeepingFocus(button: HTMLButtonElement, next: HTMLElement): void {
  if (document.activeElement === button) next.focus();
  button.disabled = true;
}

/** What every mode sees of the page. */
export interface App {
  readonly state: PageState;
  /**
   * Changes the state, writes it into the address and redraws the active mode. A change of mode,
   * N, board or gallery page is a new history entry (Back undoes it); anything else replaces the
   * entry, unless `history` says otherwise.
   */
  set(patch: Partial<PageState>, history?: "push" | "replace"): void;
  /** Says `text` to screen readers. */
  announce(text: string): void;
}

/** One of the modes (Lesson, Play, Watch, Gallery, Compare). */
export interface ModeView {
  /** Draws the mode for `state` (called whenever the state changes while the mode is shown). */
  show(state: PageState): void;
  /** Called when the user leaves the mode: stop animations and jobs that only serve the view. */
  hide(): void;
  /** Called before the view is thrown away (the language changed): also drop global listeners. */
  dispose?(): void;
}
