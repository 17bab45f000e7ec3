/* The window on a host's game (issue 43, protocol 3), driven as a player
 * drives it: ESU's window over an in-memory link to a host whose other
 * seat (NAC) is a client of the test. The hidden set-up is typed on the
 * command line; the action bar's key gives "done esu"; the decision
 * card's key 1 answers who goes first; after NAC's activation, the bar's
 * A activates ESU's first unit, M with a click on the table moves it.
 * Each step is checked on the host's game, which is the one authority.
 * Every loop is bounded by frames (the window's --frames). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL2/SDL.h>

#include "sightline/io.h"
#include "sightline/net.h"
#include "sightline/play.h"
#include "sightline/remote.h"
#include "remote_internal.h"
#include "soft_window.h"

#define SCEN SL_SOURCE_DIR "/tests/data/fog-swap-a.json"
#define FRAMES 600

typedef struct T {
    sl_world w, table;
    sl_game *rules;           /* the window's: made of the table's file (rule names) */
    sl_play p;
    sl_host h;
    int esu, nac;             /* the window's client and the test's */
    sl_net_buf in;            /* what the host sent the window, not yet read */
    size_t at;
    char sent[32][200];       /* the window's commands */
    int nsent;
    int nplans;               /* the window's `plan`s (a way's cost and end asked while drawn) */
    int frame, step, step_frame;
    char fail[300];
} T;

static void quiet(void *ctx, const char *line)
{
    (void)ctx;
    (void)line;
}

static void drain(T *t)
{
    sl_host_out o;
    while (sl_host_next_out(&t->h, &o)) {
        if (o.client == t->esu)
            sl_net_buf_add(&t->in, o.bytes, o.n);
        free(o.bytes);
    }
}

static void feed(T *t, int client, const char *type, const char *payload, size_t len)
{
    sl_net_buf b = {0};
    sl_net_encode(&b, type, payload, len);
    sl_host_feed(&t->h, client, b.b, b.n);
    sl_net_buf_free(&b);
    drain(t);
}

static bool link_send(void *ctx, const char *type, const char *payload, size_t len)
{
    T *t = ctx;
    if (strcmp(type, "cmd") == 0 && t->nsent < 32)
        snprintf(t->sent[t->nsent++], sizeof t->sent[0], "%.*s", (int)len, payload);
    t->nplans += strcmp(type, "plan") == 0;
    feed(t, t->esu, type, payload, len);
    return true;
}

static int link_next(void *ctx, sl_net_msg *m, int wait_ms, char *err, size_t errlen)
{
    (void)wait_ms;
    T *t = ctx;
    size_t used;
    if (t->at >= t->in.n)
        return 0;
    int r = sl_net_decode(t->in.b + t->at, t->in.n - t->at, m, &used, err, errlen);
    if (r == 1)
        t->at += used;
    return r;
}

static void key(SDL_Keycode k)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = k;
    SDL_PushEvent(&e);
}

static void text(const char *s)
{
    SDL_Event e = {0};
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", s);
    SDL_PushEvent(&e);
}

static void click(int x, int y)
{
    SDL_Event e = {0};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    SDL_PushEvent(&e);
    memset(&e, 0, sizeof e);
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
    e.type = SDL_MOUSEBUTTONUP;
    SDL_PushEvent(&e);
}

/* Was this command played (as the journal writes it)? */
static bool journal_has(const T *t, const char *words)
{
    const sl_journal *j = &t->p.game.journal;
    for (int i = 0; i < j->n; i++)
        if (j->ev[i].kind == SL_EV_COMMAND &&
            strncmp(sl_event_text_for(&j->ev[i], -1), words, strlen(words)) == 0)
            return true;
    return false;
}

/* Each frame: the step's keys once, then on to the next step when the
 * host's game shows it was done. */
static void idle(void *ctx)
{
    T *t = ctx;
    t->frame++;
    int esu_hq = sl_scenario_find_unit(&t->p.game.live, "esu-hq");
    bool done = false;
    switch (t->step) {
    case 0: /* the set-up typed on the command line */
        if (t->frame == 5) {
            text(":");
            text("place esu-dummy-1 64.5,44");
            key(SDLK_RETURN);
        }
        done = journal_has(t, "place esu-dummy-1");
        break;
    case 1: /* the bar's "Done setting up [D]" */
        if (t->frame == t->step_frame + 5)
            key(SDLK_d);
        done = journal_has(t, "done esu");
        break;
    case 2: /* the card's answer [1]: NAC goes first */
        if (t->frame == t->step_frame + 5)
            key(SDLK_1);
        done = journal_has(t, "decide first nac");
        break;
    case 3: /* NAC's player activates and ends */
        feed(t, t->nac, "cmd", "activate nac-1", 14);
        feed(t, t->nac, "cmd", "end", 3);
        done = sl_play_side_to_act(&t->p) == 1;
        break;
    case 4: /* the bar's A: ESU's first unit (its platoon HQ) */
        if (t->frame == t->step_frame + 5)
            key(SDLK_a);
        done = sl_game_active_unit(&t->p.game) == esu_hq;
        break;
    case 5: /* the bar's M, then a click on the table: a way to it, Enter gives it */
        if (t->frame == t->step_frame + 5)
            key(SDLK_m);
        if (t->frame == t->step_frame + 8)
            click(661, 252); /* (63, 25): 3.6" from the HQ, a move it may make */
        if (t->frame == t->step_frame + 10)
            key(SDLK_RETURN);
        done = t->nsent > 0 && strncmp(t->sent[t->nsent - 1], "move esu-hq ", 12) == 0;
        break;
    default: break;
    }
    if (done) {
        t->step++;
        t->step_frame = t->frame;
    }
}

/* The panel's journal lines, from every event the host sent the window
 * (as the window reads them: sl_remote_event_line): players' words only,
 * no command line, no unit's id, no usage's placeholder. */
static void check_journal_words(T *t)
{
    char err[300], line[600], all[20000] = "";
    bool after = false;
    int shown = 0, marked = 0;
    size_t at = 0, used;
    sl_net_msg m;
    while (at < t->in.n && sl_net_decode(t->in.b + at, t->in.n - at, &m, &used, err, sizeof err) == 1) {
        at += used;
        if (strcmp(m.type, "event") != 0 ||
            !sl_remote_event_line(t->rules, &t->table.scn, m.payload, m.len, &after, line, sizeof line))
            continue;
        shown++;
        marked += strncmp(line, "> ", 2) == 0;
        snprintf(all + strlen(all), sizeof all - strlen(all), "%s\n", line);
    }
    static const char *const commands[] = {"place ", "done ", "decide ", "activate ", "end", "move "};
    for (const char *l = all; *l; l = strchr(l, '\n') + 1) {
        const char *w = strncmp(l, "> ", 2) == 0 ? l + 2 : l;
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strncmp(w, commands[i], strlen(commands[i])) == 0)
                fail_msg("a command line (%s...) in the panel's journal:\n%s", commands[i], all);
    }
    for (int u = 0; u < t->table.scn.nunits; u++)
        if (strstr(all, t->table.scn.units[u].id))
            fail_msg("unit id %s in the panel's journal:\n%s", t->table.scn.units[u].id, all);
    if (strstr(all, "SIDE") || strstr(all, "UNIT"))
        fail_msg("a usage's placeholder in the panel's journal:\n%s", all);
    /* a command's effect, in names, marked as its start */
    assert_true(shown > 5);
    assert_true(marked >= 3); /* the set-up, the choice, the activations */
    if (!strstr(all, "> ESU Platoon HQ activates"))
        fail_msg("no '> ESU Platoon HQ activates' in the panel's journal:\n%s", all);
    if (strstr(all, "seed 0"))
        fail_msg("a rule's seed number in the panel's journal:\n%s", all);
}

/* A journal line read as the main window's dice log reads it: a roll as
 * "D10 4 vs 4 FAIL — why", a rule's seed number as its name (the rules
 * in play from a game made of the table's file), not "seed 000". */
static void test_event_lines(void **state)
{
    (void)state;
    sl_world w;
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(SCEN, &lo, &w, &d));
    sl_diag_free(&d);
    sl_game *rules = calloc(1, sizeof *rules);
    char err[300], line[600], plain[600], want[700];
    assert_true(sl_game_init(rules, &w.scn, 0, err, sizeof err));
    static const char roll[] = "{\"seq\":9,\"event\":\"roll\",\"die\":\"D10\",\"value\":4,\"target\":4,"
                               "\"pass\":false,\"test\":\"recovery\",\"unit\":\"nac-1\",\"reason\":\"Equipment "
                               "recovery test for nac-1-2's kit (seed 000)\"}";
    bool after = false;
    assert_true(sl_remote_event_line(rules, &w.scn, roll, strlen(roll), &after, line, sizeof line));
    sl_game_plain_words(rules, "Equipment recovery test for nac-1-2's kit (seed 000)", plain, sizeof plain);
    snprintf(want, sizeof want, "D10 4 vs 4 FAIL \xE2\x80\x94 %s", plain);
    assert_string_equal(line, want);
    if (strstr(line, "seed 0") || strstr(line, "nac-1"))
        fail_msg("a seed's number or an id in '%s'", line);
    static const char bare[] = "{\"seq\":3,\"event\":\"roll\",\"die\":\"D12\",\"value\":8,\"test\":\"fire\","
                               "\"reason\":\"the range die\"}";
    assert_true(sl_remote_event_line(rules, &w.scn, bare, strlen(bare), &after, line, sizeof line));
    assert_string_equal(line, "D12 8 \xE2\x80\x94 the range die");
    sl_game_free(rules);
    free(rules);
    sl_world_free(&w);
}

/* The way drawn for M was planned by the host as the window drew it:
 * the last plan answered is the move Enter gave, with its cost and each
 * man's end, and the move did what it said (the men stand at those ends;
 * or, not allowed, it was refused). */
static void check_plan(T *t)
{
    char err[300];
    size_t at = 0, used;
    sl_net_msg m;
    static sl_net_plan p, last;
    int answers = 0;
    while (at < t->in.n && sl_net_decode(t->in.b + at, t->in.n - at, &m, &used, err, sizeof err) == 1) {
        at += used;
        if (strcmp(m.type, "plan") != 0)
            continue;
        if (!sl_net_plan_parse(m.payload, m.len, &p, err, sizeof err))
            fail_msg("a plan the host sent does not read back: %s\n%.*s", err, (int)m.len, m.payload);
        answers++;
        last = p;
    }
    const char *move = t->sent[t->nsent - 1];
    if (t->nplans < 1 || answers < 1)
        fail_msg("the window asked %d plans of the host, %d answered, while drawing '%s'", t->nplans, answers, move);
    assert_string_equal(last.cmd, move);
    assert_true(last.planned);
    assert_true(last.cost > 0 && last.length > 0 && last.nmen > 0);
    assert_true(last.line[0][0] != '\0');
    const sl_scenario *s = &t->p.game.live;
    for (int i = 0; last.ok && i < last.nmen; i++) {
        int f = sl_scenario_find_figure(s, last.man[i]);
        assert_true(f >= 0);
        if (labs((long)s->figures[f].pos.x - last.man_end[i].x) > 2 || labs((long)s->figures[f].pos.y - last.man_end[i].y) > 2)
            fail_msg("%s stands at (%d, %d), the plan said (%d, %d)", last.man[i], (int)s->figures[f].pos.x,
                     (int)s->figures[f].pos.y, (int)last.man_end[i].x, (int)last.man_end[i].y);
    }
    print_message("the plan of %s: %s (%s)\n", move, last.line[0], last.ok ? "allowed" : last.why);
    if (last.ok && !journal_has(t, move))
        fail_msg("'%s' was allowed by its plan but not played", move);
    if (!last.ok && journal_has(t, move))
        fail_msg("'%s' was played though its plan said: %s", move, last.why);
}

/* The host's game of `scen` (seed), the window's client seated by
 * `win_hello`, the test's by `other_hello`; the welcome read, as the
 * window is given it, into *seat. */
static T *remote_game(const char *scen, uint64_t seed, const char *win_hello, const char *other_hello,
                      sl_remote_seat *seat)
{
    T *t = calloc(1, sizeof *t);
    char err[600];
    sl_diag d;
    sl_diag_init(&d);
    sl_load_opts lo = {false};
    assert_true(sl_world_load(scen, &lo, &t->w, &d));
    assert_true(sl_world_load(scen, &lo, &t->table, &d));
    sl_diag_free(&d);
    sl_play_init(&t->p);
    t->rules = calloc(1, sizeof *t->rules);
    assert_true(sl_game_init(t->rules, &t->table.scn, 0, err, sizeof err));
    assert_true(sl_play_start(&t->p, &t->w, scen, seed, err, sizeof err));
    sl_game_begin(&t->p.game);
    sl_host_init(&t->h, &t->p);
    t->h.log = quiet;
    t->esu = sl_host_connect(&t->h);
    feed(t, t->esu, "hello", win_hello, strlen(win_hello));
    t->nac = sl_host_connect(&t->h);
    feed(t, t->nac, "hello", other_hello, strlen(other_hello));
    sl_net_msg m;
    assert_int_equal(link_next(t, &m, 0, err, sizeof err), 1);
    assert_string_equal(m.type, "welcome");
    assert_true(sl_remote_welcome(m.payload, m.len, seat));
    return t;
}

/* The window on it until `frames` or it closes; its idle hook each frame. */
static void run_window(T *t, const sl_remote_seat *seat, void (*each_frame)(void *))
{
    sl_remote_link link = {.ctx = t, .send = link_send, .next = link_next, .idle = each_frame};
    snprintf(link.where, sizeof link.where, "the test");
    char assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0); /* the window's queue, for the keys pushed */
    assert_int_equal(sl_run_remote(&t->table, &link, seat, assets, 1280, 800, FRAMES), 0);
}

static void remote_game_free(T *t)
{
    sl_host_free(&t->h);
    sl_play_free(&t->p);
    sl_world_free(&t->w);
    sl_game_free(t->rules);
    free(t->rules);
    sl_world_free(&t->table);
    sl_net_buf_free(&t->in);
    free(t);
}

static void fail_at_step(const T *t, int steps)
{
    char said[2000] = "";
    for (int i = 0; i < t->nsent; i++)
        snprintf(said + strlen(said), sizeof said - strlen(said), "  %s\n", t->sent[i]);
    fail_msg("the window got to step %d of %d in %d frames; it sent:\n%s", t->step, steps, t->frame, said);
}

static void test_bar_and_card(void **state)
{
    (void)state;
    sl_remote_seat seat;
    T *t = remote_game(SCEN, 42, "sightline-net 4\nrole play\nside esu", "sightline-net 3\nrole play\nside nac",
                       &seat);
    assert_string_equal(seat.side, "esu");
    assert_int_equal(strlen(seat.digest), 16);
    run_window(t, &seat, idle);
    if (t->step < 6)
        fail_at_step(t, 6);
    /* what the bar and card sent, each the command the host offered */
    assert_string_equal(t->sent[0], "place esu-dummy-1 64.5,44");
    assert_string_equal(t->sent[1], "done esu");
    assert_string_equal(t->sent[2], "decide first nac");
    assert_string_equal(t->sent[3], "activate esu-hq");
    check_journal_words(t);
    check_plan(t);
    remote_game_free(t);
}

/* A rule's list in the joined window (protocol 5), as the main window's
 * list pick: NAC's window on recovery-example.json, its Command Squad
 * acting; the bar's O asks the host for the reorganise's list, the card
 * shows it, 1 chooses the first kit, Enter gives the command the host made
 * of it. Nothing is typed. */
static char list_cmd[SL_CMD_TEXT + 80]; /* what the host's list gave for item 1 chosen */

static void idle_list(void *ctx)
{
    T *t = ctx;
    t->frame++;
    bool done = false;
    switch (t->step) {
    case 0: /* Phalon lets NAC go first; the bar's A activates the Command Squad (NAC's first) */
        if (sl_play_side_to_act(&t->p) == 1)
            feed(t, t->nac, "cmd", "decide first nac", 16);
        if (t->frame == 5)
            key(SDLK_a);
        done = t->nsent > 0 && strcmp(t->sent[t->nsent - 1], "activate cmd") == 0 &&
               sl_game_active_unit(&t->p.game) == sl_scenario_find_unit(&t->p.game.live, "cmd");
        break;
    case 1: /* O: the list is asked and its card drawn; 1 chooses the first kit */
        if (t->frame == t->step_frame + 5)
            key(SDLK_o);
        if (t->frame == t->step_frame + 10)
            key(SDLK_1);
        done = t->frame > t->step_frame + 15;
        break;
    case 2: /* Enter gives it */
        if (t->frame == t->step_frame + 5)
            key(SDLK_RETURN);
        done = t->nsent > 1 && strncmp(t->sent[t->nsent - 1], "reorganise cmd", 14) == 0;
        break;
    default: { /* done: the window closes */
        SDL_Event e = {.type = SDL_QUIT};
        if (t->frame == t->step_frame + 3)
            SDL_PushEvent(&e);
        break;
    }
    }
    if (done) {
        t->step++;
        t->step_frame = t->frame;
    }
}

static void test_list_in_window(void **state)
{
    (void)state;
    sl_remote_seat seat;
    T *t = remote_game(SL_SOURCE_DIR "/maps/lessons/tables/recovery-example.json", 5,
                       "sightline-net 5\nrole play\nside nac", "sightline-net 5\nrole play\nside ph", &seat);
    /* the host's own list for item 1 chosen: what the window must send */
    sl_net_buf b = {0};
    feed(t, t->nac, "cmd", "decide first nac", 16);
    feed(t, t->esu, "cmd", "activate cmd", 12);
    assert_true(sl_net_list_text(&t->p, 0, "cmd O 1 0", &b));
    sl_net_buf_add(&b, "", 1);
    const char *c = strstr(b.b, "\ncmd ");
    assert_non_null(c);
    snprintf(list_cmd, sizeof list_cmd, "%.*s", (int)strcspn(c + 5, "\n"), c + 5);
    sl_net_buf_free(&b);
    remote_game_free(t);
    t = remote_game(SL_SOURCE_DIR "/maps/lessons/tables/recovery-example.json", 5,
                    "sightline-net 5\nrole play\nside nac", "sightline-net 5\nrole play\nside ph", &seat);
    run_window(t, &seat, idle_list);
    if (t->step < 3)
        fail_at_step(t, 3);
    assert_string_equal(t->sent[t->nsent - 1], list_cmd);
    assert_true(journal_has(t, list_cmd));
    assert_int_equal(t->h.refused, 0);
    remote_game_free(t);
}

/* The bar's rows as laid out in the last frame. */
static int bar_rows_now(const remote *r)
{
    int rows = 0;
    float last = -1;
    for (int i = 0; i < r->nbtn; i++)
        if (r->btn[i].y != last) {
            rows++;
            last = r->btn[i].y;
        }
    return rows;
}

/* Every message the host sent the window, taken as the window takes them. */
static void take_all(T *t, remote *r)
{
    sl_net_msg m;
    char err[300];
    while (link_next(t, &m, 0, err, sizeof err) == 1)
        remote_message(r, &m);
}

/* Text with each run of spaces and line ends one space (a line wrapped
 * over rows reads as it was). */
static const char *one_spaced(const char *text, char *out, size_t len)
{
    size_t n = 0;
    for (const char *c = text; *c && n + 1 < len; c++)
        if (!(isspace((unsigned char)*c) && n > 0 && out[n - 1] == ' '))
            out[n++] = isspace((unsigned char)*c) ? ' ' : *c;
    out[n] = '\0';
    return out;
}

/* A frame of the joined window, the words it drew whole (lines joined). */
static const char *frame_words(remote *r, int w, int h)
{
    remote_draw_frame(r, w, h); /* the layout of the last frame sizes the strip */
    r->ui->text.record = true;
    r->ui->text.nseen = 0;
    r->ui->text.nseen_at = 0;
    r->ui->text.seen[0] = '\0';
    remote_draw_frame(r, w, h);
    r->ui->text.record = false;
    static char seen[sizeof r->ui->text.seen];
    return one_spaced(r->ui->text.seen, seen, sizeof seen);
}

/* The list's card in a small joined window (940x760, net7's list seen
 * cut by fix8, under the Command Squad's bar then in five rows, now
 * folded to three at most): the card is drawn whole, down to its last
 * line, what Enter gives. */
static void test_list_card_whole(void **state)
{
    (void)state;
    sl_remote_seat seat;
    T *t = remote_game(SL_SOURCE_DIR "/maps/lessons/tables/recovery-example.json", 5,
                       "sightline-net 5\nrole play\nside nac", "sightline-net 5\nrole play\nside ph", &seat);
    feed(t, t->nac, "cmd", "decide first nac", 16);
    feed(t, t->esu, "cmd", "activate cmd", 12);
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0);
    static const int sizes[][2] = {{940, 760}, {1280, 800}, {1280, 720}};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        int W = sizes[z][0], H = sizes[z][1];
        SDL_Surface *surf = NULL;
        SDL_Renderer *ren = NULL;
        sl_ui *ui = NULL;
        soft_window(W, H, &surf, &ren, &ui);
        remote *r = calloc(1, sizeof *r);
        assert_non_null(r);
        r->ui = ui;
        sl_remote_link link = {.ctx = t, .send = link_send, .next = link_next};
        remote_begin(r, &t->table, &link, &seat);
        t->at = 0; /* everything the host said to the window, from its welcome */
        take_all(t, r);
        assert_true(r->have_state && r->have_acts);
        frame_words(r, W, H);
        SDL_Event e = {0};
        e.type = SDL_KEYDOWN;
        e.key.keysym.sym = SDLK_o; /* the bar's Reorganise: the list asked of the host */
        assert_true(remote_bar_event(r, &e));
        take_all(t, r);
        assert_true(r->list_on && r->list.listed);
        const char *seen = frame_words(r, W, H);
        if (getenv("SL_REMOTE_SHOTS")) {
            char bmp[300];
            snprintf(bmp, sizeof bmp, "%s/list-card-%dx%d.bmp", getenv("SL_REMOTE_SHOTS"), W, H);
            SDL_SaveBMP(surf, bmp);
        }
        int rows = bar_rows_now(r);
        print_message("%dx%d: the bar in %d rows, the list's last line \"%s\"\n", W, H, rows, r->list.foot);
        assert_true(rows >= 1 && rows <= 3); /* it took five at 940x760: folded now, as the main window's */
        char foot[sizeof r->list.foot];
        if (!strstr(seen, one_spaced(r->list.foot, foot, sizeof foot)))
            fail_msg("%dx%d: the list's card is cut before its last line \"%s\": %s", W, H, r->list.foot, seen);
        if (!strstr(seen, r->list.title))
            fail_msg("%dx%d: the list's card has lost its title \"%s\"", W, H, r->list.title);
        /* with both kits chosen (their lines in the larger type), still whole */
        e.key.keysym.sym = SDLK_1;
        assert_true(remote_bar_event(r, &e));
        take_all(t, r);
        e.key.keysym.sym = SDLK_2;
        assert_true(remote_bar_event(r, &e));
        take_all(t, r);
        assert_true(r->list.listed && r->list.nitems >= 2 && r->list.items[0].chosen && r->list.items[1].chosen);
        seen = frame_words(r, W, H);
        if (!strstr(seen, one_spaced(r->list.foot, foot, sizeof foot)))
            fail_msg("%dx%d, two kits chosen: the list's card is cut before \"%s\": %s", W, H, r->list.foot, seen);
        remote_end(r);
        free(r);
        soft_window_free(&surf, &ren, &ui);
    }
    TTF_Quit();
    SDL_Quit();
    remote_game_free(t);
}

/* The bar's unit with none acting: the selected one, else the first that
 * may still act (not the first offered when it has acted this turn). */
static void test_bar_unit(void **state)
{
    (void)state;
    static const char text[] = "side esu\n"
                               "unit esu-hq\n"
                               "a\tA\t0\t-\tActivate\tactivate esu-hq\tit has acted this turn\n"
                               "unit esu-1\n"
                               "a\tA\t1\t-\tActivate\tactivate esu-1\t-\n";
    sl_net_actions *a = calloc(1, sizeof *a);
    char err[300];
    assert_true(sl_net_actions_parse(text, strlen(text), a, err, sizeof err));
    assert_int_equal(a->nunits, 2);
    assert_int_equal(sl_remote_bar_unit(a, -1), 1);
    assert_int_equal(sl_remote_bar_unit(a, 0), 0);
    /* seen in the walk: the HQ has acted, only the turn's own "Done for
     * the turn" (offered every unit) allowed it; the squad may activate */
    static const char acted[] = "side nac\n"
                                "unit nac-hq\n"
                                "a\tA\t0\t-\tActivate\tactivate nac-hq\tit has acted this turn\n"
                                "a\tD\t1\t-\tDone for the turn\tdone nac\t-\n"
                                "unit nac-1\n"
                                "a\tA\t1\t-\tActivate\tactivate nac-1\t-\n"
                                "a\tD\t1\t-\tDone for the turn\tdone nac\t-\n";
    sl_net_actions *b = calloc(1, sizeof *b);
    assert_true(sl_net_actions_parse(acted, strlen(acted), b, err, sizeof err));
    assert_int_equal(sl_remote_bar_unit(b, -1), 1);
    free(b);
    a->act[1].enabled = false; /* none may act: the first */
    assert_int_equal(sl_remote_bar_unit(a, -1), 0);
    a->nunits = 0;
    assert_int_equal(sl_remote_bar_unit(a, -1), -1);
    free(a);
}

/* The joined bar's tooltip over a greyed button says its whole reason,
 * wrapped in rows as the main bar's, never cut short with "...". */
static void test_bar_tip_whole(void **state)
{
    (void)state;
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0);
    SDL_Window *win = SDL_CreateWindow("t", 0, 0, 640, 480, 0);
    SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE) : NULL;
    assert_non_null(ren);
    char err[300], assets[1100];
    snprintf(assets, sizeof assets, "%s/assets", SL_SOURCE_DIR);
    remote *r = calloc(1, sizeof *r);
    r->ui = sl_ui_create(ren, assets, err, sizeof err);
    assert_non_null(r->ui);
    r->ui->lay.s = 1;
    r->ui->lay.w = 640;
    r->ui->lay.h = 480;
    r->ui->lay.table = (SDL_FRect){0, 0, 640, 300};
    static const char text[] =
        "side nac\nunit nac-1\n"
        "a\tH\t0\tenemy\tAssault\tassault nac-1 {T}\tno target will do now (6 tried); the nearest in sight: "
        "ESU 2nd Squad is 16.6\" from NAC 1st Squad: a charge reaches at most 12\" (D6 x 2, p41), and the "
        "rest are farther still, out of its sight or behind the woods\n";
    assert_true(sl_net_actions_parse(text, strlen(text), &r->acts, err, sizeof err));
    r->have_acts = true;
    r->hover_btn = 0;
    r->ui->text.watch = true; /* count every text cut short */
    remote_draw_bar(r, 320);
    assert_int_equal(r->nbtn, 1);
    if (r->ui->text.cuts)
        fail_msg("the bar's tooltip was cut: '%s'", r->ui->text.first_cut);
    sl_ui_destroy(r->ui);
    free(r);
    SDL_DestroyRenderer(ren);
    SDL_DestroyWindow(win);
}

/* A joined window of W by H on the host's game of `scen` (the window's
 * seat by `win_hello`, the test's by `other_hello`), everything the host
 * said to it taken; and its end, with the game's. */
typedef struct small_win {
    T *t;
    sl_remote_seat seat;
    sl_remote_link link;
    SDL_Surface *surf;
    SDL_Renderer *ren;
    remote *r;
} small_win;

static remote *small_window(small_win *w, const char *scen, uint64_t seed, const char *win_hello,
                            const char *other_hello, int W, int H)
{
    memset(w, 0, sizeof *w);
    w->t = remote_game(scen, seed, win_hello, other_hello, &w->seat);
    assert_int_equal(SDL_Init(SDL_INIT_VIDEO), 0);
    remote *r = w->r = calloc(1, sizeof *r);
    assert_non_null(r);
    soft_window(W, H, &w->surf, &w->ren, &r->ui);
    w->link = (sl_remote_link){.ctx = w->t, .send = link_send, .next = link_next};
    remote_begin(r, &w->t->table, &w->link, &w->seat);
    take_all(w->t, r);
    assert_true(r->have_state);
    return r;
}

static void small_window_close(small_win *w)
{
    remote_end(w->r);
    soft_window_close(&w->surf, &w->ren, &w->r->ui);
    free(w->r);
    remote_game_free(w->t);
}

/* ESU's window at 960x540 on maps/hidden.json (seed 1), in its set-up. */
static remote *esu_window(small_win *w)
{
    return small_window(w, SL_SOURCE_DIR "/maps/hidden.json", 1, "sightline-net 5\nrole play\nside esu",
                        "sightline-net 5\nrole play\nside nac", 960, 540);
}

/* A SkirmishCorps card in the joined window reads each unit's own rule
 * data (its firearm, SP, RE) by the unit's id, not by its place in the
 * window's file: on tests/data/skirmish-hidden.json Red's Trooper is
 * hidden and first in the file, so Blue's state lists its units at other
 * places (the counter last). Every unit Blue knows has the host's profile
 * and each man the host's arms; the counter has nothing of the Trooper's
 * (nor of any unit's). */
static void test_card_data_by_id(void **state)
{
    (void)state;
    small_win w;
    remote *r = small_window(&w, SL_SOURCE_DIR "/tests/data/skirmish-hidden.json", 2,
                             "sightline-net 5\nrole play\nside blue", "sightline-net 5\nrole play\nside red", 640, 480);
    T *t = w.t;
    const sl_scenario *ws = &r->world.scn, *hs = &t->p.game.live;
    int counters = 0, known = 0;
    static sl_profile_line got[SL_MAX_PROFILE], want[SL_MAX_PROFILE];
    bool fg;
    for (int u = 0; u < ws->nunits; u++) {
        int ng = sl_unit_profile(ws, u, got, SL_MAX_PROFILE, &fg);
        if (ws->units[u].id[0] == '?') {
            counters++;
            for (int h = 0; h < hs->nunits; h++) { /* no unit's firearm, SP or RE on a counter */
                int nw = sl_unit_profile(hs, h, want, SL_MAX_PROFILE, &fg);
                for (int i = 0; i < ng && i < nw; i++)
                    if (!got[i].heading && strcmp(got[i].key, want[i].key) == 0 &&
                        strcmp(got[i].value, want[i].value) == 0 && strcmp(got[i].value, "none") != 0)
                        fail_msg("the counter %s reads %s's %s: %s", ws->units[u].id, hs->units[h].name, got[i].key,
                                 got[i].value);
            }
            char arms[200];
            for (int f = ws->units[u].first_figure; f < ws->units[u].first_figure + ws->units[u].nfigures; f++)
                if (sl_figure_arms(ws, f, arms, sizeof arms))
                    fail_msg("the counter %s's man carries '%s'", ws->units[u].id, arms);
            if (ng > 0)
                fail_msg("the counter %s has a profile of %d lines ('%s')", ws->units[u].id, ng, got[0].key);
            continue;
        }
        int h = sl_scenario_find_unit(hs, ws->units[u].id);
        assert_true(h >= 0);
        known++;
        int nw = sl_unit_profile(hs, h, want, SL_MAX_PROFILE, &fg);
        assert_int_equal(ng, nw);
        for (int i = 0; i < ng; i++)
            if (strcmp(got[i].value, want[i].value) != 0)
                fail_msg("%s's %s on the joined card: '%s', the host's '%s'", ws->units[u].name, got[i].key,
                         got[i].value, want[i].value);
        for (int f = ws->units[u].first_figure; f < ws->units[u].first_figure + ws->units[u].nfigures; f++) {
            char a[200] = "", b[200] = "";
            int hf = sl_scenario_find_figure(hs, ws->figures[f].id);
            assert_true(hf >= 0);
            sl_figure_arms(ws, f, a, sizeof a);
            sl_figure_arms(hs, hf, b, sizeof b);
            assert_string_equal(a, b);
        }
    }
    assert_int_equal(known, 3);
    assert_int_equal(counters, 1);
    small_window_close(&w);
}

/* The joined window's journal at 960x540 (the table's strip 560 px
 * wide): its lines wrapped whole, as the main window's dice log, never
 * ended in "..."; the newest whole, and no more rows than the five lines
 * had (the key line under them may be fitted: it is drawn after them). */
static void test_log_lines_whole(void **state)
{
    (void)state;
    SDL_Surface *surf = NULL;
    SDL_Renderer *ren = NULL;
    remote *r = calloc(1, sizeof *r);
    soft_window(960, 540, &surf, &ren, &r->ui);
    sl_remote_link link = {.ctx = NULL};
    snprintf(link.where, sizeof link.where, "127.0.0.1");
    r->link = &link;
    snprintf(r->seat.side, sizeof r->seat.side, "nac");
    snprintf(r->turn, sizeof r->turn, "nac");
    snprintf(r->seats, sizeof r->seats, "nac: connected\nph: connected");
    static const char *const lines[] = {
        "D6 3 \xE2\x80\x94 First aid for Command Squad's man 3 (specialist): D6, 1-2 dies, 3-4 stays down, 5-6 is "
        "stabilised",
        "Command Squad's man 3 (specialist) is stabilised: no longer an untreated casualty",
        "D6 6 \xE2\x80\x94 First aid for Command Squad's man 4 (support): D6, 1-2 dies, 3-4 stays down, 5-6 is "
        "stabilised",
        "Command Squad's man 4 (support) is back in action",
        "> Command Squad reorganises: in integrity, recovers the EW kit of man 3 (Equipment recovery test: D10 "
        "against its quality)",
    };
    for (int i = 0; i < 5; i++)
        snprintf(r->log[r->nlog++], sizeof r->log[0], "%s", lines[i]);
    sl_layout *L = &r->ui->lay;
    L->s = 1;
    L->w = 960;
    L->h = 540;
    L->table = (SDL_FRect){0, 0, 560, 240};
    L->status = (SDL_FRect){0, 520, 960, 20};
    float h = remote_panel_height(r);
    r->ui->text.watch = true; /* count every text cut short */
    remote_draw_panel(r);
    if (r->ui->text.cuts && strncmp(r->ui->text.first_cut, ":  type", 7) != 0)
        fail_msg("the panel cut a line short: '%s'", r->ui->text.first_cut);
    /* the rows: no more than the five lines' and the rest's, at the strip's width */
    float row = (float)text_height(&r->ui->text, SL_FONT_SMALL) * 1.15f;
    float rest = (float)(text_height(&r->ui->text, SL_FONT_BOLD) + text_height(&r->ui->text, SL_FONT_LARGE)) * 1.15f;
    if (h > rest + row * (5 + 1 + 1) + 24 + 1)
        fail_msg("the panel is %.0f px high", h);
    soft_window_free(&surf, &ren, &r->ui);
    free(r);
}

/* A joined window at 960x540 (ESU's, maps/hidden.json, after its dummy
 * is placed, the Platoon HQ selected: offered every action, most greyed): seen
 * before, the bar took five rows and the table shrank to 2.3 px per inch.
 * As the main window's bar: at most three rows, what may be done now and
 * a toggle (F4) for the rest, in pages of three rows at most; every
 * action the host offers has its button on some page, and the table
 * keeps a useful size. */
static void test_bar_keeps_table(void **state)
{
    (void)state;
    small_win w;
    remote *r = esu_window(&w);
    T *t = w.t;
    remote_send_line(r, "cmd", "place esu-dummy-1 64.5,44");
    /* on into the first turn, where a unit is offered every action (the
     * set-up offers only its own two) */
    feed(t, t->esu, "cmd", "done esu", 8);
    feed(t, t->esu, "cmd", "decide first esu", 16);
    /* and the other player's chat, as in the two-window walk, where every
     * action's page left the table 3 px per inch */
    for (int i = 0; i < 3; i++)
        feed(t, t->nac, "chat", "Ann here: your barn squad is out in the open", 44);
    take_all(t, r);
    assert_true(r->have_acts && r->nchat == 3);
    int hq = sl_scenario_find_unit(&r->world.scn, "esu-hq"); /* the player clicks the HQ */
    assert_true(hq >= 0 && hq < r->view.nunits);
    r->view.selected[hq] = true;
    frame_words(r, 960, 540);
    if (getenv("SL_REMOTE_SHOTS")) {
        char bmp[300];
        snprintf(bmp, sizeof bmp, "%s/bar-960x540.bmp", getenv("SL_REMOTE_SHOTS"));
        SDL_SaveBMP(w.surf, bmp);
    }
    int u = -1, offered = 0, enabled = 0;
    for (int i = 0; i < r->acts.nact; i++)
        if (strcmp(r->acts.unit[r->acts.act[i].unit], "esu-hq") == 0) {
            u = r->acts.act[i].unit;
            offered++;
            enabled += r->acts.act[i].enabled;
        }
    assert_true(u >= 0 && offered >= 12 && enabled < offered); /* as seen: many, most greyed */
    print_message("960x540: the bar in %d rows, the table %.1f px/inch (%d actions, %d allowed now)\n",
                  bar_rows_now(r), r->view.scale, offered, enabled);
    if (bar_rows_now(r) > 3)
        fail_msg("the bar takes %d rows at 960x540", bar_rows_now(r));
    if (r->view.scale < 3.5)
        fail_msg("the table is %.1f px per inch under the bar at 960x540", r->view.scale);
    /* what may be done now: each its button */
    for (int i = 0; i < r->acts.nact; i++) {
        bool shown = false;
        for (int b = 0; b < r->nbtn; b++)
            shown |= r->btn_act[b] == i;
        if (r->acts.act[i].unit == u && r->acts.act[i].enabled && !shown)
            fail_msg("'%s', allowed now, has no button", r->acts.act[i].label);
    }
    /* F4 turns the pages of every action and back: each action on one */
    bool seen[SL_NET_ACTIONS_MAX] = {false};
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = SDLK_F4;
    int pages = 0;
    for (; pages < 10; pages++) {
        assert_true(remote_bar_event(r, &e));
        frame_words(r, 960, 540);
        if (!r->bar_all)
            break;
        print_message("every action, page %d of %d: %d rows, %.1f px/inch\n", r->bar_page + 1, r->bar_pages,
                      bar_rows_now(r), r->view.scale);
        if (bar_rows_now(r) > 3 || r->view.scale < 3.5)
            fail_msg("every action, page %d: %d rows, %.1f px/inch", pages + 1, bar_rows_now(r), r->view.scale);
        for (int b = 0; b < r->nbtn; b++)
            if (r->btn_act[b] >= 0)
                seen[r->btn_act[b]] = true;
    }
    assert_true(pages >= 1 && pages < 10);
    for (int i = 0; i < r->acts.nact; i++)
        if (r->acts.act[i].unit == u && !seen[i])
            fail_msg("'%s' is on no page of the bar", r->acts.act[i].label);
    small_window_close(&w);
}

/* A refusal in a joined window at 960x540 (ESU's command for NAC's unit):
 * the host's reason drawn whole in a box on the table's side of the
 * window; the side panel (the forces, a unit's card) is left as it was,
 * not darkened or covered (seen before: the box lay over it). */
static void test_refusal_off_panel(void **state)
{
    (void)state;
    small_win w;
    remote *r = esu_window(&w);
    T *t = w.t;
    frame_words(r, 960, 540);
    SDL_FRect P = r->ui->lay.panel;
    assert_true(P.w > 100 && P.h > 100);
    size_t row = (size_t)(P.w * 4), n = row * (size_t)P.h;
    unsigned char *before = malloc(n), *after = malloc(n);
    SDL_Rect pr = {(int)P.x, (int)P.y, (int)P.w, (int)P.h};
    assert_int_equal(SDL_RenderReadPixels(w.ren, &pr, SDL_PIXELFORMAT_RGBA32, before, (int)row), 0);
    remote_send_line(r, "cmd", "activate nac-1");
    take_all(t, r);
    assert_int_equal(t->h.refused, 1);
    const char *why = strstr(r->view.status, "Refused: ");
    assert_non_null(why);
    char whole[1200], spaced[1200];
    snprintf(whole, sizeof whole, "%s", why + 9);
    const char *seen = frame_words(r, 960, 540);
    if (getenv("SL_REMOTE_SHOTS")) {
        char bmp[300];
        snprintf(bmp, sizeof bmp, "%s/refusal-960x540.bmp", getenv("SL_REMOTE_SHOTS"));
        SDL_SaveBMP(w.surf, bmp);
    }
    if (!strstr(seen, one_spaced(whole, spaced, sizeof spaced)))
        fail_msg("the refusal '%s' is not drawn whole: %s", whole, seen);
    assert_int_equal(SDL_RenderReadPixels(w.ren, &pr, SDL_PIXELFORMAT_RGBA32, after, (int)row), 0);
    size_t differ = 0;
    for (size_t i = 0; i < n; i++)
        differ += before[i] != after[i];
    if (differ)
        fail_msg("the refusal changed %zu bytes of the side panel (x %.0f to %.0f)", differ, P.x, P.x + P.w);
    free(before);
    free(after);
    small_window_close(&w);
}

/* The "who goes first" card in the chooser's window reads its answers in
 * players' words: each side by name, once, by its key; the script's
 * "decide first nac" is for the ':' line, not the card (net10's walk saw
 * "[1] first: decide first nac" under "[1] New Anglian Confederation"). */
static void test_decision_card_words(void **state)
{
    (void)state;
    small_win w;
    remote *r = small_window(&w, SL_SOURCE_DIR "/maps/hidden.json", 1, "sightline-net 5\nrole play\nside esu",
                             "sightline-net 5\nrole play\nside nac", 1600, 1000);
    T *t = w.t;
    feed(t, t->esu, "cmd", "place esu-dummy-1 64.5,44", 25);
    feed(t, t->esu, "cmd", "done esu", 8);
    take_all(t, r);
    assert_true(r->dec.pending && r->dec.nanswers == 2);
    const char *seen = frame_words(r, 1600, 1000);
    if (strstr(seen, "decide first"))
        fail_msg("the card shows the script: %s", strstr(seen, "decide first"));
    const char *nac = strstr(seen, "[1] New Anglian Confederation");
    assert_non_null(nac);
    assert_null(strstr(nac + 1, "[1]")); /* each answer once */
    assert_non_null(strstr(seen, "[2] Eurasian Solar Union"));
    small_window_close(&w);
}

/* Who sits where and the link's state, whole in a small window (960x540:
 * "You play ESU | link: connected ..." and "esu: conn..." were cut). */
static void test_seats_and_link_whole(void **state)
{
    (void)state;
    small_win w;
    remote *r = esu_window(&w);
    const char *seen = frame_words(r, 960, 540);
    const char *link = strstr(seen, "link: connected");
    assert_non_null(link);
    const char *cut = strstr(link, "\xE2\x80\xA6"), *next = strstr(link, "Your turn");
    if (!next || (cut && cut < next))
        fail_msg("the link's line is cut: %.60s", link);
    if (!strstr(seen, "watching: 0"))
        fail_msg("the seats' line is cut: %.120s", strstr(seen, "Seats:") ? strstr(seen, "Seats:") : seen);
    small_window_close(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bar_unit),
        cmocka_unit_test(test_event_lines),
        cmocka_unit_test(test_bar_tip_whole),
        cmocka_unit_test(test_bar_and_card),
        cmocka_unit_test(test_list_in_window),
        cmocka_unit_test(test_list_card_whole),
        cmocka_unit_test(test_card_data_by_id),
        cmocka_unit_test(test_log_lines_whole),
        cmocka_unit_test(test_bar_keeps_table),
        cmocka_unit_test(test_refusal_off_panel),
        cmocka_unit_test(test_decision_card_words),
        cmocka_unit_test(test_seats_and_link_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
