/* libFuzzer target: the bytes a client sends the host (issue 43), as they
 * come off a link, against a hosted game with fog of war
 * (tests/data/fog.json, ESU played by the program). The decoder must take
 * a message whole or say why not, never reading past the bytes it was
 * given; whatever comes, the host must not crash or leak, and every
 * message it sends back must itself decode, within the size limit; a
 * state to draw it sends must read back whole. The same bytes, as the
 * payload of a state a host might send, go to the client's reader of
 * states (protocol 2), which takes them or says why not, and to its
 * readers of a decision and of actions (protocol 3), of a way's plan
 * (protocol 4) and of a rule's list (protocol 5); each the host sends must
 * read back. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/io.h"
#include "sightline/net.h"
#include "sightline/play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sl_world world;
static bool ready;
static sl_net_decision dec[1];
static sl_net_actions acts[1];
static sl_net_plan plan[1];
static sl_net_list list[1];
static const char *scenario;

static bool setup(void)
{
    static const char *const paths[] = {"tests/data/fog.json", "../../tests/data/fog.json"};
    sl_load_opts lo = {false};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        sl_diag d;
        sl_diag_init(&d);
        bool ok = sl_world_load(paths[i], &lo, &world, &d);
        sl_diag_free(&d);
        if (ok) {
            scenario = paths[i];
            return true;
        }
    }
    return false;
}

static void quiet(void *ctx, const char *line)
{
    (void)ctx;
    (void)line;
}

/* The decoder alone: each message it takes lies inside the bytes. */
static void decode_all(const char *b, size_t n)
{
    for (size_t at = 0; at < n;) {
        sl_net_msg m;
        size_t used;
        char err[300];
        int r = sl_net_decode(b + at, n - at, &m, &used, err, sizeof err);
        if (r <= 0)
            return;
        if (used == 0 || used > n - at || m.len > SL_NET_MAX_PAYLOAD || m.payload < b + at ||
            m.payload + m.len > b + at + used)
            abort();
        at += used;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ready) {
        if (!setup())
            abort();
        ready = true;
    }
    if (size > 65536)
        return 0;
    decode_all((const char *)data, size);
    sl_play p;
    sl_play_init(&p);
    char err[600];
    if (!sl_play_start(&p, &world, scenario, 1, err, sizeof err))
        abort();
    p.solo_side = 1;
    sl_game_begin(&p.game);
    sl_host h;
    sl_host_init(&h, &p);
    h.log = quiet;
    h.solo_side = 1;
    h.watch_view = 0;
    int c = sl_host_connect(&h);
    /* in two pieces, as a stream may cut them */
    size_t half = size / 2;
    sl_host_feed(&h, c, data, half);
    sl_host_feed(&h, c, data + half, size - half);
    sl_host_out o;
    sl_net_state st = {0};
    while (sl_host_next_out(&h, &o)) {
        sl_net_msg m;
        size_t used;
        if (o.n && (sl_net_decode(o.bytes, o.n, &m, &used, err, sizeof err) != 1 || used != o.n))
            abort();
        if (o.n && strcmp(m.type, "state") == 0 && sl_net_state_take(&st, m.payload, m.len, &world.scn, err,
                                                                     sizeof err) < 0)
            abort(); /* the host's own state must read back */
        if (o.n && strcmp(m.type, "decision") == 0 && !sl_net_decision_parse(m.payload, m.len, dec, err, sizeof err))
            abort(); /* and its decision (protocol 3) */
        if (o.n && strcmp(m.type, "actions") == 0 && !sl_net_actions_parse(m.payload, m.len, acts, err, sizeof err))
            abort(); /* and its actions */
        if (o.n && strcmp(m.type, "plan") == 0 && !sl_net_plan_parse(m.payload, m.len, plan, err, sizeof err))
            abort(); /* and its plan of a way (protocol 4) */
        if (o.n && strcmp(m.type, "list") == 0 && !sl_net_list_parse(m.payload, m.len, list, err, sizeof err))
            abort(); /* and a rule's list (protocol 5) */
        free(o.bytes);
    }
    /* the bytes as a state's parts, cut where new lines fall */
    for (size_t at = 0, k = 0; at < size && k < 64; k++) {
        const uint8_t *nl = memchr(data + at, 0, size - at);
        size_t len = nl ? (size_t)(nl - data - (ptrdiff_t)at) : size - at;
        sl_net_state_take(&st, (const char *)data + at, len, &world.scn, err, sizeof err);
        at += len + 1;
    }
    /* the bytes as a decision and as actions a host might send: read or refused */
    if (sl_net_decision_parse((const char *)data, size, dec, err, sizeof err) &&
        (dec->nlines > SL_NET_DECISION_LINES || dec->nanswers > SL_NET_DECISION_ANSWERS))
        abort();
    if (sl_net_actions_parse((const char *)data, size, acts, err, sizeof err))
        for (int i = 0; i < acts->nact; i++)
            if (acts->act[i].unit < 0 || acts->act[i].unit >= acts->nunits)
                abort();
    if (sl_net_list_parse((const char *)data, size, list, err, sizeof err) &&
        (list->nitems > SL_LIST_MAX || list->ntoggles > SL_LIST_TOGGLES || (list->listed && !list->cmd[0])))
        abort();
    if (sl_net_plan_parse((const char *)data, size, plan, err, sizeof err) && plan->nmen > SL_NET_PLAN_MEN)
        abort();
    sl_net_state_free(&st);
    sl_host_free(&h);
    sl_play_free(&p);
    return 0;
}
