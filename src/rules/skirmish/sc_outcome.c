/* The players' outcome of a SkirmishCorps attack, ranged or close (seed
 * 002 gives no roll to hit or to wound): the words they answer in, and
 * what their answer does. The question is asked by sc_ask_outcome
 * (sc_attack.c). */
#include <string.h>

#include "skirmish.h"


/* The players' outcome: a miss, or a hit that did nothing, stunned the
 * target (stunned again: knocked out), knocked it out, or put it out of
 * action; then a unit breaking off moves away. A chain of reactions
 * resolves on after it (the dispatcher's part). */
bool sc_do_outcome(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    if (c->decide != sc_word(SC_WORD_HIT) && c->decide != sc_word(SC_WORD_MISS))
        return rl_refuse(err, errlen, "the players enter the attack's outcome: decide miss, or decide hit "
                                      "none|stunned|ko|out");
    int target = g->pending.mover, attacker = g->pending.options[0];
    if (c->decide == sc_word(SC_WORD_HIT) && g->live.units[target].kind == SL_UNIT_VEHICLE &&
        (c->choice == SC_HIT_STUNNED || c->choice == SC_HIT_KO))
        return rl_refuse(err, errlen, "%s is a vehicle: it is not stunned or knocked out (the digest: vehicles take "
                                      "stress instead, which the players keep); decide hit none, or decide hit out "
                                      "when it is wrecked",
                         rl_unit_name(g, target));
    sl_command resume = g->pending.resume;
    memset(&g->pending, 0, sizeof g->pending);
    bool breaking = resume.kind == sc_kind_of(SC_ROW_BREAKOFF);
    sc_unit *ts = sc_unit_of(g, target);
    const char *tn = rl_unit_name(g, target);
    const char *by = sc_attacks_rolled(g) ? "Rolled by the program" : "Entered by the players";
    if (c->decide == sc_word(SC_WORD_MISS)) {
        rl_state(g, target, "attack-result", "%s: %s misses %s", by, rl_unit_name(g, attacker), tn);
        return !breaking || sc_breakoff_walk(g, &resume, attacker, err, errlen);
    }
    int h = c->choice;
    if (h == SC_HIT_STUNNED && ts->stunned > 0)
        h = SC_HIT_KO; /* stunned again */
    static const char *const what[] = {"a hit that does nothing", "a hit: stunned, prone, it does nothing this turn "
                                                                  "and next",
                                       "a hit: knocked out, prone, it does nothing until it has medical attention",
                                       "a hit: out of action"};
    rl_state(g, target, "attack-result", "%s: %s%s", by, what[h],
             h != c->choice ? " (stunned again: knocked out)" : "");
    if (h == SC_HIT_STUNNED) {
        ts->stunned = 2;
        ts->prone = true;
    } else if (h == SC_HIT_KO) {
        ts->ko = true;
        ts->prone = true;
        ts->hiding = ts->sneaking = false;
    } else if (h == SC_HIT_OUT) {
        const sl_unit *tu = &g->live.units[target];
        for (int i = 0; i < tu->nfigures; i++)
            g->live.figures[tu->first_figure + i].status = SL_FIG_DEAD;
        ts->hiding = ts->sneaking = false;
        for (int k = 0; tu->kind == SL_UNIT_VEHICLE && k < g->live.nunits; k++)
            if (g->us[k].aboard == target && rl_living(g, k) > 0)
                rl_note(g, k, "%s is aboard the wreck: what befalls a crew is the players' to enter (the digest's "
                              "crew damage could not be read in full)",
                        rl_unit_name(g, k));
    }
    if (breaking && sc_able(g, target))
        return sc_breakoff_walk(g, &resume, attacker, err, errlen);
    if (breaking)
        rl_note(g, target, "%s does not get away", tn);
    return true;
}
