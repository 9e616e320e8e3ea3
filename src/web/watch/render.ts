/**
 * Watch's view: the elements of the mode, and `render`, which draws them from the state
 * (state.ts) and the model (model.ts) and changes nothing else. The play button, the scrubber,
 * the step field and the checkboxes all show what the state says; input.ts listens to them.
 */
import type { Queen } from "../../board.js";
import { h } from "../dom.js";
import { num, t } from "../i18n/index.js";
import { ALGOS, type Algo, type PageState } from "../state.js";
import { REASONS } from "../steps.js";
import { type BoardLine, BoardView, type CellMark } from "../ui/board-view.js";
import { CodePanel } from "../ui/code-view.js";
import { HistoryView } from "./history.js";
import { boardModel, codeModel, currentRow, GLYPH, type Shown } from "./model.js";
import { NarrationBox } from "./narration.js";
import { DONE, PLACED, REJECTED } from "./replay.js";
import {
  type DrawnTree,
  length,
  rate,
  replayAt,
  solutionFrom,
  solutionsSoFar,
  type Trace,
  treeCursorIndex,
  type WatchState,
} from "./state.js";
import { depthBars, pathTree, treeLegend, wholeTree } from "./tree.js";

const ICONS = {
  start: "M5 5h2.5v14H5zM19 5v14L8.5 12z",
  prevSolution: "M19 5v14L8.5 12zM5 5h2.5v14H5z",
  back: "M16 5.5v13L6.5 12z",
  forward: "M8 5.5v13l9.5-6.5z",
  nextSolution: "M5 5v14l10.5-7zM16.5 5H19v14h-2.5z",
  play: "M7.5 5v14L19 12z",
  pause: "M6.5 5H10v14H6.5zM14 5h3.5v14H14z",
};

function icon(d: string): string {
  return `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="${d}" fill="currentColor"/></svg>`;
}

/** A button whose content is trusted markup (an icon and a word); input.ts gives it its action. */
function button(html: string, testid: string, kind = "", label?: string): HTMLButtonElement {
  const b = h("button", {
    type: "button",
    class: `btn ${kind}`,
    "data-testid": testid,
    "aria-label": label,
    title: label,
  });
  b.innerHTML = html;
  return b;
}

export class WatchView {
  readonly board = new BoardView({ label: () => t().board.watchLabel });
  readonly code = new CodePanel(() => this.n);
  readonly stats = h("dl", { class: "stats watch-stats", "data-testid": "watch-stats" });
  /** What the last step did, in a box of fixed height. */
  readonly narration = new NarrationBox();
  readonly history = new HistoryView();
  readonly navNote = h("p", { class: "nav-note", "data-testid": "nav-note" });
  readonly candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  readonly candBox: HTMLElement;
  readonly treeBox = h("div", { class: "tree-box", "data-testid": "tree-box" });
  readonly note = h("p", { class: "note", "data-testid": "watch-note" });
  readonly algoSelect = h("select", { "data-testid": "algo", class: "algo-select" });
  readonly scrub = h("input", {
    type: "range",
    min: 0,
    max: 0,
    value: 0,
    class: "scrubber",
    "aria-label": t().watch.scrubber,
    "data-testid": "scrubber",
  });
  readonly marks = h("div", { class: "scrub-marks", "aria-hidden": "true" });
  readonly stepField = h("input", {
    type: "number",
    min: 0,
    value: 0,
    inputmode: "numeric",
    class: "step-field",
    "aria-label": t().watch.stepField,
    "data-testid": "step-field",
  });
  readonly totalText = h("span", { class: "load-state", "data-testid": "load-state" });
  readonly speed = h("input", {
    type: "range",
    min: 0,
    max: 100,
    value: 40,
    "data-testid": "speed",
  });
  readonly speedOut = h("output", { class: "speed-out" });
  readonly stopAtSolution = h("input", {
    type: "checkbox",
    checked: true,
    "data-testid": "stop-at-solution",
  });
  readonly shortcutsBox: HTMLInputElement;
  readonly playBtn = button(`${icon(ICONS.play)}<span></span>`, "play", "primary");
  readonly resetBtn = button(icon(ICONS.start), "reset", "icon", t().watch.start);
  readonly prevBtn = button(
    icon(ICONS.prevSolution),
    "prev-solution",
    "icon",
    t().watch.prevSolution,
  );
  readonly backBtn = button(icon(ICONS.back), "back", "icon", t().watch.back);
  readonly forwardBtn = button(icon(ICONS.forward), "forward", "icon", t().watch.forward);
  readonly nextBtn = button(
    icon(ICONS.nextSolution),
    "next-solution",
    "icon",
    t().watch.nextSolution,
  );
  readonly gifFrom = h("input", {
    type: "number",
    min: 0,
    value: 0,
    class: "step-field",
    "data-testid": "gif-from",
  });
  readonly gifTo = h("input", {
    type: "number",
    min: 0,
    value: 0,
    class: "step-field",
    "data-testid": "gif-to",
  });
  readonly pngBtn = button(t().slides.png, "export-step-png", "small");
  readonly svgBtn = button(t().slides.svg, "export-step-svg", "small");
  readonly gifBtn = button(t().slides.gif, "export-gif", "small");
  readonly exportNote = h("p", {
    class: "progress-text",
    "aria-live": "polite",
    "data-testid": "export-note",
  });

  /** The N drawn last (the code panel's bit rows need it). */
  private n = 0;
  /** Where the tree's nodes are drawn, to find the one clicked and the cursor's (state.ts). */
  private drawnTree: DrawnTree = { hits: [], pos: 0 };
  private treeSize = { width: 1, height: 1 };
  /** Says the node the cursor moved to (the tree itself is one picture to a screen reader). */
  private readonly treeSay = h("p", { class: "sr-only", "aria-live": "polite" });
  /** What the solution ticks were drawn for (they change only as steps arrive). */
  private marksKey = "";
  /** What the play button shows (it is redrawn only when that changes). */
  private playShown: boolean | undefined;

  constructor(panel: HTMLElement, shortcuts: boolean) {
    const m = t().watch;
    this.shortcutsBox = h("input", {
      type: "checkbox",
      checked: shortcuts,
      "data-testid": "shortcuts",
    });
    for (const a of ALGOS) this.algoSelect.append(h("option", { value: a }, m.algoName[a]));
    this.algoSelect.setAttribute("aria-label", m.algorithm);
    const transport = h(
      "div",
      { class: "transport", role: "group", "aria-label": m.playback, "data-testid": "transport" },
      this.resetBtn,
      this.prevBtn,
      this.backBtn,
      this.playBtn,
      this.forwardBtn,
      this.nextBtn,
    );
    const speedRow = h(
      "div",
      { class: "speed-row" },
      h("label", {}, `${m.speed} `, this.speed),
      this.speedOut,
      h("label", { class: "check" }, this.stopAtSolution, ` ${m.pauseAtSolution}`),
      h("label", { class: "check" }, this.shortcutsBox, ` ${m.shortcuts}`),
    );
    this.candBox = h("section", { class: "cand-box" }, h("h3", {}, m.candidates), this.candidates);
    const side = h(
      "div",
      { class: "side" },
      h("div", { class: "side-head" }, h("h2", {}, m.title), this.algoSelect),
      transport,
      this.narration.el,
      this.navNote,
      this.note,
      this.code.el,
      this.stats,
      speedRow,
      this.candBox,
      h("p", { class: "hint" }, m.hint),
    );
    // Its own column on a wide screen (style.css), so that the tree is on screen with the board,
    // the narration and the code; under the side elsewhere.
    const treeCard = h(
      "div",
      { class: "tree-card" },
      h("h3", {}, m.tree),
      this.treeBox,
      this.treeSay,
      this.history.el,
    );
    const s = t().slides;
    const exportBar = h(
      "div",
      { class: "export-bar slides-bar", role: "group", "aria-label": s.group },
      h("span", { class: "export-label", "aria-hidden": "true" }, s.title),
      this.pngBtn,
      this.svgBtn,
      h("label", { class: "range-field" }, `${s.from} `, this.gifFrom),
      h("label", { class: "range-field" }, `${s.to} `, this.gifTo),
      this.gifBtn,
    );
    const scrubRow = h(
      "div",
      { class: "scrub-row" },
      this.scrub,
      this.marks,
      h(
        "div",
        { class: "step-row" },
        h("label", { class: "step-label" }, `${m.stepField} `, this.stepField),
        this.totalText,
      ),
    );
    panel.append(
      h(
        "div",
        { class: "layout watch-layout" },
        h(
          "div",
          { class: "board-card" },
          this.board.el,
          scrubRow,
          exportBar,
          this.exportNote,
          h("p", { class: "cand-key scrub-key" }, m.scrubKey),
        ),
        side,
        treeCard,
      ),
    );
  }

  /** The algorithm chosen, as the address says it (before the trace for it is made). */
  drawAlgo(algo: Algo): void {
    this.algoSelect.value = algo;
  }

  /** Draws the whole mode from the state. */
  render(ws: WatchState): void {
    const { trace } = ws;
    this.n = trace.n;
    this.drawBoard(ws);
    this.drawPlay(ws.playing);
    this.drawSpeed(ws);
    this.algoSelect.value = trace.algo;
    this.candBox.hidden = trace.algo !== "backtrack";
    this.navNote.textContent = ws.navNote;
    this.drawProgress(ws);
    this.drawStats(ws);
    this.code.render(codeModel(ws));
    if (trace.algo === "backtrack") this.drawCandidates(ws);
    this.drawTree(ws);
    this.history.render(ws.history, ws.pos);
    this.code.scrollStack();
    this.narration.fit();
  }

  /**
   * What changes as steps stream in while the step shown stays the same: the scrubber, the step
   * count, the solution ticks and buttons. Drawn alone for each batch from the worker (index.ts):
   * the whole view is redrawn only when what the step shows can change, so that recording N =
   * 20's millions of steps does not redraw the board, the code and the tree on every frame.
   */
  drawProgress(ws: WatchState): void {
    const { trace, pos } = ws;
    const m = t().watch;
    const len = length(trace);
    this.scrub.max = String(len);
    this.scrub.value = String(pos);
    this.scrub.setAttribute("aria-valuetext", m.scrubText(pos, len, !trace.done));
    this.stepField.max = String(len);
    if (document.activeElement !== this.stepField) this.stepField.value = String(pos);
    this.totalText.textContent = trace.failed
      ? m.traceFailed(trace.failed)
      : trace.done || len > 0
        ? m.ofSteps(len, trace.done, trace.cut)
        : m.tracing;
    this.gifFrom.max = String(len);
    this.gifTo.max = String(len);
    if (!ws.gifTouched && !ws.exporting) {
      this.gifFrom.value = String(pos);
      this.gifTo.value = String(Math.min(len, pos + 30));
    }
    this.drawExportNote(ws);
    const hasPrev = solutionFrom(trace, pos, -1) !== undefined;
    const hasNext = solutionFrom(trace, pos, 1) !== undefined;
    this.prevBtn.setAttribute("aria-disabled", String(!hasPrev));
    this.nextBtn.setAttribute("aria-disabled", String(!hasNext && trace.done));
    this.drawMarks(trace);
  }

  /** How the export of pictures went (also drawn alone while a GIF is being made). */
  drawExportNote(ws: WatchState): void {
    // Only a change: the note is a live region, and every frame draws.
    if (this.exportNote.textContent !== ws.exportNote) this.exportNote.textContent = ws.exportNote;
  }

  /** The note under the narration: Play's queens, used only when asked (backtracking only). */
  renderNote(page: PageState, valid: boolean): void {
    const m = t().watch;
    this.note.replaceChildren();
    if (page.queens.length === 0) return;
    if (page.algo !== "backtrack") this.note.append(m.emptyOnly);
    else if (!page.from) {
      this.note.append(m.fromBoard(page.queens.length), button(m.startFromBoard, "from-board"));
    } else {
      const text = valid ? m.fixed(page.queens.length) : m.fixedConflict;
      this.note.append(text, button(m.clearFixed, "clear-fixed"));
    }
  }

  /** The step of the tree node at a click, if the click is on (or near) one. */
  treeStepAt(e: MouseEvent): number | undefined {
    const svg = (e.target as Element).closest("svg.tree");
    if (!(svg instanceof SVGSVGElement)) return undefined;
    const box = svg.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * this.treeSize.width;
    const y = ((e.clientY - box.top) / box.height) * this.treeSize.height;
    let best: { step: number; d: number } | undefined;
    for (const hit of this.drawnTree.hits) {
      const d = Math.hypot(hit.x - x, hit.y - y);
      if (d < 14 && (!best || d < best.d)) best = { step: hit.step, d };
    }
    return best?.step;
  }

  /** The tree's nodes as drawn last (the cursor moves among them: state.ts moveTreeCursor). */
  get tree(): DrawnTree {
    return this.drawnTree;
  }

  /** Draws the tree's cursor where the state has it, and says the node it is on. */
  drawTreeCursor(ws: WatchState): void {
    const hit = this.drawnTree.hits[treeCursorIndex(ws, this.drawnTree)];
    if (!hit) return;
    const ring = this.treeBox.querySelector(".tree-cursor");
    ring?.setAttribute("cx", String(hit.x));
    ring?.setAttribute("cy", String(hit.y));
    this.treeSay.textContent = t().watch.treeChosen(hit.label, hit.step);
  }

  private drawBoard(shown: Shown): void {
    const n = shown.trace.n;
    const model = boardModel(shown);
    const queenAt = new Map(model.queens.map((q) => [q.row * n + q.col, q.tone]));
    const markAt = new Map(model.marks.map((k) => [k.row * n + k.col, k.glyph]));
    const lines: BoardLine[] = model.lines.map((l: { from: Queen; to: Queen }) => ({
      from: l.from,
      to: l.to,
      tone: shown.trace.brute ? "conflict" : "attack",
    }));
    this.board.render(
      n,
      (r, c): CellMark => {
        const i = r * n + c;
        const tone = queenAt.get(i);
        return {
          queen: tone === undefined ? undefined : tone === "fixed" ? "placed" : "trace",
          conflict: tone === "clash",
          attacker: tone === "attacker",
          rejected: markAt.get(i),
          trying: model.trying?.row === r && model.trying.col === c,
          note: model.notes.get(i),
        };
      },
      model.row,
      lines,
    );
    this.board.el.classList.toggle("solved", model.solved);
    this.narration.show(model.narration);
  }

  /** The play button shows what pressing it does next, and whether it is pressed (playing). */
  private drawPlay(playing: boolean): void {
    if (this.playShown === playing) return;
    this.playShown = playing;
    this.playBtn.innerHTML = `${icon(playing ? ICONS.pause : ICONS.play)}<span></span>`;
    this.playBtn.querySelector("span")!.textContent = playing ? t().watch.pause : t().watch.play;
    this.playBtn.setAttribute("aria-pressed", String(playing));
  }

  private drawSpeed(ws: WatchState): void {
    const text = t().watch.rate(rate(ws.speed));
    if (this.speed.value !== String(ws.speed)) this.speed.value = String(ws.speed);
    this.speedOut.textContent = text;
    this.speed.setAttribute("aria-label", t().watch.speed);
    this.speed.setAttribute("aria-valuetext", text);
    this.stopAtSolution.checked = ws.stopAtSolution;
    this.shortcutsBox.checked = ws.shortcuts;
  }

  private drawStats({ trace, pos }: WatchState): void {
    const m = t().watch;
    const replay = replayAt(trace, pos);
    if (!replay) {
      const count = trace.brute?.count ?? 0;
      const solutions = solutionsSoFar(trace, pos);
      this.stats.replaceChildren(
        ...statRow(m.statStep, num(pos), "step"),
        ...statRow(m.statPlacements, num(Math.min(pos, count)), "placements"),
        ...statRow(
          m.statSolutions,
          num(solutions),
          "solutions",
          solutions > 0 ? "good" : undefined,
        ),
      );
      return;
    }
    const s = replay.cur;
    const free = trace.n - trace.fixed.length;
    this.stats.replaceChildren(
      ...statRow(m.statStep, num(s.pos), "step"),
      ...statRow(m.statDepth, `${num(s.depth)} / ${num(free)}`, "depth"),
      ...statRow(m.statNodes, num(s.nodes), "nodes"),
      ...statRow(m.statBacktracks, num(s.backtracks), "backtracks"),
      ...statRow(
        m.statSolutions,
        num(s.solutions),
        "solutions",
        s.solutions > 0 ? "good" : undefined,
      ),
    );
  }

  /** The solutions as ticks under the scrubber (one per pixel column at most). */
  private drawMarks(trace: Trace): void {
    const len = length(trace);
    const key = `${len}|${trace.solutionSteps.length}`;
    if (key === this.marksKey) return;
    this.marksKey = key;
    const W = 1000;
    const xs = new Set<number>();
    for (const p of trace.solutionSteps) xs.add(Math.round((p / Math.max(1, len)) * W * 2) / 2);
    const d = [...xs].map((x) => `M${x} 0v8`).join("");
    this.marks.innerHTML = `<svg viewBox="0 0 ${W} 8" preserveAspectRatio="none"><path d="${d}"/></svg>`;
  }

  /** The squares of the current row: untried, rejected (and why), holding the queen, done. */
  private drawCandidates(shown: Shown): void {
    const { trace, pos } = shown;
    const n = trace.n;
    const m = t().watch;
    const row = currentRow(shown);
    const s = replayAt(trace, pos)?.cur;
    if (row < 0 || !s) {
      this.candidates.replaceChildren(h("p", { class: "muted" }, m.noRow));
      return;
    }
    const list = h("ol", {
      class: "cand-list",
      "aria-label": m.rowColumns(row),
      style: `--cols:${n > 10 ? Math.ceil(n / 2) : n}`,
    });
    for (let c = 0; c < n; c++) {
      const i = row * n + c;
      const st = s.cols[row] === c ? PLACED : s.status[i]!;
      let cls = "untried";
      let mark = "";
      let words = m.candUntried;
      if (st === PLACED) {
        cls = "placed";
        mark = "♛";
        words = m.candPlaced;
      } else if (st === REJECTED) {
        const why = REASONS[s.reason[i]!]!;
        cls = "rejected";
        mark = GLYPH[why]!;
        words = m.candRejected(why, s.byRow[i]!);
      } else if (st === DONE) {
        cls = "done";
        mark = "✓";
        words = m.candDone;
      }
      const label = m.candLabel(c, words);
      list.append(
        h(
          "li",
          { class: cls, title: label },
          h("span", { class: "sr-only" }, label),
          h("span", { class: "cand-col", "aria-hidden": "true" }, String(c + 1)),
          h("span", { class: "cand-mark", "aria-hidden": "true" }, mark),
        ),
      );
    }
    this.candidates.replaceChildren(
      h("p", { class: "cand-title" }, m.rowTitle(row)),
      list,
      h("p", { class: "cand-key", "aria-hidden": "true" }, m.candKey),
    );
  }

  private drawTree(ws: WatchState): void {
    const { trace, pos } = ws;
    const m = t().watch;
    const replay = replayAt(trace, pos);
    if (!replay) {
      this.drawnTree = { hits: [], pos };
      this.treeBox.innerHTML = `<p class="muted">${m.treeBrute}</p>`;
      return;
    }
    const whole = trace.tree !== undefined;
    const pic = whole ? wholeTree(trace.tree!, replay) : pathTree(replay);
    this.drawnTree = { hits: pic.hits, pos };
    const at = pic.hits[treeCursorIndex(ws, this.drawnTree)];
    // The cursor's ring is drawn inside the picture; style.css shows it only while the tree
    // has the keyboard's focus.
    const ring = at ? `<circle class="tree-cursor" cx="${at.x}" cy="${at.y}" r="9"/>` : "";
    const svg = `${pic.svg.slice(0, -"</svg>".length)}${ring}</svg>`;
    // The picture is drawn anew on every step: the keyboard's focus moves to the new one.
    const focused = this.treeBox.contains(document.activeElement);
    this.treeSize = { width: pic.width, height: pic.height };
    const bars = depthBars(
      replay.cur.perDepth,
      trace.n - trace.fixed.length,
      trace.profile,
      trace.n,
    );
    this.treeBox.innerHTML = `${svg}${treeLegend(!whole, trace.algo === "backtrack")}${bars}`;
    if (focused) this.treeBox.querySelector<SVGSVGElement>("svg.tree")?.focus();
  }
}

function statRow(label: string, value: string, testid: string, tone?: string): HTMLElement[] {
  return [
    h(
      "div",
      { class: `stat ${tone ?? ""}` },
      h("dt", {}, label),
      h("dd", { "data-testid": `stat-${testid}` }, value),
    ),
  ];
}
