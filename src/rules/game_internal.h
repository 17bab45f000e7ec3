/* Shared by the files of the rules engine; not a public interface. */
#ifndef SIGHTLINE_RULES_GAME_INTERNAL_H
#define SIGHTLINE_RULES_GAME_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "sightline/game.h"

/* journal.c */
void jesc(char *out, size_t len, const char *s);
sl_event *jadd(sl_game *g, sl_event_kind kind, int unit, const char *text, const char *fields);
void jstate(sl_game *g, int unit, const char *what, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void jnote(sl_game *g, int unit, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void journal_truncate(sl_journal *j, int n);
void journal_free(sl_journal *j);

/* Roll a die for a purpose: journalled with its die, value, what it had
 * to exceed (target < 0: nothing), whether it passed, the test's name, the
 * unit and a sentence. Returns the value, or 0 when the roll could not be
 * made (scripted dice ran out); g->failed is then set. */
int roll(sl_game *g, sl_die die, int target, const char *test, int unit, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Fail the command being applied, with a reason. Returns false. */
bool refuse(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* morale.c */
typedef enum conf_trigger {
    CONF_FIRST_SUPPRESSION,
    CONF_CASUALTIES,
    CONF_MORE_THAN_SURVIVORS,
    CONF_LEADER_LOST,
    CONF_TEAM_LOST,             /* fireteams: the squad loses a team */
    CONF_TRIGGER_COUNT
} conf_trigger;
/* Reaction test: quality die against leadership + threat level. */
bool reaction_test(sl_game *g, int unit, int tl, const char *what);
/* Confidence test for the triggers that apply (a NULL-free bool array),
 * with `plus` added threat (abandoned wounded...). Drops confidence on a
 * failure and journals it. Returns true when passed or not required. */
bool confidence_test(sl_game *g, int unit, const bool *triggers, int extra_tl, const char *why);
/* The threat level for a trigger at a motivation; -1 means no test. */
int conf_threat(const sl_game *g, int unit, conf_trigger t);
void drop_confidence(sl_game *g, int unit, int levels, const char *why);
/* Panic tests when a unit first meets the enemy (by quality). */
void panic_check_seen(sl_game *g, int unit);
void panic_check_fired_on(sl_game *g, int unit);
/* The leader is down: suppression, a confidence test, a new leader. */
void leader_lost(sl_game *g, int unit);

/* The optional last stand (p53): may the unit test now, and the test. */
bool can_last_stand(const sl_game *g, int unit, char *why, size_t whylen);
void do_last_stand(sl_game *g, int unit);

/* fire.c */
bool do_fire(sl_game *g, int firer, int target, sl_fire_with with, int range_shift, char *err, size_t errlen);
/* A fire command: its acting figures and its target as written. */
bool do_fire_cmd(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool can_fire_cmd(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool can_fire(const sl_game *g, int firer, int target, sl_fire_with with, char *why, size_t whylen);
bool can_fire_shift(const sl_game *g, int firer, int target, sl_fire_with with, int shift, char *why, size_t whylen);

/* actions.c */
bool move_begin(sl_game *g, const sl_command *c, bool combat, char *err, size_t errlen);
void move_advance(sl_game *g, double d);
void move_finish(sl_game *g);
bool move_reroute(sl_game *g, const sl_pt *pts, int npts, char *err, size_t errlen);
bool can_move(const sl_game *g, const sl_command *c, bool combat, char *why, size_t whylen);
bool do_in_position(sl_game *g, int unit, char *err, size_t errlen);
bool do_remove_suppression(sl_game *g, int unit, char *err, size_t errlen);
bool do_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool can_reorganise(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool do_transfer(sl_game *g, int unit, int sub, char *err, size_t errlen);
bool do_communicate(sl_game *g, int unit, int other, char *err, size_t errlen);
bool do_rally(sl_game *g, int unit, int other, char *err, size_t errlen);
bool do_observe(sl_game *g, int unit, int target, char *err, size_t errlen);
bool do_remove_panic(sl_game *g, int unit, char *err, size_t errlen);
/* A communication roll from `sender` to `receiver`; true on success. */
bool comm_roll(sl_game *g, int sender, int receiver, const char *what);
bool comm_roll_shift(sl_game *g, int sender, int receiver, int shift, const char *what);
/* Is the unit's leader within 6" of the other unit (direct contact)? */
bool in_contact(const sl_game *g, int unit, int other);

/* transport.c: troops in vehicles */
bool can_embark(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool do_embark(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* Put a unit aboard a vehicle where the vehicle stands. */
void ride_with(sl_game *g, int unit);
/* A vehicle moved by (dx, dy): its passengers with it. */
void passengers_follow(sl_game *g, int vehicle, int32_t dx, int32_t dy);
/* Rounds through a vehicle's armour: everyone aboard rolls their armour
 * die, 1 dead, 2 wounded. */
void passengers_hit(sl_game *g, int vehicle);
int passengers(const sl_game *g, int vehicle);

/* fireteam.c: squads split into fireteams (house rule, seed 004) */
#define SL_SET_MAX SL_SIGHT_MAX_FIGS
/* A set of figures (indices) acting or shot at together. */
typedef struct figset {
    int fig[SL_SET_MAX];
    int n;
} figset;
/* What a fire or an assault is aimed at: the units it is made of (teams
 * shot at together, or one unit), their figures (with a squad leader
 * counted among them) and a name for the journal. */
typedef struct tgroup {
    int unit[8];
    int nunits;
    figset f;
    bool in_position;           /* every unit in it In Position */
    char name[200];
} tgroup;
void unit_set(const sl_game *g, int u, figset *s);
/* The figures that carry out a command: a unit's own, a team and the
 * squad leader with it, or the squad leader alone. */
void acting_set(const sl_game *g, const sl_command *c, figset *s);
bool set_intact(const sl_game *g, const figset *s, sl_integrity *out);
int independent_leader(const sl_game *g, int squad);
/* The team an independent squad leader counts with now (*tie when two are
 * equally near). */
int leader_team_now(const sl_game *g, int squad, bool *tie);
/* The target of a fire at `target` by `firer`: a squad of fireteams is its
 * teams together (strict: refused unless they are within fireteam
 * integrity; else the team nearest the firer); `combined` adds the enemy
 * teams within fireteam integrity of a team. roll_tie settles a leader
 * standing equally near two teams with a die. */
bool target_group(sl_game *g, int firer, int target, bool combined, bool roll_tie, bool strict, tgroup *tg, char *why,
                  size_t whylen);
bool fig_suppressed(const sl_game *g, int fig);
/* Who carries out a command: a plain unit, a fireteam, a whole squad of
 * fireteams, or its squad leader alone. */
typedef enum ft_role { FT_PLAIN, FT_TEAM, FT_WHOLE, FT_LEADER } ft_role;
ft_role ft_role_of(const sl_game *g, const sl_command *c);
/* What the acting unit's state allows (unit_can_act, for fireteams). */
bool ft_check(const sl_game *g, const sl_command *c, char *why, size_t whylen);
/* The parts of an action only squads of fireteams have; *handled says
 * whether it was carried out here. */
bool ft_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen);
void ft_sync(sl_game *g);
void ft_spend_on_fire(sl_game *g, int u);
int ft_regroup_cost(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool team_may_give(const sl_game *g, int sq, int t, int left, const char *what, char *why, size_t whylen);
bool ft_do_regroup(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* The squad's own figures in order (independent leader, then each team)
 * and each team's stretch of them set again. */
void ft_reorder(sl_game *g, int sq);
/* The unit fire answering an action is aimed at: the actor, or for a
 * squad leader acting alone, the team he counts with. */
int action_target(const sl_game *g, int actor, const sl_command *c);
const char *cmd_actor_name(const sl_game *g, const sl_command *c, char *buf, size_t len);
int squad_of(const sl_game *g, int u);
bool has_teams(const sl_game *g, int u);
bool teams_pending(const sl_game *g, int squad);
int squad_leader(const sl_game *g, int squad);
bool in_squad_integrity(const sl_game *g, int squad, int team);
int nearest_team(const sl_game *g, int squad, bool *tie);
bool leader_suppressed(const sl_game *g, int squad);
void ft_note_leader_suppressed(sl_game *g, int squad, int team);
bool ft_can_teams(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool ft_do_teams(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool ft_can_activate_team(const sl_game *g, int team, char *why, size_t whylen);
void ft_activate_team(sl_game *g, int team);
void ft_activate_squad(sl_game *g, int squad);

/* detach.c: detached elements (p17; fireteams, seed 004) */
/* Actions forming the element costs (1 or 2), or 0 with *why set. */
int det_cost(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool det_do(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* After every command: an element that left its squad's integrity and
 * came back rejoins it; one with no one standing is folded back. */
void det_update(sl_game *g);
/* A detached element whose squad still stands: it acts only on its squad
 * leader's orders, and is not counted as a unit of its own. */
bool det_bound(const sl_game *g, int u);

/* skirmish/skirmish.c: the SkirmishCorps foot-unit actions (seed 002) */
bool sc_on(const sl_game *g);
bool sc_handles(const sl_game *g, sl_cmd_kind k);
bool sc_can(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_apply(sl_game *g, const sl_command *c, char *err, size_t errlen);
void sc_turn_start(sl_game *g);

/* assault.c */
bool do_assault(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* opfire.c: interrupted actions (frames), opportunity fire and overwatch */
void frame_push(sl_game *g, sl_frame_kind kind, int actor, const sl_command *c);
sl_frame *frame_push_opfire(sl_game *g, int firer, int target, sl_fire_with with, bool reaction);
/* Run the frames until a decision is needed or none is left. */
bool frames_run(sl_game *g, char *err, size_t errlen);
/* Answer an opportunity fire, continue or casualties decision. */
bool opfire_decide(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* Carry out an action now (its effect only: the frame spends it). */
bool resolve_action(sl_game *g, const sl_command *c, char *err, size_t errlen);
int action_cost(const sl_game *g, const sl_command *c);

/* game.c */
const char *side_name(const sl_game *g, int side);
const char *unit_name(const sl_game *g, int unit);
int living(const sl_game *g, int unit);
/* Is the unit able to act (for what it is asked), by its state? */
bool unit_can_act(const sl_game *g, int unit, sl_cmd_kind k, char *why, size_t whylen);
/* Put a suppression marker on a unit (at most three) and journal it. */
void add_suppression(sl_game *g, int unit, const char *why);
sl_pt unit_centre(const sl_game *g, int unit);
void spend(sl_game *g, int n);
int sl_unit_centre_figure(const sl_game *g, int unit);
void end_activation(sl_game *g, const char *why);

#endif
