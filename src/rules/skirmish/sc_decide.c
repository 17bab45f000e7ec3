/* SkirmishCorps' decisions as the window shows them: the players' entry
 * of what an attack did, reactions from overwatch, and a pursuit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skirmish.h"

/* Was the attack waiting on the players the program's own: the command
 * it resolves was the solo player's ("solo: ..." in its note) and the
 * attacker is of that command's side (a free attack on a unit breaking
 * off is the other side's)? */
static bool programs_attack(const sl_game *g)
{
    const sl_command *r = &g->pending.resume;
    int attacker = g->pending.options[0];
    return strncmp(r->note, "solo:", 5) == 0 && r->unit >= 0 &&
           g->live.units[r->unit].side == g->live.units[attacker].side;
}

/* What the attack waiting on the players was, as a verb. */
static const char *attack_verb(const sl_command *r)
{
    int how = sc_attack_how(r->kind);
    if (how == SC_THROW)
        return "threw at";
    if (how >= 0)
        return "shot at";
    if (r->kind == sc_kind_of(SC_ROW_SPRING))
        return "sprang at";
    return r->kind == sc_kind_of(SC_ROW_CHARGE) ? "charged" : "attacked";
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
            /* whole (the card wraps it), less the modifiers' sum the title gives */
            const char *text = g->journal.ev[i].text, *sum = strstr(text, "; the modifiers add up to");
            rl_decision_line(d, "%.*s", sum ? (int)(sum - text) : (int)strlen(text), text);
            break;
        }
    rl_decision_line(d, "Roll it by your SkirmishCorps rules, then press what happened:");
    if (g->live.units[target].kind == SL_UNIT_VEHICLE) {
        /* a vehicle is not stunned or knocked out: 3 and 4 are refused */
        rl_decision_line(d, "[1] a miss    [2] a hit, no harm    [5] wrecked");
    } else {
        rl_decision_line(d, "[1] a miss    [2] a hit, no harm    [3] stunned");
        rl_decision_line(d, "[4] knocked out    [5] out of action");
    }
    snprintf(d->title, sizeof d->title, "%s at %s (modifiers %+d): what happened?",
             rl_name_for(g, viewer, attacker, b1, sizeof b1), rl_name_for(g, viewer, target, b2, sizeof b2),
             sc_outcome_modifier(g));
    if (programs_attack(g)) {
        /* the program's side cannot roll: the human does it for it */
        snprintf(d->title, sizeof d->title, "The program's %s %s your %s: roll it for the program",
                 rl_name_for(g, viewer, attacker, b1, sizeof b1), attack_verb(&g->pending.resume),
                 rl_name_for(g, viewer, target, b2, sizeof b2));
        snprintf(d->duty, sizeof d->duty, "(the program): you roll its attack");
        snprintf(d->handover, sizeof d->handover, "The program attacked: roll it for the program and enter what it "
                                                  "did (modifiers %+d)",
                 sc_outcome_modifier(g));
    }
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

/* The solo player's answers (sc_tactics.c). */
static bool react_answer(const sl_game *g, sl_command *out)
{
    return sc_tactics_react(g, out);
}

static bool pursue_answer(const sl_game *g, sl_command *out)
{
    return sc_tactics_pursue(g, out);
}

const rl_decision_row sc_decisions[] = {
    {RL_DECIDE_NEW, SL_CHOOSE_NUMBER, false, "to enter what the attack did", outcome_show, NULL},
    {RL_DECIDE_NEW, SL_CHOOSE_ACTIONS, true, "to react from overwatch", react_show, react_answer},
    {RL_DECIDE_NEW, SL_CHOOSE_WORD, true, "to pursue or not", pursue_show, pursue_answer},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};
