/* Rule options: one table, so files, the CLI and the docs agree. */
#include "sightline/options.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define OFF(field) offsetof(sl_options, field)

static const sl_option_desc options[] = {
    {"figure_height", SL_OPT_INCHES, OFF(figure_height), NULL, 1.0, 0.1, 10.0,
     "Eye height of a standing figure above the table. Terrain taller than the "
     "line of sight at the point it is crossed blocks it."},
    {"wood_edge_depth", SL_OPT_INCHES, OFF(wood_edge_depth), NULL, 1.0, 0.0, 12.0,
     "A figure inside woods sees out, and is seen, only when it is at most this "
     "deep inside them; a line of sight may pass through at most this much wood "
     "at each end."},
    {"integrity_measure", SL_OPT_CHOICE, OFF(integrity_measure), "centres|bases", 0, 0, 0,
     "Whether the integrity circle must hold the figures' base centres (the "
     "book measures between centres) or their whole bases."},
    {"integrity_circle", SL_OPT_INCHES, OFF(integrity_circle), NULL, 6.0, 1.0, 24.0,
     "Diameter of the circle a unit's figures must fit in to keep integrity."},
    {"integrity_chain", SL_OPT_INCHES, OFF(integrity_chain), NULL, 2.0, 0.5, 12.0,
     "Otherwise every figure must be within this distance of another figure of "
     "its unit, forming one chain."},
    {"cover_distance", SL_OPT_INCHES, OFF(cover_distance), NULL, 1.0, 0.0, 6.0,
     "A figure this close behind a wall, hedge or crest (about a base: the book "
     "asks for contact) fires over it, and as a target takes its cover; beyond "
     "this an obstacle taller than the line blocks it."},
    {"crest_cover", SL_OPT_CHOICE, OFF(crest_cover), "none|soft|hard", 2, 0, 0,
     "Cover of a target just behind a hill crest or ridgeline (the book: hard)."},
    {"unit_centre", SL_OPT_CHOICE, OFF(unit_centre), "middle-figure|centroid", 0, 0, 0,
     "Where a unit's ranges and sight lines are measured from: the figure "
     "nearest the middle of the group (the book's usual practice) or the "
     "average position of its figures."},
    {"suppressed_move", SL_OPT_CHOICE, OFF(suppressed_move), "forbidden|confidence-test", 0, 0, 0,
     "Whether a suppressed unit may move: not at all (the rulebook, p18), or after "
     "passing a confidence test (as the fireteams house rule reads the rules)."},
    {"confidence_half", SL_OPT_CHOICE, OFF(confidence_half), "at-most-half|less-than-half", 0, 0, 0,
     "A failed confidence test drops two levels when the roll is at most half the "
     "score needed (the rulebook's text and example, p20), or only when it is less "
     "than half (the quick reference's wording)."},
    {"potential_hits", SL_OPT_CHOICE, OFF(potential_hits), "remainder-roll|round-down|round-nearest", 0, 0, 0,
     "Potential hits are the firer's total divided by the range die's size, rounded "
     "down, with one more unless the target's reroll beats the remainder (p35); or "
     "simply rounded down; or rounded to the nearest."},
    {"armour_class_roll", SL_OPT_CHOICE, OFF(armour_class_roll), "sum|single", 0, 0, 0,
     "A point target of armour class N rolls N D12 and adds them (as the house "
     "rules assume), or one D12 multiplied by N (the 1996 text)."},
    {"casualties_threat", SL_OPT_CHOICE, OFF(casualties_threat), "table|example", 0, 0, 0,
     "Threat level for casualties from fire at medium motivation: 1 as the table "
     "gives, or 2 as the worked example on p20 uses."},
    {"reaction_fire", SL_OPT_BOOL, OFF(reaction_fire), NULL, 1, 0, 0,
     "A unit spending both actions moving may be fired on between the moves by one "
     "unactivated enemy unit that sees it (p53)."},
    {"last_stand", SL_OPT_BOOL, OFF(last_stand), NULL, 0, 0, 0,
     "The optional last stand (p53): a unit in cover or In Position, with no friends within 12\" and three "
     "enemy units in sight, may test (`last-stand UNIT`); a 6 and it takes no more tests and ignores "
     "suppression, else it breaks up."},
    {"spotting_by_fire", SL_OPT_BOOL, OFF(spotting_by_fire), NULL, 1, 0, 0,
     "Fire at a face-down counter, hidden unit or dummy (p25, reconnaissance by fire): no casualties; beating "
     "the range die with two dice or more flips a unit's counter over and suppresses it. Off: counters may "
     "only be observed (a scenario of ambushes says which, seed 000)."},
    {"lose_contact", SL_OPT_BOOL, OFF(lose_contact), NULL, 0, 0, 0,
     "Fog of war for units on the table: a side that has none of a unit's men in sight knows only where and "
     "when it last saw them, and reads nothing of what the unit does out of its sight. Off: as on a real "
     "table, figures once placed are seen by both players wherever they go (the rulebook, p25)."},
    {"cross_training", SL_OPT_BOOL, OFF(cross_training), NULL, 1, 0, 0,
     "Cross training (seed 000): a squad's men may take up the weapons and kit of its casualties by a "
     "reorganise with an equipment recovery test each. Human squads are cross trained unless the scenario "
     "marks one \"cross_trained\": false; off, only Phalon units are (for them the rule is not optional)."},
    {"recover_enemy_kit", SL_OPT_BOOL, OFF(recover_enemy_kit), NULL, 0, 0, 0,
     "Cross training (seed 000): kit may also be recovered from enemy casualties, as in historical games. "
     "Off: in science fiction the enemy's weapons cannot be used."},
    {"first_activation", SL_OPT_CHOICE, OFF(first_activation), "fewer-units-choose|alternate|roll", 0, 0, 0,
     "Who activates first each turn: the side with fewer units on the table chooses "
     "(p15), or the sides alternate (the first side of the scenario starting), or a "
     "die decides."},
    {"fog_counts", SL_OPT_CHOICE, OFF(fog_counts), "table|counters|real", 0, 0, 0,
     "What face-down counters count for when units are counted: who has fewer units on the table (p15), who "
     "may pass, the units still to activate. table: nothing, as hidden units are not on the table until their "
     "figures are placed (p25); counters: one unit each, a dummy as much as a hidden unit; real: the hidden "
     "units and not the dummies, which tells the other side how many counters are real (for games with a "
     "referee). Under table and counters a side with a counter face down is asked to act until it says it "
     "is done, whatever is under its counters."},
    {"missile_guidance", SL_OPT_CHOICE, OFF(missile_guidance), "D4|D6|D8|D10|D12", 1, 0, 0,
     "Guidance die of portable guided missiles (the sources do not give it; D6, "
     "basic guidance, by default)."},
    {"opportunity_fire", SL_OPT_BOOL, OFF(opportunity_fire), NULL, 0, 0, 0,
     "The opportunity fire and overwatch house rule: an enemy unit that has not "
     "activated (after a reaction test) or that holds an overwatch counter may fire "
     "at any unit acting in its sight, with the range die one type worse; against a "
     "mover, at a point of its path. Off by default: it is a house rule."},
    {"untrained_fireteams", SL_OPT_CHOICE, OFF(untrained_fireteams), "allowed|forbidden", 0, 0, 0,
     "Whether Untrained squads may split into fireteams (the fireteams house rule "
     "offers forbidding it as an option)."},
    {"ruleset", SL_OPT_CHOICE, OFF(ruleset), "stargrunt2|skirmishcorps", 0, 0, 0,
     "The rules the game is played by: Stargrunt II squads (the default), or the "
     "SkirmishCorps foot-unit actions (seed 002), where every unit is one figure with "
     "a speed (sp) and reactions (re) and acts once a turn. Same table, same journal."},
    {"fireteam_reaction", SL_OPT_CHOICE, OFF(fireteam_reaction), "squad|team", 0, 0, 0,
     "What a fireteam's opportunity or reaction fire spends: the squad's activation "
     "(squad, the default: activation belongs to the squad) or only that team's part "
     "of it (team: the squad may still activate, that team getting no actions). The "
     "house rule does not say."},
    {"ambush", SL_OPT_CHOICE, OFF(ambush), "none|simple|complex", 0, 0, 0,
     "An ambush scenario (seeds 000 and 003): the side marked \"ambushes\" sets up in its zone, the other "
     "side's column comes along its route. simple: the ambusher names the point where the lead unit stands "
     "when it is sprung and activates first. complex: each approach turn the ambushers test (threat -1) and may "
     "spring it too early, the column advances and tries to spot them."},
    {"ambush_passengers_spot", SL_OPT_BOOL, OFF(ambush_passengers_spot), NULL, 0, 0, 0,
     "Complex ambush: units riding in the column's vehicles make spotting attempts too. Off: only the units "
     "on foot and the vehicles themselves look out (the seeds leave it to the scenario)."},
    {"ambush_spot", SL_OPT_CHOICE, OFF(ambush_spot), "one-die|both-dice", 0, 0, 0,
     "Complex ambush: a column unit's spotting attempt is an observation (p25) of the nearest ambushing "
     "counter it sees; it finds the ambush when one of its dice beats the counter's die (one-die, as a "
     "counter is flipped) or only when both do (both-dice, as a counter is revealed). Where "
     "spotting_by_fire allows it, a unit that can fire at the counter fires instead."},
    {"ambush_route", SL_OPT_CHOICE, OFF(ambush_route), "map|plotted", 0, 0, 0,
     "Where the ambushed column goes: along the map's route for its side (a Tiled polyline of class "
     "\"route\"), or along a way its player plots in the set-up with `route X,Y X,Y ...`."},
    {"fae_vehicles", SL_OPT_CHOICE, OFF(fae_vehicles), "roll|advanced", 0, 0, 0,
     "Whether a vehicle is sealed against a fuel-air blast: rolled when a blast catches it (its quality die "
     "must beat its leadership), or the seed's advanced rule: set open or sealed (`seal`, `open`) as each "
     "activation begins, a reaction test the first time when the scenario does not say, transports open "
     "while troops get in or out."},
};

#define NOPTIONS ((int)(sizeof options / sizeof options[0]))

static void *field(sl_options *o, const sl_option_desc *d)
{
    return (char *)o + d->offset;
}

static const void *cfield(const sl_options *o, const sl_option_desc *d)
{
    return (const char *)o + d->offset;
}

void sl_options_default(sl_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < NOPTIONS; i++) {
        const sl_option_desc *d = &options[i];
        switch (d->type) {
        case SL_OPT_BOOL:
            *(bool *)field(o, d) = d->default_value != 0.0;
            break;
        case SL_OPT_CHOICE:
        case SL_OPT_INT:
            *(int *)field(o, d) = (int)d->default_value;
            break;
        case SL_OPT_INCHES:
            *(int32_t *)field(o, d) = (int32_t)lround(d->default_value * 1000.0);
            break;
        }
    }
}

int sl_option_count(void)
{
    return NOPTIONS;
}

const sl_option_desc *sl_option_get(int index)
{
    if (index < 0 || index >= NOPTIONS)
        return NULL;
    return &options[index];
}

const sl_option_desc *sl_option_find(const char *name)
{
    for (int i = 0; i < NOPTIONS; i++)
        if (strcmp(options[i].name, name) == 0)
            return &options[i];
    return NULL;
}

bool sl_option_set_bool(sl_options *o, const sl_option_desc *d, bool v, char *err, size_t errlen)
{
    if (d->type != SL_OPT_BOOL) {
        snprintf(err, errlen, "option '%s' takes %s, not true/false", d->name,
                 d->type == SL_OPT_CHOICE ? "a word" : "a number");
        return false;
    }
    *(bool *)field(o, d) = v;
    return true;
}

bool sl_option_set_number(sl_options *o, const sl_option_desc *d, double v, char *err, size_t errlen)
{
    if (d->type != SL_OPT_INCHES && d->type != SL_OPT_INT) {
        snprintf(err, errlen, "option '%s' takes %s, not a number", d->name,
                 d->type == SL_OPT_BOOL ? "true or false" : "a word");
        return false;
    }
    if (!isfinite(v) || v < d->min || v > d->max) {
        snprintf(err, errlen, "option '%s' must be between %g and %g", d->name, d->min, d->max);
        return false;
    }
    if (d->type == SL_OPT_INT) {
        if (v != floor(v)) {
            snprintf(err, errlen, "option '%s' takes a whole number", d->name);
            return false;
        }
        *(int *)field(o, d) = (int)v;
    } else {
        *(int32_t *)field(o, d) = (int32_t)lround(v * 1000.0);
    }
    return true;
}

bool sl_option_set_word(sl_options *o, const sl_option_desc *d, const char *v, char *err, size_t errlen)
{
    if (d->type != SL_OPT_CHOICE) {
        snprintf(err, errlen, "option '%s' takes %s, not a word", d->name,
                 d->type == SL_OPT_BOOL ? "true or false" : "a number");
        return false;
    }
    const char *p = d->choices;
    int index = 0;
    size_t vl = strlen(v);
    while (p && *p) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == vl && strncmp(p, v, len) == 0) {
            *(int *)field(o, d) = index;
            return true;
        }
        index++;
        p = bar ? bar + 1 : NULL;
    }
    snprintf(err, errlen, "option '%s' must be one of: %s", d->name, d->choices);
    for (char *c = err; *c; c++)
        if (*c == '|')
            *c = ',';
    return false;
}

void sl_option_format(const sl_options *o, const sl_option_desc *d, char *buf, size_t len)
{
    switch (d->type) {
    case SL_OPT_BOOL:
        snprintf(buf, len, "%s", *(const bool *)cfield(o, d) ? "true" : "false");
        break;
    case SL_OPT_INT:
        snprintf(buf, len, "%d", *(const int *)cfield(o, d));
        break;
    case SL_OPT_INCHES:
        snprintf(buf, len, "%.2f\"", *(const int32_t *)cfield(o, d) / 1000.0);
        break;
    case SL_OPT_CHOICE: {
        int want = *(const int *)cfield(o, d), index = 0;
        const char *p = d->choices;
        while (p && *p) {
            const char *bar = strchr(p, '|');
            size_t l = bar ? (size_t)(bar - p) : strlen(p);
            if (index == want) {
                snprintf(buf, len, "%.*s", (int)l, p);
                return;
            }
            index++;
            p = bar ? bar + 1 : NULL;
        }
        snprintf(buf, len, "?");
        break;
    }
    }
}
