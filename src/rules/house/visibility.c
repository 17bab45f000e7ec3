/* Limited visibility (rulebook p11, and the weather of p57). On a clear
 * day the table sets no limit to how far a man can see; in rain, snow,
 * fog or at night the players may agree one, and nobody then fires at
 * what lies beyond it. The option `visibility_limit` is that distance;
 * 0 (the default) is the clear day of the rest of the rules.
 *
 * Our reading: the limit is measured as the fire itself measures its
 * range (sg2: from the firer's centre to the furthest unit it shoots at;
 * SkirmishCorps: from the attacker to its target), and it holds for every
 * kind of fire at a unit: fire in an activation, fire at a counter,
 * reaction fire, opportunity fire and overwatch, and an ambushed column's
 * spotting fire. A target refused is never offered, neither by the window
 * nor to the solo player. It is a Stargrunt II rule: SkirmishCorps does
 * not admit it (its own row says which it plays). Called artillery
 * comes down on a point, not at a unit, and is not limited here; nor are
 * spotting and the fog of war (sight itself stays as the table draws
 * it), nor p57's range die shift in heavy rain.
 *
 * This file, one row of src/rules/tables.c and tests/unit/
 * test_rule_visibility.c are the whole rule. */
#include <stdio.h>

#include "house.h"

extern const rl_house vis_rule;

enum { VIS_LIMIT, VIS_NOPTIONS };

static const rl_option_def vis_options[VIS_NOPTIONS] = {
    {{"visibility_limit", SL_OPT_INCHES, 0, NULL, 0.0, 0.0, 240.0,
      "How far anyone can see to shoot, in inches, when the players agree that rain, snow, fog or night "
      "limits it (rulebook p11 and p57): no fire of any kind at a unit further away than this. 0: no limit."},
     NULL},
};

static int32_t limit(const sl_game *g)
{
    return rl_option(g, &vis_rule, VIS_LIMIT);
}

static bool vis_on(const sl_game *g)
{
    return limit(g) > 0;
}

static bool vis_fire_at(const sl_game *g, const rl_fire_ask *a, char *why, size_t whylen)
{
    int32_t most = limit(g);
    if (a->range <= most)
        return true;
    return rl_refuse(why, whylen,
                     "the target is %.1f\" away, beyond the %.1f\" anyone can see to shoot (limited visibility, p11)",
                     a->range / 1000.0, most / 1000.0);
}

const rl_house vis_rule = {
    .name = "visibility",
    .source = "rulebook p11 and p57",
    .title = "the limited visibility rule",
    .on = vis_on,
    .fire_at = vis_fire_at,
    .options = vis_options,
    .noptions = VIS_NOPTIONS,
};
