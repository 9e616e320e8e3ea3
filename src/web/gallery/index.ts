/**
 * Gallery: every solution for N <= 12, grouped by symmetry class, paged; each class shows its
 * members (each saying which symmetry of the canonical board made it) and orbit size, and opens
 * its 8 symmetries enlarged (../symmetry-view.ts; `sym=K` in the address). For larger N, the
 * engine counts in parallel workers with progress. For every N, where the browser has WebGPU,
 * the library's GPU counter can count it too.
 *
 * render.ts draws a listing (head, class cards, pager); this file keeps what the view needs
 * beyond the address (the listings made, the orbit sizes hidden, the jobs) and wires them.
 */

import { MAX_GALLERY_N } from "../../limits.js";
import { type App, disableKeepingFocus, h, keepingFocus, type ModeView } from "../dom.js";
import { GpuCounter } from "../gpu-count.js";
import { num, t } from "../i18n/index.js";
import { Cancelled, type Running, runJob } from "../jobs.js";
import type { PageState } from "../state.js";
import {
  CLASSES_PER_PAGE,
  classCard,
  classSymmetries,
  type Listing,
  listingHead,
  pager,
} from "./render.js";

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
  /** How far the count in workers has come (for what a cancel says). */
  private progress: CountProgress | undefined;
  /**
   * What the count in workers said when leaving the view stopped it, for the next time the
   * counter of that N is drawn (the view is drawn anew, and the count must not vanish unsaid).
   */
  private stoppedNote: { readonly n: number; readonly text: string } | undefined;

  constructor(
    private readonly panel: HTMLElement,
    private readonly app: App,
  ) {
    panel.append(h("div", { class: "wide" }, this.head, this.body));
  }

  dispose(): void {
    this.stop();
  }

  show(state: PageState): void {
    const prev = this.state;
    this.state = state;
    if (prev && prev.n !== state.n) {
      this.stop();
      this.hidden.clear();
    }
    const key = `${state.n}|${state.page}|${state.sym}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    if (state.n > MAX_GALLERY_N) {
      if (state.page !== 0) this.normalisePage(0);
      this.showCounter(state.n);
      return;
    }
    const listing = this.cache.get(state.n);
    if (listing) keepingFocus(this.panel, () => this.showListing(listing, state.page), FALLBACKS);
    else this.load(state.n);
  }

  hide(): void {
    this.stop();
    this.shownKey = "";
  }

  private stop(): void {
    this.job?.cancel();
    this.job = undefined;
    if (this.pool.length > 0 && this.progress) {
      const m = t().gallery;
      this.stoppedNote = { n: this.progress.n, text: m.cancelledLeft(cancelledAt(this.progress)) };
    }
    for (const j of this.pool) j.cancel();
    this.pool = [];
    this.gpu?.stop();
  }

  /** The GPU counter for n, the same one while n stays. */
  /** A page past the end (from a link): the address says the page shown instead. */
  private normalisePage(page: number): void {
    this.shownKey = `${this.state!.n}|${page}|${this.state!.sym}`;
    queueMicrotask(() => this.app.set({ page }, "replace"));
  }

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
      h("h2", {}, t().gallery.title(n)),
      h("p", { class: "callout working" }, h("span", { class: "spinner" }), t().gallery.finding),
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
          this.head.append(
            h("p", { class: "callout bad" }, t().gallery.failed((e as Error).message)),
          );
        }
      },
    );
  }

  private showListing(listing: Listing, page: number): void {
    const { n, classes, total } = listing;
    const m = t().gallery;
    this.head.replaceChildren(
      ...listingHead(listing, this.hidden, (size, sizes) => this.chip(size, sizes)),
    );
    const gpu = this.gpuCounter(n, true, BigInt(total)).el;
    if (total === 0) {
      this.body.replaceChildren(h("p", { class: "callout bad" }, m.none(n)), gpu);
      return;
    }
    const numbered = classes
      .map((c, i) => ({ c, index: i + 1 }))
      .filter(({ c }) => !this.hidden.has(c.orbit));
    const pages = Math.max(1, Math.ceil(numbered.length / CLASSES_PER_PAGE));
    if (page > pages - 1) {
      page = pages - 1;
      this.normalisePage(page);
    }
    const sym = this.state?.sym ?? 0;
    const first = page * CLASSES_PER_PAGE;
    const cards = numbered
      .slice(first, first + CLASSES_PER_PAGE)
      .map(({ c, index }, k) =>
        classCard(this.app, n, c, index, k === 0, sym === index, () => this.toggleSym(index)),
      );
    // The symmetry view of the class asked for (any class, on any page).
    const symClass = sym > 0 ? classes[sym - 1] : undefined;
    const symPart = symClass ? [classSymmetries(this.app, n, symClass, () => this.closeSym())] : [];
    const go = (p: number, say: boolean) => {
      this.app.set({ page: p });
      if (say) {
        this.app.announce(this.panel.querySelector("[data-testid=page-text]")?.textContent ?? "");
      }
    };
    this.body.replaceChildren(
      ...symPart,
      pager(page, pages, numbered.length, true, go),
      h("div", { class: "class-grid" }, ...cards),
      pager(page, pages, numbered.length, false, go),
      gpu,
    );
  }

  /** A chip shows or hides the classes of one orbit size (never all of them). */
  private chip(size: number, sizes: number): void {
    if (this.hidden.has(size)) this.hidden.delete(size);
    else if (this.hidden.size < sizes - 1) this.hidden.add(size);
    this.shownKey = "";
    this.app.set({ page: 0 }, "replace");
  }

  private toggleSym(index: number): void {
    this.app.set({ sym: this.state?.sym === index ? 0 : index });
    requestAnimationFrame(() =>
      this.body.querySelector<HTMLElement>("[data-testid=sym-close]")?.focus(),
    );
  }

  private closeSym(): void {
    const k = this.state!.sym;
    this.app.set({ sym: 0 });
    // The class's own button, or (a view opened by its address for a class on another page)
    // the first class's: never the page's body.
    requestAnimationFrame(() =>
      (
        this.body.querySelector<HTMLElement>(`[data-focus="sym-${k}"]`) ??
        this.body.querySelector<HTMLElement>("[data-focus^=sym-]")
      )?.focus(),
    );
  }

  /** N > 12: count with the engine in parallel workers, with progress. */
  private showCounter(n: number): void {
    this.stop();
    const m = t().gallery;
    const workers = Math.max(1, Math.min(8, navigator.hardwareConcurrency || 2));
    const start = h(
      "button",
      { type: "button", class: "btn primary", "data-testid": "count-all" },
      m.countWith(workers),
    );
    const cancel = h(
      "button",
      { type: "button", class: "btn danger", hidden: true, "data-testid": "count-cancel" },
      t().gpu.cancel,
    );
    const bar = h("progress", { max: 1, value: 0, "aria-label": m.progress });
    const text = h("p", { class: "progress-text", "aria-live": "polite" });
    const result = h("div", { class: "count-result", "data-testid": "count-result" });
    if (this.stoppedNote?.n === n) text.textContent = this.stoppedNote.text;
    const gpu = this.gpuCounter(n, false);
    this.head.replaceChildren(
      h("h2", {}, m.counting(n)),
      h("p", { class: "hint" }, m.countHint(MAX_GALLERY_N, n >= 17)),
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
          text,
          result,
        ),
        gpu.el,
      ),
    );
    /** The count ended: the start button is back (and has the focus if the cancel button had). */
    const ended = () => {
      const refocus = document.activeElement === cancel;
      cancel.hidden = true;
      start.disabled = false;
      if (refocus) start.focus();
    };
    cancel.addEventListener("click", () => {
      for (const j of this.pool) j.cancel();
      this.pool = [];
      ended();
      text.textContent = this.progress ? cancelledAt(this.progress) : m.cancelled;
    });
    start.addEventListener("click", () => {
      cancel.hidden = false;
      disableKeepingFocus(start, cancel);
      result.replaceChildren();
      text.textContent = "";
      this.stoppedNote = undefined;
      const t0 = performance.now();
      const progress: CountProgress = { n, done: 0, parts: 0, found: 0n };
      this.progress = progress;
      const done = new Array<number>(workers).fill(0);
      const found = new Array<bigint>(workers).fill(0n);
      let parts = 0;
      let shown = 0;
      const jobs = Array.from({ length: workers }, (_, part) =>
        runJob({ kind: "count", n, part, parts: workers }, (p) => {
          if (p.kind !== "count") return;
          done[part] = p.done;
          found[part] = BigInt(p.found);
          parts = p.total;
          const d = done.reduce((a, b) => a + b, 0);
          Object.assign(progress, { done: d, parts, found: found.reduce((a, b) => a + b, 0n) });
          bar.max = parts;
          bar.value = d;
          // The text is a live region: rewrite it a few times a second at most.
          const now = performance.now();
          if (now - shown < 500 && d < parts) return;
          shown = now;
          const sum = found.reduce((a, b) => a + b, 0n);
          text.textContent = m.progressText(d, parts, sum, (now - t0) / 1000);
        }),
      );
      this.pool = jobs;
      Promise.all(jobs.map((j) => j.promise)).then(
        (rs) => {
          const total = rs.reduce((a, r) => a + BigInt(r.total), 0n);
          const unique = rs.reduce((a, r) => a + BigInt(r.unique ?? "0"), 0n);
          this.pool = [];
          ended();
          text.textContent = m.doneIn((performance.now() - t0) / 1000);
          result.replaceChildren(
            h(
              "p",
              { class: "big-count" },
              ...m.result(h("strong", {}, num(total)), h("strong", {}, num(unique)), total, n),
            ),
          );
        },
        (e) => {
          for (const j of jobs) j.cancel();
          if (!(e instanceof Cancelled)) {
            // Failed, not stopped: leaving the view later has nothing to cancel or say.
            if (this.pool === jobs) this.pool = [];
            ended();
            text.textContent = m.failed((e as Error).message);
          }
        },
      );
    });
  }
}

/** How far a count in workers has come: sub-problems done of all, solutions found in them. */
interface CountProgress {
  readonly n: number;
  done: number;
  parts: number;
  found: bigint;
}

/** What a cancelled count says: where it stopped. */
function cancelledAt(p: CountProgress): string {
  return t().gallery.cancelledAt(p.done, p.parts, p.found);
}

/** Where focus goes when the pager button it was on is disabled: the other one of that pager. */
const FALLBACKS = (key: string): string[] => [
  key.startsWith("next") ? key.replace("next", "prev") : key.replace("prev", "next"),
];
