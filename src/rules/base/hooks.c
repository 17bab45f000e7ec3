/* The house rules a game plays, resolved once per game from the tables
 * game.c gives it: which rules are in play (admitted by the ruleset and
 * `on`), where each keeps its bytes, and for every question (a hook of
 * rl_house) the rules that answer it, in the table's order. Dispatch
 * (rl_hook_*) walks only those lists; the plan holds row numbers, never
 * pointers into the game, so every copy of a game keeps a good one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* Every question a house rule may answer: one list each. */
#define RL_QUESTIONS(X)                                                                                            \
    X(activate_can) X(activate) X(activated) X(activation_ended) X(holds_activation) X(busy) X(off_table) X(placeable) \
    X(leader_team) X(acting) X(watching) X(fires_at_mover) X(sketches) X(preview)                                                               \
    X(cost_check) X(actor_check) X(move_check) X(declared) X(resolve) X(moved) X(decide) X(fire_test)             \
    X(after_fire) X(spent_on_fire) X(suppressed) X(range_shift) X(fired_upon) X(fire_able) X(fire_at)             \
    X(move_allowance) X(way_extra) X(comm) X(reorganised) X(back_in_action) X(kit_lost) X(reorganise_check) X(reorganise) X(first_aid_withheld) X(target_combined) X(turn_start)         \
    X(after_command) X(game_start) X(done_can) X(done) X(pending_allows) X(offers) X(marks) X(card) X(solo_cmd) X(orders) X(tactics) X(side_orders) X(aim_words) \
    X(notice) X(pick_list) X(pick_list_command) X(help)

enum {
#define RL_Q_ENUM(f) Q_##f,
    RL_QUESTIONS(RL_Q_ENUM)
#undef RL_Q_ENUM
    Q_COUNT
};

struct rl_plan {
    const rl_tables *t;
    int ruleset;                            /* its row */
    bool in_play[RL_MAX_RULES];             /* by row */
    size_t unit_at[RL_MAX_RULES];           /* each row's stretch in a unit's bytes */
    size_t game_at[RL_MAX_RULES];           /* ... and in the game's own row */
    size_t set_unit_at[RL_MAX_RULES];       /* each ruleset's, after the house rules' */
    size_t set_game_at[RL_MAX_RULES];
    size_t per_unit;
    size_t games;                           /* every row's game stretch */
    size_t fig_at[RL_MAX_RULES];            /* each row's stretch in a figure's bytes */
    size_t per_fig;
    unsigned char nask[Q_COUNT];
    unsigned char ask[Q_COUNT][RL_MAX_RULES]; /* the rows that answer each, in order */
};

/* Does the rule answer the question? */
static bool plan_answers(const rl_house *h, int q)
{
    switch (q) {
#define RL_Q_CASE(f)                                                                                               \
    case Q_##f:                                                                                                    \
        return h->f != NULL;
        RL_QUESTIONS(RL_Q_CASE)
#undef RL_Q_CASE
    default:
        return false;
    }
}

/* Each rule's stretch rounded up, so every one starts aligned for any
 * type (calloc's block is). */
static size_t stretch(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

static size_t game_stretch(const rl_house *h)
{
    return stretch(h->game_bytes ? h->game_bytes : h->unit_bytes);
}

size_t rl_rows_house_bytes(const rl_tables *t, int nunits, int nfigures)
{
    size_t per_unit = 0, game = 0, per_fig = 0;
    for (int i = 0; i < t->nhouses; i++) {
        per_unit += stretch(t->houses[i]->unit_bytes);
        game += game_stretch(t->houses[i]);
        per_fig += stretch(t->houses[i]->figure_bytes);
    }
    for (int i = 0; i < t->nrulesets; i++) {
        per_unit += stretch(t->rulesets[i]->unit_bytes);
        game += stretch(t->rulesets[i]->game_bytes);
    }
    return per_unit * (size_t)(nunits > 0 ? nunits : 0) + game + per_fig * (size_t)(nfigures > 0 ? nfigures : 0);
}

bool rl_ruleset_admits(const rl_ruleset *rs, const rl_house *h)
{
    if (!rs->admits)
        return !h->named_only;
    for (const char *const *a = rs->admits; *a; a++)
        if (strcmp(*a, h->name) == 0)
            return true;
    return false;
}

void rl_plan_resolve(sl_game *g)
{
    struct rl_plan *p = g->plan;
    if (!p)
        return;
    const rl_tables *t = p->t;
    int r = g->live.options.ruleset;
    p->ruleset = r >= 0 && r < t->nrulesets ? r : 0;
    const rl_ruleset *rs = t->rulesets[p->ruleset];
    size_t at = 0, gat = 0, fat = 0;
    for (int i = 0; i < t->nhouses && i < RL_MAX_RULES; i++) {
        const rl_house *h = t->houses[i];
        p->in_play[i] = rl_ruleset_admits(rs, h) && (!h->on || h->on(g));
        p->unit_at[i] = at;
        p->game_at[i] = gat;
        p->fig_at[i] = fat;
        at += stretch(h->unit_bytes);
        gat += game_stretch(h);
        fat += stretch(h->figure_bytes);
    }
    for (int i = 0; i < t->nrulesets && i < RL_MAX_RULES; i++) {
        p->set_unit_at[i] = at;
        p->set_game_at[i] = gat;
        at += stretch(t->rulesets[i]->unit_bytes);
        gat += stretch(t->rulesets[i]->game_bytes);
    }
    p->per_unit = at;
    p->games = gat;
    p->per_fig = fat;
    for (int q = 0; q < Q_COUNT; q++) {
        p->nask[q] = 0;
        for (int i = 0; i < t->nhouses && i < RL_MAX_RULES; i++)
            if (p->in_play[i] && plan_answers(t->houses[i], q))
                p->ask[q][p->nask[q]++] = (unsigned char)i;
    }
}

bool rl_plan_make(sl_game *g, const rl_tables *t)
{
    g->plan = calloc(1, sizeof *g->plan);
    if (!g->plan)
        return false;
    g->plan->t = t;
    rl_plan_resolve(g);
    return true;
}

bool rl_plan_copy(sl_game *dst, const sl_game *src)
{
    if (!src->plan || !dst->plan)
        return src->plan == dst->plan;
    *dst->plan = *src->plan;
    return true;
}

void rl_plan_free(sl_game *g)
{
    free(g->plan);
    g->plan = NULL;
}

const rl_tables *rl_tables_of(const sl_game *g)
{
    return g->plan ? g->plan->t : NULL;
}

const rl_ruleset *rl_ruleset_of(const sl_game *g)
{
    return g->plan->t->rulesets[g->plan->ruleset];
}

/* The row of a house rule in the game's tables, -1 when none. */
static int row_of(const sl_game *g, const rl_house *h)
{
    const rl_tables *t = g->plan ? g->plan->t : NULL;
    for (int i = 0; t && i < t->nhouses; i++)
        if (t->houses[i] == h)
            return i;
    return -1;
}

static int row_named(const sl_game *g, const char *name)
{
    const rl_tables *t = g->plan ? g->plan->t : NULL;
    for (int i = 0; t && i < t->nhouses; i++)
        if (t->houses[i]->name == name || strcmp(t->houses[i]->name, name) == 0)
            return i;
    return -1;
}

bool rl_house_admitted(const sl_game *g, const rl_house *h)
{
    return rl_ruleset_admits(rl_ruleset_of(g), h);
}

bool rl_house_in_play(const sl_game *g, const rl_house *h)
{
    int i = row_of(g, h);
    return i >= 0 && g->plan->in_play[i];
}

bool sl_game_house_rule(const sl_game *g, const char *name)
{
    int i = row_named(g, name);
    return i >= 0 && g->plan->in_play[i];
}

const char *sl_game_ruleset(const sl_game *g)
{
    return rl_ruleset_of(g)->name;
}

bool sl_game_shows(const sl_game *g, unsigned what)
{
    unsigned shown = rl_ruleset_of(g)->shows;
    for (int i = 0; i < g->plan->t->nhouses; i++)
        if (g->plan->in_play[i])
            shown |= g->plan->t->houses[i]->shows;
    return (shown & what) == what;
}

/* --- a rule's bytes ------------------------------------------------------------------------ */

static void *unit_state(const sl_game *g, int i, int unit)
{
    if (i < 0 || !g->house || g->plan->t->houses[i]->unit_bytes == 0 || unit < 0 || unit >= g->live.nunits)
        return NULL;
    return g->house + g->plan->per_unit * (size_t)unit + g->plan->unit_at[i];
}

static void *game_state(const sl_game *g, int i)
{
    if (i < 0 || !g->house || game_stretch(g->plan->t->houses[i]) == 0)
        return NULL;
    return g->house + g->plan->per_unit * (size_t)g->live.nunits + g->plan->game_at[i];
}

/* A ruleset's row in the game's tables, by itself (or a copy of it, as a
 * test's tables hold) or its name, -1 when none. */
static int set_row(const sl_game *g, const rl_ruleset *rs, const char *name)
{
    const rl_tables *t = g->plan ? g->plan->t : NULL;
    if (rs)
        name = rs->name;
    for (int i = 0; t && i < t->nrulesets && i < RL_MAX_RULES; i++)
        if (t->rulesets[i] == rs || strcmp(t->rulesets[i]->name, name) == 0)
            return i;
    return -1;
}

static void *set_unit_state(const sl_game *g, int i, int unit)
{
    if (i < 0 || !g->house || g->plan->t->rulesets[i]->unit_bytes == 0 || unit < 0 || unit >= g->live.nunits)
        return NULL;
    return g->house + g->plan->per_unit * (size_t)unit + g->plan->set_unit_at[i];
}

static void *set_game_state(const sl_game *g, int i)
{
    if (i < 0 || !g->house || g->plan->t->rulesets[i]->game_bytes == 0)
        return NULL;
    return g->house + g->plan->per_unit * (size_t)g->live.nunits + g->plan->set_game_at[i];
}

void *rl_rule_state(const sl_game *g, const char *rule, int unit)
{
    int i = row_named(g, rule);
    return i >= 0 ? unit_state(g, i, unit) : set_unit_state(g, set_row(g, NULL, rule), unit);
}

void *rl_rule_game_state(const sl_game *g, const char *rule)
{
    int i = row_named(g, rule);
    return i >= 0 ? game_state(g, i) : set_game_state(g, set_row(g, NULL, rule));
}

void *rl_house_state(const sl_game *g, const rl_house *h, int unit)
{
    return unit_state(g, row_of(g, h), unit);
}

void *rl_house_game_state(const sl_game *g, const rl_house *h)
{
    return game_state(g, row_of(g, h));
}

void *rl_ruleset_state(const sl_game *g, const rl_ruleset *rs, int unit)
{
    return set_unit_state(g, set_row(g, rs, NULL), unit);
}

void *rl_ruleset_game_state(const sl_game *g, const rl_ruleset *rs)
{
    return set_game_state(g, set_row(g, rs, NULL));
}

/* A figure's row: after the units' rows and the game's. */
static unsigned char *figure_row(const sl_game *g, int fig)
{
    if (!g->house || !g->plan || g->plan->per_fig == 0 || fig < 0 || fig >= g->live.nfigures)
        return NULL;
    return g->house + g->plan->per_unit * (size_t)g->live.nunits + g->plan->games + g->plan->per_fig * (size_t)fig;
}

void *rl_figure_state(const sl_game *g, const rl_house *h, int fig)
{
    int i = row_of(g, h);
    unsigned char *row = i >= 0 && h->figure_bytes ? figure_row(g, fig) : NULL;
    return row ? row + g->plan->fig_at[i] : NULL;
}

void rl_figure_state_clear(sl_game *g, int fig)
{
    unsigned char *row = figure_row(g, fig);
    if (row)
        memset(row, 0, g->plan->per_fig);
}

void rl_figures_moved(sl_game *g, int first, int n, const int *from)
{
    int rel[RL_SET_MAX];
    for (int i = 0; i < n && i < RL_SET_MAX; i++)
        rel[i] = from[i] - first;
    if (n > 0 && n <= RL_SET_MAX)
        rl_parts_figures_moved(&g->live, first, n, rel); /* a man's part goes with him */
    unsigned char *row = figure_row(g, first);
    if (!row || n <= 0 || n > RL_SET_MAX || first + n > g->live.nfigures)
        return;
    size_t per = g->plan->per_fig;
    unsigned char was[RL_SET_MAX];
    for (size_t b = 0; b < per; b++) { /* a byte at a time: no block to allocate */
        for (int i = 0; i < n; i++)
            was[i] = row[per * (size_t)i + b];
        for (int i = 0; i < n; i++)
            if (from[i] >= first && from[i] < first + n)
                row[per * (size_t)i + b] = was[from[i] - first];
    }
}

void rl_rule_state_clear(sl_game *g, int unit)
{
    if (!g->house || !g->plan || unit < 0 || unit >= g->live.nunits)
        return;
    memset(g->house + g->plan->per_unit * (size_t)unit, 0, g->plan->per_unit);
}

/* --- the hooks ------------------------------------------------------------------------------- */

/* Every rule in play that answers question `f`, in the table's order. */
#define EACH(f, h)                                                                                                 \
    for (int h##_i = 0; g->plan && h##_i < g->plan->nask[Q_##f]; h##_i++)                                       \
        for (const rl_house *h = g->plan->t->houses[g->plan->ask[Q_##f][h##_i]]; h; h = NULL)

bool rl_hook_activate_can(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    EACH(activate_can, h)
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
    EACH(activate, h) if (h->activate(g, c)) return true;
    return false;
}

void rl_hook_activated(sl_game *g, int unit, rl_how how)
{
    EACH(activated, h) h->activated(g, unit, how);
}

void rl_hook_activation_ended(sl_game *g, int unit)
{
    EACH(activation_ended, h) h->activation_ended(g, unit);
}

bool rl_hook_holds_activation(const sl_game *g, int unit)
{
    EACH(holds_activation, h) if (h->holds_activation(g, unit)) return true;
    return false;
}

bool rl_hook_busy(const sl_game *g, int unit)
{
    EACH(busy, h) if (h->busy(g, unit)) return true;
    return false;
}

bool rl_hook_placeable(const sl_game *g, int unit)
{
    EACH(placeable, h) if (h->placeable(g, unit)) return true;
    return false;
}

int rl_hook_off_table(const sl_game *g, int unit)
{
    EACH(off_table, h)
    {
        int off = h->off_table(g, unit);
        if (off != RL_ON_TABLE)
            return off;
    }
    return RL_ON_TABLE;
}

bool rl_hook_cost_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    EACH(cost_check, h) if (!h->cost_check(g, c, why, whylen)) return false;
    return true;
}

bool rl_hook_actor_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    EACH(actor_check, h)
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
    EACH(move_check, h)
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
    EACH(declared, h) if (h->declared(g, f, along_move)) return true;
    return false;
}

bool rl_hook_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    *handled = false;
    EACH(resolve, h)
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
    EACH(moved, h) h->moved(g, mv);
}

bool rl_hook_decide(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    *handled = false;
    EACH(decide, h)
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
    EACH(fire_test, h) return h->fire_test(g, f);
    return true;
}

void rl_hook_after_fire(sl_game *g, sl_frame *f)
{
    EACH(after_fire, h) h->after_fire(g, f);
}

void rl_hook_spent_on_fire(sl_game *g, int unit)
{
    EACH(spent_on_fire, h) h->spent_on_fire(g, unit);
}

void rl_hook_suppressed(sl_game *g, int unit, bool leader_was)
{
    EACH(suppressed, h) h->suppressed(g, unit, leader_was);
}

int rl_hook_range_shift(const sl_game *g, int target, char *why, size_t whylen)
{
    int total = 0;
    size_t at = 0;
    if (whylen)
        why[0] = '\0';
    EACH(range_shift, h)
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
    EACH(fired_upon, h) h->fired_upon(g, target, suppressed);
}

bool rl_hook_fire_able(const sl_game *g, int unit, char *why, size_t whylen)
{
    EACH(fire_able, h) if (!h->fire_able(g, unit, why, whylen)) return false;
    return true;
}

bool rl_hook_fire_at(const sl_game *g, const rl_fire_ask *a, char *why, size_t whylen)
{
    EACH(fire_at, h) if (!h->fire_at(g, a, why, whylen)) return false;
    return true;
}

int32_t rl_hook_move_allowance(const sl_game *g, int unit, int32_t base)
{
    EACH(move_allowance, h) base = h->move_allowance(g, unit, base);
    return base;
}

int32_t rl_hook_way_extra(const sl_game *g, const sl_command *c)
{
    int32_t extra = 0;
    EACH(way_extra, h) extra += h->way_extra(g, c);
    return extra;
}

int rl_hook_comm(const sl_game *g, int a, int b, char *why, size_t whylen)
{
    int most = RL_COMM_USUAL;
    char one[200];
    EACH(comm, h)
    {
        int k = h->comm(g, a, b, one, sizeof one);
        if (k > most) {
            most = k;
            if (why && whylen)
                snprintf(why, whylen, "%s", one);
        }
    }
    return most;
}

bool rl_hook_reorganise_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    EACH(reorganise_check, h) if (!h->reorganise_check(g, c, why, whylen)) return false;
    return true;
}

bool rl_hook_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    EACH(reorganise, h) if (!h->reorganise(g, c, err, errlen)) return false;
    return true;
}

bool rl_hook_first_aid_withheld(const sl_game *g, const sl_command *c)
{
    EACH(first_aid_withheld, h) if (h->first_aid_withheld(g, c)) return true;
    return false;
}

bool rl_hook_target_combined(const sl_game *g, const sl_command *c)
{
    EACH(target_combined, h) if (h->target_combined(g, c)) return true;
    return false;
}

void rl_hook_reorganised(sl_game *g, int unit)
{
    EACH(reorganised, h) h->reorganised(g, unit);
}

void rl_hook_turn_start(sl_game *g)
{
    EACH(turn_start, h) h->turn_start(g);
}

bool rl_hook_game_start(sl_game *g)
{
    EACH(game_start, h) if (h->game_start(g)) return true;
    return false;
}

bool rl_hook_done_can(const sl_game *g, int side, bool *decided, char *why, size_t whylen)
{
    EACH(done_can, h)
    {
        bool ok = h->done_can(g, side, decided, why, whylen);
        if (*decided)
            return ok;
    }
    return true;
}

bool rl_hook_done(sl_game *g, int side)
{
    EACH(done, h) if (h->done(g, side)) return true;
    return false;
}

bool rl_hook_pending_allows(const sl_game *g, const sl_command *c)
{
    EACH(pending_allows, h) if (h->pending_allows(g, c)) return true;
    return false;
}

bool rl_hook_orders(const sl_game *g, const rl_policy *p, int unit, sl_command *out, char *why, size_t whylen)
{
    EACH(orders, h) if (h->orders(p, unit, out, why, whylen)) return true;
    return false;
}

void rl_hook_tactics(const sl_game *g, const rl_policy *p, int unit, rl_tactic *best)
{
    EACH(tactics, h) h->tactics(p, unit, best);
}

bool rl_hook_side_orders(const sl_game *g, const rl_policy *p, sl_command *out, char *why, size_t whylen)
{
    EACH(side_orders, h) if (h->side_orders(p, out, why, whylen)) return true;
    return false;
}

bool rl_hook_aim_words(const sl_game *g, const rl_policy *p, int unit, char *words, size_t len)
{
    EACH(aim_words, h) if (h->aim_words(p, unit, words, len)) return true;
    return false;
}

bool rl_hook_solo(const sl_game *g, sl_command *out, char *why, size_t whylen)
{
    EACH(solo_cmd, h) if (h->solo_cmd(g, out, why, whylen)) return true;
    return false;
}

void rl_hook_after_command(sl_game *g)
{
    EACH(after_command, h) h->after_command(g);
}

int rl_hook_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    int n = 0;
    EACH(offers, h) n += h->offers(g, unit, out + n, max - n);
    return n;
}

int rl_hook_help(const sl_game *g, sl_help_row *out, int max)
{
    int n = 0;
    EACH(help, h)
    for (const rl_help_row *r = h->help; r->keys && n < max; r++, n++) {
        snprintf(out[n].keys, sizeof out[n].keys, "%s", r->keys);
        snprintf(out[n].text, sizeof out[n].text, "%s", r->text);
    }
    return n;
}

bool rl_hook_pick_list(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles, sl_list_view *out)
{
    EACH(pick_list, h) if (h->pick_list(g, unit, kind, chosen, toggles, out)) return true;
    return false;
}

bool rl_hook_pick_list_command(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles,
                               sl_command *out)
{
    EACH(pick_list_command, h) if (h->pick_list_command(g, unit, kind, chosen, toggles, out)) return true;
    return false;
}

int rl_hook_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    int n = 0;
    EACH(marks, h) n += h->marks(g, unit, out + n, max - n);
    return n;
}

int rl_hook_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    int n = 0;
    EACH(card, h) n += h->card(g, unit, out + n, max - n);
    return n;
}

bool rl_hook_watching(const sl_game *g, int unit)
{
    EACH(watching, h) if (h->watching(g, unit)) return true;
    return false;
}

bool rl_hook_fires_at_mover(const sl_game *at, int unit, int mover, double *p)
{
    const sl_game *g = at;
    EACH(fires_at_mover, h) if (h->fires_at_mover(at, unit, mover, p)) return true;
    return false;
}

int rl_hook_sketches(const sl_game *g, int viewer, sl_sketch *out, int max)
{
    int n = 0;
    EACH(sketches, h) n += h->sketches(g, viewer, out + n, max - n);
    return n;
}

bool rl_hook_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                     sl_preview *out)
{
    EACH(preview, h) if (h->preview(g, viewer, unit, kind, variant, target, at, out)) return true;
    return false;
}

bool sl_game_watching(const sl_game *g, int unit)
{
    return unit >= 0 && unit < g->live.nunits && rl_hook_watching(g, unit);
}

void rl_hook_back_in_action(sl_game *g, int fig)
{
    EACH(back_in_action, h) h->back_in_action(g, fig);
}

bool rl_hook_kit_lost(const sl_game *g, int fig)
{
    EACH(kit_lost, h) if (h->kit_lost(g, fig)) return true;
    return false;
}

bool sl_game_notice(const sl_game *g, int viewer, sl_decision_view *out)
{
    memset(out, 0, sizeof *out);
    out->side = -1;
    out->route.side = -1;
    if (g->pending.kind != SL_DECIDE_NONE)
        return false;
    EACH(notice, h) if (h->notice(g, viewer, out)) return true;
    return false;
}

unsigned rl_hook_acting(const sl_game *g, const sl_command *c)
{
    unsigned bits = 0;
    EACH(acting, h) bits |= h->acting(g, c);
    return bits;
}

int rl_hook_leader_team(const sl_game *g, int squad)
{
    EACH(leader_team, h)
    {
        int t = h->leader_team(g, squad);
        if (t >= 0)
            return t;
    }
    return -1;
}
