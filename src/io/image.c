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

/* A short write sets the stream's error flag, which the commit sees;
 * its reason is kept. */
static void png_bytes(void *ctx, void *data, int size)
{
    sl_out *o = ctx;
    if (size > 0 && fwrite(data, 1, (size_t)size, o->f) != (size_t)size)
        sl_out_check(o);
}

bool sl_image_write_png(const char *path, int w, int h, const unsigned char *rgba, int stride, char *err,
                        size_t errlen)
{
    sl_out out;
    if (!sl_out_open(&out, path, err, errlen))
        return false;
    if (!stbi_write_png_to_func(png_bytes, &out, w, h, 4, rgba, stride)) {
        sl_out_abort(&out);
        snprintf(err, errlen, "cannot write %s: the image could not be encoded", path);
        return false;
    }
    return sl_out_commit(&out, err, errlen);
}
