/* See jsonread.h. */
#include "jsonread.h"
#include "sightline/game.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void jr_init(jr *r, const char *file, const char *text, size_t len, sl_diag *d)
{
    memset(r, 0, sizeof *r);
    r->file = file;
    r->text = text;
    r->len = len;
    r->d = d;
}

/* What a file that is not text is, by its first bytes, or NULL. */
static const char *binary_kind(const char *text, size_t len)
{
    static const struct {
        const char *magic;
        size_t n;
        const char *what;
    } kinds[] = {
        {"\x89PNG", 4, "a PNG image"},      {"\xFF\xD8\xFF", 3, "a JPEG image"}, {"GIF8", 4, "a GIF image"},
        {"PK\x03\x04", 4, "a zip archive"}, {"%PDF", 4, "a PDF document"},       {"\x7F" "ELF", 4, "a program"},
        {"BM", 2, "a BMP image"},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (len >= kinds[i].n && memcmp(text, kinds[i].magic, kinds[i].n) == 0)
            return kinds[i].what;
    return NULL;
}

json_t *jr_parse(jr *r)
{
    const char *kind = binary_kind(r->text, r->len);
    if (kind) {
        sl_diag_add(r->d, SL_DIAG_ERROR, r->file, 1, 1, 0, "",
                    "this file is %s, not JSON text: open a scenario (.json) or a Tiled map (.tmj)", kind);
        return NULL;
    }
    json_error_t e;
    json_t *root = json_loadb(r->text, r->len, JSON_REJECT_DUPLICATES, &e);
    if (!root) {
        /* jansson's message quotes the text near the fault: good in a
         * JSON file with a slip, but a file that does not even start as
         * JSON is some other file, and nothing of it is shown */
        size_t at = 0; /* the text need not end in a NUL (a fuzzer's, a file's bytes) */
        while (at < r->len && (r->text[at] == ' ' || r->text[at] == '\t' || r->text[at] == '\r' || r->text[at] == '\n'))
            at++;
        bool json_like = at >= r->len || r->text[at] == '{' || r->text[at] == '[';
        sl_diag_add(r->d, SL_DIAG_ERROR, r->file, e.line > 0 ? e.line : 0, e.column > 0 ? e.column : 0,
                    0, "", "not valid JSON: %s", json_like ? e.text : "it does not start with { or [ (is it the file meant?)");
        return NULL;
    }
    return root;
}

size_t jr_push_key(jr *r, const char *key)
{
    size_t saved = strlen(r->path);
    snprintf(r->path + saved, sizeof r->path - saved, ".%s", key);
    return saved;
}

size_t jr_push_index(jr *r, size_t index)
{
    size_t saved = strlen(r->path);
    snprintf(r->path + saved, sizeof r->path - saved, "[%zu]", index);
    return saved;
}

void jr_pop(jr *r, size_t saved)
{
    if (saved < sizeof r->path)
        r->path[saved] = '\0';
}

/* Locate the deepest existing prefix of the current path. */
static void locate(jr *r, int *line, int *col)
{
    char p[sizeof r->path];
    snprintf(p, sizeof p, "%s", r->path);
    *line = *col = 0;
    for (;;) {
        if (sl_json_locate(r->text, r->len, p, line, col))
            return;
        size_t n = strlen(p);
        if (n == 0)
            return;
        while (n > 0 && p[n - 1] != '.' && p[n - 1] != '[')
            n--;
        if (n > 0)
            n--;
        p[n] = '\0';
    }
}

void jr_msg(jr *r, sl_diag_level level, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    sl_utf8_trim(text);
    int line, col;
    locate(r, &line, &col);
    const char *field = r->path[0] == '.' ? r->path + 1 : r->path;
    sl_diag_add(r->d, level, r->file, line, col, r->object_id, field, "%s%s", r->prefix, text);
}

const char *jr_type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "a list";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "true/false";
    default: return "null";
    }
}

/* Fetch a field, reporting a missing required one. */
static json_t *field(jr *r, json_t *obj, const char *key, bool required, const char *what)
{
    json_t *v = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    if (!v && required)
        jr_error(r, "missing field '%s' (%s)", key, what);
    return v;
}

static bool wrong_type(jr *r, const char *key, json_t *v, const char *what)
{
    size_t s = jr_push_key(r, key);
    jr_error(r, "'%s' must be %s, not %s", key, what, jr_type_name(v));
    jr_pop(r, s);
    return false;
}

bool jr_num(jr *r, json_t *obj, const char *key, bool required, double *out)
{
    json_t *v = field(r, obj, key, required, "a number");
    if (!v)
        return false;
    if (!json_is_number(v))
        return wrong_type(r, key, v, "a number");
    double x = json_number_value(v);
    if (!isfinite(x)) {
        size_t s = jr_push_key(r, key);
        jr_error(r, "'%s' is not a finite number", key);
        jr_pop(r, s);
        return false;
    }
    *out = x;
    return true;
}

bool jr_int(jr *r, json_t *obj, const char *key, bool required, long *out)
{
    double x;
    if (!jr_num(r, obj, key, required, &x))
        return false;
    if (x != floor(x) || x > 2147483647.0 || x < -2147483648.0) {
        size_t s = jr_push_key(r, key);
        jr_error(r, "'%s' must be a whole number, not %g", key, x);
        jr_pop(r, s);
        return false;
    }
    *out = (long)x;
    return true;
}

bool jr_str(jr *r, json_t *obj, const char *key, bool required, const char **out)
{
    json_t *v = field(r, obj, key, required, "a string");
    if (!v)
        return false;
    if (!json_is_string(v))
        return wrong_type(r, key, v, "a string");
    *out = json_string_value(v);
    return true;
}

bool jr_text(jr *r, json_t *obj, const char *key, bool required, size_t max, const char **out)
{
    if (!jr_str(r, obj, key, required, out))
        return false;
    size_t n = strlen(*out);
    if (n <= max)
        return true;
    size_t p = jr_push_key(r, key);
    jr_error(r, "'%s' is %zu bytes long (%zu characters); at most %zu bytes fit: shorten it", key, n,
             sl_utf8_chars(*out), max);
    jr_pop(r, p);
    return false;
}

bool jr_bool(jr *r, json_t *obj, const char *key, bool required, bool *out)
{
    json_t *v = field(r, obj, key, required, "true or false");
    if (!v)
        return false;
    if (!json_is_boolean(v))
        return wrong_type(r, key, v, "true or false");
    *out = json_is_true(v);
    return true;
}

json_t *jr_array(jr *r, json_t *obj, const char *key, bool required)
{
    json_t *v = field(r, obj, key, required, "a list");
    if (!v)
        return NULL;
    if (!json_is_array(v)) {
        wrong_type(r, key, v, "a list");
        return NULL;
    }
    return v;
}

json_t *jr_object(jr *r, json_t *obj, const char *key, bool required)
{
    json_t *v = field(r, obj, key, required, "an object");
    if (!v)
        return NULL;
    if (!json_is_object(v)) {
        wrong_type(r, key, v, "an object");
        return NULL;
    }
    return v;
}

void jr_check_keys(jr *r, json_t *obj, const char *const *known, int nknown)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (int i = 0; i < nknown && !ok; i++)
            ok = strcmp(key, known[i]) == 0;
        if (ok)
            continue;
        size_t s = jr_push_key(r, key);
        const char *hint = sl_suggest(key, known, nknown);
        if (hint)
            jr_warn(r, "unknown field '%s' is ignored (did you mean '%s'?)", key, hint);
        else
            jr_warn(r, "unknown field '%s' is ignored", key);
        jr_pop(r, s);
    }
}
