/* Reaction fire (p53) as the window shows it: the mover ringed, each unit
 * that may fire ringed and numbered with its odds; or, when the mover is
 * out of the viewer's sight, only that it moves. */
#include <stdio.h>

#include "sg2.h"

static void reaction_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    const sl_pending *pd = &g->pending;
    char b1[80], b2[80];
    snprintf(d->title, sizeof d->title, "Reaction fire (p53)");
    d->tone = SL_TONE_PASS;
    for (int i = 0; i < pd->noptions; i++) {
        sl_command c;
        sl_cmd_decide_fire(&c, pd->options[i], NULL);
        rl_decision_answer(d, i < 9 ? '1' + i : 0, 0, pd->options[i], "fire", &c);
    }
    sl_command pass;
    sl_cmd_decide(&pass, SL_DECIDE_WORD_PASS);
    rl_decision_answer(d, 'n', '0', -1, "pass", &pass);
    int top = g->live.units[pd->mover].squad >= 0 ? g->live.units[pd->mover].squad : pd->mover;
    if (viewer >= 0 && sl_game_last_seen(g, viewer, top, NULL, NULL)) {
        rl_decision_line(d, "An enemy unit out of sight moves a second time; none of yours sees it.");
        rl_decision_line(d, "[N] let it move on");
        return;
    }
    rl_decision_ring(d, pd->mover, SL_TONE_FAIL, NULL);
    rl_decision_line(d, "%s starts its second move. %s may fire at it with one unit that has not acted:",
                     rl_name_for(g, viewer, pd->mover, b1, sizeof b1), g->live.sides[pd->side].name);
    for (int i = 0; i < pd->noptions && d->nlines < SL_MAX_OPTIONS + 1; i++) {
        int u = pd->options[i];
        char num[16];
        snprintf(num, sizeof num, "%d", i + 1);
        rl_decision_ring(d, u, SL_TONE_PASS, num);
        sl_fire_preview pv;
        sl_game_fire_preview(g, u, pd->mover, SL_FIRE_ALL, &pv);
        rl_decision_line(d, "[%d] %s: range die %s, suppression %.0f%%, hits %.0f%%", i + 1,
                         rl_name_for(g, viewer, u, b2, sizeof b2), sl_die_name(pv.range_die),
                         (pv.p_minor + pv.p_major) * 100, pv.p_major * 100);
    }
    rl_decision_line(d, "[N] let it move on  (or click a ringed unit)");
}

const rl_decision_row sg2_decisions[] = {
    {SL_DECIDE_REACTION_FIRE, SL_CHOOSE_UNITS, true, "to decide: reaction fire?", reaction_show},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL},
};
