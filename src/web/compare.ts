/**
 * Compare: brute force against the backtracking variants, run by the library's `runAlgorithm` in
 * a worker, drawn as a log-scale chart of nodes, checks or time for the N where each is practical.
 */
import {
  ALGORITHMS,
  type AlgorithmName,
  type AlgorithmResult,
  BRUTE_FORCE_BUDGET,
  decideRun,
} from "../teach/algorithms/index.js";
import { type App, disableKeepingFocus, h, type ModeView } from "./dom.js";
import { compact, num, t, time } from "./i18n.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import type { PageState } from "./state.js";

type Metric = "nodes" | "checks" | "seconds";
const METRICS: readonly Metric[] = ["nodes", "checks", "seconds"];
let groups = 0;

const COLORS: Record<AlgorithmName, string> = {
  "brute-force": "#c8553d",
  "square-backtrack": "#d99a2b",
  "row-loop": "#2a9d8f",
  "row-sets": "#3d6fb6",
  bitmask: "#7b4fa6",
  iterative: "#5c8a4d",
};

const FIRST_N = 4;

/** Brute force's budget of placements for the quick set of runs (n <= 6). */
const QUICK_BUDGET = 10_000_000n;
/** The quick set stops this many N below each algorithm's practical limit. */
const QUICK_MARGIN = 2;

/**
 * Whether `name` runs at n, decided from exact numbers only (the library's decideRun): the same
 * set of runs on every load and every machine. Undefined: it runs; otherwise why not.
 */
export function whyNotRun(name: AlgorithmName, n: number, patient: boolean): string | undefined {
  const m = t().compare;
  const d = decideRun(name, n, { budget: patient ? BRUTE_FORCE_BUDGET : QUICK_BUDGET });
  if (d.rule === "budget") {
    return d.run ? undefined : m.notBudget(n, num(d.placements), num(d.budget));
  }
  const max = patient ? d.maxPracticalN : d.maxPracticalN - QUICK_MARGIN;
  return n <= max ? undefined : m.notPractical(max);
}

export class CompareMode implements ModeView {
  private readonly chart = h("div", { class: "chart", "data-testid": "compare-chart" });
  /** A region that scrolls sideways on a narrow screen: focusable, so keys can scroll it. */
  private readonly table = h("div", {
    class: "table-wrap",
    role: "region",
    tabindex: 0,
    "aria-label": t().compare.table,
  });
  private readonly status = h("p", {
    class: "progress-text",
    "aria-live": "polite",
    "data-testid": "compare-status",
  });
  private readonly upTo = h("select", {
    "aria-label": t().compare.upTo,
    "data-testid": "compare-upto",
  });
  private readonly runBtn = h(
    "button",
    { type: "button", class: "btn primary", "data-testid": "compare-run" },
    t().compare.run,
  );
  private readonly cancelBtn = h(
    "button",
    { type: "button", class: "btn danger", hidden: true, "data-testid": "compare-cancel" },
    t().compare.cancel,
  );
  /** The measure: native radio buttons, so arrow keys move and select as in any radio group. */
  private readonly metricGroup = h(
    "fieldset",
    { class: "segmented", "data-testid": "compare-metric" },
    h("legend", { class: "sr-only" }, t().compare.measure),
  );
  private metric: Metric = "nodes";
  private results: AlgorithmResult[] = [];
  /** Runs not made, with the reason: name:n -> words. */
  private skipped = new Map<string, string>();
  private readonly notes = h("div", { class: "compare-notes", "data-testid": "compare-notes" });
  private readonly patient = h("input", { type: "checkbox", "data-testid": "compare-patient" });
  private job: Running<unknown> | undefined;
  private ran = false;
  private readonly resize: ResizeObserver;
  private n = 8;

  constructor(
    panel: HTMLElement,
    readonly app: App,
  ) {
    const m = t().compare;
    for (let n = 6; n <= 14; n++) {
      this.upTo.append(h("option", { value: n, selected: n === 10 }, m.upToOption(n)));
    }
    const name = `metric-${++groups}`;
    for (const key of METRICS) {
      const input = h("input", {
        type: "radio",
        name,
        value: key,
        checked: key === this.metric,
        "data-metric": key,
      });
      input.addEventListener("change", () => {
        if (!input.checked) return;
        this.metric = key;
        this.draw();
      });
      this.metricGroup.append(h("label", {}, input, h("span", {}, m.metric[key])));
    }
    const legend = h(
      "ul",
      { class: "series-legend" },
      ...ALGORITHMS.map((a) =>
        h(
          "li",
          {},
          h("span", { class: "series-swatch", style: `background:${COLORS[a.name]}` }),
          h("strong", {}, m.name[a.name]),
          h("span", { class: "muted" }, ` ${m.algoTitle[a.name]}${m.practical(a.maxPracticalN)}`),
        ),
      ),
    );
    // What a node and a check are for each algorithm: the library's own definitions.
    const defs = h(
      "details",
      { class: "defs", open: true, "data-testid": "compare-defs" },
      h("summary", {}, m.defsTitle),
      h(
        "dl",
        {},
        ...ALGORITHMS.flatMap((a) => [
          h(
            "dt",
            {},
            h("span", { class: "series-swatch", style: `background:${COLORS[a.name]}` }),
            m.name[a.name],
          ),
          h(
            "dd",
            { class: "def-text" },
            h("strong", {}, `${m.defNode}: `),
            m.nodeDef[a.name],
            h("br"),
            h("strong", {}, `${m.defCheck}: `),
            m.checkDef[a.name],
          ),
        ]),
      ),
    );
    panel.append(
      h(
        "div",
        { class: "wide" },
        h("h2", {}, m.title),
        h(
          "div",
          { class: "toolbar", "data-testid": "compare-controls" },
          this.metricGroup,
          this.upTo,
          h("label", { class: "check" }, this.patient, ` ${m.patient}`),
          this.runBtn,
          this.cancelBtn,
        ),
        this.status,
        h("div", { class: "chart-card" }, this.chart, legend),
        this.notes,
        defs,
        h("p", { class: "hint" }, m.hint),
        this.table,
      ),
    );
    this.runBtn.addEventListener("click", () => this.run());
    let width = 0;
    this.resize = new ResizeObserver(() => {
      const w = this.chart.clientWidth;
      if (w > 0 && Math.abs(w - width) > 16) {
        width = w;
        this.draw();
      }
    });
    this.resize.observe(this.chart);
    this.cancelBtn.addEventListener("click", () => this.job?.cancel());
  }

  show(state: PageState): void {
    this.n = state.n;
    if (!this.ran) this.run();
    else this.draw();
  }

  hide(): void {
    this.job?.cancel();
  }

  dispose(): void {
    this.job?.cancel();
    this.resize.disconnect();
  }

  private run(): void {
    this.job?.cancel();
    this.ran = true;
    const upTo = Number(this.upTo.value);
    const runs: { name: AlgorithmName; n: number }[] = [];
    this.results = [];
    this.skipped.clear();
    const patient = this.patient.checked;
    for (let n = FIRST_N; n <= upTo; n++) {
      for (const a of ALGORITHMS) {
        const why = whyNotRun(a.name, n, patient);
        if (why === undefined) runs.push({ name: a.name, n });
        else this.skipped.set(`${a.name}:${n}`, why);
      }
    }
    const m = t().compare;
    this.cancelBtn.hidden = false;
    disableKeepingFocus(this.runBtn, this.cancelBtn);
    this.status.textContent = m.running(0, runs.length);
    const job = runJob({ kind: "compare", runs }, (p) => {
      if (p.kind !== "compare-result") return;
      this.results.push(p.result);
      this.status.textContent = m.runningOne(
        this.results.length,
        runs.length,
        m.name[p.result.name],
        p.result.n,
      );
      this.draw();
    });
    this.job = job;
    const end = (text: string) => {
      if (this.job !== job) return;
      this.job = undefined;
      const refocus = document.activeElement === this.cancelBtn;
      this.runBtn.disabled = false;
      this.cancelBtn.hidden = true;
      if (refocus) this.runBtn.focus();
      this.status.textContent = text;
      this.draw();
    };
    job.promise.then(
      () => end(m.done(this.results.length, 0)),
      (e) => end(e instanceof Cancelled ? m.cancelled : m.failed((e as Error).message)),
    );
    this.draw();
  }

  private value(r: AlgorithmResult): number {
    return this.metric === "seconds" ? r.seconds : r[this.metric];
  }

  private draw(): void {
    const m = t().compare;
    // Drawn at the size it is shown (text stays 12 px on a phone), as tall as the screen allows.
    const W = Math.round(Math.max(300, Math.min(760, this.chart.clientWidth || 760)));
    const top = this.chart.getBoundingClientRect().top + scrollY;
    const room = innerHeight - top - 16;
    const H = Math.round(Math.max(120, Math.min(380, W * 0.55, room > 0 ? room : 380)));
    const labelled = W >= 520;
    const mg = { l: 56, r: labelled ? 132 : 16, t: 18, b: 40 };
    const upTo = Number(this.upTo.value);
    const xs = (n: number) =>
      mg.l + ((n - FIRST_N) / Math.max(1, upTo - FIRST_N)) * (W - mg.l - mg.r);
    const vals = this.results.map((r) => this.value(r)).filter((v) => v > 0);
    const lo = Math.floor(Math.log10(Math.min(...vals, this.metric === "seconds" ? 1e-5 : 10)));
    const hi = Math.ceil(Math.log10(Math.max(...vals, this.metric === "seconds" ? 1e-3 : 1000)));
    const ys = (v: number) =>
      H -
      mg.b -
      ((Math.log10(Math.max(v, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * (H - mg.t - mg.b);
    const parts: string[] = [];
    for (let p = lo; p <= hi; p++) {
      const y = ys(10 ** p);
      parts.push(`<line class="grid" x1="${mg.l}" x2="${W - mg.r}" y1="${y}" y2="${y}"/>`);
      parts.push(
        `<text class="tick" x="${mg.l - 8}" y="${y + 4}" text-anchor="end">${this.tick(p)}</text>`,
      );
    }
    for (let n = FIRST_N; n <= upTo; n++) {
      const x = xs(n);
      parts.push(`<line class="grid minor" x1="${x}" x2="${x}" y1="${mg.t}" y2="${H - mg.b}"/>`);
      parts.push(
        `<text class="tick" x="${x}" y="${H - mg.b + 18}" text-anchor="middle">${n}</text>`,
      );
    }
    if (this.n >= FIRST_N && this.n <= upTo) {
      const x = xs(this.n);
      parts.push(`<line class="current-n" x1="${x}" x2="${x}" y1="${mg.t}" y2="${H - mg.b}"/>`);
    }
    parts.push(
      `<text class="axis-label" x="${(mg.l + W - mg.r) / 2}" y="${H - 6}" text-anchor="middle">N</text>`,
    );
    const labels: { y: number; name: AlgorithmName }[] = [];
    for (const a of ALGORITHMS) {
      const rs = this.results.filter((r) => r.name === a.name).sort((p, q) => p.n - q.n);
      if (rs.length === 0) continue;
      const pts = rs.map((r) => `${xs(r.n).toFixed(1)},${ys(this.value(r)).toFixed(1)}`);
      const color = COLORS[a.name];
      parts.push(
        `<polyline class="series${a.name === "iterative" ? " dashed" : ""}" points="${pts.join(" ")}" stroke="${color}"/>`,
      );
      for (const r of rs) {
        parts.push(
          `<circle cx="${xs(r.n)}" cy="${ys(this.value(r))}" r="3.5" fill="${color}"><title>${m.point(m.name[a.name], r.n, this.text(r))}</title></circle>`,
        );
      }
      const lastR = rs[rs.length - 1]!;
      labels.push({ y: ys(this.value(lastR)), name: a.name });
      void lastR;
    }
    // End labels, nudged apart so they never overlap.
    labels.sort((p, q) => p.y - q.y);
    for (let i = 1; i < labels.length; i++)
      labels[i]!.y = Math.max(labels[i]!.y, labels[i - 1]!.y + 14);
    for (const l of labelled ? labels : []) {
      const rs = this.results.filter((r) => r.name === l.name);
      const lastN = Math.max(...rs.map((r) => r.n));
      parts.push(
        `<text class="end-label" x="${xs(lastN) + 8}" y="${l.y + 4}" fill="${COLORS[l.name]}">${m.name[l.name]}</text>`,
      );
    }
    const label = m.metric[this.metric];
    this.chart.innerHTML = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${m.chart(label)}">${parts.join("")}</svg>`;
    this.drawNotes();
    this.drawTable(upTo);
  }

  /**
   * Where lines coincide (the same value at every N two algorithms share, at two N at least),
   * which runs were made and why, and how the times are measured.
   */
  private drawNotes(): void {
    const m = t().compare;
    const groups: AlgorithmName[][] = [];
    const series = new Map<AlgorithmName, Map<number, number>>();
    for (const r of this.results) {
      const s = series.get(r.name) ?? new Map<number, number>();
      series.set(r.name, s);
      s.set(r.n, this.value(r));
    }
    const same = (a: AlgorithmName, b: AlgorithmName) => {
      const x = series.get(a)!;
      const y = series.get(b)!;
      const shared = [...x.keys()].filter((k) => y.has(k));
      return shared.length >= 2 && shared.every((k) => x.get(k) === y.get(k));
    };
    if (this.metric !== "seconds") {
      for (const a of ALGORITHMS.map((x) => x.name).filter((x) => series.has(x))) {
        const g = groups.find((g) => same(g[0]!, a));
        if (g) g.push(a);
        else groups.push([a]);
      }
    }
    const parts: HTMLElement[] = groups
      .filter((g) => g.length > 1)
      .map((g) =>
        h(
          "p",
          { class: "coincide", "data-testid": "coincide" },
          m.coincide(
            g.map((a) => m.name[a]),
            m.metric[this.metric],
          ),
        ),
      );
    const runs =
      this.results.length > 0 || this.skipped.size > 0
        ? h("p", { class: "muted" }, m.runsNote(this.plannedRuns(), this.patient.checked))
        : null;
    if (runs) parts.push(runs);
    if (this.metric === "seconds") parts.push(h("p", { class: "muted" }, m.timing));
    this.notes.replaceChildren(...parts);
  }

  /** The runs of the set decided for the current choices. */
  private plannedRuns(): number {
    const upTo = Number(this.upTo.value);
    let k = 0;
    for (let n = FIRST_N; n <= upTo; n++) {
      for (const a of ALGORITHMS) if (whyNotRun(a.name, n, this.patient.checked) === undefined) k++;
    }
    return k;
  }

  private tick(p: number): string {
    return this.metric === "seconds" ? time(10 ** p) : compact(10 ** p);
  }

  private text(r: AlgorithmResult): string {
    return this.metric === "seconds" ? time(r.seconds) : num(this.value(r));
  }

  private drawTable(upTo: number): void {
    const ns: number[] = [];
    for (let n = FIRST_N; n <= upTo; n++) ns.push(n);
    const m = t().compare;
    const head = h(
      "tr",
      {},
      h("th", { scope: "col" }, m.algorithm),
      ...ns.map((n) => h("th", { scope: "col" }, m.column(n))),
    );
    const rows = ALGORITHMS.map((a) =>
      h(
        "tr",
        {},
        h(
          "th",
          { scope: "row" },
          h("span", { class: "series-swatch", style: `background:${COLORS[a.name]}` }),
          m.name[a.name],
        ),
        ...ns.map((n) => {
          const r = this.results.find((x) => x.name === a.name && x.n === n);
          const why = this.skipped.get(`${a.name}:${n}`);
          if (r) return h("td", {}, this.text(r));
          if (why !== undefined) {
            return h(
              "td",
              { class: "muted", title: why },
              h("span", { "aria-hidden": "true" }, "–"),
              h("span", { class: "sr-only" }, why),
            );
          }
          return h("td", {}, "");
        }),
      ),
    );
    this.table.replaceChildren(
      h(
        "table",
        { class: "data", "data-testid": "compare-table" },
        h("caption", {}, m.caption2(m.metric[this.metric])),
        h("thead", {}, head),
        h("tbody", {}, ...rows),
      ),
    );
  }
}
