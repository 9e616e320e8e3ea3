/**
 * Compare's view: the controls, the chart, the notes and the table, drawn from the state
 * (state.ts) by `render`; the chart's SVG comes from model.ts at the size it is shown.
 */
import { ALGORITHMS } from "../../teach/index.js";
import { disableKeepingFocus, h } from "../dom.js";
import { t } from "../i18n/index.js";
import { COLORS, chartSvg, coinciding, FIRST_N, METRICS, planRuns, valueText } from "./model.js";
import { type Lane, RACE_SECONDS, type RaceState, raceRows, raceSummary } from "./race.js";
import type { CompareState } from "./state.js";

let groups = 0;

export class CompareView {
  readonly chart = h("div", { class: "chart", "data-testid": "compare-chart" });
  /** A region that scrolls sideways on a narrow screen: focusable, so keys can scroll it. */
  readonly table = h("div", {
    class: "table-wrap",
    role: "region",
    tabindex: 0,
    "aria-label": t().compare.table,
  });
  readonly status = h("p", {
    class: "progress-text",
    "aria-live": "polite",
    "data-testid": "compare-status",
  });
  readonly upTo = h("select", { "aria-label": t().compare.upTo, "data-testid": "compare-upto" });
  readonly runBtn = h(
    "button",
    { type: "button", class: "btn primary", "data-testid": "compare-run" },
    t().compare.run,
  );
  readonly cancelBtn = h(
    "button",
    { type: "button", class: "btn danger", hidden: true, "data-testid": "compare-cancel" },
    t().compare.cancel,
  );
  /** The measure: native radio buttons, so arrow keys move and select as in any radio group. */
  readonly metricGroup = h(
    "fieldset",
    { class: "segmented", "data-testid": "compare-metric" },
    h("legend", { class: "sr-only" }, t().compare.measure),
  );
  readonly metricInputs: HTMLInputElement[] = [];
  readonly notes = h("div", { class: "compare-notes", "data-testid": "compare-notes" });
  readonly patient = h("input", { type: "checkbox", "data-testid": "compare-patient" });
  /** Brute force against backtracking on the page's N (race.ts). */
  readonly race = h("section", { class: "race", "data-testid": "race" });
  readonly raceBtn = h(
    "button",
    { type: "button", class: "btn", "data-testid": "race-start" },
    t().compare.race.raceButton,
  );
  /** The race's table, in a box that scrolls sideways on a phone: kept, so it keeps the focus. */
  private readonly raceTable = h("div", {
    class: "table-wrap",
    role: "region",
    tabindex: 0,
    "aria-label": t().compare.race.caption,
  });
  /** The race's lanes: kept across redraws of the table, drawn by drawLanes. */
  private readonly lanes = h("ol", {
    class: "race-lanes",
    "aria-label": t().compare.race.raceLabel,
    "data-testid": "race-lanes",
  });
  /** Whether the run button is drawn as running. */
  private runningShown = false;

  constructor(panel: HTMLElement, cs: CompareState) {
    const m = t().compare;
    for (let n = 6; n <= 14; n++) {
      this.upTo.append(h("option", { value: n, selected: n === cs.upTo }, m.upToOption(n)));
    }
    const name = `metric-${++groups}`;
    for (const key of METRICS) {
      const input = h("input", {
        type: "radio",
        name,
        value: key,
        checked: key === cs.metric,
        "data-metric": key,
      });
      this.metricInputs.push(input);
      this.metricGroup.append(h("label", {}, input, h("span", {}, m.metric[key])));
    }
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
        h("div", { class: "chart-card" }, this.chart, legend()),
        this.notes,
        this.race,
        definitions(),
        h("p", { class: "hint" }, m.hint),
        this.table,
      ),
    );
  }

  render(cs: CompareState): void {
    // Drawn at the size it is shown (text stays 12 px on a phone), as tall as the screen allows.
    const width = Math.round(Math.max(300, Math.min(760, this.chart.clientWidth || 760)));
    const top = this.chart.getBoundingClientRect().top + scrollY;
    const room = innerHeight - top - 16;
    const height = Math.round(Math.max(120, Math.min(380, width * 0.55, room > 0 ? room : 380)));
    const { results, metric, upTo, n } = cs;
    this.chart.innerHTML = chartSvg({ results, metric, upTo, n, width, height });
    this.drawNotes(cs);
    this.drawTable(cs);
    if (this.status.textContent !== cs.status) this.status.textContent = cs.status;
    this.drawRunning(cs.job !== undefined);
    this.renderRace(cs.race);
  }

  /** Brute force's three ways and backtracking on one N: a table and the sentence under it. */
  renderRace(race: RaceState): void {
    if (race.n === 0) return;
    const m = t().compare.race;
    const rows = raceRows(race).map((r) =>
      h(
        "tr",
        { "data-testid": `race-${r.key}` },
        h("th", { scope: "row" }, r.name),
        h("td", { class: "num" }, r.count),
        h("td", {}, r.time),
        h("td", { class: "num" }, r.ratio),
      ),
    );
    const summary = race.failed ? m.failed(race.failed) : raceSummary(race);
    this.raceTable.replaceChildren(
      h(
        "table",
        { class: "data", "data-testid": "race-table" },
        h("caption", {}, m.caption),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ...[m.colWay, m.colCount, m.colTime, m.colRatio].map((c) =>
              h("th", { scope: "col" }, c),
            ),
          ),
        ),
        h("tbody", {}, ...rows),
      ),
    );
    this.race.replaceChildren(
      h("h3", {}, m.title(race.n)),
      h("p", { class: "hint" }, m.intro),
      this.raceTable,
      h("p", { class: "race-summary", "data-testid": "race-summary" }, summary),
      h("p", { class: "hint" }, this.raceBtn, ` ${m.raceNote(RACE_SECONDS)}`),
      this.lanes,
    );
    this.raceBtn.disabled = race.running || race.failed !== undefined;
  }

  /** The race's lanes at one moment (index.ts draws them on each frame while it runs). */
  drawLanes(lanes: readonly Lane[]): void {
    this.lanes.replaceChildren(
      ...lanes.map((l) =>
        h(
          "li",
          { class: l.done ? "done" : "", "data-testid": `lane-${l.key}` },
          h("span", { class: "lane-text" }, l.text),
          h("progress", { max: 1, value: l.fraction, "aria-label": l.text }),
        ),
      ),
    );
  }

  /** The run button gives way to cancel while the set runs, and takes the focus back after. */
  private drawRunning(running: boolean): void {
    if (running === this.runningShown) return;
    this.runningShown = running;
    if (running) {
      this.cancelBtn.hidden = false;
      disableKeepingFocus(this.runBtn, this.cancelBtn);
      return;
    }
    const refocus = document.activeElement === this.cancelBtn;
    this.runBtn.disabled = false;
    this.cancelBtn.hidden = true;
    if (refocus) this.runBtn.focus();
  }

  /** Where lines coincide, which runs were made and why, and how the times are measured. */
  private drawNotes(cs: CompareState): void {
    const m = t().compare;
    const parts: HTMLElement[] = coinciding(cs.results, cs.metric).map((g) =>
      h(
        "p",
        { class: "coincide", "data-testid": "coincide" },
        m.coincide(
          g.map((a) => m.name[a]),
          m.metric[cs.metric],
        ),
      ),
    );
    if (cs.results.length > 0 || cs.skipped.size > 0) {
      const planned = planRuns(cs.upTo, cs.patient).runs.length;
      parts.push(h("p", { class: "muted" }, m.runsNote(planned, cs.patient)));
    }
    if (cs.metric === "seconds") parts.push(h("p", { class: "muted" }, m.timing));
    this.notes.replaceChildren(...parts);
  }

  private drawTable(cs: CompareState): void {
    const ns: number[] = [];
    for (let n = FIRST_N; n <= cs.upTo; n++) ns.push(n);
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
        h("th", { scope: "row" }, swatch(a.name), m.name[a.name]),
        ...ns.map((n) => {
          const r = cs.results.find((x) => x.name === a.name && x.n === n);
          const why = cs.skipped.get(`${a.name}:${n}`);
          if (r) return h("td", {}, valueText(r, cs.metric));
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
        h("caption", {}, m.caption2(m.metric[cs.metric])),
        h("thead", {}, head),
        h("tbody", {}, ...rows),
      ),
    );
  }
}

function swatch(name: keyof typeof COLORS): HTMLElement {
  return h("span", { class: "series-swatch", style: `background:${COLORS[name]}` });
}

/** The algorithms' colours, names and practical limits. */
function legend(): HTMLElement {
  const m = t().compare;
  return h(
    "ul",
    { class: "series-legend" },
    ...ALGORITHMS.map((a) =>
      h(
        "li",
        {},
        swatch(a.name),
        h("strong", {}, m.name[a.name]),
        h("span", { class: "muted" }, ` ${m.algoTitle[a.name]}${m.practical(a.maxPracticalN)}`),
      ),
    ),
  );
}

/** What a node and a check are for each algorithm: the library's own definitions. */
function definitions(): HTMLElement {
  const m = t().compare;
  return h(
    "details",
    { class: "defs", open: true, "data-testid": "compare-defs" },
    h("summary", {}, m.defsTitle),
    h(
      "dl",
      {},
      ...ALGORITHMS.flatMap((a) => [
        h("dt", {}, swatch(a.name), m.name[a.name]),
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
}
