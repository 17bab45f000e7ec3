/* The hidden set-up's decision as the window shows it: a side places its
 * counters (the window's own set-up card and keys), then is done. */
#include "house.h"

const rl_decision_row setup_decisions[] = {
    {SL_DECIDE_SETUP, SL_CHOOSE_PLACES, true, "to set up its hidden units", NULL, rl_decision_answer_by_rule},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};
