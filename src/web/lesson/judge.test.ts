// The judge step's box (judge.ts) without a browser: the judge's sample input gives the judge's
// sample output (AOJ ALDS1_13_A, as published), the board it draws, the Play state that opens
// it; a "no" and a malformed input say why.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatState, parseState } from "../state.js";
import { JUDGE_SAMPLE, judgePlayState, runJudge } from "./judge.js";
import { initialState, showStep, solveJudge } from "./state.js";
import { en } from "./text-en.js";
import { ja } from "./text-ja.js";

/** The judge's published sample output for its sample input. */
const SAMPLE_OUTPUT =
  "......Q.\nQ.......\n..Q.....\n.......Q\n.....Q..\n...Q....\n.Q......\n....Q...\n";

describe("the judge's box", () => {
  test("the box starts with the judge's sample input", () => {
    assert.equal(JUDGE_SAMPLE, "2\n2 2\n5 3\n");
  });

  test("the sample input gives the sample output, its board and its given queens", () => {
    const run = runJudge(JUDGE_SAMPLE);
    assert.ok(run.ok);
    if (!run.ok) return;
    assert.equal(run.output, SAMPLE_OUTPUT);
    assert.deepEqual(run.given, [
      { row: 2, col: 2 },
      { row: 5, col: 3 },
    ]);
    assert.deepEqual(
      run.cols,
      SAMPLE_OUTPUT.trim()
        .split("\n")
        .map((l) => l.indexOf("Q")),
    );
    for (const q of run.given) assert.equal(run.cols[q.row], q.col);
  });

  const cases: [name: string, input: string, no: boolean, says: RegExp][] = [
    ["queens that attack", "2\n0 0\n3 3\n", true, /share a diagonal/],
    ["no completion", "2\n0 0\n1 2\n", true, /no 8-queens solution contains these 2 queens/],
    ["k out of range", "9\n", false, /k must be a whole number from 0 to 8/],
    ["a square off the board", "1\n8 0\n", false, /row 8 is outside 0..7/],
    ["too few lines", "2\n1 1\n", false, /expected 2 lines/],
  ];
  for (const [name, input, no, says] of cases) {
    test(`${name}: no board, the reason said`, () => {
      const run = runJudge(input);
      assert.ok(!run.ok);
      if (run.ok) return;
      assert.equal(run.no, no);
      assert.match(run.error, says);
      assert.equal(judgePlayState(run), null);
      const text = no ? en.judge.no(run.error) : en.judge.malformed(run.error);
      assert.match(text, says);
      assert.match(no ? ja.judge.no(run.error) : ja.judge.malformed(run.error), /\S/);
    });
  }

  test("the Play button opens the completed board, with the way back to the step", () => {
    const run = runJudge(JUDGE_SAMPLE);
    const play = judgePlayState(run)!;
    const href = formatState(play);
    assert.equal(href, "mode=play&n=8&q=0:6,1:0,2:2,3:7,4:5,5:3,6:1,7:4&lesson=judge");
    assert.deepEqual(parseState(`#${href}`), play);
  });

  test("the state keeps what is typed apart from what was solved", () => {
    const ls = initialState();
    showStep(ls, "judge");
    assert.equal(ls.judgeRun, JUDGE_SAMPLE);
    ls.judgeInput = "0\n";
    assert.equal(ls.judgeRun, JUDGE_SAMPLE, "typing solves nothing");
    solveJudge(ls);
    assert.equal(ls.judgeRun, "0\n");
    assert.ok(runJudge(ls.judgeRun).ok);
    showStep(ls, "judge");
    assert.equal(ls.judgeInput, JUDGE_SAMPLE);
  });
});
