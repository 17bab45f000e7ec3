/* Artillery (rulebook pp44-47) and fuel-air explosives (seed 000) on the
 * shipped Hill 204 scenario (maps/bunker.json): the seed's NSL bunker
 * example with its dice, the sealed bunker, a sealed and an open APC, a
 * blast inside a building stopped by a blast wall, a thin atmosphere, an
 * ordinary barrage called by an observer and by a squad leader without
 * one, the odds of the calling and accuracy rolls against enumeration,
 * and the sealed-building rules for moving and firing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"
#include "sightline/show.h"

#define BUNKER SL_SOURCE_DIR "/maps/bunker.json"

/* The word the rules show on a building (sl_game_sketches), "" none. */
static const char *building_word(T *t, int feature)
{
    static sl_sketch k[SL_MAX_SKETCHES];
    int n = sl_game_sketches(&t->g, -1, k, SL_MAX_SKETCHES);
    for (int i = 0; i < n; i++)
        if (k[i].kind == SL_SKETCH_WORD && k[i].feature == feature)
            return k[i].lines[0];
    return "";
}

static T *game(const char *unit)
{
    T *t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first phalon");
    char line[64];
    snprintf(line, sizeof line, "activate %s", unit);
    ok(t, line);
    return t;
}

static int alive(T *t, const char *unit)
{
    return sl_game_living(&t->g, U(t, unit));
}

static int feature(T *t, const char *word)
{
    int f = sl_feature_find_word(&t->g.live.table, word);
    assert_true(f >= 0);
    return f;
}

/* The seed's example: an FAE in the open NSL bunker. Class 3 counts as
 * 1; the power armour rolls D12, the panzergrenadiers D8 and the Jagers
 * D4 against the D10; then the bunker rolls one D12 against a D10. */
static void test_open_bunker_example(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    DICE(t, 8, 8,                   /* the call gets through; on target */
         10, 5, 3, 7, 12, 10,       /* power armour: armour then impact, three men */
         4, 6, 8, 2, 2, 9,          /* panzergrenadiers */
         1, 3, 4, 4, 3, 5,          /* Jagers */
         7, 9,                      /* the bunker: D12 against D10 */
         10, 4, 4, 4, 4);           /* morale: the new leaders, confidence tests */
    int from = t->g.journal.n;
    ok(t, "call-fire ph-fo at 43,11 fae-bty fae");
    dice_used(t);
    assert_true(said_since(t, from, "radius 8\", doubled: it went off inside Hill 204 bunker"));
    assert_true(said_since(t, from, "Hill 204 bunker is in the fuel-air blast (radius 8\"): airtight but open"));
    assert_true(said_since(t, from, "its armour class 3 counts as 1 against the FAE"));
    /* the dice each man rolled, as the seed has them */
    int n12 = 0, n8 = 0, n4 = 0;
    for (int i = from; i < t->g.journal.n; i++) {
        const sl_event *e = &t->g.journal.ev[i];
        if (e->kind != SL_EV_ROLL || strcmp(e->test, "armour") != 0 || !strstr(e->text, "nsl-"))
            continue;
        n12 += e->die == SL_D12;
        n8 += e->die == SL_D8;
        n4 += e->die == SL_D4;
    }
    assert_int_equal(n12, 3);
    assert_int_equal(n8, 3);
    assert_int_equal(n4, 3);
    assert_true(said_since(t, from, "Hill 204 bunker's armour class 1: D12 number 1 of 1"));
    assert_true(said_since(t, from, "The fuel-air explosive's impact D10 against Hill 204 bunker"));
    assert_true(said_since(t, from, "Hill 204 bunker is disabled: impact 9 beats armour 7"));
    assert_string_equal(building_word(t, feature(t, "hill-204-bunker")), "DISABLED");
    /* the men: 7 > 2x3 kills a power armoured man; 6 > 4 wounds a
     * panzergrenadier; 3 > 2x1 kills a Jager */
    assert_int_equal(F(t, "nsl-pa-2")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "nsl-pa-1")->status, SL_FIG_OK);
    assert_int_equal(F(t, "nsl-pzg-1")->status, SL_FIG_WOUNDED);
    assert_int_equal(F(t, "nsl-pzg-3")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "nsl-jg-1")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "nsl-jg-3")->status, SL_FIG_WOUNDED);
    /* every unit caught is suppressed, and tests under artillery */
    assert_true(ST(t, "nsl-pa")->suppression >= 1);
    assert_true(said_since(t, from, "Confidence test for NSL Power Armour (under artillery fire"));
    /* a state line for each man and the bunker, with the radius and why */
    assert_true(said_since(t, from, "\"what\":\"in-blast\",\"unit\":\"nsl-jg\",\"who\":\"nsl-jg-2\",\"radius\":8.000"));
    assert_true(said_since(t, from, "\"who\":\"Hill 204 bunker\",\"radius\":8.000"));
    finish(t);
}

/* The sealed command bunker: three D12 against the D10. Holding, it
 * takes a non-penetrating hit and those inside are safe; beaten, they
 * take the blast as troops (a D4 for full-suit light armour). */
static void test_sealed_bunker(void **state)
{
    (void)state;
    T *t = game("ph-hq");
    place(t, "ph-hq", 40, 32);
    DICE(t, 8, 8, 5, 4, 3, 9, 4);
    int from = t->g.journal.n;
    ok(t, "call-fire ph-hq at 51,26.5 fae");
    dice_used(t);
    assert_true(said_since(t, from, "Command bunker is in the fuel-air blast (radius 8\"): sealed"));
    /* why it held and what the hit did, before the colon the card cuts at */
    assert_true(said_since(t, from, "Command bunker's armour 12 holds against impact 9, and the hit does no damage:"));
    assert_true(said_since(t, from, "a hull hit, no effect"));
    assert_true(said_since(t, from, "those inside Command bunker are safe"));
    assert_int_equal(count_rolls(t, from, "armour"), 3);
    assert_int_equal(alive(t, "nsl-hq"), 3);
    assert_int_equal(ST(t, "nsl-hq")->suppression, 0);
    finish(t);

    t = game("ph-hq");
    place(t, "ph-hq", 40, 32);
    DICE(t, 8, 8, 1, 1, 2, 9,  /* 4 against 9: beaten, more than twice: destroyed */
         4, 5, 4, 6, 4, 9);      /* the HQ's three men, each a D4 against the D10: all down */
    from = t->g.journal.n;
    ok(t, "call-fire ph-hq at 51,26.5 fae");
    dice_used(t);
    assert_true(said_since(t, from, "Command bunker is destroyed: impact 9 is more than twice armour 4"));
    assert_true(said_since(t, from, "Penetrated: those inside Command bunker take the blast as troops"));
    assert_true(said_since(t, from, "nsl-hq-1's armour D4: no rigid armour"));
    assert_int_equal(F(t, "nsl-hq-1")->status, SL_FIG_WOUNDED);
    assert_int_equal(F(t, "nsl-hq-2")->status, SL_FIG_WOUNDED);
    assert_int_equal(F(t, "nsl-hq-3")->status, SL_FIG_DEAD);
    assert_true(said_since(t, from, "NSL Platoon HQ has no one left standing"));
    assert_string_equal(building_word(t, feature(t, "command-bunker")), "DESTROYED");
    finish(t);
}

/* The buttoned-up APC (sealed in the scenario, fae_vehicles advanced):
 * two D12 hold against the D10; a 1 on the non-penetrating D6 is a
 * suspension hit, read as systems. Its panzergrenadiers are safe. */
static void test_sealed_apc(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    DICE(t, 8, 8, 6, 5, 8, 1);
    int from = t->g.journal.n;
    ok(t, "call-fire ph-fo at 52,16 fae");
    dice_used(t);
    assert_true(said_since(t, from, "NSL APC is in the fuel-air blast (radius 4\"): sealed"));
    assert_true(said_since(t, from, "takes a systems hit (a suspension hit, read as systems)"));
    assert_true(ST(t, "nsl-apc")->systems_down);
    assert_false(ST(t, "nsl-apc")->immobile);
    assert_int_equal(alive(t, "nsl-pzg2"), 4);
    assert_int_equal(count_rolls(t, from, "sealed"), 0); /* known, not rolled */
    finish(t);
}

/* The APC with its hatches open: its Jagers take the blast as troops
 * (D4), then the APC rolls class 2 less two, a D6. */
static void test_open_apc(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    place(t, "ph-fo", 30, 30);
    DICE(t, 8, 8, 1, 9, 4, 2, 3, 5, 3, 3, /* the four Jagers aboard */
         4, 7,                             /* the APC: D6 against D10, beaten */
         2, 3);                            /* the new leader's roll, the confidence test */
    int from = t->g.journal.n;
    ok(t, "call-fire ph-fo at 36,23 fae");
    dice_used(t);
    assert_true(said_since(t, from, "NSL APC, hatches open is in the fuel-air blast (radius 4\"): airtight but open"));
    assert_true(said_since(t, from, "its armour class 2 counts as 0 against the FAE"));
    assert_true(said_since(t, from, "NSL APC, hatches open at armour class 0: a D6"));
    assert_true(said_since(t, from, "NSL APC, hatches open is disabled: impact 7 beats armour 4"));
    assert_int_equal(F(t, "nsl-jg2-1")->status, SL_FIG_DEAD);
    assert_int_equal(F(t, "nsl-jg2-3")->status, SL_FIG_WOUNDED);
    assert_int_equal(ST(t, "nsl-apc2")->damage, 1);
    finish(t);
}

/* With the rule as the seed first gives it, a vehicle's sealed status is
 * rolled when the blast catches it: its quality die against leadership. */
static void test_vehicle_sealed_roll(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    set_option(&t->g.live.options, "fae_vehicles", 0);
    DICE(t, 8, 8, 2,            /* the APC's D8 must beat 2: open */
         8, 1, 8, 1, 8, 1, 8, 1, /* its panzergrenadiers take the blast, their own D8 */
         6, 5, 4,                /* class 0: a D6 holds against the D10; a hull hit */
         8);                     /* the panzergrenadiers' confidence, first suppressed */
    int from = t->g.journal.n;
    ok(t, "call-fire ph-fo at 52,16 fae");
    const sl_event *e = last_roll(t, "sealed");
    assert_int_equal(e->die, SL_D8);
    assert_int_equal(e->target, 2);
    assert_true(said_since(t, from, "NSL APC is open"));
    assert_true(said_since(t, from, "nsl-pzg2-1, inside NSL APC, takes the fuel-air blast as troops"));
    assert_true(said_since(t, from, "NSL APC: a hull hit, no effect"));
    dice_used(t);
    finish(t);
}

/* An FAE inside the pump house: 8" (doubled), but the blast wall across
 * it stops the doubled blast; outside the walls it reaches 8". */
static void test_blast_wall(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    place(t, "ph-2", 27, 5);   /* in the pump house, east of the blast wall */
    place(t, "ph-1", 13, 4.5); /* outside, to the west */
    DICE(t, 8, 8);
    int from = t->g.journal.n;
    sl_game_script_dice(&t->g, (const int[]){8, 8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                             3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
                        38);
    ok(t, "call-fire ph-fo at 21,6 fae");
    assert_true(said_since(t, from, "radius 8\", doubled: it went off inside Pump house"));
    /* east of the wall: out of it, though within 8" */
    assert_true(said_since(t, from, "ph-2-1, inside Pump house, is out of the blast: beyond 4\", Pump house blast wall "
                                    "stops the doubled blast"));
    assert_false(said_since(t, from, "\"who\":\"ph-2-1\""));
    /* west, outside: 8" reaches them */
    assert_true(said_since(t, from, "\"who\":\"ph-1-3\",\"radius\":8.000,\"why\":\"doubled\""));
    finish(t);
}

/* The atmosphere's fuel-air impact, as the scenario's "atmosphere" says it. */
static void set_fae(T *t, sl_die impact)
{
    art_scn *a = art_scn_edit(&t->g.live);
    assert_non_null(a);
    a->fae_said = true;
    a->fae_impact = impact;
}

/* A thin atmosphere: the impact is a D8. None at all: no FAE. */
static void test_atmosphere(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    set_fae(t, SL_D8);
    DICE(t, 8, 8, 6, 5, 8, 3);
    int from = t->g.journal.n;
    ok(t, "call-fire ph-fo at 52,16 fae");
    assert_true(said_since(t, from, "The fuel-air explosive's impact D8 against NSL APC"));
    set_fae(t, 0);
    ok(t, "end");
    finish(t);

    t = game("ph-fo");
    set_fae(t, 0);
    no(t, "call-fire ph-fo at 52,16 fae", "no atmosphere");
    finish(t);
}

/* An ordinary barrage called by the forward observer: D8 against 2,
 * accurate against leadership (he sees the point); the men behind the
 * bunker's walls roll armour up two for its hard cover, the power armour
 * one more... and every unit caught is suppressed. */
static void test_gp_by_observer(void **state)
{
    (void)state;
    T *t = game("ph-fo");
    int from = t->g.journal.n;
    sl_game_script_dice(&t->g, (const int[]){3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                             6, 6, 6, 6, 6, 6, 6, 6},
                        32);
    ok(t, "call-fire ph-fo at 43,11 gp");
    const sl_event *call = last_roll(t, "call-fire");
    assert_int_equal(call->die, SL_D8);
    assert_int_equal(call->target, 2);
    const sl_event *acc = last_roll(t, "accuracy");
    assert_int_equal(acc->target, 2);
    assert_true(said_since(t, from, "A round of general purpose explosive bursts at (43.0, 11.0): radius 4\""));
    /* inside the bunker: hard cover, armour up two; the Jagers' D6 to D10 */
    assert_true(said_since(t, from, "nsl-jg-1's armour D10, up for cover"));
    assert_true(said_since(t, from, "\"what\":\"in-blast\",\"unit\":\"nsl-jg\""));
    assert_true(ST(t, "nsl-jg")->suppression >= 1);
    assert_true(ST(t, "nsl-pa")->suppression >= 1);
    /* nobody in the copse or on the Phalon side */
    assert_int_equal(ST(t, "ph-1")->suppression, 0);
    finish(t);
}

/* A squad leader with no observer calls the company's battery: the D8
 * is a D6 for the platoon level skipped, and must beat 2 + 2; accuracy
 * against twice his leadership, and off target the D12 and D8 times the
 * accuracy roll give the scatter. */
static void test_gp_by_squad_leader(void **state)
{
    (void)state;
    T *t = game("ph-1");
    place(t, "ph-1", 30, 14);
    DICE(t, 5, 3, 9, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    int from = t->g.journal.n;
    ok(t, "call-fire ph-1 at 43,11");
    const sl_event *call = last_roll(t, "call-fire");
    assert_int_equal(call->die, SL_D6);
    assert_int_equal(call->target, 4);
    assert_true(said_since(t, from, "D6 (the D8 down 1 for the level skipped, up 0 for the counters spent) must beat "
                                    "leadership 2 + 2 without an observer = 4"));
    const sl_event *acc = last_roll(t, "accuracy");
    assert_int_equal(acc->target, 4);
    assert_int_equal(acc->value, 3);
    /* the D12 says 9 o'clock (left of the Phalon's way forward, east):
     * north; the D8's 2 times the accuracy's 3 is 6" */
    assert_true(said_since(t, from, "The mission falls 6\" off, toward 9 o'clock: at (43.0, 5.0)"));
    const art_blast *b = art_last_blast(&t->g);
    assert_non_null(b);
    assert_true(b->scattered);
    assert_int_equal(b->landed[0].x, IN(43));
    assert_int_equal(b->landed[0].y, IN(5));
    /* what the rule draws of it: the burst where it fell, the line from
     * where it was aimed, and its words */
    static sl_sketch k[SL_MAX_SKETCHES];
    int n = sl_game_sketches(&t->g, -1, k, SL_MAX_SKETCHES);
    bool area = false, aim = false, words = false;
    for (int i = 0; i < n; i++) {
        area |= k[i].kind == SL_SKETCH_AREA && k[i].at.x == IN(43) && k[i].at.y == IN(5) && k[i].noutline > 0;
        aim |= k[i].kind == SL_SKETCH_AIM && strcmp(k[i].lines[0], "aimed here") == 0;
        words |= k[i].kind == SL_SKETCH_WORDS && strstr(k[i].lines[0], ", off target") != NULL;
    }
    assert_true(area && aim && words);
    finish(t);
}

/* Request counters: each spent shifts the die up; they are spent
 * whether the call succeeds or not, and no more than the side has. */
static void test_chits(void **state)
{
    (void)state;
    T *t = game("ph-1");
    place(t, "ph-1", 30, 14);
    no(t, "call-fire ph-1 at 43,11 chits 3", "Phalon Warband has 2 support request counters left, not 3");
    DICE(t, 2);
    ok(t, "call-fire ph-1 at 43,11 chits 1");
    const sl_event *call = last_roll(t, "call-fire");
    assert_int_equal(call->die, SL_D8);
    assert_true(said(t, "The call does not get through"));
    assert_int_equal(art_chits_left(&t->g, 0), 1);
    finish(t);
}

/* Exact odds, against counting the faces. */
static double enumerate(int die, int need)
{
    int n = 0;
    for (int v = 1; v <= die; v++)
        n += v > need;
    return (double)n / die;
}

static void test_odds(void **state)
{
    (void)state;
    T *t = game("ph-1");
    place(t, "ph-1", 30, 14);
    art_odds o;
    sl_pt at = sl_pt_make(IN(43), IN(11));
    for (int chits = 0; chits <= 2; chits++) {
        art_call_odds(&t->g, U(t, "ph-1"), -1, -1, chits, at, &o);
        assert_int_equal(o.bypassed, 1);
        assert_int_equal(o.need, 4);
        assert_int_equal((int)o.die, 6 + 2 * chits);
        assert_true(fabs(o.p_call - enumerate(6 + 2 * chits, 4)) < 1e-12);
        assert_false(o.specialist);
        assert_int_equal(o.accuracy_need, 4);
        assert_true(fabs(o.p_accurate - enumerate(8, 4)) < 1e-12);
    }
    /* the observer: no levels skipped, +0, and accurate against 2 */
    art_call_odds(&t->g, U(t, "ph-fo"), -1, ART_WH_FAE, 0, at, &o);
    assert_true(o.observer);
    assert_int_equal(o.bypassed, 0);
    assert_true(fabs(o.p_call - enumerate(8, 2)) < 1e-12);
    assert_true(o.specialist);
    assert_true(fabs(o.p_accurate - enumerate(8, 2)) < 1e-12);
    /* the HQ (a platoon) calls the company's battery without a skip */
    art_call_odds(&t->g, U(t, "ph-hq"), -1, -1, 0, at, &o);
    assert_int_equal(o.bypassed, 0);
    assert_true(fabs(o.p_call - enumerate(8, 3)) < 1e-12);
    /* the window's preview of a call being aimed: the odds, and the burst
     * at the pointer; none for a command of another rule */
    static sl_preview pv;
    int call = sl_cmd_find("call-fire");
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "ph-fo"), call, 1 + ART_WH_FAE, -1, at, &pv));
    assert_string_equal(pv.title, "where should the fire mission land?");
    assert_int_equal(pv.nsketches, 2);
    assert_int_equal(pv.sketches[0].kind, SL_SKETCH_AREA);
    /* the whole sentence heads the card; at the point the odds alone */
    assert_true(pv.nlines >= 2);
    assert_true(strncmp(pv.lines[0], "Call FAE here: D8 must beat 2 (75%)", 35) == 0);
    assert_true(strncmp(pv.sketches[0].lines[0], "call 75% \xC2\xB7 on target ", 22) == 0);
    /* whom it would catch on target, ringed and named with their men;
     * over the open bunker, that the blast gets in */
    assert_int_equal(pv.sketches[1].kind, SL_SKETCH_FIGURES);
    assert_int_equal(pv.sketches[1].nfigs, 9);
    assert_non_null(strstr(pv.lines[1], "Hill 204 bunker is open: the blast gets in"));
    assert_string_equal(pv.lines[2], "Would catch: NSL Power Armour (3 men), NSL Panzergrenadiers (3 men), NSL Jagers "
                                      "(3 men)");
    /* over the sealed command bunker: the men inside are safe while its
     * walls hold (3 D12 against the D10 hold 99% of the time) */
    sl_pt cmd = sl_pt_make(IN(51), IN(26));
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "ph-fo"), call, 1 + ART_WH_FAE, -1, cmd, &pv));
    assert_int_equal(pv.sketches[1].nfigs, 0);
    assert_non_null(strstr(pv.lines[1], "Command bunker is sealed: the blast stays outside, and the men inside are "
                                        "safe unless it breaks the walls (they hold 99%: armour class 3 against the D10)"));
    assert_string_equal(pv.lines[2], "Would catch: no one you can see");
    assert_string_equal(pv.lines[3], "Safe behind sealed walls unless they break: NSL Platoon HQ (3 men)");
    /* a shell: sealing does nothing against it */
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "ph-fo"), call, 1 + ART_WH_GP, -1, cmd, &pv));
    assert_non_null(strstr(pv.lines[1], "sealing keeps out only a fuel-air blast"));
    assert_string_equal(pv.lines[2], "Would catch: NSL Platoon HQ (3 men)");
    assert_false(sl_game_pick_preview(&t->g, -1, U(t, "ph-fo"), SL_CMD_FIRE, 0, -1, at, &pv));
    finish(t);
    /* a side that has lost sight of a unit (lose_contact) is never told
     * it stands under the burst */
    t = start_seed(BUNKER, 1);
    t->g.live.options.lose_contact = true;
    sl_game_begin(&t->g);
    ok(t, "decide first phalon");
    int ph = t->g.live.units[U(t, "ph-fo")].side;
    place(t, "nsl-hq", 31, 30); /* behind the farmhouse from every Phalon */
    ok(t, "activate ph-fo");
    assert_int_equal(sl_game_knows(&t->g, ph, U(t, "nsl-hq")), SL_KNOW_LAST_SEEN);
    cmd = sl_pt_make(IN(31), IN(30));
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "ph-fo"), call, 1 + ART_WH_GP, -1, cmd, &pv));
    assert_false(pv.legal); /* refused there: no odds in the card, as none at the point */
    assert_string_equal(pv.lines[0], "Would catch: no one you can see");
    assert_int_equal(pv.sketches[1].nfigs, 0);
    t->g.live.options.lose_contact = false; /* the same men, known */
    assert_true(sl_game_pick_preview(&t->g, -1, U(t, "ph-fo"), call, 1 + ART_WH_GP, -1, cmd, &pv));
    assert_string_equal(pv.lines[0], "Would catch: NSL Platoon HQ (3 men)");
    finish(t);
}

/* What is refused, and why. */
static void test_refusals(void **state)
{
    (void)state;
    T *t = game("ph-1");
    no(t, "call-fire ph-1 at 52,26", "cannot see (52.0, 26.0)");
    no(t, "call-fire ph-1 at 43,11 nsl-mortars", "NSL mortar section is Neu Swabian League's");
    no(t, "call-fire ph-1 at 43,11 ap", "none of Phalon Warband's support assets fires anti-personnel");
    no(t, "seal farmhouse", "Farmhouse is not airtight");
    no(t, "seal hill-204-bunker", "is not in Hill 204 bunker or at its walls");
    no(t, "seal nsl-apc", "NSL APC seals or opens in its own activation");
    finish(t);
}

/* Sealed buildings: moving in or out costs 2" more unless the move says
 * `opening`; an enemy-held sealed building is shut to the enemy; its
 * troops do not fire out; a reorganise-like action opens it. */
static void test_sealed_building_moves(void **state)
{
    (void)state;
    T *t = game("ph-2");
    place(t, "ph-2", 44.5, 19.5);
    /* into the command bunker, held by the NSL HQ: refused */
    no(t, "move ph-2 49.5,26", "Command bunker is sealed and held by the enemy: breach it first");
    finish(t);

    t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    ok(t, "activate nsl-hq");
    /* the HQ in its sealed bunker may not fire out */
    no(t, "fire nsl-hq at ph-fo", "inside Command bunker, which is sealed and has no firing ports");
    /* out of it: 6" less the 2" for keeping it sealed */
    no(t, "move nsl-hq 50.5,20.8", "(2\" of it spent keeping a building sealed)");
    int from = t->g.journal.n;
    ok(t, "move nsl-hq 50.5,20.8 opening");
    assert_true(said_since(t, from, "NSL Platoon HQ opens Command bunker as it goes through"));
    assert_string_equal(building_word(t, feature(t, "command-bunker")), "OPEN");
    /* back and seal it: an action, by a unit at its walls */
    ok(t, "seal command-bunker");
    assert_string_equal(building_word(t, feature(t, "command-bunker")), "SEALED");
    finish(t);
}

/* The advanced rule: a vehicle sets open or sealed as its activation
 * begins, free; later it takes a reorganise action. */
static void test_vehicle_advanced(void **state)
{
    (void)state;
    T *t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    ok(t, "activate nsl-apc2");
    int left = sl_game_actions_left(&t->g);
    ok(t, "seal nsl-apc2");
    assert_int_equal(sl_game_actions_left(&t->g), left);
    no(t, "seal nsl-apc2", "NSL APC, hatches open is already sealed");
    sl_mark m[SL_MAX_MARKS];
    int n = sl_game_marks(&t->g, U(t, "nsl-apc2"), m, SL_MAX_MARKS);
    bool shown = false;
    for (int i = 0; i < n; i++)
        shown |= strcmp(m[i].text, "SEALED") == 0;
    assert_true(shown);
    finish(t);
}

/* The advanced rule's communications: an order to a sealed APC takes a
 * roll even from 3" away, where the open one needs none; the
 * panzergrenadiers inside it talk to it freely; once its systems are
 * down, sealed, no order reaches it and no call gets out of it. */
static void test_sealed_vehicle_comms(void **state)
{
    (void)state;
    T *t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    place(t, "nsl-hq", 49, 16);
    ok(t, "activate nsl-hq");
    DICE(t, 8);
    int from = t->g.journal.n;
    ok(t, "transfer nsl-hq to nsl-apc");
    dice_used(t);
    assert_int_equal(count_rolls(t, from, "communication"), 1);
    assert_true(said_since(t, from, "NSL APC is sealed: every message to or from it takes a communication roll"));
    finish(t);

    t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    place(t, "nsl-hq", 33, 23);
    ok(t, "activate nsl-hq");
    from = t->g.journal.n;
    ok(t, "transfer nsl-hq to nsl-apc2");
    assert_int_equal(count_rolls(t, from, "communication"), 0);
    finish(t);

    t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    place(t, "nsl-hq", 49, 16);
    ST(t, "nsl-apc")->systems_down = true;
    ok(t, "activate nsl-hq");
    no(t, "transfer nsl-hq to nsl-apc", "NSL APC is sealed with its systems down");
    no(t, "communicate nsl-hq with nsl-pzg2", "NSL APC is sealed with its systems down");
    finish(t);
}

/* On-table artillery (p47): the NSL light mortar team lays its own
 * mortar on the Phalon observers it sees, 44" off. No call: both its
 * actions, the accuracy against leadership as an observer's, and a miss
 * scatters the D8 as rolled, not multiplied. */
static void test_open_sights(void **state)
{
    (void)state;
    T *t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    ok(t, "activate nsl-mortar");
    art_odds o;
    art_call_odds(&t->g, U(t, "nsl-mortar"), -1, -1, 0, sl_pt_make(IN(16), IN(17)), &o);
    assert_true(o.open_sights);
    assert_true(o.specialist);
    assert_int_equal(o.accuracy_need, 2);
    assert_true(o.p_call == 1.0);
    assert_int_equal(o.min_range, 24000);
    no(t, "call-fire nsl-mortar at 40,30", "fires no closer than 24\"");
    /* the action bar asks before a point is chosen: the button is open */
    sl_command probe;
    char why[300];
    assert_true(sl_command_parse(&t->g.live, "call-fire nsl-mortar at 56.5,34", &probe, why, sizeof why));
    assert_false(sl_game_can(&t->g, &probe, why, sizeof why));
    probe.any_point = true;
    assert_true(sl_game_can(&t->g, &probe, why, sizeof why));
    no(t, "call-fire nsl-mortar at 16,17 chits 1", "no request to spend counters on");
    DICE(t, 2,           /* accuracy: the D8 rolls 2, not above leadership 2 */
         3, 5,           /* 3 o'clock, 5" (as rolled: not times 2) */
         4, 2, 3, 8);    /* the two observers' armour and impact, if caught */
    int from = t->g.journal.n;
    ok(t, "call-fire nsl-mortar at 16,17");
    assert_int_equal(count_rolls(t, from, "call-fire"), 0);
    assert_true(said_since(t, from, "over open sights"));
    assert_true(said_since(t, from, "The mission falls 5\" off"));
    assert_true(said_since(t, from, "as it stands: fire over open sights is not multiplied"));
    assert_int_equal(sl_game_actions_left(&t->g), 0);
    finish(t);
}

/* A deployed piece cannot move off until packed; packed, it cannot fire;
 * a crew that moved cannot fire; the piece fires once a turn; the crew's
 * own commander directs it with a communication roll, not a call. */
static void test_on_table_rules(void **state)
{
    (void)state;
    T *t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    ok(t, "activate nsl-mortar");
    sl_offer of[SL_MAX_OFFERS];
    int nof = sl_game_offers(&t->g, U(t, "nsl-mortar"), of, SL_MAX_OFFERS);
    bool pack_offered = false;
    for (int i = 0; i < nof; i++)
        pack_offered |= strcmp(of[i].label, "Pack up mortar") == 0 && strcmp(of[i].key, "Shift+B") == 0;
    assert_true(pack_offered);
    no(t, "move nsl-mortar 56.5,31", "NSL light mortar is deployed: its crew packs it up before moving off");
    no(t, "deploy nsl-mortar", "NSL light mortar is already deployed");
    ok(t, "pack nsl-mortar");
    no(t, "call-fire nsl-mortar at 16,17", "NSL light mortar is packed up");
    nof = sl_game_offers(&t->g, U(t, "nsl-mortar"), of, SL_MAX_OFFERS);
    bool deploy_offered = false;
    for (int i = 0; i < nof; i++)
        deploy_offered |= strcmp(of[i].label, "Deploy mortar") == 0;
    assert_true(deploy_offered);
    ok(t, "move nsl-mortar 56.5,31");
    finish(t);

    t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    place(t, "nsl-hq", 44, 30);
    ok(t, "activate nsl-hq");
    art_odds o;
    int mortar = -1;
    for (int a = 0; a < art_scn_of(&t->g.live)->nassets; a++)
        if (strcmp(art_scn_of(&t->g.live)->assets[a].id, "nsl-light-mortar") == 0)
            mortar = a;
    art_call_odds(&t->g, U(t, "nsl-hq"), mortar, -1, 0, sl_pt_make(IN(16), IN(17)), &o);
    assert_false(o.open_sights);
    assert_true(o.commands_crew);
    assert_int_equal(o.die, SL_D10);
    assert_int_equal(o.need, 2);
    DICE(t, 7,       /* the veteran HQ's D10 beats the poorer leadership, 2 */
         5,          /* the HQ observes: its D10 must beat twice leadership 1 */
         4, 2, 3, 8, 4, 2, 6, 6, 6, 6);
    int from = t->g.journal.n;
    ok(t, "call-fire nsl-hq at 16,17 nsl-light-mortar");
    assert_int_equal(count_rolls(t, from, "call-fire"), 0);
    assert_int_equal(count_rolls(t, from, "communication"), 1);
    assert_true(said_since(t, from, "directs its own NSL light mortar: approved at once"));
    ok(t, "end");
    ok(t, "activate ph-fo");
    ok(t, "end");
    ok(t, "activate nsl-mortar");
    no(t, "call-fire nsl-mortar at 16,17", "NSL light mortar has fired this turn: each piece fires once a turn");
    finish(t);

    /* an order that does not get through fires nothing: the crew may
     * still fire the piece itself this turn */
    t = start_seed(BUNKER, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nsl");
    place(t, "nsl-hq", 44, 30);
    ok(t, "activate nsl-hq");
    DICE(t, 1);
    ok(t, "call-fire nsl-hq at 16,17 nsl-light-mortar");
    SAID(t, "The order does not reach NSL light mortar: no fire comes");
    ok(t, "end");
    ok(t, "activate ph-fo");
    ok(t, "end");
    ok(t, "activate nsl-mortar");
    sl_command again;
    char why[300];
    assert_true(sl_command_parse(&t->g.live, "call-fire nsl-mortar at 16,17", &again, why, sizeof why));
    if (!sl_game_can(&t->g, &again, why, sizeof why))
        fail_msg("the crew may still fire: %s", why);
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_bunker_example),
        cmocka_unit_test(test_sealed_bunker),
        cmocka_unit_test(test_sealed_apc),
        cmocka_unit_test(test_open_apc),
        cmocka_unit_test(test_vehicle_sealed_roll),
        cmocka_unit_test(test_blast_wall),
        cmocka_unit_test(test_atmosphere),
        cmocka_unit_test(test_gp_by_observer),
        cmocka_unit_test(test_gp_by_squad_leader),
        cmocka_unit_test(test_chits),
        cmocka_unit_test(test_odds),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_sealed_building_moves),
        cmocka_unit_test(test_vehicle_advanced),
        cmocka_unit_test(test_sealed_vehicle_comms),
        cmocka_unit_test(test_open_sights),
        cmocka_unit_test(test_on_table_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
