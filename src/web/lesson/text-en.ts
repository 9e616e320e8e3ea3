/**
 * Every word of the lesson in English (this table's type is the one text-ja.ts must match, so a
 * missing or misspelt message is a type error). The figures come from the model's facts
 * (model.ts), never from the words; the learners' words from the tutorials are kept beside the
 * English ones (総当たり, バックトラック, 枝刈り, ビット演算, 基本解).
 */
import type { ConflictKind, Queen } from "../../board.js";
import type { BruteVariant } from "../../teach/index.js";
import { num, time } from "../i18n/index.js";
import type { LessonStep } from "../state.js";
import type { GrowthRow, LessonFacts, Verdict } from "./facts.js";
import { steadyGrowth } from "./growth.js";
import type { RaceFrame } from "./race.js";

/** One step's words. */
export interface StepWords {
  readonly title: string;
  /** A few words for the browser tab's title (`pageTitle`). */
  readonly short: string;
  /** The explanation, one string a paragraph. */
  body(f: LessonFacts): string[];
  /** The live parts' links, by the model's key. */
  readonly live: Readonly<Record<string, string>>;
  question(f: LessonFacts): string;
  choice(id: string, f: LessonFacts): string;
  /** What checking says: why the choice is right or wrong. */
  feedback(v: Verdict, f: LessonFacts): string;
}

/** The lesson's words in one language. */
export interface LessonWords {
  readonly heading: string;
  readonly stepsLabel: string;
  readonly moveLabel: string;
  stepOf(k: number, total: number): string;
  /** The browser tab's title while the lesson shows step k (its `short` words). */
  pageTitle(k: number, total: number, short: string): string;
  readonly prev: string;
  readonly next: string;
  readonly live: string;
  readonly liveNote: string;
  readonly check: string;
  readonly checkButton: string;
  readonly pickFirst: string;
  /** The way back from a mode the lesson opened. */
  back(k: number, title: string): string;
  readonly brute: {
    race(n: number): string;
    readonly raced: string;
    raceCaption(n: number): string;
    bruteName(n: number): string;
    readonly backName: string;
    readonly searchHead: string;
    readonly work: string;
    readonly timeHead: string;
    boardsDone(k: string): string;
    nodesDone(k: string): string;
    /** What the rate measured here says of `boards` placements (an estimate, said as one). */
    estimate(rate: string, boards: string, seconds: number): string;
    readonly caption: string;
    readonly way: string;
    readonly formula: string;
    readonly boards: string;
    readonly squares: string;
    readonly perRow: string;
    readonly permutations: string;
  };
  readonly growth: {
    readonly caption: string;
    readonly n: string;
    readonly count: string;
    readonly ratio: string;
    readonly hereHead: string;
    here(solutions: string, time: string): string;
    measure(lo: number, hi: number): string;
    measuring(n: number): string;
    measured: string;
    cancelled: string;
    failed(message: string): string;
  };
  /** The pictures that move with the step's own buttons (backtracking's search, symmetry's families). */
  readonly slide: {
    label(what: string): string;
    search(n: number): string;
    readonly classes: string;
    readonly prev: string;
    readonly next: string;
    readonly prevClass: string;
    readonly nextClass: string;
    /** Where the picture is: position k of total. */
    at(k: number, total: number): string;
    readonly tree: string;
    /** What family k of total shows: its size (orbit) among all the solutions. */
    classSays(k: number, total: number, orbit: number, solutions: number): string;
    readonly fill: string;
    readonly prevRow: string;
    readonly nextRow: string;
    /** Completion's picture after k of the total queens added (`q` the last one, if any). */
    fillSays(k: number, total: number, q: Queen | null, n: number): string;
    readonly attack: string;
    readonly prevQueen: string;
    readonly nextQueen: string;
    /** The problem's picture: k of n queens placed, the squares they attack and those still free. */
    attackSays(k: number, n: number, attacked: number, free: number): string;
    /** The board's accessible name: the queens on it, in words. */
    boardLabel(queens: readonly Queen[], n: number): string;
    race(n: number): string;
    /** The race's choice of brute force, and each way's name with its count's formula. */
    readonly raceWay: string;
    way(v: BruteVariant, n: number): string;
    readonly bruteSide: string;
    readonly backSide: string;
    /** One side's counter: looked at so far of all, and solutions found. */
    boardsSeen(seen: number, total: number, found: number): string;
    nodesSeen(seen: number, total: number, found: number): string;
    readonly prevRace: string;
    readonly nextRace: string;
    raceSays(f: RaceFrame): string;
    readonly masks: string;
    readonly masksKey: string;
    readonly chart: string;
    readonly prevN: string;
    readonly nextN: string;
    chartLabel(lo: number, hi: number): string;
    /** Growth's picture at one row: its count and the factor from the count before it. */
    chartSays(row: GrowthRow, before: bigint | null): string;
  };
  /** The judge step's box. */
  readonly judge: {
    /** The statement, one string a paragraph (own words), and its language's name. */
    readonly statement: readonly string[];
    readonly statementHead: string;
    /** The statement in the other language: its summary line. */
    readonly otherStatement: string;
    readonly inputHead: string;
    readonly input: readonly string[];
    readonly outputHead: string;
    readonly output: readonly string[];
    readonly boxLabel: string;
    readonly solve: string;
    readonly answerHead: string;
    readonly play: string;
    /** The picture: the board the output draws, the given queens outlined. */
    readonly picture: string;
    readonly pictureNone: string;
    no(reason: string): string;
    malformed(reason: string): string;
    solved(k: number): string;
  };
  readonly steps: Readonly<Record<LessonStep, StepWords>>;
}

/** A square in words, from 1 (its row, then its column). */
export const square = (q: Queen) => `row ${q.row + 1}, column ${q.col + 1}`;
/** A question's square id (`row:col`, from 0) in words. */
export const squareOf = (id: string) => {
  const [row, col] = id.split(":").map(Number);
  return square({ row: row!, col: col! });
};
/** The line two queens share, in words. */
export const LINE: Record<ConflictKind, string> = {
  row: "the same row",
  column: "the same column",
  diagonal: "the same ╲ diagonal",
  "anti-diagonal": "the same ╱ diagonal",
};
const queensText = (qs: readonly Queen[]) => qs.map(square).join(" and ");
const WAYS = {
  squares: "Any 8 of the 64 squares",
  perRow: "One queen in each row",
  permutations: "One queen in each row and each column",
} as const;

/** The size of the smallest family (4 for eight queens). */
export const smallest = (f: LessonFacts) => Math.min(...f.symmetry.bySize.keys());

const problem: StepWords = {
  title: "The problem: eight queens that do not attack",
  short: "The problem",
  body: () => [
    "Put eight queens on an 8×8 chessboard so that no queen attacks another. A queen attacks along its row, its column and both its diagonals (╲ and ╱), as far as the board reaches.",
    "So a solution has exactly one queen in each row and in each column, and at most one on each diagonal. Rows and columns are numbered from 1 at the top left.",
    "Place queens yourself in Play: it marks every square that the queens on the board attack, and says which queens attack each other.",
  ],
  live: { play: "Place eight queens (Play, N = 8)", attacks: "See what one queen attacks (Play)" },
  question: (f) =>
    `A queen stands on ${square(f.centre)}. Which of these squares does it not attack?`,
  choice: (id) => squareOf(id).replace(/^r/, "R"),
  feedback: (v, f) => {
    const line = f.lines.get(v.choice);
    if (v.correct) {
      return `Right: ${squareOf(v.choice)} shares no row, column or diagonal with the queen.`;
    }
    return `Not that one: ${squareOf(v.choice)} is on ${line ? LINE[line] : "a line"} as the queen. The square it does not attack is ${squareOf(v.answer)}.`;
  },
};

const brute: StepWords = {
  title: "Brute force (総当たり), three ways",
  short: "Brute force",
  body: (f) => [
    "The simplest search lists every board and keeps those where no queen attacks another: brute force. How many boards it lists depends on what counts as a board.",
    `Any 8 of the 64 squares gives ${num(f.brute.squares)} boards. One queen in each row gives ${num(f.brute.perRow)}; one in each row and each column (a permutation of the columns), ${num(f.brute.permutations)}. Each rule built into the listing drops boards that could never be solutions before anything is checked.`,
    "Watch steps through brute force on a small board. The button under the table races it against backtracking on one board in this browser; Compare does the same over a range of sizes, with the nodes, the checks and the time.",
  ],
  live: {
    "watch-brute": "Watch brute force (N = 5)",
    compare: "Compare brute force and backtracking",
  },
  question: () => "For eight queens, which way of listing boards leaves the fewest to check?",
  choice: (id) => WAYS[id as keyof typeof WAYS] ?? id,
  feedback: (v, f) => {
    const boards = (id: string) => num(f.brute[id as keyof typeof WAYS]);
    return v.correct
      ? `Right: ${boards(v.answer)} boards, against ${num(f.brute.perRow)} and ${num(f.brute.squares)}.`
      : `Not that one: it lists ${boards(v.choice)} boards. ${WAYS[v.answer as keyof typeof WAYS]} lists only ${boards(v.answer)}.`;
  },
};

const backtrack: StepWords = {
  title: "Backtracking (バックトラック) and pruning (枝刈り)",
  short: "Backtracking",
  body: () => [
    "Backtracking builds the board one row at a time. It puts a queen on the first safe square of the next row and goes on; when a row has no safe square left, it takes the last queen back and tries the next square of that row.",
    "A dead end found after two queens saves every board that starts with those two: brute force would still list each of them and only find the attack at the end. Cutting off such branches is pruning.",
    "The search tree: the root is the empty board, each child has one more queen, and each leaf is a solution or a dead end. Watch draws the tree beside the board and the code; at N = 4 the whole tree fits on the screen.",
  ],
  live: { "watch-small": "Watch backtracking (N = 4)", watch: "Watch backtracking (N = 8)" },
  question: () =>
    "Queens stand on rows 1 to 3, and every square of row 4 is attacked. What does backtracking do next?",
  choice: (id) =>
    ({
      restart: "Clears the board and starts again",
      undo: "Takes the queen of row 3 back and tries the next square of row 3",
      "carry-on": "Puts a queen on row 4 anyway and checks the board at the end",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "Right: it goes back one step only, so nothing found so far is lost, and no board that starts with these three queens is looked at again."
      : "Not that one: backtracking goes back one step only. It takes the queen of row 3 back and tries that row's next safe square.",
};

const bitmask: StepWords = {
  title: "The bitmask way (ビット演算)",
  short: "Bitmasks",
  body: () => [
    "The same search can keep three numbers instead of a board: cols has a 1 bit for each column that holds a queen, diag and anti a 1 bit for each square of the next row that a queen attacks along a ╲ or a ╱ diagonal.",
    "Then one operation finds every safe square of the row: free = all & ~(cols | diag | anti). The search takes the lowest bit, bit = free & -free, and going down a row shifts the diagonals by one column (<< 1 and >> 1).",
    "The tree is the same as before; only each check is cheaper. Watch shows the masks in binary beside the code.",
  ],
  live: { "watch-bitmask": "Watch the bitmask search (N = 8)" },
  question: () => "In free = all & ~(cols | diag | anti), what does a 1 bit of free mean?",
  choice: (id) =>
    ({
      queen: "A column that already holds a queen",
      attacked: "A square of this row that a queen attacks",
      free: "A square of this row where a queen can go",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "Right: a bit is 1 in free when it is on the board (all) and in none of cols, diag and anti."
      : "Not that one: the ~ turns the attacked squares off, so a 1 bit of free is a square where a queen can go.",
};

const symmetry: StepWords = {
  title: "92 solutions, 12 fundamental ones (基本解)",
  short: "Symmetry",
  body: (f) => {
    const s = f.symmetry;
    const sizes = [...s.bySize].sort((a, b) => b[0] - a[0]);
    const parts = sizes.map(([size, k]) => `${num(k)} of ${num(size)}`).join(" and ");
    return [
      `The search finds ${num(s.solutions)} solutions for eight queens. Turning the board or mirroring it turns a solution into a solution, so solutions come in families: the eight turns and mirrors of one board.`,
      `One board per family is a fundamental solution (基本解, also called a unique solution, ユニーク解): there are ${num(s.classes)} (the library finds them just now, by keeping each family's least board). The families are ${parts} boards; ${num(s.solutions)} is their sum.`,
      "The Gallery shows every family with the turn or mirror that makes each member; its symmetry view enlarges one family's eight images.",
    ];
  },
  live: {
    gallery: "Every family (Gallery, N = 8)",
    "gallery-small": "The family of fewer than 8 (Gallery)",
  },
  question: (f) =>
    `${num(f.symmetry.solutions)} ÷ 8 = ${num(f.symmetry.solutions / 8)}, yet there are ${num(f.symmetry.classes)} fundamental solutions. Why?`,
  choice: (id) =>
    ({
      missed: "The search missed some solutions",
      "small-class": "Some family has fewer than 8 different boards",
      mirrors: "Mirror images are counted twice",
    })[id] ?? id,
  feedback: (v, f) =>
    v.correct
      ? `Right: a solution that a half turn leaves as it is has only ${num(smallest(f))} different images, so its family is smaller (Gallery, family ${num(f.symmetry.smallClass)}).`
      : "Not that one: every solution is counted once. The count is not a multiple of 8 because some board looks the same after a turn, so its family has fewer than 8 boards.",
};

const complete: StepWords = {
  title: "Completing a partly filled board",
  short: "Completion",
  body: (f) => [
    "Some queens are already on the board; place the rest. Backtracking does it unchanged: it only skips the rows that already hold a queen and checks the new queens against the old ones.",
    `Queens that attack nothing can still leave no way to finish. With queens on ${queensText(f.fails.queens)}, no solution for ${num(f.n)} queens fits, while queens on ${queensText(f.completes.queens)} can be completed. Even on a 4×4 board, a queen in a corner ${f.cornerOf4 ? "can" : "cannot"} be completed: neither 4×4 solution uses a corner.`,
    "To know that a board cannot be completed, the search must try every way and see each fail; Watch can start from the board and show it.",
  ],
  live: {
    "play-completes": "A board that can be completed (Play)",
    "play-fails": "A board that cannot (Play)",
    "watch-fails": "Watch the search fail from it",
  },
  question: (f) =>
    `Queens stand on ${queensText(f.question.queens)} (N = ${num(f.n)}); none attacks another. Yet one row has no square left that they do not attack, so the board cannot be completed. Which row?`,
  choice: (id) => `Row ${num(Number(id) + 1)}`,
  feedback: (v, f) => {
    const dead = `every square of row ${num(Number(v.answer) + 1)} is attacked, so no queen can go there and no completion exists.`;
    const safe = f.questionRows.get(Number(v.choice));
    return v.correct
      ? `Right: ${dead}`
      : `Not that one: ${safe ? `row ${num(safe.row + 1)} still has a safe square (${square(safe)}); ` : ""}${dead}`;
  },
};

/** Growth's factors from where they settle (model.ts steadyGrowth), in words. */
const factors = (f: LessonFacts) => {
  const g = steadyGrowth(f.growth);
  return { ...g, low: Math.floor(g.least), high: Math.ceil(g.most) };
};
const two = (x: number) => num(Math.round(x * 100) / 100);

const growth: StepWords = {
  title: "How the count and the time grow with N",
  short: "Growth with N",
  body: (f) => [
    "The table gives the published counts (OEIS A000170) for each N the page can draw, and how many times the count before it each one is.",
    `From N = ${num(factors(f).from)} on, each step multiplies the count by a factor that tends to grow. A search that finds every solution takes at least one step per solution, so its time cannot grow more slowly than the count. The page does not guess times: the button under the table counts the small sizes in this browser and times each, Compare measures the searches side by side, and the Gallery counts larger sizes here.`,
  ],
  live: {
    compare: "Measure the searches here (Compare)",
    gallery: "Count N = 14 and time it here (Gallery)",
  },
  question: (f) =>
    `In the table's rows from N = ${num(factors(f).from)} to ${num(factors(f).to)}, what happens to the count each time N grows by 1?`,
  choice: (id, f) =>
    ({
      adds: "It grows by about the same number each time",
      doubles: "It exactly doubles",
      multiplies: `It is multiplied by a factor between ${num(factors(f).low)} and ${num(factors(f).high)} that tends to grow`,
    })[id] ?? id,
  feedback: (v, f) => {
    const g = factors(f);
    const rows = `the column “× the row before” shows factors from ×${two(g.least)} to ×${two(g.most)} in the rows N = ${num(g.from)} to ${num(g.to)}`;
    return v.correct
      ? `Right: ${rows}.`
      : `Not that one: ${rows}: the count is multiplied by a factor between ${num(g.low)} and ${num(g.high)} that tends to grow.`;
  },
};

const judge: StepWords = {
  title: "A judge's problem: complete the board (AOJ ALDS1_13_A)",
  short: "Judge problem",
  body: () => [
    "Online judges teach with this problem: some queens are given and the program prints the whole board. It is the completion of the step before, with the input and the output in a judge's exact format. Type an input below; the library solves it in this page, as the command nqueens aoj does.",
  ],
  live: { "watch-judge": "Watch the search from the sample's two queens" },
  question: () => "However many queens k the input gives, how many lines does the output have?",
  choice: (id) =>
    ({
      k: "k lines, one per queen given",
      rest: "8 - k lines, one per queen added",
      rows: "8 lines, one per row of the whole board",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "Right: the output is the whole board, given queens and added ones, one line of Q and . per row."
      : "Not that one: the output is the whole board, so it has 8 lines, one per row, whatever k is.",
};

/** The queens of a board in words: its accessible name. */
const boardLabel = (queens: readonly Queen[], n: number) =>
  queens.length === 0
    ? `An empty ${n}×${n} board`
    : `A ${n}×${n} board, queens on ${queens.map(square).join("; ")}`;

const VARIANT_WAYS: Record<BruteVariant, (n: number) => string> = {
  squares: (n) => `any ${num(n)} squares, C(${num(n * n)}, ${num(n)})`,
  "per-row": (n) => `one per row, ${num(n)}${sup(n)}`,
  permutations: (n) => `permutations, ${num(n)}!`,
};
const sup = (k: number) => [...String(k)].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("");
const VARIANT_NAMES: Record<BruteVariant, string> = {
  squares: "any 8 squares",
  "per-row": "one per row",
  permutations: "permutations",
};

/** What the race shows at one position, and at the end the ratio in words. */
function raceSays(f: RaceFrame): string {
  const name = VARIANT_NAMES[f.variant];
  if (f.at === 0) {
    return `Nothing looked at yet. Each press moves both searches on together: brute force (${name}) by boards, backtracking by nodes of its tree, one at a time and then faster.`;
  }
  const ratio = num(Math.round(f.ratio * 10) / 10);
  const backDone = f.back.seen === f.back.total;
  const bruteDone = f.brute.seen === f.brute.total;
  const end = `Backtracking looked at ${num(f.back.total)} nodes while ${name} looked at ${num(f.brute.total)} boards: ${ratio} times fewer.`;
  if (bruteDone && backDone)
    return `Both are done and both found all ${num(f.back.solutions)} solutions. ${end}`;
  if (backDone) {
    return `Backtracking is done: all ${num(f.back.solutions)} solutions after ${num(f.back.total)} nodes. Brute force has looked at ${num(f.brute.seen)} of its ${num(f.brute.total)} boards and found ${num(f.brute.found)}. ${end}`;
  }
  return `Both have looked at ${num(f.brute.seen)}: brute force ${num(f.brute.seen)} ${f.brute.seen === 1 ? "board" : "boards"}, with ${num(f.brute.found)} solutions found; backtracking ${num(f.back.seen)} ${f.back.seen === 1 ? "node" : "nodes"}, with ${num(f.back.found)}. Each board shows what its search looks at now.`;
}

export const en: LessonWords = {
  heading: "Lesson",
  stepsLabel: "The lesson's steps",
  moveLabel: "Previous and next step",
  stepOf: (k, total) => `Step ${num(k)} of ${num(total)}`,
  pageTitle: (k, total, short) => `${num(k)}/${num(total)} ${short} — N-Queens lesson`,
  prev: "Previous step",
  next: "Next step",
  live: "Try it",
  liveNote:
    "Each link opens a mode of the page set up for this step; its bar at the top leads back here.",
  check: "Check your understanding",
  checkButton: "Check",
  pickFirst: "Choose an answer first.",
  back: (k, title) => `Back to the lesson, step ${num(k)}: ${title}`,
  brute: {
    race: (n) => `Race brute force against backtracking here (N = ${num(n)})`,
    raced:
      "Done: both searches ran in this browser, timed by its clock; the times are this machine's.",
    raceCaption: (n) => `Brute force against backtracking, N = ${num(n)}, in this browser`,
    bruteName: (n) => `Brute force, any ${num(n)} squares`,
    backName: "Backtracking on bitmasks",
    searchHead: "Search",
    work: "Work",
    timeHead: "Time here",
    boardsDone: (k) => `${k} boards`,
    nodesDone: (k) => `${k} nodes`,
    estimate: (rate, boards, seconds) =>
      `Brute force checked ${rate} boards a second here. At that rate the ${boards} boards of any 8 squares would take about ${seconds < 120 ? time(seconds) : `${num(Math.round(seconds / 60))} minutes`}: an estimate from this measurement, not a run. Compare's estimate for the same boards comes from its own measurement, at another moment and with other work beside it, so the two times differ; the number of boards is the same everywhere.`,
    caption: "Boards that brute force lists for eight queens",
    way: "What counts as a board",
    formula: "Formula",
    boards: "Boards",
    squares: WAYS.squares,
    perRow: WAYS.perRow,
    permutations: WAYS.permutations,
  },
  slide: {
    fill: "The board completed, one row at a time",
    prevRow: "Take back a row",
    nextRow: "Fill the next row",
    attack: "One solution, a queen at a time, and what the queens attack",
    prevQueen: "Take back a queen",
    nextQueen: "Place the next queen",
    attackSays: (k, n, attacked, free) =>
      k === 0
        ? `An empty board: ${num(n * n)} squares, none attacked. Press the button to place the queens of one solution (the library's first) a row at a time.`
        : k < n
          ? `${num(k)} ${k === 1 ? "queen" : "queens"}: the shaded squares are the ${num(attacked)} that ${k === 1 ? "it attacks" : "they attack"} along rows, columns and diagonals. ${num(free)} squares are still free for the other ${num(n - k)} queens.`
          : `All ${num(n)} queens, and none attacks another: every empty square is attacked, yet no queen stands on a shaded square. A solution.`,
    boardLabel,
    race: (n) =>
      `Brute force against backtracking on the same ${num(n)}×${num(n)} board, stepped together`,
    raceWay: "Brute force lists",
    way: (v, n) => VARIANT_WAYS[v](n),
    bruteSide: "Brute force",
    backSide: "Backtracking",
    boardsSeen: (seen, total, found) =>
      `${num(seen)} of ${num(total)} boards looked at, ${num(found)} solutions found`,
    nodesSeen: (seen, total, found) =>
      `${num(seen)} of ${num(total)} nodes looked at, ${num(found)} solutions found`,
    prevRace: "Back",
    nextRace: "On",
    raceSays,
    masks: "The bitmask search for 8 queens, its masks over the board",
    masksKey:
      "Each row of bits sits over the board's columns: bit 1 over column 1. cols marks the columns taken, diag and anti the squares of this row attacked along ╲ and ╱, free what is left, bit the square tried.",
    chart: "The published counts, N by N",
    prevN: "Smaller N",
    nextN: "Larger N",
    chartLabel: (lo, hi) =>
      `Solutions for N = ${num(lo)} to ${num(hi)} as bars on a logarithmic scale: each line up is 100 times more`,
    chartSays: (row, before) =>
      before === null || row.ratio === null
        ? `N = ${num(row.n)}: ${num(row.count)} solutions${before === null ? "" : `; N = ${num(row.n - 1)} has none`}.`
        : `N = ${num(row.n)}: ${num(row.count)} solutions, ×${two(row.ratio)} the ${num(before)} of N = ${num(row.n - 1)}.`,
    fillSays: (k, total, q, n) =>
      q === null
        ? `The two queens given. The library's completion finds a queen for each of the other ${num(total)} rows; press the button to add them one by one.`
        : k < total
          ? `Row ${q.row + 1}: a queen in column ${q.col + 1}, attacked by none of the queens above it (${num(k)} of ${num(total)} added).`
          : `Row ${q.row + 1}: a queen in column ${q.col + 1}. The board is complete: ${num(n)} queens, none attacking another, the two given kept where they were.`,
    label: (what) => `The picture: ${what}`,
    search: (n) => `The search for ${n} queens, step by step`,
    classes: "The 12 families of 8 queens, one by one",
    prev: "Step back",
    next: "Step on",
    prevClass: "Previous family",
    nextClass: "Next family",
    at: (k, total) => `${num(k)} of ${num(total)}`,
    tree: "The search tree so far: each node a queen placed, the path to this step outlined.",
    classSays: (k, total, orbit, solutions) =>
      orbit === 8
        ? `Family ${num(k)} of ${num(total)}: its 8 turns and mirrors are 8 different boards, so it holds 8 of the ${num(solutions)} solutions.`
        : `Family ${num(k)} of ${num(total)}: some of its turns and mirrors give the same board, so it holds only ${num(orbit)} of the ${num(solutions)} solutions. This is why ${num(solutions)} is not 8 times the number of families.`,
  },
  growth: {
    caption: "Solutions for each N (published counts, OEIS A000170)",
    n: "N",
    count: "Solutions",
    ratio: "× the row before",
    hereHead: "Counted here (bitmask search)",
    here: (solutions, t) => `${solutions} in ${t}`,
    measure: (lo, hi) => `Count and time N = ${num(lo)} to ${num(hi)} in this browser`,
    measuring: (n) => `Counting N = ${num(n)}…`,
    measured:
      "Done: each count above was made here by the bitmask search and timed by this browser's clock; the times are this machine's, not a rule.",
    cancelled: "The timing stopped when you left the step.",
    failed: (message) => `The timing failed: ${message}`,
  },
  judge: {
    statementHead: "The problem",
    statement: [
      "On an 8×8 board, place eight queens so that no two attack each other (a queen attacks along its row, its column and both diagonals). Some of the queens are already placed; place the others. The placed queens are chosen so that exactly one way to finish exists.",
    ],
    otherStatement: "The statement in Japanese (日本語)",
    inputHead: "Input",
    input: [
      "The first line holds k, the number of queens already placed. Each of the next k lines holds two numbers r c: a queen on row r, column c, both counted from 0 at the top left.",
    ],
    outputHead: "Output",
    output: [
      "Eight lines, one per row from the top, each of eight characters: Q for a queen and . for an empty square.",
    ],
    boxLabel: "Judge input",
    solve: "Solve it here",
    answerHead: "The judge's output",
    play: "Open this board in Play",
    picture: "The judge's input, its output and the board it draws (the given queens outlined)",
    pictureNone: "No board: the input has no answer.",
    no: (reason) =>
      `No output: the queens given ${reason.replace(/^cannot be completed: /, "cannot be completed (")})`,
    malformed: (reason) => `Not a judge input: ${reason}`,
    solved: (k) =>
      `Solved by the library in this page: ${num(k)} ${k === 1 ? "queen" : "queens"} given, ${num(8 - k)} added.`,
  },
  steps: { problem, brute, backtrack, bitmask, symmetry, complete, growth, judge },
};
