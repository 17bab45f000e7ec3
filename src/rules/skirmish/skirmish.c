/* SkirmishCorps foot-unit actions (seed 002), played on the same table,
 * turn sequence and journal as Stargrunt II when the rule option ruleset
 * is skirmishcorps. Every unit is a foot-unit with a speed (SP) and
 * reactions (RE); once a turn it is assigned to act and takes one action:
 * it may change stance at the start, move (jog SP", run SP+3", sprint
 * 2xSP", or sneak SP/2" when hiding or sneaking), change stance at the
 * end, or hide in cover. Difficult going halves the distance. Going prone
 * after a sprint risks a stun (2D6 against RE). Hiding and sneaking
 * markers last until the unit's next action unless it keeps them up.
 *
 * The spot test is the seed's own: 1D6 + RE against 1D6 + RE (spot UNIT
 * TARGET). Moving into base contact with a hiding or sneaking unit
 * flushes it out: revealed and standing, no test. The seed gives no
 * rolls to hit or to wound, so shooting, throwing and close combat are
 * refused with that reason. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

/* The rows of sc_commands (below), whose command kinds kind_of gives. */
enum { ROW_STANCE, ROW_HIDE, ROW_SPOT, ROW_AIM, ROW_THROW, ROW_CHARGE, ROW_SPRING, ROW_BREAKOFF, ROW_COUNT };
static const rl_cmd_def sc_commands[ROW_COUNT];

static const char *const mode_name[] = {"", "jog", "run", "sprint", "sneak"};

/* A unit starts an action (assigned to act, to overwatch, or pursuing):
 * nothing done in it yet. */
static void fresh_action(sl_sc_state *s)
{
    s->step = 0;
    s->mode = 0;
    s->stood = false;
    s->spotted = 0;
    s->shot = s->aimed = s->shot_after_move = false;
    s->used = 0;
    s->struck = false;
}

/* The unit's men moved together, as its centre goes from `from` to `to`. */
static void shift_unit(sl_game *g, int unit, sl_pt from, sl_pt to)
{
    const sl_unit *u = &g->live.units[unit];
    for (int i = 0; i < u->nfigures; i++) {
        sl_figure *f = &g->live.figures[u->first_figure + i];
        f->pos = sl_pt_make(f->pos.x + (to.x - from.x), f->pos.y + (to.y - from.y));
    }
}

static int kind_of(int row)
{
    return rl_cmd_kind_of(&sc_commands[row]);
}

/* How a command attacks (SL_SC_*), or -1 when it is no attack. */
static int attack_how(int kind)
{
    return kind == SL_CMD_FIRE ? SL_SC_SNAP : kind == kind_of(ROW_AIM) ? SL_SC_AIMED : kind == kind_of(ROW_THROW) ? SL_SC_THROW : -1;
}

const char *sl_sc_hit_word(int h)
{
    static const char *const w[] = {"none", "stunned", "ko", "out"};
    return h >= 0 && h < SL_SC_HIT_COUNT ? w[h] : "?";
}

/* --- vehicles on a SkirmishCorps table ----------------------------------------------------------- */

/* Vehicles stand on the table as targets and carry crews; driving them
 * (control tests, stress, faults) is not in seed 002. May unit u move,
 * change stance, hide or go into close combat (`what`)? Not a vehicle,
 * nor a crew aboard one: false with the reason. */
static bool vehicle_free(const sl_game *g, int u, const char *what, char *why, size_t whylen)
{
    const sl_unit *un = &g->live.units[u];
    if (un->kind == SL_UNIT_VEHICLE)
        return rl_refuse(why, whylen, "%s is a vehicle: SkirmishCorps vehicles are not driven here (their control "
                                      "tests, stress and faults are not in seed 002), so it makes no %s",
                         un->name, what);
    int v = g->us[u].aboard;
    if (v >= 0)
        return rl_refuse(why, whylen, "%s rides in %s: getting out is not played for SkirmishCorps, so it makes no %s%s",
                         un->name, rl_unit_name(g, v), what,
                         g->live.units[v].open_top ? " (it may shoot or throw from the open top)" : "");
    return true;
}

/* --- the spot test (seed 002) -------------------------------------------------------------------- */

/* The spotter's bonus over its RE: its Alert tag, and 3 when the target
 * sneaks out of cover. */
static int spot_bonus(const sl_game *g, int spotter, int target, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[spotter];
    int bonus = u->alert;
    bool open = g->us[target].sc.sneaking && !sl_game_unit_in_cover(g, target);
    if (open)
        bonus += 3;
    if (why && whylen) {
        size_t at = 0;
        why[0] = '\0';
        if (u->alert)
            at += (size_t)snprintf(why + at, whylen - at, ", +%d for its Alert tag", u->alert);
        if (open && at < whylen)
            snprintf(why + at, whylen - at, ", +3 as %s sneaks out of cover", rl_unit_name(g, target));
    }
    return bonus;
}

double sl_game_spot_odds(const sl_game *g, int spotter, int target, int *bonus, char *why, size_t whylen)
{
    int b = spot_bonus(g, spotter, target, why, whylen);
    if (bonus)
        *bonus = b;
    int mine = g->live.units[spotter].re + b, theirs = g->live.units[target].re;
    int wins = 0;
    for (int a = 1; a <= 6; a++)
        for (int d = 1; d <= 6; d++)
            wins += a + mine >= d + theirs;
    return wins / 36.0;
}

static bool can_spot(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sl_unit_state *s = &g->us[c->unit];
    if (c->target < 0 || c->target >= g->live.nunits)
        return rl_refuse(why, whylen, "spot which unit? spot %s TARGET", u->id);
    const sl_unit *t = &g->live.units[c->target];
    if (t->side == u->side)
        return rl_refuse(why, whylen, "%s is on %s's own side", t->name, u->name);
    if (!g->us[c->target].sc.hiding && !g->us[c->target].sc.sneaking)
        return rl_refuse(why, whylen, "%s is neither hiding nor sneaking: it may be targeted without a spot test",
                         t->name);
    if (s->sc.step >= 3)
        return rl_refuse(why, whylen, "%s's action is over", u->name);
    if (s->sc.mode == SL_SC_SPRINT)
        return rl_refuse(why, whylen, "%s sprinted: a sprinting unit cannot shoot, so it has nothing to spot for (seed "
                                      "002)",
                         u->name);
    if (s->sc.spotted)
        return rl_refuse(why, whylen, "%s has spotted %s in this action already", u->name,
                         rl_unit_name(g, s->sc.spotted - 1));
    sl_unit_sight sight;
    sl_unit_sight_judge(&g->sight, c->unit, c->target, false, &sight);
    if (!sight.visible)
        return rl_refuse(why, whylen, "%s has no line of sight to %s", u->name, t->name);
    return true;
}

static void finish_action(sl_game *g, int u, const char *why);

static bool do_spot(sl_game *g, const sl_command *c)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    char why[160];
    int bonus = spot_bonus(g, c->unit, c->target, why, sizeof why);
    const char *how = g->us[c->target].sc.sneaking ? "sneaking" : "hiding";
    int a = rl_roll(g, SL_D6, -1, "spot", c->unit, "%s's spot test on %s (%s): 1D6 + RE %d%s", u->name, t->name, how,
                    u->re, why);
    int d = rl_roll(g, SL_D6, -1, "spot", c->target, "%s's 1D6 + RE %d against it", t->name, t->re);
    if (g->failed)
        return false;
    int mine = a + u->re + bonus, theirs = d + t->re;
    if (mine >= theirs) {
        g->us[c->unit].sc.spotted = c->target + 1;
        rl_state(g, c->target, "spotted", "%d against %d: %s spots %s and may target it in this action (seed 002)",
                 mine, theirs, u->name, t->name);
        return true;
    }
    rl_note(g, c->unit, "%d against %d: %s does not spot %s; the failed test burns its action (seed 002)", mine,
            theirs, u->name, t->name);
    g->us[c->unit].sc.step = 3;
    finish_action(g, c->unit, "its spot test failed");
    return !g->failed;
}

/* Base to base: any two bases of the units touching (0.05" of slack). */
static bool in_contact(const sl_game *g, int a, int b)
{
    const sl_unit *ua = &g->live.units[a], *ub = &g->live.units[b];
    for (int i = 0; i < ua->nfigures; i++) {
        const sl_figure *fa = &g->live.figures[ua->first_figure + i];
        if (fa->status == SL_FIG_DEAD)
            continue;
        for (int k = 0; k < ub->nfigures; k++) {
            const sl_figure *fb = &g->live.figures[ub->first_figure + k];
            if (fb->status != SL_FIG_DEAD && sl_dist(fa->pos, fb->pos) <= fa->base_r + fb->base_r + 50)
                return true;
        }
    }
    return false;
}

/* Flushing (seed 002): a move that ends in base contact with a hiding or
 * sneaking enemy reveals it at once, no spot test; it stands up. */
static void flush(sl_game *g, int mover)
{
    for (int e = 0; e < g->live.nunits; e++) {
        sl_sc_state *es = &g->us[e].sc;
        if (g->live.units[e].side == g->live.units[mover].side || (!es->hiding && !es->sneaking) ||
            rl_living(g, e) == 0 || !in_contact(g, mover, e))
            continue;
        const char *was = es->hiding ? "hiding" : "sneaking";
        es->hiding = es->sneaking = false;
        es->prone = false;
        es->flushed_by = mover + 1;
        es->flushed_turn = g->turn;
        rl_state(g, e, "flushed", "%s moves into base contact with %s and flushes it out: no spot test, its %s marker "
                                  "is removed and it stands up; in close combat with %s it dodges or parries at +1, "
                                  "and %s attacks it at -1 (seed 002)",
                 rl_unit_name(g, mover), rl_unit_name(g, e), was, rl_unit_name(g, mover), rl_unit_name(g, mover));
    }
}

static const char *const mode_verb[] = {"", "jogs", "runs", "sprints", "sneaks"};

/* The commands this ruleset answers itself (the rest of the turn
 * sequence, passing and deciding, is shared). */
static bool sc_handles(const sl_game *g, int k)
{
    if (k == SL_CMD_DECIDE) /* its own decisions: the players' outcome, reactions */
        return g->pending.kind == SL_DECIDE_SC_OUTCOME || g->pending.kind == SL_DECIDE_SC_REACT ||
               g->pending.kind == SL_DECIDE_SC_PURSUE;
    return k != SL_CMD_PASS && k != SL_CMD_DONE;
}

int32_t sl_sc_allowance(const sl_unit *u, int mode)
{
    switch (mode) {
    case SL_SC_JOG: return 1000 * u->sp;
    case SL_SC_RUN: return 1000 * (u->sp + 3);
    case SL_SC_SPRINT: return u->sp > 4 ? 2000 * u->sp : 0;
    case SL_SC_SNEAK: return 500 * u->sp;
    default: return 0;
    }
}

/* What a way costs in inches as walked (difficult and poor going double),
 * and in whole mils, rounded once (half up), as the rules decide it. */
static double way_cost_exact(const sl_path_cost *pc)
{
    return pc->by_going[SL_GOING_CLEAR] + 2.0 * (pc->by_going[SL_GOING_POOR] + pc->by_going[SL_GOING_DIFFICULT]);
}

int64_t sl_sc_way_cost(const sl_path_cost *pc)
{
    return llround(way_cost_exact(pc));
}

/* The unit's way (from its centre) and what it costs: difficult (and
 * poor) going counts double, since it halves the distance moved. */
static bool way_cost(const sl_game *g, const sl_command *c, double *length, double *cost, int64_t *mils, char *why,
                     size_t whylen)
{
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = rl_unit_centre(g, c->unit);
    for (int i = 0; i < c->npts; i++)
        way[i + 1] = c->pts[i];
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, way, c->npts + 1, 1e12, &pc);
    if (pc.impassable)
        return rl_refuse(why, whylen, "the way crosses impassable ground (%s)",
                      pc.first_impassable >= 0 ? g->live.table.features[pc.first_impassable].name : "?");
    *length = pc.length / 1000.0;
    *cost = way_cost_exact(&pc) / 1000.0;
    *mils = sl_sc_way_cost(&pc);
    return true;
}

/* --- ranged attacks (seed 002, the digest's weapons, movement and cover) --------------------------- */

static void ask_outcome(sl_game *g, const sl_command *resume, int attacker, int target, int total);

static void add_mod(sl_sc_attack *a, int v, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add_mod(sl_sc_attack *a, int v, const char *fmt, ...)
{
    if (a->nmods >= SL_SC_MAX_MODS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->mod_why[a->nmods], sizeof a->mod_why[a->nmods], fmt, ap);
    va_end(ap);
    a->mod[a->nmods++] = v;
    a->total += v;
}

static void illegal(sl_sc_attack *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void illegal(sl_sc_attack *a, const char *fmt, ...)
{
    if (!a->legal)
        return; /* the first reason stands */
    a->legal = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->why, sizeof a->why, fmt, ap);
    va_end(ap);
}

void sl_game_sc_attack(const sl_game *g, int unit, int target, int how, sl_sc_attack *out)
{
    memset(out, 0, sizeof *out);
    out->legal = true;
    out->bracket = -1;
    const sl_unit *u = &g->live.units[unit], *t = &g->live.units[target];
    const sl_sc_state *s = &g->us[unit].sc, *ts = &g->us[target].sc;
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
    if (how != SL_SC_THROW && u->firearm < 0)
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
    if (how == SL_SC_THROW && top >= 0 && s->step >= 2)
        illegal(out, "%s has moved: a throw into %s's open top is only from standing still (seed 002)", u->name,
                g->live.units[top].name);
    if (s->mode == SL_SC_SPRINT)
        illegal(out, "%s sprinted: no shooting or throwing on a sprint (seed 002)", u->name);
    if (s->mode == SL_SC_SNEAK && how != SL_SC_THROW)
        illegal(out, "%s sneaks: a sneaking unit cannot shoot, though it may throw (seed 002)", u->name);
    if (how == SL_SC_AIMED && s->step >= 2)
        illegal(out, "%s has moved: only a unit that does not move aims (a snap shot, fire, instead)", u->name);
    if (how == SL_SC_AIMED && s->step == 1)
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
    if (how != SL_SC_THROW && u->firearm >= 0) {
        const sl_firearm *fa = sl_firearm_get(u->firearm);
        out->bracket = sl_range_bracket((int32_t)lround(out->inches * 1000.0));
        int m = fa->mod[out->bracket];
        if (m == SL_BRACKET_NO)
            illegal(out, "its %s cannot fire at %s range (%.1f\")", fa->name, sl_bracket_name(out->bracket), out->inches);
        else
            add_mod(out, m, "%s range (%.1f\", %s)", sl_bracket_name(out->bracket), out->inches, fa->name);
    }
    if (how == SL_SC_THROW && top >= 0)
        add_mod(out, -1, "thrown into %s's open top from standing still", g->live.units[top].name);
    else if (top >= 0 && top != target)
        add_mod(out, 0, "%s, crew of the open-topped %s: no bonus", t->name, g->live.units[top].name);
    if (how == SL_SC_AIMED)
        add_mod(out, 1, "an aimed shot");
    if (s->mode == SL_SC_RUN)
        add_mod(out, -2, "%s ran", u->name);
    if (ts->mode == SL_SC_RUN)
        add_mod(out, -1, "%s ran in its last action", t->name);
    if (ts->mode == SL_SC_SPRINT)
        add_mod(out, -4, "%s sprinted in its last action", t->name);
    bool aboard = t->kind == SL_UNIT_VEHICLE || tride >= 0; /* no stance: read as standing */
    bool prone = ts->prone && !aboard;
    const char *stand = aboard ? "a vehicle, read as standing," : "standing";
    if (sight.cover == SL_COVER_SOFT)
        add_mod(out, prone ? -3 : -2, "%s in low cover (our reading of soft cover)", prone ? "prone" : stand);
    else if (sight.cover == SL_COVER_HARD && !prone)
        add_mod(out, -3, "%s in high cover (our reading of hard cover)", stand);
    else if (sight.cover == SL_COVER_HARD)
        add_mod(out, 0, "prone in high cover: the digest could not read this cell, the players judge it");
}

static bool can_attack(const sl_game *g, const sl_command *c, int how, char *why, size_t whylen)
{
    const sl_unit_state *s = &g->us[c->unit];
    if (s->sc.step >= 3)
        return rl_refuse(why, whylen, "%s's action is over", rl_unit_name(g, c->unit));
    if (c->target < 0 || c->target >= g->live.nunits)
        return rl_refuse(why, whylen, "at which unit?");
    sl_sc_attack a;
    sl_game_sc_attack(g, c->unit, c->target, how, &a);
    return a.legal || rl_refuse(why, whylen, "%s", a.why);
}

static bool do_attack(sl_game *g, const sl_command *c, int how)
{
    sl_unit_state *s = &g->us[c->unit];
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    sl_sc_attack a;
    sl_game_sc_attack(g, c->unit, c->target, how, &a);
    s->sc.shot = true;
    s->sc.aimed = how == SL_SC_AIMED;
    s->sc.shot_after_move = s->sc.step == 2;
    char mods[SL_SC_MAX_MODS * 110] = "";
    size_t at = 0;
    for (int i = 0; i < a.nmods && at < sizeof mods; i++)
        at += (size_t)snprintf(mods + at, sizeof mods - at, "%s%+d %s", i ? ", " : "", a.mod[i], a.mod_why[i]);
    static const char *const verbs[] = {"snap-shoots at", "aims and shoots at", "throws at"};
    char range[120];
    if (how == SL_SC_THROW)
        snprintf(range, sizeof range, "%.1f\" (a throw's range comes from ST, which the digest could not read: the "
                                      "players judge it)",
                 a.inches);
    else
        snprintf(range, sizeof range, "%.1f\", %s range", a.inches, sl_bracket_name(a.bracket));
    rl_state(g, c->target, "attack", "%s %s %s, %s%s: %s; the modifiers add up to %+d", u->name, verbs[how], t->name,
             range, a.spot_needed ? ", spotted this action" : "", a.nmods ? mods : "no modifiers", a.total);
    ask_outcome(g, c, c->unit, c->target, a.total);
    return !g->failed;
}

/* The decision the players answer after an attack: journalled with the
 * modifiers' sum; `resume` is the command waiting on it. */
static void ask_outcome(sl_game *g, const sl_command *resume, int attacker, int target, int total)
{
    const sl_unit *u = &g->live.units[attacker], *t = &g->live.units[target];
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = SL_DECIDE_SC_OUTCOME;
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
    snprintf(text, sizeof text,
             "The seed gives no roll to hit or to wound: the players roll as they play it (modifiers %+d) and enter "
             "what happened: decide miss, or decide hit %s",
             total, t->kind == SL_UNIT_VEHICLE ? "none|out (a vehicle is not stunned or knocked out)" : "none|stunned|ko|out");
    rl_event(g, SL_EV_DECISION, target, text, fields);
}

/* --- close combat (seed 002): charges, spring attacks, breaking off ------------------------------------ */

static bool check_move(const sl_game *g, const sl_command *c, char *why, size_t whylen);
static bool walk(sl_game *g, const sl_command *c, char *err, size_t errlen);
static void resolve_next(sl_game *g, char *err, size_t errlen);
static bool reaction_kind(int k);
static bool can_react(const sl_game *g, int side, int u);

static bool able(const sl_game *g, int u)
{
    const sl_sc_state *s = &g->us[u].sc;
    return rl_living(g, u) > 0 && !s->ko && s->stunned == 0;
}

/* The point where the unit's man touches the target's nearest man,
 * coming from `from`. */
static sl_pt contact_point(const sl_game *g, int unit, int target, sl_pt from)
{
    const sl_unit *u = &g->live.units[unit], *t = &g->live.units[target];
    const sl_figure *me = &g->live.figures[u->first_figure], *best = NULL;
    double bd = 1e30;
    for (int i = 0; i < t->nfigures; i++) {
        const sl_figure *f = &g->live.figures[t->first_figure + i];
        double d = sl_dist(from, f->pos);
        if (f->status != SL_FIG_DEAD && d < bd) {
            bd = d;
            best = f;
        }
    }
    if (!best || bd < 1)
        return from;
    double gap = me->base_r + best->base_r + 20; /* touching, 0.02" short of overlapping */
    double k = (bd - gap) / bd;
    if (k < 0)
        k = 0;
    return sl_pt_make((int32_t)lround(from.x + (best->pos.x - from.x) * k),
                      (int32_t)lround(from.y + (best->pos.y - from.y) * k));
}

/* A charge as a move: the way given, then on to touching the target, by
 * the cheapest way of moving that reaches (jog, else run, else sprint). */
static bool charge_move(const sl_game *g, const sl_command *c, sl_command *mv, char *why, size_t whylen)
{
    sl_cmd_init(mv, SL_CMD_MOVE, c->unit);
    sl_pt last = c->npts ? c->pts[c->npts - 1] : rl_unit_centre(g, c->unit);
    for (int i = 0; i < c->npts && i < SL_CMD_MAX_PTS - 1; i++)
        mv->pts[mv->npts++] = c->pts[i];
    mv->pts[mv->npts++] = contact_point(g, c->unit, c->target, last);
    static const int modes[] = {SL_SC_JOG, SL_SC_RUN, SL_SC_SPRINT};
    char first[240] = "";
    for (int k = 0; k < 3; k++) {
        mv->mode = modes[k];
        char w[240];
        if (check_move(g, mv, w, sizeof w))
            return true;
        if (!first[0] || k == 1)
            snprintf(first, sizeof first, "%s", w);
    }
    return rl_refuse(why, whylen, "the charge does not reach %s: %s", rl_unit_name(g, c->target), first);
}

/* Close combat is between foot-units: not at a vehicle or a crew aboard one. */
static bool melee_target(const sl_game *g, int t, char *why, size_t whylen)
{
    if (g->live.units[t].kind == SL_UNIT_VEHICLE || g->us[t].aboard >= 0)
        return rl_refuse(why, whylen, "%s is %s: the seed's close combat is between foot-units on the ground",
                         rl_unit_name(g, t), g->live.units[t].kind == SL_UNIT_VEHICLE ? "a vehicle" : "aboard a vehicle");
    return true;
}

static bool can_charge(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    const sl_sc_state *s = &g->us[c->unit].sc;
    if (t->side == u->side || rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s is not an enemy in the fight", t->name);
    if (!vehicle_free(g, c->unit, "charge", why, whylen) || !melee_target(g, c->target, why, whylen))
        return false;
    if (s->broke_from == c->target + 1 && s->broke_turn == g->turn)
        return rl_refuse(why, whylen, "%s broke off from %s this turn: it may not go back into contact with it "
                                      "(seed 002)",
                         u->name, t->name);
    if (s->struck)
        return rl_refuse(why, whylen, "%s has made its close combat attack in this action", u->name);
    if (in_contact(g, c->unit, c->target)) {
        /* its move ended in base contact (a flush, say): the attack that
         * comes with it, no further way */
        if (s->step != 2 || c->npts > 0)
            return rl_refuse(why, whylen, "%s is already in base contact with %s: a charge is a move that ends there",
                             u->name, t->name);
        return true;
    }
    sl_command mv;
    return charge_move(g, c, &mv, why, whylen);
}

static bool do_charge(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    sl_sc_state *s = &g->us[c->unit].sc, *ts = &g->us[c->target].sc;
    if (!in_contact(g, c->unit, c->target)) {
        sl_command mv;
        if (!charge_move(g, c, &mv, err, errlen) || !walk(g, &mv, err, errlen))
            return false;
    }
    s->struck = true;
    /* it flushed the target out, now or with the move that brought it here */
    bool was_hidden = ts->flushed_by == c->unit + 1 && ts->flushed_turn == g->turn;
    int total = 0;
    char mods[300] = "";
    size_t at = 0;
    if (!s->shot) {
        total += 2;
        at += (size_t)snprintf(mods + at, sizeof mods - at, "+2 a charge by a unit that has not shot or thrown this "
                                                            "turn");
    }
    if (was_hidden && at < sizeof mods) {
        total -= 1;
        at += (size_t)snprintf(mods + at, sizeof mods - at, "%s-1 it flushed %s out (and %s dodges or parries it at "
                                                            "+1)",
                               at ? ", " : "", t->name, t->name);
    }
    rl_state(g, c->target, "close-combat", "%s charges %s and attacks in close combat: %s; the modifiers add up to %+d",
             u->name, t->name, at ? mods : "no modifiers", total);
    ask_outcome(g, c, c->unit, c->target, total);
    return !g->failed;
}

static bool can_spring(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    const sl_sc_state *s = &g->us[c->unit].sc, *ts = &g->us[c->target].sc;
    if (!s->hiding)
        return rl_refuse(why, whylen, "%s is not hiding: only a hidden unit makes a spring attack (seed 002)", u->name);
    if (s->step != 0 || s->shot || s->spotted)
        return rl_refuse(why, whylen, "a spring attack takes %s's whole action", u->name);
    if (t->side == u->side || rl_living(g, c->target) == 0)
        return rl_refuse(why, whylen, "%s is not an enemy in the fight", t->name);
    if (!melee_target(g, c->target, why, whylen))
        return false;
    bool flushed_by_friend = ts->flushed_by && ts->flushed_turn == g->turn &&
                             g->live.units[ts->flushed_by - 1].side == u->side;
    if ((ts->hiding || ts->sneaking) && !flushed_by_friend)
        return rl_refuse(why, whylen, "%s is %s: no spring attack on it unless a friend flushed it out this turn "
                                      "(seed 002)",
                         t->name, ts->hiding ? "hiding" : "sneaking");
    sl_pt from = rl_unit_centre(g, c->unit), to = contact_point(g, c->unit, c->target, from);
    double d = sl_dist(from, to) / 1000.0;
    if (d > u->sp + 1e-6)
        return rl_refuse(why, whylen, "%s is %.1f\" from base contact: a spring attack reaches SP, %d\" (seed 002)",
                         t->name, d, u->sp);
    return true;
}

static bool do_spring(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    const sl_unit *u = &g->live.units[c->unit], *t = &g->live.units[c->target];
    sl_sc_state *s = &g->us[c->unit].sc, *ts = &g->us[c->target].sc;
    sl_pt from = rl_unit_centre(g, c->unit), to = contact_point(g, c->unit, c->target, from);
    s->hiding = false;
    s->prone = false;
    shift_unit(g, c->unit, from, to);
    rl_moved(g, c->unit, to, sl_dist(from, to), "%s springs from hiding: it stands and goes %.1f\" into base contact "
                                                "with %s; its hiding marker is removed",
             u->name, sl_dist(from, to) / 1000.0, t->name);
    s->step = 3; /* the whole action */
    (void)err;
    (void)errlen;
    if (ts->overwatch && !ts->reacted) {
        ts->overwatch = false;
        ts->reacted = true;
        rl_state(g, c->target, "close-combat", "%s's spring attack on %s: +2 to hit, its ST doubled; %s is on "
                                               "overwatch and has not acted, so it must dodge or parry, and that "
                                               "spends its overwatch; no ranged weapons; the modifiers add up to +2",
                 u->name, t->name, t->name);
    } else {
        rl_state(g, c->target, "close-combat", "%s's spring attack on %s: +2 to hit, its ST doubled; %s may not dodge "
                                               "or parry it; no ranged weapons; the modifiers add up to +2",
                 u->name, t->name, t->name);
    }
    ask_outcome(g, c, c->unit, c->target, 2);
    return !g->failed;
}

/* The enemy a unit breaks off from: the first in base contact with it. */
static int contact_enemy(const sl_game *g, int unit)
{
    for (int e = 0; e < g->live.nunits; e++)
        if (g->live.units[e].side != g->live.units[unit].side && rl_living(g, e) > 0 && in_contact(g, unit, e))
            return e;
    return -1;
}

static bool check_breakoff(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int e = contact_enemy(g, c->unit);
    if (e < 0)
        return rl_refuse(why, whylen, "%s is in base contact with no enemy: an ordinary move will do",
                         rl_unit_name(g, c->unit));
    sl_command mv = *c;
    mv.kind = SL_CMD_MOVE;
    if (mv.mode == 0)
        mv.mode = SL_SC_JOG;
    return check_move(g, &mv, why, whylen);
}

/* The move away, once the free attack (if any) is entered. */
static bool breakoff_walk(sl_game *g, const sl_command *c, int from_enemy, char *err, size_t errlen)
{
    sl_command mv = *c;
    mv.kind = SL_CMD_MOVE;
    if (mv.mode == 0)
        mv.mode = SL_SC_JOG;
    if (!walk(g, &mv, err, errlen))
        return false;
    sl_sc_state *s = &g->us[c->unit].sc;
    s->broke_from = from_enemy + 1;
    s->broke_turn = g->turn;
    if (in_contact(g, c->unit, from_enemy)) {
        rl_note(g, c->unit, "%s is still in base contact with %s", rl_unit_name(g, c->unit),
                rl_unit_name(g, from_enemy));
        return true;
    }
    /* an enemy that has not acted this turn may burn its action to pursue */
    if (!g->us[from_enemy].activated && able(g, from_enemy)) {
        memset(&g->pending, 0, sizeof g->pending);
        g->pending.kind = SL_DECIDE_SC_PURSUE;
        g->pending.side = g->live.units[from_enemy].side;
        g->pending.mover = c->unit;
        g->pending.options[0] = from_enemy;
        g->pending.noptions = 1;
        char text[300], fields[200], eid[80];
        sl_json_escape(eid, sizeof eid, g->live.units[from_enemy].id);
        snprintf(fields, sizeof fields, "\"decision\":\"pursue\",\"unit\":\"%s\"", eid);
        snprintf(text, sizeof text, "%s has not acted this turn: it may burn its action to pursue %s (decide pursue) or "
                                    "let it go (decide pass)",
                 rl_unit_name(g, from_enemy), rl_unit_name(g, c->unit));
        rl_event(g, SL_EV_DECISION, from_enemy, text, fields);
    }
    return true;
}

/* Pursuit (seed 002): the unit broken off from spends its action for the
 * turn following into base contact, by the cheapest way of moving that
 * reaches. The seed's text stops there: no attack comes with it. */
static bool decide_pursue(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int pursuer = g->pending.options[0], quarry = g->pending.mover;
    if (c->decide != SL_DECIDE_WORD_PURSUE && c->decide != SL_DECIDE_WORD_PASS)
        return rl_refuse(err, errlen, "decide pursue, or decide pass");
    memset(&g->pending, 0, sizeof g->pending);
    if (c->decide == SL_DECIDE_WORD_PASS) {
        rl_note(g, pursuer, "%s lets %s go", rl_unit_name(g, pursuer), rl_unit_name(g, quarry));
        if (g->sc_chain.resolving)
            resolve_next(g, err, errlen);
        return !g->failed;
    }
    sl_command chase;
    sl_cmd_target(&chase, kind_of(ROW_CHARGE), pursuer, quarry);
    sl_command mv;
    char why[300];
    sl_sc_state was = g->us[pursuer].sc;
    fresh_action(&g->us[pursuer].sc); /* the way it would take, as an action of its own */
    bool reaches = charge_move(g, &chase, &mv, why, sizeof why);
    g->us[pursuer].sc = was;
    if (!reaches) {
        rl_note(g, pursuer, "%s cannot pursue: %s", rl_unit_name(g, pursuer), why);
        return true;
    }
    sl_unit_state *ps = &g->us[pursuer];
    ps->activated = true; /* its action for the turn is burnt */
    fresh_action(&ps->sc);
    rl_state(g, pursuer, "pursues", "%s burns its action for the turn to pursue %s (seed 002)", rl_unit_name(g, pursuer),
             rl_unit_name(g, quarry));
    bool ok = walk(g, &mv, err, errlen);
    ps->sc.step = 3;
    if (ok && g->sc_chain.resolving)
        resolve_next(g, err, errlen);
    return ok && !g->failed;
}

static bool do_breakoff(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int e = contact_enemy(g, c->unit);
    const char *un = rl_unit_name(g, c->unit), *en = rl_unit_name(g, e);
    if (able(g, e)) {
        rl_state(g, c->unit, "close-combat", "%s breaks off from %s: %s gets a free close combat attack on it, which it "
                                             "cannot dodge or parry (it burns no action); then %s moves away, and "
                                             "may not shoot, throw at or go back to %s this turn (seed 002)",
                 un, en, en, un, en);
        ask_outcome(g, c, e, c->unit, 0);
        return !g->failed;
    }
    rl_note(g, c->unit, "%s breaks off from %s, which is in no state to strike at it", un, en);
    return breakoff_walk(g, c, e, err, errlen);
}

/* The players' outcome: a miss, or a hit that did nothing, stunned the
 * target (stunned again: knocked out), knocked it out, or put it out of
 * action. */
static bool do_outcome(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    if (c->decide != SL_DECIDE_WORD_HIT && c->decide != SL_DECIDE_WORD_MISS)
        return rl_refuse(err, errlen, "the players enter the attack's outcome: decide miss, or decide hit "
                                      "none|stunned|ko|out");
    int target = g->pending.mover, attacker = g->pending.options[0];
    if (c->decide == SL_DECIDE_WORD_HIT && g->live.units[target].kind == SL_UNIT_VEHICLE &&
        (c->choice == SL_SC_HIT_STUNNED || c->choice == SL_SC_HIT_KO))
        return rl_refuse(err, errlen, "%s is a vehicle: it is not stunned or knocked out (the digest: vehicles take "
                                      "stress instead, which the players keep); decide hit none, or decide hit out "
                                      "when it is wrecked",
                         rl_unit_name(g, target));
    sl_command resume = g->pending.resume;
    memset(&g->pending, 0, sizeof g->pending);
    bool breaking = resume.kind == kind_of(ROW_BREAKOFF);
    sl_sc_state *ts = &g->us[target].sc;
    const char *tn = rl_unit_name(g, target);
    if (c->decide == SL_DECIDE_WORD_MISS) {
        rl_state(g, target, "attack-result", "Entered by the players: %s misses %s", rl_unit_name(g, attacker), tn);
        bool ok = !breaking || breakoff_walk(g, &resume, attacker, err, errlen);
        if (ok && g->sc_chain.resolving)
            resolve_next(g, err, errlen);
        return ok && !g->failed;
    }
    int h = c->choice;
    if (h == SL_SC_HIT_STUNNED && ts->stunned > 0)
        h = SL_SC_HIT_KO; /* stunned again */
    static const char *const what[] = {"a hit that does nothing", "a hit: stunned, prone, it does nothing this turn "
                                                                  "and next",
                                       "a hit: knocked out, prone, it does nothing until it has medical attention",
                                       "a hit: out of action"};
    rl_state(g, target, "attack-result", "Entered by the players: %s%s", what[h],
             h != c->choice ? " (stunned again: knocked out)" : "");
    if (h == SL_SC_HIT_STUNNED) {
        ts->stunned = 2;
        ts->prone = true;
    } else if (h == SL_SC_HIT_KO) {
        ts->ko = true;
        ts->prone = true;
        ts->hiding = ts->sneaking = false;
    } else if (h == SL_SC_HIT_OUT) {
        const sl_unit *tu = &g->live.units[target];
        for (int i = 0; i < tu->nfigures; i++)
            g->live.figures[tu->first_figure + i].status = SL_FIG_DEAD;
        ts->hiding = ts->sneaking = false;
        for (int k = 0; tu->kind == SL_UNIT_VEHICLE && k < g->live.nunits; k++)
            if (g->us[k].aboard == target && rl_living(g, k) > 0)
                rl_note(g, k, "%s is aboard the wreck: what befalls a crew is the players' to enter (the digest's "
                              "crew damage could not be read in full)",
                        rl_unit_name(g, k));
    }
    bool ok = true;
    if (breaking && able(g, target))
        ok = breakoff_walk(g, &resume, attacker, err, errlen);
    else if (breaking)
        rl_note(g, target, "%s does not get away", tn);
    if (ok && g->sc_chain.resolving)
        resolve_next(g, err, errlen);
    return ok && !g->failed;
}

static bool check_move(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    const sl_unit_state *s = &g->us[c->unit];
    bool leg = s->sc.step == 2 && s->sc.shot_after_move;
    if (!vehicle_free(g, c->unit, "move", why, whylen))
        return false;
    if (s->sc.step >= 2 && !leg)
        return rl_refuse(why, whylen, "%s has already moved in this action", u->name);
    if (leg && c->mode != s->sc.mode)
        return rl_refuse(why, whylen, "%s goes on as it began: its move is a %s", u->name, mode_name[s->sc.mode]);
    if (s->sc.aimed)
        return rl_refuse(why, whylen, "%s aimed: a unit that aims does not move", u->name);
    if (c->mode == 0)
        return rl_refuse(why, whylen, "say how %s moves: move %s jog|run|sprint|sneak X,Y", u->name, u->id);
    if (c->mode == SL_SC_SNEAK) {
        if (!s->sc.prone)
            return rl_refuse(why, whylen, "%s is standing: a unit sneaks only from prone, hiding or already sneaking (seed "
                                       "002)",
                          u->name);
        if (!s->sc.hiding && !s->sc.sneaking)
            return rl_refuse(why, whylen, "%s must first hide (or already be sneaking) to sneak (seed 002)", u->name);
    } else {
        if (s->sc.prone)
            return rl_refuse(why, whylen, "%s is prone: it stands first (stance %s standing) to %s, or sneaks if it is "
                                       "hiding",
                          u->name, u->id, mode_name[c->mode]);
        if (c->mode == SL_SC_SPRINT && u->sp <= 4)
            return rl_refuse(why, whylen, "%s has SP %d: a foot-unit of SP 4 or less cannot sprint (seed 002)", u->name,
                          u->sp);
        if (c->mode == SL_SC_SPRINT && s->sc.stood)
            return rl_refuse(why, whylen, "%s stood up at the start of this action: it may jog or run, not sprint (seed "
                                       "002)",
                          u->name);
    }
    double length, cost;
    int64_t mils;
    if (!way_cost(g, c, &length, &cost, &mils, why, whylen))
        return false;
    double allow = sl_sc_allowance(u, c->mode) / 1000.0;
    if (leg && mils + s->sc.used > sl_sc_allowance(u, c->mode))
        return rl_refuse(why, whylen, "too far: the rest of the %s costs %.1f\" and %.1f\" of its %.1f\" are left",
                         mode_name[c->mode], cost, allow - s->sc.used / 1000.0, allow);
    if (mils > sl_sc_allowance(u, c->mode))
        return rl_refuse(why, whylen, "too far: to %s %.1f\" costs %.1f\" (difficult going counts double) of the %.1f\" a "
                                   "%s allows (SP %d)",
                      mode_name[c->mode], length, cost, allow, mode_name[c->mode], u->sp);
    /* every figure keeps its place about the centre: none may end off the table */
    sl_pt from = rl_unit_centre(g, c->unit), to = c->pts[c->npts - 1];
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        sl_pt q = sl_pt_make(f->pos.x + (to.x - from.x), f->pos.y + (to.y - from.y));
        if (f->status != SL_FIG_DEAD && !sl_table_contains(&g->live.table, q))
            return rl_refuse(why, whylen, "%s would leave the table at (%.1f, %.1f)", f->id, q.x / 1000.0,
                             q.y / 1000.0);
    }
    return true;
}

/* May unit u be assigned (to act, or to overwatch: `to` says which)? No
 * unit acting, its side's turn, and not yet this turn. */
static bool assignable(const sl_game *g, int u, int active, const char *to, char *why, size_t whylen)
{
    if (active >= 0)
        return rl_refuse(why, whylen, "%s is still acting (end it first)", rl_unit_name(g, active));
    if (g->live.units[u].side != g->side_to_act)
        return rl_refuse(why, whylen, "it is %s's turn to assign a unit%s, not %s's", rl_side_name(g, g->side_to_act), to,
                         rl_side_name(g, g->live.units[u].side));
    if (g->us[u].activated)
        return rl_refuse(why, whylen, "%s has already acted this turn", g->live.units[u].name);
    return true;
}

/* Shooting, throwing, charging, a spring attack or breaking off: the
 * actions that engage an enemy, only the unit acting takes them, and they
 * are checked again as they resolve after reactions. */
static bool engaging(int kind)
{
    return attack_how(kind) >= 0 || kind == kind_of(ROW_CHARGE) || kind == kind_of(ROW_SPRING) ||
           kind == kind_of(ROW_BREAKOFF);
}

static bool can_engage(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (c->kind == kind_of(ROW_CHARGE))
        return can_charge(g, c, why, whylen);
    if (c->kind == kind_of(ROW_SPRING))
        return can_spring(g, c, why, whylen);
    if (c->kind == kind_of(ROW_BREAKOFF))
        return check_breakoff(g, c, why, whylen);
    return can_attack(g, c, attack_how(c->kind), why, whylen);
}

static bool sc_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int active = sl_game_active_unit(g);
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    const sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    switch (c->kind) {
    case SL_CMD_ACTIVATE:
        if (!assignable(g, c->unit, active, " to act", why, whylen))
            return false;
        if (u->kind == SL_UNIT_DUMMY || rl_living(g, c->unit) == 0)
            return rl_refuse(why, whylen, "%s cannot act", u->name);
        if (s->sc.stunned > 0)
            return rl_refuse(why, whylen, "%s is stunned and may do nothing this turn (seed 002)", u->name);
        if (s->sc.ko)
            return rl_refuse(why, whylen, "%s is knocked out: it does nothing until it has medical attention", u->name);
        return true;
    case SL_CMD_END_ACTIVATION:
        if (active < 0)
            return rl_refuse(why, whylen, "no unit is acting");
        return true;
    case SL_CMD_OVERWATCH:
        if (!assignable(g, c->unit, active, "", why, whylen))
            return false;
        if (!able(g, c->unit))
            return rl_refuse(why, whylen, "%s is in no state to watch", u->name);
        return true;
    case SL_CMD_MOVE:
    case SL_CMD_STANCE:
    case SL_CMD_HIDE:
        if (active < 0)
            return rl_refuse(why, whylen, "no unit is acting: %s first assigns one (activate UNIT)",
                          rl_side_name(g, g->side_to_act));
        if (c->unit != active)
            return rl_refuse(why, whylen, "%s is not the unit acting; %s is", u->name, rl_unit_name(g, active));
        break;
    case SL_CMD_COMBAT_MOVE:
        return rl_refuse(why, whylen, "SkirmishCorps foot-units move with move UNIT jog|run|sprint|sneak X,Y");
    case SL_CMD_DECIDE:
        return true; /* the players' outcome, or a reaction's pass: checked as it is applied */
    case SL_CMD_ASSAULT:
        return rl_refuse(why, whylen, "SkirmishCorps close combat is a charge (charge UNIT TARGET), a spring attack "
                                      "(spring UNIT TARGET) or breaking off (break-off UNIT X,Y)");
    default:
        if (g->pending.kind == SL_DECIDE_SC_REACT && c->unit != active) {
            /* a reaction declared from overwatch */
            if (!reaction_kind(c->kind))
                return rl_refuse(why, whylen, "a reaction is a shot, an aimed shot, a throw, a charge or a spring attack");
            if (!can_react(g, g->pending.side, c->unit))
                return rl_refuse(why, whylen, "%s cannot react now: a reaction comes from a unit of %s on overwatch "
                                              "that has not reacted and sees an enemy acting",
                                 u->name, rl_side_name(g, g->pending.side));
        } else if (c->kind == kind_of(ROW_SPOT) || engaging(c->kind)) {
            if (active < 0 || c->unit != active)
                return rl_refuse(why, whylen, "%s is not the unit acting", u->name);
        }
        if (c->kind == kind_of(ROW_SPOT))
            return can_spot(g, c, why, whylen);
        if (engaging(c->kind))
            return can_engage(g, c, why, whylen);
        return rl_refuse(why, whylen, "%s is a Stargrunt II action; this scenario plays the SkirmishCorps foot-unit "
                                   "actions (rule option ruleset)",
                      sl_cmd_name(c->kind));
    }
    if (c->kind == SL_CMD_MOVE)
        return check_move(g, c, why, whylen);
    if (!vehicle_free(g, c->unit, c->kind == SL_CMD_STANCE ? "stance change" : "hiding", why, whylen))
        return false;
    if (c->kind == SL_CMD_STANCE) {
        if (s->sc.aimed)
            return rl_refuse(why, whylen, "%s fired an aimed shot: no stance change after it (seed 002)", u->name);
        if (s->sc.step == 1 || s->sc.step == 3)
            return rl_refuse(why, whylen, "a unit changes stance at the start of its action and at the end, once each");
        if (c->prone == s->sc.prone)
            return rl_refuse(why, whylen, "%s is already %s", u->name, c->prone ? "prone" : "standing");
        return true;
    }
    /* hide: in cover, not after a move (unless a sneak ended in cover) */
    if (s->sc.step == 2 && s->sc.mode != SL_SC_SNEAK)
        return rl_refuse(why, whylen, "a unit that hides does not move (it may hide at the end of a sneak into cover)");
    if (s->sc.stood)
        return rl_refuse(why, whylen, "%s stood up this action: a hiding unit stays prone", u->name);
    if (!sl_game_unit_in_cover(g, c->unit))
        return rl_refuse(why, whylen, "%s is not in cover: only a unit in cover can hide (seed 002)", u->name);
    return true;
}

static void finish_action(sl_game *g, int u, const char *why)
{
    sl_unit_state *s = &g->us[u];
    if (s->sc.hiding && s->sc.step != 3) {
        s->sc.hiding = false;
        rl_state(g, u, "hiding-ended", "%s no longer hides: its hiding marker is removed", rl_unit_name(g, u));
    }
    if (s->sc.sneaking && s->sc.mode != SL_SC_SNEAK) {
        s->sc.sneaking = false;
        rl_state(g, u, "sneaking-ended", "%s no longer sneaks: its sneaking marker is removed", rl_unit_name(g, u));
    }
    rl_end_activation(g, why);
}

/* A move's way walked: the unit's men shifted with its centre, the
 * allowance spent, hiding and sneaking markers kept or lost, and anyone
 * hiding where it ends flushed out. */
static bool walk(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_unit_state *s = &g->us[c->unit];
    const sl_unit *u = &g->live.units[c->unit];
    double length, cost;
    int64_t mils;
    if (!way_cost(g, c, &length, &cost, &mils, err, errlen))
        return false;
    sl_pt from = rl_unit_centre(g, c->unit), to = c->pts[c->npts - 1];
    shift_unit(g, c->unit, from, to);
    if (s->sc.step != 2)
        s->sc.used = 0;
    s->sc.used += (int32_t)mils;
    s->sc.shot_after_move = false;
    s->sc.step = 2;
    s->sc.mode = c->mode;
    double allow = sl_sc_allowance(u, c->mode) / 1000.0;
    rl_moved(g, c->unit, to, length * 1000.0, "%s %s %.1f\" to (%.1f, %.1f): %.1f\" of its %.1f\"%s", u->name,
           mode_verb[c->mode], length, to.x / 1000.0, to.y / 1000.0, cost, allow,
           cost > length + 1e-6 ? " (difficult going counts double)" : "");
    if (c->mode == SL_SC_SNEAK) {
        s->sc.hiding = false;
        s->sc.sneaking = true;
        rl_note(g, c->unit, "%s keeps a sneaking marker%s", u->name,
              sl_game_unit_in_cover(g, c->unit) ? "; it ends in cover and may hide at once" : "");
    } else if (s->sc.hiding || s->sc.sneaking) {
        s->sc.hiding = s->sc.sneaking = false;
        rl_state(g, c->unit, "revealed", "%s moves in the open: its hiding or sneaking marker is removed", u->name);
    }
    flush(g, c->unit);
    return true;
}

/* --- overwatch: reactions, declared then resolved (the digest) ---------------------------------- */

/* The instigator's action checked again as it resolves (the reactions may
 * have changed what it can do). */
static bool sc_can_again(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (c->kind == SL_CMD_MOVE)
        return check_move(g, c, why, whylen);
    if (engaging(c->kind))
        return can_engage(g, c, why, whylen);
    return true;
}

static bool reaction_kind(int k)
{
    return attack_how(k) >= 0 || k == kind_of(ROW_CHARGE) || k == kind_of(ROW_SPRING);
}

/* Does a declared action set units on overwatch reacting? */
static bool trigger_kind(int k)
{
    return k == SL_CMD_MOVE || reaction_kind(k) || k == kind_of(ROW_BREAKOFF);
}

/* The units whose actions are in the chain (the instigator, the reactors). */
static bool in_chain(const sl_game *g, int u)
{
    const sl_sc_chain *ch = &g->sc_chain;
    if (!ch->on)
        return false;
    if (ch->instigator.unit == u)
        return true;
    for (int i = 0; i < ch->nreact; i++)
        if (ch->react[i].unit == u)
            return true;
    return false;
}

/* Does u know of e's action: it sees e, or (with the side's line of
 * communication, the scenario's comms_link) a friend able to tell it does. */
static bool knows_of(const sl_game *g, int u, int e)
{
    sl_unit_sight sight;
    sl_unit_sight_judge(&g->sight, u, e, false, &sight);
    if (sight.visible)
        return true;
    int side = g->live.units[u].side;
    if (!g->live.sides[side].comms_link)
        return false;
    for (int f = 0; f < g->live.nunits; f++) {
        if (f == u || g->live.units[f].side != side || !able(g, f))
            continue;
        sl_unit_sight_judge(&g->sight, f, e, false, &sight);
        if (sight.visible)
            return true;
    }
    return false;
}

/* May unit u (of `side`) react: on overwatch, not yet reacted, able, and
 * knowing of an enemy whose action is in the chain (or `actor` before one
 * is): by its own sight or its side's line of communication. */
static bool can_react_to(const sl_game *g, int side, int u, int actor)
{
    const sl_sc_state *s = &g->us[u].sc;
    if (g->live.units[u].side != side || !s->overwatch || s->reacted || !able(g, u))
        return false;
    for (int e = 0; e < g->live.nunits; e++) {
        if (g->live.units[e].side == side || !(e == actor || in_chain(g, e)))
            continue;
        if (knows_of(g, u, e))
            return true;
    }
    return false;
}

static bool can_react(const sl_game *g, int side, int u)
{
    return can_react_to(g, side, u, -1);
}

/* The units of `side` that may react (into opts), how many. */
static int reactors(const sl_game *g, int side, int actor, int *opts, int max)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits && n < max; u++)
        if (can_react_to(g, side, u, actor))
            opts[n++] = u;
    return n;
}

static int other_side(const sl_game *g, int side)
{
    return g->live.nsides > 1 ? (side + 1) % g->live.nsides : side;
}

/* The first unit whose declared reaction is aimed straight at the
 * instigator, or -1: its side may force the instigator's hand while
 * declaring is open (only the instigator's enemies can aim at it). */
static int direct_reactor(const sl_game *g)
{
    const sl_sc_chain *ch = &g->sc_chain;
    int iside = g->live.units[ch->instigator.unit].side;
    for (int i = 0; i < ch->nreact; i++)
        if (ch->react[i].target == ch->instigator.unit && g->live.units[ch->react[i].unit].side != iside)
            return ch->react[i].unit;
    return -1;
}

/* May `side` still do something before declaring closes: declare a
 * reaction, or force the instigator's hand. */
static bool may_answer(const sl_game *g, int side)
{
    int opts[SL_MAX_OPTIONS], d = direct_reactor(g);
    if (reactors(g, side, -1, opts, SL_MAX_OPTIONS) > 0)
        return true;
    return !g->sc_chain.forced && d >= 0 && g->live.units[d].side == side;
}

/* Ask `side` for reactions (its units that may react listed). */
static void ask_reactions(sl_game *g, int side)
{
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = SL_DECIDE_SC_REACT;
    g->pending.side = side;
    g->pending.mover = g->sc_chain.instigator.unit;
    g->pending.noptions = reactors(g, side, -1, g->pending.options, SL_MAX_OPTIONS);
    char who[400] = "", fields[200];
    size_t at = 0;
    for (int i = 0; i < g->pending.noptions && at < sizeof who; i++)
        at += (size_t)snprintf(who + at, sizeof who - at, "%s%s", i ? ", " : "", rl_unit_name(g, g->pending.options[i]));
    snprintf(fields, sizeof fields, "\"decision\":\"reactions\",\"side\":\"%s\",\"declared\":%d",
             g->live.sides[side].id, g->sc_chain.nreact);
    char text[900], force[300] = "";
    const char *inst = rl_unit_name(g, g->sc_chain.instigator.unit);
    int d = direct_reactor(g), other = other_side(g, side);
    if (d >= 0 && !g->sc_chain.forced)
        snprintf(force, sizeof force, "; until then decide force (%s's reaction is aimed at %s) makes %s's action "
                                      "resolve first",
                 rl_unit_name(g, d), inst, inst);
    if (g->pending.noptions == 0 && g->sc_chain.passes == 0 && may_answer(g, other))
        snprintf(text, sizeof text, "%s has no unit left to react: it says decide pass, and %s may still answer%s",
                 rl_side_name(g, side), rl_side_name(g, other), force);
    else if (g->pending.noptions == 0)
        snprintf(text, sizeof text,
                 "No one else can react: %s says decide pass and everything resolves (or first decide force, when "
                 "its reaction is aimed at %s, to make that action resolve first)",
                 rl_side_name(g, side), inst);
    else
        snprintf(text, sizeof text,
                 "%s may react from overwatch (%s): declare a shot, aimed shot, throw, charge or spring attack with "
                 "the unit's own command, or decide pass%s%s",
                 rl_side_name(g, side), who,
                 g->sc_chain.nreact ? "; nothing resolves until both sides stop declaring" : "", force);
    rl_event(g, SL_EV_DECISION, -1, text, fields);
}

static bool sc_action(sl_game *g, const sl_command *c, char *err, size_t errlen);
static void begin_resolving(sl_game *g);

/* An action declared in sight of enemies on overwatch: held, and they
 * are asked whether they react. */
static bool start_chain(sl_game *g, const sl_command *c)
{
    int side = other_side(g, g->live.units[c->unit].side), opts[SL_MAX_OPTIONS];
    if (g->sc_chain.on || reactors(g, side, c->unit, opts, SL_MAX_OPTIONS) == 0)
        return false;
    memset(&g->sc_chain, 0, sizeof g->sc_chain);
    g->sc_chain.on = true;
    g->sc_chain.instigator = *c;
    rl_note(g, c->unit, "%s declares its action in sight of enemies on overwatch: it waits on their reactions "
                        "(the digest)",
            rl_unit_name(g, c->unit));
    ask_reactions(g, side);
    return true;
}

/* A reaction declared: kept, and the other side may answer it. */
static void declare_reaction(sl_game *g, const sl_command *c)
{
    sl_sc_chain *ch = &g->sc_chain;
    int side = g->live.units[c->unit].side;
    if (ch->nreact < SL_SC_MAX_REACT)
        ch->react[ch->nreact++] = *c;
    g->us[c->unit].sc.reacted = true;
    ch->passes = 0;
    char line[SL_CMD_TEXT];
    sl_command_format(&g->live, c, line, sizeof line);
    rl_state(g, c->unit, "reaction", "%s turns its overwatch marker and declares a reaction: %s (it resolves later)",
             rl_unit_name(g, c->unit), line);
    int other = other_side(g, side);
    if (may_answer(g, other))
        ask_reactions(g, other); /* it may answer, or force the instigator's hand */
    else
        ask_reactions(g, side); /* it may declare more, or force the instigator's hand, or pass */
}

/* The order things resolve: reactions last declared first, and the
 * instigator's own action last, unless a direct reaction forced it to
 * resolve first. */
static const sl_command *chain_at(const sl_game *g, int k)
{
    const sl_sc_chain *ch = &g->sc_chain;
    if (ch->forced)
        return k == 0 ? &ch->instigator : &ch->react[ch->nreact - k];
    return k < ch->nreact ? &ch->react[ch->nreact - 1 - k] : &ch->instigator;
}

/* Nothing more is declared: the chain resolves, one action at a time. */
static void begin_resolving(sl_game *g)
{
    sl_sc_chain *ch = &g->sc_chain;
    memset(&g->pending, 0, sizeof g->pending);
    ch->resolving = true;
    ch->step = 0;
    if (ch->nreact)
        rl_note(g, -1, "The reactions resolve, the last declared first; %s's own action %s",
                rl_unit_name(g, ch->instigator.unit), ch->forced ? "first of all (forced)" : "last");
    char err[300];
    resolve_next(g, err, sizeof err);
}

static bool decide_react(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_sc_chain *ch = &g->sc_chain;
    int side = g->pending.side;
    if (c->decide == SL_DECIDE_WORD_FORCE) {
        /* the right of the side whose reaction is aimed at the instigator,
         * whichever side is to declare, until declaring closes */
        int d = direct_reactor(g);
        if (d < 0)
            return rl_refuse(err, errlen, "only a reaction aimed at %s itself forces it to resolve first",
                             rl_unit_name(g, ch->instigator.unit));
        if (ch->forced)
            return rl_refuse(err, errlen, "%s's hand is already forced: its action resolves first",
                             rl_unit_name(g, ch->instigator.unit));
        ch->forced = true;
        rl_state(g, ch->instigator.unit, "forced",
                 "A direct reaction forces %s's hand: its action resolves first (%s's reaction is aimed at it)",
                 rl_unit_name(g, ch->instigator.unit), rl_unit_name(g, d));
        return true;
    }
    if (c->decide != SL_DECIDE_WORD_PASS)
        return rl_refuse(err, errlen, "declare a reaction with the unit's command, or decide pass (decide force: a "
                                      "direct reaction makes the instigator resolve first)");
    ch->passes++;
    rl_note(g, -1, "%s declares no more reactions", rl_side_name(g, side));
    int other = other_side(g, side);
    if (ch->passes < 2 && ch->nreact > 0 && may_answer(g, other)) {
        ask_reactions(g, other); /* it has not stopped declaring yet (or may still force) */
        return true;
    }
    /* both have stopped declaring: everything resolves */
    begin_resolving(g);
    (void)err;
    (void)errlen;
    return !g->failed;
}

/* Resolve the chain's next action, until one waits on the players. */
static void resolve_next(sl_game *g, char *err, size_t errlen)
{
    sl_sc_chain *ch = &g->sc_chain;
    while (ch->on && ch->resolving && g->pending.kind == SL_DECIDE_NONE && !g->failed) {
        int total = ch->nreact + 1;
        if (ch->step >= total) {
            ch->on = ch->resolving = false;
            break;
        }
        const sl_command cmd = *chain_at(g, ch->step++);
        bool instigator = cmd.unit == ch->instigator.unit && ch->step == (ch->forced ? 1 : total);
        if (!instigator)
            g->us[cmd.unit].sc.overwatch = false; /* its overwatch is spent */
        if (!able(g, cmd.unit)) {
            rl_note(g, cmd.unit, "%s is in no state to carry out its %s", rl_unit_name(g, cmd.unit),
                    instigator ? "action" : "reaction");
            continue;
        }
        char why[300];
        bool ok = instigator ? sc_can_again(g, &cmd, why, sizeof why) : true;
        if (!ok) {
            rl_note(g, cmd.unit, "%s's action can no longer be carried out: %s", rl_unit_name(g, cmd.unit), why);
            continue;
        }
        if (!sc_action(g, &cmd, err, errlen))
            return;
    }
}

static bool sc_apply(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    sl_unit_state *s = c->unit >= 0 ? &g->us[c->unit] : NULL;
    const sl_unit *u = c->unit >= 0 ? &g->live.units[c->unit] : NULL;
    switch (c->kind) {
    case SL_CMD_ACTIVATE:
        s->activated = true;
        fresh_action(&s->sc);
        g->act_depth = 0;
        rl_push_activation(g, c->unit, 1);
        if (u->kind == SL_UNIT_VEHICLE || g->us[c->unit].aboard >= 0)
            rl_state(g, c->unit, "activated", "%s is assigned to act: one action (%s)", u->name,
                     u->kind == SL_UNIT_VEHICLE ? "a vehicle: it may shoot" : "aboard: it may shoot or throw");
        else
            rl_state(g, c->unit, "activated", "%s is assigned to act: one action (%s%s%s)", u->name,
                     s->sc.prone ? "prone" : "standing", s->sc.hiding ? ", hiding" : "",
                     s->sc.sneaking ? ", sneaking" : "");
        return true;
    case SL_CMD_END_ACTIVATION:
        finish_action(g, sl_game_active_unit(g), "ended by its player");
        return true;
    case SL_CMD_STANCE:
        if (s->sc.step == 0) {
            s->sc.step = 1;
            s->sc.stood = !c->prone;
            s->sc.prone = c->prone;
            if (!c->prone && (s->sc.hiding || s->sc.sneaking)) {
                s->sc.hiding = s->sc.sneaking = false;
                rl_state(g, c->unit, "revealed", "%s stands up and gives up hiding", u->name);
            }
            rl_state(g, c->unit, "stance", "%s %s at the start of its action", u->name,
                   c->prone ? "goes prone" : "stands up");
            return true;
        }
        /* the end of the action */
        s->sc.prone = c->prone;
        rl_state(g, c->unit, "stance", "%s %s at the end of its action", u->name, c->prone ? "goes prone" : "stands up");
        if (c->prone && s->sc.mode == SL_SC_SPRINT) {
            int a = rl_roll(g, SL_D6, -1, "stance", c->unit, "%s throws itself down after a sprint: first D6 of 2D6",
                         u->name);
            int b = rl_roll(g, SL_D6, -1, "stance", c->unit, "%s's second D6 of 2D6, against RE %d", u->name, u->re);
            if (g->failed)
                return false;
            if (a + b > u->re) {
                s->sc.stunned = 2;
                rl_state(g, c->unit, "stunned", "%d + %d = %d is more than its RE %d: %s lands awkwardly and is stunned; "
                                              "it does nothing next turn (seed 002)",
                       a, b, a + b, u->re, u->name);
            } else {
                rl_note(g, c->unit, "%d + %d = %d is not more than its RE %d: %s lands well", a, b, a + b, u->re,
                      u->name);
            }
        }
        s->sc.step = 3;
        finish_action(g, c->unit, "its action is over");
        return true;
    case SL_CMD_HIDE:
        s->sc.prone = true;
        s->sc.hiding = true;
        s->sc.sneaking = false;
        s->sc.step = 3;
        rl_state(g, c->unit, "hiding", "%s hides in cover, prone: an enemy must pass a spot test to target it; the "
                                     "marker stays until its next action (seed 002)",
               u->name);
        finish_action(g, c->unit, "it hides");
        return true;
    case SL_CMD_OVERWATCH:
        s->activated = true;
        s->sc.overwatch = true;
        s->sc.reacted = false;
        fresh_action(&s->sc); /* its reaction will be its action this turn */
        rl_push_activation(g, c->unit, 1);
        rl_state(g, c->unit, "overwatch", "%s is assigned to overwatch: its marker face down, it may react to enemy "
                                          "actions it sees this turn (the digest)",
                 u->name);
        rl_end_activation(g, "it is on overwatch");
        return true;
    case SL_CMD_DECIDE:
        if (g->pending.kind == SL_DECIDE_SC_REACT)
            return decide_react(g, c, err, errlen);
        if (g->pending.kind == SL_DECIDE_SC_PURSUE)
            return decide_pursue(g, c, err, errlen);
        if (c->decide == SL_DECIDE_WORD_FORCE)
            return rl_refuse(err, errlen, "decide force is only while reactions are being declared: once both sides "
                                          "have stopped, the order is fixed");
        return do_outcome(g, c, err, errlen);
    case SL_CMD_MOVE:
    default:
        if (c->kind == kind_of(ROW_SPOT))
            return do_spot(g, c);
        if (g->pending.kind == SL_DECIDE_SC_REACT) {
            declare_reaction(g, c);
            return true;
        }
        if (trigger_kind(c->kind) && start_chain(g, c))
            return true;
        return sc_action(g, c, err, errlen);
    }
}

/* An action carried out (declared earlier, or now with nobody to react). */
static bool sc_action(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    if (c->kind == SL_CMD_MOVE)
        return walk(g, c, err, errlen);
    if (attack_how(c->kind) >= 0)
        return do_attack(g, c, attack_how(c->kind));
    if (c->kind == kind_of(ROW_CHARGE))
        return do_charge(g, c, err, errlen);
    if (c->kind == kind_of(ROW_SPRING))
        return do_spring(g, c, err, errlen);
    if (c->kind == kind_of(ROW_BREAKOFF))
        return do_breakoff(g, c, err, errlen);
    return rl_refuse(err, errlen, "not a SkirmishCorps action");
}

/* The end phase: a stunned marker is flipped, then removed a turn later. */
static void sc_turn_start(sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++) {
        sl_unit_state *s = &g->us[u];
        if (s->sc.overwatch || s->sc.reacted)
            rl_state(g, u, "overwatch-over", "%s's overwatch ends with the turn", rl_unit_name(g, u));
        s->sc.overwatch = s->sc.reacted = false;
        if (s->sc.stunned <= 0)
            continue;
        s->sc.stunned--;
        if (s->sc.stunned == 1)
            rl_state(g, u, "stunned", "%s's stunned marker is flipped: it does nothing this turn", rl_unit_name(g, u));
        else
            rl_state(g, u, "stun-over", "%s's stunned marker is removed", rl_unit_name(g, u));
    }
}

/* --- what the window shows ------------------------------------------------------------------- */

static int sc_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    /* one action of these */
    int n = 0;
    const sl_unit_state *st = &g->us[unit];
    if (sl_game_active_unit(g) != unit) {
        rl_offer_add(out, &n, max, SL_CMD_ACTIVATE, 0, "Assign to act", "A", 0, 10);
        rl_offer_add(out, &n, max, SL_CMD_OVERWATCH, 0, "Overwatch", "Shift+O", 0, 11);
    }
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SL_SC_JOG, "Jog", "M", RL_OFFER_PATH, 20);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SL_SC_RUN, "Run", "C", RL_OFFER_PATH, 30);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SL_SC_SPRINT, "Sprint", "Shift+C", RL_OFFER_PATH, 40);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SL_SC_SNEAK, "Sneak", "K", RL_OFFER_PATH, 50);
    rl_offer_add(out, &n, max, SL_CMD_STANCE, st->sc.prone ? 0 : 1, st->sc.prone ? "Stand up" : "Go prone", "P", 0, 60);
    rl_offer_add(out, &n, max, SL_CMD_HIDE, 0, "Hide", "H", 0, 70);
    /* at an enemy: spot, shoot (snap or aimed), throw */
    static const struct {
        const char *label, *key;
        int order;
    } at_enemy[] = {{"Spot", "W", 75},          {"Snap shot", "F", 76}, {"Aim and shoot", "Shift+F", 77},
                    {"Throw", "Shift+T", 78},   {"Charge", "Shift+H", 79}, {"Spring attack", "Shift+S", 80}};
    int kinds[] = {kind_of(ROW_SPOT), SL_CMD_FIRE, kind_of(ROW_AIM), kind_of(ROW_THROW), kind_of(ROW_CHARGE), kind_of(ROW_SPRING)};
    rl_offer_add(out, &n, max, kind_of(ROW_BREAKOFF), SL_SC_JOG, "Break off", "Shift+B", RL_OFFER_PATH, 81);
    for (int i = 0; i < 6; i++)
        rl_offer_add(out, &n, max, kinds[i], 0, at_enemy[i].label, at_enemy[i].key, RL_OFFER_TARGET | RL_OFFER_ENEMY,
                     at_enemy[i].order);
    return n;
}

static void mark(sl_mark *out, int *n, int max, const char *text, sl_mark_style style, int order)
{
    if (*n >= max)
        return;
    snprintf(out[*n].text, sizeof out[*n].text, "%s", text);
    out[*n].style = style;
    out[(*n)++].order = order;
}

static int sc_marks(const sl_game *g, int u, sl_mark *out, int max)
{
    /* stance, hiding, sneaking, stunned */
    const sl_unit_state *st = &g->us[u];
    int n = 0;
    if (st->sc.prone)
        mark(out, &n, max, "PRONE", SL_MARK_SHADE, 10);
    if (st->sc.hiding)
        mark(out, &n, max, "HIDING", SL_MARK_INFO, 20);
    if (st->sc.sneaking)
        mark(out, &n, max, "SNEAKING", SL_MARK_INFO, 30);
    if (st->sc.stunned > 0)
        mark(out, &n, max, "STUNNED", SL_MARK_ALERT, 40);
    if (st->sc.ko)
        mark(out, &n, max, "KO", SL_MARK_ALERT, 41);
    if (st->sc.overwatch && !st->sc.reacted)
        mark(out, &n, max, "OVERWATCH", SL_MARK_INFO, 45);
    else if (st->sc.reacted)
        mark(out, &n, max, "REACTED", SL_MARK_SHADE, 45);
    if (u == sl_game_active_unit(g))
        mark(out, &n, max, "ACTING", SL_MARK_ACTIVE, 80);
    else if (st->activated)
        mark(out, &n, max, "DONE", SL_MARK_DONE, 80);
    return n;
}

static bool sc_shows_done(const sl_game *g, int u)
{
    return g->us[u].activated && u != sl_game_active_unit(g);
}

static int sc_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    /* stance and markers, nothing of morale */
    if (max < 1)
        return 0;
    const sl_unit_state *st = &g->us[unit];
    int active = sl_game_active_unit(g);
    memset(out, 0, sizeof *out);
    snprintf(out->text, sizeof out->text, "%s, %s%s%s%s",
             unit == active ? "acting" : st->activated ? "has acted" : "to act", st->sc.prone ? "prone" : "standing",
             st->sc.hiding ? ", hiding" : "", st->sc.sneaking ? ", sneaking" : "",
             st->sc.stunned > 0 ? ", stunned (does nothing next turn)" : "");
    int n = 1;
    if (st->sc.spotted && unit == active && n < max) {
        memset(&out[n], 0, sizeof out[n]);
        snprintf(out[n].text, sizeof out[n].text, "has spotted %s: it may target it in this action",
                 rl_unit_name(g, st->sc.spotted - 1));
        n++;
    }
    if (st->sc.flushed_by && st->sc.flushed_turn == g->turn && n < max) {
        memset(&out[n], 0, sizeof out[n]);
        snprintf(out[n].text, sizeof out[n].text, "flushed out by %s this turn", rl_unit_name(g, st->sc.flushed_by - 1));
        n++;
    }
    return n;
}

static void line(sl_profile_line *out, int *n, int max, bool heading, const char *key, const char *value)
{
    if (*n >= max)
        return;
    sl_profile_line *l = &out[(*n)++];
    l->heading = heading;
    snprintf(l->key, sizeof l->key, "%s", key);
    snprintf(l->value, sizeof l->value, "%s", value);
}

static int sc_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures)
{
    /* the foot-unit's profile and how far it goes */
    const sl_unit *u = &scn->units[unit];
    char buf[200];
    int n = 0;
    *figures = false;
    line(out, &n, max, true, "Foot-unit (SkirmishCorps)", "");
    snprintf(buf, sizeof buf, "%d (a jog, in inches)", u->sp);
    line(out, &n, max, false, "Speed (SP)", buf);
    snprintf(buf, sizeof buf, "%.0f\"", sl_sc_allowance(u, SL_SC_RUN) / 1000.0);
    line(out, &n, max, false, "Run", buf);
    int32_t sprint = sl_sc_allowance(u, SL_SC_SPRINT);
    if (sprint > 0)
        snprintf(buf, sizeof buf, "%.0f\"", sprint / 1000.0);
    else
        snprintf(buf, sizeof buf, "none (SP 4 or less)");
    line(out, &n, max, false, "Sprint", buf);
    snprintf(buf, sizeof buf, "%.1f\" (prone, from hiding)", sl_sc_allowance(u, SL_SC_SNEAK) / 1000.0);
    line(out, &n, max, false, "Sneak", buf);
    snprintf(buf, sizeof buf, "%d", u->re);
    line(out, &n, max, false, "Reactions (RE)", buf);
    return n;
}

static void sc_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                        char *l2, size_t len)
{
    /* difficult going halves the distance; which ways of moving reach */
    (void)one;
    const sl_unit *pu = &scn->units[unit];
    int64_t cost = sl_sc_way_cost(two);
    snprintf(l1, len, "Move %.1f\" \xC2\xB7 costs %.1f\" (difficult going counts double)%s", two->length / 1000.0,
             way_cost_exact(two) / 1000.0, two->impassable ? " \xC2\xB7 IMPASSABLE" : "");
    /* the shortest way of moving that reaches: sneak, jog, run, sprint */
    static const char *const reach[] = {"any way reaches", "a jog reaches", "a run reaches", "only a sprint reaches"};
    static const int order[] = {SL_SC_SNEAK, SL_SC_JOG, SL_SC_RUN, SL_SC_SPRINT};
    const char *says = "too far for one action";
    for (int k = 3; k >= 0; k--)
        if (cost <= sl_sc_allowance(pu, order[k]))
            says = reach[k];
    snprintf(l2, len, "%s (sneak %.1f\", jog %d\", run %d\", sprint %s)", says,
             sl_sc_allowance(pu, SL_SC_SNEAK) / 1000.0, sl_sc_allowance(pu, SL_SC_JOG) / 1000,
             sl_sc_allowance(pu, SL_SC_RUN) / 1000, pu->sp > 4 ? "twice SP" : "none");
}

/* A reaction declared while reactions are asked for. */
static bool sc_pending_allows(const sl_game *g, const sl_command *c)
{
    return g->pending.kind == SL_DECIDE_SC_REACT && c->unit >= 0 && reaction_kind(c->kind) &&
           g->live.units[c->unit].side == g->pending.side;
}

static const rl_cmd_def sc_commands[ROW_COUNT] = {
    {SL_CMD_STANCE, "stance", NULL, RL_SHAPE_STANCE, NULL, "stance UNIT prone|standing", 0, 0, NULL, NULL},
    {SL_CMD_HIDE, "hide", NULL, RL_SHAPE_ONE_UNIT, NULL, "hide UNIT", 0, 0, NULL, NULL},
    {RL_KIND_NEW, "spot", NULL, RL_SHAPE_UNIT_UNIT, NULL,
     "spot UNIT TARGET (a spot test on a hiding or sneaking enemy: 1D6 + RE each, seed 002)", 0, 0, NULL, NULL},
    {RL_KIND_NEW, "aim", NULL, RL_SHAPE_UNIT_UNIT, "at",
     "aim UNIT at TARGET (an aimed shot, +1: a unit that does not move, seed 002)", 0, 0, NULL, NULL},
    {RL_KIND_NEW, "throw", NULL, RL_SHAPE_UNIT_UNIT, "at", "throw UNIT at TARGET (a thrown weapon, seed 002)", 0, 0,
     NULL, NULL},
    {RL_KIND_NEW, "charge", NULL, RL_SHAPE_UNIT_UNIT_WAY, NULL,
     "charge UNIT TARGET [X,Y ...] (move into base contact and attack in close combat, seed 002)", 0, 0, NULL, NULL},
    {RL_KIND_NEW, "spring", NULL, RL_SHAPE_UNIT_UNIT, NULL,
     "spring UNIT TARGET (a hidden unit's spring attack, seed 002)", 0, 0, NULL, NULL},
    {RL_KIND_NEW, "break-off", NULL, RL_SHAPE_MOVE, NULL,
     "break-off UNIT [jog|run|sprint] X,Y [X,Y ...] (move out of base contact, seed 002)", 0, 0, NULL, NULL},
};

static const char *const sc_unit_fields[] = {"sp", "re", NULL};

const rl_ruleset sc_ruleset = {
    .name = "skirmishcorps",
    .unit_fields = sc_unit_fields,
    .commands = sc_commands,
    .ncommands = (int)(sizeof sc_commands / sizeof sc_commands[0]),
    .handles = sc_handles,
    .can = sc_can,
    .apply = sc_apply,
    .turn_start = sc_turn_start,
    .offers = sc_offers,
    .marks = sc_marks,
    .shows_done = sc_shows_done,
    .card = sc_card,
    .profile = sc_profile,
    .way_text = sc_way_text,
    .pending_allows = sc_pending_allows,
};
