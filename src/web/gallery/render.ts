/**
 * The Gallery's drawing: the head of a listing (the counts, the orbit chips, the downloads), a
 * page of class cards, the pager and the symmetry view of a class. Each function builds the
 * elements from the listing and the page's state; the reader's clicks go to the callbacks that
 * index.ts passes, which change the state.
 */
import type { App } from "../dom.js";
import { h } from "../dom.js";
import { num, t } from "../i18n/index.js";
import type { GalleryClass } from "../protocol.js";
import { DEFAULT_STATE, formatState } from "../state.js";
import { downloadSolutions } from "../ui/export.js";
import { miniBoard } from "../ui/mini.js";
import { symmetryView, transformBetween } from "../ui/symmetry-view.js";

/** Classes on one page of the listing. */
export const CLASSES_PER_PAGE = 6;

/** Every solution of one N, grouped by symmetry class. */
export interface Listing {
  readonly n: number;
  readonly classes: readonly GalleryClass[];
  readonly total: number;
}

/** The head of a listing: the title, the counts, the orbit chips and the downloads. */
export function listingHead(
  listing: Listing,
  hidden: ReadonlySet<number>,
  onChip: (size: number, sizes: number) => void,
): Node[] {
  const { n, classes, total } = listing;
  const m = t().gallery;
  const bySize = new Map<number, number>();
  for (const c of classes) bySize.set(c.orbit, (bySize.get(c.orbit) ?? 0) + 1);
  const chips = [...bySize.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([size, count]) => {
      const b = h(
        "button",
        {
          type: "button",
          class: "chip",
          "aria-pressed": String(!hidden.has(size)),
          title: m.chipTitle,
          "data-focus": `chip-${size}`,
          "data-testid": "chip",
        },
        m.chip(count, size),
      );
      b.addEventListener("click", () => onChip(size, bySize.size));
      return h("li", {}, b);
    });
  const parts: (Node | null)[] = [
    h("h2", {}, m.title(n)),
    h(
      "p",
      { class: "gallery-summary", "data-testid": "gallery-summary" },
      ...m.summary(
        h("strong", { "data-testid": "solution-count" }, num(total)),
        h("strong", { "data-testid": "class-count" }, num(classes.length)),
        total,
        classes.length,
      ),
    ),
    h(
      "div",
      { class: "gallery-tools" },
      h("ul", { class: "chips", "aria-label": m.chips }, ...chips),
      total > 0
        ? h(
            "div",
            { class: "export-bar", role: "group", "aria-label": m.download },
            h("span", { class: "export-label", "aria-hidden": "true" }, m.download),
            exportButton(listing, "json"),
            exportButton(listing, "csv"),
          )
        : null,
    ),
    h("p", { class: "hint" }, m.hint),
  ];
  return parts.filter((x): x is Node => x !== null);
}

/** Downloads every solution, in order, with its class number. */
function exportButton(listing: Listing, format: "json" | "csv"): HTMLButtonElement {
  const { n, classes } = listing;
  const b = h(
    "button",
    { type: "button", class: "btn small", "data-testid": `export-${format}` },
    format.toUpperCase(),
  );
  b.addEventListener("click", () => {
    const list = classes.flatMap((c) => c.members).sort(lex);
    const classOf = new Map<string, number>();
    classes.forEach((c, i) => {
      for (const s of c.members) classOf.set(s.join(","), i + 1);
    });
    downloadSolutions(format, `nqueens-${n}-solutions`, n, list, {
      header: "class",
      value: (i) => classOf.get(list[i]!.join(",")) ?? "",
    });
  });
  return b;
}

/**
 * One class: its members (each a link to Play, saying which symmetry of the canonical board made
 * it), its orbit, and the button that opens its symmetries. `first`: the first card of the page,
 * which says what the gold outline and the captions mean.
 */
export function classCard(
  app: App,
  n: number,
  c: GalleryClass,
  index: number,
  first: boolean,
  symShown: boolean,
  onSym: () => void,
): HTMLElement {
  const m = t().gallery;
  const canon = c.members[0]!;
  const members = c.members.map((cols, j) => {
    const made = t().sym.names[transformBetween(canon, cols)];
    const queens = cols.map((col, row) => ({ row, col }));
    const href = `#${formatState({ ...DEFAULT_STATE, mode: "play", n, queens })}`;
    const a = h("a", {
      class: `member${j === 0 ? " canonical" : ""}`,
      href,
      title: m.open(cols),
    });
    a.innerHTML = miniBoard(cols, `${m.mini(j === 0, cols)} (${made})`);
    a.addEventListener("click", (e) => {
      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
      // A new history entry like any mode change, and the focus goes to the board opened.
      e.preventDefault();
      app.set({ mode: "play", queens }, "push");
      document.querySelector<HTMLElement>("#panel-play [role=grid] [tabindex='0']")?.focus();
    });
    return h("li", {}, a, h("span", { class: "member-how", "aria-hidden": "true" }, m.made(made)));
  });
  const heading = `class-${index}`;
  const symBtn = h(
    "button",
    {
      type: "button",
      class: "btn small class-sym",
      "data-testid": "class-symmetries",
      "data-focus": `sym-${index}`,
      "aria-expanded": String(symShown),
    },
    m.showSymmetries,
  );
  symBtn.addEventListener("click", onSym);
  return h(
    "article",
    { class: "class-card", "data-testid": "class-card", "aria-labelledby": heading },
    h(
      "header",
      {},
      h("h3", { id: heading }, m.classTitle(index)),
      h("span", { class: `orbit orbit-${c.orbit}` }, m.orbitBadge(c.orbit)),
    ),
    h("p", { class: "orbit-words" }, m.orbit[c.orbit] ?? ""),
    h("ul", { class: "members" }, ...members),
    first ? h("p", { class: "gold-key" }, m.goldKey) : null,
    symBtn,
  );
}

/** The symmetry view of a class; an image opens in Play as a new history entry. */
export function classSymmetries(
  app: App,
  n: number,
  c: GalleryClass,
  onClose: () => void,
): HTMLElement {
  return symmetryView(c.members[0]!, {
    onClose,
    onOpen: (cols) => {
      app.set(
        { ...DEFAULT_STATE, mode: "play", n, queens: cols.map((col, row) => ({ row, col })) },
        "push",
      );
    },
  });
}

/**
 * The pager (the top one, `jump`, also has a page field when there are more than two pages).
 * `go` changes the page; `say`: the page's words are said (the buttons, not the field).
 */
export function pager(
  page: number,
  pages: number,
  count: number,
  jump: boolean,
  go: (page: number, say: boolean) => void,
): HTMLElement {
  const m = t().gallery;
  const where = jump ? "top" : "bottom";
  const prev = h(
    "button",
    {
      type: "button",
      class: "btn small",
      disabled: page === 0,
      "data-testid": "prev-page",
      "data-focus": `prev-${where}`,
    },
    m.prev,
  );
  prev.addEventListener("click", () => go(page - 1, true));
  const next = h(
    "button",
    {
      type: "button",
      class: "btn small",
      disabled: page >= pages - 1,
      "data-testid": "next-page",
      "data-focus": `next-${where}`,
    },
    m.next,
  );
  next.addEventListener("click", () => go(page + 1, true));
  const from = page * CLASSES_PER_PAGE + 1;
  const to = Math.min(count, from + CLASSES_PER_PAGE - 1);
  const parts: HTMLElement[] = [
    prev,
    h(
      "span",
      { class: "pager-text", "data-testid": "page-text" },
      m.pageText(from, to, count, page + 1, pages),
    ),
    next,
  ];
  if (jump && pages > 2) {
    const input = h("input", {
      type: "number",
      min: 1,
      max: pages,
      value: page + 1,
      "aria-label": m.pageNumber,
      "data-focus": "page-jump",
    });
    input.addEventListener("change", () => {
      const p = Math.round(Number(input.value));
      if (p >= 1 && p <= pages) go(p - 1, false);
    });
    parts.push(h("label", { class: "page-jump" }, m.goTo, input));
  }
  return h("nav", { class: "pager", "aria-label": jump ? m.pages : m.pagesBottom }, ...parts);
}

function lex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
