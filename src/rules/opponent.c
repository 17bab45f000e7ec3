/* The solo opponent: the program plays a whole side (issue 21). Every
 * choice is made from what its side knows and can see, with the same
 * queries the window shows a player (fire odds, cover, the exposure of a
 * planned way, the objectives), and never a die of its own; each command
 * carries its reason into the journal. The policy in words is in
 * src/rules/RULES.md, "The solo opponent".
 *
 * Also here: the baseline the tournament measures it against, a player
 * who picks any legal action at random (from its own generator, seeded,
 * never the game's dice). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define MAX_CAND 40
#define SL_MAX_UNITS_PLAN 256
/* A place's points against the other worths (cover 0.3, a shot's
 * expected effect up to 2, a threat up to 0.5): a place held at the end
 * outweighs a good shot now. */
#define PLACE_WEIGHT 3.0
#define PI 3.14159265358979323846
/* A unit keeps the place its plan set it on across turns unless another
 * is worth this much more to it (half as much again); the plan's words
 * for that, after the places (read_plan reads no further). */
#define COMMIT_MARGIN 1.5
#define KEEP_WORDS ". Places kept till taken, lost or another is worth half as much again"
/* How pressing it is to bring on a unit still off the table: more than
 * a pass is worth (0.25), less than a good shot now. */
#define COME_ON_URGE 0.5
/* On the last turn, what a move must gain to go before a good shot. */
#define LAST_TURN_STEP 0.2
/* a step toward a place that gains this much names it in a reason */
#define STEP_NAMED 0.05

/* What a stance weighs: the least chance to suppress it fires at, how
 * much it fears fire where it stands and on the way, and how much it
 * wants the objectives. */
typedef struct stance_w {
    const char *name;
    double fire_min;
    double risk;
    double advance;
    double cover;
    double assault; /* the least chance to carry a close assault it goes in at */
} stance_w;

static const stance_w STANCES[SL_STANCE_COUNT] = {
    {"cautious", 0.30, 1.6, 0.6, 0.45, 0.55},
    {"balanced", 0.22, 1.0, 1.0, 0.30, 0.45},
    {"aggressive", 0.12, 0.5, 1.5, 0.15, 0.35},
};

const char *sl_stance_name(sl_stance s)
{
    return s >= 0 && s < SL_STANCE_COUNT ? STANCES[s].name : "?";
}

bool sl_stance_parse(const char *s, sl_stance *out)
{
    for (int i = 0; i < SL_STANCE_COUNT; i++)
        if (strcmp(s, STANCES[i].name) == 0) {
            *out = (sl_stance)i;
            return true;
        }
    return false;
}

/* --- the going field: how far, in inches of move allowance, from every
 * inch of the table to a place, round what cannot be crossed --------------------------- */

#define FIELD_CELL 1000 /* mils: one inch */
#define FIELD_FAR 1e9f

typedef struct field {
    int w, h;
    float *dist; /* allowance inches from the cell's centre to the place */
} field;

/* The going of every cell (0 impassable, else inches of allowance per
 * inch), one more near anything impassable, where a unit's outer men
 * would touch it. */
static float *going_grid(const sl_game *g, int w, int h)
{
    float *c = malloc(sizeof *c * (size_t)w * (size_t)h);
    if (!c)
        return NULL;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            sl_pt at = sl_pt_make(x * FIELD_CELL + FIELD_CELL / 2, y * FIELD_CELL + FIELD_CELL / 2);
            c[y * w + x] = (float)sl_going_at(&g->sight.ix, at, NULL);
        }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (c[y * w + x] == 0)
                continue;
            bool near = false;
            for (int dy = -1; dy <= 1 && !near; dy++)
                for (int dx = -1; dx <= 1 && !near; dx++) {
                    int nx = x + dx, ny = y + dy;
                    near = nx >= 0 && ny >= 0 && nx < w && ny < h && c[ny * w + nx] == 0;
                }
            if (near)
                c[y * w + x] += 1.0f;
        }
    return c;
}

/* Dijkstra from every cell inside the place (a binary heap of cells). */
static bool field_build(const sl_game *g, const float *going, int w, int h, sl_pt at, double radius, field *f)
{
    size_t n = (size_t)w * (size_t)h;
    f->w = w;
    f->h = h;
    f->dist = malloc(sizeof *f->dist * n);
    int *heap = malloc(sizeof *heap * n * 8 + sizeof *heap);
    if (!f->dist || !heap) {
        free(heap);
        free(f->dist);
        f->dist = NULL;
        return false;
    }
    (void)g;
    int nh = 0;
#define HLESS(a, b) (f->dist[heap[a]] < f->dist[heap[b]])
#define HSWAP(a, b)                                                                                                    \
    do {                                                                                                               \
        int t_ = heap[a];                                                                                              \
        heap[a] = heap[b];                                                                                             \
        heap[b] = t_;                                                                                                  \
    } while (0)
    for (size_t k = 0; k < n; k++) {
        f->dist[k] = FIELD_FAR;
        int x = (int)(k % (size_t)w), y = (int)(k / (size_t)w);
        double dx = (x + 0.5) * FIELD_CELL - at.x, dy = (y + 0.5) * FIELD_CELL - at.y;
        if (going[k] > 0 && dx * dx + dy * dy <= radius * radius) {
            f->dist[k] = 0;
            heap[nh++] = (int)k; /* all zero: already a heap */
        }
    }
    static const int DX[8] = {1, -1, 0, 0, 1, 1, -1, -1}, DY[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    while (nh > 0) {
        int k = heap[0];
        heap[0] = heap[--nh];
        for (int i = 0;;) {
            int l = 2 * i + 1, r = l + 1, m = i;
            if (l < nh && HLESS(l, m))
                m = l;
            if (r < nh && HLESS(r, m))
                m = r;
            if (m == i)
                break;
            HSWAP(i, m);
            i = m;
        }
        int x = k % w, y = k / w;
        for (int d = 0; d < 8; d++) {
            int nx = x + DX[d], ny = y + DY[d];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                continue;
            int j = ny * w + nx;
            if (going[j] == 0)
                continue;
            float step = (d < 4 ? 1.0f : 1.41421356f) * 0.5f * (going[k] + going[j]);
            if (f->dist[k] + step >= f->dist[j] || (size_t)nh >= n * 8)
                continue;
            f->dist[j] = f->dist[k] + step;
            heap[nh] = j;
            for (int i = nh++; i > 0 && HLESS(i, (i - 1) / 2); i = (i - 1) / 2)
                HSWAP(i, (i - 1) / 2);
        }
    }
#undef HLESS
#undef HSWAP
    free(heap);
    return true;
}

static int field_cell(const field *f, sl_pt p)
{
    int x = p.x / FIELD_CELL, y = p.y / FIELD_CELL;
    if (x < 0)
        x = 0;
    if (y < 0)
        y = 0;
    if (x >= f->w)
        x = f->w - 1;
    if (y >= f->h)
        y = f->h - 1;
    return y * f->w + x;
}

/* Allowance inches from p to the place; a negative number when the field
 * knows no way. */
static double field_dist(const field *f, sl_pt p)
{
    if (!f->dist)
        return -1;
    float d = f->dist[field_cell(f, p)];
    return d >= FIELD_FAR ? -1 : d;
}

/* The way downhill from `from` spending at most `allow` inches of
 * allowance: waypoints for a move command (at most max), the last the
 * furthest point; 0 when it cannot go anywhere. */
static int field_way(const field *f, const float *going, sl_pt from, double allow, sl_pt *out, int max)
{
    if (!f->dist)
        return 0;
    static const int DX[8] = {1, -1, 0, 0, 1, 1, -1, -1}, DY[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    int k = field_cell(f, from), lastd = -1, n = 0;
    double spent = 0;
    sl_pt prev = from;
    for (int steps = 0; steps < 400; steps++) {
        if (f->dist[k] <= 0)
            break;
        int x = k % f->w, y = k / f->w, best = -1, bd = -1;
        for (int d = 0; d < 8; d++) {
            int nx = x + DX[d], ny = y + DY[d];
            if (nx < 0 || ny < 0 || nx >= f->w || ny >= f->h)
                continue;
            int j = ny * f->w + nx;
            if (going[j] > 0 && f->dist[j] < f->dist[k] && (best < 0 || f->dist[j] < f->dist[best])) {
                best = j;
                bd = d;
            }
        }
        if (best < 0)
            break;
        double step = (bd < 4 ? 1.0 : 1.41421356) * 0.5 * (going[k] + going[best]);
        if (spent + step > allow)
            break;
        spent += step;
        sl_pt c = sl_pt_make((best % f->w) * FIELD_CELL + FIELD_CELL / 2, (best / f->w) * FIELD_CELL + FIELD_CELL / 2);
        /* a waypoint where the way turns */
        if (bd != lastd && lastd >= 0 && n < max - 1)
            out[n++] = prev;
        lastd = bd;
        prev = c;
        k = best;
    }
    if (n == 0 && prev.x == from.x && prev.y == from.y)
        return 0;
    out[n++] = prev;
    return n;
}

struct rl_policy {
    const sl_game *g;
    int side;
    const stance_w *w;
    bool plain;             /* the greedy baseline's: every shot's result counts in full */
    double risk, advance;   /* the stance's, changed by how the game stands */
    bool behind;            /* not ahead on the objectives now */
    int mine, other;        /* its points on the places now, and the best other side's */
    int enemies[128];       /* enemy units its side knows in full and that can still fight (not routed) */
    int nenemies;
    sl_pt sought[128];      /* where to look for the enemy when it knows of none (sought_init) */
    int nsought;
    float *going;           /* the table's going by the inch (NULL: straight lines only) */
    field fields[SL_MAX_OBJECTIVES]; /* the way to each place */
    /* the place each of its units is set on this turn (its plan, kept
     * across turns: plan_aims), a place's index, else -1 (none: it goes
     * for the enemy); and the units that turned from a place, in words */
    int aim[SL_MAX_UNITS_PLAN];
    char turned[400];
    /* while the plan sets units on places (plan_aims), strongest first:
     * how many are set on each place so far */
    bool claiming;
    int claimed[SL_MAX_OBJECTIVES];
};
typedef struct rl_policy pol;

static double dist_in(sl_pt a, sl_pt b)
{
    double dx = (double)a.x - b.x, dy = (double)a.y - b.y;
    return sqrt(dx * dx + dy * dy) / SL_MILS_PER_INCH;
}

static void plan_aims(pol *p);

/* Is one of the side's men within 2" of `at`? Had the enemy been there,
 * he would have been seen. */
static bool side_near(const sl_game *g, int side, sl_pt at)
{
    for (int f = 0; f < g->live.nfigures; f++) {
        const sl_figure *fg = &g->live.figures[f];
        if (fg->status != SL_FIG_DEAD && g->live.units[fg->unit].side == side && sl_dist(fg->pos, at) <= 2000)
            return true;
    }
    return false;
}

/* Where to look for the enemy when it knows of none (lose_contact): the
 * places its side last saw enemy units it has lost, those none of its men
 * has reached yet; else the scoring places; else the table's middle. */
static void sought_init(pol *p)
{
    const sl_game *g = p->g;
    p->nsought = 0;
    for (int u = 0; u < g->live.nunits && p->nsought < 128; u++) {
        sl_pt at;
        int turn;
        if (g->live.units[u].side != p->side && sl_unit_whole(&g->live, u) < 0 &&
            sl_game_last_seen(g, p->side, u, &at, &turn) && !side_near(g, p->side, at))
            p->sought[p->nsought++] = at;
    }
    if (p->nsought == 0)
        for (int i = 0; i < g->live.nobjectives; i++)
            p->sought[p->nsought++] = g->live.objectives[i].at;
    if (p->nsought == 0)
        p->sought[p->nsought++] = sl_pt_make(g->live.table.width / 2, g->live.table.height / 2);
}

static void pol_init(pol *p, const sl_game *g, int side, sl_stance st)
{
    p->g = g;
    p->side = side;
    p->plain = false;
    p->claiming = false;
    p->w = &STANCES[st >= 0 && st < SL_STANCE_COUNT ? st : SL_STANCE_BALANCED];
    /* not ahead on the objectives: as the last turn nears it takes more
     * risk to get ahead */
    int pts[SL_MAX_SIDES];
    sl_game_score(g, pts);
    int best_other = 0;
    for (int s = 0; s < g->live.nsides; s++)
        if (s != side && pts[s] > best_other)
            best_other = pts[s];
    p->behind = g->live.nobjectives > 0 && pts[side] <= best_other;
    p->mine = pts[side];
    p->other = best_other;
    double late = g->live.turn_limit > 0 ? (double)g->turn / g->live.turn_limit : 0;
    p->risk = p->w->risk * (p->behind ? fmax(0.3, 1 - late) : 1);
    p->advance = p->w->advance * (p->behind ? 1 + 2 * late : 1);
    p->nenemies = 0;
    for (int u = 0; u < g->live.nunits && p->nenemies < 128; u++) {
        const sl_unit *un = &g->live.units[u];
        /* a squad of fireteams is fired at, and fires, by its teams */
        int whole = sl_unit_whole(&g->live, u) >= 0 ? sl_unit_whole(&g->live, u) : u;
        if (un->side == side || un->kind == SL_UNIT_DUMMY || rl_has_teams(g, u) || rl_living(g, u) == 0 ||
            g->live.units[whole].confidence == SL_CONF_ROUTED || sl_game_off_table(g, whole) ||
            sl_game_knows(g, side, whole) != SL_KNOW_ALL)
            continue;
        if (un->kind == SL_UNIT_VEHICLE && g->us[u].damage >= 2)
            continue;
        p->enemies[p->nenemies++] = u;
    }
    p->nsought = 0;
    if (p->nenemies == 0) /* asked for only then (rl_policy_sought) */
        sought_init(p);
    memset(p->fields, 0, sizeof p->fields);
    int w = (g->live.table.width + FIELD_CELL - 1) / FIELD_CELL, h = (g->live.table.height + FIELD_CELL - 1) / FIELD_CELL;
    p->going = w > 0 && h > 0 && g->live.nobjectives > 0 ? going_grid(g, w, h) : NULL;
    for (int i = 0; p->going && i < g->live.nobjectives; i++) {
        const sl_objective *o = &g->live.objectives[i];
        field_build(g, p->going, w, h, o->at, o->radius * 0.6, &p->fields[i]);
    }
    plan_aims(p);
}

static void pol_free(pol *p)
{
    for (int i = 0; i < SL_MAX_OBJECTIVES; i++)
        free(p->fields[i].dist);
    free(p->going);
}

/* The unit's living men moved by (dx, dy): a placement. */
typedef struct shift {
    int figs[SL_SIGHT_MAX_FIGS];
    sl_pt pos[SL_SIGHT_MAX_FIGS];
    sl_placement pl;
} shift;

static void make_shift(const sl_game *g, int u, sl_pt by, shift *s)
{
    const sl_unit *un = &g->live.units[u];
    int n = 0;
    for (int i = 0; i < un->nfigures && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        s->figs[n] = un->first_figure + i;
        s->pos[n] = sl_pt_make(f->pos.x + by.x, f->pos.y + by.y);
        n++;
    }
    s->pl.figs = s->figs;
    s->pl.pos = s->pos;
    s->pl.n = n;
}

/* What a shot of u's at enemy e can still do, as the share of each
 * result that counts: a suppression marker counts only while e has
 * fewer than three (more are ignored) and is not making a last stand;
 * potential hits count only where u's fire can hurt e: squad fire at a
 * vehicle is small arms, which only suppress armour class 2 or better
 * and against class 1 make one penetration roll (half). The greedy
 * baseline counts every result in full. */
static void shot_counts(const pol *p, int u, int e, double *sup, double *hits)
{
    const sl_game *g = p->g;
    *sup = *hits = 1;
    if (p->plain)
        return;
    if (g->us[e].suppression >= 3 || g->us[e].last_stand)
        *sup = 0;
    if (g->live.units[e].kind == SL_UNIT_VEHICLE && g->live.units[u].kind != SL_UNIT_VEHICLE)
        *hits = g->live.units[e].armour_class >= 2 ? 0 : 0.5;
}

/* The least a shot must be worth for the policy to take it (the effect
 * below). */
#define SHOT_WORTH_MIN 0.05

/* The best fire of `u` (placed by pl, NULL where it stands) at the enemies
 * its side knows: expected effect (a suppression that counts once,
 * potential hits that count once more: shot_counts), the chance to
 * suppress, the target; -1 when none is worth a shot. */
static int best_fire(const pol *p, int u, const sl_placement *pl, double *effect, double *p_sup, int *ntargets)
{
    int best = -1;
    *effect = 0;
    *p_sup = 0;
    if (ntargets)
        *ntargets = 0;
    for (int i = 0; i < p->nenemies; i++) {
        sl_fire_preview pv;
        sl_game_fire_preview_at(p->g, u, p->enemies[i], SL_FIRE_ALL, 0, pl, &pv);
        if (!pv.possible)
            continue;
        double sup, hits;
        shot_counts(p, u, p->enemies[i], &sup, &hits);
        double e = sup * (pv.p_minor + pv.p_major) + hits * pv.p_major;
        if (!p->plain && e < SHOT_WORTH_MIN)
            continue;
        if (ntargets)
            (*ntargets)++;
        if (e > *effect + 1e-9) {
            *effect = e;
            *p_sup = pv.p_minor + pv.p_major;
            best = p->enemies[i];
        }
    }
    return best;
}

/* How much the enemies it knows threaten `u` placed by pl: the chance
 * that at least one of them suppresses it with its fire. */
static double threat(const pol *p, int u, const sl_placement *pl)
{
    double miss = 1;
    for (int i = 0; i < p->nenemies; i++) {
        sl_fire_preview pv;
        sl_game_fire_preview_at(p->g, p->enemies[i], u, SL_FIRE_ALL, 0, pl, &pv);
        if (pv.possible)
            miss *= 1 - (pv.p_minor + pv.p_major);
    }
    return 1 - miss;
}

/* Who else stands in the place now: another unit of its side (not u,
 * nor u's squad; u -1: any), and an enemy unit its side knows of. */
static void in_place(const pol *p, int obj, int u, bool *friend_in, bool *enemy_in)
{
    const sl_game *g = p->g;
    const sl_objective *o = &g->live.objectives[obj];
    double r2 = (double)o->radius * o->radius;
    *friend_in = *enemy_in = false;
    for (int k = 0; k < g->live.nfigures; k++) {
        const sl_figure *f = &g->live.figures[k];
        const sl_unit *un = &g->live.units[f->unit];
        if (f->unit == u || f->status != SL_FIG_OK || sl_unit_whole(&g->live, f->unit) >= 0)
            continue;
        if (u >= 0 && sl_unit_whole(&g->live, u) >= 0 && f->unit == sl_unit_whole(&g->live, u))
            continue;
        double dx = (double)f->pos.x - o->at.x, dy = (double)f->pos.y - o->at.y;
        if (dx * dx + dy * dy > r2)
            continue;
        if (un->side == p->side) {
            *friend_in = true;
        } else {
            /* a known enemy: the unit, or one of its fireteams */
            for (int i = 0; i < p->nenemies; i++)
                *enemy_in = *enemy_in || p->enemies[i] == f->unit || sl_unit_whole(&g->live, p->enemies[i]) == f->unit;
        }
    }
}

/* Does place i score for the side (a place to hold, or one to reach
 * that names it and is not reached yet)? */
static bool place_scores(const pol *p, int i)
{
    const sl_objective *o = &p->g->live.objectives[i];
    return o->reach_side < 0 || (o->reach_side == p->side && !p->g->outcome.reached[i]);
}

/* The place a unit (or the squad or unit it belongs to) is set on, -1. */
static int aim_of(const pol *p, int u)
{
    const sl_unit *un = &p->g->live.units[u];
    int whole = sl_unit_whole(&p->g->live, u) >= 0 ? sl_unit_whole(&p->g->live, u) : un->parent >= 0 ? un->parent : u;
    return whole < SL_MAX_UNITS_PLAN ? p->aim[whole] : -1;
}

/* The place the plan sets u on that still scores, -1 none. */
static int plan_place(const pol *p, int u)
{
    int aim = aim_of(p, u);
    return aim >= 0 && aim < p->g->live.nobjectives && place_scores(p, aim) ? aim : -1;
}

/* Two moves of the unit's, in inches, and the turns left (4 with no
 * last turn): the time the way to a place is measured against. */
static void time_left(const pol *p, int u, double *per_turn, double *turns_left)
{
    int32_t reach;
    sl_die die;
    mv_mobility(p->g, u, &reach, &die);
    int lim = p->g->live.turn_limit;
    *per_turn = 2.0 * reach / SL_MILS_PER_INCH;
    *turns_left = lim > 0 ? fmax(1.0, lim - p->g->turn + 1) : 4.0;
}

static bool planned(const pol *p, int u);
static double best_step(const pol *p, int u, const char **where, const char **left_plan);

static bool inside(const pol *p, int u, int i)
{
    const sl_objective *o = &p->g->live.objectives[i];
    return dist_in(rl_unit_centre(p->g, u), o->at) * SL_MILS_PER_INCH <= o->radius;
}

/* How many of u's side's units stand in place i ahead of u (or of the
 * unit it is part of): more men standing, or as many and listed first;
 * where u stands outside it, all of them. */
static int rank_in(const pol *p, int i, int u)
{
    const sl_game *g = p->g;
    int w = rl_base_unit(g, u), n = 0;
    bool in = inside(p, w, i);
    for (int v = 0; v < g->live.nunits; v++) {
        if (v == w || !planned(p, v) || !inside(p, v, i))
            continue;
        n += !in || rl_living(g, v) > rl_living(g, w) || (rl_living(g, v) == rl_living(g, w) && v < w);
    }
    return n;
}

/* Is u (or the unit it is part of) the one of its side that keeps place
 * i, where more than one of them stands: it stands in it and has the
 * most men standing of them (the first listed of equals)? */
static bool keeps(const pol *p, int i, int u)
{
    return inside(p, rl_base_unit(p->g, u), i) && rank_in(p, i, u) == 0;
}

/* A place a friend holds with no enemy in it: what one more unit there
 * adds, ahead (a guard) and not ahead (little: the side needs more
 * places, not more men on this one). */
#define JOIN_AHEAD 0.25
#define JOIN_BEHIND 0.1

/* What the unit's centre at c is worth for place i alone: what standing
 * there changes (taking an empty place or contesting an enemy's is worth
 * its points, joining a friend much less, and less still when its side
 * is not ahead; the one that keeps a place it shares counts it in full),
 * scaled by how much of the time left the way there would take. */
static double place_worth(const pol *p, int u, int i, sl_pt c, double per_turn, double turns_left)
{
    const sl_objective *o = &p->g->live.objectives[i];
    bool fr, en;
    in_place(p, i, u, &fr, &en);
    if (fr && !en && keeps(p, i, u))
        fr = false;
    double worth = o->points * (!fr ? 1.0 : en ? 0.5 : p->behind ? JOIN_BEHIND : JOIN_AHEAD);
    /* a place two of its units already contest: not ahead, a third there
     * adds half as much (a place it can take elsewhere counts more) */
    if (fr && en && p->behind && rank_in(p, i, u) >= 2)
        worth *= 0.5;
    /* an empty place one more unit of the plan heads for: each after the
     * first adds less (one takes it, the next guard it) */
    if (p->claiming && !fr && !en)
        worth /= 1 + p->claimed[i];
    double d = dist_in(c, o->at), r = o->radius / (double)SL_MILS_PER_INCH;
    double way = field_dist(&p->fields[i], c); /* round what cannot be crossed, by the going */
    if (way < 0)
        way = fmax(0.0, d - r * 0.8);
    double near = d <= r * 0.8 ? 1.0 : 0.8 * fmax(0.0, 1.0 - way / (per_turn * turns_left + 6.0));
    return worth * near;
}

/* What a place for the unit's centre is worth to the side: the place it
 * is set on (its plan) counts in full, else the best place, and the
 * others a little. With no place to score: nearness to the enemy. */
static double place_value(const pol *p, int u, sl_pt c)
{
    const sl_game *g = p->g;
    double per_turn, turns_left;
    time_left(p, u, &per_turn, &turns_left);
    int aim = plan_place(p, u);
    double best = 0, rest = 0;
    int scored = 0;
    for (int i = 0; i < g->live.nobjectives; i++) {
        if (!place_scores(p, i))
            continue;
        scored++;
        double v = place_worth(p, u, i, c, per_turn, turns_left);
        if (aim >= 0 ? i == aim : v > best) {
            rest += best;
            best = v;
        } else {
            rest += v;
        }
    }
    double v = best + 0.2 * rest;
    if (scored == 0 && p->nenemies > 0) {
        double near = 1e9;
        for (int i = 0; i < p->nenemies; i++) {
            double d = dist_in(c, rl_unit_centre(g, p->enemies[i]));
            if (d < near)
                near = d;
        }
        v += 0.8 * fmax(0.0, 1.0 - near / 48.0);
    }
    return PLACE_WEIGHT * v * p->advance;
}

/* The worth of the unit standing placed by pl (NULL: where it is). */
static double stand_value(const pol *p, int u, const sl_placement *pl, sl_pt centre, bool *cover, double *thr)
{
    *cover = rl_unit_in_cover_at(p->g, u, pl);
    *thr = threat(p, u, pl);
    double eff, ps;
    best_fire(p, u, pl, &eff, &ps, NULL);
    return place_value(p, u, centre) + (*cover ? p->w->cover : 0) - 0.5 * p->risk * *thr + 0.25 * eff;
}

typedef rl_tactic choice;

static void consider(choice *best, double score, const sl_command *c, const char *why)
{
    if (score > best->score + 1e-9) {
        best->score = score;
        best->cmd = *c;
        snprintf(best->why, sizeof best->why, "%s", why);
    }
}

static bool allowed(const sl_game *g, const sl_command *c)
{
    char why[300];
    return sl_game_can(g, c, why, sizeof why);
}

/* Adds ", clause" (or the first clause) to a reason. */
static void clause(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void clause(char *out, size_t len, const char *fmt, ...)
{
    size_t at = strlen(out);
    if (at + 3 >= len)
        return;
    if (at > 0) {
        memcpy(out + at, ", ", 3);
        at += 2;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + at, len - at, fmt, ap);
    va_end(ap);
}

/* The known enemy most likely to suppress `u` placed by pl, and that
 * chance; -1 when none can fire at it. */
static int worst_enemy(const pol *p, int u, const sl_placement *pl, double *p_sup)
{
    int who = -1;
    *p_sup = 0;
    for (int i = 0; i < p->nenemies; i++) {
        sl_fire_preview pv;
        sl_game_fire_preview_at(p->g, p->enemies[i], u, SL_FIRE_ALL, 0, pl, &pv);
        if (pv.possible && pv.p_minor + pv.p_major > *p_sup) {
            *p_sup = pv.p_minor + pv.p_major;
            who = p->enemies[i];
        }
    }
    return who;
}

/* Why a move from `from` to `to` is worth making, in a player's words:
 * the place it takes or nears, cover, the enemy fire it leaves. */
static void move_words(const pol *p, int u, sl_pt from, sl_pt to, const sl_placement *there, bool cov_now, bool cov,
                       char *out, size_t len)
{
    const sl_game *g = p->g;
    out[0] = '\0';
    int near = -1, held = -1;
    bool onto = false;
    double gain = 0.4, left = 0;
    for (int i = 0; i < g->live.nobjectives && !onto; i++) {
        const sl_objective *o = &g->live.objectives[i];
        if (o->reach_side >= 0 && (o->reach_side != p->side || g->outcome.reached[i]))
            continue;
        double r = 0.8 * o->radius / (double)SL_MILS_PER_INCH, d0 = dist_in(from, o->at), d1 = dist_in(to, o->at);
        if (d1 <= r && d0 <= r && held < 0)
            held = i;
        if (d1 <= r && d0 > r) {
            near = i;
            onto = true;
        } else if (d1 > r && d0 - d1 > gain) {
            gain = d0 - d1;
            near = i;
            left = d1 - r;
        }
    }
    /* the place its plan sets it on, named when the move closes on it
     * too; another named alone is a departure, said as one */
    int aim = plan_place(p, u);
    if (aim >= 0 && aim != near) {
        const sl_objective *o = &g->live.objectives[aim];
        double r = 0.8 * o->radius / (double)SL_MILS_PER_INCH, d0 = dist_in(from, o->at), d1 = dist_in(to, o->at);
        if (d1 <= r && d0 <= r) {
            held = aim; /* it stays on it: the step within it names no other */
            near = -1;
            onto = false;
        } else if ((d1 <= r && d0 > r) || (d1 > r && d0 - d1 > 0.4)) {
            near = aim;
            onto = d1 <= r;
            left = d1 - r;
        } else if (near >= 0) {
            clause(out, len, "leaves the plan (%s) for now", o->name);
        }
    }
    if (held >= 0 && !onto)
        clause(out, len, "still on %s", g->live.objectives[held].name);
    if (near >= 0 && onto)
        clause(out, len, "onto %s", g->live.objectives[near].name);
    else if (near >= 0)
        clause(out, len, "closer to %s (%.0f\" to go)", g->live.objectives[near].name, fmax(1.0, left));
    if (cov && !cov_now)
        clause(out, len, "into cover");
    double was, now;
    int e = worst_enemy(p, u, NULL, &was);
    if (e >= 0 && was >= 0.1) {
        sl_fire_preview pv;
        sl_game_fire_preview_at(g, e, u, SL_FIRE_ALL, 0, there, &pv);
        now = pv.possible ? pv.p_minor + pv.p_major : 0;
        if (!pv.possible)
            clause(out, len, "out of %s's fire", rl_unit_name(g, e));
        else if (now < was - 0.05)
            clause(out, len, "less exposed to %s (%.0f%% to be suppressed, down from %.0f%%)", rl_unit_name(g, e),
                   now * 100, was * 100);
    }
    if (!out[0])
        clause(out, len, "%s", cov ? "a better place in cover" : "a better place to stand");
}

/* Would a move by `by` leave one of the men who go astray of the unit's
 * main group? Its wounded stay where they lie (unless it carries them),
 * and a unit out of integrity must reorganise before it moves again,
 * which brings the strays back to the main group (mv_gather): when the
 * wounded outnumber the men standing, the men walk back to them and the
 * move has gained nothing but two lost actions. On the bunker, Phalon
 * 1st Warband, one man standing by three wounded, moved and reorganised
 * back every turn. */
static bool leaves_its_wounded(const pol *p, int u, sl_pt by)
{
    const sl_game *g = p->g;
    const sl_unit *un = &g->live.units[u];
    if (g->us[u].carrying_wounded)
        return false;
    sl_pt was[SL_SIGHT_MAX_FIGS], pos[SL_SIGHT_MAX_FIGS];
    int32_t rad[SL_SIGHT_MAX_FIGS];
    bool goes[SL_SIGHT_MAX_FIGS];
    int n = 0, lying = 0;
    for (int i = 0; i < un->nfigures && n < SL_SIGHT_MAX_FIGS; i++) {
        const sl_figure *f = &g->live.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        goes[n] = f->status == SL_FIG_OK;
        lying += !goes[n];
        was[n] = f->pos;
        pos[n] = goes[n] ? sl_pt_make(f->pos.x + by.x, f->pos.y + by.y) : f->pos;
        rad[n++] = f->base_r;
    }
    if (lying == 0)
        return false;
    sl_integrity_params ip = {g->live.options.integrity_circle, g->live.options.integrity_chain,
                              g->live.options.integrity_measure == 1};
    int group[SL_SIGHT_MAX_FIGS];
    bool stray_was[SL_SIGHT_MAX_FIGS], stray[SL_SIGHT_MAX_FIGS];
    sl_integrity in;
    /* only a man the move itself sends astray: a squad whose fireteams
     * stand apart (house rule) may move with its teams in separate groups */
    sl_integrity_check(was, rad, n, &ip, group, stray_was, &in);
    sl_integrity_check(pos, rad, n, &ip, group, stray, &in);
    for (int k = 0; k < n; k++)
        if (goes[k] && stray[k] && !stray_was[k])
            return true;
    return false;
}

/* A second move in one activation may be answered by reaction fire
 * (p53, the reaction_fire option): one enemy unit still to activate that
 * sees u where it stands between the moves may fire at it once, and a
 * suppressed u loses the second move. The chance of that, from what its
 * side knows (p->enemies: enemies it knows in full; a counter is none),
 * the enemy taken to fire with its best; *who that enemy. -1 when the
 * next move is not a second move or the rule is off (SkirmishCorps never
 * counts moves). Stated in the reason, not weighed. */
static double between_moves(const pol *p, int u, int *who)
{
    const sl_game *g = p->g;
    *who = -1;
    if (!g->live.options.reaction_fire || g->us[u].moves < 1)
        return -1;
    double best = 0;
    for (int i = 0; i < p->nenemies; i++) {
        int e = p->enemies[i];
        if (g->us[e].activated || rl_det_bound(g, e))
            continue;
        sl_fire_preview pv;
        fire_preview(g, e, u, SL_FIRE_ALL, RL_FIRE_REACTION, &pv);
        if (pv.possible && pv.p_minor + pv.p_major > best) {
            best = pv.p_minor + pv.p_major;
            *who = e;
        }
    }
    return best;
}

/* Weigh a move of u from c along pts (allowed by the rules) against
 * standing where it is (worth `now`, in cover or not). A move that
 * leaves its men astray of its wounded is not worth making
 * (leaves_its_wounded), but on the last turn, when no later move is
 * lost. */
static void try_move(const pol *p, int u, sl_pt c, double now, bool cover_now, const sl_pt *pts, int npts,
                     choice *best)
{
    const sl_game *g = p->g;
    sl_pt to = pts[npts - 1];
    sl_command mv;
    sl_cmd_move(&mv, SL_CMD_MOVE, u, pts, npts);
    shift s;
    make_shift(g, u, sl_pt_make(to.x - c.x, to.y - c.y), &s);
    bool cov;
    double thr;
    double there = stand_value(p, u, &s.pl, to, &cov, &thr);
    /* the way there, in front of enemies that may open fire on it */
    sl_pt way[SL_CMD_MAX_PTS + 1];
    way[0] = c;
    memcpy(way + 1, pts, sizeof *pts * (size_t)npts);
    sl_exposure_point ex[16];
    int ne = sl_game_exposure(g, u, way, npts + 1, 1000, ex, 16);
    double worst = 0;
    for (int k = 0; k < ne; k++)
        if (ex[k].p_suppress > worst)
            worst = ex[k].p_suppress;
    double gain = there - now - p->risk * worst;
    if (gain <= best->score + 1e-9)
        return; /* words only for a move that would be chosen */
    bool last = g->live.turn_limit > 0 && g->turn >= g->live.turn_limit;
    if (!last && leaves_its_wounded(p, u, sl_pt_make(to.x - c.x, to.y - c.y)))
        return;
    char words[SL_CMD_NOTE - 64], why[SL_CMD_NOTE - 8];
    move_words(p, u, c, to, &s.pl, cover_now, cov, words, sizeof words);
    snprintf(why, sizeof why, "moves %.1f\" to (%.1f, %.1f): %s", sl_path_length(way, npts + 1) / SL_MILS_PER_INCH,
             to.x / 1000.0, to.y / 1000.0, words);
    if (worst > 0.005)
        clause(why, sizeof why, "%.0f%% to be suppressed on the way", worst * 100);
    else
        clause(why, sizeof why, "no enemy can open fire on the way");
    int firer;
    double between = between_moves(p, u, &firer);
    if (firer >= 0 && between >= 0.005)
        clause(why, sizeof why, "%.0f%% to be suppressed by fire between its moves (%s, still to act, sees it)",
               between * 100, rl_unit_name(g, firer));
    consider(best, gain, &mv, why);
}

/* Does a man of another of the side's units stand within 2" of `at`? */
static bool friend_near(const pol *p, int u, sl_pt at)
{
    const sl_game *g = p->g;
    int mine = sl_unit_whole(&g->live, u) >= 0 ? sl_unit_whole(&g->live, u) : u;
    for (int o = 0; o < g->live.nfigures; o++) {
        const sl_figure *f = &g->live.figures[o];
        int w = sl_unit_whole(&g->live, f->unit) >= 0 ? sl_unit_whole(&g->live, f->unit) : f->unit;
        if (f->status != SL_FIG_DEAD && w != mine && g->live.units[f->unit].side == p->side &&
            sl_dist2(f->pos, at) < 2.0 * SL_MILS_PER_INCH * 2.0 * SL_MILS_PER_INCH)
            return true;
    }
    return false;
}

/* A way the rules refuse only at its end (another unit's bases stand
 * there: most often a friendly squad that went the same way first) is
 * weighed again ending at the nearest clear spots round that end, 1", 2"
 * then 3" off, rather than dropped for a worse way or a shorter one.
 * True when some spot was allowed. */
static bool try_clear_end(const pol *p, int u, sl_pt c, double now, bool cover_now, const sl_pt *pts, int npts,
                          choice *best)
{
    const sl_game *g = p->g;
    if (!friend_near(p, u, pts[npts - 1]))
        return false; /* refused for another cause: the way is shortened */
    sl_pt alt[SL_CMD_MAX_PTS], end = pts[npts - 1];
    memcpy(alt, pts, sizeof *pts * (size_t)npts);
    for (int r = 1; r <= 3; r++) {
        bool any = false;
        for (int a = 0; a < 8; a++) {
            double ang = a * (PI / 4) + (r % 2 ? 0 : PI / 8);
            alt[npts - 1] = sl_pt_make(end.x + (int32_t)(cos(ang) * r * SL_MILS_PER_INCH),
                                       end.y + (int32_t)(sin(ang) * r * SL_MILS_PER_INCH));
            if (!sl_table_contains(&g->live.table, alt[npts - 1]))
                continue;
            sl_command mv;
            sl_cmd_move(&mv, SL_CMD_MOVE, u, alt, npts);
            if (allowed(g, &mv)) {
                try_move(p, u, c, now, cover_now, alt, npts, best);
                any = true;
            }
        }
        if (any)
            return true;
    }
    return false;
}

/* The move that does the most for the unit, or none worth its risk. */
static void best_move(const pol *p, int u, choice *best)
{
    const sl_game *g = p->g;
    if (rl_living(g, u) == 0)
        return;
    int32_t reach;
    sl_die die;
    mv_mobility(g, u, &reach, &die); /* a normal move's base inches */
    sl_pt c = rl_unit_centre(g, u);
    bool cover_now;
    double thr_now;
    double now = stand_value(p, u, NULL, c, &cover_now, &thr_now);
    sl_pt cand[MAX_CAND];
    int n = 0;
    /* toward each objective and the nearest enemy, as far as it may go */
    for (int i = 0; i < g->live.nobjectives && n < MAX_CAND; i++) {
        sl_pt o = g->live.objectives[i].at;
        double d = dist_in(c, o) * SL_MILS_PER_INCH;
        if (d < 300)
            continue;
        double k = d > reach * 0.95 ? reach * 0.95 / d : 1.0;
        cand[n++] = sl_pt_make(c.x + (int32_t)((o.x - c.x) * k), c.y + (int32_t)((o.y - c.y) * k));
    }
    /* along the going field toward each place, as far as the move goes
     * (a way of several legs round what cannot be crossed) */
    sl_pt ways[SL_MAX_OBJECTIVES][SL_CMD_MAX_PTS];
    int nways[SL_MAX_OBJECTIVES] = {0};
    for (int i = 0; p->going && i < g->live.nobjectives; i++)
        nways[i] = field_way(&p->fields[i], p->going, c, reach * 0.9 / SL_MILS_PER_INCH, ways[i], SL_CMD_MAX_PTS);
    for (int i = 0; i < g->live.nobjectives; i++) {
        for (int k = 0; k < 3 && nways[i] > 0; k++) {
            /* shorter and shorter, until the rules allow it */
            sl_command mv;
            sl_cmd_move(&mv, SL_CMD_MOVE, u, ways[i], nways[i]);
            if (allowed(g, &mv)) {
                try_move(p, u, c, now, cover_now, ways[i], nways[i], best);
                break;
            }
            if (k == 0 && try_clear_end(p, u, c, now, cover_now, ways[i], nways[i], best))
                break;
            nways[i] = field_way(&p->fields[i], p->going, c, reach * (0.6 - 0.2 * k) / SL_MILS_PER_INCH, ways[i],
                                 SL_CMD_MAX_PTS);
        }
    }
    /* and round about it, at three distances */
    static const double frac[3] = {0.95, 0.6, 0.3};
    for (int r = 0; r < 3; r++)
        for (int a = 0; a < 12 && n < MAX_CAND; a++) {
            double ang = (a + 0.5 * r) * (2 * PI / 12);
            cand[n++] = sl_pt_make(c.x + (int32_t)(cos(ang) * reach * frac[r]),
                                   c.y + (int32_t)(sin(ang) * reach * frac[r]));
        }
    for (int i = 0; i < n; i++) {
        sl_pt to = cand[i];
        if (!sl_table_contains(&g->live.table, to))
            continue;
        sl_command mv;
        sl_cmd_move(&mv, SL_CMD_MOVE, u, &to, 1);
        if (allowed(g, &mv))
            try_move(p, u, c, now, cover_now, &to, 1, best);
    }
}

static bool commands(const sl_game *g, int commander, int u)
{
    return commander >= 0 && sl_command_distance(&g->live, u, commander) > 0;
}

/* A panicked unit's try to end it, its rally of a shaken or broken unit
 * it commands (before that unit moves), its try to lift suppression. */
static void recover_actions(const pol *p, int u, choice *best)
{
    const sl_game *g = p->g;
    const sl_unit_state *us = &g->us[u];
    sl_command c;
    char why[SL_CMD_NOTE - 8];
    /* panic first: it can do nothing else */
    if (us->panicked) {
        sl_cmd_init(&c, SL_CMD_REMOVE_PANIC, u);
        if (allowed(g, &c))
            consider(best, 2.0, &c, "tries to end its panic: a panicked unit can do nothing else");
    }
    /* rally a shaken or broken unit it commands (before that unit moves) */
    for (int o = 0; o < g->live.nunits; o++) {
        const sl_unit *ou = &g->live.units[o];
        if (ou->side != p->side || !commands(g, u, o) || sl_unit_whole(&g->live, o) >= 0 || rl_living(g, o) == 0 ||
            ou->confidence < SL_CONF_SHAKEN || ou->confidence == SL_CONF_ROUTED)
            continue;
        sl_cmd_target(&c, SL_CMD_RALLY, u, o);
        if (!allowed(g, &c))
            continue;
        snprintf(why, sizeof why, "rallies %s: %s, it would fight and move worse", ou->name,
                 sl_confidence_name(ou->confidence));
        consider(best, 1.2 + 0.2 * (ou->confidence - SL_CONF_SHAKEN), &c, why);
    }
    /* a suppressed unit tries to lift a marker (its own confidence is for
     * its commander to rally) */
    if (us->suppression > 0) {
        sl_cmd_init(&c, SL_CMD_REMOVE_SUPPRESSION, u);
        if (allowed(g, &c)) {
            snprintf(why, sizeof why, "tries to remove a suppression marker (%d on it): suppressed it cannot move "
                                      "and fires worse",
                     us->suppression);
            consider(best, 0.45 + 0.15 * us->suppression, &c, why);
        }
    }
}

/* A place its plan clears by assault at long odds: only in the last
 * turn, its side not ahead, a known enemy in the place, and carrying it
 * (the enemy out, its own men in) would bring its side level or ahead. */
static bool long_odds_place(const pol *p, int k)
{
    const sl_game *g = p->g;
    const sl_objective *o = &g->live.objectives[k];
    if (g->live.turn_limit <= 0 || g->turn < g->live.turn_limit || o->reach_side >= 0 || p->mine > p->other ||
        p->other - p->mine > 2 * o->points)
        return false;
    bool fr, en;
    in_place(p, k, -1, &fr, &en);
    return en;
}

/* A close assault of enemy unit e when the odds favour it: the odds known
 * before it (the reaction test, the charge reaching, the defenders
 * falling back), and a rough guess at the fight if they stand: strength
 * times the quality die, the defenders' die one up for cover. It needs
 * its stance's odds (ASSAULT_NEED), ten points less only where its plan
 * clears a place at long odds (long_odds_place), and says so. */
static void try_assault(const pol *p, int u, int e, choice *best)
{
    const sl_game *g = p->g;
    sl_assault_preview ap;
    sl_game_assault_preview(g, u, e, &ap);
    if (!ap.possible || ap.men == 0)
        return;
    const sl_unit *a = &g->live.units[u], *d = &g->live.units[e];
    double qa = (double)sl_quality_die(a->quality) * ap.men;
    double qd = (double)(sl_quality_die(d->quality) + (sl_game_unit_in_cover(g, e) ? 2 : 0)) * ap.foes;
    double fight = qa / (qa + qd);
    double odds = ap.p_react * ap.p_reach * (ap.p_defenders_fail + (1 - ap.p_defenders_fail) * fight);
    int obj_points = 0, last = -1;
    for (int k = 0; k < g->live.nobjectives; k++) {
        const sl_objective *o = &g->live.objectives[k];
        if (o->reach_side < 0 && dist_in(rl_unit_centre(g, e), o->at) * SL_MILS_PER_INCH <= o->radius) {
            obj_points += o->points;
            if (last < 0 && long_odds_place(p, k))
                last = k;
        }
    }
    double need = p->w->assault - (last >= 0 ? 0.1 : 0);
    if (odds < need)
        return;
    sl_command c;
    sl_cmd_target(&c, SL_CMD_ASSAULT, u, e);
    if (!allowed(g, &c))
        return;
    char why[SL_CMD_NOTE - 8];
    snprintf(why, sizeof why,
             "assaults %s%s: %.0f%% to carry it (it goes in %.0f%%, reaches them %.0f%%, they fall back "
             "%.0f%%, else a fight of %d %s against %d), %.0f%% needed",
             rl_unit_name(g, e), obj_points ? " to clear the objective" : "", odds * 100, ap.p_react * 100,
             ap.p_reach * 100, ap.p_defenders_fail * 100, ap.men, ap.men == 1 ? "man" : "men", ap.foes, need * 100);
    if (last >= 0 && odds < p->w->assault)
        clause(why, sizeof why, "long odds its plan takes on the last turn (%d to %d): clearing %s would put it level or ahead",
               p->mine, p->other, g->live.objectives[last].name);
    /* carried, the place is its side's: worth the place's points twice
     * over (what the enemy loses, what it gains) */
    consider(best, 0.4 + odds + odds * 2 * PLACE_WEIGHT * obj_points * p->advance, &c, why);
}

/* Where it stands or goes: the move that does most (from In Position it
 * first gives the marker up, rather than risk the reaction test a move
 * would need); In Position in cover, with the enemy in sight and nowhere
 * better; an overwatch counter (house rule) where no target is in sight
 * now (`target`: the one it could fire at, -1). */
static void place_actions(const pol *p, int u, int target, choice *best)
{
    const sl_game *g = p->g;
    const sl_unit_state *us = &g->us[u];
    sl_command c;
    if (us->suppression == 0) {
        choice mv = *best;
        best_move(p, u, &mv);
        if (mv.cmd.kind == SL_CMD_MOVE && us->in_position) {
            sl_cmd_init(&c, SL_CMD_LEAVE_POSITION, u);
            if (allowed(g, &c)) {
                char w2[SL_CMD_NOTE - 8];
                snprintf(w2, sizeof w2, "leaves its position to move (it %.200s)", mv.why);
                consider(best, mv.score, &c, w2);
            }
        } else if (mv.cmd.kind == SL_CMD_MOVE) {
            *best = mv;
        }
    }
    /* out of integrity (men astray after casualties) it may not move
     * until it reorganises: where a step would gain it something, it
     * reorganises first */
    sl_integrity in;
    sl_unit_integrity(&g->live, u, NULL, NULL, &in);
    if (us->suppression == 0 && !in.intact && best->cmd.kind != SL_CMD_MOVE) {
        const char *where = NULL;
        double gain = best_step(p, u, &where, NULL);
        sl_cmd_init(&c, SL_CMD_REORGANISE, u);
        if (gain >= STEP_NAMED && where && allowed(g, &c)) {
            char why[SL_CMD_NOTE - 8];
            snprintf(why, sizeof why,
                     "reorganises: %d of its men astray, and out of integrity it cannot move on to %.60s", in.nstray,
                     where);
            consider(best, 0.3 + 0.5 * fmin(gain, 1.0), &c, why);
        }
    }
    if (!us->in_position && p->nenemies > 0 && sl_game_unit_in_cover(g, u)) {
        sl_cmd_init(&c, SL_CMD_IN_POSITION, u);
        if (allowed(g, &c))
            consider(best, 0.08, &c, "goes In Position in its cover: it fires first at anyone who comes");
    }
    if (target < 0 && p->nenemies > 0) {
        sl_cmd_init(&c, of_overwatch_kind(), u);
        if (allowed(g, &c))
            consider(best, 0.12, &c, "takes an overwatch counter: no target now, it watches the open ground");
    }
}

/* A commander with nothing better hands an action down the chain, to a
 * unit that can fire now. */
static void transfer_actions(const pol *p, int u, choice *best)
{
    const sl_game *g = p->g;
    sl_command c;
    char why[SL_CMD_NOTE - 8];
    for (int o = 0; o < g->live.nunits; o++) {
        if (g->live.units[o].side != p->side || g->live.units[o].commander != u || !sl_game_to_activate(g, o))
            continue;
        sl_cmd_target(&c, SL_CMD_TRANSFER, u, o);
        if (!allowed(g, &c))
            continue;
        double e2, p2;
        int t2 = best_fire(p, o, NULL, &e2, &p2, NULL);
        if (t2 >= 0 && p2 >= p->w->fire_min) {
            snprintf(why, sizeof why, "transfers an action to %s, which can fire at %s now (%.0f%% to suppress)",
                     g->live.units[o].name, rl_unit_name(g, t2), p2 * 100);
            consider(best, 0.15 + 0.5 * e2, &c, why);
        }
    }
}

/* Hurrying: a unit set on a place it does not stand in, whose way there
 * (by the going) would take more than half the actions it has left in
 * the game, less a reserve to fight for the place once there (two turns
 * where a known enemy stands in it, one where none does): it cannot stop
 * to shoot every turn and still come in time. While it hurries a shot
 * that can only suppress (small arms at armour: shot_counts) at an enemy
 * outside that place, and a rule's proposal (a call of fire, anywhere),
 * count for HURRY_SHOT of their worth; a shot that can hurt men counts in
 * full. *aim the place, *moves the moves it needs. */
#define HURRY_SHOT 0.35
static bool hurrying(const pol *p, int u, int *aim, double *moves)
{
    const sl_game *g = p->g;
    *aim = aim_of(p, u);
    *moves = 0;
    if (*aim < 0 || *aim >= g->live.nobjectives || !place_scores(p, *aim) || !p->going || inside(p, u, *aim))
        return false;
    int32_t reach;
    sl_die die;
    mv_mobility(g, u, &reach, &die);
    double way = field_dist(&p->fields[*aim], rl_unit_centre(g, u));
    if (way < 0 || reach <= 0)
        return false;
    *moves = way / (reach / (double)SL_MILS_PER_INCH);
    double per_turn, turns_left;
    time_left(p, u, &per_turn, &turns_left);
    bool fr, en;
    in_place(p, *aim, u, &fr, &en);
    double left = 2 * (turns_left - 1) + (g->us[u].actions_done < 2 ? 2 - g->us[u].actions_done : 0);
    return 2 * *moves > left - (en ? 4 : 2);
}

/* Does a command's target (a unit, else a point) stand in place k? */
static bool aimed_in_place(const pol *p, const sl_command *c, int k)
{
    const sl_game *g = p->g;
    const sl_objective *o = &g->live.objectives[k];
    sl_pt at;
    if (c->target >= 0 && c->target < g->live.nunits)
        at = rl_unit_centre(g, c->target);
    else if (c->has_at)
        at = c->at;
    else
        return false;
    return dist_in(at, o->at) * SL_MILS_PER_INCH <= o->radius + SL_MILS_PER_INCH;
}

/* The best action for the active unit u. */
static void best_action(const pol *p, int u, choice *best)
{
    const sl_game *g = p->g;
    const sl_unit_state *us = &g->us[u];
    recover_actions(p, u, best);
    /* fire at the target with the best expected effect */
    double eff, ps, moves, shot_full = 0;
    int nt, aim;
    bool hurry = hurrying(p, u, &aim, &moves);
    int t = best_fire(p, u, NULL, &eff, &ps, &nt);
    if (t >= 0 && ps >= p->w->fire_min) {
        sl_command c;
        sl_cmd_fire(&c, u, t, SL_FIRE_ALL);
        if (allowed(g, &c)) {
            char why[SL_CMD_NOTE - 8];
            double sup, hits;
            shot_counts(p, u, t, &sup, &hits);
            if (sup > 0)
                snprintf(why, sizeof why, "fires at %s: %.0f%% to suppress, the best of %d target%s", rl_unit_name(g, t),
                         ps * 100, nt, nt == 1 ? "" : "s");
            else
                snprintf(why, sizeof why,
                         "fires at %s: %.0f%% for potential hits (it already has all the suppression markers it "
                         "can take), the best of %d target%s",
                         rl_unit_name(g, t), eff * 100, nt, nt == 1 ? "" : "s");
            bool held = hurry && hits == 0 && !aimed_in_place(p, &c, aim);
            shot_full = held ? 0.2 + eff : 0;
            consider(best, (0.2 + eff) * (held ? HURRY_SHOT : 1), &c, why);
        }
    }
    /* the house rules' own (a fire mission on the enemy unit it would
     * hurt most) */
    choice own = *best;
    rl_hook_tactics(g, p, u, &own);
    if (own.cmd.kind != best->cmd.kind || own.score != best->score) {
        bool held = hurry; /* a call of fire too: it leaves the calls to units that need not hurry */
        if (held && own.score > shot_full)
            shot_full = own.score;
        consider(best, own.score * (held ? HURRY_SHOT : 1), &own.cmd, own.why);
    }
    /* close assault when the odds favour it: both actions, at the start */
    if (us->actions_done == 0 && g->act_left[g->act_depth - 1] >= 2) {
        for (int i = 0; i < p->nenemies; i++)
            if (g->live.units[p->enemies[i]].kind == SL_UNIT_INFANTRY)
                try_assault(p, u, p->enemies[i], best);
    }
    place_actions(p, u, t, best);
    if (best->cmd.kind == SL_CMD_MOVE && shot_full > best->score)
        clause(best->why, sizeof best->why, "it holds its fire: it needs its actions to reach %.60s in time (%.0f moves)",
               g->live.objectives[aim].name, ceil(moves));
    if (best->score < 0.15)
        transfer_actions(p, u, best);
}

/* A quick look at what a move could gain (before the unit is active and
 * its moves can be checked): the worth of its places toward each
 * objective (or the nearest enemy) against where it stands. */
static double best_step(const pol *p, int u, const char **where, const char **left_plan)
{
    const sl_game *g = p->g;
    if (g->us[u].suppression > 0 || sl_game_off_table(g, u))
        return 0;
    int32_t reach;
    sl_die die;
    mv_mobility(g, u, &reach, &die);
    sl_pt c = rl_unit_centre(g, u);
    double now = place_value(p, u, c), best = 0, to_aim = 0;
    int n = g->live.nobjectives, aim = plan_place(p, u);
    for (int i = 0; i <= n; i++) {
        sl_pt o;
        const char *name;
        if (i < n) {
            o = g->live.objectives[i].at;
            name = g->live.objectives[i].name;
        } else if (p->nenemies > 0) {
            int e = p->enemies[0];
            for (int k = 1; k < p->nenemies; k++)
                if (dist_in(c, rl_unit_centre(g, p->enemies[k])) < dist_in(c, rl_unit_centre(g, e)))
                    e = p->enemies[k];
            o = rl_unit_centre(g, e);
            name = g->live.units[e].name;
        } else {
            break;
        }
        double d = dist_in(c, o) * SL_MILS_PER_INCH;
        if (d < 300)
            continue;
        double k = d > reach * 2 ? reach * 2 / d : 1.0; /* two moves */
        sl_pt to = sl_pt_make(c.x + (int32_t)((o.x - c.x) * k), c.y + (int32_t)((o.y - c.y) * k));
        double gain = place_value(p, u, to) - now;
        if (gain > best) {
            best = gain;
            *where = name;
        }
        if (i == aim)
            to_aim = gain;
    }
    /* the place of its plan named when a step there gains too: the
     * reason follows the plan; else *left_plan says it leaves it */
    if (aim >= 0 && to_aim >= STEP_NAMED)
        *where = g->live.objectives[aim].name;
    if (left_plan)
        *left_plan = aim >= 0 && to_aim < STEP_NAMED && best >= STEP_NAMED ? g->live.objectives[aim].name : NULL;
    return best;
}

/* A reason as long as REASON_MAX characters is kept whole (a second
 * move's, with the fire between its moves, is among the longest); the
 * note has room for it after "solo: ", and with_plan cuts it only after
 * the turn's plan. */
#define REASON_MAX 440
static bool finish(const sl_game *g, sl_command *out, const sl_command *c, const char *why)
{
    *out = *c;
    snprintf(out->note, sizeof out->note, "solo: %.*s", REASON_MAX, why);
    sl_utf8_trim(out->note);
    return allowed(g, out);
}

/* --- what a rule's tactics ask (base.h) -------------------------------------------------- */

const sl_game *rl_policy_game(const rl_policy *p)
{
    return p->g;
}

int rl_policy_side(const rl_policy *p)
{
    return p->side;
}

int rl_policy_enemies(const rl_policy *p, const int **units)
{
    *units = p->enemies;
    return p->nenemies;
}

int rl_policy_sought(const rl_policy *p, const sl_pt **places)
{
    *places = p->sought;
    return p->nsought;
}

double rl_policy_fire_min(const rl_policy *p)
{
    return p->w->fire_min;
}

int rl_policy_best_fire(const rl_policy *p, int u, double *effect, double *p_sup)
{
    return best_fire(p, u, NULL, effect, p_sup, NULL);
}

double rl_policy_best_step(const rl_policy *p, int u, const char **where)
{
    return best_step(p, u, where, NULL);
}

void rl_tactic_consider(rl_tactic *best, double score, const sl_command *c, const char *why)
{
    consider(best, score, c, why);
}

bool rl_policy_allowed(const rl_policy *p, const sl_command *c)
{
    return allowed(p->g, c);
}

/* A scoring place unit u stands in with a known enemy in it too, -1. */
static int contested_here(const pol *p, int u)
{
    for (int k = 0; k < p->g->live.nobjectives; k++) {
        bool fr, en;
        in_place(p, k, u, &fr, &en);
        if (en && place_scores(p, k) && inside(p, rl_base_unit(p->g, u), k))
            return k;
    }
    return -1;
}

/* Opportunity fire offered to its side. A unit on overwatch fires at the
 * usual odds; one still to activate spends its whole activation on the
 * shot, so while its side is behind and it has ground to take it fires
 * only at long odds in its favour. */
static bool decide_opfire(const pol *p, sl_command *out)
{
    const sl_game *g = p->g;
    const sl_pending *pd = &g->pending;
    const of_offer *o = of_offer_of(g);
    double min_p[SL_MAX_OPTIONS];
    char hold[SL_CMD_NOTE] = "";
    double hold_p = 0.35; /* the reason names the best shot held */
    for (int i = 0; i < pd->noptions && i < SL_MAX_OPTIONS; i++) {
        min_p[i] = 0.35;
        if (o->overwatch[i] || !p->behind)
            continue;
        const char *where = NULL;
        double gain = best_step(p, pd->options[i], &where, NULL);
        /* on the last turn a unit standing in a place the enemy contests
         * keeps its activation to clear it (an assault, a shot at the
         * men in it) */
        int clear = contested_here(p, pd->options[i]);
        if (clear >= 0 && g->live.turn_limit > 0 && g->turn >= g->live.turn_limit) {
            min_p[i] = 0.75;
            if (o->p_suppress[i] >= hold_p) {
                hold_p = o->p_suppress[i] + 1e-9;
                snprintf(hold, sizeof hold,
                         "%.60s would spend its activation on a %.0f%% chance to suppress; on the last turn it needs it "
                         "to clear %.60s",
                         g->live.units[pd->options[i]].name, o->p_suppress[i] * 100, g->live.objectives[clear].name);
            }
            continue;
        }
        if (gain > 0.15 && where) {
            min_p[i] = 0.75;
            if (o->p_suppress[i] >= hold_p) {
                hold_p = o->p_suppress[i] + 1e-9;
                snprintf(hold, sizeof hold,
                         "%.60s would spend its activation on a %.0f%% chance to suppress; it needs it to close on %.60s",
                         g->live.units[pd->options[i]].name, o->p_suppress[i] * 100, where);
            }
        }
    }
    return rl_solo_opfire(g, min_p, hold, out);
}

/* "HEAD PLACE" of a step toward a place, and when the plan sets the
 * unit on another (`left`, else NULL), that it leaves the plan. */
static void step_words(char *out, size_t len, const char *head, const char *where, const char *left)
{
    if (left)
        snprintf(out, len, "%s %s, and leaves the plan: a step toward %s gains less", head, where, left);
    else
        snprintf(out, len, "%s %s", head, where);
}

/* The unit to activate, and why (into `why` unless NULL): the one with
 * the most to do now. */
static int pick_unit(const pol *p, char *why, size_t len, double *score)
{
    const sl_game *g = p->g;
    int best = -1;
    double bs = 0;
    char bw[200] = "";
    for (int u = 0; u < g->live.nunits; u++) {
        if (g->live.units[u].side != p->side || !sl_game_to_activate(g, u))
            continue;
        double s = 0;
        char w[200];
        snprintf(w, sizeof w, "nothing presses");
        /* a commander with a shaken unit under it comes first */
        for (int o = 0; o < g->live.nunits; o++) {
            const sl_unit *ou = &g->live.units[o];
            if (ou->side == p->side && commands(g, u, o) && sl_unit_whole(&g->live, o) < 0 && rl_living(g, o) > 0 &&
                ou->confidence >= SL_CONF_SHAKEN && ou->confidence < SL_CONF_ROUTED && s < 1.5) {
                s = 1.5;
                snprintf(w, sizeof w, "it can rally %s", ou->name);
            }
        }
        double eff, ps;
        int t = best_fire(p, u, NULL, &eff, &ps, NULL);
        if (t >= 0 && ps >= p->w->fire_min && 0.3 + eff > s) {
            s = 0.3 + eff;
            snprintf(w, sizeof w, "%.0f%% to suppress %s from where it stands", ps * 100, rl_unit_name(g, t));
        }
        if (g->us[u].suppression > 0 && 0.4 > s) {
            s = 0.4;
            snprintf(w, sizeof w, "it is suppressed and should recover");
        }
        /* a unit still to come on (an ambushed column's) adds nothing
         * while it waits beyond the edge: activated, it comes on along
         * its route and still has its actions */
        if (sl_game_not_yet_on(g, u) && COME_ON_URGE > s) {
            s = COME_ON_URGE;
            snprintf(w, sizeof w, "it is not on the table yet and brings its men into the fight");
        }
        /* the last turn, its side behind: a unit that can still get
         * onto a place goes before the enemy's fire pins it, the
         * stronger first */
        bool last = g->live.turn_limit > 0 && g->turn >= g->live.turn_limit;
        if (last && p->mine < p->other && g->us[u].suppression == 0) {
            const char *where = NULL, *left = NULL;
            double gain = best_step(p, u, &where, &left);
            /* the stronger first: more men hold or clear a place */
            double urge = 0.9 + 0.5 * gain * fmin(1.0, rl_living(g, u) / 6.0);
            if (gain >= LAST_TURN_STEP && urge > s) {
                s = urge;
                step_words(w, sizeof w, "the last turn: it can still get onto", where, left);
            }
        }
        /* else: the one that gains most by moving toward the objectives */
        if (s <= 0) {
            const char *where = NULL, *left = NULL;
            double gain = best_step(p, u, &where, &left);
            if (gain >= STEP_NAMED) {
                s = 0.1 + 0.5 * gain;
                step_words(w, sizeof w, "it can close on", where, left);
            }
        }
        if (s > bs + 1e-9) {
            bs = s;
            best = u;
            snprintf(bw, sizeof bw, "%s", w);
        }
    }
    if (why)
        snprintf(why, len, "%s", bw);
    *score = bs;
    return best;
}


static bool solo_command(pol *pp, int side, sl_command *out)
{
    const sl_game *g = pp->g;
    int a = sl_game_active_unit(g);
    char why[SL_CMD_NOTE];
    sl_command c;
    if (a >= 0) {
        if (g->live.units[a].side != side)
            return false;
        /* a house rule's orders (a squad's to its teams) */
        if (rl_hook_orders(g, pp, a, &c, why, sizeof why) && finish(g, out, &c, why))
            return true;
        choice best = {0.05, {0}, ""};
        sl_cmd_init(&best.cmd, SL_CMD_END_ACTIVATION, -1);
        snprintf(best.why, sizeof best.why, "%s ends its activation: nothing left worth an action", rl_unit_name(g, a));
        best_action(pp, a, &best);
        if (best.cmd.kind != SL_CMD_END_ACTIVATION) {
            snprintf(why, sizeof why, "%s %s", rl_unit_name(g, a), best.why);
            if (finish(g, out, &best.cmd, why))
                return true;
        }
        sl_cmd_init(&c, SL_CMD_END_ACTIVATION, -1);
        return finish(g, out, &c, best.cmd.kind == SL_CMD_END_ACTIVATION ? best.why : "it ends its activation");
    }
    if (g->side_to_act != side)
        return false;
    /* a rule's own choice for its side (SkirmishCorps' assignments) */
    if (rl_hook_side_orders(g, pp, &c, why, sizeof why) && finish(g, out, &c, why))
        return true;
    char w[200];
    double urge;
    int u = pick_unit(pp, w, sizeof w, &urge);
    /* ahead with nothing pressing, and fewer units left to act than the
     * enemy: pass (p15), so the enemy commits first while its units still
     * to activate can answer with opportunity fire */
    if (!pp->behind && urge < 0.25) {
        sl_cmd_side(&c, SL_CMD_PASS, side);
        if (u >= 0)
            snprintf(why, sizeof why,
                     "%s passes: ahead on the objectives with nothing pressing (the best activation, %s, is worth "
                     "%.2f), it lets the enemy move first",
                     rl_side_name(g, side), rl_unit_name(g, u), urge);
        else
            snprintf(why, sizeof why,
                     "%s passes: ahead on the objectives and none of its units has anything worth doing; it lets the "
                     "enemy move first",
                     rl_side_name(g, side));
        if (finish(g, out, &c, why))
            return true;
    }
    if (u < 0 && sl_game_unactivated(g, side) > 0) {
        sl_cmd_side(&c, SL_CMD_DONE, side);
        snprintf(why, sizeof why, "%s is done for the turn: none of its units has anything worth doing", rl_side_name(g, side));
        if (finish(g, out, &c, why))
            return true;
    }
    if (u >= 0) {
        sl_cmd_init(&c, SL_CMD_ACTIVATE, u);
        snprintf(why, sizeof why, "activates %s: %s", rl_unit_name(g, u), w);
        if (finish(g, out, &c, why))
            return true;
    }
    sl_cmd_side(&c, SL_CMD_DONE, side);
    snprintf(why, sizeof why, "%s is done for the turn: no unit left to activate", rl_side_name(g, side));
    return finish(g, out, &c, why);
}

/* --- its plan, stated at each turn's start ----------------------------------------------- */

/* The last plan its side stated (its plans are notes of its own: the
 * game as it knows it reads them), NULL none; *this_turn when it was
 * stated since the turn began. */
static const char *last_plan(const sl_game *g, int side, bool *this_turn)
{
    char mine[SL_NAME_LEN + 32];
    snprintf(mine, sizeof mine, SL_SOLO_PLAN "%s, ", rl_side_name(g, side));
    *this_turn = true;
    for (int i = g->journal.n - 1; i >= 0; i--) {
        const sl_event *e = &g->journal.ev[i];
        if (e->kind == SL_EV_TURN)
            *this_turn = false;
        if (e->kind == SL_EV_NOTE && strncmp(e->text, mine, strlen(mine)) == 0)
            return e->text;
    }
    return NULL;
}

/* Has the side stated no plan since the turn began? */
static bool first_this_turn(const sl_game *g, int side)
{
    bool now;
    return !last_plan(g, side, &now) || !now;
}

/* A unit the plan sets on something: its side's, a whole unit (not a
 * squad's team nor a detached element), on the table, standing, not
 * broken (a broken unit falls back). */
static bool planned(const pol *p, int u)
{
    const sl_game *g = p->g;
    const sl_unit *un = &g->live.units[u];
    return u < SL_MAX_UNITS_PLAN && un->side == p->side && un->kind != SL_UNIT_DUMMY && sl_unit_whole(&g->live, u) < 0 &&
           un->parent < 0 && rl_living(g, u) > 0 && !sl_game_off_table(g, u) && un->confidence < SL_CONF_BROKEN;
}

/* The places a plan in words set its units on: for each place, its
 * "take PLACE (" or "hold PLACE (" and the units listed up to ")", each
 * read as the longest of its side's unit names that fits. */
static void read_plan(const pol *p, const char *plan, int *prev)
{
    const sl_game *g = p->g;
    const char *end = strstr(plan, KEEP_WORDS);
    if (!end)
        end = plan + strlen(plan);
    for (int k = 0; k < g->live.nobjectives; k++)
        for (int verb = 0; verb < 2; verb++) {
            char head[SL_NAME_LEN + 16];
            snprintf(head, sizeof head, "%s %s (", verb ? "hold" : "take", g->live.objectives[k].name);
            const char *s = strstr(plan, head);
            if (!s || s >= end)
                continue;
            s += strlen(head);
            const char *close = strchr(s, ')');
            while (close && s < close) {
                int who = -1;
                size_t wl = 0;
                for (int u = 0; u < g->live.nunits && u < SL_MAX_UNITS_PLAN; u++) {
                    const char *name = rl_unit_name(g, u);
                    size_t l = strlen(name);
                    if (g->live.units[u].side == p->side && l > wl && strncmp(s, name, l) == 0 &&
                        (s[l] == ')' || strncmp(s + l, ", ", 2) == 0)) {
                        who = u;
                        wl = l;
                    }
                }
                if (who >= 0) {
                    prev[who] = k;
                    s += wl;
                } else {
                    s = strstr(s, ", ");
                    if (!s)
                        break;
                }
                s += *s == ')' ? 1 : 2;
            }
        }
}

/* What place k would be worth to the unit after two moves along the
 * way there. */
static double aim_worth(const pol *p, int u, int k)
{
    sl_pt c = rl_unit_centre(p->g, u), to = c;
    double per_turn, turns_left;
    time_left(p, u, &per_turn, &turns_left);
    sl_pt way[SL_CMD_MAX_PTS];
    int n = p->going ? field_way(&p->fields[k], p->going, c, per_turn, way, SL_CMD_MAX_PTS) : 0;
    if (n > 0)
        to = way[n - 1];
    return place_worth(p, u, k, to, per_turn, turns_left);
}

/* The place the unit would set out for now, and what it would be worth
 * there after two moves along the way (-1 none worth a step: it goes
 * for the enemy). A place it stands on and holds alone it holds. */
static int fresh_aim(const pol *p, int u, double *val, bool *holds)
{
    const sl_game *g = p->g;
    sl_pt c = rl_unit_centre(g, u);
    double per_turn, turns_left;
    time_left(p, u, &per_turn, &turns_left);
    *val = 0;
    *holds = true;
    for (int k = 0; k < g->live.nobjectives; k++) {
        bool fr, en;
        in_place(p, k, u, &fr, &en);
        bool alone = !fr || (!en && keeps(p, k, u));
        if (place_scores(p, k) && alone && dist_in(c, g->live.objectives[k].at) * SL_MILS_PER_INCH <= g->live.objectives[k].radius) {
            *val = place_worth(p, u, k, c, per_turn, turns_left);
            return k;
        }
    }
    *holds = false;
    int best = -1;
    for (int k = 0; k < g->live.nobjectives; k++) {
        double v = aim_worth(p, u, k);
        if (place_scores(p, k) && v > *val + 0.01) {
            *val = v;
            best = k;
        }
    }
    return best;
}

/* Why a unit turns from the place it was set on. */
enum { TURN_GONE, TURN_OURS, TURN_HOLDS, TURN_SPARE, TURN_THIRD, TURN_FAR, TURN_BETTER, TURN_WHYS };
static const char *const TURN_WORDS[TURN_WHYS] = {
    "no longer scores", "is ours", "which they stand on and hold alone",
    "is held by another of its units; not ahead, it goes for more",
    "is contested by two others of its units; not ahead, it goes for more", "is out of reach in the turns left",
    "is worth half as much again"};

/* Why unit u, set on place `was` last turn, turns to `fresh` (-1 the
 * enemy; `holds` it stands on it and holds it alone): a TURN_ reason, or
 * -1 when it keeps its place. */
static int turn_why(const pol *p, int u, int was, int fresh, double vf, bool holds)
{
    const sl_game *g = p->g;
    bool fr, en;
    in_place(p, was, u, &fr, &en);
    bool inside = dist_in(rl_unit_centre(g, u), g->live.objectives[was].at) * SL_MILS_PER_INCH <=
                  g->live.objectives[was].radius;
    if (!place_scores(p, was))
        return TURN_GONE;
    if (fr && !en && !inside)
        return TURN_OURS;
    if (holds)
        return TURN_HOLDS;
    /* one unit keeps a place; not ahead, the others go for another */
    if (inside && fr && !en && p->behind && fresh >= 0 && fresh != was && !keeps(p, was, u))
        return TURN_SPARE;
    if (inside && fr && en && p->behind && fresh >= 0 && fresh != was && rank_in(p, was, u) >= 2)
        return TURN_THIRD;
    double vp = aim_worth(p, u, was);
    if (vp <= 0.01)
        return TURN_FAR;
    return fresh >= 0 && vf > COMMIT_MARGIN * vp ? TURN_BETTER : -1;
}

/* The units that turned from their places, in words, those that turned
 * alike together ("A and B turn from the ford to the mill yard (the ford
 * is ours)"), into p->turned. */
static void turned_words(pol *p, const int *was, const int *why, int n)
{
    const sl_game *g = p->g;
    size_t at = 0;
    p->turned[0] = '\0';
    for (int u = 0; u < n; u++) {
        if (why[u] < 0)
            continue;
        bool first = true;
        for (int k = 0; k < u; k++)
            first = first && !(why[k] == why[u] && was[k] == was[u] && p->aim[k] == p->aim[u]);
        if (!first)
            continue;
        char who[200] = "";
        int many = 0;
        for (int k = u; k < n; k++)
            if (why[k] == why[u] && was[k] == was[u] && p->aim[k] == p->aim[u])
                many++;
        for (int k = u, i = 0; k < n; k++)
            if (why[k] == why[u] && was[k] == was[u] && p->aim[k] == p->aim[u]) {
                size_t w = strlen(who);
                snprintf(who + w, sizeof who - w, "%s%.60s", i == 0 ? "" : i == many - 1 ? " and " : ", ",
                         rl_unit_name(g, k));
                i++;
            }
        const char *from = g->live.objectives[was[u]].name,
                   *to = p->aim[u] >= 0 ? g->live.objectives[p->aim[u]].name : "the enemy";
        const char *subject = why[u] == TURN_HOLDS ? "" : why[u] == TURN_BETTER ? to : from;
        char one[420];
        snprintf(one, sizeof one, "%s turn%s from %.60s to %.60s (%.60s%s%s)", who, many > 1 ? "" : "s", from, to,
                 subject, subject[0] ? " " : "", TURN_WORDS[why[u]]);
        if (many == 1 && why[u] == TURN_HOLDS)
            snprintf(one, sizeof one, "%s turns from %.60s to %.60s (which it stands on and holds alone)", who, from,
                     to);
        if (at + strlen(one) + 3 < sizeof p->turned)
            at += (size_t)snprintf(p->turned + at, sizeof p->turned - at, "%s%s", at ? "; " : "", one);
    }
}

/* Each unit's place for this turn. Stated already this turn: as stated.
 * Else the place it was set on last turn, kept until that place is taken
 * (its side holds it, the unit not in it), lost (it no longer scores, or
 * is out of reach in the turns left), or another place is worth half as
 * much again to it after two moves (COMMIT_MARGIN); a unit that stands on
 * a place and holds it alone holds it. Who turns, and why, in p->turned. */
static void plan_aims(pol *p)
{
    const sl_game *g = p->g;
    int prev[SL_MAX_UNITS_PLAN], why[SL_MAX_UNITS_PLAN];
    for (int u = 0; u < SL_MAX_UNITS_PLAN; u++)
        prev[u] = p->aim[u] = why[u] = -1;
    p->turned[0] = '\0';
    if (g->live.nobjectives == 0)
        return;
    bool now = false;
    const char *plan = last_plan(g, p->side, &now);
    if (plan)
        read_plan(p, plan, prev);
    int n = g->live.nunits < SL_MAX_UNITS_PLAN ? g->live.nunits : SL_MAX_UNITS_PLAN;
    /* the strongest first (most men standing, then as listed): an empty
     * place the stronger units head for counts less to the others */
    int order[SL_MAX_UNITS_PLAN], no = 0;
    for (int u = 0; u < n; u++) {
        if (!planned(p, u))
            continue;
        int k = no++;
        while (k > 0 && rl_living(g, order[k - 1]) < rl_living(g, u)) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = u;
    }
    memset(p->claimed, 0, sizeof p->claimed);
    p->claiming = !now;
    for (int i = 0; i < no; i++) {
        int u = order[i];
        if (now) {
            p->aim[u] = prev[u];
            continue;
        }
        double vf;
        bool holds;
        p->aim[u] = fresh_aim(p, u, &vf, &holds);
        if (prev[u] >= 0 && prev[u] != p->aim[u]) {
            why[u] = turn_why(p, u, prev[u], p->aim[u], vf, holds);
            if (why[u] < 0)
                p->aim[u] = prev[u];
        }
        if (p->aim[u] >= 0 && p->aim[u] < SL_MAX_OBJECTIVES)
            p->claimed[p->aim[u]]++;
    }
    p->claiming = false;
    turned_words(p, prev, why, n);
}

/* The side's plan for the turn in words: for each place, the units that
 * hold it or head for it; the rest advance to contact; units too shaken
 * to do more fall back. At most `len` bytes. */
static void plan_words(const pol *p, char *out, size_t len)
{
    const sl_game *g = p->g;
    int pts[SL_MAX_SIDES];
    sl_game_score(g, pts);
    int best_other = 0;
    for (int s = 0; s < g->live.nsides; s++)
        if (s != p->side && pts[s] > best_other)
            best_other = pts[s];
    size_t at = (size_t)snprintf(out, len, "%s, turn %d", rl_side_name(g, p->side), g->turn);
    if (g->live.nobjectives > 0)
        at += (size_t)snprintf(out + at, at < len ? len - at : 0, ", %s on the places (%d to %d)",
                               pts[p->side] > best_other ? "ahead" : pts[p->side] == best_other ? "level" : "behind",
                               pts[p->side], best_other);
    int aim[SL_MAX_UNITS_PLAN];
    int nu = g->live.nunits < SL_MAX_UNITS_PLAN ? g->live.nunits : SL_MAX_UNITS_PLAN;
    for (int u = 0; u < nu; u++)
        aim[u] = !planned(p, u) ? -1 : p->aim[u] >= 0 ? p->aim[u] : g->live.nobjectives;
    /* the units with no place to take: what each does, in the rule's own
     * words where it has some (SkirmishCorps), else advance to contact;
     * units that do the same listed together */
    char doing[SL_MAX_UNITS_PLAN][64];
    for (int u = 0; u < nu; u++)
        if (aim[u] == g->live.nobjectives && !rl_hook_aim_words(g, p, u, doing[u], sizeof doing[u]))
            snprintf(doing[u], sizeof doing[u], "%s", p->nenemies > 0 ? "advance to contact" : "hold where they stand");
    const char *sep = ": ";
    for (int i = 0; i < g->live.nobjectives + nu && at < len; i++) {
        char who[200] = "";
        size_t w = 0;
        int n = 0;
        bool hold = false;
        /* a place, else the doing of unit i - nobjectives (once: at its first unit) */
        int lead = i < g->live.nobjectives ? -1 : i - g->live.nobjectives;
        if (lead >= 0 && aim[lead] != g->live.nobjectives)
            continue;
        bool said = false;
        for (int k = 0; lead >= 0 && k < lead; k++)
            said = said || (aim[k] == g->live.nobjectives && strcmp(doing[k], doing[lead]) == 0);
        if (said)
            continue;
        for (int u = 0; u < nu; u++) {
            if (lead >= 0 ? aim[u] != g->live.nobjectives || strcmp(doing[u], doing[lead]) != 0 : aim[u] != i)
                continue;
            if (lead < 0)
                hold = hold || dist_in(rl_unit_centre(g, u), g->live.objectives[i].at) * SL_MILS_PER_INCH <=
                                   g->live.objectives[i].radius;
            if (w < sizeof who)
                w += (size_t)snprintf(who + w, sizeof who - w, "%s%s", n ? ", " : "", rl_unit_name(g, u));
            n++;
        }
        if (n == 0)
            continue;
        if (lead < 0)
            at += (size_t)snprintf(out + at, at < len ? len - at : 0, "%s%s %s (%s)", sep, hold ? "hold" : "take",
                                   g->live.objectives[i].name, who);
        else
            at += (size_t)snprintf(out + at, at < len ? len - at : 0, "%s%s (%s)", sep, doing[lead], who);
        sep = "; ";
    }
    for (int u = 0; u < nu && at < len; u++) {
        const sl_unit *un = &g->live.units[u];
        if (un->side == p->side && sl_unit_whole(&g->live, u) < 0 && un->parent < 0 && rl_living(g, u) > 0 &&
            un->confidence >= SL_CONF_BROKEN && un->confidence < SL_CONF_ROUTED) {
            at += (size_t)snprintf(out + at, at < len ? len - at : 0, "%s%s, %s, falls back", sep, rl_unit_name(g, u),
                                   sl_confidence_name(un->confidence));
            sep = "; ";
        }
    }
    for (int k = 0, n = 0; k < g->live.nobjectives && at < len; k++)
        if (long_odds_place(p, k)) {
            at += (size_t)snprintf(out + at, len - at, "%s%s", n ? " or " : sep,
                                   n ? "" : "last turn, assault at long odds if need be to clear ");
            at += (size_t)snprintf(out + at, at < len ? len - at : 0, "%s", g->live.objectives[k].name);
            sep = "; ";
            n++;
        }
    if (sep[0] == ':' && at < len)
        at += (size_t)snprintf(out + at, len - at, ": nothing left to act");
    bool now;
    if (g->live.nobjectives > 0 && last_plan(g, p->side, &now) && at < len)
        snprintf(out + at, len - at, "%s%s%.*s", KEEP_WORDS, p->turned[0] ? ": " : "", (int)(len - at), p->turned);
    sl_utf8_trim(out);
}

/* The command with the plan before its reason, on the side's first
 * command of a turn ("solo: [plan for turn 2: ...] reason"): the journal
 * gives the plan a line of its own. */
static void with_plan(const sl_game *g, int side, sl_stance stance, sl_command *out)
{
    if (strncmp(out->note, "solo: ", 6) != 0 || !first_this_turn(g, side) || g->turn < 1)
        return;
    pol p;
    pol_init(&p, g, side, stance);
    char plan[480], why[SL_CMD_NOTE];
    plan_words(&p, plan, sizeof plan);
    pol_free(&p);
    snprintf(why, sizeof why, "%s", out->note + 6);
    size_t n = (size_t)snprintf(out->note, sizeof out->note, "solo: [%s] ", plan);
    if (n < sizeof out->note)
        sl_utf8_copy(out->note + n, sizeof out->note - n, why);
}

/* The policy on the game as its side knows it (rl_known_make): what it
 * cannot see it cannot weigh, whatever a rule puts in the game. */
/* Who goes first, when its side chooses (p15): itself when it has
 * something pressing to do or is behind on the objectives; else the
 * enemy, so the enemy commits while its own units wait to answer. */
static bool decide_first(const pol *p, sl_command *out)
{
    const sl_game *g = p->g;
    double urge;
    int u = pick_unit(p, NULL, 0, &urge);
    /* a rule's own choice gives the reason (SkirmishCorps' assignments) */
    sl_command c;
    char rw[SL_CMD_NOTE];
    int other = -1;
    for (int s = 0; s < g->live.nsides && other < 0; s++)
        if (s != p->side)
            other = s;
    if (other >= 0 && rl_hook_side_orders(g, p, &c, rw, sizeof rw)) {
        bool acts = c.kind != SL_CMD_PASS && c.kind != SL_CMD_DONE;
        sl_cmd_decide_first(out, acts ? p->side : other);
        snprintf(out->note, sizeof out->note, "solo: %s %s: %.*s", rl_side_name(g, p->side),
                 acts ? "goes first" : "lets the enemy go first", rl_reason_head(rw), rw);
        sl_utf8_trim(out->note);
        return true;
    }
    if (other < 0 || p->behind || (u >= 0 && urge >= 0.25)) {
        sl_cmd_decide_first(out, p->side);
        if (u >= 0)
            snprintf(out->note, sizeof out->note, "solo: %s goes first, for %s", rl_side_name(g, p->side),
                     rl_unit_name(g, u)); /* its why is the activation's */
        else
            snprintf(out->note, sizeof out->note, "solo: %s goes first: %s", rl_side_name(g, p->side),
                     p->behind ? "it is behind on the objectives and must act" : "to act before the enemy can");
        return true;
    }
    sl_cmd_decide_first(out, other);
    snprintf(out->note, sizeof out->note,
             "solo: %s lets %s go first: ahead on the objectives with nothing pressing, its units wait to answer what "
             "the enemy does",
             rl_side_name(g, p->side), rl_side_name(g, other));
    return true;
}

static bool decide_on(const sl_game *g, int side, sl_stance stance, sl_command *out)
{
    if (g->pending.kind == SL_DECIDE_FIRST && g->pending.side == side) {
        pol p;
        pol_init(&p, g, side, stance);
        bool ok = decide_first(&p, out);
        pol_free(&p);
        return ok;
    }
    if (g->pending.kind != SL_DECIDE_NONE && g->pending.kind != of_decide_kind())
        return g->pending.side == side && sl_game_auto_decide(g, out);
    if (g->pending.kind == of_decide_kind() && g->pending.side != side)
        return false;
    pol p;
    pol_init(&p, g, side, stance);
    bool ok = g->pending.kind == of_decide_kind() ? decide_opfire(&p, out) : solo_command(&p, side, out);
    pol_free(&p);
    return ok;
}

bool sl_game_solo_command(const sl_game *g, int side, sl_stance stance, sl_command *out)
{
    if (g->outcome.over || side < 0 || side >= g->live.nsides)
        return false;
    rl_known k;
    char err[200];
    if (!rl_known_make(g, side, &k, err, sizeof err))
        return false;
    bool ok = decide_on(&k.game, side, stance, out);
    if (ok)
        with_plan(&k.game, side, stance, out);
    rl_known_free(&k);
    return ok;
}

/* --- a second baseline: greedy, one step ahead -------------------------------------------- */

/* The greedy baseline's action for its active unit: fire at its best
 * target if it has any chance, else a house rule's own (a fire mission
 * it can call), else an assault at better than even odds, else a move
 * toward the nearest place it does not hold by the cheapest way. */
static bool greedy_action(const pol *p, int u, sl_command *out)
{
    const sl_game *g = p->g;
    double eff, ps;
    int t = best_fire(p, u, NULL, &eff, &ps, NULL);
    if (t >= 0 && ps > 0) {
        sl_cmd_fire(out, u, t, SL_FIRE_ALL);
        if (allowed(g, out))
            return true;
    }
    choice best = {0, {0}, ""};
    sl_cmd_init(&best.cmd, SL_CMD_NONE, -1);
    rl_hook_tactics(g, p, u, &best);
    if (best.cmd.kind != SL_CMD_NONE && allowed(g, &best.cmd)) {
        *out = best.cmd;
        return true;
    }
    for (int i = 0; i < p->nenemies; i++) {
        sl_assault_preview ap;
        sl_game_assault_preview(g, u, p->enemies[i], &ap);
        if (ap.possible && ap.men > 0 && ap.p_react * ap.p_reach * (ap.p_defenders_fail + 0.5 * (1 - ap.p_defenders_fail)) > 0.5) {
            sl_cmd_target(out, SL_CMD_ASSAULT, u, p->enemies[i]);
            if (allowed(g, out))
                return true;
        }
    }
    /* the nearest place not its own, by the going */
    sl_pt c = rl_unit_centre(g, u);
    int near = -1;
    double nd = 1e18;
    for (int i = 0; p->going && i < g->live.nobjectives; i++) {
        const sl_objective *o = &g->live.objectives[i];
        if (o->reach_side >= 0 && (o->reach_side != p->side || g->outcome.reached[i]))
            continue;
        bool fr, en;
        in_place(p, i, u, &fr, &en);
        double d = field_dist(&p->fields[i], c);
        if ((fr && !en) || d < 0 || dist_in(c, o->at) * SL_MILS_PER_INCH <= 0.6 * o->radius)
            continue;
        if (d < nd) {
            nd = d;
            near = i;
        }
    }
    if (near >= 0) {
        int32_t reach;
        sl_die die;
        mv_mobility(g, u, &reach, &die);
        sl_pt way[SL_CMD_MAX_PTS];
        for (int k = 0; k < 3; k++) {
            int n = field_way(&p->fields[near], p->going, c, reach * (0.9 - 0.3 * k) / SL_MILS_PER_INCH, way,
                              SL_CMD_MAX_PTS);
            if (n <= 0)
                break;
            sl_cmd_move(out, SL_CMD_MOVE, u, way, n);
            if (allowed(g, out))
                return true;
        }
    }
    sl_cmd_init(out, SL_CMD_END_ACTIVATION, -1);
    return allowed(g, out);
}

bool sl_game_greedy_command(const sl_game *g, int side, sl_command *out)
{
    if (g->outcome.over || side < 0 || side >= g->live.nsides)
        return false;
    rl_known k;
    char err[200];
    if (!rl_known_make(g, side, &k, err, sizeof err))
        return false;
    const sl_game *kg = &k.game;
    bool ok = false;
    if (kg->pending.kind != SL_DECIDE_NONE) {
        if (kg->pending.kind == SL_DECIDE_FIRST && kg->pending.side == side) {
            sl_cmd_decide_first(out, side);
            ok = true;
        } else {
            ok = kg->pending.side == side && sl_game_auto_decide(kg, out);
        }
    } else {
        int a = sl_game_active_unit(kg);
        if (a >= 0) {
            pol p;
            pol_init(&p, kg, side, SL_STANCE_BALANCED);
            p.plain = true;
            ok = kg->live.units[a].side == side && greedy_action(&p, a, out);
            pol_free(&p);
        } else if (kg->side_to_act == side) {
            for (int u = 0; u < kg->live.nunits && !ok; u++)
                if (kg->live.units[u].side == side && sl_game_to_activate(kg, u)) {
                    sl_cmd_init(out, SL_CMD_ACTIVATE, u);
                    ok = allowed(kg, out);
                }
            if (!ok) {
                sl_cmd_side(out, SL_CMD_DONE, side);
                ok = allowed(kg, out);
            }
        }
    }
    if (ok)
        snprintf(out->note, sizeof out->note, "greedy baseline");
    rl_known_free(&k);
    return ok;
}

/* --- the baseline: any legal action, at random ------------------------------------------ */

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int pick(uint64_t *s, int n)
{
    return n > 0 ? (int)(next(s) % (uint64_t)n) : 0;
}

bool sl_game_random_command(const sl_game *g, int side, uint64_t *rng, sl_command *out)
{
    if (g->outcome.over || side < 0 || side >= g->live.nsides)
        return false;
    if (g->pending.kind != SL_DECIDE_NONE) {
        if (g->pending.side != side)
            return false;
        if ((g->pending.kind == of_decide_kind() || g->pending.kind == SL_DECIDE_REACTION_FIRE) &&
            g->pending.noptions > 0) {
            int k = pick(rng, g->pending.noptions + 1);
            if (k < g->pending.noptions)
                sl_cmd_decide_fire(out, g->pending.options[k], NULL);
            else
                sl_cmd_decide(out, SL_DECIDE_WORD_PASS);
            snprintf(out->note, sizeof out->note, "baseline: at random");
            if (allowed(g, out))
                return true;
        }
        return sl_game_auto_decide(g, out);
    }
    int a = sl_game_active_unit(g);
    sl_command c;
    if (a >= 0) {
        if (g->live.units[a].side != side)
            return false;
        sl_offer offers[SL_MAX_OFFERS];
        int n = sl_game_offers(g, a, offers, SL_MAX_OFFERS);
        for (int tries = 0; tries < 3 * n; tries++) {
            const sl_offer *o = &offers[pick(rng, n)];
            if (o->kind == SL_CMD_NONE || o->kind == SL_CMD_PASS || o->kind == SL_CMD_DONE || o->needs_figures ||
                o->needs_point || o->toggle)
                continue;
            int target = -1;
            sl_pt pt;
            int npts = 0;
            if (o->needs_target) {
                /* among the other sides' units: never its own */
                int foes[256], nf = 0;
                for (int e = 0; e < g->live.nunits && nf < 256; e++)
                    if (g->live.units[e].side != side)
                        foes[nf++] = e;
                if (nf == 0)
                    continue;
                target = foes[pick(rng, nf)];
            }
            if (o->needs_path) {
                sl_pt ctr = rl_unit_centre(g, a);
                double ang = (double)(next(rng) % 3600) * (PI / 1800), r = (double)(next(rng) % 6500);
                pt = sl_pt_make(ctr.x + (int32_t)(cos(ang) * r), ctr.y + (int32_t)(sin(ang) * r));
                if (!sl_table_contains(&g->live.table, pt))
                    continue;
                npts = 1;
            }
            sl_offer_command(g, o, a, target, npts ? &pt : NULL, npts, NULL, 0, false, &c);
            if (allowed(g, &c)) {
                *out = c;
                snprintf(out->note, sizeof out->note, "baseline: at random");
                return true;
            }
        }
        sl_cmd_init(out, SL_CMD_END_ACTIVATION, -1);
        snprintf(out->note, sizeof out->note, "baseline: nothing drawn was allowed");
        return allowed(g, out);
    }
    if (g->side_to_act != side)
        return false;
    int cand[256], n = 0;
    for (int u = 0; u < g->live.nunits && n < 256; u++)
        if (g->live.units[u].side == side && sl_game_to_activate(g, u))
            cand[n++] = u;
    if (n > 0) {
        sl_cmd_init(out, SL_CMD_ACTIVATE, cand[pick(rng, n)]);
        snprintf(out->note, sizeof out->note, "baseline: at random");
        if (allowed(g, out))
            return true;
    }
    sl_cmd_side(out, SL_CMD_DONE, side);
    snprintf(out->note, sizeof out->note, "baseline: done");
    return allowed(g, out);
}
