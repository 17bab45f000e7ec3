/* On-table artillery (rulebook p47), part of the artillery rule
 * (artillery.c): a piece with a crew on the table fires once a turn, no
 * closer than its shortest range; its own crew may lay it over open
 * sights; a towed or manpacked piece is deployed to fire and packed up to
 * move, a reorganise action each; no artillery fires and moves in one
 * activation. */
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

bool art_packed_now(const sl_game *g, int a)
{
    return art_asset_of(g, a)->packed != art_game_of(g)->repacked[a];
}

/* Its own crew fires it at what they see: no call, immediate. */
bool art_open_sights(const sl_game *g, int unit, int a)
{
    return a >= 0 && art_asset_of(g, a)->crew >= 0 && art_asset_of(g, a)->crew == unit;
}

/* The crew's commander directs its own piece: a plain communication. */
bool art_crew_commander(const sl_game *g, int unit, int a)
{
    return a >= 0 && art_asset_of(g, a)->crew >= 0 && g->live.units[art_asset_of(g, a)->crew].commander == unit;
}

/* Why an on-table piece cannot fire at *at now (false: it can; at NULL:
 * anywhere outside its shortest range). */
bool art_piece_cannot(const sl_game *g, int a, const sl_pt *at, char *why, size_t whylen)
{
    const art_asset *as = art_asset_of(g, a);
    if (as->crew < 0)
        return false;
    const art_game *st = art_game_of(g);
    if (rl_living(g, as->crew) == 0) {
        rl_refuse(why, whylen, "%s has no crew left standing to serve it", as->name);
        return true;
    }
    if (g->us[as->crew].aboard >= 0) {
        rl_refuse(why, whylen, "%s's crew is aboard a vehicle", as->name);
        return true;
    }
    if (art_packed_now(g, a)) {
        rl_refuse(why, whylen, "%s is packed up: its crew must deploy it first (deploy %s, a reorganise, p47)",
                  as->name, g->live.units[as->crew].id);
        return true;
    }
    if (st->shot_turn[a] == g->turn + 1) {
        rl_refuse(why, whylen, "%s has fired this turn: each piece fires once a turn (p47)", as->name);
        return true;
    }
    int32_t min = art_asset_min_range(as);
    if (!at)
        return false;
    sl_pt p = *at;
    double d = sl_dist(rl_unit_centre(g, as->crew), p);
    if (d < min) {
        rl_refuse(why, whylen, "(%.1f, %.1f) is %.1f\" from %s: a %s%s fires no closer than %.0f\" (p47)", p.x / 1000.0,
                  p.y / 1000.0, d / 1000.0, as->name, as->type == ART_GUN_MORTAR && as->size == ART_DELIVERY_SMALL
                                                                ? "light "
                                                                : "",
                  art_gun_type_id(as->type), min / 1000.0);
        return true;
    }
    return false;
}

/* --- deploy and pack an on-table piece (p47) ---------------------------------------------------------- */

int art_crew_piece(const sl_game *g, int unit, bool want_packed)
{
    int any = -1;
    for (int a = 0; a < art_nassets(g); a++)
        if (art_asset_of(g, a)->crew == unit && !art_asset_of(g, a)->self_propelled) {
            if (art_packed_now(g, a) == want_packed)
                return a;
            any = a;
        }
    return any < 0 ? -1 : -2 - any;
}

bool art_can_deploy(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool deploy = strcmp(sl_cmd_name(c->kind), "deploy") == 0;
    int a = art_crew_piece(g, c->unit, deploy);
    if (a == -1)
        return rl_refuse(why, whylen, "%s serves no towed or manpacked artillery piece", rl_unit_name(g, c->unit));
    if (a < -1)
        return rl_refuse(why, whylen, "%s is already %s", art_asset_of(g, -2 - a)->name,
                         deploy ? "deployed" : "packed up");
    if (g->us[c->unit].aboard >= 0)
        return rl_refuse(why, whylen, "%s is aboard a vehicle", rl_unit_name(g, c->unit));
    return true;
}

bool art_do_deploy(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bool deploy = strcmp(sl_cmd_name(c->kind), "deploy") == 0;
    int a = art_crew_piece(g, c->unit, deploy);
    art_game_of(g)->repacked[a] = !art_game_of(g)->repacked[a];
    rl_state(g, c->unit, deploy ? "deployed" : "packed", "%s %s %s: a reorganise action (p47)",
             rl_unit_name(g, c->unit), deploy ? "deploys" : "packs up", art_asset_of(g, a)->name);
    return true;
}

/* No artillery fires and moves in one activation, and a deployed towed or
 * manpacked piece is packed up before its crew moves off (p47). */
bool art_piece_may_move(const sl_game *g, int unit, char *why, size_t whylen)
{
    for (int a = 0; a < art_nassets(g); a++) {
        const art_asset *as = art_asset_of(g, a);
        if (as->crew != unit)
            continue;
        if (art_game_of(g)->shot_turn[a] == g->turn + 1 && g->us[unit].actions_done > 0)
            return rl_refuse(why, whylen, "%s fired %s this activation: no artillery fires and moves in one "
                                          "activation (p47)",
                             rl_unit_name(g, unit), as->name);
        if (!as->self_propelled && !art_packed_now(g, a))
            return rl_refuse(why, whylen, "%s is deployed: its crew packs it up before moving off (pack %s, a "
                                          "reorganise, p47)",
                             as->name, g->live.units[unit].id);
    }
    return true;
}
