/* Close assault (rulebook p41-43). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sg2.h"

#define MAX_FIGS 64
#define MAX_ROUNDS 6

/* Shift of a figure's close combat die for its weapon: +1 pistols and
 * submachine guns, +2 shotguns (p41). */
static int weapon_shift(const sl_figure *f)
{
    const sl_weapon *w = sl_weapon_get(f->weapon);
    if (!w)
        return 0;
    if (strcmp(w->id, "assault-shotgun") == 0)
        return 2;
    if (w->close_only)
        return 1;
    return 0;
}

static int standing(const sl_game *g, const rl_figset *set, int *out)
{
    int n = 0;
    for (int i = 0; i < set->n && n < MAX_FIGS; i++)
        if (g->live.figures[set->fig[i]].status == SL_FIG_OK)
            out[n++] = set->fig[i];
    return n;
}

static void shift_set(sl_game *g, const rl_figset *set, int32_t dx, int32_t dy)
{
    for (int i = 0; i < set->n; i++) {
        sl_figure *f = &g->live.figures[set->fig[i]];
        if (f->status == SL_FIG_DEAD)
            continue;
        sl_pt q = sl_pt_make(f->pos.x + dx, f->pos.y + dy);
        if (q.x < 0)
            q.x = 0;
        if (q.y < 0)
            q.y = 0;
        if (q.x > g->live.table.width)
            q.x = g->live.table.width;
        if (q.y > g->live.table.height)
            q.y = g->live.table.height;
        f->pos = q;
    }
}

/* A side moves 6" straight away from the other. */
static void fall_back_only(sl_game *g, int unit, const rl_figset *set, const rl_figset *from, const char *name,
                           const char *why)
{
    sl_pt a = sl_figs_centre(&g->live, set->fig, set->n, NULL), b = sl_figs_centre(&g->live, from->fig, from->n, NULL);
    double d = sl_dist(a, b);
    int32_t dx = 0, dy = 6000;
    if (d > 0) {
        dx = (int32_t)lround(((double)a.x - b.x) / d * 6000);
        dy = (int32_t)lround(((double)a.y - b.y) / d * 6000);
    }
    shift_set(g, set, dx, dy);
    rl_state(g, unit, "fell-back", "%s falls back 6\" (%s)", name, why);
}

/* A beaten side falls back 6" straight away from the other and loses a
 * level of confidence. */
static void fall_back(sl_game *g, int unit, const rl_figset *set, const rl_figset *from, const char *name, const char *why)
{
    fall_back_only(g, unit, set, from, name, why);
    mor_drop_confidence(g, unit, 1, why);
}

/* The side test after a round: quality die against leadership plus one
 * per casualty it took in this assault. */
/* The threat of the assaulting unit's reaction test, by its confidence:
 * confident, steady, shaken (p41). */
static const int TL_BY_CONF[3] = {0, 1, 3};

/* The nearest gap, base edge to base edge, between the standing men of
 * two sets, and that pair (first found on a tie). */
static double nearest_gap(const sl_game *g, const rl_figset *as, const rl_figset *ds, int *pa, int *pd)
{
    double gap = 1e300;
    for (int i = 0; i < as->n; i++) {
        const sl_figure *x = &g->live.figures[as->fig[i]];
        for (int j = 0; j < ds->n && x->status == SL_FIG_OK; j++) {
            const sl_figure *y = &g->live.figures[ds->fig[j]];
            if (y->status != SL_FIG_OK)
                continue;
            double e = sl_base_edge_dist(x->pos, x->base_r, y->pos, y->base_r);
            if (e < gap) {
                gap = e;
                if (pa)
                    *pa = as->fig[i];
                if (pd)
                    *pd = ds->fig[j];
            }
        }
    }
    return gap;
}

/* Strength for the odds: each man standing, power armour twice (p41). */
static int strength(const sl_unit *u, int standing_men)
{
    return standing_men * (u->power_armour ? 2 : 1);
}

static bool hold_test(sl_game *g, int unit, int casualties)
{
    /* with fireteams, confidence is the whole squad's (house rule) */
    int sq = rl_squad_of(g, unit);
    const sl_unit *u = &g->live.units[sq];
    int target = u->leadership + casualties;
    int v = rl_roll(g, sl_quality_die(u->quality), target, "confidence", sq,
                 "%s took %d casualt%s in the fight: confidence test against leadership %d + %d = %d (p42)", u->name,
                 casualties, casualties == 1 ? "y" : "ies", u->leadership, casualties, target);
    return !g->failed && v > target;
}

bool asl_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (u->confidence >= SL_CONF_BROKEN)
        return rl_refuse(why, whylen, "%s is %s and will not close assault (p41)", u->name,
                         sl_confidence_name(u->confidence));
    if (g->live.units[c->target].side == u->side)
        return rl_refuse(why, whylen, "%s is a friendly unit", rl_unit_name(g, c->target));
    if (rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing: it is out of the fight", rl_unit_name(g, c->target));
    /* the charge is a combat move: the best roll must reach */
    const sl_unit *d = &g->live.units[c->target];
    rl_figset as;
    rl_tgroup tg;
    rl_acting_set(g, c, &as);
    if (!rl_target_query(g, c->unit, c->target, false, false, &tg, why, whylen))
        return false;
    double gap = nearest_gap(g, &as, &tg.f, NULL, NULL);
    int reach = 2 * (int)sl_mobility_die(u->mobility);
    if (gap > reach * 1000.0)
        return rl_refuse(why, whylen, "%s is %.1f\" from %s: a charge reaches at most %d\" (%s x 2, p41)", d->name,
                         gap / 1000.0, u->name, reach, sl_die_name(sl_mobility_die(u->mobility)));
    return true;
}

bool asl_do(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int unit = c->unit;
    rl_figset aset;
    rl_tgroup tg;
    rl_acting_set(g, c, &aset);
    if (!rl_target_resolve(g, unit, c->target, false, false, &tg, err, errlen))
        return false;
    int target = tg.unit[0];
    const rl_figset *dset = &tg.f;
    char aname[160];
    rl_actor_name(g, c, aname, sizeof aname);
    const char *dname = tg.name;
    sl_unit *a = &g->live.units[unit], *d = &g->live.units[target];
    if (!mor_reaction_test(g, unit, TL_BY_CONF[a->confidence], "close assault")) {
        if (!g->failed) {
            g->us[unit].failed_tests |= 1u << SL_CMD_ASSAULT;
            rl_note(g, unit, "%s will not go in: the activation is spent", aname);
        }
        return !g->failed;
    }
    /* the charge: a combat move at the enemy's nearest figure */
    int af[MAX_FIGS] = {0}, df[MAX_FIGS] = {0};
    int na = standing(g, &aset, af), nd = standing(g, dset, df);
    if (na == 0 || nd == 0)
        return true; /* checked before: both sides have men standing */
    int best_a = af[0], best_d = df[0];
    double gap = nearest_gap(g, &aset, dset, &best_a, &best_d);
    sl_die die = sl_mobility_die(a->mobility);
    int v = rl_roll(g, die, -1, "combat-move", unit, "%s charges %s, %.1f\" away: %s doubled (p41)", aname, dname,
                 gap / 1000.0, sl_die_name(die));
    if (g->failed)
        return false;
    double reach = 2000.0 * v;
    const sl_figure *fa = &g->live.figures[best_a], *fd = &g->live.figures[best_d];
    double centres = sl_dist(fa->pos, fd->pos);
    double go = reach >= gap ? gap : reach;
    if (centres > 0) {
        shift_set(g, &aset, (int32_t)lround(((double)fd->pos.x - fa->pos.x) / centres * go),
                  (int32_t)lround(((double)fd->pos.y - fa->pos.y) / centres * go));
    }
    if (reach < gap) {
        rl_moved(g, unit, rl_unit_centre(g, unit), go, "%s falls %.1f\" short of %s and is caught in the open", aname,
                 (gap - reach) / 1000.0, dname);
        return true;
    }
    rl_state(g, unit, "contact", "%s reaches %s: close combat", aname, dname);
    /* a Broken unit that is assaulted routs at once (p21) */
    if (d->confidence == SL_CONF_BROKEN) {
        mor_drop_confidence(g, target, 1, "broken troops assaulted rout at once (p21)");
        fall_back_only(g, target, dset, &aset, dname, "it routs before the assault");
        return !g->failed;
    }
    /* the defenders test against the odds: 1 to 1 is threat 1, 2 to 1 is 2;
     * power armour counts twice (p41) */
    int as = strength(a, na), ds = strength(d, nd);
    int odds = ds > 0 ? as / ds : as;
    int target_score = d->leadership + odds;
    int dsq = rl_squad_of(g, target);
    int dv = rl_roll(g, sl_quality_die(d->quality), target_score, "confidence", dsq,
                  "%s faces the assault at %d to %d: confidence test%s%s against leadership %d + odds %d = %d (p41)",
                  dname, as, ds, dsq != target ? " for " : "", dsq != target ? g->live.units[dsq].name : "",
                  d->leadership, odds, target_score);
    if (g->failed)
        return false;
    if (dv <= target_score) {
        fall_back(g, target, dset, &aset, dname, "it would not stand against the assault");
        return !g->failed;
    }
    bool cover = sl_game_unit_in_cover(g, target) || tg.in_position;
    int a_lost = 0, d_lost = 0;
    /* stunned figures are taken prisoner if their side is beaten */
    int stunned[2][MAX_FIGS], nstunned[2] = {0, 0};
    int beaten = -1;
    for (int round = 1; round <= MAX_ROUNDS && !g->failed; round++) {
        na = standing(g, &aset, af);
        nd = standing(g, dset, df);
        if (na == 0 || nd == 0)
            break;
        bool down[2][MAX_FIGS];
        memset(down, 0, sizeof down);
        int pairs = na > nd ? na : nd;
        rl_note(g, unit, "Round %d: %d against %d, paired off (the larger side doubles up)", round, na, nd);
        for (int k = 0; k < pairs && !g->failed; k++) {
            int ia = k % na, id = k % nd;
            if (down[0][ia] || down[1][id])
                continue;
            sl_figure *x = &g->live.figures[af[ia]], *y = &g->live.figures[df[id]];
            int sx = weapon_shift(x), sy = weapon_shift(y) + (round == 1 && cover ? 1 : 0);
            int ex, ey;
            sl_die dx = sl_die_shift_open(sl_quality_die(a->quality), sx, &ex);
            sl_die dy = sl_die_shift_open(sl_quality_die(d->quality), sy, &ey);
            /* an open shift past D12 lowers the other's die (p42) */
            if (ex > 0)
                dy = sl_die_shift_closed(dy, -ex);
            if (ey > 0)
                dx = sl_die_shift_closed(dx, -ey);
            int rx = rl_roll(g, dx, -1, "close-combat", unit, "%s (%s) fights %s", x->id, sl_die_name(dx), y->id);
            int ry = rl_roll(g, dy, rx, "close-combat", target, "%s (%s%s) fights back against %d", y->id, sl_die_name(dy),
                          round == 1 && cover ? ", up one in cover" : "", rx);
            if (a->power_armour)
                rx *= 2;
            if (d->power_armour)
                ry *= 2;
            if (rx > ry)
                down[1][id] = true;
            else if (ry > rx)
                down[0][ia] = true;
        }
        /* what happens to the downed: 1-2 dead, 3-4 wounded, 5-6 stunned */
        int lost[2] = {0, 0};
        for (int side = 0; side < 2 && !g->failed; side++) {
            int n = side == 0 ? na : nd;
            int *list = side == 0 ? af : df;
            int who = side == 0 ? unit : target;
            for (int k = 0; k < n && !g->failed; k++) {
                if (!down[side][k])
                    continue;
                sl_figure *f = &g->live.figures[list[k]];
                int r = rl_roll(g, SL_D6, -1, "downed", who, "%s is down: D6, 1-2 dead, 3-4 wounded, 5-6 stunned (p42)",
                             f->id);
                if (r <= 2) {
                    f->status = SL_FIG_DEAD;
                    rl_state(g, who, "casualty", "%s is killed in the fight", f->id);
                    lost[side]++;
                } else if (r <= 4) {
                    f->status = SL_FIG_WOUNDED;
                    rl_state(g, who, "casualty", "%s is wounded in the fight", f->id);
                    lost[side]++;
                } else {
                    rl_note(g, who, "%s is only stunned", f->id);
                    if (nstunned[side] < MAX_FIGS)
                        stunned[side][nstunned[side]++] = list[k];
                }
                if (list[k] == g->live.units[rl_squad_of(g, f->unit)].leader && f->status != SL_FIG_OK)
                    mor_leader_lost(g, f->unit);
            }
        }
        a_lost += lost[0];
        d_lost += lost[1];
        if (standing(g, &aset, af) == 0 || standing(g, dset, df) == 0)
            break;
        /* the side that lost more tests first; if it holds, the other does */
        int first = lost[0] > lost[1] ? unit : lost[1] > lost[0] ? target : -1;
        if (first < 0) {
            rl_note(g, unit, "Even losses (%d each): the fight goes on", lost[0]);
            continue;
        }
        int second = first == unit ? target : unit;
        int fl = first == unit ? a_lost : d_lost, sl = first == unit ? d_lost : a_lost;
        const rl_figset *fs = first == unit ? &aset : dset, *ss = first == unit ? dset : &aset;
        const char *fname = first == unit ? aname : dname, *sname = first == unit ? dname : aname;
        if (!hold_test(g, first, fl)) {
            if (!g->failed)
                fall_back(g, first, fs, ss, fname, "beaten in close combat");
            beaten = first;
            break;
        }
        if (!hold_test(g, second, sl)) {
            if (!g->failed)
                fall_back(g, second, ss, fs, sname, "beaten in close combat");
            beaten = second;
            break;
        }
        rl_note(g, unit, "Both sides hold: another round");
    }
    if (beaten >= 0 && !g->failed) {
        int side = beaten == unit ? 0 : 1;
        for (int k = 0; k < nstunned[side]; k++) {
            sl_figure *f = &g->live.figures[stunned[side][k]];
            if (f->status != SL_FIG_OK)
                continue;
            f->status = SL_FIG_DEAD;
            rl_state(g, beaten, "captured", "%s, stunned, is left behind and taken prisoner (p42)", f->id);
        }
    }
    if (standing(g, dset, df) == 0)
        rl_state(g, target, "destroyed", "%s is wiped out in close combat", dname);
    if (standing(g, &aset, af) == 0)
        rl_state(g, unit, "destroyed", "%s is wiped out in close combat", aname);
    return !g->failed;
}

void sl_game_assault_preview(const sl_game *g, int unit, int target, sl_assault_preview *out)
{
    memset(out, 0, sizeof *out);
    sl_command c;
    sl_cmd_target(&c, SL_CMD_ASSAULT, unit, target);
    out->possible = asl_can(g, &c, out->why, sizeof out->why);
    if (!out->possible)
        return;
    const sl_unit *a = &g->live.units[unit], *d = &g->live.units[target];
    rl_figset as;
    rl_tgroup tg;
    rl_acting_set(g, &c, &as);
    if (!rl_target_query(g, unit, target, false, false, &tg, out->why, sizeof out->why)) {
        out->possible = false;
        return;
    }
    out->p_react = g->us[unit].last_stand
                       ? 1.0
                       : sl_p_exceeds(sl_quality_die(a->quality), a->leadership + TL_BY_CONF[a->confidence]);
    double gap = nearest_gap(g, &as, &tg.f, NULL, NULL);
    int die = (int)sl_mobility_die(a->mobility), reach = 0;
    for (int v = 1; v <= die; v++)
        reach += 2000.0 * v >= gap;
    out->p_reach = (double)reach / die;
    int af[MAX_FIGS], df[MAX_FIGS];
    out->men = strength(a, standing(g, &as, af));
    out->foes = strength(d, standing(g, &tg.f, df));
    out->p_defenders_fail = d->confidence == SL_CONF_BROKEN || out->foes == 0
                                ? 1.0
                                : 1.0 - sl_p_exceeds(sl_quality_die(d->quality), d->leadership + out->men / out->foes);
}
