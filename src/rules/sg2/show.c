/* What the window shows of a unit under the Stargrunt II ruleset: the
 * actions it offers, the counters under its figures, the lines of its
 * card. House rules add theirs (each item carries its place in the row). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sg2.h"

int sg2_offers(const sl_game *g, int unit, sl_offer *out, int max)
{
    int n = 0;
    const sl_unit_state *st = &g->us[unit];
    const sl_unit *u = &g->live.units[unit];
    if (sl_game_active_unit(g) != unit)
        rl_offer_add(out, &n, max, SL_CMD_ACTIVATE, 0, "Activate", "A", 0, 10);
    rl_offer_add(out, &n, max, SL_CMD_MOVE, 0, "Move", "M", RL_OFFER_PATH, 20);
    rl_offer_add(out, &n, max, SL_CMD_COMBAT_MOVE, 0, "Combat move", "C", RL_OFFER_PATH, 30);
    rl_offer_add(out, &n, max, SL_CMD_FIRE, SL_FIRE_ALL, "Fire", "F", RL_OFFER_TARGET, 40);
    if (st->in_position)
        rl_offer_add(out, &n, max, SL_CMD_LEAVE_POSITION, 0, "Leave position", "P", 0, 50);
    else
        rl_offer_add(out, &n, max, SL_CMD_IN_POSITION, 0, "In Position", "P", 0, 50);
    if (st->panicked)
        rl_offer_add(out, &n, max, SL_CMD_REMOVE_PANIC, 0, "Calm panic", "U", 0, 60);
    else
        rl_offer_add(out, &n, max, SL_CMD_REMOVE_SUPPRESSION, 0, "Remove suppression", "U", 0, 60);
    rl_offer_add(out, &n, max, SL_CMD_REORGANISE, 0, "Reorganise", "O", 0, 70);
    rl_offer_add(out, &n, max, SL_CMD_TRANSFER, 0, "Transfer", "X", RL_OFFER_TARGET, 80);
    rl_offer_add(out, &n, max, SL_CMD_COMMUNICATE, 0, "Communicate", "K", RL_OFFER_TARGET, 90);
    rl_offer_add(out, &n, max, SL_CMD_RALLY, 0, "Rally", "Y", RL_OFFER_TARGET, 100);
    rl_offer_add(out, &n, max, SL_CMD_OBSERVE, 0, "Observe", "W", RL_OFFER_TARGET, 110);
    rl_offer_add(out, &n, max, SL_CMD_ASSAULT, 0, "Assault", "H", RL_OFFER_TARGET, 120);
    bool vehicles = false;
    for (int v = 0; v < g->live.nunits; v++)
        vehicles |= g->live.units[v].kind == SL_UNIT_VEHICLE && g->live.units[v].side == u->side;
    if (st->aboard >= 0)
        rl_offer_add(out, &n, max, SL_CMD_DISEMBARK, 0, "Get out", "Shift+D", 0, 140);
    else if (vehicles && u->kind == SL_UNIT_INFANTRY)
        rl_offer_add(out, &n, max, SL_CMD_EMBARK, 0, "Get in", "Shift+E", RL_OFFER_TARGET, 140);
    if (g->live.options.last_stand)
        rl_offer_add(out, &n, max, SL_CMD_LAST_STAND, 0, "Last stand", "Shift+L", 0, 150);
    if (u->element >= 0)
        rl_offer_add(out, &n, max, SL_CMD_DETACH, -1, "Detach men", "Shift+X", RL_OFFER_FIGURES, 160);
    return n;
}

static void mark(sl_mark *out, int *n, int max, sl_mark_style style, int order, const char *fmt, int value)
{
    if (*n >= max)
        return;
    sl_mark *m = &out[(*n)++];
    snprintf(m->text, sizeof m->text, fmt, value);
    m->style = style;
    m->order = order;
    m->shape = SL_SHAPE_NONE;
}

/* A vehicle's damage (p39), each with its word and its shape: DISABLED
 * (or DESTROYED) says all; else IMMOBILE after a suspension hit and
 * SYSTEMS HIT after a systems hit. */
static const struct {
    const char *word, *card;
    sl_mark_shape shape;
} damage_words[] = {
    {"DESTROYED", "destroyed", SL_SHAPE_CROSS},
    {"DISABLED", "disabled: it cannot move", SL_SHAPE_CROSS},
    {"IMMOBILE", "a suspension hit: it cannot move", SL_SHAPE_WHEEL_STRUCK},
    {"SYSTEMS HIT", "a systems hit: its systems are down", SL_SHAPE_WARNING},
};

/* The rows of damage_words that stand for the unit's damage now. */
static int damage_now(const sl_unit_state *st, int *rows)
{
    int n = 0;
    if (st->damage > 0)
        rows[n++] = st->damage > 1 ? 0 : 1;
    else {
        if (st->immobile)
            rows[n++] = 2;
        if (st->systems_down)
            rows[n++] = 3;
    }
    return n;
}

static int damage_marks(const sl_game *g, int u, sl_mark *out, int max)
{
    int rows[2], n = 0, nr = damage_now(&g->us[u], rows);
    for (int i = 0; i < nr && n < max; i++) {
        mark(out, &n, max, SL_MARK_DAMAGE, 70 + i, damage_words[rows[i]].word, 0);
        out[n - 1].shape = damage_words[rows[i]].shape;
    }
    return n;
}

int sg2_marks(const sl_game *g, int u, sl_mark *out, int max)
{
    const sl_unit *un = &g->live.units[u];
    const sl_unit_state *st = &g->us[u];
    bool team = sl_unit_whole(&g->live, u) >= 0, squad = sl_unit_nparts(&g->live, u) > 0;
    int active = sl_game_active_unit(g);
    int n = 0;
    static const char *const conf[] = {"CO", "ST", "SH", "BR", "RO"};
    if (!team && un->confidence <= SL_CONF_ROUTED)
        mark(out, &n, max, (sl_mark_style)(SL_MARK_CONFIDENT + (int)un->confidence), 10, conf[un->confidence], 0);
    if (st->suppression > 0)
        mark(out, &n, max, SL_MARK_ALERT, 20, "SUP %d", st->suppression);
    if (squad && rl_game_leader_suppressed(g, u))
        mark(out, &n, max, SL_MARK_ALERT, 25, "LDR SUP", 0);
    if (un->parent >= 0)
        mark(out, &n, max, SL_MARK_ACTIVE, 30, "DET", 0);
    int carried = 0;
    for (int o = 0; o < g->live.nunits; o++)
        if (g->us[o].aboard == u)
            carried += rl_living(g, o);
    if (carried > 0)
        mark(out, &n, max, SL_MARK_SHADE, 40, "CARRIES %d", carried);
    if (st->in_position)
        mark(out, &n, max, SL_MARK_DARK, 50, "IP", 0);
    if (st->panicked)
        mark(out, &n, max, SL_MARK_PANIC, 60, "PANIC", 0);
    n += damage_marks(g, u, out + n, max - n);
    if (u == active && !g->outcome.over) /* nothing acts after the end */
        mark(out, &n, max, SL_MARK_ACTIVE, 80, "ACTIVE %d", sl_game_actions_left(g));
    else if (!rl_hook_busy(g, u) && st->activated && !team && un->parent < 0)
        mark(out, &n, max, SL_MARK_DONE, 80, "DONE", 0);
    return n;
}

/* The five range bands of the unit's quality; the range die in band k
 * (from 0) is D4 + 2k (rulebook p33-34). */
int sg2_reach(const sl_scenario *scn, int unit, sl_reach_ring *out, int max, const char **why)
{
    (void)why;
    int32_t band = sl_quality_band(scn->units[unit].quality);
    int n = 0;
    for (int k = 0; k < 5 && n < max; k++, n++) {
        out[n].r = band * (k + 1);
        snprintf(out[n].label, sizeof out[n].label, "%s \xC2\xB7 %.0f\"", sl_die_name((sl_die)(4 + 2 * k)),
                 out[n].r / 1000.0);
    }
    return n;
}

bool sg2_shows_done(const sl_game *g, int u)
{
    return g->us[u].activated && u != sl_game_active_unit(g) && !rl_hook_busy(g, u);
}

int sg2_card(const sl_game *g, int unit, sl_card_line *out, int max)
{
    const sl_unit_state *st = &g->us[unit];
    const sl_unit *u = &g->live.units[unit];
    int n = 0;
    if (n < max) {
        sl_card_line *l = &out[n++];
        memset(l, 0, sizeof *l);
        static const char *const conf[] = {"CO", "ST", "SH", "BR", "RO"};
        snprintf(l->mark.text, sizeof l->mark.text, "%s", u->confidence <= SL_CONF_ROUTED ? conf[u->confidence] : "?");
        l->mark.style = (sl_mark_style)(SL_MARK_CONFIDENT + (int)u->confidence);
        snprintf(l->text, sizeof l->text, "%s", sl_confidence_name(u->confidence));
    }
    if (n < max) {
        sl_card_line *l = &out[n++];
        memset(l, 0, sizeof *l);
        int active = sl_game_active_unit(g);
        size_t at = (size_t)snprintf(l->text, sizeof l->text, "%s",
                                     g->outcome.over    ? "the game is over"
                                     : unit == active   ? "active"
                                     : st->activated    ? "activated"
                                                        : "not yet activated");
        if (st->suppression && at < sizeof l->text)
            at += (size_t)snprintf(l->text + at, sizeof l->text - at, ", %d suppression", st->suppression);
        if (st->in_position && at < sizeof l->text)
            at += (size_t)snprintf(l->text + at, sizeof l->text - at, ", In Position");
        if (st->panicked && at < sizeof l->text)
            at += (size_t)snprintf(l->text + at, sizeof l->text - at, ", panicking");
        if (st->aboard >= 0 && at < sizeof l->text)
            snprintf(l->text + at, sizeof l->text - at, ", aboard %s", g->live.units[st->aboard].name);
    }
    int rows[2], nr = damage_now(st, rows);
    for (int i = 0; i < nr && n < max; i++) {
        sl_card_line *l = &out[n++];
        memset(l, 0, sizeof *l);
        snprintf(l->mark.text, sizeof l->mark.text, "%s", damage_words[rows[i]].word);
        l->mark.style = SL_MARK_DAMAGE;
        l->mark.shape = damage_words[rows[i]].shape;
        snprintf(l->text, sizeof l->text, "%s", damage_words[rows[i]].card);
    }
    int dead = 0, wounded = 0, untreated = 0;
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &g->live.figures[u->first_figure + i];
        dead += f->status == SL_FIG_DEAD;
        wounded += f->status == SL_FIG_WOUNDED;
        untreated += f->status == SL_FIG_WOUNDED && !f->treated;
    }
    if ((dead || wounded) && n < max) {
        sl_card_line *l = &out[n++];
        memset(l, 0, sizeof *l);
        snprintf(l->text, sizeof l->text, "casualties: %d dead, %d wounded (%d untreated)", dead, wounded, untreated);
        l->warning = true;
    }
    return n;
}

int sg2_profile(const sl_scenario *scn, int unit, sl_profile_line *out, int max, bool *figures)
{
    const sl_unit *u = &scn->units[unit];
    char buf[200];
    int n = 0;
    *figures = true;
    rl_profile_add(out, &n, max, true, "Unit", "");
    snprintf(buf, sizeof buf, "%s (%s), band %d\"", sl_quality_label(u->quality), sl_die_name(sl_quality_die(u->quality)),
             sl_quality_band(u->quality) / 1000);
    rl_profile_add(out, &n, max, false, "Quality", buf);
    snprintf(buf, sizeof buf, "%d", u->leadership);
    rl_profile_add(out, &n, max, false, "Leadership", buf);
    rl_profile_add(out, &n, max, false, "Motivation", sl_motivation_name(u->motivation));
    rl_profile_add(out, &n, max, false, "Fatigue", sl_fatigue_name(u->fatigue));
    rl_profile_add(out, &n, max, false, "Confidence", sl_confidence_name(u->confidence));
    snprintf(buf, sizeof buf, "%s (%s)", sl_armour_name(u->armour), sl_die_name(u->armour));
    rl_profile_add(out, &n, max, false, "Armour", buf);
    /* firepower and support from the figures' weapons */
    int fp_half = 0, standing = 0, support = 0;
    char sup[sizeof out->value] = "";
    for (int i = 0; i < u->nfigures; i++) {
        const sl_figure *f = &scn->figures[u->first_figure + i];
        if (f->status == SL_FIG_DEAD)
            continue;
        /* the men standing, as the forces list and the fire's words count
         * them: a wounded man is down and is not one of them */
        standing += f->status == SL_FIG_OK;
        const sl_weapon *wp = sl_weapon_get(f->weapon);
        if (wp)
            fp_half += wp->fp_half;
        const sl_weapon *sp = sl_weapon_get(f->support);
        if (sp) {
            support++;
            size_t l = strlen(sup);
            /* the weapon as players name it, with its dice in words */
            char name[96];
            sl_weapon_words(sp, l == 0, name, sizeof name);
            snprintf(sup + l, sizeof sup - l, "%s%s (firepower %s, impact %s)", l ? "; " : "", name,
                     sl_die_name(sp->support_fp), sl_die_name(sp->impact));
        }
    }
    snprintf(buf, sizeof buf, "%d of %d", standing, u->nfigures);
    rl_profile_add(out, &n, max, false, "Figures", buf);
    snprintf(buf, sizeof buf, "%s (FP %g)", sl_die_name(sl_firepower_die(fp_half)), fp_half / 2.0);
    rl_profile_add(out, &n, max, false, "Firepower", buf);
    rl_profile_add(out, &n, max, false, "Support", support ? sup : "none");
    sl_pt pts[64];
    int np = sl_unit_positions(scn, unit, pts, true);
    if (np > 0) {
        sl_mec m = sl_min_enclosing_circle(pts, np);
        snprintf(buf, sizeof buf, "fits a %.1f\" circle", 2.0 * m.r / 1000.0);
        rl_profile_add(out, &n, max, false, "Spread", buf);
    }
    return n;
}

void sg2_makeup(const sl_scenario *scn, int unit, char *buf, size_t len)
{
    const sl_unit *u = &scn->units[unit];
    snprintf(buf, len, "%s/%d", sl_die_name(sl_quality_die(u->quality)), u->leadership);
}

void sg2_way_text(const sl_scenario *scn, int unit, const sl_path_cost *one, const sl_path_cost *two, char *l1,
                  char *l2, size_t len)
{
    (void)scn;
    (void)unit;
    snprintf(l1, len, "Move %.1f\" \xC2\xB7 costs %.1f\" of allowance%s", two->length / 1000.0, two->cost / 1000.0,
             two->impassable ? " \xC2\xB7 IMPASSABLE" : "");
    /* only the going it crosses: no "difficult 0.0" */
    char terms[120] = "";
    size_t at = 0;
    double poor = two->by_going[SL_GOING_POOR] / 1000.0, diff = two->by_going[SL_GOING_DIFFICULT] / 1000.0;
    if (poor >= 0.05)
        at += (size_t)snprintf(terms + at, sizeof terms - at, "poor %.1f\" \xC3\x97" "2 \xC2\xB7 ", poor);
    if (diff >= 0.05 && at < sizeof terms)
        snprintf(terms + at, sizeof terms - at, "difficult %.1f\" \xC3\x97" "3 \xC2\xB7 ", diff);
    snprintf(l2, len, "%s%s", terms[0] ? terms : "clear going \xC2\xB7 ",
             one->within ? "one 6\" move" : two->within ? "two 6\" moves" : "more than two moves");
}

bool sg2_way_progress(const sl_game *g, int unit, bool combat, const sl_path_cost *one, const sl_path_cost *two,
                      char *l3, size_t len)
{
    if (sl_game_active_unit(g) != unit)
        return false;
    if (combat) {
        int need = (int)ceil(two->length / 2000.0 - 1e-9);
        double p = need <= 1 ? 1.0 : need > 6 ? 0.0 : (7 - need) / 6.0;
        snprintf(l3, len, "Combat move: D6 x 2; it reaches here on a %d or more (%.0f%%), else goes %s",
                 need < 1 ? 1 : need, p * 100, "the full roll along this way");
    } else if (one->within && !one->impassable) {
        snprintf(l3, len, "This move uses %.1f\" of 6\": %.1f\" left", one->cost / 1000.0, (6000 - one->cost) / 1000.0);
    } else {
        snprintf(l3, len, "Too far for one move: it costs %.1f\" of 6\" (ends at mark 1)", two->cost / 1000.0);
    }
    return true;
}
