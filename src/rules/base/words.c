/* The words of a command line, both ways: what command.c reads and writes
 * its shapes with, and a rule its own words (rl_cmd_words); and the
 * builders of a command from its parts (sl_cmd_init, sl_cmd_target, ...),
 * which the base and every rule use; and a building as commands name it
 * (sl_feature_word, sl_feature_find_word). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

bool rl_split(const char *line, rl_words *ws)
{
    size_t len = strcspn(line, "#");
    ws->n = 0;
    ws->buf[0] = '\0';
    if (len >= sizeof ws->buf)
        return false;
    memcpy(ws->buf, line, len);
    ws->buf[len] = '\0';
    char *p = ws->buf;
    while (*p) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        if (ws->n == RL_MAX_WORDS)
            return false;
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        ws->w[ws->n++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = '\0';
    }
    return true;
}

bool rl_unit_word(const sl_scenario *scn, const char *id, int *out, char *err, size_t errlen)
{
    if (id[0] == '?') {
        /* a counter by its letter (fog of war): the unit under it */
        for (int i = 0; i < scn->nunits; i++) {
            const sl_unit *un = &scn->units[i];
            if (un->counter[0] && sl_unit_whole(scn, i) < 0 && un->parent < 0 && strcmp(un->counter, id + 1) == 0) {
                *out = i;
                return true;
            }
        }
        return rl_refuse(err, errlen, "there is no counter %s on the table", id + 1);
    }
    int u = sl_scenario_find_unit(scn, id);
    if (u < 0) {
        /* a figure's id names its unit */
        int f = sl_scenario_find_figure(scn, id);
        if (f >= 0)
            u = scn->figures[f].unit;
    }
    if (u >= 0) {
        *out = u;
        return true;
    }
    /* suggested from the units a scenario lists (not the fireteams and
     * elements made of its squads: which counters hide a squad is no
     * one's business but its owner's) */
    const char *ids[1000];
    int n = 0;
    for (int i = 0; i < scn->nunits && n < 1000; i++)
        if (sl_unit_whole(scn, i) < 0 && scn->units[i].parent < 0)
            ids[n++] = scn->units[i].id;
    const char *hint = sl_suggest(id, ids, n);
    if (hint)
        return rl_refuse(err, errlen, "no unit has id '%s' (did you mean '%s'?)", id, hint);
    return rl_refuse(err, errlen, "no unit has id '%s'", id);
}

bool rl_point_word(const sl_scenario *scn, const char *s, sl_pt *out, char *err, size_t errlen)
{
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end != ',')
        return rl_refuse(err, errlen, "'%s' is not a point: write X,Y in inches, such as 12.5,30", s);
    const char *ys = end + 1;
    double y = strtod(ys, &end);
    if (end == ys || *end)
        return rl_refuse(err, errlen, "'%s' is not a point: write X,Y in inches, such as 12.5,30", s);
    if (!sl_inches_to_mils(x, &out->x) || !sl_inches_to_mils(y, &out->y) || !sl_table_contains(&scn->table, *out))
        return rl_refuse(err, errlen, "%s is off the %.0f\" x %.0f\" table", s, scn->table.width / 1000.0,
                         scn->table.height / 1000.0);
    return true;
}

/* --- writing ---------------------------------------------------------------------------------- */

void sl_point_format(sl_pt p, char *out, size_t len)
{
    /* whole mils, as short as they go: 18, 18.5, 18.125 */
    char xy[2][24];
    int32_t v[2] = {p.x, p.y};
    for (int i = 0; i < 2; i++) {
        int64_t m = v[i] < 0 ? -(int64_t)v[i] : v[i];
        int whole = (int)(m / 1000), frac = (int)(m % 1000);
        const char *sign = v[i] < 0 ? "-" : "";
        if (frac == 0)
            snprintf(xy[i], sizeof xy[i], "%s%d", sign, whole);
        else if (frac % 100 == 0)
            snprintf(xy[i], sizeof xy[i], "%s%d.%d", sign, whole, frac / 100);
        else if (frac % 10 == 0)
            snprintf(xy[i], sizeof xy[i], "%s%d.%02d", sign, whole, frac / 10);
        else
            snprintf(xy[i], sizeof xy[i], "%s%d.%03d", sign, whole, frac);
    }
    snprintf(out, len, "%s,%s", xy[0], xy[1]);
}

void rl_put(rl_line *o, const char *fmt, const char *a)
{
    size_t room = o->at < o->len ? o->len - o->at : 0;
    int n = snprintf(room ? o->s + o->at : NULL, room, fmt, a);
    if (n > 0)
        o->at += (size_t)n;
}

void rl_put_point(rl_line *o, sl_pt p)
{
    char buf[64];
    sl_point_format(p, buf, sizeof buf);
    rl_put(o, " %s", buf);
}

const char *rl_unit_id(const sl_scenario *scn, int u)
{
    return u >= 0 && u < scn->nunits ? scn->units[u].id : "?";
}

/* --- building: a command from its parts (the public sl_cmd_ builders) --------------------- */

void sl_cmd_init(sl_command *c, int kind, int unit)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->unit = unit;
    c->target = c->side = c->choice = -1;
}


void sl_cmd_target(sl_command *c, int kind, int unit, int target)
{
    sl_cmd_init(c, kind, unit);
    c->target = target;
}

void sl_cmd_move(sl_command *c, int kind, int unit, const sl_pt *pts, int npts)
{
    sl_cmd_init(c, kind, unit);
    for (int i = 0; i < npts && i < SL_CMD_MAX_PTS; i++)
        c->pts[c->npts++] = pts[i];
}

void sl_cmd_fire(sl_command *c, int unit, int target, sl_fire_with with)
{
    sl_cmd_target(c, SL_CMD_FIRE, unit, target);
    c->with = with;
}

void sl_cmd_side(sl_command *c, int kind, int side)
{
    sl_cmd_init(c, kind, -1);
    c->side = side;
}

void sl_cmd_decide(sl_command *c, int word)
{
    sl_cmd_init(c, SL_CMD_DECIDE, -1);
    c->decide = word;
}

void sl_cmd_decide_first(sl_command *c, int side)
{
    sl_cmd_decide(c, SL_DECIDE_WORD_FIRST);
    c->side = side;
}

void sl_cmd_decide_fire(sl_command *c, int unit, const sl_pt *at)
{
    sl_cmd_decide(c, SL_DECIDE_WORD_FIRE);
    c->choice = c->unit = unit;
    c->with = SL_FIRE_ALL;
    if (at) {
        c->has_at = true;
        c->at = *at;
    }
}

void sl_cmd_decide_continue(sl_command *c, const sl_pt *pts, int npts)
{
    sl_cmd_decide(c, SL_DECIDE_WORD_CONTINUE);
    for (int i = 0; i < npts && i < SL_CMD_MAX_PTS; i++)
        c->pts[c->npts++] = pts[i];
}

/* --- a building as commands name it ------------------------------------------------------ */

/* A building named in a command: "#ID" (its Tiled object id) or its name
 * written with hyphens for spaces ("command-bunker"), any case. */
static bool same_slug(const char *name, const char *word)
{
    for (; *name && *word; name++, word++) {
        char a = *name == ' ' ? '-' : (char)tolower((unsigned char)*name);
        if (a != tolower((unsigned char)*word))
            return false;
    }
    return !*name && !*word;
}

int sl_feature_find_word(const sl_table *t, const char *word)
{
    if (word[0] == '#') {
        char *end;
        long id = strtol(word + 1, &end, 10);
        return *end || end == word + 1 ? -1 : sl_table_find_feature(t, (int)id);
    }
    int found = -1;
    for (int i = 0; i < t->nfeatures; i++)
        if (t->features[i].name[0] && same_slug(t->features[i].name, word)) {
            if (found >= 0)
                return -1; /* two of that name: say which by its id */
            found = i;
        }
    return found;
}

void sl_feature_word(const sl_table *t, int feature, char *out, size_t len)
{
    if (len == 0)
        return;
    out[0] = '\0';
    if (feature < 0 || feature >= t->nfeatures)
        return;
    const sl_feature *f = &t->features[feature];
    size_t at = 0;
    bool plain = f->name[0] != '\0';
    for (const char *p = f->name; *p && plain; p++)
        plain = isalnum((unsigned char)*p) || *p == ' ' || *p == '-' || *p == '_' || *p == '.';
    if (plain) {
        for (const char *p = f->name; *p && at + 1 < len; p++)
            out[at++] = *p == ' ' ? '-' : (char)tolower((unsigned char)*p);
        out[at] = '\0';
        if (sl_feature_find_word(t, out) == feature)
            return;
    }
    snprintf(out, len, "#%d", f->id);
}
