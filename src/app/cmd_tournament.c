/* sightline tournament: the solo opponent against a baseline that plays
 * any legal action at random, seeded games on each scenario, both ways
 * round; then the policy against itself once a scenario. A benchmark: it
 * prints what it measured, it asserts nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "sightline/game.h"
#include "sightline/ui.h"

static const char help[] =
    "usage: sightline tournament [SCENARIO ...] [--games N] [--opponent random|greedy|policy|all]\n"
    "                             [--stance cautious|balanced|aggressive] [--verbose] [--journals DIR]\n"
    "                             [--rule NAME=VALUE ...]\n"
    "\n"
    "Plays N seeded games (default 10) a scenario and side (every shipped\n"
    "scenario, maps/*.json, when none is named) between the solo opponent and\n"
    "a baseline, the policy taking each side in turn:\n"
    "  random  any legal command the game offers, at random (targets among\n"
    "          the enemy's units only);\n"
    "  greedy  one step ahead: fires at its best target, calls fire when it\n"
    "          can, assaults at better than even odds, else heads for the\n"
    "          nearest place it does not hold by the cheapest way;\n"
    "  policy  the policy against itself, N games with the sides' seeds\n"
    "          swapped, to measure how balanced a scenario is.\n"
    "--opponent all (the default) plays all three. Prints a line per scenario,\n"
    "side and opponent (wins, losses, draws, games that did not end, commands\n"
    "refused, mean turns), then win_rate_vs_random=, win_rate_vs_greedy= (a\n"
    "draw counts half), balance_worst= (policy against itself: the smaller\n"
    "side's share of wins, draws half, on the least balanced scenario) and\n"
    "decision_ms_p95= and decision_ms_median= (the policy's thread CPU time to\n"
    "choose a command; decision_ms_p95_worst_scenario= the highest of one\n"
    "scenario's). A benchmark: it asserts nothing. --verbose prints each\n"
    "game's end; --journals DIR writes each game's journal there as text\n"
    "(SCENARIO-seedN-SIDE.txt, SIDE the one the policy played). --rule\n"
    "NAME=VALUE sets a rule option on every scenario, as its \"rules\" would\n"
    "(a SkirmishCorps table is played only with --rule sc_attacks=rolled: no\n"
    "player is there to enter what an attack did). With no scenario named it\n"
    "then plays the SkirmishCorps tables (maps/lessons/tables/skirmish-*.json)\n"
    "against random with sc_attacks rolled, counted apart:\n"
    "sc_win_rate_vs_random= and sc_unfinished_games=. On skirmish-vehicles\n"
    "Blue cannot win: the closed car's driver is out of reach while he stays\n"
    "aboard, and that table has no places, so its games end a draw at its\n"
    "last turn (8). Exit status 1\n"
    "when a scenario cannot be loaded or played.\n";

static const char *const SHIPPED[] = {"default", "outpost", "town", "fireteams", "hidden", "ambush", "bunker"};
/* the SkirmishCorps tables, played against random only and counted apart
 * (sc_win_rate_vs_random=), with the program rolling every attack */
static const char *const SHIPPED_SC[] = {"lessons/tables/skirmish-example", "lessons/tables/skirmish-vehicles"};
#define SC_ROLLED "sc_attacks=rolled"

#define GAME_CAP 20000

enum { OPP_RANDOM, OPP_GREEDY, OPP_POLICY, OPP_COUNT };
static const char *const OPP_NAMES[OPP_COUNT] = {"random", "greedy", "policy"};

typedef struct tally {
    int games, wins, losses, draws, unfinished, refused, turns;
} tally;

/* Every decision's thread CPU time, ms, for the median and the 95th percentile. */
static double *times;
static size_t ntimes, captimes;

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

static void note_time(double ms)
{
    if (ntimes == captimes) {
        size_t cap = captimes ? 2 * captimes : 4096;
        double *n = realloc(times, cap * sizeof *n);
        if (!n)
            return;
        times = n;
        captimes = cap;
    }
    times[ntimes++] = ms;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The 95th percentile of the decision times noted since `from` (one
 * scenario's), 0 with none. */
static double slice_p95(size_t from)
{
    size_t n = ntimes > from ? ntimes - from : 0;
    double *c = n ? malloc(n * sizeof *c) : NULL;
    if (!c)
        return 0;
    memcpy(c, times + from, n * sizeof *c);
    qsort(c, n, sizeof *c, cmp_double);
    double p = c[(size_t)((double)(n - 1) * 0.95)];
    free(c);
    return p;
}

/* One game: `policy` is the side the policy plays against the baseline
 * `opp` (under OPP_POLICY it plays both). The winner's side in *winner
 * (-1 a draw), false when it did not end. */
static bool verbose;
static const char *journals; /* a directory for each game's journal, NULL */
static int games_asked = 10;  /* games a scenario, side and opponent */

static bool play(const sl_scenario *scn, uint64_t seed, int policy, int opp, sl_stance stance, tally *t, int *winner)
{
    sl_game g;
    char err[400];
    if (!sl_game_init(&g, scn, seed, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    sl_game_begin(&g);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 0x5EEDull;
    int n = 0;
    while (!g.outcome.over && n++ < GAME_CAP) {
        int side = sl_game_side_to_act(&g);
        if (side < 0)
            break;
        bool pol = opp == OPP_POLICY || side == policy;
        sl_command c;
        bool got;
        if (pol) {
            double t0 = cpu_ms();
            /* the stance asked for, else the scenario's for the side */
            sl_stance st = (int)stance >= 0                   ? stance
                           : scn->sides[side].solo_stance >= 0 ? (sl_stance)scn->sides[side].solo_stance
                                                                : SL_STANCE_BALANCED;
            got = sl_game_solo_command(&g, side, st, &c);
            note_time(cpu_ms() - t0);
        } else if (opp == OPP_GREEDY) {
            got = sl_game_greedy_command(&g, side, &c);
        } else {
            got = sl_game_random_command(&g, side, &rng, &c);
        }
        if (got && sl_game_apply(&g, &c, err, sizeof err))
            continue;
        if (pol)
            t->refused++;
        /* end the activation, else be done for the turn */
        sl_cmd_init(&c, SL_CMD_END_ACTIVATION, -1);
        if (sl_game_active_unit(&g) >= 0 && sl_game_apply(&g, &c, err, sizeof err))
            continue;
        sl_cmd_side(&c, SL_CMD_DONE, side);
        if (!sl_game_apply(&g, &c, err, sizeof err))
            break;
    }
    bool over = g.outcome.over;
    *winner = g.outcome.winner;
    if (journals) {
        char path[SL_PATH_MAX + 200];
        snprintf(path, sizeof path, "%s/%s-%s-seed%llu-%s.txt", journals, scn->name, OPP_NAMES[opp],
                 (unsigned long long)seed, opp == OPP_POLICY ? "both" : scn->sides[policy].id);
        for (char *q = path + strlen(journals) + 1; *q; q++)
            if (*q == ' ' || *q == '/')
                *q = '-';
        FILE *f = fopen(path, "w");
        if (f) {
            sl_reading reading;
            sl_reading_init(&reading, -1);
            for (int i = 0; i < g.journal.n; i++)
                app_print_event(f, &g.journal.ev[i], false, &reading);
            sl_reading_free(&reading);
            fclose(f);
        } else {
            fprintf(stderr, "sightline tournament: cannot write %s\n", path);
        }
    }
    if (verbose)
        printf("  seed %llu, the policy plays %s against %s: %s\n", (unsigned long long)seed,
               opp == OPP_POLICY ? "both sides" : scn->sides[policy].id, OPP_NAMES[opp],
               over ? g.outcome.why : "did not end");
    t->turns += g.turn;
    sl_game_free(&g);
    return over;
}

static void count(tally *t, bool over, int winner, int side)
{
    t->games++;
    if (!over)
        t->unfinished++;
    else if (winner == side)
        t->wins++;
    else if (winner < 0)
        t->draws++;
    else
        t->losses++;
}

static void print_line(const char *scen, const char *side, const char *opp, const tally *t)
{
    printf("%-24s %-8s %-7s %5d %5d %6d %5d %10d %7d %6.1f\n", scen, side, opp, t->games, t->wins, t->losses, t->draws,
           t->unfinished, t->refused, t->games ? (double)t->turns / t->games : 0.0);
    fflush(stdout);
}

/* One scenario against one opponent: each side `games` times (the
 * policy's tallies added to vs[opp]); against itself, the balance. */
static void scenario(const sl_scenario *scn, const char *name, int games, int opp, sl_stance stance, tally vs[OPP_COUNT],
                     double *balance_worst)
{
    if (opp == OPP_POLICY) {
        tally t = {0};
        for (int i = 0; i < games; i++) {
            int winner;
            bool over = play(scn, (uint64_t)(i + 1), -1, opp, stance, &t, &winner);
            count(&t, over, winner, 0);
        }
        /* side 0's share of the games (draws and unfinished half) */
        double share = t.games ? (t.wins + 0.5 * (t.draws + t.unfinished)) / t.games : 0.5;
        double bal = share < 0.5 ? share : 1 - share;
        print_line(name, scn->sides[0].id, "policy", &t);
        printf("%-24s balance=%.3f (%s won %d, %s won %d, %d drawn)\n", name, bal, scn->sides[0].id, t.wins,
               scn->sides[1].id, t.losses, t.draws);
        if (bal < *balance_worst)
            *balance_worst = bal;
        vs[opp].games += t.games;
        vs[opp].refused += t.refused;
        return;
    }
    for (int side = 0; side < 2; side++) {
        tally t = {0};
        for (int i = 0; i < games; i++) {
            int winner;
            bool over = play(scn, (uint64_t)(i + 1), side, opp, stance, &t, &winner);
            count(&t, over, winner, side);
        }
        print_line(name, scn->sides[side].id, OPP_NAMES[opp], &t);
        vs[opp].games += t.games;
        vs[opp].wins += t.wins;
        vs[opp].losses += t.losses;
        vs[opp].draws += t.draws;
        vs[opp].unfinished += t.unfinished;
        vs[opp].refused += t.refused;
    }
}

/* Can the program play both sides of the scenario with nobody at the
 * table? Else the reason, printed. */
static bool playable(const sl_scenario *scn, const char *path)
{
    sl_game g;
    char err[600];
    if (!sl_game_init(&g, scn, 1, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", path, err);
        return false;
    }
    bool ok = sl_game_solo_plays_all(&g, err, sizeof err);
    if (!ok)
        fprintf(stderr, "%s: not played: %s\n", path, err);
    sl_game_free(&g);
    return ok;
}

/* One scenario file against the opponents asked (`only`, -1 all), the
 * tallies into vs[]; `sc` sets the program rolling SkirmishCorps attacks.
 * False when it cannot be loaded or played. */
static bool play_file(const char *path, int only, sl_stance stance, const char *const *rules, int nrules, bool sc,
                      tally vs[OPP_COUNT], double *balance_worst)
{
    sl_world w;
    if (!app_load(path, false, &w))
        return false;
    if (w.scn.nsides != 2 || w.scn.nunits == 0) {
        fprintf(stderr, "%s: a tournament needs two sides with forces\n", path);
        sl_world_free(&w);
        return false;
    }
    bool set = !sc || app_set_rule(&w.scn, SC_ROLLED, "tournament");
    for (int r = 0; r < nrules && set; r++)
        set = app_set_rule(&w.scn, rules[r], "tournament");
    if (!set || !playable(&w.scn, path)) {
        sl_world_free(&w);
        return false;
    }
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    for (int opp = 0; opp < OPP_COUNT; opp++)
        if (only < 0 || only == opp)
            scenario(&w.scn, name, games_asked, opp, stance, vs, balance_worst);
    sl_world_free(&w);
    return true;
}

int cmd_tournament(int argc, char **argv)
{
    if (app_wants_help(argc, argv, help))
        return 0;
    int only = -1;
    sl_stance stance = (sl_stance)-1; /* not asked for: each side's from the scenario, else balanced */
    const char *named[64], *rules[16];
    int nnamed = 0, nrules = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1 || v > 10000) {
                fprintf(stderr, "sightline tournament: --games takes a number from 1 to 10000, not '%s'\n", argv[i]);
                return 2;
            }
            games_asked = (int)v;
        } else if (strcmp(argv[i], "--opponent") == 0 && i + 1 < argc) {
            i++;
            only = -2;
            for (int k = 0; k < OPP_COUNT; k++)
                if (strcmp(argv[i], OPP_NAMES[k]) == 0)
                    only = k;
            if (strcmp(argv[i], "all") == 0)
                only = -1;
            if (only == -2) {
                fprintf(stderr, "sightline tournament: --opponent is random, greedy, policy or all, not '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--stance") == 0 && i + 1 < argc) {
            if (!sl_stance_parse(argv[++i], &stance)) {
                fprintf(stderr, "sightline tournament: --stance is cautious, balanced or aggressive, not '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--journals") == 0 && i + 1 < argc) {
            journals = argv[++i];
        } else if (strcmp(argv[i], "--rule") == 0 && i + 1 < argc && nrules < 16) {
            rules[nrules++] = argv[++i];
        } else if (strcmp(argv[i], "--verbose") == 0) {
            verbose = true;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "sightline tournament: unknown option '%s'\n%s", argv[i], help);
            return 2;
        } else if (nnamed < 64) {
            named[nnamed++] = argv[i];
        }
    }
    char paths[64][SL_PATH_MAX];
    int np = 0;
    if (nnamed == 0)
        for (size_t i = 0; i < sizeof SHIPPED / sizeof SHIPPED[0]; i++)
            snprintf(paths[np++], SL_PATH_MAX, "%s/maps/%s.json", sl_data_dir(), SHIPPED[i]);
    else
        for (int i = 0; i < nnamed; i++)
            snprintf(paths[np++], SL_PATH_MAX, "%s", named[i]);
    printf("The solo opponent (%s): %d games a scenario, side and opponent\n\n",
           (int)stance >= 0 ? sl_stance_name(stance) : "the scenario's stance for each side, else balanced",
           games_asked);
    printf("%-24s %-8s %-7s %5s %5s %6s %5s %10s %7s %6s\n", "scenario", "policy", "against", "games", "wins", "losses",
           "draws", "unfinished", "refused", "turns");
    tally vs[OPP_COUNT] = {{0}}, sc_vs[OPP_COUNT] = {{0}};
    double balance_worst = 0.5;
    int status = 0;
    double worst_p95 = 0;
    const char *worst_at = "";
    for (int s = 0; s < np; s++) {
        size_t from = ntimes;
        if (!play_file(paths[s], only, stance, rules, nrules, false, vs, &balance_worst))
            status = 1;
        double p95 = slice_p95(from);
        if (p95 > worst_p95) {
            worst_p95 = p95;
            worst_at = paths[s];
        }
    }
    /* with no scenario named, the SkirmishCorps tables too: against
     * random, the program rolling the attacks (nobody is there to) */
    for (size_t i = 0; nnamed == 0 && (only < 0 || only == OPP_RANDOM) && i < sizeof SHIPPED_SC / sizeof SHIPPED_SC[0];
         i++) {
        char path[SL_PATH_MAX];
        snprintf(path, sizeof path, "%s/maps/%s.json", sl_data_dir(), SHIPPED_SC[i]);
        if (!play_file(path, OPP_RANDOM, stance, rules, nrules, true, sc_vs, &balance_worst))
            status = 1;
    }
    int refused = 0, unfinished = 0;
    for (int k = 0; k < OPP_COUNT; k++) {
        refused += vs[k].refused + sc_vs[k].refused;
        unfinished += vs[k].unfinished;
    }
    printf("\nunfinished_games=%d\nrefused_commands=%d\n", unfinished, refused);
    for (int k = 0; k < OPP_POLICY; k++)
        if (only < 0 || only == k)
            printf("win_rate_vs_%s=%.3f\n", OPP_NAMES[k],
                   vs[k].games ? (vs[k].wins + 0.5 * vs[k].draws) / vs[k].games : 0.0);
    if (only < 0 || only == OPP_POLICY)
        printf("balance_worst=%.3f\n", balance_worst);
    if (sc_vs[OPP_RANDOM].games > 0)
        printf("sc_win_rate_vs_random=%.3f\nsc_unfinished_games=%d\n",
               (sc_vs[OPP_RANDOM].wins + 0.5 * sc_vs[OPP_RANDOM].draws) / sc_vs[OPP_RANDOM].games,
               sc_vs[OPP_RANDOM].unfinished);
    if (ntimes > 0) {
        qsort(times, ntimes, sizeof *times, cmp_double);
        printf("decision_ms_median=%.2f\ndecision_ms_p95=%.2f\ndecisions=%zu\n", times[ntimes / 2],
               times[(size_t)((double)(ntimes - 1) * 0.95)], ntimes);
        if (worst_at[0])
            printf("decision_ms_p95_worst_scenario=%.2f (%s)\n", worst_p95, strrchr(worst_at, '/') ? strrchr(worst_at, '/') + 1 : worst_at);
    }
    free(times);
    return status;
}
