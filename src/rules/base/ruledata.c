/* A rule's own data of a scenario: what each rule reads of a scenario
 * file for itself (rl_scn_part), kept in one block for the scenario and
 * its sides, one row per unit and one per figure, laid out in the parts'
 * order. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* Rows of one kind (units, figures): each part's bytes at[] in a row. */
typedef struct rows {
    size_t at[RL_MAX_PARTS];
    size_t stride;
    int n;                        /* rows with room */
    unsigned char *b;
} rows;

struct sl_rule_data {
    int nparts;
    const rl_scn_part *part[RL_MAX_PARTS];
    size_t at_top[RL_MAX_PARTS];  /* the part's top bytes, then its sides' */
    size_t top_len[RL_MAX_PARTS], side_len[RL_MAX_PARTS]; /* the part's sizes, rounded up for alignment */
    size_t top_size;
    unsigned char *top;
    rows units, figures;
};

static const unsigned char zeros[RL_SCN_PART_MAX] __attribute__((aligned(16)));

/* Each part's bytes start at a multiple of 16, as malloc's do. */
static size_t aligned(size_t n)
{
    return (n + 15) / 16 * 16;
}

struct sl_rule_data *rl_scn_data_make(const rl_scn_part *const *parts, int n)
{
    struct sl_rule_data *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    for (int i = 0; i < n && d->nparts < RL_MAX_PARTS; i++) {
        const rl_scn_part *p = parts[i];
        if (p->top_bytes > RL_SCN_PART_MAX || p->side_bytes > RL_SCN_PART_MAX ||
            p->unit_bytes > RL_SCN_PART_MAX || p->figure_bytes > RL_SCN_PART_MAX)
            continue; /* too big to read back as zeros: never laid out */
        int k = d->nparts++;
        d->part[k] = p;
        d->at_top[k] = d->top_size;
        d->top_len[k] = aligned(p->top_bytes);
        d->side_len[k] = aligned(p->side_bytes);
        d->top_size += d->top_len[k] + SL_MAX_SIDES * d->side_len[k];
        d->units.at[k] = d->units.stride;
        d->units.stride += aligned(p->unit_bytes);
        d->figures.at[k] = d->figures.stride;
        d->figures.stride += aligned(p->figure_bytes);
    }
    d->top = calloc(1, d->top_size + 1);
    if (!d->top) {
        free(d);
        return NULL;
    }
    return d;
}

static bool rows_copy(rows *to, const rows *from)
{
    *to = *from;
    to->b = malloc(from->stride * (size_t)from->n + 1);
    if (to->b && from->n)
        memcpy(to->b, from->b, from->stride * (size_t)from->n);
    return to->b != NULL;
}

struct sl_rule_data *rl_scn_data_copy(const struct sl_rule_data *d)
{
    if (!d)
        return NULL;
    struct sl_rule_data *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    *c = *d;
    c->top = malloc(d->top_size + 1);
    bool ok = rows_copy(&c->units, &d->units);
    ok = rows_copy(&c->figures, &d->figures) && ok;
    if (!c->top || !ok) {
        rl_scn_data_free(c);
        return NULL;
    }
    memcpy(c->top, d->top, d->top_size);
    return c;
}

void rl_scn_data_free(struct sl_rule_data *d)
{
    if (!d)
        return;
    free(d->top);
    free(d->units.b);
    free(d->figures.b);
    free(d);
}

int rl_scn_parts(const struct sl_rule_data *d, const rl_scn_part **out, int max)
{
    int n = 0;
    for (int i = 0; d && i < d->nparts && n < max; i++)
        out[n++] = d->part[i];
    return n;
}

static int part_of(const struct sl_rule_data *d, const rl_scn_part *p)
{
    for (int i = 0; d && i < d->nparts; i++)
        if (d->part[i] == p)
            return i;
    return -1;
}

const void *rl_scn_top(const sl_scenario *scn, const rl_scn_part *p)
{
    int i = part_of(scn->rule_data, p);
    return i < 0 ? zeros : scn->rule_data->top + scn->rule_data->at_top[i];
}

const void *rl_scn_side(const sl_scenario *scn, const rl_scn_part *p, int side)
{
    const struct sl_rule_data *d = scn->rule_data;
    int i = part_of(d, p);
    if (i < 0 || side < 0 || side >= SL_MAX_SIDES)
        return zeros;
    return d->top + d->at_top[i] + d->top_len[i] + (size_t)side * d->side_len[i];
}

static const void *row_of(const rows *r, int i, int row)
{
    return i < 0 || row < 0 || row >= r->n ? zeros : r->b + r->stride * (size_t)row + r->at[i];
}

const void *rl_scn_unit(const sl_scenario *scn, const rl_scn_part *p, int unit)
{
    int i = part_of(scn->rule_data, p);
    return i < 0 ? zeros : row_of(&scn->rule_data->units, i, unit);
}

const void *rl_scn_figure(const sl_scenario *scn, const rl_scn_part *p, int fig)
{
    int i = part_of(scn->rule_data, p);
    return i < 0 ? zeros : row_of(&scn->rule_data->figures, i, fig);
}

/* Room for rows up to `row`, the new ones zeroed. */
static bool room(rows *r, int row)
{
    if (row < r->n)
        return true;
    int n = r->n ? r->n : 16;
    while (n <= row)
        n *= 2;
    unsigned char *b = realloc(r->b, r->stride * (size_t)n + 1);
    if (!b)
        return false;
    memset(b + r->stride * (size_t)r->n, 0, r->stride * (size_t)(n - r->n));
    r->b = b;
    r->n = n;
    return true;
}

void *rl_scn_edit(sl_scenario *scn, const rl_scn_part *p, sl_keys_where where, int index)
{
    struct sl_rule_data *d = scn->rule_data;
    int i = part_of(d, p);
    if (i < 0)
        return NULL;
    unsigned char *top = d->top + d->at_top[i];
    rows *r = where == SL_KEYS_UNIT ? &d->units : &d->figures;
    switch (where) {
    case SL_KEYS_SIDE:
        return index >= 0 && index < SL_MAX_SIDES ? top + d->top_len[i] + (size_t)index * d->side_len[i] : NULL;
    case SL_KEYS_UNIT:
    case SL_KEYS_FIGURE:
        if (index < 0 || !room(r, index))
            return NULL;
        return r->b + r->stride * (size_t)index + r->at[i];
    default:
        return top;
    }
}

bool rl_scn_unit_copy(struct sl_rule_data *d, int unit, int from)
{
    if (!d)
        return true;
    if (unit < 0 || !room(&d->units, unit > from ? unit : from))
        return false;
    unsigned char *row = d->units.b + d->units.stride * (size_t)unit;
    if (from < 0)
        memset(row, 0, d->units.stride);
    else
        memcpy(row, d->units.b + d->units.stride * (size_t)from, d->units.stride);
    return true;
}

/* Rows n of `from`'s, row i taking its row map[i] (-1 or none: zeros). */
static bool rows_mapped(rows *to, const rows *from, const int *map, int n)
{
    unsigned char *b = calloc(1, from->stride * (size_t)(n > 0 ? n : 0) + 1);
    if (!b)
        return false;
    for (int i = 0; i < n; i++)
        if (map[i] >= 0 && map[i] < from->n)
            memcpy(b + from->stride * (size_t)i, from->b + from->stride * (size_t)map[i], from->stride);
    free(to->b);
    to->b = b;
    to->n = n;
    return true;
}

struct sl_rule_data *rl_scn_data_mapped(const struct sl_rule_data *d, const int *units, int nu, const int *figs,
                                        int nf)
{
    struct sl_rule_data *c = rl_scn_data_copy(d);
    if (c && (!rows_mapped(&c->units, &d->units, units, nu) || !rows_mapped(&c->figures, &d->figures, figs, nf))) {
        rl_scn_data_free(c);
        return NULL;
    }
    return c;
}

bool rl_scn_figures_moved(struct sl_rule_data *d, int first, int n, const int *from)
{
    if (!d || n <= 0 || d->figures.stride == 0)
        return true;
    rows *r = &d->figures;
    unsigned char *was = malloc(r->stride * (size_t)n);
    if (!was || !room(r, first + n - 1)) {
        free(was);
        return false;
    }
    memcpy(was, r->b + r->stride * (size_t)first, r->stride * (size_t)n);
    for (int i = 0; i < n; i++)
        memcpy(r->b + r->stride * (size_t)(first + i), was + r->stride * (size_t)from[i], r->stride);
    free(was);
    return true;
}

int rl_word_index(const char *const *names, int n, const char *s)
{
    for (int i = 0; s && i < n; i++) {
        const char *a = names[i], *b = s;
        while (*a && *b && tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b)
            return i;
    }
    return -1;
}

void rl_key_error(const sl_keys *k, const char *key, const char *fmt, ...)
{
    char text[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    size_t q = key ? k->at_key(k, key) : 0;
    k->error(k, text);
    if (key)
        k->back(k, q);
}
