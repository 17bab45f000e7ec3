/* The opportunity fire house rule's decisions as the window shows them:
 * who may open fire (and where on a mover's way), the mover's way on
 * when it was not stopped, and the wounded of a combat move. */
#include <stdio.h>
#include <string.h>

#include "house.h"

/* Is the opportunity fire asked along a move (a point of the way is
 * chosen), and is that way drawn (the move under way)? */
static bool along_move(const sl_game *g)
{
    return g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE;
}

static void opfire_status(const sl_game *g, int chosen, bool move, sl_decision_view *d)
{
    const sl_pending *pd = &g->pending;
    snprintf(d->said_else, sizeof d->said_else, "%s",
             "Pick a unit to fire (a number, or click a ringed unit), or N for none");
    if (chosen < 0 || chosen >= pd->noptions)
        return;
    const char *name = g->live.units[pd->options[chosen]].name;
    if (move)
        snprintf(d->said_key, sizeof d->said_key,
                 "%s: click the point of the way, or Enter for its best point (N: no fire)", name);
    else
        snprintf(d->said_key, sizeof d->said_key, "%s chosen: Enter opens fire, N lets it pass", name);
    snprintf(d->said_click, sizeof d->said_click, "%s: click the point of the way, or Enter for its best point", name);
}

static void opfire_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    const sl_pending *pd = &g->pending;
    const of_offer *o = of_offer_of(g);
    bool move = along_move(g), drawn = move && g->mv.on;
    char b[80];
    snprintf(d->title, sizeof d->title, "Opportunity fire (house rule)");
    d->tone = SL_TONE_PASS;
    d->chooses = move ? SL_CHOOSE_POINT : SL_CHOOSE_UNITS;
    d->confirm = true;
    d->draw = SL_DRAW_OPTIONS | (drawn ? SL_DRAW_WAY_REST : 0u);
    rl_decision_ring(d, pd->mover, SL_TONE_FAIL, NULL);
    const char *what = !g->nframes                                          ? "acts"
                       : g->frames[g->nframes - 1].kind == SL_FRAME_FIRE ? "fires"
                       : drawn                                              ? "moves"
                                                                            : "acts";
    rl_decision_line(d, "%s %s in sight of %s:", rl_name_for(g, viewer, pd->mover, b, sizeof b), what,
                     g->live.sides[pd->side].name);
    for (int i = 0; i < pd->noptions; i++) {
        int u = pd->options[i];
        sl_command c;
        sl_cmd_decide_fire(&c, u, NULL);
        sl_answer *a = rl_decision_answer(d, i < 9 ? '1' + i : 0, 0, u, "fire", &c);
        if (a && drawn) { /* the stretches of the way it sees, and its best point */
            a->nalong = o->nstretch[i];
            memcpy(a->along, o->stretch[i], sizeof a->along);
            a->best_at = o->best_at[i];
        }
        if (d->nlines < SL_MAX_OPTIONS + 2)
            rl_decision_line(d, "[%d] %s: %s, suppression %.0f%%, hits %.0f%%%s", i + 1,
                             rl_name_for(g, viewer, u, b, sizeof b),
                             o->overwatch[i] ? "overwatch (no test)" : "reaction test", o->p_suppress[i] * 100,
                             o->p_hits[i] * 100, drawn ? " at its best point (dot)" : "");
    }
    sl_command pass;
    sl_cmd_decide(&pass, SL_DECIDE_WORD_PASS);
    rl_decision_answer(d, 'n', '0', -1, "pass", &pass);
    bool picked = chosen >= 0 && chosen < pd->noptions;
    if (drawn && picked)
        rl_decision_line(d, "Click the point of the way where %s fires, or Enter for its best point",
                         rl_name_for(g, viewer, pd->options[chosen], b, sizeof b));
    else if (drawn)
        rl_decision_line(d, "A number picks the unit (its stretch of the way is drawn), then click a point");
    else if (picked)
        rl_decision_line(d, "Enter: %s opens fire", rl_name_for(g, viewer, pd->options[chosen], b, sizeof b));
    else
        rl_decision_line(d, "A number chooses the unit, Enter opens fire");
    rl_decision_line(d, "[N] no (more) opportunity fire");
    opfire_status(g, chosen, move, d);
}

/* The mover was fired on and not stopped: on its way, a new way, or stop. */
static void continue_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    char b[80];
    snprintf(d->title, sizeof d->title, "The mover goes on");
    d->tone = SL_TONE_ACCENT;
    d->draw = SL_DRAW_WAY_ON;
    rl_decision_ring(d, g->pending.mover, SL_TONE_ACCENT, NULL);
    rl_decision_line(d, "%s was not stopped. Enter: %s", rl_name_for(g, viewer, g->pending.mover, b, sizeof b),
                     clicked ? "go this new way" : "go on its way (dashed)");
    rl_decision_line(d, "Click points for a new way with what is left of its move (even back)");
    rl_decision_line(d, "[S] stop here   Backspace: take back a point");
    sl_command c;
    sl_cmd_decide_continue(&c, NULL, 0);
    rl_decision_answer(d, '\r', 0, -1, "continue", &c);
    sl_cmd_decide(&c, SL_DECIDE_WORD_STOP);
    rl_decision_answer(d, 's', 0, -1, "stop", &c);
    snprintf(d->said_click, sizeof d->said_click, "A new way: %d point%s; Enter goes, Backspace takes one back",
             clicked, clicked == 1 ? "" : "s");
}

/* A combat mover hit: stop, carry the wounded, or abandon them. */
static void casualties_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    char b[80];
    snprintf(d->title, sizeof d->title, "Casualties (house rule)");
    d->tone = SL_TONE_FAIL;
    rl_decision_ring(d, g->pending.mover, SL_TONE_ACCENT, NULL);
    rl_decision_line(d, "%s was hit on its combat move:", rl_name_for(g, viewer, g->pending.mover, b, sizeof b));
    rl_decision_line(d, "[S] stop here   [C] carry the wounded on (2\" less)");
    rl_decision_line(d, "[A] abandon them (worse reaction tests from now on)");
    static const struct {
        int key, word;
        const char *name;
    } ans[] = {{'s', SL_DECIDE_WORD_STOP, "stop"}, {'c', SL_DECIDE_WORD_CARRY, "carry"},
               {'a', SL_DECIDE_WORD_ABANDON, "abandon"}};
    for (int i = 0; i < 3; i++) {
        sl_command c;
        sl_cmd_decide(&c, ans[i].word);
        rl_decision_answer(d, ans[i].key, 0, -1, ans[i].name, &c);
    }
}

/* Opportunity fire: the option with the best chance to suppress among
 * those at or over their own threshold (min_p), at the point where the
 * mover is most exposed; else hold, saying why (`hold`: the policy's
 * reason for options it held back, or NULL). */
bool rl_solo_opfire(const sl_game *g, const double *min_p, const char *hold, sl_command *out)
{
    const sl_pending *p = &g->pending;
    const of_offer *o = of_offer_of(g);
    const char *side = rl_side_name(g, p->side);
    char why[SL_CMD_NOTE - 8];
    int best = -1, top = -1;
    for (int i = 0; i < p->noptions; i++) {
        if (top < 0 || o->p_suppress[i] > o->p_suppress[top] + 1e-9)
            top = i;
        if (o->p_suppress[i] >= min_p[i] && (best < 0 || o->p_suppress[i] > o->p_suppress[best] + 1e-9))
            best = i;
    }
    if (best >= 0) {
        int u = p->options[best];
        bool move = g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE;
        if (move && o->best_at[best] >= 0) {
            sl_pt at = sl_path_point_at(g->mv.way, g->mv.nway, o->best_at[best]);
            sl_cmd_decide_fire(out, u, &at);
            snprintf(why, sizeof why,
                     "%s fires with %s where the mover is most exposed, (%.1f, %.1f): %.0f%% to suppress%s (it fires "
                     "at %.0f%% or better)",
                     side, rl_unit_name(g, u), at.x / 1000.0, at.y / 1000.0, o->p_suppress[best] * 100,
                     o->overwatch[best] ? " with its overwatch counter" : " after its reaction test", min_p[best] * 100);
        } else {
            sl_cmd_decide_fire(out, u, NULL);
            snprintf(why, sizeof why, "%s fires with %s: %.0f%% to suppress (it fires at %.0f%% or better)", side,
                     rl_unit_name(g, u), o->p_suppress[best] * 100, min_p[best] * 100);
        }
    } else {
        sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
        if (hold && hold[0])
            snprintf(why, sizeof why, "%s holds its fire: %s", side, hold);
        else
            snprintf(why, sizeof why, "%s holds its fire: the best chance to suppress is %.0f%%, under %.0f%%", side,
                     top >= 0 ? o->p_suppress[top] * 100 : 0.0, top >= 0 ? min_p[top] * 100 : RL_SOLO_THRESHOLD * 100);
    }
    snprintf(out->note, sizeof out->note, "solo: %s", why);
    return true;
}


/* The solo player: opportunity fire at its usual threshold; the mover
 * keeps to its way; a unit carries its wounded. */
static bool opfire_answer(const sl_game *g, sl_command *out)
{
    double min_p[SL_MAX_OPTIONS];
    for (int i = 0; i < SL_MAX_OPTIONS; i++)
        min_p[i] = RL_SOLO_THRESHOLD;
    return rl_solo_opfire(g, min_p, NULL, out);
}

static bool continue_answer(const sl_game *g, sl_command *out)
{
    sl_cmd_decide_continue(out, NULL, 0);
    snprintf(out->note, sizeof out->note, "solo: %s keeps to its way", rl_unit_name(g, g->pending.mover));
    return true;
}

static bool casualties_answer(const sl_game *g, sl_command *out)
{
    sl_cmd_decide(out, SL_DECIDE_WORD_CARRY);
    snprintf(out->note, sizeof out->note, "solo: %s carries its wounded: leaving them would cost it its nerve",
             rl_unit_name(g, g->pending.mover));
    return true;
}

const rl_decision_row of_decisions[] = {
    {RL_DECIDE_NEW, SL_CHOOSE_UNITS, true, "to decide: opportunity fire?", opfire_show, opfire_answer},
    {SL_DECIDE_CONTINUE, SL_CHOOSE_WAY, true, "to move on", continue_show, continue_answer},
    {SL_DECIDE_CASUALTIES, SL_CHOOSE_WORD, true, "to decide: the wounded", casualties_show, casualties_answer},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};

int of_decide_kind(void)
{
    return rl_decision_kind_of(&of_decisions[0]);
}
