/* A game in play: commands with autosave, undo, and the action bar's
 * choices. See play.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sightline/play.h"

void sl_play_init(sl_play *p)
{
    memset(p, 0, sizeof *p);
    p->pick = SL_CMD_COUNT;
    p->pick_target = -1;
    p->solo_side = -1;
    p->of_choice = -1;
}

void sl_play_free(sl_play *p)
{
    if (p->on)
        sl_game_free(&p->game);
    sl_origin_free(&p->origin);
    char autosave[SL_PATH_MAX];
    snprintf(autosave, sizeof autosave, "%s", p->autosave);
    int solo = p->solo_side;
    sl_play_init(p);
    snprintf(p->autosave, sizeof p->autosave, "%s", autosave);
    p->solo_side = solo;
}

static void refresh_disp(sl_play *p)
{
    if (!p->setup)
        return;
    p->disp = *p->setup; /* the table and mat, shared */
    if (p->on)
        p->disp.scn = p->game.live;
}

bool sl_play_start(sl_play *p, const sl_world *setup, const char *scenario_path, uint64_t seed, char *err,
                   size_t errlen)
{
    sl_play_free(p);
    p->setup = setup;
    snprintf(p->origin.scenario_path, sizeof p->origin.scenario_path, "%s", scenario_path ? scenario_path : "");
    p->origin.seed = seed;
    if (setup->scn.nunits == 0 || setup->scn.nsides == 0) {
        refresh_disp(p);
        return true; /* a bare table: nothing to play */
    }
    if (!sl_game_init(&p->game, &setup->scn, seed, err, errlen))
        return false;
    p->on = true;
    p->generation++;
    refresh_disp(p);
    return true;
}

void sl_play_adopt(sl_play *p, const sl_world *setup, sl_game *g, sl_origin *o)
{
    sl_play_free(p);
    p->setup = setup;
    p->game = *g;
    p->game.setup = &setup->scn;
    sl_game_moved(&p->game);
    memset(g, 0, sizeof *g);
    p->origin = *o;
    memset(o, 0, sizeof *o);
    p->on = true;
    p->generation++;
    refresh_disp(p);
}

static void autosave(sl_play *p)
{
    if (!p->autosave[0] || !p->on || !p->origin.scenario_path[0])
        return;
    char err[400];
    if (!sl_save_write(p->autosave, &p->origin, &p->game, err, sizeof err)) {
        snprintf(p->message, sizeof p->message, "Autosave failed: %s", err);
        p->message_is_error = true;
    }
}

bool sl_play_do(sl_play *p, const char *line, char *err, size_t errlen)
{
    if (!p->on) {
        snprintf(err, errlen, "there is no game in play on a bare table");
        return false;
    }
    int before = p->game.journal.n;
    int active_before = sl_game_active_unit(&p->game);
    if (!sl_game_apply_line(&p->game, line, err, errlen)) {
        snprintf(p->message, sizeof p->message, "%s: %s", line, err);
        p->message_is_error = true;
        return false;
    }
    if (p->game.journal.n != before)
        autosave(p);
    p->message[0] = '\0';
    p->message_is_error = false;
    p->log_scroll = 0;
    p->pick = SL_CMD_COUNT;
    p->pick_target = -1;
    p->of_choice = -1;
    p->nreroute = 0;
    if (sl_game_active_unit(&p->game) != active_before)
        p->leader_mode = false;
    char aerr[300];
    sl_play_auto(p, aerr, sizeof aerr); /* the solo side's answers, if any */
    return true;
}

int sl_play_auto(sl_play *p, char *err, size_t errlen)
{
    int n = 0;
    while (p->on && p->solo_side >= 0 && p->game.pending.kind != SL_DECIDE_NONE &&
           p->game.pending.side == p->solo_side && n < 64) {
        char line[300], why[400], full[760];
        if (!sl_game_auto_decide(&p->game, line, sizeof line, why, sizeof why))
            break;
        snprintf(full, sizeof full, "%s # solo: %s", line, why);
        if (!sl_game_apply_line(&p->game, full, err, errlen))
            break;
        n++;
    }
    if (n > 0)
        autosave(p);
    return n;
}

bool sl_play_undo(sl_play *p, char *err, size_t errlen)
{
    if (!p->on) {
        snprintf(err, errlen, "there is no game in play");
        return false;
    }
    char **cmds;
    int n = sl_journal_commands(&p->game, &cmds);
    if (n <= 0) {
        sl_commands_free(cmds, n);
        snprintf(err, errlen, "there is nothing to undo");
        return false;
    }
    sl_game g;
    int failed_at;
    bool ok = sl_game_replay(&g, &p->setup->scn, &p->origin, cmds, n - 1, &failed_at, err, errlen);
    char last[512];
    snprintf(last, sizeof last, "%s", cmds[n - 1]);
    sl_commands_free(cmds, n);
    if (!ok) {
        sl_game_free(&g);
        return false;
    }
    sl_game_free(&p->game);
    p->game = g;
    sl_game_moved(&p->game);
    p->generation++;
    refresh_disp(p);
    autosave(p);
    snprintf(p->message, sizeof p->message, "Undone: %s", last);
    p->message_is_error = false;
    p->pick = SL_CMD_COUNT;
    p->pick_target = -1;
    return true;
}

int sl_play_side_to_act(const sl_play *p)
{
    if (!p->on)
        return -1;
    if (p->game.pending.kind != SL_DECIDE_NONE)
        return p->game.pending.side;
    int a = sl_game_active_unit(&p->game);
    if (a >= 0)
        return p->game.live.units[a].side;
    return p->game.side_to_act;
}

/* --- the action bar -------------------------------------------------------------- */

void sl_play_format(const sl_play *p, sl_cmd_kind k, int variant, int unit, int target, const sl_pt *pts, int npts,
                    char *out, size_t len)
{
    const sl_scenario *s = &p->game.live;
    char uidb[SL_ID_LEN + 4];
    snprintf(uidb, sizeof uidb, "%s", unit >= 0 ? s->units[unit].id : "");
    /* fireteams: the squad leader alone is "SQUAD.L"; a team's action he
     * joins ends "with-leader" */
    bool squad = unit >= 0 && s->units[unit].nteams > 0, team = unit >= 0 && s->units[unit].squad >= 0;
    bool joins = p->leader_mode && team &&
                 (k == SL_CMD_MOVE || k == SL_CMD_COMBAT_MOVE || k == SL_CMD_FIRE || k == SL_CMD_ASSAULT);
    if (p->leader_mode && squad && k != SL_CMD_TEAMS && k != SL_CMD_ACTIVATE && k != SL_CMD_END_ACTIVATION &&
        k != SL_CMD_LAST_STAND && k != SL_CMD_PASS && k != SL_CMD_DONE && k != SL_CMD_DETACH)
        snprintf(uidb, sizeof uidb, "%s.L", s->units[unit].id);
    const char *uid = uidb;
    const char *tid = target >= 0 ? s->units[target].id : "";
    size_t at = 0;
    switch (k) {
    case SL_CMD_ACTIVATE:
        snprintf(out, len, "activate %s", variant > 0 && variant - 1 < s->nunits ? s->units[variant - 1].id : uid);
        return;
    case SL_CMD_TEAMS: snprintf(out, len, "teams %s%s", uid, variant ? " both" : ""); return;
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE: {
        /* SkirmishCorps: the way of moving (variant SL_SC_JOG...) */
        static const char *const modes[] = {"", " jog", " run", " sprint", " sneak"};
        at = (size_t)snprintf(out, len, "%s %s%s", sl_cmd_name(k), uid,
                              k == SL_CMD_MOVE && variant >= SL_SC_JOG && variant <= SL_SC_SNEAK ? modes[variant] : "");
        for (int i = 0; i < npts && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, " %.2f,%.2f", pts[i].x / 1000.0, pts[i].y / 1000.0);
        break;
    }
    case SL_CMD_STANCE:
        snprintf(out, len, "stance %s %s", uid, variant ? "prone" : "standing");
        break;
    case SL_CMD_FIRE: {
        static const char *const how[] = {"", " small-arms", " support", " missile"};
        snprintf(out, len, "fire %s at %s%s", uid, tid, variant >= 0 && variant < 4 ? how[variant] : "");
        break;
    }
    case SL_CMD_TRANSFER: snprintf(out, len, "transfer %s to %s", uid, tid); break;
    case SL_CMD_EMBARK: snprintf(out, len, "embark %s into %s", uid, tid); break;
    case SL_CMD_COMMUNICATE: snprintf(out, len, "communicate %s with %s", uid, tid); break;
    case SL_CMD_RALLY:
    case SL_CMD_OBSERVE:
    case SL_CMD_ASSAULT: snprintf(out, len, "%s %s %s", sl_cmd_name(k), uid, tid); break;
    case SL_CMD_PASS:
    case SL_CMD_DONE:
        snprintf(out, len, "%s %s", sl_cmd_name(k),
                 unit >= 0 ? s->sides[s->units[unit].side].id : s->sides[sl_play_side_to_act(p)].id);
        break;
    case SL_CMD_END_ACTIVATION: snprintf(out, len, "end"); break;
    case SL_CMD_DETACH:
        /* the men chosen (variant >= 0: that figure alone, for asking) */
        at = (size_t)snprintf(out, len, "detach %s", uid);
        if (variant >= 0 && variant < s->nfigures)
            snprintf(out + at, len - at, " %s", s->figures[variant].id);
        for (int i = 0; variant < 0 && i < p->ndet && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, " %s", s->figures[p->det_fig[i]].id);
        break;
    default: snprintf(out, len, "%s %s", sl_cmd_name(k), uid); break;
    }
    at = strlen(out);
    if (joins && at < len)
        snprintf(out + at, len - at, " with-leader");
}

/* A command built for asking sl_game_can, without applying it. */
static bool can(sl_play *p, const char *line, char *why, size_t whylen)
{
    sl_command c;
    if (!sl_command_parse(&p->game.live, line, &c, why, whylen))
        return false;
    return sl_game_can(&p->game, &c, why, whylen);
}

bool sl_play_can_target(sl_play *p, sl_cmd_kind k, int variant, int unit, int target, char *why, size_t whylen)
{
    char line[300];
    sl_play_format(p, k, variant, unit, target, NULL, 0, line, sizeof line);
    return can(p, line, why, whylen);
}

static void add(sl_play_action *out, int *n, int max, sl_cmd_kind k, int variant, const char *label, const char *key,
                bool target, bool path)
{
    if (*n >= max)
        return;
    sl_play_action *a = &out[(*n)++];
    memset(a, 0, sizeof *a);
    a->kind = k;
    a->variant = variant;
    snprintf(a->label, sizeof a->label, "%s", label);
    snprintf(a->key, sizeof a->key, "%s", key);
    a->needs_target = target;
    a->needs_path = path;
}

/* Is there any unit the command may be given against? The reason for
 * the first refusal otherwise. */
static bool any_target(sl_play *p, sl_play_action *a, int unit)
{
    const sl_scenario *s = &p->game.live;
    char why[240] = "";
    bool why_about_unit = false;
    for (int t = 0; t < s->nunits; t++) {
        if (t == unit || !sl_unit_fielded(s, t))
            continue;
        bool enemy = s->units[t].side != s->units[unit].side;
        bool wants_enemy = a->kind == SL_CMD_FIRE || a->kind == SL_CMD_OBSERVE || a->kind == SL_CMD_ASSAULT;
        if (enemy != wants_enemy)
            continue;
        char w[240];
        if (sl_play_can_target(p, a->kind, a->variant, unit, t, w, sizeof w))
            return true;
        /* a reason about the unit itself (nothing left to fire, not
         * active) says more than one about a particular target */
        bool about_unit = !strstr(w, s->units[t].name) && !strstr(w, s->units[t].id);
        if (!why[0] || (about_unit && !why_about_unit)) {
            snprintf(why, sizeof why, "%s", w);
            why_about_unit = about_unit;
        }
    }
    snprintf(a->why, sizeof a->why, "%s", why[0] ? why : "no unit to do it to");
    return false;
}

int sl_play_actions(sl_play *p, int unit, sl_play_action *out, int max)
{
    int n = 0;
    if (!p->on)
        return 0;
    const sl_game *g = &p->game;
    if (unit >= 0 && unit < g->live.nunits && g->live.options.ruleset == 1) {
        /* SkirmishCorps foot-units (seed 002): one action of these */
        const sl_unit_state *st = &g->us[unit];
        if (sl_game_active_unit(g) != unit)
            add(out, &n, max, SL_CMD_ACTIVATE, 0, "Assign to act", "A", false, false);
        add(out, &n, max, SL_CMD_MOVE, SL_SC_JOG, "Jog", "M", false, true);
        add(out, &n, max, SL_CMD_MOVE, SL_SC_RUN, "Run", "C", false, true);
        add(out, &n, max, SL_CMD_MOVE, SL_SC_SPRINT, "Sprint", "Shift+C", false, true);
        add(out, &n, max, SL_CMD_MOVE, SL_SC_SNEAK, "Sneak", "K", false, true);
        add(out, &n, max, SL_CMD_STANCE, st->sc_prone ? 0 : 1, st->sc_prone ? "Stand up" : "Go prone", "P", false,
            false);
        add(out, &n, max, SL_CMD_HIDE, 0, "Hide", "H", false, false);
    } else if (unit >= 0 && unit < g->live.nunits) {
        const sl_unit_state *st = &g->us[unit];
        int active = sl_game_active_unit(g);
        if (active != unit)
            add(out, &n, max, SL_CMD_ACTIVATE, 0, "Activate", "A", false, false);
        add(out, &n, max, SL_CMD_MOVE, 0, "Move", "M", false, true);
        add(out, &n, max, SL_CMD_COMBAT_MOVE, 0, "Combat move", "C", false, true);
        add(out, &n, max, SL_CMD_FIRE, SL_FIRE_ALL, "Fire", "F", true, false);
        if (st->in_position)
            add(out, &n, max, SL_CMD_LEAVE_POSITION, 0, "Leave position", "P", false, false);
        else
            add(out, &n, max, SL_CMD_IN_POSITION, 0, "In Position", "P", false, false);
        if (st->panicked)
            add(out, &n, max, SL_CMD_REMOVE_PANIC, 0, "Calm panic", "U", false, false);
        else
            add(out, &n, max, SL_CMD_REMOVE_SUPPRESSION, 0, "Remove suppression", "U", false, false);
        add(out, &n, max, SL_CMD_REORGANISE, 0, "Reorganise", "O", false, false);
        add(out, &n, max, SL_CMD_TRANSFER, 0, "Transfer", "X", true, false);
        add(out, &n, max, SL_CMD_COMMUNICATE, 0, "Communicate", "K", true, false);
        add(out, &n, max, SL_CMD_RALLY, 0, "Rally", "Y", true, false);
        add(out, &n, max, SL_CMD_OBSERVE, 0, "Observe", "W", true, false);
        add(out, &n, max, SL_CMD_ASSAULT, 0, "Assault", "H", true, false);
        if (p->game.live.options.opportunity_fire)
            add(out, &n, max, SL_CMD_OVERWATCH, 0, "Overwatch", "Shift+O", false, false);
        bool vehicles = false;
        for (int v = 0; v < g->live.nunits; v++)
            vehicles |= g->live.units[v].kind == SL_UNIT_VEHICLE && g->live.units[v].side == g->live.units[unit].side;
        if (st->aboard >= 0)
            add(out, &n, max, SL_CMD_DISEMBARK, 0, "Get out", "Shift+D", false, false);
        else if (vehicles && g->live.units[unit].kind == SL_UNIT_INFANTRY)
            add(out, &n, max, SL_CMD_EMBARK, 0, "Get in", "Shift+E", true, false);
        if (p->game.live.options.last_stand)
            add(out, &n, max, SL_CMD_LAST_STAND, 0, "Last stand", "Shift+L", false, false);
        if (g->live.units[unit].element >= 0)
            add(out, &n, max, SL_CMD_DETACH, -1, "Detach men", "Shift+X", false, false);
        /* fireteams: orders to the teams, the teams waiting for them, and
         * the squad leader alone or joining a team */
        const sl_unit *un = &g->live.units[unit];
        if (un->nteams > 0) {
            add(out, &n, max, SL_CMD_TEAMS, 0, "Teams: 1 action", "T", false, false);
            add(out, &n, max, SL_CMD_TEAMS, 1, "Teams: both", "Shift+T", false, false);
            for (int k = 0; k < un->nteams && k < 9; k++) {
                int t = un->team_unit[k];
                if (active != unit || g->us[t].team_pending <= 0)
                    continue;
                char label[40], key[8];
                snprintf(label, sizeof label, "Activate T%d", g->live.units[t].team_no);
                snprintf(key, sizeof key, "%d", g->live.units[t].team_no);
                add(out, &n, max, SL_CMD_ACTIVATE, t + 1, label, key, false, false);
            }
        }
        if (un->nteams > 0 || un->squad >= 0) {
            if (n < max) {
                sl_play_action *a = &out[n++];
                memset(a, 0, sizeof *a);
                a->kind = SL_CMD_COUNT;
                a->variant = 1;
                snprintf(a->label, sizeof a->label, "%s: %s", un->nteams > 0 ? "Leader alone" : "With leader",
                         p->leader_mode ? "on" : "off");
                snprintf(a->key, sizeof a->key, "J");
            }
        }
    }
    add(out, &n, max, SL_CMD_END_ACTIVATION, 0, "End activation", "E", false, false);
    add(out, &n, max, SL_CMD_PASS, 0, "Pass", "Shift+P", false, false);
    add(out, &n, max, SL_CMD_DONE, 0, "Done for the turn", "D", false, false);
    for (int i = 0; i < n; i++) {
        sl_play_action *a = &out[i];
        char line[300];
        if (a->kind == SL_CMD_COUNT) {
            a->enabled = true; /* the window's own toggle */
            continue;
        }
        if (a->needs_target) {
            a->enabled = any_target(p, a, unit);
            continue;
        }
        if (a->kind == SL_CMD_DETACH) {
            /* allowed when some one man of the squad (not its leader, who
             * stays) could go; else the reason the first of them cannot */
            const sl_unit *un = &g->live.units[unit];
            a->enabled = false;
            snprintf(a->why, sizeof a->why, "no one in %s can be sent off", un->name);
            bool asked = false;
            for (int f = un->first_figure; f < un->first_figure + un->nfigures && !a->enabled; f++) {
                if (f == un->leader || g->live.figures[f].status != SL_FIG_OK)
                    continue;
                char w[240];
                sl_play_format(p, a->kind, f, unit, -1, NULL, 0, line, sizeof line);
                a->enabled = can(p, line, w, sizeof w);
                if (!a->enabled && !asked)
                    snprintf(a->why, sizeof a->why, "%s", w);
                asked = true;
            }
            continue;
        }
        sl_pt centre[1];
        int np = 0;
        if (a->needs_path) {
            /* a move of no length asks everything but the distance */
            centre[0] = sl_unit_centre(&g->live, unit, NULL);
            np = 1;
        }
        int who = a->kind == SL_CMD_PASS || a->kind == SL_CMD_DONE ? -1 : unit;
        sl_play_format(p, a->kind, a->variant, who, -1, centre, np, line, sizeof line);
        a->enabled = can(p, line, a->why, sizeof a->why);
    }
    return n;
}

/* --- the autosave's place ----------------------------------------------------------- */

static bool mkdirs(const char *path)
{
    char buf[SL_PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *q = buf + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return false;
        *q = '/';
    }
    return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

bool sl_play_autosave_path(char *out, size_t len)
{
    char dir[SL_PATH_MAX];
    const char *e = getenv("SIGHTLINE_STATE_DIR");
    const char *x = getenv("XDG_STATE_HOME");
    const char *h = getenv("HOME");
    if (e && *e)
        snprintf(dir, sizeof dir, "%s", e);
    else if (x && *x)
        snprintf(dir, sizeof dir, "%s/sightline", x);
    else if (h && *h)
        snprintf(dir, sizeof dir, "%s/.local/state/sightline", h);
    else
        return false;
    if (!mkdirs(dir))
        return false;
    snprintf(out, len, "%s/autosave.save", dir);
    return true;
}
