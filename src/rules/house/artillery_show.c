/* What the artillery rule (artillery.c) shows, as sketches the window
 * draws like any rule's: on the table, the state of each building that
 * fuel-air blasts care about, the fire missions on their way, and every
 * mission of this turn where each round fell (with how far it strayed
 * from its aim point and whom it caught), until the turn ends; while a call for fire is aimed,
 * the burst at the pointer with the odds of the call. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artillery_common_internal.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* A word on each building whose state matters against fuel-air blasts:
 * sealed in blue, any other in vermillion (the word says which). */
static void building_words(const sl_game *g, sl_sketch *out, int *n, int max)
{
    static const char *const words[] = {"", "OPEN", "SEALED", "BREACHED", "DISABLED", "DESTROYED"};
    for (int f = 0; f < g->live.table.nfeatures; f++) {
        int st = art_building_state(g, f);
        if (st == ART_BUILDING_NONE)
            continue;
        sl_hue hue = st == ART_BUILDING_SEALED ? SL_HUE_BLUE : SL_HUE_VERMILLION;
        sl_sketch *s = rl_sketch_add(out, n, max, SL_SKETCH_WORD, hue, sl_pt_make(0, 0));
        if (!s)
            return;
        s->feature = f;
        snprintf(s->lines[0], sizeof s->lines[0], "%s", words[st]);
    }
}

static void missions_on_their_way(const sl_game *g, sl_sketch *out, int *n, int max)
{
    const art_game *st = art_game_of(g);
    for (int k = 0; st && k < ART_MAX_PENDING; k++) {
        if (!st->pending[k].on)
            continue;
        sl_sketch *s = rl_sketch_add(out, n, max, SL_SKETCH_MARK, SL_HUE_ORANGE, st->pending[k].at);
        if (!s)
            return;
        s->words_hue = SL_HUE_GREY;
        snprintf(s->lines[0], sizeof s->lines[0], "Fire mission lands turn %d", st->pending[k].land_turn);
    }
}

/* Where a burst at c reaches, in SL_SKETCH_OUTLINE directions: r, or for
 * a FAE inside a building 2r, stopped at a blast wall beyond r. */
static void burst_outline(const sl_game *g, sl_pt c, double r, bool doubled, sl_sketch *s)
{
    for (int j = 0; j < SL_SKETCH_OUTLINE; j++) {
        double a = 2 * M_PI * j / SL_SKETCH_OUTLINE, far = doubled ? 2 * r : r, hit, reach = far;
        if (doubled) {
            sl_pt end = sl_pt_make((int32_t)lround(c.x + cos(a) * far), (int32_t)lround(c.y + sin(a) * far));
            if (art_blast_wall_hit(g, c, end, &hit) >= 0)
                reach = hit * far < r ? r : hit * far;
        }
        s->outline[j] = sl_pt_make((int32_t)lround(c.x + cos(a) * reach), (int32_t)lround(c.y + sin(a) * reach));
    }
    s->noutline = SL_SKETCH_OUTLINE;
}

/* "caught: UNIT n, UNIT n": the men caught, each once, counted by unit
 * in the order first caught, named as the viewer knows the unit. */
static void caught_words(const sl_game *g, int viewer, const art_blast *b, char *who, size_t len)
{
    int units[64], count[64], nu = 0;
    for (int i = 0; i < b->ncaught; i++) {
        bool again = false;
        for (int j = 0; j < i && !again; j++)
            again = b->caught[j] == b->caught[i];
        if (again)
            continue;
        int u = g->live.figures[b->caught[i]].unit, k = 0;
        while (k < nu && units[k] != u)
            k++;
        if (k == nu && nu < 64) {
            units[nu] = u;
            count[nu++] = 0;
        }
        if (k < nu)
            count[k]++;
    }
    who[0] = '\0';
    int at = 0;
    for (int k = 0; k < nu && at >= 0 && (size_t)at < len; k++) {
        char buf[SL_NAME_LEN + 16], men[16] = ""; /* a vehicle's hull is no number of men */
        if (g->live.units[units[k]].kind != SL_UNIT_VEHICLE)
            snprintf(men, sizeof men, " %d", count[k]);
        at += snprintf(who + at, len - (size_t)at, "%s%s%s", k ? ", " : "caught: ",
                       rl_name_for(g, viewer, units[k], buf, sizeof buf), men);
    }
}

/* A warhead as the bar and the players call it: GP, AP, AT, FAE. */
static const char *warhead_short(int warhead)
{
    static const char *const w[] = {"GP", "AP", "AT", "FAE"};
    return warhead >= 0 && warhead < 4 ? w[warhead] : "GP";
}

/* The sketches one mission's bursts take: an area a round, the line and
 * the aim when it strayed, the men ringed, its words. */
static int burst_sketches(const art_blast *b)
{
    return b->nrounds + (b->scattered ? 2 : 0) + 2;
}

/* "2nd of 3 this turn: " before a mission's words when the turn had more
 * than one (none when it had one). */
static void mission_count(int k, int nturn, char *out, size_t len)
{
    static const char *const th[] = {"th", "st", "nd", "rd"};
    int i = k + 1;
    if (nturn < 2)
        out[0] = '\0';
    else
        snprintf(out, len, "%d%s of %d this turn: ", i, th[i % 10 < 4 && (i % 100) / 10 != 1 ? i % 10 : 0], nturn);
}

/* One mission of this turn (the k-th of nturn): each round's burst (FAE
 * in purple, any other in orange; an earlier mission's lighter), the line
 * from where it was aimed when it strayed, the men it caught ringed, and
 * what it was in words beside its first burst: which mission, whose, what
 * warhead, how wide, on target or not, who was caught. */
static void one_mission(const sl_game *g, int viewer, const art_blast *b, int k, int nturn, sl_sketch *out, int *n,
                        int max)
{
    sl_hue hue = b->warhead == ART_WH_FAE ? SL_HUE_PURPLE : SL_HUE_ORANGE;
    bool earlier = k + 1 < nturn;
    for (int r = 0; r < b->nrounds; r++) {
        sl_sketch *s = rl_sketch_add(out, n, max, SL_SKETCH_AREA, hue, b->landed[r]);
        if (!s)
            return;
        s->radius = b->radius;
        s->inner = b->doubled[r] ? b->radius : 0;
        s->flags = SL_SKETCH_CROSS | (earlier ? SL_SKETCH_FAINT : 0);
        burst_outline(g, b->landed[r], b->radius, b->doubled[r], s);
    }
    if (b->scattered) {
        sl_sketch *s = rl_sketch_add(out, n, max, SL_SKETCH_LINE, SL_HUE_GREY, b->aimed);
        if (s)
            s->to = b->landed[0];
        s = rl_sketch_add(out, n, max, SL_SKETCH_AIM, SL_HUE_GREY, b->aimed);
        if (s && nturn > 1)
            snprintf(s->lines[0], sizeof s->lines[0], "mission %d aimed here", k + 1);
        else if (s)
            snprintf(s->lines[0], sizeof s->lines[0], "aimed here");
    }
    sl_sketch *s = rl_sketch_add(out, n, max, SL_SKETCH_FIGURES, hue, b->landed[0]);
    if (s) {
        s->nfigs = b->ncaught < SL_SKETCH_FIGS ? b->ncaught : SL_SKETCH_FIGS;
        memcpy(s->figs, b->caught, sizeof(int) * (size_t)s->nfigs);
    }
    s = rl_sketch_add(out, n, max, SL_SKETCH_WORDS, hue, b->landed[0]);
    if (!s)
        return;
    s->words_hue = b->warhead == ART_WH_FAE ? SL_HUE_PURPLE : SL_HUE_ORANGE;
    s->radius = (b->doubled[0] ? 2 : 1) * b->radius;
    char count[40];
    mission_count(k, nturn, count, sizeof count);
    /* what fell first, so a short table cuts only whose it was */
    snprintf(s->lines[0], sizeof s->lines[0], "%s%s %.0f\"%s%s, by %s", count, warhead_short(b->warhead),
             (b->doubled[0] ? 2 * b->radius : b->radius) / 1000.0, b->doubled[0] ? " (doubled inside a building)" : "",
             b->scattered ? ", off target" : ", on target", art_asset_of(g, b->asset)->name);
    caught_words(g, viewer, b, s->lines[1], sizeof s->lines[1]);
}

/* Every mission that landed this turn, the last drawn last (over the
 * others); where they do not all fit, the latest do. */
static void turn_bursts(const sl_game *g, int viewer, sl_sketch *out, int *n, int max)
{
    int nb = 0;
    const art_blast *bl = art_turn_blasts(g, &nb);
    int first = nb;
    while (first > 0 && bl[first - 1].on && bl[first - 1].turn == g->turn)
        first--;
    int room = max - *n, from = nb;
    while (from > first && burst_sketches(&bl[from - 1]) <= room)
        room -= burst_sketches(&bl[--from]);
    for (int k = from; k < nb; k++)
        one_mission(g, viewer, &bl[k], k - first, nb - first, out, n, max);
}

int art_sketches(const sl_game *g, int viewer, sl_sketch *out, int max)
{
    int n = 0;
    building_words(g, out, &n, max);
    missions_on_their_way(g, out, &n, max);
    turn_bursts(g, viewer, out, &n, max);
    return n;
}

/* The chance a sealed point target of armour class cls holds against
 * the impact die (equal or more holds): cls D12 added, or one D12 times
 * cls (the option armour_class_roll). */
static double p_holds(const sl_game *g, int cls, sl_die impact)
{
    enum { MAXS = 12 * 8 + 1 };
    double dist[MAXS] = {0}, next[MAXS];
    if (cls <= 0) {
        for (int a = 1; a <= 6; a++)
            dist[a] = 1.0 / 6;
    } else if (g->live.options.armour_class_roll == 1 || cls > 8) {
        for (int a = 1; a <= 12 && a * cls < MAXS; a++)
            dist[a * cls] = 1.0 / 12;
    } else {
        dist[0] = 1;
        for (int k = 0; k < cls; k++) {
            memset(next, 0, sizeof next);
            for (int t = 0; t < MAXS; t++)
                for (int a = 1; a <= 12 && dist[t] > 0 && t + a < MAXS; a++)
                    next[t + a] += dist[t] / 12;
            memcpy(dist, next, sizeof dist);
        }
    }
    double p = 0;
    for (int i = 1; i <= (int)impact; i++)
        for (int t = i; t < MAXS; t++)
            p += dist[t] / (double)impact;
    return p;
}

/* What the building under the aim point does to the burst, in words:
 * sealing matters only to a fuel-air blast (seed 000): sealed, the blast
 * stays outside unless it breaks the walls; open, it gets in. A shell
 * cares for walls, not seals. */
static void building_line(const sl_game *g, int f, bool fae, int32_t radius, sl_preview *out)
{
    const char *name = art_feature_name(g, f);
    int cls = g->live.table.features[f].armour_class;
    sl_die impact = art_fae_impact(&g->live);
    bool airtight = art_bld_airtight(g, f), sealed = airtight && art_bld_sealed(g, f);
    if (!fae)
        rl_preview_line(out, "%s%s: sealing keeps out only a fuel-air blast; against this shell its walls shield "
                        "the men behind them, as cover does", name, sealed ? " is sealed" : "");
    else if (sealed)
        rl_preview_line(out, "%s is sealed: the blast stays outside, and the men inside are safe unless it breaks the "
                        "walls (they hold %.0f%%: armour class %d against the %s). Outside it reaches %.0f\".",
                        name, 100 * p_holds(g, cls, impact), cls, sl_die_name(impact), 2 * radius / 1000.0);
    else
        rl_preview_line(out, "%s is %s: the blast gets in and reaches %.0f\" from the burst inside it; the men it "
                        "reaches there take it as troops", name, airtight ? "open" : "not airtight", 2 * radius / 1000.0);
}

/* The men one unit would lose to the burst, as the calling side knows
 * them: caught, and safe behind sealed walls. */
typedef struct caught_tally {
    int *caught, *safe;         /* by unit */
    int figs[SL_SKETCH_FIGS], nfigs;
} caught_tally;

/* The men a burst at the aim point (on target) would reach, and those a
 * sealed building it catches keeps safe: each man asked as the burst
 * itself asks (artillery_burst.c, fae.c). */
static void would_catch(const sl_game *g, const art_burst *bu, caught_tally *t)
{
    bool done[ART_MAX_BUILDINGS] = {false}, held[ART_MAX_BUILDINGS] = {false};
    for (int f = 0; bu->warhead == ART_WH_FAE && f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS; f++) {
        double dist;
        done[f] = art_fae_catches(g, bu, f, &dist);
        held[f] = done[f] && art_bld_airtight(g, f) && art_bld_sealed(g, f);
    }
    for (int i = 0; i < g->live.nfigures; i++) {
        const sl_figure *fig = &g->live.figures[i];
        char why[200];
        sl_los_result line;
        int b = bu->warhead == ART_WH_FAE ? art_building_at(g, fig->pos) : -1;
        bool in_done = b >= 0 && b < ART_MAX_BUILDINGS && done[b];
        bool in = false;
        if (art_troop_reach(g, bu, i, in_done ? NULL : done, &line, why, sizeof why) == ART_REACH_NONE && !in_done)
            continue;
        if (in_done && held[b] && fig->status != SL_FIG_DEAD) {
            t->safe[fig->unit]++;
            continue;
        }
        in = in_done ? fig->status != SL_FIG_DEAD && g->us[fig->unit].aboard < 0 &&
                           art_inside_reached(g, bu, b, i, why, sizeof why)
                     : art_troop_reach(g, bu, i, done, &line, why, sizeof why) == ART_REACH_IN;
        if (!in)
            continue;
        t->caught[fig->unit]++;
        if (t->nfigs < SL_SKETCH_FIGS)
            t->figs[t->nfigs++] = i;
    }
    for (int v = 0; v < g->live.nunits; v++) {
        const sl_unit *vu = &g->live.units[v];
        if (vu->kind != SL_UNIT_VEHICLE || g->us[v].damage >= 2 || vu->nfigures == 0)
            continue;
        const sl_figure *hull = &g->live.figures[vu->first_figure];
        char why[200];
        if (!art_within_blast(g, bu->c, bu->r, bu->doubled, hull->pos, hull->base_r, why, sizeof why))
            continue;
        t->caught[v]++;
        if (t->nfigs < SL_SKETCH_FIGS)
            t->figs[t->nfigs++] = vu->first_figure;
    }
}

/* "Would catch: NSL Jagers (3 men), NSL APC; safe behind sealed walls:
 * NSL Platoon HQ (3 men)": only what the calling side knows. A unit in
 * plain sight with its men; a counter whose marker the burst covers by
 * its letter (what is under it unknown); nothing it has not seen. */
static void caught_lines(const sl_game *g, int side, const art_burst *bu, const caught_tally *t, sl_preview *out,
                         sl_sketch *ring)
{
    char who[SL_PREVIEW_LINE] = "", safe[SL_PREVIEW_LINE] = "";
    size_t nw = 0, ns = 0;
    int32_t reach = bu->doubled ? 2 * bu->r : bu->r;
    for (int u = 0; u < g->live.nunits; u++) {
        sl_know k = sl_game_knows(g, side, u);
        char buf[SL_NAME_LEN + 16], men[40] = "";
        if (k == SL_KNOW_ALL && (t->caught[u] || t->safe[u])) {
            int n = t->caught[u] ? t->caught[u] : t->safe[u];
            if (g->live.units[u].kind != SL_UNIT_VEHICLE)
                snprintf(men, sizeof men, " (%d %s)", n, n == 1 ? "man" : "men");
            char *dst = t->caught[u] ? who : safe;
            size_t *at = t->caught[u] ? &nw : &ns;
            if (*at < SL_PREVIEW_LINE)
                *at += (size_t)snprintf(dst + *at, SL_PREVIEW_LINE - *at, "%s%s%s", *at ? ", " : "",
                                        rl_name_for(g, side, u, buf, sizeof buf), men);
            for (int i = 0; i < t->nfigs && ring->nfigs < SL_SKETCH_FIGS && t->caught[u]; i++)
                if (g->live.figures[t->figs[i]].unit == u)
                    ring->figs[ring->nfigs++] = t->figs[i];
        } else if ((k == SL_KNOW_COUNTER || k == SL_KNOW_UNIT) && g->live.units[u].counter[0] &&
                   sl_dist(bu->c, sl_game_counter_at(g, u)) <= reach && nw < SL_PREVIEW_LINE) {
            nw += (size_t)snprintf(who + nw, SL_PREVIEW_LINE - nw, "%s%s (what is under it is not known)",
                                   nw ? ", " : "", rl_name_for(g, side, u, buf, sizeof buf));
        }
    }
    rl_preview_line(out, "Would catch: %s", who[0] ? who : "no one you can see");
    if (safe[0])
        rl_preview_line(out, "Safe behind sealed walls unless they break: %s", safe);
}

static void preview_odds(sl_preview *out, const char *test, sl_die die, int need, double p)
{
    if (out->nodds >= SL_PREVIEW_ODDS)
        return;
    sl_preview_odds *d = &out->odds[out->nodds++];
    snprintf(d->test, sizeof d->test, "%s", test);
    d->die = die;
    d->need = need;
    d->p = p;
}

/* A call for fire being aimed: the burst it would bring at the pointer
 * (twice as wide for a FAE aimed into a building), with the odds of the
 * call getting through and of the mission falling on target; whom it
 * would catch on target, as the calling side knows them; what the
 * building under it does to it. */
bool art_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                 sl_preview *out)
{
    (void)viewer; /* what the calling side knows, whoever watches */
    (void)target;
    if (kind != rl_command_kind(g, &art_rule.commands[0]))
        return false;
    int wh = variant > 0 ? variant - 1 : -1;
    art_odds o;
    art_call_odds(g, unit, -1, wh, 0, at, &o);
    /* the crew's own shot is not a call: its title says so */
    snprintf(out->title, sizeof out->title, "%s",
             o.open_sights ? "where should the shot over open sights land?" : "where should the fire mission land?");
    sl_command c;
    sl_cmd_init(&c, kind, unit);
    c.at = at;
    art_cmd ac = {-1, wh, 0, -1};
    art_cmd_set(&c, &ac);
    out->legal = art_can_call(g, &c, out->why, sizeof out->why);
    bool in = o.doubled;
    const char *name = warhead_short(variant > 0 ? (variant - 1) % 4 : 0);
    sl_sketch *s = rl_sketch_add(out->sketches, &out->nsketches, SL_PREVIEW_SKETCHES, SL_SKETCH_AREA,
                                 SL_HUE_ORANGE, at);
    s->radius = (in ? 2 : 1) * o.radius;
    s->flags = SL_SKETCH_FAINT;
    char line[300];
    if (o.open_sights)
        snprintf(line, sizeof line, "Fire %s here over open sights (both actions): on target %.0f%%, %.0f\" burst",
                 name, 100 * o.p_accurate, o.radius / 1000.0);
    else
        snprintf(line, sizeof line, "%s %s here: %s must beat %d (%.0f%%), on target %.0f%%, %.0f\" burst%s",
                 o.commands_crew ? "Order" : "Call", name, sl_die_name(o.die), o.need, 100 * o.p_call,
                 100 * o.p_accurate, (in ? 2 : 1) * o.radius / 1000.0, in ? " (doubled inside)" : "");
    /* the whole sentence in the aiming card, over whom it would catch;
     * at the point only the odds, short (at 1280x720 200% the sentence
     * lay across the table's names wherever it went) */
    if (out->legal)
        rl_preview_line(out, "%s", line);
    if (o.open_sights)
        snprintf(s->lines[0], sizeof s->lines[0], "on target %.0f%%", 100 * o.p_accurate);
    else
        snprintf(s->lines[0], sizeof s->lines[0], "%s %.0f%% \xC2\xB7 on target %.0f%%",
                 o.commands_crew ? "order" : "call", 100 * o.p_call, 100 * o.p_accurate);
    /* the same odds as numbers: the rolls the command makes */
    if (!o.open_sights)
        preview_odds(out, o.commands_crew ? "communication" : "call-fire", o.die, o.need, o.p_call);
    preview_odds(out, "accuracy", sl_quality_die(g->live.units[unit].quality), o.accuracy_need, o.p_accurate);
    if (o.asset < 0 || o.radius <= 0)
        return true;
    /* what the building under it does first: a projector's card drops
     * its last lines */
    int inside = art_building_at(g, at);
    art_burst bu = {at, o.radius, inside, in, wh >= 0 ? wh : ART_WH_GP, ""};
    if (inside >= 0)
        building_line(g, inside, bu.warhead == ART_WH_FAE, o.radius, out);
    caught_tally t = {calloc((size_t)g->live.nunits + 1, sizeof(int)), calloc((size_t)g->live.nunits + 1, sizeof(int)),
                      {0}, 0};
    sl_sketch *ring = rl_sketch_add(out->sketches, &out->nsketches, SL_PREVIEW_SKETCHES, SL_SKETCH_FIGURES,
                                    SL_HUE_ORANGE, at);
    if (t.caught && t.safe && ring) {
        would_catch(g, &bu, &t);
        caught_lines(g, g->live.units[unit].side, &bu, &t, out, ring);
    }
    free(t.caught);
    free(t.safe);
    return true;
}
