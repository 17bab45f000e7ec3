/* sightline plan: what the window would draw for a planned move, from the
 * rules' own plan of the command Enter would send. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "sightline/play.h"

static const char plan_help[] =
    "usage: sightline plan SCENARIO [--script FILE] [--seed N] --unit UNIT --start X,Y --way X,Y [X,Y ...]\n"
    "                      [--mode move|combat|jog|run|sprint|sneak] [--json]\n"
    "\n"
    "Plays the script (if any), then plans a move of UNIT as the window does\n"
    "after these clicks: --start is the point clicked by one of its men, --way\n"
    "the points clicked after it (table inches). Prints the command Enter would\n"
    "send, whether the rules allow it and why not, the way's length, what it\n"
    "costs of the unit's allowance, how far the unit goes and where each man\n"
    "ends: the figures the journal then gives for the move. --mode is how it\n"
    "moves: move (default) or combat under Stargrunt II, jog, run, sprint or\n"
    "sneak under SkirmishCorps. Exit status: 0 planned (allowed or not), 1 bad\n"
    "input, 2 bad usage.\n";

static bool parse_xy(const char *s, sl_pt *out)
{
    double x, y;
    char c;
    if (sscanf(s, "%lf,%lf%c", &x, &y, &c) != 2 || x < -1e5 || x > 1e5 || y < -1e5 || y > 1e5)
        return false;
    *out = sl_pt_make((int32_t)(x * 1000.0 + (x < 0 ? -0.5 : 0.5)), (int32_t)(y * 1000.0 + (y < 0 ? -0.5 : 0.5)));
    return true;
}

/* The action of the unit's bar that moves it the way asked. */
static bool mode_action(sl_play *p, int unit, const char *mode, sl_play_action *out)
{
    static const char *const modes[] = {"move", "jog", "run", "sprint", "sneak"};
    int kind = SL_CMD_MOVE, variant = -1;
    if (strcmp(mode, "combat") == 0)
        kind = SL_CMD_COMBAT_MOVE;
    else {
        for (int i = 0; i < 5; i++)
            if (strcmp(mode, modes[i]) == 0)
                variant = i;
        if (variant < 0)
            return false;
    }
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions(p, unit, false, acts, SL_PLAY_MAX_ACTIONS);
    for (int i = 0; i < n; i++)
        if (acts[i].kind == kind && acts[i].needs_path && (variant <= 0 || acts[i].variant == variant)) {
            *out = acts[i];
            return true;
        }
    memset(out, 0, sizeof *out);
    out->kind = kind;
    out->variant = variant > 0 ? variant : 0;
    out->needs_path = true;
    return true;
}

static void print_plan(const sl_play *p, const sl_command *c, const sl_way_plan *pl, bool json)
{
    char line[1024];
    sl_command_format(&p->game.live, c, line, sizeof line);
    const sl_scenario *s = &p->game.live;
    if (!json) {
        printf("command: %s\n%s\n", line, pl->ok ? "allowed" : "not allowed");
        for (int i = 0; i < 3; i++)
            if (pl->line[i][0])
                printf("  %s\n", pl->line[i]);
        printf("from (%.3f, %.3f) along %.3f\", costs %.3f\"; goes %.3f\" to (%.3f, %.3f)\n", pl->start.x / 1000.0,
               pl->start.y / 1000.0, pl->length / 1000.0, pl->cost / 1000.0, pl->go / 1000.0, pl->end.x / 1000.0,
               pl->end.y / 1000.0);
        for (int i = 0; i < pl->nfigs; i++)
            printf("  %s ends at (%.3f, %.3f)\n", s->figures[pl->fig[i]].id, pl->fig_end[i].x / 1000.0,
                   pl->fig_end[i].y / 1000.0);
        return;
    }
    /* ids are plain (the loader sees to it); words that may quote a name
     * are escaped */
    printf("{\"command\":");
    sl_json_fput(stdout, line);
    printf(",\"ok\":%s,\"why\":", pl->ok ? "true" : "false");
    sl_json_fput(stdout, pl->why);
    printf(",\"start\":[%.3f,%.3f],\"length\":%.3f,\"cost\":%.3f,\"allowance\":%.3f,\"rolled\":%s,\"distance\":%.3f,"
           "\"to\":[%.3f,%.3f],\"figures\":[",
           pl->start.x / 1000.0, pl->start.y / 1000.0, pl->length / 1000.0, pl->cost / 1000.0, pl->allowance / 1000.0,
           pl->rolled ? "true" : "false", pl->go / 1000.0, pl->end.x / 1000.0, pl->end.y / 1000.0);
    for (int i = 0; i < pl->nfigs; i++)
        printf("%s{\"id\":\"%s\",\"to\":[%.3f,%.3f]}", i ? "," : "", s->figures[pl->fig[i]].id,
               pl->fig_end[i].x / 1000.0, pl->fig_end[i].y / 1000.0);
    printf("],\"lines\":[");
    for (int i = 0; i < 3; i++) {
        printf("%s", i ? "," : "");
        sl_json_fput(stdout, pl->line[i]);
    }
    printf("]}\n");
}

int cmd_plan(int argc, char **argv)
{
    if (app_wants_help(argc, argv, plan_help))
        return 0;
    const char *scen = NULL, *script = NULL, *unit_id = NULL, *mode = "move";
    uint64_t seed = 1;
    bool json = false, have_start = false;
    sl_pt start = {0, 0}, way[SL_CMD_MAX_PTS];
    int nway = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc)
            script = argv[++i];
        else if (strcmp(argv[i], "--unit") == 0 && i + 1 < argc)
            unit_id = argv[++i];
        else if (strcmp(argv[i], "--mode") == 0 && i + 1 < argc)
            mode = argv[++i];
        else if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!app_parse_seed(argv[++i], &seed)) {
                fprintf(stderr, "sightline plan: --seed takes a whole number from 0 to %s, not '%s'\n", APP_SEED_MAX,
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--start") == 0 && i + 1 < argc) {
            if (!parse_xy(argv[++i], &start)) {
                fprintf(stderr, "sightline plan: --start takes X,Y in table inches, not '%s'\n", argv[i]);
                return 2;
            }
            have_start = true;
        } else if (strcmp(argv[i], "--way") == 0) {
            while (i + 1 < argc && argv[i + 1][0] != '-' && nway < SL_CMD_MAX_PTS) {
                if (!parse_xy(argv[++i], &way[nway++])) {
                    fprintf(stderr, "sightline plan: --way takes points X,Y in table inches, not '%s'\n", argv[i]);
                    return 2;
                }
            }
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "sightline plan: unknown option '%s'\n%s", argv[i], plan_help);
            return 2;
        } else if (!scen)
            scen = argv[i];
        else {
            fprintf(stderr, "sightline plan: one scenario at a time\n");
            return 2;
        }
    }
    if (!scen || !unit_id || !have_start || nway == 0) {
        fputs(plan_help, stderr);
        return 2;
    }
    sl_world w;
    if (!app_load(scen, false, &w))
        return 1;
    sl_play p;
    sl_play_init(&p);
    int status = app_play_script(&p, &w, scen, script, seed, NULL, NULL, NULL, false, -1);
    int unit = status == 0 ? sl_scenario_find_unit(&p.game.live, unit_id) : -1;
    sl_play_action a;
    if (status == 0 && unit < 0) {
        app_unknown_id(scen, &p.game.live, unit_id, true);
        status = 1;
    } else if (status == 0 && !mode_action(&p, unit, mode, &a)) {
        fprintf(stderr, "sightline plan: --mode is move, combat, jog, run, sprint or sneak, not '%s'\n", mode);
        status = 2;
    } else if (status == 0) {
        sl_command c;
        sl_way_plan pl;
        if (!sl_play_way_command(&p, &a, unit, start, way, nway, NULL, 0, false, &c, &pl)) {
            fprintf(stderr, "%s: the rules plan no way for a %s of %s\n", scen, mode, unit_id);
            status = 1;
        } else {
            print_plan(&p, &c, &pl, json);
        }
    }
    sl_play_free(&p);
    sl_world_free(&w);
    return status;
}
