/* What a unit's own state lets it do (rulebook p18, p21): a unit out of
 * the fight, panicking, suppressed, aboard a vehicle, or one that failed
 * its reaction test for this kind of action this turn. Asked by the
 * actions (actions.c) and by an action resolved after an interruption
 * (frames.c). */
#include <stdint.h>

#include "sg2.h"

uint64_t act_failed_bit(int kind)
{
    return kind >= 0 && kind < 64 ? (uint64_t)1 << kind : 0;
}

bool act_unit_can(const sl_game *g, int unit, int k, char *why, size_t whylen)
{
    const sl_unit_state *s = &g->us[unit];
    const sl_unit *u = &g->live.units[unit];
    if (rl_living(g, unit) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing: it is out of the fight", u->name);
    if (s->panicked && k != SL_CMD_REMOVE_PANIC && k != SL_CMD_END_ACTIVATION)
        return rl_refuse(why, whylen,
                         "%s is panicking: it can do nothing but try to remove the panic (two actions)", u->name);
    const rl_cmd_def *kd = rl_command_row(g, k);
    bool comms = kd && (kd->flags & RL_CMD_COMMS);
    if (s->suppression > 0) {
        bool allowed = comms || k == SL_CMD_REMOVE_SUPPRESSION || k == SL_CMD_OBSERVE || k == SL_CMD_COMMUNICATE ||
                       k == SL_CMD_REORGANISE || k == SL_CMD_END_ACTIVATION || k == SL_CMD_TRANSFER ||
                       k == SL_CMD_RALLY || k == SL_CMD_REMOVE_PANIC ||
                       ((k == SL_CMD_MOVE || k == SL_CMD_COMBAT_MOVE) && g->live.options.suppressed_move == 1);
        if (!allowed)
            return rl_refuse(why, whylen,
                             "%s is suppressed: it may only remove suppression, observe, communicate, or "
                             "reorganise in cover (p18)",
                             u->name);
    }
    if (s->aboard >= 0 && !comms && k != SL_CMD_DISEMBARK && k != SL_CMD_END_ACTIVATION && k != SL_CMD_REMOVE_SUPPRESSION &&
        k != SL_CMD_COMMUNICATE && k != SL_CMD_TRANSFER && k != SL_CMD_RALLY && k != SL_CMD_REORGANISE)
        return rl_refuse(why, whylen, "%s is aboard %s: it goes where the vehicle goes, and must disembark to do that",
                         u->name, g->live.units[s->aboard].name);
    if (s->failed_tests & act_failed_bit(k))
        return rl_refuse(why, whylen,
                         "%s failed its reaction test to %s this turn and may not try again until next turn (p21)",
                         u->name, rl_command_name(g, k));
    return true;
}

