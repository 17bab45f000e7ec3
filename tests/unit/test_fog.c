/* Fog of war (rulebook p25) on tests/data/fog.json: ESU's Charlie hides
 * deep in the copse, Foxtrot at its north edge, Echo in the open in sight
 * of NAC's Alpha; a dummy at the copse's west edge, another behind the
 * barn. What each side knows, how counters are flipped, revealed and
 * removed, and the journal as each side reads it: nothing of a hidden
 * unit reaches the other side before it is revealed. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "game_fixture.h"
#include "house/house.h"

#define FOG SL_SOURCE_DIR "/tests/data/fog.json"

enum { NAC = 0, ESU = 1 };

static T *fog_game(const char *first)
{
    T *t = start_seed(FOG, 1);
    DICE(t, 1);
    sl_game_begin(&t->g);
    char line[64];
    snprintf(line, sizeof line, "decide first %s", first);
    ok(t, line);
    return t;
}

/* "observe a ?B" and the like, by the unit's counter letter */
static void by_counter(T *t, char *out, size_t len, const char *fmt, const char *unit)
{
    char ref[16];
    snprintf(ref, sizeof ref, "?%s", sl_game_counter(&t->g, U(t, unit)));
    snprintf(out, len, fmt, ref);
}

/* Nothing NAC reads from journal index `from` to `to` names `unit`, its
 * figures or its true place (its id, its name, its figures' ids). */
static void no_leak(T *t, int from, int to, const char *unit)
{
    const sl_unit *u = UN(t, unit);
    for (int i = from; i < to; i++) {
        const sl_event *e = &t->g.journal.ev[i];
        const char *txt = sl_event_text_for(e, NAC), *js = sl_event_json_for(e, NAC);
        const char *needles[2 + 16];
        int n = 0;
        needles[n++] = u->name;
        for (int k = 0; k < u->nfigures && n < 18; k++)
            needles[n++] = t->g.live.figures[u->first_figure + k].id;
        for (int k = 0; k < n; k++)
            if (strstr(txt, needles[k]) || strstr(js, needles[k]))
                fail_msg("NAC reads '%s' in event %d: %s", needles[k], i + 1, js);
        /* the id as a word of a command or a field */
        char q1[64], q2[64];
        snprintf(q1, sizeof q1, "\"%s\"", u->id);
        snprintf(q2, sizeof q2, " %s", u->id);
        size_t l2 = strlen(q2);
        const char *hit = strstr(txt, q2);
        bool word = hit && (hit[l2] == '\0' || hit[l2] == ' ');
        if (strstr(js, q1) || word)
            fail_msg("NAC reads the id '%s' in event %d: %s", u->id, i + 1, js);
    }
}

static int find_event(T *t, int from, const char *needle)
{
    for (int i = from; i < t->g.journal.n; i++)
        if (strstr(t->g.journal.ev[i].json, needle))
            return i;
    return -1;
}

/* At the start: letters for every counter, all different; Echo, in the
 * open in Alpha's sight, is revealed at once; the rest are counters to
 * NAC and wholly known to ESU. */
static void test_counters_at_start(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    const char *ids[] = {"c", "e", "f", "d1", "d2"};
    for (int i = 0; i < 5; i++) {
        const char *l = sl_game_counter(&t->g, U(t, ids[i]));
        assert_true(l[0]);
        for (int k = 0; k < i; k++)
            assert_string_not_equal(l, sl_game_counter(&t->g, U(t, ids[k])));
        assert_int_equal(sl_game_knows(&t->g, ESU, U(t, ids[i])), SL_KNOW_ALL);
        assert_int_equal(sl_game_knows(&t->g, -1, U(t, ids[i])), SL_KNOW_ALL);
    }
    assert_int_equal(sl_game_counter(&t->g, U(t, "a"))[0], '\0');
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "e")), SL_KNOW_ALL);
    SAID(t, "it stands in the open in sight of Alpha");
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "c")), SL_KNOW_COUNTER);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "f")), SL_KNOW_COUNTER);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "d1")), SL_KNOW_COUNTER);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "hq2")), SL_KNOW_ALL);
    /* the counters cannot be fired on as units, nor activated by NAC */
    no_leak(t, 0, t->g.journal.n, "c");
    no_leak(t, 0, t->g.journal.n, "f");
    finish(t);
}

/* Observing Foxtrot at the copse's edge (p25): one die beating the
 * counter's concealment flips it (a unit is there), both dice reveal it. */
static void test_observe_flip_then_reveal(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    char line[64];
    by_counter(t, line, sizeof line, "observe a %s", "f");
    int from = t->g.journal.n;
    /* concealment D8 (D4, one full 12" and soft cover): 5; quality D8 6
     * beats it, the eye D4 3 does not */
    DICE(t, 5, 6, 3);
    ok(t, line);
    dice_used(t);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "f")), SL_KNOW_UNIT);
    assert_true(said_since(t, from, "is flipped over: there is a unit there"));
    no_leak(t, 0, t->g.journal.n, "f");
    /* both dice: revealed, its figures placed */
    from = t->g.journal.n;
    DICE(t, 2, 6, 3);
    ok(t, line);
    dice_used(t);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "f")), SL_KNOW_ALL);
    int rev = find_event(t, from, "\"what\":\"revealed\"");
    assert_true(rev >= 0);
    assert_non_null(strstr(sl_event_text_for(&t->g.journal.ev[rev], NAC), "it is Foxtrot"));
    no_leak(t, 0, rev, "f");
    finish(t);
}

/* A dummy found by an observer is removed; a failed observe tells
 * nothing. */
static void test_observe_dummy(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    char line[64];
    by_counter(t, line, sizeof line, "observe a %s", "d1");
    int from = t->g.journal.n;
    DICE(t, 8, 2, 1); /* nothing */
    ok(t, line);
    assert_true(said_since(t, from, "cannot make out what is at counter"));
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "d1")), SL_KNOW_COUNTER);
    DICE(t, 3, 6, 1); /* one die: a dummy is found all the same */
    ok(t, line);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "d1")), SL_KNOW_GONE);
    assert_int_equal(sl_game_living(&t->g, U(t, "d1")), 0);
    SAID(t, "was a dummy, with nothing under it: removed");
    finish(t);
}

/* Reconnaissance by fire (p25): fire at a counter does no harm; two dice
 * or more over the range die flip a unit's counter and suppress it; a
 * dummy shows nothing. */
static void test_spotting_by_fire(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    char line[64];
    by_counter(t, line, sizeof line, "fire a at %s", "f");
    /* range die D10 (band 2 of 8", soft cover) 3; quality D8 7, firepower
     * D12 9, the SAW's D10 1: two beat it */
    int from = t->g.journal.n;
    DICE(t, 3, 7, 9, 1);
    ok(t, line);
    dice_used(t);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "f")), SL_KNOW_UNIT);
    assert_int_equal(ST(t, "f")->suppression, 1);
    assert_int_equal(sl_game_living(&t->g, U(t, "f")), 4);
    assert_int_equal(count_rolls(t, from, "impact"), 0);
    no_leak(t, 0, t->g.journal.n, "f");
    finish(t);

    /* at the dummy: two dice beat it, and nothing can be told */
    t = fog_game("nac");
    ok(t, "activate a");
    by_counter(t, line, sizeof line, "fire a at %s", "d1");
    from = t->g.journal.n;
    DICE(t, 3, 7, 9, 1);
    ok(t, line);
    assert_true(said_since(t, from, "nothing can be told of Counter"));
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "d1")), SL_KNOW_COUNTER);
    finish(t);

    /* a scenario may forbid it */
    t = fog_game("nac");
    t->g.live.options.spotting_by_fire = false;
    ok(t, "activate a");
    by_counter(t, line, sizeof line, "fire a at %s", "f");
    no(t, line, "rule option spotting_by_fire");
    finish(t);
}

/* A hidden unit is revealed when its player activates it; until then
 * nothing NAC reads names it, and ESU's orders to it are its own. */
static void test_activation_reveals(void **state)
{
    (void)state;
    T *t = fog_game("esu");
    ok(t, "activate hq2");
    DICE(t, 9); /* the order gets through */
    ok(t, "transfer hq2 to c");
    int rev = find_event(t, 0, "\"what\":\"revealed\",\"unit\":\"c\"");
    assert_true(rev >= 0);
    int act = find_event(t, rev, "Charlie, ordered by ESU HQ");
    assert_true(act > rev);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "c")), SL_KNOW_ALL);
    no_leak(t, 0, rev, "c");
    /* ESU reads all of it */
    assert_non_null(strstr(sl_event_text_for(&t->g.journal.ev[rev - 1], ESU), "Charlie"));
    finish(t);
}

/* An enemy in base contact reveals a counter; a counter in the open is
 * revealed the moment an enemy sees it (the dummy behind the barn). */
static void test_contact_and_sight(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "d2")), SL_KNOW_COUNTER);
    /* north of the barn's line, the dummy in the open comes into sight */
    place(t, "a", 14.0, 0.8);
    ok(t, "end");
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "d2")), SL_KNOW_GONE);
    SAID(t, "it stands in the open in sight of Alpha");
    finish(t);

    t = fog_game("nac");
    ok(t, "activate a");
    place(t, "a", 31.0, 20.0); /* a-1 touching f-1 at (31, 22.5)? 2.5" off: not yet */
    ok(t, "end");
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "f")), SL_KNOW_COUNTER);
    finish(t);

    t = fog_game("nac");
    ok(t, "activate a");
    place(t, "a", 31.0, 21.6); /* a-1 0.9" from f-1: the bases touch */
    ok(t, "end");
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "f")), SL_KNOW_ALL);
    SAID(t, "Alpha is in base contact with it");
    finish(t);
}

/* With counters on the table, reaction fire is always offered to their
 * side when a unit moves a second time, so the asking tells nothing; the
 * mover's side reads no option it does not know. */
static void test_reaction_offer_tells_nothing(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    ok(t, "move a 10,13");
    ok(t, "move a 10,16");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
    assert_int_equal(t->g.pending.side, ESU);
    int d = find_event(t, 0, "\"decision\":\"reaction-fire\",\"mover\"");
    assert_true(d >= 0);
    const char *js = sl_event_json_for(&t->g.journal.ev[d], NAC);
    assert_non_null(strstr(js, "\"options\":["));
    for (int i = 0; i < t->g.pending.noptions; i++)
        if (sl_game_knows(&t->g, NAC, t->g.pending.options[i]) != SL_KNOW_ALL) {
            char q[64];
            snprintf(q, sizeof q, "\"%s\"", UN(t, "c")->id);
            assert_null(strstr(js, q));
        }
    ok(t, "decide pass");
    finish(t);
}

/* The hidden set-up on maps/hidden.json: ESU places its counters in its
 * zone, out of NAC's sight; the dummy it counted out must be placed
 * before it is done; NAC reads nothing of it; then the first turn. */
static void test_setup_phase(void **state)
{
    (void)state;
    T *t = start_seed(SL_SOURCE_DIR "/maps/hidden.json", 1);
    sl_game_begin(&t->g);
    assert_int_equal(t->g.pending.kind, SL_DECIDE_SETUP);
    assert_int_equal(t->g.pending.side, ESU);
    assert_int_equal(t->g.turn, 0);
    /* the counted-out dummy waits at the zone's corner, in the open in
     * NAC's sight: it is not revealed while the set-up lasts */
    no(t, "done esu", "Eurasian Solar Union dummy 1 is still to be placed");
    no(t, "done nac", "it is Eurasian Solar Union's set-up");
    no(t, "activate nac-1", "the set-up comes first");
    no(t, "place esu-dummy-1 30,20", "outside Eurasian Solar Union's set-up zone");
    no(t, "place esu-dummy-1 58,24", "in the open in sight of");
    no(t, "place esu-1 60,40", "only counters are placed");
    /* one action a key while setting up: "Done setting up" is the turn's
     * D, not a second D beside "Done for the turn" */
    sl_offer offers[64];
    int noff = sl_game_offers(&t->g, U(t, "esu-3"), offers, 64);
    for (int i = 0; i < noff; i++)
        for (int k = i + 1; k < noff; k++)
            if (strcmp(offers[i].key, offers[k].key) == 0)
                fail_msg("set-up offers \"%s\" and \"%s\" both on %s", offers[i].label, offers[k].label,
                         offers[i].key);
    int from = t->g.journal.n;
    ok(t, "place esu-3 58,42");
    ok(t, "place esu-dummy-1 61.5,18");
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "esu-dummy-1")), SL_KNOW_COUNTER);
    ok(t, "done esu");
    assert_int_equal(t->g.turn, 1);
    /* NAC reads none of ESU's set-up but that it happened */
    for (int i = from; i < t->g.journal.n; i++) {
        const char *txt = sl_event_text_for(&t->g.journal.ev[i], NAC);
        assert_null(strstr(txt, "esu-3"));
        assert_null(strstr(txt, "ESU 3rd Squad"));
        assert_null(strstr(txt, "(58.0, 42.0)"));
        assert_null(strstr(txt, "dummy"));
    }
    assert_true(said_since(t, from, "Eurasian Solar Union has set up"));
    /* ESU 3rd Squad's men moved with its counter */
    sl_pt at = sl_game_counter_at(&t->g, U(t, "esu-3"));
    assert_int_equal(at.x, IN(58));
    assert_int_equal(at.y, IN(42));
    finish(t);
}

/* A hidden unit that opens opportunity fire is revealed as it declares
 * it, before any roll of its is made. */
static void test_opfire_reveals(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    set_option(&t->g.live.options, "opportunity_fire", true);
    ok(t, "activate a");
    /* Alpha, north of the copse, moves along it: Foxtrot at its edge may
     * answer */
    place(t, "a", 30.0, 15.0);
    ok(t, "move a 32,16.5");
    assert_int_equal(t->g.pending.kind, of_decide_kind());
    assert_true(offered(t, "f"));
    /* NAC's reading of the offer names no counter among the choices */
    int offer = find_event(t, 0, "\"decision\":\"opportunity-fire\",\"target\"");
    assert_true(offer >= 0);
    assert_null(strstr(sl_event_json_for(&t->g.journal.ev[offer], NAC), "\"options\""));
    int from = t->g.journal.n;
    ok(t, "decide fire f at 32,16.5");
    int rev = find_event(t, from, "is revealed: it is Foxtrot");
    assert_true(rev >= 0);
    for (int i = from; i < rev; i++)
        assert_int_not_equal(t->g.journal.ev[i].kind, SL_EV_ROLL);
    no_leak(t, 0, rev, "f");
    finish(t);
}

/* The solo player decides for its side from what that side knows: with
 * ESU's hidden Charlie moved about under its counter, NAC's answer and
 * its reasons are the same. */
static void test_solo_knows_no_more(void **state)
{
    (void)state;
    char note[2][SL_CMD_NOTE];
    for (int k = 0; k < 2; k++) {
        T *t = fog_game("esu");
        if (k == 1)
            place(t, "c", 36.0, 28.0); /* deeper in the copse, still under its counter */
        ok(t, "activate hq2");
        ok(t, "move hq2 44,21");
        ok(t, "move hq2 44,24");
        assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
        sl_command c;
        assert_true(sl_game_auto_decide(&t->g, &c));
        snprintf(note[k], sizeof note[k], "%s", c.note);
        assert_null(strstr(c.note, "Charlie"));
        finish(t);
    }
    assert_string_equal(note[0], note[1]);
}

/* --- lose_contact: last seen (tests/data/contact.json) -------------------------------- */

#define CONTACT SL_SOURCE_DIR "/tests/data/contact.json"

/* Alpha, in the open west of the barn in the Watch's sight, goes behind
 * the barn and then back out, with NAC choosing to go first. */
static T *contact_game(void)
{
    T *t = start_seed(CONTACT, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first nac");
    ok(t, "activate a");
    return t;
}

/* Does any event from `from` on read, for `side`, with `needle`? */
static bool reads(T *t, int from, int side, const char *needle)
{
    for (int i = from; i < t->g.journal.n; i++) {
        const sl_event *e = &t->g.journal.ev[i];
        if (strstr(sl_event_text_for(e, side), needle) || strstr(sl_event_json_for(e, side), needle))
            return true;
    }
    return false;
}

/* Behind the barn no man of ESU's sees a man of Alpha's: ESU knows it
 * only where it last saw it, part way along its move; it reads that the
 * move began but neither its way nor where it ended; NAC is not told
 * that ESU lost it; and ESU's fire at it is refused, saying where it
 * was last seen. */
static void test_lose_contact(void **state)
{
    (void)state;
    T *t = contact_game();
    assert_int_equal(sl_game_knows(&t->g, ESU, U(t, "a")), SL_KNOW_ALL);
    int from = t->g.journal.n;
    ok(t, "move a 17.5,1.8");
    assert_int_equal(sl_game_knows(&t->g, ESU, U(t, "a")), SL_KNOW_LAST_SEEN);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "a")), SL_KNOW_ALL);
    assert_int_equal(sl_game_knows(&t->g, -1, U(t, "a")), SL_KNOW_ALL);
    sl_pt at;
    int turn = -1;
    assert_true(sl_game_last_seen(&t->g, ESU, U(t, "a"), &at, &turn));
    assert_int_equal(turn, 1);
    /* seen for the last time on its way, 2.9" short of the barn's shadow's far side */
    assert_true(fabs(at.x / 1000.0 - 16.1) < 0.06 && fabs(at.y / 1000.0 - 4.7) < 0.06);
    assert_false(sl_game_last_seen(&t->g, NAC, U(t, "a"), NULL, NULL));
    /* ESU reads the command without its way, and no line of where it went */
    assert_true(reads(t, from, ESU, "move a ..."));
    assert_false(reads(t, from, ESU, "17.5"));
    assert_false(reads(t, from, ESU, "moves 5.2"));
    assert_true(reads(t, from, ESU, "ESU loses sight of Alpha: last seen at (16.1, 4.7) in turn 1"));
    assert_true(reads(t, from, ESU, "\"what\":\"out-of-sight\",\"unit\":\"a\",\"side\":\"esu\""));
    /* NAC reads all of its own move, and nothing of ESU's loss */
    assert_true(reads(t, from, NAC, "move a 17.5,1.8"));
    assert_true(reads(t, from, NAC, "Alpha moves 5.2\" to (17.5, 1.8)"));
    assert_false(reads(t, from, NAC, "loses sight of Alpha"));
    /* NAC, behind the barn, has lost the Watch and Bravo in turn */
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "w")), SL_KNOW_LAST_SEEN);
    assert_int_equal(sl_game_knows(&t->g, NAC, U(t, "b")), SL_KNOW_LAST_SEEN);
    finish(t);

    /* the Watch may not fire at what it cannot see */
    t = start_seed(CONTACT, 1);
    sl_game_begin(&t->g);
    ok(t, "decide first esu");
    place(t, "a", 16.2, 1.8); /* behind the barn before the first check */
    ok(t, "activate w");
    assert_int_equal(sl_game_knows(&t->g, ESU, U(t, "a")), SL_KNOW_LAST_SEEN);
    no(t, "fire w a", "out of sight of every man of ESU's: it was last seen at (15.3, 6.5) in turn 1");
    finish(t);
}

/* Out of sight, the second move is still put to ESU (it has a counter on
 * the table, so the asking must tell NAC nothing), but ESU is not told
 * who moves; Alpha comes back into sight, and ESU reads where it is now
 * but not how far it came. */
static void test_regain_contact(void **state)
{
    (void)state;
    T *t = contact_game();
    ok(t, "move a 17.5,1.8");
    int from = t->g.journal.n;
    ok(t, "move a 15.3,6.5");
    assert_int_equal(t->g.pending.kind, SL_DECIDE_REACTION_FIRE);
    assert_int_equal(t->g.pending.noptions, 0);
    assert_true(reads(t, from, ESU, "An enemy unit out of sight moves a second time"));
    assert_true(reads(t, from, ESU, "\"mover\":null"));
    assert_false(reads(t, from, ESU, "Alpha"));
    assert_true(reads(t, from, NAC, "Alpha moves a second time"));
    from = t->g.journal.n;
    ok(t, "decide pass");
    assert_true(reads(t, from, ESU, "ESU lets the unit out of its sight move on"));
    assert_true(reads(t, from, NAC, "ESU lets Alpha move on"));
    assert_int_equal(sl_game_knows(&t->g, ESU, U(t, "a")), SL_KNOW_ALL);
    assert_false(sl_game_last_seen(&t->g, ESU, U(t, "a"), NULL, NULL));
    assert_true(reads(t, from, ESU, "ESU has Alpha in sight again, at (15.3, 6.5) in turn 1"));
    assert_false(reads(t, from, ESU, "Alpha moves"));
    assert_true(reads(t, from, NAC, "Alpha moves 5.2\" to (15.3, 6.5)"));
    /* in sight, it may be fired at */
    ok(t, "activate w");
    ok(t, "fire w a"); /* the seed's dice */
    finish(t);
}

/* With the option off (the rulebook: once on the table every figure is
 * seen by all), the same move behind the barn loses nothing. */
static void test_contact_off(void **state)
{
    (void)state;
    T *t = start_seed(CONTACT, 1);
    t->g.live.options.lose_contact = false;
    sl_game_begin(&t->g);
    ok(t, "decide first nac");
    ok(t, "activate a");
    ok(t, "move a 17.5,1.8");
    assert_int_equal(sl_game_knows(&t->g, ESU, U(t, "a")), SL_KNOW_ALL);
    assert_false(said(t, "loses sight"));
    finish(t);
}


/* --- issue 36: what a side's own commands and counts tell it ----------------------------- */

/* A hidden unit's id, or its men's, said by the side it is hidden from,
 * reads exactly as an id that names nothing, whether a unit or a dummy is
 * under the counter; its counter letter is how that side names it. The
 * owner names its own units by id as ever. */
static void test_hidden_id_reads_as_unknown(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    no(t, "fire a at c", "no unit has id 'c'");
    no(t, "fire a at d1", "no unit has id 'd1'");
    no(t, "fire a at c-3", "no unit has id 'c-3'");
    no(t, "fire a at zz9", "no unit has id 'zz9'");
    /* not "cannot see Counter C" or "Counter D is 20\" away": nothing of what is under it */
    char why[600];
    sl_command c;
    assert_true(sl_command_parse(&t->g.live, "fire a at c", &c, t->err, sizeof t->err));
    assert_false(sl_game_apply(&t->g, &c, why, sizeof why));
    assert_null(strstr(why, "Counter"));
    /* the refusal's quoted id is the player's own word: a side's reading keeps it */
    char *pub = sl_game_censor(&t->g, NAC, why);
    assert_true(pub == NULL || strstr(pub, "'c'") != NULL);
    free(pub);
    finish(t);
    /* the owner's own hidden unit by id */
    t = fog_game("esu");
    ok(t, "activate c");
    finish(t);
}

/* A command built for NAC (the window's click, the solo player) at a
 * hidden unit is written with its counter, as NAC's player would write
 * it: the journal and a save hold "?C", never the id. */
static void test_built_command_names_the_counter(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    ok(t, "activate a");
    sl_command c;
    sl_cmd_init(&c, SL_CMD_FIRE, U(t, "a"));
    c.target = U(t, "c");
    int n0 = t->g.journal.n;
    char why[600];
    bool accepted = sl_game_apply(&t->g, &c, why, sizeof why);
    char want[32];
    snprintf(want, sizeof want, "fire a at ?%s", sl_game_counter(&t->g, U(t, "c")));
    if (accepted) {
        assert_true(said_since(t, n0, want));
        no_leak(t, n0, t->g.journal.n, "c");
    } else {
        assert_null(strstr(why, "no unit has id"));
    }
    finish(t);
}

/* Counted as each reading of fog_counts says: tests/data/fog-swap-a.json
 * and -c.json differ only in what is under ESU's counter B (a squad, a
 * dummy), and every count NAC may read is the same under table and
 * counters; under real it is not (a referee's game). */
static int esu_counts(const char *path, int mode, int *first_decider)
{
    T *t = start_seed(path, 42);
    t->g.live.options.fog_counts = mode;
    sl_game_begin(&t->g);
    ok(t, "place esu-dummy-1 64.5,44"); /* the set-up: the dummy counted out */
    ok(t, "done esu");
    *first_decider = t->g.pending.kind == SL_DECIDE_FIRST ? t->g.pending.side : -2;
    int n = sl_game_unactivated(&t->g, ESU) * 100 + sl_game_counters_down(&t->g, ESU);
    finish(t);
    return n;
}

static void test_counts_whatever_is_under(void **state)
{
    (void)state;
    const char *a = SL_SOURCE_DIR "/tests/data/fog-swap-a.json", *c = SL_SOURCE_DIR "/tests/data/fog-swap-c.json";
    for (int mode = 0; mode < 3; mode++) {
        int fa, fc;
        int na = esu_counts(a, mode, &fa), nc = esu_counts(c, mode, &fc);
        if (mode < 2) {
            assert_int_equal(na, nc);
            assert_int_equal(fa, fc);
        } else {
            assert_int_not_equal(na, nc); /* one real unit more under A's counters */
        }
    }
    /* table: ESU's two units with figures on the table against NAC's four,
     * and its six counters shown beside them; ESU chooses who goes first */
    int f;
    assert_int_equal(esu_counts(a, 0, &f), 2 * 100 + 6);
    assert_int_equal(f, ESU);
    /* counters: each counter one unit */
    assert_int_equal(esu_counts(a, 1, &f), 8 * 100);
}

/* A side with a counter face down is asked to act until it says it is
 * done, whatever is under its counters: with every other unit of both
 * sides spent, ESU (dummies and a hidden squad, or dummies alone) is asked. */
static void test_counters_keep_a_side_asked(void **state)
{
    (void)state;
    const char *paths[2] = {SL_SOURCE_DIR "/tests/data/fog-swap-a.json", SL_SOURCE_DIR "/tests/data/fog-swap-c.json"};
    for (int k = 0; k < 2; k++) {
        T *t = start_seed(paths[k], 42);
        sl_game_begin(&t->g);
        ok(t, "place esu-dummy-1 64.5,44");
        ok(t, "done esu");
        ok(t, "decide first esu");
        ok(t, "activate esu-1");
        ok(t, "end");
        ok(t, "done nac");
        ok(t, "activate esu-hq");
        ok(t, "end");
        assert_int_equal(sl_game_side_to_act(&t->g), ESU);
        assert_int_equal(t->g.turn, 1);
        ok(t, "done esu");
        assert_int_equal(t->g.turn, 2);
        finish(t);
    }
}

/* A side's reading is numbered as it reads it: no gap in "seq" or in a
 * command's "n" where the other side did something secret. */
static void test_reading_has_no_gaps(void **state)
{
    (void)state;
    T *t = start_seed(SL_SOURCE_DIR "/tests/data/fog-swap-a.json", 42);
    sl_game_begin(&t->g);
    ok(t, "place esu-dummy-1 64.5,44");
    ok(t, "done esu");
    ok(t, "decide first esu");
    ok(t, "activate esu-2"); /* a hidden squad: its order is ESU's secret, its reveal is not */
    ok(t, "end");
    sl_reading r;
    sl_reading_init(&r, NAC);
    int seq = 0, n = 0, hidden = 0;
    for (int i = 0; i < t->g.journal.n; i++) {
        const char *js = sl_reading_json(&r, &t->g.journal.ev[i]);
        if (!js) {
            hidden++;
            continue;
        }
        int s = -1, c = -1;
        assert_int_equal(sscanf(js, "{\"seq\":%d", &s), 1);
        assert_int_equal(s, ++seq);
        const char *nn = strstr(js, "\"event\":\"command\",\"n\":");
        if (nn) {
            assert_int_equal(sscanf(nn + strlen("\"event\":\"command\",\"n\":"), "%d", &c), 1);
            assert_int_equal(c, ++n);
        }
    }
    sl_reading_free(&r);
    assert_true(hidden > 0); /* there was something to leave out */
    finish(t);
}

/* A side's view of the forces, made by the rules for every screen: a
 * hidden unit is its counter (one man at the counter's place, no name,
 * kit or strength, an id nothing looks up); a known one is as it is. */
static void test_forces_for_a_side(void **state)
{
    (void)state;
    T *t = fog_game("nac");
    const sl_scenario *live = &t->g.live;
    sl_unit *units = calloc((size_t)live->nunits, sizeof *units);
    sl_figure *figs = calloc((size_t)live->nfigures, sizeof *figs);
    assert_non_null(units);
    assert_non_null(figs);
    sl_game_forces_for(&t->g, NAC, units, figs);
    int f = U(t, "f"), e = U(t, "e");
    const char *letter = sl_game_counter(&t->g, f);
    char id[16], name[32];
    snprintf(id, sizeof id, "?%s", letter);
    snprintf(name, sizeof name, "Counter %s", letter);
    assert_string_equal(units[f].id, id);
    assert_string_equal(units[f].name, name);
    assert_true(units[f].hidden);
    const sl_figure *first = &figs[units[f].first_figure];
    assert_int_equal(first->status, SL_FIG_OK);
    assert_string_equal(first->id, id);
    sl_pt at = sl_game_counter_at(&t->g, f);
    assert_int_equal(first->pos.x, at.x);
    assert_int_equal(first->pos.y, at.y);
    for (int i = 1; i < units[f].nfigures; i++)
        assert_int_equal(figs[units[f].first_figure + i].status, SL_FIG_DEAD);
    assert_string_equal(units[e].name, live->units[e].name);
    assert_memory_equal(&figs[units[e].first_figure], &live->figures[units[e].first_figure], sizeof(sl_figure));
    /* ESU, its owner, sees it as it is */
    sl_game_forces_for(&t->g, ESU, units, figs);
    assert_string_equal(units[f].name, live->units[f].name);
    free(units);
    free(figs);
    finish(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counters_at_start),
        cmocka_unit_test(test_observe_flip_then_reveal),
        cmocka_unit_test(test_observe_dummy),
        cmocka_unit_test(test_spotting_by_fire),
        cmocka_unit_test(test_activation_reveals),
        cmocka_unit_test(test_contact_and_sight),
        cmocka_unit_test(test_reaction_offer_tells_nothing),
        cmocka_unit_test(test_setup_phase),
        cmocka_unit_test(test_opfire_reveals),
        cmocka_unit_test(test_solo_knows_no_more),
        cmocka_unit_test(test_lose_contact),
        cmocka_unit_test(test_regain_contact),
        cmocka_unit_test(test_contact_off),
        cmocka_unit_test(test_hidden_id_reads_as_unknown),
        cmocka_unit_test(test_built_command_names_the_counter),
        cmocka_unit_test(test_counts_whatever_is_under),
        cmocka_unit_test(test_counters_keep_a_side_asked),
        cmocka_unit_test(test_reading_has_no_gaps),
        cmocka_unit_test(test_forces_for_a_side),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
