/**
 * The lesson's pictures as SVG markup (pure strings; render.ts puts them in the page): a board
 * with its row and column numbers (1 at the top left, as the lesson's words count them), queens,
 * attacked squares, outlined squares and, over it, rows of bits aligned with its columns; and
 * growth's chart of the published counts on a logarithmic scale.
 */
import type { Queen } from "../../board.js";
import type { BitRow } from "./frames.js";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What a lesson board shows. */
export interface BoardPicture {
  readonly n: number;
  readonly queens: readonly Queen[];
  /** Squares outlined (a question's choices, the square a step tried). */
  readonly outlined?: readonly Queen[];
  /** Squares shaded as attacked. */
  readonly attacked?: readonly Queen[];
  /** Queens drawn in the clash colour. */
  readonly clashing?: readonly Queen[];
  /** Rows of bits drawn over the board, bit c over column c + 1. */
  readonly bits?: readonly BitRow[];
  /** The accessible name (the words beside it say the rest). */
  readonly label: string;
}

const same = (a: Queen, b: Queen) => a.row === b.row && a.col === b.col;

/** A board with its coordinates: columns numbered along the top, rows down the left. */
export function boardPicture(p: BoardPicture): string {
  const { n } = p;
  const bits = p.bits ?? [];
  const left = bits.length > 0 ? 1.9 : 0.7;
  const top = 0.7 + bits.length * 0.8;
  const parts: string[] = [];
  // The rows of bits, each over the board's columns, its name at the left.
  bits.forEach((b, i) => {
    const y = i * 0.8;
    parts.push(
      `<text class="lb-bitname" x="${-0.15}" y="${y + 0.5}" text-anchor="end">${esc(b.name)}</text>`,
    );
    for (let c = 0; c < n; c++) {
      const on = (b.bits >>> c) & 1;
      parts.push(
        `<rect class="lb-bit${on ? " on" : ""} ${esc(b.name)}" x="${c + 0.06}" y="${y + 0.06}" width="0.88" height="0.62" rx="0.08"/><text class="lb-bittext" x="${c + 0.5}" y="${y + 0.52}" text-anchor="middle">${on}</text>`,
      );
    }
  });
  const by = bits.length * 0.8 + 0.7;
  for (let c = 0; c < n; c++) {
    parts.push(
      `<text class="lb-coord" x="${c + 0.5}" y="${by - 0.18}" text-anchor="middle">${c + 1}</text>`,
    );
  }
  const squares: string[] = [];
  for (let r = 0; r < n; r++) {
    parts.push(
      `<text class="lb-coord" x="-0.2" y="${by + r + 0.64}" text-anchor="end">${r + 1}</text>`,
    );
    for (let c = 0; c < n; c++) {
      squares.push(
        `<rect class="${(r + c) % 2 ? "mini-dark" : "mini-light"}" x="${c}" y="${r}" width="1" height="1"/>`,
      );
    }
  }
  const attacked = (p.attacked ?? [])
    .map(
      (q) =>
        `<rect class="lb-attacked" x="${q.col}" y="${q.row}" width="1" height="1"/><circle class="lb-attacked-dot" cx="${q.col + 0.5}" cy="${q.row + 0.5}" r="0.12"/>`,
    )
    .join("");
  const marks = (p.outlined ?? [])
    .map(
      (q) =>
        `<rect class="lesson-mark" x="${q.col + 0.12}" y="${q.row + 0.12}" width="0.76" height="0.76"/>`,
    )
    .join("");
  const queens = p.queens
    .map(
      (q) =>
        `<use class="${(p.clashing ?? []).some((c) => same(c, q)) ? "lb-clash" : ""}" href="#queen-symbol" x="${q.col + 0.04}" y="${q.row + 0.04}" width="0.92" height="0.92"/>`,
    )
    .join("");
  const w = left + n + 0.1;
  const hgt = top + n + 0.1;
  return `<svg class="lb" viewBox="${-left} ${-0.1} ${w} ${hgt}" role="img" aria-label="${esc(p.label)}">${parts.join("")}<g transform="translate(0 ${by})"><g shape-rendering="crispEdges">${squares.join("")}${attacked}</g>${marks}<g class="mini-q">${queens}</g></g></svg>`;
}

/** A count as a power of ten's exponent written small ("10⁴"). */
const power = (k: number) => `10${[...String(k)].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("")}`;

/** One bar of growth's chart. */
export interface ChartBar {
  readonly n: number;
  readonly count: bigint;
}

/**
 * The counts as bars on a logarithmic scale (so 2 and 39 billion both read), the bar `at`
 * marked and its count written over it; `label` names the chart, `value` words a count.
 */
export function growthChart(
  bars: readonly ChartBar[],
  at: number,
  label: string,
  value: (count: bigint) => string,
): string {
  const top = Math.max(1, ...bars.map((b) => Math.log10(Number(b.count) + 1)));
  const decades = Math.ceil(top);
  const W = bars.length * 1.2;
  const H = 6;
  const y = (count: bigint) => H - (Math.log10(Number(count) + 1) / decades) * H;
  const grid: string[] = [];
  for (let k = 0; k <= decades; k += 2) {
    const gy = H - (k / decades) * H;
    grid.push(
      `<line class="gc-grid" x1="0" x2="${W}" y1="${gy}" y2="${gy}"/><text class="gc-axis" x="-0.15" y="${gy + 0.15}" text-anchor="end">${power(k)}</text>`,
    );
  }
  const cols = bars.map((b, i) => {
    const x = i * 1.2 + 0.15;
    const by = y(b.count);
    const cls = i === at ? "gc-bar at" : "gc-bar";
    const over =
      i === at
        ? `<text class="gc-value" x="${Math.min(W - 0.2, Math.max(0.6, x + 0.45))}" y="${Math.max(0.45, by - 0.2)}" text-anchor="middle">${esc(value(b.count))}</text>`
        : "";
    return `<rect class="${cls}" x="${x}" y="${by}" width="0.9" height="${H - by}"/><text class="gc-axis${i === at ? " at" : ""}" x="${x + 0.45}" y="${H + 0.55}" text-anchor="middle">${b.n}</text>${over}`;
  });
  return `<svg class="gc" viewBox="-1.3 -0.2 ${W + 1.5} ${H + 0.9}" role="img" aria-label="${esc(label)}">${grid.join("")}${cols.join("")}</svg>`;
}
