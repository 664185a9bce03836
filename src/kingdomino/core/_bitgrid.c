/* kingdomino.core._bitgrid: kingdomino.core.grid.Grid's flood fill and scoring methods
 * (regions_holding, region_points, surrounding_count, largest_region_size), compiled.
 *
 * Optional: Grid uses it when it was built and keeps its pure-Python methods otherwise (the
 * tests check that both give the same answers). It is geometry only: connected groups of a
 * bitboard's squares and weighted counts in and around them. The arithmetic is in bitscore.h;
 * this file reads and checks Python's arguments, with CPython's public C API alone (no
 * underscored name, no object's struct read), so it builds on every version the package
 * declares. It keeps no state between calls: it runs without the GIL in a free-threaded build. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "bitscore.h"

#define BG_WORDS BS_WORDS

/* A sequence's items, safe to read while the call runs: the list itself under the GIL, a tuple
 * copy of it where there is no GIL (another thread could change the list). */
#ifdef Py_GIL_DISABLED
#define BG_ITEMS(object, message) PySequence_Tuple(object)
#else
#define BG_ITEMS(object, message) PySequence_Fast(object, message)
#endif

typedef struct {
    PyObject_HEAD
    int rows, stride, nwords;
    PyObject *valid_object;
    bs_grid grid;
} Regions;

/* The int 64 (a shift of one word). */
static PyObject *sixty_four = NULL;

/* `value & valid` in `nwords` words (a negative int read in two's complement, as Python's &
 * reads it). */
static int masked_words(PyObject *value, int nwords, const uint64_t *valid, uint64_t *words) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    if (nwords > 1) {
        unsigned char raw[BG_WORDS * 8];
        /* The int's lowest bytes, two's complement, little-endian (a larger int is truncated). */
        if (PyLong_AsNativeBytes(value, raw, (Py_ssize_t)nwords * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN) < 0) return -1;
        for (int w = 0; w < nwords; w++) {
            uint64_t word = 0;
            for (int b = 7; b >= 0; b--) word = (word << 8) | raw[w * 8 + b];
            words[w] = word & valid[w];
        }
        return 0;
    }
#endif
    /* Word w is the lowest 64 bits of value >> 64 w (an arithmetic shift, as Python's). */
    uint64_t word = PyLong_AsUnsignedLongLongMask(value);
    if (word == (uint64_t)-1 && PyErr_Occurred()) return -1;
    words[0] = word & valid[0];
    if (nwords == 1) return 0;
    PyObject *shifted = Py_NewRef(value);
    for (int w = 1; w < nwords; w++) {
        PyObject *next = PyNumber_Rshift(shifted, sixty_four);
        Py_DECREF(shifted);
        if (next == NULL) return -1;
        shifted = next;
        word = PyLong_AsUnsignedLongLongMask(shifted);
        if (word == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(shifted);
            return -1;
        }
        words[w] = word & valid[w];
    }
    Py_DECREF(shifted);
    return 0;
}

/* The grid's squares of `value` (value & valid, as the Python method computes it) as words. */
static int to_words(const Regions *self, PyObject *value, uint64_t *words) {
    return masked_words(value, self->nwords, self->grid.valid, words);
}

/* The nonnegative int of `nwords` words. */
static PyObject *from_words(const uint64_t *words, int nwords) {
#if PY_VERSION_HEX >= 0x030D0000
    unsigned char raw[BG_WORDS * 8];
    for (int w = 0; w < nwords; w++)
        for (int b = 0; b < 8; b++) raw[w * 8 + b] = (unsigned char)(words[w] >> (8 * b));
    return PyLong_FromUnsignedNativeBytes(raw, (size_t)nwords * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    int top = nwords - 1;
    while (top > 0 && words[top] == 0) top--;
    PyObject *result = PyLong_FromUnsignedLongLong(words[top]);
    for (int w = top - 1; w >= 0 && result != NULL; w--) {
        PyObject *shifted = PyNumber_Lshift(result, sixty_four);
        Py_DECREF(result);
        if (shifted == NULL) return NULL;
        PyObject *low = PyLong_FromUnsignedLongLong(words[w]);
        result = low == NULL ? NULL : PyNumber_Or(shifted, low);
        Py_DECREF(shifted);
        Py_XDECREF(low);
    }
    return result;
#endif
}

/* Whether `valid` is a nonnegative int of at most `bits` bits: 1, 0, or -1 with an exception. */
static int fits(PyObject *valid, long bits) {
    if (!PyLong_Check(valid)) return 0;
    PyObject *zero = PyLong_FromLong(0);
    if (zero == NULL) return -1;
    int negative = PyObject_RichCompareBool(valid, zero, Py_LT);
    Py_DECREF(zero);
    if (negative != 0) return negative < 0 ? -1 : 0;
    PyObject *length = PyObject_CallMethod(valid, "bit_length", NULL);
    if (length == NULL) return -1;
    long found = PyLong_AsLong(length);
    Py_DECREF(length);
    if (found == -1 && PyErr_Occurred()) return -1;
    return found <= bits;
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
    int valid_fits = fits(valid, (long)rows * stride);
    if (valid_fits <= 0) {
        if (valid_fits == 0) PyErr_SetString(PyExc_ValueError, "valid: the grid's squares as a nonnegative int");
        return -1;
    }
    int nwords = (rows * stride + 63) / 64;
    uint64_t every[BG_WORDS], valid_words[BG_WORDS] = {0};
    memset(every, 0xff, sizeof every);
    if (masked_words(valid, nwords, every, valid_words) < 0) return -1;
    self->rows = rows;
    self->stride = stride;
    self->nwords = nwords;
    bs_grid_init(&self->grid, rows, stride, valid_words);
    Py_XSETREF(self->valid_object, Py_NewRef(valid));
    return 0;
}

static void regions_dealloc(Regions *self) {
    PyTypeObject *type = Py_TYPE(self);
    Py_XDECREF(self->valid_object);
    freefunc free_object = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_object(self);
    Py_DECREF(type);
}

static PyObject *largest_region_size(Regions *self, PyObject *masks) {
    if (self->valid_object == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Regions was not initialised");
        return NULL;
    }
    PyObject *sequence = BG_ITEMS(masks, "largest_region_size(masks): a sequence of bitboards");
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
            bs_grow(&self->grid, mask, w * 64 + bs_ctz64(seeds[w]), region);
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
    PyObject *sequence = BG_ITEMS(layers, "layers must be a sequence of bitboards");
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
    PyObject *sequence = BG_ITEMS(weights, "weights must be a sequence of ints");
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
    PyObject *rows = BG_ITEMS(args[2], "weights must be a sequence of rows of ints");
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

static PyType_Slot regions_slots[] = {
    {Py_tp_doc, (void *)"Regions(rows, stride, valid): the flood fill of one grid's bitboards."},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_init, regions_init},
    {Py_tp_dealloc, regions_dealloc},
    {Py_tp_methods, regions_methods},
    {0, NULL},
};

static PyType_Spec regions_spec = {
    .name = "kingdomino.core._bitgrid.Regions",
    .basicsize = sizeof(Regions),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = regions_slots,
};

static int bitgrid_exec(PyObject *module) {
    if (sixty_four == NULL && (sixty_four = PyLong_FromLong(64)) == NULL) return -1;
    PyObject *type = PyType_FromSpec(&regions_spec);
    if (type == NULL) return -1;
    int result = PyModule_AddObjectRef(module, "Regions", type);
    Py_DECREF(type);
    return result;
}

static PyModuleDef_Slot bitgrid_slots[] = {
    {Py_mod_exec, bitgrid_exec},
#ifdef Py_mod_gil
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
#endif
    {0, NULL},
};

static struct PyModuleDef bitgrid_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "kingdomino.core._bitgrid",
    .m_doc = "The compiled flood fill of kingdomino.core.grid (optional).",
    .m_size = 0,
    .m_slots = bitgrid_slots,
};

PyMODINIT_FUNC PyInit__bitgrid(void) { return PyModuleDef_Init(&bitgrid_module); }
