/* SkirmishCorps attacks rolled by the program (rule option sc_attacks
 * rolled): the hit by our reading, since no source gives a roll to hit,
 * then the damage, wounds and injury by the digest's tables (section 8);
 * every die journalled with what it was for. The result is the players'
 * answer built (decide miss, or decide hit WORD), so what it does is
 * what the players' entry would do (sc_outcome.c). */
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

/* How the command waiting on the outcome attacked: a shot, a throw, or
 * close combat (a charge, a spring attack, a free attack on a unit
 * breaking off). */
static int attack_way(const sl_command *resume)
{
    int how = sc_attack_how(resume->kind);
    if (how >= 0)
        return how;
    return resume->kind == sc_kind_of(SC_ROW_SPRING) ? SC_SPRING : SC_CLOSE;
}

/* The injury table's lethal column: the highest of one D6 a wound. */
static int injury(sl_game *g, int target, int wounds, bool vehicle)
{
    int high = 0;
    for (int i = 0; i < wounds && !g->failed; i++) {
        int d = rl_roll(g, SL_D6, -1, "injury", target, "%s's %s die %d of %d (the highest counts)",
                        rl_unit_name(g, target), vehicle ? "fault severity" : "injury", i + 1, wounds);
        if (d > high)
            high = d;
    }
    if (vehicle) /* the fault table: only a critical fault (6) is played, as wrecked */
        return high == SC_WRECK_FACE ? SC_HIT_OUT : SC_HIT_NONE;
    static const int table[7] = {SC_HIT_NONE, SC_HIT_NONE, SC_HIT_STUNNED, SC_HIT_KO, SC_HIT_OUT, SC_HIT_OUT,
                                 SC_HIT_OUT};
    return table[high];
}

bool sc_roll_outcome(sl_game *g, sl_command *out)
{
    int target = g->pending.mover, attacker = g->pending.options[0];
    int total = sc_outcome_modifier(g), way = attack_way(&g->pending.resume);
    const char *an = rl_unit_name(g, attacker), *tn = rl_unit_name(g, target);
    int need = SC_READ_SKILL + total;
    int a = rl_roll(g, SL_D6, -1, "to-hit", attacker, "%s's roll to hit %s: first D6 of 2D6, a hit at or under %d "
                                                      "(our reading: 7 with the modifiers %+d)",
                    an, tn, need, total);
    int b = rl_roll(g, SL_D6, -1, "to-hit", attacker, "%s's second D6 of 2D6 to hit", an);
    if (g->failed)
        return false;
    if (a + b > need) {
        rl_note(g, target, "%s rolls %d on 2D6 against %d or under: a miss", an, a + b, need);
        sl_cmd_decide(out, sc_word(SC_WORD_MISS));
        return true;
    }
    sc_damage d;
    sc_attack_damage(g, attacker, way, &d);
    int dmg = d.plus;
    for (int i = 0; i < d.dice && !g->failed; i++)
        dmg += rl_roll(g, SL_D6, -1, "damage", target, "%s's damage on %s: D6 %d of %d (%s)", an, tn, i + 1, d.dice,
                       d.what);
    if (g->failed)
        return false;
    int wounds = sc_wounds(dmg, d.threshold);
    rl_note(g, target, "%s rolls %d on 2D6, %d or under: a hit; damage %d against a threshold of %d: %d wound%s", an,
            a + b, need, dmg, d.threshold, wounds, wounds == 1 ? "" : "s");
    sl_cmd_decide(out, sc_word(SC_WORD_HIT));
    out->choice = wounds > 0 ? injury(g, target, wounds, g->live.units[target].kind == SL_UNIT_VEHICLE) : SC_HIT_NONE;
    return !g->failed;
}
