/* libFuzzer target: the save loader (and the replay it makes) must never
 * crash or leak, and must say why it refuses: a save is a file users
 * keep and edit, and a broken one must be an error, never a lost game.
 * The input is written to a file, as the loader reads saves by path. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sightline/io.h"
#include "sightline/save.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/sightline-fuzz-save-%d.save", (int)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    if (fclose(f) != 0)
        abort();
    sl_world w;
    sl_game g;
    sl_origin o;
    sl_diag d;
    sl_diag_init(&d);
    bool ok = sl_save_load(path, -1, &w, &g, &o, &d);
    if (ok) {
        sl_game_free(&g);
        sl_world_free(&w);
        sl_origin_free(&o);
    } else if (d.nerrors == 0) {
        abort();
    }
    sl_diag_free(&d);
    return 0;
}
