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
    int top = sl_unit_whole(&g->live, pd->mover) >= 0 ? sl_unit_whole(&g->live, pd->mover) : pd->mover;
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

/* The solo player fires with the unit likeliest to suppress the mover,
 * when that is likely enough; else lets it move on. */
static bool reaction_answer(const sl_game *g, sl_command *out)
{
    const sl_pending *p = &g->pending;
    const char *side = rl_side_name(g, p->side);
    int best = -1;
    double bp = 0;
    for (int i = 0; i < p->noptions; i++) {
        sl_fire_preview pv;
        sl_game_fire_preview(g, p->options[i], p->mover, SL_FIRE_ALL, &pv);
        double ps = pv.p_minor + pv.p_major;
        if (pv.possible && ps > bp) {
            bp = ps;
            best = p->options[i];
        }
    }
    char why[SL_CMD_NOTE - 8];
    if (best >= 0 && bp >= RL_SOLO_THRESHOLD) {
        sl_cmd_decide_fire(out, best, NULL);
        snprintf(why, sizeof why, "%s fires with %s: %.0f%% to suppress (it fires at %.0f%% or better)", side,
                 rl_unit_name(g, best), bp * 100, RL_SOLO_THRESHOLD * 100);
    } else {
        sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
        snprintf(why, sizeof why, "%s holds: the best chance to suppress is %.0f%%, under %.0f%%", side, bp * 100,
                 RL_SOLO_THRESHOLD * 100);
    }
    snprintf(out->note, sizeof out->note, "solo: %s", why);
    return true;
}

const rl_decision_row sg2_decisions[] = {
    {SL_DECIDE_REACTION_FIRE, SL_CHOOSE_UNITS, true, "to decide: reaction fire?", reaction_show, reaction_answer},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};
