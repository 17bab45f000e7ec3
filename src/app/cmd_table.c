/* Subcommands about the table: render, check, measure, options. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "sightline/geom.h"
#include "sightline/lesson.h"
#include "sightline/play.h"
#include "sightline/table.h"
#include "sightline/ui.h"

bool app_parse_size(const char *s, int *w, int *h)
{
    char x;
    int a, b;
    if (sscanf(s, "%d%c%d", &a, &x, &b) != 3 || (x != 'x' && x != 'X') || a < 64 || b < 64 || a > 16384 ||
        b > 16384)
        return false;
    *w = a;
    *h = b;
    return true;
}

int app_parse_look(const char *who, int argc, char **argv, int *i, int *scale_pct, int *layout)
{
    const char *a = argv[*i];
    bool scale = strcmp(a, "--scale") == 0, lay = strcmp(a, "--layout") == 0;
    if (!(scale || lay) || *i + 1 >= argc)
        return 0;
    const char *val = argv[++*i];
    if (scale) {
        char *end;
        long p = strtol(val, &end, 10);
        if (end == val || (*end && strcmp(end, "%") != 0) || p < 100 || p > 250) {
            fprintf(stderr, "%s: --scale takes a percentage from 100 to 250 (the window's F2 sizes), not '%s'\n", who,
                    val);
            return 2;
        }
        *scale_pct = (int)p;
        return 1;
    }
    int l = sl_layout_parse(val);
    if (l < 0) {
        fprintf(stderr, "%s: --layout takes presentation, table or auto, not '%s'\n", who, val);
        return 2;
    }
    *layout = l;
    return 1;
}

int app_parse_window(const char *who, int argc, char **argv, int *i, app_window *o)
{
    int look = app_parse_look(who, argc, argv, i, &o->scale_pct, &o->layout);
    if (look != 0)
        return look;
    if (strcmp(argv[*i], "--mirror") == 0) {
        o->mirror = true;
        return 1;
    }
    if (*i + 1 >= argc)
        return 0;
    if (strcmp(argv[*i], "--dice-seconds") == 0) {
        char *end;
        const char *val = argv[++*i];
        long secs = strtol(val, &end, 10);
        if (end == val || *end || secs < 0 || secs > 3600) {
            fprintf(stderr, "%s: --dice-seconds takes a number of seconds from 0 (never fade) to 3600, not '%s'\n",
                    who, val);
            return 2;
        }
        o->dice_secs = (int)secs;
        return 1;
    }
    if (strcmp(argv[*i], "--frames") == 0) {
        o->frames = atoi(argv[++*i]);
        return 1;
    }
    if (strcmp(argv[*i], "--size") != 0)
        return 0;
    if (!app_parse_size(argv[++*i], &o->w, &o->h)) {
        fprintf(stderr, "%s: --size takes WIDTHxHEIGHT, such as 1600x1000\n", who);
        return 2;
    }
    return 1;
}

void app_window_apply(const app_window *o)
{
    sl_window_start_with(o->scale_pct, o->layout);
    sl_window_dice_seconds(o->dice_secs);
    sl_window_mirror(o->mirror);
}

bool app_parse_seed(const char *s, uint64_t *out)
{
    /* digits only (strtoull would take "-1" and clamp 2^64 and more) */
    if (!*s)
        return false;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9')
            return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno == ERANGE || *end)
        return false;
    *out = (uint64_t)v;
    return true;
}

bool app_wants_help(int argc, char **argv, const char *text)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(text, stdout);
            return true;
        }
        if (strcmp(argv[i], "--version") == 0) {
            printf("sightline %s\n", SL_VERSION);
            return true;
        }
    }
    return false;
}

void app_print_diags(const sl_diag *d, FILE *out)
{
    char line[1400];
    for (int i = 0; i < d->n; i++) {
        sl_diag_format(&d->msgs[i], line, sizeof line);
        fprintf(out, "%s\n", line);
    }
}

bool app_set_rule(sl_scenario *scn, const char *arg, const char *cmd)
{
    char name[64], err[300];
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : 0;
    if (!eq || n == 0 || n >= sizeof name) {
        fprintf(stderr, "sightline %s: --rule takes NAME=VALUE (sightline options lists them), not '%s'\n", cmd, arg);
        return false;
    }
    memcpy(name, arg, n);
    name[n] = '\0';
    const char *v = eq + 1;
    const sl_option_desc *d = sl_option_find(name);
    bool ok = false;
    if (!d)
        snprintf(err, sizeof err, "no rule option is called '%s' (sightline options lists them)", name);
    else
        ok = sl_option_set_text(&scn->options, d, v, err, sizeof err);
    if (!ok)
        fprintf(stderr, "sightline %s: --rule %s: %s\n", cmd, arg, err);
    else if (!sl_option_in_play(&scn->options, d)) {
        /* set, but no rule of this scenario's ruleset reads it */
        char under[200];
        sl_option_rulesets(d, under, sizeof under);
        fprintf(stderr, "sightline %s: warning: --rule %s changes nothing: %s is not a rule of %s, this scenario's "
                        "ruleset (it applies under %s)\n",
                cmd, arg, d->name, sl_ruleset_title(scn), under[0] ? under : "no ruleset");
    }
    return ok;
}

bool app_load(const char *path, bool images, sl_world *w)
{
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts opts = {images};
    bool ok = sl_world_load_any(path, &opts, w, &d);
    app_print_diags(&d, stderr);
    sl_diag_free(&d);
    return ok;
}

void app_unknown_id(const char *file, const sl_scenario *scn, const char *id, bool units_too)
{
    int n = scn->nfigures + (units_too ? scn->nunits : 0);
    const char **ids = malloc(sizeof(char *) * (size_t)(n + 1));
    const char *hint = NULL;
    if (ids) {
        for (int i = 0; i < scn->nfigures; i++)
            ids[i] = scn->figures[i].id;
        for (int i = 0; units_too && i < scn->nunits; i++)
            ids[scn->nfigures + i] = scn->units[i].id;
        hint = sl_suggest(id, ids, n);
    }
    fprintf(stderr, "%s: no figure%s has id '%s'%s%s%s\n", file, units_too ? " or unit" : "", id,
            hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
    free(ids);
}

static const char render_help[] =
    "usage: sightline render FILE --out IMAGE.png [--size WxH] [--select UNIT]\n"
    "                        [--overlay LIST] [--target UNIT] [--path X,Y;X,Y...]\n"
    "                        [--no-text] [--no-hud] [--scale PERCENT] [--layout L]\n"
    "                        [--script FILE [--seed N] [--dice FILE] [--pick fire:UNIT]]\n"
    "\n"
    "Draws FILE (a scenario or a Tiled map) as the window shows it, with SDL's\n"
    "software renderer and no display. The same inputs give the same bytes.\n"
    "  --size WxH       image size (default 1280x800)\n"
    "  --select UNIT    select a unit (or the unit of a figure) by id\n"
    "  --overlay LIST   comma-separated overlays:\n"
    "                     bands        the selected unit's range bands (SkirmishCorps: its\n"
    "                                  firearm's brackets), clipped to its sight\n"
    "                     los          the sight line from the selected unit to --target\n"
    "                     integrity    every unit's integrity circle\n"
    "                     blast:X,Y,R  a blast template at X,Y (inches) of radius R\n"
    "                     all          bands, los and integrity\n"
    "                     none         no overlays (without --overlay, a render shows the\n"
    "                                  window's own: bands and sight line for a selection)\n"
    "  --target UNIT    the sight line's target (a unit or figure id)\n"
    "  --path X,Y;...   a planned move for the selected unit through these points\n"
    "  --no-text        leave text out (for images that do not depend on FreeType)\n"
    "  --no-hud         draw the table alone, without toolbar, panel and status bar\n"
    "  --scale PERCENT  text and controls at 100 to 250%, as F2 sets them in the\n"
    "                   window (or the largest that fits the image, as there)\n"
    "  --layout presentation|table   the window's layouts (F10): the presentation\n"
    "                   keeps the table clear, cards and dice in a strip beside it;\n"
    "                   without it, the presentation from 150% up, else the table\n"
    "  --script FILE    play these commands first (as `sightline run`) and draw the\n"
    "                   game as it then stands: markers, turn, dice log, action bar\n"
    "  --seed N, --dice FILE   the game's dice, as for `sightline run`\n"
    "  --pick fire:UNIT show the active unit's fire at UNIT before it is made\n"
    "                   (range die, cover and odds); also transfer:, rally:...\n"
    "  --view SIDE      with hidden units (fog of war): draw the game as SIDE knows\n"
    "                   it, each unit hidden from it a counter; without --view a\n"
    "                   render is the referee's, showing everything\n";

static const char overlay_words[] = "bands, los, integrity, all, blast:X,Y,R (X and Y in inches, a place on the "
                                    "table; R above 0 and at most 100)";

/* "bands,los,integrity,blast:36,24,4" -> flags and the blast circle. */
static bool parse_overlays(const char *spec, sl_render_req *req)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    req->overlays |= SL_OVERLAY_SET;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (strcmp(tok, "none") == 0)
            continue;
        if (strcmp(tok, "bands") == 0)
            req->overlays |= SL_OVERLAY_BANDS;
        else if (strcmp(tok, "los") == 0)
            req->overlays |= SL_OVERLAY_LOS;
        else if (strcmp(tok, "integrity") == 0)
            req->overlays |= SL_OVERLAY_INTEGRITY;
        else if (strcmp(tok, "all") == 0)
            req->overlays |= SL_OVERLAY_BANDS | SL_OVERLAY_LOS | SL_OVERLAY_INTEGRITY;
        else if (strncmp(tok, "blast:", 6) == 0) {
            char *y = strtok_r(NULL, ",", &save), *r = y ? strtok_r(NULL, ",", &save) : NULL;
            char *e1, *e2, *e3;
            if (!y || !r)
                return false;
            req->blast_x = strtod(tok + 6, &e1);
            req->blast_y = strtod(y, &e2);
            req->blast_r = strtod(r, &e3);
            if (*e1 || *e2 || *e3 || !isfinite(req->blast_x) || !isfinite(req->blast_y) ||
                !(req->blast_r > 0) || req->blast_r > SL_LESSON_MAX_BLAST)
                return false;
            req->overlays |= SL_OVERLAY_BLAST;
        } else {
            return false;
        }
    }
    return true;
}

/* "10,5;14,8" -> x,y pairs. */
static int parse_path(const char *spec, double *xy, int max_pts)
{
    int n = 0;
    const char *p = spec;
    while (*p && n < max_pts) {
        char *end;
        double x = strtod(p, &end);
        if (end == p || *end != ',')
            return -1;
        p = end + 1;
        double y = strtod(p, &end);
        if (end == p || (*end && *end != ';') || !isfinite(x) || !isfinite(y))
            return -1;
        xy[2 * n] = x;
        xy[2 * n + 1] = y;
        n++;
        p = *end ? end + 1 : end;
    }
    return *p ? -1 : n;
}

/* --overlay blast:X,Y,R and --path on the table drawn, as a scenario's
 * figures must be; a message and false if not. */
static bool overlays_on_table(const char *file, const sl_world *w, const sl_render_req *req)
{
    const sl_table *t = &w->scn.table;
    double tw = t->width / (double)SL_MILS_PER_INCH, th = t->height / (double)SL_MILS_PER_INCH;
    sl_pt p;
    if ((req->overlays & SL_OVERLAY_BLAST) &&
        (!sl_inches_to_mils(req->blast_x, &p.x) || !sl_inches_to_mils(req->blast_y, &p.y) || !sl_table_contains(t, p))) {
        fprintf(stderr, "%s: --overlay blast:%g,%g,%g: the centre is off the %g\" x %g\" table\n", file, req->blast_x,
                req->blast_y, req->blast_r, tw, th);
        return false;
    }
    for (int i = 0; i < req->npath; i++) {
        if (sl_inches_to_mils(req->path[2 * i], &p.x) && sl_inches_to_mils(req->path[2 * i + 1], &p.y) &&
            sl_table_contains(t, p))
            continue;
        fprintf(stderr, "%s: --path: point %d (%g, %g) is off the %g\" x %g\" table\n", file, i + 1, req->path[2 * i],
                req->path[2 * i + 1], tw, th);
        return false;
    }
    return true;
}

/* The file to render, its overlays checked against its table: 0, or the
 * exit status (1 for a file that does not load, 2 for an overlay off it). */
static int load_for_render(const char *file, const sl_render_req *req, sl_world *w)
{
    if (!app_load(file, true, w))
        return 1;
    if (!overlays_on_table(file, w, req)) {
        sl_world_free(w);
        return 2;
    }
    return 0;
}

/* "fire:esu-1": the active unit's command waiting on that target. */
static bool apply_pick(const sl_play *p, const char *spec, sl_render_req *req)
{
    static const char *const verbs[] = {"fire", "transfer", "communicate", "rally", "observe", "assault"};
    const char *colon = strchr(spec, ':');
    if (!colon) {
        fprintf(stderr, "sightline render: --pick takes ACTION:UNIT, such as fire:esu-1\n");
        return false;
    }
    size_t n = (size_t)(colon - spec);
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
        if (strlen(verbs[i]) != n || strncmp(spec, verbs[i], n) != 0)
            continue;
        int t = sl_scenario_find_unit(&p->game.live, colon + 1);
        if (t < 0) {
            app_unknown_id("--pick", &p->game.live, colon + 1, true);
            return false;
        }
        req->has_pick = true;
        req->pick_kind = sl_cmd_find(verbs[i]);
        req->pick_target = t;
        return true;
    }
    fprintf(stderr, "sightline render: '%.*s' is not an action that takes a target\n", (int)n, spec);
    return false;
}

int cmd_render(int argc, char **argv)
{
    if (app_wants_help(argc, argv, render_help))
        return 0;
    sl_render_req req = {.width = 1280, .height = 800, .text = true, .hud = true, .view = -1};
    double path[2 * (SL_PATH_MAX_PTS - 1)];
    const char *file = NULL, *script = NULL, *dice = NULL, *pick = NULL, *view = NULL;
    uint64_t seed = 1;
    int look;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--out") == 0 && i + 1 < argc)
            req.out_path = argv[++i];
        else if (strcmp(a, "--size") == 0 && i + 1 < argc) {
            if (!app_parse_size(argv[++i], &req.width, &req.height)) {
                fprintf(stderr, "sightline render: --size takes WIDTHxHEIGHT between 64 and 16384, such as 1280x800\n");
                return 2;
            }
        } else if (strcmp(a, "--select") == 0 && i + 1 < argc)
            req.select_unit = argv[++i];
        else if (strcmp(a, "--overlay") == 0 && i + 1 < argc) {
            if (!parse_overlays(argv[++i], &req)) {
                fprintf(stderr, "sightline render: --overlay '%s' is not a list of %s\n", argv[i], overlay_words);
                return 2;
            }
        } else if (strcmp(a, "--target") == 0 && i + 1 < argc) {
            req.target = argv[++i];
            req.overlays |= SL_OVERLAY_LOS;
        } else if (strcmp(a, "--path") == 0 && i + 1 < argc) {
            req.npath = parse_path(argv[++i], path, SL_PATH_MAX_PTS - 1);
            if (req.npath < 1) {
                fprintf(stderr, "sightline render: --path takes X,Y;X,Y;... in inches, up to %d points\n",
                        SL_PATH_MAX_PTS - 1);
                return 2;
            }
            req.path = path;
        } else if (strcmp(a, "--script") == 0 && i + 1 < argc)
            script = argv[++i];
        else if (strcmp(a, "--dice") == 0 && i + 1 < argc)
            dice = argv[++i];
        else if (strcmp(a, "--pick") == 0 && i + 1 < argc)
            pick = argv[++i];
        else if (strcmp(a, "--view") == 0 && i + 1 < argc)
            view = argv[++i];
        else if (strcmp(a, "--seed") == 0 && i + 1 < argc) {
            if (!app_parse_seed(argv[++i], &seed)) {
                fprintf(stderr, "sightline render: --seed takes a whole number from 0 to %s, not '%s'\n",
                        APP_SEED_MAX, argv[i]);
                return 2;
            }
        } else if ((look = app_parse_look("sightline render", argc, argv, &i, &req.scale_pct, &req.layout)) != 0) {
            if (look == 2)
                return 2;
        } else if (strcmp(a, "--no-text") == 0)
            req.text = false;
        else if (strcmp(a, "--no-hud") == 0)
            req.hud = false;
        else if (a[0] == '-') {
            fprintf(stderr, "sightline render: unknown option '%s'\n%s", a, render_help);
            return 2;
        } else if (!file)
            file = a;
        else {
            fprintf(stderr, "sightline render: one file at a time\n");
            return 2;
        }
    }
    if (!file || !req.out_path) {
        fprintf(stderr, "sightline render: needs a FILE and --out IMAGE.png\n%s", render_help);
        return 2;
    }
    if ((dice || pick) && !script) {
        fprintf(stderr, "sightline render: --dice and --pick need --script\n");
        return 2;
    }
    sl_world w;
    int loaded = load_for_render(file, &req, &w);
    if (loaded != 0)
        return loaded;
    char assets[1100], err[512];
    snprintf(assets, sizeof assets, "%s/assets", sl_data_dir());
    sl_play play;
    sl_play_init(&play);
    if (view) {
        req.view = sl_scenario_find_side(&w.scn, view);
        if (req.view < 0) {
            fprintf(stderr, "%s: no side has id '%s' (for --view)\n", file, view);
            sl_world_free(&w);
            return 1;
        }
        if (!script) {
            /* the game at its start: what each side knows then */
            if (!sl_play_start(&play, &w, file, seed, err, sizeof err)) {
                fprintf(stderr, "%s: %s\n", file, err);
                sl_world_free(&w);
                return 1;
            }
            sl_game_begin(&play.game);
            req.play = &play;
        }
    }
    if (script) {
        if (app_play_script(&play, &w, file, script, seed, dice, NULL, NULL, false, -1) != 0) {
            sl_play_free(&play);
            sl_world_free(&w);
            return 1;
        }
        req.play = &play;
        if (pick && !apply_pick(&play, pick, &req)) {
            sl_play_free(&play);
            sl_world_free(&w);
            return 1;
        }
    }
    bool ok = sl_render_png(&w, assets, &req, err, sizeof err);
    sl_play_free(&play);
    sl_world_free(&w);
    if (!ok) {
        fprintf(stderr, "sightline render: %s\n", err);
        return 1;
    }
    return 0;
}

static const char check_help[] =
    "usage: sightline check FILE...\n"
    "\n"
    "Reads each scenario or Tiled map and prints every problem as\n"
    "FILE:LINE:COLUMN: error|warning: [FIELD] what is wrong. Exits 1 if any file\n"
    "has errors; warnings alone (a missing mat image, an unknown field) do not fail.\n";

int cmd_check(int argc, char **argv)
{
    if (app_wants_help(argc, argv, check_help))
        return 0;
    if (argc < 2) {
        fputs(check_help, stderr);
        return 2;
    }
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        sl_world w;
        sl_diag d;
        sl_diag_init(&d);
        sl_load_opts opts = {true};
        bool ok = sl_world_load_any(argv[i], &opts, &w, &d);
        app_print_diags(&d, stdout);
        if (ok) {
            int fielded = 0;
            for (int u = 0; u < w.scn.nunits; u++)
                fielded += sl_unit_fielded(&w.scn, u);
            printf("%s: ok: %s, %.0f\" x %.0f\" table, %d terrain features, %d sides, %d units, %d figures%s\n",
                   argv[i], w.scn.name, w.scn.table.width / 1000.0, w.scn.table.height / 1000.0,
                   w.scn.table.nfeatures, w.scn.nsides, fielded, w.scn.nfigures,
                   d.nwarnings ? " (with warnings)" : "");
            sl_world_free(&w);
        } else {
            printf("%s: %d error%s\n", argv[i], d.nerrors, d.nerrors == 1 ? "" : "s");
            bad++;
        }
        sl_diag_free(&d);
    }
    return bad ? 1 : 0;
}

static const char measure_help[] =
    "usage: sightline measure SCENARIO FIGURE_A FIGURE_B [--json]\n"
    "\n"
    "Prints the distance between two figures (by id): centre to centre, and\n"
    "from the nearest edge of one base to the nearest edge of the other (0 when\n"
    "the bases touch). Distances are in inches.\n";

int cmd_measure(int argc, char **argv)
{
    if (app_wants_help(argc, argv, measure_help))
        return 0;
    bool json = false;
    const char *pos[3] = {NULL, NULL, NULL};
    int np = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "sightline measure: unknown option '%s'\n%s", argv[i], measure_help);
            return 2;
        } else if (np < 3)
            pos[np++] = argv[i];
        else {
            fprintf(stderr, "sightline measure: too many arguments\n%s", measure_help);
            return 2;
        }
    }
    if (np != 3) {
        fputs(measure_help, stderr);
        return 2;
    }
    sl_world w;
    if (!app_load(pos[0], false, &w))
        return 1;
    int f[2];
    for (int k = 0; k < 2; k++) {
        f[k] = sl_scenario_find_figure(&w.scn, pos[k + 1]);
        if (f[k] < 0) {
            app_unknown_id(pos[0], &w.scn, pos[k + 1], false);
            sl_world_free(&w);
            return 1;
        }
    }
    const sl_figure *a = &w.scn.figures[f[0]], *b = &w.scn.figures[f[1]];
    double centre = sl_dist(a->pos, b->pos) / 1000.0;
    double edge = sl_base_edge_dist(a->pos, a->base_r, b->pos, b->base_r) / 1000.0;
    if (json) {
        printf("{\"from\":");
        sl_json_fput(stdout, a->id);
        printf(",\"to\":");
        sl_json_fput(stdout, b->id);
        printf(",\"from_pos\":[%.3f,%.3f],\"to_pos\":[%.3f,%.3f],\"centre\":%.3f,\"edge\":%.3f}\n",
               a->pos.x / 1000.0, a->pos.y / 1000.0, b->pos.x / 1000.0, b->pos.y / 1000.0, centre, edge);
    } else {
        printf("%s (%s) to %s (%s)\n", a->id, w.scn.units[a->unit].name, b->id, w.scn.units[b->unit].name);
        printf("  centre to centre: %.2f\"\n", centre);
        printf("  edge to edge:     %.2f\"\n", edge);
    }
    sl_world_free(&w);
    return 0;
}

static const char options_help[] =
    "usage: sightline options\n"
    "\n"
    "Lists every rule option a scenario can set in its \"rules\" object, with its\n"
    "default and what it means, and the rulesets it applies under when that is\n"
    "not every one.\n";

int cmd_options(int argc, char **argv)
{
    if (app_wants_help(argc, argv, options_help))
        return 0;
    sl_options o;
    sl_options_default(&o);
    for (int i = 0; i < sl_option_count(); i++) {
        const sl_option_desc *d = sl_option_get(i);
        char val[64];
        sl_option_format(&o, d, val, sizeof val);
        printf("%s (default %s", d->name, val);
        if (d->type == SL_OPT_CHOICE) {
            char list[256];
            sl_option_choices(d, ",", list, sizeof list);
            printf("; one of %s", list);
        }
        printf(")\n    %s\n", d->doc);
        char under[200];
        if (!sl_option_rulesets(d, under, sizeof under))
            printf("    Only under %s: another ruleset's scenario leaves it out.\n", under[0] ? under : "no ruleset");
    }
    return 0;
}
