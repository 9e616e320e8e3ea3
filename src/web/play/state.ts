/**
 * Play's state: everything the mode shows beyond the page's state (the board, N, the puzzle
 * asked for, which live in the address): the edits made here (undo and redo), the completion
 * shown as gold queens, the puzzle once made, the live hint, the job running and what the
 * result box says. Input changes it through index.ts; render.ts only reads it; nothing here
 * touches the page, so model.test.ts runs it as it is.
 */
import type { Conflict, Queen } from "../../board.js";
import type { Running } from "../jobs.js";
import { type PageState, puzzleKey, queensKey } from "../state.js";

/** The puzzle of the page's state, once made: its given queens and its one solution. */
interface Puzzle {
  readonly key: string;
  readonly given: readonly Queen[];
  readonly solution: readonly number[];
  readonly solvedBy?: "forced" | "propagation" | "search";
  readonly error?: string;
}

/** The live hint for the board it was computed for. */
export interface Hint {
  readonly key: string;
  readonly dead: Set<string>;
  readonly completable: boolean;
  readonly safe: number;
}

/** The jobs a reader starts with a button (and can cancel). */
export type Task = "complete" | "count";

/** What the result box says (nothing, for undefined). */
export type Callout =
  | { readonly kind: "note"; readonly text: string; readonly link?: string }
  | { readonly kind: "busy"; readonly task: Task; readonly started: number }
  | { readonly kind: "refused"; readonly task: Task; readonly conflict: Conflict }
  | {
      readonly kind: "completed";
      readonly cols: readonly number[];
      readonly ms: number;
      readonly added: number;
      readonly given: number;
    }
  | {
      readonly kind: "none";
      readonly task: Task;
      readonly n: number;
      readonly queens: readonly Queen[];
    }
  | {
      readonly kind: "counted";
      readonly count: bigint;
      readonly ms: number;
      /** The board counted (its completions can be downloaded when there are few enough). */
      readonly board: PageState;
    }
  | { readonly kind: "cancelled"; readonly task: Task }
  | { readonly kind: "failed"; readonly task: Task | "list"; readonly message: string };

export interface PlayState {
  /** The page's state shown (undefined before the first show). */
  page: PageState | undefined;
  /** Boards before (undo) and after (redo) the edits made here, for the board shown. */
  undo: (readonly Queen[])[];
  redo: (readonly Queen[])[];
  /** The board this view last set: any other board shown came from outside (Back, a link). */
  lastSet: string;
  /** The completion shown as gold queens, for the board it was found for. */
  ghost: { readonly key: string; readonly cols: readonly number[] } | undefined;
  puzzle: Puzzle | undefined;
  /** The puzzle being made (its key), while its job runs. */
  puzzleLoading: string;
  hint: Hint | undefined;
  /** The board a hint is being computed for ("" for none). */
  hintKey: string;
  /** Whether the live hint is on (saved in prefs.ts). */
  hintsOn: boolean;
  /** The puzzle solved was said once (its key). */
  solvedSaid: string;
  result: Callout | undefined;
  /** The job started by a button, and which button (focus goes back to it when it ends). */
  running: { readonly job: Running<unknown>; readonly task: Task } | undefined;
  /** The jobs that serve the view: the puzzle being made, the live hint. */
  jobs: { puzzle?: Running<unknown>; hint?: Running<unknown> };
}

export function initialState(hintsOn: boolean): PlayState {
  return {
    page: undefined,
    undo: [],
    redo: [],
    lastSet: "",
    ghost: undefined,
    puzzle: undefined,
    puzzleLoading: "",
    hint: undefined,
    hintKey: "",
    hintsOn,
    solvedSaid: "",
    result: undefined,
    running: undefined,
    jobs: {},
  };
}

/** A board as one comparable key: its size and its queens. */
export function boardKey(s: PageState): string {
  return `${s.n}|${queensKey(s.queens)}`;
}

/** The key of a puzzle for a size. */
export function puzzleKeyOf(s: PageState): string {
  return `${s.n}|${puzzleKey(s.puzzle)}`;
}

/** The completion's columns if it was found for the board shown. */
export function ghostCols(ps: PlayState): readonly number[] | undefined {
  return ps.page && ps.ghost?.key === boardKey(ps.page) ? ps.ghost.cols : undefined;
}

/** The given queens of the puzzle shown (none while it is made or when it failed). */
export function givenQueens(ps: PlayState): readonly Queen[] {
  return ps.puzzle?.error ? [] : (ps.puzzle?.given ?? []);
}

/** The given queens of the puzzle shown, as "row:col" keys. */
export function givenKeys(ps: PlayState): Set<string> {
  return new Set(givenQueens(ps).map((q) => `${q.row}:${q.col}`));
}

/** An edit is about to replace the board shown: one undo step, and no redo past it. */
export function recordEdit(ps: PlayState): void {
  ps.undo.push(ps.page!.queens);
  ps.redo = [];
}

/** The board before the last edit (moving the board shown to redo), or undefined. */
export function takeUndo(ps: PlayState): readonly Queen[] | undefined {
  const prev = ps.undo.pop();
  if (prev) ps.redo.push(ps.page!.queens);
  return prev;
}

/** The board after the last undo (moving the board shown to undo), or undefined. */
export function takeRedo(ps: PlayState): readonly Queen[] | undefined {
  const next = ps.redo.pop();
  if (next) ps.undo.push(ps.page!.queens);
  return next;
}

/** The edits made here are history: a board shown that this view did not set forgets them. */
export function forgetEdits(ps: PlayState): void {
  ps.undo = [];
  ps.redo = [];
}
