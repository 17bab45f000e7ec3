/* The command vocabulary: script lines into commands and back, and the
 * builders the window and the solo policy use instead of text. Every
 * command kind has a row (src/rules/tables.c collects them) naming its
 * word and its shape; the grammar of each shape every ruleset shares is
 * here, once, both ways, and a rule's own words are its row's
 * (rl_cmd_words, in the rule's files; base/words.c reads and writes the
 * ids and points). The lines are documented in src/rules/COMMANDS.md. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

static bool side_arg(const sl_scenario *scn, const char *id, int *out, char *err, size_t errlen)
{
    int s = sl_scenario_find_side(scn, id);
    if (s < 0)
        return rl_refuse(err, errlen, "no side has id '%s'", id);
    *out = s;
    return true;
}

static bool need(const rl_words *ws, int n, const char *usage, char *err, size_t errlen)
{
    if (ws->n < n)
        return rl_refuse(err, errlen, "%s needs more: %s", ws->w[0], usage);
    return true;
}

static bool refuse_usage(const rl_cmd_def *d, char *err, size_t errlen)
{
    return rl_refuse(err, errlen, "usage: %s", d->usage);
}

/* The points from word FROM on: a way of at most SL_CMD_MAX_PTS. */
static bool way_args(const sl_scenario *scn, const rl_words *ws, int from, sl_command *c, char *err, size_t errlen)
{
    for (int k = from; k < ws->n; k++) {
        if (c->npts >= SL_CMD_MAX_PTS)
            return rl_refuse(err, errlen, "a way takes at most %d points", SL_CMD_MAX_PTS);
        if (!rl_point_word(scn, ws->w[k], &c->pts[c->npts++], err, errlen))
            return false;
    }
    return true;
}


/* One more figure named in a command (reorganise, regroup, detach): its
 * index, with room left for it. */
static bool figure_arg(const sl_scenario *scn, const char *word, const sl_command *c, int *out, char *err,
                       size_t errlen)
{
    if (c->nplace >= SL_CMD_MAX_PLACE)
        return rl_refuse(err, errlen, "at most %d figures at once", SL_CMD_MAX_PLACE);
    *out = sl_scenario_find_figure(scn, word);
    if (*out < 0)
        return rl_refuse(err, errlen, "no figure has id '%s'", word);
    return true;
}

static const char *const fire_ways[] = {"all", "small-arms", "support", "missile"};

/* --- reading: one reader a shape --------------------------------------------------------------- */

/* The acting unit: its word, as a rule that splits units may say who of
 * it acts ("SQUAD.L": rl_actor_words), else a unit's id. */
static bool actor_word(const sl_scenario *scn, const char *id, sl_command *c, char *err, size_t errlen)
{
    const rl_actor_words *x;
    for (int i = 0; (x = rl_cmd_actor_words(i)) != NULL; i++) {
        void *mine = rl_cmd_actor_of(c, x);
        int took = x->take_unit && mine ? x->take_unit(scn, id, c, mine, err, errlen) : 0;
        if (took != 0)
            return took > 0;
    }
    return rl_unit_word(scn, id, &c->unit, err, errlen);
}

static bool parse_unit(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                       size_t errlen)
{
    if (ws->n != 2)
        return refuse_usage(d, err, errlen);
    return actor_word(scn, ws->w[1], c, err, errlen);
}

static bool parse_one_unit(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                           size_t errlen)
{
    if (ws->n != 2)
        return refuse_usage(d, err, errlen);
    return rl_unit_word(scn, ws->w[1], &c->unit, err, errlen);
}

static bool parse_unit_unit(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                            size_t errlen)
{
    if (!need(ws, 3, d->usage, err, errlen) || !actor_word(scn, ws->w[1], c, err, errlen))
        return false;
    int k = 2;
    if (d->glue && ws->n > 3 && strcmp(ws->w[2], d->glue) == 0)
        k = 3;
    if (k >= ws->n)
        return rl_refuse(err, errlen, "%s needs more: %s", ws->w[0], d->usage);
    if (ws->n > k + 1)
        return rl_refuse(err, errlen, "too many words: %s", d->usage);
    return rl_unit_word(scn, ws->w[k], &c->target, err, errlen);
}

static bool parse_unit_unit_way(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c,
                                char *err, size_t errlen)
{
    if (ws->n < 3)
        return rl_refuse(err, errlen, "%s needs more: %s", d->name, d->usage);
    if (!rl_unit_word(scn, ws->w[1], &c->unit, err, errlen) || !rl_unit_word(scn, ws->w[2], &c->target, err, errlen))
        return false;
    return way_args(scn, ws, 3, c, err, errlen);
}

/* A word the rules add to the command (rl_cmd_extra), where they put
 * theirs (last, or right after the unit): taken into its rule's bytes. */
static bool take_extra(const rl_cmd_def *d, sl_command *c, bool tail, const char *word)
{
    const rl_cmd_extra *x;
    for (int i = 0; (x = rl_cmd_extra_for(d, c->kind, i)) != NULL; i++)
        if (x->tail == tail && x->take && rl_cmd_extra_of(c, x) && x->take(word, rl_cmd_extra_of(c, x)))
            return true;
    return false;
}

/* Words the rules add among a shape's own (a reorganise's figures),
 * from word k: how many a rule took (0 none, -1 refused). */
static int take_extra_words(const sl_scenario *scn, const rl_words *ws, int k, const rl_cmd_def *d, sl_command *c,
                            bool tail, char *err, size_t errlen)
{
    const rl_cmd_extra *x;
    for (int i = 0; (x = rl_cmd_extra_for(d, c->kind, i)) != NULL; i++) {
        void *mine = rl_cmd_extra_of(c, x);
        if (!mine || x->tail != tail)
            continue;
        int took = x->take_words ? x->take_words(scn, ws, k, c, mine, err, errlen)
                                 : x->take && x->take(ws->w[k], mine);
        if (took != 0)
            return took;
    }
    return 0;
}

/* The same words written back. */
static void write_extras(rl_line *o, const sl_command *c, bool tail)
{
    const rl_cmd_extra *x;
    for (int i = 0; (x = rl_cmd_extra_for(o->def, c->kind, i)) != NULL; i++)
        if (x->tail == tail && rl_cmd_extra_in(c, x))
            x->write(o, rl_cmd_extra_in(c, x));
}

static bool parse_move(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                       size_t errlen)
{
    if (!need(ws, 3, d->usage, err, errlen) || !actor_word(scn, ws->w[1], c, err, errlen))
        return false;
    int k = 2;
    if (take_extra(d, c, false, ws->w[k])) /* a rule's word after the unit (a way of moving) */
        k++;
    if (k < ws->n && (strcmp(ws->w[k], "to") == 0 || strcmp(ws->w[k], "via") == 0))
        k++;
    for (; k < ws->n; k++) {
        if (strcmp(ws->w[k], "to") == 0 || strcmp(ws->w[k], "via") == 0)
            continue;
        if (k == ws->n - 1 && take_extra(d, c, true, ws->w[k])) /* a rule's last word (opening) */
            continue;
        if (c->npts >= SL_CMD_MAX_PTS)
            return rl_refuse(err, errlen, "a move takes at most %d waypoints", SL_CMD_MAX_PTS);
        if (!rl_point_word(scn, ws->w[k], &c->pts[c->npts++], err, errlen))
            return false;
    }
    if (c->npts == 0)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    return true;
}

static bool parse_fire(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                       size_t errlen)
{
    if (!need(ws, 3, d->usage, err, errlen) || !actor_word(scn, ws->w[1], c, err, errlen))
        return false;
    int k = 2;
    if (strcmp(ws->w[k], "at") == 0)
        k++;
    if (k >= ws->n)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    if (!rl_unit_word(scn, ws->w[k], &c->target, err, errlen))
        return false;
    if (k + 1 < ws->n) { /* a rule's word after the target (combined) */
        int took = take_extra_words(scn, ws, k + 1, d, c, false, err, errlen);
        if (took < 0)
            return false;
        k += took;
    }
    c->with = SL_FIRE_ALL;
    if (k + 1 < ws->n) {
        const char *m = ws->w[k + 1];
        if (strcmp(m, "small-arms") == 0)
            c->with = SL_FIRE_SMALL_ARMS;
        else if (strcmp(m, "support") == 0)
            c->with = SL_FIRE_SUPPORT;
        else if (strcmp(m, "missile") == 0)
            c->with = SL_FIRE_MISSILE;
        else if (strcmp(m, "all") != 0)
            return rl_refuse(err, errlen, "'%s' is not a way to fire; say small-arms, support, missile or all", m);
        if (k + 2 < ws->n)
            return rl_refuse(err, errlen, "too many words: %s", d->usage);
    }
    return true;
}

static bool parse_place(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                        size_t errlen)
{
    if (!need(ws, 2, d->usage, err, errlen) || !actor_word(scn, ws->w[1], c, err, errlen))
        return false;
    for (int k = 2; k < ws->n;) {
        int took = take_extra_words(scn, ws, k, d, c, true, err, errlen); /* a rule's words (recover, untreated) */
        if (took < 0)
            return false;
        if (took > 0) {
            k += took;
            continue;
        }
        if (k + 1 >= ws->n)
            return rl_refuse(err, errlen, "usage: %s (each figure with where it goes)", d->usage);
        int f = -1;
        if (!figure_arg(scn, ws->w[k], c, &f, err, errlen))
            return false;
        c->place_fig[c->nplace] = f;
        if (!rl_point_word(scn, ws->w[k + 1], &c->place_at[c->nplace], err, errlen))
            return false;
        c->nplace++;
        k += 2;
    }
    return true;
}

static bool parse_figures(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                          size_t errlen)
{
    if (ws->n < 3)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    if (!rl_unit_word(scn, ws->w[1], &c->unit, err, errlen))
        return false;
    for (int k = 2; k < ws->n; k++) {
        int f = -1;
        if (!figure_arg(scn, ws->w[k], c, &f, err, errlen))
            return false;
        c->place_fig[c->nplace++] = f;
    }
    return true;
}

static bool parse_unit_point(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                             size_t errlen)
{
    if (ws->n < 2 || ws->n > 3)
        return refuse_usage(d, err, errlen);
    if (!rl_unit_word(scn, ws->w[1], &c->unit, err, errlen))
        return false;
    if (ws->n == 3) {
        c->npts = 1;
        return rl_point_word(scn, ws->w[2], &c->pts[0], err, errlen);
    }
    return true;
}

static bool parse_end(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                      size_t errlen)
{
    if (ws->n > 2)
        return refuse_usage(d, err, errlen);
    return ws->n == 1 || rl_unit_word(scn, ws->w[1], &c->unit, err, errlen);
}

static bool parse_side(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                       size_t errlen)
{
    if (ws->n != 2)
        return refuse_usage(d, err, errlen);
    return side_arg(scn, ws->w[1], &c->side, err, errlen);
}

/* The base's decisions that are one word, both ways (the rules' own
 * words follow, from their rows). */
static const struct {
    const char *word;
    int what;
} answers[] = {{"pass", SL_DECIDE_WORD_PASS},
               {"stop", SL_DECIDE_WORD_STOP},
               {"carry", SL_DECIDE_WORD_CARRY},
               {"abandon", SL_DECIDE_WORD_ABANDON}};

/* decide fire UNIT [missile] [at X,Y] */
static bool parse_decide_fire(const sl_scenario *scn, const rl_words *ws, sl_command *c, char *err, size_t errlen)
{
    c->decide = SL_DECIDE_WORD_FIRE;
    const char *fu = "usage: decide fire UNIT [missile] [at X,Y]";
    if (ws->n < 3)
        return rl_refuse(err, errlen, "%s", fu);
    if (!rl_unit_word(scn, ws->w[2], &c->choice, err, errlen))
        return false;
    c->unit = c->choice;
    c->with = SL_FIRE_ALL;
    int k = 3;
    if (k < ws->n && strcmp(ws->w[k], "missile") == 0) {
        c->with = SL_FIRE_MISSILE;
        k++;
    }
    if (k + 1 < ws->n && strcmp(ws->w[k], "at") == 0) {
        c->has_at = true;
        if (!rl_point_word(scn, ws->w[k + 1], &c->at, err, errlen))
            return false;
        k += 2;
    }
    return k == ws->n || rl_refuse(err, errlen, "%s", fu);
}

/* The choice h of a rule's decide word, "?" when there is none. */
static const char *choice_word(const rl_decide_word *d, int h)
{
    for (int i = 0; d->choices && d->choices[i]; i++)
        if (i == h)
            return d->choices[i];
    return "?";
}

/* decide WORD [CHOICE]: a word a rule adds (its row's decide_words; the
 * first rule's that gives the word, whichever is in play, so a line reads
 * the same under any), with one of its choices when it has them
 * (SkirmishCorps' decide hit none|stunned|ko|out) */
static bool parse_decide_rule(const rl_words *ws, int number, sl_command *c, char *err, size_t errlen)
{
    const rl_decide_word *d = rl_rows_decide_word(&rl_the_tables, number);
    c->decide = number;
    if (!d->choices)
        return ws->n == 2 || rl_refuse(err, errlen, "usage: decide %s", d->word);
    char hu[200];
    snprintf(hu, sizeof hu, "usage: decide %s ", d->word);
    for (int i = 0; d->choices[i]; i++)
        snprintf(hu + strlen(hu), sizeof hu - strlen(hu), "%s%s", i ? "|" : "", d->choices[i]);
    if (ws->n != 3)
        return rl_refuse(err, errlen, "%s", hu);
    for (int i = 0; d->choices[i]; i++)
        if (strcmp(ws->w[2], d->choices[i]) == 0)
            c->choice = i;
    return c->choice >= 0 || rl_refuse(err, errlen, "%s", hu);
}

static bool parse_decide(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                         size_t errlen)
{
    if (!need(ws, 2, d->usage, err, errlen))
        return false;
    c->choice = -1;
    const char *w = ws->w[1];
    if (strcmp(w, "first") == 0) {
        c->decide = SL_DECIDE_WORD_FIRST;
        if (ws->n != 3)
            return rl_refuse(err, errlen, "usage: decide first SIDE");
        return side_arg(scn, ws->w[2], &c->side, err, errlen);
    }
    if (strcmp(w, "fire") == 0)
        return parse_decide_fire(scn, ws, c, err, errlen);
    if (strcmp(w, "continue") == 0) {
        c->decide = SL_DECIDE_WORD_CONTINUE;
        return way_args(scn, ws, 2, c, err, errlen);
    }
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++)
        if (strcmp(w, answers[i].word) == 0) {
            c->decide = answers[i].what;
            return ws->n == 2 || rl_refuse(err, errlen, "usage: decide %s", answers[i].word);
        }
    int number = rl_rows_decide_find(&rl_the_tables, w);
    if (number >= 0)
        return parse_decide_rule(ws, number, c, err, errlen);
    return refuse_usage(d, err, errlen);
}

static bool parse_unit_at(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                          size_t errlen)
{
    if (ws->n < 4 || strcmp(ws->w[2], "at") != 0)
        return rl_refuse(err, errlen, "usage: %s", d->usage);
    if (!actor_word(scn, ws->w[1], c, err, errlen) || !rl_point_word(scn, ws->w[3], &c->at, err, errlen))
        return false;
    c->has_at = true;
    if (d->words && d->words->parse)
        return d->words->parse(scn, ws, 4, d, c, err, errlen);
    return ws->n == 4 || rl_refuse(err, errlen, "too many words: %s", d->usage);
}

/* VERB [the row's own words] */
static bool parse_own(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                      size_t errlen)
{
    if (d->words && d->words->parse)
        return d->words->parse(scn, ws, 1, d, c, err, errlen);
    return ws->n == 1 || refuse_usage(d, err, errlen);
}

static bool parse_points(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                         size_t errlen)
{
    if (ws->n - 1 > SL_CMD_MAX_PTS)
        return rl_refuse(err, errlen, "at most %d points: %s", SL_CMD_MAX_PTS, d->usage);
    for (int i = 1; i < ws->n; i++)
        if (!rl_point_word(scn, ws->w[i], &c->pts[c->npts++], err, errlen))
            return false;
    return true;
}

/* --- writing ---------------------------------------------------------------------------------- */

static void put_points(rl_line *o, const sl_command *c)
{
    for (int i = 0; i < c->npts; i++)
        rl_put_point(o, c->pts[i]);
}

static const char *fig_id(const sl_scenario *scn, int f)
{
    return f >= 0 && f < scn->nfigures ? scn->figures[f].id : "?";
}

static const char *side_id(const sl_scenario *scn, int s)
{
    return s >= 0 && s < scn->nsides ? scn->sides[s].id : "?";
}

/* " UNIT", with what the rules say of who of it acts (" SQUAD.L") */
static void write_unit(rl_line *o, const sl_command *c)
{
    rl_put(o, " %s", rl_unit_id(o->scn, c->unit));
    const rl_actor_words *x;
    for (int i = 0; (x = rl_cmd_actor_words(i)) != NULL; i++)
        if (x->write_unit && rl_cmd_actor_in(c, x))
            x->write_unit(o, rl_cmd_actor_in(c, x));
}

static void write_one_unit(rl_line *o, const sl_command *c)
{
    rl_put(o, " %s", rl_unit_id(o->scn, c->unit));
}

static void write_unit_unit(rl_line *o, const sl_command *c)
{
    write_unit(o, c);
    if (o->def->glue)
        rl_put(o, " %s", o->def->glue);
    rl_put(o, " %s", rl_unit_id(o->scn, c->target));
}

static void write_unit_unit_way(rl_line *o, const sl_command *c)
{
    write_unit(o, c);
    rl_put(o, " %s", rl_unit_id(o->scn, c->target));
    put_points(o, c);
}

static void write_move(rl_line *o, const sl_command *c)
{
    write_unit(o, c);
    write_extras(o, c, false);
    put_points(o, c);
    write_extras(o, c, true);
}

static void write_fire(rl_line *o, const sl_command *c)
{
    write_unit(o, c);
    rl_put(o, " at %s", rl_unit_id(o->scn, c->target));
    write_extras(o, c, false);
    if (c->with > SL_FIRE_ALL && c->with <= SL_FIRE_MISSILE)
        rl_put(o, " %s", fire_ways[c->with]);
}

static void write_place(rl_line *o, const sl_command *c)
{
    const sl_scenario *scn = o->scn;
    write_unit(o, c);
    for (int i = 0; i < c->nplace; i++) {
        rl_put(o, " %s", fig_id(scn, c->place_fig[i]));
        rl_put_point(o, c->place_at[i]);
    }
    write_extras(o, c, true);
}

static void write_figures(rl_line *o, const sl_command *c)
{
    write_one_unit(o, c);
    for (int i = 0; i < c->nplace; i++)
        rl_put(o, " %s", fig_id(o->scn, c->place_fig[i]));
}

static void write_unit_point(rl_line *o, const sl_command *c)
{
    write_one_unit(o, c);
    if (c->npts > 0)
        rl_put_point(o, c->pts[0]);
}

static void write_end(rl_line *o, const sl_command *c)
{
    if (c->unit >= 0)
        write_one_unit(o, c);
}

static void write_side(rl_line *o, const sl_command *c)
{
    rl_put(o, " %s", side_id(o->scn, c->side));
}

static void write_decide(rl_line *o, const sl_command *c)
{
    switch (c->decide) {
    case SL_DECIDE_WORD_FIRST:
        rl_put(o, " first %s", side_id(o->scn, c->side));
        return;
    case SL_DECIDE_WORD_FIRE:
        rl_put(o, " fire %s", rl_unit_id(o->scn, c->choice));
        if (c->with == SL_FIRE_MISSILE)
            rl_put(o, "%s", " missile");
        if (c->has_at) {
            rl_put(o, "%s", " at");
            rl_put_point(o, c->at);
        }
        return;
    case SL_DECIDE_WORD_CONTINUE:
        rl_put(o, "%s", " continue");
        put_points(o, c);
        return;
    default:
        break;
    }
    const rl_decide_word *d = rl_rows_decide_word(&rl_the_tables, c->decide);
    if (d) {
        rl_put(o, " %s", d->word);
        if (d->choices)
            rl_put(o, " %s", choice_word(d, c->choice));
        return;
    }
    const char *word = "pass";
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++)
        if (answers[i].what == c->decide)
            word = answers[i].word;
    rl_put(o, " %s", word);
}

static void write_unit_at(rl_line *o, const sl_command *c)
{
    write_unit(o, c);
    rl_put(o, "%s", " at");
    rl_put_point(o, c->at);
}

static void write_own(rl_line *o, const sl_command *c)
{
    (void)o;
    (void)c;
}

/* --- the shapes, both ways --------------------------------------------------------------------- */

/* How each shape of command line is read and written back: a new
 * RL_SHAPE_ (base.h) needs its reader, its writer and its row here. */
typedef struct shape_io {
    bool (*read)(const sl_scenario *scn, const rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err,
                 size_t errlen);
    void (*write)(rl_line *o, const sl_command *c);
} shape_io;

static const shape_io shapes[] = {
    [RL_SHAPE_UNIT] = {parse_unit, write_unit},
    [RL_SHAPE_ONE_UNIT] = {parse_one_unit, write_one_unit},
    [RL_SHAPE_UNIT_UNIT] = {parse_unit_unit, write_unit_unit},
    [RL_SHAPE_MOVE] = {parse_move, write_move},
    [RL_SHAPE_FIRE] = {parse_fire, write_fire},
    [RL_SHAPE_PLACE] = {parse_place, write_place},
    [RL_SHAPE_FIGURES] = {parse_figures, write_figures},
    [RL_SHAPE_UNIT_POINT] = {parse_unit_point, write_unit_point},
    [RL_SHAPE_END] = {parse_end, write_end},
    [RL_SHAPE_SIDE] = {parse_side, write_side},
    [RL_SHAPE_DECIDE] = {parse_decide, write_decide},
    [RL_SHAPE_POINTS] = {parse_points, put_points},
    [RL_SHAPE_UNIT_AT] = {parse_unit_at, write_unit_at},
    [RL_SHAPE_OWN] = {parse_own, write_own},
    [RL_SHAPE_UNIT_UNIT_WAY] = {parse_unit_unit_way, write_unit_unit_way},
};

/* A kind's shape; NULL for none there is. */
static const shape_io *shape_of(const rl_cmd_def *d)
{
    size_t s = (size_t)d->shape;
    return s < sizeof shapes / sizeof shapes[0] && shapes[s].read ? &shapes[s] : NULL;
}

/* The command as written, words joined by single spaces; a solo decision
 * keeps its reasoning, for the journal. */
static void keep_text(const char *line, const rl_words *ws, sl_command *c)
{
    size_t at = 0;
    for (int i = 0; i < ws->n; i++)
        at += (size_t)snprintf(c->text + at, sizeof c->text - at, "%s%s", i ? " " : "", ws->w[i]);
    const char *solo = strstr(line, "# solo: ");
    if (solo) {
        snprintf(c->note, sizeof c->note, "%s", solo + 2);
        if (at < sizeof c->text)
            snprintf(c->text + at, sizeof c->text - at, " %s", solo);
        sl_utf8_trim(c->text);
        sl_utf8_trim(c->note);
    }
}

/* The rules' words on who of the unit acts, wherever they stand from the
 * line's third word on ("with-leader": rl_actor_words), taken out of the
 * line before the shape reads it; false when a rule refuses one. */
static bool take_actor_words(rl_words *ws, const rl_cmd_def *d, sl_command *c, char *err, size_t errlen)
{
    for (int i = 2; i < ws->n; i++) {
        const rl_actor_words *x;
        int took = 0;
        for (int k = 0; took == 0 && (x = rl_cmd_actor_words(k)) != NULL; k++) {
            void *mine = rl_cmd_actor_of(c, x);
            took = x->take && mine ? x->take(d, ws->w[i], mine, err, errlen) : 0;
        }
        if (took < 0)
            return false;
        if (took > 0) {
            memmove(&ws->w[i], &ws->w[i + 1], sizeof(char *) * (size_t)(ws->n - i - 1));
            ws->n--;
            i--;
        }
    }
    return true;
}

/* A word that is no command: the nearest command, or all of them. */
static bool refuse_verb(const char *v, char *err, size_t errlen)
{
    const char *verbs[64];
    int n = 0;
    for (int k = 0; k < sl_cmd_kinds() && n < 64; k++) {
        bool seen = !rl_cmd_def_of(k);
        for (int j = 0; j < n && !seen; j++)
            seen = strcmp(verbs[j], sl_cmd_name(k)) == 0;
        if (!seen)
            verbs[n++] = sl_cmd_name(k);
    }
    const char *hint = sl_suggest(v, verbs, n);
    if (hint)
        return rl_refuse(err, errlen, "unknown command '%s' (did you mean '%s'?)", v, hint);
    char list[900];
    size_t used = 0;
    list[0] = '\0';
    for (int k = 0; k < n && used < sizeof list; k++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", k ? ", " : "", verbs[k]);
    return rl_refuse(err, errlen, "unknown command '%s': the commands are %s", v, list);
}

/* Is kind k's row another ruleset's than the scenario's (a word it
 * shares with a rule in play means that rule's command there)? */
static bool other_rulesets(const sl_scenario *scn, int k)
{
    const rl_ruleset *rs = NULL;
    const rl_cmd_def *d = rl_cmd_owner(k, &rs, NULL);
    return scn && d && rs && !(d->flags & RL_CMD_SHARED) && rs != rl_rows_ruleset(&rl_the_tables, &scn->options);
}

/* Two rules may share a word ("spring": an ambush's point, a
 * SkirmishCorps unit's target; "overwatch": the opportunity fire house
 * rule's and SkirmishCorps'): the first kind from KIND on whose words
 * fit, one of another ruleset's only when no other fits; else the first
 * one's refusal. */
static bool parse_kinds(const sl_scenario *scn, const rl_words *ws, int kind, sl_command *c, char *err, size_t errlen)
{
    sl_command base = *c, other;
    bool have_other = false;
    char first_err[400] = "";
    for (int k = kind; k < sl_cmd_kinds(); k++) {
        const rl_cmd_def *dk = rl_cmd_def_of(k);
        if (!dk || (k != kind && strcmp(dk->name, ws->w[0]) != 0))
            continue;
        *c = base;
        c->kind = k;
        char e[400];
        const shape_io *io = shape_of(dk);
        if (io ? io->read(scn, ws, dk, c, e, sizeof e) : refuse_usage(dk, e, sizeof e)) {
            if (!other_rulesets(scn, k))
                return true;
            if (!have_other)
                other = *c;
            have_other = true;
            continue;
        }
        if (!first_err[0])
            snprintf(first_err, sizeof first_err, "%s", e);
    }
    if (have_other) {
        *c = other;
        return true;
    }
    return rl_refuse(err, errlen, "%s", first_err);
}

bool sl_command_parse(const sl_scenario *scn, const char *line, sl_command *c, char *err, size_t errlen)
{
    sl_cmd_init(c, SL_CMD_NONE, -1);
    rl_words ws;
    if (!rl_split(line, &ws))
        return rl_refuse(err, errlen, "the line is too long: a command has at most %d characters and %d words",
                         (int)sizeof ws.buf - 1, RL_MAX_WORDS);
    if (ws.n == 0)
        return true;
    keep_text(line, &ws, c);
    const char *v = ws.w[0];
    int kind = sl_cmd_find(v);
    const rl_cmd_def *d = kind == SL_CMD_NONE ? NULL : rl_cmd_def_of(kind);
    if (!take_actor_words(&ws, d, c, err, errlen))
        return false;
    if (!d)
        return refuse_verb(v, err, errlen);
    return parse_kinds(scn, &ws, kind, c, err, errlen);
}

size_t sl_command_format(const sl_scenario *scn, const sl_command *c, char *out, size_t len)
{
    if (len)
        out[0] = '\0';
    rl_line o = {out, len, 0, scn, NULL};
    if (c->text[0]) {
        rl_put(&o, "%s", c->text);
        return o.at;
    }
    o.def = rl_cmd_def_of(c->kind);
    if (!o.def)
        return 0;
    rl_put(&o, "%s", o.def->name);
    const shape_io *io = shape_of(o.def);
    if (io)
        io->write(&o, c);
    if (o.def->words && o.def->words->write)
        o.def->words->write(&o, c); /* the rule's own words */
    const rl_actor_words *x;
    for (int i = 0; (x = rl_cmd_actor_words(i)) != NULL; i++)
        if (x->write && rl_cmd_actor_in(c, x))
            x->write(&o, rl_cmd_actor_in(c, x)); /* who of the unit acts, last */
    if (c->note[0])
        rl_put(&o, " # %s", c->note);
    return o.at;
}
