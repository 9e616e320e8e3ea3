/**
 * Moved to `judges/aoj.ts` (with the other judges in `judges/`); these names stay here for the
 * modules that still import them from this path.
 */
export {
  completeJudge,
  JUDGE_SIZE,
  type JudgeAnswer,
  type JudgeParseResult,
  parseJudgeInput,
  solveJudge,
} from "./judges/aoj.js";
