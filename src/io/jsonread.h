/* Reading JSON with errors that say where: a path kept while walking the
 * tree, turned into line:column by sl_json_locate on error. Internal to
 * the io module. */
#ifndef SIGHTLINE_IO_JSONREAD_H
#define SIGHTLINE_IO_JSONREAD_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sightline/io.h"

typedef struct jr {
    const char *file;     /* name shown in messages */
    const char *text;
    size_t len;
    sl_diag *d;
    char path[512];
    int object_id;        /* Tiled object being read, 0 outside objects */
    char prefix[160];     /* "object 7 'Copse': " or "" */
} jr;

/* The one way the io module reads a file: the whole of it, or an error
 * naming the file in `d` (and NULL). With `dir`, the directory it is in,
 * for the files it names. */
char *io_read(const char *path, size_t *len, char *dir, size_t dirlen, sl_diag *d);

void jr_init(jr *r, const char *file, const char *text, size_t len, sl_diag *d);
/* Parse the text; a syntax error is reported with jansson's position. */
json_t *jr_parse(jr *r);

size_t jr_push_key(jr *r, const char *key);
size_t jr_push_index(jr *r, size_t index);
void jr_pop(jr *r, size_t saved);

void jr_msg(jr *r, sl_diag_level level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define jr_error(r, ...) jr_msg((r), SL_DIAG_ERROR, __VA_ARGS__)
#define jr_warn(r, ...) jr_msg((r), SL_DIAG_WARNING, __VA_ARGS__)

const char *jr_type_name(const json_t *v);

/* Typed fields of an object. A missing required field is an error at
 * the object; a field of the wrong type is an error at the field. They
 * return true when a value was read into *out. */
bool jr_num(jr *r, json_t *obj, const char *key, bool required, double *out);
bool jr_int(jr *r, json_t *obj, const char *key, bool required, long *out);
bool jr_str(jr *r, json_t *obj, const char *key, bool required, const char **out);
/* A string of at most `max` bytes (UTF-8); a longer one is an error at
 * its place in the file, never cut. */
bool jr_text(jr *r, json_t *obj, const char *key, bool required, size_t max, const char **out);
bool jr_bool(jr *r, json_t *obj, const char *key, bool required, bool *out);
/* An array or object field; NULL (after an error when required) if absent
 * or of another type. */
json_t *jr_array(jr *r, json_t *obj, const char *key, bool required);
json_t *jr_object(jr *r, json_t *obj, const char *key, bool required);

/* Warn about keys of obj not in `known`, with a "did you mean" hint. */
void jr_check_keys(jr *r, json_t *obj, const char *const *known, int nknown);

#endif
