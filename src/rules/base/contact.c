/* Fog of war for units on the table (rule option lose_contact): a side
 * that has none of a unit's men in sight knows only where and when it
 * last saw them. Kept man by man and side by side (sl_figure.seen), so it
 * follows men from squad to element and back.
 *
 * A unit is in a side's sight while any of that side's men standing on
 * the table has a clear line of sight to any of its men still up. Moves
 * are watched inch by inch (a unit crossing a gap is glimpsed there);
 * everything else is looked at after each command. The journal says when
 * a side loses sight of a unit, glimpses it, or has it in sight again;
 * while it is out of a side's sight that side reads nothing it does, and
 * the line and end of a move that takes it out of sight are not read
 * either (the side saw it go, not where to). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"

/* The units contact is kept for: squads (their fireteams' men with
 * them), detached elements and lone units; not counters, dummies or
 * troops riding inside a vehicle. */
static bool kept(const sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    return sl_unit_whole(&g->live, u) < 0 && un->kind != SL_UNIT_DUMMY && !rl_fog_counter(g, u) && g->us[u].aboard < 0 &&
           !sl_game_not_yet_on(g, u);
}

static bool member(const sl_game *g, int u, const sl_figure *f)
{
    return f->unit == u || sl_unit_whole(&g->live, f->unit) == u;
}

static int top_of(const sl_game *g, int u)
{
    int s = sl_unit_whole(&g->live, u);
    return s >= 0 ? s : u;
}

/* Does any standing man of `side` (of unit `only`'s men when it is not
 * -1) see any of unit u's men still up? */
static bool sees(sl_game *g, int side, int only, int u)
{
    const sl_unit *un = &g->live.units[u];
    for (int i = 0; i < un->nfigures; i++) {
        const sl_figure *f = &g->live.figures[un->first_figure + i];
        if (f->status == SL_FIG_DEAD || !member(g, u, f))
            continue;
        for (int k = 0; k < g->live.nfigures; k++) {
            const sl_figure *e = &g->live.figures[k];
            const sl_unit *eu = &g->live.units[e->unit];
            if (e->status != SL_FIG_OK || eu->side != side || eu->kind == SL_UNIT_DUMMY ||
                g->us[e->unit].aboard >= 0 || sl_game_not_yet_on(g, e->unit) || (only >= 0 && top_of(g, e->unit) != only))
                continue;
            if (sl_los_clear(&g->sight.ix, &g->sight.params, g->sight.scratch, e->pos, f->pos))
                return true;
        }
    }
    return false;
}

static void saw(sl_game *g, int u, int side)
{
    const sl_unit *un = &g->live.units[u];
    for (int i = 0; i < un->nfigures; i++) {
        sl_figure *f = &g->live.figures[un->first_figure + i];
        if (!member(g, u, f))
            continue;
        f->seen[side].at = f->pos;
        f->seen[side].status = f->status;
        f->seen[side].turn = g->turn;
        f->seen[side].lost = false;
    }
}

static void lose(sl_game *g, int u, int side)
{
    const sl_unit *un = &g->live.units[u];
    for (int i = 0; i < un->nfigures; i++) {
        sl_figure *f = &g->live.figures[un->first_figure + i];
        if (member(g, u, f))
            f->seen[side].lost = true;
    }
}

void rl_contact_reset(sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    for (int i = 0; i < un->nfigures; i++) {
        sl_figure *f = &g->live.figures[un->first_figure + i];
        for (int side = 0; side < SL_MAX_SIDES; side++) {
            sl_sighting *s = &f->seen[side];
            s->at = s->told_at = f->pos;
            s->status = f->status;
            s->turn = g->turn;
            s->lost = s->told_lost = false;
        }
    }
}

/* Every other side's sight of unit u, as it stands now. */
static void update(sl_game *g, int u)
{
    int own = g->live.units[u].side;
    for (int side = 0; side < g->live.nsides; side++)
        if (side != own) {
            if (sees(g, side, -1, u))
                saw(g, u, side);
            else
                lose(g, u, side);
        }
}

void rl_contact_watch(sl_game *g, int mover)
{
    if (!rl_contact_on(g) || mover < 0)
        return;
    int m = top_of(g, mover);
    if (!kept(g, m))
        return;
    int own = g->live.units[m].side;
    update(g, m);
    /* and what the mover itself comes upon */
    for (int u = 0; u < g->live.nunits; u++)
        if (g->live.units[u].side != own && kept(g, u) && rl_contact_lost(g, own, u) && sees(g, own, m, u))
            saw(g, u, own);
}

/* --- what the journal tells ---------------------------------------------------------- */

static void blank(sl_event *e, int side)
{
    free(e->side_text[side]);
    free(e->side_json[side]);
    e->side_text[side] = calloc(1, 1);
    e->side_json[side] = calloc(1, 1);
}

/* The side saw only part of the unit's way this command (it set off in
 * sight, or came into sight, or was glimpsed on the way): the unit's
 * "moved" lines, which say how far it went and where it ended, are not
 * for it; the contact line says what it saw. (The command's own line
 * carries no way for the other side: see journal_command.) */
static void hide_the_way(sl_game *g, int u, int side)
{
    for (int i = g->cmd_first_event; i < g->journal.n; i++) {
        sl_event *e = &g->journal.ev[i];
        if (e->unit < 0 || top_of(g, e->unit) != u)
            continue;
        if (e->kind == SL_EV_STATE && strstr(e->json, "\"what\":\"moved\""))
            blank(e, side);
    }
}

static void tell(sl_game *g, int u, int side, const char *what, const char *fmt, sl_pt at, int turn)
{
    const sl_unit *un = &g->live.units[u];
    char text[SL_NAME_LEN * 2 + 200], fields[SL_ID_LEN * 2 + 200], uid[SL_ID_LEN * 2], sid[SL_ID_LEN * 2];
    char when[48];
    if (turn > 0)
        snprintf(when, sizeof when, "in turn %d", turn);
    else
        snprintf(when, sizeof when, "where it was set out");
    snprintf(text, sizeof text, fmt, rl_side_name(g, side), un->name, at.x / 1000.0, at.y / 1000.0, when);
    sl_utf8_trim(text);
    sl_json_escape(uid, sizeof uid, un->id);
    sl_json_escape(sid, sizeof sid, g->live.sides[side].id);
    snprintf(fields, sizeof fields, "\"what\":\"%s\",\"unit\":\"%s\",\"side\":\"%s\",\"at\":[%.3f,%.3f],\"turn\":%d",
             what, uid, sid, at.x / 1000.0, at.y / 1000.0, turn);
    /* the side that lost it reads what it saw; no other side reads it
     * (the unit's owner would learn that no hidden enemy sees it) */
    g->fog_public = true;
    sl_event *e = rl_event(g, SL_EV_STATE, u, text, fields);
    g->fog_public = false;
    for (int other = 0; e && other < g->live.nsides; other++)
        if (other != side)
            blank(e, other);
}

static void report(sl_game *g, int u)
{
    const sl_unit *un = &g->live.units[u];
    for (int side = 0; side < g->live.nsides; side++) {
        if (side == un->side)
            continue;
        bool was = true, now = true, moved = false, any = false;
        for (int i = 0; i < un->nfigures; i++) {
            const sl_figure *f = &g->live.figures[un->first_figure + i];
            if (f->status == SL_FIG_DEAD || !member(g, u, f))
                continue;
            const sl_sighting *s = &f->seen[side];
            any = true;
            was &= s->told_lost;
            now &= s->lost;
            moved |= s->at.x != s->told_at.x || s->at.y != s->told_at.y;
        }
        if (any) {
            sl_pt at;
            int turn = g->turn;
            sl_game_last_seen(g, side, u, &at, &turn);
            if (!was && now) {
                hide_the_way(g, u, side);
                tell(g, u, side, "out-of-sight", "%s loses sight of %s: last seen at (%.1f, %.1f) %s", at,
                     turn);
            } else if (was && now && moved) {
                hide_the_way(g, u, side);
                tell(g, u, side, "glimpsed", "%s glimpses %s at (%.1f, %.1f) %s, and loses sight of it again",
                     at, turn);
            } else if (was && !now) {
                hide_the_way(g, u, side);
                at = sl_unit_centre(&g->live, u, NULL);
                tell(g, u, side, "in-sight", "%s has %s in sight again, at (%.1f, %.1f) %s", at, g->turn);
            }
        }
        for (int i = 0; i < un->nfigures; i++) {
            sl_figure *f = &g->live.figures[un->first_figure + i];
            if (member(g, u, f)) {
                f->seen[side].told_lost = f->seen[side].lost;
                f->seen[side].told_at = f->seen[side].at;
            }
        }
    }
}

void rl_contact_check(sl_game *g)
{
    if (!rl_contact_on(g))
        return;
    for (int u = 0; u < g->live.nunits; u++)
        if (kept(g, u))
            update(g, u);
    for (int u = 0; u < g->live.nunits; u++)
        if (kept(g, u))
            report(g, u);
}
