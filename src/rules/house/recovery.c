/* Cross training and equipment recovery (seed 000, "Cross Training").
 *
 * A reorganise may name kit to take up from casualties: `reorganise UNIT
 * recover FIGURE[:ITEM] [to FIGURE] ...`. Each item is one equipment
 * recovery test (the squad's quality die must beat its leadership + 2,
 * threat level 2); a pass hands it to a man of the squad, a fail marks it
 * unrecoverable on the casualty for good (unless he is later treated and
 * found fit: he uses it again himself). Who may take up what is the
 * seed's restriction and three exceptions: rc_trained below. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "house.h"

/* Its options, by index (listed after the base's lose_contact). */
enum { RC_CROSS_TRAINING, RC_ENEMY_KIT };
static const rl_option_def rc_options[] = {
    {{"cross_training", SL_OPT_BOOL, 0, NULL, 1, 0, 0,
      "Cross training (seed 000): a squad's men may take up the weapons and kit of its casualties by a "
      "reorganise with an equipment recovery test each. Human squads are cross trained unless the scenario "
      "marks one \"cross_trained\": false; off, only Phalon units are (for them the rule is not optional)."},
     "lose_contact"},
    {{"recover_enemy_kit", SL_OPT_BOOL, 0, NULL, 0, 0, 0,
      "Cross training (seed 000): kit may also be recovered from enemy casualties, as in historical games. "
      "Off: in science fiction the enemy's weapons cannot be used."},
     NULL},
};

extern const rl_house rc_rule;

/* What of a man's kit failed its recovery test (RC_KIT_* bits), kept as
 * his own bytes (rl_figure_state: they go with him) until he is fit. */
static unsigned *lost_of(const sl_game *g, int fig)
{
    return rl_figure_state(g, &rc_rule, fig);
}

unsigned rc_kit_lost(const sl_game *g, int fig)
{
    const unsigned *b = lost_of(g, fig);
    return b ? *b : 0;
}

static const char *const equip_names[] = {"medikit", "EW kit", "forward observer's kit", "sensor"};

/* The squad a unit's men belong to: a fireteam's squad, a detached
 * element's squad, else the unit. */
static int home_of(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    if (un->parent >= 0)
        return un->parent;
    return sl_unit_whole(&g->live, u) >= 0 ? sl_unit_whole(&g->live, u) : u;
}

static bool is_phalon(const sl_game *g, int u)
{
    return rc_phalon(&g->live, u);
}

static bool attached(const sl_game *g, const sl_figure *f)
{
    return rc_attached(&g->live, (int)(f - g->live.figures)) || f->role == SL_ROLE_SNIPER;
}

/* Does the figure carry item `item` (0: a support weapon, 1..: an
 * equipment bit's place + 1)? */
static bool carries(const sl_figure *f, int item)
{
    return item == 0 ? f->support >= 0 : (f->equipment & (1u << (item - 1))) != 0;
}

static unsigned kit_bit(int item)
{
    return 1u << item;
}

static void rc_item_name(const sl_figure *f, int item, char *out, size_t len)
{
    if (item == 0) {
        const sl_weapon *w = sl_weapon_get(f->support);
        snprintf(out, len, "%s", w ? w->name : "support weapon");
    } else {
        snprintf(out, len, "%s", item >= 1 && item <= 4 ? equip_names[item - 1] : "kit");
    }
}

/* Is squad `home` trained in the item in `f`'s hands (of unit `from`)?
 * The restriction and its exceptions; NULL when it is, else why not. */
static const char *trained(const sl_game *g, int home, const sl_figure *f, int item)
{
    const sl_unit *h = &g->live.units[home];
    const sl_scenario *scn = &g->live;
    bool also = item == 0 ? f->support >= 0 && f->support < 32 && (rc_also_support(scn, home) & (1u << f->support))
                          : (rc_also_equipment(scn, home) & (1u << (item - 1))) != 0;
    if (also)
        return NULL; /* the scenario says so (exception 1) */
    if (attached(g, f))
        return "is an attached independent: his kit is not recovered (seed 000, exception 2)";
    if (is_phalon(g, home))
        return NULL; /* exception 3 */
    if (!rl_option(g, &rc_rule, RC_CROSS_TRAINING) || rc_not_cross_trained(scn, home))
        return "is not cross trained (the scenario, or rule option cross_training)";
    int from = home_of(g, f->unit);
    if (from == home)
        return NULL;
    if (g->live.units[from].side != h->side)
        return NULL; /* enemy kit, allowed by the option (checked before) */
    uint32_t sup = rc_kit_support(scn, home) & rc_kit_support(scn, from);
    unsigned eq = rc_kit_equipment(scn, home) & rc_kit_equipment(scn, from);
    bool both = item == 0 ? f->support < 32 && (sup & (1u << f->support)) : (eq & (1u << (item - 1))) != 0;
    if (!both)
        return "does not normally carry it: men of one squad take up another's kit only when both squads carry "
               "it (seed 000)";
    return NULL;
}

/* Is the casualty within the recovering unit's integrity range: within
 * the chain distance of one of its men standing, or inside its circle? */
static bool in_range(const sl_game *g, int unit, const sl_figure *cf, double *dist)
{
    const sl_unit *u = &g->live.units[unit];
    const sl_options *o = &g->live.options;
    double best = 1e300;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        if (f->status != SL_FIG_OK)
            continue;
        double d = sl_dist(f->pos, cf->pos);
        if (d < best)
            best = d;
    }
    *dist = best / 1000.0;
    sl_pt c = sl_unit_centre(&g->live, unit, NULL);
    return best <= o->integrity_chain || sl_dist(c, cf->pos) <= o->integrity_circle / 2.0;
}

/* The man of `unit` best placed to take an item: one with no support
 * weapon or kit to drop first, then not the leader, then the nearest;
 * not one already named in `busy`. -1 when none may. */
static int best_taker(const sl_game *g, int unit, const sl_figure *cf, const int *busy, int nbusy)
{
    const sl_unit *u = &g->live.units[unit];
    int best = -1, brank = 0;
    double bd = 0;
    for (int i = 0; i < u->nfigures; i++) {
        int fi = u->first_figure + i;
        const sl_figure *f = &g->live.figures[fi];
        if (f->status != SL_FIG_OK || attached(g, f) || f == cf)
            continue;
        bool taken = false;
        for (int k = 0; k < nbusy; k++)
            taken |= busy[k] == fi;
        if (taken)
            continue;
        /* 0 best: free hands, not the leader */
        int rank = (f->support >= 0 || f->equipment ? 2 : 0) + (f->role == SL_ROLE_LEADER ? 1 : 0);
        double d = sl_dist(f->pos, cf->pos);
        if (best < 0 || rank < brank || (rank == brank && d < bd)) {
            best = fi;
            bd = d;
            brank = rank;
        }
    }
    return best;
}

/* Check recovery k of a reorganise and settle its item and taker. */
static bool check_one(const sl_game *g, int unit, const rc_cmd *r, int k, const int *takers, int *item_out,
                      int *to_out, char *why, size_t whylen)
{
    int home = home_of(g, unit);
    const sl_unit *u = &g->live.units[unit];
    const rc_clause *cl = &r->k[k];
    const sl_figure *cf = &g->live.figures[cl->fig];
    if (cf->status == SL_FIG_OK)
        return rl_refuse(why, whylen, "%s is not a casualty: he uses his own kit", cf->id);
    int item = cl->item;
    if (item < 0) {
        int n = 0;
        for (int i = 0; i < 5; i++)
            if (carries(cf, i) && !(rc_kit_lost(g, cl->fig) & kit_bit(i))) {
                item = i;
                n++;
            }
        if (n == 0) {
            for (int i = 0; i < 5; i++)
                if (carries(cf, i))
                    item = i;
            if (item < 0)
                return rl_refuse(why, whylen, "%s carries no support weapon or kit: nothing to recover", cf->id);
        } else if (n > 1) {
            return rl_refuse(why, whylen, "%s carries more than one item: name one as %s:ITEM (support, medikit, ew, "
                             "fao, sensor)", cf->id, cf->id);
        }
    }
    char name[80];
    rc_item_name(cf, item, name, sizeof name);
    if (!carries(cf, item))
        return rl_refuse(why, whylen, "%s carries no %s: nothing to recover", cf->id,
                         item == 0 ? "support weapon" : equip_names[item - 1]);
    if (item == 0 && cl->weapon >= 0 && cl->weapon != cf->support)
        return rl_refuse(why, whylen, "%s's support weapon is the %s, not the %s", cf->id, name,
                         sl_weapon_get(cl->weapon)->name);
    if (rc_kit_lost(g, cl->fig) & kit_bit(item))
        return rl_refuse(why, whylen,
                         "%s's %s failed its recovery test and is marked unrecoverable: no reorganise may try again "
                         "(seed 000)",
                         cf->id, name);
    for (int j = 0; j < k; j++)
        if (r->k[j].fig == cl->fig && item_out[j] == item)
            return rl_refuse(why, whylen, "%s's %s is named twice: one test for each item", cf->id, name);
    const sl_unit *cu = &g->live.units[cf->unit];
    if (cu->side != u->side && !rl_option(g, &rc_rule, RC_ENEMY_KIT))
        return rl_refuse(why, whylen,
                         "%s is the enemy's: his kit cannot be used (rule option recover_enemy_kit, for historical "
                         "games)",
                         cf->id);
    const char *no = trained(g, home, cf, item);
    if (no)
        return rl_refuse(why, whylen, "%s may not take up %s's %s: %s %s", u->name, cf->id, name,
                         strstr(no, "attached") ? cf->id : g->live.units[home].name, no);
    if (home_of(g, cf->unit) != home) {
        double d = 0;
        if (!in_range(g, unit, cf, &d))
            return rl_refuse(why, whylen, "%s is %.1f\" from %s's nearest man: out of its integrity range", cf->id, d,
                             u->name);
    }
    int to = cl->to;
    if (to >= 0) {
        const sl_figure *tf = &g->live.figures[to];
        if (tf->unit != unit && home_of(g, tf->unit) != unit)
            return rl_refuse(why, whylen, "%s is not in %s", tf->id, u->name);
        if (tf->status != SL_FIG_OK)
            return rl_refuse(why, whylen, "%s is a casualty himself", tf->id);
        if (attached(g, tf))
            return rl_refuse(why, whylen, "%s is an attached independent: he takes up no squad kit (seed 000, "
                             "exception 2)", tf->id);
        for (int j = 0; j < k; j++)
            if (takers[j] == to)
                return rl_refuse(why, whylen, "%s already takes up an item: one man uses one", tf->id);
    } else {
        to = best_taker(g, unit, cf, takers, k);
        if (to < 0)
            return rl_refuse(why, whylen, "no man of %s is free to take up %s's %s", u->name, cf->id, name);
    }
    item_out[k] = item;
    *to_out = to;
    return true;
}

static bool rc_check(const sl_game *g, const sl_command *c, int *items, int *takers, char *why, size_t whylen)
{
    rc_cmd r = rc_cmd_of(c);
    for (int k = 0; k < r.n; k++)
        if (!check_one(g, c->unit, &r, k, takers, items, &takers[k], why, whylen))
            return false;
    return true;
}

double rc_recovery_odds(const sl_game *g, int unit)
{
    const sl_unit *u = &g->live.units[home_of(g, unit)];
    int sides = (int)sl_quality_die(u->quality);
    int target = u->leadership + 2;
    return sides > target ? (double)(sides - target) / sides : 0.0;
}

/* The items a reorganise of `unit` could name, in a fixed order: its own
 * squad's casualties first, then other units' within its integrity range
 * (the enemy's only when the option allows). */
static int candidates(const sl_game *g, int unit, int *figs, int *items, int max)
{
    int home = home_of(g, unit), n = 0;
    const sl_unit *u = &g->live.units[unit];
    for (int pass = 0; pass < 2; pass++)
        for (int o = 0; o < g->live.nunits; o++) {
            const sl_unit *ou = &g->live.units[o];
            bool own = home_of(g, o) == home;
            if (own != (pass == 0) || ou->kind != SL_UNIT_INFANTRY)
                continue;
            if (!own && ou->side != u->side && !rl_option(g, &rc_rule, RC_ENEMY_KIT))
                continue;
            for (int i = 0; i < ou->nfigures; i++) {
                int fi = ou->first_figure + i;
                const sl_figure *f = &g->live.figures[fi];
                double d = 0;
                if (f->status == SL_FIG_OK || (!own && !in_range(g, unit, f, &d)))
                    continue;
                for (int item = 0; item < 5; item++)
                    if (carries(f, item) && n < max) {
                        figs[n] = fi;
                        items[n] = item;
                        n++;
                    }
            }
        }
    return n;
}

static void add_clause(rc_cmd *r, int fig, int item)
{
    if (r->n >= RC_MAX_RECOVER)
        return;
    r->k[r->n++] = (rc_clause){fig, item, -1, -1};
}

int sl_game_recoverables(const sl_game *g, int unit, unsigned chosen, sl_recoverable *out, int max)
{
    if (unit < 0 || unit >= g->live.nunits || g->live.units[unit].kind != SL_UNIT_INFANTRY)
        return 0;
    int figs[SL_MAX_RECOVERABLE], items[SL_MAX_RECOVERABLE];
    int n = candidates(g, unit, figs, items, max < SL_MAX_RECOVERABLE ? max : SL_MAX_RECOVERABLE);
    double odds = rc_recovery_odds(g, unit);
    rc_cmd c;
    memset(&c, 0, sizeof c);
    int takers[RC_MAX_RECOVER + 1], got[RC_MAX_RECOVER + 1];
    /* the chosen ones first, as the command will name them; then each of
     * the others as if it were named next */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            bool picked = i < 32 && (chosen & (1u << i));
            if (picked != (pass == 0))
                continue;
            sl_recoverable *r = &out[i];
            memset(r, 0, sizeof *r);
            r->figure = figs[i];
            r->item = items[i];
            r->taker = -1;
            r->odds = odds;
            const sl_figure *cf = &g->live.figures[figs[i]];
            rc_item_name(cf, items[i], r->name, sizeof r->name);
            int k = c.n;
            if (k >= RC_MAX_RECOVER) {
                snprintf(r->why, sizeof r->why, "at most %d items in one reorganise", RC_MAX_RECOVER);
                continue;
            }
            add_clause(&c, figs[i], items[i]);
            int to = -1;
            r->ok = check_one(g, unit, &c, k, takers, got, &to, r->why, sizeof r->why);
            takers[k] = r->ok ? to : -1;
            if (!r->ok)
                got[k] = -1;
            if (!picked || !r->ok)
                c.n--; /* only the chosen stay named */
            if (!r->ok)
                continue;
            r->taker = to;
            const sl_figure *tf = &g->live.figures[to];
            size_t at = 0;
            if (tf->support >= 0) {
                const sl_weapon *w = sl_weapon_get(tf->support);
                at += (size_t)snprintf(r->drops, sizeof r->drops, "%s", w ? w->name : "support weapon");
            }
            for (int b = 0; b < 4 && at < sizeof r->drops; b++)
                if (tf->equipment & (1u << b))
                    at += (size_t)snprintf(r->drops + at, sizeof r->drops - at, "%s%s", at ? ", " : "", equip_names[b]);
        }
    return n;
}

void sl_game_recover_command(const sl_game *g, int unit, unsigned chosen, bool untreated, sl_command *out)
{
    sl_cmd_init(out, SL_CMD_REORGANISE, unit);
    rc_cmd r;
    memset(&r, 0, sizeof r);
    r.untreated = untreated;
    int figs[SL_MAX_RECOVERABLE], items[SL_MAX_RECOVERABLE];
    int n = unit >= 0 && unit < g->live.nunits ? candidates(g, unit, figs, items, SL_MAX_RECOVERABLE) : 0;
    for (int i = 0; i < n; i++)
        if (chosen & (1u << i))
            add_clause(&r, figs[i], items[i]);
    rc_cmd_set(out, &r);
}

/* A rule's words as the card says them: in plain words (names, not ids;
 * the rule's name, not its seed), a man of the unit reorganising by his
 * place in it alone ("man 3 (specialist)", "the leader"). */
static void card_words(const sl_game *g, int unit, const char *in, char *out, size_t len)
{
    char plain[600];
    sl_game_plain_words(g, in, plain, sizeof plain);
    const char *name = g->live.units[unit].name;
    char lead[SL_NAME_LEN + 16];
    size_t nl = strlen(name);
    snprintf(lead, sizeof lead, "%s's leader", name);
    for (char *p = strstr(plain, lead); p; p = strstr(p, lead)) {
        memmove(p + 4, p + nl + 3, strlen(p + nl + 3) + 1);
        memcpy(p, "the ", 4);
    }
    snprintf(lead, sizeof lead, "%s's man ", name);
    for (char *p = strstr(plain, lead); p; p = strstr(p, lead))
        memmove(p, p + nl + 3, strlen(p + nl + 3) + 1);
    sl_utf8_copy(out, len, plain);
}

/* Why an item may not be tried, short, for its line on the card (its
 * owner and the item are named before it): what the rules say of it,
 * without repeating whose it is or citing the rule. */
static void short_why(const sl_game *g, int unit, const sl_recoverable *r, char *out, size_t len)
{
    const sl_figure *cf = &g->live.figures[r->figure];
    if (rc_kit_lost(g, r->figure) & kit_bit(r->item)) {
        snprintf(out, len, "failed its test, unrecoverable");
        return;
    }
    char why[sizeof r->why], pre[SL_NAME_LEN + SL_ID_LEN + 120];
    snprintf(why, sizeof why, "%s", r->why);
    char *cite = strstr(why, " (seed");
    if (cite)
        *cite = '\0';
    const char *at = why;
    /* "U may not take up X's ITEM: ..." and "X's ITEM ..." */
    snprintf(pre, sizeof pre, "%s may not take up %s's %s: ", g->live.units[unit].name, cf->id, r->name);
    if (strncmp(at, pre, strlen(pre)) == 0)
        at += strlen(pre);
    snprintf(pre, sizeof pre, "%s's %s ", cf->id, r->name);
    if (strncmp(at, pre, strlen(pre)) == 0)
        at += strlen(pre);
    card_words(g, unit, at, out, len);
}

/* Kit named on the card: a support weapon without its kind in brackets
 * ("Squad automatic weapon", not "... (conventional)"). */
static void short_name(const char *in, char *out, size_t len)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 1 < len; p++) {
        if (p[0] == ' ' && p[1] == '(') {
            const char *close = strchr(p, ')');
            if (close) {
                p = close;
                continue;
            }
        }
        out[o++] = *p;
    }
    out[o] = '\0';
}

/* Each item's line on the card, and what is said when its number is
 * pressed: who carried it, the man who takes it up and what he puts
 * down; an item that may not be tried says why, in full. */
static void rc_item_lines(const sl_game *g, int unit, const sl_recoverable *r, bool on, sl_list_item *it)
{
    char who[SL_NAME_LEN + 48], what[SL_NAME_LEN + 140], name[sizeof r->name];
    sl_game_man_words(g, r->figure, unit, who, sizeof who);
    short_name(r->name, name, sizeof name);
    snprintf(what, sizeof what, "%s's %s", who, name);
    it->figure = r->figure;
    it->to = r->ok ? r->taker : -1;
    it->ok = r->ok;
    it->chosen = on;
    if (r->ok) {
        char taker[SL_NAME_LEN + 48], drops[120] = "puts down nothing";
        sl_game_man_words(g, r->taker, unit, taker, sizeof taker);
        char down[sizeof r->drops];
        short_name(r->drops, down, sizeof down);
        if (r->drops[0])
            snprintf(drops, sizeof drops, "puts down his %.90s", down);
        snprintf(it->line, sizeof it->line, "%s %.150s \xE2\x86\x92 %.100s, %.110s", on ? "[x]" : "[ ]", what, taker, drops);
        snprintf(it->said_on, sizeof it->said_on, "%.150s to %.100s: a recovery test (%.0f%%); Enter reorganises", what,
                 taker, r->odds * 100);
    } else {
        char why[300];
        short_why(g, unit, r, why, sizeof why);
        snprintf(it->line, sizeof it->line, "\xC3\x97 %.150s: %.220s", what, why);
        char full[sizeof r->why];
        snprintf(full, sizeof full, "%s", r->why);
        char *cite = strstr(full, " (seed");
        if (cite)
            *cite = '\0'; /* the card is the rule's own */
        card_words(g, unit, full, it->said_on, sizeof it->said_on);
        if (it->said_on[0] >= 'a' && it->said_on[0] <= 'z')
            it->said_on[0] = (char)(it->said_on[0] - 'a' + 'A'); /* it opens the refusal's box */
    }
    snprintf(it->said_off, sizeof it->said_off, "%.150s: not tried", what);
}

/* The U toggle: leaving the unit's untreated wounded without first aid
 * this time (p39) and what that costs (p20: each untreated casualty adds
 * to its confidence tests' threat, by motivation). */
static void rc_untreated_toggle(const sl_game *g, int unit, bool on, sl_list_toggle *t)
{
    const sl_unit *u = &g->live.units[unit];
    int wounded = 0;
    bool medic = false;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        wounded += f->status == SL_FIG_WOUNDED && !f->treated;
        medic |= f->status == SL_FIG_OK && (f->role == SL_ROLE_MEDIC || (f->equipment & SL_EQUIP_MEDIKIT));
    }
    t->key = 'u';
    if (wounded == 0) {
        snprintf(t->line, sizeof t->line, "[U] no untreated wounded of its own");
        snprintf(t->said_on, sizeof t->said_on, "%s has no untreated wounded: U changes nothing", u->name);
        memcpy(t->said_off, t->said_on, sizeof t->said_off);
        return;
    }
    char cost[120], them[40];
    int plus = mor_untreated_plus(g, unit);
    if (plus > 0)
        snprintf(cost, sizeof cost, "+%d threat each on confidence tests", plus);
    else
        snprintf(cost, sizeof cost, "no confidence cost (%s motivation)", sl_motivation_name(u->motivation));
    snprintf(them, sizeof them, wounded == 1 ? "the wounded man" : "the %d wounded", wounded);
    /* checked: left untreated */
    snprintf(t->line, sizeof t->line, "[U] %s %d wounded untreated: no first aid, %s", on ? "[x]" : "[ ]", wounded,
             cost);
    snprintf(t->said_on, sizeof t->said_on, "Reorganise: %s left untreated, no first aid roll; %s", them, cost);
    snprintf(t->said_off, sizeof t->said_off,
             "Reorganise: first aid for %s (D6%s each: 1-2 dies, 3-5 stabilised, 6 back in action)", them,
             medic ? " +1 for the medic" : "");
}

/* The reorganise's list for the window (SL_PICK_LIST): each item in
 * reach numbered on its casualty, with the odds, who takes it up and what
 * he puts down; one toggle, U, leaves the wounded untreated. Nothing when
 * there is no kit to recover: the reorganise is then given at once. */
static bool rc_pick_list(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles, sl_list_view *out)
{
    sl_recoverable r[SL_MAX_RECOVERABLE];
    int n = kind == SL_CMD_REORGANISE ? sl_game_recoverables(g, unit, chosen, r, SL_MAX_RECOVERABLE) : 0;
    if (n == 0)
        return false;
    const sl_unit *h = &g->live.units[home_of(g, unit)];
    snprintf(out->title, sizeof out->title, "Reorganise %s: kit to recover", g->live.units[unit].name);
    snprintf(out->head, sizeof out->head,
             "One test per item, %.0f%% (%s over %d); a failure marks the kit unrecoverable", r[0].odds * 100,
             sl_die_name(sl_quality_die(h->quality)), h->leadership + 2);
    int tests = 0;
    for (int i = 0; i < n; i++) {
        bool on = (chosen & (1u << i)) != 0;
        rc_item_lines(g, unit, &r[i], on, &out->items[i]);
        tests += on && i < 9; /* the tests counted among the nine the keys pick */
    }
    out->nitems = n;
    rc_untreated_toggle(g, unit, (toggles & 1u) != 0, &out->toggles[out->ntoggles++]);
    /* short, to stand whole on a projector's strip (the start says the click) */
    snprintf(out->foot, sizeof out->foot, "Enter: reorganise with %d test%s   Esc: cancel", tests, tests == 1 ? "" : "s");
    snprintf(out->start, sizeof out->start,
             "Reorganise: numbers (or a click on its casualty) pick the kit to recover (a test each); U: leave the "
             "wounded untreated; Enter: reorganise; Esc: cancel");
    snprintf(out->range, sizeof out->range,
             "No kit has that number: 1 to %d pick the items listed; U: treat the wounded or not; Enter: reorganise",
             n < 9 ? n : 9);
    return true;
}

static bool rc_pick_list_command(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles,
                                 sl_command *out)
{
    if (kind != SL_CMD_REORGANISE)
        return false;
    sl_game_recover_command(g, unit, chosen, (toggles & 1u) != 0, out);
    return true;
}

static bool rc_recover(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    int items[RC_MAX_RECOVER], takers[RC_MAX_RECOVER];
    if (!rc_check(g, c, items, takers, err, errlen))
        return false;
    rc_cmd r = rc_cmd_of(c);
    int unit = c->unit, home = home_of(g, unit);
    const sl_unit *h = &g->live.units[home];
    sl_die die = sl_quality_die(h->quality);
    int target = h->leadership + 2;
    for (int k = 0; k < r.n && !g->failed; k++) {
        sl_figure *cf = &g->live.figures[r.k[k].fig];
        sl_figure *tf = &g->live.figures[takers[k]];
        char name[80];
        rc_item_name(cf, items[k], name, sizeof name);
        int v = rl_roll(g, die, target, "recovery", unit,
                        "Equipment recovery test for %s's %s: %s must beat leadership %d + threat 2 = %d (seed 000)",
                        cf->id, name, sl_die_name(die), h->leadership, target);
        if (g->failed)
            break;
        if (v <= target) {
            unsigned *lost = lost_of(g, r.k[k].fig);
            if (lost)
                *lost |= kit_bit(items[k]);
            rl_state(g, unit, "kit-unrecoverable",
                     "%s's %s cannot be recovered: no one can work it (marked on him; he may use it again if treated "
                     "and fit)",
                     cf->id, name);
            continue;
        }
        /* a man with a support weapon or kit puts it down to take another */
        if (tf->support >= 0) {
            const sl_weapon *w = sl_weapon_get(tf->support);
            rl_state(g, unit, "kit-dropped", "%s puts down his %s to take up the %s", tf->id, w ? w->name : "support weapon",
                     name);
            tf->support = -1;
        }
        for (int b = 0; b < 4; b++)
            if (tf->equipment & (1u << b)) {
                rl_state(g, unit, "kit-dropped", "%s puts down his %s to take up the %s", tf->id, equip_names[b], name);
                tf->equipment &= ~(1u << b);
            }
        if (items[k] == 0) {
            tf->support = cf->support;
            cf->support = -1;
            if (tf->role == SL_ROLE_TROOPER)
                tf->role = SL_ROLE_SUPPORT;
        } else {
            tf->equipment |= 1u << (items[k] - 1);
            cf->equipment &= ~(1u << (items[k] - 1));
        }
        rl_state(g, unit, "kit-recovered", "%s takes up %s's %s (he keeps his small arm)", tf->id, cf->id, name);
    }
    return !g->failed;
}

static bool rc_reorganise_check(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    int items[RC_MAX_RECOVER], takers[RC_MAX_RECOVER];
    return rc_cmd_of(c).n == 0 || rc_check(g, c, items, takers, why, whylen);
}

static bool rc_reorganise(sl_game *g, const sl_command *c, char *err, size_t errlen)
{
    return rc_cmd_of(c).n == 0 || rc_recover(g, c, err, errlen);
}

/* "untreated": no first aid in this reorganise */
static bool rc_first_aid_withheld(const sl_game *g, const sl_command *c)
{
    (void)g;
    return rc_cmd_of(c).untreated;
}

/* The unit card: each man's kit, and what is marked unrecoverable. */
static int rc_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    const sl_unit *u = &g->live.units[unit];
    if (u->kind != SL_UNIT_INFANTRY)
        return 0;
    int n = 0;
    for (int i = 0; i < u->nfigures && n < max; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        unsigned lost = rc_kit_lost(g, u->first_figure + i);
        if (f->support < 0 && !f->equipment && !lost)
            continue;
        char kit[200] = "";
        size_t at = 0;
        for (int item = 0; item < 5; item++) {
            if (!carries(f, item))
                continue;
            char name[80];
            rc_item_name(f, item, name, sizeof name);
            at += (size_t)snprintf(kit + at, sizeof kit - at, "%s%s%s", at ? "; " : "", name,
                                   lost & kit_bit(item) ? ", unrecoverable" : "");
            if (at >= sizeof kit)
                break;
        }
        memset(&out[n], 0, sizeof out[n]);
        /* the man as the rolls and the reorganise card name him (man 3
         * (specialist), the leader) */
        char who[SL_NAME_LEN + 48];
        sl_game_man_words(g, u->first_figure + i, unit, who, sizeof who);
        if (who[0] >= 'a' && who[0] <= 'z')
            who[0] = (char)(who[0] - 'a' + 'A');
        snprintf(out[n].text, sizeof out[n].text, "%.80s%s: %.140s", who,
                 f->status == SL_FIG_DEAD ? ", dead" : f->status == SL_FIG_WOUNDED ? ", down" : "", kit);
        out[n].warning = lost != 0 || f->status != SL_FIG_OK;
        n++;
    }
    return n;
}

/* Fit again after first aid: he works his own kit again (seed 000). */
static void rc_back_in_action(sl_game *g, int fig)
{
    unsigned *lost = lost_of(g, fig);
    if (lost)
        *lost = 0;
}

static bool any_kit_lost(const sl_game *g, int fig)
{
    return rc_kit_lost(g, fig) != 0;
}

const rl_house rc_rule = {
    .name = "cross-training",
    .source = "seed 000: Cross Training",
    .title = "cross training and equipment recovery",
    .scenario = &rc_scn_part,
    .reorganise_check = rc_reorganise_check,
    .reorganise = rc_reorganise,
    .first_aid_withheld = rc_first_aid_withheld,
    .extras = rc_extras,
    .nextras = 1,
    .card = rc_card,
    .figure_bytes = sizeof(unsigned),
    .back_in_action = rc_back_in_action,
    .kit_lost = any_kit_lost,
    .pick_list = rc_pick_list,
    .pick_list_command = rc_pick_list_command,
    .options = rc_options,
    .noptions = (int)(sizeof rc_options / sizeof rc_options[0]),
};
