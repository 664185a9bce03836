/* kingdomino.core._bitgrid: kingdomino.core.grid.Grid's flood fill and scoring methods
 * (regions_holding, region_points, surrounding_count, largest_region_size), compiled.
 *
 * Optional: Grid uses it when it was built and keeps its pure-Python methods otherwise (the
 * tests check that both give the same answers). It is geometry only: connected groups of a
 * bitboard's squares and weighted counts in and around them. The arithmetic is in bitscore.h,
 * which the RL observation kernels compile too; this file reads and checks Python's arguments. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "bitscore.h"

#define BG_WORDS BS_WORDS

typedef struct {
    PyObject_HEAD
    int rows, stride, nwords;
    PyObject *valid_object;
    bs_grid grid;
} Regions;

/* The words of a nonnegative int of at most `nwords` words (on a little-endian machine the int's
 * bytes are the words' bytes, so they are written in place). */
static int plain_words(PyObject *value, uint64_t *words, int nwords) {
    size_t n = (size_t)nwords * 8;
#if PY_LITTLE_ENDIAN
    unsigned char *raw = (unsigned char *)words;
#else
    unsigned char raw[BG_WORDS * 8];
#endif
    memset(raw, 0, n);
#if PY_VERSION_HEX >= 0x030D0000
    if (PyLong_AsNativeBytes(value, raw, (Py_ssize_t)n,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, raw, n, 1, 0) < 0) return -1;
#endif
#if !PY_LITTLE_ENDIAN
    for (int w = 0; w < nwords; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = (word << 8) | raw[w * 8 + b];
        words[w] = word;
    }
#endif
    return 0;
}

/* The grid's squares of `value` (value & valid, as the Python method computes it) as words. */
static int to_words(const Regions *self, PyObject *value, uint64_t *words) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
    int sign = _PyLong_Sign(value);
    size_t bits = sign > 0 ? _PyLong_NumBits(value) : 0;
    if (sign >= 0 && bits <= 64) { /* an empty layer, or one within the first word */
        memset(words, 0, sizeof(uint64_t) * (size_t)self->nwords);
        if (sign > 0) words[0] = PyLong_AsUnsignedLongLong(value) & self->grid.valid[0];
        return 0;
    }
    if (sign >= 0 && bits <= (size_t)self->nwords * 64) {
        if (plain_words(value, words, self->nwords) < 0) return -1;
        for (int w = 0; w < self->nwords; w++) words[w] &= self->grid.valid[w];
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
    self->stride = stride;
    self->nwords = (rows * stride + 63) / 64;
    Py_INCREF(valid);
    Py_XSETREF(self->valid_object, valid);
    uint64_t valid_words[BG_WORDS] = {0};
    if (plain_words(valid, valid_words, self->nwords) < 0) return -1;
    bs_grid_init(&self->grid, rows, stride, valid_words);
    return 0;
}

static void regions_dealloc(Regions *self) {
    Py_XDECREF(self->valid_object);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *largest_region_size(Regions *self, PyObject *masks) {
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return NULL;
    }
    PyObject *sequence = PySequence_Fast(masks, "largest_region_size(masks): a sequence of bitboards");
    if (sequence == NULL) return NULL;
    int largest = 0;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(sequence); i++) {
        uint64_t mask[BG_WORDS] = {0};
        if (to_words(self, PySequence_Fast_GET_ITEM(sequence, i), mask) < 0) {
            Py_DECREF(sequence);
            return NULL;
        }
        largest = bs_largest_region(&self->grid, mask, largest);
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
            bs_grow(&self->grid, mask, w * 64 + __builtin_ctzll(seeds[w]), region);
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

#define BG_MAX_LAYERS 32

/* Reads `layers`, a sequence of at most BG_MAX_LAYERS bitboards, into words: their number, or -1
 * with an exception (`call` names the method, `what` the argument). */
static Py_ssize_t read_layers(const Regions *self, PyObject *layers, const char *call, const char *what,
                              uint64_t (*words)[BG_WORDS]) {
    PyObject *sequence = PySequence_Fast(layers, "layers must be a sequence of bitboards");
    if (sequence == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence), result = -1;
    if (count > BG_MAX_LAYERS) {
        PyErr_Format(PyExc_ValueError, "%s: at most %d %s, got %zd", call, BG_MAX_LAYERS, what, count);
        goto done;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        memset(words[i], 0, sizeof words[i]);
        if (to_words(self, PySequence_Fast_GET_ITEM(sequence, i), words[i]) < 0) goto done;
    }
    result = count;
done:
    Py_DECREF(sequence);
    return result;
}

/* Whether `weights` is a sequence of `count` items (one per layer of `what`): 0, or -1 with an
 * exception. */
static int check_length(PyObject *weights, Py_ssize_t count, const char *call, const char *what) {
    Py_ssize_t size = PyObject_Length(weights);
    if (size < 0) return -1;
    if (size != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected as many weights as %s, got %zd and %zd", call, what, count,
                     size);
        return -1;
    }
    return 0;
}

/* Reads `weights`, a sequence of exactly `count` ints (one per layer of `what`): 0, or -1 with an
 * exception. */
static int read_weights(PyObject *weights, Py_ssize_t count, const char *call, const char *what, long *values) {
    PyObject *sequence = PySequence_Fast(weights, "weights must be a sequence of ints");
    if (sequence == NULL) return -1;
    int result = -1;
    if (check_length(sequence, count, call, what) < 0) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        values[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(sequence, i));
        if (values[i] == -1 && PyErr_Occurred()) goto done;
    }
    result = 0;
done:
    Py_DECREF(sequence);
    return result;
}

/* Whether a scoring method `call` got its 3 arguments on an initialised object: 0, or -1 with an
 * exception. */
static int check_call(const Regions *self, Py_ssize_t nargs, const char *call) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, call);
        return -1;
    }
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return -1;
    }
    return 0;
}

/* Scoring: the sum over the connected groups of `mask` of the group's squares times the weighted
 * count of the layers' squares in it (only groups holding a square of some layer score). */
static PyObject *region_points(Regions *self, PyObject *const *args, Py_ssize_t nargs) {
    static const char call[] = "region_points(mask, layers, weights)";
    uint64_t mask[BG_WORDS] = {0}, layers[BG_MAX_LAYERS][BG_WORDS];
    long weights[BG_MAX_LAYERS];
    if (check_call(self, nargs, call) < 0 || to_words(self, args[0], mask) < 0) return NULL;
    Py_ssize_t count = read_layers(self, args[1], call, "layers", layers);
    if (count < 0 || read_weights(args[2], count, call, "layers", weights) < 0) return NULL;
    const uint64_t *pointers[BG_MAX_LAYERS];
    for (Py_ssize_t i = 0; i < count; i++) pointers[i] = layers[i];
    long long total = bs_region_points(&self->grid, mask, pointers, weights, (int)count);
    return PyLong_FromLongLong(total);
}

/* Scoring around squares: over each centre layer i and each of its squares, the count of each
 * target layer j's squares among its 8 surrounding squares, weighted by weights[i][j]. */
static PyObject *surrounding_count(Regions *self, PyObject *const *args, Py_ssize_t nargs) {
    static const char call[] = "surrounding_count(centres, targets, weights)";
    if (check_call(self, nargs, call) < 0) return NULL;
    int nwords = self->nwords;
    uint64_t centres[BG_MAX_LAYERS][BG_WORDS], targets[BG_MAX_LAYERS][BG_WORDS];
    long weights[BG_MAX_LAYERS];
    Py_ssize_t ncentres = read_layers(self, args[0], call, "centres", centres);
    if (ncentres < 0) return NULL;
    Py_ssize_t ntargets = read_layers(self, args[1], call, "targets", targets);
    if (ntargets < 0) return NULL;
    PyObject *rows = PySequence_Fast(args[2], "weights must be a sequence of rows of ints");
    if (rows == NULL) return NULL;
    PyObject *result = NULL;
    if (PySequence_Fast_GET_SIZE(rows) != ncentres) {
        PyErr_Format(PyExc_ValueError, "%s: expected one row of weights per centre layer, got %zd and %zd", call,
                     ncentres, PySequence_Fast_GET_SIZE(rows));
        goto done;
    }
    const uint64_t *pointers[BG_MAX_LAYERS];
    for (Py_ssize_t j = 0; j < ntargets; j++) pointers[j] = targets[j];
    long long total = 0;
    for (Py_ssize_t i = 0; i < ncentres; i++) {
        int empty = 1;
        for (int w = 0; w < nwords; w++) empty &= centres[i][w] == 0;
        /* A row's length is always checked; its ints are read only for a centre with squares. */
        if (empty ? check_length(PySequence_Fast_GET_ITEM(rows, i), ntargets, call, "targets") < 0
                  : read_weights(PySequence_Fast_GET_ITEM(rows, i), ntargets, call, "targets", weights) < 0)
            goto done;
        if (!empty) total += bs_surrounding(&self->grid, centres[i], pointers, weights, (int)ntargets);
    }
    result = PyLong_FromLongLong(total);
done:
    Py_DECREF(rows);
    return result;
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
     "surrounding_count(centres, targets, weights) -> over each centre layer's squares, the targets around them "
     "weighted by weights[centre][target]"},
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
