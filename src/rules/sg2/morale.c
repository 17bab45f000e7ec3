/* Reaction and confidence tests, panic, and the loss of a leader
 * (rulebook p10, p19-21). */
#include <stdio.h>
#include <string.h>

#include "sg2.h"

#define NTR (-1)

/* Threat levels for confidence tests by motivation LOW, MEDIUM, HIGH
 * (p20). Plain numbers: the highest that applies counts. */
static const int conf_table[MOR_TRIGGER_COUNT][3] = {
    [MOR_FIRST_SUPPRESSION] = {2, 1, NTR},
    [MOR_CASUALTIES] = {2, 1, NTR},
    [MOR_MORE_THAN_SURVIVORS] = {4, 3, 1},
    [MOR_LEADER_LOST] = {4, 3, 2},
    [MOR_TEAM_LOST] = {4, 3, 1},
};
/* "+" modifiers, added to the highest plain value */
static const int plus_untreated[3] = {1, 0, NTR};

static const char *const trigger_words[MOR_TRIGGER_COUNT] = {
    [MOR_FIRST_SUPPRESSION] = "first suppressed by fire",
    [MOR_CASUALTIES] = "casualties from fire",
    [MOR_MORE_THAN_SURVIVORS] = "more casualties in one attack than survivors",
    [MOR_LEADER_LOST] = "leader a casualty",
    [MOR_TEAM_LOST] = "a fireteam lost",
};

int mor_threat(const sl_game *g, int unit, mor_trigger t)
{
    sl_motivation m = g->live.units[unit].motivation;
    int v = conf_table[t][m];
    if (t == MOR_CASUALTIES && m == SL_MOT_MEDIUM && g->live.options.casualties_threat == 1)
        v = 2; /* the worked example on p20 */
    return v;
}

int mor_untreated_plus(const sl_game *g, int unit)
{
    int v = plus_untreated[g->live.units[unit].motivation];
    return v > 0 ? v : 0;
}

bool mor_reaction_test(sl_game *g, int unit, int tl, const char *what)
{
    const sl_unit *u = &g->live.units[unit];
    if (g->us[unit].last_stand) {
        rl_note(g, unit, "%s makes its last stand: no reaction test to %s (p53)", u->name, what);
        return true;
    }
    int target = u->leadership + tl;
    int v = rl_roll(g, sl_quality_die(u->quality), target, "reaction", unit,
                 "Reaction test for %s to %s: its %s quality die must beat leadership %d + threat %d = %d (p21)",
                 u->name, what, sl_quality_label(u->quality), u->leadership, tl, target);
    return !g->failed && v > target;
}

void mor_drop_confidence(sl_game *g, int unit, int levels, const char *why)
{
    unit = rl_squad_of(g, unit); /* a fireteam's confidence is its squad's */
    sl_unit *u = &g->live.units[unit];
    sl_confidence before = u->confidence;
    int c = (int)u->confidence + levels;
    if (c > SL_CONF_ROUTED)
        c = SL_CONF_ROUTED;
    u->confidence = (sl_confidence)c;
    if (u->confidence != before)
        rl_state(g, unit, "confidence", "%s drops %d level%s of confidence (%s): %s", u->name, levels,
               levels == 1 ? "" : "s", why, sl_confidence_name(u->confidence));
    if (u->confidence >= SL_CONF_BROKEN && g->us[unit].in_position) {
        g->us[unit].in_position = false;
        rl_state(g, unit, "left-position", "%s, now %s, is no longer In Position", u->name,
               sl_confidence_name(u->confidence));
    }
    for (int k = 0; k < sl_unit_nparts(&g->live, unit); k++) {
        int t = sl_unit_part(&g->live, unit, k);
        if (u->confidence >= SL_CONF_BROKEN && g->us[t].in_position) {
            g->us[t].in_position = false;
            rl_state(g, t, "left-position", "%s, its squad now %s, is no longer In Position", rl_unit_name(g, t),
                   sl_confidence_name(u->confidence));
        }
    }
    rl_teams_sync(g);
}

void mor_test_if_triggered(sl_game *g, int unit, const bool *triggers, int extra_tl, const char *why)
{
    bool any = false;
    for (int x = 0; x < MOR_TRIGGER_COUNT; x++)
        any |= triggers[x];
    if (any && !g->failed && rl_living(g, unit) > 0)
        mor_confidence_test(g, unit, triggers, extra_tl, why);
}

bool mor_confidence_test(sl_game *g, int unit, const bool *triggers, int extra_tl, const char *why)
{
    unit = rl_squad_of(g, unit); /* fireteams: the squad tests as a whole */
    const sl_unit *u = &g->live.units[unit];
    if (g->us[unit].last_stand) {
        rl_note(g, unit, "%s makes its last stand: no confidence test (p53)", u->name);
        return true;
    }
    sl_motivation m = u->motivation;
    int base = NTR;
    char list[300] = "";
    size_t at = 0;
    for (int t = 0; t < MOR_TRIGGER_COUNT; t++) {
        if (!triggers[t])
            continue;
        int v = mor_threat(g, unit, (mor_trigger)t);
        const char *word = t == MOR_FIRST_SUPPRESSION && sl_unit_nparts(&g->live, unit) > 0 ? "a fireteam first suppressed by fire"
                                                                         : trigger_words[t];
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s %s", at ? ", " : "", word,
                               v == NTR ? "(no test)" : "");
        if (v != NTR && v > base)
            base = v;
        if (v != NTR && at < sizeof list)
            at += (size_t)snprintf(list + at, sizeof list - at, "%d", v);
    }
    if (base == NTR) {
        rl_note(g, unit, "%s, at %s motivation, needs no confidence test for %s", u->name, sl_motivation_name(m), list);
        return true;
    }
    /* each untreated casualty adds its "+" value */
    int untreated = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        untreated += f->status == SL_FIG_WOUNDED && !f->treated;
    }
    int plus = extra_tl;
    if (extra_tl && at < sizeof list)
        at += (size_t)snprintf(list + at, sizeof list - at, ", +%d", extra_tl);
    if (plus_untreated[m] > 0 && untreated > 0) {
        plus += plus_untreated[m] * untreated;
        if (at < sizeof list)
            at += (size_t)snprintf(list + at, sizeof list - at, ", %d untreated casualt%s +%d", untreated,
                                   untreated == 1 ? "y" : "ies", plus_untreated[m] * untreated);
    }
    /* a unit that abandoned its wounded: +3, +2, +1 by motivation */
    static const int plus_abandoned[3] = {3, 2, 1};
    if (g->us[unit].abandoned_wounded) {
        plus += plus_abandoned[m];
        if (at < sizeof list)
            at += (size_t)snprintf(list + at, sizeof list - at, ", abandoned its wounded +%d", plus_abandoned[m]);
    }
    int tl = base + plus;
    int target = u->leadership + tl;
    int v = rl_roll(g, sl_quality_die(u->quality), target, "confidence", unit,
                 "Confidence test for %s (%s; %s): its %s die must beat leadership %d + threat %d = %d (p20)",
                 u->name, why, list, sl_quality_label(u->quality), u->leadership, tl, target);
    if (g->failed)
        return false;
    if (v > target) {
        rl_note(g, unit, "%s holds: still %s", u->name, sl_confidence_name(u->confidence));
        return true;
    }
    /* at most half of the needed score (or less than half) drops two */
    bool two = g->live.options.confidence_half == 0 ? 2 * v <= target : 2 * v < target;
    mor_drop_confidence(g, unit, two ? 2 : 1, two ? "the roll was half the score needed or less" : "the test failed");
    return false;
}

void mor_suppress(sl_game *g, int unit, const char *why)
{
    if (rl_has_teams(g, unit)) {
        /* suppression is the fireteams', each of them */
        for (int k = 0; k < sl_unit_nparts(&g->live, unit); k++)
            if (rl_living(g, sl_unit_part(&g->live, unit, k)) > 0)
                mor_suppress(g, sl_unit_part(&g->live, unit, k), why);
        return;
    }
    sl_unit_state *s = &g->us[unit];
    if (s->last_stand) {
        rl_note(g, unit, "%s, making its last stand, ignores the suppression (%s, p53)", rl_unit_name(g, unit), why);
        return;
    }
    if (s->suppression >= 3) {
        rl_state(g, unit, "suppressed", "%s already has three suppression markers; more are ignored (%s)",
                 rl_unit_name(g, unit), why);
        return;
    }
    int sq = rl_squad_of(g, unit);
    bool leader_was = sq != unit && rl_leader_suppressed(g, sq);
    s->suppression++;
    rl_state(g, unit, "suppressed", "%s is suppressed (%s): %d marker%s", rl_unit_name(g, unit), why, s->suppression,
             s->suppression == 1 ? "" : "s");
    if (sq != unit)
        rl_hook_suppressed(g, unit, leader_was);
}

/* A panic test: a reaction test at threat 0; failing it panics the unit. */
static void panic_test(sl_game *g, int unit, const char *why)
{
    if (mor_reaction_test(g, unit, 0, why))
        rl_note(g, unit, "%s holds its nerve and will not panic again this game", rl_unit_name(g, unit));
    else if (!g->failed) {
        g->us[unit].panicked = true;
        rl_state(g, unit, "panic", "%s panics: it can do nothing until its leader spends two actions to recover (p21)",
               rl_unit_name(g, unit));
        rl_teams_sync(g);
    }
}

void mor_panic_seen(sl_game *g, int unit)
{
    unit = rl_squad_of(g, unit);
    const sl_unit *u = &g->live.units[unit];
    if (u->quality != SL_Q_UNTRAINED || g->us[unit].seen_enemy)
        return;
    for (int e = 0; e < g->live.nunits; e++) {
        if (g->live.units[e].side == u->side || rl_living(g, e) == 0 || !g->us[e].revealed)
            continue;
        sl_unit_sight s;
        sl_unit_sight_judge(&g->sight, unit, e, false, &s);
        if (s.visible) {
            g->us[unit].seen_enemy = true;
            char why[160];
            snprintf(why, sizeof why, "keep its nerve on first seeing the enemy (%s)", rl_unit_name(g, e));
            panic_test(g, unit, why);
            return;
        }
    }
}

void mor_panic_fired_on(sl_game *g, int unit)
{
    unit = rl_squad_of(g, unit);
    const sl_unit *u = &g->live.units[unit];
    if (u->quality != SL_Q_GREEN || g->us[unit].fired_on_before)
        return;
    g->us[unit].fired_on_before = true;
    panic_test(g, unit, "keep its nerve the first time it is fired on");
}

void mor_leader_lost(sl_game *g, int unit)
{
    unit = rl_squad_of(g, unit);
    sl_unit *u = &g->live.units[unit];
    /* the unit gets a suppression marker and tests confidence (p10); in a
     * squad of fireteams, the team he was with (or nearest, if alone) */
    int old = u->leader;
    int marked = unit;
    if (sl_unit_nparts(&g->live, unit) > 0 && old >= 0) {
        marked = g->live.figures[old].unit;
        if (marked == unit) {
            int64_t bd = INT64_MAX;
            for (int k = 0; k < sl_unit_nparts(&g->live, unit); k++) {
                const sl_unit *t = &g->live.units[sl_unit_part(&g->live, unit, k)];
                for (int i = 0; i < t->nfigures; i++) {
                    const sl_figure *f = &g->live.figures[t->first_figure + i];
                    if (f->status == SL_FIG_OK && sl_dist2(f->pos, g->live.figures[old].pos) < bd) {
                        bd = sl_dist2(f->pos, g->live.figures[old].pos);
                        marked = sl_unit_part(&g->live, unit, k);
                    }
                }
            }
        }
    }
    if (marked != unit || sl_unit_nparts(&g->live, unit) == 0)
        mor_suppress(g, marked, "its leader is down");
    /* a new leader: the first figure still standing */
    u->leader = -1;
    for (int i = 0; i < u->nfigures; i++) {
        int f = u->first_figure + i;
        if (g->live.figures[f].status == SL_FIG_OK) {
            u->leader = f;
            break;
        }
    }
    if (u->leader >= 0) {
        if (old >= 0)
            g->live.figures[old].role = SL_ROLE_TROOPER;
        g->live.figures[u->leader].role = SL_ROLE_LEADER;
        int v = rl_roll(g, SL_D6, -1, "leadership", unit,
                     "%s's new leader (%s): on a D6, 1-2 leadership gets worse, 3-5 stays, 6 gets better (p10)", u->name,
                     g->live.figures[u->leader].id);
        if (g->failed)
            return;
        int lv = u->leadership + (v <= 2 ? 1 : v == 6 ? -1 : 0);
        lv = lv < 1 ? 1 : lv > 3 ? 3 : lv;
        if (lv != u->leadership)
            rl_state(g, unit, "leadership", "%s's leadership is now %d (was %d)", u->name, lv, u->leadership);
        else
            rl_note(g, unit, "%s's leadership stays %d", u->name, lv);
        u->leadership = lv;
    }
    rl_teams_sync(g);
}

/* --- the last stand (optional, p53) --------------------------------------------- */

/* Enemy units the unit can see that are not Broken or Routed. */
static int enemies_in_sight(const sl_game *g, int unit)
{
    int n = 0;
    for (int e = 0; e < g->live.nunits; e++) {
        const sl_unit *eu = &g->live.units[e];
        if (eu->side == g->live.units[unit].side || rl_living(g, e) == 0 || eu->confidence >= SL_CONF_BROKEN ||
            eu->kind == SL_UNIT_DUMMY || !g->us[e].revealed)
            continue;
        sl_unit_sight s;
        sl_unit_sight_judge(&g->sight, unit, e, false, &s);
        n += s.visible;
    }
    return n;
}

/* The nearest standing figure of another unit of `side` (or of any other
 * side, when `enemy`), in mils between base centres. */
static double nearest_unit(const sl_game *g, int unit, bool enemy)
{
    const sl_unit *u = &g->live.units[unit];
    double best = 1e300;
    for (int o = 0; o < g->live.nunits; o++) {
        const sl_unit *ou = &g->live.units[o];
        if (o == unit || (ou->side != u->side) != enemy || ou->kind == SL_UNIT_DUMMY ||
            rl_squad_of(g, o) == rl_squad_of(g, unit))
            continue;
        for (int i = 0; i < u->nfigures; i++) {
            const sl_figure *a = &g->live.figures[u->first_figure + i];
            for (int k = 0; k < ou->nfigures && a->status == SL_FIG_OK; k++) {
                const sl_figure *b = &g->live.figures[ou->first_figure + k];
                if (b->status != SL_FIG_OK)
                    continue;
                double d = sl_dist(a->pos, b->pos);
                if (d < best)
                    best = d;
            }
        }
    }
    return best;
}

bool mor_can_last_stand(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int unit = rl_squad_of(g, c->unit); /* fireteams: the squad stands as a whole */
    const sl_unit *u = &g->live.units[unit];
    const sl_unit_state *s = &g->us[unit];
    if (!g->live.options.last_stand)
        return rl_refuse(why, whylen, "the last stand is an optional rule this scenario does not use (rule option last_stand)");
    if (s->last_stand)
        return rl_refuse(why, whylen, "%s is already making its last stand", u->name);
    if (rl_living(g, unit) == 0)
        return rl_refuse(why, whylen, "%s has no one left standing: it is out of the fight", u->name);
    int active = sl_game_active_unit(g);
    int side = active >= 0 ? g->live.units[active].side : g->side_to_act;
    if (u->side != side)
        return rl_refuse(why, whylen, "a last stand is declared by its own player when it is that side's turn");
    if (u->confidence >= SL_CONF_BROKEN)
        return rl_refuse(why, whylen, "%s is %s: its morale has gone too far for a last stand (p53)", u->name,
                      sl_confidence_name(u->confidence));
    bool ip = s->in_position;
    if (sl_unit_nparts(&g->live, unit) > 0) {
        ip = true;
        for (int k = 0; k < sl_unit_nparts(&g->live, unit); k++)
            if (rl_living(g, sl_unit_part(&g->live, unit, k)) > 0)
                ip &= g->us[sl_unit_part(&g->live, unit, k)].in_position;
    }
    if (!sl_game_unit_in_cover(g, unit) && !ip)
        return rl_refuse(why, whylen, "%s must be in cover or In Position to make a last stand (p53)", u->name);
    if (nearest_unit(g, unit, false) <= 12000)
        return rl_refuse(why, whylen, "a friendly unit is within 12\" of %s: it is not cut off (p53)", u->name);
    int seen = enemies_in_sight(g, unit);
    if (seen < 3)
        return rl_refuse(why, whylen, "%s sees %d enemy unit%s that are not broken or routed; a last stand needs three (p53)",
                      u->name, seen, seen == 1 ? "" : "s");
    return true;
}

bool mor_last_stand(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    int unit = rl_squad_of(g, c->unit);
    sl_unit *u = &g->live.units[unit];
    int v = rl_roll(g, SL_D6, 5, "last-stand", unit,
                 "%s tries a last stand: a D6 of 6 holds them; 1-5 and they break completely (p53)", u->name);
    if (g->failed)
        return false;
    if (v == 6) {
        g->us[unit].last_stand = true;
        g->us[unit].suppression = 0;
        for (int k = 0; k < sl_unit_nparts(&g->live, unit); k++)
            g->us[sl_unit_part(&g->live, unit, k)].suppression = 0;
        rl_teams_sync(g);
        rl_state(g, unit, "last-stand", "%s makes a last stand: no more confidence or reaction tests, suppression ignored, "
                                      "and it holds where it is",
               u->name);
        return true;
    }
    bool near = nearest_unit(g, unit, true) <= 12000;
    for (int i = 0; i < u->nfigures; i++)
        g->live.figures[u->first_figure + i].status = SL_FIG_DEAD;
    rl_state(g, unit, "disintegrated", "%s disintegrates: %s", u->name,
           near ? "its men surrender to the enemy within 12\"" : "its men drop their weapons and scatter");
    return !g->failed;
}
