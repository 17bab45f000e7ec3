/* Where an artillery mission lands and what its bursts do (rulebook
 * pp46-47; the rule: artillery.c).
 *
 * Where it lands: the caller's quality die must beat its leadership when
 * it has an observer's kit and still sees the point, else twice that;
 * failing, the rounds go the D12's clock direction (12 straight away from
 * the caller's own table edge) a D8 times the accuracy score in inches.
 * Other rounds of the salvo fall D12 and D6" from the first.
 *
 * What it does: every figure whose base the burst touches rolls its
 * armour (up for the cover between it and the burst, one more In
 * Position, an open shift) against the warhead's impact; a building
 * between them shields it. Every unit with a man caught is suppressed and
 * tests its confidence as under fire, with the artillery's threat added.
 * Vehicles take a minor hit. A fuel-air explosive's burst: fae.c; what a
 * burst does to one man: artillery_burst.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The impact on troops of each warhead (p47): GP, AP, AT. */
static const sl_die troop_impact[] = {SL_D8, SL_D12, SL_D6};

/* The vehicles a burst catches: a FAE's point targets; the rest take a
 * minor hit, and the passengers of an open-topped one are in the open. */
static void burst_vehicles(sl_game *g, art_hurt *h, int caller, const art_burst *b)
{
    sl_pt c = b->c;
    int32_t r = b->r;
    int warhead = b->warhead;
    for (int v = 0; v < g->live.nunits && !g->failed; v++) {
        const sl_unit *vu = &g->live.units[v];
        if (vu->kind != SL_UNIT_VEHICLE || g->us[v].damage >= 2 || vu->nfigures == 0)
            continue;
        const sl_figure *hull = &g->live.figures[vu->first_figure];
        char why[200];
        if (!art_within_blast(g, c, r, b->doubled, hull->pos, hull->base_r, why, sizeof why)) {
            if (why[0])
                rl_note(g, v, "%s: %s", vu->name, why);
            continue;
        }
        double dist = sl_dist(c, hull->pos);
        art_blast *caught = art_blast_now(g); /* the hull ringed with the men */
        if (caught && caught->ncaught < ART_BLAST_MAX_CAUGHT)
            caught->caught[caught->ncaught++] = vu->first_figure;
        mor_suppress(g, v, "caught in an artillery burst (p47)");
        if (warhead == ART_WH_FAE) {
            art_fae_point_target(g, h, caller, -1, v, b, b->doubled ? 2 * r : r, dist > r ? b->rwhy : "", dist);
            continue;
        }
        char text[300];
        snprintf(text, sizeof text, "%s is in the burst (radius %.0f\"), %.1f\" from it: a minor hit (p47)", vu->name,
                 r / 1000.0, dist / 1000.0);
        art_blast_event(g, v, vu->id, r, "plain", dist, text);
        static const sl_die point_impact[] = {SL_D8, SL_D8, SL_D12};
        fire_point_hit(g, caller, v, point_impact[warhead], warhead == ART_WH_AT ? 2 : 1,
                       warhead == ART_WH_AT ? "anti-armour submunitions" : "artillery");
        /* passengers of an open-topped vehicle are in the open */
        if (vu->open_top)
            for (int i = 0; i < g->live.nfigures && !g->failed; i++) {
                const sl_figure *f = &g->live.figures[i];
                if (f->status == SL_FIG_DEAD || g->us[f->unit].aboard != v)
                    continue;
                art_caught(g, h, i);
                art_figure_roll(g, h, caller, i, troop_impact[warhead], g->live.units[f->unit].armour,
                                ", aboard an open-topped vehicle");
            }
    }
}

/* The troops a burst catches, in the open or in cover (those in a
 * building a FAE caught, done[], are taken with it). */
static void burst_troops(sl_game *g, art_hurt *h, int caller, const art_burst *b, const bool *done)
{
    sl_pt c = b->c;
    int32_t r = b->r;
    bool fae = b->warhead == ART_WH_FAE;
    /* troops in the open or in cover */
    for (int i = 0; i < g->live.nfigures && !g->failed; i++) {
        const sl_figure *f = &g->live.figures[i];
        const sl_unit *u = &g->live.units[f->unit];
        char why[200];
        sl_los_result line;
        art_reach reach = art_troop_reach(g, b, i, done, &line, why, sizeof why);
        if (reach == ART_REACH_SHIELDED)
            rl_note(g, f->unit, "%s is within the burst but shielded by %s (p47)", f->id, why);
        else if (reach == ART_REACH_OUT && why[0])
            rl_note(g, f->unit, "%s: %s", f->id, why);
        if (reach != ART_REACH_IN)
            continue;
        double dist = sl_dist(c, f->pos);
        bool past = dist > r;
        if (fae) {
            char text[300];
            snprintf(text, sizeof text, "%s is in the fuel-air blast, %.1f\" from it (radius %.0f\"%s)", f->id,
                     dist / 1000.0, (b->doubled ? 2 * r : r) / 1000.0, b->rwhy);
            art_blast_event(g, f->unit, f->id, b->doubled ? 2 * r : r, past ? "doubled" : "plain", dist, text);
            const char *aw;
            sl_die armour = art_fae_armour(g, f->unit, &aw);
            art_caught(g, h, i);
            art_figure_roll(g, h, caller, i, art_fae_impact(&g->live), armour, aw);
            continue;
        }
        char text[300];
        snprintf(text, sizeof text, "%s is in the burst, %.1f\" from it (radius %.0f\")%s%s", f->id, dist / 1000.0,
                 r / 1000.0, line.cover != SL_COVER_NONE ? ", in " : "",
                 line.cover != SL_COVER_NONE ? sl_cover_phrase(line.cover) : "");
        art_blast_event(g, f->unit, f->id, r, "plain", dist, text);
        art_caught(g, h, i);
        int shift = (int)line.cover + (g->us[f->unit].in_position ? 1 : 0);
        int excess = 0;
        sl_die armour = sl_die_shift_open(u->armour, shift, &excess);
        sl_die impact = sl_die_shift_closed(troop_impact[b->warhead], -excess);
        char aw[120];
        snprintf(aw, sizeof aw, "%s%s%s", line.cover != SL_COVER_NONE ? ", up for cover" : "",
                 g->us[f->unit].in_position ? ", up one In Position" : "",
                 excess ? " (past D12: the impact drops)" : "");
        art_figure_roll(g, h, caller, i, impact, armour, aw);
    }
}

static void one_burst(sl_game *g, art_hurt *h, int caller, int asset, int warhead, sl_pt c, bool *doubled_out)
{
    const art_asset *as = art_asset_of(g, asset);
    int32_t r = art_delivery_radius(as->size);
    bool fae = warhead == ART_WH_FAE;
    int inside = art_building_at(g, c);
    bool doubled = fae && inside >= 0;
    *doubled_out = doubled;
    art_burst bu = {c, r, inside, doubled, warhead, ""};
    if (doubled)
        snprintf(bu.rwhy, sizeof bu.rwhy, ", doubled: it went off inside %s", art_feature_name(g, inside));
    if (!sl_table_contains(&g->live.table, c))
        rl_note(g, -1, "The round lands off the table at (%.1f, %.1f)", c.x / 1000.0, c.y / 1000.0);
    else
        rl_note(g, -1, "A round of %s bursts at (%.1f, %.1f): radius %.0f\"%s (p46)", art_warhead_name(warhead),
                c.x / 1000.0, c.y / 1000.0, (doubled ? 2 * r : r) / 1000.0, bu.rwhy);
    /* point targets first: the buildings a FAE catches, then vehicles */
    bool bdone[ART_MAX_BUILDINGS] = {false};
    if (fae)
        art_fae_buildings(g, h, caller, &bu, bdone);
    burst_vehicles(g, h, caller, &bu);
    burst_troops(g, h, caller, &bu, bdone);
}

/* After the salvo: suppression and morale of every unit caught. */
static void after_bursts(sl_game *g, art_hurt *h)
{
    static const int art_threat[3] = {2, 1, 0}; /* low, medium, high motivation (p20) */
    for (int k = 0; k < h->n && !g->failed; k++) {
        int m = h->unit[k];
        if (g->live.units[m].kind != SL_UNIT_INFANTRY)
            continue;
        bool first = h->first[k];
        mor_suppress(g, m, "caught in an artillery burst (p47)");
        for (int t = 0; t < sl_unit_nparts(&g->live, m); t++)
            mor_suppress(g, sl_unit_part(&g->live, m, t), "caught in an artillery burst (p47)");
        g->us[m].suppressed_before = true;
        bool trig[MOR_TRIGGER_COUNT] = {false};
        trig[MOR_FIRST_SUPPRESSION] = first;
        int survivors = rl_living(g, m);
        if (h->cas[k] > 0) {
            rl_state(g, m, "casualties", "%s loses %d figure%s to the artillery; %d still standing", rl_unit_name(g, m),
                     h->cas[k], h->cas[k] == 1 ? "" : "s", survivors);
            if (survivors == 0) {
                rl_state(g, m, "destroyed", "%s has no one left standing", rl_unit_name(g, m));
                continue;
            }
            trig[MOR_CASUALTIES] = true;
            trig[MOR_MORE_THAN_SURVIVORS] = h->cas[k] > survivors;
        }
        if (h->leader[k]) {
            mor_leader_lost(g, m);
            trig[MOR_LEADER_LOST] = true;
        }
        mor_test_if_triggered(g, m, trig, art_threat[g->live.units[m].motivation], "under artillery fire");
        if (!g->failed && rl_living(g, m) > 0)
            mor_panic_fired_on(g, m);
    }
}

/* Clockface direction (1-12; 12 straight away from the side's own table
 * edge) as a unit vector. */
static void clock_dir(const sl_game *g, int side, int hour, double *dx, double *dy)
{
    /* the side's own edge: the table edge nearest its men at the start */
    double sx = 0, sy = 0;
    int n = 0;
    for (int i = 0; i < g->setup->nfigures; i++)
        if (g->setup->units[g->setup->figures[i].unit].side == side) {
            sx += g->setup->figures[i].pos.x;
            sy += g->setup->figures[i].pos.y;
            n++;
        }
    double W = g->live.table.width, H = g->live.table.height;
    double cx = n ? sx / n : W / 2, cy = n ? sy / n : H;
    double d[4] = {cy, H - cy, cx, W - cx}; /* top, bottom, left, right */
    int e = 0;
    for (int k = 1; k < 4; k++)
        if (d[k] < d[e])
            e = k;
    static const double fx[4] = {0, 0, 1, -1}, fy[4] = {1, -1, 0, 0};
    double a = (hour % 12) * M_PI / 6.0;
    /* clockwise as seen from above, y down the table */
    *dx = fx[e] * cos(a) - fy[e] * sin(a);
    *dy = fx[e] * sin(a) + fy[e] * cos(a);
}

static sl_pt deviate(const sl_game *g, int side, sl_pt from, int hour, double inches)
{
    double dx, dy;
    clock_dir(g, side, hour, &dx, &dy);
    return sl_pt_make((int32_t)lround(from.x + dx * inches * 1000.0), (int32_t)lround(from.y + dy * inches * 1000.0));
}

/* A mission comes down (p46): accuracy, deviation, each round. */
void art_land(sl_game *g, const art_mission *m)
{
    const art_asset *as = art_asset_of(g, m->asset);
    int caller = m->caller;
    const sl_unit *u = &g->live.units[caller];
    bool specialist = (m->open_sights || art_has_observer(g, caller)) && rl_living(g, caller) > 0 &&
                      art_sees_point(g, caller, m->at);
    int need = specialist ? u->leadership : 2 * u->leadership;
    int acc = rl_roll(g, sl_quality_die(u->quality), need, "accuracy", caller,
                      "%s's mission arrives: %s's %s die must beat %s %d to fall where aimed (p46)", as->name, u->name,
                      sl_quality_label(u->quality), specialist ? "leadership" : "twice leadership", need);
    if (g->failed)
        return;
    sl_pt first = m->at;
    art_blast *b = art_blast_new(g);
    b->on = true;
    b->turn = g->turn;
    b->asset = m->asset;
    b->warhead = m->warhead;
    b->caller = caller;
    b->aimed = m->at;
    b->radius = art_delivery_radius(as->size);
    if (acc <= need) {
        int hour = rl_roll(g, SL_D12, -1, "scatter", caller, "Off target: the D12 gives the direction, 12 straight "
                                                              "away from %s's own table edge (p46)",
                           rl_side_name(g, m->side));
        int dist = m->open_sights
                       ? rl_roll(g, SL_D8, -1, "scatter", caller,
                                 "and the D8 the distance, as it stands: fire over open sights is not multiplied (p47)")
                       : rl_roll(g, SL_D8, -1, "scatter", caller, "and the D8 the distance, times the accuracy roll's %d",
                                 acc);
        if (g->failed)
            return;
        int off = m->open_sights ? dist : dist * acc;
        first = deviate(g, m->side, m->at, hour, (double)off);
        b->scattered = true;
        rl_state(g, caller, "scatter", "The mission falls %d\" off, toward %d o'clock: at (%.1f, %.1f)", off, hour,
                 first.x / 1000.0, first.y / 1000.0);
    } else {
        rl_note(g, caller, "On target: the mission falls where %s aimed it", u->name);
    }
    b->landed[0] = first;
    b->nrounds = 1;
    for (int k = 1; k < as->rounds && !g->failed; k++) {
        int hour = rl_roll(g, SL_D12, -1, "scatter", caller, "Round %d of %d: D12 direction from the first (p46)",
                           k + 1, as->rounds);
        int dist = rl_roll(g, SL_D6, -1, "scatter", caller, "and D6 inches");
        if (g->failed)
            return;
        b->landed[b->nrounds++] = deviate(g, m->side, first, hour, dist);
    }
    art_hurt h;
    memset(&h, 0, sizeof h);
    for (int k = 0; k < b->nrounds && !g->failed; k++)
        one_burst(g, &h, caller, m->asset, m->warhead, b->landed[k], &b->doubled[k]);
    after_bursts(g, &h);
}

const art_blast *art_last_blast(const sl_game *g)
{
    return art_blast_now(g);
}

const art_blast *art_turn_blasts(const sl_game *g, int *n)
{
    const art_game *st = art_game_of(g);
    *n = st ? st->nblasts : 0;
    return st ? st->blasts : NULL;
}
