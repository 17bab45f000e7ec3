/* The journal: one JSON object per event, in order. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

void jesc(char *out, size_t len, const char *s)
{
    size_t k = 0;
    if (len == 0)
        return;
    for (; *s && k + 7 < len; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            out[k++] = '\\';
            out[k++] = (char)c;
        } else if (c < 0x20) {
            k += (size_t)snprintf(out + k, len - k, "\\u%04x", c);
        } else {
            out[k++] = (char)c;
        }
    }
    out[k] = '\0';
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* Append an event. `fields` are extra JSON members ("\"a\":1,\"b\":2")
 * placed after "seq" and "event"; the text is added as "text" unless the
 * event is a roll, whose text is its "reason". */
sl_event *jadd(sl_game *g, sl_event_kind kind, int unit, const char *text, const char *fields)
{
    sl_journal *j = &g->journal;
    if (j->n == j->cap) {
        int cap = j->cap ? 2 * j->cap : 256;
        sl_event *ne = realloc(j->ev, sizeof(sl_event) * (size_t)cap);
        if (!ne)
            return NULL;
        j->ev = ne;
        j->cap = cap;
    }
    static const char *const names[] = {"start", "command", "roll", "state", "decision", "turn", "note"};
    sl_event *e = &j->ev[j->n];
    memset(e, 0, sizeof *e);
    e->seq = j->n + 1;
    e->kind = kind;
    e->unit = unit;
    e->target = -1;
    e->pass = -1;
    char esc[1600];
    jesc(esc, sizeof esc, text ? text : "");
    size_t need = strlen(fields ? fields : "") + strlen(esc) + 128;
    e->json = malloc(need);
    e->text = dup_str(text ? text : "");
    if (!e->json || !e->text) {
        free(e->json);
        free(e->text);
        return NULL;
    }
    snprintf(e->json, need, "{\"seq\":%d,\"event\":\"%s\"%s%s,\"%s\":\"%s\"}", e->seq, names[kind],
             fields && fields[0] ? "," : "", fields ? fields : "", kind == SL_EV_ROLL ? "reason" : "text", esc);
    j->n++;
    return e;
}

void jstate(sl_game *g, int unit, const char *what, const char *fmt, ...)
{
    char text[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char fields[256], uid[80];
    jesc(uid, sizeof uid, unit >= 0 ? g->live.units[unit].id : "");
    snprintf(fields, sizeof fields, "\"what\":\"%s\"%s%s%s", what, unit >= 0 ? ",\"unit\":\"" : "", unit >= 0 ? uid : "",
             unit >= 0 ? "\"" : "");
    jadd(g, SL_EV_STATE, unit, text, fields);
}

void jnote(sl_game *g, int unit, const char *fmt, ...)
{
    char text[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char fields[128] = "", uid[80];
    if (unit >= 0) {
        jesc(uid, sizeof uid, g->live.units[unit].id);
        snprintf(fields, sizeof fields, "\"unit\":\"%s\"", uid);
    }
    jadd(g, SL_EV_NOTE, unit, text, fields);
}

void journal_truncate(sl_journal *j, int n)
{
    for (int i = n; i < j->n; i++) {
        free(j->ev[i].json);
        free(j->ev[i].text);
    }
    if (n < j->n)
        j->n = n;
}

void journal_free(sl_journal *j)
{
    journal_truncate(j, 0);
    free(j->ev);
    memset(j, 0, sizeof *j);
}

size_t sl_journal_write(const sl_journal *j, char *buf, size_t len)
{
    size_t total = 0;
    for (int i = 0; i < j->n; i++) {
        size_t l = strlen(j->ev[i].json);
        if (buf && total + l + 1 < len) {
            memcpy(buf + total, j->ev[i].json, l);
            buf[total + l] = '\n';
        }
        total += l + 1;
    }
    if (buf && len > 0)
        buf[total < len ? total : len - 1] = '\0';
    return total;
}
