/* Toolbar, status bar, tooltip, help overlay and error box (the side
 * panel is panel.c, the action bar actionbar.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

const char *hud_button_label(sl_button_id b, bool compact)
{
    static const char *const full[SL_BTN_COUNT] = {
        [SL_BTN_SELECT] = "Select [S]", [SL_BTN_RULER] = "Ruler [R]",     [SL_BTN_PATH] = "Move [M]",
        [SL_BTN_BLAST] = "Blast [B]",   [SL_BTN_BANDS] = "Bands [V]",     [SL_BTN_INTEGRITY] = "Integrity [I]",
        [SL_BTN_FIT] = "Fit [Home]",    [SL_BTN_GRID] = "Grid [G]",       [SL_BTN_LABELS] = "Labels [L]",
        [SL_BTN_HELP] = "Help [F1]",    [SL_BTN_SHOT] = "Screenshot [F12]",
    };
    static const char *const keys[SL_BTN_COUNT] = {
        [SL_BTN_SELECT] = "S", [SL_BTN_RULER] = "R",   [SL_BTN_PATH] = "M",  [SL_BTN_BLAST] = "B",
        [SL_BTN_BANDS] = "V",  [SL_BTN_INTEGRITY] = "I", [SL_BTN_FIT] = "Home", [SL_BTN_GRID] = "G",
        [SL_BTN_LABELS] = "L", [SL_BTN_HELP] = "F1",   [SL_BTN_SHOT] = "F12",
    };
    if ((int)b < 0 || b >= SL_BTN_COUNT)
        return "";
    return compact ? keys[b] : full[b];
}

static bool button_on(const sl_view *v, sl_button_id b)
{
    switch (b) {
    case SL_BTN_SELECT: return v->tool == SL_TOOL_SELECT;
    case SL_BTN_RULER: return v->tool == SL_TOOL_RULER;
    case SL_BTN_PATH: return v->tool == SL_TOOL_PATH;
    case SL_BTN_BLAST: return v->tool == SL_TOOL_BLAST;
    case SL_BTN_BANDS: return (v->overlays & SL_OVERLAY_BANDS) != 0;
    case SL_BTN_INTEGRITY: return (v->overlays & SL_OVERLAY_INTEGRITY) != 0;
    case SL_BTN_GRID: return v->show_grid;
    case SL_BTN_LABELS: return v->show_labels;
    case SL_BTN_HELP: return v->show_help;
    default: return false;
    }
}

static void draw_toolbar(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    gfx_rect(ui->ren, L->toolbar.x, L->toolbar.y, L->toolbar.w, L->toolbar.h, ui_pal.panel);
    gfx_rect(ui->ren, L->toolbar.x, L->toolbar.y + L->toolbar.h - 1.0f * s, L->toolbar.w, 1.0f * s, ui_pal.rule);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    float right = 0;
    for (int b = 0; b < SL_BTN_COUNT; b++) {
        SDL_FRect r = L->buttons[b];
        bool on = button_on(v, (sl_button_id)b), hover = v->hover_button == b;
        sl_rgba bg = on ? ui_pal.accent : hover ? ui_pal.hover : ui_pal.button;
        gfx_rect(ui->ren, r.x, r.y, r.w, r.h, bg);
        gfx_rect_outline(ui->ren, r.x, r.y, r.w, r.h, 1.0f * s, on ? sl_rgba_make(0, 0, 0, 255) : ui_pal.rule);
        text_draw(&ui->text, SL_FONT_NORMAL, hud_button_label((sl_button_id)b, ui->lay.compact), r.x + r.w / 2,
                  r.y + (r.h - th) / 2,
                  on ? sl_rgba_make(0, 0, 0, 255) : ui_pal.text, SL_ALIGN_CENTRE);
        right = r.x + r.w;
    }
    /* the scenario's name, right-aligned, when there is room */
    char title[200];
    snprintf(title, sizeof title, "%s", w->scn.name[0] ? w->scn.name : w->scn.table.name);
    float tw = (float)text_width(&ui->text, SL_FONT_BOLD, title);
    float x = L->toolbar.w - 12 * s;
    if (x - tw > right + 20 * s)
        text_draw(&ui->text, SL_FONT_BOLD, title, x, (L->toolbar.h - th) / 2, ui_pal.text, SL_ALIGN_RIGHT);
}

static const char *tool_name(sl_tool t)
{
    switch (t) {
    case SL_TOOL_RULER: return "Ruler";
    case SL_TOOL_PATH: return "Move";
    case SL_TOOL_BLAST: return "Blast";
    default: return "Select";
    }
}

static void draw_status(sl_ui *ui, const sl_world *w, const sl_view *v, const sl_cam *cam)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    SDL_FRect r = L->status;
    gfx_rect(ui->ren, r.x, r.y, r.w, r.h, ui_pal.panel);
    gfx_rect(ui->ren, r.x, r.y, r.w, 1.0f * s, ui_pal.rule);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    float y = r.y + (r.h - th) / 2, x = r.x + 12 * s;
    char buf[400];
    if (v->mouse_in_table)
        snprintf(buf, sizeof buf, "x %6.2f\"  y %6.2f\"", v->cursor.x / 1000.0, v->cursor.y / 1000.0);
    else
        snprintf(buf, sizeof buf, "x    -    y    -   ");
    x += text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, ui_pal.accent, SL_ALIGN_LEFT) + 18 * s;
    snprintf(buf, sizeof buf, "%.1f px/inch", cam->scale);
    x += text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, ui_pal.dim, SL_ALIGN_LEFT) + 18 * s;
    snprintf(buf, sizeof buf, "Tool: %s", tool_name(v->tool));
    x += text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, ui_pal.text, SL_ALIGN_LEFT) + 18 * s;
    if (v->status[0]) {
        char fit[1100];
        text_fit(&ui->text, SL_FONT_NORMAL, v->status, r.w - x - 12 * s, fit, sizeof fit);
        text_draw(&ui->text, SL_FONT_NORMAL, fit, x, y, ui_pal.text, SL_ALIGN_LEFT);
    } else if (v->hover_figure >= 0) {
        ui_describe_figure(w, v->hover_figure, buf, sizeof buf);
        text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, ui_pal.text, SL_ALIGN_LEFT);
    } else if (v->hover_feature >= 0) {
        ui_describe_feature(w, v->hover_feature, buf, sizeof buf);
        text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, ui_pal.text, SL_ALIGN_LEFT);
    } else if (v->tool == SL_TOOL_RULER) {
        text_draw(&ui->text, SL_FONT_NORMAL,
                  "Drag from a point or a figure; click to add waypoints; Backspace undoes; Esc clears",
                  x, y, ui_pal.dim, SL_ALIGN_LEFT);
    } else if (v->tool == SL_TOOL_PATH) {
        text_draw(&ui->text, SL_FONT_NORMAL,
                  "Click by the selected unit, then click waypoints; Enter ends; Backspace undoes; Esc clears",
                  x, y, ui_pal.dim, SL_ALIGN_LEFT);
    } else if (v->tool == SL_TOOL_BLAST) {
        text_draw(&ui->text, SL_FONT_NORMAL, "Click to pin or free the template; [ and ] change its size; Esc clears",
                  x, y, ui_pal.dim, SL_ALIGN_LEFT);
    } else {
        text_draw(&ui->text, SL_FONT_NORMAL, "F1 or ? for help", x, y, ui_pal.dim, SL_ALIGN_LEFT);
    }
}

static void draw_tooltip(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    if (!v->mouse_in_table || v->panning || v->boxing || v->ruler.dragging || v->tip_off)
        return;
    char buf[400];
    if (v->hover_figure >= 0)
        ui_describe_figure(w, v->hover_figure, buf, sizeof buf);
    else if (v->hover_feature >= 0)
        ui_describe_feature(w, v->hover_feature, buf, sizeof buf);
    else
        return;
    float s = ui->lay.s, pad = 6 * s;
    const SDL_FRect *T = &ui->lay.table;
    char fit[400];
    text_fit(&ui->text, SL_FONT_SMALL, buf, fminf(T->w - 4 * pad, 720 * s), fit, sizeof fit);
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, fit), th = (float)text_height(&ui->text, SL_FONT_SMALL);
    /* close to the pointer, below right, else the other sides of it; kept
     * inside the table and off the cards (the card is what the player
     * reads then): none at all when every side is covered */
    float gap = 14 * s;
    const float spots[4][2] = {{v->mouse_x + gap, v->mouse_y + gap},
                               {v->mouse_x - gap - tw, v->mouse_y + gap},
                               {v->mouse_x + gap, v->mouse_y - gap - th},
                               {v->mouse_x - gap - tw, v->mouse_y - gap - th}};
    for (int i = 0; i < 4; i++) {
        float x = spots[i][0], y = spots[i][1];
        x = fmaxf(T->x + pad, fminf(x, T->x + T->w - tw - pad));
        y = fmaxf(T->y + pad, fminf(y, T->y + T->h - th - pad));
        SDL_FRect r = {x - pad, y - pad, tw + 2 * pad, th + 2 * pad};
        if (r.x <= v->mouse_x && v->mouse_x <= r.x + r.w && r.y <= v->mouse_y && v->mouse_y <= r.y + r.h)
            continue; /* never under the pointer */
        if (ui_card_covers(ui, &r))
            continue;
        text_draw_boxed(&ui->text, SL_FONT_SMALL, fit, x, y, ui_pal.text, sl_rgba_make(10, 10, 12, 230), pad, SL_ALIGN_LEFT);
        return;
    }
}

/* Help: every key and gesture, and a legend of what the table shows. */
static void draw_help(sl_ui *ui, const sl_world *w, int page)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    static const char *const keys[][2] = {
        {"F1 or ?", "Show or hide this help"},
        {"Left click", "Select a figure's unit (Shift adds or removes)"},
        {"Left drag", "Select the units inside a box"},
        {"Tab / Shift+Tab", "Select the next / previous unit"},
        {"Esc", "Clear the ruler, the selection, or close this"},
        {"Right or middle drag", "Pan the table"},
        {"Arrow keys", "Pan the table"},
        {"Wheel, + and -", "Zoom about the cursor"},
        {"Home", "Fit the whole table in view"},
        {"R", "Ruler: drag to measure, click to add waypoints"},
        {"M", "Plan a move for the selected unit (cost and 6\" marks)"},
        {"Backspace, Enter", "Remove the last waypoint / finish the line"},
        {"B, [ and ]", "Blast template (3, 4, 6, 10\"); click to pin it"},
        {"V", "Range bands of the selected unit, cut to its sight"},
        {"Hover an enemy, T", "Sight line and verdict to it (T: next target)"},
        {"I", "Integrity circle of every unit"},
        {"S", "Back to the selection tool"},
        {"G", "Show or hide a 6-inch grid"},
        {"L", "Show or hide unit labels"},
        {"F2", "Make text and controls larger (for projectors)"},
        {"F3  /  F4", "Hide the side panel  /  every action in the bar, or only what may be done now"},
        {"F12", "Save a screenshot (PNG) in the current folder"},
        {"1, 2 ... / N", "In a game: answer a decision (opportunity fire: choose, then Enter; N: let it pass)"},
        {"A  E  D  Shift+P", "Activate; end the activation; done for the turn; pass"},
        {"M  C  F  P", "Move, combat move, fire, In Position (see the action bar)"},
        {"Shift+M", "Form a travel column (double moves, nothing else; O reorganises back)"},
        {"Shift+F/G", "Call fire: general purpose, then the other warheads (click where it lands)"},
        {"Shift+B", "Artillery crew: deploy the piece to fire, or pack it up to move"},
        {"W  F  Shift+F  Shift+T", "SkirmishCorps: spot, snap shot, aimed shot, throw (then 1-5: what the players' roll did)"},
        {"Shift+H  Shift+S  Shift+B", "SkirmishCorps: charge, spring attack from hiding, break off (draw the way)"},
        {"U  O  X  K  Y  W  H", "Unsuppress, reorganise, transfer, talk, rally, observe, assault"},
        {"Ctrl+Z  /  :", "Undo the last command  /  type a command"},
        {"Shift+O  /  F5", "Overwatch (house rule; SkirmishCorps too)  /  solo: the program plays a side, then both"},
        {"F6  /  F7", "Hidden units: whose view (players', a side's, referee's)  /  hand-over screens"},
        {"Up/Down  Shift  +/-", "Ambush: the column's order and gaps (Enter writes it)"},
        {"Click road, W", "Ambush: spring with the lead there (or Left/Right, Enter); W waits"},
        {"T  Shift+T  1 2 3", "Fireteams: orders to every team (one / both); activate team N"},
        {"J", "Fireteams: the squad leader alone, or joining the team's action"},
        {"Shift+X", "Detach men: click them, Enter (then X: transfer to SQUAD.D)"},
        {"PgUp / PgDn, wheel", "Scroll the dice log (the wheel over the forces scrolls them)"},
        {"Right / Left", "In a lesson (sightline lesson FILE): the next / previous step"},
        {"Ctrl+Q", "Quit"},
        {"Drop a file", "Open a scenario or map dropped on the window"},
    };
    int nk = (int)(sizeof keys / sizeof keys[0]);
    /* The keys flow down as many columns as the window's height needs,
     * the legend beside them. When they do not all fit across (large
     * text on a projector), they go on pages (PgDn); in small type only
     * when not even one column fits, and cut with an ellipsis only when
     * not even that does. */
    float legw = 0;
    static const char *const legend_widest[] = {"Difficult ground: soft cover, difficult going",
                                                "White ring: unit leader.  Bar: support weapon."};
    sl_font kf = SL_FONT_BOLD, df = SL_FONT_NORMAL;
    float lh = 0, keyw = 0, descw = 0, colgap = 24 * s, head = 0, foot = 0, avail = 0;
    int rows = nk, fit = 1;
    bool legend_apart = false; /* the legend on a page of its own, after the keys */
    for (int pass = 0; pass < 4; pass++) {
        kf = pass % 2 ? SL_FONT_SMALL : SL_FONT_BOLD;
        df = pass % 2 ? SL_FONT_SMALL : SL_FONT_NORMAL;
        legend_apart = pass >= 2;
        lh = (float)text_height(&ui->text, df) * 1.3f;
        head = (float)text_height(&ui->text, SL_FONT_TITLE) * 1.3f + 14 * s;
        foot = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.3f + 14 * s;
        keyw = descw = legw = 0;
        for (int i = 0; i < nk; i++) {
            keyw = fmaxf(keyw, (float)text_width(&ui->text, kf, keys[i][0]));
            descw = fmaxf(descw, (float)text_width(&ui->text, df, keys[i][1]));
        }
        for (size_t i = 0; i < sizeof legend_widest / sizeof legend_widest[0]; i++)
            legw = fmaxf(legw, lh + 8 * s + (float)text_width(&ui->text, SL_FONT_SMALL, legend_widest[i]));
        rows = (int)((L->h - 40 * s - head - foot) / lh);
        if (rows < 1)
            rows = 1;
        avail = L->w - 80 * s - (legend_apart ? 0 : legw);
        fit = (int)(avail / (keyw + 14 * s + descw + colgap));
        if (fit >= 1)
            break;
    }
    if (fit < 1) {
        fit = 1;
        descw = fmaxf(40 * s, avail - keyw - 14 * s - colgap);
    }
    int need = (nk + rows - 1) / rows;
    int ncols = need < fit ? need : fit;
    int per_page = ncols * rows;
    int key_pages = (nk + per_page - 1) / per_page;
    /* apart, the terrain and the sides side by side if they fit, else
     * a page each */
    bool pair = 40 * s + 2 * legw + colgap <= L->w - 40 * s;
    int npages = key_pages + (legend_apart ? (pair ? 1 : 2) : 0);
    if (key_pages == 1)
        rows = (nk + ncols - 1) / ncols; /* balance the columns */
    page = ((page % npages) + npages) % npages;
    bool legend_here = legend_apart ? page >= key_pages : true;
    bool terrain_here = legend_here && (!legend_apart || page == key_pages);
    bool sides_here = legend_here && (!legend_apart || pair || page == key_pages + 1);
    float keys_w = page < key_pages ? ncols * (keyw + 14 * s + descw + colgap) : 0;
    float bw = 40 * s + keys_w + (legend_here ? legw : 0);
    if (legend_apart)
        bw = 40 * s + fmaxf(ncols * (keyw + 14 * s + descw + colgap), pair ? 2 * legw + colgap : legw);
    if (bw > L->w - 40 * s)
        bw = L->w - 40 * s;
    float legh = lh * (legend_apart ? 12 : 17);
    float bh = fminf(L->h - 40 * s, head + fmaxf(rows * lh, legh) + foot);
    float bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 120));
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(24, 26, 30, 245));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 2 * s, ui_pal.accent);
    float x = bx + 20 * s, y = by + 14 * s;
    text_draw(&ui->text, SL_FONT_TITLE, "sightline \xE2\x80\x94 keys and mouse", x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, SL_FONT_TITLE) * 1.3f;
    for (int j = 0; page < key_pages && j < per_page && page * per_page + j < nk; j++) {
        int i = page * per_page + j;
        float cx = x + (float)(j / rows) * (keyw + 14 * s + descw + colgap);
        float ky = y + (float)(j % rows) * lh;
        char cut[200];
        text_fit(&ui->text, df, keys[i][1], descw, cut, sizeof cut);
        text_draw(&ui->text, kf, keys[i][0], cx, ky, ui_pal.accent, SL_ALIGN_LEFT);
        text_draw(&ui->text, df, cut, cx + keyw + 14 * s, ky, ui_pal.text, SL_ALIGN_LEFT);
    }
    char footer[160];
    if (npages > 1)
        snprintf(footer, sizeof footer, "Page %d of %d: PgDn or Space for the next, PgUp back; F1 or Esc closes",
                 page + 1, npages);
    else
        snprintf(footer, sizeof footer, "F1 or Esc closes this; the action bar shows each unit's actions and keys");
    text_draw(&ui->text, SL_FONT_SMALL, footer, x, by + bh - foot + 4 * s, npages > 1 ? ui_pal.accent : ui_pal.dim,
              SL_ALIGN_LEFT);
    if (!legend_here)
        return;
    float colw = legend_apart ? 10 * s : 20 * s + keys_w - 10 * s;
    /* legend: terrain swatches drawn with the same patterns as the table */
    float lx = bx + colw + 10 * s, ly = y;
    if (terrain_here)
        text_draw(&ui->text, SL_FONT_BOLD, "Terrain", lx, ly, ui_pal.accent, SL_ALIGN_LEFT);
    ly += lh;
    static const sl_terrain_kind order[] = {SL_TERRAIN_WOODS, SL_TERRAIN_BUILDING, SL_TERRAIN_WALL, SL_TERRAIN_HEDGE,
                                            SL_TERRAIN_HILL, SL_TERRAIN_ROAD, SL_TERRAIN_ROUGH, SL_TERRAIN_DIFFICULT,
                                            SL_TERRAIN_WATER, SL_TERRAIN_RUBBLE};
    for (size_t i = 0; terrain_here && i < sizeof order / sizeof order[0]; i++) {
        const sl_terrain_defaults *k = sl_terrain_kind_info(order[i]);
        /* a small square of that terrain, drawn by the scene's own code */
        sl_rgba sw;
        switch (order[i]) {
        case SL_TERRAIN_WOODS: sw = sl_rgba_make(52, 104, 52, 255); break;
        case SL_TERRAIN_BUILDING: sw = sl_rgba_make(150, 128, 112, 255); break;
        case SL_TERRAIN_WALL: sw = sl_rgba_make(170, 168, 160, 255); break;
        case SL_TERRAIN_HEDGE: sw = sl_rgba_make(44, 116, 44, 255); break;
        case SL_TERRAIN_HILL: sw = sl_rgba_make(196, 168, 112, 255); break;
        case SL_TERRAIN_ROAD: sw = sl_rgba_make(214, 198, 160, 255); break;
        case SL_TERRAIN_ROUGH: sw = sl_rgba_make(160, 140, 90, 255); break;
        case SL_TERRAIN_DIFFICULT: sw = sl_rgba_make(128, 96, 62, 255); break;
        case SL_TERRAIN_WATER: sw = sl_rgba_make(70, 128, 196, 255); break;
        default: sw = sl_rgba_make(140, 134, 124, 255); break;
        }
        float q = lh * 0.8f;
        gfx_rect(ui->ren, lx, ly, q, q, sw);
        float sq[8] = {lx, ly, lx + q, ly, lx + q, ly + q, lx, ly + q};
        switch (order[i]) {
        case SL_TERRAIN_BUILDING:
            gfx_hatch(ui->ren, sq, 4, 0, 0, 6 * s, 45, 1.5f * s, sl_rgba_make(112, 94, 82, 255));
            break;
        case SL_TERRAIN_DIFFICULT:
        case SL_TERRAIN_RUBBLE:
            gfx_hatch(ui->ren, sq, 4, 0, 0, 6 * s, 45, 1.2f * s, sl_rgba_make(70, 50, 30, 230));
            gfx_hatch(ui->ren, sq, 4, 0, 0, 6 * s, 135, 1.2f * s, sl_rgba_make(70, 50, 30, 230));
            break;
        case SL_TERRAIN_WATER:
            gfx_hatch(ui->ren, sq, 4, 0, 0, 5 * s, 0, 1.5f * s, sl_rgba_make(178, 214, 242, 230));
            break;
        case SL_TERRAIN_WOODS:
            gfx_disc(ui->ren, lx + q * 0.3f, ly + q * 0.35f, q * 0.22f, sl_rgba_make(30, 82, 30, 255));
            gfx_disc(ui->ren, lx + q * 0.68f, ly + q * 0.62f, q * 0.25f, sl_rgba_make(30, 82, 30, 255));
            break;
        default:
            break;
        }
        gfx_rect_outline(ui->ren, lx, ly, q, q, 1.5f * s, sl_rgba_make(0, 0, 0, 255));
        char buf[160];
        snprintf(buf, sizeof buf, "%s: %s, %s going", k->label, sl_cover_phrase(k->cover), sl_going_name(k->going));
        text_draw(&ui->text, SL_FONT_SMALL, buf, lx + q + 8 * s, ly, ui_pal.text, SL_ALIGN_LEFT);
        ly += lh * 0.95f;
    }
    if (legend_apart) { /* apart: the sides beside the terrain, or on their own page */
        if (terrain_here)
            lx += legw + colgap;
        ly = y;
    } else {
        ly += lh * 0.4f;
    }
    if (!sides_here)
        return;
    text_draw(&ui->text, SL_FONT_BOLD, "Sides", lx, ly, ui_pal.accent, SL_ALIGN_LEFT);
    ly += lh;
    for (int sd = 0; sd < w->scn.nsides; sd++) {
        ui_side_swatch(ui, w, sd, lx + 9 * s, ly + lh * 0.4f, 8 * s);
        char buf[160];
        snprintf(buf, sizeof buf, "%s (%s)", w->scn.sides[sd].name, sl_marker_name(w->scn.sides[sd].marker));
        text_draw(&ui->text, SL_FONT_SMALL, buf, lx + 24 * s, ly, ui_pal.text, SL_ALIGN_LEFT);
        ly += lh * 0.95f;
    }
    text_draw(&ui->text, SL_FONT_SMALL, "White ring: unit leader.  Bar: support weapon.", lx, ly, ui_pal.dim, SL_ALIGN_LEFT);
}

static void draw_error(sl_ui *ui, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    float s = L->s;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.25f;
    int lines = 1;
    for (const char *p = v->error_text; *p; p++)
        lines += *p == '\n';
    float bw = fminf(1100 * s, L->w - 40 * s), bh = fminf(L->h - 40 * s, lh * (lines + 4));
    float bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 140));
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(40, 20, 20, 250));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 3 * s, sl_rgba_make(213, 94, 0, 255));
    SDL_Rect clip = {(int)bx, (int)by, (int)bw, (int)bh};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float x = bx + 18 * s, y = by + 12 * s;
    text_draw(&ui->text, SL_FONT_LARGE, v->error_title, x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += lh * 1.4f;
    char line[600];
    const char *p = v->error_text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (n >= sizeof line)
            n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = '\0';
        text_draw(&ui->text, SL_FONT_NORMAL, line, x, y, ui_pal.text, SL_ALIGN_LEFT);
        y += lh;
        p = nl ? nl + 1 : p + n;
    }
    text_draw(&ui->text, SL_FONT_SMALL, "Esc closes this message.", x, by + bh - lh, ui_pal.dim, SL_ALIGN_LEFT);
    SDL_RenderSetClipRect(ui->ren, NULL);
}

void hud_draw(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (ui->opts.hud) {
        draw_toolbar(ui, w, v);
        play_draw_bar(ui, w, v);
        panel_draw(ui, w, v);
        if (!ui->frame_split) {
            draw_status(ui, w, v, cam);
            draw_tooltip(ui, w, v);
        }
    }
    play_draw_modal(ui, v);
    if (v->show_help)
        draw_help(ui, w, v->help_page);
    if (v->error_title[0])
        draw_error(ui, v);
}

void hud_draw_live(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (!ui->opts.hud)
        return;
    draw_status(ui, w, v, cam);
    draw_tooltip(ui, w, v);
}
