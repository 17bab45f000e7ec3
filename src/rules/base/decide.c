/* The pending decision as the window shows it (sl_game_decision): the
 * row of the rule that owns it builds it; the base's own row is who goes
 * first. And the pick each command declares (sl_cmd_pick). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

const rl_decision_row *rl_decision_find(const rl_tables *t, const rl_decision_row *rows, int kind)
{
    for (int i = 0; rows && rows[i].kind != SL_DECIDE_NONE; i++)
        if (rows[i].kind == kind || (rows[i].kind == RL_DECIDE_NEW && t && rl_rows_decision_kind(t, &rows[i]) == kind))
            return &rows[i];
    return NULL;
}

void rl_decision_line(sl_decision_view *d, const char *fmt, ...)
{
    if (d->nlines >= SL_DECISION_LINES)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->lines[d->nlines++], SL_DECISION_LINE, fmt, ap);
    va_end(ap);
}

sl_answer *rl_decision_answer(sl_decision_view *d, int key, int key2, int unit, const char *word, const sl_command *c)
{
    if (d->nanswers >= SL_MAX_ANSWERS)
        return NULL;
    sl_answer *a = &d->answers[d->nanswers++];
    a->key = key;
    a->key2 = key2;
    a->unit = unit;
    snprintf(a->word, sizeof a->word, "%s", word);
    a->cmd = *c;
    a->nalong = 0;
    a->best_at = -1;
    return a;
}

void rl_decision_ring(sl_decision_view *d, int unit, sl_tone tone, const char *label)
{
    if (d->nrings >= SL_DECISION_RINGS)
        return;
    sl_decision_ring *r = &d->rings[d->nrings++];
    r->unit = unit;
    r->tone = tone;
    snprintf(r->label, sizeof r->label, "%s", label ? label : "");
}

const char *rl_name_for(const sl_game *g, int viewer, int unit, char *buf, size_t len)
{
    sl_know k = sl_game_knows(g, viewer, unit);
    if (k == SL_KNOW_ALL || k == SL_KNOW_LAST_SEEN)
        return g->live.units[unit].name;
    snprintf(buf, len, "Counter %s", sl_game_counter(g, unit));
    return buf;
}

/* Who goes first: the side with fewer units chooses, by a number. */
static void first_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    snprintf(d->title, sizeof d->title, "Turn %d", g->turn > 0 ? g->turn : 1);
    d->tone = SL_TONE_PASS;
    rl_decision_line(d, "%s chooses who goes first:", g->live.sides[g->pending.side].name);
    for (int sd = 0; sd < g->live.nsides && sd < SL_MAX_SIDES; sd++) {
        rl_decision_line(d, "[%d] %s", sd + 1, g->live.sides[sd].name);
        sl_command c;
        sl_cmd_decide_first(&c, sd);
        if (sd < 9)
            rl_decision_answer(d, '1' + sd, 0, -1, "first", &c);
    }
}

/* The solo player goes first itself, to act before the enemy can. */
static bool first_answer(const sl_game *g, sl_command *out)
{
    sl_cmd_decide_first(out, g->pending.side);
    snprintf(out->note, sizeof out->note, "solo: %s goes first itself, to act before the enemy can",
             rl_side_name(g, g->pending.side));
    return true;
}

bool rl_decision_answer_by_rule(const sl_game *g, sl_command *out)
{
    char why[SL_CMD_NOTE - 8];
    if (!rl_hook_solo(g, out, why, sizeof why))
        return false;
    snprintf(out->note, sizeof out->note, "solo: %s", why);
    sl_utf8_trim(out->note);
    size_t at = strlen(out->text);
    if (at > 0) {
        snprintf(out->text + at, sizeof out->text - at, " # solo: %s", why);
        sl_utf8_trim(out->text);
    }
    return true;
}

const rl_decision_row rl_base_decisions[] = {
    {SL_DECIDE_FIRST, SL_CHOOSE_WORD, true, "to choose who goes first", first_show, first_answer},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};

/* The row of the decision pending: the ruleset's, then a house rule's in
 * play (in the table's order), then the base's own. */
const rl_decision_row *rl_decision_row_of(const sl_game *g)
{
    int k = g->pending.kind;
    const rl_tables *t = rl_tables_of(g);
    const rl_decision_row *r = rl_decision_find(t, rl_ruleset_of(g)->decisions, k);
    for (int i = 0; !r && t && i < t->nhouses; i++)
        if (rl_house_in_play(g, t->houses[i]))
            r = rl_decision_find(t, t->houses[i]->decisions, k);
    return r ? r : rl_decision_find(t, rl_base_decisions, k);
}

void sl_decision_input_init(sl_decision_input *in)
{
    memset(in, 0, sizeof *in);
    in->chosen = -1;
    in->along = -1;
}

bool sl_game_decision_for(const sl_game *g, int viewer, const sl_decision_input *in, sl_decision_view *out)
{
    memset(out, 0, sizeof *out);
    out->side = -1;
    out->route.side = -1;
    out->in = *in;
    if (out->in.norder < 0 || out->in.norder > SL_DECISION_ORDER)
        out->in.norder = 0;
    if (g->pending.kind == SL_DECIDE_NONE)
        return false;
    out->side = g->pending.side;
    const rl_decision_row *r = rl_decision_row_of(g);
    if (!r)
        return true; /* a decision no rule shows: only its side */
    out->chooses = r->chooses;
    out->solo = r->solo;
    snprintf(out->duty, sizeof out->duty, "%s", r->duty ? r->duty : "");
    if (r->show)
        r->show(g, viewer, in->chosen, in->clicked, out);
    return true;
}

bool sl_game_decision(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *out)
{
    sl_decision_input in;
    sl_decision_input_init(&in);
    in.chosen = chosen;
    in.clicked = clicked;
    return sl_game_decision_for(g, viewer, &in, out);
}

bool sl_game_decision_answer(const sl_game *g, int viewer, const sl_decision_input *in, int key, sl_command *out)
{
    sl_decision_view *d = malloc(sizeof *d); /* large: not on the stack */
    bool ok = d && sl_game_decision_for(g, viewer, in, d);
    int i = ok ? sl_decision_key(d, key) : -1;
    if (i >= 0)
        *out = d->answers[i].cmd;
    free(d);
    return i >= 0;
}

bool sl_decision_snap(const sl_decision_view *d, sl_pt p, sl_pt *on, double *along)
{
    if (!d->route.pts || d->route.npts < 2)
        return false;
    *along = sl_path_nearest(d->route.pts, d->route.npts, p, NULL);
    *on = sl_path_point_at(d->route.pts, d->route.npts, *along);
    return true;
}

sl_choose sl_game_choosing(const sl_game *g)
{
    if (g->pending.kind == SL_DECIDE_NONE)
        return SL_CHOOSE_NONE;
    const rl_decision_row *r = rl_decision_row_of(g);
    return r ? r->chooses : SL_CHOOSE_WORD;
}

const char *sl_game_duty(const sl_game *g)
{
    const rl_decision_row *r = g->pending.kind == SL_DECIDE_NONE ? NULL : rl_decision_row_of(g);
    return r && r->duty ? r->duty : "";
}

bool sl_game_solo_answers(const sl_game *g)
{
    if (g->pending.kind == SL_DECIDE_NONE)
        return false;
    const rl_decision_row *r = rl_decision_row_of(g);
    return !r || r->solo;
}

void sl_game_solo_hand_back(sl_game *g, int side)
{
    sl_command *r = &g->pending.resume;
    if (g->pending.kind != SL_DECIDE_NONE && r->unit >= 0 && r->unit < g->live.nunits &&
        g->live.units[r->unit].side == side && strncmp(r->note, "solo:", 5) == 0)
        r->note[0] = '\0'; /* no longer the program's: its player's */
}

int sl_decision_key(const sl_decision_view *d, int key)
{
    for (int i = 0; key && i < d->nanswers; i++)
        if (d->answers[i].key == key || d->answers[i].key2 == key)
            return i;
    return -1;
}

int sl_decision_unit(const sl_decision_view *d, int unit)
{
    for (int i = 0; unit >= 0 && i < d->nanswers; i++)
        if (d->answers[i].unit == unit)
            return i;
    return -1;
}
