/* sightline: what the start screen offers (issue 42): the shipped
 * scenarios and lessons with their titles and a line of what each is,
 * and the recent games (autosaves and saves, newest first) with their
 * scenario, turn and date. Read from the files alone: nothing is
 * loaded or replayed, so a broken file is listed (its loader refuses it
 * when it is opened). */
#ifndef SIGHTLINE_SHELF_H
#define SIGHTLINE_SHELF_H

#include <stdbool.h>
#include <time.h>

#include "sightline/io.h"

typedef enum sl_shelf_kind { SL_SHELF_SCENARIO, SL_SHELF_LESSON, SL_SHELF_SAVE } sl_shelf_kind;

typedef struct sl_shelf_entry {
    sl_shelf_kind kind;
    char path[SL_PATH_MAX];
    char title[160];         /* the scenario's name, the lesson's title, the save's scenario */
    char about[400];         /* a line of what it is (a save: its turn, commands and date) */
    time_t when;             /* a save: when it was last written */
    int turn, ncommands;     /* a save: the last turn begun, the commands played */
    bool autosave;           /* a save: the window's autosave of its scenario */
    char result[120];        /* a save of a game played to its end: "Red wins", "a draw"; else empty */
} sl_shelf_entry;

typedef struct sl_shelf {
    sl_shelf_entry *e;
    int n, cap;
} sl_shelf;

/* The saves in `save_dir` (NULL: none), newest first, at most
 * `max_saves`; then the scenarios with forces in DATA/maps (the default
 * first) and the lessons in DATA/maps/lessons. */
void sl_shelf_read(sl_shelf *s, const char *data_dir, const char *save_dir, int max_saves);
void sl_shelf_free(sl_shelf *s);
/* One save as the list shows it (its scenario, turn, commands, date and
 * result); false when it is not a save that can be read. */
bool sl_shelf_read_save(const char *path, sl_shelf_entry *out);
/* Where the window's autosaves (and the end card's saves) are written:
 * the folder of sl_play_autosave_path. False when there is none. */
bool sl_shelf_save_dir(char *out, size_t len);

#endif
