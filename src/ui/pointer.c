/* The demonstrator's pointer (issue 42): a ping that pulses where he
 * points, the pen's arrows and rings that stay until cleared. The
 * window's, never the game's: nothing here gives a command. The pen's
 * marks are drawn in the kept frame (they change only when one is added
 * or cleared); the pings and the arrow being drawn are drawn over it each
 * frame, so a pulse redraws no more than the pointer's own part. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

/* A drag shorter than this (pixels) is a click: a ping. */
#define PEN_DRAG_PX 6.0f

/* Light over dark: every mark is white on a black casing, so it reads on
 * any mat and in greyscale; the ping's middle is yellow. */
static const sl_rgba pen_light = {255, 255, 255, 255};
static const sl_rgba pen_dark = {0, 0, 0, 230};

bool sl_view_pen_add(sl_view *v, const sl_pen_mark *m)
{
    if (m->kind == SL_PEN_PING) {
        if (v->npings == SL_PINGS_MAX) { /* the oldest gives way */
            memmove(v->pings, v->pings + 1, sizeof v->pings[0] * (SL_PINGS_MAX - 1));
            v->npings--;
        }
        v->pings[v->npings++] = (sl_ping){m->a, false, 0, 0};
        return true;
    }
    if (v->nmarks == SL_PEN_MAX) {
        snprintf(v->status, sizeof v->status, "The pen holds at most %d arrows and rings: Delete clears them",
                 SL_PEN_MAX);
        return false;
    }
    v->marks[v->nmarks++] = *m;
    return true;
}

bool sl_view_pings_tick(sl_view *v, uint32_t now, uint32_t *wait)
{
    *wait = 0;
    bool changed = false;
    int kept = 0;
    for (int i = 0; i < v->npings; i++) {
        sl_ping p = v->pings[i];
        if (!p.timed) { /* sent since the last tick: its clock starts */
            p.timed = true;
            p.since = now;
        }
        uint32_t age = now - p.since;
        if (age >= SL_PING_MS) {
            changed = true; /* gone: drawn once more without it */
            continue;
        }
        age -= age % SL_PING_FRAME_MS;
        if (age != p.age)
            changed = true;
        p.age = age;
        v->pings[kept++] = p;
    }
    v->npings = kept;
    if (kept > 0)
        *wait = SL_PING_FRAME_MS;
    return changed;
}

/* --- keys and clicks -------------------------------------------------------- */

static void ping_at(sl_view *v, sl_pt p)
{
    sl_view_pen_add(v, &(sl_pen_mark){SL_PEN_PING, p, p, 0});
    /* where, in the table's words ("near the mill yard") for the room;
     * a bare table, which names nothing, in inches */
    snprintf(v->status, sizeof v->status, "Ping at %.1f\", %.1f\"", p.x / 1000.0, p.y / 1000.0);
    if (!v->play || !v->play->on)
        return;
    char at[80], words[400];
    snprintf(at, sizeof at, "(%.3f, %.3f)", p.x / 1000.0, p.y / 1000.0);
    sl_pt pt;
    if (sl_scenario_point_words(&v->play->disp.scn, at, words, sizeof words, &pt, 1) != 1)
        return;
    const char *where = (words[0] == 'T' || words[0] == 't') && strncmp(words + 1, "hat point ", 10) == 0 ? words + 11 : "";
    snprintf(v->status, sizeof v->status, "Ping%s%s (it pulses for 4 seconds)",
             where[0] ? " " : "", where);
}

/* A mark as a lesson step's "pointer" entry. */
static int mark_json(const sl_pen_mark *m, char *buf, size_t len)
{
    double ax = m->a.x / 1000.0, ay = m->a.y / 1000.0;
    switch (m->kind) {
    case SL_PEN_ARROW:
        return snprintf(buf, len, "{\"arrow\": [[%g, %g], [%g, %g]]}", ax, ay, m->b.x / 1000.0, m->b.y / 1000.0);
    case SL_PEN_RING: return snprintf(buf, len, "{\"ring\": [%g, %g, %g]}", ax, ay, m->r / 1000.0);
    default: return snprintf(buf, len, "{\"ping\": [%g, %g]}", ax, ay);
    }
}

int pointer_json(const sl_view *v, char *buf, size_t len)
{
    int n = 0;
    size_t at = (size_t)snprintf(buf, len, "\"pointer\": [");
    for (int i = 0; i < v->nmarks + v->npings && at < len; i++) {
        sl_pen_mark ping = {SL_PEN_PING, i >= v->nmarks ? v->pings[i - v->nmarks].at : sl_pt_make(0, 0),
                            sl_pt_make(0, 0), 0};
        const sl_pen_mark *m = i < v->nmarks ? &v->marks[i] : &ping;
        at += (size_t)snprintf(buf + at, len - at, "%s", n ? ", " : "");
        if (at < len)
            at += (size_t)mark_json(m, buf + at, len - at);
        n++;
    }
    if (at < len)
        snprintf(buf + at, len - at, "]");
    return n;
}

/* Ctrl+C: the pen's marks and the pings as a lesson step's "pointer",
 * on the clipboard and standard output, to be pasted into a lesson. */
static void copy_marks(sl_view *v)
{
    char json[SL_PEN_MAX * 64 + SL_PINGS_MAX * 40 + 32];
    int n = pointer_json(v, json, sizeof json);
    if (n == 0) {
        snprintf(v->status, sizeof v->status, "No pen marks to copy (, draws them)");
        return;
    }
    printf("%s\n", json);
    fflush(stdout);
    bool clip = SDL_SetClipboardText(json) == 0;
    snprintf(v->status, sizeof v->status, "%d mark%s copied as a lesson step's \"pointer\" (%s): paste it into the step",
             n, n == 1 ? "" : "s", clip ? "on the clipboard and standard output" : "on standard output");
}

bool pointer_key(sl_view *v, SDL_Keycode k, bool ctrl)
{
    if (ctrl) {
        if (k != SDLK_c)
            return false;
        copy_marks(v);
        return true;
    }
    if (k == SDLK_PERIOD) { /* where the pointer is, else the middle of the view */
        ping_at(v, v->mouse_in_table ? v->cursor
                                     : sl_pt_make((int32_t)lround(v->cx * 1000.0), (int32_t)lround(v->cy * 1000.0)));
        return true;
    }
    if (k == SDLK_COMMA) {
        v->tool = v->tool == SL_TOOL_PEN ? SL_TOOL_SELECT : SL_TOOL_PEN;
        if (v->tool == SL_TOOL_PEN)
            snprintf(v->status, sizeof v->status,
                     "Pen: drag an arrow, Shift+drag a ring, click a ping; Backspace takes back, Delete clears");
        else
            snprintf(v->status, sizeof v->status, "Pen put away (its marks stay until Delete)");
        return true;
    }
    if (k == SDLK_DELETE) {
        int n = v->nmarks + v->npings;
        v->nmarks = v->npings = 0;
        snprintf(v->status, sizeof v->status, "%s", n ? "The pen's marks cleared" : "No pen marks to clear");
        return true;
    }
    if (k == SDLK_BACKSPACE && v->tool == SL_TOOL_PEN) {
        if (v->nmarks > 0)
            v->nmarks--;
        snprintf(v->status, sizeof v->status, "%d pen mark%s left", v->nmarks, v->nmarks == 1 ? "" : "s");
        return true;
    }
    return false;
}

bool pointer_click(sl_view *v, bool ctrl)
{
    if (!ctrl || !v->mouse_in_table)
        return false;
    ping_at(v, v->cursor);
    return true;
}

/* The pen's drag from where the button went down to p: long enough on
 * screen to be a mark rather than a click? */
static bool pen_drawn(const sl_view *v, sl_pt p)
{
    return sl_dist(v->box_a, p) / 1000.0 * v->scale >= PEN_DRAG_PX * ui_scale(v);
}

void pointer_release(sl_view *v, bool shift)
{
    sl_pt a = v->box_a, b = v->cursor;
    if (!pen_drawn(v, b)) {
        ping_at(v, b);
        return;
    }
    sl_pen_mark m = {shift ? SL_PEN_RING : SL_PEN_ARROW, a, b, shift ? (int32_t)lround(sl_dist(a, b)) : 0};
    if (sl_view_pen_add(v, &m))
        snprintf(v->status, sizeof v->status, "%s drawn (%d on the table; Delete clears them)",
                 shift ? "A ring" : "An arrow", v->nmarks);
}

/* --- drawing -------------------------------------------------------------- */

/* An arrow from (x0, y0) to (x1, y1): a shaft and a head, light on a dark
 * casing. */
static void draw_arrow(sl_ui *ui, float x0, float y0, float x1, float y1, float s)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1.0f)
        return;
    float ux = dx / len, uy = dy / len;
    float head = fminf(26.0f * s, 0.5f * len), half = 0.55f * head;
    float bx = x1 - ux * head, by = y1 - uy * head; /* the head's base */
    float tri[6] = {x1, y1, bx - uy * half, by + ux * half, bx + uy * half, by - ux * half};
    static const int idx[3] = {0, 1, 2};
    gfx_line(ui->ren, x0, y0, bx, by, 10.0f * s, pen_dark);
    gfx_polyline(ui->ren, tri, 3, true, 5.0f * s, pen_dark);
    gfx_line(ui->ren, x0, y0, bx + ux * s, by + uy * s, 5.0f * s, pen_light);
    gfx_triangles(ui->ren, tri, 3, idx, 3, pen_light);
    gfx_disc(ui->ren, x0, y0, 5.0f * s, pen_dark); /* the tail: a dot, so the arrow reads which way */
    gfx_disc(ui->ren, x0, y0, 3.0f * s, pen_light);
}

/* A ring round (x, y) of radius r pixels, with a cross at its middle. */
static void draw_ring(sl_ui *ui, float x, float y, float r, float s)
{
    gfx_ring(ui->ren, x, y, r, 10.0f * s, pen_dark);
    gfx_ring(ui->ren, x, y, r, 5.0f * s, pen_light);
    float c = fminf(8.0f * s, 0.5f * r);
    gfx_line(ui->ren, x - c, y, x + c, y, 5.0f * s, pen_dark);
    gfx_line(ui->ren, x, y - c, x, y + c, 5.0f * s, pen_dark);
    gfx_line(ui->ren, x - c, y, x + c, y, 2.0f * s, pen_light);
    gfx_line(ui->ren, x, y - c, x, y + c, 2.0f * s, pen_light);
}

static void draw_mark(sl_ui *ui, const sl_pen_mark *m, const sl_cam *cam, float s)
{
    float ax, ay, bx, by;
    cam_pt(cam, m->a, &ax, &ay);
    cam_pt(cam, m->b, &bx, &by);
    if (m->kind == SL_PEN_ARROW)
        draw_arrow(ui, ax, ay, bx, by, s);
    else if (m->kind == SL_PEN_RING)
        draw_ring(ui, ax, ay, (float)(m->r / 1000.0 * cam->scale), s);
}

/* The clip the table is drawn in, set; the one before kept in *was. */
static bool clip_table(sl_ui *ui, SDL_Rect *was)
{
    bool had = SDL_RenderIsClipEnabled(ui->ren);
    SDL_RenderGetClipRect(ui->ren, was);
    const SDL_FRect *T = &ui->lay.table;
    SDL_Rect clip = {(int)T->x, (int)T->y, (int)T->w, (int)T->h};
    SDL_RenderSetClipRect(ui->ren, &clip);
    return had;
}

static void clip_back(sl_ui *ui, bool had, const SDL_Rect *was)
{
    SDL_RenderSetClipRect(ui->ren, had ? was : NULL);
}

void pointer_draw_marks(sl_ui *ui, const sl_view *v, const sl_cam *cam)
{
    ui->npen_lines = 0;
    for (int i = 0; i < v->nmarks && ui->npen_lines < 8; i++)
        if (v->marks[i].kind == SL_PEN_ARROW) {
            float *l = ui->pen_line[ui->npen_lines++];
            cam_pt(cam, v->marks[i].a, &l[0], &l[1]);
            cam_pt(cam, v->marks[i].b, &l[2], &l[3]);
        }
    if (v->nmarks == 0)
        return;
    SDL_Rect was;
    bool had = clip_table(ui, &was);
    float s = ui_scale(v);
    for (int i = 0; i < v->nmarks; i++)
        draw_mark(ui, &v->marks[i], cam, s);
    clip_back(ui, had, &was);
}

/* A ping `age` ms old: a cross-hair with a yellow middle, and rings that
 * grow from it and fade, one a pulse. */
static void draw_ping(sl_ui *ui, float x, float y, uint32_t age, float s)
{
    float phase = fmodf((float)age / (float)SL_PING_PERIOD_MS + 0.5f, 1.0f);
    float r = (14.0f + 46.0f * phase) * s;
    uint8_t fade = (uint8_t)lroundf(255.0f * (1.0f - phase));
    sl_rgba dark = pen_dark, light = pen_light;
    dark.a = (uint8_t)(dark.a * fade / 255);
    light.a = fade;
    gfx_ring(ui->ren, x, y, r, 9.0f * s, dark);
    gfx_ring(ui->ren, x, y, r, 4.0f * s, light);
    for (int q = 0; q < 4; q++) { /* the cross-hair's four ticks */
        float ux = q == 0 ? 1.0f : q == 1 ? -1.0f : 0.0f, uy = q == 2 ? 1.0f : q == 3 ? -1.0f : 0.0f;
        gfx_line(ui->ren, x + ux * 9 * s, y + uy * 9 * s, x + ux * 22 * s, y + uy * 22 * s, 7.0f * s, pen_dark);
        gfx_line(ui->ren, x + ux * 10 * s, y + uy * 10 * s, x + ux * 21 * s, y + uy * 21 * s, 3.0f * s, pen_light);
    }
    gfx_disc(ui->ren, x, y, 7.0f * s, pen_dark);
    gfx_disc(ui->ren, x, y, 4.5f * s, ui_pal.yellow);
}

void pointer_draw_live(sl_ui *ui, const sl_view *v, const sl_cam *cam)
{
    bool drawing = v->tool == SL_TOOL_PEN && v->pressed && pen_drawn(v, v->cursor);
    if (v->npings == 0 && !drawing)
        return;
    SDL_Rect was;
    bool had = clip_table(ui, &was);
    float s = ui_scale(v);
    if (drawing) { /* the mark the drag would leave, as the pointer moves */
        bool ring = (SDL_GetModState() & KMOD_SHIFT) != 0;
        sl_pen_mark m = {ring ? SL_PEN_RING : SL_PEN_ARROW, v->box_a, v->cursor,
                         (int32_t)lround(sl_dist(v->box_a, v->cursor))};
        draw_mark(ui, &m, cam, s);
    }
    for (int i = 0; i < v->npings; i++) {
        float x, y;
        cam_pt(cam, v->pings[i].at, &x, &y);
        draw_ping(ui, x, y, v->pings[i].age, s);
    }
    clip_back(ui, had, &was);
}
