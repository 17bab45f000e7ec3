/* The tables read: a ruleset by its option, a command row by its kind or
 * its word, and the numbers the house rules' own kinds are given. Every
 * function takes the tables it reads (a game's, or the ones
 * src/rules/registry.c hands on where there is no game). */
#include <string.h>

#include "base.h"

const rl_ruleset *rl_rows_ruleset(const rl_tables *t, const sl_options *o)
{
    int r = o->ruleset;
    return r >= 0 && r < t->nrulesets ? t->rulesets[r] : t->rulesets[0];
}

/* Every command row in order: the rulesets', then the house rules'. A
 * row of a new kind is numbered from SL_CMD_COUNT in that order. */
typedef struct row_walk {
    const rl_tables *t;
    int r, h, i, next;
} row_walk;

static const rl_cmd_def *next_row(row_walk *w, int *kind, const rl_ruleset **rs, const rl_house **h)
{
    const rl_tables *t = w->t;
    for (;;) {
        const rl_cmd_def *rows;
        int n;
        if (w->r < t->nrulesets) {
            rows = t->rulesets[w->r]->commands;
            n = t->rulesets[w->r]->ncommands;
        } else if (w->h < t->nhouses) {
            rows = t->houses[w->h]->commands;
            n = t->houses[w->h]->ncommands;
        } else {
            return NULL;
        }
        if (w->i < n) {
            const rl_cmd_def *d = &rows[w->i++];
            *kind = d->kind == RL_KIND_NEW ? w->next++ : d->kind;
            if (rs)
                *rs = w->r < t->nrulesets ? t->rulesets[w->r] : NULL;
            if (h)
                *h = w->r < t->nrulesets ? NULL : t->houses[w->h];
            return d;
        }
        w->i = 0;
        if (w->r < t->nrulesets)
            w->r++;
        else
            w->h++;
    }
}

const rl_cmd_def *rl_rows_cmd(const rl_tables *t, int kind, const rl_ruleset **rs, const rl_house **h)
{
    row_walk w = {t, 0, 0, 0, SL_CMD_COUNT};
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

int rl_rows_kind(const rl_tables *t, const rl_cmd_def *d)
{
    row_walk w = {t, 0, 0, 0, SL_CMD_COUNT};
    int k;
    for (const rl_cmd_def *e; (e = next_row(&w, &k, NULL, NULL)) != NULL;)
        if (e == d)
            return k;
    return SL_CMD_NONE;
}

int rl_rows_kinds(const rl_tables *t)
{
    row_walk w = {t, 0, 0, 0, SL_CMD_COUNT};
    int k;
    while (next_row(&w, &k, NULL, NULL))
        ;
    return w.next;
}

int rl_rows_find(const rl_tables *t, const char *word)
{
    row_walk w = {t, 0, 0, 0, SL_CMD_COUNT};
    int k;
    for (const rl_cmd_def *d; (d = next_row(&w, &k, NULL, NULL)) != NULL;)
        if (strcmp(d->name, word) == 0 || (d->alias && strcmp(d->alias, word) == 0))
            return k;
    return SL_CMD_NONE;
}

/* --- the same, of a game's tables ------------------------------------------------------- */

const rl_cmd_def *rl_command_owner(const sl_game *g, int kind, const rl_ruleset **rs, const rl_house **h)
{
    return rl_rows_cmd(rl_tables_of(g), kind, rs, h);
}

const rl_cmd_def *rl_command_row(const sl_game *g, int kind)
{
    return rl_rows_cmd(rl_tables_of(g), kind, NULL, NULL);
}

int rl_command_kind(const sl_game *g, const rl_cmd_def *d)
{
    return rl_rows_kind(rl_tables_of(g), d);
}

const char *rl_command_name(const sl_game *g, int kind)
{
    const rl_cmd_def *d = rl_command_row(g, kind);
    return d ? d->name : "?";
}

/* --- the rules' own decision kinds and decide words ------------------------------------------ */

/* The decision rows of table row i: the rulesets', then the house rules'. */
static const rl_decision_row *decisions_of(const rl_tables *t, int i)
{
    return i < t->nrulesets ? t->rulesets[i]->decisions : t->houses[i - t->nrulesets]->decisions;
}

int rl_rows_decision_kind(const rl_tables *t, const rl_decision_row *row)
{
    if (!row || row->kind != RL_DECIDE_NEW)
        return row ? row->kind : SL_DECIDE_NONE;
    int next = SL_DECIDE_COUNT;
    for (int i = 0; i < t->nrulesets + t->nhouses; i++) {
        const rl_decision_row *rows = decisions_of(t, i);
        for (int j = 0; rows && rows[j].kind != SL_DECIDE_NONE; j++)
            if (rows[j].kind == RL_DECIDE_NEW) {
                if (&rows[j] == row)
                    return next;
                next++;
            }
    }
    return SL_DECIDE_NONE;
}

/* The rules' decide words in order, the i-th (NULL past the last). */
static const rl_decide_word *word_at(const rl_tables *t, int i)
{
    for (int r = 0; r < t->nrulesets + t->nhouses; r++) {
        const rl_decide_word *ws = r < t->nrulesets ? t->rulesets[r]->decide_words
                                                    : t->houses[r - t->nrulesets]->decide_words;
        int n = r < t->nrulesets ? t->rulesets[r]->ndecide_words : t->houses[r - t->nrulesets]->ndecide_words;
        if (i < n)
            return &ws[i];
        i -= n;
    }
    return NULL;
}

int rl_rows_decide_number(const rl_tables *t, const rl_decide_word *w)
{
    for (int i = 0; word_at(t, i); i++)
        if (word_at(t, i) == w)
            return SL_DECIDE_WORD_COUNT + i;
    return -1;
}

const rl_decide_word *rl_rows_decide_word(const rl_tables *t, int number)
{
    return number >= SL_DECIDE_WORD_COUNT ? word_at(t, number - SL_DECIDE_WORD_COUNT) : NULL;
}

int rl_rows_decide_find(const rl_tables *t, const char *word)
{
    const rl_decide_word *w;
    for (int i = 0; (w = word_at(t, i)) != NULL; i++)
        if (strcmp(w->word, word) == 0)
            return SL_DECIDE_WORD_COUNT + i;
    return -1;
}

/* --- the words rules add to commands they do not own ---------------------------------------- */

const rl_cmd_extra *rl_rows_extra(const rl_tables *t, int i)
{
    for (int r = 0; r < t->nrulesets + t->nhouses; r++) {
        const rl_cmd_extra *xs = r < t->nrulesets ? t->rulesets[r]->extras : t->houses[r - t->nrulesets]->extras;
        int n = r < t->nrulesets ? t->rulesets[r]->nextras : t->houses[r - t->nrulesets]->nextras;
        if (i < n)
            return &xs[i];
        i -= n;
    }
    return NULL;
}

size_t rl_rows_extra_at(const rl_tables *t, const rl_cmd_extra *x)
{
    size_t at = 0;
    const rl_cmd_extra *y;
    for (int i = 0; (y = rl_rows_extra(t, i)) != NULL && y != x; i++)
        at += y->bytes;
    return at;
}

/* --- the words rules add on who of the acting unit acts -------------------------------------- */

const rl_actor_words *rl_rows_actor(const rl_tables *t, int i)
{
    for (int r = 0; r < t->nhouses; r++)
        if (t->houses[r]->actor_words && i-- == 0)
            return t->houses[r]->actor_words;
    return NULL;
}

size_t rl_rows_actor_at(const rl_tables *t, const rl_actor_words *x)
{
    size_t at = 0;
    const rl_actor_words *y;
    for (int i = 0; (y = rl_rows_actor(t, i)) != NULL && y != x; i++)
        at += y->bytes;
    return at;
}
