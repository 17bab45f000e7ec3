/* What the artillery rule (rulebook pp44-47) says of a scenario before
 * play, asked by the loader through the artillery row's `check` hook:
 * the sides' request chits, the assets' rounds, arrival and missions,
 * who may crew an on-table piece, and which vehicles may start sealed
 * against a fuel-air blast. */
#include <stdio.h>
#include <string.h>

#include "artillery_common_internal.h"

static int check_assets(const sl_scenario *scn, sl_rule_issue *out, int n, int max)
{
    char field[64];
    for (int i = 0; i < art_scn_of(scn)->nassets; i++) {
        const art_asset *a = &art_scn_of(scn)->assets[i];
        if (a->rounds < 1 || a->rounds > ART_MAX_ROUNDS) {
            snprintf(field, sizeof field, "support[%d].rounds", i);
            rl_issue(out, &n, max, field, "rounds must be 1 to %d, not %d", ART_MAX_ROUNDS, a->rounds);
        }
        if (a->arrival < 0 || a->arrival > 3) {
            snprintf(field, sizeof field, "support[%d].arrival", i);
            rl_issue(out, &n, max, field, "arrival must be 0 (at once) to 3 turns, not %d", a->arrival);
        }
        if (a->missions < 0 || a->missions > 99) {
            snprintf(field, sizeof field, "support[%d].missions", i);
            rl_issue(out, &n, max, field, "missions must be 0 (any number) to 99, not %d", a->missions);
        }
    }
    /* a piece's crew (p47): men, unless the piece is on its own carriage */
    for (int i = 0; i < art_scn_of(scn)->nassets; i++) {
        const art_asset *a = &art_scn_of(scn)->assets[i];
        if (a->crew < 0 || a->crew >= scn->nunits || scn->units[a->crew].kind == SL_UNIT_INFANTRY ||
            a->self_propelled)
            continue;
        snprintf(field, sizeof field, "support[%d].crew", i);
        rl_issue(out, &n, max, field, "'%s' is a vehicle: a piece on its own carriage says \"self_propelled\": true",
                 scn->units[a->crew].id);
    }
    return n;
}

int art_check(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    char field[64];
    for (int sd = 0; sd < scn->nsides; sd++) {
        int chits = art_request_chits(scn, sd);
        if (chits < 0 || chits > 21) {
            snprintf(field, sizeof field, "sides[%d].request_chits", sd);
            rl_issue(out, &n, max, field, "request_chits must be a number from 0 to 21 (the counter sheet's), not %d",
                     chits);
        }
    }
    n = check_assets(scn, out, n, max);
    /* sealed at the start (fuel-air explosives, seed 000): airtight only */
    for (int i = 0; i < scn->nunits; i++) {
        const sl_unit *u = &scn->units[i];
        if (u->kind != SL_UNIT_VEHICLE || art_sealed_start(scn, i) != 1 || art_airtight(scn, i))
            continue;
        snprintf(field, sizeof field, "units[%d].sealed", i);
        rl_issue(out, &n, max, field,
                 "a vehicle that is not airtight (open-topped, or airtight: false) cannot be sealed");
    }
    return n;
}

/* Airtight and sealed are a vehicle's (fuel-air explosives, seed 000):
 * a building says it on the map, and nothing else may say it. Asked of
 * the units as written, so the field is the one the unit gives. */
int art_check_written(const sl_scenario *scn, sl_rule_issue *out, int max)
{
    int n = 0;
    char field[64];
    for (int i = 0; i < scn->nunits; i++) {
        const sl_unit *u = &scn->units[i];
        bool airtight = art_airtight(scn, i);
        if (u->kind == SL_UNIT_VEHICLE || (!airtight && art_sealed_start(scn, i) < 0))
            continue;
        snprintf(field, sizeof field, "units[%d].%s", i, airtight ? "airtight" : "sealed");
        rl_issue(out, &n, max, field, "only a vehicle is airtight or sealed (buildings say it on the map)");
    }
    return n;
}
