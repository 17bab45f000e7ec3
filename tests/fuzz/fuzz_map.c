/* libFuzzer target: the Tiled map loader must never crash or leak, and
 * must either load a table or report at least one error. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sightline/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sl_diag d;
    sl_diag_init(&d);
    sl_map m;
    sl_load_opts opts = {false};
    bool ok = sl_map_load_text((const char *)data, size, "fuzz.tmj", "tests/data", &opts, &m, &d);
    if (ok)
        sl_map_free(&m);
    else if (d.nerrors == 0)
        abort(); /* a refusal must say why */
    sl_diag_free(&d);
    return 0;
}
