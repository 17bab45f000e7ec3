/* Maps, scenarios and lessons: good files give known tables and forces;
 * every broken file gives its own clear error at the right line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/io.h"
#include "sightline/lesson.h"

static const sl_load_opts no_images = {false};

static const sl_feature *feature_named(const sl_table *t, const char *name)
{
    for (int i = 0; i < t->nfeatures; i++)
        if (strcmp(t->features[i].name, name) == 0)
            return &t->features[i];
    fail_msg("no feature named %s", name);
    return NULL;
}

static bool has_pt(const sl_table *t, const sl_feature *f, int32_t x, int32_t y)
{
    const sl_pt *v = sl_feature_pts(t, f);
    for (int i = 0; i < f->npts; i++)
        if (v[i].x == x && v[i].y == y)
            return true;
    return false;
}

static void test_small_map(void **state)
{
    (void)state;
    sl_map m;
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts opts = {true};
    assert_true(sl_map_load("tests/data/small.tmj", &opts, &m, &d));
    /* the missing mat is a warning, not an error */
    assert_int_equal(d.nerrors, 0);
    assert_int_equal(d.nwarnings, 1);
    assert_non_null(strstr(d.msgs[0].text, "no-such-mat.png"));
    assert_null(m.mat.image.rgba);
    assert_string_equal(m.table.name, "Test square");
    assert_int_equal(m.table.width, 24000);
    assert_int_equal(m.table.height, 24000);
    /* the hidden object is not on the table */
    assert_int_equal(m.table.nfeatures, 4);

    /* a 4"x2" rectangle turned 90 degrees clockwise about its corner, in a
     * group layer shifted 10" right: it covers x 8..10, y 0..4 */
    const sl_feature *shed = feature_named(&m.table, "Turned shed");
    assert_int_equal(shed->kind, SL_TERRAIN_BUILDING);
    assert_int_equal(shed->shape, SL_SHAPE_RECT);
    assert_int_equal(shed->npts, 4);
    assert_true(has_pt(&m.table, shed, 10000, 0));
    assert_true(has_pt(&m.table, shed, 10000, 4000));
    assert_true(has_pt(&m.table, shed, 8000, 4000));
    assert_true(has_pt(&m.table, shed, 8000, 0));
    assert_int_equal(shed->height, 3000); /* a building's default */

    const sl_feature *knoll = feature_named(&m.table, "Knoll");
    assert_int_equal(knoll->kind, SL_TERRAIN_HILL);
    assert_int_equal(knoll->shape, SL_SHAPE_ELLIPSE);
    assert_int_equal(knoll->npts, SL_ELLIPSE_SEGMENTS);
    assert_int_equal(knoll->height, 1500);
    assert_int_equal(knoll->lo.x, 0);
    assert_int_equal(knoll->hi.x, 6000);
    assert_int_equal(knoll->lo.y, 10000);
    assert_int_equal(knoll->hi.y, 14000);
    /* the ellipse's area is close to pi*3*2 square inches */
    double area = sl_poly_area(sl_feature_pts(&m.table, knoll), knoll->npts) / 1e6;
    assert_true(fabs(area - M_PI * 6.0) < 0.1);

    /* "forest" is woods; properties in the old name->text form */
    const sl_feature *copse = feature_named(&m.table, "Old copse");
    assert_int_equal(copse->kind, SL_TERRAIN_WOODS);
    assert_int_equal(copse->height, 2500);
    assert_int_equal(copse->going, SL_GOING_DIFFICULT);
    assert_float_equal(sl_poly_area(sl_feature_pts(&m.table, copse), copse->npts), 9e6, 1e-6);

    const sl_feature *wall = feature_named(&m.table, "Stone wall");
    assert_int_equal(wall->shape, SL_SHAPE_POLYLINE);
    assert_int_equal(wall->npts, 3);
    assert_int_equal(wall->thickness, 500);
    /* the artillery rule's words on a map's features, read for it into
     * the feature's rule bits: said true, or not said */
    const char *rule_keys[32];
    int nrule = sl_rule_feature_keys(rule_keys, 32);
    assert_int_equal(nrule, 4);
    assert_int_equal(sl_rule_feature_key("blast_wall"), 2);
    assert_int_equal(sl_rule_feature_key("height"), -1);
    assert_int_equal(sl_feature_rule_flag(wall, "blast_wall"), 1);
    assert_int_equal(sl_feature_rule_flag(wall, "sealed"), -1);
    assert_int_equal(sl_feature_rule_flag(copse, "blast_wall"), -1);
    /* and in a player's words for the feature's tooltip: what is said
     * true, its underscores as spaces; nothing for the copse */
    char said_words[96];
    sl_feature_rule_words(wall, said_words, sizeof said_words);
    assert_string_equal(said_words, " \xC2\xB7 blast wall");
    sl_feature_rule_words(copse, said_words, sizeof said_words);
    assert_string_equal(said_words, "");
    assert_true(has_pt(&m.table, wall, 10000, 10000));
    sl_map_free(&m);
    sl_diag_free(&d);
}

/* Tiled's own re-save of the same map gives the same table. */
static void test_tiled_resave_loads_unchanged(void **state)
{
    (void)state;
    sl_map a, b;
    assert_true(sl_map_load("tests/data/small.tmj", &no_images, &a, NULL));
    assert_true(sl_map_load("tests/data/small.tiled.tmj", &no_images, &b, NULL));
    assert_int_equal(a.table.nfeatures, b.table.nfeatures);
    assert_int_equal(a.table.npts, b.table.npts);
    for (int i = 0; i < a.table.nfeatures; i++) {
        const sl_feature *fa = &a.table.features[i], *fb = &b.table.features[i];
        assert_string_equal(fa->name, fb->name);
        assert_int_equal(fa->kind, fb->kind);
        assert_int_equal(fa->height, fb->height);
        assert_memory_equal(sl_feature_pts(&a.table, fa), sl_feature_pts(&b.table, fb),
                            sizeof(sl_pt) * (size_t)fa->npts);
    }
    sl_map_free(&a);
    sl_map_free(&b);
}

static void test_class_key(void **state)
{
    (void)state;
    /* Tiled 1.9 wrote an object's kind as "class". */
    const char *text = "{\"type\":\"map\",\"width\":10,\"height\":10,\"tilewidth\":10,\"tileheight\":10,"
                       "\"layers\":[{\"type\":\"objectgroup\",\"name\":\"Terrain\",\"objects\":["
                       "{\"id\":1,\"class\":\"water\",\"x\":0,\"y\":0,\"width\":20,\"height\":10}]}]}";
    sl_map m;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_map_load_text(text, strlen(text), "inline.tmj", ".", &no_images, &m, &d));
    assert_int_equal(m.table.nfeatures, 1);
    assert_int_equal(m.table.features[0].kind, SL_TERRAIN_WATER);
    assert_string_equal(m.table.features[0].name, "Water 1");
    /* with no px_per_inch, one tile is one inch, and that is said */
    assert_int_equal(m.table.width, 10000);
    bool warned = false;
    for (int i = 0; i < d.n; i++)
        warned |= strstr(d.msgs[i].text, "px_per_inch") != NULL;
    assert_true(warned);
    sl_map_free(&m);
    sl_diag_free(&d);
}

static void test_real_maps(void **state)
{
    (void)state;
    sl_map m;
    sl_load_opts opts = {true};
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_map_load("maps/farmland.tmj", &opts, &m, &d));
    assert_int_equal(d.nerrors + d.nwarnings, 0);
    assert_int_equal(m.table.width, 72000);
    assert_int_equal(m.table.height, 48000);
    assert_int_equal(m.table.nfeatures, 16);
    assert_non_null(m.mat.image.rgba);
    assert_int_equal(m.mat.image.w, 1440);
    assert_float_equal(m.mat.w, 72.0, 1e-9);
    const sl_feature *hill = feature_named(&m.table, "Gallows Hill");
    assert_int_equal(hill->height, 3000);
    const sl_feature *road = feature_named(&m.table, "Old Mill Road");
    assert_int_equal(road->kind, SL_TERRAIN_ROAD);
    assert_int_equal(road->npts, 10);
    /* something under a point, topmost first */
    int i = sl_table_feature_at(&m.table, sl_pt_make(60000, 17000), 0);
    assert_true(i >= 0);
    assert_string_equal(m.table.features[i].name, "Farmhouse");
    sl_map_free(&m);
    sl_diag_free(&d);

    sl_diag_init(&d);
    assert_true(sl_map_load("maps/town.tmj", &opts, &m, &d));
    assert_int_equal(d.nerrors + d.nwarnings, 0);
    assert_int_equal(m.table.nfeatures, 25);
    const sl_feature *chapel = feature_named(&m.table, "Chapel");
    assert_int_equal(chapel->npts, 12);
    /* a 4x10 nave and an 11x3 transept crossing it: 40 + 33 - 12 */
    assert_float_equal(sl_poly_area(sl_feature_pts(&m.table, chapel), 12) / 1e6, 61.0, 1e-6);
    sl_map_free(&m);
    sl_diag_free(&d);
}

/* One pixel of the mat, at map pixel (x, y) (the mat is the map's own
 * pixel size here). */
static const unsigned char *mat_px(const sl_map *m, int x, int y)
{
    return m->mat.image.rgba + ((size_t)y * (size_t)m->mat.image.w + (size_t)x) * 4;
}

static bool is_white(const unsigned char *p) { return p[0] == 255 && p[1] == 255 && p[2] == 255; }
static bool is_road(const unsigned char *p) { return abs(p[0] - 150) <= 8 && abs(p[1] - 138) <= 8 && abs(p[2] - 112) <= 8; }
/* The trees are darker than any grass (whose red is 78 or more). */
static bool is_tree(const unsigned char *p) { return p[0] < 60 && p[2] < 50 && p[1] > p[0]; }

/* maps/crossroads.tmj: a Tiled 1.8 tile map with an external .tsx
 * tileset (margin, spacing, a transparent colour) and an embedded image
 * collection, layers as a CSV array, zlib, gzip and plain base64, tiles
 * flipped and turned, a tinted half-opaque layer in a group, and trees
 * bigger than their cells. The tiles become the mat under the terrain. */
static void test_tile_map(void **state)
{
    (void)state;
    sl_map m;
    sl_load_opts opts = {true};
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_map_load("maps/crossroads.tmj", &opts, &m, &d));
    for (int i = 0; i < d.n; i++)
        fprintf(stderr, "%s\n", d.msgs[i].text);
    assert_int_equal(d.nerrors + d.nwarnings, 0);
    assert_int_equal(m.table.width, 48000);
    assert_int_equal(m.table.height, 32000);
    assert_int_equal(m.table.nfeatures, 4);
    assert_non_null(m.mat.image.rgba);
    assert_int_equal(m.mat.image.w, 48 * 32);
    assert_int_equal(m.mat.image.h, 32 * 32);
    assert_float_equal(m.mat.w, 48.0, 1e-9);
    assert_float_equal(m.mat.h, 32.0, 1e-9);
    /* The milestone tile: white in its top-left corner, flipped by the map. */
    assert_true(is_white(mat_px(&m, 21 * 32 + 29, 15 * 32 + 2)));  /* H: top-right */
    assert_false(is_white(mat_px(&m, 21 * 32 + 2, 15 * 32 + 2)));
    assert_true(is_white(mat_px(&m, 27 * 32 + 2, 17 * 32 + 29)));  /* V: bottom-left */
    assert_false(is_white(mat_px(&m, 27 * 32 + 2, 17 * 32 + 2)));
    assert_true(is_white(mat_px(&m, 21 * 32 + 2, 17 * 32 + 2)));   /* D: stays top-left */
    assert_false(is_white(mat_px(&m, 21 * 32 + 29, 17 * 32 + 2)));
    /* The east-west road tile, turned a quarter (D + H) for the north-south road. */
    assert_true(is_road(mat_px(&m, 3 * 32 + 5, 16 * 32 + 15)));
    assert_false(is_road(mat_px(&m, 3 * 32 + 5, 16 * 32 + 2)));
    assert_true(is_road(mat_px(&m, 24 * 32 + 15, 5 * 32 + 2)));
    assert_false(is_road(mat_px(&m, 24 * 32 + 2, 5 * 32 + 15)));
    /* The farmhouse floor: stone (128,124,118) tinted #d8c8b0 at 90% over grass. */
    const unsigned char *f = mat_px(&m, 30 * 32 + 5, 5 * 32 + 3);
    assert_in_range(f[0], 95, 118);
    assert_in_range(f[2], 66, 92);
    assert_true(f[0] > f[2] + 15);
    /* A 64 px tree on a 32 px cell reaches up and right from the cell's bottom-left. */
    assert_true(is_tree(mat_px(&m, 40 * 32 + 32, 5 * 32)));
    assert_true(is_tree(mat_px(&m, 40 * 32 + 32, 4 * 32 + 8)));
    assert_false(is_tree(mat_px(&m, 40 * 32 + 32, 6 * 32 + 8)));
    /* The tileset's magenta between tiles is its transparent colour: never drawn. */
    size_t n = (size_t)m.mat.image.w * (size_t)m.mat.image.h;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = m.mat.image.rgba + 4 * i;
        assert_false(p[0] == 255 && p[1] == 0 && p[2] == 255);
        assert_int_equal(p[3], 255);
    }
    sl_map_free(&m);
    sl_diag_free(&d);
}

static bool has_warning(const sl_diag *d, const char *file_part, int line, const char *phrase)
{
    for (int i = 0; i < d->n; i++)
        if (d->msgs[i].level == SL_DIAG_WARNING && strstr(d->msgs[i].file, file_part) &&
            (line < 0 || d->msgs[i].line == line) && strstr(d->msgs[i].text, phrase))
            return true;
    return false;
}

/* What cannot be drawn is said and left out; the table still loads. */
static void test_tile_map_warnings(void **state)
{
    (void)state;
    sl_map m;
    sl_load_opts opts = {true};
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_map_load("tests/data/tiles/warnings.tmj", &opts, &m, &d));
    assert_int_equal(d.nerrors, 0);
    assert_true(has_warning(&d, "warnings.tmj", 4, "missing.tsx' could not be read"));
    assert_true(has_warning(&d, "broken.tsx", 3, "an attribute has no '='"));
    assert_true(has_warning(&d, "warnings.tmj", 5, "broken.tsx' could not be read"));
    assert_true(has_warning(&d, "warnings.tmj", 8, "zstd-compressed tile layers cannot be read"));
    assert_false(has_warning(&d, "warnings.tmj", -1, "is in no tileset"));
    assert_non_null(m.mat.image.rgba);
    sl_map_free(&m);
    sl_diag_free(&d);
    /* Without images (sightline check) the layers' data is still read. */
    sl_diag_init(&d);
    assert_true(sl_map_load("maps/crossroads.tmj", &no_images, &m, &d));
    assert_int_equal(d.nerrors + d.nwarnings, 0);
    assert_null(m.mat.image.rgba);
    sl_map_free(&m);
    sl_diag_free(&d);
}

static void test_small_scenario(void **state)
{
    (void)state;
    sl_world w;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_world_load("tests/data/small.json", &no_images, &w, &d));
    assert_int_equal(d.nerrors, 0);
    const sl_scenario *s = &w.scn;
    assert_string_equal(s->name, "Two squads");
    assert_int_equal(s->table.nfeatures, 4);
    assert_int_equal(s->options.wood_edge_depth, 1500);
    assert_int_equal(s->options.integrity_measure, 1);
    assert_int_equal(s->nsides, 2);
    /* default colour and marker for the first side, given ones for the second */
    assert_int_equal(s->sides[0].r, 0);
    assert_int_equal(s->sides[0].g, 114);
    assert_int_equal(s->sides[0].marker, SL_MARKER_TRIANGLE);
    assert_int_equal(s->sides[1].r, 0xcc);
    assert_int_equal(s->sides[1].marker, SL_MARKER_DIAMOND);
    /* two squads, and the empty detached element each keeps in reserve */
    int fielded = 0;
    for (int u = 0; u < s->nunits; u++)
        fielded += sl_unit_fielded(s, u);
    assert_int_equal(fielded, 2);
    assert_int_equal(s->nfigures, 5);

    int b1 = sl_scenario_find_unit(s, "b1");
    assert_int_equal(b1, 0);
    const sl_unit *u = &s->units[b1];
    assert_int_equal(u->quality, SL_Q_REGULAR);
    assert_int_equal(u->armour, SL_D8);
    assert_int_equal(u->motivation, SL_MOT_MEDIUM);
    assert_int_equal(u->confidence, SL_CONF_CONFIDENT);
    assert_int_equal(u->nfigures, 3);
    assert_int_equal(u->leader, sl_scenario_find_figure(s, "b1-l"));
    /* a squad with a leader keeps an empty unit for a detached element;
     * one without (r1) does not */
    assert_int_equal(u->element, sl_scenario_find_unit(s, "b1.D"));
    assert_int_equal(s->units[u->element].parent, b1);
    assert_int_equal(s->units[u->element].nfigures, 0);
    assert_int_equal(s->units[u->element].commander, b1);
    assert_false(sl_unit_fielded(s, u->element));
    assert_int_equal(s->units[sl_scenario_find_unit(s, "r1")].element, -1);
    /* figures without ids are named after their unit */
    int f2 = sl_scenario_find_figure(s, "b1-2");
    assert_true(f2 >= 0);
    assert_int_equal(s->figures[f2].role, SL_ROLE_SUPPORT);
    assert_int_equal(s->figures[f2].support, sl_weapon_find("saw"));
    assert_int_equal(s->figures[f2].weapon, sl_weapon_find("advanced-ar"));
    int f3 = sl_scenario_find_figure(s, "b1-3");
    assert_int_equal(s->figures[f3].weapon, sl_weapon_find("smg"));
    assert_true(s->figures[f3].equipment & SL_EQUIP_MEDIKIT);
    assert_int_equal(s->figures[f3].base_r, 492);

    const sl_unit *r = &s->units[sl_scenario_find_unit(s, "r1")];
    assert_int_equal(r->fatigue, SL_FAT_TIRED);
    assert_int_equal(r->confidence, SL_CONF_STEADY); /* tired units start steady */
    assert_int_equal(r->leader, -1);
    int rb = sl_scenario_find_figure(s, "r1-b");
    assert_int_equal(s->figures[rb].base_r, 787); /* 40 mm */
    assert_int_equal(s->figures[rb].status, SL_FIG_WOUNDED);
    assert_int_equal(sl_scenario_figure_at(s, sl_pt_make(22300, 20300), 0), rb);
    assert_int_equal(sl_scenario_figure_at(s, sl_pt_make(12000, 12000), 0), -1);
    sl_world_free(&w);
    sl_diag_free(&d);
}

static void test_shipped_scenarios(void **state)
{
    (void)state;
    const char *files[] = {"maps/default.json", "maps/town.json"};
    for (size_t i = 0; i < 2; i++) {
        sl_world w;
        sl_diag d;
        sl_diag_init(&d);
        assert_true(sl_world_load(files[i], &no_images, &w, &d));
        assert_int_equal(d.nerrors + d.nwarnings, 0);
        assert_int_equal(w.scn.nsides, 2);
        assert_true(w.scn.nunits >= 6);
        for (int u = 0; u < w.scn.nunits; u++)
            assert_true(w.scn.units[u].leader >= 0 || w.scn.units[u].parent >= 0);
        sl_world_free(&w);
        sl_diag_free(&d);
    }
}

/* Each broken file, the line its first error is on, and words from it. */
static const struct {
    const char *file;
    int line;
    const char *phrase;
} broken[] = {
    {"not_json.tmj", 3, "not valid JSON"},
    {"missing_width.tmj", 1, "missing field 'width'"},
    {"bad_kind.tmj", 6, "did you mean 'woods'"},
    {"self_crossing.tmj", 6, "crosses itself"},
    {"bad_height.tmj", 7, "property 'height' must be a number"},
    {"isometric.tmj", 1, "orthogonal"},
    {"infinite.tmj", 2, "untick Infinite"},
    {"no_type.tmj", 5, "has no terrain kind"},
    {"polyline_road.tmj", 6, "only walls and hedges"},
    {"zero_rect.tmj", 5, "width and height above zero"},
    {"tileset.tmj", 1, "not a map"},
    {"tiles_base64.tmj", 6, "the layer's data is not base64"},
    {"tiles_count.tmj", 6, "holds 3 tiles; its width x height is 4"},
    {"tiles_gid.tmj", 6, "a tile must be a whole number from 0 to 4294967295, not a string"},
    {"tiles_zlib.tmj", 7, "cannot be unpacked (compression 'zlib')"},
    {"dup_id.tmj", 6, "object id 9 is used twice"},
    {"template.tmj", 5, "Detach"},
    {"two_point_polygon.tmj", 6, "at least 3 distinct points"},
    {"bad_armour_class.tmj", 6, "armour_class must be"},
    {"bad_version.json", 3, "newer than this sightline reads"},
    {"wrong_format.json", 2, "sightline-scenario"},
    {"unknown_side.json", 8, "did you mean 'blue'"},
    {"bad_quality.json", 9, "'vetran' is not a valid quality"},
    {"off_table.json", 10, "off the 24\" x 24\" table"},
    {"dup_figure.json", 11, "figure id 'f1' is used twice"},
    {"unknown_weapon.json", 10, "'laser-rifle' is not a small arm"},
    {"missing_map.json", 0, "cannot open"},
    {"broken_map.json", 6, "crosses itself"},
    {"two_leaders.json", 10, "already has a leader"},
    {"bad_leadership.json", 9, "leadership must be 1"},
    {"bad_rule.json", 7, "did you mean 'wood_edge_depth'"},
    {"bad_rule_value.json", 7, "must be one of: centres,bases"},
    {"x_string.json", 9, "'x' must be a number, not a string"},
    {"units_object.json", 7, "'units' must be a list"},
    {"bad_id.json", 8, "is not a usable id"},
    {"no_figures.json", 9, "has no figures"},
    {"small_arm_as_support.json", 9, "is not a support weapon"},
    {"empty.json", 1, "not valid JSON"},
    {"array_root.json", 1, "must be a JSON object"},
    {"fireteam_small.json", 9, "fireteam 1 of 'b1' has 1 figure besides the squad leader"},
    {"fireteam_loner.json", 12, "figure 'b1-4' is in no fireteam"},
    {"fireteam_one.json", 9, "'b1' has one fireteam"},
    {"fireteam_untrained.json", 10, "untrained_fireteams forbids it fireteams"},
    {"ambush_unmarked.json", 7, "[sides[1].ambushes] side 'red' ambushes, but the scenario's rules have no \"ambush\""},
    {"ambush_two.json", 6, "[rules.ambush] an ambush needs exactly one side marked \"ambushes\": true (2 are)"},
    {"ambush_no_zone.json", 6, "[rules.ambush] the ambusher 'red' has no set-up zone on the map"},
    {"infantry_airtight.json", 11, "[units[1].sealed] only a vehicle is airtight or sealed (buildings say it on the map)"},
    {"dummies_no_zone.json", 7, "[sides[1].dummies] side 'red' counts out dummies, but the map has no set-up zone"},
    {"support_chits.json", 6, "[sides[1].request_chits] request_chits must be a number from 0 to 21"},
    {"support_rounds.json", 13, "[support[0].rounds] rounds must be 1 to 6, not 0"},
    {"support_arrival.json", 13, "[support[0].arrival] arrival must be 0 (at once) to 3 turns, not 5"},
    {"support_missions.json", 13, "[support[0].missions] missions must be 0 (any number) to 99, not 100"},
    {"vehicle_sealed_open.json", 10, "[units[1].sealed] a vehicle that is not airtight (open-topped, or airtight: "},
    {"support_crew.json", 13, "[support[0].crew] 'r1' is a vehicle: a piece on its own carriage says"},
    {"fireteam_number.json", 10, "fireteam must be a number from 1 to 6"},
    {"skirmish_no_sp.json", 11, "'sp'"},
    {"long_name.json", 17, "'name' is 100 bytes long (50 characters); at most 96 bytes fit"},
    {"dup_unit_figure.json", 29, "unit id 'r1' is already a figure's id"},
    {"dup_side_unit.json", 16, "unit id 'blue' is already a side's id"},
    {"team_id_clash.json", 16, "'b1.2', the id sightline gives one of this squad's fireteams, is already a unit's id"},
    {"support_unit_id.json", 44, "[support[0].id] support asset id 'r1' is already a unit's id"},
    {"support_figure_id.json", 44, "[support[0].id] support asset id 'b1-a' is already a figure's id"},
    {"support_dup_id.json", 48, "[support[1].id] support asset id 'mortars' is used twice"},
};

/* Each broken lesson (lesson_*.json), the line of its error, words from
 * it, and words from a file it names that must never be shown. Each is
 * refused when read or when its scenario is loaded (as `sightline
 * lesson` does), with an error in the lesson itself at the field's line. */
static const struct {
    const char *file;
    int line;
    const char *phrase;
    const char *never;
} broken_lessons[] = {
    {"lesson_blast_huge.json", 14, "[steps[1].blast[0]] the blast's X must be on the table, in inches from 0 up", NULL},
    {"lesson_blast_radius.json", 16, "[steps[1].blast[2]] the blast's radius must be above 0 and at most 100", NULL},
    {"lesson_blast_off.json", 13, "[steps[1].blast] the blast's centre (30, 5) is off the 24\" x 24\" table", NULL},
    {"lesson_pointer_kind.json", 14, "[steps[1].pointer[1]] 'line' is not a pointer mark: a mark is {\"ping\"", NULL},
    {"lesson_pointer_ring.json", 11, "[steps[0].pointer[1].ring[2]] the ring's radius must be above 0 and at most 100 inches, not 0", NULL},
    {"lesson_pointer_off.json", 14, "[steps[1].pointer[1]] the arrow's head (30, 8) is off the 24\" x 24\" table", NULL},
    {"lesson_plan_huge.json", 15, "[steps[1].plan[0][0]] a point's X must be on the table", NULL},
    {"lesson_plan_off.json", 18, "[steps[1].plan[1]] the plan's point (5, 25) is off the 24\" x 24\" table", NULL},
    {"lesson_seed_string.json", 15, "[seed] 'seed' must be a number, not a string", NULL},
    {"lesson_step_title.json", 13, "[steps[1].title] 'title' must be a string", NULL},
    {"lesson_scenario_dir.json", 5, "[scenario] cannot open 'tests/data/broken/.': it is a directory", NULL},
    {"lesson_scenario_missing.json", 5, "[scenario] cannot open 'tests/data/broken/no_such_scenario.json': No such file",
     NULL},
    {"lesson_scenario_not_json.json", 5, "[scenario] the scenario 'tests/data/broken/../sdl_in_core.c' cannot be loaded",
     "Compiled"},
    {"lesson_no_forces.json", 5, "[scenario] 'tests/data/broken/../small.tmj' has no forces to play", NULL},
    {"lesson_dice_dir.json", 15, "[dice] cannot open 'tests/data/broken/..': it is a directory", NULL},
    {"lesson_dice_device.json", 15, "[dice] cannot open '/dev/zero': it is a device, not a file", NULL},
    {"lesson_dice_wrong_file.json", 15,
     "[dice] the dice file 'tests/data/broken/../sdl_in_core.c', line 1, column 1: expected a die value from 1 to 12, "
     "found something that is not a number", "Compiled"},
};

/* The lesson is refused: read, then its scenario loaded. */
static void check_broken_lesson(size_t i)
{
    char path[512];
    snprintf(path, sizeof path, "tests/data/broken/%s", broken_lessons[i].file);
    sl_lesson l;
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_lesson_load(path, &l, &d);
    if (ok) {
        sl_world w;
        ok = sl_lesson_load_world(&l, &no_images, &w, &d);
        if (ok)
            sl_world_free(&w);
        sl_lesson_free(&l);
    }
    if (ok)
        fail_msg("%s was taken but should not have been", path);
    const sl_diag_msg *own = NULL;
    for (int k = 0; k < d.n; k++) {
        char line[1500];
        sl_diag_format(&d.msgs[k], line, sizeof line);
        if (broken_lessons[i].never && strstr(line, broken_lessons[i].never))
            fail_msg("%s: a message quotes a file it names: %s", path, line);
        if (!own && d.msgs[k].level == SL_DIAG_ERROR && strcmp(d.msgs[k].file, path) == 0)
            own = &d.msgs[k];
    }
    if (!own)
        fail_msg("%s: no error in the lesson itself", path);
    char line[1500];
    sl_diag_format(own, line, sizeof line);
    if (!strstr(line, broken_lessons[i].phrase))
        fail_msg("%s: expected \"%s\" in: %s", path, broken_lessons[i].phrase, line);
    if (own->line != broken_lessons[i].line || own->col < 1)
        fail_msg("%s: expected line %d, got: %s", path, broken_lessons[i].line, line);
    sl_diag_free(&d);
}

/* Every rule option listed once, those below in the order `sightline
 * options` has always listed them (a house rule's own among the base's,
 * where its row says; a rule added since may list its own anywhere),
 * found by its name, and set to its default by default. */
static void test_options_listing(void **state)
{
    (void)state;
    static const char *const order[] = {
        "figure_height", "wood_edge_depth", "integrity_measure", "integrity_circle", "integrity_chain",
        "cover_distance", "crest_cover", "unit_centre", "suppressed_move", "confidence_half", "potential_hits",
        "armour_class_roll", "casualties_threat", "reaction_fire", "last_stand", "spotting_by_fire",
        "lose_contact", "cross_training", "recover_enemy_kit", "first_activation", "fog_counts",
        "missile_guidance", "opportunity_fire", "untrained_fireteams", "ruleset", "fireteam_reaction", "ambush",
        "ambush_passengers_spot", "ambush_spot", "ambush_route", "fae_vehicles"};
    int n = (int)(sizeof order / sizeof order[0]), all = sl_option_count(), seen = 0;
    assert_true(all >= n);
    assert_null(sl_option_get(all));
    sl_options o;
    sl_options_default(&o);
    for (int i = 0; i < all; i++) {
        const sl_option_desc *d = sl_option_get(i);
        assert_non_null(d);
        assert_ptr_equal(sl_option_find(d->name), d);
        if (seen < n && strcmp(d->name, order[seen]) == 0)
            seen++;
        double want = d->type == SL_OPT_INCHES ? d->default_value * 1000.0 : d->default_value;
        assert_int_equal(sl_option_value(&o, d), (int32_t)lround(want));
    }
    assert_int_equal(seen, n);
    /* a house rule's option is its own: setting it changes no other */
    sl_options set = o;
    char err[200];
    assert_true(sl_option_set_word(&set, sl_option_find("ambush_spot"), "both-dice", err, sizeof err));
    for (int i = 0; i < all; i++) {
        const sl_option_desc *d = sl_option_get(i);
        bool spot = strcmp(d->name, "ambush_spot") == 0;
        assert_int_equal(sl_option_value(&set, d), spot ? 1 : sl_option_value(&o, d));
    }
    /* the ruleset's choices are the rulesets' names as their rows give
     * them, in the tables' order: each sets its index and reads back, and
     * a wrong word's refusal lists them */
    const sl_option_desc *rs = sl_option_find("ruleset");
    char list[200], word[40];
    sl_option_choices(rs, "|", list, sizeof list);
    assert_string_equal(list, "stargrunt2|skirmishcorps");
    static const char *const names[] = {"stargrunt2", "skirmishcorps"};
    for (int i = 0; i < 2; i++) {
        assert_true(sl_option_set_word(&set, rs, names[i], err, sizeof err));
        assert_int_equal(sl_option_value(&set, rs), i);
        sl_option_format(&set, rs, word, sizeof word);
        assert_string_equal(word, names[i]);
    }
    assert_false(sl_option_set_word(&set, rs, "warhammer", err, sizeof err));
    assert_string_equal(err, "option 'ruleset' must be one of: stargrunt2,skirmishcorps");
    sl_option_choices(sl_option_find("integrity_measure"), ", ", list, sizeof list);
    assert_string_equal(list, "centres, bases");
}

/* A figure's "fireteam" and a unit's "fireteams" are the fireteams
 * rule's own keys, read by it (the loader names neither); the squad it
 * splits still becomes its teams, named and led as before. */
static void test_fireteam_keys_are_the_rules(void **state)
{
    (void)state;
    const char *keys[64];
    int n = sl_rule_keys(SL_KEYS_FIGURE, keys, 64), found = 0;
    for (int i = 0; i < n; i++)
        found += strcmp(keys[i], "fireteam") == 0;
    assert_int_equal(found, 1);
    n = sl_rule_keys(SL_KEYS_UNIT, keys, 64);
    found = 0;
    for (int i = 0; i < n; i++)
        found += strcmp(keys[i], "fireteams") == 0;
    assert_int_equal(found, 1);
    sl_world w;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_world_load_any(SL_SOURCE_DIR "/maps/fireteams.json", &no_images, &w, &d));
    int squad = -1, teams = 0;
    for (int u = 0; u < w.scn.nunits; u++)
        if (sl_unit_whole(&w.scn, u) >= 0) {
            const sl_unit *t = &w.scn.units[u], *sq = &w.scn.units[sl_unit_whole(&w.scn, u)];
            squad = sl_unit_whole(&w.scn, u);
            char want[SL_ID_LEN + 8];
            snprintf(want, sizeof want, "%s.%d", sq->id, sl_unit_part_no(&w.scn, u));
            assert_string_equal(t->id, want);
            assert_int_equal(t->commander, squad);
            assert_true(t->nfigures >= 2);
            for (int f = t->first_figure; f < t->first_figure + t->nfigures; f++)
                assert_int_equal(w.scn.figures[f].unit, u);
            teams++;
        }
    assert_true(squad >= 0 && teams >= 2);
    sl_world_free(&w);
    sl_diag_free(&d);
}

static void test_broken_corpus(void **state)
{
    (void)state;
    size_t n = sizeof broken / sizeof broken[0];
    for (size_t i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "tests/data/broken/%s", broken[i].file);
        sl_world w;
        sl_diag d;
        sl_diag_init(&d);
        bool ok = sl_world_load_any(path, &no_images, &w, &d);
        if (ok)
            fail_msg("%s loaded but should not have", path);
        assert_true(d.nerrors > 0);
        const sl_diag_msg *first = NULL;
        for (int k = 0; k < d.n && !first; k++)
            if (d.msgs[k].level == SL_DIAG_ERROR)
                first = &d.msgs[k];
        assert_non_null(first);
        char line[1500];
        sl_diag_format(first, line, sizeof line);
        if (!strstr(line, broken[i].phrase))
            fail_msg("%s: expected \"%s\" in: %s", path, broken[i].phrase, line);
        if (first->line != broken[i].line)
            fail_msg("%s: expected line %d, got: %s", path, broken[i].line, line);
        /* the message names the file */
        assert_non_null(strstr(line, ".tmj") ? strstr(line, ".tmj") : strstr(line, ".json"));
        sl_diag_free(&d);
    }
    size_t nl = sizeof broken_lessons / sizeof broken_lessons[0];
    for (size_t i = 0; i < nl; i++)
        check_broken_lesson(i);
    /* Every file in the corpus has an expectation here. */
    DIR *dir = opendir("tests/data/broken");
    assert_non_null(dir);
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.')
            continue;
        bool listed = false;
        for (size_t i = 0; i < n; i++)
            listed |= strcmp(broken[i].file, e->d_name) == 0;
        for (size_t i = 0; i < nl; i++)
            listed |= strcmp(broken_lessons[i].file, e->d_name) == 0;
        if (!listed)
            fail_msg("tests/data/broken/%s has no expectation in test_loaders.c", e->d_name);
    }
    closedir(dir);
}

static void test_json_locate(void **state)
{
    (void)state;
    const char *t = "{\n  \"a\": [1,\n    {\"b\": \"x\"}],\n  \"c\\\"d\": 5 }";
    int line, col;
    assert_true(sl_json_locate(t, strlen(t), ".a[1].b", &line, &col));
    assert_int_equal(line, 3);
    assert_int_equal(col, 11);
    assert_true(sl_json_locate(t, strlen(t), ".c\"d", &line, &col));
    assert_int_equal(line, 4);
    assert_false(sl_json_locate(t, strlen(t), ".a[5]", &line, &col));
    assert_false(sl_json_locate(t, strlen(t), ".zz", &line, &col));
    /* broken text never crashes it */
    assert_false(sl_json_locate("{\"a\": [1, ", 10, ".a[3]", &line, &col));
}

static void test_suggestions(void **state)
{
    (void)state;
    const char *words[] = {"quality", "leadership", "motivation"};
    assert_string_equal(sl_suggest("qualty", words, 3), "quality");
    assert_string_equal(sl_suggest("leaderhsip", words, 3), "leadership");
    assert_null(sl_suggest("banana", words, 3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_map),      cmocka_unit_test(test_tiled_resave_loads_unchanged),
        cmocka_unit_test(test_class_key),      cmocka_unit_test(test_real_maps),
        cmocka_unit_test(test_small_scenario), cmocka_unit_test(test_shipped_scenarios),
        cmocka_unit_test(test_options_listing),
        cmocka_unit_test(test_fireteam_keys_are_the_rules), cmocka_unit_test(test_broken_corpus),  cmocka_unit_test(test_json_locate),
        cmocka_unit_test(test_suggestions),    cmocka_unit_test(test_tile_map),
        cmocka_unit_test(test_tile_map_warnings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
