/* What the start screen offers: shipped scenarios and lessons, recent
 * games. See shelf.h. */
#define _DEFAULT_SOURCE /* DT_REG */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sightline/game.h"
#include "sightline/play.h"
#include "sightline/shelf.h"

static sl_shelf_entry *add(sl_shelf *s)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 32;
        sl_shelf_entry *e = realloc(s->e, sizeof *e * (size_t)cap);
        if (!e)
            return NULL;
        s->e = e;
        s->cap = cap;
    }
    sl_shelf_entry *e = &s->e[s->n++];
    memset(e, 0, sizeof *e);
    return e;
}

/* Text cut to fit, never inside a character. */
static void put(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src ? src : "");
    sl_utf8_trim(dst);
}

/* The first sentence of a text (a lesson's first caption). */
static void first_sentence(char *dst, size_t len, const char *src)
{
    put(dst, len, src);
    char *dot = strstr(dst, ". ");
    if (dot)
        dot[1] = '\0';
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of DIR's files ending in `ext`, sorted; their count. */
static int list_dir(const char *dir, const char *ext, char ***out)
{
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0, cap = 0;
    char **names = NULL;
    size_t el = strlen(ext);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (de->d_name[0] == '.' || l <= el || strcmp(de->d_name + l - el, ext) != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **nn = realloc(names, sizeof *nn * (size_t)cap);
            if (!nn)
                break;
            names = nn;
        }
        names[n] = strdup(de->d_name);
        if (names[n])
            n++;
    }
    closedir(d);
    if (n > 1)
        qsort(names, (size_t)n, sizeof *names, by_name);
    *out = names;
    return n;
}

static void free_names(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* A scenario with forces: its name and description. */
static void add_scenario(sl_shelf *s, const char *path)
{
    json_t *root = json_load_file(path, 0, NULL);
    if (!root)
        return;
    json_t *units = json_object_get(root, "units");
    const char *fmt = json_string_value(json_object_get(root, "format"));
    if (fmt && strcmp(fmt, "sightline-scenario") == 0 && json_array_size(units) > 0) {
        sl_shelf_entry *e = add(s);
        if (e) {
            e->kind = SL_SHELF_SCENARIO;
            put(e->path, sizeof e->path, path);
            put(e->title, sizeof e->title, json_string_value(json_object_get(root, "name")));
            put(e->about, sizeof e->about, json_string_value(json_object_get(root, "description")));
        }
    }
    json_decref(root);
}

/* A lesson: its title, its steps and what the first says. */
static void add_lesson(sl_shelf *s, const char *path)
{
    json_t *root = json_load_file(path, 0, NULL);
    if (!root)
        return;
    const char *fmt = json_string_value(json_object_get(root, "format"));
    json_t *steps = json_object_get(root, "steps");
    if (fmt && strcmp(fmt, "sightline-lesson") == 0) {
        sl_shelf_entry *e = add(s);
        if (e) {
            e->kind = SL_SHELF_LESSON;
            put(e->path, sizeof e->path, path);
            put(e->title, sizeof e->title, json_string_value(json_object_get(root, "title")));
            char first[300];
            first_sentence(first, sizeof first,
                           json_string_value(json_object_get(json_array_get(steps, 0), "caption")));
            snprintf(e->about, sizeof e->about, "A lesson in %d steps. %s", (int)json_array_size(steps), first);
            sl_utf8_trim(e->about);
        }
    }
    json_decref(root);
}

/* A save's scenario, turn and commands, from its lines (never replayed). */
static bool read_save(sl_shelf_entry *e, FILE *f)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    bool ok = false;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (lineno == 1) {
            ok = strstr(line, "\"format\":\"sightline-save\"") != NULL;
            if (!ok)
                break;
            continue;
        }
        if (lineno == 2) {
            json_t *ev = json_loads(line, 0, NULL);
            put(e->title, sizeof e->title, json_string_value(json_object_get(ev, "scenario")));
            json_decref(ev);
        }
        if (strstr(line, "\"event\":\"command\""))
            e->ncommands++;
        const char *t = strstr(line, "\"event\":\"turn\",\"turn\":");
        if (t)
            e->turn = atoi(t + strlen("\"event\":\"turn\",\"turn\":"));
        /* the game's end: who won, up to its reason ("Red wins (...)") */
        const char *over = strstr(line, "\"text\":\"The game is over: ");
        if (over) {
            over += strlen("\"text\":\"The game is over: ");
            size_t n = strcspn(over, "(\"");
            while (n > 0 && over[n - 1] == ' ')
                n--;
            snprintf(e->result, sizeof e->result, "%.*s", (int)(n < sizeof e->result ? n : sizeof e->result - 1), over);
        }
    }
    free(line);
    return ok;
}

bool sl_shelf_read_save(const char *path, sl_shelf_entry *out)
{
    memset(out, 0, sizeof *out);
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool ok = read_save(out, f);
    fclose(f);
    if (!ok)
        return false;
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    out->kind = SL_SHELF_SAVE;
    put(out->path, sizeof out->path, path);
    out->when = st.st_mtime;
    bool kept = strstr(name, ".kept") != NULL; /* an autosave a new game of its scenario set aside */
    out->autosave = strncmp(name, "autosave-", 9) == 0 && !kept;
    if (!out->title[0])
        put(out->title, sizeof out->title, name);
    char date[40];
    struct tm tm;
    localtime_r(&out->when, &tm);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
    char over[160] = ""; /* a finished game says so: opening it shows its end, not a game going on */
    if (out->result[0])
        snprintf(over, sizeof over, "over (%s), ", out->result);
    snprintf(out->about, sizeof out->about, "%s, %sturn %d, %d command%s, %s",
             out->autosave ? "autosaved" : kept ? "kept when a new game began" : "saved", over, out->turn,
             out->ncommands, out->ncommands == 1 ? "" : "s", date);
    return true;
}

static void add_save(sl_shelf *s, const char *dir, const char *name)
{
    char path[SL_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    sl_shelf_entry e;
    if (!sl_shelf_read_save(path, &e) || e.ncommands == 0)
        return; /* not a save, or a game not begun: nothing to go back to */
    sl_shelf_entry *to = add(s);
    if (to)
        *to = e;
}

static int newest_first(const void *a, const void *b)
{
    const sl_shelf_entry *x = a, *y = b;
    return x->when < y->when ? 1 : x->when > y->when ? -1 : strcmp(x->path, y->path);
}

static void read_dir(sl_shelf *s, const char *dir, const char *ext, void (*each)(sl_shelf *, const char *))
{
    char **names;
    int n = list_dir(dir, ext, &names);
    char path[SL_PATH_MAX];
    /* the default scenario first: it is what a first game is */
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], "default.json") == 0) {
            if (snprintf(path, sizeof path, "%s/%s", dir, names[i]) < (int)sizeof path)
                each(s, path);
        }
    for (int i = 0; i < n; i++) {
        if (strcmp(names[i], "default.json") == 0)
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, names[i]) < (int)sizeof path) /* else it could not be opened */
            each(s, path);
    }
    free_names(names, n);
}

void sl_shelf_read(sl_shelf *s, const char *data_dir, const char *save_dir, int max_saves)
{
    memset(s, 0, sizeof *s);
    if (save_dir) {
        char **names;
        int n = list_dir(save_dir, ".save", &names);
        for (int i = 0; i < n; i++)
            if (!strstr(names[i], ".unloadable"))
                add_save(s, save_dir, names[i]);
        free_names(names, n);
        if (s->n > 1)
            qsort(s->e, (size_t)s->n, sizeof *s->e, newest_first);
        if (s->n > max_saves)
            s->n = max_saves;
    }
    char dir[SL_PATH_MAX];
    snprintf(dir, sizeof dir, "%s/maps", data_dir);
    read_dir(s, dir, ".json", add_scenario);
    snprintf(dir, sizeof dir, "%s/maps/lessons", data_dir);
    read_dir(s, dir, ".json", add_lesson);
}

void sl_shelf_free(sl_shelf *s)
{
    free(s->e);
    memset(s, 0, sizeof *s);
}

bool sl_shelf_save_dir(char *out, size_t len)
{
    char path[SL_PATH_MAX];
    if (!sl_play_autosave_path(NULL, path, sizeof path))
        return false;
    char *slash = strrchr(path, '/');
    if (!slash)
        return false;
    *slash = '\0';
    snprintf(out, len, "%s", path);
    return true;
}
