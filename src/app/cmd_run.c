/* sightline run and sightline replay: headless play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "sightline/save.h"

static const char run_help[] =
    "usage: sightline run SCENARIO --script FILE [--seed N] [--dice FILE] [--json] [--save FILE]\n"
    "\n"
    "Plays a game from a script of commands, one a line (the grammar is in\n"
    "src/rules/COMMANDS.md), and prints the journal: every command, every die\n"
    "rolled with what it had to beat and why, every change. --seed sets the\n"
    "random numbers (default 1); --dice FILE uses the values listed there, in\n"
    "order, instead, so a worked example plays out exactly. --json prints the\n"
    "journal as JSON lines. --save FILE writes a save that `sightline replay`\n"
    "(or the window) can load. A command that is not allowed prints FILE:LINE\n"
    "and the reason, changes nothing, and the exit status is 1.\n";

void app_print_event(FILE *o, const sl_event *e, bool json)
{
    if (json) {
        fprintf(o, "%s\n", e->json);
        return;
    }
    switch (e->kind) {
    case SL_EV_COMMAND:
        fprintf(o, "> %s\n", e->text);
        break;
    case SL_EV_ROLL:
        if (e->target >= 0)
            fprintf(o, "    [%s] %s rolls %d against %d: %s. %s\n", e->test, sl_die_name(e->die), e->value, e->target,
                    e->pass ? "beats it" : "does not beat it", e->text);
        else
            fprintf(o, "    [%s] %s rolls %d. %s\n", e->test, sl_die_name(e->die), e->value, e->text);
        break;
    case SL_EV_TURN:
        fprintf(o, "== %s\n", e->text);
        break;
    default:
        fprintf(o, "  %s\n", e->text);
        break;
    }
}

int cmd_run(int argc, char **argv)
{
    if (app_wants_help(argc, argv, run_help))
        return 0;
    const char *scen = NULL, *script = NULL, *dice = NULL, *save = NULL;
    unsigned long long seed = 1;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc)
            script = argv[++i];
        else if (strcmp(argv[i], "--dice") == 0 && i + 1 < argc)
            dice = argv[++i];
        else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc)
            save = argv[++i];
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            char *end;
            seed = strtoull(argv[++i], &end, 10);
            if (*end) {
                fprintf(stderr, "sightline run: --seed takes a whole number\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "sightline run: unknown option '%s'\n%s", argv[i], run_help);
            return 2;
        } else if (!scen)
            scen = argv[i];
        else {
            fprintf(stderr, "sightline run: one scenario at a time\n");
            return 2;
        }
    }
    if (!scen || !script) {
        fputs(run_help, stderr);
        return 2;
    }
    sl_world w;
    if (!app_load(scen, false, &w))
        return 1;
    sl_origin origin;
    memset(&origin, 0, sizeof origin);
    snprintf(origin.scenario_path, sizeof origin.scenario_path, "%s", scen);
    origin.seed = seed;
    if (dice) {
        sl_diag d;
        sl_diag_init(&d);
        if (!sl_dice_file_load(dice, &origin.dice, &origin.ndice, &d)) {
            app_print_diags(&d, stderr);
            sl_diag_free(&d);
            sl_world_free(&w);
            return 1;
        }
        sl_diag_free(&d);
    }
    sl_game g;
    char err[600];
    if (!sl_game_init(&g, &w.scn, seed, err, sizeof err) ||
        (origin.dice && !sl_game_script_dice(&g, origin.dice, origin.ndice))) {
        fprintf(stderr, "sightline run: %s\n", err);
        sl_origin_free(&origin);
        sl_world_free(&w);
        return 1;
    }
    size_t len;
    char *text = sl_read_file(script, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "%s: %s\n", script, err);
        sl_game_free(&g);
        sl_origin_free(&origin);
        sl_world_free(&w);
        return 1;
    }
    int status = 0, printed = 0, lineno = 0;
    for (char *p = text; *p;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        if (!sl_game_apply_line(&g, p, err, sizeof err)) {
            for (; printed < g.journal.n; printed++)
                app_print_event(stdout, &g.journal.ev[printed], json);
            fprintf(stderr, "%s:%d: error: %s: %s\n", script, lineno, p, err);
            status = 1;
            break;
        }
        for (; printed < g.journal.n; printed++)
            app_print_event(stdout, &g.journal.ev[printed], json);
        if (!nl)
            break;
        p = nl + 1;
    }
    free(text);
    if (status == 0 && g.pending.kind != SL_DECIDE_NONE)
        fprintf(stderr, "sightline run: the game waits for %s to decide (decide ...)\n",
                g.live.sides[g.pending.side].name);
    if (status == 0 && save && !sl_save_write(save, &origin, &g, err, sizeof err)) {
        fprintf(stderr, "sightline run: %s\n", err);
        status = 1;
    }
    sl_game_free(&g);
    sl_origin_free(&origin);
    sl_world_free(&w);
    return status;
}

static const char replay_help[] =
    "usage: sightline replay SAVE [--json] [--quiet]\n"
    "\n"
    "Loads a save, replays every command from the start and checks that each\n"
    "event comes out exactly as saved; prints the journal (unless --quiet).\n"
    "A replay that goes out of step is an error naming the first event that\n"
    "differs, and the exit status is 1.\n";

int cmd_replay(int argc, char **argv)
{
    if (app_wants_help(argc, argv, replay_help))
        return 0;
    const char *path = NULL;
    bool json = false, quiet = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--quiet") == 0)
            quiet = true;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "sightline replay: unknown option '%s'\n%s", argv[i], replay_help);
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        fputs(replay_help, stderr);
        return 2;
    }
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_save_load(path, -1, &w, &g, &o, &d);
    app_print_diags(&d, stderr);
    sl_diag_free(&d);
    if (!ok)
        return 1;
    if (!quiet)
        for (int i = 0; i < g.journal.n; i++)
            app_print_event(stdout, &g.journal.ev[i], json);
    fprintf(stderr, "%s: %d commands replayed, %d events, all as saved\n", path, g.ncommands, g.journal.n);
    sl_game_free(&g);
    sl_origin_free(&o);
    sl_world_free(&w);
    return 0;
}
