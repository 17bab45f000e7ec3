/* The journal: one JSON object per event, in order (each side's reading
 * of it made as it is written), and the dice rolled into it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* The JSON line of an event. */
static char *event_json(int seq, sl_event_kind kind, const char *text, const char *fields)
{
    static const char *const names[] = {"start", "command", "roll", "state", "decision", "turn", "note"};
    /* every byte escapes to at most six ("\u001f") */
    size_t esclen = 6 * strlen(text ? text : "") + 1;
    char *esc = malloc(esclen);
    if (!esc)
        return NULL;
    sl_json_escape(esc, esclen, text ? text : "");
    size_t need = strlen(fields ? fields : "") + strlen(esc) + 128;
    char *json = malloc(need);
    if (json)
        snprintf(json, need, "{\"seq\":%d,\"event\":\"%s\"%s%s,\"%s\":\"%s\"}", seq, names[kind],
                 fields && fields[0] ? "," : "", fields ? fields : "", kind == SL_EV_ROLL ? "reason" : "text", esc);
    free(esc);
    return json;
}

/* The chain after `prev` of an event with that line (FNV-1a, 64 bits). */
static uint64_t chain_of(uint64_t prev, const char *json)
{
    uint64_t h = prev ^ 0xcbf29ce484222325ULL;
    for (const unsigned char *c = (const unsigned char *)json; *c; c++)
        h = (h ^ *c) * 0x100000001b3ULL;
    return h;
}

/* Fog of war: each side's reading of the event, where it is less than
 * all of it. `pub_*` (or NULL: the event's own) for sides other than the
 * owner (-1: none). */
static void side_versions(sl_game *g, sl_event *e, int owner, const char *pub_text, const char *pub_fields)
{
    if (!sl_game_fog(g))
        return;
    for (int side = 0; side < g->live.nsides; side++) {
        /* what a side does with its own hidden units, and what a unit
         * does out of a side's sight, is not for the others: they read
         * nothing of it (an empty text: left out) */
        int actor = g->acting_side;
        bool out_of_sight = !g->fog_public && e->unit >= 0 && sl_game_knows(g, side, e->unit) == SL_KNOW_LAST_SEEN;
        if (out_of_sight || (!g->fog_public && actor >= 0 && side != actor &&
                             (rl_fog_secret(g, side, actor, e->text, false) ||
                              rl_fog_secret(g, side, actor, e->json, true)))) {
            e->side_text[side] = dup_str("");
            e->side_json[side] = dup_str("");
            continue;
        }
        bool other = owner >= 0 && side != owner && (pub_text || pub_fields);
        if (other && pub_text && !pub_text[0] && !pub_fields) {
            /* the owner's alone (a solo player's reasons) */
            e->side_text[side] = dup_str("");
            e->side_json[side] = dup_str("");
            continue;
        }
        const char *t = other && pub_text ? pub_text : e->text;
        char *json = other ? event_json(e->seq, e->kind, t, pub_fields ? pub_fields : NULL) : NULL;
        char *ct = rl_fog_censor(g, side, t, false);
        char *cj = rl_fog_censor(g, side, json ? json : e->json, true);
        if (ct || other)
            e->side_text[side] = ct ? ct : dup_str(t);
        if (cj) {
            e->side_json[side] = cj;
            free(json);
        } else if (json) {
            e->side_json[side] = json;
        }
    }
}

sl_event *rl_event_private(sl_game *g, sl_event_kind kind, int unit, const char *text, const char *fields,
                           int owner, const char *pub_text, const char *pub_fields)
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
    sl_event *e = &j->ev[j->n];
    memset(e, 0, sizeof *e);
    e->seq = j->n + 1;
    e->kind = kind;
    e->unit = unit;
    e->target = -1;
    e->pass = -1;
    e->json = event_json(e->seq, kind, text, fields);
    e->text = dup_str(text ? text : "");
    if (!e->json || !e->text) {
        free(e->json);
        free(e->text);
        return NULL;
    }
    side_versions(g, e, owner, pub_text, pub_fields);
    e->chain = chain_of(j->n > 0 ? j->ev[j->n - 1].chain : 0, e->json);
    j->n++;
    return e;
}

/* Append an event. `fields` are extra JSON members ("\"a\":1,\"b\":2")
 * placed after "seq" and "event"; the text is added as "text" unless the
 * event is a roll, whose text is its "reason". */
sl_event *rl_event(sl_game *g, sl_event_kind kind, int unit, const char *text, const char *fields)
{
    return rl_event_private(g, kind, unit, text, fields, -1, NULL, NULL);
}

void rl_event_side(sl_game *g, sl_event *e, int side, const char *text, const char *fields)
{
    if (!e || side < 0 || side >= g->live.nsides || !sl_game_fog(g))
        return;
    free(e->side_text[side]);
    free(e->side_json[side]);
    e->side_text[side] = dup_str(text);
    e->side_json[side] = event_json(e->seq, e->kind, text, fields);
}

const char *sl_event_text_for(const sl_event *e, int side)
{
    return side >= 0 && side < SL_MAX_SIDES && e->side_text[side] ? e->side_text[side] : e->text;
}

const char *sl_event_json_for(const sl_event *e, int side)
{
    return side >= 0 && side < SL_MAX_SIDES && e->side_json[side] ? e->side_json[side] : e->json;
}

/* A die rolled (false: none left, g->failed set). */
static bool roll_die(sl_game *g, sl_die die, int *v)
{
    char err[200];
    *v = 0;
    if (g->failed)
        return false;
    if (!sl_dice_roll(&g->dice, die, v, err, sizeof err)) {
        g->failed = true;
        snprintf(g->fail_msg, sizeof g->fail_msg, "%s", err);
        return false;
    }
    return true;
}

/* The roll's event, with its reason. */
static void roll_event(sl_game *g, sl_die die, int v, int target, const char *test, int unit, char *reason)
{
    sl_utf8_trim(reason);
    char fields[400], uid[80];
    sl_json_escape(uid, sizeof uid, unit >= 0 ? g->live.units[unit].id : "");
    int k = snprintf(fields, sizeof fields, "\"die\":\"%s\",\"value\":%d", sl_die_name(die), v);
    if (target >= 0)
        k += snprintf(fields + k, sizeof fields - (size_t)k, ",\"target\":%d,\"pass\":%s", target,
                      v > target ? "true" : "false");
    snprintf(fields + k, sizeof fields - (size_t)k, ",\"test\":\"%s\",\"unit\":\"%s\"", test, uid);
    sl_event *e = rl_event(g, SL_EV_ROLL, unit, reason, fields);
    if (e) {
        e->die = die;
        e->value = v;
        e->target = target;
        e->pass = target >= 0 ? v > target : -1;
        snprintf(e->test, sizeof e->test, "%s", test);
    }
}

int rl_roll(sl_game *g, sl_die die, int target, const char *test, int unit, const char *fmt, ...)
{
    int v;
    if (!roll_die(g, die, &v))
        return 0;
    char reason[800];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    roll_event(g, die, v, target, test, unit, reason);
    return v;
}

int rl_roll_told(sl_game *g, sl_die die, int target, const char *test, int unit, rl_roll_words say, const void *ctx)
{
    int v;
    if (!roll_die(g, die, &v))
        return 0;
    char reason[800];
    say(v, ctx, reason, sizeof reason);
    roll_event(g, die, v, target, test, unit, reason);
    return v;
}

void rl_state(sl_game *g, int unit, const char *what, const char *fmt, ...)
{
    char text[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    sl_utf8_trim(text);
    char fields[256], uid[80];
    sl_json_escape(uid, sizeof uid, unit >= 0 ? g->live.units[unit].id : "");
    snprintf(fields, sizeof fields, "\"what\":\"%s\"%s%s%s", what, unit >= 0 ? ",\"unit\":\"" : "", unit >= 0 ? uid : "",
             unit >= 0 ? "\"" : "");
    rl_event(g, SL_EV_STATE, unit, text, fields);
}

void rl_moved(sl_game *g, int unit, sl_pt to, double distance, const char *fmt, ...)
{
    char text[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    sl_utf8_trim(text);
    char fields[256], uid[80];
    sl_json_escape(uid, sizeof uid, g->live.units[unit].id);
    snprintf(fields, sizeof fields, "\"what\":\"moved\",\"unit\":\"%s\",\"to\":[%.3f,%.3f],\"distance\":%.3f", uid,
             to.x / 1000.0, to.y / 1000.0, distance / 1000.0);
    rl_event(g, SL_EV_STATE, unit, text, fields);
}

void rl_note(sl_game *g, int unit, const char *fmt, ...)
{
    char text[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    sl_utf8_trim(text);
    char fields[128] = "", uid[80];
    if (unit >= 0) {
        sl_json_escape(uid, sizeof uid, g->live.units[unit].id);
        snprintf(fields, sizeof fields, "\"unit\":\"%s\"", uid);
    }
    rl_event(g, SL_EV_NOTE, unit, text, fields);
}

bool rl_journal_append_copy(sl_journal *j, const sl_event *e, const char *json, const char *text, bool sides)
{
    if (j->n == j->cap) {
        int cap = j->cap ? 2 * j->cap : 256;
        sl_event *ne = realloc(j->ev, sizeof(sl_event) * (size_t)cap);
        if (!ne)
            return false;
        j->ev = ne;
        j->cap = cap;
    }
    sl_event *d = &j->ev[j->n];
    *d = *e;
    d->json = dup_str(json ? json : e->json);
    d->text = dup_str(text ? text : e->text);
    bool ok = d->json && d->text;
    for (int s = 0; s < SL_MAX_SIDES; s++) {
        d->side_text[s] = sides && e->side_text[s] ? dup_str(e->side_text[s]) : NULL;
        d->side_json[s] = sides && e->side_json[s] ? dup_str(e->side_json[s]) : NULL;
        ok = ok && (!sides || ((!e->side_text[s] || d->side_text[s]) && (!e->side_json[s] || d->side_json[s])));
    }
    j->n++; /* counted even when short of memory, so the journal frees what it did get */
    return ok;
}

void rl_journal_truncate(sl_journal *j, int n)
{
    for (int i = n; i < j->n; i++) {
        free(j->ev[i].json);
        free(j->ev[i].text);
        for (int s = 0; s < SL_MAX_SIDES; s++) {
            free(j->ev[i].side_text[s]);
            free(j->ev[i].side_json[s]);
        }
    }
    if (n < j->n)
        j->n = n;
}

void rl_journal_free(sl_journal *j)
{
    rl_journal_truncate(j, 0);
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

/* --- a side's reading, numbered as it reads it ------------------------------------------ */

void sl_reading_init(sl_reading *r, int side)
{
    memset(r, 0, sizeof *r);
    r->side = side;
}

void sl_reading_free(sl_reading *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}

/* "seq" and, in a command, "n" rewritten with the reading's own numbers:
 * the events a side cannot read leave no gap that would count them. */
const char *sl_reading_json(sl_reading *r, const sl_event *e)
{
    const char *json = sl_event_json_for(e, r->side);
    if (!json[0])
        return NULL;
    r->seq++;
    bool command = e->kind == SL_EV_COMMAND;
    r->commands += command;
    const char *rest = strchr(json, ',');
    size_t need = strlen(json) + 64;
    if (need > r->cap) {
        char *nb = realloc(r->buf, need);
        if (!nb)
            return json;
        r->buf = nb;
        r->cap = need;
    }
    if (!rest || strncmp(json, "{\"seq\":", 7) != 0)
        return json;
    static const char nkey[] = ",\"event\":\"command\",\"n\":";
    if (command && strncmp(rest, nkey, sizeof nkey - 1) == 0) {
        const char *after = rest + sizeof nkey - 1;
        while (*after >= '0' && *after <= '9')
            after++;
        snprintf(r->buf, r->cap, "{\"seq\":%d%s%d%s", r->seq, nkey, r->commands, after);
    } else {
        snprintf(r->buf, r->cap, "{\"seq\":%d%s", r->seq, rest);
    }
    return r->buf;
}

struct rl_readings *rl_readings_new(void)
{
    struct rl_readings *rs = calloc(1, sizeof *rs);
    for (int s = 0; rs && s < SL_MAX_SIDES; s++)
        sl_reading_init(&rs->side[s].r, s);
    return rs;
}

void rl_reading_forget(rl_kept_reading *k, int side)
{
    rl_journal_truncate(&k->j, 0);
    sl_reading_free(&k->r);
    sl_reading_init(&k->r, side);
    k->read = 0;
    k->chain = 0;
}

void rl_readings_free(struct rl_readings *rs)
{
    for (int s = 0; rs && s < SL_MAX_SIDES; s++) {
        rl_journal_free(&rs->side[s].j);
        sl_reading_free(&rs->side[s].r);
    }
    free(rs);
}

int sl_game_commands_read(const sl_game *g, int side)
{
    if (side < 0 || !sl_game_fog(g))
        return g->ncommands; /* every side reads every command (asked each frame: no walk) */
    int n = 0;
    for (int i = 0; i < g->journal.n; i++)
        n += g->journal.ev[i].kind == SL_EV_COMMAND && sl_event_json_for(&g->journal.ev[i], side)[0];
    return n;
}
