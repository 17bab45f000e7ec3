/* What the window shows of a unit: the action bar's offers, the counters
 * under it, its card; what the rules draw on the table and show while a
 * pick is made; the ruleset's first, then each house rule's in play
 * (through the hooks). And the helpers rules add entries with. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base.h"

sl_offer *rl_offer_add(sl_offer *out, int *n, int max, int kind, int variant, const char *label, const char *key,
                       unsigned picks, int order)
{
    if (*n >= max)
        return NULL;
    sl_offer *o = &out[(*n)++];
    memset(o, 0, sizeof *o);
    o->kind = kind;
    o->variant = variant;
    snprintf(o->label, sizeof o->label, "%s", label);
    snprintf(o->key, sizeof o->key, "%s", key);
    o->needs_target = (picks & RL_OFFER_TARGET) != 0;
    o->enemy_target = (picks & RL_OFFER_ENEMY) != 0;
    o->needs_path = (picks & RL_OFFER_PATH) != 0;
    o->needs_figures = (picks & RL_OFFER_FIGURES) != 0;
    o->needs_point = (picks & RL_OFFER_POINT) != 0;
    o->toggle = (picks & RL_OFFER_TOGGLE) != 0;
    o->order = order;
    return o;
}

void rl_offer_toggle(sl_offer *o, const char *on, const char *off, const char *head)
{
    if (!o)
        return;
    snprintf(o->toggle_on, sizeof o->toggle_on, "%s", on);
    snprintf(o->toggle_off, sizeof o->toggle_off, "%s", off);
    snprintf(o->toggle_head, sizeof o->toggle_head, "%s", head);
}

int sl_game_help(const sl_game *g, sl_help_row *out, int max)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = 0;
    for (const rl_help_row *r = rs->help; r && r->keys && n < max; r++, n++) {
        snprintf(out[n].keys, sizeof out[n].keys, "%s", r->keys);
        snprintf(out[n].text, sizeof out[n].text, "%s", r->text);
    }
    return n + rl_hook_help(g, out + n, max - n);
}

bool sl_game_pick_list(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles, sl_list_view *out)
{
    memset(out, 0, sizeof *out);
    if (unit < 0 || unit >= g->live.nunits || !rl_hook_pick_list(g, unit, kind, chosen, toggles, out))
        return false;
    return out->nitems > 0;
}

void sl_game_pick_list_command(const sl_game *g, int unit, int kind, unsigned chosen, unsigned toggles,
                               sl_command *out)
{
    if (unit < 0 || unit >= g->live.nunits || !rl_hook_pick_list_command(g, unit, kind, chosen, toggles, out))
        sl_cmd_init(out, kind, unit);
}

void rl_profile_add(sl_profile_line *out, int *n, int max, bool heading, const char *key, const char *value)
{
    if (*n >= max)
        return;
    sl_profile_line *l = &out[(*n)++];
    l->heading = heading;
    snprintf(l->key, sizeof l->key, "%s", key);
    snprintf(l->value, sizeof l->value, "%s", value);
}

/* --- what a unit shows and offers: the ruleset's, then each house rule's --------------- */

/* Stable, by each item's place in the row. */
static void sort_offers(sl_offer *o, int n)
{
    for (int i = 1; i < n; i++) {
        sl_offer x = o[i];
        int j = i - 1;
        while (j >= 0 && o[j].order > x.order) {
            o[j + 1] = o[j];
            j--;
        }
        o[j + 1] = x;
    }
}

static void sort_marks(sl_mark *m, int n)
{
    for (int i = 1; i < n; i++) {
        sl_mark x = m[i];
        int j = i - 1;
        while (j >= 0 && m[j].order > x.order) {
            m[j + 1] = m[j];
            j--;
        }
        m[j + 1] = x;
    }
}

int sl_game_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    int n = 0;
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (unit >= 0 && unit < g->live.nunits) {
        if (rs->offers)
            n += rs->offers(g, unit, out + n, max - n);
        int hooks = rl_hook_offers(g, unit, out + n, max - n);
        if (hooks > 0 && g->pending.kind == SL_DECIDE_SETUP) {
            /* a unit being set up does only what the set-up offers (Place,
             * Done setting up): the turn's actions, refused till it ends,
             * would take the same keys */
            memmove(out, out + n, sizeof *out * (size_t)hooks);
            sort_offers(out, hooks);
            return hooks;
        }
        n += hooks;
        sort_offers(out, n);
    }
    /* the turn's own, last, whatever the rules */
    static const struct {
        int kind;
        const char *label, *key;
    } turn[] = {{SL_CMD_END_ACTIVATION, "End activation", "E"}, {SL_CMD_PASS, "Pass", "Shift+P"},
                {SL_CMD_DONE, "Done for the turn", "D"}};
    for (int i = 0; i < 3 && n < max; i++) {
        sl_offer *o = &out[n++];
        memset(o, 0, sizeof *o);
        o->kind = turn[i].kind;
        snprintf(o->label, sizeof o->label, "%s", turn[i].label);
        snprintf(o->key, sizeof o->key, "%s", turn[i].key);
        o->order = 900 + i;
    }
    return n;
}

int sl_game_marks(const sl_game *g, int unit, sl_mark *out, int max)
{
    if (unit < 0 || unit >= g->live.nunits || max < 1)
        return 0;
    memset(out, 0, sizeof *out * (size_t)max); /* a rule need set only what it says */
    if (rl_living(g, unit) == 0) {
        snprintf(out->text, sizeof out->text, "LOST");
        out->style = SL_MARK_LOST;
        out->order = 0;
        return 1;
    }
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = rs->marks ? rs->marks(g, unit, out, max) : 0;
    n += rl_hook_marks(g, unit, out + n, max - n);
    sort_marks(out, n);
    return n;
}

bool sl_game_shows_done(const sl_game *g, int unit)
{
    if (unit < 0 || unit >= g->live.nunits)
        return false;
    const rl_ruleset *rs = rl_ruleset_of(g);
    return rs->shows_done ? rs->shows_done(g, unit) : false;
}



bool sl_way_progress(const sl_game *g, int unit, bool combat, const sl_path_cost *one, const sl_path_cost *two,
                     char *l3, size_t len)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    return rs->way_progress && unit >= 0 && unit < g->live.nunits && rs->way_progress(g, unit, combat, one, two, l3, len);
}

int sl_game_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    if (unit < 0 || unit >= g->live.nunits)
        return 0;
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = rs->card ? rs->card(g, unit, out, max) : 0;
    n += rl_hook_card(g, unit, out + n, max - n);
    return n;
}

/* --- what the rules draw on the table, and show while a pick is made --------------------- */

sl_sketch *rl_sketch_add(sl_sketch *out, int *n, int max, sl_sketch_kind kind, sl_hue hue, sl_pt at)
{
    if (*n >= max)
        return NULL;
    sl_sketch *s = &out[(*n)++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->hue = hue;
    s->words_hue = hue;
    s->at = at;
    s->feature = -1;
    return s;
}

void rl_preview_line(sl_preview *p, const char *fmt, ...)
{
    if (p->nlines >= SL_PREVIEW_LINES)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->lines[p->nlines++], SL_PREVIEW_LINE, fmt, ap);
    va_end(ap);
}

int sl_game_sketches(const sl_game *g, int viewer, sl_sketch *out, int max)
{
    if (max <= 0)
        return 0;
    const rl_ruleset *rs = rl_ruleset_of(g);
    int n = rs->sketches ? rs->sketches(g, viewer, out, max) : 0;
    return n + rl_hook_sketches(g, viewer, out + n, max - n);
}

bool rl_pick_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                     sl_preview *out)
{
    memset(out, 0, sizeof *out);
    out->legal = true;
    if (unit < 0 || unit >= g->live.nunits || kind < 0)
        return false;
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (rs->preview && rs->preview(g, viewer, unit, kind, variant, target, at, out))
        return true;
    return rl_hook_preview(g, viewer, unit, kind, variant, target, at, out);
}

bool sl_game_figure_kit_lost(const sl_game *g, int viewer, int fig)
{
    if (fig < 0 || fig >= g->live.nfigures)
        return false;
    /* a man under a counter shows the side nothing of himself */
    sl_know k = viewer >= 0 && sl_game_fog(g) ? sl_game_knows(g, viewer, g->live.figures[fig].unit) : SL_KNOW_ALL;
    return (k == SL_KNOW_ALL || k == SL_KNOW_LAST_SEEN) && rl_hook_kit_lost(g, fig);
}
