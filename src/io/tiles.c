/* Tiled tile layers drawn into the mat (see tiles.h). The picture is the
 * map's own pixel size, made smaller only when a side would pass
 * TL_MAX_SIDE pixels; tiles are sampled nearest, as Tiled shows them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>

#include "tiles.h"

#define TL_MAX_SIDE 4096
#define TL_MAX_CELLS (4096L * 4096L)
#define TL_FLIP_H 0x80000000u
#define TL_FLIP_V 0x40000000u
#define TL_FLIP_D 0x20000000u
#define TL_GID_MASK 0x0fffffffu

typedef struct tl_tile {
    long id;
    sl_image img;
} tl_tile;

struct tl_set {
    long firstgid;
    tl_desc desc;
    sl_image img;     /* a single-image set's picture */
    tl_tile *tiles;   /* an image collection's pictures */
    int ntiles;
};

/* --- reading tilesets -------------------------------------------------------- */

static bool hex_colour(const char *s, unsigned char rgb[3])
{
    if (*s == '#')
        s++;
    if (strlen(s) != 6)
        return false;
    for (int i = 0; i < 3; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return false;
        rgb[i] = (unsigned char)v;
    }
    return true;
}

static void load_picture(tl_canvas *c, jr *r, const char *dir, const char *image, const char *trans,
                         sl_image *out)
{
    char path[SL_PATH_MAX], err[256];
    sl_path_join(dir, image, path, sizeof path);
    if (!sl_image_load(path, out, err, sizeof err)) {
        jr_warn(r, "tileset image '%s' could not be loaded (%s); its tiles are not drawn", path, err);
        return;
    }
    unsigned char key[3];
    if (trans && trans[0] && hex_colour(trans, key)) {
        size_t n = (size_t)out->w * (size_t)out->h;
        for (size_t i = 0; i < n; i++) {
            unsigned char *px = out->rgba + 4 * i;
            if (px[0] == key[0] && px[1] == key[1] && px[2] == key[2])
                px[3] = 0;
        }
    }
    (void)c;
}

static void json_desc(jr *r, json_t *o, tl_desc *d)
{
    const char *s = NULL;
    if (json_object_get(o, "name") && jr_str(r, o, "name", false, &s))
        snprintf(d->name, sizeof d->name, "%s", s);
    jr_int(r, o, "tilewidth", true, &d->tilew);
    jr_int(r, o, "tileheight", true, &d->tileh);
    static const char *const opt[] = {"tilecount", "columns", "margin", "spacing", "imagewidth", "imageheight"};
    long *dst[] = {&d->count, &d->columns, &d->margin, &d->spacing, &d->image_w, &d->image_h};
    for (size_t i = 0; i < sizeof opt / sizeof opt[0]; i++)
        if (json_object_get(o, opt[i]))
            jr_int(r, o, opt[i], false, dst[i]);
    if (json_object_get(o, "image") && jr_str(r, o, "image", false, &s))
        snprintf(d->image, sizeof d->image, "%s", s);
    if (json_object_get(o, "transparentcolor") && jr_str(r, o, "transparentcolor", false, &s))
        snprintf(d->trans, sizeof d->trans, "%s", s);
    if (json_object_get(o, "tilerendersize") && jr_str(r, o, "tilerendersize", false, &s))
        d->grid_size = strcmp(s, "grid") == 0;
    json_t *off = json_object_get(o, "tileoffset");
    if (json_is_object(off)) {
        size_t k = jr_push_key(r, "tileoffset");
        jr_int(r, off, "x", false, &d->offx);
        jr_int(r, off, "y", false, &d->offy);
        jr_pop(r, k);
    }
    json_t *tiles = json_object_get(o, "tiles");
    if (!json_is_array(tiles) || d->image[0])
        return;
    size_t k = jr_push_key(r, "tiles"), i;
    json_t *t;
    json_array_foreach(tiles, i, t) {
        size_t k2 = jr_push_index(r, i);
        long id = 0;
        const char *img = NULL;
        if (json_is_object(t) && jr_int(r, t, "id", true, &id) && json_object_get(t, "image") &&
            jr_str(r, t, "image", false, &img)) {
            struct tl_desc_tile *n = realloc(d->tiles, sizeof *n * (size_t)(d->ntiles + 1));
            if (n) {
                d->tiles = n;
                n[d->ntiles].id = id;
                snprintf(n[d->ntiles].image, sizeof n[0].image, "%s", img);
                d->ntiles++;
            }
        }
        jr_pop(r, k2);
        if (d->ntiles >= 65536)
            break;
    }
    jr_pop(r, k);
}

/* An external tileset: .tsx (XML) or .tsj/.json (JSON). Its problems are
 * reported in its own file, as warnings: a tileset that cannot be read
 * leaves its tiles out of the mat, and the table is still played. */
static bool read_external(tl_canvas *c, jr *r, const char *source, tl_desc *d, char *dir, size_t dircap)
{
    char path[SL_PATH_MAX];
    sl_path_join(c->base_dir, source, path, sizeof path);
    sl_diag own;
    sl_diag_init(&own);
    size_t len = 0;
    char *text = io_read(path, &len, dir, dircap, &own);
    bool ok = text != NULL;
    size_t sl = strlen(source);
    if (ok && sl >= 4 && strcmp(source + sl - 4, ".tsx") == 0) {
        ok = tl_read_tsx(text, len, path, d, &own);
    } else if (ok) {
        jr er;
        jr_init(&er, path, text, len, &own);
        json_t *root = jr_parse(&er);
        if (root && !json_is_object(root))
            jr_error(&er, "a Tiled tileset must be a JSON object, not %s", jr_type_name(root));
        if (root && json_is_object(root))
            json_desc(&er, root, d);
        ok = root && own.nerrors == 0;
        if (root)
            json_decref(root);
    }
    free(text);
    for (int i = 0; i < own.n; i++) {
        const sl_diag_msg *m = &own.msgs[i];
        sl_diag_add(r->d, SL_DIAG_WARNING, m->file, m->line, m->col, 0, m->field, "%s", m->text);
    }
    sl_diag_free(&own);
    if (!ok)
        jr_warn(r, "tileset '%s' could not be read; its tiles are not drawn", path);
    return ok;
}

/* False only when the set has no usable firstgid; a set whose pictures
 * cannot be had is kept, so its tiles are known and left out quietly. */
static bool read_set(tl_canvas *c, jr *r, json_t *o, tl_set *set)
{
    memset(set, 0, sizeof *set);
    if (!json_is_object(o)) {
        jr_error(r, "a tileset must be an object, not %s", jr_type_name(o));
        return false;
    }
    if (!jr_int(r, o, "firstgid", true, &set->firstgid))
        return false;
    if (set->firstgid < 1 || set->firstgid > (long)TL_GID_MASK) {
        size_t k = jr_push_key(r, "firstgid");
        jr_error(r, "firstgid must be 1 or more, not %ld", set->firstgid);
        jr_pop(r, k);
        return false;
    }
    char dir[SL_PATH_MAX];
    snprintf(dir, sizeof dir, "%s", c->base_dir);
    const char *source = NULL;
    if (json_object_get(o, "source") && jr_str(r, o, "source", false, &source)) {
        size_t k = jr_push_key(r, "source");
        bool ok = read_external(c, r, source, &set->desc, dir, sizeof dir);
        jr_pop(r, k);
        if (!ok)
            return true; /* kept without pictures: its tiles are left out quietly */
    } else {
        int before = r->d->nerrors;
        json_desc(r, o, &set->desc);
        if (r->d->nerrors > before)
            return true;
    }
    tl_desc *d = &set->desc;
    if (d->tilew <= 0 || d->tileh <= 0 || d->tilew > 65536 || d->tileh > 65536 || d->margin < 0 ||
        d->spacing < 0 || d->margin > 65536 || d->spacing > 65536 || d->columns < 0 || d->columns > 65536) {
        jr_warn(r, "tileset '%s' has tiles of %ld x %ld px (margin %ld, spacing %ld); its tiles are not drawn",
                d->name, d->tilew, d->tileh, d->margin, d->spacing);
        return true;
    }
    if (!c->images)
        return true;
    if (d->image[0]) {
        load_picture(c, r, dir, d->image, d->trans, &set->img);
        if (set->img.rgba && d->columns <= 0)
            d->columns = (set->img.w - 2 * d->margin + d->spacing) / (d->tilew + d->spacing);
    } else if (d->ntiles > 0) {
        set->tiles = calloc((size_t)d->ntiles, sizeof *set->tiles);
        for (int i = 0; set->tiles && i < d->ntiles; i++) {
            set->tiles[i].id = d->tiles[i].id;
            load_picture(c, r, dir, d->tiles[i].image, d->trans, &set->tiles[i].img);
        }
        set->ntiles = set->tiles ? d->ntiles : 0;
    }
    return true;
}

static int by_firstgid(const void *a, const void *b)
{
    long x = ((const tl_set *)a)->firstgid, y = ((const tl_set *)b)->firstgid;
    return (x > y) - (x < y);
}

bool tl_open(tl_canvas *c, jr *r, json_t *root, const char *base_dir, bool images, long cols, long rows,
             long tw, long th)
{
    memset(c, 0, sizeof *c);
    c->cols = cols;
    c->rows = rows;
    c->tw = tw;
    c->th = th;
    c->base_dir = base_dir;
    c->images = images;
    c->render_order = "right-down";
    const char *ro = NULL;
    if (json_object_get(root, "renderorder") && jr_str(r, root, "renderorder", false, &ro))
        c->render_order = ro;
    double mw = (double)cols * (double)tw, mh = (double)rows * (double)th;
    c->scale = fmin(1.0, fmin(TL_MAX_SIDE / mw, TL_MAX_SIDE / mh));
    c->w = (int)fmax(1.0, floor(mw * c->scale));
    c->h = (int)fmax(1.0, floor(mh * c->scale));
    if (images) {
        c->rgba = calloc((size_t)c->w * (size_t)c->h, 4);
        if (!c->rgba) {
            jr_error(r, "out of memory for a %d x %d px mat", c->w, c->h);
            return false;
        }
    }
    json_t *sets = json_object_get(root, "tilesets");
    if (!json_is_array(sets))
        return true;
    size_t n = json_array_size(sets);
    c->sets = calloc(n ? n : 1, sizeof *c->sets);
    if (!c->sets) {
        jr_error(r, "out of memory");
        free(c->rgba);
        c->rgba = NULL;
        return false;
    }
    size_t k = jr_push_key(r, "tilesets"), i;
    json_t *o;
    json_array_foreach(sets, i, o) {
        size_t k2 = jr_push_index(r, i);
        if (read_set(c, r, o, &c->sets[c->nsets]))
            c->nsets++;
        else
            tl_desc_free(&c->sets[c->nsets].desc);
        jr_pop(r, k2);
    }
    jr_pop(r, k);
    qsort(c->sets, (size_t)c->nsets, sizeof *c->sets, by_firstgid);
    return true;
}

static bool has_tiles(json_t *layers, int depth)
{
    size_t i;
    json_t *l;
    if (depth > 32 || !json_is_array(layers))
        return false;
    json_array_foreach(layers, i, l) {
        json_t *vis = json_object_get(l, "visible");
        if (json_is_false(vis))
            continue;
        const char *type = json_string_value(json_object_get(l, "type"));
        if (type && strcmp(type, "tilelayer") == 0)
            return true;
        if (type && strcmp(type, "group") == 0 && has_tiles(json_object_get(l, "layers"), depth + 1))
            return true;
    }
    return false;
}

bool tl_has_tile_layers(json_t *layers) { return has_tiles(layers, 0); }

/* --- painting ------------------------------------------------------------------ */

tl_paint tl_paint_of(jr *r, json_t *layer, const tl_paint *outer)
{
    tl_paint p = *outer;
    double op = 1.0;
    if (json_object_get(layer, "opacity") && jr_num(r, layer, "opacity", false, &op))
        p.opacity *= fmin(1.0, fmax(0.0, op));
    const char *tint = NULL;
    if (json_object_get(layer, "tintcolor") && jr_str(r, layer, "tintcolor", false, &tint)) {
        const char *s = tint[0] == '#' ? tint + 1 : tint;
        unsigned char rgb[3], a = 255;
        bool ok;
        if (strlen(s) == 8) {
            unsigned av;
            ok = sscanf(s, "%2x", &av) == 1 && hex_colour(s + 2, rgb);
            a = (unsigned char)av;
        } else {
            ok = hex_colour(s, rgb);
        }
        if (ok) {
            for (int i = 0; i < 3; i++)
                p.tint[i] *= rgb[i] / 255.0;
            p.tint[3] *= a / 255.0;
        } else {
            size_t k = jr_push_key(r, "tintcolor");
            jr_warn(r, "tintcolor '%s' is not #RRGGBB or #AARRGGBB; the layer is drawn untinted", tint);
            jr_pop(r, k);
        }
    }
    return p;
}

typedef struct src_rect {
    const sl_image *img;
    int x, y, w, h;
} src_rect;

/* Draw a source rectangle over the map-pixel rectangle (x0, y0, dw, dh),
 * flipped as Tiled flips: the diagonal swap first, then horizontal and
 * vertical. */
static void blit(tl_canvas *c, const src_rect *s, double x0, double y0, double dw, double dh, uint32_t flags,
                 const tl_paint *p)
{
    double k = c->scale;
    /* Clamped before they become ints: an offset may be anything. */
    int cx0 = (int)fmin(c->w, fmax(0, floor(x0 * k))), cy0 = (int)fmin(c->h, fmax(0, floor(y0 * k)));
    int cx1 = (int)fmax(0, fmin(c->w, ceil((x0 + dw) * k))), cy1 = (int)fmax(0, fmin(c->h, ceil((y0 + dh) * k)));
    bool diag = flags & TL_FLIP_D;
    int DW = diag ? s->h : s->w, DH = diag ? s->w : s->h;
    double am = p->opacity * p->tint[3];
    for (int cy = cy0; cy < cy1; cy++) {
        double fy = ((cy + 0.5) / k - y0) / dh;
        if (fy < 0 || fy >= 1)
            continue;
        int v = (int)(fy * DH);
        if (flags & TL_FLIP_V)
            v = DH - 1 - v;
        unsigned char *row = c->rgba + ((size_t)cy * (size_t)c->w) * 4;
        for (int cx = cx0; cx < cx1; cx++) {
            double fx = ((cx + 0.5) / k - x0) / dw;
            if (fx < 0 || fx >= 1)
                continue;
            int u = (int)(fx * DW);
            if (flags & TL_FLIP_H)
                u = DW - 1 - u;
            int su = diag ? v : u, sv = diag ? u : v;
            const unsigned char *sp = s->img->rgba + (((size_t)(s->y + sv) * (size_t)s->img->w) + (size_t)(s->x + su)) * 4;
            double sa = sp[3] / 255.0 * am;
            if (sa <= 0)
                continue;
            unsigned char *dp = row + (size_t)cx * 4;
            double da = dp[3] / 255.0, oa = sa + da * (1 - sa);
            for (int i = 0; i < 3; i++) {
                double sc = sp[i] * p->tint[i];
                dp[i] = (unsigned char)lround((sc * sa + dp[i] * da * (1 - sa)) / oa);
            }
            dp[3] = (unsigned char)lround(oa * 255.0);
        }
    }
}

static const tl_set *set_of(const tl_canvas *c, uint32_t gid)
{
    const tl_set *found = NULL;
    for (int i = 0; i < c->nsets; i++)
        if (c->sets[i].firstgid <= (long)gid)
            found = &c->sets[i];
    return found;
}

/* The picture of one tile, or false (and a warning once) when the map
 * names a tile no tileset has. */
static bool tile_source(tl_canvas *c, jr *r, uint32_t gid, const tl_set **out_set, src_rect *out)
{
    const tl_set *set = set_of(c, gid);
    long local = set ? (long)gid - set->firstgid : -1;
    const tl_desc *d = set ? &set->desc : NULL;
    bool known = false;
    if (set && set->img.rgba && d->columns > 0 && (d->count <= 0 || local < d->count)) {
        long col = local % d->columns, row = local / d->columns;
        long sx = d->margin + col * (d->tilew + d->spacing), sy = d->margin + row * (d->tileh + d->spacing);
        known = sx + d->tilew <= set->img.w && sy + d->tileh <= set->img.h;
        *out = (src_rect){&set->img, (int)(known ? sx : 0), (int)(known ? sy : 0), (int)d->tilew, (int)d->tileh};
    } else if (set) {
        for (int i = 0; i < set->ntiles; i++)
            if (set->tiles[i].id == local && set->tiles[i].img.rgba) {
                *out = (src_rect){&set->tiles[i].img, 0, 0, set->tiles[i].img.w, set->tiles[i].img.h};
                known = true;
            }
    }
    bool missing_pictures = set && !set->img.rgba && set->ntiles == 0;
    if (!known && !missing_pictures && !c->warned_gid) {
        jr_warn(r, "tile %u is in no tileset (or past its set's last tile); such tiles are left out", gid);
        c->warned_gid = true;
    }
    *out_set = set;
    return known;
}

static void draw_cell(tl_canvas *c, jr *r, uint32_t raw, long col, long row, double ox, double oy,
                      const tl_paint *p)
{
    uint32_t gid = raw & TL_GID_MASK;
    if (!gid)
        return;
    const tl_set *set;
    src_rect s;
    if (!tile_source(c, r, gid, &set, &s))
        return;
    bool diag = raw & TL_FLIP_D;
    double dw = diag ? s.h : s.w, dh = diag ? s.w : s.h;
    if (set->desc.grid_size) {
        dw = (double)c->tw;
        dh = (double)c->th;
    }
    /* Tiled puts a tile's bottom-left corner on its cell's. */
    double x0 = ox + (double)col * c->tw + set->desc.offx;
    double y0 = oy + (double)(row + 1) * c->th - dh + set->desc.offy;
    blit(c, &s, x0, y0, dw, dh, raw, p);
    c->drawn++;
}

/* --- layer data ---------------------------------------------------------------- */

static int b64(char ch)
{
    if (ch >= 'A' && ch <= 'Z') return ch - 'A';
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') return ch - '0' + 52;
    if (ch == '+') return 62;
    if (ch == '/') return 63;
    return -1;
}

/* Base64 to bytes (whitespace skipped); NULL on a character outside it. */
static unsigned char *unbase64(const char *s, size_t *out_len)
{
    size_t n = strlen(s), o = 0;
    unsigned char *buf = malloc(n / 4 * 3 + 3);
    if (!buf)
        return NULL;
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t')
            continue;
        if (ch == '=')
            break;
        int v = b64(ch);
        if (v < 0) {
            free(buf);
            return NULL;
        }
        acc = (acc << 6) | (unsigned)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            buf[o++] = (unsigned char)(acc >> bits);
        }
    }
    *out_len = o;
    return buf;
}

/* gzip's header before the deflate stream (RFC 1952); 0 if not gzip. */
static size_t gzip_header(const unsigned char *b, size_t n)
{
    if (n < 18 || b[0] != 0x1f || b[1] != 0x8b || b[2] != 8)
        return 0;
    unsigned flg = b[3];
    size_t at = 10;
    if (flg & 4) {
        if (at + 2 > n)
            return 0;
        at += 2 + (size_t)(b[at] | b[at + 1] << 8);
    }
    for (unsigned f = 8; f <= 16; f <<= 1)
        if (flg & f) {
            while (at < n && b[at])
                at++;
            at++;
        }
    if (flg & 2)
        at += 2;
    return at < n ? at : 0;
}

static bool decode_string(tl_canvas *c, jr *r, json_t *layer, const char *text, uint32_t *gids, size_t n)
{
    (void)c;
    const char *enc = "", *comp = "";
    if (json_object_get(layer, "encoding"))
        jr_str(r, layer, "encoding", false, &enc);
    if (json_object_get(layer, "compression"))
        jr_str(r, layer, "compression", false, &comp);
    if (strcmp(enc, "base64") != 0) {
        size_t k = jr_push_key(r, "encoding");
        jr_error(r, "a tile layer's data is a string, so its encoding must be base64, not '%s'", enc);
        jr_pop(r, k);
        return false;
    }
    if (strcmp(comp, "zstd") == 0) {
        size_t k = jr_push_key(r, "compression");
        jr_warn(r, "zstd-compressed tile layers cannot be read; in Tiled's map properties choose zlib, gzip "
                   "or CSV as the tile layer format. This layer is not drawn");
        jr_pop(r, k);
        return false;
    }
    size_t blen = 0;
    unsigned char *bytes = unbase64(text, &blen);
    size_t k = jr_push_key(r, "data");
    if (!bytes) {
        jr_error(r, "the layer's data is not base64");
        jr_pop(r, k);
        return false;
    }
    unsigned char *raw = bytes;
    size_t rlen = blen, want = n * 4;
    unsigned char *out = NULL;
    if (comp[0]) {
        out = malloc(want + 1);
        int got = -1;
        size_t gz = strcmp(comp, "gzip") == 0 ? gzip_header(bytes, blen) : 0;
        if (!out)
            got = -1;
        else if (strcmp(comp, "zlib") == 0 && blen <= (size_t)INT32_MAX)
            got = stbi_zlib_decode_buffer((char *)out, (int)(want + 1), (const char *)bytes, (int)blen);
        else if (gz && blen - gz <= (size_t)INT32_MAX)
            got = stbi_zlib_decode_noheader_buffer((char *)out, (int)(want + 1), (const char *)bytes + gz,
                                                   (int)(blen - gz));
        raw = out;
        rlen = got < 0 ? 0 : (size_t)got;
        if (got < 0 || (!gz && strcmp(comp, "zlib") != 0)) {
            jr_error(r, "the layer's data cannot be unpacked (compression '%s'%s)", comp,
                     strcmp(comp, "zlib") && strcmp(comp, "gzip") ? ": sightline reads zlib and gzip" : "");
            free(out);
            free(bytes);
            jr_pop(r, k);
            return false;
        }
    }
    bool ok = rlen == want;
    if (!ok)
        jr_error(r, "the layer's data holds %zu tiles; its width x height is %zu", rlen / 4, n);
    for (size_t i = 0; ok && i < n; i++)
        gids[i] = (uint32_t)raw[4 * i] | (uint32_t)raw[4 * i + 1] << 8 | (uint32_t)raw[4 * i + 2] << 16 |
                  (uint32_t)raw[4 * i + 3] << 24;
    free(out);
    free(bytes);
    jr_pop(r, k);
    return ok;
}

static bool decode_array(jr *r, json_t *data, uint32_t *gids, size_t n)
{
    size_t k = jr_push_key(r, "data");
    bool ok = json_array_size(data) == n;
    if (!ok)
        jr_error(r, "the layer's data holds %zu tiles; its width x height is %zu", json_array_size(data), n);
    for (size_t i = 0; ok && i < n; i++) {
        json_t *v = json_array_get(data, i);
        json_int_t g = json_is_integer(v) ? json_integer_value(v) : -1;
        if (g < 0 || g > 0xffffffffLL) {
            size_t k2 = jr_push_index(r, i);
            jr_error(r, "a tile must be a whole number from 0 to 4294967295, not %s", jr_type_name(v));
            jr_pop(r, k2);
            ok = false;
        }
        gids[i] = (uint32_t)g;
    }
    jr_pop(r, k);
    return ok;
}

void tl_tile_layer(tl_canvas *c, jr *r, json_t *layer, double ox, double oy, const tl_paint *p)
{
    long w = 0, h = 0;
    bool ok = jr_int(r, layer, "width", true, &w);
    ok = jr_int(r, layer, "height", true, &h) && ok;
    if (!ok)
        return;
    if (w <= 0 || h <= 0 || w * h > TL_MAX_CELLS) {
        jr_error(r, "a tile layer of %ld x %ld tiles cannot be drawn (at most %ld tiles)", w, h, TL_MAX_CELLS);
        return;
    }
    if (json_object_get(layer, "chunks")) {
        jr_error(r, "this tile layer is in chunks, as infinite maps keep them; untick Infinite in the map's "
                    "properties");
        return;
    }
    json_t *data = json_object_get(layer, "data");
    if (!json_is_array(data) && !json_is_string(data)) {
        jr_error(r, "a tile layer needs its 'data': an array of tiles or a base64 string");
        return;
    }
    size_t n = (size_t)w * (size_t)h;
    uint32_t *gids = malloc(n * sizeof *gids);
    if (!gids) {
        jr_error(r, "out of memory");
        return;
    }
    if (json_is_array(data))
        ok = decode_array(r, data, gids, n);
    else
        ok = decode_string(c, r, layer, json_string_value(data), gids, n);
    if (ok && c->rgba && p->opacity > 0) {
        bool up = strstr(c->render_order, "up") != NULL, left = strncmp(c->render_order, "left", 4) == 0;
        for (long yy = 0; yy < h; yy++) {
            long y = up ? h - 1 - yy : yy;
            for (long xx = 0; xx < w; xx++) {
                long x = left ? w - 1 - xx : xx;
                draw_cell(c, r, gids[(size_t)y * (size_t)w + (size_t)x], x, y, ox, oy, p);
            }
        }
    }
    free(gids);
}

void tl_image_layer(tl_canvas *c, jr *r, json_t *layer, double ox, double oy, const tl_paint *p)
{
    const char *image = NULL;
    if (!jr_str(r, layer, "image", false, &image) || !image[0] || !c->rgba)
        return;
    const char *trans = NULL;
    if (json_object_get(layer, "transparentcolor"))
        jr_str(r, layer, "transparentcolor", false, &trans);
    sl_image img;
    memset(&img, 0, sizeof img);
    size_t k = jr_push_key(r, "image");
    load_picture(c, r, c->base_dir, image, trans, &img);
    jr_pop(r, k);
    if (!img.rgba)
        return;
    bool rx = false, ry = false;
    if (json_object_get(layer, "repeatx"))
        jr_bool(r, layer, "repeatx", false, &rx);
    if (json_object_get(layer, "repeaty"))
        jr_bool(r, layer, "repeaty", false, &ry);
    double mw = (double)c->cols * c->tw, mh = (double)c->rows * c->th;
    src_rect s = {&img, 0, 0, img.w, img.h};
    double x0 = ox, y0 = oy;
    if (rx)
        x0 = fmod(ox, img.w) - (ox > 0 ? img.w : 0);
    if (ry)
        y0 = fmod(oy, img.h) - (oy > 0 ? img.h : 0);
    for (double y = y0; y < mh && (ry || y == y0); y += img.h)
        for (double x = x0; x < mw && (rx || x == x0); x += img.w)
            blit(c, &s, x, y, img.w, img.h, 0, p);
    sl_image_free(&img);
}

void tl_close(tl_canvas *c, unsigned char **rgba, int *w, int *h)
{
    *rgba = c->rgba;
    *w = c->w;
    *h = c->h;
    c->rgba = NULL;
    for (int i = 0; i < c->nsets; i++) {
        tl_set *s = &c->sets[i];
        sl_image_free(&s->img);
        for (int t = 0; t < s->ntiles; t++)
            sl_image_free(&s->tiles[t].img);
        free(s->tiles);
        tl_desc_free(&s->desc);
    }
    free(c->sets);
    c->sets = NULL;
    c->nsets = 0;
}
