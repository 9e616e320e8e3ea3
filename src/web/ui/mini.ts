/** Small crisp boards for the gallery: one SVG each, squares as one path, queens as `<use>`. */

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

/** An SVG picture of a solution; `label` is its accessible name. */
export function miniBoard(cols: readonly number[], label: string): string {
  const n = cols.length;
  const queens = cols
    .map(
      (c, r) =>
        `<use href="#queen-symbol" x="${c + 0.04}" y="${r + 0.04}" width="0.92" height="0.92"/>`,
    )
    .join("");
  return `<svg class="mini" viewBox="0 0 ${n} ${n}" role="img" aria-label="${label}" shape-rendering="crispEdges"><rect class="mini-light" width="${n}" height="${n}"/><path class="mini-dark" d="${darkSquares(n)}"/><g class="mini-q" shape-rendering="geometricPrecision">${queens}</g></svg>`;
}
