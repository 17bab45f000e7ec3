/* Fire combat (rulebook p33-40): who fires with what, the opposed roll
 * against the range die, suppression, potential hits, impact against
 * armour, casualties; point targets and guided missiles. */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"

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
} fire_plan;

static bool is_point_target(const sl_game *g, int unit)
{
    return g->live.units[unit].kind == SL_UNIT_VEHICLE;
}

/* The impact of the small arms most of the shooters carry (ties: the
 * lesser), since support weapons added to squad fire use it too (p35). */
static sl_die small_arms_impact(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[unit];
    int count[13] = {0};
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
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

static bool plan_fire(const sl_game *g, int firer, int target, sl_fire_with with, int range_shift, fire_plan *p,
                      char *why, size_t whylen)
{
    memset(p, 0, sizeof *p);
    const sl_unit *u = &g->live.units[firer];
    const sl_unit *t = &g->live.units[target];
    const sl_unit_state *us = &g->us[firer];
    if (firer == target || t->side == u->side)
        return refuse(why, whylen, "%s is not an enemy of %s", t->name, u->name);
    if (g->us[firer].aboard >= 0)
        return refuse(why, whylen, "%s is aboard %s and cannot fire from inside it", u->name,
                      g->live.units[g->us[firer].aboard].name);
    if (g->us[target].aboard >= 0)
        return refuse(why, whylen, "%s is inside %s: fire at the vehicle", t->name,
                      g->live.units[g->us[target].aboard].name);
    if (living(g, target) == 0)
        return refuse(why, whylen, "%s has no figures left", t->name);
    if (!g->us[target].revealed)
        return refuse(why, whylen, "%s is a hidden counter: it must be spotted (observe) before it can be fired on",
                      t->name);
    if (u->confidence == SL_CONF_ROUTED)
        return refuse(why, whylen, "%s is routed and does not fire (p21)", u->name);
    if (u->confidence == SL_CONF_BROKEN && !us->fired_upon)
        return refuse(why, whylen, "%s is broken and fires only when it has been fired on (p21)", u->name);
    if (us->panicked)
        return refuse(why, whylen, "%s is panicking", u->name);
    if (us->suppression > 0)
        return refuse(why, whylen, "%s is suppressed and cannot fire (p18)", u->name);
    /* the target's sight, cover and range die: cover, In Position and any
     * shift the caller adds (opportunity fire) */
    sl_unit_sight_judge((sl_sight *)&g->sight, firer, target, g->us[target].in_position, &p->sight);
    if (!p->sight.visible)
        return refuse(why, whylen, "%s cannot see %s: %d of %d figures in sight, at least half are needed", u->name,
                      t->name, p->sight.seen, p->sight.total);
    if (with == SL_FIRE_MISSILE) {
        if (!is_point_target(g, target))
            return refuse(why, whylen, "guided missiles are fired at vehicles and other point targets (p40)");
        for (int i = 0; i < u->nfigures; i++) {
            int fi = u->first_figure + i;
            const sl_figure *f = &g->live.figures[fi];
            const sl_weapon *w = sl_weapon_get(f->support);
            if (f->status == SL_FIG_OK && w && w->cls == SL_WEAPON_GUIDED && !(us->fired & (2u << i))) {
                p->missile = true;
                p->missile_fig = fi;
                break;
            }
        }
        if (!p->missile)
            return refuse(why, whylen, "%s has no guided missile ready to fire this turn", u->name);
        p->dice[p->n] = sl_quality_die(u->quality);
        snprintf(p->what[p->n++], 48, "quality");
        static const sl_die guide[5] = {SL_D4, SL_D6, SL_D8, SL_D10, SL_D12};
        p->dice[p->n] = guide[g->live.options.missile_guidance];
        snprintf(p->what[p->n++], 48, "guidance");
        /* the target's ECM die, up one in cover, and any extra shift */
        p->shifts = (p->sight.cover != SL_COVER_NONE ? 1 : 0) + range_shift;
        p->range_die = sl_die_shift_closed(t->ecm, p->shifts);
        p->impact = sl_weapon_get(g->live.figures[p->missile_fig].support)->impact;
        p->doubles_vs_point = true;
        return true;
    }
    sl_die rd = p->sight.range.die == SL_DIE_NONE ? SL_DIE_NONE : sl_die_shift(p->sight.range.die, range_shift);
    p->shifts = p->sight.range.shifts + range_shift;
    if (p->sight.range.base_die == SL_DIE_NONE)
        return refuse(why, whylen, "%s is %.1f\" away, beyond five range bands of %.0f\"", t->name,
                      p->sight.range.distance / 1000.0, p->sight.range.band_len / 1000.0);
    if (rd == SL_DIE_NONE)
        return refuse(why, whylen, "no shot: band %d with %s%s shifts the range die past D12 (at most %d bands)",
                      p->sight.range.band, sl_cover_phrase(p->sight.cover),
                      g->us[target].in_position ? " and In Position" : "", p->sight.range.max_bands - range_shift);
    p->range_die = rd;
    bool close = p->sight.range.band <= 1;
    p->dice[p->n] = sl_quality_die(u->quality);
    snprintf(p->what[p->n++], 48, "quality");
    if (with == SL_FIRE_ALL || with == SL_FIRE_SMALL_ARMS) {
        if (!(us->fired & 1u)) {
            for (int i = 0; i < u->nfigures; i++) {
                const sl_figure *f = &g->live.figures[u->first_figure + i];
                const sl_weapon *w = sl_weapon_get(f->weapon);
                if (f->status != SL_FIG_OK || !w || (w->close_only && !close))
                    continue;
                p->fp_half += w->fp_half;
                p->shooters++;
            }
            if (p->fp_half > 0) {
                p->small_arms = true;
                p->dice[p->n] = sl_firepower_die(p->fp_half);
                snprintf(p->what[p->n++], 48, "firepower %g", p->fp_half / 2.0);
            }
        } else if (with == SL_FIRE_SMALL_ARMS) {
            return refuse(why, whylen, "%s's small arms have already fired this turn", u->name);
        }
    }
    if (with == SL_FIRE_ALL || with == SL_FIRE_SUPPORT) {
        for (int i = 0; i < u->nfigures && p->n < MAX_DICE; i++) {
            int fi = u->first_figure + i;
            const sl_figure *f = &g->live.figures[fi];
            const sl_weapon *w = sl_weapon_get(f->support);
            if (f->status != SL_FIG_OK || !w || w->cls != SL_WEAPON_SUPPORT || (us->fired & (2u << i)))
                continue;
            p->dice[p->n] = w->support_fp;
            snprintf(p->what[p->n++], 48, "%s", w->id);
            p->support_fig[p->nsupport++] = fi;
            if (w->doubles_vs_point)
                p->doubles_vs_point = true;
        }
    }
    if (!p->small_arms && p->nsupport == 0)
        return refuse(why, whylen, "%s has nothing left to fire at that range this turn (each weapon fires once a turn)",
                      u->name);
    /* support weapons fired on their own use their own impact */
    if (!p->small_arms && p->nsupport > 0)
        p->impact = sl_weapon_get(g->live.figures[p->support_fig[0]].support)->impact;
    else
        p->impact = small_arms_impact(g, firer);
    return true;
}

bool can_fire(const sl_game *g, int firer, int target, sl_fire_with with, char *why, size_t whylen)
{
    fire_plan p;
    return plan_fire(g, firer, target, with, 0, &p, why, whylen);
}

bool can_fire_shift(const sl_game *g, int firer, int target, sl_fire_with with, int shift, char *why, size_t whylen)
{
    fire_plan p;
    return plan_fire(g, firer, target, with, shift, &p, why, whylen);
}

void sl_game_fire_preview(sl_game *g, int firer, int target, sl_fire_with with, sl_fire_preview *out)
{
    sl_game_fire_preview_shift(g, firer, target, with, 0, out);
}

void sl_game_fire_preview_shift(sl_game *g, int firer, int target, sl_fire_with with, int shift,
                                sl_fire_preview *out)
{
    memset(out, 0, sizeof *out);
    fire_plan p;
    out->possible = plan_fire(g, firer, target, with, shift, &p, out->why, sizeof out->why);
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
static int roll_point_armour(sl_game *g, int target, int cls)
{
    if (cls <= 0) {
        sl_die d = g->live.units[target].armour > SL_D4 ? g->live.units[target].armour : SL_D6;
        return roll(g, d, -1, "armour", target, "%s is soft-skinned: armour %s (p38)", unit_name(g, target),
                    sl_die_name(d));
    }
    if (g->live.options.armour_class_roll == 1) {
        int v = roll(g, SL_D12, -1, "armour", target, "%s's armour class %d: one D12 times %d", unit_name(g, target),
                     cls, cls);
        return v * cls;
    }
    int sum = 0;
    for (int k = 0; k < cls && !g->failed; k++)
        sum += roll(g, SL_D12, -1, "armour", target, "%s's armour class %d: D12 number %d of %d, added",
                    unit_name(g, target), cls, k + 1, cls);
    return sum;
}

static void damage_point_target(sl_game *g, int firer, int target, sl_die impact_die, int mult, const char *what)
{
    const sl_unit *t = &g->live.units[target];
    int impact = roll(g, impact_die, -1, "impact", firer, "%s's %s impact %s%s against %s", unit_name(g, firer), what,
                      sl_die_name(impact_die), mult > 1 ? ", doubled for a major hit" : "", t->name);
    impact *= mult;
    int armour = roll_point_armour(g, target, t->armour_class);
    if (g->failed)
        return;
    sl_unit_state *s = &g->us[target];
    /* rounds through the armour reach anyone aboard (our reading: as for
     * small arms, each rolls its armour die) */
    if (impact > armour && passengers(g, target) > 0)
        passengers_hit(g, target);
    if (impact > 2 * armour) {
        s->damage = 2;
        jstate(g, target, "destroyed", "%s is destroyed: impact %d is more than twice armour %d (p39)", t->name, impact,
               armour);
        for (int i = 0; i < t->nfigures; i++)
            g->live.figures[t->first_figure + i].status = SL_FIG_DEAD;
    } else if (impact > armour) {
        if (s->damage < 1)
            s->damage = 1;
        jstate(g, target, "disabled", "%s is disabled: impact %d beats armour %d (p39)", t->name, impact, armour);
    } else {
        int v = roll(g, SL_D6, -1, "damage", target,
                     "%s's armour holds (impact %d, armour %d): D6 for other damage, 1-2 suspension, 6 systems (p39)",
                     t->name, impact, armour);
        if (v <= 2) {
            s->immobile = true;
            jstate(g, target, "suspension", "%s takes a suspension hit and cannot move", t->name);
        } else if (v == 6) {
            s->systems_down = true;
            jstate(g, target, "systems", "%s takes a systems hit", t->name);
        } else if (!g->failed) {
            jnote(g, target, "%s takes no damage", t->name);
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
    int impact = roll(g, impact_die, -1, "impact", firer, "%s's small arms impact %s against %s, as a minor hit (p37)",
                      unit_name(g, firer), sl_die_name(impact_die), t->name);
    int armour = roll_point_armour(g, target, t->armour_class);
    if (g->failed)
        return;
    if (impact <= armour) {
        jnote(g, target, "%s's armour stops the rounds (impact %d, armour %d)", t->name, impact, armour);
        return;
    }
    jstate(g, target, "penetrated", "Rounds get through %s's armour (impact %d, armour %d): everyone aboard rolls (p37)",
           t->name, impact, armour);
    if (passengers(g, target) > 0)
        passengers_hit(g, target);
    else
        jnote(g, target, "No one is aboard %s to be hit", t->name);
    if (!g->failed && impact > 2 * armour && g->us[target].damage < 1) {
        g->us[target].damage = 1;
        jstate(g, target, "disabled", "%s is disabled: impact %d is more than twice armour %d (p37)", t->name, impact,
               armour);
    }
}

/* --- infantry casualties ------------------------------------------------------- */

typedef enum { HIT_NONE, HIT_WOUND, HIT_KILL } hit_result;

/* Allocate the hits; fills the confidence triggers they raise. */
static void take_casualties(sl_game *g, int firer, int target, const hit_result *hits, int nhits, bool *trig)
{
    sl_unit *t = &g->live.units[target];
    int pool[64], n = 0;
    for (int i = 0; i < t->nfigures && n < 64; i++)
        if (g->live.figures[t->first_figure + i].status == SL_FIG_OK)
            pool[n++] = t->first_figure + i;
    if (n == 0)
        return;
    bool wounded_now[64] = {false};
    int casualties = 0;
    bool leader_hit = false;
    sl_die alloc = sl_die_at_least(n);
    for (int h = 0; h < nhits && !g->failed; h++) {
        if (hits[h] == HIT_NONE)
            continue;
        int v = roll(g, alloc, -1, "allocation", target,
                     "Which of %s's %d figures takes the %s: %s, counting round the %d figures (p36)", t->name, n,
                     hits[h] == HIT_KILL ? "kill" : "wound", sl_die_name(alloc), n);
        if (g->failed)
            return;
        int k = (v - 1) % n;
        sl_figure *f = &g->live.figures[pool[k]];
        bool dies = hits[h] == HIT_KILL || wounded_now[k] || f->status == SL_FIG_DEAD;
        if (f->status == SL_FIG_DEAD) {
            jnote(g, target, "%s is already dead", f->id);
            continue;
        }
        if (f->status == SL_FIG_OK)
            casualties++;
        if (pool[k] == t->leader)
            leader_hit = true;
        if (dies) {
            f->status = SL_FIG_DEAD;
            jstate(g, target, "casualty", "%s is killed%s", f->id, wounded_now[k] ? " (a second wound in one attack, p36)" : "");
        } else {
            f->status = SL_FIG_WOUNDED;
            wounded_now[k] = true;
            jstate(g, target, "casualty", "%s is wounded: an untreated casualty until first aid", f->id);
        }
    }
    if (g->failed || casualties == 0)
        return;
    int survivors = living(g, target);
    jstate(g, target, "casualties", "%s loses %d figure%s to %s's fire; %d still standing", t->name, casualties,
           casualties == 1 ? "" : "s", unit_name(g, firer), survivors);
    if (survivors == 0) {
        jstate(g, target, "destroyed", "%s has no one left standing", t->name);
        return;
    }
    trig[CONF_CASUALTIES] = true;
    trig[CONF_MORE_THAN_SURVIVORS] = casualties > survivors;
    if (leader_hit) {
        leader_lost(g, target);
        trig[CONF_LEADER_LOST] = true;
    }
}

/* --- the fire action ------------------------------------------------------------- */

bool do_fire(sl_game *g, int firer, int target, sl_fire_with with, int range_shift, char *err, size_t errlen)
{
    fire_plan p;
    g->last_fire_res = SL_FAIL;
    g->last_fire_lost = 0;
    if (!plan_fire(g, firer, target, with, range_shift, &p, err, errlen))
        return false;
    int standing_before = living(g, target);
    const sl_unit *u = &g->live.units[firer];
    const sl_unit *t = &g->live.units[target];
    sl_unit_state *us = &g->us[firer];
    /* weapons fired this turn */
    if (p.small_arms)
        us->fired |= 1u;
    for (int i = 0; i < p.nsupport; i++)
        us->fired |= 2u << (p.support_fig[i] - u->first_figure);
    if (p.missile)
        us->fired |= 2u << (p.missile_fig - u->first_figure);

    char dice[300] = "";
    size_t at = 0;
    for (int i = 0; i < p.n; i++)
        at += (size_t)snprintf(dice + at, sizeof dice - at, "%s%s (%s)", i ? ", " : "", sl_die_name(p.dice[i]), p.what[i]);
    const sl_range *R = &p.sight.range;
    if (p.missile)
        jnote(g, firer, "%s fires a guided missile at %s: %s against its ECM %s (p40)", u->name, t->name, dice,
              sl_die_name(p.range_die));
    else
        jnote(g, firer,
              "%s fires at %s: %.1f\" is band %d of %.0f\" (%s); %s%s%s; range die %s; firing %s (p33-35)", u->name,
              t->name, R->distance / 1000.0, R->band, R->band_len / 1000.0, sl_die_name(R->base_die),
              sl_cover_phrase(p.sight.cover), g->us[target].in_position ? ", In Position" : "",
              range_shift ? ", hasty fire +1" : "", sl_die_name(p.range_die), dice);
    g->us[target].fired_upon = true;

    int rv = roll(g, p.range_die, -1, "fire", target, "%s's %s die for %s", t->name, p.missile ? "ECM" : "range",
                  p.missile ? "the missile to beat" : "the fire to beat");
    int vals[MAX_DICE], sum = 0;
    for (int i = 0; i < p.n && !g->failed; i++) {
        vals[i] = roll(g, p.dice[i], rv, "fire", firer, "%s's %s die %s against %s's %d", u->name, p.what[i],
                       sl_die_name(p.dice[i]), p.missile ? "the ECM" : "the range die", rv);
        sum += vals[i];
    }
    if (g->failed)
        return false;
    int beat;
    sl_success res = sl_count_success(vals, p.n, rv, &beat);
    char fields[160];
    snprintf(fields, sizeof fields, "\"what\":\"fire-result\",\"result\":\"%s\",\"beat\":%d,\"total\":%d",
             sl_success_name(res), beat, sum);
    char text[300];
    snprintf(text, sizeof text, "%d of %s's %d dice beat %d: %s", beat, u->name, p.n, rv,
             res == SL_FAIL    ? "no effect"
             : res == SL_MINOR ? (is_point_target(g, target) ? "a minor hit" : "suppression only")
                               : (is_point_target(g, target) ? "a major hit" : "suppression and potential hits"));
    jadd(g, SL_EV_STATE, firer, text, fields);

    if (res != SL_FAIL && (!p.missile || res == SL_MAJOR || res == SL_MINOR)) {
        if (is_point_target(g, target)) {
            /* guided missiles, and the starred support weapons fired on
             * their own, hit like heavy weapons; small arms and SAWs do
             * no more than suppress armour class 2 or better (p37) */
            bool heavy = p.missile || (!p.small_arms && p.doubles_vs_point);
            if (heavy)
                damage_point_target(g, firer, target, p.impact, res == SL_MAJOR ? 2 : 1,
                                    p.missile ? "missile" : "weapon");
            else if (res == SL_MAJOR && t->armour_class <= 1)
                small_arms_penetration(g, firer, target, p.impact);
            else if (res == SL_MAJOR)
                jnote(g, target, "%s has armour class %d: small arms can do no more than suppress it (p37)", t->name,
                      t->armour_class);
            add_suppression(g, target, "fired on");
        } else {
            bool first = !g->us[target].suppressed_before;
            add_suppression(g, target, "fired on");
            g->us[target].suppressed_before = true;
            hit_result hits[64];
            int nh = 0;
            bool trig[CONF_TRIGGER_COUNT] = {false};
            trig[CONF_FIRST_SUPPRESSION] = first;
            if (res == SL_MAJOR) {
                int size = (int)p.range_die, pot = sum / size, rem = sum % size;
                char how[200];
                if (g->live.options.potential_hits == 0 && rem > 0) {
                    int x = roll(g, p.range_die, rem, "remainder", target,
                                 "%s rerolls its range die against the remainder %d (of %d over %s): an extra hit "
                                 "unless it rolls more than %d (p35)",
                                 t->name, rem, sum, sl_die_name(p.range_die), rem);
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
                jnote(g, firer, "%d potential hit%s (%s)", pot, pot == 1 ? "" : "s", how);
                /* each hit: impact against armour, the armour shifted up for
                 * cover; an open shift, so past D12 it lowers the impact
                 * (p36) */
                int excess;
                sl_die armour = sl_die_shift_open(t->armour, (int)p.sight.cover, &excess);
                sl_die impact = sl_die_shift_closed(p.impact, -excess);
                for (int h = 0; h < pot && !g->failed; h++) {
                    int av = roll(g, armour, -1, "armour", target, "Hit %d of %d: %s's armour %s%s", h + 1, pot,
                                  t->name, sl_die_name(armour), p.sight.cover != SL_COVER_NONE ? " (up for cover)" : "");
                    int iv = roll(g, impact, av, "impact", firer,
                                  "Hit %d of %d: %s's impact %s must beat the armour's %d to wound, and %d to kill (p36)",
                                  h + 1, pot, u->name, sl_die_name(impact), av, 2 * av);
                    hit_result r = iv > 2 * av ? HIT_KILL : iv > av ? HIT_WOUND : HIT_NONE;
                    hits[nh++] = r;
                    jnote(g, target, "Hit %d: impact %d against armour %d: %s", h + 1, iv, av,
                          r == HIT_KILL ? "a kill (more than twice)" : r == HIT_WOUND ? "a wound" : "no effect");
                }
                take_casualties(g, firer, target, hits, nh, trig);
            }
            bool any = false;
            for (int k = 0; k < CONF_TRIGGER_COUNT; k++)
                any |= trig[k];
            if (any && !g->failed && living(g, target) > 0)
                confidence_test(g, target, trig, 0, "under fire");
        }
    }
    if (!g->failed && !is_point_target(g, target) && living(g, target) > 0)
        panic_check_fired_on(g, target);
    g->last_fire_res = (int)res;
    g->last_fire_lost = standing_before - living(g, target);
    return !g->failed;
}
