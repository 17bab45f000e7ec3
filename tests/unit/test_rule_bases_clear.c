/* A move ends with its figures' bases clear of the other units' bases
 * (src/rules/base/bases.c, asked by sg2/move.c and skirmish/sc_move.c). The walk of issue 38: on the town,
 * the program's NAC 1st Squad moved twice "to that point in High Street"
 * and stood exactly on NAC 2nd Squad, sixteen men drawn as eight. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "game_fixture.h"
#include "sightline/play.h"

#define TOWN SL_SOURCE_DIR "/maps/town.json"
#define SC_EXAMPLE SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json"
#define SC_VEHICLES SL_SOURCE_DIR "/maps/lessons/tables/skirmish-vehicles.json"

/* The middle of a unit's standing figures. */
static sl_pt middle(T *t, const char *unit)
{
    const sl_unit *u = UN(t, unit);
    double x = 0, y = 0;
    int n = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &t->g.live.figures[u->first_figure + i];
        x += f->pos.x;
        y += f->pos.y;
        n++;
    }
    return sl_pt_make((int32_t)lround(x / n), (int32_t)lround(y / n));
}

static void test_move_onto_a_squad_refused(void **state)
{
    (void)state;
    T *t = start_seed(TOWN, 1);
    sl_game_begin(&t->g);
    if (t->g.pending.kind != SL_DECIDE_NONE)
        ok(t, "decide first nac");
    ok(t, "activate nac-1");
    sl_pt on = middle(t, "nac-2");
    char line[96];
    snprintf(line, sizeof line, "move nac-1 %.1f,%.1f", on.x / 1000.0, on.y / 1000.0);
    no(t, line, "would end on NAC 2nd Squad's base");
    /* beside it, bases clear, is a move like any other */
    snprintf(line, sizeof line, "move nac-1 %.1f,%.1f", on.x / 1000.0 + 1.0, on.y / 1000.0 - 3.0);
    ok(t, line);
    finish(t);
}

/* Two standing figures of different units, bases overlapping by more than
 * a tenth of an inch: their ids in `out`. */
static bool overlap(const sl_game *g, char *out, size_t len)
{
    for (int a = 0; a < g->live.nfigures; a++)
        for (int b = a + 1; b < g->live.nfigures; b++) {
            const sl_figure *fa = &g->live.figures[a], *fb = &g->live.figures[b];
            if (fa->unit == fb->unit || fa->status == SL_FIG_DEAD || fb->status == SL_FIG_DEAD ||
                g->us[fa->unit].aboard >= 0 || g->us[fb->unit].aboard >= 0 ||
                g->live.units[fa->unit].parent == fb->unit || g->live.units[fb->unit].parent == fa->unit ||
                (g->live.units[fa->unit].parent >= 0 && g->live.units[fa->unit].parent == g->live.units[fb->unit].parent))
                continue;
            double gap = (double)fa->base_r + fb->base_r - 100;
            if (gap > 0 && sl_dist2(fa->pos, fb->pos) < gap * gap) {
                snprintf(out, len, "%s and %s", fa->id, fb->id);
                return true;
            }
        }
    return false;
}

/* The program playing both sides of a table never leaves two units'
 * bases on one another, whatever the dice, and plays it to its end. */
static void solo_bases_clear(const char *path, bool rolled)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        sl_world w;
        sl_load_opts lo = {false};
        assert_true(sl_world_load(path, &lo, &w, NULL));
        sl_play p;
        sl_play_init(&p);
        char err[600], who[200];
        assert_true(sl_play_start(&p, &w, path, seed, err, sizeof err));
        if (rolled) /* nobody is there to enter what an attack did */
            assert_true(sl_option_set_text(&p.game.live.options, sl_option_find("sc_attacks"), "rolled", err,
                                           sizeof err));
        sl_game_begin(&p.game);
        p.solo_side = SL_SOLO_BOTH;
        for (int i = 0; i < 3000 && !p.game.outcome.over; i++) {
            sl_play_auto(&p, err, sizeof err);
            if (!sl_play_solo_step(&p, err, sizeof err))
                break;
            if (overlap(&p.game, who, sizeof who))
                fail_msg("seed %llu, after \"%s\": %s stand on one another", (unsigned long long)seed,
                         p.game.journal.ev[p.game.journal.n - 1].text, who);
        }
        assert_true(p.game.outcome.over);
        sl_play_free(&p);
        sl_world_free(&w);
    }
}

static void test_solo_town_bases_clear(void **state)
{
    (void)state;
    solo_bases_clear(TOWN, false);
}

/* SkirmishCorps moves end clear too (sc_move.c asks base/bases.c), on
 * both SkirmishCorps tables, with the program rolling the attacks. */
static void test_solo_skirmish_bases_clear(void **state)
{
    (void)state;
    solo_bases_clear(SC_EXAMPLE, true);
    solo_bases_clear(SC_VEHICLES, true);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_onto_a_squad_refused),
        cmocka_unit_test(test_solo_town_bases_clear),
        cmocka_unit_test(test_solo_skirmish_bases_clear),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
