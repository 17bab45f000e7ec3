/* Fuel-air explosives (seed 000), fired by the artillery (artillery.c):
 * the same radius, doubled when the burst is inside a building, except
 * beyond a blast wall; impact by the atmosphere (D10 on Earth); no cover;
 * troops without rigid all-covering armour and their own air roll a D4.
 * Buildings and vehicles are point targets that are open or sealed
 * (sealed.c); see art_fae_point_target below. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

/* The fuel-air rule's option (the artillery row lists it): fae_vehicles. */
const rl_option_def art_fae_options[ART_FAE_NOPTIONS] = {
    {{"fae_vehicles", SL_OPT_CHOICE, 0, "roll|advanced", 0, 0, 0,
      "Whether a vehicle is sealed against a fuel-air blast: rolled when a blast catches it (its quality die "
      "must beat its leadership), or the seed's advanced rule: set open or sealed by its player as each "
      "activation begins, a reaction test the first time when the scenario does not say, transports open "
      "while troops get in or out."},
     NULL},
};

/* The armour a man rolls against a fuel-air explosive (seed 000). */
sl_die art_fae_armour(const sl_game *g, int unit, const char **why)
{
    const sl_unit *u = &g->live.units[unit];
    if (art_rigid_armour(&g->live, unit) || u->power_armour || rc_phalon(&g->live, unit)) {
        *why = rc_phalon(&g->live, unit) ? ": a Phalon, its own armour against the FAE"
                                                           : ": rigid armour with its own air, its own armour";
        return u->armour > SL_D4 ? u->armour : SL_D4;
    }
    *why = ": no rigid armour with its own air, a D4 against the FAE whatever it wears";
    return SL_D4;
}

/* Does a FAE's blast reach the man (fig) inside building `feature`
 * once it is in: a blast wall between him and the burst shelters him;
 * from a burst inside the building, the doubled radius is as far as it
 * goes (why: what kept it off). */
bool art_inside_reached(const sl_game *g, const art_burst *b, int feature, int fig, char *why, size_t whylen)
{
    const sl_figure *f = &g->live.figures[fig];
    why[0] = '\0';
    bool reached = b->inside == feature ? art_within_blast(g, b->c, b->r, true, f->pos, f->base_r, why, whylen)
                                        : !art_crosses_blast_wall(g, b->c, f->pos, NULL);
    if (!reached && !why[0])
        snprintf(why, whylen, "a blast wall stands between him and the burst");
    return reached;
}

/* FAE against the troops inside a point target: every standing man
 * aboard the vehicle; in a building, those the blast reaches (a blast
 * wall between them and the burst shelters them; from a burst inside the
 * building, the doubled radius is as far as it goes). */
static void fae_troops_inside(sl_game *g, art_hurt *h, int caller, int feature, int vehicle, const art_burst *b)
{
    sl_die impact = art_fae_impact(&g->live);
    for (int i = 0; i < g->live.nfigures && !g->failed; i++) {
        const sl_figure *f = &g->live.figures[i];
        if (f->status == SL_FIG_DEAD || g->live.units[f->unit].kind != SL_UNIT_INFANTRY)
            continue;
        bool inside = vehicle >= 0 ? g->us[f->unit].aboard == vehicle
                                   : g->us[f->unit].aboard < 0 && art_in_feature(g, feature, f->pos);
        if (!inside)
            continue;
        if (vehicle < 0) {
            char why[200] = "";
            if (!art_inside_reached(g, b, feature, i, why, sizeof why)) {
                rl_note(g, f->unit, "%s, inside %s, is out of the blast: %s", f->id, art_feature_name(g, feature), why);
                continue;
            }
        }
        double dist = sl_dist(b->c, f->pos);
        bool far = dist > b->r;
        char text[300];
        snprintf(text, sizeof text, "%s, inside %s, takes the fuel-air blast as troops (%.1f\" from the burst, radius "
                 "%.0f\"%s)", f->id, vehicle >= 0 ? rl_unit_name(g, vehicle) : art_feature_name(g, feature),
                 dist / 1000.0, (b->inside >= 0 ? 2 * b->r : b->r) / 1000.0,
                 b->inside >= 0 ? ", doubled inside a building" : "");
        art_blast_event(g, f->unit, f->id, b->inside >= 0 ? 2 * b->r : b->r,
                        far && b->inside >= 0 ? "doubled" : "inside", dist, text);
        const char *why;
        sl_die armour = art_fae_armour(g, f->unit, &why);
        art_caught(g, h, i);
        art_figure_roll(g, h, caller, i, impact, armour, why);
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
void art_fae_point_target(sl_game *g, art_hurt *h, int caller, int feature, int vehicle, const art_burst *b,
                          int32_t radius, const char *radius_why, double dist)
{
    bool is_v = vehicle >= 0;
    const char *name = is_v ? g->live.units[vehicle].name : art_feature_name(g, feature);
    int unit = is_v ? vehicle : -1;
    int cls = is_v ? g->live.units[vehicle].armour_class : g->live.table.features[feature].armour_class;
    bool airtight = is_v ? art_veh_airtight(g, vehicle) : art_bld_airtight(g, feature);
    bool sealed = airtight && (is_v ? art_veh_sealed_now(g, vehicle, "a fuel-air explosive's blast")
                                    : art_bld_sealed(g, feature));
    if (g->failed)
        return;
    char text[400];
    snprintf(text, sizeof text, "%s is in the fuel-air blast (radius %.0f\"%s): %s", name, radius / 1000.0,
             radius_why, !airtight ? "not airtight, so no protection" : sealed ? "sealed" : "airtight but open");
    art_blast_event(g, unit, is_v ? g->live.units[vehicle].id : art_feature_name(g, feature), radius,
                    radius_why[0] ? "doubled" : "plain", dist, text);
    sl_die impact_die = art_fae_impact(&g->live);
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
        fire_held hh = {name, impact, armour, true,
                        "D6 for a non-penetrating hit, 1-2 suspension read as systems, 3-5 hull, 6 systems (p39, "
                        "seed 000)"};
        int v = rl_roll_told(g, SL_D6, -1, "non-penetrating", unit, fire_held_words, &hh);
        if (v <= 2 || v == 6) {
            if (is_v) {
                g->us[vehicle].systems_down = true;
            } else if (feature < ART_MAX_BUILDINGS) {
                art_game_of(g)->bld[feature] |= BLD_SYSTEMS;
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
        art_game_of(g)->bld[feature] |= destroyed ? BLD_DESTROYED : BLD_DISABLED;
    }
    rl_state(g, unit, destroyed ? "destroyed" : "disabled", "%s is %s: impact %d %s armour %d (p39)", name,
             destroyed ? "destroyed" : "disabled", impact, destroyed ? "is more than twice" : "beats", armour);
    if (sealed) {
        rl_note(g, unit, "Penetrated: those inside %s take the blast as troops (seed 000)", name);
        fae_troops_inside(g, h, caller, feature, vehicle, b);
    }
}

/* Does a FAE's burst catch building f (seed 000): the one it went off
 * in, or one whose outline is within the radius, or within the doubled
 * radius with no blast wall between? *dist: how far its outline is. */
bool art_fae_catches(const sl_game *g, const art_burst *bu, int f, double *dist)
{
    sl_pt c = bu->c;
    int32_t r = bu->r;
    const sl_feature *ft = &g->live.table.features[f];
    *dist = 0;
    if (!art_is_building(ft))
        return false;
    const sl_pt *v = sl_feature_pts(&g->live.table, ft);
    double best = f == bu->inside ? 0 : 1e300;
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
    *dist = sqrt(best);
    return *dist <= r || (bu->doubled && *dist <= 2.0 * r && !art_crosses_blast_wall(g, c, near, NULL));
}

/* The buildings a FAE's burst catches, each a point target (done[f] set). */
void art_fae_buildings(sl_game *g, art_hurt *h, int caller, const art_burst *bu, bool *done)
{
    int32_t r = bu->r;
    for (int f = 0; f < g->live.table.nfeatures && f < ART_MAX_BUILDINGS && !g->failed; f++) {
        double dist;
        if (!art_fae_catches(g, bu, f, &dist))
            continue;
        done[f] = true;
        art_fae_point_target(g, h, caller, f, -1, bu, bu->doubled ? 2 * r : r, dist > r ? bu->rwhy : "", dist);
    }
}
