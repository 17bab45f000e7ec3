/* An ambush's set-up as the window shows it: the same placing of units
 * as the hidden set-up (the window's ambush cards say the phase). */
#include "house.h"

const rl_decision_row am_decisions[] = {
    {SL_DECIDE_SETUP, SL_CHOOSE_PLACES, true, "to set up its hidden units", NULL, rl_decision_answer_by_rule},
    {SL_DECIDE_NONE, SL_CHOOSE_NONE, false, "", NULL, NULL},
};
