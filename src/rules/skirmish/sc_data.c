/* What SkirmishCorps reads of a scenario file (seed 002): the firearms
 * table, a side's "comms_link", a foot-unit's "sp", "re", "alert" and
 * "firearm". */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

/* The firearms of the SkirmishCorps digest, section 6 (the rows it could
 * read; "No" is SC_BRACKET_NO). */
static const sc_firearm firearms[] = {
    {"smg", "SMG", {1, -2, SC_BRACKET_NO, SC_BRACKET_NO}, "1D6"},
    {"semi-auto-pistol", "semi-auto pistol", {1, -2, SC_BRACKET_NO, SC_BRACKET_NO}, "1D6"},
    {"small-revolver", "small revolver", {1, -1, SC_BRACKET_NO, SC_BRACKET_NO}, "1D6"},
    {"large-semi-auto-pistol", "large semi-auto pistol", {0, -2, SC_BRACKET_NO, SC_BRACKET_NO}, "1D6+1"},
    {"machine-pistol", "machine pistol", {0, 0, -3, SC_BRACKET_NO}, "1D6"},
    {"automatic-rifle", "automatic rifle", {0, -1, -2, SC_BRACKET_NO}, "1D6+1"},
    {"small-sniper-rifle", "small sniper rifle", {-1, 0, 0, -1}, "1D6+1"},
    {"semi-auto-sniper", "semi-auto sniper rifle", {-2, -1, 0, -1}, "1D6+1"},
    {"heavy-sniper", "heavy sniper rifle", {-2, -1, 0, -1}, "2D6"},
    {"double-barrel-shotgun", "double-barrel shotgun", {1, SC_BRACKET_NO, SC_BRACKET_NO, SC_BRACKET_NO}, "2D6"},
    {"pump-shotgun", "pump shotgun", {0, -2, SC_BRACKET_NO, SC_BRACKET_NO}, "2D6"},
    {"automatic-shotgun", "automatic shotgun", {-1, -3, SC_BRACKET_NO, SC_BRACKET_NO}, "2D6"},
};

int sc_firearm_count(void)
{
    return (int)(sizeof firearms / sizeof firearms[0]);
}

const sc_firearm *sc_firearm_get(int i)
{
    return i >= 0 && i < sc_firearm_count() ? &firearms[i] : NULL;
}

int sc_firearm_find(const char *id)
{
    for (int i = 0; i < sc_firearm_count(); i++)
        if (strcmp(firearms[i].id, id) == 0)
            return i;
    return -1;
}

int sc_range_bracket(int32_t mils)
{
    return mils <= 12000 ? 0 : mils <= 24000 ? 1 : mils <= 48000 ? 2 : 3;
}

const char *sc_bracket_name(int b)
{
    static const char *const n[] = {"short", "medium", "long", "extreme"};
    return b >= 0 && b < 4 ? n[b] : "?";
}

/* --- its data of the scenario ----------------------------------------------------- */

typedef struct sc_side_scn {
    bool comms_link;
} sc_side_scn;

typedef struct sc_unit_scn {
    int sp, re, alert;
    int firearm;                /* its index + 1; 0 none */
} sc_unit_scn;

static const sc_unit_scn *unit_scn(const sl_scenario *scn, int unit)
{
    return rl_scn_unit(scn, &sc_scn_part, unit);
}

int sc_unit_sp(const sl_scenario *scn, int unit) { return unit_scn(scn, unit)->sp; }
int sc_unit_re(const sl_scenario *scn, int unit) { return unit_scn(scn, unit)->re; }
int sc_unit_alert(const sl_scenario *scn, int unit) { return unit_scn(scn, unit)->alert; }
int sc_unit_firearm(const sl_scenario *scn, int unit) { return unit_scn(scn, unit)->firearm - 1; }

bool sc_side_comms_link(const sl_scenario *scn, int side)
{
    return ((const sc_side_scn *)rl_scn_side(scn, &sc_scn_part, side))->comms_link;
}

bool sc_unit_set(sl_scenario *scn, int unit, int sp, int re, int alert, int firearm)
{
    sc_unit_scn *u = rl_scn_edit(scn, &sc_scn_part, SL_KEYS_UNIT, unit);
    if (!u)
        return false;
    *u = (sc_unit_scn){sp, re, alert, firearm + 1};
    return true;
}

bool sc_side_set_comms_link(sl_scenario *scn, int side, bool link)
{
    sc_side_scn *s = rl_scn_edit(scn, &sc_scn_part, SL_KEYS_SIDE, side);
    if (s)
        s->comms_link = link;
    return s != NULL;
}

bool sc_figure_arms(const sl_scenario *scn, int fig, char *buf, size_t len)
{
    int unit = scn->figures[fig].unit;
    const sl_unit *u = &scn->units[unit];
    const sc_firearm *fa = sc_firearm_get(sc_unit_firearm(scn, unit));
    snprintf(buf, len, "%s \xC2\xB7 %s",
             u->kind == SL_UNIT_VEHICLE ? (u->open_top ? "open-topped vehicle" : "closed vehicle") : "foot-unit",
             fa ? fa->name : "no firearm");
    return true;
}

void sc_makeup(const sl_scenario *scn, int unit, char *buf, size_t len)
{
    /* short, for the side panel's width: the firearm is on the unit's card */
    snprintf(buf, len, "%sSP %d \xC2\xB7 RE %d", scn->units[unit].kind == SL_UNIT_VEHICLE ? "vehicle \xC2\xB7 " : "",
             sc_unit_sp(scn, unit), sc_unit_re(scn, unit));
}

/* Its firearm's brackets as V draws them: a ring at the outer edge of
 * each bracket it can fire in (the extreme one open), its words the
 * bracket's name, outer edge and modifier to hit, as the digest's table gives
 * them (0 where the table has 0). A throw's reach is not drawn: its
 * brackets come from ST, which the digest could not read. */
int sc_reach(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why)
{
    const sc_firearm *fa = sc_firearm_get(sc_unit_firearm(scn, unit));
    if (!fa) {
        if (why)
            *why = "it carries no firearm (and a throw's reach comes from ST, which the rules read here do not give)";
        return 0;
    }
    static const int32_t edge[SC_BRACKETS] = {12000, 24000, 48000, SL_REACH_OPEN};
    int n = 0;
    for (int b = 0; b < SC_BRACKETS && n < max && fa->mod[b] != SC_BRACKET_NO; b++, n++) {
        char mod[8];
        snprintf(mod, sizeof mod, fa->mod[b] ? "%+d" : "0", fa->mod[b]);
        out[n].r = edge[b];
        if (edge[b] < SL_REACH_OPEN)
            snprintf(out[n].label, sizeof out[n].label, "%s to %.0f\": %s to hit", sc_bracket_name(b),
                     edge[b] / 1000.0, mod);
        else
            snprintf(out[n].label, sizeof out[n].label, "%s %.0f\"+: %s to hit", sc_bracket_name(b),
                     edge[b - 1] / 1000.0, mod);
    }
    if (why)
        *why = n ? "no throw reach: it comes from ST, which the rules read here do not give"
                 : "its firearm cannot fire at any range";
    return n;
}

/* "firearm": one of the table's, by its id. */
static void read_firearm(sc_unit_scn *u, const sl_keys *k)
{
    const char *fa = NULL;
    if (!k->string(k, "firearm", false, &fa))
        return;
    u->firearm = sc_firearm_find(fa) + 1;
    if (u->firearm == 0) {
        char list[600];
        size_t at = 0;
        for (int i = 0; i < sc_firearm_count() && at < sizeof list; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", sc_firearm_get(i)->id);
        rl_key_error(k, "firearm", "'%s' is not a firearm; expected one of: %s", fa, list);
    }
}

/* Speed and reactions: required when the scenario's ruleset says its
 * units need them; what they may be is the ruleset's check
 * (check_written). */
static void read_unit(const sl_scenario *scn, sc_unit_scn *u, int unit, const sl_keys *k)
{
    bool dummy = scn->units[unit].kind == SL_UNIT_DUMMY;
    long sp = 0, re = 0;
    k->integer(k, "sp", !dummy && sl_ruleset_needs(&scn->options, "sp"), &sp);
    k->integer(k, "re", !dummy && sl_ruleset_needs(&scn->options, "re"), &re);
    u->sp = sp < INT_MIN ? INT_MIN : sp > INT_MAX ? INT_MAX : (int)sp;
    u->re = re < INT_MIN ? INT_MIN : re > INT_MAX ? INT_MAX : (int)re;
    long alert = 0;
    if (k->integer(k, "alert", false, &alert) && (alert < 0 || alert > 6)) {
        rl_key_error(k, "alert", "alert (the Alert (X) tag: a bonus to spot tests) must be 0 to 6, not %ld", alert);
        alert = 0;
    }
    u->alert = (int)alert;
    read_firearm(u, k);
}

static void sc_read(sl_scenario *scn, sl_keys_where where, int index, const sl_keys *k)
{
    if (where == SL_KEYS_SIDE) {
        sc_side_scn *s = rl_scn_edit(scn, &sc_scn_part, SL_KEYS_SIDE, index);
        if (s)
            k->boolean(k, "comms_link", false, &s->comms_link);
    } else if (where == SL_KEYS_UNIT) {
        sc_unit_scn *u = rl_scn_edit(scn, &sc_scn_part, SL_KEYS_UNIT, index);
        if (u)
            read_unit(scn, u, index, k);
    }
}

static const char *const side_keys[] = {"comms_link", NULL};
static const char *const unit_keys[] = {"sp", "re", "alert", "firearm", NULL};

const rl_scn_part sc_scn_part = {
    .keys = {[SL_KEYS_SIDE] = side_keys, [SL_KEYS_UNIT] = unit_keys},
    .side_bytes = sizeof(sc_side_scn),
    .unit_bytes = sizeof(sc_unit_scn),
    .read = sc_read,
};
