/**
 * What Compare shows, as values: which runs are made (and why the others are not), which
 * algorithms draw the same line, and the chart as SVG text. Pure functions of the results and
 * the reader's choices, in the page's current language; model.test.ts checks them without a
 * browser.
 */
import {
  ALGORITHMS,
  type AlgorithmName,
  type AlgorithmResult,
  BRUTE_FORCE_BUDGET,
  decideRun,
} from "../../teach/index.js";
import { compact, num, t, time } from "../i18n/index.js";

export type Metric = "nodes" | "checks" | "seconds";
export const METRICS: readonly Metric[] = ["nodes", "checks", "seconds"];

export const COLORS: Record<AlgorithmName, string> = {
  "brute-force": "#c8553d",
  "square-backtrack": "#d99a2b",
  "row-loop": "#2a9d8f",
  "row-sets": "#3d6fb6",
  bitmask: "#7b4fa6",
  iterative: "#5c8a4d",
};

/** The smallest N compared. */
export const FIRST_N = 4;

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

/** The runs made for N from FIRST_N to `upTo`, and those not made with the reason (name:n -> words). */
export function planRuns(
  upTo: number,
  patient: boolean,
): { runs: { name: AlgorithmName; n: number }[]; skipped: Map<string, string> } {
  const runs: { name: AlgorithmName; n: number }[] = [];
  const skipped = new Map<string, string>();
  for (let n = FIRST_N; n <= upTo; n++) {
    for (const a of ALGORITHMS) {
      const why = whyNotRun(a.name, n, patient);
      if (why === undefined) runs.push({ name: a.name, n });
      else skipped.set(`${a.name}:${n}`, why);
    }
  }
  return { runs, skipped };
}

/** A result's value in a metric. */
function metricValue(r: AlgorithmResult, metric: Metric): number {
  return metric === "seconds" ? r.seconds : r[metric];
}

/** A result's value in words. */
export function valueText(r: AlgorithmResult, metric: Metric): string {
  return metric === "seconds" ? time(r.seconds) : num(metricValue(r, metric));
}

/**
 * The algorithms whose lines coincide: the same value at every N two of them share, at two N at
 * least (groups of two or more; none for times, which never coincide exactly).
 */
export function coinciding(results: readonly AlgorithmResult[], metric: Metric): AlgorithmName[][] {
  if (metric === "seconds") return [];
  const series = new Map<AlgorithmName, Map<number, number>>();
  for (const r of results) {
    const s = series.get(r.name) ?? new Map<number, number>();
    series.set(r.name, s);
    s.set(r.n, metricValue(r, metric));
  }
  const same = (a: AlgorithmName, b: AlgorithmName) => {
    const x = series.get(a)!;
    const y = series.get(b)!;
    const shared = [...x.keys()].filter((k) => y.has(k));
    return shared.length >= 2 && shared.every((k) => x.get(k) === y.get(k));
  };
  const groups: AlgorithmName[][] = [];
  for (const a of ALGORITHMS.map((x) => x.name).filter((x) => series.has(x))) {
    const g = groups.find((g) => same(g[0]!, a));
    if (g) g.push(a);
    else groups.push([a]);
  }
  return groups.filter((g) => g.length > 1);
}

/** What the chart shows, and the size it is drawn at. */
interface ChartInput {
  readonly results: readonly AlgorithmResult[];
  readonly metric: Metric;
  readonly upTo: number;
  /** The page's N, marked on the axis. */
  readonly n: number;
  readonly width: number;
  readonly height: number;
}

/** The chart: a log scale of the metric against N, one line per algorithm, labelled at its end. */
export function chartSvg({ results, metric, upTo, n, width: W, height: H }: ChartInput): string {
  const m = t().compare;
  const labelled = W >= 520;
  const mg = { l: 56, r: labelled ? 132 : 16, t: 18, b: 40 };
  const xs = (k: number) =>
    mg.l + ((k - FIRST_N) / Math.max(1, upTo - FIRST_N)) * (W - mg.l - mg.r);
  const value = (r: AlgorithmResult) => metricValue(r, metric);
  const vals = results.map(value).filter((v) => v > 0);
  const lo = Math.floor(Math.log10(Math.min(...vals, metric === "seconds" ? 1e-5 : 10)));
  const hi = Math.ceil(Math.log10(Math.max(...vals, metric === "seconds" ? 1e-3 : 1000)));
  const ys = (v: number) =>
    H -
    mg.b -
    ((Math.log10(Math.max(v, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * (H - mg.t - mg.b);
  const tick = (p: number) => (metric === "seconds" ? time(10 ** p) : compact(10 ** p));
  const parts: string[] = [];
  for (let p = lo; p <= hi; p++) {
    const y = ys(10 ** p);
    parts.push(`<line class="grid" x1="${mg.l}" x2="${W - mg.r}" y1="${y}" y2="${y}"/>`);
    parts.push(
      `<text class="tick" x="${mg.l - 8}" y="${y + 4}" text-anchor="end">${tick(p)}</text>`,
    );
  }
  for (let k = FIRST_N; k <= upTo; k++) {
    const x = xs(k);
    parts.push(`<line class="grid minor" x1="${x}" x2="${x}" y1="${mg.t}" y2="${H - mg.b}"/>`);
    parts.push(`<text class="tick" x="${x}" y="${H - mg.b + 18}" text-anchor="middle">${k}</text>`);
  }
  if (n >= FIRST_N && n <= upTo) {
    const x = xs(n);
    parts.push(`<line class="current-n" x1="${x}" x2="${x}" y1="${mg.t}" y2="${H - mg.b}"/>`);
  }
  parts.push(
    `<text class="axis-label" x="${(mg.l + W - mg.r) / 2}" y="${H - 6}" text-anchor="middle">N</text>`,
  );
  const labels: { y: number; name: AlgorithmName }[] = [];
  for (const a of ALGORITHMS) {
    const rs = results.filter((r) => r.name === a.name).sort((p, q) => p.n - q.n);
    if (rs.length === 0) continue;
    const pts = rs.map((r) => `${xs(r.n).toFixed(1)},${ys(value(r)).toFixed(1)}`);
    const color = COLORS[a.name];
    parts.push(
      `<polyline class="series${a.name === "iterative" ? " dashed" : ""}" points="${pts.join(" ")}" stroke="${color}"/>`,
    );
    for (const r of rs) {
      parts.push(
        `<circle cx="${xs(r.n)}" cy="${ys(value(r))}" r="3.5" fill="${color}"><title>${m.point(m.name[a.name], r.n, valueText(r, metric))}</title></circle>`,
      );
    }
    labels.push({ y: ys(value(rs[rs.length - 1]!)), name: a.name });
  }
  // End labels, nudged apart so they never overlap.
  labels.sort((p, q) => p.y - q.y);
  for (let i = 1; i < labels.length; i++) {
    labels[i]!.y = Math.max(labels[i]!.y, labels[i - 1]!.y + 14);
  }
  for (const l of labelled ? labels : []) {
    const lastN = Math.max(...results.filter((r) => r.name === l.name).map((r) => r.n));
    parts.push(
      `<text class="end-label" x="${xs(lastN) + 8}" y="${l.y + 4}" fill="${COLORS[l.name]}">${m.name[l.name]}</text>`,
    );
  }
  const label = m.metric[metric];
  return `<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${m.chart(label)}">${parts.join("")}</svg>`;
}
