/* The solo opponent's fireteams (house rule, seed 004): when a squad's
 * teams do better apart, asked through the fireteams row's `orders`
 * hook. */
#include <stdio.h>
#include <string.h>

#include "house.h"

/* A team's own worth for the turn: its best fire now, else what a move
 * would gain it, less when it is suppressed. */
static double team_worth(const rl_policy *p, int t, char *what, size_t len)
{
    const sl_game *g = rl_policy_game(p);
    double eff, ps;
    int tg = rl_policy_best_fire(p, t, &eff, &ps);
    if (g->us[t].suppression > 0) {
        snprintf(what, len, "%s lifts its suppression", rl_unit_name(g, t));
        return 0.3;
    }
    const char *where = NULL;
    double step = rl_policy_best_step(p, t, &where);
    if (tg >= 0 && ps >= rl_policy_fire_min(p) && 0.2 + eff >= step) {
        snprintf(what, len, "%s fires at %s (%.0f%% to suppress)", rl_unit_name(g, t), rl_unit_name(g, tg), ps * 100);
        return 0.2 + eff;
    }
    if (where && step > 0.05) {
        snprintf(what, len, "%s closes on %s", rl_unit_name(g, t), where);
        return step;
    }
    snprintf(what, len, "%s holds", rl_unit_name(g, t));
    return 0;
}

/* The active squad sq has fireteams: give both actions to the teams when
 * they are better used apart (a team suppressed and another not, or one
 * team's fire while another has ground to take), and activate each team
 * with orders in turn, the one with most to do first. False: act as a
 * whole squad, by the usual scoring. */
bool ft_orders(const rl_policy *p, int sq, sl_command *out, char *why, size_t whylen)
{
    const sl_game *g = rl_policy_game(p);
    if (!rl_has_teams(g, sq))
        return false;
    const sl_unit *s = &g->live.units[sq];
    char what[SL_MAX_TEAMS][160];
    /* teams with orders: the one with most to do acts first */
    int first = -1;
    double fw = -1;
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        int t = sl_unit_part(&g->live, sq, k);
        if (ft_unit_of(g, t)->team_pending <= 0 || rl_living(g, t) == 0)
            continue;
        double w = team_worth(p, t, what[k], sizeof what[k]);
        if (w > fw) {
            fw = w;
            first = k;
        }
    }
    if (first >= 0) {
        sl_cmd_init(out, SL_CMD_ACTIVATE, sl_unit_part(&g->live, sq, first));
        snprintf(why, whylen, "%s acts on its orders: %s", rl_unit_name(g, sl_unit_part(&g->live, sq, first)), what[first]);
        return true;
    }
    if (g->us[sq].actions_done > 0 || sl_game_actions_left(g) < 2 || ft_unit_of(g, sq)->squad_mode != 0)
        return false;
    int n = 0, nsup = 0, nfire = 0, nmove = 0;
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        int t = sl_unit_part(&g->live, sq, k);
        what[k][0] = '\0';
        if (rl_living(g, t) == 0 || ft_unit_of(g, t)->team_reacted)
            continue;
        n++;
        double w = team_worth(p, t, what[k], sizeof what[k]);
        nsup += g->us[t].suppression > 0;
        nfire += strstr(what[k], " fires at ") != NULL;
        nmove += strstr(what[k], " closes on ") != NULL && w > 0.1;
    }
    if (n < 2 || !((nsup > 0 && nsup < n) || (nfire > 0 && nmove > 0)))
        return false;
    sl_cmd_init(out, ft_kind(FT_ROW_TEAMS), sq);
    ft_cmd_set(out, &(ft_cmd){.both = true});
    size_t at = (size_t)snprintf(why, whylen, "%s's leader gives both actions to its teams, better used apart:",
                                 s->name);
    for (int k = 0, m = 0; k < sl_unit_nparts(&g->live, sq) && at < whylen; k++)
        if (what[k][0])
            at += (size_t)snprintf(why + at, whylen - at, "%s %s", m++ ? ";" : "", what[k]);
    return true;
}
