/* sightline los and sightline catalog: sight verdicts on the command line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "sightline/sight.h"

static const char los_help[] =
    "usage: sightline los SCENARIO A B [--json] [--in-position]\n"
    "       sightline los FILE X1 Y1 X2 Y2 [--json] [--in-position] [--quality Q]\n"
    "\n"
    "Can A see B, how far is it, which range band and die, what cover, and why.\n"
    "A and B are figure or unit ids. Between units the line runs from the\n"
    "firer's centre to each figure of the target: the target is in sight when\n"
    "at least half its figures are seen, and has the cover most of them have\n"
    "(an even split takes the lesser). With coordinates (table inches, x to the\n"
    "right and y down from the top-left corner, as Tiled draws the map) the two\n"
    "points are figures standing there; --quality sets the range band (default\n"
    "regular: 8\"). --in-position adds the target's In Position shift.\n"
    "JSON fields: visible, cover, distance, band, band_length, base_die,\n"
    "range_die (null when out of range), shifts, blocked_by and cover_from\n"
    "(Tiled object ids), figures_seen, figures, explanation, per_figure.\n";

typedef struct end {
    const char *id;          /* NULL for a point */
    int unit, figure;        /* what the id named (-1 when not) */
    sl_pt at;
} end;

static bool parse_num(const char *s, double *out)
{
    char *e;
    *out = strtod(s, &e);
    return e != s && *e == '\0' && isfinite(*out);
}

static void json_ids(FILE *o, const sl_table *t, const int *feat, int n)
{
    fputc('[', o);
    for (int i = 0; i < n; i++)
        fprintf(o, "%s%d", i ? "," : "", t->features[feat[i]].id);
    fputc(']', o);
}

/* Add feature index f to a set, once. */
static void add_once(int *set, int *n, int max, int f)
{
    if (f < 0)
        return;
    for (int i = 0; i < *n; i++)
        if (set[i] == f)
            return;
    if (*n < max)
        set[(*n)++] = f;
}

static void print_hits(FILE *o, const sl_table *t, const sl_los_result *r, bool json, bool *first)
{
    char line[400];
    for (int i = 0; i < r->nhits; i++) {
        if (r->hits[i].effect == SL_LOS_THROUGH)
            continue;
        sl_los_describe_hit(t, &r->hits[i], line, sizeof line);
        if (json) {
            fputs(*first ? "" : ",", o);
            sl_json_fput(o, line);
            *first = false;
        } else {
            fprintf(o, "    - %s\n", line);
        }
    }
}

static const char *die_or_null(sl_die d)
{
    return d == SL_DIE_NONE ? NULL : sl_die_name(d);
}

static void json_die(FILE *o, sl_die d)
{
    const char *n = die_or_null(d);
    if (n)
        sl_json_fput(o, n);
    else
        fputs("null", o);
}

static void print_range_text(FILE *o, const sl_range *R, sl_cover cover, bool ip)
{
    fprintf(o, "  distance %.2f\"; band %d of %.0f\"", R->distance / 1000.0, R->band, R->band_len / 1000.0);
    if (R->base_die == SL_DIE_NONE) {
        fprintf(o, ": beyond five bands, out of range\n");
        return;
    }
    fprintf(o, " (%s)", sl_die_name(R->base_die));
    if (R->shifts)
        fprintf(o, "; %s%s shifts it %d", sl_cover_phrase(cover), ip ? " and In Position" : "", R->shifts);
    if (R->die == SL_DIE_NONE)
        fprintf(o, " -> no shot (at most %d bands)\n", R->max_bands);
    else
        fprintf(o, " -> range die %s\n", sl_die_name(R->die));
}

/* The rest of a single-line verdict, after the "from"/"to" part: JSON
 * fields, or the text body. */
static void print_line_verdict(FILE *o, const sl_table *t, const sl_los_result *r, const sl_range *R, bool ip,
                               bool json)
{
    int blockers[SL_LOS_MAX_HITS], nb = 0, covers[SL_LOS_MAX_HITS], nc = 0;
    for (int i = 0; i < r->nhits; i++) {
        if (r->hits[i].effect == SL_LOS_BLOCKS)
            add_once(blockers, &nb, SL_LOS_MAX_HITS, r->hits[i].feature);
        if (r->hits[i].effect == SL_LOS_COVER)
            add_once(covers, &nc, SL_LOS_MAX_HITS, r->hits[i].feature);
    }
    bool first = true;
    if (json) {
        fprintf(o, ",\"visible\":%s,\"cover\":\"%s\",\"distance\":%.3f,\"band\":%d,\"band_length\":%.0f,\"base_die\":",
                r->visible ? "true" : "false", sl_cover_name(r->cover), R->distance / 1000.0, R->band,
                R->band_len / 1000.0);
        json_die(o, R->base_die);
        fprintf(o, ",\"range_die\":");
        json_die(o, r->visible ? R->die : SL_DIE_NONE);
        fprintf(o, ",\"shifts\":%d,\"in_position\":%s,\"eye_from\":%.2f,\"eye_to\":%.2f,\"blocked_by\":", R->shifts,
                ip ? "true" : "false", r->z_from / 1000.0, r->z_to / 1000.0);
        json_ids(o, t, blockers, nb);
        fprintf(o, ",\"cover_from\":");
        json_ids(o, t, covers, nc);
        fprintf(o, ",\"explanation\":[");
        print_hits(o, t, r, true, &first);
        fprintf(o, "]}\n");
        return;
    }
    if (r->visible)
        fprintf(o, "  IN SIGHT; %s\n", sl_cover_phrase(r->cover));
    else
        fprintf(o, "  NOT IN SIGHT\n");
    print_range_text(o, R, r->cover, ip);
    if (r->nhits) {
        fprintf(o, "  along the line:\n");
        print_hits(o, t, r, false, &first);
    } else {
        fprintf(o, "  nothing in the way\n");
    }
}

int cmd_los(int argc, char **argv)
{
    if (app_wants_help(argc, argv, los_help))
        return 0;
    bool json = false, ip = false;
    const char *qual = NULL;
    const char *pos[6];
    int np = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--in-position") == 0)
            ip = true;
        else if (strcmp(argv[i], "--quality") == 0 && i + 1 < argc)
            qual = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1] && !(argv[i][1] >= '0' && argv[i][1] <= '9') && argv[i][1] != '.') {
            fprintf(stderr, "sightline los: unknown option '%s'\n%s", argv[i], los_help);
            return 2;
        } else if (np < 6)
            pos[np++] = argv[i];
        else {
            fprintf(stderr, "sightline los: too many arguments\n%s", los_help);
            return 2;
        }
    }
    if (np != 3 && np != 5) {
        fputs(los_help, stderr);
        return 2;
    }
    sl_quality q = SL_Q_REGULAR;
    if (qual && !sl_quality_parse(qual, &q)) {
        fprintf(stderr, "sightline los: quality '%s' is not one of untrained, green, regular, veteran, elite\n", qual);
        return 2;
    }
    sl_world w;
    if (!app_load(pos[0], false, &w))
        return 1;
    sl_sight sg;
    if (!sl_sight_init(&sg, &w.scn)) {
        fprintf(stderr, "sightline los: out of memory\n");
        sl_world_free(&w);
        return 1;
    }
    int status = 0;
    FILE *o = stdout;
    const sl_table *t = &w.scn.table;
    if (np == 5) {
        double c[4];
        for (int k = 0; k < 4; k++) {
            if (!parse_num(pos[k + 1], &c[k])) {
                fprintf(stderr, "sightline los: '%s' is not a number of inches\n", pos[k + 1]);
                status = 2;
                goto out;
            }
        }
        sl_pt a, b;
        if (!sl_inches_to_mils(c[0], &a.x) || !sl_inches_to_mils(c[1], &a.y) || !sl_inches_to_mils(c[2], &b.x) ||
            !sl_inches_to_mils(c[3], &b.y) || !sl_table_contains(t, a) || !sl_table_contains(t, b)) {
            fprintf(stderr, "%s: the points must lie on the %.0f\" x %.0f\" table (x 0..%.0f, y 0..%.0f)\n", pos[0],
                    t->width / 1000.0, t->height / 1000.0, t->width / 1000.0, t->height / 1000.0);
            status = 1;
            goto out;
        }
        sl_los_result r;
        sl_los_check(&sg.ix, &sg.params, sg.scratch, a, b, &r);
        sl_range R;
        sl_range_judge(sl_dist2(a, b), sl_quality_band(q), r.cover, ip, &R);
        if (json)
            fprintf(o, "{\"from\":[%.3f,%.3f],\"to\":[%.3f,%.3f]", a.x / 1000.0, a.y / 1000.0, b.x / 1000.0,
                    b.y / 1000.0);
        else
            fprintf(o, "(%.2f, %.2f) to (%.2f, %.2f), eyes %.1f\" and %.1f\" high\n", a.x / 1000.0, a.y / 1000.0,
                    b.x / 1000.0, b.y / 1000.0, r.z_from / 1000.0, r.z_to / 1000.0);
        print_line_verdict(o, t, &r, &R, ip, json);
        goto out;
    }

    /* ids: figures or units */
    end ends[2];
    for (int k = 0; k < 2; k++) {
        ends[k].id = pos[k + 1];
        ends[k].figure = sl_scenario_find_figure(&w.scn, pos[k + 1]);
        ends[k].unit = ends[k].figure >= 0 ? -1 : sl_scenario_find_unit(&w.scn, pos[k + 1]);
        if (ends[k].figure < 0 && ends[k].unit < 0) {
            app_unknown_id(pos[0], &w.scn, pos[k + 1], true);
            status = 1;
            goto out;
        }
    }
    if (ends[0].figure >= 0 && ends[1].figure >= 0) {
        sl_los_result r;
        sl_range R;
        sl_figure_sight_judge(&sg, ends[0].figure, ends[1].figure, ip, &r, &R);
        const sl_figure *fa = &w.scn.figures[ends[0].figure], *fb = &w.scn.figures[ends[1].figure];
        if (json) {
            fprintf(o, "{\"from\":");
            sl_json_fput(o, fa->id);
            fprintf(o, ",\"to\":");
            sl_json_fput(o, fb->id);
        } else {
            fprintf(o, "%s (%s) to %s (%s)\n", fa->id, w.scn.units[fa->unit].name, fb->id, w.scn.units[fb->unit].name);
        }
        print_line_verdict(o, t, &r, &R, ip, json);
        goto out;
    }
    /* a unit at either end: from the firer's centre to each target figure */
    int fu = ends[0].unit >= 0 ? ends[0].unit : w.scn.figures[ends[0].figure].unit;
    int tu = ends[1].unit >= 0 ? ends[1].unit : w.scn.figures[ends[1].figure].unit;
    sl_unit_sight us;
    sl_unit_sight_judge(&sg, fu, tu, ip, &us);
    int blockers[SL_SIGHT_MAX_FIGS], nb = 0, covers[SL_SIGHT_MAX_FIGS], nc = 0;
    for (int i = 0; i < us.nfigs; i++) {
        add_once(blockers, &nb, SL_SIGHT_MAX_FIGS, us.figs[i].block_feature);
        if (us.figs[i].visible)
            add_once(covers, &nc, SL_SIGHT_MAX_FIGS, us.figs[i].cover_feature);
    }
    const sl_unit *ua = &w.scn.units[fu], *ub = &w.scn.units[tu];
    if (json) {
        fprintf(o, "{\"from\":");
        sl_json_fput(o, ua->id);
        fprintf(o, ",\"to\":");
        sl_json_fput(o, ub->id);
        fprintf(o, ",\"from_centre\":[%.3f,%.3f],\"to_centre\":[%.3f,%.3f],", us.from.x / 1000.0, us.from.y / 1000.0,
                us.to.x / 1000.0, us.to.y / 1000.0);
        fprintf(o, "\"visible\":%s,\"cover\":\"%s\",\"distance\":%.3f,\"band\":%d,\"band_length\":%.0f,\"base_die\":",
                us.visible ? "true" : "false", sl_cover_name(us.cover), us.range.distance / 1000.0, us.range.band,
                us.range.band_len / 1000.0);
        json_die(o, us.range.base_die);
        fprintf(o, ",\"range_die\":");
        json_die(o, us.visible ? us.range.die : SL_DIE_NONE);
        fprintf(o, ",\"shifts\":%d,\"in_position\":%s,\"figures_seen\":%d,\"figures\":%d,\"blocked_by\":",
                us.range.shifts, ip ? "true" : "false", us.seen, us.total);
        json_ids(o, t, blockers, nb);
        fprintf(o, ",\"cover_from\":");
        json_ids(o, t, covers, nc);
        fprintf(o, ",\"explanation\":[");
        bool first = true;
        print_hits(o, t, &us.line, true, &first);
        fprintf(o, "],\"per_figure\":[");
        for (int i = 0; i < us.nfigs; i++) {
            const sl_fig_sight *fs = &us.figs[i];
            fprintf(o, "%s{\"id\":", i ? "," : "");
            sl_json_fput(o, w.scn.figures[fs->figure].id);
            fprintf(o, ",\"visible\":%s,\"cover\":\"%s\",\"blocked_by\":", fs->visible ? "true" : "false",
                    sl_cover_name(fs->cover));
            if (fs->block_feature >= 0)
                fprintf(o, "%d", t->features[fs->block_feature].id);
            else
                fputs("null", o);
            fprintf(o, ",\"cover_from\":");
            if (fs->cover_feature >= 0)
                fprintf(o, "%d", t->features[fs->cover_feature].id);
            else
                fputs("null", o);
            fputc('}', o);
        }
        fprintf(o, "]}\n");
    } else {
        char fa[64] = "the centroid", fb[64] = "the centroid";
        if (us.from_figure >= 0)
            snprintf(fa, sizeof fa, "%s", w.scn.figures[us.from_figure].id);
        if (us.to_figure >= 0)
            snprintf(fb, sizeof fb, "%s", w.scn.figures[us.to_figure].id);
        fprintf(o, "%s (%s, measured from %s at %.2f, %.2f) to %s (%s, centre %s at %.2f, %.2f)\n", ua->id, ua->name, fa,
                us.from.x / 1000.0, us.from.y / 1000.0, ub->id, ub->name, fb, us.to.x / 1000.0, us.to.y / 1000.0);
        fprintf(o, "  %s: %d of %d figures seen (at least half are needed)%s%s\n", us.visible ? "IN SIGHT" : "NOT IN SIGHT",
                us.seen, us.total, us.visible ? "; " : "", us.visible ? sl_cover_phrase(us.cover) : "");
        print_range_text(o, &us.range, us.cover, ip);
        fprintf(o, "  figures:\n");
        for (int i = 0; i < us.nfigs; i++) {
            const sl_fig_sight *fs = &us.figs[i];
            fprintf(o, "    %-10s %s", w.scn.figures[fs->figure].id, fs->visible ? "seen" : "not seen");
            /* the feature in players' words; its Tiled id is in --json */
            char fw[96];
            if (!fs->visible && fs->block_feature >= 0) {
                sl_feature_words(&t->features[fs->block_feature], fw, sizeof fw);
                fprintf(o, " by %s", fw);
            }
            if (fs->visible)
                fprintf(o, ", %s", sl_cover_phrase(fs->cover));
            if (fs->visible && fs->cover_feature >= 0) {
                sl_feature_words(&t->features[fs->cover_feature], fw, sizeof fw);
                fprintf(o, " from %s", fw);
            }
            fputc('\n', o);
        }
        if (us.line.nhits) {
            fprintf(o, "  along the line between the centres:\n");
            bool first = true;
            print_hits(o, t, &us.line, false, &first);
        }
    }
out:
    sl_sight_free(&sg);
    sl_world_free(&w);
    return status;
}

static const char catalog_help[] =
    "usage: sightline catalog FILE\n"
    "\n"
    "Prints the sight verdict and distance between fixed points on the table (a\n"
    "12\" grid starting 6\" in from the corner: 6, 18, 30... inches), and for a\n"
    "scenario between every pair of units of different sides. The tests keep a\n"
    "copy for every map in maps/ and compare, so a change to the sight rules\n"
    "shows up as a change to this text.\n";

int cmd_catalog(int argc, char **argv)
{
    if (app_wants_help(argc, argv, catalog_help))
        return 0;
    if (argc != 2) {
        fputs(catalog_help, stderr);
        return 2;
    }
    sl_world w;
    if (!app_load(argv[1], false, &w))
        return 1;
    sl_sight sg;
    if (!sl_sight_init(&sg, &w.scn)) {
        sl_world_free(&w);
        return 1;
    }
    const sl_table *t = &w.scn.table;
    printf("# sightline catalog of %s: %.0f\" x %.0f\", %d features\n", argv[1], t->width / 1000.0, t->height / 1000.0,
           t->nfeatures);
    printf("# from to distance verdict cover band(8\") die blocked-by cover-from\n");
    sl_pt pts[256];
    int n = 0;
    for (int32_t y = 6000; y < t->height && n < 256; y += 12000)
        for (int32_t x = 6000; x < t->width && n < 256; x += 12000)
            pts[n++] = sl_pt_make(x, y);
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            sl_los_result r;
            sl_los_check(&sg.ix, &sg.params, sg.scratch, pts[i], pts[j], &r);
            sl_range R;
            sl_range_judge(sl_dist2(pts[i], pts[j]), 8000, r.cover, false, &R);
            printf("(%.0f,%.0f) (%.0f,%.0f) %.3f %s %s %d %s", pts[i].x / 1000.0, pts[i].y / 1000.0, pts[j].x / 1000.0,
                   pts[j].y / 1000.0, r.distance / 1000.0, r.visible ? "seen" : "hidden", sl_cover_name(r.cover), R.band,
                   r.visible ? sl_die_name(R.die) : "-");
            printf(" %d %d\n", r.block_hit >= 0 ? t->features[r.hits[r.block_hit].feature].id : 0,
                   r.cover_hit >= 0 ? t->features[r.hits[r.cover_hit].feature].id : 0);
        }
    }
    for (int a = 0; a < w.scn.nunits; a++) {
        for (int b = 0; b < w.scn.nunits; b++) {
            if (w.scn.units[a].side == w.scn.units[b].side || !sl_unit_fielded(&w.scn, a) ||
                !sl_unit_fielded(&w.scn, b))
                continue;
            sl_unit_sight us;
            sl_unit_sight_judge(&sg, a, b, false, &us);
            printf("%s %s %.3f %s %s %d %s seen %d/%d\n", w.scn.units[a].id, w.scn.units[b].id,
                   us.range.distance / 1000.0, us.visible ? "seen" : "hidden", sl_cover_name(us.cover), us.range.band,
                   us.visible ? sl_die_name(us.range.die) : "-", us.seen, us.total);
        }
    }
    sl_sight_free(&sg);
    sl_world_free(&w);
    return 0;
}
