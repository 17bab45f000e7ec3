/* A game in play: commands with autosave, undo, and the action bar's
 * choices. See play.h. */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sightline/play.h"

void sl_play_init(sl_play *p)
{
    memset(p, 0, sizeof *p);
    p->solo_side = -1;
    p->solo_stance = -1;
    p->view_side = -1;
    p->bar.unit = -2;
}

static void drop_snaps(sl_play *p, int keep_upto)
{
    while (p->nsnaps > 0 && p->snaps[p->nsnaps - 1].ncommands > keep_upto)
        sl_game_free(&p->snaps[--p->nsnaps].g);
}

void sl_play_free(sl_play *p)
{
    drop_snaps(p, -1);
    free(p->snaps);
    free(p->save_marks);
    if (p->on)
        sl_game_free(&p->game);
    sl_origin_free(&p->origin);
    char autosave[SL_PATH_MAX];
    snprintf(autosave, sizeof autosave, "%s", p->autosave);
    int solo = p->solo_side, generation = p->generation, view = p->view_side;
    int stance = p->solo_stance;
    free(p->view_units);
    free(p->view_figures);
    sl_parts_free(p->view_parts);
    sl_play_init(p);
    snprintf(p->autosave, sizeof p->autosave, "%s", autosave);
    p->solo_side = solo;
    p->solo_stance = stance;
    p->view_side = view;
    p->generation = generation;
}

/* A side's view of the forces, as the rules make it (sl_game_forces_for),
 * in copies the display owns. */
static bool censor_forces(sl_play *p, int side)
{
    const sl_scenario *live = &p->game.live;
    size_t nu = (size_t)(live->nunits > 0 ? live->nunits : 1), nf = (size_t)(live->nfigures > 0 ? live->nfigures : 1);
    sl_unit *units = realloc(p->view_units, sizeof(sl_unit) * nu);
    if (units)
        p->view_units = units;
    sl_figure *figs = realloc(p->view_figures, sizeof(sl_figure) * nf);
    if (figs)
        p->view_figures = figs;
    if (!units || !figs)
        return false;
    if (!sl_game_parts_for(&p->game, side, &p->view_parts))
        return false;
    sl_game_forces_for(&p->game, side, units, figs);
    p->disp.scn = *live;
    p->disp.scn.units = units;
    p->disp.scn.figures = figs;
    p->disp.scn.parts = p->view_parts;
    return true;
}

static void refresh_disp(sl_play *p)
{
    if (!p->setup)
        return;
    p->disp = *p->setup; /* the table and mat, shared */
    if (!p->on)
        return;
    p->disp.scn = p->game.live;
    if (p->view_side >= 0 && sl_game_fog(&p->game))
        censor_forces(p, p->view_side);
}

void sl_play_set_view(sl_play *p, int side)
{
    p->view_side = side;
    refresh_disp(p);
}

bool sl_play_last_seen(const sl_play *p, int unit, int *turn)
{
    if (!p->on || p->view_side < 0 || unit < 0 || unit >= p->game.live.nunits)
        return false;
    int top = sl_unit_whole(&p->game.live, unit) >= 0 ? sl_unit_whole(&p->game.live, unit) : unit;
    return sl_game_last_seen(&p->game, p->view_side, top, NULL, turn);
}

bool sl_play_is_counter(const sl_world *disp, int unit)
{
    return unit >= 0 && unit < disp->scn.nunits && disp->scn.units[unit].id[0] == '?';
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

static bool add_mark(sl_play *p, int nevents, long size)
{
    if (p->nsave_marks == p->cap_save_marks) {
        int cap = p->cap_save_marks ? 2 * p->cap_save_marks : 64;
        struct sl_save_mark *m = realloc(p->save_marks, sizeof *m * (size_t)cap);
        if (!m)
            return false;
        p->save_marks = m;
        p->cap_save_marks = cap;
    }
    p->save_marks[p->nsave_marks].nevents = nevents;
    p->save_marks[p->nsave_marks].size = size;
    p->nsave_marks++;
    return true;
}

/* Write all of buf at `at`, however many write(2)s it takes. */
static bool write_at(int fd, const char *buf, size_t len, off_t at)
{
    while (len > 0) {
        ssize_t n = pwrite(fd, buf, len, at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf += n;
        len -= (size_t)n;
        at += n;
    }
    return true;
}

/* Append the events the file lacks (after its last mark no later than the
 * game), cutting off anything after that mark first (an undo). They go
 * out in one write, so a kill all but never leaves part of them; a write
 * that fails (a full disk) is cut back to the mark, so the file still
 * holds the game as it was. False when the file must be written whole. */
static bool autosave_append(sl_play *p)
{
    int k = p->nsave_marks - 1;
    while (k >= 0 && p->save_marks[k].nevents > p->game.journal.n)
        k--;
    if (k < 0)
        return false;
    p->nsave_marks = k + 1;
    long size = p->save_marks[k].size;
    int from = p->save_marks[k].nevents;
    if (from == p->game.journal.n)
        return truncate(p->autosave, size) == 0; /* an undo back to a mark */
    size_t len = 0;
    for (int i = from; i < p->game.journal.n; i++)
        len += strlen(p->game.journal.ev[i].json) + 1;
    char *buf = malloc(len);
    int fd = buf ? open(p->autosave, O_WRONLY) : -1;
    if (fd < 0) {
        free(buf);
        return false;
    }
    size_t at = 0;
    for (int i = from; i < p->game.journal.n; i++) {
        size_t l = strlen(p->game.journal.ev[i].json);
        memcpy(buf + at, p->game.journal.ev[i].json, l);
        buf[at + l] = '\n';
        at += l + 1;
    }
    bool ok = ftruncate(fd, size) == 0 && write_at(fd, buf, len, size) && fdatasync(fd) == 0;
    if (!ok && ftruncate(fd, size) == 0) /* back to the mark: nothing of this command */
        fdatasync(fd);
    ok = close(fd) == 0 && ok;
    free(buf);
    return ok && add_mark(p, p->game.journal.n, size + (long)len);
}

static void autosave(sl_play *p)
{
    p->autosave_error[0] = '\0';
    if (!p->autosave[0] || !p->on || !p->origin.scenario_path[0])
        return;
    if (autosave_append(p))
        return;
    /* the whole file, crash-safe (a temporary file renamed over it) */
    p->nsave_marks = 0;
    char err[300];
    if (!sl_save_write(p->autosave, &p->origin, &p->game, err, sizeof err)) {
        snprintf(p->autosave_error, sizeof p->autosave_error, "Autosave failed: %s", err);
        return;
    }
    struct stat st;
    if (stat(p->autosave, &st) == 0)
        add_mark(p, p->game.journal.n, (long)st.st_size);
}

/* A snapshot of g for undo, every SL_PLAY_SNAP_EVERY commands. */
static void snapshot_of(sl_play *p, const sl_game *g)
{
    int n = g->ncommands;
    int last = p->nsnaps > 0 ? p->snaps[p->nsnaps - 1].ncommands : 0;
    if (n < last + SL_PLAY_SNAP_EVERY)
        return;
    if (p->nsnaps == p->cap_snaps) {
        int cap = p->cap_snaps ? 2 * p->cap_snaps : 16;
        struct sl_play_snap *s = realloc(p->snaps, sizeof *s * (size_t)cap);
        if (!s)
            return;
        p->snaps = s;
        p->cap_snaps = cap;
    }
    struct sl_play_snap *s = &p->snaps[p->nsnaps];
    char err[200];
    if (!sl_game_clone_upto(&s->g, g, 0, err, sizeof err))
        return;
    s->ncommands = n;
    s->nevents = g->journal.n;
    p->nsnaps++;
}

static void snapshot(sl_play *p)
{
    snapshot_of(p, &p->game);
}

bool sl_play_do(sl_play *p, const sl_command *c, char *err, size_t errlen)
{
    if (!p->on) {
        snprintf(err, errlen, "there is no game in play on a bare table");
        return false;
    }
    if (p->replay) {
        snprintf(err, errlen, "%s", SL_PLAY_REPLAY_WHY);
        return false;
    }
    int before = p->game.journal.n;
    if (!sl_game_apply(&p->game, c, err, errlen))
        return false;
    snapshot(p);
    if (p->game.journal.n != before)
        autosave(p);
    char aerr[300];
    sl_play_auto(p, aerr, sizeof aerr); /* the solo side's answers, if any */
    refresh_disp(p);
    return true;
}

bool sl_play_do_line(sl_play *p, const char *line, char *err, size_t errlen)
{
    if (!p->on) {
        snprintf(err, errlen, "there is no game in play on a bare table");
        return false;
    }
    sl_command c;
    if (!sl_command_parse(&p->game.live, line, &c, err, errlen))
        return false;
    if (c.kind == SL_CMD_NONE)
        return true;
    return sl_play_do(p, &c, err, errlen);
}

sl_stance sl_play_stance(const sl_play *p, int side)
{
    if (p->solo_stance >= 0 && p->solo_stance < SL_STANCE_COUNT)
        return (sl_stance)p->solo_stance;
    if (p->on && side >= 0 && side < p->game.live.nsides && p->game.live.sides[side].solo_stance >= 0)
        return (sl_stance)p->game.live.sides[side].solo_stance;
    return SL_STANCE_BALANCED;
}

bool sl_play_solo_side(const sl_play *p, const char *id, int *side, char *err, size_t errlen)
{
    *side = strcmp(id, "both") == 0 ? SL_SOLO_BOTH : sl_scenario_find_side(&p->setup->scn, id);
    if (*side == -1) {
        snprintf(err, errlen, "no side has id '%s' (for --solo)", id);
        return false;
    }
    char why[400];
    if (*side == SL_SOLO_BOTH && !sl_game_solo_plays_all(&p->game, why, sizeof why)) {
        snprintf(err, errlen, "--solo both cannot play this game: %s", why);
        return false;
    }
    return true;
}

int sl_play_auto(sl_play *p, char *err, size_t errlen)
{
    int n = 0;
    while (p->on && p->solo_side != -1 && sl_game_choosing(&p->game) != SL_CHOOSE_NONE &&
           (p->game.pending.side == p->solo_side || p->solo_side == SL_SOLO_BOTH) && n < 256) {
        sl_command c;
        /* the same policy as its turns (F5, --solo and the tournament alike) */
        if (!sl_game_solo_command(&p->game, p->game.pending.side, sl_play_stance(p, p->game.pending.side), &c))
            break;
        if (!sl_game_apply(&p->game, &c, err, errlen))
            break;
        snapshot(p);
        n++;
    }
    if (n > 0)
        autosave(p);
    return n;
}

int sl_play_solo_turn(const sl_play *p)
{
    if (!p->on || p->replay || p->solo_side == -1 || p->game.outcome.over)
        return -1;
    if (sl_game_choosing(&p->game) != SL_CHOOSE_NONE && !sl_game_solo_answers(&p->game))
        return -1; /* the players enter it (a SkirmishCorps attack's outcome): the program never guesses it */
    int side = sl_play_side_to_act(p);
    if (side < 0 || (p->solo_side != SL_SOLO_BOTH && side != p->solo_side))
        return -1;
    return side;
}

bool sl_play_solo_step(sl_play *p, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    int side = sl_play_solo_turn(p);
    if (side < 0)
        return false;
    sl_command c;
    sl_cmd_init(&c, SL_CMD_NONE, -1);
    char why[400] = "it found nothing to do";
    if (sl_game_solo_command(&p->game, side, sl_play_stance(p, side), &c) && sl_play_do(p, &c, why, sizeof why))
        return true;
    /* what it chose was refused after all (scripted dice run out...):
     * end the activation, else be done for the turn */
    char line[SL_CMD_TEXT];
    sl_command_format(&p->game.live, &c, line, sizeof line);
    sl_cmd_init(&c, SL_CMD_END_ACTIVATION, -1);
    snprintf(c.note, sizeof c.note, "solo: what it chose was refused (%.200s)", why);
    char e2[400];
    if (sl_game_active_unit(&p->game) >= 0 && sl_play_do(p, &c, e2, sizeof e2))
        return true;
    sl_cmd_side(&c, SL_CMD_DONE, side);
    snprintf(c.note, sizeof c.note, "solo: what it chose was refused (%.200s)", why);
    if (sl_game_choosing(&p->game) == SL_CHOOSE_NONE && sl_play_do(p, &c, e2, sizeof e2))
        return true;
    if (err && errlen)
        snprintf(err, errlen, "the solo player for %s could not play '%.300s': %s",
                 p->game.live.sides[side].name, line, why);
    return false;
}

/* The game after the first k of its commands `cmds`: from the last
 * snapshot at or before k (else from the start, taking snapshots on the
 * way), its journal the game's own up to there. On failure the game is
 * as it was. */
static bool rewind_to(sl_play *p, char **cmds, int k, char *err, size_t errlen)
{
    drop_snaps(p, k);
    if (p->nsnaps > 0) {
        const struct sl_play_snap *s = &p->snaps[p->nsnaps - 1];
        return sl_game_rewind(&p->game, &s->g, s->nevents, cmds, s->ncommands, k, err, errlen);
    }
    sl_game g;
    int failed_at;
    bool ok = sl_game_replay(&g, &p->setup->scn, &p->origin, cmds, 0, &failed_at, err, errlen);
    for (int i = 0; ok && i < k; i++) {
        ok = sl_game_apply_line(&g, cmds[i], err, errlen);
        if (ok)
            snapshot_of(p, &g);
    }
    if (ok) {
        sl_game_free(&p->game);
        p->game = g;
    } else {
        sl_game_free(&g);
    }
    return ok;
}

bool sl_play_undo(sl_play *p, char *undone, size_t undonelen, char *err, size_t errlen)
{
    if (!p->on || p->replay) {
        snprintf(err, errlen, "%s", p->on ? SL_PLAY_REPLAY_WHY : "there is no game in play");
        return false;
    }
    char **cmds;
    int n = sl_journal_commands(&p->game, &cmds);
    if (n <= 0) {
        sl_commands_free(cmds, n);
        snprintf(err, errlen, "there is nothing to undo");
        return false;
    }
    bool ok = rewind_to(p, cmds, n - 1, err, errlen);
    snprintf(undone, undonelen, "%s", cmds[n - 1]);
    sl_commands_free(cmds, n);
    if (!ok)
        return false;
    sl_game_moved(&p->game);
    p->generation++;
    refresh_disp(p);
    autosave(p);
    return true;
}

bool sl_play_goto(sl_play *p, char **cmds, int n, int k, char *err, size_t errlen)
{
    if (!p->on || k < 0 || k > n) {
        snprintf(err, errlen, "no command %d in a game of %d", k, n);
        return false;
    }
    int at = p->game.ncommands;
    bool ok = true;
    if (k < at) {
        ok = rewind_to(p, cmds, k, err, errlen);
    } else {
        /* forward a command at a time, as it was played; a failure leaves
         * the game at the last command that went in */
        for (int i = at; ok && i < k; i++) {
            ok = sl_game_apply_line(&p->game, cmds[i], err, errlen);
            if (ok)
                snapshot(p);
        }
    }
    sl_game_moved(&p->game);
    p->generation++;
    refresh_disp(p);
    return ok;
}

int sl_play_side_to_act(const sl_play *p)
{
    return p->on ? sl_game_side_to_act(&p->game) : -1;
}

/* --- the action bar -------------------------------------------------------------- */

/* Copy, cut to fit (labels are short; never cut inside a character). */
static void sl_put_str(char *dst, size_t n, const char *src)
{
    size_t l = strlen(src);
    if (l >= n) {
        l = n - 1;
        while (l > 0 && ((unsigned char)src[l] & 0xC0) == 0x80)
            l--;
    }
    memcpy(dst, src, l);
    dst[l] = '\0';
}

static sl_offer offer_of(const sl_play_action *a)
{
    sl_offer o;
    memset(&o, 0, sizeof o);
    o.kind = a->kind;
    o.variant = a->variant;
    o.needs_target = a->needs_target;
    o.enemy_target = a->enemy_target;
    o.needs_path = a->needs_path;
    o.needs_figures = a->needs_figures;
    return o;
}

void sl_play_command(const sl_play *p, const sl_play_action *a, int unit, int target, const sl_pt *pts, int npts,
                     const int *figs, int nfigs, bool toggled, sl_command *out)
{
    sl_offer o = offer_of(a);
    sl_offer_command(&p->game, &o, unit, target, pts, npts, figs, nfigs, toggled, out);
}

bool sl_play_way_command(const sl_play *p, const sl_play_action *a, int unit, sl_pt from, const sl_pt *way, int n,
                         const int *figs, int nfigs, bool toggled, sl_command *out, sl_way_plan *plan)
{
    sl_way_plan local;
    sl_way_plan *pl = plan ? plan : &local;
    sl_play_command(p, a, unit, -1, NULL, 0, figs, nfigs, toggled, out);
    bool planned = sl_game_way_plan(&p->game, out, pl);
    sl_pt ref = planned ? pl->start : sl_unit_centre(&p->game.live, unit, NULL);
    sl_pt pts[SL_CMD_MAX_PTS];
    int np = 0;
    for (int i = 0; i < n && np < SL_CMD_MAX_PTS; i++)
        pts[np++] = sl_pt_make(ref.x + way[i].x - from.x, ref.y + way[i].y - from.y);
    sl_play_command(p, a, unit, -1, pts, np, figs, nfigs, toggled, out);
    return planned && sl_game_way_plan(&p->game, out, pl);
}

bool sl_play_can_target(const sl_play *p, const sl_play_action *a, int unit, int target, bool toggled, char *why,
                        size_t whylen)
{
    sl_command c;
    sl_play_command(p, a, unit, target, NULL, 0, NULL, 0, toggled, &c);
    return sl_game_can(&p->game, &c, why, whylen);
}

/* Is the action allowed at some unit? Else why not, in the words of the
 * target a player would go for: a reason about the unit itself (nothing
 * left to fire, not active) says more than one about a target; else the
 * nearest target it sees (then the nearest it does not), not the first
 * in the list (an enemy hidden in a wood behind one in the open). */
static bool any_target(const sl_play *p, sl_play_action *a, int unit, bool toggled)
{
    const sl_scenario *s = &p->game.live;
    char why[240] = "";
    bool why_about_unit = false;
    double best = -1;
    int ntried = 0;
    bool seen = false;
    sl_pt from = sl_unit_centre(s, unit, NULL);
    for (int t = 0; t < s->nunits; t++) {
        if (t == unit || !sl_unit_fielded(s, t))
            continue;
        bool enemy = s->units[t].side != s->units[unit].side;
        sl_pick_info pick;
        sl_cmd_pick(a->kind, &pick);
        bool wants_enemy = a->enemy_target || pick.enemy;
        if (enemy != wants_enemy)
            continue;
        char w[240];
        if (sl_play_can_target(p, a, unit, t, toggled, w, sizeof w))
            return true;
        ntried++;
        bool about_unit = !strstr(w, s->units[t].name) && !strstr(w, s->units[t].id);
        double dist = sl_dist(from, sl_unit_centre(s, t, NULL));
        if (why[0] && !about_unit && (why_about_unit || dist >= best))
            continue; /* it cannot be the one said, in sight or not: no sight judged (a host asks often) */
        /* a reason about the unit itself is said as it is: its target's sight is not asked */
        static sl_unit_sight us; /* large: not on the stack */
        us.visible = false;
        if (!about_unit)
            sl_unit_sight_judge(&p->game.sight, unit, t, false, &us);
        double rank = dist + (us.visible ? 0 : 1e9);
        if (!why[0] || (about_unit && !why_about_unit) || (about_unit == why_about_unit && !about_unit && rank < best)) {
            snprintf(why, sizeof why, "%s", w);
            why_about_unit = about_unit;
            best = rank;
            seen = us.visible;
        }
    }
    if (!why[0])
        snprintf(a->why, sizeof a->why, "no unit to do it to");
    else if (why_about_unit || ntried < 2)
        sl_utf8_copy(a->why, sizeof a->why, why);
    else { /* every unit for its own reason: the one a player would go for */
        char all[sizeof why + 80];
        snprintf(all, sizeof all, "no target will do now (%d tried); the nearest%s: %s", ntried, seen ? " in sight" : "",
                 why);
        sl_utf8_copy(a->why, sizeof a->why, all);
    }
    return false;
}

/* Detach: allowed when some one man of the squad (not its leader, who
 * stays) could go; else the reason the first of them cannot. */
static bool any_man(const sl_play *p, sl_play_action *a, int unit, bool toggled)
{
    const sl_game *g = &p->game;
    const sl_unit *un = &g->live.units[unit];
    snprintf(a->why, sizeof a->why, "no one in %s can be sent off", un->name);
    bool asked = false;
    for (int f = un->first_figure; f < un->first_figure + un->nfigures; f++) {
        if (f == un->leader || g->live.figures[f].status != SL_FIG_OK)
            continue;
        char w[240];
        sl_command c;
        sl_play_command(p, a, unit, -1, NULL, 0, &f, 1, toggled, &c);
        if (sl_game_can(g, &c, w, sizeof w))
            return true;
        if (!asked)
            snprintf(a->why, sizeof a->why, "%s", w);
        asked = true;
    }
    return false;
}

/* A digest of everything in a game that a command may change (FNV-1a),
 * so the action bar is asked again whenever anything did. */
static uint64_t digest(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) { /* eight bytes a step: a host asks for every unit after each command */
        uint64_t w;
        memcpy(&w, b + i, 8);
        h ^= w;
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    for (; i < n; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

static uint64_t game_digest(const sl_game *g)
{
    uint64_t h = 14695981039346656037ull;
    h = digest(h, g->us, sizeof(sl_unit_state) * (size_t)g->live.nunits);
    h = digest(h, g->live.figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    h = digest(h, g->live.units, sizeof(sl_unit) * (size_t)g->live.nunits);
    h = digest(h, g->act_unit, sizeof g->act_unit);
    h = digest(h, g->act_left, sizeof g->act_left);
    h = digest(h, &g->act_depth, sizeof g->act_depth);
    h = digest(h, &g->side_to_act, sizeof g->side_to_act);
    h = digest(h, &g->turn, sizeof g->turn);
    h = digest(h, &g->pending.kind, sizeof g->pending.kind);
    h = digest(h, &g->journal.n, sizeof g->journal.n);
    if (g->house_bytes)
        h = digest(h, g->house, g->house_bytes);
    return h;
}

/* The actions asked of the rules, each reason as the rules wrote it. */
static int ask_actions(sl_play *p, int unit, bool toggled, sl_play_action *out, int max)
{
    const sl_game *g = &p->game;
    sl_offer offers[SL_PLAY_MAX_ACTIONS];
    int u = unit >= 0 && unit < g->live.nunits ? unit : -1;
    int no = sl_game_offers(g, u, offers, max < SL_PLAY_MAX_ACTIONS ? max : SL_PLAY_MAX_ACTIONS);
    for (int i = 0; i < no; i++) {
        sl_play_action *a = &out[i];
        const sl_offer *o = &offers[i];
        memset(a, 0, sizeof *a);
        a->kind = o->kind;
        a->variant = o->variant;
        snprintf(a->key, sizeof a->key, "%s", o->key);
        a->needs_target = o->needs_target;
        a->enemy_target = o->enemy_target;
        a->needs_path = o->needs_path;
        a->needs_figures = o->needs_figures;
        a->needs_point = o->needs_point;
        a->toggle = o->toggle;
        if (a->toggle) {
            snprintf(a->toggle_on, sizeof a->toggle_on, "%s", o->toggle_on);
            snprintf(a->toggle_off, sizeof a->toggle_off, "%s", o->toggle_off);
            snprintf(a->toggle_head, sizeof a->toggle_head, "%s", o->toggle_head);
            char label[sizeof o->label + 8];
            snprintf(label, sizeof label, "%s: %s", o->label, toggled ? "on" : "off");
            sl_put_str(a->label, sizeof a->label, label);
            a->enabled = true; /* the window's own toggle */
            continue;
        }
        snprintf(a->label, sizeof a->label, "%s", o->label);
        if (a->needs_target) {
            a->enabled = any_target(p, a, u, toggled);
            continue;
        }
        if (a->needs_figures) {
            a->enabled = any_man(p, a, u, toggled);
            continue;
        }
        sl_pick_info pick;
        sl_cmd_pick(a->kind, &pick);
        if (a->needs_point && !pick.aim) {
            a->enabled = true; /* the point clicked is checked when it is */
            continue;
        }
        sl_pt centre[1];
        int np = 0;
        if (a->needs_path || a->needs_point) {
            /* a move of no length asks everything but the distance; a
             * call for fire everything but the aim (any_point) */
            centre[0] = sl_unit_centre(&g->live, u, NULL);
            np = 1;
        }
        int who = pick.kind == SL_PICK_SIDE ? -1 : u;
        sl_command c;
        sl_play_command(p, a, who, -1, centre, np, NULL, 0, toggled, &c);
        c.any_point = a->needs_point;
        a->enabled = sl_game_can(g, &c, a->why, sizeof a->why);
    }
    for (int i = 0; p->replay && i < no; i++)
        if (!out[i].toggle) { /* a replay is read, never played */
            out[i].enabled = false;
            snprintf(out[i].why, sizeof out[i].why, "%s", SL_PLAY_REPLAY_WHY);
        }
    return no;
}

/* The bar kept, when it was asked of this game, unit and toggle: how many; -1 none. */
static int kept_actions(const sl_play *p, uint64_t state, int unit, bool toggled, sl_play_action *out, int max)
{
    if (p->bar.generation != p->generation || p->bar.state != state || p->bar.unit != unit ||
        p->bar.toggled != toggled)
        return -1;
    int n = p->bar.n < max ? p->bar.n : max;
    memcpy(out, p->bar.act, sizeof(sl_play_action) * (size_t)n);
    return n;
}

int sl_play_actions_unworded(sl_play *p, int unit, bool toggled, sl_play_action *out, int max)
{
    if (!p->on)
        return 0;
    int kept = kept_actions(p, game_digest(&p->game), unit, toggled, out, max);
    return kept >= 0 ? kept : ask_actions(p, unit, toggled, out, max);
}

int sl_play_actions(sl_play *p, int unit, bool toggled, sl_play_action *out, int max)
{
    if (!p->on)
        return 0;
    uint64_t state = game_digest(&p->game);
    int no = kept_actions(p, state, unit, toggled, out, max);
    if (no >= 0)
        return no;
    no = ask_actions(p, unit, toggled, out, max);
    const sl_game *g = &p->game;
    /* the reasons as a player reads them (names, no ids or usages) */
    for (int i = 0; !p->replay && i < no; i++)
        if (!out[i].enabled && out[i].why[0]) {
            char plain[sizeof out[i].why];
            sl_game_plain_words(g, out[i].why, plain, sizeof plain);
            snprintf(out[i].why, sizeof out[i].why, "%s", plain);
        }
    p->bar.generation = p->generation;
    p->bar.state = state;
    p->bar.unit = unit;
    p->bar.toggled = toggled;
    p->bar.n = no;
    memcpy(p->bar.act, out, sizeof(sl_play_action) * (size_t)no);
    return no;
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

bool sl_play_resumable(const sl_game *g)
{
    return g->ncommands > 0 && !g->outcome.over;
}

bool sl_play_autosave_path(const char *scenario, char *out, size_t len)
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
    if (!scenario || !*scenario) {
        snprintf(out, len, "%s/autosave.save", dir);
        return true;
    }
    /* one slot a scenario: its file's name, readable, and a hash of its
     * full path, so two files of one name in different folders differ */
    char *full = realpath(scenario, NULL);
    const char *key = full ? full : scenario;
    uint32_t hash = 2166136261u;
    for (const char *c = key; *c; c++)
        hash = (hash ^ (uint8_t)*c) * 16777619u;
    const char *base = strrchr(scenario, '/');
    base = base ? base + 1 : scenario;
    char name[64];
    size_t n = 0;
    for (const char *c = base; *c && *c != '.' && n + 1 < sizeof name; c++)
        name[n++] = (char)((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                                   *c == '-' || *c == '_'
                               ? *c
                               : '_');
    name[n] = '\0';
    free(full);
    snprintf(out, len, "%s/autosave-%s-%08x.save", dir, name, (unsigned)hash);
    return true;
}

/* `path` renamed to a sibling no file has yet, NAME.TAG.save (then
 * NAME.TAG-2.save...), its name in `kept`. */
static bool keep_as(const char *path, const char *tag, char *kept, size_t keptlen)
{
    char stem[SL_PATH_MAX];
    snprintf(stem, sizeof stem, "%s", path);
    size_t l = strlen(stem);
    if (l > 5 && strcmp(stem + l - 5, ".save") == 0)
        stem[l - 5] = '\0';
    for (int i = 1; i < 1000; i++) {
        if (i == 1)
            snprintf(kept, keptlen, "%s.%s.save", stem, tag);
        else
            snprintf(kept, keptlen, "%s.%s-%d.save", stem, tag, i);
        /* a hard link first: it never replaces a file kept before */
        if (link(path, kept) == 0) {
            unlink(path);
            return true;
        }
        if (errno == EEXIST)
            continue;
        /* a file system without hard links: renamed, where nothing is */
        if (access(kept, F_OK) == 0)
            continue;
        return errno == ENOENT && rename(path, kept) == 0;
    }
    return false;
}

bool sl_play_keep_aside(const char *path, char *kept, size_t keptlen)
{
    return keep_as(path, "unloadable", kept, keptlen);
}

bool sl_play_keep_game(const char *path, char *kept, size_t keptlen)
{
    return keep_as(path, "kept", kept, keptlen);
}
