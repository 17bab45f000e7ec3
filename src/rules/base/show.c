/* What a ruleset or house rule adds to what the window shows, one entry
 * at a time: the action bar's offers, the profile's lines. */
#include <stdio.h>
#include <string.h>

#include "base.h"

sl_offer *rl_offer_add(sl_offer *out, int *n, int max, int kind, int variant, const char *label, const char *key,
                       unsigned picks, int order)
{
    if (*n >= max)
        return NULL;
    sl_offer *o = &out[(*n)++];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->variant = variant;
    snprintf(o->label, sizeof o->label, "%s", label);
    snprintf(o->key, sizeof o->key, "%s", key);
    o->needs_target = (picks & RL_OFFER_TARGET) != 0;
    o->enemy_target = (picks & RL_OFFER_ENEMY) != 0;
    o->needs_path = (picks & RL_OFFER_PATH) != 0;
    o->needs_figures = (picks & RL_OFFER_FIGURES) != 0;
    o->needs_point = (picks & RL_OFFER_POINT) != 0;
    o->leader_toggle = (picks & RL_OFFER_LEADER) != 0;
    o->order = order;
    return o;
}

void rl_profile_add(sl_profile_line *out, int *n, int max, bool heading, const char *key, const char *value)
{
    if (*n >= max)
        return;
    sl_profile_line *l = &out[(*n)++];
    l->heading = heading;
    snprintf(l->key, sizeof l->key, "%s", key);
    snprintf(l->value, sizeof l->value, "%s", value);
}
