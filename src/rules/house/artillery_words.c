/* The artillery's words in its commands, both ways: a call for fire's
 * asset, warhead and request counters, and the building or vehicle a seal
 * or open names. command.c reads the shape (call-fire UNIT at X,Y) and
 * hands the rest to the rows' rl_cmd_words here; what they say is kept in
 * the command's rule bytes, in the struct below. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "artillery_common_internal.h"

/* As kept in sl_command.rule: each number one more than art_cmd's, so the
 * zero bytes of a built command read as nothing said. */
typedef struct art_bytes {
    int asset1;
    int warhead1;
    int chits;
    int feature1;
} art_bytes;
_Static_assert(sizeof(art_bytes) <= SL_CMD_RULE_BYTES, "the artillery's part fits in a command's rule bytes");

art_cmd art_cmd_of(const sl_command *c)
{
    art_bytes b;
    memcpy(&b, c->rule, sizeof b);
    return (art_cmd){b.asset1 - 1, b.warhead1 - 1, b.chits, b.feature1 - 1};
}

void art_cmd_set(sl_command *c, const art_cmd *a)
{
    art_bytes b = {a->asset + 1, a->warhead + 1, a->chits, a->feature + 1};
    memcpy(c->rule, &b, sizeof b);
}

/* --- call-fire UNIT at X,Y [ASSET] [WARHEAD] [chits N] ------------------------------------- */

static bool refuse_call_word(const sl_scenario *scn, const char *w, const rl_cmd_def *d, char *err, size_t errlen)
{
    char list[400] = "";
    size_t at = 0;
    for (int i = 0; i < art_scn_of(scn)->nassets && at < sizeof list; i++)
        at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", art_scn_of(scn)->assets[i].id);
    return rl_refuse(err, errlen, "'%s' is not a support asset (%s), a warhead (gp, ap, at, fae) or chits N: %s", w,
                     art_scn_of(scn)->nassets ? list : "this scenario has none", d->usage);
}

static bool parse_call(const sl_scenario *scn, const rl_words *ws, int from, const rl_cmd_def *d, sl_command *c,
                       char *err, size_t errlen)
{
    art_cmd a = {-1, -1, 0, -1};
    for (int k = from; k < ws->n; k++) {
        const char *w = ws->w[k];
        art_warhead wh;
        int as = -1;
        for (int i = 0; i < art_scn_of(scn)->nassets; i++)
            if (strcmp(art_scn_of(scn)->assets[i].id, w) == 0)
                as = i;
        if (as >= 0 && a.asset < 0 && a.warhead < 0) {
            a.asset = as;
        } else if (art_warhead_parse(w, &wh) && a.warhead < 0) {
            a.warhead = (int)wh;
        } else if (strcmp(w, "chits") == 0 && k + 1 < ws->n && a.chits == 0) {
            char *end;
            long n = strtol(ws->w[k + 1], &end, 10);
            if (*end || n < 1 || n > 21)
                return rl_refuse(err, errlen, "'%s' is not a number of request counters (1 to 21)", ws->w[k + 1]);
            a.chits = (int)n;
            k++;
        } else {
            return refuse_call_word(scn, w, d, err, errlen);
        }
    }
    art_cmd_set(c, &a);
    return true;
}

static void write_call(rl_line *o, const sl_command *c)
{
    const sl_scenario *scn = o->scn;
    art_cmd a = art_cmd_of(c);
    if (a.asset >= 0 && a.asset < art_scn_of(scn)->nassets)
        rl_put(o, " %s", art_scn_of(scn)->assets[a.asset].id);
    if (a.warhead >= 0)
        rl_put(o, " %s", art_warhead_id((art_warhead)a.warhead));
    if (a.chits > 0) {
        char n[16];
        snprintf(n, sizeof n, "%d", a.chits);
        rl_put(o, " chits %s", n);
    }
}

/* the action bar's variant: the warhead, one more (0: not said) */
static void call_variant(sl_command *c, int variant)
{
    art_cmd a = art_cmd_of(c);
    a.warhead = variant > 0 ? variant - 1 : -1;
    art_cmd_set(c, &a);
}

const rl_cmd_words art_call_words = {parse_call, write_call, call_variant};

/* --- seal|open BUILDING|VEHICLE ------------------------------------------------------------ */

static bool parse_seal(const sl_scenario *scn, const rl_words *ws, int from, const rl_cmd_def *d, sl_command *c,
                       char *err, size_t errlen)
{
    if (ws->n != from + 1)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    const char *w = ws->w[from];
    int u = sl_scenario_find_unit(scn, w);
    if (u >= 0) {
        c->target = u;
        return true;
    }
    int f = sl_feature_find_word(&scn->table, w);
    if (f >= 0) {
        const sl_feature *ft = &scn->table.features[f];
        if (ft->kind != SL_TERRAIN_BUILDING && ft->kind != SL_TERRAIN_BUNKER)
            return rl_refuse(err, errlen, "%s (#%d) is %s, not a building or bunker", ft->name, ft->id,
                             sl_terrain_kind_info(ft->kind)->name);
        art_cmd a = {-1, -1, 0, f};
        art_cmd_set(c, &a);
        return true;
    }
    return rl_refuse(err, errlen,
                     "'%s' is neither a vehicle's id nor a building: name a building by its name with hyphens for "
                     "spaces (command-bunker) or by its map id (#18)",
                     w);
}

static void write_seal(rl_line *o, const sl_command *c)
{
    int f = art_cmd_of(c).feature;
    if (f >= 0) {
        char w[80];
        sl_feature_word(&o->scn->table, f, w, sizeof w);
        rl_put(o, " %s", w);
    } else {
        rl_put(o, " %s", rl_unit_id(o->scn, c->target));
    }
}

const rl_cmd_words art_seal_words = {parse_seal, write_seal, NULL};

/* --- MOVE ... opening ------------------------------------------------------------------------ */

/* Every move (its shape: move, combat-move, break-off) may end with the
 * word; kept as one byte of the command's. */
static bool opening_on(const rl_cmd_def *d, int kind)
{
    (void)kind;
    return d->shape == RL_SHAPE_MOVE;
}

static bool take_opening(const char *word, void *mine)
{
    if (strcmp(word, "opening") != 0)
        return false;
    *(unsigned char *)mine = 1;
    return true;
}

static void write_opening(rl_line *o, const void *mine)
{
    if (*(const unsigned char *)mine)
        rl_put(o, "%s", " opening");
}

const rl_cmd_extra art_extras[1] = {{opening_on, true, 1, take_opening, write_opening, NULL, NULL}};

bool art_opening(const sl_command *c)
{
    const unsigned char *b = rl_cmd_extra_in(c, &art_extras[0]);
    return b && *b;
}
