/* The wire format: framing and the hello (src/net/PROTOCOL.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdarg.h>

#include "net_internal.h"

static const char *const types[] = {"hello", "cmd", "chat", "bye", "welcome", "event", "turn", "ok", "refused",
                                    "seats", "state", "decision", "actions", "plan", "list"};

static int fail(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s", why);
    return -1;
}

int sl_net_decode(const char *buf, size_t n, sl_net_msg *m, size_t *used, char *err, size_t errlen)
{
    if (n == 0)
        return 0; /* nothing yet (buf may be NULL) */
    const char *nl = memchr(buf, '\n', n < SL_NET_MAX_HEADER ? n : SL_NET_MAX_HEADER);
    if (!nl)
        return n < SL_NET_MAX_HEADER ? 0 : fail(err, errlen, "no header line in the first 24 bytes");
    size_t hl = (size_t)(nl - buf);
    const char *sp = memchr(buf, ' ', hl);
    if (!sp || sp == buf || (size_t)(sp - buf) >= SL_NET_TYPE_LEN)
        return fail(err, errlen, "a header is TYPE LENGTH: a type of 1 to 15 letters, a space, a length");
    size_t tl = (size_t)(sp - buf);
    for (size_t i = 0; i < tl; i++)
        if (buf[i] < 'a' || buf[i] > 'z')
            return fail(err, errlen, "a message type is lower-case letters");
    memcpy(m->type, buf, tl);
    m->type[tl] = '\0';
    bool known = false;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        known = known || strcmp(types[i], m->type) == 0;
    if (!known) {
        snprintf(err, errlen, "'%s' is not a message type", m->type);
        return -1;
    }
    size_t len = 0;
    const char *d = sp + 1;
    if (d == nl || (d[0] == '0' && d + 1 != nl))
        return fail(err, errlen, "a length is a whole number of bytes, with no leading zero");
    for (; d < nl; d++) {
        if (*d < '0' || *d > '9')
            return fail(err, errlen, "a length is a whole number of bytes, with no leading zero");
        len = len * 10 + (size_t)(*d - '0');
        if (len > SL_NET_MAX_PAYLOAD) {
            snprintf(err, errlen, "a '%s' message over the limit of %d bytes", m->type, SL_NET_MAX_PAYLOAD);
            return -1;
        }
    }
    if (n - hl - 1 < len + 1)
        return 0;
    m->payload = nl + 1;
    m->len = len;
    if (memchr(m->payload, '\0', len))
        return fail(err, errlen, "a NUL byte in a message: messages are text");
    if (m->payload[len] != '\n')
        return fail(err, errlen, "a message ends with a new line after its LENGTH bytes");
    *used = hl + 1 + len + 1;
    return 1;
}

void sl_net_buf_free(sl_net_buf *b)
{
    free(b->b);
    b->b = NULL;
    b->n = b->cap = 0;
}

bool sl_net_buf_add(sl_net_buf *b, const void *data, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n)
            cap *= 2;
        char *nb = realloc(b->b, cap);
        if (!nb)
            return false;
        b->b = nb;
        b->cap = cap;
    }
    if (n)
        memcpy(b->b + b->n, data, n);
    b->n += n;
    return true;
}

void sl_net_buf_drop(sl_net_buf *b, size_t n)
{
    if (n >= b->n) {
        b->n = 0;
        return;
    }
    memmove(b->b, b->b + n, b->n - n);
    b->n -= n;
}

bool sl_net_encode(sl_net_buf *out, const char *type, const char *payload, size_t len)
{
    if (len > SL_NET_MAX_PAYLOAD) {
        len = SL_NET_MAX_PAYLOAD;
        while (len > 0 && ((unsigned char)payload[len] & 0xC0) == 0x80)
            len--; /* not inside a character */
    }
    char head[SL_NET_MAX_HEADER + 8];
    int hl = snprintf(head, sizeof head, "%s %zu\n", type, len);
    return sl_net_buf_add(out, head, (size_t)hl) && sl_net_buf_add(out, payload, len) && sl_net_buf_add(out, "\n", 1);
}

/* One "key value" line of a payload into key and value; false at its end. */
static bool next_line(const char **p, const char *end, char *key, size_t klen, char *val, size_t vlen)
{
    if (*p >= end)
        return false;
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    const char *e = nl ? nl : end;
    const char *sp = memchr(*p, ' ', (size_t)(e - *p));
    const char *ke = sp ? sp : e;
    snprintf(key, klen, "%.*s", (int)(ke - *p), *p);
    snprintf(val, vlen, "%.*s", sp ? (int)(e - sp - 1) : 0, sp ? sp + 1 : "");
    *p = nl ? nl + 1 : end;
    return true;
}

static bool token_ok(const char *t)
{
    if (strlen(t) != SL_NET_TOKEN_LEN)
        return false;
    for (const char *c = t; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    return true;
}

static bool field(const char *key, const char *val, sl_net_hello *h, char *err, size_t errlen)
{
    if (strcmp(key, "role") == 0) {
        if (strcmp(val, "play") != 0 && strcmp(val, "watch") != 0)
            return snprintf(err, errlen, "the role is play or watch, not '%.40s'", val), false;
        h->watch = strcmp(val, "watch") == 0;
    } else if (strcmp(key, "side") == 0)
        snprintf(h->side, sizeof h->side, "%s", val);
    else if (strcmp(key, "password") == 0)
        snprintf(h->password, sizeof h->password, "%s", val);
    else if (strcmp(key, "name") == 0)
        snprintf(h->name, sizeof h->name, "%s", val);
    else if (strcmp(key, "token") == 0) {
        if (!token_ok(val))
            return snprintf(err, errlen, "a seat token is %d hex digits", SL_NET_TOKEN_LEN), false;
        snprintf(h->token, sizeof h->token, "%s", val);
    } else if (strcmp(key, "have") == 0) {
        char *e;
        long v = strtol(val, &e, 10);
        if (!val[0] || *e || v < 0 || v > 100000000)
            return snprintf(err, errlen, "have is how many events the client has, not '%.40s'", val), false;
        h->have = (int)v;
    } else
        return snprintf(err, errlen, "a hello has no field '%.40s'", key), false;
    return true;
}

bool sl_net_hello_parse(const char *payload, size_t len, sl_net_hello *h, char *err, size_t errlen)
{
    memset(h, 0, sizeof *h);
    const char *p = payload, *end = payload + len;
    char key[64], val[256];
    if (!next_line(&p, end, key, sizeof key, val, sizeof val) || strcmp(key, SL_NET_PROTOCOL) != 0) {
        snprintf(err, errlen, "a hello starts '%s %d'", SL_NET_PROTOCOL, SL_NET_VERSION);
        return false;
    }
    h->version = atoi(val);
    if (h->version < SL_NET_VERSION_MIN || h->version > SL_NET_VERSION) {
        snprintf(err, errlen, "this host speaks %s %d (or %d), not '%.20s'", SL_NET_PROTOCOL, SL_NET_VERSION,
                 SL_NET_VERSION_MIN, val);
        return false;
    }
    while (next_line(&p, end, key, sizeof key, val, sizeof val))
        if (!field(key, val, h, err, errlen))
            return false;
    return true;
}

size_t sl_net_hello_format(const sl_net_hello *h, char *out, size_t len)
{
    int n = snprintf(out, len, "%s %d\nrole %s", SL_NET_PROTOCOL, h->version > 0 ? h->version : SL_NET_VERSION,
                     h->watch ? "watch" : "play");
    const char *keys[] = {"side", "password", "token", "name"};
    const char *vals[] = {h->side, h->password, h->token, h->name};
    for (int i = 0; i < 4 && n >= 0 && (size_t)n < len; i++)
        if (vals[i][0])
            n += snprintf(out + n, len - (size_t)n, "\n%s %s", keys[i], vals[i]);
    if (n >= 0 && (size_t)n < len && h->have > 0)
        n += snprintf(out + n, len - (size_t)n, "\nhave %d", h->have);
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

bool net_putf(sl_net_buf *b, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return false;
    return sl_net_buf_add(b, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

int net_split_tabs(char *line, char **f, int max)
{
    int n = 0;
    for (char *p = line; n < max;) {
        f[n++] = p;
        char *t = strchr(p, '\t');
        if (!t)
            break;
        *t = '\0';
        p = t + 1;
    }
    return n;
}
