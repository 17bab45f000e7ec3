/* The game's keys and clicks: the action bar's keys, picking a target, a
 * way or men, answering decisions, the command line, undo and solo. The
 * window builds commands (sl_command) and gives them to the session
 * (sl_play_do), so it can do nothing a script could not; text only comes
 * in when the player types a command. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "ui_internal.h"

static void say(sl_view *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(sl_view *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->status, sizeof v->status, fmt, ap);
    va_end(ap);
    sl_utf8_trim(v->status);
}

/* The first ": " outside brackets, where what was done ends and its
 * working begins (NULL: none): a colon inside "(the players agree ...:
 * the rules give a throw's range from ST)" is the bracket's own. */
static char *top_colon(char *a)
{
    int depth = 0;
    for (char *c = a; *c; c++) {
        depth += *c == '(' ? 1 : *c == ')' && depth > 0 ? -1 : 0;
        if (depth == 0 && c[0] == ':' && c[1] == ' ')
            return c;
    }
    return NULL;
}

/* What the commands' events from `from` on did, as the view's side reads
 * them, in players' words (names, "man 3 (specialist)", never an id or a
 * command's syntax, which only the `:` line shows): the first line (what
 * was done: "NAC 1st Squad fires at ESU 1st Squad: ...") and, when more
 * followed, the last ("... 's activation ends"). */
static void said(const sl_play *p, int from, char *out, size_t len)
{
    const sl_game *g = &p->game;
    const char *first = NULL, *last = NULL;
    for (int i = from < 0 ? 0 : from; i < g->journal.n; i++) {
        const sl_event *e = &g->journal.ev[i];
        const char *t = sl_event_text_for(e, p->view_side);
        /* the program's plan for the turn is the dice log's to tell */
        if (e->kind == SL_EV_COMMAND || e->kind == SL_EV_ROLL || !t[0] || strncmp(t, SL_SOLO_PLAN, strlen(SL_SOLO_PLAN)) == 0)
            continue;
        if (!first)
            first = t;
        last = t;
    }
    if (!first) {
        snprintf(out, len, "Done");
        return;
    }
    char a[900], b[900];
    sl_game_log_words(g, first, a, sizeof a);
    /* before what followed, what was done without its working ("...
     * fires at ESU 1st Squad", not the bands and dice that the log has) */
    char *colon = top_colon(a);
    if (last != first && colon && strlen(a) > 60 && strncmp(a, "Solo play: ", 11) != 0)
        *colon = '\0';
    if (last == first)
        sl_utf8_copy(out, len, a);
    else {
        /* two sentences, each whole (the throw's read "...whether it
         * reaches \xE2\x80\xA6 The rules give no roll": its bracket cut open
         * and an ellipsis for what the log tells) */
        sl_game_log_words(g, last, b, sizeof b);
        size_t n = strlen(a);
        bool stop = n > 0 && strchr(".!?", a[n - 1]);
        if (snprintf(out, len, "%s%s %s", a, stop ? "" : ".", b) >= (int)len)
            sl_utf8_trim(out);
    }
}

/* After a command: the refusal kept for the box on the table, or what
 * happened shown, the choosing over, the bar on the unit acting now. A
 * refusal quotes the line only when the player typed it: a command given
 * by keys and clicks is refused in the rules' words alone (names, no
 * ids). The program's own commands (`program`) leave the player's
 * selection and pick alone. */
static bool after_as(sl_view *v, const char *line, bool typed, bool ok, const char *err, int active_before,
                     int from, bool program)
{
    sl_pick *k = &v->pick;
    sl_play *p = v->play;
    k->message_nat = 0;
    if (!ok) {
        /* in names, and its points in words, marked on the table */
        char plain[600], placed[900];
        sl_game_plain_words(&p->game, err, plain, sizeof plain);
        k->message_nat = sl_scenario_point_words(&p->game.live, plain, placed, sizeof placed, k->message_at,
                                                 (int)(sizeof k->message_at / sizeof k->message_at[0]));
        err = placed;
        if (typed)
            snprintf(k->message, sizeof k->message, "%.300s: %.890s", line, err);
        else
            snprintf(k->message, sizeof k->message, "%s", err);
        sl_utf8_trim(k->message);
        k->message_is_error = true;
        k->message_unread = false;
        if (typed)
            say(v, "Refused: %s (%s)", err, line);
        else
            say(v, "Refused: %s", err);
        return false;
    }
    k->message[0] = '\0';
    k->message_is_error = false;
    k->message_unread = false;
    if (p->autosave_error[0]) {
        snprintf(k->message, sizeof k->message, "%s", p->autosave_error);
        k->message_is_error = true;
        k->message_unread = false;
    }
    k->log_scroll = 0;
    /* what it did, in the players' words (the command's syntax is the
     * `:` line's alone) */
    char done[1000];
    said(p, from, done, sizeof done);
    say(v, "%s", done);
    if (program)
        return true;
    sl_pick_clear(k);
    if (sl_game_active_unit(&p->game) != active_before)
        k->toggled = false;
    /* keep the bar on the unit that acts now */
    int a = sl_game_active_unit(&p->game);
    if (a >= 0 && a < v->nunits)
        sl_view_select_unit(v, a, false);
    return true;
}

static bool after(sl_view *v, const char *line, bool typed, bool ok, const char *err, int active_before, int from)
{
    return after_as(v, line, typed, ok, err, active_before, from, false);
}

/* A point the window was given off the cloth (a click beside the table
 * while aiming or drawing a way): refused in a player's words before a
 * command is built of it, which could not be written down as a line. */
static bool off_cloth(const sl_view *v, const sl_command *c, char *err, size_t len)
{
    const sl_table *t = &v->play->game.live.table;
    bool off = c->has_at && !sl_table_contains(t, c->at);
    for (int k = 0; k < c->npts && k < SL_CMD_MAX_PTS; k++)
        off |= !sl_table_contains(t, c->pts[k]);
    if (off)
        snprintf(err, len, "that point is off the table: click on the cloth");
    return off;
}

bool ui_run(sl_view *v, const sl_command *c)
{
    char err[600];
    int active = sl_game_active_unit(&v->play->game), from = v->play->game.journal.n;
    bool ok = !off_cloth(v, c, err, sizeof err) && sl_play_do(v->play, c, err, sizeof err);
    return after(v, "", false, ok, err, active, from);
}

static bool run_line(sl_view *v, const char *line)
{
    char err[600];
    int active = sl_game_active_unit(&v->play->game), from = v->play->game.journal.n;
    sl_command c;
    char perr[600];
    /* a line that does not read as a command is a typo, not a refusal */
    bool reads = sl_command_parse(&v->play->game.live, line, &c, perr, sizeof perr);
    bool ok = sl_play_do_line(v->play, line, err, sizeof err);
    bool done = after(v, line, true, ok, err, active, from);
    v->pick.message_unread = !ok && !reads;
    return done;
}

static void undo(sl_view *v)
{
    char err[400], last[SL_CMD_TEXT + SL_CMD_NOTE];
    /* what the last command did, said before it is taken back */
    const sl_journal *j = &v->play->game.journal;
    int cmd = j->n - 1;
    while (cmd >= 0 && j->ev[cmd].kind != SL_EV_COMMAND)
        cmd--;
    char was[1000];
    said(v->play, cmd + 1, was, sizeof was);
    if (sl_play_undo(v->play, last, sizeof last, err, sizeof err)) {
        sl_pick_clear(&v->pick);
        v->end_closed = false; /* the game may go on: its next end shows its card */
        snprintf(v->pick.message, sizeof v->pick.message, "Undone: %.900s", was);
        sl_utf8_trim(v->pick.message);
        v->pick.message_is_error = false;
        v->pick.message_unread = false;
        say(v, "%s", v->pick.message);
    } else {
        char plain[600];
        sl_game_plain_words(&v->play->game, err, plain, sizeof plain);
        say(v, "Cannot undo: %s", plain);
    }
}

bool sl_view_solo_step(sl_view *v)
{
    sl_play *p = v->play;
    if (!p || sl_play_solo_turn(p) < 0)
        return false;
    int active = sl_game_active_unit(&p->game);
    int before = p->game.journal.n;
    char err[600];
    if (!sl_play_solo_step(p, err, sizeof err)) {
        if (err[0]) {
            /* it could not go on: hand the side back to the player */
            p->solo_side = -1;
            char plain[600];
            sl_game_plain_words(&p->game, err, plain, sizeof plain);
            say(v, "Solo stopped: %s", plain);
        }
        return err[0] != '\0';
    }
    /* its reason (the journal's "Solo play: ..."), then what it did */
    after_as(v, "", false, true, "", active, before, true);
    if (p->game.outcome.over) {
        char plain[600];
        sl_game_log_words(&p->game, p->game.journal.ev[p->game.journal.n - 1].text, plain, sizeof plain);
        say(v, "%s", plain);
    }
    return true;
}

static int action_with_key(const sl_layout *L, const char *key)
{
    for (int i = 0; i < L->nact; i++)
        if (strcmp(L->act[i].key, key) == 0)
            return i;
    return -1;
}

static void start_path(sl_ui *ui, sl_view *v, int kind, int variant)
{
    int u = ui->lay.act_unit;
    v->pick.kind = kind;
    v->pick.variant = variant;
    v->tool = SL_TOOL_PATH;
    v->path_figure = -1;
    v->npath = 0;
    v->path_live = false;
    if (u >= 0)
        sl_view_select_unit(v, u, false);
    say(v, "%s: click by the unit, then click the way; Enter moves; Esc cancels",
        ui_pick_destination(kind) ? "Combat move (click the destination)" : "Move");
}

/* Detach: a click on one of the squad's men chooses him, or takes him
 * back; on anything else it says what is wanted. */
static void detach_toggle(sl_ui *ui, const sl_world *w, sl_view *v, int fig)
{
    sl_pick *k = &v->pick;
    int sq = ui->lay.act_unit;
    const sl_unit *un = sq >= 0 ? &w->scn.units[sq] : NULL;
    if (!un || fig < un->first_figure || fig >= un->first_figure + un->nfigures) {
        say(v, "Click one of %s's men, Enter to form the element, or Esc", un ? un->name : "the squad");
        return;
    }
    for (int i = 0; i < k->ndet; i++)
        if (k->det_fig[i] == fig) {
            memmove(&k->det_fig[i], &k->det_fig[i + 1], sizeof(int) * (size_t)(k->ndet - i - 1));
            k->ndet--;
            say(v, "%s stays (%d chosen)", w->scn.figures[fig].id, k->ndet);
            return;
        }
    if (k->ndet < SL_CMD_MAX_PLACE)
        k->det_fig[k->ndet++] = fig;
    say(v, "%s goes (%d chosen); Enter forms the element", w->scn.figures[fig].id, k->ndet);
}

/* A list pick's answer to a key: said on the status line, and when the
 * key chose nothing (an item that may not be tried, a number past the
 * list), in the refusal box too; an answer that did something takes an
 * earlier refusal's box away. */
static void list_said(sl_view *v, const char *what, bool refused)
{
    say(v, "%s", what);
    sl_pick *k = &v->pick;
    if (!refused) {
        k->message[0] = '\0';
        k->message_is_error = false;
        return;
    }
    snprintf(k->message, sizeof k->message, "%s", what);
    sl_utf8_trim(k->message);
    k->message_is_error = true;
    k->message_unread = false;
}

/* A list pick: the number key or a click toggles item i of the rule's
 * list; one that may not be chosen says why. */
static void list_toggle(sl_view *v, int i)
{
    sl_pick *k = &v->pick;
    sl_list_view lv;
    sl_game_pick_list(&v->play->game, k->list_unit, k->kind, k->list_chosen, k->list_toggles, &lv);
    if (i < 0 || i >= lv.nitems) {
        list_said(v, lv.range, true);
        return;
    }
    const sl_list_item *it = &lv.items[i];
    if (k->list_chosen & (1u << i)) {
        k->list_chosen &= ~(1u << i);
        list_said(v, it->said_off, false);
    } else if (!it->ok) {
        list_said(v, it->said_on, true);
    } else {
        k->list_chosen |= 1u << i;
        list_said(v, it->said_on, false);
    }
}

/* A command that picks from a rule's list, when the rule gives one now;
 * else it is given at once. */
static bool start_list(sl_ui *ui, sl_view *v, const sl_play_action *a)
{
    int u = ui->lay.act_unit;
    sl_list_view lv;
    if (ui_pick_of(a->kind) != SL_PICK_LIST || u < 0 || !sl_game_pick_list(&v->play->game, u, a->kind, 0, 0, &lv))
        return false;
    sl_pick *k = &v->pick;
    k->kind = a->kind;
    k->variant = a->variant;
    k->target = -1;
    k->list_unit = u;
    k->list_chosen = 0;
    k->list_toggles = 0;
    say(v, "%s", lv.start);
    return true;
}

/* Do the action bar's entry i. */
static void do_action(sl_ui *ui, const sl_world *w, sl_view *v, int i)
{
    sl_layout *L = &ui->lay;
    if (i < 0 || i >= L->nact)
        return;
    const sl_play_action *a = &L->act[i];
    if (a->toggle) {
        v->pick.toggled = !v->pick.toggled;
        say(v, "%s", v->pick.toggled ? a->toggle_on : a->toggle_off);
        return;
    }
    if (a->undo) {
        undo(v);
        return;
    }
    if (a->all) {
        char msg[160];
        ui_bar_all_step(ui, v, msg, sizeof msg);
        say(v, "%s", msg);
        return;
    }
    if (!a->enabled) {
        say(v, "%s: not now \xE2\x80\x94 %s", a->label, a->why);
        snprintf(v->pick.message, sizeof v->pick.message, "%s: %s", a->label, a->why);
        v->pick.message_is_error = true;
        v->pick.message_unread = false;
        return;
    }
    /* an action begun: an earlier refusal's box goes */
    v->pick.message[0] = '\0';
    v->pick.message_is_error = false;
    if (a->needs_path) {
        start_path(ui, v, a->kind, a->variant);
        return;
    }
    if (a->needs_point) {
        v->pick.kind = a->kind;
        v->pick.variant = a->variant;
        v->pick.point = true;
        v->pick.target = -1;
        say(v, "%s: click the point on the table; Esc cancels", a->label);
        return;
    }
    if (a->needs_figures) {
        v->pick.kind = a->kind;
        v->pick.variant = a->variant;
        v->pick.ndet = 0;
        v->pick.target = -1;
        say(v, "Detach: click the men who go (again to take one back); Enter forms the element; Esc cancels");
        return;
    }
    if (a->needs_target) {
        v->pick.kind = a->kind;
        v->pick.variant = a->variant;
        v->pick.target = -1;
        say(v, "%s: choose a unit to %s (click, or Tab and Enter)", a->label, ui_pick_verb(a->kind));
        return;
    }
    if (start_list(ui, v, a))
        return;
    sl_command c;
    int who = ui_pick_of(a->kind) == SL_PICK_SIDE ? -1 : L->act_unit;
    sl_play_command(v->play, a, who, -1, NULL, 0, NULL, 0, v->pick.toggled, &c);
    ui_run(v, &c);
}

/* What the rules in play give a key to ("call fire: ..."), for its
 * refusal; empty when none does. */
static void key_meaning(const sl_view *v, const char *key, char *out, size_t len)
{
    out[0] = '\0';
    sl_help_row rows[SL_MAX_HELP_ROWS];
    int n = sl_game_help(&v->play->game, rows, SL_MAX_HELP_ROWS);
    size_t kl = strlen(key);
    for (int r = 0; r < n && !out[0]; r++)
        for (const char *p = rows[r].keys; (p = strstr(p, key)) != NULL; p += kl)
            if ((p == rows[r].keys || strchr(" ,/", p[-1])) && (p[kl] == '\0' || strchr(" ,/", p[kl]))) {
                snprintf(out, len, " is %s;", rows[r].text);
                break;
            }
}

/* The action in the bar with that key, or why there is none: said, and
 * in the refusal box. */
static bool bar_key(sl_ui *ui, const sl_world *w, sl_view *v, const char *key)
{
    const sl_layout *L = &ui->lay;
    int i = action_with_key(L, key);
    if (i < 0) {
        char what[140];
        key_meaning(v, key, what, sizeof what);
        if (L->act_unit >= 0)
            snprintf(v->pick.message, sizeof v->pick.message,
                     "%s%s%s %s has no such action now (the action bar lists what it may do)", key, what,
                     what[0] ? "" : ":", w->scn.units[L->act_unit].name);
        else
            snprintf(v->pick.message, sizeof v->pick.message, "%s%s%s select one of your units first (click it, or Tab)",
                     key, what, what[0] ? "" : ":");
        sl_utf8_trim(v->pick.message);
        v->pick.message_is_error = true;
        v->pick.message_unread = false;
        say(v, "%s", v->pick.message);
        return true;
    }
    do_action(ui, w, v, i);
    return true;
}

/* Any other letter (Shift+M...): the action in the bar with that key,
 * if one has it, so a house rule's action needs no line here; else the
 * key is the viewer's. */
static bool letter_action(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift)
{
    if (k < SDLK_a || k > SDLK_z)
        return false;
    char kb[16];
    snprintf(kb, sizeof kb, "%s%c", shift ? "Shift+" : "", (char)('A' + (k - SDLK_a)));
    int i = action_with_key(&ui->lay, kb);
    if (i < 0)
        return shift && bar_key(ui, w, v, kb); /* a Shift key is never its plain key's */
    do_action(ui, w, v, i);
    return true;
}

/* Tab in a pick: the next unit the command may be given to. */
static void next_pick(sl_ui *ui, const sl_world *w, sl_view *v, int dir)
{
    int n = w->scn.nunits, from = v->pick.target;
    for (int k = 1; k <= n; k++) {
        int t = ((from < 0 ? (dir > 0 ? -1 : 0) : from) + dir * k + 2 * n) % n;
        char why[240];
        if (ui_pick_allowed(ui, v, t, why, sizeof why)) {
            v->pick.target = t;
            say(v, "%s %s", ui_pick_verb(v->pick.kind), w->scn.units[t].name);
            return;
        }
    }
    say(v, "No unit can be chosen for that now");
}

static void confirm_pick(sl_ui *ui, sl_view *v, int target)
{
    sl_command c;
    ui_picked_command(ui, v, ui->lay.act_unit, target, NULL, 0, &c);
    ui_run(v, &c);
}

/* Tab on the command line: the word being typed completed as far as the
 * words that fit it agree (a command's name first, then the ids of units
 * and sides), and those words named in the status line. */
static void complete_word(const sl_world *w, sl_view *v)
{
    sl_pick *pk = &v->pick;
    char *start = strrchr(pk->line, ' ');
    start = start ? start + 1 : pk->line;
    bool first = start == pk->line;
    size_t plen = strlen(start);
    const char *match[64];
    int nm = 0;
    if (first) {
        for (int k = 0; k < sl_cmd_kinds() && nm < 64; k++) {
            const char *name = sl_cmd_name(k);
            bool seen = strcmp(name, "?") == 0 || !sl_cmd_usage(k)[0];
            for (int j = 0; j < nm && !seen; j++)
                seen = strcmp(match[j], name) == 0;
            if (!seen && strncmp(name, start, plen) == 0)
                match[nm++] = name;
        }
    } else {
        for (int u = 0; u < w->scn.nunits && nm < 64; u++)
            if (strncmp(w->scn.units[u].id, start, plen) == 0 && sl_unit_fielded(&w->scn, u))
                match[nm++] = w->scn.units[u].id;
        for (int sd = 0; sd < w->scn.nsides && nm < 64; sd++)
            if (strncmp(w->scn.sides[sd].id, start, plen) == 0)
                match[nm++] = w->scn.sides[sd].id;
    }
    if (nm == 0) {
        say(v, "Nothing starts with '%s'", start);
        return;
    }
    /* as far as they all agree */
    size_t common = strlen(match[0]);
    for (int j = 1; j < nm; j++) {
        size_t c = 0;
        while (c < common && match[j][c] == match[0][c])
            c++;
        common = c;
    }
    size_t at = (size_t)(start - pk->line);
    if (at + common + 2 < sizeof pk->line) {
        memcpy(start, match[0], common);
        start[common] = '\0';
        if (nm == 1)
            strcat(pk->line, " ");
    }
    if (nm > 1) {
        char list[600];
        size_t used = 0;
        for (int j = 0; j < nm && used < sizeof list; j++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", j ? "  " : "", match[j]);
        say(v, "Tab: %s", list);
    }
}

/* The command line's keys while a command is typed: Esc closes it, Enter
 * does it, Backspace, Tab completes the word; every key but F1, F2 and
 * F12 stays with it. */
static bool typing_key(const sl_world *w, sl_view *v, SDL_Keycode k)
{
    sl_pick *pk = &v->pick;
    size_t n = strlen(pk->line);
    if (k == SDLK_ESCAPE) {
        pk->typing = false;
        v->status[0] = '\0';
    } else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        pk->typing = false;
        char line[sizeof pk->line];
        snprintf(line, sizeof line, "%s", pk->line);
        pk->line[0] = '\0';
        if (n > 0)
            run_line(v, line);
    } else if (k == SDLK_BACKSPACE && n > 0) {
        pk->line[n - 1] = '\0';
    } else if (k == SDLK_TAB) {
        complete_word(w, v);
    }
    return k != SDLK_F1 && k != SDLK_F12 && k != SDLK_F2;
}

static bool is_enter(SDL_Keycode k)
{
    return k == SDLK_RETURN || k == SDLK_KP_ENTER;
}

/* The decision pending as this screen's side sees it, with what the
 * player has chosen so far (valid until the next call). */
static const sl_decision_view *decision(const sl_view *v)
{
    static sl_decision_view d; /* large: not on the stack */
    sl_decision_input in;
    ui_decision_input(v, &in);
    sl_game_decision_for(&v->play->game, v->play->view_side, &in, &d);
    return &d;
}

/* The answer Enter gives with what is chosen (a point along: `along`,
 * else the pick's), done. */
static void give_chosen(sl_view *v, double along)
{
    sl_decision_input in;
    ui_decision_input(v, &in);
    if (along >= 0)
        in.along = along;
    sl_command c;
    if (sl_game_decision_answer(&v->play->game, v->play->view_side, &in, '\r', &c))
        ui_run(v, &c);
}

/* An order being put together (SL_CHOOSE_ORDER): Up/Down choose a unit,
 * Shift+Up/Down or [ ] move it, +/- change the number after it by the
 * view's step within its limits, Enter gives the order. */
static bool order_key(sl_view *v, const sl_decision_view *d, SDL_Keycode k, bool shift)
{
    sl_pick *pk = &v->pick;
    ui_order_draft(v, d);
    if (pk->norder == 0)
        return false;
    int i = pk->order_sel;
    if ((k == SDLK_UP || k == SDLK_DOWN) && !shift) {
        pk->order_sel = (i + (k == SDLK_UP ? pk->norder - 1 : 1)) % pk->norder;
        return true;
    }
    if (k == SDLK_UP || k == SDLK_DOWN || k == SDLK_LEFTBRACKET || k == SDLK_RIGHTBRACKET) {
        int j = k == SDLK_UP || k == SDLK_LEFTBRACKET ? i - 1 : i + 1;
        if (j >= 0 && j < pk->norder) {
            int t = pk->order_unit[i];
            pk->order_unit[i] = pk->order_unit[j];
            pk->order_unit[j] = t;
            pk->order_sel = j;
        }
        return true;
    }
    if (k == SDLK_PLUS || k == SDLK_EQUALS || k == SDLK_KP_PLUS || k == SDLK_MINUS || k == SDLK_KP_MINUS) {
        const sl_decision_order *o = &d->order;
        int32_t n = pk->order_num[i] + (k == SDLK_MINUS || k == SDLK_KP_MINUS ? -o->step : o->step);
        pk->order_num[i] = n < o->min ? o->min : n > o->max ? o->max : n;
        return true;
    }
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        give_chosen(v, -1);
        return true;
    }
    return false;
}

/* A point along the view's route (SL_CHOOSE_ALONG): Left/Right step it
 * within the stretch (from its far end at first), Enter gives it. */
static bool along_key(sl_view *v, const sl_decision_view *d, SDL_Keycode k)
{
    sl_pick *pk = &v->pick;
    const sl_decision_along *a = &d->along;
    if (a->step <= 0)
        return false; /* not this view's to choose */
    if (k == SDLK_LEFT || k == SDLK_RIGHT) {
        double at = pk->along_at >= 0 ? pk->along_at : a->to;
        at += k == SDLK_LEFT ? -a->step : a->step;
        pk->along_at = at < a->from ? a->from : at > a->to ? a->to : at;
        return true;
    }
    if ((k == SDLK_RETURN || k == SDLK_KP_ENTER) && pk->along_at < 0) {
        say(v, "%s", a->unchosen);
        return true;
    }
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        give_chosen(v, -1);
        return true;
    }
    return false;
}

/* The keys of a decision that chooses an order or a point along a way. */
static bool choose_key(sl_view *v, SDL_Keycode k, bool shift)
{
    if (sl_game_choosing(&v->play->game) == SL_CHOOSE_NONE)
        return false;
    const sl_decision_view *d = decision(v);
    if (d->chooses == SL_CHOOSE_ORDER)
        return order_key(v, d, k, shift);
    if (d->chooses == SL_CHOOSE_ALONG)
        return along_key(v, d, k);
    return false;
}

/* A click while a point along the view's route is chosen: the nearest
 * point of it is given (a click too far from it is refused, with the
 * view's words). */
static bool along_click(sl_view *v)
{
    if (sl_game_choosing(&v->play->game) == SL_CHOOSE_NONE)
        return false;
    const sl_decision_view *d = decision(v);
    if (d->chooses != SL_CHOOSE_ALONG || d->along.step <= 0)
        return false;
    sl_pt on;
    double along;
    if (!sl_decision_snap(d, v->cursor, &on, &along))
        return false;
    if (sl_dist(on, v->cursor) > d->along.snap) {
        say(v, "%s", d->said_else);
        return true;
    }
    give_chosen(v, along);
    return true;
}

/* Give answer i: at a point of the way (NULL none); Enter's answer to a
 * way takes the new way clicked. */
static bool give_answer(sl_view *v, const sl_decision_view *d, int i, const sl_pt *at)
{
    sl_command c = d->answers[i].cmd;
    if (at) {
        c.has_at = true;
        c.at = *at;
    }
    bool way = d->chooses == SL_CHOOSE_WAY && d->answers[i].key == '\r';
    for (int k = 0; way && k < v->pick.nreroute && c.npts < SL_CMD_MAX_PTS; k++)
        c.pts[c.npts++] = v->pick.reroute[k];
    bool ok = ui_run(v, &c);
    if (ok && way)
        v->pick.nreroute = 0;
    return ok;
}

static bool chosen_ok(const sl_view *v, const sl_decision_view *d)
{
    int i = v->pick.chosen_answer;
    return i >= 0 && i < d->nanswers && d->answers[i].unit >= 0;
}

/* A decision's keys, as its answers give them: a number that only
 * chooses (then Enter gives it, Esc takes it back), Backspace taking back
 * a point of a new way, any other answer's key; a number names nothing
 * else while a decision waits. */
static bool decision_key(sl_view *v, SDL_Keycode k)
{
    if (sl_game_choosing(&v->play->game) == SL_CHOOSE_NONE)
        return false;
    sl_pick *pk = &v->pick;
    const sl_decision_view *d = decision(v);
    int key = is_enter(k) ? '\r' : (int)k;
    int i = sl_decision_key(d, key);
    if (d->confirm) {
        if (i >= 0 && d->answers[i].unit >= 0) {
            /* a digit only chooses: Enter (or a click on the way) gives
             * it, so a digit meant for something else never opens fire */
            pk->chosen_answer = i;
            say(v, "%s", decision(v)->said_key);
            return true;
        }
        if (key == '\r' && chosen_ok(v, d)) {
            give_answer(v, d, pk->chosen_answer, NULL);
            return true;
        }
        if (k == SDLK_ESCAPE && pk->chosen_answer >= 0) {
            pk->chosen_answer = -1;
            return true;
        }
    } else if (d->chooses == SL_CHOOSE_WAY && k == SDLK_BACKSPACE && pk->nreroute > 0) {
        pk->nreroute--;
        return true;
    }
    if (i >= 0) {
        give_answer(v, d, i, NULL);
        return true;
    }
    return k >= SDLK_1 && k <= SDLK_9;
}

/* A click while a decision waits: on an answer's unit (choosing it, or
 * giving it), a point of the way for the unit chosen, or a point of a new
 * way. False when the decision takes no click. */
static bool decision_click(sl_view *v, int unit)
{
    if (sl_game_choosing(&v->play->game) == SL_CHOOSE_NONE)
        return false;
    sl_pick *pk = &v->pick;
    const sl_decision_view *d = decision(v);
    int i = sl_decision_unit(d, unit);
    if (d->chooses == SL_CHOOSE_WAY) {
        if (pk->nreroute < SL_CMD_MAX_PTS)
            pk->reroute[pk->nreroute++] = v->cursor;
        say(v, "%s", decision(v)->said_click);
        return true;
    }
    if (!d->confirm) {
        if (i >= 0)
            give_answer(v, d, i, NULL);
        return i >= 0;
    }
    if (i >= 0 && d->chooses == SL_CHOOSE_POINT) {
        pk->chosen_answer = i;
        say(v, "%s", decision(v)->said_click);
    } else if (i >= 0) {
        give_answer(v, d, i, NULL);
    } else if (d->chooses == SL_CHOOSE_POINT && chosen_ok(v, d)) {
        give_answer(v, d, pk->chosen_answer, &v->cursor);
    } else {
        say(v, "%s", d->said_else);
    }
    return true;
}

/* F5, solo play: the program plays a side (its turns and decisions),
 * then the other, then both (to watch), then neither. */
/* The side the program plays now, for its stance (both: the one to act). */
static int solo_played(const sl_play *p)
{
    return p->solo_side >= 0 ? p->solo_side : p->solo_side == SL_SOLO_BOTH ? sl_play_side_to_act(p) : -1;
}

/* Shift+F5: how the program plays, cautious, balanced, aggressive in turn. */
static void stance_next(sl_view *v)
{
    sl_play *p = v->play;
    int side = solo_played(p);
    sl_stance now = sl_play_stance(p, side < 0 ? 0 : side);
    p->solo_stance = (int)((now + 1) % SL_STANCE_COUNT);
    say(v, "Solo stance: %s (Shift+F5 changes: cautious fears fire and waits for good odds, aggressive takes risks "
           "for the places)",
        sl_stance_name((sl_stance)p->solo_stance));
}

/* The program takes `side` (a side's index, SL_SOLO_BOTH or -1: none)
 * and says so, as F5 and the window's --solo do. */
static void solo_set(sl_view *v, int side)
{
    sl_play *p = v->play;
    sl_game *g = &p->game;
    char why[400];
    bool all = side != SL_SOLO_BOTH || sl_game_solo_plays_all(g, why, sizeof why);
    p->solo_side = all ? side : -1; /* both, only where nobody would be left to roll the attacks */
    for (int s = 0; s < g->live.nsides && p->solo_side != SL_SOLO_BOTH; s++)
        if (s != p->solo_side) /* the sides it no longer plays: their waiting attacks are the player's */
            sl_game_solo_hand_back(g, s);
    if (!all) {
        why[strcspn(why, ";")] = '\0'; /* what follows is for the scenario's file and the command line */
        say(v, "Solo off: the program cannot play both sides here: %s (F5: it plays one side)", why);
    } else if (p->solo_side >= 0) {
        char err[300];
        say(v, "Solo: the program plays %s, %s, its turns and its decisions, with its reasons in the dice log (F5 "
               "changes; Shift+F5 its stance)",
            g->live.sides[p->solo_side].name, sl_stance_name(sl_play_stance(p, p->solo_side)));
        sl_play_auto(p, err, sizeof err);
    } else if (p->solo_side == SL_SOLO_BOTH) {
        say(v, "Solo: the program plays both sides, a command at a time (F5 stops it)");
    } else {
        say(v, "Solo off: both sides are played at this screen");
    }
}

static void solo_next(sl_view *v)
{
    const sl_play *p = v->play;
    int ns = p->game.live.nsides;
    solo_set(v, p->solo_side == SL_SOLO_BOTH ? -1
                : p->solo_side + 1 >= ns    ? (ns > 1 ? SL_SOLO_BOTH : -1)
                                            : p->solo_side + 1);
}

bool sl_view_solo_by_id(sl_view *v, const char *id, char *err, size_t errlen)
{
    sl_play *p = v->play;
    if (!p || !p->on) {
        snprintf(err, errlen, "--solo needs a scenario with forces to play");
        return false;
    }
    int side;
    if (!sl_play_solo_side(p, id, &side, err, errlen))
        return false;
    solo_set(v, side);
    return true;
}

/* F8 holds the program's play and lets it go on; F9, while held, plays
 * its next command; Shift+F8 makes it play slower or faster. */
static bool solo_control(sl_view *v, bool step, bool shift)
{
    static const char *const speed[] = {"normal (a command every 0.7 s)", "fast (0.2 s)", "slow (2 s)"};
    if (v->play->solo_side == -1) {
        say(v, "Solo is off: F5 lets the program play a side first");
        return true;
    }
    if (shift && !step) {
        v->solo_speed = (v->solo_speed + 1) % 3;
        say(v, "Solo speed: %s (Shift+F8 changes)", speed[v->solo_speed]);
    } else if (step) {
        if (!v->solo_paused)
            say(v, "F9 plays one command while the program is held: F8 holds it");
        else if (!sl_view_solo_step(v))
            say(v, "Solo: nothing for the program to play now (it is your turn or your decision)");
    } else {
        v->solo_paused = !v->solo_paused;
        say(v, v->solo_paused ? "Solo held: F9 plays the program's next command, F8 lets it go on"
                              : "Solo goes on (F8 holds it)");
    }
    return true;
}

/* Esc closes the refusal shown; PgUp and PgDn scroll the dice log. */
static bool log_key(sl_view *v, SDL_Keycode k)
{
    sl_pick *pk = &v->pick;
    if (k == SDLK_ESCAPE && pk->message_is_error && pk->message[0]) {
        pk->message[0] = '\0';
        pk->message_is_error = false;
        pk->message_unread = false;
        v->status[0] = '\0';
        return true;
    }
    if (k == SDLK_PAGEUP) {
        pk->log_scroll += 5;
        return true;
    }
    if (k == SDLK_PAGEDOWN) {
        pk->log_scroll = pk->log_scroll > 5 ? pk->log_scroll - 5 : 0;
        return true;
    }
    return false;
}

/* Detach: Enter forms the element of the men clicked, Backspace takes
 * the last one back. */
static bool detach_key(sl_ui *ui, sl_view *v, SDL_Keycode k)
{
    sl_pick *pk = &v->pick;
    if (is_enter(k)) {
        if (pk->ndet == 0) {
            say(v, "Detach: click the men who go first");
        } else {
            sl_command c;
            ui_detach_command(ui, v, &c);
            ui_run(v, &c);
        }
        return true;
    }
    if (k == SDLK_BACKSPACE && pk->ndet > 0) {
        pk->ndet--;
        return true;
    }
    return false;
}

/* A list pick: Enter gives the command, numbers choose items, a
 * toggle's key turns it on or off, Esc cancels; no other action until it
 * is given or cancelled (false: the viewer's keys still work). */
static bool list_key(sl_view *v, SDL_Keycode k)
{
    sl_pick *pk = &v->pick;
    if (is_enter(k)) {
        sl_command c;
        sl_game_pick_list_command(&v->play->game, pk->list_unit, pk->kind, pk->list_chosen, pk->list_toggles, &c);
        ui_run(v, &c);
        return true;
    }
    if (k >= SDLK_1 && k <= SDLK_9) {
        list_toggle(v, (int)(k - SDLK_1));
        return true;
    }
    if (k >= SDLK_KP_1 && k <= SDLK_KP_9) {
        list_toggle(v, (int)(k - SDLK_KP_1));
        return true;
    }
    if (k == SDLK_0 || k == SDLK_KP_0) {
        list_toggle(v, -1); /* no item: said so */
        return true;
    }
    if (k == SDLK_ESCAPE) {
        sl_pick_clear(pk);
        v->status[0] = '\0';
        return true;
    }
    sl_list_view lv;
    sl_game_pick_list(&v->play->game, pk->list_unit, pk->kind, pk->list_chosen, pk->list_toggles, &lv);
    for (int t = 0; t < lv.ntoggles && t < 32; t++)
        if (lv.toggles[t].key != 0 && k == (SDL_Keycode)lv.toggles[t].key) {
            pk->list_toggles ^= 1u << t;
            list_said(v, pk->list_toggles & (1u << t) ? lv.toggles[t].said_on : lv.toggles[t].said_off, false);
            return true;
        }
    return false;
}

/* Choosing the unit a command is given to: Esc cancels, Tab goes to the
 * next one, Enter gives it to the one chosen. */
static bool pick_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift)
{
    sl_pick *pk = &v->pick;
    if (k == SDLK_ESCAPE) {
        pk->kind = SL_CMD_NONE;
        pk->target = -1;
        v->status[0] = '\0';
        return true;
    }
    if (k == SDLK_TAB) {
        next_pick(ui, w, v, shift ? -1 : 1);
        return true;
    }
    if (is_enter(k) && pk->target >= 0) {
        confirm_pick(ui, v, pk->target);
        return true;
    }
    return false;
}

/* The action bar's own letters, said when no action has them now; with
 * Shift, the Shift+ key's action only (and Shift+L, L without it the
 * viewer's). */
static const char bar_plain[] = "AUKYWH", bar_shifted[] = "CFPOXED";

/* The fireteams' keys (T, Shift+T, J, 1 to 9); without a squad of
 * fireteams in the bar they are the viewer's (T: next sight target). */
static bool fireteam_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift)
{
    char kb[16];
    if (k == SDLK_t)
        snprintf(kb, sizeof kb, "%s", shift ? "Shift+T" : "T");
    else if (k == SDLK_j)
        snprintf(kb, sizeof kb, "J");
    else
        snprintf(kb, sizeof kb, "%d", (int)(k - SDLK_0));
    int i = action_with_key(&ui->lay, kb);
    if (i < 0)
        return k == SDLK_t && shift && bar_key(ui, w, v, kb); /* Shift+T is never T */
    do_action(ui, w, v, i);
    return true;
}

/* A key of the action bar: a fireteam's key, M (the active unit's move
 * for real, else the viewer's planning tool), a letter of the bar's own
 * (said when no action has it now), or any other letter a bar's action
 * may have. */
static bool action_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift)
{
    if (k == SDLK_t || k == SDLK_j || (k >= SDLK_1 && k <= SDLK_9))
        return fireteam_key(ui, w, v, k, shift);
    if (k == SDLK_l)
        return shift && bar_key(ui, w, v, "Shift+L");
    const sl_layout *L = &ui->lay;
    if (k == SDLK_m && !shift && L->act_unit >= 0 && L->act_unit == sl_game_active_unit(&v->play->game) &&
        v->tool != SL_TOOL_PATH)
        return bar_key(ui, w, v, "M");
    if (k < SDLK_a || k > SDLK_z)
        return false;
    char kb[16], letter = (char)('A' + (k - SDLK_a));
    snprintf(kb, sizeof kb, "%s%c", shift ? "Shift+" : "", letter);
    /* the key as pressed names one action: Shift+H is Shift+H's (a
     * SkirmishCorps charge), never H's (its hide), refused when not offered */
    if (!strchr(bar_plain, letter) && !strchr(bar_shifted, letter))
        return letter_action(ui, w, v, k, shift);
    return bar_key(ui, w, v, kb);
}

bool play_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift, bool ctrl)
{
    if (!play_on(v))
        return false;
    sl_pick *pk = &v->pick;
    if (pk->typing)
        return typing_key(w, v, k);
    if (ctrl && k == SDLK_z) {
        undo(v);
        return true;
    }
    if (ctrl)
        return false;
    if (choose_key(v, k, shift) || decision_key(v, k))
        return true;
    if (k == SDLK_F5 && shift) {
        stance_next(v);
        return true;
    }
    if (k == SDLK_F5) {
        solo_next(v);
        return true;
    }
    if (k == SDLK_F8 || k == SDLK_F9)
        return solo_control(v, k == SDLK_F9, shift);
    /* the aiming card in pages (a call for fire's at 1280x720 200%):
     * PgDn and PgUp turn them, before they scroll the dice log */
    if ((k == SDLK_PAGEDOWN || k == SDLK_PAGEUP) && pk->kind != SL_CMD_NONE && ui->card_pages > 1) {
        int n = ui->card_pages;
        pk->card_page = ((pk->card_page % n) + (k == SDLK_PAGEDOWN ? 1 : n - 1)) % n;
        say(v, "The card, page %d of %d", pk->card_page + 1, n);
        return true;
    }
    if (log_key(v, k))
        return true;
    sl_pick_kind pick = ui_pick_of(pk->kind);
    if (pick == SL_PICK_FIGURES && detach_key(ui, v, k))
        return true;
    if (pick == SL_PICK_LIST)
        return list_key(v, k);
    bool moving = pick == SL_PICK_PATH;
    if (pk->kind != SL_CMD_NONE && !moving && pick_key(ui, w, v, k, shift))
        return true;
    if (moving && k == SDLK_ESCAPE && v->path_figure < 0) {
        pk->kind = SL_CMD_NONE;
        v->tool = SL_TOOL_SELECT;
        return true;
    }
    return action_key(ui, w, v, k, shift);
}

bool play_text(sl_ui *ui, const sl_world *w, sl_view *v, const char *text)
{
    (void)ui;
    (void)w;
    if (!play_on(v))
        return false;
    sl_pick *pk = &v->pick;
    if (pk->typing) {
        size_t n = strlen(pk->line);
        if (n + strlen(text) < sizeof pk->line - 1)
            memcpy(pk->line + n, text, strlen(text) + 1);
        return true;
    }
    if (strcmp(text, ":") == 0) {
        pk->typing = true;
        pk->line[0] = '\0';
        snprintf(v->status, sizeof v->status,
                 "Type a command (as in a script: fire nac-1 at esu-1); Enter does it; Esc closes");
        return true;
    }
    /* "+" and "-" change an order's number while it is put together, not
     * the zoom */
    if ((strcmp(text, "+") == 0 || strcmp(text, "-") == 0) && sl_game_choosing(&v->play->game) != SL_CHOOSE_NONE &&
        decision(v)->chooses == SL_CHOOSE_ORDER && pk->norder > 0)
        return true;
    return false;
}

void play_hover(sl_ui *ui, const sl_world *w, sl_view *v)
{
    v->hover_action = -1;
    if (!play_on(v))
        return;
    const sl_layout *L = &ui->lay;
    for (int i = 0; i < L->nact; i++) {
        const SDL_FRect *b = &L->abtn[i];
        if (v->mouse_x >= b->x && v->mouse_y >= b->y && v->mouse_x < b->x + b->w && v->mouse_y < b->y + b->h)
            v->hover_action = i;
    }
    sl_pick *pk = &v->pick;
    sl_pick_kind pick = ui_pick_of(pk->kind);
    bool picking = pk->kind != SL_CMD_NONE && pick != SL_PICK_PATH && pick != SL_PICK_LIST;
    /* the pointer chooses when it comes onto a figure, so a target chosen
     * with Tab stays while the pointer rests where it was */
    int hf = picking && v->mouse_in_table ? v->hover_figure : -1;
    if (hf >= 0 && hf != pk->hovered)
        pk->target = w->scn.figures[hf].unit;
    pk->hovered = hf;
}

/* A list pick: a click on an item's figure chooses his next item not
 * chosen, else takes his chosen ones back. */
static void list_click(sl_view *v)
{
    sl_pick *pk = &v->pick;
    sl_list_view lv;
    sl_game_pick_list(&v->play->game, pk->list_unit, pk->kind, pk->list_chosen, pk->list_toggles, &lv);
    int fig = v->hover_figure, at = -1;
    for (int i = 0; i < lv.nitems && at < 0; i++)
        if (lv.items[i].figure == fig && !(pk->list_chosen & (1u << i)))
            at = i;
    if (at >= 0) {
        list_toggle(v, at);
        return;
    }
    bool any = false;
    for (int i = 0; i < lv.nitems; i++)
        if (lv.items[i].figure == fig && (pk->list_chosen & (1u << i))) {
            list_toggle(v, i);
            any = true;
        }
    if (!any)
        list_toggle(v, -1);
}

bool play_click(sl_ui *ui, const sl_world *w, sl_view *v)
{
    if (!play_on(v))
        return false;
    sl_pick *pk = &v->pick;
    if (v->hover_action >= 0) {
        do_action(ui, w, v, v->hover_action);
        return true;
    }
    if (!v->mouse_in_table)
        return false;
    int unit = v->hover_figure >= 0 ? w->scn.figures[v->hover_figure].unit : -1;
    sl_game *g = &v->play->game;
    if (along_click(v))
        return true;
    if (pk->point && pk->kind != SL_CMD_NONE) {
        /* the one point a command waits for (a counter's place) */
        sl_offer o;
        memset(&o, 0, sizeof o);
        o.kind = pk->kind;
        o.variant = pk->variant;
        sl_command c;
        sl_offer_command(g, &o, ui->lay.act_unit, -1, &v->cursor, 1, NULL, 0, false, &c);
        if (ui_run(v, &c)) {
            pk->point = false;
            pk->kind = SL_CMD_NONE;
        }
        return true;
    }
    if (decision_click(v, unit))
        return true;
    sl_pick_kind pick = ui_pick_of(pk->kind);
    if (pick == SL_PICK_FIGURES) {
        detach_toggle(ui, w, v, v->hover_figure);
        return true;
    }
    if (pick == SL_PICK_LIST) {
        list_click(v);
        return true;
    }
    bool picking = pk->kind != SL_CMD_NONE && pick != SL_PICK_PATH;
    if (picking) {
        if (unit >= 0)
            confirm_pick(ui, v, unit);
        else
            say(v, "Click a unit to %s, or Esc to cancel", ui_pick_verb(pk->kind));
        return true;
    }
    return false;
}

bool play_path_done(sl_ui *ui, const sl_world *w, sl_view *v)
{
    if (!play_on(v) || v->path_figure < 0 || v->npath < 2)
        return false;
    sl_pick *pk = &v->pick;
    int unit = w->scn.figures[v->path_figure].unit;
    int active = sl_game_active_unit(&v->play->game);
    if (unit != active || ui_pick_of(pk->kind) != SL_PICK_PATH)
        return false; /* only planning */
    /* the drawn way starts at a figure; the point the rules measure the
     * move from goes the same way (a combat move's destination is its
     * last point) */
    sl_command cmd;
    sl_way_plan plan;
    ui_path_command(ui, v, unit, &cmd, &plan);
    if (ui_run(v, &cmd)) {
        v->path_figure = -1;
        v->npath = 0;
        v->path_live = false;
        v->overlays &= ~(unsigned)SL_OVERLAY_PATH;
        v->tool = SL_TOOL_SELECT;
    }
    return true;
}
