/* The tables read where there is no game: the command words and kinds
 * (for parsing, the window's lists, the rule files' words), and what a
 * scenario's ruleset says before a game is made of it. Each passes
 * src/rules/tables.c's rows to the base's readers (base/rows.c); with a
 * game, ask the game's own (rl_command_row, rl_ruleset_of). */
#include <string.h>

#include "rules.h"

static const rl_ruleset *ruleset_for(const sl_options *o)
{
    return rl_rows_ruleset(&rl_the_tables, o);
}

const rl_cmd_def *rl_cmd_owner(int kind, const rl_ruleset **rs, const rl_house **h)
{
    return rl_rows_cmd(&rl_the_tables, kind, rs, h);
}

const rl_cmd_def *rl_cmd_def_of(int kind)
{
    return rl_rows_cmd(&rl_the_tables, kind, NULL, NULL);
}

int rl_cmd_kind_of(const rl_cmd_def *d)
{
    return rl_rows_kind(&rl_the_tables, d);
}

int rl_decision_kind_of(const rl_decision_row *row)
{
    return rl_rows_decision_kind(&rl_the_tables, row);
}

int rl_decide_word_of(const rl_decide_word *w)
{
    return rl_rows_decide_number(&rl_the_tables, w);
}

void *rl_cmd_extra_of(sl_command *c, const rl_cmd_extra *x)
{
    size_t at = rl_rows_extra_at(&rl_the_tables, x);
    return at + x->bytes <= sizeof c->rule ? c->rule + at : NULL;
}

const void *rl_cmd_extra_in(const sl_command *c, const rl_cmd_extra *x)
{
    size_t at = rl_rows_extra_at(&rl_the_tables, x);
    return at + x->bytes <= sizeof c->rule ? c->rule + at : NULL;
}

const rl_cmd_extra *rl_cmd_extra_for(const rl_cmd_def *d, int kind, int i)
{
    if (!d || d->words)
        return NULL;
    const rl_cmd_extra *x;
    for (int k = 0; (x = rl_rows_extra(&rl_the_tables, k)) != NULL; k++)
        if (x->on(d, kind) && i-- == 0)
            return x;
    return NULL;
}

void *rl_cmd_actor_of(sl_command *c, const rl_actor_words *x)
{
    size_t at = rl_rows_actor_at(&rl_the_tables, x);
    return at + x->bytes <= sizeof c->actor ? c->actor + at : NULL;
}

const void *rl_cmd_actor_in(const sl_command *c, const rl_actor_words *x)
{
    size_t at = rl_rows_actor_at(&rl_the_tables, x);
    return at + x->bytes <= sizeof c->actor ? c->actor + at : NULL;
}

const rl_actor_words *rl_cmd_actor_words(int i)
{
    return rl_rows_actor(&rl_the_tables, i);
}

int sl_cmd_kinds(void)
{
    return rl_rows_kinds(&rl_the_tables);
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
    return rl_rows_find(&rl_the_tables, word);
}

/* --- a scenario's ruleset ------------------------------------------------------------------ */

bool sl_scenario_shows(const sl_scenario *scn, unsigned what, const char **why)
{
    const rl_ruleset *rs = ruleset_for(&scn->options);
    bool shown = (rs->shows & what) == what;
    if (why)
        *why = shown ? NULL : (what & SL_SHOW_RANGE_BANDS) && rs->no_bands ? rs->no_bands : "";
    return shown;
}

int sl_unit_reach(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why)
{
    const rl_ruleset *rs = ruleset_for(&scn->options);
    const char *note = NULL;
    int n = 0;
    if (rs->reach && unit >= 0 && unit < scn->nunits && max > 0)
        n = rs->reach(scn, unit, out, max, &note);
    if (n == 0 && !note)
        note = rs->no_bands ? rs->no_bands : "the rules draw none";
    if (why)
        *why = note;
    return n;
}

const char *sl_reach_word(const sl_scenario *scn)
{
    const rl_ruleset *rs = ruleset_for(&scn->options);
    return rs->reach_word ? rs->reach_word : "range bands";
}

const char *sl_ruleset_title(const sl_scenario *scn)
{
    return ruleset_for(&scn->options)->title;
}

bool sl_ruleset_needs(const sl_options *o, const char *field)
{
    const rl_ruleset *rs = ruleset_for(o);
    for (const char *const *f = rs->unit_fields; f && *f; f++)
        if (strcmp(*f, field) == 0)
            return true;
    return false;
}

/* A man of a face-down counter in a side's view (its unit's id "?A"). */
static bool counter_man(const sl_scenario *scn, int fig)
{
    int u = scn->figures[fig].unit;
    return u >= 0 && u < scn->nunits && scn->units[u].id[0] == '?';
}

int sl_unit_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures)
{
    *figures = false;
    const rl_ruleset *rs = ruleset_for(&scn->options);
    if (unit < 0 || unit >= scn->nunits || !rs->profile || scn->units[unit].id[0] == '?')
        return 0; /* a face-down counter, as a side's view has it ("?A"): nothing of what is under it */
    return rs->profile(scn, unit, out, max, figures);
}

bool sl_figure_arms(const sl_scenario *scn, int fig, char *buf, size_t len)
{
    const rl_ruleset *rs = ruleset_for(&scn->options);
    return fig >= 0 && fig < scn->nfigures && rs->figure_arms && !counter_man(scn, fig) &&
           rs->figure_arms(scn, fig, buf, len);
}

void sl_unit_makeup(const sl_scenario *scn, int unit, char *buf, size_t len)
{
    const rl_ruleset *rs = ruleset_for(&scn->options);
    if (rs->makeup)
        rs->makeup(scn, unit, buf, len);
    else if (len > 0)
        buf[0] = '\0'; /* a ruleset with no word for it */
}

void sl_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                 char *l2, size_t len)
{
    l1[0] = l2[0] = '\0';
    const rl_ruleset *rs = ruleset_for(&scn->options);
    if (rs->way_text && unit >= 0 && unit < scn->nunits)
        rs->way_text(scn, unit, one, two, l1, l2, len);
}

const rl_house *rl_house_row(int i)
{
    return i >= 0 && i < rl_the_tables.nhouses ? rl_the_tables.houses[i] : NULL;
}

const rl_ruleset *rl_ruleset_row(int i)
{
    return i >= 0 && i < rl_the_tables.nrulesets ? rl_the_tables.rulesets[i] : NULL;
}

/* What the window picks for a kind (its row's pick), and the verb it says. */
void sl_cmd_pick(int kind, sl_pick_info *out)
{
    const rl_cmd_def *d = rl_cmd_def_of(kind);
    static const sl_pick_info none = RL_PICK_NONE;
    *out = d ? d->pick : none;
}

const char *sl_cmd_pick_verb(int kind)
{
    const rl_cmd_def *d = rl_cmd_def_of(kind);
    return d && d->pick.verb ? d->pick.verb : sl_cmd_name(kind);
}
