/* Finding where a value sits in JSON text.
 *
 * jansson reports positions only for syntax errors. When a file parses but
 * a field is wrong, the loaders know the field's path; this scanner walks
 * the text once more to turn that path into a line and column. It is only
 * run on error and never trusts the text to be well formed.
 */
#include "sightline/io.h"

#include <stdlib.h>
#include <string.h>

typedef struct scan {
    const char *s;
    size_t len, pos;
    int depth;
} scan;

static void skip_ws(scan *sc)
{
    while (sc->pos < sc->len) {
        char c = sc->s[sc->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            break;
        sc->pos++;
    }
}

/* Skip a string starting at '"'; copy its raw content (escapes of \" and
 * \\ decoded) into key when given. */
static bool skip_string(scan *sc, char *key, size_t keylen)
{
    if (sc->pos >= sc->len || sc->s[sc->pos] != '"')
        return false;
    sc->pos++;
    size_t k = 0;
    while (sc->pos < sc->len) {
        char c = sc->s[sc->pos++];
        if (c == '"') {
            if (key)
                key[k < keylen ? k : keylen - 1] = '\0';
            return true;
        }
        if (c == '\\' && sc->pos < sc->len)
            c = sc->s[sc->pos++];
        if (key && k + 1 < keylen)
            key[k++] = c;
    }
    return false;
}

static bool skip_value(scan *sc)
{
    skip_ws(sc);
    if (sc->pos >= sc->len || sc->depth > 512)
        return false;
    char c = sc->s[sc->pos];
    if (c == '"')
        return skip_string(sc, NULL, 0);
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        sc->pos++;
        sc->depth++;
        skip_ws(sc);
        if (sc->pos < sc->len && sc->s[sc->pos] == close) {
            sc->pos++;
            sc->depth--;
            return true;
        }
        for (;;) {
            if (c == '{') {
                skip_ws(sc);
                if (!skip_string(sc, NULL, 0))
                    return false;
                skip_ws(sc);
                if (sc->pos >= sc->len || sc->s[sc->pos] != ':')
                    return false;
                sc->pos++;
            }
            if (!skip_value(sc))
                return false;
            skip_ws(sc);
            if (sc->pos >= sc->len)
                return false;
            if (sc->s[sc->pos] == ',') {
                sc->pos++;
                continue;
            }
            if (sc->s[sc->pos] == close) {
                sc->pos++;
                sc->depth--;
                return true;
            }
            return false;
        }
    }
    /* number, true, false, null */
    while (sc->pos < sc->len) {
        c = sc->s[sc->pos];
        if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\r' || c == '\t')
            break;
        sc->pos++;
    }
    return true;
}

/* Walk `path` from the value at sc->pos. */
static bool find(scan *sc, const char *path)
{
    skip_ws(sc);
    if (*path == '\0')
        return sc->pos < sc->len;
    if (sc->pos >= sc->len)
        return false;
    char c = sc->s[sc->pos];
    if (*path == '.') {
        const char *end = path + 1;
        while (*end && *end != '.' && *end != '[')
            end++;
        size_t want_len = (size_t)(end - path - 1);
        if (c != '{')
            return false;
        sc->pos++;
        for (;;) {
            skip_ws(sc);
            if (sc->pos < sc->len && sc->s[sc->pos] == '}')
                return false;
            char key[256];
            if (!skip_string(sc, key, sizeof key))
                return false;
            skip_ws(sc);
            if (sc->pos >= sc->len || sc->s[sc->pos] != ':')
                return false;
            sc->pos++;
            if (strlen(key) == want_len && strncmp(key, path + 1, want_len) == 0)
                return find(sc, end);
            if (!skip_value(sc))
                return false;
            skip_ws(sc);
            if (sc->pos < sc->len && sc->s[sc->pos] == ',')
                sc->pos++;
            else
                return false;
        }
    }
    if (*path == '[') {
        char *end = NULL;
        long want = strtol(path + 1, &end, 10);
        if (!end || *end != ']' || want < 0 || c != '[')
            return false;
        sc->pos++;
        for (long i = 0;; i++) {
            skip_ws(sc);
            if (sc->pos < sc->len && sc->s[sc->pos] == ']')
                return false;
            if (i == want)
                return find(sc, end + 1);
            if (!skip_value(sc))
                return false;
            skip_ws(sc);
            if (sc->pos < sc->len && sc->s[sc->pos] == ',')
                sc->pos++;
            else
                return false;
        }
    }
    return false;
}

bool sl_json_locate(const char *text, size_t len, const char *path, int *line, int *col)
{
    if (!text)
        return false;
    scan sc = {text, len, 0, 0};
    if (!find(&sc, path ? path : ""))
        return false;
    int l = 1, c = 1;
    for (size_t i = 0; i < sc.pos && i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xC0) != 0x80) {
            c++; /* count characters, not UTF-8 continuation bytes */
        }
    }
    *line = l;
    *col = c;
    return true;
}
