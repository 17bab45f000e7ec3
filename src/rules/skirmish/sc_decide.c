/* SkirmishCorps' decisions as the window shows them: the players' entry
 * of what an attack did, reactions from overwatch, and a pursuit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skirmish.h"

/* The modifier the last decision journalled for an attack (0 when none). */
static int attack_modifier(const sl_game *g)
{
    int total = 0;
    for (int i = g->journal.n - 1; i >= 0; i--)
        if (g->journal.ev[i].kind == SL_EV_DECISION) {
            const char *m = strstr(g->journal.ev[i].json, "\"modifier\":");
            if (m)
                total = atoi(m + 11);
            break;
        }
    return total;
}

/* The players roll as they play it and say what happened: the attack as
 * journalled, and the outcomes to choose from. */
static void outcome_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    int attacker = g->pending.options[0], target = g->pending.mover;
    char b1[80], b2[80];
    d->tone = SL_TONE_ACCENT;
    rl_decision_ring(d, target, SL_TONE_ACCENT, NULL);
    for (int i = g->journal.n - 1; i >= 0; i--)
        if (g->journal.ev[i].kind == SL_EV_STATE && strstr(g->journal.ev[i].json, "\"what\":\"attack\"")) {
            d->cut |= 1u << d->nlines;
            rl_decision_line(d, "%s", g->journal.ev[i].text);
            break;
        }
    rl_decision_line(d, "Roll to hit and to wound as your SkirmishCorps rules say, then press what your roll did:");
    if (g->live.units[target].kind == SL_UNIT_VEHICLE) {
        /* a vehicle is not stunned or knocked out: 3 and 4 are refused */
        rl_decision_line(d, "[1] a miss    [2] a hit that does nothing    [5] wrecked");
    } else {
        rl_decision_line(d, "[1] a miss    [2] a hit that does nothing    [3] stunned");
        rl_decision_line(d, "[4] knocked out    [5] out of action");
    }
    snprintf(d->title, sizeof d->title, "%s at %s (modifiers %+d): what happened?",
             rl_name_for(g, viewer, attacker, b1, sizeof b1), rl_name_for(g, viewer, target, b2, sizeof b2),
             attack_modifier(g));
    sl_command c;
    sl_cmd_decide(&c, sc_word(SC_WORD_MISS));
    rl_decision_answer(d, '1', 0, -1, "miss", &c);
    for (int h = 0; h < SC_HIT_COUNT; h++) {
        sl_cmd_decide(&c, sc_word(SC_WORD_HIT));
        c.choice = h;
        rl_decision_answer(d, '2' + h, 0, -1, "hit", &c);
    }
}

/* Overwatch: who may react; each declares its action from the bar. */
static void react_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    char b[80];
    d->tone = SL_TONE_PASS;
    rl_decision_line(d, "%s may react from overwatch (%d declared so far):", g->live.sides[g->pending.side].name,
                     sc_chain_of(g)->nreact);
    for (int i = 0; i < g->pending.noptions && d->nlines < SL_MAX_OPTIONS; i++) {
        rl_decision_ring(d, g->pending.options[i], SL_TONE_PASS, NULL);
        rl_decision_line(d, "  %s", rl_name_for(g, viewer, g->pending.options[i], b, sizeof b));
    }
    rl_decision_line(d, "Click one, then its shot, aimed shot, throw, charge or spring in the bar");
    rl_decision_line(d, "[N] declare no more (nothing resolves until both sides stop)");
    snprintf(d->title, sizeof d->title, "%s declares an action: reactions?",
             rl_name_for(g, viewer, sc_chain_of(g)->instigator.unit, b, sizeof b));
}

/* A unit breaking off, and whether the one it leaves pursues. */
static void pursue_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    char b[80];
    d->tone = SL_TONE_PASS;
    rl_decision_ring(d, g->pending.options[0], SL_TONE_PASS, NULL);
    snprintf(d->title, sizeof d->title, "%s breaks off: pursue?",
             rl_name_for(g, viewer, g->pending.mover, b, sizeof b));
    rl_decision_line(d, "%s has not acted this turn: it may burn its action to follow into base contact",
                     rl_name_for(g, viewer, g->pending.options[0], b, sizeof b));
    rl_decision_line(d, "[P] pursue    [N] let it go");
    sl_command c;
    sl_cmd_decide(&c, sc_word(SC_WORD_PURSUE));
    rl_decision_answer(d, 'p', 0, -1, "pursue", &c);
}

/* The solo player declares no reaction from overwatch, and keeps its
 * action rather than chase. */
static bool react_answer(const sl_game *g, sl_command *out)
{
    sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
    snprintf(out->note, sizeof out->note,
             "solo: %s declares no reaction (the solo player does not react from overwatch)",
             g->live.sides[g->pending.side].name);
    return true;
}

static bool pursue_answer(const sl_game *g, sl_command *out)
{
    sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
    snprintf(out->note, sizeof out->note, "solo: %s keeps its action for the turn rather than chase",
             rl_unit_name(g, g->pending.options[0]));
    return true;
}

const rl_decision_row sc_decisions[] = {
    {RL_DECIDE_NEW, SL_CHOOSE_NUMBER, false, "to enter what the attack did", outcome_show, NULL},
    {RL_DECIDE_NEW, SL_CHOOSE_ACTIONS, true, "to react from overwatch", react_show, react_answer},
    {RL_DECIDE_NEW, SL_CHOOSE_WORD, true, "to pursue or not", pursue_show, pursue_answer},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};
