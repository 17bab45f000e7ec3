/* sightline: the table and its terrain features (no rules, no I/O). */
#ifndef SIGHTLINE_TABLE_H
#define SIGHTLINE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sightline/geom.h"

typedef enum sl_terrain_kind {
    SL_TERRAIN_WOODS,
    SL_TERRAIN_BUILDING,
    SL_TERRAIN_WALL,
    SL_TERRAIN_HEDGE,
    SL_TERRAIN_HILL,
    SL_TERRAIN_ROAD,
    SL_TERRAIN_ROUGH,     /* poor going: scrub, ploughed field */
    SL_TERRAIN_DIFFICULT, /* rocks, marsh, dense brush */
    SL_TERRAIN_WATER,
    SL_TERRAIN_RUBBLE,
    SL_TERRAIN_SMOKE,
    SL_TERRAIN_BUNKER,
    SL_TERRAIN_KIND_COUNT
} sl_terrain_kind;

typedef enum sl_shape {
    SL_SHAPE_POLYGON,
    SL_SHAPE_RECT,
    SL_SHAPE_ELLIPSE,  /* outline held as a polygon of SL_ELLIPSE_SEGMENTS */
    SL_SHAPE_POLYLINE  /* an open line: walls and hedges drawn as lines */
} sl_shape;

#define SL_ELLIPSE_SEGMENTS 48

typedef enum sl_cover {
    SL_COVER_NONE = 0,
    SL_COVER_SOFT = 1,
    SL_COVER_HARD = 2
} sl_cover;

/* Movement cost in inches of allowance per inch moved (Stargrunt II:
 * clear 1, poor 2, difficult 3); impassable is 0. */
typedef enum sl_going {
    SL_GOING_IMPASSABLE = 0,
    SL_GOING_CLEAR = 1,
    SL_GOING_POOR = 2,
    SL_GOING_DIFFICULT = 3
} sl_going;

/* What one terrain kind is unless a feature says otherwise. */
typedef struct sl_terrain_defaults {
    const char *name;     /* the word used in files: "woods" */
    const char *label;    /* for people: "Woods" */
    int32_t height;       /* mils; 0 = flat */
    sl_cover cover;
    sl_going going;
    bool blocks_los;      /* solid when taller than the line */
} sl_terrain_defaults;

const sl_terrain_defaults *sl_terrain_kind_info(sl_terrain_kind kind);
/* Parse a kind word (case-insensitive; a few synonyms such as "forest",
 * "house", "river" are accepted). Returns false when unknown. */
bool sl_terrain_kind_parse(const char *word, sl_terrain_kind *out);
/* The accepted words, comma separated, for error messages. */
const char *sl_terrain_kind_list(void);
const char *sl_cover_name(sl_cover cover);   /* "none", "soft", "hard" */
const char *sl_cover_phrase(sl_cover cover); /* "no cover", "soft cover"... */
const char *sl_going_name(sl_going going);

typedef struct sl_feature {
    int id;               /* the Tiled object id */
    char name[64];
    sl_terrain_kind kind;
    sl_shape shape;
    int first_pt;         /* into sl_table.pts */
    int npts;
    sl_pt lo, hi;         /* bounding box of the outline */
    /* The drawn ellipse or rectangle, for shapes that have one. */
    double ex, ey, erx, ery, erot_deg;
    int32_t height;       /* mils above the table */
    int32_t thickness;    /* mils, for polylines */
    sl_cover cover;
    sl_going going;
    bool blocks_los;
    int armour_class;     /* buildings and bunkers as point targets */
    /* Yes/no properties the map gives the feature for the rules, which
     * declare them (sl_rule_feature_keys): bit i for the i-th, set in
     * rule_said when the map gives it and in rule_yes when it gives it
     * true (sl_feature_rule_flag). */
    uint32_t rule_said, rule_yes;
} sl_feature;

/* A set-up zone (Tiled object of class "setup" with property "side"):
 * where that side may place its hidden units and dummies before the
 * game (fog of war). Not terrain: it changes nothing on the table. */
typedef struct sl_zone {
    int id;               /* the Tiled object id */
    char name[64];
    char side[32];        /* the side's id in the scenario */
    int first_pt;         /* into sl_table.pts */
    int npts;
    sl_pt lo, hi;
} sl_zone;

typedef struct sl_table {
    char name[128];
    int32_t width;        /* mils */
    int32_t height;       /* mils */
    sl_feature *features;
    int nfeatures;
    int cap_features;
    sl_pt *pts;           /* all outlines, one after another */
    int npts;
    int cap_pts;
    sl_zone *zones;
    int nzones;
    /* routes (Tiled polylines of class "route"): the way a side's column
     * comes along in an ambush; an sl_zone whose points are a line */
    sl_zone *routes;
    int nroutes;
} sl_table;

void sl_table_init(sl_table *t, int32_t width, int32_t height);
void sl_table_free(sl_table *t);
/* A feature filled in from its kind's defaults, ready to be adjusted. */
sl_feature sl_feature_defaults(sl_terrain_kind kind);
/* Copies the outline; returns the new feature's index or -1 when out of
 * memory. */
int sl_table_add_feature(sl_table *t, const sl_feature *f, const sl_pt *pts, int npts);
/* Copies the outline; returns the zone's index or -1 when out of memory. */
int sl_table_add_zone(sl_table *t, const sl_zone *z, const sl_pt *pts, int npts);
/* Is the point inside (or on the edge of) the zone? */
bool sl_zone_contains(const sl_table *t, const sl_zone *z, sl_pt p);
/* A route (at least 2 points); returns its index or -1. */
int sl_table_add_route(sl_table *t, const sl_zone *r, const sl_pt *pts, int npts);
const sl_pt *sl_feature_pts(const sl_table *t, const sl_feature *f);
int sl_table_find_feature(const sl_table *t, int id);
/* A feature the map left unnamed: no name, or the one the loader made of
 * its kind and its number in the file ("Road 2"), which no player knows
 * it by. */
bool sl_feature_unnamed(const sl_feature *f);
/* A feature as a player calls it: its name ("Farmhouse"), or for an
 * unnamed one its kind ("the road"). */
void sl_feature_words(const sl_feature *f, char *buf, size_t len);
/* Index of the topmost feature (last drawn) whose area contains p, or
 * whose line passes within `slop` mils of p; -1 when none. */
int sl_table_feature_at(const sl_table *t, sl_pt p, int32_t slop);
bool sl_table_contains(const sl_table *t, sl_pt p);
/* Deep copy (for games that mutate terrain, e.g. smoke). */
bool sl_table_copy(sl_table *dst, const sl_table *src);

#endif
