/**
 * Small crisp boards, one SVG each, squares as one path, queens as `<use>`: the gallery's
 * solutions.
 */
import type { Queen } from "../../board.js";

const darkCache = new Map<number, string>();

/** The dark squares of an n×n board as one path in a unit-square coordinate system. */
function darkSquares(n: number): string {
  let d = darkCache.get(n);
  if (!d) {
    const parts: string[] = [];
    for (let r = 0; r < n; r++) {
      for (let c = (r + 1) % 2; c < n; c += 2) parts.push(`M${c} ${r}h1v1h-1z`);
    }
    d = parts.join("");
    darkCache.set(n, d);
  }
  return d;
}

/** The n×n board's squares with `inner` drawn over them; `attrs` go on the `<svg>`. */
function boardSvg(n: number, attrs: string, inner: string): string {
  return `<svg class="mini" viewBox="0 0 ${n} ${n}"${attrs} shape-rendering="crispEdges"><rect class="mini-light" width="${n}" height="${n}"/><path class="mini-dark" d="${darkSquares(n)}"/>${inner}</svg>`;
}

/** Queens as `<use>`s of the page's queen symbol, each on its square. */
function queenUses(queens: readonly Queen[]): string {
  return queens
    .map(
      (q) =>
        `<use href="#queen-symbol" x="${q.col + 0.04}" y="${q.row + 0.04}" width="0.92" height="0.92"/>`,
    )
    .join("");
}

/** An SVG picture of a solution; `label` is its accessible name. */
export function miniBoard(cols: readonly number[], label: string): string {
  const queens = queenUses(cols.map((col, row) => ({ row, col })));
  return boardSvg(
    cols.length,
    ` role="img" aria-label="${label}"`,
    `<g class="mini-q" shape-rendering="geometricPrecision">${queens}</g>`,
  );
}

/**
 * An SVG picture of some queens on the n×n board, with the squares `outlined` marked (a
 * question's choices); no accessible name: the words beside it say the same. `more`: squares
 * filled as a hint says them (an exercise's), queens drawn faded (an answer's placement) and
 * letters on squares (an exercise's choices).
 */
export function miniPosition(
  n: number,
  queens: readonly Queen[],
  outlined: readonly Queen[],
  more: {
    readonly hinted?: readonly Queen[];
    readonly faded?: readonly Queen[];
    /** A letter or two on a square (an exercise's choices, named A to D). */
    readonly letters?: readonly { readonly square: Queen; readonly text: string }[];
  } = {},
): string {
  const marks = outlined
    .map(
      (q) =>
        `<rect class="lesson-mark" x="${q.col + 0.12}" y="${q.row + 0.12}" width="0.76" height="0.76"/>`,
    )
    .join("");
  const hinted = (more.hinted ?? [])
    .map((q) => `<rect class="mini-hint" x="${q.col}" y="${q.row}" width="1" height="1"/>`)
    .join("");
  const faded = more.faded?.length
    ? `<g class="mini-q mini-faded">${queenUses(more.faded)}</g>`
    : "";
  const letters = (more.letters ?? [])
    .map(
      (l) =>
        `<text class="mini-letter" x="${l.square.col + 0.5}" y="${l.square.row + 0.7}" text-anchor="middle" font-size="0.5">${l.text}</text>`,
    )
    .join("");
  return boardSvg(
    n,
    "",
    `${hinted}<g shape-rendering="geometricPrecision">${marks}${letters}<g class="mini-q">${queenUses(queens)}</g>${faded}</g>`,
  );
}
