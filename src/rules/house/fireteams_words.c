/* The fireteams' words in their own commands, both ways: teams' "both",
 * and the team each figure a regroup names joins. command.c hands the
 * words after the command's to the rows' rl_cmd_words here; what they say
 * is kept in the command's rule bytes, in the struct below (the figures
 * themselves in the command's place_fig, as a reorganise's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "house.h"

/* As kept in sl_command.rule (zero bytes: one action, no team). */
typedef struct ft_bytes {
    bool both;
    signed char team[SL_CMD_MAX_PLACE];
} ft_bytes;
_Static_assert(sizeof(ft_bytes) <= SL_CMD_RULE_BYTES, "the fireteams' part fits in a command's rule bytes");

ft_cmd ft_cmd_of(const sl_command *c)
{
    ft_bytes b;
    memcpy(&b, c->rule, sizeof b);
    ft_cmd f = {b.both, {0}};
    for (int i = 0; i < SL_CMD_MAX_PLACE; i++)
        f.team[i] = b.team[i];
    return f;
}

void ft_cmd_set(sl_command *c, const ft_cmd *f)
{
    ft_bytes b = {f->both, {0}};
    for (int i = 0; i < SL_CMD_MAX_PLACE; i++)
        b.team[i] = (signed char)f->team[i];
    memcpy(c->rule, &b, sizeof b);
}

/* --- teams SQUAD [both] -------------------------------------------------------------------- */

static bool parse_teams(const sl_scenario *scn, const rl_words *ws, int from, const rl_cmd_def *d, sl_command *c,
                        char *err, size_t errlen)
{
    int n = ws->n - from;
    if (n < 1 || n > 2 || (n == 2 && strcmp(ws->w[from + 1], "both") != 0))
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    ft_cmd f = {n == 2, {0}};
    ft_cmd_set(c, &f);
    return rl_unit_word(scn, ws->w[from], &c->unit, err, errlen);
}

static void write_teams(rl_line *o, const sl_command *c)
{
    rl_put(o, " %s", rl_unit_id(o->scn, c->unit));
    if (ft_cmd_of(c).both)
        rl_put(o, "%s", " both");
}

/* the action bar's variant: 1 both actions */
static void teams_variant(sl_command *c, int variant)
{
    ft_cmd f = {variant == 1, {0}};
    ft_cmd_set(c, &f);
}

const rl_cmd_words ft_teams_words = {parse_teams, write_teams, teams_variant};

/* --- regroup SQUAD FIGURE TEAM ... ---------------------------------------------------------- */

/* TEAM: the squad's team by its number, or SQUAD.N; -1 none */
static int team_word(const sl_scenario *scn, const sl_unit *sq, const char *t)
{
    size_t idn = strlen(sq->id);
    if (strncmp(t, sq->id, idn) == 0 && t[idn] == '.')
        t += idn + 1;
    char *end;
    long no = strtol(t, &end, 10);
    for (int i = 0; i < sq->nteams && end != t && !*end; i++)
        if (scn->units[sq->team_unit[i]].team_no == no)
            return (int)no;
    return -1;
}

static bool parse_regroup(const sl_scenario *scn, const rl_words *ws, int from, const rl_cmd_def *d, sl_command *c,
                          char *err, size_t errlen)
{
    if (ws->n - from < 3 || (ws->n - from - 1) % 2)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    if (!rl_unit_word(scn, ws->w[from], &c->unit, err, errlen))
        return false;
    const sl_unit *sq = &scn->units[c->unit];
    if (sq->nteams == 0)
        return rl_refuse(err, errlen, "%s is not split into fireteams", sq->id);
    ft_cmd ft = {false, {0}};
    for (int k = from + 1; k + 1 < ws->n; k += 2) {
        if (c->nplace >= SL_CMD_MAX_PLACE)
            return rl_refuse(err, errlen, "at most %d figures at once", SL_CMD_MAX_PLACE);
        int f = sl_scenario_find_figure(scn, ws->w[k]);
        if (f < 0)
            return rl_refuse(err, errlen, "no figure has id '%s'", ws->w[k]);
        int team = team_word(scn, sq, ws->w[k + 1]);
        if (team < 0)
            return rl_refuse(err, errlen, "%s has no fireteam '%s'", sq->id, ws->w[k + 1]);
        ft.team[c->nplace] = team;
        c->place_fig[c->nplace++] = f;
    }
    ft_cmd_set(c, &ft);
    return true;
}

static void write_regroup(rl_line *o, const sl_command *c)
{
    const sl_scenario *scn = o->scn;
    ft_cmd ft = ft_cmd_of(c);
    rl_put(o, " %s", rl_unit_id(scn, c->unit));
    for (int i = 0; i < c->nplace && i < SL_CMD_MAX_PLACE; i++) {
        int f = c->place_fig[i];
        char no[16];
        snprintf(no, sizeof no, "%d", ft.team[i]);
        rl_put(o, " %s", f >= 0 && f < scn->nfigures ? scn->figures[f].id : "?");
        rl_put(o, " %s", no);
    }
}

const rl_cmd_words ft_regroup_words = {parse_regroup, write_regroup, NULL};

/* --- fire UNIT at TARGET combined ---------------------------------------------------------- */

/* A fire (its shape) may say it right after its target; kept as one
 * byte of the command's. */
static bool combined_on(const rl_cmd_def *d, int kind)
{
    (void)kind;
    return d->shape == RL_SHAPE_FIRE;
}

static int take_combined(const sl_scenario *scn, const rl_words *ws, int k, const sl_command *c, void *mine,
                         char *err, size_t errlen)
{
    if (strcmp(ws->w[k], "combined") != 0)
        return 0;
    if (c->target >= 0 && c->target < scn->nunits && scn->units[c->target].squad < 0) {
        rl_refuse(err, errlen, "'combined' is for a fireteam target: %s is not a fireteam", scn->units[c->target].id);
        return -1;
    }
    *(unsigned char *)mine = 1;
    return 1;
}

static void write_combined(rl_line *o, const void *mine)
{
    if (*(const unsigned char *)mine)
        rl_put(o, "%s", " combined");
}

const rl_cmd_extra ft_extras[1] = {{combined_on, false, 1, NULL, write_combined, NULL, take_combined}};

bool ft_combined(const sl_command *c)
{
    const unsigned char *b = rl_cmd_extra_in(c, &ft_extras[0]);
    return b && *b;
}

void ft_set_combined(sl_command *c, bool on)
{
    unsigned char *b = rl_cmd_extra_of(c, &ft_extras[0]);
    if (b)
        *b = on;
}
