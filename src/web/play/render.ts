/**
 * Play's view: the elements of the mode, and `render`, which draws them from the state
 * (state.ts) and the model (model.ts). The result box, the undo and redo buttons, the job's
 * buttons and the symmetries are all drawn from the state; the buttons drawn inside them call
 * the actions index.ts gives the view.
 */

import { disableKeepingFocus, h } from "../dom.js";
import { num, t, time } from "../i18n/index.js";
import { LEVELS, type PageState } from "../state.js";
import { BoardView } from "../ui/board-view.js";
import { symmetryView } from "../ui/symmetry-view.js";
import { boardModel, conflictText, hintStatus, puzzleModel, whyNoCompletion } from "./model.js";
import type { Callout, PlayState, Task } from "./state.js";

/** What the view's own buttons (the board, the result box, the symmetries) ask of the mode. */
export interface PlayViewActions {
  toggle(row: number, col: number): void;
  /** Keeps the completion shown: its queens become the board. */
  keep(cols: readonly number[]): void;
  downloadCompletions(board: PageState, format: "json" | "csv"): void;
  /** Opens Watch searching from the board shown (which has no completion). */
  watchWhy(): void;
  setSym(sym: number): void;
  /** Puts an image of the solution on the board (from the symmetries). */
  openImage(cols: readonly number[]): void;
}

function button(text: string, testid?: string, cls = "btn small"): HTMLButtonElement {
  return h("button", { type: "button", class: cls, "data-testid": testid }, text);
}

export class PlayView {
  readonly board: BoardView;
  readonly status = h("p", { class: "status-line", "data-testid": "play-status" });
  readonly stats = h("dl", { class: "stats" });
  readonly conflictList = h("ul", { class: "conflict-list", "data-testid": "conflicts" });
  readonly result = h("div", { class: "result", "data-testid": "result", "aria-live": "polite" });
  readonly goal = h("p", { class: "goal", "data-testid": "play-goal" });
  readonly hintBox: HTMLInputElement;
  readonly hintStatus = h("p", {
    class: "hint-status",
    "data-testid": "hint-status",
    "aria-live": "polite",
  });
  readonly levelSelect = h("select", { class: "level-select", "data-testid": "puzzle-level" });
  readonly newPuzzleBtn = button(t().play.newPuzzle, "new-puzzle");
  readonly endPuzzleBtn = button(t().play.endPuzzle, "end-puzzle");
  readonly puzzleNote = h("p", { class: "puzzle-note", "data-testid": "puzzle-note" });
  readonly symBtn = button(t().play.symmetries, "symmetries");
  readonly symBox = h("div", { class: "sym-box" });
  readonly completeBtn = button(t().play.complete, "complete", "btn primary");
  readonly countBtn = button(t().play.count, "count", "btn");
  readonly cancelBtn = button(t().play.cancel, "cancel", "btn danger");
  readonly undoBtn = button(t().play.undo, "undo");
  readonly redoBtn = button(t().play.redo, "redo");
  readonly clearBtn = button(t().play.clear, "clear");
  readonly pngBtn = button("PNG", "export-png");
  readonly svgBtn = button("SVG", "export-svg");
  readonly copyLinkBtn = button(t().play.copyLink, "copy-link");

  /** The result drawn last (the box is redrawn only when the state holds another). */
  private resultShown: Callout | undefined;
  /** The busy box's words, which count the seconds. */
  private busyText: HTMLElement | undefined;
  /** The job whose buttons are drawn as running, if any. */
  private runningShown: Task | undefined;

  constructor(
    panel: HTMLElement,
    hintsOn: boolean,
    private readonly actions: PlayViewActions,
  ) {
    const m = t().play;
    this.board = new BoardView({
      label: () => t().board.playLabel,
      onToggle: (r, c) => actions.toggle(r, c),
    });
    this.hintBox = h("input", { type: "checkbox", checked: hintsOn, "data-testid": "hints" });
    this.cancelBtn.hidden = true;
    const legend = h(
      "ul",
      { class: "legend", "aria-label": m.legend },
      h("li", {}, h("span", { class: "swatch sw-attacked" }), m.legendAttacked),
      h("li", {}, h("span", { class: "swatch sw-conflict" }), m.legendConflict),
      h("li", {}, h("span", { class: "swatch sw-ghost" }), m.legendGhost),
      h("li", {}, h("span", { class: "swatch sw-given" }), m.legendGiven),
      h("li", {}, h("span", { class: "swatch sw-dead", "aria-hidden": "true" }, "✗"), m.legendDead),
    );
    for (const level of LEVELS) {
      this.levelSelect.append(h("option", { value: level }, m.level[level]));
    }
    this.levelSelect.value = "medium";
    this.levelSelect.setAttribute("aria-label", m.levelLabel);
    const exportBar = h(
      "div",
      { class: "export-bar", role: "group", "aria-label": m.exportGroup },
      h("span", { class: "export-label", "aria-hidden": "true" }, m.export),
      this.pngBtn,
      this.svgBtn,
      this.copyLinkBtn,
    );
    const side = h(
      "div",
      { class: "side" },
      h("h2", {}, m.title),
      this.goal,
      this.status,
      h(
        "div",
        { class: "actions", "data-testid": "play-actions" },
        this.completeBtn,
        this.countBtn,
        this.cancelBtn,
      ),
      h(
        "div",
        { class: "edit-bar", role: "group", "aria-label": m.edits },
        this.undoBtn,
        this.redoBtn,
        this.clearBtn,
      ),
      this.result,
      h(
        "div",
        { class: "puzzle-bar", role: "group", "aria-label": m.puzzle, "data-testid": "puzzle-bar" },
        h("span", { class: "export-label", "aria-hidden": "true" }, m.puzzle),
        this.levelSelect,
        this.newPuzzleBtn,
        this.endPuzzleBtn,
      ),
      this.puzzleNote,
      h("label", { class: "check hint-toggle" }, this.hintBox, ` ${m.hints}`),
      this.hintStatus,
      this.stats,
      this.conflictList,
      this.symBtn,
      h("p", { class: "hint" }, m.hint),
    );
    panel.append(
      h(
        "div",
        { class: "layout" },
        h("div", { class: "board-card" }, this.board.el, legend, exportBar),
        side,
      ),
      this.symBox,
    );
  }

  /** Draws the whole mode from the state. */
  render(ps: PlayState): void {
    const page = ps.page;
    if (!page) return;
    const m = t().play;
    const { n, queens } = page;
    const model = boardModel(ps, page);
    const found = model.conflicts;
    const lines = found.map((c) => ({ from: c.a, to: c.b, tone: "conflict" as const }));
    this.board.render(n, (r, c) => model.marks[r * n + c]!, -1, lines);
    this.stats.replaceChildren(
      stat(m.statQueens, m.statQueensValue(queens.length, n)),
      stat(m.statConflicts, num(found.length), found.length > 0 ? "bad" : undefined),
      stat(m.statSafe, num(model.safe)),
    );
    this.conflictList.replaceChildren(
      ...found.slice(0, 8).map((c) => h("li", {}, conflictText(c))),
      ...(found.length > 8 ? [h("li", {}, m.more(found.length - 8))] : []),
    );
    this.status.className = `status-line ${model.status.tone}`;
    this.status.textContent = model.status.text;
    this.undoBtn.setAttribute("aria-disabled", String(ps.undo.length === 0));
    this.redoBtn.setAttribute("aria-disabled", String(ps.redo.length === 0));
    this.drawPuzzle(ps, page, model.solved);
    const hint = hintStatus(ps, page);
    if (this.hintStatus.textContent !== hint.text) this.hintStatus.textContent = hint.text;
    this.hintStatus.dataset.ready = String(hint.ready);
    this.hintBox.checked = ps.hintsOn;
    this.drawSymmetries(page, model.cols, model.full);
    this.drawResult(ps);
    this.drawRunning(ps);
  }

  /** The goal, and the puzzle's controls and verdict. */
  private drawPuzzle(ps: PlayState, page: PageState, solved: boolean): void {
    const ref = page.puzzle;
    this.endPuzzleBtn.hidden = !ref;
    this.newPuzzleBtn.disabled = page.n < 4;
    if (ref) this.levelSelect.value = ref.level;
    const p = puzzleModel(ps, page, solved);
    this.goal.textContent = p.goal;
    this.puzzleNote.className = p.good ? "puzzle-note good" : "puzzle-note";
    this.puzzleNote.textContent = p.note;
  }

  /** The symmetries of a solved board, on request. */
  private drawSymmetries(page: PageState, cols: readonly number[], full: boolean): void {
    const m = t().play;
    this.symBtn.hidden = !full;
    this.symBtn.textContent = page.sym > 0 ? m.hideSymmetries : m.symmetries;
    this.symBtn.setAttribute("aria-expanded", String(full && page.sym > 0));
    const symKey = full && page.sym > 0 ? cols.join(",") : "";
    if (this.symBox.dataset.key === symKey) return;
    const opening = !this.symBox.dataset.key && symKey !== "";
    this.symBox.dataset.key = symKey;
    this.symBox.replaceChildren(
      ...(symKey
        ? [
            symmetryView(cols, {
              onClose: () => {
                this.symBtn.focus();
                this.actions.setSym(0);
              },
              onOpen: (img) => {
                this.actions.openImage(img);
                this.board.focus();
              },
            }),
          ]
        : []),
    );
    // Opened below the board (below the fold on a laptop or a phone): brought on screen.
    if (opening) this.symBox.scrollIntoView({ block: "start" });
  }

  /** The complete and count buttons give way to cancel while their job runs, and take focus back. */
  private drawRunning(ps: PlayState): void {
    const task = ps.running?.task;
    if (task === this.runningShown) return;
    const was = this.runningShown;
    this.runningShown = task;
    if (task) {
      this.cancelBtn.hidden = false;
      disableKeepingFocus(this.completeBtn, this.cancelBtn);
      disableKeepingFocus(this.countBtn, this.cancelBtn);
      return;
    }
    this.completeBtn.disabled = false;
    this.countBtn.disabled = false;
    const refocus = document.activeElement === this.cancelBtn;
    this.cancelBtn.hidden = true;
    const origin = was === "complete" ? this.completeBtn : this.countBtn;
    if (refocus || document.activeElement === document.body) origin.focus();
  }

  /** The busy box's seconds (index.ts calls this ten times a second while a job runs). */
  tickBusy(ps: PlayState): void {
    const r = ps.result;
    if (r?.kind !== "busy" || !this.busyText) return;
    this.busyText.textContent = `${busyLabel(r.task)} ${time((performance.now() - r.started) / 1000)}`;
  }

  private drawResult(ps: PlayState): void {
    const r = ps.result;
    if (r === this.resultShown) return;
    this.resultShown = r;
    this.busyText = undefined;
    if (!r) {
      this.result.replaceChildren();
      return;
    }
    if (r.kind === "busy") {
      this.busyText = h("span", {}, busyLabel(r.task));
      this.result.replaceChildren(
        h("div", { class: "callout working" }, h("span", { class: "spinner" }), this.busyText),
      );
      return;
    }
    const [tone, ...content] = this.callout(r);
    this.result.replaceChildren(h("div", { class: `callout ${tone}` }, ...content));
  }

  /** A result's tone and content. */
  private callout(r: Exclude<Callout, { kind: "busy" }>): [string, ...(Node | string)[]] {
    const m = t().play;
    switch (r.kind) {
      case "note":
        return r.link === undefined
          ? ["note", r.text]
          : ["note", r.text, h("span", { class: "link-text" }, r.link)];
      case "refused": {
        const [head, rest] = m.refused(r.task);
        return ["bad", h("strong", {}, head!), rest!, conflictText(r.conflict)];
      }
      case "completed": {
        const keep = button(m.keep, "keep");
        keep.addEventListener("click", () => this.actions.keep(r.cols));
        return ["good", h("strong", {}, m.completed), m.found(r.ms / 1000, r.added, r.given), keep];
      }
      case "none": {
        const watch = button(m.watchWhy, "watch-why");
        watch.title = m.watchWhyTitle;
        watch.addEventListener("click", () => this.actions.watchWhy());
        return [
          "bad",
          h("strong", {}, r.task === "complete" ? m.noCompletion : m.zero),
          whyNoCompletion(r.n, r.queens),
          " ",
          watch,
        ];
      }
      case "counted": {
        const solutions = r.board.queens.length === 0;
        const parts: (Node | string)[] = [
          h("strong", { "data-testid": "count-value" }, num(r.count)),
          m.counted(r.count, solutions, r.ms / 1000),
        ];
        if (r.count <= 100_000n) {
          const json = button("JSON");
          const csv = button("CSV");
          json.addEventListener("click", () => this.actions.downloadCompletions(r.board, "json"));
          csv.addEventListener("click", () => this.actions.downloadCompletions(r.board, "csv"));
          parts.push(h("br"), m.download, json, csv);
        }
        return ["good", ...parts];
      }
      case "cancelled":
        return ["note", m.cancelled[r.task]];
      case "failed":
        return ["bad", m.failed(r.task, r.message)];
    }
  }
}

function busyLabel(task: Task): string {
  return task === "complete" ? t().play.searching : t().play.counting;
}

function stat(label: string, value: string, tone?: string): HTMLElement {
  return h("div", { class: `stat ${tone ?? ""}` }, h("dt", {}, label), h("dd", {}, value));
}
