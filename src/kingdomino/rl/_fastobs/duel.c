/* The Kingdomino Duel observation kernel: kingdomino.rl.duel_encoder, compiled. */
#include "fastobs.h"

#define DUEL_MAX_DICE 8
#define DUEL_MAX_COATS 16

enum {
    /* objects */
    BOARDS, FACES, HELD, TAKEN, UNDRAWN, FILLS, OWNER, USED, DOMAINS, CASTLE, DREW, JOKERS, PENDING,
    /* ints */
    PHASE, PLAYER, BONUS, ROUND, A_SEAT, FREE_MODE, SPLIT_MODE,
    DUEL_NAMES,
    DUEL_OBJECTS = PHASE
};

typedef struct {
    PyObject_HEAD
    fo_follower follower;
    PyObject *error; /* the exception class of a refused seat (the game's GameError) */
    int size, num_dice, faces_per_die, face_features, die_features, num_coats, num_phases;
    int off_maps, off_dice, off_spellbook, off_players, off_global;
    int phase_roll, phase_over, chance, terminal, nobody;
    double score_scale, points_per_domain;
    double line_length[DUEL_MAX_COATS];
    float *face_table; /* [die][face] x face_features */
    fo_fact_sum points;
    /* Per seat: the domain count last asked of the map (`board.domain_count(coat)`), for which
     * coat and which version of the map. */
    unsigned long domains_version[2];
    long domains_coat[2], domains_count[2];
    PyObject *s_domain_count;
    PyObject *names[DUEL_NAMES];
} DuelKernel;

/* The state attributes read, in the order of the enum. */
static const char *duel_attribute_names[DUEL_NAMES] = {
    "boards", "faces", "held", "taken", "undrawn", "fills", "owner", "used", "domains_coat", "castle_used",
    "drew", "jokers", "pending", "phase", "player", "bonus_die", "round", "a_seat", "free_mode", "split_mode"};

static void duel_dealloc(DuelKernel *self) {
    fo_follower_free(&self->follower);
    Py_XDECREF(self->error);
    Py_XDECREF(self->s_domain_count);
    PyMem_Free(self->face_table);
    for (int i = 0; i < DUEL_NAMES; i++) Py_XDECREF(self->names[i]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int duel_init(DuelKernel *self, PyObject *args, PyObject *kwds) {
    PyObject *spec = fo_kernel_start(args, kwds, &self->follower, &self->error);
    if (spec == NULL) return -1;
    const fo_field fields[] = {
        FO_INT(size, "size"),
        FO_INT(num_dice, "num_dice"),
        FO_INT(faces_per_die, "faces_per_die"),
        FO_INT(face_features, "face_features"),
        FO_INT(die_features, "die_features"),
        FO_INT(num_coats, "num_coats"),
        FO_INT(num_phases, "num_phases"),
        FO_INT(off_maps, "off_maps"),
        FO_INT(off_dice, "off_dice"),
        FO_INT(off_spellbook, "off_spellbook"),
        FO_INT(off_players, "off_players"),
        FO_INT(off_global, "off_global"),
        FO_INT(phase_roll, "phase_roll"),
        FO_INT(phase_over, "phase_over"),
        FO_INT(chance, "chance"),
        FO_INT(terminal, "terminal"),
        FO_INT(nobody, "nobody"),
        FO_DOUBLE(score_scale, "score_scale"),
        FO_DOUBLE(points_per_domain, "points_per_domain"),
    };
    if (fo_spec_fields(spec, fields, sizeof fields / sizeof fields[0]) < 0) return -1;
    if (self->follower.nseats != 2 || self->num_dice > DUEL_MAX_DICE || self->num_coats > DUEL_MAX_COATS ||
        self->die_features != self->face_features + 6) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: inconsistent sizes");
        return -1;
    }
    float *lines = fo_spec_floats(spec, "line_lengths", self->num_coats);
    if (lines == NULL) return -1;
    for (int c = 0; c < self->num_coats; c++) self->line_length[c] = lines[c];
    PyMem_Free(lines);
    self->face_table = fo_spec_floats(spec, "face_table",
                                      (Py_ssize_t)self->num_dice * self->faces_per_die * self->face_features);
    if (self->face_table == NULL) return -1;
    if (fo_spec_fact_sum(spec, "points", &self->follower, &self->points) < 0) return -1;
    if (self->off_maps != 0) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: the maps must come first");
        return -1;
    }
    if ((self->s_domain_count = fo_intern("domain_count")) == NULL) return -1;
    for (int i = 0; i < DUEL_NAMES; i++)
        if ((self->names[i] = fo_intern(duel_attribute_names[i])) == NULL) return -1;
    return 0;
}

/* The seat's score: the map's points, plus the "+3 per domain" power's (the domain count is
 * asked of the map once per version of it). */
static int duel_score(DuelKernel *self, int seat, PyObject *board, fo_seat *found, long coat, long *score) {
    long points = fo_sum_facts(&self->points, found);
    if (coat != self->nobody) {
        if (self->domains_version[seat] != found->version || self->domains_coat[seat] != coat) {
            PyObject *coat_number = PyLong_FromLong(coat);
            if (coat_number == NULL) return -1;
            PyObject *args[2] = {board, coat_number};
            PyObject *result =
                PyObject_VectorcallMethod(self->s_domain_count, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
            Py_DECREF(coat_number);
            if (result == NULL) return -1;
            long count = PyLong_AsLong(result);
            Py_DECREF(result);
            if (count == -1 && PyErr_Occurred()) return -1;
            self->domains_version[seat] = found->version;
            self->domains_coat[seat] = coat;
            self->domains_count[seat] = count;
        }
        points += (long)self->points_per_domain * self->domains_count[seat];
    }
    *score = points;
    return 0;
}

static int list_of(PyObject *value, Py_ssize_t length, const char *what) {
    if (!PyList_Check(value) || (length >= 0 && PyList_GET_SIZE(value) != length)) {
        PyErr_Format(PyExc_TypeError, "state.%s: expected a list", what);
        return -1;
    }
    return 0;
}

static PyObject *duel_encode(DuelKernel *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat[, out])");
        return NULL;
    }
    PyObject *state = args[0];
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (seat != 0 && seat != 1) return PyErr_Format(self->error, "seat must be 0 or 1, got %ld", seat);
    int other = 1 - (int)seat;
    fo_follower *fl = &self->follower;
    size_t map_floats = (size_t)fl->nchannels * (size_t)fl->ncells;
    float *f;
    fo_vector vector;
    if (fo_vector_begin(fl, (int)seat, fo_out_argument(args, nargs), self->size,
                        self->off_maps + (Py_ssize_t)(2 * map_floats), &vector, &f) < 0)
        return NULL;
    PyObject *v[DUEL_OBJECTS] = {NULL};
    long n[DUEL_NAMES];
    for (int i = 0; i < DUEL_OBJECTS; i++)
        if ((v[i] = fo_attr(state, self->names[i])) == NULL) goto fail;
    for (int i = DUEL_OBJECTS; i < DUEL_NAMES; i++)
        if (fo_attr_long(state, self->names[i], &n[i]) < 0) goto fail;
    long phase = n[PHASE], player = n[PLAYER], bonus = n[BONUS], round = n[ROUND], a_seat = n[A_SEAT];
    long free_mode = n[FREE_MODE], split_mode = n[SPLIT_MODE];
    if (list_of(v[BOARDS], 2, "boards") < 0 || list_of(v[FACES], self->num_dice, "faces") < 0 ||
        list_of(v[HELD], 2, "held") < 0 || list_of(v[FILLS], 2, "fills") < 0 ||
        list_of(v[OWNER], self->num_coats, "owner") < 0 || list_of(v[USED], self->num_coats, "used") < 0 ||
        list_of(v[DOMAINS], 2, "domains_coat") < 0 || list_of(v[CASTLE], 2, "castle_used") < 0 ||
        list_of(v[DREW], 2, "drew") < 0)
        goto fail;

    /* maps and scores */
    long scores[2];
    for (int r = 0; r < 2; r++) {
        int p = r == 0 ? (int)seat : other;
        PyObject *board = PyList_GET_ITEM(v[BOARDS], p);
        fo_seat *found = fo_follow(fl, state, p, board);
        if (found == NULL) goto fail;
        memcpy(f + self->off_maps + r * map_floats, found->planes, map_floats * sizeof(float));
        long coat = PyLong_AsLong(PyList_GET_ITEM(v[DOMAINS], p));
        if (coat == -1 && PyErr_Occurred()) goto fail;
        if (duel_score(self, p, board, found, coat, &scores[r]) < 0) goto fail;
    }

    /* dice: all zero before the roll and at the end */
    if (phase != self->phase_roll && phase != self->phase_over) {
        PyObject *mine_held = PyList_GET_ITEM(v[HELD], seat), *their_held = PyList_GET_ITEM(v[HELD], other);
        for (int die = 0; die < self->num_dice; die++) {
            long face = PyLong_AsLong(PyList_GET_ITEM(v[FACES], die));
            if (face < 0 || face >= self->faces_per_die) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a die shows an unknown face");
                goto fail;
            }
            float *out = f + self->off_dice + die * self->die_features;
            memcpy(out, self->face_table + ((size_t)die * self->faces_per_die + face) * self->face_features,
                   sizeof(float) * (size_t)self->face_features);
            PyObject *number = PyLong_FromLong(die);
            if (number == NULL) goto fail;
            int mine = PySequence_Contains(mine_held, number);
            int theirs = PySequence_Contains(their_held, number);
            int taken = PySequence_Contains(v[TAKEN], number);
            int undrawn = PySequence_Contains(v[UNDRAWN], number);
            Py_DECREF(number);
            if (mine < 0 || theirs < 0 || taken < 0 || undrawn < 0) goto fail;
            out += self->face_features;
            out[0] = (float)mine;
            out[1] = (float)theirs;
            out[2] = (float)!(mine || theirs);
            out[3] = (float)(die == bonus);
            out[4] = (float)taken;
            out[5] = (float)undrawn;
        }
    }

    /* spellbook */
    PyObject *my_fills = PyList_GET_ITEM(v[FILLS], seat), *their_fills = PyList_GET_ITEM(v[FILLS], other);
    if (list_of(my_fills, self->num_coats, "fills") < 0 || list_of(their_fills, self->num_coats, "fills") < 0)
        goto fail;
    for (int c = 0; c < self->num_coats; c++) {
        float *out = f + self->off_spellbook + c * 5;
        long mine = PyLong_AsLong(PyList_GET_ITEM(my_fills, c));
        long theirs = PyLong_AsLong(PyList_GET_ITEM(their_fills, c));
        long owner = PyLong_AsLong(PyList_GET_ITEM(v[OWNER], c));
        int used = PyObject_IsTrue(PyList_GET_ITEM(v[USED], c));
        if (used < 0 || PyErr_Occurred()) goto fail;
        out[0] = (float)((double)mine / self->line_length[c]);
        out[1] = (float)((double)theirs / self->line_length[c]);
        out[2] = (float)(owner == seat);
        out[3] = (float)(owner == other);
        out[4] = (float)used;
    }

    /* players */
    for (int r = 0; r < 2; r++) {
        int p = r == 0 ? (int)seat : other;
        float *out = f + self->off_players + r * 5;
        int castle = PyObject_IsTrue(PyList_GET_ITEM(v[CASTLE], p));
        int drew = PyObject_IsTrue(PyList_GET_ITEM(v[DREW], p));
        long coat = PyLong_AsLong(PyList_GET_ITEM(v[DOMAINS], p));
        if (castle < 0 || drew < 0 || PyErr_Occurred()) goto fail;
        out[0] = (float)((double)scores[r] / self->score_scale);
        out[1] = (float)castle;
        out[2] = (float)drew;
        out[3] = (float)(coat != self->nobody);
        out[4] = (float)(player == p);
    }

    /* global */
    float *out = f + self->off_global;
    if (phase >= 0 && phase < self->num_phases) out[phase] = 1.0f;
    out += self->num_phases;
    Py_ssize_t jokers = PyObject_Length(v[JOKERS]), pending = PyObject_Length(v[PENDING]);
    if (jokers < 0 || pending < 0) goto fail;
    out[0] = (float)((double)(round < 600 ? round : 600) / 10.0);
    out[1] = (float)(a_seat == seat);
    out[2] = (float)(player == self->chance);
    out[3] = (float)(player == self->terminal);
    out[4] = (float)(free_mode != 0);
    out[5] = (float)(split_mode != 0);
    out[6] = (float)((double)(jokers < 64 ? jokers : 64) / 2.0);
    out[7] = (float)((double)(pending < 64 ? pending : 64) / 2.0);
    out[8] = 0.0f;

    for (int i = 0; i < DUEL_OBJECTS; i++) Py_DECREF(v[i]);
    return fo_vector_end(&vector, 1);
fail:
    for (int i = 0; i < DUEL_OBJECTS; i++) Py_XDECREF(v[i]);
    return fo_vector_end(&vector, 0);
}

static PyMethodDef duel_methods[] = {
    {"encode", (PyCFunction)(void (*)(void))duel_encode, METH_FASTCALL,
     "encode(state, seat[, out]) -> the observation's float32 values: a bytearray, or out written in place"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject fo_DuelKernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kingdomino.rl._fastobs.DuelKernel",
    .tp_basicsize = sizeof(DuelKernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kingdomino Duel observations, compiled (made from a DuelEncoder's kernel spec).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)duel_init,
    .tp_dealloc = (destructor)duel_dealloc,
    .tp_methods = duel_methods,
};
