/* What every SkirmishCorps part shares and nothing more: the command
 * rows (data), the kind of a row, a fresh action, who may move or fight
 * at all, and the end of an action. It calls no part. */

#include <string.h>

#include "skirmish.h"

const rl_cmd_def sc_commands[SC_ROW_COUNT] = {
    {RL_KIND_NEW, "stance", NULL, RL_SHAPE_OWN, NULL, "stance UNIT prone|standing", 0, 0, NULL, NULL,
     RL_PICK_NONE, &sc_stance_words},
    {RL_KIND_NEW, "hide", NULL, RL_SHAPE_ONE_UNIT, NULL, "hide UNIT", 0, 0, NULL, NULL, RL_PICK_NONE, NULL},
    {RL_KIND_NEW, "spot", NULL, RL_SHAPE_UNIT_UNIT, NULL,
     "spot UNIT TARGET (a spot test on a hiding or sneaking enemy: 1D6 + RE each, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_ENEMY(NULL, 0), NULL},
    {RL_KIND_NEW, "aim", NULL, RL_SHAPE_UNIT_UNIT, "at",
     "aim UNIT at TARGET (an aimed shot, +1: a unit that does not move, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_ENEMY(NULL, 0), NULL},
    {RL_KIND_NEW, "throw", NULL, RL_SHAPE_UNIT_UNIT, "at", "throw UNIT at TARGET (a thrown weapon, seed 002)", 0, 0,
     NULL, NULL, RL_PICK_ENEMY(NULL, 0), NULL},
    {RL_KIND_NEW, "charge", NULL, RL_SHAPE_UNIT_UNIT_WAY, NULL,
     "charge UNIT TARGET [X,Y ...] (move into base contact and attack in close combat, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_ENEMY(NULL, 0), NULL},
    {RL_KIND_NEW, "spring", NULL, RL_SHAPE_UNIT_UNIT, NULL,
     "spring UNIT TARGET (a hidden unit's spring attack, seed 002)", 0, 0, NULL, NULL, RL_PICK_ENEMY(NULL, 0), NULL},
    {RL_KIND_NEW, "break-off", NULL, RL_SHAPE_MOVE, NULL,
     "break-off UNIT [jog|run|sprint] X,Y [X,Y ...] (move out of base contact, seed 002)", 0, 0, NULL, NULL,
     RL_PICK_PATH, NULL},
    /* the word the opportunity fire house rule also uses: a SkirmishCorps
     * scenario reads it as this one (command.c prefers the rows in play) */
    {RL_KIND_NEW, "overwatch", NULL, RL_SHAPE_UNIT, NULL, "overwatch UNIT", 1, RL_CMD_ACTION | RL_CMD_ALL_LEFT, NULL,
     NULL, RL_PICK_NONE, NULL},
};

int sc_kind_of(int row)
{
    return rl_cmd_kind_of(&sc_commands[row]);
}

int sc_decide_kind(int row)
{
    return rl_decision_kind_of(&sc_ruleset.decisions[row]);
}

int sc_row_of(const sl_game *g, int kind)
{
    for (int r = 0; r < SC_ROW_COUNT; r++)
        if (kind == sc_kind_of(r))
            return r;
    /* another rule's overwatch (the opportunity fire house rule's, which
     * this ruleset admits) is this one's: the word means one thing here */
    const rl_cmd_def *d = kind >= SL_CMD_COUNT ? rl_command_row(g, kind) : NULL;
    return d && strcmp(d->name, sc_commands[SC_ROW_OVERWATCH].name) == 0 ? SC_ROW_OVERWATCH : -1;
}

/* The ruleset's bytes (its row's unit_bytes and game_bytes). */
sc_unit *sc_unit_of(const sl_game *g, int u)
{
    return rl_ruleset_state(g, &sc_ruleset, u);
}

sc_react_chain *sc_chain_of(const sl_game *g)
{
    return rl_ruleset_game_state(g, &sc_ruleset);
}

/* A unit starts an action (assigned to act, to overwatch, or pursuing):
 * nothing done in it yet. */
void sc_fresh_action(sc_unit *s)
{
    s->step = 0;
    s->mode = 0;
    s->stood = false;
    s->spotted = 0;
    s->shot = s->aimed = s->shot_after_move = false;
    s->used = 0;
    s->struck = false;
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

bool sc_able(const sl_game *g, int u)
{
    const sc_unit *s = sc_unit_of(g, u);
    return rl_living(g, u) > 0 && !s->ko && s->stunned == 0;
}

void sc_finish_action(sl_game *g, int u, const char *why)
{
    sc_unit *sc = sc_unit_of(g, u);
    if (sc->hiding && sc->step != 3) {
        sc->hiding = false;
        rl_state(g, u, "hiding-ended", "%s no longer hides: its hiding marker is removed", rl_unit_name(g, u));
    }
    if (sc->sneaking && sc->mode != SC_SNEAK) {
        sc->sneaking = false;
        rl_state(g, u, "sneaking-ended", "%s no longer sneaks: its sneaking marker is removed", rl_unit_name(g, u));
    }
    rl_end_activation(g, why);
}

bool sc_attacks_rolled(const sl_game *g)
{
    return rl_house_in_play(g, &sc_play_rule) && rl_option(g, &sc_play_rule, SC_OPT_ATTACKS) == SC_ATTACKS_ROLLED;
}
