/* The base of the rules engine: what every rule is written with. Not a
 * public interface; every name here starts rl_.
 *
 *  - text.c     JSON escapes and UTF-8 cuts (public sl_ names)
 *  - ruledata.c a rule's own data of a scenario (rl_scn_*)
 *  - parts.c    units made of parts, the scenario's table (sl_unit_whole ..., rl_parts_*)
 *  - hooks.c    the house rules a game plays, their state, the hooks
 *  - rows.c     the tables read: rulesets, command rows and kinds
 *  - support.c  names, refusals, who is standing, cover, on the table
 *  - words.c    the words of a command line (ids, points, buildings) and the sl_cmd_ builders
 *  - known.c    what each side knows of a unit, and may read and write
 *  - bases.c    a move's men ending clear of the other units' bases
 *  - journal.c  events, state changes, notes and rolls into the journal
 *  - contact.c, fog.c  sight and counters changing what is known
 *  - outcome.c  how the game ends; snapshot.c  a command taken back
 *  - sets.c     sets of figures, what a fire or an assault is aimed at,
 *               and how a squad split into fireteams is made up
 *  - turn.c     activations and the turn sequence
 *  - show.c     what the window shows of a unit
 *  - decide.c   a pending decision as the window shows it (the rules'
 *               decision rows)
 *  - exposure.c a planned way's exposure: who sees the mover along it,
 *               and who a rule in play has fire on it (sl_game_exposure)
 * Each file calls only files listed above it: a call circle in the base
 * is a defect.
 *
 * The command table, the rulesets and the house rules are described here
 * and listed in src/rules/tables.c, which game.c hands to each game; the
 * base resolves with each game which rules are in play (hooks.c) and asks
 * them only through the rl_hook_* functions declared at the end, so it
 * never depends on a rule built on it, nor on the tables' file. */
#ifndef SIGHTLINE_RULES_BASE_H
#define SIGHTLINE_RULES_BASE_H

#include <stdbool.h>
#include <stddef.h>

#include "sightline/game.h"
#include "sightline/show.h"

/* --- journal.c -------------------------------------------------------------------- */

/* Append an event: `fields` are extra JSON members ("\"a\":1") placed
 * after "seq" and "event"; the text becomes "text" (a roll's "reason"). */
sl_event *rl_event(sl_game *g, sl_event_kind kind, int unit, const char *text, const char *fields);
/* An event whose text for sides other than `owner` is `pub_text` and
 * `pub_fields` (then censored as any event is): a decision whose choices
 * are the owner's own hidden units, a command with its player's
 * reasoning. */
sl_event *rl_event_private(sl_game *g, sl_event_kind kind, int unit, const char *text, const char *fields,
                           int owner, const char *pub_text, const char *pub_fields);
/* Give `side` its own reading of event `e` (text and JSON fields), as
 * when the event concerns a unit out of that side's sight. */
void rl_event_side(sl_game *g, sl_event *e, int side, const char *text, const char *fields);
/* A change of state ("what") of a unit (-1: of the game). */
void rl_state(sl_game *g, int unit, const char *what, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A "moved" state event: where the unit's centre ended and how far it
 * went (mils), as every ruleset's moves report it. */
void rl_moved(sl_game *g, int unit, sl_pt to, double distance, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* An explanation that changes nothing. */
void rl_note(sl_game *g, int unit, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Roll a die for a purpose: journalled with its die, value, what it had
 * to exceed (target < 0: nothing), whether it passed, the test's name, the
 * unit and a sentence. Returns the value, or 0 when the roll could not be
 * made (scripted dice ran out); g->failed is then set. */
int rl_roll(sl_game *g, sl_die die, int target, const char *test, int unit, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* The same, its sentence written once the value is known (what a damage
 * roll did, in words): say(value, ctx, out, len). */
typedef void (*rl_roll_words)(int value, const void *ctx, char *out, size_t len);
int rl_roll_told(sl_game *g, sl_die die, int target, const char *test, int unit, rl_roll_words say, const void *ctx);
void rl_journal_truncate(sl_journal *j, int n);
/* A copy of `e` at the journal's end, its json and text replaced where
 * given (NULL: its own), each side's version kept when `sides`; false
 * when short of memory (the event is counted, whatever it got). */
bool rl_journal_append_copy(sl_journal *j, const sl_event *e, const char *json, const char *text, bool sides);
void rl_journal_free(sl_journal *j);
/* Each side's reading of a game's journal, kept between the solo
 * opponent's decisions (knowledge.c reads into it): what it read
 * (`read` of the game's events, the last of them with chain `chain`),
 * the reading's count and its journal; `lent` while a known game holds
 * that journal. */
typedef struct rl_kept_reading {
    int read;
    uint64_t chain;
    bool lent;
    sl_reading r;
    sl_journal j;
} rl_kept_reading;
struct rl_readings {
    rl_kept_reading side[SL_MAX_SIDES];
};
struct rl_readings *rl_readings_new(void);
/* Forget what the side read (its journal is read again from the start). */
void rl_reading_forget(rl_kept_reading *k, int side);
void rl_readings_free(struct rl_readings *rs);

/* --- support.c -------------------------------------------------------------------- */

const char *rl_side_name(const sl_game *g, int side);
const char *rl_unit_name(const sl_game *g, int unit);
/* The length of a solo reason's head, what it does, before its first
 * ": " (the why). A decision that leads to another quotes only the
 * other's head: its why is written once, at the decision that does it. */
int rl_reason_head(const char *why);
/* Figures of a unit standing (not dead, not wounded). */
int rl_living(const sl_game *g, int unit);
sl_pt rl_unit_centre(const sl_game *g, int unit);
/* The figure a unit is measured from. */
int rl_unit_centre_figure(const sl_game *g, int unit);
/* Fail what is being asked, with a reason. Returns false. */
bool rl_refuse(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* More than half the unit's standing figures in cover, with some of them
 * placed elsewhere (NULL: where they stand). */
bool rl_unit_in_cover_at(const sl_game *g, int unit, const sl_placement *pl);

/* The unit a fireteam or detached element belongs to (its squad, its
 * parent), else the unit itself: what stands under one counter and is on
 * the table or not as one (support.c). */
int rl_base_unit(const sl_game *g, int unit);

/* A length in mils as "%.2f" writes it in inches and a parse reads it
 * back (to the nearest 10 mils): for words the journal has always had. */
int32_t rl_hundredths(int32_t v);

/* --- known.c: what each side knows of a unit (p25, lose_contact) ----------------------- */

/* Is the unit (or its squad) still only a counter to its enemies? */
bool rl_fog_counter(const sl_game *g, int unit);
/* Any counter left on the table. */
bool rl_fog_active(const sl_game *g);
/* Units out of a side's sight are played (option lose_contact). */
bool rl_contact_on(const sl_game *g);
/* Every man of the unit still up is out of the side's sight. */
bool rl_contact_lost(const sl_game *g, int side, int unit);
/* Text (or a JSON line) as `side` may read it: hidden units called by
 * their counters. NULL when nothing changes; else malloc'd. */
char *rl_fog_censor(const sl_game *g, int side, const char *s, bool json);
/* A command line given by `side` names by id (or a figure's id) no unit
 * hidden from that side: such a name is refused exactly as an id that
 * names nothing, whatever is under the counter (it is named `?A`). */
bool rl_fog_names_known(const sl_game *g, int side, const char *line, char *err, size_t errlen);
/* The game's parts as `side` knows them (sl_game_parts_for; with
 * drop_no, a counter's part number left out too, as in the side's known
 * game): a copy, NULL when the game has none or out of memory. */
struct sl_parts *rl_parts_known(const sl_game *g, int side, bool drop_no);
/* The line of a command built for `side` (the window, the solo player)
 * with every unit hidden from that side named by its counter; false when
 * there is none to rename. */
bool rl_fog_command_line(const sl_game *g, int side, const char *line, char *out, size_t outlen);
/* Does the text name a unit of `owner` that `side` does not know? */
bool rl_fog_secret(const sl_game *g, int side, int owner, const char *s, bool json);

/* --- bases.c: a move ends clear of other bases (our reading, every ruleset) ----------- */

/* Do the unit's men figs[0..n-1], ending at ends[k], stand clear of every
 * other unit's bases? Touching is clear; the unit's own whole (a squad's
 * fireteams), units aboard or not yet on the table, and enemy counters
 * its side cannot see into are not weighed, so a refusal tells nothing
 * hidden. False with the reason, naming both units, no figure ids. */
bool rl_ends_clear(const sl_game *g, int unit, const int *figs, const sl_pt *ends, int n, char *why, size_t whylen);

/* --- fog.c: hidden units and dummies (p25) -------------------------------------------- */

/* Letters for the counters, shuffled by the seed; counters placed. */
void rl_fog_init(sl_game *g);
/* Reveal a counter (a dummy is removed), saying why; flip it over (a
 * unit is there). Nothing when it is no counter. */
void rl_reveal(sl_game *g, int unit, const char *why);
void rl_flip(sl_game *g, int unit, const char *why);
/* Sight from a unit to a counter's marker (cover there, range). */
void rl_counter_sight(const sl_game *g, int viewer, int target, sl_unit_sight *out);
/* Counters an enemy now sees in the open, or stands in contact with. */
void rl_fog_check(sl_game *g);

/* --- contact.c: units out of a side's sight (option lose_contact) --------------------- */

/* The unit in every side's sight where it stands (set out, revealed). */
void rl_contact_reset(sl_game *g, int unit);
/* During a move: who sees the mover now, and what it comes upon. */
void rl_contact_watch(sl_game *g, int mover);
/* After a command: sight of every unit, and the journal told of changes. */
void rl_contact_check(sl_game *g);

/* --- outcome.c: how the game ends -------------------------------------------------- */

/* After every command: a side destroyed or routed ends the game; places
 * to reach are scored when reached. */
void rl_outcome_check(sl_game *g);
/* At the end of a turn: is that the last? If so the places are scored,
 * the winner said, and true (no new turn starts). */
bool rl_outcome_turn_end(sl_game *g);

/* --- snapshot.c: everything a command can change --------------------------------------- */

/* Everything a command can change, so a refused one changes nothing. */
typedef struct rl_snapshot {
    sl_unit *units;
    sl_figure *figures;
    sl_unit_state *us;
    unsigned char *house;
    sl_dice dice;
    int turn, side_to_act, act_depth, spent_side, last_first, ncommands, journal_n;
    int act_unit[SL_ACT_STACK], act_left[SL_ACT_STACK], act_transfers[SL_ACT_STACK];
    bool done[SL_MAX_SIDES];
    sl_pending pending;
    sl_frame frames[SL_FRAME_STACK];
    int nframes;
    sl_move mv;
    sl_outcome outcome;
} rl_snapshot;

bool rl_snapshot_take(const sl_game *g, rl_snapshot *s);
void rl_snapshot_restore(sl_game *g, rl_snapshot *s);
void rl_snapshot_drop(rl_snapshot *s);

/* A what-if: the game as it would be with some figures standing
 * elsewhere, to ask anything of (sight, fire, cover, who a squad leader
 * counts with) without moving a figure of the game itself. It shares all
 * but the figures with the game, which must not change while it is open. */
typedef struct rl_view {
    sl_game g;
    const sl_game *of;
} rl_view;
bool rl_view_init(rl_view *v, const sl_game *g);
/* The figures where the game has them, then the placement's elsewhere. */
void rl_view_place(rl_view *v, const sl_placement *pl);
void rl_view_free(rl_view *v);

/* --- sets.c: figures acting or shot at together ------------------------------------- */

#define RL_SET_MAX SL_SIGHT_MAX_FIGS
#define SL_MAX_TEAMS SL_MAX_PARTS /* a squad's fireteams at most */

typedef struct rl_figset {
    int fig[RL_SET_MAX];
    int n;
} rl_figset;

/* What a fire or an assault is aimed at: the units it is made of (teams
 * shot at together, or one unit), their figures (with a squad leader
 * counted among them) and a name for the journal. */
typedef struct rl_tgroup {
    int unit[8];
    int nunits;
    rl_figset f;
    bool in_position;           /* every unit in it In Position */
    char name[200];
    /* fire at a face-down counter (p25): its figures all taken to stand
     * at its marker (the firer knows no more) */
    bool counter;
    sl_pt at[SL_SIGHT_MAX_FIGS];
} rl_tgroup;

void rl_set_unit(const sl_game *g, int u, rl_figset *s);
void rl_set_add(rl_figset *s, int fig);
bool rl_set_has(const rl_figset *s, int fig);
bool rl_set_intact(const sl_game *g, const rl_figset *s);

/* How a squad split into fireteams is made up (the loader builds it; the
 * fireteams house rule says what it may do). */
int rl_squad_of(const sl_game *g, int u);
bool rl_has_teams(const sl_game *g, int u);
/* The unit's leader standing, or -1. */
int rl_squad_leader(const sl_game *g, int squad);
/* The squad leader standing in no team, or -1. */
int rl_independent_leader(const sl_game *g, int squad);
bool rl_in_squad_integrity(const sl_game *g, int squad, int team);
/* The teams nearest the squad leader (tied[] holds more than one when
 * equally near), how many, and the distance in inches. */
int rl_nearest_teams(const sl_game *g, int squad, int tied[SL_MAX_TEAMS], double *gap);
int rl_nearest_team(const sl_game *g, int squad, bool *tie);
/* Inches from the squad leader to the team's nearest standing figure. */
double rl_team_gap(const sl_game *g, int squad, int team);
/* Is the squad (or one of its teams) acting now? */
bool rl_squad_acting(const sl_game *g, int squad);
/* The team an independent squad leader counts with now (*tie when two
 * are equally near). */
int rl_leader_team_now(const sl_game *g, int squad, bool *tie);
bool rl_leader_suppressed(const sl_game *g, int squad);
/* The same for any unit: a squad split into fireteams whose leader is
 * suppressed now (with the team he acts with, else the nearest team; not
 * on a tie); the team an independent squad leader counts with now, -1 (a
 * tie, no leader, or no teams). */
bool rl_game_leader_suppressed(const sl_game *g, int squad);
int rl_game_leader_team(const sl_game *g, int squad);
/* Is the figure suppressed: its unit's marker, its team's, or for an
 * independent squad leader, the team he counts with? */
bool rl_fig_suppressed(const sl_game *g, int fig);
/* A team may give men (to another team, or to a detached element) and
 * keep `left` of them: it stands within squad integrity and keeps two men
 * or more besides the squad leader. */
bool rl_team_may_give(const sl_game *g, int sq, int t, int left, const char *what, char *why, size_t whylen);
/* The squad's figures in order (independent leader, then each team) and
 * each team's stretch of them set again. */
void rl_reorder_squad(sl_game *g, int sq);
/* The squad's morale and state, copied to its teams (which read their
 * quality, leadership and confidence as their own). */
void rl_teams_sync(sl_game *g);

/* A detached element whose squad still stands: it acts only on its squad
 * leader's orders, and is not counted as a unit of its own (p17). */
bool rl_det_bound(const sl_game *g, int u);

/* Who carries out a command: a plain unit, a fireteam, a whole squad of
 * fireteams, or its squad leader alone. */
typedef enum rl_role { RL_PLAIN, RL_TEAM, RL_WHOLE, RL_LEADER } rl_role;
rl_role rl_role_of(const sl_game *g, const sl_command *c);
/* The figures that carry out a command: a unit's own, a team and the
 * squad leader with it, or the squad leader alone. */
void rl_acting_set(const sl_game *g, const sl_command *c, rl_figset *s);
/* Who carries out a command, in words for the journal. */
const char *rl_actor_name(const sl_game *g, const sl_command *c, char *buf, size_t len);
/* The unit fire answering an action is aimed at: the actor, or for a
 * squad leader acting alone, the team he counts with. */
int rl_action_target(const sl_game *g, int actor, const sl_command *c);

/* The target of a fire at `target` by `firer` (-1: none): a squad of
 * fireteams is its teams together (strict: refused unless they are within
 * fireteam integrity; else the team nearest the firer); `combined` adds
 * the enemy teams within fireteam integrity of a team. The query leaves a
 * squad leader standing equally near two teams with the first of them;
 * the resolution settles it with a die. */
bool rl_target_query(const sl_game *g, int firer, int target, bool combined, bool strict, rl_tgroup *tg, char *why,
                     size_t whylen);
bool rl_target_resolve(sl_game *g, int firer, int target, bool combined, bool strict, rl_tgroup *tg, char *err,
                       size_t errlen);

/* --- turn.c: activations and the turn ------------------------------------------------- */

/* Start the next turn: markers up, who goes first. */
void rl_turn_start(sl_game *g);
/* ... with who goes first already settled by a rule (an ambush sprung or
 * found), for the reason given. */
void rl_turn_start_first(sl_game *g, int side, const char *why);
/* A side chose (or was given) the first activation. */
void rl_set_first(sl_game *g, int side, const char *why);
/* A side still to activate units this turn. */
bool rl_side_open(const sl_game *g, int side);
/* After an activation ends: whose turn is it, or is the turn over? */
void rl_next_activation(sl_game *g);
/* A unit begins acting with `actions` on top of the activation stack. */
void rl_push_activation(sl_game *g, int unit, int actions);
void rl_end_activation(sl_game *g, const char *why);
/* Spend actions of the active unit; end its activation when none are left. */
void rl_spend(sl_game *g, int n);
/* A unit fires out of its turn (opportunity or reaction fire): its
 * activation is spent (and, by the house rules, its squad's). */
void rl_spend_on_fire(sl_game *g, int u);

/* --- words.c: the words of a command line, both ways -------------------------------- */

/* command.c reads and writes the shapes every ruleset's commands share; a
 * rule's own words (rl_cmd_words) are read and written with these. */
#define RL_MAX_WORDS 112 /* a reorganise or regroup of SL_CMD_MAX_PLACE men, and room */

typedef struct rl_words {
    char buf[SL_CMD_TEXT];
    char *w[RL_MAX_WORDS];
    int n;
} rl_words;

/* The words of a line (up to a '#'); false when there are more than fit,
 * rather than reading part of the line. */
bool rl_split(const char *line, rl_words *ws);
/* A unit by id (or "?LETTER", the unit under a counter); the error
 * suggests the nearest id. */
bool rl_unit_word(const sl_scenario *scn, const char *id, int *out, char *err, size_t errlen);
/* "12.5,30" in inches, on the table. */
bool rl_point_word(const sl_scenario *scn, const char *s, sl_pt *out, char *err, size_t errlen);

/* A command line being written: the text so far within its buffer, the
 * scenario its ids come from and the row of its kind. */
typedef struct rl_line {
    char *s;
    size_t len, at;
    const sl_scenario *scn;
    const struct rl_cmd_def *def;
} rl_line;

void rl_put(rl_line *o, const char *fmt, const char *a);
/* " X,Y" */
void rl_put_point(rl_line *o, sl_pt p);
/* A unit's id, "?" for none. */
const char *rl_unit_id(const sl_scenario *scn, int u);

/* --- the tables (src/rules/tables.c) ------------------------------------------------- */

/* How a command's words read and are written (src/rules/command.c). */
typedef enum rl_shape {
    RL_SHAPE_UNIT,              /* VERB UNIT (SQUAD.L allowed) */
    RL_SHAPE_ONE_UNIT,          /* VERB UNIT (no SQUAD.L) */
    RL_SHAPE_UNIT_UNIT,         /* VERB UNIT [glue] UNIT */
    RL_SHAPE_MOVE,              /* VERB UNIT [jog|run|sprint|sneak] [to|via] X,Y ... */
    RL_SHAPE_FIRE,              /* fire UNIT at TARGET [combined] [with] */
    RL_SHAPE_PLACE,             /* VERB UNIT [FIGURE X,Y ...] */
    RL_SHAPE_FIGURES,           /* VERB SQUAD FIGURE ... */
    RL_SHAPE_UNIT_POINT,        /* VERB UNIT [X,Y] */
    RL_SHAPE_END,               /* end [UNIT] */
    RL_SHAPE_SIDE,              /* VERB SIDE */
    RL_SHAPE_DECIDE,            /* decide ... */
    RL_SHAPE_POINTS,            /* VERB [X,Y ...] */
    RL_SHAPE_UNIT_AT,           /* VERB UNIT at X,Y [the row's own words] (call-fire) */
    RL_SHAPE_OWN,               /* VERB [the row's own words]: all of it read by the row (seal, open) */
    RL_SHAPE_UNIT_UNIT_WAY      /* VERB UNIT TARGET [X,Y ...] (a charge, with its way) */
} rl_shape;

/* What kind of thing a command is, for the game's dispatch. */
enum {
    RL_CMD_FRAMED = 1u << 0,    /* runs through the frames: it may be answered, then it is spent */
    RL_CMD_CHECKED = 1u << 1,   /* has the checks of every action of the active unit */
    RL_CMD_ACTION = RL_CMD_FRAMED | RL_CMD_CHECKED,
    RL_CMD_HANDS_ON = 1u << 2,  /* spends its actions itself (a transfer hands them on) */
    RL_CMD_ALL_LEFT = 1u << 3,  /* takes every action left (at least one) */
    RL_CMD_WITH_LEADER = 1u << 4,/* a fireteam's squad leader may join it (with-leader) */
    RL_CMD_SHARED = 1u << 5,    /* the turn's own: every ruleset plays it, unless it answers it itself */
    RL_CMD_SECRET = 1u << 6,    /* written in secret: the other sides read only its word (an ambush's column) */
    RL_CMD_COMMS = 1u << 7,     /* a communication: allowed while suppressed or aboard (p18) */
    RL_CMD_NO_UNIT = 1u << 8,   /* names no acting unit: what it is about is in its own words (seal, open) */
    RL_CMD_LEADERS = 1u << 9    /* given to a squad split into fireteams, its leader alone does it (teams) */
};

#define RL_KIND_NEW (-2)        /* a house rule's own kind, numbered by the table */

struct rl_cmd_def;

/* A kind's own words, for a rule whose command says more than its shape
 * (RL_SHAPE_UNIT_AT, RL_SHAPE_OWN): `parse` reads words `from` on into the
 * command (its rule-specific part into c->rule, through the rule's own
 * struct); `write` writes them back after the shape's words; `variant`
 * sets the rule's part from the action bar's variant (sl_offer_command).
 * The rule bytes are zero when a command is built or not said, so the
 * rule's struct reads zero as "not said". Any of them NULL: none. */
typedef struct rl_cmd_words {
    bool (*parse)(const sl_scenario *scn, const rl_words *ws, int from, const struct rl_cmd_def *d, sl_command *c,
                  char *err, size_t errlen);
    void (*write)(rl_line *o, const sl_command *c);
    void (*variant)(sl_command *c, int variant);
} rl_cmd_words;

typedef struct rl_cmd_def {
    int kind;                   /* its sl_cmd_kind, or RL_KIND_NEW */
    const char *name;           /* the word that starts it */
    const char *alias;          /* another word for it, or NULL */
    rl_shape shape;
    const char *glue;           /* the word between unit and target ("to"), or NULL */
    const char *usage;
    int cost;                   /* actions it takes */
    unsigned flags;             /* RL_CMD_* */
    /* may it be done now (for actions, after the checks every action has) */
    bool (*can)(const sl_game *g, const sl_command *c, char *why, size_t whylen);
    /* do it: for actions, its effect once any answer to it has been
     * declared; for the rest, all of it */
    bool (*apply)(sl_game *g, const sl_command *c, char *err, size_t errlen);
    /* what the player picks for it in the window once chosen in the bar */
    sl_pick_info pick;
    /* its own words (NULL: its shape says all of it) */
    const rl_cmd_words *words;
} rl_cmd_def;

/* Words a rule adds to commands it does not own (a base command's: a
 * SkirmishCorps move's jog|run|sprint|sneak, a move's `opening` of a
 * sealed building). `on` says which commands take them (by row and
 * kind); `tail`: they come last on the line, else right after the unit.
 * command.c offers each word there to `take`, which says whether it is
 * the rule's, keeping what it says in the rule's own `bytes` of the
 * command (sl_command.rule: the tables give each rule's extra words a
 * stretch of its own, rl_cmd_extra_of; zero: not said), and `write`
 * writes them back, nothing when not said; `variant` (NULL: none) sets
 * them from the action bar entry's variant (sl_offer_command). A
 * command whose own row has words of its own (rl_cmd_words) takes no
 * extra words. Words that come several together or name figures (a
 * reorganise's "recover FIGURE[:ITEM] [to FIGURE]") or must see what the
 * command names (a fire's "combined" is for a fireteam target) give
 * `take_words` instead of `take`: it sees the scenario, the command as
 * read so far and the words from ws->w[k] on, and answers how many are
 * the rule's (0: none, -1: the rule's but refused, err says why); `write`
 * sees the scenario as o->scn. The place shape (a reorganise) offers
 * every word among its figures to tail extras and writes them after the
 * figures; the fire shape offers the word after its target to the others
 * and writes them there. */
typedef struct rl_cmd_extra {
    bool (*on)(const rl_cmd_def *d, int kind);
    bool tail;
    size_t bytes;
    bool (*take)(const char *word, void *mine);
    void (*write)(rl_line *o, const void *mine);
    void (*variant)(void *mine, int variant);
    int (*take_words)(const sl_scenario *scn, const rl_words *ws, int k, const sl_command *c, void *mine, char *err,
                      size_t errlen);
} rl_cmd_extra;

/* Words on who of the acting unit acts, which a rule that splits units
 * into parts adds to every command, own words or not (the fireteams'
 * "SQUAD.L", its leader alone, and "with-leader", a team joined by its
 * squad's leader): kept in the command's `actor` bytes (the tables give
 * each rule a stretch of its own, rl_cmd_actor_of; zero: not said).
 * command.c offers the acting unit's word to `take_unit` first (1: the
 * rule's, c->unit set; 0: not the rule's; -1: refused, err says why) and
 * `write_unit` writes it back after the unit's id; every word from the
 * line's third on is offered to `take` before the command's shape reads
 * the rest (the command's row d, NULL when the verb is none; 1 the rule's
 * and taken out of the line, 0 not, -1 refused), and `write` writes them
 * last on the line; `toggled` says them for the action bar's toggle
 * (sl_offer_command). The base reads none of it: it asks `acting`. */
typedef struct rl_actor_words {
    size_t bytes;
    int (*take_unit)(const sl_scenario *scn, const char *word, sl_command *c, void *mine, char *err, size_t errlen);
    void (*write_unit)(rl_line *o, const void *mine);
    int (*take)(const rl_cmd_def *d, const char *word, void *mine, char *err, size_t errlen);
    void (*write)(rl_line *o, const void *mine);
    void (*toggled)(const sl_scenario *scn, int kind, int unit, void *mine);
} rl_actor_words;

/* Who of a unit acts, as the `acting` hook answers (bits; 0: the unit as
 * it is): its leader alone, or a part joined by its parent's leader. */
enum { RL_ACTS_LEADER = 1, RL_ACTS_WITH_LEADER = 2 };

/* Picks for rl_cmd_def's last field. */
#define RL_PICK_NONE {SL_PICK_NONE, false, false, NULL, 0, false}
#define RL_PICK_SIDE {SL_PICK_SIDE, false, false, NULL, 0, false}
#define RL_PICK_UNIT(verb) {SL_PICK_UNIT, false, false, verb, 0, false}
#define RL_PICK_ENEMY(verb, card) {SL_PICK_UNIT, true, false, verb, card, false}
#define RL_PICK_POINT {SL_PICK_POINT, false, false, NULL, 0, false}
/* a point the command is judged open for before it is chosen (its `can`
 * honours any_point), so the bar greys it when it could not be given
 * anywhere: a call for fire with no asset or counter left */
#define RL_PICK_AIM {SL_PICK_POINT, false, false, NULL, 0, true}
#define RL_PICK_PATH {SL_PICK_PATH, false, false, NULL, 0, false}
#define RL_PICK_DESTINATION {SL_PICK_PATH, false, true, NULL, 0, false}
#define RL_PICK_FIGURES {SL_PICK_FIGURES, false, false, NULL, 0, false}
#define RL_PICK_LIST {SL_PICK_LIST, false, false, NULL, 0, false}

/* A decision a rule owns: its kind (a shared sl_decision_kind, or
 * RL_DECIDE_NEW for a kind of the rule's own, which the tables number
 * from SL_DECIDE_COUNT: find it with rl_decision_kind_of), what is chosen, whether
 * the solo player answers it, and the view it builds for a side (the
 * panel's words, the prompt, rings and answers; sl_game_decision has
 * filled in side, chooses, solo and the rest empty). */
#define RL_DECIDE_NEW (-2)      /* a rule's own decision kind, numbered by the tables */
typedef struct rl_tables rl_tables;

/* A word a rule adds to `decide` ("decide miss"), numbered by the tables
 * from SL_DECIDE_WORD_COUNT in their order (find it with
 * rl_decide_word_of; a command gives it in sl_command.decide). With
 * `choices` (NULL-ended) it is followed by one of them, whose place goes
 * in sl_command.choice ("decide hit ko"). */
typedef struct rl_decide_word {
    const char *word;
    const char *const *choices;
} rl_decide_word;

typedef struct rl_decision_row {
    int kind;
    sl_choose chooses;
    bool solo;
    const char *duty;           /* the panel's words after the side's name */
    void (*show)(const sl_game *g, int viewer, int chosen, int clicked, sl_decision_view *out);
    /* the solo player's answer (sl_game_auto_decide), built, with its
     * reason in the command's note ("solo: ..."); false: none */
    bool (*answer)(const sl_game *g, sl_command *out);
} rl_decision_row;
/* The solo player reacts when its chance to at least suppress is this good. */
#define RL_SOLO_THRESHOLD 0.35
/* A set-up's answer: the rule whose decision is pending builds it
 * (rl_hook_solo), with the reason (decide.c). */
bool rl_decision_answer_by_rule(const sl_game *g, sl_command *out);
/* For the rows' show: a prompt line, an answer (its command copied), a
 * ring; and a unit's name as the viewer knows it ("Counter A"). */
void rl_decision_line(sl_decision_view *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
sl_answer *rl_decision_answer(sl_decision_view *d, int key, int key2, int unit, const char *word, const sl_command *c);
void rl_decision_ring(sl_decision_view *d, int unit, sl_tone tone, const char *label);
const char *rl_name_for(const sl_game *g, int viewer, int unit, char *buf, size_t len);
/* The row of the decision pending: the ruleset's, a house rule's in play,
 * else the base's own (who goes first); NULL when none is pending. */
const rl_decision_row *rl_decision_row_of(const sl_game *g);
/* The row for `kind` among rows ended by kind SL_DECIDE_NONE (NULL-safe);
 * the base's own rows. */
const rl_decision_row *rl_decision_find(const rl_tables *t, const rl_decision_row *rows, int kind);
extern const rl_decision_row rl_base_decisions[];

/* What the player then picks for an action-bar entry (rl_offer_add): bits
 * for the sl_offer's needs_target, enemy_target, needs_path,
 * needs_figures, needs_point and toggle (then say its words with
 * rl_offer_toggle). */
enum {
    RL_OFFER_TARGET = 1u << 0,
    RL_OFFER_ENEMY = 1u << 1,
    RL_OFFER_PATH = 1u << 2,
    RL_OFFER_FIGURES = 1u << 3,
    RL_OFFER_POINT = 1u << 4,
    RL_OFFER_TOGGLE = 1u << 5,
};

/* Add an entry to the action bar out[*n] when there is room (*n < max):
 * the command kind and variant it gives, its label and key, what the
 * player then picks (RL_OFFER_*) and its order in the bar; the rest
 * zero. The entry, or NULL when the bar is full. */
sl_offer *rl_offer_add(sl_offer *out, int *n, int max, int kind, int variant, const char *label, const char *key,
                       unsigned picks, int order);
/* A toggle offer's words: what the window says when it turns on and
 * off, and what the bar's head adds after the unit while it is on. */
void rl_offer_toggle(sl_offer *o, const char *on, const char *off, const char *head);
/* A row of the help page's keys a rule gives (sl_game_help): the keys as
 * shown and what they do; a rule's rows end with one whose keys are NULL. */
typedef struct rl_help_row {
    const char *keys, *text;
} rl_help_row;
/* Add a line to a unit's profile out[*n] when there is room (*n < max):
 * a heading, or a key and its value. */
void rl_profile_add(sl_profile_line *out, int *n, int max, bool heading, const char *key, const char *value);

/* --- ruledata.c: a rule's own data of a scenario --------------------------------- */

/* What a rule (house rule or ruleset) reads of a scenario file for
 * itself: its keys at each place (sl_keys_where; NULL-ended lists, or
 * NULL), the bytes it keeps for the scenario as a whole, for each side
 * and for each unit, and `read`, which reads one object's keys into
 * them (rl_scn_edit). Zero bytes must mean "not said". The loader calls
 * it through sl_rule_keys_read; the rule reads them back in play with
 * rl_scn_top/_side/_unit, which give zeros where there is no data (a
 * scenario built by hand). Games made from a scenario share its data,
 * read only. */
typedef struct rl_scn_part {
    const char *const *keys[SL_KEYS_WHERE_COUNT];
    size_t top_bytes, side_bytes, unit_bytes, figure_bytes;
    void (*read)(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k);
    /* what of the rule's own `id` names ("support asset"), or NULL */
    const char *(*id_user)(const sl_scenario *scn, const char *id);
    /* the yes/no properties it reads of a map's features (NULL-ended, or
     * NULL): the map loader reads them into the feature's rule bits,
     * the rule asks them with sl_feature_rule_flag */
    const char *const *feature_flags;
    /* the units the rule makes of the forces as written, once the
     * rules have judged them (check_written): a squad's fireteams. Its
     * errors are said through `k`, the file's top level (units[i].id);
     * false stops the load (sl_rule_units_make). NULL: none */
    bool (*make)(sl_scenario *scn, const sl_keys *k);
} rl_scn_part;

#define RL_MAX_PARTS 8
#define RL_SCN_PART_MAX 4096 /* the most bytes a part keeps at one place */
/* The scenario's rule data, laid out for these parts (made by the
 * loader's first read), copied, and freed (NULL-safe). */
struct sl_rule_data *rl_scn_data_make(const rl_scn_part *const *parts, int n);
struct sl_rule_data *rl_scn_data_copy(const struct sl_rule_data *d);
void rl_scn_data_free(struct sl_rule_data *d);
/* A copy of d whose unit row i is d's row units[i] and figure row i d's
 * row figs[i] (-1: none, zeros); NULL when out of memory (or d NULL). */
struct sl_rule_data *rl_scn_data_mapped(const struct sl_rule_data *d, const int *units, int nu, const int *figs,
                                        int nf);
/* The parts it was laid out for, in order (for the loader's reads). */
int rl_scn_parts(const struct sl_rule_data *d, const rl_scn_part **out, int max);
/* A part's bytes for the whole scenario, a side, a unit, a figure
 * (zeros when none). */
const void *rl_scn_top(const sl_scenario *scn, const rl_scn_part *p);
const void *rl_scn_side(const sl_scenario *scn, const rl_scn_part *p, int side);
const void *rl_scn_unit(const sl_scenario *scn, const rl_scn_part *p, int unit);
const void *rl_scn_figure(const sl_scenario *scn, const rl_scn_part *p, int fig);
/* The same to write (a unit's or figure's grown into room as needed); NULL when the
 * scenario has no data or is out of memory. */
void *rl_scn_edit(sl_scenario *scn, const rl_scn_part *p, sl_keys_where where, int index);
/* Unit `unit` takes unit `from`'s bytes of every part (-1: zeros). */
bool rl_scn_unit_copy(struct sl_rule_data *d, int unit, int from);
/* Figures first+i take the bytes of first+from[i] (sl_rule_figures_moved). */
bool rl_scn_figures_moved(struct sl_rule_data *d, int first, int n, const int *from);

/* --- parts.c: units made of parts (sl_unit_whole ...), the scenario's `parts` --- */

/* A copy of a table of parts with rows for at least nunits units and
 * nfigs men, so that setting one of them cannot fail (NULL for NULL, or
 * when out of memory). */
struct sl_parts *rl_parts_copy(const struct sl_parts *p, int nunits, int nfigs);
/* Men first .. first+n-1 put in a new order, the one now at first+i was
 * at first+from[i]: their parts go with them. False when out of memory. */
bool rl_parts_figures_moved(sl_scenario *s, int first, int n, const int *from);
/* A unit hidden from a side: it lists no parts (with drop_no, it has no
 * part number either), though it stays part of its whole. */
void rl_parts_unit_hidden(sl_scenario *s, int unit, bool drop_no);

/* The place of `s` among n names, letter case aside; -1 none. */
int rl_word_index(const char *const *names, int n, const char *s);
/* An error at `key` (NULL: at the object itself), formatted. */
void rl_key_error(const sl_keys *k, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A ruleset plays the game: the shared turn sequence and journal, its own
 * commands and checks. */
typedef struct rl_ruleset {
    const char *name;           /* the rule option's value */
    const char *title;          /* for players: "Stargrunt II" */
    const char *const *unit_fields; /* fields every unit must give a scenario under it (NULL-ended), or NULL */
    const rl_cmd_def *commands; /* the commands it brings */
    int ncommands;
    /* the commands it answers itself (NULL: every one by the table) */
    bool (*handles)(const sl_game *g, int kind);
    bool (*can)(const sl_game *g, const sl_command *c, char *why, size_t whylen);
    bool (*apply)(sl_game *g, const sl_command *c, char *err, size_t errlen);
    /* may this living unit act this turn at all (SkirmishCorps: not
     * knocked out or stunned); one that may not is not still to activate.
     * NULL: every living unit may */
    bool (*may_act)(const sl_game *g, int unit);
    void (*turn_start)(sl_game *g);
    int (*offers)(const sl_game *g, int unit, sl_offer *out, int max);
    int (*marks)(const sl_game *g, int unit, sl_mark *out, int max);
    bool (*shows_done)(const sl_game *g, int unit);
    int (*card)(const sl_game *g, int unit, sl_card_line *out, int max);
    int (*profile)(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures);
    void (*way_text)(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                     char *l2, size_t len);
    bool (*way_progress)(const sl_game *g, int unit, bool combat, const sl_path_cost *one, const sl_path_cost *two,
                         char *l3, size_t len);
    /* a move command's plan (sl_game_way_plan): fills what the
     * rules know of it, or returns false when `c` is not such a move */
    bool (*way_plan)(const sl_game *g, const sl_command *c, sl_way_plan *out);
    /* what it draws on the table, and shows while a pick of one of its
     * commands is made (as the house rules' sketches and preview) */
    int (*sketches)(const sl_game *g, int viewer, sl_sketch *out, int max);
    bool (*preview)(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                    sl_preview *out);
    /* commands its own pending decision lets through (declared reactions) */
    bool (*pending_allows)(const sl_game *g, const sl_command *c);
    /* the house rules it plays, by their names (NULL: every one); a rule
     * it does not admit is not in play, whatever its option says */
    const char *const *admits;
    /* what the window shows under it (SL_SHOW_*), and why not the range
     * bands when it does not show them */
    unsigned shows;
    const char *no_bands;
    /* a unit's reach as V draws it (sl_unit_reach), and what players call
     * it ("range bands"); NULL: none */
    int (*reach)(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why);
    const char *reach_word;
    /* its rules are the Stargrunt II rulebook's, so that book's page
     * numbers ("(p15)") in shared rules' words are kept; else left out */
    bool book_pages;
    /* the enemies whose reach a planned way enters (sl_game_way_reach), or NULL */
    int (*way_reach)(const sl_game *g, int unit, const sl_pt *way, int nway, sl_way_reach *out, int max);
    /* the crew of an open-topped vehicle stands in the open: it may be
     * seen and shot at like any unit */
    bool open_top_crews_exposed;
    /* the words its decisions add to `decide` (rl_decide_word) */
    const rl_decide_word *decide_words;
    int ndecide_words;
    /* the words it adds to commands it does not own (rl_cmd_extra) */
    const rl_cmd_extra *extras;
    int nextras;
    /* the decisions it owns, as the window shows them (ended by a row
     * of kind SL_DECIDE_NONE) */
    const rl_decision_row *decisions;
    /* the state it keeps to itself, as a house rule keeps its own: bytes
     * per unit and for the game as a whole (0: none), zeroed when the
     * game is made and copied with it (rl_ruleset_state, or
     * rl_rule_state by its name) */
    size_t unit_bytes;
    size_t game_bytes;
    /* the help page's rows for its keys (sl_game_help; NULL-ended), or NULL */
    const rl_help_row *help;
    /* the loader's check of the units as written (sl_scenario_written_checks):
     * asked of every ruleset's row, whatever the scenario's, since a
     * field of its own may be given in any scenario */
    int (*check_written)(const sl_scenario *scn, sl_rule_issue *out, int max);
    /* what it reads of a scenario file for itself, or NULL */
    const rl_scn_part *scenario;
    /* what a figure carries as it says it (sl_figure_arms), or NULL */
    bool (*figure_arms)(const sl_scenario *scn, int fig, char *buf, size_t len);
    /* what the forces list says of a unit after its name, in its own
     * terms (sl_unit_makeup: Stargrunt II's "D8/2", SkirmishCorps'
     * "SP 6 · RE 4"), or NULL: nothing */
    void (*makeup)(const sl_scenario *scn, int unit, char *buf, size_t len);
    /* may the program play every side of the game (sl_game_solo_plays_all)?
     * false with why when a rule option leaves something to the players
     * (SkirmishCorps' attacks entered by hand); NULL: it may */
    bool (*solo_plays_all)(const sl_game *g, char *why, size_t whylen);
    /* how its players say a side has nothing left in the game, after
     * "Blue's units are" ("all out of the fight"); NULL: "Blue is
     * destroyed or routed" (Stargrunt II's words) */
    const char *units_gone;
    /* the base's rule options it plays by (NULL-ended); NULL: every one.
     * The others are not in play under it (sl_option_in_play): the
     * options page leaves them out, --rule says they change nothing */
    const char *const *base_options;
} rl_ruleset;

enum { RL_COMM_USUAL, RL_COMM_ROLL, RL_COMM_NONE };

/* Where a house rule has a unit (off_table). */
enum { RL_ON_TABLE, RL_OFF_TABLE, RL_TO_COME_ON };

/* How a unit came to act: its own activation, a transfer from its
 * commander, or orders its squad leader gave a fireteam. */
typedef enum rl_how { RL_BY_TURN, RL_BY_TRANSFER, RL_BY_ORDERS } rl_how;

/* The fire a rule is asked about (fire_at): which kind of fire. */
typedef enum rl_fire_kind {
    RL_FIRE_OWN,                /* a fire action in the firer's activation (sg2 fire) */
    RL_FIRE_OPPORTUNITY,        /* opportunity fire (house rule, seed 001) */
    RL_FIRE_OVERWATCH,          /* opportunity fire from an overwatch counter */
    RL_FIRE_REACTION,           /* reaction fire between a unit's two moves (p53) */
    RL_FIRE_COUNTER,            /* fire at a face-down counter in the firer's activation (recon by fire, p25) */
    RL_FIRE_SPOTTING,           /* an ambushed column's spotting attempt by fire (ambush, p25) */
    RL_FIRE_SC_ATTACK           /* a SkirmishCorps shot or throw, in an action or a reaction */
} rl_fire_kind;
/* The test a fire's rolls are journalled under: "spot" for a spotting
 * attempt by fire, "fire" for every other kind (sg2 fire's rolls;
 * defined in base support.c). */
const char *rl_fire_test_name(rl_fire_kind kind);

/* A fire at a target, as the path that makes it measures it. */
typedef struct rl_fire_ask {
    int firer, target;          /* units */
    rl_fire_kind kind;
    int32_t range;              /* mils, as the fire measures it (sg2: to the furthest unit shot at) */
    int band;                   /* its range band (sg2: 1..), or SkirmishCorps bracket (0 short), -1 none */
} rl_fire_ask;

/* A rule option a house rule declares in its row: listed by `sightline
 * options` right after the option named `after` (NULL: after the one
 * before it in the row; the row's first: at the end of the list, in the
 * table's order). Read it with rl_option. */
typedef struct rl_option_def {
    sl_option_desc d;           /* its `offset` unused */
    const char *after;
} rl_option_def;

/* The solo opponent's reading of the game for one side (opponent.c), as
 * a rule's tactics see it through the rl_policy_* questions below; and
 * the best command proposed so far, with its score and reason. */
typedef struct rl_policy rl_policy;
typedef struct rl_tactic {
    double score;
    sl_command cmd;
    char why[SL_CMD_NOTE - 8];
} rl_tactic;

/* A house rule: when it is in play, its commands, its state, and the
 * questions it answers. Every hook may be NULL; the base asks each one of
 * every rule in play that answers it, in the table's order (hooks.c).
 * Hooks that say *decided (or *handled) take the question over from the
 * base rules when they set it. The paths that ask are named: "sg2" is
 * the Stargrunt II ruleset's (SkirmishCorps asks only those marked
 * "every ruleset"). A new hook goes under its question, and into
 * hooks.c's RL_QUESTIONS and a dispatcher there. */
typedef struct rl_house {
    const char *name;           /* as sl_game_house_rule and rl_rule_state know it */
    const char *source;         /* where its text is ("seed 001", "rulebook p24") */
    const char *title;          /* in a sentence: "the opportunity fire house rule" */
    const char *option;         /* the rule option that turns it on, or NULL */
    bool (*on)(const sl_game *g);
    /* a ruleset's own rule: in play only under a ruleset whose `admits`
     * names it, never under one admitting every rule (NULL admits) */
    bool named_only;
    const rl_cmd_def *commands; /* commands it adds */
    int ncommands;
    size_t unit_bytes;          /* per-unit state it keeps to itself (rl_rule_state) */
    size_t game_bytes;          /* state for the game as a whole (rl_rule_game_state); 0: unit_bytes */
    /* per-figure state it keeps to itself (rl_figure_state): it goes with
     * the man wherever he is (a detached element, another team) */
    size_t figure_bytes;

    /* --- may: refusals (false: why, in words naming the rule) --- */
    /* may the unit be activated (sg2 activate's check) */
    bool (*activate_can)(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
    /* an action's checks (sg2 act_check, every action of the active
     * unit): before the actions left are counted, and the acting unit's
     * state (in place of the base's) */
    bool (*cost_check)(const sl_game *g, const sl_command *c, char *why, size_t whylen);
    bool (*actor_check)(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
    /* may this move be made (sg2 mv_can: a move's check and its offer) */
    bool (*move_check)(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
    /* may the unit fire at all, in its turn or out of it (sg2 fire's
     * firer checks: own, opportunity, reaction and spotting fire, and
     * every preview of them) */
    bool (*fire_able)(const sl_game *g, int unit, char *why, size_t whylen);
    /* may this fire at this target be made: asked by every fire at a unit
     * or counter, with its kind and range (sg2 fire in an activation and
     * at counters, its previews and the window's, p53 reaction fire's
     * candidates and resolution, opportunity fire and overwatch offers,
     * choices and resolution, the ambush's spotting fire, the exposure of
     * a planned way, a SkirmishCorps attack and its card). A refused
     * target is not offered; fire out of turn refused at resolution is
     * noted and lost, nothing else */
    bool (*fire_at)(const sl_game *g, const rl_fire_ask *a, char *why, size_t whylen);
    /* a reorganise's own work a rule adds (cross training's recovery): may
     * it (sg2 reorganise's check) */
    bool (*reorganise_check)(const sl_game *g, const sl_command *c, char *why, size_t whylen);
    /* may a side be done with the set-up phase (sg2 done's check) */
    bool (*done_can)(const sl_game *g, int side, bool *decided, char *why, size_t whylen);
    /* commands a pending decision of the rule lets through (sl_game_can,
     * every ruleset) */
    bool (*pending_allows)(const sl_game *g, const sl_command *c);
    /* does the unit keep its activation though its actions are given
     * away, still to be used (rl_end_activation, rl_spend, sg2 frames) */
    bool (*holds_activation)(const sl_game *g, int unit);
    /* is a unit (a squad or unit, not a team) off the table by this rule:
     * RL_OFF_TABLE while it is not set out yet, RL_TO_COME_ON while it
     * waits to come on (it does when activated); RL_ON_TABLE otherwise.
     * Asked by sl_game_off_table and sl_game_not_yet_on (every ruleset:
     * sight, targets, counts, the outcome) */
    int (*off_table)(const sl_game *g, int unit);
    /* may this unit be placed now, in a set-up the rule runs (a counter
     * of the side setting up; true from any rule stands): asked by
     * sl_game_placeable (the window's unit order and set-up card) */
    bool (*placeable)(const sl_game *g, int unit);

    /* --- adjust: numbers --- */
    /* the range die's shift for fire at a unit, with the reason in words
     * (sg2 fire's plan, every kind of sg2 fire and its previews) */
    int (*range_shift)(const sl_game *g, int target, char *why, size_t whylen);
    /* a unit's move, given the base (sg2 moves and their previews) */
    int32_t (*move_allowance)(const sl_game *g, int unit, int32_t base);
    /* mils a move's way costs over its going: entering a sealed building
     * (sg2 mv_can and the move itself) */
    int32_t (*way_extra)(const sl_game *g, const sl_command *c);
    /* a communication between two units: RL_COMM_USUAL (the base's way:
     * free within 6"), RL_COMM_ROLL (a roll however close, why says so)
     * or RL_COMM_NONE (it cannot be made, why says so); the strictest
     * answer stands (sg2 transfer, communicate, rally) */
    int (*comm)(const sl_game *g, int a, int b, char *why, size_t whylen);
    /* the team a squad's leader acts with in the squad's activation, -1:
     * none said (base sets.c: rl_leader_team_now, rl_leader_suppressed,
     * so every sg2 path that counts the leader with one of its teams) */
    int (*leader_team)(const sl_game *g, int squad);
    /* who of the command's unit acts (RL_ACTS_* bits, 0: the unit as it
     * is), as the rule's words on it say (rl_actor_words; base sets.c:
     * rl_role_of, rl_acting_set, rl_actor_name, so every path that finds
     * the acting figures; sg2 move's journal) */
    unsigned (*acting)(const sl_game *g, const sl_command *c);

    /* --- after: things that happen (the rule's own work, or in place of the base's) --- */
    bool (*activate)(sl_game *g, const sl_command *c);     /* sg2 activate: true, it activated the unit itself */
    void (*activated)(sl_game *g, int unit, rl_how how);   /* after "activated" is journalled (sg2) */
    void (*activation_ended)(sl_game *g, int unit);        /* rl_end_activation */
    /* an action declared (sg2 frames: an action, a move along its way,
     * fire out of turn): answers to it may be offered (true: a decision
     * is pending) */
    bool (*declared)(sl_game *g, sl_frame *f, bool along_move);
    /* the parts of an action only this rule's units have (sg2 frames and
     * moves; *handled: it did all of it) */
    bool (*resolve)(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen);
    void (*moved)(sl_game *g, const sl_move *mv);          /* a sg2 move finished */
    /* decisions this rule asks for (sg2 decide) */
    bool (*decide)(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen);
    /* fire out of turn at a frame's target (sg2 frames): the test before
     * it (false: nothing more happens; the first rule's answer stands),
     * and what it did to a mover */
    bool (*fire_test)(sl_game *g, sl_frame *f);
    void (*after_fire)(sl_game *g, sl_frame *f);
    void (*spent_on_fire)(sl_game *g, int unit);           /* rl_spend_on_fire: fire out of turn spent it */
    void (*suppressed)(sl_game *g, int unit, bool leader_was); /* sg2 morale: a unit suppressed */
    /* what being fired upon does (sg2 fire; suppressed: the fire did) */
    void (*fired_upon)(sl_game *g, int target, bool suppressed);
    /* a reorganise's own work (before first aid), and one taken (sg2) */
    bool (*reorganise)(sl_game *g, const sl_command *c, char *err, size_t errlen);
    /* does this reorganise leave its unit's wounded without first aid
     * (cross training's "untreated"): sg2 reorganise, before its first
     * aid rolls; any rule saying so withholds it */
    bool (*first_aid_withheld)(const sl_game *g, const sl_command *c);
    /* does this fire at a fireteam take along every enemy team within
     * fireteam integrity of it (the fireteams' "combined"): sg2 fire's
     * check and resolution, which hand it to rl_target_query/resolve;
     * any rule saying so makes it so */
    bool (*target_combined)(const sl_game *g, const sl_command *c);
    void (*reorganised)(sl_game *g, int unit);
    /* a casualty back in action, fit again (sg2 first aid's 6 or more) */
    void (*back_in_action)(sl_game *g, int fig);
    void (*turn_start)(sl_game *g);                        /* rl_turn_start, every ruleset */
    void (*after_command)(sl_game *g);                     /* sl_game_apply, every ruleset */
    /* the game's start (rl_game_start, every ruleset): true when the rule
     * took it over (a set-up phase before the first turn); a side done
     * with it (sg2 done) */
    bool (*game_start)(sl_game *g);
    bool (*done)(sl_game *g, int side);

    /* --- show: the window (sl_game_offers, sl_game_marks, sl_game_card; every ruleset) --- */
    int (*offers)(const sl_game *g, int unit, sl_offer *out, int max);
    int (*marks)(const sl_game *g, int unit, sl_mark *out, int max);
    int (*card)(const sl_game *g, int unit, sl_card_line *out, int max);
    /* still in its activation through the units it gave actions to (sg2
     * marks and the done ring) */
    bool (*busy)(const sl_game *g, int unit);
    /* does the unit hold a counter that lets it fire at an acting enemy
     * without a test (sl_game_watching: the window's exposure lines and
     * its watch overlay) */
    bool (*watching)(const sl_game *g, int unit);
    /* would `unit`, which sees `mover` where the what-if `at` has it
     * (rl_view), open fire on it as it moves, and with what chance of at
     * least suppressing it (*p; false: it would not). Asked by
     * sl_game_exposure (base exposure.c, every ruleset: the window's
     * exposure lines, the solo opponent's ways); the first rule that
     * would stands */
    bool (*fires_at_mover)(const sl_game *at, int unit, int mover, double *p);
    /* has the man kit the rule marks as lost to him (cross training's
     * failed recovery; sl_game_figure_kit_lost: the window's crossed box
     * at his base) */
    bool (*kit_lost)(const sl_game *g, int fig);
    /* what it draws on the table now for side `viewer` (-1: the referee),
     * in drawing order (sl_game_sketches, every ruleset: missions on
     * their way, a burst, buildings' states) */
    int (*sketches)(const sl_game *g, int viewer, sl_sketch *out, int max);
    /* what it shows while `unit` picks for a command of `kind` (true: it
     * filled `out`, the first rule's stands; sl_game_pick_preview, every
     * ruleset, after the ruleset's own: the odds of a call at the pointer) */
    bool (*preview)(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                    sl_preview *out);
    /* the list a command of `kind` picks from (sl_game_pick_list: the
     * window's SL_PICK_LIST), with the items chosen and toggles on; false
     * when the rule gives none for it now. And the command those choices
     * make (sl_game_pick_list_command; false: not the rule's list) */
    bool (*pick_list)(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles, sl_list_view *out);
    bool (*pick_list_command)(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles,
                              sl_command *out);

    /* --- tactics: the solo opponent (solo.c through rl_hook_solo, every ruleset) --- */
    /* the rule's answer to a decision of its own pending, built as a
     * command (sl_cmd_init and its fields), and the reason in words;
     * false when it has none. Its `text` stays "" unless the journal has
     * always had the line in words of the rule's own (set-up's points to
     * a tenth): the journal keeps that as written */
    bool (*solo_cmd)(const sl_game *g, sl_command *out, char *why, size_t whylen);

    /* the opponent, for the active unit (opponent.c, every ruleset): the
     * rule's orders that take its command over before any scoring (false:
     * none), and its scored proposals among the unit's actions
     * (rl_tactic_consider; asked after the unit's fire, before its
     * assaults) */
    bool (*orders)(const rl_policy *p, int unit, sl_command *out, char *why, size_t whylen);
    void (*tactics)(const rl_policy *p, int unit, rl_tactic *best);
    /* the opponent, when no unit of its side is acting and it is its
     * side's turn (opponent.c, every ruleset): the rule's choice of what
     * the side does (a unit assigned, a pass, done), before the policy's
     * own (false: none); asked too for the reason it goes first */
    bool (*side_orders)(const rl_policy *p, sl_command *out, char *why, size_t whylen);
    /* the opponent's plan (opponent.c, every ruleset): what a unit with no
     * place to take or hold does this turn, in the rule's own words (the
     * plan's "advance to contact" is Stargrunt's); false: the policy's */
    bool (*aim_words)(const rl_policy *p, int unit, char *words, size_t len);

    /* --- check: the loader (sl_scenario_rule_checks, every ruleset) --- */
    /* what it says of a scenario before play: its problems into out[], at
     * most max; how many it wrote */
    int (*check)(const sl_scenario *scn, sl_rule_issue *out, int max);
    /* the same of the forces as the scenario writes them, before the
     * loader splits squads into their fireteams and makes their elements
     * (sl_scenario_written_checks): a problem here stops the load there */
    int (*check_written)(const sl_scenario *scn, sl_rule_issue *out, int max);
    /* what it reads of a scenario file for itself (rl_scn_part), or NULL */
    const rl_scn_part *scenario;

    /* --- its rule options (sightline options, a scenario's "rules"), in
     * the order rl_option numbers them --- */
    const rl_option_def *options;
    int noptions;

    /* --- show: its decisions as the window shows them (sl_game_decision;
     * ended by a row of kind SL_DECIDE_NONE) --- */
    const rl_decision_row *decisions;
    /* the words its decisions add to `decide` (rl_decide_word) */
    const rl_decide_word *decide_words;
    int ndecide_words;
    /* the words it adds to commands it does not own (rl_cmd_extra) */
    const rl_cmd_extra *extras;
    int nextras;
    /* its words on who of the acting unit acts (rl_actor_words), or NULL */
    const rl_actor_words *actor_words;
    /* a card it shows while no decision waits, until the next command (an
     * ambush just sprung: who activates first and why): its title, tone
     * and lines in the view; false none (sl_game_notice, the window) */
    bool (*notice)(const sl_game *g, int viewer, sl_decision_view *out);
    /* what the window shows while it is in play (SL_SHOW_*, sl_game_shows:
     * opportunity fire, a planned way's exposure) */
    unsigned shows;
    /* --- show: the help page's rows for its keys (sl_game_help; NULL-ended) --- */
    const rl_help_row *help;
} rl_house;

/* --- the tables a game is played with -------------------------------------------------- */

/* Every ruleset (indexed by the rule option `ruleset`) and every house
 * rule (asked in this order): src/rules/tables.c's rows, which game.c
 * hands to each game it makes (the base never reads them otherwise). */
#define RL_MAX_RULES 32
typedef struct rl_tables {
    const rl_ruleset *const *rulesets;
    int nrulesets;
    const rl_house *const *houses;
    int nhouses;
} rl_tables;

/* rows.c: the tables read. The ruleset an option names; the command row
 * of a kind (NULL: none) and who brings it (a ruleset or a house rule,
 * the other NULL); the kind a row gives (its own, or the number given a
 * house rule's new one); every kind there is; the kind a word names. */
const rl_ruleset *rl_rows_ruleset(const rl_tables *t, const sl_options *o);
const rl_cmd_def *rl_rows_cmd(const rl_tables *t, int kind, const rl_ruleset **rs, const rl_house **h);
int rl_rows_kind(const rl_tables *t, const rl_cmd_def *d);
int rl_rows_kinds(const rl_tables *t);
int rl_rows_find(const rl_tables *t, const char *word);
/* The number of a rule's own decision kind (its row's, RL_DECIDE_NEW),
 * and of a rule's own decide word; the word row of a number (NULL: none,
 * or the base's) and the number of a word (-1: none of the rules'). */
int rl_rows_decision_kind(const rl_tables *t, const rl_decision_row *row);
int rl_rows_decide_number(const rl_tables *t, const rl_decide_word *w);
const rl_decide_word *rl_rows_decide_word(const rl_tables *t, int number);
int rl_rows_decide_find(const rl_tables *t, const char *word);
/* The rules' extra words in table order, the i-th (NULL past the last),
 * and where its bytes start in sl_command.rule. */
const rl_cmd_extra *rl_rows_extra(const rl_tables *t, int i);
size_t rl_rows_extra_at(const rl_tables *t, const rl_cmd_extra *x);
const rl_actor_words *rl_rows_actor(const rl_tables *t, int i);
size_t rl_rows_actor_at(const rl_tables *t, const rl_actor_words *x);
/* The bytes the house rules keep for a game of `nunits` units and
 * `nfigures` figures. */
size_t rl_rows_house_bytes(const rl_tables *t, int nunits, int nfigures);
/* The same of a game's own tables: what a rule asks. */
const rl_cmd_def *rl_command_row(const sl_game *g, int kind);
const rl_cmd_def *rl_command_owner(const sl_game *g, int kind, const rl_ruleset **rs, const rl_house **h);
int rl_command_kind(const sl_game *g, const rl_cmd_def *d);
const char *rl_command_name(const sl_game *g, int kind);

/* The same without a game (src/rules/registry.c, over tables.c's rows):
 * for the command line's parser and the public face. A rule file has a
 * game: it asks the rl_command_* above. */
const rl_cmd_def *rl_cmd_def_of(int kind);
const rl_cmd_def *rl_cmd_owner(int kind, const rl_ruleset **rs, const rl_house **h);
int rl_cmd_kind_of(const rl_cmd_def *d);
/* The number the tables give a rule's own decision kind and decide word. */
int rl_decision_kind_of(const rl_decision_row *row);
int rl_decide_word_of(const rl_decide_word *w);
/* A rule's extra words' bytes in a command (rl_cmd_extra), and every
 * rule's extra words the command's row takes, i from 0 (NULL past the
 * last). */
void *rl_cmd_extra_of(sl_command *c, const rl_cmd_extra *x);
const void *rl_cmd_extra_in(const sl_command *c, const rl_cmd_extra *x);
const rl_cmd_extra *rl_cmd_extra_for(const rl_cmd_def *d, int kind, int i);
/* A rule's words on the acting unit in a command (rl_actor_words), and
 * every rule's such words, i from 0 (NULL past the last). */
void *rl_cmd_actor_of(sl_command *c, const rl_actor_words *x);
const void *rl_cmd_actor_in(const sl_command *c, const rl_actor_words *x);
const rl_actor_words *rl_cmd_actor_words(int i);

/* --- hooks.c: the house rules a game plays ------------------------------------------------- */

/* The game's plan: made with the tables at sl_game_init, resolved from
 * its options (again at sl_game_begin and before every command, in case
 * a test or a tool set an option), copied with clones. */
bool rl_plan_make(sl_game *g, const rl_tables *t);
void rl_plan_resolve(sl_game *g);
bool rl_plan_copy(sl_game *dst, const sl_game *src);
void rl_plan_free(sl_game *g);
const rl_tables *rl_tables_of(const sl_game *g);
/* The ruleset the game is played by. */
const rl_ruleset *rl_ruleset_of(const sl_game *g);
/* Is the house rule in play: admitted by the game's ruleset, and its `on`? */
bool rl_house_in_play(const sl_game *g, const rl_house *h);
/* Is it admitted by the game's ruleset (whether or not its option is on)? */
bool rl_house_admitted(const sl_game *g, const rl_house *h);

/* A rule's state, by its name (its row's `name`, "artillery"): its bytes
 * for a unit (NULL: it keeps none, or no such unit), and its row for the
 * game as a whole (after the units'). Zeroed when the game is made,
 * copied with it (undo, what-ifs, clones); a rule file reaches its own
 * without naming its row: rl_rule_state(g, "travel", u). */
void *rl_rule_state(const sl_game *g, const char *rule, int unit);
void *rl_rule_game_state(const sl_game *g, const char *rule);
/* The same by the row itself (the older form). */
void *rl_house_state(const sl_game *g, const rl_house *h, int unit);
void *rl_house_game_state(const sl_game *g, const rl_house *h);
/* A ruleset's (its row's unit_bytes and game_bytes), by its row. */
void *rl_ruleset_state(const sl_game *g, const rl_ruleset *rs, int unit);
void *rl_ruleset_game_state(const sl_game *g, const rl_ruleset *rs);
/* A unit made afresh (a detached element formed, or gone back into its
 * squad): every rule's bytes for it zeroed. */
void rl_rule_state_clear(sl_game *g, int unit);
/* A rule's bytes for a figure (its row's figure_bytes; NULL: none, or no
 * such figure), after the game's row; zeroed and copied as the rest. */
void *rl_figure_state(const sl_game *g, const rl_house *h, int fig);
/* A figure's bytes of every rule zeroed (a counter's man in a side's
 * known game: nothing of him is known). */
void rl_figure_state_clear(sl_game *g, int fig);
/* Figures first..first+n-1 put in a new order, the i-th now the one
 * that stood at from[i] (a squad's men sorted by team): their bytes go
 * with them. */
void rl_figures_moved(sl_game *g, int first, int n, const int *from);

/* The hooks of every house rule in play, in the table's order: each
 * walks the game's list of the rules that answer it. */
bool rl_hook_reorganise_check(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool rl_hook_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen);
bool rl_hook_first_aid_withheld(const sl_game *g, const sl_command *c);
bool rl_hook_target_combined(const sl_game *g, const sl_command *c);
bool rl_hook_activate_can(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
bool rl_hook_activate(sl_game *g, const sl_command *c);
void rl_hook_activated(sl_game *g, int unit, rl_how how);
void rl_hook_activation_ended(sl_game *g, int unit);
bool rl_hook_holds_activation(const sl_game *g, int unit);
bool rl_hook_busy(const sl_game *g, int unit);
int rl_hook_off_table(const sl_game *g, int unit);
bool rl_hook_placeable(const sl_game *g, int unit);
bool rl_hook_cost_check(const sl_game *g, const sl_command *c, char *why, size_t whylen);
bool rl_hook_actor_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
bool rl_hook_move_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen);
bool rl_hook_declared(sl_game *g, sl_frame *f, bool along_move);
bool rl_hook_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen);
void rl_hook_moved(sl_game *g, const sl_move *mv);
bool rl_hook_decide(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen);
bool rl_hook_fire_test(sl_game *g, sl_frame *f);
void rl_hook_after_fire(sl_game *g, sl_frame *f);
void rl_hook_spent_on_fire(sl_game *g, int unit);
void rl_hook_suppressed(sl_game *g, int unit, bool leader_was);
int rl_hook_range_shift(const sl_game *g, int target, char *why, size_t whylen);
void rl_hook_fired_upon(sl_game *g, int target, bool suppressed);
bool rl_hook_fire_able(const sl_game *g, int unit, char *why, size_t whylen);
/* May this fire at this target be made (every rule in play that answers
 * agrees)? false: why says so. */
bool rl_hook_fire_at(const sl_game *g, const rl_fire_ask *a, char *why, size_t whylen);
int32_t rl_hook_move_allowance(const sl_game *g, int unit, int32_t base);
int32_t rl_hook_way_extra(const sl_game *g, const sl_command *c);
int rl_hook_comm(const sl_game *g, int a, int b, char *why, size_t whylen); /* the strictest answer */
int rl_hook_leader_team(const sl_game *g, int squad); /* the first answer not -1 */
unsigned rl_hook_acting(const sl_game *g, const sl_command *c); /* every answer's bits */
void rl_hook_reorganised(sl_game *g, int unit);
void rl_hook_turn_start(sl_game *g);
void rl_hook_after_command(sl_game *g);
bool rl_hook_game_start(sl_game *g);
bool rl_hook_done_can(const sl_game *g, int side, bool *decided, char *why, size_t whylen);
bool rl_hook_done(sl_game *g, int side);
bool rl_hook_pending_allows(const sl_game *g, const sl_command *c);
/* The opponent's questions to the rules in play (opponent.c): a rule's
 * orders for the unit (the first that has some), and every rule's scored
 * proposals. */
bool rl_hook_orders(const sl_game *g, const rl_policy *p, int unit, sl_command *out, char *why, size_t whylen);
void rl_hook_tactics(const sl_game *g, const rl_policy *p, int unit, rl_tactic *best);
bool rl_hook_side_orders(const sl_game *g, const rl_policy *p, sl_command *out, char *why, size_t whylen);
bool rl_hook_aim_words(const sl_game *g, const rl_policy *p, int unit, char *words, size_t len);
/* The solo answer of the rule whose decision is pending, built. */
bool rl_hook_solo(const sl_game *g, sl_command *out, char *why, size_t whylen);
/* What the rules in play add to the window (after the ruleset's). */
int rl_hook_offers(const sl_game *g, int unit, sl_offer *out, int max);
int rl_hook_help(const sl_game *g, sl_help_row *out, int max);
bool rl_hook_pick_list(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles, sl_list_view *out);
bool rl_hook_pick_list_command(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles,
                               sl_command *out);
int rl_hook_marks(const sl_game *g, int unit, sl_mark *out, int max);
int rl_hook_card(const sl_game *g, int unit, sl_card_line *out, int max);
bool rl_hook_watching(const sl_game *g, int unit);
bool rl_hook_fires_at_mover(const sl_game *at, int unit, int mover, double *p);
void rl_hook_back_in_action(sl_game *g, int fig);
bool rl_hook_kit_lost(const sl_game *g, int fig);
int rl_hook_sketches(const sl_game *g, int viewer, sl_sketch *out, int max);
/* What the ruleset, else the rules in play, show while `unit` picks for
 * a command (sl_game_pick_preview adds the command's own verdict). */
bool rl_pick_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                     sl_preview *out);
bool rl_hook_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                     sl_preview *out);
/* For the rules' sketches and previews (show.c): a sketch added to out[*n]
 * when there is room (its other fields zero, feature -1), and a line of
 * a preview. */
sl_sketch *rl_sketch_add(sl_sketch *out, int *n, int max, sl_sketch_kind kind, sl_hue hue, sl_pt at);
void rl_preview_line(sl_preview *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* turn.c: the first turn, or what a house rule puts before it (set-up). */
void rl_game_start(sl_game *g);

/* The house rules' rows in the table's order (NULL past the last); the
 * rulesets' the same. */
const rl_house *rl_house_row(int i);
const rl_ruleset *rl_ruleset_row(int i);
/* Does the ruleset play house rule `h` (its `admits`), whatever its option says? */
bool rl_ruleset_admits(const rl_ruleset *rs, const rl_house *h);
/* Option `i` of a house rule's row (options.c): a bool 0/1, a choice its
 * index, a length in mils. */
int32_t rl_option(const sl_game *g, const rl_house *h, int i);
int32_t rl_option_of(const sl_options *o, const rl_house *h, int i);
/* opponent.c: what the solo opponent knows, for a rule's tactics. */
const sl_game *rl_policy_game(const rl_policy *p);
int rl_policy_side(const rl_policy *p);
/* The enemy units its side knows in full and that can still fight. */
int rl_policy_enemies(const rl_policy *p, const int **units);
/* Where to look for the enemy when it knows of none in full: where its
 * side last saw the units it lost contact with (lose_contact), not yet
 * reached by its men; else the scoring places; else the table's middle. */
int rl_policy_sought(const rl_policy *p, const sl_pt **places);
/* The least chance to suppress its stance fires at. */
double rl_policy_fire_min(const rl_policy *p);
/* The best fire of u where it stands (the target, -1: none), its expected
 * effect and chance to suppress. */
int rl_policy_best_fire(const rl_policy *p, int u, double *effect, double *p_sup);
/* What a move of u could gain it, and the place or enemy it closes on. */
double rl_policy_best_step(const rl_policy *p, int u, const char **where);
/* Take the command as the best when it scores more. */
void rl_tactic_consider(rl_tactic *best, double score, const sl_command *c, const char *why);
/* Would the game take the command now? */
bool rl_policy_allowed(const rl_policy *p, const sl_command *c);

/* A check's problem at a field of the scenario ("rules.ambush") into
 * out[*n] when there is room (*n < max). */
void rl_issue(sl_rule_issue *out, int *n, int max, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif
