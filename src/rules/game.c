/* The game: state in play, and applying commands whole or not at all
 * (rulebook p15-16). A command is checked and carried out by its row of
 * the command table (or by a ruleset that answers it itself); a refused
 * one leaves the game exactly as it was. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

/* --- init and copies -------------------------------------------------------------- */

bool sl_game_init(sl_game *g, const sl_scenario *setup, uint64_t seed, char *err, size_t errlen)
{
    return rl_game_init_with(g, setup, seed, &rl_the_tables, err, errlen);
}

bool rl_game_init_with(sl_game *g, const sl_scenario *setup, uint64_t seed, const rl_tables *t, char *err,
                       size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->setup = setup;
    g->live = *setup; /* the table is shared, read only */
    g->live.parts = NULL;
    if (!rl_plan_make(g, t)) /* the rules it plays */
        return rl_refuse(err, errlen, "out of memory");
    g->live.units = malloc(sizeof(sl_unit) * (size_t)(setup->nunits > 0 ? setup->nunits : 1));
    g->live.figures = malloc(sizeof(sl_figure) * (size_t)(setup->nfigures > 0 ? setup->nfigures : 1));
    g->live.parts = rl_parts_copy(setup->parts, setup->nunits, setup->nfigures); /* men change parts in play: the game's own */
    g->us = calloc((size_t)(setup->nunits > 0 ? setup->nunits : 1), sizeof(sl_unit_state));
    g->house_bytes = rl_rows_house_bytes(t, setup->nunits, setup->nfigures); /* a row per unit, one for the game, one per figure */
    g->house = g->house_bytes ? calloc(1, g->house_bytes) : NULL;
    g->readings = rl_readings_new();
    if (!g->live.units || !g->live.figures || !g->us || (g->house_bytes && !g->house) || !g->readings ||
        (setup->parts && !g->live.parts)) {
        sl_game_free(g);
        return rl_refuse(err, errlen, "out of memory");
    }
    memcpy(g->live.units, setup->units, sizeof(sl_unit) * (size_t)setup->nunits);
    memcpy(g->live.figures, setup->figures, sizeof(sl_figure) * (size_t)setup->nfigures);
    for (int u = 0; u < setup->nunits; u++) {
        g->us[u].revealed = !setup->units[u].hidden;
        g->us[u].aboard = setup->units[u].carrier;
    }
    /* troops aboard stand where their vehicle does */
    for (int u = 0; u < setup->nunits; u++)
        if (g->us[u].aboard >= 0)
            tr_ride_with(g, u);
    if (!sl_sight_init(&g->sight, &g->live)) {
        sl_game_free(g);
        return rl_refuse(err, errlen, "out of memory");
    }
    g->seed = seed;
    g->acting_side = -1;
    sl_dice_init(&g->dice, seed);
    rl_fog_init(g);
    for (int u = 0; u < g->live.nunits; u++)
        rl_contact_reset(g, u); /* set out in front of everyone */
    g->turn = 0;
    g->spent_side = -1;
    g->last_first = -1;
    char fields[512], name[300];
    sl_json_escape(name, sizeof name, setup->name);
    snprintf(fields, sizeof fields, "\"format\":\"%s\",\"version\":%d,\"scenario\":\"%s\",\"seed\":%llu",
             SL_JOURNAL_FORMAT, SL_JOURNAL_VERSION, name, (unsigned long long)seed);
    char text[400];
    snprintf(text, sizeof text, "%s begins (seed %llu)", setup->name, (unsigned long long)seed);
    rl_event(g, SL_EV_START, -1, text, fields);
    return true;
}

void sl_game_free(sl_game *g)
{
    sl_sight_free(&g->sight);
    free(g->live.units);
    free(g->live.figures);
    sl_parts_free(g->live.parts);
    free(g->us);
    free(g->house);
    rl_plan_free(g);
    rl_readings_free(g->readings);
    rl_journal_free(&g->journal);
    sl_dice_free(&g->dice);
    memset(g, 0, sizeof *g);
}

void sl_game_begin(sl_game *g)
{
    if (g->turn != 0)
        return;
    rl_plan_resolve(g); /* an option set since the game was made */
    int n = g->journal.n;
    rl_game_start(g);
    if (g->failed) {
        /* scripted dice that cannot make the first roll: the first
         * command will try again and say why */
        rl_journal_truncate(&g->journal, n);
        g->turn = 0;
        g->failed = false;
        g->pending.kind = SL_DECIDE_NONE;
    }
}

void sl_game_moved(sl_game *g)
{
    g->sight.scn = &g->live;
    g->sight.ix.table = &g->live.table;
}

bool sl_game_script_dice(sl_game *g, const int *values, int n)
{
    return sl_dice_script(&g->dice, values, n);
}

bool sl_game_clone(sl_game *dst, const sl_game *src, char *err, size_t errlen)
{
    return sl_game_clone_upto(dst, src, src->journal.n, err, errlen);
}

bool sl_game_clone_upto(sl_game *dst, const sl_game *src, int nevents, char *err, size_t errlen)
{
    if (!sl_game_init(dst, src->setup, src->seed, err, errlen))
        return false;
    /* the journal's start event is the same; replace everything else */
    rl_journal_free(&dst->journal);
    sl_unit *units = dst->live.units;
    sl_figure *figures = dst->live.figures;
    struct sl_parts *parts = dst->live.parts;
    sl_unit_state *us = dst->us;
    unsigned char *house = dst->house;
    struct rl_plan *plan = dst->plan;
    struct rl_readings *readings = dst->readings;
    sl_sight sight = dst->sight;
    sl_dice dice = dst->dice;
    *dst = *src;
    dst->live.units = units;
    dst->live.figures = figures;
    sl_parts_free(parts);
    dst->live.parts = rl_parts_copy(src->live.parts, src->live.nunits, src->live.nfigures); /* its men's parts as they are now */
    dst->us = us;
    dst->house = house;
    dst->plan = plan;
    dst->readings = readings; /* a copy reads its journal for itself */
    rl_plan_copy(dst, src);
    dst->sight = sight;
    dst->sight.scn = &dst->live;
    dst->sight.ix.table = &dst->live.table;
    dst->dice = dice;
    memcpy(dst->live.units, src->live.units, sizeof(sl_unit) * (size_t)src->live.nunits);
    memcpy(dst->live.figures, src->live.figures, sizeof(sl_figure) * (size_t)src->live.nfigures);
    memcpy(dst->us, src->us, sizeof(sl_unit_state) * (size_t)src->live.nunits);
    if (src->house_bytes)
        memcpy(dst->house, src->house, src->house_bytes);
    if (src->live.parts && !dst->live.parts) {
        memset(&dst->journal, 0, sizeof dst->journal);
        sl_game_free(dst);
        return rl_refuse(err, errlen, "out of memory");
    }
    dst->dice.rng = src->dice.rng;
    dst->dice.at = src->dice.at;
    dst->dice.rolls = src->dice.rolls;
    if (src->dice.script && !sl_dice_script(&dst->dice, src->dice.script, src->dice.nscript)) {
        memset(&dst->journal, 0, sizeof dst->journal);
        sl_game_free(dst);
        return rl_refuse(err, errlen, "out of memory");
    }
    dst->dice.at = src->dice.at;
    memset(&dst->journal, 0, sizeof dst->journal);
    if (nevents > src->journal.n)
        nevents = src->journal.n;
    for (int i = 0; i < nevents; i++)
        if (!rl_journal_append_copy(&dst->journal, &src->journal.ev[i], NULL, NULL, true)) {
            sl_game_free(dst);
            return rl_refuse(err, errlen, "out of memory");
        }
    return true;
}

bool sl_game_rewind(sl_game *g, const sl_game *snap, int snap_events, char **cmds, int from, int upto, char *err,
                    size_t errlen)
{
    if (snap_events > g->journal.n)
        return rl_refuse(err, errlen, "the snapshot is of a later game than this one");
    sl_game ng;
    if (!sl_game_clone_upto(&ng, snap, 0, err, errlen))
        return false;
    /* the replay goes on from this game's own journal up to the snapshot
     * (events number themselves, and rules look back along it); the
     * events after it are set aside until the replay has succeeded */
    int ntail = g->journal.n - snap_events;
    sl_event *tail = malloc(sizeof(sl_event) * (size_t)(ntail > 0 ? ntail : 1));
    if (!tail) {
        sl_game_free(&ng);
        return rl_refuse(err, errlen, "out of memory");
    }
    memcpy(tail, g->journal.ev + snap_events, sizeof(sl_event) * (size_t)ntail);
    rl_journal_free(&ng.journal);
    ng.journal = g->journal;
    ng.journal.n = snap_events;
    bool ok = true;
    for (int i = from; i < upto && ok; i++)
        ok = cmds[i] && sl_game_apply_line(&ng, cmds[i], err, errlen);
    if (!ok) {
        /* back as it was: the replayed events go, the set-aside return */
        rl_journal_truncate(&ng.journal, snap_events);
        g->journal = ng.journal;
        if (g->journal.cap < snap_events + ntail) {
            free(tail);
            memset(&ng.journal, 0, sizeof ng.journal);
            sl_game_free(&ng);
            return rl_refuse(err, errlen, "undo failed and the journal could not be restored");
        }
        memcpy(g->journal.ev + snap_events, tail, sizeof(sl_event) * (size_t)ntail);
        g->journal.n = snap_events + ntail;
        free(tail);
        memset(&ng.journal, 0, sizeof ng.journal);
        sl_game_free(&ng);
        return false;
    }
    /* the set-aside events are done with */
    sl_journal old = {tail, ntail, ntail};
    rl_journal_truncate(&old, 0);
    free(tail);
    memset(&g->journal, 0, sizeof g->journal);
    sl_game_free(g);
    *g = ng;
    sl_game_moved(g);
    return true;
}

/* --- asking and doing ---------------------------------------------------------------- */

bool sl_game_way_plan(const sl_game *g, const sl_command *c, sl_way_plan *out)
{
    memset(out, 0, sizeof *out);
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (!rs->way_plan || c->unit < 0 || c->unit >= g->live.nunits)
        return false;
    if (c->npts > 0)
        out->ok = sl_game_can(g, c, out->why, sizeof out->why);
    return rs->way_plan(g, c, out);
}

int sl_game_way_reach(const sl_game *g, int unit, const sl_pt *way, int nway, sl_way_reach *out, int max)
{
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (!rs->way_reach || unit < 0 || unit >= g->live.nunits || nway < 1 || max < 1)
        return 0;
    return rs->way_reach(g, unit, way, nway, out, max);
}

bool sl_game_can(const sl_game *g, const sl_command *c, char *why, size_t whylen)
{
    if (g->outcome.over && g->outcome.winner >= 0)
        return rl_refuse(why, whylen, "the game is over: %s won (%s)", rl_side_name(g, g->outcome.winner),
                         g->outcome.why);
    if (g->outcome.over)
        return rl_refuse(why, whylen, "the game is over: a draw (%s)", g->outcome.why);
    const rl_ruleset *rs0 = rl_ruleset_of(g);
    if (g->pending.kind != SL_DECIDE_NONE && c->kind != SL_CMD_DECIDE && !rl_hook_pending_allows(g, c) &&
        !(rs0->pending_allows && rs0->pending_allows(g, c))) {
        if (g->pending.kind == SL_DECIDE_SETUP)
            for (int i = g->journal.n - 1; i >= 0; i--)
                if (g->journal.ev[i].kind == SL_EV_DECISION)
                    return rl_refuse(why, whylen, "not yet, the set-up comes first: %s", g->journal.ev[i].text);
        return rl_refuse(why, whylen, "%s must first answer a decision (decide ...)", rl_side_name(g, g->pending.side));
    }
    const rl_ruleset *rs = rl_ruleset_of(g);
    if (rs->handles && rs->handles(g, c->kind))
        return rs->can(g, c, why, whylen);
    const rl_ruleset *owner_rs = NULL;
    const rl_house *owner_h = NULL;
    const rl_cmd_def *d = rl_command_owner(g, c->kind, &owner_rs, &owner_h);
    if (!d || (owner_rs && owner_rs != rs && !(d->flags & RL_CMD_SHARED)))
        return rl_refuse(why, whylen, "that command is not known");
    if (owner_h && !rl_house_in_play(g, owner_h)) {
        if (owner_h->option && rl_house_admitted(g, owner_h))
            return rl_refuse(why, whylen, "%s belongs to %s, which this scenario does not use (rule option %s)",
                             d->name, owner_h->title, owner_h->option);
        return rl_refuse(why, whylen, "%s belongs to %s, which the %s ruleset does not play", d->name,
                         owner_h->title, sl_game_ruleset(g));
    }
    /* a command built rather than parsed names what it is about */
    bool needs_unit = d->shape != RL_SHAPE_END && d->shape != RL_SHAPE_SIDE && d->shape != RL_SHAPE_DECIDE &&
                      d->shape != RL_SHAPE_POINTS &&
                      !(d->flags & RL_CMD_NO_UNIT);
    bool needs_target = d->shape == RL_SHAPE_UNIT_UNIT || d->shape == RL_SHAPE_FIRE || d->shape == RL_SHAPE_UNIT_UNIT_WAY;
    if (c->unit >= g->live.nunits || (needs_unit && c->unit < 0) || c->target >= g->live.nunits ||
        (needs_target && c->target < 0) || c->side >= g->live.nsides || (d->shape == RL_SHAPE_SIDE && c->side < 0))
        return rl_refuse(why, whylen, "%s: that names no unit or side of this scenario", d->name);
    if ((d->flags & RL_CMD_CHECKED) && !act_check(g, c, why, whylen))
        return false;
    return d->can ? d->can(g, c, why, whylen) : true;
}

/* A command line cut before its first point ("move a 17.5,1.8" reads
 * "move a ..."). */
static void without_way(char *line)
{
    for (char *p = line; *p; p++) {
        if ((p == line || p[-1] == ' ') && (isdigit((unsigned char)*p) || *p == '-' || *p == '.')) {
            const char *q = p;
            while (*q && *q != ' ' && *q != ',')
                q++;
            if (*q == ',') {
                strcpy(p, "...");
                return;
            }
        }
    }
}

int sl_command_side(const sl_game *g, const sl_command *c)
{
    return c->kind == SL_CMD_DECIDE                  ? g->pending.side
           : c->unit >= 0 && c->unit < g->live.nunits ? g->live.units[c->unit].side
           : c->side >= 0                              ? c->side
           : g->pending.kind != SL_DECIDE_NONE         ? g->pending.side /* an answer with no unit (spring) */
                                                       : -1;
}

static void journal_command(sl_game *g, const sl_command *c)
{
    char line[SL_CMD_TEXT + SL_CMD_NOTE + 8];
    const char *text = c->text;
    if (!text[0]) {
        sl_command_format(&g->live, c, line, sizeof line);
        text = line;
    }
    char fields[2 * (SL_CMD_TEXT + SL_CMD_NOTE) + 64], esc[2 * (SL_CMD_TEXT + SL_CMD_NOTE) + 16];
    sl_json_escape(esc, sizeof esc, text);
    snprintf(fields, sizeof fields, "\"n\":%d,\"command\":\"%s\"", g->ncommands + 1, esc);
    /* a player's reasoning (the solo player's "# solo: ...") is his own:
     * with fog of war the other sides read the command without it; and
     * when units can pass out of sight (lose_contact), without the way
     * it is to take: they see it go only as far as they can see it */
    const char *note = strstr(text, " # ");
    bool way = c->npts > 0 && rl_contact_on(g);
    const rl_cmd_def *def = rl_command_row(g, c->kind);
    if (def && (def->flags & RL_CMD_SECRET)) {
        /* the other sides read that it was written, not what */
        char bare[SL_CMD_TEXT], bfields[2 * SL_CMD_TEXT + 64];
        snprintf(bare, sizeof bare, "%s (written in secret)", def->name);
        snprintf(bfields, sizeof bfields, "\"n\":%d,\"command\":\"%s\"", g->ncommands + 1, bare);
        rl_event_private(g, SL_EV_COMMAND, c->unit, text, fields, c->side, bare, bfields);
    } else if ((note || way) && sl_game_fog(g)) {
        int owner = sl_command_side(g, c);
        char bare[SL_CMD_TEXT + 8], bfields[2 * SL_CMD_TEXT + 64], besc[2 * SL_CMD_TEXT + 16];
        snprintf(bare, sizeof bare, "%.*s", note ? (int)(note - text) : (int)strlen(text), text);
        if (way)
            without_way(bare);
        sl_json_escape(besc, sizeof besc, bare);
        snprintf(bfields, sizeof bfields, "\"n\":%d,\"command\":\"%s\"", g->ncommands + 1, besc);
        rl_event_private(g, SL_EV_COMMAND, c->unit, text, fields, owner, bare, bfields);
    } else {
        rl_event(g, SL_EV_COMMAND, c->unit, text, fields);
    }
    g->ncommands++;
    /* a decision the program took in solo play carries its reasoning,
     * which under fog of war is its own side's alone */
    if (strncmp(c->note, "solo: ", 6) == 0) {
        char why[SL_CMD_NOTE + 32];
        const char *reason = c->note + 6;
        /* its plan for the turn, when it leads the reason ("[plan ...] ") */
        const char *close = reason[0] == '[' ? strstr(reason, "] ") : NULL;
        if (close) {
            snprintf(why, sizeof why, SL_SOLO_PLAN "%.*s", (int)(close - reason - 1), reason + 1);
            rl_event_private(g, SL_EV_NOTE, -1, why, NULL, sl_command_side(g, c), "", NULL);
            reason = close + 2;
        }
        snprintf(why, sizeof why, "Solo play: %s", reason);
        rl_event_private(g, SL_EV_NOTE, -1, why, NULL, sl_command_side(g, c), "", NULL);
    }
}

bool sl_game_apply(sl_game *g, const sl_command *given, char *err, size_t errlen)
{
    /* A command built rather than typed (the window, the solo player) is
     * written down and read back first, and it is that reading which is
     * played: the journal and saves hold the line, so the line must say
     * all of the command and nothing else. One that cannot be written as
     * a line is refused. */
    sl_command parsed;
    const sl_command *c = given;
    rl_plan_resolve(g); /* an option set since the last command (tests and tools do) */
    if (given->text[0] && !rl_fog_names_known(g, sl_command_side(g, given), given->text, err, errlen))
        return false; /* a hidden unit's id, as its enemy reads it: no such unit */
    if (!given->text[0]) {
        char line[SL_CMD_TEXT + SL_CMD_NOTE + 8], why[400] = "the line is too long";
        bool fits = sl_command_format(&g->live, given, line, sizeof line) < sizeof line - 1;
        if (!fits || !sl_command_parse(&g->live, line, &parsed, why, sizeof why))
            return rl_refuse(err, errlen, "'%.200s' cannot be written down as a command line, so it could not be "
                                          "saved or replayed: %s",
                             line, why);
        /* the words rules add to a shared command (a way of moving) are
         * all of its rule bytes: any that did not go into its line (a way
         * of moving for a command that takes none) could not be replayed */
        const rl_cmd_def *row = rl_command_row(g, given->kind);
        if (row && !row->words && memcmp(parsed.rule, given->rule, sizeof parsed.rule) != 0)
            return rl_refuse(err, errlen, "'%.200s' cannot be written down as a command line, so it could not be "
                                          "saved or replayed: it says more than %s takes",
                             line, row->name);
        /* a word two rules share (overwatch) reads as the scenario's
         * ruleset's command: that reading is played */
        if (parsed.kind != given->kind && strcmp(sl_cmd_name(parsed.kind), sl_cmd_name(given->kind)) != 0)
            return rl_refuse(err, errlen, "'%.200s' reads back as another command, so it could not be saved or "
                                          "replayed",
                             line);
        /* units hidden from the side that gives it named by their
         * counters, as its player would write them (where the line
         * names them as units: it must read back as the same command) */
        char named[sizeof line];
        sl_command renamed;
        if (rl_fog_command_line(g, sl_command_side(g, &parsed), line, named, sizeof named) &&
            strlen(named) < sizeof line - 1 && sl_command_parse(&g->live, named, &renamed, why, sizeof why) &&
            renamed.kind == parsed.kind)
            parsed = renamed;
        c = &parsed;
    }
    rl_snapshot snap;
    if (!rl_snapshot_take(g, &snap))
        return rl_refuse(err, errlen, "out of memory");
    g->failed = false;
    /* the first command starts the first turn; a refused one takes even
     * that back */
    if (g->turn == 0 && g->pending.kind != SL_DECIDE_SETUP)
        rl_game_start(g);
    char why[400];
    if (g->failed || !sl_game_can(g, c, why, sizeof why)) {
        snprintf(err, errlen, "%s", g->failed ? g->fail_msg : why);
        rl_snapshot_restore(g, &snap);
        g->failed = false;
        rl_snapshot_drop(&snap);
        return false;
    }
    g->acting_side = sl_command_side(g, c);
    g->cmd_first_event = g->journal.n;
    journal_command(g, c);
    bool ok = true;
    const rl_ruleset *rs = rl_ruleset_of(g);
    const rl_cmd_def *d = rl_command_row(g, c->kind);
    if (rs->handles && rs->handles(g, c->kind))
        ok = rs->apply(g, c, err, errlen);
    else if (d->flags & RL_CMD_FRAMED)
        ok = fr_apply_action(g, c, err, errlen);
    else
        ok = d->apply ? d->apply(g, c, err, errlen) : true;
    if (g->failed) {
        /* say which rolls were made before the dice ran out or did not
         * fit, so a dice file can be put right */
        size_t at = (size_t)snprintf(err, errlen, "%s", g->fail_msg);
        const char *lead = " (the rolls before it: ";
        for (int i = snap.journal_n; i < g->journal.n && at < errlen; i++) {
            const sl_event *e = &g->journal.ev[i];
            if (e->kind != SL_EV_ROLL)
                continue;
            at += (size_t)snprintf(err + at, errlen - at, "%s%s %s %d", lead, e->test, sl_die_name(e->die),
                                   e->value);
            lead = ", ";
        }
        if (*lead == ',' && at < errlen)
            snprintf(err + at, errlen - at, ")");
        ok = false;
    }
    if (!ok) {
        rl_snapshot_restore(g, &snap);
        g->failed = false;
    } else {
        det_update(g);
        rl_teams_sync(g);
        rl_fog_check(g);
        rl_hook_after_command(g);
        rl_outcome_check(g);
    }
    rl_snapshot_drop(&snap);
    g->acting_side = -1;
    return ok;
}

bool sl_game_apply_line(sl_game *g, const char *line, char *err, size_t errlen)
{
    sl_command c;
    if (!sl_command_parse(&g->live, line, &c, err, errlen))
        return false;
    if (c.kind == SL_CMD_NONE)
        return true; /* blank or comment */
    return sl_game_apply(g, &c, err, errlen);
}

/* --- the offers' commands --------------------------------------------------------------- */

int sl_game_side_to_act(const sl_game *g)
{
    if (g->pending.kind != SL_DECIDE_NONE)
        return g->pending.side;
    int a = sl_game_active_unit(g);
    if (a >= 0)
        return g->live.units[a].side;
    return g->side_to_act;
}

/* The words rules add to the command, as the entry's variant says (a
 * way of moving). */
static void offer_extras(const rl_cmd_def *row, int variant, sl_command *out)
{
    const rl_cmd_extra *x;
    for (int i = 0; (x = rl_cmd_extra_for(row, out->kind, i)) != NULL; i++)
        if (x->variant && rl_cmd_extra_of(out, x))
            x->variant(rl_cmd_extra_of(out, x), variant);
}

void sl_offer_command(const sl_game *g, const sl_offer *o, int unit, int target, const sl_pt *pts, int npts,
                      const int *figs, int nfigs, bool toggled, sl_command *out)
{
    sl_cmd_init(out, o->kind, unit);
    const sl_scenario *s = &g->live;
    const rl_cmd_def *row = rl_command_row(g, o->kind);
    if (row && row->words && row->words->variant) {
        row->words->variant(out, o->variant); /* the rule's part, as the entry says */
        if (row->shape == RL_SHAPE_OWN)
            return; /* its words are all its own, and the entry said them (teams, stance) */
    }
    switch (o->kind) {
    case SL_CMD_ACTIVATE:
        if (o->variant > 0 && o->variant - 1 < s->nunits)
            out->unit = o->variant - 1;
        return;
    case SL_CMD_MOVE:
    case SL_CMD_COMBAT_MOVE:
        sl_cmd_move(out, o->kind, unit, pts, npts);
        offer_extras(row, o->variant, out);
        break;
    case SL_CMD_FIRE:
        sl_cmd_fire(out, unit, target, (sl_fire_with)o->variant);
        break;
    case SL_CMD_DETACH:
        for (int i = 0; i < nfigs && out->nplace < SL_CMD_MAX_PLACE; i++)
            out->place_fig[out->nplace++] = figs[i];
        return;
    case SL_CMD_END_ACTIVATION:
        out->unit = -1;
        return;
    case SL_CMD_PASS:
    case SL_CMD_DONE:
        out->unit = -1;
        out->side = unit >= 0 ? s->units[unit].side : sl_game_side_to_act(g);
        return;
    case SL_CMD_LAST_STAND:
        return;
    default: {
        const rl_cmd_def *d = rl_command_row(g, o->kind);
        if (d && d->shape == RL_SHAPE_UNIT_AT) {
            /* the point aimed at (a fire mission's) */
            out->has_at = pts && npts > 0;
            if (out->has_at)
                out->at = pts[0];
            break;
        }
        out->target = target;
        for (int i = 0; pts && i < npts && out->npts < SL_CMD_MAX_PTS; i++)
            out->pts[out->npts++] = pts[i]; /* a point the command takes (a counter's place) */
        offer_extras(d, o->variant, out); /* a way walked as the offer says (breaking off) */
        break;
    }
    }
    /* the bar's toggle: who of the unit acts, as the rules say it (the
     * fireteams' squad leader alone, or joining a team's action) */
    const rl_actor_words *x;
    for (int i = 0; toggled && unit >= 0 && (x = rl_cmd_actor_words(i)) != NULL; i++)
        if (x->toggled && rl_cmd_actor_of(out, x))
            x->toggled(s, o->kind, unit, rl_cmd_actor_of(out, x));
}

/* A preview's words as a player reads them (sl_game_plain_words). */
static void preview_words(const sl_game *g, sl_preview *pv)
{
    char buf[SL_SKETCH_TEXT];
    sl_game_plain_words(g, pv->why, buf, sizeof pv->why);
    sl_scenario_point_words(&g->live, buf, pv->why, sizeof pv->why, NULL, 0);
    for (int i = 0; i < pv->nlines; i++) {
        sl_game_plain_words(g, pv->lines[i], buf, sizeof pv->lines[i]);
        memcpy(pv->lines[i], buf, sizeof pv->lines[i]);
    }
    for (int s = 0; s < pv->nsketches; s++)
        for (int l = 0; l < SL_SKETCH_LINES; l++) {
            sl_game_plain_words(g, pv->sketches[s].lines[l], buf, sizeof buf);
            memcpy(pv->sketches[s].lines[l], buf, sizeof pv->sketches[s].lines[l]);
        }
}

/* A pick's preview asks the command built from the pick the same
 * question the command will be asked: it never promises what the
 * command will refuse (a point its caller cannot see, a unit it may not
 * shoot), and says why. */
bool sl_game_pick_preview(const sl_game *g, int viewer, int unit, int kind, int variant, int target, sl_pt at,
                          sl_preview *out)
{
    if (!rl_pick_preview(g, viewer, unit, kind, variant, target, at, out))
        return false;
    preview_words(g, out);
    sl_pick_info pk;
    sl_cmd_pick(kind, &pk);
    bool point = pk.kind == SL_PICK_POINT, aimed = pk.kind == SL_PICK_UNIT && target >= 0;
    if (!out->legal || !(point || aimed))
        return true;
    sl_offer o;
    memset(&o, 0, sizeof o);
    o.kind = kind;
    o.variant = variant;
    sl_command c;
    sl_offer_command(g, &o, unit, point ? -1 : target, point ? &at : NULL, point ? 1 : 0, NULL, 0, false, &c);
    char why[sizeof out->why];
    out->legal = sl_game_can(g, &c, why, sizeof why);
    if (!out->legal) {
        char plain[sizeof out->why];
        sl_game_plain_words(g, why, plain, sizeof plain);
        sl_scenario_point_words(&g->live, plain, out->why, sizeof out->why, NULL, 0);
    }
    return true;
}
