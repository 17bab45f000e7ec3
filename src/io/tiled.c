/* Tiled JSON maps (.tmj) as sightline tables.
 *
 * One tile is one inch by convention, but the scale is the map property
 * px_per_inch. The first visible image layer is the mat; a map with tile
 * layers has its tile and image layers painted into the mat instead, as
 * Tiled stacks them (tiles.c). Objects of the
 * object layer named "terrain" are terrain features, their kind taken from
 * the object's type (Tiled 1.10+, and before 1.9) or class (Tiled 1.9).
 * Layers inside group layers are found too, with their offsets applied.
 * See maps/FORMATS.md for every field.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jsonread.h"
#include "tiles.h"
#include "sightline/io.h"
#include "sightline/game.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MAX_OBJECT_POINTS 4096

typedef struct tload {
    jr r;
    const sl_load_opts *opts;
    const char *base_dir;
    sl_map *map;
    double ppi;
    bool have_mat;
    bool saw_terrain;
    tl_canvas *tiles; /* set when the map has tile layers: layers are painted into the mat */
    sl_pt *pts;      /* scratch for one object's outline */
} tload;

static bool parse_colour(const char *s, uint8_t *r, uint8_t *g, uint8_t *b)
{
    if (!s || s[0] != '#')
        return false;
    size_t n = strlen(s + 1);
    if (n != 6 && n != 8)
        return false;
    for (size_t i = 1; i <= n; i++) {
        char c = s[i];
        bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex)
            return false;
    }
    unsigned long v = strtoul(s + 1 + (n == 8 ? 2 : 0), NULL, 16);
    *r = (uint8_t)(v >> 16);
    *g = (uint8_t)(v >> 8);
    *b = (uint8_t)v;
    return true;
}

/* --- properties ----------------------------------------------------------- */

/* Tiled writes properties as a list of {name, type, value}; maps saved by
 * Tiled before 1.2 used an object of name -> value (values as text).
 * `each` is called with the property's name and value for either form,
 * with the reader's path pointing at the value. */
typedef void (*prop_fn)(tload *t, const char *name, json_t *value, void *ctx);

static void each_property(tload *t, json_t *owner, prop_fn fn, void *ctx)
{
    json_t *props = json_object_get(owner, "properties");
    if (!props)
        return;
    size_t s0 = jr_push_key(&t->r, "properties");
    if (json_is_array(props)) {
        size_t i;
        json_t *p;
        json_array_foreach(props, i, p) {
            size_t s1 = jr_push_index(&t->r, i);
            const char *name = NULL;
            json_t *value = json_object_get(p, "value");
            if (!json_is_object(p) || !jr_str(&t->r, p, "name", true, &name)) {
                if (!json_is_object(p))
                    jr_error(&t->r, "a property must be an object with name, type and value");
                jr_pop(&t->r, s1);
                continue;
            }
            if (!value) {
                jr_error(&t->r, "property '%s' has no value", name);
                jr_pop(&t->r, s1);
                continue;
            }
            size_t s2 = jr_push_key(&t->r, "value");
            fn(t, name, value, ctx);
            jr_pop(&t->r, s2);
            jr_pop(&t->r, s1);
        }
    } else if (json_is_object(props)) {
        const char *name;
        json_t *value;
        json_object_foreach(props, name, value) {
            size_t s1 = jr_push_key(&t->r, name);
            fn(t, name, value, ctx);
            jr_pop(&t->r, s1);
        }
    } else {
        jr_error(&t->r, "properties must be a list, not %s", jr_type_name(props));
    }
    jr_pop(&t->r, s0);
}

/* A property value as a number: a JSON number, or text holding one (the
 * old object form stores every value as text). */
static bool prop_number(tload *t, const char *name, json_t *v, double *out)
{
    if (json_is_number(v)) {
        *out = json_number_value(v);
        if (isfinite(*out))
            return true;
    } else if (json_is_string(v)) {
        char *end = NULL;
        const char *s = json_string_value(v);
        double x = strtod(s, &end);
        if (end != s && *end == '\0' && isfinite(x)) {
            *out = x;
            return true;
        }
    }
    jr_error(&t->r, "property '%s' must be a number, not %s", name, jr_type_name(v));
    return false;
}

static bool prop_bool(tload *t, const char *name, json_t *v, bool *out)
{
    if (json_is_boolean(v)) {
        *out = json_is_true(v);
        return true;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        if (strcmp(s, "true") == 0 || strcmp(s, "false") == 0) {
            *out = s[0] == 't';
            return true;
        }
    }
    jr_error(&t->r, "property '%s' must be true or false, not %s", name, jr_type_name(v));
    return false;
}

static bool prop_word(tload *t, const char *name, json_t *v, const char **out)
{
    if (json_is_string(v)) {
        *out = json_string_value(v);
        return true;
    }
    jr_error(&t->r, "property '%s' must be text, not %s", name, jr_type_name(v));
    return false;
}

/* --- map properties --------------------------------------------------------- */

typedef struct map_props {
    double ppi;
    bool have_ppi;
    const char *name;
} map_props;

static void map_prop(tload *t, const char *name, json_t *v, void *ctx)
{
    map_props *mp = ctx;
    if (strcmp(name, "px_per_inch") == 0) {
        double x;
        if (prop_number(t, name, v, &x)) {
            if (x <= 0.0 || x > 10000.0)
                jr_error(&t->r, "px_per_inch must be above 0 and at most 10000, not %g", x);
            else {
                mp->ppi = x;
                mp->have_ppi = true;
            }
        }
    } else if (strcmp(name, "name") == 0 || strcmp(name, "title") == 0) {
        if (prop_word(t, name, v, &mp->name) && strlen(mp->name) >= sizeof ((sl_table *)0)->name) {
            jr_error(&t->r, "property '%s' is %zu bytes long (%zu characters); at most %zu bytes fit: shorten it", name,
                     strlen(mp->name), sl_utf8_chars(mp->name), sizeof ((sl_table *)0)->name - 1);
            mp->name = NULL;
        }
    }
    /* Other map properties belong to other tools; leave them be. */
}

/* --- objects ------------------------------------------------------------------ */

typedef struct obj_props {
    sl_feature *f;
    bool have_going, have_cover;
} obj_props;

/* A feature's own properties; the rules read theirs too (sl_rule_feature_keys). */
static const char *const feature_props[] = {
    "height", "difficult", "going", "cover", "thickness", "armour_class", "blocks_los", "name", "notes",
};

/* A set-up zone's properties: whose it is. */
static void zone_prop(tload *t, const char *name, json_t *v, void *ctx)
{
    sl_zone *z = ctx;
    const char *w;
    if (strcmp(name, "side") == 0) {
        if (prop_word(t, name, v, &w)) {
            if (strlen(w) >= sizeof z->side || !w[0])
                jr_error(&t->r, "side '%s' is not a side's id", w);
            else
                snprintf(z->side, sizeof z->side, "%s", w);
        }
    } else if (strcmp(name, "name") != 0 && strcmp(name, "notes") != 0) {
        jr_warn(&t->r, "unknown property '%s' of a set-up zone is ignored (it takes 'side')", name);
    }
}

static void object_prop(tload *t, const char *name, json_t *v, void *ctx)
{
    obj_props *op = ctx;
    sl_feature *f = op->f;
    double x;
    bool b;
    const char *w;
    if (strcmp(name, "height") == 0) {
        if (prop_number(t, name, v, &x)) {
            int32_t m;
            if (x < 0.0 || x > 1000.0 || !sl_inches_to_mils(x, &m))
                jr_error(&t->r, "height must be between 0 and 1000 inches, not %g", x);
            else
                f->height = m;
        }
    } else if (strcmp(name, "thickness") == 0) {
        if (prop_number(t, name, v, &x)) {
            int32_t m;
            if (x <= 0.0 || x > 100.0 || !sl_inches_to_mils(x, &m))
                jr_error(&t->r, "thickness must be above 0 and at most 100 inches, not %g", x);
            else
                f->thickness = m;
        }
    } else if (strcmp(name, "armour_class") == 0) {
        if (prop_number(t, name, v, &x)) {
            if (x != floor(x) || x < 0 || x > 5)
                jr_error(&t->r, "armour_class must be a whole number from 0 to 5, not %g", x);
            else
                f->armour_class = (int)x;
        }
    } else if (sl_rule_feature_key(name) >= 0) {
        /* a rule's own yes/no (artillery's "sealed"): its bit */
        uint32_t bit = 1u << sl_rule_feature_key(name);
        if (prop_bool(t, name, v, &b)) {
            f->rule_said |= bit;
            f->rule_yes = b ? f->rule_yes | bit : f->rule_yes & ~bit;
        }
    } else if (strcmp(name, "blocks_los") == 0) {
        if (prop_bool(t, name, v, &b))
            f->blocks_los = b;
    } else if (strcmp(name, "difficult") == 0) {
        if (prop_bool(t, name, v, &b) && !op->have_going)
            f->going = b ? SL_GOING_DIFFICULT : sl_terrain_kind_info(f->kind)->going;
    } else if (strcmp(name, "going") == 0) {
        if (prop_word(t, name, v, &w)) {
            static const char *const words[] = {"impassable", "clear", "poor", "difficult"};
            int k = -1;
            for (int i = 0; i < 4; i++)
                if (strcasecmp(w, words[i]) == 0)
                    k = i;
            if (k < 0)
                jr_error(&t->r, "going '%s' is not one of: clear, poor, difficult, impassable", w);
            else {
                f->going = (sl_going)k;
                op->have_going = true;
            }
        }
    } else if (strcmp(name, "cover") == 0) {
        if (prop_word(t, name, v, &w)) {
            if (strcasecmp(w, "none") == 0)
                f->cover = SL_COVER_NONE;
            else if (strcasecmp(w, "soft") == 0)
                f->cover = SL_COVER_SOFT;
            else if (strcasecmp(w, "hard") == 0)
                f->cover = SL_COVER_HARD;
            else
                jr_error(&t->r, "cover '%s' is not one of: none, soft, hard", w);
        }
    } else if (strcmp(name, "name") == 0 || strcmp(name, "notes") == 0) {
        /* free text for people */
    } else {
        const char *known[64];
        int n = (int)(sizeof feature_props / sizeof feature_props[0]);
        memcpy(known, feature_props, sizeof feature_props);
        n += sl_rule_feature_keys(known + n, 64 - n);
        const char *hint = sl_suggest(name, known, n);
        if (hint)
            jr_warn(&t->r, "unknown property '%s' is ignored (did you mean '%s'?)", name, hint);
        else
            jr_warn(&t->r, "unknown property '%s' is ignored", name);
    }
}

/* Table point from a Tiled pixel position. */
static bool to_table(tload *t, double px, double py, sl_pt *out)
{
    return sl_inches_to_mils(px / t->ppi, &out->x) && sl_inches_to_mils(py / t->ppi, &out->y);
}

/* Rotate (dx,dy) clockwise on screen (y down) by deg about (ox,oy). */
static void rotate(double ox, double oy, double dx, double dy, double deg, double *x, double *y)
{
    double a = deg * M_PI / 180.0, c = cos(a), s = sin(a);
    *x = ox + dx * c - dy * s;
    *y = oy + dx * s + dy * c;
}

/* Read a polygon or polyline point list relative to the origin. */
static int read_points(tload *t, json_t *list, const char *key, double ox, double oy, double rot)
{
    size_t s = jr_push_key(&t->r, key);
    size_t n = json_array_size(list);
    if (n > MAX_OBJECT_POINTS) {
        jr_error(&t->r, "%zu points is more than the %d allowed", n, MAX_OBJECT_POINTS);
        jr_pop(&t->r, s);
        return -1;
    }
    int out = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *p = json_array_get(list, i);
        size_t s1 = jr_push_index(&t->r, i);
        double px, py;
        if (!json_is_object(p)) {
            jr_error(&t->r, "a point must be an object with x and y, not %s", jr_type_name(p));
            jr_pop(&t->r, s1);
            jr_pop(&t->r, s);
            return -1;
        }
        bool ok = jr_num(&t->r, p, "x", true, &px);
        ok = jr_num(&t->r, p, "y", true, &py) && ok;
        if (!ok) {
            jr_pop(&t->r, s1);
            jr_pop(&t->r, s);
            return -1;
        }
        double x, y;
        rotate(ox, oy, px, py, rot, &x, &y);
        sl_pt q;
        if (!to_table(t, x, y, &q)) {
            jr_error(&t->r, "point (%g, %g) is too far from the table", px, py);
            jr_pop(&t->r, s1);
            jr_pop(&t->r, s);
            return -1;
        }
        /* Rounding to mils can merge neighbours; drop the repeats. */
        if (out > 0 && t->pts[out - 1].x == q.x && t->pts[out - 1].y == q.y) {
            jr_pop(&t->r, s1);
            continue;
        }
        t->pts[out++] = q;
        jr_pop(&t->r, s1);
    }
    jr_pop(&t->r, s);
    return out;
}

static void load_object(tload *t, json_t *o, double lox, double loy)
{
    if (!json_is_object(o)) {
        jr_error(&t->r, "an object must be a JSON object, not %s", jr_type_name(o));
        return;
    }
    long id = 0;
    const char *name = "", *type = NULL;
    jr_int(&t->r, o, "id", true, &id);
    t->r.object_id = (int)id;
    if (json_object_get(o, "name") && !jr_text(&t->r, o, "name", false, sizeof ((sl_feature *)0)->name - 1, &name))
        name = "";
    if (name[0]) {
        char shown[61];
        sl_utf8_copy(shown, sizeof shown, name);
        snprintf(t->r.prefix, sizeof t->r.prefix, "object %ld '%s': ", id, shown);
    } else
        snprintf(t->r.prefix, sizeof t->r.prefix, "object %ld: ", id);

    bool visible = true;
    if (json_object_get(o, "visible"))
        jr_bool(&t->r, o, "visible", false, &visible);
    if (!visible)
        goto done;
    if (json_object_get(o, "template")) {
        jr_error(&t->r, "uses an object template; sightline reads templates' objects only once "
                        "they are detached (Tiled: right-click > Detach)");
        goto done;
    }
    if (json_object_get(o, "gid")) {
        jr_warn(&t->r, "tile objects are not terrain and are ignored");
        goto done;
    }
    if (json_object_get(o, "text")) {
        jr_warn(&t->r, "text objects are not terrain and are ignored");
        goto done;
    }
    if (json_is_true(json_object_get(o, "point"))) {
        jr_warn(&t->r, "point objects are not terrain and are ignored");
        goto done;
    }
    /* Tiled 1.9 wrote "class"; 1.10 went back to "type". Read both. */
    const char *key = "type";
    json_t *tv = json_object_get(o, "type");
    if (!tv || (json_is_string(tv) && json_string_value(tv)[0] == '\0')) {
        json_t *cv = json_object_get(o, "class");
        if (cv) {
            tv = cv;
            key = "class";
        }
    }
    if (tv && !json_is_string(tv)) {
        size_t s = jr_push_key(&t->r, key);
        jr_error(&t->r, "%s must be a string, not %s", key, jr_type_name(tv));
        jr_pop(&t->r, s);
        goto done;
    }
    type = tv ? json_string_value(tv) : "";
    sl_terrain_kind kind = SL_TERRAIN_ROUGH;
    /* a set-up zone: its outline is read as a feature's, but it is no
     * terrain */
    bool zone = strcasecmp(type, "setup") == 0;
    bool route = strcasecmp(type, "route") == 0;
    if (route) {
        /* an ambush column's way: a polyline with the side that comes along it */
        double rx = 0, ry = 0, rrot = 0;
        bool rok = jr_num(&t->r, o, "x", true, &rx);
        rok = jr_num(&t->r, o, "y", true, &ry) && rok;
        if (json_object_get(o, "rotation"))
            rok = jr_num(&t->r, o, "rotation", false, &rrot) && rok;
        json_t *rl = json_object_get(o, "polyline");
        if (!rok)
            goto done;
        if (!json_is_array(rl)) {
            jr_error(&t->r, "a route is drawn as a polyline (Tiled's line tool), from where the column comes on");
            goto done;
        }
        int rn = read_points(t, rl, "polyline", rx + lox, ry + loy, rrot);
        if (rn < 0)
            goto done;
        if (rn < 2) {
            size_t q = jr_push_key(&t->r, "polyline");
            jr_error(&t->r, "a route needs at least 2 distinct points, this one has %d", rn);
            jr_pop(&t->r, q);
            goto done;
        }
        sl_zone z;
        memset(&z, 0, sizeof z);
        z.id = (int)id;
        snprintf(z.name, sizeof z.name, "%s", name[0] ? name : "route");
        each_property(t, o, zone_prop, &z);
        if (!z.side[0])
            jr_error(&t->r, "a route needs a property 'side': the id of the side whose column comes along it");
        else if (sl_table_add_route(&t->map->table, &z, t->pts, rn) < 0)
            jr_error(&t->r, "out of memory");
        goto done;
    }
    if (zone) {
        /* the shape is read below, as for terrain */
    } else if (!type[0]) {
        jr_error(&t->r, "has no terrain kind: set its Class (Type) to one of: %s", sl_terrain_kind_list());
        goto done;
    }
    if (!zone && !sl_terrain_kind_parse(type, &kind)) {
        size_t s = jr_push_key(&t->r, key);
        static const char *const kinds[] = {"woods", "building", "wall", "hedge", "hill", "road",
                                            "rough", "difficult", "water", "rubble", "smoke", "bunker"};
        const char *hint = sl_suggest(type, kinds, (int)(sizeof kinds / sizeof kinds[0]));
        if (hint)
            jr_error(&t->r, "'%s' is not a terrain kind (did you mean '%s'?); expected one of: %s", type,
                     hint, sl_terrain_kind_list());
        else
            jr_error(&t->r, "'%s' is not a terrain kind; expected one of: %s", type, sl_terrain_kind_list());
        jr_pop(&t->r, s);
        goto done;
    }

    double x = 0, y = 0, w = 0, h = 0, rot = 0;
    bool ok = jr_num(&t->r, o, "x", true, &x);
    ok = jr_num(&t->r, o, "y", true, &y) && ok;
    if (json_object_get(o, "width"))
        ok = jr_num(&t->r, o, "width", false, &w) && ok;
    if (json_object_get(o, "height"))
        ok = jr_num(&t->r, o, "height", false, &h) && ok;
    if (json_object_get(o, "rotation"))
        ok = jr_num(&t->r, o, "rotation", false, &rot) && ok;
    if (!ok)
        goto done;
    x += lox;
    y += loy;

    sl_feature f = sl_feature_defaults(kind);
    f.id = (int)id;
    if (name[0])
        snprintf(f.name, sizeof f.name, "%s", name);
    else
        snprintf(f.name, sizeof f.name, "%s %ld", sl_terrain_kind_info(kind)->label, id);

    int n = 0;
    json_t *poly = json_object_get(o, "polygon");
    json_t *line = json_object_get(o, "polyline");
    bool ellipse = json_is_true(json_object_get(o, "ellipse"));
    if (poly) {
        if (!json_is_array(poly)) {
            size_t s = jr_push_key(&t->r, "polygon");
            jr_error(&t->r, "polygon must be a list of points, not %s", jr_type_name(poly));
            jr_pop(&t->r, s);
            goto done;
        }
        f.shape = SL_SHAPE_POLYGON;
        n = read_points(t, poly, "polygon", x, y, rot);
        if (n < 0)
            goto done;
        if (n > 1 && t->pts[0].x == t->pts[n - 1].x && t->pts[0].y == t->pts[n - 1].y)
            n--; /* a closing point repeating the first */
        if (n < 3) {
            size_t s = jr_push_key(&t->r, "polygon");
            jr_error(&t->r, "a polygon needs at least 3 distinct points, this one has %d", n);
            jr_pop(&t->r, s);
            goto done;
        }
        int bad = -1;
        if (!sl_poly_is_simple(t->pts, n, &bad)) {
            size_t s = jr_push_key(&t->r, "polygon");
            if (bad < 0)
                jr_error(&t->r, "the polygon has no area (its points lie on one line)");
            else
                jr_error(&t->r, "the polygon crosses itself: its edge from point %d to point %d "
                                "crosses or doubles back over another edge",
                         bad, (bad + 1) % n);
            jr_pop(&t->r, s);
            goto done;
        }
    } else if (line) {
        if (!json_is_array(line)) {
            size_t s = jr_push_key(&t->r, "polyline");
            jr_error(&t->r, "polyline must be a list of points, not %s", jr_type_name(line));
            jr_pop(&t->r, s);
            goto done;
        }
        if (zone || (kind != SL_TERRAIN_WALL && kind != SL_TERRAIN_HEDGE)) {
            size_t s = jr_push_key(&t->r, "polyline");
            jr_error(&t->r, "only walls and hedges may be drawn as lines; draw this %s as a polygon, "
                            "rectangle or ellipse",
                     sl_terrain_kind_info(kind)->name);
            jr_pop(&t->r, s);
            goto done;
        }
        f.shape = SL_SHAPE_POLYLINE;
        n = read_points(t, line, "polyline", x, y, rot);
        if (n < 0)
            goto done;
        if (n < 2) {
            size_t s = jr_push_key(&t->r, "polyline");
            jr_error(&t->r, "a line needs at least 2 distinct points, this one has %d", n);
            jr_pop(&t->r, s);
            goto done;
        }
    } else {
        if (w <= 0.0 || h <= 0.0) {
            jr_error(&t->r, "a %s must have a width and height above zero (it is %g x %g px)",
                     ellipse ? "ellipse" : "rectangle", w, h);
            goto done;
        }
        double pxs[SL_ELLIPSE_SEGMENTS][2];
        int k = 0;
        if (ellipse) {
            f.shape = SL_SHAPE_ELLIPSE;
            for (k = 0; k < SL_ELLIPSE_SEGMENTS; k++) {
                double a = 2.0 * M_PI * k / SL_ELLIPSE_SEGMENTS;
                pxs[k][0] = w / 2 + w / 2 * cos(a);
                pxs[k][1] = h / 2 + h / 2 * sin(a);
            }
        } else {
            f.shape = SL_SHAPE_RECT;
            double c[4][2] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
            for (k = 0; k < 4; k++) {
                pxs[k][0] = c[k][0];
                pxs[k][1] = c[k][1];
            }
        }
        for (int i = 0; i < k; i++) {
            double px, py;
            rotate(x, y, pxs[i][0], pxs[i][1], rot, &px, &py);
            sl_pt q;
            if (!to_table(t, px, py, &q)) {
                jr_error(&t->r, "the shape lies too far from the table");
                goto done;
            }
            if (n > 0 && t->pts[n - 1].x == q.x && t->pts[n - 1].y == q.y)
                continue;
            t->pts[n++] = q;
        }
        if (n > 1 && t->pts[0].x == t->pts[n - 1].x && t->pts[0].y == t->pts[n - 1].y)
            n--;
        if (n < 3 || sl_poly_area2(t->pts, n) == 0) {
            jr_error(&t->r, "the shape is too small to hold any area at this scale (%g x %g px)", w, h);
            goto done;
        }
        double cx, cy;
        rotate(x, y, w / 2, h / 2, rot, &cx, &cy);
        f.ex = cx / t->ppi;
        f.ey = cy / t->ppi;
        f.erx = w / 2 / t->ppi;
        f.ery = h / 2 / t->ppi;
        f.erot_deg = rot;
    }

    if (zone) {
        sl_zone z;
        memset(&z, 0, sizeof z);
        z.id = (int)id;
        snprintf(z.name, sizeof z.name, "%s", name[0] ? name : "set-up zone");
        each_property(t, o, zone_prop, &z);
        if (!z.side[0])
            jr_error(&t->r, "a set-up zone needs a property 'side': the id of the side that sets up in it");
        else if (sl_table_add_zone(&t->map->table, &z, t->pts, n) < 0)
            jr_error(&t->r, "out of memory");
        goto done;
    }
    obj_props op = {&f, false, false};
    int errors_before = t->r.d ? t->r.d->nerrors : 0;
    each_property(t, o, object_prop, &op);
    if (t->r.d && t->r.d->nerrors > errors_before)
        goto done;

    {
        sl_pt lo, hi;
        sl_poly_bounds(t->pts, n, &lo, &hi);
        const sl_table *tab = &t->map->table;
        if (hi.x < 0 || hi.y < 0 || lo.x > tab->width || lo.y > tab->height)
            jr_warn(&t->r, "lies wholly off the %.0f\" x %.0f\" table", tab->width / 1000.0,
                    tab->height / 1000.0);
    }
    if (sl_table_find_feature(&t->map->table, f.id) >= 0) {
        size_t s = jr_push_key(&t->r, "id");
        jr_error(&t->r, "object id %d is used twice", f.id);
        jr_pop(&t->r, s);
        goto done;
    }
    if (sl_table_add_feature(&t->map->table, &f, t->pts, n) < 0)
        jr_error(&t->r, "out of memory");
done:
    t->r.object_id = 0;
    t->r.prefix[0] = '\0';
}

static void load_image_layer(tload *t, json_t *layer, double ox, double oy)
{
    const char *image = NULL;
    if (!jr_str(&t->r, layer, "image", false, &image) || !image[0])
        return;
    if (t->have_mat) {
        jr_warn(&t->r, "only the first image layer is used as the mat; this one is ignored");
        return;
    }
    t->have_mat = true;
    sl_mat *mat = &t->map->mat;
    sl_path_join(t->base_dir, image, mat->path, sizeof mat->path);
    double iw = 0, ih = 0;
    if (json_object_get(layer, "imagewidth"))
        jr_num(&t->r, layer, "imagewidth", false, &iw);
    if (json_object_get(layer, "imageheight"))
        jr_num(&t->r, layer, "imageheight", false, &ih);
    bool stretch = false;
    json_t *props = json_object_get(layer, "properties");
    if (json_is_array(props)) {
        size_t i;
        json_t *p;
        json_array_foreach(props, i, p) {
            const char *pn = json_string_value(json_object_get(p, "name"));
            if (pn && strcmp(pn, "stretch_to_table") == 0)
                stretch = json_is_true(json_object_get(p, "value"));
        }
    }
    if (t->opts && t->opts->load_images) {
        char err[256];
        size_t s = jr_push_key(&t->r, "image");
        if (!sl_image_load(mat->path, &mat->image, err, sizeof err))
            jr_warn(&t->r, "mat image '%s' could not be loaded (%s); the table is drawn in plain colour",
                    mat->path, err);
        jr_pop(&t->r, s);
        if (mat->image.rgba) {
            iw = mat->image.w;
            ih = mat->image.h;
        }
    }
    mat->x = ox / t->ppi;
    mat->y = oy / t->ppi;
    if (stretch || iw <= 0 || ih <= 0) {
        mat->x = mat->y = 0;
        mat->w = t->map->table.width / 1000.0;
        mat->h = t->map->table.height / 1000.0;
    } else {
        mat->w = iw / t->ppi;
        mat->h = ih / t->ppi;
    }
}

/* The painted tile and image layers become the mat, over the whole table. */
static void take_tiles(tload *t, tl_canvas *c)
{
    sl_mat *mat = &t->map->mat;
    unsigned char *rgba;
    int w, h;
    tl_close(c, &rgba, &w, &h);
    t->tiles = NULL;
    t->have_mat = true;
    if (!rgba)
        return;
    /* sl_image_free hands it to stbi_image_free, which is free(). */
    mat->image.rgba = rgba;
    mat->image.w = w;
    mat->image.h = h;
    snprintf(mat->path, sizeof mat->path, "%s", t->r.file);
    mat->x = mat->y = 0;
    mat->w = t->map->table.width / 1000.0;
    mat->h = t->map->table.height / 1000.0;
}

static void load_layers(tload *t, json_t *layers, double ox, double oy, const tl_paint *outer, int depth)
{
    if (depth > 32) {
        jr_error(&t->r, "group layers are nested too deep");
        return;
    }
    size_t i;
    json_t *layer;
    json_array_foreach(layers, i, layer) {
        size_t s = jr_push_index(&t->r, i);
        if (!json_is_object(layer)) {
            jr_error(&t->r, "a layer must be an object, not %s", jr_type_name(layer));
            jr_pop(&t->r, s);
            continue;
        }
        const char *type = "", *name = "";
        jr_str(&t->r, layer, "type", true, &type);
        if (json_object_get(layer, "name"))
            jr_str(&t->r, layer, "name", false, &name);
        bool visible = true;
        if (json_object_get(layer, "visible"))
            jr_bool(&t->r, layer, "visible", false, &visible);
        double lx = 0, ly = 0;
        if (json_object_get(layer, "offsetx"))
            jr_num(&t->r, layer, "offsetx", false, &lx);
        if (json_object_get(layer, "offsety"))
            jr_num(&t->r, layer, "offsety", false, &ly);
        lx += ox;
        ly += oy;
        tl_paint paint = t->tiles ? tl_paint_of(&t->r, layer, outer) : *outer;
        if (strcmp(type, "group") == 0) {
            json_t *sub = jr_array(&t->r, layer, "layers", false);
            if (sub && visible) {
                size_t s2 = jr_push_key(&t->r, "layers");
                load_layers(t, sub, lx, ly, &paint, depth + 1);
                jr_pop(&t->r, s2);
            }
        } else if (strcmp(type, "imagelayer") == 0) {
            if (visible && t->tiles)
                tl_image_layer(t->tiles, &t->r, layer, lx, ly, &paint);
            else if (visible)
                load_image_layer(t, layer, lx, ly);
        } else if (strcmp(type, "objectgroup") == 0) {
            if (strcasecmp(name, "terrain") == 0) {
                if (t->saw_terrain)
                    jr_warn(&t->r, "a second layer named 'terrain' is read too");
                t->saw_terrain = true;
                json_t *objs = jr_array(&t->r, layer, "objects", true);
                if (objs) {
                    size_t s2 = jr_push_key(&t->r, "objects");
                    size_t k;
                    json_t *o;
                    json_array_foreach(objs, k, o) {
                        size_t s3 = jr_push_index(&t->r, k);
                        load_object(t, o, lx, ly);
                        jr_pop(&t->r, s3);
                    }
                    jr_pop(&t->r, s2);
                }
            }
            /* Other object layers (notes, deployment zones) are the
             * scenario designer's own and are left alone. */
        } else if (strcmp(type, "tilelayer") == 0) {
            if (visible && t->tiles)
                tl_tile_layer(t->tiles, &t->r, layer, lx, ly, &paint);
        } else if (type[0]) {
            size_t s2 = jr_push_key(&t->r, "type");
            jr_warn(&t->r, "layer type '%s' is not known and is ignored", type);
            jr_pop(&t->r, s2);
        }
        jr_pop(&t->r, s);
    }
}

bool sl_map_load_text(const char *text, size_t len, const char *name, const char *base_dir,
                      const sl_load_opts *opts, sl_map *out, sl_diag *d)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", name);
    tload t;
    memset(&t, 0, sizeof t);
    sl_diag local;
    sl_diag_init(&local);
    if (!d)
        d = &local;
    int errors_before = d->nerrors;
    jr_init(&t.r, name, text, len, d);
    t.opts = opts;
    t.base_dir = base_dir ? base_dir : ".";
    t.map = out;
    out->mat.r = 104;
    out->mat.g = 122;
    out->mat.b = 84;

    json_t *root = jr_parse(&t.r);
    if (!root)
        goto fail;
    if (!json_is_object(root)) {
        jr_error(&t.r, "a Tiled map must be a JSON object, not %s", jr_type_name(root));
        goto fail;
    }
    const char *type = NULL;
    if (json_object_get(root, "type") && jr_str(&t.r, root, "type", false, &type) &&
        strcmp(type, "map") != 0) {
        size_t s = jr_push_key(&t.r, "type");
        jr_error(&t.r, "this is a Tiled '%s', not a map", type);
        jr_pop(&t.r, s);
        goto fail;
    }
    const char *orient = NULL;
    if (json_object_get(root, "orientation") && jr_str(&t.r, root, "orientation", false, &orient) &&
        strcmp(orient, "orthogonal") != 0) {
        size_t s = jr_push_key(&t.r, "orientation");
        jr_error(&t.r, "the map is %s; sightline tables are orthogonal maps", orient);
        jr_pop(&t.r, s);
        goto fail;
    }
    bool infinite = false;
    if (json_object_get(root, "infinite") && jr_bool(&t.r, root, "infinite", false, &infinite) &&
        infinite) {
        size_t s = jr_push_key(&t.r, "infinite");
        jr_error(&t.r, "infinite maps have no table edge; untick Infinite in the map's properties");
        jr_pop(&t.r, s);
        goto fail;
    }
    long w = 0, h = 0, tw = 0, th = 0;
    bool ok = jr_int(&t.r, root, "width", true, &w);
    ok = jr_int(&t.r, root, "height", true, &h) && ok;
    ok = jr_int(&t.r, root, "tilewidth", true, &tw) && ok;
    ok = jr_int(&t.r, root, "tileheight", true, &th) && ok;
    if (!ok)
        goto fail;
    if (w <= 0 || h <= 0 || tw <= 0 || th <= 0 || w > 100000 || h > 100000 || tw > 100000 || th > 100000) {
        jr_error(&t.r, "width, height, tilewidth and tileheight must be above zero (and sensible); "
                       "they are %ld, %ld, %ld, %ld",
                 w, h, tw, th);
        goto fail;
    }
    map_props mp = {0.0, false, NULL};
    each_property(&t, root, map_prop, &mp);
    if (d->nerrors > errors_before)
        goto fail;
    if (!mp.have_ppi) {
        mp.ppi = (double)tw;
        sl_diag_add(d, SL_DIAG_WARNING, name, 1, 1, 0, "properties",
                    "no px_per_inch map property; taking one tile (%ld px) as one inch", tw);
    }
    t.ppi = mp.ppi;
    out->px_per_inch = mp.ppi;
    int32_t tab_w, tab_h;
    if (!sl_inches_to_mils((double)w * tw / mp.ppi, &tab_w) || !sl_inches_to_mils((double)h * th / mp.ppi, &tab_h) ||
        tab_w <= 0 || tab_h <= 0 || tab_w > 10000000 || tab_h > 10000000) {
        jr_error(&t.r, "the table would be %g\" x %g\", which is not a table", (double)w * tw / mp.ppi,
                 (double)h * th / mp.ppi);
        goto fail;
    }
    sl_table_init(&out->table, tab_w, tab_h);
    if (mp.name)
        snprintf(out->table.name, sizeof out->table.name, "%s", mp.name);
    else {
        const char *base = strrchr(name, '/');
        sl_utf8_copy(out->table.name, sizeof out->table.name, base ? base + 1 : name);
    }
    const char *bg = NULL;
    if (json_object_get(root, "backgroundcolor") && jr_str(&t.r, root, "backgroundcolor", false, &bg) &&
        !parse_colour(bg, &out->mat.r, &out->mat.g, &out->mat.b)) {
        size_t s = jr_push_key(&t.r, "backgroundcolor");
        jr_warn(&t.r, "backgroundcolor '%s' is not #RRGGBB or #AARRGGBB; using the default", bg);
        jr_pop(&t.r, s);
    }

    t.pts = malloc(sizeof(sl_pt) * (MAX_OBJECT_POINTS + SL_ELLIPSE_SEGMENTS));
    if (!t.pts) {
        jr_error(&t.r, "out of memory");
        goto fail;
    }
    json_t *layers = jr_array(&t.r, root, "layers", true);
    tl_canvas canvas;
    if (layers && tl_has_tile_layers(layers)) {
        t.tiles = &canvas;
        if (!tl_open(&canvas, &t.r, root, t.base_dir, opts && opts->load_images, w, h, tw, th))
            t.tiles = NULL;
    }
    if (layers) {
        static const tl_paint plain = {1.0, {1.0, 1.0, 1.0, 1.0}};
        size_t s = jr_push_key(&t.r, "layers");
        load_layers(&t, layers, 0, 0, &plain, 0);
        jr_pop(&t.r, s);
    }
    if (t.tiles)
        take_tiles(&t, &canvas);
    free(t.pts);
    t.pts = NULL;
    if (!t.saw_terrain)
        sl_diag_add(d, SL_DIAG_WARNING, name, 0, 0, 0, "layers",
                    "no object layer named 'terrain': the table is bare");
    if (!t.have_mat)
        sl_diag_add(d, SL_DIAG_WARNING, name, 0, 0, 0, "layers",
                    "no image layer: the table is drawn in plain colour");
    if (d->nerrors > errors_before)
        goto fail;
    json_decref(root);
    sl_diag_free(&local);
    return true;
fail:
    free(t.pts);
    if (root)
        json_decref(root);
    sl_map_free(out);
    sl_diag_free(&local);
    return false;
}

bool sl_map_load(const char *path, const sl_load_opts *opts, sl_map *out, sl_diag *d)
{
    size_t len = 0;
    char dir[SL_PATH_MAX];
    char *text = io_read(path, &len, dir, sizeof dir, d);
    if (!text) {
        memset(out, 0, sizeof *out);
        return false;
    }
    bool ok = sl_map_load_text(text, len, path, dir, opts, out, d);
    free(text);
    return ok;
}

void sl_map_free(sl_map *m)
{
    sl_table_free(&m->table);
    sl_image_free(&m->mat.image);
}
