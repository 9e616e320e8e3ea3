/**
 * The code beside Watch's board: the pseudocode of the search being watched with the line of the
 * current step highlighted, the variables of the current call, the call stack (one frame per
 * queen placed) and, for the bitmask search, its masks drawn as rows of bits in board order.
 *
 * Code is code in every language: it is marked `translate="no"`; its comments come from the
 * page's message table. Rows and columns are counted from 1 in the code, as on the page.
 */
import { h } from "../dom.js";
import { t } from "../i18n/index.js";
import type { Algo } from "../state.js";

/** One line of a listing: the code and the key of its comment in the message table. */
type Line = readonly [code: string, comment?: keyof ReturnType<typeof t>["code"]["comments"]];

/** The listings, by algorithm; line numbers count from 1. */
const LISTINGS: Record<Algo, readonly Line[]> = {
  backtrack: [
    ["solve(row):"],
    ["  if row > n:"],
    ["    record(cols); return", "solution"],
    ["  for col in 1 … n:"],
    ["    if attacked(row, col):"],
    ["      continue", "skip"],
    ["    cols[row] = col", "place"],
    ["    solve(row + 1)", "down"],
    ["    cols[row] = ·", "takeBack"],
    ["  return", "allTried"],
  ],
  bitmask: [
    ["solve(row, cols, diag, anti):"],
    ["  if row > n:"],
    ["    count += 1; return", "solution"],
    ["  free = all & ~(cols | diag | anti)", "safeAll"],
    ["  while free ≠ 0:"],
    ["    bit = free & -free", "lowest"],
    ["    free = free ^ bit"],
    ["    solve(row + 1, cols | bit,"],
    ["          (diag | bit) << 1, (anti | bit) >> 1)", "shift"],
    ["  return", "noneLeft"],
  ],
  brute: [
    ["for s in combinations(squares, n):"],
    ["  if any(attacks(a, b) for a, b in pairs(s)):"],
    ["    continue", "nextSet"],
    ["  record(s)", "solution"],
  ],
};

/** What the step shows: the lines, the current call's variables, the stack, the masks. */
export interface CodeModel {
  readonly algo: Algo;
  /** Highlighted lines, from 1. */
  readonly lines: readonly number[];
  readonly vars: readonly { readonly name: string; readonly value: string }[];
  /** Outermost first. */
  readonly stack: readonly { readonly call: string; readonly vars: string }[];
  /** Bitmask only: rows of bits of the current call, column 1 first. */
  readonly masks?: readonly {
    readonly name: "cols" | "diag" | "anti" | "free" | "bit";
    readonly bits: number;
    readonly tone?: string;
  }[];
  /** A line under the stack (brute force: there is none). */
  readonly stackNote?: string;
}

export class CodePanel {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly vars = h("dl", { class: "vars", "data-testid": "code-vars" });
  private readonly masks = h("div", { class: "masks", "data-testid": "code-masks" });
  /** Scrolled to its newest frame when taller than its box: reachable by keyboard to scroll. */
  private readonly stack = h("ol", {
    class: "stack",
    "data-testid": "code-stack",
    tabindex: 0,
    "aria-label": t().code.stack,
  });
  private readonly stackNote = h("p", { class: "cand-key" });
  private algo: Algo | undefined;

  constructor(private readonly n: () => number) {
    const m = t().code;
    this.list = h("ol", { class: "code", "data-testid": "code" });
    this.el = h(
      "section",
      { class: "code-card", "aria-label": m.title, "data-testid": "code-card" },
      h("h3", {}, m.title),
      this.list,
      h(
        "div",
        { class: "code-state" },
        h("div", {}, h("h4", {}, m.vars), this.vars, this.masks),
        h("div", {}, h("h4", {}, m.stack), this.stack, this.stackNote),
      ),
    );
  }

  render(model: CodeModel): void {
    const m = t().code;
    if (model.algo !== this.algo) {
      this.algo = model.algo;
      this.list.replaceChildren(
        ...LISTINGS[model.algo].map(([code, comment], i) =>
          h(
            "li",
            { class: "code-line", "data-line": i + 1 },
            h("span", { class: "ln", "aria-hidden": "true" }, String(i + 1)),
            h("code", { translate: "no" }, code),
            comment ? h("span", { class: "cm" }, `# ${m.comments[comment]}`) : null,
          ),
        ),
      );
    }
    const on = new Set(model.lines);
    for (const li of this.list.children) {
      const line = Number((li as HTMLElement).dataset.line);
      const current = on.has(line);
      li.classList.toggle("current", current);
      if (current) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    }
    this.vars.replaceChildren(
      ...model.vars.flatMap((v) => [
        h("dt", {}, h("var", { translate: "no" }, v.name)),
        h("dd", { class: "var-value", translate: "no" }, v.value),
      ]),
    );
    this.vars.hidden = model.vars.length === 0;
    this.drawMasks(model);
    this.stack.replaceChildren(
      ...model.stack.map((f, i) =>
        h(
          "li",
          { class: i === model.stack.length - 1 ? "top" : "" },
          h("code", { translate: "no" }, f.call),
          f.vars ? h("span", { class: "frame-vars", translate: "no" }, f.vars) : null,
        ),
      ),
    );
    this.stack.hidden = model.stack.length === 0;
    this.stackNote.textContent =
      model.stackNote ?? (model.stack.length > 0 ? m.stackKey(model.stack.length) : "");
  }

  /**
   * Keeps the newest frame, at the bottom, in view when the stack is taller than its box. Its
   * own call, made after everything else is drawn: reading the stack's height lays the page out
   * at once, and a layout in the middle of a redraw is done again at its end (the first draw of
   * Watch at N = 20 laid the page out twice, 130 to 150 ms each on this machine).
   */
  scrollStack(): void {
    this.stack.scrollTop = this.stack.scrollHeight;
  }

  private drawMasks(model: CodeModel): void {
    const n = this.n();
    if (!model.masks) {
      this.masks.replaceChildren();
      this.masks.hidden = true;
      return;
    }
    this.masks.hidden = false;
    const head = h(
      "div",
      { class: "mask-row mask-head", "aria-hidden": "true" },
      h("span", { class: "mask-name" }),
      ...Array.from({ length: n }, (_, c) => h("span", { class: "bit" }, String(c + 1))),
    );
    const rows = model.masks.map((mask) => {
      const cols: number[] = [];
      for (let c = 0; c < n; c++) if (mask.bits & (1 << c)) cols.push(c + 1);
      return h(
        "div",
        {
          class: `mask-row ${mask.tone ?? ""}`,
          role: "img",
          "aria-label": t().code.maskLabel(t().code.maskNames[mask.name], cols),
        },
        h("span", { class: "mask-name", translate: "no", "aria-hidden": "true" }, mask.name),
        ...Array.from({ length: n }, (_, c) =>
          h(
            "span",
            { class: `bit${mask.bits & (1 << c) ? " on" : ""}`, "aria-hidden": "true" },
            mask.bits & (1 << c) ? "1" : "0",
          ),
        ),
      );
    });
    this.masks.style.setProperty("--n", String(n));
    this.masks.replaceChildren(head, ...rows, h("p", { class: "cand-key" }, t().code.maskKey));
  }
}

/**
 * The masks of the bitmask search's call for `row` (0-based), from the queens placed in the rows
 * above (`cols`, -1 for none): bit c is column c; `diag` moves one column right per row down,
 * `anti` one column left.
 */
export function masksFor(cols: ArrayLike<number>, row: number, n: number) {
  const all = n >= 31 ? -1 >>> 0 : (1 << n) - 1;
  let used = 0;
  let diag = 0;
  let anti = 0;
  for (let q = 0; q < row; q++) {
    const c = cols[q]!;
    if (c < 0) continue;
    const bit = 1 << c;
    used |= bit;
    diag |= (bit << (row - q)) & all;
    anti |= bit >>> (row - q);
  }
  return { all, used, diag, anti, free: all & ~(used | diag | anti) };
}

/** The columns (from 1) of the set bits, as "{1, 3}" (∅ for none). */
export function bitsText(bits: number, n: number): string {
  const cols: number[] = [];
  for (let c = 0; c < n; c++) if (bits & (1 << c)) cols.push(c + 1);
  return cols.length === 0 ? "∅" : `{${cols.join(", ")}}`;
}
