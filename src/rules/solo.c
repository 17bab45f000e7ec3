/* Solo play: the program's answer to the decision pending, by a policy
 * it states in words (src/rules/RULES.md, "Solo play"). It asks only what
 * a player could see: the offer's odds and the fire previews. */
#include <stdio.h>
#include <string.h>

#include "sightline/game.h"
#include "rules.h"

/* React when the chance to at least suppress is this good. */
#define SOLO_THRESHOLD 0.35

static const char *side_name(const sl_game *g, int side)
{
    return side >= 0 && side < g->live.nsides ? g->live.sides[side].name : "?";
}

static const char *unit_name(const sl_game *g, int unit)
{
    return unit >= 0 && unit < g->live.nunits ? g->live.units[unit].name : "?";
}

/* Opportunity fire: the option with the best chance to suppress among
 * those at or over their own threshold (min_p), at the point where the
 * mover is most exposed; else hold, saying why (`hold`: the policy's
 * reason for options it held back, or NULL). */
bool rl_solo_opfire(const sl_game *g, const double *min_p, const char *hold, sl_command *out)
{
    const sl_pending *p = &g->pending;
    const char *side = side_name(g, p->side);
    char why[SL_CMD_NOTE - 8];
    int best = -1, top = -1;
    for (int i = 0; i < p->noptions; i++) {
        if (top < 0 || p->p_suppress[i] > p->p_suppress[top] + 1e-9)
            top = i;
        if (p->p_suppress[i] >= min_p[i] && (best < 0 || p->p_suppress[i] > p->p_suppress[best] + 1e-9))
            best = i;
    }
    if (best >= 0) {
        int u = p->options[best];
        bool move = g->nframes > 0 && g->frames[g->nframes - 1].kind == SL_FRAME_MOVE;
        if (move && p->best_at[best] >= 0) {
            sl_pt at = sl_path_point_at(g->mv.way, g->mv.nway, p->best_at[best]);
            sl_cmd_decide_fire(out, u, &at);
            snprintf(why, sizeof why,
                     "%s fires with %s where the mover is most exposed, (%.1f, %.1f): %.0f%% to suppress%s (it fires "
                     "at %.0f%% or better)",
                     side, unit_name(g, u), at.x / 1000.0, at.y / 1000.0, p->p_suppress[best] * 100,
                     p->overwatch[best] ? " with its overwatch counter" : " after its reaction test", min_p[best] * 100);
        } else {
            sl_cmd_decide_fire(out, u, NULL);
            snprintf(why, sizeof why, "%s fires with %s: %.0f%% to suppress (it fires at %.0f%% or better)", side,
                     unit_name(g, u), p->p_suppress[best] * 100, min_p[best] * 100);
        }
    } else {
        sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
        if (hold && hold[0])
            snprintf(why, sizeof why, "%s holds its fire: %s", side, hold);
        else
            snprintf(why, sizeof why, "%s holds its fire: the best chance to suppress is %.0f%%, under %.0f%%", side,
                     top >= 0 ? p->p_suppress[top] * 100 : 0.0, top >= 0 ? min_p[top] * 100 : SOLO_THRESHOLD * 100);
    }
    snprintf(out->note, sizeof out->note, "solo: %s", why);
    return true;
}

void rl_solo_reason(sl_command *c, const char *why)
{
    snprintf(c->note, sizeof c->note, "solo: %s", why);
    sl_utf8_trim(c->note);
    size_t at = strlen(c->text);
    if (at > 0) {
        snprintf(c->text + at, sizeof c->text - at, " # solo: %s", why);
        sl_utf8_trim(c->text);
    }
}

bool sl_game_auto_decide(const sl_game *g, sl_command *out)
{
    const sl_pending *p = &g->pending;
    const char *side = p->kind != SL_DECIDE_NONE ? side_name(g, p->side) : "";
    char why[SL_CMD_NOTE - 8];
    switch (p->kind) {
    case SL_DECIDE_FIRST:
        sl_cmd_decide_first(out, p->side);
        snprintf(why, sizeof why, "%s goes first itself, to act before the enemy can", side);
        break;
    case SL_DECIDE_REACTION_FIRE: {
        int best = -1;
        double bp = 0;
        for (int i = 0; i < p->noptions; i++) {
            sl_fire_preview pv;
            sl_game_fire_preview(g, p->options[i], p->mover, SL_FIRE_ALL, &pv);
            double ps = pv.p_minor + pv.p_major;
            if (pv.possible && ps > bp) {
                bp = ps;
                best = p->options[i];
            }
        }
        if (best >= 0 && bp >= SOLO_THRESHOLD) {
            sl_cmd_decide_fire(out, best, NULL);
            snprintf(why, sizeof why, "%s fires with %s: %.0f%% to suppress (it fires at %.0f%% or better)", side,
                     unit_name(g, best), bp * 100, SOLO_THRESHOLD * 100);
        } else {
            sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
            snprintf(why, sizeof why, "%s holds: the best chance to suppress is %.0f%%, under %.0f%%", side, bp * 100,
                     SOLO_THRESHOLD * 100);
        }
        break;
    }
    case SL_DECIDE_OPFIRE: {
        double min_p[SL_MAX_OPTIONS];
        for (int i = 0; i < SL_MAX_OPTIONS; i++)
            min_p[i] = SOLO_THRESHOLD;
        return rl_solo_opfire(g, min_p, NULL, out);
    }
    case SL_DECIDE_CONTINUE:
        sl_cmd_decide_continue(out, NULL, 0);
        snprintf(why, sizeof why, "%s keeps to its way", unit_name(g, p->mover));
        break;
    case SL_DECIDE_CASUALTIES:
        sl_cmd_decide(out, SL_DECIDE_WORD_CARRY);
        snprintf(why, sizeof why, "%s carries its wounded: leaving them would cost it its nerve",
                 unit_name(g, p->mover));
        break;
    case SL_DECIDE_SC_REACT:
        sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
        snprintf(why, sizeof why, "%s declares no reaction (the solo player does not react from overwatch)",
                 g->live.sides[p->side].name);
        break;
    case SL_DECIDE_SC_PURSUE:
        sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
        snprintf(why, sizeof why, "%s keeps its action for the turn rather than chase", unit_name(g, p->options[0]));
        break;
    case SL_DECIDE_SETUP: {
        /* the set-up and an ambush's decisions: the rule that asks answers */
        if (!rl_hook_solo(g, out, why, sizeof why))
            return false;
        rl_solo_reason(out, why);
        return true;
    }
    default:
        return false;
    }
    snprintf(out->note, sizeof out->note, "solo: %s", why);
    return true;
}
