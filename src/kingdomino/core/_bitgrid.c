/* kingdomino.core._bitgrid: the flood fill of kingdomino.core.grid.Grid.regions_holding, compiled.
 *
 * Optional: Grid uses it when it was built and keeps its pure-Python method otherwise (the
 * tests check that both give the same regions, in the same order). It is geometry only:
 * the maximal orthogonally connected groups of a bitboard's squares.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define BG_WORDS 4 /* grids of up to 256 bits */

typedef struct {
    PyObject_HEAD
    int rows, nbits, stride, nwords;
    uint64_t valid[BG_WORDS];
    PyObject *valid_object;
    uint64_t rings[64 * BG_WORDS][BG_WORDS]; /* the surrounding squares of each square */
} Regions;

/* The words of a nonnegative int of at most `nwords` words. */
static int plain_words(PyObject *value, uint64_t *words, int nwords) {
    unsigned char raw[BG_WORDS * 8];
    size_t n = (size_t)nwords * 8;
    memset(raw, 0, sizeof raw);
#if PY_VERSION_HEX >= 0x030D0000
    if (PyLong_AsNativeBytes(value, raw, (Py_ssize_t)n,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, raw, n, 1, 0) < 0) return -1;
#endif
    for (int w = 0; w < nwords; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = (word << 8) | raw[w * 8 + b];
        words[w] = word;
    }
    return 0;
}

/* The grid's squares of `value` (value & valid, as the Python method computes it) as words. */
static int to_words(const Regions *self, PyObject *value, uint64_t *words) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
    if (_PyLong_Sign(value) >= 0 && _PyLong_NumBits(value) <= (size_t)self->nwords * 64) {
        if (plain_words(value, words, self->nwords) < 0) return -1;
        for (int w = 0; w < self->nwords; w++) words[w] &= self->valid[w];
        return 0;
    }
    PyObject *clipped = PyNumber_And(value, self->valid_object);
    if (clipped == NULL) return -1;
    int result = plain_words(clipped, words, self->nwords);
    Py_DECREF(clipped);
    return result;
}

static PyObject *from_words(const uint64_t *words, int nwords) {
    unsigned char raw[BG_WORDS * 8];
    for (int w = 0; w < nwords; w++)
        for (int b = 0; b < 8; b++) raw[w * 8 + b] = (unsigned char)(words[w] >> (8 * b));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(raw, (size_t)nwords * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(raw, (size_t)nwords * 8, 1, 0);
#endif
}

static inline int has(const uint64_t *words, int bit) { return (int)((words[bit >> 6] >> (bit & 63)) & 1u); }
static inline void set(uint64_t *words, int bit) { words[bit >> 6] |= (uint64_t)1 << (bit & 63); }

static int regions_init(Regions *self, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"rows", "stride", "valid", NULL};
    int rows, stride;
    PyObject *valid;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiO", keywords, &rows, &stride, &valid)) return -1;
    if (rows < 1 || stride < 2 || (long)rows * stride > 64 * BG_WORDS) {
        PyErr_SetString(PyExc_ValueError, "a grid of more than 256 bits");
        return -1;
    }
    if (!PyLong_Check(valid) || _PyLong_Sign(valid) < 0 || _PyLong_NumBits(valid) > (size_t)rows * stride) {
        PyErr_SetString(PyExc_ValueError, "valid: the grid's squares as a nonnegative int");
        return -1;
    }
    self->rows = rows;
    self->nbits = rows * stride;
    self->stride = stride;
    self->nwords = (self->nbits + 63) / 64;
    memset(self->valid, 0, sizeof self->valid);
    Py_INCREF(valid);
    Py_XSETREF(self->valid_object, valid);
    if (plain_words(valid, self->valid, self->nwords) < 0) return -1;
    /* The 8 squares around a square, within the grid: the column past the last of each row holds
     * no square, so a step off either side of a row lands on it and is dropped. */
    memset(self->rings, 0, sizeof self->rings);
    const int steps[8] = {1, -1, stride, -stride, stride + 1, stride - 1, -stride + 1, -stride - 1};
    for (int square = 0; square < self->nbits; square++) {
        if (!has(self->valid, square)) continue;
        for (int k = 0; k < 8; k++) {
            int next = square + steps[k];
            if (next >= 0 && next < self->nbits && has(self->valid, next)) set(self->rings[square], next);
        }
    }
    return 0;
}

static void regions_dealloc(Regions *self) {
    Py_XDECREF(self->valid_object);
    Py_TYPE(self)->tp_free((PyObject *)self);
}


/* Grow `region` (empty on entry) from square `start` over the squares of `mask`. */
static void grow(const Regions *self, const uint64_t *mask, int start, uint64_t *region) {
    int stack[64 * BG_WORDS];
    const int steps[4] = {1, -1, self->stride, -self->stride};
    int top = 0;
    set(region, start);
    stack[top++] = start;
    while (top) {
        int square = stack[--top];
        for (int k = 0; k < 4; k++) {
            int next = square + steps[k];
            if (next < 0 || next >= self->nbits || !has(mask, next) || has(region, next)) continue;
            set(region, next);
            stack[top++] = next;
        }
    }
}

static PyObject *largest_region_size(Regions *self, PyObject *masks) {
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return NULL;
    }
    PyObject *sequence = PySequence_Fast(masks, "largest_region_size(masks): a sequence of bitboards");
    if (sequence == NULL) return NULL;
    int nwords = self->nwords, largest = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(sequence); i++) {
        uint64_t mask[BG_WORDS] = {0};
        if (to_words(self, PySequence_Fast_GET_ITEM(sequence, i), mask) < 0) {
            Py_DECREF(sequence);
            return NULL;
        }
        int left = 0;
        for (int w = 0; w < nwords; w++) left += __builtin_popcountll(mask[w]);
        for (int w = 0; w < nwords && left > largest; w++) {
            while (mask[w] && left > largest) {
                uint64_t region[BG_WORDS] = {0};
                grow(self, mask, w * 64 + __builtin_ctzll(mask[w]), region);
                int size = 0;
                for (int v = 0; v < nwords; v++) {
                    size += __builtin_popcountll(region[v]);
                    mask[v] &= ~region[v];
                }
                left -= size;
                if (size > largest) largest = size;
            }
        }
    }
    Py_DECREF(sequence);
    return PyLong_FromLong(largest);
}

static PyObject *regions_holding(Regions *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "regions_holding(mask, seeds)");
        return NULL;
    }
    int nwords = self->nwords;
    uint64_t mask[BG_WORDS] = {0}, seeds[BG_WORDS] = {0};
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return NULL;
    }
    if (to_words(self, args[0], mask) < 0 || to_words(self, args[1], seeds) < 0) return NULL;
    for (int w = 0; w < nwords; w++) seeds[w] &= mask[w];
    PyObject *found = PyList_New(0);
    if (found == NULL) return NULL;
    for (int w = 0; w < nwords; w++) {
        while (seeds[w]) {
            uint64_t region[BG_WORDS] = {0};
            grow(self, mask, w * 64 + __builtin_ctzll(seeds[w]), region);
            for (int v = 0; v < nwords; v++) seeds[v] &= ~region[v];
            PyObject *value = from_words(region, nwords);
            if (value == NULL || PyList_Append(found, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(found);
                return NULL;
            }
            Py_DECREF(value);
        }
    }
    return found;
}

#define BG_MAX_LAYERS 16

/* Reads `layers` (bitboards) and `weights` (ints) of the same length, at most BG_MAX_LAYERS, into
 * words and longs; their number, or -1 with an exception. */
static Py_ssize_t weighted_layers(const Regions *self, PyObject *layers, PyObject *weights, const char *caller,
                                  uint64_t (*words)[BG_WORDS], long *values) {
    PyObject *layer_seq = PySequence_Fast(layers, "layers must be a sequence of bitboards");
    if (layer_seq == NULL) return -1;
    PyObject *weight_seq = PySequence_Fast(weights, "weights must be a sequence of ints");
    if (weight_seq == NULL) {
        Py_DECREF(layer_seq);
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(layer_seq), result = -1;
    if (count != PySequence_Fast_GET_SIZE(weight_seq) || count > BG_MAX_LAYERS) {
        PyErr_Format(PyExc_ValueError, "%s: expected as many weights as layers (at most %d), got %zd and %zd", caller,
                     BG_MAX_LAYERS, count, PySequence_Fast_GET_SIZE(weight_seq));
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        memset(words[i], 0, sizeof words[i]);
        if (to_words(self, PySequence_Fast_GET_ITEM(layer_seq, i), words[i]) < 0) goto done;
        values[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(weight_seq, i));
        if (values[i] == -1 && PyErr_Occurred()) goto done;
    }
    result = count;
done:
    Py_DECREF(layer_seq);
    Py_DECREF(weight_seq);
    return result;
}

/* The arguments of a scoring method `name(first, layers, weights)`: `first` as words, then the
 * layers and weights (weighted_layers); their number, or -1 with an exception. */
static Py_ssize_t scoring_arguments(const Regions *self, PyObject *const *args, Py_ssize_t nargs, const char *call,
                                    uint64_t *first, uint64_t (*layers)[BG_WORDS], long *weights) {
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "%s", call);
        return -1;
    }
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return -1;
    }
    if (to_words(self, args[0], first) < 0) return -1;
    return weighted_layers(self, args[1], args[2], call, layers, weights);
}

/* The weighted count of the layers' squares within `within`. */
static long long weighted_within(const uint64_t *within, const uint64_t (*layers)[BG_WORDS], const long *weights,
                                 Py_ssize_t count, int nwords) {
    long long total = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        long long squares = 0;
        for (int v = 0; v < nwords; v++) squares += __builtin_popcountll(within[v] & layers[i][v]);
        total += weights[i] * squares;
    }
    return total;
}

/* Scoring: the sum over the connected groups of `mask` of the group's squares times the weighted
 * count of the layers' squares in it (only groups holding a square of some layer score). */
static PyObject *region_points(Regions *self, PyObject *const *args, Py_ssize_t nargs) {
    int nwords = self->nwords;
    uint64_t mask[BG_WORDS] = {0}, seeds[BG_WORDS] = {0}, layers[BG_MAX_LAYERS][BG_WORDS];
    long weights[BG_MAX_LAYERS];
    Py_ssize_t count =
        scoring_arguments(self, args, nargs, "region_points(mask, layers, weights)", mask, layers, weights);
    if (count < 0) return NULL;
    for (Py_ssize_t i = 0; i < count; i++)
        for (int w = 0; w < nwords; w++) seeds[w] |= layers[i][w] & mask[w];
    long long total = 0;
    for (int w = 0; w < nwords; w++) {
        while (seeds[w]) {
            uint64_t region[BG_WORDS] = {0};
            grow(self, mask, w * 64 + __builtin_ctzll(seeds[w]), region);
            long long squares = 0;
            for (int v = 0; v < nwords; v++) {
                squares += __builtin_popcountll(region[v]);
                seeds[v] &= ~region[v];
            }
            total += squares * weighted_within(region, (const uint64_t (*)[BG_WORDS])layers, weights, count, nwords);
        }
    }
    return PyLong_FromLongLong(total);
}

/* Scoring around squares: the sum over the squares of `layer` of the weighted count of the
 * targets' squares among its 8 surrounding squares. */
static PyObject *surrounding_count(Regions *self, PyObject *const *args, Py_ssize_t nargs) {
    int nwords = self->nwords;
    uint64_t layer[BG_WORDS] = {0}, targets[BG_MAX_LAYERS][BG_WORDS];
    long weights[BG_MAX_LAYERS];
    Py_ssize_t count =
        scoring_arguments(self, args, nargs, "surrounding_count(layer, targets, weights)", layer, targets, weights);
    if (count < 0) return NULL;
    long long total = 0;
    for (int w = 0; w < nwords; w++)
        for (uint64_t bits = layer[w]; bits; bits &= bits - 1)
            total += weighted_within(self->rings[w * 64 + __builtin_ctzll(bits)],
                                     (const uint64_t (*)[BG_WORDS])targets, weights, count, nwords);
    return PyLong_FromLongLong(total);
}

/* Pickled as the arguments it was made with (a pickled Grid or game state carries one). */
static PyObject *regions_reduce(Regions *self, PyObject *Py_UNUSED(ignored)) {
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return NULL;
    }
    return Py_BuildValue("(O(iiO))", Py_TYPE(self), self->rows, self->stride, self->valid_object);
}

static PyMethodDef regions_methods[] = {
    {"__reduce__", (PyCFunction)regions_reduce, METH_NOARGS, "pickle support"},
    {"regions_holding", (PyCFunction)(void (*)(void))regions_holding, METH_FASTCALL,
     "regions_holding(mask, seeds) -> the connected groups of mask holding a square of seeds"},
    {"region_points", (PyCFunction)(void (*)(void))region_points, METH_FASTCALL,
     "region_points(mask, layers, weights) -> sum over the groups of mask of squares x weighted layer squares"},
    {"surrounding_count", (PyCFunction)(void (*)(void))surrounding_count, METH_FASTCALL,
     "surrounding_count(layer, targets, weights) -> sum over layer's squares of the weighted targets around each"},
    {"largest_region_size", (PyCFunction)largest_region_size, METH_O,
     "largest_region_size(masks) -> the squares of the largest connected group within one of masks"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RegionsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "kingdomino.core._bitgrid.Regions",
    .tp_basicsize = sizeof(Regions),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Regions(rows, stride, valid): the flood fill of one grid's bitboards.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)regions_init,
    .tp_dealloc = (destructor)regions_dealloc,
    .tp_methods = regions_methods,
};

static struct PyModuleDef bitgrid_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "kingdomino.core._bitgrid",
    .m_doc = "The compiled flood fill of kingdomino.core.grid (optional).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__bitgrid(void) {
    if (PyType_Ready(&RegionsType) < 0) return NULL;
    PyObject *module = PyModule_Create(&bitgrid_module);
    if (module == NULL) return NULL;
    Py_INCREF(&RegionsType);
    if (PyModule_AddObject(module, "Regions", (PyObject *)&RegionsType) < 0) {
        Py_DECREF(&RegionsType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
