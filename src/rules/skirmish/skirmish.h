/* The SkirmishCorps foot-unit actions (seed 002): the second ruleset,
 * played on the same table, turn sequence and journal when the rule
 * option ruleset is skirmishcorps. Not a public interface; prefix sc_.
 * Each file calls only those below it in this list:
 *
 * sc_decide.c  its decisions as the window shows them, and the solo
 *              player's answers (from sc_tactics.c)
 * sc_tactics.c the solo opponent's SkirmishCorps, and the ruleset's house
 *              row (the rule option sc_attacks)
 * sc_ruleset.c the ruleset's row, what it checks and does (the
 *              dispatch), a chain of reactions resolved, the turn
 * sc_show.c    what the window shows: offers, marks, card, profile,
 *              the attack card and the spot test's odds while picking
 * sc_roll.c    an attack's outcome rolled by the program (sc_attacks rolled)
 * sc_outcome.c the players' outcome of an attack, and its words
 * sc_react.c   overwatch: reactions declared, and their order
 * sc_close.c   close combat: charges, spring attacks, breaking off
 * sc_attack.c  ranged attacks, and the question after any attack
 * sc_move.c    moving (jog, run, sprint, sneak) and stance
 * sc_spot.c    hiding, the spot test, flushing
 * sc_common.c  what every part shares: the command rows, a fresh
 *              action, who may act, the end of an action
 * sc_words.c   the ruleset's words in its commands, both ways, and the
 *              words it adds to decide
 * sc_data.c    what it reads of a scenario file: firearms, a side's line
 *              of communication, a foot-unit's numbers */
#ifndef SIGHTLINE_RULES_SKIRMISH_H
#define SIGHTLINE_RULES_SKIRMISH_H

#include "../base/base.h"

extern const rl_ruleset sc_ruleset;
/* its decisions as the window shows them (sc_decide.c), its own kinds:
 * the players enter a ranged attack's outcome (decide hit|miss); units
 * on overwatch may declare reactions (their commands, decide pass); the
 * enemy broken off from may spend its action to pursue (decide
 * pursue|pass). The tables number them: sc_decide_kind (sc_common.c)
 * gives each. */
extern const rl_decision_row sc_decisions[];
enum { SC_DECIDE_OUTCOME, SC_DECIDE_REACT, SC_DECIDE_PURSUE };
int sc_decide_kind(int row);
/* the words they add to decide, by SC_WORD_* (sc_words.c): hit WORD
 * (the players' outcome, its choice an SC_HIT_*), miss, force (a direct
 * reaction makes the instigator resolve first), pursue (follow a unit
 * that broke off); sc_word gives each its number */
enum { SC_WORD_HIT, SC_WORD_MISS, SC_WORD_FORCE, SC_WORD_PURSUE, SC_WORD_COUNT };
extern const rl_decide_word sc_decide_words[SC_WORD_COUNT];
int sc_word(int w);
/* What a hit did, the players' entry (decide hit WORD): its word. */
enum { SC_HIT_NONE, SC_HIT_STUNNED, SC_HIT_KO, SC_HIT_OUT, SC_HIT_COUNT };
const char *sc_hit_word(int h); /* "none", "stunned", "ko", "out" */

/* --- sc_common.c: what every part shares ----------------------------------------------------- */

/* The ruleset's state (its row's unit_bytes and game_bytes): a
 * foot-unit's, and the chain of reactions while declared and resolved. */
typedef struct sc_unit {
    bool prone;                 /* its stance: prone, else standing */
    bool hiding;                /* a hiding marker */
    bool sneaking;              /* a sneaking marker */
    int stunned;                /* 2: stunned this turn, 1: still next turn (marker flipped), 0 */
    int step;                   /* in its action: 0 nothing yet, 1 stance changed at the start, 2 moved, 3 done */
    int mode;                   /* how it moved in this action */
    bool stood;                 /* it stood up at the start of this action */
    int spotted;                /* the hidden or sneaking enemy it spotted in this action, + 1; 0 none */
    bool shot;                  /* it shot or threw in this action */
    bool aimed;                 /* ... an aimed shot: no stance change after it */
    bool shot_after_move;       /* it shot after a leg of its move: the move may go on */
    int32_t used;               /* mils of its move's allowance spent in this action */
    bool ko;                    /* knocked out: prone, and does nothing until medical attention */
    int broke_from, broke_turn; /* the enemy it broke off from (+ 1) and when: no going back to it that turn */
    bool struck;                /* it made its close combat attack in this action */
    bool overwatch;             /* assigned to overwatch this turn, its marker not yet turned by a reaction */
    bool reacted;               /* it declared a reaction this turn (its overwatch is spent) */
    int flushed_by;             /* the unit that flushed it out this turn, + 1; 0 none */
    int flushed_turn;
} sc_unit;

/* Overwatch: an action declared, the reactions declared to it and to
 * each other, then resolved one by one. */
#define SC_MAX_REACT 8
typedef struct sc_react_chain {
    bool on, resolving, forced;
    sl_command instigator;
    sl_command react[SC_MAX_REACT];
    int nreact;
    int passes;                 /* sides that passed since the last declaration */
    int step;                   /* resolving: how many have been resolved */
} sc_react_chain;

sc_unit *sc_unit_of(const sl_game *g, int u);
/* A charge's modifier to hit, the one the game rolls: +2 by a unit that
 * has not shot or thrown this turn (shot false), -1 on an enemy it
 * flushes out, by this move (flushes) or earlier this turn. */
int sc_charge_modifier(const sl_game *g, int unit, int target, bool shot, bool flushes);
sc_react_chain *sc_chain_of(const sl_game *g);

/* The rows of sc_commands, whose command kinds sc_kind_of gives. */
enum {
    SC_ROW_STANCE,
    SC_ROW_HIDE,
    SC_ROW_SPOT,
    SC_ROW_AIM,
    SC_ROW_THROW,
    SC_ROW_CHARGE,
    SC_ROW_SPRING,
    SC_ROW_BREAKOFF,
    SC_ROW_OVERWATCH,
    SC_ROW_COUNT
};
/* The commands the ruleset brings (data: the row checks and does them). */
extern const rl_cmd_def sc_commands[SC_ROW_COUNT];
int sc_kind_of(int row);
/* The row a command kind is of, -1 none (another rule's overwatch is its). */
int sc_row_of(const sl_game *g, int kind);
/* A unit starts an action (assigned to act, to overwatch, or pursuing):
 * nothing done in it yet. */
void sc_fresh_action(sc_unit *s);
/* May unit u move, change stance, hide or go into close combat (`what`):
 * not a vehicle, nor a crew aboard one (false with the reason)? */
bool sc_vehicle_free(const sl_game *g, int u, const char *what, char *why, size_t whylen);
/* Standing, not knocked out, not stunned. */
bool sc_able(const sl_game *g, int u);
/* The unit's action is over: markers not kept up are removed. */
void sc_finish_action(sl_game *g, int u, const char *why);
/* The ruleset's house row (sc_tactics.c): its rule option sc_attacks
 * (players: the players enter what each attack did; rolled: the program
 * rolls it, sc_roll.c) and the solo opponent's SkirmishCorps tactics. */
extern const rl_house sc_play_rule;
enum { SC_OPT_ATTACKS };
enum { SC_ATTACKS_PLAYERS, SC_ATTACKS_ROLLED };
/* Is SkirmishCorps played with sc_attacks rolled? */
bool sc_attacks_rolled(const sl_game *g);

/* --- sc_tactics.c: the solo opponent ------------------------------------------------------------ */

/* The solo player's answers while reactions are declared (a unit on
 * overwatch aims at the enemy acting when its chance is worth it, else
 * pass) and when an enemy breaks off from one of its units (pursue, or
 * keep its action for a shot), each with its reason in the note. */
bool sc_tactics_react(const sl_game *g, sl_command *out);
bool sc_tactics_pursue(const sl_game *g, sl_command *out);

/* --- sc_words.c: the ruleset's part of its commands ------------------------------------------- */

/* What a stance says beyond its unit, kept in the command's rule bytes
 * (sl_command.rule): prone, else standing. */
typedef struct sc_cmd {
    bool prone;
} sc_cmd;
sc_cmd sc_cmd_of(const sl_command *c);
void sc_cmd_set(sl_command *c, const sc_cmd *s);
/* stance UNIT prone|standing */
extern const rl_cmd_words sc_stance_words;

/* How a foot-unit moves (seed 002): a move's mode (sl_command.mode, the
 * offer's variant). */
enum { SC_JOG = 1, SC_RUN, SC_SPRINT, SC_SNEAK };
/* Inches a foot-unit may move one way (0 for a sprint with SP 4 or less),
 * in mils, and what a way costs it: difficult (and poor) going counts
 * double. */
int32_t sc_allowance(const sl_scenario *scn, int unit, int mode);
/* The mode is a word the ruleset adds to move and break-off (sc_words.c:
 * move UNIT jog|run|sprint|sneak X,Y ...), kept in the command's bytes:
 * read it (0: not said) and set it. */
extern const rl_cmd_extra sc_extras[1];
int sc_mode(const sl_command *c);
void sc_set_mode(sl_command *c, int mode);
int64_t sc_way_cost(const sl_path_cost *pc);

/* --- sc_move.c: moving and stance ------------------------------------------------------------- */

/* The unit's men moved together, as its centre goes from `from` to `to`. */
void sc_shift_unit(sl_game *g, int unit, sl_pt from, sl_pt to);
/* The unit's men moved with its centre from `from` to `to`: none off the
 * table nor on another unit's base (touching is clear); false with why. */
bool sc_lands(const sl_game *g, int unit, sl_pt from, sl_pt to, char *why, size_t whylen);
/* What a way costs in mils as walked (difficult and poor going double). */
double sc_way_cost_exact(const sl_path_cost *pc);
bool sc_check_move(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_way_plan(const sl_game *g, const sl_command *c, sl_way_plan *out);
/* A move's way walked (anyone hiding where it ends flushed out). */
bool sc_walk(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool sc_can_stance(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_stance(sl_game *g, const sl_command *c);

/* --- sc_attack.c: ranged attacks, the players' outcome ---------------------------------------- */

/* How a command attacks: a snap shot (fire), an aimed shot, a throw; -1
 * when it is no attack. */
enum { SC_SNAP, SC_AIMED, SC_THROW };
int sc_attack_how(int kind);
/* Everything the rules give about an attack before it is made: whether
 * it is allowed (else why), the range and its bracket, each modifier
 * with its reason and their total (the window's attack card). */
#define SC_MAX_MODS 8
typedef struct sc_attack_info {
    bool legal;
    char why[240];              /* when not: the reason */
    double inches;              /* the range */
    int bracket;                /* 0 short ... 3 extreme; -1 a throw (its range is the players') */
    int nmods;
    int mod[SC_MAX_MODS];
    char mod_why[SC_MAX_MODS][100];
    int total;                  /* the modifiers added */
    bool spot_needed, spotted;  /* a hiding or sneaking target: spotted in this action? */
} sc_attack_info;
void sc_attack_judge(const sl_game *g, int unit, int target, int how, sc_attack_info *out);
/* The same with the attacker in the state `as` (the solo opponent's what-if:
 * a unit not yet acting, or as it would be after a run). */
void sc_attack_judge_as(const sl_game *g, int unit, int target, int how, const sc_unit *as, sc_attack_info *out);
bool sc_can_attack(const sl_game *g, const sl_command *c, int how, char *why, size_t whylen);
bool sc_do_attack(sl_game *g, const sl_command *c, int how);
/* The decision the players answer after an attack; `resume` is the
 * command waiting on it. */
void sc_ask_outcome(sl_game *g, const sl_command *resume, int attacker, int target, int total);
/* The modifiers' sum the last attack journalled (0 none). */
int sc_outcome_modifier(const sl_game *g);
/* Our reading of the rolls the sources do not give (RULES.md,
 * "SkirmishCorps attacks"): every foot-unit's MA and CC read as 7 (a hit
 * is 2D6 at or under 7 plus the modifiers), its ST and DE as 4. */
enum { SC_READ_SKILL = 7, SC_READ_ST = 4, SC_READ_DE = 4 };
/* Close combat ways of attacking, beside SC_SNAP, SC_AIMED, SC_THROW. */
enum { SC_CLOSE = 3, SC_SPRING = 4 };
/* The chance of a hit with the modifiers' sum `total`. */
double sc_p_hit(int total);
/* What a hit rolls for damage (dice D6 + plus) and against what
 * threshold (DE, doubled in close combat), in words. */
typedef struct sc_damage {
    int dice, plus, threshold;
    char what[96];
} sc_damage;
void sc_attack_damage(const sl_game *g, int attacker, int way, sc_damage *out);
/* Wounds from a damage: none up to the threshold, then one a threshold. */
int sc_wounds(int damage, int threshold);
/* The fault die a vehicle is wrecked on: only a critical fault is played. */
#define SC_WRECK_FACE 6
/* The chance a hit does more than a flesh wound (the injury table), or
 * on a vehicle that it wrecks it (a critical fault on a fault die). */
double sc_p_harm(const sc_damage *d, bool vehicle);

/* --- sc_close.c: close combat ----------------------------------------------------------------- */

/* Into base contact with the target, coming from `from` (where it stands
 * for a spring attack or a charge with no way drawn, else the way's last
 * point): does it end clear of every other base (sc_lands)? */
bool sc_close_lands(const sl_game *g, int unit, int target, sl_pt from, char *why, size_t whylen);
/* Close combat is between foot-units on the ground: not at a vehicle or
 * a crew aboard one (false with why). */
bool sc_melee_target(const sl_game *g, int t, char *why, size_t whylen);
bool sc_can_charge(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_do_charge(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool sc_can_spring(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_do_spring(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool sc_check_breakoff(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_do_breakoff(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* The move away from `from_enemy`, once the free attack (if any) is entered. */
bool sc_breakoff_walk(sl_game *g, const sl_command *c, int from_enemy, char *err, size_t errlen);
/* The unit broken off from decides whether it pursues (*resume: a chain
 * of reactions may resolve on). */
bool sc_decide_pursue(sl_game *g, const sl_command *c, bool *resume, char *err, size_t errlen);

/* --- sc_spot.c: hiding, spotting, flushing ---------------------------------------------------- */

/* The spot test: 1D6 + the spotter's RE (+ its Alert tag, + 3 when the
 * target sneaks out of cover) against 1D6 + the target's RE, equal or
 * more spots. The chance, and the spotter's bonus over its RE (why in
 * words). */
double sc_spot_odds(const sl_game *g, int spotter, int target, int *bonus, char *why, size_t whylen);
bool sc_can_spot(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_do_spot(sl_game *g, const sl_command *c);
/* Base to base: any two bases of the units touching. */
bool sc_in_contact(const sl_game *g, int a, int b);
/* A move that ends in base contact with a hiding or sneaking enemy
 * reveals it. */
void sc_flush(sl_game *g, int mover);
bool sc_can_hide(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool sc_hide(sl_game *g, const sl_command *c);

/* --- sc_react.c: overwatch, reactions --------------------------------------------------------- */

/* A shot, an aimed shot, a throw, a charge or a spring attack. */
bool sc_reaction_kind(int k);
/* Does a declared action set units on overwatch reacting? */
bool sc_trigger_kind(int k);
/* May unit u (of `side`) react now? */
bool sc_can_react(const sl_game *g, int side, int u);
/* An action declared in sight of enemies on overwatch: held (true), and
 * they are asked whether they react. */
bool sc_start_chain(sl_game *g, const sl_command *c);
/* A reaction declared: kept, and the other side may answer it. */
void sc_declare_reaction(sl_game *g, const sl_command *c);
/* The answer while reactions are asked for: pass, or force (*resume:
 * declaring is over and the chain resolves). */
bool sc_decide_react(sl_game *g, const sl_command *c, bool *resume, char *err, size_t errlen);
/* The chain's next action to resolve, and whether it is the
 * instigator's (false: none left, the chain is over). */
bool sc_chain_next(sl_game *g, sl_command *next, bool *instigator);
bool sc_pending_allows(const sl_game *g, const sl_command *c);

/* --- sc_roll.c: an attack's outcome rolled (rule option sc_attacks rolled) ------------------- */

/* Rolls the pending attack's outcome: the hit by our reading, then the
 * damage, wounds and injury by the digest's tables, every die journalled;
 * the answer the players would have entered, built (false: the dice ran
 * out). */
bool sc_roll_outcome(sl_game *g, sl_command *out);

/* --- sc_outcome.c: the players' outcome of an attack ------------------------------------------ */

/* The players' outcome entered (then a unit breaking off moves away);
 * false: refused, or its move failed. */
bool sc_do_outcome(sl_game *g, const sl_command *c, char *err, size_t errlen);

/* --- sc_show.c: what the window shows --------------------------------------------------------- */

int sc_offers(const sl_game *g, int unit, sl_offer *out, int max);
int sc_marks(const sl_game *g, int u, sl_mark *out, int max);
bool sc_shows_done(const sl_game *g, int u);
int sc_card(const sl_game *g, int unit, sl_card_line *out, int max);
int sc_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures);
/* The enemies whose firearm brackets a planned way enters in their
 * sight (sl_game_way_reach). */
int sc_way_reach(const sl_game *g, int unit, const sl_pt *way, int nway, sl_way_reach *out, int max);
void sc_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                 char *l2, size_t len);
/* While a unit picks the target of an attack, its card (the range and
 * each modifier, or why not); of a spot test, its odds. */
bool sc_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                sl_preview *out);

/* sc_data.c: what SkirmishCorps reads of a scenario file. Firearms (the digest's table): the modifier to hit in
 * each range bracket (short 0-12", medium 12-24", long 24-48", extreme
 * 48" and more), or none where the weapon cannot fire at that range. */
enum { SC_BRACKETS = 4, SC_BRACKET_NO = -99 };
typedef struct sc_firearm {
    const char *id, *name;
    int mod[SC_BRACKETS];  /* SC_BRACKET_NO: cannot fire */
    const char *damage;    /* as the table gives it ("1D6+1"): the players roll it */
} sc_firearm;
int sc_firearm_count(void);
const sc_firearm *sc_firearm_get(int i);
int sc_firearm_find(const char *id); /* -1 when not one */
/* The bracket of a range in mils: 0 short ... 3 extreme. */
int sc_range_bracket(int32_t mils);
const char *sc_bracket_name(int b); /* "short" ... "extreme" */

/* Its data of the scenario (sc_scn_part): a side's "comms_link" (its
 * units share what they see, a line of communication), a foot-unit's
 * "sp" (speed: inches of a jog), "re" (reactions: spot tests, landing
 * after a sprint), "alert" (the Alert (X) tag: +X to its spot tests on
 * hiding or sneaking units) and "firearm" (sc_firearm_get; -1 none). */
extern const rl_scn_part sc_scn_part;
int sc_unit_sp(const sl_scenario *scn, int unit);
int sc_unit_re(const sl_scenario *scn, int unit);
int sc_unit_alert(const sl_scenario *scn, int unit);
int sc_unit_firearm(const sl_scenario *scn, int unit);
bool sc_side_comms_link(const sl_scenario *scn, int side);
/* To change them (tests): false when the scenario has no rule data. */
bool sc_unit_set(sl_scenario *scn, int unit, int sp, int re, int alert, int firearm);
bool sc_side_set_comms_link(sl_scenario *scn, int side, bool link);
/* A unit in the forces list: its SP and RE, and "vehicle" for one
 * (sl_unit_makeup). */
void sc_makeup(const sl_scenario *scn, int unit, char *buf, size_t len);
/* What a figure carries, for the pointer's line (sl_figure_arms). */
bool sc_figure_arms(const sl_scenario *scn, int fig, char *buf, size_t len);
int sc_reach(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why);

#endif
