// The part of logic-solver 2.0.1 (MiniSat compiled to JavaScript; no types of its own) that the
// SAT route of the completion tests and benchmark uses.
declare module "logic-solver" {
  type Operand = string | Formula;
  interface Formula {
    readonly _formula: true;
  }
  interface Solution {
    getTrueVars(): string[];
    getFormula(): Formula;
  }
  class Solver {
    require(...formulas: Operand[]): void;
    forbid(...formulas: Operand[]): void;
    solve(): Solution | null;
  }
  const Logic: {
    Solver: typeof Solver;
    exactlyOne(...operands: Operand[]): Formula;
    atMostOne(...operands: Operand[]): Formula;
    or(...operands: Operand[]): Formula;
    not(operand: Operand): Formula;
  };
  export default Logic;
}
