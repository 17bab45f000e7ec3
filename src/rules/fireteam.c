/* Fireteams (house rule, seed 004). A squad split into fireteams is a
 * unit whose teams are units of their own (made by the scenario loader):
 * the squad keeps quality, leadership, confidence and panic; each team
 * has its own suppression and In Position marker. When the squad is
 * activated its leader has the two actions: he spends them himself, on
 * the whole squad at once, or gives them to the teams, each of which then
 * acts in turn. */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"

int squad_of(const sl_game *g, int u)
{
    return u >= 0 && g->live.units[u].squad >= 0 ? g->live.units[u].squad : u;
}

bool has_teams(const sl_game *g, int u)
{
    return u >= 0 && g->live.units[u].nteams > 0;
}

bool teams_pending(const sl_game *g, int squad)
{
    const sl_unit *s = &g->live.units[squad];
    for (int k = 0; k < s->nteams; k++)
        if (g->us[s->team_unit[k]].team_pending > 0)
            return true;
    return false;
}

/* The squad leader's figure standing, or -1. */
int squad_leader(const sl_game *g, int squad)
{
    int l = g->live.units[squad].leader;
    return l >= 0 && g->live.figures[l].status == SL_FIG_OK ? l : -1;
}

/* Is the team within squad integrity: its nearest figure within one range
 * band of the squad leader? With no leader standing, every team is. */
bool in_squad_integrity(const sl_game *g, int squad, int team)
{
    sl_squad_integrity si;
    if (!sl_squad_integrity_judge(&g->live, squad, &si))
        return true;
    for (int k = 0; k < si.nteams; k++)
        if (si.team[k] == team)
            return si.in[k];
    return true;
}

/* The teams nearest the squad leader, each measured to its nearest
 * standing figure: their units in tied[] (more than one when equally
 * near), how many, and the distance in inches. None without a leader. */
static int nearest_teams(const sl_game *g, int squad, int tied[SL_MAX_TEAMS], double *gap)
{
    sl_squad_integrity si;
    int n = 0;
    *gap = -1.0;
    if (!sl_squad_integrity_judge(&g->live, squad, &si) || si.leader < 0)
        return 0;
    for (int k = 0; k < si.nteams; k++) {
        if (si.nearest[k] < 0)
            continue;
        if (n == 0 || si.dist[k] < *gap) {
            *gap = si.dist[k];
            n = 0;
        }
        if (si.dist[k] == *gap)
            tied[n++] = si.team[k];
    }
    *gap /= 1000.0;
    return n;
}

/* The team nearest the squad leader; *tie when two are equally near. */
int nearest_team(const sl_game *g, int squad, bool *tie)
{
    int tied[SL_MAX_TEAMS];
    double gap;
    int n = nearest_teams(g, squad, tied, &gap);
    *tie = n > 1;
    return n > 0 ? tied[0] : -1;
}

/* Inches from the squad leader to the team's nearest standing figure. */
static double team_gap(const sl_game *g, int squad, int team)
{
    sl_squad_integrity si;
    if (sl_squad_integrity_judge(&g->live, squad, &si) && si.leader >= 0)
        for (int k = 0; k < si.nteams; k++)
            if (si.team[k] == team && si.nearest[k] >= 0)
                return si.dist[k] / 1000.0;
    return -1.0;
}

/* The squad leader is suppressed when the team he acts with is, or else
 * the nearest team (not when two are equally near). */
static bool squad_acting(const sl_game *g, int sq);

bool leader_suppressed(const sl_game *g, int squad)
{
    int l = squad_leader(g, squad);
    if (l < 0)
        return false;
    int lu = g->live.figures[l].unit;
    if (lu != squad)
        return g->us[lu].suppression > 0; /* he is one of a team */
    const sl_unit_state *ss = &g->us[squad];
    if (ss->leader_with >= 0 && g->us[ss->leader_with].suppression > 0 && squad_acting(g, squad))
        return true;
    /* the nearest team, or all of the equally near ones */
    int tied[SL_MAX_TEAMS];
    double gap;
    int n = nearest_teams(g, squad, tied, &gap);
    for (int i = 0; i < n; i++)
        if (g->us[tied[i]].suppression == 0)
            return false;
    return n > 0;
}

/* A team of the squad has just been suppressed: say whether the squad
 * leader standing apart from his teams now counts as suppressed with it,
 * and why, so a demonstration can follow the rule. */
void ft_note_leader_suppressed(sl_game *g, int sq, int team)
{
    int l = independent_leader(g, sq);
    if (l < 0)
        return;
    const sl_unit *t = &g->live.units[team];
    if (leader_suppressed(g, sq)) {
        if (g->us[sq].leader_with == team && squad_acting(g, sq)) {
            jnote(g, sq, "%s's squad leader is suppressed too: he is acting with team %d (house rule)",
                  unit_name(g, sq), t->team_no);
            return;
        }
        jnote(g, sq, "%s's squad leader is suppressed too: team %d is the fireteam nearest him (%.1f\") (house rule)",
              unit_name(g, sq), t->team_no, team_gap(g, sq, team));
        return;
    }
    int tied[SL_MAX_TEAMS];
    double best;
    int n = nearest_teams(g, sq, tied, &best), near = n > 0 ? tied[0] : -1;
    if (n == 0)
        return;
    double mine = team_gap(g, sq, team);
    if (n > 1 && mine == best)
        jnote(g, sq,
              "%s's squad leader is not suppressed: team %d is no nearer him (%.1f\") than an unsuppressed fireteam "
              "(house rule)",
              unit_name(g, sq), t->team_no, mine);
    else if (near != team && g->us[near].suppression == 0)
        jnote(g, sq, "%s's squad leader is not suppressed: team %d (%.1f\") is nearer him than team %d (%.1f\") (house rule)",
              unit_name(g, sq), g->live.units[near].team_no, best, t->team_no, mine);
}

/* --- the leader gives actions to his teams ---------------------------------------------- */

bool ft_can_teams(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    if (!has_teams(g, sq))
        return refuse(why, whylen, "%s has no fireteams", s->name);
    if (sl_game_active_unit(g) != sq)
        return refuse(why, whylen, "%s is not the active unit", s->name);
    if (g->us[sq].squad_mode == 1)
        return refuse(why, whylen, "%s has acted as a whole squad this activation: its other action is the "
                                   "leader's own or the whole squad's, not the fireteams' (house rule)",
                      s->name);
    if (teams_pending(g, sq))
        return refuse(why, whylen, "%s's fireteams have actions still to take (activate them, or end)", s->name);
    int need = c->both ? 2 : 1;
    if (sl_game_actions_left(g) < need)
        return refuse(why, whylen, "%s has %d action%s left", s->name, sl_game_actions_left(g),
                      sl_game_actions_left(g) == 1 ? "" : "s");
    if (squad_leader(g, sq) < 0)
        return refuse(why, whylen, "%s has no squad leader standing to give orders", s->name);
    char w2[200];
    if (!unit_can_act(g, sq, SL_CMD_TEAMS, w2, sizeof w2))
        return refuse(why, whylen, "%s", w2);
    return true;
}

bool ft_do_teams(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int sq = c->unit;
    sl_unit *s = &g->live.units[sq];
    int n = c->both ? 2 : 1;
    g->act_left[g->act_depth - 1] -= n;
    g->us[sq].actions_done += n;
    g->us[sq].squad_mode = 2;
    jnote(g, sq, "%s's leader gives %s (house rule)", s->name,
          n == 2 ? "both actions to each of its fireteams, each team to take both before the next"
                 : "one action to each of its fireteams");
    int l = squad_leader(g, sq);
    for (int k = 0; k < s->nteams && !g->failed; k++) {
        int t = s->team_unit[k];
        if (living(g, t) == 0)
            continue;
        if (g->us[t].team_reacted) {
            jnote(g, t, "%s spent this turn on opportunity fire and takes no orders", unit_name(g, t));
            continue;
        }
        bool through = true;
        if (!in_squad_integrity(g, sq, t)) {
            /* out of squad integrity: a communication roll, one die type
             * lower when the leader cannot see the team */
            sl_unit_sight sight;
            figset ts;
            unit_set(g, t, &ts);
            sl_set_sight_judge((sl_sight *)&g->sight, sq, &l, 1, ts.fig, ts.n, false, &sight);
            int shift = sight.visible ? 0 : -1;
            through = comm_roll_shift(g, sq, t, shift,
                                      sight.visible ? "outside squad integrity"
                                                    : "outside squad integrity and out of the leader's sight, -1");
        }
        if (g->failed)
            return false;
        if (through) {
            g->us[t].team_pending = n;
            g->us[t].team_both = n == 2;
        } else {
            jnote(g, t, "%s gets no action%s", unit_name(g, t), n == 2 ? "s (neither of the two)" : "");
        }
    }
    return !g->failed;
}

bool ft_can_activate_team(const sl_game *g, int team, char *why, size_t whylen)
{
    int sq = g->live.units[team].squad;
    int active = sl_game_active_unit(g);
    if (active >= 0 && active != sq && g->live.units[active].squad == sq)
        return refuse(why, whylen,
                      "%s is still acting: %s",
                      unit_name(g, active),
                      g->us[active].team_both
                          ? "with both actions given at once, each fireteam takes both before the next is activated "
                            "(no juggling, house rule); end it first and any action it has left is lost"
                          : "end it first");
    if (active != sq)
        return refuse(why, whylen, "%s acts only on actions its squad leader gives it: activate %s, then teams %s",
                      unit_name(g, team), g->live.units[sq].id, g->live.units[sq].id);
    if (g->us[team].team_pending <= 0)
        return refuse(why, whylen, "%s has no action from its squad leader now%s", unit_name(g, team),
                      teams_pending(g, sq) ? " (another team still has one)" : "");
    if (living(g, team) == 0)
        return refuse(why, whylen, "%s has no figures left standing", unit_name(g, team));
    return true;
}

void ft_activate_team(sl_game *g, int team)
{
    sl_unit_state *s = &g->us[team];
    int n = s->team_pending;
    s->team_pending = 0;
    s->moves = 0;
    s->actions_done = 0;
    s->fired_this_activation = false;
    g->act_unit[g->act_depth] = team;
    g->act_left[g->act_depth] = n;
    g->act_transfers[g->act_depth] = 0;
    g->act_depth++;
    jstate(g, team, "activated", "%s acts: %d action%s%s", unit_name(g, team), n, n == 1 ? "" : "s",
           n == 2 ? ", both now (no coming back to it)" : "");
    if (s->overwatch) {
        s->overwatch = false;
        jstate(g, team, "overwatch-lost", "%s loses its overwatch counter on activating", unit_name(g, team));
    }
}

/* A squad with fireteams is activated: its teams' markers turn with it. */
void ft_activate_squad(sl_game *g, int sq)
{
    sl_unit *s = &g->live.units[sq];
    g->us[sq].squad_mode = 0;
    g->us[sq].leader_with = -1;
    for (int k = 0; k < s->nteams; k++) {
        sl_unit_state *t = &g->us[s->team_unit[k]];
        t->activated = true;
        t->team_pending = 0;
    }
}

/* --- who acts, and who is shot at ------------------------------------------------------------ */

void unit_set(const sl_game *g, int u, figset *s)
{
    const sl_unit *un = &g->live.units[u];
    s->n = 0;
    for (int i = 0; i < un->nfigures && s->n < SL_SET_MAX; i++)
        s->fig[s->n++] = un->first_figure + i;
}

static bool set_has(const figset *s, int fig)
{
    for (int i = 0; i < s->n; i++)
        if (s->fig[i] == fig)
            return true;
    return false;
}

static void set_add(figset *s, int fig)
{
    if (fig >= 0 && s->n < SL_SET_MAX && !set_has(s, fig))
        s->fig[s->n++] = fig;
}

/* The squad leader standing on his own (in no team), or -1. */
int independent_leader(const sl_game *g, int sq)
{
    int l = squad_leader(g, sq);
    return l >= 0 && has_teams(g, sq) && g->live.figures[l].unit == sq ? l : -1;
}

/* Is the squad (or one of its teams) acting now? */
static bool squad_acting(const sl_game *g, int sq)
{
    for (int i = 0; i < g->act_depth; i++)
        if (squad_of(g, g->act_unit[i]) == sq)
            return true;
    return false;
}

int leader_team_now(const sl_game *g, int sq, bool *tie)
{
    *tie = false;
    int l = squad_leader(g, sq);
    if (l < 0 || !has_teams(g, sq))
        return -1;
    if (g->live.figures[l].unit != sq)
        return g->live.figures[l].unit; /* he leads a team */
    if (g->us[sq].leader_with >= 0 && squad_acting(g, sq))
        return g->us[sq].leader_with;
    return nearest_team(g, sq, tie);
}

/* The same, settling a tie with a die when asked to. */
static int leader_team_roll(sl_game *g, int sq)
{
    bool tie;
    int t = leader_team_now(g, sq, &tie);
    if (!tie)
        return t;
    /* the teams equally near: a die picks one of them */
    int tied[SL_MAX_TEAMS];
    double gap;
    int n = nearest_teams(g, sq, tied, &gap);
    if (n < 2)
        return n ? tied[0] : t;
    sl_die die = sl_die_at_least(n);
    int v = roll(g, die, -1, "leader-team", sq,
                 "%s's squad leader stands equally near %d fireteams: a die decides which he counts with (house rule)",
                 unit_name(g, sq), n);
    if (g->failed)
        return tied[0];
    return tied[(v - 1) % n];
}

void acting_set(const sl_game *g, const sl_command *c, figset *s)
{
    int u = c->unit;
    if (c->leader_only && has_teams(g, u)) {
        s->n = 0;
        set_add(s, squad_leader(g, u));
        return;
    }
    unit_set(g, u, s);
    if (c->with_leader && g->live.units[u].squad >= 0)
        set_add(s, independent_leader(g, g->live.units[u].squad));
}

bool set_intact(const sl_game *g, const figset *s, sl_integrity *out)
{
    sl_pt pos[SL_SET_MAX];
    int32_t rad[SL_SET_MAX];
    int n = 0;
    for (int i = 0; i < s->n; i++) {
        const sl_figure *f = &g->live.figures[s->fig[i]];
        if (f->status == SL_FIG_DEAD)
            continue;
        pos[n] = f->pos;
        rad[n++] = f->base_r;
    }
    sl_integrity_params p = {g->live.options.integrity_circle, g->live.options.integrity_chain,
                             g->live.options.integrity_measure == 1};
    sl_integrity tmp;
    if (!out)
        out = &tmp;
    int group[SL_SET_MAX];
    bool stray[SL_SET_MAX];
    sl_integrity_check(pos, rad, n, &p, group, stray, out);
    return out->intact;
}

/* A team's figures, with the squad leader when he counts with it. */
static void team_with_leader(sl_game *g, int team, bool roll_tie, figset *s)
{
    unit_set(g, team, s);
    int sq = g->live.units[team].squad;
    int l = independent_leader(g, sq);
    if (l < 0)
        return;
    bool tie;
    int t = roll_tie ? leader_team_roll(g, sq) : leader_team_now(g, sq, &tie);
    if (t == team)
        set_add(s, l);
}

static void group_name(sl_game *g, tgroup *tg)
{
    size_t at = 0;
    tg->name[0] = '\0';
    for (int i = 0; i < tg->nunits && at < sizeof tg->name; i++)
        at += (size_t)snprintf(tg->name + at, sizeof tg->name - at, "%s%s",
                               i == 0 ? "" : i + 1 == tg->nunits ? " and " : ", ", unit_name(g, tg->unit[i]));
}

static void group_add_unit(sl_game *g, tgroup *tg, int u, bool roll_tie)
{
    if (tg->nunits >= (int)(sizeof tg->unit / sizeof tg->unit[0]))
        return;
    tg->unit[tg->nunits++] = u;
    figset s;
    if (g->live.units[u].squad >= 0)
        team_with_leader(g, u, roll_tie, &s);
    else
        unit_set(g, u, &s);
    for (int i = 0; i < s.n; i++)
        set_add(&tg->f, s.fig[i]);
}

/* The team of a squad nearest a point (by its nearest standing figure). */
static int team_nearest_to(const sl_game *g, int sq, sl_pt p)
{
    const sl_unit *s = &g->live.units[sq];
    int best = -1;
    int64_t bd = INT64_MAX;
    for (int k = 0; k < s->nteams; k++) {
        const sl_unit *t = &g->live.units[s->team_unit[k]];
        for (int i = 0; i < t->nfigures; i++) {
            const sl_figure *f = &g->live.figures[t->first_figure + i];
            if (f->status == SL_FIG_OK && sl_dist2(f->pos, p) < bd) {
                bd = sl_dist2(f->pos, p);
                best = s->team_unit[k];
            }
        }
    }
    return best;
}

bool target_group(sl_game *g, int firer, int target, bool combined, bool roll_tie, bool strict, tgroup *tg, char *why,
                  size_t whylen)
{
    memset(tg, 0, sizeof *tg);
    if (has_teams(g, target)) {
        /* a squad of fireteams: all its teams as one target, when they
         * stand within fireteam integrity of each other */
        figset all;
        unit_set(g, target, &all);
        const sl_unit *s = &g->live.units[target];
        if (set_intact(g, &all, NULL)) {
            for (int k = 0; k < s->nteams; k++)
                if (living(g, s->team_unit[k]) > 0)
                    group_add_unit(g, tg, s->team_unit[k], false);
            set_add(&tg->f, squad_leader(g, target));
        } else if (strict) {
            char list[120] = "";
            size_t at = 0;
            for (int k = 0; k < s->nteams && at < sizeof list; k++)
                at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", k ? ", " : "",
                                       g->live.units[s->team_unit[k]].id);
            return refuse(why, whylen,
                          "%s's fireteams are not within fireteam integrity of each other, so they are not one "
                          "target: fire at one team (%s) (house rule)",
                          s->name, list);
        } else {
            /* the team nearest the firer */
            int t = team_nearest_to(g, target, unit_centre(g, firer >= 0 ? firer : target));
            if (t < 0)
                return refuse(why, whylen, "%s has no figures left", s->name);
            group_add_unit(g, tg, t, roll_tie);
        }
    } else {
        group_add_unit(g, tg, target, roll_tie);
    }
    if (combined && g->live.units[target].squad >= 0) {
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
                if (in || un->squad < 0 || un->side != side || living(g, u) == 0 || g->us[u].aboard >= 0)
                    continue;
                figset trial = tg->f, add;
                unit_set(g, u, &add);
                for (int i = 0; i < add.n; i++)
                    set_add(&trial, add.fig[i]);
                if (set_intact(g, &trial, NULL)) {
                    group_add_unit(g, tg, u, roll_tie);
                    grew = true;
                }
            }
        }
        if (tg->nunits < 2)
            return refuse(why, whylen, "no other fireteam stands within fireteam integrity of %s, so there is nothing "
                                       "to combine it with",
                          unit_name(g, target));
    }
    tg->in_position = true;
    for (int i = 0; i < tg->nunits; i++)
        tg->in_position &= g->us[tg->unit[i]].in_position;
    group_name(g, tg);
    return true;
}

/* Is the figure suppressed: its unit's marker, its team's, or for an
 * independent squad leader, the team he counts with? */
bool fig_suppressed(const sl_game *g, int fig)
{
    int u = g->live.figures[fig].unit;
    if (has_teams(g, u))
        return leader_suppressed(g, u);
    return g->us[u].suppression > 0;
}

/* --- what a squad of fireteams, a team and a squad leader may do ------------------------------- */

ft_role ft_role_of(const sl_game *g, const sl_command *c)
{
    if (c->unit < 0)
        return FT_PLAIN;
    if (g->live.units[c->unit].squad >= 0)
        return FT_TEAM;
    if (!has_teams(g, c->unit))
        return FT_PLAIN;
    if (c->leader_only)
        return FT_LEADER;
    switch (c->kind) {
    case SL_CMD_RALLY:
    case SL_CMD_COMMUNICATE:
    case SL_CMD_OBSERVE:
    case SL_CMD_TRANSFER:
    case SL_CMD_REMOVE_PANIC:
    case SL_CMD_TEAMS:
    case SL_CMD_DETACH:
    case SL_CMD_REGROUP: return FT_LEADER; /* the leader's own business */
    default: return FT_WHOLE;
    }
}

static bool suppressed_may(sl_cmd_kind k, const sl_game *g)
{
    return k == SL_CMD_REMOVE_SUPPRESSION || k == SL_CMD_OBSERVE || k == SL_CMD_COMMUNICATE ||
           k == SL_CMD_REORGANISE || k == SL_CMD_TRANSFER || k == SL_CMD_RALLY || k == SL_CMD_REMOVE_PANIC ||
           k == SL_CMD_REGROUP || ((k == SL_CMD_MOVE || k == SL_CMD_COMBAT_MOVE) && g->live.options.suppressed_move == 1);
}

static bool team_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int t = c->unit, sq = g->live.units[t].squad;
    const char *name = unit_name(g, t);
    switch (c->kind) {
    case SL_CMD_RALLY:
        return refuse(why, whylen, "a fireteam does not rally units: that is the squad leader's (%s.L) (house rule)",
                      g->live.units[sq].id);
    case SL_CMD_TRANSFER:
    case SL_CMD_TEAMS:
        return refuse(why, whylen, "a fireteam does not pass actions on (house rule)");
    case SL_CMD_REMOVE_PANIC:
        return refuse(why, whylen, "panic is the squad's: its leader removes it (remove-panic %s) (house rule)",
                      g->live.units[sq].id);
    case SL_CMD_REGROUP:
        return refuse(why, whylen, "moving men between fireteams is the squad leader's: regroup %s ... (house rule)",
                      g->live.units[sq].id);
    case SL_CMD_DETACH:
        return refuse(why, whylen, "a fireteam does not form a detached element: its squad leader does (detach %s "
                                   "FIGURE ..., house rule)",
                      g->live.units[sq].id);
    case SL_CMD_EMBARK:
    case SL_CMD_DISEMBARK:
        return refuse(why, whylen, "a squad of fireteams boards and leaves a vehicle as a whole: %s %s",
                      sl_cmd_name(c->kind), g->live.units[sq].id);
    default: break;
    }
    if (g->us[sq].panicked)
        return refuse(why, whylen, "%s is panicking: its leader must first remove the panic (p21)",
                      g->live.units[sq].name);
    if (!unit_can_act(g, t, c->kind, why, whylen))
        return false;
    if (c->kind != SL_CMD_MOVE && c->kind != SL_CMD_COMBAT_MOVE && c->kind != SL_CMD_REORGANISE &&
        c->kind != SL_CMD_END_ACTIVATION && c->kind != SL_CMD_LAST_STAND) {
        /* a team out of fireteam integrity first gathers: by a reorganise,
         * or by a move as its first action (house rule) */
        sl_integrity in;
        sl_unit_integrity(&g->live, t, NULL, NULL, &in);
        if (!in.intact)
            return refuse(why, whylen, "%s is out of fireteam integrity (%d astray): it must first gather, by a "
                                       "reorganise or by a move as its first action (house rule)",
                          name, in.nstray);
    }
    if (c->with_leader) {
        int l = squad_leader(g, sq);
        if (l < 0)
            return refuse(why, whylen, "%s has no squad leader standing to go with %s", g->live.units[sq].name, name);
        if (g->live.figures[l].unit == t)
            return refuse(why, whylen, "the squad leader is one of %s's own figures: he acts with it anyway", name);
        if (g->live.figures[l].unit != sq)
            return refuse(why, whylen, "the squad leader belongs to %s and acts with it", unit_name(g, g->live.figures[l].unit));
        int joined = g->us[sq].leader_joined;
        if (joined >= 0 && joined != t)
            return refuse(why, whylen, "the squad leader has gone with %s this turn: he joins one fireteam a turn "
                                       "(house rule)",
                          unit_name(g, joined));
        if (c->kind == SL_CMD_MOVE || c->kind == SL_CMD_COMBAT_MOVE) {
            if (!in_squad_integrity(g, sq, t))
                return refuse(why, whylen, "the squad leader must be within squad integrity of %s (one range band, "
                                           "%d\") to move with it (house rule)",
                              name, sl_quality_band(g->live.units[sq].quality) / 1000);
        } else {
            figset s;
            acting_set(g, c, &s);
            if (!set_intact(g, &s, NULL))
                return refuse(why, whylen, "the squad leader must be within fireteam integrity of %s (%.0f\" chain or "
                                           "%.0f\" circle) to fight with it (house rule)",
                              name, g->live.options.integrity_chain / 1000.0, g->live.options.integrity_circle / 1000.0);
            if (leader_suppressed(g, sq))
                return refuse(why, whylen, "the squad leader counts as suppressed (the fireteam nearest him is) and "
                                           "cannot fight (house rule)");
        }
    }
    return true;
}

static bool leader_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    if (squad_leader(g, sq) < 0)
        return refuse(why, whylen, "%s has no squad leader standing", s->name);
    switch (c->kind) {
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE:
    case SL_CMD_FIRE:
    case SL_CMD_REMOVE_SUPPRESSION:
    case SL_CMD_COMMUNICATE:
    case SL_CMD_RALLY:
    case SL_CMD_OBSERVE:
    case SL_CMD_TRANSFER:
    case SL_CMD_REMOVE_PANIC:
    case SL_CMD_DETACH:
    case SL_CMD_REGROUP: break;
    case SL_CMD_ASSAULT:
        return refuse(why, whylen, "the squad leader closes assault with a fireteam (assault %s.N TARGET with-leader) "
                                   "or with the whole squad",
                      s->id);
    case SL_CMD_REORGANISE:
        return refuse(why, whylen, "the squad leader moves men between fireteams with regroup %s FIGURE TEAM ...",
                      s->id);
    default:
        return refuse(why, whylen, "%s belongs to the fireteams (or the whole squad), not the squad leader alone",
                      sl_cmd_name(c->kind));
    }
    const sl_unit_state *ss = &g->us[sq];
    if (ss->panicked && c->kind != SL_CMD_REMOVE_PANIC)
        return refuse(why, whylen, "%s is panicking: its leader can do nothing but try to remove the panic (two "
                                   "actions)",
                      s->name);
    if (leader_suppressed(g, sq) && !suppressed_may(c->kind, g))
        return refuse(why, whylen, "%s's squad leader counts as suppressed (the fireteam nearest him is): he may "
                                   "only remove suppression, observe, communicate or pass orders (house rule, p18)",
                      s->name);
    if (ss->aboard >= 0 && c->kind != SL_CMD_COMMUNICATE && c->kind != SL_CMD_TRANSFER && c->kind != SL_CMD_RALLY &&
        c->kind != SL_CMD_REMOVE_SUPPRESSION)
        return refuse(why, whylen, "%s is aboard %s", s->name, g->live.units[ss->aboard].name);
    if (ss->failed_tests & (1u << c->kind))
        return refuse(why, whylen, "%s failed its reaction test to %s this turn (p21)", s->name, sl_cmd_name(c->kind));
    if (c->kind == SL_CMD_TRANSFER && g->live.units[c->target].squad == sq)
        return refuse(why, whylen, "a squad leader gives actions to his fireteams with: teams %s [both]", s->id);
    if (c->kind == SL_CMD_REMOVE_SUPPRESSION) {
        bool any = false;
        for (int k = 0; k < s->nteams; k++)
            any |= g->us[s->team_unit[k]].suppression > 0 && in_squad_integrity(g, sq, s->team_unit[k]) &&
                   living(g, s->team_unit[k]) > 0;
        if (!any)
            return refuse(why, whylen, "no fireteam of %s within squad integrity is suppressed", s->name);
    }
    return true;
}

static bool whole_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    const sl_unit_state *ss = &g->us[sq];
    switch (c->kind) {
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE:
    case SL_CMD_FIRE:
    case SL_CMD_ASSAULT:
    case SL_CMD_IN_POSITION:
    case SL_CMD_LEAVE_POSITION:
    case SL_CMD_REMOVE_SUPPRESSION:
    case SL_CMD_OVERWATCH:
    case SL_CMD_REORGANISE:
    case SL_CMD_EMBARK:
    case SL_CMD_DISEMBARK: break;
    default: return refuse(why, whylen, "%s is not something a whole squad does at once", sl_cmd_name(c->kind));
    }
    if (ss->squad_mode == 2)
        return refuse(why, whylen, "%s's fireteams have had actions of their own this activation: it cannot act as a "
                                   "whole squad as well (house rule)",
                      s->name);
    if (ss->panicked)
        return refuse(why, whylen, "%s is panicking: it can do nothing but try to remove the panic (two actions)",
                      s->name);
    if (ss->failed_tests & (1u << c->kind))
        return refuse(why, whylen, "%s failed its reaction test to %s this turn and may not try again until next turn "
                                   "(p21)",
                      s->name, sl_cmd_name(c->kind));
    int ip = 0, supp = 0, alive = 0;
    for (int k = 0; k < s->nteams; k++) {
        int t = s->team_unit[k];
        if (living(g, t) == 0)
            continue;
        alive++;
        ip += g->us[t].in_position;
        supp += g->us[t].suppression > 0;
        if (g->us[t].team_reacted)
            return refuse(why, whylen, "%s spent this turn on opportunity fire, so the squad cannot act as a whole "
                                       "(house rule)",
                          unit_name(g, t));
        if (c->kind == SL_CMD_REMOVE_SUPPRESSION)
            continue;
        char w2[300];
        if (!unit_can_act(g, t, c->kind, w2, sizeof w2))
            return refuse(why, whylen, "the whole squad cannot %s: %s", sl_cmd_name(c->kind), w2);
    }
    if (alive == 0)
        return refuse(why, whylen, "%s has no fireteam left standing", s->name);
    if (c->kind == SL_CMD_IN_POSITION && ip == alive)
        return refuse(why, whylen, "every fireteam of %s is already In Position", s->name);
    if (c->kind == SL_CMD_LEAVE_POSITION && ip == 0)
        return refuse(why, whylen, "no fireteam of %s is In Position", s->name);
    if (c->kind == SL_CMD_REMOVE_SUPPRESSION && supp == 0)
        return refuse(why, whylen, "no fireteam of %s is suppressed", s->name);
    return true;
}

bool ft_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    switch (ft_role_of(g, c)) {
    case FT_TEAM: return team_check(g, c, why, whylen);
    case FT_LEADER: return leader_check(g, c, why, whylen);
    case FT_WHOLE: return whole_check(g, c, why, whylen);
    default: return unit_can_act(g, c->unit, c->kind, why, whylen);
    }
}

/* --- carrying out what only squads of fireteams do --------------------------------------------- */

/* The squad leader's remove-suppression: one roll; on a success every
 * team within squad integrity loses one marker. */
static bool leader_remove_suppression(sl_game *g, int sq)
{
    const sl_unit *s = &g->live.units[sq];
    int v = roll(g, sl_quality_die(s->quality), s->leadership, "suppression", sq,
                 "%s's squad leader steadies his fireteams: %s must beat leadership %d; each team within squad "
                 "integrity loses one marker (house rule, p18)",
                 s->name, sl_die_name(sl_quality_die(s->quality)), s->leadership);
    if (g->failed)
        return false;
    if (v <= s->leadership) {
        jnote(g, sq, "%s's fireteams stay suppressed", s->name);
        return true;
    }
    for (int k = 0; k < s->nteams; k++) {
        int t = s->team_unit[k];
        if (g->us[t].suppression == 0 || living(g, t) == 0)
            continue;
        if (!in_squad_integrity(g, sq, t)) {
            jnote(g, t, "%s is outside squad integrity and keeps its markers", unit_name(g, t));
            continue;
        }
        g->us[t].suppression--;
        jstate(g, t, "unsuppressed", "%s removes a suppression marker: %d left", unit_name(g, t), g->us[t].suppression);
    }
    return true;
}

bool ft_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    *handled = true;
    ft_role role = ft_role_of(g, c);
    int sq = squad_of(g, c->unit);
    if (role == FT_TEAM && c->with_leader) {
        g->us[sq].leader_with = c->unit;
        if (g->us[sq].leader_joined < 0)
            jnote(g, c->unit, "%s's squad leader goes with %s for this activation (house rule)", unit_name(g, sq),
                  unit_name(g, c->unit));
        g->us[sq].leader_joined = c->unit;
    }
    if (role == FT_WHOLE && g->us[sq].squad_mode != 1) {
        g->us[sq].squad_mode = 1;
        jnote(g, sq, "%s acts as a whole squad: every fireteam together (house rule)", unit_name(g, sq));
    }
    const sl_unit *s = &g->live.units[sq];
    if (role == FT_LEADER && c->kind == SL_CMD_REMOVE_SUPPRESSION)
        return leader_remove_suppression(g, sq);
    if (role == FT_WHOLE) {
        bool ok = true;
        switch (c->kind) {
        case SL_CMD_IN_POSITION:
            for (int k = 0; k < s->nteams && ok && !g->failed; k++)
                if (living(g, s->team_unit[k]) > 0 && !g->us[s->team_unit[k]].in_position)
                    ok = do_in_position(g, s->team_unit[k], err, errlen);
            return ok && !g->failed;
        case SL_CMD_LEAVE_POSITION:
            for (int k = 0; k < s->nteams; k++)
                if (g->us[s->team_unit[k]].in_position) {
                    g->us[s->team_unit[k]].in_position = false;
                    jstate(g, s->team_unit[k], "left-position", "%s gives up its In Position marker",
                           unit_name(g, s->team_unit[k]));
                }
            return true;
        case SL_CMD_REMOVE_SUPPRESSION:
            for (int k = 0; k < s->nteams && ok && !g->failed; k++)
                if (living(g, s->team_unit[k]) > 0 && g->us[s->team_unit[k]].suppression > 0)
                    ok = do_remove_suppression(g, s->team_unit[k], err, errlen);
            return ok && !g->failed;
        case SL_CMD_OVERWATCH:
            for (int k = 0; k < s->nteams; k++)
                if (living(g, s->team_unit[k]) > 0)
                    g->us[s->team_unit[k]].overwatch = true;
            jstate(g, sq, "overwatch",
                   "Every fireteam of %s goes on overwatch: each may open opportunity fire without a reaction test "
                   "until it uses its counter or the squad next activates (house rule)",
                   s->name);
            return true;
        default: break;
        }
    }
    *handled = false;
    return true;
}

/* The squad's morale and state, copied to its teams (which read their
 * quality, leadership and confidence as their own); a spotted team gives
 * the squad away, and the other way round. */
void ft_sync(sl_game *g)
{
    for (int sq = 0; sq < g->live.nunits; sq++) {
        sl_unit *s = &g->live.units[sq];
        if (s->nteams == 0)
            continue;
        bool revealed = g->us[sq].revealed;
        for (int k = 0; k < s->nteams; k++)
            revealed |= g->us[s->team_unit[k]].revealed;
        g->us[sq].revealed = revealed;
        for (int k = 0; k < s->nteams; k++) {
            sl_unit *t = &g->live.units[s->team_unit[k]];
            sl_unit_state *ts = &g->us[s->team_unit[k]];
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
            t->leader = s->leader >= 0 && g->live.figures[s->leader].unit == s->team_unit[k] ? s->leader : -1;
        }
    }
}

/* Who carries out a command, in words for the journal. */
const char *cmd_actor_name(const sl_game *g, const sl_command *c, char *buf, size_t len)
{
    ft_role r = ft_role_of(g, c);
    if (r == FT_LEADER && c->leader_only)
        snprintf(buf, len, "%s's squad leader", unit_name(g, c->unit));
    else if (r == FT_TEAM && c->with_leader)
        snprintf(buf, len, "%s with its squad leader", unit_name(g, c->unit));
    else
        snprintf(buf, len, "%s", unit_name(g, c->unit));
    return buf;
}

/* A unit fires out of turn (opportunity or reaction fire): its activation
 * is spent. A fireteam's spends its squad's (or, by the fireteam_reaction
 * option, only its own part). */
void ft_spend_on_fire(sl_game *g, int u)
{
    g->us[u].activated = true;
    int sq = g->live.units[u].squad;
    if (sq < 0)
        return;
    if (g->live.options.fireteam_reaction == 1) {
        g->us[u].team_reacted = true;
        return;
    }
    if (g->us[sq].activated)
        return;
    g->us[sq].activated = true;
    const sl_unit *s = &g->live.units[sq];
    for (int k = 0; k < s->nteams; k++)
        g->us[s->team_unit[k]].activated = true;
    jstate(g, sq, "activated", "%s's activation is spent on %s's fire: its marker is turned (house rule; option "
                               "fireteam_reaction)",
           s->name, unit_name(g, u));
}

int action_target(const sl_game *g, int actor, const sl_command *c)
{
    if (c && c->unit == actor && has_teams(g, actor) && ft_role_of(g, c) == FT_LEADER) {
        bool tie;
        int t = leader_team_now(g, actor, &tie);
        if (t >= 0)
            return t;
    }
    return actor;
}

/* --- moving men between fireteams ---------------------------------------------------------------- */

static int team_by_no(const sl_game *g, int sq, int no)
{
    const sl_unit *s = &g->live.units[sq];
    for (int k = 0; k < s->nteams; k++)
        if (g->live.units[s->team_unit[k]].team_no == no)
            return s->team_unit[k];
    return -1;
}

/* May a team give men (to another team, or to a detached element) and
 * keep `left` of them: it must stand within squad integrity, and a team
 * keeps two men or more besides the squad leader (house rule). */
bool team_may_give(const sl_game *g, int sq, int t, int left, const char *what, char *why, size_t whylen)
{
    if (!in_squad_integrity(g, sq, t))
        return refuse(why, whylen, "%s is outside squad integrity and may not %s (house rule)", unit_name(g, t), what);
    if (left < 2)
        return refuse(why, whylen, "%s would be left with %d m%sn standing besides the squad leader: a fireteam "
                                   "keeps two or more (house rule)",
                      unit_name(g, t), left, left == 1 ? "a" : "e");
    return true;
}

/* Actions a regroup costs: one when every team involved stands within
 * fireteam integrity of the others, two when they are only within squad
 * integrity; 0 with *why set when it cannot be done. */
int ft_regroup_cost(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    bool involved[SL_MAX_TEAMS] = {false};
    int after[SL_MAX_TEAMS] = {0};
    for (int k = 0; k < s->nteams; k++) {
        const sl_unit *t = &g->live.units[s->team_unit[k]];
        for (int i = 0; i < t->nfigures; i++) {
            int fi = t->first_figure + i;
            after[k] += g->live.figures[fi].status == SL_FIG_OK && fi != s->leader;
        }
    }
    for (int i = 0; i < c->nplace; i++) {
        int fi = c->place_fig[i];
        const sl_figure *f = &g->live.figures[fi];
        int from = f->unit, to = team_by_no(g, sq, c->place_team[i]);
        if (from == sq)
            return refuse(why, whylen, "%s stands alone as squad leader: he takes part in a team's actions with "
                                       "with-leader instead",
                          f->id), 0;
        if (g->live.units[from].squad != sq)
            return refuse(why, whylen, "%s is not one of %s's men", f->id, s->name), 0;
        if (f->status == SL_FIG_DEAD)
            return refuse(why, whylen, "%s is dead", f->id), 0;
        if (to < 0)
            return refuse(why, whylen, "%s has no fireteam %d", s->name, c->place_team[i]), 0;
        if (to == from)
            return refuse(why, whylen, "%s is already in %s", f->id, unit_name(g, to)), 0;
        for (int j = 0; j < i; j++)
            if (c->place_fig[j] == fi)
                return refuse(why, whylen, "%s is named twice", f->id), 0;
        for (int k = 0; k < s->nteams; k++) {
            bool counts = f->status == SL_FIG_OK && fi != s->leader;
            if (s->team_unit[k] == from) {
                involved[k] = true;
                after[k] -= counts;
            }
            if (s->team_unit[k] == to) {
                involved[k] = true;
                after[k] += counts;
            }
        }
    }
    figset all = {.n = 0};
    for (int k = 0; k < s->nteams; k++) {
        if (!involved[k])
            continue;
        int t = s->team_unit[k];
        if (!team_may_give(g, sq, t, after[k], "take part in a regroup", why, whylen))
            return 0;
        figset ts;
        unit_set(g, t, &ts);
        for (int i = 0; i < ts.n; i++)
            set_add(&all, ts.fig[i]);
    }
    return set_intact(g, &all, NULL) ? 1 : 2;
}

/* The squad's figures in order again: an independent leader, then each
 * team, its leader first; each team its stretch of them. */
void ft_reorder(sl_game *g, int sq)
{
    sl_unit *s = &g->live.units[sq];
    int first = s->first_figure, n = s->nfigures;
    sl_figure tmp[SL_SET_MAX];
    int leader_id = s->leader;
    char lid[SL_ID_LEN] = "";
    if (leader_id >= 0)
        snprintf(lid, sizeof lid, "%s", g->live.figures[leader_id].id);
    int m = 0;
    for (int t = 0; t <= SL_MAX_TEAMS; t++)
        for (int lead = 1; lead >= 0; lead--)
            for (int i = 0; i < n && m < SL_SET_MAX; i++) {
                const sl_figure *f = &g->live.figures[first + i];
                bool is_leader = first + i == leader_id;
                if (f->fireteam == t && is_leader == (lead == 1))
                    tmp[m++] = *f;
            }
    memcpy(&g->live.figures[first], tmp, sizeof(sl_figure) * (size_t)m);
    s->leader = -1;
    for (int i = 0; i < n; i++)
        if (lid[0] && strcmp(g->live.figures[first + i].id, lid) == 0)
            s->leader = first + i;
    int at = first;
    while (at < first + n && g->live.figures[at].fireteam == 0)
        at++;
    for (int k = 0; k < s->nteams; k++) {
        sl_unit *t = &g->live.units[s->team_unit[k]];
        t->first_figure = at;
        t->nfigures = 0;
        while (at < first + n && g->live.figures[at].fireteam == t->team_no) {
            g->live.figures[at].unit = s->team_unit[k];
            t->nfigures++;
            at++;
        }
    }
}

bool ft_do_regroup(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int cost = ft_regroup_cost(g, c, err, errlen);
    if (cost == 0)
        return false;
    int sq = c->unit;
    sl_unit *s = &g->live.units[sq];
    int top = g->act_depth - 1;
    g->act_left[top] -= cost;
    g->us[sq].actions_done += cost;
    for (int i = 0; i < c->nplace; i++) {
        sl_figure *f = &g->live.figures[c->place_fig[i]];
        int to = team_by_no(g, sq, c->place_team[i]);
        jstate(g, to, "regrouped", "%s leaves %s for %s", f->id, unit_name(g, f->unit), unit_name(g, to));
        f->fireteam = c->place_team[i];
    }
    jnote(g, sq, "%s's squad leader regroups his fireteams: %d action%s (%s)", s->name, cost, cost == 1 ? "" : "s",
          cost == 1 ? "the teams stand within fireteam integrity of each other"
                    : "the teams are within squad integrity but not fireteam integrity of each other");
    ft_reorder(g, sq);
    ft_sync(g);
    return true;
}

bool sl_game_leader_suppressed(const sl_game *g, int squad)
{
    return squad >= 0 && squad < g->live.nunits && has_teams(g, squad) && leader_suppressed(g, squad);
}

int sl_game_leader_team(const sl_game *g, int squad)
{
    if (squad < 0 || squad >= g->live.nunits || !has_teams(g, squad))
        return -1;
    bool tie;
    int t = leader_team_now(g, squad, &tie);
    return tie ? -1 : t;
}
