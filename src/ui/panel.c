/* The side panel: the forces (click a row to select), the unit card (its
 * state in the game, its fireteams or element, and its profile as its
 * ruleset gives it), and in a game the turn box and the dice log. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

/* A label: value line in the panel; returns the next y. */
/* A key and its value, the value wrapped in its column, never cut. */
#define KV_ROWS 4
static int kv_rows(sl_ui *ui, float w, const char *val, char rows[][UI_LINE])
{
    int n = text_wrap_lines(&ui->text, SL_FONT_NORMAL, val, w * 0.62f, rows, KV_ROWS);
    return n > 0 ? n : 1;
}

/* Is there room for h more pixels of the panel's card from y, above its
 * foot (the dice log)? Once a line has found none, the lines after it
 * are left out too (a card read in order, never with a hole). */
static bool panel_room(sl_ui *ui, float y, float h)
{
    if (!ui->panel_full && y + h > ui->panel_foot + 0.5f)
        ui->panel_full = true;
    return !ui->panel_full;
}

static float kv(sl_ui *ui, float x, float y, float w, const char *k, const char *val)
{
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL);
    char rows[KV_ROWS][UI_LINE] = {""};
    int n = kv_rows(ui, w, val, rows);
    if (!panel_room(ui, y, lh * 1.15f * (float)n))
        return y;
    text_draw(&ui->text, SL_FONT_NORMAL, k, x, y, ui_pal.dim, SL_ALIGN_LEFT);
    for (int r = 0; r < n; r++, y += lh * 1.15f)
        text_draw(&ui->text, SL_FONT_NORMAL, rows[r], x + w * 0.38f, y, ui_pal.text, SL_ALIGN_LEFT);
    return y;
}

static float heading(sl_ui *ui, float x, float y, float w, const char *text)
{
    float s = ui->lay.s;
    float lh = (float)text_height(&ui->text, SL_FONT_BOLD);
    /* never a heading without a line under it */
    if (!panel_room(ui, y, 14 * s + lh + (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.15f))
        return y;
    y += 6 * s;
    text_draw(&ui->text, SL_FONT_BOLD, text, x, y, ui_pal.accent, SL_ALIGN_LEFT);
    y += lh + 2 * s;
    gfx_rect(ui->ren, x, y, w, 1.0f * s, ui_pal.rule);
    return y + 6 * s;
}

void ui_side_swatch(sl_ui *ui, const sl_world *w, int side, float x, float y, float r)
{
    float s = ui->lay.s;
    gfx_disc(ui->ren, x, y, r + 1.2f * s, ui_pal.black);
    gfx_disc(ui->ren, x, y, r, ui_side_colour(w, side));
    sl_marker m = side >= 0 && side < w->scn.nsides ? w->scn.sides[side].marker : SL_MARKER_TRIANGLE;
    gfx_marker(ui->ren, m, x, y, r * 0.6f, ui_pal.white);
}

/* The head of a card for an enemy the viewer knows in part: the side's
 * swatch, the name, and a line under it. */
/* A card's title: its side's mark and the name, in the large font when
 * it fits the panel's width wd, else wrapped (a detachment's long name at
 * 150% ran past the panel's edge); gives the next y. */
static float card_name(sl_ui *ui, const sl_world *w, int ui_unit, const char *name, float x, float y, float wd)
{
    float s = ui->lay.s, lh = (float)text_height(&ui->text, SL_FONT_LARGE);
    char rows[2][UI_LINE];
    int n = text_wrap_lines(&ui->text, SL_FONT_LARGE, name, wd - 26 * s, rows, 2);
    if (n < 1 || !panel_room(ui, y, lh * 1.1f * (float)n))
        return y;
    ui_side_swatch(ui, w, w->scn.units[ui_unit].side, x + 10 * s, y + lh / 2, 9 * s);
    for (int i = 0; i < n; i++, y += lh * 1.1f)
        text_draw(&ui->text, SL_FONT_LARGE, rows[i], x + 26 * s, y, ui_pal.text, SL_ALIGN_LEFT);
    return y;
}

/* The dim line under a card's title, wrapped to wd, whole lines only. */
static float card_sub(sl_ui *ui, const char *sub, float x, float y, float wd)
{
    char rows[3][UI_LINE];
    float sh = (float)text_height(&ui->text, SL_FONT_SMALL);
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, sub, wd, rows, 3);
    if (n < 1 || !panel_room(ui, y, sh * (1.15f * (float)(n - 1) + 1.3f)))
        return y;
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, SL_FONT_SMALL, rows[i], x, y + sh * 1.15f * (float)i, ui_pal.dim, SL_ALIGN_LEFT);
    return y + sh * (1.15f * (float)(n - 1) + 1.3f);
}

static float card_head(sl_ui *ui, const sl_world *w, int ui_unit, const char *sub, float x, float y)
{
    const sl_unit *u = &w->scn.units[ui_unit];
    float wd = ui->lay.panel.w - 28 * ui->lay.s;
    y = card_name(ui, w, ui_unit, u->name, x, y, wd);
    return card_sub(ui, sub, x, y, wd);
}

/* A counter's card: what its side shows of it, no more. */
static float counter_card(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, float x, float y, float wd)
{
    const sl_unit *u = &w->scn.units[ui_unit];
    char buf[240];
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %s \xC2\xB7 %s in commands", "face-down counter",
             w->scn.sides[u->side].name, u->id);
    y = card_head(ui, w, ui_unit, buf, x, y);
    y = heading(ui, x, y, wd, "What you know");
    const sl_game *g = &v->play->game;
    sl_know k = sl_game_knows(g, v->play->view_side, ui_unit);
    y = kv(ui, x, y, wd, "Under it", k == SL_KNOW_UNIT ? "a unit (the counter was flipped)"
                                     : k == SL_KNOW_GONE ? "nothing: a dummy, removed"
                                                         : "a unit or a dummy: unknown");
    if (g->us[ui_unit].suppression > 0) {
        snprintf(buf, sizeof buf, "%d marker%s", g->us[ui_unit].suppression, g->us[ui_unit].suppression == 1 ? "" : "s");
        y = kv(ui, x, y, wd, "Suppressed", buf);
    }
    y = heading(ui, x, y, wd, "To find out (p25)");
    y = kv(ui, x, y, wd, "Observe", "a leader's action: one die flips it, two reveal it");
    if (g->live.options.spotting_by_fire)
        y = kv(ui, x, y, wd, "Fire at it", "no harm; two dice over the range die flip a unit");
    y = kv(ui, x, y, wd, "In the open", "revealed the moment one of yours sees it");
    return y;
}

/* A unit out of the viewer's sight: who it is, where and when it was
 * last seen, and how it may be found again. */
static float last_seen_card(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, float x, float y, float wd)
{
    const sl_unit *u = &w->scn.units[ui_unit];
    char buf[240];
    snprintf(buf, sizeof buf, "%s \xC2\xB7 out of sight", w->scn.sides[u->side].name);
    y = card_head(ui, w, ui_unit, buf, x, y);
    y = heading(ui, x, y, wd, "What you know");
    sl_pt at;
    int turn = 0;
    int top = sl_unit_whole(&w->scn, ui_unit) >= 0 ? sl_unit_whole(&w->scn, ui_unit) : ui_unit;
    if (sl_game_last_seen(&v->play->game, v->play->view_side, top, &at, &turn)) {
        if (turn > 0)
            snprintf(buf, sizeof buf, "at (%.1f, %.1f) in turn %d", at.x / 1000.0, at.y / 1000.0, turn);
        else
            snprintf(buf, sizeof buf, "at (%.1f, %.1f) where it was set out", at.x / 1000.0, at.y / 1000.0);
        y = kv(ui, x, y, wd, "Last seen", buf);
    }
    y = kv(ui, x, y, wd, "Now", "where and how: unknown");
    y = heading(ui, x, y, wd, "To find it again");
    y = kv(ui, x, y, wd, "Sight", "once yours see it again");
    y = kv(ui, x, y, wd, "Fire", "not until it is seen again");
    return y;
}

/* A dummy, as its own side knows it: one name, "Dummy D" after its
 * counter, wherever it is shown (the card, the forces, the action bar,
 * the table's tag). */
static const char *dummy_name(const sl_view *v, int ui_unit, char *buf, size_t len)
{
    const char *letter = play_on(v) ? sl_game_counter(&v->play->game, ui_unit) : "";
    snprintf(buf, len, "Dummy%s%s", letter[0] ? " " : "", letter);
    return buf;
}

const char *ui_unit_name(const sl_world *w, const sl_view *v, int ui_unit, char *buf, size_t len)
{
    if (ui_unit >= 0 && ui_unit < w->scn.nunits && w->scn.units[ui_unit].kind == SL_UNIT_DUMMY)
        return dummy_name(v, ui_unit, buf, len);
    return ui_unit >= 0 && ui_unit < w->scn.nunits ? w->scn.units[ui_unit].name : "";
}

/* Its side's dummy: what it is and how the enemy may find it; no men,
 * no quality or weapons, nothing to activate. */
static float dummy_card(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, float x, float y, float wd)
{
    char name[40], buf[240];
    y = card_name(ui, w, ui_unit, dummy_name(v, ui_unit, name, sizeof name), x, y, wd);
    const char *letter = play_on(v) ? sl_game_counter(&v->play->game, ui_unit) : "";
    if (letter[0])
        snprintf(buf, sizeof buf, "a dummy counter \xC2\xB7 ?%s in commands", letter);
    else
        snprintf(buf, sizeof buf, "a dummy counter");
    y = card_sub(ui, buf, x, y, wd);
    bool gone = play_on(v) && sl_game_living(&v->play->game, ui_unit) == 0;
    y = heading(ui, x, y, wd, "A dummy");
    y = kv(ui, x, y, wd, "Under it", "nothing");
    y = kv(ui, x, y, wd, "Now", gone ? "found, removed" : "face down");
    y = kv(ui, x, y, wd, "Acts", "never");
    y = heading(ui, x, y, wd, "Removed (p25) when");
    y = kv(ui, x, y, wd, "Observed", "by one die or two");
    y = kv(ui, x, y, wd, "In the open", "an enemy sees it");
    y = kv(ui, x, y, wd, "Fired at", "never: it stays unknown");
    return y;
}

static float unit_card_need(sl_ui *ui, const sl_world *w, const sl_view *v, bool state);

/* Is there room above foot for a heading and a line under it? (a heading
 * is never drawn without what it heads) */
static bool room_for_heading(sl_ui *ui, float y, float foot)
{
    float need = 6 * ui->lay.s + (float)text_height(&ui->text, SL_FONT_BOLD) + 8 * ui->lay.s +
                 (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.15f;
    return y + need <= foot;
}

/* The height of a unit's profile and figure list as unit_card draws them. */
static float profile_height(sl_ui *ui, const sl_unit *u, const sl_profile_line *prof, int np, bool figures, float wd)
{
    float s = ui->lay.s, hh = 14 * s + (float)text_height(&ui->text, SL_FONT_BOLD);
    float kh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.15f, h = 0;
    char rows[KV_ROWS][UI_LINE];
    for (int i = 0; i < np; i++)
        h += prof[i].heading ? hh : kh * (float)kv_rows(ui, wd, prof[i].value, rows);
    if (figures)
        h += hh + (float)text_height(&ui->text, SL_FONT_SMALL) * 1.15f * (float)u->nfigures;
    return h;
}

/* A unit's quality, armour and figures (else its profile's first three
 * lines) on one line, for "In the game" when the profile has no room. */
static void unit_summary_text(const sl_profile_line *prof, int np, char *line, size_t len)
{
    static const char *const keys[] = {"Quality", "Armour", "Figures"};
    size_t at = 0;
    int got = 0;
    line[0] = '\0';
    for (int pass = 0; pass < 2 && got == 0; pass++)
        for (int i = 0; i < np && got < 3; i++) {
            bool want = !prof[i].heading && (pass == 1 || strcmp(prof[i].key, keys[0]) == 0 ||
                                             strcmp(prof[i].key, keys[1]) == 0 || strcmp(prof[i].key, keys[2]) == 0);
            if (!want || at >= len)
                continue;
            at += (size_t)snprintf(line + at, len - at, "%s%s %s", got ? " \xC2\xB7 " : "", prof[i].key, prof[i].value);
            got++;
        }
}

/* The summary's rows in the width wd; how many. */
static int unit_summary_rows(sl_ui *ui, const sl_profile_line *prof, int np, float wd, char rows[4][UI_LINE])
{
    char line[600];
    unit_summary_text(prof, np, line, sizeof line);
    return text_wrap_lines(&ui->text, SL_FONT_SMALL, line, wd, rows, 4);
}

static float unit_summary(sl_ui *ui, const sl_profile_line *prof, int np, float x, float y, float wd)
{
    char rows[4][UI_LINE];
    int n = unit_summary_rows(ui, prof, np, wd, rows);
    float lh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.15f;
    for (int i = 0; i < n && panel_room(ui, y, lh); i++, y += lh)
        text_draw(&ui->text, SL_FONT_SMALL, rows[i], x, y, ui_pal.text, SL_ALIGN_LEFT);
    return y;
}

/* A unit's strength as a player counts it: "8 strong" with every man
 * standing, "7 of 8" with one down; a unit of one: nothing while he
 * stands, else "killed" or "wounded" (as the end card says it). */
static void strength_words(const sl_world *w, int unit, char *buf, size_t len)
{
    const sl_unit *un = &w->scn.units[unit];
    int up = 0;
    for (int i = 0; i < un->nfigures; i++)
        up += w->scn.figures[un->first_figure + i].status == SL_FIG_OK;
    if (un->nfigures == 1)
        snprintf(buf, len, "%s", up                                                              ? ""
                                 : w->scn.figures[un->first_figure].status == SL_FIG_WOUNDED ? "wounded"
                                                                                              : "killed");
    else if (up < un->nfigures)
        snprintf(buf, len, "%d of %d", up, un->nfigures);
    else
        snprintf(buf, len, "%d strong", un->nfigures);
}

/* A man's row on his unit's card: who (his place in the unit, his team,
 * his role) and his arms by their names ("Gauss rifle", or as the
 * ruleset says them), never an id. */
static void figure_row_text(const sl_world *w, int fig, char *who, size_t wlen, char *arms, size_t alen)
{
    const sl_figure *f = &w->scn.figures[fig];
    const sl_unit *u = &w->scn.units[f->unit];
    char team[8] = "", place[16];
    if (sl_unit_whole(&w->scn, f->unit) >= 0)
        snprintf(team, sizeof team, "T%d  ", sl_unit_part_no(&w->scn, f->unit));
    if (u->leader == fig)
        snprintf(place, sizeof place, "Leader");
    else
        snprintf(place, sizeof place, "Man %d", fig - u->first_figure + 1);
    snprintf(who, wlen, "%s  %s%s", place, team, sl_role_name(f->role));
    if (!sl_figure_arms(&w->scn, fig, arms, alen)) {
        ui_arms_words(sl_weapon_get(f->weapon), sl_weapon_get(f->support), arms, alen);
    }
}

/* A unit's "In the game" part: its state, then (all false) when both do
 * not fit above the dice log, its quality, armour and figures first and
 * as many of its state's lines as fit, with how many more were left out
 * (whole lines only, nothing under the log). */
static float unit_in_game(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, const sl_profile_line *prof,
                          int np, float x, float y, float wd, bool *all)
{
    y = heading(ui, x, y, wd, "In the game");
    char rows[4][UI_LINE];
    float sh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.15f;
    float need = play_draw_unit_state(ui, w, v, ui_unit, x, y, wd, false, NULL) - y +
                 sh * (float)unit_summary_rows(ui, prof, np, wd, rows);
    *all = y + need <= ui->panel_foot;
    if (*all)
        return play_draw_unit_state(ui, w, v, ui_unit, x, y, wd, true, NULL);
    y = unit_summary(ui, prof, np, x, y, wd);
    float foot = ui->panel_foot;
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, "9 more lines of its state (F2: smaller text)", wd, rows, 2);
    ui->panel_foot = foot - sh * (float)n; /* room kept for the note */
    int left = 0;
    y = play_draw_unit_state(ui, w, v, ui_unit, x, y, wd, true, &left);
    ui->panel_foot = foot;
    if (left > 0 && y + sh * (float)n <= foot + 0.5f) {
        char note[120];
        snprintf(note, sizeof note, "%d more line%s of its state (F2: smaller text)", left, left == 1 ? "" : "s");
        n = text_wrap_lines(&ui->text, SL_FONT_SMALL, note, wd, rows, 2);
        for (int i = 0; i < n; i++, y += sh)
            text_draw(&ui->text, SL_FONT_SMALL, rows[i], x, y, ui_pal.dim, SL_ALIGN_LEFT);
    }
    ui->panel_full = true;
    return y;
}

static float unit_card(sl_ui *ui, const sl_world *w, const sl_view *v, int ui_unit, float x, float y, float wd,
                       float foot)
{
    if (play_on(v) && sl_play_is_counter(w, ui_unit))
        return counter_card(ui, w, v, ui_unit, x, y, wd);
    if (w->scn.units[ui_unit].kind == SL_UNIT_DUMMY)
        return dummy_card(ui, w, v, ui_unit, x, y, wd);
    if (play_on(v) && sl_play_last_seen(v->play, ui_unit, NULL))
        return last_seen_card(ui, w, v, ui_unit, x, y, wd);
    const sl_unit *u = &w->scn.units[ui_unit];
    char buf[240];
    /* short of room: the side gives way to what the unit is in the game */
    bool tight = y + unit_card_need(ui, w, v, true) > foot;
    y = card_name(ui, w, ui_unit, u->name, x, y, wd);
    if (ui->panel_full)
        return y;
    snprintf(buf, sizeof buf, "%s", w->scn.sides[u->side].name);
    if (!tight)
        y = card_sub(ui, buf, x, y, wd);
    sl_profile_line prof[SL_MAX_PROFILE];
    bool figures;
    int np = sl_unit_profile(&w->scn, ui_unit, prof, SL_MAX_PROFILE, &figures);
    if (play_on(v)) {
        bool all = true;
        y = unit_in_game(ui, w, v, ui_unit, prof, np, x, y, wd, &all);
        if (!all || y + profile_height(ui, u, prof, np, false, wd) > foot)
            return all ? unit_summary(ui, prof, np, x, y, wd) : y; /* the rest has no room above the dice log */
    }

    if (sl_unit_whole(&w->scn, ui_unit) >= 0 && room_for_heading(ui, y, foot)) {
        y = heading(ui, x, y, wd, "Fireteam");
        snprintf(buf, sizeof buf, "team %d of %s", sl_unit_part_no(&w->scn, ui_unit), w->scn.units[sl_unit_whole(&w->scn, ui_unit)].name);
        y = kv(ui, x, y, wd, "Part of", buf);
        y = kv(ui, x, y, wd, "Its own", "suppression, In Position, overwatch");
        y = kv(ui, x, y, wd, "The squad's", "quality, leadership, confidence, panic");
    }
    if (u->parent >= 0 && room_for_heading(ui, y, foot)) {
        y = heading(ui, x, y, wd, "Detached element (DET)");
        y = kv(ui, x, y, wd, "Sent from", w->scn.units[u->parent].name);
        snprintf(buf, sizeof buf, "an action transferred from %s", w->scn.units[u->parent].name);
        y = kv(ui, x, y, wd, "Acts on", buf);
        y = kv(ui, x, y, wd, "Rejoins", "back in unit integrity");
    }
    sl_parts_integrity si;
    if (sl_parts_integrity_judge(&w->scn, ui_unit, &si) && room_for_heading(ui, y, foot)) {
        snprintf(buf, sizeof buf, "Fireteams (squad integrity %d\")", si.band / 1000);
        y = heading(ui, x, y, wd, buf);
        const char *lead = "none standing";
        char lb[80];
        if (si.leader >= 0) {
            int lu = w->scn.figures[si.leader].unit;
            if (lu == ui_unit)
                snprintf(lb, sizeof lb, "on his own");
            else
                snprintf(lb, sizeof lb, "leads team %d", sl_unit_part_no(&w->scn, lu));
            lead = lb;
        }
        y = kv(ui, x, y, wd, "Squad leader", lead);
        for (int k = 0; k < si.nparts; k++) {
            const sl_unit *t = &w->scn.units[si.part[k]];
            char key[24];
            snprintf(key, sizeof key, "Team %d", sl_unit_part_no(&w->scn, si.part[k]));
            char men[40]; /* short, for the line's distances: "3 men", "2 of 3" */
            strength_words(w, si.part[k], men, sizeof men);
            if (!men[0] || strstr(men, " strong")) /* all standing: "3 men", "1 man" */
                snprintf(men, sizeof men, "%d %s", t->nfigures, t->nfigures == 1 ? "man" : "men");
            if (si.leader < 0 || si.nearest[k] < 0)
                snprintf(buf, sizeof buf, "%s", men);
            else if (si.in[k])
                snprintf(buf, sizeof buf, "%s, within (%.1f\" of %d\")", men, si.dist[k] / 1000.0, si.band / 1000);
            else
                snprintf(buf, sizeof buf, "%s, OUT (%.1f\" > %d\")", men, si.dist[k] / 1000.0, si.band / 1000);
            y = kv(ui, x, y, wd, key, buf);
        }
    }

    for (int i = 0; i < np; i++) {
        if (prof[i].heading && !room_for_heading(ui, y, foot))
            return y;
        y = prof[i].heading ? heading(ui, x, y, wd, prof[i].key) : kv(ui, x, y, wd, prof[i].key, prof[i].value);
    }
    float sl = (float)text_height(&ui->text, SL_FONT_SMALL);
    if (!figures || y + 14 * ui->lay.s + (float)text_height(&ui->text, SL_FONT_BOLD) + sl * 1.15f > foot)
        return y; /* no heading without a figure under it */
    y = heading(ui, x, y, wd, "Figures");
    float indent = (float)text_width(&ui->text, SL_FONT_SMALL, "Man 10  ");
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &w->scn.figures[u->first_figure + i];
        char who[80], arms[150], rows[3][UI_LINE];
        figure_row_text(w, u->first_figure + i, who, sizeof who, arms, sizeof arms);
        snprintf(buf, sizeof buf, "%.79s  %.149s", who, arms);
        /* whole, never cut: the arms under the man when the row is too
         * long for the panel */
        int nr = 1;
        snprintf(rows[0], UI_LINE, "%s", buf);
        if (text_width(&ui->text, SL_FONT_SMALL, buf) > wd) {
            snprintf(rows[0], UI_LINE, "%s", who);
            nr += text_wrap_lines(&ui->text, SL_FONT_SMALL, arms, wd - indent, rows + 1, 2);
        }
        if (!panel_room(ui, y, sl * 1.15f * (float)nr))
            return y;
        for (int r = 0; r < nr; r++, y += sl * 1.15f)
            text_draw(&ui->text, SL_FONT_SMALL, rows[r], x + (r ? indent : 0), y,
                      f->status == SL_FIG_DEAD ? ui_pal.dim : ui_pal.text, SL_ALIGN_LEFT);
    }
    return y;
}

/* The turn box's title: the phase of the game, or the turn. */
static void turn_title(const sl_world *w, const sl_game *g, const sl_decision_view *d, char *buf, size_t len)
{
    if (d->stage[0])
        snprintf(buf, len, "%s", d->stage);
    else if (g->turn == 0 && sl_game_choosing(g) == SL_CHOOSE_PLACES)
        snprintf(buf, len, "Set-up");
    else if (g->outcome.over)
        snprintf(buf, len, "Game over");
    else if (w->scn.turn_limit > 0)
        snprintf(buf, len, "Turn %d of %d", g->turn > 0 ? g->turn : 1, w->scn.turn_limit);
    else
        snprintf(buf, len, "Turn %d", g->turn > 0 ? g->turn : 1);
}

/* What the side to act is to do, after its name. */
static const char *turn_duty(const sl_game *g, const sl_decision_view *d)
{
    return d->duty[0]                      ? d->duty
           : sl_game_active_unit(g) >= 0 ? "acting"
                                           : "to activate a unit";
}

/* A side's name short enough for a badge: the initials of a name of
 * several words ("New Anglian Confederation": NAC, each initial a whole
 * character), else the name; true when it made initials. */
static bool side_short(const char *name, char *out, size_t len)
{
    size_t n = 0;
    int words = 0;
    for (const char *c = name; *c; c++) {
        if (!((c == name || c[-1] == ' ') && *c != ' '))
            continue;
        words++;
        size_t k = 1; /* the whole UTF-8 character */
        while (c[k] && ((unsigned char)c[k] & 0xC0) == 0x80)
            k++;
        if (n + k + 1 > len)
            break;
        for (size_t b = 0; b < k; b++)
            out[n++] = (char)(k == 1 && c[b] >= 'a' && c[b] <= 'z' ? c[b] - 'a' + 'A' : c[b]);
    }
    out[n] = '\0';
    if (words >= 2 && n >= 2)
        return true;
    snprintf(out, len, "%s", name);
    return false;
}

/* The game's end in a line: who won, and why: each side's points when
 * the places held decided it, else the core's reason in the ruleset's
 * words ("Blue's units are all out of the fight"). */
static void turn_outcome(const sl_world *w, const sl_game *g, char *what, size_t len)
{
    if (g->outcome.winner >= 0)
        snprintf(what, len, "%s wins", w->scn.sides[g->outcome.winner].name);
    else
        snprintf(what, len, "A draw");
    if (!g->outcome.by_points && g->outcome.why[0]) {
        size_t l = strlen(what);
        snprintf(what + l, len - l, ": %s", g->outcome.why);
        return;
    }
    for (int sd = 0; sd < w->scn.nsides; sd++) {
        size_t l = strlen(what);
        char shortname[SL_NAME_LEN];
        side_short(w->scn.sides[sd].name, shortname, sizeof shortname); /* initials, not the file's id */
        snprintf(what + l, len - l, "%s%s %d", sd ? ", " : ": ", shortname, g->outcome.points[sd]);
    }
}

/* The turn box's state line, fitted to wd: the unit acting and its
 * actions left, the whole of who sets up what, the game's end, or that no
 * unit is active. */
static void turn_state_line(sl_ui *ui, const sl_world *w, const sl_view *v, int side, const sl_decision_view *d, sl_font f,
                            float wd, char *buf, size_t len)
{
    const sl_game *g = &v->play->game;
    int a = sl_game_active_unit(g);
    if (g->outcome.over) /* the game's end, not the unit it ended on */
        turn_outcome(w, g, buf, len);
    else if (a >= 0 && sl_play_last_seen(v->play, a, NULL))
        snprintf(buf, len, "Active: an enemy unit out of sight");
    else if (a >= 0) {
        /* the whole line if it fits, else a shorter one, never running
         * past the panel's edge */
        snprintf(buf, len, "Active: %s, %d action%s left", w->scn.units[a].name, sl_game_actions_left(g),
                 sl_game_actions_left(g) == 1 ? "" : "s");
        if ((float)text_width(&ui->text, f, buf) > wd)
            snprintf(buf, len, "Active: %.200s (%d left)", w->scn.units[a].name, sl_game_actions_left(g));
    }
    else if (side >= 0 && sl_game_choosing(g) == SL_CHOOSE_PLACES) {
        /* the set-up: the whole of who does what, which the line above may cut */
        snprintf(buf, len, "%s %s", w->scn.sides[side].name, d->doing[0] ? d->doing : "sets up its hidden units");
    } else
        snprintf(buf, len, "No unit active");
}


/* The units each side has still to activate (and its counters face
 * down), by the sides' names when they fit on a line, else by their
 * initials where the initials tell them apart (as the solo badge calls
 * them), else by their names, with "units" while it fits on a line;
 * wrapped to wd, never cut and never an id.
 * Returns the lines. */
static int turn_still_lines(sl_ui *ui, const sl_world *w, const sl_game *g, sl_font f, float wd, char lines[][UI_LINE], int most)
{
    char buf[400];
    int n = 0;
    bool watched = ui->text.watch; /* the names' try is not a cut */
    for (int pass = 0; pass < 3; pass++) {
        ui->text.watch = watched && pass == 2;
        size_t at = (size_t)snprintf(buf, sizeof buf, "Still to activate:");
        for (int sd = 0; sd < w->scn.nsides && at < sizeof buf; sd++) {
            char shortname[SL_NAME_LEN], other[SL_NAME_LEN];
            bool apart = pass >= 1 && side_short(w->scn.sides[sd].name, shortname, sizeof shortname);
            for (int o = 0; o < w->scn.nsides && apart; o++)
                apart = o == sd || !side_short(w->scn.sides[o].name, other, sizeof other) || strcmp(other, shortname);
            int left = sl_game_unactivated(g, sd);
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s %s %d%s", sd ? "," : "",
                                   apart ? shortname : w->scn.sides[sd].name, left,
                                   pass == 2 ? "" : left == 1 ? " unit" : " units");
            /* its counters face down, which may or may not be units */
            int down = sl_game_counters_down(g, sd);
            if (down > 0 && at < sizeof buf)
                at += (size_t)snprintf(buf + at, sizeof buf - at, " + %d counter%s", down, down == 1 ? "" : "s");
        }
        n = text_wrap_lines(&ui->text, f, buf, wd, lines, most);
        if (n <= 1)
            break;
    }
    ui->text.watch = watched;
    return n;
}

/* The turn box's title line: the title, and beside it the side to act's
 * swatch and (when it fits) what it is to do. */
static void turn_draw_title(sl_ui *ui, const sl_world *w, int side, const char *title, const char *duty, sl_font f,
                            bool duty_below, float x, float cx, float y)
{
    float s = ui->lay.s;
    text_draw(&ui->text, SL_FONT_LARGE, title, x, y, ui_pal.text, SL_ALIGN_LEFT);
    if (side >= 0) {
        float r = 8 * s, cy = y + (float)text_height(&ui->text, SL_FONT_LARGE) / 2;
        gfx_disc(ui->ren, cx, cy, r + 1.2f * s, ui_pal.black);
        gfx_disc(ui->ren, cx, cy, r, ui_side_colour(w, side));
        gfx_marker(ui->ren, w->scn.sides[side].marker, cx, cy, r * 0.6f, ui_pal.white);
        if (!duty_below)
            text_draw(&ui->text, f, duty, cx + 14 * s, y + 2 * s, ui_pal.accent, SL_ALIGN_LEFT);
    }
}

/* The turn box's foot: the game's count and autosave, and its seed, on
 * one line or (split) two. */
/* Which side the program plays, and how (F5, Shift+F5), cut to the
 * box's width; false when it plays none. */
/* Solo play's badge, while the program plays: who plays each side
 * ("NAC: you · ESU: program, balanced"), and whether it is held. */
static int solo_lines(sl_ui *ui, const sl_world *w, const sl_view *v, sl_font f, float wd, char out[2][UI_LINE])
{
    int solo = v->play->solo_side;
    if (solo == -1)
        return 0;
    char line[UI_LINE] = "";
    size_t at = 0;
    for (int s = 0; s < w->scn.nsides && at < sizeof line; s++) {
        char shortname[SL_NAME_LEN];
        side_short(w->scn.sides[s].name, shortname, sizeof shortname);
        bool program = solo == SL_SOLO_BOTH || solo == s;
        at += (size_t)snprintf(line + at, sizeof line - at, "%s%s: %s%s", s ? " \xC2\xB7 " : "", shortname,
                               program ? "program, " : "you",
                               program ? sl_stance_name(sl_play_stance(v->play, s)) : "");
    }
    if (v->solo_paused && at < sizeof line)
        snprintf(line + at, sizeof line - at, " \xC2\xB7 held (F8)");
    return text_wrap_lines(&ui->text, f, line, wd, out, 2);
}

static void turn_draw_foot(sl_ui *ui, const char *count, const char *seed, const char *foot, bool split, float x,
                           float y, float sh)
{
    if (split) {
        text_draw(&ui->text, SL_FONT_SMALL, count, x, y, ui_pal.faint, SL_ALIGN_LEFT);
        y += sh;
        text_draw(&ui->text, SL_FONT_SMALL, seed, x, y, ui_pal.faint, SL_ALIGN_LEFT);
    } else {
        text_draw(&ui->text, SL_FONT_SMALL, foot, x, y, ui_pal.faint, SL_ALIGN_LEFT);
    }
}

/* The turn box's words, wrapped to its width, and its height. */
typedef struct turn_box {
    char title[240], duty[240], duty_lines[2][UI_LINE], count[120], seed[80], foot[220];
    char st[4][UI_LINE], still[5][UI_LINE], solo[2][UI_LINE];
    int side, nduty, nst, nstill, nsolo;
    sl_font font; /* its lines' (the title's is large) */
    bool duty_below, same, foot_split;
    float cx, lh, sh, h;
} turn_box;

/* The turn box laid out at x in the width wd (as play_draw_turn draws it);
 * gives its height. */
static float turn_box_words(sl_ui *ui, const sl_world *w, const sl_view *v, float x, float wd, sl_font f, turn_box *t)
{
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    t->font = f;
    t->lh = (float)text_height(&ui->text, f) * 1.2f;
    t->side = g->outcome.over ? -1 : sl_play_side_to_act(v->play);
    static sl_decision_view d; /* large: not on the stack each frame */
    sl_game_decision(g, v->play->view_side, -1, 0, &d); /* the turn box's words while one waits */
    /* who is to do what: beside the turn when it fits, else on a line of
     * its own under it, never cut */
    t->duty[0] = '\0';
    t->duty_below = false;
    turn_title(w, g, &d, t->title, sizeof t->title);
    float tw = (float)text_width(&ui->text, SL_FONT_LARGE, t->title);
    t->cx = x + tw + 18 * s;
    if (t->side >= 0) {
        snprintf(t->duty, sizeof t->duty, "%s %s", w->scn.sides[t->side].name, turn_duty(g, &d));
        t->duty_below = (float)text_width(&ui->text, f, t->duty) > wd - (t->cx - x) - 16 * s;
    }
    /* in a set-up the line under it would say the same again */
    t->same = t->duty_below && sl_game_active_unit(g) < 0 && t->side >= 0 && sl_game_choosing(g) == SL_CHOOSE_PLACES;
    /* under the turn, the duty takes as many lines as it needs (two at
     * most: a side's name and what it is to do) */
    t->nduty = t->duty_below ? text_wrap_lines(&ui->text, f, t->duty, wd, t->duty_lines, 2) : 0;
    /* the game's count, seed and autosave: on one line when it fits, else
     * the seed (a long number when none was given) on a line of its own */
    /* the commands this view reads: the other side's secret ones uncounted */
    int ncmd = sl_game_commands_read(g, v->play->view_side);
    snprintf(t->count, sizeof t->count, "%d command%s%s", ncmd, ncmd == 1 ? "" : "s",
             v->play->autosave[0] ? " \xC2\xB7 autosaved" : "");
    t->nsolo = solo_lines(ui, w, v, f, wd, t->solo);
    snprintf(t->seed, sizeof t->seed, "seed %llu", (unsigned long long)g->seed);
    snprintf(t->foot, sizeof t->foot, "%s \xC2\xB7 %s", t->count, t->seed);
    t->foot_split = (float)text_width(&ui->text, SL_FONT_SMALL, t->foot) > wd;
    t->sh = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.2f;
    /* who is active (or how the game ended): wrapped, never cut; the
     * end in up to four rows (at 1280x720 200% in the table layout's
     * panel "New Anglian Confederation wins: NAC 3, ESU 1" takes three),
     * as nothing under it is still to activate */
    char state[400];
    turn_state_line(ui, w, v, t->side, &d, f, wd, state, sizeof state);
    bool watched = ui->text.watch;
    ui->text.watch = true;
    t->nst = t->same ? 0 : text_wrap_lines(&ui->text, f, state, wd, t->st, g->outcome.over ? 4 : 2);
    /* who is still to activate: wrapped, never cut; none after the end */
    t->nstill = g->outcome.over ? 0 : turn_still_lines(ui, w, g, f, wd, t->still, 5);
    ui->text.watch = watched;
    t->h = (float)text_height(&ui->text, SL_FONT_LARGE) * 1.2f +
           t->lh * (float)(1 + t->nstill + (t->same ? 0 : t->nduty) + t->nsolo + t->nst) + 12 * s +
           (t->foot_split ? t->sh : 0);
    return t->h;
}

/* The text lines in a turn box, each at y and lh under the last, in
 * colour c; the y under them. */
static float turn_draw_lines(sl_ui *ui, sl_font f, char lines[][UI_LINE], int n, float x, float y, float lh, sl_rgba c)
{
    for (int i = 0; i < n; i++, y += lh)
        text_draw(&ui->text, f, lines[i], x, y, c, SL_ALIGN_LEFT);
    return y;
}

/* The turn box measured in t, drawn at x, y; with its foot (the
 * commands' count and the seed) or without. */
static void turn_draw_box(sl_ui *ui, const sl_world *w, turn_box *t, float x, float y, float wd, float bh,
                          bool foot)
{
    float s = ui->lay.s;
    gfx_rect(ui->ren, x - 6 * s, y, wd + 12 * s, bh, ui_pal.raised);
    y += 6 * s;
    turn_draw_title(ui, w, t->side, t->title, t->duty, t->font, t->duty_below, x, t->cx, y);
    y += (float)text_height(&ui->text, SL_FONT_LARGE) * 1.2f;
    y = turn_draw_lines(ui, t->font, t->duty_lines, t->same ? 0 : t->nduty, x, y, t->lh, ui_pal.accent);
    y = turn_draw_lines(ui, t->font, t->st, t->nst, x, y, t->lh, ui_pal.text);
    y = turn_draw_lines(ui, t->font, t->still, t->nstill, x, y, t->lh, ui_pal.faint);
    y = turn_draw_lines(ui, t->font, t->solo, t->nsolo, x, y, t->lh, ui_pal.accent);
    if (foot)
        turn_draw_foot(ui, t->count, t->seed, t->foot, t->foot_split, x, y, t->sh);
}

float play_draw_turn(sl_ui *ui, const sl_world *w, const sl_view *v, float x, float y, float wd)
{
    if (!play_on(v))
        return y;
    static turn_box t; /* large: not on the stack each frame */
    float bh = turn_box_words(ui, w, v, x, wd, SL_FONT_NORMAL, &t);
    turn_draw_box(ui, w, &t, x, y, wd, bh, true);
    return y + bh + 6 * ui->lay.s;
}

void play_draw_turn_strip(sl_ui *ui, const sl_world *w, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    const SDL_FRect *S = &L->strip;
    ui->turn_strip = (SDL_FRect){0, 0, 0, 0};
    /* a game's, not a lesson's or a replay's (their caption says where
     * they are), in the window with its controls (not the room's) */
    if (!L->present || S->w <= 0 || !play_on(v) || L->caption.h > 0 || !ui->opts.hud || ui->opts.mirror)
        return;
    if (ui_end_shown(v))
        return; /* the end card says the result, once (test_end_card_buttons_clear) */
    float s = L->s, x = S->x + 16 * s, wd = S->w - 32 * s;
    bool bar_in_strip = L->actionbar.h > 0 && L->actionbar.x >= S->x - 0.5f;
    float foot = (bar_in_strip ? L->actionbar.y : S->y + S->h) - 6 * s;
    static turn_box t; /* large: not on the stack each frame */
    bool watched = ui->text.watch;
    int cuts = ui->text.cuts;
    ui->text.watch = false; /* measured first: where its words would be cut it is not shown */
    float bh = turn_box_words(ui, w, v, x, wd, SL_FONT_SMALL, &t);
    bool cut = ui->text.cuts != cuts;
    ui->text.watch = watched;
    /* without the foot: the commands' count and the seed are the table
     * layout's (F10) */
    bh -= t.lh + (t.foot_split ? t.sh : 0);
    float y = ui->strip_y;
    if (cut || y + bh > foot)
        return; /* the strip's cards have the room: a decision's card says whose it is */
    SDL_RenderSetClipRect(ui->ren, NULL); /* the strip is off the table's clip */
    turn_draw_box(ui, w, &t, x, y, wd, bh, false);
    ui->turn_strip = (SDL_FRect){x - 6 * s, y, wd + 12 * s, bh};
    ui->strip_y = y + bh + 8 * s; /* the status box stands under it */
}

float play_draw_unit_state(sl_ui *ui, const sl_world *w, const sl_view *v, int unit, float x, float y, float wd,
                           bool draw, int *left)
{
    (void)w;
    if (!play_on(v))
        return y;
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.15f;
    sl_card_line lines[SL_MAX_CARD];
    int n = sl_game_card(&v->play->game, unit, lines, SL_MAX_CARD), lost = 0;
    for (int i = 0; i < n; i++) {
        float cx = x;
        if (lines[i].mark.text[0]) {
            if (draw && !panel_room(ui, y, lh)) {
                lost++;
                continue;
            }
            if (draw) {
                cx += ui_mark_counter(ui, cx, y, &lines[i].mark);
                text_draw(&ui->text, SL_FONT_NORMAL, lines[i].text, cx + 4 * ui->lay.s, y, ui_pal.text, SL_ALIGN_LEFT);
            }
            y += lh;
            continue;
        }
        char rows[5][UI_LINE]; /* wrapped to the panel, never past its edge, read whole */
        bool watched = ui->text.watch;
        ui->text.watch = draw;
        int nr = text_wrap_lines(&ui->text, SL_FONT_NORMAL, lines[i].text, wd, rows, 5);
        ui->text.watch = watched;
        for (int r = 0; r < nr; r++, y += lh) {
            if (draw && !panel_room(ui, y, lh)) {
                lost += nr - r;
                break;
            }
            if (draw)
                text_draw(&ui->text, SL_FONT_NORMAL, rows[r], x, y, lines[i].warning ? ui_pal.fail : ui_pal.text,
                          SL_ALIGN_LEFT);
        }
    }
    if (left)
        *left = lost;
    return y;
}

/* Is event i the first a command made that the viewer may read (only
 * events the viewer cannot read between them)? */
static bool log_opens_command(const sl_game *g, int i, int viewer)
{
    int j = i - 1;
    while (j >= 0 && g->journal.ev[j].kind != SL_EV_COMMAND && !sl_event_text_for(&g->journal.ev[j], viewer)[0])
        j--;
    return j >= 0 && g->journal.ev[j].kind == SL_EV_COMMAND;
}

void play_draw_log(sl_ui *ui, const sl_view *v, float x, float y, float wd, float h)
{
    if (!play_on(v))
        return;
    const sl_game *g = &v->play->game;
    float s = ui->lay.s;
    gfx_rect(ui->ren, x - 6 * s, y, wd + 12 * s, 1.0f * s, ui_pal.rule);
    text_draw(&ui->text, SL_FONT_BOLD, "Dice log (PgUp/PgDn)", x, y + 4 * s, ui_pal.accent, SL_ALIGN_LEFT);
    float top = y + (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f;
    float bottom = y + h;
    SDL_Rect clip = {(int)(x - 6 * s), (int)top, (int)(wd + 12 * s), (int)(bottom - top)};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float sl = (float)text_height(&ui->text, SL_FONT_SMALL) * 1.12f;
    /* newest at the bottom: lay out backwards from the end */
    float cy = bottom;
    int skip = v->pick.log_scroll;
    int viewer = v->play->view_side;
    for (int i = g->journal.n - 1; i >= 0 && cy > top; i--) {
        const sl_event *e = &g->journal.ev[i];
        /* the log as the side shown may read it */
        const char *etext = sl_event_text_for(e, viewer);
        if (!etext[0])
            continue;
        char lines[8][UI_LINE];
        char text[900];
        sl_rgba fg = ui_pal.text;
        float indent = 0;
        if (e->kind == SL_EV_COMMAND)
            continue; /* the command's syntax is the `:` line's: its first event says what was done */
        if (e->kind != SL_EV_ROLL && e->kind != SL_EV_TURN && log_opens_command(g, i, viewer)) {
            /* what a command did, in the journal's words (names, not
             * ids), marked as its start */
            char plain[850];
            sl_game_log_words(g, etext, plain, sizeof plain);
            snprintf(text, sizeof text, "> %s", plain);
            fg = ui_pal.accent;
        } else if (e->kind == SL_EV_ROLL) {
            char plain[700]; /* what it was for in the players' words (names, the rule's name) */
            sl_game_log_words(g, etext, plain, sizeof plain);
            if (e->target >= 0)
                snprintf(text, sizeof text, "%s %d vs %d %s \xE2\x80\x94 %s", sl_die_name(e->die), e->value, e->target,
                         e->pass ? "PASS" : "FAIL", plain);
            else
                snprintf(text, sizeof text, "%s %d \xE2\x80\x94 %s", sl_die_name(e->die), e->value, plain);
            indent = 10 * s;
        } else if (e->kind == SL_EV_TURN) {
            snprintf(text, sizeof text, "== %s", etext);
            fg = ui_pal.accent;
        } else {
            sl_game_log_words(g, etext, text, sizeof text);
            fg = e->kind == SL_EV_DECISION ? ui_pal.pass : sl_rgba_make(205, 205, 205, 255);
            indent = 4 * s;
        }
        int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, text, wd - indent - 4 * s, lines, 8);
        if (skip > 0) {
            skip--;
            continue;
        }
        if (cy - (n * sl + 3 * s) < top && cy < bottom)
            break; /* whole entries only: none shown with its first lines cut off at the top */
        if (cy - (n * sl + 3 * s) < top) {
            /* the newest alone taller than the log's room: its first
             * lines, as many as fit whole, from the top (the rest in
             * PgUp's pages and the dice cards), never a line cut through */
            n = (int)floorf((bottom - top) / sl);
            cy = top + n * sl + 3 * s;
        }
        cy -= n * sl + 3 * s;
        for (int k = 0; k < n; k++) {
            float ly = cy + k * sl;
            if (e->kind == SL_EV_ROLL && k == 0 && e->target >= 0) {
                /* the die's verdict as a mark and a word, not colour alone */
                gfx_rect(ui->ren, x, ly + 2 * s, 4 * s, sl - 4 * s, e->pass ? ui_pal.pass : ui_pal.fail);
            }
            text_draw(&ui->text, SL_FONT_SMALL, lines[k], x + indent, ly, fg, SL_ALIGN_LEFT);
        }
    }
    SDL_RenderSetClipRect(ui->ren, NULL);
}

/* The height unit u's card needs down to the end of its "In the game"
 * part (its name, side, state, then quality, armour and figures); without
 * the state, the least it must show (its name, the heading and quality,
 * armour and figures). */
static float card_need_of(sl_ui *ui, const sl_world *w, const sl_view *v, int u, bool state)
{
    float s = ui->lay.s, sh = (float)text_height(&ui->text, SL_FONT_SMALL);
    float wd = ui->lay.panel.w - 28 * s;
    sl_profile_line prof[SL_MAX_PROFILE];
    bool figures;
    char rows[4][UI_LINE];
    int n = unit_summary_rows(ui, prof, sl_unit_profile(&w->scn, u, prof, SL_MAX_PROFILE, &figures), wd, rows);
    int nn = text_wrap_lines(&ui->text, SL_FONT_LARGE, w->scn.units[u].name, wd - 26 * s, rows, 2);
    float h = (float)text_height(&ui->text, SL_FONT_LARGE) * 1.1f * (float)(nn > 0 ? nn : 1) + 14 * s +
              (float)text_height(&ui->text, SL_FONT_BOLD) + sh * 1.15f * (float)n + 4 * s;
    if (state)
        h += sh * 1.3f + play_draw_unit_state(ui, w, v, u, 0, 0, wd, false, NULL);
    return h;
}

/* The same for the selected unit; 0: no unit card. */
static float unit_card_need(sl_ui *ui, const sl_world *w, const sl_view *v, bool state)
{
    int u = v->focus_unit;
    if (u < 0 || u >= w->scn.nunits || sl_view_selected_count(v) > 1 || !play_on(v))
        return 0;
    return card_need_of(ui, w, v, u, state);
}

static int forces_order(const sl_world *w, int *order);

/* The height the forces list (or the units selected, nsel of them) needs
 * to stand whole under y, as forces_draw lays it out: its heading, each
 * side's name and its units' rows, and the room it keeps at its foot for
 * the "N more" line; 0 where a unit's card is shown instead. */
static float forces_need(sl_ui *ui, const sl_world *w, const sl_view *v, int nsel)
{
    if (w->scn.nunits == 0 || (v->focus_unit >= 0 && v->focus_unit < w->scn.nunits && nsel <= 1))
        return 0;
    float s = ui->lay.s, lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.25f;
    int order[SL_MAX_ROWS * 2];
    int norder = forces_order(w, order), rows = 0;
    for (int oi = 0; oi < norder; oi++)
        rows += nsel <= 1 || v->selected[order[oi]];
    if (nsel <= 1)
        rows += w->scn.nsides;
    return 14 * s + (float)text_height(&ui->text, SL_FONT_BOLD) + lh * (float)(rows + 1) + 4 * s * (float)w->scn.nsides;
}

/* The dice log's least: its heading alone. */
static float log_heading_height(sl_ui *ui)
{
    return (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f + 10 * ui->lay.s;
}

bool play_panel_fits(sl_ui *ui, const sl_view *v, const sl_layout *L)
{
    const sl_world *w = ui->world;
    if (!play_on(v) || !w || L->panel.w <= 0)
        return true;
    static sl_layout keep; /* large: not on the stack */
    static turn_box t;
    keep = ui->lay;
    ui->lay = *L; /* measured as laid out in L */
    int cuts = ui->text.cuts; /* a size tried is not a cut drawn */
    float s = L->s, x = L->panel.x + 14 * s, wd = L->panel.w - 28 * s;
    float need = 10 * s + turn_box_words(ui, w, v, x, wd, SL_FONT_NORMAL, &t) + 6 * s + log_heading_height(ui);
    /* the most any unit's card needs, whether one is shown or not, so
     * the size stays as units are selected in turn and the selection
     * cleared (at 1280x720 200% the fireteams' text went from 200% to
     * 150% as a unit was selected, and back) */
    float card = 0;
    /* (not in a replay, where nothing is ordered and the caption says
     * what each step did: a unit's card, selected, is clipped between
     * the turn box and the log, as at any size; F10's table layout of a
     * whole solo game fell from 200% to 100% at 1280x720) */
    for (int u = 0; u < w->scn.nunits && !v->play->replay; u++)
        card = fmaxf(card, card_need_of(ui, w, v, u, false));
    ui->text.cuts = cuts;
    ui->lay = keep;
    return need + card <= L->panel.h;
}

/* In play: the turn box on top and the dice log at the foot of the panel
 * p, the room between them clipped for the unit or the forces. At a large
 * text scale the turn keeps its room and the log gives way, and nothing is
 * drawn over another part. Gives the y under the turn box and where the
 * log begins; false when no room is left between them. */
static bool panel_draw_play(sl_ui *ui, const sl_world *w, const sl_view *v, SDL_FRect p, float x, float wd, float *y,
                            float *log_top)
{
    float s = ui->lay.s;
    *y = play_draw_turn(ui, w, v, x, *y, wd);
    float log_h = fminf(floorf(p.h * 0.42f), fmaxf(0.0f, p.y + p.h - *y));
    /* the selected unit's card down to its quality, armour and figures:
     * the log gives it room, down to its heading and newest line */
    float want = unit_card_need(ui, w, v, true);
    /* its heading and its newest line (two at most: the card's quality
     * and armour line at 1280x720 200% in the hidden set-up needed the
     * second) */
    float least = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.4f + (float)text_height(&ui->text, SL_FONT_SMALL) * 1.3f +
                  12 * s;
    /* with no unit's card, the forces list's rows (at 1280x720 200% in
     * the table layout the log's 42% left it none of its 15): the log
     * gives them room in the same way */
    if (want <= 0)
        want = forces_need(ui, w, v, sl_view_selected_count(v));
    if (want > 0)
        log_h = fminf(log_h, fmaxf(least, p.y + p.h - *y - want));
    /* and where even the card's name, quality, armour and figures would
     * not stand above that (1920x1080 250%, a detachment's long name),
     * the log keeps its heading alone (PgUp reads it; the dice cards
     * show the last rolls) */
    float ess = unit_card_need(ui, w, v, false);
    if (ess > 0 && p.y + p.h - *y - log_h < ess)
        log_h = fminf(log_h, fmaxf(log_heading_height(ui), p.y + p.h - *y - ess));
    *log_top = p.y + p.h - log_h;
    if (log_h > 0) {
        gfx_rect(ui->ren, p.x + 1.0f * s, *log_top, p.w - 1.0f * s, log_h, ui_pal.panel);
        play_draw_log(ui, v, x, *log_top, wd, log_h - 6 * s);
    }
    if (*log_top - *y < (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.5f)
        return false;
    SDL_Rect mid = {(int)p.x, (int)*y, (int)p.w, (int)(*log_top - *y)};
    SDL_RenderSetClipRect(ui->ren, &mid);
    return true;
}

/* Out of play: the scenario's name and its table's, wrapped in the
 * panel's width wd (never past the window's edge); gives the next y. */
static float panel_draw_table_head(sl_ui *ui, const sl_world *w, float x, float y, float wd)
{
    char buf[200], lines[3][UI_LINE];
    const sl_table *t = &w->scn.table;
    text_draw(&ui->text, SL_FONT_LARGE, w->scn.name[0] ? w->scn.name : t->name, x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, SL_FONT_LARGE) * 1.1f;
    snprintf(buf, sizeof buf, "%s \xC2\xB7 %.0f\" x %.0f\" \xC2\xB7 %d terrain features", t->name, t->width / 1000.0,
             t->height / 1000.0, t->nfeatures);
    int n = text_wrap_lines(&ui->text, SL_FONT_SMALL, buf, wd, lines, 3);
    for (int i = 0; i < n; i++) {
        text_draw(&ui->text, SL_FONT_SMALL, lines[i], x, y, ui_pal.dim, SL_ALIGN_LEFT);
        y += (float)text_height(&ui->text, SL_FONT_SMALL) * 1.2f;
    }
    return y;
}

/* Where the forces list has got to: the next row's y, the rows counted
 * (those scrolled away too) and those past the list's foot. */
typedef struct forces_pos {
    float x, y, wd, lh, foot;
    int row_no, below;
} forces_pos;

/* The forces list's units in order: squads of fireteams followed by their
 * teams, and a detached element under its squad while it has men. */
static int forces_order(const sl_world *w, int *order)
{
    int norder = 0;
    int units[SL_MAX_ROWS * 2];
    int nunits = ui_units_in_order(w, units, SL_MAX_ROWS * 2);
    for (int ui_i = 0; ui_i < nunits && norder < SL_MAX_ROWS * 2; ui_i++) {
        int u = units[ui_i];
        const sl_unit *un = &w->scn.units[u];
        if (sl_unit_whole(&w->scn, u) >= 0 || un->parent >= 0)
            continue;
        order[norder++] = u;
        for (int k = 0; k < sl_unit_nparts(&w->scn, u) && norder < SL_MAX_ROWS * 2; k++)
            order[norder++] = sl_unit_part(&w->scn, u, k);
        if (sl_unit_fielded(&w->scn, un->element) && norder < SL_MAX_ROWS * 2)
            order[norder++] = un->element;
    }
    return norder;
}

/* A unit's row in the forces list: its name and what this view knows of
 * it (a counter, out of sight, not yet on, a dummy), or its make-up. */
static void forces_row_text(const sl_world *w, const sl_view *v, int u, char *buf, size_t len)
{
    const sl_unit *un = &w->scn.units[u];
    bool team = sl_unit_whole(&w->scn, u) >= 0 || un->parent >= 0;
    char men[40]; /* "8 strong", or "7 of 8" with one of them down */
    strength_words(w, u, men, sizeof men);
    int seen_turn = 0;
    /* a counter's strength and quality are not known: its blank values
     * are never shown (a joined window's counters too) */
    if (sl_play_is_counter(w, u))
        snprintf(buf, len, "%s  \xC2\xB7 face-down%s", un->name,
                 !play_on(v)                                                             ? ""
                 : sl_game_knows(&v->play->game, v->play->view_side, u) == SL_KNOW_UNIT  ? ", a unit"
                 : sl_game_knows(&v->play->game, v->play->view_side, u) == SL_KNOW_GONE ? ", removed"
                                                                                       : "");
    else if (play_on(v) && sl_play_last_seen(v->play, u, &seen_turn)) {
        char when[32] = "set-up";
        if (seen_turn > 0)
            snprintf(when, sizeof when, "T%d", seen_turn);
        snprintf(buf, len, "%s  \xC2\xB7 out of sight since %s",
                 un->parent >= 0 ? "detached element" : team ? "fireteam" : un->name, when);
    }
    else if (play_on(v) && sl_game_not_yet_on(&v->play->game, u))
        snprintf(buf, len, "%s  \xC2\xB7 not yet on the table", un->name);
    else if (un->kind == SL_UNIT_DUMMY) {
        char name[40];
        snprintf(buf, len, "%s  \xC2\xB7 %s", dummy_name(v, u, name, sizeof name),
                 play_on(v) && sl_game_living(&v->play->game, u) == 0 ? "removed" : "a dummy");
    } else if (un->parent >= 0)
        snprintf(buf, len, "detached element  \xC2\xB7 %s", men[0] ? men : "1 man");
    else if (team)
        snprintf(buf, len, "fireteam %d  \xC2\xB7 %s", sl_unit_part_no(&w->scn, u), men[0] ? men : "1 man");
    else {
        char makeup[120]; /* in the ruleset's terms: "D8/2", or a SkirmishCorps unit's SP and RE */
        sl_unit_makeup(&w->scn, u, makeup, sizeof makeup);
        int n = snprintf(buf, len, "%s  \xC2\xB7 %s%s%s", un->name, makeup, men[0] ? " \xC2\xB7 " : "", men);
        if (sl_unit_nparts(&w->scn, u) > 0 && n > 0 && (size_t)n < len)
            snprintf(buf + n, len - (size_t)n, " in %d teams", sl_unit_nparts(&w->scn, u));
    }
}

/* A unit's row, unless scrolled away or past the foot: highlit when
 * selected or under the mouse, a team's indented, and kept for clicks. */
static void forces_draw_row(sl_ui *ui, const sl_view *v, int u, bool team, const char *text, forces_pos *fp)
{
    float s = ui->lay.s;
    sl_layout *L = &ui->lay;
    if (fp->row_no++ < v->forces_scroll)
        return;
    if (fp->y + fp->lh > fp->foot) {
        fp->below++;
        return;
    }
    SDL_FRect row = {fp->x, fp->y - 2 * s, fp->wd, fp->lh};
    bool sel = v->selected[u] != 0, hover = v->hover_unit_row == u;
    if (sel || hover)
        gfx_rect(ui->ren, row.x, row.y, row.w, row.h, sel ? sl_rgba_make(92, 88, 30, 255) : ui_pal.button);
    char fit[200];
    text_fit(&ui->text, SL_FONT_NORMAL, text, fp->wd - (team ? 48 : 24) * s, fit, sizeof fit);
    text_draw(&ui->text, SL_FONT_NORMAL, fit, fp->x + (team ? 48 : 24) * s, fp->y, ui_pal.text, SL_ALIGN_LEFT);
    if (L->nrows < SL_MAX_ROWS) {
        L->rows[L->nrows] = row;
        L->row_unit[L->nrows] = u;
        L->nrows++;
    }
    fp->y += fp->lh;
}

/* One side in the forces list: its name (unless only the selection is
 * listed), then its units' rows. */
static void forces_draw_side(sl_ui *ui, const sl_world *w, const sl_view *v, int sd, int nsel, forces_pos *fp)
{
    float s = ui->lay.s;
    if (nsel <= 1) {
        if (fp->row_no++ < v->forces_scroll) {
            /* scrolled away */
        } else if (fp->y + fp->lh > fp->foot) {
            fp->below++;
        } else {
            ui_side_swatch(ui, w, sd, fp->x + 9 * s, fp->y + fp->lh / 2 - 2 * s, 8 * s);
            text_draw(&ui->text, SL_FONT_BOLD, w->scn.sides[sd].name, fp->x + 24 * s, fp->y, ui_pal.text,
                      SL_ALIGN_LEFT);
            fp->y += fp->lh;
        }
    }
    int order[SL_MAX_ROWS * 2];
    int norder = forces_order(w, order);
    for (int oi = 0; oi < norder; oi++) {
        int u = order[oi];
        const sl_unit *un = &w->scn.units[u];
        if (un->side != sd || (nsel > 1 && !v->selected[u]))
            continue;
        char buf[200];
        forces_row_text(w, v, u, buf, sizeof buf);
        forces_draw_row(ui, v, u, sl_unit_whole(&w->scn, u) >= 0 || un->parent >= 0, buf, fp);
    }
    fp->y += 4 * s;
}

/* The forces list (or the units selected) from y down to the foot at
 * log_top, scrolled by the wheel when longer than its room: rows above the
 * scroll are skipped, rows past the foot counted and said. */
static void forces_draw(sl_ui *ui, const sl_world *w, sl_view *v, float x, float y, float wd, int nsel, float log_top)
{
    float s = ui->lay.s;
    char buf[200];
    if (nsel > 1) {
        snprintf(buf, sizeof buf, "%d units selected", nsel);
        y = heading(ui, x, y, wd, buf);
    } else if (w->scn.nunits > 0) {
        y = heading(ui, x, y, wd, "Forces (click or Tab to select)");
    }
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.25f;
    if (v->forces_scroll < 0)
        v->forces_scroll = 0;
    forces_pos fp = {x, y, wd, lh, log_top - lh, 0, 0};
    float top_y = y;
    for (int sd = 0; sd < w->scn.nsides; sd++)
        forces_draw_side(ui, w, v, sd, nsel, &fp);
    y = fp.y;
    if (w->scn.nunits == 0) {
        text_draw(&ui->text, SL_FONT_NORMAL, "No forces: this is a bare table.", x, y, ui_pal.dim, SL_ALIGN_LEFT);
        y += lh;
    }
    v->forces_more = v->forces_scroll + fp.below;
    if (fp.below > 0 || v->forces_scroll > 0) {
        /* whole in the panel: in fewer words where it is narrow (F10 at
         * 1920x1080 200% cut it at "scrolls i") */
        static const char *const how[] = {": the wheel over the list scrolls it", " (the wheel scrolls)", ""};
        for (size_t k = 0; k < sizeof how / sizeof how[0]; k++) {
            snprintf(buf, sizeof buf, "%s%s%d more%s", v->forces_scroll > 0 ? "\xE2\x96\xB2 " : "",
                     fp.below > 0 ? "\xE2\x96\xBC " : "", fp.below > 0 ? fp.below : v->forces_scroll, how[k]);
            if ((float)text_width(&ui->text, SL_FONT_SMALL, buf) <= wd - 24 * s)
                break;
        }
        text_draw(&ui->text, SL_FONT_SMALL, buf, x + 24 * s, fmaxf(y, top_y) + 2 * s, ui_pal.dim, SL_ALIGN_LEFT);
    }
}

void panel_draw(sl_ui *ui, const sl_world *w, sl_view *v)
{
    sl_layout *L = &ui->lay;
    float s = L->s;
    SDL_FRect p = L->panel;
    gfx_rect(ui->ren, p.x, p.y, p.w, p.h, ui_pal.panel);
    gfx_rect(ui->ren, p.x, p.y, 1.0f * s, p.h, ui_pal.rule);
    SDL_Rect clip = {(int)p.x, (int)p.y, (int)p.w, (int)p.h};
    SDL_RenderSetClipRect(ui->ren, &clip);
    float x = p.x + 14 * s, y = p.y + 10 * s, wd = p.w - 28 * s;
    L->nrows = 0;
    int nsel = sl_view_selected_count(v);
    float log_top = p.y + p.h; /* where the dice log begins (in play) */
    if (play_on(v) && !panel_draw_play(ui, w, v, p, x, wd, &y, &log_top)) {
        /* no room between them for the unit or the forces */
        SDL_RenderSetClipRect(ui->ren, NULL);
        return;
    }
    ui->panel_foot = log_top;
    ui->panel_full = false;
    if (v->focus_unit >= 0 && v->focus_unit < w->scn.nunits && nsel <= 1) {
        float foot = unit_card(ui, w, v, v->focus_unit, x, y, wd, log_top);
        ui->panel_under_log = fmaxf(0.0f, foot - log_top);
        SDL_RenderSetClipRect(ui->ren, NULL);
        return;
    }
    if (!play_on(v))
        y = panel_draw_table_head(ui, w, x, y, wd);
    forces_draw(ui, w, v, x, y, wd, nsel, log_top);
    SDL_RenderSetClipRect(ui->ren, NULL);
}

