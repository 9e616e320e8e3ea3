/**
 * Watch: the library's trace of row-by-row backtracking, replayed. Play, pause, step forward and
 * back, speed, a scrubber; depth, nodes, backtracks and solutions; the candidates of the current
 * row with the reason each square is rejected; the search tree growing.
 *
 * The trace streams in from a worker. Any step is reached by replaying from the nearest snapshot
 * (one every {@link SNAP} events), so stepping back and scrubbing are instant.
 */
import { conflicts, type Queen } from "../board.js";
import { type BoardLine, BoardView, type CellMark } from "./board-view.js";
import { type App, h, type ModeView } from "./dom.js";
import { num, t } from "./i18n.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import { saveShortcuts, shortcutsOn } from "./prefs.js";
import type { WatchEvent } from "./protocol.js";
import type { PageState } from "./state.js";

/** Events kept at most; a full trace for large N has billions. */
export const TRACE_LIMIT = 400_000;
const SNAP = 256;
/** Largest N whose search tree is drawn node by node. */
const TREE_MAX_N = 6;

const ICONS = {
  start: "M5 5h2.5v14H5zM19 5v14L8.5 12z",
  back: "M16 5.5v13L6.5 12z",
  forward: "M8 5.5v13l9.5-6.5z",
  end: "M5 5v14l10.5-7zM16.5 5H19v14h-2.5z",
  play: "M7.5 5v14L19 12z",
  pause: "M6.5 5H10v14H6.5zM14 5h3.5v14H14z",
};

function icon(d: string): string {
  return `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="${d}" fill="currentColor"/></svg>`;
}

const GLYPH: Record<string, string> = { column: "│", diagonal: "╲", "anti-diagonal": "╱" };

/** Square status in a row: untried, rejected, holds the queen now, explored and taken back. */
const UNTRIED = 0;
const REJECTED = 1;
const PLACED = 2;
const DONE = 3;

/** Everything the view shows at one step; a snapshot is a copy of it. */
interface Replay {
  pos: number;
  cols: Int16Array;
  status: Uint8Array;
  /** For a rejected square: 0 column, 1 diagonal, 2 anti-diagonal; and the attacker's row. */
  reason: Uint8Array;
  byRow: Int16Array;
  depth: number;
  nodes: number;
  backtracks: number;
  solutions: number;
  perDepth: number[];
}

function copy(r: Replay): Replay {
  return {
    ...r,
    cols: r.cols.slice(),
    status: r.status.slice(),
    reason: r.reason.slice(),
    byRow: r.byRow.slice(),
    perDepth: [...r.perDepth],
  };
}

const REASONS = ["column", "diagonal", "anti-diagonal"];

/** Applies one event to the replay state. */
function apply(s: Replay, e: WatchEvent, n: number): void {
  s.pos++;
  switch (e.type) {
    case "place": {
      s.cols[e.row] = e.col;
      s.status[e.row * n + e.col] = PLACED;
      s.depth++;
      s.nodes++;
      s.perDepth[s.depth] = (s.perDepth[s.depth] ?? 0) + 1;
      // The rows below start afresh under the new queen.
      s.status.fill(UNTRIED, (e.row + 1) * n);
      break;
    }
    case "reject":
      s.status[e.row * n + e.col] = REJECTED;
      s.reason[e.row * n + e.col] = REASONS.indexOf(e.reason);
      s.byRow[e.row * n + e.col] = e.by?.row ?? -1;
      break;
    case "remove":
      s.cols[e.row] = -1;
      s.status[e.row * n + e.col] = DONE;
      s.depth--;
      s.backtracks++;
      break;
    case "solution":
      s.solutions++;
      break;
  }
}

interface TreeNode {
  /** Index of the place event (root: -1). */
  readonly at: number;
  readonly depth: number;
  readonly row: number;
  readonly col: number;
  x: number;
  readonly parent: number;
  readonly children: number[];
  solution: boolean;
}

export class WatchMode implements ModeView {
  private readonly board: BoardView;
  private readonly stats = h("dl", { class: "stats watch-stats", "data-testid": "watch-stats" });
  /**
   * What the last step did. Not a live region: it changes every frame while playing; the page
   * says it (app.announce) when the user steps, scrubs or pauses.
   */
  private readonly narration = h("p", { class: "narration", "data-testid": "narration" });
  private readonly candidates = h("div", { class: "candidates", "data-testid": "candidates" });
  private readonly treeBox = h("div", { class: "tree-box" });
  private readonly note = h("p", { class: "note" });
  private readonly scrub = h("input", {
    type: "range",
    min: 0,
    max: 0,
    value: 0,
    class: "scrubber",
    "aria-label": t().watch.scrubber,
    "data-testid": "scrubber",
  });
  private readonly speed = h("input", {
    type: "range",
    min: 0,
    max: 100,
    value: 40,
    "data-testid": "speed",
  });
  private readonly speedOut = h("output", { class: "speed-out" });
  private readonly stopAtSolution = h("input", {
    type: "checkbox",
    checked: true,
    "data-testid": "stop-at-solution",
  });
  private readonly shortcutsBox = h("input", {
    type: "checkbox",
    checked: shortcutsOn(),
    "data-testid": "shortcuts",
  });
  private readonly playBtn = this.button(
    `${icon(ICONS.play)}<span></span>`,
    "play",
    () => this.togglePlay(),
    "primary",
  );
  private readonly loadState = h("span", { class: "load-state" });

  private n = 0;
  private fixed: readonly Queen[] = [];
  private events: WatchEvent[] = [];
  private total: number | undefined;
  private truncated = false;
  private profile: readonly number[] | null = null;
  private snaps: Replay[] = [];
  private cur!: Replay;
  private job: Running<unknown> | undefined;
  private playing = false;
  private raf = 0;
  private last = 0;
  private budget = 0;
  private traceKey = "";
  private pendingStep = 0;
  private tree: TreeNode[] | undefined;
  private lastUrlStep = -1;
  private sayTimer = 0;
  private readonly onKeyDown = (e: KeyboardEvent) => this.shortcut(e);

  constructor(
    private readonly panel: HTMLElement,
    private readonly app: App,
  ) {
    const m = t().watch;
    this.board = new BoardView({ label: () => t().board.watchLabel });
    this.playBtn.querySelector("span")!.textContent = m.play;
    const transport = h(
      "div",
      { class: "transport", role: "group", "aria-label": m.playback, "data-testid": "transport" },
      this.button(icon(ICONS.start), "reset", () => this.restart(), "icon", m.start),
      this.button(icon(ICONS.back), "back", () => this.stepBy(-1), "icon", m.back),
      this.playBtn,
      this.button(icon(ICONS.forward), "forward", () => this.stepBy(1), "icon", m.forward),
      this.button(
        icon(ICONS.end),
        "next-solution",
        () => this.nextSolution(),
        "icon",
        m.nextSolution,
      ),
    );
    const speedRow = h(
      "div",
      { class: "speed-row" },
      h("label", {}, `${m.speed} `, this.speed),
      this.speedOut,
      h("label", { class: "check" }, this.stopAtSolution, ` ${m.pauseAtSolution}`),
      h("label", { class: "check" }, this.shortcutsBox, ` ${m.shortcuts}`),
    );
    const side = h(
      "div",
      { class: "side" },
      h("h2", {}, m.title),
      transport,
      this.narration,
      this.note,
      speedRow,
      this.stats,
      h("h3", {}, m.candidates),
      this.candidates,
      h("h3", {}, m.tree),
      this.treeBox,
      h("p", { class: "hint" }, m.hint),
    );
    const scrubRow = h("div", { class: "scrub-row" }, this.scrub, this.loadState);
    panel.append(
      h(
        "div",
        { class: "layout" },
        h("div", { class: "board-card" }, this.board.el, scrubRow),
        side,
      ),
    );
    this.scrub.addEventListener("input", () => {
      this.pause();
      this.seek(Number(this.scrub.value));
      this.sayLater();
    });
    this.scrub.addEventListener("change", () => this.saveStep());
    this.speed.addEventListener("input", () => this.showSpeed());
    this.shortcutsBox.addEventListener("change", () => saveShortcuts(this.shortcutsBox.checked));
    this.showSpeed();
    document.addEventListener("keydown", this.onKeyDown);
  }

  /**
   * The media keys: Space (and K) plays or pauses, ← and → (J and L) step. Only while Watch is
   * shown and the shortcuts are on; never where the key already means something (typing in a
   * field, Space on a button or a checkbox, arrows on the board or a slider, which step on
   * their own).
   */
  private shortcut(e: KeyboardEvent): void {
    if (this.panel.hidden || !this.shortcutsBox.checked) return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (target.closest("[role=tablist]")) return;
    if (target.matches("input:not([type=range]):not([type=checkbox]), select, textarea")) return;
    if (target.isContentEditable) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const activates = target.matches("button, a, input[type=checkbox], summary");
    const moves = target.matches("input[type=range]") || !!target.closest("[role=grid]");
    if ((key === " " && !activates) || key === "k") this.togglePlay();
    else if ((key === "ArrowLeft" && !moves) || key === "j") this.stepBy(-1);
    else if ((key === "ArrowRight" && !moves) || key === "l") this.stepBy(1);
    else return;
    e.preventDefault();
  }

  dispose(): void {
    document.removeEventListener("keydown", this.onKeyDown);
    this.job?.cancel();
  }

  /** Says the narration once the user stops moving the scrubber. */
  private sayLater(): void {
    clearTimeout(this.sayTimer);
    this.sayTimer = window.setTimeout(() => this.say(), 350);
  }

  private say(): void {
    clearTimeout(this.sayTimer);
    this.app.announce(this.narration.textContent ?? "");
  }

  show(state: PageState): void {
    const valid = conflicts({ n: state.n, queens: state.queens }).length === 0;
    const fixed = valid ? state.queens : [];
    const k = `${state.n}|${fixed.map((q) => `${q.row}:${q.col}`).join(",")}`;
    if (k !== this.traceKey) {
      this.traceKey = k;
      this.start(state.n, fixed, state.step);
      this.note.replaceChildren();
      if (state.queens.length > 0) {
        const m = t().watch;
        const clear = this.button(m.clearFixed, "clear-fixed", () => {
          this.playBtn.focus();
          this.app.set({ queens: [], step: 0 });
        });
        this.note.append(valid ? m.fixed(state.queens.length) : m.fixedConflict, clear);
      }
    } else if (state.step !== this.cur.pos && state.step !== this.lastUrlStep) {
      this.seek(state.step);
    }
  }

  hide(): void {
    this.pause();
  }

  /** A button whose content is trusted markup (an icon and a word). */
  private button(
    html: string,
    testid: string,
    onClick: () => void,
    kind = "",
    label?: string,
  ): HTMLButtonElement {
    const b = h("button", {
      type: "button",
      class: `btn ${kind}`,
      "data-testid": testid,
      "aria-label": label,
      title: label,
    });
    b.innerHTML = html;
    b.addEventListener("click", onClick);
    return b;
  }

  /** Events per second for the speed slider: 1 to 5,000 on a log scale. */
  private rate(): number {
    return Math.round(10 ** ((Number(this.speed.value) / 100) * Math.log10(5000)));
  }

  private showSpeed(): void {
    const rate = t().watch.rate(this.rate());
    this.speedOut.textContent = rate;
    this.speed.setAttribute("aria-label", t().watch.speed);
    this.speed.setAttribute("aria-valuetext", rate);
  }

  private start(n: number, fixed: readonly Queen[], step: number): void {
    this.job?.cancel();
    this.pause();
    this.n = n;
    this.fixed = fixed;
    this.events = [];
    this.total = undefined;
    this.truncated = false;
    this.profile = null;
    this.tree = undefined;
    const cols = new Int16Array(n).fill(-1);
    for (const q of fixed) cols[q.row] = q.col;
    this.cur = {
      pos: 0,
      cols,
      status: new Uint8Array(n * n),
      reason: new Uint8Array(n * n),
      byRow: new Int16Array(n * n),
      depth: 0,
      nodes: 1,
      backtracks: 0,
      solutions: 0,
      perDepth: [1],
    };
    this.snaps = [copy(this.cur)];
    this.pendingStep = step;
    this.loadState.textContent = t().watch.tracing;
    const job = runJob({ kind: "trace", n, limit: TRACE_LIMIT, fixed }, (p) => {
      if (p.kind !== "trace-events") return;
      for (const e of p.events) this.events.push(e);
      this.scrub.max = String(this.events.length);
      if (this.pendingStep > 0 && this.events.length >= this.pendingStep) {
        this.seek(this.pendingStep);
        this.pendingStep = 0;
      }
      this.draw();
    });
    this.job = job;
    job.promise.then(
      (r) => {
        if (this.job !== job) return;
        this.total = r.total;
        this.truncated = r.truncated;
        this.profile = r.profile;
        this.loadState.textContent = r.truncated
          ? t().watch.firstSteps(r.total)
          : t().watch.steps(r.total);
        if (this.n <= TREE_MAX_N && !r.truncated)
          this.tree = buildTree(this.events, this.fixed.length, n);
        if (this.pendingStep > 0) {
          // A step past the end of the trace (from a link): show the end, and say so in the URL.
          this.seek(Math.min(this.pendingStep, this.events.length));
          if (this.pendingStep > this.events.length) this.saveStep();
        }
        this.pendingStep = 0;
        this.draw();
      },
      (e) => {
        if (e instanceof Cancelled || this.job !== job) return;
        this.loadState.textContent = t().watch.traceFailed((e as Error).message);
      },
    );
    this.draw();
  }

  /** Moves to step `pos` (0 = before the first event). */
  private seek(pos: number): void {
    pos = Math.max(0, Math.min(pos, this.events.length));
    if (pos < this.cur.pos || pos - this.cur.pos > SNAP) {
      const snap = this.snaps[Math.min(Math.floor(pos / SNAP), this.snaps.length - 1)]!;
      this.cur = copy(snap);
    }
    while (this.cur.pos < pos) this.advance();
    this.draw();
  }

  /** Applies the next event, keeping a snapshot every SNAP events. */
  private advance(): void {
    apply(this.cur, this.events[this.cur.pos]!, this.n);
    if (this.cur.pos % SNAP === 0 && this.snaps.length === this.cur.pos / SNAP) {
      this.snaps.push(copy(this.cur));
    }
  }

  private restart(): void {
    this.pause(false);
    this.seek(0);
    this.saveStep();
    this.say();
  }

  private stepBy(d: number): void {
    this.pause(false);
    this.seek(this.cur.pos + d);
    this.saveStep();
    this.say();
  }

  private nextSolution(): void {
    this.pause(false);
    let p = this.cur.pos;
    while (p < this.events.length && this.events[p]!.type !== "solution") p++;
    this.seek(Math.min(p + 1, this.events.length));
    this.saveStep();
    this.say();
  }

  private togglePlay(): void {
    if (this.playing) this.pause(true);
    else this.play();
  }

  private play(): void {
    if (this.playing) return;
    if (this.total !== undefined && this.cur.pos >= this.events.length) this.seek(0);
    this.playing = true;
    this.playBtn.innerHTML = `${icon(ICONS.pause)}<span></span>`;
    this.playBtn.querySelector("span")!.textContent = t().watch.pause;
    this.playBtn.setAttribute("aria-pressed", "true");
    this.last = performance.now();
    this.budget = 0;
    const tick = (now: number) => {
      if (!this.playing) return;
      this.budget += ((now - this.last) / 1000) * this.rate();
      this.last = now;
      let steps = Math.floor(this.budget);
      this.budget -= steps;
      // Never run past the start of a frame's worth of work on a slow machine.
      steps = Math.min(steps, 20_000);
      if (this.cur.pos === 0 && steps === 0) steps = 1;
      while (steps-- > 0 && this.cur.pos < this.events.length) {
        this.advance();
        if (this.events[this.cur.pos - 1]!.type === "solution" && this.stopAtSolution.checked) {
          this.draw();
          this.pause(false);
          this.app.announce(
            `${t().watch.solutionPaused(this.cur.solutions)} ${this.narration.textContent ?? ""}`,
          );
          return;
        }
      }
      this.draw();
      if (this.cur.pos >= this.events.length && this.total !== undefined) {
        this.pause(true);
        return;
      }
      this.raf = requestAnimationFrame(tick);
    };
    this.raf = requestAnimationFrame(tick);
  }

  /** Stops playing; `say` announces where it stopped (a pause the user asked for). */
  private pause(say = false): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.raf);
    this.playBtn.innerHTML = `${icon(ICONS.play)}<span></span>`;
    this.playBtn.querySelector("span")!.textContent = t().watch.play;
    this.playBtn.setAttribute("aria-pressed", "false");
    this.saveStep();
    if (say) this.say();
  }

  private saveStep(): void {
    this.lastUrlStep = this.cur.pos;
    this.app.set({ step: this.cur.pos });
  }

  /** The row the last event happened in, or the first free row before any event. */
  private currentRow(): number {
    const e = this.events[this.cur.pos - 1];
    if (e && e.type !== "solution") return e.row;
    // At a solution, the row of the last queen placed.
    if (e) {
      const before = this.events[this.cur.pos - 2];
      return before && before.type !== "solution" ? before.row : -1;
    }
    for (let r = 0; r < this.n; r++) if (this.cur.cols[r] === -1) return r;
    return -1;
  }

  private draw(): void {
    const n = this.n;
    const s = this.cur;
    const last = this.events[s.pos - 1];
    const row = this.currentRow();
    const fixedAt = new Set(this.fixed.map((q) => q.row));
    const lines: BoardLine[] = [];
    if (last?.type === "reject" && last.by) {
      lines.push({ from: last.by, to: { row: last.row, col: last.col }, tone: "attack" });
    }
    this.board.render(
      n,
      (r, c): CellMark => {
        const i = r * n + c;
        const isQueen = s.cols[r] === c;
        const m: {
          queen?: CellMark["queen"];
          rejected?: string;
          trying?: boolean;
          attacker?: boolean;
          note?: string;
        } = {};
        if (isQueen) m.queen = fixedAt.has(r) ? "placed" : "trace";
        if (r === row && !isQueen && s.status[i] === REJECTED) {
          const why = REASONS[s.reason[i]!]!;
          m.rejected = GLYPH[why];
          m.note = t().watch.noteRejected(why, s.byRow[i]!);
        }
        if (r === row && !isQueen && s.status[i] === DONE) m.note = t().watch.noteDone;
        if (last && last.type !== "solution" && last.row === r && last.col === c) m.trying = true;
        if (last?.type === "reject" && last.by?.row === r && last.by.col === c) m.attacker = true;
        return m;
      },
      row,
      lines,
    );
    this.board.el.classList.toggle("solved", last?.type === "solution");
    this.scrub.value = String(s.pos);
    this.scrub.max = String(this.events.length);
    const m = t().watch;
    this.scrub.setAttribute(
      "aria-valuetext",
      m.scrubText(s.pos, this.events.length, this.total === undefined),
    );
    const free = n - this.fixed.length;
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
    this.narration.textContent = this.narrate(last, row);
    this.drawCandidates(row);
    this.drawTree();
  }

  private narrate(e: WatchEvent | undefined, row: number): string {
    const n = this.n;
    const m = t().watch;
    if (!e) {
      if (this.events.length === 0 && this.total === undefined) return m.narrTracing;
      if (row < 0) return m.narrFull;
      return m.narrStart(this.fixed.length > 0, row);
    }
    switch (e.type) {
      case "place":
        return m.narrPlace(e.row, e.col, this.cur.depth < n - this.fixed.length);
      case "reject":
        return m.narrReject(e.row, e.col, e.reason, e.by ?? { row: 0, col: 0 });
      case "remove":
        return m.narrRemove(e.row, e.col);
      case "solution":
        return m.narrSolution(this.cur.solutions);
    }
  }

  private drawCandidates(row: number): void {
    const n = this.n;
    const m = t().watch;
    if (row < 0) {
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
      const st = this.cur.cols[row] === c ? PLACED : this.cur.status[i]!;
      let cls = "untried";
      let mark = "";
      let words = m.candUntried;
      if (st === PLACED) {
        cls = "placed";
        mark = "♛";
        words = m.candPlaced;
      } else if (st === REJECTED) {
        const why = REASONS[this.cur.reason[i]!]!;
        cls = "rejected";
        mark = GLYPH[why]!;
        words = m.candRejected(why, this.cur.byRow[i]!);
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

  private drawTree(): void {
    const s = this.cur;
    const m = t().watch;
    const box = this.treeBox;
    const parts: string[] = [];
    if (this.tree) parts.push(treeSvg(this.tree, s.pos, this.events));
    const depthCount = this.n - this.fixed.length;
    const prof = this.profile;
    const max = Math.max(1, ...(prof ?? s.perDepth));
    const rows: string[] = [];
    for (let d = 0; d <= depthCount; d++) {
      const now = s.perDepth[d] ?? 0;
      const all = prof?.[d];
      const w = (now / max) * 100;
      const g = all !== undefined ? (all / max) * 100 : 0;
      rows.push(
        `<li class="bar-row"><span class="sr-only">${m.depthRow(d, now, all)}</span><span class="bar-d" aria-hidden="true">${d}</span><span class="bar-track" aria-hidden="true"><span class="bar-ghost" style="width:${g}%"></span><span class="bar-fill" style="width:${w}%"></span></span><span class="bar-v" aria-hidden="true">${num(now)}${all !== undefined ? `<span class="muted"> / ${num(all)}</span>` : ""}</span></li>`,
      );
    }
    parts.push(
      `<ul class="bars" aria-label="${m.perDepth}">${rows.join("")}</ul><p class="cand-key">${m.depthKey(!!prof)}</p>`,
    );
    box.innerHTML = parts.join("");
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

/** The whole search tree of a finished trace, laid out: leaves left to right in visiting order. */
function buildTree(events: readonly WatchEvent[], fixedCount: number, n: number): TreeNode[] {
  const nodes: TreeNode[] = [
    { at: -1, depth: 0, row: -1, col: -1, x: 0, parent: -1, children: [], solution: false },
  ];
  const path = [0];
  events.forEach((e, i) => {
    if (e.type === "place") {
      const parent = path[path.length - 1]!;
      const id = nodes.length;
      nodes.push({
        at: i,
        depth: path.length,
        row: e.row,
        col: e.col,
        x: 0,
        parent,
        children: [],
        solution: false,
      });
      nodes[parent]!.children.push(id);
      path.push(id);
    } else if (e.type === "remove") path.pop();
    else if (e.type === "solution") nodes[path[path.length - 1]!]!.solution = true;
  });
  let leaf = 0;
  const place = (id: number): void => {
    const node = nodes[id]!;
    if (node.children.length === 0) {
      node.x = leaf++;
      return;
    }
    for (const c of node.children) place(c);
    node.x = (nodes[node.children[0]!]!.x + nodes[node.children[node.children.length - 1]!]!.x) / 2;
  };
  place(0);
  void fixedCount;
  void n;
  return nodes;
}

/** The tree as SVG: visited nodes solid, the rest faint; the current path highlighted. */
function treeSvg(nodes: readonly TreeNode[], pos: number, events: readonly WatchEvent[]): string {
  const m = t().watch;
  const leaves = Math.max(1, ...nodes.map((n) => n.x)) + 1;
  const depth = Math.max(...nodes.map((n) => n.depth));
  const W = Math.max(300, leaves * 12);
  const H = 40 + depth * 46;
  const X = (x: number) => 10 + (x / Math.max(1, leaves - 1)) * (W - 20);
  const Y = (d: number) => 14 + d * 46;
  // The current path: nodes placed and not yet removed at pos.
  const onPath = new Set<number>([0]);
  const stack = [0];
  const byAt = new Map<number, number>();
  nodes.forEach((node, id) => {
    if (node.at >= 0) byAt.set(node.at, id);
  });
  for (let i = 0; i < pos; i++) {
    const e = events[i]!;
    if (e.type === "place") stack.push(byAt.get(i)!);
    else if (e.type === "remove") stack.pop();
  }
  for (const id of stack) onPath.add(id);
  const edges: string[] = [];
  const dots: string[] = [];
  nodes.forEach((node, id) => {
    const seen = node.at < pos;
    const cls = `${seen ? "seen" : "unseen"}${onPath.has(id) ? " path" : ""}${node.solution && seen ? " sol" : ""}${
      seen && !node.solution && node.children.length === 0 && node.at >= 0 ? " dead" : ""
    }`;
    if (node.parent >= 0) {
      const p = nodes[node.parent]!;
      edges.push(
        `<line class="${cls}" x1="${X(p.x)}" y1="${Y(p.depth)}" x2="${X(node.x)}" y2="${Y(node.depth)}"/>`,
      );
    }
    dots.push(
      `<circle class="${cls}" cx="${X(node.x)}" cy="${Y(node.depth)}" r="${node.depth === 0 ? 6 : 4.5}"><title>${
        node.at < 0 ? m.treeRoot : m.treeNode(node.row, node.col)
      }</title></circle>`,
    );
  });
  const label = m.treeLabel(nodes.length, nodes.filter((n) => n.at < pos).length);
  return `<svg class="tree" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}"><g class="edges">${edges.join("")}</g><g class="dots">${dots.join("")}</g></svg>`;
}
