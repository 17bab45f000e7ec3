/* Calls for fire (rulebook pp44-47), part of the artillery rule
 * (artillery.c): the odds of a call, who may make it, the mission it
 * orders, and the missions still on their way.
 *
 * Calling fire: a squad leader or higher, or a forward observer, spends
 * an action on the request. The die is a D8, a type lower for each
 * command level the call skips on its way to the battery (an observer
 * skips none) and a type higher for each request counter spent; it must
 * beat the caller's leadership, +0 for an observer, +2 for anyone else.
 * The point must be in the caller's clear sight. A battery of the company
 * fires at once; a battalion's a turn later, higher ones two. */
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

/* --- command levels, the call's odds ---------------------------------------------------------- */

static int level_of(const sl_game *g, int unit, int depth)
{
    int best = ART_LEVEL_SQUAD;
    if (depth > 8)
        return best;
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].commander == unit && g->live.units[u].parent < 0 && sl_unit_whole(&g->live, u) < 0) {
            int l = level_of(g, u, depth + 1) + 1;
            if (l > best)
                best = l;
        }
    return best;
}

/* The asset a call names, else the side's first that fires the warhead:
 * a crew's own piece before any other. */
static int pick_asset(const sl_game *g, int unit, int asked, int warhead)
{
    if (asked >= 0)
        return asked;
    int side = g->live.units[unit].side;
    for (int pass = 0; pass < 2; pass++)
        for (int a = 0; a < art_nassets(g); a++) {
            const art_asset *as = art_asset_of(g, a);
            if (as->side == side && (as->warheads & (1u << warhead)) && (pass == 1 || as->crew == unit))
                return a;
        }
    return -1;
}

void art_call_odds(const sl_game *g, int unit, int asset, int warhead, int chits, sl_pt at, art_odds *out)
{
    memset(out, 0, sizeof *out);
    const sl_unit *u = &g->live.units[unit];
    int wh = warhead >= 0 ? warhead : ART_WH_GP;
    int a = pick_asset(g, unit, asset, wh);
    out->asset = a;
    out->open_sights = art_open_sights(g, unit, a);
    out->commands_crew = !out->open_sights && art_crew_commander(g, unit, a);
    out->min_range = a >= 0 && art_asset_of(g, a)->crew >= 0 ? art_asset_min_range(art_asset_of(g, a)) : 0;
    out->observer = art_has_observer(g, unit);
    int level = level_of(g, rl_squad_of(g, unit), 0);
    int bypassed = a >= 0 ? art_asset_of(g, a)->level - level - 1 : 0;
    if (bypassed < 0 || out->observer)
        bypassed = 0;
    out->bypassed = bypassed;
    out->die = sl_die_shift_closed(sl_die_shift_closed(SL_D8, -bypassed), chits);
    out->need = u->leadership + (out->observer ? 0 : 2);
    out->p_call = sl_p_exceeds(out->die, out->need);
    if (out->commands_crew) {
        const sl_unit *cr = &g->live.units[art_asset_of(g, a)->crew];
        out->bypassed = 0;
        out->die = sl_quality_die(u->quality);
        out->need = u->leadership > cr->leadership ? u->leadership : cr->leadership;
        out->p_call = sl_p_exceeds(out->die, out->need);
    }
    if (out->open_sights) {
        out->bypassed = 0;
        out->die = sl_quality_die(u->quality);
        out->need = 0;
        out->p_call = 1;
    }
    out->specialist = (out->observer || out->open_sights) && art_sees_point(g, unit, at);
    out->accuracy_need = out->specialist ? u->leadership : 2 * u->leadership;
    out->p_accurate = sl_p_exceeds(sl_quality_die(u->quality), out->accuracy_need);
    out->radius = a >= 0 ? art_delivery_radius(art_asset_of(g, a)->size) : 0;
    out->doubled = wh == ART_WH_FAE && art_building_at(g, at) >= 0;
}

/* --- call-fire -------------------------------------------------------------------------------- */

bool art_can_call(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const art_cmd ac = art_cmd_of(c); /* what the command says beyond its shape */
    const sl_unit *u = &g->live.units[c->unit];
    if (art_nassets(g) == 0)
        return rl_refuse(why, whylen, "no side has support assets in this scenario (its \"support\" list, "
                                      "maps/FORMATS.md)");
    int wh = ac.warhead >= 0 ? ac.warhead : ART_WH_GP;
    int a = pick_asset(g, c->unit, ac.asset, wh);
    bool own = art_open_sights(g, c->unit, a);
    if (u->kind != SL_UNIT_INFANTRY && !own)
        return rl_refuse(why, whylen, "%s is not infantry: fire is called by a squad leader or higher, or a forward "
                                      "observer (p44)",
                         u->name);
    if (!own && !art_has_caller(g, c->unit))
        return rl_refuse(why, whylen, "%s has no standing leader or forward observer to call fire (p44)", u->name);
    int hull = art_hull_of(g, c->unit);
    if (hull >= 0 && art_tracked(g) && g->us[hull].systems_down && art_veh_sealed_known(g, hull) == 1)
        return rl_refuse(why, whylen, "%s is sealed with its systems down: no call gets out of it until a reorganise "
                                      "opens it (seed 000, advanced rule)",
                         rl_unit_name(g, hull));
    if (ac.asset >= 0 && art_asset_of(g, ac.asset)->side != u->side)
        return rl_refuse(why, whylen, "%s is %s's, not %s's", art_asset_of(g, ac.asset)->name,
                         rl_side_name(g, art_asset_of(g, ac.asset)->side), rl_side_name(g, u->side));
    if (a < 0) {
        bool any = false;
        for (int k = 0; k < art_nassets(g); k++)
            any |= art_asset_of(g, k)->side == u->side;
        return rl_refuse(why, whylen, any ? "none of %s's support assets fires %s" : "%s has no support assets%s",
                         rl_side_name(g, u->side), any ? art_warhead_name((art_warhead)wh) : "");
    }
    const art_asset *as = art_asset_of(g, a);
    if (!(as->warheads & (1u << wh)))
        return rl_refuse(why, whylen, "%s does not fire %s", as->name, art_warhead_name((art_warhead)wh));
    if (wh == ART_WH_FAE && art_fae_impact(&g->live) == 0)
        return rl_refuse(why, whylen, "a fuel-air explosive needs air to burn, and this scenario has no atmosphere "
                                      "(seed 000)");
    const art_game *st = art_game_of(g);
    if (as->missions > 0 && st->fired[a] >= as->missions)
        return rl_refuse(why, whylen, "%s has fired all %d of its missions", as->name, as->missions);
    for (int k = 0; k < ART_MAX_PENDING; k++)
        if (st->pending[k].on && st->pending[k].asset == a)
            return rl_refuse(why, whylen, "%s already has a mission on its way (it lands in turn %d)", as->name,
                             st->pending[k].land_turn);
    int left = art_request_chits(&g->live, u->side) - st->chits_spent[u->side];
    if (ac.chits > left)
        return rl_refuse(why, whylen, "%s has %d support request counter%s left, not %d", rl_side_name(g, u->side),
                         left, left == 1 ? "" : "s", ac.chits);
    if (!c->any_point && !sl_table_contains(&g->live.table, c->at))
        return rl_refuse(why, whylen, "(%.1f, %.1f) is off the table", c->at.x / 1000.0, c->at.y / 1000.0);
    if (!c->any_point && !art_sees_point(g, c->unit, c->at))
        return rl_refuse(why, whylen, "%s cannot see (%.1f, %.1f): the aim point must be in the caller's clear "
                                      "sight (p44)",
                         u->name, c->at.x / 1000.0, c->at.y / 1000.0);
    if (art_piece_cannot(g, a, c->any_point ? NULL : &c->at, why, whylen))
        return false;
    if (own) {
        if (ac.chits > 0)
            return rl_refuse(why, whylen, "%s's own crew lays it over open sights: there is no request to spend "
                                          "counters on (p47)",
                             as->name);
        if (g->us[c->unit].suppression > 0)
            return rl_refuse(why, whylen, "%s is suppressed: laying and firing a piece is not a communication (p18)",
                             u->name);
        if (g->us[c->unit].moves > 0)
            return rl_refuse(why, whylen, "%s has moved this activation: no artillery fires and moves in one "
                                          "activation (p47)",
                             u->name);
        if (sl_game_actions_left(g) < 2)
            return rl_refuse(why, whylen, "a shot over open sights takes two actions, one to observe and lay the "
                                          "piece, one to fire (p47); %s has %d left",
                             u->name, sl_game_actions_left(g));
    }
    return true;
}

/* A mission ordered from asset a: one more of its missions, and an
 * on-table piece has fired for this turn (p47). A call that does not get
 * through orders nothing. */
static void fired(sl_game *g, int a)
{
    art_game *st = art_game_of(g);
    st->fired[a]++;
    if (art_asset_of(g, a)->crew >= 0)
        st->shot_turn[a] = g->turn + 1;
}

bool art_do_call(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    const art_cmd ac = art_cmd_of(c); /* what the command says beyond its shape */
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[c->unit];
    int wh = ac.warhead >= 0 ? ac.warhead : ART_WH_GP;
    int a = pick_asset(g, c->unit, ac.asset, wh);
    const art_asset *as = art_asset_of(g, a);
    art_odds o;
    art_call_odds(g, c->unit, a, wh, ac.chits, c->at, &o);
    art_game *st = art_game_of(g);
    if (o.open_sights) {
        /* observe and lay, then fire: the frame spends the second action */
        g->act_left[g->act_depth - 1]--;
        g->us[c->unit].actions_done++;
        fired(g, a);
        art_mission m = {true, u->side, c->unit, a, wh, g->turn, c->at, true};
        rl_state(g, c->unit, "fire-mission", "%s lays %s over open sights on (%.1f, %.1f) and fires %s: both its "
                 "actions, no call needed (p47)", u->name, as->name, c->at.x / 1000.0, c->at.y / 1000.0,
                 art_warhead_name((art_warhead)wh));
        art_land(g, &m);
        return !g->failed;
    }
    if (o.commands_crew) {
        bool through = act_comm_roll(g, c->unit, as->crew, 0, "directing its own artillery's fire");
        if (g->failed)
            return false;
        if (!through) {
            rl_state(g, c->unit, "call-failed", "The order does not reach %s: no fire comes", as->name);
            return true;
        }
        fired(g, a);
        art_mission m = {true, u->side, c->unit, a, wh, g->turn, c->at, false};
        rl_state(g, c->unit, "fire-mission", "%s directs its own %s: approved at once, %s on (%.1f, %.1f) (p47)",
                 u->name, as->name, art_warhead_name((art_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0);
        art_land(g, &m);
        return !g->failed;
    }
    st->chits_spent[u->side] += ac.chits;
    char how[200] = "";
    if (o.bypassed || ac.chits)
        snprintf(how, sizeof how, " (the D8 down %d for the level%s skipped, up %d for the counter%s spent)", o.bypassed,
                 o.bypassed == 1 ? "" : "s", ac.chits, ac.chits == 1 ? "" : "s");
    int v = rl_roll(g, o.die, o.need, "call-fire", c->unit,
                    "%s calls %s for %s at (%.1f, %.1f): %s%s must beat leadership %d + %d %s = %d (p44)", u->name,
                    as->name, art_warhead_name((art_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0, sl_die_name(o.die),
                    how, u->leadership, o.observer ? 0 : 2, o.observer ? "for a forward observer" : "without an observer",
                    o.need);
    if (g->failed)
        return false;
    if (v <= o.need) {
        rl_state(g, c->unit, "call-failed", "The call does not get through: no fire comes%s",
                 ac.chits ? " (the counters are spent all the same)" : "");
        return true;
    }
    fired(g, a);
    /* an on-table piece answers at once (p47: under the same command) */
    int arrival = as->crew >= 0 ? 0 : as->arrival;
    art_mission m = {true, u->side, c->unit, a, wh, g->turn + arrival, c->at, false};
    if (arrival == 0) {
        rl_state(g, c->unit, "fire-mission", "%s answers: %s on its way to (%.1f, %.1f)", as->name,
                 art_warhead_name((art_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0);
        art_land(g, &m);
        return !g->failed;
    }
    for (int k = 0; k < ART_MAX_PENDING; k++)
        if (!st->pending[k].on) {
            st->pending[k] = m;
            break;
        }
    rl_state(g, c->unit, "fire-mission", "%s answers: the mission lands at the start of turn %d (p46)", as->name,
             m.land_turn);
    return true;
}

void art_turn_start(sl_game *g)
{
    art_game *st = art_game_of(g);
    if (!st)
        return;
    for (int k = 0; k < ART_MAX_PENDING && !g->failed; k++)
        if (st->pending[k].on && st->pending[k].land_turn <= g->turn) {
            art_mission m = st->pending[k];
            st->pending[k].on = false;
            art_land(g, &m);
        }
}

/* --- what the window asks -------------------------------------------------------------------------- */

int art_chits_left(const sl_game *g, int side)
{
    const art_game *st = art_game_of(g);
    return st ? art_request_chits(&g->live, side) - st->chits_spent[side] : 0;
}
