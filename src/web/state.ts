/**
 * The page's state as it appears in the address: `#mode=play&n=8&q=0:3,1:5`.
 * A link with this fragment reproduces the board. Parsing never throws: a bad N is kept as text
 * so the page can say what was wrong with it.
 */
import type { Queen } from "../board.js";

export const MODES = ["play", "watch", "gallery", "compare"] as const;
export type Mode = (typeof MODES)[number];

/** The largest board the page draws. */
export const MAX_N = 20;

export interface PageState {
  readonly mode: Mode;
  /** The size as typed; may be out of range (see {@link sizeProblem}). */
  readonly n: number;
  readonly queens: readonly Queen[];
  /** Watch: the step of the trace shown. */
  readonly step: number;
  /** Gallery: the page shown (0-based). */
  readonly page: number;
}

export const DEFAULT_STATE: PageState = { mode: "play", n: 8, queens: [], step: 0, page: 0 };

/** Why `n` cannot be drawn, or undefined when it can. */
export function sizeProblem(n: number): string | undefined {
  if (!Number.isFinite(n)) return "N must be a whole number from 1 to 20.";
  if (!Number.isInteger(n)) return `N must be a whole number from 1 to ${MAX_N}: got ${n}.`;
  if (n < 1 || n > MAX_N) {
    return `N must be from 1 to ${MAX_N}: got ${n}. This page draws boards up to ${MAX_N}×${MAX_N}.`;
  }
  return undefined;
}

/** Reads the state from a location fragment or query (with or without the leading `#`/`?`). */
export function parseState(text: string): PageState {
  const p = new URLSearchParams(text.replace(/^[#?]/, ""));
  const modeText = p.get("mode") ?? "";
  const mode = (MODES as readonly string[]).includes(modeText)
    ? (modeText as Mode)
    : DEFAULT_STATE.mode;
  const nText = p.get("n");
  const n = nText === null || nText.trim() === "" ? DEFAULT_STATE.n : Number(nText);
  const queens: Queen[] = [];
  const seen = new Set<string>();
  for (const part of (p.get("q") ?? "").split(",")) {
    const m = /^(\d{1,2})[:.-](\d{1,2})$/.exec(part.trim());
    if (!m) continue;
    const row = Number(m[1]);
    const col = Number(m[2]);
    if (Number.isInteger(n) && (row >= n || col >= n)) continue;
    const key = `${row}:${col}`;
    if (seen.has(key)) continue;
    seen.add(key);
    queens.push({ row, col });
  }
  const step = Math.max(0, Math.floor(Number(p.get("step") ?? 0)) || 0);
  const page = Math.max(0, Math.floor(Number(p.get("page") ?? 1) - 1) || 0);
  return { mode, n, queens, step, page };
}

/** Writes the state as a fragment without the `#`; only what differs from the defaults for a mode. */
export function formatState(s: PageState): string {
  const p = new URLSearchParams();
  p.set("mode", s.mode);
  p.set("n", Number.isNaN(s.n) ? "" : String(s.n));
  if (s.queens.length > 0) {
    const qs = [...s.queens].sort((a, b) => a.row - b.row || a.col - b.col);
    p.set("q", qs.map((q) => `${q.row}:${q.col}`).join(","));
  }
  if (s.mode === "watch" && s.step > 0) p.set("step", String(s.step));
  if (s.mode === "gallery" && s.page > 0) p.set("page", String(s.page + 1));
  return p.toString().replaceAll("%3A", ":").replaceAll("%2C", ",");
}
