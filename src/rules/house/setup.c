/* Hidden set-up (rulebook p25): before the first turn, each side with
 * hidden units or dummy counters and a set-up zone on the map (Tiled
 * objects of class "setup" with property "side") places them there, out
 * of the enemy's sight: `place UNIT X,Y` moves the counter (the unit's
 * men keep their places about it), `done SIDE` hands over to the next
 * side, and the first turn starts when every side is done.
 *
 * Our readings, in src/rules/RULES.md: a counter may not be placed in the
 * open in sight of an enemy (it would be revealed at once); dummies a
 * scenario counts out for a side ("dummies": N) must be placed before the
 * side is done; a hidden unit left where the scenario put it stays there.
 *
 * This file and one row of src/rules/tables.c are the whole rule. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

static bool setup_on(const sl_game *g)
{
    return g->live.table.nzones > 0;
}

/* In an ambush the ambusher sets up, units in plain view as well as
 * counters, while the column is not yet on the table (ambush.c). */
static bool ambush_setup(const sl_game *g)
{
    return sl_option_value(&g->live.options, sl_option_find("ambush")) > 0;
}

const char *sl_game_setup_place_rule(const sl_game *g)
{
    /* as the place command checks it (can_place): not in an ambush,
     * where the column is not yet on the table to see anything */
    return ambush_setup(g) ? NULL : "In cover or out of the enemy's sight: in the open it is seen at once";
}

static int place_kind(void)
{
    return rl_cmd_kind_of(&setup_rule.commands[0]);
}

static bool zone_of_side(const sl_game *g, const sl_zone *z, int side)
{
    return strcmp(z->side, g->live.sides[side].id) == 0;
}

/* Does the side set up: a zone of its own and a counter to place? */
static bool sets_up(const sl_game *g, int side)
{
    bool zone = false;
    for (int i = 0; i < g->live.table.nzones; i++)
        zone |= zone_of_side(g, &g->live.table.zones[i], side);
    if (!zone)
        return false;
    if (ambush_setup(g))
        return am_sets_up(g, side);
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side == side && rl_fog_counter(g, u))
            return true;
    return false;
}

static void ask(sl_game *g, int side)
{
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = SL_DECIDE_SETUP;
    g->pending.side = side;
    g->pending.mover = -1;
    char text[400], fields[120];
    snprintf(text, sizeof text,
             "Set-up: %s places its hidden units and dummies in its set-up zone, out of the enemy's sight (p25): "
             "place UNIT X,Y for each, then done %s",
             rl_side_name(g, side), g->live.sides[side].id);
    snprintf(fields, sizeof fields, "\"decision\":\"setup\",\"side\":\"%s\"", g->live.sides[side].id);
    rl_event(g, SL_EV_DECISION, -1, text, fields);
}

bool setup_begin(sl_game *g, int side)
{
    if (!sets_up(g, side))
        return false;
    ask(g, side);
    return true;
}

static bool setup_start(sl_game *g)
{
    for (int s = 0; s < g->live.nsides; s++)
        if (sets_up(g, s)) {
            ask(g, s);
            return true;
        }
    return false;
}

static bool setup_pending_allows(const sl_game *g, const sl_command *c)
{
    return !am_owns_setup(g) && g->pending.kind == SL_DECIDE_SETUP && (c->kind == place_kind() || c->kind == SL_CMD_DONE);
}

static bool setup_done_can(const sl_game *g, int side, bool *decided, char *why, size_t whylen)
{
    if (g->pending.kind != SL_DECIDE_SETUP || am_owns_setup(g))
        return true;
    *decided = true;
    if (side != g->pending.side)
        return rl_refuse(why, whylen, "it is %s's set-up, not %s's", rl_side_name(g, g->pending.side),
                         rl_side_name(g, side));
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side == side && sl_game_still_to_place(g, u))
            return rl_refuse(why, whylen, "%s is still to be placed: every dummy counted out for %s is placed first",
                             g->live.units[u].name, rl_side_name(g, side));
    return true;
}

static bool setup_done(sl_game *g, int side)
{
    if (g->pending.kind != SL_DECIDE_SETUP || am_owns_setup(g))
        return false;
    rl_state(g, -1, "setup-done", "%s has set up", rl_side_name(g, side));
    for (int s = side + 1; s < g->live.nsides; s++)
        if (sets_up(g, s)) {
            ask(g, s);
            return true;
        }
    g->pending.kind = SL_DECIDE_NONE;
    if (!am_after_setup(g))
        rl_turn_start(g);
    return true;
}

static bool setup_decide(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    (void)c;
    if (g->pending.kind != SL_DECIDE_SETUP || am_owns_setup(g))
        return true;
    *handled = true;
    return rl_refuse(err, errlen, "%s is setting up: place UNIT X,Y, then done %s", rl_side_name(g, g->pending.side),
                     g->live.sides[g->pending.side].id);
}

/* Where the unit's men would stand with its counter at p. */
static int placed_at(const sl_game *g, int unit, sl_pt p, int *figs, sl_pt *pos)
{
    const sl_unit *un = &g->live.units[unit];
    sl_pt from = rl_fog_counter(g, unit) ? g->us[unit].counter_at : sl_unit_centre(&g->live, unit, NULL);
    int n = 0;
    for (int i = 0; i < un->nfigures && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[un->first_figure + i];
        figs[n] = un->first_figure + i;
        pos[n++] = sl_pt_make(f->pos.x + (p.x - from.x), f->pos.y + (p.y - from.y));
    }
    return n;
}

/* May unit u be placed now: a counter of the side setting up, in its
 * set-up? The reason when not. */
static bool can_place_unit(const sl_game *g, int u, char *why, size_t whylen)
{
    if (g->pending.kind != SL_DECIDE_SETUP)
        return rl_refuse(why, whylen, "counters are placed in the set-up phase, before the first turn");
    const sl_unit *un = &g->live.units[u];
    if (un->side != g->pending.side)
        return rl_refuse(why, whylen, "it is %s's set-up, and %s is not theirs", rl_side_name(g, g->pending.side),
                         un->name);
    if (g->pending.kind == SL_DECIDE_SETUP && am_owns_setup(g))
        return rl_refuse(why, whylen, "not now: the ambush's column or spring comes first");
    if (sl_unit_whole(&g->live, u) >= 0 || un->parent >= 0 || (!rl_fog_counter(g, u) && !ambush_setup(g)))
        return rl_refuse(why, whylen, "%s is not a hidden unit or a dummy: only counters are placed", un->name);
    return true;
}

static bool setup_placeable(const sl_game *g, int unit)
{
    return can_place_unit(g, unit, NULL, 0);
}

static bool can_place(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (!can_place_unit(g, c->unit, why, whylen))
        return false;
    const sl_unit *un = &g->live.units[c->unit];
    if (c->npts != 1)
        return rl_refuse(why, whylen, "usage: place UNIT X,Y");
    sl_pt p = c->pts[0];
    bool inside = false;
    for (int i = 0; i < g->live.table.nzones && !inside; i++) {
        const sl_zone *z = &g->live.table.zones[i];
        inside = zone_of_side(g, z, un->side) && sl_zone_contains(&g->live.table, z, p);
    }
    if (!inside)
        return rl_refuse(why, whylen, "(%.1f, %.1f) is outside %s's set-up zone", p.x / 1000.0, p.y / 1000.0,
                         rl_side_name(g, un->side));
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    int n = placed_at(g, c->unit, p, figs, pos);
    for (int i = 0; i < n; i++) {
        int feat;
        if (!sl_table_contains(&g->live.table, pos[i]))
            return rl_refuse(why, whylen, "%s would stand off the table", g->live.figures[figs[i]].id);
        if (sl_going_at(&g->sight.ix, pos[i], &feat) == SL_GOING_IMPASSABLE)
            return rl_refuse(why, whylen, "%s would stand in %s", g->live.figures[figs[i]].id,
                             g->live.table.features[feat].name);
    }
    /* in the open in an enemy's sight it would be revealed at once (in
     * an ambush the column is not yet on the table) */
    if (!ambush_setup(g) && !sl_point_in_cover(&g->live, p))
        for (int v = 0; v < g->live.nunits; v++) {
            const sl_unit *vu = &g->live.units[v];
            if (vu->side == un->side || vu->kind == SL_UNIT_DUMMY || rl_fog_counter(g, v))
                continue;
            for (int i = 0; i < vu->nfigures; i++) {
                const sl_figure *f = &g->live.figures[vu->first_figure + i];
                if (f->status == SL_FIG_OK && f->unit == v &&
                    sl_los_clear(&g->sight.ix, &g->sight.params, g->sight.scratch, f->pos, p))
                    return rl_refuse(why, whylen,
                                     "(%.1f, %.1f) is in the open in sight of %s: a counter there would be revealed "
                                     "at once; place it in cover or out of sight",
                                     p.x / 1000.0, p.y / 1000.0, vu->name);
            }
        }
    return true;
}

static bool place(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    sl_pt p = c->pts[0];
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    int n = placed_at(g, c->unit, p, figs, pos);
    for (int i = 0; i < n; i++)
        g->live.figures[figs[i]].pos = pos[i];
    for (int u = 0; u < g->live.nunits; u++)
        if (u == c->unit || sl_unit_whole(&g->live, u) == c->unit || g->live.units[u].parent == c->unit)
            g->us[u].counter_at = p;
    g->us[c->unit].placed = true;
    if (sl_game_counter(g, c->unit)[0])
        rl_state(g, c->unit, "placed", "%s's counter (%s) is placed at (%.1f, %.1f)", rl_unit_name(g, c->unit),
                 sl_game_counter(g, c->unit), p.x / 1000.0, p.y / 1000.0);
    else
        rl_state(g, c->unit, "placed", "%s is set out in plain view at (%.1f, %.1f)", rl_unit_name(g, c->unit),
                 p.x / 1000.0, p.y / 1000.0);
    return true;
}

static int setup_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    if (g->pending.kind != SL_DECIDE_SETUP || am_owns_setup(g) || max < 2)
        return 0;
    const sl_unit *un = &g->live.units[unit];
    if (un->side != g->pending.side)
        return 0;
    int n = 0;
    if (sl_unit_whole(&g->live, unit) < 0 && un->parent < 0 && (rl_fog_counter(g, unit) || ambush_setup(g))) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = place_kind();
        snprintf(out[n].label, sizeof out[n].label, "Place");
        snprintf(out[n].key, sizeof out[n].key, "M");
        out[n].needs_point = true;
        out[n].order = 1;
        n++;
    }
    memset(&out[n], 0, sizeof out[n]);
    out[n].kind = SL_CMD_DONE;
    snprintf(out[n].label, sizeof out[n].label, "Done setting up");
    snprintf(out[n].key, sizeof out[n].key, "D");
    out[n].order = 2;
    return n + 1;
}

/* Solo play: the side's next unit to place, real ones before dummies;
 * -1 when all are placed. */
static int solo_pick(const sl_game *g, int side)
{
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < g->live.nunits; u++) {
            const sl_unit *un = &g->live.units[u];
            if (un->side == side && sl_unit_whole(&g->live, u) < 0 && un->parent < 0 && !g->us[u].placed &&
                (rl_fog_counter(g, u) || ambush_setup(g)) && (un->kind == SL_UNIT_DUMMY) == (pass == 1))
                return u;
        }
    return -1;
}

/* What a point (where unit `pick` may be placed) is worth: in cover, near
 * what it waits for (an ambush's route: 5" from it, far enough along for
 * the whole column to be on the table; else the nearest enemy), not
 * within 6" of a counter already placed. */
static double solo_score(const sl_game *g, int side, int pick, sl_pt p, bool cover)
{
    double score = cover ? 10 : 0;
    if (ambush_setup(g)) {
        score += am_setup_score(g, p);
    } else {
        double nd = 1e300;
        for (int f = 0; f < g->live.nfigures; f++)
            if (g->live.units[g->live.figures[f].unit].side != side &&
                g->live.units[g->live.figures[f].unit].kind != SL_UNIT_DUMMY)
                nd = fmin(nd, sl_dist(p, g->live.figures[f].pos));
        score -= nd < 1e299 ? nd / 4000.0 : 0;
    }
    for (int u = 0; u < g->live.nunits; u++)
        if (u != pick && g->us[u].placed && g->live.units[u].side == side && sl_dist(p, g->us[u].counter_at) < 6000)
            score -= 15;
    return score;
}

/* Solo play: the side's next unit goes to the best point of a 1" grid
 * over its zones where it may be placed; done when all are. */
static bool setup_solo(const sl_game *g, sl_command *out, char *why, size_t whylen)
{
    if (g->pending.kind != SL_DECIDE_SETUP || am_owns_setup(g))
        return false;
    int side = g->pending.side, pick = solo_pick(g, side);
    if (pick < 0) {
        sl_cmd_side(out, SL_CMD_DONE, side);
        snprintf(why, whylen, "%s has placed every counter", rl_side_name(g, side));
        return true;
    }
    sl_cmd_init(out, place_kind(), pick);
    out->npts = 1;
    char err[200];
    double best = -1e300;
    sl_pt at = {0, 0};
    bool cover_at = false;
    for (int z = 0; z < g->live.table.nzones; z++) {
        const sl_zone *zn = &g->live.table.zones[z];
        if (!zone_of_side(g, zn, side))
            continue;
        for (int32_t y = (zn->lo.y + 999) / 1000 * 1000; y <= zn->hi.y; y += 1000)
            for (int32_t x = (zn->lo.x + 999) / 1000 * 1000; x <= zn->hi.x; x += 1000) {
                sl_pt p = sl_pt_make(x, y);
                out->pts[0] = p;
                if (!can_place(g, out, err, sizeof err))
                    continue;
                bool cover = sl_point_in_cover(&g->live, p);
                double score = solo_score(g, side, pick, p, cover);
                if (score > best) {
                    best = score;
                    at = p;
                    cover_at = cover;
                }
            }
    }
    if (best <= -1e299)
        return false;
    out->pts[0] = at;
    snprintf(why, whylen, "%s places %s at (%.0f, %.0f)%s", rl_side_name(g, side), g->live.units[pick].name,
             at.x / 1000.0, at.y / 1000.0,
             ambush_setup(g) ? (cover_at ? ", in cover about 5\" from the column's route" : ", about 5\" from the route")
                             : (cover_at ? ", in cover, towards the enemy" : ", towards the enemy"));
    return true;
}

static const rl_cmd_def setup_commands[] = {
    {RL_KIND_NEW, "place", NULL, RL_SHAPE_UNIT_POINT, NULL, "place UNIT X,Y (in the set-up phase: its counter goes there)",
     0, 0, can_place, place, RL_PICK_POINT, NULL},
};

/* The loader's check: a side that counts out dummies needs a set-up zone
 * of its own on the map, where they wait to be placed (the first side
 * without one is named). */
static int setup_check_written(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    for (int sd = 0; sd < scn->nsides; sd++) {
        if (scn->sides[sd].dummies == 0)
            continue;
        bool zone = false;
        for (int i = 0; i < scn->table.nzones && !zone; i++)
            zone = strcmp(scn->table.zones[i].side, scn->sides[sd].id) == 0;
        if (zone)
            continue;
        char field[40];
        snprintf(field, sizeof field, "sides[%d].dummies", sd);
        rl_issue(out, &n, max, field,
                 "side '%s' counts out dummies, but the map has no set-up zone for it (a Tiled object of class "
                 "\"setup\" with property side = %s)",
                 scn->sides[sd].id, scn->sides[sd].id);
        return n;
    }
    return n;
}

const rl_house setup_rule = {
    .name = "setup",
    .source = "rulebook p25: hidden units placed before the game",
    .title = "the hidden set-up",
    .on = setup_on,
    .commands = setup_commands,
    .ncommands = 1,
    .game_start = setup_start,
    .done_can = setup_done_can,
    .done = setup_done,
    .placeable = setup_placeable,
    .pending_allows = setup_pending_allows,
    .decide = setup_decide,
    .offers = setup_offers,
    .solo_cmd = setup_solo,
    .decisions = setup_decisions,
    .check_written = setup_check_written,
};
