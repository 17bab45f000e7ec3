/* sightline: a game of Stargrunt II in play.
 *
 * Everything a player does is a command given to the game; everything
 * that happens is an event appended to the journal. Commands are applied
 * whole or not at all: a refused command leaves the game exactly as it
 * was and says why. When a rule needs a choice from a player who is not
 * acting (reaction fire, later opportunity fire), the game stops with a
 * pending decision; the next command must answer it. The same seed and
 * commands always give the same journal, byte for byte.
 */
#ifndef SIGHTLINE_GAME_H
#define SIGHTLINE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sightline/dice.h"
#include "sightline/sight.h"

#define SL_JOURNAL_FORMAT "sightline-journal"
#define SL_JOURNAL_VERSION 1

/* --- the journal ----------------------------------------------------------- */

typedef enum sl_event_kind {
    SL_EV_START,     /* scenario, seed */
    SL_EV_COMMAND,   /* a command as given */
    SL_EV_ROLL,      /* one die roll, with what it was for */
    SL_EV_STATE,     /* a change of state: moved, suppressed, casualty... */
    SL_EV_DECISION,  /* a choice asked for, or made */
    SL_EV_TURN,      /* a new turn */
    SL_EV_NOTE       /* an explanation with no change */
} sl_event_kind;

typedef struct sl_event {
    int seq;
    sl_event_kind kind;
    int unit;           /* the unit it concerns, -1 */
    char *json;         /* the journal line (no newline) */
    char *text;         /* plain words, for the dice log */
    /* rolls */
    sl_die die;
    int value;
    int target;         /* to exceed; -1 when there is none */
    int pass;           /* 1, 0, or -1 when a roll has no pass/fail */
    char test[20];
    /* fog of war: what each side may read of it, where that is less than
     * all of it (hidden units called by their counters); NULL: the whole */
    char *side_text[SL_MAX_SIDES];
    char *side_json[SL_MAX_SIDES];
    /* a hash of this event's line and of every line before it: two
     * journals whose events at one place have the same chain are the same
     * journal up to there (a kept reading of it is still good) */
    uint64_t chain;
} sl_event;

/* The event as `side` may read it (side -1: the referee, everything). */
/* An empty text: the side reads nothing of it (a move of the other side's
 * hidden units, made out of its sight). */
const char *sl_event_text_for(const sl_event *e, int side);
const char *sl_event_json_for(const sl_event *e, int side);

/* A side's reading of the journal, event by event in order, numbered as
 * that side reads it: its "seq" counts the events it reads and a
 * command's "n" the commands, so the events it cannot read leave no gap
 * (a gap would count the other side's secret doings). */
typedef struct sl_reading {
    int side;       /* -1: the referee, everything */
    int seq, commands;
    char *buf;
    size_t cap;
} sl_reading;
void sl_reading_init(sl_reading *r, int side);
void sl_reading_free(sl_reading *r);
/* The event's JSON line as the reading's side reads it, in its numbering;
 * NULL when it reads nothing of it. Valid until the next call. */
const char *sl_reading_json(sl_reading *r, const sl_event *e);

typedef struct sl_journal {
    sl_event *ev;
    int n, cap;
} sl_journal;

/* --- state in play ------------------------------------------------------------ */

typedef struct sl_unit_state {
    int suppression;            /* 0..3 markers */
    bool in_position;
    bool activated;             /* its activation marker is turned this turn */
    bool panicked;
    bool last_stand;
    bool suppressed_before;     /* the "first time suppressed" test is spent */
    bool fired_upon;            /* this turn (Broken units may fire back) */
    bool seen_enemy;            /* untrained panic test spent */
    bool fired_on_before;       /* green panic test spent */
    bool abandoned_wounded;
    int aboard;                 /* the vehicle the unit rides in, -1 */
    bool revealed;              /* shown on the table: not a counter (or a dummy found and removed) */
    bool flipped;               /* its counter turned over: a unit is there (p25) */
    bool placed;                /* placed in the set-up phase */
    sl_pt counter_at;           /* where its counter stands */
    int moves;                  /* move actions in its current activation */
    int actions_done;           /* in its current activation */
    uint64_t failed_tests;      /* commands whose reaction test failed this turn (1 << kind) */
    bool carrying_wounded;      /* encumbered by casualties: one mobility die lower */
    /* point targets (vehicles) */
    int damage;                 /* 0 sound, 1 disabled, 2 destroyed */
    bool immobile;              /* a suspension hit */
    bool systems_down;          /* a systems hit */
    /* a rule's own state (a house rule's, a ruleset's) is in its own
     * bytes: see src/rules/HACKING.md */
} sl_unit_state;

/* --- commands ------------------------------------------------------------------ */

/* The kinds of command every ruleset shares. A ruleset or a house rule
 * adds kinds of its own beyond SL_CMD_COUNT, numbered by the rules'
 * tables (sl_cmd_kinds() says how many there are in all); text names
 * every kind (sl_cmd_name, sl_cmd_find). */
typedef enum sl_cmd_kind {
    SL_CMD_NONE = -1,           /* no command: a blank line, or nothing chosen */
    SL_CMD_ACTIVATE,
    SL_CMD_MOVE,
    SL_CMD_COMBAT_MOVE,
    SL_CMD_FIRE,
    SL_CMD_IN_POSITION,
    SL_CMD_LEAVE_POSITION,
    SL_CMD_REMOVE_SUPPRESSION,
    SL_CMD_REORGANISE,
    SL_CMD_TRANSFER,
    SL_CMD_COMMUNICATE,
    SL_CMD_RALLY,
    SL_CMD_OBSERVE,
    SL_CMD_ASSAULT,
    SL_CMD_REMOVE_PANIC,
    SL_CMD_LAST_STAND,          /* the optional last stand test (p53) */
    SL_CMD_EMBARK,              /* get into a vehicle */
    SL_CMD_DISEMBARK,           /* get out of it */
    SL_CMD_DETACH,              /* a squad leader forms a detached element (p17) */
    SL_CMD_END_ACTIVATION,
    SL_CMD_PASS,
    SL_CMD_DONE,                /* a side activates no more units this turn */
    SL_CMD_DECIDE,
    SL_CMD_COUNT                /* the built-in kinds; the rules' own come after */
} sl_cmd_kind;

enum {
    SL_DECIDE_WORD_FIRST,
    SL_DECIDE_WORD_FIRE,
    SL_DECIDE_WORD_PASS,
    SL_DECIDE_WORD_CONTINUE,
    SL_DECIDE_WORD_STOP,
    SL_DECIDE_WORD_CARRY,
    SL_DECIDE_WORD_ABANDON,
    SL_DECIDE_WORD_COUNT        /* the base's words; a rule's own (its row's decide_words) come after */
};

typedef enum sl_fire_with {
    SL_FIRE_ALL,        /* small arms and every support weapon not yet fired */
    SL_FIRE_SMALL_ARMS, /* small arms only */
    SL_FIRE_SUPPORT,    /* support weapons only */
    SL_FIRE_MISSILE     /* guided missiles, as their own action */
} sl_fire_with;

#define SL_CMD_MAX_PTS 16
#define SL_CMD_MAX_PLACE 32
#define SL_CMD_TEXT 2048
#define SL_CMD_NOTE 640
#define SL_CMD_RULE_BYTES 128 /* a command's rule-specific part (sl_command.rule): the largest rule's, a column's 32 gaps */
#define SL_CMD_ACTOR_BYTES 4  /* the rules' words on who of the acting unit acts (sl_command.actor) */

/* A command as the core takes it. The window, the solo policy and the
 * action bar build these with the sl_cmd_* builders; text exists only in
 * scripts, saves and the journal (sl_command_parse, sl_command_format).
 * Points are in mils, at full resolution. */
typedef struct sl_command {
    int kind;                   /* sl_cmd_kind, or a house rule's kind */
    int unit;                   /* the acting unit (or the deciding one) */
    int target;                 /* target unit, subordinate, rallied unit; -1 */
    int side;                   /* pass, done, decide first: the side */
    sl_pt pts[SL_CMD_MAX_PTS];  /* moves: the way the unit's centre goes */
    int npts;
    sl_fire_with with;
    int place_fig[SL_CMD_MAX_PLACE]; /* reorganise: figures and where they go */
    sl_pt place_at[SL_CMD_MAX_PLACE];
    int nplace;
    /* decide: which answer, the option chosen (-1 to let it pass) and
     * where on a path (a new way for "continue" is in pts) */
    int decide;
    int choice;
    /* who of the unit acts, where a rule splits units into parts: words
     * on the acting unit that any command may carry, own words or not
     * ("SQUAD.L", "with-leader" under the fireteams rule): bytes only the
     * rule that owns those words reads and writes (its rl_actor_words),
     * apart from `rule`; all zero: the unit as it is */
    unsigned char actor[SL_CMD_ACTOR_BYTES];
    sl_pt at;
    bool has_at;
    /* the window asking whether a command is open at all, before its
     * point is chosen: the checks of the point itself are left out */
    bool any_point;
    /* the rule-specific part of a command (the words its rule adds, such
     * as a call for fire's asset, warhead and counters, or the words
     * rules add to a shared command, such as a way of moving): bytes only
     * the rule that owns the words reads and writes, through a struct of
     * its own (at most SL_CMD_RULE_BYTES); all zero when built or not
     * said. Build such a command from its offer (sl_offer_command) or its
     * words (sl_command_parse). */
    unsigned char rule[SL_CMD_RULE_BYTES];
    char note[SL_CMD_NOTE];     /* a remark carried into the journal ("solo: ..."), "" */
    char text[SL_CMD_TEXT];     /* the command as written (parsed), "" when built */
} sl_command;

/* Every kind there is (the built-in ones and the house rules'). */
int sl_cmd_kinds(void);
const char *sl_cmd_name(int kind);
/* How it is written, with a word on what it does ("" when none). */
const char *sl_cmd_usage(int kind);
/* The kind named by a command word, SL_CMD_NONE when none is. */
int sl_cmd_find(const char *word);

/* Parse one script line (see src/rules/COMMANDS.md). Blank lines and
 * comments give SL_CMD_NONE with no error. The text is kept as written
 * (words joined by single spaces). */
bool sl_command_parse(const sl_scenario *scn, const char *line, sl_command *out, char *err, size_t errlen);
/* The line a command is written as: what sl_command_parse reads back to
 * the same command (points at full resolution, in inches). A parsed
 * command gives its own text. Returns the length it needed. */
size_t sl_command_format(const sl_scenario *scn, const sl_command *c, char *out, size_t len);
/* A building as commands name it: its name in lower case with hyphens
 * for spaces when that names only it, else "#ID" (its map object id);
 * and the feature a word names (-1 none). */
void sl_feature_word(const sl_table *t, int feature, char *out, size_t len);
int sl_feature_find_word(const sl_table *t, const char *word);
/* The same for a point: "12.5,30.125". */
void sl_point_format(sl_pt p, char *out, size_t len);

/* Builders: a command of a kind for a unit (-1: none), its other fields
 * at their defaults; the rest set their own fields. */
void sl_cmd_init(sl_command *c, int kind, int unit);
void sl_cmd_target(sl_command *c, int kind, int unit, int target);
void sl_cmd_move(sl_command *c, int kind, int unit, const sl_pt *pts, int npts);
void sl_cmd_fire(sl_command *c, int unit, int target, sl_fire_with with);
void sl_cmd_side(sl_command *c, int kind, int side);
/* decide first SIDE | fire UNIT [at X,Y] | pass | continue [X,Y ...] |
 * stop | carry | abandon */
void sl_cmd_decide(sl_command *c, int word);
void sl_cmd_decide_first(sl_command *c, int side);
void sl_cmd_decide_fire(sl_command *c, int unit, const sl_pt *at);
void sl_cmd_decide_continue(sl_command *c, const sl_pt *pts, int npts);

/* --- decisions -------------------------------------------------------------------- */

typedef enum sl_decision_kind {
    SL_DECIDE_NONE,
    SL_DECIDE_FIRST,          /* the side with fewer units: who activates first */
    SL_DECIDE_REACTION_FIRE,  /* one unactivated enemy may fire between two moves */
    SL_DECIDE_CONTINUE,       /* a mover fired on and not stopped: on, a new way, or stop */
    SL_DECIDE_CASUALTIES,     /* a combat mover hit: stop, carry the wounded or abandon them */
    SL_DECIDE_SETUP,          /* before the first turn: the side places its hidden units (place ..., done SIDE) */
    SL_DECIDE_COUNT           /* the shared kinds; a rule's own (its decision rows') come after */
} sl_decision_kind;

#define SL_MAX_OPTIONS 16
#define SL_MAX_STRETCH 4

typedef struct sl_pending {
    int kind;                   /* sl_decision_kind, or a rule's own (numbered by the rules' tables) */
    int side;                   /* who decides */
    int mover;                  /* the unit the decision is about */
    int options[SL_MAX_OPTIONS];/* units that may act */
    int noptions;
    sl_command resume;          /* the command waiting on the answer */
    /* what a rule works out for its decision is in its own bytes */
} sl_pending;

/* A move under way: the way its centre goes, how far it has got, how far
 * it will go. Kept while fire out of turn interrupts it. */
typedef struct sl_move {
    bool on;
    int unit;
    bool combat;
    sl_pt way[SL_CMD_MAX_PTS + 2];
    int nway;
    double go;                  /* mils along the way it will stop at */
    double done;                /* mils along the way it has gone */
    double allowance;           /* mils of allowance for the way */
    double moved;               /* mils moved in all, for the journal */
    sl_pt start;
    bool carry;                 /* the wounded are carried along */
    int figs[SL_SIGHT_MAX_FIGS];/* the figures that go: the unit's, or those of it its command's actor words say */
    int nfigs;
    unsigned char actor[SL_CMD_ACTOR_BYTES]; /* who of the unit goes: its command's (sl_command.actor) */
} sl_move;

/* Work in progress while actions are interrupted by fire out of turn:
 * an action, a move, or a fire out of turn (the base's reaction fire, or
 * a rule's, which may itself be answered). The game runs the top frame
 * until it needs a decision. */
typedef enum sl_frame_kind { SL_FRAME_ACTION, SL_FRAME_MOVE, SL_FRAME_FIRE } sl_frame_kind;

#define SL_FRAME_STACK 12
#define SL_FRAME_ASKED 48

typedef struct sl_frame {
    sl_frame_kind kind;
    int stage;
    int actor;                  /* whose action it is */
    sl_command cmd;             /* the action (ACTION, MOVE) */
    int command_no;             /* the command that declared it (sl_game.ncommands then) */
    int asked[SL_FRAME_ASKED];  /* units that tried or declined fire out of turn at it */
    int nasked;
    int declared[SL_MAX_OPTIONS];/* fire out of turn declared, resolved after the action */
    int ndeclared, next;
    /* FIRE: who fires at whom, how */
    int target;
    sl_fire_with with;
    bool reaction;              /* the base game's reaction fire (p53), not a rule's */
    bool watching;              /* from a counter that lets it fire without a test (sl_game_watching) */
    int supp_before, lost_before;
    /* what the last fire out of turn did to the target (for MOVE frames) */
    bool hit_suppressed, hit_casualties;
} sl_frame;

/* --- the game ------------------------------------------------------------------------ */

/* How the game ends (the scenario's objectives): a side destroyed or
 * routed, or the last turn played out and the places scored. */
typedef struct sl_outcome {
    bool over;
    int winner;                 /* the side that won, -1 a draw */
    int points[SL_MAX_SIDES];   /* at the end, by the objectives */
    char why[300];
    bool by_points;             /* decided by the places held at the turn limit */
    int reached[SL_MAX_OBJECTIVES]; /* a place to reach: the turn it was reached in, 0 not yet */
    uint32_t quiet_sig;         /* the men's and units' hurt as at quiet_since (0: not yet taken) */
    int quiet_since;            /* the last turn with an attack, a man hurt or a unit shaken (quiet_turns) */
    int quiet_scan;             /* journal events read for quiet_turns so far */
} sl_outcome;

#define SL_ACT_STACK 8

typedef struct sl_game {
    const sl_scenario *setup;   /* as loaded; its table is used, never changed */
    sl_scenario live;           /* the forces in play (own copies of units and figures) */
    sl_unit_state *us;
    sl_sight sight;
    sl_dice dice;
    uint64_t seed;
    int turn;
    int side_to_act;
    /* activations: a transfer stacks the subordinate's over its leader's */
    int act_unit[SL_ACT_STACK];
    int act_left[SL_ACT_STACK];
    int act_transfers[SL_ACT_STACK];
    int act_depth;
    int spent_side;             /* reaction fire used this side's turn, -1 */
    bool done[SL_MAX_SIDES];    /* sides that activate no more this turn */
    int last_first;             /* who went first last turn (alternate option) */
    sl_pending pending;
    sl_frame frames[SL_FRAME_STACK];
    int nframes;
    sl_move mv;
    int last_fire_res;          /* the last fire's outcome (sl_success) and */
    int last_fire_lost;         /* the figures it put down */
    sl_journal journal;
    int ncommands;
    /* while a command is applied: the side whose command it is (-1 none),
     * and a roll that could not be made stops it */
    int acting_side;
    int cmd_first_event;        /* the journal's length when it began */
    bool fog_public;            /* the event being written is for every side's eyes */
    bool failed;
    char fail_msg[256];
    sl_outcome outcome;
    /* the state each rule (a house rule or a ruleset) keeps to itself:
     * its own stretch of bytes per unit, then the game's row (see
     * src/rules/HACKING.md) */
    unsigned char *house;
    size_t house_bytes;
    /* the rules' tables and which house rules are in play, resolved once
     * per game (src/rules/base/hooks.c) */
    struct rl_plan *plan;
    /* each side's reading of the journal as the solo opponent last read
     * it, kept so the next decision reads only the events since
     * (src/rules/knowledge.c); a game's own, never copied */
    struct rl_readings *readings;
} sl_game;

bool sl_game_init(sl_game *g, const sl_scenario *setup, uint64_t seed, char *err, size_t errlen);
void sl_game_free(sl_game *g);
/* A game struct copied to a new place (g2 = g1) must be told, since its
 * sight looks at its own forces. */
void sl_game_moved(sl_game *g);
/* Start the first turn now (markers up, who goes first) rather than at
 * the first command, so a new game can show its first decision. The
 * journal comes out the same either way. Set scripted dice first. */
void sl_game_begin(sl_game *g);
/* Use scripted dice instead of the generator. */
bool sl_game_script_dice(sl_game *g, const int *values, int n);
/* An independent copy of a game, to try commands on without touching the
 * original (free it with sl_game_free). */
bool sl_game_clone(sl_game *dst, const sl_game *src, char *err, size_t errlen);
/* The same with only the journal's first `nevents` events (0: a snapshot
 * of the state alone, for undo). */
bool sl_game_clone_upto(sl_game *dst, const sl_game *src, int nevents, char *err, size_t errlen);
/* Undo without replaying the whole game: g becomes `snap` (a state-only
 * clone taken when g's journal had `snap_events` events) with the command
 * lines cmds[from..upto) applied again, its journal g's own up to the
 * snapshot and the replayed events after it. On failure g is unchanged. */
bool sl_game_rewind(sl_game *g, const sl_game *snap, int snap_events, char **cmds, int from, int upto, char *err,
                    size_t errlen);

/* Apply a command: all of it, or (returning false, with the reason in
 * err) nothing at all. */
bool sl_game_apply(sl_game *g, const sl_command *c, char *err, size_t errlen);
/* Parse and apply one script line. */
bool sl_game_apply_line(sl_game *g, const char *line, char *err, size_t errlen);

/* The side that must act now: the one to decide, else the active unit's,
 * else the one to activate. */
int sl_game_side_to_act(const sl_game *g);
/* The unit acting now, -1 when a side is to choose one. */
int sl_game_active_unit(const sl_game *g);
int sl_game_actions_left(const sl_game *g);
/* The side that gives a command now: the deciding side's for an answer,
 * else its unit's, else the side it names (-1: none). What that side may
 * name and read follows from it (fog of war). */
int sl_command_side(const sl_game *g, const sl_command *c);
/* Is this command allowed now? (Without rolling or changing anything.)
 * The reason is written when it is not. */
bool sl_game_can(const sl_game *g, const sl_command *c, char *why, size_t whylen);
/* Unactivated units of a side that may act this turn (not a knocked-out
 * or stunned SkirmishCorps trooper), as every side may count them (rule
 * option fog_counts: a face-down counter counts for nothing, one, or what
 * is under it); is this unit one (a squad, not its teams)? */
int sl_game_unactivated(const sl_game *g, int side);
/* A side's counters still face down (hidden units and dummies alike) that
 * sl_game_unactivated leaves out (fog_counts table), to be shown beside it. */
int sl_game_counters_down(const sl_game *g, int side);
bool sl_game_to_activate(const sl_game *g, int unit);
/* More than half the living figures in terrain that gives cover. */
bool sl_game_unit_in_cover(const sl_game *g, int unit);
int sl_game_living(const sl_game *g, int unit);

/* Objectives: the side holding place `obj` now (living men of a unit
 * not routed stand in it, and no enemy's), -1 nobody, -2 contested; a
 * place to reach: its side once reached, else -1. */
int sl_game_holder(const sl_game *g, int obj);
/* The same as side `reader` sees it (-1: the referee): units hidden from
 * it (under their counters, out of its sight) do not show as holding. At
 * the end of the game every unit counts, as the scoring reveals it. */
int sl_game_holder_for(const sl_game *g, int obj, int reader);
/* The points each side would score if the game ended now. */
void sl_game_score(const sl_game *g, int points[SL_MAX_SIDES]);
/* Can the side still fight: a unit with a man standing, not routed? */
bool sl_game_side_fights(const sl_game *g, int side);

/* --- fog of war (p25) ------------------------------------------------------------------ */

/* What a side knows of a unit: all of it (its own, or one in plain
 * sight), that a unit is under a counter flipped over, only a counter
 * (real or a dummy: it cannot tell), where it was last seen, or nothing
 * (a dummy found and removed). Side -1 is the referee: all. */
typedef enum sl_know { SL_KNOW_ALL, SL_KNOW_UNIT, SL_KNOW_COUNTER, SL_KNOW_LAST_SEEN, SL_KNOW_GONE } sl_know;
sl_know sl_game_knows(const sl_game *g, int side, int unit);
/* A side's view of the forces (fog of war), for the window, a replay's
 * view and anything else that shows one side its game: `units` and
 * `figs` (room for the game's units and figures) get copies of the live
 * ones, where a unit hidden from the side becomes its counter (one figure
 * at the counter's place; no name, weapons, kit or strength; ids "?A", so
 * nothing can look it up) and a unit out of its sight stands as it was
 * last seen. */
void sl_game_forces_for(const sl_game *g, int side, sl_unit *units, sl_figure *figs);
/* The parts of those forces (the scenario's `parts`, sl_unit_whole ...)
 * as the side knows them: a counter has no parts, and the men under one
 * are in none. *own (NULL or the last one made) is replaced by a new
 * copy, freed with sl_parts_free. False when out of memory. */
bool sl_game_parts_for(const sl_game *g, int side, struct sl_parts **own);
/* Any hidden units or dummies in this game at all, or units that can go
 * out of a side's sight (the lose_contact option). */
bool sl_game_fog(const sl_game *g);
/* Out of the side's sight (SL_KNOW_LAST_SEEN): where it last saw the
 * unit (the middle of its men there) and in which turn. False when the
 * side has it in sight, or it is no such unit. */
bool sl_game_last_seen(const sl_game *g, int side, int unit, sl_pt *at, int *turn);
/* A unit's counter letter ("A"; commands name it "?A"), "" when none,
 * and where the counter stands. */
const char *sl_game_counter(const sl_game *g, int unit);
sl_pt sl_game_counter_at(const sl_game *g, int unit);
/* Any text as `side` may read it now (a refusal): the units hidden from it
 * called by their counters, but a word in single quotes (the reader's own
 * words quoted back: "no unit has id 'x'") kept as it is. NULL when
 * nothing changes, else malloc'd (free it). */
char *sl_game_censor(const sl_game *g, int side, const char *text);
/* Does a command line that `side` gives name only what that side may
 * name? False, with the same refusal a hidden unit's id gets in a view
 * ("no unit has id 'x'"), when it names a unit hidden from the side. */
bool sl_game_names_known(const sl_game *g, int side, const char *line, char *err, size_t errlen);
/* The commands in the journal that `side` reads (-1: all of them). */
int sl_game_commands_read(const sl_game *g, int side);

/* Fire odds before committing: P(no effect), P(suppression only),
 * P(suppression and potential hits), and the dice involved. */
typedef struct sl_fire_preview {
    bool possible;
    char why[160];              /* when not possible */
    sl_unit_sight sight;
    sl_die firer[8];
    int nfirer;
    sl_die range_die;
    double p_fail, p_minor, p_major;
} sl_fire_preview;

void sl_game_fire_preview(const sl_game *g, int firer, int target, sl_fire_with with, sl_fire_preview *out);
/* The same with the range (or ECM) die shifted up `shift` (opportunity
 * fire), and with some figures standing elsewhere (NULL: where they are). */
void sl_game_fire_preview_at(const sl_game *g, int firer, int target, sl_fire_with with, int shift,
                             const sl_placement *moved, sl_fire_preview *out);

/* A close assault's odds as far as the rules let them be known before it
 * (p41): the assaulting unit's reaction test passing, the charge
 * reaching (its mobility die doubled against the nearest gap), and the
 * defenders failing their test against the odds, so falling back before
 * any fight. The fight that may follow is not in it. */
typedef struct sl_assault_preview {
    bool possible;
    char why[200];              /* when not possible */
    double p_react, p_reach, p_defenders_fail;
    int men, foes;              /* strength for the odds: men standing, power armour twice */
} sl_assault_preview;
void sl_game_assault_preview(const sl_game *g, int unit, int target, sl_assault_preview *out);

/* Exposure of a planned way, a sight question: for points along a
 * unit's centre path, the enemy units that would see it there; and which
 * of them the rules in play would have open fire on it as it moves
 * (can_react: under opportunity fire, one unactivated and able to test,
 * or holding an overwatch counter), with the chance that at least one of
 * them suppresses it (0 when none would). Whether the window shows it is
 * the rules' to say: sl_game_shows(g, SL_SHOW_EXPOSURE). */
#define SL_EXPOSE_MAX 8
typedef struct sl_exposure_point {
    double at;                  /* mils along the way */
    sl_pt centre;
    int nseen;                  /* enemy units that see it there */
    int seen[SL_EXPOSE_MAX];
    bool can_react[SL_EXPOSE_MAX];
    double p_suppress;          /* at least one reacting and suppressing */
} sl_exposure_point;

int sl_game_exposure(const sl_game *g, int unit, const sl_pt *way, int nway, double step, sl_exposure_point *out,
                     int max);

/* Is the unit off the table now: aboard a vehicle, waiting to come on,
 * a dummy not yet placed in the set-up, or off it by a rule? The window
 * draws none of these. */
bool sl_game_off_table(const sl_game *g, int unit);
/* Is the unit (or the unit it is part of) waiting off the table to come
 * on: a rule keeps it off for now, and it comes on as that rule says or
 * when its side activates it? Such a unit may be chosen to act though
 * the table does not show it. */
bool sl_game_not_yet_on(const sl_game *g, int unit);
/* A set-up before the first turn, as a rule in play runs it: may this
 * unit be placed now (the rules say so: the hidden set-up's counters)?
 * Is it one the scenario says must be placed that is not yet (the set-up
 * cannot end before it is)? */
bool sl_game_placeable(const sl_game *g, int unit);
bool sl_game_still_to_place(const sl_game *g, int unit);
/* The rule a set-up's place is refused by, in players' words, for the
 * set-up card to say before a click is refused; NULL where none holds
 * (an ambush's set-up). */
const char *sl_game_setup_place_rule(const sl_game *g);

/* Solo play: the program's answer to the decision pending, for the side
 * that must decide, as a command whose note carries its reasoning
 * ("solo: ..."). False when no decision is pending. The policy is
 * documented in src/rules/RULES.md. */
bool sl_game_auto_decide(const sl_game *g, sl_command *out);

/* The solo opponent (src/rules/RULES.md, "The solo opponent"): the next
 * command for `side` now, whatever it is (an answer to a decision, the
 * unit to activate, its action, the end of its activation, done for the
 * turn), its reason in the note ("solo: ..."). Only what the side knows
 * is used, no die is rolled. False when the side has nothing to do now
 * (the other side's turn, or the game is over). */
/* How the journal's line of the program's plan begins (the window's log
 * and replay pick it out by it). */
#define SL_SOLO_PLAN "Solo plan: "
typedef enum sl_stance { SL_STANCE_CAUTIOUS, SL_STANCE_BALANCED, SL_STANCE_AGGRESSIVE, SL_STANCE_COUNT } sl_stance;
const char *sl_stance_name(sl_stance s);
bool sl_stance_parse(const char *s, sl_stance *out);
bool sl_game_solo_command(const sl_game *g, int side, sl_stance stance, sl_command *out);
/* Can the program play every side of this game with nobody at the table
 * (--solo both, the tournament)? False, with why, when the rules leave
 * something to the players that the program does not do for them
 * (SkirmishCorps attacks under sc_attacks players). */
bool sl_game_solo_plays_all(const sl_game *g, char *why, size_t whylen);
/* The tournament's baseline: any legal command for the side, drawn from
 * its own generator `rng` (never the game's dice). */
bool sl_game_random_command(const sl_game *g, int side, uint64_t *rng, sl_command *out);
/* The tournament's second baseline, one step ahead and no further: its
 * active unit fires at its best target if it has any chance, calls fire
 * when it can, assaults at better than even odds, else heads for the
 * nearest place it does not hold by the cheapest way; it activates its
 * units in list order and always goes first. From its side's knowledge. */
bool sl_game_greedy_command(const sl_game *g, int side, sl_command *out);


/* --- what a unit shows and offers, for the window ------------------------------------ */

/* An action the rules offer a unit now (the ruleset's, then each house
 * rule's), for the action bar: a command kind with a variant, a label
 * and the key that gives it. */
typedef struct sl_offer {
    int kind;                   /* the command it gives; SL_CMD_NONE for a toggle */
    int variant;                /* fire: sl_fire_with; move: a ruleset's way of moving; activate: 0 the
                                   unit, p + 1 the unit p acting for it (one of its parts); a rule's own
                                   command: as its words read it (their variant) */
    char label[40];
    char key[16];               /* the key that gives it, as shown ("Shift+C") */
    bool needs_target;          /* the player then picks a unit */
    bool enemy_target;          /* ... an enemy one (fire, observe and assault always are) */
    bool needs_path;            /* the player then draws the way */
    bool needs_figures;         /* the player then picks figures (a detached element) */
    bool needs_point;           /* the player then clicks one point (a counter's place) */
    /* not a command: a toggle of how the unit's next commands are given
     * (sl_offer_command's `toggled`), with what the window says when it
     * turns on and off, and what the bar's head adds while it is on */
    bool toggle;
    char toggle_on[100];
    char toggle_off[100];
    char toggle_head[48];
    int order;                  /* where it stands in the bar (the rules merge theirs by it) */
} sl_offer;

#define SL_MAX_OFFERS 24
int sl_game_offers(const sl_game *g, int unit, sl_offer *out, int max);
/* The command an offer gives to `unit`: at `target` (-1 none), along a
 * way (centre points), with figures; `toggled` when the unit's toggle
 * offer is on (the rule that offers it says what that changes). */
void sl_offer_command(const sl_game *g, const sl_offer *o, int unit, int target, const sl_pt *pts, int npts,
                      const int *figs, int nfigs, bool toggled, sl_command *out);

/* The keys the rules in play give, for the window's help page: the
 * ruleset's rows, then each house rule's in play, in table order (what
 * their action-bar entries, picks and decisions take). */
typedef struct sl_help_row {
    char keys[40];              /* "T  Shift+T  1 2 3" */
    char text[120];             /* what they do */
} sl_help_row;
#define SL_MAX_HELP_ROWS 32
int sl_game_help(const sl_game *g, sl_help_row *out, int max);

/* What a player reads of a rules text (a journal line, a refusal, a
 * card's line): a seed's number as the rule's name, no "digest", no
 * usage ("(activate UNIT)", ": decide first SIDE"), units and men by
 * name, not id (src/rules/words.c). The journal keeps its own words. */
void sl_game_plain_words(const sl_game *g, const char *in, char *out, size_t len);
/* The same from a scenario's units and men alone (a window on a host's
 * game, which has no game of its own): a seed's number is left as it is. */
void sl_scenario_plain_words(const sl_scenario *sc, const char *in, char *out, size_t len);
/* The same with a seed's number as the rule's name, the rules in play
 * being `rules`' (a game made from the same scenario file, which plays
 * nothing), the ids `sc`'s (a joined window's state). */
void sl_game_rule_words(const sl_game *rules, const sl_scenario *sc, const char *in, char *out, size_t len);
/* A refusal's points ("cannot see (8.2, 27.1)", "(the leader at 3.0,
 * 4.5)") in words: "that point near Farmhouse", or "point 1", "point 2"
 * where there are more (the window marks them on the table with the same
 * words); the named terrain it is in or near, when any. Up to max of the
 * points go to `at` (mils); gives how many. */
int sl_scenario_point_words(const sl_scenario *sc, const char *in, char *out, size_t len, sl_pt *at, int max);
/* A journal line as the window reads it (its dice log, roll cards and
 * status line): sl_game_plain_words, its points in words as a refusal's
 * are ("calls fire at that point near Farmhouse"). The journal keeps its
 * own words, coordinates and all. */
void sl_game_log_words(const sl_game *g, const char *in, char *out, size_t len);
/* A man as a player calls him: "the leader", "man 3 (trooper)" when he
 * is of `unit`; else with his unit's name first ("1st Squad's man 2
 * (support)"); unit -1: always with it. */
void sl_game_man_words(const sl_game *g, int f, int unit, char *out, size_t len);

/* Counters under a unit's figures: words, each with a style the window
 * colours (and every style reads without its colour: it is a word). */
typedef enum sl_mark_style {
    SL_MARK_CONFIDENT,
    SL_MARK_STEADY,
    SL_MARK_SHAKEN,
    SL_MARK_BROKEN,
    SL_MARK_ROUTED,
    SL_MARK_ALERT,              /* suppressed, stunned */
    SL_MARK_ACTIVE,             /* acting, orders, detached */
    SL_MARK_DONE,
    SL_MARK_INFO,               /* overwatch, hiding, sneaking */
    SL_MARK_DARK,               /* In Position */
    SL_MARK_SHADE,              /* prone, carrying */
    SL_MARK_PANIC,
    SL_MARK_LOST,               /* no one standing, a wrecked vehicle */
    SL_MARK_DAMAGE              /* a vehicle's damage: with its shape */
} sl_mark_style;

/* A shape drawn before a counter's word, so it reads at a glance and
 * without colour (vehicle damage). */
typedef enum sl_mark_shape {
    SL_SHAPE_NONE,
    SL_SHAPE_WHEEL_STRUCK,      /* a wheel struck through: cannot move */
    SL_SHAPE_WARNING,           /* a triangle with a bar: systems hit */
    SL_SHAPE_CROSS              /* an X: disabled or destroyed */
} sl_mark_shape;

typedef struct sl_mark {
    char text[24];
    sl_mark_style style;
    int order;                  /* where it stands in the row (the rules merge theirs by it) */
    sl_mark_shape shape;        /* SL_SHAPE_NONE: the word alone */
} sl_mark;

#define SL_MAX_MARKS 12
int sl_game_marks(const sl_game *g, int unit, sl_mark *out, int max);
/* Does the unit show as done for the turn (a dashed ring)? */
bool sl_game_shows_done(const sl_game *g, int unit);
/* Does the unit hold a counter that lets it fire at an acting enemy
 * without a test (the rules in play say)? */
bool sl_game_watching(const sl_game *g, int unit);
/* Has the man kit a rule marks as lost to him (cross training: kit that
 * failed its recovery test, until he is fit again), as the side `viewer`
 * knows him (-1: as it is)? The window crosses a box at his base. */
bool sl_game_figure_kit_lost(const sl_game *g, int viewer, int fig);

/* The unit card's lines of play: each may lead with a counter. */
typedef struct sl_card_line {
    sl_mark mark;               /* text "" when none */
    char text[240];
    bool warning;               /* casualties and the like */
} sl_card_line;

#define SL_MAX_CARD 8
int sl_game_card(const sl_game *g, int unit, sl_card_line *out, int max);

/* A unit's profile as the scenario's ruleset describes it (the side
 * panel): sections headed, then key and value; *figures says whether its
 * figures are listed after it. Needs no game: it is the scenario's. A
 * face-down counter of a side's view (id "?A") has none, nor its man arms. */
typedef struct sl_profile_line {
    bool heading;               /* a section's title (in key) */
    char key[40];
    char value[200];
} sl_profile_line;

#define SL_MAX_PROFILE 16
int sl_unit_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures);
/* What a figure is and carries as the scenario's ruleset says it, for
 * the pointer's line ("foot-unit \xC2\xB7 SMG"); false when the ruleset
 * leaves it to the catalogue's roles and weapons. */
bool sl_figure_arms(const sl_scenario *scn, int fig, char *buf, size_t len);
/* What the forces list says of a unit after its name, in the scenario's
 * ruleset's terms: Stargrunt II's quality die and leadership ("D8/2"),
 * SkirmishCorps' SP and RE ("SP 6 \xC2\xB7 RE 4"). */
void sl_unit_makeup(const sl_scenario *scn, int unit, char *buf, size_t len);

/* What a planned way means under the scenario's ruleset: `one` and `two`
 * are its cost against one and two normal moves of 6". Two lines for the
 * label; and, for the unit acting in a game, a third on how the move it is
 * making would go (false when the ruleset says nothing more). */
void sl_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                 char *l2, size_t len);
bool sl_way_progress(const sl_game *g, int unit, bool combat, const sl_path_cost *one, const sl_path_cost *two,
                     char *l3, size_t len);

/* What a move command would do, worked out by the rules' own check of
 * that command before it is sent: the window draws its plan from this,
 * and `sightline plan` prints it, so the plan is the move. `start` is the
 * point the way is measured from (the moving figures' centre man); with
 * no points in the command only it is filled. No die is rolled: where a
 * die decides how far (a combat move) `rolled` is set and the plan runs
 * to the way's end. `ok` and `why` are the command's own verdict. */
#define SL_PLAN_MAX_FIGS 32
typedef struct sl_way_plan {
    bool ok;
    char why[240];
    sl_pt start;
    double length;            /* mils along the way from start */
    double cost;              /* mils of allowance it costs (the dearest man's way) */
    double allowance;         /* mils the move allows (0 where a die decides) */
    bool rolled;              /* how far it goes is rolled */
    double go;                /* mils along the way the unit goes */
    sl_pt end;                /* where start ends */
    int nfigs;
    int fig[SL_PLAN_MAX_FIGS];
    sl_pt fig_end[SL_PLAN_MAX_FIGS];
    char line[3][240];        /* its label: the way, its going, how the move goes */
} sl_way_plan;
/* False when the command is not a move the ruleset plans. */
bool sl_game_way_plan(const sl_game *g, const sl_command *c, sl_way_plan *out);

/* The name of the ruleset the game is played by ("stargrunt2"), and
 * whether a house rule is in play by its name ("opportunity_fire"). */
const char *sl_game_ruleset(const sl_game *g);
/* What the window shows under a scenario's ruleset, as its own row says:
 * range bands (Stargrunt's; SkirmishCorps' weapons have brackets). (How
 * it describes a figure: sl_figure_arms.) `why` (may be NULL) is set to
 * the ruleset's reason when it does not show it. (A rule's own card while a pick is made:
 * sl_game_pick_preview, sightline/show.h.) In a game, the rules in play
 * add theirs: a planned way's exposure (sl_game_exposure) where a rule
 * fires at units as they move. */
/* SL_SHOW_RANGE_DIE: a sight line's range band and die on the sight card
 * (Stargrunt); without it the card gives the firer's reach at that
 * distance (sl_unit_reach: SkirmishCorps' brackets). */
enum { SL_SHOW_RANGE_BANDS = 1u << 0, SL_SHOW_EXPOSURE = 1u << 1, SL_SHOW_RANGE_DIE = 1u << 2 };
bool sl_scenario_shows(const sl_scenario *scn, unsigned what, const char **why);
bool sl_game_shows(const sl_game *g, unsigned what);
/* A unit's reach as its ruleset has V draw it: rings out from the unit,
 * each the outer edge of a band or bracket (mils), with the words on it.
 * Stargrunt: the five range bands of the unit's quality, the die of each;
 * SkirmishCorps: its firearm's range brackets, the modifier to hit in
 * each, up to the last it can fire in (the extreme bracket has no outer
 * edge: its ring is SL_REACH_OPEN, beyond any table). 0 rings, with `why`
 * (may be NULL) saying why, when the unit has none; with rings, `why` is
 * a note on what is not drawn, or NULL. sl_reach_word: what the
 * ruleset's players call them ("range bands", "range brackets"). */
#define SL_MAX_REACH 6
#define SL_REACH_OPEN 100000000
typedef struct sl_reach_ring {
    int32_t r;
    char label[48];
} sl_reach_ring;
int sl_unit_reach(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why);
const char *sl_reach_word(const sl_scenario *scn);
/* The enemies whose reach a planned way goes into, in sight of them
 * (SkirmishCorps: their firearms' brackets; none under Stargrunt, whose
 * planned way shows its exposure to opportunity fire instead). `way` is
 * the moving unit's centre along the way; for each enemy, the ring of
 * sl_unit_reach with the best modifier to hit the way enters (the nearer
 * on a tie), where along the way it first does and the ring's words; in
 * the order they are first met along the way. Asked of the unit standing
 * at each point; nothing is moved. */
#define SL_WAY_REACH_MAX 8
typedef struct sl_way_reach {
    int unit;      /* the enemy unit */
    int ring;      /* its ring (sl_unit_reach's index) */
    int32_t at;    /* mils along the way where the way first enters it in sight */
    sl_pt where;   /* the moving unit's centre there */
    char label[48];
} sl_way_reach;
int sl_game_way_reach(const sl_game *g, int unit, const sl_pt *way, int nway, sl_way_reach *out, int max);
/* The scenario's ruleset as players call it ("SkirmishCorps"). */
const char *sl_ruleset_title(const sl_scenario *scn);

/* --- what the window shows: decisions and picks ------------------------------------- */

/* What a pending decision asks its side to choose. */
typedef enum sl_choose {
    SL_CHOOSE_NONE,             /* no decision is pending */
    SL_CHOOSE_WORD,             /* one of its answers, by its key */
    SL_CHOOSE_UNITS,            /* a unit among its answers: its number, or a click on it */
    SL_CHOOSE_POINT,            /* a unit among its answers (a number only chooses), then a point of the way
                                   or Enter */
    SL_CHOOSE_WAY,              /* a new way, point by point (clicks; Backspace takes one back), or a word */
    SL_CHOOSE_PLACES,           /* where units stand: a set-up, placed unit by unit, then done */
    SL_CHOOSE_ACTIONS,          /* units among its rings each declare an action of their own from the bar (a
                                   pick under way hides the prompt), or a word */
    SL_CHOOSE_NUMBER,           /* a number the players enter: what happened, by its key */
    SL_CHOOSE_ORDER,            /* units put in an order with a number between each (the view's `order`): Up/Down
                                   choose one, Shift+Up/Down or [ ] move it, +/- its number, Enter gives it */
    SL_CHOOSE_ALONG             /* a point along the view's `route` within its stretch (`along`): Left/Right step
                                   it, Enter gives it; a click near the route gives the point nearest it */
} sl_choose;

/* The colour a decision's box and rings take (each also has words). */
typedef enum sl_tone { SL_TONE_PASS, SL_TONE_ACCENT, SL_TONE_FAIL } sl_tone;

/* One answer: the key that gives it, the unit it is about and the
 * command it is. */
typedef struct sl_answer {
    int key;                    /* its key's character ('n', '1'); 0 none */
    int key2;                   /* another key for it ('0'); 0 none */
    int unit;                   /* a click on this unit gives it; -1 none */
    char word[16];              /* the answer's word ("pass", "fire", "stop") */
    sl_command cmd;             /* the answer as given (a point or a way clicked is added to it) */
    /* with SL_DRAW_WAY_REST: the stretches of the mover's way its unit
     * sees (mils along the way from its start), and its best point there
     * (-1: none) */
    double along[SL_MAX_STRETCH][2];
    int nalong;
    double best_at;
} sl_answer;

/* A unit the decision rings on the table, with a number under it or not. */
typedef struct sl_decision_ring {
    int unit;
    sl_tone tone;
    char label[8];              /* "" none */
} sl_decision_ring;

#define SL_DECISION_LINES 36
#define SL_DECISION_LINE 400
#define SL_MAX_ANSWERS 12
#define SL_DECISION_RINGS (SL_MAX_OPTIONS + 2)
#define SL_DECISION_ORDER SL_CMD_MAX_PLACE

/* What the player has chosen so far at the screen: the view is built
 * with it (its lines say it), and its answers are built from it. */
typedef struct sl_decision_input {
    int chosen;                 /* the answer chosen (SL_CHOOSE_POINT), -1 none */
    int clicked;                /* the points of a new way clicked so far (SL_CHOOSE_WAY) */
    /* SL_CHOOSE_ORDER: the order as the player has it (0: none yet, the
     * view's draft), the number after each unit (0 after the last), and
     * the unit chosen in it */
    int norder;
    int order[SL_DECISION_ORDER];
    int32_t between[SL_DECISION_ORDER];
    int sel;
    double along;               /* SL_CHOOSE_ALONG: the point chosen, mils along the route; -1 none */
} sl_decision_input;
/* Nothing chosen yet. */
void sl_decision_input_init(sl_decision_input *in);

/* SL_CHOOSE_ORDER: the draft the player starts from (the solo answer's
 * order), and the numbers' step and limits (mils: +/- change by `step`
 * within min..max). */
typedef struct sl_decision_order {
    int n;                      /* 0: nothing to put in order (yet) */
    int units[SL_DECISION_ORDER];
    int32_t between[SL_DECISION_ORDER];
    int32_t step, min, max;
} sl_decision_order;

/* SL_DRAW_ROUTE: a way the decision draws on the table in a side's
 * colour, with arrows the way it goes, a label by its start, and spans of
 * it marked with words (mils along it). */
typedef struct sl_decision_route {
    const sl_pt *pts;           /* valid while the game is unchanged; NULL none */
    int npts;
    int side;                   /* whose colour */
    char label[160];            /* "" none */
    int nspans;
    double span_from[SL_DECISION_ORDER], span_to[SL_DECISION_ORDER];
    char span_label[SL_DECISION_ORDER][24];
} sl_decision_route;

/* SL_CHOOSE_ALONG: the stretch of the route where the point may lie (mils
 * along it; drawn when to > from), the arrow keys' step (the first press
 * starts from `to`), how near the route a click must be, the stretch's
 * words on the table, and the status line for Enter with no point chosen
 * (a click too far off says said_else). A step of 0: the viewer does not
 * choose it (the other side, shown the route). */
typedef struct sl_decision_along {
    double from, to;
    int32_t step;
    int32_t snap;
    char label[64];
    char unchosen[SL_DECISION_LINE];
} sl_decision_along;

/* The pending decision as a side sees it: who decides, the panel's words,
 * the prompt, what is chosen and the answers. */
typedef struct sl_decision_view {
    int side;                   /* who decides */
    char duty[48];              /* after the side's name: "to decide: reaction fire?" */
    char title[SL_DECISION_LINE];
    char lines[SL_DECISION_LINES][SL_DECISION_LINE];
    int nlines;                 /* 0: the window draws no prompt of its own for it */
    sl_tone tone;
    sl_choose chooses;
    sl_decision_ring rings[SL_DECISION_RINGS];
    int nrings;
    sl_answer answers[SL_MAX_ANSWERS];
    int nanswers;
    bool solo;                  /* the solo player answers it (else the players enter it) */
    bool confirm;               /* a number only chooses an answer: Enter (or a click on its unit) gives it */
    unsigned draw;              /* what else the window draws (SL_DRAW_*) */
    unsigned cut;               /* lines (bit i) cut to one row's width rather than wrapped */
    /* the status line when a key chose `chosen`, when a click chose it
     * (or added a point of the way), and when a click chose nothing */
    char said_key[SL_DECISION_LINE];
    char said_click[SL_DECISION_LINE];
    char said_else[SL_DECISION_LINE];
    /* the turn box while it waits: its title ("" the turn's), and what
     * the side does after its name ("" the usual words); the hand-over
     * screen's words to the deciding side ("" the usual) */
    char stage[32];
    char doing[48];
    char handover[SL_DECISION_LINE];
    sl_decision_input in;       /* what the view was built with */
    sl_decision_order order;    /* SL_CHOOSE_ORDER */
    sl_decision_route route;    /* SL_DRAW_ROUTE */
    sl_decision_along along;    /* SL_CHOOSE_ALONG */
} sl_decision_view;

/* What a decision's view draws beyond its rings: the rest of the mover's
 * way with each answer's stretch of it and best point; each answer's unit
 * ringed in a colour and dash of its own and numbered; the way on from
 * where the mover stands and the new way clicked; the view's `route`
 * (and, SL_CHOOSE_ALONG, its stretch and where a click would choose). */
enum { SL_DRAW_WAY_REST = 1u << 0, SL_DRAW_OPTIONS = 1u << 1, SL_DRAW_WAY_ON = 1u << 2, SL_DRAW_ROUTE = 1u << 3 };

/* The decision pending, as side `viewer` sees it (-1: the referee);
 * `chosen` is the answer the player has chosen so far (SL_CHOOSE_POINT),
 * `clicked` the points of a new way clicked so far (SL_CHOOSE_WAY), -1
 * and 0 when none. False when none is pending. */
bool sl_game_decision(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *out);
/* The same with all the player has chosen so far. */
bool sl_game_decision_for(const sl_game *g, int viewer, const sl_decision_input *in, sl_decision_view *out);
/* The command the answer with this key gives ('\r' Enter) with what was
 * chosen: false when none does. */
bool sl_game_decision_answer(const sl_game *g, int viewer, const sl_decision_input *in, int key, sl_command *out);
/* The point of the view's route nearest p (*along: mils along it); false
 * when it has none. */
bool sl_decision_snap(const sl_decision_view *d, sl_pt p, sl_pt *on, double *along);
/* What the pending decision chooses, and the panel's words for it ("" none),
 * without building its view (the row's: a view may say more, as a set-up's
 * SL_CHOOSE_PLACES whose stage writes an order or chooses a point along a
 * way, or the words of that stage). */
sl_choose sl_game_choosing(const sl_game *g);
const char *sl_game_duty(const sl_game *g);
/* May the solo player answer the pending decision (false: the players
 * enter it, or none is pending)? */
bool sl_game_solo_answers(const sl_game *g);
/* The program no longer plays `side` (F5 handed it back): a decision
 * that waits on a command the program gave for it (a SkirmishCorps
 * attack whose roll the players enter) is now that side's player's own,
 * and its card and the turn box say so. */
void sl_game_solo_hand_back(sl_game *g, int side);
/* A card the rules show while no decision waits, until the next command
 * (an ambush just sprung: who activates first and why), as a view with
 * its title and lines; false when there is none. */
bool sl_game_notice(const sl_game *g, int viewer, sl_decision_view *out);
/* The answer of the view the key gives (its character), -1 none. */
int sl_decision_key(const sl_decision_view *d, int key);
/* The answer a click on the unit gives, -1 none. */
int sl_decision_unit(const sl_decision_view *d, int unit);

/* What the player picks for a command once its bar entry is chosen. */
typedef enum sl_pick_kind {
    SL_PICK_NONE,               /* nothing: it is given at once */
    SL_PICK_UNIT,               /* a unit (its own side's or the enemy's, as `enemy` says) */
    SL_PICK_POINT,              /* a point on the table */
    SL_PICK_PATH,               /* a way, drawn from one of its figures */
    SL_PICK_FIGURES,            /* men of the unit */
    SL_PICK_LIST,               /* items of a list a rule gives (sl_game_pick_list), when it gives one */
    SL_PICK_SIDE                /* nothing: the side gives it, not a unit */
} sl_pick_kind;

/* What the window shows while a unit is picked for it: nothing of its
 * own, or the fire card (a rule may show its own: sl_game_pick_preview). */
enum { SL_PICK_CARD_NONE, SL_PICK_CARD_FIRE };

typedef struct sl_pick_info {
    sl_pick_kind kind;
    bool enemy;                 /* the unit picked is an enemy */
    bool destination;           /* a way given by its last point alone (a combat move) */
    const char *verb;           /* "fire at", "transfer an action to"; NULL: the command's word */
    int card;                   /* SL_PICK_CARD_* */
    bool aim;                   /* a point: whether the command is open at all is asked before it is chosen
                                   (any_point), else it is judged only when clicked */
} sl_pick_info;

/* A pick of items from a list a rule in play gives for a command
 * (SL_PICK_LIST): numbered lines, each chosen or not by its number or a
 * click on its figure, and toggles of the whole by their keys; Enter
 * gives the command the rule builds from what is chosen, Esc cancels.
 * Every word is the rule's. */
#define SL_LIST_MAX 16
#define SL_LIST_TOGGLES 4
typedef struct sl_list_item {
    int figure;                 /* the figure it is on (numbered there; a click on him chooses it), -1 */
    int to;                     /* the figure it would go to (a line drawn to him when chosen), -1 */
    bool ok;                    /* may be chosen now */
    bool chosen;
    char line[SL_DECISION_LINE];    /* its line in the box, after its number */
    char said_on[SL_DECISION_LINE]; /* said when it is chosen (not ok: why it may not be) */
    char said_off[SL_DECISION_LINE];/* said when it is taken back */
} sl_list_item;
typedef struct sl_list_toggle {
    int key;                    /* its key's character ('u') */
    char line[SL_DECISION_LINE];    /* its line in the box, as it stands */
    char said_on[SL_DECISION_LINE]; /* said when it turns on, and off */
    char said_off[SL_DECISION_LINE];
} sl_list_toggle;
typedef struct sl_list_view {
    char title[SL_DECISION_LINE];
    char head[SL_DECISION_LINE];    /* the box's first line */
    char foot[SL_DECISION_LINE];    /* its last: what Enter gives */
    char start[SL_DECISION_LINE];   /* said when the pick opens */
    char range[SL_DECISION_LINE];   /* said for a number that picks nothing */
    sl_list_item items[SL_LIST_MAX];
    int nitems;
    sl_list_toggle toggles[SL_LIST_TOGGLES];
    int ntoggles;
} sl_list_view;
/* The list for `kind` given by `unit`, with the items chosen (bit i: item
 * i) and the toggles on (bit t); false when no rule gives one now (the
 * command is then given at once). */
bool sl_game_pick_list(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles, sl_list_view *out);
/* The command those choices make (the command alone when no rule gives a
 * list). */
void sl_game_pick_list_command(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles,
                               sl_command *out);

/* The pick a command kind declares (all zero and its word for a kind
 * that has none). */
void sl_cmd_pick(int kind, sl_pick_info *out);
/* The words the window uses for picking for it ("fire at"). */
const char *sl_cmd_pick_verb(int kind);

/* Is a house rule in play, by its name ("opportunity_fire")? */
bool sl_game_house_rule(const sl_game *g, const char *name);

/* The journal as text: one JSON object per line. */
size_t sl_journal_write(const sl_journal *j, char *buf, size_t len);
/* A JSON string's inside: quotes, backslashes and control characters
 * escaped; cut only between whole UTF-8 characters when out is too small.
 * Returns the length written. */
size_t sl_json_escape(char *out, size_t len, const char *s);
/* Cut an unfinished UTF-8 character off the end of s (left by a cut to
 * fit a buffer); returns the new length. */
size_t sl_utf8_trim(char *s);
/* Copy src into dst (size bytes), cut only between whole characters. */
void sl_utf8_copy(char *dst, size_t size, const char *src);
/* The number of characters in a UTF-8 string. */
size_t sl_utf8_chars(const char *s);

#endif
