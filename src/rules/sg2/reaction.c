/* Reaction fire (rulebook p53, rule option reaction_fire): a unit that
 * spends both actions moving may be fired on between the moves by one
 * unactivated enemy unit that sees it; that fire is the firing side's
 * activation. */
#include <stdio.h>
#include <string.h>

#include "sg2.h"

static bool candidates(const sl_game *g, int mover, int *out, int *n)
{
    *n = 0;
    if (!g->live.options.reaction_fire)
        return false;
    int side = g->live.units[mover].side;
    for (int u = 0; u < g->live.nunits && *n < SL_MAX_OPTIONS; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side == side || g->us[u].activated || un->kind == SL_UNIT_DUMMY || rl_living(g, u) == 0 ||
            rl_has_teams(g, u) || rl_det_bound(g, u))
            continue;
        char why[160];
        if (!fire_can(g, u, mover, SL_FIRE_ALL, RL_FIRE_REACTION, why, sizeof why))
            continue;
        out[(*n)++] = u;
    }
    return *n > 0;
}

/* Has the side counters on the table its enemy cannot tell from units? */
static bool side_has_counters(const sl_game *g, int side)
{
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side == side && rl_fog_counter(g, u) && sl_unit_whole(&g->live, u) < 0)
            return true;
    return false;
}

bool rf_offer(sl_game *g, const sl_command *c)
{
    int opts[SL_MAX_OPTIONS], n;
    if (g->us[c->unit].moves < 1)
        return false;
    /* with counters on the table the question is always asked, so its
     * asking says nothing of what lies under them (fog of war) */
    bool any = candidates(g, c->unit, opts, &n);
    if (!any && !(g->live.options.reaction_fire && side_has_counters(g, 1 - g->live.units[c->unit].side)))
        return false;
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = SL_DECIDE_REACTION_FIRE;
    g->pending.side = 1 - g->live.units[c->unit].side;
    g->pending.mover = c->unit;
    g->pending.noptions = n;
    memcpy(g->pending.options, opts, sizeof(int) * (size_t)n);
    g->pending.resume = *c;
    char fields[800], list[500] = "", pub_fields[800], pub_list[500] = "";
    size_t at = 0, pat = 0;
    for (int i = 0; i < n; i++) {
        char id[80];
        sl_json_escape(id, sizeof id, g->live.units[opts[i]].id);
        at += (size_t)snprintf(list + at, sizeof list - at, "%s\"%s\"", i ? "," : "", id);
        if (!rl_fog_counter(g, opts[i]) && pat < sizeof pub_list)
            pat += (size_t)snprintf(pub_list + pat, sizeof pub_list - pat, "%s\"%s\"", pat ? "," : "", id);
    }
    char mid[80];
    sl_json_escape(mid, sizeof mid, g->live.units[c->unit].id);
    snprintf(fields, sizeof fields, "\"decision\":\"reaction-fire\",\"mover\":\"%s\",\"options\":[%s]", mid, list);
    snprintf(pub_fields, sizeof pub_fields, "\"decision\":\"reaction-fire\",\"mover\":\"%s\",\"options\":[%s]", mid,
             pub_list);
    char text[400];
    snprintf(text, sizeof text,
             "%s moves a second time: %s may fire at it between the moves with one unactivated unit that sees it "
             "(reaction fire, p53), or let it pass",
             rl_unit_name(g, c->unit), rl_side_name(g, g->pending.side));
    /* the mover's side is not told which of the counters could fire */
    sl_event *e = rl_event_private(g, SL_EV_DECISION, c->unit, text, fields, g->pending.side, NULL, pub_fields);
    /* a mover out of the deciding side's sight: it is asked all the same
     * (so the mover's side learns nothing), but not told who moves */
    if (rl_contact_lost(g, g->pending.side, c->unit))
        rl_event_side(g, e, g->pending.side,
                      "An enemy unit out of sight moves a second time; no unit of yours sees it, so there is "
                      "nothing to fire at: let it pass (reaction fire, p53)",
                      "\"decision\":\"reaction-fire\",\"mover\":null,\"options\":[]");
    return true;
}

bool rf_decide(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    sl_pending p = g->pending;
    if (c->decide != SL_DECIDE_WORD_FIRE && c->decide != SL_DECIDE_WORD_PASS)
        return rl_refuse(err, errlen, "%s is to decide on reaction fire: decide fire UNIT or decide pass",
                         rl_side_name(g, p.side));
    int firer = c->decide == SL_DECIDE_WORD_FIRE ? c->choice : -1;
    g->pending.kind = SL_DECIDE_NONE;
    /* the second move, to go ahead once the fire is over */
    fr_push(g, SL_FRAME_MOVE, p.mover, &p.resume);
    if (firer >= 0) {
        bool listed = false;
        for (int i = 0; i < p.noptions; i++)
            listed |= p.options[i] == firer;
        if (!listed)
            return rl_refuse(err, errlen, "%s may not fire now: the choices are those listed",
                             rl_unit_name(g, firer));
        rl_reveal(g, firer, "it fires between the moves");
        char fields[320], fid[80], mid[80];
        sl_json_escape(fid, sizeof fid, g->live.units[firer].id);
        sl_json_escape(mid, sizeof mid, g->live.units[p.mover].id);
        snprintf(fields, sizeof fields, "\"decision\":\"reaction-fire\",\"chosen\":\"%s\",\"mover\":\"%s\"", fid,
                 mid);
        char text[300];
        snprintf(text, sizeof text, "%s fires at %s between its moves; that is %s's activation (p53)",
                 rl_unit_name(g, firer), rl_unit_name(g, p.mover), rl_side_name(g, g->live.units[firer].side));
        rl_event(g, SL_EV_DECISION, firer, text, fields);
        rl_spend_on_fire(g, firer);
        g->spent_side = g->live.units[firer].side;
        fr_push_fire(g, firer, p.mover, SL_FIRE_ALL, true);
    } else {
        char fields[200], mid[80];
        sl_json_escape(mid, sizeof mid, g->live.units[p.mover].id);
        snprintf(fields, sizeof fields, "\"decision\":\"reaction-fire\",\"chosen\":null,\"mover\":\"%s\"", mid);
        char text[200];
        snprintf(text, sizeof text, "%s lets %s move on", rl_side_name(g, p.side), rl_unit_name(g, p.mover));
        sl_event *e = rl_event(g, SL_EV_DECISION, -1, text, fields);
        if (rl_contact_lost(g, p.side, p.mover)) {
            snprintf(text, sizeof text, "%s lets the unit out of its sight move on", rl_side_name(g, p.side));
            rl_event_side(g, e, p.side, text, "\"decision\":\"reaction-fire\",\"chosen\":null,\"mover\":null");
        }
    }
    return fr_run(g, err, errlen);
}
