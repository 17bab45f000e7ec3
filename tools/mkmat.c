/* sightline-mkmat: draws a gaming-mat texture (grass or dusty ground) for
 * a table, from Perlin noise with a fixed seed, so the mats in maps/ can
 * be made again exactly.
 *
 *   sightline-mkmat grass 1440 960 maps/farmland-mat.jpg [seed]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_write.h>
#include <stb_perlin.h>

static float fbm(float x, float y, float z, int seed)
{
    float sum = 0.0f, amp = 1.0f, freq = 1.0f, norm = 0.0f;
    for (int o = 0; o < 5; o++) {
        sum += amp * stb_perlin_noise3_seed(x * freq, y * freq, z, 0, 0, 0, seed + o);
        norm += amp;
        amp *= 0.5f;
        freq *= 2.0f;
    }
    return sum / norm;
}

static unsigned char clamp8(float v)
{
    return (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: sightline-mkmat grass|dust WIDTH HEIGHT OUT.jpg [SEED]\n");
        return 2;
    }
    const char *style = argv[1];
    int w = atoi(argv[2]), h = atoi(argv[3]);
    int seed = argc > 5 ? atoi(argv[5]) : 7;
    if (w < 16 || h < 16 || w > 8192 || h > 8192 || (strcmp(style, "grass") && strcmp(style, "dust"))) {
        fprintf(stderr, "sightline-mkmat: style grass or dust, size 16..8192\n");
        return 2;
    }
    int grass = strcmp(style, "grass") == 0;
    unsigned char *px = malloc((size_t)w * (size_t)h * 3);
    if (!px)
        return 1;
    /* a cheap repeatable speckle hash */
    unsigned state = (unsigned)seed * 2654435761u + 1u;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float u = x / 160.0f, v = y / 160.0f;
            float broad = fbm(u * 0.6f, v * 0.6f, 0.3f, seed);
            float fine = fbm(u * 5.0f, v * 5.0f, 1.7f, seed + 11);
            state = state * 1664525u + 1013904223u;
            float speck = ((state >> 9) & 0xFF) / 255.0f - 0.5f;
            float r, g, b;
            if (grass) {
                r = 92 + 30 * broad + 10 * fine + 10 * speck;
                g = 124 + 34 * broad + 14 * fine + 12 * speck;
                b = 70 + 18 * broad + 6 * fine + 8 * speck;
                float dry = fbm(u * 1.3f, v * 1.3f, 4.2f, seed + 23);
                if (dry > 0.18f) { /* patches of dry grass */
                    float k = fminf((dry - 0.18f) * 4.0f, 1.0f);
                    r += 38 * k;
                    g += 18 * k;
                    b += 8 * k;
                }
            } else {
                r = 142 + 26 * broad + 14 * fine + 14 * speck;
                g = 132 + 24 * broad + 12 * fine + 12 * speck;
                b = 112 + 18 * broad + 10 * fine + 10 * speck;
            }
            unsigned char *p = px + 3 * ((size_t)y * (size_t)w + (size_t)x);
            p[0] = clamp8(r);
            p[1] = clamp8(g);
            p[2] = clamp8(b);
        }
    }
    int ok = stbi_write_jpg(argv[4], w, h, 3, px, 88);
    free(px);
    if (!ok) {
        fprintf(stderr, "sightline-mkmat: cannot write %s\n", argv[4]);
        return 1;
    }
    return 0;
}
