/* sightline: sides, units, figures and the weapons they carry.
 *
 * This is the scenario as set up on the table. Game state that changes in
 * play (suppression, casualties, activation) lives beside it in the rules
 * module and refers to units and figures by index.
 */
#ifndef SIGHTLINE_MODEL_H
#define SIGHTLINE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "sightline/geom.h"
#include "sightline/options.h"
#include "sightline/table.h"

#define SL_MAX_SIDES 4
/* The most parts a unit may be made of (sl_unit_parts). */
#define SL_MAX_PARTS 6
#define SL_ID_LEN 32
#define SL_NAME_LEN 128
/* The longest side or unit name a scenario may give, in bytes of UTF-8:
 * room is left for the names made from it ("..., team 3", "...
 * detachment"). Longer ones are refused where they stand in the file. */
#define SL_NAME_MAX 96

/* A die is named by its number of sides; 0 means "no die". */
typedef enum sl_die {
    SL_DIE_NONE = 0,
    SL_D4 = 4,
    SL_D6 = 6,
    SL_D8 = 8,
    SL_D10 = 10,
    SL_D12 = 12
} sl_die;

/* Parse "D8" / "d8" / "8". */
bool sl_die_parse(const char *s, sl_die *out);
const char *sl_die_name(sl_die d); /* "D8", or "-" for none */

typedef enum sl_quality {
    SL_Q_UNTRAINED,
    SL_Q_GREEN,
    SL_Q_REGULAR,
    SL_Q_VETERAN,
    SL_Q_ELITE,
    SL_Q_COUNT
} sl_quality;

sl_die sl_quality_die(sl_quality q);
/* The range band of small arms: the quality die's size in inches. */
int32_t sl_quality_band(sl_quality q);
const char *sl_quality_name(sl_quality q); /* "regular" */
const char *sl_quality_label(sl_quality q); /* "Regular" */
bool sl_quality_parse(const char *s, sl_quality *out);

typedef enum sl_motivation { SL_MOT_LOW, SL_MOT_MEDIUM, SL_MOT_HIGH } sl_motivation;
typedef enum sl_fatigue { SL_FAT_FRESH, SL_FAT_TIRED, SL_FAT_EXHAUSTED } sl_fatigue;
typedef enum sl_confidence {
    SL_CONF_CONFIDENT,
    SL_CONF_STEADY,
    SL_CONF_SHAKEN,
    SL_CONF_BROKEN,
    SL_CONF_ROUTED
} sl_confidence;

const char *sl_motivation_name(sl_motivation m);
bool sl_motivation_parse(const char *s, sl_motivation *out);
const char *sl_fatigue_name(sl_fatigue f);
bool sl_fatigue_parse(const char *s, sl_fatigue *out);
const char *sl_confidence_name(sl_confidence c);
bool sl_confidence_parse(const char *s, sl_confidence *out);
/* A unit starts at the confidence its fatigue allows. */
sl_confidence sl_fatigue_start_confidence(sl_fatigue f);

typedef enum sl_role {
    SL_ROLE_TROOPER,
    SL_ROLE_LEADER,
    SL_ROLE_SUPPORT,  /* carries a support weapon */
    SL_ROLE_MEDIC,
    SL_ROLE_SNIPER,
    SL_ROLE_SPECIALIST, /* EW, forward observer... */
    SL_ROLE_CREW,
    SL_ROLE_COUNT
} sl_role;

const char *sl_role_name(sl_role r);
bool sl_role_parse(const char *s, sl_role *out);

/* How a unit moves (rulebook p22): base inches per normal move, and the
 * die doubled for a combat move. */
typedef enum sl_mobility {
    SL_MOB_FOOT,      /* 6", D6 */
    SL_MOB_LIGHT,     /* very light troops: 8", D8 */
    SL_MOB_SLOW_PA,   /* slow power armour: 6", D6 */
    SL_MOB_FAST_PA,   /* fast power armour: 12", D12 */
    SL_MOB_VEHICLE,   /* 12", D12 */
    SL_MOB_COUNT
} sl_mobility;

const char *sl_mobility_name(sl_mobility m);
bool sl_mobility_parse(const char *s, sl_mobility *out);
sl_die sl_mobility_die(sl_mobility m);

typedef enum sl_unit_kind {
    SL_UNIT_INFANTRY,
    SL_UNIT_VEHICLE,  /* a point target with an armour class */
    SL_UNIT_DUMMY     /* a hidden-unit counter with nothing under it */
} sl_unit_kind;

const char *sl_unit_kind_name(sl_unit_kind k);
bool sl_unit_kind_parse(const char *s, sl_unit_kind *out);

/* --- weapons ------------------------------------------------------------ */

typedef enum sl_weapon_class {
    SL_WEAPON_SMALL_ARMS,
    SL_WEAPON_SUPPORT,
    SL_WEAPON_GUIDED  /* guided missiles: quality + guidance vs ECM */
} sl_weapon_class;

typedef struct sl_weapon {
    const char *id;        /* "advanced-ar" */
    const char *name;      /* "Advanced assault rifle" */
    sl_weapon_class cls;
    int fp_half;           /* small arms firepower in halves (0.5 -> 1) */
    sl_die support_fp;     /* a support weapon's own firepower die */
    sl_die impact;
    bool close_only;       /* effective to one range band only */
    bool doubles_vs_point; /* impact doubled on a major hit vs a point target */
} sl_weapon;

int sl_weapon_count(void);
const sl_weapon *sl_weapon_get(int index);
int sl_weapon_find(const char *id); /* -1 when unknown */
const char *sl_weapon_list(sl_weapon_class cls); /* ids, comma separated */
/* A weapon as it reads in a sentence: the catalog's "Squad automatic
 * weapon (rotary)" and "Multiple launcher, personal" are "rotary squad
 * automatic weapon" and "personal multiple launcher"; capital: its first
 * letter upper case (to begin a line), else lower (mid-sentence). */
void sl_weapon_words(const sl_weapon *wp, bool capital, char *out, size_t len);

typedef struct sl_armour_type {
    const char *id;
    const char *name;
    sl_die die;
} sl_armour_type;

/* "partial-light" -> D6; also accepts a die name such as "D8". */
bool sl_armour_parse(const char *s, sl_die *out);
const char *sl_armour_list(void);
const char *sl_armour_name(sl_die d);

/* --- sides, units, figures --------------------------------------------- */

typedef enum sl_marker {
    SL_MARKER_TRIANGLE,
    SL_MARKER_SQUARE,
    SL_MARKER_DIAMOND,
    SL_MARKER_CROSS,
    SL_MARKER_COUNT
} sl_marker;

const char *sl_marker_name(sl_marker m);
bool sl_marker_parse(const char *s, sl_marker *out);

typedef struct sl_side {
    char id[SL_ID_LEN];
    char name[SL_NAME_LEN];
    uint8_t r, g, b;
    sl_marker marker;
    int dummies;              /* dummy counters it counts out ("dummies": N), made in its set-up zone */
    int solo_stance;          /* how the program plays it when it does ("solo_stance": an sl_stance), -1 not said */
} sl_side;

typedef enum sl_figure_status {
    SL_FIG_OK,
    SL_FIG_WOUNDED,
    SL_FIG_DEAD
} sl_figure_status;

/* Equipment a figure carries; it can be recovered from casualties. */
enum {
    SL_EQUIP_MEDIKIT = 1u << 0,
    SL_EQUIP_EW = 1u << 1,
    SL_EQUIP_FAO = 1u << 2, /* forward artillery observer's kit */
    SL_EQUIP_SENSOR = 1u << 3
};
/* The word for equipment bit place 0..3 in files and commands ("medikit",
 * "ew", "fao", "sensor"), and the bit a word names (0: none). */
const char *sl_equipment_id(int place);
unsigned sl_equipment_parse(const char *word);

/* In play, with fog of war's lose_contact option: what one side last saw
 * of a man (where, in what state, in which turn), whether he is out of
 * its sight now, and what the journal last told it of that. */
typedef struct sl_sighting {
    sl_pt at;
    sl_figure_status status;
    int turn;
    bool lost;
    bool told_lost;
    sl_pt told_at;
} sl_sighting;

typedef struct sl_figure {
    char id[SL_ID_LEN];
    int unit;              /* index into sl_scenario.units */
    sl_pt pos;
    int32_t base_r;        /* base radius, mils */
    sl_role role;
    int weapon;            /* small arms, index into the catalogue, -1 none */
    int support;           /* support weapon, -1 none */
    unsigned equipment;
    sl_figure_status status;
    bool treated;          /* a wounded figure given first aid (stabilised) */
    unsigned char fired;   /* in play, this turn: bit 0 its small arms fired, bit 1 its support weapon */
    sl_sighting seen[SL_MAX_SIDES]; /* in play: each side's sight of him (lose_contact) */
} sl_figure;

typedef struct sl_unit {
    char id[SL_ID_LEN];
    char name[SL_NAME_LEN];
    int side;              /* index into sl_scenario.sides */
    sl_unit_kind kind;
    sl_quality quality;
    int leadership;        /* 1 (best) .. 3 */
    sl_motivation motivation;
    sl_fatigue fatigue;
    sl_confidence confidence;
    sl_die armour;
    int armour_class;      /* vehicles: 1..5 */
    bool hidden;           /* placed as a hidden-unit counter */
    char counter[8];       /* in play: the public letter of its counter ("A"), "" when it has none */
    bool must_place;       /* a dummy the scenario counts out for its side: placed in the set-up phase */
    int first_figure;      /* figures are stored unit by unit */
    int nfigures;
    int leader;            /* figure index, -1 when no leader */
    int commander;         /* the unit this one takes orders from, -1 */
    sl_mobility mobility;
    sl_die ecm;            /* electronic counter-measures (guided missiles): D4 none */
    bool power_armour;     /* doubles its close combat rolls, counts twice in odds */
    /* vehicles: open-topped or sealed, and how many figures they carry */
    bool open_top;
    int capacity;          /* 0: any number */
    int carrier;           /* the vehicle this unit starts aboard, -1 */
    /* detached elements (p17): the loader keeps one empty unit for each
     * infantry squad, "SQUAD.D", which the Form Detached Element action
     * fills with figures from the squad and which empties again when
     * they rejoin it */
    int element;           /* a squad: its detached element's unit, -1 */
    int parent;            /* a detached element: its squad, -1 */
} sl_unit;

/* What a scenario's game is about (its "objectives"): places to hold at
 * the end, or to reach, each worth points, and the last turn. */
#define SL_MAX_OBJECTIVES 8
typedef struct sl_objective {
    char id[SL_ID_LEN];
    char name[SL_NAME_LEN];
    sl_pt at;
    int32_t radius;        /* mils: a figure whose base centre is this close stands in it */
    int points;
    int reach_side;        /* a place to reach: the side that scores it by getting a man there first; -1: to hold */
} sl_objective;

typedef struct sl_scenario {
    char name[128];
    char description[512];
    bool no_handover;      /* fog of war at one screen: no hand-over screens (scenario "handover": false) */
    sl_table table;
    sl_side sides[SL_MAX_SIDES];
    int nsides;
    sl_unit *units;
    int nunits;
    sl_figure *figures;
    int nfigures;
    sl_options options;
    /* objectives: the last turn (0: none, the game ends only when a side
     * is destroyed or routed) and the places worth points */
    int turn_limit;
    sl_objective objectives[SL_MAX_OBJECTIVES];
    int nobjectives;
    /* what the rules read of the scenario file beyond this model (each
     * rule's own keys: sl_rule_keys_read), theirs alone to read; made,
     * copied and freed by the rules layer, freed with the scenario, and
     * shared read-only by the games made from it */
    struct sl_rule_data *rule_data;
    /* which units are parts of which, and which part each man is in
     * (sl_unit_whole ... sl_figure_part): the rules layer's, NULL when
     * no unit has parts. Freed with the scenario; a game keeps a copy of
     * its own (men change parts in play), and a side's view a copy with
     * what that side does not know left out (sl_game_parts_for). */
    struct sl_parts *parts;
} sl_scenario;

void sl_scenario_init(sl_scenario *s);
void sl_scenario_free(sl_scenario *s);

int sl_scenario_find_side(const sl_scenario *s, const char *id);
int sl_scenario_find_unit(const sl_scenario *s, const char *id);
int sl_scenario_find_figure(const sl_scenario *s, const char *id);
/* What `id` already names in the scenario: "side", "unit", "figure", a
 * rule's own ("support asset"); NULL: nothing. */
const char *sl_scenario_id_user(const sl_scenario *scn, const char *id);
/* The id of a unit made of squad `squad` (a fireteam, "SQUAD.1"; its
 * detached element, "SQUAD.D"): `squad` and `suffix`, into out
 * (SL_ID_LEN bytes). False, with the problem in err, when it is too long
 * or already names something; `names` says what the id would name ("its
 * fireteams"), `one` what the made unit is ("one of this squad's
 * fireteams"). */
bool sl_scenario_made_id(const sl_scenario *scn, const char *squad, const char *suffix, const char *names,
                         const char *one, char *out, char *err, size_t errlen);
/* The topmost figure whose base contains p (bases drawn later are on
 * top); -1 when none. `slop` widens each base by that many mils. */
int sl_scenario_figure_at(const sl_scenario *s, sl_pt p, int32_t slop);
/* The same among the figures of the units `keep` says yes to (NULL: all):
 * the window passes by men riding in a vehicle, whose place is its. */
int sl_scenario_figure_at_if(const sl_scenario *s, sl_pt p, int32_t slop, bool (*keep)(int unit, const void *ctx),
                             const void *ctx);
/* Base centres of a unit's figures, written to `out` (room for
 * unit->nfigures); returns the count. Dead figures are left out when
 * `living_only` is set. */
int sl_unit_positions(const sl_scenario *s, int unit, sl_pt *out, bool living_only);

/* Is the unit on the table: false only for a squad's detached element
 * while no figures are detached (it is then not listed or drawn). */
bool sl_unit_fielded(const sl_scenario *s, int unit);

/* A unit made of parts: a whole whose figures stand in parts that are
 * units of their own (a squad split into fireteams, under the house rule
 * that does so), each part a stretch of the whole's figures. */
/* The whole the unit is a part of; -1 when it is none's. */
int sl_unit_whole(const sl_scenario *s, int unit);
/* The part's number within its whole (1...); 0 when it is no part. */
int sl_unit_part_no(const sl_scenario *s, int unit);
/* How many parts the whole is made of: 0 when it is not made of parts. */
int sl_unit_nparts(const sl_scenario *s, int unit);
/* The whole's part k (0 .. sl_unit_nparts - 1, in their order); -1. */
int sl_unit_part(const sl_scenario *s, int unit, int k);
/* The number of the part a man belongs to (1...), also while he is away
 * from it (detached); 0 when none (a whole's independent leader). */
int sl_figure_part(const sl_scenario *s, int fig);
/* Free a table of parts (sl_game_parts_for's); NULL-safe. */
void sl_parts_free(struct sl_parts *p);

/* Command levels between a unit and a commander above it: 1 for its own
 * commander, 2 for its commander's commander...; 0 when not above it. */
int sl_command_distance(const sl_scenario *s, int unit, int commander);

/* The closest word to `word` among `count` candidates, for "did you mean"
 * hints; NULL when nothing is close. */
const char *sl_suggest(const char *word, const char *const *candidates, int count);

/* Small-arms firepower die of a set of figures: the sum of their weapons'
 * firepower, rounded up to the next die (<=4 D4 ... >=11 D12). */
sl_die sl_firepower_die(int fp_half_total);

#endif
