/* What the artillery files share, and nothing else sees. Included only
 * by them, in place of house.h. Prefix art_. Each file calls only those
 * below it in this list:
 *
 * artillery.c        the rule's row, its commands, what the window shows
 * artillery_show.c   what it draws on the table, and the call being aimed
 * artillery_tactics.c the fire mission the solo opponent would call
 * artillery_check.c  the loader's checks of chits, assets and crews
 * artillery_call.c   calls for fire, missions on their way
 * artillery_blast.c  where a mission lands, what its salvo does
 * fae.c              fuel-air explosives
 * artillery_burst.c  what one burst does to one man
 * sealed.c           sealed and open buildings and vehicles, the hooks
 *                    they need
 * artillery_piece.c  on-table pieces
 * artillery_common.c the rule's state, who calls and sees
 * artillery_words.c  the rule's words in its commands, both ways
 * artillery_data.c   what it reads of a scenario file (house.h) */
#ifndef SIGHTLINE_RULES_HOUSE_ARTILLERY_COMMON_INTERNAL_H
#define SIGHTLINE_RULES_HOUSE_ARTILLERY_COMMON_INTERNAL_H

#include "house.h"

#define ART_MAX_PENDING 8
#define ART_MAX_BUILDINGS 128
#define ART_MAX_BLASTS 8       /* missions of one turn kept to be drawn; beyond, the oldest go */

/* The artillery row's options (fae.c), by index: fae_vehicles. */
enum { ART_FAE_VEHICLES, ART_FAE_NOPTIONS };
extern const rl_option_def art_fae_options[ART_FAE_NOPTIONS];

/* a building's state in play, by feature index (the map's own say for
 * the rest) */
enum {
    BLD_FLIPPED = 1,    /* sealed status changed from the map's */
    BLD_BREACHED = 2,   /* broken into: open for good */
    BLD_DISABLED = 4,
    BLD_DESTROYED = 8,
    BLD_SYSTEMS = 16,   /* a non-penetrating hit read as systems */
};

typedef struct art_mission {
    bool on;
    int side, caller, asset, warhead, land_turn;
    sl_pt at;
    bool open_sights;           /* its own crew laid it on a target it sees (p47) */
} art_mission;

typedef struct art_game {
    int chits_spent[SL_MAX_SIDES];
    int fired[ART_MAX_ASSETS];
    art_mission pending[ART_MAX_PENDING];
    unsigned char bld[ART_MAX_BUILDINGS];
    int shot_turn[ART_MAX_ASSETS];   /* on-table pieces: the turn it last fired, +1 (once a turn, p47) */
    bool repacked[ART_MAX_ASSETS];   /* packed up or deployed against how it started */
    art_blast blasts[ART_MAX_BLASTS]; /* the missions that landed this turn, the last last */
    int nblasts;
} art_game;

typedef struct art_unit {
    signed char sealed;         /* vehicles, tracked (fae_vehicles advanced): -1 not yet known, 0 open, 1 sealed */
    bool known;
} art_unit;

/* --- artillery_common.c: the rule's state, who calls and sees ---------------------------------- */

art_game *art_game_of(const sl_game *g);
art_unit *art_unit_of(const sl_game *g, int unit);
/* Is the rule on (the row's `on`)? */
bool art_on(const sl_game *g);
/* The rule is in play and the scenario gives a side support assets. */
bool art_has_support(const sl_game *g);
/* Does the unit's squad have a standing man with an observer's kit? */
bool art_has_observer(const sl_game *g, int unit);
/* Has it someone to call fire through: its standing leader, or an observer? */
bool art_has_caller(const sl_game *g, int unit);
/* Does the unit see the point (its centre's clear sight)? */
bool art_sees_point(const sl_game *g, int unit, sl_pt p);
/* A new mission's blast, cleared, after this turn's others (an earlier
 * turn's are let go; with ART_MAX_BLASTS kept, the oldest goes). */
art_blast *art_blast_new(sl_game *g);
/* The mission landing now (the last that landed), NULL none. */
art_blast *art_blast_now(const sl_game *g);

/* --- artillery_show.c: what the rule draws (the row's sketches and preview) ----------------- */

int art_sketches(const sl_game *g, int viewer, sl_sketch *out, int max);
bool art_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                 sl_preview *out);

/* --- artillery_tactics.c and artillery_check.c ---------------------------------------------- */

/* the fire mission the solo opponent would call */
void art_tactics(const rl_policy *p, int u, rl_tactic *best);
/* the loader's checks of chits, assets and crews */
int art_check(const sl_scenario *scn, sl_rule_issue *out, int max);
/* the same of the units as written: only a vehicle is airtight or sealed */
int art_check_written(const sl_scenario *scn, sl_rule_issue *out, int max);

/* --- artillery_call.c: calls for fire (pp44-46) ---------------------------------------------- */

/* call-fire */
bool art_can_call(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool art_do_call(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* The turn starts: missions due land. */
void art_turn_start(sl_game *g);

/* --- artillery_piece.c: on-table pieces (p47) ------------------------------------------------- */

/* Is asset a packed up now? */
bool art_packed_now(const sl_game *g, int a);
/* Its own crew fires it at what they see: no call, immediate. */
bool art_open_sights(const sl_game *g, int unit, int a);
/* The crew's commander directs its own piece: a plain communication. */
bool art_crew_commander(const sl_game *g, int unit, int a);
/* Why an on-table piece cannot fire at *at now (false: it can; at NULL:
 * anywhere outside its shortest range). */
bool art_piece_cannot(const sl_game *g, int a, const sl_pt *at, char *why, size_t whylen);
/* The towed or manpacked piece the unit crews, packed (want_packed) or
 * deployed; -2 - the piece when it has one but not so; -1 none. */
int art_crew_piece(const sl_game *g, int unit, bool want_packed);
/* May the unit move off, for the pieces it crews (false with the reason)? */
bool art_piece_may_move(const sl_game *g, int unit, char *why, size_t whylen);
/* deploy and pack */
bool art_can_deploy(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool art_do_deploy(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- artillery_blast.c, artillery_burst.c: where a mission lands, what its bursts do ---------- */

/* The units a salvo hurts: casualties, a leader lost, a first suppression. */
typedef struct art_hurt {
    int unit[64];
    int cas[64];
    bool leader[64];
    bool first[64];
    int n;
} art_hurt;

/* One burst of a salvo. */
typedef struct art_burst {
    sl_pt c;
    int32_t r;
    int inside;                 /* the building it went off in, -1 */
    bool doubled;               /* a FAE inside a building: the radius doubled */
    int warhead;
    char rwhy[160];             /* ", doubled: it went off inside ..." or "" */
} art_burst;

/* A mission comes down (p46): accuracy, deviation, each round
 * (artillery_blast.c). */
void art_land(sl_game *g, const art_mission *m);
/* The rest: artillery_burst.c. */
/* Does the segment cross a blast wall (which, in *wall)? */
bool art_crosses_blast_wall(const sl_game *g, sl_pt a, sl_pt b, int *wall);
/* The first blast wall (a feature the map calls one: a wall's line or a
 * building's outline) the segment a-b crosses: its feature index, and in
 * *at how far along a-b (0 at a, 1 at b); -1 when it crosses none. */
int art_blast_wall_hit(const sl_game *g, sl_pt a, sl_pt b, double *at);
/* A man caught by the burst: his unit's tally, and the blast's list. */
void art_caught(sl_game *g, art_hurt *h, int fig);
/* One figure's roll: impact against armour. */
void art_figure_roll(sl_game *g, art_hurt *h, int caller, int fig, sl_die impact, sl_die armour, const char *why);
/* The journal's in-blast event. */
void art_blast_event(sl_game *g, int unit, const char *who, int32_t radius, const char *why, double dist,
                     const char *text);
/* Does the blast reach a base at p (why: what stopped a doubled one)? */
bool art_within_blast(const sl_game *g, sl_pt c, int32_t r, bool doubled, sl_pt p, int32_t base_r, char *why,
                      size_t whylen);

/* Does the burst reach the man (fig) on foot (done[]: the buildings a
 * FAE caught, whose men it takes with them; NULL none)? */
typedef enum { ART_REACH_NONE, ART_REACH_OUT, ART_REACH_SHIELDED, ART_REACH_IN } art_reach;
art_reach art_troop_reach(const sl_game *g, const art_burst *b, int fig, const bool *done, sl_los_result *line,
                          char *why, size_t whylen);

/* --- fae.c: fuel-air explosives (seed 000) ---------------------------------------------------- */

/* The armour a man rolls against a fuel-air explosive. */
sl_die art_fae_armour(const sl_game *g, int unit, const char **why);
/* A building or vehicle (feature or vehicle, the other -1) in the blast
 * as a point target. */
void art_fae_point_target(sl_game *g, art_hurt *h, int caller, int feature, int vehicle, const art_burst *b,
                          int32_t radius, const char *radius_why, double dist);
/* Does a FAE's burst catch building f (*dist: how far its outline is)? */
bool art_fae_catches(const sl_game *g, const art_burst *bu, int f, double *dist);
/* Does it reach the man (fig) inside building `feature` once in (why)? */
bool art_inside_reached(const sl_game *g, const art_burst *b, int feature, int fig, char *why, size_t whylen);
/* The buildings a burst catches, each a point target (done[f] set). */
void art_fae_buildings(sl_game *g, art_hurt *h, int caller, const art_burst *b, bool *done);

/* --- sealed.c: sealed and open buildings and vehicles (seed 000) ------------------------------ */

bool art_is_building(const sl_feature *f);
bool art_bld_airtight(const sl_game *g, int f);
bool art_bld_sealed(const sl_game *g, int f);
/* Is the point in feature f? */
bool art_in_feature(const sl_game *g, int f, sl_pt p);
/* The building a point stands in, -1. */
int art_building_at(const sl_game *g, sl_pt p);
const char *art_feature_name(const sl_game *g, int f);
bool art_veh_airtight(const sl_game *g, int v);
/* Is a vehicle's sealed status kept (rule option fae_vehicles advanced)? */
bool art_tracked(const sl_game *g);
/* The sealed status of a vehicle when it is known without a roll (-1). */
int art_veh_sealed_known(const sl_game *g, int v);
/* Sealed or not, rolled when it comes into question. */
bool art_veh_sealed_now(sl_game *g, int v, const char *when);
/* The vehicle whose hull a unit is in, -1 on foot. */
int art_hull_of(const sl_game *g, int unit);
/* seal and open */
bool art_can_seal(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool art_do_seal(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* the rule's hooks (rl_house) */
int art_comm(const sl_game *g, int a, int b, char *why, size_t whylen);
bool art_move_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
int32_t art_way_extra(const sl_game *g, const sl_command *c);
void art_moved(sl_game *g, const sl_move *mv);
bool art_fire_able(const sl_game *g, int unit, char *why, size_t whylen);
bool art_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen);
void art_activated(sl_game *g, int unit, rl_how how);

/* --- artillery_words.c: the rule's part of its commands ------------------------------- */

/* What a call-fire, seal or open says beyond its shape, kept in the
 * command's rule bytes (sl_command.rule): the asset called (-1: the
 * side's first that fires the warhead), the warhead (-1: general
 * purpose), the request counters spent (0); seal and open: the building
 * (a feature index, -1: the vehicle that is the command's target). */
typedef struct art_cmd {
    int asset;
    int warhead;
    int chits;
    int feature;
} art_cmd;
/* A command's part as the rule reads it (a command built without one
 * reads as nothing said), and set. */
art_cmd art_cmd_of(const sl_command *c);
void art_cmd_set(sl_command *c, const art_cmd *a);
/* call-fire UNIT at X,Y [ASSET] [WARHEAD] [chits N]; seal|open BUILDING|VEHICLE */
extern const rl_cmd_words art_call_words;
extern const rl_cmd_words art_seal_words;
/* the word it adds to every move: `opening` last, the move opening the
 * sealed building it goes into or out of (art_opening: said?) */
extern const rl_cmd_extra art_extras[1];
bool art_opening(const sl_command *c);

#endif
