/* Scenario files: versioned JSON naming a map, sides, units and figures.
 * See maps/FORMATS.md for every field. */
#include <ctype.h>
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonread.h"
#include "sightline/io.h"
#include "sightline/game.h"

/* Okabe-Ito colours: told apart by the common forms of colour blindness. */
static const uint8_t side_palette[SL_MAX_SIDES][3] = {
    {0, 114, 178},   /* blue */
    {213, 94, 0},    /* vermillion */
    {0, 158, 115},   /* bluish green */
    {204, 121, 167}, /* reddish purple */
};

#define MAX_UNITS 1000
#define MAX_FIGURES_PER_UNIT 64

typedef struct sload {
    jr r;
    sl_world *w;
} sload;

void sl_world_init(sl_world *w)
{
    memset(w, 0, sizeof *w);
    sl_scenario_init(&w->scn);
}

void sl_world_free(sl_world *w)
{
    sl_scenario_free(&w->scn);
    sl_image_free(&w->mat.image);
    memset(w, 0, sizeof *w);
}

/* Copy text into a fixed field, cutting it to fit. */
static void copy_text(char *dst, size_t size, const char *src)
{
    sl_utf8_copy(dst, size, src);
}

static bool valid_id(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= SL_ID_LEN)
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!isalnum(c) && c != '-' && c != '_' && c != '.')
            return false;
    }
    return true;
}

/* Units, figures, sides and support assets are all named by their ids in
 * commands, so an id may be used once among all of them. What already
 * uses `id` ("side", "unit", "figure", "support asset"), or NULL; `own`
 * is a unit being read whose id also counts (its figures come before it
 * is listed). */
static const char *id_user(const sl_scenario *scn, const char *id, const sl_unit *own)
{
    if (own && strcmp(own->id, id) == 0 && sl_scenario_find_side(scn, id) < 0)
        return "unit";
    return sl_scenario_id_user(scn, id);
}

/* The error for an id already in use, at the id field of the object. */
static void id_clash(sload *s, const char *kind, const char *id, const char *user)
{
    size_t q = jr_push_key(&s->r, "id");
    if (strcmp(kind, user) == 0)
        jr_error(&s->r, "%s id '%s' is used twice", kind, id);
    else
        jr_error(&s->r, "%s id '%s' is already a %s's id: sides, units, figures and support assets are named by "
                        "their ids in commands, so each needs its own",
                 kind, id, user);
    jr_pop(&s->r, q);
}

/* Read an id field; errors explain the allowed form. */
static bool read_id(sload *s, json_t *obj, const char *key, bool required, char *out)
{
    const char *v = NULL;
    if (!jr_str(&s->r, obj, key, required, &v))
        return false;
    if (!valid_id(v)) {
        size_t p = jr_push_key(&s->r, key);
        jr_error(&s->r, "'%s' is not a usable id: use 1 to %d letters, digits, '-', '_' or '.'", v,
                 SL_ID_LEN - 1);
        jr_pop(&s->r, p);
        return false;
    }
    snprintf(out, SL_ID_LEN, "%s", v);
    return true;
}

static bool read_colour(sload *s, json_t *obj, uint8_t rgb[3])
{
    const char *v = NULL;
    if (!jr_str(&s->r, obj, "colour", false, &v))
        return false;
    unsigned r, g, b;
    char extra;
    if (strlen(v) != 7 || sscanf(v, "#%2x%2x%2x%c", &r, &g, &b, &extra) != 3) {
        size_t p = jr_push_key(&s->r, "colour");
        jr_error(&s->r, "colour '%s' must be written #RRGGBB", v);
        jr_pop(&s->r, p);
        return false;
    }
    rgb[0] = (uint8_t)r;
    rgb[1] = (uint8_t)g;
    rgb[2] = (uint8_t)b;
    return true;
}

/* --- a rule's keys (sl_keys): the rules read their own ---------------------------- */

static jr *kr(const sl_keys *k) { return &((sload *)k->loader)->r; }
static json_t *ko(const sl_keys *k) { return k->obj; }
static bool k_has(const sl_keys *k, const char *key) { return json_object_get(ko(k), key) != NULL; }
static bool k_integer(const sl_keys *k, const char *key, bool req, long *out)
{
    return jr_int(kr(k), ko(k), key, req, out);
}
static bool k_boolean(const sl_keys *k, const char *key, bool req, bool *out)
{
    return jr_bool(kr(k), ko(k), key, req, out);
}
static bool k_string(const sl_keys *k, const char *key, bool req, const char **out)
{
    return jr_str(kr(k), ko(k), key, req, out);
}
static bool k_text(const sl_keys *k, const char *key, bool req, size_t max, const char **out)
{
    return jr_text(kr(k), ko(k), key, req, max, out);
}
static bool k_own_id(const sl_keys *k, const char *key, const char *kind, char *out)
{
    sload *s = k->loader;
    if (!read_id(s, ko(k), key, true, out))
        return false;
    const char *user = id_user(&s->w->scn, out, NULL);
    if (user)
        id_clash(s, kind, out, user);
    return true;
}
static int unit_ref(sload *s, const sl_scenario *scn, json_t *v, const char *field, const char *what, const char **id);
static int k_unit(const sl_keys *k, const char *key, const char *what, const char **id)
{
    sload *s = k->loader;
    return unit_ref(s, &s->w->scn, json_object_get(ko(k), key), key, what, id);
}
static int k_count(const sl_keys *k, const char *key)
{
    json_t *a = jr_array(kr(k), ko(k), key, false);
    return a ? (int)json_array_size(a) : -1;
}
static const char *k_word(const sl_keys *k, const char *key, int i)
{
    return json_string_value(json_array_get(json_object_get(ko(k), key), (size_t)i));
}
static const char *k_type(const sl_keys *k, const char *key, int i)
{
    return jr_type_name(json_array_get(json_object_get(ko(k), key), (size_t)i));
}
static void keys_of(sload *s, json_t *o, sl_keys *k);
static bool k_object(const sl_keys *k, const char *key, int i, sl_keys *out)
{
    json_t *o = json_array_get(json_object_get(ko(k), key), (size_t)i);
    if (!json_is_object(o))
        return false;
    keys_of(k->loader, o, out);
    return true;
}
static void k_check_keys(const sl_keys *k, const char *const *known, int n) { jr_check_keys(kr(k), ko(k), known, n); }
static size_t k_at_key(const sl_keys *k, const char *key) { return jr_push_key(kr(k), key); }
static size_t k_at_index(const sl_keys *k, size_t i) { return jr_push_index(kr(k), i); }
static void k_back(const sl_keys *k, size_t saved) { jr_pop(kr(k), saved); }
static void k_error(const sl_keys *k, const char *text) { jr_error(kr(k), "%s", text); }

static void keys_of(sload *s, json_t *o, sl_keys *k)
{
    *k = (sl_keys){s,        o,      k_has,    k_integer, k_boolean,    k_string, k_text,   k_own_id, k_unit,
                   k_count,  k_word, k_type,   k_object,  k_check_keys, k_at_key, k_at_index, k_back, k_error};
}

/* The rules read their own keys of object `o` (sl_rule_keys_read). */
static void rule_keys(sload *s, json_t *o, sl_keys_where where, int index)
{
    sl_keys k;
    keys_of(s, o, &k);
    if (!sl_rule_keys_read(&s->w->scn, where, index, &k))
        jr_error(&s->r, "out of memory");
}

/* The keys an object may have: the loader's own, then the rules'. */
static void check_keys(sload *s, json_t *o, const char *const *own, int nown, sl_keys_where where)
{
    const char *known[96];
    int n = 0;
    for (int i = 0; i < nown && n < 64; i++)
        known[n++] = own[i];
    n += sl_rule_keys(where, known + n, 96 - n);
    jr_check_keys(&s->r, o, known, n);
}

/* A word field checked against a parser; the error lists the choices. */
typedef bool (*word_parser)(const char *s, void *out);

static bool read_word(sload *s, json_t *obj, const char *key, bool required, word_parser parse, void *out,
                      const char *choices)
{
    const char *v = NULL;
    if (!jr_str(&s->r, obj, key, required, &v))
        return false;
    if (!parse(v, out)) {
        size_t p = jr_push_key(&s->r, key);
        jr_error(&s->r, "'%s' is not a valid %s; expected one of: %s", v, key, choices);
        jr_pop(&s->r, p);
        return false;
    }
    return true;
}

static bool p_quality(const char *s, void *o) { return sl_quality_parse(s, o); }
static bool p_motivation(const char *s, void *o) { return sl_motivation_parse(s, o); }
static bool p_fatigue(const char *s, void *o) { return sl_fatigue_parse(s, o); }
static bool p_confidence(const char *s, void *o) { return sl_confidence_parse(s, o); }
static bool p_role(const char *s, void *o) { return sl_role_parse(s, o); }
static bool p_kind(const char *s, void *o) { return sl_unit_kind_parse(s, o); }
static bool p_marker(const char *s, void *o) { return sl_marker_parse(s, o); }
static bool p_armour(const char *s, void *o) { return sl_armour_parse(s, o); }
static bool p_mobility(const char *s, void *o) { return sl_mobility_parse(s, o); }

static void load_rules(sload *s, json_t *rules)
{
    size_t p0 = jr_push_key(&s->r, "rules");
    const char *key;
    json_t *v;
    json_object_foreach(rules, key, v) {
        size_t p = jr_push_key(&s->r, key);
        const sl_option_desc *d = sl_option_find(key);
        if (!d) {
            const char *names[64];
            int n = 0;
            for (int i = 0; i < sl_option_count() && n < 64; i++)
                names[n++] = sl_option_get(i)->name;
            const char *hint = sl_suggest(key, names, n);
            if (hint)
                jr_error(&s->r, "'%s' is not a rule option (did you mean '%s'?); `sightline options` lists them",
                         key, hint);
            else
                jr_error(&s->r, "'%s' is not a rule option; `sightline options` lists them", key);
            jr_pop(&s->r, p);
            continue;
        }
        char err[256] = "";
        bool ok;
        if (json_is_boolean(v))
            ok = sl_option_set_bool(&s->w->scn.options, d, json_is_true(v), err, sizeof err);
        else if (json_is_number(v))
            ok = sl_option_set_number(&s->w->scn.options, d, json_number_value(v), err, sizeof err);
        else if (json_is_string(v))
            ok = sl_option_set_word(&s->w->scn.options, d, json_string_value(v), err, sizeof err);
        else {
            ok = false;
            snprintf(err, sizeof err, "option '%s' cannot be %s", key, jr_type_name(v));
        }
        if (!ok)
            jr_error(&s->r, "%s", err);
        jr_pop(&s->r, p);
    }
    jr_pop(&s->r, p0);
}

static bool p_stance(const char *w, void *o) { return sl_stance_parse(w, o); }

static void load_sides(sload *s, json_t *sides)
{
    sl_scenario *scn = &s->w->scn;
    size_t n = json_array_size(sides);
    size_t p0 = jr_push_key(&s->r, "sides");
    if (n == 0)
        jr_error(&s->r, "a scenario needs at least one side");
    if (n > SL_MAX_SIDES)
        jr_error(&s->r, "%zu sides is more than the %d allowed", n, SL_MAX_SIDES);
    static const char *const known[] = {"id", "name", "colour", "marker", "dummies", "notes", "solo_stance"};
    for (size_t i = 0; i < n && i < SL_MAX_SIDES; i++) {
        json_t *o = json_array_get(sides, i);
        size_t p = jr_push_index(&s->r, i);
        if (!json_is_object(o)) {
            jr_error(&s->r, "a side must be an object, not %s", jr_type_name(o));
            jr_pop(&s->r, p);
            continue;
        }
        check_keys(s, o, known, (int)(sizeof known / sizeof known[0]), SL_KEYS_SIDE);
        sl_side *sd = &scn->sides[scn->nsides];
        memset(sd, 0, sizeof *sd);
        const char *user;
        if (read_id(s, o, "id", true, sd->id) && (user = id_user(scn, sd->id, NULL)) != NULL)
            id_clash(s, "side", sd->id, user);
        const char *name = NULL;
        if (jr_text(&s->r, o, "name", false, SL_NAME_MAX, &name))
            snprintf(sd->name, sizeof sd->name, "%s", name);
        else
            copy_text(sd->name, sizeof sd->name, sd->id);
        uint8_t rgb[3] = {side_palette[i][0], side_palette[i][1], side_palette[i][2]};
        read_colour(s, o, rgb);
        sd->r = rgb[0];
        sd->g = rgb[1];
        sd->b = rgb[2];
        sd->marker = (sl_marker)(i % SL_MARKER_COUNT);
        read_word(s, o, "marker", false, p_marker, &sd->marker, "triangle, square, diamond, cross");
        long nd = 0;
        if (json_object_get(o, "dummies") && jr_int(&s->r, o, "dummies", false, &nd)) {
            if (nd < 0 || nd > 26) {
                size_t q = jr_push_key(&s->r, "dummies");
                jr_error(&s->r, "dummies must be a number from 0 to 26, not %ld", nd);
                jr_pop(&s->r, q);
            } else {
                sd->dummies = (int)nd;
            }
        }
        sl_stance stance = SL_STANCE_BALANCED;
        sd->solo_stance = read_word(s, o, "solo_stance", false, p_stance, &stance, "cautious, balanced, aggressive")
                              ? (int)stance
                              : -1;
        rule_keys(s, o, SL_KEYS_SIDE, scn->nsides);
        scn->nsides++;
        jr_pop(&s->r, p);
    }
    jr_pop(&s->r, p0);
}

/* "objectives": {"turns": N, "places": [{id, name, x, y, radius, points,
 * reach}]}: read after the sides, whose ids "reach" names. */
static void load_objectives(sload *s, json_t *obj)
{
    sl_scenario *scn = &s->w->scn;
    size_t p0 = jr_push_key(&s->r, "objectives");
    static const char *const known[] = {"turns", "places", "notes"};
    jr_check_keys(&s->r, obj, known, (int)(sizeof known / sizeof known[0]));
    long turns = 0;
    if (jr_int(&s->r, obj, "turns", false, &turns)) {
        size_t q = jr_push_key(&s->r, "turns");
        if (turns < 1 || turns > 99)
            jr_error(&s->r, "turns must be a number from 1 to 99, not %ld", turns);
        else
            scn->turn_limit = (int)turns;
        jr_pop(&s->r, q);
    }
    json_t *places = jr_array(&s->r, obj, "places", false);
    size_t n = places ? json_array_size(places) : 0;
    size_t q0 = jr_push_key(&s->r, "places");
    if (n > SL_MAX_OBJECTIVES)
        jr_error(&s->r, "%zu places is more than the %d allowed", n, SL_MAX_OBJECTIVES);
    static const char *const pknown[] = {"id", "name", "x", "y", "radius", "points", "reach", "notes"};
    for (size_t i = 0; i < n && i < SL_MAX_OBJECTIVES; i++) {
        json_t *o = json_array_get(places, i);
        size_t p = jr_push_index(&s->r, i);
        if (!json_is_object(o)) {
            jr_error(&s->r, "a place must be an object, not %s", jr_type_name(o));
            jr_pop(&s->r, p);
            continue;
        }
        jr_check_keys(&s->r, o, pknown, (int)(sizeof pknown / sizeof pknown[0]));
        sl_objective *ob = &scn->objectives[scn->nobjectives];
        memset(ob, 0, sizeof *ob);
        ob->reach_side = -1;
        read_id(s, o, "id", true, ob->id);
        for (int k = 0; k < scn->nobjectives; k++)
            if (ob->id[0] && strcmp(scn->objectives[k].id, ob->id) == 0) {
                size_t q = jr_push_key(&s->r, "id");
                jr_error(&s->r, "two places have the id '%s'", ob->id);
                jr_pop(&s->r, q);
            }
        const char *name = NULL;
        if (jr_text(&s->r, o, "name", false, SL_NAME_MAX, &name))
            snprintf(ob->name, sizeof ob->name, "%s", name);
        else
            copy_text(ob->name, sizeof ob->name, ob->id);
        double x, y, r = 3.0;
        bool ok = jr_num(&s->r, o, "x", true, &x);
        ok = jr_num(&s->r, o, "y", true, &y) && ok;
        if (ok && (!sl_inches_to_mils(x, &ob->at.x) || !sl_inches_to_mils(y, &ob->at.y) ||
                   !sl_table_contains(&scn->table, ob->at))) {
            size_t q = jr_push_key(&s->r, x < 0 || x * 1000 > scn->table.width ? "x" : "y");
            jr_error(&s->r, "place '%s' at (%g, %g) is off the %g\" x %g\" table", ob->id, x, y,
                     scn->table.width / 1000.0, scn->table.height / 1000.0);
            jr_pop(&s->r, q);
        }
        if (jr_num(&s->r, o, "radius", false, &r) && (r < 0.5 || r > 24)) {
            size_t q = jr_push_key(&s->r, "radius");
            jr_error(&s->r, "radius must be from 0.5 to 24 inches, not %g", r);
            jr_pop(&s->r, q);
        }
        ob->radius = (int32_t)(r * SL_MILS_PER_INCH + 0.5);
        long pts = 1;
        if (jr_int(&s->r, o, "points", false, &pts) && (pts < 1 || pts > 99)) {
            size_t q = jr_push_key(&s->r, "points");
            jr_error(&s->r, "points must be a number from 1 to 99, not %ld", pts);
            jr_pop(&s->r, q);
        }
        ob->points = (int)pts;
        const char *reach = NULL;
        if (jr_str(&s->r, o, "reach", false, &reach)) {
            ob->reach_side = sl_scenario_find_side(scn, reach);
            if (ob->reach_side < 0) {
                size_t q = jr_push_key(&s->r, "reach");
                jr_error(&s->r, "no side has id '%s' (reach names the side that scores by getting there)", reach);
                jr_pop(&s->r, q);
            }
        }
        scn->nobjectives++;
        jr_pop(&s->r, p);
    }
    jr_pop(&s->r, q0);
    jr_pop(&s->r, p0);
}

static void load_figure(sload *s, json_t *o, sl_unit *u, int unit_index, int nth, int default_weapon,
                        int32_t default_base)
{
    sl_scenario *scn = &s->w->scn;
    static const char *const known[] = {"id", "x", "y", "role", "weapon", "support", "equipment",
                                        "base_mm", "status", "notes"};
    check_keys(s, o, known, (int)(sizeof known / sizeof known[0]), SL_KEYS_FIGURE);
    sl_figure *f = &scn->figures[scn->nfigures];
    memset(f, 0, sizeof *f);
    (void)sl_rule_figure_in_part(scn, scn->nfigures, 0); /* none yet: nothing to make */
    f->unit = unit_index;
    f->weapon = default_weapon;
    f->support = -1;
    f->base_r = default_base / 2;
    if (json_object_get(o, "id")) {
        if (!read_id(s, o, "id", false, f->id))
            return;
    } else {
        char id[64];
        snprintf(id, sizeof id, "%s-%d", u->id, nth + 1);
        if (!valid_id(id)) {
            jr_error(&s->r, "give this figure an id: '%s' would be too long", id);
            return;
        }
        copy_text(f->id, sizeof f->id, id);
    }
    const char *user = id_user(scn, f->id, u);
    if (user)
        id_clash(s, "figure", f->id, user);
    double x, y;
    bool ok = jr_num(&s->r, o, "x", true, &x);
    ok = jr_num(&s->r, o, "y", true, &y) && ok;
    if (ok) {
        if (!sl_inches_to_mils(x, &f->pos.x) || !sl_inches_to_mils(y, &f->pos.y) ||
            !sl_table_contains(&scn->table, f->pos)) {
            size_t q = jr_push_key(&s->r, x < 0 || x * 1000 > scn->table.width ? "x" : "y");
            jr_error(&s->r, "figure '%s' at (%g, %g) is off the %g\" x %g\" table", f->id, x, y,
                     scn->table.width / 1000.0, scn->table.height / 1000.0);
            jr_pop(&s->r, q);
        }
    }
    f->role = SL_ROLE_TROOPER;
    read_word(s, o, "role", false, p_role, &f->role,
              "trooper, leader, support, medic, sniper, specialist, crew");
    const char *wname = NULL;
    if (jr_str(&s->r, o, "weapon", false, &wname)) {
        int wi = sl_weapon_find(wname);
        const sl_weapon *wp = sl_weapon_get(wi);
        size_t q = jr_push_key(&s->r, "weapon");
        if (!wp || wp->cls != SL_WEAPON_SMALL_ARMS)
            jr_error(&s->r, "'%s' is not a small arm; expected one of: %s%s", wname,
                     sl_weapon_list(SL_WEAPON_SMALL_ARMS),
                     wp ? " (support weapons go in 'support')" : "");
        else
            f->weapon = wi;
        jr_pop(&s->r, q);
    }
    if (jr_str(&s->r, o, "support", false, &wname)) {
        int wi = sl_weapon_find(wname);
        const sl_weapon *wp = sl_weapon_get(wi);
        size_t q = jr_push_key(&s->r, "support");
        if (!wp || wp->cls == SL_WEAPON_SMALL_ARMS)
            jr_error(&s->r, "'%s' is not a support weapon; expected one of: %s", wname,
                     sl_weapon_list(SL_WEAPON_SUPPORT));
        else
            f->support = wi;
        jr_pop(&s->r, q);
        if (f->role == SL_ROLE_TROOPER)
            f->role = SL_ROLE_SUPPORT;
    }
    json_t *eq = jr_array(&s->r, o, "equipment", false);
    if (eq) {
        size_t q = jr_push_key(&s->r, "equipment");
        size_t i;
        json_t *e;
        json_array_foreach(eq, i, e) {
            size_t q2 = jr_push_index(&s->r, i);
            const char *word = json_string_value(e);
            if (!word)
                jr_error(&s->r, "equipment must be words, not %s", jr_type_name(e));
            else if (sl_equipment_parse(word))
                f->equipment |= sl_equipment_parse(word);
            else
                jr_error(&s->r, "'%s' is not equipment; expected one of: medikit, ew, fao, sensor", word);
            jr_pop(&s->r, q2);
        }
        jr_pop(&s->r, q);
    }
    double mm;
    if (jr_num(&s->r, o, "base_mm", false, &mm)) {
        if (mm < 5 || mm > 300) {
            size_t q = jr_push_key(&s->r, "base_mm");
            jr_error(&s->r, "base_mm must be between 5 and 300, not %g", mm);
            jr_pop(&s->r, q);
        } else {
            f->base_r = (int32_t)lround(mm / 25.4 * 1000.0 / 2.0);
        }
    }
    const char *status = NULL;
    if (jr_str(&s->r, o, "status", false, &status)) {
        if (strcmp(status, "ok") == 0)
            f->status = SL_FIG_OK;
        else if (strcmp(status, "wounded") == 0)
            f->status = SL_FIG_WOUNDED;
        else if (strcmp(status, "dead") == 0)
            f->status = SL_FIG_DEAD;
        else {
            size_t q = jr_push_key(&s->r, "status");
            jr_error(&s->r, "status '%s' must be ok, wounded or dead", status);
            jr_pop(&s->r, q);
        }
    }
    if (f->role == SL_ROLE_LEADER) {
        if (u->leader >= 0) {
            size_t q = jr_push_key(&s->r, "role");
            jr_error(&s->r, "unit '%s' already has a leader ('%s')", u->id, scn->figures[u->leader].id);
            jr_pop(&s->r, q);
        } else {
            u->leader = scn->nfigures;
        }
    }
    rule_keys(s, o, SL_KEYS_FIGURE, scn->nfigures);
    scn->nfigures++;
    u->nfigures++;
}

/* A unit named by its id in a field (commander, aboard, crew), the
 * field's key already on the path: its index, or -1 with the error said
 * ("FIELD must be WHAT, not TYPE", or no unit has that id). */
static int unit_ref(sload *s, const sl_scenario *scn, json_t *v, const char *field, const char *what, const char **id)
{
    *id = json_string_value(v);
    if (!*id) {
        jr_error(&s->r, "%s must be %s, not %s", field, what, jr_type_name(v));
        return -1;
    }
    int c = sl_scenario_find_unit(scn, *id);
    if (c < 0)
        jr_error(&s->r, "no unit has id '%s'", *id);
    return c;
}

static void load_unit(sload *s, json_t *o, int index)
{
    sl_scenario *scn = &s->w->scn;
    static const char *const known[] = {"id", "name", "side", "kind", "quality", "leadership",
                                        "motivation", "fatigue", "confidence", "armour", "armour_class",
                                        "weapon", "base_mm", "hidden", "figures", "notes",
                                        "commander", "mobility", "ecm", "power_armour", "open_top", "capacity",
                                        "aboard"};
    check_keys(s, o, known, (int)(sizeof known / sizeof known[0]), SL_KEYS_UNIT);
    sl_unit *u = &scn->units[scn->nunits];
    memset(u, 0, sizeof *u);
    u->leader = -1;
    u->element = -1;
    u->parent = -1;
    u->carrier = -1;
    u->first_figure = scn->nfigures;
    const char *user;
    if (read_id(s, o, "id", true, u->id) && (user = id_user(scn, u->id, NULL)) != NULL)
        id_clash(s, "unit", u->id, user);
    const char *name = NULL;
    if (jr_text(&s->r, o, "name", false, SL_NAME_MAX, &name))
        snprintf(u->name, sizeof u->name, "%s", name);
    else
        copy_text(u->name, sizeof u->name, u->id);
    const char *side = NULL;
    if (jr_str(&s->r, o, "side", true, &side)) {
        u->side = sl_scenario_find_side(scn, side);
        if (u->side < 0) {
            size_t q = jr_push_key(&s->r, "side");
            const char *ids[SL_MAX_SIDES];
            for (int i = 0; i < scn->nsides; i++)
                ids[i] = scn->sides[i].id;
            const char *hint = sl_suggest(side, ids, scn->nsides);
            if (hint)
                jr_error(&s->r, "no side has id '%s' (did you mean '%s'?)", side, hint);
            else
                jr_error(&s->r, "no side has id '%s'", side);
            jr_pop(&s->r, q);
            u->side = 0;
        }
    }
    u->kind = SL_UNIT_INFANTRY;
    read_word(s, o, "kind", false, p_kind, &u->kind, "infantry, vehicle, dummy");
    read_word(s, o, "quality", u->kind != SL_UNIT_DUMMY, p_quality, &u->quality,
              "untrained, green, regular, veteran, elite");
    long lv = 2;
    if (jr_int(&s->r, o, "leadership", u->kind != SL_UNIT_DUMMY, &lv) && (lv < 1 || lv > 3)) {
        size_t q = jr_push_key(&s->r, "leadership");
        jr_error(&s->r, "leadership must be 1 (best), 2 or 3 (worst), not %ld", lv);
        jr_pop(&s->r, q);
    }
    u->leadership = (int)lv;
    u->motivation = SL_MOT_MEDIUM;
    read_word(s, o, "motivation", false, p_motivation, &u->motivation, "low, medium, high");
    u->fatigue = SL_FAT_FRESH;
    read_word(s, o, "fatigue", false, p_fatigue, &u->fatigue, "fresh, tired, exhausted");
    u->confidence = sl_fatigue_start_confidence(u->fatigue);
    read_word(s, o, "confidence", false, p_confidence, &u->confidence,
              "confident, steady, shaken, broken, routed");
    u->armour = SL_D4;
    read_word(s, o, "armour", false, p_armour, &u->armour, sl_armour_list());
    long ac = 0;
    if (jr_int(&s->r, o, "armour_class", false, &ac)) {
        if (ac < 0 || ac > 5) {
            size_t q = jr_push_key(&s->r, "armour_class");
            jr_error(&s->r, "armour_class must be 0 to 5, not %ld", ac);
            jr_pop(&s->r, q);
        } else {
            u->armour_class = (int)ac;
        }
    }
    jr_bool(&s->r, o, "hidden", false, &u->hidden);
    u->commander = -1;
    u->mobility = SL_MOB_FOOT;
    read_word(s, o, "mobility", false, p_mobility, &u->mobility,
              "foot, light, slow-power-armour, fast-power-armour, vehicle");
    u->ecm = SL_D4;
    const char *ecm = NULL;
    if (jr_str(&s->r, o, "ecm", false, &ecm)) {
        static const char *const ecm_names[] = {"none", "basic", "enhanced", "superior"};
        static const sl_die ecm_dice[] = {SL_D4, SL_D6, SL_D8, SL_D10};
        int k = -1;
        for (int i = 0; i < 4; i++)
            if (strcmp(ecm, ecm_names[i]) == 0)
                k = i;
        size_t q = jr_push_key(&s->r, "ecm");
        if (k < 0)
            jr_error(&s->r, "ecm '%s' must be one of: none, basic, enhanced, superior", ecm);
        else
            u->ecm = ecm_dice[k];
        jr_pop(&s->r, q);
    }
    jr_bool(&s->r, o, "power_armour", false, &u->power_armour);
    jr_bool(&s->r, o, "open_top", false, &u->open_top);
    long cap = 0;
    if (jr_int(&s->r, o, "capacity", false, &cap)) {
        size_t q = jr_push_key(&s->r, "capacity");
        if (cap < 0 || cap > 64)
            jr_error(&s->r, "capacity must be 0 (any) to 64 figures, not %ld", cap);
        else if (u->kind != SL_UNIT_VEHICLE)
            jr_error(&s->r, "only a vehicle carries troops (this unit's kind is %s)", sl_unit_kind_name(u->kind));
        else
            u->capacity = (int)cap;
        jr_pop(&s->r, q);
    }
    u->carrier = -1;
    int default_weapon = sl_weapon_find("advanced-ar");
    const char *wname = NULL;
    if (jr_str(&s->r, o, "weapon", false, &wname)) {
        int wi = sl_weapon_find(wname);
        const sl_weapon *wp = sl_weapon_get(wi);
        if (!wp || wp->cls != SL_WEAPON_SMALL_ARMS) {
            size_t q = jr_push_key(&s->r, "weapon");
            jr_error(&s->r, "'%s' is not a small arm; expected one of: %s", wname,
                     sl_weapon_list(SL_WEAPON_SMALL_ARMS));
            jr_pop(&s->r, q);
        } else {
            default_weapon = wi;
        }
    }
    int32_t base = SL_BASE_25MM_DIAMETER;
    double mm;
    if (jr_num(&s->r, o, "base_mm", false, &mm)) {
        if (mm < 5 || mm > 300) {
            size_t q = jr_push_key(&s->r, "base_mm");
            jr_error(&s->r, "base_mm must be between 5 and 300, not %g", mm);
            jr_pop(&s->r, q);
        } else {
            base = (int32_t)lround(mm / 25.4 * 1000.0);
        }
    }
    json_t *figs = jr_array(&s->r, o, "figures", true);
    if (figs) {
        size_t n = json_array_size(figs);
        size_t q = jr_push_key(&s->r, "figures");
        if (n == 0)
            jr_error(&s->r, "unit '%s' has no figures", u->id);
        if (n > MAX_FIGURES_PER_UNIT)
            jr_error(&s->r, "%zu figures is more than the %d a unit may have", n, MAX_FIGURES_PER_UNIT);
        for (size_t i = 0; i < n && i < MAX_FIGURES_PER_UNIT; i++) {
            json_t *fo = json_array_get(figs, i);
            size_t q2 = jr_push_index(&s->r, i);
            if (!json_is_object(fo))
                jr_error(&s->r, "a figure must be an object, not %s", jr_type_name(fo));
            else
                load_figure(s, fo, u, index, (int)i, default_weapon, base);
            jr_pop(&s->r, q2);
        }
        jr_pop(&s->r, q);
    }
    rule_keys(s, o, SL_KEYS_UNIT, index);
    scn->nunits++;
}

/* What the house rules say of the scenario (an ambush's sides and map,
 * fireteams an option forbids, artillery's chits, assets and crews, a
 * vehicle sealed that cannot be), each problem at its field. */
static void rule_checks(sload *s)
{
    sl_rule_issue issues[16];
    int n = sl_scenario_rule_checks(&s->w->scn, issues, 16);
    for (int i = 0; i < n; i++) {
        size_t q = jr_push_key(&s->r, issues[i].field);
        jr_error(&s->r, "%s", issues[i].text);
        jr_pop(&s->r, q);
    }
}

/* What the house rules say of the forces as written, before the loader
 * splits squads (a squad's fireteams), each problem at its field; false
 * when there is any. */
static bool written_checks(sload *s)
{
    sl_rule_issue issues[16];
    int n = sl_scenario_written_checks(&s->w->scn, issues, 16);
    for (int i = 0; i < n; i++) {
        size_t q = jr_push_key(&s->r, issues[i].field);
        jr_error(&s->r, "%s", issues[i].text);
        jr_pop(&s->r, q);
    }
    return n == 0;
}

/* The dummies a side counts out ("dummies": N) are made, one figure
 * each, waiting in its set-up zone to be placed in the set-up phase. (A
 * map's zones are matched to sides by id; a zone for a side the scenario
 * does not have is not used, so one map serves many scenarios.) */
static bool zones_and_dummies(sload *s)
{
    sl_scenario *scn = &s->w->scn;
    const sl_table *t = &s->w->scn.table;
    int add = 0;
    for (int sd = 0; sd < scn->nsides; sd++)
        add += scn->sides[sd].dummies;
    if (add == 0)
        return true;
    sl_unit *nu = realloc(scn->units, sizeof(sl_unit) * (size_t)(scn->nunits + add));
    if (nu)
        scn->units = nu;
    sl_figure *nf = realloc(scn->figures, sizeof(sl_figure) * (size_t)(scn->nfigures + add));
    if (nf)
        scn->figures = nf;
    if (!nu || !nf) {
        jr_error(&s->r, "out of memory");
        return false;
    }
    for (int sd = 0; sd < scn->nsides; sd++) {
        if (scn->sides[sd].dummies == 0)
            continue;
        const sl_zone *z = NULL;
        for (int i = 0; i < t->nzones && !z; i++)
            if (strcmp(t->zones[i].side, scn->sides[sd].id) == 0)
                z = &t->zones[i];
        if (!z)
            continue; /* none made: the set-up rule's check says why (written_checks) */
        /* they wait at the zone's first corner, to be placed */
        sl_pt at = t->pts[z->first_pt];
        for (int k = 1; k <= scn->sides[sd].dummies; k++) {
            sl_unit *u = &scn->units[scn->nunits];
            memset(u, 0, sizeof *u);
            char kk[4], nn[4];
            snprintf(kk, sizeof kk, "%d", k % 100);
            snprintf(u->id, sizeof u->id, "%.18s-dummy-%s", scn->sides[sd].id, kk);
            for (int n = 2; id_user(scn, u->id, NULL) && n < 100; n++) {
                snprintf(nn, sizeof nn, "%d", n % 100);
                snprintf(u->id, sizeof u->id, "%.15s-dummy-%s-%s", scn->sides[sd].id, kk, nn);
            }
            snprintf(u->name, sizeof u->name, "%.90s dummy %d", scn->sides[sd].name, k);
            u->side = sd;
            u->kind = SL_UNIT_DUMMY;
            u->quality = SL_Q_REGULAR;
            u->leadership = 2;
            u->hidden = true;
            u->must_place = true;
            u->leader = u->commander = u->element = u->parent = u->carrier = -1;
            if (!sl_rule_unit_made(scn, scn->nunits, -1)) {
                jr_error(&s->r, "out of memory");
                return false;
            }
            u->first_figure = scn->nfigures;
            u->nfigures = 1;
            sl_figure *f = &scn->figures[scn->nfigures++];
            memset(f, 0, sizeof *f);
            snprintf(f->id, sizeof f->id, "%.27s-1", u->id);
            f->unit = scn->nunits;
            f->pos = at;
            f->base_r = SL_BASE_25MM_DIAMETER / 2;
            f->weapon = f->support = -1;
            scn->nunits++;
        }
    }
    return true;
}

/* The id of the detached element the loader makes for squad `ui`
 * (SQUAD.D). It must fit and be free; if not, the error is at the
 * squad's id. */
static bool made_id(sload *s, int ui, const char *squad, char *out)
{
    char err[300];
    if (sl_scenario_made_id(&s->w->scn, squad, ".D", "its detached element", "this squad's detached element", out,
                            err, sizeof err))
        return true;
    size_t p = jr_push_key(&s->r, "units");
    jr_push_index(&s->r, (size_t)ui);
    jr_push_key(&s->r, "id");
    jr_error(&s->r, "%s", err);
    jr_pop(&s->r, p);
    return false;
}

/* The units the rules make of the forces as written (the fireteams' teams:
 * sl_rule_units_make), their errors at the file's top level. */
static bool rules_make(sload *s, json_t *root)
{
    sl_keys k;
    keys_of(s, root, &k);
    return sl_rule_units_make(&s->w->scn, &k);
}

/* Every infantry squad with a leader and men to spare gets an empty unit
 * after all the others, "SQUAD.D", for the detached element its leader
 * may form in play (p17). It has no figures until then, so nothing lists
 * or draws it; its figures, when it has some, are the last stretch of the
 * squad's. */
static bool keeps_element(const sl_scenario *scn, int ui)
{
    const sl_unit *u = &scn->units[ui];
    return u->kind == SL_UNIT_INFANTRY && sl_unit_whole(scn, ui) < 0 && u->leader >= 0 && u->nfigures >= 2;
}

static bool reserve_elements(sload *s)
{
    sl_scenario *scn = &s->w->scn;
    int nbase = scn->nunits, add = 0;
    for (int ui = 0; ui < nbase; ui++)
        add += keeps_element(scn, ui);
    if (add == 0)
        return true;
    sl_unit *grown = realloc(scn->units, sizeof(sl_unit) * (size_t)(scn->nunits + add));
    if (!grown) {
        jr_error(&s->r, "out of memory");
        return false;
    }
    scn->units = grown;
    for (int ui = 0; ui < nbase; ui++) {
        sl_unit *u = &scn->units[ui];
        if (!keeps_element(scn, ui))
            continue;
        int ei = scn->nunits++;
        sl_unit *e = &scn->units[ei];
        *e = *u;
        if (!sl_rule_unit_made(scn, ei, ui)) {
            jr_error(&s->r, "out of memory");
            return false;
        }
        if (!made_id(s, ui, u->id, e->id))
            return false;
        char squad_name[SL_NAME_LEN];
        memcpy(squad_name, u->name, sizeof squad_name); /* element and squad are one array */
        snprintf(e->name, sizeof e->name, "%.96s detachment", squad_name); /* SL_NAME_MAX */
        e->first_figure = u->first_figure + u->nfigures;
        e->nfigures = 0;
        e->leader = -1;
        e->commander = ui;
        e->carrier = -1;
        e->element = -1;
        e->parent = ui;
        u->element = ei;
    }
    return true;
}

/* Warn about bases that sit on top of each other: usually a typo. */
static void check_overlaps(sload *s)
{
    sl_scenario *scn = &s->w->scn;
    for (int i = 0; i < scn->nfigures; i++) {
        for (int j = i + 1; j < scn->nfigures; j++) {
            const sl_figure *a = &scn->figures[i], *b = &scn->figures[j];
            /* troops aboard a vehicle are placed with it */
            if (scn->units[a->unit].carrier >= 0 || scn->units[b->unit].carrier >= 0)
                continue;
            /* dummies counted out wait together until they are placed */
            if (scn->units[a->unit].kind == SL_UNIT_DUMMY && scn->units[b->unit].kind == SL_UNIT_DUMMY)
                continue;
            if (sl_dist2(a->pos, b->pos) < (int64_t)(a->base_r + b->base_r) * (a->base_r + b->base_r) / 4) {
                sl_diag_add(s->r.d, SL_DIAG_WARNING, s->r.file, 0, 0, 0, "units",
                            "figures '%s' and '%s' stand on top of each other", a->id, b->id);
            }
        }
    }
}

bool sl_world_load_text(const char *text, size_t len, const char *name, const char *base_dir,
                        const sl_load_opts *opts, sl_world *out, sl_diag *d)
{
    sl_world_init(out);
    snprintf(out->scenario_path, sizeof out->scenario_path, "%s", name);
    sl_diag local;
    sl_diag_init(&local);
    if (!d)
        d = &local;
    int errors_before = d->nerrors;
    sload s;
    memset(&s, 0, sizeof s);
    jr_init(&s.r, name, text, len, d);
    s.w = out;
    json_t *root = jr_parse(&s.r);
    if (!root)
        goto fail;
    if (!json_is_object(root)) {
        jr_error(&s.r, "a scenario must be a JSON object, not %s", jr_type_name(root));
        goto fail;
    }
    const char *format = NULL;
    if (!jr_str(&s.r, root, "format", true, &format))
        goto fail;
    if (strcmp(format, SL_SCENARIO_FORMAT) != 0) {
        size_t q = jr_push_key(&s.r, "format");
        jr_error(&s.r, "format is '%s'; a scenario says \"format\": \"%s\"", format, SL_SCENARIO_FORMAT);
        jr_pop(&s.r, q);
        goto fail;
    }
    long version = 0;
    if (!jr_int(&s.r, root, "version", true, &version))
        goto fail;
    if (version < 1 || version > SL_SCENARIO_VERSION) {
        size_t q = jr_push_key(&s.r, "version");
        if (version > SL_SCENARIO_VERSION)
            jr_error(&s.r, "version %ld is newer than this sightline reads (up to %d); update sightline",
                     version, SL_SCENARIO_VERSION);
        else
            jr_error(&s.r, "version %ld is not a scenario version (the first is 1)", version);
        jr_pop(&s.r, q);
        goto fail;
    }
    static const char *const known[] = {"format", "version", "name", "description", "map", "handover",
                                        "rules", "sides", "units", "objectives", "notes"};
    check_keys(&s, root, known, (int)(sizeof known / sizeof known[0]), SL_KEYS_TOP);
    const char *sname = NULL, *desc = NULL, *map = NULL;
    if (jr_text(&s.r, root, "name", true, sizeof out->scn.name - 1, &sname))
        snprintf(out->scn.name, sizeof out->scn.name, "%s", sname);
    if (jr_text(&s.r, root, "description", false, sizeof out->scn.description - 1, &desc))
        snprintf(out->scn.description, sizeof out->scn.description, "%s", desc);
    bool handover = true;
    if (json_object_get(root, "handover"))
        jr_bool(&s.r, root, "handover", false, &handover);
    out->scn.no_handover = !handover;
    if (!jr_str(&s.r, root, "map", true, &map))
        goto fail;

    /* The map, relative to the scenario file. Its problems are reported
     * against the map file itself. */
    sl_path_join(base_dir, map, out->map_path, sizeof out->map_path);
    sl_map m;
    int map_errors = d->nerrors;
    if (!sl_map_load(out->map_path, opts, &m, d)) {
        size_t q = jr_push_key(&s.r, "map");
        if (d->nerrors == map_errors + 1 && d->n > 0 && d->msgs[d->n - 1].line == 0)
            jr_error(&s.r, "the map '%s' could not be read", out->map_path);
        else
            jr_error(&s.r, "the map '%s' has errors (listed above)", out->map_path);
        jr_pop(&s.r, q);
        goto fail;
    }
    out->scn.table = m.table;
    out->mat = m.mat;

    json_t *rules = jr_object(&s.r, root, "rules", false);
    if (rules)
        load_rules(&s, rules);
    json_t *sides = jr_array(&s.r, root, "sides", true);
    if (!sides)
        goto fail;
    load_sides(&s, sides);
    json_t *objectives = jr_object(&s.r, root, "objectives", false);
    if (objectives)
        load_objectives(&s, objectives);
    rule_keys(&s, root, SL_KEYS_TOP, -1);
    json_t *units = jr_array(&s.r, root, "units", true);
    if (!units)
        goto fail;
    size_t nu = json_array_size(units);
    if (nu > MAX_UNITS) {
        size_t q = jr_push_key(&s.r, "units");
        jr_error(&s.r, "%zu units is more than the %d allowed", nu, MAX_UNITS);
        jr_pop(&s.r, q);
        goto fail;
    }
    size_t nf = 0;
    for (size_t i = 0; i < nu; i++) {
        json_t *f = json_object_get(json_array_get(units, i), "figures");
        size_t k = json_is_array(f) ? json_array_size(f) : 0;
        nf += k < MAX_FIGURES_PER_UNIT ? k : MAX_FIGURES_PER_UNIT;
    }
    out->scn.units = calloc(nu ? nu : 1, sizeof *out->scn.units);
    out->scn.figures = calloc(nf ? nf : 1, sizeof *out->scn.figures);
    if (!out->scn.units || !out->scn.figures) {
        jr_error(&s.r, "out of memory");
        goto fail;
    }
    size_t q = jr_push_key(&s.r, "units");
    for (size_t i = 0; i < nu; i++) {
        json_t *uo = json_array_get(units, i);
        size_t q2 = jr_push_index(&s.r, i);
        if (!json_is_object(uo))
            jr_error(&s.r, "a unit must be an object, not %s", jr_type_name(uo));
        else
            load_unit(&s, uo, out->scn.nunits);
        jr_pop(&s.r, q2);
    }
    jr_pop(&s.r, q);
    /* commanders, now that every unit is known */
    for (size_t i = 0; i < nu && (int)i < out->scn.nunits; i++) {
        json_t *uo = json_array_get(units, i);
        json_t *cv = json_object_get(uo, "commander");
        if (!cv)
            continue;
        size_t q2 = jr_push_key(&s.r, "units");
        size_t q3 = jr_push_index(&s.r, i);
        size_t q4 = jr_push_key(&s.r, "commander");
        sl_unit *u = &out->scn.units[i];
        const char *cid;
        int c = unit_ref(&s, &out->scn, cv, "commander", "a unit id", &cid);
        if (c < 0) {
            /* unit_ref has said why */
        } else if (c == (int)i)
            jr_error(&s.r, "a unit cannot command itself");
        else if (out->scn.units[c].side != u->side)
            jr_error(&s.r, "'%s' is on another side", cid);
        else
            u->commander = c;
        jr_pop(&s.r, q4);
        jr_pop(&s.r, q3);
        jr_pop(&s.r, q2);
    }
    /* troops that start aboard a vehicle */
    for (size_t i = 0; i < nu && (int)i < out->scn.nunits; i++) {
        json_t *uo = json_array_get(units, i);
        json_t *av = json_object_get(uo, "aboard");
        if (!av)
            continue;
        size_t q2 = jr_push_key(&s.r, "units");
        size_t q3 = jr_push_index(&s.r, i);
        size_t q4 = jr_push_key(&s.r, "aboard");
        sl_unit *u = &out->scn.units[i];
        const char *vid;
        int c = unit_ref(&s, &out->scn, av, "aboard", "a vehicle's unit id", &vid);
        if (c < 0) {
            /* unit_ref has said why */
        } else if (out->scn.units[c].kind != SL_UNIT_VEHICLE)
            jr_error(&s.r, "'%s' is not a vehicle", vid);
        else if (out->scn.units[c].side != u->side)
            jr_error(&s.r, "'%s' is on another side", vid);
        else if (u->kind != SL_UNIT_INFANTRY)
            jr_error(&s.r, "only infantry rides in a vehicle");
        else {
            int load = 0;
            for (int k = 0; k < (int)i; k++)
                if (out->scn.units[k].carrier == c)
                    load += out->scn.units[k].nfigures;
            if (out->scn.units[c].capacity > 0 && load + u->nfigures > out->scn.units[c].capacity)
                jr_error(&s.r, "'%s' carries %d figures and %d more do not fit", vid, out->scn.units[c].capacity,
                         load + u->nfigures - out->scn.units[c].capacity);
            else
                u->carrier = c;
        }
        jr_pop(&s.r, q4);
        jr_pop(&s.r, q3);
        jr_pop(&s.r, q2);
    }
    /* what names units: the rules' (artillery's "support" and crews) */
    rule_keys(&s, root, SL_KEYS_FORCES, -1);
    /* no loops in the chain of command */
    for (int i = 0; i < out->scn.nunits; i++) {
        int steps = 0;
        for (int c = out->scn.units[i].commander; c >= 0 && steps <= out->scn.nunits; c = out->scn.units[c].commander)
            steps++;
        if (steps > out->scn.nunits) {
            size_t q2 = jr_push_key(&s.r, "units");
            jr_error(&s.r, "the chain of command through '%s' goes round in a loop", out->scn.units[i].id);
            jr_pop(&s.r, q2);
            break;
        }
    }
    if (d->nerrors == errors_before && (!zones_and_dummies(&s) || !written_checks(&s) || !rules_make(&s, root) ||
                                       !reserve_elements(&s)))
        goto fail;
    if (d->nerrors == errors_before)
        rule_checks(&s);
    if (d->nerrors == errors_before)
        check_overlaps(&s);
    if (d->nerrors > errors_before)
        goto fail;
    json_decref(root);
    sl_diag_free(&local);
    return true;
fail:
    if (root)
        json_decref(root);
    sl_world_free(out);
    sl_diag_free(&local);
    return false;
}

bool sl_world_load(const char *path, const sl_load_opts *opts, sl_world *out, sl_diag *d)
{
    size_t len = 0;
    char dir[SL_PATH_MAX];
    char *text = io_read(path, &len, dir, sizeof dir, d);
    if (!text) {
        sl_world_init(out);
        return false;
    }
    bool ok = sl_world_load_text(text, len, path, dir, opts, out, d);
    free(text);
    return ok;
}

bool sl_world_from_map(const char *map_path, const sl_load_opts *opts, sl_world *out, sl_diag *d)
{
    sl_world_init(out);
    sl_map m;
    if (!sl_map_load(map_path, opts, &m, d))
        return false;
    out->scn.table = m.table;
    out->mat = m.mat;
    snprintf(out->map_path, sizeof out->map_path, "%s", map_path);
    snprintf(out->scn.name, sizeof out->scn.name, "%s", m.table.name);
    return true;
}

bool sl_world_load_any(const char *path, const sl_load_opts *opts, sl_world *out, sl_diag *d)
{
    size_t len = 0;
    char *text = io_read(path, &len, NULL, 0, d);
    if (!text) {
        sl_world_init(out);
        return false;
    }
    /* A scenario names its format and a Tiled map says "type": "map".
     * Anything else is judged by its name: .tmj is a map, the rest is
     * read as a scenario, so the errors speak of what was meant. */
    json_t *root = json_loadb(text, len, 0, NULL);
    size_t pl = strlen(path);
    bool tmj = pl > 4 && strcmp(path + pl - 4, ".tmj") == 0;
    bool scenario;
    if (root && json_is_object(root) && json_object_get(root, "format"))
        scenario = true;
    else if (root && json_is_object(root) && (json_object_get(root, "tilewidth") || json_object_get(root, "layers")))
        scenario = false;
    else
        scenario = !tmj;
    if (root)
        json_decref(root);
    free(text);
    if (scenario)
        return sl_world_load(path, opts, out, d);
    return sl_world_from_map(path, opts, out, d);
}
