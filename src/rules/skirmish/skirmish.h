/* The SkirmishCorps foot-unit actions (seed 002): the second ruleset,
 * played on the same table, turn sequence and journal when the rule
 * option ruleset is skirmishcorps. Not a public interface; prefix sc_. */
#ifndef SIGHTLINE_RULES_SKIRMISH_H
#define SIGHTLINE_RULES_SKIRMISH_H

#include "../base/base.h"

extern const rl_ruleset sc_ruleset;

#endif
