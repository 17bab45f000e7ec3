/* sightline: the random number generator and Stargrunt II dice.
 *
 * One seeded generator (PCG32) lives in the game state; nothing else in
 * the core is random. A queue of scripted values can stand in for it, so a
 * worked example from the rules is replayed with exactly its dice.
 */
#ifndef SIGHTLINE_DICE_H
#define SIGHTLINE_DICE_H

#include <stdbool.h>
#include <stdint.h>

#include "sightline/model.h"

typedef struct sl_rng {
    uint64_t state;
    uint64_t inc;
} sl_rng;

void sl_rng_seed(sl_rng *r, uint64_t seed);
uint32_t sl_rng_next(sl_rng *r);
/* Uniform in 1..sides, without modulo bias. */
int sl_rng_die(sl_rng *r, int sides);

/* Where rolls come from: the generator, or scripted values in order. */
typedef struct sl_dice {
    sl_rng rng;
    int *script;        /* scripted values, NULL when rolling */
    int nscript, at;
    long rolls;         /* rolls made so far */
} sl_dice;

void sl_dice_init(sl_dice *d, uint64_t seed);
/* Use these values in order instead of the generator (copied). */
bool sl_dice_script(sl_dice *d, const int *values, int n);
void sl_dice_free(sl_dice *d);
/* Roll one die. Returns false when a scripted value does not fit the die
 * or the script has run out; *err says which. */
bool sl_dice_roll(sl_dice *d, sl_die die, int *value, char *err, size_t errlen);

/* Closed shift: past D12 stays D12, below D4 stays D4. */
sl_die sl_die_shift_closed(sl_die d, int steps);
/* Open shift of `d` by `steps`: what cannot be taken up is returned in
 * *excess (positive: beyond D12, negative: below D4), to be applied the
 * other way to the opponent's die. */
sl_die sl_die_shift_open(sl_die d, int steps, int *excess);
/* The die with the fewest sides that is at least n (D4..D12), for the
 * casualty allocation roll; 0 below 1. */
sl_die sl_die_at_least(int n);

/* Opposed roll outcome of several dice against one. */
typedef enum sl_success { SL_FAIL, SL_MINOR, SL_MAJOR } sl_success;
const char *sl_success_name(sl_success s);
/* How many of `values` exceed `target` (ties fail), as an outcome. */
sl_success sl_count_success(const int *values, int n, int target, int *beat);

/* Exact odds, for previews and tests. */
/* P(a die roll exceeds t). */
double sl_p_exceeds(sl_die d, int t);
/* For dice `firer` (n) against one `target` die: probabilities of 0, 1,
 * and 2 or more of them exceeding it. */
void sl_p_opposed(const sl_die *firer, int n, sl_die target, double *p_fail, double *p_minor, double *p_major);

#endif
