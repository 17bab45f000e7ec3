/* The fireteams' words in their own commands, both ways: teams' "both",
 * and the team each figure a regroup names joins; a fire's "combined";
 * and who of a squad acts in any command ("SQUAD.L", "with-leader"). command.c hands the
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
    int sqi = (int)(sq - scn->units);
    for (int i = 0; i < sl_unit_nparts(scn, sqi) && end != t && !*end; i++)
        if (sl_unit_part_no(scn, sl_unit_part(scn, sqi, i)) == no)
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
    if (sl_unit_nparts(scn, c->unit) == 0)
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
    if (c->target >= 0 && c->target < scn->nunits && sl_unit_whole(scn, c->target) < 0) {
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

/* --- who of a squad acts: SQUAD.L, with-leader --------------------------------------------- */

/* As kept in the command's actor bytes (zero: the unit as it is). */
enum { FT_ALONE = 1, FT_WITH = 2 };

/* "SQUAD.L": the squad's leader alone, for a squad split into fireteams */
static int take_leader(const sl_scenario *scn, const char *id, sl_command *c, void *mine, char *err, size_t errlen)
{
    size_t n = strlen(id);
    if (n <= 2 || id[n - 2] != '.' || (id[n - 1] != 'L' && id[n - 1] != 'l'))
        return 0;
    char sq[SL_ID_LEN];
    snprintf(sq, sizeof sq, "%.*s", (int)(n - 2), id);
    int u = sl_scenario_find_unit(scn, sq);
    if (u >= 0 && sl_unit_nparts(scn, u) > 0) {
        c->unit = u;
        *(unsigned char *)mine |= FT_ALONE;
        return 1;
    }
    if (u >= 0) {
        rl_refuse(err, errlen, "'%s' names a squad leader alone, and %s is not split into fireteams", id, sq);
        return -1;
    }
    return 0;
}

static void write_leader(rl_line *o, const void *mine)
{
    if (*(const unsigned char *)mine & FT_ALONE)
        rl_put(o, "%s", ".L");
}

/* "with-leader", anywhere after the unit: a fireteam's action its squad
 * leader takes part in */
static int take_with(const rl_cmd_def *d, const char *word, void *mine, char *err, size_t errlen)
{
    if (strcmp(word, "with-leader") != 0)
        return 0;
    if (!d || !(d->flags & RL_CMD_WITH_LEADER)) {
        rl_refuse(err, errlen, "with-leader goes with a fireteam's move, combat-move, fire or assault");
        return -1;
    }
    *(unsigned char *)mine |= FT_WITH;
    return 1;
}

static void write_with(rl_line *o, const void *mine)
{
    if (*(const unsigned char *)mine & FT_WITH)
        rl_put(o, "%s", " with-leader");
}

/* the action bar's toggle (J): a squad's leader alone, or a team's
 * action with its squad's leader */
static void toggled(const sl_scenario *scn, int kind, int unit, void *mine)
{
    if (sl_unit_nparts(scn, unit) > 0)
        *(unsigned char *)mine |= FT_ALONE;
    else if (sl_unit_whole(scn, unit) >= 0 &&
             (kind == SL_CMD_MOVE || kind == SL_CMD_COMBAT_MOVE || kind == SL_CMD_FIRE || kind == SL_CMD_ASSAULT))
        *(unsigned char *)mine |= FT_WITH;
}

const rl_actor_words ft_actor = {1, take_leader, write_leader, take_with, write_with, toggled};

static unsigned char actor_bits(const sl_command *c)
{
    const unsigned char *b = rl_cmd_actor_in(c, &ft_actor);
    return b ? *b : 0;
}

static void set_actor_bit(sl_command *c, unsigned char bit, bool on)
{
    unsigned char *b = rl_cmd_actor_of(c, &ft_actor);
    if (b)
        *b = (unsigned char)(on ? *b | bit : *b & ~bit);
}

bool ft_leader_only(const sl_command *c)
{
    return actor_bits(c) & FT_ALONE;
}

bool ft_with_leader(const sl_command *c)
{
    return actor_bits(c) & FT_WITH;
}

void ft_set_leader_only(sl_command *c, bool on)
{
    set_actor_bit(c, FT_ALONE, on);
}

void ft_set_with_leader(sl_command *c, bool on)
{
    set_actor_bit(c, FT_WITH, on);
}

unsigned ft_acting(const sl_game *g, const sl_command *c)
{
    (void)g;
    return (ft_leader_only(c) ? RL_ACTS_LEADER : 0u) | (ft_with_leader(c) ? RL_ACTS_WITH_LEADER : 0u);
}
