/* The top of the rules engine: the game, the command vocabulary and the
 * tables of rulesets and house rules. Not a public interface. */
#ifndef SIGHTLINE_RULES_RULES_H
#define SIGHTLINE_RULES_RULES_H

#include "house/house.h"
#include "skirmish/skirmish.h"

/* tables.c: every ruleset and house rule there is. */
extern const rl_tables rl_the_tables;

/* game.c: sl_game_init with other tables than those (a test's rule). */
bool rl_game_init_with(sl_game *g, const sl_scenario *setup, uint64_t seed, const rl_tables *t, char *err,
                       size_t errlen);

/* solo.c: answer an opportunity-fire offer with the best option at or
 * over its own threshold (min_p, one per option), else pass, giving
 * `hold` (or the odds) as the reason. */
bool rl_solo_opfire(const sl_game *g, const double *min_p, const char *hold, sl_command *out);
/* A built command given the solo player's reason: in its note ("solo:
 * ..."), and after the line when the command carries its rule's own
 * wording of it (`text`, which the journal keeps as written). */
void rl_solo_reason(sl_command *c, const char *why);

#endif
