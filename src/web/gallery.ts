/**
 * Gallery: every solution for N <= 12, grouped by symmetry class, paged; each class shows its
 * members and orbit size. For larger N, the engine counts in parallel workers with progress.
 * For every N, where the browser has WebGPU, the library's GPU counter can count it too.
 */
import { type App, fmt, fmtTime, h, type ModeView } from "./dom.js";
import { downloadSolutions } from "./export.js";
import { GpuCounter } from "./gpu-count.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import { miniBoard } from "./mini.js";
import type { GalleryClass } from "./protocol.js";
import { formatState, type PageState } from "./state.js";

/** Largest N whose solutions are all listed. */
export const GALLERY_MAX_N = 12;
const CLASSES_PER_PAGE = 6;

const ORBIT_WORDS: Record<number, string> = {
  8: "all 8 rotations and reflections give different boards",
  4: "a half turn gives the same board, so 4 different boards",
  2: "a quarter turn gives the same board, so only 2 different boards",
  1: "every rotation and reflection gives the same board",
};

interface Listing {
  readonly n: number;
  readonly classes: readonly GalleryClass[];
  readonly total: number;
}

export class GalleryMode implements ModeView {
  private readonly head = h("div", { class: "gallery-head" });
  private readonly body = h("div", { class: "gallery-body" });
  private readonly cache = new Map<number, Listing>();
  private job: Running<unknown> | undefined;
  private pool: Running<unknown>[] = [];
  /** The GPU count of the N shown (kept across pages of the listing). */
  private gpu: GpuCounter | undefined;
  private state: PageState | undefined;
  private shownKey = "";
  /** Orbit sizes hidden by the chips (local to the view). */
  private hidden = new Set<number>();

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    panel.append(h("div", { class: "wide" }, this.head, this.body));
  }

  show(state: PageState): void {
    const prev = this.state;
    this.state = state;
    if (prev && prev.n !== state.n) {
      this.stop();
      this.hidden.clear();
    }
    const key = `${state.n}|${state.page}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    if (state.n > GALLERY_MAX_N) {
      this.showCounter(state.n);
      return;
    }
    const listing = this.cache.get(state.n);
    if (listing) this.showListing(listing, state.page);
    else this.load(state.n);
  }

  hide(): void {
    this.stop();
    this.shownKey = "";
  }

  private stop(): void {
    this.job?.cancel();
    this.job = undefined;
    for (const j of this.pool) j.cancel();
    this.pool = [];
    this.gpu?.stop();
  }

  /** The GPU counter for n, the same one while n stays. */
  private gpuCounter(n: number, compact: boolean, expected?: bigint): GpuCounter {
    if (this.gpu?.n !== n || this.gpu.compact !== compact) {
      this.gpu?.stop();
      this.gpu = new GpuCounter(n, this.app, { compact, expected });
    }
    return this.gpu;
  }

  private load(n: number): void {
    this.stop();
    this.head.replaceChildren(
      h("h2", {}, `All solutions for N = ${n}`),
      h(
        "p",
        { class: "callout working" },
        h("span", { class: "spinner" }),
        "Finding every solution…",
      ),
    );
    this.body.replaceChildren();
    const job = runJob({ kind: "gallery", n });
    this.job = job;
    job.promise.then(
      (r) => {
        const listing = { n, classes: r.classes, total: r.total };
        this.cache.set(n, listing);
        if (this.state?.n === n) this.showListing(listing, this.state.page);
      },
      (e) => {
        if (!(e instanceof Cancelled)) {
          this.head.append(h("p", { class: "callout bad" }, `Failed: ${(e as Error).message}`));
        }
      },
    );
  }

  private showListing(listing: Listing, page: number): void {
    const { n, classes, total } = listing;
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
            "aria-pressed": String(!this.hidden.has(size)),
            title: "Show or hide these classes",
          },
          `${count} class${count === 1 ? "" : "es"} of ${size}`,
        );
        b.addEventListener("click", () => {
          if (this.hidden.has(size)) this.hidden.delete(size);
          else if (this.hidden.size < bySize.size - 1) this.hidden.add(size);
          this.shownKey = "";
          this.app.set({ page: 0 });
        });
        return h("li", {}, b);
      });
    const all = () => classes.flatMap((c) => c.members).sort(lex);
    const classOf = () => {
      const m = new Map<string, number>();
      classes.forEach((c, i) => {
        for (const s of c.members) m.set(s.join(","), i + 1);
      });
      return m;
    };
    const exportBtn = (format: "json" | "csv") => {
      const b = h(
        "button",
        { type: "button", class: "btn small", "data-testid": `export-${format}` },
        format.toUpperCase(),
      );
      b.addEventListener("click", () => {
        const list = all();
        const cls = classOf();
        downloadSolutions(format, `nqueens-${n}-solutions`, n, list, {
          header: "class",
          value: (i) => cls.get(list[i]!.join(",")) ?? "",
        });
      });
      return b;
    };
    const headParts: (Node | null)[] = [
      h("h2", {}, `All solutions for N = ${n}`),
      h(
        "p",
        { class: "gallery-summary", "data-testid": "gallery-summary" },
        h("strong", { "data-testid": "solution-count" }, fmt(total)),
        ` solution${total === 1 ? "" : "s"} in `,
        h("strong", { "data-testid": "class-count" }, fmt(classes.length)),
        ` symmetry class${classes.length === 1 ? "" : "es"}`,
      ),
      h("ul", { class: "chips", "aria-label": "Classes by orbit size" }, ...chips),
      h(
        "p",
        { class: "hint" },
        "Boards that a rotation or a reflection turns into each other form one class; its orbit size is how many different boards the eight symmetries make. Click a count above to show or hide those classes; click a board to open it in Play.",
      ),
      total > 0
        ? h(
            "div",
            { class: "export-bar" },
            h("span", { class: "export-label" }, "Download the list"),
            exportBtn("json"),
            exportBtn("csv"),
          )
        : null,
      this.gpuCounter(n, true, BigInt(total)).el,
    ];
    this.head.replaceChildren(...headParts.filter((x): x is Node => x !== null));
    if (total === 0) {
      this.body.replaceChildren(
        h(
          "p",
          { class: "callout bad" },
          `No solutions: on a ${n}×${n} board some two queens always attack each other.`,
        ),
      );
      return;
    }
    const numbered = classes
      .map((c, i) => ({ c, index: i + 1 }))
      .filter(({ c }) => !this.hidden.has(c.orbit));
    const pages = Math.max(1, Math.ceil(numbered.length / CLASSES_PER_PAGE));
    page = Math.min(page, pages - 1);
    const first = page * CLASSES_PER_PAGE;
    const cards = numbered.slice(first, first + CLASSES_PER_PAGE).map(({ c, index }) => {
      const members = c.members.map((cols, j) => {
        const href = `#${formatState({ mode: "play", n, queens: cols.map((col, row) => ({ row, col })), step: 0, page: 0 })}`;
        const a = h("a", {
          class: `member${j === 0 ? " canonical" : ""}`,
          href,
          title: `Open ${cols.map((x) => x + 1).join(" ")} in Play`,
        });
        a.innerHTML = miniBoard(
          cols,
          `${j === 0 ? "Canonical solution" : "Solution"}: queens in columns ${cols.map((x) => x + 1).join(", ")}`,
        );
        return h("li", {}, a);
      });
      return h(
        "article",
        { class: "class-card", "data-testid": "class-card", "aria-label": `Class ${index}` },
        h(
          "header",
          {},
          h("h3", {}, `Class ${index}`),
          h("span", { class: `orbit orbit-${c.orbit}` }, `orbit ${c.orbit}`),
        ),
        h("p", { class: "orbit-words" }, ORBIT_WORDS[c.orbit] ?? ""),
        h("ul", { class: "members" }, ...members),
      );
    });
    this.body.replaceChildren(
      this.pager(page, pages, numbered.length, true),
      h("div", { class: "class-grid" }, ...cards),
      this.pager(page, pages, numbered.length, false),
    );
  }

  private pager(page: number, pages: number, count: number, jump: boolean): HTMLElement {
    const go = (p: number) => () => this.app.set({ page: p });
    const prev = h(
      "button",
      { type: "button", class: "btn small", disabled: page === 0, "data-testid": "prev-page" },
      "← Previous",
    );
    prev.addEventListener("click", go(page - 1));
    const next = h(
      "button",
      {
        type: "button",
        class: "btn small",
        disabled: page >= pages - 1,
        "data-testid": "next-page",
      },
      "Next →",
    );
    next.addEventListener("click", go(page + 1));
    const from = page * CLASSES_PER_PAGE + 1;
    const to = Math.min(count, from + CLASSES_PER_PAGE - 1);
    const parts: HTMLElement[] = [
      prev,
      h(
        "span",
        { class: "pager-text", "data-testid": "page-text" },
        `Classes ${from}–${to} of ${count} · page ${page + 1} of ${pages}`,
      ),
      next,
    ];
    if (jump && pages > 2) {
      const input = h("input", {
        type: "number",
        min: 1,
        max: pages,
        value: page + 1,
        "aria-label": "Page number",
      });
      input.addEventListener("change", () => {
        const p = Math.round(Number(input.value));
        if (p >= 1 && p <= pages) this.app.set({ page: p - 1 });
      });
      parts.push(h("label", { class: "page-jump" }, "Go to page", input));
    }
    return h(
      "nav",
      { class: "pager", "aria-label": jump ? "Pages of classes" : "Pages of classes, bottom" },
      ...parts,
    );
  }

  /** N > 12: count with the engine in parallel workers, with progress. */
  private showCounter(n: number): void {
    this.stop();
    const workers = Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));
    const start = h(
      "button",
      { type: "button", class: "btn primary", "data-testid": "count-all" },
      `Count with ${workers} worker${workers === 1 ? "" : "s"}`,
    );
    const cancel = h("button", { type: "button", class: "btn danger", hidden: true }, "Cancel");
    const bar = h("progress", { max: 1, value: 0, "aria-label": "Counting progress" });
    const text = h("p", { class: "progress-text", "aria-live": "polite" });
    const result = h("div", { class: "count-result", "data-testid": "count-result" });
    const gpu = this.gpuCounter(n, false);
    this.head.replaceChildren(
      h("h2", {}, `Counting the solutions for N = ${n}`),
      h(
        "p",
        { class: "hint" },
        `Above N = ${GALLERY_MAX_N} there are too many solutions to draw. The library's engine splits the count into independent sub-problems (the queens on the border of the board) and the page counts them in parallel Web Workers, or on the GPU where the browser has WebGPU. ${n >= 17 ? "On the CPU this takes minutes or longer in a browser." : ""}`,
      ),
    );
    this.body.replaceChildren(
      h(
        "div",
        { class: "counter-grid" },
        h(
          "section",
          { class: "counter-card" },
          h("h3", {}, "In Web Workers ", h("span", { class: "tag" }, "CPU")),
          h(
            "p",
            { class: "hint" },
            "The library's counting engine, one share of the sub-problems per worker.",
          ),
          h("div", { class: "actions" }, start, cancel),
          bar,
          text,
          result,
        ),
        gpu.el,
      ),
    );
    cancel.addEventListener("click", () => {
      for (const j of this.pool) j.cancel();
      this.pool = [];
      cancel.hidden = true;
      start.disabled = false;
      text.textContent = "Cancelled.";
    });
    start.addEventListener("click", () => {
      start.disabled = true;
      cancel.hidden = false;
      result.replaceChildren();
      const t0 = performance.now();
      const done = new Array<number>(workers).fill(0);
      const found = new Array<bigint>(workers).fill(0n);
      let parts = 0;
      const jobs = Array.from({ length: workers }, (_, part) =>
        runJob({ kind: "count", n, part, parts: workers }, (p) => {
          if (p.kind !== "count") return;
          done[part] = p.done;
          found[part] = BigInt(p.found);
          parts = p.total;
          const d = done.reduce((a, b) => a + b, 0);
          bar.max = parts;
          bar.value = d;
          const secs = (performance.now() - t0) / 1000;
          text.textContent = `${fmt(d)} of ${fmt(parts)} sub-problems · ${fmt(found.reduce((a, b) => a + b, 0n))} solutions so far · ${fmtTime(secs)}`;
        }),
      );
      this.pool = jobs;
      Promise.all(jobs.map((j) => j.promise)).then(
        (rs) => {
          const total = rs.reduce((a, r) => a + BigInt(r.total), 0n);
          const unique = rs.reduce((a, r) => a + BigInt(r.unique ?? "0"), 0n);
          cancel.hidden = true;
          start.disabled = false;
          this.pool = [];
          text.textContent = `Done in ${fmtTime((performance.now() - t0) / 1000)}.`;
          result.replaceChildren(
            h(
              "p",
              { class: "big-count" },
              h("strong", {}, fmt(total)),
              ` solutions for N = ${n}, in `,
              h("strong", {}, fmt(unique)),
              " symmetry classes.",
            ),
          );
        },
        (e) => {
          for (const j of jobs) j.cancel();
          if (!(e instanceof Cancelled)) text.textContent = `Failed: ${(e as Error).message}`;
        },
      );
    });
  }
}

function lex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
