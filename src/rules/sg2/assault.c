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

/* From the nearest of the attackers' bases to a point (a counter's marker). */
static double gap_to_marker(const sl_game *g, const rl_figset *as, sl_pt at)
{
    double gap = 1e300;
    for (int i = 0; i < as->n; i++) {
        const sl_figure *x = &g->live.figures[as->fig[i]];
        if (x->status != SL_FIG_OK)
            continue;
        double e = sl_base_edge_dist(x->pos, x->base_r, at, 0);
        if (e < gap)
            gap = e;
    }
    return gap;
}

/* Strength for the odds: each man standing, power armour twice (p41). */
static int strength(const sl_unit *u, int standing_men)
{
    return standing_men * (u->power_armour ? 2 : 1);
}

/* The side test after a round: quality die against leadership plus one
 * per casualty it took in this assault. */
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
    /* to a face-down counter: to its marker, whatever stands under it */
    double gap = tg.counter ? gap_to_marker(g, &as, tg.at[0]) : nearest_gap(g, &as, &tg.f, NULL, NULL);
    int reach = 2 * (int)sl_mobility_die(u->mobility);
    if (gap > reach * 1000.0)
        return rl_refuse(why, whylen, "%s is %.1f\" from %s: a charge reaches at most %d\" (%s x 2, p41)", d->name,
                         gap / 1000.0, u->name, reach, sl_die_name(sl_mobility_die(u->mobility)));
    return true;
}

/* A close assault under way: side 0 the assaulting unit, side 1 the
 * defending one. */
typedef struct fight {
    int unit[2];
    const rl_figset *set[2];
    const char *name[2];
    int men[2][MAX_FIGS], n[2];            /* the men standing, at the start of a round */
    int lost[2];                           /* casualties in the whole fight */
    int stunned[2][MAX_FIGS], nstunned[2]; /* taken prisoner if their side is beaten */
    bool cover;                            /* the defenders are up one in the first round */
    int beaten;                            /* the side beaten, or -1 */
} fight;

static void count_standing(const sl_game *g, fight *ft)
{
    for (int s = 0; s < 2; s++)
        ft->n[s] = standing(g, ft->set[s], ft->men[s]);
}

/* The charge: a combat move at the enemy's nearest figure, the mobility
 * die doubled (p41). False when it falls short (or the die fails). */
static bool charge(sl_game *g, const fight *ft)
{
    int unit = ft->unit[0];
    const char *aname = ft->name[0], *dname = ft->name[1];
    int best_a = ft->men[0][0], best_d = ft->men[1][0];
    double gap = nearest_gap(g, ft->set[0], ft->set[1], &best_a, &best_d);
    sl_die die = sl_mobility_die(g->live.units[unit].mobility);
    int v = rl_roll(g, die, -1, "combat-move", unit, "%s charges %s, %.1f\" away: %s doubled (p41)", aname, dname,
                 gap / 1000.0, sl_die_name(die));
    if (g->failed)
        return false;
    double reach = 2000.0 * v;
    const sl_figure *fa = &g->live.figures[best_a], *fd = &g->live.figures[best_d];
    double centres = sl_dist(fa->pos, fd->pos);
    double go = reach >= gap ? gap : reach;
    if (centres > 0) {
        shift_set(g, ft->set[0], (int32_t)lround(((double)fd->pos.x - fa->pos.x) / centres * go),
                  (int32_t)lround(((double)fd->pos.y - fa->pos.y) / centres * go));
    }
    if (reach < gap) {
        rl_moved(g, unit, rl_unit_centre(g, unit), go, "%s falls %.1f\" short of %s and is caught in the open", aname,
                 (gap - reach) / 1000.0, dname);
        return false;
    }
    rl_state(g, unit, "contact", "%s reaches %s: close combat", aname, dname);
    return true;
}

/* The defenders test against the odds: 1 to 1 is threat 1, 2 to 1 is 2;
 * power armour counts twice (p41). False when they fall back (or the die
 * fails). */
static bool defenders_stand(sl_game *g, const fight *ft)
{
    int target = ft->unit[1];
    const char *dname = ft->name[1];
    const sl_unit *a = &g->live.units[ft->unit[0]], *d = &g->live.units[target];
    int as = strength(a, ft->n[0]), ds = strength(d, ft->n[1]);
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
        fall_back(g, target, ft->set[1], ft->set[0], dname, "it would not stand against the assault");
        return false;
    }
    return true;
}

/* Two men fight: each rolls his quality die shifted for his weapon (the
 * defender up one in cover in the first round); the higher roll downs the
 * other (p41-42). */
static void fight_pair(sl_game *g, const fight *ft, int round, int ia, int id, bool down[2][MAX_FIGS])
{
    const sl_unit *a = &g->live.units[ft->unit[0]], *d = &g->live.units[ft->unit[1]];
    const sl_figure *x = &g->live.figures[ft->men[0][ia]], *y = &g->live.figures[ft->men[1][id]];
    bool up = round == 1 && ft->cover;
    int sx = weapon_shift(x), sy = weapon_shift(y) + (up ? 1 : 0);
    int ex, ey;
    sl_die dx = sl_die_shift_open(sl_quality_die(a->quality), sx, &ex);
    sl_die dy = sl_die_shift_open(sl_quality_die(d->quality), sy, &ey);
    /* an open shift past D12 lowers the other's die (p42) */
    if (ex > 0)
        dy = sl_die_shift_closed(dy, -ex);
    if (ey > 0)
        dx = sl_die_shift_closed(dx, -ey);
    int rx = rl_roll(g, dx, -1, "close-combat", ft->unit[0], "%s (%s) fights %s", x->id, sl_die_name(dx), y->id);
    int ry = rl_roll(g, dy, rx, "close-combat", ft->unit[1], "%s (%s%s) fights back against %d", y->id, sl_die_name(dy),
                  up ? ", up one in cover" : "", rx);
    if (a->power_armour)
        rx *= 2;
    if (d->power_armour)
        ry *= 2;
    if (rx > ry)
        down[1][id] = true;
    else if (ry > rx)
        down[0][ia] = true;
}

/* The men standing pair off, the larger side doubling up. */
static void pair_off(sl_game *g, const fight *ft, int round, bool down[2][MAX_FIGS])
{
    int na = ft->n[0], nd = ft->n[1];
    int pairs = na > nd ? na : nd;
    rl_note(g, ft->unit[0], "Round %d: %d against %d, paired off (the larger side doubles up)", round, na, nd);
    for (int k = 0; k < pairs && !g->failed; k++) {
        int ia = k % na, id = k % nd;
        if (down[0][ia] || down[1][id])
            continue;
        fight_pair(g, ft, round, ia, id, down);
    }
}

/* What happens to a man downed: 1-2 dead, 3-4 wounded, 5-6 stunned
 * (p42). 1 when he is a casualty. */
static int see_to_downed(sl_game *g, fight *ft, int side, int k)
{
    int who = ft->unit[side], fig = ft->men[side][k];
    sl_figure *f = &g->live.figures[fig];
    int lost = 0;
    int r = rl_roll(g, SL_D6, -1, "downed", who, "%s is down: D6, 1-2 dead, 3-4 wounded, 5-6 stunned (p42)", f->id);
    if (r <= 2) {
        f->status = SL_FIG_DEAD;
        rl_state(g, who, "casualty", "%s is killed in the fight", f->id);
        lost = 1;
    } else if (r <= 4) {
        f->status = SL_FIG_WOUNDED;
        rl_state(g, who, "casualty", "%s is wounded in the fight", f->id);
        lost = 1;
    } else {
        rl_note(g, who, "%s is only stunned", f->id);
        if (ft->nstunned[side] < MAX_FIGS)
            ft->stunned[side][ft->nstunned[side]++] = fig;
    }
    if (fig == g->live.units[rl_squad_of(g, f->unit)].leader && f->status != SL_FIG_OK)
        mor_leader_lost(g, f->unit);
    return lost;
}

/* A side's test after a round (p42): true when it is beaten, and falls
 * back. */
static bool side_beaten(sl_game *g, const fight *ft, int s)
{
    if (hold_test(g, ft->unit[s], ft->lost[s]))
        return false;
    if (!g->failed)
        fall_back(g, ft->unit[s], ft->set[s], ft->set[1 - s], ft->name[s], "beaten in close combat");
    return true;
}

/* After a round: the side that lost more in it tests first; if it holds,
 * the other does. The side beaten, or -1. */
static int round_tests(sl_game *g, const fight *ft, const int lost[2])
{
    if (lost[0] == lost[1]) {
        rl_note(g, ft->unit[0], "Even losses (%d each): the fight goes on", lost[0]);
        return -1;
    }
    int first = lost[0] > lost[1] ? 0 : 1;
    if (side_beaten(g, ft, first))
        return first;
    if (side_beaten(g, ft, 1 - first))
        return 1 - first;
    rl_note(g, ft->unit[0], "Both sides hold: another round");
    return -1;
}

/* One round of close combat: the men standing pair off and fight, the
 * downed are seen to, and while both sides stand they test. False when
 * the fight is over. */
static bool fight_round(sl_game *g, fight *ft, int round)
{
    count_standing(g, ft);
    if (ft->n[0] == 0 || ft->n[1] == 0)
        return false;
    bool down[2][MAX_FIGS];
    memset(down, 0, sizeof down);
    pair_off(g, ft, round, down);
    int lost[2] = {0, 0};
    for (int side = 0; side < 2 && !g->failed; side++)
        for (int k = 0; k < ft->n[side] && !g->failed; k++)
            if (down[side][k])
                lost[side] += see_to_downed(g, ft, side, k);
    ft->lost[0] += lost[0];
    ft->lost[1] += lost[1];
    if (standing(g, ft->set[0], ft->men[0]) == 0 || standing(g, ft->set[1], ft->men[1]) == 0)
        return false;
    ft->beaten = round_tests(g, ft, lost);
    return ft->beaten < 0;
}

/* The end of the fight: the stunned men of a beaten side are taken
 * prisoner (p42); a side with no one standing is wiped out. */
static void fight_ends(sl_game *g, fight *ft)
{
    int side = ft->beaten;
    for (int k = 0; side >= 0 && !g->failed && k < ft->nstunned[side]; k++) {
        sl_figure *f = &g->live.figures[ft->stunned[side][k]];
        if (f->status != SL_FIG_OK)
            continue;
        f->status = SL_FIG_DEAD;
        rl_state(g, ft->unit[side], "captured", "%s, stunned, is left behind and taken prisoner (p42)", f->id);
    }
    for (int s = 1; s >= 0; s--)
        if (standing(g, ft->set[s], ft->men[s]) == 0)
            rl_state(g, ft->unit[s], "destroyed", "%s is wiped out in close combat", ft->name[s]);
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
    char aname[160];
    rl_actor_name(g, c, aname, sizeof aname);
    const sl_unit *a = &g->live.units[unit], *d = &g->live.units[target];
    if (!mor_reaction_test(g, unit, TL_BY_CONF[a->confidence], "close assault")) {
        if (!g->failed) {
            g->us[unit].failed_tests |= 1u << SL_CMD_ASSAULT;
            rl_note(g, unit, "%s will not go in: the activation is spent", aname);
        }
        return !g->failed;
    }
    fight ft = {.unit = {unit, target}, .set = {&aset, &tg.f}, .name = {aname, tg.name}, .beaten = -1};
    count_standing(g, &ft);
    if (ft.n[0] == 0 || ft.n[1] == 0)
        return true; /* checked before: both sides have men standing */
    if (!charge(g, &ft))
        return !g->failed;
    /* a Broken unit that is assaulted routs at once (p21) */
    if (d->confidence == SL_CONF_BROKEN) {
        mor_drop_confidence(g, target, 1, "broken troops assaulted rout at once (p21)");
        fall_back_only(g, target, &tg.f, &aset, tg.name, "it routs before the assault");
        return !g->failed;
    }
    if (!defenders_stand(g, &ft))
        return !g->failed;
    ft.cover = sl_game_unit_in_cover(g, target) || tg.in_position;
    for (int round = 1; round <= MAX_ROUNDS && !g->failed; round++)
        if (!fight_round(g, &ft, round))
            break;
    fight_ends(g, &ft);
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
