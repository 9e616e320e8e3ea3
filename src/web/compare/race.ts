/**
 * Brute force against backtracking on the page's N, as values: brute force's three ways (any N
 * squares, one queen per row, permutations) with their exact counts and their time measured in
 * this browser (a sample scaled to every placement where the whole run is too long, and saying
 * so), backtracking's nodes and time on the same N, and how many times fewer steps backtracking
 * takes. Pure functions of the measures the worker sent; race.test.ts checks them.
 */
import { BRUTE_VARIANTS, type BruteVariant, bruteVariantCount } from "../../teach/index.js";
import { num, t, time, timesText } from "../i18n/index.js";
import type { BruteMeasure } from "../protocol.js";

/**
 * Backtracking is timed on the race's N up to here: the library's row-sets takes well under a
 * second up to 12 (docs/command.md, "compare": 2.8 s at 14), and the race runs each time N changes.
 */
export const RACE_BACKTRACK_N = 12;

/** Backtracking's work on the race's N (the library's timeAlgorithm of row-sets). */
interface BacktrackMeasure {
  readonly nodes: number;
  readonly seconds: number;
}

/** What the race knows: the N, the measures so far, and whether backtracking was timed. */
export interface RaceState {
  n: number;
  measures: BruteMeasure[];
  /** undefined: not yet measured; null: not timed at this N. */
  backtrack: BacktrackMeasure | null | undefined;
  /** The race is running in the worker. */
  running: boolean;
  /** Why it failed, if it did. */
  failed: string | undefined;
}

export function initialRace(): RaceState {
  return { n: 0, measures: [], backtrack: undefined, running: false, failed: undefined };
}

/** One row of the race's table, in words. */
export interface RaceRow {
  readonly key: BruteVariant | "backtrack";
  readonly name: string;
  /** Placements (brute force) or nodes (backtracking), exact. */
  readonly count: string;
  /** The time in this browser: measured, or estimated from a sample (said). */
  readonly time: string;
  /** Brute force: how many times backtracking's nodes its placements are. */
  readonly ratio: string;
}

/** The table: brute force's ways, most placements first, then backtracking. */
export function raceRows(race: RaceState): RaceRow[] {
  const m = t().compare.race;
  const { n } = race;
  const nodes = race.backtrack?.nodes;
  const rows: RaceRow[] = BRUTE_VARIANTS.map((variant) => {
    const count = bruteVariantCount(variant, n);
    const measured = race.measures.find((x) => x.variant === variant);
    return {
      key: variant,
      name: m.variant[variant](n),
      count: num(count),
      time: !measured
        ? race.running
          ? m.measuring
          : m.waiting
        : measured.complete
          ? m.measured(time(measured.totalSeconds))
          : m.estimated(duration(measured.totalSeconds), num(measured.tested)),
      ratio: nodes ? m.times(timesText(count, nodes)) : "",
    };
  });
  rows.push({
    key: "backtrack",
    name: m.backtrack,
    count: nodes !== undefined ? m.nodes(nodes) : "",
    time:
      race.backtrack === undefined
        ? race.running
          ? m.measuring
          : m.waiting
        : race.backtrack === null
          ? m.notTimed(RACE_BACKTRACK_N)
          : m.perRun(time(race.backtrack.seconds)),
    ratio: "",
  });
  return rows;
}

/** The sentence under the table: backtracking's nodes against each brute force, with numbers. */
export function raceSummary(race: RaceState): string {
  const m = t().compare.race;
  const nodes = race.backtrack?.nodes;
  if (!nodes) return "";
  return m.summary(
    race.n,
    nodes,
    BRUTE_VARIANTS.map((v) => ({
      name: m.short[v],
      times: timesText(bruteVariantCount(v, race.n), nodes),
    })),
  );
}

/** The longest race shown, in seconds: the slowest ways then say how far they got. */
export const RACE_SECONDS = 20;

/** One lane of the race: how far the way has got, and that in words. */
export interface Lane {
  readonly key: BruteVariant | "backtrack";
  /** From 0 to 1. */
  readonly fraction: number;
  readonly done: boolean;
  readonly text: string;
}

/**
 * Where each way stands `elapsed` seconds into a race run at the speeds measured (a replay of the
 * measures in real time, not a new run): backtracking and the fast ways finish, the slow ones say
 * how many placements they have tested and how long they need.
 */
export function raceAt(race: RaceState, elapsed: number): Lane[] {
  const m = t().compare.race;
  const lanes: Lane[] = [];
  for (const v of BRUTE_VARIANTS) {
    const measured = race.measures.find((x) => x.variant === v);
    if (!measured) continue;
    const fraction = Math.min(1, elapsed / Math.max(measured.totalSeconds, 1e-9));
    const count = bruteVariantCount(v, race.n);
    const so = (count * BigInt(Math.floor(fraction * 1e6))) / 1_000_000n;
    lanes.push({
      key: v,
      fraction,
      done: fraction >= 1,
      text:
        fraction >= 1
          ? m.laneDone(m.short[v], time(measured.totalSeconds))
          : m.laneSoFar(m.short[v], num(so), num(count), duration(measured.totalSeconds)),
    });
  }
  if (race.backtrack) {
    const fraction = Math.min(1, elapsed / Math.max(race.backtrack.seconds, 1e-9));
    lanes.push({
      key: "backtrack",
      fraction,
      done: fraction >= 1,
      text: m.laneDone(m.backtrackShort, time(race.backtrack.seconds)),
    });
  }
  return lanes;
}

/** A long time in words: seconds, minutes, hours, days or years (a huge number of years too). */
function duration(seconds: number): string {
  const m = t().compare.race;
  const units: [number, (k: string) => string][] = [
    [365.25 * 86400, m.years],
    [86400, m.days],
    [3600, m.hours],
    [60, m.minutes],
  ];
  for (const [size, say] of units) {
    if (seconds >= size) {
      const k = seconds / size;
      return say(
        k >= 1e15 ? k.toExponential(1) : num(Math.round(k >= 10 ? k : k * 10) / (k >= 10 ? 1 : 10)),
      );
    }
  }
  return time(seconds);
}
