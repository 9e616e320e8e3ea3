/**
 * Play: place and remove queens; attacked squares and conflicting queens are highlighted.
 * "Complete this board" and "Count completions" run in a Web Worker and can be cancelled.
 */
import { attackKind, type Conflict, conflicts, type Queen } from "../board.js";
import { BoardView, type CellMark } from "./board-view.js";
import { type App, fmt, fmtTime, h, type ModeView } from "./dom.js";
import { downloadBoardPng, downloadBoardSvg, downloadSolutions } from "./export.js";
import { Cancelled, type Running, runJob } from "./jobs.js";
import type { PageState } from "./state.js";

/** A conflict in the page's words (rows and columns from 1). */
export function conflictText(c: Conflict): string {
  const line = c.kind === "anti-diagonal" ? "an anti-diagonal" : `a ${c.kind}`;
  return `The queens at row ${c.a.row + 1}, column ${c.a.col + 1} and row ${c.b.row + 1}, column ${c.b.col + 1} share ${line}.`;
}

/** Whether some queen attacks the empty square (row, col). */
function isAttacked(queens: readonly Queen[], row: number, col: number): boolean {
  return queens.some((q) => attackKind(q, { row, col }) !== undefined);
}

/** Why a board without conflicts has no completion, in words a learner can check on the board. */
export function whyNoCompletion(n: number, queens: readonly Queen[]): string {
  if (queens.length === 0) {
    return `No ${n}×${n} board has a solution: with N = ${n} every way of putting a queen in each row leaves two queens attacking each other. Every N from 4 up has solutions.`;
  }
  const usedRows = new Set(queens.map((q) => q.row));
  const usedCols = new Set(queens.map((q) => q.col));
  for (let r = 0; r < n; r++) {
    if (usedRows.has(r)) continue;
    let safe = false;
    for (let c = 0; c < n && !safe; c++) safe = !isAttacked(queens, r, c);
    if (!safe) {
      return `Row ${r + 1} has no safe square left: every square in it is attacked by a placed queen, so no queen can go there.`;
    }
  }
  for (let c = 0; c < n; c++) {
    if (usedCols.has(c)) continue;
    let safe = false;
    for (let r = 0; r < n && !safe; r++) safe = !isAttacked(queens, r, c);
    if (!safe) {
      return `Column ${c + 1} has no safe square left: every square in it is attacked by a placed queen.`;
    }
  }
  return "Every empty row still has a safe square, but they cannot all be used at once: the search tried every way of filling the empty rows, and each one ends with a row where every square is attacked.";
}

export class PlayMode implements ModeView {
  private readonly board: BoardView;
  private readonly status = h("p", { class: "status-line", "data-testid": "play-status" });
  private readonly stats = h("dl", { class: "stats" });
  private readonly conflictList = h("ul", { class: "conflict-list", "data-testid": "conflicts" });
  private readonly result = h("div", {
    class: "result",
    "data-testid": "result",
    "aria-live": "polite",
  });
  private readonly completeBtn = h(
    "button",
    { type: "button", class: "btn primary", "data-testid": "complete" },
    "Complete this board",
  );
  private readonly countBtn = h(
    "button",
    { type: "button", class: "btn", "data-testid": "count" },
    "Count completions",
  );
  private readonly cancelBtn = h(
    "button",
    { type: "button", class: "btn danger", "data-testid": "cancel", hidden: true },
    "Cancel",
  );
  private readonly clearBtn = h(
    "button",
    { type: "button", class: "btn small ghost", "data-testid": "clear" },
    "Clear board",
  );
  private state: PageState | undefined;
  /** The completion shown as gold queens, for the board it was found for. */
  private ghost: { key: string; cols: readonly number[] } | undefined;
  private running: Running<unknown> | undefined;
  private timer = 0;

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    this.board = new BoardView({
      label: "Board: place or remove queens",
      onToggle: (r, c) => this.toggle(r, c),
    });
    const legend = h(
      "ul",
      { class: "legend", "aria-label": "Legend" },
      h("li", {}, h("span", { class: "swatch sw-attacked" }), "attacked square"),
      h("li", {}, h("span", { class: "swatch sw-conflict" }), "queens in conflict"),
      h("li", {}, h("span", { class: "swatch sw-ghost" }), "queen from a completion"),
    );
    const exportBar = h(
      "div",
      { class: "export-bar", role: "group", "aria-label": "Export the board" },
      h("span", { class: "export-label" }, "Export"),
      this.button("PNG", () => void downloadBoardPng(this.exportBoard()), "export-png"),
      this.button("SVG", () => downloadBoardSvg(this.exportBoard()), "export-svg"),
      this.button("Copy link", () => void this.copyLink(), "copy-link"),
      this.clearBtn,
    );
    const side = h(
      "div",
      { class: "side" },
      h("h2", {}, "Play"),
      h(
        "p",
        { class: "hint" },
        "Click a square to place or remove a queen. On the keyboard: arrow keys move, Enter or Space places.",
      ),
      this.stats,
      this.status,
      this.conflictList,
      h("div", { class: "actions" }, this.completeBtn, this.countBtn, this.cancelBtn),
      this.result,
    );
    panel.append(
      h(
        "div",
        { class: "layout" },
        h("div", { class: "board-card" }, this.board.el, legend, exportBar),
        side,
      ),
    );
    this.completeBtn.addEventListener("click", () => this.complete());
    this.countBtn.addEventListener("click", () => this.count());
    this.cancelBtn.addEventListener("click", () => this.cancel());
    this.clearBtn.addEventListener("click", () => {
      this.cancel();
      this.result.replaceChildren();
      this.app.set({ queens: [] });
    });
  }

  show(state: PageState): void {
    const changed = this.state && (this.state.n !== state.n || key(this.state) !== key(state));
    if (changed) {
      this.cancel();
      if (this.ghost?.key !== key(state)) this.result.replaceChildren();
    }
    this.state = state;
    this.draw();
  }

  hide(): void {
    this.cancel();
  }

  private button(text: string, onClick: () => void, testid?: string): HTMLButtonElement {
    const b = h("button", { type: "button", class: "btn small", "data-testid": testid }, text);
    b.addEventListener("click", onClick);
    return b;
  }

  private toggle(row: number, col: number): void {
    const s = this.state!;
    const has = s.queens.some((q) => q.row === row && q.col === col);
    const queens = has
      ? s.queens.filter((q) => q.row !== row || q.col !== col)
      : [...s.queens, { row, col }];
    this.app.set({ queens });
    this.app.announce(
      `${has ? "Removed" : "Placed"} a queen at row ${row + 1}, column ${col + 1}. ${this.status.textContent ?? ""}`,
    );
  }

  private draw(): void {
    const { n, queens } = this.state!;
    const found = conflicts({ n, queens });
    const inConflict = new Set<string>();
    for (const c of found) {
      inConflict.add(`${c.a.row}:${c.a.col}`);
      inConflict.add(`${c.b.row}:${c.b.col}`);
    }
    const at = new Set(queens.map((q) => `${q.row}:${q.col}`));
    const ghost = this.ghost?.key === key(this.state!) ? this.ghost.cols : undefined;
    let safe = 0;
    const lines = found.map((c) => ({ from: c.a, to: c.b, tone: "conflict" as const }));
    this.board.render(
      n,
      (r, c): CellMark => {
        const k = `${r}:${c}`;
        if (at.has(k)) return { queen: "placed", conflict: inConflict.has(k) };
        if (ghost && ghost[r] === c) return { queen: "ghost" };
        const attacked = isAttacked(queens, r, c);
        if (!attacked) safe++;
        return { attacked };
      },
      -1,
      lines,
    );
    this.stats.replaceChildren(
      ...stat("Queens", `${queens.length} of ${n}`),
      ...stat("Conflicts", String(found.length), found.length > 0 ? "bad" : undefined),
      ...stat("Safe squares", String(safe)),
    );
    this.conflictList.replaceChildren(
      ...found.slice(0, 8).map((c) => h("li", {}, conflictText(c))),
      ...(found.length > 8 ? [h("li", {}, `and ${found.length - 8} more.`)] : []),
    );
    this.status.className = `status-line ${found.length > 0 ? "bad" : queens.length === n ? "good" : ""}`;
    this.status.textContent =
      found.length > 0
        ? `${found.length} pair${found.length === 1 ? "" : "s"} of queens attack each other.`
        : queens.length === n
          ? `Solved: ${n} queens and none attacks another.`
          : queens.length === 0
            ? "An empty board: place a queen, or ask for a completion."
            : `No conflicts so far: ${n - queens.length} more queen${n - queens.length === 1 ? "" : "s"} to place.`;
  }

  private exportBoard() {
    const s = this.state!;
    const ghost = this.ghost?.key === key(s) ? this.ghost.cols : undefined;
    const queens = [...s.queens];
    if (ghost) {
      ghost.forEach((col, row) => {
        if (!queens.some((q) => q.row === row && q.col === col)) queens.push({ row, col });
      });
    }
    return { n: s.n, queens };
  }

  private async copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(location.href);
      this.app.announce("Link copied.");
      this.say("note", "Link copied: it reproduces this board.");
    } catch {
      this.say("note", `Copy this link: ${location.href}`);
    }
  }

  private say(tone: "good" | "bad" | "note", ...content: (Node | string)[]): void {
    this.result.replaceChildren(h("div", { class: `callout ${tone}` }, ...content));
  }

  private busy(label: string): void {
    const started = performance.now();
    const text = h("span", {}, label);
    this.result.replaceChildren(
      h("div", { class: "callout working" }, h("span", { class: "spinner" }), text),
    );
    this.completeBtn.disabled = true;
    this.countBtn.disabled = true;
    this.cancelBtn.hidden = false;
    this.timer = window.setInterval(() => {
      text.textContent = `${label} ${fmtTime((performance.now() - started) / 1000)}`;
    }, 100);
  }

  private idle(): void {
    clearInterval(this.timer);
    this.running = undefined;
    this.completeBtn.disabled = false;
    this.countBtn.disabled = false;
    this.cancelBtn.hidden = true;
  }

  private cancel(): void {
    if (!this.running) return;
    this.running.cancel();
  }

  /** Conflicts make every job pointless: say so and return true. */
  private refuseConflicts(what: string): boolean {
    const { n, queens } = this.state!;
    const found = conflicts({ n, queens });
    if (found.length === 0) return false;
    this.say(
      "bad",
      h("strong", {}, `No ${what}.`),
      " The placed queens already attack each other, and no queen added later can fix that: ",
      conflictText(found[0]!),
    );
    return true;
  }

  private complete(): void {
    if (this.running || this.refuseConflicts("completion")) return;
    const s = this.state!;
    const k = key(s);
    this.busy("Searching for a completion…");
    const job = runJob({ kind: "complete", n: s.n, queens: s.queens });
    this.running = job;
    job.promise.then(
      (r) => {
        this.idle();
        if (r.cols) {
          this.ghost = { key: k, cols: r.cols };
          const keep = h("button", { type: "button", class: "btn small" }, "Keep these queens");
          keep.addEventListener("click", () => {
            const cols = r.cols!;
            this.result.replaceChildren();
            this.app.set({ queens: cols.map((col, row) => ({ row, col })) });
          });
          const added = s.n - s.queens.length;
          this.say(
            "good",
            h("strong", {}, "Completed. "),
            `Found in ${fmtTime(r.ms / 1000)}: ${added === 0 ? "the board was already full." : `the ${added} gold queen${added === 1 ? "" : "s"} finish the board and keep your ${s.queens.length}.`} `,
            keep,
          );
          this.app.announce("A completion was found and is shown in gold.");
        } else {
          this.ghost = undefined;
          this.say(
            "bad",
            h("strong", {}, "No completion exists. "),
            whyNoCompletion(s.n, s.queens),
          );
        }
        this.draw();
      },
      (e) => this.failed(e, "completion"),
    );
  }

  private count(): void {
    if (this.running || this.refuseConflicts("completions")) return;
    const s = this.state!;
    this.busy("Counting completions…");
    const job = runJob({ kind: "count-completions", n: s.n, queens: s.queens });
    this.running = job;
    job.promise.then(
      (r) => {
        this.idle();
        const count = BigInt(r.count);
        if (count === 0n) {
          this.say("bad", h("strong", {}, "0 completions. "), whyNoCompletion(s.n, s.queens));
          return;
        }
        const word = s.queens.length === 0 ? "solutions" : "completions";
        const parts: (Node | string)[] = [
          h("strong", { "data-testid": "count-value" }, fmt(count)),
          ` ${count === 1n ? word.slice(0, -1) : word} (counted in ${fmtTime(r.ms / 1000)}).`,
        ];
        if (count <= 100_000n) {
          parts.push(
            h("br"),
            "Download them: ",
            this.button("JSON", () => this.downloadCompletions(s, "json")),
            this.button("CSV", () => this.downloadCompletions(s, "csv")),
          );
        }
        this.say("good", ...parts);
      },
      (e) => this.failed(e, "count"),
    );
  }

  private downloadCompletions(s: PageState, format: "json" | "csv"): void {
    const job = runJob({ kind: "list-completions", n: s.n, queens: s.queens, limit: 100_000 });
    job.promise.then(
      (r) => downloadSolutions(format, `nqueens-${s.n}-completions`, s.n, r.solutions),
      (e) => this.failed(e, "list"),
    );
  }

  private failed(e: unknown, what: string): void {
    this.idle();
    if (e instanceof Cancelled) {
      this.say("note", `Cancelled the ${what}.`);
      return;
    }
    this.say("bad", `The ${what} failed: ${(e as Error).message}`);
  }
}

function key(s: PageState): string {
  const qs = [...s.queens].sort((a, b) => a.row - b.row || a.col - b.col);
  return `${s.n}|${qs.map((q) => `${q.row}:${q.col}`).join(",")}`;
}

function stat(label: string, value: string, tone?: string): HTMLElement[] {
  return [
    h("div", { class: `stat ${tone ?? ""}` }, h("dt", {}, label), h("dd", {}, value)),
  ] as HTMLElement[];
}
