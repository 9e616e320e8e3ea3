/**
 * Watch's pictures of the search tree, each with a legend, and nodes that a click jumps to:
 * - the whole tree for small N (every node, laid out leaves left to right in visiting order);
 * - for any N, the tree around the current path: the root, the queen of each row on the path,
 *   and beside it every square of that row as the search has left it (explored and taken back,
 *   rejected, not tried yet);
 * - nodes per depth, on a logarithmic scale, against the whole tree's exact profile (the
 *   library's treeProfile) where it is known.
 */
import { num, t } from "../i18n/index.js";
import { colOf, K_PLACE, K_REMOVE, K_SOLUTION, kindOf, rowOf, type StepList } from "../steps.js";
import { DONE, PLACED, REJECTED, type Replay } from "./replay.js";

export interface TreeNode {
  /** The step that placed it (the root: 0). */
  readonly at: number;
  readonly depth: number;
  readonly row: number;
  readonly col: number;
  x: number;
  readonly parent: number;
  readonly children: number[];
  solution: boolean;
}

/** A drawn tree: its markup and where its nodes are, to find the one clicked. */
export interface TreePicture {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  readonly hits: readonly TreeHit[];
}

/** A node that a click or the keyboard can choose: where it is drawn, its step and its name. */
export interface TreeHit {
  readonly x: number;
  readonly y: number;
  readonly step: number;
  readonly label: string;
}

/**
 * Where the keyboard's cursor goes among `count` nodes (in the order drawn: the whole tree in
 * the search's visiting order, the path tree row by row from the left) from `at` on `key`: ← ↑
 * the one before, → ↓ the one after, Home and End the first and last; undefined for any other
 * key, so that it keeps its own meaning.
 */
export function treeCursorMove(count: number, at: number, key: string): number | undefined {
  if (count === 0) return undefined;
  const to =
    key === "ArrowLeft" || key === "ArrowUp"
      ? at - 1
      : key === "ArrowRight" || key === "ArrowDown"
        ? at + 1
        : key === "Home"
          ? 0
          : key === "End"
            ? count - 1
            : undefined;
  return to === undefined ? undefined : Math.max(0, Math.min(count - 1, to));
}

/**
 * The node the cursor starts on, or stays on after a redraw: the one for `step` if it is drawn,
 * otherwise the last one the search has reached by `pos` (the newest queen of the path).
 */
export function treeCursorAt(
  hits: readonly TreeHit[],
  step: number | undefined,
  pos: number,
): number {
  const same = step === undefined ? -1 : hits.findIndex((hit) => hit.step === step);
  if (same >= 0) return same;
  let best = 0;
  hits.forEach((hit, i) => {
    if (hit.step <= pos && hit.step >= hits[best]!.step) best = i;
  });
  return best;
}

/** The whole search tree of a finished list of steps. */
export function buildTree(steps: StepList): TreeNode[] {
  const nodes: TreeNode[] = [
    { at: 0, depth: 0, row: -1, col: -1, x: 0, parent: -1, children: [], solution: false },
  ];
  const path = [0];
  for (let i = 0; i < steps.length; i++) {
    const code = steps.at(i);
    const kind = kindOf(code);
    if (kind === K_PLACE) {
      const parent = path[path.length - 1]!;
      const id = nodes.length;
      nodes.push({
        at: i + 1,
        depth: path.length,
        row: rowOf(code),
        col: colOf(code),
        x: 0,
        parent,
        children: [],
        solution: false,
      });
      nodes[parent]!.children.push(id);
      path.push(id);
    } else if (kind === K_REMOVE) path.pop();
    else if (kind === K_SOLUTION) nodes[path[path.length - 1]!]!.solution = true;
  }
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
  return nodes;
}

/** The whole tree: visited nodes solid, the rest faint; the current path outlined. */
export function wholeTree(nodes: readonly TreeNode[], replay: Replay): TreePicture {
  const m = t().watch;
  const pos = replay.cur.pos;
  const leaves = Math.max(1, ...nodes.map((n) => n.x)) + 1;
  const depth = Math.max(1, ...nodes.map((n) => n.depth));
  const W = Math.max(300, leaves * 12);
  const H = 30 + depth * 46;
  const X = (x: number) => 12 + (x / Math.max(1, leaves - 1)) * (W - 24);
  const Y = (d: number) => 14 + d * 46;
  // The current path: the nodes whose queen is on the board now.
  const onPath = new Set<number>([0]);
  // The same square can hold a queen twice (under different parents): the path is found from
  // the root down, a child at a time.
  const cols = replay.cur.cols;
  const walk = (id: number) => {
    for (const c of nodes[id]!.children) {
      const child = nodes[c]!;
      if (child.at <= pos && cols[child.row] === child.col) {
        onPath.add(c);
        walk(c);
        return;
      }
    }
  };
  walk(0);
  const edges: string[] = [];
  const dots: string[] = [];
  const hits: TreeHit[] = [];
  nodes.forEach((node, id) => {
    const seen = node.at <= pos;
    const leafDead = node.children.length === 0 && !node.solution && node.depth > 0;
    const cls = `${seen ? "seen" : "unseen"}${onPath.has(id) ? " path" : ""}${
      seen && node.solution ? " sol" : ""
    }${seen && leafDead ? " dead" : ""}`;
    const x = X(node.x);
    const y = Y(node.depth);
    if (node.parent >= 0) {
      const p = nodes[node.parent]!;
      edges.push(`<line class="${cls}" x1="${X(p.x)}" y1="${Y(p.depth)}" x2="${x}" y2="${y}"/>`);
    }
    const title = node.depth === 0 ? m.treeRoot : m.treeNode(node.row, node.col);
    dots.push(
      `<circle class="${cls}" cx="${x}" cy="${y}" r="${node.depth === 0 ? 6 : 4.5}"><title>${title}</title></circle>`,
    );
    hits.push({ x, y, step: node.at, label: title });
  });
  const label = m.treeLabel(nodes.length, nodes.filter((n) => n.at <= pos).length);
  return {
    svg: `<svg class="tree" viewBox="0 0 ${W} ${H}" role="img" tabindex="0" data-focus="tree" aria-label="${label} ${m.treeKeys}" data-testid="tree"><g class="edges">${edges.join("")}</g><g class="dots">${dots.join("")}</g></svg>`,
    width: W,
    height: H,
    hits,
  };
}

/**
 * The tree around the current path: for each row on the stack, its n squares as the search has
 * left them, hanging from the queen of the row above.
 */
export function pathTree(replay: Replay): TreePicture {
  const m = t().watch;
  const n = replay.n;
  const s = replay.cur;
  const rows = replay.frames().filter((r) => r < n);
  const gap = 18;
  const W = 24 + n * gap;
  const levelH = 30;
  const H = 26 + Math.max(1, rows.length) * levelH;
  const X = (c: number) => 12 + c * gap + gap / 2;
  const rootX = W / 2;
  const Y = (d: number) => 12 + d * levelH;
  const edges: string[] = [];
  const dots: string[] = [];
  const hits: TreeHit[] = [];
  dots.push(
    `<circle class="seen path" cx="${rootX}" cy="${Y(0)}" r="6"><title>${m.treeRoot}</title></circle>`,
  );
  hits.push({ x: rootX, y: Y(0), step: 0, label: m.treeRoot });
  let parentX = rootX;
  rows.forEach((row, d) => {
    const y = Y(d + 1);
    let next = parentX;
    for (let c = 0; c < n; c++) {
      const i = row * n + c;
      const st = s.cols[row] === c ? PLACED : s.status[i]!;
      const x = X(c);
      const title = m.treeNode(row, c);
      if (st === PLACED || st === DONE) {
        const cls = st === PLACED ? "seen path" : "seen";
        edges.push(`<line class="${cls}" x1="${parentX}" y1="${Y(d)}" x2="${x}" y2="${y}"/>`);
        dots.push(
          `<circle class="${cls}" cx="${x}" cy="${y}" r="5"><title>${title}: ${st === PLACED ? m.candPlaced : m.candDone}</title></circle>`,
        );
        hits.push({
          x,
          y,
          step: s.at[i]!,
          label: `${title}: ${st === PLACED ? m.candPlaced : m.candDone}`,
        });
        if (st === PLACED) next = x;
      } else if (st === REJECTED) {
        dots.push(
          `<path class="rej" d="M${x - 3.5} ${y - 3.5}l7 7m0 -7l-7 7"><title>${title}: ${m.candRejected(REASON_NAMES[s.reason[i]!]!, s.byRow[i]!)}</title></path>`,
        );
        hits.push({
          x,
          y,
          step: s.at[i]!,
          label: `${title}: ${m.candRejected(REASON_NAMES[s.reason[i]!]!, s.byRow[i]!)}`,
        });
      } else {
        dots.push(
          `<circle class="unseen" cx="${x}" cy="${y}" r="3"><title>${title}: ${m.candUntried}</title></circle>`,
        );
      }
    }
    parentX = next;
  });
  const label = m.pathLabel(rows.length);
  return {
    svg: `<svg class="tree path-tree" viewBox="0 0 ${W} ${H}" role="img" tabindex="0" data-focus="tree" aria-label="${label} ${m.treeKeys}" data-testid="path-tree"><g class="edges">${edges.join("")}</g><g class="dots">${dots.join("")}</g></svg>`,
    width: W,
    height: H,
    hits,
  };
}

const REASON_NAMES = ["column", "diagonal", "anti-diagonal"];

/** The legend of the tree pictures: what each colour and mark means. */
export function treeLegend(path: boolean, rejects: boolean): string {
  const m = t().watch;
  const item = (shape: string, text: string) =>
    `<li><svg viewBox="0 0 14 14" width="14" height="14" aria-hidden="true"><g class="tree">${shape}</g></svg>${text}</li>`;
  const dot = (cls: string) => `<circle class="${cls}" cx="7" cy="7" r="5"/>`;
  return `<ul class="tree-legend" aria-label="${m.legend}">${[
    item(dot("seen path"), m.legendPath),
    item(dot("seen"), m.legendSeen),
    path ? "" : item(dot("seen sol"), m.legendSolution),
    path ? "" : item(dot("seen dead"), m.legendDead),
    path && rejects ? item(`<path class="rej" d="M3.5 3.5l7 7m0 -7l-7 7"/>`, m.legendRejected) : "",
    item(dot("unseen"), m.legendUnseen),
  ].join("")}</ul><p class="cand-key">${m.treeClick}</p>`;
}

/**
 * Nodes per depth on a logarithmic scale (so 1 and 10,000 both read), against the whole tree's
 * profile where it is known.
 */
export function depthBars(
  now: Float64Array,
  depthCount: number,
  profile: readonly number[] | null,
  n: number,
): string {
  const m = t().watch;
  // Without the whole tree's profile (too big to count) the scale goes up to n!, more than any
  // depth can hold (d queens in distinct rows and columns: n!/(n-d)! at most), so that the first
  // node is not drawn as a full bar.
  let ceiling = 1;
  if (!profile) for (let k = 2; k <= n; k++) ceiling *= k;
  const max = Math.max(ceiling, ...(profile ?? []), ...Array.from(now.subarray(0, depthCount + 1)));
  const scale = (v: number) => (v <= 0 ? 0 : (Math.log10(1 + v) / Math.log10(1 + max)) * 100);
  const rows: string[] = [];
  for (let d = 0; d <= depthCount; d++) {
    const v = now[d] ?? 0;
    const all = profile?.[d];
    rows.push(
      `<li class="bar-row"><span class="sr-only">${m.depthRow(d, v, all)}</span><span class="bar-d" aria-hidden="true">${d}</span><span class="bar-track" aria-hidden="true"><span class="bar-ghost" style="width:${all !== undefined ? scale(all) : 0}%"></span><span class="bar-fill" style="width:${scale(v)}%"></span></span><span class="bar-v" aria-hidden="true">${num(v)}${all !== undefined ? `<span class="muted"> / ${num(all)}</span>` : ""}</span></li>`,
    );
  }
  return `<ul class="bars" aria-label="${m.perDepth}" data-testid="depth-bars">${rows.join("")}</ul><p class="cand-key">${m.depthKey(profile !== null, n)}</p>`;
}
