/* Unit integrity: every figure inside one circle of the given diameter,
 * or all of them joined in one chain of figures each within the chain
 * distance of another (base centres, as the rulebook measures). */
#include "sightline/los.h"

#include <string.h>

static int find(int *parent, int i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

void sl_integrity_check(const sl_pt *pos, const int32_t *radius, int n, const sl_integrity_params *p,
                        int *group_of, bool *stray, sl_integrity *out)
{
    memset(out, 0, sizeof *out);
    out->main_group = 0;
    if (n <= 0) {
        out->intact = out->by_circle = out->by_chain = true;
        return;
    }
    out->circle = sl_min_enclosing_circle(pos, n);
    int32_t r = p->circle / 2;
    if (p->whole_bases) {
        /* whole bases inside: the centres within the radius less the
         * largest base radius */
        int32_t big = 0;
        for (int i = 0; i < n; i++)
            if (radius && radius[i] > big)
                big = radius[i];
        r -= big;
    }
    out->by_circle = r >= 0 && sl_points_fit_circle(pos, n, r);

    /* chain groups by union-find, reusing group_of as the parent array */
    for (int i = 0; i < n; i++)
        group_of[i] = i;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (sl_within(pos[i], pos[j], p->chain)) {
                int a = find(group_of, i), b = find(group_of, j);
                if (a != b)
                    group_of[a > b ? a : b] = a < b ? a : b;
            }
    /* every figure points at its group's root (the group's first figure);
     * then number the roots in order */
    for (int i = 0; i < n; i++)
        group_of[i] = find(group_of, i);
    int groups = 0;
    for (int i = 0; i < n; i++)
        groups += group_of[i] == i;
    for (int i = n - 1; i >= 0; i--) {
        int root = group_of[i], label = 0;
        for (int k = 0; k < root; k++)
            label += group_of[k] == k;
        group_of[i] = label;
        /* Going downwards is safe: a root is its group's smallest index,
         * so the roots counted (below i's root) are not yet rewritten. */
    }
    out->groups = groups;
    out->by_chain = groups == 1;
    out->intact = out->by_circle || out->by_chain;

    /* the largest group (ties: the one with the first figure) */
    int best = 0, best_size = -1;
    for (int gi = 0; gi < groups; gi++) {
        int size = 0;
        for (int i = 0; i < n; i++)
            size += group_of[i] == gi;
        if (size > best_size) {
            best_size = size;
            best = gi;
        }
    }
    out->main_group = best;
    out->nstray = 0;
    for (int i = 0; i < n; i++) {
        bool s = !out->intact && group_of[i] != best;
        if (stray)
            stray[i] = s;
        out->nstray += s;
    }
}
