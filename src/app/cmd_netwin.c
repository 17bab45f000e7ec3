/* The windows of `sightline host` and `sightline join` (issue 43): both
 * are clients of the host (the host's own through its memory, a joined
 * one over ENet), drawn by src/ui/remote.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "sightline/net.h"
#include "sightline/remote.h"
#include "sightline/ui.h"


static void assets(char *out, size_t len)
{
    snprintf(out, len, "%s/assets", sl_data_dir());
}

/* --- the host's own window: a client of the host in its memory ------------------------------ */

static bool local_send(void *ctx, const char *type, const char *payload, size_t len)
{
    return sl_net_server_local_send(ctx, type, payload, len);
}

static int local_next(void *ctx, sl_net_msg *m, int wait_ms, char *err, size_t errlen)
{
    (void)wait_ms;
    return sl_net_server_local_next(ctx, m, err, errlen);
}

static void local_idle(void *ctx)
{
    sl_net_server_pump(ctx, 0); /* the players at other machines */
}

static int local_socket(void *ctx)
{
    return sl_net_server_socket(ctx); /* the players at other machines' */
}

/* The first message for the window: its welcome, or why it was refused. */
static bool first_welcome(int (*next)(void *, sl_net_msg *, int, char *, size_t), void *ctx, sl_remote_seat *seat,
                          const char *who)
{
    char err[300];
    for (int n = 0; n < 300; n++) {
        sl_net_msg m;
        int r = next(ctx, &m, 10, err, sizeof err);
        if (r < 0) {
            fprintf(stderr, "%s: %s\n", who, err);
            return false;
        }
        if (r == 0)
            continue;
        if (strcmp(m.type, "welcome") == 0)
            return sl_remote_welcome(m.payload, m.len, seat);
        if (strcmp(m.type, "refused") == 0 || strcmp(m.type, "bye") == 0) {
            fprintf(stderr, "%s: refused: %.*s\n", who, (int)m.len, m.payload);
            return false;
        }
    }
    fprintf(stderr, "%s: no welcome from the host within 3 seconds\n", who);
    return false;
}

int app_host_window(sl_net_server *srv, const char *scen, const char *side, const int win[3])
{
    sl_host *h = srv->core;
    int s = side ? sl_scenario_find_side(&h->play->game.live, side) : -1;
    if (sl_net_server_local(srv) < 0)
        return fprintf(stderr, "sightline host: no room for the host's own window\n"), 1;
    sl_net_hello hi = {.version = SL_NET_VERSION};
    snprintf(hi.side, sizeof hi.side, "%s", side ? side : "");
    snprintf(hi.name, sizeof hi.name, "host");
    snprintf(hi.password, sizeof hi.password, "%s", h->password);
    if (s >= 0 && h->seats[s].taken && h->seats[s].token[0]) /* its own seat again, after a restart */
        snprintf(hi.token, sizeof hi.token, "%s", h->seats[s].token);
    char buf[1024];
    size_t n = sl_net_hello_format(&hi, buf, sizeof buf);
    sl_net_server_local_send(srv, "hello", buf, n);
    sl_remote_seat seat;
    if (!first_welcome(local_next, srv, &seat, "sightline host"))
        return 1;
    sl_world table;
    if (!app_load(scen, true, &table))
        return 1;
    sl_remote_link link = {
        .ctx = srv, .send = local_send, .next = local_next, .idle = local_idle, .socket = local_socket};
    snprintf(link.where, sizeof link.where, "this machine (the host)");
    char dir[1100];
    assets(dir, sizeof dir);
    int st = sl_run_remote(&table, &link, &seat, dir, win[0], win[1], win[2]);
    sl_world_free(&table);
    return st;
}

/* --- a joined window: a client over ENet ---------------------------------------------------- */

typedef struct join_link {
    sl_net_client *c;
    char host[256];
    int port;
    const app_join_win *o;
} join_link;

static bool net_send(void *ctx, const char *type, const char *payload, size_t len)
{
    join_link *j = ctx;
    return sl_net_client_send(j->c, type, payload, len);
}

static int net_next(void *ctx, sl_net_msg *m, int wait_ms, char *err, size_t errlen)
{
    join_link *j = ctx;
    return sl_net_client_next(j->c, m, wait_ms, err, errlen);
}

static int net_socket(void *ctx)
{
    join_link *j = ctx;
    return sl_net_client_socket(j->c);
}

static bool say_hello(join_link *j, const char *token, int have)
{
    sl_net_hello hi = {.version = SL_NET_VERSION, .watch = j->o->watch, .have = have};
    snprintf(hi.side, sizeof hi.side, "%s", j->o->side ? j->o->side : "");
    snprintf(hi.password, sizeof hi.password, "%s", j->o->password ? j->o->password : "");
    snprintf(hi.name, sizeof hi.name, "%s", j->o->name ? j->o->name : "");
    snprintf(hi.token, sizeof hi.token, "%s", token ? token : "");
    char buf[1024];
    size_t n = sl_net_hello_format(&hi, buf, sizeof buf);
    return sl_net_client_send(j->c, "hello", buf, n);
}

static bool net_rejoin(void *ctx, const char *token, int have, char *err, size_t errlen)
{
    join_link *j = ctx;
    sl_net_client_close(j->c, false);
    if (!sl_net_client_open(j->c, j->host, j->port, 800, err, errlen))
        return false;
    if (!say_hello(j, token, have)) {
        snprintf(err, errlen, "the hello did not go out");
        return false;
    }
    return true;
}

/* The table to draw on: --table, else the host's file here or in the data folder. */
static bool join_table(const app_join_win *o, const sl_remote_seat *seat, sl_world *w)
{
    char path[SL_PATH_MAX + 1200];
    if (o->table)
        snprintf(path, sizeof path, "%s", o->table);
    else if (seat->file[0] && access(seat->file, R_OK) == 0)
        snprintf(path, sizeof path, "%s", seat->file);
    else
        snprintf(path, sizeof path, "%s/%s", sl_data_dir(), seat->file);
    if (!seat->file[0] && !o->table) {
        fprintf(stderr, "sightline join: the host did not say its scenario's file: give it with --table FILE\n");
        return false;
    }
    if (access(path, R_OK) != 0) {
        fprintf(stderr, "sightline join: the host plays %s (%s), which this machine does not have: give a copy "
                        "with --table FILE\n", seat->file, seat->scenario);
        return false;
    }
    if (!app_load(path, true, w))
        return false;
    char here[17];
    if (seat->digest[0] && (!sl_net_table_digest(w, here) || strcmp(here, seat->digest) != 0)) {
        fprintf(stderr,
                "sightline join: refused: this machine's %s is not the table the host plays (digest %s here, %s "
                "at the host): its map or scenario differs; give a copy of the host's file with --table FILE\n",
                path, here, seat->digest);
        sl_world_free(w);
        return false;
    }
    if (strcmp(w->scn.name, seat->scenario) != 0)
        fprintf(stderr, "sightline join: warning: %s is '%s', the host plays '%s'\n", path, w->scn.name,
                seat->scenario);
    return true;
}

int app_join_window(sl_net_client *c, const char *host, int port, const app_join_win *o)
{
    join_link j = {.c = c, .port = port, .o = o};
    snprintf(j.host, sizeof j.host, "%s", host);
    char token[SL_NET_TOKEN_LEN + 8] = "";
    FILE *f = o->token_file && !o->watch ? fopen(o->token_file, "r") : NULL;
    if (f) {
        if (fscanf(f, "%32s", token) != 1)
            token[0] = '\0';
        fclose(f);
    }
    sl_remote_seat seat;
    if (!say_hello(&j, token, 0) || !first_welcome(net_next, &j, &seat, "sightline join"))
        return 1;
    if (o->token_file && seat.token[0] && (f = fopen(o->token_file, "w")) != NULL) {
        fprintf(f, "%s\n", seat.token);
        fclose(f);
    }
    fprintf(stderr, "sightline join: %s %s\n", seat.watch ? "watching as" : "playing", seat.side);
    sl_world table;
    if (!join_table(o, &seat, &table))
        return 1;
    sl_remote_link link = {.ctx = &j, .send = net_send, .next = net_next, .rejoin = net_rejoin, .socket = net_socket};
    snprintf(link.where, sizeof link.where, "%s port %d", host, port);
    char dir[1100];
    assets(dir, sizeof dir);
    int st = sl_run_remote(&table, &link, &seat, dir, o->win[0], o->win[1], o->win[2]);
    sl_world_free(&table);
    return st;
}
