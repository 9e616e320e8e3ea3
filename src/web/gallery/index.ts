/**
 * Gallery: every solution for N <= 12, grouped by symmetry class, paged; each class shows its
 * members (each saying which symmetry of the canonical board made it) and orbit size, and opens
 * its 8 symmetries enlarged (../symmetry-view.ts; `sym=K` in the address). For larger N, the
 * engine counts in parallel workers with progress. For every N, where the browser has WebGPU,
 * the library's GPU counter can count it too.
 *
 * state.ts keeps what the view needs beyond the address (the listings made, the orbit sizes
 * hidden, the jobs, the count in workers), model.ts turns it into values (the page of cards, the
 * chips, the count's line), render.ts draws them; this file wires the reader's clicks to state
 * changes, runs the jobs, and is the folder's door.
 */

import { MAX_GALLERY_N } from "../../limits.js";
import type { App, ModeView } from "../dom.js";
import { GpuCounter } from "../gpu-count.js";
import { Cancelled, runJob } from "../jobs.js";
import type { PageState } from "../state.js";
import { counterWorkers, type Listing, listingPage, pageText } from "./model.js";
import { type GalleryActions, GalleryView } from "./render.js";
import {
  countCancelled,
  countDone,
  countFailed,
  countProgressed,
  countStarted,
  initialState,
  newCount,
  shownKeyOf,
  stopJobs,
  toggleOrbit,
} from "./state.js";

export class GalleryMode implements ModeView {
  private readonly gs = initialState();
  private readonly view: GalleryView;
  private readonly act: GalleryActions = {
    chip: (size, sizes) => {
      toggleOrbit(this.gs, size, sizes);
      this.gs.shownKey = "";
      this.app.set({ page: 0 }, "replace");
    },
    sym: (index) => {
      this.app.set({ sym: this.gs.page?.sym === index ? 0 : index });
      this.view.focusSymClose();
    },
    closeSym: () => {
      const k = this.gs.page!.sym;
      this.app.set({ sym: 0 });
      this.view.focusSymButton(k);
    },
    go: (page, say) => this.go(page, say),
    start: () => this.startCount(),
    cancel: () => {
      const c = this.gs.count;
      if (!c) return;
      countCancelled(c);
      this.view.drawCount(c);
    },
  };

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    this.view = new GalleryView(panel, app);
  }

  dispose(): void {
    stopJobs(this.gs);
  }

  show(state: PageState): void {
    const gs = this.gs;
    const prev = gs.page;
    gs.page = state;
    if (prev && prev.n !== state.n) {
      stopJobs(gs);
      gs.hidden.clear();
    }
    const key = shownKeyOf(state);
    if (key === gs.shownKey) return;
    gs.shownKey = key;
    if (state.n > MAX_GALLERY_N) {
      if (state.page !== 0) this.normalisePage(0);
      this.showCounter(state.n);
      return;
    }
    const listing = gs.listings.get(state.n);
    if (listing) this.view.keepingFocus(() => this.showListing(listing, state.page));
    else this.load(state.n);
  }

  hide(): void {
    stopJobs(this.gs);
    this.gs.shownKey = "";
  }

  /** A page past the end (from a link): the address says the page shown instead. */
  private normalisePage(page: number): void {
    this.gs.shownKey = shownKeyOf({ ...this.gs.page!, page });
    queueMicrotask(() => this.app.set({ page }, "replace"));
  }

  /** The GPU counter for n, the same one while n stays. */
  private gpuCounter(n: number, compact: boolean, expected?: bigint): GpuCounter {
    const gs = this.gs;
    if (gs.gpu?.n !== n || gs.gpu.compact !== compact) {
      gs.gpu?.stop();
      gs.gpu = new GpuCounter(n, this.app, { compact, expected });
    }
    return gs.gpu;
  }

  private load(n: number): void {
    const gs = this.gs;
    stopJobs(gs);
    this.view.drawLoading(n);
    const job = runJob({ kind: "gallery", n });
    gs.job = job;
    job.promise.then(
      (r) => {
        const listing = { n, classes: r.classes, total: r.total };
        gs.listings.set(n, listing);
        if (gs.page?.n === n) this.showListing(listing, gs.page.page);
      },
      (e) => {
        if (!(e instanceof Cancelled)) this.view.drawLoadFailed((e as Error).message);
      },
    );
  }

  private showListing(listing: Listing, page: number): void {
    const gs = this.gs;
    const sym = gs.page?.sym ?? 0;
    const at = listingPage(listing, gs.hidden, page, sym);
    const gpu = this.gpuCounter(listing.n, true, BigInt(listing.total)).el;
    if (listing.total > 0 && at.page !== page) this.normalisePage(at.page);
    this.view.drawListing(listing, at, gs.hidden, sym, gpu, this.act);
  }

  /** The pager: a new page, its words said when a button changed it. */
  private go(page: number, say: boolean): void {
    this.app.set({ page });
    const listing = this.gs.page && this.gs.listings.get(this.gs.page.n);
    if (say && listing) {
      const at = listingPage(listing, this.gs.hidden, this.gs.page!.page, 0);
      this.app.announce(pageText(at.page, at.pages, at.count));
    }
  }

  /** N > 12: count with the engine in parallel workers, with progress. */
  private showCounter(n: number): void {
    const gs = this.gs;
    stopJobs(gs);
    const c = newCount(gs, n, counterWorkers(navigator.hardwareConcurrency));
    this.view.drawCounter(c, this.gpuCounter(n, false).el, this.act);
  }

  private startCount(): void {
    const gs = this.gs;
    const c = gs.count;
    if (!c) return;
    const draw = () => {
      if (gs.count === c) this.view.drawCount(c);
    };
    countStarted(gs, c, performance.now());
    const jobs = Array.from({ length: c.workers }, (_, part) =>
      runJob({ kind: "count", n: c.n, part, parts: c.workers }, (p) => {
        if (p.kind !== "count") return;
        countProgressed(c, part, { ...p, found: BigInt(p.found) }, performance.now());
        draw();
      }),
    );
    c.pool = jobs;
    draw();
    Promise.all(jobs.map((j) => j.promise)).then(
      (rs) => {
        const parts = rs.map((r) => ({ total: BigInt(r.total), unique: BigInt(r.unique ?? "0") }));
        countDone(c, parts, performance.now());
        draw();
      },
      (e) => {
        for (const j of jobs) j.cancel();
        if (e instanceof Cancelled) return;
        // Failed, not stopped: leaving the view later has nothing to cancel or say.
        countFailed(c, jobs, (e as Error).message);
        draw();
      },
    );
  }
}
