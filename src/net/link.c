/* The ENet link: one message a packet, reliable and in order, on channel 0. */
#include <enet/enet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/net.h"

#define LINK_TIMEOUT_MIN_MS 1000  /* a silent peer is dropped after 1 to 4 s */
#define LINK_TIMEOUT_MAX_MS 4000
#define LINK_MAX_PACKET (SL_NET_MAX_HEADER + SL_NET_MAX_PAYLOAD + 1)

static int started;

/* The next whole message of `in` (the one handed out before dropped). */
static int take_from(sl_net_buf *in, size_t *taken, sl_net_msg *m, char *err, size_t errlen)
{
    if (*taken > 0) {
        sl_net_buf_drop(in, *taken);
        *taken = 0;
    }
    size_t used;
    int r = in->n ? sl_net_decode(in->b, in->n, m, &used, err, errlen) : 0;
    if (r == 1)
        *taken = used;
    return r;
}

bool sl_net_start(char *err, size_t errlen)
{
    if (started++ > 0)
        return true;
    if (enet_initialize() != 0) {
        started = 0;
        snprintf(err, errlen, "ENet could not start");
        return false;
    }
    return true;
}

void sl_net_stop(void)
{
    if (started > 0 && --started == 0)
        enet_deinitialize();
}

static bool address(ENetAddress *a, const char *host, int port, char *err, size_t errlen)
{
    a->port = (enet_uint16)port;
    if (port <= 0 || port > 65535) {
        snprintf(err, errlen, "a port is 1 to 65535, not %d", port);
        return false;
    }
    if (enet_address_set_host(a, host) != 0) {
        snprintf(err, errlen, "cannot find the address of '%s'", host);
        return false;
    }
    return true;
}

bool sl_net_server_open(sl_net_server *s, sl_host *core, const char *bind, int port, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->core = core;
    s->local = -1;
    ENetAddress a;
    if (!address(&a, bind, port, err, errlen))
        return false;
    s->enet = enet_host_create(&a, SL_NET_MAX_CLIENTS, 1, 0, 0);
    if (!s->enet) {
        snprintf(err, errlen, "cannot listen on %s port %d (is another host on it?)", bind, port);
        return false;
    }
    /* ENet itself drops a packet longer than the longest message, before
     * it is gathered in memory (its own default is 32 MB) */
    ((ENetHost *)s->enet)->maximumPacketSize = LINK_MAX_PACKET;
    return true;
}

/* Everything the host has to send, to each peer. */
static void flush(sl_net_server *s)
{
    sl_host_out o;
    while (sl_host_next_out(s->core, &o)) {
        if (o.client == s->local && s->local >= 0) {
            sl_net_buf_add(&s->local_in, o.bytes, o.n);
            free(o.bytes);
            continue;
        }
        ENetPeer *p = o.client >= 0 && o.client < SL_NET_MAX_CLIENTS ? s->peers[o.client] : NULL;
        if (p && o.n > 0) {
            ENetPacket *pk = enet_packet_create(o.bytes, o.n, ENET_PACKET_FLAG_RELIABLE);
            if (pk && enet_peer_send(p, 0, pk) != 0)
                enet_packet_destroy(pk);
        }
        if (p && o.close) {
            enet_peer_disconnect_later(p, 0);
            s->peers[o.client] = NULL;
            sl_host_disconnect(s->core, o.client);
        }
        free(o.bytes);
    }
    enet_host_flush(s->enet);
}

static void event(sl_net_server *s, ENetEvent *e)
{
    int id = (int)(intptr_t)e->peer->data - 1;
    switch (e->type) {
    case ENET_EVENT_TYPE_CONNECT:
        id = sl_host_connect(s->core);
        if (id < 0) {
            enet_peer_disconnect(e->peer, 0);
            break;
        }
        s->peers[id] = e->peer;
        e->peer->data = (void *)(intptr_t)(id + 1);
        enet_peer_timeout(e->peer, 0, LINK_TIMEOUT_MIN_MS, LINK_TIMEOUT_MAX_MS);
        break;
    case ENET_EVENT_TYPE_RECEIVE:
        if (id >= 0 && s->peers[id] == e->peer)
            sl_host_feed(s->core, id, e->packet->data, e->packet->dataLength);
        enet_packet_destroy(e->packet);
        break;
    case ENET_EVENT_TYPE_DISCONNECT:
        if (id >= 0 && s->peers[id] == e->peer) {
            s->peers[id] = NULL;
            sl_host_disconnect(s->core, id);
        }
        e->peer->data = NULL;
        break;
    default:
        break;
    }
}

int sl_net_server_pump(sl_net_server *s, int wait_ms)
{
    ENetEvent e;
    int n = 0;
    flush(s);
    if (enet_host_service(s->enet, &e, (enet_uint32)(wait_ms > 0 ? wait_ms : 0)) > 0) {
        do {
            event(s, &e);
            n++;
        } while (n < 10000 && enet_host_check_events(s->enet, &e) > 0);
    }
    flush(s);
    return n;
}

void sl_net_server_close(sl_net_server *s)
{
    if (!s->enet)
        return;
    flush(s);
    for (int i = 0; i < SL_NET_MAX_CLIENTS; i++)
        if (s->peers[i])
            enet_peer_disconnect_now(s->peers[i], 0);
    enet_host_destroy(s->enet);
    s->enet = NULL;
    sl_net_buf_free(&s->local_in);
}

int sl_net_server_local(sl_net_server *s)
{
    s->local = sl_host_connect(s->core);
    return s->local;
}

bool sl_net_server_local_send(sl_net_server *s, const char *type, const char *payload, size_t len)
{
    sl_net_buf b = {0};
    bool ok = s->local >= 0 && sl_net_encode(&b, type, payload, len);
    if (ok)
        sl_host_feed(s->core, s->local, b.b, b.n);
    sl_net_buf_free(&b);
    flush(s);
    return ok;
}

int sl_net_server_local_next(sl_net_server *s, sl_net_msg *m, char *err, size_t errlen)
{
    return take_from(&s->local_in, &s->local_taken, m, err, errlen);
}

bool sl_net_client_open(sl_net_client *c, const char *host, int port, int wait_ms, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    ENetAddress a;
    if (!address(&a, host, port, err, errlen))
        return false;
    c->enet = enet_host_create(NULL, 1, 1, 0, 0);
    if (!c->enet) {
        snprintf(err, errlen, "cannot open a UDP socket");
        return false;
    }
    ((ENetHost *)c->enet)->maximumPacketSize = LINK_MAX_PACKET;
    c->peer = enet_host_connect(c->enet, &a, 1, 0);
    ENetEvent e;
    enet_uint32 start = enet_time_get();
    /* a host not yet listening answers the first try with "port
     * unreachable" (service then fails): ENet tries again, until wait_ms */
    for (int n = 0; c->peer && n < 10000 && (int)(enet_time_get() - start) < wait_ms; n++) {
        int r = enet_host_service(c->enet, &e, 10);
        if (r > 0 && e.type == ENET_EVENT_TYPE_CONNECT) {
            c->connected = true;
            enet_peer_timeout(c->peer, 0, LINK_TIMEOUT_MIN_MS, LINK_TIMEOUT_MAX_MS);
            return true;
        }
        if (r > 0 && e.type == ENET_EVENT_TYPE_DISCONNECT)
            break; /* refused: the host is full */
    }
    snprintf(err, errlen, "no host answered at %s port %d within %d ms", host, port, wait_ms);
    sl_net_client_close(c, false);
    return false;
}

bool sl_net_client_send(sl_net_client *c, const char *type, const char *payload, size_t len)
{
    if (!c->connected)
        return false;
    sl_net_buf b = {0};
    bool ok = sl_net_encode(&b, type, payload, len);
    ENetPacket *pk = ok ? enet_packet_create(b.b, b.n, ENET_PACKET_FLAG_RELIABLE) : NULL;
    sl_net_buf_free(&b);
    if (!pk || enet_peer_send(c->peer, 0, pk) != 0) {
        if (pk)
            enet_packet_destroy(pk);
        return false;
    }
    enet_host_flush(c->enet);
    return true;
}

static int take(sl_net_client *c, sl_net_msg *m, char *err, size_t errlen)
{
    return take_from(&c->in, &c->taken, m, err, errlen);
}

int sl_net_client_next(sl_net_client *c, sl_net_msg *m, int wait_ms, char *err, size_t errlen)
{
    int r = take(c, m, err, errlen);
    if (r != 0)
        return r;
    if (!c->connected) {
        snprintf(err, errlen, "the host closed the link");
        return -1;
    }
    ENetEvent e;
    enet_uint32 start = enet_time_get();
    for (int n = 0; n < 100000; n++) {
        enet_uint32 spent = enet_time_get() - start;
        int left = wait_ms - (int)spent;
        if (enet_host_service(c->enet, &e, (enet_uint32)(left > 0 ? left : 0)) <= 0)
            return 0;
        if (e.type == ENET_EVENT_TYPE_RECEIVE) {
            if (c->raw)
                fwrite(e.packet->data, 1, e.packet->dataLength, c->raw);
            c->bytes_in += (long long)e.packet->dataLength;
            bool ok = sl_net_buf_add(&c->in, e.packet->data, e.packet->dataLength);
            enet_packet_destroy(e.packet);
            if (!ok)
                return snprintf(err, errlen, "out of memory"), -1;
            return take(c, m, err, errlen);
        }
        if (e.type == ENET_EVENT_TYPE_DISCONNECT) {
            c->connected = false;
            r = take(c, m, err, errlen);
            return r != 0 ? r : (snprintf(err, errlen, "the host closed the link"), -1);
        }
    }
    return 0;
}

void sl_net_client_close(sl_net_client *c, bool polite)
{
    if (c->enet) {
        if (polite && c->connected) {
            enet_peer_disconnect(c->peer, 0);
            ENetEvent e;
            for (int n = 0; n < 50 && enet_host_service(c->enet, &e, 20) >= 0; n++)
                if (e.type == ENET_EVENT_TYPE_DISCONNECT)
                    break;
                else if (e.type == ENET_EVENT_TYPE_RECEIVE)
                    enet_packet_destroy(e.packet);
        }
        enet_host_destroy(c->enet);
    }
    sl_net_buf_free(&c->in);
    c->enet = c->peer = NULL;
    c->connected = false;
}

int sl_net_server_socket(const sl_net_server *s)
{
    return s->enet ? (int)((const ENetHost *)s->enet)->socket : -1;
}

int sl_net_client_socket(const sl_net_client *c)
{
    return c->enet ? (int)((const ENetHost *)c->enet)->socket : -1;
}

int sl_net_socket_wait(int socket, int ms)
{
    enet_uint32 cond = ENET_SOCKET_WAIT_RECEIVE;
    if (socket < 0 || enet_socket_wait((ENetSocket)socket, &cond, (enet_uint32)(ms > 0 ? ms : 0)) != 0)
        return -1;
    return (cond & ENET_SOCKET_WAIT_RECEIVE) != 0;
}
