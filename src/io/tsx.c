/* Tiled's external tilesets in XML (.tsx): just enough XML to read the
 * <tileset>, its <tileoffset>, its <image> and each <tile>'s own <image>.
 * Everything else (properties, terrains, animations, wang sets) is
 * skipped. Messages name the file and line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tiles.h"

#define XML_MAX_ATTRS 24

typedef struct xtag {
    char name[32];
    bool closing, empty;
    int nattr;
    char key[XML_MAX_ATTRS][32];
    char val[XML_MAX_ATTRS][1024];
} xtag;

typedef struct xs {
    const char *p, *end;
    int line;
    const char *file;
    sl_diag *d;
    bool failed;
} xs;

static void xfail(xs *x, const char *what)
{
    if (!x->failed)
        sl_diag_add(x->d, SL_DIAG_ERROR, x->file, x->line, 0, 0, "", "%s", what);
    x->failed = true;
}

static void xadvance(xs *x, size_t n)
{
    for (size_t i = 0; i < n && x->p < x->end; i++, x->p++)
        if (*x->p == '\n')
            x->line++;
}

static bool xskip_to(xs *x, const char *mark)
{
    size_t ml = strlen(mark);
    while (x->p + ml <= x->end) {
        if (memcmp(x->p, mark, ml) == 0) {
            xadvance(x, ml);
            return true;
        }
        xadvance(x, 1);
    }
    return false;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_name(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == ':' || c == '.';
}

static void skip_space(xs *x)
{
    while (x->p < x->end && is_space(*x->p))
        xadvance(x, 1);
}

static void read_name(xs *x, char *out, size_t cap)
{
    size_t n = 0;
    while (x->p < x->end && is_name(*x->p)) {
        if (n + 1 < cap)
            out[n++] = *x->p;
        xadvance(x, 1);
    }
    out[n] = '\0';
}

/* An attribute value with XML's five named entities and numeric ones
 * below 128 decoded; others are kept as written. */
static bool read_value(xs *x, char *out, size_t cap)
{
    if (x->p >= x->end || (*x->p != '"' && *x->p != '\'')) {
        xfail(x, "an attribute's value must be in quotes");
        return false;
    }
    char q = *x->p;
    xadvance(x, 1);
    size_t n = 0;
    static const struct { const char *ent; char c; } ents[] = {
        {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    while (x->p < x->end && *x->p != q) {
        char c = *x->p;
        size_t adv = 1;
        if (c == '&') {
            for (size_t e = 0; e < sizeof ents / sizeof ents[0]; e++) {
                size_t el = strlen(ents[e].ent);
                if ((size_t)(x->end - x->p) >= el && memcmp(x->p, ents[e].ent, el) == 0) {
                    c = ents[e].c;
                    adv = el;
                    break;
                }
            }
        }
        if (n + 1 < cap)
            out[n++] = c;
        xadvance(x, adv);
    }
    out[n] = '\0';
    if (x->p >= x->end) {
        xfail(x, "an attribute's value is not closed");
        return false;
    }
    xadvance(x, 1);
    return true;
}

static bool read_attrs(xs *x, xtag *t)
{
    for (;;) {
        skip_space(x);
        if (x->p >= x->end) {
            xfail(x, "a tag is not closed");
            return false;
        }
        if (*x->p == '>') {
            xadvance(x, 1);
            return true;
        }
        if (*x->p == '/' && x->p + 1 < x->end && x->p[1] == '>') {
            t->empty = true;
            xadvance(x, 2);
            return true;
        }
        char key[32];
        read_name(x, key, sizeof key);
        if (!key[0]) {
            xfail(x, "a tag's attributes cannot be read");
            return false;
        }
        skip_space(x);
        if (x->p >= x->end || *x->p != '=') {
            xfail(x, "an attribute has no '='");
            return false;
        }
        xadvance(x, 1);
        skip_space(x);
        char *val = t->nattr < XML_MAX_ATTRS ? t->val[t->nattr] : NULL;
        char scratch[8];
        if (!read_value(x, val ? val : scratch, val ? sizeof t->val[0] : sizeof scratch))
            return false;
        if (val)
            snprintf(t->key[t->nattr++], sizeof t->key[0], "%s", key);
    }
}

/* The next tag, skipping text, comments, declarations and CDATA. */
static bool next_tag(xs *x, xtag *t)
{
    memset(t, 0, sizeof *t);
    while (!x->failed) {
        while (x->p < x->end && *x->p != '<')
            xadvance(x, 1);
        if (x->p >= x->end)
            return false;
        if ((size_t)(x->end - x->p) >= 4 && memcmp(x->p, "<!--", 4) == 0) {
            if (!xskip_to(x, "-->"))
                xfail(x, "a comment is not closed");
            continue;
        }
        if ((size_t)(x->end - x->p) >= 9 && memcmp(x->p, "<![CDATA[", 9) == 0) {
            if (!xskip_to(x, "]]>"))
                xfail(x, "a CDATA section is not closed");
            continue;
        }
        if (x->p + 1 < x->end && (x->p[1] == '?' || x->p[1] == '!')) {
            if (!xskip_to(x, ">"))
                xfail(x, "a declaration is not closed");
            continue;
        }
        xadvance(x, 1);
        if (x->p < x->end && *x->p == '/') {
            t->closing = true;
            xadvance(x, 1);
        }
        read_name(x, t->name, sizeof t->name);
        if (!t->name[0]) {
            xfail(x, "a '<' does not start a tag");
            return false;
        }
        return read_attrs(x, t);
    }
    return false;
}

static const char *attr(const xtag *t, const char *key)
{
    for (int i = 0; i < t->nattr; i++)
        if (strcmp(t->key[i], key) == 0)
            return t->val[i];
    return NULL;
}

static bool attr_long(xs *x, const xtag *t, const char *key, long *out, bool required)
{
    const char *v = attr(t, key);
    if (!v) {
        if (required) {
            char msg[128];
            snprintf(msg, sizeof msg, "<%s> has no '%s'", t->name, key);
            xfail(x, msg);
        }
        return false;
    }
    char *end = NULL;
    long n = strtol(v, &end, 10);
    if (end == v || *end || n < -1000000 || n > 1000000) {
        char msg[160];
        snprintf(msg, sizeof msg, "<%s %s=\"%.40s\">: '%s' must be a whole number", t->name, key, v, key);
        xfail(x, msg);
        return false;
    }
    *out = n;
    return true;
}

static void read_tileset_tag(xs *x, const xtag *t, tl_desc *out)
{
    const char *name = attr(t, "name");
    snprintf(out->name, sizeof out->name, "%s", name ? name : "");
    attr_long(x, t, "tilewidth", &out->tilew, true);
    attr_long(x, t, "tileheight", &out->tileh, true);
    attr_long(x, t, "tilecount", &out->count, false);
    attr_long(x, t, "columns", &out->columns, false);
    attr_long(x, t, "margin", &out->margin, false);
    attr_long(x, t, "spacing", &out->spacing, false);
    const char *rs = attr(t, "tilerendersize");
    out->grid_size = rs && strcmp(rs, "grid") == 0;
}

static bool add_tile(xs *x, tl_desc *out, long id, const char *image)
{
    if (out->ntiles >= 65536) {
        xfail(x, "more than 65,536 tiles with their own image");
        return false;
    }
    struct tl_desc_tile *n = realloc(out->tiles, sizeof *n * (size_t)(out->ntiles + 1));
    if (!n) {
        xfail(x, "out of memory");
        return false;
    }
    out->tiles = n;
    n[out->ntiles].id = id;
    snprintf(n[out->ntiles].image, sizeof n[0].image, "%s", image);
    out->ntiles++;
    return true;
}

static void read_image_tag(xs *x, const xtag *t, tl_desc *out, long tile_id)
{
    const char *src = attr(t, "source");
    if (!src) {
        xfail(x, "<image> has no 'source' (images inside the file are not read)");
        return;
    }
    if (tile_id >= 0) {
        add_tile(x, out, tile_id, src);
        return;
    }
    snprintf(out->image, sizeof out->image, "%s", src);
    const char *tr = attr(t, "trans");
    snprintf(out->trans, sizeof out->trans, "%s", tr ? tr : "");
    attr_long(x, t, "width", &out->image_w, false);
    attr_long(x, t, "height", &out->image_h, false);
}

bool tl_read_tsx(const char *text, size_t len, const char *file, tl_desc *out, sl_diag *d)
{
    memset(out, 0, sizeof *out);
    xs x = {text, text + len, 1, file, d, false};
    xtag t;
    bool in_set = false;
    long tile_id = -1;
    int depth = 0;
    while (!x.failed && next_tag(&x, &t)) {
        if (!in_set) {
            if (t.closing || strcmp(t.name, "tileset") != 0) {
                xfail(&x, "this is not a Tiled tileset: it does not start with <tileset>");
                break;
            }
            read_tileset_tag(&x, &t, out);
            in_set = true;
            if (t.empty)
                break;
            continue;
        }
        if (t.closing) {
            if (strcmp(t.name, "tile") == 0)
                tile_id = -1;
            if (strcmp(t.name, "tileset") == 0)
                break;
            depth--;
            continue;
        }
        if (strcmp(t.name, "tileoffset") == 0) {
            attr_long(&x, &t, "x", &out->offx, false);
            attr_long(&x, &t, "y", &out->offy, false);
        } else if (strcmp(t.name, "tile") == 0) {
            long id = -1;
            attr_long(&x, &t, "id", &id, true);
            tile_id = t.empty ? -1 : id;
            if (t.empty)
                continue;
        } else if (strcmp(t.name, "image") == 0) {
            read_image_tag(&x, &t, out, tile_id);
        }
        if (!t.empty)
            depth++;
        if (depth > 64)
            xfail(&x, "tags are nested too deep");
    }
    if (!x.failed && !in_set)
        xfail(&x, "this is not a Tiled tileset: no <tileset> tag");
    if (x.failed) {
        tl_desc_free(out);
        return false;
    }
    return true;
}

void tl_desc_free(tl_desc *t)
{
    free(t->tiles);
    t->tiles = NULL;
    t->ntiles = 0;
}
