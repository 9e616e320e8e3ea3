/**
 * Compare: brute force against the backtracking variants, run by the library's `runAlgorithm` in
 * a worker, drawn as a log-scale chart of nodes, checks or time for the N where each is practical.
 *
 * state.ts holds the choices and the results, model.ts decides the runs and draws the chart as
 * text, render.ts draws the view; this file runs the job, turns the controls into state changes,
 * and is the only file imported from outside the folder.
 */
import type { App, ModeView } from "../dom.js";
import { t } from "../i18n/index.js";
import { Cancelled, runJob } from "../jobs.js";
import type { PageState } from "../state.js";
import { type Metric, planRuns } from "./model.js";
import { CompareView } from "./render.js";
import { type CompareState, initialState } from "./state.js";

export class CompareMode implements ModeView {
  private readonly cs: CompareState = initialState();
  private readonly view: CompareView;
  private readonly resize: ResizeObserver;

  constructor(
    panel: HTMLElement,
    readonly app: App,
  ) {
    const v = new CompareView(panel, this.cs);
    this.view = v;
    for (const input of v.metricInputs) {
      input.addEventListener("change", () => {
        if (!input.checked) return;
        this.cs.metric = input.value as Metric;
        this.redraw();
      });
    }
    // The set's choices take effect at the next run (the chart's axis follows the largest N).
    v.upTo.addEventListener("change", () => {
      this.cs.upTo = Number(v.upTo.value);
    });
    v.patient.addEventListener("change", () => {
      this.cs.patient = v.patient.checked;
    });
    v.runBtn.addEventListener("click", () => this.run());
    v.cancelBtn.addEventListener("click", () => this.cs.job?.cancel());
    let width = 0;
    this.resize = new ResizeObserver(() => {
      const w = v.chart.clientWidth;
      if (w > 0 && Math.abs(w - width) > 16) {
        width = w;
        this.redraw();
      }
    });
    this.resize.observe(v.chart);
  }

  show(state: PageState): void {
    this.cs.n = state.n;
    if (!this.cs.ran) this.run();
    else this.redraw();
  }

  hide(): void {
    this.cs.job?.cancel();
  }

  dispose(): void {
    this.cs.job?.cancel();
    this.resize.disconnect();
  }

  private redraw(): void {
    this.view.render(this.cs);
  }

  private run(): void {
    const cs = this.cs;
    cs.job?.cancel();
    cs.ran = true;
    const { runs, skipped } = planRuns(cs.upTo, cs.patient);
    cs.results = [];
    cs.skipped = skipped;
    const m = t().compare;
    cs.status = m.running(0, runs.length);
    const job = runJob({ kind: "compare", runs }, (p) => {
      if (p.kind !== "compare-result") return;
      cs.results.push(p.result);
      cs.status = m.runningOne(cs.results.length, runs.length, m.name[p.result.name], p.result.n);
      this.redraw();
    });
    cs.job = job;
    const end = (text: string) => {
      if (cs.job !== job) return;
      cs.job = undefined;
      cs.status = text;
      this.redraw();
    };
    job.promise.then(
      () => end(m.done(cs.results.length, 0)),
      (e) => end(e instanceof Cancelled ? m.cancelled : m.failed((e as Error).message)),
    );
    this.redraw();
  }
}
