/* The frame's layout, worked out before anything is drawn: toolbar,
 * table, side panel, status bar and, in a game, the action bar with its
 * entries (the drawing files only read it). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

/* The unit the action bar is for: the active one, else the one in focus. */
static int bar_unit(const sl_view *v)
{
    const sl_game *g = &v->play->game;
    /* reactions from overwatch are asked for: the unit chosen among them */
    if (sl_game_choosing(g) == SL_CHOOSE_ACTIONS)
        for (int i = 0; i < g->pending.noptions; i++)
            if (g->pending.options[i] == v->focus_unit)
                return v->focus_unit;
    int a = sl_game_active_unit(g);
    return a >= 0 ? a : v->focus_unit;
}

/* the most of the presentation's strip the action bar may take */
#define BAR_STRIP_ROOM 0.4f
#define BAR_STRIP_ALL_ROOM 0.75f

/* The most of the window's width the strip may take for a decision's
 * card too tall for it at its own width (the table keeps the rest, two
 * fifths of the window as ui_layout asks: at 1280x720 200% the ambush's
 * "springs it or waits" card needs 60% to stand whole). */
#define CARD_STRIP_MOST 0.6f

/* The lesson's caption at the top of the presentation's strip, its
 * height for the strip's width; false when cut. */
static bool strip_caption(sl_ui *ui, const sl_view *v, sl_layout *L)
{
    const SDL_FRect *S = &L->strip;
    bool cut = false;
    float keys;
    int pages[2];
    float ch = play_lesson_height(ui, v, S->w, S->h * ui_caption_room(v), &cut, &keys, pages);
    L->caption = (SDL_FRect){0, 0, 0, 0};
    L->caption_keys = 0;
    L->caption_pages = L->caption_most = 0;
    if (ch > 0) {
        L->caption = (SDL_FRect){S->x, S->y, S->w, ch};
        L->caption_keys = keys;
        L->caption_pages = pages[0];
        L->caption_most = pages[1];
    }
    return !cut;
}

/* The most a caption's strip may take: the table keeps two fifths of
 * the window's width, as ui_layout asks. */
#define CAPTION_STRIP_MOST 0.6f

/* L's strip and table with the strip sw wide, the caption laid in it;
 * false when the caption is cut there. */
static bool strip_at(sl_ui *ui, const sl_view *v, sl_layout *L, float sw)
{
    L->strip.w = sw;
    L->strip.x = (float)L->w - sw;
    L->table.w = L->strip.x - L->table.x;
    return strip_caption(ui, v, L);
}

/* A caption cut in the presentation's strip, or shown in pages (a
 * replay's longest step at 1280x720 200%, a lesson's at 250%): a wider
 * strip, up to CAPTION_STRIP_MOST of the window, the first that shows it
 * whole on one page, else the widest (the fewest pages); L made so.
 * The width is measured once for a caption, a window and a text size,
 * and kept (it was widened step by step, the caption wrapped again at
 * each, every frame). False when none shows it (L as it was). */
static bool caption_strip(sl_ui *ui, const sl_view *v, sl_layout *L)
{
    bool whole = strip_caption(ui, v, L);
    if (whole && L->caption_most <= 1)
        return whole;
    struct {
        int w, h;
        float s, sw, share;
        bool replay;
    } k;
    memset(&k, 0, sizeof k);
    k.w = L->w, k.h = L->h, k.s = L->s, k.sw = L->strip.w, k.share = L->caption_share;
    k.replay = v->play && v->play->replay;
    /* sized by the longest caption (the table stays still from step to
     * step), the heading's rows counting too */
    uint64_t key = ui_hash(UI_HASH_START, &k, sizeof k);
    key = ui_hash(key, v->lesson_longest[0] ? v->lesson_longest : v->lesson_caption,
                  strlen(v->lesson_longest[0] ? v->lesson_longest : v->lesson_caption));
    key = ui_hash(key, v->lesson_heading, strlen(v->lesson_heading));
    static sl_layout was; /* large: not on the stack */
    was = *L; /* as the first measure left it */
    if (key != ui->capstrip_key[0]) {
        float found = 0;
        if (key == ui->capstrip_key[1]) {
            found = ui->capstrip_w[1];
        } else {
            float s = L->s, most = floorf((float)L->w * CAPTION_STRIP_MOST);
            for (float sw = was.strip.w + 40 * s; sw < most + 40 * s && found <= 0; sw += 40 * s)
                if (strip_at(ui, v, L, fminf(sw, most)) && L->caption_most <= 1)
                    found = fminf(sw, most);
            if (found <= 0 && strip_at(ui, v, L, most))
                found = most; /* in pages: the fewest */
        }
        ui->capstrip_key[1] = ui->capstrip_key[0];
        ui->capstrip_w[1] = ui->capstrip_w[0];
        ui->capstrip_key[0] = key;
        ui->capstrip_w[0] = found;
    }
    if (ui->capstrip_w[0] > 0 && strip_at(ui, v, L, ui->capstrip_w[0]))
        return true;
    *L = was; /* none shows it: as it was */
    return whole;
}

/* A decision's card too tall for the strip (over the bar, or under a
 * lesson's caption): whole in K's strip (the layout without the bar),
 * else in a strip widened, up to 60% of the window's width, until its
 * lines (and the caption's) wrap to fewer rows; K made so. In a lesson
 * the step's rolls are to stand under it too (the ambush's step 4 at
 * 1280x720 200%: its nerve tests had no room), else the card alone.
 * False when no such strip holds it (it goes to the table as before). */
static bool card_strip(sl_ui *ui, const sl_view *v, sl_layout *K)
{
    static sl_layout wide; /* large: not on the stack */
    float s = K->s, most = floorf((float)K->w * CARD_STRIP_MOST);
    for (int rolls = 1; rolls >= 0; rolls--) {
        if (play_card_fits_strip(ui, v, K, rolls))
            return true;
        for (float sw = K->strip.w + 40 * s; sw < most + 40 * s; sw += 40 * s) {
            wide = *K;
            wide.strip.w = fminf(sw, most);
            wide.strip.x = (float)K->w - wide.strip.w;
            wide.table.w = wide.strip.x - wide.table.x;
            if (K->caption.h > 0 && !strip_caption(ui, v, &wide))
                continue;
            if (play_card_fits_strip(ui, v, &wide, rolls)) {
                *K = wide;
                return true;
            }
        }
    }
    return false;
}

/* A caption in pages over a step's card that has no room under it (the
 * overwatch lesson's opportunity-fire card at 1280x720 250%): fewer rows
 * a page, down to a third of the strip, till the card stands whole
 * under them, and the step's rolls too, in the strip as wide as it was
 * (the table keeps its size from step to step), else in a wider one; L
 * made so (its share kept for the drawing). A caption whole in its own frame is put in pages for
 * them (the ambush lesson's set-up card at 1280x720 200%). False (a
 * smaller text size is tried) when none leaves them room. */
static bool pages_give_way(sl_ui *ui, const sl_view *v, sl_layout *L)
{
    static sl_layout keep; /* large: not on the stack */
    keep = *L;
    for (int wider = 0; wider < 2; wider++)
        for (float share = 0.8f; share > 0.3f; share -= 0.1f) {
            ui->pages_share = share;
            L->caption_share = share;
            if ((wider ? caption_strip(ui, v, L) : strip_caption(ui, v, L)) && card_strip(ui, v, L) &&
                play_rolls_fit_strip(ui, v, L))
                return true;
            *L = keep;
        }
    ui->pages_share = 0;
    return false;
}

static void bar_layout(sl_ui *ui, const sl_view *v, sl_layout *L)
{
    L->nact = 0;
    L->act_unit = -1;
    if (!play_on(v) || !ui->opts.hud || v->lesson_nsteps > 0)
        return; /* a lesson plays its own commands: the caption has the room */
    L->act_unit = bar_unit(v);
    L->nact = sl_play_actions(v->play, L->act_unit, v->pick.toggled, L->act, SL_PLAY_MAX_ACTIONS - 2);
    /* undo, at the end */
    sl_play_action *u = &L->act[L->nact++];
    memset(u, 0, sizeof *u);
    u->kind = SL_CMD_NONE;
    u->undo = true;
    snprintf(u->label, sizeof u->label, "Undo");
    snprintf(u->key, sizeof u->key, "Ctrl+Z");
    u->enabled = v->play->game.ncommands > 0 && !v->play->replay;
    if (!u->enabled)
        snprintf(u->why, sizeof u->why, "%s", v->play->replay ? SL_PLAY_REPLAY_WHY : "nothing has been done yet");
    /* in the presentation, at the foot of the strip beside the table: the
     * table keeps the room from the toolbar to the status bar whatever
     * the bar holds, and the strip, empty while no card is open, is not
     * wasted; under the table where the bar would take more than two
     * fifths of the strip (the cards and rolls need the rest) */
    if (L->present && L->strip.w > 0 && ui_pick_of(v->pick.kind) == SL_PICK_LIST && v->pick.list_unit >= 0) {
        /* a rule's list open (the recovery card, as tall as a strip at
         * 1280x720 200%, and its refusal box): the card takes the whole
         * strip and the bar steps out until Esc closes it (the card's
         * keys answer, the actions' keys still work); the table stays
         * where it was, but where the card's odds and keys would not
         * stand whole, the strip widens as for a decision's card */
        memset(L->abtn, 0, sizeof L->abtn);
        if (!play_card_fits_strip(ui, v, L, false))
            (void)card_strip(ui, v, L);
        return;
    }
    if (L->present && L->strip.w > 0) {
        static sl_layout keep; /* large: not on the stack */
        keep = *L;
        /* every action asked for (F4) while nothing is being aimed or
         * chosen: the strip has no card to keep room for, so the bar may
         * take three quarters of it (fewer pages to turn) */
        float share = v->bar_all && v->pick.kind == SL_CMD_NONE &&
                              sl_game_choosing(&v->play->game) == SL_CHOOSE_NONE
                          ? BAR_STRIP_ALL_ROOM
                          : BAR_STRIP_ROOM;
        if (ui_bar_place(ui, v, L, &L->strip, share) > keep.strip.h * share) {
            *L = keep;
        } else {
            /* a refusal shown over a card being aimed (1280x720 200%: the
             * mortar's aiming card and the box did not both fit above the
             * bar, so the card and its unit's name stood aside): the bar
             * steps out of the strip until Esc closes the box, the table
             * still */
            const sl_game *g = &v->play->game;
            bool refused = v->pick.message_is_error && v->pick.message[0] && sl_game_choosing(g) == SL_CHOOSE_NONE;
            bool step_out = refused && v->pick.kind != SL_CMD_NONE;
            /* (and a refusal of a key's action, nothing aimed, too tall
             * for the strip over the bar: its box stood on the table, at
             * 1280x720 250% the fire no target allowed) */
            if (refused && !step_out && !play_refusal_fits(ui, v, L, L->actionbar.y - L->strip.y - 20 * L->s))
                step_out = true;
            /* a decision's card too tall for the strip over the bar (an
             * ambush's column card at 1280x720 200%: it fell on the
             * table over the route, its keys cut) and whole in the
             * strip without it: the bar steps out while it is chosen
             * (the card's keys answer, the actions' keys still work) */
            if (!step_out && !play_card_fits_strip(ui, v, L, false) && card_strip(ui, v, &keep))
                step_out = true;
            /* the card of a command being aimed too tall for the strip
             * over the bar (the mortar's call for fire pointed at the
             * sealed command bunker at 1280x720 200%: whom it would catch
             * and what sealing does were left out): the bar steps out
             * while it is aimed, the table still */
            if (!step_out && v->pick.kind != SL_CMD_NONE && !play_pick_card_fits_strip(ui, v, L))
                step_out = true;
            if (step_out) {
                L->table = keep.table;
                L->strip = keep.strip;
                L->actionbar = keep.actionbar;
                memset(L->abtn, 0, sizeof L->abtn);
            }
            return;
        }
    }
    /* in the presentation, at most half the table's room; in the table
     * layout, the table fitted again above as many rows as fit in three
     * fifths of it */
    ui_bar_place(ui, v, L, &L->table, L->present ? 0.5f : 0.75f);
}

const float ui_sizes[UI_NSIZES] = {1.0f, 1.25f, 1.5f, 2.0f, 2.5f};

/* The toolbar's buttons: full words when they fit, else fewer words
 * (the most used tools keep theirs), else the keys; false when even the
 * keys do not fit. */
static bool toolbar_layout(sl_ui *ui, sl_layout *out, float tb)
{
    float s = out->s, pad = 10 * s, gap = 6 * s, x = 0;
    for (int pass = 0; pass < 4; pass++) {
        out->compact = pass;
        x = 8 * s;
        for (int b = 0; b < SL_BTN_COUNT; b++) {
            float tw = (float)text_width(&ui->text, SL_FONT_NORMAL, hud_button_label(ui, (sl_button_id)b, pass));
            out->buttons[b] = (SDL_FRect){x, 6 * s, tw + 2 * pad, tb - 12 * s};
            x += tw + 2 * pad + gap;
        }
        /* words for the most used only when they leave the scenario's
         * name some room, as they did in full */
        if (x <= (float)out->w)
            return true;
    }
    return false;
}

/* The presentation's strip beside the table, in the side panel's place:
 * wide enough for a card's lines at the text's size, never more than
 * two fifths of the window. */
static void strip_layout(sl_layout *out)
{
    float s = out->s, w = (float)out->w;
    float sw = floorf(fminf(fmaxf(w * 0.3f, 330 * s), w * 0.4f));
    out->panel = (SDL_FRect){w, out->table.y, 0, out->table.h};
    /* the strip runs from the toolbar to the status bar, beside the
     * action bar too */
    out->table.w = w - sw;
    out->strip = (SDL_FRect){out->table.w, out->table.y, sw, out->table.h};
}

/* The table under `share` of the window's height or two fifths of its
 * width. */
static bool table_too_small(const sl_layout *L, float share)
{
    return L->table.h < share * (float)L->h || L->table.w < 0.4f * (float)L->w;
}

void ui_layout(sl_ui *ui, const sl_view *v, int w, int h, sl_layout *out)
{
    memset(out, 0, sizeof *out);
    float s = ui_scale(v);
    out->s = s;
    out->w = w;
    out->h = h;
    out->fits = true;
    if (!ui->opts.hud) {
        out->table = (SDL_FRect){0, 0, (float)w, (float)h};
        if (!ui->opts.mirror)
            return;
    }
    out->present = ui->opts.mirror || sl_view_presenting(v);
    float tb = floorf(44 * s), st = floorf(34 * s);
    /* the side panel: wider on a wide window, narrower at projector
     * scale (where the table must stay the main area), none with F3 */
    float pw = floorf(380 * s);
    if (w > 1800 && s < 1.5f)
        pw = floorf(fminf(w * 0.27f, 520 * s));
    if (pw > w * (s >= 1.5f ? 0.34f : 0.45f))
        pw = floorf(w * (s >= 1.5f ? 0.34f : 0.45f));
    if (v->hide_panel)
        pw = 0;
    if (ui->opts.mirror) /* no controls: no toolbar, panel or status bar */
        tb = st = pw = 0;
    out->toolbar = (SDL_FRect){0, 0, (float)w, tb};
    out->status = (SDL_FRect){0, h - st, (float)w, st};
    out->panel = (SDL_FRect){w - pw, tb, pw, h - tb - st};
    out->table = (SDL_FRect){0, tb, w - pw, h - tb - st};
    if (out->present)
        strip_layout(out);
    if (!ui->opts.mirror && !toolbar_layout(ui, out, tb))
        out->fits = false;
    bar_layout(ui, v, out);
    if (ui->foot > 0 && !out->present) /* a window's own strip: the table fitted above it */
        out->table.h = fmaxf(out->table.h - ui->foot, 0.25f * out->table.h);
    /* a lesson's caption: a strip of its own under the table, so it never
     * hides what the step shows; in the presentation, the top of the
     * strip beside it */
    bool cut = false;
    ui->pages_share = 0;
    if (out->present) {
        cut = !caption_strip(ui, v, out);
        /* a lesson's decision card too tall for the room under the
         * caption (maps/lessons/ambush.json step 4 at 1280x720: it fell
         * on the table over the road to click): a wider strip; none wide
         * enough, a smaller text size (at 1920x1080 200% the same card
         * stood on the table over the road) */
        if (out->caption.h > 0 && !cut && (!card_strip(ui, v, out) || !play_rolls_fit_strip(ui, v, out)) &&
            !pages_give_way(ui, v, out))
            out->fits = false;
        if (table_too_small(out, 0.5f)) /* the table at least half the window's height */
            out->fits = false;
    } else {
        float keys;
        int pages[2];
        /* a replay's caption in pages under the table (F10 at 1280x720
         * 200%: cut, then 100% by the three fifths below): the table
         * keeps half the window's height, as in the presentation, there
         * being no action bar under it */
        bool replay = v->play && v->play->replay;
        if (replay) {
            float room = out->table.h - 0.5f * (float)h;
            out->caption_share = ui->pages_share = room > 0 ? fminf(room / (0.4f * out->table.h), 1.0f) : 0;
        }
        float ch = play_lesson_height(ui, v, out->table.w, out->table.h, &cut, &keys, pages);
        if (ch > 0) {
            out->table.h -= ch;
            out->caption = (SDL_FRect){out->table.x, out->table.y + out->table.h, out->table.w, ch};
            out->caption_pages = pages[0];
            out->caption_most = pages[1];
        }
        /* the table layout (F10): a table at least three fifths of the
         * window's height (the side panel beside it, at this text size,
         * keeps the turn box and the unit's part whole) and two fifths of
         * its width, and words on the most used tools (at 1280x720 250%
         * the table was 410x280 under the scale bar's box, the turn box
         * cut, the toolbar bare letters), and a side panel that holds
         * its turn box, a unit's card down to its quality line and the
         * dice log's heading (the fireteams at 1280x720 200%: the turn
         * box took 350 of the panel's 560 px, a squad's card only its
         * name): else a smaller text size (ui_fit_scale says so in the
         * status bar); the panel measured only while ui_fit_scale tries
         * sizes, the one reader of fits (a unit's card each, per frame) */
        if (ui->opts.hud && (table_too_small(out, replay ? 0.5f : 0.6f) || out->compact > 2 ||
                             (ui->fitting && !play_panel_fits(ui, v, out))))
            out->fits = false;
    }
    if (cut)
        out->fits = false;
}

void ui_fit_scale(sl_ui *ui, sl_view *v, int w, int h)
{
    struct {
        int w, h, layout, nsteps, units;
        float user, ratio;
        bool hide, hud, on;
    } k;
    memset(&k, 0, sizeof k);
    k.w = w, k.h = h, k.layout = v->layout, k.nsteps = v->lesson_nsteps;
    k.user = v->user_scale, k.ratio = v->pixel_ratio, k.hide = v->hide_panel, k.hud = ui->opts.hud;
    /* a game's turn box and its units' cards count in the table layout's
     * side panel (every unit's, selected or not: the size stays) */
    k.on = play_on(v), k.units = ui->world ? ui->world->scn.nunits : 0;
    uint64_t key = ui_hash(UI_HASH_START, &k, sizeof k);
    key = ui_hash(key, v->lesson_longest, strlen(v->lesson_longest));
    key = ui_hash(key, v->lesson_heading, strlen(v->lesson_heading)); /* its rows count too */
    if (key == ui->cap_key && ui->cap > 0) {
        v->scale_cap = ui->cap;
        return;
    }
    /* from the user's size down, the first at which everything fits */
    float cap = ui_sizes[0];
    ui->fitting = true;
    for (int i = UI_NSIZES - 1; i > 0; i--) {
        if (ui_sizes[i] > v->user_scale + 1e-3f)
            continue;
        v->scale_cap = ui_sizes[i];
        text_set_scale(&ui->text, ui_scale(v));
        sl_layout L;
        ui_layout(ui, v, w, h, &L);
        if (L.fits) {
            cap = ui_sizes[i];
            break;
        }
    }
    ui->fitting = false;
    v->scale_cap = cap;
    ui->cap = cap;
    ui->cap_key = key;
    if (cap + 1e-3f < v->user_scale)
        snprintf(v->status, sizeof v->status, "Text at %.0f%%: %.0f%% does not fit", cap * 100, v->user_scale * 100);
}

/* F4 and the bar's toggle (here: how many pages, laid out as the next
 * frame will be). */
void ui_bar_all_step(sl_ui *ui, sl_view *v, char *msg, size_t n)
{
    if (!v->bar_all) {
        v->bar_all = true;
        v->bar_page = 0;
    } else if (v->bar_page + 1 < ui->lay.bar_pages) {
        v->bar_page++;
    } else {
        v->bar_all = false;
        v->bar_page = 0;
        snprintf(msg, n, "The action bar shows what may be done now (F4: every action)");
        return;
    }
    /* how many pages every action takes, laid out as the next frame will */
    static sl_layout next; /* large: not on the stack */
    ui_layout(ui, v, ui->lay.w, ui->lay.h, &next);
    if (next.bar_pages <= 1)
        snprintf(msg, n, "The action bar shows every action (F4: only what may be done now)");
    else
        snprintf(msg, n, "The action bar shows every action, page %d of %d (F4: %s)", next.bar_page + 1,
                 next.bar_pages, next.bar_page + 1 < next.bar_pages ? "the next page" : "only what may be done now");
}
