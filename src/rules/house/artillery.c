/* Artillery (rulebook pp44-47) and fuel-air explosives (seed 000), built
 * like a house rule: it is in play when the scenario gives a side any
 * support assets. This file holds the rule's row, its commands and what
 * the window shows; it calls the parts and no part calls it. The parts
 * (artillery_common_internal.h): calls for fire in artillery_call.c,
 * on-table pieces in artillery_piece.c, where a mission lands in
 * artillery_blast.c, what a burst does to a man in artillery_burst.c,
 * fuel-air explosives in fae.c, sealed buildings and vehicles in
 * sealed.c, what they all share in artillery_common.c. */
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

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
                 art_gun_type_id(art_asset_of(g, piece)->type));
        rl_offer_add(out, &n, max, rl_cmd_kind_of(&art_rule.commands[packed ? 3 : 4]), 0, label, "Shift+B", 0, 61);
    }
    if (g->live.units[unit].kind != SL_UNIT_INFANTRY || !art_has_caller(g, unit))
        return n;
    unsigned warheads = 0;
    for (int a = 0; a < art_nassets(g); a++)
        if (art_asset_of(g, a)->side == g->live.units[unit].side)
            warheads |= art_asset_of(g, a)->warheads;
    static const char *const keys[] = {"Shift+F", "Shift+G", "Shift+V", "Shift+N"};
    static const char *const labels[] = {"Call fire", "Call fire: AP", "Call fire: AT", "Call fire: FAE"};
    int first = n;
    for (int w = 0; w < ART_WH_COUNT && n < max; w++) {
        if (!(warheads & (1u << w)))
            continue;
        /* the crew's own piece, fired over open sights, is no call */
        art_odds o;
        art_call_odds(g, unit, -1, w, 0, sl_unit_centre(&g->live, unit, NULL), &o);
        char own_shot[sizeof out->label];
        if (o.open_sights && o.asset >= 0)
            snprintf(own_shot, sizeof own_shot, "Fire %s: %s (open sights)", art_gun_type_id(art_asset_of(g, o.asset)->type),
                     (const char *const[]){"GP", "AP", "AT", "FAE"}[w % 4]);
        rl_offer_add(out, &n, max, rl_cmd_kind_of(&art_rule.commands[0]), w + 1,
                     o.open_sights ? own_shot : w == ART_WH_GP ? "Call fire: GP" : labels[w], keys[n - first],
                     RL_OFFER_POINT, 62 + n - first);
    }
    return n;
}

static int art_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (max < 1 || !art_has_support(g))
        return 0;
    /* a crew's piece: MORTAR, GUN or ROCKETS, with PACKED while packed up */
    for (int a = 0; a < art_nassets(g); a++)
        if (art_asset_of(g, a)->crew == unit) {
            static const char *const words[] = {"MORTAR", "GUN", "ROCKETS"};
            snprintf(out->text, sizeof out->text, "%s%s", words[art_asset_of(g, a)->type],
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
    if (u->kind != SL_UNIT_INFANTRY || !art_has_caller(g, unit))
        return 0;
    const art_game *st = art_game_of(g);
    int left = art_request_chits(&g->live, u->side) - st->chits_spent[u->side];
    snprintf(out->text, sizeof out->text, "calls fire%s, %d counter%s left",
             art_has_observer(g, unit) ? " (observer)" : "", left, left == 1 ? "" : "s");
    return 1;
}

static const rl_cmd_def art_commands[] = {
    {RL_KIND_NEW, "call-fire", NULL, RL_SHAPE_UNIT_AT, NULL,
     "call-fire UNIT at X,Y [ASSET] [gp|ap|at|fae] [chits N] (ask a support asset for a fire mission, p44)", 1,
     RL_CMD_ACTION | RL_CMD_COMMS, art_can_call, art_do_call, RL_PICK_AIM, &art_call_words},
    {RL_KIND_NEW, "seal", NULL, RL_SHAPE_OWN, NULL,
     "seal BUILDING|VEHICLE (shut every opening against fuel-air blasts, seed 000)", 0, RL_CMD_NO_UNIT, art_can_seal,
     art_do_seal, RL_PICK_NONE, &art_seal_words},
    {RL_KIND_NEW, "open", NULL, RL_SHAPE_OWN, NULL, "open BUILDING|VEHICLE (open it up again, seed 000)", 0,
     RL_CMD_NO_UNIT, art_can_seal, art_do_seal, RL_PICK_NONE, &art_seal_words},
    {RL_KIND_NEW, "deploy", NULL, RL_SHAPE_UNIT, NULL,
     "deploy UNIT (a crew sets up its towed or manpacked artillery to fire, p47)", 1, RL_CMD_ACTION, art_can_deploy,
     art_do_deploy, RL_PICK_NONE, NULL},
    {RL_KIND_NEW, "pack", NULL, RL_SHAPE_UNIT, NULL, "pack UNIT (a crew packs its piece up to move off, p47)", 1,
     RL_CMD_ACTION, art_can_deploy, art_do_deploy, RL_PICK_NONE, NULL},
};

/* The keys of its action-bar entries and decisions, for the window's
 * help page. */
static const rl_help_row art_help[] = {
    {"Shift+F  Shift+G  Shift+V  Shift+N", "Call fire: general purpose, then the other warheads (click where it lands)"},
    {"Shift+B", "Artillery crew: deploy the piece to fire, or pack it up to move"},
    {NULL, NULL},
};

const rl_house art_rule = {
    .name = "artillery",
    .help = art_help,
    .source = "rulebook pp44-47; seed 000: fuel-air explosives",
    .scenario = &art_scn_part,
    .title = "artillery support",
    .on = art_on,
    .commands = art_commands,
    .ncommands = 5,
    .extras = art_extras,
    .nextras = 1,
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
    .sketches = art_sketches,
    .preview = art_preview,
    .options = art_fae_options,
    .noptions = ART_FAE_NOPTIONS,
    .check = art_check,
    .check_written = art_check_written,
    .tactics = art_tactics,
};
