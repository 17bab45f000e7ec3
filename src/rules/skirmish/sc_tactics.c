/* The solo opponent's SkirmishCorps (seed 002, the digest): what a side
 * assigns (a unit to act, to overwatch, or nothing more), and what the
 * unit acting does, one command at a time: a move (jog, run, sprint, or
 * sneak from hiding), a stance, hiding, a spot test, an aimed or snap
 * shot, a throw, a charge, a spring attack from hiding, breaking off; and
 * its answers to reactions and pursuit. Each choice states its chance in
 * SkirmishCorps terms: the range bracket and every modifier, and the
 * chance to hit and to hurt by our reading of the rolls no source gives
 * (RULES.md, "SkirmishCorps attacks"). It sees the game as its side knows
 * it (the known game the policy is given), through the rl_policy_*
 * questions. Also here: the ruleset's house row, which carries the rule
 * option sc_attacks and these hooks. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* How much a chance of being hurt where it stands weighs against a
 * chance of hurting. */
#define RISK 0.5
#define MAX_PTS 56
/* What standing up first costs a move or a close-combat attack from
 * prone, so a prone unit keeps its stance when nothing is gained. */
#define STAND_COST 0.02
#define THROW_REACH 8.0 /* inches: our reading of a throw's reach from ST 4 (twice ST) */

static const char *const mode_word[] = {"", "jogs", "runs", "sprints", "sneaks"};
static const char *const mode_noun[] = {"", "jog", "run", "sprint", "sneak"};

/* --- chances -------------------------------------------------------------------------------- */

/* What hurting the target is worth: less when it is stunned or knocked
 * out already (it still has to be put out of action to end the game). */
static double target_worth(const sl_game *g, int e)
{
    const sc_unit *s = sc_unit_of(g, e);
    return s->ko ? 0.5 : s->stunned ? 0.7 : 1.0;
}

/* The modifiers of an attack in words: "medium range (20.9", SMG) -2, ...". */
static void mod_words(const sc_attack_info *a, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < a->nmods && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s %+d", i ? ", " : "", a->mod_why[i], a->mod[i]);
    if (a->nmods == 0)
        snprintf(out, len, "no modifiers");
}

/* The worth of unit u attacking e in the way `how` as the state `as`
 * says (in the game g, which may be a what-if), and its chances in words;
 * -1 when the attack is not allowed. */
static double attack_worth(const sl_game *g, int u, int e, int how, const sc_unit *as, char *words, size_t len)
{
    sc_attack_info a;
    sc_attack_judge_as(g, u, e, how, as, &a);
    if (!a.legal || (how == SC_THROW && a.inches > THROW_REACH))
        return -1;
    sc_damage d;
    sc_attack_damage(g, u, how, &d);
    bool vehicle = g->live.units[e].kind == SL_UNIT_VEHICLE;
    double ph = sc_p_hit(a.total), harm = sc_p_harm(&d, vehicle);
    if (words) {
        char mods[400];
        mod_words(&a, mods, sizeof mods);
        snprintf(words, len, "%s: %+d in all, %.0f%% to hit (2D6 at or under %d, our reading), then %.0f%% to "
                             "%s (%s)",
                 mods, a.total, ph * 100, SC_READ_SKILL + a.total, harm * 100,
                 vehicle ? "wreck it (a critical fault)" : "hurt", d.what);
    }
    return ph * harm * target_worth(g, e);
}

/* A unit's state as at the start of an action (a unit not yet acting is
 * judged as it would be once assigned). */
static sc_unit fresh(const sl_game *g, int u)
{
    sc_unit s = *sc_unit_of(g, u);
    sc_fresh_action(&s);
    return s;
}

/* The worst the enemy could do to u in the game g (a what-if): the best
 * aimed shot of a known enemy that can still act, less when u hides. */
static double threat(const rl_policy *p, const sl_game *g, int u, bool hidden)
{
    const int *en;
    int n = rl_policy_enemies(p, &en);
    double worst = 0;
    for (int i = 0; i < n; i++) {
        if (!sc_able(g, en[i]))
            continue;
        sc_unit es = fresh(g, en[i]);
        es.spotted = u + 1; /* as if it had spotted u: hiding only makes that less likely (below) */
        double w = attack_worth(g, en[i], u, SC_AIMED, &es, NULL, 0);
        if (w > 0 && g->us[en[i]].activated && !sc_unit_of(g, en[i])->overwatch)
            w *= 0.5; /* it has acted this turn: only next turn */
        worst = fmax(worst, w);
    }
    return hidden ? 0.4 * worst : worst;
}

/* The best attack of u at a known enemy in the way `how` (-1 none). */
static int best_attack(const rl_policy *p, const sl_game *g, int u, int how, const sc_unit *as, double *worth,
                       char *words, size_t len)
{
    const int *en;
    int n = rl_policy_enemies(p, &en), best = -1;
    *worth = 0;
    for (int i = 0; i < n; i++) {
        char w[400];
        double v = attack_worth(g, u, en[i], how, as, words ? w : NULL, sizeof w);
        if (v > *worth) {
            *worth = v;
            best = en[i];
            if (words)
                snprintf(words, len, "%s", w);
        }
    }
    return best;
}

/* --- the unit acting: candidates ------------------------------------------------------------- */

/* What the planner knows of the unit acting: the policy, the game, the
 * unit, the state it acts in, whether the game can be asked (it is the
 * unit acting) and the worth of standing where it is. */
typedef struct planner {
    const rl_policy *p;
    const sl_game *g;
    int u;
    sc_unit as;
    bool active;
    double here;        /* the threat where it stands */
    bool cover_here;    /* in cover where it stands */
} planner;

/* A unit not yet assigned cannot be asked of the rules, so what it
 * would do is judged by its worth alone: but a move or a charge must at
 * least end clear of the other units' bases, or its side assigns it for
 * a move it then finds refused (two of its units each waiting on the
 * other's place, turn after turn). */
static bool lands_clear(const sl_game *g, const sl_command *c)
{
    char no[240];
    if (c->kind == SL_CMD_MOVE && c->npts > 0)
        return sc_lands(g, c->unit, rl_unit_centre(g, c->unit), c->pts[c->npts - 1], no, sizeof no);
    if (c->kind == sc_kind_of(SC_ROW_CHARGE) || c->kind == sc_kind_of(SC_ROW_SPRING))
        return sc_in_contact(g, c->unit, c->target) ||
               sc_close_lands(g, c->unit, c->target, c->npts ? c->pts[c->npts - 1] : rl_unit_centre(g, c->unit), no,
                              sizeof no);
    return true;
}

static void consider(const planner *pl, rl_tactic *best, double score, const sl_command *c, const char *why)
{
    if (score <= best->score + 1e-9 || (pl->active && !rl_policy_allowed(pl->p, c)) ||
        (!pl->active && !lands_clear(pl->g, c)))
        return;
    rl_tactic_consider(best, score, c, why);
}

/* Shots from where it stands: aimed (it has not moved or changed
 * stance), else snap; a spot test first on a hiding or sneaking enemy. */
static void shots_here(const planner *pl, rl_tactic *best)
{
    const sl_game *g = pl->g;
    bool aim = pl->as.step == 0;
    int how = aim ? SC_AIMED : SC_SNAP, kind = aim ? sc_kind_of(SC_ROW_AIM) : SL_CMD_FIRE;
    char words[400], why[SL_CMD_NOTE - 8];
    double v;
    int e = best_attack(pl->p, g, pl->u, how, &pl->as, &v, words, sizeof words);
    if (e >= 0) {
        sl_command c;
        sl_cmd_target(&c, kind, pl->u, e);
        if (kind == SL_CMD_FIRE)
            sl_cmd_fire(&c, pl->u, e, SL_FIRE_ALL);
        snprintf(why, sizeof why, "%s %s: %s", aim ? "aims at" : "snap-shoots at",
                 rl_unit_name(g, e), words);
        consider(pl, best, 0.05 + v, &c, why);
    }
    const int *en;
    int n = rl_policy_enemies(pl->p, &en);
    for (int i = 0; i < n; i++) {
        const sc_unit *es = sc_unit_of(g, en[i]);
        if (!(es->hiding || es->sneaking) || pl->as.spotted == en[i] + 1)
            continue;
        sc_unit spotted = pl->as;
        spotted.spotted = en[i] + 1;
        double w = attack_worth(g, pl->u, en[i], how, &spotted, words, sizeof words);
        char sw[200];
        double ps = sc_spot_odds(g, pl->u, en[i], NULL, sw, sizeof sw);
        if (w <= 0)
            continue;
        sl_command c;
        sl_cmd_target(&c, sc_kind_of(SC_ROW_SPOT), pl->u, en[i]);
        snprintf(why, sizeof why, "tries to spot %s (%s): %.0f%% to spot it (1D6 + RE %d against 1D6 + RE %d%s%.80s), "
                                  "then it %s %.330s",
                 rl_unit_name(g, en[i]), es->hiding ? "hiding" : "sneaking", ps * 100, sc_unit_re(&g->live, pl->u),
                 sc_unit_re(&g->live, en[i]), sw[0] ? ", " : "", sw, aim ? "aims" : "shoots", words);
        consider(pl, best, 0.05 + ps * w, &c, why);
    }
}

/* A charge whose straight way would end on another unit's base (a
 * friend beside the enemy, say) comes in from another side: by a point
 * an inch short of touching, in eight directions round the enemy, each
 * weighed a little less, so the straight way is taken when it is clear. */
static void charge_round(const planner *pl, rl_tactic *best, double score, const sl_command *straight,
                         const char *why)
{
    const sl_game *g = pl->g;
    sl_pt at = rl_unit_centre(g, straight->target);
    const sl_figure *me = &g->live.figures[g->live.units[pl->u].first_figure];
    const sl_figure *it = &g->live.figures[g->live.units[straight->target].first_figure];
    double r = (double)me->base_r + it->base_r + 1000;
    for (int k = 0; k < 8; k++) {
        sl_command c = *straight;
        double a = k * M_PI / 4;
        c.pts[0] = sl_pt_make((int32_t)lround(at.x + r * cos(a)), (int32_t)lround(at.y + r * sin(a)));
        c.npts = 1;
        if (sl_table_contains(&g->live.table, c.pts[0]))
            consider(pl, best, score - 0.001 * (k + 1), &c, why);
    }
}

/* Already in base contact with the enemy at the start of its action (it
 * charged last turn, and the enemy lies knocked out or hides again): a
 * charge is a move that ends in base contact, so it steps round the enemy
 * staying in contact (the step flushes a hider out), then attacks as its
 * move ends there. Without it a last enemy in contact was never struck
 * again, and the game ended a draw. */
/* A charge's modifier to hit, as the game will roll it (its own
 * sc_charge_modifier): +2 without a shot this activation, -1 on a hiding
 * or sneaking enemy it flushes out, or one it flushed out already this
 * turn (a step round it in contact). */
static int charge_mod(const planner *pl, int e)
{
    const sc_unit *es = sc_unit_of(pl->g, e);
    return sc_charge_modifier(pl->g, pl->u, e, pl->as.shot, es->hiding || es->sneaking);
}

static void close_again(const planner *pl, rl_tactic *best, int e)
{
    if (pl->as.step > 2)
        return;
    const sl_game *g = pl->g;
    sc_damage dm;
    sc_attack_damage(g, pl->u, SC_CLOSE, &dm);
    int mod = charge_mod(pl, e);
    double ph = sc_p_hit(mod), harm = sc_p_harm(&dm, false), v = ph * harm * target_worth(g, e), score = 0.05 + 1.2 * v;
    char why[SL_CMD_NOTE - 8];
    sl_command c;
    if (pl->as.step == 2) { /* its move ended in contact: the attack that comes with it */
        sl_cmd_target(&c, sc_kind_of(SC_ROW_CHARGE), pl->u, e);
        snprintf(why, sizeof why, "attacks %s in close combat as its move ends in base contact: %+d, %.0f%% to hit "
                                  "(2D6 at or under %d, our reading), then %.0f%% to hurt (%s)",
                 rl_unit_name(g, e), mod, ph * 100, SC_READ_SKILL + mod, harm * 100, dm.what);
        consider(pl, best, score, &c, why);
        return;
    }
    sl_pt at = rl_unit_centre(g, e), me = rl_unit_centre(g, pl->u);
    double dx = me.x - at.x, dy = me.y - at.y;
    static const double turn[] = {M_PI / 4, -M_PI / 4, M_PI / 2, -M_PI / 2};
    for (int k = 0; k < 4; k++) {
        sl_cmd_init(&c, SL_CMD_MOVE, pl->u);
        sc_set_mode(&c, SC_JOG);
        double ca = cos(turn[k]), sa = sin(turn[k]);
        c.pts[0] = sl_pt_make((int32_t)lround(at.x + dx * ca - dy * sa), (int32_t)lround(at.y + dx * sa + dy * ca));
        c.npts = 1;
        snprintf(why, sizeof why, "steps round %s, staying in base contact, to attack it again as its move ends "
                                  "there: %+d, %.0f%% to hit (2D6 at or under %d, our reading)",
                 rl_unit_name(g, e), mod, ph * 100, SC_READ_SKILL + mod);
        consider(pl, best, score - 0.001 * (k + 1), &c, why);
    }
}

/* Close combat: a charge at an enemy it can reach, a spring attack from
 * hiding, a throw at an enemy within reach; with `charges_only`, the
 * charges and steps round an enemy in contact alone. */
static void close_combat(const planner *pl, rl_tactic *best, bool charges_only)
{
    const sl_game *g = pl->g;
    const int *en;
    int n = rl_policy_enemies(pl->p, &en);
    char why[SL_CMD_NOTE - 8], words[400];
    for (int i = 0; i < n; i++) {
        int e = en[i];
        const sc_unit *es = sc_unit_of(g, e);
        double d = sl_dist(rl_unit_centre(g, pl->u), rl_unit_centre(g, e)) / 1000.0;
        sc_damage dm;
        sl_command c;
        char no[120];
        bool melee = sc_melee_target(g, e, no, sizeof no); /* close combat is between foot-units */
        if (melee && !charges_only && pl->as.hiding && pl->as.step == 0 && d <= sc_unit_sp(&g->live, pl->u) && !es->hiding && !es->sneaking) {
            sc_attack_damage(g, pl->u, SC_SPRING, &dm);
            double ph = sc_p_hit(2), v = ph * sc_p_harm(&dm, false) * target_worth(g, e);
            sl_cmd_target(&c, sc_kind_of(SC_ROW_SPRING), pl->u, e);
            snprintf(why, sizeof why, "springs from hiding at %s, %.1f\" away (within its SP %d): +2, %.0f%% to hit "
                                      "(2D6 at or under %d, our reading), then %.0f%% to hurt "
                                      "(%s); it cannot dodge or parry",
                     rl_unit_name(g, e), d, sc_unit_sp(&g->live, pl->u), ph * 100, SC_READ_SKILL + 2,
                     sc_p_harm(&dm, false) * 100, dm.what);
            consider(pl, best, 0.1 + 1.3 * v, &c, why);
        }
        int sp = sc_unit_sp(&g->live, pl->u), reach = sp > 4 && !pl->as.stood && 2 * sp > sp + 3 ? 2 * sp : sp + 3;
        if (melee && d <= reach && !pl->as.prone && !pl->as.struck && !sc_in_contact(g, pl->u, e)) {
            /* a charge into a hiding or sneaking enemy flushes it out, no
             * spot test: -1 (a hider that keeps hiding is reached so) */
            bool flush = es->hiding || es->sneaking;
            sc_attack_damage(g, pl->u, SC_CLOSE, &dm);
            int mod = charge_mod(pl, e);
            double ph = sc_p_hit(mod), v = ph * sc_p_harm(&dm, false) * target_worth(g, e);
            sl_cmd_target(&c, sc_kind_of(SC_ROW_CHARGE), pl->u, e);
            snprintf(why, sizeof why, "charges %s, %.1f\" away: %s%s, %.0f%% to hit (2D6 at or under %d, our "
                                      "reading), then %.0f%% to hurt (%s)",
                     rl_unit_name(g, e), d, pl->as.shot ? (flush ? "" : "no modifiers") : "+2 for a charge without a shot",
                     flush ? (pl->as.shot ? "-1 it flushes it out" : ", -1 it flushes it out") : "", ph * 100,
                     SC_READ_SKILL + mod, sc_p_harm(&dm, false) * 100, dm.what);
            double score = 0.05 + 1.2 * v + 0.5 * RISK * pl->here;
            consider(pl, best, score, &c, why);
            charge_round(pl, best, score, &c, why);
        }
        if (melee && !pl->as.prone && !pl->as.struck && sc_in_contact(g, pl->u, e))
            close_again(pl, best, e);
        double tv = charges_only ? -1 : attack_worth(g, pl->u, e, SC_THROW, &pl->as, words, sizeof words);
        if (tv > 0) {
            sl_cmd_target(&c, sc_kind_of(SC_ROW_THROW), pl->u, e);
            snprintf(why, sizeof why, "throws at %s, %.1f\" away (within %.0f\", our reading of a throw's reach): %s",
                     rl_unit_name(g, e), d, THROW_REACH, words);
            consider(pl, best, 0.04 + tv, &c, why);
        }
    }
}

static void close_here(const planner *pl, rl_tactic *best)
{
    close_combat(pl, best, false);
}

/* Does the way of the command c (its points, then on to touching its
 * target) cost no more than `allow` and cross nothing impassable? */
static bool close_reaches(const sl_game *g, const sl_command *c, int32_t allow)
{
    sl_pt way[SL_CMD_MAX_PTS + 2];
    int n = 0;
    way[n++] = rl_unit_centre(g, c->unit);
    for (int i = 0; i < c->npts && i < SL_CMD_MAX_PTS; i++)
        way[n++] = c->pts[i];
    if (c->kind != SL_CMD_MOVE) { /* a charge: on to an inch short of its target's centre, about touching */
        sl_pt at = rl_unit_centre(g, c->target), from = way[n - 1];
        const sl_figure *me = &g->live.figures[g->live.units[c->unit].first_figure];
        const sl_figure *it = &g->live.figures[g->live.units[c->target].first_figure];
        double d = sl_dist(from, at), k = d > 1 ? fmax(0.0, (d - me->base_r - it->base_r) / d) : 0;
        way[n++] = sl_pt_make((int32_t)lround(from.x + (at.x - from.x) * k), (int32_t)lround(from.y + (at.y - from.y) * k));
    }
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, way, n, 1e12, &pc);
    return !pc.impassable && sc_way_cost(&pc) <= allow;
}

/* A prone unit at the start of its action stands up to charge, or to
 * step round an enemy it is in base contact with and attack it again:
 * both are moves, and a prone unit must stand to jog or run (it may not
 * sprint after standing). The rules cannot be asked of the unit as it
 * would stand, so the charge is weighed as a unit not yet assigned is
 * (its worth, the bases it ends by), and its way must fit a run. Without
 * it a unit that charged, missed and went prone in base contact never
 * struck again: it shot at others or passed beside a knocked-out last
 * enemy until the game was drawn (seed 10, policy against policy). */
static void stand_to_close(const planner *pl, rl_tactic *best)
{
    if (!pl->as.prone || pl->as.step != 0 || pl->as.shot || pl->as.struck)
        return;
    planner up = *pl;
    up.as.prone = up.as.hiding = up.as.sneaking = false;
    up.as.stood = true;
    up.as.step = 1;
    up.active = false;
    rl_tactic t = {best->score + STAND_COST, {0}, ""};
    sl_cmd_init(&t.cmd, SL_CMD_NONE, -1);
    close_combat(&up, &t, true);
    if (t.cmd.kind == SL_CMD_NONE ||
        !close_reaches(pl->g, &t.cmd, sc_allowance(&pl->g->live, pl->u, t.cmd.kind == SL_CMD_MOVE ? SC_JOG : SC_RUN)))
        return;
    sl_command c;
    sl_cmd_init(&c, sc_kind_of(SC_ROW_STANCE), pl->u);
    sc_cmd_set(&c, &(sc_cmd){.prone = false});
    char why[SL_CMD_NOTE - 8];
    snprintf(why, sizeof why, "stands up, then %.500s", t.why); /* a prone unit must stand to move (seed 002) */
    consider(pl, best, t.score - STAND_COST, &c, why);
}

/* Hiding where it stands, in cover, when it has nothing better: an enemy
 * must pass a spot test to target it. */
static void hide_here(const planner *pl, rl_tactic *best)
{
    const sl_game *g = pl->g;
    if (pl->as.step == 2 || pl->as.stood || pl->as.shot || !sl_game_unit_in_cover(g, pl->u) || pl->here < 0.005)
        return; /* hidden from nothing, it hides for nothing: both sides would wait for ever */
    sl_command c;
    sl_cmd_init(&c, sc_kind_of(SC_ROW_HIDE), pl->u);
    char why[SL_CMD_NOTE - 8];
    snprintf(why, sizeof why, "hides in its cover, prone: %.0f%% is the best an enemy has of hurting it where it "
                              "stands, and to target it an enemy must first win a spot test",
             pl->here * 100);
    double v;
    char words[400];
    bool no_shot = best_attack(pl->p, g, pl->u, SC_AIMED, &pl->as, &v, words, sizeof words) < 0;
    consider(pl, best, 0.03 + 0.6 * RISK * pl->here + (no_shot ? 0.06 : 0), &c, why);
}

/* Breaking off from two or more enemies in base contact: outnumbered,
 * it gets out of reach (the free attacks are the price). */
static void break_off(const planner *pl, const sl_pt *to, int mode, rl_tactic *best)
{
    const sl_game *g = pl->g;
    const int *en;
    int n = rl_policy_enemies(pl->p, &en), touching = 0;
    for (int i = 0; i < n; i++)
        touching += sc_in_contact(g, pl->u, en[i]) && sc_able(g, en[i]);
    if (touching < 2)
        return;
    sl_command c;
    sl_cmd_move(&c, sc_kind_of(SC_ROW_BREAKOFF), pl->u, to, 1);
    sc_set_mode(&c, mode);
    char why[SL_CMD_NOTE - 8];
    snprintf(why, sizeof why, "breaks off: %d enemies in base contact, each gets a free close combat attack, but "
                              "it will not stay to fight them all",
             touching);
    consider(pl, best, 0.5, &c, why);
}

/* Inches from `at` to the nearest known enemy in the game g (a what-if);
 * knowing of none, to the nearest place it looks for them (1e9: none). */
static double goal_dist(const planner *pl, const sl_game *g, sl_pt at)
{
    const int *en;
    int n = rl_policy_enemies(pl->p, &en);
    double near = 1e9;
    for (int i = 0; i < n; i++)
        near = fmin(near, sl_dist(at, rl_unit_centre(g, en[i])) / 1000.0);
    if (n > 0)
        return near;
    const sl_pt *sought;
    n = rl_policy_sought(pl->p, &sought);
    for (int i = 0; i < n; i++)
        near = fmin(near, sl_dist(at, sought[i]) / 1000.0);
    return near;
}

/* What standing at the end of a move is worth, in the what-if v (the unit
 * placed there): its snap shot after the move (none after a sprint or a
 * sneak), the threat there, cover, and nearing the enemy when it has no
 * shot; its words. */
static double place_worth(const planner *pl, const sl_game *v, int mode, double d_now, char *words, size_t len)
{
    sc_unit as = pl->as;
    as.step = 2;
    as.mode = mode;
    double shot = 0;
    int e = mode == SC_SPRINT || mode == SC_SNEAK ? -1 : best_attack(pl->p, v, pl->u, SC_SNAP, &as, &shot, NULL, 0);
    double thr = threat(pl->p, v, pl->u, mode == SC_SNEAK);
    bool cover = sl_game_unit_in_cover(v, pl->u);
    const int *en;
    bool seeking = rl_policy_enemies(pl->p, &en) == 0;
    double near = goal_dist(pl, v, rl_unit_centre(v, pl->u));
    double closer = near < 1e8 && e < 0 ? 0.01 * fmax(-5.0, fmin(12.0, d_now - near)) : 0;
    if (e >= 0)
        snprintf(words, len, "then a snap shot at %s", rl_unit_name(v, e)); /* its odds: at the shot */
    else if (closer > 0)
        snprintf(words, len, seeking ? "%.0f\" nearer where it looks for the enemy (out of its side's sight)"
                                     : "%.0f\" nearer the enemy, with no shot from here yet",
                 d_now - near);
    else
        snprintf(words, len, "no shot from there");
    size_t at = strlen(words);
    snprintf(words + at, len - at, "; %s, %.0f%% the best an enemy has of hurting it there", cover ? "in cover" : "in "
                                                                                                                  "the open",
             thr * 100);
    /* cover counts while an enemy could hurt it, here or there */
    double cw = thr > 0.005 || pl->here > 0.005 ? 0.06 : 0.01;
    return shot - RISK * thr + (cover && !pl->cover_here ? cw : 0) - (!cover && pl->cover_here ? cw : 0) + closer;
}

/* Does a straight way from `from` to `to` cost no more than `allow`
 * (difficult going counts double) and cross nothing impassable? */
static bool fits(const sl_game *g, sl_pt from, sl_pt to, int32_t allow)
{
    sl_pt way[2] = {from, to};
    sl_path_cost pc;
    sl_path_cost_of(&g->sight.ix, way, 2, 1e12, &pc);
    return !pc.impassable && sc_way_cost(&pc) <= allow;
}

/* Points round the unit within a move's reach, and toward each enemy. */
static int move_points(const planner *pl, int32_t allow, sl_pt *pts, int max)
{
    const sl_game *g = pl->g;
    sl_pt c = rl_unit_centre(g, pl->u);
    int n = 0;
    static const double frac[3] = {0.95, 0.6, 0.3};
    for (int r = 0; r < 3; r++)
        for (int a = 0; a < 12 && n < max; a++) {
            double ang = (a + 0.5 * r) * (2 * 3.14159265358979 / 12);
            pts[n++] = sl_pt_make(c.x + (int32_t)(cos(ang) * allow * frac[r]), c.y + (int32_t)(sin(ang) * allow * frac[r]));
        }
    const int *en;
    const sl_pt *sought;
    int ne = rl_policy_enemies(pl->p, &en), ns = ne > 0 ? 0 : rl_policy_sought(pl->p, &sought);
    for (int i = 0; i < ne + ns && n < max; i++) {
        sl_pt e = i < ne ? rl_unit_centre(g, en[i]) : sought[i - ne];
        double d = sl_dist(c, e), k = d > allow * 0.9 ? allow * 0.9 / d : 0.5;
        if (d < 1)
            continue;
        pts[n++] = sl_pt_make(c.x + (int32_t)((e.x - c.x) * k), c.y + (int32_t)((e.y - c.y) * k));
    }
    return n;
}

/* The moves worth making in each way of moving it may use now. */
static void moves(const planner *pl, rl_tactic *best)
{
    const sl_game *g = pl->g;
    if (pl->as.step >= 2 || pl->as.aimed || pl->as.shot)
        return;
    rl_view view;
    if (!rl_view_init(&view, g))
        return;
    const sl_unit *un = &g->live.units[pl->u];
    sl_pt c = rl_unit_centre(g, pl->u);
    double d_now = goal_dist(pl, g, c);
    for (int mode = SC_JOG; mode <= SC_SNEAK; mode++) {
        /* standing it jogs, runs or sprints; prone it stands first to jog
         * or run, or sneaks when hiding or sneaking */
        bool prone = pl->as.prone;
        if (mode == SC_SNEAK && !(prone && (pl->as.hiding || pl->as.sneaking)))
            continue;
        if ((mode == SC_SPRINT && (prone || pl->as.stood)) || sc_allowance(&g->live, pl->u, mode) <= 0)
            continue;
        sl_pt pts[MAX_PTS];
        int n = move_points(pl, sc_allowance(&g->live, pl->u, mode) - pl->as.used, pts, MAX_PTS);
        for (int i = 0; i < n; i++) {
            if (!sl_table_contains(&g->live.table, pts[i]) ||
                !fits(g, c, pts[i], sc_allowance(&g->live, pl->u, mode) - pl->as.used))
                continue;
            sl_command mv;
            sl_cmd_move(&mv, SL_CMD_MOVE, pl->u, &pts[i], 1);
            sc_set_mode(&mv, mode);
            int figs[SL_SIGHT_MAX_FIGS];
            sl_pt pos[SL_SIGHT_MAX_FIGS];
            sl_placement place = {figs, pos, 0};
            for (int k = 0; k < un->nfigures && k < SL_SIGHT_MAX_FIGS; k++, place.n++) {
                figs[k] = un->first_figure + k;
                sl_pt f = g->live.figures[figs[k]].pos;
                pos[k] = sl_pt_make(f.x + pts[i].x - c.x, f.y + pts[i].y - c.y);
            }
            rl_view_place(&view, &place);
            char words[500], why[SL_CMD_NOTE - 8];
            double v = place_worth(pl, &view.g, mode, d_now, words, sizeof words);
            if (!prone)
                break_off(pl, &pts[i], mode, best);
            if (v + RISK * pl->here <= best->score + 1e-9)
                continue;
            snprintf(why, sizeof why, "%s %.1f\" to (%.1f, %.1f) (a %s allows %.0f\"): %s", mode_word[mode],
                     sl_dist(c, pts[i]) / 1000.0, pts[i].x / 1000.0, pts[i].y / 1000.0, mode_noun[mode],
                     sc_allowance(&g->live, pl->u, mode) / 1000.0, words);
            if (prone && mode != SC_SNEAK) {
                /* it stands up first: the move is its next command */
                char w2[SL_CMD_NOTE - 8];
                snprintf(w2, sizeof w2, "stands up to move: it %.500s", why);
                sl_cmd_init(&mv, sc_kind_of(SC_ROW_STANCE), pl->u);
                sc_cmd_set(&mv, &(sc_cmd){.prone = false});
                consider(pl, best, v + RISK * pl->here - STAND_COST, &mv, w2);
                continue;
            }
            consider(pl, best, v + RISK * pl->here, &mv, why);
        }
    }
    rl_view_free(&view);
}

/* Everything the unit could do next, as the state `as` says, scored
 * against doing nothing more where it stands. */
static void plan(const rl_policy *p, int u, const sc_unit *as, bool active, rl_tactic *best)
{
    planner pl = {p, rl_policy_game(p), u, *as, active, 0, false};
    pl.here = threat(p, pl.g, u, as->hiding || as->sneaking);
    pl.cover_here = sl_game_unit_in_cover(pl.g, u);
    if (as->step >= 3 || as->struck || as->shot)
        return;
    shots_here(&pl, best);
    close_here(&pl, best);
    stand_to_close(&pl, best);
    hide_here(&pl, best);
    moves(&pl, best);
}

/* The end of its action: prone in its cover when an enemy could hurt it
 * there (the cover counts for more), else the action ends. */
static void action_end(const rl_policy *p, int u, sl_command *out, char *why, size_t len)
{
    const sl_game *g = rl_policy_game(p);
    const sc_unit *s = sc_unit_of(g, u);
    double here = threat(p, g, u, s->hiding || s->sneaking);
    int re = sc_unit_re(&g->live, u), over = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            over += a + b > re;
    bool sprinted = s->mode == SC_SPRINT;
    if (!s->prone && !s->aimed && here > 0.04 && sl_game_unit_in_cover(g, u) && (!sprinted || over <= 12)) {
        sl_cmd_init(out, sc_kind_of(SC_ROW_STANCE), u);
        sc_cmd_set(out, &(sc_cmd){.prone = true});
        if (rl_policy_allowed(p, out)) {
            char risk[120] = "";
            if (sprinted)
                snprintf(risk, sizeof risk, "; after its sprint it risks a stun, %.0f%% (2D6 over its RE %d)",
                         over * 100 / 36.0, re);
            snprintf(why, len, "%s goes prone at the end of its action: in cover an enemy's best chance of hurting it "
                               "is %.0f%% standing, and low cover counts -3 against a prone target instead of -2%s",
                     rl_unit_name(g, u), here * 100, risk);
            return;
        }
    }
    sl_cmd_init(out, SL_CMD_END_ACTIVATION, -1);
    snprintf(why, len, "%s ends its action: nothing more worth doing in it", rl_unit_name(g, u));
}

/* The unit acting: its next command, the best of what it could do, else
 * the end of its action. */
static bool sc_orders(const rl_policy *p, int u, sl_command *out, char *why, size_t whylen)
{
    const sl_game *g = rl_policy_game(p);
    rl_tactic best = {0.02, {0}, ""};
    sl_cmd_init(&best.cmd, SL_CMD_NONE, -1);
    plan(p, u, sc_unit_of(g, u), true, &best);
    if (best.cmd.kind == SL_CMD_NONE) {
        action_end(p, u, out, why, whylen);
        return true;
    }
    *out = best.cmd;
    snprintf(why, whylen, "%s %s", rl_unit_name(g, u), best.why);
    return true;
}

/* Which unit its side assigns, and to what: the one with the most to do
 * acts; a unit with nothing worth doing now watches (overwatch) while an
 * enemy has still to act; else the side is done. */
static bool sc_side_orders(const rl_policy *p, sl_command *out, char *why, size_t whylen)
{
    const sl_game *g = rl_policy_game(p);
    int side = rl_policy_side(p), unit = -1, watch = -1;
    double wscore = 0;
    char wwhy[200] = "";
    rl_tactic top = {0.02, {0}, ""};
    const int *en;
    int ne = rl_policy_enemies(p, &en);
    for (int u = 0; u < g->live.nunits; u++) {
        if (g->live.units[u].side != side || !sl_game_to_activate(g, u) || !sc_able(g, u))
            continue;
        sc_unit as = fresh(g, u);
        rl_tactic t = {0.02, {0}, ""};
        sl_cmd_init(&t.cmd, SL_CMD_NONE, -1);
        plan(p, u, &as, false, &t);
        /* watching an enemy still to act that could hurt it: its aimed
         * shot in reaction resolves before that enemy's action */
        double react = 0, thr = 0;
        for (int i = 0; i < ne; i++) {
            if (g->us[en[i]].activated || !sc_able(g, en[i]))
                continue;
            sc_unit es = fresh(g, en[i]);
            react = fmax(react, attack_worth(g, u, en[i], SC_AIMED, &as, NULL, 0));
            thr = fmax(thr, attack_worth(g, en[i], u, SC_AIMED, &es, NULL, 0));
        }
        double watching = 0.05 + 0.4 * thr + 0.8 * react;
        if (react >= 0.15 && !as.hiding && watching > t.score && watching > wscore) {
            snprintf(wwhy, sizeof wwhy, "an enemy still to act could hurt it (%.0f%%), and from overwatch its aimed shot "
                                        "(%.0f%% to hurt) goes before that enemy's action",
                     thr * 100, react * 100);
            wscore = watching;
            watch = u;
        } else if (t.cmd.kind != SL_CMD_NONE && t.score > top.score) {
            top = t;
            unit = u;
        }
    }
    if (watch >= 0 && wscore > top.score)
        unit = -1;
    if (unit >= 0) {
        sl_cmd_init(out, SL_CMD_ACTIVATE, unit);
        snprintf(why, whylen, "assigns %s to act: it %.*s", rl_unit_name(g, unit), rl_reason_head(top.why), top.why);
    } else if (watch >= 0) {
        sl_cmd_init(out, sc_kind_of(SC_ROW_OVERWATCH), watch);
        snprintf(why, whylen, "assigns %s to overwatch: %s", rl_unit_name(g, watch), wwhy);
    } else {
        sl_cmd_side(out, SL_CMD_DONE, side);
        snprintf(why, whylen, "%s is done for the turn: none of its units has anything worth an action",
                 rl_side_name(g, side));
    }
    return true;
}

/* What a unit of its side is to do this turn, in SkirmishCorps' words,
 * for the plan stated at the turn's start: out of the fight (stunned or
 * knocked out), aimed shots from where it stands, a charge within reach,
 * staying hidden to spring, or closing to a range bracket its firearm
 * can shoot in. */
static bool sc_aim_words(const rl_policy *p, int u, char *words, size_t len)
{
    const sl_game *g = rl_policy_game(p);
    const sc_unit *s = sc_unit_of(g, u);
    if (s->ko || s->stunned) {
        snprintf(words, len, "%s", s->ko ? "lie knocked out" : "lie stunned");
        return true;
    }
    const int *en;
    int n = rl_policy_enemies(p, &en);
    if (n == 0) {
        snprintf(words, len, "%s", s->hiding ? "stay hidden" : "watch for the enemy");
        return true;
    }
    sc_unit as = fresh(g, u);
    double v, near = 1e9;
    char w[400];
    if (best_attack(p, g, u, SC_AIMED, &as, &v, w, sizeof w) >= 0) {
        snprintf(words, len, "%s", s->hiding ? "stay hidden, then aimed shots" : "aimed shots from where they stand");
        return true;
    }
    for (int i = 0; i < n; i++)
        near = fmin(near, sl_dist(rl_unit_centre(g, u), rl_unit_centre(g, en[i])) / 1000.0);
    int sp = sc_unit_sp(&g->live, u);
    if (near <= 2.0 * sp)
        snprintf(words, len, "%s", s->hiding && near <= sp ? "stay hidden to spring" : "close in to charge");
    else
        snprintf(words, len, "close to a range bracket they can shoot in");
    return true;
}

/* --- its answers to SkirmishCorps' decisions -------------------------------------------------- */

bool sc_tactics_react(const sl_game *g, sl_command *out)
{
    const sc_react_chain *ch = sc_chain_of(g);
    int inst = ch->instigator.unit, best = -1;
    double bw = 0;
    char words[400] = "", bwords[400] = "";
    for (int i = 0; i < g->pending.noptions; i++) {
        int r = g->pending.options[i];
        if (!sc_can_react(g, g->pending.side, r))
            continue;
        double w = attack_worth(g, r, inst, SC_AIMED, sc_unit_of(g, r), words, sizeof words);
        if (w > bw) {
            bw = w;
            best = r;
            snprintf(bwords, sizeof bwords, "%s", words);
        }
    }
    if (best >= 0 && bw >= 0.08) {
        sl_cmd_target(out, sc_kind_of(SC_ROW_AIM), best, inst);
        snprintf(out->note, sizeof out->note, "solo: %s reacts from overwatch: it aims at %s before its action "
                                              "resolves: %s",
                 rl_unit_name(g, best), rl_unit_name(g, inst), bwords);
        sl_utf8_trim(out->note);
        char why[300];
        if (sl_game_can(g, out, why, sizeof why))
            return true;
    }
    sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
    if (best >= 0)
        snprintf(out->note, sizeof out->note, "solo: %s declares no reaction: the best, %s aiming at %s, is %s",
                 g->live.sides[g->pending.side].name, rl_unit_name(g, best), rl_unit_name(g, inst), bwords);
    else
        snprintf(out->note, sizeof out->note, "solo: %s declares no reaction: no unit on overwatch has a shot at %s",
                 g->live.sides[g->pending.side].name, rl_unit_name(g, inst));
    sl_utf8_trim(out->note);
    return true;
}

bool sc_tactics_pursue(const sl_game *g, sl_command *out)
{
    int me = g->pending.options[0], them = g->pending.mover;
    char words[400] = "";
    double shot = attack_worth(g, me, them, SC_AIMED, sc_unit_of(g, me), words, sizeof words);
    if (sc_able(g, me) && sc_able(g, them) && shot < 0.12) {
        sl_cmd_decide(out, sc_word(SC_WORD_PURSUE));
        snprintf(out->note, sizeof out->note, "solo: %s pursues %s: it burns its action to stay in base contact "
                                              "rather than let it get away (%s%s)",
                 rl_unit_name(g, me), rl_unit_name(g, them), shot < 0 ? "it has no shot at it" : "an aimed shot: ",
                 shot < 0 ? "" : words);
    } else {
        sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
        snprintf(out->note, sizeof out->note, "solo: %s lets %s go and keeps its action%s%s",
                 rl_unit_name(g, me), rl_unit_name(g, them), shot >= 0.12 ? " for an aimed shot: " : "",
                 shot >= 0.12 ? words : "");
    }
    sl_utf8_trim(out->note);
    return true;
}

/* --- the ruleset's house row ---------------------------------------------------------------- */

static const rl_option_def sc_play_options[] = {
    {{"sc_attacks", SL_OPT_CHOICE, 0, "players|rolled", 0, 0, 0,
      "SkirmishCorps: who works out what an attack did. players (the default): the players roll as they play it "
      "and enter what it did (a miss, or a hit that did nothing, stunned, knocked out or put out of action), also "
      "for the program's attacks in solo play. rolled: the program rolls the hit by the project's own reading, "
      "since no source gives a roll to hit (2D6 at or under 7 plus the modifiers), then the damage, wounds and "
      "injury by the SkirmishCorps tables, every die in the journal (src/rules/RULES.md, \"SkirmishCorps "
      "attacks\")."},
     "ruleset"},
};

const rl_house sc_play_rule = {
    .name = "skirmishcorps_play",
    /* not "seed 002": the seed is the ruleset's own, and its words name
     * the ruleset, not this row (sl_game_plain_words) */
    .source = "the SkirmishCorps reference, section 8, and our reading",
    .title = "the SkirmishCorps attack outcomes and solo tactics",
    .named_only = true, /* in play under SkirmishCorps alone, which names it in its admits */
    .orders = sc_orders,
    .side_orders = sc_side_orders,
    .aim_words = sc_aim_words,
    .options = sc_play_options,
    .noptions = 1,
};
