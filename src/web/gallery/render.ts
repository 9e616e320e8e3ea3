/**
 * The Gallery's drawing, the only code of the mode that writes the page: the head of a listing
 * (the counts, the orbit chips, the downloads), a page of class cards, the pager and the symmetry
 * view of a class; the listing being made; the counter of the larger N (the count in workers,
 * beside the GPU's). Each part is drawn from the listing, the model's values (model.ts) and the
 * state (state.ts); the reader's clicks go to the callbacks that index.ts passes, which change
 * the state.
 */
import { MAX_GALLERY_N } from "../../limits.js";
import type { App } from "../dom.js";
import { disableKeepingFocus, h, keepingFocus } from "../dom.js";
import { num, t } from "../i18n/index.js";
import type { GalleryClass } from "../protocol.js";
import { DEFAULT_STATE, formatState } from "../state.js";
import { downloadSolutions } from "../ui/export.js";
import { miniBoard } from "../ui/mini.js";
import { symmetryView, transformBetween } from "../ui/symmetry-view.js";
import {
  countLineText,
  type Listing,
  type ListingPage,
  orbitChips,
  pageText,
  solutionRows,
} from "./model.js";
import type { WorkerCount } from "./state.js";

/** The head of a listing: the title, the counts, the orbit chips and the downloads. */
function listingHead(
  listing: Listing,
  hidden: ReadonlySet<number>,
  onChip: (size: number, sizes: number) => void,
): Node[] {
  const { n, classes, total } = listing;
  const m = t().gallery;
  const all = orbitChips(listing, hidden);
  const chips = all.map(({ size, count, shown }) => {
    const b = h(
      "button",
      {
        type: "button",
        class: "chip",
        "aria-pressed": String(shown),
        title: m.chipTitle,
        "data-focus": `chip-${size}`,
        "data-testid": "chip",
      },
      m.chip(count, size),
    );
    b.addEventListener("click", () => onChip(size, all.length));
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
  const { n } = listing;
  const b = h(
    "button",
    { type: "button", class: "btn small", "data-testid": `export-${format}` },
    format.toUpperCase(),
  );
  b.addEventListener("click", () => {
    const { list, classOf } = solutionRows(listing);
    downloadSolutions(format, `nqueens-${n}-solutions`, n, list, {
      header: "class",
      value: (i) => classOf[i] ?? "",
    });
  });
  return b;
}

/**
 * One class: its members (each a link to Play, saying which symmetry of the canonical board made
 * it), its orbit, and the button that opens its symmetries. `first`: the first card of the page,
 * which says what the gold outline and the captions mean.
 */
function classCard(
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
function classSymmetries(app: App, n: number, c: GalleryClass, onClose: () => void): HTMLElement {
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
function pager(
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
  const parts: HTMLElement[] = [
    prev,
    h("span", { class: "pager-text", "data-testid": "page-text" }, pageText(page, pages, count)),
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

/** What the reader does in the Gallery, wired by index.ts to state changes. */
export interface GalleryActions {
  /** A chip: show or hide the classes of one orbit size (of `sizes`). */
  chip(size: number, sizes: number): void;
  /** A class's button: open its symmetries, or close them if open. */
  sym(index: number): void;
  /** The symmetry view's close button. */
  closeSym(): void;
  /** The pager: page `page`; `say`: its words are said (the buttons, not the field). */
  go(page: number, say: boolean): void;
  /** The count in workers: start, cancel. */
  start(): void;
  cancel(): void;
}

/** The counter's elements that change as the count runs. */
interface CounterParts {
  readonly start: HTMLButtonElement;
  readonly cancel: HTMLButtonElement;
  readonly bar: HTMLProgressElement;
  readonly line: HTMLElement;
  readonly result: HTMLElement;
  /** What they were drawn for. */
  running: boolean;
  shown: WorkerCount["result"];
}

/** The Gallery's view: a listing (or the listing being made) or, for larger N, the counter. */
export class GalleryView {
  private readonly head = h("div", { class: "gallery-head" });
  private readonly body = h("div", { class: "gallery-body" });
  private counter: CounterParts | undefined;

  constructor(
    private readonly panel: HTMLElement,
    private readonly app: App,
  ) {
    panel.append(h("div", { class: "wide" }, this.head, this.body));
  }

  /** Runs `redraw` keeping the keyboard's focus on its control (or the other pager button). */
  keepingFocus(redraw: () => void): void {
    keepingFocus(this.panel, redraw, FALLBACKS);
  }

  /** The listing of n being made. */
  drawLoading(n: number): void {
    this.counter = undefined;
    this.head.replaceChildren(
      h("h2", {}, t().gallery.title(n)),
      h("p", { class: "callout working" }, h("span", { class: "spinner" }), t().gallery.finding),
    );
    this.body.replaceChildren();
  }

  /** The listing could not be made. */
  drawLoadFailed(message: string): void {
    this.head.append(h("p", { class: "callout bad" }, t().gallery.failed(message)));
  }

  /** A page of a listing (`at`: model.ts listingPage), with the GPU's counter under it. */
  drawListing(
    listing: Listing,
    at: ListingPage,
    hidden: ReadonlySet<number>,
    sym: number,
    gpu: HTMLElement,
    act: GalleryActions,
  ): void {
    const { n, total } = listing;
    this.counter = undefined;
    this.head.replaceChildren(...listingHead(listing, hidden, act.chip));
    if (total === 0) {
      this.body.replaceChildren(h("p", { class: "callout bad" }, t().gallery.none(n)), gpu);
      return;
    }
    const cards = at.cards.map(({ c, index }, k) =>
      classCard(this.app, n, c, index, k === 0, sym === index, () => act.sym(index)),
    );
    const symPart = at.symClass ? [classSymmetries(this.app, n, at.symClass, act.closeSym)] : [];
    this.body.replaceChildren(
      ...symPart,
      pager(at.page, at.pages, at.count, true, act.go),
      h("div", { class: "class-grid" }, ...cards),
      pager(at.page, at.pages, at.count, false, act.go),
      gpu,
    );
  }

  /** N > MAX_GALLERY_N: the counter of the count in workers, beside the GPU's counter. */
  drawCounter(c: WorkerCount, gpu: HTMLElement, act: GalleryActions): void {
    const m = t().gallery;
    const start = h(
      "button",
      { type: "button", class: "btn primary", "data-testid": "count-all" },
      m.countWith(c.workers),
    );
    const cancel = h(
      "button",
      { type: "button", class: "btn danger", hidden: true, "data-testid": "count-cancel" },
      t().gpu.cancel,
    );
    const bar = h("progress", { max: 1, value: 0, "aria-label": m.progress });
    const line = h("p", { class: "progress-text", "aria-live": "polite" });
    const result = h("div", { class: "count-result", "data-testid": "count-result" });
    cancel.addEventListener("click", act.cancel);
    start.addEventListener("click", act.start);
    this.counter = { start, cancel, bar, line, result, running: false, shown: undefined };
    this.head.replaceChildren(
      h("h2", {}, m.counting(c.n)),
      h("p", { class: "hint" }, m.countHint(MAX_GALLERY_N, c.n >= 17)),
    );
    this.body.replaceChildren(
      h(
        "div",
        { class: "counter-grid" },
        h(
          "section",
          { class: "counter-card" },
          h("h3", {}, `${m.workersTitle} `, h("span", { class: "tag" }, "CPU")),
          h("p", { class: "hint" }, m.workersHint),
          h("div", { class: "actions" }, start, cancel),
          bar,
          line,
          result,
        ),
        gpu,
      ),
    );
    this.drawCount(c);
  }

  /** The count in workers as it runs: its buttons, bar, line and result. */
  drawCount(c: WorkerCount): void {
    const v = this.counter;
    if (!v) return;
    if (c.running && !v.running) {
      v.cancel.hidden = false;
      disableKeepingFocus(v.start, v.cancel);
    } else if (!c.running && v.running) {
      // The start button is back (and has the focus if the cancel button had).
      const refocus = document.activeElement === v.cancel;
      v.cancel.hidden = true;
      v.start.disabled = false;
      if (refocus) v.start.focus();
    }
    v.running = c.running;
    v.bar.max = c.bar.max;
    v.bar.value = c.bar.value;
    // A live region: rewritten only when what it says changes.
    const text = countLineText(c.line);
    if (v.line.textContent !== text) v.line.textContent = text;
    if (v.shown !== c.result) {
      v.shown = c.result;
      const r = c.result;
      const m = t().gallery;
      v.result.replaceChildren(
        ...(r
          ? [
              h(
                "p",
                { class: "big-count" },
                ...m.result(
                  h("strong", {}, num(r.total)),
                  h("strong", {}, num(r.unique)),
                  r.total,
                  c.n,
                ),
              ),
            ]
          : []),
      );
    }
  }

  /** After the symmetry view opened: its close button. */
  focusSymClose(): void {
    requestAnimationFrame(() =>
      this.body.querySelector<HTMLElement>("[data-testid=sym-close]")?.focus(),
    );
  }

  /**
   * After the symmetry view of class k closed: the class's own button, or (a view opened by its
   * address for a class on another page) the first class's: never the page's body.
   */
  focusSymButton(k: number): void {
    requestAnimationFrame(() =>
      (
        this.body.querySelector<HTMLElement>(`[data-focus="sym-${k}"]`) ??
        this.body.querySelector<HTMLElement>("[data-focus^=sym-]")
      )?.focus(),
    );
  }
}

/** Where focus goes when the pager button it was on is disabled: the other one of that pager. */
const FALLBACKS = (key: string): string[] => [
  key.startsWith("next") ? key.replace("next", "prev") : key.replace("prev", "next"),
];
