/**
 * Compare's state: the reader's choices (measure, largest N, patient), the runs made so far and
 * those not made, what the status line says, the job running, and brute force against
 * backtracking on the page's N. index.ts changes it (`leave` when the reader leaves Compare);
 * render.ts only reads it.
 */
import type { AlgorithmResult } from "../../teach/index.js";
import type { Running } from "../jobs.js";
import type { Metric } from "./model.js";
import { initialRace, type RaceState } from "./race.js";

export interface CompareState {
  metric: Metric;
  /** The largest N of the set of runs. */
  upTo: number;
  /** The patient set: brute force's whole budget, each algorithm up to its practical limit. */
  patient: boolean;
  results: AlgorithmResult[];
  /** Runs not made, with the reason: name:n -> words. */
  skipped: Map<string, string>;
  /** The status line (a live region: it is rewritten only when this changes). */
  status: string;
  /** The set has been run once (the first show runs it). */
  ran: boolean;
  /** The page's N, marked on the chart. */
  n: number;
  job: Running<unknown> | undefined;
  /** Brute force against backtracking on the page's N (race.ts), and its job. */
  race: RaceState;
  raceJob: Running<unknown> | undefined;
}

export function initialState(): CompareState {
  return {
    metric: "nodes",
    upTo: 10,
    patient: false,
    results: [],
    skipped: new Map(),
    status: "",
    ran: false,
    n: 8,
    job: undefined,
    race: initialRace(),
    raceJob: undefined,
  };
}

/**
 * Leaving Compare: a run of the chart still going is cancelled (it would slow the page's other
 * work) and marked to be made again, so that the next show runs it anew instead of saying
 * "Cancelled." (a run the reader cancelled stays cancelled). Returns whether one was cut short.
 */
export function leave(cs: CompareState): boolean {
  const job = cs.job;
  if (!job) return false;
  cs.job = undefined;
  job.cancel();
  cs.ran = false;
  return true;
}
