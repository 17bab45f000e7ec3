/* The window's palette; see theme.h. */
#include "theme.h"

const ui_palette ui_pal = {
    .panel = {28, 30, 34, 255},
    .button = {40, 43, 48, 255},
    .raised = {44, 47, 53, 255},
    .hover = {70, 75, 82, 255},
    .disabled = {34, 36, 40, 255},
    .disabled_text = {112, 116, 122, 255},
    .rule = {70, 74, 80, 255},
    .text = {236, 236, 236, 255},
    .dim = {170, 174, 180, 255},
    .faint = {150, 154, 160, 255},
    .accent = {240, 228, 66, 255},
    .black = {0, 0, 0, 255},
    .white = {255, 255, 255, 255},
    .pass = {86, 180, 233, 255},
    .fail = {230, 159, 0, 255},
    .vermilion = {213, 94, 0, 255},
    .green = {0, 158, 115, 255},
    .blue = {0, 114, 178, 255},
    .purple = {204, 121, 167, 255},
    .yellow = {240, 228, 66, 255},
};

void ui_mark_colours(sl_mark_style style, sl_rgba *bg, sl_rgba *fg)
{
    const ui_palette *p = &ui_pal;
    *fg = p->black;
    switch (style) {
    case SL_MARK_CONFIDENT: *bg = p->green; break;
    case SL_MARK_STEADY: *bg = p->pass; break;
    case SL_MARK_SHAKEN: *bg = p->yellow; break;
    case SL_MARK_BROKEN: *bg = p->fail; break;
    case SL_MARK_ROUTED: *bg = p->purple; break;
    case SL_MARK_ALERT:
        *bg = p->vermilion;
        *fg = p->white;
        break;
    case SL_MARK_ACTIVE: *bg = p->accent; break;
    case SL_MARK_DONE: *bg = sl_rgba_make(120, 120, 120, 255); break;
    case SL_MARK_INFO:
        *bg = p->blue;
        *fg = p->white;
        break;
    case SL_MARK_DARK:
        *bg = sl_rgba_make(30, 30, 30, 255);
        *fg = p->white;
        break;
    case SL_MARK_SHADE:
        *bg = sl_rgba_make(60, 60, 60, 255);
        *fg = p->white;
        break;
    case SL_MARK_PANIC: *bg = p->purple; break;
    case SL_MARK_DAMAGE: /* yellow on black, as a hazard sign, and a shape */
        *bg = sl_rgba_make(20, 20, 20, 255);
        *fg = p->yellow;
        break;
    case SL_MARK_LOST:
    default:
        *bg = sl_rgba_make(90, 90, 90, 255);
        *fg = p->text;
        break;
    }
}

sl_rgba ui_side_colour(const sl_world *w, int side)
{
    if (side < 0 || side >= w->scn.nsides)
        return sl_rgba_make(128, 128, 128, 255);
    const sl_side *s = &w->scn.sides[side];
    return sl_rgba_make(s->r, s->g, s->b, 255);
}
