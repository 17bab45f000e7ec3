/* Where a card goes on the table: the sight card, the fire card and every
 * decision's card are placed, each frame, at the candidate spot (a corner,
 * a middle of an edge) that covers least of what the player must see or
 * click: first another card (never two on top of each other), then what
 * the decision asks for (the mover's way, its best points, the units
 * offered, their numbers), then figures and unit names. */

#include "ui_internal.h"

void ui_cards_begin(sl_ui *ui, const sl_view *v)
{
    ui->ncards = 0;
    ui->nkeep = 0;
    /* the scale bar, bottom left, and the command line when it is open */
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s;
    ui_card_taken(ui, (SDL_FRect){T->x, T->y + T->h - 56 * s, 260 * s, 56 * s});
    if (v->pick.typing)
        ui_card_taken(ui, (SDL_FRect){T->x, T->y + T->h - 200 * s, T->w, 200 * s});
}

void ui_place_card(sl_ui *ui, const sl_world *w, const sl_cam *cam, float bw, float bh, ui_corner prefer, float *bx,
                   float *by)
{
    const SDL_FRect *T = &ui->lay.table;
    float s = ui->lay.s, m = 10 * s;
    float left = T->x + m, right = T->x + T->w - bw - m, top = T->y + m, bottom = T->y + T->h - bh - m;
    float cx = T->x + (T->w - bw) / 2, cy = T->y + (T->h - bh) / 2;
    if (right < left)
        right = left;
    if (bottom < top)
        bottom = top;
    const float spots[][2] = {{right, top},  {left, top}, {right, bottom}, {left, bottom},
                              {cx, top},     {cx, bottom}, {right, cy},    {left, cy}};
    int n = (int)(sizeof spots / sizeof spots[0]);
    int best = -1;
    float best_cost = 0;
    for (int k = 0; k < n; k++) {
        /* the preferred corner first, then the rest in order */
        int i = k == 0 ? (int)prefer : k <= (int)prefer ? k - 1 : k;
        SDL_FRect r = {spots[i][0], spots[i][1], bw, bh};
        float c = ui_spot_cost(ui, w, cam, &r) + (float)k; /* ties: the earlier */
        if (best < 0 || c < best_cost) {
            best = i;
            best_cost = c;
        }
    }
    *bx = spots[best][0];
    *by = spots[best][1];
    ui_card_taken(ui, (SDL_FRect){*bx, *by, bw, bh});
}

int ui_path_part(const sl_pt *pts, int npts, double a, double b, const sl_cam *cam, float *xy, int max)
{
    sl_pt p = sl_path_point_at(pts, npts, a);
    cam_pt(cam, p, &xy[0], &xy[1]);
    int n = 1;
    double acc = 0;
    for (int i = 0; i + 1 < npts && n < max - 1; i++) {
        acc += sl_dist(pts[i], pts[i + 1]);
        if (acc > a && acc < b) {
            cam_pt(cam, pts[i + 1], &xy[2 * n], &xy[2 * n + 1]);
            n++;
        }
    }
    p = sl_path_point_at(pts, npts, b);
    cam_pt(cam, p, &xy[2 * n], &xy[2 * n + 1]);
    return n + 1;
}
