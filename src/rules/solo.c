/* Solo play: the program's answer to the decision pending, by a policy
 * it states in words (src/rules/RULES.md, "Solo play"), given by the row
 * of the rule that owns the decision (its `answer`). It asks only what a
 * player could see: the offer's odds and the fire previews. */
#include <stdio.h>

#include "sightline/game.h"
#include "rules.h"

bool sl_game_auto_decide(const sl_game *g, sl_command *out)
{
    const rl_decision_row *r = g->pending.kind != SL_DECIDE_NONE ? rl_decision_row_of(g) : NULL;
    return r && r->answer && r->answer(g, out);
}

bool sl_game_solo_plays_all(const sl_game *g, char *why, size_t whylen)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    return !rs->solo_plays_all || rs->solo_plays_all(g, why, whylen);
}
