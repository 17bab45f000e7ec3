/* The replay viewer: a saved game stepped through a command at a time,
 * forward and back, the table as it stood after each step and that
 * step's rolls in the dice log and by their units. Nothing is rolled
 * anew: the save's seed and commands give its journal again, event for
 * event. Read-only: the game refuses every command (sl_play's replay). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "around.h"

static void show_step(const ui_replay *r, sl_view *v);
static void events_words(const sl_game *g, int from, int to, int side, char *out, size_t len);

void ui_replay_free(ui_replay *r)
{
    sl_commands_free(r->cmds, r->n);
    free(r->ev_at);
    free(r->turn_of);
    memset(r, 0, sizeof *r);
}

bool ui_replay_take(ui_replay *r, const char *path, const sl_game *g)
{
    ui_replay_free(r);
    r->n = sl_journal_commands(g, &r->cmds);
    if (r->n < 0) {
        r->n = 0;
        return false;
    }
    r->ev_at = calloc((size_t)(r->n + 1), sizeof *r->ev_at);
    r->turn_of = calloc((size_t)(r->n + 1), sizeof *r->turn_of);
    if (!r->ev_at || !r->turn_of) {
        ui_replay_free(r);
        return false;
    }
    int k = 0, turn = 0;
    for (int i = 0; i < g->journal.n && k < r->n; i++) {
        const sl_event *e = &g->journal.ev[i];
        if (e->kind == SL_EV_TURN) {
            const char *t = strstr(e->json, "\"turn\":");
            turn = t ? atoi(t + 7) : turn + 1;
        }
        if (e->kind == SL_EV_COMMAND) {
            r->ev_at[k] = i;
            r->turn_of[k++] = turn;
        }
    }
    r->ev_at[r->n] = g->journal.n;
    r->turn_of[r->n] = turn;
    for (int s = 0; s < g->live.nsides && s < SL_MAX_SIDES; s++)
        r->side_n[s] = sl_game_commands_read(g, s);
    /* the longest caption, for the strip's size; at least a long line's */
    memset(r->longest, 'm', 160);
    for (int i = 7; i < 160; i += 8)
        r->longest[i] = ' ';
    r->longest[160] = '\0';
    for (k = 0; k < r->n; k++) {
        static char words[sizeof r->longest]; /* large: not on the stack */
        events_words(g, r->ev_at[k] + 1, r->ev_at[k + 1], -1, words, sizeof words);
        if (strlen(words) > strlen(r->longest))
            memcpy(r->longest, words, sizeof words);
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    r->on = true;
    return true;
}

void ui_replay_begin(ui_replay *r, sl_view *v, int at)
{
    sl_play *p = v->play;
    p->replay = true;
    p->autosave[0] = '\0'; /* never written: the save is only read */
    p->solo_side = -1;
    v->fog_mode = SL_FOG_REFEREE;
    v->fog_handover = false;
    v->fog_waiting = false;
    /* nothing of the game before (a refusal's box, a pick) over the replay */
    sl_pick_clear(&v->pick);
    v->pick.message[0] = '\0';
    v->pick.message_is_error = false;
    v->pick.message_unread = false;
    sl_play_set_view(p, -1);
    r->at = -1;
    ui_replay_goto(r, v, at);
}

bool ui_replay_goto(ui_replay *r, sl_view *v, int k)
{
    if (k < 0)
        k = 0;
    if (k > r->n)
        k = r->n;
    char err[600];
    bool ok = sl_play_goto(v->play, r->cmds, r->n, k, err, sizeof err);
    r->at = v->play->game.ncommands;
    v->caption_page = 0; /* a new step's caption from its first page */
    /* the step's rolls: on the table and at the foot of the dice log, as
     * after any command */
    v->rolls_closed = 0;
    v->pick.log_scroll = 0;
    v->end_closed = true; /* the end card waits for the replay's end, Enter shows it */
    v->error_title[0] = '\0';
    if (!ok) {
        snprintf(v->error_title, sizeof v->error_title, "The replay stops at step %d", r->at);
        snprintf(v->error_text, sizeof v->error_text, "%s: command %d, '%.200s', does not go in: %s", r->path,
                 r->at + 1, r->at < r->n ? r->cmds[r->at] : "", err);
    }
    show_step(r, v);
    ui_replay_caption(r, v, v->status, sizeof v->status);
    return ok;
}

/* A turn on (dir +1): the table before the first command of the turn
 * after that of the next command; back (-1): before the first command
 * of the last command's turn (so from a turn's start, the turn before). */
static int turn_step(const ui_replay *r, int dir)
{
    if (dir > 0) {
        if (r->at >= r->n)
            return r->n;
        int cur = r->turn_of[r->at];
        int k = r->at;
        while (k < r->n && r->turn_of[k] <= cur)
            k++;
        return k;
    }
    if (r->at <= 0)
        return 0;
    int cur = r->turn_of[r->at - 1], k = r->at;
    while (k > 0 && r->turn_of[k - 1] == cur)
        k--;
    return k;
}

/* F6: the referee's view, then each side's (only where there is fog of war). */
static void next_view(sl_view *v)
{
    sl_play *p = v->play;
    if (!sl_game_fog(&p->game)) {
        snprintf(v->status, sizeof v->status, "No hidden units in this game: every side sees the whole table");
        return;
    }
    int side = p->view_side + 1;
    if (side >= p->game.live.nsides)
        side = -1;
    v->fog_mode = side < 0 ? SL_FOG_REFEREE : SL_FOG_SIDE;
    v->fog_side = side;
    sl_play_set_view(p, side);
}

bool ui_replay_key(ui_replay *r, sl_view *v, SDL_Keycode k, bool shift)
{
    if (!r->on || v->pick.typing || v->show_help)
        return false;
    switch (k) {
    case SDLK_RIGHT:
    case SDLK_SPACE: ui_replay_goto(r, v, shift ? turn_step(r, 1) : r->at + 1); break;
    case SDLK_LEFT:
    case SDLK_BACKSPACE: ui_replay_goto(r, v, shift ? turn_step(r, -1) : r->at - 1); break;
    case SDLK_HOME: ui_replay_goto(r, v, 0); break;
    case SDLK_END: ui_replay_goto(r, v, r->n); break;
    case SDLK_F6:
        next_view(v);
        if (!sl_game_fog(&v->play->game))
            break; /* one view for all: the status line says so */
        show_step(r, v);
        ui_replay_caption(r, v, v->status, sizeof v->status);
        break;
    default: return false;
    }
    return true;
}

/* Is the event one a caption tells: what was done (the step's first
 * line) and what changed (states, decisions, turns); the working between
 * them (notes) and the rolls are the dice log's and the roll boxes'. */
static bool told(const sl_event *e, bool first)
{
    return e->kind != SL_EV_COMMAND && e->kind != SL_EV_ROLL && (first || e->kind != SL_EV_NOTE);
}

#define SOLO_SAYS "Solo play: "

/* Are a and b the same sentence, but for a full stop at the end? */
static bool same_words(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    la -= la && a[la - 1] == '.';
    lb -= lb && b[lb - 1] == '.';
    return la == lb && strncmp(a, b, la) == 0;
}

/* What the events [from, to) of g did, as `side` reads them, in plain
 * words: the first line without its working ("ESU 1st Squad fires at NAC
 * 1st Squad", not the bands and dice), then what changed; whole, up to
 * `len`. When nothing changed, every line that `side` may read. */
static void events_words(const sl_game *g, int from, int to, int side, char *out, size_t len)
{
    out[0] = '\0';
    size_t at = 0;
    bool changed = false;
    char said[900] = ""; /* what the program's reason said it does */
    for (int i = from; i < to && !changed; i++)
        changed = g->journal.ev[i].kind != SL_EV_NOTE && told(&g->journal.ev[i], false) &&
                  sl_event_text_for(&g->journal.ev[i], side)[0];
    for (int i = from; i < to && at + 8 < len; i++) {
        const sl_event *e = &g->journal.ev[i];
        const char *t = sl_event_text_for(e, side);
        if (!t[0] || !(changed ? told(e, at == 0) : e->kind != SL_EV_COMMAND && e->kind != SL_EV_ROLL))
            continue;
        char plain[900];
        sl_game_log_words(g, t, plain, sizeof plain);
        /* the program's reason, "Solo play: what: why", keeps its what
         * (it read "Solo play." alone), which the line after then repeats */
        size_t solo = strncmp(plain, SOLO_SAYS, strlen(SOLO_SAYS)) == 0 ? strlen(SOLO_SAYS) : 0;
        char *colon = strstr(plain + solo, ": ");
        /* nor is the program's plan cut at its colon: it read "Solo
         * plan." without the plan */
        bool plan = strncmp(plain, SL_SOLO_PLAN, strlen(SL_SOLO_PLAN)) == 0;
        if (at == 0 && changed && colon && strlen(plain) > 90 && !plan)
            *colon = '\0';
        if (at == 0 && solo)
            snprintf(said, sizeof said, "%s", plain + solo);
        else if (said[0] && same_words(plain, said))
            continue;
        int n = snprintf(out + at, len - at, "%s%s%s", at ? " " : "", plain,
                         plain[0] && strchr(".!?", plain[strlen(plain) - 1]) ? "" : ".");
        at += n > 0 ? (size_t)n : 0;
    }
    if (at >= len - 1) { /* longer than the caption holds: end on a whole character, with an ellipsis */
        out[len > 4 ? len - 4 : 0] = '\0';
        sl_utf8_trim(out);
        strcat(out, "\xE2\x80\xA6");
    }
}

/* What the step did, as the view's side reads it. */
static void step_words(const ui_replay *r, const sl_view *v, char *out, size_t len)
{
    if (r->at <= 0) {
        snprintf(out, len, "The table as it was set up, before the first command. Right: the first command.");
        return;
    }
    const sl_game *g = &v->play->game;
    events_words(g, r->ev_at[r->at - 1] + 1, g->journal.n, v->play->view_side, out, len);
    if (!out[0])
        snprintf(out, len, "Nothing this side could see.");
}

/* The heading: where in the game, whose view. */
static void step_heading(const ui_replay *r, const sl_view *v, char *out, size_t len)
{
    const sl_play *p = v->play;
    const char *who = p->view_side >= 0 ? p->game.live.sides[p->view_side].name : "referee";
    char when[40] = "the set-up";
    if (p->game.turn > 0)
        snprintf(when, sizeof when, "turn %d", p->game.turn);
    /* a side's view counts the commands that side reads, as its panel
     * does; a step of the other side's secrets is said to be one */
    int side = p->view_side, at = r->at, n = r->n;
    if (side >= 0 && side < SL_MAX_SIDES && sl_game_fog(&p->game)) {
        if (at > 0 && !sl_event_json_for(&p->game.journal.ev[r->ev_at[at - 1]], side)[0]) {
            snprintf(out, len, "a command not seen by %s, %s, %s's view", who, when, who);
            return;
        }
        at = sl_game_commands_read(&p->game, side);
        n = r->side_n[side];
    }
    /* without hidden units every side sees the same table: no view to name */
    char view[200] = "";
    if (sl_game_fog(&p->game))
        snprintf(view, sizeof view, ", %s's view", who);
    if (r->at == 0)
        snprintf(out, len, "the start (of %d commands)%s", n, view);
    else
        snprintf(out, len, "command %d of %d, %s%s", at, n, when, view);
}

/* A replay's caption in the presentation's strip, sized for the game's
 * longest step: at 1280x720 200% (8 rows of small words under a heading
 * of two, some 490 of the strip's 564 px) the lessons' room, three fifths
 * of the strip at most, sent the text back to 125%. It may take the whole
 * strip: a step's rolls are on the table, by their units. */
float ui_caption_room(const sl_view *v)
{
    return v->play && v->play->replay ? 2.5f : UI_CAPTION_ROOM;
}

/* The step in the view's caption strip (the lesson's: room is made for
 * it, nothing is laid over the table). */
static void show_step(const ui_replay *r, sl_view *v)
{
    snprintf(v->lesson_title, sizeof v->lesson_title, "Replay"); /* the file's name is in the window's title */
    step_heading(r, v, v->lesson_heading, sizeof v->lesson_heading);
    step_words(r, v, v->lesson_caption, sizeof v->lesson_caption);
    /* the strip is sized once, for the game's longest step (as the
     * referee reads it, who reads the most), so the table stays still
     * from step to step and every caption shows whole */
    snprintf(v->lesson_longest, sizeof v->lesson_longest, "%s", r->longest);
    v->lesson_step = r->at;
    v->lesson_nsteps = r->n + 1;
    v->rolls_from = r->at > 0 ? r->ev_at[r->at - 1] : v->play->game.journal.n;
}

void ui_replay_caption(const ui_replay *r, const sl_view *v, char *out, size_t len)
{
    char head[200];
    step_heading(r, v, head, sizeof head);
    /* where, without the turn and the view, which the caption's heading
     * says: at 1280x800 200% (the replay no longer falls to 150%) the
     * whole line stood in a box over the strip */
    char *comma = strstr(head, ", ");
    if (comma)
        *comma = '\0';
    const char *base = strrchr(r->path, '/');
    if (snprintf(out, len, "Replay of %s, %s", base ? base + 1 : r->path, head) >= (int)len)
        sl_utf8_trim(out);
}

/* Where the timeline runs: from bx, bw long, at height by (false: not
 * shown). */
static bool timeline_at(const sl_ui *ui, const ui_replay *r, const sl_view *v, float *bx, float *bw, float *by)
{
    const SDL_FRect *C = &ui->lay.caption;
    if (!r->on || v->show_help || C->h <= 0 || r->n <= 0)
        return false;
    float s = ui->lay.s, pad = 14 * s;
    *bx = C->x + pad;
    *bw = C->w - 2 * pad;
    *by = C->y + C->h - 5 * s;
    return *bw > 0;
}

/* The timeline along the foot of the caption strip: how far through the
 * game, a tick where each turn begins. */
void ui_replay_draw(sl_ui *ui, const ui_replay *r, const sl_view *v)
{
    float s = ui->lay.s, bx, bw, by;
    if (!timeline_at(ui, r, v, &bx, &bw, &by))
        return;
    gfx_rect(ui->ren, bx, by - 2 * s, bw, 4 * s, ui_pal.rule);
    for (int k = 1; k < r->n; k++)
        if (r->turn_of[k] != r->turn_of[k - 1])
            gfx_rect(ui->ren, bx + bw * (float)k / (float)r->n - s, by - 5 * s, 2 * s, 10 * s, ui_pal.dim);
    gfx_rect(ui->ren, bx, by - 2 * s, bw * (float)r->at / (float)r->n, 4 * s, ui_pal.accent);
    gfx_disc(ui->ren, bx + bw * (float)r->at / (float)r->n, by, 5 * s, ui_pal.accent);
}

bool ui_replay_mouse(ui_replay *r, const sl_ui *ui, sl_view *v, const SDL_Event *e)
{
    float s = ui->lay.s, bx, bw, by;
    if (!timeline_at(ui, r, v, &bx, &bw, &by)) {
        r->dragging = false;
        return false;
    }
    float x, y;
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        x = (float)e->button.x * v->pixel_ratio;
        y = (float)e->button.y * v->pixel_ratio;
        /* the bar and a finger's height round it, the knob's ends too */
        if (y < by - 14 * s || y > by + 14 * s || x < bx - 10 * s || x > bx + bw + 10 * s)
            return false;
        r->dragging = true;
    } else if (e->type == SDL_MOUSEMOTION && r->dragging) {
        x = (float)e->motion.x * v->pixel_ratio;
    } else if (e->type == SDL_MOUSEBUTTONUP && r->dragging) {
        r->dragging = false;
        return true;
    } else
        return false;
    int k = (int)lroundf((x - bx) / bw * (float)r->n);
    k = k < 0 ? 0 : k > r->n ? r->n : k;
    if (k != r->at)
        ui_replay_goto(r, v, k);
    return true;
}

void ui_replay_play_on(ui_replay *r, sl_view *v, const char *autosave)
{
    sl_play *p = v->play;
    int at = r->at;
    char from[SL_PATH_MAX];
    const char *base = strrchr(r->path, '/');
    snprintf(from, sizeof from, "%s", base ? base + 1 : r->path);
    ui_replay_free(r);
    p->replay = false;
    snprintf(p->autosave, sizeof p->autosave, "%s", autosave ? autosave : "");
    /* a game again: no caption, the players' own views with hand-over
     * screens, the end card when it ends */
    v->lesson_nsteps = 0;
    v->lesson_title[0] = v->lesson_heading[0] = v->lesson_caption[0] = v->lesson_longest[0] = '\0';
    v->rolls_from = -1;
    v->end_closed = false;
    v->fitted = false; /* the caption's room is the table's again */
    v->fog_mode = SL_FOG_FOLLOW;
    v->fog_side = v->fog_next = -2;
    v->fog_handover = true;
    sl_play_set_view(p, -1);
    snprintf(v->status, sizeof v->status,
             "Playing on from command %d of %.300s (the save is left as it was; this game is autosaved as its "
             "scenario's)",
             at, from);
}

