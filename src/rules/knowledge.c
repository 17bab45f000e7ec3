/* A side's knowledge as a game of its own (issue 38): the game as that
 * side could set it out on a table of its own from what it has seen and
 * read. Its own units are as they are; an enemy out of sight stands where
 * it was last seen; every enemy counter is a bare counter of one man at
 * its marker, whatever is under it (a squad, a dummy, a revealed dummy's
 * empty place); the journal is the side's reading of it; the dice are
 * not the game's (their stream would tell the future). Whatever is asked
 * of such a game (a rule, a policy, a preview) can only answer from what
 * the side knows, so a choice made on it cannot depend on a secret. */
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* A counter as its enemy sees it: nothing of what is under it but the
 * letter, the side, the place and whether it has been turned over. */
static void blank_counter(sl_unit *un, const sl_unit *real, int nfig, bool dummies_public)
{
    sl_unit c;
    memset(&c, 0, sizeof c);
    memcpy(c.id, un->id, sizeof c.id);
    memcpy(c.name, un->name, sizeof c.name);
    memcpy(c.counter, real->counter, sizeof c.counter);
    c.side = real->side;
    /* under fog_counts real, which counters are dummies is public (they
     * count for nothing): a dummy stays one */
    c.kind = dummies_public && real->kind == SL_UNIT_DUMMY ? SL_UNIT_DUMMY : SL_UNIT_INFANTRY;
    c.quality = SL_Q_REGULAR;
    c.leadership = 2;
    c.motivation = SL_MOT_MEDIUM;
    c.confidence = SL_CONF_CONFIDENT;
    c.armour = SL_D4;
    c.hidden = true;
    c.first_figure = real->first_figure;
    c.nfigures = nfig;
    c.leader = -1;
    c.commander = -1;
    c.mobility = SL_MOB_FOOT;
    c.ecm = SL_D4;
    c.carrier = -1;
    /* a hidden squad's teams and element stay its own (they hold no men):
     * its parts, as rl_parts_known leaves them */
    c.element = -1;
    c.parent = real->parent;
    *un = c;
}

/* Its state as the enemy knows it: where its counter stands, whether it
 * has been placed, turned over or found out, whether it has activated
 * this turn; nothing else. */
static void blank_state(sl_unit_state *s)
{
    sl_unit_state b;
    memset(&b, 0, sizeof b);
    b.revealed = s->revealed;
    b.flipped = s->flipped;
    b.placed = s->placed;
    b.counter_at = s->counter_at;
    b.activated = s->activated; /* activations are announced to all: its marker is turned over */
    b.aboard = -1;
    *s = b;
}

/* The side's reading of the game's events from `from` on, appended to
 * `out`, the reading `r` going on from where it stopped. The unit an
 * event is about is named to the side only when it is the side's own or
 * the side reads the event whole (a reading of its own leaves the unit
 * out or calls it by its counter): that was so when the event was
 * written and stays so, so a reading kept from then is the reading now. */
static bool read_events(const sl_game *g, int side, sl_reading *r, int from, sl_journal *out)
{
    bool ok = true;
    for (int i = from; ok && i < g->journal.n; i++) {
        const sl_event *e = &g->journal.ev[i];
        const char *json = sl_reading_json(r, e);
        if (!json)
            continue;
        sl_event copy = *e;
        copy.seq = r->seq;
        if (copy.unit >= 0 && g->live.units[copy.unit].side != side && e->side_json[side])
            copy.unit = -1;
        ok = rl_journal_append_copy(out, &copy, json, sl_event_text_for(e, side), false);
    }
    return ok;
}

/* The side's reading kept in the game, brought up to its journal's end
 * and lent to the known game (rl_known_free gives it back): only the
 * events since the last decision are read. When the game's journal is
 * no longer the one read (an undo, a snapshot put back), it is read
 * again from the start. NULL when there is none to lend (already lent,
 * short of memory): the caller reads the whole journal into its own. */
static rl_kept_reading *kept_reading(const sl_game *g, int side)
{
    if (!g->readings || side < 0 || side >= SL_MAX_SIDES || g->readings->side[side].lent)
        return NULL;
    rl_kept_reading *kp = &g->readings->side[side];
    int n = kp->read;
    if (n > g->journal.n || (n > 0 && g->journal.ev[n - 1].chain != kp->chain))
        rl_reading_forget(kp, side);
    if (!read_events(g, side, &kp->r, kp->read, &kp->j)) {
        rl_reading_forget(kp, side);
        return NULL;
    }
    kp->read = g->journal.n;
    kp->chain = kp->read > 0 ? g->journal.ev[kp->read - 1].chain : 0;
    kp->lent = true;
    return kp;
}

/* The known game's journal: the kept reading lent, or (`anew`, or none
 * to lend) the whole journal read again into its own. */
static bool known_journal(const sl_game *g, int side, rl_known *k, bool anew)
{
    k->kept = anew ? NULL : kept_reading(g, side);
    if (k->kept) {
        k->game.journal = k->kept->j;
        return true;
    }
    sl_reading r;
    sl_reading_init(&r, side);
    bool ok = read_events(g, side, &r, 0, &k->game.journal);
    sl_reading_free(&r);
    return ok;
}

static bool known_make(const sl_game *g, int side, rl_known *k, bool anew, char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    int nu = g->live.nunits, nf = g->live.nfigures;
    k->units = malloc(sizeof(sl_unit) * (size_t)(nu > 0 ? nu : 1));
    k->figures = malloc(sizeof(sl_figure) * (size_t)(nf > 0 ? nf : 1));
    if (!k->units || !k->figures) {
        rl_known_free(k);
        return rl_refuse(err, errlen, "out of memory");
    }
    sl_game_forces_for(g, side, k->units, k->figures);
    /* a counter holds one man to its enemy, whatever it hides; a hidden
     * squad's teams and element hold none */
    for (int u = 0; u < nu; u++) {
        sl_know kn = sl_game_knows(g, side, u);
        if (kn == SL_KNOW_ALL || kn == SL_KNOW_LAST_SEEN)
            continue;
        bool base = sl_unit_whole(&g->live, u) < 0 && g->live.units[u].parent < 0;
        blank_counter(&k->units[u], &g->live.units[u], base && k->units[u].nfigures > 0 ? 1 : 0,
                      g->live.options.fog_counts == 2 /* "real": dummies count for nothing, openly */);
    }
    k->setup = *g->setup;
    k->setup.parts = NULL; /* its own, made below */
    k->setup.units = k->units;
    k->setup.figures = k->figures;
    /* the rules' own data of a counter (its firearm, how a vehicle
     * starts sealed): none of it either */
    k->setup.rule_data = rl_scn_data_copy(g->setup->rule_data);
    if (g->setup->rule_data && !k->setup.rule_data) {
        rl_known_free(k);
        return rl_refuse(err, errlen, "out of memory");
    }
    for (int u = 0; u < nu; u++) {
        sl_know kn = sl_game_knows(g, side, u);
        if (kn != SL_KNOW_ALL && kn != SL_KNOW_LAST_SEEN && !rl_scn_unit_copy(k->setup.rule_data, u, -1)) {
            rl_known_free(k);
            return rl_refuse(err, errlen, "out of memory");
        }
    }
    if (!sl_game_clone_upto(&k->game, g, 0, err, errlen)) {
        rl_known_free(k);
        return false;
    }
    k->on = true;
    sl_game *kg = &k->game;
    kg->setup = &k->setup;
    /* what is asked of sight here (the solo opponent's choices) reads only
     * the answers: seen or not, and the cover; never what gave them */
    kg->sight.answers_only = true;
    kg->live.rule_data = k->setup.rule_data;
    /* the parts as the side knows them: a counter lists none, and is
     * numbered in none; a hidden whole's parts stay its own */
    sl_parts_free(kg->live.parts);
    kg->live.parts = rl_parts_known(g, side, true);
    k->setup.parts = rl_parts_copy(kg->live.parts, nu, nf);
    if (g->live.parts && (!kg->live.parts || !k->setup.parts)) {
        rl_known_free(k);
        return rl_refuse(err, errlen, "out of memory");
    }
    memcpy(kg->live.units, k->units, sizeof(sl_unit) * (size_t)nu);
    memcpy(kg->live.figures, k->figures, sizeof(sl_figure) * (size_t)nf);
    /* a counter's state, and the state of an enemy out of sight (its men
     * stand where they were last seen; what has become of them since is
     * not known): none of it */
    for (int u = 0; u < nu; u++) {
        sl_know kn = sl_game_knows(g, side, u);
        if (kn == SL_KNOW_ALL)
            continue;
        blank_state(&kg->us[u]);
        rl_rule_state_clear(kg, u);
        const sl_unit *lu = &g->live.units[u];
        if (kn != SL_KNOW_LAST_SEEN && sl_unit_whole(&g->live, u) < 0 && lu->parent < 0)
            for (int i = 0; i < lu->nfigures; i++)
                rl_figure_state_clear(kg, lu->first_figure + i); /* a counter's men: nothing of them */
    }
    /* dice of its own: the game's stream is the future */
    sl_dice_free(&kg->dice);
    sl_dice_init(&kg->dice, 0x6b6e6f776eULL);
    kg->seed = 0;
    if (!known_journal(g, side, k, anew)) {
        rl_known_free(k);
        return rl_refuse(err, errlen, "out of memory");
    }
    return true;
}

bool rl_known_make(const sl_game *g, int side, rl_known *k, char *err, size_t errlen)
{
    return known_make(g, side, k, false, err, errlen);
}

bool rl_known_make_anew(const sl_game *g, int side, rl_known *k, char *err, size_t errlen)
{
    return known_make(g, side, k, true, err, errlen);
}

void rl_known_free(rl_known *k)
{
    if (k->kept) {
        /* the reading goes back to its game as it was lent */
        rl_journal_truncate(&k->game.journal, k->kept->j.n);
        k->kept->j = k->game.journal;
        k->kept->lent = false;
        memset(&k->game.journal, 0, sizeof k->game.journal);
    }
    if (k->on)
        sl_game_free(&k->game);
    free(k->units);
    free(k->figures);
    rl_scn_data_free(k->setup.rule_data);
    sl_parts_free(k->setup.parts);
    memset(k, 0, sizeof *k);
}
