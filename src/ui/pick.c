/* What the player is choosing in a game (sl_pick), as commands: the
 * action being picked for, given to a target, a way or the men chosen.
 * Asked by the prompts and by the keys and clicks alike. */
#include <stdio.h>
#include <string.h>

#include "ui_internal.h"

const char *ui_pick_verb(int k)
{
    return sl_cmd_pick_verb(k);
}

sl_pick_kind ui_pick_of(int kind)
{
    if (kind == SL_CMD_NONE)
        return SL_PICK_NONE;
    sl_pick_info p;
    sl_cmd_pick(kind, &p);
    return p.kind;
}

bool ui_pick_destination(int kind)
{
    if (kind == SL_CMD_NONE)
        return false;
    sl_pick_info p;
    sl_cmd_pick(kind, &p);
    return p.destination;
}

/* The bar's entry that gave the command being chosen. */
static const sl_play_action *picked_action(const sl_ui *ui, const sl_view *v)
{
    const sl_layout *L = &ui->lay;
    for (int i = 0; i < L->nact; i++)
        if (L->act[i].kind == v->pick.kind && !L->act[i].undo && !L->act[i].toggle &&
            (L->act[i].variant == v->pick.variant || ui_pick_of(L->act[i].kind) != SL_PICK_PATH))
            return &L->act[i];
    return NULL;
}

/* The command being chosen, given to `target` (and along a way). */
static void picked(const sl_ui *ui, const sl_view *v, sl_play_action *a)
{
    const sl_play_action *pa = picked_action(ui, v);
    if (pa) {
        *a = *pa;
    } else {
        memset(a, 0, sizeof *a);
        a->kind = v->pick.kind;
        a->variant = v->pick.variant;
    }
}

void ui_picked_command(const sl_ui *ui, const sl_view *v, int unit, int target, const sl_pt *pts, int npts,
                           sl_command *out)
{
    sl_play_action a;
    picked(ui, v, &a);
    sl_play_command(v->play, &a, unit, target, pts, npts, v->pick.det_fig, v->pick.ndet, v->pick.toggled, out);
}

bool ui_path_command(const sl_ui *ui, const sl_view *v, int unit, sl_command *out, sl_way_plan *plan)
{
    sl_play_action a;
    picked(ui, v, &a);
    return sl_play_way_command(v->play, &a, unit, v->path[0], v->path + 1, v->npath - 1, v->pick.det_fig,
                               v->pick.ndet, v->pick.toggled, out, plan);
}

bool ui_pick_allowed(const sl_ui *ui, const sl_view *v, int target, char *why, size_t whylen)
{
    sl_command c;
    ui_picked_command(ui, v, ui->lay.act_unit, target, NULL, 0, &c);
    return sl_game_can(&v->play->game, &c, why, whylen);
}

void ui_detach_command(const sl_ui *ui, const sl_view *v, sl_command *out)
{
    ui_picked_command(ui, v, ui->lay.act_unit, -1, NULL, 0, out);
}

/* What the player has chosen so far for the decision pending. */
void ui_decision_input(const sl_view *v, sl_decision_input *in)
{
    const sl_pick *pk = &v->pick;
    sl_decision_input_init(in);
    in->chosen = pk->chosen_answer;
    in->clicked = pk->nreroute;
    in->norder = pk->norder;
    memcpy(in->order, pk->order_unit, sizeof in->order);
    memcpy(in->between, pk->order_num, sizeof in->between);
    in->sel = pk->order_sel;
    in->along = pk->along_at;
}

/* An order's draft, taken from the view when none is begun. */
void ui_order_draft(sl_view *v, const sl_decision_view *d)
{
    sl_pick *pk = &v->pick;
    if (pk->norder > 0 || d->chooses != SL_CHOOSE_ORDER)
        return;
    memcpy(pk->order_unit, d->order.units, sizeof pk->order_unit);
    memcpy(pk->order_num, d->order.between, sizeof pk->order_num);
    pk->norder = d->order.n;
    pk->order_sel = 0;
}
