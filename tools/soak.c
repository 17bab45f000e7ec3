/* sightline-soak: plays seeded random games on every scenario it is
 * given, proposing commands of every kind, legal and not, for both sides
 * and for every decision, and checks after each one what must always
 * hold:
 *
 *   - a refused command changed nothing (journal, dice, state);
 *   - the journal so far replays from the commands, byte for byte;
 *   - a pending decision has at least one legal answer, and the solo
 *     player's answer is legal;
 *   - no unit with no one standing acts, is acted for, or is shot at;
 *   - figures never multiply, come back from the dead, or leave the table;
 *   - the game keeps offering a legal command;
 *   - with hidden units, no side reads a word of one before it is revealed.
 *
 * Each failure is written as a script that reproduces it with `sightline
 * run`. Usage: sightline-soak [--games N] [--commands N] [--seed S]
 * [--out DIR] [--replay-every N] [--quiet] [SCENARIO...]; see README.md.
 * The core only: no window, no SDL. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "sightline/game.h"
#include "sightline/io.h"
#include "sightline/save.h"
#include "soak_twin.h"

static const char *const default_scenarios[] = {
    "maps/default.json",         "maps/town.json",          "maps/outpost.json",
    "maps/fireteams.json",       "tests/data/rules.json",   "maps/lessons/tables/fireteams-example.json",
    "tests/data/transport.json", "maps/lessons/tables/skirmish-example.json", "tests/data/small.json",
    "tests/data/overlays.json",  "tests/data/long_names.json", "tests/data/fog.json", "maps/hidden.json",
    "tests/data/fog-swap-a.json", "maps/ambush.json",         "maps/bunker.json",
    "maps/lessons/tables/recovery-example.json", "maps/lessons/tables/skirmish-vehicles.json",
};

typedef struct opts {
    int games, commands, replay_every;
    uint64_t seed;
    const char *out;
    bool quiet;
} opts;

typedef struct totals {
    long games, proposed, accepted, checks, failures, refused_parse;
} totals;

/* --- a small seeded generator (the soak's own, apart from the game's) ------------ */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static int rnd(uint64_t *s, int n)
{
    return n <= 0 ? 0 : (int)(rng_next(s) % (uint64_t)n);
}

static bool chance(uint64_t *s, int percent)
{
    return rnd(s, 100) < percent;
}

/* --- one game ---------------------------------------------------------------------- */

typedef struct run {
    const opts *o;
    totals *t;
    const char *scen;
    const sl_world *w;
    uint64_t seed;
    uint64_t r; /* the proposals' generator */
    sl_game g;
    char **lines; /* accepted commands, as the journal has them */
    int nlines, cap;
    int nfail;    /* failures in this game (one script each, up to a few) */
    sl_figure_status *status_before;
    unsigned char *lost_before; /* [side * nunits + unit]: out of the side's sight before the command */
    soak_twin twins[2];         /* the same game with other things under the counters (soak_twin.h) */
    int ntwins;
} run;

static void add_line(run *ru, const char *line)
{
    if (ru->nlines == ru->cap) {
        ru->cap = ru->cap ? 2 * ru->cap : 256;
        char **nl = realloc(ru->lines, sizeof(char *) * (size_t)ru->cap);
        if (!nl) {
            fprintf(stderr, "sightline-soak: out of memory\n");
            exit(3);
        }
        ru->lines = nl;
    }
    ru->lines[ru->nlines++] = strdup(line);
}

/* A failed check: counted, printed, and written as a script that plays
 * the game up to the command that showed it. */
static void failure(run *ru, const char *line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void failure(run *ru, const char *line, const char *fmt, ...)
{
    char what[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    ru->t->failures++;
    ru->nfail++;
    char path[SL_PATH_MAX];
    snprintf(path, sizeof path, "%s/soak-%ld.txt", ru->o->out, ru->t->failures);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "# sightline-soak: %s, seed %" PRIu64 "\n# %s\n", ru->scen, ru->seed, what);
        for (int i = 0; i < ru->nlines; i++)
            fprintf(f, "%s\n", ru->lines[i]);
        if (line)
            fprintf(f, "# the command after which it showed:\n%s\n", line);
        if (fclose(f) != 0)
            path[0] = '\0';
    } else {
        path[0] = '\0';
    }
    printf("FAIL [%s, seed %" PRIu64 ", after %d commands] %s\n", ru->scen, ru->seed, ru->nlines, what);
    if (path[0])
        printf("  repro: sightline run %s --script %s --seed %" PRIu64 "\n", ru->scen, path, ru->seed);
}

/* Everything a refused command must leave as it was. */
typedef struct copy {
    sl_game shallow;
    sl_unit *units;
    sl_figure *figs;
    sl_unit_state *us;
    unsigned char *house;
} copy;

static void copy_take(const sl_game *g, copy *c)
{
    c->shallow = *g;
    size_t nu = (size_t)g->live.nunits, nf = (size_t)g->live.nfigures;
    c->units = malloc(sizeof(sl_unit) * (nu ? nu : 1));
    c->figs = malloc(sizeof(sl_figure) * (nf ? nf : 1));
    c->us = malloc(sizeof(sl_unit_state) * (nu ? nu : 1));
    c->house = malloc(g->house_bytes ? g->house_bytes : 1);
    if (!c->units || !c->figs || !c->us || !c->house) {
        fprintf(stderr, "sightline-soak: out of memory\n");
        exit(3);
    }
    memcpy(c->units, g->live.units, sizeof(sl_unit) * nu);
    memcpy(c->figs, g->live.figures, sizeof(sl_figure) * nf);
    memcpy(c->us, g->us, sizeof(sl_unit_state) * nu);
    if (g->house_bytes)
        memcpy(c->house, g->house, g->house_bytes);
}

static void copy_free(copy *c)
{
    free(c->units);
    free(c->figs);
    free(c->us);
    free(c->house);
}

/* What differs, or NULL. */
static const char *copy_differs(const sl_game *g, const copy *c)
{
    const sl_game *o = &c->shallow;
    if (g->journal.n != o->journal.n)
        return "the journal";
    if (g->ncommands != o->ncommands)
        return "the command count";
    if (g->dice.at != o->dice.at || g->dice.rolls != o->dice.rolls || memcmp(&g->dice.rng, &o->dice.rng, sizeof g->dice.rng))
        return "the dice";
    if (g->turn != o->turn || g->side_to_act != o->side_to_act || g->act_depth != o->act_depth ||
        g->spent_side != o->spent_side || g->last_first != o->last_first ||
        memcmp(g->act_unit, o->act_unit, sizeof g->act_unit) || memcmp(g->act_left, o->act_left, sizeof g->act_left) ||
        memcmp(g->act_transfers, o->act_transfers, sizeof g->act_transfers) || memcmp(g->done, o->done, sizeof g->done))
        return "the turn";
    if (memcmp(&g->pending, &o->pending, sizeof g->pending))
        return "the pending decision";
    if (g->nframes != o->nframes || memcmp(g->frames, o->frames, sizeof(sl_frame) * (size_t)g->nframes))
        return "the interrupted actions";
    if (memcmp(&g->mv, &o->mv, sizeof g->mv))
        return "the move under way";
    if (memcmp(g->live.units, c->units, sizeof(sl_unit) * (size_t)g->live.nunits))
        return "the units";
    if (memcmp(g->live.figures, c->figs, sizeof(sl_figure) * (size_t)g->live.nfigures))
        return "the figures";
    if (memcmp(g->us, c->us, sizeof(sl_unit_state) * (size_t)g->live.nunits))
        return "the units' state";
    if (g->house_bytes && memcmp(g->house, c->house, g->house_bytes))
        return "the house rules' state";
    return NULL;
}

/* The journal replays from the accepted commands, byte for byte. */
static void check_replay(run *ru, const char *line)
{
    ru->t->checks++;
    sl_game h;
    char err[600];
    if (!sl_game_init(&h, &ru->w->scn, ru->seed, err, sizeof err)) {
        failure(ru, line, "cannot start the replay: %s", err);
        return;
    }
    sl_game_begin(&h);
    for (int i = 0; i < ru->nlines; i++)
        if (!sl_game_apply_line(&h, ru->lines[i], err, sizeof err)) {
            failure(ru, line, "the replay refused command %d (%s): %s", i + 1, ru->lines[i], err);
            sl_game_free(&h);
            return;
        }
    const sl_journal *a = &ru->g.journal, *b = &h.journal;
    for (int i = 0; i < a->n || i < b->n; i++) {
        const char *x = i < a->n ? a->ev[i].json : "(nothing)", *y = i < b->n ? b->ev[i].json : "(nothing)";
        if (strcmp(x, y) != 0) {
            failure(ru, line, "the replay went out of step at event %d: played %s, replayed %s", i + 1, x, y);
            break;
        }
    }
    sl_game_free(&h);
}

/* The answers a decision can have (each may or may not be legal). */
static int decision_answers(const sl_game *g, sl_command *out, int max)
{
    int n = 0;
    /* a choice among units (reaction or opportunity fire): pass, or one fires */
    switch (sl_game_choosing(g) == SL_CHOOSE_UNITS ? SL_DECIDE_REACTION_FIRE : g->pending.kind) {
    case SL_DECIDE_FIRST:
        for (int s = 0; s < g->live.nsides && n < max; s++)
            sl_cmd_decide_first(&out[n++], s);
        break;
    case SL_DECIDE_REACTION_FIRE:
        if (n < max)
            sl_cmd_decide(&out[n++], SL_DECIDE_WORD_PASS);
        for (int i = 0; i < g->pending.noptions && n < max; i++)
            sl_cmd_decide_fire(&out[n++], g->pending.options[i], NULL);
        break;
    case SL_DECIDE_NONE: break;
    default:
        for (int w = SL_DECIDE_WORD_CONTINUE; w <= SL_DECIDE_WORD_ABANDON && n < max; w++)
            sl_cmd_decide(&out[n++], w);
        if (n < max)
            sl_cmd_decide(&out[n++], SL_DECIDE_WORD_PASS);
        break;
    }
    return n;
}

/* A pending decision must have a legal answer, and the solo player's
 * answer must be one. */
static void check_decision(run *ru, const char *line)
{
    const sl_game *g = &ru->g;
    if (g->pending.kind == SL_DECIDE_NONE)
        return;
    ru->t->checks++;
    sl_command a[SL_MAX_OPTIONS + 8];
    int n = decision_answers(g, a, (int)(sizeof a / sizeof a[0]));
    char why[400];
    bool any = false;
    for (int i = 0; i < n && !any; i++)
        any = sl_game_can(g, &a[i], why, sizeof why);
    if (!any)
        failure(ru, line, "a decision (kind %d, for side %d) that no answer is allowed for", (int)g->pending.kind,
                g->pending.side);
    sl_command solo;
    if (sl_game_auto_decide(g, &solo) && !sl_game_can(g, &solo, why, sizeof why)) {
        char text[300];
        sl_command_format(&g->live, &solo, text, sizeof text);
        failure(ru, line, "the solo player's answer '%s' is refused: %s", text, why);
    }
}

/* Figures never multiply, never come back from the dead, never leave
 * the table. */
static void check_figures(run *ru, const char *line)
{
    const sl_game *g = &ru->g;
    ru->t->checks++;
    if (g->live.nfigures != ru->w->scn.nfigures) {
        failure(ru, line, "there are %d figures, not %d", g->live.nfigures, ru->w->scn.nfigures);
        return;
    }
    for (int i = 0; i < g->live.nfigures; i++) {
        const sl_figure *f = &g->live.figures[i];
        /* by id: forming a detached element reorders a squad's figures */
        int k = sl_scenario_find_figure(&ru->w->scn, f->id);
        if (k < 0) {
            failure(ru, line, "%s is a figure the scenario does not have", f->id);
            continue;
        }
        if (ru->status_before[k] == SL_FIG_DEAD && f->status != SL_FIG_DEAD)
            failure(ru, line, "%s was dead and is not now", f->id);
        /* a column still to come on (or men aboard) waits off the table */
        if (f->status != SL_FIG_DEAD && !sl_game_off_table(g, f->unit) && !sl_table_contains(&g->live.table, f->pos))
            failure(ru, line, "%s stands off the table, at (%.3f, %.3f)", f->id, f->pos.x / 1000.0, f->pos.y / 1000.0);
        ru->status_before[k] = f->status;
    }
}

/* The unit a command makes act, and the one it acts for or upon: each
 * must have had someone standing. */
static void check_standing(run *ru, const sl_command *c, int actor_living, int target_living, const char *line)
{
    ru->t->checks++;
    const sl_game *g = &ru->g;
    int k = c->kind;
    if (k == SL_CMD_END_ACTIVATION || k == SL_CMD_PASS || k == SL_CMD_DONE)
        return;
    if (k == SL_CMD_DECIDE) {
        if (c->decide == SL_DECIDE_WORD_FIRE && actor_living == 0)
            failure(ru, line, "%s has no one standing, yet fires", g->live.units[c->unit].name);
        return;
    }
    if (c->unit >= 0 && actor_living == 0)
        failure(ru, line, "%s has no one standing, yet acts", g->live.units[c->unit].name);
    bool object = k == SL_CMD_TRANSFER || k == SL_CMD_RALLY || k == SL_CMD_COMMUNICATE || k == SL_CMD_FIRE ||
                  k == SL_CMD_ASSAULT;
    if (object && c->target >= 0 && g->live.units[c->target].nfigures > 0 && target_living == 0)
        failure(ru, line, "%s has no one standing, yet is the object of %s", g->live.units[c->target].name,
                sl_cmd_name(k));
}

/* Is `w` in `s` as a whole word (not inside a longer name or id)? */
static bool has_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    if (n == 0)
        return false;
    for (const char *p = strstr(s, w); p; p = strstr(p + 1, w)) {
        bool start = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '-' || p[-1] == '_' || p[-1] == '.' ||
                                 (unsigned char)p[-1] >= 0x80);
        char e = p[n];
        bool end = !(isalnum((unsigned char)e) || e == '-' || e == '_' || (unsigned char)e >= 0x80 ||
                     (e == '.' && isalnum((unsigned char)p[n + 1])));
        if (start && end)
            return true;
    }
    return false;
}

static void note_lost(run *ru)
{
    const sl_game *g = &ru->g;
    size_t n = (size_t)g->live.nsides * (size_t)g->live.nunits;
    unsigned char *l = realloc(ru->lost_before, n ? n : 1);
    if (!l)
        return;
    ru->lost_before = l;
    for (int side = 0; side < g->live.nsides; side++)
        for (int u = 0; u < g->live.nunits; u++)
            l[side * g->live.nunits + u] = sl_game_knows(g, side, u) == SL_KNOW_LAST_SEEN;
}

/* The journal's own lines about a side's sight of a unit (lose_contact):
 * every side reads them. */
static bool contact_line(const char *js)
{
    return strstr(js, "\"what\":\"out-of-sight\"") || strstr(js, "\"what\":\"glimpsed\"") ||
           strstr(js, "\"what\":\"in-sight\"");
}

/* Fog of war: no event the command added names, to a side, a unit still
 * hidden from it (its name, its id, its figures' ids), or a unit out of
 * its sight all along (lose_contact); and no side reads where a unit
 * went that the command took out of its sight. */
static void check_fog(run *ru, int from, const char *line)
{
    const sl_game *g = &ru->g;
    if (!sl_game_fog(g))
        return;
    ru->t->checks++;
    /* a side's loss of sight is for that side alone: the unit's owner
     * would learn that no hidden enemy sees it */
    for (int i = from; i < g->journal.n; i++) {
        const sl_event *e = &g->journal.ev[i];
        if (!contact_line(e->json))
            continue;
        for (int side = 0; side < g->live.nsides; side++) {
            char mine[SL_ID_LEN + 16];
            snprintf(mine, sizeof mine, "\"side\":\"%s\"", g->live.sides[side].id);
            if (!strstr(e->json, mine) && sl_event_text_for(e, side)[0]) {
                failure(ru, line, "side %s reads another side's loss of sight in event %d: %s",
                        g->live.sides[side].id, i + 1, e->json);
                return;
            }
        }
    }
    for (int side = 0; side < g->live.nsides; side++)
        for (int u = 0; u < g->live.nunits; u++) {
            sl_know k = sl_game_knows(g, side, u);
            if (k == SL_KNOW_ALL || k == SL_KNOW_GONE)
                continue;
            const sl_unit *un = &g->live.units[u];
            bool newly_lost = k == SL_KNOW_LAST_SEEN && ru->lost_before && !ru->lost_before[side * g->live.nunits + u];
            for (int i = from; i < g->journal.n; i++) {
                const sl_event *e = &g->journal.ev[i];
                const char *txt = sl_event_text_for(e, side), *js = sl_event_json_for(e, side);
                if (k == SL_KNOW_LAST_SEEN && contact_line(js))
                    continue;
                if (newly_lost) {
                    char want[SL_ID_LEN + 16];
                    snprintf(want, sizeof want, "\"unit\":\"%s\"", un->id);
                    if (strstr(js, "\"what\":\"moved\"") && strstr(js, want) && e->unit == u) {
                        failure(ru, line, "side %s reads where %s went, out of its sight, in event %d: %s",
                                g->live.sides[side].id, un->id, i + 1, js);
                        return;
                    }
                    continue;
                }
                const char *leak = NULL;
                /* a unit out of sight is known by name (an element of
                 * its squad in sight bears it): its id, its men's and a
                 * line about it are what may not be read */
                bool lost = k == SL_KNOW_LAST_SEEN;
                /* a line about it that the side reads as written (one
                 * given its own reading says only what the side knows) */
                bool as_written = txt[0] && strcmp(txt, e->text) == 0;
                if ((!lost && sl_unit_whole(&g->live, u) < 0 && un->parent < 0 && (has_word(txt, un->name) || has_word(js, un->name))) ||
                    has_word(txt, un->id) || has_word(js, un->id) ||
                    (lost && (as_written || has_word(txt, un->name)) && e->unit == u))
                    leak = un->id;
                for (int f = 0; f < un->nfigures && !leak; f++) {
                    const sl_figure *fg = &g->live.figures[un->first_figure + f];
                    if (lost && fg->unit != u && sl_unit_whole(&g->live, fg->unit) != u)
                        continue;
                    if (has_word(txt, fg->id) || has_word(js, fg->id))
                        leak = fg->id;
                }
                if (leak) {
                    failure(ru, line, "side %s reads '%s' (hidden from it) in event %d: %s", g->live.sides[side].id,
                            leak, i + 1, js);
                    return;
                }
            }
        }
}

/* --- proposals ------------------------------------------------------------------------- */

static sl_pt near_point(run *ru, int unit)
{
    const sl_scenario *s = &ru->g.live;
    sl_pt c = {s->table.width / 2, s->table.height / 2};
    if (unit >= 0 && s->units[unit].nfigures > 0)
        c = s->figures[s->units[unit].first_figure].pos;
    int spread = chance(&ru->r, 80) ? 14000 : 80000; /* now and then far off, even off the table */
    return sl_pt_make(c.x + rnd(&ru->r, 2 * spread + 1) - spread, c.y + rnd(&ru->r, 2 * spread + 1) - spread);
}

static int any_unit(run *ru)
{
    return rnd(&ru->r, ru->g.live.nunits);
}

/* A unit of the side whose turn it is, most of the time. */
static int own_unit(run *ru)
{
    const sl_game *g = &ru->g;
    int active = sl_game_active_unit(g);
    if (active >= 0 && chance(&ru->r, 70))
        return active;
    for (int tries = 0; tries < 20; tries++) {
        int u = any_unit(ru);
        if (g->live.units[u].side == g->side_to_act || chance(&ru->r, 10))
            return u;
    }
    return any_unit(ru);
}

/* One of the actions the rules offer a unit, with a random target, way
 * or men. */
static bool offered_command(run *ru, sl_command *c)
{
    const sl_game *g = &ru->g;
    int u = own_unit(ru);
    sl_offer offers[SL_MAX_OFFERS];
    int n = sl_game_offers(g, u, offers, SL_MAX_OFFERS);
    if (n <= 0)
        return false;
    const sl_offer *o = &offers[rnd(&ru->r, n)];
    sl_pt pts[3];
    int npts = 1 + rnd(&ru->r, 3);
    for (int i = 0; i < npts; i++)
        pts[i] = near_point(ru, u);
    int figs[8], nfigs = 0;
    const sl_unit *un = &g->live.units[u];
    for (int i = 0; i < un->nfigures && nfigs < 8; i++)
        if (chance(&ru->r, 40))
            figs[nfigs++] = un->first_figure + i;
    int target = chance(&ru->r, 90) ? any_unit(ru) : -1;
    bool way = o->needs_path || o->needs_point || chance(&ru->r, 20);
    sl_offer_command(g, o, u, target, way ? pts : NULL, way ? (o->needs_point ? 1 : npts) : 0, figs, nfigs,
                     chance(&ru->r, 20), c);
    return c->kind != SL_CMD_NONE;
}

/* Any kind at all, its fields random but within range. */
static void random_command(run *ru, sl_command *c)
{
    const sl_game *g = &ru->g;
    int kind = rnd(&ru->r, sl_cmd_kinds());
    sl_cmd_init(c, kind, chance(&ru->r, 90) ? own_unit(ru) : -1);
    c->target = chance(&ru->r, 70) ? any_unit(ru) : -1;
    c->side = rnd(&ru->r, g->live.nsides + 1) - 1;
    c->npts = rnd(&ru->r, 4);
    for (int i = 0; i < c->npts; i++)
        c->pts[i] = near_point(ru, c->unit);
    c->with = (sl_fire_with)rnd(&ru->r, 4);
    c->decide = rnd(&ru->r, SL_DECIDE_WORD_ABANDON + 1);
    c->choice = rnd(&ru->r, g->live.nunits + 1) - 1;
    (void)chance(&ru->r, 30); /* a draw kept in its place: teams' both comes by its words */
    (void)chance(&ru->r, 10); /* draws kept in their place: who of a squad acts (SQUAD.L, with-leader) */
    (void)chance(&ru->r, 10); /* comes by the fireteams' words */
    (void)chance(&ru->r, 10); /* a draw kept in its place: combined comes by the fireteams' words */
    (void)rnd(&ru->r, 5); /* a draw kept in its place: a way of moving comes by the rule's words */
    (void)chance(&ru->r, 50); /* a draw kept in its place: a rule's part of a command comes by its words */
    c->has_at = chance(&ru->r, 30);
    c->at = near_point(ru, c->unit);
    if (c->unit >= 0 && chance(&ru->r, 30)) {
        const sl_unit *un = &g->live.units[c->unit];
        c->nplace = un->nfigures > 0 ? 1 + rnd(&ru->r, un->nfigures < 3 ? un->nfigures : 3) : 0;
        for (int i = 0; i < c->nplace; i++) {
            c->place_fig[i] = un->first_figure + rnd(&ru->r, un->nfigures);
            c->place_at[i] = near_point(ru, c->unit);
            (void)rnd(&ru->r, 4); /* a draw kept in its place: a team or a gap comes by the rule's words */
        }
    }
}

/* A line of words, much as a person might type it: right, nearly right
 * or nonsense, for the parser as much as for the rules. */
static void random_line(run *ru, char *out, size_t len)
{
    const sl_scenario *s = &ru->g.live;
    static const char *const words[] = {"at",  "to",    "with",  "into", "all", "small-arms", "support", "missile",
                                        "both", "jog",  "run",   "sprint", "sneak", "prone", "standing", "first",
                                        "fire", "pass", "continue", "stop", "carry", "abandon", "combined",
                                        "with-leader", "-1", "1e9", ",", "#", "\xC3\xA9", "12.5,30"};
    size_t at = 0;
    int n = 1 + rnd(&ru->r, 5);
    for (int i = 0; i < n && at + 80 < len; i++) {
        char w[80];
        int pick = rnd(&ru->r, 10);
        if (i == 0 && pick < 8) {
            snprintf(w, sizeof w, "%s", sl_cmd_name(rnd(&ru->r, sl_cmd_kinds())));
        } else if (pick < 4) {
            const sl_unit *u = &s->units[rnd(&ru->r, s->nunits)];
            if (u->counter[0] && chance(&ru->r, 50))
                snprintf(w, sizeof w, "?%s", u->counter); /* a counter by its letter */
            else
                snprintf(w, sizeof w, "%s%s", u->id, chance(&ru->r, 10) ? ".L" : "");
        } else if (pick < 5 && s->nfigures > 0) {
            snprintf(w, sizeof w, "%s", s->figures[rnd(&ru->r, s->nfigures)].id);
        } else if (pick < 6) {
            snprintf(w, sizeof w, "%s", s->sides[rnd(&ru->r, s->nsides)].id);
        } else if (pick < 8) {
            sl_pt p = near_point(ru, rnd(&ru->r, s->nunits));
            snprintf(w, sizeof w, "%.3f,%.3f", p.x / 1000.0, p.y / 1000.0);
        } else {
            snprintf(w, sizeof w, "%s", words[rnd(&ru->r, (int)(sizeof words / sizeof words[0]))]);
        }
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? " " : "", w);
    }
}

/* In the set-up phase: the side's counters to points of its zones (a
 * grid over each zone), some of which must be allowed. */
static int placings(const sl_game *g, sl_command *out, int max)
{
    int n = 0, kind = sl_cmd_find("place");
    if (g->pending.kind != SL_DECIDE_SETUP || kind == SL_CMD_NONE)
        return 0;
    int side = g->pending.side;
    const sl_table *t = &g->live.table;
    for (int u = 0; u < g->live.nunits && n < max; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side != side || !un->counter[0] || sl_unit_whole(&g->live, u) >= 0 || un->parent >= 0 || g->us[u].revealed)
            continue;
        for (int z = 0; z < t->nzones && n < max; z++) {
            if (strcmp(t->zones[z].side, g->live.sides[side].id) != 0)
                continue;
            const sl_zone *zz = &t->zones[z];
            for (int i = 1; i < 8 && n < max; i++)
                for (int j = 1; j < 8 && n < max; j++) {
                    sl_pt p = sl_pt_make(zz->lo.x + (int32_t)((int64_t)(zz->hi.x - zz->lo.x) * i / 8),
                                         zz->lo.y + (int32_t)((int64_t)(zz->hi.y - zz->lo.y) * j / 8));
                    sl_cmd_init(&out[n], kind, u);
                    out[n].pts[0] = p;
                    out[n++].npts = 1;
                }
        }
    }
    return n;
}

/* The commands that keep a game going: activating, ending, passing,
 * being done, answering, placing. At least one must be legal. */
static int going_on(const sl_game *g, sl_command *out, int max)
{
    int n = decision_answers(g, out, max);
    n += placings(g, out + n, max - n);
    if (n < max)
        sl_cmd_init(&out[n++], SL_CMD_END_ACTIVATION, sl_game_active_unit(g));
    for (int s = 0; s < g->live.nsides && n + 2 <= max; s++) {
        sl_cmd_side(&out[n++], SL_CMD_DONE, s);
        sl_cmd_side(&out[n++], SL_CMD_PASS, s);
    }
    for (int u = 0; u < g->live.nunits && n < max; u++)
        sl_cmd_init(&out[n++], SL_CMD_ACTIVATE, u);
    return n;
}

/* Propose one command; apply it; check. Returns whether it was accepted. */
static bool propose(run *ru, const sl_command *given, const char *given_line)
{
    sl_game *g = &ru->g;
    sl_command c;
    char line[400] = "", err[600];
    bool parsed = true;
    if (given_line) {
        snprintf(line, sizeof line, "%s", given_line);
        parsed = sl_command_parse(&g->live, line, &c, err, sizeof err);
        if (parsed && c.kind == SL_CMD_NONE)
            return false; /* a comment */
    } else {
        c = *given;
        sl_command_format(&g->live, &c, line, sizeof line);
    }
    ru->t->proposed++;
    if (!parsed) {
        ru->t->refused_parse++;
        return false;
    }
    int actor = c.kind == SL_CMD_DECIDE && c.decide == SL_DECIDE_WORD_FIRE ? c.unit : c.unit;
    int actor_living = actor >= 0 && actor < g->live.nunits ? sl_game_living(g, actor) : -1;
    int target_living = c.target >= 0 && c.target < g->live.nunits ? sl_game_living(g, c.target) : -1;
    copy before;
    copy_take(g, &before);
    note_lost(ru);
    int n0 = g->journal.n;
    int by = sl_command_side(g, &c);
    bool ok = sl_game_apply(g, &c, err, sizeof err);
    ru->t->checks++;
    for (int k = 0; k < ru->ntwins; k++) {
        const char *differs = soak_twin_step(&ru->twins[k], g, line, given_line == NULL, ok, err, n0, by);
        ru->t->checks++;
        if (differs)
            failure(ru, line, "%s", differs);
    }
    if (!ok) {
        const char *what = copy_differs(g, &before);
        if (what)
            failure(ru, line, "'%s' was refused (%s) yet changed %s", line, err, what);
        copy_free(&before);
        return false;
    }
    copy_free(&before);
    /* the line as the journal has it: what a save and a replay hold */
    const char *as_saved = NULL;
    for (int i = n0; i < g->journal.n && !as_saved; i++)
        if (g->journal.ev[i].kind == SL_EV_COMMAND)
            as_saved = g->journal.ev[i].text;
    if (!as_saved) {
        failure(ru, line, "'%s' was accepted but the journal has no command event for it", line);
        return true;
    }
    add_line(ru, as_saved);
    ru->t->accepted++;
    check_standing(ru, &c, actor_living, target_living, as_saved);
    check_fog(ru, n0, as_saved);
    check_figures(ru, as_saved);
    check_decision(ru, as_saved);
    if (ru->o->replay_every > 0 && ru->nlines % ru->o->replay_every == 0)
        check_replay(ru, as_saved);
    return true;
}

static void play_game(const opts *o, totals *t, const char *scen, const sl_world *w, uint64_t seed)
{
    run ru;
    memset(&ru, 0, sizeof ru);
    ru.o = o;
    ru.t = t;
    ru.scen = scen;
    ru.w = w;
    ru.seed = seed;
    ru.r = seed * 0x2545F4914F6CDD1Dull + 17;
    char err[600];
    if (!sl_game_init(&ru.g, &w->scn, seed, err, sizeof err)) {
        failure(&ru, NULL, "cannot start a game: %s", err);
        return;
    }
    sl_game_begin(&ru.g);
    ru.ntwins = soak_twins_start(scen, &ru.g, seed, ru.twins, 2);
    ru.status_before = calloc((size_t)(w->scn.nfigures > 0 ? w->scn.nfigures : 1), sizeof(sl_figure_status));
    for (int i = 0; i < w->scn.nfigures; i++)
        ru.status_before[i] = ru.g.live.figures[i].status;
    t->games++;
    int refused_in_a_row = 0;
    long guard = 0;
    while (ru.nlines < o->commands && ru.nfail < 3 && ++guard < 200L * o->commands) {
        bool ok;
        sl_command c;
        int pick = rnd(&ru.r, 100);
        if (ru.g.pending.kind != SL_DECIDE_NONE && pick < 45) {
            sl_command a[SL_MAX_OPTIONS + 8];
            int n = decision_answers(&ru.g, a, (int)(sizeof a / sizeof a[0]));
            if (n > 0 && chance(&ru.r, 85)) {
                c = a[rnd(&ru.r, n)];
                if (c.decide == SL_DECIDE_WORD_FIRE && chance(&ru.r, 50)) {
                    c.at = near_point(&ru, ru.g.pending.mover);
                    c.has_at = true;
                }
                if (c.decide == SL_DECIDE_WORD_CONTINUE && chance(&ru.r, 40)) {
                    c.npts = 1 + rnd(&ru.r, 2);
                    for (int i = 0; i < c.npts; i++)
                        c.pts[i] = near_point(&ru, ru.g.pending.mover);
                }
            } else if (!sl_game_auto_decide(&ru.g, &c)) {
                random_command(&ru, &c);
            }
            ok = propose(&ru, &c, NULL);
        } else if (pick < 55) {
            ok = offered_command(&ru, &c) && propose(&ru, &c, NULL);
        } else if (pick < 70) {
            static sl_command a[1024];
            int n = going_on(&ru.g, a, 1024);
            if (ru.g.pending.kind == SL_DECIDE_SETUP && chance(&ru.r, 30)) {
                sl_command d; /* the set-up done, as often as a placing */
                sl_cmd_side(&d, SL_CMD_DONE, ru.g.pending.side);
                ok = propose(&ru, &d, NULL);
            } else {
                ok = n > 0 && propose(&ru, &a[rnd(&ru.r, n)], NULL);
            }
        } else if (pick < 85) {
            random_command(&ru, &c);
            ok = propose(&ru, &c, NULL);
        } else {
            char line[400];
            random_line(&ru, line, sizeof line);
            ok = propose(&ru, NULL, line);
        }
        refused_in_a_row = ok ? 0 : refused_in_a_row + 1;
        if (ru.g.outcome.over) {
            /* the game has ended (its objectives' turn limit, or a side
             * gone): the journal must say who won, and nothing more is
             * allowed */
            t->checks++;
            bool said = false;
            for (int i = ru.g.journal.n - 1; i >= 0 && !said; i--)
                said = strstr(ru.g.journal.ev[i].json, "\"what\":\"winner\"") ||
                       strstr(ru.g.journal.ev[i].json, "\"what\":\"draw\"");
            if (!said)
                failure(&ru, NULL, "the game is over with no winner or draw in the journal");
            break;
        }
        if (refused_in_a_row >= 2000) {
            /* stuck? something that keeps the game going must be legal */
            t->checks++;
            static sl_command a[1024];
            int n = going_on(&ru.g, a, 1024);
            int legal = -1;
            char why[400];
            for (int i = 0; i < n && legal < 0; i++)
                if (sl_game_can(&ru.g, &a[i], why, sizeof why))
                    legal = i;
            if (legal < 0) {
                failure(&ru, NULL, "stuck: 2000 proposals in a row refused, and no activation, end, pass, done or "
                                   "answer is allowed");
                break;
            }
            propose(&ru, &a[legal], NULL);
            refused_in_a_row = 0;
        }
    }
    if (ru.nfail == 0)
        check_replay(&ru, NULL);
    if (!o->quiet)
        printf("  %s seed %" PRIu64 ": %d commands, turn %d, %d events\n", scen, seed, ru.nlines, ru.g.turn,
               ru.g.journal.n);
    for (int i = 0; i < ru.nlines; i++)
        free(ru.lines[i]);
    free(ru.lines);
    free(ru.status_before);
    free(ru.lost_before);
    for (int k = 0; k < ru.ntwins; k++) {
        if (!o->quiet)
            printf("    twin %s: %ld commands read alike\n", ru.twins[k].path, ru.twins[k].compared);
        soak_twin_free(&ru.twins[k]);
    }
    sl_game_free(&ru.g);
}

static int usage(void)
{
    fputs("usage: sightline-soak [--games N] [--commands N] [--seed S] [--out DIR] [--replay-every N] [--quiet]\n"
          "                      [SCENARIO...]\n"
          "Plays N seeded random games (default 2) of up to N accepted commands (default 1500) on each scenario\n"
          "(default: every shipped one), checking after every command; prints the figures and each failure with\n"
          "a script that reproduces it (written into DIR, default soak-out). Exit 1 when a check failed.\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    opts o = {2, 1500, 250, 1, "soak-out", false};
    const char *scens[64];
    int nscens = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--games") == 0 && i + 1 < argc)
            o.games = atoi(argv[++i]);
        else if (strcmp(a, "--commands") == 0 && i + 1 < argc)
            o.commands = atoi(argv[++i]);
        else if (strcmp(a, "--replay-every") == 0 && i + 1 < argc)
            o.replay_every = atoi(argv[++i]);
        else if (strcmp(a, "--seed") == 0 && i + 1 < argc)
            o.seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(a, "--out") == 0 && i + 1 < argc)
            o.out = argv[++i];
        else if (strcmp(a, "--quiet") == 0)
            o.quiet = true;
        else if (strcmp(a, "--help") == 0 || a[0] == '-')
            return usage();
        else if (nscens < 64)
            scens[nscens++] = a;
    }
    if (o.games < 1 || o.commands < 1)
        return usage();
    if (nscens == 0)
        for (size_t i = 0; i < sizeof default_scenarios / sizeof default_scenarios[0]; i++)
            scens[nscens++] = default_scenarios[i];
    if (mkdir(o.out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "sightline-soak: cannot make %s: %s\n", o.out, strerror(errno));
        return 2;
    }
    totals t = {0};
    clock_t start = clock();
    for (int s = 0; s < nscens; s++) {
        sl_world w;
        sl_diag d;
        sl_diag_init(&d);
        sl_load_opts lo = {false};
        if (!sl_world_load(scens[s], &lo, &w, &d)) {
            char line[1200];
            sl_diag_format(&d.msgs[0], line, sizeof line);
            fprintf(stderr, "sightline-soak: %s\n", line);
            sl_diag_free(&d);
            return 2;
        }
        sl_diag_free(&d);
        if (w.scn.nunits == 0) {
            sl_world_free(&w);
            continue;
        }
        for (int k = 0; k < o.games; k++)
            play_game(&o, &t, scens[s], &w, o.seed + (uint64_t)s * 1000 + (uint64_t)k);
        sl_world_free(&w);
    }
    double secs = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("soak: %d scenarios, %ld games, %ld of %ld proposed commands accepted (%ld did not parse), %ld checks, "
           "%ld failures, %.1f s\n",
           nscens, t.games, t.accepted, t.proposed, t.refused_parse, t.checks, t.failures, secs);
    return t.failures ? 1 : 0;
}
