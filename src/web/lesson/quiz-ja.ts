/** The words of the lesson's questions as a quiz, in Japanese: the same shape as quiz-en.ts. */
import { num } from "../i18n/index.js";
import type { LessonFacts } from "./facts.js";
import type { QuizWords } from "./quiz-en.js";
import { LINE, square, squareOf } from "./text-ja.js";

export const quizJa: QuizWords = {
  hint: (step, v, f) => {
    switch (step) {
      case "problem": {
        const line = f.lines.get(v.choice);
        return `違います。${squareOf(v.choice)}はクイーンと${line ? LINE[line] : "同じ線"}の上にあるので、クイーンが利いています。行・列・斜めのどれも共有しないマスはどれでしょう。`;
      }
      case "brute": {
        const boards = f.brute[v.choice as keyof LessonFacts["brute"]];
        return `違います。その方法では${boards === undefined ? "たくさんの" : num(boards)}通りの盤面を調べます。調べる盤面がもっと少なくなる決まりはどれでしょう。`;
      }
      case "backtrack":
        return "違います。1〜3行目のクイーンはどれも安全なマスに置かれました。行き詰まりにつながったのは最後の1つだけです。最小限、何を取り消せばよいでしょう。";
      case "bitmask":
        return "違います。cols | diag | anti は、埋まっている列や利いている列が1になります。~ はその1を0にします。1として残るのは何でしょう。";
      case "symmetry":
        return `違います。${num(f.symmetry.solutions)} ÷ 8 = ${num(f.symmetry.solutions / 8)} は整数ではありません。どの解もちょうど1つの組に入ります。組の大きさについて何がわかるでしょう。`;
      case "complete": {
        const safe = f.questionRows.get(Number(v.choice));
        return safe
          ? `違います。${num(safe.row + 1)}行目にはまだ安全なマス(${square(safe)})があります。すべてのマスにどれかのクイーンが利いている行を探しましょう。`
          : "違います。すべてのマスにどれかのクイーンが利いている行を探しましょう。";
      }
      case "growth":
        return "違います。表の「×」の列を見てください。Nが1増えると、解の数はどれくらい変わっていますか。";
      case "judge":
        return "違います。サンプルの入力では k = 2 個のクイーンが与えられています。盤の横に出る出力の行数を数えてみましょう。その数は k で変わりますか。";
    }
  },
  tryAgain: "もう一度どうぞ。",
  sep: "",
  mark: (o) =>
    o === "first"
      ? "1回目で正解"
      : o === "second"
        ? "2回目で正解"
        : o === "missed"
          ? "不正解"
          : "まだ答えていません",
  summaryTitle: "あなたの答え",
  summary: (first, second, missed, open) =>
    `1回目で正解${num(first)}問、2回目で正解${num(second)}問、不正解${num(missed)}問${open > 0 ? `、未回答${num(open)}問` : ""}。`,
  listSep: "、",
  openLead: "まだ答えていないステップ:",
};
