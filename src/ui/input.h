/* Input handling, shared by the window and the input tests. Internal. */
#ifndef SIGHTLINE_UI_INPUT_H
#define SIGHTLINE_UI_INPUT_H

#include <SDL.h>
#include <stdbool.h>

#include "sightline/ui.h"

typedef enum sl_action {
    SL_ACT_HELP,
    SL_ACT_SELECT_TOOL,
    SL_ACT_RULER_TOOL,
    SL_ACT_FIT,
    SL_ACT_GRID,
    SL_ACT_LABELS,
    SL_ACT_SCREENSHOT,
    SL_ACT_UI_SCALE,
    SL_ACT_ESCAPE,
    SL_ACT_QUIT,
    SL_ACT_PATH_TOOL,
    SL_ACT_BLAST_TOOL,
    SL_ACT_BANDS,
    SL_ACT_INTEGRITY,
    SL_ACT_NEXT_TARGET,
    SL_ACT_BLAST_BIGGER,
    SL_ACT_BLAST_SMALLER,
    SL_ACT_FINISH
} sl_action;

/* Apply one SDL event; true when the view changed and needs drawing. */
bool sl_input_event(sl_ui *ui, const sl_world *w, sl_view *v, const SDL_Event *e);
void input_action(sl_ui *ui, const sl_world *w, sl_view *v, sl_action a);
void input_update_hover(sl_ui *ui, const sl_world *w, sl_view *v);

#endif
