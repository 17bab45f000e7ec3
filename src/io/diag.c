/* Diagnostics, file helpers and "did you mean" hints. */
#include "jsonread.h"
#include "sightline/game.h"
#include "sightline/io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void sl_diag_init(sl_diag *d)
{
    memset(d, 0, sizeof *d);
}

void sl_diag_free(sl_diag *d)
{
    free(d->msgs);
    memset(d, 0, sizeof *d);
}

void sl_diag_add(sl_diag *d, sl_diag_level level, const char *file, int line, int col,
                 int object_id, const char *field, const char *fmt, ...)
{
    if (!d)
        return;
    if (level == SL_DIAG_ERROR)
        d->nerrors++;
    else
        d->nwarnings++;
    if (d->n == d->cap) {
        int cap = d->cap ? d->cap * 2 : 8;
        if (cap > 4096)
            return; /* enough to act on; the counts stay right */
        sl_diag_msg *m = realloc(d->msgs, (size_t)cap * sizeof *m);
        if (!m)
            return;
        d->msgs = m;
        d->cap = cap;
    }
    sl_diag_msg *m = &d->msgs[d->n++];
    memset(m, 0, sizeof *m);
    m->level = level;
    snprintf(m->file, sizeof m->file, "%s", file ? file : "");
    m->line = line;
    m->col = line > 0 && col < 1 ? 1 : col;
    m->object_id = object_id;
    snprintf(m->field, sizeof m->field, "%s", field ? field : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->text, sizeof m->text, fmt, ap);
    va_end(ap);
    sl_utf8_trim(m->text);
}

void sl_diag_format(const sl_diag_msg *m, char *buf, size_t len)
{
    char where[SL_PATH_MAX + 32];
    if (m->line > 0)
        snprintf(where, sizeof where, "%s:%d:%d", m->file, m->line, m->col);
    else
        snprintf(where, sizeof where, "%s", m->file);
    char field[200] = "";
    if (m->field[0])
        snprintf(field, sizeof field, " [%s]", m->field);
    snprintf(buf, len, "%s: %s:%s %s", where, m->level == SL_DIAG_ERROR ? "error" : "warning",
             field, m->text);
}

/* What a file of this mode is when it is not a plain file, or NULL. */
static const char *not_a_file(mode_t m)
{
    if (S_ISREG(m))
        return NULL;
    if (S_ISDIR(m))
        return "it is a directory";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "it is a device, not a file";
    if (S_ISFIFO(m))
        return "it is a pipe, not a file";
    return "it is not a plain file";
}

bool sl_file_check(const char *path, char *why, size_t whylen)
{
    struct stat st;
    const char *kind = NULL;
    if (stat(path, &st) != 0) {
        snprintf(why, whylen, "%s", strerror(errno));
        return false;
    }
    if ((kind = not_a_file(st.st_mode)) != NULL) {
        snprintf(why, whylen, "%s", kind);
        return false;
    }
    if (access(path, R_OK) != 0) {
        snprintf(why, whylen, "%s", strerror(errno));
        return false;
    }
    return true;
}

char *sl_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    const char *kind = fstat(fileno(f), &st) == 0 ? not_a_file(st.st_mode) : NULL;
    if (kind && !S_ISFIFO(st.st_mode)) {
        fclose(f);
        snprintf(err, errlen, "cannot open: %s", kind);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)256 << 20)) {
                free(buf);
                fclose(f);
                snprintf(err, errlen, "file is larger than 256 MiB");
                return NULL;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                snprintf(err, errlen, "out of memory");
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, errlen, "read error");
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

char *io_read(const char *path, size_t *len, char *dir, size_t dirlen, sl_diag *d)
{
    char err[256];
    size_t n = 0;
    char *text = sl_read_file(path, &n, err, sizeof err);
    if (!text) {
        sl_diag_add(d, SL_DIAG_ERROR, path, 0, 0, 0, "", "%s", err);
        return NULL;
    }
    if (len)
        *len = n;
    if (dir)
        sl_path_dir(path, dir, dirlen);
    return text;
}

void sl_json_fput(FILE *f, const char *s)
{
    size_t n = strlen(s);
    size_t cap = 6 * n + 1;
    char small[512], *buf = cap <= sizeof small ? small : malloc(cap);
    if (!buf)
        return;
    sl_json_escape(buf, cap, s);
    fprintf(f, "\"%s\"", buf);
    if (buf != small)
        free(buf);
}

void sl_path_dir(const char *path, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(out, len, ".");
        return;
    }
    if (slash == path) {
        snprintf(out, len, "/");
        return;
    }
    snprintf(out, len, "%.*s", (int)(slash - path), path);
}

void sl_path_join(const char *dir, const char *rel, char *out, size_t len)
{
    if (rel[0] == '/' || !dir || !dir[0] || strcmp(dir, ".") == 0)
        snprintf(out, len, "%s", rel);
    else
        snprintf(out, len, "%s/%s", dir, rel);
}

