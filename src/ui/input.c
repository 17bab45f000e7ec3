/* Mouse and keys to view changes. Every action has a key as well as a
 * pointer gesture. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "input.h"
#include "ui_internal.h"

#define DRAG_PX 6

static bool in_rect(const SDL_FRect *r, int x, int y)
{
    return x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}

static sl_pt screen_to_table(const sl_ui *ui, const sl_view *v, int x, int y)
{
    sl_cam cam;
    cam_from_view(v, &ui->lay.table, &cam);
    double wx, wy;
    cam_s2w(&cam, (float)x, (float)y, &wx, &wy);
    return sl_pt_make((int32_t)lround(wx * 1000.0), (int32_t)lround(wy * 1000.0));
}

/* A figure on the table under the pointer, with a few pixels of grace:
 * never a man inside a vehicle (he rides at its place, off the table:
 * the pointer on the APC named "NSL 2nd Panzergrenadiers's man 4"). */
static bool on_the_table(int unit, const void *game)
{
    return !sl_game_off_table(game, unit);
}

static int figure_under(const sl_world *w, const sl_view *v, sl_pt p)
{
    int32_t slop = (int32_t)(4.0 * ui_scale(v) / v->scale * 1000.0);
    bool live = v->play && v->play->on;
    return sl_scenario_figure_at_if(&w->scn, p, slop, live ? on_the_table : NULL, live ? &v->play->game : NULL);
}

void input_update_hover(sl_ui *ui, const sl_world *w, sl_view *v)
{
    const sl_layout *L = &ui->lay;
    v->mouse_in_table = in_rect(&L->table, v->mouse_x, v->mouse_y);
    v->cursor = screen_to_table(ui, v, v->mouse_x, v->mouse_y);
    v->hover_figure = v->hover_feature = -1;
    v->hover_button = v->hover_unit_row = -1;
    if (v->mouse_in_table) {
        v->hover_figure = figure_under(w, v, v->cursor);
        if (v->hover_figure < 0 && sl_table_contains(&w->scn.table, v->cursor)) {
            int32_t slop = (int32_t)(3.0 * ui_scale(v) / v->scale * 1000.0);
            v->hover_feature = sl_table_feature_at(&w->scn.table, v->cursor, slop);
        }
    }
    if (ui->opts.hud) {
        for (int b = 0; b < SL_BTN_COUNT; b++)
            if (in_rect(&L->buttons[b], v->mouse_x, v->mouse_y))
                v->hover_button = b;
        for (int r = 0; r < L->nrows; r++)
            if (in_rect(&L->rows[r], v->mouse_x, v->mouse_y))
                v->hover_unit_row = L->row_unit[r];
    }
    /* a live move path and a free blast template follow the pointer */
    if (v->tool == SL_TOOL_PATH && v->path_live && v->npath >= 2 && v->mouse_in_table)
        v->path[v->npath - 1] = v->cursor;
    if (v->tool == SL_TOOL_BLAST && !v->blast_pinned && v->mouse_in_table) {
        v->blast_x = v->cursor.x / 1000.0;
        v->blast_y = v->cursor.y / 1000.0;
        v->blast_placed = true;
    }
    play_hover(ui, w, v);
    /* the ruler's live end follows the pointer */
    sl_ruler *ru = &v->ruler;
    if ((ru->dragging || (ru->npts > 0 && !ru->finished)) && v->mouse_in_table) {
        int fig = figure_under(w, v, v->cursor);
        ru->has_live = true;
        if (fig >= 0 && fig != ru->from_figure) {
            ru->live = w->scn.figures[fig].pos;
            ru->to_figure = fig;
        } else {
            ru->live = v->cursor;
            ru->to_figure = -1;
        }
    }
}

static void ruler_clear(sl_view *v)
{
    memset(&v->ruler, 0, sizeof v->ruler);
    v->ruler.from_figure = v->ruler.to_figure = -1;
}

/* Append a point to the ruler, snapping to a figure under it. */
static void ruler_add(const sl_world *w, sl_view *v, sl_pt p)
{
    sl_ruler *r = &v->ruler;
    if (r->npts >= SL_RULER_MAX) {
        snprintf(v->status, sizeof v->status, "The ruler holds at most %d points", SL_RULER_MAX);
        return;
    }
    int fig = figure_under(w, v, p);
    if (r->npts == 0) {
        r->from_figure = fig;
        r->to_figure = -1;
    } else if (fig >= 0 && fig != r->from_figure) {
        r->to_figure = fig;
    } else {
        r->to_figure = -1;
    }
    sl_pt at = fig >= 0 ? w->scn.figures[fig].pos : p;
    if (r->npts > 0 && sl_dist(r->pts[r->npts - 1], at) < 50)
        return; /* a second click on the same point: no leg of 0" */
    r->pts[r->npts++] = at;
}

static void path_pop(sl_view *v)
{
    if (v->path_figure < 0)
        return;
    /* nothing but the figure would be left: no path at all */
    if (v->npath <= 2) {
        v->path_figure = -1;
        v->npath = 0;
        v->path_live = false;
        return;
    }
    if (v->path_live) {
        v->path[v->npath - 2] = v->path[v->npath - 1];
        v->npath--;
    } else {
        v->npath--;
    }
}

static void ruler_pop(sl_view *v)
{
    sl_ruler *r = &v->ruler;
    if (r->npts == 0)
        return;
    r->npts--;
    if (r->npts == 0)
        ruler_clear(v);
    else
        r->to_figure = -1; /* a finished ruler stays finished, a live one live */
}

static void select_next(const sl_world *w, sl_view *v, int dir)
{
    /* in listing order: counters by their letters (fogview.c) */
    int order[4096];
    int n = ui_units_in_order(w, order, 4096);
    /* in a game with no unit acting: the acting side's units still to
     * activate, the ones a player looks for */
    if (v->play && v->play->on && sl_game_choosing(&v->play->game) == SL_CHOOSE_NONE &&
        sl_game_active_unit(&v->play->game) < 0) {
        const sl_game *g = &v->play->game;
        int side = sl_play_side_to_act(v->play), k = 0;
        for (int i = 0; i < n; i++)
            if (side >= 0 && order[i] < g->live.nunits && g->live.units[order[i]].side == side &&
                sl_game_to_activate(g, order[i]) &&
                (!sl_game_off_table(g, order[i]) || sl_game_not_yet_on(g, order[i])))
                order[k++] = order[i];
        if (k > 0)
            n = k;
    } else if (v->play && v->play->on && sl_game_choosing(&v->play->game) == SL_CHOOSE_PLACES) {
        /* in the set-up: the counters of the side placing them, those still
         * to be placed first */
        const sl_game *g = &v->play->game;
        int k = 0;
        int mine[4096];
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < n; i++)
                if (sl_game_placeable(g, order[i]) && (pass == 0) == sl_game_still_to_place(g, order[i]))
                    mine[k++] = order[i];
        if (k > 0) {
            memcpy(order, mine, sizeof order[0] * (size_t)k);
            n = k;
        }
    }
    if (n == 0)
        return;
    int at = -1;
    for (int i = 0; i < n; i++)
        if (order[i] == v->focus_unit)
            at = i;
    int i = at < 0 ? (dir > 0 ? 0 : n - 1) : ((at + dir) % n + n) % n;
    for (int k = 0; k < n && !sl_unit_fielded(&w->scn, order[i]); k++)
        i = ((i + dir) % n + n) % n; /* an empty detached element is not on the table */
    int u = order[i];
    sl_view_select_unit(v, u, false);
    char name[SL_NAME_LEN + 8];
    snprintf(v->status, sizeof v->status, "Selected %s", ui_unit_name(w, v, u, name, sizeof name));
}

static void fit(sl_ui *ui, const sl_world *w, sl_view *v)
{
    sl_view_fit(v, w, (int)ui->lay.table.w, (int)ui->lay.table.h, ui_scale(v));
}

/* F2: the next size of text and controls, round to the first; from the
 * largest that fits the window (a larger one was asked for), the first. */
static void next_ui_scale(sl_view *v)
{
    int k = 0;
    for (int i = 0; i < UI_NSIZES; i++)
        if (fabsf(ui_sizes[i] - v->user_scale) < 0.01f)
            k = i;
    bool capped = v->scale_cap > 0 && v->user_scale > v->scale_cap + 0.01f;
    v->user_scale = capped ? ui_sizes[0] : ui_sizes[(k + 1) % UI_NSIZES];
    v->fitted = false; /* the table's room changed: fit it again */
    snprintf(v->status, sizeof v->status, "Text and controls at %.0f%%%s", v->user_scale * 100,
             v->user_scale >= 1.5f ? " (F3 hides the side panel, F4 shows every action, F10 the layout)" : "");
}

static void blast_off(sl_view *v)
{
    v->tool = SL_TOOL_SELECT;
    v->overlays &= ~(unsigned)SL_OVERLAY_BLAST;
    v->blast_placed = v->blast_pinned = false;
}

/* Esc: closes the one thing on top (the error box, the help, the ruler,
 * the planned move, a tool), else clears the selection. */
static void escape(sl_view *v)
{
    if (v->error_title[0]) {
        v->error_title[0] = v->error_text[0] = '\0';
    } else if (v->show_help) {
        v->show_help = false;
    } else if (play_rolls_shown(v)) {
        v->rolls_closed = v->play->game.journal.n; /* until the next command (the dice log keeps them) */
    } else if (v->ruler.npts > 0) {
        ruler_clear(v);
    } else if (v->path_figure >= 0) {
        v->path_figure = -1;
        v->npath = 0;
        v->path_live = false;
        v->overlays &= ~(unsigned)SL_OVERLAY_PATH;
    } else if (v->tool == SL_TOOL_BLAST) {
        blast_off(v);
    } else if (v->tool != SL_TOOL_SELECT) {
        v->tool = SL_TOOL_SELECT;
    } else {
        sl_view_select_unit(v, -1, false);
    }
    v->status[0] = '\0';
}

/* M: the move planner on (for the selected unit) or off. */
static void toggle_path_tool(const sl_world *w, sl_view *v)
{
    if (v->tool == SL_TOOL_PATH) {
        v->tool = SL_TOOL_SELECT;
        v->status[0] = '\0';
    } else if (v->focus_unit < 0) {
        snprintf(v->status, sizeof v->status, "Select a unit first (click a figure, or Tab), then M to plan its move");
    } else {
        v->tool = SL_TOOL_PATH;
        snprintf(v->status, sizeof v->status, "Move: click by %s, then click the way; Enter ends",
                 w->scn.units[v->focus_unit].name);
    }
}

/* B: the blast template on, following the pointer, or off. */
static void toggle_blast_tool(sl_view *v)
{
    if (v->tool == SL_TOOL_BLAST) {
        blast_off(v);
        v->status[0] = '\0';
        return;
    }
    v->tool = SL_TOOL_BLAST;
    v->overlays |= SL_OVERLAY_BLAST;
    v->blast_pinned = false;
    v->blast_placed = v->mouse_in_table;
    v->blast_x = v->cursor.x / 1000.0;
    v->blast_y = v->cursor.y / 1000.0;
    snprintf(v->status, sizeof v->status, "Blast %.0f\": click to pin it; [ and ] change the size", v->blast_r);
}

/* [ and ]: the blast template a burst size smaller or bigger. */
static void blast_size(sl_view *v, bool bigger)
{
    /* the rulebook's burst sizes: small 3", medium 4", large 6", very large 10" */
    static const double sizes[] = {3, 4, 6, 10};
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (fabs(sizes[i] - v->blast_r) < 0.01)
            k = i;
    k = bigger ? (k < 3 ? k + 1 : 3) : (k > 0 ? k - 1 : 0);
    v->blast_r = sizes[k];
    snprintf(v->status, sizeof v->status, "Blast template: %.0f\" radius", v->blast_r);
}

/* V: the selected unit's reach on or off: Stargrunt's range bands,
 * SkirmishCorps' firearm brackets (said why there are none under a
 * ruleset without them, or for a unit without, and what is not drawn). */
static void toggle_bands(const sl_world *w, sl_view *v)
{
    v->overlays ^= SL_OVERLAY_BANDS;
    const char *no_bands;
    if (!sl_scenario_shows(&w->scn, SL_SHOW_RANGE_BANDS, &no_bands)) {
        snprintf(v->status, sizeof v->status, "No range bands under %s: %s", sl_ruleset_title(&w->scn), no_bands);
        return;
    }
    const char *word = sl_reach_word(&w->scn), *note = NULL;
    int n = 0, u = v->focus_unit;
    sl_reach_ring ring[SL_MAX_REACH];
    if (u >= 0 && u < w->scn.nunits)
        n = sl_unit_reach(&w->scn, u, ring, SL_MAX_REACH, &note);
    int at = snprintf(v->status, sizeof v->status, "%c%s %s", toupper((unsigned char)word[0]), word + 1,
                      v->overlays & SL_OVERLAY_BANDS ? "on" : "off");
    if (!(v->overlays & SL_OVERLAY_BANDS) || u < 0 || u >= w->scn.nunits || at < 0 ||
        (size_t)at >= sizeof v->status)
        return;
    if (n == 0)
        snprintf(v->status + at, sizeof v->status - (size_t)at, "; %s has none: %s", w->scn.units[u].name,
                 note ? note : "");
    else if (note)
        snprintf(v->status + at, sizeof v->status - (size_t)at, " for %s (%s)", w->scn.units[u].name, note);
}

/* T: the sight line from the selected unit to the next enemy unit. */
static void next_target(const sl_world *w, sl_view *v)
{
    if (v->focus_unit < 0) {
        snprintf(v->status, sizeof v->status, "Select a firing unit first (click a figure, or Tab)");
        return;
    }
    int n = w->scn.nunits, side = w->scn.units[v->focus_unit].side;
    for (int k = 1; k <= n; k++) {
        int u = ((v->target_unit < 0 ? v->focus_unit : v->target_unit) + k) % n;
        if (w->scn.units[u].side != side && sl_unit_fielded(&w->scn, u)) {
            v->target_unit = u;
            v->overlays |= SL_OVERLAY_LOS;
            snprintf(v->status, sizeof v->status, "Sight line to %s", w->scn.units[u].name);
            return;
        }
    }
}

/* Enter or a double click: the ruler finished, the planned move's live
 * end dropped. */
static void finish(sl_view *v)
{
    if (v->ruler.npts > 0) {
        v->ruler.finished = true;
        v->ruler.has_live = false;
    }
    if (v->path_live && v->npath >= 2) {
        v->npath--; /* the live end was only following the pointer */
        v->path_live = false;
    }
}

void input_action(sl_ui *ui, const sl_world *w, sl_view *v, sl_action a)
{
    switch (a) {
    case SL_ACT_HELP:
        v->show_help = !v->show_help;
        v->help_page = 0;
        break;
    case SL_ACT_SELECT_TOOL: v->tool = SL_TOOL_SELECT; break;
    case SL_ACT_RULER_TOOL:
        v->tool = v->tool == SL_TOOL_RULER ? SL_TOOL_SELECT : SL_TOOL_RULER;
        if (v->tool == SL_TOOL_RULER)
            snprintf(v->status, sizeof v->status, "Ruler: drag to measure, click to add waypoints");
        else
            v->status[0] = '\0';
        break;
    case SL_ACT_FIT: fit(ui, w, v); break;
    case SL_ACT_GRID: v->show_grid = !v->show_grid; break;
    case SL_ACT_LABELS: v->show_labels = !v->show_labels; break;
    case SL_ACT_SCREENSHOT: v->want_screenshot = true; break;
    case SL_ACT_UI_SCALE: next_ui_scale(v); break;
    case SL_ACT_ESCAPE: escape(v); break;
    case SL_ACT_QUIT: v->quit = true; break;
    case SL_ACT_PATH_TOOL: toggle_path_tool(w, v); break;
    case SL_ACT_BLAST_TOOL: toggle_blast_tool(v); break;
    case SL_ACT_BLAST_BIGGER:
    case SL_ACT_BLAST_SMALLER: blast_size(v, a == SL_ACT_BLAST_BIGGER); break;
    case SL_ACT_BANDS: toggle_bands(w, v); break;
    case SL_ACT_INTEGRITY: v->overlays ^= SL_OVERLAY_INTEGRITY; break;
    case SL_ACT_NEXT_TARGET: next_target(w, v); break;
    case SL_ACT_FINISH: finish(v); break;
    }
}

static sl_action button_action(int b)
{
    switch (b) {
    case SL_BTN_SELECT: return SL_ACT_SELECT_TOOL;
    case SL_BTN_RULER: return SL_ACT_RULER_TOOL;
    case SL_BTN_PATH: return SL_ACT_PATH_TOOL;
    case SL_BTN_BLAST: return SL_ACT_BLAST_TOOL;
    case SL_BTN_BANDS: return SL_ACT_BANDS;
    case SL_BTN_INTEGRITY: return SL_ACT_INTEGRITY;
    case SL_BTN_FIT: return SL_ACT_FIT;
    case SL_BTN_GRID: return SL_ACT_GRID;
    case SL_BTN_LABELS: return SL_ACT_LABELS;
    case SL_BTN_HELP: return SL_ACT_HELP;
    default: return SL_ACT_SCREENSHOT;
    }
}

static void box_select(const sl_world *w, sl_view *v, bool add)
{
    int32_t x0 = v->box_a.x < v->box_b.x ? v->box_a.x : v->box_b.x;
    int32_t x1 = v->box_a.x < v->box_b.x ? v->box_b.x : v->box_a.x;
    int32_t y0 = v->box_a.y < v->box_b.y ? v->box_a.y : v->box_b.y;
    int32_t y1 = v->box_a.y < v->box_b.y ? v->box_b.y : v->box_a.y;
    if (!add)
        sl_view_select_unit(v, -1, false);
    int count = 0;
    for (int u = 0; u < w->scn.nunits; u++) {
        const sl_unit *un = &w->scn.units[u];
        for (int i = 0; i < un->nfigures; i++) {
            sl_pt p = w->scn.figures[un->first_figure + i].pos;
            if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1) {
                v->selected[u] = 1;
                v->focus_unit = u;
                count++;
                break;
            }
        }
    }
    snprintf(v->status, sizeof v->status, "%d unit%s selected", sl_view_selected_count(v),
             sl_view_selected_count(v) == 1 ? "" : "s");
}

/* Plan a move: the first click picks the selected unit's figure nearest
 * it; later clicks fix waypoints, the last point following the pointer. */
static void path_click(const sl_world *w, sl_view *v)
{
    if (v->focus_unit < 0)
        return;
    if (v->path_figure < 0 || !v->path_live) {
        const sl_unit *u = &w->scn.units[v->focus_unit];
        int best = -1;
        for (int i = 0; i < u->nfigures; i++) {
            int fi = u->first_figure + i;
            if (w->scn.figures[fi].status == SL_FIG_DEAD)
                continue;
            if (best < 0 || sl_dist2(w->scn.figures[fi].pos, v->cursor) < sl_dist2(w->scn.figures[best].pos, v->cursor))
                best = fi;
        }
        if (best < 0)
            return;
        v->path_figure = best;
        v->path[0] = w->scn.figures[best].pos;
        v->path[1] = v->cursor;
        v->npath = 2;
        v->path_live = true;
        v->overlays |= SL_OVERLAY_PATH;
        snprintf(v->status, sizeof v->status, "Move %s: click waypoints, Enter ends", u->name);
        return;
    }
    /* in a game the way is a command's, which holds fewer points */
    int most = v->play && v->play->on && SL_CMD_MAX_PTS + 1 < SL_PATH_MAX_PTS ? SL_CMD_MAX_PTS + 1 : SL_PATH_MAX_PTS;
    if (v->npath >= most) {
        snprintf(v->status, sizeof v->status, "A move holds at most %d points", most);
        return;
    }
    v->path[v->npath - 1] = v->cursor;
    v->path[v->npath++] = v->cursor;
}

static void left_press(sl_ui *ui, const sl_world *w, sl_view *v, bool shift)
{
    const sl_layout *L = &ui->lay;
    v->press_x = v->mouse_x;
    v->press_y = v->mouse_y;
    if (v->hover_button >= 0) {
        input_action(ui, w, v, button_action(v->hover_button));
        return;
    }
    if (v->tool == SL_TOOL_SELECT && play_click(ui, w, v))
        return;
    if (ui->opts.hud && in_rect(&L->panel, v->mouse_x, v->mouse_y)) {
        if (v->hover_unit_row >= 0) {
            sl_view_select_unit(v, v->hover_unit_row, shift);
            char name[SL_NAME_LEN + 8];
            snprintf(v->status, sizeof v->status, "Selected %s",
                     ui_unit_name(w, v, v->hover_unit_row, name, sizeof name));
        }
        return;
    }
    if (!v->mouse_in_table)
        return;
    if (v->tool == SL_TOOL_BLAST) {
        v->blast_pinned = !v->blast_pinned;
        v->blast_x = v->cursor.x / 1000.0;
        v->blast_y = v->cursor.y / 1000.0;
        v->blast_placed = true;
        return;
    }
    if (v->tool == SL_TOOL_PATH) {
        path_click(w, v);
        return;
    }
    v->pressed = true;
    v->box_a = v->box_b = v->cursor; /* where the press began, on the table */
    if (v->tool == SL_TOOL_SELECT) {
        int fig = figure_under(w, v, v->cursor);
        if (fig >= 0) {
            int u = w->scn.figures[fig].unit;
            sl_view_select_unit(v, u, shift);
            snprintf(v->status, sizeof v->status, "%s %s", v->selected[u] ? "Selected" : "Deselected",
                     w->scn.units[u].name);
            v->pressed = false;
        }
    }
}

static void left_motion(const sl_world *w, sl_view *v)
{
    if (!v->pressed)
        return;
    int dx = v->mouse_x - v->press_x, dy = v->mouse_y - v->press_y;
    bool far = dx * dx + dy * dy > DRAG_PX * DRAG_PX;
    if (v->tool == SL_TOOL_SELECT) {
        if (far)
            v->boxing = true;
        if (v->boxing)
            v->box_b = v->cursor;
    } else if (v->tool == SL_TOOL_RULER && far && !v->ruler.dragging) {
        /* a drag starts a fresh ruler where the button went down */
        sl_pt start = v->box_a;
        ruler_clear(v);
        ruler_add(w, v, start);
        v->ruler.dragging = true;
        v->ruler.finished = false;
    }
}

static void left_release(const sl_world *w, sl_view *v, bool shift)
{
    if (!v->pressed)
        return;
    v->pressed = false;
    if (v->tool == SL_TOOL_SELECT) {
        if (v->boxing) {
            v->boxing = false;
            box_select(w, v, shift);
        } else if (!shift) {
            sl_view_select_unit(v, -1, false);
            v->status[0] = '\0';
        }
        return;
    }
    if (v->tool == SL_TOOL_PEN) {
        pointer_release(v, shift);
        return;
    }
    sl_ruler *r = &v->ruler;
    if (r->dragging) {
        /* the drag's end is the ruler's end */
        r->dragging = false;
        ruler_add(w, v, v->cursor);
        r->finished = true;
        r->has_live = false;
    } else {
        /* a click adds a waypoint (or starts a ruler that follows the
         * pointer until Enter or a double click) */
        bool was_empty = r->npts == 0;
        ruler_add(w, v, v->cursor);
        if (was_empty)
            r->finished = false;
    }
}

/* A window event: true for those that need a redraw. */
static bool window_event(sl_view *v, const SDL_Event *e)
{
    if (e->window.event == SDL_WINDOWEVENT_LEAVE) {
        /* the pointer left the window: nothing is under it any more */
        v->mouse_in_table = false;
        v->hover_figure = v->hover_feature = -1;
        v->tip_off = true;
    }
    return e->window.event == SDL_WINDOWEVENT_RESIZED || e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
           e->window.event == SDL_WINDOWEVENT_EXPOSED || e->window.event == SDL_WINDOWEVENT_LEAVE;
}

static bool mouse_motion(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e)
{
    int x = (int)lroundf(e->motion.x * v->pixel_ratio), y = (int)lroundf(e->motion.y * v->pixel_ratio);
    if (v->panning) {
        v->cx -= (x - v->pan_last_x) / v->scale;
        v->cy -= (y - v->pan_last_y) / v->scale;
        v->pan_last_x = x;
        v->pan_last_y = y;
    }
    v->tip_off = false;
    v->mouse_x = x;
    v->mouse_y = y;
    input_update_hover(ui, w, v);
    left_motion(w, v);
    return true;
}

/* The left button down: a double click ends the ruler or the planned
 * move, a single one goes to left_press. */
static void left_down(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e, bool shift)
{
    if (e->button.clicks == 2 && v->tool == SL_TOOL_RULER && v->ruler.npts > 0) {
        v->ruler.finished = true;
        v->ruler.has_live = false;
        return;
    }
    if (e->button.clicks == 2 && v->tool == SL_TOOL_PATH && v->path_live) {
        input_action(ui, w, v, SL_ACT_FINISH);
        play_path_done(ui, w, v);
        return;
    }
    left_press(ui, w, v, shift);
}

static bool key_down(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift, bool ctrl);

static bool mouse_down(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e, bool shift, bool ctrl)
{
    v->tip_off = true;
    if (v->fog_waiting)
        return true; /* the table is covered for the hand-over */
    v->mouse_x = (int)lroundf(e->button.x * v->pixel_ratio);
    v->mouse_y = (int)lroundf(e->button.y * v->pixel_ratio);
    input_update_hover(ui, w, v);
    if (v->error_title[0] || v->show_help) {
        input_action(ui, w, v, SL_ACT_ESCAPE);
        return true;
    }
    if (e->button.button == SDL_BUTTON_LEFT) { /* the end card's buttons: their keys */
        SDL_Keycode k = ui_end_button_at(ui, v, (float)v->mouse_x, (float)v->mouse_y);
        if (k != SDLK_UNKNOWN)
            return key_down(ui, w, v, k, false, k == SDLK_q);
    }
    if (e->button.button == SDL_BUTTON_LEFT && pointer_click(v, ctrl))
        return true; /* a ping, never a command */
    if (e->button.button == SDL_BUTTON_LEFT) {
        if (!play_rolls_click(ui, v, (float)v->mouse_x, (float)v->mouse_y))
            left_down(ui, w, v, e, shift);
    } else if (e->button.button == SDL_BUTTON_RIGHT || e->button.button == SDL_BUTTON_MIDDLE) {
        if (v->mouse_in_table) {
            v->panning = true;
            v->pan_last_x = v->mouse_x;
            v->pan_last_y = v->mouse_y;
        }
    }
    return true;
}

/* The wheel over the side panel: the dice log scrolls at its foot (in a
 * game), the force list above it. */
static void panel_scroll(sl_view *v, const SDL_FRect *P, float amount)
{
    bool log = v->play && v->play->on && v->mouse_y >= P->y + P->h - floorf(P->h * 0.42f);
    int step = amount > 0 ? 1 : -1;
    if (log) {
        v->pick.log_scroll += 3 * step;
        if (v->pick.log_scroll < 0)
            v->pick.log_scroll = 0;
    } else {
        v->forces_scroll -= step;
        if (v->forces_scroll > v->forces_more)
            v->forces_scroll = v->forces_more;
        if (v->forces_scroll < 0)
            v->forces_scroll = 0;
    }
}

/* The wheel: scrolls the side panel under the pointer, else zooms about
 * the pointer (the table's middle when it is off the table). */
static bool wheel(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e)
{
    float amount = e->wheel.preciseY;
    if (e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
        amount = -amount;
    if (amount == 0.0f)
        return false;
    const SDL_FRect *P = &ui->lay.panel;
    if (P->w > 0 && v->mouse_x >= P->x && v->mouse_y >= P->y && v->mouse_y < P->y + P->h) {
        panel_scroll(v, P, amount);
        return true;
    }
    float sx = v->mouse_in_table ? (float)v->mouse_x : ui->lay.table.x + ui->lay.table.w / 2;
    float sy = v->mouse_in_table ? (float)v->mouse_y : ui->lay.table.y + ui->lay.table.h / 2;
    view_zoom_at(v, &ui->lay.table, sx, sy, pow(1.15, amount));
    input_update_hover(ui, w, v);
    return true;
}

/* Zoom by `factor` about the table's middle. */
static void zoom_middle(sl_ui *ui, sl_view *v, double factor)
{
    view_zoom_at(v, &ui->lay.table, ui->lay.table.x + ui->lay.table.w / 2, ui->lay.table.y + ui->lay.table.h / 2,
                 factor);
}

static bool text_input(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e)
{
    if (play_text(ui, w, v, e->text.text))
        return true;
    if (strcmp(e->text.text, "?") == 0) {
        input_action(ui, w, v, SL_ACT_HELP);
        return true;
    }
    if (strcmp(e->text.text, "+") == 0) {
        zoom_middle(ui, v, 1.25);
        return true;
    }
    return false;
}

/* The viewer's keys that are an action of their own. */
static const struct {
    SDL_Keycode k;
    sl_action a;
} action_keys[] = {
    {SDLK_F1, SL_ACT_HELP},
    {SDLK_ESCAPE, SL_ACT_ESCAPE},
    {SDLK_r, SL_ACT_RULER_TOOL},
    {SDLK_s, SL_ACT_SELECT_TOOL},
    {SDLK_g, SL_ACT_GRID},
    {SDLK_l, SL_ACT_LABELS},
    {SDLK_HOME, SL_ACT_FIT},
    {SDLK_F12, SL_ACT_SCREENSHOT},
    {SDLK_F2, SL_ACT_UI_SCALE},
    {SDLK_m, SL_ACT_PATH_TOOL},
    {SDLK_b, SL_ACT_BLAST_TOOL},
    {SDLK_v, SL_ACT_BANDS},
    {SDLK_i, SL_ACT_INTEGRITY},
    {SDLK_t, SL_ACT_NEXT_TARGET},
    {SDLK_RIGHTBRACKET, SL_ACT_BLAST_BIGGER},
    {SDLK_LEFTBRACKET, SL_ACT_BLAST_SMALLER},
};

/* Shift+F10: how long the last command's rolls stay before they fade:
 * 6, 12, 20 seconds, or until the next command. */
static void dice_time(sl_view *v)
{
    static const int secs[] = {6, 12, 20, 0};
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (secs[i] == v->dice_secs)
            k = (i + 1) % 4;
    v->dice_secs = secs[k];
    v->rolls_timed = -1; /* the clock starts again for the rolls shown */
    if (v->dice_secs > 0)
        snprintf(v->status, sizeof v->status, "The rolls fade %d seconds after they show (Shift+F10: longer)", v->dice_secs);
    else
        snprintf(v->status, sizeof v->status, "The rolls stay until the next command (Esc or a click closes them)");
}

/* The viewer's other keys: the panel and the bar (F3, F4), quitting,
 * panning, zooming, the next unit, the ruler's or move's last point
 * taken back or the line finished. False for a key that is none. */
static bool viewer_key(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift, bool ctrl)
{
    float pan = 0.15f * ui->lay.table.w / (float)v->scale;
    float panv = 0.15f * ui->lay.table.h / (float)v->scale;
    switch (k) {
    case SDLK_F3:
        v->hide_panel = !v->hide_panel;
        v->fitted = false;
        snprintf(v->status, sizeof v->status, "%s", v->hide_panel ? "Side panel hidden (F3 shows it)" : "Side panel shown");
        break;
    case SDLK_F10:
        if (shift) {
            dice_time(v);
            break;
        }
        v->layout = sl_view_presenting(v) ? SL_LAYOUT_TABLE : SL_LAYOUT_PRESENTATION;
        v->fitted = false;
        snprintf(v->status, sizeof v->status, "%s",
                 v->layout == SL_LAYOUT_PRESENTATION
                     ? "Presentation: the table kept clear, cards and dice in the strip beside it (F10: back)"
                     : "Table layout: cards and dice on the table, the side panel beside it (F10: presentation)");
        break;
    case SDLK_F4:
        ui_bar_all_step(ui, v, v->status, sizeof v->status);
        break;
    case SDLK_q:
        if (ctrl)
            input_action(ui, w, v, SL_ACT_QUIT);
        break;
    case SDLK_LEFT: v->cx -= pan; break;
    case SDLK_RIGHT: v->cx += pan; break;
    case SDLK_UP: v->cy -= panv; break;
    case SDLK_DOWN: v->cy += panv; break;
    case SDLK_EQUALS:
    case SDLK_KP_PLUS:
        if (k == SDLK_KP_PLUS || !shift)
            zoom_middle(ui, v, 1.25);
        break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: zoom_middle(ui, v, 1 / 1.25); break;
    case SDLK_TAB: select_next(w, v, shift ? -1 : 1); break;
    case SDLK_BACKSPACE:
        if (v->tool == SL_TOOL_PATH)
            path_pop(v);
        else
            ruler_pop(v);
        break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        input_action(ui, w, v, SL_ACT_FINISH);
        play_path_done(ui, w, v);
        break;
    default: return false;
    }
    return true;
}

/* A key: the help's pages while it is up, the hidden units' views, the
 * game's keys, then the viewer's. */
static bool key_down(sl_ui *ui, const sl_world *w, sl_view *v, SDL_Keycode k, bool shift, bool ctrl)
{
    v->tip_off = true; /* the tooltip waits for the pointer to move again */
    if (v->show_help && !v->error_title[0] &&
        (k == SDLK_PAGEDOWN || k == SDLK_PAGEUP || k == SDLK_SPACE || k == SDLK_RIGHT || k == SDLK_LEFT)) {
        /* the help's pages (drawing wraps the number round) */
        v->help_page += k == SDLK_PAGEUP || k == SDLK_LEFT ? -1 : 1;
        return true;
    }
    if (ui_fog_key(v, k))
        return true; /* views, hand-over screens; nothing reaches a covered table */
    if (!v->error_title[0] && !v->show_help && !v->pick.typing && pointer_key(v, k, ctrl))
        return true; /* the demonstrator's pointer: never a command */
    if (!v->error_title[0] && !v->show_help && !ctrl && ui_end_key(v, k))
        return true; /* the game's end card */
    if (!v->error_title[0] && !v->show_help && play_key(ui, w, v, k, shift, ctrl)) {
        input_update_hover(ui, w, v);
        return true;
    }
    bool known = false;
    for (size_t i = 0; i < sizeof action_keys / sizeof action_keys[0] && !known; i++)
        if (action_keys[i].k == k) {
            input_action(ui, w, v, action_keys[i].a);
            known = true;
        }
    if (!known && !viewer_key(ui, w, v, k, shift, ctrl))
        return false;
    input_update_hover(ui, w, v);
    return true;
}

bool sl_input_event(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e)
{
    /* a key's own modifiers, not the keyboard's now: a slow frame must
     * not lose the Shift of a Shift+key already let go */
    SDL_Keymod mod = e->type == SDL_KEYDOWN || e->type == SDL_KEYUP ? (SDL_Keymod)e->key.keysym.mod : SDL_GetModState();
    bool shift = (mod & KMOD_SHIFT) != 0, ctrl = (mod & KMOD_CTRL) != 0;
    switch (e->type) {
    case SDL_QUIT:
        v->quit = true;
        return true;
    case SDL_WINDOWEVENT: return window_event(v, e);
    case SDL_MOUSEMOTION: return mouse_motion(ui, w, v, e);
    case SDL_MOUSEBUTTONDOWN: return mouse_down(ui, w, v, e, shift, ctrl);
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT)
            left_release(w, v, shift);
        else
            v->panning = false;
        input_update_hover(ui, w, v);
        return true;
    case SDL_MOUSEWHEEL: return wheel(ui, w, v, e);
    case SDL_TEXTINPUT: return text_input(ui, w, v, e);
    case SDL_KEYDOWN: return key_down(ui, w, v, e->key.keysym.sym, shift, ctrl);
    default: return false;
    }
}
