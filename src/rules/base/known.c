/* What each side knows of the others' units (rulebook p25, rule option
 * lose_contact): a face-down counter, a counter flipped, a unit out of
 * sight where it was last seen, or the unit itself; and the words a side
 * may read and write with that knowledge (the journal censored, the
 * names its commands may give). Reads the game only; fog.c and contact.c
 * change what is known. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* --- who is a counter -------------------------------------------------------------- */

bool rl_fog_counter(const sl_game *g, int u)
{
    if (u < 0 || u >= g->live.nunits)
        return false;
    int b = rl_base_unit(g, u);
    return g->live.units[b].counter[0] && !g->us[b].revealed;
}

bool sl_game_fog(const sl_game *g)
{
    if (rl_contact_on(g))
        return true;
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].counter[0])
            return true;
    return false;
}

sl_know sl_game_knows(const sl_game *g, int side, int u)
{
    if (side < 0 || u < 0 || u >= g->live.nunits)
        return SL_KNOW_ALL;
    int b = rl_base_unit(g, u);
    const sl_unit *un = &g->live.units[b];
    const sl_unit_state *s = &g->us[b];
    if (un->side == side)
        return SL_KNOW_ALL;
    if (un->counter[0]) {
        if (un->kind == SL_UNIT_DUMMY)
            return s->revealed ? SL_KNOW_GONE : SL_KNOW_COUNTER;
        if (!s->revealed)
            return s->flipped ? SL_KNOW_UNIT : SL_KNOW_COUNTER;
    }
    /* on the table: in sight, or where it was last seen (lose_contact) */
    int top = sl_unit_whole(&g->live, u) >= 0 ? sl_unit_whole(&g->live, u) : u;
    return rl_contact_lost(g, side, top) ? SL_KNOW_LAST_SEEN : SL_KNOW_ALL;
}

const char *sl_game_counter(const sl_game *g, int u)
{
    if (u < 0 || u >= g->live.nunits)
        return "";
    return g->live.units[rl_base_unit(g, u)].counter;
}

sl_pt sl_game_counter_at(const sl_game *g, int u)
{
    return g->us[rl_base_unit(g, u)].counter_at;
}

/* --- out of a side's sight (lose_contact) ------------------------------------------------ */

bool rl_contact_on(const sl_game *g)
{
    return g->live.options.lose_contact && g->live.nsides > 1;
}

static bool member(const sl_game *g, int u, const sl_figure *f)
{
    return f->unit == u || sl_unit_whole(&g->live, f->unit) == u;
}

bool rl_contact_lost(const sl_game *g, int side, int u)
{
    if (!rl_contact_on(g) || side < 0 || side >= SL_MAX_SIDES || u < 0 || u >= g->live.nunits)
        return false;
    const sl_unit *un = &g->live.units[u];
    if (un->side == side || un->kind == SL_UNIT_DUMMY || rl_fog_counter(g, u))
        return false;
    int up = 0;
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &g->live.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD || !member(g, u, f))
            continue;
        if (!f->seen[side].lost)
            return false;
        up++;
    }
    return up > 0;
}

bool sl_game_last_seen(const sl_game *g, int side, int u, sl_pt *at, int *turn)
{
    if (!rl_contact_lost(g, side, u))
        return false;
    const sl_unit *un = &g->live.units[u];
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    int n = 0, t = 0;
    for (int i = 0; i < un->nfigures && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD || !member(g, u, f))
            continue;
        figs[n] = un->first_figure + i;
        pos[n++] = f->seen[side].at;
        if (f->seen[side].turn > t)
            t = f->seen[side].turn;
    }
    /* its centre there, measured as the unit's always is */
    sl_placement pl = {figs, pos, n};
    if (at)
        *at = sl_figs_centre_at(&g->live, &pl, figs, n, NULL);
    if (turn)
        *turn = t;
    return true;
}

/* --- the journal as a side may read it ---------------------------------------------------- */

static bool id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
}

static bool word_char(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80;
}

typedef struct buf {
    char *s;
    size_t n, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap * 2 : 256) + n;
        char *ns = realloc(b->s, cap);
        if (!ns)
            return;
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* What a unit hidden from the reader is called: its counter, whose
 * name for commands is "?A". The unit's own name in text, its id (and
 * its teams', element's and figures' ids) in commands and fields. */
static int hidden_from(const sl_game *g, int side, int owner, bool lost_too, int *list, int max)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits && n < max; u++) {
        sl_know k = sl_game_knows(g, side, u);
        if ((k == SL_KNOW_COUNTER || k == SL_KNOW_UNIT || (lost_too && k == SL_KNOW_LAST_SEEN)) &&
            (owner < 0 || g->live.units[u].side == owner))
            list[n++] = u;
    }
    return n;
}

/* Replace ids, token by token. */
static char *swap_ids(const sl_game *g, const int *hid, int nh, const char *s, bool keep_quoted)
{
    buf out = {0};
    bool changed = false;
    for (const char *p = s; *p;) {
        if (!id_char(*p)) {
            put(&out, p, 1);
            p++;
            continue;
        }
        const char *e = p;
        while (*e && id_char(*e))
            e++;
        size_t len = (size_t)(e - p);
        const char *rep = NULL;
        char tmp[64];
        /* a word in quotes is the reader's own, quoted back to him */
        bool quoted = keep_quoted && p > s && p[-1] == '\'' && *e == '\'';
        for (int i = 0; i < nh && !rep && !quoted; i++) {
            const sl_unit *un = &g->live.units[hid[i]];
            size_t il = strlen(un->id);
            /* the unit's own id, or a figure's of it */
            if (il == len && memcmp(un->id, p, len) == 0) {
                snprintf(tmp, sizeof tmp, "?%s", un->counter);
                rep = tmp;
            }
            for (int f = 0; f < un->nfigures && !rep; f++) {
                const char *fid = g->live.figures[un->first_figure + f].id;
                if (strlen(fid) == len && memcmp(fid, p, len) == 0) {
                    snprintf(tmp, sizeof tmp, "?%s", un->counter);
                    rep = tmp;
                }
            }
        }
        if (rep) {
            put(&out, rep, strlen(rep));
            changed = true;
        } else {
            put(&out, p, len);
        }
        p = e;
    }
    if (!changed) {
        free(out.s);
        return NULL;
    }
    return out.s;
}

/* Replace names (longest first, whole words only); json: as they are
 * written inside a JSON string. */
static char *swap_names(const sl_game *g, const int *hid, int nh, const char *s, bool json)
{
    char *cur = NULL;
    const char *src = s;
    int order[256];
    int n = 0;
    for (int i = 0; i < nh && n < 256; i++) {
        const sl_unit *un = &g->live.units[hid[i]];
        if (sl_unit_whole(&g->live, hid[i]) < 0 && un->parent < 0)
            order[n++] = hid[i];
    }
    /* longest first, so a name inside another is not cut out of it */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strlen(g->live.units[order[j]].name) > strlen(g->live.units[order[j - 1]].name);
             j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        const sl_unit *un = &g->live.units[order[i]];
        char name[2 * SL_NAME_LEN + 8];
        if (json)
            sl_json_escape(name, sizeof name, un->name);
        else
            snprintf(name, sizeof name, "%s", un->name);
        size_t nl = strlen(name);
        if (nl == 0)
            continue;
        char rep[32];
        snprintf(rep, sizeof rep, "Counter %s", un->counter);
        buf out = {0};
        bool changed = false;
        for (const char *p = src; *p;) {
            const char *hit = strstr(p, name);
            if (!hit) {
                put(&out, p, strlen(p));
                break;
            }
            bool start = hit == src || !word_char((unsigned char)hit[-1]);
            bool end = !word_char((unsigned char)hit[nl]);
            put(&out, p, (size_t)(hit - p));
            if (start && end) {
                put(&out, rep, strlen(rep));
                changed = true;
            } else {
                put(&out, hit, nl);
            }
            p = hit + nl;
        }
        if (changed) {
            free(cur);
            cur = out.s;
            src = cur;
        } else {
            free(out.s);
        }
    }
    return cur;
}

bool rl_fog_secret(const sl_game *g, int side, int owner, const char *s, bool json)
{
    int hid[256];
    int nh = hidden_from(g, side, owner, true, hid, 256);
    if (nh == 0 || !s)
        return false;
    char *a = swap_names(g, hid, nh, s, json);
    char *b = swap_ids(g, hid, nh, s, false);
    bool secret = a || b;
    free(a);
    free(b);
    return secret;
}

static char *censor(const sl_game *g, int side, const char *s, bool json, bool keep_quoted)
{
    int hid[256];
    int nh = hidden_from(g, side, -1, false, hid, 256);
    if (nh == 0 || !s)
        return NULL;
    char *a = swap_names(g, hid, nh, s, json);
    char *b = swap_ids(g, hid, nh, a ? a : s, keep_quoted);
    if (b) {
        free(a);
        return b;
    }
    return a;
}

bool rl_fog_active(const sl_game *g)
{
    for (int u = 0; u < g->live.nunits; u++)
        if (rl_fog_counter(g, u))
            return true;
    return false;
}

char *rl_fog_censor(const sl_game *g, int side, const char *s, bool json)
{
    return censor(g, side, s, json, false);
}

char *sl_game_censor(const sl_game *g, int side, const char *text)
{
    return side < 0 ? NULL : censor(g, side, text, false, true);
}

/* --- the names a side may give in its commands ------------------------------------------ */

/* The unit `token` names by id or by a figure's id, when it is one
 * hidden from `side` (its counter, flipped or not); -1 otherwise. */
static int hidden_named(const sl_game *g, const int *hid, int nh, const char *token, size_t len)
{
    for (int i = 0; i < nh; i++) {
        const sl_unit *un = &g->live.units[hid[i]];
        if (strlen(un->id) == len && memcmp(un->id, token, len) == 0)
            return hid[i];
        for (int f = 0; f < un->nfigures; f++) {
            const char *fid = g->live.figures[un->first_figure + f].id;
            if (strlen(fid) == len && memcmp(fid, token, len) == 0)
                return hid[i];
        }
    }
    return -1;
}

/* The words of a command line before its note (" # ..."), after its verb. */
static size_t command_part(const char *line, const char **args)
{
    const char *note = strstr(line, " #");
    size_t n = note ? (size_t)(note - line) : strlen(line);
    const char *p = line;
    while (p < line + n && *p == ' ')
        p++;
    while (p < line + n && *p != ' ')
        p++;
    *args = p;
    return n - (size_t)(p - line);
}

bool rl_fog_names_known(const sl_game *g, int side, const char *line, char *err, size_t errlen)
{
    int hid[256];
    int nh = side < 0 ? 0 : hidden_from(g, side, -1, false, hid, 256);
    if (nh == 0 || !line)
        return true;
    const char *p;
    size_t n = command_part(line, &p);
    for (const char *end = p + n; p < end;) {
        if (!id_char(*p)) {
            p++;
            continue;
        }
        const char *e = p;
        while (e < end && id_char(*e))
            e++;
        if (hidden_named(g, hid, nh, p, (size_t)(e - p)) >= 0) {
            /* said as an id that names nothing is said (command.c's
             * unit_arg): the suggestion from the scenario's unit ids,
             * which every side has, the word itself left out */
            char word[SL_ID_LEN];
            snprintf(word, sizeof word, "%.*s", (int)(e - p), p);
            const char *ids[1000];
            int ni = 0;
            for (int u = 0; u < g->live.nunits && ni < 1000; u++)
                if (sl_unit_whole(&g->live, u) < 0 && g->live.units[u].parent < 0 &&
                    strcmp(g->live.units[u].id, word) != 0)
                    ids[ni++] = g->live.units[u].id;
            const char *hint = sl_suggest(word, ids, ni);
            if (hint)
                return rl_refuse(err, errlen, "no unit has id '%s' (did you mean '%s'?)", word, hint);
            return rl_refuse(err, errlen, "no unit has id '%s'", word);
        }
        p = e;
    }
    return true;
}

bool sl_game_names_known(const sl_game *g, int side, const char *line, char *err, size_t errlen)
{
    return rl_fog_names_known(g, side, line, err, errlen);
}

bool rl_fog_command_line(const sl_game *g, int side, const char *line, char *out, size_t outlen)
{
    int hid[256];
    int nh = side < 0 ? 0 : hidden_from(g, side, -1, false, hid, 256);
    if (nh == 0)
        return false;
    const char *args;
    size_t n = command_part(line, &args);
    char part[SL_CMD_TEXT + SL_CMD_NOTE + 8];
    snprintf(part, sizeof part, "%.*s", (int)n, args);
    char *swapped = swap_ids(g, hid, nh, part, false);
    if (!swapped)
        return false;
    snprintf(out, outlen, "%.*s%s%s", (int)(args - line), line, swapped, args + n);
    free(swapped);
    return true;
}

void sl_game_forces_for(const sl_game *g, int side, sl_unit *units, sl_figure *figs)
{
    memcpy(units, g->live.units, sizeof(sl_unit) * (size_t)g->live.nunits);
    memcpy(figs, g->live.figures, sizeof(sl_figure) * (size_t)g->live.nfigures);
    for (int u = 0; u < g->live.nunits; u++) {
        sl_know k = sl_game_knows(g, side, u);
        if (k == SL_KNOW_ALL)
            continue;
        if (k == SL_KNOW_LAST_SEEN) {
            /* out of sight: its men where the side last saw them, as they
             * were then */
            for (int i = 0; i < units[u].nfigures; i++) {
                sl_figure *f = &figs[units[u].first_figure + i];
                if (f->unit == u) {
                    f->pos = f->seen[side].at;
                    f->status = f->seen[side].status;
                }
            }
            continue;
        }
        sl_unit *un = &units[u];
        const char *letter = sl_game_counter(g, u);
        bool base = sl_unit_whole(&g->live, u) < 0 && un->parent < 0;
        snprintf(un->id, sizeof un->id, "?%s", letter);
        snprintf(un->name, sizeof un->name, "Counter %s", letter);
        un->kind = SL_UNIT_INFANTRY;
        un->quality = SL_Q_REGULAR;
        un->leadership = 2;
        un->leader = -1;
        un->hidden = true;
        un->commander = -1;
        if (!base) {
            un->nfigures = 0; /* a hidden squad's teams and element: nothing to show */
            continue;
        }
        /* the whole squad's men, its teams' too, are under the counter:
         * none has a place, kit or state of its own in this view */
        sl_pt at = sl_game_counter_at(g, u);
        for (int i = 0; i < un->nfigures; i++) {
            sl_figure *f = &figs[un->first_figure + i];
            memset(f, 0, sizeof *f);
            snprintf(f->id, sizeof f->id, "?%s", letter);
            f->unit = u;
            f->status = i == 0 && k != SL_KNOW_GONE ? SL_FIG_OK : SL_FIG_DEAD;
            f->pos = at;
            f->base_r = 600; /* a counter 1.2" across */
            f->weapon = f->support = -1;
            f->role = SL_ROLE_TROOPER;
        }
    }
}

struct sl_parts *rl_parts_known(const sl_game *g, int side, bool drop_no)
{
    sl_scenario view = g->live;
    view.parts = rl_parts_copy(g->live.parts, g->live.nunits, g->live.nfigures);
    if (!view.parts)
        return NULL;
    for (int u = 0; u < g->live.nunits; u++) {
        sl_know k = sl_game_knows(g, side, u);
        if (k == SL_KNOW_ALL || k == SL_KNOW_LAST_SEEN)
            continue;
        /* a counter: no parts to list; the men under a whole's counter
         * are in none (as sl_game_forces_for blanks them) */
        rl_parts_unit_hidden(&view, u, drop_no);
        const sl_unit *un = &g->live.units[u];
        if (sl_unit_whole(&g->live, u) < 0 && un->parent < 0)
            for (int i = 0; i < un->nfigures; i++)
                (void)sl_rule_figure_in_part(&view, un->first_figure + i, 0); /* room for each: cannot fail */
    }
    return view.parts;
}

bool sl_game_parts_for(const sl_game *g, int side, struct sl_parts **own)
{
    struct sl_parts *p = rl_parts_known(g, side, false);
    if (g->live.parts && !p)
        return false;
    sl_parts_free(*own);
    *own = p;
    return true;
}
