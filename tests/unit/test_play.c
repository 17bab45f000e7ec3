/* A game in play as the window holds it: commands with an autosave after
 * each, undo by replay, resuming a saved game, and the action bar's
 * choices with their reasons. Runs under the sanitizers, so a game moved
 * in memory (undo, resume) that still looked at its old place would fail
 * here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sightline/play.h"

#define DEFAULT SL_SOURCE_DIR "/maps/default.json"

typedef struct fixture {
    sl_world w;
    sl_play p;
    char dir[64];
    char err[600];
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/sightline-play-XXXXXX");
    if (!f || !mkdtemp(f->dir))
        return -1;
    setenv("SIGHTLINE_STATE_DIR", f->dir, 1);
    sl_load_opts lo = {false};
    sl_world_init(&f->w);
    if (!sl_world_load(DEFAULT, &lo, &f->w, NULL))
        return -1;
    sl_play_init(&f->p);
    if (!sl_play_autosave_path(DEFAULT, f->p.autosave, sizeof f->p.autosave))
        return -1;
    if (!sl_play_start(&f->p, &f->w, DEFAULT, 42, f->err, sizeof f->err))
        return -1;
    sl_game_begin(&f->p.game);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    sl_play_free(&f->p);
    sl_world_free(&f->w);
    unlink(f->p.autosave);
    rmdir(f->dir);
    free(f);
    return 0;
}

static void ok(fixture *f, const char *line)
{
    if (!sl_play_do_line(&f->p, line, f->err, sizeof f->err))
        fail_msg("'%s' refused: %s", line, f->err);
}

static int U(fixture *f, const char *id)
{
    return sl_scenario_find_unit(&f->p.game.live, id);
}

static const sl_play_action *find(const sl_play_action *a, int n, int k)
{
    for (int i = 0; i < n; i++)
        if (a[i].kind == k && !a[i].toggle)
            return &a[i];
    fail_msg("no %s action", sl_cmd_name(k));
    return NULL;
}

/* The line the bar's action sends, as the journal will write it. */
static const char *sent(sl_play *p, const sl_play_action *a, int variant, int unit, int target, const sl_pt *pts,
                        int npts, bool leader, char *line, size_t len)
{
    sl_play_action b = *a;
    b.variant = variant;
    sl_command c;
    sl_play_command(p, &b, unit, target, pts, npts, NULL, 0, leader, &c);
    sl_command_format(&p->game.live, &c, line, len);
    return line;
}

static char *journal(const sl_game *g)
{
    size_t len = sl_journal_write(&g->journal, NULL, 0);
    char *b = malloc(len + 1);
    sl_journal_write(&g->journal, b, len + 1);
    return b;
}

static void same_as_autosave(fixture *f)
{
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    if (!sl_save_load(f->p.autosave, -1, &w, &g, &o, &d))
        fail_msg("autosave: %s", d.n ? d.msgs[0].text : "?");
    char *a = journal(&f->p.game), *b = journal(&g);
    if (strcmp(a, b) != 0)
        fail_msg("the autosave (%d events) is not the game (%d events)", g.journal.n, f->p.game.journal.n);
    free(a);
    free(b);
    sl_game_free(&g);
    sl_world_free(&w);
    sl_origin_free(&o);
    sl_diag_free(&d);
}

/* The first decision shows at once; the autosave follows every command
 * and replays to the same journal. */
static void test_autosave_follows_every_command(void **state)
{
    fixture *f = *state;
    assert_int_equal(f->p.game.turn, 1);
    assert_int_equal(f->p.game.pending.kind, SL_DECIDE_FIRST);
    assert_int_equal(sl_play_side_to_act(&f->p), f->p.game.pending.side);
    assert_int_not_equal(access(f->p.autosave, F_OK), 0); /* nothing done, nothing saved */
    ok(f, "decide first esu");
    ok(f, "activate esu-1");
    ok(f, "fire esu-1 at nac-1");
    same_as_autosave(f);
    /* a refusal changes neither the game nor the autosave */
    long before = f->p.game.journal.n;
    FILE *fp = fopen(f->p.autosave, "rb");
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fclose(fp);
    assert_false(sl_play_do_line(&f->p, "fire esu-1 at nac-1", f->err, sizeof f->err));
    assert_non_null(strstr(f->err, "already fired") ? f->err : strstr(f->err, "nothing left"));
    assert_int_equal(f->p.game.journal.n, before);
    fp = fopen(f->p.autosave, "rb");
    fseek(fp, 0, SEEK_END);
    assert_int_equal(ftell(fp), size);
    fclose(fp);
}

/* Undo is the game with its last command taken back, and the game goes
 * on from there (a fire preview needs its sight index intact). */
static void test_undo(void **state)
{
    fixture *f = *state;
    ok(f, "decide first nac");
    ok(f, "activate nac-1");
    char *before = journal(&f->p.game);
    int gen = f->p.generation;
    ok(f, "move nac-1 18,14");
    assert_int_equal(f->p.game.live.figures[sl_scenario_find_figure(&f->p.game.live, "nac-1-2")].pos.x, 18000);
    char undone[600];
    assert_true(sl_play_undo(&f->p, undone, sizeof undone, f->err, sizeof f->err));
    assert_int_equal(f->p.generation, gen + 1);
    char *after = journal(&f->p.game);
    assert_string_equal(before, after);
    free(before);
    free(after);
    assert_string_equal(undone, "move nac-1 18,14");
    /* the display follows the new game */
    assert_ptr_equal(f->p.disp.scn.figures, f->p.game.live.figures);
    sl_fire_preview pv;
    sl_game_fire_preview(&f->p.game, U(f, "nac-1"), U(f, "esu-1"), SL_FIRE_ALL, &pv);
    assert_true(pv.possible);
    ok(f, "fire nac-1 at esu-1");
    /* undo everything, then nothing is left to undo */
    while (f->p.game.ncommands > 0)
        assert_true(sl_play_undo(&f->p, undone, sizeof undone, f->err, sizeof f->err));
    assert_false(sl_play_undo(&f->p, undone, sizeof undone, f->err, sizeof f->err));
    assert_non_null(strstr(f->err, "nothing to undo"));
    assert_int_equal(f->p.game.pending.kind, SL_DECIDE_FIRST);
}

/* A whole game (the solo policy playing both sides, past two snapshots):
 * undo from a snapshot gives, command after command, the very journal a
 * replay from the start gives, the game goes on after it, and the
 * autosave (appended to, and cut back on undo) always holds the game. */
static void test_undo_from_snapshots(void **state)
{
    fixture *f = *state;
    f->p.solo_side = SL_SOLO_BOTH;
    char err[400];
    while (f->p.game.ncommands < 3 * SL_PLAY_SNAP_EVERY + 5 && !f->p.game.outcome.over)
        if (!sl_play_solo_step(&f->p, err, sizeof err))
            fail_msg("the solo game stopped: %s", err);
    int n = f->p.game.ncommands;
    print_message("  %d commands, %d snapshots, %d autosave marks\n", n, f->p.nsnaps, f->p.nsave_marks);
    assert_true(n > 2 * SL_PLAY_SNAP_EVERY);
    assert_true(f->p.nsnaps >= 2);
    same_as_autosave(f);
    char **cmds;
    int nc = sl_journal_commands(&f->p.game, &cmds);
    assert_int_equal(nc, n);
    char undone[600];
    /* undo back across the last snapshot */
    for (int k = 1; k <= SL_PLAY_SNAP_EVERY + 3; k++) {
        assert_true(sl_play_undo(&f->p, undone, sizeof undone, f->err, sizeof f->err));
        assert_string_equal(undone, cmds[n - k]);
        if (k % 17 == 1 || k == SL_PLAY_SNAP_EVERY + 3) {
            sl_game g;
            int failed;
            assert_true(sl_game_replay(&g, &f->w.scn, &f->p.origin, cmds, n - k, &failed, err, sizeof err));
            char *a = journal(&f->p.game), *b = journal(&g);
            assert_string_equal(a, b);
            free(a);
            free(b);
            sl_game_free(&g);
            same_as_autosave(f);
        }
    }
    /* the game goes on from there: the same command again */
    ok(f, cmds[n - SL_PLAY_SNAP_EVERY - 3]);
    same_as_autosave(f);
    sl_commands_free(cmds, nc);
}

/* An autosave cut off in the middle of its last line (the program
 * stopped while appending) still opens: the game up to the cut, and a
 * warning. */
static void test_autosave_cut_short(void **state)
{
    fixture *f = *state;
    ok(f, "decide first nac");
    ok(f, "activate nac-1");
    char *whole = journal(&f->p.game);
    FILE *fp = fopen(f->p.autosave, "ab");
    assert_non_null(fp);
    fputs("{\"seq\":99,\"event\":\"comm", fp);
    fclose(fp);
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_save_load(f->p.autosave, -1, &w, &g, &o, &d));
    assert_true(d.n >= 1);
    assert_non_null(strstr(d.msgs[0].text, "cut short"));
    /* the offer to resume says so in a player's words, not the loader's */
    char note[300];
    sl_save_resume_note(&d, f->p.autosave, note, sizeof note);
    assert_string_equal(note, "The end of the save was not written whole and is left out.");
    char *b = journal(&g);
    assert_string_equal(whole, b);
    free(whole);
    free(b);
    sl_game_free(&g);
    sl_world_free(&w);
    sl_origin_free(&o);
    sl_diag_free(&d);
}

/* The offer to resume a game on a map without an image layer (a bare
 * Tiled map) read "Line 0: no image layer: the table is drawn
 * in plain colour": the map loader's note is not the player's. A last
 * command left out is said in a player's words, without line numbers or
 * the command's ids. */
static void test_resume_note_players_words(void **state)
{
    (void)state;
    sl_diag d;
    sl_diag_init(&d);
    const char *bare = "{\"type\":\"map\",\"width\":10,\"height\":10,\"tilewidth\":10,\"tileheight\":10,"
                       "\"layers\":[{\"type\":\"objectgroup\",\"name\":\"terrain\",\"objects\":["
                       "{\"id\":1,\"type\":\"water\",\"x\":0,\"y\":0,\"width\":20,\"height\":10}]}]}";
    sl_map m;
    sl_load_opts opts = {false};
    assert_true(sl_map_load_text(bare, strlen(bare), "bare.tmj", ".", &opts, &m, &d));
    sl_map_free(&m);
    bool plain_colour = false;
    for (int i = 0; i < d.n; i++)
        plain_colour = plain_colour || strstr(d.msgs[i].text, "no image layer");
    assert_true(plain_colour); /* the loader's note is there */
    char note[300];
    sl_save_resume_note(&d, "bare.save", note, sizeof note);
    assert_string_equal(note, ""); /* and not on the card */
    sl_diag_add(&d, SL_DIAG_WARNING, "state/autosave.save", 12, 1, 0, "command",
                "the last command (command 3) was written only in part (1 of its 4 events: an unfinished write) "
                "and is left out; the game is as it was before it: fire nac-1 at esu-1");
    sl_save_resume_note(&d, "bare.save", note, sizeof note);
    assert_string_equal(note, ""); /* none of it the save's own */
    sl_save_resume_note(&d, "state/autosave.save", note, sizeof note);
    assert_string_equal(note, "The last command was not saved whole and is left out: the game goes on from just "
                              "before it.");
    sl_diag_free(&d);
}

/* A file's bytes (NUL-ended; *len its length). */
static char *slurp(const char *path, long *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    fseek(fp, 0, SEEK_END);
    *len = ftell(fp);
    rewind(fp);
    char *b = calloc(1, (size_t)*len + 1);
    if (b && fread(b, 1, (size_t)*len, fp) != (size_t)*len) {
        free(b);
        b = NULL;
    }
    fclose(fp);
    return b;
}

static int loaded_commands(const char *path, int *nwarnings)
{
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    if (!sl_save_load(path, -1, &w, &g, &o, &d))
        fail_msg("%s does not load: %s", path, d.n ? d.msgs[0].text : "?");
    int n = g.ncommands;
    *nwarnings = d.nwarnings;
    sl_game_free(&g);
    sl_world_free(&w);
    sl_origin_free(&o);
    sl_diag_free(&d);
    return n;
}

/* The disk fills while a command's events are appended (here a limit on
 * the file's size, in a child process, that lets only ten more bytes
 * through): the autosave is cut back to where it was, the game before the
 * command, and loads; the player is told; once there is room again the
 * next command's autosave holds the whole game. */
static void test_autosave_failed_append(void **state)
{
    fixture *f = *state;
    ok(f, "decide first nac");
    ok(f, "activate nac-1");
    long size, after;
    char *before = slurp(f->p.autosave, &size);
    assert_non_null(before);
    char kept[SL_PATH_MAX + 16];
    snprintf(kept, sizeof kept, "%s.failed", f->p.autosave);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit rl;
        getrlimit(RLIMIT_FSIZE, &rl);
        rlim_t was = rl.rlim_cur;
        rl.rlim_cur = (rlim_t)size + 10;
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(10);
        if (!sl_play_do_line(&f->p, "fire nac-1 at esu-1", f->err, sizeof f->err))
            _exit(11); /* the command itself is done: only its autosave fails */
        if (!strstr(f->p.autosave_error, "Autosave failed"))
            _exit(12);
        if (link(f->p.autosave, kept) != 0) /* the autosave as the failure left it */
            _exit(13);
        rl.rlim_cur = was;
        if (setrlimit(RLIMIT_FSIZE, &rl) != 0)
            _exit(14);
        if (!sl_play_do_line(&f->p, "end", f->err, sizeof f->err) || f->p.autosave_error[0])
            _exit(15);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    char *failed = slurp(kept, &after);
    assert_non_null(failed);
    if (after != size || memcmp(failed, before, (size_t)size) != 0)
        fail_msg("the failed append left %ld bytes, not the %ld there were before it", after, size);
    int nw;
    assert_int_equal(loaded_commands(kept, &nw), 2);
    assert_int_equal(nw, 0);
    assert_int_equal(loaded_commands(f->p.autosave, &nw), 4);
    assert_int_equal(nw, 0);
    char tmp[SL_PATH_MAX + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", f->p.autosave);
    assert_int_not_equal(access(tmp, F_OK), 0); /* the whole-file write's temporary file is gone */
    unlink(kept);
    free(before);
    free(failed);
}

/* An autosave cut anywhere in its last command's events (a kill between
 * two writes; here at every line end and in the middle of every line)
 * opens: the game before that command, with a warning naming the line. */
static void test_autosave_cut_in_last_command(void **state)
{
    fixture *f = *state;
    ok(f, "decide first nac");
    ok(f, "activate nac-1");
    char *before = journal(&f->p.game);
    int nbefore = f->p.game.journal.n;
    long mark, size;
    free(slurp(f->p.autosave, &mark));
    ok(f, "fire nac-1 at esu-1");
    char *text = slurp(f->p.autosave, &size);
    assert_non_null(text);
    assert_true(f->p.game.journal.n - nbefore >= 3); /* the command and what it did */
    int cmd_line = 1; /* the fire command's line: the header's, then one an event */
    cmd_line += nbefore + 1;
    char cut[SL_PATH_MAX + 16];
    snprintf(cut, sizeof cut, "%s.cut", f->p.autosave);
    int ncuts = 0;
    for (long at = mark + 1; at < size; at++) {
        bool line_end = text[at - 1] == '\n';
        bool mid = text[at - 2] == '\n' && text[at - 1] != '\n'; /* then cut 11 bytes into the line */
        if (!line_end && !mid)
            continue;
        FILE *fp = fopen(cut, "wb");
        assert_non_null(fp);
        fwrite(text, 1, (size_t)at + (mid ? 10 : 0), fp);
        fclose(fp);
        int lines_whole = 0;
        for (long i = 0; i < at; i++)
            lines_whole += text[i] == '\n';
        sl_world w;
        sl_game g;
        sl_origin o;
        sl_diag d;
        sl_diag_init(&d);
        if (!sl_save_load(cut, -1, &w, &g, &o, &d))
            fail_msg("cut at byte %ld (%d whole lines): %s", at, lines_whole, d.n ? d.msgs[d.n - 1].text : "?");
        char *b = journal(&g);
        assert_string_equal(before, b);
        free(b);
        /* the warning naming the command's line, unless the cut fell in
         * that very line (then only the torn line is left out) */
        bool named = false;
        for (int i = 0; i < d.n; i++)
            named = named || (d.msgs[i].line == cmd_line && strstr(d.msgs[i].text, "written only in part") &&
                              strstr(d.msgs[i].text, "fire nac-1 at esu-1"));
        if (lines_whole >= cmd_line)
            assert_true(named);
        else
            assert_true(mid && d.n == 1 && d.msgs[0].line == cmd_line && strstr(d.msgs[0].text, "cut short"));
        sl_game_free(&g);
        sl_world_free(&w);
        sl_origin_free(&o);
        sl_diag_free(&d);
        ncuts++;
    }
    print_message("  %d cuts in the last command's %d events\n", ncuts, f->p.game.journal.n - nbefore);
    unlink(cut);
    free(text);
    free(before);
}

/* A saved game taken over by a play (as the window resumes the autosave)
 * goes on where it stopped. */
static void test_resume(void **state)
{
    fixture *f = *state;
    ok(f, "decide first nac");
    ok(f, "activate nac-1");
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    assert_true(sl_save_load(f->p.autosave, -1, &w, &g, &o, &d));
    sl_diag_free(&d);
    sl_play q;
    sl_play_init(&q);
    snprintf(q.autosave, sizeof q.autosave, "%s", f->p.autosave);
    sl_world *moved = malloc(sizeof *moved);
    *moved = w; /* as the window keeps it */
    sl_play_adopt(&q, moved, &g, &o);
    assert_true(q.on);
    assert_int_equal(sl_game_active_unit(&q.game), U(f, "nac-1"));
    if (!sl_play_do_line(&q, "fire nac-1 at esu-1", f->err, sizeof f->err))
        fail_msg("after resuming: %s", f->err);
    if (!sl_play_do_line(&q, "end", f->err, sizeof f->err))
        fail_msg("after resuming: %s", f->err);
    char undone[600];
    assert_true(sl_play_undo(&q, undone, sizeof undone, f->err, sizeof f->err));
    assert_int_equal(q.game.ncommands, 3);
    sl_play_free(&q);
    sl_world_free(moved);
    free(moved);
}

/* The action bar offers every action, greyed with the reason when it is
 * not allowed now. */
static void test_actions_and_reasons(void **state)
{
    fixture *f = *state;
    sl_play_action a[SL_PLAY_MAX_ACTIONS];
    ok(f, "decide first nac");
    int n = sl_play_actions(&f->p, U(f, "esu-1"), false, a, SL_PLAY_MAX_ACTIONS);
    const sl_play_action *act = find(a, n, SL_CMD_ACTIVATE);
    assert_false(act->enabled);
    assert_non_null(strstr(act->why, "New Anglian Confederation's turn"));
    n = sl_play_actions(&f->p, U(f, "nac-1"), false, a, SL_PLAY_MAX_ACTIONS);
    assert_true(find(a, n, SL_CMD_ACTIVATE)->enabled);
    assert_false(find(a, n, SL_CMD_FIRE)->enabled);
    assert_non_null(strstr(find(a, n, SL_CMD_FIRE)->why, "activate"));
    ok(f, "activate nac-1");
    n = sl_play_actions(&f->p, U(f, "nac-1"), false, a, SL_PLAY_MAX_ACTIONS);
    assert_true(find(a, n, SL_CMD_FIRE)->enabled);
    assert_true(find(a, n, SL_CMD_MOVE)->enabled);
    assert_true(find(a, n, SL_CMD_IN_POSITION)->enabled);
    assert_false(find(a, n, SL_CMD_REMOVE_SUPPRESSION)->enabled);
    assert_non_null(strstr(find(a, n, SL_CMD_REMOVE_SUPPRESSION)->why, "not suppressed"));
    assert_false(find(a, n, SL_CMD_TRANSFER)->enabled); /* a squad commands no one */
    assert_false(find(a, n, SL_CMD_OBSERVE)->enabled);  /* nothing hidden */
    assert_false(find(a, n, SL_CMD_PASS)->enabled);
    char why[240];
    const sl_play_action *fire = find(a, n, SL_CMD_FIRE);
    assert_true(sl_play_can_target(&f->p, fire, U(f, "nac-1"), U(f, "esu-1"), false, why, sizeof why));
    assert_false(sl_play_can_target(&f->p, fire, U(f, "nac-1"), U(f, "esu-3"), false, why, sizeof why));
    assert_non_null(strstr(why, "cannot see"));
    /* suppressed: fire and move are greyed with the book's reason */
    f->p.game.us[U(f, "nac-1")].suppression = 1;
    n = sl_play_actions(&f->p, U(f, "nac-1"), false, a, SL_PLAY_MAX_ACTIONS);
    assert_false(find(a, n, SL_CMD_FIRE)->enabled);
    assert_non_null(strstr(find(a, n, SL_CMD_FIRE)->why, "suppressed"));
    assert_false(find(a, n, SL_CMD_MOVE)->enabled);
    assert_true(find(a, n, SL_CMD_REMOVE_SUPPRESSION)->enabled);
    /* the commands the bar sends, as the journal writes them: points at
     * full resolution, to the mil */
    char line[300];
    sl_pt pts[2] = {sl_pt_make(18000, 14000), sl_pt_make(20501, 15250)};
    assert_string_equal(sent(&f->p, find(a, n, SL_CMD_MOVE), 0, U(f, "nac-1"), -1, pts, 2, false, line, sizeof line),
                        "move nac-1 18,14 20.501,15.25");
    assert_string_equal(sent(&f->p, find(a, n, SL_CMD_FIRE), SL_FIRE_SUPPORT, U(f, "nac-1"), U(f, "esu-1"), NULL, 0,
                             false, line, sizeof line),
                        "fire nac-1 at esu-1 support");
    assert_string_equal(sent(&f->p, find(a, n, SL_CMD_DONE), 0, -1, -1, NULL, 0, false, line, sizeof line),
                        "done nac");
}

/* A game of the file, seed 1, with no autosave. */
static void play_file(const char *path, sl_world *w, sl_play *p)
{
    char err[600];
    sl_load_opts lo = {false};
    sl_world_init(w);
    assert_true(sl_world_load(path, &lo, w, NULL));
    sl_play_init(p);
    assert_true(sl_play_start(p, w, path, 1, err, sizeof err));
    p->autosave[0] = '\0';
}

/* Fireteams in the action bar: orders to the teams, a key for each team
 * waiting for its action, and the squad leader alone or along. */
static void test_fireteam_actions(void **state)
{
    (void)state;
    sl_world w;
    sl_play p;
    char err[600], line[300];
    play_file(SL_SOURCE_DIR "/maps/fireteams.json", &w, &p);
    assert_true(sl_option_set_bool(&p.game.live.options, sl_option_find("opportunity_fire"), false, err, sizeof err));
    sl_game_begin(&p.game);
    assert_true(sl_play_do_line(&p, "decide first nac", err, sizeof err));
    int sq = sl_scenario_find_unit(&p.game.live, "nac-1"), t1 = sl_scenario_find_unit(&p.game.live, "nac-1.1");
    int enemy = sl_scenario_find_unit(&p.game.live, "ph-1.1");
    sl_play_action a[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions(&p, sq, false, a, SL_PLAY_MAX_ACTIONS);
    const sl_play_action *teams = find(a, n, sl_cmd_find("teams"));
    assert_false(teams->enabled);
    assert_string_equal(teams->key, "T");
    assert_true(sl_play_do_line(&p, "activate nac-1", err, sizeof err));
    n = sl_play_actions(&p, sq, false, a, SL_PLAY_MAX_ACTIONS);
    assert_true(find(a, n, sl_cmd_find("teams"))->enabled);
    assert_string_equal(sent(&p, find(a, n, sl_cmd_find("teams")), 1, sq, -1, NULL, 0, false, line, sizeof line),
                        "teams nac-1 both");
    /* the leader alone: his own move */
    sl_pt to = sl_pt_make(22000, 20000);
    assert_string_equal(sent(&p, find(a, n, SL_CMD_MOVE), 0, sq, -1, &to, 1, true, line, sizeof line),
                        "move nac-1.L 22,20");
    assert_true(sl_play_do_line(&p, "teams nac-1", err, sizeof err));
    n = sl_play_actions(&p, sq, false, a, SL_PLAY_MAX_ACTIONS);
    bool seen = false;
    for (int i = 0; i < n; i++)
        if (a[i].kind == SL_CMD_ACTIVATE && a[i].variant == t1 + 1) {
            seen = true;
            assert_true(a[i].enabled);
            assert_string_equal(a[i].key, "1");
            assert_string_equal(a[i].label, "Activate T1");
        }
    assert_true(seen);
    assert_string_equal(sent(&p, find(a, n, SL_CMD_ACTIVATE), t1 + 1, sq, -1, NULL, 0, false, line, sizeof line),
                        "activate nac-1.1");
    assert_true(sl_play_do_line(&p, line, err, sizeof err));
    /* the team's fire with the squad leader along */
    n = sl_play_actions(&p, t1, false, a, SL_PLAY_MAX_ACTIONS);
    const sl_play_action *toggle = NULL;
    for (int i = 0; i < n; i++)
        if (a[i].toggle)
            toggle = &a[i];
    assert_non_null(toggle);
    assert_string_equal(toggle->label, "With leader: off");
    assert_string_equal(toggle->key, "J");
    n = sl_play_actions(&p, t1, true, a, SL_PLAY_MAX_ACTIONS);
    assert_string_equal(sent(&p, find(a, n, SL_CMD_FIRE), SL_FIRE_ALL, t1, enemy, NULL, 0, true, line, sizeof line),
                        "fire nac-1.1 at ph-1.1 with-leader");
    /* more orders while a team still has its action: greyed */
    n = sl_play_actions(&p, sq, false, a, SL_PLAY_MAX_ACTIONS);
    assert_false(find(a, n, sl_cmd_find("teams"))->enabled);
    sl_play_free(&p);
    sl_world_free(&w);
}

/* A table with no forces has nothing to play. */
/* One autosave a scenario: the same file however it is named, another
 * file for another scenario, so the window never offers (or overwrites)
 * another scenario's game. */
static void test_autosave_per_scenario(void **state)
{
    fixture *f = *state;
    char a[SL_PATH_MAX], b[SL_PATH_MAX], c[SL_PATH_MAX];
    assert_true(sl_play_autosave_path("maps/default.json", a, sizeof a));
    assert_true(sl_play_autosave_path("./maps/../maps/default.json", b, sizeof b));
    assert_true(sl_play_autosave_path("maps/outpost.json", c, sizeof c));
    assert_string_equal(a, b);
    assert_string_not_equal(a, c);
    assert_non_null(strstr(a, "/autosave-default-"));
    assert_non_null(strstr(c, "/autosave-outpost-"));
    assert_int_equal(strncmp(a, f->dir, strlen(f->dir)), 0);
}

static void test_bare_table(void **state)
{
    (void)state;
    sl_world w;
    sl_load_opts lo = {false};
    assert_true(sl_world_load_any(SL_SOURCE_DIR "/maps/farmland.tmj", &lo, &w, NULL));
    sl_play p;
    sl_play_init(&p);
    char err[200];
    assert_true(sl_play_start(&p, &w, "farmland.tmj", 1, err, sizeof err));
    assert_false(p.on);
    assert_false(sl_play_do_line(&p, "pass nac", err, sizeof err));
    assert_int_equal(sl_play_actions(&p, -1, false, NULL, 0), 0);
    sl_play_free(&p);
    sl_world_free(&w);
}

/* SkirmishCorps (issue 41 point 10): the acting unit's Overwatch says
 * why not in a player's words (a unit is assigned to act or to overwatch,
 * never both, so it is chosen instead of A, next turn); a charge no
 * target allows names the enemy a player would go for (the Runner in the
 * open, in sight), not the Trooper hidden in the spinney. */
static void test_skirmish_bar_reasons(void **state)
{
    (void)state;
    sl_world w;
    static sl_play p;
    char err[600];
    play_file(SL_SOURCE_DIR "/maps/lessons/tables/skirmish-example.json", &w, &p);
    static const int die[] = {1}; /* odd: Blue chooses */
    assert_true(sl_game_script_dice(&p.game, die, 1));
    sl_game_begin(&p.game);
    assert_true(sl_play_do_line(&p, "decide first blue", err, sizeof err));
    int a = sl_scenario_find_unit(&p.game.live, "unit-a");
    sl_play_action acts[SL_PLAY_MAX_ACTIONS];
    int n = sl_play_actions(&p, a, false, acts, SL_PLAY_MAX_ACTIONS);
    const sl_play_action *ow = find(acts, n, sl_cmd_find("overwatch"));
    assert_true(ow->enabled); /* offered before A */
    assert_string_equal(ow->key, "Shift+O");
    assert_true(sl_play_do_line(&p, "activate unit-a", err, sizeof err));
    n = sl_play_actions(&p, a, false, acts, SL_PLAY_MAX_ACTIONS);
    ow = find(acts, n, sl_cmd_find("overwatch"));
    assert_false(ow->enabled);
    assert_string_equal(ow->why, "Unit A is already assigned to act this turn. A unit is assigned to act or to overwatch, "
                                 "not both: next turn, choose Overwatch (Shift+O) instead of Assign to act (A)");
    const sl_play_action *ch = find(acts, n, sl_cmd_find("charge"));
    assert_false(ch->enabled);
    assert_non_null(strstr(ch->why, "the nearest in sight: the charge does not reach Runner"));
    assert_null(strstr(ch->why, "Trooper"));
    sl_play_free(&p);
    sl_world_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_autosave_follows_every_command, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_undo_from_snapshots, setup, teardown),
        cmocka_unit_test(test_resume_note_players_words),
        cmocka_unit_test_setup_teardown(test_autosave_cut_short, setup, teardown),
        cmocka_unit_test_setup_teardown(test_autosave_failed_append, setup, teardown),
        cmocka_unit_test_setup_teardown(test_autosave_cut_in_last_command, setup, teardown),
        cmocka_unit_test_setup_teardown(test_resume, setup, teardown),
        cmocka_unit_test_setup_teardown(test_actions_and_reasons, setup, teardown),
        cmocka_unit_test_setup_teardown(test_autosave_per_scenario, setup, teardown),
        cmocka_unit_test(test_skirmish_bar_reasons),
        cmocka_unit_test(test_bare_table),
        cmocka_unit_test(test_fireteam_actions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
