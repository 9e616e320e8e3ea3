/** The queen drawn on every board: one path in a 100×100 box, so it stays crisp at any size. */
export const QUEEN_PATH =
  "M26 74 L14 31 L30 50 L36 20 L46 47 L50 16 L54 47 L64 20 L70 50 L86 31 L74 74 Z " +
  "M22 79 H78 L82 90 H18 Z";

/** The tips of the crown, drawn as small balls. */
export const QUEEN_BALLS: readonly (readonly [number, number])[] = [
  [14, 29],
  [36, 18],
  [50, 13],
  [64, 18],
  [86, 29],
];

/** The queen as SVG elements in a 100×100 box (fill comes from `fill`). */
export function queenSvg(fill: string, stroke = "none"): string {
  const balls = QUEEN_BALLS.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5"/>`).join("");
  return `<g fill="${fill}" stroke="${stroke}" stroke-width="3" stroke-linejoin="round"><path d="${QUEEN_PATH}"/>${balls}</g>`;
}
