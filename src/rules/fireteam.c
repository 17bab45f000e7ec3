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
    int l = squad_leader(g, squad);
    if (l < 0)
        return true;
    const sl_unit *t = &g->live.units[team];
    int32_t band = sl_quality_band(g->live.units[squad].quality);
    for (int i = 0; i < t->nfigures; i++) {
        const sl_figure *f = &g->live.figures[t->first_figure + i];
        if (f->status == SL_FIG_OK && sl_within(f->pos, g->live.figures[l].pos, band))
            return true;
    }
    return false;
}

/* The team nearest the squad leader (by its nearest figure); *tie when two
 * are equally near. */
int nearest_team(const sl_game *g, int squad, bool *tie)
{
    const sl_unit *s = &g->live.units[squad];
    int l = squad_leader(g, squad);
    *tie = false;
    if (l < 0)
        return -1;
    int best = -1;
    int64_t bd = INT64_MAX;
    for (int k = 0; k < s->nteams; k++) {
        const sl_unit *t = &g->live.units[s->team_unit[k]];
        int64_t d = INT64_MAX;
        for (int i = 0; i < t->nfigures; i++) {
            const sl_figure *f = &g->live.figures[t->first_figure + i];
            if (f->status == SL_FIG_OK && f != &g->live.figures[l] && sl_dist2(f->pos, g->live.figures[l].pos) < d)
                d = sl_dist2(f->pos, g->live.figures[l].pos);
        }
        if (d == INT64_MAX)
            continue;
        if (d < bd) {
            bd = d;
            best = s->team_unit[k];
            *tie = false;
        } else if (d == bd) {
            *tie = true;
        }
    }
    return best;
}

/* The squad leader is suppressed when the team he acts with is, or else
 * the nearest team (not when two are equally near). */
bool leader_suppressed(const sl_game *g, int squad)
{
    const sl_unit_state *ss = &g->us[squad];
    if (ss->leader_with >= 0 && g->us[ss->leader_with].suppression > 0 && sl_game_active_unit(g) == ss->leader_with)
        return true;
    bool tie;
    int t = nearest_team(g, squad, &tie);
    return t >= 0 && !tie && g->us[t].suppression > 0;
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
    jnote(g, sq, "%s's leader gives %s to each of its fireteams (house rule)", s->name,
          n == 2 ? "both actions, to be taken one team at a time" : "one action");
    int l = squad_leader(g, sq);
    for (int k = 0; k < s->nteams && !g->failed; k++) {
        int t = s->team_unit[k];
        if (living(g, t) == 0)
            continue;
        bool through = true;
        if (!in_squad_integrity(g, sq, t)) {
            /* out of squad integrity: a communication roll, one die type
             * lower when the leader cannot see the team */
            sl_unit_sight sight;
            sl_pt lp = g->live.figures[l].pos;
            (void)lp;
            sl_unit_sight_judge((sl_sight *)&g->sight, sq, t, false, &sight);
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
    if (sl_game_active_unit(g) != sq)
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
    for (int k = 0; k < s->nteams; k++) {
        sl_unit_state *t = &g->us[s->team_unit[k]];
        t->activated = true;
        t->team_pending = 0;
    }
}
