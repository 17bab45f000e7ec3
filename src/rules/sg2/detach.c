/* Detached elements (p17-18). A squad leader may spend an action to mark
 * some of his men as a detached element: a small party sent off on its
 * own errand. It becomes a unit of its own (the squad's reserved unit
 * "SQUAD.D"), with its own suppression and In Position markers and its own
 * confidence from then on, but it does nothing unless its squad leader,
 * in the squad's activation, spends an action on it as on a transfer:
 * no roll within 6", otherwise a communication roll against his
 * leadership. Once it has been out of unit integrity with the squad and
 * comes back into it, it rejoins.
 *
 * With fireteams (seed 004) forming one costs one action when the men
 * come from one team, or from teams within fireteam integrity of each
 * other, and two when the teams are only within squad integrity.
 *
 * The element's figures are the last stretch of the squad's, so every
 * loop over a unit's figures sees the squad and the element apart. */
#include <stdio.h>
#include <string.h>

#include "sg2.h"

/* The unit a figure of the squad belongs to when it is not detached: its
 * team's, or the squad's. */
static int home_unit(const sl_game *g, int sq, const sl_figure *f)
{
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++)
        if (sl_unit_part_no(&g->live, sl_unit_part(&g->live, sq, k)) == sl_figure_part(&g->live, (int)(f - g->live.figures)))
            return sl_unit_part(&g->live, sq, k);
    return sq;
}

det_unit *det_unit_of(const sl_game *g, int u)
{
    return rl_ruleset_state(g, &sg2_ruleset, u);
}

int det_cost(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int sq = c->unit;
    const sl_unit *s = &g->live.units[sq];
    if (s->element < 0)
        return rl_refuse(why, whylen, "%s cannot form a detached element: only an infantry squad with a leader and "
                                   "men to spare can (p17)",
                      s->name), 0;
    if (g->live.units[s->element].nfigures > 0)
        return rl_refuse(why, whylen, "%s already has a detached element (%s): it rejoins when it comes back into unit "
                                   "integrity with the squad",
                      s->name, g->live.units[s->element].id), 0;
    if (c->nplace == 0)
        return rl_refuse(why, whylen, "name the men who go: detach %s FIGURE [FIGURE ...]", s->id), 0;
    int left[SL_MAX_TEAMS + 1] = {0};
    bool involved[SL_MAX_TEAMS + 1] = {false};
    for (int i = 0; i < s->nfigures; i++) {
        const sl_figure *f = &g->live.figures[s->first_figure + i];
        if (f->status == SL_FIG_OK && s->first_figure + i != s->leader && sl_figure_part(&g->live, s->first_figure + i) <= SL_MAX_TEAMS)
            left[sl_figure_part(&g->live, s->first_figure + i)]++;
    }
    for (int i = 0; i < c->nplace; i++) {
        int fi = c->place_fig[i];
        const sl_figure *f = &g->live.figures[fi];
        if (fi < s->first_figure || fi >= s->first_figure + s->nfigures)
            return rl_refuse(why, whylen, "%s is not one of %s's men", f->id, s->name), 0;
        if (fi == s->leader)
            return rl_refuse(why, whylen, "%s is the squad leader: the part of the squad he is with stays the squad, "
                                       "the others are the detached element (p17)",
                          f->id), 0;
        if (f->status != SL_FIG_OK)
            return rl_refuse(why, whylen, "%s is %s and cannot go", f->id, f->status == SL_FIG_DEAD ? "dead" : "wounded"),
                   0;
        for (int j = 0; j < i; j++)
            if (c->place_fig[j] == fi)
                return rl_refuse(why, whylen, "%s is named twice", f->id), 0;
        left[sl_figure_part(&g->live, fi)]--;
        involved[sl_figure_part(&g->live, fi)] = true;
    }
    if (sl_unit_nparts(&g->live, sq) == 0) {
        if (left[0] + (rl_squad_leader(g, sq) >= 0) <= 0)
            return rl_refuse(why, whylen, "no one would be left in %s: a detached element is a part of the squad, not "
                                       "all of it",
                          s->name), 0;
        return 1;
    }
    /* fireteams: each keeps two men or more; they must be within squad
     * integrity; one action from one team or teams within fireteam
     * integrity of each other, else two (house rule) */
    rl_figset all = {.n = 0};
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        int t = sl_unit_part(&g->live, sq, k), no = sl_unit_part_no(&g->live, t);
        if (no > SL_MAX_TEAMS || !involved[no])
            continue;
        if (!rl_team_may_give(g, sq, t, left[no], "give men to a detached element", why, whylen))
            return 0;
        rl_figset ts;
        rl_set_unit(g, t, &ts);
        for (int i = 0; i < ts.n && all.n < RL_SET_MAX; i++)
            all.fig[all.n++] = ts.fig[i];
    }
    return rl_set_intact(g, &all) ? 1 : 2;
}

bool det_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (rl_squad_leader(g, c->unit) < 0)
        return rl_refuse(why, whylen, "%s has no squad leader standing to form a detached element",
                         rl_unit_name(g, c->unit));
    int cost = det_cost(g, c, why, whylen);
    if (cost == 0)
        return false;
    if (sl_game_actions_left(g) < cost)
        return rl_refuse(why, whylen,
                         "forming that element takes two actions (the fireteams it draws on are not within fireteam "
                         "integrity of each other) and %s has %d left",
                         rl_unit_name(g, c->unit), sl_game_actions_left(g));
    return true;
}

/* Put the squad's figures in order: those staying first (as they were),
 * the element's last; set both units' stretches. */
static void split_block(sl_game *g, int sq, int total)
{
    sl_unit *s = &g->live.units[sq];
    sl_unit *e = &g->live.units[s->element];
    int first = s->first_figure;
    sl_figure tmp[RL_SET_MAX];
    int from[RL_SET_MAX];
    char lid[SL_ID_LEN] = "";
    if (s->leader >= 0)
        snprintf(lid, sizeof lid, "%s", g->live.figures[s->leader].id);
    int m = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < total && m < RL_SET_MAX; i++) {
            const sl_figure *f = &g->live.figures[first + i];
            if ((f->unit == s->element) == (pass == 1)) {
                from[m] = first + i;
                tmp[m++] = *f;
            }
        }
    memcpy(&g->live.figures[first], tmp, sizeof(sl_figure) * (size_t)m);
    rl_figures_moved(g, first, m, from); /* the rules' bytes of each man go with him */
    int stay = 0;
    while (stay < m && g->live.figures[first + stay].unit != s->element)
        stay++;
    s->nfigures = stay;
    e->first_figure = first + stay;
    e->nfigures = m - stay;
    s->leader = -1;
    for (int i = 0; i < stay; i++)
        if (lid[0] && strcmp(g->live.figures[first + i].id, lid) == 0)
            s->leader = first + i;
    if (sl_unit_nparts(&g->live, sq) > 0)
        rl_reorder_squad(g, sq);
}

bool det_do(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int cost = det_cost(g, c, err, errlen);
    if (cost == 0)
        return false;
    int sq = c->unit;
    sl_unit *s = &g->live.units[sq];
    int ei = s->element;
    sl_unit *e = &g->live.units[ei];
    int top = g->act_depth - 1;
    g->act_left[top] -= cost;
    g->us[sq].actions_done += cost;
    /* In Position only if every unit the men come from is */
    bool ip = true;
    char names[400] = "";
    size_t at = 0;
    for (int i = 0; i < c->nplace; i++) {
        sl_figure *f = &g->live.figures[c->place_fig[i]];
        ip &= g->us[f->unit].in_position;
        if (at < sizeof names)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? (i + 1 == c->nplace ? " and " : ", ") : "",
                                   f->id);
        f->unit = ei;
    }
    split_block(g, sq, s->nfigures);
    /* the element starts with the squad's morale and its own fresh markers */
    e->quality = s->quality;
    e->leadership = s->leadership;
    e->motivation = s->motivation;
    e->confidence = s->confidence;
    e->fatigue = s->fatigue;
    e->hidden = false;
    const sl_unit_state *ss = &g->us[sq];
    sl_unit_state *es = &g->us[ei];
    memset(es, 0, sizeof *es);
    rl_rule_state_clear(g, ei); /* and every rule's own */
    es->in_position = ip;
    es->activated = true;
    es->panicked = ss->panicked;
    es->suppressed_before = ss->suppressed_before || det_unit_of(g, sq)->team_suppressed_before;
    es->seen_enemy = ss->seen_enemy;
    es->fired_on_before = ss->fired_on_before;
    es->revealed = ss->revealed;
    es->aboard = -1;
    rl_state(g, ei, "detached", "%s's squad leader sends %s off as a detached element, %s (p17)", s->name, names, e->id);
    if (sl_unit_nparts(&g->live, sq) > 0)
        rl_note(g, sq, "Forming it takes %d action%s (%s, house rule)", cost, cost == 1 ? "" : "s",
              cost == 1 ? "the men come from one fireteam, or from fireteams within fireteam integrity of each other"
                        : "the men come from fireteams within squad integrity but not fireteam integrity of each other");
    rl_note(g, ei, "%s acts only when %s's squad leader spends an action on it (transfer %s to %s): no roll within 6\", "
                 "else a communication roll; it rejoins once it has left the squad's unit integrity and comes back "
                 "into it (p17)",
          e->name, s->name, s->id, e->id);
    return true;
}

/* The element's figures back in the squad (and their teams). */
static void rejoin(sl_game *g, int sq, const char *why)
{
    sl_unit *s = &g->live.units[sq];
    int ei = s->element;
    sl_unit *e = &g->live.units[ei];
    sl_unit_state *es = &g->us[ei];
    bool standing = rl_living(g, ei) > 0;
    for (int i = 0; i < e->nfigures; i++) {
        sl_figure *f = &g->live.figures[e->first_figure + i];
        f->unit = home_unit(g, sq, f);
    }
    /* markers: the receiving units keep the heavier suppression, and stay
     * In Position only if the element was too; confidence: the worse */
    if (standing) {
        int into[SL_MAX_TEAMS + 1], n = 0;
        for (int i = 0; i < e->nfigures; i++) {
            int u = g->live.figures[e->first_figure + i].unit;
            bool seen = false;
            for (int k = 0; k < n; k++)
                seen |= into[k] == u;
            if (!seen && n <= SL_MAX_TEAMS)
                into[n++] = u;
        }
        for (int k = 0; k < n; k++) {
            sl_unit_state *us = &g->us[into[k]];
            if (es->suppression > us->suppression) {
                us->suppression = es->suppression;
                rl_state(g, into[k], "suppressed", "%s takes on the element's suppression: %d marker%s",
                       rl_unit_name(g, into[k]), us->suppression, us->suppression == 1 ? "" : "s");
            }
            if (us->in_position && !es->in_position) {
                us->in_position = false;
                rl_state(g, into[k], "left-position", "%s is no longer In Position: the men who joined it are not",
                       rl_unit_name(g, into[k]));
            }
        }
        if (e->confidence > s->confidence) {
            s->confidence = e->confidence;
            rl_state(g, sq, "confidence", "%s takes the element's confidence, %s: the worse of the two", s->name,
                   sl_confidence_name(s->confidence));
        }
    }
    s->nfigures += e->nfigures;
    e->first_figure = s->first_figure + s->nfigures;
    e->nfigures = 0;
    if (sl_unit_nparts(&g->live, sq) > 0)
        rl_reorder_squad(g, sq);
    es->suppression = 0;
    es->in_position = false;
    rl_rule_state_clear(g, ei); /* its DET marker, an overwatch counter: every rule's state */
    rl_state(g, ei, "rejoined", "%s rejoins %s (%s): its DET marker is removed (p17)", e->name, s->name, why);
    /* an element acting when it rejoins has nothing left to act with */
    if (g->act_depth > 0 && g->act_unit[g->act_depth - 1] == ei)
        rl_end_activation(g, "it has rejoined its squad");
}

/* Is the element within unit integrity of the part it came from: the
 * squad, or with fireteams the team (or teams) its men belong to? */
static bool with_home(const sl_game *g, int sq)
{
    const sl_unit *s = &g->live.units[sq];
    int ei = s->element;
    const sl_unit *e = &g->live.units[ei];
    rl_figset all;
    rl_set_unit(g, ei, &all);
    if (sl_unit_nparts(&g->live, sq) == 0) {
        rl_figset ss;
        rl_set_unit(g, sq, &ss);
        for (int i = 0; i < ss.n && all.n < RL_SET_MAX; i++)
            all.fig[all.n++] = ss.fig[i];
        return rl_set_intact(g, &all);
    }
    for (int k = 0; k < sl_unit_nparts(&g->live, sq); k++) {
        int t = sl_unit_part(&g->live, sq, k);
        bool home = false;
        for (int i = 0; i < e->nfigures; i++)
            home |= sl_figure_part(&g->live, e->first_figure + i) == sl_unit_part_no(&g->live, t);
        if (!home)
            continue;
        rl_figset ts;
        rl_set_unit(g, t, &ts);
        for (int i = 0; i < ts.n && all.n < RL_SET_MAX; i++)
            all.fig[all.n++] = ts.fig[i];
    }
    return rl_set_intact(g, &all);
}

void det_update(sl_game *g)
{
    for (int sq = 0; sq < g->live.nunits; sq++) {
        const sl_unit *s = &g->live.units[sq];
        if (s->element < 0 || g->live.units[s->element].nfigures == 0)
            continue;
        int ei = s->element;
        if (rl_living(g, ei) == 0) {
            rejoin(g, sq, "no one of it is left standing, and its fallen are counted with the squad");
            continue;
        }
        if (rl_living(g, sq) == 0)
            continue; /* nothing left to rejoin: it fights on alone */
        bool together = with_home(g, sq);
        if (!together && !det_unit_of(g, ei)->away) {
            det_unit_of(g, ei)->away = true;
            rl_state(g, ei, "det-away", "%s is out of unit integrity with %s: it carries a DET marker (p17)",
                   g->live.units[ei].name, s->name);
        } else if (together && det_unit_of(g, ei)->away && g->nframes == 0 && g->pending.kind == SL_DECIDE_NONE) {
            /* not halfway through an action someone is answering */
            rejoin(g, sq, sl_unit_nparts(&g->live, sq) > 0 ? "back within fireteam integrity of the team its men came from"
                                        : "back within unit integrity");
        }
    }
}
