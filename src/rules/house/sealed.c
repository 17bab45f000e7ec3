/* Sealed buildings and vehicles (seed 000), part of the artillery rule
 * (artillery.c), for fuel-air explosives (fae.c).
 *
 * Sealed buildings: the scenario's map says which are airtight and which
 * start sealed. `seal` and `open` change it for a unit's action; a move
 * into or out of a sealed building costs 2" more unless it says
 * `opening`; none enter a sealed building the enemy holds until it is
 * breached; none fire out of one without firing ports. Vehicles: sealed
 * or not is rolled when it matters, or (rule option fae_vehicles
 * advanced) kept, sealed and opened by their crews. */
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

/* --- buildings ------------------------------------------------------------------------- */

bool art_is_building(const sl_feature *f)
{
    return f->kind == SL_TERRAIN_BUILDING || f->kind == SL_TERRAIN_BUNKER;
}

static unsigned bld(const sl_game *g, int f)
{
    const art_game *a = art_game_of(g);
    return a && f >= 0 && f < ART_MAX_BUILDINGS ? a->bld[f] : 0;
}

bool art_bld_airtight(const sl_game *g, int f)
{
    const sl_feature *ft = &g->live.table.features[f];
    return art_is_building(ft) && art_feature_is(ft, "airtight") && f < ART_MAX_BUILDINGS &&
           !(bld(g, f) & (BLD_BREACHED | BLD_DISABLED | BLD_DESTROYED));
}

bool art_bld_sealed(const sl_game *g, int f)
{
    if (!art_bld_airtight(g, f))
        return false;
    bool sealed = art_feature_is(&g->live.table.features[f], "sealed");
    return (bld(g, f) & BLD_FLIPPED) ? !sealed : sealed;
}

static void bld_set_sealed(sl_game *g, int f, bool sealed)
{
    art_game *a = art_game_of(g);
    if (!a || f < 0 || f >= ART_MAX_BUILDINGS)
        return;
    if (art_bld_sealed(g, f) != sealed)
        a->bld[f] ^= BLD_FLIPPED;
}

bool art_in_feature(const sl_game *g, int f, sl_pt p)
{
    const sl_feature *ft = &g->live.table.features[f];
    if (p.x < ft->lo.x || p.x > ft->hi.x || p.y < ft->lo.y || p.y > ft->hi.y)
        return false;
    return sl_poly_contains(sl_feature_pts(&g->live.table, ft), ft->npts, p) != SL_OUTSIDE;
}

/* The building a point stands in, -1. */
int art_building_at(const sl_game *g, sl_pt p)
{
    for (int f = 0; f < g->live.table.nfeatures; f++)
        if (art_is_building(&g->live.table.features[f]) && art_in_feature(g, f, p))
            return f;
    return -1;
}

/* Sides with standing men inside building f (bit per side). */
static unsigned bld_holders(const sl_game *g, int f)
{
    unsigned sides = 0;
    for (int i = 0; i < g->live.nfigures; i++) {
        const sl_figure *fg = &g->live.figures[i];
        if (fg->status == SL_FIG_DEAD || g->us[fg->unit].aboard >= 0 || g->live.units[fg->unit].kind == SL_UNIT_DUMMY)
            continue;
        if (art_in_feature(g, f, fg->pos))
            sides |= 1u << g->live.units[fg->unit].side;
    }
    return sides;
}

const char *art_feature_name(const sl_game *g, int f)
{
    return g->live.table.features[f].name[0] ? g->live.table.features[f].name : "the building";
}

/* --- vehicles ---------------------------------------------------------------------------- */

bool art_veh_airtight(const sl_game *g, int v)
{
    return g->live.units[v].kind == SL_UNIT_VEHICLE && art_airtight(&g->live, v) && g->us[v].damage == 0;
}

bool art_tracked(const sl_game *g)
{
    return rl_option(g, &art_rule, ART_FAE_VEHICLES) == 1;
}

/* The sealed status of a vehicle when it is known without a roll. */
int art_veh_sealed_known(const sl_game *g, int v)
{
    if (!art_veh_airtight(g, v))
        return 0;
    const art_unit *s = art_unit_of(g, v);
    if (art_tracked(g) && s && s->known)
        return s->sealed;
    if (art_tracked(g) && art_sealed_start(&g->live, v) >= 0)
        return art_sealed_start(&g->live, v);
    return -1;
}

/* Sealed or not, rolled when it comes into question: the vehicle's
 * quality die must beat its leadership (seed 000); with the advanced
 * rule, a reaction test the first time, kept after. */
bool art_veh_sealed_now(sl_game *g, int v, const char *when)
{
    int k = art_veh_sealed_known(g, v);
    if (k >= 0)
        return k == 1;
    const sl_unit *u = &g->live.units[v];
    int r = rl_roll(g, sl_quality_die(u->quality), u->leadership, "sealed", v,
                    "Is %s sealed (%s)? Its %s die must beat leadership %d; else a hatch is open or the crew fights "
                    "unbuttoned (seed 000)",
                    u->name, when, sl_quality_label(u->quality), u->leadership);
    bool sealed = r > u->leadership;
    rl_state(g, v, sealed ? "sealed" : "open", "%s is %s", u->name, sealed ? "sealed" : "open");
    if (art_tracked(g)) {
        art_unit *s = art_unit_of(g, v);
        if (s) {
            s->known = true;
            s->sealed = sealed;
        }
    }
    return sealed;
}

/* The vehicle whose hull a unit is in: the vehicle itself, or the one it
 * rides in; -1 on foot. */
int art_hull_of(const sl_game *g, int unit)
{
    if (g->live.units[unit].kind == SL_UNIT_VEHICLE)
        return unit;
    return g->us[unit].aboard;
}

/* The advanced rule (seed 000): talking to or from a sealed vehicle takes
 * a roll however close the two are (unless both are in the same hull); a
 * sealed vehicle with its systems down cannot talk at all. */
int art_comm(const sl_game *g, int a, int b, char *why, size_t whylen)
{
    if (!art_has_support(g) || !art_tracked(g))
        return RL_COMM_USUAL;
    int ha = art_hull_of(g, a), hb = art_hull_of(g, b);
    if (ha == hb)
        return RL_COMM_USUAL;
    int hulls[2] = {ha, hb}, worst = RL_COMM_USUAL;
    for (int k = 0; k < 2; k++) {
        int v = hulls[k];
        if (v < 0 || art_veh_sealed_known(g, v) != 1)
            continue;
        if (g->us[v].systems_down) {
            rl_refuse(why, whylen, "%s is sealed with its systems down: no one in it can talk to anyone outside "
                                   "until a reorganise opens it (seed 000, advanced rule)",
                      rl_unit_name(g, v));
            return RL_COMM_NONE;
        }
        if (worst == RL_COMM_USUAL) {
            worst = RL_COMM_ROLL;
            rl_refuse(why, whylen, "%s is sealed: every message to or from it takes a communication roll, however "
                                   "close (seed 000, advanced rule)",
                      rl_unit_name(g, v));
        }
    }
    return worst;
}

/* --- seal and open -------------------------------------------------------------------------- */

/* The active unit: its standing men in the building or at its walls
 * (within 2"). */
static bool at_building(const sl_game *g, int unit, int f)
{
    const sl_unit *u = &g->live.units[unit];
    const sl_feature *ft = &g->live.table.features[f];
    const sl_pt *v = sl_feature_pts(&g->live.table, ft);
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *fg = &g->live.figures[u->first_figure + i];
        if (fg->status != SL_FIG_OK)
            continue;
        if (art_in_feature(g, f, fg->pos))
            return true;
        for (int k = 0; k < ft->npts; k++)
            if (sl_seg_point_dist2(v[k], v[(k + 1) % ft->npts], fg->pos) <= 2000.0 * 2000.0)
                return true;
    }
    return false;
}

bool art_can_seal(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const art_cmd ac = art_cmd_of(c); /* what the command says beyond its shape */
    bool seal = strcmp(sl_cmd_name(c->kind), "seal") == 0;
    int active = sl_game_active_unit(g);
    if (active < 0)
        return rl_refuse(why, whylen, "no unit is active: a unit seals or opens what it is in, in its activation");
    if (ac.feature >= 0) {
        int f = ac.feature;
        if (!art_feature_is(&g->live.table.features[f], "airtight"))
            return rl_refuse(why, whylen, "%s is not airtight: it cannot be sealed (the map says which are)",
                             art_feature_name(g, f));
        if (!art_bld_airtight(g, f))
            return rl_refuse(why, whylen, "%s is %s: it cannot be sealed now", art_feature_name(g, f),
                             bld(g, f) & BLD_BREACHED ? "breached" : "wrecked");
        if (art_bld_sealed(g, f) == seal)
            return rl_refuse(why, whylen, "%s is already %s", art_feature_name(g, f), seal ? "sealed" : "open");
        if (!at_building(g, active, f))
            return rl_refuse(why, whylen, "%s is not in %s or at its walls (within 2\")", rl_unit_name(g, active),
                             art_feature_name(g, f));
        if (sl_game_actions_left(g) < 1)
            return rl_refuse(why, whylen, "%s has no action left: sealing or opening a building takes one (as a "
                                          "reorganise)",
                             rl_unit_name(g, active));
        return true;
    }
    int v = c->target;
    if (v < 0 || g->live.units[v].kind != SL_UNIT_VEHICLE)
        return rl_refuse(why, whylen, "seal and open name a building or a vehicle");
    const sl_unit *vu = &g->live.units[v];
    if (!art_tracked(g))
        return rl_refuse(why, whylen, "whether %s is sealed is rolled when a fuel-air blast catches it; to seal and "
                                      "open vehicles yourselves, play with the rule option fae_vehicles = advanced",
                         vu->name);
    if (!art_veh_airtight(g, v))
        return rl_refuse(why, whylen, "%s is %s: it cannot be sealed", vu->name,
                         vu->open_top ? "open-topped" : g->us[v].damage ? "disabled" : "not airtight");
    if (active != v)
        return rl_refuse(why, whylen, "%s seals or opens in its own activation, and %s is active", vu->name,
                         rl_unit_name(g, active));
    if (art_veh_sealed_known(g, v) == seal)
        return rl_refuse(why, whylen, "%s is already %s", vu->name, seal ? "sealed" : "open");
    bool start = g->us[v].actions_done == 0;
    if (!start && sl_game_actions_left(g) < 1)
        return rl_refuse(why, whylen, "%s has no action left to reorganise", vu->name);
    if (start && !seal && g->us[v].systems_down && art_veh_sealed_known(g, v) == 1)
        return rl_refuse(why, whylen, "%s is sealed with its systems down: it opens only by a reorganise, after its "
                                      "first action (seed 000)",
                         vu->name);
    return true;
}

bool art_do_seal(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    const art_cmd ac = art_cmd_of(c); /* what the command says beyond its shape */
    (void)err;
    (void)errlen;
    bool seal = strcmp(sl_cmd_name(c->kind), "seal") == 0;
    int active = sl_game_active_unit(g);
    if (ac.feature >= 0) {
        bld_set_sealed(g, ac.feature, seal);
        rl_state(g, active, seal ? "sealed" : "opened", "%s %s %s: a reorganise action (seed 000)%s",
                 rl_unit_name(g, active), seal ? "seals" : "opens", art_feature_name(g, ac.feature),
                 seal ? "" : "; a fuel-air blast now fills it");
        rl_spend(g, 1);
        return true;
    }
    int v = c->target;
    art_unit *s = art_unit_of(g, v);
    bool start = g->us[v].actions_done == 0;
    s->known = true;
    s->sealed = seal;
    rl_state(g, v, seal ? "sealed" : "opened", "%s is %s %s", rl_unit_name(g, v), seal ? "sealed" : "opened",
             start ? "as its activation begins (seed 000)" : "by a reorganise action (seed 000)");
    if (!start)
        rl_spend(g, 1);
    return true;
}

/* --- hooks: moving into sealed buildings, fire out of them, vehicles ------------------------------ */

/* Each standing figure's way, as the move command sets it out (every man
 * follows the centre's waypoints from where he stands). */
static int figure_ways(const sl_game *g, const sl_command *c, int *figs, sl_pt way[][SL_CMD_MAX_PTS + 1])
{
    rl_figset set;
    rl_acting_set(g, c, &set);
    sl_pt centre = sl_figs_centre(&g->live, set.fig, set.n, NULL);
    int n = 0;
    for (int i = 0; i < set.n && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[set.fig[i]];
        if (f->status != SL_FIG_OK)
            continue;
        int32_t dx = f->pos.x - centre.x, dy = f->pos.y - centre.y;
        way[n][0] = f->pos;
        for (int k = 0; k < c->npts; k++)
            way[n][k + 1] = sl_pt_make(c->pts[k].x + dx, c->pts[k].y + dy);
        figs[n++] = set.fig[i];
    }
    return n;
}

/* Does a way go into or out of building f (cross its outline)? */
static bool way_crosses(const sl_game *g, int f, const sl_pt *way, int n)
{
    const sl_feature *ft = &g->live.table.features[f];
    const sl_pt *v = sl_feature_pts(&g->live.table, ft);
    for (int k = 0; k + 1 < n; k++)
        for (int e = 0; e < ft->npts; e++)
            if (sl_seg_intersects(way[k], way[k + 1], v[e], v[(e + 1) % ft->npts]))
                return true;
    return false;
}

static bool is_move(int kind)
{
    return kind == SL_CMD_MOVE || kind == SL_CMD_COMBAT_MOVE;
}

/* The sealed buildings a move goes into or out of (bit per building). */
static int sealed_crossed(const sl_game *g, const sl_command *c, int *out, int max)
{
    sl_pt way[SL_SIGHT_MAX_FIGS][SL_CMD_MAX_PTS + 1];
    int figs[SL_SIGHT_MAX_FIGS];
    int n = figure_ways(g, c, figs, way), found = 0;
    for (int f = 0; f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS && found < max; f++) {
        if (!art_bld_sealed(g, f))
            continue;
        for (int i = 0; i < n; i++)
            if (way_crosses(g, f, way[i], c->npts + 1)) {
                out[found++] = f;
                break;
            }
    }
    return found;
}

bool art_move_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    (void)decided;
    if (!art_has_support(g) || !is_move(c->kind) || c->unit < 0)
        return true;
    if (!art_piece_may_move(g, c->unit, why, whylen))
        return false;
    int b[8];
    int n = sealed_crossed(g, c, b, 8);
    int side = g->live.units[c->unit].side;
    for (int i = 0; i < n; i++) {
        unsigned holders = bld_holders(g, b[i]);
        if (holders & ~(1u << side))
            return rl_refuse(why, whylen, "%s is sealed and held by the enemy: breach it first (a close assault on those "
                                          "inside, or a blast that wrecks it), seed 000",
                             art_feature_name(g, b[i]));
    }
    return true;
}

int32_t art_way_extra(const sl_game *g, const sl_command *c)
{
    if (!art_has_support(g) || !is_move(c->kind) || art_opening(c) || c->unit < 0)
        return 0;
    int b[8];
    return sealed_crossed(g, c, b, 8) > 0 ? 2000 : 0;
}

void art_moved(sl_game *g, const sl_move *mv)
{
    if (!art_has_support(g))
        return;
    /* the command that moved it: a move that says `opening` opens the
     * sealed buildings it went into or out of */
    const sl_command *c = NULL;
    for (int i = g->nframes - 1; i >= 0 && !c; i--)
        if (g->frames[i].kind == SL_FRAME_MOVE && g->frames[i].cmd.unit == mv->unit)
            c = &g->frames[i].cmd;
    if (!c || !art_opening(c))
        return;
    for (int f = 0; f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS; f++) {
        if (!art_bld_sealed(g, f))
            continue;
        /* through it: the way starts, ends or runs in it */
        bool through = art_in_feature(g, f, mv->start) || art_in_feature(g, f, rl_unit_centre(g, mv->unit));
        for (int k = 0; k + 1 < mv->nway && !through; k++) {
            sl_pt seg[2] = {mv->way[k], mv->way[k + 1]};
            through = way_crosses(g, f, seg, 2);
        }
        if (through) {
            bld_set_sealed(g, f, false);
            rl_state(g, mv->unit, "opened", "%s opens %s as it goes through (seed 000)", rl_unit_name(g, mv->unit),
                     art_feature_name(g, f));
        }
    }
}

bool art_fire_able(const sl_game *g, int unit, char *why, size_t whylen)
{
    if (!art_has_support(g))
        return true;
    const sl_unit *u = &g->live.units[unit];
    int in = 0, n = 0, where = -1;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status != SL_FIG_OK)
            continue;
        n++;
        int b = art_building_at(g, f->pos);
        if (b >= 0 && art_bld_sealed(g, b) && !art_feature_is(&g->live.table.features[b], "firing_ports")) {
            in++;
            where = b;
        }
    }
    if (n > 0 && in == n)
        return rl_refuse(why, whylen, "%s is inside %s, which is sealed and has no firing ports: open it first "
                                      "(seed 000)",
                         u->name, art_feature_name(g, where));
    return true;
}

/* An assault on troops inside a sealed building breaches it. */
static void art_declared_assault(sl_game *g, const sl_command *c)
{
    if (c->kind != SL_CMD_ASSAULT || c->target < 0)
        return;
    const sl_unit *t = &g->live.units[c->target];
    for (int i = 0; i < t->nfigures; i++) {
        const sl_figure *f = &g->live.figures[t->first_figure + i];
        int b = f->status == SL_FIG_DEAD ? -1 : art_building_at(g, f->pos);
        if (b >= 0 && b < ART_MAX_BUILDINGS && art_bld_sealed(g, b)) {
            art_game_of(g)->bld[b] |= BLD_BREACHED;
            rl_state(g, c->unit, "breached", "%s breaks into %s: it is open from now on (seed 000)",
                     rl_unit_name(g, c->unit), art_feature_name(g, b));
        }
    }
}

/* The advanced rule (seed 000): a transport is open while troops get
 * in or out, until its next activation. */
static void art_transport_opens(sl_game *g, const sl_command *c)
{
    int v = c->kind == SL_CMD_EMBARK ? c->target : c->kind == SL_CMD_DISEMBARK ? g->us[c->unit].aboard : -1;
    if (v < 0 || !art_tracked(g) || !art_veh_airtight(g, v) || art_veh_sealed_known(g, v) == 0)
        return;
    art_unit *s = art_unit_of(g, v);
    s->known = true;
    s->sealed = 0;
    rl_state(g, v, "opened", "%s opens its hatches while %s gets %s (seed 000)", rl_unit_name(g, v),
             rl_unit_name(g, c->unit), c->kind == SL_CMD_EMBARK ? "in" : "out");
}

bool art_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    (void)handled;
    (void)err;
    (void)errlen;
    if (art_has_support(g)) {
        art_declared_assault(g, c);
        art_transport_opens(g, c);
    }
    return true;
}

/* The advanced rule: a vehicle not yet known open or sealed takes a
 * reaction test the first time it is activated; transports open when
 * troops get in or out. */
void art_activated(sl_game *g, int unit, rl_how how)
{
    (void)how;
    if (!art_has_support(g) || !art_tracked(g) || g->live.units[unit].kind != SL_UNIT_VEHICLE ||
        !art_veh_airtight(g, unit))
        return;
    if (art_veh_sealed_known(g, unit) < 0)
        art_veh_sealed_now(g, unit, "its first activation");
}

/* --- a building's state, for what the rule shows ------------------------------------------------ */

int art_building_state(const sl_game *g, int feature)
{
    if (!art_has_support(g) || feature < 0 || feature >= g->live.table.nfeatures ||
        !art_is_building(&g->live.table.features[feature]))
        return ART_BUILDING_NONE;
    unsigned b = bld(g, feature);
    if (b & BLD_DESTROYED)
        return ART_BUILDING_DESTROYED;
    if (b & BLD_DISABLED)
        return ART_BUILDING_DISABLED;
    if (b & BLD_BREACHED)
        return ART_BUILDING_BREACHED;
    if (!art_feature_is(&g->live.table.features[feature], "airtight"))
        return ART_BUILDING_NONE;
    return art_bld_sealed(g, feature) ? ART_BUILDING_SEALED : ART_BUILDING_OPEN;
}
