/* The rule options page of the start screen (issue 42): the options of
 * the chosen scenario's ruleset, the ones `sightline options` lists and
 * a scenario's "rules" sets, each at the scenario's value with its
 * documented default and meaning, changed by keys for the new game. The
 * game's origin keeps what differs from the scenario, so its saves
 * replay by the same rules. */
#include <stdio.h>
#include <string.h>

#include "around.h"

bool ui_rules_open(ui_rules_page *p, const char *path, char *why, size_t len)
{
    sl_world w;
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts opts = {false};
    bool ok = sl_world_load_any(path, &opts, &w, &d);
    why[0] = '\0';
    for (int i = 0; !ok && i < d.n; i++) {
        char line[1200];
        sl_diag_format(&d.msgs[i], line, sizeof line);
        size_t at = strlen(why);
        snprintf(why + at, len - at, "%s%s", at ? "\n" : "", line);
    }
    sl_diag_free(&d);
    if (!ok)
        return false;
    memset(p, 0, sizeof *p);
    snprintf(p->path, sizeof p->path, "%s", path);
    snprintf(p->name, sizeof p->name, "%s", w.scn.name);
    snprintf(p->ruleset, sizeof p->ruleset, "%s", sl_ruleset_title(&w.scn));
    p->file = p->now = w.scn.options;
    sl_world_free(&w);
    const sl_option_desc *rs = sl_option_find("ruleset"); /* the scenario's own: its units are written for it */
    for (int i = 0; i < sl_option_count() && p->n < UI_RULES_MAX; i++) {
        const sl_option_desc *o = sl_option_get(i);
        if (o != rs && sl_option_in_play(&p->file, o))
            p->d[p->n++] = o;
    }
    p->open = true;
    return true;
}

/* The option's value a step on (`by` +1) or back (-1): a choice its next
 * word, true and false in turn, a length a quarter inch, a number one. */
static void step(ui_rules_page *p, int by)
{
    const sl_option_desc *d = p->d[p->sel];
    int32_t v = sl_option_value(&p->now, d);
    char err[300];
    switch (d->type) {
    case SL_OPT_BOOL:
        sl_option_set_bool(&p->now, d, !v, err, sizeof err);
        break;
    case SL_OPT_CHOICE: {
        char list[400], word[64];
        sl_option_choices(d, "|", list, sizeof list);
        int n = 1;
        for (const char *c = list; *c; c++)
            n += *c == '|';
        int want = ((int)v + by + n) % n;
        const char *w = list;
        for (int i = 0; i < want; i++)
            w = strchr(w, '|') + 1;
        snprintf(word, sizeof word, "%.*s", (int)strcspn(w, "|"), w);
        sl_option_set_word(&p->now, d, word, err, sizeof err);
        break;
    }
    case SL_OPT_INCHES: {
        double x = v / 1000.0 + 0.25 * by;
        x = x < d->min ? d->min : x > d->max ? d->max : x;
        sl_option_set_number(&p->now, d, x, err, sizeof err);
        break;
    }
    case SL_OPT_INT: {
        double x = v + by;
        x = x < d->min ? d->min : x > d->max ? d->max : x;
        sl_option_set_number(&p->now, d, x, err, sizeof err);
        break;
    }
    }
}

ui_start_act ui_rules_key(ui_rules_page *p, SDL_Keycode k, char *path, size_t len, sl_shelf_kind *kind)
{
    switch (k) {
    case SDLK_UP: p->sel -= p->sel > 0; break;
    case SDLK_DOWN: p->sel += p->sel + 1 < p->n; break;
    case SDLK_PAGEUP: p->sel = p->sel > 8 ? p->sel - 8 : 0; break;
    case SDLK_PAGEDOWN: p->sel = p->sel + 8 < p->n ? p->sel + 8 : p->n - 1; break;
    case SDLK_HOME: p->sel = 0; break;
    case SDLK_END: p->sel = p->n - 1; break;
    case SDLK_LEFT:
        if (p->n > 0)
            step(p, -1);
        break;
    case SDLK_RIGHT:
    case SDLK_SPACE:
        if (p->n > 0)
            step(p, 1);
        break;
    case SDLK_BACKSPACE: /* the scenario's own value again */
    case SDLK_DELETE:
        if (p->n > 0) {
            const sl_option_desc *d = p->d[p->sel];
            char v[64], err[300];
            sl_option_format(&p->file, d, v, sizeof v);
            sl_option_set_text(&p->now, d, v, err, sizeof err);
        }
        break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        snprintf(path, len, "%s", p->path);
        *kind = SL_SHELF_SCENARIO;
        return UI_START_OPEN;
    case SDLK_ESCAPE:
    case SDLK_TAB: p->open = false; break;
    default: break;
    }
    return UI_START_TOOK;
}

int ui_rules_chosen(const ui_rules_page *p, sl_origin *o)
{
    o->nrules = 0;
    for (int i = 0; p->open && i < p->n && o->nrules < SL_ORIGIN_RULES; i++) {
        const sl_option_desc *d = p->d[i];
        if (sl_option_value(&p->now, d) == sl_option_value(&p->file, d))
            continue;
        snprintf(o->rules[o->nrules].name, sizeof o->rules[0].name, "%s", d->name);
        sl_option_format(&p->now, d, o->rules[o->nrules].value, sizeof o->rules[0].value);
        o->nrules++;
    }
    return o->nrules;
}

/* --- drawing ------------------------------------------------------------------ */

/* What a row says after the option's name: its value, and its documented
 * default (and the scenario's, where that differs) when it is not that. */
static void row_value(const ui_rules_page *p, const sl_option_desc *d, char *out, size_t len)
{
    sl_options def;
    sl_options_default(&def);
    char now[64], dv[64], fv[64];
    sl_option_format(&p->now, d, now, sizeof now);
    sl_option_format(&def, d, dv, sizeof dv);
    sl_option_format(&p->file, d, fv, sizeof fv);
    bool changed = sl_option_value(&p->now, d) != sl_option_value(&p->file, d);
    bool scn_own = sl_option_value(&p->file, d) != sl_option_value(&def, d);
    snprintf(out, len, "%s   (default %s%s%s)%s", now, dv, scn_own ? "; this scenario: " : "", scn_own ? fv : "",
             changed ? "  \xE2\x80\x94 changed for this game" : "");
}

/* The title, what the page is, and the keys at the foot; the rows' top
 * and bottom. */
static void draw_frame(sl_ui *ui, const ui_rules_page *p, float x, float wd, int h, float *top, float *bottom)
{
    float s = ui->lay.s, y = 20 * s;
    char line[400], lines[4][UI_LINE];
    snprintf(line, sizeof line, "Rule options: %s", p->name);
    text_fit(&ui->text, SL_FONT_TITLE, line, wd, lines[0], UI_LINE);
    text_draw(&ui->text, SL_FONT_TITLE, lines[0], x, y, ui_pal.text, SL_ALIGN_LEFT);
    y += (float)text_height(&ui->text, SL_FONT_TITLE) * 1.15f;
    snprintf(line, sizeof line,
             "Played by %s. Each option starts at the scenario's value, its documented default beside it; what you "
             "change is for this new game only, and its saves keep it.",
             p->ruleset);
    int n = text_wrap_lines(&ui->text, SL_FONT_NORMAL, line, wd, lines, 4);
    float lh = (float)text_height(&ui->text, SL_FONT_NORMAL) * 1.2f;
    for (int i = 0; i < n; i++, y += lh)
        text_draw(&ui->text, SL_FONT_NORMAL, lines[i], x, y, ui_pal.text, SL_ALIGN_LEFT);
    *top = y + 8 * s;
    static const char keys[] = "Up/Down: choose \xC2\xB7 Left/Right or Space: change \xC2\xB7 Backspace: the "
                               "scenario's value \xC2\xB7 Enter: start the game \xC2\xB7 Esc: back to the list";
    n = text_wrap_lines(&ui->text, SL_FONT_NORMAL, keys, wd, lines, 3);
    float foot = (float)h - 16 * s - (float)n * lh;
    for (int i = 0; i < n; i++)
        text_draw(&ui->text, SL_FONT_NORMAL, lines[i], x, foot + (float)i * lh, ui_pal.accent, SL_ALIGN_LEFT);
    *bottom = foot - 8 * s;
}

void ui_rules_draw(sl_ui *ui, ui_rules_page *p, int w, int h)
{
    float s = ui->lay.s, pad = 24 * s;
    gfx_rect(ui->ren, 0, 0, (float)w, (float)h, sl_rgba_make(18, 19, 23, 250));
    float wd = (float)w - 2 * pad;
    if (wd > 1400 * s)
        wd = 1400 * s;
    float x = ((float)w - wd) / 2, y, bottom;
    draw_frame(ui, p, x, wd, h, &y, &bottom);
    float rh = (float)text_height(&ui->text, SL_FONT_BOLD) * 1.35f, lh2 = (float)text_height(&ui->text, SL_FONT_SMALL);
    char doc[8][UI_LINE];
    float namew = 0;
    for (int i = 0; i < p->n; i++) {
        float nw = (float)text_width(&ui->text, SL_FONT_BOLD, p->d[i]->name);
        namew = nw > namew ? nw : namew;
    }
    float vx = x + (float)text_width(&ui->text, SL_FONT_BOLD, "\xE2\x96\xB6 ") + namew + 16 * s;
    int ndoc = p->n > 0 ? text_wrap_lines(&ui->text, SL_FONT_SMALL, p->d[p->sel]->doc, wd - (vx - x), doc, 8) : 0;
    int fit = (int)((bottom - y - (float)ndoc * lh2) / rh);
    fit = fit < 1 ? 1 : fit;
    if (p->sel < p->top)
        p->top = p->sel;
    if (p->sel >= p->top + fit)
        p->top = p->sel - fit + 1;
    int i;
    for (i = p->top; i < p->n && y + rh <= bottom; i++) {
        const sl_option_desc *d = p->d[i];
        bool changed = sl_option_value(&p->now, d) != sl_option_value(&p->file, d);
        char v[300], vf[300];
        row_value(p, d, v, sizeof v);
        if (i == p->sel) {
            gfx_rect(ui->ren, x - 6 * s, y, wd + 12 * s, rh + (float)ndoc * lh2 + 4 * s, ui_pal.raised);
            text_draw(&ui->text, SL_FONT_BOLD, "\xE2\x96\xB6", x, y + 2 * s, ui_pal.accent, SL_ALIGN_LEFT);
        }
        text_draw(&ui->text, SL_FONT_BOLD, d->name, x + (vx - x - namew - 16 * s), y + 2 * s, ui_pal.text,
                  SL_ALIGN_LEFT);
        text_fit(&ui->text, SL_FONT_NORMAL, v, wd - (vx - x), vf, sizeof vf);
        text_draw(&ui->text, SL_FONT_NORMAL, vf, vx, y + 2 * s, changed ? ui_pal.accent : ui_pal.text, SL_ALIGN_LEFT);
        y += rh;
        for (int k = 0; i == p->sel && k < ndoc; k++, y += lh2)
            text_draw(&ui->text, SL_FONT_SMALL, doc[k], vx, y, ui_pal.dim, SL_ALIGN_LEFT);
        y += i == p->sel ? 6 * s : 0;
    }
    char more[120];
    snprintf(more, sizeof more, "%s%s", p->top > 0 ? "\xE2\x96\xB2 more above " : "",
             i < p->n ? "\xE2\x96\xBC more below (Down, PgDn)" : "");
    if (more[0])
        text_draw(&ui->text, SL_FONT_SMALL, more, x + wd, bottom - lh2, ui_pal.dim, SL_ALIGN_RIGHT);
}
