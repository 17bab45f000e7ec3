/* What the artillery rule reads of a scenario file (rulebook pp44-47;
 * fuel-air explosives, seed 000): the words of its warheads, delivery
 * systems, levels and pieces, and its keys: "support" (the assets and
 * their crews), "atmosphere", a side's "request_chits", a unit's
 * "rigid_armour", "airtight" and "sealed". */
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

static const char *const warhead_ids[ART_WH_COUNT] = {"gp", "ap", "at", "fae"};
static const char *const warhead_names[ART_WH_COUNT] = {"general purpose explosive", "anti-personnel submunitions",
                                                       "anti-armour submunitions", "fuel-air explosive"};
static const char *const delivery_ids[] = {"small", "medium", "large", "very-large"};
static const char *const level_ids[] = {"squad", "platoon", "company", "battalion", "regiment"};

const char *art_warhead_id(art_warhead w) { return (int)w >= 0 && w < ART_WH_COUNT ? warhead_ids[w] : "?"; }
const char *art_warhead_name(art_warhead w) { return (int)w >= 0 && w < ART_WH_COUNT ? warhead_names[w] : "?"; }
bool art_warhead_parse(const char *s, art_warhead *out)
{
    int i = rl_word_index(warhead_ids, ART_WH_COUNT, s);
    if (i >= 0)
        *out = (art_warhead)i;
    return i >= 0;
}

const char *art_delivery_id(art_delivery d)
{
    return (int)d >= 0 && d <= ART_DELIVERY_VERY_LARGE ? delivery_ids[d] : "?";
}
bool art_delivery_parse(const char *s, art_delivery *out)
{
    int i = rl_word_index(delivery_ids, 4, s);
    if (i >= 0)
        *out = (art_delivery)i;
    return i >= 0;
}

static const char *const gun_types[] = {"mortar", "gun", "rocket"};

const char *art_gun_type_id(art_gun_type t)
{
    return (unsigned)t < 3 ? gun_types[t] : "?";
}

bool art_gun_type_parse(const char *s, art_gun_type *out)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(s, gun_types[i]) == 0) {
            *out = (art_gun_type)i;
            return true;
        }
    return false;
}

int32_t art_asset_min_range(const art_asset *a)
{
    if (a->type == ART_GUN_GUN)
        return 0;
    return a->type == ART_GUN_MORTAR && a->size == ART_DELIVERY_SMALL ? 24000 : 48000;
}

int32_t art_delivery_radius(art_delivery d)
{
    static const int32_t r[] = {3000, 4000, 6000, 10000};
    return (int)d >= 0 && d <= ART_DELIVERY_VERY_LARGE ? r[d] : 3000;
}

const char *art_level_id(int level)
{
    return level >= ART_LEVEL_SQUAD && level <= ART_LEVEL_REGIMENT ? level_ids[level - 1] : "?";
}

int art_level_parse(const char *s)
{
    int i = rl_word_index(level_ids, 5, s);
    return i < 0 ? 0 : i + 1;
}

/* --- its data of the scenario ----------------------------------------------------- */

typedef struct art_side_scn {
    int request_chits;
} art_side_scn;

typedef struct art_unit_scn {
    bool rigid_armour;
    signed char airtight;       /* 0 not said, 1 no, 2 yes */
    signed char sealed;         /* 0 not said, 1 open, 2 sealed */
} art_unit_scn;

const art_scn *art_scn_of(const sl_scenario *scn)
{
    return rl_scn_top(scn, &art_scn_part);
}

const art_asset *art_asset_of(const sl_game *g, int a)
{
    return &art_scn_of(&g->live)->assets[a];
}

int art_nassets(const sl_game *g)
{
    return art_scn_of(&g->live)->nassets;
}

art_scn *art_scn_edit(sl_scenario *scn)
{
    return rl_scn_edit(scn, &art_scn_part, SL_KEYS_TOP, -1);
}

sl_die art_fae_impact(const sl_scenario *scn)
{
    const art_scn *a = art_scn_of(scn);
    return a->fae_said ? a->fae_impact : SL_D10;
}

int art_request_chits(const sl_scenario *scn, int side)
{
    return ((const art_side_scn *)rl_scn_side(scn, &art_scn_part, side))->request_chits;
}

void art_set_request_chits(sl_scenario *scn, int side, int chits)
{
    art_side_scn *s = rl_scn_edit(scn, &art_scn_part, SL_KEYS_SIDE, side);
    if (s)
        s->request_chits = chits;
}

static const art_unit_scn *unit_scn(const sl_scenario *scn, int unit)
{
    return rl_scn_unit(scn, &art_scn_part, unit);
}

bool art_rigid_armour(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->rigid_armour;
}

bool art_airtight(const sl_scenario *scn, int unit)
{
    const art_unit_scn *a = unit_scn(scn, unit);
    if (a->airtight)
        return a->airtight == 2;
    const sl_unit *u = &scn->units[unit];
    return u->kind == SL_UNIT_VEHICLE && !u->open_top;
}

int art_sealed_start(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->sealed - 1;
}

static const char *art_id_user(const sl_scenario *scn, const char *id)
{
    const art_scn *a = art_scn_of(scn);
    for (int i = 0; i < a->nassets; i++)
        if (strcmp(a->assets[i].id, id) == 0)
            return "support asset";
    return NULL;
}

/* "atmosphere": the impact of a fuel-air explosive (seed 000). */
static void read_atmosphere(art_scn *a, const sl_keys *k)
{
    static const char *const names[] = {"none", "trace", "very-thin", "thin", "earth", "thick"};
    static const sl_die dice[] = {0, SL_D4, SL_D6, SL_D8, SL_D10, SL_D12};
    const char *atmo = NULL;
    if (!k->string(k, "atmosphere", false, &atmo))
        return;
    int i = 0;
    while (i < 6 && strcmp(atmo, names[i]) != 0)
        i++;
    if (i == 6) {
        rl_key_error(k, "atmosphere",
                     "'%s' is not an atmosphere; expected one of: none, trace, very-thin, thin, earth, thick", atmo);
        return;
    }
    a->fae_said = true;
    a->fae_impact = dice[i];
}

/* A word key checked against a parser; the error lists the choices. */
static void read_word(const sl_keys *k, const char *key, bool (*parse)(const char *, void *), void *out,
                      const char *choices)
{
    const char *v = NULL;
    if (k->string(k, key, false, &v) && !parse(v, out))
        rl_key_error(k, key, "'%s' is not a valid %s; expected one of: %s", v, key, choices);
}
static bool p_delivery(const char *s, void *o) { return art_delivery_parse(s, o); }
static bool p_gun_type(const char *s, void *o) { return art_gun_type_parse(s, o); }

static void read_warheads(art_asset *a, const sl_keys *k)
{
    int n = k->count(k, "warheads");
    if (n < 0)
        return;
    a->warheads = 0;
    size_t q = k->at_key(k, "warheads");
    for (int i = 0; i < n; i++) {
        const char *w = k->word(k, "warheads", i);
        art_warhead x;
        size_t q2 = k->at_index(k, (size_t)i);
        if (!w || !art_warhead_parse(w, &x))
            rl_key_error(k, NULL, "a warhead must be one of: gp, ap, at, fae");
        else
            a->warheads |= 1u << x;
        k->back(k, q2);
    }
    if (n == 0)
        rl_key_error(k, NULL, "an asset fires at least one warhead: gp, ap, at or fae");
    k->back(k, q);
}

static void read_level(art_asset *a, const sl_keys *k)
{
    a->level = ART_LEVEL_COMPANY;
    const char *lv = NULL;
    if (k->string(k, "level", false, &lv)) {
        a->level = art_level_parse(lv);
        if (a->level < ART_LEVEL_PLATOON) {
            rl_key_error(k, "level", "'%s' is not a level; expected one of: platoon, company, battalion, regiment",
                         lv);
            a->level = ART_LEVEL_COMPANY;
        }
    }
    /* the book's response times (p46): company at once, battalion a
     * turn later, anything higher two */
    a->arrival = a->level <= ART_LEVEL_COMPANY ? 0 : a->level - ART_LEVEL_COMPANY;
}

/* One asset of "support", read after the units so that its id is checked
 * against every side's, unit's, figure's and asset's before it. */
static void read_asset(const sl_scenario *scn, art_asset *a, const sl_keys *k)
{
    static const char *const known[] = {"id",     "name",    "side",     "size",           "warheads", "level",
                                        "rounds", "arrival", "missions", "crew",           "type",     "self_propelled",
                                        "packed", "notes"};
    k->check_keys(k, known, (int)(sizeof known / sizeof known[0]));
    memset(a, 0, sizeof *a);
    k->own_id(k, "id", "support asset", a->id);
    const char *name = NULL;
    if (k->text(k, "name", false, SL_NAME_MAX, &name))
        snprintf(a->name, sizeof a->name, "%s", name);
    else
        sl_utf8_copy(a->name, sizeof a->name, a->id);
    const char *side = NULL;
    if (k->string(k, "side", true, &side)) {
        a->side = sl_scenario_find_side(scn, side);
        if (a->side < 0) {
            rl_key_error(k, "side", "no side has id '%s'", side);
            a->side = 0;
        }
    }
    a->size = ART_DELIVERY_MEDIUM;
    read_word(k, "size", p_delivery, &a->size, "small, medium, large, very-large");
    a->warheads = 1u << ART_WH_GP;
    read_warheads(a, k);
    read_level(a, k);
    /* rounds, arrival and missions as written: the rule's check says
     * what it allows */
    long v = 1;
    k->integer(k, "rounds", false, &v);
    a->rounds = (int)v;
    v = a->arrival;
    k->integer(k, "arrival", false, &v);
    a->arrival = (int)v;
    v = 0;
    k->integer(k, "missions", false, &v);
    a->missions = (int)v;
    a->crew = -1; /* read once every asset is */
    read_word(k, "type", p_gun_type, &a->type, "mortar, gun, rocket");
    k->boolean(k, "self_propelled", false, &a->self_propelled);
    k->boolean(k, "packed", false, &a->packed);
}

/* On-table artillery: the unit that serves each piece (p47). */
static void read_crew(const sl_scenario *scn, art_asset *a, const sl_keys *k)
{
    if (!k->has(k, "crew"))
        return;
    size_t q = k->at_key(k, "crew");
    const char *cid;
    int c = k->unit(k, "crew", "a unit id", &cid);
    if (c < 0) {
        /* said why */
    } else if (scn->units[c].side != a->side)
        rl_key_error(k, NULL, "'%s' is on another side", cid);
    else
        a->crew = c; /* a vehicle only self-propelled: the rule's check */
    k->back(k, q);
}

/* "support": [{id, name, side, size, warheads, level, rounds, arrival,
 * missions, crew, type, self_propelled, packed}]: artillery the sides
 * may call on (rulebook pp44-47). */
static void read_support(sl_scenario *scn, const sl_keys *k)
{
    int n = k->count(k, "support");
    if (n < 0)
        return;
    art_scn *a = art_scn_edit(scn);
    size_t q = k->at_key(k, "support");
    if (n > ART_MAX_ASSETS)
        rl_key_error(k, NULL, "%d support assets is more than the %d allowed", n, ART_MAX_ASSETS);
    for (int i = 0; i < n && i < ART_MAX_ASSETS; i++) {
        size_t q2 = k->at_index(k, (size_t)i);
        sl_keys o;
        if (!k->object(k, "support", i, &o))
            rl_key_error(k, NULL, "a support asset must be an object, not %s", k->type(k, "support", i));
        else {
            read_asset(scn, &a->assets[a->nassets], &o);
            a->nassets++;
        }
        k->back(k, q2);
    }
    k->back(k, q);
    q = k->at_key(k, "support");
    for (int i = 0; i < n && i < a->nassets; i++) {
        size_t q2 = k->at_index(k, (size_t)i);
        sl_keys o;
        if (k->object(k, "support", i, &o))
            read_crew(scn, &a->assets[i], &o);
        k->back(k, q2);
    }
    k->back(k, q);
}

/* A unit's fuel-air keys: whose they may be, and sealed only when
 * airtight, are the rule's checks (check_written and check). */
static void read_unit(art_unit_scn *u, const sl_keys *k)
{
    k->boolean(k, "rigid_armour", false, &u->rigid_armour);
    bool b = false;
    if (k->boolean(k, "airtight", false, &b))
        u->airtight = b ? 2 : 1;
    if (k->has(k, "sealed") && k->boolean(k, "sealed", false, &b))
        u->sealed = b ? 2 : 1;
}

static void art_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k)
{
    if (where == SL_KEYS_TOP) {
        art_scn *a = art_scn_edit(scn);
        if (a)
            read_atmosphere(a, k);
    } else if (where == SL_KEYS_SIDE) {
        long chits = 0; /* how many the rule allows: its check */
        k->integer(k, "request_chits", false, &chits);
        art_set_request_chits(scn, index, (int)chits);
    } else if (where == SL_KEYS_UNIT) {
        art_unit_scn *u = rl_scn_edit(scn, &art_scn_part, SL_KEYS_UNIT, index);
        if (u)
            read_unit(u, k);
    } else if (where == SL_KEYS_FORCES && art_scn_edit(scn)) {
        read_support(scn, k);
    }
}

static const char *const top_keys[] = {"support", "atmosphere", NULL};
static const char *const side_keys[] = {"request_chits", NULL};
static const char *const unit_keys[] = {"rigid_armour", "airtight", "sealed", NULL};

/* What it reads of a map's features: a building that starts sealed, one
 * that can be sealed, a blast wall (a wall's line or a building's
 * outline), a sealed building its troops may still fire out of. */
static const char *const feature_flags[] = {"sealed", "airtight", "blast_wall", "firing_ports", NULL};

bool art_feature_is(const sl_feature *f, const char *key)
{
    int v = sl_feature_rule_flag(f, key);
    if (v < 0) /* not said: a bunker is airtight, nothing else is anything */
        return strcmp(key, "airtight") == 0 && f->kind == SL_TERRAIN_BUNKER;
    return v == 1;
}

const rl_scn_part art_scn_part = {
    .keys = {[SL_KEYS_TOP] = top_keys, [SL_KEYS_SIDE] = side_keys, [SL_KEYS_UNIT] = unit_keys},
    .feature_flags = feature_flags,
    .top_bytes = sizeof(art_scn),
    .side_bytes = sizeof(art_side_scn),
    .unit_bytes = sizeof(art_unit_scn),
    .read = art_read,
    .id_user = art_id_user,
};
