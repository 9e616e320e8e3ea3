/**
 * Every word the page shows in English: one typed table per language (this one, ja.ts). The
 * English table defines the shape ({@link Messages}); the Japanese one must have every key with
 * the same parameters, so a missing or misspelt message is a type error. Numbers go through Intl
 * (intl.ts) in the table's own language; plurals through Intl.PluralRules.
 */

import type { ConflictKind } from "../../board.js";
import type { PuzzleDifficulty } from "../../completion/browser.js";
import type { Transform } from "../../symmetry.js";
import type { Attack } from "../../teach/index.js";
import { ALGORITHMS, type AlgorithmName } from "../../teach/index.js";
import type { Algo, SizeProblem } from "../state.js";
import { formatNumber, formatTime, pluralForm } from "./intl.js";

/** A piece of a message that the page puts in an element (a number in bold). */
export type Part = Node | string;

const n = (v: number | bigint | string) => formatNumber("en", v);
const s = (seconds: number) => formatTime("en", seconds);
const pl = (k: number | bigint, one: string, other: string) =>
  `${n(k)} ${pluralForm("en", k, { one, other })}`;
const at = (row: number, col: number) => `row ${row + 1}, column ${col + 1}`;
const At = (row: number, col: number) => `Row ${row + 1}, column ${col + 1}`;

const EN_LINE: Record<ConflictKind, string> = {
  row: "a row",
  column: "a column",
  diagonal: "a diagonal",
  "anti-diagonal": "an anti-diagonal",
};
const EN_REASON: Record<string, string> = {
  column: "the column",
  diagonal: "a diagonal",
  "anti-diagonal": "an anti-diagonal",
};

/** The library's own words for what each algorithm counts (../algorithms.ts). */
const DEFS = Object.fromEntries(ALGORITHMS.map((a) => [a.name, a])) as Record<
  AlgorithmName,
  (typeof ALGORITHMS)[number]
>;

/** The summary of a finished search, as the end step says it. */
export interface SearchSummary {
  readonly size: number;
  readonly solutions: number;
  readonly nodes: number;
  readonly backtracks: number;
  /** Milliseconds the worker took to record the steps. */
  readonly ms: number;
  /** The same search without recording, timed by the library (seconds per run), if timed. */
  readonly timed: number | null;
  /** The search started from fixed queens. */
  readonly fixed: boolean;
}

const EN_ALGO: Record<Algo, string> = {
  backtrack: "Backtracking, square by square",
  bitmask: "Backtracking on bitmasks",
  brute: "Brute force (N ≤ 7)",
};

const EN_SYM: Record<Transform, string> = {
  identity: "as it is",
  rot90: "turned 90° clockwise",
  rot180: "turned 180°",
  rot270: "turned 270° (90° anticlockwise)",
  flipH: "mirrored left to right",
  flipV: "mirrored top to bottom",
  transpose: "mirrored in the ╲ diagonal",
  antiTranspose: "mirrored in the ╱ diagonal",
};

/** Columns counted from 1, as the page says them. */
export const cols1 = (cols: readonly number[]) => cols.map((c) => c + 1).join(" ");
const list = (items: readonly (number | string)[]) =>
  items.length <= 1
    ? items.join("")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

export const en = {
  lang: "English",
  page: {
    title: "N-Queens: place, watch, browse",
    brand: "N-Queens",
    tagline: "Place queens, watch the search back up, browse every solution.",
    skip: "Skip to the board",
    modes: "Mode",
    tabs: {
      play: "Play",
      watch: "Watch",
      gallery: "Gallery",
      compare: "Compare",
      lesson: "Lesson",
    },
    size: "Board size",
    smaller: "Smaller board",
    larger: "Larger board",
    nField: "N, the board size, from 1 to 20",
    switchTo: "日本語",
    switchLang: "ja",
    footer:
      "Rows and columns are numbered from 1 at the top left. Searches and counts run in Web Workers (or on the GPU, with WebGPU); the nqueens library does the work.",
    sizeProblem: (p: SizeProblem): string =>
      p.kind === "not-number"
        ? `N must be a whole number from 1 to ${p.max}.`
        : p.kind === "not-integer"
          ? `N must be a whole number from 1 to ${p.max}: got ${p.n}.`
          : `N must be from 1 to ${p.max}: got ${p.n}. This page draws boards up to ${p.max}×${p.max}.`,
    useN: (k: number) => `Use N = ${k}`,
    sizeNow: (k: number) => `Board size ${k}×${k}.`,
  },
  board: {
    cell: (row: number, col: number, words: readonly string[]) =>
      [At(row, col), ...words].join(", "),
    queen: "queen",
    ghost: "queen from the completion",
    given: "queen given by the puzzle",
    dead: "no solution through this square",
    empty: "empty",
    conflict: "in conflict",
    attacked: "attacked",
    playLabel: "Board: place or remove queens",
    watchLabel: "The search's board",
    continues: (right: boolean, down: boolean) =>
      `Board continues ${right ? "→" : ""}${right && down ? " " : ""}${down ? "↓" : ""}: scroll`,
    continuesLabel: (right: boolean, down: boolean) =>
      `The board continues ${right && down ? "to the right and down" : right ? "to the right" : "down"}: scroll it to see the rest`,
    svgTitle: (size: number, queens: number) =>
      `${size}×${size} board with ${pl(queens, "queen", "queens")}`,
  },
  time: s,
  play: {
    title: "Play",
    hint: "Click a square to place or remove a queen. On the keyboard: arrow keys move, Enter or Space places, Ctrl+Z undoes and Ctrl+Y redoes.",
    legend: "Legend",
    legendAttacked: "attacked square",
    legendConflict: "queens in conflict",
    legendGhost: "queen from a completion",
    exportGroup: "Export the board",
    export: "Export",
    copyLink: "Copy link",
    edits: "Edit the board",
    undo: "Undo",
    redo: "Redo",
    clear: "Clear board",
    complete: "Complete this board",
    count: "Count completions",
    cancel: "Cancel",
    statQueens: "Queens",
    statQueensValue: (k: number, size: number) => `${n(k)} of ${n(size)}`,
    statConflicts: "Conflicts",
    statSafe: "Safe squares",
    conflict: (a: { row: number; col: number }, b: { row: number; col: number }, k: ConflictKind) =>
      `The queens at ${at(a.row, a.col)} and ${at(b.row, b.col)} share ${EN_LINE[k]}.`,
    more: (k: number) => `and ${n(k)} more.`,
    statusConflicts: (k: number) =>
      pluralForm("en", k, {
        one: `${n(k)} pair of queens attacks each other.`,
        other: `${n(k)} pairs of queens attack each other.`,
      }),
    statusSolved: (size: number) => `Solved: ${n(size)} queens and none attacks another.`,
    statusEmpty: "An empty board: place a queen, or ask for a completion.",
    statusSoFar: (left: number) =>
      `No conflicts so far: ${pl(left, "more queen", "more queens")} to place.`,
    statusStuck: (placed: number, size: number) =>
      placed === 0
        ? `No ${size}×${size} board has a solution.`
        : `No conflicts, but no completion exists: no solution for N = ${n(size)} keeps ${placed === 1 ? "this queen" : `these ${n(placed)} queens`}.`,
    placed: (row: number, col: number) => `Placed a queen at ${at(row, col)}.`,
    removed: (row: number, col: number) => `Removed the queen at ${at(row, col)}.`,
    undone: "Undone.",
    redone: "Redone.",
    nothingToUndo: "Nothing to undo.",
    nothingToRedo: "Nothing to redo.",
    cleared: "Board cleared. Undo brings the queens back.",
    linkCopied: "Link copied.",
    linkCopiedLong: "Link copied: it reproduces this board.",
    copyThis: "Copy this link: ",
    searching: "Searching for a completion…",
    counting: "Counting completions…",
    refused: (what: "complete" | "count"): Part[] => [
      what === "complete" ? "No completion." : "No completions.",
      " The placed queens already attack each other, and no queen added later can fix that: ",
    ],
    completed: "Completed. ",
    found: (seconds: number, added: number, kept: number) =>
      `Found in ${s(seconds)}: ${
        added === 0
          ? "the board was already full."
          : `the ${pl(added, "gold queen finishes", "gold queens finish")} the board and keep your ${n(kept)}.`
      } `,
    keep: "Keep these queens",
    watchWhy: "Watch why",
    watchWhyTitle: "Watch the search try every way to fill the empty rows from this board",
    completedSay: "A completion was found and is shown in gold.",
    noCompletion: "No completion exists. ",
    zero: "0 completions. ",
    counted: (k: bigint, solutions: boolean, seconds: number) =>
      ` ${pluralForm("en", k, solutions ? { one: "solution", other: "solutions" } : { one: "completion", other: "completions" })} (counted in ${s(seconds)}).`,
    countedSay: (k: bigint, solutions: boolean) =>
      `${pl(k, solutions ? "solution" : "completion", solutions ? "solutions" : "completions")}.`,
    download: "Download them: ",
    cancelled: { complete: "Cancelled the completion.", count: "Cancelled the count." },
    failed: (what: "complete" | "count" | "list", message: string) =>
      `The ${what === "complete" ? "completion" : what} failed: ${message}`,
    whyEmpty: (size: number) =>
      `No ${size}×${size} board has a solution: with N = ${size} every way of putting a queen in each row leaves two queens attacking each other. Every N from 4 up has solutions.`,
    whyRow: (row: number) =>
      `Row ${row + 1} has no safe square left: every square in it is attacked by a placed queen, so no queen can go there.`,
    whyColumn: (col: number) =>
      `Column ${col + 1} has no safe square left: every square in it is attacked by a placed queen.`,
    whyDeep:
      "Every empty row still has a safe square, but they cannot all be used at once: the search tried every way of filling the empty rows, and each one ends with a row where every square is attacked.",
    goal: (size: number) =>
      `Goal: place ${pl(size, "queen", "queens")} so that no two share a row, a column or a diagonal.`,
    hints: "Hint: mark the squares that cannot lead to a solution",
    hintWorking: "Checking every safe square…",
    hintResult: (dead: number, safe: number) =>
      dead === 0
        ? `Every one of the ${pl(safe, "safe square", "safe squares")} can still lead to a solution.`
        : `${n(dead)} of the ${pl(safe, "safe square", "safe squares")} cannot lead to a solution (marked ✗): a queen there leaves some row with no safe square, sooner or later.`,
    hintStuck:
      "This board cannot be completed any more: every safe square is a dead end (✗). Take a queen back.",
    hintConflict: "Take away the queens that attack each other first: then the hint can look.",
    hintFull: "Every row holds a queen.",
    legendDead: "no solution through it",
    legendGiven: "given queen (puzzle)",
    puzzle: "Puzzle",
    level: { easy: "easy", medium: "medium", hard: "hard" } as Record<PuzzleDifficulty, string>,
    levelLabel: "Puzzle level",
    newPuzzle: "New puzzle",
    endPuzzle: "Leave the puzzle",
    puzzleGoal: (level: string, seed: number, given: number, left: number) =>
      `Puzzle (${level}, number ${seed}): ${pl(given, "queen is", "queens are")} given (framed). Place the other ${n(left)} so that no two queens attack each other; exactly one way works.`,
    solvedBy: {
      forced:
        "Each missing queen is forced in turn: some row or column always has a single safe square left.",
      propagation:
        "Forced squares are not enough, but a little more reasoning is (a square that attacks both safe squares of a line cannot be used), with no guessing.",
      search:
        "Reasoning alone does not settle it: try a square, and back up when it fails (backtracking).",
    } as Record<"forced" | "propagation" | "search", string>,
    puzzleLoading: "Making the puzzle…",
    puzzleSolved: "Solved! That is the puzzle's only solution.",
    puzzleSolvedSay: "Puzzle solved.",
    puzzleTooSmall: (size: number) =>
      `No puzzle for N = ${size}: puzzles start at N = 4 (N = 2 and 3 have no solution).`,
    puzzleFailed: (message: string) => `The puzzle could not be made: ${message}`,
    givenStays: "This queen is part of the puzzle and stays.",
    keptCompletion: (row: number, col: number) =>
      `Kept the completion without the queen at ${at(row, col)}.`,
    symmetries: "See its 8 symmetries",
    hideSymmetries: "Hide the symmetries",
  },
  code: {
    title: "The code",
    vars: "Variables of this call",
    stack: "Call stack",
    stackKey: (k: number) =>
      `${pl(k, "frame", "frames")}: one per row being filled (a queen placed above it), the newest at the bottom.`,
    noStack: "Brute force is one loop: no recursion, so no call stack.",
    comments: {
      solution: "a solution",
      skip: "attacked: skip it",
      place: "place the queen",
      down: "go down a row",
      takeBack: "take it back (backtrack)",
      allTried: "every column tried: back up",
      safeAll: "every safe column at once",
      lowest: "lowest bit: the leftmost safe column",
      shift: "attacks slide along their diagonals",
      noneLeft: "free = 0: back up",
      nextSet: "a pair attacks: next set",
    },
    maskLabel: (name: string, cols: readonly number[]) =>
      `${name}: ${cols.length === 0 ? "no column" : `column${cols.length > 1 ? "s" : ""} ${list(cols)}`}`,
    maskNames: { cols: "cols", diag: "diag", anti: "anti", free: "free", bit: "bit" } as Record<
      "cols" | "diag" | "anti" | "free" | "bit",
      string
    >,
    maskKey:
      "Bit k is column k, drawn in board order: << 1 moves every mark one column to the right (the ╲ diagonals), >> 1 one column to the left (the ╱ ones).",
  },
  watch: {
    title: "Watch the search",
    hint: "Row by row, left to right: a queen goes on the first safe square; when a row has none, the search backs up and moves the queen above. Skipping an attacked square skips every board that could grow from it: that is pruning, and it is why backtracking visits so few of the boards brute force would try.",
    playback: "Playback",
    start: "Back to the start",
    back: "Step back",
    forward: "Step forward",
    nextSolution: "Next solution",
    play: "Play",
    pause: "Pause",
    speed: "Speed",
    rate: (k: number) => `${n(k)} steps/s`,
    pauseAtSolution: "Pause at each solution",
    shortcuts:
      "Keyboard shortcuts: Space plays or pauses, ← → step (K, J, L too), Home and End go to the first and last step",
    scrubber: "Step of the search",
    scrubText: (k: number, total: number, tracing: boolean) =>
      `step ${n(k)} of ${n(total)}${tracing ? ", still tracing" : ""}`,
    tracing: "Tracing…",
    firstSteps: (k: number) => `first ${n(k)} steps (of many more)`,
    steps: (k: number) => pl(k, "step", "steps"),
    traceFailed: (message: string) => `The trace failed: ${message}`,
    statStep: "Step",
    statDepth: "Depth",
    statNodes: "Nodes",
    statBacktracks: "Backtracks",
    statSolutions: "Solutions",
    fixed: (k: number) =>
      `The search starts from the ${pl(k, "queen", "queens")} placed in Play (drawn dark). `,
    fixedConflict:
      "The queens placed in Play attack each other, so the search starts from an empty board. ",
    clearFixed: "Start from an empty board",
    narrTracing: "Tracing the search…",
    narrFull: "Every row already holds a queen.",
    narrStart: (fixed: boolean, row: number) =>
      `Start: the board ${fixed ? "holds only the fixed queens" : "is empty"}. The search tries row ${row + 1}, from the left.`,
    narrPlace: (row: number, col: number, down: boolean) =>
      `${At(row, col)} is safe: place a queen${down ? " and go down to the next row" : ""}.`,
    narrReject: (row: number, col: number, reason: string, by: { row: number; col: number }) =>
      `${At(row, col)} is attacked along ${EN_REASON[reason]} by the queen at ${at(by.row, by.col)}: skip it (pruning: nothing below it is tried).`,
    narrRemove: (row: number, col: number) =>
      `Everything under ${at(row, col)} has been explored: take that queen back (backtrack) and try the next column.`,
    narrSolution: (k: number) =>
      `Solution ${n(k)} found: every row holds a queen and none attacks another.`,
    solutionPaused: (k: number) => `Solution ${n(k)} found. Paused.`,
    candidates: "Candidates in the current row",
    noRow: "No row is being tried.",
    rowColumns: (row: number) => `Columns of row ${row + 1}`,
    rowTitle: (row: number) => `Row ${row + 1}`,
    candUntried: "not tried yet",
    candPlaced: "holds the queen now",
    candRejected: (reason: string, row: number) =>
      `attacked along ${EN_REASON[reason]} by row ${row + 1}`,
    candDone: "explored, taken back",
    candLabel: (col: number, words: string) => `Column ${col + 1}: ${words}`,
    candKey: "│ column  ╲ diagonal  ╱ anti-diagonal  ✓ explored",
    noteRejected: (reason: string, row: number) =>
      `rejected: attacked along ${EN_REASON[reason]} by the queen in row ${row + 1}`,
    noteDone: "tried and taken back",
    tree: "The search tree",
    perDepth: "Nodes per depth",
    depthRow: (d: number, now: number, all: number | undefined) =>
      `depth ${d}: ${pl(now, "node", "nodes")}${all !== undefined ? ` of ${n(all)}` : ""}`,
    depthKey: (whole: boolean, size: number) =>
      `Nodes per depth (queens placed) on a logarithmic scale${whole ? "; the pale bar is the whole tree, counted by the library's treeProfile" : size > 15 ? `; the whole tree is too big to count here, so the scale goes up to ${size}!, more than any depth can hold` : ""}.`,
    treeLabel: (nodes: number, seen: number) =>
      `Search tree: ${pl(nodes, "node", "nodes")}, ${n(seen)} visited so far`,
    treeRoot: "empty board",
    treeNode: (row: number, col: number) => at(row, col),
    algorithm: "Algorithm",
    algoName: EN_ALGO,
    prevSolution: "Previous solution",
    noLaterSolution: (done: boolean): string =>
      done
        ? "No solution after this step: the search only ends from here."
        : "No later solution recorded yet: the trace is still running.",
    noEarlierSolution: "No solution before this step.",
    stepField: "Go to step",
    ofSteps: (total: number, done: boolean, cut: boolean) =>
      `of ${n(total)}${done ? (cut ? " (cut)" : "") : "…"}`,
    scrubKey: "Green ticks under the bar mark the solutions.",
    fromBoard: (k: number) => `Play's board has ${pl(k, "queen", "queens")}. `,
    startFromBoard: "Start the search from them",
    emptyOnly: "This search always starts from an empty board (Play's queens are kept for Play).",
    bruteTooBig: (size: number, count: string) =>
      `Brute force is shown up to N = 7: at N = ${size} it would try C(${size * size}, ${size}) = ${count} placements, one step each. Choose a smaller N or another algorithm.`,
    statPlacements: "Placements",
    narrRemove2: (row: number, col: number, last: boolean) =>
      `Back in row ${row + 1}: everything under ${at(row, col)} has been explored, so take that queen back (backtrack). ${last ? `That was the last column of row ${row + 1}.` : `Next: column ${col + 2}.`}`,
    narrDeadEnd: (row: number, attacks: readonly Attack[], back: number) =>
      `Dead end: row ${row + 1} has no safe square. ${attacks
        .map(
          (a, i) =>
            `${i === 0 ? "Column" : "column"} ${a.col + 1} is attacked along ${EN_REASON[a.reason]} by the queen at ${at(a.by.row, a.by.col)}`,
        )
        .join(
          "; ",
        )}. Every square of the row is pruned. ${back >= 0 ? `Go back up to row ${back + 1} and move its queen (backtrack).` : "Nothing is left to try."}`,
    narrRowDone: (row: number, back: number) =>
      back >= 0
        ? `Every column of row ${row + 1} has been tried: go back up to row ${back + 1} (backtrack).`
        : `Every column of row ${row + 1} has been tried: the search is complete.`,
    narrEnd: (x: SearchSummary) =>
      x.solutions === 0
        ? `The search is over: no solution exists ${x.fixed ? "for these queens" : `for N = ${x.size}`}. Every branch ended in a dead end (${pl(x.nodes, "node", "nodes")}, ${pl(x.backtracks, "backtrack", "backtracks")}).`
        : `The search is over: ${pl(x.solutions, "solution", "solutions")}, ${pl(x.nodes, "node", "nodes")}, ${pl(x.backtracks, "backtrack", "backtracks")}. Recording the steps took ${s(x.ms / 1000)}${x.timed !== null ? `; the same search without recording takes ${s(x.timed)} (timed by the library)` : ""}.`,
    narrCut: (steps: number) =>
      `The trace stops here, after ${n(steps)} steps: the whole search is much longer. Every step up to here is exact.`,
    narrEnter: (row: number, free: readonly number[]) =>
      free.length === 0
        ? `Row ${row + 1}: free = all & ~(cols | diag | anti) has no bit set: no column of this row is safe.`
        : `Row ${row + 1}: free = all & ~(cols | diag | anti) gives the safe columns all at once: ${list(free)}.`,
    narrBitPlace: (row: number, col: number, down: boolean) =>
      `The lowest bit of free is column ${col + 1}: place a queen at ${at(row, col)}${down ? " and go down a row with the masks shifted (diag << 1, anti >> 1)" : ""}.`,
    narrBitBack: (row: number, col: number, rest: readonly number[]) =>
      `Back in row ${row + 1} from the rows below: the queen at ${at(row, col)} is gone with that call (the masks were copies). ${rest.length === 0 ? "free has no bit left." : `free still holds column${rest.length > 1 ? "s" : ""} ${list(rest)}.`}`,
    narrBitDead: (row: number, back: number) =>
      `Dead end: free was 0 from the start, row ${row + 1} has no safe square. ${back >= 0 ? `Return to row ${back + 1} (backtrack).` : "Nothing is left to try."}`,
    narrBitDone: (row: number, back: number) =>
      back >= 0
        ? `free is 0: every safe column of row ${row + 1} has been tried. Return to row ${back + 1} (backtrack).`
        : `free is 0: every safe column of row ${row + 1} has been tried: the search is complete.`,
    narrBruteStart: (count: number) =>
      `Start: brute force will try all ${n(count)} ways of putting the queens on the squares, and test each one whole.`,
    narrBruteClash: (
      k: number,
      count: number,
      a: { row: number; col: number },
      b: { row: number; col: number },
      kind: ConflictKind,
    ) =>
      `Placement ${n(k)} of ${n(count)}: the queens at ${at(a.row, a.col)} and ${at(b.row, b.col)} share ${EN_LINE[kind]}. Not a solution: next placement.`,
    narrBruteSolution: (k: number, count: number, index: number) =>
      `Placement ${n(k)} of ${n(count)}: no two queens attack each other. Solution ${n(index)} found.`,
    narrBruteEnd: (count: number, found: number, nodes: number, times: string) =>
      `The search is over: all ${n(count)} placements tried, ${found === 0 ? "and no solution exists" : `${pl(found, "solution", "solutions")} found`}. Backtracking with pruning visits ${pl(nodes, "node", "nodes")} for the same N: ${times} times fewer steps.`,
    pathLabel: (rows: number) =>
      `The search tree around the current path, ${pl(rows, "row", "rows")} deep`,
    legend: "Legend of the tree",
    legendPath: "on the current path",
    legendSeen: "visited",
    legendSolution: "a solution",
    legendDead: "dead end",
    legendRejected: "square rejected (pruned)",
    legendUnseen: "not visited yet",
    treeClick:
      "Click a node to go to its step; on the keyboard, the arrow keys (Home, End) choose a node in the tree and Enter goes to it.",
    treeKeys: "Arrow keys choose a node, Enter goes to its step.",
    treeChosen: (label: string, step: number) => `${label}, step ${n(step)}.`,
    treeBrute:
      "Brute force has no search tree: it tries every placement of the queens in turn and tests each one whole.",
    profileWorking: "Counting the whole tree…",
    narrationBox: "Narration",
    historyTitle: "History of the narration",
    historyKey: (k: number) =>
      `The last ${n(k)} steps shown, newest first: choose one to go back to it.`,
    historyStep: (k: number) => `Step ${n(k)}`,
  },
  sym: {
    title: "The 8 symmetries of this solution",
    names: EN_SYM,
    canonical: "canonical",
    explain: (cols: readonly number[]) =>
      `Read each board row by row as the columns of its queens: the canonical board is the least of the 8 (${cols1(cols)}), the family's fundamental (or unique) solution. The gallery shows each family by it, outlined in gold.`,
    same: (name: string) => `the same board as "${name}"`,
    orbit: (k: number) =>
      k === 1
        ? "All 8 give the same board."
        : `They make ${n(k)} different boards: ${k === 8 ? "no symmetry leaves this solution as it is" : k === 4 ? "a half turn leaves it as it is" : "a quarter turn leaves it as it is"}.`,
    image: (name: string, cols: readonly number[], canonical: boolean) =>
      `${name}${canonical ? ", canonical" : ""}: queens in columns ${cols1(cols)}`,
    close: "Close",
    open: "Open in Play",
  },
  slides: {
    title: "Pictures for slides",
    group: "Export this step or a range of steps",
    png: "PNG",
    svg: "SVG",
    gif: "GIF",
    from: "from step",
    to: "to step",
    making: (k: number, total: number) => `Drawing frame ${n(k)} of ${n(total)}…`,
    made: (frames: number) => `Saved a GIF of ${pl(frames, "step", "steps")}.`,
    tooMany: (max: number) => `At most ${n(max)} steps go into one GIF: the range was shortened.`,
    picture: (algo: string, size: number, step: number, total: number) =>
      `${algo} · N = ${size} · step ${n(step)} of ${n(total)}`,
    failed: (message: string) => `The export failed: ${message}`,
  },
  gallery: {
    title: (size: number) => `All solutions for N = ${size}`,
    finding: "Finding every solution…",
    failed: (message: string) => `Failed: ${message}`,
    summary: (total: Node, classes: Node, t: number, c: number): Part[] => [
      total,
      ` ${pluralForm("en", t, { one: "solution", other: "solutions" })} in `,
      classes,
      ` ${pluralForm("en", c, { one: "family", other: "families" })} (${pluralForm("en", c, { one: "fundamental solution", other: "fundamental solutions" })})`,
    ],
    chips: "Families by size",
    chip: (count: number, size: number) => `${pl(count, "family", "families")} of ${n(size)}`,
    chipTitle: "Show or hide these families",
    hint: "Boards that a rotation or a reflection turns into each other form one family; its size is how many different boards the eight symmetries make. Click a count above to show or hide those families; click a board to open it in Play.",
    download: "Download the list",
    orbit: {
      8: "all 8 rotations and reflections give different boards",
      4: "a half turn gives the same board, so 4 different boards",
      2: "a quarter turn gives the same board, so only 2 different boards",
      1: "every rotation and reflection gives the same board",
    } as Record<number, string>,
    none: (size: number) =>
      `No solutions: on a ${size}×${size} board some two queens always attack each other.`,
    classTitle: (k: number) => `Family ${n(k)}`,
    orbitBadge: (k: number) => `family of ${k}`,
    open: (cols: readonly number[]) => `Open ${cols.map((x) => x + 1).join(" ")} in Play`,
    mini: (canonical: boolean, cols: readonly number[]) =>
      `${canonical ? "Canonical solution" : "Solution"}: queens in columns ${cols.map((x) => x + 1).join(", ")}`,
    prev: "← Previous",
    next: "Next →",
    pageText: (from: number, to: number, count: number, page: number, pages: number) =>
      `Families ${n(from)}–${n(to)} of ${n(count)} · page ${n(page)} of ${n(pages)}`,
    goTo: "Go to page",
    pageNumber: "Page number",
    pages: "Pages of families",
    pagesBottom: "Pages of families, bottom",
    counting: (size: number) => `Counting the solutions for N = ${size}`,
    countHint: (max: number, slow: boolean) =>
      `Above N = ${max} there are too many solutions to draw. The library's engine splits the count into independent sub-problems (the queens on the border of the board) and the page counts them in parallel Web Workers, or on the GPU where the browser has WebGPU.${slow ? " On the CPU this takes minutes or longer in a browser." : ""}`,
    countWith: (k: number) => `Count with ${pl(k, "worker", "workers")}`,
    progress: "Counting progress",
    workersTitle: "In Web Workers",
    workersHint: "The library's counting engine, one share of the sub-problems per worker.",
    progressText: (done: number, total: number, found: bigint, seconds: number) =>
      `${n(done)} of ${n(total)} sub-problems · ${n(found)} solutions so far · ${s(seconds)}`,
    cancelled: "Cancelled.",
    cancelledAt: (done: number, total: number, found: bigint) =>
      total === 0
        ? "Cancelled before the first sub-problem was done."
        : `Cancelled at ${n(done)} of ${n(total)} sub-problems (${pl(found, "solution", "solutions")} so far).`,
    cancelledLeft: (at: string) =>
      `The count stopped when you left the Gallery. ${at} Count again to start over.`,
    doneIn: (seconds: number) => `Done in ${s(seconds)}.`,
    result: (total: Node, unique: Node, t: bigint, size: number): Part[] => [
      total,
      ` ${pluralForm("en", t, { one: "solution", other: "solutions" })} for N = ${size}, in `,
      unique,
      " families (fundamental solutions).",
    ],
    showSymmetries: "Show the 8 symmetries",
    goldKey:
      "Gold outline: the family's canonical board (its fundamental solution), the least of its images when read row by row. Under each board: the symmetry that turns the canonical board into it.",
    made: (name: string) => name,
  },
  gpu: {
    count: "Count on the GPU",
    cancel: "Cancel",
    looking: "Looking for a GPU adapter…",
    progress: "GPU counting progress",
    title: "On the GPU",
    hint: "The same sub-problems, searched by thousands of GPU threads with the library's WGSL kernel.",
    cancelledSay: "GPU count cancelled",
    cancelled: "Cancelled.",
    insecure: "WebGPU needs a secure page (https or localhost).",
    noApi: "This browser has no WebGPU (navigator.gpu is missing).",
    noAdapter:
      "This browser has WebGPU but found no GPU adapter (it may be turned off, or blocked for this GPU).",
    error: (message: string) => `WebGPU failed: ${message}`,
    unavailable: "Not available here: ",
    maxN: (k: number) => `The GPU counter takes N up to ${k}.`,
    maxNShort: (k: number) => ` · the GPU counter takes N up to ${k}`,
    adapter: "Adapter: ",
    software: " (software: it runs on the CPU, slower than the workers)",
    pageThread: " · on the page's thread (workers have no WebGPU here)",
    opening: " Opening the GPU…",
    compiling: " Compiling the kernel…",
    compilingFor: (k: number) => ` Compiling the kernel for ${n(k)} sub-problems…`,
    progressText: (done: number, total: number, found: string, seconds: number) =>
      `${n(done)} of ${n(total)} sub-problems · ${n(found)} solutions so far · ${s(seconds)}`,
    done: (
      seconds: number,
      kernel: number,
      dispatches: number,
      subs: number,
      adapter: string,
      page: boolean,
    ) =>
      `Done in ${s(seconds)} (kernel ${s(kernel)}, ${pl(dispatches, "dispatch", "dispatches")}, ${n(subs)} sub-problems) on ${adapter}${page ? ", on the page's thread" : ""}.`,
    same: " ✓ the same as the list",
    differs: (k: bigint) => ` ✗ the list has ${n(k)}`,
    result: (total: Node, unique: Node, t: string, u: string, size: number): Part[] => [
      total,
      ` ${pluralForm("en", BigInt(t), { one: "solution", other: "solutions" })} for N = ${size}, in `,
      unique,
      ` ${pluralForm("en", BigInt(u), { one: "family", other: "families" })} (${pluralForm("en", BigInt(u), { one: "fundamental solution", other: "fundamental solutions" })}).`,
    ],
    failed: (message: string) => `The GPU count failed: ${message}`,
    say: (t: string, size: number) => `GPU count: ${n(t)} solutions for N = ${size}`,
  },
  compare: {
    title: "Compare the algorithms",
    hint: "The same problem, counted six ways. Each algorithm runs in a worker for every N where it finishes quickly; the vertical axis is logarithmic, so each grid line is ten times more work.",
    measure: "Measure",
    metric: { nodes: "Nodes", checks: "Checks", seconds: "Time" },
    upTo: "Largest N",
    upToOption: (k: number) => `N up to ${k}`,
    patient: "allow slow runs (up to 30 s each)",
    run: "Run",
    cancel: "Cancel",
    running: (done: number, total: number) => `Running ${n(done)} of ${n(total)}…`,
    runningOne: (done: number, total: number, name: string, size: number) =>
      `Running ${n(done)} of ${n(total)}: ${name}, N = ${size}`,
    done: (runs: number, skipped: number) =>
      `Done: ${pl(runs, "run", "runs")}${skipped ? `, ${n(skipped)} skipped as too slow` : ""}.`,
    cancelled: "Cancelled.",
    failed: (message: string) => `Failed: ${message}`,
    name: {
      "brute-force": "brute-force",
      "square-backtrack": "square-backtrack",
      "row-loop": "row-loop",
      "row-sets": "row-sets",
      bitmask: "bitmask",
      iterative: "iterative",
    } as Record<AlgorithmName, string>,
    algoTitle: {
      "brute-force": "brute force over all C(n*n, n) placements",
      "square-backtrack": "square-by-square backtracking, whole-board check",
      "row-loop": "row-by-row backtracking, loop over earlier rows",
      "row-sets": "row-by-row backtracking, column and diagonal arrays",
      bitmask: "row-by-row backtracking on bitmasks",
      iterative: "bitmask backtracking with an explicit stack",
    } as Record<AlgorithmName, string>,
    practical: (k: number) => `; practical to N = ${k}`,
    chart: (metric: string) => `${metric} per N for each algorithm, logarithmic scale`,
    point: (name: string, size: number, value: string) => `${name}, N = ${size}: ${value}`,
    caption: (metric: string, slow: boolean) =>
      `${metric} per algorithm and N (– not practical, … skipped: over ${slow ? s(30) : s(1.5)} expected)`,
    algorithm: "algorithm",
    column: (size: number) => `N=${size}`,
    skipped: (seconds: number) => `skipped: would take about ${s(seconds)} or more`,
    table: "Results table",
    defsTitle: "What each algorithm counts",
    defNode: "node",
    defCheck: "check",
    nodeDef: Object.fromEntries(ALGORITHMS.map((a) => [a.name, DEFS[a.name].nodes])) as Record<
      AlgorithmName,
      string
    >,
    checkDef: Object.fromEntries(ALGORITHMS.map((a) => [a.name, DEFS[a.name].checks])) as Record<
      AlgorithmName,
      string
    >,
    coincide: (names: readonly string[], metric: string) =>
      `${list(names)}: the same ${metric.toLowerCase()} at every N, so their lines lie on top of each other${metric === "Nodes" ? " (they walk the same search tree)" : ""}.`,
    timing:
      "Times are per run: each run is repeated in batches of at least 20 ms and the fastest batch is kept (the library's timeAlgorithm), so even a run of a few microseconds is measured.",
    notBudget: (size: number, placements: string, budget: string) =>
      `not run: brute force would try C(${size * size}, ${size}) = ${placements} placements, over ${budget}`,
    notPractical: (max: number) => `not run: above N = ${max} for this algorithm here`,
    runsNote: (runs: number, patient: boolean) =>
      `${pl(runs, "run", "runs")}, decided from exact counts (never from a timing): brute force while its placements stay within ${patient ? n(1_000_000_000) : n(10_000_000)}, the others up to ${patient ? "the N where each takes about ten seconds" : "a few N below that"}.`,
    caption2: (metric: string) => `${metric} per algorithm and N (– not run: see the reason on it)`,
    race: {
      title: (size: number) => `Brute force against backtracking, N = ${size}`,
      intro:
        "Brute force makes whole placements and tests each one; backtracking places a queen row by row and prunes: an attacked square is skipped with everything that could grow from it. The tutorials write brute force three ways; each is timed here, in this browser, in a worker.",
      variant: {
        squares: (k: number) => `brute force: any ${k} of the ${k * k} squares, C(${k * k}, ${k})`,
        "per-row": (k: number) => `brute force: one queen per row, ${k}^${k}`,
        permutations: (k: number) =>
          `brute force: one per row and per column (permutations), ${k}!`,
      } as Record<"squares" | "per-row" | "permutations", (k: number) => string>,
      short: {
        squares: "brute force on any squares",
        "per-row": "brute force with one queen per row",
        permutations: "brute force on permutations",
      } as Record<"squares" | "per-row" | "permutations", string>,
      backtrack: "backtracking with pruning, row by row (row-sets)",
      colWay: "way",
      colCount: "placements or nodes",
      colTime: "time in this browser",
      colRatio: "against backtracking",
      caption: "Brute force's placements and backtracking's nodes on the same N",
      measuring: "measuring…",
      measured: (time: string) => `${time}, all tested`,
      estimated: (time: string, tested: string) => `about ${time}, estimated from ${tested} tested`,
      perRun: (time: string) => `${time} per run (the library's timeAlgorithm)`,
      raceButton: "Race them",
      raceNote: (limit: number) =>
        `The race replays the times measured above in real time (for ${limit} seconds at most): each bar fills at its way's measured speed.`,
      raceLabel: "The race",
      backtrackShort: "backtracking",
      laneDone: (name: string, time: string) => `${name}: done in ${time}`,
      laneSoFar: (name: string, so: string, all: string, needs: string) =>
        `${name}: ${so} of ${all} placements tested; needs about ${needs}`,
      waiting: "waiting for the chart's runs…",
      notTimed: (max: number) => `not timed above N = ${max} here`,
      nodes: (k: number) => pl(k, "node", "nodes"),
      times: (x: string) => `${x} times its nodes`,
      summary: (
        size: number,
        nodes: number,
        ways: readonly { readonly name: string; readonly times: string }[],
      ) =>
        `At N = ${size}, backtracking with pruning visits ${pl(nodes, "node", "nodes")}: ${list(ways.map((w) => `${w.times} times fewer steps than ${w.name}`))}.`,
      minutes: (k: string) => `${k} min`,
      hours: (k: string) => `${k} h`,
      days: (k: string) => `${k} days`,
      years: (k: string) => `${k} years`,
      failed: (message: string) => `The measure failed: ${message}`,
    },
  },
};

/** The shape every language's table has. */
export type Messages = typeof en;
