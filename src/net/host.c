/* The host: the one game, its seats and what each client reads of it. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/net.h"

#define HOST_SOLO_MAX 20000 /* commands the program plays between two of a player's */

static void random_urandom(void *ctx, uint8_t *out, size_t n)
{
    (void)ctx;
    FILE *f = fopen("/dev/urandom", "rb");
    size_t got = f ? fread(out, 1, n, f) : 0;
    if (f)
        fclose(f);
    for (size_t i = got; i < n; i++)
        out[i] = (uint8_t)rand(); /* no /dev/urandom: the C library's, weak but still a token */
}

static void log_stderr(void *ctx, const char *line)
{
    (void)ctx;
    fprintf(stderr, "sightline host: %s\n", line);
}

void sl_host_init(sl_host *h, sl_play *play)
{
    memset(h, 0, sizeof *h);
    h->play = play;
    h->watch_view = -2;
    h->solo_side = -1;
    h->random = random_urandom;
    h->log = log_stderr;
    for (int s = 0; s < SL_MAX_SIDES; s++)
        h->seats[s].client = -1;
}

void sl_host_free(sl_host *h)
{
    for (int c = 0; c < SL_NET_MAX_CLIENTS; c++) {
        sl_net_buf_free(&h->clients[c].in);
        if (h->clients[c].used)
            sl_reading_free(&h->clients[c].reading);
    }
    for (int i = h->out_head; i < h->nout; i++)
        free(h->out[i].bytes);
    free(h->out);
    h->out = NULL;
    h->nout = h->cap_out = h->out_head = 0;
}

static void logf_(sl_host *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void logf_(sl_host *h, const char *fmt, ...)
{
    char line[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (h->log)
        h->log(h->log_ctx, line);
}

static const char *side_id(const sl_host *h, int side)
{
    const sl_scenario *s = &h->play->game.live;
    return side >= 0 && side < s->nsides ? s->sides[side].id : "referee";
}

static void queue(sl_host *h, int client, sl_net_buf *b, bool close)
{
    if (h->nout == h->cap_out) {
        int cap = h->cap_out ? h->cap_out * 2 : 64;
        sl_host_out *no = realloc(h->out, (size_t)cap * sizeof *no);
        if (!no) {
            sl_net_buf_free(b);
            return;
        }
        h->out = no;
        h->cap_out = cap;
    }
    h->out[h->nout++] = (sl_host_out){client, b->b, b->n, close};
    h->clients[client].bytes_out += (long long)b->n;
    *b = (sl_net_buf){0};
}

static void send_msg(sl_host *h, int client, const char *type, const char *payload, bool close)
{
    sl_net_buf b = {0};
    if (sl_net_encode(&b, type, payload, strlen(payload)))
        queue(h, client, &b, close);
    else
        sl_net_buf_free(&b);
    if (close)
        h->clients[client].closing = true;
}

bool sl_host_next_out(sl_host *h, sl_host_out *out)
{
    if (h->out_head >= h->nout) {
        h->out_head = h->nout = 0; /* all gone out: the queue starts again */
        return false;
    }
    *out = h->out[h->out_head++];
    return true;
}

/* Refuse, with the reason, and log it. */
static void refuse(sl_host *h, int client, bool close, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void refuse(sl_host *h, int client, bool close, const char *fmt, ...)
{
    char why[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    sl_host_client *c = &h->clients[client];
    send_msg(h, client, "refused", why, close);
    h->refused++;
    logf_(h, "refused client %d (%s)%s: %s", client, c->role == SL_NET_NONE ? "no seat" : side_id(h, c->side),
          close ? ", link closed" : "", why);
}

bool sl_host_seat_connected(const sl_host *h, int side)
{
    return side >= 0 && side < SL_MAX_SIDES && h->seats[side].client >= 0;
}

void sl_host_seats_text(const sl_host *h, char *out, size_t len)
{
    const sl_scenario *s = &h->play->game.live;
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < s->nsides && n < len; i++) {
        char up[64];
        snprintf(up, sizeof up, "%s", s->sides[i].id);
        for (char *c = up; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        const sl_host_seat *seat = &h->seats[i];
        const char *who = seat->client >= 0 ? h->clients[seat->client].name : "";
        if (i == h->solo_side)
            n += (size_t)snprintf(out + n, len - n, "%s%s: played by the program", i ? "\n" : "", s->sides[i].id);
        else if (seat->taken && !seat->token[0])
            n += (size_t)snprintf(out + n, len - n, "%s%s: played at the host", i ? "\n" : "", s->sides[i].id);
        else if (seat->client >= 0)
            n += (size_t)snprintf(out + n, len - n, "%s%s: connected%s%s%s", i ? "\n" : "", s->sides[i].id,
                                  who[0] ? " (" : "", who, who[0] ? ")" : "");
        else
            n += (size_t)snprintf(out + n, len - n, "%s%s: waiting for %s's player%s", i ? "\n" : "",
                                  s->sides[i].id, up, seat->taken ? " to rejoin" : "");
    }
    int watchers = 0;
    for (int c = 0; c < SL_NET_MAX_CLIENTS; c++)
        watchers += h->clients[c].used && h->clients[c].role == SL_NET_WATCHER;
    if (n < len)
        snprintf(out + n, len - n, "\nwatching: %d", watchers);
}

static uint64_t fnv(const char *b, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)b[i]) * 0x100000001b3ull;
    return h | 1; /* never 0: 0 is "none sent" */
}

/* The texts of one broadcast, each made once for all the clients that
 * read it alike (the same view and version): spectators watching as a
 * side cost the host no more than that side's player. */
enum { TX_STATE, TX_STATE4, TX_DECISION, TX_ACTIONS, TX_ACTIONS4, TX_ACTIONS5, TX_KINDS };
typedef struct texts {
    signed char made[TX_KINDS][SL_MAX_SIDES + 1]; /* 0 not yet, 1 made, -1 none */
    sl_net_buf b[TX_KINDS][SL_MAX_SIDES + 1];
} texts;

static const sl_net_buf *text_for(sl_host *h, texts *t, int kind, int side)
{
    int i = side + 1; /* -1: the referee's */
    if (i < 0 || i > SL_MAX_SIDES)
        return NULL;
    sl_net_buf *b = &t->b[kind][i];
    if (!t->made[kind][i]) {
        bool ok = kind == TX_STATE || kind == TX_STATE4
                      ? sl_net_state_text(&h->play->game, side, kind == TX_STATE4 ? 4 : 3, b)
                  : kind == TX_DECISION ? sl_net_decision_text(&h->play->game, side, b)
                                        : sl_net_actions_text(h->play, side, 3 + kind - TX_ACTIONS, b);
        if (ok && kind >= TX_DECISION && b->n)
            ok = sl_net_buf_add(b, "", 1); /* ended, for send_msg */
        t->made[kind][i] = ok ? 1 : -1;
    }
    return t->made[kind][i] > 0 ? b : NULL;
}

static void texts_free(texts *t)
{
    for (int k = 0; k < TX_KINDS; k++)
        for (int i = 0; i <= SL_MAX_SIDES; i++)
            sl_net_buf_free(&t->b[k][i]);
}

/* The state to draw, to a client of version 2, when it changed. */
static void send_state(sl_host *h, int ci, const sl_net_buf *text)
{
    sl_host_client *c = &h->clients[ci];
    sl_net_buf wire = {0};
    uint64_t sum = fnv(text->b, text->n);
    if (sum != c->state_hash && sl_net_state_send(&wire, text->b, text->n)) {
        c->state_hash = sum;
        /* one message a packet: each part on its own */
        sl_net_msg m;
        size_t used;
        char err[200];
        for (size_t at = 0; at < wire.n && sl_net_decode(wire.b + at, wire.n - at, &m, &used, err, sizeof err) == 1;
             at += used) {
            sl_net_buf one = {0};
            if (sl_net_buf_add(&one, wire.b + at, used))
                queue(h, ci, &one, false);
            sl_net_buf_free(&one);
        }
    }
    sl_net_buf_free(&wire);
}

/* One message (its text ended by a NUL), when its text changed since the
 * last sent (hash kept). */
static void send_changed(sl_host *h, int ci, const char *type, const sl_net_buf *text, uint64_t *hash)
{
    if (!text || !text->n)
        return;
    uint64_t sum = fnv(text->b, text->n);
    if (sum != *hash && text->n - 1 <= SL_NET_MAX_PAYLOAD) {
        *hash = sum;
        send_msg(h, ci, type, text->b, false);
    }
}

/* The decision pending as the client's side sees it, and to a player the
 * actions its side's units are offered (version 3), when they changed. */
static void send_offers(sl_host *h, int ci, texts *t)
{
    sl_host_client *c = &h->clients[ci];
    send_changed(h, ci, "decision", text_for(h, t, TX_DECISION, c->side), &c->decision_hash);
    if (c->role == SL_NET_PLAYER)
        send_changed(h, ci, "actions",
                     text_for(h, t, c->version >= 5 ? TX_ACTIONS5 : c->version >= 4 ? TX_ACTIONS4 : TX_ACTIONS, c->side),
                     &c->actions_hash);
}

/* Every client's share of the journal so far, the side to act when it
 * changed, and (with seats) who sits where. */
static void broadcast(sl_host *h, bool seats)
{
    const sl_journal *j = &h->play->game.journal;
    char text[1200];
    if (seats)
        sl_host_seats_text(h, text, sizeof text);
    int turn = sl_play_side_to_act(h->play);
    texts *t = calloc(1, sizeof *t);
    for (int ci = 0; t && ci < SL_NET_MAX_CLIENTS; ci++) {
        sl_host_client *c = &h->clients[ci];
        if (!c->used || c->role == SL_NET_NONE || c->closing)
            continue;
        for (; c->sent_events < j->n; c->sent_events++) {
            const char *line = sl_reading_json(&c->reading, &j->ev[c->sent_events]);
            if (line && ++c->read_events > c->skip)
                send_msg(h, ci, "event", line, false);
        }
        if (turn != c->last_turn) {
            c->last_turn = turn;
            send_msg(h, ci, "turn", turn >= 0 ? side_id(h, turn) : "none", false);
        }
        const sl_net_buf *st = c->version >= 2 ? text_for(h, t, c->version >= 4 ? TX_STATE4 : TX_STATE, c->side) : NULL;
        if (st)
            send_state(h, ci, st);
        if (c->version >= 3)
            send_offers(h, ci, t);
        if (seats)
            send_msg(h, ci, "seats", text, false);
    }
    if (t)
        texts_free(t);
    free(t);
}

void sl_host_sync(sl_host *h)
{
    broadcast(h, false);
}

int sl_host_connect(sl_host *h)
{
    for (int c = 0; c < SL_NET_MAX_CLIENTS; c++)
        if (!h->clients[c].used) {
            sl_host_client *cl = &h->clients[c];
            sl_net_buf_free(&cl->in);
            memset(cl, 0, sizeof *cl);
            cl->used = cl->connected = true;
            cl->seat = -1;
            cl->last_turn = -2;
            sl_reading_init(&cl->reading, -1);
            return c;
        }
    return -1;
}

void sl_host_disconnect(sl_host *h, int client)
{
    if (client < 0 || client >= SL_NET_MAX_CLIENTS || !h->clients[client].used)
        return;
    sl_host_client *c = &h->clients[client];
    if (c->seat >= 0 && h->seats[c->seat].client == client) {
        h->seats[c->seat].client = -1;
        logf_(h, "client %d left %s's seat: it waits for a rejoin with its token", client, side_id(h, c->seat));
    }
    sl_net_buf_free(&c->in);
    sl_reading_free(&c->reading);
    bool seated = c->seat >= 0;
    memset(c, 0, sizeof *c);
    if (seated)
        broadcast(h, true);
    for (int i = h->out_head; i < h->nout; i++)
        if (h->out[i].client == client)
            h->out[i].n = 0; /* nothing more goes to a link that is gone */
}

static void write_seats(sl_host *h)
{
    if (!h->seats_path[0])
        return;
    char tmp[sizeof h->seats_path + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", h->seats_path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        logf_(h, "cannot write the seat tokens to %s", tmp);
        return;
    }
    for (int s = 0; s < h->play->game.live.nsides; s++)
        if (h->seats[s].taken && h->seats[s].token[0])
            fprintf(f, "%s %s\n", side_id(h, s), h->seats[s].token);
    if (fclose(f) != 0 || rename(tmp, h->seats_path) != 0)
        logf_(h, "cannot write the seat tokens to %s", h->seats_path);
}

bool sl_host_keep_seats(sl_host *h, const char *path, char *err, size_t errlen)
{
    snprintf(h->seats_path, sizeof h->seats_path, "%s", path);
    FILE *f = fopen(path, "r");
    if (!f)
        return true; /* none yet */
    char line[256];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        char side[64], token[64];
        int s;
        if (sscanf(line, "%63s %63s", side, token) != 2 ||
            (s = sl_scenario_find_side(&h->play->game.live, side)) < 0 || strlen(token) != SL_NET_TOKEN_LEN) {
            snprintf(err, errlen, "%s:%d: a line is a side's id and its seat token", path, n);
            fclose(f);
            return false;
        }
        h->seats[s].taken = true;
        memcpy(h->seats[s].token, token, SL_NET_TOKEN_LEN + 1);
    }
    fclose(f);
    return true;
}

/* Constant time, so a wrong guess tells nothing by how long it took. */
static bool same_secret(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    unsigned diff = (unsigned)(la ^ lb);
    for (size_t i = 0; i < la; i++)
        diff |= (unsigned)(a[i] ^ b[i % (lb ? lb : 1)]);
    return diff == 0;
}

static void new_token(sl_host *h, char *out)
{
    uint8_t r[SL_NET_TOKEN_LEN / 2];
    h->random(h->random_ctx, r, sizeof r);
    for (size_t i = 0; i < sizeof r; i++)
        snprintf(out + 2 * i, 3, "%02x", r[i]);
}

/* The seat a player's hello asks for: its side, or -1 refused. */
static int take_seat(sl_host *h, int client, const sl_net_hello *hi, bool *rejoin)
{
    const sl_scenario *s = &h->play->game.live;
    int side = hi->side[0] ? sl_scenario_find_side(s, hi->side) : -1;
    if (hi->side[0] && side < 0)
        return refuse(h, client, true, "no side has id '%.60s'", hi->side), -1;
    if (hi->token[0]) {
        for (int i = 0; i < s->nsides; i++)
            if (h->seats[i].taken && same_secret(h->seats[i].token, hi->token) && (side < 0 || side == i)) {
                int stale = h->seats[i].client;
                if (stale >= 0) {
                    /* the token is the player's: his old link (a crash the
                     * host has not noticed yet) gives way to the new one */
                    h->clients[stale].seat = -1;
                    h->seats[i].client = -1;
                    send_msg(h, stale, "bye", "the seat was taken up again with its token, on another link", true);
                    logf_(h, "client %d: %s's seat taken up again by client %d with its token", stale,
                          s->sides[i].id, client);
                }
                *rejoin = true;
                return i;
            }
        return refuse(h, client, true, "no seat%s%s has that token", side >= 0 ? " of " : "",
                      side >= 0 ? s->sides[side].id : ""),
               -1;
    }
    for (int i = 0; side < 0 && i < s->nsides; i++)
        if (!h->seats[i].taken && i != h->solo_side)
            side = i;
    if (side < 0)
        return refuse(h, client, true, "every seat is taken"), -1;
    if (side == h->solo_side)
        return refuse(h, client, true, "%s is played by the program on this host", s->sides[side].id), -1;
    if (h->seats[side].taken && !h->seats[side].token[0])
        return refuse(h, client, true, "%s is played at the host itself", s->sides[side].id), -1;
    if (h->seats[side].taken)
        return refuse(h, client, true,
                      "%s's seat is taken (its player rejoins with the seat token the host gave)", s->sides[side].id),
               -1;
    new_token(h, h->seats[side].token);
    h->seats[side].taken = true;
    write_seats(h);
    return side;
}

static void hello(sl_host *h, int client, const sl_net_msg *m)
{
    sl_host_client *c = &h->clients[client];
    sl_net_hello hi;
    char err[300];
    if (c->role != SL_NET_NONE) {
        refuse(h, client, false, "a hello comes once, first");
        return;
    }
    if (!sl_net_hello_parse(m->payload, m->len, &hi, err, sizeof err)) {
        refuse(h, client, true, "%s", err);
        return;
    }
    if (h->password[0] && !same_secret(h->password, hi.password)) {
        refuse(h, client, true, "wrong password");
        return;
    }
    bool rejoin = false;
    int side;
    if (hi.watch) {
        if (h->watch_view == -2) {
            refuse(h, client, true, "this host lets nobody watch (sightline host --spectators)");
            return;
        }
        side = h->watch_view;
        c->role = SL_NET_WATCHER;
    } else {
        if ((side = take_seat(h, client, &hi, &rejoin)) < 0)
            return;
        c->role = SL_NET_PLAYER;
        c->seat = side;
        h->seats[side].client = client;
    }
    c->side = side;
    snprintf(c->name, sizeof c->name, "%s", hi.name);
    sl_reading_free(&c->reading);
    sl_reading_init(&c->reading, side);
    c->sent_events = c->read_events = 0;
    c->skip = hi.have;
    char w[600 + SL_PATH_MAX];
    c->version = hi.version;
    c->state_hash = c->decision_hash = c->actions_hash = 0;
    int wl = snprintf(w, sizeof w, "%s %d\n%s %s\ntoken %s\nscenario %s", SL_NET_PROTOCOL, hi.version,
                      hi.watch ? "watch" : "play", side_id(h, side), hi.watch ? "-" : h->seats[side].token,
                      h->play->game.live.name);
    if (hi.version >= 2 && wl > 0 && (size_t)wl < sizeof w) /* the file its table is drawn from */
        wl += snprintf(w + wl, sizeof w - (size_t)wl, "\nfile %s", h->play->origin.scenario_path);
    if (!h->digest[0] && h->play->setup && !sl_net_table_digest(h->play->setup, h->digest))
        h->digest[0] = '\0'; /* no file to tell by: no digest */
    if (hi.version >= 3 && wl > 0 && (size_t)wl < sizeof w && h->digest[0]) /* and what it holds */
        snprintf(w + wl, sizeof w - (size_t)wl, "\ndigest %s", h->digest);
    send_msg(h, client, "welcome", w, false);
    logf_(h, "client %d %s %s", client, hi.watch ? "watches as" : rejoin ? "rejoins" : "takes the seat of",
          side_id(h, side));
    broadcast(h, true);
    for (int i = 0; i < h->nchat; i++) /* what was said before it came */
        send_msg(h, client, "chat", h->chat[i], false);
}

/* The program's turns and answers, after a player's command. */
static void solo(sl_host *h)
{
    char err[600];
    if (h->solo_side < 0)
        return;
    for (int n = 0; n < HOST_SOLO_MAX && sl_play_solo_step(h->play, err, sizeof err); n++)
        ;
}

void sl_host_begin(sl_host *h)
{
    solo(h);
}

bool sl_host_command(sl_host *h, int side, const char *line, char *err, size_t errlen)
{
    sl_game *g = &h->play->game;
    if (!h->play->on)
        return snprintf(err, errlen, "there is no game in play"), false;
    if (strchr(line, '\n') || strchr(line, '\r'))
        return snprintf(err, errlen, "a command is one line"), false;
    if (!sl_game_names_known(g, side, line, err, errlen))
        return false;
    sl_command c;
    if (!sl_command_parse(&g->live, line, &c, err, errlen))
        return false;
    int owner = sl_command_side(g, &c);
    if (c.kind != SL_CMD_NONE && owner != side && owner >= 0)
        return snprintf(err, errlen, "only %s's player may give that order (you play %s)", g->live.sides[owner].name,
                        side >= 0 && side < g->live.nsides ? g->live.sides[side].name : "no side"),
               false;
    if (c.kind == SL_CMD_NONE)
        return true; /* a blank line or a note alone */
    if (!sl_play_do(h->play, &c, err, errlen))
        return false;
    solo(h);
    broadcast(h, false);
    return true;
}

static void command(sl_host *h, int client, const sl_net_msg *m)
{
    sl_host_client *c = &h->clients[client];
    if (c->role != SL_NET_PLAYER) {
        refuse(h, client, false, "%s", c->role == SL_NET_WATCHER ? "a spectator gives no commands"
                                                                      : "the first message is a hello");
        return;
    }
    char line[SL_CMD_TEXT + SL_CMD_NOTE + 8], err[700];
    if (m->len >= sizeof line) {
        refuse(h, client, false, "a command of %zu bytes: a command line is under %zu", m->len, sizeof line);
        return;
    }
    snprintf(line, sizeof line, "%.*s", (int)m->len, m->payload);
    if (!sl_host_command(h, c->side, line, err, sizeof err)) {
        /* the game's reason in the words the side may read (the line
         * itself is the client's own: a hidden id it typed is not
         * turned into that unit's counter) */
        char *pub = sl_game_censor(&h->play->game, c->side, err);
        refuse(h, client, false, "%.200s: %s", line, pub ? pub : err);
        free(pub);
        return;
    }
    send_msg(h, client, "ok", line, false);
}

/* No control character (nor DEL) in a question the answer repeats
 * ("for ..."): a client could not read that answer. */
static bool plain_text(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)p[i] < ' ' || p[i] == 0x7f)
            return false;
    return true;
}

/* A player's way planned as the rules would play it now (version 4):
 * asked while the way is drawn; nothing in the game changes. */
static void plan(sl_host *h, int client, const sl_net_msg *m)
{
    sl_host_client *c = &h->clients[client];
    if (c->role != SL_NET_PLAYER) {
        refuse(h, client, false, "a spectator plans no way");
        return;
    }
    char line[SL_CMD_TEXT + 8];
    if (m->len >= sizeof line || !h->play->on) {
        refuse(h, client, false, "a plan is asked of a command line under %zu bytes, in a game", sizeof line);
        return;
    }
    if (!plain_text(m->payload, m->len)) {
        refuse(h, client, false, "a plan is asked of one command line");
        return;
    }
    snprintf(line, sizeof line, "%.*s", (int)m->len, m->payload);
    sl_net_buf text = {0};
    if (sl_net_plan_text(&h->play->game, c->side, line, &text) && sl_net_buf_add(&text, "", 1) &&
        text.n - 1 <= SL_NET_MAX_PAYLOAD)
        send_msg(h, client, "plan", text.b, false);
    sl_net_buf_free(&text);
}

/* A rule's list for a player's action (version 5): asked as its choices
 * change; nothing in the game changes. */
static void list(sl_host *h, int client, const sl_net_msg *m)
{
    sl_host_client *c = &h->clients[client];
    char ask[160];
    bool plain = plain_text(m->payload, m->len);
    char unit[64], key[16];
    unsigned chosen, toggles;
    int k = 0;
    if (plain && m->len < sizeof ask)
        snprintf(ask, sizeof ask, "%.*s", (int)m->len, m->payload);
    if (c->role != SL_NET_PLAYER || m->len >= sizeof ask || !h->play->on || !plain ||
        sscanf(ask, "%63s %15s %u %u%n", unit, key, &chosen, &toggles, &k) != 4 || ask[k]) {
        refuse(h, client, false, "a list is asked by a player, in a game, as 'UNIT KEY CHOSEN TOGGLES'");
        return;
    }
    sl_net_buf text = {0};
    if (sl_net_list_text(h->play, c->side, ask, &text) && sl_net_buf_add(&text, "", 1) &&
        text.n - 1 <= SL_NET_MAX_PAYLOAD)
        send_msg(h, client, "list", text.b, false);
    sl_net_buf_free(&text);
}

/* A chat line kept for those who join later (and, with `write`, in the
 * chat file beside the autosave: not in the journal). */
static void keep_chat_line(sl_host *h, const char *text, bool write)
{
    if (h->nchat == SL_NET_CHAT_KEEP) {
        memmove(h->chat[0], h->chat[1], sizeof h->chat[0] * (SL_NET_CHAT_KEEP - 1));
        h->nchat--;
    }
    snprintf(h->chat[h->nchat++], sizeof h->chat[0], "%s", text);
    FILE *f = write && h->chat_path[0] ? fopen(h->chat_path, "a") : NULL;
    if (f) {
        fprintf(f, "%s\n", text);
        fclose(f);
    } else if (write && h->chat_path[0])
        logf_(h, "cannot keep the chat in %s", h->chat_path);
}

void sl_host_keep_chat(sl_host *h, const char *path)
{
    snprintf(h->chat_path, sizeof h->chat_path, "%s", path);
    FILE *f = fopen(path, "r");
    char line[700];
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0])
            keep_chat_line(h, line, false);
    }
    if (f)
        fclose(f);
}

static void chat(sl_host *h, int client, const sl_net_msg *m)
{
    sl_host_client *c = &h->clients[client];
    if (c->role == SL_NET_NONE) {
        refuse(h, client, true, "the first message is a hello");
        return;
    }
    if (m->len > SL_NET_CHAT_MAX || m->len == 0 || memchr(m->payload, '\n', m->len) || memchr(m->payload, '\r', m->len)) {
        refuse(h, client, false, "a chat line is one line of 1 to %d bytes", SL_NET_CHAT_MAX);
        return;
    }
    char text[600];
    snprintf(text, sizeof text, "%s%s%s: %.*s", c->name[0] ? c->name : "", c->name[0] ? ", " : "",
             c->role == SL_NET_WATCHER ? "watching" : side_id(h, c->side), (int)m->len, m->payload);
    keep_chat_line(h, text, true);
    for (int i = 0; i < SL_NET_MAX_CLIENTS; i++)
        if (h->clients[i].used && h->clients[i].role != SL_NET_NONE && !h->clients[i].closing)
            send_msg(h, i, "chat", text, false);
}

static void handle(sl_host *h, int client, const sl_net_msg *m)
{
    sl_host_client *c = &h->clients[client];
    if (strcmp(m->type, "hello") == 0) {
        hello(h, client, m);
        return;
    }
    if (c->role == SL_NET_NONE) {
        refuse(h, client, true, "the first message is a hello");
        return;
    }
    if (strcmp(m->type, "cmd") == 0)
        command(h, client, m);
    else if (strcmp(m->type, "plan") == 0 && c->version >= 4)
        plan(h, client, m);
    else if (strcmp(m->type, "list") == 0 && c->version >= 5)
        list(h, client, m);
    else if (strcmp(m->type, "chat") == 0)
        chat(h, client, m);
    else if (strcmp(m->type, "bye") == 0)
        send_msg(h, client, "bye", "", true);
    else
        refuse(h, client, false, "a client does not send '%s' messages", m->type);
}

void sl_host_feed(sl_host *h, int client, const void *bytes, size_t n)
{
    if (client < 0 || client >= SL_NET_MAX_CLIENTS || !h->clients[client].used)
        return;
    sl_host_client *c = &h->clients[client];
    if (c->closing)
        return;
    if (!sl_net_buf_add(&c->in, bytes, n)) {
        refuse(h, client, true, "out of memory");
        return;
    }
    for (;;) {
        sl_net_msg m;
        size_t used;
        char err[300];
        int r = sl_net_decode(c->in.b, c->in.n, &m, &used, err, sizeof err);
        if (r == 0)
            return;
        if (r < 0) {
            c->in.n = 0; /* what follows a broken frame cannot be found */
            refuse(h, client, true, "%s", err);
            return;
        }
        handle(h, client, &m);
        sl_net_buf_drop(&c->in, used);
        if (c->closing || !c->used)
            return;
    }
}
