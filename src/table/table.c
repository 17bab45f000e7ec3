/* The table and its terrain features. */
#include "sightline/table.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Heights are a typical 28 mm table's: a standing figure is about 1.5"
 * tall (see sl_los options in later modules), a hedge or low wall hides a
 * crouching one, a building storey is about 3". */
static const sl_terrain_defaults kind_info[SL_TERRAIN_KIND_COUNT] = {
    [SL_TERRAIN_WOODS] = {"woods", "Woods", 4000, SL_COVER_SOFT, SL_GOING_POOR, true},
    [SL_TERRAIN_BUILDING] = {"building", "Building", 3000, SL_COVER_HARD, SL_GOING_POOR, true},
    [SL_TERRAIN_WALL] = {"wall", "Wall", 2000, SL_COVER_HARD, SL_GOING_POOR, true},
    [SL_TERRAIN_HEDGE] = {"hedge", "Hedge", 2000, SL_COVER_SOFT, SL_GOING_POOR, true},
    [SL_TERRAIN_HILL] = {"hill", "Hill", 2000, SL_COVER_NONE, SL_GOING_CLEAR, true},
    [SL_TERRAIN_ROAD] = {"road", "Road", 0, SL_COVER_NONE, SL_GOING_CLEAR, false},
    [SL_TERRAIN_ROUGH] = {"rough", "Rough ground", 0, SL_COVER_NONE, SL_GOING_POOR, false},
    [SL_TERRAIN_DIFFICULT] = {"difficult", "Difficult ground", 0, SL_COVER_SOFT, SL_GOING_DIFFICULT, false},
    [SL_TERRAIN_WATER] = {"water", "Water", 0, SL_COVER_NONE, SL_GOING_DIFFICULT, false},
    [SL_TERRAIN_RUBBLE] = {"rubble", "Rubble", 500, SL_COVER_SOFT, SL_GOING_DIFFICULT, false},
    [SL_TERRAIN_SMOKE] = {"smoke", "Smoke", 6000, SL_COVER_NONE, SL_GOING_CLEAR, true},
    [SL_TERRAIN_BUNKER] = {"bunker", "Bunker", 2000, SL_COVER_HARD, SL_GOING_IMPASSABLE, true},
};

static const struct {
    const char *word;
    sl_terrain_kind kind;
} synonyms[] = {
    {"wood", SL_TERRAIN_WOODS},         {"forest", SL_TERRAIN_WOODS},
    {"trees", SL_TERRAIN_WOODS},        {"house", SL_TERRAIN_BUILDING},
    {"ruin", SL_TERRAIN_BUILDING},      {"stream", SL_TERRAIN_WATER},
    {"river", SL_TERRAIN_WATER},        {"pond", SL_TERRAIN_WATER},
    {"marsh", SL_TERRAIN_DIFFICULT},    {"rocks", SL_TERRAIN_DIFFICULT},
    {"scrub", SL_TERRAIN_ROUGH},        {"poor", SL_TERRAIN_ROUGH},
    {"fence", SL_TERRAIN_HEDGE},        {"hedgerow", SL_TERRAIN_HEDGE},
};

const sl_terrain_defaults *sl_terrain_kind_info(sl_terrain_kind kind)
{
    if ((int)kind < 0 || kind >= SL_TERRAIN_KIND_COUNT)
        return NULL;
    return &kind_info[kind];
}

static bool word_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

bool sl_terrain_kind_parse(const char *word, sl_terrain_kind *out)
{
    if (!word)
        return false;
    for (int k = 0; k < SL_TERRAIN_KIND_COUNT; k++) {
        if (word_eq(word, kind_info[k].name)) {
            *out = (sl_terrain_kind)k;
            return true;
        }
    }
    for (size_t i = 0; i < sizeof synonyms / sizeof synonyms[0]; i++) {
        if (word_eq(word, synonyms[i].word)) {
            *out = synonyms[i].kind;
            return true;
        }
    }
    return false;
}

const char *sl_terrain_kind_list(void)
{
    return "woods, building, wall, hedge, hill, road, rough, difficult, water, rubble, smoke, bunker";
}

const char *sl_cover_name(sl_cover cover)
{
    switch (cover) {
    case SL_COVER_SOFT: return "soft";
    case SL_COVER_HARD: return "hard";
    default: return "none";
    }
}

const char *sl_cover_phrase(sl_cover cover)
{
    switch (cover) {
    case SL_COVER_SOFT: return "soft cover";
    case SL_COVER_HARD: return "hard cover";
    default: return "no cover";
    }
}

const char *sl_going_name(sl_going going)
{
    switch (going) {
    case SL_GOING_CLEAR: return "clear";
    case SL_GOING_POOR: return "poor";
    case SL_GOING_DIFFICULT: return "difficult";
    default: return "impassable";
    }
}

void sl_table_init(sl_table *t, int32_t width, int32_t height)
{
    memset(t, 0, sizeof *t);
    t->width = width;
    t->height = height;
}

void sl_table_free(sl_table *t)
{
    free(t->features);
    free(t->pts);
    free(t->zones);
    free(t->routes);
    memset(t, 0, sizeof *t);
}

sl_feature sl_feature_defaults(sl_terrain_kind kind)
{
    sl_feature f;
    memset(&f, 0, sizeof f);
    const sl_terrain_defaults *d = sl_terrain_kind_info(kind);
    f.kind = kind;
    f.shape = SL_SHAPE_POLYGON;
    if (d) {
        f.height = d->height;
        f.cover = d->cover;
        f.going = d->going;
        f.blocks_los = d->blocks_los;
    }
    f.thickness = 250;
    if (kind == SL_TERRAIN_BUILDING)
        f.armour_class = 2; /* brick, the rulebook's ordinary building */
    if (kind == SL_TERRAIN_BUNKER)
        f.armour_class = 5;
    return f;
}

int sl_table_add_feature(sl_table *t, const sl_feature *f, const sl_pt *pts, int npts)
{
    if (npts <= 0)
        return -1;
    if (t->nfeatures == t->cap_features) {
        int cap = t->cap_features ? 2 * t->cap_features : 16;
        sl_feature *nf = realloc(t->features, (size_t)cap * sizeof *nf);
        if (!nf)
            return -1;
        t->features = nf;
        t->cap_features = cap;
    }
    if (t->npts + npts > t->cap_pts) {
        int cap = t->cap_pts ? 2 * t->cap_pts : 256;
        while (cap < t->npts + npts)
            cap *= 2;
        sl_pt *np = realloc(t->pts, (size_t)cap * sizeof *np);
        if (!np)
            return -1;
        t->pts = np;
        t->cap_pts = cap;
    }
    sl_feature *dst = &t->features[t->nfeatures];
    *dst = *f;
    dst->first_pt = t->npts;
    dst->npts = npts;
    memcpy(t->pts + t->npts, pts, (size_t)npts * sizeof *pts);
    t->npts += npts;
    sl_poly_bounds(pts, npts, &dst->lo, &dst->hi);
    return t->nfeatures++;
}

static bool room_for_pts(sl_table *t, int npts)
{
    if (t->npts + npts <= t->cap_pts)
        return true;
    int cap = t->cap_pts ? 2 * t->cap_pts : 256;
    while (cap < t->npts + npts)
        cap *= 2;
    sl_pt *np = realloc(t->pts, (size_t)cap * sizeof *np);
    if (!np)
        return false;
    t->pts = np;
    t->cap_pts = cap;
    return true;
}

/* An outline (a zone's polygon, a route's line) appended to a list of
 * them, its points copied into the table's. */
static int add_outline(sl_table *t, sl_zone **list, int *n, const sl_zone *z, const sl_pt *pts, int npts)
{
    if (!room_for_pts(t, npts))
        return -1;
    sl_zone *nl = realloc(*list, (size_t)(*n + 1) * sizeof *nl);
    if (!nl)
        return -1;
    *list = nl;
    sl_zone *dst = &nl[*n];
    *dst = *z;
    dst->first_pt = t->npts;
    dst->npts = npts;
    memcpy(t->pts + t->npts, pts, (size_t)npts * sizeof *pts);
    t->npts += npts;
    sl_poly_bounds(pts, npts, &dst->lo, &dst->hi);
    return (*n)++;
}

int sl_table_add_zone(sl_table *t, const sl_zone *z, const sl_pt *pts, int npts)
{
    return npts < 3 ? -1 : add_outline(t, &t->zones, &t->nzones, z, pts, npts);
}

int sl_table_add_route(sl_table *t, const sl_zone *r, const sl_pt *pts, int npts)
{
    return npts < 2 ? -1 : add_outline(t, &t->routes, &t->nroutes, r, pts, npts);
}

bool sl_zone_contains(const sl_table *t, const sl_zone *z, sl_pt p)
{
    if (p.x < z->lo.x || p.x > z->hi.x || p.y < z->lo.y || p.y > z->hi.y)
        return false;
    return sl_poly_contains(t->pts + z->first_pt, z->npts, p) != SL_OUTSIDE;
}

const sl_pt *sl_feature_pts(const sl_table *t, const sl_feature *f)
{
    return t->pts + f->first_pt;
}

int sl_table_find_feature(const sl_table *t, int id)
{
    for (int i = 0; i < t->nfeatures; i++)
        if (t->features[i].id == id)
            return i;
    return -1;
}

bool sl_feature_unnamed(const sl_feature *f)
{
    const sl_terrain_defaults *k = sl_terrain_kind_info(f->kind);
    char made[sizeof f->name + 16];
    snprintf(made, sizeof made, "%s %d", k ? k->label : "", f->id);
    return f->name[0] == '\0' || strcmp(f->name, made) == 0;
}

void sl_feature_words(const sl_feature *f, char *buf, size_t len)
{
    if (len == 0)
        return;
    if (!sl_feature_unnamed(f)) {
        snprintf(buf, len, "%s", f->name);
        return;
    }
    const sl_terrain_defaults *k = sl_terrain_kind_info(f->kind);
    snprintf(buf, len, "the %s", k ? k->label : "feature");
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
}

int sl_table_feature_at(const sl_table *t, sl_pt p, int32_t slop)
{
    for (int i = t->nfeatures - 1; i >= 0; i--) {
        const sl_feature *f = &t->features[i];
        int32_t pad = slop + (f->shape == SL_SHAPE_POLYLINE ? f->thickness / 2 : 0);
        if (p.x < f->lo.x - pad || p.x > f->hi.x + pad || p.y < f->lo.y - pad || p.y > f->hi.y + pad)
            continue;
        const sl_pt *v = sl_feature_pts(t, f);
        if (f->shape == SL_SHAPE_POLYLINE) {
            for (int k = 0; k + 1 < f->npts; k++)
                if (sl_seg_point_dist2(v[k], v[k + 1], p) <= (double)pad * pad)
                    return i;
            continue;
        }
        if (sl_poly_contains(v, f->npts, p) != SL_OUTSIDE)
            return i;
    }
    return -1;
}

bool sl_table_contains(const sl_table *t, sl_pt p)
{
    return p.x >= 0 && p.y >= 0 && p.x <= t->width && p.y <= t->height;
}

bool sl_table_copy(sl_table *dst, const sl_table *src)
{
    *dst = *src;
    dst->features = src->nfeatures ? malloc((size_t)src->nfeatures * sizeof *dst->features) : NULL;
    dst->pts = src->npts ? malloc((size_t)src->npts * sizeof *dst->pts) : NULL;
    dst->zones = src->nzones ? malloc((size_t)src->nzones * sizeof *dst->zones) : NULL;
    dst->routes = src->nroutes ? malloc((size_t)src->nroutes * sizeof *dst->routes) : NULL;
    if ((src->nfeatures && !dst->features) || (src->npts && !dst->pts) || (src->nzones && !dst->zones) ||
        (src->nroutes && !dst->routes)) {
        free(dst->features);
        free(dst->pts);
        free(dst->zones);
        free(dst->routes);
        dst->features = NULL;
        dst->pts = NULL;
        dst->zones = NULL;
        dst->routes = NULL;
        return false;
    }
    if (src->nfeatures)
        memcpy(dst->features, src->features, (size_t)src->nfeatures * sizeof *dst->features);
    if (src->npts)
        memcpy(dst->pts, src->pts, (size_t)src->npts * sizeof *dst->pts);
    if (src->nzones)
        memcpy(dst->zones, src->zones, (size_t)src->nzones * sizeof *dst->zones);
    if (src->nroutes)
        memcpy(dst->routes, src->routes, (size_t)src->nroutes * sizeof *dst->routes);
    dst->cap_features = src->nfeatures;
    dst->cap_pts = src->npts;
    return true;
}
