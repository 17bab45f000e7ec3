/* The window on a game held by a host (remote.c, remotepanel.c). Internal. */
#ifndef SIGHTLINE_UI_REMOTE_INTERNAL_H
#define SIGHTLINE_UI_REMOTE_INTERNAL_H

#include "sightline/remote.h"
#include "ui_internal.h"

#define REMOTE_LOG 5      /* journal lines shown */
#define REMOTE_CHAT 5     /* chat lines shown */
#define REMOTE_BUTTONS 32 /* action bar buttons */
#define REMOTE_WAY 24     /* points of a way picked */

enum { REMOTE_READ, REMOTE_COMMAND, REMOTE_CHAT_LINE };

typedef struct remote {
    sl_remote_link *link;
    sl_remote_seat seat;
    const sl_world *table;   /* this machine's copy of the scenario */
    sl_world world;          /* the table with the host's state's forces */
    sl_game *rules;          /* a game made from the table's file, never played: the rules' names */
    sl_net_state st;
    struct sl_rule_data *rule_data; /* the table's rule data for the state's units, by their ids (world's) */
    bool have_state;
    sl_view view;
    sl_ui *ui;
    char turn[64];           /* the side to act, as the host last said ("none": the game is over) */
    char seats[1200];
    char log[REMOTE_LOG][600];
    int nlog;
    int events;              /* events of its reading had: a rejoin says so */
    bool after_command;      /* the last event read was a command: the next one is marked '>' */
    char chat[REMOTE_CHAT][600];
    int nchat;
    int typing;              /* REMOTE_READ, REMOTE_COMMAND, REMOTE_CHAT_LINE */
    char line[SL_NET_CHAT_MAX + 1];
    char pending[400];       /* a command sent, its answer not yet come */
    bool lost;               /* the link is gone: rejoining */
    char lost_why[300];
    uint32_t retry_at;
    int retries;
    bool folded;             /* F9: the panel shows only who plays, the link, the turn and the line typed */
    /* protocol 3: the decision pending as this side sees it, the actions
     * the host offers its units (remotebar.c) */
    sl_net_decision dec;
    sl_net_actions acts;
    bool have_acts;
    /* an action's command waiting for its pick: {T} a unit clicked, {P}
     * a point (a way: points until Enter) */
    char pick_cmd[SL_CMD_TEXT + 80];
    char pick_what[12];
    char pick_pts[600];
    int pick_npts;
    sl_pt pick_xy[REMOTE_WAY];   /* the way's points clicked (mils) */
    /* protocol 4: a way's plan asked of the host while it is drawn (one
     * asked at a time), and its last answer */
    sl_net_plan plan;
    char plan_asked[SL_CMD_TEXT + 80];
    bool plan_waiting;
    /* protocol 5: a rule's list being picked (a reorganise's kit): the
     * unit's action by its key and the choices so far, asked of the host
     * as they change, and its last answer */
    bool list_on, list_waiting;
    char list_unit[64], list_key[16];
    unsigned list_chosen, list_toggles;
    sl_net_list list;
    /* the bar as last drawn */
    SDL_FRect bar, btn[REMOTE_BUTTONS];
    float card_w;            /* the decision card's width in the strip (0: none): the panel keeps clear of it */
    int btn_act[REMOTE_BUTTONS], nbtn, hover_btn; /* btn_act -1: the bar's toggle (F4) */
    /* F4, as the main window's bar: every action the host offers (in
     * pages of the bar's rows: the one shown), else only what may be done
     * now where the whole would take more rows */
    bool bar_all;
    int bar_page, bar_pages;
    char refusal[1200];      /* the host's last refusal, in words, for the box on the table (Esc closes it) */
    /* a small window's room under the table: the journal's rows in the
     * panel (0: REMOTE_LOG), the chat's (0: all its lines), the bar's
     * rows (0: three, two at 150% and over), each fewer as the table needs */
    int log_room, chat_room, bar_room;
} remote;

/* remote.c: the window's state made for a seat at a table (r->ui made
 * first) and freed (not the ui); one message from the host taken; a
 * frame drawn at ow by oh pixels (not presented). */
void remote_begin(remote *r, const sl_world *table, sl_remote_link *link, const sl_remote_seat *seat);
void remote_end(remote *r);
void remote_message(remote *r, const sl_net_msg *m);
void remote_draw_frame(remote *r, int ow, int oh);

/* remotepanel.c: the panel over the table's foot (who plays what, the
 * link, whose turn, the journal, the chat, the line being typed). */
void remote_draw_panel(remote *r);
/* The panel's height at this width (the strip kept under the table). */
float remote_panel_height(remote *r);
void remote_send_line(remote *r, const char *type, const char *line);
/* A host's text in place as the main window reads a rules text (a rule
 * by its name, names for ids, no usages). */
void remote_words(const remote *r, char *text, size_t len);

/* remotebar.c: the action bar for the selected unit (or the one acting)
 * and the decision card, from the host's `actions` and `decision`; the
 * panel (remotepanel.c) lies beside the card, both under the bar. */
float remote_bar_height(remote *r);
void remote_draw_bar(remote *r, float y);
/* The decision card's width and height (0: none), and the card drawn in
 * the strip under the table, at its right, from top to bottom. */
float remote_decision_width(remote *r, float *height);
void remote_draw_decision(remote *r, float top, float bottom);
/* A point or way being picked: from the unit's middle through the points
 * clicked to the pointer, with its length in inches (geometry only: the
 * host judges the move). */
void remote_draw_pick(remote *r);
/* A way being drawn: its command as it stands (the pointer its last
 * point) asked of the host as a `plan`, when it changed and no answer is
 * awaited; and the host's answer taken. */
void remote_plan_ask(remote *r);
void remote_plan_take(remote *r, const sl_net_msg *m);
/* The host's answer to the list asked for an action that picks from a
 * rule's list (version 5): the card shows it; numbers choose, Enter gives
 * its command. */
void remote_list_take(remote *r, const sl_net_msg *m);
/* A key, a click or the pointer for the bar, the card or a pick under
 * way: true when taken. */
bool remote_bar_event(remote *r, const SDL_Event *e);

/* The words for whose turn it is ("Your turn", "Waiting for ESU's player"). */
void remote_turn_text(const remote *r, char *out, size_t len);

#endif
