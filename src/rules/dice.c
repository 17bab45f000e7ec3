/* Random numbers and dice; see dice.h. */
#include "sightline/dice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PCG32 (XSH RR), O'Neill 2014: small, fast, and the same on every
 * machine. */
void sl_rng_seed(sl_rng *r, uint64_t seed)
{
    r->state = 0u;
    r->inc = (seed << 1u) | 1u;
    sl_rng_next(r);
    r->state += 0x853c49e6748fea9bull ^ seed;
    sl_rng_next(r);
}

uint32_t sl_rng_next(sl_rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ull + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

int sl_rng_die(sl_rng *r, int sides)
{
    if (sides <= 1)
        return 1;
    /* reject the top sliver so every face is equally likely */
    uint32_t bound = (uint32_t)sides;
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t x = sl_rng_next(r);
        if (x >= threshold)
            return (int)(x % bound) + 1;
    }
}

void sl_dice_init(sl_dice *d, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    sl_rng_seed(&d->rng, seed);
}

bool sl_dice_script(sl_dice *d, const int *values, int n)
{
    free(d->script);
    d->script = NULL;
    d->nscript = d->at = 0;
    if (n <= 0)
        return true;
    d->script = malloc(sizeof(int) * (size_t)n);
    if (!d->script)
        return false;
    memcpy(d->script, values, sizeof(int) * (size_t)n);
    d->nscript = n;
    return true;
}

void sl_dice_free(sl_dice *d)
{
    free(d->script);
    d->script = NULL;
}

bool sl_dice_roll(sl_dice *d, sl_die die, int *value, char *err, size_t errlen)
{
    int sides = (int)die;
    if (sides < 2) {
        snprintf(err, errlen, "no die to roll");
        return false;
    }
    if (d->script) {
        if (d->at >= d->nscript) {
            snprintf(err, errlen, "the scripted dice ran out at roll %ld (a %s was wanted)", d->rolls + 1,
                     sl_die_name(die));
            return false;
        }
        int v = d->script[d->at];
        if (v < 1 || v > sides) {
            snprintf(err, errlen, "scripted die %d is %d, which a %s cannot roll", d->at + 1, v, sl_die_name(die));
            return false;
        }
        d->at++;
        d->rolls++;
        *value = v;
        return true;
    }
    *value = sl_rng_die(&d->rng, sides);
    d->rolls++;
    return true;
}

static const sl_die ladder[5] = {SL_D4, SL_D6, SL_D8, SL_D10, SL_D12};

static int rung(sl_die d)
{
    for (int i = 0; i < 5; i++)
        if (ladder[i] == d)
            return i;
    return -1;
}

sl_die sl_die_shift_closed(sl_die d, int steps)
{
    int r = rung(d);
    if (r < 0)
        return d;
    r += steps;
    return ladder[r < 0 ? 0 : r > 4 ? 4 : r];
}

sl_die sl_die_shift_open(sl_die d, int steps, int *excess)
{
    int r = rung(d);
    *excess = 0;
    if (r < 0)
        return d;
    r += steps;
    if (r > 4) {
        *excess = r - 4;
        r = 4;
    } else if (r < 0) {
        *excess = r;
        r = 0;
    }
    return ladder[r];
}

sl_die sl_die_at_least(int n)
{
    if (n < 1)
        return SL_DIE_NONE;
    for (int i = 0; i < 5; i++)
        if ((int)ladder[i] >= n)
            return ladder[i];
    return SL_D12;
}

const char *sl_success_name(sl_success s)
{
    switch (s) {
    case SL_MINOR: return "minor";
    case SL_MAJOR: return "major";
    default: return "fail";
    }
}

sl_success sl_count_success(const int *values, int n, int target, int *beat)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += values[i] > target;
    if (beat)
        *beat = k;
    return k == 0 ? SL_FAIL : k == 1 ? SL_MINOR : SL_MAJOR;
}

double sl_p_exceeds(sl_die d, int t)
{
    int sides = (int)d;
    if (sides < 1)
        return 0.0;
    if (t < 0)
        t = 0;
    if (t >= sides)
        return 0.0;
    return (double)(sides - t) / sides;
}

void sl_p_opposed(const sl_die *firer, int n, sl_die target, double *p_fail, double *p_minor, double *p_major)
{
    double f0 = 0, f1 = 0, f2 = 0;
    int ts = (int)target;
    for (int t = 1; t <= ts; t++) {
        /* the number of firer dice beating t: a sum of Bernoullis */
        double q0 = 1.0, q1 = 0.0; /* P(0 so far), P(exactly 1 so far) */
        for (int i = 0; i < n; i++) {
            double p = sl_p_exceeds(firer[i], t);
            q1 = q1 * (1 - p) + q0 * p;
            q0 = q0 * (1 - p);
        }
        f0 += q0 / ts;
        f1 += q1 / ts;
        f2 += (1.0 - q0 - q1) / ts;
    }
    *p_fail = f0;
    *p_minor = f1;
    *p_major = f2;
}
