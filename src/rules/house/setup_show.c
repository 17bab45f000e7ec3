/* The hidden set-up's decision as the window shows it: a side places its
 * counters (the window's own set-up card and keys), then is done. */
#include <stdio.h>

#include "house.h"

static void setup_show(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *d)
{
    snprintf(d->duty, sizeof d->duty, "to set up its hidden units");
}

const rl_decision_row setup_decisions[] = {
    {SL_DECIDE_SETUP, SL_CHOOSE_PLACES, true, setup_show},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, NULL},
};
