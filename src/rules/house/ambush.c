/* Ambushes, simple and complex (seeds 000 and 003, "Conducting
 * Ambushes"), a scenario rule: `"ambush": "simple"` or `"complex"` in the
 * scenario's rules, one side marked "ambushes", a route on the map for
 * the other side's column (a Tiled polyline of class "route").
 *
 * Before the first turn, in the seeds' order:
 *   1. the column's player writes its order and gaps in secret:
 *      `column UNIT GAP UNIT GAP ... UNIT` (with ambush_route plotted,
 *      first `route X,Y X,Y ...`);
 *   2. the ambusher places his units, counters and dummies in his zone
 *      (the set-up of setup.c: `place UNIT X,Y`, `done SIDE`);
 *   3. the order is shown to both;
 *   4. simple: the ambusher names the lead unit's point, `spring X,Y`;
 *      complex: approach turns, each `spring X,Y` or `wait` from the
 *      ambusher, then his units' reaction tests at threat -1, the column's
 *      advance and its spotting attempts, until it is sprung or found.
 * Then the first turn starts with the side the procedure says first.
 *
 * Our readings (src/rules/RULES.md, "Ambushes"): in a complex ambush the
 * lead unit comes on first, its rear man at the route's start, and the
 * units behind it come on one by one as the column advances, each once
 * the whole unit fits on the table at its gap; until then a unit is not
 * yet on (off the table: not seen, not seeing, not targeted), its men
 * waiting beyond the edge. One still off when the ambush goes off comes
 * on when its side activates it, its rear man at the route's start. The
 * column is laid out along the route two men abreast; the lead stops at
 * the route's end, where the ambush is sprung; a spotting attempt is an
 * observation of the nearest ambushing counter the unit sees (p25); an
 * ambusher set out in plain view in a column unit's sight is spotted
 * without a roll, as is a counter the book's rule reveals in the open. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "house.h"

/* Its options, by index. */
enum { AM_AMBUSH, AM_PASSENGERS_SPOT, AM_SPOT, AM_ROUTE };
static const rl_option_def am_options[] = {
    {{"ambush", SL_OPT_CHOICE, 0, "none|simple|complex", 0, 0, 0,
      "An ambush scenario (seeds 000 and 003): the side marked \"ambushes\" sets up in its zone, the other "
      "side's column comes along its route. simple: the ambusher names the point where the lead unit stands "
      "when it is sprung and activates first. complex: each approach turn the ambushers test (threat -1) and may "
      "spring it too early, the column advances and tries to spot them."},
     NULL},
    {{"ambush_passengers_spot", SL_OPT_BOOL, 0, NULL, 0, 0, 0,
      "Complex ambush: units riding in the column's vehicles make spotting attempts too. Off: only the units "
      "on foot and the vehicles themselves look out (the seeds leave it to the scenario)."},
     NULL},
    {{"ambush_spot", SL_OPT_CHOICE, 0, "one-die|both-dice", 0, 0, 0,
      "Complex ambush: a column unit's spotting attempt is an observation (p25) of the nearest ambushing "
      "counter it sees; it finds the ambush when one of its dice beats the counter's die (one-die, as a "
      "counter is flipped) or only when both do (both-dice, as a counter is revealed). Where "
      "spotting_by_fire allows it, a unit that can fire at the counter fires instead."},
     NULL},
    {{"ambush_route", SL_OPT_CHOICE, 0, "map|plotted", 0, 0, 0,
      "Where the ambushed column goes: along the map's route for its side (a Tiled polyline of class "
      "\"route\"), or along a way its player plots on the table in the set-up."},
     NULL},
};

typedef struct am_state {
    /* a unit's row: its place in the column (1 the lead, 0 not in it) and
     * the gap behind it to the next (mils); whether it is on the table */
    int order;
    int32_t gap;
    bool on_table;
    /* the game's row */
    int phase;
    int approach;               /* complex: the approach turn, from 1 */
    double lead_at;             /* mils along the route */
    int npts;                   /* a plotted route (ambush_route plotted) */
    sl_pt pts[SL_CMD_MAX_PTS];
} am_state;

/* The game's row, and why it went off the way it did (sprung or found:
 * who activates first), for its notice */
typedef struct am_game {
    am_state row;
    char why[160];
} am_game;

static am_game *game_row(const sl_game *g)
{
    return rl_rule_game_state(g, "ambush");
}

static am_state *game_state(const sl_game *g)
{
    am_game *gg = game_row(g);
    return gg ? &gg->row : NULL;
}

static am_state *unit_state(const sl_game *g, int u)
{
    return rl_rule_state(g, "ambush", u);
}

static bool am_on(const sl_game *g)
{
    return rl_option(g, &am_rule, AM_AMBUSH) > 0 && g->live.nsides == 2;
}

/* What it reads of a scenario file: a side's "ambushes" (it lays the
 * ambush). */
typedef struct am_side_scn {
    bool ambushes;
} am_side_scn;

static void am_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k);
static const char *const am_side_keys[] = {"ambushes", NULL};
static const rl_scn_part am_scn_part = {
    .keys = {[SL_KEYS_SIDE] = am_side_keys},
    .side_bytes = sizeof(am_side_scn),
    .read = am_read,
};

static void am_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k)
{
    am_side_scn *s = where == SL_KEYS_SIDE ? rl_scn_edit(scn, &am_scn_part, where, index) : NULL;
    if (s)
        k->boolean(k, "ambushes", false, &s->ambushes);
}

static bool ambushes(const sl_scenario *scn, int side)
{
    return ((const am_side_scn *)rl_scn_side(scn, &am_scn_part, side))->ambushes;
}

static int ambusher(const sl_game *g)
{
    for (int s = 0; s < g->live.nsides; s++)
        if (ambushes(&g->live, s))
            return s;
    return 0;
}

static int column_side(const sl_game *g)
{
    return 1 - ambusher(g);
}

static bool complex_ambush(const sl_game *g)
{
    return rl_option(g, &am_rule, AM_AMBUSH) == 2;
}

bool am_owns_setup(const sl_game *g)
{
    if (!am_on(g))
        return false;
    int ph = game_state(g)->phase;
    return ph == AM_COLUMN || ph == AM_SPRING;
}

bool am_sets_up(const sl_game *g, int side)
{
    return am_on(g) && side == ambusher(g);
}

/* The column's route: plotted, else the map's for its side. */
static int route(const sl_game *g, const sl_pt **pts)
{
    const am_state *gs = game_state(g);
    if (gs->npts >= 2) {
        *pts = gs->pts;
        return gs->npts;
    }
    const sl_table *t = &g->live.table;
    for (int i = 0; i < t->nroutes; i++)
        if (strcmp(t->routes[i].side, g->live.sides[column_side(g)].id) == 0) {
            *pts = t->pts + t->routes[i].first_pt;
            return t->routes[i].npts;
        }
    *pts = NULL;
    return 0;
}

/* The units of the column in order (their count). */
static int column_units(const sl_game *g, int *out)
{
    int n = 0;
    for (int k = 1; k <= g->live.nunits; k++)
        for (int u = 0; u < g->live.nunits; u++)
            if (unit_state(g, u)->order == k)
                out[n++] = u;
    return n;
}

/* The column's lead unit, -1 before it is written. */
static int lead_unit(const sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++)
        if (unit_state(g, u)->order == 1)
            return u;
    return -1;
}

static int32_t spacing(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    int32_t r = 0;
    for (int i = 0; i < un->nfigures; i++)
        if (g->live.figures[un->first_figure + i].base_r > r)
            r = g->live.figures[un->first_figure + i].base_r;
    return 2 * r + 250;
}

/* How long a unit is on the route: two abreast, one pair behind another. */
static double unit_length(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    int rows = (un->nfigures + 1) / 2;
    return (double)(rows > 0 ? rows - 1 : 0) * spacing(g, u) + spacing(g, u);
}

static double column_length(const sl_game *g)
{
    int us[SL_CMD_MAX_PLACE];
    int n = column_units(g, us);
    double len = 0;
    for (int i = 0; i < n; i++)
        len += unit_length(g, us[i]) + (i + 1 < n ? unit_state(g, us[i])->gap : 0);
    return len;
}

/* The direction of the route at d, as a unit vector. */
static void heading(const sl_pt *r, int n, double d, double *dx, double *dy)
{
    sl_pt a = sl_path_point_at(r, n, d - 300 > 0 ? d - 300 : 0), b = sl_path_point_at(r, n, d + 300);
    double len = sl_dist(a, b);
    *dx = len > 0 ? (b.x - a.x) / len : 1;
    *dy = len > 0 ? (b.y - a.y) / len : 0;
}

/* Where along the route (mils; below 0 beyond the table's edge, the
 * route's first leg carried on) a man stands, with his sidestep. */
static sl_pt route_spot(const sl_pt *r, int n, double d, double side)
{
    double dx, dy;
    heading(r, n, d > 0 ? d : 0, &dx, &dy);
    sl_pt p = sl_path_point_at(r, n, d);
    if (d < 0)
        p = sl_pt_make((int32_t)lround(r[0].x + dx * d), (int32_t)lround(r[0].y + dy * d));
    return sl_pt_make((int32_t)lround(p.x - dy * side), (int32_t)lround(p.y + dx * side));
}

/* The front of each column unit along the route with the lead's front at
 * `lead_at` (mils), in the column's order; its count. */
static int fronts(const sl_game *g, double lead_at, int *us, double *front)
{
    int nu = column_units(g, us);
    double at = lead_at;
    for (int k = 0; k < nu; k++) {
        front[k] = at;
        at -= unit_length(g, us[k]) + unit_state(g, us[k])->gap;
    }
    return nu;
}

/* Does a unit whose front is there fit on the table whole (its rear man
 * at or past the route's start)? */
static bool fits(const sl_game *g, int u, double front)
{
    return front - unit_length(g, u) >= -0.5;
}

/* Where one unit's men stand with its front `front` along the route: two
 * abreast, one pair behind another. Fills figs/pos from *k_out (at most
 * max). */
static void place_unit(const sl_game *g, int u, double front, int *figs, sl_pt *pos, int *k_out, int max)
{
    const sl_pt *r;
    int n = route(g, &r);
    const sl_unit *un = &g->live.units[u];
    double sp = spacing(g, u);
    for (int i = 0; i < un->nfigures && *k_out < max; i++) {
        double d = front - sp / 2 - (double)(i / 2) * sp;
        double side = un->nfigures == 1 ? 0 : (i % 2 ? 1 : -1) * sp / 2;
        figs[*k_out] = un->first_figure + i;
        pos[(*k_out)++] = route_spot(r, n, d, side);
    }
}

/* Where the column's men stand with its lead's front `lead_at` along the
 * route: each unit two abreast, its gap behind the one before; a unit
 * that does not fit on the table whole is not yet on (`on_only`: left
 * out; else its men wait beyond the edge, in the column's order). Fills
 * figs/pos (at most max), returns how many. */
static int layout(const sl_game *g, double lead_at, bool on_only, int *figs, sl_pt *pos, int max)
{
    int us[SL_CMD_MAX_PLACE];
    double front[SL_CMD_MAX_PLACE];
    int nu = fronts(g, lead_at, us, front), k_out = 0;
    double off_front = 0; /* the next unit waiting beyond the edge */
    for (int k = 0; k < nu; k++) {
        if (fits(g, us[k], front[k]) || unit_state(g, us[k])->on_table) {
            place_unit(g, us[k], front[k], figs, pos, &k_out, max);
            continue;
        }
        if (on_only)
            continue;
        double f = front[k] < off_front ? front[k] : off_front;
        place_unit(g, us[k], f, figs, pos, &k_out, max);
        off_front = f - unit_length(g, us[k]) - unit_state(g, us[k])->gap;
    }
    return k_out;
}

/* Lay the column out there: the units that fit come on (arrivals()
 * journals it), the rest wait beyond the edge. */
static void lay_out(sl_game *g, double lead_at)
{
    int max = g->live.nfigures > 0 ? g->live.nfigures : 1;
    int *figs = malloc(sizeof *figs * (size_t)max);
    sl_pt *pos = malloc(sizeof *pos * (size_t)max);
    int n = figs && pos ? layout(g, lead_at, false, figs, pos, max) : 0;
    for (int i = 0; i < n; i++)
        g->live.figures[figs[i]].pos = pos[i];
    free(figs);
    free(pos);
    game_state(g)->lead_at = lead_at;
}

/* The units that came on with the column's last lay-out, and those still
 * not on the table, journalled. */
static void arrivals(sl_game *g)
{
    int us[SL_CMD_MAX_PLACE];
    double front[SL_CMD_MAX_PLACE];
    int nu = fronts(g, game_state(g)->lead_at, us, front);
    char off[600] = "";
    size_t at = 0;
    for (int k = 0; k < nu; k++) {
        am_state *st = unit_state(g, us[k]);
        if (!st->on_table && fits(g, us[k], front[k])) {
            st->on_table = true;
            if (k > 0 && complex_ambush(g))
                rl_state(g, us[k], "comes-on", "%s comes on along the route, %.1f\" behind %s",
                         rl_unit_name(g, us[k]), unit_state(g, us[k - 1])->gap / 1000.0, rl_unit_name(g, us[k - 1]));
        } else if (!st->on_table && at < sizeof off)
            at += (size_t)snprintf(off + at, sizeof off - at, "%s%s", at ? ", " : "", rl_unit_name(g, us[k]));
    }
    if (at > 0)
        rl_note(g, -1, "Not yet on the table (they come on behind the lead at their gaps as it advances): %s", off);
}

static void ask(sl_game *g, int side, const char *decision, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void ask(sl_game *g, int side, const char *decision, const char *fmt, ...)
{
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = SL_DECIDE_SETUP;
    g->pending.side = side;
    g->pending.mover = -1;
    char text[600], fields[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    snprintf(fields, sizeof fields, "\"decision\":\"%s\",\"side\":\"%s\"", decision, g->live.sides[side].id);
    rl_event(g, SL_EV_DECISION, -1, text, fields);
}

static void ask_spring(sl_game *g)
{
    am_state *gs = game_state(g);
    int a = ambusher(g);
    if (!complex_ambush(g)) {
        ask(g, a, "spring",
            "Simple ambush: %s names the point of the route where the lead unit stands when the ambush is sprung: "
            "spring X,Y (at least %.1f\" along it, so the whole column is on the table)",
            rl_side_name(g, a), column_length(g) / 1000.0);
        return;
    }
    gs->approach++;
    char text[120], fields[64];
    snprintf(text, sizeof text, "Ambush: approach turn %d", gs->approach);
    snprintf(fields, sizeof fields, "\"phase\":\"approach\",\"approach\":%d", gs->approach);
    rl_event(g, SL_EV_TURN, -1, text, fields);
    ask(g, a, "spring",
        "%s springs the ambush this turn (spring X,Y: a point of the route ahead of the lead, within its full move "
        "of %.1f\") or waits (wait); its units test either way",
        rl_side_name(g, a), mv_normal_allowance(g, lead_unit(g)) / 1000.0);
}

static bool am_start(sl_game *g)
{
    if (!am_on(g))
        return false;
    game_state(g)->phase = AM_COLUMN;
    rl_event(g, SL_EV_TURN, -1, "Ambush: set-up", "\"phase\":\"set-up\"");
    int c = column_side(g);
    ask(g, c, "column",
        "Ambush (%s, seeds 000 and 003): %s writes the order of its column and the gap between its units, in secret: "
        "%scolumn UNIT GAP UNIT GAP ... UNIT",
        complex_ambush(g) ? "complex" : "simple", rl_side_name(g, c),
        rl_option(g, &am_rule, AM_ROUTE) == 1 ? "route X,Y X,Y ... (its way), then " : "");
    return true;
}

/* After the ambusher has set up (setup.c's last done): the order shown,
 * then the spring. */
bool am_after_setup(sl_game *g)
{
    if (!am_on(g) || game_state(g)->phase != AM_PLACING)
        return false;
    int us[SL_CMD_MAX_PLACE];
    int n = column_units(g, us);
    char text[900];
    size_t at = (size_t)snprintf(text, sizeof text, "The column's order is shown: ");
    for (int i = 0; i < n && at < sizeof text; i++) {
        at += (size_t)snprintf(text + at, sizeof text - at, "%s", rl_unit_name(g, us[i]));
        if (i + 1 < n && at < sizeof text)
            at += (size_t)snprintf(text + at, sizeof text - at, ", %.1f\" behind it ",
                                   unit_state(g, us[i])->gap / 1000.0);
    }
    rl_event(g, SL_EV_STATE, -1, text, "\"what\":\"column-shown\"");
    game_state(g)->phase = AM_SPRING;
    if (complex_ambush(g)) {
        /* the lead comes on at the table's edge (its rear man at the
         * route's start), the rest of the column not yet on */
        int lu = lead_unit(g);
        rl_state(g, lu, "column-enters", "%s's column comes on along its route: its lead, %s, at the table's edge",
                 rl_side_name(g, column_side(g)), rl_unit_name(g, lu));
        lay_out(g, unit_length(g, lu));
        arrivals(g);
    }
    ask_spring(g);
    return true;
}

static void sprung(sl_game *g, int first, const char *why)
{
    am_state *gs = game_state(g);
    gs->phase = AM_SPRUNG;
    g->pending.kind = SL_DECIDE_NONE;
    char text[400], fields[400], sid[64], esc[300];
    sl_json_escape(sid, sizeof sid, g->live.sides[first].id);
    sl_json_escape(esc, sizeof esc, why);
    snprintf(text, sizeof text, "The ambush is %s: %s activates first (%s)",
             first == ambusher(g) ? "sprung" : "discovered", rl_side_name(g, first), why);
    snprintf(fields, sizeof fields, "\"what\":\"sprung\",\"first\":\"%s\",\"why\":\"%s\"", sid, esc);
    rl_event(g, SL_EV_STATE, -1, text, fields);
    snprintf(game_row(g)->why, sizeof game_row(g)->why, "%s", why);
    rl_turn_start_first(g, first, why);
}

/* --- the commands ------------------------------------------------------------------------------ */

static int kind_of(int i)
{
    return rl_cmd_kind_of(&am_rule.commands[i]);
}

static bool can_route(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (!am_on(g) || game_state(g)->phase != AM_COLUMN)
        return rl_refuse(why, whylen, "a route is plotted in an ambush's set-up, before the column is written");
    if (rl_option(g, &am_rule, AM_ROUTE) != 1)
        return rl_refuse(why, whylen, "the column's route is the map's here (rule ambush_route is \"map\")");
    if (c->npts < 2)
        return rl_refuse(why, whylen, "a route needs at least 2 points: route X,Y X,Y ...");
    return true;
}

static bool do_route(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    am_state *gs = game_state(g);
    gs->npts = c->npts;
    memcpy(gs->pts, c->pts, sizeof(sl_pt) * (size_t)c->npts);
    rl_state(g, -1, "route", "%s's column will come along a way of %.1f\"", rl_side_name(g, column_side(g)),
             sl_path_length(c->pts, c->npts) / 1000.0);
    return true;
}

static bool can_column(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (!am_on(g) || game_state(g)->phase != AM_COLUMN)
        return rl_refuse(why, whylen, "the column is written at the start of an ambush's set-up");
    int cs = column_side(g);
    const sl_pt *r;
    if (route(g, &r) < 2)
        return rl_refuse(why, whylen, "plot the column's route first: route X,Y X,Y ...");
    for (int i = 0; i < c->nplace; i++)
        if (c->place_fig[i] < 0 || c->place_fig[i] >= g->live.nunits)
            return rl_refuse(why, whylen, "column: that names no unit of this scenario");
    for (int i = 0; i < c->nplace; i++) {
        int u = c->place_fig[i];
        const sl_unit *un = &g->live.units[u];
        if (un->side != cs)
            return rl_refuse(why, whylen, "%s is not %s's: the column is the ambushed side's", un->name,
                             rl_side_name(g, cs));
        if (sl_unit_whole(&g->live, u) >= 0 || un->parent >= 0)
            return rl_refuse(why, whylen, "%s is part of a squad: name the squad", un->name);
        if (g->us[u].aboard >= 0)
            return rl_refuse(why, whylen, "%s rides in %s: it comes with its vehicle", un->name,
                             rl_unit_name(g, g->us[u].aboard));
        if (un->kind == SL_UNIT_DUMMY)
            return rl_refuse(why, whylen, "%s is a dummy", un->name);
        for (int k = 0; k < i; k++)
            if (c->place_fig[k] == u)
                return rl_refuse(why, whylen, "%s is named twice", un->name);
    }
    /* every unit on foot or vehicle of the side goes in it */
    for (int u = 0; u < g->live.nunits; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side != cs || sl_unit_whole(&g->live, u) >= 0 || un->parent >= 0 || g->us[u].aboard >= 0 ||
            un->kind == SL_UNIT_DUMMY || rl_living(g, u) == 0)
            continue;
        bool named = false;
        for (int i = 0; i < c->nplace; i++)
            named |= c->place_fig[i] == u;
        if (!named)
            return rl_refuse(why, whylen, "%s is not in the column: every unit of %s comes along the route", un->name,
                             rl_side_name(g, cs));
    }
    return true;
}

static bool do_column(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    am_cmd a = am_cmd_of(c);
    for (int i = 0; i < c->nplace; i++) {
        am_state *us = unit_state(g, c->place_fig[i]);
        us->order = i + 1;
        us->gap = a.gap[i];
    }
    const sl_pt *r;
    int n = route(g, &r);
    double len = column_length(g), rl = sl_path_length(r, n);
    if (len > rl)
        return rl_refuse(err, errlen, "the column is %.1f\" long but its route only %.1f\": shorten the gaps", len / 1000.0,
                         rl / 1000.0);
    rl_state(g, -1, "column", "%s has written the order of its column (%d units, %.1f\" long)",
             rl_side_name(g, column_side(g)), c->nplace, len / 1000.0);
    game_state(g)->phase = AM_PLACING;
    g->pending.kind = SL_DECIDE_NONE;
    if (!setup_begin(g, ambusher(g)))
        am_after_setup(g);
    return true;
}

/* Where along the route the point nearest p lies (mils), if p is within
 * `within` mils of it; `dist2` (or NULL) gets the squared distance. */
static bool on_route_within(const sl_game *g, sl_pt p, double within, double *along, double *dist2)
{
    const sl_pt *r;
    int n = route(g, &r);
    double best;
    *along = sl_path_nearest(r, n, p, &best);
    if (dist2)
        *dist2 = best;
    return n >= 2 && best <= within * within;
}

/* Where along the route a point lies (mils), if within 1" of it. */
static bool on_route(const sl_game *g, sl_pt p, double *along)
{
    return on_route_within(g, p, 1000.0, along, NULL);
}

static bool spring_phase(const sl_game *g)
{
    return am_on(g) && game_state(g)->phase == AM_SPRING && g->pending.kind == SL_DECIDE_SETUP;
}

static bool can_spring(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (!spring_phase(g))
        return rl_refuse(why, whylen, "an ambush is sprung before the first turn, once the ambusher has set up");
    if (c->npts != 1)
        return rl_refuse(why, whylen, "usage: spring X,Y (a point of the column's route)");
    double at;
    if (!on_route(g, c->pts[0], &at))
        return rl_refuse(why, whylen, "(%.1f, %.1f) is not on the column's route (more than 1\" from it)",
                         c->pts[0].x / 1000.0, c->pts[0].y / 1000.0);
    double len = column_length(g);
    if (!complex_ambush(g)) {
        if (at < len)
            return rl_refuse(why, whylen, "the lead may stand only %.1f\" along the route there, but the column is "
                             "%.1f\" long: it would not all be on the table", at / 1000.0, len / 1000.0);
        return true;
    }
    double lead = game_state(g)->lead_at, move = mv_normal_allowance(g, lead_unit(g));
    if (at < lead)
        return rl_refuse(why, whylen, "the lead unit is already %.1f\" past that point", (lead - at) / 1000.0);
    if (at - lead > move)
        return rl_refuse(why, whylen, "that point is %.1f\" ahead of the lead unit, more than its full move of %.1f\"",
                         (at - lead) / 1000.0, move / 1000.0);
    return true;
}

static bool can_wait(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    (void)c;
    if (!spring_phase(g))
        return rl_refuse(why, whylen, "the ambusher waits in a complex ambush's approach turns");
    if (!complex_ambush(g))
        return rl_refuse(why, whylen, "a simple ambush is sprung at once: spring X,Y");
    return true;
}

/* The ambushers' reaction tests at threat level -1 (none for leadership 1):
 * how many failed, -1 when a roll could not be made. */
static int ambush_tests(sl_game *g)
{
    int a = ambusher(g), failed = 0;
    for (int u = 0; u < g->live.nunits; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side != a || un->kind == SL_UNIT_DUMMY || sl_unit_whole(&g->live, u) >= 0 || un->parent >= 0 || rl_living(g, u) == 0)
            continue;
        if (un->leadership <= 1) {
            rl_note(g, u, "%s (leadership 1) makes no test: at threat -1 it cannot fail", rl_unit_name(g, u));
            continue;
        }
        int target = un->leadership - 1;
        sl_die die = sl_quality_die(un->quality);
        int v = rl_roll(g, die, target, "ambush", u,
                        "Ambush reaction test for %s: %s must beat leadership %d - 1 (threat level -1) = %d (seeds 000, "
                        "003)",
                        rl_unit_name(g, u), sl_die_name(die), un->leadership, target);
        if (g->failed)
            return -1;
        if (v <= target) {
            failed++;
            rl_note(g, u, "%s fails: it opens up too early", rl_unit_name(g, u));
        }
    }
    return failed;
}

/* The nearest ambushing counter unit u sees, -1 none. */
static int nearest_counter(const sl_game *g, int u)
{
    int a = ambusher(g), best = -1;
    double bd = 0;
    for (int e = 0; e < g->live.nunits; e++) {
        const sl_unit *eu = &g->live.units[e];
        if (eu->side != a || sl_unit_whole(&g->live, e) >= 0 || eu->parent >= 0 || !rl_fog_counter(g, e) || g->us[e].revealed)
            continue;
        sl_unit_sight s;
        rl_counter_sight(g, u, e, &s);
        if (s.visible && (best < 0 || s.range.distance < bd)) {
            best = e;
            bd = s.range.distance;
        }
    }
    return best;
}

/* One column unit's spotting attempt at counter e: true when it finds the
 * ambush. By fire where the scenario allows it and the unit can fire at
 * the counter (two dice over the range die flip a unit's counter and
 * suppress it, p25), else by observing it (p25). */
static bool spot_attempt(sl_game *g, int u, int e)
{
    bool dummy = g->live.units[e].kind == SL_UNIT_DUMMY;
    char why[300];
    if (g->live.options.spotting_by_fire && fire_can(g, u, e, SL_FIRE_ALL, RL_FIRE_SPOTTING, why, sizeof why)) {
        rl_note(g, u, "%s's spotting attempt: it fires at counter %s (spotting by fire is allowed here)",
                rl_unit_name(g, u), sl_game_counter(g, e));
        bool was_counter = !g->us[e].flipped;
        bool ok = fire_at_unit(g, u, e, SL_FIRE_ALL, RL_FIRE_SPOTTING, why, sizeof why); /* rolled under "spot" */
        if (!ok || g->failed)
            return false;
        if (!dummy && was_counter && g->us[e].flipped) {
            rl_state(g, u, "spotted", "%s's fire drew an answer: it spots the ambushers", rl_unit_name(g, u));
            return true;
        }
        return false;
    }
    rl_note(g, u, "%s's spotting attempt: it observes counter %s", rl_unit_name(g, u), sl_game_counter(g, e));
    int beat = act_observe_dice(g, u, e, "spot");
    if (beat < 0)
        return false;
    act_observe_settle(g, u, e, beat);
    int need = rl_option(g, &am_rule, AM_SPOT) == 1 ? 2 : 1;
    if (!dummy && beat >= need) {
        rl_state(g, u, "spotted", "%s spots the ambushers (%s beat the counter's concealment)", rl_unit_name(g, u),
                 beat == 2 ? "both dice" : "one die");
        return true;
    }
    if (!dummy && beat > 0)
        rl_note(g, u, "one die is not enough to find the ambush here: both must beat it (rule ambush_spot both-dice)");
    return false;
}

/* The column's spotting attempts after its advance, in the column's
 * order: true when one finds the ambush. */
static bool spotting(sl_game *g)
{
    int a = ambusher(g);
    int us[SL_CMD_MAX_PLACE];
    int nu = column_units(g, us);
    for (int k = 0; k < nu && !g->failed; k++) {
        int u = us[k];
        if (rl_living(g, u) == 0)
            continue;
        if (!unit_state(g, u)->on_table) {
            rl_note(g, u, "%s is not on the table yet: no spotting attempt", rl_unit_name(g, u));
            continue;
        }
        if (g->us[u].aboard >= 0 && !rl_option(g, &am_rule, AM_PASSENGERS_SPOT)) {
            rl_note(g, u, "%s rides in %s and cannot look out (rule ambush_passengers_spot)", rl_unit_name(g, u),
                    rl_unit_name(g, g->us[u].aboard));
            continue;
        }
        /* an ambusher in plain view in its sight is seen at once */
        for (int e = 0; e < g->live.nunits; e++) {
            const sl_unit *eu = &g->live.units[e];
            if (eu->side != a || eu->kind == SL_UNIT_DUMMY || sl_unit_whole(&g->live, e) >= 0 || rl_fog_counter(g, e) ||
                rl_living(g, e) == 0)
                continue;
            sl_unit_sight s;
            sl_unit_sight_judge(&g->sight, u, e, g->us[e].in_position, &s);
            if (s.visible) {
                rl_state(g, u, "spotted", "%s sees %s in plain view", rl_unit_name(g, u), rl_unit_name(g, e));
                return true;
            }
        }
        int best = nearest_counter(g, u);
        if (best < 0) {
            rl_note(g, u, "%s sees no counter: no spotting attempt", rl_unit_name(g, u));
            continue;
        }
        if (spot_attempt(g, u, best))
            return true;
    }
    return false;
}

/* Any ambushing unit revealed by the book's rule as the column came on
 * (in the open in its sight). */
static bool revealed_ambusher(const sl_game *g, const bool *before)
{
    int a = ambusher(g);
    for (int e = 0; e < g->live.nunits; e++)
        if (g->live.units[e].side == a && g->live.units[e].kind != SL_UNIT_DUMMY && !before[e] && g->us[e].revealed)
            return true;
    return false;
}

static bool advance(sl_game *g, double to, double *moved)
{
    const sl_pt *r;
    int n = route(g, &r);
    double end = sl_path_length(r, n), from = game_state(g)->lead_at;
    bool at_end = to >= end;
    if (at_end)
        to = end;
    lay_out(g, to);
    *moved = to - from;
    return at_end;
}

static bool do_spring(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int a = ambusher(g);
    double at = 0;
    bool want = c->kind == kind_of(2); /* spring, not wait */
    if (want)
        on_route(g, c->pts[0], &at);
    if (!complex_ambush(g)) {
        lay_out(g, at);
        rl_state(g, -1, "column-placed", "%s's column is laid out behind its lead at (%.1f, %.1f)",
                 rl_side_name(g, column_side(g)), c->pts[0].x / 1000.0, c->pts[0].y / 1000.0);
        arrivals(g);
        sprung(g, a, "a simple ambush: the ambusher activates first whatever the numbers");
        return !g->failed;
    }
    int failed = ambush_tests(g);
    if (failed < 0)
        return false;
    int lu = lead_unit(g);
    double lead = game_state(g)->lead_at, moved = 0;
    if (failed > 0) {
        int32_t inches;
        sl_die die;
        mv_mobility(g, lu, &inches, &die);
        int v = rl_roll(g, die, -1, "ambush-move", lu,
                        "The ambush goes off too early: %s moves its movement die, %s, in inches before it is sprung",
                        rl_unit_name(g, lu), sl_die_name(die));
        if (g->failed)
            return false;
        advance(g, lead + v * 1000.0, &moved);
        rl_state(g, lu, "column-moved", "%s moves %.1f\" along the route%s", rl_unit_name(g, lu), moved / 1000.0,
                 want && lead + moved > at ? ", past the point the ambusher chose" : "");
        arrivals(g);
        sprung(g, a, "sprung too early by a failed reaction test: the ambusher activates first");
        return !g->failed;
    }
    if (want) {
        advance(g, at, &moved);
        rl_state(g, lu, "column-moved", "%s moves %.1f\" along the route to the ambusher's point",
                 rl_unit_name(g, lu), moved / 1000.0);
        arrivals(g);
        sprung(g, a, "sprung by the ambusher where he chose: he activates first");
        return !g->failed;
    }
    bool *before = calloc((size_t)g->live.nunits + 1, sizeof *before);
    if (!before)
        return rl_refuse(err, errlen, "out of memory");
    for (int e = 0; e < g->live.nunits; e++)
        before[e] = g->us[e].revealed;
    bool end = advance(g, lead + mv_normal_allowance(g, lu), &moved);
    rl_state(g, lu, "column-moved", "%s moves its full %.1f\" along the route, the column behind it",
             rl_unit_name(g, lu), moved / 1000.0);
    arrivals(g);
    g->pending.kind = SL_DECIDE_NONE; /* the book's reveal in the open applies now */
    rl_fog_check(g);
    g->pending.kind = SL_DECIDE_SETUP;
    bool seen = revealed_ambusher(g, before);
    free(before);
    if (seen) {
        sprung(g, column_side(g), "an ambusher was seen in the open as the column came on: the column activates "
                                  "first");
        return !g->failed;
    }
    if (spotting(g)) {
        sprung(g, column_side(g), "the column spotted the ambushers: it activates first whatever the numbers");
        return !g->failed;
    }
    if (g->failed)
        return false;
    if (end) {
        sprung(g, a, "the column reached the end of its route: the ambush is sprung there, the ambusher first");
        return !g->failed;
    }
    ask_spring(g);
    return true;
}

static bool am_pending_allows(const sl_game *g, const sl_command *c)
{
    if (!am_on(g) || g->pending.kind != SL_DECIDE_SETUP)
        return false;
    int ph = game_state(g)->phase;
    if (ph == AM_COLUMN)
        return c->kind == kind_of(0) || c->kind == kind_of(1);
    if (ph == AM_SPRING)
        return c->kind == kind_of(2) || c->kind == kind_of(3);
    return false;
}

static bool am_decide(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    (void)c;
    if (!am_owns_setup(g) || g->pending.kind != SL_DECIDE_SETUP)
        return true;
    *handled = true;
    if (game_state(g)->phase == AM_COLUMN)
        return rl_refuse(err, errlen, "%s is writing its column: column UNIT GAP ... UNIT",
                         rl_side_name(g, column_side(g)));
    return rl_refuse(err, errlen, "%s is to spring the ambush: %s", rl_side_name(g, ambusher(g)),
                     complex_ambush(g) ? "spring X,Y or wait" : "spring X,Y");
}

static bool am_done_can(const sl_game *g, int side, bool *decided, char *why, size_t whylen)
{
    (void)side;
    if (!am_owns_setup(g))
        return true;
    *decided = true;
    return rl_refuse(why, whylen, "%s", game_state(g)->phase == AM_COLUMN ? "first the column: column UNIT GAP ... UNIT"
                                                                          : "the ambush: spring X,Y or wait");
}

static int am_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    if (!am_on(g) || max < 1)
        return 0;
    const am_state *us = unit_state(g, unit);
    if (us->order <= 0 || game_state(g)->phase < AM_SPRING)
        return 0;
    memset(&out[0], 0, sizeof out[0]);
    snprintf(out[0].text, sizeof out[0].text, "column: unit %d, %.1f\" ahead of the next", us->order,
             us->gap / 1000.0);
    if (us->on_table || max < 2)
        return 1;
    memset(&out[1], 0, sizeof out[1]);
    snprintf(out[1].text, sizeof out[1].text, "%s",
             game_state(g)->phase == AM_SPRUNG ? "not yet on the table: activating it brings it on at the route's start"
                                               : "not yet on the table: it comes on behind the lead at its gap");
    return 2;
}

/* A column unit still off the table when the ambush has gone off comes
 * on as its side activates it: laid out on the route, its rear man at
 * the route's start, as the lead came on. */
static void am_activated(sl_game *g, int unit, rl_how how)
{
    (void)how;
    if (!am_on(g) || game_state(g)->phase != AM_SPRUNG)
        return;
    const sl_unit *un = &g->live.units[unit];
    int top = sl_unit_whole(&g->live, unit) >= 0 ? sl_unit_whole(&g->live, unit) : un->parent >= 0 ? un->parent : unit;
    am_state *st = unit_state(g, top);
    if (st->order <= 0 || st->on_table)
        return;
    int max = g->live.units[top].nfigures > 0 ? g->live.units[top].nfigures : 1, n = 0;
    int *figs = malloc(sizeof *figs * (size_t)max);
    sl_pt *pos = malloc(sizeof *pos * (size_t)max);
    if (figs && pos)
        place_unit(g, top, unit_length(g, top), figs, pos, &n, max);
    for (int i = 0; i < n; i++)
        g->live.figures[figs[i]].pos = pos[i];
    free(figs);
    free(pos);
    st->on_table = true;
    rl_state(g, top, "comes-on", "%s comes on along the route, its rear at the table's edge", rl_unit_name(g, top));
}

/* Nor does a unit fire before it is on the table. */
static bool am_fire_able(const sl_game *g, int unit, char *why, size_t whylen)
{
    if (!sl_game_not_yet_on(g, unit))
        return true;
    return rl_refuse(why, whylen, "%s is not on the table yet", rl_unit_name(g, unit));
}

/* --- what the window and solo play ask -------------------------------------------------------- */

static bool tests_unit(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    return un->side == ambusher(g) && un->kind != SL_UNIT_DUMMY && sl_unit_whole(&g->live, u) < 0 && un->parent < 0 &&
           rl_living(g, u) > 0;
}

static bool solo_column(const sl_game *g, sl_command *out, char *why, size_t whylen);

bool am_info_of(const sl_game *g, am_info *out)
{
    memset(out, 0, sizeof *out);
    if (!am_on(g))
        return false;
    const am_state *gs = game_state(g);
    out->phase = gs->phase;
    out->complex = complex_ambush(g);
    out->ambusher = ambusher(g);
    out->column = column_side(g);
    out->approach = gs->approach;
    out->why = game_row(g)->why;
    out->nroute = route(g, &out->route);
    out->lead_at = gs->lead_at;
    out->nunits = column_units(g, out->units);
    for (int i = 0; i < out->nunits; i++)
        out->gaps[i] = unit_state(g, out->units[i])->gap;
    out->length = column_length(g);
    if (out->complex) {
        out->spring_from = gs->lead_at;
        int lu = lead_unit(g);
        out->spring_to = gs->lead_at + (lu >= 0 ? mv_normal_allowance(g, lu) : 0);
    } else {
        out->spring_from = out->length;
        out->spring_to = sl_path_length(out->route, out->nroute);
    }
    out->p_hold = 1;
    for (int u = 0; u < g->live.nunits && out->ntests < AM_MAX_TESTS; u++) {
        if (!tests_unit(g, u))
            continue;
        const sl_unit *un = &g->live.units[u];
        double p = un->leadership <= 1 ? 1.0 : sl_p_exceeds(sl_quality_die(un->quality), un->leadership - 1);
        out->test_unit[out->ntests] = u;
        out->p_pass[out->ntests++] = p;
        out->p_hold *= p;
    }
    out->kind_column = kind_of(1);
    out->kind_spring = kind_of(2);
    out->kind_wait = kind_of(3);
    char why[SL_CMD_NOTE];
    sl_command c;
    if (gs->phase == AM_COLUMN && solo_column(g, &c, why, sizeof why) && c.nplace > 0) {
        am_cmd a = am_cmd_of(&c);
        out->ndraft = c.nplace;
        for (int i = 0; i < c.nplace; i++) {
            out->draft[i] = c.place_fig[i];
            out->draft_gaps[i] = a.gap[i];
        }
    }
    return true;
}

/* The decision's view: the ambush's screens (ambush_show.c). */
static void am_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    (void)chosen;
    (void)clicked;
    am_info am;
    if (am_info_of(g, &am))
        am_view(g, &am, viewer, d);
}

static bool am_notice(const sl_game *g, int viewer, sl_decision_view *d)
{
    (void)viewer;
    am_info am;
    return am_info_of(g, &am) && am_notice_view(g, &am, d);
}

static const rl_decision_row am_decisions[] = {
    {SL_DECIDE_SETUP, SL_CHOOSE_PLACES, true, "to set up its hidden units", am_show, rl_decision_answer_by_rule},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};

/* An ambush keeps units off the table (the off_table hook, for a squad
 * or unit): the column's units that have not come on yet (they come on
 * unit by unit, or when activated once it has gone off), and before the
 * spring the whole column and, while the column is written, the
 * ambusher's units until he sets them out. */
static int am_off_table(const sl_game *g, int top)
{
    if (!am_on(g))
        return RL_ON_TABLE;
    const am_state *st = unit_state(g, top);
    if (game_state(g)->phase >= AM_SPRING)
        return st->order > 0 && !st->on_table ? RL_TO_COME_ON : RL_ON_TABLE;
    int side = g->live.units[top].side;
    return side == column_side(g) || (game_state(g)->phase == AM_COLUMN && side == ambusher(g)) ? RL_OFF_TABLE
                                                                                               : RL_ON_TABLE;
}

/* Solo play's policy (src/rules/RULES.md, "Solo play"). */

#define SOLO_GAP 4000           /* the column's gaps: 4" */
#define SOLO_STEP 500.0         /* spring points tried every half inch */

/* How many of the column's men stand within the first range band of an
 * ambushing unit with its lead at `at`. */
static int in_best_bands(const sl_game *g, double at, int *figs, sl_pt *pos, int max)
{
    int n = layout(g, at, true, figs, pos, max), count = 0;
    for (int i = 0; i < n; i++) {
        bool in = false;
        for (int u = 0; u < g->live.nunits && !in; u++) {
            if (!tests_unit(g, u))
                continue;
            const sl_unit *un = &g->live.units[u];
            sl_pt c = rl_fog_counter(g, u) ? g->us[u].counter_at : rl_unit_centre(g, u);
            int64_t band = sl_quality_band(un->quality);
            in = sl_dist2(c, pos[i]) <= band * band;
        }
        count += in;
    }
    return count;
}

/* The best spring point in [from, to] (its count in *best; the first of
 * equals, the column coming on). */
static double best_point(const sl_game *g, double from, double to, int *best, int *figs, sl_pt *pos, int max)
{
    double at = from;
    *best = -1;
    for (double d = from; d <= to + 0.5; d += SOLO_STEP) {
        double x = d > to ? to : d;
        int c = in_best_bands(g, x, figs, pos, max);
        if (c > *best) {
            *best = c;
            at = x;
        }
    }
    return at;
}

static bool solo_spring(const sl_game *g, sl_command *out, char *why, size_t whylen)
{
    am_info in;
    am_info_of(g, &in);
    int max = g->live.nfigures > 0 ? g->live.nfigures : 1, men = 0;
    int *figs = malloc(sizeof *figs * (size_t)max);
    sl_pt *pos = malloc(sizeof *pos * (size_t)max);
    if (!figs || !pos) {
        free(figs);
        free(pos);
        return false;
    }
    for (int i = 0; i < in.nunits; i++)
        men += g->live.units[in.units[i]].nfigures;
    double end = sl_path_length(in.route, in.nroute);
    int now, later = -1;
    double at = best_point(g, in.spring_from, in.spring_to < end ? in.spring_to : end, &now, figs, pos, max);
    if (in.complex && in.spring_to < end)
        best_point(g, in.spring_to + SOLO_STEP, end, &later, figs, pos, max);
    free(figs);
    free(pos);
    const char *side = rl_side_name(g, in.ambusher);
    if (later > now) {
        sl_cmd_init(out, kind_of(3), -1);
        snprintf(out->text, sizeof out->text, "wait");
        snprintf(why, whylen,
                 "%s waits: at best %d of the column's %d men would be in its units' first range band now, %d further "
                 "along the route",
                 side, now, men, later);
    } else {
        sl_pt p = sl_path_point_at(in.route, in.nroute, at);
        sl_cmd_init(out, kind_of(2), -1);
        out->pts[out->npts++] = sl_pt_make(rl_hundredths(p.x), rl_hundredths(p.y));
        snprintf(out->text, sizeof out->text, "spring %.2f,%.2f", p.x / 1000.0, p.y / 1000.0);
        snprintf(why, whylen,
                 "%s springs it with the lead at (%.1f, %.1f): %d of the column's %d men in its units' first range "
                 "band, the most it will get",
                 side, p.x / 1000.0, p.y / 1000.0, now, men);
    }
    return true;
}

/* Half a length of h mils as "%.2f" writes h / 2000.0 inches and a parse
 * reads it back, in mils (the table's middle as the journal has always
 * written it): to the nearest 10 mils, a tie going the way the double
 * lies from it, or to even when it lies on it. */
static int32_t half_in_hundredths(int32_t h)
{
    int64_t n = h / 20, r = h % 20;
    bool up = r > 10;
    if (r == 10) {
        double off = fma(h / 2000.0, 2000.0, -(double)h); /* exact */
        up = off > 0 || (off == 0 && n % 2 == 1);
    }
    return (int32_t)((n + up) * 10);
}

/* The column's player: the strongest squad leads, its headquarters second,
 * the rest by strength; 4" between units, less when the route is short. */
static bool solo_column(const sl_game *g, sl_command *out, char *why, size_t whylen)
{
    int cs = column_side(g);
    const sl_pt *r;
    if (route(g, &r) < 2) {
        /* a plotted route: the map's own if it has one, else straight
         * across the table's middle from the west edge */
        const sl_table *t = &g->live.table;
        sl_cmd_init(out, kind_of(0), -1);
        bool found = false;
        for (int i = 0; i < t->nroutes && !found; i++)
            if (strcmp(t->routes[i].side, g->live.sides[cs].id) == 0) {
                found = true;
                for (int k = 0; k < t->routes[i].npts && k < SL_CMD_MAX_PTS; k++)
                    out->pts[out->npts++] = t->pts[t->routes[i].first_pt + k];
            }
        if (!found) {
            out->pts[0] = sl_pt_make(0, half_in_hundredths(t->height));
            out->pts[1] = sl_pt_make(t->width, half_in_hundredths(t->height));
            out->npts = 2;
        }
        /* the journal's words as they have always been (to a hundredth);
         * the points are what those words say */
        size_t at = (size_t)snprintf(out->text, sizeof out->text, "route");
        if (!found)
            snprintf(out->text, sizeof out->text, "route 0,%.2f %.2f,%.2f", t->height / 2000.0, t->width / 1000.0,
                     t->height / 2000.0);
        for (int k = 0; k < out->npts; k++) {
            sl_pt p = out->pts[k];
            if (found && at < sizeof out->text)
                at += (size_t)snprintf(out->text + at, sizeof out->text - at, " %.2f,%.2f", p.x / 1000.0,
                                       p.y / 1000.0);
            out->pts[k] = sl_pt_make(rl_hundredths(p.x), rl_hundredths(p.y));
        }
        snprintf(why, whylen, "%s plots its way %s", rl_side_name(g, cs),
                 found ? "along the map's route" : "straight across the table's middle");
        return true;
    }
    int us[SL_CMD_MAX_PLACE], n = 0;
    for (int u = 0; u < g->live.nunits && n < SL_CMD_MAX_PLACE; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side == cs && sl_unit_whole(&g->live, u) < 0 && un->parent < 0 && g->us[u].aboard < 0 && un->kind != SL_UNIT_DUMMY &&
            rl_living(g, u) > 0)
            us[n++] = u;
    }
    /* by strength (men, then better quality), headquarters (commanding
     * others) after the first */
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0; k--) {
            const sl_unit *a = &g->live.units[us[k - 1]], *b = &g->live.units[us[k]];
            int sa = rl_living(g, us[k - 1]) * 16 + (int)a->quality, sb = rl_living(g, us[k]) * 16 + (int)b->quality;
            if (sb <= sa)
                break;
            int t = us[k - 1];
            us[k - 1] = us[k];
            us[k] = t;
        }
    int h = -1;
    for (int i = 0; i < n && h < 0; i++)
        for (int u = 0; u < g->live.nunits && h < 0; u++)
            if (g->live.units[u].commander == us[i] && g->live.units[u].parent < 0 && sl_unit_whole(&g->live, u) < 0)
                h = i;
    if (h >= 0 && n > 1) {
        int hq = us[h];
        memmove(us + h, us + h + 1, sizeof *us * (size_t)(n - h - 1));
        memmove(us + 2, us + 1, sizeof *us * (size_t)(n - 2));
        us[1] = hq;
    }
    double len = 0;
    for (int i = 0; i < n; i++)
        len += unit_length(g, us[i]);
    double room = sl_path_length(r, route(g, &r)) - len;
    double gap = n > 1 && room < (double)SOLO_GAP * (n - 1) ? floor(room / (n - 1) / 500.0) * 500.0 : SOLO_GAP;
    if (gap < 0)
        gap = 0;
    sl_cmd_init(out, kind_of(1), -1);
    size_t at = (size_t)snprintf(out->text, sizeof out->text, "column");
    am_cmd gaps = {{0}};
    for (int i = 0; i < n && at < sizeof out->text; i++) {
        at += (size_t)snprintf(out->text + at, sizeof out->text - at, i + 1 < n ? " %s %.1f" : " %s",
                               g->live.units[us[i]].id, gap / 1000.0);
        gaps.gap[out->nplace] = i + 1 < n ? (int)lround(gap) : 0; /* gap: whole half inches */
        out->place_fig[out->nplace++] = us[i];
    }
    am_cmd_set(out, &gaps);
    if (n > 0)
        out->side = g->live.units[us[0]].side;
    snprintf(why, whylen, "%s marches its strongest unit first, its headquarters behind it, %.1f\" apart",
             rl_side_name(g, cs), gap / 1000.0);
    return true;
}

static bool am_solo(const sl_game *g, sl_command *out, char *why, size_t whylen)
{
    if (!am_owns_setup(g) || g->pending.kind != SL_DECIDE_SETUP)
        return false;
    return game_state(g)->phase == AM_COLUMN ? solo_column(g, out, why, whylen) : solo_spring(g, out, why, whylen);
}

double am_setup_score(const sl_game *g, sl_pt p)
{
    /* the ambusher's counters: 5" from the column's route, and far enough
     * along it that the whole column is on the table when its lead is
     * level with them */
    double along, d2;
    if (!on_route_within(g, p, 1e300, &along, &d2))
        return 0;
    double d = sqrt(d2), len = column_length(g);
    return -fabs(d / 1000.0 - 5.0) - (along < len ? (len - along) / 2000.0 : 0);
}

static const rl_cmd_def am_commands[] = {
    {RL_KIND_NEW, "route", NULL, RL_SHAPE_POINTS, NULL,
     "route X,Y X,Y ... (an ambush's set-up: the way the column comes, when its player plots it)", 0, 0, can_route,
     do_route, RL_PICK_NONE, NULL},
    {RL_KIND_NEW, "column", NULL, RL_SHAPE_OWN, NULL,
     "column UNIT GAP UNIT GAP ... UNIT (an ambush's set-up: the column's order and the inches between its units)",
     0, RL_CMD_SECRET | RL_CMD_NO_UNIT, can_column, do_column, RL_PICK_NONE, &am_column_words},
    {RL_KIND_NEW, "spring", NULL, RL_SHAPE_POINTS, NULL,
     "spring X,Y (the ambusher: the point of the route where the lead unit stands when the ambush goes off)", 0, 0,
     can_spring, do_spring, RL_PICK_NONE, NULL},
    {RL_KIND_NEW, "wait", NULL, RL_SHAPE_POINTS, NULL, "wait (the ambusher, in a complex ambush's approach turn)", 0, 0,
     can_wait, do_spring, RL_PICK_NONE, NULL},
};

/* --- the loader's checks ---------------------------------------------------------------- */

/* An ambush scenario (rules "ambush"): one side marked "ambushes", the
 * other with a route on the map (unless its player plots one) and the
 * ambusher with a set-up zone. */
static int am_check(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    const sl_table *t = &scn->table;
    int amb = -1, marked = 0, n = 0;
    for (int sd = 0; sd < scn->nsides; sd++)
        if (ambushes(scn, sd)) {
            marked++;
            if (amb < 0)
                amb = sd;
        }
    if (rl_option_of(&scn->options, &am_rule, AM_AMBUSH) == 0) {
        char field[40];
        snprintf(field, sizeof field, "sides[%d].ambushes", amb);
        if (marked > 0)
            rl_issue(out, &n, max, field,
                     "side '%s' ambushes, but the scenario's rules have no \"ambush\": \"simple\" or \"complex\"",
                     scn->sides[amb].id);
        return n;
    }
    const char *at = "rules.ambush";
    if (scn->nsides != 2)
        rl_issue(out, &n, max, at, "an ambush is between two sides; this scenario has %d", scn->nsides);
    else if (marked != 1)
        rl_issue(out, &n, max, at, "an ambush needs exactly one side marked \"ambushes\": true (%d are)", marked);
    else {
        int col = 1 - amb;
        bool zone = false, route = false;
        for (int i = 0; i < t->nzones; i++)
            zone |= strcmp(t->zones[i].side, scn->sides[amb].id) == 0;
        for (int i = 0; i < t->nroutes; i++)
            route |= strcmp(t->routes[i].side, scn->sides[col].id) == 0;
        if (!zone)
            rl_issue(out, &n, max, at,
                     "the ambusher '%s' has no set-up zone on the map (a Tiled object of class \"setup\" with "
                     "property side = %s)",
                     scn->sides[amb].id, scn->sides[amb].id);
        if (!route && rl_option_of(&scn->options, &am_rule, AM_ROUTE) == 0)
            rl_issue(out, &n, max, at,
                     "the map has no route for the column of '%s' (a Tiled polyline of class \"route\" with "
                     "property side = %s), and the rule ambush_route is not \"plotted\"",
                     scn->sides[col].id, scn->sides[col].id);
    }
    return n;
}

/* The keys of its action-bar entries and decisions, for the window's
 * help page. */
static const rl_help_row am_help[] = {
    {"Up/Down  Shift  +/-", "Ambush: the column's order and gaps (Enter writes it)"},
    {"Click road, W", "Ambush: spring with the lead there (or Left/Right, Enter); W waits"},
    {NULL, NULL},
};

const rl_house am_rule = {
    .name = "ambush",
    .help = am_help,
    .source = "seeds 000 and 003: Conducting Ambushes",
    .title = "the ambush rules",
    .on = am_on,
    .scenario = &am_scn_part,
    .commands = am_commands,
    .ncommands = 4,
    .unit_bytes = sizeof(am_state),
    .game_bytes = sizeof(am_game),
    .game_start = am_start,
    .done_can = am_done_can,
    .pending_allows = am_pending_allows,
    .decide = am_decide,
    .card = am_card,
    .solo_cmd = am_solo,
    .activated = am_activated,
    .fire_able = am_fire_able,
    .off_table = am_off_table,
    .options = am_options,
    .noptions = (int)(sizeof am_options / sizeof am_options[0]),
    .check = am_check,
    .decisions = am_decisions,
    .notice = am_notice,
};
