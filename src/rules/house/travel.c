/* Travel movement (rulebook p24). A unit not expecting a fight may form a
 * column, one man wide, every base touching the one in front: forming up
 * takes an action, as a reorganise, and the unit as a whole stays where it
 * is while its men fall in. In the column it moves twice its base move for
 * each action and may do nothing else but move (or steady itself from
 * suppression); another reorganise puts it back into combat order. Caught
 * in the column, it is an easy target: fire at it has its range die one
 * type lower, and it is suppressed whether the fire tells or not.
 *
 * Our readings, in src/rules/RULES.md: the column runs along the unit's
 * widest spread (or toward a point given), centred where the unit stands;
 * the extra suppression is only added when the fire did not suppress it
 * already, and as a first suppression it brings a confidence test; squads split into fireteams and vehicles do not form columns.
 *
 * This file and one row of src/rules/tables.c are the whole rule. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

static bool *travelling(const sl_game *g, int unit)
{
    return rl_house_state(g, &tv_rule, unit);
}

static bool in_column(const sl_game *g, int unit)
{
    bool *t = unit >= 0 ? travelling(g, unit) : NULL;
    return t && *t;
}

/* Where each living figure of the unit stands in the column: one man
 * wide, each base touching the next, centred where the men stood, along
 * the unit's widest spread (head at the end nearer its leader) or toward
 * a point. */
static int column(const sl_game *g, int unit, const sl_pt *toward, int *figs, sl_pt *pos)
{
    const sl_unit *u = &g->live.units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures && n < SL_SIGHT_MAX_FIGS; i++)
        if (g->live.figures[u->first_figure + i].status != SL_FIG_DEAD)
            figs[n++] = u->first_figure + i;
    if (n == 0)
        return 0;
    /* the centroid of the men (the wounded carried along), so the unit as
     * a whole stays where it is */
    int64_t sx = 0, sy = 0;
    for (int i = 0; i < n; i++) {
        sx += g->live.figures[figs[i]].pos.x;
        sy += g->live.figures[figs[i]].pos.y;
    }
    sl_pt c = sl_pt_make((int32_t)(sx / n), (int32_t)(sy / n));
    double dx = 0, dy = -1;
    if (toward && (toward->x != c.x || toward->y != c.y)) {
        dx = (double)toward->x - c.x;
        dy = (double)toward->y - c.y;
    } else if (n > 1) {
        int a = 0, b = 1;
        int64_t far = -1;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                int64_t d = sl_dist2(g->live.figures[figs[i]].pos, g->live.figures[figs[j]].pos);
                if (d > far) {
                    far = d;
                    a = i;
                    b = j;
                }
            }
        sl_pt pa = g->live.figures[figs[a]].pos, pb = g->live.figures[figs[b]].pos;
        int lead = u->leader >= 0 ? u->leader : figs[0];
        if (sl_dist2(pb, g->live.figures[lead].pos) < sl_dist2(pa, g->live.figures[lead].pos)) {
            sl_pt t = pa;
            pa = pb;
            pb = t;
        }
        dx = (double)pb.x - pa.x;
        dy = (double)pb.y - pa.y;
    }
    double len = sqrt(dx * dx + dy * dy);
    if (len <= 0) {
        dx = 0;
        dy = -1;
        len = 1;
    }
    dx /= len;
    dy /= len;
    /* the leader at the head, then the rest as they are listed */
    int lead = -1;
    for (int i = 0; i < n; i++)
        if (figs[i] == u->leader)
            lead = i;
    if (lead > 0) {
        int t = figs[lead];
        memmove(&figs[1], &figs[0], sizeof(int) * (size_t)lead);
        figs[0] = t;
    }
    double at[SL_SIGHT_MAX_FIGS], total = 0;
    for (int i = 0; i < n; i++) {
        at[i] = total;
        if (i + 1 < n)
            total += g->live.figures[figs[i]].base_r + g->live.figures[figs[i + 1]].base_r;
    }
    for (int i = 0; i < n; i++) {
        double along = total / 2 - at[i]; /* the head furthest forward */
        pos[i] = sl_pt_make((int32_t)lround(c.x + dx * along), (int32_t)lround(c.y + dy * along));
    }
    return n;
}

static bool can_form(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (in_column(g, c->unit))
        return rl_refuse(why, whylen, "%s is already in a travel column", u->name);
    if (u->kind != SL_UNIT_INFANTRY)
        return rl_refuse(why, whylen, "only troops on foot form a travel column (p24)");
    if (sl_unit_nparts(&g->live, c->unit) > 0 || sl_unit_whole(&g->live, c->unit) >= 0)
        return rl_refuse(why, whylen,
                         "a squad split into fireteams does not form a travel column: the rulebook's column is a "
                         "whole unit (p24)");
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    int n = column(g, c->unit, c->npts ? &c->pts[0] : NULL, figs, pos);
    for (int i = 0; i < n; i++) {
        if (!sl_table_contains(&g->live.table, pos[i]))
            return rl_refuse(why, whylen, "there is no room for %s's column here: %s would stand off the table",
                             u->name, g->live.figures[figs[i]].id);
        int feat;
        if (sl_going_at(&g->sight.ix, pos[i], &feat) == SL_GOING_IMPASSABLE)
            return rl_refuse(why, whylen, "there is no room for %s's column here: %s would stand in %s", u->name,
                             g->live.figures[figs[i]].id, g->live.table.features[feat].name);
    }
    return true;
}

static bool form(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    int n = column(g, c->unit, c->npts ? &c->pts[0] : NULL, figs, pos);
    for (int i = 0; i < n; i++)
        g->live.figures[figs[i]].pos = pos[i];
    if (g->us[c->unit].in_position) {
        g->us[c->unit].in_position = false;
        rl_state(g, c->unit, "left-position", "%s gives up its In Position marker to fall in", rl_unit_name(g, c->unit));
    }
    *travelling(g, c->unit) = true;
    rl_state(g, c->unit, "travel-column",
             "%s forms a travel column, one man wide: it moves twice its base move an action and does nothing else "
             "until a reorganise puts it back in combat order; fired on, its range die is a type lower and it is "
             "suppressed whatever the result (p24)",
             rl_unit_name(g, c->unit));
    return true;
}

/* In the column a unit only moves (or steadies itself, or calms a panic),
 * and not by a combat move. */
static bool tv_actor_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    (void)decided;
    if (!in_column(g, c->unit) || c->kind == rl_cmd_kind_of(&tv_rule.commands[0]))
        return true; /* forming again is refused by can_form, saying why */
    switch (c->kind) {
    case SL_CMD_MOVE:
    case SL_CMD_REORGANISE:
    case SL_CMD_REMOVE_SUPPRESSION:
    case SL_CMD_REMOVE_PANIC: return true;
    default:
        return rl_refuse(why, whylen,
                         "%s is in a travel column: it may only make travel moves until a reorganise puts it back in "
                         "combat order (p24)",
                         rl_unit_name(g, c->unit));
    }
}

/* Nor does it fire, in its turn or out of it (opportunity or reaction
 * fire): the men march with weapons shouldered. */
static bool tv_fire_able(const sl_game *g, int unit, char *why, size_t whylen)
{
    if (!in_column(g, unit))
        return true;
    return rl_refuse(why, whylen, "%s is in a travel column, weapons shouldered: it does not fire until a reorganise "
                                  "puts it back in combat order (p24)",
                     rl_unit_name(g, unit));
}

static int32_t tv_move_allowance(const sl_game *g, int unit, int32_t base)
{
    return in_column(g, unit) ? 2 * base : base;
}

static void tv_reorganised(sl_game *g, int unit)
{
    if (!in_column(g, unit))
        return;
    *travelling(g, unit) = false;
    rl_state(g, unit, "combat-order", "%s is back in combat order (p24)", rl_unit_name(g, unit));
}

static int tv_range_shift(const sl_game *g, int target, char *why, size_t whylen)
{
    if (!in_column(g, target))
        return 0;
    snprintf(why, whylen, "caught in a travel column, one type lower");
    return -1;
}

/* Fired on in the column, it is suppressed whatever the fire did; when
 * that is its first suppression it tests its confidence, as a unit first
 * suppressed by fire does (p20). */
static void tv_fired_upon(sl_game *g, int target, bool suppressed)
{
    if (!in_column(g, target) || suppressed || rl_living(g, target) == 0)
        return;
    bool first = !g->us[target].suppressed_before;
    mor_suppress(g, target, "caught in a travel column, whatever the fire did (p24)");
    g->us[target].suppressed_before = true;
    if (first && !g->failed) {
        bool trig[MOR_TRIGGER_COUNT] = {false};
        trig[MOR_FIRST_SUPPRESSION] = true;
        mor_confidence_test(g, target, trig, 0, "caught in a travel column");
    }
}

static int tv_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    const sl_unit *u = &g->live.units[unit];
    if (max < 1 || in_column(g, unit) || u->kind != SL_UNIT_INFANTRY || sl_unit_nparts(&g->live, unit) > 0 || sl_unit_whole(&g->live, unit) >= 0)
        return 0;
    memset(out, 0, sizeof *out);
    out->kind = rl_cmd_kind_of(&tv_rule.commands[0]);
    snprintf(out->label, sizeof out->label, "Travel column");
    snprintf(out->key, sizeof out->key, "Shift+M");
    out->order = 75;
    return 1;
}

static int tv_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (max < 1 || !in_column(g, unit))
        return 0;
    snprintf(out->text, sizeof out->text, "COLUMN");
    out->style = SL_MARK_SHADE;
    out->order = 55;
    return 1;
}

static int tv_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    if (max < 1 || !in_column(g, unit))
        return 0;
    memset(out, 0, sizeof *out);
    snprintf(out->text, sizeof out->text, "in a travel column: %d\" a move, nothing but moving (p24)",
             tv_move_allowance(g, unit, 6000) / 1000);
    out->warning = true;
    return 1;
}

static const rl_cmd_def tv_commands[] = {
    {RL_KIND_NEW, "travel", NULL, RL_SHAPE_UNIT_POINT, NULL,
     "travel UNIT [X,Y] (form a travel column; its head toward X,Y)", 1, RL_CMD_ACTION, can_form, form, RL_PICK_POINT, NULL},
};

/* The keys of its action-bar entries and decisions, for the window's
 * help page. */
static const rl_help_row tv_help[] = {
    {"Shift+M", "Form a travel column (double moves, nothing else; O reorganises back)"},
    {NULL, NULL},
};

const rl_house tv_rule = {
    .name = "travel",
    .help = tv_help,
    .source = "rulebook p24: travel movement",
    .title = "travel movement",
    .on = NULL, /* wherever its ruleset admits it: Stargrunt II's own rule */
    .commands = tv_commands,
    .ncommands = 1,
    .unit_bytes = sizeof(bool),
    .actor_check = tv_actor_check,
    .move_allowance = tv_move_allowance,
    .reorganised = tv_reorganised,
    .range_shift = tv_range_shift,
    .fired_upon = tv_fired_upon,
    .fire_able = tv_fire_able,
    .offers = tv_offers,
    .marks = tv_marks,
    .card = tv_card,
};
