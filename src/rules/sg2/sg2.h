/* The Stargrunt II base game (the 1996 rulebook): its actions, fire,
 * close assault, morale, troops in vehicles, detached elements, reaction
 * fire and the frames that carry an action through the answers to it.
 * Not a public interface. Prefixes: act_ (actions.c), mv_ (move.c),
 * fire_ (fire.c), asl_ (assault.c), mor_ (morale.c), tr_ (transport.c),
 * det_ (detach.c), fr_ (frames.c), rf_ (reaction.c), sg2_ (commands.c,
 * show.c). */
#ifndef SIGHTLINE_RULES_SG2_H
#define SIGHTLINE_RULES_SG2_H

#include "../base/base.h"

/* --- actions.c -------------------------------------------------------------------------- */

/* Is the unit able to act (for what it is asked), by its state? (able.c) */
bool act_unit_can(const sl_game *g, int unit, int kind, char *why, size_t whylen);
/* A failed reaction test's mark for a command kind (able.c). */
uint64_t act_failed_bit(int kind);
/* Checks common to every action of the active unit. */
bool act_check(const sl_game *g, const sl_command *c, char *why, size_t whylen);
/* A communication roll from `sender` to `receiver` (shifted), true on
 * success; is the unit's leader within 6" of the other (direct contact)? */
bool act_comm_roll(sl_game *g, int sender, int receiver, int shift, const char *what);
bool act_in_contact(const sl_game *g, int unit, int other);
bool act_in_position(sl_game *g, int unit, char *err, size_t errlen);
bool act_remove_suppression(sl_game *g, int unit, char *err, size_t errlen);

/* The command rows' checks and effects (see commands.c). */
bool act_can_activate(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_activate(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_end(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_end(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_pass(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_pass(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_done(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_done(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_decide(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_decide(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_enter_position(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_enter_position(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_leave_position(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_leave_position(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_unsuppress(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_unsuppress(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_calm(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_calm(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_reorganise(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_transfer(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_transfer(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_talk(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_communicate(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_rally(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool act_can_observe(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool act_observe(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- move.c ------------------------------------------------------------------------------ */

/* May the command's way be moved (a normal or a combat move)? */
bool mv_can(const sl_game *g, const sl_command *c, char *why, size_t whylen);
/* A move's plan before it is sent (sl_game_way_plan). */
bool mv_way_plan(const sl_game *g, const sl_command *c, sl_way_plan *out);
/* Start a move: the tests a move may need, the combat move's roll, and
 * the way the unit's centre will go. g->mv.on is false when the action is
 * lost to a failed test. */
bool mv_begin(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* The unit's centre to `d` mils along its way. */
void mv_advance(sl_game *g, double d);
/* The move is over: say where the unit got to. */
void mv_finish(sl_game *g);
/* A new way from where the mover stands, with what is left of its move. */
bool mv_reroute(sl_game *g, const sl_pt *pts, int npts, char *err, size_t errlen);
/* Pull figures outside the unit's main group in, 1.5" from the nearest
 * of it (each at most `limit` mils). */
void mv_gather(sl_game *g, int unit, double limit);
/* Where mv_gather would put them, the game untouched: n figures, each to
 * pos[i] after a step of step[i] mils (step may be NULL). A main group
 * with no one standing gathers round its wounded. */
int mv_gather_plan(const sl_game *g, int unit, double limit, int *figs, sl_pt *pos, double *step);
/* Base inches of a normal move (mils) and the combat move die. */
/* Observing (p25): the dice against a counter's concealment, under a
 * test name; and what beating it with that many dice does. */
int act_observe_dice(sl_game *g, int unit, int target, const char *test);
void act_observe_settle(sl_game *g, int unit, int target, int beat);
void mv_mobility(const sl_game *g, int unit, int32_t *inches, sl_die *die);
/* A normal move's allowance (mils), as the house rules in play have it. */
int32_t mv_normal_allowance(const sl_game *g, int unit);

/* --- fire.c ------------------------------------------------------------------------------ */

/* May `firer` fire at `target` now, by this kind of fire (opportunity
 * fire's range die is one worse for haste; the house rules' fire_at asks
 * by the kind)? */
bool fire_can(const sl_game *g, int firer, int target, sl_fire_with with, rl_fire_kind kind, char *why,
              size_t whylen);
/* The odds of a fire, as sl_game_fire_preview, by this kind of fire. */
void fire_preview(const sl_game *g, int firer, int target, sl_fire_with with, rl_fire_kind kind,
                  sl_fire_preview *out);
/* Fire by a unit at a unit out of its own fire action (opportunity and
 * reaction fire, an ambush's spotting), by this kind of fire. */
bool fire_at_unit(sl_game *g, int firer, int target, sl_fire_with with, rl_fire_kind kind, char *err, size_t errlen);
/* Everything it can fire at the target, else a guided missile. */
sl_fire_with fire_best_weapon(const sl_game *g, int u, int target, rl_fire_kind kind);
/* A point target hit (p39): impact (times mult) against its armour; a
 * disable, a kill, or a non-penetrating hit rolled on the D6. `what`
 * names the weapon in the journal. */
void fire_point_hit(sl_game *g, int firer, int target, sl_die impact_die, int mult, const char *what);
/* The D6 after a point target's armour held (p39), its words written once
 * rolled (rl_roll_told): why the armour held and what the hit did before
 * the colon (the roll's card shows that much), then `table`. */
typedef struct fire_held {
    const char *name;
    int impact, armour;
    bool suspension_as_systems; /* a fuel-air blast reads a suspension hit as systems (seed 000) */
    const char *table;
} fire_held;
void fire_held_words(int v, const void *ctx, char *out, size_t len);
/* A point target's armour roll for armour class `cls` (0: a D6, p38). */
int fire_point_armour(sl_game *g, int target, int cls);
bool fire_can_cmd(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool fire_cmd(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- assault.c --------------------------------------------------------------------------- */

bool asl_can(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool asl_do(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- morale.c ---------------------------------------------------------------------------- */

typedef enum mor_trigger {
    MOR_FIRST_SUPPRESSION,
    MOR_CASUALTIES,
    MOR_MORE_THAN_SURVIVORS,
    MOR_LEADER_LOST,
    MOR_TEAM_LOST,              /* fireteams: the squad loses a team */
    MOR_TRIGGER_COUNT
} mor_trigger;

/* Reaction test: quality die against leadership + threat level. */
bool mor_reaction_test(sl_game *g, int unit, int tl, const char *what);
/* Confidence test for the triggers that apply, with extra threat. Drops
 * confidence on a failure and journals it. True when passed or not
 * required. */
bool mor_confidence_test(sl_game *g, int unit, const bool *triggers, int extra_tl, const char *why);
/* The same after an attack, when any trigger is set and the unit still
 * stands (nothing when the game has failed). */
void mor_test_if_triggered(sl_game *g, int unit, const bool *triggers, int extra_tl, const char *why);
int mor_threat(const sl_game *g, int unit, mor_trigger t);
/* What each untreated casualty adds to the unit's confidence tests'
 * threat level, by its motivation (p20): 0 when nothing. */
int mor_untreated_plus(const sl_game *g, int unit);
void mor_drop_confidence(sl_game *g, int unit, int levels, const char *why);
/* Panic tests when a unit first meets the enemy (by quality). */
void mor_panic_seen(sl_game *g, int unit);
void mor_panic_fired_on(sl_game *g, int unit);
/* The leader is down: suppression, a new leader. */
void mor_leader_lost(sl_game *g, int unit);
/* Put a suppression marker on a unit (at most three) and journal it. */
void mor_suppress(sl_game *g, int unit, const char *why);
bool mor_can_last_stand(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool mor_last_stand(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- transport.c ------------------------------------------------------------------------- */

int tr_passengers(const sl_game *g, int vehicle);
/* Put a unit aboard a vehicle where the vehicle stands. */
void tr_ride_with(sl_game *g, int unit);
/* A vehicle moved by (dx, dy): its passengers with it. */
void tr_follow(sl_game *g, int vehicle, int32_t dx, int32_t dy);
/* Rounds through a vehicle's armour: everyone aboard rolls. */
void tr_hit(sl_game *g, int vehicle);
bool tr_can(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool tr_do(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- detach.c ---------------------------------------------------------------------------- */

/* A unit's state of the ruleset's own (its row's unit_bytes): a detached
 * element that has been out of its squad's integrity (p17); a squad split
 * into fireteams whose "first time suppressed" morale test is spent (by
 * the first of its teams suppressed). */
typedef struct det_unit {
    bool away;
    bool team_suppressed_before;
} det_unit;
det_unit *det_unit_of(const sl_game *g, int u);
/* Actions forming the element costs (1 or 2), or 0 with *why set. */
int det_cost(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool det_can(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool det_do(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* After every command: an element that left its squad's integrity and
 * came back rejoins it; one with no one standing is folded back. */
void det_update(sl_game *g);

/* --- frames.c: the interrupt engine --------------------------------------------------------- */

void fr_push(sl_game *g, sl_frame_kind kind, int actor, const sl_command *c);
/* Fire out of turn at `target` (reaction fire skips the test and has no
 * hasty-fire shift). */
sl_frame *fr_push_fire(sl_game *g, int firer, int target, sl_fire_with with, bool reaction);
/* Run the frames until a decision is needed or none is left. */
bool fr_run(sl_game *g, char *err, size_t errlen);
/* An action given: through the frames (and, before a second move, the
 * chance of reaction fire). */
bool fr_apply_action(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* Actions an action spends, now. */
int fr_cost(const sl_game *g, const sl_command *c);
/* Is the top frame a move under way? */
bool fr_moving(const sl_game *g);

/* The frame stages, for the house rules that answer actions. */
enum {
    FR_AC_OFFER,
    FR_AC_RESOLVE,
    FR_AC_AFTER,
    FR_AC_DONE,
    FR_MV_START,
    FR_MV_OFFER,
    FR_MV_AFTER_FIRE,
    FR_MV_FINISH,
    FR_MV_SPEND,
    FR_OF_TEST,
    FR_OF_OFFER,
    FR_OF_FIRE,
    FR_OF_AFTER,
    FR_OF_DONE
};

/* --- reaction.c: reaction fire (p53) ------------------------------------------------------- */

/* Before a unit's second move: one unactivated enemy may fire at it. True
 * when the decision is now pending (the move waits). */
bool rf_offer(sl_game *g, const sl_command *c);
bool rf_decide(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- commands.c and show.c: the Stargrunt II ruleset ------------------------------------------- */

extern const rl_cmd_def sg2_commands[];
extern const int sg2_ncommands;
/* the decisions it owns, as the window shows them (reaction_show.c) */
extern const rl_decision_row sg2_decisions[];
extern const rl_ruleset sg2_ruleset;
int sg2_offers(const sl_game *g, int unit, sl_offer *out, int max);
int sg2_marks(const sl_game *g, int unit, sl_mark *out, int max);
bool sg2_shows_done(const sl_game *g, int unit);
int sg2_reach(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why);
int sg2_card(const sl_game *g, int unit, sl_card_line *out, int max);
int sg2_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures);
/* The forces list's word for a unit's make-up: its quality die and
 * leadership ("D8/2"). */
void sg2_makeup(const sl_scenario *scn, int unit, char *buf, size_t len);
void sg2_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                  char *l2, size_t len);
bool sg2_way_progress(const sl_game *g, int unit, bool combat, const sl_path_cost *one, const sl_path_cost *two,
                      char *l3, size_t len);

#endif
