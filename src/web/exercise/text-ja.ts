/** The exercises' words in Japanese: the same shape as text-en.ts (its type). */
import type { ConflictKind, Queen } from "../../board.js";
import { num } from "../i18n/index.js";
import type { Action } from "./model.js";
import type { ExerciseWords } from "./text-en.js";

const square = (q: Queen) => `${q.row + 1}行${q.col + 1}列`;
const LINE: Record<ConflictKind, string> = {
  row: "同じ行",
  column: "同じ列",
  diagonal: "同じ斜め(╲)",
  "anti-diagonal": "同じ斜め(╱)",
};
const did = (a: Action) =>
  a.type === "solution"
    ? "解を見つけました"
    : a.type === "place"
      ? `${square(a)}にクイーンを置きました`
      : a.type === "reject"
        ? `${square(a)}を見送りました(クイーンが利いています)`
        : `${square(a)}のクイーンを取り除きました`;

export const ja: ExerciseWords = {
  heading: "練習問題",
  intro:
    "ランダムな盤で新しい問題を出します。1回5問です。答えはすべてライブラリが計算します。間違えるとヒントが出て、もう一度答えられます。",
  door: "練習問題: いくらでも出る新しい問題",
  doorNote:
    "安全なマス、まだ置けるクイーンの数、完成できるか、バックトラックの次の一手を、ランダムな盤で。",
  back: "レッスンに戻る",
  kindsLabel: "問題の種類",
  kinds: {
    safe: "安全なマス",
    most: "あと何個置けるか",
    complete: "完成できるか",
    next: "バックトラックの次の一手",
    mix: "いろいろ",
  },
  questionOf: (k, total) => `${num(total)}問中${num(k)}問目`,
  progressLabel: "この回の成績",
  mark: (k, o) =>
    `${num(k)}問目: ${
      o === "first"
        ? "1回目で正解"
        : o === "second"
          ? "2回目で正解"
          : o === "missed"
            ? "不正解"
            : o === "current"
              ? "この問題"
              : "これから"
    }`,
  question: (kind, n, last) => {
    switch (kind) {
      case "safe":
        return "枠で囲んだマスのうち、どのクイーンも利いていないのはどれですか?";
      case "most":
        return `この${num(n)}×${num(n)}の盤に、互いに取り合わないクイーンをあと最大何個置けますか(盤を完成させなくてもかまいません)?`;
      case "complete":
        return `盤上のクイーンをそのままにして、${num(n)}個のクイーンの解に完成できますか?`;
      case "next":
        return `バックトラックは上の行から順に、各行のマスを左から試します。いま${last ? did(last) : "始めました"}(枠のマス)。次に何をしますか?`;
    }
  },
  square,
  count: (k) => `${num(k)}個`,
  yesNo: (yes) => (yes ? "できる" : "できない"),
  action: (a) =>
    a.type === "solution"
      ? "解として記録する"
      : a.type === "place"
        ? `${square(a)}にクイーンを置く`
        : a.type === "reject"
          ? `${square(a)}を見送る(クイーンが利いている)`
          : `${square(a)}のクイーンを取り除く`,
  check: "答え合わせ",
  pickFirst: "先に答えを選んでください。",
  next: "次の問題",
  newRound: "新しい回を始める",
  right: (tries) => (tries === 1 ? "正解です(1回目)。" : "正解です(2回目)。"),
  hint: (kind, h) => {
    switch (h.kind) {
      case "attacker":
        return `違います。${square(h.queen)}のクイーンが${LINE[h.line]}の上から${square(h.square)}に利いています(両方に印)。`;
      case "dead-rows":
        return `違います。${h.rows.map((r) => `${num(r + 1)}行目`).join("と")}には安全なマスが残っていません(印)。そこにはクイーンを置けません。`;
      case "safe-squares":
        return "違います。残っている安全なマスに印を付けました。互いに取り合わずに、そのうちいくつにクイーンを置けますか?";
      case "leads-on":
        return kind === "complete"
          ? `違います。${square(h.square)}(印)にクイーンを置くと解につながります。`
          : `違います。もっと置けます。${square(h.square)}(印)から始めてみましょう。`;
      case "tries":
        return `違います。探索が次に試すのは${square(h.square)}(印)です。そこにクイーンは利いていますか?`;
      case "row-done":
        return `違います。${num(h.row + 1)}行目(印)のマスはすべて試し終わり、クイーンを置けませんでした。`;
      case "full":
        return "違います。いま、すべての行にクイーンがあります。";
      case "found":
        return "違います。探索は解を見つけたところで、さらに別の解を探し続けます。";
    }
  },
  sep: "",
  tryAgain: "もう一度どうぞ。",
  answer: (kind, text) =>
    kind === "most"
      ? `答え: ${text}(置き方の一例を表示)。`
      : kind === "complete"
        ? `答え: ${text}。`
        : `答え: ${text}(印)。`,
  missedLead: "これも違います。",
  summaryTitle: "この回の結果",
  summary: (first, second, missed, total) =>
    `${num(total)}問中、1回目で正解${num(first)}問、2回目で正解${num(second)}問、不正解${num(missed)}問。`,
};
