/* The reorganise's recovery card in the window (issue 41, point 9), on
 * maps/lessons/tables/recovery-example.json with fixed dice, driven by
 * keys as a player would: the Command Squad, A, O. Its words name men as
 * the rolls do (never an id), say who takes each item up and what he
 * puts down, and what leaving the wounded untreated costs; the man who
 * would take an item is ringed on the table; the items' tags keep off the
 * units' names; every number key answers, an item that may not be tried
 * with its reason in the refusal box; no word of the card or the side
 * panel is cut, at 1600x1000 and at 1280x720 with text at 200%. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "input.h"
#include "ui_internal.h"
#include "soft_window.h"

#define MAP "maps/lessons/tables/recovery-example.json"

static SDL_Surface *surf;
static SDL_Renderer *ren;
static sl_ui *ui;
static sl_world world;
static sl_view view;
static sl_play play;
static int W, H;

static void draw(void)
{
    sl_ui_draw(ui, &play.disp, &view, W, H);
}

static void key(SDL_Keycode k)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    sl_input_event(ui, &play.disp, &view, &e);
    draw();
}

static int unit(const char *id)
{
    return sl_scenario_find_unit(&play.disp.scn, id);
}

static int fig(const char *id)
{
    return sl_scenario_find_figure(&play.disp.scn, id);
}

/* A window of w by h with text at `scale`, the game started with these
 * recovery dice, the NAC first, the Command Squad activated and its
 * reorganise's card open. */
static void open_card_of(const char *who, int w, int h, float scale, const int *dice, int ndice)
{
    W = w;
    H = h;
    soft_window(W, H, &surf, &ren, &ui);
    char err[256];
    if (!world.scn.units) {
        sl_load_opts opts = {false};
        assert_true(sl_world_load(MAP, &opts, &world, NULL));
    }
    sl_play_free(&play);
    sl_play_init(&play);
    assert_true(sl_play_start(&play, &world, MAP, 5, err, sizeof err));
    sl_game_script_dice(&play.game, dice, ndice);
    sl_game_begin(&play.game);
    sl_ui_set_world(ui, &play.disp);
    sl_view_free(&view);
    sl_view_init(&view, &play.disp);
    view.play = &play;
    view.user_scale = scale;
    draw();
    key(SDLK_1); /* the Phalon player lets the NAC go first */
    sl_view_select_unit(&view, unit(who), false);
    draw();
    key(SDLK_a);
    key(SDLK_o);
    assert_int_equal(view.pick.kind, SL_CMD_REORGANISE);
    assert_int_equal(view.pick.list_unit, unit(who));
}

static void open_card(int w, int h, float scale, const int *dice, int ndice)
{
    open_card_of("cmd", w, h, scale, dice, ndice);
}

/* Does text hold an id of the scenario's (a unit's or a man's) as a word
 * of its own, or a seed's number? */
static const char *has_id(const char *text)
{
    static char found[80];
    const sl_scenario *scn = &play.disp.scn;
    for (int k = 0; k < scn->nunits + scn->nfigures; k++) {
        const char *id = k < scn->nunits ? scn->units[k].id : scn->figures[k - scn->nunits].id;
        size_t n = strlen(id);
        for (const char *p = strstr(text, id); p; p = strstr(p + 1, id)) {
            bool before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '-');
            bool after = !(isalnum((unsigned char)p[n]) || p[n] == '-');
            if (before && after) {
                snprintf(found, sizeof found, "%s", id);
                return found;
            }
        }
    }
    return strstr(text, "seed 0") ? "a seed's number" : NULL;
}

static void no_id(const char *what, const char *text)
{
    const char *id = has_id(text);
    if (id)
        fail_msg("%s names %s: \"%s\"", what, id, text);
}

/* Every word of the card as the rule gives it. */
static void card_words_plain(const sl_list_view *lv)
{
    no_id("the title", lv->title);
    no_id("the head", lv->head);
    no_id("the foot", lv->foot);
    no_id("the start", lv->start);
    no_id("the range", lv->range);
    for (int i = 0; i < lv->nitems; i++) {
        no_id("an item's line", lv->items[i].line);
        no_id("an item's answer", lv->items[i].said_on);
        no_id("an item's answer", lv->items[i].said_off);
    }
    for (int t = 0; t < lv->ntoggles; t++) {
        no_id("a toggle's line", lv->toggles[t].line);
        no_id("a toggle's answer", lv->toggles[t].said_on);
        no_id("a toggle's answer", lv->toggles[t].said_off);
    }
}

static void card(sl_list_view *lv)
{
    assert_true(sl_game_pick_list(&play.game, view.pick.list_unit, view.pick.kind, view.pick.list_chosen,
                                  view.pick.list_toggles, lv));
}

/* The men ringed as takers this frame include f. */
static bool ringed(int f)
{
    for (int i = 0; i < ui->nlist_takers; i++)
        if (ui->list_taker[i] == f)
            return true;
    return false;
}

/* Pixels of colour c (within a little) on a ring of radius r round
 * the screen point (x, y). */
static int ring_pixels(float x, float y, float r, sl_rgba c)
{
    int n = 0;
    Uint32 *px = surf->pixels;
    for (int a = 0; a < 360; a += 3) {
        int sx = (int)lroundf(x + r * cosf((float)a * 3.14159265f / 180)), sy = (int)lroundf(y + r * sinf((float)a * 3.14159265f / 180));
        if (sx < 0 || sy < 0 || sx >= W || sy >= H)
            continue;
        Uint8 pr, pg, pb;
        SDL_GetRGB(px[sy * (surf->pitch / 4) + sx], surf->format, &pr, &pg, &pb);
        n += abs(pr - c.r) < 40 && abs(pg - c.g) < 40 && abs(pb - c.b) < 40;
    }
    return n;
}

/* No tag of the card's lies on a unit's name. */
static void tags_clear_of_names(void)
{
    for (int t = 0; t < ui->nlist_tags; t++)
        for (int u = 0; u < play.disp.scn.nunits && u < ui->names_cap; u++)
            if (ui->names[u].w > 0 && scene_rects_overlap(&ui->list_tag[t], &ui->names[u]))
                fail_msg("a tag of the card lies on %s's name", play.disp.scn.units[u].name);
}

/* No tag of the card lies on another man's base than the one it speaks
 * of (a base's circle against the tag's box; not a pixel's touch). */
static void tags_clear_of_bases(const char *when)
{
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    const sl_scenario *scn = &play.disp.scn;
    for (int t = 0; t < ui->nlist_tags; t++) {
        const SDL_FRect *r = &ui->list_tag[t];
        for (int f = 0; f < scn->nfigures; f++) {
            if (sl_game_off_table(&play.game, scn->figures[f].unit) || f == ui->list_tag_fig[t])
                continue;
            float x, y, rad = scene_figure_radius(&scn->figures[f], &cam, ui->lay.s) - 0.5f;
            cam_pt(&cam, scn->figures[f].pos, &x, &y);
            float dx = x - fmaxf(r->x, fminf(x, r->x + r->w)), dy = y - fmaxf(r->y, fminf(y, r->y + r->h));
            if (dx * dx + dy * dy < rad * rad)
                fail_msg("%s: the tag at (%.0f,%.0f %.0fx%.0f) lies on %s's %s (%.0f,%.0f r %.0f)", when, r->x, r->y,
                         r->w, r->h, scn->units[scn->figures[f].unit].name, scn->figures[f].id, x, y, rad);
        }
    }
}

/* No tag of the card lies on a unit's row of counters (CO, ACTIVE...),
 * and the window's own count of labels over labels and rows finds none
 * of the card's. */
static void tags_clear_of_rows(const char *when)
{
    for (int t = 0; t < ui->nlist_tags; t++)
        for (int i = 0; i < ui->nmark_rows; i++)
            if (scene_rects_overlap(&ui->list_tag[t], &ui->mark_rows[i]))
                fail_msg("%s: a tag of the card (%.0f,%.0f %.0fx%.0f) lies on %s's row of counters (%.0f,%.0f %.0fx%.0f)",
                         when, ui->list_tag[t].x, ui->list_tag[t].y, ui->list_tag[t].w, ui->list_tag[t].h,
                         play.disp.scn.units[ui->mark_row_unit[i]].name, ui->mark_rows[i].x, ui->mark_rows[i].y,
                         ui->mark_rows[i].w, ui->mark_rows[i].h);
    char what[300] = "";
    int bad = ui_label_overlaps(ui, &play.disp, what, sizeof what);
    if (bad)
        fail_msg("%s: %d labels overlap: %s", when, bad, what);
}

static bool inside(const SDL_FRect *in, const SDL_FRect *out)
{
    return in->w > 0 && in->x >= out->x - 0.5f && in->y >= out->y - 0.5f && in->x + in->w <= out->x + out->w + 0.5f &&
           in->y + in->h <= out->y + out->h + 0.5f;
}

/* The table layout's room for the card: the table, and the side panel
 * beside it where the card is too tall for the table (at 1280x720 200%
 * it stands over the panel, whole, rather than cut). */
static SDL_FRect table_and_panel(void)
{
    const SDL_FRect *T = &ui->lay.table, *P = &ui->lay.panel;
    float bottom = fmaxf(T->y + T->h, P->y + P->h);
    return (SDL_FRect){T->x, T->y, fmaxf(T->w, P->x + P->w - T->x), bottom - T->y};
}

static void card_whole_in(const SDL_FRect *room, const char *where)
{
    if (!inside(&ui->list_box, room))
        fail_msg("the card (%.0f,%.0f %.0fx%.0f) is not whole in %s (%.0f,%.0f %.0fx%.0f)", ui->list_box.x,
                 ui->list_box.y, ui->list_box.w, ui->list_box.h, where, room->x, room->y, room->w, room->h);
}

/* The refusal box shown whole in room, and the card with it, neither
 * over the other; or, where both cannot stand (a small window at
 * projector scale), the card stood aside and the box says Esc brings it
 * back. */
static void refusal_apart(const SDL_FRect *room, const char *where)
{
    assert_true(view.pick.message_is_error);
    const SDL_FRect *r = &ui->refusal_box;
    if (!inside(r, room))
        fail_msg("%s: the refusal box (%.0f,%.0f %.0fx%.0f) is not whole in its room", where, r->x, r->y, r->w, r->h);
    if (ui->list_aside) {
        assert_int_equal(ui->list_box.w, 0);
        return;
    }
    card_whole_in(room, where);
    if (scene_rects_overlap(r, &ui->list_box))
        fail_msg("%s: the refusal box (%.0f,%.0f %.0fx%.0f) lies over the card (%.0f,%.0f %.0fx%.0f)", where, r->x, r->y,
                 r->w, r->h, ui->list_box.x, ui->list_box.y, ui->list_box.w, ui->list_box.h);
}

/* The table layout's scale bar, drawn after the cards, over no part of
 * the card (over its corner it hid "Esc: cancel"). */
static void scale_bar_off_card(const char *when)
{
    if (scene_rects_overlap(&ui->scale_bar, &ui->list_box))
        fail_msg("%s: the scale bar (%.0f,%.0f %.0fx%.0f) lies over the card (%.0f,%.0f %.0fx%.0f)", when,
                 ui->scale_bar.x, ui->scale_bar.y, ui->scale_bar.w, ui->scale_bar.h, ui->list_box.x, ui->list_box.y,
                 ui->list_box.w, ui->list_box.h);
}

/* The card, its words and marks, key by key, at 1600x1000. */
static void test_card_in_players_words(void **state)
{
    (void)state;
    static const int dice[] = {2, 7}; /* the EW kit fails its test, the SAW passes */
    open_card(1600, 1000, 1.0f, dice, 2);
    int cuts0 = ui->text.cuts;
    sl_list_view lv;
    card(&lv);
    card_words_plain(&lv);
    assert_int_equal(lv.nitems, 2);
    /* who carried it, who takes it up, what he puts down */
    assert_non_null(strstr(lv.items[0].line, "man 3 (specialist)'s EW kit \xE2\x86\x92 man 2 (trooper), puts down nothing"));
    assert_non_null(strstr(lv.items[1].line, "man 4 (support)'s Squad automatic weapon \xE2\x86\x92 man 8 (trooper)"));
    assert_non_null(strstr(lv.head, "50% (D8 over 4)"));
    /* what U costs: the first aid roll given up, and at medium motivation
     * no cost on its confidence tests */
    assert_non_null(strstr(lv.toggles[0].line, "[U] [ ] 2 wounded untreated: no first aid, no confidence cost (medium motivation)"));
    /* both takers ringed, the items' tags clear of every unit's name */
    assert_true(ringed(fig("cmd-2")) && ringed(fig("cmd-8")));
    assert_int_equal(ui->nlist_tags, 4); /* both casualties' numbers, both takers' */
    tags_clear_of_names();
    tags_clear_of_bases("the card opened");
    tags_clear_of_rows("the card opened");
    assert_true(inside(&ui->list_box, &ui->lay.table));

    /* 1 chooses the EW kit: its taker's ring drawn solid */
    key(SDLK_1);
    assert_int_equal(view.pick.list_chosen, 1u);
    assert_false(view.pick.message_is_error);
    sl_cam cam;
    cam_from_view(&view, &ui->lay.table, &cam);
    const sl_figure *tf = &play.disp.scn.figures[fig("cmd-2")];
    float tx, ty;
    cam_pt(&cam, tf->pos, &tx, &ty);
    int on_ring = ring_pixels(tx, ty, scene_figure_radius(tf, &cam, ui->lay.s) + 5 * ui->lay.s, ui_pal.pass);
    if (on_ring < 30)
        fail_msg("the taker's ring: %d of 120 points", on_ring);
    tags_clear_of_bases("1 chosen");
    key(SDLK_2);
    assert_int_equal(view.pick.list_chosen, 3u);
    tags_clear_of_bases("1 and 2 chosen");
    tags_clear_of_rows("1 and 2 chosen");
    /* a number past the list: said in the refusal box */
    key(SDLK_3);
    assert_true(view.pick.message_is_error);
    assert_non_null(strstr(view.pick.message, "No kit has that number"));
    assert_int_equal(view.pick.list_chosen, 3u);
    /* U: the wounded left untreated, and what it costs; the box goes */
    key(SDLK_u);
    assert_false(view.pick.message_is_error);
    card(&lv);
    assert_non_null(strstr(lv.toggles[0].line, "[U] [x] 2 wounded untreated"));
    assert_non_null(strstr(view.status, "left untreated, no first aid roll; no confidence cost"));
    assert_int_equal(ui->text.cuts, cuts0);

    /* Enter: two tests, the EW kit fails and is marked, no first aid */
    key(SDLK_RETURN);
    assert_int_equal(view.pick.kind, SL_CMD_NONE);
    assert_true(sl_game_figure_kit_lost(&play.game, -1, fig("cmd-3")));
    assert_int_equal(play.game.live.figures[fig("cmd-3")].status, SL_FIG_WOUNDED);
    /* the side panel names the men by their place and says it whole */
    sl_card_line lines[SL_MAX_CARD];
    int n = sl_game_card(&play.game, unit("cmd"), lines, SL_MAX_CARD);
    bool marked = false;
    for (int i = 0; i < n; i++) {
        no_id("the unit card", lines[i].text);
        marked |= strstr(lines[i].text, "Man 3 (specialist), down: EW kit, unrecoverable") != NULL;
    }
    assert_true(marked);

    /* O again: the EW kit listed, crossed, with why; 1 says so in the box */
    key(SDLK_o);
    card(&lv);
    card_words_plain(&lv);
    assert_false(lv.items[0].ok);
    assert_non_null(strstr(lv.items[0].line, "man 3 (specialist)'s EW kit: failed its test, unrecoverable"));
    tags_clear_of_bases("an item crossed");
    tags_clear_of_rows("an item crossed");
    key(SDLK_1);
    assert_true(view.pick.message_is_error);
    assert_int_equal(view.pick.list_chosen, 0u);
    assert_non_null(strstr(view.pick.message, "Man 3 (specialist)'s EW kit failed its recovery test"));
    no_id("the refusal", view.pick.message);
    refusal_apart(&ui->lay.table, "1600x1000 at 100%");
    assert_false(ui->list_aside);
    assert_int_equal(ui->text.cuts, cuts0);
    /* Esc closes the box, Esc again the card */
    key(SDLK_ESCAPE);
    assert_false(view.pick.message_is_error);
    assert_int_equal(view.pick.kind, SL_CMD_REORGANISE);
    key(SDLK_ESCAPE);
    assert_int_equal(view.pick.kind, SL_CMD_NONE);
}

/* At 1280x720 with text at 200%: the card whole in the presentation's
 * strip, and whole on the table in the table layout with the side panel
 * (its words wrapped, never cut); the refusal box whole and off the
 * card in both. */
static void test_card_whole_at_projector_scale(void **state)
{
    (void)state;
    static const int dice[] = {2, 7};
    open_card(1280, 720, 2.0f, dice, 2);
    int cuts0 = ui->text.cuts;
    assert_true(ui->lay.present);
    card_whole_in(&ui->lay.strip, "the strip");
    /* the table layout, the card as it opens (two items) */
    int layout0 = view.layout;
    view.layout = SL_LAYOUT_TABLE;
    draw();
    assert_false(ui->lay.present);
    SDL_FRect tp = table_and_panel();
    card_whole_in(&tp, "the table and the panel");
    tags_clear_of_names();
    tags_clear_of_bases("the table layout at 200%");
    tags_clear_of_rows("the table layout at 200%");
    view.layout = layout0;
    draw();
    assert_true(ui->lay.present);
    key(SDLK_1);
    key(SDLK_2);
    key(SDLK_u);
    card_whole_in(&ui->lay.strip, "the strip");
    assert_true(ringed(fig("cmd-2")) && ringed(fig("cmd-8")));
    assert_int_equal(ui->text.cuts, cuts0);
    key(SDLK_RETURN);
    key(SDLK_o);
    key(SDLK_1);
    refusal_apart(&ui->lay.strip, "the presentation at 200%");
    assert_int_equal(ui->text.cuts, cuts0);

    /* the table layout: the side panel beside the table */
    view.layout = SL_LAYOUT_TABLE;
    draw();
    assert_false(ui->lay.present);
    assert_true(ui->lay.panel.w > 0);
    tp = table_and_panel();
    refusal_apart(&tp, "the table layout at 200%");
    if (ui->text.cuts != cuts0)
        fail_msg("cut: %s", ui->text.first_cut);
    /* Esc: the box goes, the card is whole again */
    key(SDLK_ESCAPE);
    assert_false(view.pick.message_is_error);
    assert_int_equal(view.pick.kind, SL_CMD_REORGANISE);
    tp = table_and_panel();
    card_whole_in(&tp, "the table and the panel");
    assert_int_equal(ui->refusal_box.w, 0);
    scale_bar_off_card("the table layout at 200%, the box closed");
    tags_clear_of_names();
    tags_clear_of_bases("the table layout at 200%, the box closed");
    tags_clear_of_rows("the table layout at 200%, the box closed");
}

/* Another squad's card (1st Squad's, offered the Command Squad's kit it
 * may not take up, with why, and the SAW it may): as tall as it is, whole
 * at 1280x720 with text at 200% in both layouts, and at 1600x1000; and
 * the refusal its first number gives, whole beside it. */
static void test_other_squads_card_whole(void **state)
{
    (void)state;
    static const int dice[] = {2, 7};
    static const struct {
        int w, h;
        float scale;
        int layout;
    } views[] = {{1280, 720, 2.0f, SL_LAYOUT_TABLE}, {1280, 720, 2.0f, SL_LAYOUT_PRESENTATION}, {1600, 1000, 1.0f, SL_LAYOUT_AUTO}};
    for (size_t i = 0; i < sizeof views / sizeof views[0]; i++) {
        open_card_of("nac-1", views[i].w, views[i].h, views[i].scale, dice, 2);
        view.layout = views[i].layout;
        int cuts0 = ui->text.cuts;
        draw();
        sl_list_view lv;
        card(&lv);
        assert_true(lv.nitems >= 2);
        SDL_FRect tp = table_and_panel();
        const SDL_FRect *room = ui->lay.present ? &ui->lay.strip : &tp;
        card_whole_in(room, ui->lay.present ? "the strip" : "the table");
        if (ui->text.cuts != cuts0)
            fail_msg("%dx%d: cut: %s", W, H, ui->text.first_cut);
        /* 1, the kit it may not take up: why, whole, in the box */
        assert_false(lv.items[0].ok);
        key(SDLK_1);
        assert_true(view.pick.message_is_error);
        char where[80];
        snprintf(where, sizeof where, "%dx%d at %.0f%%, %s", W, H, views[i].scale * 100,
                 ui->lay.present ? "the presentation" : "the table layout");
        refusal_apart(room, where);
        if (ui->text.cuts != cuts0)
            fail_msg("%s: cut: %s", where, ui->text.first_cut);
    }
}

/* At 1280x720 with text at 200% in the table layout: the EW kit alone
 * tried and failed, the wounded treated; O again lists it crossed, why,
 * and the SAW still to recover, a card as tall as the table's room: the
 * scale bar gives way to it rather than cover its last line. */
static void test_scale_bar_off_card(void **state)
{
    (void)state;
    static const int dice[] = {2, 4, 4}; /* the EW kit fails; first aid for both wounded */
    open_card(1280, 720, 2.0f, dice, 3);
    view.layout = SL_LAYOUT_TABLE;
    view.fitted = false; /* the table fitted to its view, as F10 leaves it */
    draw();
    key(SDLK_1);
    key(SDLK_RETURN);
    assert_true(sl_game_figure_kit_lost(&play.game, -1, fig("cmd-3")));
    key(SDLK_o);
    assert_int_equal(view.pick.kind, SL_CMD_REORGANISE);
    assert_true(ui->list_box.w > 0);
    scale_bar_off_card("the EW kit crossed, the SAW to recover");
}

static int teardown(void **state)
{
    (void)state;
    sl_view_free(&view);
    sl_play_free(&play);
    sl_world_free(&world);
    soft_window_close(&surf, &ren, &ui);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_in_players_words),
        cmocka_unit_test(test_card_whole_at_projector_scale),
        cmocka_unit_test(test_other_squads_card_whole),
        cmocka_unit_test(test_scale_bar_off_card),
    };
    return cmocka_run_group_tests(tests, soft_window_setup, teardown);
}
