/* The Stargrunt II commands: one row each, with how it reads, what it
 * costs, when it may be given and what it does. The grammar of every shape
 * is in src/rules/command.c; COMMANDS.md documents them for users. */
#include "sg2.h"

const rl_cmd_def sg2_commands[] = {
    {SL_CMD_ACTIVATE, "activate", NULL, RL_SHAPE_ONE_UNIT, NULL, "activate UNIT", 0, RL_CMD_SHARED, act_can_activate,
     act_activate, RL_PICK_NONE, NULL},
    {SL_CMD_MOVE, "move", NULL, RL_SHAPE_MOVE, NULL, "move UNIT X,Y [X,Y ...] (where its centre goes, in inches)", 1,
     RL_CMD_ACTION | RL_CMD_WITH_LEADER, mv_can, NULL, RL_PICK_PATH, NULL},
    {SL_CMD_COMBAT_MOVE, "combat-move", NULL, RL_SHAPE_MOVE, NULL,
     "combat-move UNIT X,Y [X,Y ...] (its declared destination last)", 1, RL_CMD_ACTION | RL_CMD_WITH_LEADER, mv_can,
     NULL, RL_PICK_DESTINATION, NULL},
    {SL_CMD_FIRE, "fire", NULL, RL_SHAPE_FIRE, "at",
     "fire UNIT at TARGET [combined] [small-arms|support|missile] [with-leader]", 1,
     RL_CMD_ACTION | RL_CMD_WITH_LEADER, fire_can_cmd, fire_cmd, RL_PICK_ENEMY("fire at", SL_PICK_CARD_FIRE), NULL},
    {SL_CMD_IN_POSITION, "in-position", NULL, RL_SHAPE_UNIT, NULL, "in-position UNIT", 1, RL_CMD_ACTION,
     act_can_enter_position, act_enter_position, RL_PICK_NONE, NULL},
    {SL_CMD_LEAVE_POSITION, "leave-position", NULL, RL_SHAPE_UNIT, NULL, "leave-position UNIT", 1, RL_CMD_ACTION,
     act_can_leave_position, act_leave_position, RL_PICK_NONE, NULL},
    {SL_CMD_REMOVE_SUPPRESSION, "remove-suppression", NULL, RL_SHAPE_UNIT, NULL, "remove-suppression UNIT", 1,
     RL_CMD_ACTION, act_can_unsuppress, act_unsuppress, RL_PICK_NONE, NULL},
    {SL_CMD_REORGANISE, "reorganise", "reorganize", RL_SHAPE_PLACE, NULL, "reorganise UNIT [FIGURE X,Y ...] [recover FIGURE[:ITEM] [to FIGURE] ...] [untreated]", 1,
     RL_CMD_ACTION, act_can_reorganise, act_reorganise, RL_PICK_LIST, NULL},
    {SL_CMD_TRANSFER, "transfer", NULL, RL_SHAPE_UNIT_UNIT, "to", "transfer UNIT to SUBORDINATE", 1,
     RL_CMD_ACTION | RL_CMD_HANDS_ON, act_can_transfer, act_transfer, RL_PICK_UNIT("transfer an action to"), NULL},
    {SL_CMD_COMMUNICATE, "communicate", NULL, RL_SHAPE_UNIT_UNIT, "with", "communicate UNIT with UNIT", 1,
     RL_CMD_ACTION, act_can_talk, act_communicate, RL_PICK_UNIT("communicate with"), NULL},
    {SL_CMD_RALLY, "rally", NULL, RL_SHAPE_UNIT_UNIT, NULL, "rally COMMANDER UNIT", 1, RL_CMD_ACTION, act_can_talk,
     act_rally, RL_PICK_UNIT("rally"), NULL},
    {SL_CMD_OBSERVE, "observe", NULL, RL_SHAPE_UNIT_UNIT, NULL, "observe UNIT TARGET", 1, RL_CMD_ACTION,
     act_can_observe, act_observe, RL_PICK_ENEMY("observe", 0), NULL},
    {SL_CMD_ASSAULT, "assault", NULL, RL_SHAPE_UNIT_UNIT, NULL, "assault UNIT TARGET", 2,
     RL_CMD_ACTION | RL_CMD_WITH_LEADER, asl_can, asl_do, RL_PICK_ENEMY("assault", 0), NULL},
    {SL_CMD_REMOVE_PANIC, "remove-panic", NULL, RL_SHAPE_UNIT, NULL, "remove-panic UNIT", 2, RL_CMD_ACTION,
     act_can_calm, act_calm, RL_PICK_NONE, NULL},
    {SL_CMD_LAST_STAND, "last-stand", NULL, RL_SHAPE_UNIT, NULL, "last-stand UNIT", 0, 0, mor_can_last_stand,
     mor_last_stand, RL_PICK_NONE, NULL},
    {SL_CMD_EMBARK, "embark", NULL, RL_SHAPE_UNIT_UNIT, "into", "embark UNIT into VEHICLE", 1, RL_CMD_ACTION, tr_can,
     tr_do, RL_PICK_UNIT(NULL), NULL},
    {SL_CMD_DISEMBARK, "disembark", NULL, RL_SHAPE_UNIT_POINT, NULL, "disembark UNIT [X,Y]", 1, RL_CMD_ACTION, tr_can,
     tr_do, RL_PICK_POINT, NULL},
    {SL_CMD_DETACH, "detach", NULL, RL_SHAPE_FIGURES, NULL,
     "detach SQUAD FIGURE [FIGURE ...] (the men who form its detached element)", 1, RL_CMD_ACTION | RL_CMD_HANDS_ON,
     det_can, det_do, RL_PICK_FIGURES, NULL},
    {SL_CMD_END_ACTIVATION, "end", "end-activation", RL_SHAPE_END, NULL, "end [UNIT]", 0, RL_CMD_SHARED, act_can_end,
     act_end, RL_PICK_NONE, NULL},
    {SL_CMD_PASS, "pass", NULL, RL_SHAPE_SIDE, NULL, "pass SIDE", 0, RL_CMD_SHARED, act_can_pass, act_pass,
     RL_PICK_SIDE, NULL},
    {SL_CMD_DONE, "done", NULL, RL_SHAPE_SIDE, NULL, "done SIDE", 0, RL_CMD_SHARED, act_can_done, act_done,
     RL_PICK_SIDE, NULL},
    {SL_CMD_DECIDE, "decide", NULL, RL_SHAPE_DECIDE, NULL,
     "decide first SIDE | decide fire UNIT [missile] [at X,Y] | decide pass | decide continue [X,Y ...] | decide "
     "stop | decide carry | decide abandon | decide hit none|stunned|ko|out | decide miss | decide force | decide pursue",
     0, RL_CMD_SHARED, act_can_decide, act_decide, RL_PICK_NONE, NULL},
};

const int sg2_ncommands = (int)(sizeof sg2_commands / sizeof sg2_commands[0]);

/* The keys of its action bar (show.c), for the window's help page. */
static const rl_help_row sg2_help[] = {
    {"A  E  D  Shift+P", "Activate; end the activation; done for the turn; pass"},
    {"M  C  F  P", "Move, combat move, fire, In Position (see the action bar)"},
    {"U  O  X  K  Y  W  H", "Remove suppression, reorganise, transfer, communicate, rally, observe, assault"},
    {"Shift+X", "Detach men: click them, Enter (then X: transfer to SQUAD.D)"},
    {"Shift+E  Shift+D  Shift+L", "Get into a vehicle (then choose it), get out; last stand"},
    {NULL, NULL},
};

/* The Stargrunt II ruleset: every command by the table above, and what
 * the window shows (show.c). */
const rl_ruleset sg2_ruleset = {
    .name = "stargrunt2",
    .title = "Stargrunt II",
    .commands = sg2_commands,
    .ncommands = (int)(sizeof sg2_commands / sizeof sg2_commands[0]),
    .offers = sg2_offers,
    .marks = sg2_marks,
    .shows_done = sg2_shows_done,
    .card = sg2_card,
    .profile = sg2_profile,
    .way_text = sg2_way_text,
    .makeup = sg2_makeup,
    .way_progress = sg2_way_progress,
    .way_plan = mv_way_plan,
    .shows = SL_SHOW_RANGE_BANDS | SL_SHOW_RANGE_DIE,
    .reach = sg2_reach,
    .reach_word = "range bands",
    .book_pages = true,
    .decisions = sg2_decisions,
    .unit_bytes = sizeof(det_unit),
    .help = sg2_help,
};
