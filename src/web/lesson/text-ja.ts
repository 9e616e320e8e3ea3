/**
 * The lesson's words in Japanese: the same shape as text-en.ts (its type), in the words the
 * tutorials teach (総当たり, バックトラック, 枝刈り, ビット演算, 基本解, ユニーク解).
 */
import type { ConflictKind, Queen } from "../../board.js";
import type { BruteVariant } from "../../teach/index.js";
import { num, time } from "../i18n/index.js";
import type { LessonFacts } from "./facts.js";
import { steadyGrowth } from "./growth.js";
import type { RaceFrame } from "./race.js";
import { type LessonWords, type StepWords, smallest } from "./text-en.js";

/** A square in words, from 1 (its row, then its column). */
export const square = (q: Queen) => `${q.row + 1}行${q.col + 1}列`;
/** A question's square id (`row:col`, from 0) in words. */
export const squareOf = (id: string) => {
  const [row, col] = id.split(":").map(Number);
  return square({ row: row!, col: col! });
};
/** The line two queens share, in words. */
export const LINE: Record<ConflictKind, string> = {
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
    "すると、その行の安全なマスは1回の演算でまとめて求まります: free = all & ~(cols | diag | anti)。最も下のビット bit = free & -free を選び、1行下へ進むときに斜めを1列ずらします(<< 1 と >> 1)。",
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
    const parts = sizes
      .map(([size, k]) => `${num(size)}個の盤面からなる組が${num(k)}組`)
      .join("、");
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
      ? `正解です。180度回しても同じになる解は異なる像が${num(smallest(f))}通りしかなく、その組は小さくなります(全解一覧の${num(f.symmetry.smallClass)}番目の組)。`
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

/** 増え方が落ち着くところ(model の steadyGrowth)。 */
const factors = (f: LessonFacts) => {
  const g = steadyGrowth(f.growth);
  return { ...g, low: Math.floor(g.least), high: Math.ceil(g.most) };
};
const two = (x: number) => num(Math.round(x * 100) / 100);

const growth: StepWords = {
  title: "Nとともに解の数と時間はどう増えるか",
  short: "Nと解の数の増え方",
  body: (f) => [
    "表は、このページで描ける各Nについて公表されている解の数(OEIS A000170)と、1つ前の行の何倍かを示します。",
    `N = ${num(factors(f).from)} 以降は、Nが1増えるごとに解の数がある倍率で増え、その倍率もおおむね大きくなっていきます。すべての解を見つける探索は解1つにつき少なくとも1手かかるので、時間が解の数よりゆっくり増えることはありません。このページは時間を推測で示しません。表の下のボタンで小さなNをこのブラウザで数えて時間を測れます。「比較」は探索どうしを並べて測り、「全解一覧」はより大きなNをここで数えます。`,
  ],
  live: {
    compare: "ここで探索の時間を測る(比較)",
    gallery: "ここで N = 14 を数えて時間を測る(全解一覧)",
  },
  question: (f) =>
    `表の N = ${num(factors(f).from)} から ${num(factors(f).to)} までの行で、Nが1増えるごとに解の数はどうなりますか。`,
  choice: (id, f) =>
    ({
      adds: "毎回ほぼ同じ数だけ増える",
      doubles: "ちょうど2倍になる",
      multiplies: `${num(factors(f).low)}〜${num(factors(f).high)}倍になり、その倍率はおおむね大きくなっていく`,
    })[id] ?? id,
  feedback: (v, f) => {
    const g = factors(f);
    const rows = `表の「1つ前の行の何倍か」の列では、N = ${num(g.from)} から ${num(g.to)} までの倍率は×${two(g.least)}から×${two(g.most)}です`;
    return v.correct
      ? `正解です。${rows}。`
      : `違います。${rows}。解の数は${num(g.low)}〜${num(g.high)}倍になり、その倍率はおおむね大きくなっていきます。`;
  },
};

const judge: StepWords = {
  title: "ジャッジの問題: 盤面を完成させる(AOJ ALDS1_13_A)",
  short: "ジャッジの問題",
  body: () => [
    "オンラインジャッジでよく出る問題です。いくつかのクイーンが与えられ、プログラムは盤面全体を出力します。前の段階の「盤面の完成」を、ジャッジの決まった入出力の形式で行うものです。下に入力を書くと、コマンドの nqueens aoj と同じくライブラリがこのページの中で解きます。",
  ],
  live: { "watch-judge": "入力例の2つのクイーンからの探索を見る" },
  question: () => "入力で与えられるクイーンの数 k がいくつでも、出力は何行ですか。",
  choice: (id) =>
    ({
      k: "k 行(与えられたクイーン1つにつき1行)",
      rest: "8 - k 行(置き足したクイーン1つにつき1行)",
      rows: "8 行(盤面全体の1行につき1行)",
    })[id] ?? id,
  feedback: (v) =>
    v.correct
      ? "正解です。出力は与えられたクイーンも置き足したクイーンも含む盤面全体で、1行ごとに Q と . の行を書きます。"
      : "違います。出力は盤面全体なので、k がいくつでも各行1行ずつの8行です。",
};

/** 盤面のクイーンを言葉で(図のアクセシブルな名前)。 */
const boardLabel = (queens: readonly Queen[], n: number) =>
  queens.length === 0
    ? `空の${n}×${n}の盤面`
    : `${n}×${n}の盤面、クイーンは${queens.map(square).join("、")}`;

const sup = (k: number) => [...String(k)].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("");
const VARIANT_WAYS: Record<BruteVariant, (n: number) => string> = {
  squares: (n) => `好きな${num(n)}マス、C(${num(n * n)}, ${num(n)})`,
  "per-row": (n) => `各行に1つ、${num(n)}${sup(n)}`,
  permutations: (n) => `列の順列、${num(n)}!`,
};
const VARIANT_NAMES: Record<BruteVariant, string> = {
  squares: "好きな8マスの総当たり",
  "per-row": "各行に1つの総当たり",
  permutations: "順列の総当たり",
};

function raceSays(f: RaceFrame): string {
  const name = VARIANT_NAMES[f.variant];
  if (f.at === 0) {
    return `まだ何も調べていません。ボタンを押すごとに2つの探索が一緒に進みます。総当たり(${name})は盤面を、バックトラックは探索木のノードを、最初は1つずつ、だんだん速く調べます。`;
  }
  const ratio = num(Math.round(f.ratio * 10) / 10);
  const backDone = f.back.seen === f.back.total;
  const bruteDone = f.brute.seen === f.brute.total;
  const end = `バックトラックが調べたのは${num(f.back.total)}ノード、${name}は${num(f.brute.total)}通りの盤面で、${ratio}分の1で済みました。`;
  if (bruteDone && backDone)
    return `どちらも終わり、どちらも${num(f.back.solutions)}個の解をすべて見つけました。${end}`;
  if (backDone) {
    return `バックトラックは${num(f.back.total)}ノードで終わり、${num(f.back.solutions)}個の解をすべて見つけました。総当たりは${num(f.brute.total)}通りのうち${num(f.brute.seen)}通りを調べ、解は${num(f.brute.found)}個です。${end}`;
  }
  return `どちらも${num(f.brute.seen)}個ずつ調べました。総当たりは${num(f.brute.seen)}通りの盤面で解を${num(f.brute.found)}個、バックトラックは${num(f.back.seen)}ノードで解を${num(f.back.found)}個見つけています。それぞれの盤面は、いま調べているものです。`;
}

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
      `ここでの総当たりは1秒に${rate}通りの盤面を調べました。この速さなら、64マスから8マスを選ぶ${boards}通りには約${seconds < 120 ? time(seconds) : `${num(Math.round(seconds / 60))}分`}かかる見込みです(実際に走らせた値ではなく、この計測からの見積もりです)。「比較」の見積もりは別の時に別の仕事と並んで測った速さから出すので、時間は一致しません。盤面の数はどこでも同じです。`,
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
    attack: "1つの解を1つずつ置き、クイーンが利くマスを見る",
    prevQueen: "クイーンを1つ戻す",
    nextQueen: "次のクイーンを置く",
    attackSays: (k, n, attacked, free) =>
      k === 0
        ? `空の盤面です。${num(n * n)}マスのどれも利いていません。ボタンで1つの解(ライブラリが最初に見つける解)のクイーンを1行ずつ置きます。`
        : k < n
          ? `クイーン${num(k)}個: 影のついた${num(attacked)}マスが、縦・横・斜めに利いているマスです。残り${num(n - k)}個のクイーンのために、まだ${num(free)}マスが空いています。`
          : `${num(n)}個のクイーンがすべて置けて、どれも他を取りません。空いたマスはすべて利いていますが、影のマスにクイーンはありません。これが解です。`,
    boardLabel,
    race: (n) => `同じ${num(n)}×${num(n)}の盤での総当たりとバックトラックを一緒に進める`,
    raceWay: "総当たりの並べ方",
    way: (v, n) => VARIANT_WAYS[v](n),
    bruteSide: "総当たり",
    backSide: "バックトラック",
    boardsSeen: (seen, total, found) =>
      `${num(total)}通りのうち${num(seen)}通りの盤面を調べ、解は${num(found)}個`,
    nodesSeen: (seen, total, found) =>
      `${num(total)}ノードのうち${num(seen)}ノードを調べ、解は${num(found)}個`,
    prevRace: "戻る",
    nextRace: "進む",
    raceSays,
    masks: "8クイーンのビット演算の探索と、盤の上のマスク",
    masksKey:
      "ビットの各行は盤の列の真上にあります(ビット1は1列目の上)。cols はクイーンのある列、diag と anti はこの行で╲・╱の斜めに利いているマス、free は残り、bit は試すマスです。",
    chart: "公表されている解の数をNごとに",
    prevN: "小さいN",
    nextN: "大きいN",
    chartLabel: (lo, hi) =>
      `N = ${num(lo)}〜${num(hi)} の解の数の棒グラフ(対数目盛、横線1本ごとに100倍)`,
    chartSays: (row, before) =>
      before === null || row.ratio === null
        ? `N = ${num(row.n)}: 解は${num(row.count)}個${before === null ? "" : `。N = ${num(row.n - 1)} には解がありません`}。`
        : `N = ${num(row.n)}: 解は${num(row.count)}個で、N = ${num(row.n - 1)} の${num(before)}個の×${two(row.ratio)}です。`,
    fillSays: (k, total, q, n) =>
      q === null
        ? `与えられた2つのクイーンです。ライブラリの補完が残り${num(total)}行のそれぞれにクイーンを見つけます。ボタンで一つずつ置いていきます。`
        : k < total
          ? `${q.row + 1}行目: ${q.col + 1}列にクイーン。上のどのクイーンからも攻撃されていません(${num(total)}個のうち${num(k)}個目)。`
          : `${q.row + 1}行目: ${q.col + 1}列にクイーン。盤面の完成です: ${num(n)}個のクイーンが互いに攻撃せず、与えられた2つも元の場所のままです。`,
    label: (what) => `図: ${what}`,
    search: (n) => `${n}クイーンの探索を一手ずつ`,
    classes: "8クイーンの12組を一つずつ",
    prev: "一手戻る",
    next: "一手進む",
    prevClass: "前の組",
    nextClass: "次の組",
    at: (k, total) => `${num(k)} / ${num(total)}`,
    tree: "ここまでの探索木: 節点は置いたクイーン、この手までの道筋を囲んでいます。",
    classSays: (k, total, orbit, solutions) =>
      orbit === 8
        ? `組 ${num(k)} / ${num(total)}: 回転と鏡映の8通りがすべて違う盤面なので、${num(solutions)}個の解のうち8個を持ちます。`
        : `組 ${num(k)} / ${num(total)}: 回転や鏡映で同じ盤面に戻るものがあるので、${num(solutions)}個の解のうち${num(orbit)}個しか持ちません。だから${num(solutions)}は組の数の8倍になりません。`,
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
  judge: {
    statementHead: "問題",
    statement: [
      "8×8の盤に、どの2つも互いに取り合わないように8つのクイーンを置きます(クイーンは縦・横・2方向の斜めに利きます)。いくつかのクイーンはすでに置かれているので、残りを置いてください。置かれたクイーンは、完成のしかたがちょうど1通りになるように選ばれています。",
    ],
    otherStatement: "英語の問題文",
    inputHead: "入力",
    input: [
      "1行目に、すでに置かれたクイーンの数 k があります。続く k 行には2つの数 r c があり、r 行 c 列のクイーンを表します。行も列も左上を0として数えます。",
    ],
    outputHead: "出力",
    output: ["上の行から順に8行、各行8文字で、クイーンのあるマスを Q、空きマスを . で書きます。"],
    boxLabel: "ジャッジの入力",
    solve: "ここで解く",
    answerHead: "ジャッジへの出力",
    play: "この盤面を「置いてみる」で開く",
    picture: "ジャッジの入力、出力と、出力が描く盤面(与えられたクイーンを囲んでいます)",
    pictureNone: "盤面なし: この入力には答えがありません。",
    no: (reason) =>
      `出力なし: 与えられたクイーンからは完成できません(${reason.replace(/^cannot be completed: /, "")})`,
    malformed: (reason) => `ジャッジの入力の形になっていません: ${reason}`,
    solved: (k) =>
      `このページでライブラリが解きました: 与えられたクイーン${num(k)}個、置き足したクイーン${num(8 - k)}個。`,
  },
  steps: { problem, brute, backtrack, bitmask, symmetry, complete, growth, judge },
};
