/**
 * Exercises without end: rounds of five questions made from a seed on random boards (which square
 * is safe, how many queens still fit, can it be completed, what backtracking does next), each
 * answer worked out by the library, a hint and a second try after a wrong pick, and a summary at
 * the round's end. Part of the Lesson: its panel shows them while the address names a round
 * (`#mode=lesson&step=problem&exercise=safe&seed=17&at=2`), and the lesson shows a door to them.
 *
 * state.ts holds what the exercises keep, model.ts makes the questions and checks the picks,
 * render.ts draws them; this file wires the choices, the check and the links to state changes,
 * and is the folder's door.
 */
import type { App } from "../dom.js";
import { exerciseKey, type PageState, ROUND_LENGTH } from "../state.js";
import { newSeed } from "./model.js";
import { type ExerciseActions, ExerciseView } from "./render.js";
import { check, type ExerciseState, initialState, showQuestion } from "./state.js";

export class ExerciseMode {
  private readonly es: ExerciseState = initialState();
  private readonly view: ExerciseView;
  /** The round shown (kind, seed, question), or "" while the lesson shows its step. */
  private shown = "";
  /** The lesson's step the door was drawn under (drawn again only for another step). */
  private door = "";
  private readonly act: ExerciseActions = {
    go: (state) => {
      this.app.set(state, "push");
      if (state.exercise) this.view.focusTitle();
    },
    choose: (id) => {
      this.es.chosen = id;
    },
    check: () => {
      check(this.es);
      this.redraw();
    },
    next: () => {
      const ref = this.es.ref;
      if (!ref) return;
      this.app.set({ exercise: { ...ref, at: Math.min(ROUND_LENGTH - 1, ref.at + 1) } }, "push");
      this.view.focusTitle();
    },
    newRound: () => {
      const ref = this.es.ref;
      if (!ref) return;
      this.app.set({ exercise: { kind: ref.kind, seed: newSeed(Date.now()), at: 0 } }, "push");
      this.view.focusTitle();
    },
  };

  constructor(
    panel: HTMLElement,
    private readonly app: App,
  ) {
    this.view = new ExerciseView(panel);
  }

  /**
   * Shows the round the state names and returns true, or, when it names none, the door to the
   * exercises under the lesson's step and returns false.
   */
  show(state: PageState): boolean {
    const ref = state.exercise;
    this.view.showing(ref !== null);
    if (!ref) {
      if (this.door !== state.lesson) {
        this.door = state.lesson ?? "";
        this.view.drawDoor(state, newSeed(Date.now()), this.act.go);
      }
      return false;
    }
    const key = exerciseKey(ref);
    if (key !== this.shown) {
      this.shown = key;
      showQuestion(this.es, ref);
    }
    this.redraw();
    return true;
  }

  private redraw(): void {
    this.view.drawRound(this.es, this.app.state, this.act);
  }
}
