/* The top of the rules engine: the game, the command vocabulary and the
 * tables of rulesets and house rules. Not a public interface. */
#ifndef SIGHTLINE_RULES_RULES_H
#define SIGHTLINE_RULES_RULES_H

#include "house/house.h"
#include "skirmish/skirmish.h"

/* tables.c: every ruleset and house rule there is. */
extern const rl_tables rl_the_tables;

/* game.c: sl_game_init with other tables than those (a test's rule). */
bool rl_game_init_with(sl_game *g, const sl_scenario *setup, uint64_t seed, const rl_tables *t, char *err,
                       size_t errlen);

/* --- knowledge.c: a side's knowledge as a game of its own ---------------------------- */

/* The game as `side` knows it: its units as they are, enemies where it
 * last saw them, every enemy counter a bare counter of one man at its
 * marker, the journal as the side reads it, dice of its own. The solo
 * opponent decides on this, never on the game. */
typedef struct rl_known {
    sl_scenario setup;
    sl_unit *units;
    sl_figure *figures;
    sl_game game;
    bool on;
    struct rl_kept_reading *kept; /* the game's kept reading, lent as the journal; NULL: its own */
} rl_known;
/* The side's reading of the journal is kept in `g` between calls: only
 * the events since the last are read (free k before g). */
bool rl_known_make(const sl_game *g, int side, rl_known *k, char *err, size_t errlen);
/* The same with the whole journal read again (to check the kept one). */
bool rl_known_make_anew(const sl_game *g, int side, rl_known *k, char *err, size_t errlen);
void rl_known_free(rl_known *k);

#endif
