/* sightline: a window on a game held by a host (issue 43).
 *
 * `sightline join HOST --side SIDE` and the host's own window
 * (`sightline host SCENARIO`) draw the same way: the table from the
 * scenario file on this machine, the forces from the host's `state`
 * messages (the side's view: counters, never what is under them), the
 * journal as the side reads it, who sits where, the chat. Clicks and keys
 * make command lines in the script language that go to the host; its
 * answer (ok, or refused with the reason) comes back. The window never
 * plays a rule itself.
 */
#ifndef SIGHTLINE_REMOTE_H
#define SIGHTLINE_REMOTE_H

#include <stdbool.h>
#include <stddef.h>

#include "sightline/io.h"
#include "sightline/net.h"

/* How the window talks to the host: a link (join) or the host's memory
 * (the host's own window). */
typedef struct sl_remote_link {
    void *ctx;
    bool (*send)(void *ctx, const char *type, const char *payload, size_t len);
    /* 1 a message (valid until the next call), 0 none within wait_ms, -1
     * the link is gone (err says why) */
    int (*next)(void *ctx, sl_net_msg *m, int wait_ms, char *err, size_t errlen);
    /* Link again and say hello with the seat token and the events had:
     * true when linked (NULL: the link cannot be lost) */
    bool (*rejoin)(void *ctx, const char *token, int have, char *err, size_t errlen);
    /* While the window waits: the host's own work (NULL: none) */
    void (*idle)(void *ctx);
    /* The socket the link's bytes come on (sl_net_*_socket; -1 none now;
     * NULL: no socket): the window wakes as they come, not at its next
     * frame */
    int (*socket)(void *ctx);
    char where[200];         /* "127.0.0.1 port 7343", "this machine (the host)" */
} sl_remote_link;

/* What the welcome said (read before the window opens). */
typedef struct sl_remote_seat {
    bool watch;
    char side[64];           /* the seat, or the view watched ("referee") */
    char token[SL_NET_TOKEN_LEN + 1];
    char scenario[160];      /* the scenario's name */
    char file[SL_PATH_MAX];  /* the scenario's file as the host named it (version 2) */
    char digest[17];         /* the host's table's digest (version 3; "" not told) */
} sl_remote_seat;

/* Parse a welcome's payload. */
bool sl_remote_welcome(const char *payload, size_t len, sl_remote_seat *out);

/* The unit the action bar is for, as an index into the host's `actions`
 * units: `selected` (its index there, -1 none selected or not offered),
 * else the first with an action allowed now (the one acting comes alone;
 * with none acting, a unit that has acted this turn is passed over), else
 * the first; -1 when none is offered. */
int sl_remote_bar_unit(const sl_net_actions *a, int selected);

/* A journal line from the host (its JSON, as this side reads it) in the
 * players' words, as the window's panel shows it: a command's own line is
 * not shown (false) but marks the next event shown with "> "; a turn's
 * line begins "== "; a roll reads as the main window's dice log ("D8 5 vs
 * 4 PASS — why"); ids are names, a rule's seed number its name (the rules
 * in play those of `rules`, a game made from this machine's copy of the
 * scenario; NULL: the number is left), a usage's words ("decide first
 * SIDE") are gone. `after_command` is kept between calls. False: nothing
 * to show. */
bool sl_remote_event_line(const sl_game *rules, const sl_scenario *sc, const char *json, size_t n,
                          bool *after_command, char *out, size_t len);

/* The window: `table` is the scenario as this machine has it (its table,
 * mat and sides; its forces are never drawn). 0 when closed, 1 when the
 * display could not be opened. `max_frames` > 0 closes it after that many
 * frames (tests). */
int sl_run_remote(const sl_world *table, sl_remote_link *link, const sl_remote_seat *seat, const char *asset_dir,
                  int width, int height, int max_frames);

#endif
