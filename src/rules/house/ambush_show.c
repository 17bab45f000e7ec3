/* An ambush's set-up as a side sees it: the view of its decision, built
 * from where the procedure stands (am_info, ambush.c) and what the player
 * has chosen so far at the screen (d->in).
 *
 *   - the column's player writes the order of march: an order of its
 *     units with the gap behind each (SL_CHOOSE_ORDER), starting from the
 *     solo player's draft; its answer is the `column` command;
 *   - the ambusher places his units: the hidden set-up's own placing
 *     (SL_CHOOSE_PLACES, drawn by the window's set-up card);
 *   - the ambusher springs it: a point along the column's route within
 *     the stretch allowed now (SL_CHOOSE_ALONG), `spring X,Y`, or (the
 *     complex ambush) waits, `wait`.
 *
 * What a side may not know stays out of its view: the column's draft and
 * route are its own side's (and the referee's) until the order is shown;
 * the ambusher's choice is his own. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

#define GAP_STEP 500   /* +/- change a gap by half an inch */
#define GAP_MAX 24000  /* within 0 to 24" */
#define ALONG_STEP 500 /* Left/Right move the spring point by half an inch */
#define ALONG_SNAP 3000 /* a click more than 3" from the route springs nothing */

/* The route on the table, in the column's colour (its name by its start
 * while the column is still to come). */
static void route_drawn(const sl_game *g, const am_info *am, bool label, sl_decision_view *d)
{
    if (am->nroute < 2)
        return;
    d->draw |= SL_DRAW_ROUTE;
    d->route.pts = am->route;
    d->route.npts = am->nroute;
    d->route.side = am->column;
    if (label)
        snprintf(d->route.label, sizeof d->route.label, "%s's route", g->live.sides[am->column].name);
}

/* The gaps between the column's units on the road, each unit two men
 * abreast (its length: a row of men for each pair), behind the lead's
 * front; only the stretch of a gap on the table. */
static void route_gaps(const sl_game *g, const am_info *am, sl_decision_view *d)
{
    double front = am->lead_at;
    for (int i = 0; i < am->nunits; i++) {
        const sl_unit *un = &g->live.units[am->units[i]];
        double rows = (un->nfigures + 1) / 2, sp = 0;
        for (int k = 0; k < un->nfigures; k++)
            sp = fmax(sp, 2.0 * g->live.figures[un->first_figure + k].base_r + 250);
        double rear = front - rows * sp;
        if (i + 1 < am->nunits && am->gaps[i] > 0 && rear > 0 && d->route.nspans < SL_DECISION_ORDER) {
            int k = d->route.nspans++;
            d->route.span_to[k] = rear;
            d->route.span_from[k] = rear - am->gaps[i] > 0 ? rear - am->gaps[i] : 0;
            snprintf(d->route.span_label[k], sizeof d->route.span_label[k], "%.1f\" gap", am->gaps[i] / 1000.0);
        }
        front = rear - am->gaps[i];
    }
}

/* The column as written in order: `column UNIT GAP UNIT ... UNIT`, the
 * gaps in inches to a tenth (whole half inches), kept in its rule bytes. */
static void column_answer(const sl_game *g, const am_info *am, const int *us, const int32_t *gaps, int n,
                          sl_decision_view *d)
{
    sl_command c;
    sl_cmd_init(&c, am->kind_column, -1);
    size_t at = (size_t)snprintf(c.text, sizeof c.text, "column");
    am_cmd a = {{0}};
    for (int i = 0; i < n && i < SL_CMD_MAX_PLACE; i++) {
        if (at < sizeof c.text)
            at += (size_t)snprintf(c.text + at, sizeof c.text - at, i + 1 < n ? " %s %.1f" : " %s",
                                   g->live.units[us[i]].id, gaps[i] / 1000.0);
        a.gap[c.nplace] = i + 1 < n ? gaps[i] : 0;
        c.place_fig[c.nplace++] = us[i];
    }
    am_cmd_set(&c, &a);
    if (n > 0)
        c.side = g->live.units[us[0]].side;
    rl_decision_answer(d, '\r', 0, -1, "write", &c);
}

/* The column's player writes its order of march, in secret. */
static void column_view(const sl_game *g, const am_info *am, int viewer, sl_decision_view *d)
{
    const char *name = g->live.sides[am->column].name;
    d->chooses = SL_CHOOSE_ORDER;
    snprintf(d->duty, sizeof d->duty, "to write its column");
    snprintf(d->doing, sizeof d->doing, "writes its column");
    snprintf(d->handover, sizeof d->handover, "An ambush: you write your column's order of march, in secret.");
    snprintf(d->title, sizeof d->title, "Ambush: %s writes its column, in secret", name);
    if (viewer >= 0 && viewer != am->column) {
        rl_decision_line(d, "Pass the screen to %s: its order of march is not for your eyes", name);
        return;
    }
    route_drawn(g, am, true, d);
    if (am->ndraft == 0) {
        rl_decision_line(d, "First plot its way with the command line: :route X,Y X,Y ...");
        return;
    }
    sl_decision_order *o = &d->order;
    o->n = am->ndraft;
    memcpy(o->units, am->draft, sizeof o->units);
    memcpy(o->between, am->draft_gaps, sizeof o->between);
    o->step = GAP_STEP;
    o->min = 0;
    o->max = GAP_MAX;
    /* the player's order, else the draft */
    const sl_decision_input *in = &d->in;
    bool own = in->norder > 0;
    const int *us = own ? in->order : o->units;
    const int32_t *gaps = own ? in->between : o->between;
    int n = own ? in->norder : o->n, sel = own ? in->sel : 0;
    for (int i = 0; i < n; i++) {
        const char *mark = i == sel ? "\xE2\x96\xB6" : "   ";
        if (i + 1 < n)
            rl_decision_line(d, "%s %d. %s, then %.1f\" to the next", mark, i + 1, g->live.units[us[i]].name,
                             gaps[i] / 1000.0);
        else
            rl_decision_line(d, "%s %d. %s, last", mark, i + 1, g->live.units[us[i]].name);
    }
    rl_decision_line(d, "Up/Down: choose   Shift+Up/Down or [ ]: move it   +/-: its gap (half inches)");
    rl_decision_line(d, "Enter: write it. The ambusher sees the order only after placing his units.");
    column_answer(g, am, us, gaps, n, d);
}

/* The ambusher places his units: the hidden set-up's card and keys; the
 * column's side sees its route meanwhile. */
static void placing_view(const sl_game *g, const am_info *am, int viewer, sl_decision_view *d)
{
    snprintf(d->duty, sizeof d->duty, "to place its units");
    snprintf(d->doing, sizeof d->doing, "places its units");
    snprintf(d->handover, sizeof d->handover,
             "An ambush: you lay it, placing your units in your zone; then the column comes.");
    if (viewer < 0 || viewer == am->column)
        route_drawn(g, am, true, d);
}

/* The spring at a point along the route (mils), as the ambusher would
 * write it: `spring X,Y` to a hundredth of an inch. */
static void spring_answer(const am_info *am, double along, sl_decision_view *d)
{
    sl_pt p = sl_path_point_at(am->route, am->nroute, along);
    sl_command c;
    sl_cmd_init(&c, am->kind_spring, -1);
    c.pts[c.npts++] = sl_pt_make(rl_hundredths(p.x), rl_hundredths(p.y));
    snprintf(c.text, sizeof c.text, "spring %.2f,%.2f", p.x / 1000.0, p.y / 1000.0);
    rl_decision_answer(d, '\r', 0, -1, "spring", &c);
}

/* The complex ambush's approach turn: the odds of the ambushers' tests. */
static void approach_lines(const sl_game *g, const am_info *am, sl_decision_view *d)
{
    rl_decision_line(d, "Your units test their nerve first (threat -1): %.0f%% that none opens up too early",
                     am->p_hold * 100);
    char each[SL_DECISION_LINE] = "";
    size_t at = 0;
    for (int i = 0; i < am->ntests && at < sizeof each; i++)
        at += (size_t)snprintf(each + at, sizeof each - at, "%s%s %.0f%%", i ? ", " : "   ",
                               g->live.units[am->test_unit[i]].name, am->p_pass[i] * 100);
    rl_decision_line(d, "%s", each);
    rl_decision_line(d, "A failure: the column moves a die roll of inches, and you open fire first.");
    rl_decision_line(d, "Click the yellow stretch of road (or Left/Right, Enter) to stop the lead there");
    rl_decision_line(d, "[W] wait: the column moves its full move, then tries to spot your units");
    sl_command c;
    sl_cmd_init(&c, am->kind_wait, -1);
    snprintf(c.text, sizeof c.text, "wait");
    rl_decision_answer(d, 'w', 0, -1, "wait", &c);
}

/* The ambusher springs it (or, complex, waits); the column's side sees
 * the column on its road and is asked to pass the screen. */
static void spring_view(const sl_game *g, const am_info *am, int viewer, sl_decision_view *d)
{
    const char *name = g->live.sides[am->ambusher].name;
    d->chooses = SL_CHOOSE_ALONG;
    snprintf(d->duty, sizeof d->duty, "%s", am->complex ? "to spring or wait" : "to spring it");
    snprintf(d->doing, sizeof d->doing, "%s", am->complex ? "springs or waits" : "springs the ambush");
    if (am->complex)
        snprintf(d->stage, sizeof d->stage, "Approach %d", am->approach);
    route_drawn(g, am, false, d);
    route_gaps(g, am, d);
    if (viewer >= 0 && viewer != am->ambusher) {
        if (am->complex)
            snprintf(d->title, sizeof d->title, "Ambush: approach turn %d", am->approach);
        else
            snprintf(d->title, sizeof d->title, "Ambush");
        rl_decision_line(d, "Pass the screen to %s: it decides whether to spring the ambush now", name);
        return;
    }
    double len = sl_path_length(am->route, am->nroute);
    sl_decision_along *a = &d->along;
    a->from = am->spring_from;
    a->to = am->spring_to < len ? am->spring_to : len;
    a->step = ALONG_STEP;
    a->snap = ALONG_SNAP;
    snprintf(a->label, sizeof a->label, "%s",
             am->complex ? "spring: the lead stops here (click)" : "spring: click where the lead stands");
    snprintf(a->unchosen, sizeof a->unchosen, "First choose where the lead stops: Left/Right along the road (or click it)");
    snprintf(d->said_else, sizeof d->said_else, "Click on the column's route (the dashed line) to spring the ambush there");
    if (am->complex) {
        snprintf(d->title, sizeof d->title, "Ambush: approach turn %d, %s springs it or waits", am->approach, name);
        approach_lines(g, am, d);
    } else {
        snprintf(d->title, sizeof d->title, "Simple ambush: %s springs it", name);
        rl_decision_line(d, "Click the road where the lead unit stands when you open fire (or Left/Right, Enter);");
        rl_decision_line(d, "the column is laid out behind it and you activate first.");
    }
    if (d->in.along >= 0) {
        rl_decision_line(d, "Enter: spring with the lead %.1f\" along the road (the green dot)",
                         (d->in.along - am->spring_from) / 1000.0);
        spring_answer(am, d->in.along, d);
    }
}

void am_view(const sl_game *g, const am_info *am, int viewer, sl_decision_view *d)
{
    if (am->phase == AM_SPRUNG || am->phase == AM_OFF)
        return;
    d->tone = SL_TONE_ACCENT;
    snprintf(d->stage, sizeof d->stage, "Ambush");
    if (am->phase == AM_COLUMN)
        column_view(g, am, viewer, d);
    else if (am->phase == AM_PLACING)
        placing_view(g, am, viewer, d);
    else
        spring_view(g, am, viewer, d);
}

/* Once it has gone off, until the first command of the game: who
 * activates first and why (sprung, or discovered by the column). */
bool am_notice_view(const sl_game *g, const am_info *am, sl_decision_view *d)
{
    if (am->phase != AM_SPRUNG)
        return false;
    int sprung = -1;
    for (int i = g->journal.n - 1; i >= 0 && sprung < 0; i--) {
        if (g->journal.ev[i].kind == SL_EV_COMMAND)
            return false;
        if (strstr(g->journal.ev[i].json, "\"what\":\"sprung\""))
            sprung = i;
    }
    if (sprung < 0)
        return false;
    int first = sl_game_side_to_act(g);
    d->tone = SL_TONE_ACCENT;
    snprintf(d->title, sizeof d->title, "%s",
             first == am->ambusher ? "The ambush is sprung!" : "The ambush is discovered!");
    rl_decision_line(d, "%s activates first:", first >= 0 ? g->live.sides[first].name : "?");
    rl_decision_line(d, "%s", am->why);
    rl_decision_line(d, "Activate a unit to begin (the dice log tells how it came to this)");
    return true;
}
