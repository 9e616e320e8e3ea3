/**
 * The verdict on a run's records: which sub-problems are settled, by whom, and what is wrong.
 * The coordinator, `runs` and `runs --verify` all read a run through this one function, so they
 * never disagree about it, and a worker uses the same rule to decide what is left to solve.
 *
 * Each sub-problem collects votes: records (record.ts) from distinct workers. Per sub-problem:
 * - a record that is not in the format, fails its MAC, or is stored under an id outside the split
 *   is **forged** (or damaged, or written with another secret): it never counts, and while one
 *   exists the run has no total;
 * - of the records that check out, a worker that gave two different counts has neither counted,
 *   and a count whose symmetric parts are impossible is not counted (both are *overruled*);
 * - the remaining votes are grouped by their counts. The sub-problem is **settled** when one
 *   group has at least `replicas` votes and more than any other group; the votes outside it are
 *   *outvoted* (reported, never counted). With fewer votes it is **short** (more workers are
 *   asked); votes that disagree without such a majority make it **disputed**: one more worker,
 *   one that has not voted on it, is asked, up to {@link MAX_EXTRA_VOTES} beyond the quorum,
 *   after which it is left for a person (no total).
 *
 * A **recount** by the holder of the secret (record.ts, `v=op`: the coordinator recounts every
 * sub-problem that had a dispute, and every vote of a worker a recount proved wrong) settles its
 * sub-problem whatever the votes say; the votes it contradicts are overruled as *proved wrong*.
 * Their workers, and those of an impossible count or of two counts for one sub-problem, are the
 * run's **liars**: each is proved wrong by a record of its own, not by a majority that may lie,
 * so every other vote it cast is recounted too.
 *
 * The rule is the same for both counting methods; the split (run-split.ts) says which results are
 * possible and adds the settled ones up.
 */
import type { SubResult } from "../engine/index.js";
import { quote } from "../errors.js";
import { checkRecord, isOwnRecord, RECOUNT_WORKER, writtenBy } from "./record.js";
import { asSplit, type RunSplit } from "./run-split.js";
import type { RunKey, Tagger } from "./secret.js";
import type { JobData } from "./store.js";

/** Votes beyond the quorum asked for one disputed sub-problem before giving up on it. */
export const MAX_EXTRA_VOTES = 3;

/** One worker's valid vote on a sub-problem. */
export interface Vote {
  readonly worker: string;
  readonly solver: string;
  readonly result: SubResult;
}

/** A stored record that does not check out. */
export interface ForgedRecord {
  readonly id: number;
  readonly reason: string;
  /** The stored text, at most 200 characters of it. */
  readonly record: string;
}

/** A valid record that was not counted: outvoted, impossible, or its worker contradicted itself. */
export interface OverruledVote extends Vote {
  readonly id: number;
  readonly reason: string;
}

/** A sub-problem whose votes disagree with no majority. */
export interface Dispute {
  readonly id: number;
  readonly votes: readonly Vote[];
  /** Stored records, valid or not (the next vote asked for is this plus one). */
  readonly records: number;
  /** True once all the extra votes allowed (3 beyond the quorum) were asked for, still undecided. */
  readonly exhausted: boolean;
}

/** The verdict on one sub-problem. */
export type SubVerdict =
  | { readonly state: "settled"; readonly result: SubResult; readonly voters: readonly string[] }
  | { readonly state: "short"; readonly voters: readonly string[] }
  | { readonly state: "disputed"; readonly voters: readonly string[]; readonly exhausted: boolean };

/** Everything the votes of one sub-problem say. */
export interface SubJudgement {
  readonly verdict: SubVerdict;
  /** The operator's recount of it, if one is stored (it settled the sub-problem). */
  readonly recount?: SubResult;
  /** Every valid vote that counted or was outvoted. */
  readonly votes: readonly Vote[];
  readonly forged: readonly ForgedRecord[];
  readonly overruled: readonly OverruledVote[];
  /**
   * Workers whose records here prove them wrong whatever the other votes say: a count the
   * operator's recount contradicts, a count whose symmetric parts are impossible, two different
   * counts for this one sub-problem. (An outvoted vote proves nothing: the majority may lie.)
   */
  readonly provedWrong: readonly string[];
}

/** The stored votes of one sub-problem as the store keeps them: records separated by newlines. */
export function voteLines(text: string | null | undefined): string[] {
  return text ? text.split("\n").filter((l) => l !== "") : [];
}

/**
 * Judges the stored records of sub-problem `id` of the split `version` with the run's key and
 * quorum; with `of` (that split), a vote whose counts cannot be the sub-problem's is overruled.
 */
export function judgeSub(
  key: RunKey,
  version: string,
  id: number,
  lines: readonly string[],
  replicas: number,
  of?: RunSplit,
): SubJudgement {
  const forged: ForgedRecord[] = [];
  const overruled: OverruledVote[] = [];
  const byWorker = new Map<string, Vote[]>();
  const recounts: SubResult[] = [];
  const provedWrong = new Set<string>();
  for (const line of lines) {
    const c = checkRecord(key, version, id, line);
    if (!c.ok) {
      forged.push({ id, reason: c.reason, record: line.slice(0, 200) });
      continue;
    }
    if (c.recount) {
      const { count, fixed180, fixed90 } = c.record;
      recounts.push({ count, fixed180, fixed90 });
      continue;
    }
    const { worker, solver } = c.record;
    const result = {
      count: c.record.count,
      fixed180: c.record.fixed180,
      fixed90: c.record.fixed90,
    };
    const vote: Vote = { worker, solver, result };
    const impossible = of?.impossible(id, result);
    if (impossible !== undefined) {
      overruled.push({ ...vote, id, reason: impossible });
      provedWrong.add(worker);
      continue;
    }
    const mine = byWorker.get(worker) ?? [];
    if (!mine.some((v) => same(v.result, result))) mine.push(vote);
    byWorker.set(worker, mine);
  }
  const votes: Vote[] = [];
  for (const [, mine] of byWorker) {
    if (mine.length === 1) votes.push(mine[0]);
    else {
      for (const v of mine) {
        overruled.push({ ...v, id, reason: "its worker reported different counts for it" });
      }
      provedWrong.add(mine[0].worker);
    }
  }
  const groups = new Map<string, Vote[]>();
  for (const v of votes) {
    const k = `${v.result.count} ${v.result.fixed180} ${v.result.fixed90}`;
    groups.set(k, [...(groups.get(k) ?? []), v]);
  }
  const sizes = [...groups.values()].sort((a, b) => b.length - a.length);
  const best = sizes[0] ?? [];
  const voters = votes.map((v) => v.worker);
  let verdict: SubVerdict;
  const [recount] = recounts;
  if (recount !== undefined) {
    // Recounts that disagree with each other: a faulty machine of the operator's; for a person.
    if (recounts.some((r) => !same(r, recount))) {
      verdict = { state: "disputed", voters, exhausted: true };
      return { verdict, votes, forged, overruled, recount, provedWrong: [...provedWrong] };
    }
    const agreeing = votes.filter((v) => same(v.result, recount)).map((v) => v.worker);
    verdict = { state: "settled", result: recount, voters: [RECOUNT_WORKER, ...agreeing] };
    for (const v of votes) {
      if (same(v.result, recount)) continue;
      overruled.push({ ...v, id, reason: PROVED_WRONG });
      provedWrong.add(v.worker);
    }
    return { verdict, votes, forged, overruled, recount, provedWrong: [...provedWrong] };
  }
  if (best.length >= replicas && (sizes.length === 1 || best.length > sizes[1].length)) {
    verdict = { state: "settled", result: best[0].result, voters: best.map((v) => v.worker) };
    const winners = best.map((v) => v.worker).join(", ");
    for (const group of sizes.slice(1)) {
      for (const v of group) overruled.push({ ...v, id, reason: `outvoted by ${winners}` });
    }
  } else if (sizes.length <= 1) {
    verdict = { state: "short", voters };
  } else {
    verdict = { state: "disputed", voters, exhausted: votes.length >= replicas + MAX_EXTRA_VOTES };
  }
  return { verdict, votes, forged, overruled, provedWrong: [...provedWrong] };
}

/** The reason of a vote that a recount by the operator contradicts: its worker is a liar. */
export const PROVED_WRONG = "proved wrong by the operator's recount";

function same(a: SubResult, b: SubResult): boolean {
  return a.count === b.count && a.fixed180 === b.fixed180 && a.fixed90 === b.fixed90;
}

/** The verdict on a whole run. */
export interface RunVerdict {
  readonly n: number;
  readonly subProblems: number;
  /** Settled sub-problems and their agreed results. */
  readonly settled: ReadonlyMap<number, SubResult>;
  /** The workers whose agreeing votes settled each settled sub-problem. */
  readonly settledBy: ReadonlyMap<number, readonly string[]>;
  /** Sub-problems with fewer valid votes than the quorum (none at all included), and their voters. */
  readonly short: readonly {
    readonly id: number;
    readonly voters: readonly string[];
    /** Stored records, valid or not. */
    readonly records: number;
  }[];
  readonly disputes: readonly Dispute[];
  readonly forged: readonly ForgedRecord[];
  readonly overruled: readonly OverruledVote[];
  /** Distinct workers with at least one valid vote. */
  readonly workers: readonly string[];
  /** Sub-problems settled by a recount of the operator's. */
  readonly recounted: ReadonlySet<number>;
  /**
   * Workers a record proved wrong (a recount contradicts a count of theirs, or a count of theirs
   * is impossible, or they gave two counts for one sub-problem), sorted: every vote they cast is
   * to be recounted (recount.ts).
   */
  readonly liars: readonly string[];
  /**
   * Set when every sub-problem is settled and no record is forged, yet the settled counts do
   * not add up to a whole unique count (a wrong vote settled): why, in words. No total then.
   */
  readonly inconsistent?: string;
  /** Present only when every sub-problem is settled, no record is forged and they add up. */
  readonly total?: bigint;
  readonly unique?: bigint;
}

/**
 * Judges every stored record of a run of a split (a number n: the constellation split of n):
 * `votes` maps a sub-problem id to its records, as the run's `votes` hash holds them (fields that
 * are not an id of the split are forged records).
 */
export function judgeRun(
  of: number | RunSplit,
  key: RunKey,
  votes: Readonly<Record<string, string>>,
  replicas: number,
): RunVerdict {
  const s = asSplit(of);
  const { n, version, size } = s;
  const settled = new Map<number, SubResult>();
  const settledBy = new Map<number, readonly string[]>();
  const short: { id: number; voters: readonly string[]; records: number }[] = [];
  const disputes: Dispute[] = [];
  const forged: ForgedRecord[] = [];
  const overruled: OverruledVote[] = [];
  const workers = new Set<string>();
  const recounted = new Set<number>();
  const liars = new Set<string>();
  for (const [field, text] of Object.entries(votes)) {
    const id = Number(field);
    if (!/^\d{1,9}$/.test(field) || id >= size) {
      forged.push({
        id: Number.isSafeInteger(id) ? id : -1,
        reason: `is stored under ${quote(field, 20)}, not an id of this split`,
        record: text.slice(0, 200),
      });
    }
  }
  const tally = s.tally();
  for (let id = 0; id < size; id++) {
    const lines = voteLines(votes[id]);
    const j = judgeSub(key, version, id, lines, replicas, s);
    forged.push(...j.forged);
    overruled.push(...j.overruled);
    for (const w of j.provedWrong) liars.add(w);
    for (const v of j.votes) workers.add(v.worker);
    if (j.recount !== undefined) recounted.add(id);
    const v = j.verdict;
    if (v.state === "settled") {
      settled.set(id, v.result);
      settledBy.set(id, v.voters);
      tally.add(id, v.result);
    } else if (v.state === "short") {
      short.push({ id, voters: v.voters, records: lines.length });
    } else disputes.push({ id, votes: j.votes, records: lines.length, exhausted: v.exhausted });
  }
  // A record under a name whose key it fails: whose key it was written with, if a voter's.
  forged.forEach((f, i) => {
    if (i >= 10000 || f.id < 0 || f.id >= size) return;
    const by = writtenBy(key, version, f.id, f.record, workers);
    if (by !== undefined) {
      forged[i] = { ...f, reason: `was written with the key of worker ${by}, under another name` };
    }
  });
  let sums: Pick<RunVerdict, "total" | "unique" | "inconsistent"> = {};
  if (settled.size === size && forged.length === 0) {
    try {
      sums = { total: tally.total, unique: tally.unique };
    } catch (e) {
      sums = { inconsistent: e instanceof Error ? e.message : String(e) };
    }
  }
  return {
    n,
    subProblems: size,
    settled,
    settledBy,
    short,
    disputes,
    forged,
    overruled,
    workers: [...workers].sort(),
    recounted,
    liars: [...liars].sort(),
    ...sums,
  };
}

/**
 * The sub-problems of job `d` that are not settled and that this worker (`name`) has not voted
 * on, and how many of the unsettled ones it has voted on.
 */
export function stillToSolve(
  d: JobData,
  plan: RunSplit,
  key: RunKey,
  stored: readonly string[],
  name: string,
): { todo: number[]; mine: number } {
  const ids = Array.from({ length: d.to - d.from }, (_, i) => d.from + i);
  const todo: number[] = [];
  let mine = 0;
  ids.forEach((id, i) => {
    const j = judgeSub(key, d.version, id, voteLines(stored[i]), d.replicas, plan);
    if (j.verdict.state === "settled") return;
    if ([...j.votes, ...j.overruled].some((v) => v.worker === name)) mine++;
    else todo.push(id);
  });
  return { todo, mine };
}

/**
 * The sub-problems of job `d` that worker `name`, holding only its own record key `own` for the
 * run, has not voted on, and how many it has. Without the secret it cannot check the other
 * workers' records, so it never takes their word that a sub-problem is settled: a record planted
 * under made-up names must not make it skip work that only valid votes can settle.
 */
export function notVotedOn(
  d: JobData,
  own: Tagger,
  stored: readonly string[],
  name: string,
): { todo: number[]; mine: number } {
  const todo: number[] = [];
  let mine = 0;
  for (let i = 0; i < d.to - d.from; i++) {
    const id = d.from + i;
    if (voteLines(stored[i]).some((line) => isOwnRecord(own, name, d.version, id, line))) mine++;
    else todo.push(id);
  }
  return { todo, mine };
}
