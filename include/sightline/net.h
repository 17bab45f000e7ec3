/* sightline: one game, played over a link (issue 43).
 *
 * The host holds the one game that counts; every client (a player of one
 * side, or a spectator) sends it commands in the script language and reads
 * back only its own side's reading of each event: the journal as the game
 * itself censors it for that side (sl_reading_json), never a second censor.
 *
 * This part knows no transport: bytes from a client go in
 * (sl_host_feed), messages for each client come out (the outbox), and the
 * transports (standard input and output, ENet over UDP) only carry them.
 * The wire format is src/net/PROTOCOL.md: a header line "TYPE LENGTH\n",
 * then LENGTH bytes of text; every message has a size limit.
 */
#ifndef SIGHTLINE_NET_H
#define SIGHTLINE_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sightline/play.h"

#define SL_NET_PROTOCOL "sightline-net"
#define SL_NET_VERSION 5        /* 2: the state to draw (state); 3: the decision pending, the actions offered
                                   and the table's digest; 4: each man's arms in the state, a figures pick in
                                   the actions, a way's plan asked (plan); 5: a rule's list pick in the
                                   actions, its list asked (list); hellos of 1 to 4 are still taken, without
                                   them */
#define SL_NET_VERSION_MIN 1
#define SL_NET_PORT 7343
#define SL_NET_MAX_PAYLOAD 16384 /* bytes of a message after its header */
#define SL_NET_MAX_HEADER 24     /* "TYPE LENGTH\n" */
#define SL_NET_TYPE_LEN 16
#define SL_NET_TOKEN_LEN 32      /* hex digits of a seat token */
#define SL_NET_MAX_CLIENTS 32
#define SL_NET_CHAT_MAX 400      /* bytes of a chat line */
#define SL_NET_CHAT_KEEP 16      /* chat lines sent again to a player who (re)joins */

/* --- framing ------------------------------------------------------------------ */

typedef struct sl_net_msg {
    char type[SL_NET_TYPE_LEN];
    const char *payload; /* points into the decoded bytes; not NUL-ended */
    size_t len;
} sl_net_msg;

/* Decode one message from the front of buf: 1 with *m and *used (bytes of
 * the whole message), 0 when more bytes are needed, -1 when the bytes are
 * not a message (err says why: an unknown type, a length over the limit,
 * a NUL or a broken header). */
int sl_net_decode(const char *buf, size_t n, sl_net_msg *m, size_t *used, char *err, size_t errlen);

/* A growing byte buffer. */
typedef struct sl_net_buf {
    char *b;
    size_t n, cap;
} sl_net_buf;
void sl_net_buf_free(sl_net_buf *b);
bool sl_net_buf_add(sl_net_buf *b, const void *data, size_t n);
void sl_net_buf_drop(sl_net_buf *b, size_t n); /* the first n bytes */
/* One message appended (a payload over the limit is cut at the limit, on
 * a UTF-8 boundary). */
bool sl_net_encode(sl_net_buf *out, const char *type, const char *payload, size_t len);

/* A hello's fields (the first message a client sends). */
typedef struct sl_net_hello {
    int version;
    bool watch;                        /* a spectator */
    char side[64];                     /* "" any free seat */
    char password[128];
    char token[SL_NET_TOKEN_LEN + 1];  /* "" a new seat */
    int have;                          /* events of its reading it already has */
    char name[64];
} sl_net_hello;
bool sl_net_hello_parse(const char *payload, size_t len, sl_net_hello *out, char *err, size_t errlen);
/* The hello as a payload. */
size_t sl_net_hello_format(const sl_net_hello *h, char *out, size_t len);

/* --- the state to draw (version 2) ----------------------------------------------- */

/* A side's view of the forces (-1: the referee's, everything) as lines of
 * text: the game's own censor (sl_game_forces_for), a counter one man at
 * its place, counters after the known units in the order of their
 * letters (src/net/PROTOCOL.md, "state"). */
bool sl_net_state_text(const sl_game *g, int side, int version, sl_net_buf *out);
/* The text as one or more `state` messages appended to `wire` (each
 * "part K N" and whole lines, under the limit). */
bool sl_net_state_send(sl_net_buf *wire, const char *text, size_t len);

/* What a client makes of it: units and figures to draw on its own copy
 * of the table (sides by their ids in `table`), and each unit's state
 * words ("-", "done", "last-seen", "counter", " suppressed-N"). */
typedef struct sl_net_state {
    char view[64];
    int turn;
    sl_unit *units;
    int nunits, cap_units;
    sl_figure *figures;
    int nfigures, cap_figures;
    char (*flags)[32];
    sl_net_buf parts;       /* the parts so far of a state in several */
    int next_part;
} sl_net_state;
bool sl_net_state_parse(const char *text, size_t len, const sl_scenario *table, sl_net_state *s, char *err,
                        size_t errlen);
/* One `state` message's payload: 1 when it completed a state (now in
 * *s), 0 when more parts are to come, -1 when it is not a state (err). */
int sl_net_state_take(sl_net_state *s, const char *payload, size_t len, const sl_scenario *table, char *err,
                      size_t errlen);
void sl_net_state_free(sl_net_state *s);

/* --- what a side may do now (version 3) ------------------------------------------ */

/* The decision pending as `side` sees it (PROTOCOL.md, "decision"): who
 * decides, its title and lines, and to the deciding side its answers,
 * each the command it gives; "none" when none is pending. */
bool sl_net_decision_text(const sl_game *g, int side, sl_net_buf *out);
/* The actions the rules offer the side's units now, the acting unit's
 * first (PROTOCOL.md, "actions"), each with its key, allowed or why not,
 * what is picked for it and its command with the pick left blank. */
bool sl_net_actions_text(sl_play *p, int side, int version, sl_net_buf *out);

/* --- a way's plan, asked (version 4) ---------------------------------------------- */

/* The host's answer to a player's `plan` (PROTOCOL.md, "plan"): what the
 * way command `line` would do if the side gave it now, as the rules plan
 * it (sl_game_way_plan): its cost of the allowance, where it ends, the
 * men's ends, the rules' words (censored for the side) and verdict; or
 * "none" after the `for` line when it is no way the side may plan. */
bool sl_net_plan_text(const sl_game *g, int side, const char *line, sl_net_buf *out);

#define SL_NET_PLAN_MEN 32
typedef struct sl_net_plan {
    char cmd[SL_CMD_TEXT + 80]; /* the command line it is for */
    bool planned;               /* false: "none" */
    bool ok, rolled;
    sl_pt start, end;
    int length, cost, allowance, go; /* mils */
    char line[3][240];
    char why[240];
    int nmen;
    char man[SL_NET_PLAN_MEN][SL_ID_LEN];
    sl_pt man_end[SL_NET_PLAN_MEN];
} sl_net_plan;
bool sl_net_plan_parse(const char *text, size_t len, sl_net_plan *p, char *err, size_t errlen);

/* --- a rule's list pick, asked (version 5) ------------------------------------------ */

/* The host's answer to a player's `list` (PROTOCOL.md, "list"): `ask` is
 * "UNIT KEY CHOSEN TOGGLES", the unit's action by its bar key and the
 * items chosen and toggles on as bits; the list the rules give for it
 * then (sl_game_pick_list), each text censored for the side, and the
 * command Enter would give; "none" after the `for` line when the action
 * is not the side's or picks no list now. */
bool sl_net_list_text(sl_play *p, int side, const char *ask, sl_net_buf *out);

#define SL_NET_LIST_TEXT 200 /* bytes of a list's text on the wire */
typedef struct sl_net_list_item {
    bool ok, chosen;
    char line[SL_NET_LIST_TEXT], said_on[SL_NET_LIST_TEXT], said_off[SL_NET_LIST_TEXT];
} sl_net_list_item;
typedef struct sl_net_list {
    char unit[64], key[16];
    unsigned chosen, toggles;   /* as asked */
    bool listed;                /* false: "none" */
    char title[SL_NET_LIST_TEXT], head[SL_NET_LIST_TEXT], foot[SL_NET_LIST_TEXT];
    char start[SL_NET_LIST_TEXT], range[SL_NET_LIST_TEXT];
    sl_net_list_item items[SL_LIST_MAX];
    int nitems;
    struct {
        char key;
        char line[SL_NET_LIST_TEXT], said_on[SL_NET_LIST_TEXT], said_off[SL_NET_LIST_TEXT];
    } toggles_of[SL_LIST_TOGGLES];
    int ntoggles;
    char cmd[SL_CMD_TEXT + 80]; /* what Enter gives with these choices */
} sl_net_list;
bool sl_net_list_parse(const char *text, size_t len, sl_net_list *l, char *err, size_t errlen);

#define SL_NET_DECISION_LINES 24
#define SL_NET_DECISION_ANSWERS 12
typedef struct sl_net_answer {
    char key;
    char word[16];
    char cmd[SL_CMD_TEXT + 64];
} sl_net_answer;
typedef struct sl_net_decision {
    bool pending;
    char side[64];           /* who decides */
    char title[SL_DECISION_LINE];
    char duty[64];           /* after the side's name: "to set up" ("" none) */
    char lines[SL_NET_DECISION_LINES][SL_DECISION_LINE];
    int nlines;
    sl_net_answer answers[SL_NET_DECISION_ANSWERS];
    int nanswers;            /* 0 for a side that waits on another's decision */
} sl_net_decision;
bool sl_net_decision_parse(const char *text, size_t len, sl_net_decision *out, char *err, size_t errlen);

#define SL_NET_ACTION_UNITS 64
#define SL_NET_ACTIONS_MAX 256
typedef struct sl_net_action {
    int unit;                /* its index in the message's units */
    char key[16];            /* as the bar shows it ("F", "Shift+F") */
    bool enabled;
    char pick[12];           /* "-", "unit", "enemy", "point", "way", "figures", "list" (version 5) */
    char label[48];
    char cmd[SL_CMD_TEXT + 80]; /* {T} a unit to pick, {P} a point or points; "" the player types it */
    char why[200];           /* why not, "" */
} sl_net_action;
typedef struct sl_net_actions {
    char side[64];
    char unit[SL_NET_ACTION_UNITS][64];
    int nunits;
    sl_net_action act[SL_NET_ACTIONS_MAX];
    int nact;
} sl_net_actions;
bool sl_net_actions_parse(const char *text, size_t len, sl_net_actions *out, char *err, size_t errlen);

/* A digest of the table a scenario is played on: its file's bytes and its
 * map's (16 hex digits). False when a file could not be read. */
bool sl_net_table_digest(const sl_world *w, char out[17]);

/* --- the host ------------------------------------------------------------------ */

typedef enum sl_net_role { SL_NET_NONE, SL_NET_PLAYER, SL_NET_WATCHER } sl_net_role;

typedef struct sl_host_client {
    bool used, connected, closing;
    sl_net_role role;
    int side;               /* the seat's side; a watcher's view (-1: the referee) */
    int seat;               /* the seat it holds, -1 */
    sl_net_buf in;          /* bytes not yet a whole message */
    sl_reading reading;     /* its side's reading of the journal */
    int sent_events;        /* journal events fed to its reading */
    int read_events;        /* of them, those it reads (its reading's count) */
    int skip;               /* readings it already had when it rejoined */
    int last_turn;          /* the side to act it was last told, -2 none */
    int version;            /* the protocol its hello spoke: 2 gets the state to draw */
    uint64_t state_hash;    /* of the last state it was sent (0 none) */
    uint64_t decision_hash, actions_hash; /* of the last decision and actions it was sent (version 3; 0 none) */
    char name[64];
    long long bytes_out;
} sl_host_client;

typedef struct sl_host_seat {
    bool taken;
    char token[SL_NET_TOKEN_LEN + 1];
    int client;             /* connected client holding it, -1 */
} sl_host_seat;

/* A message waiting to go to a client (close: then end its link). */
typedef struct sl_host_out {
    int client;
    char *bytes;
    size_t n;
    bool close;
} sl_host_out;

typedef struct sl_host {
    sl_play *play;                      /* the one game (not owned) */
    char password[128];                 /* "" none */
    int watch_view;                     /* what spectators read: a side, -1 the referee, -2 nobody may watch */
    int solo_side;                      /* played by the program, -1 none */
    sl_host_client clients[SL_NET_MAX_CLIENTS];
    sl_host_seat seats[SL_MAX_SIDES];
    sl_host_out *out;                   /* out[out_head..nout) wait to go */
    int nout, cap_out, out_head;
    /* seat tokens: random bytes (tests give their own) */
    void (*random)(void *ctx, uint8_t *out, size_t n);
    void *random_ctx;
    /* the log: every refusal and every seat taken or left, one line each */
    void (*log)(void *ctx, const char *line);
    void *log_ctx;
    int refused;                        /* refusals so far */
    char seats_path[SL_PATH_MAX + 8];   /* where seat tokens are kept beside the autosave, "" none */
    char digest[17];                    /* the table's (sl_net_table_digest), told in the welcome; "" none */
    char chat_path[SL_PATH_MAX + 8];    /* where the chat is kept beside the autosave, "" none */
    char chat[SL_NET_CHAT_KEEP][600];   /* the last lines said, for a player who joins or rejoins */
    int nchat;
} sl_host;

/* A host on a game in play (its autosave, if any, keeps the game; the
 * seats file beside it keeps the seat tokens, so a restarted host knows
 * its players again). */
void sl_host_init(sl_host *h, sl_play *play);
void sl_host_free(sl_host *h);
/* Seat tokens kept in `path` (read now if it exists, written at every new seat). */
bool sl_host_keep_seats(sl_host *h, const char *path, char *err, size_t errlen);
/* The chat kept in `path` (its last lines read now, every line appended). */
void sl_host_keep_chat(sl_host *h, const char *path);
/* Every client's share of what changed in the game since it was last
 * told (after a command given straight to the play, not through
 * sl_host_command). */
void sl_host_sync(sl_host *h);
/* Before anyone joins: the program's turns, when its side acts first. */
void sl_host_begin(sl_host *h);
/* A new link: its client number, -1 when the host is full. */
int sl_host_connect(sl_host *h);
/* A link gone (dropped or closed): its seat waits for a rejoin. */
void sl_host_disconnect(sl_host *h, int client);
/* Bytes from a client: every whole message in them is handled. */
void sl_host_feed(sl_host *h, int client, const void *bytes, size_t n);
/* A command given at the host itself (its own side's player, or a
 * script): applied as a client's would be, for side `side`. */
bool sl_host_command(sl_host *h, int side, const char *line, char *err, size_t errlen);
/* The next message waiting to go out (false when none); free its bytes. */
bool sl_host_next_out(sl_host *h, sl_host_out *out);
/* Is the seat of `side` held by a connected client? */
bool sl_host_seat_connected(const sl_host *h, int side);
/* The seats line shown to everyone: "nac: connected (Ann); esu: waiting for ESU's player". */
void sl_host_seats_text(const sl_host *h, char *out, size_t len);

/* --- the ENet link (UDP, reliable and ordered: one message a packet) ---------- */

/* Start and stop ENet for the process (once each). */
bool sl_net_start(char *err, size_t errlen);
void sl_net_stop(void);

typedef struct sl_net_server {
    void *enet;                             /* its ENetHost */
    void *peers[SL_NET_MAX_CLIENTS];        /* each client's ENetPeer */
    sl_host *core;
    int local;                              /* the host's own window's client, -1 none */
    sl_net_buf local_in;                    /* messages for it, not yet taken */
    size_t local_taken;
} sl_net_server;
/* Listen on `bind` ("127.0.0.1", "0.0.0.0") at `port`. */
bool sl_net_server_open(sl_net_server *s, sl_host *core, const char *bind, int port, char *err, size_t errlen);
/* Carry what came in to the host and what it has to send out, waiting
 * at most `wait_ms` for something to happen; how many events came in. */
int sl_net_server_pump(sl_net_server *s, int wait_ms);
void sl_net_server_close(sl_net_server *s);
/* The host's own window: a client of the host with no link, its bytes
 * carried in memory. Its number, -1 when the host is full. */
int sl_net_server_local(sl_net_server *s);
bool sl_net_server_local_send(sl_net_server *s, const char *type, const char *payload, size_t len);
/* The next message for it: 1 (valid until the next call), 0 none, -1 not a message (err). */
int sl_net_server_local_next(sl_net_server *s, sl_net_msg *m, char *err, size_t errlen);

typedef struct sl_net_client {
    void *enet, *peer;
    bool connected;
    sl_net_buf in;              /* messages received, not yet taken */
    size_t taken;               /* bytes of `in` already handed out */
    FILE *raw;                  /* every byte received, as received (NULL: none) */
    long long bytes_in;
} sl_net_client;
/* Connect to host:port within `wait_ms`. */
bool sl_net_client_open(sl_net_client *c, const char *host, int port, int wait_ms, char *err, size_t errlen);
bool sl_net_client_send(sl_net_client *c, const char *type, const char *payload, size_t len);
/* The next message: 1 (valid until the next call), 0 when none came within
 * `wait_ms`, -1 when the link is gone or the bytes are not a message (err). */
int sl_net_client_next(sl_net_client *c, sl_net_msg *m, int wait_ms, char *err, size_t errlen);
/* End the link: politely (a disconnect the host hears at once), or not
 * at all (as a crash leaves it: the host finds out by its timeout). */
void sl_net_client_close(sl_net_client *c, bool polite);

/* The UDP socket a host or a client reads (-1: none, the link closed),
 * and a wait of at most `ms` for bytes to come on one: 1 they have come,
 * 0 not, -1 not a socket. The wait reads nothing (another thread may: a
 * window sleeps until the link or the user wakes it). */
int sl_net_server_socket(const sl_net_server *s);
int sl_net_client_socket(const sl_net_client *c);
int sl_net_socket_wait(int socket, int ms);

#endif
