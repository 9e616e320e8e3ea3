/// <reference types="@webgpu/types" />
/**
 * "Count on the GPU": the Gallery's WebGPU count. It runs in a dedicated Web Worker
 * (gpu-worker.ts) where workers have `navigator.gpu`, as Chromium's do, and otherwise on the page's
 * own thread, where the driver awaits every dispatch so the page stays responsive and a cancel
 * stops it after the dispatch in flight. Both use the library's WebGPU driver and WGSL kernel
 * (src/gpu), part of the page's one script like everything else: a page opened from disk, or
 * offline after it loaded, can fetch nothing more (see vite.config.ts).
 */
import { type App, disableKeepingFocus, h } from "./dom.js";
import { countOnGpu, type GpuSupport, openGpu, probeGpu } from "./gpu-device.js";
import GpuWorker from "./gpu-worker.ts?worker&inline";
import { num, t } from "./i18n/index.js";
import { Cancelled, type Running } from "./jobs.js";
import type { GpuJob, GpuOutcome, GpuProgressReply, GpuReply } from "./protocol.js";

type Where = GpuOutcome["where"];

/** What a running GPU count tells the page. */
interface GpuEvents {
  /** The device is open (before the shader compiles). */
  onAdapter?(name: string, software: boolean, where: Where): void;
  onProgress?(p: GpuProgressReply): void;
}

const pageGpu = (): GPU | undefined => ("gpu" in navigator ? navigator.gpu : undefined);

let support: Promise<GpuSupport> | undefined;
let counters = 0;

/** Whether the page can count on a GPU, and on which adapter (asked once per page). */
function gpuSupport(): Promise<GpuSupport> {
  support ??= probeGpu(pageGpu());
  return support;
}

/**
 * Counts n on the GPU, in a worker if it can, else on this thread. `cancel()` rejects the
 * promise with a {@link Cancelled} at once (terminating the worker, or aborting the count here).
 */
function runGpuCount(n: number, events: GpuEvents = {}): Running<GpuOutcome> {
  const started = performance.now();
  let cancel = () => {};
  const promise = new Promise<GpuOutcome>((resolve, reject) => {
    const onPage = () => {
      const ac = new AbortController();
      cancel = () => {
        ac.abort();
        reject(new Cancelled());
      };
      const gpu = pageGpu();
      if (!gpu) {
        reject(new Error("this browser has no WebGPU"));
        return;
      }
      openGpu(gpu)
        .then(async (opened) => {
          if (ac.signal.aborted) {
            opened.device.destroy();
            return;
          }
          events.onAdapter?.(opened.name, opened.software, "page");
          resolve(
            await countOnGpu(opened, n, "page", started, {
              signal: ac.signal,
              onProgress: (p) => {
                if (!ac.signal.aborted) events.onProgress?.(p);
              },
            }),
          );
        })
        .catch(reject);
    };
    let worker: Worker;
    try {
      worker = new GpuWorker({ name: "nqueens-gpu" });
    } catch {
      onPage();
      return;
    }
    cancel = () => {
      worker.terminate();
      reject(new Cancelled());
    };
    worker.onmessage = (e: MessageEvent<GpuReply>) => {
      const reply = e.data;
      switch (reply.type) {
        case "no-worker-gpu":
          worker.terminate();
          onPage();
          break;
        case "adapter":
          events.onAdapter?.(reply.name, reply.software, "worker");
          break;
        case "progress":
          events.onProgress?.(reply);
          break;
        case "done":
          worker.terminate();
          resolve(reply.outcome);
          break;
        case "error":
          worker.terminate();
          reject(new Error(reply.message));
          break;
      }
    };
    worker.onerror = (e) => {
      // The worker did not load (an error inside it comes back as a message): count here.
      e.preventDefault();
      worker.terminate();
      onPage();
    };
    worker.postMessage({ n } satisfies GpuJob);
  });
  return { promise, cancel: () => cancel() };
}

/**
 * The "Count on the GPU" control for one n: the adapter (or why the button is disabled), a start
 * and a cancel button, progress, and the total and unique counts with the time. `compact` draws
 * it as one line under the Gallery's listing, where `expected` (the listed total) is checked.
 */
export class GpuCounter {
  readonly el: HTMLElement;
  private readonly start = h(
    "button",
    { type: "button", class: "btn primary", disabled: true, "data-testid": "gpu-count" },
    t().gpu.count,
  );
  private readonly cancelBtn = h(
    "button",
    { type: "button", class: "btn danger", hidden: true, "data-testid": "gpu-cancel" },
    t().gpu.cancel,
  );
  private readonly adapter = h("span", {
    class: "gpu-adapter",
    id: `gpu-adapter-${++counters}`,
    "data-testid": "gpu-adapter",
  });
  private readonly bar = h("progress", { max: 1, value: 0, "aria-label": t().gpu.progress });
  private readonly text = h("p", {
    class: "progress-text",
    "aria-live": "polite",
    "data-testid": "gpu-status",
  });
  private readonly result = h("div", { class: "count-result", "data-testid": "gpu-result" });
  private readonly run = h(
    "div",
    { class: "gpu-run", hidden: true },
    this.bar,
    this.text,
    this.result,
  );
  private job: Running<GpuOutcome> | undefined;
  readonly compact: boolean;

  constructor(
    readonly n: number,
    private readonly app: App,
    private readonly options: { compact?: boolean; expected?: bigint } = {},
  ) {
    const m = t().gpu;
    this.start.setAttribute("aria-describedby", this.adapter.id);
    this.adapter.textContent = m.looking;
    this.compact = options.compact === true;
    if (this.compact) {
      this.start.classList.replace("primary", "small");
      this.cancelBtn.classList.add("small");
      this.el = h(
        "div",
        { class: "gpu-counter compact", "data-testid": "gpu-counter" },
        h(
          "div",
          { class: "export-bar" },
          h("span", { class: "export-label" }, "WebGPU"),
          this.start,
          this.cancelBtn,
          this.adapter,
        ),
        this.run,
      );
    } else {
      this.el = h(
        "section",
        { class: "counter-card gpu-counter", "data-testid": "gpu-counter" },
        h("h3", {}, `${m.title} `, h("span", { class: "tag" }, "WebGPU")),
        h("p", { class: "hint" }, m.hint),
        this.adapter,
        h("div", { class: "actions" }, this.start, this.cancelBtn),
        this.run,
      );
    }
    this.start.addEventListener("click", () => this.begin());
    this.cancelBtn.addEventListener("click", () => {
      this.stop();
      this.app.announce(t().gpu.cancelledSay);
    });
    void gpuSupport().then((s) => this.showSupport(s));
  }

  /** Cancels a running count (the view left or N changed). */
  stop(): void {
    if (!this.job) return;
    this.job.cancel();
    this.job = undefined;
    this.ended();
    this.text.textContent = t().gpu.cancelled;
  }

  /** A count ended: the start button is back, with the focus if the cancel button had it. */
  private ended(): void {
    const refocus = document.activeElement === this.cancelBtn;
    this.cancelBtn.hidden = true;
    this.start.disabled = false;
    if (refocus) this.start.focus();
  }

  private showSupport(s: GpuSupport): void {
    const m = t().gpu;
    this.adapter.classList.toggle("unavailable", !s.ok);
    this.el.classList.toggle("unavailable", !s.ok);
    if (!s.ok) {
      const reason =
        s.why === "insecure"
          ? m.insecure
          : s.why === "no-api"
            ? m.noApi
            : s.why === "no-adapter"
              ? m.noAdapter
              : m.error(s.detail ?? "");
      this.start.disabled = true;
      this.start.title = reason;
      // Not an error of the page: a quiet note (the compact line drops its useless button).
      this.adapter.textContent = reason;
      if (this.compact) {
        this.start.hidden = true;
        this.adapter.textContent = `${m.unavailable}${reason}`;
      }
      return;
    }
    this.showAdapter(s.name, s.software);
    if (this.n > s.maxN) {
      this.start.disabled = true;
      this.start.title = m.maxN(s.maxN);
      this.adapter.append(m.maxNShort(s.maxN));
      return;
    }
    this.start.disabled = this.job !== undefined;
    this.start.removeAttribute("title");
  }

  private showAdapter(name: string, software: boolean, where?: Where): void {
    const m = t().gpu;
    this.adapter.replaceChildren(
      m.adapter,
      h("strong", { "data-testid": "gpu-adapter-name", translate: "no" }, name),
      software ? m.software : "",
      where === "page" ? m.pageThread : "",
    );
  }

  private begin(): void {
    const { n } = this;
    const m = t().gpu;
    this.cancelBtn.hidden = false;
    disableKeepingFocus(this.start, this.cancelBtn);
    this.run.hidden = false;
    this.result.replaceChildren();
    this.bar.max = 1;
    this.bar.removeAttribute("value"); // indeterminate until the first progress
    this.text.replaceChildren(h("span", { class: "spinner" }), m.opening);
    const t0 = performance.now();
    let shown = 0;
    const job = runGpuCount(n, {
      onAdapter: (name, software, where) => {
        if (this.job !== job) return;
        this.showAdapter(name, software, where);
        this.text.replaceChildren(h("span", { class: "spinner" }), m.compiling);
      },
      onProgress: (p) => {
        if (this.job !== job) return;
        if (p.dispatches === 0) {
          this.text.replaceChildren(h("span", { class: "spinner" }), m.compilingFor(p.total));
          return;
        }
        this.bar.max = Math.max(1, p.total);
        this.bar.value = p.done;
        // The text is a live region: rewrite it a few times a second at most.
        const now = performance.now();
        if (now - shown < 500 && p.done < p.total) return;
        shown = now;
        this.text.textContent = m.progressText(p.done, p.total, p.found, (now - t0) / 1000);
      },
    });
    this.job = job;
    job.promise.then(
      (r) => {
        if (this.job !== job) return;
        this.job = undefined;
        this.ended();
        this.bar.max = 1;
        this.bar.value = 1;
        this.text.textContent = m.done(
          r.seconds,
          r.kernelSeconds,
          r.dispatches,
          r.subProblems,
          r.adapter,
          r.where === "page",
        );
        const expected = this.options.expected;
        const check =
          expected === undefined
            ? null
            : BigInt(r.total) === expected
              ? h("span", { class: "gpu-check good" }, m.same)
              : h("span", { class: "gpu-check bad" }, m.differs(expected));
        this.result.replaceChildren(
          h(
            "p",
            { class: "big-count" },
            ...m.result(
              h("strong", { "data-testid": "gpu-total" }, num(r.total)),
              h("strong", { "data-testid": "gpu-unique" }, num(r.unique)),
              r.total,
              r.unique,
              n,
            ),
            check,
          ),
        );
        this.app.announce(m.say(r.total, n));
      },
      (e: Error) => {
        if (e instanceof Cancelled || this.job !== job) return;
        this.job = undefined;
        this.ended();
        this.bar.value = 0;
        this.text.textContent = "";
        this.result.replaceChildren(h("p", { class: "callout bad" }, m.failed(e.message)));
      },
    );
  }
}
