/* Fireteams (house rule, seed 004): what the rule reads of a scenario
 * file and the units it makes of it. A figure's "fireteam" (1 to
 * SL_MAX_PARTS) puts him in that part of his unit; once the rules have
 * judged the squads as written (ft_check_written), a squad whose figures
 * carry fireteam numbers is split: its figures are put in order (an
 * independent squad leader first, then each team), and each team becomes
 * a unit of its own after all the scenario's units, "SQUAD.N", whose
 * figures are that stretch of the squad's. The squad keeps every figure,
 * its quality, leadership, confidence and panic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "house.h"

static void ft_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k)
{
    long team = 0;
    if (where != SL_KEYS_FIGURE || !k->integer(k, "fireteam", false, &team))
        return;
    size_t q = k->at_key(k, "fireteam");
    char text[120];
    if (team < 1 || team > SL_MAX_PARTS) {
        snprintf(text, sizeof text, "fireteam must be a number from 1 to %d, not %ld", SL_MAX_PARTS, team);
        k->error(k, text);
    } else if (!sl_rule_figure_in_part(scn, index, (int)team)) {
        k->error(k, "out of memory");
    }
    k->back(k, q);
}

/* The squad's figures in order: an independent leader, then each team
 * (each team's leader first); its leader found again. */
static bool squad_in_order(sl_scenario *scn, int ui)
{
    sl_unit *u = &scn->units[ui];
    size_t cap = (size_t)(u->nfigures > 0 ? u->nfigures : 1);
    sl_figure *tmp = malloc(sizeof *tmp * cap);
    int *from = malloc(sizeof *from * cap);
    int n = 0;
    for (int t = 0; tmp && from && t <= SL_MAX_PARTS; t++)
        for (int lead = 1; lead >= 0; lead--)
            for (int i = 0; i < u->nfigures; i++) {
                const sl_figure *f = &scn->figures[u->first_figure + i];
                if (sl_figure_part(scn, u->first_figure + i) == t && (f->role == SL_ROLE_LEADER) == (lead == 1)) {
                    from[n] = i;
                    tmp[n++] = *f;
                }
            }
    bool ok = tmp && from;
    if (ok)
        memcpy(&scn->figures[u->first_figure], tmp, sizeof(sl_figure) * (size_t)n);
    ok = ok && sl_rule_figures_moved(scn, u->first_figure, n, from);
    free(tmp);
    free(from);
    if (!ok)
        return false;
    u->leader = -1;
    for (int i = 0; i < u->nfigures; i++)
        if (scn->figures[u->first_figure + i].role == SL_ROLE_LEADER)
            u->leader = u->first_figure + i;
    return true;
}

/* Team `t` of squad `ui`, its `count` figures from `at`, made a unit. */
static bool make_team(sl_scenario *scn, const sl_keys *k, int ui, int t, int at, int count)
{
    sl_unit *u = &scn->units[ui];
    int ti = scn->nunits++;
    sl_unit *team = &scn->units[ti];
    *team = *u;
    if (!sl_rule_unit_made(scn, ti, ui)) {
        k->error(k, "out of memory");
        return false;
    }
    char suffix[8], err[300];
    snprintf(suffix, sizeof suffix, ".%d", t);
    if (!sl_scenario_made_id(scn, u->id, suffix, "its fireteams", "one of this squad's fireteams", team->id, err,
                             sizeof err)) {
        size_t p = k->at_key(k, "units");
        k->at_index(k, (size_t)ui);
        k->at_key(k, "id");
        k->error(k, err);
        k->back(k, p);
        return false;
    }
    char squad_name[SL_NAME_LEN];
    memcpy(squad_name, u->name, sizeof squad_name); /* team and squad are one array */
    snprintf(team->name, sizeof team->name, "%.96s, team %d", squad_name, t); /* SL_NAME_MAX */
    team->first_figure = at;
    team->nfigures = count;
    if (!sl_rule_part_made(scn, ti, ui, t)) {
        k->error(k, "out of memory");
        return false;
    }
    team->element = -1;
    team->parent = -1;
    team->commander = ui;
    team->carrier = u->carrier;
    /* the squad leader leads the team he is in; other fireteam leaders
     * are not modelled (seed 004) */
    team->leader = u->leader >= at && u->leader < at + count ? u->leader : -1;
    for (int i = 0; i < count; i++)
        scn->figures[at + i].unit = ti;
    return true;
}

static bool ft_make(sl_scenario *scn, const sl_keys *k)
{
    int nbase = scn->nunits;
    for (int ui = 0; ui < nbase; ui++) {
        const sl_unit *u = &scn->units[ui];
        int count[SL_MAX_PARTS + 1] = {0}, teams = 0;
        for (int i = 0; i < u->nfigures; i++)
            count[sl_figure_part(scn, u->first_figure + i)]++;
        for (int t = 1; t <= SL_MAX_PARTS; t++)
            teams += count[t] > 0;
        if (teams == 0)
            continue; /* the rules have judged the squad as written (ft_check_written) */
        sl_unit *grown = realloc(scn->units, sizeof(sl_unit) * (size_t)(scn->nunits + teams));
        if (grown)
            scn->units = grown;
        if (!grown || !squad_in_order(scn, ui)) {
            k->error(k, "out of memory");
            return false;
        }
        int at = scn->units[ui].first_figure;
        for (int t = 1; t <= SL_MAX_PARTS; t++) {
            if (count[t] == 0)
                continue;
            while (sl_figure_part(scn, at) != t)
                at++;
            if (!make_team(scn, k, ui, t, at, count[t]))
                return false;
            at += count[t];
        }
        /* an independent squad leader stays the squad's own figure */
    }
    return true;
}

static const char *const figure_keys[] = {"fireteam", NULL};
/* a unit's "fireteams" is accepted, and says nothing: its figures' numbers do */
static const char *const unit_keys[] = {"fireteams", NULL};

const rl_scn_part ft_scn_part = {
    .keys = {[SL_KEYS_FIGURE] = figure_keys, [SL_KEYS_UNIT] = unit_keys},
    .read = ft_read,
    .make = ft_make,
};
