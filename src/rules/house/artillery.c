/* Artillery (rulebook pp44-47) and fuel-air explosives (seed 000), built
 * like a house rule: it is in play when the scenario gives a side any
 * support assets. This file holds the rule's row, its state, the calls
 * for fire and what the window shows; on-table pieces are in
 * artillery_piece.c, where a mission lands and what it does in
 * artillery_blast.c, fuel-air explosives in fae.c, sealed buildings and
 * vehicles in sealed.c (what they share: artillery_internal.h).
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

#include "artillery_internal.h"

art_game *art_game_of(const sl_game *g)
{
    return rl_house_game_state(g, &art_rule);
}

art_unit *art_unit_of(const sl_game *g, int unit)
{
    return rl_house_state(g, &art_rule, unit);
}

static bool art_on(const sl_game *g)
{
    (void)g;
    return true; /* where its ruleset admits it (tables.c) */
}

bool art_has_support(const sl_game *g)
{
    return art_on(g) && g->live.nassets > 0;
}

/* --- command levels, the call's odds ---------------------------------------------------------- */

static int level_of(const sl_game *g, int unit, int depth)
{
    int best = SL_LEVEL_SQUAD;
    if (depth > 8)
        return best;
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].commander == unit && g->live.units[u].parent < 0 && g->live.units[u].squad < 0) {
            int l = level_of(g, u, depth + 1) + 1;
            if (l > best)
                best = l;
        }
    return best;
}

/* The figures through whom the unit calls: its standing leader, or a
 * standing man with an observer's kit. */
bool art_has_observer(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[rl_squad_of(g, unit)];
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->equipment & SL_EQUIP_FAO))
            return true;
    }
    return false;
}

static bool has_caller(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[rl_squad_of(g, unit)];
    return art_has_observer(g, unit) || (u->leader >= 0 && g->live.figures[u->leader].status == SL_FIG_OK);
}

bool art_sees_point(const sl_game *g, int unit, sl_pt p)
{
    sl_los_result r;
    sl_los_check(&g->sight.ix, &g->sight.params, g->sight.scratch, rl_unit_centre(g, unit), p, &r);
    return r.visible;
}

/* The asset a call names, else the side's first that fires the warhead:
 * a crew's own piece before any other. */
static int pick_asset(const sl_game *g, int unit, int asked, int warhead)
{
    if (asked >= 0)
        return asked;
    int side = g->live.units[unit].side;
    for (int pass = 0; pass < 2; pass++)
        for (int a = 0; a < g->live.nassets; a++) {
            const sl_asset *as = &g->live.assets[a];
            if (as->side == side && (as->warheads & (1u << warhead)) && (pass == 1 || as->crew == unit))
                return a;
        }
    return -1;
}

void sl_call_fire_odds_for(const sl_game *g, int unit, int asset, int warhead, int chits, sl_pt at,
                           sl_call_odds *out)
{
    memset(out, 0, sizeof *out);
    const sl_unit *u = &g->live.units[unit];
    int wh = warhead >= 0 ? warhead : SL_WH_GP;
    int a = pick_asset(g, unit, asset, wh);
    out->asset = a;
    out->open_sights = art_open_sights(g, unit, a);
    out->commands_crew = !out->open_sights && art_crew_commander(g, unit, a);
    out->min_range = a >= 0 && g->live.assets[a].crew >= 0 ? sl_asset_min_range(&g->live.assets[a]) : 0;
    out->observer = art_has_observer(g, unit);
    int level = level_of(g, rl_squad_of(g, unit), 0);
    int bypassed = a >= 0 ? g->live.assets[a].level - level - 1 : 0;
    if (bypassed < 0 || out->observer)
        bypassed = 0;
    out->bypassed = bypassed;
    out->die = sl_die_shift_closed(sl_die_shift_closed(SL_D8, -bypassed), chits);
    out->need = u->leadership + (out->observer ? 0 : 2);
    out->p_call = sl_p_exceeds(out->die, out->need);
    if (out->commands_crew) {
        const sl_unit *cr = &g->live.units[g->live.assets[a].crew];
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
    out->radius = a >= 0 ? sl_delivery_radius(g->live.assets[a].size) : 0;
    out->doubled = wh == SL_WH_FAE && art_building_at(g, at) >= 0;
}

/* --- call-fire -------------------------------------------------------------------------------- */

static bool can_call(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (g->live.nassets == 0)
        return rl_refuse(why, whylen, "no side has support assets in this scenario (its \"support\" list, "
                                      "maps/FORMATS.md)");
    int wh = c->warhead >= 0 ? c->warhead : SL_WH_GP;
    int a = pick_asset(g, c->unit, c->asset, wh);
    bool own = art_open_sights(g, c->unit, a);
    if (u->kind != SL_UNIT_INFANTRY && !own)
        return rl_refuse(why, whylen, "%s is not infantry: fire is called by a squad leader or higher, or a forward "
                                      "observer (p44)",
                         u->name);
    if (!own && !has_caller(g, c->unit))
        return rl_refuse(why, whylen, "%s has no standing leader or forward observer to call fire (p44)", u->name);
    int hull = art_hull_of(g, c->unit);
    if (hull >= 0 && art_tracked(g) && g->us[hull].systems_down && art_veh_sealed_known(g, hull) == 1)
        return rl_refuse(why, whylen, "%s is sealed with its systems down: no call gets out of it until a reorganise "
                                      "opens it (seed 000, advanced rule)",
                         rl_unit_name(g, hull));
    if (c->asset >= 0 && g->live.assets[c->asset].side != u->side)
        return rl_refuse(why, whylen, "%s is %s's, not %s's", g->live.assets[c->asset].name,
                         rl_side_name(g, g->live.assets[c->asset].side), rl_side_name(g, u->side));
    if (a < 0) {
        bool any = false;
        for (int k = 0; k < g->live.nassets; k++)
            any |= g->live.assets[k].side == u->side;
        return rl_refuse(why, whylen, any ? "none of %s's support assets fires %s" : "%s has no support assets%s",
                         rl_side_name(g, u->side), any ? sl_warhead_name((sl_warhead)wh) : "");
    }
    const sl_asset *as = &g->live.assets[a];
    if (!(as->warheads & (1u << wh)))
        return rl_refuse(why, whylen, "%s does not fire %s", as->name, sl_warhead_name((sl_warhead)wh));
    if (wh == SL_WH_FAE && g->live.fae_impact == 0)
        return rl_refuse(why, whylen, "a fuel-air explosive needs air to burn, and this scenario has no atmosphere "
                                      "(seed 000)");
    const art_game *st = art_game_of(g);
    if (as->missions > 0 && st->fired[a] >= as->missions)
        return rl_refuse(why, whylen, "%s has fired all %d of its missions", as->name, as->missions);
    for (int k = 0; k < ART_MAX_PENDING; k++)
        if (st->pending[k].on && st->pending[k].asset == a)
            return rl_refuse(why, whylen, "%s already has a mission on its way (it lands in turn %d)", as->name,
                             st->pending[k].land_turn);
    int left = g->live.sides[u->side].request_chits - st->chits_spent[u->side];
    if (c->chits > left)
        return rl_refuse(why, whylen, "%s has %d support request counter%s left, not %d", rl_side_name(g, u->side),
                         left, left == 1 ? "" : "s", c->chits);
    if (!c->any_point && !sl_table_contains(&g->live.table, c->at))
        return rl_refuse(why, whylen, "(%.1f, %.1f) is off the table", c->at.x / 1000.0, c->at.y / 1000.0);
    if (!c->any_point && !art_sees_point(g, c->unit, c->at))
        return rl_refuse(why, whylen, "%s cannot see (%.1f, %.1f): the aim point must be in the caller's clear "
                                      "sight (p44)",
                         u->name, c->at.x / 1000.0, c->at.y / 1000.0);
    if (art_piece_cannot(g, a, c->any_point ? NULL : &c->at, why, whylen))
        return false;
    if (own) {
        if (c->chits > 0)
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
    if (g->live.assets[a].crew >= 0)
        st->shot_turn[a] = g->turn + 1;
}

static bool do_call(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[c->unit];
    int wh = c->warhead >= 0 ? c->warhead : SL_WH_GP;
    int a = pick_asset(g, c->unit, c->asset, wh);
    const sl_asset *as = &g->live.assets[a];
    sl_call_odds o;
    sl_call_fire_odds_for(g, c->unit, a, wh, c->chits, c->at, &o);
    art_game *st = art_game_of(g);
    if (o.open_sights) {
        /* observe and lay, then fire: the frame spends the second action */
        g->act_left[g->act_depth - 1]--;
        g->us[c->unit].actions_done++;
        fired(g, a);
        art_mission m = {true, u->side, c->unit, a, wh, g->turn, c->at, true};
        rl_state(g, c->unit, "fire-mission", "%s lays %s over open sights on (%.1f, %.1f) and fires %s: both its "
                 "actions, no call needed (p47)", u->name, as->name, c->at.x / 1000.0, c->at.y / 1000.0,
                 sl_warhead_name((sl_warhead)wh));
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
                 u->name, as->name, sl_warhead_name((sl_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0);
        art_land(g, &m);
        return !g->failed;
    }
    st->chits_spent[u->side] += c->chits;
    char how[200] = "";
    if (o.bypassed || c->chits)
        snprintf(how, sizeof how, " (the D8 down %d for the level%s skipped, up %d for the counter%s spent)", o.bypassed,
                 o.bypassed == 1 ? "" : "s", c->chits, c->chits == 1 ? "" : "s");
    int v = rl_roll(g, o.die, o.need, "call-fire", c->unit,
                    "%s calls %s for %s at (%.1f, %.1f): %s%s must beat leadership %d + %d %s = %d (p44)", u->name,
                    as->name, sl_warhead_name((sl_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0, sl_die_name(o.die),
                    how, u->leadership, o.observer ? 0 : 2, o.observer ? "for a forward observer" : "without an observer",
                    o.need);
    if (g->failed)
        return false;
    if (v <= o.need) {
        rl_state(g, c->unit, "call-failed", "The call does not get through: no fire comes%s",
                 c->chits ? " (the counters are spent all the same)" : "");
        return true;
    }
    fired(g, a);
    /* an on-table piece answers at once (p47: under the same command) */
    int arrival = as->crew >= 0 ? 0 : as->arrival;
    art_mission m = {true, u->side, c->unit, a, wh, g->turn + arrival, c->at, false};
    if (arrival == 0) {
        rl_state(g, c->unit, "fire-mission", "%s answers: %s on its way to (%.1f, %.1f)", as->name,
                 sl_warhead_name((sl_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0);
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

static void art_turn_start(sl_game *g)
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

/* --- the window ------------------------------------------------------------------------------ */

/* One button for each warhead the side's assets fire: general purpose
 * first (Shift+F), then the others. */
static int art_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    if (!art_has_support(g) || max < 1)
        return 0;
    int n = 0;
    /* a crew's towed or manpacked piece: deploy or pack it (Shift+B) */
    int own = art_crew_piece(g, unit, true);
    if (own != -1) {
        int piece = own >= 0 ? own : -2 - own;
        bool packed = art_packed_now(g, piece);
        char label[sizeof out->label];
        snprintf(label, sizeof label, "%s %s", packed ? "Deploy" : "Pack up",
                 sl_gun_type_id(g->live.assets[piece].type));
        rl_offer_add(out, &n, max, rl_cmd_kind_of(&art_rule.commands[packed ? 3 : 4]), 0, label, "Shift+B", 0, 61);
    }
    if (g->live.units[unit].kind != SL_UNIT_INFANTRY || !has_caller(g, unit))
        return n;
    unsigned warheads = 0;
    for (int a = 0; a < g->live.nassets; a++)
        if (g->live.assets[a].side == g->live.units[unit].side)
            warheads |= g->live.assets[a].warheads;
    static const char *const keys[] = {"Shift+F", "Shift+G", "Shift+V", "Shift+N"};
    static const char *const labels[] = {"Call fire", "Call fire: AP", "Call fire: AT", "Call fire: FAE"};
    int first = n;
    for (int w = 0; w < SL_WH_COUNT && n < max; w++) {
        if (!(warheads & (1u << w)))
            continue;
        rl_offer_add(out, &n, max, rl_cmd_kind_of(&art_rule.commands[0]), w + 1,
                     w == SL_WH_GP ? "Call fire: GP" : labels[w], keys[n - first], RL_OFFER_POINT, 62 + n - first);
    }
    return n;
}

static int art_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (max < 1 || !art_has_support(g))
        return 0;
    /* a crew's piece: MORTAR, GUN or ROCKETS, with PACKED while packed up */
    for (int a = 0; a < g->live.nassets; a++)
        if (g->live.assets[a].crew == unit) {
            static const char *const words[] = {"MORTAR", "GUN", "ROCKETS"};
            snprintf(out->text, sizeof out->text, "%s%s", words[g->live.assets[a].type],
                     art_packed_now(g, a) ? " PACKED" : "");
            out->style = SL_MARK_INFO;
            out->order = 57;
            return 1;
        }
    if (g->live.units[unit].kind != SL_UNIT_VEHICLE)
        return 0;
    int k = art_veh_sealed_known(g, unit);
    if (!art_veh_airtight(g, unit) || k < 0)
        return 0;
    snprintf(out->text, sizeof out->text, "%s", k ? "SEALED" : "OPEN");
    out->style = SL_MARK_INFO;
    out->order = 57;
    return 1;
}

static int art_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    if (max < 1 || !art_has_support(g))
        return 0;
    const sl_unit *u = &g->live.units[unit];
    memset(out, 0, sizeof *out);
    if (u->kind == SL_UNIT_VEHICLE) {
        int k = art_veh_sealed_known(g, unit);
        snprintf(out->text, sizeof out->text, "against fuel-air blasts: %s",
                 !art_veh_airtight(g, unit) ? "not airtight"
                 : k < 0                ? "sealed or not rolled when it matters"
                 : k                    ? "sealed"
                                        : "open");
        return 1;
    }
    if (u->kind != SL_UNIT_INFANTRY || !has_caller(g, unit))
        return 0;
    const art_game *st = art_game_of(g);
    int left = g->live.sides[u->side].request_chits - st->chits_spent[u->side];
    snprintf(out->text, sizeof out->text, "calls fire%s, %d counter%s left",
             art_has_observer(g, unit) ? " (observer)" : "", left, left == 1 ? "" : "s");
    return 1;
}

/* --- public questions -------------------------------------------------------------------------- */

const sl_blast *sl_game_last_blast(const sl_game *g)
{
    const art_game *st = art_game_of(g);
    return st && st->blast.on ? &st->blast : NULL;
}

int sl_game_pending_missions(const sl_game *g, sl_pt *at, int *land_turn, int max)
{
    const art_game *st = art_game_of(g);
    int n = 0;
    for (int k = 0; st && k < ART_MAX_PENDING && n < max; k++)
        if (st->pending[k].on) {
            at[n] = st->pending[k].at;
            land_turn[n] = st->pending[k].land_turn;
            n++;
        }
    return n;
}

int sl_game_chits_left(const sl_game *g, int side)
{
    const art_game *st = art_game_of(g);
    return st ? g->live.sides[side].request_chits - st->chits_spent[side] : 0;
}

static const rl_cmd_def art_commands[] = {
    {RL_KIND_NEW, "call-fire", NULL, RL_SHAPE_CALL_FIRE, NULL,
     "call-fire UNIT at X,Y [ASSET] [gp|ap|at|fae] [chits N] (ask a support asset for a fire mission, p44)", 1,
     RL_CMD_ACTION | RL_CMD_COMMS, can_call, do_call, RL_PICK_POINT},
    {RL_KIND_NEW, "seal", NULL, RL_SHAPE_POINT_TARGET, NULL,
     "seal BUILDING|VEHICLE (shut every opening against fuel-air blasts, seed 000)", 0, 0, art_can_seal, art_do_seal,
     RL_PICK_NONE},
    {RL_KIND_NEW, "open", NULL, RL_SHAPE_POINT_TARGET, NULL, "open BUILDING|VEHICLE (open it up again, seed 000)", 0,
     0, art_can_seal, art_do_seal, RL_PICK_NONE},
    {RL_KIND_NEW, "deploy", NULL, RL_SHAPE_UNIT, NULL,
     "deploy UNIT (a crew sets up its towed or manpacked artillery to fire, p47)", 1, RL_CMD_ACTION, art_can_deploy,
     art_do_deploy, RL_PICK_NONE},
    {RL_KIND_NEW, "pack", NULL, RL_SHAPE_UNIT, NULL, "pack UNIT (a crew packs its piece up to move off, p47)", 1,
     RL_CMD_ACTION, art_can_deploy, art_do_deploy, RL_PICK_NONE},
};

const rl_house art_rule = {
    .name = "artillery",
    .source = "rulebook pp44-47; seed 000: fuel-air explosives",
    .title = "artillery support",
    .on = art_on,
    .commands = art_commands,
    .ncommands = 5,
    .unit_bytes = sizeof(art_unit),
    .game_bytes = sizeof(art_game),
    .move_check = art_move_check,
    .way_extra = art_way_extra,
    .comm = art_comm,
    .moved = art_moved,
    .fire_able = art_fire_able,
    .resolve = art_resolve,
    .activated = art_activated,
    .turn_start = art_turn_start,
    .offers = art_offers,
    .marks = art_marks,
    .card = art_card,
};
