/* What cross training reads of a scenario file (seed 000): whether a
 * side or a unit is Phalon (cross trained in everything), whether a
 * human squad is not cross trained, the items a side or a squad is
 * trained in besides its own (the scenario designer's exception 1), and
 * which men are attached independents (exception 2); and from the men as
 * set out, the kit each squad normally carries. */
#include <string.h>

#include "house.h"

typedef struct rc_side_scn {
    bool phalon;
    unsigned also_equipment;    /* SL_EQUIP_* bits */
    uint32_t also_support;      /* bit i: support weapon i of the catalogue */
} rc_side_scn;

typedef struct rc_unit_scn {
    bool phalon, not_cross_trained;
    unsigned also_equipment;
    uint32_t also_support;
    unsigned kit_equipment;     /* its men's as the scenario sets them out, attached men apart */
    uint32_t kit_support;
} rc_unit_scn;

typedef struct rc_figure_scn {
    bool attached;
} rc_figure_scn;

static const rc_side_scn *side_scn(const sl_scenario *scn, int side)
{
    return rl_scn_side(scn, &rc_scn_part, side);
}

static const rc_unit_scn *unit_scn(const sl_scenario *scn, int unit)
{
    return rl_scn_unit(scn, &rc_scn_part, unit);
}

bool rc_phalon(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->phalon || side_scn(scn, scn->units[unit].side)->phalon;
}

bool rc_not_cross_trained(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->not_cross_trained;
}

unsigned rc_also_equipment(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->also_equipment | side_scn(scn, scn->units[unit].side)->also_equipment;
}

uint32_t rc_also_support(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->also_support | side_scn(scn, scn->units[unit].side)->also_support;
}

unsigned rc_kit_equipment(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->kit_equipment;
}

uint32_t rc_kit_support(const sl_scenario *scn, int unit)
{
    return unit_scn(scn, unit)->kit_support;
}

bool rc_attached(const sl_scenario *scn, int fig)
{
    return ((const rc_figure_scn *)rl_scn_figure(scn, &rc_scn_part, fig))->attached;
}

bool rc_set_also_equipment(sl_scenario *scn, int unit, unsigned bits)
{
    rc_unit_scn *u = rl_scn_edit(scn, &rc_scn_part, SL_KEYS_UNIT, unit);
    if (u)
        u->also_equipment = bits;
    return u != NULL;
}

/* "also_trained": items (support weapon ids, or medikit, ew, fao,
 * sensor) squads are cross trained in besides their own. */
static void read_trained(const sl_keys *k, unsigned *eq, uint32_t *sup)
{
    int n = k->count(k, "also_trained");
    if (n < 0)
        return;
    size_t q = k->at_key(k, "also_trained");
    for (int i = 0; i < n; i++) {
        size_t q2 = k->at_index(k, (size_t)i);
        const char *word = k->word(k, "also_trained", i);
        int wi = word ? sl_weapon_find(word) : -1;
        const sl_weapon *wp = sl_weapon_get(wi);
        if (!word)
            rl_key_error(k, NULL, "also_trained must be words, not %s", k->type(k, "also_trained", i));
        else if (sl_equipment_parse(word))
            *eq |= sl_equipment_parse(word);
        else if (wp && wp->cls != SL_WEAPON_SMALL_ARMS && wi < 32)
            *sup |= 1u << wi;
        else
            rl_key_error(k, NULL,
                         "'%s' is not a support weapon or equipment; expected one of: %s, medikit, ew, fao, sensor",
                         word, sl_weapon_list(SL_WEAPON_SUPPORT));
        k->back(k, q2);
    }
    k->back(k, q);
}

/* A unit's keys, and the kit it normally carries: its men's, attached
 * men (and snipers, always attached) apart. */
static void read_unit(const sl_scenario *scn, rc_unit_scn *u, int unit, const sl_keys *k)
{
    k->boolean(k, "phalon", false, &u->phalon);
    bool trained = true;
    k->boolean(k, "cross_trained", false, &trained);
    u->not_cross_trained = !trained;
    read_trained(k, &u->also_equipment, &u->also_support);
    const sl_unit *un = &scn->units[unit];
    for (int i = un->first_figure; i < un->first_figure + un->nfigures; i++) {
        const sl_figure *f = &scn->figures[i];
        if (rc_attached(scn, i) || f->role == SL_ROLE_SNIPER)
            continue;
        u->kit_equipment |= f->equipment;
        if (f->support >= 0 && f->support < 32)
            u->kit_support |= 1u << f->support;
    }
}

static void rc_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k)
{
    void *b = where == SL_KEYS_TOP || where == SL_KEYS_FORCES ? NULL : rl_scn_edit(scn, &rc_scn_part, where, index);
    if (!b)
        return;
    if (where == SL_KEYS_SIDE) {
        rc_side_scn *s = b;
        k->boolean(k, "phalon", false, &s->phalon);
        read_trained(k, &s->also_equipment, &s->also_support);
    } else if (where == SL_KEYS_UNIT) {
        read_unit(scn, b, index, k);
    } else if (where == SL_KEYS_FIGURE) {
        k->boolean(k, "attached", false, &((rc_figure_scn *)b)->attached);
    }
}

static const char *const side_keys[] = {"phalon", "also_trained", NULL};
static const char *const unit_keys[] = {"phalon", "cross_trained", "also_trained", NULL};
static const char *const figure_keys[] = {"attached", NULL};

const rl_scn_part rc_scn_part = {
    .keys = {[SL_KEYS_SIDE] = side_keys, [SL_KEYS_UNIT] = unit_keys, [SL_KEYS_FIGURE] = figure_keys},
    .side_bytes = sizeof(rc_side_scn),
    .unit_bytes = sizeof(rc_unit_scn),
    .figure_bytes = sizeof(rc_figure_scn),
    .read = rc_read,
};
