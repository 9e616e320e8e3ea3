/**
 * The lesson's words in Japanese: the same shape as text-en.ts (its type), in the words the
 * tutorials teach (総当たり, バックトラック, 枝刈り, ビット演算, 基本解, ユニーク解).
 */
import type { ConflictKind, Queen } from "../../board.js";
import { num, time } from "../i18n/index.js";
import type { LessonFacts } from "./facts.js";
import { type LessonWords, type StepWords, smallest } from "./text-en.js";

const square = (q: Queen) => `${q.row + 1}行${q.col + 1}列`;
const squareOf = (id: string) => {
  const [row, col] = id.split(":").map(Number);
  return square({ row: row!, col: col! });
};
const LINE: Record<ConflictKind, string> = {
  row: "同じ行",
  column: "同じ列",
  diagonal: "同じ斜め(╲)",
  "anti-diagonal": "同じ斜め(╱)",
};
const queensText = (qs: readonly Queen[]) => qs.map(square).join("と");
const WAYS = {
  squares: "64マスから好きな8マスを選ぶ",
  perRow: "各行に1つずつ置く",
  permutations: "各行・各列に1つずつ置く(列の順列)",
} as const;
type Way = keyof typeof WAYS;

const problem: StepWords = {
  title: "問題: 互いに取り合わない8つのクイーン",
  short: "問題",
  body: () => [
    "8×8のチェス盤に8つのクイーンを、どのクイーンも他のクイーンを取れないように置きます。クイーンは縦(列)・横(行)・2方向の斜め(╲と╱)に、盤の端までどこへでも動けます。",
    "つまり解では、どの行にもどの列にもクイーンがちょうど1つずつあり、どの斜めにも1つまでしかありません。行と列は左上を1として数えます。",
    "「置いてみる」で実際に置いてみましょう。盤上のクイーンが利いているマスに印が付き、取り合っているクイーンも示されます。",
  ],
  live: {
    play: "8つ置いてみる(置いてみる、N = 8)",
    attacks: "1つのクイーンが利くマスを見る(置いてみる)",
  },
  question: (f) =>
    `${square(f.centre)}にクイーンがあります。このクイーンが利いていないマスはどれですか。`,
  choice: (id) => squareOf(id),
  feedback: (v, f) => {
    const line = f.lines.get(v.choice);
    if (v.correct)
      return `正解です。${squareOf(v.choice)}はクイーンと行も列も斜めも共有していません。`;
    return `違います。${squareOf(v.choice)}はクイーンと${line ? LINE[line] : "同じ線"}の上にあります。利いていないのは${squareOf(v.answer)}です。`;
  },
};

const brute: StepWords = {
  title: "総当たり: 3通りの数え方",
  short: "総当たり",
  body: (f) => [
    "いちばん素朴な方法は、あり得る盤面をすべて並べ、取り合いのないものだけを残す「総当たり」です。並べる盤面の数は、何を盤面とみなすかで大きく変わります。",
    `64マスから8マスを選ぶと${num(f.brute.squares)}通り、各行に1つずつなら${num(f.brute.perRow)}通り、各行・各列に1つずつ(列の順列)なら${num(f.brute.permutations)}通りです。並べ方にルールを1つ組み込むたびに、解になり得ない盤面を調べる前に捨てられます。`,
    "「探索を見る」では小さな盤で総当たりを1手ずつ追えます。表の下のボタンは、1つの盤で総当たりとバックトラックをこのブラウザで競わせます。「比較」は同じことをいくつものNで行い、ノード数・チェック数・時間を示します。",
  ],
  live: {
    "watch-brute": "総当たりを見る(N = 5)",
    compare: "総当たりとバックトラックを比較する",
  },
  question: () => "8クイーンで、調べる盤面がいちばん少なくなる並べ方はどれですか。",
  choice: (id) => WAYS[id as Way] ?? id,
  feedback: (v, f) => {
    const boards = (id: string) => num(f.brute[id as Way]);
    return v.correct
      ? `正解です。${boards(v.answer)}通りで、${num(f.brute.perRow)}通りや${num(f.brute.squares)}通りよりずっと少なくなります。`
      : `違います。その並べ方では${boards(v.choice)}通りです。「${WAYS[v.answer as Way]}」なら${boards(v.answer)}通りで済みます。`;
  },
};

const backtrack: StepWords = {
  title: "バックトラックと枝刈り",
  short: "バックトラック",
  body: () => [
    "バックトラックでは盤面を1行ずつ作ります。次の行の安全なマスのうち最初のものにクイーンを置いて先へ進み、ある行に安全なマスが残っていなければ、直前のクイーンを取り除いてその行の次のマスを試します。",
    "2つ置いた時点で行き止まりだと分かれば、その2つで始まる盤面はもう調べません。総当たりなら、それらを1つずつ並べて最後に取り合いを見つけることになります。このように探索木の枝を切り落とすことを枝刈りと呼びます。",
    "探索木: 根は何も置いていない盤面、子は親にクイーンを1つ足した盤面、葉は解か行き止まりです。「探索を見る」では盤面とコードの横に木が描かれます。N = 4なら木全体が画面に収まります。",
  ],
  live: {
    "watch-small": "バックトラックを見る(N = 4)",
    watch: "バックトラックを見る(N = 8)",
  },
  question: () =>
    "1〜3行目にクイーンがあり、4行目のマスはすべて利いています。バックトラックは次に何をしますか。",
  choice: (id) =>
    ({
      restart: "盤面を空にして最初からやり直す",
      undo: "3行目のクイーンを取り除き、3行目の次のマスを試す",
      "carry-on": "かまわず4行目に置き、最後に盤面全体を調べる",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "正解です。戻るのは1手だけなので、それまでの結果は失われず、この3つで始まる盤面を二度と調べることもありません。"
      : "違います。バックトラックは1手だけ戻ります。3行目のクイーンを取り除き、その行の次の安全なマスを試します。",
};

const bitmask: StepWords = {
  title: "ビット演算で解く",
  short: "ビット演算",
  body: () => [
    "同じ探索を、盤面の代わりに3つの数で進めることもできます。cols はクイーンのある列、diag と anti は次の行でクイーンが╲・╱の斜めに利いているマスを、それぞれ1のビットで表します。",
    "すると、その行の安全なマスは1回の演算でまとめて求まります: free = all & ~(cols | diag | anti)。最も下のビット bit = free & −free を選び、1行下へ進むときに斜めを1列ずらします(<< 1 と >> 1)。",
    "探索木はこれまでと同じで、1回ごとのチェックが安くなるだけです。「探索を見る」ではコードの横にマスクが2進数で表示されます。",
  ],
  live: { "watch-bitmask": "ビット演算の探索を見る(N = 8)" },
  question: () => "free = all & ~(cols | diag | anti) で、free の1のビットは何を表しますか。",
  choice: (id) =>
    ({
      queen: "すでにクイーンのある列",
      attacked: "この行でクイーンが利いているマス",
      free: "この行でクイーンを置けるマス",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "正解です。盤上にあり(all)、cols・diag・anti のどれにも含まれないビットだけが free で1になります。"
      : "違います。~ で利いているマスを0にしているので、free の1のビットはクイーンを置けるマスです。",
};

const symmetry: StepWords = {
  title: "92個の解と12個の基本解",
  short: "対称性と基本解",
  body: (f: LessonFacts) => {
    const s = f.symmetry;
    const sizes = [...s.bySize].sort((a, b) => b[0] - a[0]);
    const parts = sizes.map(([size, k]) => `${num(size)}個の組が${num(k)}つ`).join("、");
    return [
      `8クイーンの解は${num(s.solutions)}個見つかります。盤を回転したり裏返したりしても解は解のままなので、解は「1つの盤面の8通りの回転・鏡映」という組に分かれます。`,
      `各組から1つ選んだものが基本解(ユニーク解)で、${num(s.classes)}個あります(ライブラリが今、各組でいちばん小さい盤面を残して求めた数です)。組の大きさは${parts}で、その合計が${num(s.solutions)}です。`,
      "「全解一覧」では組ごとに、各盤面がどの回転・鏡映でできたかを示します。対称性の表示では1つの組の8通りの像を拡大して見られます。",
    ];
  },
  live: {
    gallery: "すべての組を見る(全解一覧、N = 8)",
    "gallery-small": "8つより少ない組を見る(全解一覧)",
  },
  question: (f) =>
    `${num(f.symmetry.solutions)} ÷ 8 = ${num(f.symmetry.solutions / 8)} なのに、基本解は${num(f.symmetry.classes)}個です。なぜでしょう。`,
  choice: (id) =>
    ({
      missed: "探索がいくつかの解を見落としたから",
      "small-class": "異なる盤面が8つより少ない組があるから",
      mirrors: "鏡像を二重に数えているから",
    })[id] ?? id,
  feedback: (v, f) =>
    v.correct
      ? `正解です。180度回しても同じになる解は異なる像が${num(smallest(f))}つしかなく、その組は小さくなります(全解一覧の${num(f.symmetry.smallClass)}番目の組)。`
      : "違います。どの解も1回ずつ数えています。8で割り切れないのは、回しても同じに見える盤面があり、その組の盤面が8つより少ないからです。",
};

const complete: StepWords = {
  title: "途中まで置かれた盤面を完成させる",
  short: "盤面の完成",
  body: (f) => [
    "いくつかのクイーンがすでに置かれた盤面に、残りを置きます。バックトラックはそのまま使えます。クイーンのある行を飛ばし、新しいクイーンを元からあるクイーンとも照らし合わせるだけです。",
    `取り合っていないクイーンでも、完成できないことがあります。${queensText(f.fails.queens)}にあると${num(f.n)}クイーンのどの解にもならず、${queensText(f.completes.queens)}なら完成できます。4×4の盤でも、隅のクイーンは${f.cornerOf4 ? "完成できます" : "完成できません"}。4×4の2つの解はどちらも隅を使わないからです。`,
    "完成できないと言い切るには、すべての置き方を試してどれも失敗することを確かめる必要があります。「探索を見る」はその盤面から探索を始めて、それを見せられます。",
  ],
  live: {
    "play-completes": "完成できる盤面(置いてみる)",
    "play-fails": "完成できない盤面(置いてみる)",
    "watch-fails": "その盤面からの探索が失敗するのを見る",
  },
  question: (f) =>
    `${queensText(f.question.queens)}にクイーンがあります(N = ${num(f.n)})。互いに取り合ってはいませんが、どのクイーンも利いていないマスが1つも残っていない行があるので、この盤面は完成できません。それは何行目ですか。`,
  choice: (id) => `${num(Number(id) + 1)}行目`,
  feedback: (v, f) => {
    const dead = `${num(Number(v.answer) + 1)}行目のマスにはすべてクイーンが利いているので、そこには置けず、完成させる方法はありません。`;
    const safe = f.questionRows.get(Number(v.choice));
    return v.correct
      ? `正解です。${dead}`
      : `違います。${safe ? `${num(safe.row + 1)}行目にはまだ安全なマス(${square(safe)})があります。` : ""}${dead}`;
  },
};

const growth: StepWords = {
  title: "Nとともに解の数と時間はどう増えるか",
  short: "Nと解の数の増え方",
  body: () => [
    "表は、このページで描ける各Nについて公表されている解の数(OEIS A000170)と、1つ前の行の何倍かを示します。",
    "N = 10 以降は、Nが1増えるごとに解の数がある倍率で増え、その倍率もおおむね大きくなっていきます。すべての解を見つける探索は解1つにつき少なくとも1手かかるので、時間が解の数よりゆっくり増えることはありません。このページは時間を推測で示しません。表の下のボタンで小さなNをこのブラウザで数えて時間を測れます。「比較」は探索どうしを並べて測り、「全解一覧」はより大きなNをここで数えます。",
  ],
  live: {
    compare: "ここで探索の時間を測る(比較)",
    gallery: "ここで N = 14 を数えて時間を測る(全解一覧)",
  },
  question: () => "N = 10 から 20 まで、Nが1増えるごとに解の数はどうなりますか。",
  choice: (id) =>
    ({
      adds: "毎回ほぼ同じ数だけ増える",
      doubles: "ちょうど2倍になる",
      multiplies: "3〜8倍になり、その倍率はおおむね大きくなっていく",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "正解です。表の最後の列を見ると、倍率は約4倍から約8倍へと増えていきます。"
      : "違います。表の最後の列のとおり、解の数は3〜8倍になり、その倍率はおおむね大きくなっていきます。",
};

export const ja: LessonWords = {
  heading: "レッスン",
  stepsLabel: "レッスンの段階",
  moveLabel: "前後の段階",
  stepOf: (k, total) => `第${num(k)}段階(全${num(total)}段階)`,
  pageTitle: (k, total, short) => `${num(k)}/${num(total)} ${short} — Nクイーンのレッスン`,
  prev: "前の段階",
  next: "次の段階",
  live: "やってみる",
  liveNote:
    "リンクを開くと、この段階に合わせて設定したモードに移ります。上のバーからここへ戻れます。",
  check: "理解度チェック",
  checkButton: "答え合わせ",
  pickFirst: "先に答えを選んでください。",
  back: (k, title) => `レッスンに戻る(第${num(k)}段階: ${title})`,
  brute: {
    race: (n) => `総当たりとバックトラックをここで競わせる(N = ${num(n)})`,
    raced:
      "完了: 2つの探索をこのブラウザで走らせ、その時計で測りました。時間はこの機械での値です。",
    raceCaption: (n) => `総当たり対バックトラック(N = ${num(n)}、このブラウザ)`,
    bruteName: (n) => `総当たり(好きな${num(n)}マス)`,
    backName: "ビット演算のバックトラック",
    searchHead: "探索",
    work: "仕事量",
    timeHead: "ここでの時間",
    boardsDone: (k) => `${k}通りの盤面`,
    nodesDone: (k) => `${k}ノード`,
    estimate: (rate, boards, seconds) =>
      `ここでの総当たりは1秒に${rate}通りの盤面を調べました。この速さなら、64マスから8マスを選ぶ${boards}通りには約${seconds < 120 ? time(seconds) : `${num(Math.round(seconds / 60))}分`}かかる見込みです(実際に走らせた値ではなく、この計測からの見積もりです)。`,
    caption: "8クイーンで総当たりが並べる盤面の数",
    way: "盤面とみなすもの",
    formula: "式",
    boards: "盤面の数",
    squares: WAYS.squares,
    perRow: WAYS.perRow,
    permutations: WAYS.permutations,
  },
  slide: {
    fill: "一行ずつ完成させる盤面",
    prevRow: "一行戻す",
    nextRow: "次の行を埋める",
    fillSays: (k, total, q, n) =>
      q === null
        ? `与えられた2つのクイーンです。ライブラリの補完が残り${num(total)}行のそれぞれにクイーンを見つけます。ボタンで一つずつ置いていきます。`
        : k < total
          ? `${q.row + 1}行目: ${q.col + 1}列にクイーン。上のどのクイーンからも攻撃されていません(${num(total)}個のうち${num(k)}個目)。`
          : `${q.row + 1}行目: ${q.col + 1}列にクイーン。盤面の完成です: ${num(n)}個のクイーンが互いに攻撃せず、与えられた2つも元の場所のままです。`,
    label: (what) => `図: ${what}`,
    search: (n) => `${n} クイーンの探索を一手ずつ`,
    classes: "8 クイーンの 12 の仲間を一つずつ",
    prev: "一手戻る",
    next: "一手進む",
    prevClass: "前の仲間",
    nextClass: "次の仲間",
    at: (k, total) => `${num(k)} / ${num(total)}`,
    tree: "ここまでの探索木: 節点は置いたクイーン、この手までの道筋を囲んでいます。",
    classSays: (k, total, orbit, solutions) =>
      orbit === 8
        ? `仲間 ${num(k)} / ${num(total)}: 回転と鏡映の 8 通りがすべて違う盤面なので、${num(solutions)} 個の解のうち 8 個を持ちます。`
        : `仲間 ${num(k)} / ${num(total)}: 回転や鏡映で同じ盤面に戻るものがあるので、${num(solutions)} 個の解のうち ${num(orbit)} 個しか持ちません。だから ${num(solutions)} は仲間の数の 8 倍になりません。`,
  },
  growth: {
    caption: "各Nの解の数(公表値、OEIS A000170)",
    n: "N",
    count: "解の数",
    ratio: "1つ前の行の何倍か",
    hereHead: "このブラウザで数えた結果(ビット演算の探索)",
    here: (solutions, t) => `${solutions}個(${t})`,
    measure: (lo, hi) => `N = ${num(lo)}〜${num(hi)} をこのブラウザで数えて時間を測る`,
    measuring: (n) => `N = ${num(n)} を数えています…`,
    measured:
      "完了: 上の数はこのブラウザでビット演算の探索が数え、時間はこのブラウザの時計で測ったものです。時間はこの機械での値で、一般的な法則ではありません。",
    cancelled: "段階を離れたので計測を止めました。",
    failed: (message) => `計測に失敗しました: ${message}`,
  },
  steps: { problem, brute, backtrack, bitmask, symmetry, complete, growth },
};
