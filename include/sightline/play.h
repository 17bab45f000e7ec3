/* sightline: a game in play on screen.
 *
 * The session around a game: the scenario it was set up from, the game
 * itself, an autosave written after every command, undo (the game
 * replayed with one command fewer), solo play, and the actions a unit has
 * now (each allowed or not, with the reason). The window and the headless
 * renderer both draw from it; what the player is choosing is the
 * window's (sl_view), and no rule is decided here: it asks the game.
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

/* One entry of the action bar: an offer of the rules, allowed now or not. */
typedef struct sl_play_action {
    int kind;               /* the command it gives; SL_CMD_NONE for the window's own */
    int variant;            /* as sl_offer */
    char label[40];
    char key[16];           /* the key that does it, as shown */
    bool enabled;
    char why[240];          /* why not, when it is not enabled */
    bool needs_target;      /* the player then picks a unit */
    bool enemy_target;      /* ... an enemy one */
    bool needs_path;        /* the player then draws the way */
    bool needs_figures;     /* the player then picks figures */
    bool needs_point;       /* the player then clicks a point */
    bool toggle;            /* not a command: the unit's toggle offer (sl_offer's toggle and its words) */
    char toggle_on[100];
    char toggle_off[100];
    char toggle_head[48];
    bool undo;              /* not a command: undo */
    bool all;               /* not a command: the action bar shows every action, or only what may be done now */
} sl_play_action;

#define SL_SOLO_BOTH (-2)

#define SL_PLAY_REPLAY_WHY "this is a replay of a saved game: it is only read, never played (Esc leaves it)"

#define SL_PLAY_SNAP_EVERY 64

typedef struct sl_play {
    bool on;                /* a game is in play (a scenario with forces) */
    sl_world disp;          /* what is drawn: the game's forces on the setup's table and mat (not owned) */
    const sl_world *setup;  /* the scenario as loaded */
    sl_game game;
    sl_origin origin;
    char autosave[SL_PATH_MAX]; /* written after every command; empty: none */
    char autosave_error[400];   /* the last autosave that failed, "" */
    /* the autosave is written whole once, then each command's events are
     * appended: a mark after every write (events in the file, its size),
     * so undo cuts it back instead of writing it again */
    struct sl_save_mark { int nevents; long size; } *save_marks;
    int nsave_marks, cap_save_marks;
    /* undo: the game's state every SL_PLAY_SNAP_EVERY commands, so undo
     * replays at most that many commands, never the whole game */
    struct sl_play_snap { int ncommands, nevents; sl_game g; } *snaps;
    int nsnaps, cap_snaps;
    int generation;         /* counts replacements of the game (undo): drawing caches follow it */

    /* a saved game being replayed (the replay viewer): read, never
     * played; every command is refused with SL_PLAY_REPLAY_WHY */
    bool replay;

    /* solo play: the program answers this side's decisions (-1: none,
     * SL_SOLO_BOTH: every side's) */
    int solo_side;
    int solo_stance;        /* how it plays, an sl_stance; -1: as the scenario says for the side, else balanced */

    /* fog of war: the side whose view `disp` shows (-1: the referee,
     * everything). In another side's view a unit hidden from it is its
     * counter: one marker where the counter stands, called "Counter A",
     * id "?A", with nothing of the unit under it. */
    int view_side;
    sl_unit *view_units;    /* disp's own copies in a side's view (owned) */
    sl_figure *view_figures;
    struct sl_parts *view_parts; /* and of the parts, as that side knows them */

    /* a game found in the autosave at start, offered for resuming */
    bool offer_resume;
    char resume_text[300];
    char resume_note[300];  /* what the load warned of (a last command left out), "" */

    /* the action bar of one unit, kept until the game or the question
     * changes (asking every action costs a move's planning) */
    struct {
        uint64_t state;         /* a digest of the game it was asked of */
        int generation, unit;
        bool toggled;
        int n;
        sl_play_action act[SL_PLAY_MAX_ACTIONS];
    } bar;
} sl_play;

void sl_play_init(sl_play *p);
/* In a side's view, a unit out of its sight (rule option lose_contact),
 * drawn where the side last saw it: true, with the turn it was seen in. */
bool sl_play_last_seen(const sl_play *p, int unit, int *turn);
void sl_play_free(sl_play *p);

/* Start a new game on a loaded scenario. `scenario_path` is how the save
 * will name it. A scenario with no units starts nothing (p->on false). */
bool sl_play_start(sl_play *p, const sl_world *setup, const char *scenario_path, uint64_t seed, char *err,
                   size_t errlen);
/* Take over a game loaded from a save (sl_save_load's results; the world
 * must outlive the play). */
void sl_play_adopt(sl_play *p, const sl_world *setup, sl_game *g, sl_origin *o);

/* How the program plays `side`: the stance chosen (command line, window),
 * else the scenario's for the side, else balanced. */
sl_stance sl_play_stance(const sl_play *p, int side);

/* The side --solo names: a side's id, or "both" (SL_SOLO_BOTH) where the
 * program can play every side. False, with err saying why, for an
 * unknown id or a game the program cannot play alone. */
bool sl_play_solo_side(const sl_play *p, const char *id, int *side, char *err, size_t errlen);

/* Apply one command; on success the autosave is rewritten and the solo
 * side's decisions answered. On refusal nothing changes and err says why. */
bool sl_play_do(sl_play *p, const sl_command *c, char *err, size_t errlen);
/* The same for a typed line (the window's command line). */
bool sl_play_do_line(sl_play *p, const char *line, char *err, size_t errlen);
/* Solo play: while a decision waits for the solo side, answer it by the
 * documented policy (the reasoning goes into the journal). Returns how
 * many decisions were taken. */
int sl_play_auto(sl_play *p, char *err, size_t errlen);
/* Solo play of whole turns: when it is the solo side's turn (or any
 * side's, with SL_SOLO_BOTH), play one command for it by the solo
 * opponent (its reason in the journal). False when there was nothing to
 * play (not its turn, the game over) or, with err set, when nothing it
 * tried was allowed. */
bool sl_play_solo_step(sl_play *p, char *err, size_t errlen);
/* The side the solo player would act for now, -1 none. */
int sl_play_solo_turn(const sl_play *p);

/* The game after the first k of its n commands `cmds` (a saved game's,
 * sl_journal_commands): forward by playing the commands after the
 * present one, back from the last snapshot at or before k; no die is
 * rolled anew, the seed and the commands giving the same journal. No
 * autosave. False with the reason when a command does not go in (the game
 * then stops at the one before). */
bool sl_play_goto(sl_play *p, char **cmds, int n, int k, char *err, size_t errlen);
/* Undo the last command: replay the game with one fewer. `undone` gets
 * that command's line. */
bool sl_play_undo(sl_play *p, char *undone, size_t undonelen, char *err, size_t errlen);

/* The actions of a unit now (-1: none selected), each enabled or not with
 * the reason; the turn's own actions (end, pass, done) come last. With
 * `toggled`, the unit's toggle offer is on (sl_offer_command). */
int sl_play_actions(sl_play *p, int unit, bool toggled, sl_play_action *out, int max);
/* The same, each reason not allowed left in the rules' words (ids, seed
 * numbers), which costs a good part of the asking: for a caller that
 * shows no reason (the host's actions of a unit not first, src/net). */
int sl_play_actions_unworded(sl_play *p, int unit, bool toggled, sl_play_action *out, int max);
/* The command an action gives to `unit`, at `target`, along a way (centre
 * points), with figures. */
void sl_play_command(const sl_play *p, const sl_play_action *a, int unit, int target, const sl_pt *pts, int npts,
                     const int *figs, int nfigs, bool toggled, sl_command *out);
/* The command an action gives for a way the player drew from `from` (a
 * point by one of the unit's men) through `way`: the point the rules
 * measure the unit's move from goes the same way, so what is drawn is
 * what moves. With `plan`, the rules' plan of that command
 * (sl_game_way_plan); false when the rules plan no way for it (the way
 * then starts at the unit's centre). */
bool sl_play_way_command(const sl_play *p, const sl_play_action *a, int unit, sl_pt from, const sl_pt *way, int n,
                         const int *figs, int nfigs, bool toggled, sl_command *out, sl_way_plan *plan);
/* May `unit` do the action to `target` now? */
bool sl_play_can_target(const sl_play *p, const sl_play_action *a, int unit, int target, bool toggled, char *why,
                        size_t whylen);

/* Where the autosave of a scenario lives: $SIGHTLINE_STATE_DIR, else
 * $XDG_STATE_HOME/sightline, else ~/.local/state/sightline (made if
 * missing), one file a scenario: autosave-NAME-HASH.save, NAME the file's
 * name and HASH of its full path (NULL: autosave.save). False when there
 * is nowhere to write. */
bool sl_play_autosave_path(const char *scenario, char *out, size_t len);
/* Is a saved game one to offer to go on with: begun and not over (a
 * game played to its end is the start screen's to replay, not to resume). */
bool sl_play_resumable(const sl_game *g);
/* An autosave that cannot be loaded is kept aside, never written over:
 * renamed to a sibling no file has yet, NAME.unloadable.save (then
 * NAME.unloadable-2.save...), its name in `kept`. False when it could not
 * be moved (it is then where it was). */
bool sl_play_keep_aside(const char *path, char *kept, size_t keptlen);
/* An autosave a new game of its scenario would write over, kept as a
 * recent game instead: renamed to NAME.kept.save (then NAME.kept-2.save...),
 * which the start screen lists with the other saves; its name in `kept`.
 * False when it could not be moved (it is then where it was). */
bool sl_play_keep_game(const char *path, char *kept, size_t keptlen);

/* The side whose player must act now: the one to decide, else the one to
 * activate. */
int sl_play_side_to_act(const sl_play *p);
/* Show the table as `side` knows it (-1: the referee view). */
void sl_play_set_view(sl_play *p, int side);
/* Is `unit` of the displayed world a counter (drawn as one, no more)? */
bool sl_play_is_counter(const sl_world *disp, int unit);

#endif
