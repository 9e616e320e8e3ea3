/** Boards as text: drawing a board in every format, and reading one back. */

export {
  BOARD_FORMS,
  type BoardForm,
  detectForm,
  type ParseErrorCode,
  type ParseOptions,
  type ParseResult,
  parseBoard,
  parseBoardAs,
} from "./read.js";
export {
  BOARD_STYLES,
  type BoardStyle,
  type FormatOptions,
  formatBoard,
  formatChunks,
} from "./write.js";
