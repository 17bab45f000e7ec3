/* The scenarios and lesson tables the project ships, for the window's
 * tests that go over every one (test_input's keys, test_flows's
 * refusals). */
#ifndef SL_TEST_SHIPPED_H
#define SL_TEST_SHIPPED_H

static const char *const shipped[] = {
    "maps/default.json",    "maps/town.json",      "maps/outpost.json",
    "maps/fireteams.json",  "maps/hidden.json",    "maps/bunker.json",
    "maps/ambush.json",     "maps/lessons/tables/fireteams-example.json",
    "maps/lessons/tables/recovery-example.json",   "maps/lessons/tables/skirmish-example.json",
    "maps/lessons/tables/skirmish-vehicles.json",
};
#define NSHIPPED (sizeof shipped / sizeof shipped[0])

#endif
