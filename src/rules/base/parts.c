/* Units made of parts: which unit is a part of which whole, its number
 * there, a whole's parts in order, and the part each man belongs to.
 * The table hangs off a scenario (its `parts`) and belongs to the rules
 * layer: the loader fills it through sl_rule_part_made and
 * sl_rule_figure_in_part, a game keeps its own copy (a man may change
 * parts in play), and a side's view of the game a copy with what the side
 * does not know left out. No rule's words here: a house rule (fireteams)
 * says what a part is. */
#include <stdlib.h>
#include <string.h>

#include "base.h"

typedef struct part_unit {
    int whole;              /* the whole it is a part of, -1 */
    int no;                 /* its number there (1...), 0 */
    int n;                  /* a whole's parts */
    int part[SL_MAX_PARTS];
} part_unit;

struct sl_parts {
    part_unit *unit;
    int nunit;              /* rows with room */
    int *fig;               /* each man's part number, 0 */
    int nfig;
};

static const part_unit no_part = {-1, 0, 0, {0}};

void sl_parts_free(struct sl_parts *p)
{
    if (!p)
        return;
    free(p->unit);
    free(p->fig);
    free(p);
}

struct sl_parts *rl_parts_copy(const struct sl_parts *p, int nunits, int nfigs)
{
    if (!p)
        return NULL;
    struct sl_parts *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->nunit = p->nunit > nunits ? p->nunit : nunits;
    c->nfig = p->nfig > nfigs ? p->nfig : nfigs;
    c->unit = malloc(sizeof *c->unit * (size_t)(c->nunit > 0 ? c->nunit : 1));
    c->fig = calloc((size_t)(c->nfig > 0 ? c->nfig : 1), sizeof *c->fig);
    if (!c->unit || !c->fig) {
        sl_parts_free(c);
        return NULL;
    }
    for (int i = 0; i < c->nunit; i++)
        c->unit[i] = i < p->nunit ? p->unit[i] : no_part;
    if (p->nfig)
        memcpy(c->fig, p->fig, sizeof *c->fig * (size_t)p->nfig);
    return c;
}

static const part_unit *unit_row(const sl_scenario *s, int unit)
{
    const struct sl_parts *p = s->parts;
    return p && unit >= 0 && unit < s->nunits && unit < p->nunit ? &p->unit[unit] : &no_part;
}

/* Room for unit row `unit` and figure row `fig` (-1: none), the table
 * made when the scenario has none; false when out of memory. */
static bool room(sl_scenario *s, int unit, int fig)
{
    if (!s->parts && !(s->parts = calloc(1, sizeof *s->parts)))
        return false;
    struct sl_parts *p = s->parts;
    if (unit >= p->nunit) {
        int n = unit + 16;
        part_unit *grown = realloc(p->unit, sizeof *grown * (size_t)n);
        if (!grown)
            return false;
        for (int i = p->nunit; i < n; i++)
            grown[i] = no_part;
        p->unit = grown;
        p->nunit = n;
    }
    if (fig >= p->nfig) {
        int n = fig + 64;
        int *grown = realloc(p->fig, sizeof *grown * (size_t)n);
        if (!grown)
            return false;
        memset(grown + p->nfig, 0, sizeof *grown * (size_t)(n - p->nfig));
        p->fig = grown;
        p->nfig = n;
    }
    return true;
}

int sl_unit_whole(const sl_scenario *s, int unit)
{
    return unit_row(s, unit)->whole;
}

int sl_unit_part_no(const sl_scenario *s, int unit)
{
    return unit_row(s, unit)->no;
}

int sl_unit_nparts(const sl_scenario *s, int unit)
{
    return unit_row(s, unit)->n;
}

int sl_unit_part(const sl_scenario *s, int unit, int k)
{
    const part_unit *r = unit_row(s, unit);
    return k >= 0 && k < r->n ? r->part[k] : -1;
}

int sl_figure_part(const sl_scenario *s, int fig)
{
    const struct sl_parts *p = s->parts;
    return p && fig >= 0 && fig < s->nfigures && fig < p->nfig ? p->fig[fig] : 0;
}

bool sl_rule_part_made(sl_scenario *s, int unit, int whole, int no)
{
    if (unit < 0 || whole < 0 || !room(s, unit > whole ? unit : whole, -1))
        return false;
    part_unit *u = &s->parts->unit[unit], *w = &s->parts->unit[whole];
    u->whole = whole;
    u->no = no;
    if (w->n < SL_MAX_PARTS)
        w->part[w->n++] = unit;
    return true;
}

bool sl_rule_figure_in_part(sl_scenario *s, int fig, int no)
{
    if (fig < 0)
        return false;
    if (no == 0 && (!s->parts || fig >= s->parts->nfig))
        return true; /* nothing to say: no room needed */
    if (!room(s, -1, fig))
        return false;
    s->parts->fig[fig] = no;
    return true;
}

bool rl_parts_figures_moved(sl_scenario *s, int first, int n, const int *from)
{
    struct sl_parts *p = s->parts;
    if (!p || n <= 0 || first < 0)
        return true;
    if (!room(s, -1, first + n - 1))
        return false;
    int *was = malloc(sizeof *was * (size_t)n);
    if (!was)
        return false;
    memcpy(was, p->fig + first, sizeof *was * (size_t)n);
    for (int i = 0; i < n; i++)
        if (from[i] >= 0 && from[i] < n)
            p->fig[first + i] = was[from[i]];
    free(was);
    return true;
}

void rl_parts_unit_hidden(sl_scenario *s, int unit, bool drop_no)
{
    struct sl_parts *p = s->parts;
    if (!p || unit < 0 || unit >= p->nunit)
        return;
    p->unit[unit].n = 0;
    memset(p->unit[unit].part, 0, sizeof p->unit[unit].part);
    if (drop_no)
        p->unit[unit].no = 0;
}
