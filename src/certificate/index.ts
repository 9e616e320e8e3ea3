/**
 * **Completion certificates**: the checker (check.ts, on its own board model, board-model.ts,
 * sharing nothing with the completion search) and the instance's hash (instance-hash.ts). The
 * certifying search that writes them is `certifyCompletion` in completion/certify.ts.
 *
 * The format, version 1: text, one item a line, words separated by one space, lines ending in
 * "\n"; rows and columns are the board's, from 0.
 *
 * ```
 * nqueens-certificate 1
 * n 21
 * instance sha256 <64 hex digits: instanceText(board), see instance-hash.ts>
 * yes C0 C1 ... C(n-1)         a completion, the column of each row's queen; or:
 * no                           then the search tree in preorder, one node a line:
 * b row R C1 C2 ...            branch on row R: its squares still possible, in the order tried
 * b col C R1 R2 ...            branch on column C: its rows, in the order tried
 *                              (each child follows: the subtree with that square's queen placed)
 * f row R [r,c ...]            leaf: row R has no square left, the queens r,c being the ones
 * f col C [r,c ...]            propagation placed at this node (forced lines), in any order
 * f bound                      leaf: the diagonals still open cannot take the missing queens
 * f clash r,c r,c              the only node when two fixed queens attack each other
 * end
 * ```
 *
 * At every node the checker closes the position with two rules (a line with one square left
 * gets its queen there; a square attacking both squares of a line with two left is ruled out),
 * so the tree holds only decisions and reasons, and each branch's list must be exactly the
 * line's squares left: the children cover every case.
 */
export { CERTIFICATE_HEADER, type CertificateCheck, checkCertificate } from "./check.js";
export { instanceHash } from "./instance-hash.js";
