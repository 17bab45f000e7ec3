/* libFuzzer target: the scenario loader (with the map it names, read from
 * tests/data) must never crash or leak, and must say why it refuses. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sightline/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sl_diag d;
    sl_diag_init(&d);
    sl_world w;
    sl_load_opts opts = {false};
    bool ok = sl_world_load_text((const char *)data, size, "fuzz.json", "tests/data", &opts, &w, &d);
    if (ok)
        sl_world_free(&w);
    else if (d.nerrors == 0)
        abort();
    sl_diag_free(&d);
    return 0;
}
