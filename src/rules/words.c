/* What a player reads of a rules text (a journal line, a refusal, a
 * card's line): the same words with the project's own taken out. The
 * journal keeps its words byte for byte (the kept replays); the window
 * shows them through here. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* Replace [at, at + n) of buf (size len) with rep. */
static void splice(char *buf, size_t len, size_t at, size_t n, const char *rep)
{
    size_t bl = strlen(buf), rl = strlen(rep);
    if (at + n > bl)
        n = bl - at;
    if (bl - n + rl + 1 > len)
        rl = len - 1 - (bl - n);
    memmove(buf + at + rl, buf + at + n, bl - at - n + 1);
    memcpy(buf + at, rep, rl);
}

static void replace_all(char *buf, size_t len, const char *what, const char *rep)
{
    size_t wl = strlen(what), rl = strlen(rep);
    for (char *p = strstr(buf, what); p; p = strstr(buf + (size_t)(p - buf) + rl, what))
        splice(buf, len, (size_t)(p - buf), wl, rep);
}

/* The name of the rule a seed's number stands for: the one rule in play
 * whose source is that seed, else the ruleset's own (its rules are a
 * seed's), several: "a house rule". */
static const char *seed_rule(const sl_game *g, const char *seed)
{
    const rl_tables *t = rl_tables_of(g);
    const char *name = NULL;
    int n = 0;
    for (int i = 0; i < t->nhouses; i++) {
        const rl_house *h = t->houses[i];
        const char *at = h->source ? strstr(h->source, seed) : NULL;
        if (at && (at == h->source || !isalpha((unsigned char)at[-1])) && rl_house_in_play(g, h)) {
            name = h->title;
            n++;
        }
    }
    return n == 1 && name ? name : n > 1 ? "a house rule" : rl_ruleset_of(g)->title;
}

/* "seed 002" and "seeds 000 and 003" (the documents the house rules come
 * from, numbered in three digits): the rule's name instead. */
static void seeds(const sl_game *g, char *buf, size_t len)
{
    for (char *p = strstr(buf, "seed"); p; p = strstr(p + 1, "seed")) {
        char *q = p + 4 + (p[4] == 's');
        bool three = *q == ' ' && isdigit((unsigned char)q[1]) && isdigit((unsigned char)q[2]) &&
                     isdigit((unsigned char)q[3]) && !isdigit((unsigned char)q[4]);
        if (!three || (p > buf && isalpha((unsigned char)p[-1])))
            continue; /* a game's own seed ("(seed 1)") is the players' to know */
        q += 4;
        while (strncmp(q, " and ", 5) == 0 && isdigit((unsigned char)q[5]))
            q += 8;
        char phrase[64];
        snprintf(phrase, sizeof phrase, "%.*s", (int)(q - p), p);
        const char *name = seed_rule(g, phrase);
        splice(buf, len, (size_t)(p - buf), (size_t)(q - p), name);
        p += strlen(name) - 1;
    }
}

/* A usage's placeholders: a stretch of words with one of these is how a
 * command is typed, not what the player does. */
static bool placeholder_at(const char *s, const char *start)
{
    static const char *const words[] = {"UNIT", "SIDE", "GAP", "X,Y", "TARGET", "FIGURE", "ITEM", "BUILDING",
                                        "VEHICLE", "ASSET", "SQUAD"};
    if (s[0] == '|' && s > start && isalnum((unsigned char)s[-1]) && isalnum((unsigned char)s[1]))
        return true; /* choices to type: "hit none|stunned|ko|out" */
    if (s > start && (isalnum((unsigned char)s[-1]) || s[-1] == '_'))
        return false;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t l = strlen(words[i]);
        if (strncmp(s, words[i], l) == 0 && !isalnum((unsigned char)s[l]))
            return true;
    }
    return false;
}

/* Where the sentence s is in ends: its full stop before the next one (not
 * a usage's "..."), else NULL (the text's end). */
static char *sentence_end(char *s)
{
    for (char *e = strstr(s, ". "); e; e = strstr(e + 1, ". "))
        if (e[-1] != '.' && isupper((unsigned char)e[2]))
            return e;
    return NULL;
}

/* Usages out: "(activate UNIT)" goes whole, and ": decide first SIDE"
 * (or "; decide fire UNIT, or decide pass") to the end of its sentence. */
static void usages(char *buf, size_t len)
{
    for (char *p = buf; *p; p++) {
        if (!placeholder_at(p, buf))
            continue;
        char *open = NULL, *colon = NULL;
        for (char *b = p; b > buf && !open && !colon; b--) {
            if (b[-1] == ')')
                break;
            if (b[-1] == '(')
                open = b - 1;
            else if ((b[-1] == ':' || b[-1] == ';') && b[0] == ' ')
                colon = b - 1;
        }
        if (open) {
            char *close = strchr(p, ')');
            size_t from = (size_t)(open - buf) - (open > buf && open[-1] == ' ');
            splice(buf, len, from, close ? (size_t)(close + 1 - buf) - from : strlen(buf) - from, "");
            p = buf + from - (from > 0);
        } else if (colon) {
            char *end = sentence_end(p);
            size_t from = (size_t)(colon - buf);
            splice(buf, len, from, end ? (size_t)(end - buf) - from : strlen(buf) - from, "");
            p = buf + from - (from > 0);
        }
    }
}

/* A man as a player calls him, from the scenario's units and men. */
static void man_words(const sl_scenario *sc, int f, int unit, char *out, size_t len)
{
    const sl_figure *fg = &sc->figures[f];
    const sl_unit *u = &sc->units[fg->unit];
    bool own = fg->unit == unit;
    if (u->leader == f)
        snprintf(out, len, "%s%s leader", own ? "the" : u->name, own ? "" : "'s");
    else
        snprintf(out, len, "%s%sman %d (%s)", own ? "" : u->name, own ? "" : "'s ", f - u->first_figure + 1,
                 sl_role_name(fg->role));
}

void sl_game_man_words(const sl_game *g, int f, int unit, char *out, size_t len)
{
    man_words(&g->live, f, unit, out, len);
}

/* How a player calls a man: his unit's name and his place in it (the
 * leader, man 3). */
static void figure_words(const sl_scenario *sc, int f, char *out, size_t len)
{
    man_words(sc, f, -1, out, len);
}

static bool id_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.';
}

/* An id, not a word or a number: with a dash, or letters and digits. */
static bool looks_like_id(const char *s, size_t n)
{
    bool dash = false, digit = false, alpha = false;
    for (size_t i = 0; i < n; i++) {
        dash |= s[i] == '-';
        digit |= isdigit((unsigned char)s[i]) != 0;
        alpha |= isalpha((unsigned char)s[i]) != 0;
    }
    return alpha && (dash || digit);
}

/* A weapon's id as a sentence names it ("saw-rotary": "rotary squad
 * automatic weapon", never brackets in brackets); an id
 * without a dash or digit ("agl") only in brackets of its own, so that
 * no plain word ("saw") is taken for one. */
static void weapon_words(const char *buf, size_t i, size_t n, bool idlike, char *out, size_t len)
{
    char tok[SL_ID_LEN + 2];
    if (n >= sizeof tok)
        return;
    snprintf(tok, sizeof tok, "%.*s", (int)n, buf + i);
    bool bracketed = i > 0 && buf[i - 1] == '(' && buf[i + n] == ')';
    const sl_weapon *wp = sl_weapon_get(sl_weapon_find(tok));
    if (!wp || (!idlike && !bracketed))
        return;
    sl_weapon_words(wp, false, out, len);
}

/* Ids out: a unit's or a man's id (one with a digit or a dash, so that
 * no plain word is taken for one) in words. */
static void ids(const sl_scenario *sc, char *buf, size_t len)
{
    for (size_t i = 0; buf[i];) {
        if (!id_char(buf[i]) || (i > 0 && id_char(buf[i - 1]))) {
            i++;
            continue;
        }
        size_t n = 0;
        while (id_char(buf[i + n]))
            n++;
        while (n > 0 && buf[i + n - 1] == '.')
            n--; /* a sentence's full stop */
        char tok[SL_ID_LEN + 2];
        bool idlike = n > 0 && n < sizeof tok && looks_like_id(buf + i, n);
        char words[SL_NAME_LEN + 40] = "";
        if (idlike) {
            snprintf(tok, sizeof tok, "%.*s", (int)n, buf + i);
            int u = sl_scenario_find_unit(sc, tok), f = u < 0 ? sl_scenario_find_figure(sc, tok) : -1;
            size_t tl = strlen(tok);
            bool part = u < 0 && f < 0 && tl > 2 && tok[tl - 2] == '.' && (tok[tl - 1] == 'L' || tok[tl - 1] == 'D');
            if (part) {
                /* UNIT.L, UNIT.D: the leader alone, the detached element */
                tok[tl - 2] = '\0';
                u = sl_scenario_find_unit(sc, tok);
            }
            if (u >= 0 && part)
                snprintf(words, sizeof words, "%s's %s", sc->units[u].name,
                         buf[i + n - 1] == 'L' ? "leader alone" : "detached element");
            else if (u >= 0)
                snprintf(words, sizeof words, "%s", sc->units[u].name);
            else if (f >= 0)
                figure_words(sc, f, words, sizeof words);
        }
        if (!words[0] && n > 0 && n < sizeof tok)
            weapon_words(buf, i, n, idlike, words, sizeof words);
        if (words[0]) {
            splice(buf, len, i, n, words);
            i += strlen(words);
        } else
            i += n > 0 ? n : 1;
    }
}

/* A feature the map left unnamed is "Road 2" in the rules' texts (the
 * loader's name: its kind and its number in the file); a player calls it
 * "the road". The file's number after a name, " (#2)", goes too. */
static void feature_numbers(const sl_scenario *sc, char *buf, size_t len)
{
    for (size_t i = 0; buf[i]; i++) {
        if (!isupper((unsigned char)buf[i]) || (i > 0 && isalnum((unsigned char)buf[i - 1])))
            continue;
        const char *num = NULL; /* the number after a kind's label ("Rough ground 5") */
        for (int k = 0; k < SL_TERRAIN_KIND_COUNT && !num; k++) {
            const char *label = sl_terrain_kind_info((sl_terrain_kind)k)->label;
            size_t ll = strlen(label);
            if (strncmp(buf + i, label, ll) == 0 && buf[i + ll] == ' ' && isdigit((unsigned char)buf[i + ll + 1]))
                num = buf + i + ll + 1;
        }
        if (!num)
            continue;
        size_t d = strspn(num, "0123456789");
        if (isalnum((unsigned char)num[d]) || d > 9)
            continue;
        int f = sl_table_find_feature(&sc->table, atoi(num));
        const sl_feature *ft = f >= 0 ? &sc->table.features[f] : NULL;
        size_t n = (size_t)(num + d - (buf + i));
        if (!ft || !sl_feature_unnamed(ft) || strlen(ft->name) != n || strncmp(ft->name, buf + i, n) != 0)
            continue;
        char words[sizeof ft->name + 8];
        sl_feature_words(ft, words, sizeof words);
        splice(buf, len, i, n, words);
        i += strlen(words) - 1;
    }
    for (char *p = strstr(buf, " (#"); p;) {
        size_t d = strspn(p + 3, "0123456789");
        if (d > 0 && p[3 + d] == ')')
            splice(buf, len, (size_t)(p - buf), d + 4, "");
        else
            p++;
        p = strstr(p, " (#");
    }
}

/* A weapon's catalog name in a text ("nac-1-3's Squad automatic weapon
 * (gauss)") as a sentence says it ("gauss squad automatic weapon"). */
static void weapon_names(char *buf, size_t len)
{
    for (int i = 0; i < sl_weapon_count(); i++) {
        const sl_weapon *wp = sl_weapon_get(i);
        if (!strchr(wp->name, '(') && !strchr(wp->name, ','))
            continue;
        char words[96], lower[96];
        sl_weapon_words(wp, false, words, sizeof words);
        replace_all(buf, len, wp->name, words);
        snprintf(lower, sizeof lower, "%s", wp->name);
        lower[0] = (char)tolower((unsigned char)lower[0]);
        replace_all(buf, len, lower, words);
    }
}

/* The pages of Stargrunt II's rulebook the base's words give ("(p15)",
 * "(2 against 2, p15)", "(p53, fired on)"), left out under another
 * ruleset: a SkirmishCorps player has no such book. */
static void pages(char *buf, size_t len)
{
    for (size_t i = 1; buf[i]; i++) {
        if (buf[i] != 'p' || !isdigit((unsigned char)buf[i + 1]))
            continue;
        size_t end = i + 1;
        while (isdigit((unsigned char)buf[end]) || (buf[end] == '-' && isdigit((unsigned char)buf[end + 1])))
            end++;
        bool open = buf[i - 1] == '(', after_comma = i >= 2 && buf[i - 1] == ' ' && buf[i - 2] == ',';
        size_t from = i - 1 - (i >= 2 && buf[i - 2] == ' ');
        if (open && buf[end] == ')') /* " (p15)": all of it */
            splice(buf, len, from, end + 1 - from, "");
        else if (open && buf[end] == ',' && buf[end + 1] == ' ') /* "(p53, fired on)" */
            splice(buf, len, i, end + 2 - i, "");
        else if (after_comma && (buf[end] == ')' || buf[end] == ',')) /* "(2 against 2, p15)" */
            splice(buf, len, i - 2, end - (i - 2), "");
        else
            continue;
        i = i > 2 ? i - 3 : 0;
    }
}

/* What the game's rules make of the words: the seeds' documents named,
 * Stargrunt II's pages left out under another ruleset. */
static void game_words(const sl_game *g, char *buf, size_t len)
{
    seeds(g, buf, len);
    if (!rl_ruleset_of(g)->book_pages)
        pages(buf, len);
}

/* The digest's words, the usages and features' numbers out, ids in names. */
static void plain(const sl_scenario *sc, char *out, size_t len)
{
    replace_all(out, len, " (the digest)", "");
    replace_all(out, len, ", the digest", "");
    replace_all(out, len, "the digest's", "the rules'");
    replace_all(out, len, "the digest", "the rules");
    replace_all(out, len, "The seed gives", "The rules give");
    usages(out, len);
    feature_numbers(sc, out, len);
    weapon_names(out, len);
    ids(sc, out, len);
}

void sl_game_plain_words(const sl_game *g, const char *in, char *out, size_t len)
{
    if (len == 0)
        return;
    snprintf(out, len, "%s", in);
    game_words(g, out, len);
    plain(&g->live, out, len);
}

void sl_scenario_plain_words(const sl_scenario *sc, const char *in, char *out, size_t len)
{
    if (len == 0)
        return;
    snprintf(out, len, "%s", in);
    plain(sc, out, len);
}

void sl_game_rule_words(const sl_game *rules, const sl_scenario *sc, const char *in, char *out, size_t len)
{
    if (len == 0)
        return;
    snprintf(out, len, "%s", in);
    game_words(rules, out, len);
    plain(sc, out, len);
}

/* --- points in words -------------------------------------------------------- */

/* A coordinate as the rules print one ("8.2", "-1.0", "12"): its length
 * at s, 0 when none. */
static size_t coord_len(const char *s)
{
    size_t n = s[0] == '-';
    size_t d = strspn(s + n, "0123456789");
    if (d == 0)
        return 0;
    n += d;
    if (s[n] == '.' && isdigit((unsigned char)s[n + 1]))
        n += 1 + strspn(s + n + 1, "0123456789");
    return n;
}

/* "X, Y" closed by ')' at s: its length (the bracket not counted) and the
 * point, in mils; 0 when s holds none. */
static size_t point_text(const char *s, sl_pt *p)
{
    size_t a = coord_len(s);
    if (a == 0 || strncmp(s + a, ", ", 2) != 0)
        return 0;
    size_t b = coord_len(s + a + 2);
    if (b == 0 || s[a + 2 + b] != ')')
        return 0;
    p->x = (int32_t)llround(strtod(s, NULL) * 1000.0);
    p->y = (int32_t)llround(strtod(s + a + 2, NULL) * 1000.0);
    return a + 2 + b;
}

/* Where on the table p is, by the named piece of terrain it is in (the
 * smallest), within 2" of, or else nearest with how far:
 * " in Birch copse", " near Farmhouse", " 9\" from Clump of trees", or
 * nothing on a table with no named terrain. Terrain only: every side
 * sees the table, not every unit. */
static void place_words(const sl_scenario *sc, sl_pt p, char *out, size_t len)
{
    const sl_table *t = &sc->table;
    int in = -1, near = -1;
    double in_area = 0, near_d = 1e18;
    for (int i = 0; i < t->nfeatures; i++) {
        const sl_feature *f = &t->features[i];
        if (!f->name[0])
            continue;
        double dx = fmax(0, fmax((double)f->lo.x - p.x, (double)p.x - f->hi.x));
        double dy = fmax(0, fmax((double)f->lo.y - p.y, (double)p.y - f->hi.y));
        double area = ((double)f->hi.x - f->lo.x) * ((double)f->hi.y - f->lo.y);
        bool inside = dx == 0 && dy == 0 && f->shape != SL_SHAPE_POLYLINE && f->npts >= 3 &&
                      sl_poly_contains(t->pts + f->first_pt, f->npts, p) != SL_OUTSIDE;
        if (inside && (in < 0 || area < in_area)) {
            in = i;
            in_area = area;
        } else if (!inside && hypot(dx, dy) < near_d) {
            near = i;
            near_d = hypot(dx, dy);
        }
    }
    if (in >= 0)
        snprintf(out, len, " in %s", t->features[in].name);
    else if (near >= 0 && near_d <= 2000.0)
        snprintf(out, len, " near %s", t->features[near].name);
    else if (near >= 0)
        snprintf(out, len, " %.0f\" from %s", near_d / 1000.0, t->features[near].name);
    else if (len > 0)
        out[0] = '\0';
}

/* Each point a text gives as "(X, Y)", or as "at X, Y)" inside brackets,
 * in table inches: where it is found. */
static size_t next_point(const char *buf, size_t from, size_t *n, bool *bracketed, sl_pt *p)
{
    for (size_t i = from; buf[i]; i++) {
        bool start = i == 0 || !(isdigit((unsigned char)buf[i - 1]) || buf[i - 1] == '.' || buf[i - 1] == '-');
        if (buf[i] == '(' && (*n = point_text(buf + i + 1, p)) > 0) {
            *bracketed = true;
            *n += 2;
            return i;
        }
        if (start && i >= 3 && strncmp(buf + i - 3, "at ", 3) == 0 && (*n = point_text(buf + i, p)) > 0) {
            *bracketed = false;
            return i;
        }
    }
    return (size_t)-1;
}

int sl_scenario_point_words(const sl_scenario *sc, const char *in, char *out, size_t len, sl_pt *at, int max)
{
    if (len == 0)
        return 0;
    snprintf(out, len, "%s", in);
    size_t n;
    bool br;
    sl_pt p;
    int total = 0;
    for (size_t i = next_point(out, 0, &n, &br, &p); i != (size_t)-1; i = next_point(out, i + n, &n, &br, &p))
        total++;
    int k = 0;
    for (size_t i = next_point(out, 0, &n, &br, &p); i != (size_t)-1; i = next_point(out, i, &n, &br, &p)) {
        char where[100], words[140];
        place_words(sc, p, where, sizeof where);
        if (total == 1)
            snprintf(words, sizeof words, "%s point%s", i == 0 ? "That" : "that", where);
        else
            snprintf(words, sizeof words, "%s %d%s", i == 0 ? "Point" : "point", k + 1, where);
        if (k < max)
            at[k] = p;
        k++;
        splice(out, len, i, n, words);
        i += strlen(words);
    }
    return k < max ? k : max;
}

void sl_game_log_words(const sl_game *g, const char *in, char *out, size_t len)
{
    if (len == 0)
        return;
    char plain[2048];
    sl_game_plain_words(g, in, plain, sizeof plain);
    sl_scenario_point_words(&g->live, plain, out, len, NULL, 0);
}
