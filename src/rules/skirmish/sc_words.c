/* The SkirmishCorps words in its own commands, both ways: a stance's
 * prone or standing; and the words it adds to decide. command.c hands the words after the command's to the
 * row's rl_cmd_words here; what they say is kept in the command's rule
 * bytes, in the struct below. It calls no part. */
#include <string.h>

#include "skirmish.h"

/* As kept in sl_command.rule (zero bytes: standing). */
typedef struct sc_bytes {
    bool prone;
} sc_bytes;
_Static_assert(sizeof(sc_bytes) <= SL_CMD_RULE_BYTES, "SkirmishCorps' part fits in a command's rule bytes");

sc_cmd sc_cmd_of(const sl_command *c)
{
    sc_bytes b;
    memcpy(&b, c->rule, sizeof b);
    return (sc_cmd){b.prone};
}

void sc_cmd_set(sl_command *c, const sc_cmd *s)
{
    sc_bytes b = {s->prone};
    memcpy(c->rule, &b, sizeof b);
}

/* stance UNIT prone|standing */
static bool parse_stance(const sl_scenario *scn, const rl_words *ws, int from, const rl_cmd_def *d, sl_command *c,
                         char *err, size_t errlen)
{
    if (ws->n != from + 2 || (strcmp(ws->w[from + 1], "prone") != 0 && strcmp(ws->w[from + 1], "standing") != 0))
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    sc_cmd s = {strcmp(ws->w[from + 1], "prone") == 0};
    sc_cmd_set(c, &s);
    return rl_unit_word(scn, ws->w[from], &c->unit, err, errlen);
}

static void write_stance(rl_line *o, const sl_command *c)
{
    rl_put(o, " %s", rl_unit_id(o->scn, c->unit));
    rl_put(o, " %s", sc_cmd_of(c).prone ? "prone" : "standing");
}

/* the action bar's variant: 1 prone */
static void stance_variant(sl_command *c, int variant)
{
    sc_cmd s = {variant == 1};
    sc_cmd_set(c, &s);
}

const rl_cmd_words sc_stance_words = {parse_stance, write_stance, stance_variant};

/* --- decide WORD: the players' outcome, a forced order, a pursuit ----------------------------- */

/* By SC_HIT_*: the words of decide hit WORD. */
static const char *const sc_hit_words[] = {"none", "stunned", "ko", "out", NULL};

const char *sc_hit_word(int h)
{
    return h >= 0 && h < SC_HIT_COUNT ? sc_hit_words[h] : "?";
}

/* The words the ruleset adds to decide (its row gives them to the command
 * line, which numbers them). */
const rl_decide_word sc_decide_words[SC_WORD_COUNT] = {
    {"hit", sc_hit_words},
    {"miss", NULL},
    {"force", NULL},
    {"pursue", NULL},
};

int sc_word(int w)
{
    return rl_decide_word_of(&sc_decide_words[w]);
}

/* --- move|break-off UNIT jog|run|sprint|sneak ... ----------------------------------------------- */

static const char *const mode_words[] = {"jog", "run", "sprint", "sneak"};

/* A move, and breaking off: the way of moving right after the unit, kept
 * as one byte of the command's (SC_JOG..SC_SNEAK; 0 not said). */
static bool mode_on(const rl_cmd_def *d, int kind)
{
    return kind == SL_CMD_MOVE || d == &sc_commands[SC_ROW_BREAKOFF];
}

static bool take_mode(const char *word, void *mine)
{
    for (int m = 0; m < 4; m++)
        if (strcmp(word, mode_words[m]) == 0) {
            *(unsigned char *)mine = (unsigned char)(SC_JOG + m);
            return true;
        }
    return false;
}

static void write_mode(rl_line *o, const void *mine)
{
    int m = *(const unsigned char *)mine;
    if (m >= SC_JOG && m <= SC_SNEAK)
        rl_put(o, " %s", mode_words[m - SC_JOG]);
}

/* the action bar's entries (Jog, Run, ..., Break off) give it as their variant */
static void mode_variant(void *mine, int variant)
{
    if (variant >= SC_JOG && variant <= SC_SNEAK)
        *(unsigned char *)mine = (unsigned char)variant;
}

const rl_cmd_extra sc_extras[1] = {{mode_on, false, 1, take_mode, write_mode, mode_variant, NULL}};

int sc_mode(const sl_command *c)
{
    const unsigned char *b = rl_cmd_extra_in(c, &sc_extras[0]);
    return b ? *b : 0;
}

void sc_set_mode(sl_command *c, int mode)
{
    unsigned char *b = rl_cmd_extra_of(c, &sc_extras[0]);
    if (b)
        *b = (unsigned char)mode;
}
