/* sightline: a game in play on screen.
 *
 * The session around a game: the scenario it was set up from, the game
 * itself, an autosave written after every command, undo (the game
 * replayed with one command fewer), and what the player is choosing (a
 * target for a fire, the way of a move, a typed command). The window and
 * the headless renderer both draw from it; it decides no rule itself, it
 * asks the game.
 */
#ifndef SIGHTLINE_PLAY_H
#define SIGHTLINE_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sightline/game.h"
#include "sightline/io.h"
#include "sightline/save.h"

#define SL_PLAY_MAX_ACTIONS 24

/* One entry of the action bar. */
typedef struct sl_play_action {
    sl_cmd_kind kind;       /* SL_CMD_COUNT: the window's own (variant 0 undo, 1 the leader toggle) */
    int variant;            /* fire: sl_fire_with; in-position: 1 to leave; teams: 1 both;
                               activate: 0 the unit, t + 1 its fireteam unit t */
    char label[40];
    char key[16];           /* the key that does it, as shown */
    bool enabled;
    char why[240];          /* why not, when it is not enabled */
    bool needs_target;      /* the player then picks a unit */
    bool needs_path;        /* the player then draws the way */
} sl_play_action;

typedef struct sl_play {
    bool on;                /* a game is in play (a scenario with forces) */
    sl_world disp;          /* what is drawn: the game's forces on the setup's table and mat (not owned) */
    const sl_world *setup;  /* the scenario as loaded */
    sl_game game;
    sl_origin origin;
    char autosave[SL_PATH_MAX]; /* written after every command; empty: none */
    int generation;         /* counts replacements of the game (undo): drawing caches follow it */

    /* what the player is choosing */
    sl_cmd_kind pick;       /* a command waiting for a target or a path; SL_CMD_COUNT: none */
    int pick_variant;
    int pick_target;        /* the target shown (hovered or chosen with Tab), -1 */
    bool typing;            /* the command line is open */
    int det_fig[SL_CMD_MAX_PLACE]; /* detach: the men chosen so far (figure indices) */
    int ndet;
    char line[256];
    int log_scroll;         /* dice log: lines scrolled back */
    int of_choice;          /* opportunity fire at a mover: the option chosen, then the point; -1 */
    sl_pt reroute[SL_CMD_MAX_PTS]; /* a new way for a mover not stopped by the fire */
    int nreroute;
    char message[1200];     /* the last refusal or result, for the status line */
    bool message_is_error;

    /* fireteams: the squad leader alone (for a squad), or the squad leader
     * joining the team's action (for a fireteam); cleared when the active
     * unit changes */
    bool leader_mode;

    /* solo play: the program answers this side's decisions (-1: none) */
    int solo_side;

    /* a game found in the autosave at start, offered for resuming */
    bool offer_resume;
    char resume_text[300];
} sl_play;

void sl_play_init(sl_play *p);
void sl_play_free(sl_play *p);

/* Start a new game on a loaded scenario. `scenario_path` is how the save
 * will name it. A scenario with no units starts nothing (p->on false). */
bool sl_play_start(sl_play *p, const sl_world *setup, const char *scenario_path, uint64_t seed, char *err,
                   size_t errlen);
/* Take over a game loaded from a save (sl_save_load's results; the world
 * must outlive the play). */
void sl_play_adopt(sl_play *p, const sl_world *setup, sl_game *g, sl_origin *o);

/* Apply one command line; on success the autosave is rewritten. On
 * refusal nothing changes and err says why. */
bool sl_play_do(sl_play *p, const char *line, char *err, size_t errlen);
/* Solo play: while a decision waits for the solo side, answer it by the
 * documented policy (the reasoning goes into the journal). Returns how
 * many decisions were taken. */
int sl_play_auto(sl_play *p, char *err, size_t errlen);
/* Undo the last command: replay the game with one fewer. */
bool sl_play_undo(sl_play *p, char *err, size_t errlen);

/* The actions of a unit now, each enabled or not with the reason; the
 * turn's own actions (end, pass, done) come last. Returns the count. */
int sl_play_actions(sl_play *p, int unit, sl_play_action *out, int max);
/* Can `unit` do the picked command to `target`? */
bool sl_play_can_target(sl_play *p, sl_cmd_kind k, int variant, int unit, int target, char *why, size_t whylen);
/* The command line for an action on a target or along a way (centre
 * points in mils), for sl_play_do. */
void sl_play_format(const sl_play *p, sl_cmd_kind k, int variant, int unit, int target, const sl_pt *pts, int npts,
                    char *out, size_t len);

/* Where the autosave lives: $SIGHTLINE_STATE_DIR, else
 * $XDG_STATE_HOME/sightline, else ~/.local/state/sightline (made if
 * missing). False when there is nowhere to write. */
bool sl_play_autosave_path(char *out, size_t len);

/* The side whose player must act now: the one to decide, else the one to
 * activate. */
int sl_play_side_to_act(const sl_play *p);

#endif
