/* An ambush's set-up as the window shows it: the same placing of units
 * as the hidden set-up (the window's ambush cards say the phase). */
#include <stdio.h>

#include "house.h"

static void ambush_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    snprintf(d->duty, sizeof d->duty, "to set up its hidden units");
}

const rl_decision_row am_decisions[] = {
    {SL_DECIDE_SETUP, SL_CHOOSE_PLACES, true, ambush_show},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, NULL},
};
