/* sightline lesson: a lesson in the window, or one picture a step. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app.h"
#include "sightline/lesson.h"
#include "sightline/play.h"
#include "sightline/ui.h"

static const char help[] =
    "usage: sightline lesson FILE [--render DIR] [--size WxH] [--scale PERCENT]\n"
    "                             [--layout presentation|table] [--mirror]\n"
    "                             [--dice-seconds N] [--frames N]\n"
    "\n"
    "A lesson (maps/lessons/*.json) demonstrates a rule step by step: a\n"
    "scenario, the dice and, for each step, the commands played and a\n"
    "caption saying what happened and why, with the overlays that explain\n"
    "it. Without --render it opens the window: Right, Space or PgDn go to\n"
    "the next step, Left, Backspace or PgUp back, Ctrl+Home to the first.\n"
    "With --render DIR it writes DIR/step-01.png ... one picture a step\n"
    "(for a handout), at the lesson's size or --size, and names each file.\n"
    "--scale PERCENT (100 to 250) sizes text and controls as F2 does in the\n"
    "window; --layout table puts the cards and dice back on the table (a\n"
    "lesson is otherwise shown in the presentation layout, F10 in the window).\n"
    "--mirror opens the room's window beside it (F11), --dice-seconds N as for\n"
    "the game's window (sightline --help).\n"
    "The format is in maps/FORMATS.md.\n";

static int render_steps(const sl_lesson *l, const char *dir, int w, int h, int scale_pct, int layout)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "sightline: cannot make the folder %s: %s\n", dir, strerror(errno));
        return 1;
    }
    sl_world world;
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts opts = {true};
    bool loaded = sl_lesson_load_world(l, &opts, &world, &d);
    app_print_diags(&d, stderr);
    sl_diag_free(&d);
    if (!loaded)
        return 1;
    char assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
    sl_play play;
    sl_play_init(&play);
    int status = 0;
    for (int i = 0; i < l->nsteps && status == 0; i++) {
        char err[700], out[SL_PATH_MAX + 32];
        int from = 0;
        if (!sl_lesson_play_to(l, &world, &play, i, &from, err, sizeof err)) {
            fprintf(stderr, "sightline: %s\n", err);
            status = 1;
            break;
        }
        sl_render_req req;
        memset(&req, 0, sizeof req);
        req.width = w;
        req.height = h;
        req.text = true;
        req.hud = true;
        req.play = &play;
        req.view = -1;
        req.scale_pct = scale_pct;
        req.layout = layout;
        snprintf(out, sizeof out, "%s/step-%02d.png", dir, i + 1);
        req.out_path = out;
        sl_lesson_request(l, i, &req);
        req.rolls_from = from;
        if (!sl_render_png(&world, assets, &req, err, sizeof err)) {
            fprintf(stderr, "sightline: %s:%d: step %d: %s\n", l->path, l->steps[i].line, i + 1, err);
            status = 1;
            break;
        }
        printf("%s\n", out);
    }
    if (status == 0 && l->ndice > 0 && play.game.dice.at < play.game.dice.nscript)
        fprintf(stderr, "%s: warning: %d of the lesson's %d dice were never rolled (the first unused is number %d)\n",
                l->path, play.game.dice.nscript - play.game.dice.at, play.game.dice.nscript, play.game.dice.at + 1);
    sl_play_free(&play);
    sl_world_free(&world);
    return status;
}

int cmd_lesson(int argc, char **argv)
{
    if (app_wants_help(argc, argv, help))
        return 0;
    const char *file = NULL, *dir = NULL;
    app_window win = APP_WINDOW_DEFAULT(0, 0);
    int look;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--render") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if ((look = app_parse_window("sightline lesson", argc, argv, &i, &win)) != 0) {
            if (look == 2)
                return 2;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "sightline lesson: unknown option '%s'\n%s", argv[i], help);
            return 2;
        } else if (!file) {
            file = argv[i];
        } else {
            fprintf(stderr, "sightline lesson: one lesson at a time ('%s' and '%s')\n", file, argv[i]);
            return 2;
        }
    }
    if (!file) {
        fprintf(stderr, "sightline lesson: which lesson? (the shipped ones are in maps/lessons/)\n%s", help);
        return 2;
    }
    sl_lesson l;
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_lesson_load(file, &l, &d);
    app_print_diags(&d, stderr);
    sl_diag_free(&d);
    if (!ok)
        return 1;
    int status;
    if (dir) {
        status = render_steps(&l, dir, win.w > 0 ? win.w : l.width, win.h > 0 ? win.h : l.height, win.scale_pct,
                              win.layout);
    } else {
        char assets[1100];
        snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
        app_window_apply(&win);
        status = sl_run_lesson(file, assets, win.w > 0 ? win.w : 1400, win.h > 0 ? win.h : 900, win.frames);
    }
    sl_lesson_free(&l);
    return status;
}
