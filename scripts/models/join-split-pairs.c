/*
 * A model of the join's split, not part of the library (docs/notes/2026-12-07-join-two-middle-columns.md).
 * For even n it sums, over the rowsets R, the raw pair products |W(R)| x |E(rows \ R)| of
 * half-board lists under two splits: today's (west h columns | east h columns) and one with the
 * two middle columns' queens fixed first (a in column h - 1, b in column h; halves of h - 1
 * columns filtered by both). For odd n, today's middle-column split. With --check (n <= 12) it
 * also joins the lists pair by pair and prints the solutions each split finds (the known counts).
 *
 * Build: gcc -O3 -march=native -o /tmp/join-split-pairs scripts/models/join-split-pairs.c
 * Run:   /tmp/join-split-pairs 16        (n = 18 takes about 75 s)
 *        /tmp/join-split-pairs 12 --check
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint32_t rows; uint64_t d1, d2; } Half;

static int n;
static uint64_t d1used, d2used;
static uint64_t *perRowset; /* half-boards found, by rowset */
static Half *list;          /* --check: the half-boards themselves */
static long listLength;

/* Queens in columns col..last (+ shift), one each, on rows outside `rows`, attacking none placed. */
static void halves(int col, int last, int shift, uint32_t rows) {
  if (col > last) {
    if (list) list[listLength++] = (Half){rows, d1used, d2used};
    else perRowset[rows]++;
    return;
  }
  int c = col + shift;
  for (int r = 0; r < n; r++) {
    if (rows >> r & 1) continue;
    uint64_t a = 1ull << (r + c), b = 1ull << (r - c + n);
    if ((d1used & a) || (d2used & b)) continue;
    d1used |= a, d2used |= b;
    halves(col + 1, last, shift, rows | 1u << r);
    d1used &= ~a, d2used &= ~b;
  }
}

/* The two middle queens' diagonals: a in column h - 1, b in column h. */
static void middle(int h, int a, int b) {
  d1used = (1ull << (a + h - 1)) | (1ull << (b + h));
  d2used = (1ull << (a - (h - 1) + n)) | (1ull << (b - h + n));
}

static void sums(void) {
  uint32_t all = (1u << n) - 1;
  size_t bytes = (size_t)8 << n;
  int h = n / 2;
  if (n % 2 == 1) {
    double pairs = 0;
    for (int m = 0; m < n; m++) {
      d1used = 1ull << (m + h), d2used = 1ull << (m - h + n);
      memset(perRowset, 0, bytes);
      halves(0, h - 1, 0, 1u << m);
      for (uint32_t R = 0; R <= all; R++)
        if (perRowset[R]) pairs += (double)perRowset[R] * perRowset[(all & ~R) | 1u << m];
    }
    printf("n=%d odd, the middle column first: sum |W||E| = %.4g\n", n, pairs);
    return;
  }
  d1used = d2used = 0;
  memset(perRowset, 0, bytes);
  halves(0, h - 1, 0, 0);
  double pairs = 0;
  for (uint32_t R = 0; R <= all; R++)
    if (perRowset[R]) pairs += (double)perRowset[R] * perRowset[all & ~R];
  printf("n=%d even, halves of %d columns: sum |W||E| = %.4g\n", n, h, pairs);
  uint64_t *ab = malloc(bytes), *ba = malloc(bytes);
  double pairs2 = 0;
  long items = 0;
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      if (a == b || abs(a - b) == 1) continue;
      uint32_t both = (1u << a) | (1u << b);
      middle(h, a, b), memset(perRowset, 0, bytes), halves(0, h - 2, 0, both);
      memcpy(ab, perRowset, bytes);
      /* The east halves are the west ones mirrored, with a and b's columns swapped. */
      middle(h, b, a), memset(perRowset, 0, bytes), halves(0, h - 2, 0, both);
      memcpy(ba, perRowset, bytes);
      for (uint32_t R = 0; R <= all; R++) {
        uint64_t east = ba[(all & ~R) | both];
        if (ab[R] && east) pairs2 += (double)ab[R] * east, items++;
      }
    }
  printf("  two middle columns first: sum |W'||E'| = %.4g, %.3f of the above, %ld items\n",
         pairs2, pairs2 / pairs, items);
}

/* Joins the lists pair by pair: the solutions each split finds. */
static void check(void) {
  int h = n / 2;
  uint32_t all = (1u << n) - 1;
  list = malloc(sizeof(Half) * 4000000);
  listLength = 0, d1used = d2used = 0;
  halves(0, h - 1, 0, 0);
  long west = listLength;
  halves(0, h - 1, h, 0);
  long found = 0;
  for (long i = 0; i < west; i++)
    for (long j = west; j < listLength; j++)
      if ((list[i].rows ^ list[j].rows) == all && !(list[i].d1 & list[j].d1) && !(list[i].d2 & list[j].d2)) found++;
  long found2 = 0;
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      if (a == b || abs(a - b) == 1) continue;
      uint32_t both = (1u << a) | (1u << b);
      middle(h, a, b);
      uint64_t m1 = d1used, m2 = d2used;
      listLength = 0, halves(0, h - 2, 0, both);
      long w = listLength;
      d1used = m1, d2used = m2, halves(0, h - 2, h + 1, both);
      for (long i = 0; i < w; i++)
        for (long j = w; j < listLength; j++)
          if ((list[i].rows | list[j].rows) == all && !(list[i].rows & list[j].rows & ~both) &&
              !(list[i].d1 & list[j].d1 & ~m1) && !(list[i].d2 & list[j].d2 & ~m2)) found2++;
    }
  printf("n=%d solutions: halves %ld, two middle columns %ld\n", n, found, found2);
}

int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 12;
  int checking = argc > 2 && strcmp(argv[2], "--check") == 0;
  if (n < 4 || n > 20 || (checking && (n % 2 || n > 12))) {
    fprintf(stderr, "usage: join-split-pairs N (4..20) [--check, even N <= 12]\n");
    return 2;
  }
  if (checking) check();
  else perRowset = malloc((size_t)8 << n), sums();
  return 0;
}
