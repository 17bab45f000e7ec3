/* Lessons: reading the file, and playing its game to a step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonread.h"
#include "sightline/geom.h"
#include "sightline/lesson.h"
#include "sightline/save.h"
#include "sightline/table.h"

#define LESSON_FORMAT "sightline-lesson"

void sl_lesson_free(sl_lesson *l)
{
    free(l->dice);
    free(l->commands);
    free(l->steps);
    memset(l, 0, sizeof *l);
}

static bool add_command(sl_lesson *l, const char *text)
{
    char(*grown)[256] = realloc(l->commands, sizeof *grown * (size_t)(l->ncommands + 1));
    if (!grown)
        return false;
    l->commands = grown;
    snprintf(l->commands[l->ncommands++], 256, "%s", text);
    return true;
}

/* A file the lesson names (its scenario, its dice), checked before it is
 * read: an error at the field, naming the file, when it is not a plain
 * file that can be read. Nothing of it is read, so nothing is quoted. */
static bool named_file_ok(jr *r, const char *path)
{
    char why[200];
    if (sl_file_check(path, why, sizeof why))
        return true;
    jr_error(r, "cannot open '%s': %s", path, why);
    return false;
}

/* A dice file named by the lesson: its problems are the lesson's, at the
 * field "dice", naming the file and the place in it (the dice loader
 * never quotes what it found, so a file that is not a dice file shows
 * nothing of itself). */
static bool read_dice_file(jr *r, const char *name, const char *dir, sl_lesson *l)
{
    char path[SL_PATH_MAX];
    sl_path_join(dir, name, path, sizeof path);
    if (!named_file_ok(r, path))
        return false;
    sl_diag own;
    sl_diag_init(&own);
    bool ok = sl_dice_file_load(path, &l->dice, &l->ndice, &own);
    for (int i = 0; i < own.n; i++) {
        const sl_diag_msg *m = &own.msgs[i];
        if (m->line > 0)
            jr_msg(r, m->level, "the dice file '%s', line %d, column %d: %s", path, m->line, m->col, m->text);
        else
            jr_msg(r, m->level, "the dice file '%s': %s", path, m->text);
    }
    if (!ok && own.n == 0)
        jr_error(r, "the dice file '%s' cannot be read", path);
    sl_diag_free(&own);
    return ok;
}

/* The dice: an array of whole numbers, or the name of a dice file beside
 * the lesson. */
static bool read_dice(jr *r, json_t *root, const char *dir, sl_lesson *l)
{
    json_t *v = json_object_get(root, "dice");
    if (!v)
        return true; /* dice from the seed */
    size_t at = jr_push_key(r, "dice");
    bool ok = true;
    if (json_is_string(v)) {
        ok = read_dice_file(r, json_string_value(v), dir, l);
    } else if (json_is_array(v)) {
        l->dice = malloc(sizeof(int) * (json_array_size(v) + 1));
        ok = l->dice != NULL;
        for (size_t i = 0; ok && i < json_array_size(v); i++) {
            json_t *x = json_array_get(v, i);
            size_t k = jr_push_index(r, i);
            if (!json_is_integer(x) || json_integer_value(x) < 1 || json_integer_value(x) > 100) {
                jr_error(r, "a die's result is a whole number from 1 up, not %s", jr_type_name(x));
                ok = false;
            } else {
                l->dice[l->ndice++] = (int)json_integer_value(x);
            }
            jr_pop(r, k);
        }
    } else {
        jr_error(r, "dice is a list of whole numbers or the name of a dice file, not %s", jr_type_name(v));
        ok = false;
    }
    jr_pop(r, at);
    return ok;
}

/* Where the value at r's path (plus `key`) is in the lesson. */
static void where(jr *r, const char *key, int *line, int *col)
{
    size_t a = key ? jr_push_key(r, key) : 0;
    *line = *col = 0;
    sl_json_locate(r->text, r->len, r->path, line, col);
    if (key)
        jr_pop(r, a);
}

/* Element i of arr, a place on the table in inches: a finite number from
 * 0 up that a table can hold, as the scenario loader takes a figure's x
 * and y (whether it is on the lesson's own table is checked with the
 * table, in sl_lesson_load_world). An error at the number if not. */
static bool table_inches(jr *r, json_t *arr, size_t i, const char *what, double *out)
{
    json_t *v = json_array_get(arr, i);
    int32_t mils;
    size_t k = jr_push_index(r, i);
    bool ok = json_is_number(v) && json_number_value(v) >= 0 && sl_inches_to_mils(json_number_value(v), &mils);
    if (ok)
        *out = json_number_value(v);
    else if (json_is_number(v))
        jr_error(r, "%s must be on the table, in inches from 0 up, not %g", what, json_number_value(v));
    else
        jr_error(r, "%s is a number of inches, not %s", what, jr_type_name(v));
    jr_pop(r, k);
    return ok;
}

/* "blast": [X, Y, RADIUS] in inches. */
static bool read_blast(jr *r, json_t *blast, sl_lesson_step *st)
{
    size_t a = jr_push_key(r, "blast");
    bool ok = json_array_size(blast) == 3;
    if (!ok)
        jr_error(r, "blast is [X, Y, RADIUS] in inches, the radius above 0 and at most %g", SL_LESSON_MAX_BLAST);
    ok = ok && table_inches(r, blast, 0, "the blast's X", &st->blast_x);
    ok = ok && table_inches(r, blast, 1, "the blast's Y", &st->blast_y);
    json_t *rv = json_array_get(blast, 2);
    if (ok && (!json_is_number(rv) || !(json_number_value(rv) > 0) || json_number_value(rv) > SL_LESSON_MAX_BLAST)) {
        size_t k = jr_push_index(r, 2);
        if (json_is_number(rv))
            jr_error(r, "the blast's radius must be above 0 and at most %g inches, not %g", SL_LESSON_MAX_BLAST,
                     json_number_value(rv));
        else
            jr_error(r, "the blast's radius is a number of inches, not %s", jr_type_name(rv));
        jr_pop(r, k);
        ok = false;
    }
    if (ok) {
        st->blast = true;
        st->blast_r = json_number_value(rv);
        where(r, NULL, &st->blast_line, &st->blast_col);
    }
    jr_pop(r, a);
    return ok;
}

/* "plan": [[X, Y], ...] in inches, the selected unit's way. */
static bool read_plan(jr *r, json_t *plan, sl_lesson_step *st)
{
    size_t a = jr_push_key(r, "plan");
    size_t n = json_array_size(plan);
    bool ok = true;
    if (n < 1 || n > SL_LESSON_MAX_PLAN) {
        jr_error(r, "plan is a way of 1 to %d points [X, Y] in inches, from the unit", SL_LESSON_MAX_PLAN);
        ok = false;
    }
    for (size_t i = 0; ok && i < n; i++) {
        json_t *p = json_array_get(plan, i);
        size_t b = jr_push_index(r, i);
        if (!json_is_array(p) || json_array_size(p) != 2) {
            jr_error(r, "a point of the plan is [X, Y] in inches");
            ok = false;
        } else if (table_inches(r, p, 0, "a point's X", &st->plan[2 * i]) &&
                   table_inches(r, p, 1, "a point's Y", &st->plan[2 * i + 1])) {
            where(r, NULL, &st->plan_line[i], &st->plan_col[i]);
            st->nplan = (int)i + 1;
        } else {
            ok = false;
        }
        jr_pop(r, b);
    }
    if (ok && !st->select[0]) {
        jr_error(r, "a plan is the selected unit's way: say which unit with select");
        ok = false;
    }
    if (!ok)
        st->nplan = 0;
    jr_pop(r, a);
    return ok;
}

/* A point [X, Y] of a pointer mark in inches, to mils. */
static bool mark_point(jr *r, json_t *p, const char *what, sl_pt *out)
{
    double x, y;
    if (!json_is_array(p) || json_array_size(p) != 2) {
        jr_error(r, "%s is [X, Y] in inches, not %s", what, jr_type_name(p));
        return false;
    }
    if (!table_inches(r, p, 0, "its X", &x) || !table_inches(r, p, 1, "its Y", &y))
        return false;
    return sl_inches_to_mils(x, &out->x) && sl_inches_to_mils(y, &out->y);
}

#define POINTER_FORMS "{\"ping\": [X, Y]}, {\"arrow\": [[X, Y], [X, Y]]} or {\"ring\": [X, Y, RADIUS]}"

/* One of a step's pointer marks: an object with one key, ping, arrow or
 * ring, its places in inches. */
static bool read_mark(jr *r, json_t *e, sl_pen_mark *m)
{
    const char *kind = json_is_object(e) && json_object_size(e) == 1 ? json_object_iter_key(json_object_iter(e)) : "";
    json_t *v = json_is_object(e) ? json_object_get(e, kind) : NULL;
    if (strcmp(kind, "ping") != 0 && strcmp(kind, "arrow") != 0 && strcmp(kind, "ring") != 0) {
        if (json_is_object(e) && json_object_size(e) == 1)
            jr_error(r, "'%s' is not a pointer mark: a mark is " POINTER_FORMS, kind);
        else
            jr_error(r, "a pointer mark is an object with one key: " POINTER_FORMS);
        return false;
    }
    size_t a = jr_push_key(r, kind);
    bool ok;
    memset(m, 0, sizeof *m);
    if (strcmp(kind, "ping") == 0) {
        m->kind = SL_PEN_PING;
        ok = mark_point(r, v, "a ping", &m->a);
        m->b = m->a;
    } else if (strcmp(kind, "arrow") == 0) {
        m->kind = SL_PEN_ARROW;
        ok = json_is_array(v) && json_array_size(v) == 2;
        if (!ok)
            jr_error(r, "an arrow is [[X, Y], [X, Y]] in inches, from its tail to its head");
        for (size_t i = 0; ok && i < 2; i++) {
            size_t k = jr_push_index(r, i);
            ok = mark_point(r, json_array_get(v, i), i ? "the arrow's head" : "the arrow's tail", i ? &m->b : &m->a);
            jr_pop(r, k);
        }
        if (ok && m->a.x == m->b.x && m->a.y == m->b.y) {
            jr_error(r, "the arrow's head is its tail: an arrow goes somewhere");
            ok = false;
        }
    } else {
        m->kind = SL_PEN_RING;
        double x, y, rad = 0;
        json_t *rv = json_array_get(v, 2);
        ok = json_is_array(v) && json_array_size(v) == 3;
        if (!ok)
            jr_error(r, "a ring is [X, Y, RADIUS] in inches, the radius above 0 and at most %g", SL_LESSON_MAX_BLAST);
        ok = ok && table_inches(r, v, 0, "the ring's X", &x) && table_inches(r, v, 1, "the ring's Y", &y);
        if (ok && (!json_is_number(rv) || !((rad = json_number_value(rv)) > 0) || rad > SL_LESSON_MAX_BLAST)) {
            size_t k = jr_push_index(r, 2);
            if (json_is_number(rv))
                jr_error(r, "the ring's radius must be above 0 and at most %g inches, not %g", SL_LESSON_MAX_BLAST, rad);
            else
                jr_error(r, "the ring's radius is a number of inches, not %s", jr_type_name(rv));
            jr_pop(r, k);
            ok = false;
        }
        if (ok) {
            ok = sl_inches_to_mils(x, &m->a.x) && sl_inches_to_mils(y, &m->a.y) && sl_inches_to_mils(rad, &m->r);
            m->b = m->a;
        }
    }
    jr_pop(r, a);
    return ok;
}

/* "pointer": the demonstrator's pings, arrows and rings at this step. */
static bool read_pointer(jr *r, json_t *list, sl_lesson_step *st)
{
    size_t a = jr_push_key(r, "pointer");
    size_t n = json_array_size(list);
    bool ok = true;
    int pings = 0;
    if (n > SL_PEN_MAX) {
        jr_error(r, "a step's pointer holds at most %d marks, not %zu", SL_PEN_MAX, n);
        ok = false;
    }
    for (size_t i = 0; ok && i < n; i++) {
        size_t b = jr_push_index(r, i);
        sl_pen_mark *m = &st->marks[i];
        ok = read_mark(r, json_array_get(list, i), m);
        if (ok && m->kind == SL_PEN_PING && ++pings > SL_PINGS_MAX) {
            jr_error(r, "a step pings at most %d places at once", SL_PINGS_MAX);
            ok = false;
        }
        if (ok) {
            where(r, NULL, &st->mark_line[i], &st->mark_col[i]);
            st->nmarks = (int)i + 1;
        }
        jr_pop(r, b);
    }
    if (!ok)
        st->nmarks = 0;
    jr_pop(r, a);
    return ok;
}

static bool read_step(jr *r, json_t *s, sl_lesson *l, sl_lesson_step *st)
{
    static const char *const known[] = {"title", "caption", "commands", "select", "target", "show", "blast", "plan", "pointer"};
    jr_check_keys(r, s, known, (int)(sizeof known / sizeof known[0]));
    bool ok = true;
    const char *t;
    if (jr_text(r, s, "title", false, sizeof st->title - 1, &t))
        snprintf(st->title, sizeof st->title, "%s", t);
    if (jr_text(r, s, "caption", true, sizeof st->caption - 1, &t))
        snprintf(st->caption, sizeof st->caption, "%s", t);
    else
        ok = false;
    if (jr_text(r, s, "select", false, sizeof st->select - 1, &t))
        snprintf(st->select, sizeof st->select, "%s", t);
    if (jr_text(r, s, "target", false, sizeof st->target - 1, &t))
        snprintf(st->target, sizeof st->target, "%s", t);
    st->first_command = l->ncommands;
    json_t *cmds = jr_array(r, s, "commands", false);
    for (size_t i = 0; cmds && i < json_array_size(cmds); i++) {
        json_t *c = json_array_get(cmds, i);
        size_t a = jr_push_key(r, "commands"), b = jr_push_index(r, i);
        if (!json_is_string(c) || json_string_length(c) >= 256) {
            jr_error(r, "a command is a line of text (at most 255 bytes), as in a script");
            ok = false;
        } else if (!add_command(l, json_string_value(c))) {
            jr_error(r, "out of memory");
            ok = false;
        }
        jr_pop(r, b);
        jr_pop(r, a);
    }
    st->ncommands = l->ncommands - st->first_command;
    json_t *show = jr_array(r, s, "show", false);
    for (size_t i = 0; show && i < json_array_size(show); i++) {
        json_t *x = json_array_get(show, i);
        const char *w = json_is_string(x) ? json_string_value(x) : "";
        size_t a = jr_push_key(r, "show"), b = jr_push_index(r, i);
        if (strcmp(w, "bands") == 0)
            st->bands = true;
        else if (strcmp(w, "los") == 0)
            st->los = true;
        else if (strcmp(w, "integrity") == 0)
            st->integrity = true;
        else {
            jr_error(r, "'%s' is not an overlay: show takes bands, los and integrity", w);
            ok = false;
        }
        jr_pop(r, b);
        jr_pop(r, a);
    }
    json_t *blast = jr_array(r, s, "blast", false);
    if (blast && !read_blast(r, blast, st))
        ok = false;
    json_t *plan = jr_array(r, s, "plan", false);
    if (plan && !read_plan(r, plan, st))
        ok = false;
    json_t *pointer = jr_array(r, s, "pointer", false);
    if (pointer && !read_pointer(r, pointer, st))
        ok = false;
    return ok;
}

/* "size": [WIDTH, HEIGHT] of the pictures. */
static bool read_size(jr *r, json_t *root, sl_lesson *out)
{
    json_t *size = jr_array(r, root, "size", false);
    if (!size)
        return true;
    if (json_array_size(size) == 2 && json_is_integer(json_array_get(size, 0)) &&
        json_is_integer(json_array_get(size, 1)) && json_integer_value(json_array_get(size, 0)) >= 640 &&
        json_integer_value(json_array_get(size, 1)) >= 480 && json_integer_value(json_array_get(size, 0)) <= 8192 &&
        json_integer_value(json_array_get(size, 1)) <= 8192) {
        out->width = (int)json_integer_value(json_array_get(size, 0));
        out->height = (int)json_integer_value(json_array_get(size, 1));
        return true;
    }
    size_t a = jr_push_key(r, "size");
    jr_error(r, "size is [WIDTH, HEIGHT] in pixels, from 640x480 to 8192x8192");
    jr_pop(r, a);
    return false;
}

bool sl_lesson_load(const char *path, sl_lesson *out, sl_diag *d)
{
    memset(out, 0, sizeof *out);
    int errors_before = d ? d->nerrors : 0;
    bool files_ok = true;
    snprintf(out->path, sizeof out->path, "%s", path);
    out->width = 1600;
    out->height = 1000;
    size_t len;
    char dir[SL_PATH_MAX];
    char *text = io_read(path, &len, dir, sizeof dir, d);
    if (!text)
        return false;
    jr r;
    jr_init(&r, path, text, len, d);
    json_t *root = jr_parse(&r);
    bool ok = root != NULL;
    if (ok && !json_is_object(root)) {
        jr_error(&r, "a lesson is a JSON object with format \"%s\"", LESSON_FORMAT);
        ok = false;
    }
    const char *s;
    if (ok) {
        static const char *const known[] = {"format", "version", "title", "scenario", "seed", "dice", "size", "steps"};
        jr_check_keys(&r, root, known, (int)(sizeof known / sizeof known[0]));
        if (!jr_str(&r, root, "format", true, &s) || strcmp(s, LESSON_FORMAT) != 0) {
            if (json_object_get(root, "format")) {
                size_t a = jr_push_key(&r, "format");
                jr_error(&r, "this is not a lesson (format \"%s\" expected)", LESSON_FORMAT);
                jr_pop(&r, a);
            }
            ok = false;
        }
    }
    long version = 1;
    if (ok && jr_int(&r, root, "version", false, &version) && version != 1) {
        size_t a = jr_push_key(&r, "version");
        jr_error(&r, "lesson version %ld is not known (this program reads version 1)", version);
        jr_pop(&r, a);
        ok = false;
    }
    if (ok && jr_text(&r, root, "title", true, sizeof out->title - 1, &s))
        snprintf(out->title, sizeof out->title, "%s", s);
    else
        ok = false;
    if (ok && jr_str(&r, root, "scenario", true, &s)) {
        sl_path_join(dir, s, out->scenario, sizeof out->scenario);
        where(&r, "scenario", &out->scenario_line, &out->scenario_col);
        /* a file that cannot be read is an error, and the rest of the
         * lesson is still read for its own errors */
        size_t a = jr_push_key(&r, "scenario");
        files_ok = named_file_ok(&r, out->scenario);
        jr_pop(&r, a);
    } else {
        ok = false;
    }
    long seed = 1;
    if (ok && json_object_get(root, "seed") && (!jr_int(&r, root, "seed", false, &seed) || seed < 0)) {
        if (seed < 0) {
            size_t a = jr_push_key(&r, "seed");
            jr_error(&r, "the seed is a whole number from 0 up");
            jr_pop(&r, a);
        }
        ok = false;
    }
    out->seed = (uint64_t)seed;
    if (ok)
        files_ok = read_dice(&r, root, dir, out) && files_ok;
    if (ok)
        ok = read_size(&r, root, out);
    json_t *steps = ok ? jr_array(&r, root, "steps", true) : NULL;
    if (ok && (!steps || json_array_size(steps) == 0)) {
        if (steps) {
            size_t a = jr_push_key(&r, "steps");
            jr_error(&r, "a lesson has at least one step");
            jr_pop(&r, a);
        }
        ok = false;
    }
    if (ok) {
        out->nsteps = (int)json_array_size(steps);
        out->steps = calloc((size_t)out->nsteps, sizeof *out->steps);
        ok = out->steps != NULL;
    }
    for (int i = 0; ok && i < out->nsteps; i++) {
        json_t *st = json_array_get(steps, (size_t)i);
        size_t a = jr_push_key(&r, "steps"), b = jr_push_index(&r, (size_t)i);
        int line = 0, col = 0;
        sl_json_locate(text, len, r.path, &line, &col);
        out->steps[i].line = line;
        if (!json_is_object(st)) {
            jr_error(&r, "a step is an object with a caption and its commands");
            ok = false;
        } else if (!read_step(&r, st, out, &out->steps[i])) {
            ok = false;
        }
        jr_pop(&r, b);
        jr_pop(&r, a);
    }
    /* an error said is an error acted on: a field of the wrong type that
     * a reader above only reported still stops the lesson */
    if (!files_ok || (d && d->nerrors > errors_before))
        ok = false;
    json_decref(root);
    free(text);
    if (!ok)
        sl_lesson_free(out);
    return ok;
}

/* An error of the lesson's, at a place found when it was read. */
#define lesson_error(l, line, col, ...) sl_diag_add(d, SL_DIAG_ERROR, (l)->path, (line), (col), 0, __VA_ARGS__)

/* Step i's pointer marks on the table t: a ping, an arrow's ends and a
 * ring's middle (a ring may reach past the edge). */
static bool marks_on_table(const sl_lesson *l, int i, const sl_table *t, sl_diag *d)
{
    static const char *const what[] = {"the ping", "the arrow's tail", "the ring's middle"};
    const sl_lesson_step *st = &l->steps[i];
    bool ok = true;
    for (int k = 0; k < st->nmarks; k++) {
        const sl_pen_mark *m = &st->marks[k];
        bool tail = sl_table_contains(t, m->a), head = sl_table_contains(t, m->b);
        if (tail && head)
            continue;
        char field[64];
        snprintf(field, sizeof field, "steps[%d].pointer[%d]", i, k);
        sl_pt off = tail ? m->b : m->a;
        lesson_error(l, st->mark_line[k], st->mark_col[k], field, "%s (%g, %g) is off the %g\" x %g\" table of '%s'",
                     tail ? "the arrow's head" : what[m->kind], off.x / 1000.0, off.y / 1000.0,
                     t->width / (double)SL_MILS_PER_INCH, t->height / (double)SL_MILS_PER_INCH, l->scenario);
        ok = false;
    }
    return ok;
}

/* Every blast and planned point of the lesson on the table of w. */
static bool overlays_on_table(const sl_lesson *l, const sl_world *w, sl_diag *d)
{
    const sl_table *t = &w->scn.table;
    double tw = t->width / (double)SL_MILS_PER_INCH, th = t->height / (double)SL_MILS_PER_INCH;
    bool ok = true;
    char field[64];
    for (int i = 0; i < l->nsteps; i++) {
        const sl_lesson_step *st = &l->steps[i];
        sl_pt c;
        if (st->blast && (!sl_inches_to_mils(st->blast_x, &c.x) || !sl_inches_to_mils(st->blast_y, &c.y) ||
                          !sl_table_contains(t, c))) {
            snprintf(field, sizeof field, "steps[%d].blast", i);
            lesson_error(l, st->blast_line, st->blast_col, field, "the blast's centre (%g, %g) is off the %g\" x %g\" table of '%s'",
                         st->blast_x, st->blast_y, tw, th, l->scenario);
            ok = false;
        }
        for (int k = 0; k < st->nplan; k++) {
            sl_pt p;
            if (sl_inches_to_mils(st->plan[2 * k], &p.x) && sl_inches_to_mils(st->plan[2 * k + 1], &p.y) &&
                sl_table_contains(t, p))
                continue;
            snprintf(field, sizeof field, "steps[%d].plan[%d]", i, k);
            lesson_error(l, st->plan_line[k], st->plan_col[k], field, "the plan's point (%g, %g) is off the %g\" x %g\" table of '%s'",
                         st->plan[2 * k], st->plan[2 * k + 1], tw, th, l->scenario);
            ok = false;
        }
        ok = marks_on_table(l, i, t, d) && ok;
    }
    return ok;
}

bool sl_lesson_load_world(const sl_lesson *l, const sl_load_opts *opts, sl_world *w, sl_diag *d)
{
    if (!sl_world_load_any(l->scenario, opts, w, d)) {
        lesson_error(l, l->scenario_line, l->scenario_col, "scenario",
                     "the scenario '%s' cannot be loaded (its errors are above)", l->scenario);
        sl_world_free(w);
        return false;
    }
    bool ok = true;
    if (w->scn.nunits == 0 || w->scn.nsides == 0) {
        lesson_error(l, l->scenario_line, l->scenario_col, "scenario",
                     "'%s' has no forces to play: a lesson plays a scenario with sides and units", l->scenario);
        ok = false;
    }
    ok = overlays_on_table(l, w, d) && ok;
    if (!ok)
        sl_world_free(w);
    return ok;
}

bool sl_lesson_play_to(const sl_lesson *l, const sl_world *w, sl_play *p, int step, int *step_from, char *err,
                       size_t errlen)
{
    p->autosave[0] = '\0'; /* a lesson never touches the player's own games */
    if (!sl_play_start(p, w, l->scenario, l->seed, err, errlen))
        return false;
    p->autosave[0] = '\0';
    if (!p->on) {
        snprintf(err, errlen, "%s:%d:%d: error: [scenario] '%s' has no forces to play", l->path, l->scenario_line,
                 l->scenario_col, l->scenario);
        return false;
    }
    if (l->ndice > 0)
        sl_game_script_dice(&p->game, l->dice, l->ndice);
    sl_game_begin(&p->game);
    if (step >= l->nsteps)
        step = l->nsteps - 1;
    for (int s = 0; s <= step; s++) {
        const sl_lesson_step *st = &l->steps[s];
        /* the rolls shown: this step's, or those of the last step that
         * played anything (a step that only explains keeps them) */
        if (step_from && (s == 0 || st->ncommands > 0))
            *step_from = p->game.journal.n;
        for (int k = 0; k < st->ncommands; k++) {
            char why[500];
            const char *line = l->commands[st->first_command + k];
            if (!sl_play_do_line(p, line, why, sizeof why)) {
                snprintf(err, errlen, "%s:%d: step %d, command '%.200s' refused: %.200s", l->path, st->line, s + 1, line,
                         why);
                return false;
            }
        }
    }
    return true;
}
