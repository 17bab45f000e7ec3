/* Moving (rulebook p21-24): normal and combat moves along a way, the
 * tests a move may need, and where the unit gets to. A move runs in the
 * frames (frames.c), so it may be interrupted and answered on its way.
 *
 * Distances are measured in doubles along the way and decided once, in
 * whole mils: a way's length and its cost through terrain are rounded to
 * the nearest mil (half up) and compared with the allowance in mils. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sg2.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MAX_FIGS 64

void mv_mobility(const sl_game *g, int unit, int32_t *inches, sl_die *die)
{
    /* base inches of a normal move, and the combat move die, one type
     * lower when the unit carries its wounded (p22) */
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

/* A normal move's allowance: the base, as the house rules in play have it. */
int32_t mv_normal_allowance(const sl_game *g, int unit)
{
    int32_t base;
    sl_die die;
    mv_mobility(g, unit, &base, &die);
    return rl_hook_move_allowance(g, unit, base);
}

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
    rl_figset set;
    rl_acting_set(g, c, &set);
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
                return rl_refuse(why, whylen, "%s would leave the table at (%.1f, %.1f)", f->id, q.x / 1000.0,
                                 q.y / 1000.0);
            m->path[k][w] = q;
        }
        sl_path_cost_of(&g->sight.ix, m->path[k], m->npath, allowance, &m->cost[k]);
        if (m->cost[k].impassable) {
            const sl_feature *ft = &g->live.table.features[m->cost[k].first_impassable];
            return rl_refuse(why, whylen, "%s would enter %s (#%d), which is impassable", f->id, ft->name, ft->id);
        }
    }
    return true;
}

/* A move ends with every base clear of the other units' bases (our
 * reading, base/bases.c): the plan's last points. */
static bool ends_clear(const sl_game *g, const sl_command *c, const move_plan *m, char *why, size_t whylen)
{
    sl_pt ends[MAX_FIGS];
    for (int k = 0; k < m->n; k++)
        ends[k] = m->path[k][m->npath - 1];
    return rl_ends_clear(g, c->unit, m->figs, ends, m->n, why, whylen);
}

static double nearest_enemy(const sl_game *g, int unit, sl_pt at)
{
    double best = 1e300;
    for (int e = 0; e < g->live.nunits; e++) {
        if (g->live.units[e].side == g->live.units[unit].side || rl_living(g, e) == 0 || !g->us[e].revealed)
            continue;
        double d = sl_dist(at, rl_unit_centre(g, e));
        if (d < best)
            best = d;
    }
    return best;
}

/* Is the unit in cover with the planned figures at the way's point `upto`? */
static bool in_cover_at(const sl_game *g, int unit, const move_plan *m, int upto_point)
{
    sl_pt pos[MAX_FIGS];
    for (int k = 0; k < m->n; k++)
        pos[k] = m->path[k][upto_point];
    sl_placement pl = {m->figs, pos, m->n};
    return rl_unit_in_cover_at(g, unit, &pl);
}

/* Does every man of the unit keep inside the allowance on this way, and
 * end clear of the other units' bases? */
static bool way_fits(const sl_game *g, const sl_command *c, double allowance)
{
    move_plan m;
    char why[8];
    if (!plan_move(g, c, allowance, &m, why, sizeof why) || llround(m.length) > allowance ||
        !ends_clear(g, c, &m, why, sizeof why))
        return false; /* a point it names ends clear of other bases too */
    for (int k = 0; k < m.n; k++)
        if (!m.cost[k].within)
            return false;
    return true;
}

/* The furthest point along the way, `from` mils or less along it, that a
 * player can type (to a tenth of an inch) and the move then takes: a
 * point rounded off may cost more than the exact one, in difficult going
 * three times what it moved, so the point is drawn back 25 mils at a time
 * until its rounded form fits. `fallback` when none does within 2". */
static sl_pt typed_reach(const sl_game *g, const sl_command *c, const sl_pt *way, int npath, double from,
                         double allowance, sl_pt fallback)
{
    for (int i = 0; i < 80 && from > 0; i++, from -= 25.0) {
        sl_pt p = sl_path_point_at(way, npath, from);
        p = sl_pt_make((int32_t)(lround(p.x / 100.0) * 100), (int32_t)(lround(p.y / 100.0) * 100));
        /* the way's turns before that point, then the point */
        double at = 0;
        int k = 0;
        while (k + 2 < npath && at + sl_dist(way[k], way[k + 1]) < from)
            at += sl_dist(way[k], way[k + 1]), k++;
        sl_command t = *c;
        t.npts = 0;
        for (int w = 1; w <= k; w++)
            t.pts[t.npts++] = way[w];
        t.pts[t.npts++] = p;
        if (way_fits(g, &t, allowance))
            return p;
    }
    return fallback;
}

bool mv_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool combat = c->kind == SL_CMD_COMBAT_MOVE;
    const sl_unit *u = &g->live.units[c->unit];
    if (g->us[c->unit].immobile || g->us[c->unit].damage > 0)
        return rl_refuse(why, whylen, "%s cannot move: it is %s", u->name,
                         g->us[c->unit].damage ? "disabled" : "immobilised");
    bool decided = false;
    bool ok = rl_hook_move_check(g, c, &decided, why, whylen);
    if (decided && !ok)
        return false;
    if (!decided) {
        sl_integrity in;
        sl_unit_integrity(&g->live, c->unit, NULL, NULL, &in);
        if (!in.intact)
            return rl_refuse(why, whylen,
                             "%s is out of unit integrity (%d astray) and must reorganise before it moves (p11)",
                             u->name, in.nstray);
    }
    /* a way into or out of a sealed building costs more (seed 000) */
    int32_t extra = rl_hook_way_extra(g, c);
    int32_t base = mv_normal_allowance(g, c->unit) - extra;
    char less[64] = "";
    if (extra > 0)
        snprintf(less, sizeof less, " (%.0f\" of it spent keeping a building sealed)", extra / 1000.0);
    move_plan m;
    if (!plan_move(g, c, combat ? 1e12 : base, &m, why, whylen))
        return false;
    if (!ends_clear(g, c, &m, why, whylen))
        return false;
    if (!combat) {
        if (llround(m.length) > base)
            return rl_refuse(why, whylen,
                             "too far: %s's centre (%s at %.1f, %.1f) would go %.1f\", and a normal move is %.0f\"%s "
                             "(p22)",
                             u->name, g->live.figures[rl_unit_centre_figure(g, c->unit)].id, m.centre.x / 1000.0,
                             m.centre.y / 1000.0, m.length / 1000.0, base / 1000.0, less);
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
            sl_pt reach = typed_reach(g, c, way, m.npath, m.cost[worst].stop_at, base,
                                      sl_path_point_at(way, m.npath, m.cost[worst].stop_at));
            return rl_refuse(why, whylen,
                             "too far: %s's way costs %.1f\" of a %.0f\" move%s (poor ground counts double, difficult "
                             "treble); along this way the unit's centre could reach (%.1f, %.1f)",
                             g->live.figures[m.figs[worst]].id, m.cost[worst].cost / 1000.0, base / 1000.0, less,
                             reach.x / 1000.0, reach.y / 1000.0);
        }
    }
    /* broken and routed units only fall back (p21) */
    if (u->confidence >= SL_CONF_BROKEN) {
        sl_pt end = c->pts[c->npts - 1];
        double before = nearest_enemy(g, c->unit, m.centre), after = nearest_enemy(g, c->unit, end);
        bool to_cover = u->confidence == SL_CONF_BROKEN && in_cover_at(g, c->unit, &m, m.npath - 1);
        if (after < before && !to_cover)
            return rl_refuse(why, whylen, "%s is %s: it may only move to cover or away from the enemy (p21)", u->name,
                             sl_confidence_name(u->confidence));
    }
    return true;
}

/* The going a man's way crosses, for the plan's label: only the going
 * it crosses, no "difficult 0.0". */
static void going_terms(const sl_path_cost *pc, char *out, size_t len)
{
    size_t at = 0;
    double poor = pc->by_going[SL_GOING_POOR] / 1000.0, diff = pc->by_going[SL_GOING_DIFFICULT] / 1000.0;
    out[0] = '\0';
    if (poor >= 0.05)
        at += (size_t)snprintf(out, len, "poor going %.1f\" counts double", poor);
    if (diff >= 0.05 && at < len)
        snprintf(out + at, len - at, "%sdifficult %.1f\" counts treble", at ? ", " : "", diff);
    if (!out[0])
        snprintf(out, len, "clear going all the way");
}

/* A move's plan, as mv_can and mv_begin work it out (no die rolled). */
bool mv_way_plan(const sl_game *g, const sl_command *c, sl_way_plan *out)
{
    if (c->kind != SL_CMD_MOVE && c->kind != SL_CMD_COMBAT_MOVE)
        return false;
    rl_figset set;
    rl_acting_set(g, c, &set);
    out->start = sl_figs_centre(&g->live, set.fig, set.n, NULL);
    if (c->npts <= 0)
        return true;
    bool combat = c->kind == SL_CMD_COMBAT_MOVE;
    int32_t base;
    sl_die die;
    mv_mobility(g, c->unit, &base, &die);
    double allowance = mv_normal_allowance(g, c->unit) - rl_hook_way_extra(g, c);
    out->rolled = combat;
    out->allowance = combat ? 0 : allowance;
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = out->start;
    for (int k = 0; k < c->npts; k++)
        way[k + 1] = c->pts[k];
    out->length = sl_path_length(way, c->npts + 1);
    out->go = out->length;
    move_plan m;
    char why[240];
    const char *name = g->live.units[c->unit].name;
    snprintf(out->line[0], sizeof out->line[0], "%s %.1f\"", combat ? "Combat move" : "Move", out->length / 1000.0);
    if (!plan_move(g, c, combat ? 1e12 : allowance, &m, why, sizeof why)) {
        snprintf(out->line[1], sizeof out->line[1], "%s", why);
    } else {
        int dear = 0;
        for (int k = 0; k < m.n; k++) {
            if (m.cost[k].cost > m.cost[dear].cost)
                dear = k;
            if (!combat && !m.cost[k].within && m.cost[k].stop_at < out->go)
                out->go = m.cost[k].stop_at;
        }
        if (m.n > 0) {
            out->cost = m.cost[dear].cost;
            going_terms(&m.cost[dear], out->line[1], sizeof out->line[1]);
        }
        if (!combat)
            snprintf(out->line[0] + strlen(out->line[0]), sizeof out->line[0] - strlen(out->line[0]),
                     " \xC2\xB7 costs %.1f\" of %s's %.0f\"", out->cost / 1000.0, name, allowance / 1000.0);
    }
    out->end = sl_path_point_at(way, c->npts + 1, out->go);
    for (int i = 0; i < set.n && out->nfigs < SL_PLAN_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[set.fig[i]];
        if (f->status != SL_FIG_OK && !(f->status == SL_FIG_WOUNDED && g->us[c->unit].carrying_wounded))
            continue;
        out->fig[out->nfigs] = set.fig[i];
        out->fig_end[out->nfigs++] = sl_pt_make(f->pos.x + out->end.x - out->start.x, f->pos.y + out->end.y - out->start.y);
    }
    if (combat) {
        /* the roll, doubled, is spent against the dearest man's way and
         * what keeping a building sealed takes of it (start_move) */
        int need = (int)ceil((out->cost + rl_hook_way_extra(g, c)) / 2000.0 - 1e-9), sides = (int)die;
        double p = need <= 1 ? 1.0 : need > sides ? 0.0 : (double)(sides + 1 - need) / sides;
        snprintf(out->line[2], sizeof out->line[2], "%s x 2 decides how far: it reaches here on a %d or more (%.0f%%)",
                 sl_die_name(die), need < 1 ? 1 : need, p * 100);
    } else if (out->ok) {
        snprintf(out->line[2], sizeof out->line[2], "Allowed: %.1f\" of the move to spare; its men end in the rings",
                 (allowance - out->cost) / 1000.0);
    }
    if (!out->ok)
        snprintf(out->line[2], sizeof out->line[2], "Not allowed: %.200s", out->why);
    return true;
}

/* How a test before a move ends: the move goes on, the action is spent
 * without moving, or the dice failed. */
typedef enum { MOVE_GOES, MOVE_SPENT, MOVE_FAILED } move_gate;

/* The move's action is lost: the unit failed a test to take it. */
static void lose_move(sl_game *g, const sl_command *c)
{
    int kind = c->kind == SL_CMD_COMBAT_MOVE ? SL_CMD_COMBAT_MOVE : SL_CMD_MOVE;
    g->us[c->unit].failed_tests |= act_failed_bit(kind);
}

/* Only with the suppressed_move option: a suppressed unit takes a
 * confidence test first (for fireteams, the squad's). */
static move_gate suppressed_test(sl_game *g, const sl_command *c, const rl_figset *set, const char *who)
{
    bool suppressed = false;
    for (int i = 0; i < set->n; i++)
        suppressed |= g->live.figures[set->fig[i]].status == SL_FIG_OK && rl_fig_suppressed(g, set->fig[i]);
    if (!suppressed)
        return MOVE_GOES;
    int m = rl_squad_of(g, c->unit);
    const sl_unit *mu = &g->live.units[m];
    int target = mu->leadership;
    int v = rl_roll(g, sl_quality_die(mu->quality), target, "confidence", m,
                    "Confidence test for %s to move while suppressed: its die must beat leadership %d (the "
                    "suppressed_move option)",
                    who, target);
    if (g->failed)
        return MOVE_FAILED;
    if (v <= target) {
        mor_drop_confidence(g, m, 1, "it failed to move while suppressed");
        lose_move(g, c);
        return MOVE_SPENT;
    }
    return MOVE_GOES;
}

/* The units that test for a move: each living fireteam of a whole squad,
 * else the unit itself (not a squad leader alone); with in_position,
 * only those that hold the marker. */
static int testing_units(const sl_game *g, int unit, rl_role role, bool in_position, int *out)
{
    int n = 0;
    if (role == RL_WHOLE) {
        for (int k = 0; k < sl_unit_nparts(&g->live, unit); k++)
            if (rl_living(g, sl_unit_part(&g->live, unit, k)) > 0 && (!in_position || g->us[sl_unit_part(&g->live, unit, k)].in_position))
                out[n++] = sl_unit_part(&g->live, unit, k);
    } else if (role != RL_LEADER && (!in_position || g->us[unit].in_position)) {
        out[n++] = unit;
    }
    return n;
}

/* A reaction test (threat 2) for each unit; one failure holds them all
 * (house rule, for a whole squad of fireteams) and the action is lost. */
static move_gate reaction_tests(sl_game *g, const sl_command *c, const int *units, int n, const char *test,
                                const char *who, const char *held)
{
    bool stay = false;
    for (int i = 0; i < n && !g->failed; i++)
        stay |= !mor_reaction_test(g, units[i], 2, test);
    if (g->failed)
        return MOVE_FAILED;
    if (stay) {
        rl_note(g, c->unit, "%s %s; the action is lost", who, held);
        lose_move(g, c);
        return MOVE_SPENT;
    }
    return MOVE_GOES;
}

/* In Position: a reaction test for each unit that holds the marker; the
 * move goes on without it. */
static move_gate leave_position(sl_game *g, const sl_command *c, rl_role role, const char *who)
{
    int ip[SL_MAX_TEAMS + 1] = {0};
    int nip = testing_units(g, c->unit, role, true, ip);
    move_gate gate = reaction_tests(g, c, ip, nip, "move without first removing its In Position marker", who,
                                    "stays In Position and does not move");
    if (gate != MOVE_GOES)
        return gate;
    for (int i = 0; i < nip; i++) {
        g->us[ip[i]].in_position = false;
        rl_state(g, ip[i], "left-position", "%s leaves its position", rl_unit_name(g, ip[i]));
    }
    return MOVE_GOES;
}

/* How far the move may go: a normal move's allowance, or the combat
 * move's die doubled (p22); less what its way costs to keep a building
 * sealed. False when the die fails. */
static bool move_allowance(sl_game *g, const sl_command *c, double *allowance)
{
    int unit = c->unit;
    int32_t base;
    sl_die die;
    mv_mobility(g, unit, &base, &die);
    *allowance = rl_hook_move_allowance(g, unit, base);
    if (c->kind == SL_CMD_COMBAT_MOVE) {
        int v = rl_roll(g, die, -1, "combat-move", unit,
                        "%s's combat move toward (%.1f, %.1f): %s doubled is how far it goes; short of the mark it "
                        "still goes the full distance (p22)",
                        g->live.units[unit].name, c->pts[c->npts - 1].x / 1000.0, c->pts[c->npts - 1].y / 1000.0,
                        sl_die_name(die));
        if (g->failed)
            return false;
        *allowance = 2000.0 * v;
    }
    *allowance -= rl_hook_way_extra(g, c);
    if (*allowance < 0)
        *allowance = 0;
    return true;
}

/* A shaken unit needs a reaction test to leave cover (p21); each
 * fireteam of a whole squad tests, and one failure holds them all. */
static move_gate shaken_leave_cover(sl_game *g, const sl_command *c, rl_role role, const move_plan *m,
                                    const char *who)
{
    int unit = c->unit;
    if (g->live.units[unit].confidence != SL_CONF_SHAKEN || role == RL_LEADER || !sl_game_unit_in_cover(g, unit) ||
        in_cover_at(g, unit, m, m->npath - 1))
        return MOVE_GOES;
    int who_tests[SL_MAX_TEAMS + 1];
    int nt = testing_units(g, unit, role, false, who_tests);
    return reaction_tests(g, c, who_tests, nt, "leave cover while shaken", who, "will not leave cover");
}

/* The move under way: the centre's way, how far along it every figure
 * can go, who moves. */
static void start_move(sl_game *g, const sl_command *c, const rl_figset *set, const move_plan *m, double allowance)
{
    sl_move *mv = &g->mv;
    double go = m->length;
    for (int k = 0; k < m->n; k++)
        if (!m->cost[k].within && m->cost[k].stop_at < go)
            go = m->cost[k].stop_at;
    mv->on = true;
    mv->way[0] = m->centre;
    for (int k = 0; k < c->npts; k++)
        mv->way[k + 1] = c->pts[k];
    mv->nway = m->npath;
    mv->go = go;
    mv->done = 0;
    mv->allowance = allowance;
    mv->start = m->centre;
    mv->carry = g->us[c->unit].carrying_wounded;
    mv->nfigs = set->n;
    memcpy(mv->figs, set->fig, sizeof(int) * (size_t)set->n);
    memcpy(mv->actor, c->actor, sizeof mv->actor);
}

bool mv_begin(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    memset(mv, 0, sizeof *mv);
    mv->unit = c->unit;
    mv->combat = c->kind == SL_CMD_COMBAT_MOVE;
    bool handled;
    if (!rl_hook_resolve(g, c, &handled, err, errlen))
        return false;
    rl_role role = rl_role_of(g, c);
    rl_figset set;
    rl_acting_set(g, c, &set);
    char who[160];
    rl_actor_name(g, c, who, sizeof who);
    move_gate gate = suppressed_test(g, c, &set, who);
    if (gate == MOVE_GOES)
        gate = leave_position(g, c, role, who);
    if (gate != MOVE_GOES)
        return gate == MOVE_SPENT;
    double allowance;
    move_plan m;
    if (!move_allowance(g, c, &allowance) || !plan_move(g, c, allowance, &m, err, errlen))
        return false;
    gate = shaken_leave_cover(g, c, role, &m, who);
    if (gate != MOVE_GOES)
        return gate == MOVE_SPENT;
    start_move(g, c, &set, &m, allowance);
    return true;
}

void mv_advance(sl_game *g, double d)
{
    sl_move *mv = &g->mv;
    if (!mv->on)
        return;
    if (d > mv->go)
        d = mv->go;
    if (d <= mv->done)
        return;
    /* with units able to go out of sight (lose_contact), who sees the
     * mover is looked at every inch of the way */
    double step = rl_contact_on(g) ? 1000.0 : d - mv->done;
    while (mv->done < d) {
        double next = mv->done + step < d ? mv->done + step : d;
        sl_pt from = sl_path_point_at(mv->way, mv->nway, mv->done), to = sl_path_point_at(mv->way, mv->nway, next);
        for (int i = 0; i < mv->nfigs; i++) {
            sl_figure *f = &g->live.figures[mv->figs[i]];
            if (f->status == SL_FIG_OK || (f->status == SL_FIG_WOUNDED && mv->carry))
                f->pos = sl_pt_make(f->pos.x + to.x - from.x, f->pos.y + to.y - from.y);
        }
        tr_follow(g, mv->unit, to.x - from.x, to.y - from.y);
        mv->moved += next - mv->done;
        mv->done = next;
        rl_contact_watch(g, mv->unit);
    }
}

void mv_finish(sl_game *g)
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
    memcpy(who_c.actor, mv->actor, sizeof who_c.actor);
    char who[160];
    rl_actor_name(g, &who_c, who, sizeof who);
    bool alone = rl_role_of(g, &who_c) == RL_LEADER;
    char fields[200];
    snprintf(fields, sizeof fields, "\"what\":\"moved\",\"unit\":\"%s\",\"to\":[%.3f,%.3f],\"distance\":%.3f%s", u->id,
             end.x / 1000.0, end.y / 1000.0, mv->moved / 1000.0,
             alone                                              ? ",\"leader_only\":true"
             : rl_hook_acting(g, &who_c) & RL_ACTS_WITH_LEADER ? ",\"with_leader\":true"
                                                                : "");
    char text[400];
    snprintf(text, sizeof text, "%s %s %.1f\" to (%.1f, %.1f)%s%s", who, mv->combat ? "dashes" : "moves",
             mv->moved / 1000.0, end.x / 1000.0, end.y / 1000.0,
             mv->combat ? (reached ? ", reaching its destination" : ", short of its destination, in the open")
             : reached ? ""
                       : ", and stops there",
             mv->carry ? " (carrying its wounded)" : "");
    rl_event(g, SL_EV_STATE, mv->unit, text, fields);
    mv->on = false;
    rl_hook_moved(g, mv);
}

bool mv_reroute(sl_game *g, const sl_pt *pts, int npts, char *err, size_t errlen)
{
    sl_move *mv = &g->mv;
    const sl_unit *u = &g->live.units[mv->unit];
    sl_command c;
    memset(&c, 0, sizeof c);
    c.unit = mv->unit;
    memcpy(c.actor, mv->actor, sizeof c.actor);
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
            return rl_refuse(err, errlen, "too far: %s has %.1f\" of its move left and %s's way costs %.1f\"",
                             u->name, left / 1000.0, g->live.figures[m.figs[k]].id, m.cost[k].cost / 1000.0);
    mv->way[0] = m.centre;
    for (int k = 0; k < npts; k++)
        mv->way[k + 1] = pts[k];
    mv->nway = npts + 1;
    mv->done = 0;
    mv->go = m.length;
    mv->allowance = left + mv->moved; /* moved so far stays counted */
    return true;
}

/* Would figure `fi` standing at `at` keep clear of every other base on
 * the table, counting the men already placed by this gathering where
 * they are going? */
static bool base_free(const sl_game *g, const int *figs, const sl_pt *pos, int n, int fi, sl_pt at)
{
    const sl_figure *f = &g->live.figures[fi];
    for (int o = 0; o < g->live.nfigures; o++) {
        if (o == fi)
            continue;
        const sl_figure *of = &g->live.figures[o];
        sl_pt p = of->pos;
        for (int k = 0; k < n; k++)
            if (figs[k] == o)
                p = pos[k];
        double gap = (double)f->base_r + of->base_r;
        if (sl_dist2(p, at) < gap * gap)
            return false;
    }
    return true;
}

/* A free place for figure `fi` 1.5" from `to` (or nearer: 1.2", 0.9"
 * when the ring is full), the one nearest where he stands, within
 * `limit` of him. */
static bool free_near(const sl_game *g, const int *figs, const sl_pt *pos, int n, int fi, sl_pt to, double limit,
                      sl_pt *out)
{
    const sl_figure *f = &g->live.figures[fi];
    double base = atan2((double)f->pos.y - to.y, (double)f->pos.x - to.x);
    static const double radii[] = {1500, 1200, 900};
    for (int r = 0; r < 3; r++) {
        bool found = false;
        double bd = 0;
        for (int k = 0; k < 36; k++) {
            /* 0, +10, -10, +20, -20 ... degrees from the stray's side */
            double a = base + (k % 2 ? 1 : -1) * ((k + 1) / 2) * (M_PI / 18);
            sl_pt p = sl_pt_make((int32_t)lround(to.x + radii[r] * cos(a)), (int32_t)lround(to.y + radii[r] * sin(a)));
            double d = sl_dist(f->pos, p);
            if (d > limit || !base_free(g, figs, pos, n, fi, p))
                continue;
            if (!found || d < bd) {
                *out = p;
                bd = d;
                found = true;
            }
        }
        if (found)
            return true;
    }
    return false;
}

int mv_gather_plan(const sl_game *g, int unit, double limit, int *figs, sl_pt *pos, double *step)
{
    const sl_unit *u = &g->live.units[unit];
    int group[MAX_FIGS];
    bool stray[MAX_FIGS];
    sl_integrity in;
    sl_unit_integrity(&g->live, unit, group, stray, &in);
    if (in.intact)
        return 0;
    int n = 0;
    for (int i = 0; i < u->nfigures && i < MAX_FIGS; i++) {
        if (!stray[i])
            continue;
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        /* the nearest man of the main group standing; when none of it
         * stands, the nearest of its wounded (the stray goes back to them) */
        int best = -1;
        for (int pass = 0; pass < 2 && best < 0; pass++)
            for (int k = 0; k < u->nfigures && k < MAX_FIGS; k++) {
                const sl_figure *o = &g->live.figures[u->first_figure + k];
                if (k == i || stray[k] || o->status == SL_FIG_DEAD || (pass == 0 && o->status != SL_FIG_OK))
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
        double st = d - 1500 < limit ? d - 1500 : limit;
        double t = st / d;
        sl_pt at = sl_pt_make((int32_t)lround(f->pos.x + t * ((double)to.x - f->pos.x)),
                              (int32_t)lround(f->pos.y + t * ((double)to.y - f->pos.y)));
        if (st < d - 1500 || !base_free(g, figs, pos, n, u->first_figure + i, at)) {
            /* short of the group, or on another man's base: the free
             * place 1.5" from that man nearest the stray, within reach */
            sl_pt alt;
            if (st >= d - 1500 && free_near(g, figs, pos, n, u->first_figure + i, to, limit, &alt)) {
                at = alt;
                st = sl_dist(f->pos, at);
            }
        }
        figs[n] = u->first_figure + i;
        pos[n] = at;
        if (step)
            step[n] = st;
        n++;
    }
    return n;
}

void mv_gather(sl_game *g, int unit, double limit)
{
    int figs[MAX_FIGS];
    sl_pt pos[MAX_FIGS];
    double step[MAX_FIGS];
    int n = mv_gather_plan(g, unit, limit, figs, pos, step);
    for (int i = 0; i < n; i++) {
        sl_figure *f = &g->live.figures[figs[i]];
        rl_state(g, unit, "regrouped", "%s comes back in, %.1f\", to (%.1f, %.1f)", f->id, step[i] / 1000.0,
                 pos[i].x / 1000.0, pos[i].y / 1000.0);
        f->pos = pos[i];
    }
}
