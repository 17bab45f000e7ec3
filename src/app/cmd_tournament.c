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
    "usage: sightline tournament [SCENARIO ...] [--games N] [--stance cautious|balanced|aggressive]\n"
    "                             [--verbose] [--journals DIR]\n"
    "\n"
    "Plays N seeded games (default 10) on each scenario (every shipped one,\n"
    "maps/*.json, when none is named) between the solo opponent and a\n"
    "baseline that picks any legal action at random, the policy taking each\n"
    "side in turn; then one game of the policy against itself on each. Prints\n"
    "a table (wins, draws, games that did not end within the turn limit,\n"
    "commands refused, mean turns) and last the lines policy_win_rate= (a\n"
    "draw counts half) and decision_ms_mean= (the policy's mean time to choose\n"
    "a command). --verbose prints each game's end; --journals DIR writes each\n"
    "game's journal there as text (SCENARIO-seedN-SIDE.txt, SIDE the one the\n"
    "policy played). Exit status 1 when a\n"
    "scenario cannot be loaded.\n";

static const char *const SHIPPED[] = {"default", "outpost", "town", "fireteams", "hidden", "ambush"};

#define GAME_CAP 20000

typedef struct tally {
    int games, wins, losses, draws, unfinished, refused, turns;
    double ms;
    long decisions;
} tally;

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

/* One game: `policy` is the side the policy plays (-1: both sides). The
 * winner's side in *winner (-1 a draw), false when it did not end. */
static bool verbose;
static const char *journals; /* a directory for each game's journal, NULL */

static bool play(const sl_scenario *scn, uint64_t seed, int policy, sl_stance stance, tally *t, int *winner)
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
        bool pol = policy < 0 || side == policy;
        sl_command c;
        bool got;
        if (pol) {
            double t0 = now_ms();
            got = sl_game_solo_command(&g, side, stance, &c);
            t->ms += now_ms() - t0;
            t->decisions++;
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
        snprintf(path, sizeof path, "%s/%s-seed%llu-%s.txt", journals, scn->name, (unsigned long long)seed,
                 policy < 0 ? "both" : scn->sides[policy].id);
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
        printf("  seed %llu, the policy plays %s: %s\n", (unsigned long long)seed,
               policy < 0 ? "both" : scn->sides[policy].id, over ? g.outcome.why : "did not end");
    t->turns += g.turn;
    sl_game_free(&g);
    return over;
}

int cmd_tournament(int argc, char **argv)
{
    if (app_wants_help(argc, argv, help))
        return 0;
    int games = 10;
    sl_stance stance = SL_STANCE_BALANCED;
    const char *named[64];
    int nnamed = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            char *end;
            long v = strtol(argv[++i], &end, 10);
            if (*end || v < 1 || v > 10000) {
                fprintf(stderr, "sightline tournament: --games takes a number from 1 to 10000, not '%s'\n", argv[i]);
                return 2;
            }
            games = (int)v;
        } else if (strcmp(argv[i], "--stance") == 0 && i + 1 < argc) {
            if (!sl_stance_parse(argv[++i], &stance)) {
                fprintf(stderr, "sightline tournament: --stance is cautious, balanced or aggressive, not '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--journals") == 0 && i + 1 < argc) {
            journals = argv[++i];
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
    printf("The solo opponent (%s) against random legal play: %d games a scenario, the policy taking each side in "
           "turn\n\n",
           sl_stance_name(stance), games);
    printf("%-24s %5s %5s %6s %5s %10s %7s %6s  %s\n", "scenario", "games", "wins", "losses", "draws", "unfinished",
           "refused", "turns", "policy vs policy");
    tally all = {0};
    double score = 0;
    int status = 0;
    for (int s = 0; s < np; s++) {
        sl_world w;
        if (!app_load(paths[s], false, &w)) {
            status = 1;
            continue;
        }
        if (w.scn.nsides != 2 || w.scn.nunits == 0) {
            fprintf(stderr, "%s: a tournament needs two sides with forces\n", paths[s]);
            sl_world_free(&w);
            status = 1;
            continue;
        }
        tally t = {0};
        for (int i = 0; i < games; i++) {
            int side = i % 2, winner;
            bool over = play(&w.scn, (uint64_t)(i / 2 + 1), side, stance, &t, &winner);
            t.games++;
            if (!over)
                t.unfinished++;
            else if (winner == side)
                t.wins++;
            else if (winner < 0)
                t.draws++;
            else
                t.losses++;
        }
        /* and the policy against itself: it must finish with nothing refused */
        tally self = {0};
        int winner;
        bool over = play(&w.scn, 1, -1, stance, &self, &winner);
        char selfs[200];
        snprintf(selfs, sizeof selfs, "%s%s, %d turns, %d refused",
                 !over ? "did not end" : winner < 0 ? "a draw" : w.scn.sides[winner].id, over && winner >= 0 ? " won" : "",
                 self.turns, self.refused);
        const char *name = strrchr(paths[s], '/') ? strrchr(paths[s], '/') + 1 : paths[s];
        printf("%-24s %5d %5d %6d %5d %10d %7d %6.1f  %s\n", name, t.games, t.wins, t.losses, t.draws, t.unfinished,
               t.refused, t.games ? (double)t.turns / t.games : 0.0, selfs);
        fflush(stdout);
        all.games += t.games;
        all.wins += t.wins;
        all.losses += t.losses;
        all.draws += t.draws;
        all.unfinished += t.unfinished + !over;
        all.refused += t.refused + self.refused;
        all.ms += t.ms + self.ms;
        all.decisions += t.decisions + self.decisions;
        score += t.wins + 0.5 * t.draws;
        sl_world_free(&w);
    }
    printf("\nunfinished_games=%d\nrefused_commands=%d\n", all.unfinished, all.refused);
    printf("policy_win_rate=%.3f\n", all.games ? score / all.games : 0.0);
    printf("decision_ms_mean=%.2f\n", all.decisions ? all.ms / all.decisions : 0.0);
    return status;
}
