/* Actions other than fire and close assault (rulebook p13, p16-18,
 * p22-25). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "game_internal.h"

/* --- moving -------------------------------------------------------------------- */

static void gather(sl_game *g, int unit, double limit);

/* Base inches of a normal move, and the combat move die, one type lower
 * when the unit carries its wounded (p22). */
static void mobility(const sl_game *g, int unit, int32_t *inches, sl_die *die)
{
    const sl_unit *u = &g->live.units[unit];
    sl_die d = sl_mobility_die(u->mobility);
    int32_t base = u->mobility == SL_MOB_LIGHT ? 8000 : (u->mobility == SL_MOB_FAST_PA || u->mobility == SL_MOB_VEHICLE)
                                                            ? 12000
                                                            : 6000;
    if (g->us[unit].carrying_wounded) {
        d = sl_die_shift_closed(d, -1);
        base = (int32_t)d * 1000 * (base / 1000) / (int32_t)sl_mobility_die(u->mobility);
    }
    *inches = base;
    *die = d;
}

#define MAX_FIGS 64

typedef struct move_plan {
    int figs[MAX_FIGS];
    int n;
    sl_pt path[MAX_FIGS][SL_CMD_MAX_PTS + 1];
    int npath;
    sl_path_cost cost[MAX_FIGS];
    sl_pt centre;
    double length;               /* along the centre's way */
} move_plan;

/* Every standing figure follows the centre's waypoints, shifted by where
 * it stands from the centre: the unit keeps its formation. */
static bool plan_move(const sl_game *g, const sl_command *c, double allowance, move_plan *m, char *why,
                      size_t whylen)
{
    figset set;
    acting_set(g, c, &set);
    m->n = 0;
    m->centre = sl_figs_centre(&g->live, set.fig, set.n, NULL);
    m->npath = c->npts + 1;
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = m->centre;
    for (int k = 0; k < c->npts; k++)
        way[k + 1] = c->pts[k];
    m->length = sl_path_length(way, m->npath);
    for (int i = 0; i < set.n && m->n < MAX_FIGS; i++) {
        int fi = set.fig[i];
        const sl_figure *f = &g->live.figures[fi];
        if (f->status != SL_FIG_OK)
            continue;
        int k = m->n++;
        m->figs[k] = fi;
        int32_t dx = f->pos.x - m->centre.x, dy = f->pos.y - m->centre.y;
        for (int w = 0; w < m->npath; w++) {
            sl_pt q = sl_pt_make(way[w].x + dx, way[w].y + dy);
            if (!sl_table_contains(&g->live.table, q))
                return refuse(why, whylen, "%s would leave the table at (%.1f, %.1f)", f->id, q.x / 1000.0, q.y / 1000.0);
            m->path[k][w] = q;
        }
        sl_path_cost_of(&g->sight.ix, m->path[k], m->npath, allowance, &m->cost[k]);
        if (m->cost[k].impassable) {
            const sl_feature *ft = &g->live.table.features[m->cost[k].first_impassable];
            return refuse(why, whylen, "%s would enter %s (#%d), which is impassable", f->id, ft->name, ft->id);
        }
    }
    return true;
}

/* The figure a unit is measured from (its centroid's nearest figure when
 * measuring from the centroid). */
int sl_unit_centre_figure(const sl_game *g, int unit)
{
    int f;
    sl_pt c = sl_unit_centre(&g->live, unit, &f);
    if (f >= 0)
        return f;
    const sl_unit *u = &g->live.units[unit];
    int best = u->first_figure;
    for (int i = 0; i < u->nfigures; i++)
        if (sl_dist2(g->live.figures[u->first_figure + i].pos, c) < sl_dist2(g->live.figures[best].pos, c))
            best = u->first_figure + i;
    return best;
}

static double nearest_enemy(const sl_game *g, int unit, sl_pt at)
{
    double best = 1e300;
    for (int e = 0; e < g->live.nunits; e++) {
        if (g->live.units[e].side == g->live.units[unit].side || living(g, e) == 0 || !g->us[e].revealed)
            continue;
        double d = sl_dist(at, unit_centre(g, e));
        if (d < best)
            best = d;
    }
    return best;
}

/* Is a unit standing (hypothetically) at these positions in cover? */
static bool in_cover_at(sl_game *g, int unit, const move_plan *m, int upto_point)
{
    sl_pt saved[MAX_FIGS];
    for (int k = 0; k < m->n; k++) {
        saved[k] = g->live.figures[m->figs[k]].pos;
        g->live.figures[m->figs[k]].pos = m->path[k][upto_point];
    }
    bool r = sl_game_unit_in_cover(g, unit);
    for (int k = 0; k < m->n; k++)
        g->live.figures[m->figs[k]].pos = saved[k];
    return r;
}

bool can_move(const sl_game *g, const sl_command *c, bool combat, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (g->us[c->unit].immobile || g->us[c->unit].damage > 0)
        return refuse(why, whylen, "%s cannot move: it is %s", u->name, g->us[c->unit].damage ? "disabled" : "immobilised");
    ft_role role = ft_role_of(g, c);
    sl_integrity in;
    if (role == FT_WHOLE) {
        /* a whole squad of fireteams: each team in fireteam integrity */
        for (int k = 0; k < u->nteams; k++) {
            int t = u->team_unit[k];
            sl_unit_integrity(&g->live, t, NULL, NULL, &in);
            if (living(g, t) > 0 && !in.intact)
                return refuse(why, whylen, "%s is out of fireteam integrity (%d astray): it must reorganise, or move "
                                           "on its own as its first action, before the squad moves as a whole (house "
                                           "rule)",
                              unit_name(g, t), in.nstray);
        }
    } else if (role == FT_TEAM) {
        /* a fireteam out of integrity may move as its first action to
         * gather (house rule) */
        sl_unit_integrity(&g->live, c->unit, NULL, NULL, &in);
        if (!in.intact && g->us[c->unit].actions_done > 0)
            return refuse(why, whylen, "%s is out of fireteam integrity (%d astray): a move that gathers it must be its "
                                       "first action; now it must reorganise (house rule)",
                          u->name, in.nstray);
    } else if (role == FT_PLAIN) {
        sl_unit_integrity(&g->live, c->unit, NULL, NULL, &in);
        if (!in.intact)
            return refuse(why, whylen, "%s is out of unit integrity (%d astray) and must reorganise before it moves (p11)",
                          u->name, in.nstray);
    }
    int32_t base;
    sl_die die;
    mobility(g, c->unit, &base, &die);
    move_plan m;
    if (!plan_move(g, c, combat ? 1e12 : base, &m, why, whylen))
        return false;
    if (!combat) {
        if (m.length > base + 0.5)
            return refuse(why, whylen,
                          "too far: %s's centre (%s at %.1f, %.1f) would go %.1f\", and a normal move is %.0f\" (p22)",
                          u->name, g->live.figures[sl_unit_centre_figure(g, c->unit)].id, m.centre.x / 1000.0,
                          m.centre.y / 1000.0, m.length / 1000.0, base / 1000.0);
        /* The furthest the centre can go along the same way with every
         * figure inside its allowance. */
        int worst = -1;
        for (int k = 0; k < m.n; k++)
            if (!m.cost[k].within && (worst < 0 || m.cost[k].stop_at < m.cost[worst].stop_at))
                worst = k;
        if (worst >= 0) {
            sl_pt way[SL_CMD_MAX_PTS + 1];
            way[0] = m.centre;
            for (int k = 0; k < c->npts; k++)
                way[k + 1] = c->pts[k];
            sl_pt reach = sl_path_point_at(way, m.npath, m.cost[worst].stop_at);
            return refuse(why, whylen,
                          "too far: %s's way costs %.1f\" of a %.0f\" move (poor ground counts double, difficult "
                          "treble); along this way the unit's centre could reach (%.1f, %.1f)",
                          g->live.figures[m.figs[worst]].id, m.cost[worst].cost / 1000.0, base / 1000.0,
                          reach.x / 1000.0, reach.y / 1000.0);
        }
    }
    /* broken and routed units only fall back (p21) */
    if (u->confidence >= SL_CONF_BROKEN) {
        sl_pt end = c->pts[c->npts - 1];
        double before = nearest_enemy(g, c->unit, m.centre), after = nearest_enemy(g, c->unit, end);
        bool to_cover = u->confidence == SL_CONF_BROKEN && in_cover_at((sl_game *)g, c->unit, &m, m.npath - 1);
        if (after < before && !to_cover)
            return refuse(why, whylen, "%s is %s: it may only move to cover or away from the enemy (p21)", u->name,
                          sl_confidence_name(u->confidence));
    }
    return true;
}

/* Start a move: the tests a move may need, the combat move's roll, and
 * the way the unit's centre will go. g->mv.on is false when the action is
 * lost to a failed test. */
bool move_begin(sl_game *g, const sl_command *c, bool combat, char *err, size_t errlen)
{
    int unit = c->unit;
    const sl_unit *u = &g->live.units[unit];
    sl_unit_state *s = &g->us[unit];
    sl_cmd_kind kind = combat ? SL_CMD_COMBAT_MOVE : SL_CMD_MOVE;
    sl_move *mv = &g->mv;
    memset(mv, 0, sizeof *mv);
    mv->unit = unit;
    mv->combat = combat;
    bool handled;
    if (!ft_resolve(g, c, &handled, err, errlen))
        return false;
    ft_role role = ft_role_of(g, c);
    figset set;
    acting_set(g, c, &set);
    char who[160];
    cmd_actor_name(g, c, who, sizeof who);
    bool suppressed = false;
    for (int i = 0; i < set.n; i++)
        suppressed |= g->live.figures[set.fig[i]].status == SL_FIG_OK && fig_suppressed(g, set.fig[i]);
    if (suppressed) {
        /* only with the suppressed_move option: a confidence test first
         * (for fireteams, the squad's) */
        int m = squad_of(g, unit);
        const sl_unit *mu = &g->live.units[m];
        int target = mu->leadership;
        int v = roll(g, sl_quality_die(mu->quality), target, "confidence", m,
                     "Confidence test for %s to move while suppressed: its die must beat leadership %d (the "
                     "suppressed_move option)",
                     who, target);
        if (g->failed)
            return false;
        if (v <= target) {
            drop_confidence(g, m, 1, "it failed to move while suppressed");
            s->failed_tests |= 1u << kind;
            return true; /* the action is spent */
        }
    }
    /* In Position: a reaction test for each unit that holds the marker;
     * for a whole squad of fireteams, one failure keeps them all in place
     * (house rule) */
    int ip[SL_MAX_TEAMS + 1], nip = 0;
    if (role == FT_WHOLE) {
        for (int k = 0; k < u->nteams; k++)
            if (living(g, u->team_unit[k]) > 0 && g->us[u->team_unit[k]].in_position)
                ip[nip++] = u->team_unit[k];
    } else if (role != FT_LEADER && s->in_position) {
        ip[nip++] = unit;
    }
    bool stay = false;
    for (int i = 0; i < nip && !g->failed; i++)
        if (!reaction_test(g, ip[i], 2, "move without first removing its In Position marker"))
            stay = true;
    if (g->failed)
        return false;
    if (stay) {
        jnote(g, unit, "%s stays In Position and does not move; the action is lost", who);
        s->failed_tests |= 1u << kind;
        return true;
    }
    for (int i = 0; i < nip; i++) {
        g->us[ip[i]].in_position = false;
        jstate(g, ip[i], "left-position", "%s leaves its position", unit_name(g, ip[i]));
    }
    int32_t base;
    sl_die die;
    mobility(g, unit, &base, &die);
    double allowance = base;
    if (combat) {
        int v = roll(g, die, -1, "combat-move", unit,
                     "%s's combat move toward (%.1f, %.1f): %s doubled is how far it goes; short of the mark it still "
                     "goes the full distance (p22)",
                     u->name, c->pts[c->npts - 1].x / 1000.0, c->pts[c->npts - 1].y / 1000.0, sl_die_name(die));
        if (g->failed)
            return false;
        allowance = 2000.0 * v;
    }
    move_plan m;
    if (!plan_move(g, c, allowance, &m, err, errlen))
        return false;
    /* a shaken unit needs a reaction test to leave cover (p21); each
     * fireteam of a whole squad tests, and one failure holds them all */
    if (u->confidence == SL_CONF_SHAKEN && role != FT_LEADER && sl_game_unit_in_cover(g, unit) &&
        !in_cover_at(g, unit, &m, m.npath - 1)) {
        int who_tests[SL_MAX_TEAMS + 1], nt = 0;
        if (role == FT_WHOLE) {
            for (int k = 0; k < u->nteams; k++)
                if (living(g, u->team_unit[k]) > 0)
                    who_tests[nt++] = u->team_unit[k];
        } else {
            who_tests[nt++] = unit;
        }
        bool held = false;
        for (int i = 0; i < nt && !g->failed; i++)
            held |= !reaction_test(g, who_tests[i], 2, "leave cover while shaken");
        if (g->failed)
            return false;
        if (held) {
            jnote(g, unit, "%s will not leave cover; the action is lost", who);
            s->failed_tests |= 1u << kind;
            return true;
        }
    }
    /* how far along the centre's way every figure can go */
    double go = m.length;
    for (int k = 0; k < m.n; k++)
        if (!m.cost[k].within && m.cost[k].stop_at < go)
            go = m.cost[k].stop_at;
    mv->on = true;
    mv->way[0] = m.centre;
    for (int k = 0; k < c->npts; k++)
        mv->way[k + 1] = c->pts[k];
    mv->nway = m.npath;
    mv->go = go;
    mv->done = 0;
    mv->allowance = allowance;
    mv->start = m.centre;
    mv->carry = s->carrying_wounded;
    mv->nfigs = set.n;
    memcpy(mv->figs, set.fig, sizeof(int) * (size_t)set.n);
    mv->leader_only = role == FT_LEADER;
    mv->with_leader = c->with_leader;
    return true;
}

/* The unit's centre to the point `d` mils along the way; every figure
 * standing (and the wounded, when carried) goes the same way. */
void move_advance(sl_game *g, double d)
{
    sl_move *mv = &g->mv;
    if (!mv->on)
        return;
    if (d > mv->go)
        d = mv->go;
    if (d <= mv->done)
        return;
    sl_pt from = sl_path_point_at(mv->way, mv->nway, mv->done), to = sl_path_point_at(mv->way, mv->nway, d);
    for (int i = 0; i < mv->nfigs; i++) {
        sl_figure *f = &g->live.figures[mv->figs[i]];
        if (f->status == SL_FIG_OK || (f->status == SL_FIG_WOUNDED && mv->carry))
            f->pos = sl_pt_make(f->pos.x + to.x - from.x, f->pos.y + to.y - from.y);
    }
    passengers_follow(g, mv->unit, to.x - from.x, to.y - from.y);
    mv->moved += d - mv->done;
    mv->done = d;
}

/* The move is over: say where the unit got to. */
void move_finish(sl_game *g)
{
    sl_move *mv = &g->mv;
    if (!mv->on)
        return;
    const sl_unit *u = &g->live.units[mv->unit];
    sl_pt end = sl_path_point_at(mv->way, mv->nway, mv->done);
    double length = sl_path_length(mv->way, mv->nway);
    bool reached = mv->done >= length - 0.5;
    sl_command who_c;
    memset(&who_c, 0, sizeof who_c);
    who_c.unit = mv->unit;
    who_c.leader_only = mv->leader_only;
    who_c.with_leader = mv->with_leader;
    char who[160];
    cmd_actor_name(g, &who_c, who, sizeof who);
    char fields[200];
    snprintf(fields, sizeof fields, "\"what\":\"moved\",\"unit\":\"%s\",\"to\":[%.3f,%.3f],\"distance\":%.3f%s", u->id,
             end.x / 1000.0, end.y / 1000.0, mv->moved / 1000.0,
             mv->leader_only ? ",\"leader_only\":true" : mv->with_leader ? ",\"with_leader\":true" : "");
    char text[400];
    snprintf(text, sizeof text, "%s %s %.1f\" to (%.1f, %.1f)%s%s", who, mv->combat ? "dashes" : "moves",
             mv->moved / 1000.0, end.x / 1000.0, end.y / 1000.0,
             mv->combat ? (reached ? ", reaching its destination" : ", short of its destination, in the open")
             : reached ? ""
                       : ", and stops there",
             mv->carry ? " (carrying its wounded)" : "");
    jadd(g, SL_EV_STATE, mv->unit, text, fields);
    mv->on = false;
    /* a fireteam out of integrity gathers as it goes, each straggler
     * within what is left of the move (house rule) */
    if (u->squad >= 0 && !mv->combat) {
        sl_integrity in;
        sl_unit_integrity(&g->live, mv->unit, NULL, NULL, &in);
        if (!in.intact) {
            gather(g, mv->unit, mv->allowance - mv->moved);
            sl_unit_integrity(&g->live, mv->unit, NULL, NULL, &in);
            if (!in.intact)
                jnote(g, mv->unit, "%s is still out of fireteam integrity (%d astray): it could not gather within its "
                                   "move",
                      u->name, in.nstray);
        }
    }
}

/* A new way from where the mover stands, for what is left of its
 * allowance (after opportunity fire that did not stop it). */
bool move_reroute(sl_game *g, const sl_pt *pts, int npts, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    const sl_unit *u = &g->live.units[mv->unit];
    sl_command c;
    memset(&c, 0, sizeof c);
    c.unit = mv->unit;
    c.leader_only = mv->leader_only;
    c.with_leader = mv->with_leader;
    c.npts = npts;
    memcpy(c.pts, pts, sizeof(sl_pt) * (size_t)npts);
    double left = mv->allowance - mv->moved;
    if (left < 0)
        left = 0;
    move_plan m;
    if (!plan_move(g, &c, left, &m, err, errlen))
        return false;
    for (int k = 0; k < m.n; k++)
        if (!m.cost[k].within)
            return refuse(err, errlen, "too far: %s has %.1f\" of its move left and %s's way costs %.1f\"", u->name,
                          left / 1000.0, g->live.figures[m.figs[k]].id, m.cost[k].cost / 1000.0);
    mv->way[0] = m.centre;
    for (int k = 0; k < npts; k++)
        mv->way[k + 1] = pts[k];
    mv->nway = npts + 1;
    mv->done = 0;
    mv->go = m.length;
    mv->allowance = left + mv->moved; /* moved so far stays counted */
    return true;
}

/* --- simple actions -------------------------------------------------------------- */

bool do_in_position(sl_game *g, int unit, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bool cover = sl_game_unit_in_cover(g, unit);
    char what[80];
    snprintf(what, sizeof what, "go In Position %s", cover ? "in cover" : "in the open");
    if (reaction_test(g, unit, cover ? 0 : 2, what)) {
        g->us[unit].in_position = true;
        jstate(g, unit, "in-position", "%s is In Position: fire at it shifts the range die up one (p13)",
               unit_name(g, unit));
    } else if (!g->failed) {
        g->us[unit].failed_tests |= 1u << SL_CMD_IN_POSITION;
        jnote(g, unit, "%s does not get into position; the action is lost", unit_name(g, unit));
    }
    return !g->failed;
}

bool do_remove_suppression(sl_game *g, int unit, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[unit];
    int v = roll(g, sl_quality_die(u->quality), u->leadership, "suppression", unit,
                 "%s's leader tries to rally his men from suppression: %s must beat leadership %d (p18)", u->name,
                 sl_die_name(sl_quality_die(u->quality)), u->leadership);
    if (g->failed)
        return false;
    if (v > u->leadership) {
        g->us[unit].suppression--;
        jstate(g, unit, "unsuppressed", "%s removes a suppression marker: %d left", u->name, g->us[unit].suppression);
    } else {
        jnote(g, unit, "%s stays suppressed", u->name);
    }
    return true;
}

bool do_remove_panic(sl_game *g, int unit, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[unit];
    int v = roll(g, sl_quality_die(u->quality), u->leadership, "reaction", unit,
                 "%s's leader spends his whole activation calming the panic: %s must beat leadership %d; a 1 costs a "
                 "level of confidence (p21)",
                 u->name, sl_die_name(sl_quality_die(u->quality)), u->leadership);
    if (g->failed)
        return false;
    if (v > u->leadership) {
        g->us[unit].panicked = false;
        jstate(g, unit, "panic-over", "%s has got over its panic for good", u->name);
        ft_sync(g);
    } else {
        jnote(g, unit, "%s is still panicking", u->name);
        if (v == 1)
            drop_confidence(g, unit, 1, "a 1 while trying to end the panic");
    }
    return true;
}

/* --- reorganise -------------------------------------------------------------------- */

bool can_reorganise(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (g->us[c->unit].suppression > 0 && !sl_game_unit_in_cover(g, c->unit))
        return refuse(why, whylen, "%s is suppressed in the open: it may reorganise only in cover (p17)", u->name);
    for (int i = 0; i < c->nplace; i++) {
        const sl_figure *f = &g->live.figures[c->place_fig[i]];
        if (f->unit != c->unit)
            return refuse(why, whylen, "%s is not in %s", f->id, u->name);
        if (f->status != SL_FIG_OK)
            return refuse(why, whylen, "%s is a casualty and is not moved about", f->id);
        if (!sl_within(f->pos, c->place_at[i], 6000))
            return refuse(why, whylen, "%s would move %.1f\": a reorganise moves figures short distances (at most a 6\" "
                                       "move)",
                          f->id, sl_dist(f->pos, c->place_at[i]) / 1000.0);
    }
    return true;
}

/* Pull figures outside the main group in, 1.5" from the nearest figure
 * of it (each at most `limit` mils), so the unit chains up again. */
static void gather(sl_game *g, int unit, double limit)
{
    const sl_unit *u = &g->live.units[unit];
    int group[MAX_FIGS];
    bool stray[MAX_FIGS];
    sl_integrity in;
    sl_unit_integrity(&g->live, unit, group, stray, &in);
    if (in.intact)
        return;
    for (int i = 0; i < u->nfigures && i < MAX_FIGS; i++) {
        if (!stray[i])
            continue;
        sl_figure *f = &g->live.figures[u->first_figure + i];
        int best = -1;
        for (int k = 0; k < u->nfigures && k < MAX_FIGS; k++) {
            const sl_figure *o = &g->live.figures[u->first_figure + k];
            if (k == i || stray[k] || o->status != SL_FIG_OK)
                continue;
            if (best < 0 || sl_dist2(o->pos, f->pos) < sl_dist2(g->live.figures[best].pos, f->pos))
                best = u->first_figure + k;
        }
        if (best < 0)
            continue;
        sl_pt to = g->live.figures[best].pos;
        double d = sl_dist(f->pos, to);
        if (d <= 1500 || limit <= 0)
            continue;
        double step = d - 1500 < limit ? d - 1500 : limit;
        double t = step / d;
        sl_pt q = sl_pt_make((int32_t)lround(f->pos.x + t * ((double)to.x - f->pos.x)),
                             (int32_t)lround(f->pos.y + t * ((double)to.y - f->pos.y)));
        jstate(g, unit, "regrouped", "%s comes back in, %.1f\", to (%.1f, %.1f)", f->id, step / 1000.0,
               q.x / 1000.0, q.y / 1000.0);
        f->pos = q;
    }
}

bool do_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int unit = c->unit;
    sl_unit *u = &g->live.units[unit];
    sl_pt before = sl_unit_centre(&g->live, unit, NULL);
    for (int i = 0; i < c->nplace; i++) {
        sl_figure *f = &g->live.figures[c->place_fig[i]];
        jstate(g, unit, "repositioned", "%s moves to (%.1f, %.1f)", f->id, c->place_at[i].x / 1000.0,
               c->place_at[i].y / 1000.0);
        f->pos = c->place_at[i];
    }
    if (c->nplace == 0)
        gather(g, unit, 1e300);
    sl_integrity in;
    sl_unit_integrity(&g->live, unit, NULL, NULL, &in);
    if (!in.intact)
        return refuse(err, errlen, "after that %s would still be out of integrity (%d astray): place them within %.0f\" "
                                   "of each other or in a %.0f\" circle",
                      u->name, in.nstray, g->live.options.integrity_chain / 1000.0,
                      g->live.options.integrity_circle / 1000.0);
    /* the unit as a whole must not creep (p17) */
    sl_pt after = sl_unit_centre(&g->live, unit, NULL);
    if (c->nplace > 0 && !sl_within(before, after, 2000))
        return refuse(err, errlen, "that moves %s's centre %.1f\": a reorganise does not move the unit (use move)",
                      u->name, sl_dist(before, after) / 1000.0);
    /* kit carried by the fallen is taken up by the nearest man standing
     * within a reorganise's reach (6") */
    static const char *const kit[] = {"medikit", "EW kit", "forward observer's kit", "sensor"};
    for (int i = 0; i < u->nfigures; i++) {
        sl_figure *c2 = &g->live.figures[u->first_figure + i];
        if (c2->status == SL_FIG_OK || !c2->equipment)
            continue;
        sl_figure *best = NULL;
        for (int k = 0; k < u->nfigures; k++) {
            sl_figure *f = &g->live.figures[u->first_figure + k];
            if (f->status != SL_FIG_OK || !sl_within(f->pos, c2->pos, 6000))
                continue;
            if (!best || sl_dist2(f->pos, c2->pos) < sl_dist2(best->pos, c2->pos))
                best = f;
        }
        if (!best)
            continue;
        for (int b = 0; b < 4; b++) {
            unsigned bit = 1u << b;
            if (!(c2->equipment & bit))
                continue;
            c2->equipment &= ~bit;
            best->equipment |= bit;
            jstate(g, unit, "equipment", "%s takes up the %s from %s", best->id, kit[b], c2->id);
        }
    }
    /* first aid for the wounded (p39) */
    bool medic = false;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->role == SL_ROLE_MEDIC || (f->equipment & SL_EQUIP_MEDIKIT)))
            medic = true;
    }
    for (int i = 0; i < u->nfigures && !g->failed; i++) {
        sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status != SL_FIG_WOUNDED || f->treated)
            continue;
        int v = roll(g, SL_D6, -1, "first-aid", unit,
                     "First aid for %s: D6%s, 1-2 dies, 3-5 stabilised, 6 or more back in action (p39)", f->id,
                     medic ? " +1 for the medic" : "");
        int score = v + (medic ? 1 : 0);
        if (g->failed)
            break;
        if (score <= 2) {
            f->status = SL_FIG_DEAD;
            jstate(g, unit, "casualty", "%s dies of his wounds", f->id);
        } else if (score <= 5) {
            f->treated = true;
            jstate(g, unit, "treated", "%s is stabilised: no longer an untreated casualty", f->id);
        } else {
            f->status = SL_FIG_OK;
            jstate(g, unit, "recovered", "%s is back in action", f->id);
        }
    }
    if (g->us[unit].in_position) {
        bool cover = sl_game_unit_in_cover(g, unit);
        if (!reaction_test(g, unit, cover ? 0 : 2, "stay In Position while reorganising") && !g->failed) {
            g->us[unit].in_position = false;
            jstate(g, unit, "left-position", "%s loses its In Position marker", u->name);
        }
    }
    if (!g->failed)
        jstate(g, unit, "reorganised", "%s reorganises: in integrity", u->name);
    return !g->failed;
}

/* --- command and control ------------------------------------------------------------- */

bool in_contact(const sl_game *g, int unit, int other)
{
    const sl_unit *u = &g->live.units[unit], *o = &g->live.units[other];
    sl_pt from = u->leader >= 0 && g->live.figures[u->leader].status == SL_FIG_OK ? g->live.figures[u->leader].pos
                                                                                  : unit_centre(g, unit);
    for (int i = 0; i < o->nfigures; i++) {
        const sl_figure *f = &g->live.figures[o->first_figure + i];
        if (f->status == SL_FIG_OK && sl_within(from, f->pos, 6000))
            return true;
    }
    return false;
}

bool comm_roll(sl_game *g, int sender, int receiver, const char *what)
{
    return comm_roll_shift(g, sender, receiver, 0, what);
}

bool comm_roll_shift(sl_game *g, int sender, int receiver, int shift, const char *what)
{
    const sl_unit *s = &g->live.units[sender], *r = &g->live.units[receiver];
    int levels = sl_command_distance(&g->live, receiver, sender);
    if (levels == 0)
        levels = sl_command_distance(&g->live, sender, receiver);
    int bypassed = levels > 1 ? levels - 1 : 0;
    sl_die die = sl_die_shift_closed(sl_quality_die(s->quality), -bypassed + shift);
    int target = s->leadership > r->leadership ? s->leadership : r->leadership;
    int v = roll(g, die, target, "communication", sender,
                 "%s's communication to %s (%s): %s%s must beat the poorer leadership, %d (p16)", s->name, r->name, what,
                 sl_die_name(die), bypassed || shift ? " (down one type for each level passed over or lost)" : "",
                 target);
    return !g->failed && v > target;
}

bool do_transfer(sl_game *g, int unit, int sub, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int top = g->act_depth - 1;
    g->act_left[top]--;
    g->us[unit].actions_done++;
    g->act_transfers[top]++;
    bool ok;
    if (in_contact(g, unit, sub)) {
        ok = true;
        jnote(g, unit, "%s is within 6\" of %s: the transfer needs no roll (p16)", unit_name(g, unit), unit_name(g, sub));
    } else {
        ok = comm_roll(g, unit, sub, "transferring an action");
    }
    if (g->failed)
        return false;
    if (!ok) {
        jnote(g, unit, "The order does not get through: the action is wasted");
        return true; /* the frame ends the activation if that was the last action */
    }
    /* an extra activation: the subordinate's own marker is not turned,
     * and one already used does not stop it (p16) */
    g->us[sub].moves = 0;
    g->us[sub].actions_done = 0;
    g->us[sub].fired_this_activation = false;
    g->us[sub].squad_mode = 0;
    g->us[sub].leader_with = -1;
    g->act_unit[g->act_depth] = sub;
    g->act_left[g->act_depth] = 2;
    g->act_transfers[g->act_depth] = 0;
    g->act_depth++;
    jstate(g, sub, "activated", "%s, ordered by %s, activates at once: two extra actions (p16)", unit_name(g, sub),
           unit_name(g, unit));
    if (g->us[sub].overwatch) {
        g->us[sub].overwatch = false;
        jstate(g, sub, "overwatch-lost", "%s loses its overwatch counter on activating", unit_name(g, sub));
    }
    panic_check_seen(g, sub);
    return true;
}

bool do_communicate(sl_game *g, int unit, int other, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (in_contact(g, unit, other)) {
        jnote(g, unit, "%s speaks to %s directly (within 6\")", unit_name(g, unit), unit_name(g, other));
        return true;
    }
    bool ok = comm_roll(g, unit, other, "passing a message");
    if (!g->failed)
        jnote(g, unit, "%s", ok ? "The message gets through" : "The message does not get through");
    return !g->failed;
}

bool do_rally(sl_game *g, int unit, int other, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    if (!in_contact(g, unit, other)) {
        bool ok = comm_roll(g, unit, other, "rallying");
        if (g->failed)
            return false;
        if (!ok) {
            jnote(g, unit, "%s cannot get through to rally %s", unit_name(g, unit), unit_name(g, other));
            return true;
        }
    }
    sl_unit *r = &g->live.units[other];
    const sl_unit *c = &g->live.units[unit];
    int target = r->leadership + c->leadership;
    int v = roll(g, sl_quality_die(r->quality), target, "rally", other,
                 "Rally test for %s: its %s die must beat the two leaderships added, %d + %d = %d (p17)", r->name,
                 sl_die_name(sl_quality_die(r->quality)), r->leadership, c->leadership, target);
    if (g->failed)
        return false;
    if (v > target) {
        r->confidence = (sl_confidence)((int)r->confidence - 1);
        jstate(g, other, "confidence", "%s is rallied: %s", r->name, sl_confidence_name(r->confidence));
        ft_sync(g);
    } else {
        jnote(g, other, "%s is not rallied", r->name);
    }
    return true;
}

bool do_observe(sl_game *g, int unit, int target, char *err, size_t errlen)
{
    const sl_unit *u = &g->live.units[unit], *t = &g->live.units[target];
    if (g->us[target].revealed && t->kind != SL_UNIT_DUMMY)
        return refuse(err, errlen, "%s is already in plain sight", t->name);
    sl_unit_sight s;
    sl_unit_sight_judge(&g->sight, unit, target, false, &s);
    if (!s.visible)
        return refuse(err, errlen, "%s cannot see where %s is", u->name, t->name);
    /* sensors: the eye D4, an aided or enhanced sensor better */
    sl_die sensor = SL_D4;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->equipment & SL_EQUIP_SENSOR))
            sensor = SL_D8;
    }
    int twelves = (int)(s.range.distance / 12000.0);
    int shift = twelves + (int)s.cover + (g->us[target].in_position ? 1 : 0);
    sl_die hide = sl_die_shift_closed(SL_D4, shift);
    int hv = roll(g, hide, -1, "observe", target, "%s's concealment: D4 up one per full 12\" (%d), for cover and "
                                                  "In Position: %s (p25)",
                  t->name, twelves, sl_die_name(hide));
    int qv = roll(g, sl_quality_die(u->quality), hv, "observe", unit, "%s's quality die against %d", u->name, hv);
    int sv = roll(g, sensor, hv, "observe", unit, "%s's sensor die %s against %d", u->name, sl_die_name(sensor), hv);
    if (g->failed)
        return false;
    int beat = (qv > hv) + (sv > hv);
    if (beat == 0) {
        jnote(g, unit, "%s sees nothing there", u->name);
    } else if (t->kind == SL_UNIT_DUMMY) {
        for (int i = 0; i < t->nfigures; i++)
            g->live.figures[t->first_figure + i].status = SL_FIG_DEAD;
        g->us[target].revealed = true;
        jstate(g, target, "dummy-removed", "%s was a dummy counter: removed", t->name);
    } else {
        g->us[target].revealed = true;
        jstate(g, target, "revealed", "%s is spotted%s", t->name, beat == 2 ? " and its figures placed" : "");
    }
    return true;
}
