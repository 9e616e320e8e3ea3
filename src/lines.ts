/** Splitting input text into its non-blank lines, without ever building the blank ones. */

/** A non-blank input line, trimmed, with its 1-based line number (every line counts). */
export interface Line {
  readonly text: string;
  readonly no: number;
}

/**
 * The first `max` non-blank lines of a text (LF, CRLF or CR line ends), and whether more follow.
 * Blank lines cost nothing: 16 million newlines are scanned, not stored.
 * @example nonBlankLines("8\r\n\r\n 0 \n", 10) // { lines: [{ text: "8", no: 1 }, { text: "0", no: 3 }], more: false }
 */
export function nonBlankLines(text: string, max: number): { lines: Line[]; more: boolean } {
  const lines: Line[] = [];
  let no = 0;
  let at = 0;
  while (at <= text.length) {
    let end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    no++;
    const raw = text.slice(at, end);
    for (const part of raw.includes("\r") ? raw.split("\r") : [raw]) {
      const t = part.trim();
      if (t === "") continue;
      if (lines.length >= max) return { lines, more: true };
      lines.push({ text: t, no });
    }
    at = end + 1;
  }
  return { lines, more: false };
}
