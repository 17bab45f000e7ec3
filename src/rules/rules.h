/* The top of the rules engine: the game, the command vocabulary and the
 * tables of rulesets and house rules. Not a public interface. */
#ifndef SIGHTLINE_RULES_RULES_H
#define SIGHTLINE_RULES_RULES_H

#include "house/house.h"
#include "skirmish/skirmish.h"

/* tables.c: the bytes every house rule keeps per unit, in all */
size_t rl_house_bytes_per_unit(void);
/* ...and the game's own row, after the units' */
size_t rl_house_game_bytes(void);

/* solo.c: answer an opportunity-fire offer with the best option at or
 * over its own threshold (min_p, one per option), else pass, giving
 * `hold` (or the odds) as the reason. */
bool rl_solo_opfire(const sl_game *g, const double *min_p, const char *hold, sl_command *out);
/* A built command given the solo player's reason: in its note ("solo:
 * ..."), and after the line when the command carries its rule's own
 * wording of it (`text`, which the journal keeps as written). */
void rl_solo_reason(sl_command *c, const char *why);

#endif
