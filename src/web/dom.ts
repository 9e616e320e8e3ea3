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

/** A number with thousands separators (works for bigint text too). */
export function fmt(value: number | bigint | string): string {
  if (typeof value === "string") value = BigInt(value);
  return value.toLocaleString("en-US");
}

/** Seconds or milliseconds, whichever reads better. */
export function fmtTime(seconds: number): string {
  if (seconds < 0.001) return `${(seconds * 1e6).toFixed(0)} µs`;
  if (seconds < 1) return `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 0)} ms`;
  return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
}

/** What every mode sees of the page. */
export interface App {
  readonly state: PageState;
  /** Changes the state, writes it into the address and redraws the active mode. */
  set(patch: Partial<PageState>): void;
  /** Says `text` to screen readers. */
  announce(text: string): void;
}

/** One of the four modes. */
export interface ModeView {
  /** Draws the mode for `state` (called whenever the state changes while the mode is shown). */
  show(state: PageState): void;
  /** Called when the user leaves the mode: stop animations and jobs that only serve the view. */
  hide(): void;
}
