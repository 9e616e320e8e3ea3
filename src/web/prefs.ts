/**
 * The reader's settings that are not part of a board (so not in the address): the language
 * chosen with the switch, whether Watch's keyboard shortcuts are on, whether Play's live
 * hint is on, the outcomes of the round of exercises going on and of the lesson's questions, and the place the reader was last (the address's state text, so that a return
 * without one goes back there rather than to the lesson's front door). Kept in localStorage
 * where the browser allows it; without it they last until the page is closed.
 */
import type { Lang } from "./i18n/index.js";

const KEYS = {
  lang: "nqueens.lang",
  shortcuts: "nqueens.shortcuts",
  hints: "nqueens.hints",
  place: "nqueens.place",
  exercises: "nqueens.exercises",
  quiz: "nqueens.quiz",
} as const;
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  memory.set(key, value);
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage is off (a private window, a file page): the setting lasts for this page only.
  }
}

/** The language saved by the switch, or null when the browser's languages decide. */
export function savedLang(): string | null {
  return read(KEYS.lang);
}

export function saveLang(lang: Lang): void {
  write(KEYS.lang, lang);
}

/** Whether Watch's shortcuts (Space, arrows, K, J, L) are on; they are unless turned off. */
export function shortcutsOn(): boolean {
  return read(KEYS.shortcuts) !== "off";
}

export function saveShortcuts(on: boolean): void {
  write(KEYS.shortcuts, on ? "on" : "off");
}

/** Whether Play's live hint (squares that cannot lead to a solution) is on; off unless turned on. */
export function hintsOn(): boolean {
  return read(KEYS.hints) === "on";
}

export function saveHints(on: boolean): void {
  write(KEYS.hints, on ? "on" : "off");
}

/** The state text of the place the reader was last (see state.ts openingState), or null. */
export function savedPlace(): string | null {
  return read(KEYS.place);
}

export function savePlace(stateText: string): void {
  write(KEYS.place, stateText);
}

/** The round of exercises going on and its outcomes so far, as exercise/state.ts writes them. */
export function savedExercises(): string | null {
  return read(KEYS.exercises);
}

export function saveExercises(text: string): void {
  write(KEYS.exercises, text);
}

/** How the lesson's questions ended, as lesson/state.ts writes them. */
export function savedQuiz(): string | null {
  return read(KEYS.quiz);
}

export function saveQuiz(text: string): void {
  write(KEYS.quiz, text);
}
