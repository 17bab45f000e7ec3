/* Fire combat (rulebook p33-40): who fires with what, the opposed roll
 * against the range die, suppression, potential hits, impact against
 * armour, casualties; point targets and guided missiles. */
#include <stdio.h>
#include <string.h>

#include "sg2.h"

#define MAX_DICE 8

typedef struct fire_plan {
    sl_die dice[MAX_DICE];
    char what[MAX_DICE][48];
    int n;
    int support_fig[MAX_DICE];  /* figures whose support weapon fires */
    int nsupport;
    int shooters, fp_half;
    bool small_arms;            /* small arms fire in this action */
    sl_die impact;              /* the small arms' impact, used for every hit */
    bool doubles_vs_point;
    sl_unit_sight sight;
    sl_die range_die;           /* after every shift */
    int shifts;
    bool missile;
    int missile_fig;
    int house_shift;            /* of the range die, by a house rule */
    char house_why[80];
} fire_plan;

static bool is_point_target(const sl_game *g, int unit)
{
    return g->live.units[unit].kind == SL_UNIT_VEHICLE;
}

/* The impact of the small arms most of the shooters carry (ties: the
 * lesser), since support weapons added to squad fire use it too (p35). */
static sl_die small_arms_impact(const sl_game *g, const rl_figset *sh)
{
    int count[13] = {0};
    for (int i = 0; i < sh->n; i++) {
        const sl_figure *f = &g->live.figures[sh->fig[i]];
        const sl_weapon *w = sl_weapon_get(f->weapon);
        if (f->status == SL_FIG_OK && w)
            count[w->impact]++;
    }
    sl_die best = SL_D4;
    int bn = 0;
    for (int d = 4; d <= 12; d += 2)
        if (count[d] > bn) {
            bn = count[d];
            best = (sl_die)d;
        }
    return best;
}

/* Firer checks that come from its state: aboard, morale, suppression. */
static bool firer_able(const sl_game *g, int firer, const rl_figset *sh, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[firer];
    const sl_unit *m = &g->live.units[rl_squad_of(g, firer)];
    const sl_unit_state *ms = &g->us[rl_squad_of(g, firer)];
    if (g->us[firer].aboard >= 0)
        return rl_refuse(why, whylen, "%s is aboard %s and cannot fire from inside it", u->name,
                      g->live.units[g->us[firer].aboard].name);
    if (m->confidence == SL_CONF_ROUTED)
        return rl_refuse(why, whylen, "%s is routed and does not fire (p21)", u->name);
    if (m->confidence == SL_CONF_BROKEN && !g->us[firer].fired_upon && !ms->fired_upon)
        return rl_refuse(why, whylen, "%s is broken and fires only when it has been fired on (p21)", u->name);
    if (ms->panicked || g->us[firer].panicked)
        return rl_refuse(why, whylen, "%s is panicking", u->name);
    if (!rl_hook_fire_able(g, firer, why, whylen))
        return false;
    for (int i = 0; i < sh->n; i++) {
        const sl_figure *f = &g->live.figures[sh->fig[i]];
        if (f->status != SL_FIG_OK || !rl_fig_suppressed(g, sh->fig[i]))
            continue;
        if (rl_has_teams(g, f->unit))
            return rl_refuse(why, whylen, "%s's squad leader counts as suppressed (the fireteam nearest him is) and "
                                       "cannot fire (house rule, p18)",
                          g->live.units[f->unit].name);
        if (f->unit == firer)
            return rl_refuse(why, whylen, "%s is suppressed and cannot fire (p18)", u->name);
        return rl_refuse(why, whylen, "%s is suppressed, so %s cannot fire as a whole (p18)", rl_unit_name(g, f->unit),
                      u->name);
    }
    return true;
}

/* The men of a set standing. */
static int standing_in(const sl_game *g, const rl_figset *set)
{
    int n = 0;
    for (int i = 0; i < set->n; i++)
        n += g->live.figures[set->fig[i]].status == SL_FIG_OK;
    return n;
}

static void add_die(fire_plan *p, sl_die die, const char *what)
{
    p->dice[p->n] = die;
    snprintf(p->what[p->n++], 48, "%s", what);
}

/* The target may be shot at: every unit of it an enemy and none aboard a
 * vehicle, someone of it standing (unless it is a counter). */
static bool target_able(const sl_game *g, int firer, const rl_tgroup *tg, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[firer];
    for (int i = 0; i < tg->nunits; i++) {
        int x = tg->unit[i];
        if (x == firer || g->live.units[x].side == u->side || rl_squad_of(g, x) == rl_squad_of(g, firer))
            return rl_refuse(why, whylen, "%s is not an enemy of %s", rl_unit_name(g, x), u->name);
        if (g->us[x].aboard >= 0)
            return rl_refuse(why, whylen, "%s is inside %s: fire at the vehicle", rl_unit_name(g, x),
                          g->live.units[g->us[x].aboard].name);
    }
    if (standing_in(g, &tg->f) == 0 && !tg->counter)
        return rl_refuse(why, whylen, "%s has no one left standing: there is no one to shoot at", tg->name);
    return true;
}

/* The target's sight, cover and range band, and whether it is in sight;
 * teams shot at together are at the furthest band among them. */
static bool judge_sight(const sl_game *g, int firer, const rl_figset *sh, const rl_tgroup *tg, fire_plan *p,
                        char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[firer];
    sl_placement at = {tg->f.fig, tg->at, tg->counter ? tg->f.n : 0};
    sl_set_sight_judge_at(&g->sight, tg->counter ? &at : NULL, firer, sh->fig, sh->n, tg->f.fig, tg->f.n,
                          tg->in_position, &p->sight);
    if (tg->nunits > 1) {
        int64_t far = 0;
        for (int i = 0; i < tg->nunits; i++) {
            sl_pt c = rl_unit_centre(g, tg->unit[i]);
            int64_t d = sl_dist2(p->sight.from, c);
            if (d > far)
                far = d;
        }
        sl_range_judge(far, sl_quality_band(u->quality), p->sight.cover, tg->in_position, &p->sight.range);
    }
    if (!p->sight.visible && tg->counter)
        return rl_refuse(why, whylen, "%s cannot see %s", u->name, tg->name);
    if (!p->sight.visible)
        return rl_refuse(why, whylen, "%s cannot see %s: %d of %d figures in sight, at least half are needed", u->name,
                      tg->name, p->sight.seen, p->sight.total);
    return true;
}

/* A guided missile: the quality and guidance dice against the target's
 * ECM die, up one in cover, and any extra shift (p40). */
static bool plan_missile(const sl_game *g, int firer, const rl_figset *sh, int target, int range_shift, fire_plan *p,
                         char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[firer];
    if (!is_point_target(g, target))
        return rl_refuse(why, whylen, "guided missiles are fired at vehicles and other point targets (p40)");
    for (int i = 0; i < sh->n; i++) {
        int fi = sh->fig[i];
        const sl_figure *f = &g->live.figures[fi];
        const sl_weapon *w = sl_weapon_get(f->support);
        if (f->status == SL_FIG_OK && w && w->cls == SL_WEAPON_GUIDED && !(f->fired & 2u)) {
            p->missile = true;
            p->missile_fig = fi;
            break;
        }
    }
    if (!p->missile)
        return rl_refuse(why, whylen, "%s has no guided missile ready to fire this turn", u->name);
    add_die(p, sl_quality_die(u->quality), "quality");
    static const sl_die guide[5] = {SL_D4, SL_D6, SL_D8, SL_D10, SL_D12};
    add_die(p, guide[g->live.options.missile_guidance], "guidance");
    p->shifts = (p->sight.cover != SL_COVER_NONE ? 1 : 0) + range_shift;
    p->range_die = sl_die_shift_closed(g->live.units[target].ecm, p->shifts);
    p->impact = sl_weapon_get(g->live.figures[p->missile_fig].support)->impact;
    p->doubles_vs_point = true;
    return true;
}

/* The range die after every shift: cover and In Position, any shift the
 * caller adds (opportunity fire) and a house rule's (a unit caught in
 * travel mode is easier). */
static bool plan_range(const sl_game *g, const rl_tgroup *tg, int range_shift, fire_plan *p, char *why, size_t whylen)
{
    p->house_shift = tg->counter ? 0 : rl_hook_range_shift(g, tg->unit[0], p->house_why, sizeof p->house_why);
    int shift = range_shift + p->house_shift;
    sl_die rd = p->sight.range.die == SL_DIE_NONE ? SL_DIE_NONE : sl_die_shift(p->sight.range.die, shift);
    p->shifts = p->sight.range.shifts + shift;
    if (p->sight.range.base_die == SL_DIE_NONE)
        return rl_refuse(why, whylen, "%s is %.1f\" away, beyond five range bands of %.0f\"", tg->name,
                      p->sight.range.distance / 1000.0, p->sight.range.band_len / 1000.0);
    if (rd == SL_DIE_NONE)
        return rl_refuse(why, whylen, "no shot: band %d with %s%s shifts the range die past D12 (at most %d bands)",
                      p->sight.range.band, sl_cover_phrase(p->sight.cover), tg->in_position ? " and In Position" : "",
                      p->sight.range.max_bands - range_shift);
    p->range_die = rd;
    return true;
}

/* The small arms not yet fired this turn (close-only ones at close
 * range): one firepower die for them all. */
static bool plan_small_arms(const sl_game *g, int firer, const rl_figset *sh, sl_fire_with with, fire_plan *p,
                            char *why, size_t whylen)
{
    bool close = p->sight.range.band <= 1;
    int spent = 0;
    for (int i = 0; i < sh->n; i++) {
        const sl_figure *f = &g->live.figures[sh->fig[i]];
        const sl_weapon *w = sl_weapon_get(f->weapon);
        if (f->status != SL_FIG_OK || !w)
            continue;
        if (f->fired & 1u) {
            spent++;
            continue;
        }
        if (w->close_only && !close)
            continue;
        p->fp_half += w->fp_half;
        p->shooters++;
    }
    if (p->fp_half > 0) {
        p->small_arms = true;
        char what[48];
        snprintf(what, sizeof what, "firepower %g", p->fp_half / 2.0);
        add_die(p, sl_firepower_die(p->fp_half), what);
    } else if (with == SL_FIRE_SMALL_ARMS && spent > 0) {
        return rl_refuse(why, whylen, "%s's small arms have already fired this turn", g->live.units[firer].name);
    }
    return true;
}

/* The support weapons not yet fired this turn: a die each. */
static void plan_support(const sl_game *g, const rl_figset *sh, fire_plan *p)
{
    for (int i = 0; i < sh->n && p->n < MAX_DICE; i++) {
        int fi = sh->fig[i];
        const sl_figure *f = &g->live.figures[fi];
        const sl_weapon *w = sl_weapon_get(f->support);
        if (f->status != SL_FIG_OK || !w || w->cls != SL_WEAPON_SUPPORT || (f->fired & 2u))
            continue;
        add_die(p, w->support_fp, w->id);
        p->support_fig[p->nsupport++] = fi;
        if (w->doubles_vs_point)
            p->doubles_vs_point = true;
    }
}

/* The range die's shift for haste: opportunity fire's (house rule). */
static int haste(rl_fire_kind kind)
{
    return kind == RL_FIRE_OPPORTUNITY || kind == RL_FIRE_OVERWATCH ? 1 : 0;
}

/* May the house rules in play have this fire at this target, as far as
 * its sight judged it (fire_at: every kind of fire asks)? */
static bool rules_allow(const sl_game *g, int firer, int target, rl_fire_kind kind, const rl_tgroup *tg,
                        const fire_plan *p, char *why, size_t whylen)
{
    rl_fire_ask a = {firer, target, tg->counter && kind == RL_FIRE_OWN ? RL_FIRE_COUNTER : kind,
                     (int32_t)(p->sight.range.distance + 0.5), p->sight.range.band};
    return rl_hook_fire_at(g, &a, why, whylen);
}

static bool plan_fire(const sl_game *g, int firer, int target, rl_fire_kind kind, const rl_figset *sh,
                      const rl_tgroup *tg, sl_fire_with with, fire_plan *p, char *why, size_t whylen)
{
    memset(p, 0, sizeof *p);
    const sl_unit *u = &g->live.units[firer];
    int range_shift = haste(kind);
    if (!target_able(g, firer, tg, why, whylen) || !firer_able(g, firer, sh, why, whylen) ||
        !judge_sight(g, firer, sh, tg, p, why, whylen) || !rules_allow(g, firer, target, kind, tg, p, why, whylen))
        return false;
    if (tg->counter && with == SL_FIRE_MISSILE)
        return rl_refuse(why, whylen, "a guided missile needs a target it can lock on to, not a counter (p25, p40)");
    if (with == SL_FIRE_MISSILE)
        return plan_missile(g, firer, sh, tg->unit[0], range_shift, p, why, whylen);
    if (!plan_range(g, tg, range_shift, p, why, whylen))
        return false;
    add_die(p, sl_quality_die(u->quality), "quality");
    if ((with == SL_FIRE_ALL || with == SL_FIRE_SMALL_ARMS) && !plan_small_arms(g, firer, sh, with, p, why, whylen))
        return false;
    if (with == SL_FIRE_ALL || with == SL_FIRE_SUPPORT)
        plan_support(g, sh, p);
    if (!p->small_arms && p->nsupport == 0)
        return rl_refuse(why, whylen, "%s has nothing left to fire at that range this turn (each weapon fires once a turn)",
                      u->name);
    /* support weapons fired on their own use their own impact */
    if (!p->small_arms && p->nsupport > 0)
        p->impact = sl_weapon_get(g->live.figures[p->support_fig[0]].support)->impact;
    else
        p->impact = small_arms_impact(g, sh);
    return true;
}

bool fire_can(const sl_game *g, int firer, int target, sl_fire_with with, rl_fire_kind kind, char *why,
              size_t whylen)
{
    fire_plan p;
    rl_figset sh;
    rl_tgroup tg;
    rl_set_unit(g, firer, &sh);
    return rl_target_query(g, firer, target, false, false, &tg, why, whylen) &&
           plan_fire(g, firer, target, kind, &sh, &tg, with, &p, why, whylen);
}

sl_fire_with fire_best_weapon(const sl_game *g, int u, int target, rl_fire_kind kind)
{
    char why[200];
    if (fire_can(g, u, target, SL_FIRE_ALL, kind, why, sizeof why))
        return SL_FIRE_ALL;
    return SL_FIRE_MISSILE;
}

bool fire_can_cmd(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    fire_plan p;
    rl_figset sh;
    rl_tgroup tg;
    rl_acting_set(g, c, &sh);
    return rl_target_query(g, c->unit, c->target, rl_hook_target_combined(g, c), true, &tg, why, whylen) &&
           plan_fire(g, c->unit, c->target, RL_FIRE_OWN, &sh, &tg, c->with, &p, why, whylen);
}

void sl_game_fire_preview(const sl_game *g, int firer, int target, sl_fire_with with, sl_fire_preview *out)
{
    fire_preview(g, firer, target, with, RL_FIRE_OWN, out);
}

void fire_preview(const sl_game *g, int firer, int target, sl_fire_with with, rl_fire_kind kind,
                  sl_fire_preview *out)
{
    memset(out, 0, sizeof *out);
    fire_plan p;
    rl_figset sh;
    rl_tgroup tg;
    memset(&p, 0, sizeof p);
    rl_set_unit(g, firer, &sh);
    out->possible = rl_target_query(g, firer, target, false, false, &tg, out->why, sizeof out->why) &&
                    plan_fire(g, firer, target, kind, &sh, &tg, with, &p, out->why, sizeof out->why);
    out->sight = p.sight;
    if (!out->possible)
        return;
    out->nfirer = p.n;
    memcpy(out->firer, p.dice, sizeof(sl_die) * (size_t)p.n);
    out->range_die = p.range_die;
    sl_p_opposed(p.dice, p.n, p.range_die, &out->p_fail, &out->p_minor, &out->p_major);
}

/* --- point targets ---------------------------------------------------------- */

/* Armour of a point target of class N: N D12 added (the default), or one
 * D12 times N. Class 0 (softskin) rolls a D6. */
int fire_point_armour(sl_game *g, int target, int cls)
{
    if (cls <= 0) {
        sl_die d = g->live.units[target].armour > SL_D4 ? g->live.units[target].armour : SL_D6;
        return rl_roll(g, d, -1, "armour", target, "%s is soft-skinned: armour %s (p38)", rl_unit_name(g, target),
                    sl_die_name(d));
    }
    if (g->live.options.armour_class_roll == 1) {
        int v = rl_roll(g, SL_D12, -1, "armour", target, "%s's armour class %d: one D12 times %d", rl_unit_name(g, target),
                     cls, cls);
        return v * cls;
    }
    int sum = 0;
    for (int k = 0; k < cls && !g->failed; k++)
        sum += rl_roll(g, SL_D12, -1, "armour", target, "%s's armour class %d: D12 number %d of %d, added",
                    rl_unit_name(g, target), cls, k + 1, cls);
    return sum;
}

void fire_held_words(int v, const void *ctx, char *out, size_t len)
{
    const fire_held *h = ctx;
    bool systems = v == 6 || (v <= 2 && h->suspension_as_systems);
    snprintf(out, len, "%s's armour %d holds against impact %d, %s: %s", h->name, h->armour, h->impact,
             systems  ? "but a systems hit puts its systems out"
             : v <= 2 ? "but a suspension hit leaves it unable to move"
                      : "and the hit does no damage",
             h->table);
}

void fire_point_hit(sl_game *g, int firer, int target, sl_die impact_die, int mult, const char *what)
{
    const sl_unit *t = &g->live.units[target];
    int impact = rl_roll(g, impact_die, -1, "impact", firer, "%s's %s impact %s%s against %s", rl_unit_name(g, firer), what,
                      sl_die_name(impact_die), mult > 1 ? ", doubled for a major hit" : "", t->name);
    impact *= mult;
    int armour = fire_point_armour(g, target, t->armour_class);
    if (g->failed)
        return;
    sl_unit_state *s = &g->us[target];
    /* rounds through the armour reach anyone aboard (our reading: as for
     * small arms, each rolls its armour die) */
    if (impact > armour && tr_passengers(g, target) > 0)
        tr_hit(g, target);
    if (impact > 2 * armour) {
        s->damage = 2;
        rl_state(g, target, "destroyed", "%s is destroyed: impact %d is more than twice armour %d (p39)", t->name, impact,
               armour);
        for (int i = 0; i < t->nfigures; i++)
            g->live.figures[t->first_figure + i].status = SL_FIG_DEAD;
    } else if (impact > armour) {
        if (s->damage < 1)
            s->damage = 1;
        rl_state(g, target, "disabled", "%s is disabled: impact %d beats armour %d (p39)", t->name, impact, armour);
    } else {
        fire_held hh = {t->name, impact, armour, false, "D6 for other damage, 1-2 suspension, 6 systems (p39)"};
        int v = rl_roll_told(g, SL_D6, -1, "damage", target, fire_held_words, &hh);
        if (v <= 2) {
            s->immobile = true;
            rl_state(g, target, "suspension", "%s takes a suspension hit and cannot move", t->name);
        } else if (v == 6) {
            s->systems_down = true;
            rl_state(g, target, "systems", "%s takes a systems hit", t->name);
        } else if (!g->failed) {
            rl_note(g, target, "%s takes no damage", t->name);
        }
    }
}

/* Small arms against a lightly armoured point target (class 1 or less):
 * one penetration roll as a minor hit; through the armour, everyone
 * aboard rolls their armour die, 1 dead, 2 wounded; more than twice the
 * armour also disables the vehicle (p37). */
static void small_arms_penetration(sl_game *g, int firer, int target, sl_die impact_die)
{
    const sl_unit *t = &g->live.units[target];
    int impact = rl_roll(g, impact_die, -1, "impact", firer, "%s's small arms impact %s against %s, as a minor hit (p37)",
                      rl_unit_name(g, firer), sl_die_name(impact_die), t->name);
    int armour = fire_point_armour(g, target, t->armour_class);
    if (g->failed)
        return;
    if (impact <= armour) {
        rl_note(g, target, "%s's armour stops the rounds (impact %d, armour %d)", t->name, impact, armour);
        return;
    }
    rl_state(g, target, "penetrated", "Rounds get through %s's armour (impact %d, armour %d): everyone aboard rolls (p37)",
           t->name, impact, armour);
    if (tr_passengers(g, target) > 0)
        tr_hit(g, target);
    else
        rl_note(g, target, "No one is aboard %s to be hit", t->name);
    if (!g->failed && impact > 2 * armour && g->us[target].damage < 1) {
        g->us[target].damage = 1;
        rl_state(g, target, "disabled", "%s is disabled: impact %d is more than twice armour %d (p37)", t->name, impact,
               armour);
    }
}

/* --- infantry casualties ------------------------------------------------------- */

typedef enum { HIT_NONE, HIT_WOUND, HIT_KILL } hit_result;

/* What an attack did to each unit whose morale it tests (a squad for its
 * fireteams): casualties, whether its leader fell, teams lost. */
typedef struct morale_hit {
    int unit[8];
    int casualties[8];
    bool leader_hit[8];
    int n;
} morale_hit;

static int morale_slot(morale_hit *mh, int unit)
{
    for (int i = 0; i < mh->n; i++)
        if (mh->unit[i] == unit)
            return i;
    if (mh->n >= 8)
        return -1;
    mh->unit[mh->n] = unit;
    mh->casualties[mh->n] = 0;
    mh->leader_hit[mh->n] = false;
    return mh->n++;
}

/* Allocate the hits among the target's standing figures. */
static void take_casualties(sl_game *g, int target, const rl_tgroup *tg, const hit_result *hits, int nhits,
                            morale_hit *mh)
{
    int pool[64], n = 0;
    for (int i = 0; i < tg->f.n && n < 64; i++)
        if (g->live.figures[tg->f.fig[i]].status == SL_FIG_OK)
            pool[n++] = tg->f.fig[i];
    if (n == 0)
        return;
    bool wounded_now[64] = {false};
    sl_die alloc = sl_die_at_least(n);
    for (int h = 0; h < nhits && !g->failed; h++) {
        if (hits[h] == HIT_NONE)
            continue;
        int v = rl_roll(g, alloc, -1, "allocation", target,
                     "Which of %s's %d figures takes the %s: %s, counting round the %d figures (p36)", tg->name, n,
                     hits[h] == HIT_KILL ? "kill" : "wound", sl_die_name(alloc), n);
        if (g->failed)
            return;
        int k = (v - 1) % n;
        sl_figure *f = &g->live.figures[pool[k]];
        bool dies = hits[h] == HIT_KILL || wounded_now[k] || f->status == SL_FIG_DEAD;
        if (f->status == SL_FIG_DEAD) {
            rl_note(g, target, "%s is already dead", f->id);
            continue;
        }
        int m = rl_squad_of(g, f->unit);
        int slot = morale_slot(mh, m);
        if (f->status == SL_FIG_OK && slot >= 0)
            mh->casualties[slot]++;
        if (pool[k] == g->live.units[m].leader && slot >= 0)
            mh->leader_hit[slot] = true;
        if (dies) {
            f->status = SL_FIG_DEAD;
            rl_state(g, f->unit, "casualty", "%s is killed%s", f->id,
                   wounded_now[k] ? " (a second wound in one attack, p36)" : "");
        } else {
            f->status = SL_FIG_WOUNDED;
            wounded_now[k] = true;
            rl_state(g, f->unit, "casualty", "%s is wounded: an untreated casualty until first aid", f->id);
        }
    }
}

/* --- the fire action ------------------------------------------------------------- */

/* One fire action under way. */
typedef struct shot {
    int firer, target;
    const rl_figset *sh;
    const rl_tgroup *tg;
    int range_shift;
    rl_fire_kind kind;
    fire_plan p;
    int morale[8], nmorale; /* the units whose morale is tested: a squad for its teams */
    int team_before[8];     /* each unit shot at: its men standing before */
    int vals[MAX_DICE], sum, rv;
    sl_success res;
} shot;

/* The units whose morale the fire tests (a squad for its teams), and
 * what each unit shot at has standing. */
static void list_morale(const sl_game *g, shot *s)
{
    const rl_tgroup *tg = s->tg;
    for (int i = 0; i < tg->nunits; i++) {
        int m = rl_squad_of(g, tg->unit[i]);
        bool seen = false;
        for (int k = 0; k < s->nmorale; k++)
            seen |= s->morale[k] == m;
        if (!seen && s->nmorale < 8)
            s->morale[s->nmorale++] = m;
        s->team_before[i] = rl_living(g, tg->unit[i]);
    }
}

/* The weapons that fire are spent for the turn. */
static void mark_fired(sl_game *g, const rl_figset *sh, const fire_plan *p)
{
    if (p->small_arms) {
        bool close = p->sight.range.band <= 1;
        for (int i = 0; i < sh->n; i++) {
            sl_figure *f = &g->live.figures[sh->fig[i]];
            const sl_weapon *w = sl_weapon_get(f->weapon);
            if (f->status == SL_FIG_OK && w && (!w->close_only || close))
                f->fired |= 1u;
        }
    }
    for (int i = 0; i < p->nsupport; i++)
        g->live.figures[p->support_fig[i]].fired |= 2u;
    if (p->missile)
        g->live.figures[p->missile_fig].fired |= 2u;
}

/* The journal's line for the fire: who fires at whom, the range die and
 * each die fired. */
static void announce(sl_game *g, const shot *s)
{
    const fire_plan *p = &s->p;
    const rl_tgroup *tg = s->tg;
    const sl_unit *u = &g->live.units[s->firer];
    char dice[300] = "";
    size_t at = 0;
    for (int i = 0; i < p->n; i++)
        at += (size_t)snprintf(dice + at, sizeof dice - at, "%s%s (%s)", i ? ", " : "", sl_die_name(p->dice[i]),
                               p->what[i]);
    const sl_range *R = &p->sight.range;
    char who[200];
    snprintf(who, sizeof who, "%s", u->name);
    if (rl_has_teams(g, s->firer) && s->sh->n == 1)
        snprintf(who, sizeof who, "%s's squad leader (%s) alone", u->name, g->live.figures[s->sh->fig[0]].id);
    else if (sl_unit_whole(&g->live, s->firer) >= 0 && s->sh->n > u->nfigures)
        snprintf(who, sizeof who, "%s with its squad leader", u->name);
    if (p->missile)
        rl_note(g, s->firer, "%s fires a guided missile at %s: %s against its ECM %s (p40)", who, tg->name, dice,
              sl_die_name(p->range_die));
    else
        rl_note(g, s->firer,
              "%s fires at %s: %.1f\" is band %d of %.0f\" (%s%s); %s%s%s%s%s; range die %s; firing %s (p33-35)",
              who, tg->name, R->distance / 1000.0, R->band, R->band_len / 1000.0, sl_die_name(R->base_die),
              tg->nunits > 1 ? ", the furthest of the teams shot at together" : "", sl_cover_phrase(p->sight.cover),
              tg->in_position ? ", In Position" : "", s->range_shift ? ", hasty fire +1" : "",
              p->house_shift ? ", " : "", p->house_shift ? p->house_why : "", sl_die_name(p->range_die), dice);
}

/* The range (or ECM) die, then each die fired against it. False when the
 * dice fail. */
static bool roll_fire(sl_game *g, shot *s)
{
    const fire_plan *p = &s->p;
    const char *test = rl_fire_test_name(s->kind);
    s->rv = rl_roll(g, p->range_die, -1, test, s->target, "%s's %s die for %s", s->tg->name,
                    p->missile ? "ECM" : "range", p->missile ? "the missile to beat" : "the fire to beat");
    for (int i = 0; i < p->n && !g->failed; i++) {
        s->vals[i] = rl_roll(g, p->dice[i], s->rv, test, s->firer, "%s's %s die %s against %s's %d",
                             g->live.units[s->firer].name, p->what[i], sl_die_name(p->dice[i]),
                             p->missile ? "the ECM" : "the range die", s->rv);
        s->sum += s->vals[i];
    }
    return !g->failed;
}

/* Reconnaissance by fire (p25): no casualties; two dice or more beating
 * the range die flip a unit's counter and suppress it; a dummy stays as
 * it is. */
static void recon_by_fire(sl_game *g, const shot *s)
{
    int beat = 0;
    for (int i = 0; i < s->p.n; i++)
        beat += s->vals[i] > s->rv;
    if (beat >= 2 && g->live.units[s->target].kind != SL_UNIT_DUMMY) {
        rl_flip(g, s->target, "the fire drew an answer: noise, movement, a scared shot back");
        mor_suppress(g, s->target, "fired on");
    } else {
        rl_note(g, s->firer, "%d of %s's dice beat %d: nothing can be told of %s", beat, g->live.units[s->firer].name,
                s->rv, s->tg->name);
    }
}

/* How many dice beat the range die, and what that makes of the fire. */
static void fire_result(sl_game *g, shot *s)
{
    int beat;
    s->res = sl_count_success(s->vals, s->p.n, s->rv, &beat);
    sl_success res = s->res;
    bool point = is_point_target(g, s->target);
    char fields[160];
    snprintf(fields, sizeof fields, "\"what\":\"fire-result\",\"result\":\"%s\",\"beat\":%d,\"total\":%d",
             sl_success_name(res), beat, s->sum);
    char text[300];
    snprintf(text, sizeof text, "%d of %s's %d dice beat %d: %s", beat, g->live.units[s->firer].name, s->p.n, s->rv,
             res == SL_FAIL    ? "no effect"
             : res == SL_MINOR ? (point ? "a minor hit" : "suppression only")
                               : (point ? "a major hit" : "suppression and potential hits"));
    rl_event(g, SL_EV_STATE, s->firer, text, fields);
}

/* A hit on a point target: guided missiles, and the starred support
 * weapons fired on their own, hit like heavy weapons; small arms and
 * SAWs do no more than suppress armour class 2 or better (p37). */
static void hit_point_target(sl_game *g, const shot *s)
{
    const fire_plan *p = &s->p;
    const sl_unit *t = &g->live.units[s->target];
    bool heavy = p->missile || (!p->small_arms && p->doubles_vs_point);
    if (heavy)
        fire_point_hit(g, s->firer, s->target, p->impact, s->res == SL_MAJOR ? 2 : 1,
                       p->missile ? "missile" : "weapon");
    else if (s->res == SL_MAJOR && t->armour_class <= 1)
        small_arms_penetration(g, s->firer, s->target, p->impact);
    else if (s->res == SL_MAJOR)
        rl_note(g, s->target, "%s has armour class %d: small arms can do no more than suppress it (p37)", t->name,
                t->armour_class);
    mor_suppress(g, s->target, "fired on");
}

/* Every unit shot at is suppressed; the first time counts for its morale
 * (for a squad: the first of its teams): first[k] for morale[k]. */
static void suppress_all(sl_game *g, const shot *s, bool first[8])
{
    const rl_tgroup *tg = s->tg;
    for (int i = 0; i < tg->nunits; i++) {
        int x = tg->unit[i], m = rl_squad_of(g, x);
        bool *spent = m != x ? &det_unit_of(g, m)->team_suppressed_before : &g->us[x].suppressed_before;
        for (int k = 0; k < s->nmorale; k++)
            if (s->morale[k] == m && !*spent)
                first[k] = true;
        mor_suppress(g, x, "fired on");
        *spent = true;
        g->us[x].suppressed_before = true;
    }
}

/* The potential hits of a major success: the total over the range die's
 * size, the remainder as a rule option has it (p35). */
static int potential_hits(sl_game *g, const shot *s)
{
    const fire_plan *p = &s->p;
    int sum = s->sum, size = (int)p->range_die, pot = sum / size, rem = sum % size;
    char how[200];
    if (g->live.options.potential_hits == 0 && rem > 0) {
        int x = rl_roll(g, p->range_die, rem, "remainder", s->target,
                        "%s rerolls its range die against the remainder %d (of %d over %s): an extra hit "
                        "unless it rolls more than %d (p35)",
                        s->tg->name, rem, sum, sl_die_name(p->range_die), rem);
        if (x <= rem)
            pot++;
        snprintf(how, sizeof how, "%d / %d = %d%s", sum, size, sum / size,
                 x <= rem ? ", and one more from the remainder" : "");
    } else if (g->live.options.potential_hits == 2) {
        if (2 * rem >= size)
            pot++;
        snprintf(how, sizeof how, "%d / %d rounded to the nearest", sum, size);
    } else {
        snprintf(how, sizeof how, "%d / %d rounded down", sum, size);
    }
    if (pot > 64)
        pot = 64;
    rl_note(g, s->firer, "%d potential hit%s (%s)", pot, pot == 1 ? "" : "s", how);
    return pot;
}

/* Each potential hit: impact against armour, the armour shifted up for
 * cover; an open shift, so past D12 it lowers the impact (p36). Then the
 * hits are allocated. */
static void roll_hits(sl_game *g, const shot *s, morale_hit *mh)
{
    const fire_plan *p = &s->p;
    const rl_tgroup *tg = s->tg;
    int pot = potential_hits(g, s);
    hit_result hits[64];
    int nh = 0;
    int excess;
    sl_die armour = sl_die_shift_open(g->live.units[s->target].armour, (int)p->sight.cover, &excess);
    sl_die impact = sl_die_shift_closed(p->impact, -excess);
    for (int h = 0; h < pot && !g->failed; h++) {
        int av = rl_roll(g, armour, -1, "armour", s->target, "Hit %d of %d: %s's armour %s%s", h + 1, pot, tg->name,
                         sl_die_name(armour), p->sight.cover != SL_COVER_NONE ? " (up for cover)" : "");
        int iv = rl_roll(g, impact, av, "impact", s->firer,
                         "Hit %d of %d: %s's impact %s must beat the armour's %d to wound, and %d to kill (p36)", h + 1,
                         pot, g->live.units[s->firer].name, sl_die_name(impact), av, 2 * av);
        hit_result r = iv > 2 * av ? HIT_KILL : iv > av ? HIT_WOUND : HIT_NONE;
        hits[nh++] = r;
        rl_note(g, s->target, "Hit %d: impact %d against armour %d: %s", h + 1, iv, av,
                r == HIT_KILL ? "a kill (more than twice)" : r == HIT_WOUND ? "a wound" : "no effect");
    }
    take_casualties(g, s->target, tg, hits, nh, mh);
}

/* A unit's morale after the fire: casualties counted over the whole
 * squad, its teams lost, its leader hit, its first suppression. */
static void test_morale(sl_game *g, const shot *s, int m, bool first, const morale_hit *mh)
{
    const rl_tgroup *tg = s->tg;
    int slot = -1;
    for (int i = 0; i < mh->n; i++)
        if (mh->unit[i] == m)
            slot = i;
    int cas = slot >= 0 ? mh->casualties[slot] : 0;
    bool trig[MOR_TRIGGER_COUNT] = {false};
    trig[MOR_FIRST_SUPPRESSION] = first;
    int survivors = rl_living(g, m);
    if (cas > 0) {
        rl_state(g, m, "casualties", "%s loses %d figure%s to %s's fire; %d still standing", rl_unit_name(g, m), cas,
                 cas == 1 ? "" : "s", g->live.units[s->firer].name, survivors);
        if (survivors == 0) {
            rl_state(g, m, "destroyed", "%s has no one left standing", rl_unit_name(g, m));
            return;
        }
        trig[MOR_CASUALTIES] = true;
        trig[MOR_MORE_THAN_SURVIVORS] = cas > survivors;
    }
    for (int i = 0; i < tg->nunits; i++)
        if (rl_squad_of(g, tg->unit[i]) == m && s->team_before[i] > 0 && rl_living(g, tg->unit[i]) == 0 &&
            m != tg->unit[i]) {
            rl_state(g, tg->unit[i], "team-lost", "%s has no one left standing: %s loses a fireteam",
                     rl_unit_name(g, tg->unit[i]), rl_unit_name(g, m));
            trig[MOR_TEAM_LOST] = true;
        }
    if (slot >= 0 && mh->leader_hit[slot]) {
        mor_leader_lost(g, m);
        trig[MOR_LEADER_LOST] = true;
    }
    mor_test_if_triggered(g, m, trig, 0, "under fire");
}

/* Fire that told on infantry: suppression, the hits of a major success,
 * then each unit's morale. */
static void hit_infantry(sl_game *g, const shot *s)
{
    bool first[8] = {false};
    suppress_all(g, s, first);
    morale_hit mh = {0};
    if (s->res == SL_MAJOR)
        roll_hits(g, s, &mh);
    for (int k = 0; k < s->nmorale && !g->failed; k++)
        test_morale(g, s, s->morale[k], first[k], &mh);
}

/* After the fire, whatever its result: the house rules' word on a unit
 * fired upon (travel mode), and each unit's panic test. */
static void after_fire(sl_game *g, const shot *s)
{
    for (int i = 0; i < s->tg->nunits && !g->failed; i++)
        rl_hook_fired_upon(g, s->tg->unit[i], s->res != SL_FAIL);
    for (int k = 0; k < s->nmorale && !g->failed; k++)
        if (!is_point_target(g, s->morale[k]) && rl_living(g, s->morale[k]) > 0)
            mor_panic_fired_on(g, s->morale[k]);
}

static bool fire_at(sl_game *g, int firer, int target, rl_fire_kind kind, const rl_figset *sh, const rl_tgroup *tg,
                    sl_fire_with with, char *err, size_t errlen)
{
    shot s = {.firer = firer, .target = tg->unit[0], .sh = sh, .tg = tg, .range_shift = haste(kind), .kind = kind};
    g->last_fire_res = SL_FAIL;
    g->last_fire_lost = 0;
    if (!plan_fire(g, firer, target, kind, sh, tg, with, &s.p, err, errlen))
        return false;
    int standing_before = standing_in(g, &tg->f);
    list_morale(g, &s);
    mark_fired(g, sh, &s.p);
    announce(g, &s);
    for (int i = 0; i < tg->nunits; i++)
        g->us[tg->unit[i]].fired_upon = true;
    for (int k = 0; k < s.nmorale; k++)
        g->us[s.morale[k]].fired_upon = true;
    if (!roll_fire(g, &s))
        return false;
    if (tg->counter) {
        recon_by_fire(g, &s);
        return !g->failed;
    }
    fire_result(g, &s);
    if (s.res != SL_FAIL && (!s.p.missile || s.res == SL_MAJOR || s.res == SL_MINOR)) {
        if (is_point_target(g, s.target))
            hit_point_target(g, &s);
        else
            hit_infantry(g, &s);
    }
    after_fire(g, &s);
    g->last_fire_res = (int)s.res;
    g->last_fire_lost = standing_before - standing_in(g, &tg->f);
    return !g->failed;
}

void sl_game_fire_preview_at(const sl_game *g, int firer, int target, sl_fire_with with, int shift,
                             const sl_placement *moved, sl_fire_preview *out)
{
    if (!moved || moved->n == 0) {
        fire_preview(g, firer, target, with, shift ? RL_FIRE_OPPORTUNITY : RL_FIRE_OWN, out);
        return;
    }
    rl_view v;
    if (!rl_view_init(&v, g)) {
        memset(out, 0, sizeof *out);
        snprintf(out->why, sizeof out->why, "out of memory");
        return;
    }
    rl_view_place(&v, moved);
    fire_preview(&v.g, firer, target, with, shift ? RL_FIRE_OPPORTUNITY : RL_FIRE_OWN, out);
    rl_view_free(&v);
}

bool fire_at_unit(sl_game *g, int firer, int target, sl_fire_with with, rl_fire_kind kind, char *err, size_t errlen)
{
    rl_figset sh;
    rl_tgroup tg;
    rl_set_unit(g, firer, &sh);
    if (!rl_target_resolve(g, firer, target, false, false, &tg, err, errlen))
        return false;
    return fire_at(g, firer, target, kind, &sh, &tg, with, err, errlen);
}

bool fire_cmd(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    rl_figset sh;
    rl_tgroup tg;
    rl_acting_set(g, c, &sh);
    if (!rl_target_resolve(g, c->unit, c->target, rl_hook_target_combined(g, c), true, &tg, err, errlen))
        return false;
    return fire_at(g, c->unit, c->target, RL_FIRE_OWN, &sh, &tg, c->with, err, errlen);
}
