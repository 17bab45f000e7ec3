/* sightline: the window by default, subcommands for headless use. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "sightline/ui.h"

static const char usage[] =
    "usage: sightline [FILE] [--size WxH] [--scale PERCENT] [--layout presentation|table]\n"
    "                 [--dice-seconds N] [--mirror] [--seed N] [--solo SIDE|both] [--frames N]\n"
    "       sightline COMMAND [ARGS] (sightline COMMAND --help for each)\n"
    "\n"
    "With no command, opens the window on FILE: a scenario (.json) or a bare\n"
    "Tiled map (.tmj). Without FILE it opens\n"
    "the start screen (Ctrl+O in the window): the shipped scenarios and\n"
    "lessons, the recent games and a file by its path. `./tools/run.sh` opens\n"
    "maps/default.json. A scenario with forces starts a game (hotseat: both\n"
    "sides play at this screen); it is autosaved after every command and\n"
    "offered for resuming at the next start. --seed N fixes the dice of a new\n"
    "game. --scale PERCENT (100 to 250) opens it with text and controls at that\n"
    "size (F2), --layout presentation or table in that layout (F10).\n"
    "--dice-seconds N: the last command's rolls fade N seconds after they show\n"
    "(default 12; 0: they stay until the next command; Shift+F10 in the window).\n"
    "--mirror opens a second window for the room (F11): the table, the lesson\n"
    "or game's cards and dice, no controls, on the second display if there is one.\n"
    "--solo SIDE: the program plays that side (its id, as in `run`), its turns\n"
    "and its decisions, as F5 would set it; both: every side (F5 changes it).\n"
    "--frames N closes the window after N frames (tests).\n"
    "\n"
    "Commands:\n"
    "  render   draw a scenario or map to a PNG, headless\n"
    "  check    validate maps and scenarios and say what is wrong\n"
    "  measure  distances between two figures (centres and base edges)\n"
    "  los      line of sight, cover, range band and die between figures, units or points\n"
    "  catalog  sight verdicts between fixed points (and units) on a table\n"
    "  run      play a game from a script of commands and print its journal\n"
    "  plan     what a planned move would do, as the window draws it (the command, its cost, where it ends)\n"
    "  replay   replay a save, checking every event comes out the same\n"
    "  options  list the rule options, their defaults and meaning\n"
    "  lesson   a rule demonstrated step by step, in the window or as pictures\n"
    "  tournament  the solo opponent against random play, games on every scenario\n"
    "  host     host a game for players at other machines (ENet over UDP, port 7343)\n"
    "  join     join a hosted game as one side's player or a spectator\n"
    "  serve    a game on standard input and output, one side played by a program outside\n"
    "\n"
    "Exit status: 0 success, 1 bad input (the reason is printed), 2 bad usage.\n";

static int cmd_window(int argc, char **argv)
{
    const char *file = NULL;
    app_window win = APP_WINDOW_DEFAULT(1400, 900);
    int look;
    uint64_t seed = 0;
    bool have_seed = false;
    for (int i = 1; i < argc; i++) {
        if ((look = app_parse_window("sightline", argc, argv, &i, &win)) != 0) {
            if (look == 2)
                return 2;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!app_parse_seed(argv[++i], &seed)) {
                fprintf(stderr, "sightline: --seed takes a whole number from 0 to %s, not '%s'\n", APP_SEED_MAX,
                        argv[i]);
                return 2;
            }
            have_seed = true;
        } else if (strcmp(argv[i], "--solo") == 0 && i + 1 < argc) {
            sl_window_solo(argv[++i]);
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "sightline: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        } else if (!file) {
            file = argv[i];
        } else {
            fprintf(stderr, "sightline: one file at a time ('%s' and '%s')\n", file, argv[i]);
            return 2;
        }
    }
    char assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
    app_window_apply(&win);
    return sl_run_window(file, assets, win.w, win.h, win.frames, have_seed ? &seed : NULL);
}

static int dispatch(int argc, char **argv)
{
    if (argc >= 2) {
        const char *c = argv[1];
        if (strcmp(c, "--help") == 0 || strcmp(c, "-h") == 0 || strcmp(c, "help") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(c, "--version") == 0 || strcmp(c, "-V") == 0) {
            printf("sightline %s\n", SL_VERSION);
            return 0;
        }
        if (strcmp(c, "render") == 0)
            return cmd_render(argc - 1, argv + 1);
        if (strcmp(c, "check") == 0)
            return cmd_check(argc - 1, argv + 1);
        if (strcmp(c, "measure") == 0)
            return cmd_measure(argc - 1, argv + 1);
        if (strcmp(c, "options") == 0)
            return cmd_options(argc - 1, argv + 1);
        if (strcmp(c, "los") == 0)
            return cmd_los(argc - 1, argv + 1);
        if (strcmp(c, "catalog") == 0)
            return cmd_catalog(argc - 1, argv + 1);
        if (strcmp(c, "run") == 0)
            return cmd_run(argc - 1, argv + 1);
        if (strcmp(c, "replay") == 0)
            return cmd_replay(argc - 1, argv + 1);
        if (strcmp(c, "lesson") == 0)
            return cmd_lesson(argc - 1, argv + 1);
        if (strcmp(c, "tournament") == 0)
            return cmd_tournament(argc - 1, argv + 1);
        if (strcmp(c, "plan") == 0)
            return cmd_plan(argc - 1, argv + 1);
        if (strcmp(c, "serve") == 0)
            return cmd_serve(argc - 1, argv + 1);
        if (strcmp(c, "host") == 0)
            return cmd_host(argc - 1, argv + 1);
        if (strcmp(c, "join") == 0)
            return cmd_join(argc - 1, argv + 1);
    }
    return cmd_window(argc, argv);
}

/* Whatever the command printed must have reached its destination: a full
 * disk or a closed pipe under standard output is an error, not a success. */
int main(int argc, char **argv)
{
    return sl_stdout_finish(dispatch(argc, argv));
}
