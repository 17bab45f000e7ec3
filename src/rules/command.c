/* Parsing script lines into commands. The grammar is documented, line by
 * line, in src/rules/COMMANDS.md. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

#define MAX_WORDS 48

typedef struct words {
    char buf[512];
    char *w[MAX_WORDS];
    int n;
} words;

static void split(const char *line, words *ws)
{
    snprintf(ws->buf, sizeof ws->buf, "%s", line);
    char *hash = strchr(ws->buf, '#');
    if (hash)
        *hash = '\0';
    ws->n = 0;
    char *p = ws->buf;
    while (*p && ws->n < MAX_WORDS) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        ws->w[ws->n++] = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        if (*p)
            *p++ = '\0';
    }
}

/* A unit by id; the error suggests the nearest id. */
static bool unit_arg(const sl_scenario *scn, const char *id, int *out, char *err, size_t errlen)
{
    int u = sl_scenario_find_unit(scn, id);
    if (u < 0) {
        /* a figure's id names its unit */
        int f = sl_scenario_find_figure(scn, id);
        if (f >= 0)
            u = scn->figures[f].unit;
    }
    if (u >= 0) {
        *out = u;
        return true;
    }
    const char *ids[1000];
    int n = 0;
    for (int i = 0; i < scn->nunits && n < 1000; i++)
        ids[n++] = scn->units[i].id;
    const char *hint = sl_suggest(id, ids, n);
    if (hint)
        return refuse(err, errlen, "no unit has id '%s' (did you mean '%s'?)", id, hint);
    return refuse(err, errlen, "no unit has id '%s'", id);
}

/* The acting unit: a unit, or "SQUAD.L" for a squad's leader alone
 * (squads split into fireteams). */
static bool actor_arg(const sl_scenario *scn, const char *id, sl_command *c, char *err, size_t errlen)
{
    size_t n = strlen(id);
    if (n > 2 && id[n - 2] == '.' && (id[n - 1] == 'L' || id[n - 1] == 'l')) {
        char sq[SL_ID_LEN];
        snprintf(sq, sizeof sq, "%.*s", (int)(n - 2), id);
        int u = sl_scenario_find_unit(scn, sq);
        if (u >= 0 && scn->units[u].nteams > 0) {
            c->unit = u;
            c->leader_only = true;
            return true;
        }
        if (u >= 0)
            return refuse(err, errlen, "'%s' names a squad leader alone, and %s is not split into fireteams", id, sq);
    }
    return unit_arg(scn, id, &c->unit, err, errlen);
}

static bool side_arg(const sl_scenario *scn, const char *id, int *out, char *err, size_t errlen)
{
    int s = sl_scenario_find_side(scn, id);
    if (s < 0)
        return refuse(err, errlen, "no side has id '%s'", id);
    *out = s;
    return true;
}

/* "12.5,30" in inches */
static bool point_arg(const sl_scenario *scn, const char *s, sl_pt *out, char *err, size_t errlen)
{
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end != ',')
        return refuse(err, errlen, "'%s' is not a point: write X,Y in inches, such as 12.5,30", s);
    const char *ys = end + 1;
    double y = strtod(ys, &end);
    if (end == ys || *end)
        return refuse(err, errlen, "'%s' is not a point: write X,Y in inches, such as 12.5,30", s);
    if (!sl_inches_to_mils(x, &out->x) || !sl_inches_to_mils(y, &out->y) || !sl_table_contains(&scn->table, *out))
        return refuse(err, errlen, "%s is off the %.0f\" x %.0f\" table", s, scn->table.width / 1000.0,
                      scn->table.height / 1000.0);
    return true;
}

static bool need(const words *ws, int n, const char *usage, char *err, size_t errlen)
{
    if (ws->n < n)
        return refuse(err, errlen, "%s needs more: %s", ws->w[0], usage);
    return true;
}

static bool unit_then_unit(const sl_scenario *scn, const words *ws, const char *glue, sl_command *c, const char *usage,
                           char *err, size_t errlen)
{
    if (!need(ws, 3, usage, err, errlen) || !actor_arg(scn, ws->w[1], c, err, errlen))
        return false;
    int k = 2;
    if (glue && ws->n > 3 && strcmp(ws->w[2], glue) == 0)
        k = 3;
    if (k >= ws->n)
        return refuse(err, errlen, "%s needs more: %s", ws->w[0], usage);
    if (ws->n > k + 1)
        return refuse(err, errlen, "too many words: %s", usage);
    return unit_arg(scn, ws->w[k], &c->target, err, errlen);
}

/* One more figure named in a command (reorganise, regroup, detach): its
 * index, with room left for it. */
static bool figure_arg(const sl_scenario *scn, const char *word, const sl_command *c, int *out, char *err,
                       size_t errlen)
{
    if (c->nplace >= SL_CMD_MAX_PLACE)
        return refuse(err, errlen, "at most %d figures at once", SL_CMD_MAX_PLACE);
    *out = sl_scenario_find_figure(scn, word);
    if (*out < 0)
        return refuse(err, errlen, "no figure has id '%s'", word);
    return true;
}

bool sl_command_parse(const sl_scenario *scn, const char *line, sl_command *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->unit = c->target = c->side = c->choice = -1;
    c->kind = SL_CMD_COUNT;
    words ws;
    split(line, &ws);
    if (ws.n == 0)
        return true;
    /* the command as written, words joined by single spaces */
    size_t at = 0;
    for (int i = 0; i < ws.n; i++)
        at += (size_t)snprintf(c->text + at, sizeof c->text - at, "%s%s", i ? " " : "", ws.w[i]);
    /* a solo decision keeps its reasoning, for the journal */
    const char *solo = strstr(line, "# solo: ");
    if (solo && at < sizeof c->text)
        snprintf(c->text + at, sizeof c->text - at, " %s", solo);
    /* "with-leader": a fireteam's action the squad leader takes part in */
    for (int i = 2; i < ws.n; i++)
        if (strcmp(ws.w[i], "with-leader") == 0) {
            c->with_leader = true;
            memmove(&ws.w[i], &ws.w[i + 1], sizeof(char *) * (size_t)(ws.n - i - 1));
            ws.n--;
            i--;
        }
    const char *v = ws.w[0];
    if (c->with_leader && strcmp(v, "move") != 0 && strcmp(v, "combat-move") != 0 && strcmp(v, "fire") != 0 &&
        strcmp(v, "assault") != 0)
        return refuse(err, errlen, "with-leader goes with a fireteam's move, combat-move, fire or assault");
    if (strcmp(v, "activate") == 0) {
        c->kind = SL_CMD_ACTIVATE;
        if (ws.n != 2)
            return refuse(err, errlen, "usage: activate UNIT");
        return unit_arg(scn, ws.w[1], &c->unit, err, errlen);
    }
    if (strcmp(v, "move") == 0 || strcmp(v, "combat-move") == 0) {
        c->kind = strcmp(v, "move") == 0 ? SL_CMD_MOVE : SL_CMD_COMBAT_MOVE;
        const char *usage = strcmp(v, "move") == 0 ? "move UNIT X,Y [X,Y ...] (where its centre goes, in inches)"
                                                   : "combat-move UNIT X,Y [X,Y ...] (its declared destination last)";
        if (!need(&ws, 3, usage, err, errlen) || !actor_arg(scn, ws.w[1], c, err, errlen))
            return false;
        int k = 2;
        static const char *const modes[] = {"jog", "run", "sprint", "sneak"};
        for (int m = 0; m < 4 && c->kind == SL_CMD_MOVE; m++)
            if (strcmp(ws.w[k], modes[m]) == 0) {
                c->mode = SL_SC_JOG + m;
                k++;
                break;
            }
        if (k < ws.n && (strcmp(ws.w[k], "to") == 0 || strcmp(ws.w[k], "via") == 0))
            k++;
        for (; k < ws.n; k++) {
            if (strcmp(ws.w[k], "to") == 0 || strcmp(ws.w[k], "via") == 0)
                continue;
            if (c->npts >= SL_CMD_MAX_PTS)
                return refuse(err, errlen, "a move takes at most %d waypoints", SL_CMD_MAX_PTS);
            if (!point_arg(scn, ws.w[k], &c->pts[c->npts++], err, errlen))
                return false;
        }
        if (c->npts == 0)
            return refuse(err, errlen, "usage: %s", usage);
        return true;
    }
    if (strcmp(v, "fire") == 0) {
        c->kind = SL_CMD_FIRE;
        const char *usage = "fire UNIT at TARGET [combined] [small-arms|support|missile] [with-leader]";
        if (!need(&ws, 3, usage, err, errlen) || !actor_arg(scn, ws.w[1], c, err, errlen))
            return false;
        int k = 2;
        if (strcmp(ws.w[k], "at") == 0)
            k++;
        if (k >= ws.n)
            return refuse(err, errlen, "usage: %s", usage);
        if (!unit_arg(scn, ws.w[k], &c->target, err, errlen))
            return false;
        if (k + 1 < ws.n && strcmp(ws.w[k + 1], "combined") == 0) {
            if (scn->units[c->target].squad < 0)
                return refuse(err, errlen, "'combined' is for a fireteam target: %s is not a fireteam",
                              scn->units[c->target].id);
            c->combined = true;
            k++;
        }
        c->with = SL_FIRE_ALL;
        if (k + 1 < ws.n) {
            const char *m = ws.w[k + 1];
            if (strcmp(m, "small-arms") == 0)
                c->with = SL_FIRE_SMALL_ARMS;
            else if (strcmp(m, "support") == 0)
                c->with = SL_FIRE_SUPPORT;
            else if (strcmp(m, "missile") == 0)
                c->with = SL_FIRE_MISSILE;
            else if (strcmp(m, "all") != 0)
                return refuse(err, errlen, "'%s' is not a way to fire; say small-arms, support, missile or all", m);
            if (k + 2 < ws.n)
                return refuse(err, errlen, "too many words: %s", usage);
        }
        return true;
    }
    static const struct {
        const char *word;
        sl_cmd_kind kind;
    } single[] = {
        {"in-position", SL_CMD_IN_POSITION},         {"leave-position", SL_CMD_LEAVE_POSITION},
        {"remove-suppression", SL_CMD_REMOVE_SUPPRESSION}, {"remove-panic", SL_CMD_REMOVE_PANIC},
        {"last-stand", SL_CMD_LAST_STAND},
        {"overwatch", SL_CMD_OVERWATCH},
    };
    for (size_t i = 0; i < sizeof single / sizeof single[0]; i++) {
        if (strcmp(v, single[i].word) == 0) {
            c->kind = single[i].kind;
            if (ws.n != 2)
                return refuse(err, errlen, "usage: %s UNIT", single[i].word);
            return actor_arg(scn, ws.w[1], c, err, errlen);
        }
    }
    if (strcmp(v, "reorganise") == 0 || strcmp(v, "reorganize") == 0) {
        c->kind = SL_CMD_REORGANISE;
        const char *usage = "reorganise UNIT [FIGURE X,Y ...]";
        if (!need(&ws, 2, usage, err, errlen) || !actor_arg(scn, ws.w[1], c, err, errlen))
            return false;
        if ((ws.n - 2) % 2)
            return refuse(err, errlen, "usage: %s (each figure with where it goes)", usage);
        for (int k = 2; k + 1 < ws.n; k += 2) {
            int f;
            if (!figure_arg(scn, ws.w[k], c, &f, err, errlen))
                return false;
            c->place_fig[c->nplace] = f;
            if (!point_arg(scn, ws.w[k + 1], &c->place_at[c->nplace], err, errlen))
                return false;
            c->nplace++;
        }
        return true;
    }
    if (strcmp(v, "regroup") == 0) {
        c->kind = SL_CMD_REGROUP;
        const char *usage = "regroup SQUAD FIGURE TEAM [FIGURE TEAM ...] (TEAM: its number or SQUAD.N)";
        if (ws.n < 4 || (ws.n - 2) % 2)
            return refuse(err, errlen, "usage: %s", usage);
        if (!unit_arg(scn, ws.w[1], &c->unit, err, errlen))
            return false;
        const sl_unit *sq = &scn->units[c->unit];
        if (sq->nteams == 0)
            return refuse(err, errlen, "%s is not split into fireteams", sq->id);
        for (int k = 2; k + 1 < ws.n; k += 2) {
            int f;
            if (!figure_arg(scn, ws.w[k], c, &f, err, errlen))
                return false;
            const char *t = ws.w[k + 1];
            size_t idn = strlen(sq->id);
            if (strncmp(t, sq->id, idn) == 0 && t[idn] == '.')
                t += idn + 1;
            char *end;
            long no = strtol(t, &end, 10);
            int team = -1;
            for (int i = 0; i < sq->nteams && end != t && !*end; i++)
                if (scn->units[sq->team_unit[i]].team_no == no)
                    team = (int)no;
            if (team < 0)
                return refuse(err, errlen, "%s has no fireteam '%s'", sq->id, ws.w[k + 1]);
            c->place_fig[c->nplace] = f;
            c->place_team[c->nplace++] = team;
        }
        return true;
    }
    if (strcmp(v, "stance") == 0) {
        c->kind = SL_CMD_STANCE;
        if (ws.n != 3 || (strcmp(ws.w[2], "prone") != 0 && strcmp(ws.w[2], "standing") != 0))
            return refuse(err, errlen, "usage: stance UNIT prone|standing");
        c->prone = strcmp(ws.w[2], "prone") == 0;
        return unit_arg(scn, ws.w[1], &c->unit, err, errlen);
    }
    if (strcmp(v, "hide") == 0) {
        c->kind = SL_CMD_HIDE;
        if (ws.n != 2)
            return refuse(err, errlen, "usage: hide UNIT");
        return unit_arg(scn, ws.w[1], &c->unit, err, errlen);
    }
    if (strcmp(v, "detach") == 0) {
        c->kind = SL_CMD_DETACH;
        const char *usage = "detach SQUAD FIGURE [FIGURE ...] (the men who form its detached element)";
        if (ws.n < 3)
            return refuse(err, errlen, "usage: %s", usage);
        if (!unit_arg(scn, ws.w[1], &c->unit, err, errlen))
            return false;
        for (int k = 2; k < ws.n; k++) {
            int f;
            if (!figure_arg(scn, ws.w[k], c, &f, err, errlen))
                return false;
            c->place_fig[c->nplace++] = f;
        }
        return true;
    }
    if (strcmp(v, "transfer") == 0) {
        c->kind = SL_CMD_TRANSFER;
        return unit_then_unit(scn, &ws, "to", c, "transfer UNIT to SUBORDINATE", err, errlen);
    }
    if (strcmp(v, "teams") == 0) {
        c->kind = SL_CMD_TEAMS;
        if (ws.n < 2 || ws.n > 3 || (ws.n == 3 && strcmp(ws.w[2], "both") != 0))
            return refuse(err, errlen, "usage: teams SQUAD [both]");
        c->both = ws.n == 3;
        return unit_arg(scn, ws.w[1], &c->unit, err, errlen);
    }
    if (strcmp(v, "embark") == 0) {
        c->kind = SL_CMD_EMBARK;
        return unit_then_unit(scn, &ws, "into", c, "embark UNIT into VEHICLE", err, errlen);
    }
    if (strcmp(v, "disembark") == 0) {
        c->kind = SL_CMD_DISEMBARK;
        if (ws.n < 2 || ws.n > 3)
            return refuse(err, errlen, "usage: disembark UNIT [X,Y]");
        if (!unit_arg(scn, ws.w[1], &c->unit, err, errlen))
            return false;
        if (ws.n == 3) {
            c->npts = 1;
            return point_arg(scn, ws.w[2], &c->pts[0], err, errlen);
        }
        return true;
    }
    if (strcmp(v, "communicate") == 0) {
        c->kind = SL_CMD_COMMUNICATE;
        return unit_then_unit(scn, &ws, "with", c, "communicate UNIT with UNIT", err, errlen);
    }
    if (strcmp(v, "rally") == 0) {
        c->kind = SL_CMD_RALLY;
        return unit_then_unit(scn, &ws, NULL, c, "rally COMMANDER UNIT", err, errlen);
    }
    if (strcmp(v, "observe") == 0) {
        c->kind = SL_CMD_OBSERVE;
        return unit_then_unit(scn, &ws, NULL, c, "observe UNIT TARGET", err, errlen);
    }
    if (strcmp(v, "assault") == 0) {
        c->kind = SL_CMD_ASSAULT;
        return unit_then_unit(scn, &ws, NULL, c, "assault UNIT TARGET", err, errlen);
    }
    if (strcmp(v, "end") == 0 || strcmp(v, "end-activation") == 0) {
        c->kind = SL_CMD_END_ACTIVATION;
        if (ws.n > 2)
            return refuse(err, errlen, "usage: end [UNIT]");
        return ws.n == 1 || unit_arg(scn, ws.w[1], &c->unit, err, errlen);
    }
    if (strcmp(v, "pass") == 0 || strcmp(v, "done") == 0) {
        c->kind = strcmp(v, "pass") == 0 ? SL_CMD_PASS : SL_CMD_DONE;
        if (ws.n != 2)
            return refuse(err, errlen, "usage: %s SIDE", v);
        return side_arg(scn, ws.w[1], &c->side, err, errlen);
    }
    if (strcmp(v, "decide") == 0) {
        c->kind = SL_CMD_DECIDE;
        const char *usage = "decide first SIDE | decide fire UNIT [missile] [at X,Y] | decide pass | decide continue "
                            "[X,Y ...] | decide stop | decide carry | decide abandon";
        if (!need(&ws, 2, usage, err, errlen))
            return false;
        c->choice = -1;
        if (strcmp(ws.w[1], "first") == 0) {
            c->decide = SL_DECIDE_WORD_FIRST;
            if (ws.n != 3)
                return refuse(err, errlen, "usage: decide first SIDE");
            return side_arg(scn, ws.w[2], &c->side, err, errlen);
        }
        if (strcmp(ws.w[1], "fire") == 0) {
            c->decide = SL_DECIDE_WORD_FIRE;
            const char *fu = "usage: decide fire UNIT [missile] [at X,Y]";
            if (ws.n < 3)
                return refuse(err, errlen, "%s", fu);
            if (!unit_arg(scn, ws.w[2], &c->choice, err, errlen))
                return false;
            c->unit = c->choice;
            c->with = SL_FIRE_ALL;
            int k = 3;
            if (k < ws.n && strcmp(ws.w[k], "missile") == 0) {
                c->with = SL_FIRE_MISSILE;
                k++;
            }
            if (k + 1 < ws.n && strcmp(ws.w[k], "at") == 0) {
                c->has_at = true;
                if (!point_arg(scn, ws.w[k + 1], &c->at, err, errlen))
                    return false;
                k += 2;
            }
            return k == ws.n || refuse(err, errlen, "%s", fu);
        }
        if (strcmp(ws.w[1], "continue") == 0) {
            c->decide = SL_DECIDE_WORD_CONTINUE;
            for (int k = 2; k < ws.n; k++) {
                if (c->npts >= SL_CMD_MAX_PTS)
                    return refuse(err, errlen, "a way takes at most %d points", SL_CMD_MAX_PTS);
                if (!point_arg(scn, ws.w[k], &c->pts[c->npts++], err, errlen))
                    return false;
            }
            return true;
        }
        static const struct {
            const char *word;
            int what;
        } answers[] = {{"pass", SL_DECIDE_WORD_PASS},
                     {"stop", SL_DECIDE_WORD_STOP},
                     {"carry", SL_DECIDE_WORD_CARRY},
                     {"abandon", SL_DECIDE_WORD_ABANDON}};
        for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++)
            if (strcmp(ws.w[1], answers[i].word) == 0) {
                c->decide = answers[i].what;
                return ws.n == 2 || refuse(err, errlen, "usage: decide %s", answers[i].word);
            }
        return refuse(err, errlen, "usage: %s", usage);
    }
    static const char *const verbs[] = {"activate", "move", "combat-move", "fire", "in-position", "leave-position",
                                        "remove-suppression", "remove-panic", "reorganise", "transfer", "communicate",
                                        "rally", "observe", "assault", "end", "pass", "done", "decide",
                                        "last-stand", "overwatch", "embark", "disembark", "teams", "regroup", "detach", "stance", "hide"};
    const char *hint = sl_suggest(v, verbs, (int)(sizeof verbs / sizeof verbs[0]));
    if (hint)
        return refuse(err, errlen, "'%s' is not a command (did you mean '%s'?)", v, hint);
    return refuse(err, errlen, "'%s' is not a command; src/rules/COMMANDS.md lists them", v);
}
