/* sightline: the rules' view of sight and range between figures and
 * units (Stargrunt II rulebook p11-13, p33-35).
 *
 *  - A unit's ranges and sight lines run from its centre (the middle
 *    figure by default, see the unit_centre option).
 *  - A target unit is visible when at least half its figures are seen;
 *    it has the cover more than half its seen figures have, an even split
 *    taking the lesser cover.
 *  - The range band is the firer's quality die in inches; the range die is
 *    D4 for the first band up to D12 for the fifth; beyond that, or when
 *    cover (soft +1, hard +2) or In Position (+1) would shift it past D12,
 *    the shot cannot be made.
 */
#ifndef SIGHTLINE_SIGHT_H
#define SIGHTLINE_SIGHT_H

#include "sightline/los.h"
#include "sightline/model.h"

/* Shift a die up (steps > 0) or down. Returns SL_DIE_NONE when it would go
 * past D12 (the range die: the shot is impossible); below D4 it stays D4. */
sl_die sl_die_shift(sl_die d, int steps);

typedef struct sl_range {
    double distance;       /* mils */
    int32_t band_len;      /* mils */
    int band;              /* 1.., 0 when the distance is 0 */
    sl_die base_die;       /* before shifts, SL_DIE_NONE past band 5 */
    int shifts;            /* cover and In Position */
    sl_die die;            /* after shifts, SL_DIE_NONE: no shot */
    int max_bands;         /* 5 open, 4 soft, 3 hard (less In Position) */
} sl_range;

/* From the squared distance in mils, so band edges are decided exactly:
 * a target exactly 8" away is in the first 8" band. */
void sl_range_judge(int64_t dist2, int32_t band_len, sl_cover cover, bool in_position, sl_range *out);

/* Everything needed to answer sight questions on one scenario's table.
 * The scratch is working memory: a question asked through a const sight
 * still uses it, so one sight serves one thread. */
typedef struct sl_sight {
    const sl_scenario *scn;
    sl_los_index ix;
    sl_los_scratch *scratch;
    sl_los_params params;
    /* Only the answers (seen or not, the cover class), never what gave
     * them: each figure is judged by the first-hit sl_los_cover, no
     * feature is named (block_feature and cover_feature stay -1) and the
     * centre line is not judged (line: no hits, block_hit and cover_hit
     * -1, visible false). For a side's copy of the game (rl_known), whose
     * solo opponent reads nothing else. False after sl_sight_init. */
    bool answers_only;
} sl_sight;

/* Some figures standing elsewhere for a question (a move being planned,
 * a point of a way under fire): their indices and where they would be.
 * Every sight, centre and cover question takes one (NULL: where they
 * stand), so nothing is moved to ask. */
typedef struct sl_placement {
    const int *figs;
    const sl_pt *pos;
    int n;
} sl_placement;

/* Where a figure stands under a placement. */
sl_pt sl_placed(const sl_scenario *scn, const sl_placement *pl, int fig);

bool sl_sight_init(sl_sight *s, const sl_scenario *scn);
void sl_sight_free(sl_sight *s);
void sl_los_params_from_options(const sl_options *o, sl_los_params *p);

/* The point a unit is measured from; -1 in *figure for a centroid. */
sl_pt sl_unit_centre(const sl_scenario *scn, int unit, int *figure);
/* The same for a set of figures (indices), optionally placed elsewhere. */
sl_pt sl_figs_centre(const sl_scenario *scn, const int *figs, int n, int *figure);
sl_pt sl_figs_centre_at(const sl_scenario *scn, const sl_placement *pl, const int *figs, int n, int *figure);

#define SL_SIGHT_MAX_FIGS 64

typedef struct sl_fig_sight {
    int figure;
    bool visible;
    sl_cover cover;
    int block_feature;     /* feature index, -1 */
    int cover_feature;     /* feature index, -1 */
} sl_fig_sight;

typedef struct sl_unit_sight {
    bool visible;
    sl_cover cover;
    int seen, total;
    sl_pt from, to;        /* the centres */
    int from_figure, to_figure;
    sl_los_result line;    /* centre to centre, for drawing and explaining */
    sl_fig_sight figs[SL_SIGHT_MAX_FIGS];
    int nfigs;
    sl_range range;
} sl_unit_sight;

/* Firer unit to target unit. */
void sl_unit_sight_judge(const sl_sight *s, int firer, int target, bool in_position, sl_unit_sight *out);
/* The same between two sets of figures (indices), measured from centre to
 * centre; the range band is band_unit's. Fireteams act and are shot at in
 * such sets: a team and the squad leader with it, or teams together. With
 * a placement, the figures it names are judged where it puts them. */
void sl_set_sight_judge(const sl_sight *s, int band_unit, const int *from, int nfrom, const int *to, int nto,
                        bool in_position, sl_unit_sight *out);
void sl_set_sight_judge_at(const sl_sight *s, const sl_placement *pl, int band_unit, const int *from, int nfrom,
                           const int *to, int nto, bool in_position, sl_unit_sight *out);
/* Firer figure to target figure (the line between them; the band is the
 * firer's unit's quality). */
void sl_figure_sight_judge(const sl_sight *s, int firer_fig, int target_fig, bool in_position, sl_los_result *line,
                           sl_range *range);

/* Figures whose bases a circle touches (blast templates: 3, 4, 6 or 10
 * inches of radius). Writes up to max indices; returns how many there are. */
int sl_figures_in_circle(const sl_scenario *scn, sl_circle c, bool living_only, int *out, int max);

/* A whole's parts held together (sl_unit_parts; the squad integrity of
 * the house rule that splits squads): each part within one range band of
 * the whole's leader, measured to its nearest standing figure. */
typedef struct sl_parts_integrity {
    int leader;                    /* the whole's leader's figure, -1 when none stands */
    int32_t band;                  /* mils */
    int nparts;
    int part[SL_MAX_PARTS];        /* unit indices */
    int nearest[SL_MAX_PARTS];     /* the part's standing figure nearest the leader, -1 */
    double dist[SL_MAX_PARTS];     /* mils, leader to that figure */
    bool in[SL_MAX_PARTS];
} sl_parts_integrity;

/* False when the unit is not made of parts. */
bool sl_parts_integrity_judge(const sl_scenario *scn, int whole, sl_parts_integrity *out);

/* The integrity of a unit under the scenario's options. */
void sl_unit_integrity(const sl_scenario *scn, int unit, int *group_of, bool *stray, sl_integrity *out);
/* The integrity of any set of figures (the dead left out), placed. */
bool sl_figs_intact(const sl_scenario *scn, const sl_placement *pl, const int *figs, int n, sl_integrity *out);

/* Cover a figure standing at `p` takes from the ground it stands in or
 * at (more than half a unit's figures in such places puts the unit in
 * cover): inside a feature that gives cover, or within cover_distance of
 * a wall, hedge, building or bunker edge. Decided exactly in mils. */
bool sl_point_in_cover(const sl_scenario *scn, sl_pt p);

#endif
