/* libFuzzer target: command lines, as a script or a typed command gives
 * them, against a game well under way (the outpost table, opportunity
 * fire on, after the battle's opening). Whatever the lines say, nothing
 * may crash or leak; a refused line changes nothing; an accepted one is
 * journalled as a line that reads back as itself; and the journal
 * replays from the accepted lines byte for byte. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sightline/game.h"
#include "sightline/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static sl_world world;
static sl_game base;
static bool ready;

/* The scenario, from the source tree or from build/fuzz. */
static bool setup(void)
{
    static const char *const paths[] = {"maps/outpost.json", "../../maps/outpost.json"};
    sl_load_opts lo = {false};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        sl_diag d;
        sl_diag_init(&d);
        bool ok = sl_world_load(paths[i], &lo, &world, &d);
        sl_diag_free(&d);
        if (ok)
            break;
        if (i + 1 == sizeof paths / sizeof paths[0])
            return false;
    }
    char err[400];
    if (!sl_game_init(&base, &world.scn, 7, err, sizeof err))
        return false;
    sl_game_begin(&base);
    /* a few turns in: activations, moves, fire, answers */
    static const char *const opening[] = {"decide first nac", "activate nac-2", "move nac-2 19,12",
                                          "decide pass",      "end",            "activate esu-1",
                                          "decide pass",      "end"};
    for (size_t i = 0; i < sizeof opening / sizeof opening[0]; i++)
        sl_game_apply_line(&base, opening[i], err, sizeof err);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ready) {
        if (!setup())
            abort();
        ready = true;
    }
    if (size > 4096)
        return 0;
    sl_game g;
    char err[600];
    if (!sl_game_clone(&g, &base, err, sizeof err))
        abort();
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *lines[64];
    int nlines = 0;
    int first = base.journal.n;
    for (char *q = text; *q && nlines < 64;) {
        char *nl = strchr(q, '\n');
        if (nl)
            *nl = '\0';
        int n = g.journal.n, nc = g.ncommands;
        if (sl_game_apply_line(&g, q, err, sizeof err)) {
            if (g.ncommands > nc) {
                /* journalled as a line that reads back as the same command */
                const char *as = NULL;
                for (int i = n; i < g.journal.n && !as; i++)
                    if (g.journal.ev[i].kind == SL_EV_COMMAND)
                        as = g.journal.ev[i].text;
                sl_command c;
                if (!as || !sl_command_parse(&g.live, as, &c, err, sizeof err))
                    abort();
                lines[nlines++] = strdup(as);
            }
        } else if (g.journal.n != n || g.ncommands != nc) {
            abort(); /* a refused line changed the journal */
        }
        if (!nl)
            break;
        q = nl + 1;
    }
    /* the journal replays from the lines */
    sl_game h;
    if (!sl_game_clone(&h, &base, err, sizeof err))
        abort();
    for (int i = 0; i < nlines; i++)
        if (!sl_game_apply_line(&h, lines[i], err, sizeof err))
            abort();
    if (h.journal.n != g.journal.n)
        abort();
    for (int i = first; i < g.journal.n; i++)
        if (strcmp(h.journal.ev[i].json, g.journal.ev[i].json) != 0)
            abort();
    for (int i = 0; i < nlines; i++)
        free(lines[i]);
    free(text);
    sl_game_free(&h);
    sl_game_free(&g);
    return 0;
}
