/* SkirmishCorps foot-unit actions (seed 002), played on the same table,
 * turn sequence and journal as Stargrunt II when the rule option ruleset
 * is skirmishcorps. Every unit is a foot-unit with a speed (SP) and
 * reactions (RE); once a turn it is assigned to act and takes one action:
 * it may change stance at the start, move (jog SP", run SP+3", sprint
 * 2xSP", or sneak SP/2" when hiding or sneaking), change stance at the
 * end, or hide in cover. Difficult going halves the distance. Going prone
 * after a sprint risks a stun (2D6 against RE). Hiding and sneaking
 * markers last until the unit's next action unless it keeps them up.
 *
 * The spot test is the seed's own: 1D6 + RE against 1D6 + RE (spot UNIT
 * TARGET). Moving into base contact with a hiding or sneaking unit
 * flushes it out: revealed and standing, no test. The seed gives no
 * rolls to hit or to wound, so shooting, throwing and close combat are
 * refused with that reason.
 *
 * This file holds the ruleset's row, its commands, what it checks and
 * does (the dispatch to the files named in skirmish.h) and the turn. */
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

static const rl_cmd_def sc_commands[SC_ROW_COUNT];

/* A unit starts an action (assigned to act, to overwatch, or pursuing):
 * nothing done in it yet. */
void sc_fresh_action(sl_sc_state *s)
{
    s->step = 0;
    s->mode = 0;
    s->stood = false;
    s->spotted = 0;
    s->shot = s->aimed = s->shot_after_move = false;
    s->used = 0;
    s->struck = false;
}

int sc_kind_of(int row)
{
    return rl_cmd_kind_of(&sc_commands[row]);
}

/* Vehicles stand on the table as targets and carry crews; driving them
 * (control tests, stress, faults) is not in seed 002. May unit u move,
 * change stance, hide or go into close combat (`what`)? Not a vehicle,
 * nor a crew aboard one: false with the reason. */
bool sc_vehicle_free(const sl_game *g, int u, const char *what, char *why, size_t whylen)
{
    const sl_unit *un = &g->live.units[u];
    if (un->kind == SL_UNIT_VEHICLE)
        return rl_refuse(why, whylen, "%s is a vehicle: SkirmishCorps vehicles are not driven here (their control "
                                      "tests, stress and faults are not in seed 002), so it makes no %s",
                         un->name, what);
    int v = g->us[u].aboard;
    if (v >= 0)
        return rl_refuse(why, whylen, "%s rides in %s: getting out is not played for SkirmishCorps, so it makes no %s%s",
                         un->name, rl_unit_name(g, v), what,
                         g->live.units[v].open_top ? " (it may shoot or throw from the open top)" : "");
    return true;
}

/* The commands this ruleset answers itself (the rest of the turn
 * sequence, passing and deciding, is shared). */
static bool sc_handles(const sl_game *g, int k)
{
    if (k == SL_CMD_DECIDE) /* its own decisions: the players' outcome, reactions */
        return g->pending.kind == SL_DECIDE_SC_OUTCOME || g->pending.kind == SL_DECIDE_SC_REACT ||
               g->pending.kind == SL_DECIDE_SC_PURSUE;
    return k != SL_CMD_PASS && k != SL_CMD_DONE;
}

bool sc_able(const sl_game *g, int u)
{
    const sl_sc_state *s = &g->us[u].sc;
    return rl_living(g, u) > 0 && !s->ko && s->stunned == 0;
}

/* May unit u be assigned (to act, or to overwatch: `to` says which)? No
 * unit acting, its side's turn, and not yet this turn. */
static bool assignable(const sl_game *g, int u, int active, const char *to, char *why, size_t whylen)
{
    if (active >= 0)
        return rl_refuse(why, whylen, "%s is still acting (end it first)", rl_unit_name(g, active));
    if (g->live.units[u].side != g->side_to_act)
        return rl_refuse(why, whylen, "it is %s's turn to assign a unit%s, not %s's", rl_side_name(g, g->side_to_act), to,
                         rl_side_name(g, g->live.units[u].side));
    if (g->us[u].activated)
        return rl_refuse(why, whylen, "%s has already acted this turn", g->live.units[u].name);
    return true;
}

/* Shooting, throwing, charging, a spring attack or breaking off: the
 * actions that engage an enemy, only the unit acting takes them, and they
 * are checked again as they resolve after reactions. */
bool sc_engaging(int kind)
{
    return sc_attack_how(kind) >= 0 || kind == sc_kind_of(SC_ROW_CHARGE) || kind == sc_kind_of(SC_ROW_SPRING) ||
           kind == sc_kind_of(SC_ROW_BREAKOFF);
}

bool sc_can_engage(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (c->kind == sc_kind_of(SC_ROW_CHARGE))
        return sc_can_charge(g, c, why, whylen);
    if (c->kind == sc_kind_of(SC_ROW_SPRING))
        return sc_can_spring(g, c, why, whylen);
    if (c->kind == sc_kind_of(SC_ROW_BREAKOFF))
        return sc_check_breakoff(g, c, why, whylen);
    return sc_can_attack(g, c, sc_attack_how(c->kind), why, whylen);
}

static bool sc_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    const sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    switch (c->kind) {
    case SL_CMD_ACTIVATE:
        if (!assignable(g, c->unit, active, " to act", why, whylen))
            return false;
        if (u->kind == SL_UNIT_DUMMY || rl_living(g, c->unit) == 0)
            return rl_refuse(why, whylen, "%s cannot act", u->name);
        if (s->sc.stunned > 0)
            return rl_refuse(why, whylen, "%s is stunned and may do nothing this turn (seed 002)", u->name);
        if (s->sc.ko)
            return rl_refuse(why, whylen, "%s is knocked out: it does nothing until it has medical attention", u->name);
        return true;
    case SL_CMD_END_ACTIVATION:
        if (active < 0)
            return rl_refuse(why, whylen, "no unit is acting");
        return true;
    case SL_CMD_OVERWATCH:
        if (!assignable(g, c->unit, active, "", why, whylen))
            return false;
        if (!sc_able(g, c->unit))
            return rl_refuse(why, whylen, "%s is in no state to watch", u->name);
        return true;
    case SL_CMD_MOVE:
    case SL_CMD_STANCE:
    case SL_CMD_HIDE:
        if (active < 0)
            return rl_refuse(why, whylen, "no unit is acting: %s first assigns one (activate UNIT)",
                          rl_side_name(g, g->side_to_act));
        if (c->unit != active)
            return rl_refuse(why, whylen, "%s is not the unit acting; %s is", u->name, rl_unit_name(g, active));
        break;
    case SL_CMD_COMBAT_MOVE:
        return rl_refuse(why, whylen, "SkirmishCorps foot-units move with move UNIT jog|run|sprint|sneak X,Y");
    case SL_CMD_DECIDE:
        return true; /* the players' outcome, or a reaction's pass: checked as it is applied */
    case SL_CMD_ASSAULT:
        return rl_refuse(why, whylen, "SkirmishCorps close combat is a charge (charge UNIT TARGET), a spring attack "
                                      "(spring UNIT TARGET) or breaking off (break-off UNIT X,Y)");
    default:
        if (g->pending.kind == SL_DECIDE_SC_REACT && c->unit != active) {
            /* a reaction declared from overwatch */
            if (!sc_reaction_kind(c->kind))
                return rl_refuse(why, whylen, "a reaction is a shot, an aimed shot, a throw, a charge or a spring attack");
            if (!sc_can_react(g, g->pending.side, c->unit))
                return rl_refuse(why, whylen, "%s cannot react now: a reaction comes from a unit of %s on overwatch "
                                              "that has not reacted and sees an enemy acting",
                                 u->name, rl_side_name(g, g->pending.side));
        } else if (c->kind == sc_kind_of(SC_ROW_SPOT) || sc_engaging(c->kind)) {
            if (active < 0 || c->unit != active)
                return rl_refuse(why, whylen, "%s is not the unit acting", u->name);
        }
        if (c->kind == sc_kind_of(SC_ROW_SPOT))
            return sc_can_spot(g, c, why, whylen);
        if (sc_engaging(c->kind))
            return sc_can_engage(g, c, why, whylen);
        return rl_refuse(why, whylen, "%s is a Stargrunt II action; this scenario plays the SkirmishCorps foot-unit "
                                   "actions (rule option ruleset)",
                      sl_cmd_name(c->kind));
    }
    if (c->kind == SL_CMD_MOVE)
        return sc_check_move(g, c, why, whylen);
    if (!sc_vehicle_free(g, c->unit, c->kind == SL_CMD_STANCE ? "stance change" : "hiding", why, whylen))
        return false;
    if (c->kind == SL_CMD_STANCE)
        return sc_can_stance(g, c, why, whylen);
    return sc_can_hide(g, c, why, whylen);
}

void sc_finish_action(sl_game *g, int u, const char *why)
{
    sl_unit_state *s = &g->us[u];
    if (s->sc.hiding && s->sc.step != 3) {
        s->sc.hiding = false;
        rl_state(g, u, "hiding-ended", "%s no longer hides: its hiding marker is removed", rl_unit_name(g, u));
    }
    if (s->sc.sneaking && s->sc.mode != SL_SC_SNEAK) {
        s->sc.sneaking = false;
        rl_state(g, u, "sneaking-ended", "%s no longer sneaks: its sneaking marker is removed", rl_unit_name(g, u));
    }
    rl_end_activation(g, why);
}

static bool sc_apply(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    switch (c->kind) {
    case SL_CMD_ACTIVATE:
        s->activated = true;
        sc_fresh_action(&s->sc);
        g->act_depth = 0;
        rl_push_activation(g, c->unit, 1);
        if (u->kind == SL_UNIT_VEHICLE || g->us[c->unit].aboard >= 0)
            rl_state(g, c->unit, "activated", "%s is assigned to act: one action (%s)", u->name,
                     u->kind == SL_UNIT_VEHICLE ? "a vehicle: it may shoot" : "aboard: it may shoot or throw");
        else
            rl_state(g, c->unit, "activated", "%s is assigned to act: one action (%s%s%s)", u->name,
                     s->sc.prone ? "prone" : "standing", s->sc.hiding ? ", hiding" : "",
                     s->sc.sneaking ? ", sneaking" : "");
        return true;
    case SL_CMD_END_ACTIVATION:
        sc_finish_action(g, sl_game_active_unit(g), "ended by its player");
        return true;
    case SL_CMD_STANCE:
        return sc_stance(g, c);
    case SL_CMD_HIDE:
        return sc_hide(g, c);
    case SL_CMD_OVERWATCH:
        s->activated = true;
        s->sc.overwatch = true;
        s->sc.reacted = false;
        sc_fresh_action(&s->sc); /* its reaction will be its action this turn */
        rl_push_activation(g, c->unit, 1);
        rl_state(g, c->unit, "overwatch", "%s is assigned to overwatch: its marker face down, it may react to enemy "
                                          "actions it sees this turn (the digest)",
                 u->name);
        rl_end_activation(g, "it is on overwatch");
        return true;
    case SL_CMD_DECIDE:
        if (g->pending.kind == SL_DECIDE_SC_REACT)
            return sc_decide_react(g, c, err, errlen);
        if (g->pending.kind == SL_DECIDE_SC_PURSUE)
            return sc_decide_pursue(g, c, err, errlen);
        if (c->decide == SL_DECIDE_WORD_FORCE)
            return rl_refuse(err, errlen, "decide force is only while reactions are being declared: once both sides "
                                          "have stopped, the order is fixed");
        return sc_do_outcome(g, c, err, errlen);
    case SL_CMD_MOVE:
    default:
        if (c->kind == sc_kind_of(SC_ROW_SPOT))
            return sc_do_spot(g, c);
        if (g->pending.kind == SL_DECIDE_SC_REACT) {
            sc_declare_reaction(g, c);
            return true;
        }
        if (sc_trigger_kind(c->kind) && sc_start_chain(g, c))
            return true;
        return sc_action(g, c, err, errlen);
    }
}

/* An action carried out (declared earlier, or now with nobody to react). */
bool sc_action(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    if (c->kind == SL_CMD_MOVE)
        return sc_walk(g, c, err, errlen);
    if (sc_attack_how(c->kind) >= 0)
        return sc_do_attack(g, c, sc_attack_how(c->kind));
    if (c->kind == sc_kind_of(SC_ROW_CHARGE))
        return sc_do_charge(g, c, err, errlen);
    if (c->kind == sc_kind_of(SC_ROW_SPRING))
        return sc_do_spring(g, c, err, errlen);
    if (c->kind == sc_kind_of(SC_ROW_BREAKOFF))
        return sc_do_breakoff(g, c, err, errlen);
    return rl_refuse(err, errlen, "not a SkirmishCorps action");
}

/* The end phase: a stunned marker is flipped, then removed a turn later. */
static void sc_turn_start(sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++) {
        sl_unit_state *s = &g->us[u];
        if (s->sc.overwatch || s->sc.reacted)
            rl_state(g, u, "overwatch-over", "%s's overwatch ends with the turn", rl_unit_name(g, u));
        s->sc.overwatch = s->sc.reacted = false;
        if (s->sc.stunned <= 0)
            continue;
        s->sc.stunned--;
        if (s->sc.stunned == 1)
            rl_state(g, u, "stunned", "%s's stunned marker is flipped: it does nothing this turn", rl_unit_name(g, u));
        else
            rl_state(g, u, "stun-over", "%s's stunned marker is removed", rl_unit_name(g, u));
    }
}

static const rl_cmd_def sc_commands[SC_ROW_COUNT] = {
    {SL_CMD_STANCE, "stance", NULL, RL_SHAPE_STANCE, NULL, "stance UNIT prone|standing", 0, 0, NULL, NULL,
     RL_PICK_NONE},
    {SL_CMD_HIDE, "hide", NULL, RL_SHAPE_ONE_UNIT, NULL, "hide UNIT", 0, 0, NULL, NULL, RL_PICK_NONE},
    {RL_KIND_NEW, "spot", NULL, RL_SHAPE_UNIT_UNIT, NULL,
     "spot UNIT TARGET (a spot test on a hiding or sneaking enemy: 1D6 + RE each, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_ENEMY(NULL, SL_PICK_CARD_SPOT, 0)},
    {RL_KIND_NEW, "aim", NULL, RL_SHAPE_UNIT_UNIT, "at",
     "aim UNIT at TARGET (an aimed shot, +1: a unit that does not move, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_ENEMY(NULL, SL_PICK_CARD_ATTACK, SL_SC_AIMED)},
    {RL_KIND_NEW, "throw", NULL, RL_SHAPE_UNIT_UNIT, "at", "throw UNIT at TARGET (a thrown weapon, seed 002)", 0, 0,
     NULL, NULL, RL_PICK_ENEMY(NULL, SL_PICK_CARD_ATTACK, SL_SC_THROW)},
    {RL_KIND_NEW, "charge", NULL, RL_SHAPE_UNIT_UNIT_WAY, NULL,
     "charge UNIT TARGET [X,Y ...] (move into base contact and attack in close combat, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_ENEMY(NULL, 0, 0)},
    {RL_KIND_NEW, "spring", NULL, RL_SHAPE_UNIT_UNIT, NULL,
     "spring UNIT TARGET (a hidden unit's spring attack, seed 002)", 0, 0, NULL, NULL, RL_PICK_ENEMY(NULL, 0, 0)},
    {RL_KIND_NEW, "break-off", NULL, RL_SHAPE_MOVE, NULL,
     "break-off UNIT [jog|run|sprint] X,Y [X,Y ...] (move out of base contact, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_PATH},
};

static const char *const sc_unit_fields[] = {"sp", "re", NULL};
/* the house rules SkirmishCorps plays (travel columns, the hidden set-up,
 * artillery and ambushes are Stargrunt's) */
static const char *const sc_admits[] = {"opportunity_fire", "fireteams", "cross-training", NULL};

const rl_ruleset sc_ruleset = {
    .name = "skirmishcorps",
    .title = "SkirmishCorps",
    .unit_fields = sc_unit_fields,
    .commands = sc_commands,
    .ncommands = (int)(sizeof sc_commands / sizeof sc_commands[0]),
    .handles = sc_handles,
    .can = sc_can,
    .apply = sc_apply,
    .turn_start = sc_turn_start,
    .offers = sc_offers,
    .marks = sc_marks,
    .shows_done = sc_shows_done,
    .card = sc_card,
    .profile = sc_profile,
    .way_text = sc_way_text,
    .pending_allows = sc_pending_allows,
    .admits = sc_admits,
    .shows = SL_SHOW_FIREARMS | SL_SHOW_ATTACK_CARD,
    .no_bands = "its weapons have range brackets of their own",
    .open_top_crews_exposed = true,
    .decisions = sc_decisions,
};
