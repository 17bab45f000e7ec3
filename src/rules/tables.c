/* The tables: the rulesets a game may be played by, and the house rules
 * it may add. A new house rule is one file in src/rules/house/ and one
 * row of `houses` below (see src/rules/HACKING.md); a new ruleset one
 * folder and one row of `rulesets`. Everything else in the engine reaches
 * them through the functions in this file. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* Indexed by the rule option `ruleset` (its choices, in this order). */
static const rl_ruleset *const rulesets[] = {
    &sg2_ruleset, /* stargrunt2 */
    &sc_ruleset,  /* skirmishcorps */
};
#define NRULESETS ((int)(sizeof rulesets / sizeof rulesets[0]))

/* In play when their `on` says so; their hooks run in this order. */
static const rl_house *const houses[] = {
    &of_rule, /* opportunity fire and overwatch (seed 001) */
    &ft_rule, /* fireteams (seed 004) */
    &tv_rule, /* travel movement (rulebook p24) */
    &am_rule, /* ambushes (seeds 000, 003): before the set-up, which it drives */
    &setup_rule, /* hidden set-up (rulebook p25) */
    &rc_rule, /* cross training and equipment recovery (seed 000) */
    &art_rule, /* artillery (rulebook pp44-47) and fuel-air explosives (seed 000) */
};
#define NHOUSES ((int)(sizeof houses / sizeof houses[0]))

const rl_ruleset *rl_ruleset_for(const sl_options *o)
{
    int r = o->ruleset;
    return r >= 0 && r < NRULESETS ? rulesets[r] : rulesets[0];
}

const rl_ruleset *rl_ruleset_of(const sl_game *g)
{
    return rl_ruleset_for(&g->live.options);
}

bool rl_house_admitted(const sl_game *g, const rl_house *h)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (!rs->admits)
        return true;
    for (const char *const *a = rs->admits; *a; a++)
        if (strcmp(*a, h->name) == 0)
            return true;
    return false;
}

bool rl_house_in_play(const sl_game *g, const rl_house *h)
{
    return rl_house_admitted(g, h) && (!h->on || h->on(g));
}

static bool house_on(const sl_game *g, const rl_house *h)
{
    return rl_house_in_play(g, h);
}

bool sl_scenario_shows(const sl_scenario *scn, unsigned what, const char **why)
{
    const rl_ruleset *rs = rl_ruleset_for(&scn->options);
    bool shown = (rs->shows & what) == what;
    if (why)
        *why = shown ? NULL : (what & SL_SHOW_RANGE_BANDS) && rs->no_bands ? rs->no_bands : "";
    return shown;
}

const char *sl_ruleset_title(const sl_scenario *scn)
{
    return rl_ruleset_for(&scn->options)->title;
}

bool sl_game_shows(const sl_game *g, unsigned what)
{
    return sl_scenario_shows(&g->live, what, NULL);
}

/* --- commands ---------------------------------------------------------------------------- */

/* Every row in order: the rulesets', then the house rules'. A row of a
 * new kind is numbered from SL_CMD_COUNT in that order. */
typedef struct row_walk {
    int r, h, i, next;
} row_walk;

static const rl_cmd_def *next_row(row_walk *w, int *kind, const rl_ruleset **rs, const rl_house **h)
{
    for (;;) {
        const rl_cmd_def *rows;
        int n;
        if (w->r < NRULESETS) {
            rows = rulesets[w->r]->commands;
            n = rulesets[w->r]->ncommands;
        } else if (w->h < NHOUSES) {
            rows = houses[w->h]->commands;
            n = houses[w->h]->ncommands;
        } else {
            return NULL;
        }
        if (w->i < n) {
            const rl_cmd_def *d = &rows[w->i++];
            *kind = d->kind == RL_KIND_NEW ? w->next++ : d->kind;
            if (rs)
                *rs = w->r < NRULESETS ? rulesets[w->r] : NULL;
            if (h)
                *h = w->r < NRULESETS ? NULL : houses[w->h];
            return d;
        }
        w->i = 0;
        if (w->r < NRULESETS)
            w->r++;
        else
            w->h++;
    }
}

const rl_cmd_def *rl_cmd_owner(int kind, const rl_ruleset **rs, const rl_house **h)
{
    row_walk w = {0, 0, 0, SL_CMD_COUNT};
    int k;
    const rl_ruleset *r0;
    const rl_house *h0;
    for (const rl_cmd_def *d; (d = next_row(&w, &k, &r0, &h0)) != NULL;)
        if (k == kind) {
            if (rs)
                *rs = r0;
            if (h)
                *h = h0;
            return d;
        }
    return NULL;
}

const rl_cmd_def *rl_cmd_def_of(int kind)
{
    return rl_cmd_owner(kind, NULL, NULL);
}

int rl_cmd_kind_of(const rl_cmd_def *d)
{
    row_walk w = {0, 0, 0, SL_CMD_COUNT};
    int k;
    for (const rl_cmd_def *e; (e = next_row(&w, &k, NULL, NULL)) != NULL;)
        if (e == d)
            return k;
    return SL_CMD_NONE;
}

int sl_cmd_kinds(void)
{
    row_walk w = {0, 0, 0, SL_CMD_COUNT};
    int k;
    while (next_row(&w, &k, NULL, NULL))
        ;
    return w.next;
}

const char *sl_cmd_usage(int kind)
{
    const rl_cmd_def *d = rl_cmd_def_of(kind);
    return d && d->usage ? d->usage : "";
}

const char *sl_cmd_name(int kind)
{
    const rl_cmd_def *d = rl_cmd_def_of(kind);
    return d ? d->name : "?";
}

int sl_cmd_find(const char *word)
{
    row_walk w = {0, 0, 0, SL_CMD_COUNT};
    int k;
    for (const rl_cmd_def *d; (d = next_row(&w, &k, NULL, NULL)) != NULL;)
        if (strcmp(d->name, word) == 0 || (d->alias && strcmp(d->alias, word) == 0))
            return k;
    return SL_CMD_NONE;
}

/* --- the house rules' state ---------------------------------------------------------------- */

/* Each rule's stretch rounded up, so every one starts aligned for any
 * type (calloc's block is). */
static size_t stretch(const rl_house *h)
{
    return (h->unit_bytes + 15) & ~(size_t)15;
}

static size_t game_stretch(const rl_house *h)
{
    return ((h->game_bytes ? h->game_bytes : h->unit_bytes) + 15) & ~(size_t)15;
}

size_t rl_house_bytes_per_unit(void)
{
    size_t n = 0;
    for (int i = 0; i < NHOUSES; i++)
        n += stretch(houses[i]);
    return n;
}

size_t rl_house_game_bytes(void)
{
    size_t n = 0;
    for (int i = 0; i < NHOUSES; i++)
        n += game_stretch(houses[i]);
    return n;
}

void *rl_house_state(const sl_game *g, const rl_house *h, int unit)
{
    size_t per_unit = rl_house_bytes_per_unit(), at = 0;
    for (int i = 0; i < NHOUSES && houses[i] != h; i++)
        at += stretch(houses[i]);
    if (!g->house || h->unit_bytes == 0 || unit < 0 || unit >= g->live.nunits)
        return NULL;
    return g->house + per_unit * (size_t)unit + at;
}

void *rl_house_game_state(const sl_game *g, const rl_house *h)
{
    size_t per_unit = rl_house_bytes_per_unit(), at = 0;
    for (int i = 0; i < NHOUSES && houses[i] != h; i++)
        at += game_stretch(houses[i]);
    if (!g->house || game_stretch(h) == 0)
        return NULL;
    return g->house + per_unit * (size_t)g->live.nunits + at;
}

/* --- the hooks ------------------------------------------------------------------------------- */

#define EACH(h)                                                                                                     \
    for (int h##_i = 0; h##_i < NHOUSES; h##_i++)                                                                  \
        for (const rl_house *h = houses[h##_i]; h && house_on(g, h); h = NULL)

bool rl_hook_activate_can(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    EACH(h) if (h->activate_can)
    {
        bool d = false, ok = h->activate_can(g, c, &d, why, whylen);
        if (d) {
            *decided = true;
            return ok;
        }
    }
    return true;
}

bool rl_hook_activate(sl_game *g, const sl_command *c)
{
    EACH(h) if (h->activate && h->activate(g, c)) return true;
    return false;
}

void rl_hook_activated(sl_game *g, int unit, rl_how how)
{
    EACH(h) if (h->activated) h->activated(g, unit, how);
}

void rl_hook_activation_ended(sl_game *g, int unit)
{
    EACH(h) if (h->activation_ended) h->activation_ended(g, unit);
}

bool rl_hook_holds_activation(const sl_game *g, int unit)
{
    EACH(h) if (h->holds_activation && h->holds_activation(g, unit)) return true;
    return false;
}

bool rl_hook_busy(const sl_game *g, int unit)
{
    EACH(h) if (h->busy && h->busy(g, unit)) return true;
    return false;
}

int rl_hook_off_table(const sl_game *g, int unit)
{
    EACH(h) if (h->off_table) {
            int off = h->off_table(g, unit);
            if (off != RL_ON_TABLE)
                return off;
        }
    return RL_ON_TABLE;
}

bool rl_hook_cost_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    EACH(h) if (h->cost_check && !h->cost_check(g, c, why, whylen)) return false;
    return true;
}

bool rl_hook_actor_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    EACH(h) if (h->actor_check)
    {
        bool d = false, ok = h->actor_check(g, c, &d, why, whylen);
        if (d || !ok) {
            *decided = true;
            return ok;
        }
    }
    return true;
}

bool rl_hook_move_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    EACH(h) if (h->move_check)
    {
        bool d = false, ok = h->move_check(g, c, &d, why, whylen);
        if (d || !ok) {
            *decided = true;
            return ok;
        }
    }
    return true;
}

bool rl_hook_declared(sl_game *g, sl_frame *f, bool along_move)
{
    EACH(h) if (h->declared && h->declared(g, f, along_move)) return true;
    return false;
}

bool rl_hook_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    *handled = false;
    EACH(h) if (h->resolve)
    {
        bool done = false;
        if (!h->resolve(g, c, &done, err, errlen))
            return false;
        if (done) {
            *handled = true;
            return true;
        }
    }
    return true;
}

void rl_hook_moved(sl_game *g, const sl_move *mv)
{
    EACH(h) if (h->moved) h->moved(g, mv);
}

bool rl_hook_decide(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    *handled = false;
    EACH(h) if (h->decide)
    {
        bool done = false, ok = h->decide(g, c, &done, err, errlen);
        if (done) {
            *handled = true;
            return ok;
        }
    }
    return true;
}

bool rl_hook_fire_test(sl_game *g, sl_frame *f)
{
    EACH(h) if (h->fire_test) return h->fire_test(g, f);
    return true;
}

void rl_hook_after_fire(sl_game *g, sl_frame *f)
{
    EACH(h) if (h->after_fire) h->after_fire(g, f);
}

void rl_hook_spent_on_fire(sl_game *g, int unit)
{
    EACH(h) if (h->spent_on_fire) h->spent_on_fire(g, unit);
}

void rl_hook_suppressed(sl_game *g, int unit, bool leader_was)
{
    EACH(h) if (h->suppressed) h->suppressed(g, unit, leader_was);
}

int rl_hook_range_shift(const sl_game *g, int target, char *why, size_t whylen)
{
    int total = 0;
    size_t at = 0;
    if (whylen)
        why[0] = '\0';
    EACH(h) if (h->range_shift)
    {
        char w[80] = "";
        int s = h->range_shift(g, target, w, sizeof w);
        if (s == 0)
            continue;
        total += s;
        if (at < whylen)
            at += (size_t)snprintf(why + at, whylen - at, "%s%s", at ? ", " : "", w);
    }
    return total;
}

void rl_hook_fired_upon(sl_game *g, int target, bool suppressed)
{
    EACH(h) if (h->fired_upon) h->fired_upon(g, target, suppressed);
}

int32_t rl_hook_move_allowance(const sl_game *g, int unit, int32_t base)
{
    EACH(h) if (h->move_allowance) base = h->move_allowance(g, unit, base);
    return base;
}

int32_t rl_hook_way_extra(const sl_game *g, const sl_command *c)
{
    int32_t extra = 0;
    EACH(h) if (h->way_extra) extra += h->way_extra(g, c);
    return extra;
}

int rl_hook_comm(const sl_game *g, int a, int b, char *why, size_t whylen)
{
    int most = RL_COMM_USUAL;
    char one[200];
    EACH(h) if (h->comm) {
        int k = h->comm(g, a, b, one, sizeof one);
        if (k > most) {
            most = k;
            if (why && whylen)
                snprintf(why, whylen, "%s", one);
        }
    }
    return most;
}

bool rl_hook_fire_able(const sl_game *g, int unit, char *why, size_t whylen)
{
    EACH(h) if (h->fire_able && !h->fire_able(g, unit, why, whylen)) return false;
    return true;
}

bool rl_hook_reorganise_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    EACH(h) if (h->reorganise_check && !h->reorganise_check(g, c, why, whylen)) return false;
    return true;
}

bool rl_hook_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    EACH(h) if (h->reorganise && !h->reorganise(g, c, err, errlen)) return false;
    return true;
}

void rl_hook_reorganised(sl_game *g, int unit)
{
    EACH(h) if (h->reorganised) h->reorganised(g, unit);
}

void rl_hook_turn_start(sl_game *g)
{
    EACH(h) if (h->turn_start) h->turn_start(g);
}

bool rl_hook_game_start(sl_game *g)
{
    EACH(h) if (h->game_start && h->game_start(g)) return true;
    return false;
}

bool rl_hook_done_can(const sl_game *g, int side, bool *decided, char *why, size_t whylen)
{
    EACH(h) if (h->done_can)
    {
        bool ok = h->done_can(g, side, decided, why, whylen);
        if (*decided)
            return ok;
    }
    return true;
}

bool rl_hook_done(sl_game *g, int side)
{
    EACH(h) if (h->done && h->done(g, side)) return true;
    return false;
}

bool rl_hook_pending_allows(const sl_game *g, const sl_command *c)
{
    EACH(h) if (h->pending_allows && h->pending_allows(g, c)) return true;
    return false;
}

bool rl_hook_solo(const sl_game *g, sl_command *out, char *line, size_t linelen, char *why, size_t whylen)
{
    EACH(h)
    {
        if (h->solo_cmd && h->solo_cmd(g, out, why, whylen)) {
            line[0] = '\0';
            return true;
        }
        if (h->solo && h->solo(g, line, linelen, why, whylen))
            return true;
    }
    return false;
}

const rl_decision_row *rl_decision_row_of(const sl_game *g)
{
    int k = g->pending.kind;
    const rl_ruleset *rs = rl_ruleset_of(g);
    const rl_decision_row *r = rl_decision_find(rs->decisions, k);
    EACH(h) if (!r) r = rl_decision_find(h->decisions, k);
    return r ? r : rl_decision_find(rl_base_decisions, k);
}

void rl_game_start(sl_game *g)
{
    if (!rl_hook_game_start(g))
        rl_turn_start(g);
}

void rl_hook_after_command(sl_game *g)
{
    EACH(h) if (h->after_command) h->after_command(g);
}

/* --- what the window shows ------------------------------------------------------------------- */

bool sl_ruleset_needs(const sl_options *o, const char *field)
{
    const rl_ruleset *rs = rl_ruleset_for(o);
    for (const char *const *f = rs->unit_fields; f && *f; f++)
        if (strcmp(*f, field) == 0)
            return true;
    return false;
}

const char *sl_game_ruleset(const sl_game *g)
{
    return rl_ruleset_of(g)->name;
}

bool sl_game_house_rule(const sl_game *g, const char *name)
{
    for (int i = 0; i < NHOUSES; i++)
        if (strcmp(houses[i]->name, name) == 0)
            return house_on(g, houses[i]);
    return false;
}

/* Stable, by each item's place in the row. */
static void sort_offers(sl_offer *o, int n)
{
    for (int i = 1; i < n; i++) {
        sl_offer x = o[i];
        int j = i - 1;
        while (j >= 0 && o[j].order > x.order) {
            o[j + 1] = o[j];
            j--;
        }
        o[j + 1] = x;
    }
}

static void sort_marks(sl_mark *m, int n)
{
    for (int i = 1; i < n; i++) {
        sl_mark x = m[i];
        int j = i - 1;
        while (j >= 0 && m[j].order > x.order) {
            m[j + 1] = m[j];
            j--;
        }
        m[j + 1] = x;
    }
}

int sl_game_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    int n = 0;
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (unit >= 0 && unit < g->live.nunits) {
        if (rs->offers)
            n += rs->offers(g, unit, out + n, max - n);
        EACH(h) if (h->offers) n += h->offers(g, unit, out + n, max - n);
        sort_offers(out, n);
    }
    /* the turn's own, last, whatever the rules */
    static const struct {
        int kind;
        const char *label, *key;
    } turn[] = {{SL_CMD_END_ACTIVATION, "End activation", "E"}, {SL_CMD_PASS, "Pass", "Shift+P"},
                {SL_CMD_DONE, "Done for the turn", "D"}};
    for (int i = 0; i < 3 && n < max; i++) {
        sl_offer *o = &out[n++];
        memset(o, 0, sizeof *o);
        o->kind = turn[i].kind;
        snprintf(o->label, sizeof o->label, "%s", turn[i].label);
        snprintf(o->key, sizeof o->key, "%s", turn[i].key);
        o->order = 900 + i;
    }
    return n;
}

int sl_game_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (unit < 0 || unit >= g->live.nunits || max < 1)
        return 0;
    if (rl_living(g, unit) == 0) {
        snprintf(out->text, sizeof out->text, "LOST");
        out->style = SL_MARK_LOST;
        out->order = 0;
        return 1;
    }
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = rs->marks ? rs->marks(g, unit, out, max) : 0;
    EACH(h) if (h->marks) n += h->marks(g, unit, out + n, max - n);
    sort_marks(out, n);
    return n;
}

bool sl_game_shows_done(const sl_game *g, int unit)
{
    if (unit < 0 || unit >= g->live.nunits)
        return false;
    const rl_ruleset *rs = rl_ruleset_of(g);
    return rs->shows_done ? rs->shows_done(g, unit) : false;
}

int sl_unit_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures)
{
    *figures = false;
    const rl_ruleset *rs = rl_ruleset_for(&scn->options);
    if (unit < 0 || unit >= scn->nunits || !rs->profile)
        return 0;
    return rs->profile(scn, unit, out, max, figures);
}

void sl_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                 char *l2, size_t len)
{
    l1[0] = l2[0] = '\0';
    const rl_ruleset *rs = rl_ruleset_for(&scn->options);
    if (rs->way_text && unit >= 0 && unit < scn->nunits)
        rs->way_text(scn, unit, one, two, l1, l2, len);
}

bool sl_way_progress(const sl_game *g, int unit, bool combat, const sl_path_cost *one, const sl_path_cost *two,
                     char *l3, size_t len)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    return rs->way_progress && unit >= 0 && unit < g->live.nunits && rs->way_progress(g, unit, combat, one, two, l3, len);
}

int sl_game_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    if (unit < 0 || unit >= g->live.nunits)
        return 0;
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = rs->card ? rs->card(g, unit, out, max) : 0;
    EACH(h) if (h->card) n += h->card(g, unit, out + n, max - n);
    return n;
}
