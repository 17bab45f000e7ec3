/* SkirmishCorps ranged attacks (seed 002, the digest's weapons, movement
 * and cover): who may shoot or throw at whom and the modifiers; the seed
 * gives no roll to hit or to wound, so the players are asked for the
 * outcome of every attack, ranged or close (sc_ask_outcome; their answer:
 * sc_outcome.c). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skirmish.h"

/* How a command attacks (SL_SC_*), or -1 when it is no attack. */
int sc_attack_how(int kind)
{
    if (kind == SL_CMD_FIRE)
        return SC_SNAP;
    if (kind == sc_kind_of(SC_ROW_AIM))
        return SC_AIMED;
    return kind == sc_kind_of(SC_ROW_THROW) ? SC_THROW : -1;
}

static void add_mod(sc_attack_info *a, int v, const char *fmt, ...)
{
    if (a->nmods >= SC_MAX_MODS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->mod_why[a->nmods], sizeof a->mod_why[a->nmods], fmt, ap);
    va_end(ap);
    a->mod[a->nmods++] = v;
    a->total += v;
}

static void illegal(sc_attack_info *a, const char *fmt, ...)
{
    if (!a->legal)
        return; /* the first reason stands */
    a->legal = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->why, sizeof a->why, fmt, ap);
    va_end(ap);
}

void sc_attack_judge(const sl_game *g, int unit, int target, int how, sc_attack_info *out)
{
    sc_attack_judge_as(g, unit, target, how, sc_unit_of(g, unit), out);
}

void sc_attack_judge_as(const sl_game *g, int unit, int target, int how, const sc_unit *s, sc_attack_info *out)
{
    memset(out, 0, sizeof *out);
    out->legal = true;
    out->bracket = -1;
    const sl_unit *u = &g->live.units[unit], *t = &g->live.units[target];
    const sc_unit *ts = sc_unit_of(g, target);
    if (t->side == u->side)
        illegal(out, "%s is on %s's own side", t->name, u->name);
    if (rl_living(g, target) == 0)
        illegal(out, "%s is out of the fight", t->name);
    if (s->shot)
        illegal(out, "%s has shot or thrown in this action already: once an action (seed 002)", u->name);
    if (s->broke_from == target + 1 && s->broke_turn == g->turn)
        illegal(out, "%s broke off from %s this turn: no shooting or throwing at it (seed 002)", u->name, t->name);
    /* flushing: the unit that flushed the target out may not shoot or
     * throw at it; the seed does not say for how long, and we read it as
     * the rest of that turn, as for breaking off */
    if (ts->flushed_by == unit + 1 && ts->flushed_turn == g->turn)
        illegal(out, "%s flushed %s out this turn: the unit that flushes an enemy out may not shoot or throw at it "
                     "(flushing), for the rest of the turn",
                u->name, t->name);
    if (how != SC_THROW && sc_unit_firearm(&g->live, unit) < 0)
        illegal(out, "%s carries no firearm (the scenario's \"firearm\")", u->name);
    int ride = g->us[unit].aboard, tride = g->us[target].aboard;
    if (ride >= 0 && !g->live.units[ride].open_top)
        illegal(out, "%s rides inside %s, a closed vehicle: it neither shoots nor throws out (our reading)", u->name,
                g->live.units[ride].name);
    if (tride >= 0 && !g->live.units[tride].open_top)
        illegal(out, "%s rides inside %s, a closed vehicle: only the crew of an open-topped vehicle may be targeted "
                     "(seed 002)",
                t->name, g->live.units[tride].name);
    /* a throw at an open-topped vehicle, or at its crew, goes in over the top */
    int top = t->kind == SL_UNIT_VEHICLE && t->open_top ? target
              : tride >= 0 && g->live.units[tride].open_top ? tride
                                                            : -1;
    if (how == SC_THROW && top >= 0 && s->step >= 2)
        illegal(out, "%s has moved: a throw into %s's open top is only from standing still (seed 002)", u->name,
                g->live.units[top].name);
    if (s->mode == SC_SPRINT)
        illegal(out, "%s sprinted: no shooting or throwing on a sprint (seed 002)", u->name);
    if (s->mode == SC_SNEAK && how != SC_THROW)
        illegal(out, "%s sneaks: a sneaking unit cannot shoot, though it may throw (seed 002)", u->name);
    if (how == SC_AIMED && s->step >= 2)
        illegal(out, "%s has moved: only a unit that does not move aims (a snap shot, fire, instead)", u->name);
    if (how == SC_AIMED && s->step == 1)
        illegal(out, "%s changed stance: no aimed shot after a stance change (a snap shot, fire, instead)", u->name);
    sl_unit_sight sight;
    sl_unit_sight_judge(&g->sight, unit, target, false, &sight);
    if (!sight.visible)
        illegal(out, "%s has no line of sight to %s", u->name, t->name);
    out->spot_needed = ts->hiding || ts->sneaking;
    out->spotted = s->spotted == target + 1;
    if (out->spot_needed && !out->spotted)
        illegal(out, "%s is %s: %s must first spot it (spot %s %s)", t->name, ts->hiding ? "hiding" : "sneaking", u->name,
                u->id, t->id);
    out->inches = sl_dist(rl_unit_centre(g, unit), rl_unit_centre(g, target)) / 1000.0;
    if (how != SC_THROW && sc_unit_firearm(&g->live, unit) >= 0) {
        const sc_firearm *fa = sc_firearm_get(sc_unit_firearm(&g->live, unit));
        out->bracket = sc_range_bracket((int32_t)lround(out->inches * 1000.0));
        int m = fa->mod[out->bracket];
        if (m == SC_BRACKET_NO)
            illegal(out, "its %s cannot fire at %s range (%.1f\")", fa->name, sc_bracket_name(out->bracket), out->inches);
        else
            add_mod(out, m, "%s range (%.1f\", %s)", sc_bracket_name(out->bracket), out->inches, fa->name);
    }
    rl_fire_ask ask = {unit, target, RL_FIRE_SC_ATTACK, (int32_t)lround(out->inches * 1000.0), out->bracket};
    if (out->legal && !rl_hook_fire_at(g, &ask, out->why, sizeof out->why))
        out->legal = false; /* a house rule's refusal (fire_at), in its words */
    if (how == SC_THROW && top >= 0)
        add_mod(out, -1, "thrown into %s's open top from standing still", g->live.units[top].name);
    else if (top >= 0 && top != target)
        add_mod(out, 0, "%s, crew of the open-topped %s: no bonus", t->name, g->live.units[top].name);
    if (how == SC_AIMED)
        add_mod(out, 1, "an aimed shot");
    if (s->mode == SC_RUN)
        add_mod(out, -2, "%s ran", u->name);
    if (ts->mode == SC_RUN)
        add_mod(out, -1, "%s ran in its last action", t->name);
    if (ts->mode == SC_SPRINT)
        add_mod(out, -4, "%s sprinted in its last action", t->name);
    bool aboard = t->kind == SL_UNIT_VEHICLE || tride >= 0; /* no stance: read as standing */
    bool prone = ts->prone && !aboard;
    const char *stand = aboard ? "a vehicle, read as standing," : "standing";
    if (sight.cover == SL_COVER_SOFT)
        add_mod(out, prone ? -3 : -2, "%s in low cover (our reading of soft cover)", prone ? "prone" : stand);
    else if (sight.cover == SL_COVER_HARD && !prone)
        add_mod(out, -3, "%s in high cover (our reading of hard cover)", stand);
    else if (sight.cover == SL_COVER_HARD)
        add_mod(out, 0, "prone in high cover: the rules give no figure for it, the players agree one");
}

bool sc_can_attack(const sl_game *g, const sl_command *c, int how, char *why, size_t whylen)
{
    const sc_unit *sc = sc_unit_of(g, c->unit);
    if (sc->step >= 3)
        return rl_refuse(why, whylen, "%s's action is over", rl_unit_name(g, c->unit));
    if (c->target < 0 || c->target >= g->live.nunits)
        return rl_refuse(why, whylen, "at which unit?");
    sc_attack_info a;
    sc_attack_judge(g, c->unit, c->target, how, &a);
    return a.legal || rl_refuse(why, whylen, "%s", a.why);
}

bool sc_do_attack(sl_game *g, const sl_command *c, int how)
{
    sc_unit *sc = sc_unit_of(g, c->unit);
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    sc_attack_info a;
    sc_attack_judge(g, c->unit, c->target, how, &a);
    sc->shot = true;
    sc->aimed = how == SC_AIMED;
    sc->shot_after_move = sc->step == 2;
    char mods[SC_MAX_MODS * 110] = "";
    size_t at = 0;
    for (int i = 0; i < a.nmods && at < sizeof mods; i++)
        at += (size_t)snprintf(mods + at, sizeof mods - at, "%s%+d %s", i ? ", " : "", a.mod[i], a.mod_why[i]);
    static const char *const verbs[] = {"snap-shoots at", "aims and shoots at", "throws at"};
    char range[200];
    if (how == SC_THROW)
        snprintf(range, sizeof range, "%.1f\" away (the players agree what is thrown and whether it reaches: "
                                      "the rules give a throw's range from ST)",
                 a.inches);
    else
        snprintf(range, sizeof range, "%.1f\", %s range", a.inches, sc_bracket_name(a.bracket));
    rl_state(g, c->target, "attack", "%s %s %s, %s%s: %s; the modifiers add up to %+d", u->name, verbs[how], t->name,
             range, a.spot_needed ? ", spotted this action" : "", a.nmods ? mods : "no modifiers", a.total);
    sc_ask_outcome(g, c, c->unit, c->target, a.total);
    return !g->failed;
}

/* The decision the players answer after an attack: journalled with the
 * modifiers' sum; `resume` is the command waiting on it. */
void sc_ask_outcome(sl_game *g, const sl_command *resume, int attacker, int target, int total)
{
    const sl_unit *u = &g->live.units[attacker], *t = &g->live.units[target];
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = sc_decide_kind(SC_DECIDE_OUTCOME);
    g->pending.side = u->side;
    g->pending.mover = target;
    g->pending.options[0] = attacker;
    g->pending.noptions = 1;
    g->pending.resume = *resume;
    char fields[320], tid[80], uid[80], text[400];
    sl_json_escape(tid, sizeof tid, t->id);
    sl_json_escape(uid, sizeof uid, u->id);
    snprintf(fields, sizeof fields, "\"decision\":\"outcome\",\"attacker\":\"%s\",\"target\":\"%s\",\"modifier\":%d",
             uid, tid, total);
    if (sc_attacks_rolled(g))
        snprintf(text, sizeof text,
                 "The sources give no roll to hit: the program rolls it by our reading (rule option sc_attacks "
                 "rolled: 2D6 at or under %d with the modifiers %+d), then the damage, wounds and injury by the "
                 "digest's tables",
                 SC_READ_SKILL + total, total);
    else
        snprintf(text, sizeof text,
                 "The seed gives no roll to hit or to wound: the players roll as they play it (modifiers %+d) and "
                 "enter what happened: decide miss, or decide hit %s",
                 total,
                 t->kind == SL_UNIT_VEHICLE ? "none|out (a vehicle is not stunned or knocked out)"
                                            : "none|stunned|ko|out");
    rl_event(g, SL_EV_DECISION, target, text, fields);
}

/* --- our reading of the rolls no source gives (RULES.md, "SkirmishCorps
 * attacks"): the chances the solo opponent states, and the dice
 * sc_roll.c rolls under sc_attacks rolled --------------------------------------------------- */

double sc_p_hit(int total)
{
    int need = SC_READ_SKILL + total, ways = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            ways += a + b <= need;
    return ways / 36.0;
}

void sc_attack_damage(const sl_game *g, int attacker, int way, sc_damage *out)
{
    memset(out, 0, sizeof *out);
    out->dice = 1;
    out->threshold = SC_READ_DE;
    int fa = sc_unit_firearm(&g->live, attacker);
    if ((way == SC_SNAP || way == SC_AIMED) && fa >= 0) {
        const char *d = sc_firearm_get(fa)->damage; /* "1D6", "1D6+1", "2D6" */
        out->dice = d[0] == '2' ? 2 : 1;
        const char *plus = strchr(d, '+');
        out->plus = plus ? plus[1] - '0' : 0;
        snprintf(out->what, sizeof out->what, "its %s's %s against DE %d", sc_firearm_get(fa)->name, d, SC_READ_DE);
    } else if (way == SC_CLOSE || way == SC_SPRING) {
        out->plus = way == SC_SPRING ? 2 * SC_READ_ST : SC_READ_ST;
        out->threshold = 2 * SC_READ_DE;
        snprintf(out->what, sizeof out->what, "ST %d%s + 1D6 against DE %d doubled in close combat", out->plus,
                 way == SC_SPRING ? " (doubled for a spring)" : "", SC_READ_DE);
    } else {
        snprintf(out->what, sizeof out->what, "a thrown weapon's 1D6 against DE %d", SC_READ_DE);
    }
}

/* How many wounds a damage makes: none up to the threshold, one more for
 * each threshold past it (the digest's section 8). */
int sc_wounds(int damage, int threshold)
{
    return damage > threshold ? (damage - 1) / threshold : 0;
}

double sc_p_harm(const sc_damage *d, bool vehicle)
{
    double p = 0, spare = vehicle ? (SC_WRECK_FACE - 1) / 6.0 : 1.0 / 6.0;
    int n = d->dice == 2 ? 36 : 6;
    for (int k = 0; k < n; k++) {
        int dmg = d->plus + (d->dice == 2 ? k / 6 + k % 6 + 2 : k + 1);
        int w = sc_wounds(dmg, d->threshold);
        /* the highest of w dice: a man takes only a flesh wound when every
         * die is a 1; a vehicle is wrecked only by a critical fault */
        if (w > 0)
            p += 1.0 - pow(spare, w);
    }
    return p / n;
}

int sc_outcome_modifier(const sl_game *g)
{
    for (int i = g->journal.n - 1; i >= 0; i--)
        if (g->journal.ev[i].kind == SL_EV_DECISION) {
            const char *m = strstr(g->journal.ev[i].json, "\"modifier\":");
            return m ? atoi(m + 11) : 0;
        }
    return 0;
}
