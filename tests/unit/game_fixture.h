/* Helpers shared by the rules tests: a game on a scenario, commands that
 * must be allowed or refused (and then change nothing), scripted dice,
 * and looking things up in the journal. Included by one test file each. */
#ifndef SIGHTLINE_TESTS_GAME_FIXTURE_H
#define SIGHTLINE_TESTS_GAME_FIXTURE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/dice.h"
#include "sightline/game.h"
#include "sightline/io.h"
#include "sightline/save.h"

#define IN(x) ((int32_t)lround((x) * 1000.0))
#define RULES SL_SOURCE_DIR "/tests/data/rules.json"
#define DEFAULT SL_SOURCE_DIR "/maps/default.json"

/* --- a game to play commands on -------------------------------------------------- */

/* Set a rule option by its name to a value as sl_option_value reads it
 * (a bool 0 or 1, a choice's index, a number). */
static inline void set_option(sl_options *o, const char *name, int32_t v)
{
    const sl_option_desc *d = sl_option_find(name);
    char err[256] = "", word[64] = "";
    assert_non_null(d);
    if (d->type == SL_OPT_BOOL) {
        assert_true(sl_option_set_bool(o, d, v != 0, err, sizeof err));
    } else if (d->type == SL_OPT_CHOICE) {
        const char *p = d->choices;
        for (int i = 0; i < v && p; i++)
            p = strchr(p, '|') ? strchr(p, '|') + 1 : NULL;
        assert_non_null(p);
        snprintf(word, sizeof word, "%.*s", (int)strcspn(p, "|"), p);
        assert_true(sl_option_set_word(o, d, word, err, sizeof err));
    } else {
        assert_true(sl_option_set_number(o, d, d->type == SL_OPT_INCHES ? v / 1000.0 : v, err, sizeof err));
    }
    assert_int_equal(sl_option_value(o, d), v);
}

typedef struct T {
    sl_world w;
    sl_game g;
    char err[600];
} T;

/* The scenario loaded, no game yet (a test may change the scenario first). */
static inline T *load_only(const char *path)
{
    T *t = calloc(1, sizeof *t);
    assert_non_null(t);
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts lo = {false};
    sl_world_init(&t->w);
    if (!sl_world_load(path, &lo, &t->w, &d))
        fail_msg("cannot load %s: %s", path, d.n ? d.msgs[0].text : "?");
    sl_diag_free(&d);
    return t;
}

static inline T *start_seed(const char *path, uint64_t seed)
{
    T *t = load_only(path);
    assert_true(sl_game_init(&t->g, &t->w.scn, seed, t->err, sizeof t->err));
    return t;
}

static inline T *start(void)
{
    return start_seed(RULES, 1);
}

static inline void finish(T *t)
{
    sl_game_free(&t->g);
    sl_world_free(&t->w);
    free(t);
}

#define DICE(t, ...)                                                                                               \
    do {                                                                                                           \
        static const int dv_[] = {__VA_ARGS__};                                                                    \
        assert_true(sl_game_script_dice(&(t)->g, dv_, (int)(sizeof dv_ / sizeof dv_[0])));                         \
    } while (0)

/* Every scripted die was used: the rule rolled exactly what we expected. */
static inline void dice_used(T *t)
{
    if (t->g.dice.at != t->g.dice.nscript) {
        for (int i = t->g.journal.n > 14 ? t->g.journal.n - 14 : 0; i < t->g.journal.n; i++)
            print_message("  journal: %s\n", t->g.journal.ev[i].text);
        fail_msg("%d of %d scripted dice used", t->g.dice.at, t->g.dice.nscript);
    }
}

static inline void ok(T *t, const char *line)
{
    if (!sl_game_apply_line(&t->g, line, t->err, sizeof t->err)) {
        /* what led up to it, to see where a script went astray */
        for (int i = t->g.journal.n > 12 ? t->g.journal.n - 12 : 0; i < t->g.journal.n; i++)
            print_message("  journal: %s\n", t->g.journal.ev[i].text);
        fail_msg("'%s' was refused: %s", line, t->err);
    }
}

/* The command is refused, for a reason containing `why`, and changes nothing. */
static inline void no(T *t, const char *line, const char *why)
{
    int n = t->g.journal.n;
    if (sl_game_apply_line(&t->g, line, t->err, sizeof t->err))
        fail_msg("'%s' was allowed", line);
    if (!strstr(t->err, why))
        fail_msg("'%s' was refused with \"%s\", not for \"%s\"", line, t->err, why);
    assert_int_equal(t->g.journal.n, n);
}

static inline int U(T *t, const char *id)
{
    int u = sl_scenario_find_unit(&t->g.live, id);
    assert_true(u >= 0);
    return u;
}

static inline sl_figure *F(T *t, const char *id)
{
    int f = sl_scenario_find_figure(&t->g.live, id);
    assert_true(f >= 0);
    return &t->g.live.figures[f];
}

static inline sl_unit *UN(T *t, const char *id)
{
    return &t->g.live.units[U(t, id)];
}

static inline sl_unit_state *ST(T *t, const char *id)
{
    return &t->g.us[U(t, id)];
}

/* Is the unit among those the pending decision offers? */
static inline bool offered(T *t, const char *id)
{
    for (int i = 0; i < t->g.pending.noptions; i++)
        if (t->g.pending.options[i] == U(t, id))
            return true;
    return false;
}

/* Move a unit bodily so its first figure stands at (x, y). */
static inline void place(T *t, const char *id, double x, double y)
{
    const sl_unit *u = UN(t, id);
    sl_pt first = t->g.live.figures[u->first_figure].pos;
    for (int i = 0; i < u->nfigures; i++) {
        sl_figure *f = &t->g.live.figures[u->first_figure + i];
        f->pos = sl_pt_make(f->pos.x - first.x + IN(x), f->pos.y - first.y + IN(y));
    }
}

static inline void kill_figs(T *t, const char *unit, int from, int to)
{
    const sl_unit *u = UN(t, unit);
    for (int i = from; i <= to; i++)
        t->g.live.figures[u->first_figure + i - 1].status = SL_FIG_DEAD;
}

/* Events since journal index `from` */
static inline int count_rolls(T *t, int from, const char *test)
{
    int n = 0;
    for (int i = from; i < t->g.journal.n; i++)
        n += t->g.journal.ev[i].kind == SL_EV_ROLL && strcmp(t->g.journal.ev[i].test, test) == 0;
    return n;
}

static inline const sl_event *last_roll(T *t, const char *test)
{
    for (int i = t->g.journal.n - 1; i >= 0; i--)
        if (t->g.journal.ev[i].kind == SL_EV_ROLL && strcmp(t->g.journal.ev[i].test, test) == 0)
            return &t->g.journal.ev[i];
    fail_msg("no %s roll in the journal", test);
    return NULL;
}

static inline bool said_since(T *t, int from, const char *needle)
{
    for (int i = from; i < t->g.journal.n; i++)
        if (strstr(t->g.journal.ev[i].text, needle) || strstr(t->g.journal.ev[i].json, needle))
            return true;
    return false;
}

static inline bool said(T *t, const char *needle)
{
    return said_since(t, 0, needle);
}

#define SAID(t, s)                                                                                                 \
    do {                                                                                                           \
        if (!said(t, s))                                                                                           \
            fail_msg("the journal never says \"%s\"", s);                                                          \
    } while (0)

/* A game on `path` whose sides are level, so a die picks who chooses: a 1
 * gives the first side of the scenario the choice, and `first` goes first
 * (opportunity fire on or off, whatever the scenario says). */
static inline T *begin(const char *path, const char *first, bool opfire)
{
    T *t = start_seed(path, 1);
    set_option(&t->g.live.options, "opportunity_fire", opfire);
    DICE(t, 1);
    sl_game_begin(&t->g);
    char line[64];
    snprintf(line, sizeof line, "decide first %s", first);
    ok(t, line);
    return t;
}

/* The first activation choice: NAC has fewer units, so it chooses. */
static inline void nac_first(T *t)
{
    ok(t, "decide first nac");
}


#endif
