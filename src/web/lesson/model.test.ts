// The lesson's model (model.ts) and words (text-en.ts, text-ja.ts) without a browser: tables of
// (step -> place, address, live parts), (n -> brute-force counts), (step, choice -> verdict), the
// figures against the library and the published counts, every word in both languages, and the
// mode's state (state.ts): the answer chosen and checked, the timings as they run.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isSolution } from "../../board.js";
import { countCompletions } from "../../completion/index.js";
import { solutions, unique } from "../../solutions.js";
import { type TimedResult, walkthrough } from "../../teach/index.js";
import { KNOWN, KNOWN_ORBITS } from "../../testing/known-counts.js";
import { canFill, mostFit, safeSquares } from "../../testing/queens.js";
import { setLang } from "../i18n/index.js";
import type { Running } from "../jobs.js";
import { LESSON_STEPS, type LessonStep, parseState, sizeProblem } from "../state.js";
import {
  bruteCounts,
  checkAnswer,
  estimateSeconds,
  KNOWN_COUNTS,
  lessonFacts,
  lessonTitle,
  liveHref,
  placeOf,
  RACE,
  RACE_N,
  SEARCH_N,
  slideFrame,
  slideLast,
  stepHref,
  stepModel,
  symmetryFacts,
  TIMED_SIZES,
  type Timing,
  timingText,
} from "./model.js";
import { type CheckSays, feedbackOf, quizSummary } from "./quiz.js";
import { type QuizOutcome, quizEn } from "./quiz-en.js";
import {
  check,
  choose,
  initialState,
  moveSlide,
  showStep,
  stopTiming,
  timedOne,
  timingEnded,
  timingStarted,
} from "./state.js";
import { en } from "./text-en.js";
import { ja } from "./text-ja.js";

describe("steps in order", () => {
  const cases: [
    step: LessonStep,
    index: number,
    prev: LessonStep | null,
    next: LessonStep | null,
  ][] = [
    ["problem", 0, null, "brute"],
    ["brute", 1, "problem", "backtrack"],
    ["backtrack", 2, "brute", "bitmask"],
    ["bitmask", 3, "backtrack", "symmetry"],
    ["symmetry", 4, "bitmask", "complete"],
    ["complete", 5, "symmetry", "growth"],
    ["growth", 6, "complete", "judge"],
    ["judge", 7, "growth", null],
  ];
  for (const [step, index, prev, next] of cases) {
    test(step, () => {
      assert.deepEqual(placeOf(step), { index, total: 8, prev, next });
      assert.equal(stepHref(step), `#mode=lesson&n=8&step=${step}`);
      assert.equal(parseState(stepHref(step)).lesson, step);
    });
  }
  test("the table covers every step", () => {
    assert.deepEqual(
      cases.map((c) => c[0]),
      [...LESSON_STEPS],
    );
  });
});

describe("live parts", () => {
  const cases: [step: LessonStep, hrefs: string[]][] = [
    ["problem", ["#mode=play&n=8&lesson=problem", "#mode=play&n=8&q=3:3&lesson=problem"]],
    ["brute", ["#mode=watch&n=5&algo=brute&lesson=brute", "#mode=compare&n=8&lesson=brute"]],
    ["backtrack", ["#mode=watch&n=4&lesson=backtrack", "#mode=watch&n=8&lesson=backtrack"]],
    ["bitmask", ["#mode=watch&n=8&algo=bitmask&lesson=bitmask"]],
    ["symmetry", ["#mode=gallery&n=8&lesson=symmetry", "#mode=gallery&n=8&sym=10&lesson=symmetry"]],
    [
      "complete",
      [
        "#mode=play&n=8&q=0:0,1:4&lesson=complete",
        "#mode=play&n=8&q=0:0,1:2&lesson=complete",
        "#mode=watch&n=8&q=0:0,1:2&from=board&lesson=complete",
      ],
    ],
    ["growth", ["#mode=compare&n=8&lesson=growth", "#mode=gallery&n=14&lesson=growth"]],
    // The judge's sample queens (2 2 and 5 3, 0-based), searched from in Watch.
    ["judge", ["#mode=watch&n=8&q=2:2,5:3&from=board&lesson=judge"]],
  ];
  for (const [step, hrefs] of cases) {
    test(step, () => {
      const live = stepModel(step).live;
      assert.deepEqual(live.map(liveHref), hrefs);
      for (const part of live) {
        // What the link opens reads back as the same state, drawable, with the way back.
        const read = parseState(liveHref(part));
        assert.deepEqual(read, part.state);
        assert.equal(read.lesson, step);
        assert.equal(sizeProblem(read.n), undefined);
      }
    });
  }
});

describe("brute-force counts", () => {
  const cases: [n: number, squares: bigint, perRow: bigint, permutations: bigint][] = [
    [1, 1n, 1n, 1n],
    [2, 6n, 4n, 2n],
    [4, 1820n, 256n, 24n],
    [5, 53130n, 3125n, 120n],
    [8, 4426165368n, 16777216n, 40320n],
  ];
  for (const [n, squares, perRow, permutations] of cases) {
    test(`n = ${n}`, () => {
      assert.deepEqual(bruteCounts(n), { squares, perRow, permutations });
    });
  }
  test("each count is the boards listed one by one (n = 1 to 4)", () => {
    // Any n squares: the subsets of the n² squares with n members, by their bits.
    const listed = (n: number) => {
      let squares = 0n;
      for (let set = 0; set < 2 ** (n * n); set++) {
        let bits = 0;
        for (let x = set; x > 0; x >>= 1) bits += x & 1;
        if (bits === n) squares++;
      }
      // One per row: every cols[] with entries in 0..n-1; a permutation when none repeats.
      let perRow = 0n;
      let permutations = 0n;
      for (let code = 0; code < n ** n; code++) {
        const cols = Array.from({ length: n }, (_, r) => Math.floor(code / n ** r) % n);
        perRow++;
        if (new Set(cols).size === n) permutations++;
      }
      return { squares, perRow, permutations };
    };
    for (let n = 1; n <= 4; n++) assert.deepEqual(bruteCounts(n), listed(n), `n = ${n}`);
  });

  test("eight queens: 8^8 and 8! as plain products", () => {
    let perRow = 1;
    let permutations = 1;
    for (let i = 1; i <= 8; i++) {
      perRow *= 8;
      permutations *= i;
    }
    const f = lessonFacts().brute;
    assert.equal(f.perRow, BigInt(perRow));
    assert.equal(f.permutations, BigInt(permutations));
  });

  test("C(n², n) agrees with Pascal's triangle", () => {
    const row: bigint[] = [1n];
    for (let m = 1; m <= 64; m++) {
      for (let k = Math.min(m, 8); k >= 1; k--) row[k] = (row[k] ?? 0n) + row[k - 1]!;
      if (m === 16) assert.equal(row[4], bruteCounts(4).squares);
      if (m === 36) assert.equal(row[6], bruteCounts(6).squares);
    }
    assert.equal(row[8], bruteCounts(8).squares);
  });
});

describe("figures", () => {
  test("the published counts are the test data's known counts", () => {
    for (const [i, count] of KNOWN_COUNTS.entries()) {
      assert.equal(count, KNOWN.find((k) => k.n === i + 1)?.total, `n = ${i + 1}`);
    }
  });

  test("and the library counts the small ones the same", () => {
    for (let n = 1; n <= 9; n++) {
      assert.equal(BigInt([...solutions(n)].length), KNOWN_COUNTS[n - 1], `n = ${n}`);
    }
  });

  test("the race: brute force and backtracking on one board; the estimate scales the rate", () => {
    assert.deepEqual(RACE, [
      { name: "brute-force", n: 6 },
      { name: "bitmask", n: 6 },
    ]);
    assert.equal(bruteCounts(RACE_N).squares, 1947792n);
    // 1,000 boards in 1 s: 4,426,165,368 boards in 4,426,165.368 s.
    assert.equal(estimateSeconds(4426165368n, 1000, 1), 4426165.368);
    assert.equal(estimateSeconds(2000n, 1000, 0.5), 1);
  });

  test("the sizes timed here are 4 to 13, each with a published count", () => {
    assert.deepEqual(TIMED_SIZES, [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (const n of TIMED_SIZES) assert.ok(lessonFacts().growth.some((r) => r.n === n));
  });

  test("growth's factors from N = 11 to 20 lie between 3 and 8 (the question's answer)", () => {
    const rows = lessonFacts().growth.filter((r) => r.n >= 11);
    assert.equal(rows.length, 10);
    for (const r of rows) assert.ok(r.ratio! > 3 && r.ratio! < 8, `N = ${r.n}: ${r.ratio}`);
    assert.equal(lessonFacts().growth.find((r) => r.n === 4)?.ratio, null);
  });

  test("eight queens: 92 solutions in 12 classes, 11 of 8 and 1 of 4", () => {
    const s = symmetryFacts(8);
    assert.equal(s.solutions, 92);
    assert.equal(s.classes, 12);
    assert.deepEqual([...s.bySize].sort(), [
      [4, 1],
      [8, 11],
    ]);
    // The Gallery's class (from 1, unique(n)'s order) that the live link opens.
    assert.equal([...unique(8)][s.smallClass - 1]?.orbit, 4);
  });

  test("the symmetry classes are the published counts and orbit sizes (n = 4 to 10)", () => {
    for (const o of KNOWN_ORBITS.filter((k) => k.n <= 10)) {
      const s = symmetryFacts(o.n);
      const k = KNOWN.find((c) => c.n === o.n)!;
      assert.equal(BigInt(s.solutions), k.total, `n = ${o.n}`);
      assert.equal(BigInt(s.classes), k.unique, `n = ${o.n}`);
      assert.deepEqual(
        [8, 4, 2].map((size) => s.bySize.get(size) ?? 0),
        [o.size8, o.size4, o.size2],
        `n = ${o.n}`,
      );
    }
    // The lesson's own: eight queens' 92 and 12, as published.
    const eight = KNOWN.find((c) => c.n === 8)!;
    assert.equal(BigInt(lessonFacts().symmetry.solutions), eight.total);
    assert.equal(BigInt(lessonFacts().symmetry.classes), eight.unique);
  });

  test("the completion boards: one completes, two do not, a 4×4 corner does not", () => {
    const f = lessonFacts();
    const c = f.completes.completion!;
    assert.ok(isSolution(c));
    for (const q of f.completes.queens) assert.equal(c[q.row], q.col);
    assert.equal(f.fails.completion, null);
    assert.equal(f.question.completion, null);
    assert.equal(countCompletions({ n: 8, queens: f.fails.queens }), 0n);
    assert.equal(countCompletions({ n: 8, queens: f.question.queens }), 0n);
    assert.equal(f.cornerOf4, false);
  });
});

describe("questions", () => {
  const cases: [step: LessonStep, choice: string, correct: boolean | undefined][] = [
    ["problem", "5:4", true],
    ["problem", "0:0", false],
    ["problem", "3:7", false],
    ["problem", "7:3", false],
    ["problem", "3:3", undefined],
    ["brute", "permutations", true],
    ["brute", "perRow", false],
    ["brute", "squares", false],
    ["backtrack", "undo", true],
    ["backtrack", "restart", false],
    ["bitmask", "free", true],
    ["bitmask", "attacked", false],
    ["symmetry", "small-class", true],
    ["symmetry", "missed", false],
    ["complete", "5", true],
    ["complete", "1", false],
    ["complete", "4", false],
    ["complete", "3", undefined],
    ["growth", "multiplies", true],
    ["growth", "doubles", false],
    ["growth", "", undefined],
    ["judge", "rows", true],
    ["judge", "k", false],
    ["judge", "rest", false],
  ];
  for (const [step, choice, correct] of cases) {
    test(`${step}: ${JSON.stringify(choice)} -> ${correct}`, () => {
      assert.equal(checkAnswer(step, choice)?.correct, correct);
    });
  }

  test("completion's question: the one offered row with no safe square, by a search of its own", () => {
    const f = lessonFacts();
    const safe = safeSquares(8, f.question.queens);
    const m = stepModel("complete");
    const dead = m.question.choices.filter((id) => !safe.some((s) => s.row === Number(id)));
    assert.deepEqual(dead, [m.question.answer]);
    // No two of its queens attack each other, and every other offered row's safe square is one.
    assert.equal(mostFit(8, []), 8);
    for (const [row, sq] of f.questionRows) {
      if (String(row) === m.question.answer) assert.equal(sq, null);
      else assert.ok(sq && safe.some((s) => s.row === sq.row && s.col === sq.col));
    }
    assert.equal(canFill(8, f.question.queens), false);
  });

  test("the problem's lines are the library's", () => {
    const lines = lessonFacts().lines;
    assert.deepEqual(
      [...lines],
      [
        ["0:0", "diagonal"],
        ["3:7", "row"],
        ["5:4", undefined],
        ["7:3", "column"],
      ],
    );
  });
});

describe("words", () => {
  for (const [name, words] of [
    ["en", en],
    ["ja", ja],
  ] as const) {
    test(`${name}: every step has its title, text, links, choices and feedback`, () => {
      setLang(name);
      const f = lessonFacts();
      for (const step of LESSON_STEPS) {
        const m = stepModel(step);
        const w = words.steps[step];
        const said = [w.title, w.short, ...w.body(f), w.question(f)];
        for (const part of m.live) said.push(w.live[part.key]!);
        for (const choice of m.question.choices) {
          said.push(w.choice(choice, f), w.feedback(checkAnswer(step, choice)!, f));
          assert.notEqual(w.choice(choice, f), choice, `${step}: ${choice} has words`);
        }
        for (const text of said) {
          assert.ok(text && !/undefined|NaN|\[object/.test(text), `${step}: ${text}`);
        }
      }
      setLang("en");
    });
  }

  test("the tab's titles: the step's place and its few words", () => {
    assert.equal(
      en.pageTitle(3, 8, en.steps.backtrack.short),
      "3/8 Backtracking — N-Queens lesson",
    );
    setLang("ja");
    assert.equal(
      ja.pageTitle(7, 8, ja.steps.growth.short),
      "7/8 Nと解の数の増え方 — Nクイーンのレッスン",
    );
    setLang("en");
  });

  test("the figures said are the computed ones, in each language's separators", () => {
    setLang("en");
    assert.match(en.steps.brute.body(lessonFacts()).join(" "), /4,426,165,368.*16,777,216.*40,320/);
    setLang("ja");
    assert.match(ja.steps.symmetry.body(lessonFacts()).join(" "), /92個.*12個/);
    assert.match(
      ja.steps.problem.feedback(checkAnswer("problem", "0:0")!, lessonFacts()),
      /同じ斜め/,
    );
    setLang("en");
    assert.equal(
      en.steps.problem.feedback(checkAnswer("problem", "3:7")!, lessonFacts()),
      "Not that one: row 4, column 8 is on the same row as the queen. The square it does not attack is row 6, column 5.",
    );
  });
});

describe("the question's check, kept in the lesson's state", () => {
  // The picks checked one after another, what each check says, and how the question ended.
  const cases: [
    step: LessonStep,
    picks: (string | undefined)[],
    says: CheckSays["kind"][],
    outcome: QuizOutcome | undefined,
  ][] = [
    ["brute", [undefined], ["choose"], undefined],
    ["brute", ["not-a-choice"], ["choose"], undefined],
    ["brute", ["permutations"], ["verdict"], "first"],
    ["brute", ["squares", "permutations"], ["hint", "verdict"], "second"],
    ["problem", ["3:7", "0:0"], ["hint", "verdict"], "missed"],
    ["problem", ["3:7", undefined, "5:4"], ["hint", "choose", "verdict"], "second"],
    ["growth", ["multiplies"], ["verdict"], "first"],
    ["complete", ["1", "5"], ["hint", "verdict"], "second"],
  ];
  for (const [step, picks, says, outcome] of cases) {
    test(`${step}: ${picks.map((p) => p ?? "nothing").join(", then ")}`, () => {
      setLang("en");
      const ls = initialState();
      showStep(ls, step);
      assert.equal(feedbackOf(step, ls.said, lessonFacts()), undefined, "nothing before a check");
      picks.forEach((pick, i) => {
        if (pick !== undefined) choose(ls, pick);
        check(ls);
        assert.equal(ls.said?.kind, says[i], `check ${i + 1}`);
        const said = feedbackOf(step, ls.said, lessonFacts())!;
        if (ls.said?.kind === "hint") {
          // A hint, not the answer: a second try, the wrong pick greyed out.
          assert.equal(said.correct, "false");
          assert.equal(
            said.text,
            `${quizEn.hint(step, ls.said.verdict, lessonFacts())} ${quizEn.tryAgain}`,
          );
          assert.equal(ls.tried, pick);
          assert.equal(ls.chosen, undefined);
        } else if (ls.said?.kind === "verdict") {
          assert.deepEqual(said, {
            text: en.steps[step].feedback(ls.said.verdict, lessonFacts()),
            correct: String(ls.said.verdict.correct),
          });
        } else assert.deepEqual(said, { text: en.pickFirst, correct: "" });
      });
      assert.equal(ls.outcomes.get(step), outcome);
      // Once over, another check changes nothing.
      const before = ls.said;
      if (outcome) {
        check(ls);
        assert.equal(ls.said, before);
      }
      // Another step shown is unanswered; back again, this one is as it was left.
      showStep(ls, "symmetry");
      assert.equal(ls.chosen, undefined);
      assert.equal(ls.said, undefined);
      showStep(ls, step);
      assert.equal(ls.said, before);
    });
  }

  test("a hint says a figure of the board or the counts, never the answer", () => {
    const f = lessonFacts();
    const hint = (step: LessonStep, choice: string) =>
      quizEn.hint(step, checkAnswer(step, choice)!, f);
    assert.match(hint("problem", "3:7"), /row 4, column 8 is on the same row/);
    assert.doesNotMatch(hint("problem", "3:7"), /row 6, column 5/);
    assert.match(hint("brute", "squares"), /4,426,165,368/);
    // By hand: on row 2, columns 1 to 3 are on lines of the queen on row 1, column 2; column 4
    // is on no line of any queen.
    assert.match(hint("complete", "1"), /row 2 still has a safe square \(row 2, column 4\)/);
    assert.doesNotMatch(hint("complete", "1"), /row 6/i);
  });

  test("the summary counts the outcomes and lists the steps not answered, in order", () => {
    const s = quizSummary(
      new Map<LessonStep, QuizOutcome>([
        ["growth", "first"],
        ["problem", "missed"],
        ["brute", "second"],
        ["symmetry", "first"],
      ]),
    );
    assert.deepEqual(s, {
      first: 2,
      second: 1,
      missed: 1,
      open: ["backtrack", "bitmask", "complete", "judge"],
    });
  });
});

describe("the timings, kept in the lesson's state", () => {
  const result = (name: "bitmask" | "brute-force" | "row-sets", n: number): TimedResult => ({
    name,
    n,
    solutions: 0,
    nodes: 10,
    checks: 20,
    seconds: 0.5,
    runs: 1,
    batchSeconds: 0.5,
    batches: 1,
  });
  const job = (): Running<unknown> & { cancelled: boolean } => {
    const j = {
      cancelled: false,
      promise: Promise.resolve(),
      cancel: () => {
        j.cancelled = true;
      },
    };
    return j;
  };

  test("what the timing line says, in both languages", () => {
    const cases: [timing: Timing, english: string, japanese: string][] = [
      [{ kind: "none" }, "", ""],
      [{ kind: "measuring", n: 7 }, en.growth.measuring(7), ja.growth.measuring(7)],
      [{ kind: "done", figure: "growth" }, en.growth.measured, ja.growth.measured],
      [{ kind: "done", figure: "race" }, en.brute.raced, ja.brute.raced],
      [{ kind: "cancelled" }, en.growth.cancelled, ja.growth.cancelled],
      [{ kind: "failed", message: "oom" }, en.growth.failed("oom"), ja.growth.failed("oom")],
    ];
    for (const [timing, english, japanese] of cases) {
      setLang("en");
      assert.equal(timingText(timing), english);
      setLang("ja");
      assert.equal(timingText(timing), japanese);
    }
    setLang("en");
  });

  test("growth: each size counted is kept, the line says the next size, then that it ended", () => {
    const ls = initialState();
    showStep(ls, "growth");
    const j = job();
    timingStarted(ls, TIMED_SIZES[0]!, j);
    assert.deepEqual(ls.timing, { kind: "measuring", n: TIMED_SIZES[0] });
    for (const n of TIMED_SIZES) {
      timedOne(ls, "growth", result("bitmask", n));
      const next = TIMED_SIZES.find((k) => k > n);
      assert.deepEqual(ls.timing, { kind: "measuring", n: next ?? n }, `after N = ${n}`);
    }
    assert.deepEqual([...ls.timed.keys()], TIMED_SIZES);
    timingEnded(ls, j, { kind: "done", figure: "growth" });
    assert.equal(ls.job, undefined);
    assert.deepEqual(ls.timing, { kind: "done", figure: "growth" });
    // The counts stay while the page lives; a step shown again says nothing of the timing.
    showStep(ls, "growth");
    assert.equal(ls.timed.size, TIMED_SIZES.length);
    assert.deepEqual(ls.timing, { kind: "none" });
  });

  test("the race: its results in order; leaving the step stops it and says so", () => {
    const ls = initialState();
    showStep(ls, "brute");
    const j = job();
    timingStarted(ls, RACE_N, j);
    timedOne(ls, "race", result("brute-force", RACE_N));
    assert.deepEqual(ls.timing, { kind: "measuring", n: RACE_N }, "the race's line stays");
    assert.deepEqual(
      ls.race.map((r) => r.name),
      ["brute-force"],
    );
    showStep(ls, "backtrack");
    stopTiming(ls);
    assert.ok(j.cancelled);
    assert.equal(ls.job, undefined);
    assert.deepEqual(ls.race, []);
    timingEnded(ls, j, { kind: "cancelled" });
    assert.deepEqual(ls.timing, { kind: "cancelled" });
  });

  test("a timing that ends after another started forgets only itself", () => {
    const ls = initialState();
    const a = job();
    const b = job();
    timingStarted(ls, 4, a);
    timingStarted(ls, 4, b);
    timingEnded(ls, a, { kind: "cancelled" });
    assert.equal(ls.job, b);
  });
});

describe("the tab's title", () => {
  const cases: [step: LessonStep | null, title: string][] = [
    [null, "1/8 The problem — N-Queens lesson"],
    ["backtrack", "3/8 Backtracking — N-Queens lesson"],
  ];
  for (const [step, title] of cases) {
    test(`${step}`, () => {
      setLang("en");
      assert.equal(lessonTitle(step), title);
    });
  }
});

describe("the pictures that move with the step", () => {
  setLang("en");
  test("backtracking follows the library's walkthrough for 4 queens, one step a position", () => {
    const steps = [...walkthrough(SEARCH_N)];
    assert.equal(slideLast("backtrack"), steps.length);
    const start = slideFrame("backtrack", 0);
    assert.equal(start.kind, "search");
    if (start.kind !== "search") return;
    assert.deepEqual(start.queens, []);
    assert.match(start.tree, /^<svg/);
    // Each position shows the board the steps up to it leave, and outlines the square tried.
    const cols: number[] = Array(SEARCH_N).fill(-1);
    steps.forEach((s, i) => {
      if (s.type === "place") cols[s.row] = s.col;
      if (s.type === "remove") cols[s.row] = -1;
      const f = slideFrame("backtrack", i + 1);
      assert.ok(f.kind === "search");
      const on = cols.flatMap((col, row) => (col < 0 ? [] : [{ row, col }]));
      assert.deepEqual(
        [...f.queens].sort((a, b) => a.row - b.row),
        on,
        `step ${i + 1}`,
      );
      const tried = s.type === "reject" || s.type === "place" || s.type === "remove";
      assert.deepEqual(f.square, tried ? [{ row: s.row, col: s.col }] : [], `step ${i + 1}`);
      if (s.type === "solution") {
        assert.deepEqual(cols, s.cols);
        assert.ok(isSolution(cols));
      }
      assert.notEqual(f.says, "");
    });
    // The words change with the picture, and say what the step did.
    const first = steps.findIndex((s) => s.type === "place") + 1;
    assert.notEqual(slideFrame("backtrack", first).says, start.says);
    assert.equal(slideFrame("backtrack", 999).at, steps.length);
    assert.equal(slideFrame("backtrack", -3).at, 0);
  });

  test("symmetry goes through the 12 families of 8 queens, their sizes adding up to 92", () => {
    const all = [...unique(8)];
    assert.equal(slideLast("symmetry"), all.length - 1);
    let total = 0;
    const small: number[] = [];
    for (let k = 0; k < all.length; k++) {
      const f = slideFrame("symmetry", k);
      assert.ok(f.kind === "class");
      assert.deepEqual(f.cols, all[k]!.solution);
      assert.ok(isSolution(f.cols));
      total += f.orbit;
      if (f.orbit < 8) small.push(k + 1);
      assert.match(f.says, new RegExp(`^Family ${k + 1} of 12: .*${f.orbit} of the 92`));
    }
    assert.equal(total, 92);
    assert.deepEqual(small, [lessonFacts().symmetry.smallClass]);
    setLang("ja");
    assert.match(slideFrame("symmetry", 0).says, /^組 1 \/ 12/);
    setLang("en");
  });

  test("completion fills its board a row at a time with the library's completion", () => {
    const f = lessonFacts().completes;
    const empty = f.n - f.queens.length;
    assert.equal(slideLast("complete"), empty);
    const rows: number[] = [];
    for (let k = 0; k <= empty; k++) {
      const frame = slideFrame("complete", k);
      assert.ok(frame.kind === "fill");
      assert.deepEqual(frame.given, f.queens);
      assert.equal(frame.added.length, k);
      const last = frame.added[k - 1];
      if (last) {
        rows.push(last.row);
        assert.equal(last.col, f.completion![last.row]);
        assert.match(
          frame.says,
          new RegExp(`^Row ${last.row + 1}: a queen in column ${last.col + 1}`),
        );
      }
      if (k === empty) {
        const board = [...frame.given, ...frame.added].sort((a, b) => a.row - b.row);
        assert.ok(isSolution(board.map((q) => q.col)));
        assert.match(frame.says, /The board is complete/);
      }
    }
    // Row order, the given rows left out.
    assert.deepEqual(
      rows,
      [...rows].sort((a, b) => a - b),
    );
    assert.ok(!rows.some((r) => f.queens.some((q) => q.row === r)));
    setLang("ja");
    assert.match(slideFrame("complete", 0).says, /^与えられた2つのクイーン/);
    setLang("en");
  });

  test("the picture's position lives in the state: moved, kept inside, reset by a new step", () => {
    const ls = initialState();
    showStep(ls, "symmetry");
    moveSlide(ls, -1);
    assert.equal(ls.slide, 0);
    for (let i = 0; i < 20; i++) moveSlide(ls, 1);
    assert.equal(ls.slide, 11);
    showStep(ls, "backtrack");
    assert.equal(ls.slide, 0);
    moveSlide(ls, 3);
    assert.equal(ls.slide, 3);
    showStep(ls, "judge");
    moveSlide(ls, 1);
    assert.equal(ls.slide, 0, "a step without a moving picture has no position");
  });
});
