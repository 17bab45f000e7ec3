/* The network benchmark (issue 43): a host on 127.0.0.1 over ENet, its two
 * players and 0 or 8 spectators (the referee's view) in this one thread,
 * playing maps/hidden.json (fog of war) command by command: each command
 * is the program opponent's for the side to act (found on a twin game),
 * sent by that side's client as the side would write it. For each command:
 * the round trip from the client's send to the host's "ok" coming back
 * (wall time: it is a latency), the thread's CPU time, and the bytes the
 * host sent. The two set-ups are interleaved round by round; min, median
 * and 95th percentile over every command of every round.
 *
 * Clients speak the newest protocol (SL_NET_VERSION; --version N for another), so the host sends
 * each its state to draw, its decision and its actions; the bytes of each
 * kind of message the players were sent are counted. At the end, one
 * name=value line a figure.
 *
 * usage: sightline-netbench [--rounds N] [--commands N] [--port N] [--version N] */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sightline/io.h"
#include "sightline/net.h"
#include "sightline/play.h"

#define MAXW 8

static double wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

typedef struct bench {
    sl_world w;
    sl_play host_play, twin;
    sl_host host;
    sl_net_server srv;
    sl_net_client players[2], watchers[MAXW];
    int nwatch;
    /* bytes (header and all) and count of the players' messages by type */
    long long type_bytes[4], type_n[4];
    double host_cpu_ms[2], host_busy_ms[2];
    int host_commands[2];
} bench;

static const char *const kinds[4] = {"state", "decision", "actions", "event"};

static void count(bench *b, const sl_net_client *c, const sl_net_msg *m)
{
    if (c != &b->players[0] && c != &b->players[1])
        return;
    for (int k = 0; k < 4; k++)
        if (strcmp(m->type, kinds[k]) == 0) {
            char head[40];
            b->type_bytes[k] += (long long)m->len + snprintf(head, sizeof head, "%s %zu\n", m->type, m->len) + 1;
            b->type_n[k]++;
        }
}

static void quiet(void *ctx, const char *line)
{
    (void)ctx;
    (void)line;
}

/* Read every client until `mine` gets a message of `type` (true), is
 * refused, or 3 s pass. */
static bool await(bench *b, sl_net_client *mine, const char *type)
{
    double end = wall_ms() + 3000;
    while (wall_ms() < end) {
        for (int i = 0; i < 2 + b->nwatch; i++) {
            sl_net_client *c = i < 2 ? &b->players[i] : &b->watchers[i - 2];
            sl_net_msg m;
            char err[200];
            int wait = c == mine ? 1 : 0;
            while (sl_net_client_next(c, &m, wait, err, sizeof err) == 1) {
                count(b, c, &m);
                if (c == mine && strcmp(m.type, type) == 0)
                    return true;
                if (c == mine && strcmp(m.type, "refused") == 0) {
                    fprintf(stderr, "netbench: refused: %.*s\n", (int)m.len, m.payload);
                    return false;
                }
                wait = 0;
            }
        }
    }
    return false;
}

static bool join(bench *b, sl_net_client *c, int port, const char *hello)
{
    char err[300];
    if (!sl_net_client_open(c, "127.0.0.1", port, 3000, err, sizeof err))
        return fprintf(stderr, "netbench: %s\n", err), false;
    return sl_net_client_send(c, "hello", hello, strlen(hello)) && await(b, c, "welcome");
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct series {
    double *rt, *cpu;
    int n, cap;
    long long bytes_players, bytes_all, commands;
} series;

static void add(series *s, double rt, double cpu)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->rt = realloc(s->rt, (size_t)s->cap * sizeof *s->rt);
        s->cpu = realloc(s->cpu, (size_t)s->cap * sizeof *s->cpu);
    }
    s->rt[s->n] = rt;
    s->cpu[s->n++] = cpu;
}

/* The twin's next command, as the side to act writes it; -1 when the
 * game is over or nothing could be played. */
static int next_command(sl_play *twin, char *line, size_t len)
{
    int side = sl_play_side_to_act(twin);
    if (side < 0 || twin->game.outcome.over)
        return -1;
    sl_command c;
    char err[400];
    int before = twin->game.journal.n;
    bool ok = sl_game_solo_command(&twin->game, side, SL_STANCE_BALANCED, &c) && sl_play_do(twin, &c, err, sizeof err);
    if (!ok) {
        sl_cmd_init(&c, SL_CMD_END_ACTIVATION, -1);
        ok = sl_game_active_unit(&twin->game) >= 0 && sl_play_do(twin, &c, err, sizeof err);
    }
    if (!ok) {
        sl_cmd_side(&c, SL_CMD_DONE, side);
        ok = sl_play_do(twin, &c, err, sizeof err);
    }
    for (int i = before; ok && i < twin->game.journal.n; i++)
        if (twin->game.journal.ev[i].kind == SL_EV_COMMAND) {
            snprintf(line, len, "%s", sl_event_text_for(&twin->game.journal.ev[i], side));
            return side;
        }
    return -1;
}

static bool start(bench *b, const char *scen, uint64_t seed, sl_play *p)
{
    char err[400];
    sl_play_init(p);
    if (!sl_play_start(p, &b->w, scen, seed, err, sizeof err))
        return fprintf(stderr, "%s: %s\n", scen, err), false;
    sl_game_begin(&p->game);
    return true;
}

/* The host, in a process of its own, until it is told to stop. */
static int run_host(bench *b, const char *scen, uint64_t seed, int port, int watch)
{
    char err[300];
    if (!start(b, scen, seed, &b->host_play))
        return 1;
    sl_host_init(&b->host, &b->host_play);
    b->host.log = quiet;
    b->host.watch_view = watch ? -1 : -2;
    if (!sl_net_start(err, sizeof err) || !sl_net_server_open(&b->srv, &b->host, "127.0.0.1", port, err, sizeof err))
        return fprintf(stderr, "netbench host: %s\n", err), 1;
    printf("up\n");
    fflush(stdout);
    double t0 = cpu_ms(), busy = 0;
    int commands = 0;
    for (long i = 0; i < 200000000L; i++) {
        double p0 = cpu_ms();
        if (sl_net_server_pump(&b->srv, 1) > 0)
            busy += cpu_ms() - p0;
        if (b->host_play.game.ncommands != commands)
            commands = b->host_play.game.ncommands;
        bool gone = commands > 0;
        for (int c = 0; c < SL_NET_MAX_CLIENTS; c++)
            gone = gone && !b->host.clients[c].used;
        if (gone)
            break;
    }
    double cpu = cpu_ms() - t0;
    printf("host CPU %.3f ms for %d commands, %.3f ms of it busy\n", cpu, commands, busy);
    fflush(stdout);
    sl_net_server_close(&b->srv);
    sl_host_free(&b->host);
    sl_play_free(&b->host_play);
    return 0;
}

/* One round: a host process, the clients, `ncmd` commands (or the game's end). */
static bool round_trip(bench *b, const char *scen, uint64_t seed, int port, int watch, int ncmd, int version,
                       series *s)
{
    int fd[2];
    if (pipe(fd) != 0)
        return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 1);
        _exit(run_host(b, scen, seed, port, watch));
    }
    close(fd[1]);
    FILE *f = fdopen(fd[0], "r");
    char host[200] = "";
    b->nwatch = watch;
    bool ok = f && fgets(host, sizeof host, f) && strcmp(host, "up\n") == 0; /* listening */
    char hello[3][80];
    snprintf(hello[0], sizeof hello[0], "sightline-net %d\nrole play\nside nac", version);
    snprintf(hello[1], sizeof hello[1], "sightline-net %d\nrole play\nside esu", version);
    snprintf(hello[2], sizeof hello[2], "sightline-net %d\nrole watch", version);
    ok = ok && join(b, &b->players[0], port, hello[0]) && join(b, &b->players[1], port, hello[1]);
    for (int i = 0; ok && i < watch; i++)
        ok = join(b, &b->watchers[i], port, hello[2]);
    long long in0 = b->players[0].bytes_in + b->players[1].bytes_in, all0 = in0;
    for (int i = 0; i < watch; i++)
        all0 += b->watchers[i].bytes_in;
    ok = ok && start(b, scen, seed, &b->twin);
    char line[SL_CMD_TEXT + SL_CMD_NOTE + 8];
    int done = 0;
    for (int side; ok && done < ncmd && (side = next_command(&b->twin, line, sizeof line)) >= 0; done++) {
        double t0 = wall_ms(), c0 = cpu_ms();
        ok = sl_net_client_send(&b->players[side], "cmd", line, strlen(line)) && await(b, &b->players[side], "ok");
        add(s, wall_ms() - t0, cpu_ms() - c0);
    }
    await(b, NULL, "-"); /* nothing: let the last events arrive (at most 3 s) */
    long long in1 = b->players[0].bytes_in + b->players[1].bytes_in, all1 = in1;
    for (int i = 0; i < watch; i++)
        all1 += b->watchers[i].bytes_in;
    s->bytes_players += in1 - in0;
    s->bytes_all += all1 - all0;
    s->commands += done;
    for (int i = 0; i < 2 + watch; i++)
        sl_net_client_close(i < 2 ? &b->players[i] : &b->watchers[i - 2], true);
    if (b->twin.on)
        sl_play_free(&b->twin);
    if (!ok)
        kill(pid, SIGKILL);
    if (f && fgets(host, sizeof host, f)) {
        fprintf(stderr, "  %s watchers, seed %llu: %d commands; %s", watch ? "8" : "0", (unsigned long long)seed,
                done, host);
        double cpu, busy = 0;
        int n;
        if (sscanf(host, "host CPU %lf ms for %d commands, %lf", &cpu, &n, &busy) >= 2) {
            b->host_cpu_ms[watch ? 1 : 0] += cpu;
            b->host_busy_ms[watch ? 1 : 0] += busy;
            b->host_commands[watch ? 1 : 0] += n;
        }
    }
    if (f)
        fclose(f);
    waitpid(pid, NULL, 0);
    return ok;
}

static double pct(double *v, int n, double p)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    int i = (int)(p * (n - 1) + 0.5);
    return n ? v[i] : 0;
}

static void report(const char *name, series *s)
{
    printf("%-22s %5d commands  round trip ms: min %.3f median %.3f p95 %.3f   client CPU ms: median %.3f   "
           "bytes a command: to the 2 players %.0f, to all %.0f\n",
           name, s->n, pct(s->rt, s->n, 0), pct(s->rt, s->n, 0.5), pct(s->rt, s->n, 0.95), pct(s->cpu, s->n, 0.5),
           s->commands ? (double)s->bytes_players / (double)s->commands : 0,
           s->commands ? (double)s->bytes_all / (double)s->commands : 0);
}

static void figures(bench *b, series *two, series *ten, int version)
{
    printf("net_protocol=%d\n", version);
    printf("net_commands=%d\n", two->n);
    printf("net_rt_ms_median=%.3f\nnet_rt_ms_p95=%.3f\n", pct(two->rt, two->n, 0.5), pct(two->rt, two->n, 0.95));
    printf("net_rt_ms_median_8_watching=%.3f\nnet_rt_ms_p95_8_watching=%.3f\n", pct(ten->rt, ten->n, 0.5),
           pct(ten->rt, ten->n, 0.95));
    printf("net_bytes_per_command_to_players=%.0f\n",
           two->commands ? (double)two->bytes_players / (double)two->commands : 0);
    printf("net_bytes_per_command_to_all_8_watching=%.0f\n",
           ten->commands ? (double)ten->bytes_all / (double)ten->commands : 0);
    for (int k = 0; k < 4; k++)
        printf("net_bytes_per_%s_msg=%.0f\nnet_%s_msgs_per_command_per_player=%.2f\n", kinds[k],
               b->type_n[k] ? (double)b->type_bytes[k] / (double)b->type_n[k] : 0, kinds[k],
               two->commands + ten->commands
                   ? (double)b->type_n[k] / (double)(two->commands + ten->commands) / 2.0
                   : 0);
    for (int w = 0; w < 2; w++)
        printf("net_host_cpu_ms_per_command%s=%.3f\n", w ? "_8_watching" : "",
               b->host_commands[w] ? b->host_cpu_ms[w] / b->host_commands[w] : 0);
    /* of it, the pumps that had something to do (the rest is the host's
     * loop waiting 1 ms at a time for the next message) */
    for (int w = 0; w < 2; w++)
        printf("net_host_busy_cpu_ms_per_command%s=%.3f\n", w ? "_8_watching" : "",
               b->host_commands[w] ? b->host_busy_ms[w] / b->host_commands[w] : 0);
}

int main(int argc, char **argv)
{
    int rounds = 3, ncmd = 200, port = 27343, version = SL_NET_VERSION;
    const char *scen = "maps/hidden.json";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--rounds") == 0)
            rounds = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--commands") == 0)
            ncmd = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--port") == 0)
            port = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--scenario") == 0)
            scen = argv[i + 1];
        else if (strcmp(argv[i], "--version") == 0)
            version = atoi(argv[i + 1]);
    }
    static bench b;
    char err[300];
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts lo = {false};
    sl_world_init(&b.w);
    if (!sl_world_load(scen, &lo, &b.w, &d) || !sl_net_start(err, sizeof err)) {
        fprintf(stderr, "%s: cannot be loaded\n", scen);
        return 1;
    }
    sl_diag_free(&d);
    series two = {0}, ten = {0};
    for (int r = 0; r < rounds; r++) {
        if (!round_trip(&b, scen, (uint64_t)(r + 1), port + 2 * r, 0, ncmd, version, &two) ||
            !round_trip(&b, scen, (uint64_t)(r + 1), port + 2 * r + 1, MAXW, ncmd, version, &ten)) {
            fprintf(stderr, "netbench: round %d failed\n", r + 1);
            return 1;
        }
    }
    printf("%s, %d rounds of up to %d commands, host and clients on 127.0.0.1 (ENet)\n", scen, rounds, ncmd);
    report("2 players", &two);
    report("2 players, 8 watching", &ten);
    figures(&b, &two, &ten, version);
    sl_net_stop();
    sl_world_free(&b.w);
    free(two.rt);
    free(two.cpu);
    free(ten.rt);
    free(ten.cpu);
    return 0;
}
