/**
 * The instance a certificate is about, named in its header: the SHA-256 of a canonical text of
 * the board (n, the queens, the blocked squares, the excluded diagonals, each sorted, each once),
 * so that a certificate checked against another board is refused at its third line. Web Crypto
 * (global in Node and in browsers), nothing else.
 */
import type { PartialBoard } from "../board.js";

/** The board as one canonical text: the same board, the same text, whatever its order. */
function instanceText(board: PartialBoard): string {
  const squares = (list: readonly { row: number; col: number }[]): string =>
    [...new Set(list.map((s) => `${s.row},${s.col}`))]
      .sort((a, b) => {
        const [ar, ac] = a.split(",").map(Number);
        const [br, bc] = b.split(",").map(Number);
        return ar! - br! || ac! - bc!;
      })
      .join(" ");
  const values = (list: readonly number[] | undefined): string =>
    [...new Set(list ?? [])].sort((a, b) => a - b).join(" ");
  return [
    `n ${board.n}`,
    `queens ${squares(board.queens)}`,
    `blocked ${squares(board.blocked ?? [])}`,
    `sums ${values(board.excluded?.sums)}`,
    `differences ${values(board.excluded?.differences)}`,
    "",
  ].join("\n");
}

/** The SHA-256 of {@link instanceText}, 64 hexadecimal digits. */
export async function instanceHash(board: PartialBoard): Promise<string> {
  const bytes = new TextEncoder().encode(instanceText(board));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
