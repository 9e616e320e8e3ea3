/**
 * Compare: brute force against the backtracking variants, run by the library's `runAlgorithm` in
 * a worker, drawn as a log-scale chart of nodes, checks or time for the N where each is practical;
 * and, on the page's N, brute force's three ways (exact counts, time measured in this browser)
 * beside backtracking's nodes and time (race.ts), measured in a worker of its own.
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
import { initialRace, RACE_BACKTRACK_N, RACE_SECONDS, type RaceState, raceAt } from "./race.js";
import { CompareView } from "./render.js";
import { type CompareState, initialState, leave } from "./state.js";

export class CompareMode implements ModeView {
  private readonly cs: CompareState = initialState();
  private readonly view: CompareView;
  private readonly resize: ResizeObserver;
  /** The animation frame of the race's lanes. */
  private raceFrame = 0;
  /** Between show and hide: a race is started only then. */
  private visible = false;

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
    v.raceBtn.addEventListener("click", () => this.startRace());
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
    this.visible = true;
    this.cs.n = state.n;
    if (!this.cs.ran) this.run();
    else this.redraw();
    this.raceWhenFree();
  }

  hide(): void {
    this.visible = false;
    // A run cut short by leaving is made again at the next show (never left "Cancelled.").
    leave(this.cs);
    this.cancelRace();
  }

  /**
   * Measures brute force against backtracking on the page's N unless done, once no run of the
   * chart is going: both are timings, and on a machine of two cores each slows the other down
   * (the estimate for C(64, 8) read 33 minutes beside the chart's runs, about 3 alone).
   */
  private raceWhenFree(): void {
    if (!this.visible) return;
    if (this.cs.raceJob) {
      if (this.cs.race.n === this.cs.n) return;
      this.cancelRace(); // measuring another N
    }
    const race = this.cs.race;
    // Measured (the worker sends backtracking's first, null where it is not timed) or measuring.
    const made = race.running || race.backtrack !== undefined;
    if (race.n === this.cs.n && race.failed === undefined && made) return;
    if (this.cs.job) {
      if (race.n !== this.cs.n) {
        // Waiting: the table shows the exact counts meanwhile.
        this.cs.race = { ...initialRace(), n: this.cs.n };
        this.view.renderRace(this.cs.race);
      }
      return;
    }
    this.race(this.cs.n);
  }

  dispose(): void {
    this.cs.job?.cancel();
    this.cancelRace();
    this.resize.disconnect();
  }

  /** Runs the race's lanes at the measured speeds, for RACE_SECONDS at most (race.ts raceAt). */
  private startRace(): void {
    cancelAnimationFrame(this.raceFrame);
    const race = this.cs.race;
    const t0 = performance.now();
    const tick = (now: number) => {
      const elapsed = (now - t0) / 1000;
      const lanes = raceAt(race, elapsed);
      this.view.drawLanes(lanes);
      if (this.cs.race === race && elapsed < RACE_SECONDS && lanes.some((l) => !l.done)) {
        this.raceFrame = requestAnimationFrame(tick);
      }
    };
    tick(t0);
  }

  /** A race cut short is measured again at the next show. */
  private cancelRace(): void {
    cancelAnimationFrame(this.raceFrame);
    if (!this.cs.raceJob) return;
    this.cs.raceJob.cancel();
    this.cs.raceJob = undefined;
    this.cs.race = initialRace();
  }

  /** Brute force's three ways and backtracking on n, measured in their own worker. */
  private race(n: number): void {
    const cs = this.cs;
    cs.raceJob?.cancel();
    cancelAnimationFrame(this.raceFrame);
    this.view.drawLanes([]);
    const race: RaceState = { ...initialRace(), n, running: true };
    cs.race = race;
    const job = runJob({ kind: "brute-race", n, backtrack: n <= RACE_BACKTRACK_N }, (p) => {
      if (cs.raceJob !== job) return;
      if (p.kind === "brute-measure") race.measures.push(p.measure);
      else if (p.kind === "brute-backtrack") race.backtrack = p.result;
      else return;
      this.view.renderRace(race);
    });
    cs.raceJob = job;
    const end = (failed?: string) => {
      if (cs.raceJob !== job) return;
      cs.raceJob = undefined;
      race.running = false;
      race.failed = failed;
      this.view.renderRace(race);
    };
    job.promise.then(
      () => end(),
      (e) => {
        if (!(e instanceof Cancelled)) end((e as Error).message);
      },
    );
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
      this.raceWhenFree();
    };
    job.promise.then(
      () => end(m.done(cs.results.length, 0)),
      (e) => end(e instanceof Cancelled ? m.cancelled : m.failed((e as Error).message)),
    );
    this.redraw();
  }
}
