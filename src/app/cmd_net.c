/* sightline serve, host and join: one game over a link (issue 43). */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "sightline/net.h"
#include "sightline/play.h"
#include "sightline/save.h"

static const char serve_help[] =
    "usage: sightline serve SCENARIO --side SIDE --stdio [--seed N] [--stance cautious|balanced|aggressive]\n"
    "                       [--seconds N]\n"
    "\n"
    "Hosts a game whose one player is a program outside (a bot, a test, a\n"
    "tournament runner), speaking the network protocol (src/net/PROTOCOL.md)\n"
    "on standard input and output instead of a link: it sends a hello for\n"
    "SIDE, then commands in the script language, one message each, and reads\n"
    "back that side's reading of every event, whose turn it is, and ok or\n"
    "refused for each command. The other side is played by the program\n"
    "opponent. The game ends when standard input does (or after a bye, or\n"
    "--seconds N, default 86400).\n";

static const char host_help[] =
    "usage: sightline host SCENARIO [--port N] [--bind ADDR] [--password WORD] [--side SIDE [--script FILE]]\n"
    "                      [--spectators SIDE|referee] [--solo SIDE] [--seed N] [--save FILE] [--new]\n"
    "                      [--seconds N] [--headless] [--size WxH] [--frames N]\n"
    "\n"
    "Hosts a game for players at other machines (`sightline join`): the first\n"
    "player to join a side takes its seat and is given a seat token to rejoin\n"
    "with; each player reads only what his own side may. --port (default 7343,\n"
    "UDP: the port to open in a firewall) and --bind (default 0.0.0.0, every\n"
    "address). --password WORD: joining needs it. --spectators lets clients\n"
    "watch as that side reads the game, or as the referee (everything: for a\n"
    "club projector); without it nobody may watch. --solo SIDE: the program\n"
    "plays that side. The host opens a window on the game for its own seat\n"
    "(--side SIDE, else the first free one), drawn as that side sees it;\n"
    "--headless opens none (the host then only serves); --size WxH sets the\n"
    "window's size, --frames N closes it after N frames (tests). --side SIDE --script\n"
    "FILE: the host plays SIDE itself, headless, the file's commands one at a\n"
    "time on its turns. The chat is kept in FILE.chat. The game is kept in\n"
    "--save FILE (default: beside the window's autosave) after every command,\n"
    "and the seat tokens in FILE.seats: a host started again on the same\n"
    "scenario takes the game up where it was and its players rejoin (--new\n"
    "starts afresh). It stops when the game is over and everyone has left,\n"
    "or after --seconds N (default 86400).\n";

static const char join_help[] =
    "usage: sightline join HOST[:PORT] [--side SIDE] [--password WORD] [--watch] [--name NAME]\n"
    "                      [--token-file FILE] [--table FILE] [--headless] [--script FILE] [--have N]\n"
    "                      [--raw FILE] [--chat TEXT] [--seconds N] [--stop-after N] [--wait-turn]\n"
    "                      [--size WxH] [--frames N]\n"
    "\n"
    "Joins a game hosted by `sightline host` (port 7343 unless given) and\n"
    "opens a window on it: the table as this side sees it, who sits where,\n"
    "the link, whose turn it is, the chat; `:` types a command for the host.\n"
    "The table is drawn from this machine's copy of the host's scenario (as\n"
    "the host names it, here or in the data folder; --table FILE gives it).\n"
    "--headless (or any of --script, --raw, --chat, --stop-after) opens no\n"
    "window: it prints, as JSON lines, the journal as this side reads it.\n"
    "--size WxH sets the window's size, --frames N closes it after N frames\n"
    "(tests). --side takes\n"
    "that side's seat (default: the first free one); --watch watches instead,\n"
    "as the host allows. --script FILE gives this side's commands, each on\n"
    "its turn; a refused command is said on standard error and the next one\n"
    "follows. --token-file FILE keeps the seat token the host gives (and\n"
    "rejoins with the one in it, if there is one); --have N says the first N\n"
    "events are had already. --raw FILE keeps every byte received. --chat TEXT\n"
    "says a line to the table. It stops at the end of its script (or when\n"
    "the host closes, the game ends, or after --seconds N, default 600);\n"
    "with --wait-turn, not before the others have played up to its turn.\n"
    "--stop-after N drops the link after N commands without a goodbye, as a\n"
    "crash would (tests).\n";

/* Parse "--seed" and the like shared by serve and host. */
static int side_arg(const sl_world *w, const char *scen, const char *id, const char *what)
{
    int s = sl_scenario_find_side(&w->scn, id);
    if (s < 0)
        fprintf(stderr, "%s: no side has id '%s' (for %s)\n", scen, id, what);
    return s;
}

static bool start_game(sl_play *p, const sl_world *w, const char *scen, uint64_t seed)
{
    char err[600];
    if (!sl_play_start(p, w, scen, seed, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", scen, err);
        return false;
    }
    if (!p->on) {
        fprintf(stderr, "%s: there are no forces on this table to play with\n", scen);
        return false;
    }
    sl_game_begin(&p->game);
    sl_play_auto(p, err, sizeof err);
    return true;
}

static bool write_all(int fd, const char *b, size_t n)
{
    while (n > 0) {
        ssize_t k = write(fd, b, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        b += k;
        n -= (size_t)k;
    }
    return true;
}

/* Standard output is the client's link: write what the host sends it.
 * True when the host closed the link. */
static bool stdio_flush(sl_host *h)
{
    sl_host_out o;
    bool closed = false;
    while (sl_host_next_out(h, &o)) {
        if (o.n && !write_all(1, o.bytes, o.n))
            closed = true;
        closed = closed || o.close;
        free(o.bytes);
    }
    return closed;
}

#define SERVE_MAX_READS 100000000

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Until standard input ends, the host closes the link, or `seconds` pass. */
static int serve_loop(sl_host *h, double seconds)
{
    int client = sl_host_connect(h);
    char buf[4096];
    double end = now_s() + seconds;
    for (long reads = 0; reads < SERVE_MAX_READS; reads++) {
        struct pollfd in = {.fd = 0, .events = POLLIN};
        double left = end - now_s();
        if (left <= 0) {
            fprintf(stderr, "sightline serve: stopped after %.0f seconds (--seconds)\n", seconds);
            break;
        }
        int ready = poll(&in, 1, left > 1000 ? 1000000 : (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            continue;
        ssize_t n = read(0, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        sl_host_feed(h, client, buf, (size_t)n);
        if (stdio_flush(h))
            break;
    }
    stdio_flush(h);
    return 0;
}

int cmd_serve(int argc, char **argv)
{
    if (app_wants_help(argc, argv, serve_help))
        return 0;
    const char *scen = NULL, *side = NULL;
    bool stdio = false;
    double seconds = 86400;
    uint64_t seed = 1;
    sl_stance stance = SL_STANCE_BALANCED;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
            side = argv[++i];
        else if (strcmp(argv[i], "--stdio") == 0)
            stdio = true;
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc && (seconds = atof(argv[++i])) <= 0) {
            fprintf(stderr, "sightline serve: --seconds takes a number of seconds above 0\n");
            return 2;
        }
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (!app_parse_seed(argv[++i], &seed)) {
                fprintf(stderr, "sightline serve: --seed takes a whole number from 0 to %s\n", APP_SEED_MAX);
                return 2;
            }
        } else if (strcmp(argv[i], "--stance") == 0 && i + 1 < argc) {
            if (!sl_stance_parse(argv[++i], &stance)) {
                fprintf(stderr, "sightline serve: --stance is cautious, balanced or aggressive\n");
                return 2;
            }
        } else if (argv[i][0] == '-' || scen) {
            fprintf(stderr, "sightline serve: unknown option '%s'\n%s", argv[i], serve_help);
            return 2;
        } else
            scen = argv[i];
    }
    if (!scen || !side || !stdio) {
        fputs(serve_help, stderr);
        return 2;
    }
    sl_world w;
    if (!app_load(scen, false, &w))
        return 1;
    int s = side_arg(&w, scen, side, "--side");
    if (s < 0 || w.scn.nsides != 2) {
        if (s >= 0)
            fprintf(stderr, "%s: serve plays games of two sides; this one has %d\n", scen, w.scn.nsides);
        sl_world_free(&w);
        return 1;
    }
    sl_play p;
    sl_play_init(&p);
    p.solo_side = 1 - s;
    p.solo_stance = (int)stance;
    int status = 1;
    if (start_game(&p, &w, scen, seed)) {
        sl_host h;
        sl_host_init(&h, &p);
        h.solo_side = 1 - s;
        sl_host_begin(&h);
        status = serve_loop(&h, seconds);
        sl_host_free(&h);
    }
    sl_play_free(&p);
    sl_world_free(&w);
    return status;
}

/* A file's lines (commands), owned by the caller. */
static char **read_lines(const char *path, int *n)
{
    char err[600];
    size_t len;
    char *text = sl_read_file(path, &len, err, sizeof err);
    *n = 0;
    if (!text) {
        fprintf(stderr, "%s: %s\n", path, err);
        return NULL;
    }
    char **lines = calloc(len + 2, sizeof *lines);
    for (char *q = text; lines && *q;) {
        char *nl = strchr(q, '\n');
        if (nl)
            *nl = '\0';
        if (q[0] && q[0] != '#')
            lines[(*n)++] = strdup(q);
        if (!nl)
            break;
        q = nl + 1;
    }
    free(text);
    return lines;
}

static void free_lines(char **l, int n)
{
    for (int i = 0; i < n; i++)
        free(l[i]);
    free(l);
}

/* An option that takes a word: its name and where the word goes. */
typedef struct str_opt {
    const char *name;
    const char **slot;
} str_opt;

/* Is `a` one of the options, with its word `v` there? Then it is kept. */
static bool take_str(const str_opt *opts, size_t n, const char *a, const char *v)
{
    for (size_t k = 0; v && k < n; k++)
        if (strcmp(a, opts[k].name) == 0) {
            *opts[k].slot = v;
            return true;
        }
    return false;
}

/* The window's size and, for tests, how many frames it draws before it closes. */
static int win_arg(const char *who, int argc, char **argv, int *i, int *w, int *h, int *frames)
{
    if (strcmp(argv[*i], "--size") == 0 && *i + 1 < argc) {
        if (!app_parse_size(argv[++*i], w, h))
            return fprintf(stderr, "%s: --size is WIDTHxHEIGHT, not '%s'\n", who, argv[*i]), 2;
        return 1;
    }
    if (strcmp(argv[*i], "--frames") == 0 && *i + 1 < argc) {
        *frames = atoi(argv[++*i]);
        return *frames > 0 ? 1 : (fprintf(stderr, "%s: --frames takes a number above 0\n", who), 2);
    }
    return 0;
}

typedef struct host_opts {
    const char *scen, *bind, *password, *side, *script, *spectators, *solo, *save;
    int port, win_w, win_h, frames;
    uint64_t seed;
    bool fresh, headless;
    double seconds;
} host_opts;

static int host_args(int argc, char **argv, host_opts *o)
{
    *o = (host_opts){.bind = "0.0.0.0", .port = SL_NET_PORT, .seed = 1, .seconds = 86400, .win_w = 1400, .win_h = 900};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int look = win_arg("sightline host", argc, argv, &i, &o->win_w, &o->win_h, &o->frames);
        if (look == 2)
            return 2;
        if (look == 1)
            continue;
        const str_opt strs[] = {{"--bind", &o->bind},     {"--password", &o->password},
                                {"--side", &o->side},     {"--script", &o->script},
                                {"--spectators", &o->spectators}, {"--solo", &o->solo},
                                {"--save", &o->save}};
        if (take_str(strs, sizeof strs / sizeof strs[0], a, v))
            i++;
        else if (strcmp(a, "--port") == 0 && v) {
            o->port = atoi(argv[++i]);
        } else if (strcmp(a, "--seconds") == 0 && v) {
            o->seconds = atof(argv[++i]);
        } else if (strcmp(a, "--seed") == 0 && v) {
            if (!app_parse_seed(argv[++i], &o->seed))
                return fprintf(stderr, "sightline host: --seed takes a whole number from 0 to %s\n", APP_SEED_MAX), 2;
        } else if (strcmp(a, "--new") == 0)
            o->fresh = true;
        else if (strcmp(a, "--headless") == 0)
            o->headless = true;
        else if (a[0] == '-' || o->scen)
            return fprintf(stderr, "sightline host: unknown option '%s'\n%s", a, host_help), 2;
        else
            o->scen = a;
    }
    if (!o->scen || (o->side && o->headless && !o->script) || o->port <= 0 || o->port > 65535 || o->seconds <= 0)
        return fputs(host_help, stderr), 2;
    return 0;
}

/* The game: the one kept in the save, or a new one. */
static bool host_game(sl_play *p, sl_world *w, sl_world *rw, const host_opts *o)
{
    char err[600];
    if (o->save)
        snprintf(p->autosave, sizeof p->autosave, "%s", o->save);
    else if (sl_play_autosave_path(o->scen, p->autosave, sizeof p->autosave))
        snprintf(p->autosave + strlen(p->autosave) - 5, sizeof p->autosave - strlen(p->autosave) + 5, "-host.save");
    if (!o->fresh && p->autosave[0] && access(p->autosave, R_OK) == 0) {
        sl_game g;
        sl_origin og;
        sl_diag d;
        sl_diag_init(&d);
        bool ok = sl_save_load(p->autosave, -1, rw, &g, &og, &d);
        app_print_diags(&d, stderr);
        sl_diag_free(&d);
        if (ok) {
            sl_play_adopt(p, rw, &g, &og);
            fprintf(stderr, "sightline host: the game goes on from %s (%d commands)\n", p->autosave,
                    p->game.ncommands);
            return true;
        }
        char kept[SL_PATH_MAX + 40];
        if (sl_play_keep_aside(p->autosave, kept, sizeof kept))
            fprintf(stderr, "sightline host: %s could not be loaded; kept as %s\n", p->autosave, kept);
    }
    if (!start_game(p, w, o->scen, o->seed))
        return false;
    if (!sl_save_write(p->autosave, &p->origin, &p->game, err, sizeof err))
        fprintf(stderr, "sightline host: %s\n", err);
    return true;
}

static bool host_setup(sl_host *h, sl_play *p, const host_opts *o, int *own)
{
    const sl_scenario *s = &p->game.live;
    char err[600];
    *own = -1;
    if (o->password)
        snprintf(h->password, sizeof h->password, "%s", o->password);
    if (o->spectators) {
        bool referee = strcmp(o->spectators, "referee") == 0;
        h->watch_view = referee ? -1 : sl_scenario_find_side(s, o->spectators);
        if (!referee && h->watch_view < 0)
            return fprintf(stderr, "%s: --spectators is a side's id or referee, not '%s'\n", o->scen, o->spectators),
                   false;
    }
    if (o->solo && (h->solo_side = p->solo_side = side_arg(p->setup, o->scen, o->solo, "--solo")) < 0)
        return false;
    if (o->side && o->script && (*own = side_arg(p->setup, o->scen, o->side, "--side")) < 0)
        return false;
    if (o->side && !o->script && side_arg(p->setup, o->scen, o->side, "--side") < 0)
        return false;
    if (*own >= 0)
        h->seats[*own].taken = true; /* the host's own: nobody joins it */
    char seats[SL_PATH_MAX + 8];
    snprintf(seats, sizeof seats, "%s.seats", p->autosave);
    char chat[SL_PATH_MAX + 8];
    snprintf(chat, sizeof chat, "%s.chat", p->autosave);
    if (o->fresh) {
        remove(seats);
        remove(chat);
    }
    sl_host_keep_chat(h, chat);
    if (!sl_host_keep_seats(h, seats, err, sizeof err))
        return fprintf(stderr, "sightline host: %s\n", err), false;
    if (*own >= 0)
        h->seats[*own].token[0] = '\0';
    sl_host_begin(h);
    return true;
}

/* The host's own side's next command, on its turn. */
static void host_own_turn(sl_host *h, int own, char **lines, int nlines, int *next)
{
    char err[700];
    for (int n = 0; n < 1000 && *next < nlines && sl_play_side_to_act(h->play) == own; n++) {
        const char *line = lines[(*next)++];
        if (!sl_host_command(h, own, line, err, sizeof err))
            fprintf(stderr, "sightline host: %s: %s\n", line, err);
    }
}

static bool anyone_connected(const sl_host *h)
{
    for (int c = 0; c < SL_NET_MAX_CLIENTS; c++)
        if (h->clients[c].used)
            return true;
    return false;
}

int cmd_host(int argc, char **argv)
{
    if (app_wants_help(argc, argv, host_help))
        return 0;
    host_opts o;
    int st = host_args(argc, argv, &o);
    if (st)
        return st;
    sl_world w, rw;
    sl_world_init(&rw);
    if (!app_load(o.scen, false, &w))
        return 1;
    sl_play p;
    sl_play_init(&p);
    sl_host h;
    sl_host_init(&h, &p);
    sl_net_server srv = {0};
    char err[600];
    int own = -1, nlines = 0, next = 0, status = 1;
    char **lines = NULL;
    if (!host_game(&p, &w, &rw, &o) || !host_setup(&h, &p, &o, &own) ||
        (o.script && !(lines = read_lines(o.script, &nlines))))
        goto out;
    if (!sl_net_start(err, sizeof err) || !sl_net_server_open(&srv, &h, o.bind, o.port, err, sizeof err)) {
        fprintf(stderr, "sightline host: %s\n", err);
        goto out;
    }
    fprintf(stderr, "sightline host: %s on %s port %d (UDP)\n", p.game.live.name, o.bind, o.port);
    status = 0;
    if (!o.headless && !o.script) {
        status = app_host_window(&srv, o.scen, o.side, (int[3]){o.win_w, o.win_h, o.frames});
        sl_net_server_close(&srv);
        sl_net_stop();
        goto out;
    }
    double end = now_s() + o.seconds;
    bool someone = false;
    for (long n = 0; n < 100000000L && now_s() < end; n++) {
        sl_net_server_pump(&srv, 10);
        if (own >= 0)
            host_own_turn(&h, own, lines, nlines, &next);
        someone = someone || anyone_connected(&h);
        if (p.game.outcome.over && someone && !anyone_connected(&h))
            break;
    }
    sl_net_server_close(&srv);
    sl_net_stop();
    if (p.autosave_error[0])
        fprintf(stderr, "sightline host: %s\n", p.autosave_error);
out:
    free_lines(lines, nlines);
    sl_host_free(&h);
    sl_play_free(&p);
    sl_world_free(&rw);
    sl_world_free(&w);
    return status;
}

typedef struct join_opts {
    const char *addr, *side, *password, *name, *script, *token_file, *raw, *chat, *table;
    bool watch, wait_turn, headless;
    int have, stop_after, win_w, win_h, frames;
    double seconds;
} join_opts;

static int join_args(int argc, char **argv, join_opts *o)
{
    *o = (join_opts){.seconds = 600, .stop_after = -1, .win_w = 1400, .win_h = 900};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int look = win_arg("sightline join", argc, argv, &i, &o->win_w, &o->win_h, &o->frames);
        if (look == 2)
            return 2;
        if (look == 1)
            continue;
        const str_opt strs[] = {{"--side", &o->side},     {"--password", &o->password},
                                {"--name", &o->name},     {"--script", &o->script},
                                {"--token-file", &o->token_file}, {"--raw", &o->raw},
                                {"--chat", &o->chat},     {"--table", &o->table}};
        if (take_str(strs, sizeof strs / sizeof strs[0], a, v))
            i++;
        else if (strcmp(a, "--have") == 0 && v)
            o->have = atoi(argv[++i]);
        else if (strcmp(a, "--stop-after") == 0 && v)
            o->stop_after = atoi(argv[++i]);
        else if (strcmp(a, "--seconds") == 0 && v)
            o->seconds = atof(argv[++i]);
        else if (strcmp(a, "--watch") == 0)
            o->watch = true;
        else if (strcmp(a, "--wait-turn") == 0)
            o->wait_turn = true;
        else if (strcmp(a, "--headless") == 0)
            o->headless = true;
        else if (a[0] == '-' || o->addr)
            return fprintf(stderr, "sightline join: unknown option '%s'\n%s", a, join_help), 2;
        else
            o->addr = a;
    }
    if (!o->addr || o->seconds <= 0 || o->have < 0)
        return fputs(join_help, stderr), 2;
    return 0;
}

typedef struct join_state {
    char side[64];          /* the seat it holds (or the view it watches) */
    char turn[64];          /* the side to act, as last told */
    int waiting;            /* a command sent, its answer not yet come */
    int refused, acked;
    bool welcomed, over;
} join_state;

/* One message from the host: printed, and the state it tells kept. */
static void join_message(const join_opts *o, join_state *js, const sl_net_msg *m)
{
    int len = (int)m->len;
    if (strcmp(m->type, "event") == 0) {
        printf("%.*s\n", len, m->payload);
        fflush(stdout);
    } else if (strcmp(m->type, "turn") == 0) {
        snprintf(js->turn, sizeof js->turn, "%.*s", len, m->payload);
        js->over = strcmp(js->turn, "none") == 0;
    } else if (strcmp(m->type, "welcome") == 0) {
        const char *role = memchr(m->payload, '\n', m->len);
        const char *tok = role ? strstr(role, "\ntoken ") : NULL;
        if (role)
            sscanf(role + 1, "%*s %63s", js->side);
        if (tok && o->token_file && !o->watch) {
            FILE *f = fopen(o->token_file, "w");
            if (f) {
                fprintf(f, "%.*s\n", SL_NET_TOKEN_LEN, tok + 7);
                fclose(f);
            }
        }
        js->welcomed = true;
        fprintf(stderr, "sightline join: %s %s\n", o->watch ? "watching as" : "playing", js->side);
    } else if (strcmp(m->type, "ok") == 0) {
        js->waiting = 0;
        js->acked++;
    } else if (strcmp(m->type, "refused") == 0) {
        fprintf(stderr, "sightline join: refused: %.*s\n", len, m->payload);
        js->refused++;
        js->waiting = 0;
    } else if (strcmp(m->type, "seats") == 0 || strcmp(m->type, "chat") == 0) {
        fprintf(stderr, "sightline join: %s: %.*s\n", m->type, len, m->payload);
    }
}

static bool join_hello(sl_net_client *c, const join_opts *o)
{
    sl_net_hello hi = {.version = SL_NET_VERSION, .watch = o->watch, .have = o->have};
    snprintf(hi.side, sizeof hi.side, "%s", o->side ? o->side : "");
    snprintf(hi.password, sizeof hi.password, "%s", o->password ? o->password : "");
    snprintf(hi.name, sizeof hi.name, "%s", o->name ? o->name : "");
    FILE *f = o->token_file && !o->watch ? fopen(o->token_file, "r") : NULL;
    if (f) {
        if (fscanf(f, "%32s", hi.token) != 1)
            hi.token[0] = '\0';
        fclose(f);
    }
    char buf[1024];
    size_t n = sl_net_hello_format(&hi, buf, sizeof buf);
    return sl_net_client_send(c, "hello", buf, n);
}

static bool split_addr(const char *addr, char *host, size_t len, int *port)
{
    const char *colon = strrchr(addr, ':');
    *port = SL_NET_PORT;
    if (colon) {
        char *e;
        long v = strtol(colon + 1, &e, 10);
        if (*e || v <= 0 || v > 65535)
            return false;
        *port = (int)v;
    }
    snprintf(host, len, "%.*s", colon ? (int)(colon - addr) : (int)strlen(addr), addr);
    return host[0] != '\0';
}

/* Play the script (each line on this side's turn), then read on until
 * the game ends, the host closes or the time is up. */
static int join_loop(sl_net_client *c, const join_opts *o, char **lines, int nlines)
{
    join_state js = {0};
    int next = 0, status = 0;
    double end = now_s() + o->seconds, quiet_until = 0;
    if (o->chat && !sl_net_client_send(c, "chat", o->chat, strlen(o->chat)))
        status = 1;
    for (long n = 0; n < 100000000L && now_s() < end; n++) {
        sl_net_msg m;
        char err[300];
        int r = sl_net_client_next(c, &m, 10, err, sizeof err);
        if (r < 0) {
            if (!(js.over || (next >= nlines && lines)))
                fprintf(stderr, "sightline join: %s\n", err), status = 1;
            break;
        }
        if (r > 0) {
            join_message(o, &js, &m);
            if (quiet_until > 0)
                quiet_until = now_s() + 0.5; /* still coming: read on */
            continue;
        }
        if (o->stop_after >= 0 && js.acked + js.refused >= o->stop_after) {
            sl_net_client_close(c, false); /* a crash: no goodbye */
            return js.refused ? 1 : 0;
        }
        bool mine = js.welcomed && !o->watch && strcmp(js.turn, js.side) == 0;
        if (!js.waiting && mine && next < nlines) {
            js.waiting = 1;
            if (!sl_net_client_send(c, "cmd", lines[next], strlen(lines[next])))
                break;
            next++;
            continue;
        }
        if (lines && next >= nlines && !js.waiting && o->wait_turn) {
            /* the others have played up to this side's turn: read on
             * until the host has sent what goes with it (the state, the
             * actions offered), so every run reads the same bytes */
            if ((mine || js.over) && quiet_until == 0)
                quiet_until = now_s() + 0.5;
            else if ((mine || js.over) && now_s() > quiet_until)
                break;
        } else if (lines && next >= nlines && !js.waiting) {
            if (quiet_until == 0)
                quiet_until = now_s() + 0.3; /* what the last command set going */
            else if (now_s() > quiet_until)
                break;
        }
        if (!lines && js.over && js.welcomed)
            break;
    }
    sl_net_client_close(c, true);
    return status || js.refused ? 1 : 0;
}

int cmd_join(int argc, char **argv)
{
    if (app_wants_help(argc, argv, join_help))
        return 0;
    join_opts o;
    int st = join_args(argc, argv, &o);
    if (st)
        return st;
    char host[256], err[600];
    int port, nlines = 0;
    if (!split_addr(o.addr, host, sizeof host, &port)) {
        fprintf(stderr, "sightline join: '%s' is HOST or HOST:PORT (a port 1 to 65535)\n", o.addr);
        return 2;
    }
    char **lines = o.script ? read_lines(o.script, &nlines) : NULL;
    if (o.script && !lines)
        return 1;
    sl_net_client c;
    if (!sl_net_start(err, sizeof err) || !sl_net_client_open(&c, host, port, 3000, err, sizeof err)) {
        fprintf(stderr, "sightline join: %s\n", err);
        free_lines(lines, nlines);
        return 1;
    }
    if (!o.headless && !o.script && !o.raw && !o.chat && o.stop_after < 0) {
        app_join_win jw = {o.side, o.password, o.name, o.token_file, o.table, o.watch, {o.win_w, o.win_h, o.frames}};
        int st2 = app_join_window(&c, host, port, &jw);
        sl_net_client_close(&c, true);
        sl_net_stop();
        return st2;
    }
    c.raw = o.raw ? fopen(o.raw, "wb") : NULL;
    int status = join_hello(&c, &o) ? join_loop(&c, &o, lines, nlines) : 1;
    if (c.raw)
        fclose(c.raw);
    sl_net_stop();
    free_lines(lines, nlines);
    return status;
}
