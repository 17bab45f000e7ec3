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
 * This file holds the ruleset's row, what it checks and does (the
 * dispatch to the files named in skirmish.h), the resolving of a chain of
 * reactions and the turn. It calls the parts; no part calls it. */
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

/* The commands this ruleset answers itself (the rest of the turn
 * sequence, passing and deciding, is shared). */
static bool sc_handles(const sl_game *g, int k)
{
    if (k == SL_CMD_DECIDE) /* its own decisions: the players' outcome, reactions */
        return g->pending.kind == sc_decide_kind(SC_DECIDE_OUTCOME) || g->pending.kind == sc_decide_kind(SC_DECIDE_REACT) ||
               g->pending.kind == sc_decide_kind(SC_DECIDE_PURSUE);
    return k != SL_CMD_PASS && k != SL_CMD_DONE;
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
static bool sc_engaging(int kind)
{
    return sc_attack_how(kind) >= 0 || kind == sc_kind_of(SC_ROW_CHARGE) || kind == sc_kind_of(SC_ROW_SPRING) ||
           kind == sc_kind_of(SC_ROW_BREAKOFF);
}

static bool sc_can_engage(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (c->kind == sc_kind_of(SC_ROW_CHARGE))
        return sc_can_charge(g, c, why, whylen);
    if (c->kind == sc_kind_of(SC_ROW_SPRING))
        return sc_can_spring(g, c, why, whylen);
    if (c->kind == sc_kind_of(SC_ROW_BREAKOFF))
        return sc_check_breakoff(g, c, why, whylen);
    return sc_can_attack(g, c, sc_attack_how(c->kind), why, whylen);
}

/* A command's kind as the switches below take it: its own commands with
 * no table kind of their own (overwatch, stance, hide) as one of these. */
enum { SCK_OVERWATCH = -10, SCK_STANCE = -11, SCK_HIDE = -12 };
static int sc_switch_kind(const sl_game *g, int kind)
{
    switch (sc_row_of(g, kind)) {
    case SC_ROW_OVERWATCH: return SCK_OVERWATCH;
    case SC_ROW_STANCE: return SCK_STANCE;
    case SC_ROW_HIDE: return SCK_HIDE;
    default: return kind;
    }
}

static bool sc_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    const sc_unit *sc = c->unit >= 0 ? sc_unit_of(g, c->unit) : NULL;
    int k = sc_switch_kind(g, c->kind);
    switch (k) {
    case SL_CMD_ACTIVATE:
        if (!assignable(g, c->unit, active, " to act", why, whylen))
            return false;
        if (u->kind == SL_UNIT_DUMMY || rl_living(g, c->unit) == 0)
            return rl_refuse(why, whylen, "%s cannot act", u->name);
        if (sc->stunned > 0)
            return rl_refuse(why, whylen, "%s is stunned and may do nothing this turn (seed 002)", u->name);
        if (sc->ko)
            return rl_refuse(why, whylen, "%s is knocked out: it does nothing until it has medical attention", u->name);
        return true;
    case SL_CMD_END_ACTIVATION:
        if (active < 0)
            return rl_refuse(why, whylen, "no unit is acting");
        return true;
    case SCK_OVERWATCH:
        if (active >= 0 && active == c->unit)
            return rl_refuse(why, whylen, "%s is already assigned to act this turn. A unit is assigned to act or "
                                          "to overwatch, not both: next turn, choose Overwatch (Shift+O) instead of "
                                          "Assign to act (A)",
                             u->name);
        if (!assignable(g, c->unit, active, "", why, whylen))
            return false;
        if (!sc_able(g, c->unit))
            return rl_refuse(why, whylen, "%s is in no state to watch", u->name);
        return true;
    case SL_CMD_MOVE:
    case SCK_STANCE:
    case SCK_HIDE:
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
        if (g->pending.kind == sc_decide_kind(SC_DECIDE_REACT) && c->unit != active) {
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
    if (!sc_vehicle_free(g, c->unit, k == SCK_STANCE ? "stance change" : "hiding", why, whylen))
        return false;
    if (k == SCK_STANCE)
        return sc_can_stance(g, c, why, whylen);
    return sc_can_hide(g, c, why, whylen);
}

/* An action carried out (declared earlier, or now with nobody to react). */
static bool sc_action(sl_game *g, const sl_command *c, char *err, size_t errlen)
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

/* The instigator's action checked again as it resolves (the reactions may
 * have changed what it can do). */
static bool sc_can_again(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (c->kind == SL_CMD_MOVE)
        return sc_check_move(g, c, why, whylen);
    if (sc_engaging(c->kind))
        return sc_can_engage(g, c, why, whylen);
    return true;
}

/* Resolve the chain's next action (sc_react.c gives them in order), until
 * one waits on the players. */
static void sc_resolve_next(sl_game *g, char *err, size_t errlen)
{
    sl_command cmd;
    bool instigator;
    while (g->pending.kind == SL_DECIDE_NONE && !g->failed && sc_chain_next(g, &cmd, &instigator)) {
        if (!sc_able(g, cmd.unit)) {
            rl_note(g, cmd.unit, "%s is in no state to carry out its %s", rl_unit_name(g, cmd.unit),
                    instigator ? "action" : "reaction");
            continue;
        }
        char why[300];
        bool ok = instigator ? sc_can_again(g, &cmd, why, sizeof why) : true;
        if (!ok) {
            rl_note(g, cmd.unit, "%s's action can no longer be carried out: %s", rl_unit_name(g, cmd.unit), why);
            continue;
        }
        if (!sc_action(g, &cmd, err, errlen))
            return;
    }
}

/* After an answer the parts say the chain may go on (`resume`): it
 * resolves on while it is resolving. */
static bool go_on(sl_game *g, bool ok, bool resume, char *err, size_t errlen)
{
    if (!resume)
        return ok;
    if (ok && sc_chain_of(g)->resolving)
        sc_resolve_next(g, err, errlen);
    return ok && !g->failed;
}

/* An answer to one of its decisions: reactions, a pursuit, the players'
 * outcome of an attack. */
static bool sc_decided(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    bool resume = false;
    if (g->pending.kind == sc_decide_kind(SC_DECIDE_REACT)) {
        bool ok = sc_decide_react(g, c, &resume, err, errlen);
        char quiet[300]; /* what the chain's actions say as they resolve is not this answer's */
        return go_on(g, ok, resume, quiet, sizeof quiet);
    }
    if (g->pending.kind == sc_decide_kind(SC_DECIDE_PURSUE)) {
        bool ok = sc_decide_pursue(g, c, &resume, err, errlen);
        return go_on(g, ok, resume, err, errlen);
    }
    if (c->decide == sc_word(SC_WORD_FORCE))
        return rl_refuse(err, errlen, "decide force is only while reactions are being declared: once both sides "
                                      "have stopped, the order is fixed");
    return go_on(g, sc_do_outcome(g, c, err, errlen), true, err, errlen);
}

static bool sc_apply_one(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    sc_unit *sc = c->unit >= 0 ? sc_unit_of(g, c->unit) : NULL;
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    switch (sc_switch_kind(g, c->kind)) {
    case SL_CMD_ACTIVATE:
        s->activated = true;
        sc_fresh_action(sc);
        g->act_depth = 0;
        rl_push_activation(g, c->unit, 1);
        if (u->kind == SL_UNIT_VEHICLE || g->us[c->unit].aboard >= 0)
            rl_state(g, c->unit, "activated", "%s is assigned to act: one action (%s)", u->name,
                     u->kind == SL_UNIT_VEHICLE ? "a vehicle: it may shoot" : "aboard: it may shoot or throw");
        else
            rl_state(g, c->unit, "activated", "%s is assigned to act: one action (%s%s%s)", u->name,
                     sc->prone ? "prone" : "standing", sc->hiding ? ", hiding" : "",
                     sc->sneaking ? ", sneaking" : "");
        return true;
    case SL_CMD_END_ACTIVATION:
        sc_finish_action(g, sl_game_active_unit(g), "ended by its player");
        return true;
    case SCK_STANCE:
        return sc_stance(g, c);
    case SCK_HIDE:
        return sc_hide(g, c);
    case SCK_OVERWATCH:
        s->activated = true;
        sc->overwatch = true;
        sc->reacted = false;
        sc_fresh_action(sc); /* its reaction will be its action this turn */
        rl_push_activation(g, c->unit, 1);
        rl_state(g, c->unit, "overwatch", "%s is assigned to overwatch: its marker face down, it may react to enemy "
                                          "actions it sees this turn (the digest)",
                 u->name);
        rl_end_activation(g, "it is on overwatch");
        return true;
    case SL_CMD_DECIDE:
        return sc_decided(g, c, err, errlen);
    case SL_CMD_MOVE:
    default:
        if (c->kind == sc_kind_of(SC_ROW_SPOT))
            return sc_do_spot(g, c);
        if (g->pending.kind == sc_decide_kind(SC_DECIDE_REACT)) {
            sc_declare_reaction(g, c);
            return true;
        }
        if (sc_trigger_kind(c->kind) && sc_start_chain(g, c))
            return true;
        return sc_action(g, c, err, errlen);
    }
}

/* Under sc_attacks rolled nobody enters an attack's outcome: the program
 * rolls each as it is asked (sc_roll.c) and answers it as the players
 * would, and the chain of reactions resolves on. */
static bool sc_apply(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    bool ok = sc_apply_one(g, c, err, errlen);
    while (ok && sc_attacks_rolled(g) && g->pending.kind == sc_decide_kind(SC_DECIDE_OUTCOME)) {
        sl_command answer;
        ok = sc_roll_outcome(g, &answer) && sc_decided(g, &answer, err, errlen);
    }
    return ok && !g->failed;
}

/* The end phase: a stunned marker is flipped, then removed a turn later. */
static void sc_turn_start(sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++) {
        sc_unit *sc = sc_unit_of(g, u);
        if (sc->overwatch || sc->reacted)
            rl_state(g, u, "overwatch-over", "%s's overwatch ends with the turn", rl_unit_name(g, u));
        sc->overwatch = sc->reacted = false;
        if (sc->stunned <= 0)
            continue;
        sc->stunned--;
        if (sc->stunned == 1)
            rl_state(g, u, "stunned", "%s's stunned marker is flipped: it does nothing this turn", rl_unit_name(g, u));
        else
            rl_state(g, u, "stun-over", "%s's stunned marker is removed", rl_unit_name(g, u));
    }
}

static const char *const sc_unit_fields[] = {"sp", "re", NULL};
/* the house rules SkirmishCorps plays: its own play only. Travel
 * columns, the hidden set-up, artillery and ambushes are Stargrunt's; so
 * are opportunity fire (its overwatch and reactions are its own),
 * fireteams and cross training (squads' rules: its units are one figure
 * each), which changed nothing here, die for die, and whose options the
 * window's rule options page and --rule then offered for nothing */
static const char *const sc_admits[] = {"skirmishcorps_play", NULL};

/* The keys of its action bar (sc_show.c), for the window's help page. */
static const rl_help_row sc_help[] = {
    {"A  E  D  Shift+P", "Assign to act; end the activation; done for the turn; pass"},
    {"M  C  Shift+C  K", "Jog, run, sprint, sneak (draw the way)"},
    {"P  H  Shift+O", "Go prone or stand up; hide; overwatch"},
    {"W  F  Shift+F  Shift+T", "SkirmishCorps: spot, snap shot, aim and shoot (an aimed shot), throw (then 1-5: what the roll did)"},
    {"Shift+H  Shift+S  Shift+B", "SkirmishCorps: charge, spring attack from hiding, break off (draw the way)"},
    {NULL, NULL},
};

/* The loader's check of a foot-unit's speed and reactions, wherever they
 * are given (a dummy has none; a unit not under SkirmishCorps may leave
 * them out: 0). */
static int sc_check_written(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    char field[40];
    for (int i = 0; i < scn->nunits; i++) {
        const sl_unit *u = &scn->units[i];
        bool needed = u->kind != SL_UNIT_DUMMY && sl_ruleset_needs(&scn->options, "sp");
        int sp = sc_unit_sp(scn, i), re = sc_unit_re(scn, i);
        if ((sp != 0 || needed) && (sp < 1 || sp > 12)) {
            snprintf(field, sizeof field, "units[%d].sp", i);
            rl_issue(out, &n, max, field, "sp (speed, the inches of a jog) must be 1 to 12, not %d", sp);
        }
        needed = u->kind != SL_UNIT_DUMMY && sl_ruleset_needs(&scn->options, "re");
        if ((re != 0 || needed) && (re < 1 || re > 12)) {
            snprintf(field, sizeof field, "units[%d].re", i);
            rl_issue(out, &n, max, field, "re (reactions) must be 1 to 12, not %d", re);
        }
    }
    return n;
}

/* The program plays every side only when it rolls the attacks itself:
 * under sc_attacks=players there is no player left to enter them. */
static bool sc_solo_plays_all(const sl_game *g, char *why, size_t whylen)
{
    if (sc_attacks_rolled(g))
        return true;
    /* in players' words up to the "; " (the window's), then how to set it */
    snprintf(why, whylen, "on this SkirmishCorps table the players roll every attack and enter what it did, and with "
                          "the program playing every side no player is left to do it; set sc_attacks to rolled (a "
                          "rule option: the scenario's \"rules\", or --rule sc_attacks=rolled) and the program rolls "
                          "them");
    return false;
}

/* The base's rule options SkirmishCorps plays by: sight and cover on the
 * table, fog of war, counters and who acts first; not Stargrunt II's
 * fire, morale, reaction fire or squads' integrity (its units are one
 * figure each). */
static const char *const sc_base_options[] = {
    "figure_height", "wood_edge_depth", "cover_distance", "crest_cover", "spotting_by_fire",
    "lose_contact",  "first_activation", "fog_counts",    "quiet_turns", "ruleset", NULL,
};

const rl_ruleset sc_ruleset = {
    .name = "skirmishcorps",
    .title = "SkirmishCorps",
    .units_gone = "all out of the fight",
    .base_options = sc_base_options,
    .unit_fields = sc_unit_fields,
    .commands = sc_commands,
    .ncommands = (int)(sizeof sc_commands / sizeof sc_commands[0]),
    .extras = sc_extras,
    .nextras = 1,
    .handles = sc_handles,
    .can = sc_can,
    .apply = sc_apply,
    .may_act = sc_able,
    .turn_start = sc_turn_start,
    .offers = sc_offers,
    .marks = sc_marks,
    .shows_done = sc_shows_done,
    .card = sc_card,
    .profile = sc_profile,
    .way_text = sc_way_text,
    .way_plan = sc_way_plan,
    .preview = sc_preview,
    .pending_allows = sc_pending_allows,
    .admits = sc_admits,
    .shows = SL_SHOW_RANGE_BANDS,
    .reach = sc_reach,
    .way_reach = sc_way_reach,
    .reach_word = "range brackets",
    .open_top_crews_exposed = true,
    .decide_words = sc_decide_words,
    .ndecide_words = SC_WORD_COUNT,
    .decisions = sc_decisions,
    .unit_bytes = sizeof(sc_unit),
    .game_bytes = sizeof(sc_react_chain),
    .help = sc_help,
    .check_written = sc_check_written,
    .scenario = &sc_scn_part,
    .figure_arms = sc_figure_arms,
    .makeup = sc_makeup,
    .solo_plays_all = sc_solo_plays_all,
};
