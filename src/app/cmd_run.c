/* sightline run and sightline replay: headless play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "sightline/play.h"
#include "sightline/save.h"
#include "sightline/ui.h"

static const char run_help[] =
    "usage: sightline run SCENARIO --script FILE [--seed N] [--dice FILE] [--json] [--save FILE]\n"
    "                     [--solo SIDE|both] [--stance cautious|balanced|aggressive] [--view SIDE]\n"
    "                     [--rule NAME=VALUE ...]\n"
    "\n"
    "Plays a game from a script of commands, one a line (the grammar is in\n"
    "src/rules/COMMANDS.md), and prints the journal: every command, every die\n"
    "rolled with what it had to beat and why, every change. --seed sets the\n"
    "random numbers (default 1); --dice FILE uses the values listed there, in\n"
    "order, instead, so a worked example plays out exactly. --json prints the\n"
    "journal as JSON lines. --save FILE writes a save that `sightline replay`\n"
    "(or the window) can load. --solo SIDE lets the program play that side:\n"
    "its whole turns (which unit to activate, each action, done) and its\n"
    "decisions (opportunity fire, reaction fire, who goes first, a hidden set-up,\n"
    "an ambush's column and spring), by the policy in src/rules/RULES.md, with\n"
    "its reasons in the journal; the script then gives the other side's\n"
    "commands. --solo both plays every side, and the script may be left out:\n"
    "the game is played to its end (a winner or a draw). --stance sets how the\n"
    "program plays (default balanced). --view SIDE prints\n"
    "the journal as that side saw it: with hidden units and dummies (fog of war),\n"
    "each is called by its counter (\"Counter B\", ?B in commands) until it is\n"
    "revealed. The save always holds everything: it is not for the other side.\n"
    "--rule NAME=VALUE sets a rule option as the scenario's \"rules\" would\n"
    "(sightline options lists them), e.g. --rule sc_attacks=rolled; a save\n"
    "keeps them in its header (\"rules\"), and its replay plays by them.\n"
    "A command that is not allowed prints FILE:LINE\n"
    "and the reason, changes nothing, and the exit status is 1.\n";

void app_print_event(FILE *o, const sl_event *e, bool json, sl_reading *r)
{
    int side = r->side;
    const char *line = sl_reading_json(r, e);
    if (!line)
        return; /* the other side's doings out of this side's sight */
    if (json) {
        fprintf(o, "%s\n", line);
        return;
    }
    const char *text = sl_event_text_for(e, side);
    switch (e->kind) {
    case SL_EV_COMMAND:
        fprintf(o, "> %s\n", text);
        break;
    case SL_EV_ROLL:
        if (e->target >= 0)
            fprintf(o, "    [%s] %s rolls %d against %d: %s. %s\n", e->test, sl_die_name(e->die), e->value, e->target,
                    e->pass ? "beats it" : "does not beat it", text);
        else
            fprintf(o, "    [%s] %s rolls %d. %s\n", e->test, sl_die_name(e->die), e->value, text);
        break;
    case SL_EV_TURN:
        fprintf(o, "== %s\n", text);
        break;
    default:
        fprintf(o, "  %s\n", text);
        break;
    }
}

/* The solo side's turns, played until another side must act (or the
 * game is over). False, with the reason printed, when it could not play. */
#define SOLO_MAX_COMMANDS 20000
static bool solo_turns(sl_play *p, const char *scen)
{
    char err[600];
    int n = 0;
    while (sl_play_solo_step(p, err, sizeof err))
        if (++n >= SOLO_MAX_COMMANDS) {
            fprintf(stderr, "%s: the solo player stopped after %d commands with the game still going (turn %d)\n",
                    scen, n, p->game.turn);
            return true;
        }
    if (err[0]) {
        fprintf(stderr, "%s: %s\n", scen, err);
        return false;
    }
    return true;
}

int app_play_script(sl_play *p, const sl_world *w, const char *scen, const char *script, uint64_t seed,
                    const char *dice, const char *solo, FILE *out, bool json, int view)
{
    char err[600];
    if (!sl_play_start(p, w, scen, seed, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", scen, err);
        return 1;
    }
    if (!p->on) {
        fprintf(stderr, "%s: there are no forces on this table to play with\n", scen);
        return 1;
    }
    if (dice) {
        sl_diag d;
        sl_diag_init(&d);
        bool ok = sl_dice_file_load(dice, &p->origin.dice, &p->origin.ndice, &d);
        app_print_diags(&d, stderr);
        sl_diag_free(&d);
        if (!ok)
            return 1;
        if (!sl_game_script_dice(&p->game, p->origin.dice, p->origin.ndice)) {
            fprintf(stderr, "%s: out of memory\n", dice);
            return 1;
        }
    }
    if (solo) {
        if (!sl_play_solo_side(p, solo, &p->solo_side, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", scen, err);
            return 1;
        }
    }
    sl_game_begin(&p->game);
    sl_play_auto(p, err, sizeof err);
    if (solo && !solo_turns(p, scen))
        return 1;
    size_t len;
    char *text = script ? sl_read_file(script, &len, err, sizeof err) : (len = 0, calloc(1, 1));
    if (!text) {
        fprintf(stderr, "%s: %s\n", script, err);
        return 1;
    }
    char *start = text;
    if ((unsigned char)start[0] == 0xEF && (unsigned char)start[1] == 0xBB && (unsigned char)start[2] == 0xBF)
        start += 3; /* a UTF-8 byte order mark, as some editors write */
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        /* a NUL would end its line unseen: refuse the script instead */
        int l = 1, c = 1;
        for (const char *x = text; x < nul; x++, c++)
            if (*x == '\n') {
                l++;
                c = 0;
            }
        fprintf(stderr, "%s:%d:%d: error: a NUL byte: a script is text, one command a line\n", script, l, c);
        free(text);
        return 1;
    }
    int status = 0, printed = 0, lineno = 0;
    sl_game *g = &p->game;
    sl_reading reading;
    sl_reading_init(&reading, view);
    for (char *q = start; *q;) {
        char *nl = strchr(q, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        bool ok = sl_game_apply_line(g, q, err, sizeof err);
        if (ok)
            sl_play_auto(p, err, sizeof err);
        if (ok && solo && !solo_turns(p, scen)) {
            status = 1;
            for (; out && printed < g->journal.n; printed++)
                app_print_event(out, &g->journal.ev[printed], json, &reading);
            break;
        }
        for (; out && printed < g->journal.n; printed++)
            app_print_event(out, &g->journal.ev[printed], json, &reading);
        if (!ok) {
            char *pub = view >= 0 ? sl_game_censor(g, view, err) : NULL;
            fprintf(stderr, "%s:%d: error: %s: %s\n", script, lineno, q, pub ? pub : err);
            free(pub);
            status = 1;
            break;
        }
        if (!nl)
            break;
        q = nl + 1;
    }
    free(text);
    for (; out && status == 0 && printed < g->journal.n; printed++)
        app_print_event(out, &g->journal.ev[printed], json, &reading); /* what solo play did with no script */
    sl_reading_free(&reading);
    if (status == 0 && dice && g->dice.at < g->dice.nscript)
        fprintf(stderr, "%s: warning: %d of the %d scripted dice were never rolled (the first unused is number %d)\n",
                dice, g->dice.nscript - g->dice.at, g->dice.nscript, g->dice.at + 1);
    return status;
}

/* The --rule options a game was played with, in the save's header
 * ("rules"), so that its replay plays by them (the last of a name
 * given twice, as it was set). */
static void keep_rules(sl_origin *o, const sl_options *opts, const char *const *rules, int nrules)
{
    o->nrules = 0;
    for (int i = 0; i < nrules && o->nrules < SL_ORIGIN_RULES; i++) {
        char name[sizeof o->rules[0].name];
        const char *eq = strchr(rules[i], '=');
        snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - rules[i]) : 0, rules[i]);
        const sl_option_desc *d = sl_option_find(name);
        if (!d)
            continue;
        int at = 0;
        while (at < o->nrules && strcmp(o->rules[at].name, d->name) != 0)
            at++;
        snprintf(o->rules[at].name, sizeof o->rules[0].name, "%s", d->name);
        sl_option_format(opts, d, o->rules[at].value, sizeof o->rules[0].value);
        o->nrules += at == o->nrules;
    }
}

int cmd_run(int argc, char **argv)
{
    if (app_wants_help(argc, argv, run_help))
        return 0;
    const char *scen = NULL, *script = NULL, *dice = NULL, *save = NULL, *solo = NULL, *view = NULL;
    const char *rules[16];
    int nrules = 0;
    uint64_t seed = 1;
    bool json = false;
    sl_stance stance = SL_STANCE_BALANCED;
    bool stance_given = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc)
            script = argv[++i];
        else if (strcmp(argv[i], "--dice") == 0 && i + 1 < argc)
            dice = argv[++i];
        else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc)
            save = argv[++i];
        else if (strcmp(argv[i], "--solo") == 0 && i + 1 < argc)
            solo = argv[++i];
        else if (strcmp(argv[i], "--rule") == 0 && i + 1 < argc && nrules < 16)
            rules[nrules++] = argv[++i];
        else if (strcmp(argv[i], "--view") == 0 && i + 1 < argc)
            view = argv[++i];
        else if (strcmp(argv[i], "--stance") == 0 && i + 1 < argc) {
            stance_given = true;
            if (!sl_stance_parse(argv[++i], &stance)) {
                fprintf(stderr, "sightline run: --stance is cautious, balanced or aggressive, not '%s'\n", argv[i]);
                return 2;
            }
        }
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!app_parse_seed(argv[++i], &seed)) {
                fprintf(stderr, "sightline run: --seed takes a whole number from 0 to %s, not '%s'\n", APP_SEED_MAX,
                        argv[i]);
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
    if (!scen || (!script && !solo)) {
        fputs(run_help, stderr);
        return 2;
    }
    sl_world w;
    if (!app_load(scen, false, &w))
        return 1;
    for (int i = 0; i < nrules; i++)
        if (!app_set_rule(&w.scn, rules[i], "run")) {
            sl_world_free(&w);
            return 2;
        }
    sl_play p;
    sl_play_init(&p);
    p.solo_stance = stance_given ? (int)stance : -1; /* else the scenario's for each side */
    int side = -1;
    if (view && (side = sl_scenario_find_side(&w.scn, view)) < 0) {
        fprintf(stderr, "%s: no side has id '%s' (for --view)\n", scen, view);
        sl_world_free(&w);
        return 1;
    }
    int status = app_play_script(&p, &w, scen, script, seed, dice, solo, stdout, json, side);
    keep_rules(&p.origin, &w.scn.options, rules, nrules);
    if (status == 0 && p.on && p.game.pending.kind != SL_DECIDE_NONE)
        fprintf(stderr, "sightline run: the game waits for %s to decide (decide ...)\n",
                p.game.live.sides[p.game.pending.side].name);
    char err[600];
    /* a refused line does not lose the good ones before it: the save
     * holds the game up to the last command accepted */
    bool begun = p.on && p.game.journal.n > 0;
    if (save && begun && (status == 0 || p.game.ncommands > 0)) {
        if (!sl_save_write(save, &p.origin, &p.game, err, sizeof err)) {
            fprintf(stderr, "sightline run: %s\n", err);
            status = 1;
        } else if (status != 0) {
            fprintf(stderr, "sightline run: %s holds the game up to the last command accepted (%d command%s)\n",
                    save, p.game.ncommands, p.game.ncommands == 1 ? "" : "s");
        }
    }
    sl_play_free(&p);
    sl_world_free(&w);
    return status;
}

static const char replay_help[] =
    "usage: sightline replay SAVE [--json] [--quiet] [--view SIDE]\n"
    "       sightline replay SAVE --window [--size WxH] [--scale PERCENT] [--mirror]\n"
    "                                      [--dice-seconds N] [--frames N]\n"
    "\n"
    "Loads a save, replays every command from the start and checks that each\n"
    "event comes out exactly as saved; prints the journal (unless --quiet).\n"
    "A replay that goes out of step is an error naming the first event that\n"
    "differs, and the exit status is 1. A save that ends inside its last\n"
    "command's events (an autosave cut off by a kill or a full disk) loads\n"
    "without that command, with a warning naming its line. --view SIDE prints\n"
    "it as that side saw it (hidden units called by their counters until\n"
    "revealed).\n"
    "\n"
    "--window opens the replay viewer instead: the table as it stood after\n"
    "each command, stepped with Left/Right (a command), Shift+Left/Right (a\n"
    "turn), Home/End (the start, the end), each step's rolls in the dice log,\n"
    "F6 the referee's or a side's view; read-only, no die rolled anew.\n";

int cmd_replay(int argc, char **argv)
{
    if (app_wants_help(argc, argv, replay_help))
        return 0;
    const char *path = NULL, *view = NULL;
    bool json = false, quiet = false, window = false;
    app_window win = APP_WINDOW_DEFAULT(1400, 900);
    int look;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--window") == 0)
            window = true;
        else if ((look = app_parse_window("sightline replay", argc, argv, &i, &win)) != 0) {
            if (look == 2)
                return 2;
        } else if (strcmp(argv[i], "--view") == 0 && i + 1 < argc)
            view = argv[++i];
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
    if (window) {
        char assets[1100];
        snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
        app_window_apply(&win);
        return sl_run_replay(path, assets, win.w, win.h, win.frames);
    }
    sl_world wo;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_save_load(path, -1, &wo, &g, &o, &d);
    app_print_diags(&d, stderr);
    sl_diag_free(&d);
    if (!ok)
        return 1;
    int side = view ? sl_scenario_find_side(&wo.scn, view) : -1;
    if (view && side < 0) {
        fprintf(stderr, "%s: no side has id '%s' (for --view)\n", path, view);
        sl_game_free(&g);
        sl_origin_free(&o);
        sl_world_free(&wo);
        return 1;
    }
    if (!quiet) {
        sl_reading reading;
        sl_reading_init(&reading, side);
        for (int i = 0; i < g.journal.n; i++)
            app_print_event(stdout, &g.journal.ev[i], json, &reading);
        sl_reading_free(&reading);
    }
    fprintf(stderr, "%s: %d commands replayed, %d events, all as saved\n", path, g.ncommands, g.journal.n);
    sl_game_free(&g);
    sl_origin_free(&o);
    sl_world_free(&wo);
    return 0;
}
