/* A preview never promises what the command will refuse (issue 41): on
 * a grid of points for every point an acting unit may be offered (a call
 * for fire, a crew's shot over open sights) and at every unit for every
 * action aimed at one (fire, a SkirmishCorps throw, shot, spot or
 * charge), what the window shows while the player picks says allowed or
 * not exactly as the command built from that pick is then answered; a
 * refused preview says why; and the odds it shows are those the command
 * then rolls (call for fire, open sights, Stargrunt fire; a SkirmishCorps
 * throw's card gives no odds: the players roll it themselves). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "sightline/show.h"
#include "sightline/dice.h"

#define BUNKER SL_SOURCE_DIR "/maps/bunker.json"
#define SKIRMISH SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json"

/* One offer's picks against its commands: how many previews were asked,
 * how many of them refused, and how many of the rolls their odds spoke
 * of were then made by the command, each against the odds shown. */
typedef struct tally {
    int asked, refused, rolls;
    int thrown[2]; /* a SkirmishCorps throw's previews: refused, allowed */
} tally;

/* The odds a preview shows are those the command uses: on a copy of the
 * game the command built from the pick is done, and every roll it makes
 * that the preview gave odds for is rolled with the die and against the
 * number the preview said, and the chance shown is that of beating it
 * (and said in its words as a whole percentage). */
static void odds_agree(T *t, const sl_preview *pv, const sl_command *c, const char *label, tally *n)
{
    if (pv->nodds == 0)
        return;
    static sl_game copy;
    char err[300];
    assert_true(sl_game_clone(&copy, &t->g, err, sizeof err));
    int from = copy.journal.n;
    assert_true(sl_game_apply(&copy, c, err, sizeof err));
    for (int i = from; i < copy.journal.n; i++) {
        const sl_event *e = &copy.journal.ev[i];
        if (e->kind != SL_EV_ROLL)
            continue;
        for (int k = 0; k < pv->nodds; k++) {
            const sl_preview_odds *o = &pv->odds[k];
            if (strcmp(o->test, e->test) != 0)
                continue;
            if (o->die != e->die || o->need != e->target)
                fail_msg("%s at (%.1f, %.1f): the preview gives %s %s against %d, the command rolls %s against %d",
                         label, c->at.x / 1000.0, c->at.y / 1000.0, o->test, sl_die_name(o->die), o->need,
                         sl_die_name(e->die), e->target);
            assert_true(fabs(o->p - sl_p_exceeds(e->die, e->target)) < 1e-12);
            char pct[16];
            snprintf(pct, sizeof pct, "%.0f%%", 100 * o->p);
            assert_non_null(strstr(pv->sketches[0].lines[0], pct));
            n->rolls++;
        }
    }
    sl_game_free(&copy);
}

/* Stargrunt fire: the fire card's dice and odds are the fire's. Done on
 * a copy of the game, its first rolls (the target's range or ECM die,
 * then each die fired against it) are the card's dice, and its chances
 * of no effect, suppression and hits those of those dice. */
static void fire_odds_agree(T *t, const sl_fire_preview *fp, const sl_command *c, tally *n)
{
    static sl_game copy;
    char err[300];
    assert_true(sl_game_clone(&copy, &t->g, err, sizeof err));
    int from = copy.journal.n;
    assert_true(sl_game_apply(&copy, c, err, sizeof err));
    sl_die range = SL_DIE_NONE, dice[8];
    int nd = 0;
    for (int i = from; i < copy.journal.n && nd < fp->nfirer; i++) {
        const sl_event *e = &copy.journal.ev[i];
        if (e->kind != SL_EV_ROLL || strcmp(e->test, "fire") != 0)
            continue;
        if (range == SL_DIE_NONE)
            range = e->die;
        else
            dice[nd++] = e->die;
    }
    assert_int_equal(range, fp->range_die);
    assert_int_equal(nd, fp->nfirer);
    for (int i = 0; i < nd; i++)
        assert_int_equal(dice[i], fp->firer[i]);
    double pf, pm, pj;
    sl_p_opposed(dice, nd, range, &pf, &pm, &pj);
    assert_true(fabs(pf - fp->p_fail) < 1e-12 && fabs(pm - fp->p_minor) < 1e-12 && fabs(pj - fp->p_major) < 1e-12);
    n->rolls += nd + 1;
    sl_game_free(&copy);
}

static void agree(T *t, const sl_offer *o, int unit, int target, sl_pt at, tally *n)
{
    static sl_preview pv;
    sl_fire_preview fp;
    bool fire_card = false;
    if (!sl_game_pick_preview(&t->g, -1, unit, o->kind, o->variant, target, at, &pv)) {
        if (o->kind != SL_CMD_FIRE || target < 0)
            return;
        /* Stargrunt fire: the window's fire card */
        fire_card = true;
        sl_game_fire_preview(&t->g, unit, target, (sl_fire_with)o->variant, &fp);
        pv.legal = fp.possible;
        snprintf(pv.why, sizeof pv.why, "%s", fp.possible ? "" : fp.why);
    }
    sl_command c;
    sl_offer_command(&t->g, o, unit, target, target < 0 ? &at : NULL, target < 0 ? 1 : 0, NULL, 0, false, &c);
    char why[600];
    bool can = sl_game_can(&t->g, &c, why, sizeof why);
    if (pv.legal != can)
        fail_msg("%s by %s at (%.1f, %.1f), unit %d: the preview says %s (%s), the command is %s (%s)", o->label,
                 t->g.live.units[unit].id, at.x / 1000.0, at.y / 1000.0, target, pv.legal ? "allowed" : "refused",
                 pv.why, can ? "allowed" : "refused", can ? "" : why);
    if (!pv.legal && !pv.why[0])
        fail_msg("%s by %s: refused with no reason", o->label, t->g.live.units[unit].id);
    n->asked++;
    n->refused += !pv.legal;
    if (strcmp(o->label, "Throw") == 0)
        n->thrown[pv.legal]++;
    if (fire_card && can)
        fire_odds_agree(t, &fp, &c, n);
    /* every third allowed point: a copy of the game each is slow */
    if (pv.legal && target < 0 && (n->asked - n->refused) % 3 == 0)
        odds_agree(t, &pv, &c, o->label, n);
}

/* Every offer of the unit that picks a point (a grid 2" apart) or a
 * unit (each one on the table). */
static tally every_pick(T *t, int unit)
{
    tally n = {0, 0, 0, {0, 0}};
    sl_offer of[SL_MAX_OFFERS];
    int no = sl_game_offers(&t->g, unit, of, SL_MAX_OFFERS);
    for (int i = 0; i < no; i++) {
        if (of[i].needs_point) {
            for (int32_t y = 1000; y < t->g.live.table.height; y += 2000)
                for (int32_t x = 1000; x < t->g.live.table.width; x += 2000)
                    agree(t, &of[i], unit, -1, sl_pt_make(x, y), &n);
        } else if (of[i].needs_target) {
            for (int u = 0; u < t->g.live.nunits; u++)
                if (t->g.live.units[u].nfigures > 0)
                    agree(t, &of[i], unit, u, t->g.live.figures[t->g.live.units[u].first_figure].pos, &n);
        }
    }
    return n;
}

/* The scenario from its start, `side` first, `unit` activated: every pick
 * of the unit against its command. */
static tally picks_of(const char *path, const char *side, const char *unit)
{
    T *t = start_seed(path, 1);
    sl_game_begin(&t->g);
    char line[80];
    snprintf(line, sizeof line, "decide first %s", side);
    ok(t, line);
    snprintf(line, sizeof line, "activate %s", unit);
    ok(t, line);
    tally n = every_pick(t, U(t, unit));
    finish(t);
    return n;
}

/* The NSL mortar team's own shot over open sights (both actions, no
 * call): the farmhouse hides part of the table from it, the piece's
 * shortest range the near part. */
static void test_open_sights(void **state)
{
    (void)state;
    tally n = picks_of(BUNKER, "nsl", "nsl-mortar");
    assert_true(n.asked > 100);
    assert_true(n.refused > 0 && n.refused < n.asked);
    assert_true(n.rolls > 10); /* the accuracy rolls, against the odds shown */
}

/* The crew's own shot is not a call (issue 41, point 6): the mortar's
 * open-sights pick is titled as a shot, the observer's as a fire mission. */
static void test_open_sights_title(void **state)
{
    (void)state;
    static const char *const who[][3] = {{"nsl", "nsl-mortar", "open sights"}, {"phalon", "ph-fo", "fire mission"}};
    for (int k = 0; k < 2; k++) {
        T *t = start_seed(BUNKER, 1);
        sl_game_begin(&t->g);
        char line[80];
        snprintf(line, sizeof line, "decide first %s", who[k][0]);
        ok(t, line);
        snprintf(line, sizeof line, "activate %s", who[k][1]);
        ok(t, line);
        int unit = U(t, who[k][1]), asked = 0;
        sl_offer of[SL_MAX_OFFERS];
        int no = sl_game_offers(&t->g, unit, of, SL_MAX_OFFERS);
        static sl_preview pv;
        for (int i = 0; i < no; i++) {
            if (!of[i].needs_point || !sl_game_pick_preview(&t->g, -1, unit, of[i].kind, of[i].variant, -1,
                                                            sl_pt_make(30000, 20000), &pv))
                continue;
            bool own = strstr(of[i].label, "open sights") != NULL;
            if ((k == 0) != own)
                continue;
            asked++;
            if (!strstr(pv.title, who[k][2]) || (own && strstr(pv.title, "fire mission")))
                fail_msg("%s, %s: the card's title reads \"%s\"", who[k][1], of[i].label, pv.title);
        }
        assert_true(asked > 0);
        finish(t);
    }
}

/* A Phalon forward observer calling the batteries in, each warhead. */
static void test_call_fire(void **state)
{
    (void)state;
    tally n = picks_of(BUNKER, "phalon", "ph-fo");
    assert_true(n.asked > 100);
    assert_true(n.refused > 0 && n.refused < n.asked);
    assert_true(n.rolls > 10); /* the calls and their accuracy, against the odds shown */
}

/* SkirmishCorps: spot, snap shot, aimed shot, throw, charge, spring at
 * every unit, from Unit A acting. */
static void test_skirmish_targets(void **state)
{
    (void)state;
    tally n = picks_of(SKIRMISH, "blue", "unit-a");
    assert_true(n.asked > 10);
    /* the throw asked at units it reaches and at ones it does not */
    assert_true(n.thrown[0] > 0 && n.thrown[1] > 0);
}

/* Stargrunt II fire at every unit from the default scenario's NAC 1st
 * Squad. */
static void test_fire_targets(void **state)
{
    (void)state;
    tally n = picks_of(DEFAULT, "nac", "nac-1");
    assert_true(n.asked > 0);
    assert_true(n.rolls > 0); /* a fire done, its dice the card's */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_sights),
        cmocka_unit_test(test_open_sights_title),
        cmocka_unit_test(test_call_fire),
        cmocka_unit_test(test_skirmish_targets),
        cmocka_unit_test(test_fire_targets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
