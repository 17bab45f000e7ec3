/* The state to draw (protocol version 2, src/net/PROTOCOL.md): a side's
 * view of the forces as the game's own censor makes it
 * (sl_game_forces_for), in lines of text a client turns back into units
 * and figures to draw. A counter is one man at its place and its letter,
 * nothing of what is under it; counters come after the units the side
 * knows, in the order of their letters, so nothing in the bytes tells
 * which unit of the scenario a counter is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_internal.h"

/* A name as one field: no tab, no new line. */
static void field_text(char *out, size_t len, const char *s)
{
    snprintf(out, len, "%s", s);
    for (char *c = out; *c; c++)
        if (*c == '\t' || *c == '\n' || *c == '\r')
            *c = ' ';
}

static const char *const status_words[] = {"ok", "wounded", "dead"};

/* One unit's line and its men's, as the side sees them. */
static bool put_unit(sl_net_buf *b, const sl_game *g, int side, int version, const sl_unit *units,
                     const sl_figure *figs, int u)
{
    const sl_unit *un = &units[u];
    bool counter = un->id[0] == '?';
    char name[SL_NAME_LEN + 8], flags[80] = "";
    field_text(name, sizeof name, un->name);
    if (counter)
        snprintf(flags, sizeof flags, "counter");
    else {
        const sl_unit_state *st = &g->us[u];
        bool all = side < 0 || sl_game_knows(g, side, u) == SL_KNOW_ALL;
        snprintf(flags, sizeof flags, "%s", !all ? "last-seen" : st->activated ? "done" : "-");
        if (all && st->suppression > 0)
            snprintf(flags + strlen(flags), sizeof flags - strlen(flags), " suppressed-%d", st->suppression);
        if (un->counter[0]) /* its counter's letter, which both sides read */
            snprintf(flags + strlen(flags), sizeof flags - strlen(flags), " counter-%.7s", un->counter);
    }
    int shown = 0;
    for (int f = 0; f < g->live.nfigures; f++)
        shown += figs[f].unit == u && (!counter || (shown == 0 && figs[f].status != SL_FIG_DEAD));
    if (shown == 0)
        return true; /* nothing of it on the table: a counter gone, an element empty */
    char traits[160] = "-"; /* a counter's: none */
    if (!counter)
        snprintf(traits, sizeof traits, "%s %d %s %s %s %s", sl_quality_name(un->quality), un->leadership,
                 sl_motivation_name(un->motivation), sl_fatigue_name(un->fatigue), sl_confidence_name(un->confidence),
                 sl_die_name(un->armour));
    bool ok = net_putf(b, "u\t%s\t%s\t%s\t%s\t%s\t%s\n", un->id, g->live.sides[un->side].id, sl_unit_kind_name(un->kind),
                  flags, traits, name);
    int n = 0;
    for (int f = 0; ok && f < g->live.nfigures; f++) {
        const sl_figure *fg = &figs[f];
        if (fg->unit != u || (counter && (n > 0 || fg->status == SL_FIG_DEAD)))
            continue;
        n++;
        ok = net_putf(b, "f\t%s\t%d\t%d\t%d\t%s\t%s", fg->id, (int)fg->pos.x, (int)fg->pos.y, (int)fg->base_r,
                      status_words[fg->status], sl_role_name(fg->role));
        if (ok && version >= 4) { /* his arms, as the censor left them (a counter's: none) */
            const sl_weapon *wp = counter ? NULL : sl_weapon_get(fg->weapon);
            const sl_weapon *sp = counter ? NULL : sl_weapon_get(fg->support);
            ok = net_putf(b, "\t%s\t%s", wp ? wp->id : "-", sp ? sp->id : "-");
        }
        ok = ok && net_putf(b, "\n");
    }
    return ok;
}

bool sl_net_state_text(const sl_game *g, int side, int version, sl_net_buf *out)
{
    int nu = g->live.nunits, nf = g->live.nfigures;
    sl_unit *units = malloc(sizeof *units * (size_t)(nu > 0 ? nu : 1));
    sl_figure *figs = malloc(sizeof *figs * (size_t)(nf > 0 ? nf : 1));
    int *order = malloc(sizeof *order * (size_t)(nu > 0 ? nu : 1));
    bool ok = units && figs && order;
    if (ok) {
        if (side >= 0)
            sl_game_forces_for(g, side, units, figs);
        else {
            memcpy(units, g->live.units, sizeof *units * (size_t)nu);
            memcpy(figs, g->live.figures, sizeof *figs * (size_t)nf);
        }
        ok = net_putf(out, "view %s\nturn %d\n", side >= 0 ? g->live.sides[side].id : "referee", g->turn);
    }
    /* the units it knows in the scenario's order, then the counters by letter */
    int n = 0;
    for (int u = 0; ok && u < nu; u++)
        if (units[u].id[0] != '?')
            order[n++] = u;
    int first_counter = n;
    for (int u = 0; ok && u < nu; u++)
        if (units[u].id[0] == '?') {
            int at = n++;
            while (at > first_counter && strcmp(units[order[at - 1]].id, units[u].id) > 0) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = u;
        }
    for (int i = 0; ok && i < n; i++)
        ok = put_unit(out, g, side, version, units, figs, order[i]);
    free(units);
    free(figs);
    free(order);
    return ok;
}

bool sl_net_state_send(sl_net_buf *wire, const char *text, size_t len)
{
    /* whole lines to a part, each part under the limit with its header */
    size_t room = SL_NET_MAX_PAYLOAD - 32;
    int parts = 0;
    for (size_t at = 0; at < len || parts == 0; parts++) {
        size_t take = len - at;
        if (take > room) {
            take = room;
            while (take > 0 && text[at + take - 1] != '\n')
                take--;
            if (take == 0)
                return false; /* a line longer than a message: none is */
        }
        at += take;
    }
    int k = 0;
    for (size_t at = 0; k < parts; k++) {
        size_t take = len - at;
        if (take > room) {
            take = room;
            while (take > 0 && text[at + take - 1] != '\n')
                take--;
        }
        char head[40];
        int hl = snprintf(head, sizeof head, "part %d %d\n", k + 1, parts);
        sl_net_buf p = {0};
        bool ok = sl_net_buf_add(&p, head, (size_t)hl) && sl_net_buf_add(&p, text + at, take) &&
                  sl_net_encode(wire, "state", p.b, p.n);
        sl_net_buf_free(&p);
        if (!ok)
            return false;
        at += take;
    }
    return true;
}

/* --- the client's side ---------------------------------------------------------------- */

void sl_net_state_free(sl_net_state *s)
{
    free(s->units);
    free(s->figures);
    free(s->flags);
    sl_net_buf_free(&s->parts);
    memset(s, 0, sizeof *s);
}

static int fail(char *err, size_t errlen, int line, const char *why)
{
    snprintf(err, errlen, "the host's state, line %d: %s", line, why);
    return -1;
}

static bool id_ok(const char *s)
{
    size_t l = strlen(s);
    return l > 0 && l < SL_ID_LEN && !strchr(s, ' ');
}

static bool num(const char *s, long lo, long hi, long *out)
{
    char *e;
    long v = strtol(s, &e, 10);
    if (!s[0] || *e || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool grow(void **arr, int n, int *cap, size_t size)
{
    if (n < *cap)
        return true;
    int nc = *cap ? *cap * 2 : 32;
    if (nc > 100000)
        return false;
    void *na = realloc(*arr, (size_t)nc * size);
    if (!na)
        return false;
    *arr = na;
    *cap = nc;
    return true;
}

/* "regular 2 medium fresh confident partial-light", or "-" (a counter's). */
static bool traits(sl_unit *u, const char *t)
{
    if (strcmp(t, "-") == 0)
        return true;
    char q[32], m[32], fa[32], c[32], a[32];
    int lead, used = 0;
    return sscanf(t, "%31s %d %31s %31s %31s %31s%n", q, &lead, m, fa, c, a, &used) == 6 && t[used] == '\0' &&
           lead >= 1 && lead <= 3 && sl_quality_parse(q, &u->quality) && sl_motivation_parse(m, &u->motivation) &&
           sl_fatigue_parse(fa, &u->fatigue) && sl_confidence_parse(c, &u->confidence) &&
           (strcmp(a, "-") == 0 || sl_die_parse(a, &u->armour)) && (u->leadership = lead) > 0;
}

static int unit_line(sl_net_state *s, char **f, int nf, const sl_scenario *table, int ln, char *err, size_t errlen)
{
    sl_unit_kind kind;
    if (nf != 7 || !id_ok(f[1]) || !sl_unit_kind_parse(f[3], &kind) || strlen(f[6]) >= SL_NAME_LEN)
        return fail(err, errlen, ln, "a unit is u, its id, side, kind, state, traits and name, by tabs");
    int side = sl_scenario_find_side(table, f[2]);
    if (side < 0)
        return fail(err, errlen, ln, "a unit of a side this table's scenario does not have");
    int cap = s->cap_units;
    if (!grow((void **)&s->units, s->nunits, &s->cap_units, sizeof *s->units) ||
        !grow((void **)&s->flags, s->nunits, &cap, sizeof *s->flags))
        return fail(err, errlen, ln, "too many units");
    sl_unit *u = &s->units[s->nunits++];
    memset(u, 0, sizeof *u);
    snprintf(u->id, sizeof u->id, "%s", f[1]);
    snprintf(u->name, sizeof u->name, "%s", f[6]);
    u->leadership = 2;
    if (!traits(u, f[5]))
        return fail(err, errlen, ln, "a unit's traits are - or its quality, leadership, motivation, fatigue, "
                                     "confidence and armour die, by spaces");
    u->side = side;
    u->kind = kind;
    u->hidden = f[1][0] == '?';
    u->first_figure = s->nfigures;
    u->leader = u->commander = u->carrier = u->element = u->parent = -1;
    snprintf(s->flags[s->nunits - 1], sizeof s->flags[0], "%.31s", f[4]);
    const char *letter = strstr(f[4], "counter-");
    if (letter)
        snprintf(u->counter, sizeof u->counter, "%.*s", (int)strcspn(letter + 8, " "), letter + 8);
    return 0;
}

static int figure_line(sl_net_state *s, char **f, int nf, int ln, char *err, size_t errlen)
{
    long x, y, r;
    sl_role role;
    int status = -1;
    for (int i = 0; (nf == 7 || nf == 9) && i < 3; i++)
        if (strcmp(f[5], status_words[i]) == 0)
            status = i;
    if ((nf != 7 && nf != 9) || !id_ok(f[1]) || !num(f[2], -10000000, 10000000, &x) ||
        !num(f[3], -10000000, 10000000, &y) || !num(f[4], 1, 1000000, &r) || status < 0 || !sl_role_parse(f[6], &role))
        return fail(err, errlen, ln,
                    "a man is f, his id, x and y and base radius in mils, state and role (and his arms), by tabs");
    int arms[2] = {-1, -1}; /* version 4: his small arms and support weapon, by the catalogue's ids */
    for (int i = 0; nf == 9 && i < 2; i++)
        if (strcmp(f[7 + i], "-") != 0 && (arms[i] = sl_weapon_find(f[7 + i])) < 0)
            return fail(err, errlen, ln, "a man's arms are '-' or a weapon of the catalogue, by its id");
    if (s->nunits == 0)
        return fail(err, errlen, ln, "a man before any unit");
    if (!grow((void **)&s->figures, s->nfigures, &s->cap_figures, sizeof *s->figures))
        return fail(err, errlen, ln, "too many men");
    sl_figure *fg = &s->figures[s->nfigures++];
    memset(fg, 0, sizeof *fg);
    snprintf(fg->id, sizeof fg->id, "%s", f[1]);
    fg->unit = s->nunits - 1;
    fg->pos = (sl_pt){(int32_t)x, (int32_t)y};
    fg->base_r = (int32_t)r;
    fg->status = (sl_figure_status)status;
    fg->role = role;
    fg->weapon = arms[0];
    fg->support = arms[1];
    sl_unit *u = &s->units[s->nunits - 1];
    if (role == SL_ROLE_LEADER && u->leader < 0)
        u->leader = s->nfigures - 1;
    u->nfigures++;
    return 0;
}

bool sl_net_state_parse(const char *text, size_t len, const sl_scenario *table, sl_net_state *s, char *err,
                        size_t errlen)
{
    s->nunits = s->nfigures = 0;
    s->view[0] = '\0';
    s->turn = 0;
    char *copy = malloc(len + 1);
    if (!copy)
        return snprintf(err, errlen, "out of memory"), false;
    if (len)
        memcpy(copy, text, len); /* (text may be NULL when len is 0) */
    copy[len] = '\0';
    int ln = 0, bad = 0;
    for (char *p = copy; *p && !bad; ln++) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        char *f[10];
        int nf = net_split_tabs(p, f, 10);
        long v;
        if (strcmp(f[0], "u") == 0)
            bad = unit_line(s, f, nf, table, ln + 1, err, errlen);
        else if (strcmp(f[0], "f") == 0)
            bad = figure_line(s, f, nf, ln + 1, err, errlen);
        else if (strncmp(p, "view ", 5) == 0 && id_ok(p + 5))
            snprintf(s->view, sizeof s->view, "%s", p + 5);
        else if (strncmp(p, "turn ", 5) == 0 && num(p + 5, 0, 100000, &v))
            s->turn = (int)v;
        else
            bad = fail(err, errlen, ln + 1, "not a line of a state (view, turn, u or f)");
        p = nl ? nl + 1 : p + strlen(p);
    }
    free(copy);
    if (!bad && !s->view[0])
        bad = fail(err, errlen, 1, "no view line");
    return !bad;
}

int sl_net_state_take(sl_net_state *s, const char *payload, size_t len, const sl_scenario *table, char *err,
                      size_t errlen)
{
    int k, n, used = 0;
    char head[40]; /* the payload is not NUL-ended: its first line, read apart */
    snprintf(head, sizeof head, "%.*s", (int)(len < sizeof head - 1 ? len : sizeof head - 1), payload);
    if (sscanf(head, "part %d %d%n", &k, &n, &used) != 2 || used <= 0 || (size_t)used >= len ||
        payload[used] != '\n' || k < 1 || n < 1 || k > n || n > 64) {
        snprintf(err, errlen, "a state message starts 'part K N' (K of N parts, at most 64)");
        return -1;
    }
    if (k == 1)
        s->parts.n = 0;
    else if (k != s->next_part) {
        snprintf(err, errlen, "a state's part %d came when part %d was due", k, s->next_part);
        s->parts.n = 0;
        s->next_part = 1;
        return -1;
    }
    if (!sl_net_buf_add(&s->parts, payload + used + 1, len - (size_t)used - 1)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->next_part = k + 1;
    if (k < n)
        return 0;
    s->next_part = 1;
    /* read apart: what is drawn now stays whole until a state is read whole */
    sl_net_state fresh = {0};
    bool ok = sl_net_state_parse(s->parts.b, s->parts.n, table, &fresh, err, errlen);
    s->parts.n = 0;
    if (!ok) {
        sl_net_state_free(&fresh);
        return -1;
    }
    sl_net_buf parts = s->parts; /* the parts kept, the rest the fresh state's */
    free(s->units);
    free(s->figures);
    free(s->flags);
    *s = fresh;
    s->parts = parts;
    s->next_part = 1;
    return 1;
}
