/* The soak's fog twins: see soak_twin.h. */
#include "soak_twin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *scen, *twin, *differ[2];
} twins[] = {
    {"tests/data/fog-swap-a.json", "tests/data/fog-swap-b.json", {"esu-3", "esu-d1"}},
    {"tests/data/fog-swap-a.json", "tests/data/fog-swap-c.json", {"esu-3", NULL}},
};

int soak_twins_start(const char *scen, const sl_game *a, uint64_t seed, soak_twin *out, int max)
{
    int n = 0;
    for (size_t i = 0; i < sizeof twins / sizeof twins[0] && n < max; i++) {
        if (strcmp(scen, twins[i].scen) != 0)
            continue;
        soak_twin *t = &out[n];
        memset(t, 0, sizeof *t);
        t->path = twins[i].twin;
        t->differ[0] = twins[i].differ[0];
        t->differ[1] = twins[i].differ[1];
        sl_diag d;
        sl_diag_init(&d);
        sl_load_opts lo = {false};
        char err[600];
        bool loaded = sl_world_load(t->path, &lo, &t->w, &d);
        sl_diag_free(&d);
        if (!loaded || !sl_game_init(&t->g, &t->w.scn, seed, err, sizeof err)) {
            fprintf(stderr, "sightline-soak: cannot start the twin %s\n", t->path);
            if (loaded)
                sl_world_free(&t->w);
            continue;
        }
        sl_game_begin(&t->g);
        int u = sl_scenario_find_unit(&a->live, t->differ[0]);
        t->owner = u >= 0 ? a->live.units[u].side : -1;
        t->on = true;
        for (int s = 0; s < SL_MAX_SIDES; s++) {
            sl_reading_init(&t->ra[s], s);
            sl_reading_init(&t->rb[s], s);
        }
        /* what was journalled before the first command (the set-up's offer) */
        for (int s = 0; s < a->live.nsides; s++) {
            for (int e = 0; e < a->journal.n; e++)
                sl_reading_json(&t->ra[s], &a->journal.ev[e]);
            for (int e = 0; e < t->g.journal.n; e++)
                sl_reading_json(&t->rb[s], &t->g.journal.ev[e]);
        }
        n++;
    }
    return n;
}

void soak_twin_free(soak_twin *t)
{
    for (int s = 0; s < SL_MAX_SIDES; s++) {
        sl_reading_free(&t->ra[s]);
        sl_reading_free(&t->rb[s]);
    }
    sl_game_free(&t->g);
    sl_world_free(&t->w);
}

/* A counter that differs is no longer a counter to some side, in either game. */
static bool differ_shown(const soak_twin *t, const sl_game *a)
{
    for (int k = 0; k < 2 && t->differ[k]; k++) {
        int ua = sl_scenario_find_unit(&a->live, t->differ[k]), ub = sl_scenario_find_unit(&t->g.live, t->differ[k]);
        for (int s = 0; s < a->live.nsides; s++)
            if (s != t->owner && (sl_game_knows(a, s, ua) != SL_KNOW_COUNTER ||
                                  sl_game_knows(&t->g, s, ub) != SL_KNOW_COUNTER))
                return true;
    }
    return false;
}

/* The next event from `from` on that the reading reads, its text and JSON. */
static int next_read(const sl_game *g, int from, sl_reading *r, const char **txt, const char **js)
{
    for (int i = from; i < g->journal.n; i++) {
        const char *j = sl_reading_json(r, &g->journal.ev[i]);
        if (j) {
            *txt = sl_event_text_for(&g->journal.ev[i], r->side);
            *js = j;
            return i;
        }
    }
    return -1;
}

static const char *compare_readings(soak_twin *t, const sl_game *a, int n0, int m0)
{
    static char what[1200];
    for (int s = 0; s < a->live.nsides; s++) {
        if (s == t->owner)
            continue;
        int i = n0, k = m0;
        for (;;) {
            const char *ta = NULL, *ja = NULL, *tb = NULL, *jb = NULL;
            int ea = next_read(a, i, &t->ra[s], &ta, &ja);
            char keep[1000];
            snprintf(keep, sizeof keep, "%s", ja ? ja : "");
            int eb = next_read(&t->g, k, &t->rb[s], &tb, &jb);
            if (ea < 0 && eb < 0)
                break;
            if (ea < 0 || eb < 0 || strcmp(keep, jb) != 0 || strcmp(ta, tb) != 0) {
                snprintf(what, sizeof what, "side %s reads differently with %s's counters swapped (%s): %.400s | %.400s",
                         a->live.sides[s].id, t->owner >= 0 ? a->live.sides[t->owner].id : "?", t->path,
                         ea < 0 ? "(nothing)" : keep, eb < 0 ? "(nothing)" : jb);
                t->on = false;
                return what;
            }
            i = ea + 1;
            k = eb + 1;
        }
    }
    return NULL;
}

const char *soak_twin_step(soak_twin *t, const sl_game *a, const char *line, bool built, bool ok_a, const char *err_a,
                           int n0, int by)
{
    static char what[1500];
    if (!t->on)
        return NULL;
    sl_command cb;
    char errb[600] = "";
    bool ok_b;
    int m0 = t->g.journal.n;
    /* the same command: a written one read again in the twin; a built
     * one by the ids of what it names, built again there (a squad's
     * fireteams and elements exist only where a squad is: a command on
     * one the twin lacks is one no player of the other side could give,
     * since all he has of it is its counter) */
    if (!built) {
        ok_b = sl_command_parse(&t->g.live, line, &cb, errb, sizeof errb) &&
               (cb.kind == SL_CMD_NONE || sl_game_apply(&t->g, &cb, errb, sizeof errb));
    } else {
        if (!sl_command_parse(&t->g.live, line, &cb, errb, sizeof errb)) {
            if (ok_a)
                t->on = false; /* played in one game only: they part here */
            return NULL;
        }
        cb.text[0] = '\0';
        ok_b = sl_game_apply(&t->g, &cb, errb, sizeof errb);
    }
    bool reader = by >= 0 && by != t->owner;
    if (ok_a != ok_b || (!ok_a && reader)) {
        if (!reader) {
            t->on = false; /* the owner did what only one of its games allows: they part here */
            return NULL;
        }
        char *pa = sl_game_censor(a, by, err_a), *pb = sl_game_censor(&t->g, by, errb);
        const char *ra = pa ? pa : err_a, *rb = pb ? pb : errb;
        bool same = ok_a == ok_b && strcmp(ra, rb) == 0;
        if (!same)
            snprintf(what, sizeof what, "side %s's '%.200s' is %s here and %s in the twin %s: %.300s | %.300s",
                     a->live.sides[by].id, line, ok_a ? "accepted" : "refused",
                     ok_b ? "accepted" : "refused", t->path, ok_a ? "" : ra, ok_b ? "" : rb);
        free(pa);
        free(pb);
        if (!same) {
            t->on = false;
            return what;
        }
        return NULL;
    }
    if (!ok_a)
        return NULL;
    if (a->outcome.over || t->g.outcome.over) {
        t->on = false; /* the scoring counts every unit: the counters are shown */
        return NULL;
    }
    if (differ_shown(t, a)) {
        t->on = false; /* revealed, flipped or removed: from here the games may differ */
        return NULL;
    }
    t->compared++;
    return compare_readings(t, a, n0, m0);
}
