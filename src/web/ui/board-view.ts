/**
 * The board drawn as a CSS grid of cells: crisp at any size and any zoom, one focusable cell at a
 * time (arrow keys move, Enter or Space toggles), and a label on each cell for screen readers.
 * The view knows nothing about the search: callers pass what each square shows.
 */
import { t } from "../i18n/index.js";
import { queenSvg } from "./queen.js";

/** What one square shows. */
export interface CellMark {
  /**
   * A queen the user placed, one given by a puzzle (it stays), one found by the search
   * ("ghost"), or a queen of the trace.
   */
  readonly queen?: "placed" | "given" | "ghost" | "trace";
  /** Play's hint: no queen attacks this square, but a queen here leads to no solution. */
  readonly dead?: boolean;
  /** The queen attacks another queen. */
  readonly conflict?: boolean;
  /** Some queen attacks this square. */
  readonly attacked?: boolean;
  /** Watch: the square was tried and rejected; the short reason shown on it. */
  readonly rejected?: string;
  /** Watch: the square being tried now. */
  readonly trying?: boolean;
  /** Watch: this queen is the one that rejects the square being tried. */
  readonly attacker?: boolean;
  /** Extra words for the screen-reader label. */
  readonly note?: string;
}

/** A line drawn over the board from the centre of one square to another (an attack). */
export interface BoardLine {
  readonly from: { readonly row: number; readonly col: number };
  readonly to: { readonly row: number; readonly col: number };
  readonly tone: "conflict" | "attack";
}

export interface BoardViewOptions {
  /** Called when the user clicks a square or presses Enter/Space on it; omit for a read-only board. */
  readonly onToggle?: (row: number, col: number) => void;
  /** The accessible name of the whole board (read when the board is drawn). */
  readonly label: () => string;
}

const QUEEN_ICON = `<svg class="q" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${queenSvg("currentColor")}</svg>`;

/** Columns are numbered from 1 on the edge, as the page says them ("column 3"). */
function colName(c: number): string {
  return String(c + 1);
}

/** A line between two squares, stopping short of the pieces drawn on them. */
function lineSvg(l: BoardLine): string {
  const dx = l.to.col - l.from.col;
  const dy = l.to.row - l.from.row;
  const len = Math.hypot(dx, dy) || 1;
  const cut = Math.min(0.42, len / 2) / len;
  const x1 = l.from.col + 0.5 + dx * cut;
  const y1 = l.from.row + 0.5 + dy * cut;
  const x2 = l.to.col + 0.5 - dx * cut;
  const y2 = l.to.row + 0.5 - dy * cut;
  return `<line class="${l.tone}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
}

export class BoardView {
  /**
   * The board and its axes in a box that scrolls when the board is zoomed (large N on a small
   * screen: a board that can be clicked keeps 24 px squares), with the cue that it continues.
   */
  readonly el: HTMLElement;
  private readonly scroller: HTMLElement;
  /** Says the board continues past the box, on the side it does, while it does. */
  private readonly cue: HTMLElement;
  private more = "";
  private readonly frame: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly topAxis: HTMLElement;
  private readonly leftAxis: HTMLElement;
  private readonly overlay: SVGSVGElement;
  private cells: HTMLElement[] = [];
  private n = 0;
  private focusIndex = 0;
  private rowHighlight = -1;

  constructor(private readonly options: BoardViewOptions) {
    this.el = document.createElement("div");
    this.el.className = "board-view";
    this.scroller = document.createElement("div");
    this.scroller.className = "board-scroll";
    this.frame = document.createElement("div");
    this.frame.className = "board-frame";
    this.scroller.append(this.frame);
    this.cue = document.createElement("p");
    this.cue.className = "board-cue";
    this.cue.setAttribute("role", "note");
    this.cue.dataset.testid = "board-cue";
    this.cue.hidden = true;
    this.el.append(this.scroller, this.cue);
    this.topAxis = document.createElement("div");
    this.topAxis.className = "axis axis-top";
    this.topAxis.setAttribute("aria-hidden", "true");
    this.leftAxis = document.createElement("div");
    this.leftAxis.className = "axis axis-left";
    this.leftAxis.setAttribute("aria-hidden", "true");
    this.grid = document.createElement("div");
    this.grid.className = "board";
    this.grid.setAttribute("role", "grid");
    if (!options.onToggle) this.grid.setAttribute("aria-readonly", "true");
    else {
      this.grid.classList.add("interactive");
      this.scroller.classList.add("interactive");
    }
    this.overlay = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.overlay.setAttribute("class", "board-lines");
    this.overlay.setAttribute("aria-hidden", "true");
    this.overlay.setAttribute("preserveAspectRatio", "none");
    const wrap = document.createElement("div");
    wrap.className = "board-wrap";
    wrap.append(this.grid, this.overlay);
    this.frame.append(this.topAxis, this.leftAxis, wrap);
    // Whether the board continues past its box changes with the box (the screen, the layout)
    // and the board (N), and as the reader scrolls: read after layout, never during a draw.
    this.scroller.addEventListener("scroll", () => this.edges(), { passive: true });
    const sizes = new ResizeObserver(() => this.edges());
    for (const el of [this.scroller, this.frame, wrap]) sizes.observe(el);
    this.grid.addEventListener("click", (e) => {
      const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-row]");
      if (!cell || !this.options.onToggle) return;
      this.focusIndex = Number(cell.dataset.row) * this.n + Number(cell.dataset.col);
      this.syncTabIndex();
      this.options.onToggle(Number(cell.dataset.row), Number(cell.dataset.col));
    });
    this.grid.addEventListener("keydown", (e) => this.onKey(e));
  }

  /** The size drawn now. */
  get size(): number {
    return this.n;
  }

  /** Draws an n×n board; `mark(row, col)` says what each square shows. */
  render(
    n: number,
    mark: (row: number, col: number) => CellMark,
    rowHighlight = -1,
    lines: readonly BoardLine[] = [],
  ): void {
    if (n !== this.n) this.build(n);
    const label = this.options.label();
    if (this.grid.getAttribute("aria-label") !== label) this.grid.setAttribute("aria-label", label);
    this.overlay.setAttribute("viewBox", `0 0 ${n} ${n}`);
    this.overlay.innerHTML = lines.map(lineSvg).join("");
    this.rowHighlight = rowHighlight;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) this.paint(this.cells[r * n + c]!, r, c, mark(r, c));
    }
    const rows = this.grid.children;
    for (let r = 0; r < rows.length; r++) {
      rows[r]!.classList.toggle("row-current", r === rowHighlight);
    }
  }

  /** Moves keyboard focus into the board (to the last focused square). */
  focus(): void {
    this.cells[this.focusIndex]?.focus();
  }

  private build(n: number): void {
    this.n = n;
    this.focusIndex = Math.min(this.focusIndex, n * n - 1);
    this.el.style.setProperty("--n", String(n));
    this.frame.style.setProperty("--n", String(n));
    this.grid.style.setProperty("--n", String(n));
    this.grid.replaceChildren();
    this.cells = [];
    this.topAxis.replaceChildren();
    this.leftAxis.replaceChildren();
    for (let i = 0; i < n; i++) {
      const t = document.createElement("span");
      t.textContent = colName(i);
      this.topAxis.append(t);
      const l = document.createElement("span");
      l.textContent = String(i + 1);
      this.leftAxis.append(l);
    }
    for (let r = 0; r < n; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      for (let c = 0; c < n; c++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.className = (r + c) % 2 === 0 ? "cell light" : "cell dark";
        cell.dataset.row = String(r);
        cell.dataset.col = String(c);
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.grid.append(row);
    }
    this.syncTabIndex();
  }

  private paint(cell: HTMLElement, r: number, c: number, m: CellMark): void {
    const queen = m.queen ?? "";
    if (cell.dataset.queen !== queen) {
      cell.dataset.queen = queen;
      cell.innerHTML = queen ? QUEEN_ICON : "";
      // The marks drawn inside the square went with its content: draw them again below.
      delete cell.dataset.reject;
      cell.classList.remove("dead");
    }
    const reject = m.rejected ?? "";
    if ((cell.dataset.reject ?? "") !== reject || (reject && !cell.querySelector(".why"))) {
      cell.dataset.reject = reject;
      cell.querySelector(".why")?.remove();
      if (reject) {
        const why = document.createElement("span");
        why.className = "why";
        why.setAttribute("aria-hidden", "true");
        why.textContent = reject;
        cell.append(why);
      }
    }
    const dead = !!m.dead && !queen;
    if (cell.classList.contains("dead") !== dead) {
      cell.classList.toggle("dead", dead);
      cell.querySelector(".x")?.remove();
      if (dead) {
        const x = document.createElement("span");
        x.className = "x";
        x.setAttribute("aria-hidden", "true");
        x.textContent = "✗";
        cell.append(x);
      }
    }
    cell.classList.toggle("conflict", !!m.conflict);
    cell.classList.toggle("attacked", !!m.attacked && !queen);
    cell.classList.toggle("rejected", !!reject);
    cell.classList.toggle("trying", !!m.trying);
    cell.classList.toggle("attacker", !!m.attacker);
    // A queen is said in the label, never as "selected": placing one is not selecting a cell.
    const m_ = t().board;
    const words: string[] = [];
    if (queen === "placed" || queen === "trace") words.push(m_.queen);
    else if (queen === "given") words.push(m_.given);
    else if (queen === "ghost") words.push(m_.ghost);
    else words.push(m_.empty);
    if (m.conflict) words.push(m_.conflict);
    if (m.attacked && !queen) words.push(m_.attacked);
    if (dead) words.push(m_.dead);
    if (m.note) words.push(m.note);
    const label = m_.cell(r, c, words);
    if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
  }

  /**
   * Marks the sides where the board goes on past its box (a shadow there), and says so under
   * the board's corner while part of it is out of sight to the right or below; nothing once
   * the board fits or the reader has scrolled to its end.
   */
  private edges(): void {
    const s = this.scroller;
    const right = s.scrollWidth - s.clientWidth - s.scrollLeft > 1;
    const down = s.scrollHeight - s.clientHeight - s.scrollTop > 1;
    const left = s.scrollLeft > 1;
    const up = s.scrollTop > 1;
    const more = `${right}${down}${left}${up}`;
    if (more === this.more) return;
    this.more = more;
    this.el.classList.toggle("more-right", right);
    this.el.classList.toggle("more-down", down);
    this.el.classList.toggle("more-left", left);
    this.el.classList.toggle("more-up", up);
    this.cue.hidden = !right && !down;
    if (this.cue.hidden) return;
    const m = t().board;
    this.cue.textContent = m.continues(right, down);
    this.cue.setAttribute("aria-label", m.continuesLabel(right, down));
  }

  private syncTabIndex(): void {
    this.cells.forEach((cell, i) => {
      cell.tabIndex = i === this.focusIndex ? 0 : -1;
    });
  }

  private onKey(e: KeyboardEvent): void {
    const n = this.n;
    let r = Math.floor(this.focusIndex / n);
    let c = this.focusIndex % n;
    switch (e.key) {
      case "ArrowUp":
        r = Math.max(0, r - 1);
        break;
      case "ArrowDown":
        r = Math.min(n - 1, r + 1);
        break;
      case "ArrowLeft":
        c = Math.max(0, c - 1);
        break;
      case "ArrowRight":
        c = Math.min(n - 1, c + 1);
        break;
      case "Home":
        c = 0;
        if (e.ctrlKey) r = 0;
        break;
      case "End":
        c = n - 1;
        if (e.ctrlKey) r = n - 1;
        break;
      case "PageUp":
        r = 0;
        break;
      case "PageDown":
        r = n - 1;
        break;
      case "Enter":
      case " ":
        if (!this.options.onToggle) return;
        e.preventDefault();
        this.options.onToggle(r, c);
        return;
      default:
        return;
    }
    e.preventDefault();
    this.focusIndex = r * n + c;
    this.syncTabIndex();
    this.cells[this.focusIndex]!.focus();
  }

  /** The row drawn highlighted (the search's current row), or -1. */
  get currentRow(): number {
    return this.rowHighlight;
  }
}
