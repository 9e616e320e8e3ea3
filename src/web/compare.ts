/**
 * Compare: brute force against the backtracking variants, run by the library's `runAlgorithm` in
 * a worker, drawn as a log-scale chart of nodes, checks or time for the N where each is practical.
 */
import { ALGORITHMS, type AlgorithmName, type AlgorithmResult } from "../algorithms.js";
import { type App, fmt, fmtTime, h, type ModeView } from "./dom.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import type { PageState } from "./state.js";

type Metric = "nodes" | "checks" | "seconds";
const METRICS: { key: Metric; label: string }[] = [
  { key: "nodes", label: "Nodes" },
  { key: "checks", label: "Checks" },
  { key: "seconds", label: "Time" },
];

const COLORS: Record<AlgorithmName, string> = {
  "brute-force": "#c8553d",
  "square-backtrack": "#d99a2b",
  "row-loop": "#2a9d8f",
  "row-sets": "#3d6fb6",
  bitmask: "#7b4fa6",
  iterative: "#5c8a4d",
};

const FIRST_N = 4;

export class CompareMode implements ModeView {
  private readonly chart = h("div", { class: "chart", "data-testid": "compare-chart" });
  private readonly table = h("div", { class: "table-wrap" });
  private readonly status = h("p", { class: "progress-text", "aria-live": "polite" });
  private readonly upTo = h("select", { "aria-label": "Largest N", "data-testid": "compare-upto" });
  private readonly runBtn = h(
    "button",
    { type: "button", class: "btn primary", "data-testid": "compare-run" },
    "Run",
  );
  private readonly cancelBtn = h(
    "button",
    { type: "button", class: "btn danger", hidden: true },
    "Cancel",
  );
  private readonly metricGroup = h("div", {
    class: "segmented",
    role: "radiogroup",
    "aria-label": "Measure",
  });
  private metric: Metric = "nodes";
  private results: AlgorithmResult[] = [];
  /** Runs skipped because they would take too long: name:n -> estimated seconds. */
  private skipped = new Map<string, number>();
  private readonly patient = h("input", { type: "checkbox", "data-testid": "compare-patient" });
  private job: Running<unknown> | undefined;
  private ran = false;
  private n = 8;

  constructor(
    panel: HTMLElement,
    readonly app: App,
  ) {
    for (let n = 6; n <= 14; n++) {
      this.upTo.append(h("option", { value: n, selected: n === 10 }, `N up to ${n}`));
    }
    for (const m of METRICS) {
      const b = h(
        "button",
        {
          type: "button",
          role: "radio",
          "aria-checked": String(m.key === this.metric),
          "data-metric": m.key,
        },
        m.label,
      );
      b.addEventListener("click", () => {
        this.metric = m.key;
        for (const x of this.metricGroup.children) x.setAttribute("aria-checked", String(x === b));
        this.draw();
      });
      this.metricGroup.append(b);
    }
    const legend = h(
      "ul",
      { class: "series-legend" },
      ...ALGORITHMS.map((a) =>
        h(
          "li",
          {},
          h("span", { class: "series-swatch", style: `background:${COLORS[a.name]}` }),
          h("strong", {}, a.name),
          h("span", { class: "muted" }, ` ${a.title}; practical to N = ${a.maxPracticalN}`),
        ),
      ),
    );
    panel.append(
      h(
        "div",
        { class: "wide" },
        h("h2", {}, "Compare the algorithms"),
        h(
          "p",
          { class: "hint" },
          "The same problem, counted six ways. Each algorithm runs in a worker for every N where it finishes quickly; the vertical axis is logarithmic, so each grid line is ten times more work.",
        ),
        h(
          "div",
          { class: "toolbar" },
          this.metricGroup,
          this.upTo,
          h("label", { class: "check" }, this.patient, " allow slow runs (up to 30 s each)"),
          this.runBtn,
          this.cancelBtn,
          this.status,
        ),
        h("div", { class: "chart-card" }, this.chart, legend),
        this.table,
      ),
    );
    this.runBtn.addEventListener("click", () => this.run());
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

  private run(): void {
    this.job?.cancel();
    this.ran = true;
    const upTo = Number(this.upTo.value);
    const runs: { name: AlgorithmName; n: number }[] = [];
    for (let n = FIRST_N; n <= upTo; n++) {
      for (const a of ALGORITHMS) if (n <= a.maxPracticalN) runs.push({ name: a.name, n });
    }
    this.results = [];
    this.skipped.clear();
    this.runBtn.disabled = true;
    this.cancelBtn.hidden = false;
    this.status.textContent = `Running 0 of ${runs.length}…`;
    const budget = this.patient.checked ? 30 : 1.5;
    const job = runJob({ kind: "compare", runs, budget }, (p) => {
      if (p.kind === "compare-skip") {
        this.skipped.set(`${p.name}:${p.n}`, p.estimate);
        return;
      }
      if (p.kind !== "compare-result") return;
      this.results.push(p.result);
      this.status.textContent = `Running ${this.results.length} of ${runs.length}: ${p.result.name}, N = ${p.result.n}`;
      this.draw();
    });
    this.job = job;
    const end = (text: string) => {
      if (this.job !== job) return;
      this.job = undefined;
      this.runBtn.disabled = false;
      this.cancelBtn.hidden = true;
      this.status.textContent = text;
      this.draw();
    };
    job.promise.then(
      () =>
        end(
          `Done: ${this.results.length} runs${this.skipped.size ? `, ${this.skipped.size} skipped as too slow (…)` : ""}.`,
        ),
      (e) => end(e instanceof Cancelled ? "Cancelled." : `Failed: ${(e as Error).message}`),
    );
    this.draw();
  }

  private value(r: AlgorithmResult): number {
    return this.metric === "seconds" ? r.seconds : r[this.metric];
  }

  private draw(): void {
    const W = 760;
    const H = 380;
    const m = { l: 64, r: 132, t: 18, b: 44 };
    const upTo = Number(this.upTo.value);
    const xs = (n: number) => m.l + ((n - FIRST_N) / Math.max(1, upTo - FIRST_N)) * (W - m.l - m.r);
    const vals = this.results.map((r) => this.value(r)).filter((v) => v > 0);
    const lo = Math.floor(Math.log10(Math.min(...vals, this.metric === "seconds" ? 1e-5 : 10)));
    const hi = Math.ceil(Math.log10(Math.max(...vals, this.metric === "seconds" ? 1e-3 : 1000)));
    const ys = (v: number) =>
      H - m.b - ((Math.log10(Math.max(v, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * (H - m.t - m.b);
    const parts: string[] = [];
    for (let p = lo; p <= hi; p++) {
      const y = ys(10 ** p);
      parts.push(`<line class="grid" x1="${m.l}" x2="${W - m.r}" y1="${y}" y2="${y}"/>`);
      parts.push(
        `<text class="tick" x="${m.l - 8}" y="${y + 4}" text-anchor="end">${this.tick(p)}</text>`,
      );
    }
    for (let n = FIRST_N; n <= upTo; n++) {
      const x = xs(n);
      parts.push(`<line class="grid minor" x1="${x}" x2="${x}" y1="${m.t}" y2="${H - m.b}"/>`);
      parts.push(
        `<text class="tick" x="${x}" y="${H - m.b + 18}" text-anchor="middle">${n}</text>`,
      );
    }
    if (this.n >= FIRST_N && this.n <= upTo) {
      const x = xs(this.n);
      parts.push(`<line class="current-n" x1="${x}" x2="${x}" y1="${m.t}" y2="${H - m.b}"/>`);
    }
    parts.push(
      `<text class="axis-label" x="${(m.l + W - m.r) / 2}" y="${H - 6}" text-anchor="middle">N</text>`,
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
          `<circle cx="${xs(r.n)}" cy="${ys(this.value(r))}" r="3.5" fill="${color}"><title>${a.name}, N = ${r.n}: ${this.text(r)}</title></circle>`,
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
    for (const l of labels) {
      const rs = this.results.filter((r) => r.name === l.name);
      const lastN = Math.max(...rs.map((r) => r.n));
      parts.push(
        `<text class="end-label" x="${xs(lastN) + 8}" y="${l.y + 4}" fill="${COLORS[l.name]}">${l.name}</text>`,
      );
    }
    const label = METRICS.find((x) => x.key === this.metric)!.label;
    this.chart.innerHTML = `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${label} per N for each algorithm, logarithmic scale">${parts.join("")}</svg>`;
    this.drawTable(upTo);
  }

  private tick(p: number): string {
    if (this.metric === "seconds") return fmtTime(10 ** p);
    const v = 10 ** p;
    if (v >= 1e9) return `${v / 1e9}G`;
    if (v >= 1e6) return `${v / 1e6}M`;
    if (v >= 1e3) return `${v / 1e3}k`;
    return String(v);
  }

  private text(r: AlgorithmResult): string {
    return this.metric === "seconds" ? fmtTime(r.seconds) : fmt(this.value(r));
  }

  private drawTable(upTo: number): void {
    const ns: number[] = [];
    for (let n = FIRST_N; n <= upTo; n++) ns.push(n);
    const head = h(
      "tr",
      {},
      h("th", { scope: "col" }, "algorithm"),
      ...ns.map((n) => h("th", { scope: "col" }, `N=${n}`)),
    );
    const rows = ALGORITHMS.map((a) =>
      h(
        "tr",
        {},
        h(
          "th",
          { scope: "row" },
          h("span", { class: "series-swatch", style: `background:${COLORS[a.name]}` }),
          a.name,
        ),
        ...ns.map((n) => {
          const r = this.results.find((x) => x.name === a.name && x.n === n);
          const skip = this.skipped.get(`${a.name}:${n}`);
          if (r) return h("td", {}, this.text(r));
          if (skip !== undefined) {
            return h(
              "td",
              { class: "muted", title: `skipped: would take about ${fmtTime(skip)} or more` },
              "…",
            );
          }
          return h("td", {}, n > a.maxPracticalN ? "–" : "");
        }),
      ),
    );
    const what = METRICS.find((x) => x.key === this.metric)!.label.toLowerCase();
    this.table.replaceChildren(
      h(
        "table",
        { class: "data", "data-testid": "compare-table" },
        h(
          "caption",
          {},
          `${what[0]!.toUpperCase()}${what.slice(1)} per algorithm and N (– not practical, … skipped: over ${this.patient.checked ? "30 s" : "1.5 s"} expected)`,
        ),
        h("thead", {}, head),
        h("tbody", {}, ...rows),
      ),
    );
  }
}
