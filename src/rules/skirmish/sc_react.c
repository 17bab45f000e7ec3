/* SkirmishCorps overwatch (the digest): a unit assigned to overwatch may
 * react to an enemy's action it knows of; reactions are declared, side
 * by side, then resolved, the last declared first and the instigator's
 * own action last (unless a direct reaction forced its hand). */
#include <stdio.h>
#include <string.h>

#include "skirmish.h"

bool sc_reaction_kind(int k)
{
    return sc_attack_how(k) >= 0 || k == sc_kind_of(SC_ROW_CHARGE) || k == sc_kind_of(SC_ROW_SPRING);
}

/* Does a declared action set units on overwatch reacting? */
bool sc_trigger_kind(int k)
{
    return k == SL_CMD_MOVE || sc_reaction_kind(k) || k == sc_kind_of(SC_ROW_BREAKOFF);
}

/* The units whose actions are in the chain (the instigator, the reactors). */
static bool in_chain(const sl_game *g, int u)
{
    const sc_react_chain *ch = sc_chain_of(g);
    if (!ch->on)
        return false;
    if (ch->instigator.unit == u)
        return true;
    for (int i = 0; i < ch->nreact; i++)
        if (ch->react[i].unit == u)
            return true;
    return false;
}

/* Does u know of e's action: it sees e, or (with the side's line of
 * communication, the scenario's comms_link) a friend able to tell it does. */
static bool knows_of(const sl_game *g, int u, int e)
{
    sl_unit_sight sight;
    sl_unit_sight_judge(&g->sight, u, e, false, &sight);
    if (sight.visible)
        return true;
    int side = g->live.units[u].side;
    if (!sc_side_comms_link(&g->live, side))
        return false;
    for (int f = 0; f < g->live.nunits; f++) {
        if (f == u || g->live.units[f].side != side || !sc_able(g, f))
            continue;
        sl_unit_sight_judge(&g->sight, f, e, false, &sight);
        if (sight.visible)
            return true;
    }
    return false;
}

/* May unit u (of `side`) react: on overwatch, not yet reacted, able, and
 * knowing of an enemy whose action is in the chain (or `actor` before one
 * is): by its own sight or its side's line of communication. */
static bool can_react_to(const sl_game *g, int side, int u, int actor)
{
    const sc_unit *s = sc_unit_of(g, u);
    if (g->live.units[u].side != side || !s->overwatch || s->reacted || !sc_able(g, u))
        return false;
    for (int e = 0; e < g->live.nunits; e++) {
        if (g->live.units[e].side == side || !(e == actor || in_chain(g, e)))
            continue;
        if (knows_of(g, u, e))
            return true;
    }
    return false;
}

bool sc_can_react(const sl_game *g, int side, int u)
{
    return can_react_to(g, side, u, -1);
}

/* The units of `side` that may react (into opts), how many. */
static int reactors(const sl_game *g, int side, int actor, int *opts, int max)
{
    int n = 0;
    for (int u = 0; u < g->live.nunits && n < max; u++)
        if (can_react_to(g, side, u, actor))
            opts[n++] = u;
    return n;
}

static int other_side(const sl_game *g, int side)
{
    return g->live.nsides > 1 ? (side + 1) % g->live.nsides : side;
}

/* The first unit whose declared reaction is aimed straight at the
 * instigator, or -1: its side may force the instigator's hand while
 * declaring is open (only the instigator's enemies can aim at it). */
static int direct_reactor(const sl_game *g)
{
    const sc_react_chain *ch = sc_chain_of(g);
    int iside = g->live.units[ch->instigator.unit].side;
    for (int i = 0; i < ch->nreact; i++)
        if (ch->react[i].target == ch->instigator.unit && g->live.units[ch->react[i].unit].side != iside)
            return ch->react[i].unit;
    return -1;
}

/* May `side` still do something before declaring closes: declare a
 * reaction, or force the instigator's hand. */
static bool may_answer(const sl_game *g, int side)
{
    int opts[SL_MAX_OPTIONS], d = direct_reactor(g);
    if (reactors(g, side, -1, opts, SL_MAX_OPTIONS) > 0)
        return true;
    return !sc_chain_of(g)->forced && d >= 0 && g->live.units[d].side == side;
}

/* Ask `side` for reactions (its units that may react listed). */
static void ask_reactions(sl_game *g, int side)
{
    memset(&g->pending, 0, sizeof g->pending);
    g->pending.kind = sc_decide_kind(SC_DECIDE_REACT);
    g->pending.side = side;
    g->pending.mover = sc_chain_of(g)->instigator.unit;
    g->pending.noptions = reactors(g, side, -1, g->pending.options, SL_MAX_OPTIONS);
    char who[400] = "", fields[200];
    size_t at = 0;
    for (int i = 0; i < g->pending.noptions && at < sizeof who; i++)
        at += (size_t)snprintf(who + at, sizeof who - at, "%s%s", i ? ", " : "", rl_unit_name(g, g->pending.options[i]));
    snprintf(fields, sizeof fields, "\"decision\":\"reactions\",\"side\":\"%s\",\"declared\":%d",
             g->live.sides[side].id, sc_chain_of(g)->nreact);
    char text[900], force[300] = "";
    const char *inst = rl_unit_name(g, sc_chain_of(g)->instigator.unit);
    int d = direct_reactor(g), other = other_side(g, side);
    if (d >= 0 && !sc_chain_of(g)->forced)
        snprintf(force, sizeof force, "; until then decide force (%s's reaction is aimed at %s) makes %s's action "
                                      "resolve first",
                 rl_unit_name(g, d), inst, inst);
    if (g->pending.noptions == 0 && sc_chain_of(g)->passes == 0 && may_answer(g, other))
        snprintf(text, sizeof text, "%s has no unit left to react: it says decide pass, and %s may still answer%s",
                 rl_side_name(g, side), rl_side_name(g, other), force);
    else if (g->pending.noptions == 0)
        snprintf(text, sizeof text,
                 "No one else can react: %s says decide pass and everything resolves (or first decide force, when "
                 "its reaction is aimed at %s, to make that action resolve first)",
                 rl_side_name(g, side), inst);
    else
        snprintf(text, sizeof text,
                 "%s may react from overwatch (%s): declare a shot, aimed shot, throw, charge or spring attack with "
                 "the unit's own command, or decide pass%s%s",
                 rl_side_name(g, side), who,
                 sc_chain_of(g)->nreact ? "; nothing resolves until both sides stop declaring" : "", force);
    rl_event(g, SL_EV_DECISION, -1, text, fields);
}

/* An action declared in sight of enemies on overwatch: held, and they
 * are asked whether they react. */
bool sc_start_chain(sl_game *g, const sl_command *c)
{
    int side = other_side(g, g->live.units[c->unit].side), opts[SL_MAX_OPTIONS];
    if (sc_chain_of(g)->on || reactors(g, side, c->unit, opts, SL_MAX_OPTIONS) == 0)
        return false;
    memset(sc_chain_of(g), 0, sizeof(sc_react_chain));
    sc_chain_of(g)->on = true;
    sc_chain_of(g)->instigator = *c;
    rl_note(g, c->unit, "%s declares its action in sight of enemies on overwatch: it waits on their reactions "
                        "(the digest)",
            rl_unit_name(g, c->unit));
    ask_reactions(g, side);
    return true;
}

/* A reaction declared: kept, and the other side may answer it. */
void sc_declare_reaction(sl_game *g, const sl_command *c)
{
    sc_react_chain *ch = sc_chain_of(g);
    int side = g->live.units[c->unit].side;
    if (ch->nreact < SC_MAX_REACT)
        ch->react[ch->nreact++] = *c;
    sc_unit_of(g, c->unit)->reacted = true;
    ch->passes = 0;
    char line[SL_CMD_TEXT];
    sl_command bare = *c; /* the command, not the solo player's reason for it (written once, with the command) */
    bare.note[0] = bare.text[0] = '\0';
    sl_command_format(&g->live, &bare, line, sizeof line);
    rl_state(g, c->unit, "reaction", "%s turns its overwatch marker and declares a reaction: %s (it resolves later)",
             rl_unit_name(g, c->unit), line);
    int other = other_side(g, side);
    if (may_answer(g, other))
        ask_reactions(g, other); /* it may answer, or force the instigator's hand */
    else
        ask_reactions(g, side); /* it may declare more, or force the instigator's hand, or pass */
}

/* The order things resolve: reactions last declared first, and the
 * instigator's own action last, unless a direct reaction forced it to
 * resolve first. */
static const sl_command *chain_at(const sl_game *g, int k)
{
    const sc_react_chain *ch = sc_chain_of(g);
    if (ch->forced)
        return k == 0 ? &ch->instigator : &ch->react[ch->nreact - k];
    return k < ch->nreact ? &ch->react[ch->nreact - 1 - k] : &ch->instigator;
}

/* Nothing more is declared: the chain resolves, one action at a time
 * (sc_chain_next gives them to the dispatcher). */
static void begin_resolving(sl_game *g)
{
    sc_react_chain *ch = sc_chain_of(g);
    memset(&g->pending, 0, sizeof g->pending);
    ch->resolving = true;
    ch->step = 0;
    if (ch->nreact)
        rl_note(g, -1, "The reactions resolve, the last declared first; %s's own action %s",
                rl_unit_name(g, ch->instigator.unit), ch->forced ? "first of all (forced)" : "last");
}

bool sc_decide_react(sl_game *g, const sl_command *c, bool *resume, char *err, size_t errlen)
{
    sc_react_chain *ch = sc_chain_of(g);
    *resume = false;
    int side = g->pending.side;
    if (c->decide == sc_word(SC_WORD_FORCE)) {
        /* the right of the side whose reaction is aimed at the instigator,
         * whichever side is to declare, until declaring closes */
        int d = direct_reactor(g);
        if (d < 0)
            return rl_refuse(err, errlen, "only a reaction aimed at %s itself forces it to resolve first",
                             rl_unit_name(g, ch->instigator.unit));
        if (ch->forced)
            return rl_refuse(err, errlen, "%s's hand is already forced: its action resolves first",
                             rl_unit_name(g, ch->instigator.unit));
        ch->forced = true;
        rl_state(g, ch->instigator.unit, "forced",
                 "A direct reaction forces %s's hand: its action resolves first (%s's reaction is aimed at it)",
                 rl_unit_name(g, ch->instigator.unit), rl_unit_name(g, d));
        return true;
    }
    if (c->decide != SL_DECIDE_WORD_PASS)
        return rl_refuse(err, errlen, "declare a reaction with the unit's command, or decide pass (decide force: a "
                                      "direct reaction makes the instigator resolve first)");
    ch->passes++;
    rl_note(g, -1, "%s declares no more reactions", rl_side_name(g, side));
    int other = other_side(g, side);
    if (ch->passes < 2 && ch->nreact > 0 && may_answer(g, other)) {
        ask_reactions(g, other); /* it has not stopped declaring yet (or may still force) */
        return true;
    }
    /* both have stopped declaring: everything resolves */
    begin_resolving(g);
    *resume = true;
    return !g->failed;
}

/* The chain's next action to resolve (false: none left, and the chain is
 * over); a reactor's overwatch is spent as its reaction comes up. */
bool sc_chain_next(sl_game *g, sl_command *next, bool *instigator)
{
    sc_react_chain *ch = sc_chain_of(g);
    if (!ch->on || !ch->resolving)
        return false;
    int total = ch->nreact + 1;
    if (ch->step >= total) {
        ch->on = ch->resolving = false;
        return false;
    }
    *next = *chain_at(g, ch->step++);
    *instigator = next->unit == ch->instigator.unit && ch->step == (ch->forced ? 1 : total);
    if (!*instigator)
        sc_unit_of(g, next->unit)->overwatch = false; /* its overwatch is spent */
    return true;
}

/* A reaction declared while reactions are asked for. */
bool sc_pending_allows(const sl_game *g, const sl_command *c)
{
    return g->pending.kind == sc_decide_kind(SC_DECIDE_REACT) && c->unit >= 0 && sc_reaction_kind(c->kind) &&
           g->live.units[c->unit].side == g->pending.side;
}
