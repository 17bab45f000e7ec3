/* Figures acting or shot at together, and how a squad split into
 * fireteams is made up: the squad keeps quality, leadership, confidence
 * and panic; each team is a unit of its own with its own suppression and
 * In Position marker; an independent squad leader counts with the team he
 * acts with, else the nearest one. What such a squad may do is the
 * fireteams house rule's (src/rules/house/fireteams.c). */
#include <stdio.h>
#include <string.h>

#include "base.h"

/* --- sets of figures ---------------------------------------------------------------- */

void rl_set_unit(const sl_game *g, int u, rl_figset *s)
{
    const sl_unit *un = &g->live.units[u];
    s->n = 0;
    for (int i = 0; i < un->nfigures && s->n < RL_SET_MAX; i++)
        s->fig[s->n++] = un->first_figure + i;
}

bool rl_set_has(const rl_figset *s, int fig)
{
    for (int i = 0; i < s->n; i++)
        if (s->fig[i] == fig)
            return true;
    return false;
}

void rl_set_add(rl_figset *s, int fig)
{
    if (fig >= 0 && s->n < RL_SET_MAX && !rl_set_has(s, fig))
        s->fig[s->n++] = fig;
}

bool rl_set_intact(const sl_game *g, const rl_figset *s)
{
    return sl_figs_intact(&g->live, NULL, s->fig, s->n, NULL);
}

/* --- a squad and its teams ------------------------------------------------------------ */

int rl_squad_of(const sl_game *g, int u)
{
    return u >= 0 && sl_unit_whole(&g->live, u) >= 0 ? sl_unit_whole(&g->live, u) : u;
}

bool rl_has_teams(const sl_game *g, int u)
{
    return u >= 0 && sl_unit_nparts(&g->live, u) > 0;
}

int rl_squad_leader(const sl_game *g, int squad)
{
    int l = g->live.units[squad].leader;
    return l >= 0 && g->live.figures[l].status == SL_FIG_OK ? l : -1;
}

int rl_independent_leader(const sl_game *g, int sq)
{
    int l = rl_squad_leader(g, sq);
    return l >= 0 && rl_has_teams(g, sq) && g->live.figures[l].unit == sq ? l : -1;
}

/* Is the team within squad integrity: its nearest figure within one range
 * band of the squad leader? With no leader standing, every team is. */
bool rl_in_squad_integrity(const sl_game *g, int squad, int team)
{
    sl_parts_integrity si;
    if (!sl_parts_integrity_judge(&g->live, squad, &si))
        return true;
    for (int k = 0; k < si.nparts; k++)
        if (si.part[k] == team)
            return si.in[k];
    return true;
}

int rl_nearest_teams(const sl_game *g, int squad, int tied[SL_MAX_TEAMS], double *gap)
{
    sl_parts_integrity si;
    int n = 0;
    *gap = -1.0;
    if (!sl_parts_integrity_judge(&g->live, squad, &si) || si.leader < 0)
        return 0;
    for (int k = 0; k < si.nparts; k++) {
        if (si.nearest[k] < 0)
            continue;
        if (n == 0 || si.dist[k] < *gap) {
            *gap = si.dist[k];
            n = 0;
        }
        if (si.dist[k] == *gap)
            tied[n++] = si.part[k];
    }
    *gap /= 1000.0;
    return n;
}

int rl_nearest_team(const sl_game *g, int squad, bool *tie)
{
    int tied[SL_MAX_TEAMS];
    double gap;
    int n = rl_nearest_teams(g, squad, tied, &gap);
    *tie = n > 1;
    return n > 0 ? tied[0] : -1;
}

double rl_team_gap(const sl_game *g, int squad, int team)
{
    sl_parts_integrity si;
    if (sl_parts_integrity_judge(&g->live, squad, &si) && si.leader >= 0)
        for (int k = 0; k < si.nparts; k++)
            if (si.part[k] == team && si.nearest[k] >= 0)
                return si.dist[k] / 1000.0;
    return -1.0;
}

bool rl_squad_acting(const sl_game *g, int sq)
{
    for (int i = 0; i < g->act_depth; i++)
        if (rl_squad_of(g, g->act_unit[i]) == sq)
            return true;
    return false;
}

int rl_leader_team_now(const sl_game *g, int sq, bool *tie)
{
    *tie = false;
    int l = rl_squad_leader(g, sq);
    if (l < 0 || !rl_has_teams(g, sq))
        return -1;
    if (g->live.figures[l].unit != sq)
        return g->live.figures[l].unit; /* he leads a team */
    int with = rl_hook_leader_team(g, sq);
    if (with >= 0 && rl_squad_acting(g, sq))
        return with;
    return rl_nearest_team(g, sq, tie);
}

/* The squad leader is suppressed when the team he acts with is, or else
 * the nearest team (not when two are equally near). */
bool rl_leader_suppressed(const sl_game *g, int squad)
{
    int l = rl_squad_leader(g, squad);
    if (l < 0)
        return false;
    int lu = g->live.figures[l].unit;
    if (lu != squad)
        return g->us[lu].suppression > 0; /* he is one of a team */
    int with = rl_hook_leader_team(g, squad);
    if (with >= 0 && g->us[with].suppression > 0 && rl_squad_acting(g, squad))
        return true;
    /* the nearest team, or all of the equally near ones */
    int tied[SL_MAX_TEAMS];
    double gap;
    int n = rl_nearest_teams(g, squad, tied, &gap);
    for (int i = 0; i < n; i++)
        if (g->us[tied[i]].suppression == 0)
            return false;
    return n > 0;
}

bool rl_fig_suppressed(const sl_game *g, int fig)
{
    int u = g->live.figures[fig].unit;
    if (rl_has_teams(g, u))
        return rl_leader_suppressed(g, u);
    return g->us[u].suppression > 0;
}

bool rl_team_may_give(const sl_game *g, int sq, int t, int left, const char *what, char *why, size_t whylen)
{
    if (!rl_in_squad_integrity(g, sq, t))
        return rl_refuse(why, whylen, "%s is outside squad integrity and may not %s (house rule)", rl_unit_name(g, t),
                         what);
    if (left < 2)
        return rl_refuse(why, whylen,
                         "%s would be left with %d m%sn standing besides the squad leader: a fireteam keeps two or "
                         "more (house rule)",
                         rl_unit_name(g, t), left, left == 1 ? "a" : "e");
    return true;
}

void rl_teams_sync(sl_game *g)
{
    for (int sq = 0; sq < g->live.nunits; sq++) {
        sl_unit *s = &g->live.units[sq];
        if (sl_unit_nparts(&g->live, sq) == 0)
            continue;
        bool revealed = g->us[sq].revealed;
        for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++)
            revealed |= g->us[sl_unit_part(&g->live, sq, k)].revealed;
        g->us[sq].revealed = revealed;
        for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
            sl_unit *t = &g->live.units[sl_unit_part(&g->live, sq, k)];
            sl_unit_state *ts = &g->us[sl_unit_part(&g->live, sq, k)];
            t->quality = s->quality;
            t->leadership = s->leadership;
            t->motivation = s->motivation;
            t->confidence = s->confidence;
            t->fatigue = s->fatigue;
            ts->panicked = g->us[sq].panicked;
            ts->last_stand = g->us[sq].last_stand;
            ts->revealed = revealed;
            ts->aboard = g->us[sq].aboard;
            /* the team led by the squad leader, if any */
            t->leader = s->leader >= 0 && g->live.figures[s->leader].unit == sl_unit_part(&g->live, sq, k) ? s->leader : -1;
        }
    }
}

bool rl_det_bound(const sl_game *g, int u)
{
    int p = u >= 0 ? g->live.units[u].parent : -1;
    return p >= 0 && rl_living(g, p) > 0;
}

/* The squad's figures in order again: an independent leader, then each
 * team, its leader first; each team its stretch of them. */
void rl_reorder_squad(sl_game *g, int sq)
{
    sl_unit *s = &g->live.units[sq];
    int first = s->first_figure, n = s->nfigures;
    sl_figure tmp[RL_SET_MAX];
    int from[RL_SET_MAX];
    int leader_id = s->leader;
    char lid[SL_ID_LEN] = "";
    if (leader_id >= 0)
        snprintf(lid, sizeof lid, "%s", g->live.figures[leader_id].id);
    int m = 0;
    for (int t = 0; t <= SL_MAX_TEAMS; t++)
        for (int lead = 1; lead >= 0; lead--)
            for (int i = 0; i < n && m < RL_SET_MAX; i++) {
                const sl_figure *f = &g->live.figures[first + i];
                bool is_leader = first + i == leader_id;
                if (sl_figure_part(&g->live, first + i) == t && is_leader == (lead == 1)) {
                    from[m] = first + i;
                    tmp[m++] = *f;
                }
            }
    memcpy(&g->live.figures[first], tmp, sizeof(sl_figure) * (size_t)m);
    rl_figures_moved(g, first, m, from); /* the rules' bytes of each man go with him */
    s->leader = -1;
    for (int i = 0; i < n; i++)
        if (lid[0] && strcmp(g->live.figures[first + i].id, lid) == 0)
            s->leader = first + i;
    int at = first;
    while (at < first + n && sl_figure_part(&g->live, at) == 0)
        at++;
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        sl_unit *t = &g->live.units[sl_unit_part(&g->live, sq, k)];
        t->first_figure = at;
        t->nfigures = 0;
        while (at < first + n && sl_figure_part(&g->live, at) == sl_unit_part_no(&g->live, sl_unit_part(&g->live, sq, k))) {
            g->live.figures[at].unit = sl_unit_part(&g->live, sq, k);
            t->nfigures++;
            at++;
        }
    }
}

/* --- who acts ----------------------------------------------------------------------------- */

rl_role rl_role_of(const sl_game *g, const sl_command *c)
{
    if (c->unit < 0)
        return RL_PLAIN;
    if (sl_unit_whole(&g->live, c->unit) >= 0)
        return RL_TEAM;
    if (!rl_has_teams(g, c->unit))
        return RL_PLAIN;
    if (rl_hook_acting(g, c) & RL_ACTS_LEADER)
        return RL_LEADER;
    switch (c->kind) {
    case SL_CMD_RALLY:
    case SL_CMD_COMMUNICATE:
    case SL_CMD_OBSERVE:
    case SL_CMD_TRANSFER:
    case SL_CMD_REMOVE_PANIC:
    case SL_CMD_DETACH: return RL_LEADER; /* the leader's own business */
    default: {
        const rl_cmd_def *d = rl_command_row(g, c->kind); /* a rule's command that says it is his */
        return d && (d->flags & RL_CMD_LEADERS) ? RL_LEADER : RL_WHOLE;
    }
    }
}

void rl_acting_set(const sl_game *g, const sl_command *c, rl_figset *s)
{
    int u = c->unit;
    unsigned acts = rl_hook_acting(g, c);
    if ((acts & RL_ACTS_LEADER) && rl_has_teams(g, u)) {
        s->n = 0;
        rl_set_add(s, rl_squad_leader(g, u));
        return;
    }
    rl_set_unit(g, u, s);
    if ((acts & RL_ACTS_WITH_LEADER) && sl_unit_whole(&g->live, u) >= 0)
        rl_set_add(s, rl_independent_leader(g, sl_unit_whole(&g->live, u)));
}

const char *rl_actor_name(const sl_game *g, const sl_command *c, char *buf, size_t len)
{
    rl_role r = rl_role_of(g, c);
    unsigned acts = rl_hook_acting(g, c);
    if (r == RL_LEADER && (acts & RL_ACTS_LEADER))
        snprintf(buf, len, "%s's squad leader", rl_unit_name(g, c->unit));
    else if (r == RL_TEAM && (acts & RL_ACTS_WITH_LEADER))
        snprintf(buf, len, "%s with its squad leader", rl_unit_name(g, c->unit));
    else
        snprintf(buf, len, "%s", rl_unit_name(g, c->unit));
    return buf;
}

int rl_action_target(const sl_game *g, int actor, const sl_command *c)
{
    if (c && c->unit == actor && rl_has_teams(g, actor) && rl_role_of(g, c) == RL_LEADER) {
        bool tie;
        int t = rl_leader_team_now(g, actor, &tie);
        if (t >= 0)
            return t;
    }
    return actor;
}

/* --- what a fire or an assault is aimed at -------------------------------------------------- */

/* The team a leader standing equally near several counts with: a die
 * decides when `roller` may roll, else the first of them. */
static int leader_team_settled(const sl_game *g, sl_game *roller, int sq)
{
    bool tie;
    int t = rl_leader_team_now(g, sq, &tie);
    if (!tie || !roller)
        return t;
    /* the teams equally near: a die picks one of them */
    int tied[SL_MAX_TEAMS];
    double gap;
    int n = rl_nearest_teams(g, sq, tied, &gap);
    if (n < 2)
        return n ? tied[0] : t;
    sl_die die = sl_die_at_least(n);
    int v = rl_roll(roller, die, -1, "leader-team", sq,
                    "%s's squad leader stands equally near %d fireteams: a die decides which he counts with (house "
                    "rule)",
                    rl_unit_name(g, sq), n);
    if (roller->failed)
        return tied[0];
    return tied[(v - 1) % n];
}

/* A team's figures, with the squad leader when he counts with it. */
static void team_with_leader(const sl_game *g, sl_game *roller, int team, rl_figset *s)
{
    rl_set_unit(g, team, s);
    int sq = sl_unit_whole(&g->live, team);
    int l = rl_independent_leader(g, sq);
    if (l < 0)
        return;
    if (leader_team_settled(g, roller, sq) == team)
        rl_set_add(s, l);
}

static void group_name(const sl_game *g, rl_tgroup *tg)
{
    size_t at = 0;
    tg->name[0] = '\0';
    for (int i = 0; i < tg->nunits && at < sizeof tg->name; i++)
        at += (size_t)snprintf(tg->name + at, sizeof tg->name - at, "%s%s",
                               i == 0 ? "" : i + 1 == tg->nunits ? " and " : ", ", rl_unit_name(g, tg->unit[i]));
}

static void group_add_unit(const sl_game *g, sl_game *roller, rl_tgroup *tg, int u)
{
    if (tg->nunits >= (int)(sizeof tg->unit / sizeof tg->unit[0]))
        return;
    tg->unit[tg->nunits++] = u;
    rl_figset s;
    if (sl_unit_whole(&g->live, u) >= 0)
        team_with_leader(g, roller, u, &s);
    else
        rl_set_unit(g, u, &s);
    for (int i = 0; i < s.n; i++)
        rl_set_add(&tg->f, s.fig[i]);
}

/* The team of a squad nearest a point (by its nearest standing figure). */
static int team_nearest_to(const sl_game *g, int sq, sl_pt p)
{
    int best = -1;
    int64_t bd = INT64_MAX;
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        const sl_unit *t = &g->live.units[sl_unit_part(&g->live, sq, k)];
        for (int i = 0; i < t->nfigures; i++) {
            int fi = t->first_figure + i;
            if (g->live.figures[fi].status != SL_FIG_OK)
                continue;
            int64_t d = sl_dist2(g->live.figures[fi].pos, p);
            if (d < bd) {
                bd = d;
                best = sl_unit_part(&g->live, sq, k);
            }
        }
    }
    return best;
}

static bool target_group(const sl_game *g, sl_game *roller, int firer, int target, bool combined, bool strict,
                         rl_tgroup *tg, char *why, size_t whylen)
{
    memset(tg, 0, sizeof *tg);
    if (rl_fog_counter(g, target) && (firer < 0 || g->live.units[firer].side != g->live.units[target].side)) {
        /* a counter: fire at its marker, knowing nothing of what is under it */
        int b = rl_squad_of(g, target);
        const sl_unit *un = &g->live.units[b];
        if (!g->live.options.spotting_by_fire)
            return rl_refuse(why, whylen, "counter %s cannot be fired on in this scenario (rule option "
                                          "spotting_by_fire): observe it first", un->counter);
        tg->unit[tg->nunits++] = b;
        tg->counter = true;
        sl_pt m = sl_game_counter_at(g, b);
        for (int i = 0; i < un->nfigures && tg->f.n < SL_SIGHT_MAX_FIGS; i++) {
            int fi = un->first_figure + i;
            if (g->live.figures[fi].status == SL_FIG_DEAD)
                continue;
            tg->at[tg->f.n] = m;
            rl_set_add(&tg->f, fi);
        }
        snprintf(tg->name, sizeof tg->name, "Counter %s", un->counter);
        return tg->f.n > 0 || rl_refuse(why, whylen, "counter %s is gone", un->counter);
    }
    sl_pt seen_at;
    int seen_turn;
    if (firer >= 0 && sl_game_last_seen(g, g->live.units[firer].side, rl_squad_of(g, target), &seen_at, &seen_turn))
        return rl_refuse(why, whylen, "%s is out of sight of every man of %s's: it was last seen at (%.1f, %.1f) in "
                                      "turn %d (rule option lose_contact)",
                         g->live.units[target].name, rl_side_name(g, g->live.units[firer].side), seen_at.x / 1000.0,
                         seen_at.y / 1000.0, seen_turn);
    if (sl_game_not_yet_on(g, target))
        return rl_refuse(why, whylen, "%s is not on the table yet: it comes on along its column's route",
                         rl_unit_name(g, target));
    if (rl_living(g, target) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing: its dead and wounded are out of the fight, and "
                                      "there is no one there to shoot at or to fight",
                         rl_unit_name(g, target));
    if (rl_has_teams(g, target)) {
        /* a squad of fireteams: all its teams as one target, when they
         * stand within fireteam integrity of each other */
        rl_figset all;
        rl_set_unit(g, target, &all);
        const sl_unit *s = &g->live.units[target];
        if (rl_set_intact(g, &all)) {
            for (int k = 0; k < sl_unit_nparts(&g->live, target); k++)
                if (rl_living(g, sl_unit_part(&g->live, target, k)) > 0)
                    group_add_unit(g, NULL, tg, sl_unit_part(&g->live, target, k));
            rl_set_add(&tg->f, rl_squad_leader(g, target));
        } else if (strict) {
            char list[120] = "";
            size_t at = 0;
            for (int k = 0; k < sl_unit_nparts(&g->live, target) && at < sizeof list; k++)
                at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", k ? ", " : "",
                                       g->live.units[sl_unit_part(&g->live, target, k)].id);
            return rl_refuse(why, whylen,
                             "%s's fireteams are not within fireteam integrity of each other, so they are not one "
                             "target: fire at one team (%s) (house rule)",
                             s->name, list);
        } else {
            /* the team nearest the firer */
            int t = team_nearest_to(g, target, rl_unit_centre(g, firer >= 0 ? firer : target));
            if (t < 0)
                return rl_refuse(why, whylen, "%s has no one left standing: it is out of the fight", s->name);
            group_add_unit(g, roller, tg, t);
        }
    } else {
        group_add_unit(g, roller, tg, target);
    }
    if (combined && sl_unit_whole(&g->live, target) >= 0) {
        /* other enemy teams, of any squad, within fireteam integrity of
         * the target: shot at with it */
        int side = g->live.units[target].side;
        bool grew = true;
        while (grew) {
            grew = false;
            for (int u = 0; u < g->live.nunits; u++) {
                const sl_unit *un = &g->live.units[u];
                bool in = false;
                for (int i = 0; i < tg->nunits; i++)
                    in |= tg->unit[i] == u;
                if (in || sl_unit_whole(&g->live, u) < 0 || un->side != side || rl_living(g, u) == 0 || g->us[u].aboard >= 0)
                    continue;
                rl_figset trial = tg->f, add;
                rl_set_unit(g, u, &add);
                for (int i = 0; i < add.n; i++)
                    rl_set_add(&trial, add.fig[i]);
                if (rl_set_intact(g, &trial)) {
                    group_add_unit(g, roller, tg, u);
                    grew = true;
                }
            }
        }
        if (tg->nunits < 2)
            return rl_refuse(why, whylen,
                             "no other fireteam stands within fireteam integrity of %s, so there is nothing to combine "
                             "it with",
                             rl_unit_name(g, target));
    }
    tg->in_position = true;
    for (int i = 0; i < tg->nunits; i++)
        tg->in_position &= g->us[tg->unit[i]].in_position;
    group_name(g, tg);
    return true;
}

bool rl_target_query(const sl_game *g, int firer, int target, bool combined, bool strict, rl_tgroup *tg, char *why,
                     size_t whylen)
{
    return target_group(g, NULL, firer, target, combined, strict, tg, why, whylen);
}

bool rl_target_resolve(sl_game *g, int firer, int target, bool combined, bool strict, rl_tgroup *tg, char *err,
                       size_t errlen)
{
    return target_group(g, g, firer, target, combined, strict, tg, err, errlen);
}

bool rl_game_leader_suppressed(const sl_game *g, int squad)
{
    return squad >= 0 && squad < g->live.nunits && rl_has_teams(g, squad) && rl_leader_suppressed(g, squad);
}

int rl_game_leader_team(const sl_game *g, int squad)
{
    if (squad < 0 || squad >= g->live.nunits || !rl_has_teams(g, squad))
        return -1;
    bool tie;
    int t = rl_leader_team_now(g, squad, &tie);
    return tie ? -1 : t;
}
