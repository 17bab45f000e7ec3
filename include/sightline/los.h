/* sightline: line of sight, cover, visibility, integrity and movement
 * cost over a table's terrain. Geometry only: the rule options that tune
 * it arrive as plain numbers in sl_los_params.
 *
 * Heights. Every point of the table has a ground height: the top of the
 * highest hill it stands on, else 0. A figure's eye is `eye` above its
 * ground. The line of sight runs straight between the two eyes; a feature
 * blocks it where the line passes lower than the feature's top.
 *
 * What each kind of terrain does to a line (see src/rules/RULES.md):
 *  - buildings, bunkers: block a line that passes through them below
 *    their top; a figure inside one sees out, and is in its cover;
 *  - walls, hedges: block like buildings, except where the line crosses
 *    them within `cover_distance` of either figure: a figure standing at
 *    a wall fires over it, and a target there has the wall's cover (only
 *    from that side: cover behind a wall is directional);
 *  - woods: block any line passing through them; a figure inside sees out,
 *    and is seen, only if the line runs at most `wood_edge` inside the
 *    wood from it (it stands at the edge), and then has soft cover;
 *  - hills: block a line that dips below their top between the eyes
 *    (the crest hides what is behind it); a target just behind a crest has
 *    `crest_cover`;
 *  - smoke: blocks any line through it below its top;
 *  - other ground (rough, difficult, rubble, water, roads): never blocks;
 *    a target within it or just behind it has its cover.
 */
#ifndef SIGHTLINE_LOS_H
#define SIGHTLINE_LOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sightline/geom.h"
#include "sightline/table.h"

typedef struct sl_los_params {
    int32_t eye;            /* eye height of a standing figure, mils */
    int32_t wood_edge;      /* how far inside woods a figure still sees out */
    int32_t cover_distance; /* "directly behind": obstacle within this of a figure */
    sl_cover crest_cover;   /* cover behind a hill crest */
} sl_los_params;

/* The defaults documented in src/rules/RULES.md. */
void sl_los_params_default(sl_los_params *p);

/* int32s per feature in sl_los_index.box */
#define SL_LOS_BOX 8
/* int32s per listing in sl_los_index.cell_recs */
#define SL_LOS_CELL 8

/* A uniform grid over the table, built once; every feature is listed in
 * the cells its bounding box touches, a convex outline only in those of
 * them it meets (edges and corners included). Queries only visit the cells
 * the line passes through. */
typedef struct sl_los_index {
    const sl_table *table;
    int32_t cell;           /* cell size, mils */
    uint64_t cell_magic;    /* divides by cell by multiplying (0: cannot) */
    int cols, rows;
    int32_t x0, y0;         /* grid origin (may lie off the table) */
    int border;             /* 1: the outermost cells are an empty border */
    int *cell_start;        /* cols*rows+1 offsets into cell_items */
    int *cell_items;
    /* beside cell_items, SL_LOS_CELL each: the feature's box (as in box,
     * but hi.x, hi.y, ~lo.x, ~lo.y), its number, and its height if it is a
     * small solid block (F_EIGHT in flags) or INT32_MIN, where its corners
     * are in eight (times two, plus one for a wood) and what the yes/no
     * walks pass over: all the walk reads before it must look further */
    int32_t *cell_recs;
    int nitems;
    /* The yes/no walks' own listing, the same records (blk_start, blk_recs):
     * only what may block a line at an eye of blk_low or higher (on a table
     * without hills, no low wall or hedge), and a wall or hedge only in the
     * cells one of its legs meets, not every cell of its box. Used when the
     * walk would pass over everything no taller than blk_low anyway. */
    int *blk_start;
    int32_t *blk_recs;
    int32_t blk_low;
    int *hills;             /* indices of hill features, for ground height */
    int nhills;
    /* per feature, packed for the hot loop, SL_LOS_BOX each: bounding box
     * (lo.x, lo.y, hi.x, hi.y, padded for lines), height, first corner in
     * the table's points, number of corners, the outline's turn; and what
     * test it needs */
    int32_t *box;
    uint8_t *flags;
    /* 18 per feature (whole mils, made doubles as they are read): a small
     * solid block's corners, padded to eight by
     * repeating the last, x then y, each list led by its last corner
     * again (set for F_EIGHT in flags); in the order the cells first list
     * the features, row by row, not the features' own (cell_recs says
     * where) */
    int32_t *eight;
    bool wide;              /* walk in the copy compiled for AVX2 (this machine has it) */
    /* sl_los_cover's last inch walked cell by cell along the line, as
     * before it was read from the cells round the target's end (false,
     * the default; the tests set it to compare the two) */
    bool cover_tail_walked;
} sl_los_index;

/* cell <= 0 picks a size from the table. Returns false when out of memory. */
bool sl_los_index_build(sl_los_index *ix, const sl_table *t, int32_t cell);
void sl_los_index_free(sl_los_index *ix);
/* Is the feature a closed convex outline (worked out once, as the index is built)? */
bool sl_los_convex(const sl_los_index *ix, int feature);
/* The sign of a closed feature's signed area (its outline's turn), 0 for a line. */
int sl_los_turn(const sl_los_index *ix, int feature);

/* Per-thread scratch so queries never allocate: one stamp per feature. */
typedef struct sl_los_scratch {
    uint32_t *stamp;
    int nfeatures;
    uint32_t now;
} sl_los_scratch;

bool sl_los_scratch_init(sl_los_scratch *s, const sl_table *t);
void sl_los_scratch_free(sl_los_scratch *s);

/* Ground height at p: the top of the highest hill under it. */
int32_t sl_ground_at(const sl_los_index *ix, sl_pt p);

/* What one feature did to a line. */
typedef enum sl_los_effect {
    SL_LOS_BLOCKS,     /* the line cannot pass */
    SL_LOS_COVER,      /* the line passes; the target has this feature's cover */
    SL_LOS_EDGE,       /* the firer stands at its edge or inside, and sees out */
    SL_LOS_OVER,       /* the line passes over it */
    SL_LOS_THROUGH     /* the line crosses it without effect */
} sl_los_effect;

typedef enum sl_los_why {
    SL_WHY_TALLER,       /* the feature is taller than the line there */
    SL_WHY_WOODS_DEEP,   /* the line runs too far inside woods */
    SL_WHY_WOODS_EDGE,   /* a figure at the edge of woods */
    SL_WHY_INSIDE,       /* a figure inside a building or area terrain */
    SL_WHY_BEHIND,       /* a figure directly behind an obstacle */
    SL_WHY_CREST,        /* the line dips below a hill crest */
    SL_WHY_BEHIND_CREST, /* the target is just behind a crest */
    SL_WHY_LOWER,        /* the line passes above the feature */
    SL_WHY_GROUND        /* flat ground: no effect on sight */
} sl_los_why;

typedef struct sl_los_hit {
    int feature;         /* index into the table's features */
    sl_los_effect effect;
    sl_los_why why;
    sl_cover cover;      /* cover this gives the target */
    float t0, t1;        /* where the line is inside it, 0 at the firer */
    sl_pt at;            /* the point where the line meets it */
    int32_t line_z;      /* the line's height there, mils */
    int32_t top;         /* the feature's top there, mils */
    int32_t depth;       /* woods: how far the line runs inside, mils */
} sl_los_hit;

#define SL_LOS_MAX_HITS 24

typedef struct sl_los_result {
    bool visible;
    sl_cover cover;      /* of the target, from the firer */
    int cover_hit;       /* hit giving the cover, -1 */
    int block_hit;       /* first blocking hit along the line, -1 */
    double distance;     /* mils */
    int32_t z_from, z_to;
    int nhits;           /* in order along the line */
    bool truncated;      /* more hits than fit */
    sl_los_hit hits[SL_LOS_MAX_HITS];
} sl_los_result;

/* Fast yes/no for bulk work (threat maps, benchmarks): stops at the first
 * blocking feature. Same verdict as sl_los_check. */
bool sl_los_clear(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, sl_pt from, sl_pt to);
/* Is the target seen, and with what cover (*cover; none when it is not
 * seen): the verdict of sl_los_check without the list of hits, for bulk
 * work (threat maps, the solo policy). Stops at the first blocking
 * feature, and skips features that can neither block nor give cover. */
bool sl_los_cover(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, sl_pt from, sl_pt to,
                  sl_cover *cover);
/* The full verdict with every feature the line meets, in order. */
void sl_los_check(const sl_los_index *ix, const sl_los_params *p, sl_los_scratch *s, sl_pt from, sl_pt to,
                  sl_los_result *out);
/* A sentence for one hit: "blocked by Farmhouse (#14): 4.0" tall where the
 * line is 1.0" high, at (60.2, 17.1)". */
void sl_los_describe_hit(const sl_table *t, const sl_los_hit *h, char *buf, size_t len);

/* --- visibility polygon --------------------------------------------------- */

/* The area a figure at `from` can see, clipped to the table, as a polygon
 * star-shaped about `from` (vertices in angle order). Solid terrain is
 * judged for a target standing on open ground; woods hide what lies
 * beyond `wood_edge` into them. Writes at most `max` points; returns the
 * count (0 when max is too small). `work` must hold 16 * nfeatures + 4096
 * bytes of scratch per 1024 features (see SL_VIS_WORK_BYTES). */
#define SL_VIS_WORK_BYTES(nfeatures, npts) ((size_t)(nfeatures) * 96 + (size_t)(npts) * 160 + 65536)
int sl_visibility_polygon(const sl_los_index *ix, const sl_los_params *p, sl_pt from, sl_pt *out, int max,
                          void *work, size_t work_bytes);

/* --- integrity ------------------------------------------------------------- */

typedef struct sl_integrity_params {
    int32_t circle;       /* diameter the figures must fit in */
    int32_t chain;        /* or each within this of another, as one chain */
    bool whole_bases;     /* the circle must hold whole bases, not centres */
} sl_integrity_params;

typedef struct sl_integrity {
    bool intact;
    bool by_circle, by_chain;
    sl_mec circle;        /* the smallest circle holding the figures */
    int groups;           /* chain groups (1 when chained) */
    int main_group;       /* the largest group */
    int nstray;           /* figures outside the main group */
} sl_integrity;

/* n figures at pos with base radii; group_of (room for n) receives each
 * figure's chain group; stray marks figures outside the largest group. */
void sl_integrity_check(const sl_pt *pos, const int32_t *radius, int n, const sl_integrity_params *p,
                        int *group_of, bool *stray, sl_integrity *out);

/* --- movement cost ----------------------------------------------------------- */

typedef struct sl_path_cost {
    double length;          /* mils along the path */
    double cost;            /* mils of allowance spent */
    double by_going[4];     /* length in each going (index = sl_going) */
    bool impassable;        /* the path enters impassable terrain */
    sl_pt stop;             /* where the allowance runs out (or the end) */
    double stop_at;         /* distance along the path of that point, mils */
    bool within;            /* the whole path fits the allowance */
    int first_impassable;   /* feature index, -1 */
} sl_path_cost;

/* Cost of moving along a polyline: clear 1, poor 2, difficult 3 inches of
 * allowance per inch; a road gives clear going over anything it crosses;
 * elsewhere the worst going under the figure counts. Lengths are summed
 * in doubles; whether the way fits is decided once, in whole mils: its
 * cost rounded to the nearest mil (half up) against the allowance. */
void sl_path_cost_of(const sl_los_index *ix, const sl_pt *path, int n, double allowance, sl_path_cost *out);
/* The going at a point (roads first, else the worst). */
sl_going sl_going_at(const sl_los_index *ix, sl_pt p, int *feature);

#endif
