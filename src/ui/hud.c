/* Toolbar, side panel, status bar, tooltip, help overlay and error box. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

static const sl_rgba C_PANEL = {28, 30, 34, 255};
static const sl_rgba C_PANEL2 = {40, 43, 48, 255};
static const sl_rgba C_TEXT = {236, 236, 236, 255};
static const sl_rgba C_DIM = {170, 174, 180, 255};
static const sl_rgba C_ACCENT = {240, 228, 66, 255};
static const sl_rgba C_RULE = {70, 74, 80, 255};

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
    gfx_rect(ui->ren, L->toolbar.x, L->toolbar.y, L->toolbar.w, L->toolbar.h, C_PANEL);
    gfx_rect(ui->ren, L->toolbar.x, L->toolbar.y + L->toolbar.h - 1.0f * s, L->toolbar.w, 1.0f * s, C_RULE);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    float right = 0;
    for (int b = 0; b < SL_BTN_COUNT; b++) {
        SDL_FRect r = L->buttons[b];
        bool on = button_on(v, (sl_button_id)b), hover = v->hover_button == b;
        sl_rgba bg = on ? C_ACCENT : hover ? sl_rgba_make(70, 75, 82, 255) : C_PANEL2;
        gfx_rect(ui->ren, r.x, r.y, r.w, r.h, bg);
        gfx_rect_outline(ui->ren, r.x, r.y, r.w, r.h, 1.0f * s, on ? sl_rgba_make(0, 0, 0, 255) : C_RULE);
        text_draw(&ui->text, SL_FONT_NORMAL, hud_button_label((sl_button_id)b, ui->lay.compact), r.x + r.w / 2,
                  r.y + (r.h - th) / 2,
                  on ? sl_rgba_make(0, 0, 0, 255) : C_TEXT, SL_ALIGN_CENTRE);
        right = r.x + r.w;
    }
    /* the scenario's name, right-aligned, when there is room */
    char title[200];
    snprintf(title, sizeof title, "%s", w->scn.name[0] ? w->scn.name : w->scn.table.name);
    float tw = (float)text_width(&ui->text, SL_FONT_BOLD, title);
    float x = L->toolbar.w - 12 * s;
    if (x - tw > right + 20 * s)
        text_draw(&ui->text, SL_FONT_BOLD, title, x, (L->toolbar.h - th) / 2, C_TEXT, SL_ALIGN_RIGHT);
}

/* A label: value line in the panel; returns the next y. */
static float kv(sl_ui *ui, float x, float y, float w, const char *k, const char *val)
{
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL);
    char fit[256];
    text_draw(&ui->text, SL_FONT_NORMAL, k, x, y, C_DIM, SL_ALIGN_LEFT);
    text_fit(&ui->text, SL_FONT_NORMAL, val, w * 0.62f, fit, sizeof fit);
    text_draw(&ui->text, SL_FONT_NORMAL, fit, x + w * 0.38f, y, C_TEXT, SL_ALIGN_LEFT);
    return y + lh * 1.15f;
}

static float heading(sl_ui *ui, float x, float y, float w, const char *text)
{
    float s = ui->lay.s;
    float lh = (float)text_height(&ui->text, SL_FONT_BOLD);
    y += 6 * s;
    text_draw(&ui->text, SL_FONT_BOLD, text, x, y, C_ACCENT, SL_ALIGN_LEFT);
    y += lh + 2 * s;
    gfx_rect(ui->ren, x, y, w, 1.0f * s, C_RULE);
    return y + 6 * s;
}

static void side_swatch(sl_ui *ui, const sl_world *w, int side, float x, float y, float r)
{
    float s = ui->lay.s;
    gfx_disc(ui->ren, x, y, r + 1.2f * s, sl_rgba_make(0, 0, 0, 255));
    gfx_disc(ui->ren, x, y, r, ui_side_colour(w, side));
    sl_marker m = side >= 0 && side < w->scn.nsides ? w->scn.sides[side].marker : SL_MARKER_TRIANGLE;
    gfx_marker(ui->ren, m, x, y, r * 0.6f, sl_rgba_make(255, 255, 255, 255));
}

static float unit_card(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, float x, float y, float wd)
{
    const sl_unit *u = &w->scn.units[ui_unit];
    float s = ui->lay.s;
    char buf[160];
    float lh = (float)text_height(&ui->text, SL_FONT_LARGE);
    side_swatch(ui, w, u->side, x + 10 * s, y + lh / 2, 9 * s);
    text_draw(&ui->text, SL_FONT_LARGE, u->name, x + 26 * s, y, C_TEXT, SL_ALIGN_LEFT);
    y += lh * 1.1f;
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %s", u->id, w->scn.sides[u->side].name);
    text_draw(&ui->text, SL_FONT_SMALL, buf, x, y, C_DIM, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, SL_FONT_SMALL) * 1.3f;
    if (play_on(v)) {
        y = heading(ui, x, y, wd, "In the game");
        y = play_draw_unit_state(ui, w, v, ui_unit, x, y, wd);
    }

    if (u->squad >= 0) {
        y = heading(ui, x, y, wd, "Fireteam");
        snprintf(buf, sizeof buf, "team %d of %s", u->team_no, w->scn.units[u->squad].name);
        y = kv(ui, x, y, wd, "Part of", buf);
        y = kv(ui, x, y, wd, "Its own", "suppression, In Position, overwatch");
        y = kv(ui, x, y, wd, "The squad's", "quality, leadership, confidence, panic");
    }
    if (u->parent >= 0) {
        y = heading(ui, x, y, wd, "Detached element (DET)");
        y = kv(ui, x, y, wd, "Sent from", w->scn.units[u->parent].name);
        snprintf(buf, sizeof buf, "transfer %s to %s", w->scn.units[u->parent].id, u->id);
        y = kv(ui, x, y, wd, "Acts on", buf);
        y = kv(ui, x, y, wd, "Rejoins", "back in unit integrity");
    }
    sl_squad_integrity si;
    if (sl_squad_integrity_judge(&w->scn, ui_unit, &si)) {
        snprintf(buf, sizeof buf, "Fireteams (squad integrity %d\")", si.band / 1000);
        y = heading(ui, x, y, wd, buf);
        const char *lead = "none standing";
        char lb[80];
        if (si.leader >= 0) {
            int lu = w->scn.figures[si.leader].unit;
            if (lu == ui_unit)
                snprintf(lb, sizeof lb, "%s, on his own", w->scn.figures[si.leader].id);
            else
                snprintf(lb, sizeof lb, "%s, leads team %d", w->scn.figures[si.leader].id, w->scn.units[lu].team_no);
            lead = lb;
        }
        y = kv(ui, x, y, wd, "Squad leader", lead);
        for (int k = 0; k < si.nteams; k++) {
            const sl_unit *t = &w->scn.units[si.team[k]];
            char key[24];
            snprintf(key, sizeof key, "Team %d", t->team_no);
            if (si.leader < 0 || si.nearest[k] < 0)
                snprintf(buf, sizeof buf, "%d fig", t->nfigures);
            else if (si.in[k])
                snprintf(buf, sizeof buf, "%d fig, within (%.1f\" of %d\")", t->nfigures, si.dist[k] / 1000.0,
                         si.band / 1000);
            else
                snprintf(buf, sizeof buf, "%d fig, OUT (%.1f\" > %d\")", t->nfigures, si.dist[k] / 1000.0,
                         si.band / 1000);
            y = kv(ui, x, y, wd, key, buf);
        }
    }

    if (w->scn.options.ruleset == 1) {
        /* SkirmishCorps: the foot-unit's profile and how far it goes */
        y = heading(ui, x, y, wd, "Foot-unit (SkirmishCorps)");
        snprintf(buf, sizeof buf, "%d (a jog, in inches)", u->sp);
        y = kv(ui, x, y, wd, "Speed (SP)", buf);
        snprintf(buf, sizeof buf, "%.0f\"", sl_sc_allowance(u, SL_SC_RUN));
        y = kv(ui, x, y, wd, "Run", buf);
        double sprint = sl_sc_allowance(u, SL_SC_SPRINT);
        if (sprint > 0)
            snprintf(buf, sizeof buf, "%.0f\"", sprint);
        else
            snprintf(buf, sizeof buf, "none (SP 4 or less)");
        y = kv(ui, x, y, wd, "Sprint", buf);
        snprintf(buf, sizeof buf, "%.1f\" (prone, from hiding)", sl_sc_allowance(u, SL_SC_SNEAK));
        y = kv(ui, x, y, wd, "Sneak", buf);
        snprintf(buf, sizeof buf, "%d", u->re);
        y = kv(ui, x, y, wd, "Reactions (RE)", buf);
        return y;
    }
    y = heading(ui, x, y, wd, "Unit");
    snprintf(buf, sizeof buf, "%s (%s), band %d\"", sl_quality_label(u->quality), sl_die_name(sl_quality_die(u->quality)),
             sl_quality_band(u->quality) / 1000);
    y = kv(ui, x, y, wd, "Quality", buf);
    snprintf(buf, sizeof buf, "%d", u->leadership);
    y = kv(ui, x, y, wd, "Leadership", buf);
    y = kv(ui, x, y, wd, "Motivation", sl_motivation_name(u->motivation));
    y = kv(ui, x, y, wd, "Fatigue", sl_fatigue_name(u->fatigue));
    y = kv(ui, x, y, wd, "Confidence", sl_confidence_name(u->confidence));
    snprintf(buf, sizeof buf, "%s (%s)", sl_armour_name(u->armour), sl_die_name(u->armour));
    y = kv(ui, x, y, wd, "Armour", buf);

    /* firepower and support from the figures' weapons */
    int fp_half = 0, alive = 0, support = 0;
    char sup[120] = "";
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        alive++;
        const sl_weapon *wp = sl_weapon_get(f->weapon);
        if (wp)
            fp_half += wp->fp_half;
        const sl_weapon *sp = sl_weapon_get(f->support);
        if (sp) {
            support++;
            size_t l = strlen(sup);
            snprintf(sup + l, sizeof sup - l, "%s%s %s/%s", l ? ", " : "", sp->id, sl_die_name(sp->support_fp),
                     sl_die_name(sp->impact));
        }
    }
    snprintf(buf, sizeof buf, "%d of %d", alive, u->nfigures);
    y = kv(ui, x, y, wd, "Figures", buf);
    snprintf(buf, sizeof buf, "%s (FP %g)", sl_die_name(sl_firepower_die(fp_half)), fp_half / 2.0);
    y = kv(ui, x, y, wd, "Firepower", buf);
    y = kv(ui, x, y, wd, "Support", support ? sup : "none");

    sl_pt pts[64];
    int n = sl_unit_positions(&w->scn, ui_unit, pts, true);
    if (n > 0) {
        sl_mec m = sl_min_enclosing_circle(pts, n);
        snprintf(buf, sizeof buf, "fits a %.1f\" circle", 2.0 * m.r / 1000.0);
        y = kv(ui, x, y, wd, "Spread", buf);
    }

    y = heading(ui, x, y, wd, "Figures");
    float sl = (float)text_height(&ui->text, SL_FONT_SMALL);
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        const sl_weapon *wp = sl_weapon_get(f->weapon);
        const sl_weapon *sp = sl_weapon_get(f->support);
        char fit[200];
        char team[8] = "";
        if (w->scn.units[f->unit].squad >= 0)
            snprintf(team, sizeof team, "T%d  ", w->scn.units[f->unit].team_no);
        snprintf(buf, sizeof buf, "%s  %s%s  %s%s%s", f->id, team, sl_role_name(f->role), wp ? wp->id : "-",
                 sp ? " + " : "", sp ? sp->id : "");
        text_fit(&ui->text, SL_FONT_SMALL, buf, wd, fit, sizeof fit);
        text_draw(&ui->text, SL_FONT_SMALL, fit, x, y, f->status == SL_FIG_DEAD ? C_DIM : C_TEXT, SL_ALIGN_LEFT);
        y += sl * 1.15f;
    }
    return y;
}

static void draw_panel(sl_ui *ui, const sl_world *w, sl_view *v)
{
    sl_layout *L = &ui->lay;
    float s = L->s;
    SDL_FRect p = L->panel;
    gfx_rect(ui->ren, p.x, p.y, p.w, p.h, C_PANEL);
    gfx_rect(ui->ren, p.x, p.y, 1.0f * s, p.h, C_RULE);
    SDL_Rect clip = {(int)p.x, (int)p.y, (int)p.w, (int)p.h};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float x = p.x + 14 * s, y = p.y + 10 * s, wd = p.w - 28 * s;
    L->nrows = 0;
    int nsel = sl_view_selected_count(v);
    if (play_on(v)) {
        /* in play: the turn on top, the dice log below, the unit between */
        y = play_draw_turn(ui, w, v, x, y, wd);
        float log_h = floorf(p.h * 0.42f);
        play_draw_log(ui, v, x, p.y + p.h - log_h, wd, log_h - 6 * s);
        SDL_Rect mid = {(int)p.x, (int)y, (int)p.w, (int)(p.y + p.h - log_h - y)};
        SDL_RenderSetClipRect(ui->ren, &mid);
    }
    if (v->focus_unit >= 0 && v->focus_unit < w->scn.nunits && nsel <= 1) {
        unit_card(ui, w, v, v->focus_unit, x, y, wd);
        SDL_RenderSetClipRect(ui->ren, NULL);
        return;
    }
    char buf[200];
    if (!play_on(v)) {
        const sl_table *t = &w->scn.table;
        text_draw(&ui->text, SL_FONT_LARGE, w->scn.name[0] ? w->scn.name : t->name, x, y, C_TEXT, SL_ALIGN_LEFT);
        y += (float)text_height(&ui->text, SL_FONT_LARGE) * 1.1f;
        snprintf(buf, sizeof buf, "%s \xC2\xB7 %.0f\" x %.0f\" \xC2\xB7 %d terrain features", t->name,
                 t->width / 1000.0, t->height / 1000.0, t->nfeatures);
        text_draw(&ui->text, SL_FONT_SMALL, buf, x, y, C_DIM, SL_ALIGN_LEFT);
        y += (float)text_height(&ui->text, SL_FONT_SMALL) * 1.2f;
    }
    if (nsel > 1) {
        snprintf(buf, sizeof buf, "%d units selected", nsel);
        y = heading(ui, x, y, wd, buf);
    } else if (w->scn.nunits > 0) {
        y = heading(ui, x, y, wd, "Forces (click or Tab to select)");
    }
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.25f;
    for (int sd = 0; sd < w->scn.nsides; sd++) {
        if (nsel <= 1) {
            side_swatch(ui, w, sd, x + 9 * s, y + lh / 2 - 2 * s, 8 * s);
            text_draw(&ui->text, SL_FONT_BOLD, w->scn.sides[sd].name, x + 24 * s, y, C_TEXT, SL_ALIGN_LEFT);
            y += lh;
        }
        /* squads of fireteams are followed by their teams, indented */
        int order[SL_MAX_ROWS * 2], norder = 0;
        for (int u = 0; u < w->scn.nunits && norder < SL_MAX_ROWS * 2; u++) {
            const sl_unit *un = &w->scn.units[u];
            if (un->squad >= 0 || un->parent >= 0)
                continue;
            order[norder++] = u;
            for (int k = 0; k < un->nteams && norder < SL_MAX_ROWS * 2; k++)
                order[norder++] = un->team_unit[k];
            /* a detached element under its squad, while it has men */
            if (sl_unit_fielded(&w->scn, un->element) && norder < SL_MAX_ROWS * 2)
                order[norder++] = un->element;
        }
        for (int oi = 0; oi < norder; oi++) {
            int u = order[oi];
            const sl_unit *un = &w->scn.units[u];
            if (un->side != sd || (nsel > 1 && !v->selected[u]))
                continue;
            bool team = un->squad >= 0 || un->parent >= 0;
            if (un->parent >= 0)
                snprintf(buf, sizeof buf, "detached element  \xC2\xB7 %d fig", un->nfigures);
            else if (team)
                snprintf(buf, sizeof buf, "fireteam %d  \xC2\xB7 %d fig", un->team_no, un->nfigures);
            else if (un->nteams > 0)
                snprintf(buf, sizeof buf, "%s  \xC2\xB7 %s/%d \xC2\xB7 %d fig in %d teams", un->name,
                         sl_die_name(sl_quality_die(un->quality)), un->leadership, un->nfigures, un->nteams);
            else
                snprintf(buf, sizeof buf, "%s  \xC2\xB7 %s/%d \xC2\xB7 %d fig", un->name,
                         sl_die_name(sl_quality_die(un->quality)), un->leadership, un->nfigures);
            SDL_FRect row = {x, y - 2 * s, wd, lh};
            bool sel = v->selected[u] != 0, hover = v->hover_unit_row == u;
            if (sel || hover)
                gfx_rect(ui->ren, row.x, row.y, row.w, row.h, sel ? sl_rgba_make(92, 88, 30, 255) : C_PANEL2);
            text_draw(&ui->text, SL_FONT_NORMAL, buf, x + (team ? 48 : 24) * s, y, C_TEXT, SL_ALIGN_LEFT);
            if (L->nrows < SL_MAX_ROWS) {
                L->rows[L->nrows] = row;
                L->row_unit[L->nrows] = u;
                L->nrows++;
            }
            y += lh;
        }
        y += 4 * s;
    }
    if (w->scn.nunits == 0) {
        text_draw(&ui->text, SL_FONT_NORMAL, "No forces: this is a bare table.", x, y, C_DIM, SL_ALIGN_LEFT);
        y += lh;
    }
    SDL_RenderSetClipRect(ui->ren, NULL);
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
    gfx_rect(ui->ren, r.x, r.y, r.w, r.h, C_PANEL);
    gfx_rect(ui->ren, r.x, r.y, r.w, 1.0f * s, C_RULE);
    float th = (float)text_height(&ui->text, SL_FONT_NORMAL);
    float y = r.y + (r.h - th) / 2, x = r.x + 12 * s;
    char buf[400];
    if (v->mouse_in_table)
        snprintf(buf, sizeof buf, "x %6.2f\"  y %6.2f\"", v->cursor.x / 1000.0, v->cursor.y / 1000.0);
    else
        snprintf(buf, sizeof buf, "x    -    y    -   ");
    x += text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_ACCENT, SL_ALIGN_LEFT) + 18 * s;
    snprintf(buf, sizeof buf, "%.1f px/inch", cam->scale);
    x += text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_DIM, SL_ALIGN_LEFT) + 18 * s;
    snprintf(buf, sizeof buf, "Tool: %s", tool_name(v->tool));
    x += text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_TEXT, SL_ALIGN_LEFT) + 18 * s;
    if (v->status[0]) {
        char fit[1100];
        text_fit(&ui->text, SL_FONT_NORMAL, v->status, r.w - x - 12 * s, fit, sizeof fit);
        text_draw(&ui->text, SL_FONT_NORMAL, fit, x, y, C_TEXT, SL_ALIGN_LEFT);
    } else if (v->hover_figure >= 0) {
        ui_describe_figure(w, v->hover_figure, buf, sizeof buf);
        text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_TEXT, SL_ALIGN_LEFT);
    } else if (v->hover_feature >= 0) {
        ui_describe_feature(w, v->hover_feature, buf, sizeof buf);
        text_draw(&ui->text, SL_FONT_NORMAL, buf, x, y, C_TEXT, SL_ALIGN_LEFT);
    } else if (v->tool == SL_TOOL_RULER) {
        text_draw(&ui->text, SL_FONT_NORMAL,
                  "Drag from a point or a figure; click to add waypoints; Backspace undoes; Esc clears",
                  x, y, C_DIM, SL_ALIGN_LEFT);
    } else if (v->tool == SL_TOOL_PATH) {
        text_draw(&ui->text, SL_FONT_NORMAL,
                  "Click by the selected unit, then click waypoints; Enter ends; Backspace undoes; Esc clears",
                  x, y, C_DIM, SL_ALIGN_LEFT);
    } else if (v->tool == SL_TOOL_BLAST) {
        text_draw(&ui->text, SL_FONT_NORMAL, "Click to pin or free the template; [ and ] change its size; Esc clears",
                  x, y, C_DIM, SL_ALIGN_LEFT);
    } else {
        text_draw(&ui->text, SL_FONT_NORMAL, "F1 or ? for help", x, y, C_DIM, SL_ALIGN_LEFT);
    }
}

static void draw_tooltip(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    if (!v->mouse_in_table || v->panning || v->boxing || v->ruler.dragging)
        return;
    char buf[400];
    if (v->hover_figure >= 0)
        ui_describe_figure(w, v->hover_figure, buf, sizeof buf);
    else if (v->hover_feature >= 0)
        ui_describe_feature(w, v->hover_feature, buf, sizeof buf);
    else
        return;
    float s = ui->lay.s;
    float tw = (float)text_width(&ui->text, SL_FONT_SMALL, buf);
    float x = v->mouse_x + 18 * s, y = v->mouse_y + 20 * s;
    if (x + tw + 12 * s > ui->lay.table.x + ui->lay.table.w)
        x = v->mouse_x - tw - 18 * s;
    if (x < 4 * s)
        x = 4 * s;
    text_draw_boxed(&ui->text, SL_FONT_SMALL, buf, x, y, C_TEXT, sl_rgba_make(10, 10, 12, 230), 6 * s, SL_ALIGN_LEFT);
}

/* Help: every key and gesture, and a legend of what the table shows. */
static void draw_help(sl_ui *ui, const sl_world *w)
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
        {"F12", "Save a screenshot (PNG) in the current folder"},
        {"1, 2 ... / N", "In a game: answer a decision (N: let it pass)"},
        {"A  E  D  Shift+P", "Activate; end the activation; done for the turn; pass"},
        {"M  C  F  P", "Move, combat move, fire, In Position (see the action bar)"},
        {"U  O  X  K  Y  W  H", "Unsuppress, reorganise, transfer, talk, rally, observe, assault"},
        {"Ctrl+Z  /  :", "Undo the last command  /  type a command"},
        {"Shift+O  /  F5", "Overwatch (house rule)  /  solo: the program answers a side"},
        {"T  Shift+T  1 2 3", "Fireteams: orders to every team (one / both); activate team N"},
        {"J", "Fireteams: the squad leader alone, or joining the team's action"},
        {"Shift+X", "Detach men: click them, Enter (then X: transfer to SQUAD.D)"},
        {"PgUp / PgDn", "Scroll the dice log"},
        {"Ctrl+Q", "Quit"},
        {"Drop a file", "Open a scenario or map dropped on the window"},
    };
    int nk = (int)(sizeof keys / sizeof keys[0]);
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.3f;
    float bw = fminf(980 * s, L->w - 40 * s), bh = fminf(L->h - 40 * s, lh * (nk + 4) + 30 * s);
    float bx = (L->w - bw) / 2, by = (L->h - bh) / 2;
    gfx_rect(ui->ren, 0, 0, (float)L->w, (float)L->h, sl_rgba_make(0, 0, 0, 120));
    gfx_rect(ui->ren, bx, by, bw, bh, sl_rgba_make(24, 26, 30, 245));
    gfx_rect_outline(ui->ren, bx, by, bw, bh, 2 * s, C_ACCENT);
    float x = bx + 20 * s, y = by + 14 * s;
    text_draw(&ui->text, SL_FONT_TITLE, "sightline \xE2\x80\x94 keys and mouse", x, y, C_TEXT, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, SL_FONT_TITLE) * 1.3f;
    float colw = bw * 0.58f;
    float ky = y;
    for (int i = 0; i < nk; i++) {
        text_draw(&ui->text, SL_FONT_BOLD, keys[i][0], x, ky, C_ACCENT, SL_ALIGN_LEFT);
        text_draw(&ui->text, SL_FONT_NORMAL, keys[i][1], x + 190 * s, ky, C_TEXT, SL_ALIGN_LEFT);
        ky += lh;
    }
    /* legend: terrain swatches drawn with the same patterns as the table */
    float lx = bx + colw + 10 * s, ly = y;
    text_draw(&ui->text, SL_FONT_BOLD, "Terrain", lx, ly, C_ACCENT, SL_ALIGN_LEFT);
    ly += lh;
    static const sl_terrain_kind order[] = {SL_TERRAIN_WOODS, SL_TERRAIN_BUILDING, SL_TERRAIN_WALL, SL_TERRAIN_HEDGE,
                                            SL_TERRAIN_HILL, SL_TERRAIN_ROAD, SL_TERRAIN_ROUGH, SL_TERRAIN_DIFFICULT,
                                            SL_TERRAIN_WATER, SL_TERRAIN_RUBBLE};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
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
        text_draw(&ui->text, SL_FONT_SMALL, buf, lx + q + 8 * s, ly, C_TEXT, SL_ALIGN_LEFT);
        ly += lh * 0.95f;
    }
    ly += lh * 0.4f;
    text_draw(&ui->text, SL_FONT_BOLD, "Sides", lx, ly, C_ACCENT, SL_ALIGN_LEFT);
    ly += lh;
    for (int sd = 0; sd < w->scn.nsides; sd++) {
        side_swatch(ui, w, sd, lx + 9 * s, ly + lh * 0.4f, 8 * s);
        char buf[160];
        snprintf(buf, sizeof buf, "%s (%s)", w->scn.sides[sd].name, sl_marker_name(w->scn.sides[sd].marker));
        text_draw(&ui->text, SL_FONT_SMALL, buf, lx + 24 * s, ly, C_TEXT, SL_ALIGN_LEFT);
        ly += lh * 0.95f;
    }
    text_draw(&ui->text, SL_FONT_SMALL, "White ring: unit leader.  Bar: support weapon.", lx, ly, C_DIM, SL_ALIGN_LEFT);
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
    text_draw(&ui->text, SL_FONT_LARGE, v->error_title, x, y, C_TEXT, SL_ALIGN_LEFT);
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
        text_draw(&ui->text, SL_FONT_NORMAL, line, x, y, C_TEXT, SL_ALIGN_LEFT);
        y += lh;
        p = nl ? nl + 1 : p + n;
    }
    text_draw(&ui->text, SL_FONT_SMALL, "Esc closes this message.", x, by + bh - lh, C_DIM, SL_ALIGN_LEFT);
    SDL_RenderSetClipRect(ui->ren, NULL);
}

void hud_draw(sl_ui *ui, const sl_world *w, sl_view *v, const sl_cam *cam)
{
    if (ui->opts.hud) {
        draw_toolbar(ui, w, v);
        play_draw_bar(ui, w, v);
        draw_panel(ui, w, v);
        draw_status(ui, w, v, cam);
        draw_tooltip(ui, w, v);
    }
    play_draw_modal(ui, v);
    if (v->show_help)
        draw_help(ui, w);
    if (v->error_title[0])
        draw_error(ui, v);
}
