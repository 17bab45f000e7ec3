/* Artillery (rulebook pp44-47) and fuel-air explosives (seed 000), built
 * like a house rule: it is in play when the scenario gives a side any
 * support assets.
 *
 * Calling fire: a squad leader or higher, or a forward observer, spends
 * an action on the request. The die is a D8, a type lower for each
 * command level the call skips on its way to the battery (an observer
 * skips none) and a type higher for each request counter spent; it must
 * beat the caller's leadership, +0 for an observer, +2 for anyone else.
 * The point must be in the caller's clear sight. A battery of the company
 * fires at once; a battalion's a turn later, higher ones two.
 *
 * Where it lands: the caller's quality die must beat its leadership when
 * it has an observer's kit and still sees the point, else twice that;
 * failing, the rounds go the D12's clock direction (12 straight away from
 * the caller's own table edge) a D8 times the accuracy score in inches.
 * Other rounds of the salvo fall D12 and D6" from the first.
 *
 * What it does: every figure whose base the burst touches rolls its
 * armour (up for the cover between it and the burst, one more In
 * Position, an open shift) against the warhead's impact; a building
 * between them shields it. Every unit with a man caught is suppressed and
 * tests its confidence as under fire, with the artillery's threat added.
 * Vehicles take a minor hit.
 *
 * Fuel-air explosives: the same radius, doubled when the burst is inside
 * a building, except beyond a blast wall; impact by the atmosphere (D10
 * on Earth); no cover; troops without rigid all-covering armour and their
 * own air roll a D4. Buildings and vehicles are point targets that are
 * open or sealed; see fae_point_target below.
 *
 * Sealed buildings: the scenario's map says which are airtight and which
 * start sealed. `seal` and `open` change it for a unit's action; a move
 * into or out of a sealed building costs 2" more unless it says
 * `opening`; none enter a sealed building the enemy holds until it is
 * breached; none fire out of one without firing ports. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ART_MAX_PENDING 8
#define ART_MAX_BUILDINGS 128

/* a building's state in play, by feature index (the map's own say for
 * the rest) */
enum {
    BLD_FLIPPED = 1,    /* sealed status changed from the map's */
    BLD_BREACHED = 2,   /* broken into: open for good */
    BLD_DISABLED = 4,
    BLD_DESTROYED = 8,
    BLD_SYSTEMS = 16,   /* a non-penetrating hit read as systems */
};

typedef struct art_mission {
    bool on;
    int side, caller, asset, warhead, land_turn;
    sl_pt at;
    bool open_sights;           /* its own crew laid it on a target it sees (p47) */
} art_mission;

typedef struct art_game {
    int chits_spent[SL_MAX_SIDES];
    int fired[SL_MAX_ASSETS];
    art_mission pending[ART_MAX_PENDING];
    unsigned char bld[ART_MAX_BUILDINGS];
    int shot_turn[SL_MAX_ASSETS];   /* on-table pieces: the turn it last fired, +1 (once a turn, p47) */
    bool repacked[SL_MAX_ASSETS];   /* packed up or deployed against how it started */
    sl_blast blast;             /* the last mission that landed */
} art_game;

typedef struct art_unit {
    signed char sealed;         /* vehicles, tracked (fae_vehicles advanced): -1 not yet known, 0 open, 1 sealed */
    bool known;
} art_unit;

static art_game *ag(const sl_game *g)
{
    return rl_house_game_state(g, &art_rule);
}

static art_unit *au(const sl_game *g, int unit)
{
    return rl_house_state(g, &art_rule, unit);
}

static bool art_on(const sl_game *g)
{
    (void)g;
    return true; /* where its ruleset admits it (tables.c) */
}

static bool has_support(const sl_game *g)
{
    return art_on(g) && g->live.nassets > 0;
}

/* --- buildings ------------------------------------------------------------------------- */

static bool is_building(const sl_feature *f)
{
    return f->kind == SL_TERRAIN_BUILDING || f->kind == SL_TERRAIN_BUNKER;
}

static unsigned bld(const sl_game *g, int f)
{
    const art_game *a = ag(g);
    return a && f >= 0 && f < ART_MAX_BUILDINGS ? a->bld[f] : 0;
}

static bool bld_airtight(const sl_game *g, int f)
{
    const sl_feature *ft = &g->live.table.features[f];
    return is_building(ft) && ft->airtight && f < ART_MAX_BUILDINGS &&
           !(bld(g, f) & (BLD_BREACHED | BLD_DISABLED | BLD_DESTROYED));
}

static bool bld_sealed(const sl_game *g, int f)
{
    if (!bld_airtight(g, f))
        return false;
    bool sealed = g->live.table.features[f].sealed;
    return (bld(g, f) & BLD_FLIPPED) ? !sealed : sealed;
}

static void bld_set_sealed(sl_game *g, int f, bool sealed)
{
    art_game *a = ag(g);
    if (!a || f < 0 || f >= ART_MAX_BUILDINGS)
        return;
    if (bld_sealed(g, f) != sealed)
        a->bld[f] ^= BLD_FLIPPED;
}

static bool in_feature(const sl_game *g, int f, sl_pt p)
{
    const sl_feature *ft = &g->live.table.features[f];
    if (p.x < ft->lo.x || p.x > ft->hi.x || p.y < ft->lo.y || p.y > ft->hi.y)
        return false;
    return sl_poly_contains(sl_feature_pts(&g->live.table, ft), ft->npts, p) != SL_OUTSIDE;
}

/* The building a point stands in, -1. */
static int building_at(const sl_game *g, sl_pt p)
{
    for (int f = 0; f < g->live.table.nfeatures; f++)
        if (is_building(&g->live.table.features[f]) && in_feature(g, f, p))
            return f;
    return -1;
}

/* Sides with standing men inside building f (bit per side). */
static unsigned bld_holders(const sl_game *g, int f)
{
    unsigned sides = 0;
    for (int i = 0; i < g->live.nfigures; i++) {
        const sl_figure *fg = &g->live.figures[i];
        if (fg->status == SL_FIG_DEAD || g->us[fg->unit].aboard >= 0 || g->live.units[fg->unit].kind == SL_UNIT_DUMMY)
            continue;
        if (in_feature(g, f, fg->pos))
            sides |= 1u << g->live.units[fg->unit].side;
    }
    return sides;
}

static const char *fname(const sl_game *g, int f)
{
    return g->live.table.features[f].name[0] ? g->live.table.features[f].name : "the building";
}

/* Does the segment cross a blast wall (which, in *wall)? */
static bool crosses_blast_wall(const sl_game *g, sl_pt a, sl_pt b, int *wall)
{
    int f = sl_table_blast_wall_hit(&g->live.table, a, b, NULL);
    if (wall)
        *wall = f;
    return f >= 0;
}

/* --- vehicles ---------------------------------------------------------------------------- */

static bool veh_airtight(const sl_game *g, int v)
{
    const sl_unit *u = &g->live.units[v];
    return u->kind == SL_UNIT_VEHICLE && u->airtight && g->us[v].damage == 0;
}

static bool tracked(const sl_game *g)
{
    return g->live.options.fae_vehicles == 1;
}

/* The sealed status of a vehicle when it is known without a roll. */
static int veh_sealed_known(const sl_game *g, int v)
{
    if (!veh_airtight(g, v))
        return 0;
    const art_unit *s = au(g, v);
    if (tracked(g) && s && s->known)
        return s->sealed;
    if (tracked(g) && g->live.units[v].sealed_start >= 0)
        return g->live.units[v].sealed_start;
    return -1;
}

/* Sealed or not, rolled when it comes into question: the vehicle's
 * quality die must beat its leadership (seed 000); with the advanced
 * rule, a reaction test the first time, kept after. */
static bool veh_sealed_now(sl_game *g, int v, const char *when)
{
    int k = veh_sealed_known(g, v);
    if (k >= 0)
        return k == 1;
    const sl_unit *u = &g->live.units[v];
    int r = rl_roll(g, sl_quality_die(u->quality), u->leadership, "sealed", v,
                    "Is %s sealed (%s)? Its %s die must beat leadership %d; else a hatch is open or the crew fights "
                    "unbuttoned (seed 000)",
                    u->name, when, sl_quality_label(u->quality), u->leadership);
    bool sealed = r > u->leadership;
    rl_state(g, v, sealed ? "sealed" : "open", "%s is %s", u->name, sealed ? "sealed" : "open");
    if (tracked(g)) {
        art_unit *s = au(g, v);
        if (s) {
            s->known = true;
            s->sealed = sealed;
        }
    }
    return sealed;
}

/* The vehicle whose hull a unit is in: the vehicle itself, or the one it
 * rides in; -1 on foot. */
static int hull_of(const sl_game *g, int unit)
{
    if (g->live.units[unit].kind == SL_UNIT_VEHICLE)
        return unit;
    return g->us[unit].aboard;
}

/* The advanced rule (seed 000): talking to or from a sealed vehicle takes
 * a roll however close the two are (unless both are in the same hull); a
 * sealed vehicle with its systems down cannot talk at all. */
static int art_comm(const sl_game *g, int a, int b, char *why, size_t whylen)
{
    if (!has_support(g) || !tracked(g))
        return RL_COMM_USUAL;
    int ha = hull_of(g, a), hb = hull_of(g, b);
    if (ha == hb)
        return RL_COMM_USUAL;
    int hulls[2] = {ha, hb}, worst = RL_COMM_USUAL;
    for (int k = 0; k < 2; k++) {
        int v = hulls[k];
        if (v < 0 || veh_sealed_known(g, v) != 1)
            continue;
        if (g->us[v].systems_down) {
            rl_refuse(why, whylen, "%s is sealed with its systems down: no one in it can talk to anyone outside "
                                   "until a reorganise opens it (seed 000, advanced rule)",
                      rl_unit_name(g, v));
            return RL_COMM_NONE;
        }
        if (worst == RL_COMM_USUAL) {
            worst = RL_COMM_ROLL;
            rl_refuse(why, whylen, "%s is sealed: every message to or from it takes a communication roll, however "
                                   "close (seed 000, advanced rule)",
                      rl_unit_name(g, v));
        }
    }
    return worst;
}

/* --- command levels, the call's odds ---------------------------------------------------------- */

static int level_of(const sl_game *g, int unit, int depth)
{
    int best = SL_LEVEL_SQUAD;
    if (depth > 8)
        return best;
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].commander == unit && g->live.units[u].parent < 0 && g->live.units[u].squad < 0) {
            int l = level_of(g, u, depth + 1) + 1;
            if (l > best)
                best = l;
        }
    return best;
}

/* The figures through whom the unit calls: its standing leader, or a
 * standing man with an observer's kit. */
static bool has_observer(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[rl_squad_of(g, unit)];
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status == SL_FIG_OK && (f->equipment & SL_EQUIP_FAO))
            return true;
    }
    return false;
}

static bool has_caller(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[rl_squad_of(g, unit)];
    return has_observer(g, unit) || (u->leader >= 0 && g->live.figures[u->leader].status == SL_FIG_OK);
}

static bool sees_point(const sl_game *g, int unit, sl_pt p)
{
    sl_los_result r;
    sl_los_check(&g->sight.ix, &g->sight.params, g->sight.scratch, rl_unit_centre(g, unit), p, &r);
    return r.visible;
}

/* The asset a call names, else the side's first that fires the warhead:
 * a crew's own piece before any other. */
static int pick_asset(const sl_game *g, int unit, int asked, int warhead)
{
    if (asked >= 0)
        return asked;
    int side = g->live.units[unit].side;
    for (int pass = 0; pass < 2; pass++)
        for (int a = 0; a < g->live.nassets; a++) {
            const sl_asset *as = &g->live.assets[a];
            if (as->side == side && (as->warheads & (1u << warhead)) && (pass == 1 || as->crew == unit))
                return a;
        }
    return -1;
}

/* --- on-table artillery (p47) ------------------------------------------------------------------ */

static bool packed_now(const sl_game *g, int a)
{
    return g->live.assets[a].packed != ag(g)->repacked[a];
}

/* Its own crew fires it at what they see: no call, immediate. */
static bool open_sights(const sl_game *g, int unit, int a)
{
    return a >= 0 && g->live.assets[a].crew >= 0 && g->live.assets[a].crew == unit;
}

/* The crew's commander directs its own piece: a plain communication. */
static bool crew_commander(const sl_game *g, int unit, int a)
{
    return a >= 0 && g->live.assets[a].crew >= 0 && g->live.units[g->live.assets[a].crew].commander == unit;
}

/* Why an on-table piece cannot fire at *at now (false: it can; at NULL:
 * anywhere outside its shortest range). */
static bool piece_cannot(const sl_game *g, int a, const sl_pt *at, char *why, size_t whylen)
{
    const sl_asset *as = &g->live.assets[a];
    if (as->crew < 0)
        return false;
    const art_game *st = ag(g);
    if (rl_living(g, as->crew) == 0) {
        rl_refuse(why, whylen, "%s has no crew left standing to serve it", as->name);
        return true;
    }
    if (g->us[as->crew].aboard >= 0) {
        rl_refuse(why, whylen, "%s's crew is aboard a vehicle", as->name);
        return true;
    }
    if (packed_now(g, a)) {
        rl_refuse(why, whylen, "%s is packed up: its crew must deploy it first (deploy %s, a reorganise, p47)",
                  as->name, g->live.units[as->crew].id);
        return true;
    }
    if (st->shot_turn[a] == g->turn + 1) {
        rl_refuse(why, whylen, "%s has fired this turn: each piece fires once a turn (p47)", as->name);
        return true;
    }
    int32_t min = sl_asset_min_range(as);
    if (!at)
        return false;
    sl_pt p = *at;
    double d = sl_dist(rl_unit_centre(g, as->crew), p);
    if (d < min) {
        rl_refuse(why, whylen, "(%.1f, %.1f) is %.1f\" from %s: a %s%s fires no closer than %.0f\" (p47)", p.x / 1000.0,
                  p.y / 1000.0, d / 1000.0, as->name, as->type == SL_GUN_MORTAR && as->size == SL_DELIVERY_SMALL
                                                                ? "light "
                                                                : "",
                  sl_gun_type_id(as->type), min / 1000.0);
        return true;
    }
    return false;
}

void sl_call_fire_odds_for(const sl_game *g, int unit, int asset, int warhead, int chits, sl_pt at,
                           sl_call_odds *out)
{
    memset(out, 0, sizeof *out);
    const sl_unit *u = &g->live.units[unit];
    int wh = warhead >= 0 ? warhead : SL_WH_GP;
    int a = pick_asset(g, unit, asset, wh);
    out->asset = a;
    out->open_sights = open_sights(g, unit, a);
    out->commands_crew = !out->open_sights && crew_commander(g, unit, a);
    out->min_range = a >= 0 && g->live.assets[a].crew >= 0 ? sl_asset_min_range(&g->live.assets[a]) : 0;
    out->observer = has_observer(g, unit);
    int level = level_of(g, rl_squad_of(g, unit), 0);
    int bypassed = a >= 0 ? g->live.assets[a].level - level - 1 : 0;
    if (bypassed < 0 || out->observer)
        bypassed = 0;
    out->bypassed = bypassed;
    out->die = sl_die_shift_closed(sl_die_shift_closed(SL_D8, -bypassed), chits);
    out->need = u->leadership + (out->observer ? 0 : 2);
    out->p_call = sl_p_exceeds(out->die, out->need);
    if (out->commands_crew) {
        const sl_unit *cr = &g->live.units[g->live.assets[a].crew];
        out->bypassed = 0;
        out->die = sl_quality_die(u->quality);
        out->need = u->leadership > cr->leadership ? u->leadership : cr->leadership;
        out->p_call = sl_p_exceeds(out->die, out->need);
    }
    if (out->open_sights) {
        out->bypassed = 0;
        out->die = sl_quality_die(u->quality);
        out->need = 0;
        out->p_call = 1;
    }
    out->specialist = (out->observer || out->open_sights) && sees_point(g, unit, at);
    out->accuracy_need = out->specialist ? u->leadership : 2 * u->leadership;
    out->p_accurate = sl_p_exceeds(sl_quality_die(u->quality), out->accuracy_need);
    out->radius = a >= 0 ? sl_delivery_radius(g->live.assets[a].size) : 0;
    out->doubled = wh == SL_WH_FAE && building_at(g, at) >= 0;
}

/* --- the blast ---------------------------------------------------------------------------------- */

typedef struct hurt {
    int unit[64];
    int cas[64];
    bool leader[64];
    bool first[64];
    int n;
} hurt;

static int hurt_slot(hurt *h, int unit)
{
    for (int i = 0; i < h->n; i++)
        if (h->unit[i] == unit)
            return i;
    if (h->n >= 64)
        return -1;
    h->unit[h->n] = unit;
    h->cas[h->n] = 0;
    h->leader[h->n] = false;
    h->first[h->n] = false;
    return h->n++;
}

/* A man caught by the burst: his unit's tally, and the blast's list the
 * window rings. */
static void caught(sl_game *g, hurt *h, int fig)
{
    int m = rl_squad_of(g, g->live.figures[fig].unit);
    int k = hurt_slot(h, m);
    if (k >= 0 && !g->us[m].suppressed_before)
        h->first[k] = true;
    sl_blast *b = &ag(g)->blast;
    if (b->ncaught < SL_BLAST_MAX_CAUGHT)
        b->caught[b->ncaught++] = fig;
}

/* One figure's roll: impact against armour; more than the armour wounds,
 * more than twice kills; a second wound kills. */
static void figure_roll(sl_game *g, hurt *h, int caller, int fig, sl_die impact, sl_die armour, const char *why)
{
    sl_figure *f = &g->live.figures[fig];
    int u = f->unit;
    int av = rl_roll(g, armour, -1, "armour", u, "%s's armour %s%s", f->id, sl_die_name(armour), why);
    int iv = rl_roll(g, impact, av, "impact", caller,
                     "The burst's impact %s against %s: it must beat %d to wound, %d to kill (p47)",
                     sl_die_name(impact), f->id, av, 2 * av);
    if (g->failed)
        return;
    int m = rl_squad_of(g, u);
    int k = hurt_slot(h, m);
    if (iv <= av) {
        rl_note(g, u, "%s is unhurt (impact %d, armour %d)", f->id, iv, av);
        return;
    }
    bool kill = iv > 2 * av || f->status == SL_FIG_WOUNDED;
    if (k >= 0 && f->status == SL_FIG_OK)
        h->cas[k]++;
    if (k >= 0 && fig == g->live.units[m].leader)
        h->leader[k] = true;
    if (kill) {
        f->status = SL_FIG_DEAD;
        rl_state(g, u, "casualty", "%s is killed (impact %d against armour %d%s)", f->id, iv, av,
                 iv > 2 * av ? ", more than twice" : ", a second wound");
    } else {
        f->status = SL_FIG_WOUNDED;
        f->treated = false;
        rl_state(g, u, "casualty", "%s is wounded (impact %d against armour %d): an untreated casualty", f->id, iv,
                 av);
    }
}

/* The armour a man rolls against a fuel-air explosive (seed 000). */
static sl_die fae_armour(const sl_game *g, int unit, const char **why)
{
    const sl_unit *u = &g->live.units[unit];
    if (u->rigid_armour || u->power_armour || u->phalon || g->live.sides[u->side].phalon) {
        *why = u->phalon || g->live.sides[u->side].phalon ? ": a Phalon, its own armour against the FAE"
                                                           : ": rigid armour with its own air, its own armour";
        return u->armour > SL_D4 ? u->armour : SL_D4;
    }
    *why = ": no rigid armour with its own air, a D4 against the FAE whatever it wears";
    return SL_D4;
}

static void blast_event(sl_game *g, int unit, const char *who, int32_t radius, const char *why, double dist,
                        const char *text)
{
    char fields[300], uid[80], wid[80];
    sl_json_escape(uid, sizeof uid, unit >= 0 ? g->live.units[unit].id : "");
    sl_json_escape(wid, sizeof wid, who);
    snprintf(fields, sizeof fields,
             "\"what\":\"in-blast\",\"unit\":\"%s\",\"who\":\"%s\",\"radius\":%.3f,\"why\":\"%s\",\"distance\":%.3f",
             uid, wid, radius / 1000.0, why, dist / 1000.0);
    rl_event(g, SL_EV_STATE, unit, text, fields);
}

/* The burst, for the troops inside a building it catches. */
typedef struct burst {
    sl_pt c;
    int32_t r;
    int inside;                 /* the building it went off in, -1 */
} burst;

static bool within_blast(const sl_game *g, sl_pt c, int32_t r, bool doubled, sl_pt p, int32_t base_r, char *why,
                         size_t whylen);

/* FAE against the troops inside a point target: every standing man
 * aboard the vehicle; in a building, those the blast reaches (a blast
 * wall between them and the burst shelters them; from a burst inside the
 * building, the doubled radius is as far as it goes). */
static void fae_troops_inside(sl_game *g, hurt *h, int caller, int feature, int vehicle, const burst *b)
{
    sl_die impact = g->live.fae_impact;
    for (int i = 0; i < g->live.nfigures && !g->failed; i++) {
        const sl_figure *f = &g->live.figures[i];
        if (f->status == SL_FIG_DEAD || g->live.units[f->unit].kind != SL_UNIT_INFANTRY)
            continue;
        bool inside = vehicle >= 0 ? g->us[f->unit].aboard == vehicle
                                   : g->us[f->unit].aboard < 0 && in_feature(g, feature, f->pos);
        if (!inside)
            continue;
        if (vehicle < 0) {
            char why[200] = "";
            bool reached = b->inside == feature ? within_blast(g, b->c, b->r, true, f->pos, f->base_r, why, sizeof why)
                                                : !crosses_blast_wall(g, b->c, f->pos, NULL);
            if (!reached) {
                if (!why[0])
                    snprintf(why, sizeof why, "a blast wall stands between him and the burst");
                rl_note(g, f->unit, "%s, inside %s, is out of the blast: %s", f->id, fname(g, feature), why);
                continue;
            }
        }
        double dist = sl_dist(b->c, f->pos);
        bool far = dist > b->r;
        char text[300];
        snprintf(text, sizeof text, "%s, inside %s, takes the fuel-air blast as troops (%.1f\" from the burst, radius "
                 "%.0f\"%s)", f->id, vehicle >= 0 ? rl_unit_name(g, vehicle) : fname(g, feature), dist / 1000.0,
                 (b->inside >= 0 ? 2 * b->r : b->r) / 1000.0, b->inside >= 0 ? ", doubled inside a building" : "");
        blast_event(g, f->unit, f->id, b->inside >= 0 ? 2 * b->r : b->r, far && b->inside >= 0 ? "doubled" : "inside",
                    dist, text);
        const char *why;
        sl_die armour = fae_armour(g, f->unit, &why);
        caught(g, h, i);
        figure_roll(g, h, caller, i, impact, armour, why);
    }
}

/* The point target's armour against a FAE: its armour class in D12s (a
 * D6 at class 0), less two classes when it is open. */
static int point_armour(sl_game *g, int unit, const char *name, int cls)
{
    if (cls <= 0)
        return rl_roll(g, SL_D6, -1, "armour", unit, "%s at armour class 0: a D6 (p38)", name);
    if (g->live.options.armour_class_roll == 1)
        return cls * rl_roll(g, SL_D12, -1, "armour", unit, "%s's armour class %d: one D12 times %d", name, cls, cls);
    int sum = 0;
    for (int k = 0; k < cls && !g->failed; k++)
        sum += rl_roll(g, SL_D12, -1, "armour", unit, "%s's armour class %d: D12 number %d of %d, added", name, cls,
                       k + 1, cls);
    return sum;
}

/* A point target in a FAE's blast (seed 000). Sealed: its armour against
 * the impact; holding (equal or more), a non-penetrating hit with
 * suspension read as systems, and those inside are safe; beaten, it is
 * disabled (destroyed past twice) and those inside take the blast as
 * troops. Open (or not airtight): those inside take it as troops, and it
 * rolls its armour two classes lower. */
static void fae_point_target(sl_game *g, hurt *h, int caller, int feature, int vehicle, const burst *b,
                             int32_t radius, const char *radius_why, double dist)
{
    bool is_v = vehicle >= 0;
    const char *name = is_v ? g->live.units[vehicle].name : fname(g, feature);
    int unit = is_v ? vehicle : -1;
    int cls = is_v ? g->live.units[vehicle].armour_class : g->live.table.features[feature].armour_class;
    bool airtight = is_v ? veh_airtight(g, vehicle) : bld_airtight(g, feature);
    bool sealed = airtight && (is_v ? veh_sealed_now(g, vehicle, "a fuel-air explosive's blast")
                                    : bld_sealed(g, feature));
    if (g->failed)
        return;
    char text[400];
    snprintf(text, sizeof text, "%s is in the fuel-air blast (radius %.0f\"%s): %s", name, radius / 1000.0,
             radius_why, !airtight ? "not airtight, so no protection" : sealed ? "sealed" : "airtight but open");
    blast_event(g, unit, is_v ? g->live.units[vehicle].id : fname(g, feature), radius,
                radius_why[0] ? "doubled" : "plain", dist, text);
    sl_die impact_die = g->live.fae_impact;
    if (!sealed)
        fae_troops_inside(g, h, caller, feature, vehicle, b);
    int eff = sealed ? cls : cls - 2 < 0 ? 0 : cls - 2;
    if (!sealed && cls != eff)
        rl_note(g, unit, "%s is open: its armour class %d counts as %d against the FAE (seed 000)", name, cls, eff);
    int armour = point_armour(g, unit, name, eff);
    int impact = rl_roll(g, impact_die, -1, "impact", caller, "The fuel-air explosive's impact %s against %s",
                         sl_die_name(impact_die), name);
    if (g->failed)
        return;
    if (armour >= impact) {
        int v = rl_roll(g, SL_D6, -1, "non-penetrating", unit,
                        "%s's armour holds (armour %d, impact %d): D6 for a non-penetrating hit, 1-2 suspension read "
                        "as systems, 3-5 hull, 6 systems (p39, seed 000)",
                        name, armour, impact);
        if (v <= 2 || v == 6) {
            if (is_v) {
                g->us[vehicle].systems_down = true;
            } else if (feature < ART_MAX_BUILDINGS) {
                ag(g)->bld[feature] |= BLD_SYSTEMS;
            }
            rl_state(g, unit, "systems", "%s takes a systems hit%s", name,
                     v <= 2 ? " (a suspension hit, read as systems)" : "");
        } else {
            rl_note(g, unit, "%s: a hull hit, no effect", name);
        }
        if (sealed)
            rl_note(g, unit, "Sealed and not penetrated: those inside %s are safe from the blast", name);
        return;
    }
    bool destroyed = impact > 2 * armour;
    if (is_v) {
        g->us[vehicle].damage = destroyed ? 2 : g->us[vehicle].damage < 1 ? 1 : g->us[vehicle].damage;
        if (destroyed)
            for (int i = 0; i < g->live.units[vehicle].nfigures; i++)
                g->live.figures[g->live.units[vehicle].first_figure + i].status = SL_FIG_DEAD;
    } else if (feature < ART_MAX_BUILDINGS) {
        ag(g)->bld[feature] |= destroyed ? BLD_DESTROYED : BLD_DISABLED;
    }
    rl_state(g, unit, destroyed ? "destroyed" : "disabled", "%s is %s: impact %d %s armour %d (p39)", name,
             destroyed ? "destroyed" : "disabled", impact, destroyed ? "is more than twice" : "beats", armour);
    if (sealed) {
        rl_note(g, unit, "Penetrated: those inside %s take the blast as troops (seed 000)", name);
        fae_troops_inside(g, h, caller, feature, vehicle, b);
    }
}

/* The effective radius at a figure or building: the plain radius, or
 * for a FAE inside a building twice that unless a blast wall stands in
 * between. */
static bool within_blast(const sl_game *g, sl_pt c, int32_t r, bool doubled, sl_pt p, int32_t base_r, char *why,
                         size_t whylen)
{
    why[0] = '\0';
    sl_circle plain = {c, r};
    if (sl_circle_touches_base(plain, p, base_r))
        return true;
    if (!doubled)
        return false;
    sl_circle two = {c, 2 * r};
    if (!sl_circle_touches_base(two, p, base_r))
        return false;
    int wall = -1;
    if (crosses_blast_wall(g, c, p, &wall)) {
        snprintf(why, whylen, "beyond %.0f\", %s stops the doubled blast", r / 1000.0, fname(g, wall));
        return false;
    }
    return true;
}

static void one_burst(sl_game *g, hurt *h, int caller, int asset, int warhead, sl_pt c, bool *doubled_out)
{
    const sl_asset *as = &g->live.assets[asset];
    int32_t r = sl_delivery_radius(as->size);
    bool fae = warhead == SL_WH_FAE;
    int inside = building_at(g, c);
    bool doubled = fae && inside >= 0;
    *doubled_out = doubled;
    burst bu = {c, r, inside};
    char rwhy[160] = "";
    if (doubled)
        snprintf(rwhy, sizeof rwhy, ", doubled: it went off inside %s", fname(g, inside));
    if (!sl_table_contains(&g->live.table, c))
        rl_note(g, -1, "The round lands off the table at (%.1f, %.1f)", c.x / 1000.0, c.y / 1000.0);
    else
        rl_note(g, -1, "A round of %s bursts at (%.1f, %.1f): radius %.0f\"%s (p46)", sl_warhead_name(warhead),
                c.x / 1000.0, c.y / 1000.0, (doubled ? 2 * r : r) / 1000.0, rwhy);
    /* point targets first: the buildings a FAE catches, then vehicles */
    bool bdone[ART_MAX_BUILDINGS] = {false};
    if (fae) {
        for (int f = 0; f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS && !g->failed; f++) {
            const sl_feature *ft = &g->live.table.features[f];
            if (!is_building(ft))
                continue;
            /* caught: the burst inside it, or its outline within reach */
            const sl_pt *v = sl_feature_pts(&g->live.table, ft);
            double best = f == inside ? 0 : 1e300;
            sl_pt near = c;
            for (int k = 0; k < ft->npts && best > 0; k++) {
                sl_pt a = v[k], b = v[(k + 1) % ft->npts];
                double d2 = sl_seg_point_dist2(a, b, c);
                if (d2 < best) {
                    best = d2;
                    /* the nearest point, for the blast wall test */
                    double dx = (double)b.x - a.x, dy = (double)b.y - a.y, len2 = dx * dx + dy * dy;
                    double t = len2 > 0 ? (((double)c.x - a.x) * dx + ((double)c.y - a.y) * dy) / len2 : 0;
                    t = t < 0 ? 0 : t > 1 ? 1 : t;
                    near = sl_pt_make((int32_t)lround(a.x + t * dx), (int32_t)lround(a.y + t * dy));
                }
            }
            double dist = sqrt(best);
            bool in = dist <= r || (doubled && dist <= 2.0 * r && !crosses_blast_wall(g, c, near, NULL));
            if (!in)
                continue;
            bdone[f] = true;
            fae_point_target(g, h, caller, f, -1, &bu, doubled ? 2 * r : r, dist > r ? rwhy : "", dist);
        }
    }
    for (int v = 0; v < g->live.nunits && !g->failed; v++) {
        const sl_unit *vu = &g->live.units[v];
        if (vu->kind != SL_UNIT_VEHICLE || g->us[v].damage >= 2 || vu->nfigures == 0)
            continue;
        const sl_figure *hull = &g->live.figures[vu->first_figure];
        char why[200];
        if (!within_blast(g, c, r, doubled, hull->pos, hull->base_r, why, sizeof why)) {
            if (why[0])
                rl_note(g, v, "%s: %s", vu->name, why);
            continue;
        }
        double dist = sl_dist(c, hull->pos);
        mor_suppress(g, v, "caught in an artillery burst (p47)");
        if (fae) {
            fae_point_target(g, h, caller, -1, v, &bu, doubled ? 2 * r : r, dist > r ? rwhy : "", dist);
            continue;
        }
        char text[300];
        snprintf(text, sizeof text, "%s is in the burst (radius %.0f\"), %.1f\" from it: a minor hit (p47)", vu->name,
                 r / 1000.0, dist / 1000.0);
        blast_event(g, v, vu->id, r, "plain", dist, text);
        static const sl_die point_impact[] = {SL_D8, SL_D8, SL_D12};
        fire_point_hit(g, caller, v, point_impact[warhead], warhead == SL_WH_AT ? 2 : 1,
                       warhead == SL_WH_AT ? "anti-armour submunitions" : "artillery");
        /* passengers of an open-topped vehicle are in the open */
        if (vu->open_top)
            for (int i = 0; i < g->live.nfigures && !g->failed; i++) {
                const sl_figure *f = &g->live.figures[i];
                if (f->status == SL_FIG_DEAD || g->us[f->unit].aboard != v)
                    continue;
                caught(g, h, i);
                static const sl_die troop_impact[] = {SL_D8, SL_D12, SL_D6};
                figure_roll(g, h, caller, i, troop_impact[warhead], g->live.units[f->unit].armour,
                            ", aboard an open-topped vehicle");
            }
    }
    /* troops in the open or in cover */
    for (int i = 0; i < g->live.nfigures && !g->failed; i++) {
        const sl_figure *f = &g->live.figures[i];
        const sl_unit *u = &g->live.units[f->unit];
        if (f->status == SL_FIG_DEAD || u->kind != SL_UNIT_INFANTRY || g->us[f->unit].aboard >= 0 ||
            sl_game_not_yet_on(g, f->unit))
            continue;
        int bin = fae ? building_at(g, f->pos) : -1;
        if (bin >= 0 && bin < ART_MAX_BUILDINGS && bdone[bin])
            continue; /* taken with its building */
        char why[200];
        if (!within_blast(g, c, r, doubled, f->pos, f->base_r, why, sizeof why)) {
            if (why[0])
                rl_note(g, f->unit, "%s: %s", f->id, why);
            continue;
        }
        double dist = sl_dist(c, f->pos);
        bool past = dist > r;
        if (fae) {
            char text[300];
            snprintf(text, sizeof text, "%s is in the fuel-air blast, %.1f\" from it (radius %.0f\"%s)", f->id,
                     dist / 1000.0, (doubled ? 2 * r : r) / 1000.0, rwhy);
            blast_event(g, f->unit, f->id, doubled ? 2 * r : r, past ? "doubled" : "plain", dist, text);
            const char *aw;
            sl_die armour = fae_armour(g, f->unit, &aw);
            caught(g, h, i);
            figure_roll(g, h, caller, i, g->live.fae_impact, armour, aw);
            continue;
        }
        /* the cover between the burst and the man; a building between
         * them shields him whole (p47) */
        sl_los_result line;
        sl_los_check(&g->sight.ix, &g->sight.params, g->sight.scratch, c, f->pos, &line);
        if (!line.visible) {
            const char *by = line.block_hit >= 0 ? fname(g, line.hits[line.block_hit].feature) : "the ground";
            rl_note(g, f->unit, "%s is within the burst but shielded by %s (p47)", f->id, by);
            continue;
        }
        char text[300];
        snprintf(text, sizeof text, "%s is in the burst, %.1f\" from it (radius %.0f\")%s%s", f->id, dist / 1000.0,
                 r / 1000.0, line.cover != SL_COVER_NONE ? ", in " : "",
                 line.cover != SL_COVER_NONE ? sl_cover_phrase(line.cover) : "");
        blast_event(g, f->unit, f->id, r, "plain", dist, text);
        caught(g, h, i);
        int shift = (int)line.cover + (g->us[f->unit].in_position ? 1 : 0);
        int excess = 0;
        sl_die armour = sl_die_shift_open(u->armour, shift, &excess);
        static const sl_die troop_impact[] = {SL_D8, SL_D12, SL_D6};
        sl_die impact = sl_die_shift_closed(troop_impact[warhead], -excess);
        char aw[120];
        snprintf(aw, sizeof aw, "%s%s%s", line.cover != SL_COVER_NONE ? ", up for cover" : "",
                 g->us[f->unit].in_position ? ", up one In Position" : "",
                 excess ? " (past D12: the impact drops)" : "");
        figure_roll(g, h, caller, i, impact, armour, aw);
    }
}

/* After the salvo: suppression and morale of every unit caught. */
static void after_bursts(sl_game *g, hurt *h)
{
    static const int art_threat[3] = {2, 1, 0}; /* low, medium, high motivation (p20) */
    for (int k = 0; k < h->n && !g->failed; k++) {
        int m = h->unit[k];
        if (g->live.units[m].kind != SL_UNIT_INFANTRY)
            continue;
        bool first = h->first[k];
        mor_suppress(g, m, "caught in an artillery burst (p47)");
        for (int t = 0; t < g->live.units[m].nteams; t++)
            mor_suppress(g, g->live.units[m].team_unit[t], "caught in an artillery burst (p47)");
        g->us[m].suppressed_before = true;
        bool trig[MOR_TRIGGER_COUNT] = {false};
        trig[MOR_FIRST_SUPPRESSION] = first;
        int survivors = rl_living(g, m);
        if (h->cas[k] > 0) {
            rl_state(g, m, "casualties", "%s loses %d figure%s to the artillery; %d still standing", rl_unit_name(g, m),
                     h->cas[k], h->cas[k] == 1 ? "" : "s", survivors);
            if (survivors == 0) {
                rl_state(g, m, "destroyed", "%s has no one left standing", rl_unit_name(g, m));
                continue;
            }
            trig[MOR_CASUALTIES] = true;
            trig[MOR_MORE_THAN_SURVIVORS] = h->cas[k] > survivors;
        }
        if (h->leader[k]) {
            mor_leader_lost(g, m);
            trig[MOR_LEADER_LOST] = true;
        }
        bool any = false;
        for (int x = 0; x < MOR_TRIGGER_COUNT; x++)
            any |= trig[x];
        if (any && !g->failed && rl_living(g, m) > 0)
            mor_confidence_test(g, m, trig, art_threat[g->live.units[m].motivation], "under artillery fire");
        if (!g->failed && rl_living(g, m) > 0)
            mor_panic_fired_on(g, m);
    }
}

/* Clockface direction (1-12; 12 straight away from the side's own table
 * edge) as a unit vector. */
static void clock_dir(const sl_game *g, int side, int hour, double *dx, double *dy)
{
    /* the side's own edge: the table edge nearest its men at the start */
    double sx = 0, sy = 0;
    int n = 0;
    for (int i = 0; i < g->setup->nfigures; i++)
        if (g->setup->units[g->setup->figures[i].unit].side == side) {
            sx += g->setup->figures[i].pos.x;
            sy += g->setup->figures[i].pos.y;
            n++;
        }
    double W = g->live.table.width, H = g->live.table.height;
    double cx = n ? sx / n : W / 2, cy = n ? sy / n : H;
    double d[4] = {cy, H - cy, cx, W - cx}; /* top, bottom, left, right */
    int e = 0;
    for (int k = 1; k < 4; k++)
        if (d[k] < d[e])
            e = k;
    static const double fx[4] = {0, 0, 1, -1}, fy[4] = {1, -1, 0, 0};
    double a = (hour % 12) * M_PI / 6.0;
    /* clockwise as seen from above, y down the table */
    *dx = fx[e] * cos(a) - fy[e] * sin(a);
    *dy = fx[e] * sin(a) + fy[e] * cos(a);
}

static sl_pt deviate(const sl_game *g, int side, sl_pt from, int hour, double inches)
{
    double dx, dy;
    clock_dir(g, side, hour, &dx, &dy);
    return sl_pt_make((int32_t)lround(from.x + dx * inches * 1000.0), (int32_t)lround(from.y + dy * inches * 1000.0));
}

/* A mission comes down (p46): accuracy, deviation, each round. */
static void land(sl_game *g, const art_mission *m)
{
    const sl_asset *as = &g->live.assets[m->asset];
    int caller = m->caller;
    const sl_unit *u = &g->live.units[caller];
    bool specialist = (m->open_sights || has_observer(g, caller)) && rl_living(g, caller) > 0 &&
                      sees_point(g, caller, m->at);
    int need = specialist ? u->leadership : 2 * u->leadership;
    int acc = rl_roll(g, sl_quality_die(u->quality), need, "accuracy", caller,
                      "%s's mission arrives: %s's %s die must beat %s %d to fall where aimed (p46)", as->name, u->name,
                      sl_quality_label(u->quality), specialist ? "leadership" : "twice leadership", need);
    if (g->failed)
        return;
    sl_pt first = m->at;
    art_game *a = ag(g);
    sl_blast *b = &a->blast;
    memset(b, 0, sizeof *b);
    b->on = true;
    b->turn = g->turn;
    b->asset = m->asset;
    b->warhead = m->warhead;
    b->caller = caller;
    b->aimed = m->at;
    b->radius = sl_delivery_radius(as->size);
    if (acc <= need) {
        int hour = rl_roll(g, SL_D12, -1, "scatter", caller, "Off target: the D12 gives the direction, 12 straight "
                                                              "away from %s's own table edge (p46)",
                           rl_side_name(g, m->side));
        int dist = m->open_sights
                       ? rl_roll(g, SL_D8, -1, "scatter", caller,
                                 "and the D8 the distance, as it stands: fire over open sights is not multiplied (p47)")
                       : rl_roll(g, SL_D8, -1, "scatter", caller, "and the D8 the distance, times the accuracy roll's %d",
                                 acc);
        if (g->failed)
            return;
        int off = m->open_sights ? dist : dist * acc;
        first = deviate(g, m->side, m->at, hour, (double)off);
        b->scattered = true;
        rl_state(g, caller, "scatter", "The mission falls %d\" off, toward %d o'clock: at (%.1f, %.1f)", off, hour,
                 first.x / 1000.0, first.y / 1000.0);
    } else {
        rl_note(g, caller, "On target: the mission falls where %s aimed it", u->name);
    }
    b->landed[0] = first;
    b->nrounds = 1;
    for (int k = 1; k < as->rounds && !g->failed; k++) {
        int hour = rl_roll(g, SL_D12, -1, "scatter", caller, "Round %d of %d: D12 direction from the first (p46)",
                           k + 1, as->rounds);
        int dist = rl_roll(g, SL_D6, -1, "scatter", caller, "and D6 inches");
        if (g->failed)
            return;
        b->landed[b->nrounds++] = deviate(g, m->side, first, hour, dist);
    }
    hurt h;
    memset(&h, 0, sizeof h);
    for (int k = 0; k < b->nrounds && !g->failed; k++)
        one_burst(g, &h, caller, m->asset, m->warhead, b->landed[k], &b->doubled[k]);
    after_bursts(g, &h);
}

/* --- call-fire -------------------------------------------------------------------------------- */

static bool can_call(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    const sl_unit *u = &g->live.units[c->unit];
    if (g->live.nassets == 0)
        return rl_refuse(why, whylen, "no side has support assets in this scenario (its \"support\" list, "
                                      "maps/FORMATS.md)");
    int wh = c->warhead >= 0 ? c->warhead : SL_WH_GP;
    int a = pick_asset(g, c->unit, c->asset, wh);
    bool own = open_sights(g, c->unit, a);
    if (u->kind != SL_UNIT_INFANTRY && !own)
        return rl_refuse(why, whylen, "%s is not infantry: fire is called by a squad leader or higher, or a forward "
                                      "observer (p44)",
                         u->name);
    if (!own && !has_caller(g, c->unit))
        return rl_refuse(why, whylen, "%s has no standing leader or forward observer to call fire (p44)", u->name);
    int hull = hull_of(g, c->unit);
    if (hull >= 0 && tracked(g) && g->us[hull].systems_down && veh_sealed_known(g, hull) == 1)
        return rl_refuse(why, whylen, "%s is sealed with its systems down: no call gets out of it until a reorganise "
                                      "opens it (seed 000, advanced rule)",
                         rl_unit_name(g, hull));
    if (c->asset >= 0 && g->live.assets[c->asset].side != u->side)
        return rl_refuse(why, whylen, "%s is %s's, not %s's", g->live.assets[c->asset].name,
                         rl_side_name(g, g->live.assets[c->asset].side), rl_side_name(g, u->side));
    if (a < 0) {
        bool any = false;
        for (int k = 0; k < g->live.nassets; k++)
            any |= g->live.assets[k].side == u->side;
        return rl_refuse(why, whylen, any ? "none of %s's support assets fires %s" : "%s has no support assets%s",
                         rl_side_name(g, u->side), any ? sl_warhead_name((sl_warhead)wh) : "");
    }
    const sl_asset *as = &g->live.assets[a];
    if (!(as->warheads & (1u << wh)))
        return rl_refuse(why, whylen, "%s does not fire %s", as->name, sl_warhead_name((sl_warhead)wh));
    if (wh == SL_WH_FAE && g->live.fae_impact == 0)
        return rl_refuse(why, whylen, "a fuel-air explosive needs air to burn, and this scenario has no atmosphere "
                                      "(seed 000)");
    const art_game *st = ag(g);
    if (as->missions > 0 && st->fired[a] >= as->missions)
        return rl_refuse(why, whylen, "%s has fired all %d of its missions", as->name, as->missions);
    for (int k = 0; k < ART_MAX_PENDING; k++)
        if (st->pending[k].on && st->pending[k].asset == a)
            return rl_refuse(why, whylen, "%s already has a mission on its way (it lands in turn %d)", as->name,
                             st->pending[k].land_turn);
    int left = g->live.sides[u->side].request_chits - st->chits_spent[u->side];
    if (c->chits > left)
        return rl_refuse(why, whylen, "%s has %d support request counter%s left, not %d", rl_side_name(g, u->side),
                         left, left == 1 ? "" : "s", c->chits);
    if (!c->any_point && !sl_table_contains(&g->live.table, c->at))
        return rl_refuse(why, whylen, "(%.1f, %.1f) is off the table", c->at.x / 1000.0, c->at.y / 1000.0);
    if (!c->any_point && !sees_point(g, c->unit, c->at))
        return rl_refuse(why, whylen, "%s cannot see (%.1f, %.1f): the aim point must be in the caller's clear "
                                      "sight (p44)",
                         u->name, c->at.x / 1000.0, c->at.y / 1000.0);
    if (piece_cannot(g, a, c->any_point ? NULL : &c->at, why, whylen))
        return false;
    if (own) {
        if (c->chits > 0)
            return rl_refuse(why, whylen, "%s's own crew lays it over open sights: there is no request to spend "
                                          "counters on (p47)",
                             as->name);
        if (g->us[c->unit].suppression > 0)
            return rl_refuse(why, whylen, "%s is suppressed: laying and firing a piece is not a communication (p18)",
                             u->name);
        if (g->us[c->unit].moves > 0)
            return rl_refuse(why, whylen, "%s has moved this activation: no artillery fires and moves in one "
                                          "activation (p47)",
                             u->name);
        if (sl_game_actions_left(g) < 2)
            return rl_refuse(why, whylen, "a shot over open sights takes two actions, one to observe and lay the "
                                          "piece, one to fire (p47); %s has %d left",
                             u->name, sl_game_actions_left(g));
    }
    return true;
}

/* A mission ordered from asset a: one more of its missions, and an
 * on-table piece has fired for this turn (p47). A call that does not get
 * through orders nothing. */
static void fired(sl_game *g, int a)
{
    art_game *st = ag(g);
    st->fired[a]++;
    if (g->live.assets[a].crew >= 0)
        st->shot_turn[a] = g->turn + 1;
}

static bool do_call(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    const sl_unit *u = &g->live.units[c->unit];
    int wh = c->warhead >= 0 ? c->warhead : SL_WH_GP;
    int a = pick_asset(g, c->unit, c->asset, wh);
    const sl_asset *as = &g->live.assets[a];
    sl_call_odds o;
    sl_call_fire_odds_for(g, c->unit, a, wh, c->chits, c->at, &o);
    art_game *st = ag(g);
    if (o.open_sights) {
        /* observe and lay, then fire: the frame spends the second action */
        g->act_left[g->act_depth - 1]--;
        g->us[c->unit].actions_done++;
        fired(g, a);
        art_mission m = {true, u->side, c->unit, a, wh, g->turn, c->at, true};
        rl_state(g, c->unit, "fire-mission", "%s lays %s over open sights on (%.1f, %.1f) and fires %s: both its "
                 "actions, no call needed (p47)", u->name, as->name, c->at.x / 1000.0, c->at.y / 1000.0,
                 sl_warhead_name((sl_warhead)wh));
        land(g, &m);
        return !g->failed;
    }
    if (o.commands_crew) {
        bool through = act_comm_roll(g, c->unit, as->crew, 0, "directing its own artillery's fire");
        if (g->failed)
            return false;
        if (!through) {
            rl_state(g, c->unit, "call-failed", "The order does not reach %s: no fire comes", as->name);
            return true;
        }
        fired(g, a);
        art_mission m = {true, u->side, c->unit, a, wh, g->turn, c->at, false};
        rl_state(g, c->unit, "fire-mission", "%s directs its own %s: approved at once, %s on (%.1f, %.1f) (p47)",
                 u->name, as->name, sl_warhead_name((sl_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0);
        land(g, &m);
        return !g->failed;
    }
    st->chits_spent[u->side] += c->chits;
    char how[200] = "";
    if (o.bypassed || c->chits)
        snprintf(how, sizeof how, " (the D8 down %d for the level%s skipped, up %d for the counter%s spent)", o.bypassed,
                 o.bypassed == 1 ? "" : "s", c->chits, c->chits == 1 ? "" : "s");
    int v = rl_roll(g, o.die, o.need, "call-fire", c->unit,
                    "%s calls %s for %s at (%.1f, %.1f): %s%s must beat leadership %d + %d %s = %d (p44)", u->name,
                    as->name, sl_warhead_name((sl_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0, sl_die_name(o.die),
                    how, u->leadership, o.observer ? 0 : 2, o.observer ? "for a forward observer" : "without an observer",
                    o.need);
    if (g->failed)
        return false;
    if (v <= o.need) {
        rl_state(g, c->unit, "call-failed", "The call does not get through: no fire comes%s",
                 c->chits ? " (the counters are spent all the same)" : "");
        return true;
    }
    fired(g, a);
    /* an on-table piece answers at once (p47: under the same command) */
    int arrival = as->crew >= 0 ? 0 : as->arrival;
    art_mission m = {true, u->side, c->unit, a, wh, g->turn + arrival, c->at, false};
    if (arrival == 0) {
        rl_state(g, c->unit, "fire-mission", "%s answers: %s on its way to (%.1f, %.1f)", as->name,
                 sl_warhead_name((sl_warhead)wh), c->at.x / 1000.0, c->at.y / 1000.0);
        land(g, &m);
        return !g->failed;
    }
    for (int k = 0; k < ART_MAX_PENDING; k++)
        if (!st->pending[k].on) {
            st->pending[k] = m;
            break;
        }
    rl_state(g, c->unit, "fire-mission", "%s answers: the mission lands at the start of turn %d (p46)", as->name,
             m.land_turn);
    return true;
}

static void art_turn_start(sl_game *g)
{
    art_game *st = ag(g);
    if (!st)
        return;
    for (int k = 0; k < ART_MAX_PENDING && !g->failed; k++)
        if (st->pending[k].on && st->pending[k].land_turn <= g->turn) {
            art_mission m = st->pending[k];
            st->pending[k].on = false;
            land(g, &m);
        }
}

/* --- seal and open -------------------------------------------------------------------------- */

/* The active unit: its standing men in the building or at its walls
 * (within 2"). */
static bool at_building(const sl_game *g, int unit, int f)
{
    const sl_unit *u = &g->live.units[unit];
    const sl_feature *ft = &g->live.table.features[f];
    const sl_pt *v = sl_feature_pts(&g->live.table, ft);
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *fg = &g->live.figures[u->first_figure + i];
        if (fg->status != SL_FIG_OK)
            continue;
        if (in_feature(g, f, fg->pos))
            return true;
        for (int k = 0; k < ft->npts; k++)
            if (sl_seg_point_dist2(v[k], v[(k + 1) % ft->npts], fg->pos) <= 2000.0 * 2000.0)
                return true;
    }
    return false;
}

static bool can_seal(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool seal = strcmp(sl_cmd_name(c->kind), "seal") == 0;
    int active = sl_game_active_unit(g);
    if (active < 0)
        return rl_refuse(why, whylen, "no unit is active: a unit seals or opens what it is in, in its activation");
    if (c->feature >= 0) {
        int f = c->feature;
        if (!g->live.table.features[f].airtight)
            return rl_refuse(why, whylen, "%s is not airtight: it cannot be sealed (the map says which are)",
                             fname(g, f));
        if (!bld_airtight(g, f))
            return rl_refuse(why, whylen, "%s is %s: it cannot be sealed now", fname(g, f),
                             bld(g, f) & BLD_BREACHED ? "breached" : "wrecked");
        if (bld_sealed(g, f) == seal)
            return rl_refuse(why, whylen, "%s is already %s", fname(g, f), seal ? "sealed" : "open");
        if (!at_building(g, active, f))
            return rl_refuse(why, whylen, "%s is not in %s or at its walls (within 2\")", rl_unit_name(g, active),
                             fname(g, f));
        if (sl_game_actions_left(g) < 1)
            return rl_refuse(why, whylen, "%s has no action left: sealing or opening a building takes one (as a "
                                          "reorganise)",
                             rl_unit_name(g, active));
        return true;
    }
    int v = c->target;
    if (v < 0 || g->live.units[v].kind != SL_UNIT_VEHICLE)
        return rl_refuse(why, whylen, "seal and open name a building or a vehicle");
    const sl_unit *vu = &g->live.units[v];
    if (!tracked(g))
        return rl_refuse(why, whylen, "whether %s is sealed is rolled when a fuel-air blast catches it; to seal and "
                                      "open vehicles yourselves, play with the rule option fae_vehicles = advanced",
                         vu->name);
    if (!veh_airtight(g, v))
        return rl_refuse(why, whylen, "%s is %s: it cannot be sealed", vu->name,
                         vu->open_top ? "open-topped" : g->us[v].damage ? "disabled" : "not airtight");
    if (active != v)
        return rl_refuse(why, whylen, "%s seals or opens in its own activation, and %s is active", vu->name,
                         rl_unit_name(g, active));
    if (veh_sealed_known(g, v) == seal)
        return rl_refuse(why, whylen, "%s is already %s", vu->name, seal ? "sealed" : "open");
    bool start = g->us[v].actions_done == 0;
    if (!start && sl_game_actions_left(g) < 1)
        return rl_refuse(why, whylen, "%s has no action left to reorganise", vu->name);
    if (start && !seal && g->us[v].systems_down && veh_sealed_known(g, v) == 1)
        return rl_refuse(why, whylen, "%s is sealed with its systems down: it opens only by a reorganise, after its "
                                      "first action (seed 000)",
                         vu->name);
    return true;
}

static bool do_seal(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bool seal = strcmp(sl_cmd_name(c->kind), "seal") == 0;
    int active = sl_game_active_unit(g);
    if (c->feature >= 0) {
        bld_set_sealed(g, c->feature, seal);
        rl_state(g, active, seal ? "sealed" : "opened", "%s %s %s: a reorganise action (seed 000)%s",
                 rl_unit_name(g, active), seal ? "seals" : "opens", fname(g, c->feature),
                 seal ? "" : "; a fuel-air blast now fills it");
        rl_spend(g, 1);
        return true;
    }
    int v = c->target;
    art_unit *s = au(g, v);
    bool start = g->us[v].actions_done == 0;
    s->known = true;
    s->sealed = seal;
    rl_state(g, v, seal ? "sealed" : "opened", "%s is %s %s", rl_unit_name(g, v), seal ? "sealed" : "opened",
             start ? "as its activation begins (seed 000)" : "by a reorganise action (seed 000)");
    if (!start)
        rl_spend(g, 1);
    return true;
}

/* --- deploy and pack an on-table piece (p47) ---------------------------------------------------------- */

static int crew_piece(const sl_game *g, int unit, bool want_packed)
{
    int any = -1;
    for (int a = 0; a < g->live.nassets; a++)
        if (g->live.assets[a].crew == unit && !g->live.assets[a].self_propelled) {
            if (packed_now(g, a) == want_packed)
                return a;
            any = a;
        }
    return any < 0 ? -1 : -2 - any;
}

static bool can_deploy(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    bool deploy = strcmp(sl_cmd_name(c->kind), "deploy") == 0;
    int a = crew_piece(g, c->unit, deploy);
    if (a == -1)
        return rl_refuse(why, whylen, "%s serves no towed or manpacked artillery piece", rl_unit_name(g, c->unit));
    if (a < -1)
        return rl_refuse(why, whylen, "%s is already %s", g->live.assets[-2 - a].name, deploy ? "deployed" : "packed up");
    if (g->us[c->unit].aboard >= 0)
        return rl_refuse(why, whylen, "%s is aboard a vehicle", rl_unit_name(g, c->unit));
    return true;
}

static bool do_deploy(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    bool deploy = strcmp(sl_cmd_name(c->kind), "deploy") == 0;
    int a = crew_piece(g, c->unit, deploy);
    ag(g)->repacked[a] = !ag(g)->repacked[a];
    rl_state(g, c->unit, deploy ? "deployed" : "packed", "%s %s %s: a reorganise action (p47)",
             rl_unit_name(g, c->unit), deploy ? "deploys" : "packs up", g->live.assets[a].name);
    return true;
}

/* --- hooks: moving into sealed buildings, fire out of them, vehicles ------------------------------ */

/* Each standing figure's way, as the move command sets it out (every man
 * follows the centre's waypoints from where he stands). */
static int figure_ways(const sl_game *g, const sl_command *c, int *figs, sl_pt way[][SL_CMD_MAX_PTS + 1])
{
    rl_figset set;
    rl_acting_set(g, c, &set);
    sl_pt centre = sl_figs_centre(&g->live, set.fig, set.n, NULL);
    int n = 0;
    for (int i = 0; i < set.n && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[set.fig[i]];
        if (f->status != SL_FIG_OK)
            continue;
        int32_t dx = f->pos.x - centre.x, dy = f->pos.y - centre.y;
        way[n][0] = f->pos;
        for (int k = 0; k < c->npts; k++)
            way[n][k + 1] = sl_pt_make(c->pts[k].x + dx, c->pts[k].y + dy);
        figs[n++] = set.fig[i];
    }
    return n;
}

/* Does a way go into or out of building f (cross its outline)? */
static bool way_crosses(const sl_game *g, int f, const sl_pt *way, int n)
{
    const sl_feature *ft = &g->live.table.features[f];
    const sl_pt *v = sl_feature_pts(&g->live.table, ft);
    for (int k = 0; k + 1 < n; k++)
        for (int e = 0; e < ft->npts; e++)
            if (sl_seg_intersects(way[k], way[k + 1], v[e], v[(e + 1) % ft->npts]))
                return true;
    return false;
}

static bool is_move(int kind)
{
    return kind == SL_CMD_MOVE || kind == SL_CMD_COMBAT_MOVE;
}

/* The sealed buildings a move goes into or out of (bit per building). */
static int sealed_crossed(const sl_game *g, const sl_command *c, int *out, int max)
{
    sl_pt way[SL_SIGHT_MAX_FIGS][SL_CMD_MAX_PTS + 1];
    int figs[SL_SIGHT_MAX_FIGS];
    int n = figure_ways(g, c, figs, way), found = 0;
    for (int f = 0; f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS && found < max; f++) {
        if (!bld_sealed(g, f))
            continue;
        for (int i = 0; i < n; i++)
            if (way_crosses(g, f, way[i], c->npts + 1)) {
                out[found++] = f;
                break;
            }
    }
    return found;
}

static bool art_move_check(const sl_game *g, const sl_command *c, bool *decided, char *why, size_t whylen)
{
    (void)decided;
    if (!has_support(g) || !is_move(c->kind) || c->unit < 0)
        return true;
    for (int a = 0; a < g->live.nassets; a++) {
        const sl_asset *as = &g->live.assets[a];
        if (as->crew != c->unit)
            continue;
        if (ag(g)->shot_turn[a] == g->turn + 1 && g->us[c->unit].actions_done > 0)
            return rl_refuse(why, whylen, "%s fired %s this activation: no artillery fires and moves in one "
                                          "activation (p47)",
                             rl_unit_name(g, c->unit), as->name);
        if (!as->self_propelled && !packed_now(g, a))
            return rl_refuse(why, whylen, "%s is deployed: its crew packs it up before moving off (pack %s, a "
                                          "reorganise, p47)",
                             as->name, g->live.units[c->unit].id);
    }
    int b[8];
    int n = sealed_crossed(g, c, b, 8);
    int side = g->live.units[c->unit].side;
    for (int i = 0; i < n; i++) {
        unsigned holders = bld_holders(g, b[i]);
        if (holders & ~(1u << side))
            return rl_refuse(why, whylen, "%s is sealed and held by the enemy: breach it first (a close assault on those "
                                          "inside, or a blast that wrecks it), seed 000",
                             fname(g, b[i]));
    }
    return true;
}

static int32_t art_way_extra(const sl_game *g, const sl_command *c)
{
    if (!has_support(g) || !is_move(c->kind) || c->opening || c->unit < 0)
        return 0;
    int b[8];
    return sealed_crossed(g, c, b, 8) > 0 ? 2000 : 0;
}

static void art_moved(sl_game *g, const sl_move *mv)
{
    if (!has_support(g))
        return;
    /* the command that moved it: a move that says `opening` opens the
     * sealed buildings it went into or out of */
    const sl_command *c = NULL;
    for (int i = g->nframes - 1; i >= 0 && !c; i--)
        if (g->frames[i].kind == SL_FRAME_MOVE && g->frames[i].cmd.unit == mv->unit)
            c = &g->frames[i].cmd;
    if (!c || !c->opening)
        return;
    for (int f = 0; f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS; f++) {
        if (!bld_sealed(g, f))
            continue;
        /* through it: the way starts, ends or runs in it */
        bool through = in_feature(g, f, mv->start) || in_feature(g, f, rl_unit_centre(g, mv->unit));
        for (int k = 0; k + 1 < mv->nway && !through; k++) {
            sl_pt seg[2] = {mv->way[k], mv->way[k + 1]};
            through = way_crosses(g, f, seg, 2);
        }
        if (through) {
            bld_set_sealed(g, f, false);
            rl_state(g, mv->unit, "opened", "%s opens %s as it goes through (seed 000)", rl_unit_name(g, mv->unit),
                     fname(g, f));
        }
    }
}

static bool art_fire_able(const sl_game *g, int unit, char *why, size_t whylen)
{
    if (!has_support(g))
        return true;
    const sl_unit *u = &g->live.units[unit];
    int in = 0, n = 0, where = -1;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status != SL_FIG_OK)
            continue;
        n++;
        int b = building_at(g, f->pos);
        if (b >= 0 && bld_sealed(g, b) && !g->live.table.features[b].firing_ports) {
            in++;
            where = b;
        }
    }
    if (n > 0 && in == n)
        return rl_refuse(why, whylen, "%s is inside %s, which is sealed and has no firing ports: open it first "
                                      "(seed 000)",
                         u->name, fname(g, where));
    return true;
}

/* An assault on troops inside a sealed building breaches it. */
static void art_declared_assault(sl_game *g, const sl_command *c)
{
    if (c->kind != SL_CMD_ASSAULT || c->target < 0)
        return;
    const sl_unit *t = &g->live.units[c->target];
    for (int i = 0; i < t->nfigures; i++) {
        const sl_figure *f = &g->live.figures[t->first_figure + i];
        int b = f->status == SL_FIG_DEAD ? -1 : building_at(g, f->pos);
        if (b >= 0 && b < ART_MAX_BUILDINGS && bld_sealed(g, b)) {
            ag(g)->bld[b] |= BLD_BREACHED;
            rl_state(g, c->unit, "breached", "%s breaks into %s: it is open from now on (seed 000)",
                     rl_unit_name(g, c->unit), fname(g, b));
        }
    }
}

/* The advanced rule (seed 000): a transport is open while troops get
 * in or out, until its next activation. */
static void art_transport_opens(sl_game *g, const sl_command *c)
{
    int v = c->kind == SL_CMD_EMBARK ? c->target : c->kind == SL_CMD_DISEMBARK ? g->us[c->unit].aboard : -1;
    if (v < 0 || !tracked(g) || !veh_airtight(g, v) || veh_sealed_known(g, v) == 0)
        return;
    art_unit *s = au(g, v);
    s->known = true;
    s->sealed = 0;
    rl_state(g, v, "opened", "%s opens its hatches while %s gets %s (seed 000)", rl_unit_name(g, v),
             rl_unit_name(g, c->unit), c->kind == SL_CMD_EMBARK ? "in" : "out");
}

static bool art_resolve(sl_game *g, const sl_command *c, bool *handled, char *err, size_t errlen)
{
    (void)handled;
    (void)err;
    (void)errlen;
    if (has_support(g)) {
        art_declared_assault(g, c);
        art_transport_opens(g, c);
    }
    return true;
}

/* The advanced rule: a vehicle not yet known open or sealed takes a
 * reaction test the first time it is activated; transports open when
 * troops get in or out. */
static void art_activated(sl_game *g, int unit, rl_how how)
{
    (void)how;
    if (!has_support(g) || !tracked(g) || g->live.units[unit].kind != SL_UNIT_VEHICLE || !veh_airtight(g, unit))
        return;
    if (veh_sealed_known(g, unit) < 0)
        veh_sealed_now(g, unit, "its first activation");
}

/* --- the window ------------------------------------------------------------------------------ */

/* One button for each warhead the side's assets fire: general purpose
 * first (Shift+F), then the others. */
static int art_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    if (!has_support(g) || max < 1)
        return 0;
    int n = 0;
    /* a crew's towed or manpacked piece: deploy or pack it (Shift+B) */
    int own = crew_piece(g, unit, true);
    if (own != -1) {
        int piece = own >= 0 ? own : -2 - own;
        bool packed = packed_now(g, piece);
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = rl_cmd_kind_of(&art_rule.commands[packed ? 3 : 4]);
        snprintf(out[n].label, sizeof out[n].label, "%s %s", packed ? "Deploy" : "Pack up",
                 sl_gun_type_id(g->live.assets[piece].type));
        snprintf(out[n].key, sizeof out[n].key, "Shift+B");
        out[n].order = 61;
        n++;
    }
    if (g->live.units[unit].kind != SL_UNIT_INFANTRY || !has_caller(g, unit))
        return n;
    unsigned warheads = 0;
    for (int a = 0; a < g->live.nassets; a++)
        if (g->live.assets[a].side == g->live.units[unit].side)
            warheads |= g->live.assets[a].warheads;
    static const char *const keys[] = {"Shift+F", "Shift+G", "Shift+V", "Shift+N"};
    static const char *const labels[] = {"Call fire", "Call fire: AP", "Call fire: AT", "Call fire: FAE"};
    int first = n;
    for (int w = 0; w < SL_WH_COUNT && n < max; w++) {
        if (!(warheads & (1u << w)))
            continue;
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = rl_cmd_kind_of(&art_rule.commands[0]);
        out[n].variant = w + 1;
        snprintf(out[n].label, sizeof out[n].label, "%s", w == SL_WH_GP ? "Call fire: GP" : labels[w]);
        snprintf(out[n].key, sizeof out[n].key, "%s", keys[n - first]);
        out[n].needs_point = true;
        out[n].order = 62 + n - first;
        n++;
    }
    return n;
}

static int art_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (max < 1 || !has_support(g))
        return 0;
    /* a crew's piece: MORTAR, GUN or ROCKETS, with PACKED while packed up */
    for (int a = 0; a < g->live.nassets; a++)
        if (g->live.assets[a].crew == unit) {
            static const char *const words[] = {"MORTAR", "GUN", "ROCKETS"};
            snprintf(out->text, sizeof out->text, "%s%s", words[g->live.assets[a].type],
                     packed_now(g, a) ? " PACKED" : "");
            out->style = SL_MARK_INFO;
            out->order = 57;
            return 1;
        }
    if (g->live.units[unit].kind != SL_UNIT_VEHICLE)
        return 0;
    int k = veh_sealed_known(g, unit);
    if (!veh_airtight(g, unit) || k < 0)
        return 0;
    snprintf(out->text, sizeof out->text, "%s", k ? "SEALED" : "OPEN");
    out->style = SL_MARK_INFO;
    out->order = 57;
    return 1;
}

static int art_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    if (max < 1 || !has_support(g))
        return 0;
    const sl_unit *u = &g->live.units[unit];
    memset(out, 0, sizeof *out);
    if (u->kind == SL_UNIT_VEHICLE) {
        int k = veh_sealed_known(g, unit);
        snprintf(out->text, sizeof out->text, "against fuel-air blasts: %s",
                 !veh_airtight(g, unit) ? "not airtight"
                 : k < 0                ? "sealed or not rolled when it matters"
                 : k                    ? "sealed"
                                        : "open");
        return 1;
    }
    if (u->kind != SL_UNIT_INFANTRY || !has_caller(g, unit))
        return 0;
    const art_game *st = ag(g);
    int left = g->live.sides[u->side].request_chits - st->chits_spent[u->side];
    snprintf(out->text, sizeof out->text, "calls fire%s, %d counter%s left", has_observer(g, unit) ? " (observer)" : "",
             left, left == 1 ? "" : "s");
    return 1;
}

/* --- public questions -------------------------------------------------------------------------- */

const sl_blast *sl_game_last_blast(const sl_game *g)
{
    const art_game *st = ag(g);
    return st && st->blast.on ? &st->blast : NULL;
}

int sl_game_building_state(const sl_game *g, int feature)
{
    if (!has_support(g) || feature < 0 || feature >= g->live.table.nfeatures ||
        !is_building(&g->live.table.features[feature]))
        return SL_BUILDING_NONE;
    unsigned b = bld(g, feature);
    if (b & BLD_DESTROYED)
        return SL_BUILDING_DESTROYED;
    if (b & BLD_DISABLED)
        return SL_BUILDING_DISABLED;
    if (b & BLD_BREACHED)
        return SL_BUILDING_BREACHED;
    if (!g->live.table.features[feature].airtight)
        return SL_BUILDING_NONE;
    return bld_sealed(g, feature) ? SL_BUILDING_SEALED : SL_BUILDING_OPEN;
}

int sl_game_pending_missions(const sl_game *g, sl_pt *at, int *land_turn, int max)
{
    const art_game *st = ag(g);
    int n = 0;
    for (int k = 0; st && k < ART_MAX_PENDING && n < max; k++)
        if (st->pending[k].on) {
            at[n] = st->pending[k].at;
            land_turn[n] = st->pending[k].land_turn;
            n++;
        }
    return n;
}

int sl_game_chits_left(const sl_game *g, int side)
{
    const art_game *st = ag(g);
    return st ? g->live.sides[side].request_chits - st->chits_spent[side] : 0;
}

static const rl_cmd_def art_commands[] = {
    {RL_KIND_NEW, "call-fire", NULL, RL_SHAPE_CALL_FIRE, NULL,
     "call-fire UNIT at X,Y [ASSET] [gp|ap|at|fae] [chits N] (ask a support asset for a fire mission, p44)", 1,
     RL_CMD_ACTION | RL_CMD_COMMS, can_call, do_call},
    {RL_KIND_NEW, "seal", NULL, RL_SHAPE_POINT_TARGET, NULL,
     "seal BUILDING|VEHICLE (shut every opening against fuel-air blasts, seed 000)", 0, 0, can_seal, do_seal},
    {RL_KIND_NEW, "open", NULL, RL_SHAPE_POINT_TARGET, NULL, "open BUILDING|VEHICLE (open it up again, seed 000)", 0,
     0, can_seal, do_seal},
    {RL_KIND_NEW, "deploy", NULL, RL_SHAPE_UNIT, NULL,
     "deploy UNIT (a crew sets up its towed or manpacked artillery to fire, p47)", 1, RL_CMD_ACTION, can_deploy,
     do_deploy},
    {RL_KIND_NEW, "pack", NULL, RL_SHAPE_UNIT, NULL, "pack UNIT (a crew packs its piece up to move off, p47)", 1,
     RL_CMD_ACTION, can_deploy, do_deploy},
};

const rl_house art_rule = {
    .name = "artillery",
    .source = "rulebook pp44-47; seed 000: fuel-air explosives",
    .title = "artillery support",
    .on = art_on,
    .commands = art_commands,
    .ncommands = 5,
    .unit_bytes = sizeof(art_unit),
    .game_bytes = sizeof(art_game),
    .move_check = art_move_check,
    .way_extra = art_way_extra,
    .comm = art_comm,
    .moved = art_moved,
    .fire_able = art_fire_able,
    .resolve = art_resolve,
    .activated = art_activated,
    .turn_start = art_turn_start,
    .offers = art_offers,
    .marks = art_marks,
    .card = art_card,
};
