/**
 * **Completion certificates**: the checker (check.ts, with the "no" trees' replays tree.ts and
 * tree-v1.ts, on its own board model, board-model.ts, sharing nothing with the completion
 * search) and the instance's hash (instance-hash.ts). The certifying search that writes them is
 * `certifyCompletion` in completion/certify.ts.
 *
 * The format, version 2: text, one item a line, words separated by one space, lines ending in
 * "\n"; rows and columns are the board's, from 0.
 *
 * ```
 * nqueens-certificate 2
 * n 21
 * instance sha256 <64 hex digits: instanceText(board), see instance-hash.ts>
 * yes C0 C1 ... C(n-1)         a completion, the column of each row's queen; or:
 * no                           then the search tree in preorder, one line per node that the
 *                              checker cannot close by itself:
 * rR                           branch on row R (r12): its children are its squares still
 *                              possible, in ascending column order, each a subtree
 * cC                           branch on column C: its rows still possible, ascending
 * f bound                      leaf: the diagonals still open cannot take the missing queens
 * f clash r,c r,c              the only node when two fixed queens attack each other
 * end
 * ```
 *
 * At every node the checker closes the position with the forced rule (a line with one square
 * left gets its queen there). When that meets a line without a queen and without a square, the
 * node is a leaf that takes no line; otherwise the next line is the node's: a branch, whose
 * children cover every square of its line, or the bound. So the tree holds only the search's
 * choices of line, a few bytes a node.
 *
 * Version 1 (nqueens 0.2.0), still read: the same header lines and "yes"; its "no" tree has a
 * line for every node, `b row R C1 C2 ...` / `b col C R1 R2 ...` (the squares, in the order
 * tried, exactly those left after a closure that also rules out the squares attacking both
 * squares of a line with two), `f row R [r,c ...]` / `f col C [r,c ...]` (the line left without
 * a square, and the queens propagation placed at that node) and `f bound`.
 */
export {
  CERTIFICATE_HEADER,
  type CertificateCheck,
  checkCertificate,
  checkCertificateBytes,
} from "./check.js";
export { instanceHash } from "./instance-hash.js";
