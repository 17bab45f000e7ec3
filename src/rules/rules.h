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


#endif
