/* Scoring arithmetic on bitboards held as 64-bit words: connected groups, weighted counts in
 * them and around squares, for kingdomino.core._bitgrid (Grid's compiled methods, on the
 * engine's ints). Only arithmetic lives here, in standard C: which layers and weights make a
 * score is the engine's to say, and reading Python's objects is _bitgrid.c's.
 *
 * A grid is `rows` rows of `stride` bits; the squares are the bits of `valid`, and every row
 * ends with at least one bit that is no square, so a step off either side of a row lands on it.
 */
#ifndef KINGDOMINO_BITSCORE_H
#define KINGDOMINO_BITSCORE_H

#include <stdint.h>
#include <string.h>

#define BS_WORDS 4 /* grids of up to 256 bits */

typedef struct {
    int nbits, stride, nwords;
    uint64_t valid[BS_WORDS];
    uint64_t rings[64 * BS_WORDS][BS_WORDS]; /* the (up to 8) squares around each square */
} bs_grid;

/* Bits set in a word, inline: without a CPU flag (-mpopcnt) the compiler's builtin is a call. */
static inline int bs_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}

/* The index of the lowest set bit of a nonzero word: the compiler's builtin where there is one,
 * else (or with BS_PORTABLE defined, as a test builds it) a de Bruijn multiplication. */
static inline int bs_ctz64(uint64_t x) {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(BS_PORTABLE)
    return __builtin_ctzll(x);
#else
    static const unsigned char index[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return index[((x & (~x + 1)) * 0x03f79d71b4cb0a89u) >> 58];
#endif
}

static inline int bs_has(const uint64_t *words, int bit) { return (int)((words[bit >> 6] >> (bit & 63)) & 1u); }
static inline void bs_set(uint64_t *words, int bit) { words[bit >> 6] |= (uint64_t)1 << (bit & 63); }

static inline int bs_squares(const uint64_t *words, int nwords) {
    int count = 0;
    for (int w = 0; w < nwords; w++) count += bs_popcount64(words[w]);
    return count;
}

/* Set up `grid` (rows x stride bits, of which `valid` are squares; at most 64 * BS_WORDS bits,
 * the caller checks) and its rings. */
static inline void bs_grid_init(bs_grid *grid, int rows, int stride, const uint64_t *valid) {
    grid->nbits = rows * stride;
    grid->stride = stride;
    grid->nwords = (grid->nbits + 63) / 64;
    memset(grid->valid, 0, sizeof grid->valid);
    memcpy(grid->valid, valid, sizeof(uint64_t) * (size_t)grid->nwords);
    memset(grid->rings, 0, sizeof grid->rings);
    const int steps[8] = {1, -1, stride, -stride, stride + 1, stride - 1, -stride + 1, -stride - 1};
    for (int square = 0; square < grid->nbits; square++) {
        if (!bs_has(grid->valid, square)) continue;
        for (int k = 0; k < 8; k++) {
            int next = square + steps[k];
            if (next >= 0 && next < grid->nbits && bs_has(grid->valid, next)) bs_set(grid->rings[square], next);
        }
    }
}

/* Grow `region` (empty on entry) from square `start` over the squares of `mask`. */
static inline void bs_grow(const bs_grid *grid, const uint64_t *mask, int start, uint64_t *region) {
    int stack[64 * BS_WORDS];
    const int steps[4] = {1, -1, grid->stride, -grid->stride};
    int top = 0;
    bs_set(region, start);
    stack[top++] = start;
    while (top) {
        int square = stack[--top];
        for (int k = 0; k < 4; k++) {
            int next = square + steps[k];
            if (next < 0 || next >= grid->nbits || !bs_has(mask, next) || bs_has(region, next)) continue;
            bs_set(region, next);
            stack[top++] = next;
        }
    }
}

/* The weighted count of the layers' squares within `within` (a zero weight skips its layer). */
static inline long long bs_weighted_within(const uint64_t *within, const uint64_t *const *layers, const long *weights,
                                           int count, int nwords) {
    long long total = 0;
    for (int i = 0; i < count; i++) {
        if (weights[i] == 0) continue;
        long long squares = 0;
        for (int v = 0; v < nwords; v++) squares += bs_popcount64(within[v] & layers[i][v]);
        total += weights[i] * squares;
    }
    return total;
}

/* Scoring: the sum over the connected groups of `mask` of the group's squares times the
 * weighted count of the layers' squares in it (only groups holding a square of some layer
 * score, so only those are grown). */
static inline long long bs_region_points(const bs_grid *grid, const uint64_t *mask, const uint64_t *const *layers,
                                         const long *weights, int count) {
    int nwords = grid->nwords;
    uint64_t seeds[BS_WORDS] = {0};
    for (int i = 0; i < count; i++)
        for (int w = 0; w < nwords; w++) seeds[w] |= layers[i][w] & mask[w];
    long long total = 0;
    for (int w = 0; w < nwords; w++) {
        while (seeds[w]) {
            uint64_t region[BS_WORDS] = {0};
            bs_grow(grid, mask, w * 64 + bs_ctz64(seeds[w]), region);
            for (int v = 0; v < nwords; v++) seeds[v] &= ~region[v];
            total += bs_squares(region, nwords) * bs_weighted_within(region, layers, weights, count, nwords);
        }
    }
    return total;
}

/* Scoring around squares: over the squares of `centre`, the weighted count of the targets'
 * squares among its 8 surrounding squares (a target square counts once per centre square). */
static inline long long bs_surrounding(const bs_grid *grid, const uint64_t *centre, const uint64_t *const *targets,
                                       const long *weights, int count) {
    long long total = 0;
    for (int w = 0; w < grid->nwords; w++)
        for (uint64_t bits = centre[w]; bits; bits &= bits - 1)
            total += bs_weighted_within(grid->rings[w * 64 + bs_ctz64(bits)], targets, weights, count,
                                        grid->nwords);
    return total;
}

/* The squares of the largest connected group of `mask` larger than `largest` (else `largest`). */
static inline int bs_largest_region(const bs_grid *grid, const uint64_t *mask, int largest) {
    int nwords = grid->nwords;
    uint64_t left_mask[BS_WORDS] = {0};
    memcpy(left_mask, mask, sizeof(uint64_t) * (size_t)nwords);
    int left = bs_squares(left_mask, nwords);
    for (int w = 0; w < nwords && left > largest; w++) {
        while (left_mask[w] && left > largest) {
            uint64_t region[BS_WORDS] = {0};
            bs_grow(grid, left_mask, w * 64 + bs_ctz64(left_mask[w]), region);
            int size = bs_squares(region, nwords);
            for (int v = 0; v < nwords; v++) left_mask[v] &= ~region[v];
            left -= size;
            if (size > largest) largest = size;
        }
    }
    return largest;
}

#endif
