/*
 * A model of the join's pair-count work, not part of the library
 * (docs/notes/2026-12-07-join-two-middle-columns.md). For S random rowsets R of even n it builds
 * the west half-boards on R and the east ones on the other rows (their diagonals as bit masks),
 * and costs their pair count the way the kernel does it (join/partition.ts): the longer list B
 * cut into blocks of 128 keys, k = floor(log2(|B| / 128)) + EXTRA partition bits, the bits set most
 * often on both sides, each key of A visiting the blocks whose pattern misses its own. Then the
 * same for the split with the two middle columns' queens fixed first (a in column h - 1, b in
 * column h): for every a in R and b outside it, the west halves with their queen of column h - 1
 * on a and clear of b's diagonals, the east ones likewise, each pair counted alone.
 * Work: visits x (2 chunks + 6) + blocks x 768 chunks (the where-time-goes note's arithmetic).
 *
 * Build: gcc -O3 -march=native -o /tmp/join-split-visits scripts/models/join-split-visits.c -lm
 * Run:   /tmp/join-split-visits N S [EXTRA]      (n = 20, S = 12: about a second)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint64_t d1, d2; int inner; } Key; /* inner: the row of the innermost queen */
typedef struct { double visits, blocks, work, pairs, keys; } Work;

static int n, h, extra;
static uint64_t d1used, d2used;
static int rowOf[64];

/* Queens in the columns cols[i..], one each, on the rows of `rows`, attacking none placed. */
static void halves(Key *out, long *len, const int *cols, int i, uint32_t rows, int innerCol) {
  if (i == h) {
    out[(*len)++] = (Key){d1used, d2used, rowOf[innerCol]};
    return;
  }
  int c = cols[i];
  for (int r = 0; r < n; r++) {
    if (!(rows >> r & 1)) continue;
    uint64_t a = 1ull << (r + c), b = 1ull << (r - c + n - 1);
    if ((d1used & a) || (d2used & b)) continue;
    d1used |= a, d2used |= b, rowOf[c] = r;
    halves(out, len, cols, i + 1, rows & ~(1u << r), innerCol);
    d1used &= ~a, d2used &= ~b;
  }
}

static int bit(const Key *k, int j) { return j < 64 ? (k->d1 >> j) & 1 : (k->d2 >> (j - 64)) & 1; }

static Work pairCount(Key *A, long na, Key *B, long nb) {
  Work w = {0};
  if (na == 0 || nb == 0) return w;
  if (na > nb) {
    Key *t = A; A = B, B = t;
    long x = na; na = nb, nb = x;
  }
  double fa[128] = {0}, fb[128] = {0};
  for (long i = 0; i < na; i++) for (int j = 0; j < 128; j++) fa[j] += bit(&A[i], j);
  for (long i = 0; i < nb; i++) for (int j = 0; j < 128; j++) fb[j] += bit(&B[i], j);
  int bits = 0;
  for (int j = 0; j < 128; j++) bits += fa[j] > 0 && fb[j] > 0;
  int k = (int)floor(log2((double)nb / 128)) + extra;
  if (k < bits - 48) k = bits - 48;
  k = k < 0 ? 0 : k > 16 ? 16 : k;
  int pick[16];
  char taken[128] = {0};
  for (int t = 0; t < k; t++) {
    int best = 0;
    for (int j = 0; j < 128; j++)
      if (!taken[j] && (taken[best] || fa[j] * fb[j] > fa[best] * fb[best])) best = j;
    taken[best] = 1, pick[t] = best;
  }
  int chunks = (bits - k + 7) / 8 < 4 ? 4 : (bits - k + 7) / 8;
  uint32_t groups = 1u << k;
  double *blocks = calloc(groups, sizeof(double));
  long *keys = calloc(groups, sizeof(long));
  for (long i = 0; i < nb; i++) {
    uint32_t p = 0;
    for (int t = 0; t < k; t++) p |= (uint32_t)bit(&B[i], pick[t]) << t;
    keys[p]++;
  }
  for (uint32_t p = 0; p < groups; p++) blocks[p] = (double)((keys[p] + 127) / 128), w.blocks += blocks[p];
  for (int t = 0; t < k; t++) /* blocks[m]: the blocks of every pattern within m */
    for (uint32_t m = 0; m < groups; m++)
      if (m >> t & 1) blocks[m] += blocks[m ^ (1u << t)];
  for (long i = 0; i < na; i++) {
    uint32_t p = 0;
    for (int t = 0; t < k; t++) p |= (uint32_t)bit(&A[i], pick[t]) << t;
    w.visits += blocks[~p & (groups - 1)];
  }
  w.work = w.visits * (2 * chunks + 6) + w.blocks * 768 * chunks;
  w.pairs = (double)na * nb, w.keys = na + nb;
  free(blocks), free(keys);
  return w;
}

static void add(Work *to, Work w) {
  to->visits += w.visits, to->blocks += w.blocks, to->work += w.work, to->pairs += w.pairs;
  to->keys += w.keys;
}

int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 16;
  int samples = argc > 2 ? atoi(argv[2]) : 100;
  extra = argc > 3 ? atoi(argv[3]) : 0;
  if (n < 6 || n > 22 || n % 2 || samples < 1) {
    fprintf(stderr, "usage: join-split-visits N (even, 6..22) SAMPLES [EXTRA_BITS]\n");
    return 2;
  }
  h = n / 2;
  uint32_t all = (1u << n) - 1;
  long cap = 40000000;
  Key *W = malloc(sizeof(Key) * cap), *E = malloc(sizeof(Key) * cap);
  Key *A = malloc(sizeof(Key) * cap), *B = malloc(sizeof(Key) * cap);
  int west[32], east[32];
  for (int i = 0; i < h; i++) west[i] = h - 1 - i, east[i] = h + i;
  Work now = {0}, two = {0};
  uint64_t seed = 88172645463325252ull;
  for (int s = 0; s < samples; s++) {
    uint32_t R = 0;
    while (__builtin_popcount(R) < h) {
      seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
      R |= 1u << (seed % n);
    }
    long nw = 0, ne = 0;
    d1used = d2used = 0, halves(W, &nw, west, 0, R, h - 1);
    d1used = d2used = 0, halves(E, &ne, east, 0, all & ~R, h);
    add(&now, pairCount(W, nw, E, ne));
    for (int a = 0; a < n; a++) {
      if (!(R >> a & 1)) continue;
      for (int b = 0; b < n; b++) {
        if ((R >> b & 1) || abs(a - b) == 1) continue;
        uint64_t a1 = 1ull << (a + h - 1), a2 = 1ull << (a - (h - 1) + n - 1);
        uint64_t b1 = 1ull << (b + h), b2 = 1ull << (b - h + n - 1);
        long na = 0, nb = 0;
        for (long i = 0; i < nw; i++)
          if (W[i].inner == a && !(W[i].d1 & b1) && !(W[i].d2 & b2))
            A[na++] = (Key){W[i].d1 & ~a1, W[i].d2 & ~a2, a};
        for (long i = 0; i < ne; i++)
          if (E[i].inner == b && !(E[i].d1 & a1) && !(E[i].d2 & a2))
            B[nb++] = (Key){E[i].d1 & ~b1, E[i].d2 & ~b2, b};
        add(&two, pairCount(A, na, B, nb));
      }
    }
  }
  printf("n=%d, %d rowsets, %+d partition bits: today visits %.3g blocks %.3g work %.3g pairs %.3g keys %.3g\n",
         n, samples, extra, now.visits, now.blocks, now.work, now.pairs, now.keys);
  printf("  two middle columns: visits %.3f blocks %.3f work %.3f pairs %.3f keys %.3f of today's\n",
         two.visits / now.visits, two.blocks / now.blocks, two.work / now.work, two.pairs / now.pairs,
         two.keys / now.keys);
  return 0;
}
