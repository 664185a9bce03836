/* The Kingdomino Origins observation kernel: kingdomino.rl.origins_encoder, compiled. */
#include "fastobs.h"

#define OR_MAX_RESOURCES 8
#define OR_MAX_MARKERS 8

enum {
    /* objects */
    O_KINGDOMS, O_ROW, O_ROW_OWNER, O_NEXT_ROW, O_NEXT_OWNER, O_POOL, O_DISCARDED, O_UNORDERED, O_VOLCANOES,
    O_HOLDERS, O_CAVE, O_SUPPLY,
    /* ints */
    O_PHASE, O_PLAYER, O_SLOT, O_DRAWN, O_ROUND_NUMBER, O_TOTEM_NEXT, O_RECRUIT_KIND, O_PAY_LEFT, O_PAID,
    O_NAMES,
    O_OBJECTS = O_PHASE
};

static const char *origins_attribute_names[O_NAMES] = {
    "kingdoms", "row", "row_owner", "next_row", "next_owner", "pool", "discarded", "unordered", "volcanoes",
    "holders", "cave", "supply", "phase", "player", "slot", "drawn", "round_number", "totem_next",
    "recruit_kind", "pay_left", "paid"};

typedef struct {
    PyObject_HEAD
    fo_follower follower;
    PyObject *error; /* the exception class of a refused seat (the game's GameError) */
    fo_rows rows;
    fo_fact_sum points;
    int discards_object;
    int largest_fact, fires_fact, kinds_fact;
    int resource_layer, caveman_layer; /* the first of the resource and caveman layers */
    double frame_squares, fire_scale;
    float resource_supply[OR_MAX_RESOURCES];
    int players, size, num_phases, num_resources, num_markers, num_cavemen, cave_slots, summary_floats;
    int off_kingdoms, off_row, off_next_row, off_pool, off_players, off_totems, off_cave, off_global;
    int erupting_channel, phase_place, phase_fire, phase_totem, phase_pay, chance, terminal, nobody;
    int totems_on, tribe_on, cost_face_up, cost_stack;
    long paying_phases; /* bit k: phase k counts the acting slot as placed */
    double rounds, deck_size, chiefs, score_scale, discard_scale, cost_scale, total_cavemen;
    long totem_values[OR_MAX_RESOURCES];
    float supply_copies[OR_MAX_MARKERS];
    float *options; /* the global section's option flags */
    int noptions;
    PyObject *names[O_NAMES];
    PyObject *s_stack;
    /* Per seat, its resource and caveman counts (features 7..) as of its territory's version. */
    unsigned long counted_version[FO_MAX_SEATS];
    float counts[FO_MAX_SEATS][OR_MAX_RESOURCES + 1];
} OriginsKernel;

static void origins_dealloc(OriginsKernel *self) {
    fo_follower_free(&self->follower);
    Py_XDECREF(self->error);
    fo_rows_free(&self->rows);
    PyMem_Free(self->options);
    for (int i = 0; i < O_NAMES; i++) Py_XDECREF(self->names[i]);
    Py_XDECREF(self->s_stack);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int origins_init(OriginsKernel *self, PyObject *args, PyObject *kwds) {
    PyObject *spec = fo_kernel_start(args, kwds, &self->follower, &self->error);
    if (spec == NULL) return -1;
    const fo_field fields[] = {
        FO_INT(players, "players"),
        FO_INT(size, "size"),
        FO_INT(num_phases, "num_phases"),
        FO_INT(num_resources, "num_resources"),
        FO_INT(num_markers, "num_markers"),
        FO_INT(num_cavemen, "num_cavemen"),
        FO_INT(cave_slots, "cave_slots"),
        FO_INT(summary_floats, "summary_floats"),
        FO_INT(off_kingdoms, "off_kingdoms"),
        FO_INT(off_row, "off_row"),
        FO_INT(off_next_row, "off_next_row"),
        FO_INT(off_pool, "off_pool"),
        FO_INT(off_players, "off_players"),
        FO_INT(off_totems, "off_totems"),
        FO_INT(off_cave, "off_cave"),
        FO_INT(off_global, "off_global"),
        FO_INT(erupting_channel, "erupting_channel"),
        FO_INT(phase_place, "phase_place"),
        FO_INT(phase_fire, "phase_fire"),
        FO_INT(phase_totem, "phase_totem"),
        FO_INT(phase_pay, "phase_pay"),
        FO_INT(chance, "chance"),
        FO_INT(terminal, "terminal"),
        FO_INT(nobody, "nobody"),
        FO_INT(totems_on, "totems_on"),
        FO_INT(tribe_on, "tribe_on"),
        FO_INT(cost_face_up, "cost_face_up"),
        FO_INT(cost_stack, "cost_stack"),
        FO_INT(noptions, "noptions"),
        FO_INT(largest_fact, "largest_fact"),
        FO_INT(fires_fact, "fires_fact"),
        FO_INT(kinds_fact, "kinds_fact"),
        FO_INT(resource_layer, "resource_layer"),
        FO_INT(caveman_layer, "caveman_layer"),
        FO_DOUBLE(rounds, "rounds"),
        FO_DOUBLE(deck_size, "deck_size"),
        FO_DOUBLE(chiefs, "chiefs"),
        FO_DOUBLE(score_scale, "score_scale"),
        FO_DOUBLE(discard_scale, "discard_scale"),
        FO_DOUBLE(cost_scale, "cost_scale"),
        FO_DOUBLE(total_cavemen, "total_cavemen"),
        FO_DOUBLE(frame_squares, "frame_squares"),
        FO_DOUBLE(fire_scale, "fire_scale"),
    };
    if (fo_spec_fields(spec, fields, sizeof fields / sizeof fields[0]) < 0) return -1;
    if (fo_spec_int(spec, "paying_phases", &self->paying_phases) < 0) return -1;
    fo_follower *fl = &self->follower;
    if (self->players != fl->nseats || self->num_resources > OR_MAX_RESOURCES ||
        self->num_markers > OR_MAX_MARKERS || self->erupting_channel >= fl->nchannels ||
        self->largest_fact >= fl->nfacts || self->fires_fact >= fl->nfacts || self->kinds_fact >= fl->nfacts ||
        self->resource_layer + self->num_resources > fl->nlayers ||
        self->caveman_layer + self->num_cavemen > fl->nlayers || self->summary_floats != 2 + self->num_resources + 1) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: inconsistent sizes");
        return -1;
    }
    if (fo_rows_init(&self->rows, spec, self->players) < 0) return -1;
    if (self->off_kingdoms != 0) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: the territories must come first");
        return -1;
    }
    if (fo_spec_fact_sum(spec, "points", fl, &self->points) < 0) return -1;
    if ((self->discards_object = fo_source_object(fl, "discards")) < 0) return -1;
    float *supply = fo_spec_floats(spec, "resource_supply", self->num_resources);
    if (supply == NULL) return -1;
    memcpy(self->resource_supply, supply, sizeof(float) * (size_t)self->num_resources);
    PyMem_Free(supply);
    if (fo_spec_longs(spec, "totem_values", self->num_resources, self->totem_values) < 0) return -1;
    float *copies = fo_spec_floats(spec, "supply_copies", self->num_markers);
    if (copies == NULL) return -1;
    memcpy(self->supply_copies, copies, sizeof(float) * (size_t)self->num_markers);
    PyMem_Free(copies);
    self->options = fo_spec_floats(spec, "options", self->noptions);
    if (self->options == NULL) return -1;
    for (int i = 0; i < O_NAMES; i++)
        if ((self->names[i] = fo_intern(origins_attribute_names[i])) == NULL) return -1;
    if ((self->s_stack = fo_intern("stack")) == NULL) return -1;
    return 0;
}

static int any_true(PyObject *list, int nonnegative, int *found) {
    if (!PyList_Check(list)) {
        PyErr_SetString(PyExc_TypeError, "state: the cave and stack must be lists");
        return -1;
    }
    *found = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list) && !*found; i++) {
        long value = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (value == -1 && PyErr_Occurred()) return -1;
        *found = nonnegative ? value >= 0 : value != 0;
    }
    return 0;
}

/* The cavemen left in the stack: the sum of its per-kind counts (state.stack_size()). */
static int stack_size(PyObject *stack, long *size) {
    *size = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(stack); i++) {
        long count = PyLong_AsLong(PyList_GET_ITEM(stack, i));
        if (count == -1 && PyErr_Occurred()) return -1;
        *size += count;
    }
    return 0;
}

/* A seat's resource and caveman counts, over the supplies (counted again only when its
 * territory changed). */
static const float *seat_counts(OriginsKernel *self, int p, const fo_seat *found) {
    float *counts = self->counts[p];
    if (self->counted_version[p] != found->version) {
        for (int k = 0; k < self->num_resources; k++)
            counts[k] = (float)fo_popcount(&found->layers[self->resource_layer + k]) / self->resource_supply[k];
        int cavemen = 0;
        for (int k = 0; k < self->num_cavemen; k++) cavemen += fo_popcount(&found->layers[self->caveman_layer + k]);
        counts[self->num_resources] = (float)((double)cavemen / self->total_cavemen);
        self->counted_version[p] = found->version;
    }
    return counts;
}

static inline void one_hot(float *out, long size, long index) {
    if (index >= 0 && index < size) out[index] = 1.0f;
}

static PyObject *origins_encode(OriginsKernel *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat[, out])");
        return NULL;
    }
    PyObject *state = args[0];
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    int players = self->players;
    if (seat < 0 || seat >= players) return PyErr_Format(self->error, "seat must be 0..%d, got %ld", players - 1, seat);
    fo_follower *fl = &self->follower;
    size_t kingdom_floats = (size_t)fl->nchannels * (size_t)fl->ncells;
    float *f;
    fo_vector vector;
    if (fo_vector_begin(fl, (int)seat, fo_out_argument(args, nargs), self->size,
                        self->off_kingdoms + (Py_ssize_t)(players * kingdom_floats), &vector, &f) < 0)
        return NULL;
    PyObject *v[O_OBJECTS] = {NULL};
    PyObject *stack = NULL;
    long n[O_NAMES];
    for (int i = 0; i < O_OBJECTS; i++)
        if ((v[i] = fo_attr(state, self->names[i])) == NULL) goto fail;
    for (int i = O_OBJECTS; i < O_NAMES; i++)
        if (fo_attr_long(state, self->names[i], &n[i]) < 0) goto fail;
    long phase = n[O_PHASE], player = n[O_PLAYER], slot = n[O_SLOT];
    PyObject *kingdoms = v[O_KINGDOMS];
    if (!PyList_Check(kingdoms) || PyList_GET_SIZE(kingdoms) != players || !PyList_Check(v[O_UNORDERED]) ||
        PyList_GET_SIZE(v[O_UNORDERED]) != players || !PyList_Check(v[O_POOL]) || !PyList_Check(v[O_DISCARDED]) ||
        !PyList_Check(v[O_VOLCANOES]) || !PyList_Check(v[O_HOLDERS]) ||
        PyList_GET_SIZE(v[O_HOLDERS]) != self->num_resources || !PyList_Check(v[O_SUPPLY]) ||
        PyList_GET_SIZE(v[O_SUPPLY]) != self->num_markers || !PyList_Check(v[O_CAVE])) {
        PyErr_SetString(PyExc_TypeError, "state: territories, pool, holders, supply and cave must be lists");
        goto fail;
    }

    /* kingdoms */
    long points[FO_MAX_SEATS], discards[FO_MAX_SEATS], kinds[FO_MAX_SEATS];
    fo_seat *found_seats[FO_MAX_SEATS];
    for (int r = 0; r < players; r++) {
        int p = (int)((seat + r) % players);
        PyObject *board = PyList_GET_ITEM(kingdoms, p);
        fo_seat *found = fo_follow(fl, state, p, board);
        if (found == NULL) goto fail;
        found_seats[r] = found;
        memcpy(f + self->off_kingdoms + r * kingdom_floats, found->planes, kingdom_floats * sizeof(float));
        points[r] = fo_sum_facts(&self->points, found);
        kinds[r] = found->facts[self->kinds_fact];
        discards[r] = PyLong_AsLong(found->objects[self->discards_object]);
    }

    /* the volcanoes still to erupt, on the acting seat's territory */
    PyObject *volcanoes = v[O_VOLCANOES];
    if (PyList_GET_SIZE(volcanoes) > 0 && player >= 0) {
        long r = ((player - seat) % players + players) % players;
        float *plane = f + self->off_kingdoms + r * kingdom_floats + (size_t)self->erupting_channel * fl->ncells;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(volcanoes); i++) {
            PyObject *volcano = PyList_GET_ITEM(volcanoes, i);
            if (!PyTuple_Check(volcano) || PyTuple_GET_SIZE(volcano) != 2) {
                PyErr_SetString(PyExc_TypeError, "state.volcanoes: expected (bit index, craters) pairs");
                goto fail;
            }
            long index = PyLong_AsLong(PyTuple_GET_ITEM(volcano, 0));
            if (index < 0 || index >= 64 * fl->nwords || fl->bit_cell[index] < 0) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a volcano off the grid");
                goto fail;
            }
            plane[fl->bit_cell[index]] = (i == 0 && phase == self->phase_fire) ? 1.0f : 0.5f;
        }
    }

    /* rows */
    int paying = phase >= 0 && phase < 63 && ((self->paying_phases >> phase) & 1);
    int placing = PyList_Check(v[O_ROW]) && PyList_GET_SIZE(v[O_ROW]) > 0 && (phase == self->phase_place || paying);
    long placed = placing ? slot + paying : 0;
    if (fo_write_row(&self->rows, f + self->off_row, v[O_ROW], v[O_ROW_OWNER], (int)seat, placed,
                     placing ? slot : -1) < 0 ||
        fo_write_row(&self->rows, f + self->off_next_row, v[O_NEXT_ROW], v[O_NEXT_OWNER], (int)seat, 0, -1) < 0)
        goto fail;

    /* pool: undrawn, then discarded */
    int dominoes = self->rows.num_dominoes;
    for (int part = 0; part < 2; part++) {
        PyObject *numbers = part == 0 ? v[O_POOL] : v[O_DISCARDED];
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(numbers); i++) {
            long number = PyLong_AsLong(PyList_GET_ITEM(numbers, i));
            if (number < 1 || number > dominoes) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the pool holds an unknown domino");
                goto fail;
            }
            f[self->off_pool + part * dominoes + number - 1] = 1.0f;
        }
    }

    /* players */
    long holders[OR_MAX_RESOURCES];
    for (int k = 0; k < self->num_resources; k++) {
        holders[k] = PyLong_AsLong(PyList_GET_ITEM(v[O_HOLDERS], k));
        if (holders[k] != self->nobody && (holders[k] < 0 || holders[k] >= players)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a totem held by an unknown seat");
            goto fail;
        }
        if (self->totems_on && holders[k] != self->nobody)
            points[((holders[k] - seat) % players + players) % players] += self->totem_values[k];
    }
    long best = points[0];
    for (int r = 1; r < players; r++)
        if (points[r] > best) best = points[r];
    int face_up = 0, stacked = 0;
    if (self->tribe_on) {
        if (any_true(v[O_CAVE], 1, &face_up) < 0) goto fail;
        stack = fo_attr(state, self->s_stack);
        if (stack == NULL || any_true(stack, 0, &stacked) < 0) goto fail;
    }
    int width = 5 + self->summary_floats + 1;
    for (int r = 0; r < players; r++) {
        int p = (int)((seat + r) % players);
        float *out = f + self->off_players + r * width;
        long chiefs = PyLong_AsLong(PyList_GET_ITEM(v[O_UNORDERED], p));
        out[0] = (float)((double)points[r] / self->score_scale);
        out[1] = (float)((double)discards[r] / self->discard_scale);
        out[2] = (float)(p == player);
        out[3] = (float)((double)chiefs / self->chiefs);
        out[4] = (float)(points[r] == best);
        /* features 5-11: largest region, fires, each resource, cavemen */
        const fo_seat *found = found_seats[r];
        out[5] = (float)((double)found->facts[self->largest_fact] / self->frame_squares);
        out[6] = (float)((double)found->facts[self->fires_fact] / self->fire_scale);
        memcpy(out + 7, seat_counts(self, p, found), sizeof(float) * (size_t)(self->num_resources + 1));
        out[5 + self->summary_floats] =
            (float)((face_up && kinds[r] >= self->cost_face_up) || (stacked && kinds[r] >= self->cost_stack));
    }
    if (PyErr_Occurred()) goto fail;

    /* totems: per resource its holder relative to the observer, or the supply (last column) */
    if (self->totems_on) {
        for (int k = 0; k < self->num_resources; k++) {
            long column = holders[k] == self->nobody ? players : ((holders[k] - seat) % players + players) % players;
            f[self->off_totems + k * (players + 1) + column] = 1.0f;
        }
    }

    /* cave: per face-up slot its caveman kind, or empty (last column) */
    if (self->tribe_on) {
        if (PyList_GET_SIZE(v[O_CAVE]) != self->cave_slots) {
            PyErr_SetString(PyExc_ValueError, "state.cave: expected one entry per face-up slot");
            goto fail;
        }
        for (int i = 0; i < self->cave_slots; i++) {
            long kind = PyLong_AsLong(PyList_GET_ITEM(v[O_CAVE], i));
            if (kind < -1 || kind >= self->num_cavemen) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the cave holds an unknown caveman");
                goto fail;
            }
            f[self->off_cave + i * (self->num_cavemen + 1) + (kind < 0 ? self->num_cavemen : kind)] = 1.0f;
        }
    }

    /* global */
    float *out = f + self->off_global;
    one_hot(out, self->num_phases, phase);
    out += self->num_phases;
    out[0] = (float)((double)n[O_ROUND_NUMBER] / self->rounds);
    out[1] = (float)((self->deck_size - (double)n[O_DRAWN]) / self->deck_size);
    out[2] = (float)(player == self->chance);
    out[3] = (float)(player == self->terminal);
    out += 4;
    memcpy(out, self->options, sizeof(float) * (size_t)self->noptions);
    out += self->noptions;
    for (int k = 0; k < self->num_markers; k++) {
        long left = PyLong_AsLong(PyList_GET_ITEM(v[O_SUPPLY], k));
        out[k] = (float)left / self->supply_copies[k];
    }
    out += self->num_markers;
    Py_ssize_t pending = PyList_GET_SIZE(volcanoes);
    *out++ = (float)((double)pending / 2.0);
    long erupting = -1;
    if (phase == self->phase_fire && pending > 0) {
        PyObject *volcano = PyList_GET_ITEM(volcanoes, 0);
        if (!PyTuple_Check(volcano) || PyTuple_GET_SIZE(volcano) != 2) {
            PyErr_SetString(PyExc_TypeError, "state.volcanoes: expected (bit index, craters) pairs");
            goto fail;
        }
        erupting = PyLong_AsLong(PyTuple_GET_ITEM(volcano, 1)) - 1;
    }
    one_hot(out, self->num_markers, erupting);
    out += self->num_markers;
    long totem_next = n[O_TOTEM_NEXT];
    one_hot(out, self->num_resources, phase == self->phase_totem && totem_next < self->num_resources ? totem_next : -1);
    out += self->num_resources;
    one_hot(out, self->num_cavemen, n[O_RECRUIT_KIND]);
    out += self->num_cavemen;
    *out++ = phase == self->phase_pay ? (float)((double)n[O_PAY_LEFT] / self->cost_scale) : 0.0f;
    for (int k = 0; k < self->num_resources; k++) *out++ = (float)((n[O_PAID] >> k) & 1);
    if (self->tribe_on) {
        long count;
        if (stack_size(stack, &count) < 0) goto fail;
        *out = (float)((double)count / self->total_cavemen);
    }
    out++;
    out[seat] = 1.0f;
    if (PyErr_Occurred()) goto fail;

    for (int i = 0; i < O_OBJECTS; i++) Py_DECREF(v[i]);
    Py_XDECREF(stack);
    return fo_vector_end(&vector, 1);
fail:
    for (int i = 0; i < O_OBJECTS; i++) Py_XDECREF(v[i]);
    Py_XDECREF(stack);
    return fo_vector_end(&vector, 0);
}

static PyMethodDef origins_methods[] = {
    {"encode", (PyCFunction)(void (*)(void))origins_encode, METH_FASTCALL,
     "encode(state, seat[, out]) -> the observation's float32 values: a bytearray, or out written in place"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject fo_OriginsKernelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kingdomino.rl._fastobs.OriginsKernel",
    .tp_basicsize = sizeof(OriginsKernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kingdomino Origins observations, compiled (made from an OriginsEncoder's kernel spec).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)origins_init,
    .tp_dealloc = (destructor)origins_dealloc,
    .tp_methods = origins_methods,
};
