/* Images through stb_image / stb_image_write (Debian's libstb holds the
 * implementations, so no IMPLEMENTATION macro is defined here). */
#include "sightline/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>
#include <stb_image_write.h>

bool sl_image_load(const char *path, sl_image *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    int w = 0, h = 0, n = 0;
    unsigned char *px = stbi_load(path, &w, &h, &n, 4);
    if (!px) {
        const char *why = stbi_failure_reason();
        snprintf(err, errlen, "%s", why ? why : "cannot decode image");
        return false;
    }
    out->w = w;
    out->h = h;
    out->rgba = px;
    return true;
}

void sl_image_free(sl_image *img)
{
    if (img->rgba)
        stbi_image_free(img->rgba);
    memset(img, 0, sizeof *img);
}

bool sl_image_write_png(const char *path, int w, int h, const unsigned char *rgba, int stride)
{
    return stbi_write_png(path, w, h, 4, rgba, stride) != 0;
}
