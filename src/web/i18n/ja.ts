/**
 * Every word the page shows in Japanese, in the shape of the English table (en.ts): a missing or
 * misspelt message is a type error. It follows the tutorials the project grew from (クイーン,
 * 盤面, 行, 列, 斜め, バックトラッキング, 探索木, 総当たり); rows and columns are counted from 1,
 * as on the page.
 */
import type { ConflictKind } from "../../board.js";
import type { Transform } from "../../symmetry.js";
import type { Attack } from "../../teach/index.js";
import type { Algo, SizeProblem } from "../state.js";
import { cols1, type Messages, type Part, type SearchSummary } from "./en.js";
import { formatNumber, formatTime } from "./intl.js";

const jn = (v: number | bigint | string) => formatNumber("ja", v);
const js = (seconds: number) => formatTime("ja", seconds);
const jat = (row: number, col: number) => `${row + 1}行${col + 1}列`;

const JA_LINE: Record<ConflictKind, string> = {
  row: "同じ行",
  column: "同じ列",
  diagonal: "同じ斜めの線(╲)",
  "anti-diagonal": "同じ斜めの線(╱)",
};
const JA_REASON: Record<string, string> = {
  column: "縦(同じ列)",
  diagonal: "斜め(╲)",
  "anti-diagonal": "斜め(╱)",
};

const JA_ALGO: Record<Algo, string> = {
  backtrack: "バックトラッキング(1マスずつ)",
  bitmask: "ビットマスクのバックトラッキング",
  brute: "総当たり(N ≤ 7)",
};

const JA_SYM: Record<Transform, string> = {
  identity: "そのまま",
  rot90: "時計回りに90度回転",
  rot180: "180度回転",
  rot270: "時計回りに270度回転(反時計回りに90度)",
  flipH: "左右反転",
  flipV: "上下反転",
  transpose: "╲の対角線で反転",
  antiTranspose: "╱の対角線で反転",
};

const JA_KIND: Record<ConflictKind, string> = {
  row: "同じ行",
  column: "同じ列",
  diagonal: "同じ斜め(╲)",
  "anti-diagonal": "同じ斜め(╱)",
};

const jlist = (items: readonly (number | string)[]) => items.join("、");

export const ja: Messages = {
  lang: "日本語",
  page: {
    title: "Nクイーン: 置く・探索を見る・全解を眺める",
    brand: "Nクイーン",
    tagline: "クイーンを置き、探索を見て、全解を眺める",
    skip: "盤面へ移動",
    modes: "モード",
    tabs: {
      play: "置いてみる",
      watch: "探索を見る",
      gallery: "全解一覧",
      compare: "比較",
      lesson: "レッスン",
    },
    size: "盤面の大きさ",
    smaller: "盤面を小さく",
    larger: "盤面を大きく",
    nField: "盤面の大きさ N(1〜20)",
    switchTo: "English",
    switchLang: "en",
    footer:
      "行と列は左上を1として数えます。探索や数え上げは Web Worker(WebGPU があれば GPU)で動き、計算はすべて nqueens ライブラリが行います。",
    sizeProblem: (p: SizeProblem): string =>
      p.kind === "not-number"
        ? `N は1から${p.max}までの整数で指定してください。`
        : p.kind === "not-integer"
          ? `N は1から${p.max}までの整数で指定してください(入力: ${p.n})。`
          : `N は1から${p.max}までです(入力: ${p.n})。このページで描ける盤面は ${p.max}×${p.max} までです。`,
    useN: (k: number) => `N = ${k} にする`,
    sizeNow: (k: number) => `盤面の大きさ ${k}×${k}。`,
  },
  board: {
    cell: (row: number, col: number, words: readonly string[]) =>
      [jat(row, col), ...words].join("、"),
    queen: "クイーン",
    ghost: "完成形のクイーン",
    given: "パズルで最初から置かれたクイーン",
    dead: "ここに置くと解につながらない",
    empty: "空きマス",
    conflict: "攻撃し合っている",
    attacked: "攻撃されている",
    playLabel: "盤面: クイーンを置く・取り除く",
    watchLabel: "探索中の盤面",
    continues: (right: boolean, down: boolean) =>
      `盤面は${right && down ? "右と下" : right ? "右" : "下"}へ続きます ${right ? "→" : ""}${down ? "↓" : ""}(スクロール)`,
    continuesLabel: (right: boolean, down: boolean) =>
      `盤面は${right && down ? "右と下" : right ? "右" : "下"}へ続きます。スクロールすると残りが見えます`,
    svgTitle: (size: number, queens: number) => `${size}×${size} の盤面(クイーン${jn(queens)}個)`,
  },
  time: js,
  play: {
    title: "クイーンを置く",
    hint: "マスをクリックするとクイーンを置いたり取り除いたりできます。キーボードでは矢印キーで移動、Enter か Space で置く、Ctrl+Z で元に戻す、Ctrl+Y でやり直しです。",
    legend: "凡例",
    legendAttacked: "攻撃されているマス",
    legendConflict: "攻撃し合うクイーン",
    legendGhost: "完成形のクイーン",
    exportGroup: "盤面を書き出す",
    export: "書き出し",
    copyLink: "リンクをコピー",
    edits: "盤面の編集",
    undo: "元に戻す",
    redo: "やり直す",
    clear: "盤面を空にする",
    complete: "この盤面を完成させる",
    count: "完成形を数える",
    cancel: "キャンセル",
    statQueens: "クイーン",
    statQueensValue: (k: number, size: number) => `${jn(k)} / ${jn(size)}`,
    statConflicts: "衝突",
    statSafe: "安全なマス",
    conflict: (a: { row: number; col: number }, b: { row: number; col: number }, k: ConflictKind) =>
      `${jat(a.row, a.col)}と${jat(b.row, b.col)}のクイーンが${JA_LINE[k]}上にあります。`,
    more: (k: number) => `ほか${jn(k)}組。`,
    statusConflicts: (k: number) => `${jn(k)}組のクイーンが攻撃し合っています。`,
    statusSolved: (size: number) =>
      `完成: ${jn(size)}個のクイーンのどれも、他のクイーンを攻撃していません。`,
    statusEmpty: "空の盤面です。クイーンを置くか、完成形を探させてみましょう。",
    statusSoFar: (left: number) =>
      `今のところ衝突はありません。あと${jn(left)}個のクイーンを置きます。`,
    statusStuck: (placed: number, size: number) =>
      placed === 0
        ? `${size}×${size}の盤面には解がありません。`
        : `衝突はありませんが、完成形はありません。${placed === 1 ? "このクイーン" : `この${jn(placed)}個のクイーン`}を残した N = ${jn(size)} の解はありません。`,
    placed: (row: number, col: number) => `${jat(row, col)}にクイーンを置きました。`,
    removed: (row: number, col: number) => `${jat(row, col)}のクイーンを取り除きました。`,
    undone: "元に戻しました。",
    redone: "やり直しました。",
    nothingToUndo: "元に戻す操作はありません。",
    nothingToRedo: "やり直す操作はありません。",
    cleared: "盤面を空にしました。「元に戻す」でクイーンが戻ります。",
    linkCopied: "リンクをコピーしました。",
    linkCopiedLong: "リンクをコピーしました。このリンクを開くと同じ盤面になります。",
    copyThis: "このリンクをコピーしてください: ",
    searching: "完成形を探しています…",
    counting: "完成形を数えています…",
    refused: (what: "complete" | "count"): Part[] => [
      what === "complete" ? "完成形はありません。" : "完成形は0通りです。",
      "置いたクイーンどうしがすでに攻撃し合っていて、後からクイーンを足しても解消できません: ",
    ],
    completed: "完成しました。",
    found: (seconds: number, added: number, kept: number) =>
      `${js(seconds)}で見つかりました。${
        added === 0
          ? "盤面はすでに埋まっていました。"
          : `金色の${jn(added)}個のクイーンで盤面が埋まり、置いた${jn(kept)}個はそのままです。`
      }`,
    keep: "このクイーンを残す",
    watchWhy: "探索で理由を見る",
    watchWhyTitle: "この盤面から、空いた行を埋めるすべての方法を探索が試すようすを見ます",
    completedSay: "完成形が見つかりました。金色で表示しています。",
    noCompletion: "完成形はありません。",
    zero: "完成形は0通りです。",
    counted: (_k: bigint, solutions: boolean, seconds: number) =>
      `通りの${solutions ? "解" : "完成形"}があります(${js(seconds)}で数えました)。`,
    countedSay: (k: bigint, solutions: boolean) =>
      `${solutions ? "解" : "完成形"}は${jn(k)}通りです。`,
    download: "ダウンロード: ",
    cancelled: {
      complete: "完成形の探索をキャンセルしました。",
      count: "数え上げをキャンセルしました。",
    },
    failed: (what: "complete" | "count" | "list", message: string) =>
      `${what === "complete" ? "完成形の探索" : what === "count" ? "数え上げ" : "一覧の作成"}に失敗しました: ${message}`,
    whyEmpty: (size: number) =>
      `${size}×${size} の盤面には解がありません。N = ${size} では、各行にクイーンを1個ずつ置くどの置き方でも、攻撃し合う2個のクイーンが残ります。N が4以上なら解があります。`,
    whyRow: (row: number) =>
      `${row + 1}行目には安全なマスが残っていません。どのマスも置いたクイーンに攻撃されているので、そこにはクイーンを置けません。`,
    whyColumn: (col: number) =>
      `${col + 1}列目には安全なマスが残っていません。どのマスも置いたクイーンに攻撃されています。`,
    whyDeep:
      "空いている行にはまだ安全なマスがありますが、全部を同時には使えません。空いた行を埋める置き方をすべて探索しましたが、どれも最後には、すべてのマスが攻撃されている行が出てきます。",
    goal: (size: number) =>
      `目標: ${jn(size)}個のクイーンを、どの2個も同じ行・同じ列・同じ斜めに並ばないように置くこと。`,
    hints: "ヒント: 解につながらないマスに印をつける",
    hintWorking: "安全なマスを一つずつ調べています…",
    hintResult: (dead: number, safe: number) =>
      dead === 0
        ? `安全なマス${jn(safe)}個のどれも、まだ解につながります。`
        : `安全なマス${jn(safe)}個のうち${jn(dead)}個は解につながりません(✗印)。そこに置くと、いずれどこかの行に安全なマスがなくなります。`,
    hintStuck:
      "この盤面はもう完成できません。安全なマスはどれも行き止まり(✗)です。クイーンを一つ取り除きましょう。",
    hintConflict: "まず攻撃し合っているクイーンを取り除いてください。そうするとヒントを出せます。",
    hintFull: "どの行にもクイーンがあります。",
    legendDead: "解につながらないマス",
    legendGiven: "最初から置かれたクイーン(パズル)",
    puzzle: "パズル",
    level: { easy: "やさしい", medium: "ふつう", hard: "むずかしい" },
    levelLabel: "パズルの難しさ",
    newPuzzle: "新しいパズル",
    endPuzzle: "パズルをやめる",
    puzzleGoal: (level: string, seed: number, given: number, left: number) =>
      `パズル(${level}、${jn(seed)}番): 枠つきの${jn(given)}個のクイーンは最初から置かれています。残りの${jn(left)}個を、どのクイーンも攻撃し合わないように置いてください。正解はちょうど1通りです。`,
    solvedBy: {
      forced:
        "足りないクイーンは順に決まります。安全なマスが1つしか残っていない行か列が、いつもどこかにあります。",
      propagation:
        "それだけでは決まりませんが、もう少し推論すれば(ある行の安全な2マスの両方を攻撃するマスは使えない、など)試行錯誤なしで解けます。",
      search: "推論だけでは決まりません。マスを試し、だめなら戻る(バックトラック)ことが必要です。",
    },
    puzzleLoading: "パズルを作っています…",
    puzzleSolved: "正解です! これがこのパズルのただ一つの解です。",
    puzzleSolvedSay: "パズルが解けました。",
    puzzleTooSmall: (size: number) =>
      `N = ${size} のパズルはありません。パズルは N = 4 からです(N = 2 と 3 には解がありません)。`,
    puzzleFailed: (message: string) => `パズルを作れませんでした: ${message}`,
    givenStays: "このクイーンはパズルの一部なので動かせません。",
    keptCompletion: (row: number, col: number) =>
      `完成形を残し、${jat(row, col)}のクイーンだけを取り除きました。`,
    symmetries: "8通りの対称形を見る",
    hideSymmetries: "対称形を閉じる",
  },
  code: {
    title: "コード",
    vars: "この呼び出しの変数",
    stack: "呼び出しスタック",
    stackKey: (k: number) =>
      `フレーム${jn(k)}個: 埋めている行ごとに1個(その上の行にはクイーンがあります)。一番下が最新です。`,
    noStack: "総当たりはループ一つだけで、再帰しないので呼び出しスタックはありません。",
    comments: {
      solution: "解",
      skip: "攻撃されている: 飛ばす",
      place: "クイーンを置く",
      down: "次の行へ進む",
      takeBack: "取り除く(バックトラック)",
      allTried: "全部の列を試した: 戻る",
      safeAll: "安全な列をまとめて求める",
      lowest: "一番下のビット = 一番左の安全な列",
      shift: "攻撃が斜めにずれる",
      noneLeft: "安全な列がもうない: 戻る",
      nextSet: "攻撃し合う組がある: 次へ",
    },
    maskLabel: (name: string, cols: readonly number[]) =>
      `${name}: ${cols.length === 0 ? "該当する列なし" : `${jlist(cols)}列`}`,
    maskNames: {
      cols: "列のマスク",
      diag: "斜め(╲)のマスク",
      anti: "斜め(╱)のマスク",
      free: "安全な列",
      bit: "選んだビット",
    },
    maskKey:
      "k番目のビットが k列目で、盤面と同じ向きに並べています。<< 1 で印が1列右へ(╲の斜め)、>> 1 で1列左へ(╱の斜め)ずれます。",
  },
  watch: {
    title: "探索を見る",
    hint: "上の行から順に、左から右へ調べます。安全な最初のマスにクイーンを置き、置ける場所がない行に来たら一つ上の行に戻って、そのクイーンを次の列へ動かします(バックトラッキング)。攻撃されているマスを飛ばすと、そこから先の盤面はひとつも調べずに済みます。これが枝刈りで、総当たりが試す盤面のほとんどをバックトラッキングが訪れないのはこのためです。",
    playback: "再生",
    start: "最初に戻る",
    back: "1手戻る",
    forward: "1手進む",
    nextSolution: "次の解へ",
    play: "再生",
    pause: "一時停止",
    speed: "速さ",
    rate: (k: number) => `毎秒${jn(k)}手`,
    pauseAtSolution: "解が見つかるたびに止める",
    shortcuts:
      "キーボード操作: Space で再生・一時停止、← → で1手ずつ(K・J・L も使えます)、Home と End で最初と最後の手順へ",
    scrubber: "探索の手順",
    scrubText: (k: number, total: number, tracing: boolean) =>
      `${jn(total)}手中${jn(k)}手目${tracing ? "(記録中)" : ""}`,
    tracing: "探索を記録しています…",
    firstSteps: (k: number) => `最初の${jn(k)}手(全体はもっと長い)`,
    steps: (k: number) => `全${jn(k)}手`,
    traceFailed: (message: string) => `探索の記録に失敗しました: ${message}`,
    statStep: "手順",
    statDepth: "深さ",
    statNodes: "ノード",
    statBacktracks: "バックトラック",
    statSolutions: "解",
    fixed: (k: number) => `「置いてみる」で置いた${jn(k)}個のクイーン(濃い色)から探索を始めます。`,
    fixedConflict: "「置いてみる」で置いたクイーンが攻撃し合っているので、空の盤面から探索します。",
    clearFixed: "空の盤面から始める",
    narrTracing: "探索を記録しています…",
    narrFull: "どの行にもすでにクイーンがあります。",
    narrStart: (fixed: boolean, row: number) =>
      `開始: 盤面には${fixed ? "固定したクイーンだけがあります" : "何もありません"}。${row + 1}行目を左から試します。`,
    narrPlace: (row: number, col: number, down: boolean) =>
      `${jat(row, col)}は安全です。クイーンを置き${down ? "、次の行へ進みます" : "ます"}。`,
    narrReject: (row: number, col: number, reason: string, by: { row: number; col: number }) =>
      `${jat(row, col)}は${jat(by.row, by.col)}のクイーンに${JA_REASON[reason]}で攻撃されているので、飛ばします(枝刈り: その先は調べません)。`,
    narrRemove: (row: number, col: number) =>
      `${jat(row, col)}のクイーンより下はすべて調べ終えました。そのクイーンを取り除いて(バックトラック)、次の列を試します。`,
    narrSolution: (k: number) =>
      `${jn(k)}個目の解が見つかりました。どの行にもクイーンがあり、攻撃し合うクイーンはありません。`,
    solutionPaused: (k: number) => `${jn(k)}個目の解が見つかりました。一時停止しました。`,
    candidates: "今の行の候補",
    noRow: "試している行はありません。",
    rowColumns: (row: number) => `${row + 1}行目の各列`,
    rowTitle: (row: number) => `${row + 1}行目`,
    candUntried: "まだ試していない",
    candPlaced: "今クイーンがある",
    candRejected: (reason: string, row: number) =>
      `${row + 1}行目のクイーンに${JA_REASON[reason]}で攻撃されている`,
    candDone: "調べ終えて取り除いた",
    candLabel: (col: number, words: string) => `${col + 1}列: ${words}`,
    candKey: "│ 縦  ╲ 斜め  ╱ 逆の斜め  ✓ 調べ終えた",
    noteRejected: (reason: string, row: number) =>
      `却下: ${row + 1}行目のクイーンに${JA_REASON[reason]}で攻撃されている`,
    noteDone: "試して取り除いた",
    tree: "探索木",
    perDepth: "深さごとのノード数",
    depthRow: (d: number, now: number, all: number | undefined) =>
      `深さ${d}: ノード${jn(now)}個${all !== undefined ? `(全体${jn(all)}個)` : ""}`,
    depthKey: (whole: boolean, size: number) =>
      `深さ(置いたクイーンの数)ごとのノード数(対数目盛)${whole ? "。薄いバーはライブラリが数えた探索木全体" : size > 15 ? `。探索木全体は大きすぎてここでは数えられないので、目盛りはどの深さのノード数よりも大きい${size}!までです` : ""}。`,
    treeLabel: (nodes: number, seen: number) =>
      `探索木: ノード${jn(nodes)}個、うち${jn(seen)}個を訪問済み`,
    treeRoot: "空の盤面",
    treeNode: (row: number, col: number) => jat(row, col),
    algorithm: "アルゴリズム",
    algoName: JA_ALGO,
    prevSolution: "前の解へ",
    noLaterSolution: (done: boolean) =>
      done
        ? "この手順より後に解はありません。ここからは探索が終わるだけです。"
        : "この後の解はまだ記録されていません。探索の記録が続いています。",
    noEarlierSolution: "この手順より前に解はありません。",
    stepField: "手順へ移動",
    ofSteps: (total: number, done: boolean, cut: boolean) =>
      `/ ${jn(total)}${done ? (cut ? "(打ち切り)" : "") : "…"}`,
    scrubKey: "バーの下の緑の印が解の位置です。",
    fromBoard: (k: number) => `「置いてみる」の盤面にクイーンが${jn(k)}個あります。`,
    startFromBoard: "その盤面から探索する",
    emptyOnly: "この探索はいつも空の盤面から始めます(「置いてみる」のクイーンはそのまま残ります)。",
    bruteTooBig: (size: number, count: string) =>
      `総当たりは N = 7 までです。N = ${size} では C(${size * size}, ${size}) = ${count}通りの置き方を1手ずつ試すことになります。N を小さくするか、別のアルゴリズムを選んでください。`,
    statPlacements: "置き方",
    narrRemove2: (row: number, col: number, last: boolean) =>
      `${row + 1}行目に戻りました。${jat(row, col)}のクイーンより下はすべて調べ終えたので、このクイーンを取り除きます(バックトラック)。${last ? `${row + 1}行目の最後の列でした。` : `次は${col + 2}列目です。`}`,
    narrDeadEnd: (row: number, attacks: readonly Attack[], back: number) =>
      `行き止まり: ${row + 1}行目には安全なマスがありません。${attacks
        .map(
          (a) => `${a.col + 1}列は${jat(a.by.row, a.by.col)}のクイーンに${JA_REASON[a.reason]}で`,
        )
        .join(
          "、",
        )}攻撃されています。この行のマスはすべて枝刈りされました。${back >= 0 ? `${back + 1}行目に戻って、そのクイーンを動かします(バックトラック)。` : "もう試すものはありません。"}`,
    narrRowDone: (row: number, back: number) =>
      back >= 0
        ? `${row + 1}行目の列をすべて試しました。${back + 1}行目に戻ります(バックトラック)。`
        : `${row + 1}行目の列をすべて試しました。探索はこれで完了です。`,
    narrEnd: (x: SearchSummary) =>
      x.solutions === 0
        ? `探索が終わりました。${x.fixed ? "このクイーンからは" : `N = ${x.size} には`}解がありません。どの枝も行き止まりで終わりました(ノード${jn(x.nodes)}個、バックトラック${jn(x.backtracks)}回)。`
        : `探索が終わりました。解${jn(x.solutions)}個、ノード${jn(x.nodes)}個、バックトラック${jn(x.backtracks)}回。手順の記録には${js(x.ms / 1000)}かかりました${x.timed !== null ? `。記録しなければ同じ探索は${js(x.timed)}で終わります(ライブラリで計測)` : ""}。`,
    narrCut: (steps: number) =>
      `記録はここで打ち切りです(${jn(steps)}手)。探索全体はずっと長く続きます。ここまでの手順はすべて正確です。`,
    narrEnter: (row: number, free: readonly number[]) =>
      free.length === 0
        ? `${row + 1}行目: 3つのマスクの論理和の補数を取ると、立っているビットがありません。この行に安全な列はありません。`
        : `${row + 1}行目: 3つのマスクの論理和の補数を取ると、安全な列がまとめて求まります: ${jlist(free)}列。`,
    narrBitPlace: (row: number, col: number, down: boolean) =>
      `安全な列のうち一番下のビットは${col + 1}列です。${jat(row, col)}にクイーンを置き${down ? "、マスクをずらして(╲は左シフト、╱は右シフト)次の行へ進みます" : "ます"}。`,
    narrBitBack: (row: number, col: number, rest: readonly number[]) =>
      `下の行から${row + 1}行目に戻りました。${jat(row, col)}のクイーンはその呼び出しとともに消えます(マスクはコピーだったので元のままです)。${rest.length === 0 ? "安全な列はもう残っていません。" : `安全な列はまだ${jlist(rest)}列が残っています。`}`,
    narrBitDead: (row: number, back: number) =>
      `行き止まり: 最初から安全な列がなく、${row + 1}行目には置けるマスがありません。${back >= 0 ? `${back + 1}行目に戻ります(バックトラック)。` : "もう試すものはありません。"}`,
    narrBitDone: (row: number, back: number) =>
      back >= 0
        ? `${row + 1}行目の安全な列をすべて試しました。${back + 1}行目に戻ります(バックトラック)。`
        : `${row + 1}行目の安全な列をすべて試しました。探索はこれで完了です。`,
    narrBruteStart: (count: number) =>
      `開始: 総当たりでは、クイーンをマスに置く${jn(count)}通りの置き方をすべて試し、一つずつ盤面全体を確かめます。`,
    narrBruteClash: (
      k: number,
      count: number,
      a: { row: number; col: number },
      b: { row: number; col: number },
      kind: ConflictKind,
    ) =>
      `${jn(count)}通り中${jn(k)}番目の置き方: ${jat(a.row, a.col)}と${jat(b.row, b.col)}のクイーンが${JA_KIND[kind]}にあります。解ではないので次の置き方へ。`,
    narrBruteSolution: (k: number, count: number, index: number) =>
      `${jn(count)}通り中${jn(k)}番目の置き方: どのクイーンも攻撃し合っていません。${jn(index)}個目の解です。`,
    narrBruteEnd: (count: number, found: number, nodes: number, times: string) =>
      `探索が終わりました。${jn(count)}通りの置き方をすべて試し、${found === 0 ? "解はありませんでした" : `解が${jn(found)}個見つかりました`}。枝刈りをするバックトラックなら、同じ N で調べるのは${jn(nodes)}ノード、${times}分の1の手順です。`,
    pathLabel: (rows: number) => `今の経路のまわりの探索木(深さ${jn(rows)}行)`,
    legend: "探索木の凡例",
    legendPath: "今の経路",
    legendSeen: "訪問済み",
    legendSolution: "解",
    legendDead: "行き止まり",
    legendRejected: "攻撃されて飛ばしたマス(枝刈り)",
    legendUnseen: "まだ訪問していない",
    treeClick:
      "ノードをクリックすると、その手順へ移動します。キーボードでは矢印キー(Home、End)で探索木のノードを選び、Enter で移動します。",
    treeKeys: "矢印キーでノードを選び、Enter でその手順へ移動します。",
    treeChosen: (label: string, step: number) => `${label}、手順${jn(step)}。`,
    treeBrute:
      "総当たりには探索木がありません。クイーンの置き方を順にすべて試し、一つずつ盤面全体を確かめます。",
    profileWorking: "探索木全体を数えています…",
    narrationBox: "説明",
    historyTitle: "説明の履歴",
    historyKey: (k: number) =>
      `表示した直近${jn(k)}手順の説明です(新しい順)。選ぶとその手順に戻ります。`,
    historyStep: (k: number) => `手順${jn(k)}`,
  },
  sym: {
    title: "この解の8通りの対称形",
    names: JA_SYM,
    canonical: "代表",
    explain: (cols: readonly number[]) =>
      `各盤面を上の行から順にクイーンの列番号で読むと、8通りのうち最小のものが代表の解、つまり基本解(ユニーク解)です(${cols1(cols)})。全解一覧では各組をこの代表で示し、金色の枠で囲んでいます。`,
    same: (name: string) => `「${name}」と同じ盤面`,
    orbit: (k: number) =>
      k === 1
        ? "8通りとも同じ盤面になります。"
        : `異なる盤面は${jn(k)}通りです。${k === 8 ? "この解をそのままにする対称変換はありません" : k === 4 ? "180度回転でそのままになります" : "90度回転でそのままになります"}。`,
    image: (name: string, cols: readonly number[], canonical: boolean) =>
      `${name}${canonical ? "(代表)" : ""}: 各行のクイーンの列 ${cols1(cols)}`,
    close: "閉じる",
    open: "「置いてみる」で開く",
  },
  slides: {
    title: "スライド用の画像",
    group: "この手順、または手順の範囲を書き出す",
    png: "PNG",
    svg: "SVG",
    gif: "GIF",
    from: "開始の手順",
    to: "終わりの手順",
    making: (k: number, total: number) => `${jn(total)}枚中${jn(k)}枚目を描いています…`,
    made: (frames: number) => `${jn(frames)}手分の GIF を保存しました。`,
    tooMany: (max: number) => `1つの GIF に入るのは${jn(max)}手までです。範囲を短くしました。`,
    picture: (algo: string, size: number, step: number, total: number) =>
      `${algo} · N = ${size} · ${jn(total)}手中${jn(step)}手目`,
    failed: (message: string) => `書き出しに失敗しました: ${message}`,
  },
  gallery: {
    title: (size: number) => `N = ${size} のすべての解`,
    finding: "すべての解を探しています…",
    failed: (message: string) => `失敗しました: ${message}`,
    summary: (total: Node, classes: Node): Part[] => [
      "解は",
      total,
      "通り。回転・鏡映で重なるものを一つにまとめると、基本解(ユニーク解)は",
      classes,
      "個",
    ],
    chips: "組の大きさ別",
    chip: (count: number, size: number) => `${jn(size)}個組 × ${jn(count)}`,
    chipTitle: "この組を表示・非表示",
    hint: "回転や鏡映(裏返し)で互いに移り合う盤面を一つの組にまとめます。組の大きさは、8通りの回転・鏡映から何種類の盤面ができるかです。上の件数をクリックするとその組を表示・非表示にでき、盤面をクリックすると「置いてみる」で開きます。",
    download: "一覧をダウンロード",
    orbit: {
      8: "8通りの回転・鏡映がすべて異なる盤面になる",
      4: "半回転で同じ盤面になるので、異なる盤面は4通り",
      2: "90度回転で同じ盤面になるので、異なる盤面は2通りだけ",
      1: "どの回転・鏡映でも同じ盤面になる",
    },
    none: (size: number) =>
      `解はありません。${size}×${size} の盤面では、必ずどこかの2個のクイーンが攻撃し合います。`,
    classTitle: (k: number) => `${jn(k)}番目の組`,
    orbitBadge: (k: number) => `${k}個組`,
    open: (cols: readonly number[]) =>
      `「置いてみる」で ${cols.map((x) => x + 1).join(" ")} を開く`,
    mini: (canonical: boolean, cols: readonly number[]) =>
      `${canonical ? "代表の解" : "解"}: 各行のクイーンの列 ${cols.map((x) => x + 1).join(", ")}`,
    prev: "← 前へ",
    next: "次へ →",
    pageText: (from: number, to: number, count: number, page: number, pages: number) =>
      `${jn(from)}〜${jn(to)}番目の組(全${jn(count)}組) · ${jn(page)} / ${jn(pages)} ページ`,
    goTo: "ページへ移動",
    pageNumber: "ページ番号",
    pages: "組のページ",
    pagesBottom: "組のページ(下)",
    counting: (size: number) => `N = ${size} の解を数える`,
    countHint: (max: number, slow: boolean) =>
      `N が${max}を超えると解が多すぎて描けません。ライブラリのエンジンが数え上げを独立した部分問題(盤面の外周のクイーンの配置)に分け、ページはそれを複数の Web Worker で並列に、ブラウザに WebGPU があれば GPU で数えます。${slow ? "CPU ではブラウザで数分以上かかります。" : ""}`,
    countWith: (k: number) => `ワーカー${jn(k)}個で数える`,
    progress: "数え上げの進み具合",
    workersTitle: "Web Worker で",
    workersHint: "ライブラリの数え上げエンジンです。部分問題をワーカーごとに分担します。",
    progressText: (done: number, total: number, found: bigint, seconds: number) =>
      `部分問題 ${jn(total)}個中${jn(done)}個 · これまでに${jn(found)}通り · ${js(seconds)}`,
    cancelled: "キャンセルしました。",
    cancelledAt: (done: number, total: number, found: bigint) =>
      total === 0
        ? "最初の部分問題が終わる前にキャンセルしました。"
        : `部分問題 ${jn(total)}個中${jn(done)}個のところでキャンセルしました(それまでに${jn(found)}通り)。`,
    cancelledLeft: (at: string) =>
      `「全解一覧」を離れたので数え上げを止めました。${at}もう一度数えると最初からやり直します。`,
    doneIn: (seconds: number) => `${js(seconds)}で完了しました。`,
    result: (total: Node, unique: Node, _t: bigint, size: number): Part[] => [
      `N = ${size} の解は`,
      total,
      "通り、回転・鏡映でまとめた基本解(ユニーク解)は",
      unique,
      "個です。",
    ],
    showSymmetries: "8通りの対称形を見る",
    goldKey:
      "金色の枠: 組の代表の解(基本解。上の行から列番号で読んだとき最小のもの)。各盤面の下には、代表をその盤面に移す対称変換を書いています。",
    made: (name: string) => name,
  },
  gpu: {
    count: "GPU で数える",
    cancel: "キャンセル",
    looking: "GPU アダプタを探しています…",
    progress: "GPU での数え上げの進み具合",
    title: "GPU で",
    hint: "同じ部分問題を、ライブラリの WGSL カーネルで数千の GPU スレッドが探索します。",
    cancelledSay: "GPU での数え上げをキャンセルしました",
    cancelled: "キャンセルしました。",
    insecure: "WebGPU は安全なページ(https か localhost)でしか使えません。",
    noApi: "このブラウザには WebGPU がありません(navigator.gpu がありません)。",
    noAdapter:
      "このブラウザには WebGPU がありますが、GPU アダプタが見つかりません(無効になっているか、この GPU では使えないようです)。",
    error: (message: string) => `WebGPU でエラーが起きました: ${message}`,
    unavailable: "ここでは使えません: ",
    maxN: (k: number) => `GPU での数え上げは N = ${k} までです。`,
    maxNShort: (k: number) => ` · GPU での数え上げは N = ${k} まで`,
    adapter: "アダプタ: ",
    software: "(ソフトウェア実装: CPU で動くのでワーカーより遅くなります)",
    pageThread: " · ページのスレッドで実行(このブラウザのワーカーには WebGPU がありません)",
    opening: " GPU を準備しています…",
    compiling: " カーネルをコンパイルしています…",
    compilingFor: (k: number) => ` 部分問題${jn(k)}個のカーネルをコンパイルしています…`,
    progressText: (done: number, total: number, found: string, seconds: number) =>
      `部分問題 ${jn(total)}個中${jn(done)}個 · これまでに${jn(found)}通り · ${js(seconds)}`,
    done: (
      seconds: number,
      kernel: number,
      dispatches: number,
      subs: number,
      adapter: string,
      page: boolean,
    ) =>
      `${js(seconds)}で完了(カーネル ${js(kernel)}、ディスパッチ${jn(dispatches)}回、部分問題${jn(subs)}個、${adapter}${page ? "、ページのスレッドで実行" : ""})。`,
    same: " ✓ 一覧と一致",
    differs: (k: bigint) => ` ✗ 一覧では${jn(k)}通り`,
    result: (total: Node, unique: Node, _t: string, _u: string, size: number): Part[] => [
      `N = ${size} の解は`,
      total,
      "通り、回転・鏡映でまとめた基本解(ユニーク解)は",
      unique,
      "個です。",
    ],
    failed: (message: string) => `GPU での数え上げに失敗しました: ${message}`,
    say: (t: string, size: number) => `GPU での数え上げ: N = ${size} の解は${jn(t)}通り`,
  },
  compare: {
    title: "アルゴリズムを比べる",
    hint: "同じ問題を6通りの方法で数えます。各アルゴリズムは、すぐに終わる N ごとにワーカーで実行します。縦軸は対数目盛なので、目盛り線を一つ上がるごとに仕事量は10倍です。",
    measure: "比べる量",
    metric: { nodes: "ノード数", checks: "チェック数", seconds: "時間" },
    upTo: "最大の N",
    upToOption: (k: number) => `N = ${k} まで`,
    patient: "時間のかかる実行も許す(1回30秒まで)",
    run: "実行",
    cancel: "キャンセル",
    running: (done: number, total: number) => `実行中: ${jn(total)}件中${jn(done)}件…`,
    runningOne: (done: number, total: number, name: string, size: number) =>
      `実行中: ${jn(total)}件中${jn(done)}件(${name}、N = ${size})`,
    done: (runs: number, skipped: number) =>
      `完了: ${jn(runs)}件を実行${skipped ? `、${jn(skipped)}件は時間がかかりすぎるため省略` : ""}。`,
    cancelled: "キャンセルしました。",
    failed: (message: string) => `失敗しました: ${message}`,
    name: {
      "brute-force": "総当たり",
      "square-backtrack": "マスごと",
      "row-loop": "行ごと・ループ",
      "row-sets": "行ごと・配列",
      bitmask: "ビットマスク",
      iterative: "反復・スタック",
    },
    algoTitle: {
      "brute-force": "C(n², n)通りの置き方をすべて調べる総当たり",
      "square-backtrack": "1マスずつのバックトラッキング、盤面全体をチェック",
      "row-loop": "行ごとのバックトラッキング、前の行をループで確認",
      "row-sets": "行ごとのバックトラッキング、列と斜めの配列で確認",
      bitmask: "ビットマスクを使う行ごとのバックトラッキング",
      iterative: "明示的なスタックを使うビットマスクのバックトラッキング",
    },
    practical: (k: number) => `。N = ${k} まで実用的`,
    chart: (metric: string) => `アルゴリズムごとの N と${metric}(対数目盛)`,
    point: (name: string, size: number, value: string) => `${name}、N = ${size}: ${value}`,
    caption: (metric: string, slow: boolean) =>
      `アルゴリズムと N ごとの${metric}(– 実用的でない、… ${slow ? js(30) : js(1.5)}を超えそうなので省略)`,
    algorithm: "アルゴリズム",
    column: (size: number) => `N=${size}`,
    skipped: (seconds: number) => `省略: ${js(seconds)}以上かかりそう`,
    table: "結果の表",
    defsTitle: "各アルゴリズムが数えているもの",
    defNode: "ノード",
    defCheck: "チェック",
    nodeDef: {
      "brute-force": "n 個のクイーンの置き方一つ(完全な配置)",
      "square-backtrack": "探索木のノード: 空の盤面か、チェックを通った置き方",
      "row-loop": "探索木のノード: 空の盤面か、次の行に置いた安全なクイーン",
      "row-sets": "探索木のノード: 空の盤面か、次の行に置いた安全なクイーン",
      bitmask: "探索木のノード: 空の盤面か、次の行に置いた安全なクイーン",
      iterative: "探索木のノード: 空の盤面か、次の行に置いた安全なクイーン",
    },
    checkDef: {
      "brute-force": "置き方一つについて盤面全体を確かめること",
      "square-backtrack": "クイーンを置いた後に盤面全体を確かめること",
      "row-loop": "候補のマスを前の行のクイーン1個と比べること",
      "row-sets": "候補のマス1個を3つの配列で調べること",
      bitmask: "ある行の安全な列のマスクを1回求めること(n 列を一度に)",
      iterative: "ある行の安全な列のマスクを1回求めること(n 列を一度に)",
    },
    coincide: (names: readonly string[], metric: string) =>
      `${jlist(names)}は、どの N でも${metric}が同じなので、線が重なっています${metric === "ノード数" ? "(同じ探索木をたどるため)" : ""}。`,
    timing:
      "時間は1回あたりです。1回の実行を20ミリ秒以上のまとまりになるまで繰り返して計り、一番速いまとまりを採っています(ライブラリの計測関数)。数マイクロ秒の実行も計れます。",
    notBudget: (size: number, placements: string, budget: string) =>
      `実行しません: 総当たりは C(${size * size}, ${size}) = ${placements}通りを試すことになり、上限の${budget}通りを超えます`,
    notPractical: (max: number) => `実行しません: このアルゴリズムはここでは N = ${max} までです`,
    runsNote: (runs: number, patient: boolean) =>
      `実行${jn(runs)}件。どれを実行するかは時間の見積もりではなく正確な数で決めています。総当たりは置き方が${patient ? jn(1_000_000_000) : jn(10_000_000)}通り以内のとき、ほかは${patient ? "それぞれ約10秒かかる N" : "それより少し小さい N"}まで。`,
    caption2: (metric: string) => `アルゴリズムと N ごとの${metric}(– 実行しない: 理由はその欄に)`,
    race: {
      title: (size: number) => `総当たりとバックトラック(N = ${size})`,
      intro:
        "総当たりはクイーンの置き方を丸ごと作って一つずつ確かめます。バックトラックは1行ずつクイーンを置き、枝刈りをします: 攻撃されているマスは、そこから先の盤面ごと飛ばします。総当たりの書き方は解説によって3通りあり、ここではそれぞれをこのブラウザのワーカーで計っています。",
      variant: {
        squares: (k: number) => `総当たり: ${k * k}マスから${k}マスを選ぶ C(${k * k}, ${k})`,
        "per-row": (k: number) => `総当たり: 各行に1個 ${k}^${k}`,
        permutations: (k: number) => `総当たり: 各行・各列に1個(順列) ${k}!`,
      },
      short: {
        squares: "マスを選ぶ総当たり",
        "per-row": "各行に1個の総当たり",
        permutations: "順列の総当たり",
      },
      backtrack: "枝刈りをするバックトラック(行ごと・配列)",
      colWay: "方法",
      colCount: "置き方またはノードの数",
      colTime: "このブラウザでの時間",
      colRatio: "バックトラックとの比",
      caption: "同じ N での総当たりの置き方の数とバックトラックのノード数",
      measuring: "計測中…",
      measured: (time: string) => `${time}(すべて確認)`,
      estimated: (time: string, tested: string) =>
        `約${time}(${tested}通りを確かめた速さからの見積もり)`,
      perRun: (time: string) => `1回${time}(ライブラリの計測関数)`,
      raceButton: "競争させる",
      raceNote: (limit: number) =>
        `上で計った時間を実時間で再現します(最長${limit}秒)。各バーは、その方法の計った速さで伸びます。`,
      raceLabel: "競争",
      backtrackShort: "バックトラック",
      laneDone: (name: string, time: string) => `${name}: ${time}で終了`,
      laneSoFar: (name: string, so: string, all: string, needs: string) =>
        `${name}: ${all}通り中${so}通りを確認。全部で約${needs}かかります`,
      waiting: "グラフの実行が終わるのを待っています…",
      notTimed: (max: number) => `ここでは N = ${max} を超えると計りません`,
      nodes: (k: number) => `${jn(k)}ノード`,
      times: (x: string) => `ノード数の${x}倍`,
      summary: (
        size: number,
        nodes: number,
        ways: readonly { readonly name: string; readonly times: string }[],
      ) =>
        `N = ${size} では、枝刈りをするバックトラックが調べるのは${jn(nodes)}ノードです。${jlist(ways.map((w) => `${w.name}より${w.times}分の1の手順`))}で済みます。`,
      minutes: (k: string) => `${k}分`,
      hours: (k: string) => `${k}時間`,
      days: (k: string) => `${k}日`,
      years: (k: string) => `${k}年`,
      failed: (message: string) => `計測に失敗しました: ${message}`,
    },
  },
};
