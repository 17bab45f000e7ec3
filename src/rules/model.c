/* Sides, units, figures, and the weapon and armour catalogues
 * (Stargrunt II rulebook p28, p33-34; see src/rules/RULES.md). */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ieq(const char *a, const char *b)
{
    if (!a || !b)
        return false;
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

/* Find `s` in a list of names; -1 when absent. */
static int lookup(const char *const *names, int n, const char *s)
{
    return rl_word_index(names, n, s);
}

bool sl_die_parse(const char *s, sl_die *out)
{
    if (!s)
        return false;
    if (*s == 'D' || *s == 'd')
        s++;
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0')
        return false;
    switch (v) {
    case 4: case 6: case 8: case 10: case 12:
        *out = (sl_die)v;
        return true;
    default:
        return false;
    }
}

const char *sl_die_name(sl_die d)
{
    switch (d) {
    case SL_D4: return "D4";
    case SL_D6: return "D6";
    case SL_D8: return "D8";
    case SL_D10: return "D10";
    case SL_D12: return "D12";
    default: return "-";
    }
}

static const char *const quality_names[SL_Q_COUNT] = {"untrained", "green", "regular", "veteran", "elite"};
static const char *const quality_labels[SL_Q_COUNT] = {"Untrained", "Green", "Regular", "Veteran", "Elite"};

sl_die sl_quality_die(sl_quality q)
{
    static const sl_die dice[SL_Q_COUNT] = {SL_D4, SL_D6, SL_D8, SL_D10, SL_D12};
    return (int)q >= 0 && q < SL_Q_COUNT ? dice[q] : SL_D4;
}

int32_t sl_quality_band(sl_quality q)
{
    return (int32_t)sl_quality_die(q) * SL_MILS_PER_INCH;
}

const char *sl_quality_name(sl_quality q)
{
    return (int)q >= 0 && q < SL_Q_COUNT ? quality_names[q] : "?";
}

const char *sl_quality_label(sl_quality q)
{
    return (int)q >= 0 && q < SL_Q_COUNT ? quality_labels[q] : "?";
}

bool sl_quality_parse(const char *s, sl_quality *out)
{
    int i = lookup(quality_names, SL_Q_COUNT, s);
    if (i < 0)
        return false;
    *out = (sl_quality)i;
    return true;
}

static const char *const motivation_names[] = {"low", "medium", "high"};
static const char *const fatigue_names[] = {"fresh", "tired", "exhausted"};
static const char *const confidence_names[] = {"confident", "steady", "shaken", "broken", "routed"};
static const char *const role_names[SL_ROLE_COUNT] = {"trooper", "leader", "support", "medic",
                                                      "sniper", "specialist", "crew"};
static const char *const unit_kind_names[] = {"infantry", "vehicle", "dummy"};
static const char *const marker_names[SL_MARKER_COUNT] = {"triangle", "square", "diamond", "cross"};
static const char *const mobility_names[SL_MOB_COUNT] = {"foot", "light", "slow-power-armour", "fast-power-armour",
                                                         "vehicle"};

const char *sl_motivation_name(sl_motivation m) { return motivation_names[m]; }
const char *sl_fatigue_name(sl_fatigue f) { return fatigue_names[f]; }
const char *sl_confidence_name(sl_confidence c) { return confidence_names[c]; }
const char *sl_role_name(sl_role r) { return role_names[r]; }
const char *sl_unit_kind_name(sl_unit_kind k) { return unit_kind_names[k]; }
const char *sl_marker_name(sl_marker m) { return marker_names[m]; }

#define PARSER(fn, type, names, n)                    \
    bool fn(const char *s, type *out)                 \
    {                                                 \
        int i = lookup(names, n, s);                  \
        if (i < 0)                                    \
            return false;                             \
        *out = (type)i;                               \
        return true;                                  \
    }

PARSER(sl_motivation_parse, sl_motivation, motivation_names, 3)
PARSER(sl_fatigue_parse, sl_fatigue, fatigue_names, 3)
PARSER(sl_confidence_parse, sl_confidence, confidence_names, 5)
PARSER(sl_role_parse, sl_role, role_names, SL_ROLE_COUNT)
PARSER(sl_unit_kind_parse, sl_unit_kind, unit_kind_names, 3)
PARSER(sl_marker_parse, sl_marker, marker_names, SL_MARKER_COUNT)
PARSER(sl_mobility_parse, sl_mobility, mobility_names, SL_MOB_COUNT)

const char *sl_mobility_name(sl_mobility m) { return mobility_names[m]; }

sl_die sl_mobility_die(sl_mobility m)
{
    switch (m) {
    case SL_MOB_LIGHT: return SL_D8;
    case SL_MOB_FAST_PA:
    case SL_MOB_VEHICLE: return SL_D12;
    default: return SL_D6;
    }
}

bool sl_unit_fielded(const sl_scenario *s, int unit)
{
    return unit >= 0 && unit < s->nunits && (s->units[unit].parent < 0 || s->units[unit].nfigures > 0);
}

int sl_command_distance(const sl_scenario *s, int unit, int commander)
{
    int d = 0;
    for (int u = unit; u >= 0 && d <= s->nunits; u = s->units[u].commander) {
        if (u == commander && d > 0)
            return d;
        d++;
    }
    return 0;
}

sl_confidence sl_fatigue_start_confidence(sl_fatigue f)
{
    switch (f) {
    case SL_FAT_TIRED: return SL_CONF_STEADY;
    case SL_FAT_EXHAUSTED: return SL_CONF_SHAKEN;
    default: return SL_CONF_CONFIDENT;
    }
}

/* --- weapons ------------------------------------------------------------ */

static const char *const equipment_ids[] = {"medikit", "ew", "fao", "sensor"};

const char *sl_equipment_id(int place)
{
    return place >= 0 && place < 4 ? equipment_ids[place] : "";
}

unsigned sl_equipment_parse(const char *word)
{
    for (int i = 0; word && i < 4; i++)
        if (strcmp(word, equipment_ids[i]) == 0)
            return 1u << i;
    return 0;
}

/* Firepower and impact from the rulebook's weapon table (p34). */
static const sl_weapon weapons[] = {
    {"improvised", "Improvised weapon", SL_WEAPON_SMALL_ARMS, 1, SL_DIE_NONE, SL_D4, true, false},
    {"light-autopistol", "Light autopistol", SL_WEAPON_SMALL_ARMS, 2, SL_DIE_NONE, SL_D6, true, false},
    {"heavy-autopistol", "Heavy autopistol", SL_WEAPON_SMALL_ARMS, 2, SL_DIE_NONE, SL_D10, true, false},
    {"smg", "Submachine gun", SL_WEAPON_SMALL_ARMS, 6, SL_DIE_NONE, SL_D8, true, false},
    {"assault-shotgun", "Assault shotgun", SL_WEAPON_SMALL_ARMS, 6, SL_DIE_NONE, SL_D8, true, false},
    {"hunting-rifle", "Hunting rifle", SL_WEAPON_SMALL_ARMS, 2, SL_DIE_NONE, SL_D10, false, false},
    {"lowtech-ar", "Low-tech assault rifle", SL_WEAPON_SMALL_ARMS, 4, SL_DIE_NONE, SL_D8, false, false},
    {"lowtech-ar-gl", "Low-tech assault rifle with grenade launcher", SL_WEAPON_SMALL_ARMS, 6, SL_DIE_NONE, SL_D8, false, false},
    {"advanced-ar", "Advanced assault rifle", SL_WEAPON_SMALL_ARMS, 4, SL_DIE_NONE, SL_D10, false, false},
    {"advanced-ar-gl", "Advanced assault rifle with grenade launcher", SL_WEAPON_SMALL_ARMS, 6, SL_DIE_NONE, SL_D10, false, false},
    {"gauss-rifle", "Gauss rifle", SL_WEAPON_SMALL_ARMS, 4, SL_DIE_NONE, SL_D12, false, false},
    {"gauss-rifle-gl", "Gauss rifle with grenade launcher", SL_WEAPON_SMALL_ARMS, 6, SL_DIE_NONE, SL_D12, false, false},
    {"saw", "Squad automatic weapon (conventional)", SL_WEAPON_SUPPORT, 0, SL_D8, SL_D10, false, false},
    {"saw-rotary", "Squad automatic weapon (rotary)", SL_WEAPON_SUPPORT, 0, SL_D10, SL_D10, false, false},
    {"saw-gauss", "Squad automatic weapon (gauss)", SL_WEAPON_SUPPORT, 0, SL_D10, SL_D12, false, false},
    {"plasma-gun", "Plasma gun", SL_WEAPON_SUPPORT, 0, SL_D6, SL_D12, false, true},
    {"agl", "Automatic grenade launcher", SL_WEAPON_SUPPORT, 0, SL_D12, SL_D8, false, true},
    {"mlp", "Multiple launcher, personal", SL_WEAPON_SUPPORT, 0, SL_D8, SL_D8, false, true},
    {"iavr", "Infantry anti-vehicle rocket", SL_WEAPON_SUPPORT, 0, SL_D10, SL_D12, false, true},
    {"gms-p", "Guided missile system, portable", SL_WEAPON_GUIDED, 0, SL_DIE_NONE, SL_D12, false, true},
};

#define NWEAPONS ((int)(sizeof weapons / sizeof weapons[0]))

int sl_weapon_count(void) { return NWEAPONS; }

const sl_weapon *sl_weapon_get(int index)
{
    return index >= 0 && index < NWEAPONS ? &weapons[index] : NULL;
}

int sl_weapon_find(const char *id)
{
    for (int i = 0; i < NWEAPONS; i++)
        if (ieq(weapons[i].id, id))
            return i;
    return -1;
}

const char *sl_weapon_list(sl_weapon_class cls)
{
    switch (cls) {
    case SL_WEAPON_SMALL_ARMS:
        return "improvised, light-autopistol, heavy-autopistol, smg, assault-shotgun, hunting-rifle, "
               "lowtech-ar, lowtech-ar-gl, advanced-ar, advanced-ar-gl, gauss-rifle, gauss-rifle-gl";
    case SL_WEAPON_SUPPORT:
        return "saw, saw-rotary, saw-gauss, plasma-gun, agl, mlp, iavr, gms-p";
    default:
        return "gms-p";
    }
}

void sl_weapon_words(const sl_weapon *wp, bool capital, char *out, size_t len)
{
    if (len == 0)
        return;
    const char *n = wp ? wp->name : "unarmed";
    size_t nl = strlen(n);
    const char *open = strstr(n, " ("), *comma = strstr(n, ", ");
    if (open && n[nl - 1] == ')') /* "Squad automatic weapon (rotary)" */
        snprintf(out, len, "%.*s %.*s", (int)(nl - 1 - (size_t)(open + 2 - n)), open + 2, (int)(open - n), n);
    else if (comma) /* "Multiple launcher, personal" */
        snprintf(out, len, "%s %.*s", comma + 2, (int)(comma - n), n);
    else
        snprintf(out, len, "%s", n);
    char *base = open || comma ? strchr(out, ' ') : NULL; /* the catalog's first word, now mid-sentence */
    if (base && !(isupper((unsigned char)base[1]) && isupper((unsigned char)base[2])))
        base[1] = (char)tolower((unsigned char)base[1]);
    bool acronym = isupper((unsigned char)out[0]) && isupper((unsigned char)out[1]);
    out[0] = (char)(capital ? toupper((unsigned char)out[0]) : acronym ? out[0] : tolower((unsigned char)out[0]));
}

static const sl_armour_type armours[] = {
    {"none", "No armour", SL_D4},
    {"battledress", "Battledress", SL_D4},
    {"partial-light", "Partial light", SL_D6},
    {"full-light", "Full light", SL_D8},
    {"combat-power", "Combat power armour", SL_D10},
    {"heavy-power", "Heavy power armour", SL_D12},
};

bool sl_armour_parse(const char *s, sl_die *out)
{
    for (size_t i = 0; i < sizeof armours / sizeof armours[0]; i++) {
        if (ieq(armours[i].id, s)) {
            *out = armours[i].die;
            return true;
        }
    }
    return sl_die_parse(s, out);
}

const char *sl_armour_list(void)
{
    return "battledress, partial-light, full-light, combat-power, heavy-power, or a die (D4..D12)";
}

const char *sl_armour_name(sl_die d)
{
    for (size_t i = 1; i < sizeof armours / sizeof armours[0]; i++)
        if (armours[i].die == d)
            return armours[i].name;
    return "?";
}

/* --- scenario ------------------------------------------------------------ */

void sl_scenario_init(sl_scenario *s)
{
    memset(s, 0, sizeof *s);
    sl_options_default(&s->options);
}

void sl_scenario_free(sl_scenario *s)
{
    sl_table_free(&s->table);
    free(s->units);
    free(s->figures);
    rl_scn_data_free(s->rule_data);
    sl_parts_free(s->parts);
    memset(s, 0, sizeof *s);
}

int sl_scenario_find_side(const sl_scenario *s, const char *id)
{
    for (int i = 0; i < s->nsides; i++)
        if (strcmp(s->sides[i].id, id) == 0)
            return i;
    return -1;
}

int sl_scenario_find_unit(const sl_scenario *s, const char *id)
{
    for (int i = 0; i < s->nunits; i++)
        if (strcmp(s->units[i].id, id) == 0)
            return i;
    return -1;
}

int sl_scenario_find_figure(const sl_scenario *s, const char *id)
{
    for (int i = 0; i < s->nfigures; i++)
        if (strcmp(s->figures[i].id, id) == 0)
            return i;
    return -1;
}

const char *sl_scenario_id_user(const sl_scenario *scn, const char *id)
{
    if (sl_scenario_find_side(scn, id) >= 0)
        return "side";
    if (sl_scenario_find_unit(scn, id) >= 0)
        return "unit";
    if (sl_scenario_find_figure(scn, id) >= 0)
        return "figure";
    return sl_rule_id_user(scn, id); /* a rule's own ("support asset") */
}

bool sl_scenario_made_id(const sl_scenario *scn, const char *squad, const char *suffix, const char *names,
                         const char *one, char *out, char *err, size_t errlen)
{
    char id[64];
    snprintf(id, sizeof id, "%s%s", squad, suffix);
    if (strlen(id) >= SL_ID_LEN) {
        snprintf(err, errlen, "unit id '%s' is too long to name %s ('%s'): use at most %d characters", squad, names,
                 id, SL_ID_LEN - 1 - (int)(strlen(id) - strlen(squad)));
        return false;
    }
    const char *user = sl_scenario_id_user(scn, id);
    if (user) {
        snprintf(err, errlen, "'%s', the id sightline gives %s, is already a %s's id: rename the %s", id, one, user,
                 user);
        return false;
    }
    memcpy(out, id, strlen(id) + 1); /* shorter than SL_ID_LEN: checked above */
    return true;
}

int sl_scenario_figure_at(const sl_scenario *s, sl_pt p, int32_t slop)
{
    return sl_scenario_figure_at_if(s, p, slop, NULL, NULL);
}

int sl_scenario_figure_at_if(const sl_scenario *s, sl_pt p, int32_t slop, bool (*keep)(int unit, const void *ctx),
                             const void *ctx)
{
    for (int i = s->nfigures - 1; i >= 0; i--) {
        const sl_figure *f = &s->figures[i];
        if (sl_within(f->pos, p, f->base_r + slop) && (!keep || keep(f->unit, ctx)))
            return i;
    }
    return -1;
}

int sl_unit_positions(const sl_scenario *s, int unit, sl_pt *out, bool living_only)
{
    const sl_unit *u = &s->units[unit];
    int n = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &s->figures[u->first_figure + i];
        if (living_only && f->status == SL_FIG_DEAD)
            continue;
        out[n++] = f->pos;
    }
    return n;
}

sl_die sl_firepower_die(int fp_half_total)
{
    /* Compare whole firepower points: a total of 4.5 needs a D6. */
    if (fp_half_total <= 0)
        return SL_DIE_NONE;
    if (fp_half_total <= 8)
        return SL_D4;
    if (fp_half_total <= 12)
        return SL_D6;
    if (fp_half_total <= 16)
        return SL_D8;
    if (fp_half_total <= 20)
        return SL_D10;
    return SL_D12;
}
