/* Cross training's words in a reorganise, both ways: its recover clauses
 * ("recover FIGURE[:ITEM] [to FIGURE]") and "untreated", among or after
 * the figures the reorganise places. They are words the rule adds to a
 * command it does not own (rl_cmd_extra): command.c offers each word of
 * the reorganise to take_words here, and what they say is kept in the
 * rule's own stretch of the command's bytes, in the struct below. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

/* As kept in the command's bytes: figures and weapons as int16 indices
 * (a figure beyond is refused), the item as a signed byte; zero bytes
 * (no clause, treated) read as nothing said. */
typedef struct rc_bytes_clause {
    int16_t fig;
    int16_t weapon;
    int16_t to;
    signed char item;
} rc_bytes_clause;
typedef struct rc_bytes {
    unsigned char n;
    unsigned char untreated;
    rc_bytes_clause k[RC_MAX_RECOVER];
} rc_bytes;
_Static_assert(sizeof(rc_bytes) <= SL_CMD_RULE_BYTES, "cross training's part fits in a command's rule bytes");

static rc_cmd decode(const void *mine)
{
    rc_cmd r;
    memset(&r, 0, sizeof r);
    if (!mine)
        return r;
    rc_bytes b;
    memcpy(&b, mine, sizeof b); /* its stretch need not be aligned */
    r.n = b.n <= RC_MAX_RECOVER ? b.n : RC_MAX_RECOVER;
    r.untreated = b.untreated != 0;
    for (int i = 0; i < r.n; i++)
        r.k[i] = (rc_clause){b.k[i].fig, b.k[i].item, b.k[i].weapon, b.k[i].to};
    return r;
}

static void encode(void *mine, const rc_cmd *r)
{
    rc_bytes b;
    memset(&b, 0, sizeof b);
    b.n = (unsigned char)r->n;
    b.untreated = r->untreated;
    for (int i = 0; i < r->n && i < RC_MAX_RECOVER; i++)
        b.k[i] = (rc_bytes_clause){(int16_t)r->k[i].fig, (int16_t)r->k[i].weapon, (int16_t)r->k[i].to,
                                   (signed char)r->k[i].item};
    memcpy(mine, &b, sizeof b);
}

/* A kit word after "FIGURE:": its RC_KIT_ place and the support weapon
 * it names (-1 for "support"). */
static const char *kit_word(int item)
{
    return item == 0 ? "support" : sl_equipment_id(item - 1);
}

static bool kit_arg(const char *word, int *item, int *weapon)
{
    *weapon = -1;
    for (int i = 0; i < 5; i++)
        if (strcmp(word, kit_word(i)) == 0) {
            *item = i;
            return true;
        }
    int wi = sl_weapon_find(word);
    const sl_weapon *wp = sl_weapon_get(wi);
    if (!wp || wp->cls == SL_WEAPON_SMALL_ARMS)
        return false;
    *item = 0;
    *weapon = wi;
    return true;
}

/* A figure a clause names, by its id. */
static bool figure_word(const sl_scenario *scn, const char *word, int *out, char *err, size_t errlen)
{
    *out = sl_scenario_find_figure(scn, word);
    if (*out < 0)
        return rl_refuse(err, errlen, "no figure has id '%s'", word);
    if (*out > INT16_MAX)
        return rl_refuse(err, errlen, "figure '%s' is beyond those a recover clause may name", word);
    return true;
}

/* A refusal (rl_refuse has said why) as take_words' answer. */
static int refused(bool said)
{
    (void)said;
    return -1;
}

/* "recover FIGURE[:ITEM] [to FIGURE]" at word k: the words it takes, -1
 * refused. */
static int recover_clause(const sl_scenario *scn, const rl_words *ws, int k, rc_cmd *r, char *err, size_t errlen)
{
    if (k + 1 >= ws->n)
        return refused(rl_refuse(err, errlen, "recover what? recover FIGURE[:ITEM] [to FIGURE]"));
    if (r->n >= RC_MAX_RECOVER)
        return refused(rl_refuse(err, errlen, "at most %d items in one reorganise", RC_MAX_RECOVER));
    char fig[SL_ID_LEN + 32];
    snprintf(fig, sizeof fig, "%s", ws->w[k + 1]);
    char *colon = strchr(fig, ':');
    rc_clause *cl = &r->k[r->n];
    cl->item = -1;
    cl->weapon = -1;
    cl->to = -1;
    if (colon) {
        *colon = '\0';
        if (!kit_arg(colon + 1, &cl->item, &cl->weapon))
            return refused(rl_refuse(err, errlen,
                                     "'%s' is not kit to recover; expected support, medikit, ew, fao, sensor or a "
                                     "support weapon (%s)",
                                     colon + 1, sl_weapon_list(SL_WEAPON_SUPPORT)));
    }
    if (!figure_word(scn, fig, &cl->fig, err, errlen))
        return -1;
    int took = 2;
    if (k + 2 < ws->n && strcmp(ws->w[k + 2], "to") == 0) {
        if (k + 3 >= ws->n)
            return refused(rl_refuse(err, errlen, "to whom? recover FIGURE to FIGURE"));
        if (!figure_word(scn, ws->w[k + 3], &cl->to, err, errlen))
            return -1;
        took = 4;
    }
    r->n++;
    return took;
}

static int take_words(const sl_scenario *scn, const rl_words *ws, int k, const sl_command *c, void *mine, char *err,
                      size_t errlen)
{
    (void)c;
    rc_cmd r = decode(mine);
    int took = 0;
    if (strcmp(ws->w[k], "untreated") == 0) {
        r.untreated = true;
        took = 1;
    } else if (strcmp(ws->w[k], "recover") == 0) {
        took = recover_clause(scn, ws, k, &r, err, errlen);
    }
    if (took > 0)
        encode(mine, &r);
    return took;
}

static void write_words(rl_line *o, const void *mine)
{
    rc_cmd r = decode(mine);
    for (int i = 0; i < r.n; i++) {
        const rc_clause *cl = &r.k[i];
        rl_put(o, " recover %s", cl->fig >= 0 && cl->fig < o->scn->nfigures ? o->scn->figures[cl->fig].id : "?");
        if (cl->weapon >= 0 && sl_weapon_get(cl->weapon))
            rl_put(o, ":%s", sl_weapon_get(cl->weapon)->id);
        else if (cl->item >= 0 && cl->item < 5)
            rl_put(o, ":%s", kit_word(cl->item));
        if (cl->to >= 0)
            rl_put(o, " to %s", cl->to < o->scn->nfigures ? o->scn->figures[cl->to].id : "?");
    }
    if (r.untreated)
        rl_put(o, "%s", " untreated");
}

/* Every command of the place shape (a reorganise) takes them. */
static bool recover_on(const rl_cmd_def *d, int kind)
{
    (void)kind;
    return d->shape == RL_SHAPE_PLACE;
}

const rl_cmd_extra rc_extras[1] = {
    {recover_on, true, sizeof(rc_bytes), NULL, write_words, NULL, take_words},
};

rc_cmd rc_cmd_of(const sl_command *c)
{
    return decode(rl_cmd_extra_in(c, &rc_extras[0]));
}

void rc_cmd_set(sl_command *c, const rc_cmd *r)
{
    void *mine = rl_cmd_extra_of(c, &rc_extras[0]);
    if (mine)
        encode(mine, r);
}
