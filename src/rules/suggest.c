/* "Did you mean" hints: the nearest word by edit distance. */
#include <string.h>

#include "sightline/model.h"

/* Edit distance where swapping two neighbouring letters is one edit
 * ("bleu" is one step from "blue"); capped at 64 characters. */
static int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return 99;
    int d[65][65];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[la][lb];
}

const char *sl_suggest(const char *word, const char *const *candidates, int count)
{
    const char *best = NULL;
    int best_d = 3;
    size_t wl = strlen(word);
    for (int i = 0; i < count; i++) {
        int d = edit_distance(word, candidates[i]);
        int limit = wl <= 4 ? 1 : 2;
        if (d <= limit && d < best_d) {
            best = candidates[i];
            best_d = d;
        }
    }
    return best;
}
