/* The house rules (../shared/seeds): each is one file here and one row
 * of the table in src/rules/tables.c, and reaches the game only through
 * the hooks it registers (src/rules/base/base.h, rl_house). Not a public
 * interface. Prefixes: of_ (opfire.c), ft_ (fireteams.c), tv_ (travel.c), rc_ (recovery.c). */
#ifndef SIGHTLINE_RULES_HOUSE_H
#define SIGHTLINE_RULES_HOUSE_H

#include "../sg2/sg2.h"

/* opfire.c: opportunity fire and overwatch (seed 001) */
extern const rl_house of_rule;
/* its state, a unit's (the row's unit_bytes) */
typedef struct of_unit {
    bool overwatch;             /* holds an overwatch counter */
    bool fired_this_activation; /* overwatch may not follow a fire */
} of_unit;
of_unit *of_unit_of(const sl_game *g, int u);
/* the offer pending, the game's (the row's game_bytes): each option's
 * odds (by its place in g->pending.options), and for a mover the
 * stretches of its way the option can see (mils along the way from its
 * start) */
typedef struct of_offer {
    bool overwatch[SL_MAX_OPTIONS];
    double p_react[SL_MAX_OPTIONS];   /* the reaction test (1 with an overwatch counter) */
    double p_suppress[SL_MAX_OPTIONS];/* reacting and at least suppressing, at the best point */
    double p_hits[SL_MAX_OPTIONS];    /* reacting and scoring potential hits there */
    double best_at[SL_MAX_OPTIONS];   /* that point, along the way */
    double stretch[SL_MAX_OPTIONS][SL_MAX_STRETCH][2];
    int nstretch[SL_MAX_OPTIONS];
} of_offer;
of_offer *of_offer_of(const sl_game *g);
extern const rl_decision_row of_decisions[]; /* opfire_show.c */
/* Its own decision kind, the first of its rows (the tables number it):
 * enemies of the acting unit may open opportunity fire. */
int of_decide_kind(void);
/* opfire_show.c: answer an opportunity-fire offer with the best option at
 * or over its own threshold (min_p, one per option), else pass, giving
 * `hold` (or the odds) as the reason. */
bool rl_solo_opfire(const sl_game *g, const double *min_p, const char *hold, sl_command *out);
bool of_on(const sl_game *g);
/* May `u` open opportunity fire at `target` now? */
bool of_may_react(const sl_game *g, int u, int target);
/* The chance it passes its reaction test (1 with an overwatch counter). */
double of_p_react(const sl_game *g, int u);
/* The kind of its command `overwatch` (the table numbers it). */
int of_overwatch_kind(void);

/* fireteams.c: squads split into fireteams (seed 004) */
extern const rl_house ft_rule;
/* fireteams_data.c: a figure's "fireteam" read, and a squad's teams made
 * units of their own once the squads as written are judged */
extern const rl_scn_part ft_scn_part;
/* recovery.c (cross training, seed 000): the chance a unit passes an
 * equipment recovery test (its squad's quality die over its leadership + 2) */
double rc_recovery_odds(const sl_game *g, int unit);
/* artillery_call.c: the request chits a side has left */
int art_chits_left(const sl_game *g, int side);
/* its state, a unit's (the row's unit_bytes): zeroed, it is a unit
 * that has done nothing of the rule's this turn */
typedef struct ft_unit {
    int team_pending;           /* a team: actions given by its squad leader, not yet used */
    bool team_both;             /* a team: both given at once (used in one activation) */
    int squad_mode;             /* a squad this activation: 0 nothing yet, 1 whole-unit, 2 fireteams */
    int leader_with;            /* a squad: the team its leader acts with in this activation, + 1; 0 none */
    int leader_joined;          /* a squad: the team its leader has joined this turn, + 1; 0 none */
    bool team_reacted;          /* a team: spent this turn on opportunity fire (fireteam_reaction "team") */
} ft_unit;
ft_unit *ft_unit_of(const sl_game *g, int u);
/* fireteams_words.c: what teams and regroup say beyond their unit, kept
 * in the command's rule bytes (sl_command.rule): both actions at once; the
 * fireteam (its number) each figure of place_fig joins */
typedef struct ft_cmd {
    bool both;
    int team[SL_CMD_MAX_PLACE];
} ft_cmd;
ft_cmd ft_cmd_of(const sl_command *c);
/* a fire's "combined" (at a fireteam and every enemy team within fireteam
 * integrity of it), a word the fireteams add to a command they do not
 * own (ft_extras), kept in their own stretch of the command's bytes */
extern const rl_cmd_extra ft_extras[1];
bool ft_combined(const sl_command *c);
void ft_set_combined(sl_command *c, bool on);
void ft_cmd_set(sl_command *c, const ft_cmd *f);
/* who of a squad split into fireteams acts, words the fireteams put on
 * any command's unit (ft_actor, kept in the command's actor bytes):
 * "SQUAD.L" its leader alone, "with-leader" a team joined by its squad's
 * leader; and the answer to the base's `acting` (RL_ACTS_* bits) */
extern const rl_actor_words ft_actor;
bool ft_leader_only(const sl_command *c);
bool ft_with_leader(const sl_command *c);
void ft_set_leader_only(sl_command *c, bool on);
void ft_set_with_leader(sl_command *c, bool on);
unsigned ft_acting(const sl_game *g, const sl_command *c);
/* teams SQUAD [both]; regroup SQUAD FIGURE TEAM ... */
extern const rl_cmd_words ft_teams_words;
/* Its commands' rows (teams, regroup) and the kind the table gives each. */
enum { FT_ROW_TEAMS, FT_ROW_REGROUP, FT_ROW_COUNT };
int ft_kind(int row);
extern const rl_cmd_words ft_regroup_words;
/* fireteams_tactics.c: the solo opponent's orders to a squad's teams */
bool ft_orders(const rl_policy *p, int sq, sl_command *out, char *why, size_t whylen);

/* travel.c: travel columns (rulebook p24) */
extern const rl_house tv_rule;

/* setup.c: hidden units placed before the game (rulebook p25) */
extern const rl_house setup_rule;
extern const rl_decision_row setup_decisions[]; /* setup_show.c */

/* ambush.c: ambushes, simple and complex (seeds 000, 003) */
extern const rl_house am_rule;
/* Where the procedure stands (am_info_of, for its screens and tests):
 * its phase, the sides, the column's route and order (filled in once
 * written), where the lead is and where a spring point may lie (mils
 * along the route), the complex ambush's tests at threat -1 this turn,
 * and in the column's phase the solo player's draft of it. */
enum { AM_OFF, AM_COLUMN, AM_PLACING, AM_SPRING, AM_SPRUNG };
#define AM_MAX_TESTS 32
typedef struct am_info {
    int phase;                  /* AM_* */
    bool complex;
    int ambusher, column;       /* sides */
    int approach;               /* complex: the approach turn, from 1 */
    const char *why;            /* gone off: who activates first and why ("" before) */
    const sl_pt *route;         /* the column's way (NULL before it is known) */
    int nroute;
    double lead_at;             /* the lead's front */
    double spring_from, spring_to;
    int nunits;                 /* the column in order, and the gap behind each (mils) */
    int units[SL_CMD_MAX_PLACE];
    int32_t gaps[SL_CMD_MAX_PLACE];
    double length;              /* the column's length on the route */
    int ntests;
    int test_unit[AM_MAX_TESTS];
    double p_pass[AM_MAX_TESTS]; /* 1 for leadership 1: no test */
    double p_hold;              /* none fails: the ambush is not set off early */
    int ndraft;                 /* AM_COLUMN: the solo player's column (0: a route to plot first) */
    int draft[SL_CMD_MAX_PLACE];
    int32_t draft_gaps[SL_CMD_MAX_PLACE];
    int kind_column, kind_spring, kind_wait; /* its commands' kinds */
} am_info;
bool am_info_of(const sl_game *g, am_info *out);
/* ambush_show.c: the ambush's set-up as a side sees it (its decision's
 * view: the column written as an order, the spring as a point along the
 * route), with what the player has chosen so far (d->in). */
void am_view(const sl_game *g, const am_info *am, int viewer, sl_decision_view *d);
/* ... and the card once it has gone off, until the first command. */
bool am_notice_view(const sl_game *g, const am_info *am, sl_decision_view *d);
/* ambush_words.c: a column's gaps (mils) behind each unit of place_fig
 * to the next, kept in the command's rule bytes (sl_command.rule) */
typedef struct am_cmd {
    int32_t gap[SL_CMD_MAX_PLACE];
} am_cmd;
am_cmd am_cmd_of(const sl_command *c);
void am_cmd_set(sl_command *c, const am_cmd *a);
/* column UNIT GAP UNIT GAP ... UNIT */
extern const rl_cmd_words am_column_words;
/* Does the ambush hold the set-up now (the column, the spring), and does
 * the side set up in it (the ambusher)? */
bool am_owns_setup(const sl_game *g);
bool am_sets_up(const sl_game *g, int side);
/* The ambusher has set up: the order shown, the spring asked for. */
bool am_after_setup(sl_game *g);
/* How good a point is for an ambusher's counter, for solo play (higher
 * better; 0 without a route). */
double am_setup_score(const sl_game *g, sl_pt p);
/* setup.c: start the set-up with `side` (false: it has nothing to set up) */
bool setup_begin(sl_game *g, int side);

/* recovery.c: cross training and equipment recovery (seed 000) */
extern const rl_house rc_rule;
/* recovery_data.c: what it reads of a scenario file (rc_scn_part). A
 * Phalon unit (its own mark or its side's) is cross trained in
 * everything; a human squad the scenario marks "cross_trained": false is
 * not; the items a unit is trained in besides its own (its side's and
 * its own "also_trained": SL_EQUIP_* bits, and bit i for support weapon
 * i); the kit it normally carries (its men's as set out, attached men
 * apart); and whether a man is an attached independent ("attached"),
 * who neither gives nor takes kit. */
extern const rl_scn_part rc_scn_part;
bool rc_phalon(const sl_scenario *scn, int unit);
bool rc_not_cross_trained(const sl_scenario *scn, int unit);
unsigned rc_also_equipment(const sl_scenario *scn, int unit);
uint32_t rc_also_support(const sl_scenario *scn, int unit);
unsigned rc_kit_equipment(const sl_scenario *scn, int unit);
uint32_t rc_kit_support(const sl_scenario *scn, int unit);
bool rc_attached(const sl_scenario *scn, int fig);
bool rc_set_also_equipment(sl_scenario *scn, int unit, unsigned bits); /* tests: false with no rule data */
/* Kit a casualty may hand on (cross training, seed 000): his support
 * weapon, or one piece of equipment (bit 1 + the SL_EQUIP_ bit's place). */
enum { RC_KIT_SUPPORT = 1u << 0 };
#define RC_KIT_EQUIP(bit) ((unsigned)(bit) << 1)
/* What of a man's kit failed its recovery test (RC_KIT_* bits; his own
 * bytes in the game, until he is fit again) */
unsigned rc_kit_lost(const sl_game *g, int fig);

/* recovery_words.c: a reorganise's recover clauses and "untreated",
 * words cross training adds to a command it does not own (rc_extras),
 * kept in its own stretch of the command's bytes. Each clause: the
 * casualty, the item (-1: not said, the only one he has; else an RC_KIT_
 * bit's place: 0 his support weapon, 1.. equipment), the support weapon
 * named (-1: "support" or none), the man who takes it (-1: the best
 * placed). */
#define RC_MAX_RECOVER 8
typedef struct rc_clause {
    int fig, item, weapon, to;
} rc_clause;
typedef struct rc_cmd {
    rc_clause k[RC_MAX_RECOVER];
    int n;
    bool untreated;             /* the wounded left untreated */
} rc_cmd;
extern const rl_cmd_extra rc_extras[1];
rc_cmd rc_cmd_of(const sl_command *c);
void rc_cmd_set(sl_command *c, const rc_cmd *r);
/* The chance a unit passes an equipment recovery test (its squad's
 * quality die over its leadership + 2). */
double sl_game_recovery_odds(const sl_game *g, int unit);
/* What a reorganise of `unit` could recover: each item (support weapon or
 * piece of kit) of a casualty of its squad, or of another unit's casualty
 * within its integrity range (the enemy's only under recover_enemy_kit),
 * in a fixed order. `chosen` has bit i set for the items already picked
 * (in that order they become the command's recover clauses, `to` left
 * out); for each item the man who would take it up then (for one not
 * chosen: were it picked next) and what he would put down, or why it may
 * not be tried (already unrecoverable, not cross trained, no man free).
 * The window sees it as the reorganise's list pick (rc_rule's pick_list). */
typedef struct sl_recoverable {
    int figure;                 /* the casualty */
    int item;                   /* 0 his support weapon, else 1 + the SL_EQUIP_ bit's place */
    char name[80];              /* "support pulser", "EW kit" */
    bool ok;                    /* may be tried now */
    int taker;                  /* the man who takes it up, -1 */
    char drops[80];             /* what he puts down first, "" nothing */
    double odds;                /* the chance the test passes */
    char why[240];              /* when not ok: why not */
} sl_recoverable;
#define SL_MAX_RECOVERABLE SL_LIST_MAX
int sl_game_recoverables(const sl_game *g, int unit, unsigned chosen, sl_recoverable *out, int max);
/* The reorganise those choices make (recover clauses in list order). */
void sl_game_recover_command(const sl_game *g, int unit, unsigned chosen, bool untreated, sl_command *out);

/* artillery_data.c: what the artillery rule reads of a scenario file:
 * its warheads, delivery systems, levels and pieces (rulebook pp44-47,
 * fuel-air explosives seed 000). */
typedef enum art_warhead {
    ART_WH_GP,   /* general purpose explosive: D8 / D8 */
    ART_WH_AP,   /* anti-personnel submunitions: D12 / D8 */
    ART_WH_AT,   /* anti-armour submunitions: D6 / D12 x 2 */
    ART_WH_FAE,  /* fuel-air explosive: D10 by the atmosphere, its own rules */
    ART_WH_COUNT
} art_warhead;
/* "gp", "ap", "at", "fae"; the words in full; the word a script writes. */
const char *art_warhead_id(art_warhead w);
const char *art_warhead_name(art_warhead w);
bool art_warhead_parse(const char *s, art_warhead *out);

typedef enum art_delivery {
    ART_DELIVERY_SMALL,
    ART_DELIVERY_MEDIUM,
    ART_DELIVERY_LARGE,
    ART_DELIVERY_VERY_LARGE
} art_delivery;
const char *art_delivery_id(art_delivery d); /* "small" ... "very-large" */
bool art_delivery_parse(const char *s, art_delivery *out);
/* The burst radius of a delivery system, mils (3", 4", 6", 10"; p46). */
int32_t art_delivery_radius(art_delivery d);

/* Command levels a support asset is organised at (p44): a squad is 1. */
enum { ART_LEVEL_SQUAD = 1, ART_LEVEL_PLATOON, ART_LEVEL_COMPANY, ART_LEVEL_BATTALION, ART_LEVEL_REGIMENT };
const char *art_level_id(int level); /* "squad" ... "regiment" */
int art_level_parse(const char *s);  /* 0 when not a level */

/* What kind of artillery piece (p47): guns fire over open sights at any
 * range; light mortars not under 24", other mortars and rockets not
 * under 48". */
typedef enum art_gun_type { ART_GUN_MORTAR, ART_GUN_GUN, ART_GUN_ROCKET } art_gun_type;
const char *art_gun_type_id(art_gun_type t); /* "mortar", "gun", "rocket" */
bool art_gun_type_parse(const char *s, art_gun_type *out);

#define ART_MAX_ASSETS 8
#define ART_MAX_ROUNDS 6
typedef struct art_asset {
    char id[SL_ID_LEN];
    char name[SL_NAME_LEN];
    int side;
    art_delivery size;
    unsigned warheads;     /* bit 1 << art_warhead it may fire */
    int level;             /* ART_LEVEL_*: who it belongs to */
    int rounds;            /* rounds in one mission, 1 to ART_MAX_ROUNDS */
    int arrival;           /* turns from the call to the landing: 0 at once */
    int missions;          /* missions it may fire in the game, 0 any number */
    /* on-table artillery (p47): the unit that serves it, -1 off the table */
    int crew;
    art_gun_type type;      /* what it is: a gun, a mortar or rocket artillery (minimum ranges) */
    bool self_propelled;   /* on its own carriage: fires or moves off without deploying */
    bool packed;           /* towed or manpacked and packed up at the start: a reorganise deploys it */
} art_asset;
/* The shortest range it fires at over open sights, mils. */
int32_t art_asset_min_range(const art_asset *a);

/* Its data of the scenario (art_scn_part): the assets ("support"), the
 * atmosphere, each side's request chits, and of each unit the fuel-air
 * rule's rigid armour, airtightness and sealed start. */
typedef struct art_scn {
    art_asset assets[ART_MAX_ASSETS];
    int nassets;
    bool fae_said;              /* "atmosphere" given: fae_impact is its die (0: none) */
    sl_die fae_impact;
} art_scn;
extern const rl_scn_part art_scn_part;
const art_scn *art_scn_of(const sl_scenario *scn);
/* In play: asset a (0 <= a < art_nassets) of the game's scenario. */
const art_asset *art_asset_of(const sl_game *g, int a);
int art_nassets(const sl_game *g);
art_scn *art_scn_edit(sl_scenario *scn); /* NULL: the scenario has no rule data */
/* The impact of a fuel-air explosive in its atmosphere: D10 as on Earth
 * when not said, 0 where there is none. */
sl_die art_fae_impact(const sl_scenario *scn);
/* The support request counters a side starts with (p44). */
int art_request_chits(const sl_scenario *scn, int side);
void art_set_request_chits(sl_scenario *scn, int side, int chits);
/* All-covering rigid armour with its own air (power armour and Phalons
 * have it without saying); a vehicle that can be sealed (default: any not
 * open-topped); how it starts (-1 not said, 0 open, 1 sealed). */
bool art_rigid_armour(const sl_scenario *scn, int unit);
bool art_airtight(const sl_scenario *scn, int unit);
int art_sealed_start(const sl_scenario *scn, int unit);

/* What the map says of a feature for the rule (its feature_flags):
 * "sealed" (it starts sealed), "blast_wall", "firing_ports" (false when
 * not said), "airtight" (a bunker is unless the map says not). */
bool art_feature_is(const sl_feature *f, const char *key);

/* artillery.c: artillery support (rulebook pp44-47) and fuel-air explosives (seed 000) */
extern const rl_house art_rule;
/* artillery_call.c: the odds of calling fire from `unit` (asset -1: the
 * side's first that fires the warhead; warhead -1: general purpose) */
typedef struct art_odds {
    int asset;                  /* the asset it would call, -1 none */
    bool observer;              /* a forward observer calls: no levels skipped, +0 */
    int bypassed;               /* command levels the call skips */
    sl_die die;                 /* after the shifts */
    int need;                   /* to beat */
    double p_call;
    bool specialist;            /* an observer who sees the point: accuracy against leadership */
    int accuracy_need;
    double p_accurate;
    int32_t radius;             /* mils, of the delivery system */
    bool doubled;               /* a fuel-air explosive aimed inside a building: twice that */
    bool open_sights;           /* the piece's own crew fires it at what it sees: no call (p47) */
    bool commands_crew;         /* the crew's commander directs it: a communication roll, die and need above */
    int32_t min_range;          /* mils, an on-table piece's shortest range; 0 none */
} art_odds;
void art_call_odds(const sl_game *g, int unit, int asset, int warhead, int chits, sl_pt at, art_odds *out);
/* artillery_blast.c: a fire mission that landed: where it was aimed,
 * where each round fell, its radius (doubled where a FAE went off in a
 * building), and the men it caught (each once a round) */
#define ART_BLAST_MAX_CAUGHT 128
typedef struct art_blast {
    bool on;
    int turn, asset, warhead, caller;
    sl_pt aimed;
    bool scattered;
    sl_pt landed[ART_MAX_ROUNDS];
    bool doubled[ART_MAX_ROUNDS];
    int nrounds;
    int32_t radius;
    int caught[ART_BLAST_MAX_CAUGHT];
    int ncaught;
} art_blast;
/* The last that landed (NULL: none); every one of the turn the last
 * landed in, in the order they landed (how many in *n). */
const art_blast *art_last_blast(const sl_game *g);
const art_blast *art_turn_blasts(const sl_game *g, int *n);
/* sealed.c: a building's state against fuel-air blasts */
enum { ART_BUILDING_NONE, ART_BUILDING_OPEN, ART_BUILDING_SEALED, ART_BUILDING_BREACHED, ART_BUILDING_DISABLED,
       ART_BUILDING_DESTROYED };
int art_building_state(const sl_game *g, int feature);

#endif
