/* Fireteams (house rule, seed 004). A squad split into fireteams is a
 * unit whose teams are units of their own (made by the scenario loader;
 * how such a squad is made up is in base/sets.c): the squad keeps
 * quality, leadership, confidence and panic; each team has its own
 * suppression and In Position marker. When the squad is activated its
 * leader has the two actions: he spends them himself, on the whole squad
 * at once, or gives them to the teams, each of which then acts in turn.
 * Everything here reaches the game through the hooks at the end. */
#include <stdio.h>
#include <string.h>

#include "house.h"

/* Its options, by index: listed after opportunity_fire and after ruleset. */
enum { FT_UNTRAINED, FT_REACTION };
static const rl_option_def ft_options[] = {
    {{"untrained_fireteams", SL_OPT_CHOICE, 0, "allowed|forbidden", 0, 0, 0,
      "Whether Untrained squads may split into fireteams (the fireteams house rule "
      "offers forbidding it as an option)."},
     "opportunity_fire"},
    {{"fireteam_reaction", SL_OPT_CHOICE, 0, "squad|team", 0, 0, 0,
      "What a fireteam's opportunity or reaction fire spends: the squad's activation "
      "(squad, the default: activation belongs to the squad) or only that team's part "
      "of it (team: the squad may still activate, that team getting no actions). The "
      "house rule does not say."},
     "ruleset"},
};

/* Its commands, by row; their kinds are the table's (ft_kind). */
static const rl_cmd_def ft_commands[FT_ROW_COUNT];

int ft_kind(int row)
{
    return rl_cmd_kind_of(&ft_commands[row]);
}

ft_unit *ft_unit_of(const sl_game *g, int u)
{
    return rl_house_state(g, &ft_rule, u);
}

static int ft_leader_team(const sl_game *g, int squad)
{
    return ft_unit_of(g, squad)->leader_with - 1;
}

static bool ft_teams_pending(const sl_game *g, int squad)
{
    for (int k = 0; k < sl_unit_nparts(&g->live, squad); k++)
        if (ft_unit_of(g, sl_unit_part(&g->live, squad, k))->team_pending > 0)
            return true;
    return false;
}

/* The squad leader's figure standing, or -1. */

/* A team of the squad has just been suppressed: say whether the squad
 * leader standing apart from his teams now counts as suppressed with it,
 * and why, so a demonstration can follow the rule. */
static void note_leader_suppressed(sl_game *g, int sq, int team)
{
    int l = rl_independent_leader(g, sq);
    if (l < 0)
        return;
    if (rl_leader_suppressed(g, sq)) {
        if (ft_unit_of(g, sq)->leader_with == team + 1 && rl_squad_acting(g, sq)) {
            rl_note(g, sq, "%s's squad leader is suppressed too: he is acting with team %d (house rule)",
                  rl_unit_name(g, sq), sl_unit_part_no(&g->live, team));
            return;
        }
        rl_note(g, sq, "%s's squad leader is suppressed too: team %d is the fireteam nearest him (%.1f\") (house rule)",
              rl_unit_name(g, sq), sl_unit_part_no(&g->live, team), rl_team_gap(g, sq, team));
        return;
    }
    int tied[SL_MAX_TEAMS];
    double best;
    int n = rl_nearest_teams(g, sq, tied, &best), near = n > 0 ? tied[0] : -1;
    if (n == 0)
        return;
    double mine = rl_team_gap(g, sq, team);
    if (n > 1 && mine == best)
        rl_note(g, sq,
              "%s's squad leader is not suppressed: team %d is no nearer him (%.1f\") than an unsuppressed fireteam "
              "(house rule)",
              rl_unit_name(g, sq), sl_unit_part_no(&g->live, team), mine);
    else if (near != team && g->us[near].suppression == 0)
        rl_note(g, sq, "%s's squad leader is not suppressed: team %d (%.1f\") is nearer him than team %d (%.1f\") (house rule)",
              rl_unit_name(g, sq), sl_unit_part_no(&g->live, near), best, sl_unit_part_no(&g->live, team), mine);
}

/* --- the leader gives actions to his teams ---------------------------------------------- */

static bool ft_can_teams(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    if (!rl_has_teams(g, sq))
        return rl_refuse(why, whylen, "%s has no fireteams", s->name);
    if (sl_game_active_unit(g) != sq)
        return rl_refuse(why, whylen, "%s is not the active unit", s->name);
    if (ft_unit_of(g, sq)->squad_mode == 1)
        return rl_refuse(why, whylen, "%s has acted as a whole squad this activation: its other action is the "
                                   "leader's own or the whole squad's, not the fireteams' (house rule)",
                      s->name);
    if (ft_teams_pending(g, sq))
        return rl_refuse(why, whylen, "%s's fireteams have actions still to take (activate them, or end)", s->name);
    int need = ft_cmd_of(c).both ? 2 : 1;
    if (sl_game_actions_left(g) < need)
        return rl_refuse(why, whylen, "%s has %d action%s left", s->name, sl_game_actions_left(g),
                      sl_game_actions_left(g) == 1 ? "" : "s");
    if (rl_squad_leader(g, sq) < 0)
        return rl_refuse(why, whylen, "%s has no squad leader standing to give orders", s->name);
    char w2[200];
    if (!act_unit_can(g, sq, ft_kind(FT_ROW_TEAMS), w2, sizeof w2))
        return rl_refuse(why, whylen, "%s", w2);
    return true;
}

static bool ft_do_teams(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int sq = c->unit;
    sl_unit *s = &g->live.units[sq];
    int n = ft_cmd_of(c).both ? 2 : 1;
    g->act_left[g->act_depth - 1] -= n;
    g->us[sq].actions_done += n;
    ft_unit_of(g, sq)->squad_mode = 2;
    rl_note(g, sq, "%s's leader gives %s (house rule)", s->name,
          n == 2 ? "both actions to each of its fireteams, each team to take both before the next"
                 : "one action to each of its fireteams");
    int l = rl_squad_leader(g, sq);
    for (int k = 0; k < sl_unit_nparts(&g->live, sq) && !g->failed; k++) {
        int t = sl_unit_part(&g->live, sq, k);
        if (rl_living(g, t) == 0)
            continue;
        if (ft_unit_of(g, t)->team_reacted) {
            rl_note(g, t, "%s spent this turn on opportunity fire and takes no orders", rl_unit_name(g, t));
            continue;
        }
        bool through = true;
        if (!rl_in_squad_integrity(g, sq, t)) {
            /* out of squad integrity: a communication roll, one die type
             * lower when the leader cannot see the team */
            sl_unit_sight sight;
            rl_figset ts;
            rl_set_unit(g, t, &ts);
            sl_set_sight_judge(&g->sight, sq, &l, 1, ts.fig, ts.n, false, &sight);
            int shift = sight.visible ? 0 : -1;
            through = act_comm_roll(g, sq, t, shift,
                                      sight.visible ? "outside squad integrity"
                                                    : "outside squad integrity and out of the leader's sight, -1");
        }
        if (g->failed)
            return false;
        if (through) {
            ft_unit_of(g, t)->team_pending = n;
            ft_unit_of(g, t)->team_both = n == 2;
        } else {
            rl_note(g, t, "%s gets no action%s", rl_unit_name(g, t), n == 2 ? "s (neither of the two)" : "");
        }
    }
    return !g->failed;
}

static bool ft_can_activate_team(const sl_game *g, int team, char *why, size_t whylen)
{
    int sq = sl_unit_whole(&g->live, team);
    int active = sl_game_active_unit(g);
    if (active >= 0 && active != sq && sl_unit_whole(&g->live, active) == sq)
        return rl_refuse(why, whylen,
                      "%s is still acting: %s",
                      rl_unit_name(g, active),
                      ft_unit_of(g, active)->team_both
                          ? "with both actions given at once, each fireteam takes both before the next is activated "
                            "(no juggling, house rule); end it first and any action it has left is lost"
                          : "end it first");
    if (active != sq)
        return rl_refuse(why, whylen, "%s acts only on actions its squad leader gives it: activate %s, then teams %s",
                      rl_unit_name(g, team), g->live.units[sq].id, g->live.units[sq].id);
    if (ft_unit_of(g, team)->team_pending <= 0)
        return rl_refuse(why, whylen, "%s has no action from its squad leader now%s", rl_unit_name(g, team),
                      ft_teams_pending(g, sq) ? " (another team still has one)" : "");
    if (rl_living(g, team) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing: it is out of the fight", rl_unit_name(g, team));
    return true;
}

static void ft_activate_team(sl_game *g, int team)
{
    sl_unit_state *s = &g->us[team];
    ft_unit *f = ft_unit_of(g, team);
    int n = f->team_pending;
    f->team_pending = 0;
    s->moves = 0;
    s->actions_done = 0;
    rl_push_activation(g, team, n);
    rl_state(g, team, "activated", "%s acts: %d action%s%s", rl_unit_name(g, team), n, n == 1 ? "" : "s",
             n == 2 ? ", both now (no coming back to it)" : "");
    rl_hook_activated(g, team, RL_BY_ORDERS);
}

/* A squad with fireteams is activated: its teams' markers turn with it. */
static void ft_activate_squad(sl_game *g, int sq)
{
    ft_unit_of(g, sq)->squad_mode = 0;
    ft_unit_of(g, sq)->leader_with = 0;
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        g->us[sl_unit_part(&g->live, sq, k)].activated = true;
        ft_unit_of(g, sl_unit_part(&g->live, sq, k))->team_pending = 0;
    }
}

/* --- who acts, and who is shot at ------------------------------------------------------------ */


static bool suppressed_may(int k, const sl_game *g)
{
    return k == SL_CMD_REMOVE_SUPPRESSION || k == SL_CMD_OBSERVE || k == SL_CMD_COMMUNICATE ||
           k == SL_CMD_REORGANISE || k == SL_CMD_TRANSFER || k == SL_CMD_RALLY || k == SL_CMD_REMOVE_PANIC ||
           k == ft_kind(FT_ROW_REGROUP) || ((k == SL_CMD_MOVE || k == SL_CMD_COMBAT_MOVE) && g->live.options.suppressed_move == 1);
}

static bool team_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int t = c->unit, sq = sl_unit_whole(&g->live, t);
    const char *name = rl_unit_name(g, t);
    if (c->kind == ft_kind(FT_ROW_TEAMS))
        return rl_refuse(why, whylen, "a fireteam does not pass actions on (house rule)");
    if (c->kind == ft_kind(FT_ROW_REGROUP))
        return rl_refuse(why, whylen, "moving men between fireteams is the squad leader's: regroup %s ... (house rule)",
                      g->live.units[sq].id);
    switch (c->kind) {
    case SL_CMD_RALLY:
        return rl_refuse(why, whylen, "a fireteam does not rally units: that is the squad leader's (%s.L) (house rule)",
                      g->live.units[sq].id);
    case SL_CMD_TRANSFER:
        return rl_refuse(why, whylen, "a fireteam does not pass actions on (house rule)");
    case SL_CMD_REMOVE_PANIC:
        return rl_refuse(why, whylen, "panic is the squad's: its leader removes it (remove-panic %s) (house rule)",
                      g->live.units[sq].id);
    case SL_CMD_DETACH:
        return rl_refuse(why, whylen, "a fireteam does not form a detached element: its squad leader does (detach %s "
                                   "FIGURE ..., house rule)",
                      g->live.units[sq].id);
    case SL_CMD_EMBARK:
    case SL_CMD_DISEMBARK:
        return rl_refuse(why, whylen, "a squad of fireteams boards and leaves a vehicle as a whole: %s %s",
                      sl_cmd_name(c->kind), g->live.units[sq].id);
    default: break;
    }
    if (g->us[sq].panicked)
        return rl_refuse(why, whylen, "%s is panicking: its leader must first remove the panic (p21)",
                      g->live.units[sq].name);
    if (!act_unit_can(g, t, c->kind, why, whylen))
        return false;
    if (c->kind != SL_CMD_MOVE && c->kind != SL_CMD_COMBAT_MOVE && c->kind != SL_CMD_REORGANISE &&
        c->kind != SL_CMD_END_ACTIVATION && c->kind != SL_CMD_LAST_STAND) {
        /* a team out of fireteam integrity first gathers: by a reorganise,
         * or by a move as its first action (house rule) */
        sl_integrity in;
        sl_unit_integrity(&g->live, t, NULL, NULL, &in);
        if (!in.intact)
            return rl_refuse(why, whylen, "%s is out of fireteam integrity (%d astray): it must first gather, by a "
                                       "reorganise or by a move as its first action (house rule)",
                          name, in.nstray);
    }
    if (ft_with_leader(c)) {
        int l = rl_squad_leader(g, sq);
        if (l < 0)
            return rl_refuse(why, whylen, "%s has no squad leader standing to go with %s", g->live.units[sq].name, name);
        if (g->live.figures[l].unit == t)
            return rl_refuse(why, whylen, "the squad leader is one of %s's own figures: he acts with it anyway", name);
        if (g->live.figures[l].unit != sq)
            return rl_refuse(why, whylen, "the squad leader belongs to %s and acts with it", rl_unit_name(g, g->live.figures[l].unit));
        int joined = ft_unit_of(g, sq)->leader_joined - 1;
        if (joined >= 0 && joined != t)
            return rl_refuse(why, whylen, "the squad leader has gone with %s this turn: he joins one fireteam a turn "
                                       "(house rule)",
                          rl_unit_name(g, joined));
        if (c->kind == SL_CMD_MOVE || c->kind == SL_CMD_COMBAT_MOVE) {
            if (!rl_in_squad_integrity(g, sq, t))
                return rl_refuse(why, whylen, "the squad leader must be within squad integrity of %s (one range band, "
                                           "%d\") to move with it (house rule)",
                              name, sl_quality_band(g->live.units[sq].quality) / 1000);
        } else {
            rl_figset s;
            rl_acting_set(g, c, &s);
            if (!rl_set_intact(g, &s))
                return rl_refuse(why, whylen, "the squad leader must be within fireteam integrity of %s (%.0f\" chain or "
                                           "%.0f\" circle) to fight with it (house rule)",
                              name, g->live.options.integrity_chain / 1000.0, g->live.options.integrity_circle / 1000.0);
            if (rl_leader_suppressed(g, sq))
                return rl_refuse(why, whylen, "the squad leader counts as suppressed (the fireteam nearest him is) and "
                                           "cannot fight (house rule)");
        }
    }
    return true;
}

static bool leader_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    if (rl_squad_leader(g, sq) < 0)
        return rl_refuse(why, whylen, "%s has no squad leader standing", s->name);
    switch (c->kind == ft_kind(FT_ROW_REGROUP) ? SL_CMD_DETACH : c->kind) { /* regroup: as a detach */
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE:
    case SL_CMD_FIRE:
    case SL_CMD_REMOVE_SUPPRESSION:
    case SL_CMD_COMMUNICATE:
    case SL_CMD_RALLY:
    case SL_CMD_OBSERVE:
    case SL_CMD_TRANSFER:
    case SL_CMD_REMOVE_PANIC:
    case SL_CMD_DETACH: break;
    case SL_CMD_ASSAULT:
        return rl_refuse(why, whylen, "the squad leader closes assault with a fireteam (assault %s.N TARGET with-leader) "
                                   "or with the whole squad",
                      s->id);
    case SL_CMD_REORGANISE:
        return rl_refuse(why, whylen, "the squad leader moves men between fireteams with regroup %s FIGURE TEAM ...",
                      s->id);
    default:
        return rl_refuse(why, whylen, "%s belongs to the fireteams (or the whole squad), not the squad leader alone",
                      sl_cmd_name(c->kind));
    }
    const sl_unit_state *ss = &g->us[sq];
    if (ss->panicked && c->kind != SL_CMD_REMOVE_PANIC)
        return rl_refuse(why, whylen, "%s is panicking: its leader can do nothing but try to remove the panic (two "
                                   "actions)",
                      s->name);
    if (rl_leader_suppressed(g, sq) && !suppressed_may(c->kind, g))
        return rl_refuse(why, whylen, "%s's squad leader counts as suppressed (the fireteam nearest him is): he may "
                                   "only remove suppression, observe, communicate or pass orders (house rule, p18)",
                      s->name);
    if (ss->aboard >= 0 && c->kind != SL_CMD_COMMUNICATE && c->kind != SL_CMD_TRANSFER && c->kind != SL_CMD_RALLY &&
        c->kind != SL_CMD_REMOVE_SUPPRESSION)
        return rl_refuse(why, whylen, "%s is aboard %s", s->name, g->live.units[ss->aboard].name);
    if (ss->failed_tests & (c->kind >= 0 && c->kind < 64 ? (uint64_t)1 << c->kind : 0))
        return rl_refuse(why, whylen, "%s failed its reaction test to %s this turn (p21)", s->name, sl_cmd_name(c->kind));
    if (c->kind == SL_CMD_TRANSFER && sl_unit_whole(&g->live, c->target) == sq)
        return rl_refuse(why, whylen, "a squad leader gives actions to his fireteams with: teams %s [both]", s->id);
    if (c->kind == SL_CMD_REMOVE_SUPPRESSION) {
        bool any = false;
        for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++)
            any |= g->us[sl_unit_part(&g->live, sq, k)].suppression > 0 && rl_in_squad_integrity(g, sq, sl_unit_part(&g->live, sq, k)) &&
                   rl_living(g, sl_unit_part(&g->live, sq, k)) > 0;
        if (!any)
            return rl_refuse(why, whylen, "no fireteam of %s within squad integrity is suppressed", s->name);
    }
    return true;
}

static bool whole_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    const sl_unit_state *ss = &g->us[sq];
    /* overwatch (the opportunity fire rule's) is the whole squad's, as going In Position is */
    switch (c->kind == of_overwatch_kind() ? SL_CMD_IN_POSITION : c->kind) {
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE:
    case SL_CMD_FIRE:
    case SL_CMD_ASSAULT:
    case SL_CMD_IN_POSITION:
    case SL_CMD_LEAVE_POSITION:
    case SL_CMD_REMOVE_SUPPRESSION:
    case SL_CMD_REORGANISE:
    case SL_CMD_EMBARK:
    case SL_CMD_DISEMBARK: break;
    default: return rl_refuse(why, whylen, "%s is not something a whole squad does at once", sl_cmd_name(c->kind));
    }
    if (ft_unit_of(g, sq)->squad_mode == 2)
        return rl_refuse(why, whylen, "%s's fireteams have had actions of their own this activation: it cannot act as a "
                                   "whole squad as well (house rule)",
                      s->name);
    if (ss->panicked)
        return rl_refuse(why, whylen, "%s is panicking: it can do nothing but try to remove the panic (two actions)",
                      s->name);
    if (ss->failed_tests & (c->kind >= 0 && c->kind < 64 ? (uint64_t)1 << c->kind : 0))
        return rl_refuse(why, whylen, "%s failed its reaction test to %s this turn and may not try again until next turn "
                                   "(p21)",
                      s->name, sl_cmd_name(c->kind));
    int ip = 0, supp = 0, alive = 0;
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        int t = sl_unit_part(&g->live, sq, k);
        if (rl_living(g, t) == 0)
            continue;
        alive++;
        ip += g->us[t].in_position;
        supp += g->us[t].suppression > 0;
        if (ft_unit_of(g, t)->team_reacted)
            return rl_refuse(why, whylen, "%s spent this turn on opportunity fire, so the squad cannot act as a whole "
                                       "(house rule)",
                          rl_unit_name(g, t));
        if (c->kind == SL_CMD_REMOVE_SUPPRESSION)
            continue;
        char w2[300];
        if (!act_unit_can(g, t, c->kind, w2, sizeof w2))
            return rl_refuse(why, whylen, "the whole squad cannot %s: %s", sl_cmd_name(c->kind), w2);
    }
    if (alive == 0)
        return rl_refuse(why, whylen, "%s has no fireteam left standing", s->name);
    if (c->kind == SL_CMD_IN_POSITION && ip == alive)
        return rl_refuse(why, whylen, "every fireteam of %s is already In Position", s->name);
    if (c->kind == SL_CMD_LEAVE_POSITION && ip == 0)
        return rl_refuse(why, whylen, "no fireteam of %s is In Position", s->name);
    if (c->kind == SL_CMD_REMOVE_SUPPRESSION && supp == 0)
        return rl_refuse(why, whylen, "no fireteam of %s is suppressed", s->name);
    return true;
}

static bool ft_actor_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    if (rl_has_teams(g, active) && ft_teams_pending(g, active)) {
        *decided = true;
        return rl_refuse(why, whylen, "%s's fireteams have actions to take first (activate %s.N), or end",
                         rl_unit_name(g, active), g->live.units[active].id);
    }
    switch (rl_role_of(g, c)) {
    case RL_TEAM: *decided = true; return team_check(g, c, why, whylen);
    case RL_LEADER: *decided = true; return leader_check(g, c, why, whylen);
    case RL_WHOLE: *decided = true; return whole_check(g, c, why, whylen);
    default: return true;
    }
}

/* --- carrying out what only squads of fireteams do --------------------------------------------- */

/* The squad leader's remove-suppression: one roll; on a success every
 * team within squad integrity loses one marker. */
static bool leader_remove_suppression(sl_game *g, int sq)
{
    const sl_unit *s = &g->live.units[sq];
    int v = rl_roll(g, sl_quality_die(s->quality), s->leadership, "suppression", sq,
                 "%s's squad leader steadies his fireteams: %s must beat leadership %d; each team within squad "
                 "integrity loses one marker (house rule, p18)",
                 s->name, sl_die_name(sl_quality_die(s->quality)), s->leadership);
    if (g->failed)
        return false;
    if (v <= s->leadership) {
        rl_note(g, sq, "%s's fireteams stay suppressed", s->name);
        return true;
    }
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        int t = sl_unit_part(&g->live, sq, k);
        if (g->us[t].suppression == 0 || rl_living(g, t) == 0)
            continue;
        if (!rl_in_squad_integrity(g, sq, t)) {
            rl_note(g, t, "%s is outside squad integrity and keeps its markers", rl_unit_name(g, t));
            continue;
        }
        g->us[t].suppression--;
        rl_state(g, t, "unsuppressed", "%s removes a suppression marker: %d left", rl_unit_name(g, t), g->us[t].suppression);
    }
    return true;
}

static bool ft_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    *handled = true;
    rl_role role = rl_role_of(g, c);
    int sq = rl_squad_of(g, c->unit);
    if (role == RL_TEAM && ft_with_leader(c)) {
        ft_unit_of(g, sq)->leader_with = c->unit + 1;
        if (ft_unit_of(g, sq)->leader_joined == 0)
            rl_note(g, c->unit, "%s's squad leader goes with %s for this activation (house rule)", rl_unit_name(g, sq),
                  rl_unit_name(g, c->unit));
        ft_unit_of(g, sq)->leader_joined = c->unit + 1;
    }
    if (role == RL_WHOLE && ft_unit_of(g, sq)->squad_mode != 1) {
        ft_unit_of(g, sq)->squad_mode = 1;
        rl_note(g, sq, "%s acts as a whole squad: every fireteam together (house rule)", rl_unit_name(g, sq));
    }
    if (role == RL_LEADER && c->kind == SL_CMD_REMOVE_SUPPRESSION)
        return leader_remove_suppression(g, sq);
    if (role == RL_WHOLE) {
        bool ok = true;
        switch (c->kind) {
        case SL_CMD_IN_POSITION:
            for (int k = 0; k < sl_unit_nparts(&g->live, sq) && ok && !g->failed; k++)
                if (rl_living(g, sl_unit_part(&g->live, sq, k)) > 0 && !g->us[sl_unit_part(&g->live, sq, k)].in_position)
                    ok = act_in_position(g, sl_unit_part(&g->live, sq, k), err, errlen);
            return ok && !g->failed;
        case SL_CMD_LEAVE_POSITION:
            for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++)
                if (g->us[sl_unit_part(&g->live, sq, k)].in_position) {
                    g->us[sl_unit_part(&g->live, sq, k)].in_position = false;
                    rl_state(g, sl_unit_part(&g->live, sq, k), "left-position", "%s gives up its In Position marker",
                           rl_unit_name(g, sl_unit_part(&g->live, sq, k)));
                }
            return true;
        case SL_CMD_REMOVE_SUPPRESSION:
            for (int k = 0; k < sl_unit_nparts(&g->live, sq) && ok && !g->failed; k++)
                if (rl_living(g, sl_unit_part(&g->live, sq, k)) > 0 && g->us[sl_unit_part(&g->live, sq, k)].suppression > 0)
                    ok = act_remove_suppression(g, sl_unit_part(&g->live, sq, k), err, errlen);
            return ok && !g->failed;
        default: break;
        }
    }
    *handled = false;
    return true;
}

/* The squad's morale and state, copied to its teams (which read their
 * quality, leadership and confidence as their own); a spotted team gives
 * the squad away, and the other way round. */

/* A unit fires out of turn (opportunity or reaction fire): its activation
 * is spent. A fireteam's spends its squad's (or, by the fireteam_reaction
 * option, only its own part). */
static void ft_spend_on_fire(sl_game *g, int u)
{
    int sq = sl_unit_whole(&g->live, u);
    if (sq < 0)
        return;
    if (rl_option(g, &ft_rule, FT_REACTION) == 1) {
        ft_unit_of(g, u)->team_reacted = true;
        return;
    }
    if (g->us[sq].activated)
        return;
    g->us[sq].activated = true;
    const sl_unit *s = &g->live.units[sq];
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++)
        g->us[sl_unit_part(&g->live, sq, k)].activated = true;
    rl_state(g, sq, "activated", "%s's activation is spent on %s's fire: its marker is turned (house rule; option "
                               "fireteam_reaction)",
           s->name, rl_unit_name(g, u));
}


/* --- moving men between fireteams ---------------------------------------------------------------- */

static int team_by_no(const sl_game *g, int sq, int no)
{
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++)
        if (sl_unit_part_no(&g->live, sl_unit_part(&g->live, sq, k)) == no)
            return sl_unit_part(&g->live, sq, k);
    return -1;
}

/* May a team give men (to another team, or to a detached element) and
 * keep `left` of them: it must stand within squad integrity, and a team
 * keeps two men or more besides the squad leader (house rule). */

/* Actions a regroup costs: one when every team involved stands within
 * fireteam integrity of the others, two when they are only within squad
 * integrity; 0 with *why set when it cannot be done. */
static int ft_regroup_cost(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    bool involved[SL_MAX_TEAMS] = {false};
    int after[SL_MAX_TEAMS] = {0};
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        const sl_unit *t = &g->live.units[sl_unit_part(&g->live, sq, k)];
        for (int i = 0; i < t->nfigures; i++) {
            int fi = t->first_figure + i;
            after[k] += g->live.figures[fi].status == SL_FIG_OK && fi != s->leader;
        }
    }
    for (int i = 0; i < c->nplace; i++) {
        int fi = c->place_fig[i];
        const sl_figure *f = &g->live.figures[fi];
        int from = f->unit, to = team_by_no(g, sq, ft_cmd_of(c).team[i]);
        if (from == sq)
            return rl_refuse(why, whylen, "%s stands alone as squad leader: he takes part in a team's actions with "
                                       "with-leader instead",
                          f->id), 0;
        if (sl_unit_whole(&g->live, from) != sq)
            return rl_refuse(why, whylen, "%s is not one of %s's men", f->id, s->name), 0;
        if (f->status == SL_FIG_DEAD)
            return rl_refuse(why, whylen, "%s is dead", f->id), 0;
        if (to < 0)
            return rl_refuse(why, whylen, "%s has no fireteam %d", s->name, ft_cmd_of(c).team[i]), 0;
        if (to == from)
            return rl_refuse(why, whylen, "%s is already in %s", f->id, rl_unit_name(g, to)), 0;
        for (int j = 0; j < i; j++)
            if (c->place_fig[j] == fi)
                return rl_refuse(why, whylen, "%s is named twice", f->id), 0;
        for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
            bool counts = f->status == SL_FIG_OK && fi != s->leader;
            if (sl_unit_part(&g->live, sq, k) == from) {
                involved[k] = true;
                after[k] -= counts;
            }
            if (sl_unit_part(&g->live, sq, k) == to) {
                involved[k] = true;
                after[k] += counts;
            }
        }
    }
    rl_figset all = {.n = 0};
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        if (!involved[k])
            continue;
        int t = sl_unit_part(&g->live, sq, k);
        if (!rl_team_may_give(g, sq, t, after[k], "take part in a regroup", why, whylen))
            return 0;
        rl_figset ts;
        rl_set_unit(g, t, &ts);
        for (int i = 0; i < ts.n; i++)
            rl_set_add(&all, ts.fig[i]);
    }
    return rl_set_intact(g, &all) ? 1 : 2;
}


static bool ft_do_regroup(sl_game *g, const sl_command *c, char *err, size_t errlen)
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
        int to = team_by_no(g, sq, ft_cmd_of(c).team[i]);
        rl_state(g, to, "regrouped", "%s leaves %s for %s", f->id, rl_unit_name(g, f->unit), rl_unit_name(g, to));
        (void)sl_rule_figure_in_part(&g->live, c->place_fig[i], ft_cmd_of(c).team[i]); /* the game's table has room for every man: cannot fail */
    }
    rl_note(g, sq, "%s's squad leader regroups his fireteams: %d action%s (%s)", s->name, cost, cost == 1 ? "" : "s",
          cost == 1 ? "the teams stand within fireteam integrity of each other"
                    : "the teams are within squad integrity but not fireteam integrity of each other");
    rl_reorder_squad(g, sq);
    rl_teams_sync(g);
    return true;
}


static bool ft_can_regroup(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int cost = ft_regroup_cost(g, c, why, whylen);
    if (cost == 0)
        return false;
    if (sl_game_actions_left(g) < cost)
        return rl_refuse(why, whylen,
                         "that regroup takes two actions (the teams are not within fireteam integrity of each other) "
                         "and %s has %d left",
                         rl_unit_name(g, c->unit), sl_game_actions_left(g));
    return true;
}

/* --- the hooks ------------------------------------------------------------------------------ */

/* a fire said "combined" */
static bool ft_target_combined(const sl_game *g, const sl_command *c)
{
    (void)g;
    return ft_combined(c);
}

static bool ft_on(const sl_game *g)
{
    (void)g;
    return true; /* in play wherever the scenario splits a squad */
}

static bool ft_activate_can(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    if (sl_unit_whole(&g->live, c->unit) < 0)
        return true;
    *decided = true;
    return ft_can_activate_team(g, c->unit, why, whylen);
}

static bool ft_activate(sl_game *g, const sl_command *c)
{
    if (sl_unit_whole(&g->live, c->unit) < 0)
        return false;
    ft_activate_team(g, c->unit);
    return true;
}

static void ft_activated(sl_game *g, int unit, rl_how how)
{
    if (how == RL_BY_TRANSFER) {
        ft_unit_of(g, unit)->squad_mode = 0;
        ft_unit_of(g, unit)->leader_with = 0;
    } else if (how == RL_BY_TURN && rl_has_teams(g, unit)) {
        ft_activate_squad(g, unit);
    }
}

static void ft_activation_ended(sl_game *g, int u)
{
    ft_unit_of(g, u)->team_pending = 0;
    ft_unit_of(g, u)->leader_with = 0;
    if (!rl_has_teams(g, u))
        return;
    /* fireteams that had actions from it lose them */
    for (int k = 0; k < sl_unit_nparts(&g->live, u); k++)
        if (ft_unit_of(g, sl_unit_part(&g->live, u, k))->team_pending > 0) {
            ft_unit_of(g, sl_unit_part(&g->live, u, k))->team_pending = 0;
            rl_note(g, sl_unit_part(&g->live, u, k), "%s's action is lost with its squad leader's activation",
                    rl_unit_name(g, sl_unit_part(&g->live, u, k)));
        }
}

static bool ft_busy(const sl_game *g, int u)
{
    int active = sl_game_active_unit(g);
    for (int k = 0; k < sl_unit_nparts(&g->live, u); k++)
        if (sl_unit_part(&g->live, u, k) == active || ft_unit_of(g, sl_unit_part(&g->live, u, k))->team_pending > 0)
            return true;
    return false;
}

static bool ft_cost_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    if (c->kind == SL_CMD_ASSAULT && sl_unit_whole(&g->live, active) >= 0 && sl_game_actions_left(g) < 2)
        return rl_refuse(why, whylen,
                         "a fireteam closes assault only with both actions given at once (teams %s both, house rule)",
                         g->live.units[sl_unit_whole(&g->live, active)].id);
    return true;
}

static bool ft_move_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    rl_role role = rl_role_of(g, c);
    sl_integrity in;
    if (role == RL_PLAIN)
        return true;
    *decided = true;
    if (role == RL_WHOLE) {
        /* a whole squad of fireteams: each team in fireteam integrity */
        for (int k = 0; k < sl_unit_nparts(&g->live, c->unit); k++) {
            int t = sl_unit_part(&g->live, c->unit, k);
            sl_unit_integrity(&g->live, t, NULL, NULL, &in);
            if (rl_living(g, t) > 0 && !in.intact)
                return rl_refuse(why, whylen,
                                 "%s is out of fireteam integrity (%d astray): it must reorganise, or move on its own "
                                 "as its first action, before the squad moves as a whole (house rule)",
                                 rl_unit_name(g, t), in.nstray);
        }
    } else if (role == RL_TEAM) {
        /* a fireteam out of integrity may move as its first action to
         * gather (house rule) */
        sl_unit_integrity(&g->live, c->unit, NULL, NULL, &in);
        if (!in.intact && g->us[c->unit].actions_done > 0)
            return rl_refuse(why, whylen,
                             "%s is out of fireteam integrity (%d astray): a move that gathers it must be its first "
                             "action; now it must reorganise (house rule)",
                             u->name, in.nstray);
    }
    return true;
}

static void ft_moved(sl_game *g, const sl_move *mv)
{
    /* a fireteam out of integrity gathers as it goes, each straggler
     * within what is left of the move (house rule) */
    const sl_unit *u = &g->live.units[mv->unit];
    if (sl_unit_whole(&g->live, mv->unit) < 0 || mv->combat)
        return;
    sl_integrity in;
    sl_unit_integrity(&g->live, mv->unit, NULL, NULL, &in);
    if (in.intact)
        return;
    mv_gather(g, mv->unit, mv->allowance - mv->moved);
    sl_unit_integrity(&g->live, mv->unit, NULL, NULL, &in);
    if (!in.intact)
        rl_note(g, mv->unit, "%s is still out of fireteam integrity (%d astray): it could not gather within its move",
                u->name, in.nstray);
}

static void ft_suppressed(sl_game *g, int unit, bool leader_was)
{
    if (!leader_was)
        note_leader_suppressed(g, rl_squad_of(g, unit), unit);
}

static void ft_turn_start(sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++) {
        ft_unit_of(g, u)->leader_joined = 0;
        ft_unit_of(g, u)->team_reacted = false;
    }
}

static int ft_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    int n = 0;
    if (sl_unit_nparts(&g->live, unit) > 0) {
        rl_offer_add(out, &n, max, ft_kind(FT_ROW_TEAMS), 0, "Teams: 1 action", "T", 0, 170);
        rl_offer_add(out, &n, max, ft_kind(FT_ROW_TEAMS), 1, "Teams: both", "Shift+T", 0, 171);
        int active = sl_game_active_unit(g);
        for (int k = 0; k < sl_unit_nparts(&g->live, unit) && k < 9; k++) {
            int t = sl_unit_part(&g->live, unit, k);
            if (active != unit || ft_unit_of(g, t)->team_pending <= 0)
                continue;
            char label[40], key[8];
            snprintf(label, sizeof label, "Activate T%d", sl_unit_part_no(&g->live, t));
            snprintf(key, sizeof key, "%d", sl_unit_part_no(&g->live, t));
            rl_offer_add(out, &n, max, SL_CMD_ACTIVATE, t + 1, label, key, 0, 172 + k);
        }
    }
    if ((sl_unit_nparts(&g->live, unit) > 0 || sl_unit_whole(&g->live, unit) >= 0) && n < max) {
        /* not a command: the squad leader alone (a squad), or joining the
         * team's action (a team), for the commands that follow */
        sl_offer *o = rl_offer_add(out, &n, max, SL_CMD_NONE, 1, sl_unit_nparts(&g->live, unit) > 0 ? "Leader alone" : "With leader",
                                   "J", RL_OFFER_TOGGLE, 190);
        if (sl_unit_nparts(&g->live, unit) > 0)
            rl_offer_toggle(o, "The squad leader alone: the next actions are his own (J again: the squad)",
                            "The whole squad (or its leader's orders) again", " \xC2\xB7 the squad leader alone (J)");
        else
            rl_offer_toggle(o, "The squad leader goes with this fireteam's move, fire or assault (J again: not)",
                            "The fireteam acts without its squad leader", " \xC2\xB7 with its squad leader (J)");
    }
    return n;
}

static int ft_marks(const sl_game *g, int u, sl_mark *out, int max)
{
    int n = 0;
    if (sl_unit_whole(&g->live, u) >= 0 && ft_unit_of(g, u)->team_pending > 0 && n < max) {
        snprintf(out[n].text, sizeof out[n].text, "ORDERS %d", ft_unit_of(g, u)->team_pending);
        out[n].style = SL_MARK_ACTIVE;
        out[n++].order = 35;
    }
    if (sl_unit_nparts(&g->live, u) > 0 && u != sl_game_active_unit(g) && ft_busy(g, u) && n < max) {
        snprintf(out[n].text, sizeof out[n].text, "TEAMS ACTING");
        out[n].style = SL_MARK_ACTIVE;
        out[n++].order = 80;
    }
    return n;
}

static const rl_cmd_def ft_commands[FT_ROW_COUNT] = {
    {RL_KIND_NEW, "teams", NULL, RL_SHAPE_OWN, NULL, "teams SQUAD [both]", 1,
     RL_CMD_FRAMED | RL_CMD_HANDS_ON | RL_CMD_LEADERS, ft_can_teams, ft_do_teams, RL_PICK_NONE, &ft_teams_words},
    {RL_KIND_NEW, "regroup", NULL, RL_SHAPE_OWN, NULL,
     "regroup SQUAD FIGURE TEAM [FIGURE TEAM ...] (TEAM: its number or SQUAD.N)", 1,
     RL_CMD_ACTION | RL_CMD_HANDS_ON | RL_CMD_LEADERS, ft_can_regroup, ft_do_regroup, RL_PICK_NONE, &ft_regroup_words},
};

/* The loader's check of the squads as written, before it splits them:
 * figures that carry fireteam numbers make a squad of fireteams, which
 * must be infantry, with every man but the squad leader in a team, each
 * team two men or more besides the squad leader, and two teams or more.
 * Each problem at the figure it is about (its place as written), else at
 * the squad's figures. */
static int ft_squad_written(const sl_scenario *scn, int ui, sl_rule_issue *out, int n, int max)
{
    const sl_unit *u = &scn->units[ui];
    int count[SL_MAX_TEAMS + 1] = {0}, nteamfigs = 0;
    for (int i = 0; i < u->nfigures; i++) {
        if (sl_figure_part(scn, u->first_figure + i) >= 0 && sl_figure_part(scn, u->first_figure + i) <= SL_MAX_TEAMS)
            count[sl_figure_part(scn, u->first_figure + i)]++;
        nteamfigs += sl_figure_part(scn, u->first_figure + i) > 0;
    }
    if (nteamfigs == 0)
        return n;
    char field[60];
    snprintf(field, sizeof field, "units[%d].figures", ui);
    if (u->kind != SL_UNIT_INFANTRY) {
        rl_issue(out, &n, max, field, "only infantry squads split into fireteams");
        return n;
    }
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &scn->figures[u->first_figure + i];
        snprintf(field, sizeof field, "units[%d].figures[%d]", ui, i);
        if (sl_figure_part(scn, u->first_figure + i) == 0 && f->role != SL_ROLE_LEADER) {
            rl_issue(out, &n, max, field,
                     "figure '%s' is in no fireteam: in a squad of fireteams only the squad leader may stand alone",
                     f->id);
            return n; /* the first such man */
        }
    }
    int teams = 0;
    for (int t = 1; t <= SL_MAX_TEAMS; t++) {
        if (count[t] == 0)
            continue;
        teams++;
        int others = 0, first = -1;
        for (int i = 0; i < u->nfigures; i++) {
            const sl_figure *f = &scn->figures[u->first_figure + i];
            others += sl_figure_part(scn, u->first_figure + i) == t && f->role != SL_ROLE_LEADER;
            if (sl_figure_part(scn, u->first_figure + i) == t && first < 0)
                first = i;
        }
        if (others < 2) {
            snprintf(field, sizeof field, "units[%d].figures[%d]", ui, first);
            rl_issue(out, &n, max, field,
                     "fireteam %d of '%s' has %d figure%s besides the squad leader: a fireteam needs two or more", t,
                     u->id, others, others == 1 ? "" : "s");
            return n;
        }
    }
    snprintf(field, sizeof field, "units[%d].figures", ui);
    if (teams < 2)
        rl_issue(out, &n, max, field, "'%s' has one fireteam: a squad splits into two or more, or none", u->id);
    return n;
}

static int ft_check_written(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    for (int ui = 0; ui < scn->nunits && n < max; ui++)
        n = ft_squad_written(scn, ui, out, n, max);
    return n;
}

/* The loader's check: an Untrained squad split into fireteams where the
 * option forbids it (the error at its figures, which carry the teams). */
static int ft_check(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    if (rl_option_of(&scn->options, &ft_rule, FT_UNTRAINED) != 1)
        return 0;
    for (int ui = 0; ui < scn->nunits; ui++) {
        const sl_unit *u = &scn->units[ui];
        char field[40];
        snprintf(field, sizeof field, "units[%d].figures", ui);
        if (sl_unit_nparts(scn, ui) > 0 && u->quality == SL_Q_UNTRAINED)
            rl_issue(out, &n, max, field,
                     "'%s' is Untrained and the rule option untrained_fireteams forbids it fireteams", u->id);
    }
    return n;
}

/* The keys of its action-bar entries and decisions, for the window's
 * help page. */
static const rl_help_row ft_help[] = {
    {"T  Shift+T  1 2 3", "Fireteams: orders to every team (one / both); activate team N"},
    {"J", "Fireteams: leader alone (a squad's own actions), or with leader (he joins the team's action)"},
    {NULL, NULL},
};

const rl_house ft_rule = {
    .name = "fireteams",
    .help = ft_help,
    .source = "seed 004: fireteams",
    .title = "the fireteams house rule",
    .option = NULL,
    .on = ft_on,
    .commands = ft_commands,
    .ncommands = 2,
    .extras = ft_extras,
    .nextras = 1,
    .actor_words = &ft_actor,
    .acting = ft_acting,
    .target_combined = ft_target_combined,
    .unit_bytes = sizeof(ft_unit),
    .activate_can = ft_activate_can,
    .activate = ft_activate,
    .activated = ft_activated,
    .activation_ended = ft_activation_ended,
    .holds_activation = ft_teams_pending,
    .busy = ft_busy,
    .cost_check = ft_cost_check,
    .actor_check = ft_actor_check,
    .move_check = ft_move_check,
    .leader_team = ft_leader_team,
    .resolve = ft_resolve,
    .moved = ft_moved,
    .spent_on_fire = ft_spend_on_fire,
    .suppressed = ft_suppressed,
    .turn_start = ft_turn_start,
    .offers = ft_offers,
    .marks = ft_marks,
    .options = ft_options,
    .noptions = (int)(sizeof ft_options / sizeof ft_options[0]),
    .check = ft_check,
    .check_written = ft_check_written,
    .scenario = &ft_scn_part,
    .orders = ft_orders,
};
