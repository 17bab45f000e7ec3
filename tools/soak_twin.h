/* The soak's fog twins (issue 36): a scenario played in step with its
 * twin, the same scenario with a dummy and a hidden unit swapped (same
 * ids, same places) or a hidden unit made a dummy. Until one of the
 * counters that differ is revealed, every side that does not own them
 * must read the same of both games: the same acceptances and refusals of
 * its own commands, the same words, the same numbers. */
#ifndef SIGHTLINE_SOAK_TWIN_H
#define SIGHTLINE_SOAK_TWIN_H

#include <stdbool.h>

#include "sightline/game.h"
#include "sightline/io.h"

typedef struct soak_twin {
    const char *path;       /* the twin's scenario */
    const char *differ[2];  /* the units whose counters differ, NULL-ended */
    sl_world w;
    sl_game g;
    bool on;                /* still compared */
    int owner;              /* the side that owns the counters that differ */
    sl_reading ra[SL_MAX_SIDES], rb[SL_MAX_SIDES];
    long compared;          /* commands compared */
} soak_twin;

/* The twins of a scenario (0 to max); each loaded and started as `a` was
 * (the same seed). */
int soak_twins_start(const char *scen, const sl_game *a, uint64_t seed, soak_twin *out, int max);
void soak_twin_free(soak_twin *t);
/* After a command was proposed to game `a` (its line, written before it
 * was applied; built: it was given as a built command, not a typed line),
 * applied there with result ok/err, events from n0, given by side `by`:
 * the same to the twin, and the readings compared. NULL, or what differs
 * (a static string). */
const char *soak_twin_step(soak_twin *t, const sl_game *a, const char *line, bool built, bool ok_a, const char *err_a,
                           int n0, int by);

#endif
