/**
 * A solution enlarged beside its 8 images under the symmetries of the square (the library's
 * TRANSFORMS), each labelled with the turn or mirror that made it; images that are the same
 * board say so, and the canonical one (the least, read row by row) is outlined in gold and
 * explained. Play shows it for a solved board, the Gallery for any class.
 */
import { canonical, orbitSize, TRANSFORMS, type Transform, transform } from "../../symmetry.js";
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import { DEFAULT_STATE, formatState } from "../state.js";
import { miniBoard } from "./mini.js";

/** The first transform (in TRANSFORMS order) that turns `from` into `to`. */
export function transformBetween(from: readonly number[], to: readonly number[]): Transform {
  const key = to.join(",");
  return TRANSFORMS.find((tr) => transform(from, tr).join(",") === key) ?? "identity";
}

export interface SymmetryViewOptions {
  /** Opens an image in Play (a click on it); the link works without it too. */
  readonly onOpen?: (cols: readonly number[]) => void;
  /** Closes the view (its close button and Escape); a view without it stays (the lesson's). */
  readonly onClose?: () => void;
}

let views = 0;

/** The view of `cols` (a solution) and its 8 images. */
export function symmetryView(cols: readonly number[], options: SymmetryViewOptions): HTMLElement {
  const m = t().sym;
  const n = cols.length;
  const least = canonical(cols);
  const leastKey = least.join(",");
  const seen = new Map<string, Transform>();
  const figures = TRANSFORMS.map((tr) => {
    const img = transform(cols, tr);
    const key = img.join(",");
    const first = seen.get(key);
    if (!first) seen.set(key, tr);
    const isCanonical = key === leastKey && (!first || first === tr);
    const name = m.names[tr];
    const queens = img.map((col, row) => ({ row, col }));
    const a = h("a", {
      class: `sym-board${isCanonical ? " canonical" : ""}`,
      href: `#${formatState({ ...DEFAULT_STATE, mode: "play", n, queens })}`,
      title: m.open,
    });
    a.innerHTML = miniBoard(img, m.image(name, img, key === leastKey));
    a.addEventListener("click", (e) => {
      if (!options.onOpen || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      options.onOpen(img);
    });
    return h(
      "figure",
      { class: "sym-image", "data-testid": "sym-image", "data-transform": tr },
      a,
      h(
        "figcaption",
        {},
        h("span", { class: "sym-name" }, name),
        key === leastKey ? h("span", { class: "tag canonical-tag" }, m.canonical) : null,
        first ? h("span", { class: "sym-same" }, m.same(m.names[first])) : null,
      ),
    );
  });
  const big = h("div", { class: "sym-big", "aria-hidden": "true" });
  big.innerHTML = miniBoard(cols, "");
  const onClose = options.onClose;
  const close = onClose
    ? h("button", { type: "button", class: "btn small", "data-testid": "sym-close" }, m.close)
    : null;
  close?.addEventListener("click", () => onClose?.());
  const id = `sym-title-${++views}`;
  const view = h(
    "section",
    { class: "sym-view", "aria-labelledby": id, "data-testid": "sym-view" },
    h("header", {}, h("h3", { id }, m.title), close),
    h(
      "div",
      { class: "sym-body" },
      big,
      h(
        "div",
        {},
        h("p", { class: "sym-explain" }, m.explain(least), " ", m.orbit(orbitSize(cols))),
        h("div", { class: "sym-grid" }, ...figures),
      ),
    ),
  );
  // Escape closes the view from anywhere inside it, as the close button does.
  view.addEventListener("keydown", (e) => {
    if (!onClose || e.key !== "Escape" || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  });
  return view;
}
