/* sightline: saves, replays, scripts and dice files.
 *
 * A save is JSON lines: a header naming the scenario, the seed and any
 * scripted dice, then the game's journal. Loading a save replays its
 * commands from the start and checks that every event comes out the same;
 * a replay that goes out of step is an error naming the first event that
 * differs. Format: src/rules/COMMANDS.md.
 */
#ifndef SIGHTLINE_SAVE_H
#define SIGHTLINE_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sightline/game.h"
#include "sightline/io.h"

#define SL_SAVE_FORMAT "sightline-save"
#define SL_SAVE_VERSION 1

/* What a game was started from, kept with it for saving. */
#define SL_ORIGIN_RULES 16

typedef struct sl_origin {
    char scenario_path[SL_PATH_MAX]; /* as it can be opened again */
    uint64_t seed;
    int *dice;                       /* scripted dice, or NULL */
    int ndice;
    /* rule options chosen for this game over the scenario's own "rules"
     * (the window's options page), by name and value as a scenario writes
     * them; the save's header keeps them ("rules":{"sc_attacks":"rolled"}) */
    struct {
        char name[48], value[48];
    } rules[SL_ORIGIN_RULES];
    int nrules;
} sl_origin;

void sl_origin_free(sl_origin *o);
/* Set the origin's rules on `opts` (a scenario's options, before a game
 * is made of it); false with the first refused one's reason. */
bool sl_origin_rules_apply(const sl_origin *o, sl_options *opts, char *err, size_t errlen);

/* Write a save, crash-safe: a temporary file beside it, flushed to disk,
 * then renamed over the old one. */
bool sl_save_write(const char *path, const sl_origin *o, const sl_game *g, char *err, size_t errlen);

/* Load a save: the scenario it names, then every command replayed and
 * checked. `upto` < 0 replays everything; otherwise only that many
 * commands (undo is replaying one fewer). On success the world, game and
 * origin are ready; errors name the file and line. */
bool sl_save_load(const char *path, int upto, sl_world *w, sl_game *g, sl_origin *o, sl_diag *d);

/* What the offer to resume a save tells the player of its load (d, from
 * sl_save_load(path, ...)): only what befell the save itself (its last
 * command, or its last line, not written whole), in a player's words; the
 * loaders' notes on the scenario and its map ("no image layer") are not
 * the player's and stay out. "" when there is nothing to say. */
void sl_save_resume_note(const sl_diag *d, const char *path, char *out, size_t len);

/* The commands of a game's journal, in order (each string is owned by the
 * caller's array; free with sl_commands_free). */
int sl_journal_commands(const sl_game *g, char ***out);
void sl_commands_free(char **cmds, int n);

/* Start a game afresh from an origin and replay `n` command lines,
 * stopping at the first that fails (its index in *failed_at, -1 when all
 * applied). */
bool sl_game_replay(sl_game *g, const sl_scenario *scn, const sl_origin *o, char **cmds, int n, int *failed_at,
                    char *err, size_t errlen);

/* A dice file: whole numbers separated by spaces, commas or new lines;
 * '#' starts a comment. */
bool sl_dice_file_load(const char *path, int **values, int *n, sl_diag *d);

#endif
