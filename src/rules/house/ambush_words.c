/* The ambush's words in its own commands, both ways: a column's units in
 * order and the gap behind each. command.c hands the words after the
 * command's to the row's rl_cmd_words here; the units are kept in the
 * command's place_fig, the gaps in its rule bytes (the struct below). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "house.h"

/* As kept in sl_command.rule (zero bytes: no gaps). */
typedef struct am_bytes {
    int32_t gap[SL_CMD_MAX_PLACE];
} am_bytes;
_Static_assert(sizeof(am_bytes) <= SL_CMD_RULE_BYTES, "the ambush's part fits in a command's rule bytes");

am_cmd am_cmd_of(const sl_command *c)
{
    am_bytes b;
    memcpy(&b, c->rule, sizeof b);
    am_cmd a;
    for (int i = 0; i < SL_CMD_MAX_PLACE; i++)
        a.gap[i] = b.gap[i];
    return a;
}

void am_cmd_set(sl_command *c, const am_cmd *a)
{
    am_bytes b;
    for (int i = 0; i < SL_CMD_MAX_PLACE; i++)
        b.gap[i] = a->gap[i];
    memcpy(c->rule, &b, sizeof b);
}

/* column UNIT GAP UNIT GAP ... UNIT: the units in order, each followed
 * by the inches between it and the next. */
static bool parse_column(const sl_scenario *scn, const rl_words *ws, int from, const rl_cmd_def *d, sl_command *c,
                         char *err, size_t errlen)
{
    if (ws->n <= from)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    am_cmd a = {{0}};
    for (int k = from; k < ws->n; k++) {
        bool gap_next = (k - from) % 2 == 1;
        if (!gap_next) {
            if (c->nplace >= SL_CMD_MAX_PLACE)
                return rl_refuse(err, errlen, "at most %d units in a column", SL_CMD_MAX_PLACE);
            if (!rl_unit_word(scn, ws->w[k], &c->place_fig[c->nplace], err, errlen))
                return false;
            a.gap[c->nplace++] = 0;
            continue;
        }
        char *end;
        double in = strtod(ws->w[k], &end);
        if (end == ws->w[k] || *end || !(in >= 0) || in > 120)
            return rl_refuse(err, errlen, "'%s' is not a gap: after each unit but the last, write the inches between "
                             "it and the next (0 to 120), as in column nac-1 4 nac-2", ws->w[k]);
        a.gap[c->nplace - 1] = (int32_t)lround(in * 1000);
    }
    if ((ws->n - from) % 2 == 0)
        return rl_refuse(err, errlen, "the column ends with a gap: it ends with its last unit (%s)", d->usage);
    am_cmd_set(c, &a);
    c->side = scn->units[c->place_fig[0]].side; /* its writer */
    return true;
}

static void write_column(rl_line *o, const sl_command *c)
{
    am_cmd a = am_cmd_of(c);
    for (int i = 0; i < c->nplace && i < SL_CMD_MAX_PLACE; i++) {
        rl_put(o, " %s", rl_unit_id(o->scn, c->place_fig[i]));
        if (i + 1 < c->nplace) {
            char gap[32];
            snprintf(gap, sizeof gap, "%g", a.gap[i] / 1000.0);
            rl_put(o, " %s", gap);
        }
    }
}

const rl_cmd_words am_column_words = {parse_column, write_column, NULL};
