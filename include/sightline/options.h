/* sightline: rule options.
 *
 * Where the sources leave room or disagree, the choice is an option with
 * a documented default. A scenario sets options in its "rules" object;
 * every option is listed with its default and meaning by
 * `sightline options` and in src/rules/RULES.md.
 */
#ifndef SIGHTLINE_OPTIONS_H
#define SIGHTLINE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum sl_opt_type {
    SL_OPT_BOOL,
    SL_OPT_CHOICE, /* one word out of a fixed list */
    SL_OPT_INCHES, /* a length, stored in mils */
    SL_OPT_INT
} sl_opt_type;

#define SL_MAX_RULE_OPTIONS 32

typedef struct sl_options {
    /* Geometry and line of sight */
    int32_t figure_height;     /* eye height of a standing figure, mils */
    int32_t wood_edge_depth;   /* how deep inside woods a figure still sees out */
    int integrity_measure;     /* 0: base centres, 1: whole bases */
    int32_t integrity_circle;  /* diameter of the integrity circle, mils */
    int32_t integrity_chain;   /* chain distance, mils */
    int32_t cover_distance;    /* "directly behind" an obstacle, mils */
    int crest_cover;           /* sl_cover behind a hill crest */
    int unit_centre;           /* 0: the middle figure, 1: the centroid */
    /* Play */
    int suppressed_move;       /* 0: forbidden (rulebook p18), 1: allowed after a confidence test */
    int confidence_half;       /* 0: a roll of at most half the target drops two levels, 1: less than half */
    int potential_hits;        /* 0: remainder roll (p35), 1: round down, 2: round to nearest */
    int armour_class_roll;     /* 0: class N rolls N D12 and adds them, 1: one D12 times N */
    int casualties_threat;     /* 0: the table's "casualties from fire", 1: the p20 example's (+1 at medium) */
    bool reaction_fire;        /* p53: fire between two moves */
    bool last_stand;           /* p53, optional */
    bool spotting_by_fire;     /* p25: fire at counters (reconnaissance by fire) */
    bool lose_contact;         /* fog of war: a unit out of a side's sight is only where it was last seen */
    int missile_guidance;      /* guidance die of portable guided missiles (index D4..D12) */
    int first_activation;      /* 0: the side with fewer units chooses, 1: alternate, 2: roll */
    int fog_counts;            /* what face-down counters count for: 0 table (nothing), 1 counters (one each), 2 real */
    int quiet_turns;           /* no turn limit: a draw after this many turns with no man hurt or suppressed (0 never) */
    int ruleset;               /* the ruleset played: an index into the rules' table of rulesets (its choices name them) */
    /* The options a house rule declares in its own row (src/rules/house):
     * a slot each, in the order of the rules' table and of each row; a
     * bool 0/1, a choice its index, a length in mils. Read them by name
     * (sl_option_find, sl_option_value). */
    int32_t rule[SL_MAX_RULE_OPTIONS];
} sl_options;

typedef struct sl_option_desc {
    const char *name;
    sl_opt_type type;
    size_t offset;          /* into sl_options; a house rule's: unused (its slot in rule[]) */
    const char *choices;    /* SL_OPT_CHOICE: "centres|bases"; NULL for `ruleset`, whose
                             * choices are the rulesets' names (sl_option_choices) */
    double default_value;   /* bool 0/1, choice index, inches, int */
    double min, max;        /* inches or ints */
    const char *doc;
} sl_option_desc;

void sl_options_default(sl_options *o);
int sl_option_count(void);
const sl_option_desc *sl_option_get(int index);
const sl_option_desc *sl_option_find(const char *name);

/* The current value: a bool 0 or 1, a choice its index, a length in
 * mils, a number itself; 0 for NULL. */
int32_t sl_option_value(const sl_options *o, const sl_option_desc *d);

/* A choice option's words, in order, with `sep` between them
 * ("centres|bases" with "|"); "" for an option of another type. */
void sl_option_choices(const sl_option_desc *d, const char *sep, char *buf, size_t len);

/* Setters return false and write a reason to `err` (naming what was
 * expected) when the value does not fit the option. */
bool sl_option_set_bool(sl_options *o, const sl_option_desc *d, bool v, char *err, size_t errlen);
bool sl_option_set_number(sl_options *o, const sl_option_desc *d, double v, char *err, size_t errlen);
bool sl_option_set_word(sl_options *o, const sl_option_desc *d, const char *v, char *err, size_t errlen);
/* The value as it is written in a scenario's "rules" or `--rule NAME=VALUE`:
 * true/false, a number (inches or whole), a choice's word. */
bool sl_option_set_text(sl_options *o, const sl_option_desc *d, const char *v, char *err, size_t errlen);
/* Is the option one of the rules these options play by: the base's, or
 * a house rule's that their ruleset admits (SkirmishCorps' sc_attacks
 * under SkirmishCorps only)? */
bool sl_option_in_play(const sl_options *o, const sl_option_desc *d);
/* The titles of the rulesets the option is in play under ("Stargrunt
 * II"), by commas; true when that is every one. */
bool sl_option_rulesets(const sl_option_desc *d, char *buf, size_t len);
/* Does the ruleset these options play (option `ruleset`) need every unit
 * to give this field ("sp", "re")? For the scenario loader. */
bool sl_ruleset_needs(const sl_options *o, const char *field);

/* The current value as text ("1.0\"", "centres", "true"). */
void sl_option_format(const sl_options *o, const sl_option_desc *d, char *buf, size_t len);

/* What the rules in the table say of a scenario before it is played (the
 * loader's checks of a house rule's fields): each problem at the field it
 * is about, a path as the loader writes it ("rules.ambush",
 * "sides[1].ambushes"). */
typedef struct sl_rule_issue {
    char field[160];
    char text[512];
} sl_rule_issue;
struct sl_scenario;
/* The problems found, at most max (every house rule asked in the table's
 * order); how many. */
int sl_scenario_rule_checks(const struct sl_scenario *scn, sl_rule_issue *out, int max);
/* The same of the forces as the scenario writes them, before the loader
 * makes the units the rules build from them (a squad's fireteams). */
int sl_scenario_written_checks(const struct sl_scenario *scn, sl_rule_issue *out, int max);

/* --- the rules' own keys in a scenario file ------------------------------- */

/* Where in a scenario file a rule's keys stand, in the order the loader
 * reads them: the top level (before the units), a side, a figure, a
 * unit (after its figures), and the top level again once every unit is
 * read (what names units, as artillery's "support" and its crews; its
 * keys are listed under SL_KEYS_TOP). */
typedef enum sl_keys_where {
    SL_KEYS_TOP,
    SL_KEYS_SIDE,
    SL_KEYS_FIGURE,
    SL_KEYS_UNIT,
    SL_KEYS_FORCES,
    SL_KEYS_WHERE_COUNT
} sl_keys_where;

/* An object of a scenario file as the loader hands it to a rule, which
 * reads its own keys through these: its errors land at the key (file,
 * line, field) as the loader's own do. A typed read is true when a value
 * was read; a missing required key, or one of the wrong type, is an
 * error said. `loader` and `obj` are the loader's. */
typedef struct sl_keys sl_keys;
struct sl_keys {
    void *loader, *obj;
    bool (*has)(const sl_keys *k, const char *key);
    bool (*integer)(const sl_keys *k, const char *key, bool required, long *out);
    bool (*boolean)(const sl_keys *k, const char *key, bool required, bool *out);
    bool (*string)(const sl_keys *k, const char *key, bool required, const char **out);
    /* at most `max` bytes of UTF-8; longer is an error, never cut */
    bool (*text)(const sl_keys *k, const char *key, bool required, size_t max, const char **out);
    /* a required id (SL_ID_LEN bytes at out) that nothing else has:
     * `kind` names what it is in the error ("support asset") */
    bool (*own_id)(const sl_keys *k, const char *key, const char *kind, char *out);
    /* the unit the value at `key` names, the key entered (at_key): its
     * index, or -1 with the error said ("KEY must be WHAT, not TYPE") */
    int (*unit)(const sl_keys *k, const char *key, const char *what, const char **id);
    /* an array at `key`: its length; -1 when absent or not an array */
    int (*count)(const sl_keys *k, const char *key);
    /* element i of that array: a word (NULL when it is not one), its
     * type's name ("an object"), or the object itself to read */
    const char *(*word)(const sl_keys *k, const char *key, int i);
    const char *(*type)(const sl_keys *k, const char *key, int i);
    bool (*object)(const sl_keys *k, const char *key, int i, sl_keys *out);
    /* warn of the object's keys that are none of `known` */
    void (*check_keys)(const sl_keys *k, const char *const *known, int n);
    /* the path errors are said at: enter a key or an index, go back */
    size_t (*at_key)(const sl_keys *k, const char *key);
    size_t (*at_index)(const sl_keys *k, size_t i);
    void (*back)(const sl_keys *k, size_t saved);
    void (*error)(const sl_keys *k, const char *text);
};

/* The keys the rules read at `where`, into out[] (at most max): the
 * loader's list of known keys takes them after its own. How many. */
int sl_rule_keys(sl_keys_where where, const char **out, int max);
/* Every rule reads its keys of one object (`index`: the side's, the
 * figure's or the unit's; -1 at the top level) into the scenario's rule data, made
 * when the scenario has none. False when out of memory. */
bool sl_rule_keys_read(struct sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k);
/* A unit the loader makes from another (a part of a whole, or an element
 * detached from it: `from`; a dummy counter: -1) takes that one's rule
 * data, though none of its parts. */
bool sl_rule_unit_made(struct sl_scenario *scn, int unit, int from);
/* The loader makes unit `unit` part number `no` (1...) of unit `whole`
 * (sl_unit_whole), which lists it after its other parts (at most
 * SL_MAX_PARTS). False when out of memory. */
bool sl_rule_part_made(struct sl_scenario *scn, int unit, int whole, int no);
/* The man `fig` belongs to part number `no` of his unit (0: none;
 * sl_figure_part). False when out of memory. */
bool sl_rule_figure_in_part(struct sl_scenario *scn, int fig, int no);
/* The loader puts figures first .. first+n-1 in a new order: the one
 * now at first+i was at first+from[i]; their rule data and parts follow
 * them. */
bool sl_rule_figures_moved(struct sl_scenario *scn, int first, int n, const int *from);
/* The rule data of `from` for `to`, another list of the same game's units
 * and men (a window's over the link: the host's state, counters and all):
 * each of to's units and men takes the data of the one of the same id in
 * `from`, none for one `from` does not have (a counter); NULL when `from`
 * has none or out of memory. Freed with sl_rule_data_free. */
struct sl_rule_data *sl_rule_data_by_ids(const struct sl_scenario *from, const struct sl_scenario *to);
void sl_rule_data_free(struct sl_rule_data *d);
/* The yes/no properties the rules read of a map's features for
 * themselves (artillery's "sealed"), into out[] (at most max, and at most
 * 32), in the order of their bits in sl_feature.rule_said and rule_yes;
 * how many. The bit of one by its name, -1 when no rule reads it. */
int sl_rule_feature_keys(const char **out, int max);
int sl_rule_feature_key(const char *name);
struct sl_feature;
/* What the map says of a feature's property `key`: 1 true, 0 false, -1
 * not said (or no rule reads it). */
int sl_feature_rule_flag(const struct sl_feature *f, const char *key);
/* The properties the map sets true on a feature for the rules, in a
 * player's words (" Â· sealed Â· blast wall"), each after a middle dot,
 * into buf (empty when none). */
void sl_feature_rule_words(const struct sl_feature *f, char *buf, size_t len);

/* What a rule names by `id` in the scenario ("support asset"), or NULL. */
const char *sl_rule_id_user(const struct sl_scenario *scn, const char *id);
/* Once the rules have judged the forces as written: each rule makes the
 * units it builds of them (a squad's fireteams), its errors said through
 * `k` (the file's top level). False stops the load. */
bool sl_rule_units_make(struct sl_scenario *scn, const sl_keys *k);

#endif
