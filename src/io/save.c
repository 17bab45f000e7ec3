/* Saves and replays; see save.h. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jsonread.h"
#include "sightline/save.h"

void sl_origin_free(sl_origin *o)
{
    free(o->dice);
    o->dice = NULL;
    o->ndice = 0;
}

bool sl_origin_rules_apply(const sl_origin *o, sl_options *opts, char *err, size_t errlen)
{
    for (int i = 0; i < o->nrules && i < SL_ORIGIN_RULES; i++) {
        const sl_option_desc *d = sl_option_find(o->rules[i].name);
        char why[300];
        if (!d) {
            snprintf(err, errlen, "no rule option is called '%s'", o->rules[i].name);
            return false;
        }
        if (!sl_option_set_text(opts, d, o->rules[i].value, why, sizeof why)) {
            snprintf(err, errlen, "%s", why);
            return false;
        }
    }
    return true;
}

bool sl_save_write(const char *path, const sl_origin *o, const sl_game *g, char *err, size_t errlen)
{
    sl_out out;
    if (!sl_out_open(&out, path, err, errlen))
        return false;
    FILE *f = out.f;
    fprintf(f, "{\"format\":\"%s\",\"version\":%d,\"scenario\":", SL_SAVE_FORMAT, SL_SAVE_VERSION);
    /* an absolute path, so the save opens from any directory */
    char abs[PATH_MAX];
    sl_json_fput(f, realpath(o->scenario_path, abs) ? abs : o->scenario_path);
    fprintf(f, ",\"seed\":%llu", (unsigned long long)o->seed);
    if (o->dice) {
        fprintf(f, ",\"dice\":[");
        for (int i = 0; i < o->ndice; i++)
            fprintf(f, "%s%d", i ? "," : "", o->dice[i]);
        fputc(']', f);
    }
    for (int i = 0; i < o->nrules && i < SL_ORIGIN_RULES; i++) {
        fputs(i ? "," : ",\"rules\":{", f);
        sl_json_fput(f, o->rules[i].name);
        fputc(':', f);
        sl_json_fput(f, o->rules[i].value);
    }
    fprintf(f, "%s}\n", o->nrules > 0 ? "}" : "");
    for (int i = 0; i < g->journal.n; i++)
        if (fprintf(f, "%s\n", g->journal.ev[i].json) < 0)
            sl_out_check(&out);
    sl_out_check(&out);
    return sl_out_commit(&out, err, errlen);
}

int sl_journal_commands(const sl_game *g, char ***out)
{
    int n = 0;
    for (int i = 0; i < g->journal.n; i++)
        n += g->journal.ev[i].kind == SL_EV_COMMAND;
    char **cmds = calloc((size_t)(n > 0 ? n : 1), sizeof(char *));
    if (!cmds) {
        *out = NULL;
        return 0;
    }
    int k = 0;
    for (int i = 0; i < g->journal.n; i++) {
        if (g->journal.ev[i].kind != SL_EV_COMMAND)
            continue;
        size_t l = strlen(g->journal.ev[i].text) + 1;
        cmds[k] = malloc(l);
        if (cmds[k])
            memcpy(cmds[k], g->journal.ev[i].text, l);
        k++;
    }
    *out = cmds;
    return n;
}

void sl_commands_free(char **cmds, int n)
{
    for (int i = 0; i < n; i++)
        free(cmds[i]);
    free(cmds);
}

bool sl_game_replay(sl_game *g, const sl_scenario *scn, const sl_origin *o, char **cmds, int n, int *failed_at,
                    char *err, size_t errlen)
{
    if (failed_at)
        *failed_at = -1;
    if (!sl_game_init(g, scn, o->seed, err, errlen))
        return false;
    if (o->dice && !sl_game_script_dice(g, o->dice, o->ndice)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    sl_game_begin(g);
    for (int i = 0; i < n; i++) {
        if (!cmds[i] || !sl_game_apply_line(g, cmds[i], err, errlen)) {
            if (failed_at)
                *failed_at = i;
            return false;
        }
    }
    return true;
}

/* The column of a header field's value on the first line (1 if not found). */
static void header_at(const char *line, const char *field, int *l, int *c)
{
    if (!sl_json_locate(line, strlen(line), field, l, c)) {
        *l = 1;
        *c = 1;
    }
}

/* The header's seed, read digit for digit from its text (JSON numbers
 * past 2^63 do not survive the parser as integers). */
static bool header_seed(const char *line, uint64_t *out)
{
    int l, c;
    if (!sl_json_locate(line, strlen(line), ".seed", &l, &c) || l != 1 || c < 1)
        return false;
    const char *p = line + c - 1;
    if (*p < '0' || *p > '9')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(p, &end, 10);
    if (errno == ERANGE || (*end != ',' && *end != '}' && *end != ' '))
        return false;
    *out = (uint64_t)v;
    return true;
}

/* The first event where the saved lines and the game's journal differ;
 * -1 when they are the same. */
static int first_difference(char *const *saved, int nsaved, const sl_game *g)
{
    for (int i = 0; i < nsaved || i < g->journal.n; i++) {
        const char *want = i < nsaved ? saved[i] : NULL;
        const char *have = i < g->journal.n ? g->journal.ev[i].json : NULL;
        if (!want || !have || strcmp(want, have) != 0)
            return i;
    }
    return -1;
}

static void replay_failed(sl_diag *d, const char *path, char **cmds, const int *cmd_line, int failed_at,
                          const char *err)
{
    sl_diag_add(d, SL_DIAG_ERROR, path, failed_at >= 0 ? cmd_line[failed_at] : 0, failed_at >= 0 ? 1 : 0, 0,
                "command", "the replay failed at command %d (%s): %s", failed_at + 1,
                failed_at >= 0 && cmds[failed_at] ? cmds[failed_at] : "?", err);
}

/* Every event of the replay must come out exactly as saved (raw[1..]),
 * with one exception: a save that ends inside its last command's events,
 * every line before them as saved. The autosave appends a command's events
 * as they come, and a kill or a full disk can stop it between two writes;
 * that command is left out, with a warning naming its line, and the game
 * is as it was before it. Anything else that differs is an error. */
static bool check_replay(const char *path, char **raw, const int *lno, int nlines, char **cmds, const int *cmd_line,
                         int ncmds, const sl_scenario *scn, const sl_origin *o, sl_game *g, sl_diag *d)
{
    int saved = nlines - 1;
    int at = first_difference(raw + 1, saved, g);
    if (at < 0)
        return true;
    const char *want = at < saved ? raw[at + 1] : NULL;
    const char *have = at < g->journal.n ? g->journal.ev[at].json : NULL;
    char why[512];
    snprintf(why, sizeof why, "the replay went out of step at event %d: the save has %s but the replay gives %s", at + 1,
             want ? want : "nothing more", have ? have : "nothing more");
    int cmd_ev = ncmds > 0 ? cmd_line[ncmds - 1] - 2 : -1; /* the last command's own event */
    if (want || cmd_ev < 0 || at <= cmd_ev) {
        sl_diag_add(d, SL_DIAG_ERROR, path, at + 2, 1, 0, "", "%s", why);
        return false;
    }
    /* the save stops inside the last command's events: replay without it */
    int written = saved - cmd_ev, whole = g->journal.n - cmd_ev;
    char err[512];
    int failed_at;
    sl_game_free(g);
    if (!sl_game_replay(g, scn, o, cmds, ncmds - 1, &failed_at, err, sizeof err)) {
        replay_failed(d, path, cmds, cmd_line, failed_at, err);
        return false;
    }
    if (first_difference(raw + 1, cmd_ev, g) >= 0) {
        sl_diag_add(d, SL_DIAG_ERROR, path, at + 2, 1, 0, "", "%s", why);
        return false;
    }
    sl_diag_add(d, SL_DIAG_WARNING, path, lno[cmd_ev + 1], 1, 0, "command",
                "the last command (command %d) was written only in part (%d of its %d events: an unfinished write) "
                "and is left out; the game is as it was before it: %s",
                ncmds, written, whole, cmds[ncmds - 1]);
    return true;
}

/* The header's "rules": the options chosen over the scenario's, each a
 * word (true, 2.5, rolled) by its name. */
static bool header_rules(const char *path, const char *line, json_t *rules, sl_origin *o, sl_diag *d)
{
    if (!rules)
        return true;
    int l, c;
    header_at(line, ".rules", &l, &c);
    const char *key;
    json_t *v;
    bool good = json_is_object(rules) && json_object_size(rules) <= SL_ORIGIN_RULES;
    json_object_foreach(rules, key, v)
    {
        if (!good || !json_is_string(v) || strlen(key) >= sizeof o->rules[0].name ||
            strlen(json_string_value(v)) >= sizeof o->rules[0].value) {
            good = false;
            break;
        }
        snprintf(o->rules[o->nrules].name, sizeof o->rules[0].name, "%s", key);
        snprintf(o->rules[o->nrules].value, sizeof o->rules[0].value, "%s", json_string_value(v));
        o->nrules++;
    }
    if (!good)
        sl_diag_add(d, SL_DIAG_ERROR, path, 1, c, 0, "rules",
                    "\"rules\" must be an object of at most %d rule options, each a word (\"sc_attacks\": \"rolled\")",
                    SL_ORIGIN_RULES);
    return good;
}

bool sl_save_load(const char *path, int upto, sl_world *w, sl_game *g, sl_origin *o, sl_diag *d)
{
    memset(o, 0, sizeof *o);
    sl_world_init(w);
    memset(g, 0, sizeof *g);
    char err[512];
    size_t len;
    char *text = io_read(path, &len, NULL, 0, d);
    if (!text)
        return false;
    /* split into lines, parse each */
    int cap = 256, nlines = 0;
    json_t **lines = malloc(sizeof(json_t *) * (size_t)cap);
    char **raw = malloc(sizeof(char *) * (size_t)cap);
    int *lno = malloc(sizeof(int) * (size_t)cap); /* each line's number in the file */
    bool ok = lines && raw && lno;
    char *p = text;
    int lineno = 0;
    if ((unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB && (unsigned char)p[2] == 0xBF)
        p += 3; /* a UTF-8 byte order mark, as some editors write */
    if (memchr(text, '\0', len)) {
        size_t at = (size_t)((char *)memchr(text, '\0', len) - text);
        int l = 1;
        for (size_t i = 0; i < at; i++)
            l += text[i] == '\n';
        sl_diag_add(d, SL_DIAG_ERROR, path, l, 1, 0, "", "a NUL byte: a save is text, one JSON object a line");
        ok = false;
    }
    while (ok && *p) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        size_t ll = strlen(p);
        if (ll > 0 && p[ll - 1] == '\r')
            p[ll - 1] = '\0'; /* CRLF line ends, as an editor on Windows writes them */
        if (*p) {
            json_error_t je;
            /* big integers (a seed past 2^63) are read as numbers; the
             * seed itself is taken from the text, digit for digit */
            json_t *v = json_loads(p, JSON_DECODE_INT_AS_REAL, &je);
            if (!v && !nl && nlines > 1) {
                /* a last line cut short, with no line end: a write the
                 * program did not finish (the autosave appends a command's
                 * events at a time). The game up to it is whole. */
                sl_diag_add(d, SL_DIAG_WARNING, path, lineno, 1, 0, "",
                            "the last line was cut short (an unfinished write) and is left out");
                break;
            }
            if (!v || !json_is_object(v)) {
                sl_diag_add(d, SL_DIAG_ERROR, path, lineno, je.column > 0 ? je.column : 1, 0, "",
                            "not a JSON object: %s", v ? "a line must be one object" : je.text);
                if (v)
                    json_decref(v);
                ok = false;
                break;
            }
            if (nlines == cap) {
                cap *= 2;
                json_t **nl2 = realloc(lines, sizeof(json_t *) * (size_t)cap);
                char **nr = realloc(raw, sizeof(char *) * (size_t)cap);
                int *nn = realloc(lno, sizeof(int) * (size_t)cap);
                lines = nl2 ? nl2 : lines;
                raw = nr ? nr : raw;
                lno = nn ? nn : lno;
                if (!nl2 || !nr || !nn) {
                    json_decref(v);
                    ok = false;
                    break;
                }
            }
            lines[nlines] = v;
            raw[nlines] = p;
            lno[nlines] = lineno;
            nlines++;
        }
        if (!nl)
            break;
        p = nl + 1;
    }
    char **cmds = NULL;
    int *cmd_line = NULL;
    int ncmds = 0;
    if (ok && nlines == 0) {
        sl_diag_add(d, SL_DIAG_ERROR, path, 1, 1, 0, "", "the save is empty");
        ok = false;
    }
    if (ok) {
        json_t *h = lines[0];
        const char *fmt = json_string_value(json_object_get(h, "format"));
        json_t *ver = json_object_get(h, "version");
        const char *scen = json_string_value(json_object_get(h, "scenario"));
        uint64_t seed;
        int sl = 1, sc = 1; /* where a header field's value stands */
        if (!fmt || strcmp(fmt, SL_SAVE_FORMAT) != 0) {
            header_at(raw[0], ".format", &sl, &sc);
            sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "format", "the first line must say \"format\": \"%s\"",
                        SL_SAVE_FORMAT);
            ok = false;
        } else if (!json_is_number(ver) || json_number_value(ver) != SL_SAVE_VERSION) {
            header_at(raw[0], ".version", &sl, &sc);
            sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "version", "this sightline reads save version %d only",
                        SL_SAVE_VERSION);
            ok = false;
        } else if (!scen || !*scen) {
            header_at(raw[0], ".scenario", &sl, &sc);
            sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "scenario",
                        "the header must name the scenario the game was played on (\"scenario\": \"FILE\")");
            ok = false;
        } else if (!header_seed(raw[0], &seed)) {
            header_at(raw[0], ".seed", &sl, &sc);
            sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "seed",
                        "the header needs \"seed\": a whole number from 0 to 18446744073709551615");
            ok = false;
        } else {
            o->seed = seed;
            /* the scenario: a relative path is looked for beside the
             * save first, then from the working directory */
            char dir[SL_PATH_MAX], alt[SL_PATH_MAX];
            sl_path_dir(path, dir, sizeof dir);
            sl_path_join(dir, scen, alt, sizeof alt);
            snprintf(o->scenario_path, sizeof o->scenario_path, "%s", access(alt, R_OK) == 0 ? alt : scen);
            json_t *dice = json_object_get(h, "dice");
            if (dice) {
                header_at(raw[0], ".dice", &sl, &sc);
                size_t nd = json_is_array(dice) ? json_array_size(dice) : 0;
                bool good = json_is_array(dice) && nd > 0;
                for (size_t i = 0; good && i < nd; i++) {
                    json_t *x = json_array_get(dice, i);
                    double v = json_is_number(x) ? json_number_value(x) : 0;
                    good = v >= 1 && v <= 12 && v == (int)v;
                }
                if (!good) {
                    sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "dice",
                                "\"dice\" must list the die values the game used, each a whole number from 1 to 12");
                    ok = false;
                } else {
                    o->ndice = (int)nd;
                    o->dice = malloc(sizeof(int) * nd);
                    for (size_t i = 0; o->dice && i < nd; i++)
                        o->dice[i] = (int)json_number_value(json_array_get(dice, i));
                    ok = o->dice != NULL;
                }
            }
            if (ok)
                ok = header_rules(path, raw[0], json_object_get(h, "rules"), o, d);
            sl_load_opts lo = {true};
            if (ok && !sl_world_load(o->scenario_path, &lo, w, d)) {
                header_at(raw[0], ".scenario", &sl, &sc);
                sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "scenario",
                            "the scenario this game was played on, %s, cannot be loaded (the reason is above)",
                            o->scenario_path);
                ok = false;
            }
            if (ok && !sl_origin_rules_apply(o, &w->scn.options, err, sizeof err)) {
                header_at(raw[0], ".rules", &sl, &sc);
                sl_diag_add(d, SL_DIAG_ERROR, path, 1, sc, 0, "rules", "%s", err);
                ok = false;
            }
        }
    }
    if (ok) {
        cmds = calloc((size_t)nlines, sizeof(char *));
        cmd_line = calloc((size_t)nlines, sizeof(int));
        for (int i = 1; cmds && cmd_line && i < nlines; i++) {
            const char *ev = json_string_value(json_object_get(lines[i], "event"));
            const char *cmd = json_string_value(json_object_get(lines[i], "command"));
            if (ev && strcmp(ev, "command") == 0 && cmd) {
                cmds[ncmds] = malloc(strlen(cmd) + 1);
                if (cmds[ncmds])
                    strcpy(cmds[ncmds], cmd);
                cmd_line[ncmds++] = i + 1;
            }
        }
        int run = upto < 0 || upto > ncmds ? ncmds : upto;
        int failed_at;
        if (!sl_game_replay(g, &w->scn, o, cmds, run, &failed_at, err, sizeof err)) {
            replay_failed(d, path, cmds, cmd_line, failed_at, err);
            ok = false;
        } else if (run == ncmds) {
            ok = check_replay(path, raw, lno, nlines, cmds, cmd_line, ncmds, &w->scn, o, g, d);
        }
    }
    sl_commands_free(cmds, ncmds);
    free(cmd_line);
    for (int i = 0; lines && i < nlines; i++)
        json_decref(lines[i]);
    free(lines);
    free(raw);
    free(lno);
    free(text);
    if (!ok) {
        sl_game_free(g);
        sl_world_free(w);
        sl_origin_free(o);
    }
    return ok;
}

bool sl_dice_file_load(const char *path, int **values, int *n, sl_diag *d)
{
    size_t len;
    char *text = io_read(path, &len, NULL, 0, d);
    *values = NULL;
    *n = 0;
    if (!text)
        return false;
    int cap = 64;
    int *v = malloc(sizeof(int) * (size_t)cap);
    int line = 1, col = 1;
    bool ok = v != NULL;
    char *start = text;
    if ((unsigned char)start[0] == 0xEF && (unsigned char)start[1] == 0xBB && (unsigned char)start[2] == 0xBF)
        start += 3; /* a UTF-8 byte order mark */
    for (char *p = start; ok && *p;) {
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (*p == '\n') {
            line++;
            col = 1;
            p++;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r') {
            p++;
            col++;
            continue;
        }
        char *end;
        long x = strtol(p, &end, 10);
        if (end == p || x < 1 || x > 12) {
            /* what is there is never quoted: a file named by mistake (or
             * by a lesson from elsewhere) shows nothing of itself */
            sl_diag_add(d, SL_DIAG_ERROR, path, line, col, 0, "",
                        "expected a die value from 1 to 12, found %s (is this a dice file?)",
                        end == p ? "something that is not a number" : "a number out of range");
            ok = false;
            break;
        }
        if (*n == cap) {
            cap *= 2;
            int *nv = realloc(v, sizeof(int) * (size_t)cap);
            if (!nv) {
                ok = false;
                break;
            }
            v = nv;
        }
        v[(*n)++] = (int)x;
        col += (int)(end - p);
        p = end;
    }
    if (ok && *n == 0) {
        /* an empty file would silently fall back to random dice */
        sl_diag_add(d, SL_DIAG_ERROR, path, 1, 1, 0, "",
                    "no die values in it: a dice file lists the values to roll, 1 to 12, in order");
        ok = false;
    }
    if (ok && (size_t)(strlen(start) + (size_t)(start - text)) != len) {
        sl_diag_add(d, SL_DIAG_ERROR, path, line, col, 0, "", "a NUL byte: a dice file is text");
        ok = false;
    }
    free(text);
    if (!ok) {
        free(v);
        *n = 0;
        return false;
    }
    *values = v;
    return true;
}

void sl_save_resume_note(const sl_diag *d, const char *path, char *out, size_t len)
{
    if (len == 0)
        return;
    out[0] = '\0';
    for (int i = 0; i < d->n; i++) {
        const sl_diag_msg *m = &d->msgs[i];
        if (m->level != SL_DIAG_WARNING || strcmp(m->file, path) != 0)
            continue; /* the scenario's or the map's loader speaking */
        if (strcmp(m->field, "command") == 0) { /* the one that matters most */
            snprintf(out, len, "The last command was not saved whole and is left out: the game goes on from "
                               "just before it.");
            return;
        }
        snprintf(out, len, "The end of the save was not written whole and is left out.");
    }
}
