/* The Kingdomino observation kernel: kingdomino.rl.classic_encoder, compiled. */
#include "fastobs.h"

typedef struct {
    PyObject_HEAD
    fo_follower follower;
    PyObject *error; /* the exception class of a refused seat (the game's GameError) */
    fo_rows rows;
    fo_fact_sum points;
    int discards_object;
    int players, size, num_phases;
    int off_kingdoms, off_row, off_next_row, off_pool, off_players, off_global;
    int phase_place, phase_claim, chance, terminal;
    double rounds, games_in_match, deck_size, kings_per_player, score_scale, discard_scale;
    float *global_tails; /* [seat] x (global size - 10) */
    int global_tail_width;
    PyObject *s_kingdoms, *s_phase, *s_player, *s_row, *s_row_owner, *s_next_row, *s_next_owner;
    PyObject *s_slot, *s_pool, *s_drawn, *s_round_number, *s_game_index, *s_past_scores, *s_unordered;
} ClassicKernel;

static void classic_dealloc(ClassicKernel *self) {
    fo_follower_free(&self->follower);
    Py_XDECREF(self->error);
    fo_rows_free(&self->rows);
    PyMem_Free(self->global_tails);
    Py_XDECREF(self->s_kingdoms);
    Py_XDECREF(self->s_phase);
    Py_XDECREF(self->s_player);
    Py_XDECREF(self->s_row);
    Py_XDECREF(self->s_row_owner);
    Py_XDECREF(self->s_next_row);
    Py_XDECREF(self->s_next_owner);
    Py_XDECREF(self->s_slot);
    Py_XDECREF(self->s_pool);
    Py_XDECREF(self->s_drawn);
    Py_XDECREF(self->s_round_number);
    Py_XDECREF(self->s_game_index);
    Py_XDECREF(self->s_past_scores);
    Py_XDECREF(self->s_unordered);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int classic_init(ClassicKernel *self, PyObject *args, PyObject *kwds) {
    PyObject *spec = fo_kernel_start(args, kwds, &self->follower, &self->error);
    if (spec == NULL) return -1;
    const fo_field fields[] = {
        FO_INT(players, "players"),
        FO_INT(size, "size"),
        FO_INT(num_phases, "num_phases"),
        FO_INT(off_kingdoms, "off_kingdoms"),
        FO_INT(off_row, "off_row"),
        FO_INT(off_next_row, "off_next_row"),
        FO_INT(off_pool, "off_pool"),
        FO_INT(off_players, "off_players"),
        FO_INT(off_global, "off_global"),
        FO_INT(phase_place, "phase_place"),
        FO_INT(phase_claim, "phase_claim"),
        FO_INT(chance, "chance"),
        FO_INT(terminal, "terminal"),
        FO_INT(global_tail_width, "global_tail_width"),
        FO_DOUBLE(rounds, "rounds"),
        FO_DOUBLE(games_in_match, "games_in_match"),
        FO_DOUBLE(deck_size, "deck_size"),
        FO_DOUBLE(kings_per_player, "kings_per_player"),
        FO_DOUBLE(score_scale, "score_scale"),
        FO_DOUBLE(discard_scale, "discard_scale"),
    };
    if (fo_spec_fields(spec, fields, sizeof fields / sizeof fields[0]) < 0) return -1;
    if (self->players != self->follower.nseats) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: inconsistent sizes");
        return -1;
    }
    if (fo_rows_init(&self->rows, spec, self->players) < 0) return -1;
    if (self->off_kingdoms != 0) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: the kingdoms must come first");
        return -1;
    }
    if (fo_spec_fact_sum(spec, "points", &self->follower, &self->points) < 0) return -1;
    if ((self->discards_object = fo_source_object(&self->follower, "discards")) < 0) return -1;
    self->global_tails = fo_spec_floats(spec, "global_tails", (Py_ssize_t)self->players * self->global_tail_width);
    if (self->global_tails == NULL) return -1;
#define NAME(field, text) if ((self->field = fo_intern(text)) == NULL) return -1
    NAME(s_kingdoms, "kingdoms");
    NAME(s_phase, "phase");
    NAME(s_player, "player");
    NAME(s_row, "row");
    NAME(s_row_owner, "row_owner");
    NAME(s_next_row, "next_row");
    NAME(s_next_owner, "next_owner");
    NAME(s_slot, "slot");
    NAME(s_pool, "pool");
    NAME(s_drawn, "drawn");
    NAME(s_round_number, "round_number");
    NAME(s_game_index, "game_index");
    NAME(s_past_scores, "past_scores");
    NAME(s_unordered, "unordered");
#undef NAME
    return 0;
}

static PyObject *classic_encode(ClassicKernel *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat[, out])");
        return NULL;
    }
    PyObject *state = args[0];
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    int players = self->players;
    if (seat < 0 || seat >= players) {
        return PyErr_Format(self->error, "seat must be 0..%d, got %ld", players - 1, seat);
    }
    fo_follower *fl = &self->follower;
    size_t kingdom_floats = (size_t)fl->nchannels * (size_t)fl->ncells;
    float *f;
    fo_vector vector;
    if (fo_vector_begin(fl, (int)seat, fo_out_argument(args, nargs), self->size,
                        self->off_kingdoms + (Py_ssize_t)(players * kingdom_floats), &vector, &f) < 0)
        return NULL;
    PyObject *kingdoms = NULL, *row = NULL, *row_owner = NULL, *next_row = NULL, *next_owner = NULL;
    PyObject *pool = NULL, *past = NULL, *unordered = NULL;
    long points[FO_MAX_SEATS], discards[FO_MAX_SEATS];
    long phase, player, slot, drawn, round_number, game_index;

    kingdoms = fo_attr(state, self->s_kingdoms);
    if (kingdoms == NULL) goto fail;
    if (!PyList_Check(kingdoms) || PyList_GET_SIZE(kingdoms) != players) {
        PyErr_SetString(PyExc_TypeError, "state.kingdoms: expected a list of every seat's kingdom");
        goto fail;
    }
    for (int r = 0; r < players; r++) {
        int p = (int)((seat + r) % players);
        PyObject *board = PyList_GET_ITEM(kingdoms, p);
        fo_seat *found = fo_follow(fl, state, p, board);
        if (found == NULL) goto fail;
        memcpy(f + self->off_kingdoms + r * kingdom_floats, found->planes, kingdom_floats * sizeof(float));
        points[r] = fo_sum_facts(&self->points, found);
        discards[r] = PyLong_AsLong(found->objects[self->discards_object]);
    }
    if (PyErr_Occurred()) goto fail;

    if (fo_attr_long(state, self->s_phase, &phase) < 0 || fo_attr_long(state, self->s_player, &player) < 0 ||
        fo_attr_long(state, self->s_slot, &slot) < 0 || fo_attr_long(state, self->s_drawn, &drawn) < 0 ||
        fo_attr_long(state, self->s_round_number, &round_number) < 0 ||
        fo_attr_long(state, self->s_game_index, &game_index) < 0)
        goto fail;
    if ((row = fo_attr(state, self->s_row)) == NULL || (row_owner = fo_attr(state, self->s_row_owner)) == NULL ||
        (next_row = fo_attr(state, self->s_next_row)) == NULL ||
        (next_owner = fo_attr(state, self->s_next_owner)) == NULL || (pool = fo_attr(state, self->s_pool)) == NULL ||
        (past = fo_attr(state, self->s_past_scores)) == NULL ||
        (unordered = fo_attr(state, self->s_unordered)) == NULL)
        goto fail;
    if (!PyList_Check(pool) || !PyList_Check(past) || !PyList_Check(unordered) ||
        PyList_GET_SIZE(unordered) != players) {
        PyErr_SetString(PyExc_TypeError, "state: rows, pool, past scores and kings must be lists");
        goto fail;
    }

    /* row and next_row */
    int placing = PyList_GET_SIZE(row) > 0 && (phase == self->phase_place || phase == self->phase_claim);
    long placed = placing ? slot + (phase == self->phase_claim) : 0;
    if (fo_write_row(&self->rows, f + self->off_row, row, row_owner, (int)seat, placed, placing ? slot : -1) < 0 ||
        fo_write_row(&self->rows, f + self->off_next_row, next_row, next_owner, (int)seat, 0, -1) < 0)
        goto fail;

    /* pool */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pool); i++) {
        long number = PyLong_AsLong(PyList_GET_ITEM(pool, i));
        if (number < 1 || number > self->rows.num_dominoes) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the pool holds an unknown domino");
            goto fail;
        }
        f[self->off_pool + number - 1] = 1.0f;
    }

    /* players */
    for (Py_ssize_t g = 0; g < PyList_GET_SIZE(past); g++) {
        PyObject *scores = PyList_GET_ITEM(past, g);
        if (!PyList_Check(scores) || PyList_GET_SIZE(scores) != players) {
            PyErr_SetString(PyExc_TypeError, "state.past_scores: expected lists of every seat's score");
            goto fail;
        }
        for (int r = 0; r < players; r++) points[r] += PyLong_AsLong(PyList_GET_ITEM(scores, (seat + r) % players));
    }
    long best = points[0];
    for (int r = 1; r < players; r++)
        if (points[r] > best) best = points[r];
    float *out = f + self->off_players;
    for (int r = 0; r < players; r++, out += 5) {
        int p = (int)((seat + r) % players);
        long kings = PyLong_AsLong(PyList_GET_ITEM(unordered, p));
        out[0] = (float)((double)points[r] / self->score_scale);
        out[1] = (float)((double)discards[r] / self->discard_scale);
        out[2] = p == player ? 1.0f : 0.0f;
        out[3] = (float)((double)kings / self->kings_per_player);
        out[4] = points[r] == best ? 1.0f : 0.0f;
    }
    if (PyErr_Occurred()) goto fail;

    /* global */
    out = f + self->off_global;
    if (phase >= 0 && phase < self->num_phases) out[phase] = 1.0f;
    out += self->num_phases;
    out[0] = (float)((double)round_number / self->rounds);
    out[1] = (float)((double)(game_index + 1) / self->games_in_match);
    out[2] = (float)((self->deck_size - (double)drawn) / self->deck_size);
    out[3] = player == self->chance ? 1.0f : 0.0f;
    out[4] = player == self->terminal ? 1.0f : 0.0f;
    memcpy(out + 5, self->global_tails + seat * self->global_tail_width, sizeof(float) * (size_t)self->global_tail_width);

    Py_DECREF(kingdoms);
    Py_DECREF(row);
    Py_DECREF(row_owner);
    Py_DECREF(next_row);
    Py_DECREF(next_owner);
    Py_DECREF(pool);
    Py_DECREF(past);
    Py_DECREF(unordered);
    return fo_vector_end(&vector, 1);
fail:
    Py_XDECREF(kingdoms);
    Py_XDECREF(row);
    Py_XDECREF(row_owner);
    Py_XDECREF(next_row);
    Py_XDECREF(next_owner);
    Py_XDECREF(pool);
    Py_XDECREF(past);
    Py_XDECREF(unordered);
    return fo_vector_end(&vector, 0);
}

static PyMethodDef classic_methods[] = {
    {"encode", (PyCFunction)(void (*)(void))classic_encode, METH_FASTCALL,
     "encode(state, seat[, out]) -> the observation's float32 values: a bytearray, or out written in place"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject fo_ClassicKernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kingdomino.rl._fastobs.ClassicKernel",
    .tp_basicsize = sizeof(ClassicKernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kingdomino observations, compiled (made from a ClassicEncoder's kernel spec).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)classic_init,
    .tp_dealloc = (destructor)classic_dealloc,
    .tp_methods = classic_methods,
};
