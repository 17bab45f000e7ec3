/* Rule options: one table, so files, the CLI and the docs agree. The
 * base's options are below; a house rule declares its own in its row
 * (rl_house.options), kept in sl_options.rule[] a slot each. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define OFF(field) offsetof(sl_options, field)

/* The base's, in the order listed (a house rule's row says where its own go). */
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
     "enemy units in sight, may declare one and test (no action); a 6 and it takes no more tests and ignores "
     "suppression, else it breaks up."},
    {"spotting_by_fire", SL_OPT_BOOL, OFF(spotting_by_fire), NULL, 1, 0, 0,
     "Fire at a face-down counter, hidden unit or dummy (p25, reconnaissance by fire): no casualties; beating "
     "the range die with two dice or more flips a unit's counter over and suppresses it. Off: counters may "
     "only be observed (a scenario of ambushes says which, seed 000)."},
    {"lose_contact", SL_OPT_BOOL, OFF(lose_contact), NULL, 0, 0, 0,
     "Fog of war for units on the table: a side that has none of a unit's men in sight knows only where and "
     "when it last saw them, and reads nothing of what the unit does out of its sight. Off: as on a real "
     "table, figures once placed are seen by both players wherever they go (the rulebook, p25)."},
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
    {"quiet_turns", SL_OPT_INT, OFF(quiet_turns), NULL, 10, 0, 100,
     "On a table with no turn limit, the game ends in a draw when this many whole turns go by with no attack "
     "made (no attack's result, casualty or close combat in the journal), no man hurt and no unit's suppression "
     "or confidence changed (0: never). The sources set no length for such a "
     "game; this keeps a game between two players, or the program and itself, who never meet from going on "
     "for ever."},
    {"ruleset", SL_OPT_CHOICE, OFF(ruleset), NULL, 0, 0, 0, /* its choices: the rulesets' rows (choice_at) */
     "The rules the game is played by: Stargrunt II squads (the default), or the "
     "SkirmishCorps foot-unit actions (seed 002), where every unit is one figure with "
     "a speed (sp) and reactions (re) and acts once a turn. Same table, same journal."},};

#define NBASE ((int)(sizeof options / sizeof options[0]))
#define MAX_LISTED (NBASE + SL_MAX_RULE_OPTIONS)

/* Where a house rule's option i is listed: after the option of this name,
 * or (NULL) at the end. */
static const char *follows(const rl_house *h, int i)
{
    if (h->options[i].after)
        return h->options[i].after;
    return i > 0 ? h->options[i - 1].d.name : NULL;
}

typedef struct listing {
    const sl_option_desc *d[MAX_LISTED];
    int n;
} listing;

/* An option, then every house rule's option listed after it. */
static void emit(listing *l, const sl_option_desc *d)
{
    if (l->n >= MAX_LISTED)
        return;
    l->d[l->n++] = d;
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        for (int i = 0; i < h->noptions; i++) {
            const char *f = follows(h, i);
            if (f && strcmp(f, d->name) == 0)
                emit(l, &h->options[i].d);
        }
}

/* Every option in the order `sightline options` lists them. */
static void list_all(listing *l)
{
    l->n = 0;
    for (int i = 0; i < NBASE; i++)
        emit(l, &options[i]);
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        for (int i = 0; i < h->noptions; i++)
            if (!follows(h, i))
                emit(l, &h->options[i].d);
}

/* A house rule's option: its slot in sl_options.rule[]; -1 for the base's. */
static int rule_slot(const sl_option_desc *d)
{
    int slot = 0;
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        for (int i = 0; i < h->noptions; i++, slot++)
            if (&h->options[i].d == d)
                return slot < SL_MAX_RULE_OPTIONS ? slot : -1;
    return -1;
}

int32_t rl_option_of(const sl_options *o, const rl_house *h, int i)
{
    int slot = i;
    const rl_house *r;
    for (int k = 0; (r = rl_house_row(k)) != NULL && r != h; k++)
        slot += r->noptions;
    return i >= 0 && i < h->noptions && slot < SL_MAX_RULE_OPTIONS ? o->rule[slot] : 0;
}

int32_t rl_option(const sl_game *g, const rl_house *h, int i)
{
    return rl_option_of(&g->live.options, h, i);
}

int32_t sl_option_value(const sl_options *o, const sl_option_desc *d)
{
    if (!d)
        return 0;
    int slot = rule_slot(d);
    if (slot >= 0)
        return o->rule[slot];
    const char *at = (const char *)o + d->offset;
    switch (d->type) {
    case SL_OPT_BOOL:
        return *(const bool *)(const void *)at;
    case SL_OPT_CHOICE:
    case SL_OPT_INT:
        return *(const int *)(const void *)at;
    case SL_OPT_INCHES:
        break;
    }
    return *(const int32_t *)(const void *)at;
}

static void put(sl_options *o, const sl_option_desc *d, int32_t v)
{
    int slot = rule_slot(d);
    if (slot >= 0) {
        o->rule[slot] = v;
        return;
    }
    char *at = (char *)o + d->offset;
    switch (d->type) {
    case SL_OPT_BOOL:
        *(bool *)(void *)at = v != 0;
        break;
    case SL_OPT_CHOICE:
    case SL_OPT_INT:
        *(int *)(void *)at = (int)v;
        break;
    case SL_OPT_INCHES:
        *(int32_t *)(void *)at = v;
        break;
    }
}

void sl_options_default(sl_options *o)
{
    memset(o, 0, sizeof *o);
    listing l;
    list_all(&l);
    for (int i = 0; i < l.n; i++) {
        const sl_option_desc *d = l.d[i];
        if (d->type == SL_OPT_INCHES)
            put(o, d, (int32_t)lround(d->default_value * 1000.0));
        else
            put(o, d, (int32_t)d->default_value);
    }
}

int sl_option_count(void)
{
    listing l;
    list_all(&l);
    return l.n;
}

const sl_option_desc *sl_option_get(int index)
{
    listing l;
    list_all(&l);
    if (index < 0 || index >= l.n)
        return NULL;
    return l.d[index];
}

const sl_option_desc *sl_option_find(const char *name)
{
    for (int i = 0; i < NBASE; i++)
        if (strcmp(options[i].name, name) == 0)
            return &options[i];
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        for (int i = 0; i < h->noptions; i++)
            if (strcmp(h->options[i].d.name, name) == 0)
                return &h->options[i].d;
    return NULL;
}

bool sl_option_set_bool(sl_options *o, const sl_option_desc *d, bool v, char *err, size_t errlen)
{
    if (d->type != SL_OPT_BOOL) {
        snprintf(err, errlen, "option '%s' takes %s, not true/false", d->name,
                 d->type == SL_OPT_CHOICE ? "a word" : "a number");
        return false;
    }
    put(o, d, v);
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
        put(o, d, (int32_t)v);
    } else {
        put(o, d, (int32_t)lround(v * 1000.0));
    }
    return true;
}

/* Choice `i` of a choice option: its word (not ended where it stops:
 * *len says how long), NULL past the last. The ruleset's choices are the
 * rulesets' rows' names in the tables' order; any other's are its
 * written list ("centres|bases"). */
static const char *choice_at(const sl_option_desc *d, int i, size_t *len)
{
    if (!d->choices && d->offset == OFF(ruleset)) {
        const rl_ruleset *rs = rl_ruleset_row(i);
        *len = rs ? strlen(rs->name) : 0;
        return rs ? rs->name : NULL;
    }
    const char *p = d->choices;
    for (int k = 0; p && *p; k++) {
        const char *bar = strchr(p, '|');
        *len = bar ? (size_t)(bar - p) : strlen(p);
        if (k == i)
            return p;
        p = bar ? bar + 1 : NULL;
    }
    return NULL;
}

void sl_option_choices(const sl_option_desc *d, const char *sep, char *buf, size_t len)
{
    size_t at = 0, l;
    const char *w;
    if (len > 0)
        buf[0] = '\0';
    for (int i = 0; d->type == SL_OPT_CHOICE && (w = choice_at(d, i, &l)) != NULL && at < len; i++) {
        int put_n = snprintf(buf + at, len - at, "%s%.*s", i ? sep : "", (int)l, w);
        at += put_n > 0 ? (size_t)put_n : 0;
    }
}

bool sl_option_set_word(sl_options *o, const sl_option_desc *d, const char *v, char *err, size_t errlen)
{
    if (d->type != SL_OPT_CHOICE) {
        snprintf(err, errlen, "option '%s' takes %s, not a word", d->name,
                 d->type == SL_OPT_BOOL ? "true or false" : "a number");
        return false;
    }
    size_t vl = strlen(v), l;
    const char *w;
    for (int i = 0; (w = choice_at(d, i, &l)) != NULL; i++)
        if (l == vl && strncmp(w, v, l) == 0) {
            put(o, d, i);
            return true;
        }
    char list[256];
    sl_option_choices(d, ",", list, sizeof list);
    snprintf(err, errlen, "option '%s' must be one of: %s", d->name, list);
    return false;
}

bool sl_option_set_text(sl_options *o, const sl_option_desc *d, const char *v, char *err, size_t errlen)
{
    if (d->type == SL_OPT_BOOL && (strcmp(v, "true") == 0 || strcmp(v, "false") == 0))
        return sl_option_set_bool(o, d, strcmp(v, "true") == 0, err, errlen);
    if (d->type == SL_OPT_INCHES || d->type == SL_OPT_INT) {
        char *end;
        double x = strtod(v, &end);
        if (end == v || (*end && strcmp(end, "\"") != 0)) {
            snprintf(err, errlen, "option '%s' takes a number, not '%s'", d->name, v);
            return false;
        }
        return sl_option_set_number(o, d, x, err, errlen);
    }
    if (d->type == SL_OPT_CHOICE)
        return sl_option_set_word(o, d, v, err, errlen);
    snprintf(err, errlen, "option '%s' takes true or false, not '%s'", d->name, v);
    return false;
}

bool sl_option_in_play(const sl_options *o, const sl_option_desc *d)
{
    const rl_ruleset *rs = rl_ruleset_row(o->ruleset);
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        for (int i = 0; i < h->noptions; i++)
            if (&h->options[i].d == d)
                return rs && rl_ruleset_admits(rs, h);
    if (!rs || !rs->base_options)
        return true; /* the base's, under a ruleset playing every one */
    for (int i = 0; rs->base_options[i]; i++)
        if (strcmp(rs->base_options[i], d->name) == 0)
            return true;
    return false;
}

bool sl_option_rulesets(const sl_option_desc *d, char *buf, size_t len)
{
    bool every = true;
    size_t at = 0;
    buf[0] = '\0';
    const rl_ruleset *rs;
    for (int i = 0; (rs = rl_ruleset_row(i)) != NULL; i++) {
        sl_options o;
        sl_options_default(&o);
        o.ruleset = i;
        if (!sl_option_in_play(&o, d)) {
            every = false;
            continue;
        }
        if (at < len)
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "", rs->title);
    }
    return every;
}

void sl_option_format(const sl_options *o, const sl_option_desc *d, char *buf, size_t len)
{
    int32_t v = sl_option_value(o, d);
    switch (d->type) {
    case SL_OPT_BOOL:
        snprintf(buf, len, "%s", v ? "true" : "false");
        break;
    case SL_OPT_INT:
        snprintf(buf, len, "%d", (int)v);
        break;
    case SL_OPT_INCHES:
        snprintf(buf, len, "%.2f\"", v / 1000.0);
        break;
    case SL_OPT_CHOICE: {
        size_t l;
        const char *w = choice_at(d, v, &l);
        if (w)
            snprintf(buf, len, "%.*s", (int)l, w);
        else
            snprintf(buf, len, "?");
        break;
    }
    }
}

void rl_issue(sl_rule_issue *out, int *n, int max, const char *field, const char *fmt, ...)
{
    if (*n >= max)
        return;
    sl_rule_issue *is = &out[(*n)++];
    snprintf(is->field, sizeof is->field, "%s", field);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(is->text, sizeof is->text, fmt, ap);
    va_end(ap);
}

int sl_scenario_written_checks(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    const rl_ruleset *rs;
    for (int k = 0; (rs = rl_ruleset_row(k)) != NULL; k++)
        if (rs->check_written && n < max)
            n += rs->check_written(scn, out + n, max - n);
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        if (h->check_written && n < max)
            n += h->check_written(scn, out + n, max - n);
    return n;
}

int sl_scenario_rule_checks(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        if (h->check && n < max)
            n += h->check(scn, out + n, max - n);
    return n;
}

/* --- the rules' own keys of a scenario file ------------------------------------- */

/* Every row's part, rulesets first, in the tables' order. */
static int scn_parts(const rl_scn_part **out, int max)
{
    int n = 0;
    const rl_ruleset *rs;
    for (int k = 0; (rs = rl_ruleset_row(k)) != NULL; k++)
        if (rs->scenario && n < max)
            out[n++] = rs->scenario;
    const rl_house *h;
    for (int k = 0; (h = rl_house_row(k)) != NULL; k++)
        if (h->scenario && n < max)
            out[n++] = h->scenario;
    return n;
}

int sl_rule_keys(sl_keys_where where, const char **out, int max)
{
    const rl_scn_part *parts[RL_MAX_PARTS];
    int np = scn_parts(parts, RL_MAX_PARTS), n = 0;
    for (int i = 0; i < np; i++)
        for (const char *const *k = parts[i]->keys[where]; k && *k && n < max; k++)
            out[n++] = *k;
    return n;
}

bool sl_rule_keys_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k)
{
    const rl_scn_part *parts[RL_MAX_PARTS];
    int np = scn_parts(parts, RL_MAX_PARTS);
    if (!scn->rule_data && !(scn->rule_data = rl_scn_data_make(parts, np)))
        return false;
    if ((where == SL_KEYS_UNIT || where == SL_KEYS_FIGURE) && np > 0 && !rl_scn_edit(scn, parts[0], where, index))
        return false; /* no room for its row */
    for (int i = 0; i < np; i++)
        if (parts[i]->read)
            parts[i]->read(scn, where, index, k);
    return true;
}

bool sl_rule_unit_made(sl_scenario *scn, int unit, int from)
{
    return rl_scn_unit_copy(scn->rule_data, unit, from);
}

struct sl_rule_data *sl_rule_data_by_ids(const sl_scenario *from, const sl_scenario *to)
{
    int nu = to->nunits, nf = to->nfigures;
    int *units = malloc(sizeof *units * (size_t)(nu > 0 ? nu : 1)), *figs = malloc(sizeof *figs * (size_t)(nf > 0 ? nf : 1));
    struct sl_rule_data *d = NULL;
    if (units && figs && from->rule_data) {
        for (int u = 0; u < nu; u++)
            units[u] = sl_scenario_find_unit(from, to->units[u].id);
        for (int f = 0; f < nf; f++) { /* a man of a unit not found (a counter's) takes nothing either */
            int u = to->figures[f].unit;
            figs[f] = u >= 0 && u < nu && units[u] >= 0 ? sl_scenario_find_figure(from, to->figures[f].id) : -1;
            if (figs[f] >= 0 && from->figures[figs[f]].unit != units[u])
                figs[f] = -1; /* not that unit's man in `from` */
        }
        d = rl_scn_data_mapped(from->rule_data, units, nu, figs, nf);
    }
    free(units);
    free(figs);
    return d;
}

void sl_rule_data_free(struct sl_rule_data *d)
{
    rl_scn_data_free(d);
}

bool sl_rule_figures_moved(sl_scenario *scn, int first, int n, const int *from)
{
    return rl_scn_figures_moved(scn->rule_data, first, n, from) && rl_parts_figures_moved(scn, first, n, from);
}

int sl_rule_feature_keys(const char **out, int max)
{
    const rl_scn_part *parts[RL_MAX_PARTS];
    int np = scn_parts(parts, RL_MAX_PARTS), n = 0;
    if (max > 32)
        max = 32;
    for (int i = 0; i < np; i++)
        for (const char *const *k = parts[i]->feature_flags; k && *k && n < max; k++)
            out[n++] = *k;
    return n;
}

int sl_rule_feature_key(const char *name)
{
    const char *keys[32];
    int n = sl_rule_feature_keys(keys, 32);
    for (int i = 0; i < n; i++)
        if (strcmp(keys[i], name) == 0)
            return i;
    return -1;
}

int sl_feature_rule_flag(const sl_feature *f, const char *key)
{
    int k = sl_rule_feature_key(key);
    if (k < 0 || !(f->rule_said & (1u << k)))
        return -1;
    return (f->rule_yes >> k) & 1u;
}

void sl_feature_rule_words(const sl_feature *f, char *buf, size_t len)
{
    const char *keys[32];
    int n = sl_rule_feature_keys(keys, 32);
    size_t at = 0;
    if (len)
        buf[0] = '\0';
    for (int i = 0; i < n && at + 1 < len; i++) {
        if (!(f->rule_said & (1u << i)) || !((f->rule_yes >> i) & 1u))
            continue;
        int w = snprintf(buf + at, len - at, " \xC2\xB7 %s", keys[i]);
        if (w < 0 || (size_t)w >= len - at)
            break;
        for (char *p = buf + at; *p; p++)
            if (*p == '_')
                *p = ' ';
        at += (size_t)w;
    }
}

bool sl_rule_units_make(sl_scenario *scn, const sl_keys *k)
{
    const rl_scn_part *parts[RL_MAX_PARTS];
    int np = rl_scn_parts(scn->rule_data, parts, RL_MAX_PARTS);
    for (int i = 0; i < np; i++)
        if (parts[i]->make && !parts[i]->make(scn, k))
            return false;
    return true;
}

const char *sl_rule_id_user(const sl_scenario *scn, const char *id)
{
    const rl_scn_part *parts[RL_MAX_PARTS];
    int np = rl_scn_parts(scn->rule_data, parts, RL_MAX_PARTS);
    for (int i = 0; i < np; i++) {
        const char *user = parts[i]->id_user ? parts[i]->id_user(scn, id) : NULL;
        if (user)
            return user;
    }
    return NULL;
}
