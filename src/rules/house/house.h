/* The house rules (../shared/seeds): each is one file here and one row
 * of the table in src/rules/tables.c, and reaches the game only through
 * the hooks it registers (src/rules/base/base.h, rl_house). Not a public
 * interface. Prefixes: of_ (opfire.c, exposure.c), ft_ (fireteams.c), tv_ (travel.c), rc_ (recovery.c). */
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
extern const rl_decision_row of_decisions[]; /* opfire_show.c */
/* opfire_show.c: answer an opportunity-fire offer with the best option at
 * or over its own threshold (min_p, one per option), else pass, giving
 * `hold` (or the odds) as the reason. */
bool rl_solo_opfire(const sl_game *g, const double *min_p, const char *hold, sl_command *out);
bool of_on(const sl_game *g);
/* May `u` open opportunity fire at `target` now? */
bool of_may_react(const sl_game *g, int u, int target);
/* The chance it passes its reaction test (1 with an overwatch counter). */
double of_p_react(const sl_game *g, int u);

/* fireteams.c: squads split into fireteams (seed 004) */
extern const rl_house ft_rule;
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
void ft_cmd_set(sl_command *c, const ft_cmd *f);
/* teams SQUAD [both]; regroup SQUAD FIGURE TEAM ... */
extern const rl_cmd_words ft_teams_words;
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
extern const rl_decision_row am_decisions[]; /* ambush_show.c */
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

/* artillery.c: artillery support (rulebook pp44-47) and fuel-air explosives (seed 000) */
extern const rl_house art_rule;

#endif
