/* How a game ends (the scenario's "objectives"; src/rules/RULES.md,
 * "Objectives and the end of the game"): when a side has nothing left
 * that can fight, or when its last turn has been played and the places
 * are scored. The end is a state event, "winner" or "draw", for every
 * side's eyes; after it every command is refused. */
#include <stdio.h>
#include <string.h>

#include "base.h"

static bool unit_counts(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    if (un->kind == SL_UNIT_DUMMY || sl_unit_whole(&g->live, u) >= 0 || g->live.units[u].confidence == SL_CONF_ROUTED)
        return false;
    if (un->kind == SL_UNIT_VEHICLE && g->us[u].damage >= 2)
        return false;
    return rl_living(g, u) > 0;
}

bool sl_game_side_fights(const sl_game *g, int side)
{
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side == side && unit_counts(g, u))
            return true;
    return false;
}

/* Bit s set when side s has a man standing in the place now, as side
 * `reader` knows it (-1: as it is; a unit hidden from the reader, under
 * its counter or out of its sight, is not seen to be there). */
static unsigned present(const sl_game *g, int obj, int reader)
{
    const sl_objective *o = &g->live.objectives[obj];
    unsigned sides = 0;
    double r2 = (double)o->radius * o->radius;
    for (int u = 0; u < g->live.nunits; u++) {
        if (!unit_counts(g, u) || sl_game_off_table(g, u))
            continue;
        sl_know k = sl_game_knows(g, reader, u);
        if (k == SL_KNOW_COUNTER || k == SL_KNOW_UNIT || k == SL_KNOW_LAST_SEEN)
            continue;
        const sl_unit *un = &g->live.units[u];
        for (int i = 0; i < un->nfigures; i++) {
            const sl_figure *f = &g->live.figures[un->first_figure + i];
            double dx = (double)f->pos.x - o->at.x, dy = (double)f->pos.y - o->at.y;
            if (f->status == SL_FIG_OK && dx * dx + dy * dy <= r2) {
                sides |= 1u << un->side;
                break;
            }
        }
    }
    return sides;
}

int sl_game_holder(const sl_game *g, int obj)
{
    return sl_game_holder_for(g, obj, -1);
}

int sl_game_holder_for(const sl_game *g, int obj, int reader)
{
    if (obj < 0 || obj >= g->live.nobjectives)
        return -1;
    const sl_objective *o = &g->live.objectives[obj];
    if (o->reach_side >= 0)
        return g->outcome.reached[obj] > 0 ? o->reach_side : -1;
    unsigned s = present(g, obj, g->outcome.over ? -1 : reader);
    if (!s)
        return -1;
    if (s & (s - 1))
        return -2;
    int side = 0;
    while (!(s & 1u)) {
        s >>= 1;
        side++;
    }
    return side;
}

void sl_game_score(const sl_game *g, int points[SL_MAX_SIDES])
{
    memset(points, 0, sizeof(int) * SL_MAX_SIDES);
    for (int i = 0; i < g->live.nobjectives; i++) {
        int h = sl_game_holder(g, i);
        if (h >= 0)
            points[h] += g->live.objectives[i].points;
    }
}

static void end_game(sl_game *g, int winner, const char *why)
{
    sl_outcome *o = &g->outcome;
    o->over = true;
    o->winner = winner;
    snprintf(o->why, sizeof o->why, "%s", why);
    g->pending.kind = SL_DECIDE_NONE;
    char fields[1400], sid[80], reason[700], pts[300];
    size_t at = 0;
    pts[0] = '\0';
    for (int s = 0; s < g->live.nsides && at < sizeof pts; s++) {
        sl_json_escape(sid, sizeof sid, g->live.sides[s].id);
        at += (size_t)snprintf(pts + at, sizeof pts - at, "%s\"%s\":%d", s ? "," : "", sid, o->points[s]);
    }
    sl_json_escape(reason, sizeof reason, why);
    char text[900];
    if (winner >= 0) {
        sl_json_escape(sid, sizeof sid, g->live.sides[winner].id);
        snprintf(fields, sizeof fields, "\"what\":\"winner\",\"side\":\"%s\",\"reason\":\"%s\",\"points\":{%s}", sid,
                 reason, pts);
        snprintf(text, sizeof text, "The game is over: %s wins (%s)", rl_side_name(g, winner), why);
    } else {
        snprintf(fields, sizeof fields, "\"what\":\"draw\",\"reason\":\"%s\",\"points\":{%s}", reason, pts);
        snprintf(text, sizeof text, "The game is over: a draw (%s)", why);
    }
    bool pub = g->fog_public;
    g->fog_public = true;
    rl_event(g, SL_EV_STATE, -1, text, fields);
    g->fog_public = pub;
}

void rl_outcome_check(sl_game *g)
{
    if (g->outcome.over || g->live.nsides < 2 || g->turn == 0)
        return;
    for (int i = 0; i < g->live.nobjectives; i++) {
        const sl_objective *o = &g->live.objectives[i];
        if (o->reach_side >= 0 && !g->outcome.reached[i] && (present(g, i, -1) & (1u << o->reach_side))) {
            g->outcome.reached[i] = g->turn;
            rl_state(g, -1, "objective", "%s reaches %s: %d point%s", rl_side_name(g, o->reach_side), o->name,
                     o->points, o->points == 1 ? "" : "s");
        }
    }
    int fighting = 0, last = -1;
    for (int s = 0; s < g->live.nsides; s++)
        if (sl_game_side_fights(g, s)) {
            fighting++;
            last = s;
        }
    if (fighting >= 2)
        return;
    sl_game_score(g, g->outcome.points);
    char why[300];
    if (fighting == 1) {
        /* in the ruleset's own words: "Blue's units are all out of the
         * fight", or Stargrunt II's "Blue is destroyed or routed" */
        const char *gone = rl_ruleset_of(g)->units_gone;
        size_t at = 0;
        why[0] = '\0';
        for (int s = 0; s < g->live.nsides; s++)
            if (s != last)
                at += (size_t)snprintf(why + at, sizeof why - at, "%s%s%s", at ? " and " : "", rl_side_name(g, s),
                                       gone ? "'s" : "");
        if (gone)
            snprintf(why + at, sizeof why - at, " units are %s, in turn %d", gone, g->turn);
        else
            snprintf(why + at, sizeof why - at, " %s destroyed or routed in turn %d",
                     g->live.nsides > 2 ? "are" : "is", g->turn);
        end_game(g, last, why);
    } else {
        snprintf(why, sizeof why, "no side has a unit left that can fight, in turn %d", g->turn);
        end_game(g, -1, why);
    }
}

/* What the fighting has done so far, as one number: each man's state and
 * each unit's suppression and confidence (never 0). */
static uint32_t hurt_sig(const sl_game *g)
{
    uint32_t h = 2166136261u;
    for (int f = 0; f < g->live.nfigures; f++)
        h = (h ^ (uint32_t)g->live.figures[f].status) * 16777619u;
    for (int u = 0; u < g->live.nunits; u++) {
        h = (h ^ (uint32_t)g->us[u].suppression) * 16777619u;
        h = (h ^ (uint32_t)g->live.units[u].confidence) * 16777619u;
    }
    return h ? h : 1;
}

/* Has the journal, since the last turn's end, an attack's result or a
 * man hurt (a ruleset's own words for it: a SkirmishCorps stun or knock
 * out is no change of the man's state)? */
static bool fighting_since(sl_game *g)
{
    static const char *const what[] = {"\"what\":\"attack-result\"", "\"what\":\"casualty\"",
                                       "\"what\":\"casualties\"",     "\"what\":\"close-combat\"",
                                       "\"what\":\"stunned\"",        "\"what\":\"destroyed\""};
    bool seen = false;
    for (int i = g->outcome.quiet_scan; i < g->journal.n && !seen; i++)
        for (size_t k = 0; g->journal.ev[i].kind == SL_EV_STATE && k < sizeof what / sizeof what[0] && !seen; k++)
            seen = g->journal.ev[i].json && strstr(g->journal.ev[i].json, what[k]) != NULL;
    g->outcome.quiet_scan = g->journal.n;
    return seen;
}

/* Rule option quiet_turns: with no turn limit, a game where nothing has
 * been hurt or attacked for that many turns ends in a draw. True when it
 * ended. */
static bool quiet_end(sl_game *g)
{
    sl_outcome *o = &g->outcome;
    uint32_t sig = hurt_sig(g);
    if (fighting_since(g) || sig != o->quiet_sig) {
        o->quiet_sig = sig;
        o->quiet_since = g->turn;
        return false;
    }
    int n = g->live.options.quiet_turns;
    if (n <= 0 || g->live.turn_limit > 0 || g->live.nsides < 2 || g->turn - o->quiet_since < n)
        return false;
    sl_game_score(g, o->points);
    char why[300];
    snprintf(why, sizeof why, "no attack made and no man hurt or shaken in the %d turns to the end of turn %d, on a "
                              "table with no turn limit (rule option quiet_turns)",
             n, g->turn);
    end_game(g, -1, why);
    return true;
}

bool rl_outcome_turn_end(sl_game *g)
{
    if (g->outcome.over)
        return true;
    if (quiet_end(g))
        return true;
    if (g->live.turn_limit <= 0 || g->turn < g->live.turn_limit || g->live.nsides < 2)
        return false;
    sl_game_score(g, g->outcome.points);
    int best = -1, top = -1;
    bool tie = false;
    for (int s = 0; s < g->live.nsides; s++) {
        if (g->outcome.points[s] > top) {
            top = g->outcome.points[s];
            best = s;
            tie = false;
        } else if (g->outcome.points[s] == top) {
            tie = true;
        }
    }
    char why[300], held[200];
    size_t at = 0;
    held[0] = '\0';
    for (int s = 0; s < g->live.nsides && at < sizeof held; s++)
        at += (size_t)snprintf(held + at, sizeof held - at, "%s%s %d", s ? ", " : "", rl_side_name(g, s),
                               g->outcome.points[s]);
    if (g->live.nobjectives == 0)
        snprintf(why, sizeof why, "the turn limit: turn %d was the last, and the scenario has no places to score",
                 g->turn);
    else
        snprintf(why, sizeof why, "objectives held at the end of turn %d, the last: %s", g->turn, held);
    end_game(g, tie ? -1 : best, why);
    g->outcome.by_points = g->live.nobjectives > 0;
    return true;
}
