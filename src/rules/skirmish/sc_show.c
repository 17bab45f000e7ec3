/* What the window shows of a SkirmishCorps unit: the actions it offers,
 * the counters under its figures, its card, its profile and what a way
 * costs; and while it picks a target, its attack card or the odds of its
 * spot test. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "skirmish.h"

int sc_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    /* one action of these */
    int n = 0;
    const sc_unit *st = sc_unit_of(g, unit);
    if (sl_game_active_unit(g) != unit)
        rl_offer_add(out, &n, max, SL_CMD_ACTIVATE, 0, "Assign to act", "A", 0, 10);
    /* offered to the unit acting too, greyed with why (it is instead of acting) */
    rl_offer_add(out, &n, max, sc_kind_of(SC_ROW_OVERWATCH), 0, "Overwatch", "Shift+O", 0, 11);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SC_JOG, "Jog", "M", RL_OFFER_PATH, 20);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SC_RUN, "Run", "C", RL_OFFER_PATH, 30);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SC_SPRINT, "Sprint", "Shift+C", RL_OFFER_PATH, 40);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, SC_SNEAK, "Sneak", "K", RL_OFFER_PATH, 50);
    rl_offer_add(out, &n, max, sc_kind_of(SC_ROW_STANCE), st->prone ? 0 : 1, st->prone ? "Stand up" : "Go prone",
                 "P", 0, 60);
    rl_offer_add(out, &n, max, sc_kind_of(SC_ROW_HIDE), 0, "Hide", "H", 0, 70);
    /* at an enemy: spot, shoot (snap or aimed), throw */
    static const struct {
        const char *label, *key;
        int order;
    } at_enemy[] = {{"Spot", "W", 75},          {"Snap shot", "F", 76}, {"Aim and shoot", "Shift+F", 77},
                    {"Throw", "Shift+T", 78},   {"Charge", "Shift+H", 79}, {"Spring attack", "Shift+S", 80}};
    int kinds[] = {sc_kind_of(SC_ROW_SPOT),   SL_CMD_FIRE,
                   sc_kind_of(SC_ROW_AIM),    sc_kind_of(SC_ROW_THROW),
                   sc_kind_of(SC_ROW_CHARGE), sc_kind_of(SC_ROW_SPRING)};
    rl_offer_add(out, &n, max, sc_kind_of(SC_ROW_BREAKOFF), SC_JOG, "Break off", "Shift+B", RL_OFFER_PATH, 81);
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

int sc_marks(const sl_game *g, int u, sl_mark *out, int max)
{
    /* stance, hiding, sneaking, stunned */
    const sl_unit_state *st = &g->us[u];
    const sc_unit *sc = sc_unit_of(g, u);
    int n = 0;
    if (sc->prone)
        mark(out, &n, max, "PRONE", SL_MARK_SHADE, 10);
    if (sc->hiding)
        mark(out, &n, max, "HIDING", SL_MARK_INFO, 20);
    if (sc->sneaking)
        mark(out, &n, max, "SNEAKING", SL_MARK_INFO, 30);
    if (sc->stunned > 0)
        mark(out, &n, max, "STUNNED", SL_MARK_ALERT, 40);
    if (sc->ko)
        mark(out, &n, max, "KO", SL_MARK_ALERT, 41);
    if (sc->overwatch && !sc->reacted)
        mark(out, &n, max, "OVERWATCH", SL_MARK_INFO, 45);
    else if (sc->reacted)
        mark(out, &n, max, "REACTED", SL_MARK_SHADE, 45);
    if (u == sl_game_active_unit(g) && !g->outcome.over) /* nothing acts after the end */
        mark(out, &n, max, "ACTING", SL_MARK_ACTIVE, 80);
    else if (st->activated)
        mark(out, &n, max, "DONE", SL_MARK_DONE, 80);
    return n;
}

bool sc_shows_done(const sl_game *g, int u)
{
    return g->us[u].activated && u != sl_game_active_unit(g);
}

int sc_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    /* stance and markers, nothing of morale */
    if (max < 1)
        return 0;
    const sl_unit_state *st = &g->us[unit];
    const sc_unit *sc = sc_unit_of(g, unit);
    int active = sl_game_active_unit(g);
    memset(out, 0, sizeof *out);
    snprintf(out->text, sizeof out->text, "%s, %s%s%s%s",
             g->outcome.over ? "the game is over" : unit == active ? "acting" : st->activated ? "has acted" : "to act",
             sc->prone ? "prone" : "standing",
             sc->hiding ? ", hiding" : "", sc->sneaking ? ", sneaking" : "",
             sc->stunned > 0 ? ", stunned (does nothing next turn)" : "");
    int n = 1;
    if (sc->spotted && unit == active && n < max) {
        memset(&out[n], 0, sizeof out[n]);
        snprintf(out[n].text, sizeof out[n].text, "has spotted %s: it may target it in this action",
                 rl_unit_name(g, sc->spotted - 1));
        n++;
    }
    if (sc->flushed_by && sc->flushed_turn == g->turn && n < max) {
        memset(&out[n], 0, sizeof out[n]);
        snprintf(out[n].text, sizeof out[n].text, "flushed out by %s this turn", rl_unit_name(g, sc->flushed_by - 1));
        n++;
    }
    return n;
}

int sc_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures)
{
    /* the foot-unit's firearm, its profile and how far it goes */
    char buf[200];
    int n = 0;
    *figures = false;
    rl_profile_add(out, &n, max, true, "Foot-unit (SkirmishCorps)", "");
    /* what it fires, first: the line kept when the card is short of room */
    const sc_firearm *fa = sc_firearm_get(sc_unit_firearm(scn, unit));
    rl_profile_add(out, &n, max, false, "Firearm", fa ? fa->name : "none"); /* one line: its damage is the attack's */
    snprintf(buf, sizeof buf, "%d (a jog, in inches)", sc_unit_sp(scn, unit));
    rl_profile_add(out, &n, max, false, "Speed (SP)", buf);
    snprintf(buf, sizeof buf, "%.0f\"", sc_allowance(scn, unit, SC_RUN) / 1000.0);
    rl_profile_add(out, &n, max, false, "Run", buf);
    int32_t sprint = sc_allowance(scn, unit, SC_SPRINT);
    if (sprint > 0)
        snprintf(buf, sizeof buf, "%.0f\"", sprint / 1000.0);
    else
        snprintf(buf, sizeof buf, "none (SP 4 or less)");
    rl_profile_add(out, &n, max, false, "Sprint", buf);
    snprintf(buf, sizeof buf, "%.1f\" (prone, from hiding)", sc_allowance(scn, unit, SC_SNEAK) / 1000.0);
    rl_profile_add(out, &n, max, false, "Sneak", buf);
    snprintf(buf, sizeof buf, "%d", sc_unit_re(scn, unit));
    rl_profile_add(out, &n, max, false, "Reactions (RE)", buf);
    return n;
}

/* One enemy's best bracket on the way so far (sc_way_reach). */
typedef struct reach_best {
    int mod, ring;
    double at;
    sl_pt where;
} reach_best;

static bool counts_as_enemy(const sl_game *g, int unit, int o)
{
    return g->live.units[o].side != g->live.units[unit].side && rl_living(g, o) > 0 && !rl_fog_counter(g, o) &&
           !sl_game_off_table(g, o) && sc_unit_firearm(&g->live, o) >= 0;
}

/* The mover's men placed as a what-if with their centre d along the way. */
typedef struct reach_walk {
    const sl_game *g;
    int unit, nf;
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    sl_pt centre;
    const sl_pt *way;
    int nway;
    rl_view v;
} reach_walk;

static sl_pt walk_to(reach_walk *rw, double d)
{
    sl_pt p = sl_path_point_at(rw->way, rw->nway, d);
    for (int i = 0; i < rw->nf; i++) {
        sl_pt was = rw->g->live.figures[rw->figs[i]].pos;
        rw->pos[i] = sl_pt_make(was.x + p.x - rw->centre.x, was.y + p.y - rw->centre.y);
    }
    rl_view_place(&rw->v, &(sl_placement){rw->figs, rw->pos, rw->nf});
    return p;
}

/* Does enemy o have the mover, standing at p, in sight in a bracket with
 * at least `mod` to hit (a nearer one than `ring` on a tie)? Its bracket. */
static bool in_reach(reach_walk *rw, int o, sl_pt p, int mod, int ring, int *bracket)
{
    const sc_firearm *fa = sc_firearm_get(sc_unit_firearm(&rw->g->live, o));
    int b = sc_range_bracket((int32_t)lround(sl_dist(rl_unit_centre(rw->g, o), p)));
    if (fa->mod[b] == SC_BRACKET_NO || (ring >= 0 && (fa->mod[b] < mod || (fa->mod[b] == mod && b >= ring))))
        return false;
    sl_unit_sight s;
    sl_unit_sight_judge(&rw->v.g.sight, o, rw->unit, false, &s);
    *bracket = b;
    return s.visible;
}

/* The way walked a quarter inch at a time (more on a long way), each
 * enemy asked whether it sees the mover and in which of its firearm's
 * brackets it stands (centre to centre, as a shot); where that gets
 * better, the spot it starts is found to a hundredth of an inch. */
static void walk_reach(const sl_game *g, int unit, const sl_pt *way, int nway, reach_best *best)
{
    const sl_unit *u = &g->live.units[unit];
    reach_walk rw = {.g = g, .unit = unit, .way = way, .nway = nway, .centre = rl_unit_centre(g, unit)};
    rw.nf = u->nfigures < SL_SIGHT_MAX_FIGS ? u->nfigures : SL_SIGHT_MAX_FIGS;
    for (int i = 0; i < rw.nf; i++)
        rw.figs[i] = u->first_figure + i;
    if (!rl_view_init(&rw.v, g))
        return;
    double length = sl_path_length(way, nway), step = length / 400 > 250 ? length / 400 : 250;
    for (double d = 0, last = 0;; last = d, d += step) {
        if (d > length)
            d = length;
        sl_pt p = walk_to(&rw, d);
        for (int o = 0; o < g->live.nunits; o++) {
            int b;
            if (!counts_as_enemy(g, unit, o) || !in_reach(&rw, o, p, best[o].mod, best[o].ring, &b))
                continue;
            int mod = best[o].mod, ring = best[o].ring;
            double lo = last, hi = d; /* not yet at lo (unless d is 0), in at hi */
            while (d > 0 && hi - lo > 10) {
                double mid = (lo + hi) / 2;
                int bm;
                if (in_reach(&rw, o, walk_to(&rw, mid), mod, ring, &bm))
                    hi = mid, b = bm;
                else
                    lo = mid;
            }
            const sc_firearm *fa = sc_firearm_get(sc_unit_firearm(&g->live, o));
            best[o] = (reach_best){fa->mod[b], b, hi, sl_path_point_at(way, nway, hi)};
            walk_to(&rw, d);
        }
        if (d >= length)
            break;
    }
    rl_view_free(&rw.v);
}

int sc_way_reach(const sl_game *g, int unit, const sl_pt *way, int nway, sl_way_reach *out, int max)
{
    reach_best *best = malloc(sizeof *best * (size_t)(g->live.nunits > 0 ? g->live.nunits : 1));
    if (!best)
        return 0;
    for (int o = 0; o < g->live.nunits; o++)
        best[o].ring = -1;
    walk_reach(g, unit, way, nway, best);
    int n = 0;
    /* the first met along the way first (the earliest left, one by one) */
    while (n < max) {
        int o = -1;
        for (int k = 0; k < g->live.nunits; k++)
            if (best[k].ring >= 0 && (o < 0 || best[k].at < best[o].at))
                o = k;
        if (o < 0)
            break;
        sl_reach_ring ring[SL_MAX_REACH];
        if (best[o].ring < sc_reach(&g->live, o, ring, SL_MAX_REACH, NULL)) {
            out[n] = (sl_way_reach){o, best[o].ring, (int32_t)lround(best[o].at), best[o].where, {0}};
            snprintf(out[n].label, sizeof out[n].label, "%s", ring[best[o].ring].label);
            n++;
        }
        best[o].ring = -1;
    }
    free(best);
    return n;
}

void sc_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                 char *l2, size_t len)
{
    /* difficult going halves the distance; which ways of moving reach */
    (void)one;
    int64_t cost = sc_way_cost(two);
    snprintf(l1, len, "Move %.1f\" \xC2\xB7 costs %.1f\" (difficult going counts double)%s", two->length / 1000.0,
             sc_way_cost_exact(two) / 1000.0, two->impassable ? " \xC2\xB7 IMPASSABLE" : "");
    /* the shortest way of moving that reaches: sneak, jog, run, sprint */
    static const char *const reach[] = {"any way reaches", "a jog reaches", "a run reaches", "only a sprint reaches"};
    static const int order[] = {SC_SNEAK, SC_JOG, SC_RUN, SC_SPRINT};
    const char *says = "too far for one action";
    for (int k = 3; k >= 0; k--)
        if (cost <= sc_allowance(scn, unit, order[k]))
            says = reach[k];
    snprintf(l2, len, "%s (sneak %.1f\", jog %d\", run %d\", sprint %s)", says,
             sc_allowance(scn, unit, SC_SNEAK) / 1000.0, sc_allowance(scn, unit, SC_JOG) / 1000,
             sc_allowance(scn, unit, SC_RUN) / 1000, sc_unit_sp(scn, unit) > 4 ? "twice SP" : "none");
}

/* An attack being aimed: SkirmishCorps' own card, not Stargrunt's fire
 * card: the target's range and each modifier the rules give, or why it
 * is not allowed; the players then enter what happened. */
static void attack_card(const sl_game *g, int viewer, int unit, int kind, int how, int target, sl_preview *out)
{
    const rl_cmd_def *d = rl_command_row(g, kind);
    out->card = true;
    snprintf(out->title, sizeof out->title, "%s",
             how == SC_SNAP ? "a snap shot at" : d && d->pick.verb ? d->pick.verb : rl_command_name(g, kind));
    if (target >= 0 && target < g->live.nunits) {
        sc_attack_info a;
        sc_attack_judge(g, unit, target, how, &a);
        char buf[SL_NAME_LEN + 16];
        const char *name = rl_name_for(g, viewer, target, buf, sizeof buf);
        out->legal = a.legal;
        if (!a.legal) {
            snprintf(out->why, sizeof out->why, "%s", a.why);
            rl_preview_line(out, "%.60s: not allowed: %.180s", name, a.why);
        } else {
            rl_preview_line(out, "%.60s, %.1f\"%s: modifiers %+d", name, a.inches, a.bracket >= 0 ? "" : " away", a.total);
            for (int i = 0; i < a.nmods; i++)
                rl_preview_line(out, "  %+d  %.180s", a.mod[i], a.mod_why[i]);
            if (how == SC_THROW) /* the table knows no thrown weapon's reach: the players do */
                rl_preview_line(out, "You say what is thrown and if %.1f\" is in its reach (no range is kept here)",
                                a.inches);
            rl_preview_line(out, how == SC_THROW ? "Click or Enter, roll it, then 1 (a miss) to 5 (out of action)"
                                                 : "Click or Enter: then the players enter what happened");
        }
    }
    rl_preview_line(out, "Click an enemy unit (Tab cycles the ones allowed); Esc cancels");
}

bool sc_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                sl_preview *out)
{
    (void)variant;
    (void)at;
    int how = sc_attack_how(kind);
    if (how >= 0) {
        attack_card(g, viewer, unit, kind, how, target, out);
        return true;
    }
    if (kind != sc_kind_of(SC_ROW_SPOT) || target < 0 || target >= g->live.nunits)
        return false;
    /* a spot test: its odds, counted over the 36 pairs of dice */
    int bonus;
    char how_words[160], buf[SL_NAME_LEN + 16];
    double odds = sc_spot_odds(g, unit, target, &bonus, how_words, sizeof how_words);
    rl_preview_line(out, "%.60s: %.0f%% to spot it (1D6 + %d against 1D6 + %d%.80s); click or Enter",
                    rl_name_for(g, viewer, target, buf, sizeof buf), 100 * odds, sc_unit_re(&g->live, unit) + bonus,
                    sc_unit_re(&g->live, target), how_words);
    return true;
}
