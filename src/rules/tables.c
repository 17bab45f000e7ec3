/* The tables: the rulesets a game may be played by, and the house rules
 * it may add. Data only. A new house rule is one file in src/rules/house/
 * and one row of `houses` below (see src/rules/HACKING.md); a new ruleset
 * one folder and one row of `rulesets`. game.c hands these rows to each
 * game it makes; registry.c reads them where there is no game. */
#include "rules.h"

/* Indexed by the rule option `ruleset` (its choices, in this order). */
static const rl_ruleset *const rulesets[] = {
    &sg2_ruleset, /* stargrunt2 */
    &sc_ruleset,  /* skirmishcorps */
};

/* In play when their ruleset admits them and their `on` says so; their
 * hooks are asked in this order. */
extern const rl_house vis_rule;

static const rl_house *const houses[] = {
    &of_rule, /* opportunity fire and overwatch (seed 001) */
    &ft_rule, /* fireteams (seed 004) */
    &tv_rule, /* travel movement (rulebook p24) */
    &am_rule, /* ambushes (seeds 000, 003): before the set-up, which it drives */
    &setup_rule, /* hidden set-up (rulebook p25) */
    &rc_rule, /* cross training and equipment recovery (seed 000) */
    &art_rule, /* artillery (rulebook pp44-47) and fuel-air explosives (seed 000) */
    &vis_rule, /* limited visibility (rulebook p11, p57) */
    &sc_play_rule, /* SkirmishCorps' attack outcomes (sc_attacks) and solo tactics (skirmish/sc_tactics.c) */
};

#define COUNT(a) ((int)(sizeof a / sizeof a[0]))
_Static_assert(COUNT(houses) <= RL_MAX_RULES, "more house rules than a game's plan holds (RL_MAX_RULES)");
_Static_assert(COUNT(rulesets) <= RL_MAX_RULES, "more rulesets than a game's plan holds (RL_MAX_RULES)");

const rl_tables rl_the_tables = {rulesets, COUNT(rulesets), houses, COUNT(houses)};
