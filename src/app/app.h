/* The sightline executable's subcommands. */
#ifndef SIGHTLINE_APP_H
#define SIGHTLINE_APP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sightline/io.h"

int cmd_render(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_measure(int argc, char **argv);
int cmd_options(int argc, char **argv);
int cmd_los(int argc, char **argv);
int cmd_catalog(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_lesson(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_host(int argc, char **argv);
int cmd_join(int argc, char **argv);

bool app_parse_size(const char *s, int *w, int *h);
/* --scale PERCENT (100 to 250) and --layout presentation|table at argv[*i]:
 * 1 when it was one of them (*i moved past its value), 0 when not, 2
 * when its value is wrong (said on stderr, after `who`). */
int app_parse_look(const char *who, int argc, char **argv, int *i, int *scale_pct, int *layout);
/* The window's options: --scale, --layout (app_parse_look), --size WxH,
 * --frames N, --dice-seconds N and --mirror, as app_parse_look answers (1,
 * 0, or 2 said on stderr). */
typedef struct app_window {
    int w, h, frames, scale_pct, layout;
    int dice_secs; /* -1: the window's default */
    bool mirror;
} app_window;
#define APP_WINDOW_DEFAULT(W, H) ((app_window){(W), (H), 0, 0, SL_LAYOUT_AUTO, -1, false})
int app_parse_window(const char *who, int argc, char **argv, int *i, app_window *o);
/* Give the next window what app_parse_window read (scale, layout, dice, mirror). */
void app_window_apply(const app_window *o);
/* Is there a "--help" (or "-h") or "--version"? Then print `text` or the
 * version and say so. */
bool app_wants_help(int argc, char **argv, const char *text);
/* A --seed value: digits only, 0 to 2^64-1; false for anything else. */
#define APP_SEED_MAX "18446744073709551615"
bool app_parse_seed(const char *s, uint64_t *out);
/* Load a scenario or map, printing every diagnostic to stderr. */
bool app_load(const char *path, bool images, sl_world *w);
/* A rule option given on the command line (--rule NAME=VALUE) set on the
 * scenario loaded, as its "rules" would; false with the reason printed. */
bool app_set_rule(sl_scenario *scn, const char *arg, const char *cmd);
void app_print_diags(const sl_diag *d, FILE *out);
/* "FILE: no figure has id 'x' (did you mean 'y'?)" on stderr. */
void app_unknown_id(const char *file, const sl_scenario *scn, const char *id, bool units_too);
/* One journal event, as JSON or as a line of the dice log. */
struct sl_event;
struct sl_reading;
/* An event as the reading's side reads it (-1: all of it), numbered in
 * its reading; events fed in journal order. */
void app_print_event(FILE *o, const struct sl_event *e, bool json, struct sl_reading *r);
/* Start a game on a loaded scenario and play a script's lines (printing
 * the journal to `out` unless NULL); with `dice`, scripted dice from that
 * file. Returns 0, or 1 with the reason (FILE:LINE) on stderr. */
struct sl_play;
int app_play_script(struct sl_play *p, const sl_world *w, const char *scen, const char *script, uint64_t seed,
                    const char *dice, const char *solo, FILE *out, bool json, int view);

/* The windows on a game over the network (cmd_netwin.c). */
struct sl_net_server;
struct sl_net_client;
typedef struct app_join_win {
    const char *side, *password, *name, *token_file, *table;
    bool watch;
    int win[3];             /* the window's width, height, frames (0: until closed) */
} app_join_win;
/* The host's own window, a client of the host in its memory, on `side`
 * (NULL: the first free seat); until it is closed. */
int app_host_window(struct sl_net_server *srv, const char *scen, const char *side, const int win[3]);
/* A window joined to the host at host:port over the link `c` (open). */
int app_join_window(struct sl_net_client *c, const char *host, int port, const app_join_win *o);

#endif
