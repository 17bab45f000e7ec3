/* What a side may do now, for a window over the link (protocol 3): the
 * decision pending as the side sees it (`decision`) and the actions the
 * rules offer its units (`actions`), as text censored by the game's own
 * censor, and a client's reading of both (src/net/PROTOCOL.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net_internal.h"


/* Does the text hold the word (not inside a longer id)? */
static bool has_word(const char *text, const char *w)
{
    size_t n = strlen(w);
    for (const char *q = n ? strstr(text, w) : NULL; q; q = strstr(q + 1, w)) {
        char b = q > text ? q[-1] : ' ', a = q[n];
        bool inb = (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '-' || b == '_' || b == '.';
        bool ina = (a >= 'a' && a <= 'z') || (a >= '0' && a <= '9') || a == '-' || a == '_';
        if (!inb && !ina)
            return true;
    }
    return false;
}

/* Does the text name a unit the side does not know as a unit (hidden
 * under a counter, a dummy, one gone from its sight)? The rules' reasons
 * are worked out on the whole game; such a reason is not sent. */
static bool names_unknown(const sl_game *g, int side, const char *text)
{
    const sl_scenario *s = &g->live;
    for (int u = 0; side >= 0 && u < s->nunits; u++) {
        sl_know k = sl_game_knows(g, side, u);
        if (k == SL_KNOW_ALL || k == SL_KNOW_UNIT)
            continue;
        if ((s->units[u].name[0] && strstr(text, s->units[u].name)) || has_word(text, s->units[u].id))
            return true;
    }
    return false;
}

/* Text as the side may read it, one field: no tab, no new line. */
static void field(const sl_game *g, int side, const char *text, char *out, size_t len)
{
    if (names_unknown(g, side, text)) {
        snprintf(out, len, "%s", text[0] ? "it waits on what is out of your side's sight" : "");
        return;
    }
    char *c = side >= 0 ? sl_game_censor(g, side, text) : NULL;
    char keep[2048];
    sl_utf8_copy(keep, sizeof keep, c ? c : text);
    free(c);
    snprintf(out, len, "%s", keep);
    for (char *p = out; *p; p++)
        if (*p == '\t' || *p == '\n' || *p == '\r')
            *p = ' ';
}

bool sl_net_decision_text(const sl_game *g, int side, sl_net_buf *out)
{
    sl_decision_view *d = calloc(1, sizeof *d);
    if (!d)
        return false;
    bool ok = true;
    const sl_scenario *s = &g->live;
    if (!sl_game_decision(g, side, -1, 0, d) || d->side < 0 || d->side >= s->nsides) {
        ok = net_putf(out, "none\n");
        free(d);
        return ok;
    }
    char f[SL_DECISION_LINE + 200];
    ok = net_putf(out, "side %s\n", s->sides[d->side].id);
    field(g, side, d->title, f, sizeof f);
    ok = ok && net_putf(out, "title %s\n", f);
    field(g, side, d->duty, f, sizeof f);
    if (f[0])
        ok = ok && net_putf(out, "duty %s\n", f);
    for (int i = 0; ok && i < d->nlines; i++) {
        field(g, side, d->lines[i], f, sizeof f);
        ok = net_putf(out, "line %s\n", f);
    }
    /* the answers only to the side that gives them */
    for (int i = 0; ok && d->side == side && i < d->nanswers; i++) {
        const sl_answer *a = &d->answers[i];
        char cmd[SL_CMD_TEXT + 64];
        if (a->key <= ' ' || a->key > '~' || sl_command_format(s, &a->cmd, cmd, sizeof cmd) >= sizeof cmd)
            continue;
        field(g, side, cmd, f, sizeof f);
        ok = net_putf(out, "answer\t%c\t%s\t%s\n", a->key, a->word[0] ? a->word : "-", f);
    }
    free(d);
    return ok;
}

/* The unit's man a figures pick stands in with: the first not its
 * leader (the leader stays), else its first; -1 none. */
static int stand_in_man(const sl_scenario *s, int unit)
{
    const sl_unit *un = &s->units[unit];
    for (int f = un->first_figure; f < un->first_figure + un->nfigures; f++)
        if (f != un->leader && s->figures[f].unit == unit)
            return f;
    return un->nfigures > 0 ? un->first_figure : -1;
}

/* The command an action gives, its pick left as {T} (a unit), {P} (a
 * point; a way: one or more) or {F} (men of the unit: one or more) for
 * the window to fill; "" none (the player types it). The pick is the
 * action's own declaration, as the main window reads it. True when it is
 * a rule's list to pick from (version 5: `out` is what Enter gives with
 * nothing chosen, and the window asks for the list). */
static bool template_for(sl_play *p, const sl_play_action *a, int unit, int version, char *out, size_t len)
{
    const sl_scenario *s = &p->game.live;
    sl_command c;
    sl_pt pt = {0, 0};
    sl_pick_info pick;
    sl_cmd_pick(a->kind, &pick);
    bool pick_unit = a->needs_target, pick_pt = a->needs_point || a->needs_path, pick_figs = a->needs_figures;
    out[0] = '\0';
    if (a->toggle || a->undo || a->all || a->kind == SL_CMD_NONE)
        return false;
    static sl_list_view lv; /* large: not on the stack */
    if (pick.kind == SL_PICK_LIST && sl_game_pick_list(&p->game, unit, a->kind, 0, 0, &lv)) {
        /* a rule's list to choose from (the main window's list pick):
         * version 5 asks for the list (what Enter gives with nothing
         * chosen stands as its command); before, the player types it */
        if (version >= 5) {
            sl_game_pick_list_command(&p->game, unit, a->kind, 0, 0, &c);
            if (sl_command_format(s, &c, out, len) >= len)
                out[0] = '\0';
        }
        return out[0] != '\0';
    }
    int man = pick_figs ? stand_in_man(s, unit) : -1;
    if (pick_figs && man < 0)
        return false;
    sl_play_command(p, a, unit, pick_unit ? unit : -1, pick_pt ? &pt : NULL, pick_pt ? 1 : 0, pick_figs ? &man : NULL,
                    pick_figs ? 1 : 0, false, &c);
    char text[SL_CMD_TEXT + 64];
    if (sl_command_format(s, &c, text, sizeof text) >= sizeof text)
        return false;
    /* the stand-in put back as the blank: the last of its words */
    const char *word = pick_unit ? s->units[unit].id : pick_figs ? s->figures[man].id : "0,0";
    char *at = NULL;
    size_t wl = strlen(word);
    for (char *q = strstr(text, word); q; q = strstr(q + 1, word))
        if ((q == text || q[-1] == ' ') && (q[wl] == ' ' || q[wl] == '\0') && q != text + strlen(s->units[unit].id))
            at = q;
    if ((pick_unit || pick_pt || pick_figs) && !at)
        return false; /* the blank cannot be found: the player types it */
    if (at)
        snprintf(out, len, "%.*s%s%s", (int)(at - text), text, pick_unit ? "{T}" : pick_figs ? "{F}" : "{P}", at + wl);
    else
        snprintf(out, len, "%s", text);
    return false;
}

/* What the player picks for the action, from its declaration: an enemy
 * when the action or its command says so (fire), as the main window's. */
static const char *pick_word(const sl_play_action *a, bool list)
{
    sl_pick_info pick;
    sl_cmd_pick(a->kind, &pick);
    return list ? "list"
           : a->needs_target ? (a->enemy_target || pick.enemy ? "enemy" : "unit")
           : a->needs_path ? "way"
           : a->needs_point ? "point"
           : a->needs_figures ? "figures"
                              : "-";
}

/* One unit's actions (with `all`, those not allowed now too, with why);
 * false when they would not fit in the message. */
static bool unit_actions(sl_play *p, int side, int version, int u, bool all, sl_net_buf *out)
{
    sl_play_action act[SL_PLAY_MAX_ACTIONS];
    /* without `all` no reason is sent: none is put in a player's words */
    int n = all ? sl_play_actions(p, u, false, act, SL_PLAY_MAX_ACTIONS)
                : sl_play_actions_unworded(p, u, false, act, SL_PLAY_MAX_ACTIONS);
    sl_net_buf b = {0};
    bool ok = net_putf(&b, "unit %s\n", p->game.live.units[u].id);
    for (int i = 0; ok && i < n; i++) {
        const sl_play_action *a = &act[i];
        if (a->toggle || a->undo || a->all || (!all && !a->enabled))
            continue; /* the window's own, not the rules'; or not now, for a unit not acting */
        char cmd[SL_CMD_TEXT + 80], why[300], label[80];
        bool list = template_for(p, a, u, version, cmd, sizeof cmd); /* a rule's list to pick from */
        if (version < 4 && strstr(cmd, "{F}"))
            cmd[0] = '\0'; /* a client of version 3 knows no men's pick: its player types it */
        field(&p->game, side, cmd, cmd, sizeof cmd);
        field(&p->game, side, a->enabled ? "" : a->why, why, sizeof why);
        field(&p->game, side, a->label, label, sizeof label);
        ok = net_putf(&b, "a\t%s\t%d\t%s\t%.46s\t%s\t%.160s\n", a->key[0] ? a->key : "-", a->enabled ? 1 : 0,
                 pick_word(a, list), label[0] ? label : "-", cmd[0] ? cmd : "-", why[0] ? why : "-");
    }
    ok = ok && out->n + b.n <= SL_NET_MAX_PAYLOAD && sl_net_buf_add(out, b.b, b.n);
    sl_net_buf_free(&b);
    return ok;
}

/* The side's first unit it knows in full (its bar's when none acts). */
static int first_unit(const sl_game *g, int side)
{
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side == side && sl_game_knows(g, side, u) == SL_KNOW_ALL)
            return u;
    return -1;
}

bool sl_net_actions_text(sl_play *p, int side, int version, sl_net_buf *out)
{
    const sl_scenario *s = &p->game.live;
    bool ok = net_putf(out, "side %s\n", side >= 0 && side < s->nsides ? s->sides[side].id : "referee");
    if (side < 0 || side >= s->nsides || p->game.outcome.over || sl_play_side_to_act(p) != side)
        return ok; /* nothing to offer a side that waits (its decisions come as `decision`) */
    /* the unit acting, every action with why not (the others wait for
     * it); else what each of the side's units may do now, in the
     * scenario's order, the first with why not */
    int active = sl_game_active_unit(&p->game);
    bool acting = active >= 0 && s->units[active].side == side;
    if (acting)
        return unit_actions(p, side, version, active, true, out) || ok; /* the others wait for it */
    for (int u = 0; ok && u < s->nunits; u++)
        if (u != active && s->units[u].side == side && sl_game_knows(&p->game, side, u) == SL_KNOW_ALL &&
            !unit_actions(p, side, version, u, u == first_unit(&p->game, side), out))
            break;
    return ok;
}

/* --- a client's reading ---------------------------------------------------------------- */

static int fail(char *err, size_t errlen, int line, const char *why)
{
    snprintf(err, errlen, "line %d: %s", line, why);
    return false;
}

/* The next line of text into buf (no new line); false at the end. */
static bool next_line(const char **p, const char *end, char *buf, size_t len)
{
    if (*p >= end)
        return false;
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    size_t n = (size_t)((nl ? nl : end) - *p);
    snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), *p);
    *p = nl ? nl + 1 : end;
    return true;
}

static bool printable(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < ' ' || *s == 0x7f)
            return false;
    return true;
}

bool sl_net_decision_parse(const char *text, size_t len, sl_net_decision *d, char *err, size_t errlen)
{
    memset(d, 0, sizeof *d);
    const char *p = text, *end = text + len;
    char l[SL_DECISION_LINE + 260];
    for (int ln = 1; next_line(&p, end, l, sizeof l); ln++) {
        if (strncmp(l, "answer\t", 7) != 0 && !printable(l))
            return fail(err, errlen, ln, "a line holds a control character");
        if (ln == 1) {
            if (strcmp(l, "none") == 0)
                continue;
            if (strncmp(l, "side ", 5) != 0 || !l[5] || strlen(l + 5) >= sizeof d->side)
                return fail(err, errlen, ln, "a decision starts 'side SIDE' or 'none'");
            sl_utf8_copy(d->side, sizeof d->side, l + 5);
            d->pending = true;
        } else if (!d->pending)
            return fail(err, errlen, ln, "nothing follows 'none'");
        else if (strncmp(l, "title ", 6) == 0)
            sl_utf8_copy(d->title, sizeof d->title, l + 6);
        else if (strncmp(l, "duty ", 5) == 0)
            sl_utf8_copy(d->duty, sizeof d->duty, l + 5);
        else if (strncmp(l, "line ", 5) == 0 && d->nlines < SL_NET_DECISION_LINES)
            sl_utf8_copy(d->lines[d->nlines++], sizeof d->lines[0], l + 5);
        else if (strncmp(l, "answer\t", 7) == 0 && d->nanswers < SL_NET_DECISION_ANSWERS) {
            sl_net_answer *a = &d->answers[d->nanswers];
            char *w = strchr(l + 7, '\t'), *c = w ? strchr(w + 1, '\t') : NULL;
            if (!w || !c || w != l + 8 || l[7] <= ' ' || l[7] > '~' || !printable(c + 1) || !c[1])
                return fail(err, errlen, ln, "an answer is 'answer' TAB KEY TAB WORD TAB COMMAND");
            *c = '\0';
            a->key = l[7];
            if (!printable(w + 1) || strlen(w + 1) >= sizeof a->word)
                return fail(err, errlen, ln, "an answer's word is short and printable");
            sl_utf8_copy(a->word, sizeof a->word, w + 1);
            sl_utf8_copy(a->cmd, sizeof a->cmd, c + 1);
            d->nanswers++;
        } else
            return fail(err, errlen, ln, "a line is title, duty, line or answer (or too many of them)");
    }
    return true;
}

bool sl_net_actions_parse(const char *text, size_t len, sl_net_actions *s, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    const char *p = text, *end = text + len;
    char l[1024];
    for (int ln = 1; next_line(&p, end, l, sizeof l); ln++) {
        char *f[8];
        if (ln == 1) {
            if (strncmp(l, "side ", 5) != 0 || !l[5] || strlen(l + 5) >= sizeof s->side || !printable(l))
                return fail(err, errlen, ln, "actions start 'side SIDE'");
            sl_utf8_copy(s->side, sizeof s->side, l + 5);
        } else if (strncmp(l, "unit ", 5) == 0 && l[5] && printable(l)) {
            if (s->nunits == SL_NET_ACTION_UNITS)
                return fail(err, errlen, ln, "too many units");
            sl_utf8_copy(s->unit[s->nunits++], sizeof s->unit[0], l + 5);
        } else if (l[0] == 'a' && l[1] == '\t' && net_split_tabs(l, f, 8) == 7) {
            if (!s->nunits || s->nact == SL_NET_ACTIONS_MAX)
                return fail(err, errlen, ln, s->nunits ? "too many actions" : "an action before any unit");
            sl_net_action *a = &s->act[s->nact];
            for (int i = 1; i < 7; i++)
                if (!printable(f[i]) || !f[i][0])
                    return fail(err, errlen, ln, "an action's field is empty or holds a control character");
            if ((f[2][0] != '0' && f[2][0] != '1') || f[2][1])
                return fail(err, errlen, ln, "an action is enabled 1 or not 0");
            a->unit = s->nunits - 1;
            sl_utf8_copy(a->key, sizeof a->key, f[1]);
            a->enabled = f[2][0] == '1';
            sl_utf8_copy(a->pick, sizeof a->pick, f[3]);
            sl_utf8_copy(a->label, sizeof a->label, f[4]);
            sl_utf8_copy(a->cmd, sizeof a->cmd, strcmp(f[5], "-") ? f[5] : "");
            sl_utf8_copy(a->why, sizeof a->why, strcmp(f[6], "-") ? f[6] : "");
            s->nact++;
        } else
            return fail(err, errlen, ln, "a line is 'unit ID' or 'a' and six fields by tabs");
    }
    if (!s->side[0])
        return fail(err, errlen, 1, "actions start 'side SIDE'");
    return true;
}

/* --- a way's plan (version 4) ------------------------------------------------------------- */

bool sl_net_plan_text(const sl_game *g, int side, const char *line, sl_net_buf *out)
{
    char err[300], f[SL_CMD_TEXT + 200];
    bool ok = net_putf(out, "for %.*s\n", SL_CMD_TEXT + 60, line);
    sl_command c;
    static sl_way_plan pl; /* large: not on the stack */
    /* only the side's own way, with names it knows: else nothing is said */
    if (!ok || strchr(line, '\n') || side < 0 || !sl_game_names_known(g, side, line, err, sizeof err) ||
        !sl_command_parse(&g->live, line, &c, err, sizeof err) || sl_command_side(g, &c) != side ||
        !sl_game_way_plan(g, &c, &pl))
        return ok && net_putf(out, "none\n");
    ok = net_putf(out, "ok %d\nrolled %d\nstart %d %d\nend %d %d\nlength %d\ncost %d\nallowance %d\ngo %d\n",
                  pl.ok ? 1 : 0, pl.rolled ? 1 : 0, (int)pl.start.x, (int)pl.start.y, (int)pl.end.x, (int)pl.end.y,
                  (int)pl.length, (int)pl.cost, (int)pl.allowance, (int)pl.go);
    for (int i = 0; ok && i < 3; i++) {
        field(g, side, pl.line[i], f, sizeof f);
        if (f[0])
            ok = net_putf(out, "line %d %.239s\n", i, f);
    }
    field(g, side, pl.ok ? "" : pl.why, f, sizeof f);
    if (ok && f[0])
        ok = net_putf(out, "why %.239s\n", f);
    for (int i = 0; ok && i < pl.nfigs && i < SL_NET_PLAN_MEN; i++)
        if (pl.fig[i] >= 0 && pl.fig[i] < g->live.nfigures)
            ok = net_putf(out, "man %s %d %d\n", g->live.figures[pl.fig[i]].id, (int)pl.fig_end[i].x,
                          (int)pl.fig_end[i].y);
    return ok;
}

static bool plan_line(sl_net_plan *p, const char *l)
{
    int a, b, k = 0;
    char id[SL_ID_LEN];
    if (sscanf(l, "ok %d%n", &a, &k) == 1 && !l[k] && (a == 0 || a == 1))
        return (p->ok = a), true;
    if (sscanf(l, "rolled %d%n", &a, &k) == 1 && !l[k] && (a == 0 || a == 1))
        return (p->rolled = a), true;
    if (sscanf(l, "start %d %d%n", &a, &b, &k) == 2 && !l[k])
        return (p->start = sl_pt_make(a, b)), true;
    if (sscanf(l, "end %d %d%n", &a, &b, &k) == 2 && !l[k])
        return (p->end = sl_pt_make(a, b)), true;
    if (sscanf(l, "length %d%n", &p->length, &k) == 1 && !l[k])
        return true;
    if (sscanf(l, "cost %d%n", &p->cost, &k) == 1 && !l[k])
        return true;
    if (sscanf(l, "allowance %d%n", &p->allowance, &k) == 1 && !l[k])
        return true;
    if (sscanf(l, "go %d%n", &p->go, &k) == 1 && !l[k])
        return true;
    if (sscanf(l, "line %d %n", &a, &k) == 1 && k > 0 && a >= 0 && a < 3)
        return sl_utf8_copy(p->line[a], sizeof p->line[a], l + k), true;
    if (strncmp(l, "why ", 4) == 0)
        return sl_utf8_copy(p->why, sizeof p->why, l + 4), true;
    if (sscanf(l, "man %31s %d %d%n", id, &a, &b, &k) == 3 && !l[k] && p->nmen < SL_NET_PLAN_MEN) {
        sl_utf8_copy(p->man[p->nmen], sizeof p->man[0], id);
        p->man_end[p->nmen++] = sl_pt_make(a, b);
        return true;
    }
    return false;
}

bool sl_net_plan_parse(const char *text, size_t len, sl_net_plan *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    const char *at = text, *end = text + len;
    char l[SL_CMD_TEXT + 100];
    for (int ln = 1; next_line(&at, end, l, sizeof l); ln++) {
        if (!printable(l))
            return fail(err, errlen, ln, "a line holds a control character");
        if (ln == 1) {
            if (strncmp(l, "for ", 4) != 0 || !l[4] || strlen(l + 4) >= sizeof p->cmd)
                return fail(err, errlen, ln, "a plan starts 'for COMMAND'");
            sl_utf8_copy(p->cmd, sizeof p->cmd, l + 4);
        } else if (ln == 2 && strcmp(l, "none") == 0)
            return at >= end || fail(err, errlen, ln + 1, "nothing follows 'none'");
        else if (!plan_line(p, l))
            return fail(err, errlen, ln, "a line is ok, rolled, start, end, length, cost, allowance, go, line, why "
                                         "or man (or too many men)");
        else
            p->planned = true;
    }
    if (!p->cmd[0])
        return fail(err, errlen, 1, "a plan starts 'for COMMAND'");
    return true;
}

/* --- a rule's list pick (version 5) ------------------------------------------------------- */

/* The unit's action by its bar key when it picks from a rule's list now:
 * its kind, else -1. */
static int list_kind(sl_play *p, int u, const char *key)
{
    sl_play_action act[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions_unworded(p, u, false, act, SL_PLAY_MAX_ACTIONS);
    for (int i = 0; i < n; i++) {
        sl_pick_info pick;
        sl_cmd_pick(act[i].kind, &pick);
        if (strcmp(act[i].key, key) == 0 && act[i].enabled && pick.kind == SL_PICK_LIST)
            return act[i].kind;
    }
    return -1;
}

/* A list's text as one field, or "-" for none. */
static bool list_field(const sl_game *g, int side, const char *head, const char *text, sl_net_buf *out)
{
    char f[SL_DECISION_LINE + 200];
    field(g, side, text, f, sizeof f);
    return net_putf(out, "%s%.*s", head, SL_NET_LIST_TEXT - 1, f[0] ? f : "-");
}

static bool list_lines(const sl_game *g, int side, const sl_list_view *lv, sl_net_buf *out)
{
    const char *names[5] = {"title ", "head ", "foot ", "start ", "range "};
    const char *texts[5] = {lv->title, lv->head, lv->foot, lv->start, lv->range};
    bool ok = true;
    for (int i = 0; ok && i < 5; i++)
        ok = list_field(g, side, names[i], texts[i], out) && net_putf(out, "\n");
    for (int i = 0; ok && i < lv->nitems && i < SL_LIST_MAX; i++) {
        const sl_list_item *it = &lv->items[i];
        ok = net_putf(out, "item\t%d\t%d", it->ok ? 1 : 0, it->chosen ? 1 : 0) &&
             list_field(g, side, "\t", it->line, out) && list_field(g, side, "\t", it->said_on, out) &&
             list_field(g, side, "\t", it->said_off, out) && net_putf(out, "\n");
    }
    for (int t = 0; ok && t < lv->ntoggles && t < SL_LIST_TOGGLES; t++) {
        const sl_list_toggle *tg = &lv->toggles[t];
        if (tg->key <= ' ' || tg->key > '~')
            continue;
        ok = net_putf(out, "toggle\t%c", tg->key) && list_field(g, side, "\t", tg->line, out) &&
             list_field(g, side, "\t", tg->said_on, out) && list_field(g, side, "\t", tg->said_off, out) &&
             net_putf(out, "\n");
    }
    return ok;
}

bool sl_net_list_text(sl_play *p, int side, const char *ask, sl_net_buf *out)
{
    const sl_game *g = &p->game;
    char unit[64], key[16], cmd[SL_CMD_TEXT + 64];
    unsigned chosen = 0, toggles = 0;
    int k = 0;
    bool ok = net_putf(out, "for %.120s\n", ask);
    if (!ok || sscanf(ask, "%63s %15s %u %u%n", unit, key, &chosen, &toggles, &k) != 4 || ask[k])
        return ok && net_putf(out, "none\n");
    /* only the side's own unit's action, a list now: else nothing is said */
    int u = sl_scenario_find_unit(&g->live, unit);
    int kind = u >= 0 && side >= 0 && g->live.units[u].side == side && sl_game_knows(g, side, u) == SL_KNOW_ALL &&
                       !g->outcome.over && sl_play_side_to_act(p) == side
                   ? list_kind(p, u, key)
                   : -1;
    static sl_list_view lv; /* large: not on the stack */
    sl_command c;
    if (kind < 0 || !sl_game_pick_list(g, u, kind, chosen, toggles, &lv))
        return net_putf(out, "none\n");
    sl_game_pick_list_command(g, u, kind, chosen, toggles, &c);
    if (sl_command_format(&g->live, &c, cmd, sizeof cmd) >= sizeof cmd)
        return net_putf(out, "none\n");
    char f[sizeof cmd + 200];
    field(g, side, cmd, f, sizeof f);
    return list_lines(g, side, &lv, out) && net_putf(out, "cmd %s\n", f);
}

/* A list's field as it came ("-": none). */
static void list_copy(char *out, const char *f)
{
    snprintf(out, SL_NET_LIST_TEXT, "%s", strcmp(f, "-") ? f : "");
}

static bool list_line(sl_net_list *l, char *line)
{
    static const char *const names[5] = {"title ", "head ", "foot ", "start ", "range "};
    char *dest[5] = {l->title, l->head, l->foot, l->start, l->range};
    for (int i = 0; i < 5; i++)
        if (strncmp(line, names[i], strlen(names[i])) == 0)
            return list_copy(dest[i], line + strlen(names[i])), true;
    if (strncmp(line, "cmd ", 4) == 0 && line[4] && strlen(line + 4) < sizeof l->cmd)
        return sl_utf8_copy(l->cmd, sizeof l->cmd, line + 4), true;
    char *f[7];
    int nf = net_split_tabs(line, f, 7);
    for (int i = 1; i < nf; i++)
        if (!printable(f[i]) || !f[i][0])
            return false;
    if (nf == 6 && strcmp(f[0], "item") == 0 && l->nitems < SL_LIST_MAX && (!strcmp(f[1], "0") || !strcmp(f[1], "1")) &&
        (!strcmp(f[2], "0") || !strcmp(f[2], "1"))) {
        sl_net_list_item *it = &l->items[l->nitems++];
        it->ok = f[1][0] == '1';
        it->chosen = f[2][0] == '1';
        list_copy(it->line, f[3]);
        list_copy(it->said_on, f[4]);
        list_copy(it->said_off, f[5]);
        return true;
    }
    if (nf == 5 && strcmp(f[0], "toggle") == 0 && l->ntoggles < SL_LIST_TOGGLES && f[1][0] > ' ' && !f[1][1]) {
        l->toggles_of[l->ntoggles].key = f[1][0];
        list_copy(l->toggles_of[l->ntoggles].line, f[2]);
        list_copy(l->toggles_of[l->ntoggles].said_on, f[3]);
        list_copy(l->toggles_of[l->ntoggles++].said_off, f[4]);
        return true;
    }
    return false;
}

bool sl_net_list_parse(const char *text, size_t len, sl_net_list *l, char *err, size_t errlen)
{
    memset(l, 0, sizeof *l);
    const char *at = text, *end = text + len;
    char line[SL_CMD_TEXT + 4 * SL_NET_LIST_TEXT];
    for (int ln = 1; next_line(&at, end, line, sizeof line); ln++) {
        int k = 0;
        if ((strncmp(line, "item\t", 5) && strncmp(line, "toggle\t", 7) && !printable(line)))
            return fail(err, errlen, ln, "a line holds a control character");
        if (ln == 1) {
            if (sscanf(line, "for %63s %15s %u %u%n", l->unit, l->key, &l->chosen, &l->toggles, &k) != 4 || line[k])
                return fail(err, errlen, ln, "a list starts 'for UNIT KEY CHOSEN TOGGLES'");
        } else if (ln == 2 && strcmp(line, "none") == 0)
            return at >= end || fail(err, errlen, ln + 1, "nothing follows 'none'");
        else if (!list_line(l, line))
            return fail(err, errlen, ln, "a line is title, head, foot, start, range, cmd, item (5 fields by tabs) "
                                         "or toggle (4), or there are too many");
        else
            l->listed = true;
    }
    if (!l->unit[0])
        return fail(err, errlen, 1, "a list starts 'for UNIT KEY CHOSEN TOGGLES'");
    if (l->listed && !l->cmd[0])
        return fail(err, errlen, 2, "a list ends with the command Enter gives ('cmd LINE')");
    return true;
}

/* --- the table's digest ------------------------------------------------------------------ */

static uint64_t fnv_file(uint64_t h, const char *path, bool *ok)
{
    FILE *f = path[0] ? fopen(path, "rb") : NULL;
    if (!f) {
        *ok = *ok && !path[0];
        return h;
    }
    unsigned char buf[8192];
    size_t n;
    for (int k = 0; k < 100000 && (n = fread(buf, 1, sizeof buf, f)) > 0; k++)
        for (size_t i = 0; i < n; i++)
            h = (h ^ buf[i]) * 0x100000001b3ull;
    fclose(f);
    return h;
}

bool sl_net_table_digest(const sl_world *w, char out[17])
{
    bool ok = true;
    uint64_t h = 0xcbf29ce484222325ull;
    h = fnv_file(h, w->scenario_path, &ok);
    h = (h ^ 0xff) * 0x100000001b3ull; /* between the two files */
    if (strcmp(w->map_path, w->scenario_path) != 0)
        h = fnv_file(h, w->map_path, &ok);
    snprintf(out, 17, "%016llx", (unsigned long long)h);
    return ok;
}
