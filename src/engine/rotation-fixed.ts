/**
 * The one rotation-fixed search: the solutions (or completions) that a half turn or a quarter turn
 * of the board maps onto themselves, which Burnside's lemma needs for the unique count. The plain
 * counter (plain.ts), the constellations (kernel.ts) and the join (join/symmetric.ts) all ask it.
 */

/**
 * Counts the completions of the partial board `cols` (-1 = empty row) that a rotation by 180
 * degrees (`quarter` false) or by 90 degrees (`quarter` true) maps onto themselves. Queens are
 * placed a whole rotation orbit at a time (2 or 4 squares), so the search is tiny: for the few
 * rotation-symmetric constellations, whose unique count needs it, and for whole empty boards.
 * `cols` is restored.
 */
export function countRotationFixed(n: number, cols: Int32Array, quarter: boolean): number {
  const m = n - 1;
  const usedCol = new Uint8Array(n);
  const usedUp = new Uint8Array(2 * n); // r + c
  const usedDown = new Uint8Array(2 * n); // r - c + m
  const free = (r: number, c: number) =>
    cols[r] === -1 && usedCol[c] === 0 && usedUp[r + c] === 0 && usedDown[r - c + m] === 0;
  const mark = (r: number, c: number, v: number) => {
    cols[r] = v === 1 ? c : -1;
    usedCol[c] = v;
    usedUp[r + c] = v;
    usedDown[r - c + m] = v;
  };
  for (let r = 0; r < n; r++) {
    const c = cols[r];
    if (c < 0) continue;
    // The preset must itself be invariant, and its queens must not attack each other.
    if (cols[m - r] !== m - c || (quarter && cols[c] !== m - r)) return 0;
    if (usedCol[c] || usedUp[r + c] || usedDown[r - c + m]) return 0;
    usedCol[c] = 1;
    usedUp[r + c] = 1;
    usedDown[r - c + m] = 1;
  }
  const turns = quarter ? 4 : 2;
  const place = (row: number): number => {
    while (row < n && cols[row] !== -1) row++;
    if (row === n) return 1;
    let total = 0;
    const orbit = new Int32Array(8); // per level: the recursion below reuses nothing of it
    for (let c = 0; c < n; c++) {
      if (!free(row, c)) continue; // the orbit's first square: most columns end here
      // The orbit of (row, c): 2 or 4 squares, some equal (the centre of an odd board).
      let size = 0;
      let r2 = row;
      let c2 = c;
      for (let k = 0; k < turns; k++) {
        orbit[size++] = r2;
        orbit[size++] = c2;
        const r1 = r2;
        r2 = quarter ? c2 : m - r2;
        c2 = m - (quarter ? r1 : c2);
      }
      let placed = 0;
      let ok = true;
      for (let i = 0; i < size && ok; i += 2) {
        const qr = orbit[i];
        const qc = orbit[i + 1];
        if (cols[qr] === qc && i > 0) continue; // the same square twice in the orbit
        if (free(qr, qc)) {
          mark(qr, qc, 1);
          placed = i + 2;
        } else ok = false;
      }
      if (ok) total += place(row + 1);
      for (let i = 0; i < placed; i += 2) {
        const qr = orbit[i];
        const qc = orbit[i + 1];
        if (cols[qr] === qc) mark(qr, qc, 0);
      }
    }
    return total;
  };
  return place(0);
}
