/* Shared parts of the kernels: reading specs and bitboards, following boards. */
#include "fastobs.h"

PyObject *fo_intern(const char *name) { return PyUnicode_InternFromString(name); }

/* Reading __slots__ attributes without the generic lookup.
 *
 * A kernel reads some sixty attributes of the state and its boards per observation, all of
 * them __slots__ of the engine's classes. The generic lookup walks the type's dictionary for
 * each; here a small table remembers, per (attribute name, type version), the slot's offset
 * in the object, so the next read is a load. A type's version tag changes whenever the class
 * is modified and is never reused, so a remembered offset cannot outlive its meaning. Anything
 * that is not a plain object slot of a class with the default lookup (a property, a class
 * with __getattr__, an unset slot) goes through PyObject_GetAttr, as before. */
#define FO_SLOT_CACHE 512
typedef struct {
    PyObject *name; /* a strong reference, so that the pointer stays this string's */
    unsigned int version;
    Py_ssize_t offset; /* 0: not a plain slot, ask PyObject_GetAttr */
} fo_slot_entry;
static fo_slot_entry fo_slot_cache[FO_SLOT_CACHE];

static Py_ssize_t slot_offset(PyTypeObject *type, PyObject *name) {
    if (type->tp_getattro != PyObject_GenericGetAttr) return 0;
    PyObject *descr = PyObject_GetAttr((PyObject *)type, name);
    if (descr == NULL) {
        PyErr_Clear();
        return 0;
    }
    Py_ssize_t offset = 0;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type) && PyType_IsSubtype(type, PyDescr_TYPE(descr))) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == FO_T_OBJECT_EX && !(member->flags & FO_AUDIT_READ)) offset = member->offset;
    }
    Py_DECREF(descr);
    return offset;
}

PyObject *fo_attr(PyObject *obj, PyObject *name) {
#ifndef Py_GIL_DISABLED
    PyTypeObject *type = Py_TYPE(obj);
    fo_slot_entry *entry = &fo_slot_cache[(((uintptr_t)name >> 4) * 0x9E3779B1u >> 8) % FO_SLOT_CACHE];
    unsigned int version = type->tp_version_tag;
    if (entry->name != name || entry->version != version || version == 0) {
        Py_ssize_t offset = slot_offset(type, name);
        version = type->tp_version_tag; /* the lookup may have just given the type its tag */
        Py_INCREF(name);
        Py_XSETREF(entry->name, name);
        entry->version = version;
        entry->offset = version == 0 ? 0 : offset;
    }
    if (entry->offset > 0) {
        PyObject *value = *(PyObject **)((char *)obj + entry->offset);
        if (value != NULL) return Py_NewRef(value);
    }
#endif
    return PyObject_GetAttr(obj, name);
}

int fo_attr_long(PyObject *obj, PyObject *name, long *out) {
    PyObject *value = fo_attr(obj, name);
    if (value == NULL) return -1;
    long result = PyLong_AsLong(value);
    Py_DECREF(value);
    if (result == -1 && PyErr_Occurred()) return -1;
    *out = result;
    return 0;
}

long fo_item_long(PyObject *list, Py_ssize_t i) {
    PyObject *item = PySequence_Fast_GET_ITEM(list, i);
    return PyLong_AsLong(item);
}

int fo_spec_int(PyObject *spec, const char *name, long *out) {
    PyObject *value = PyObject_GetAttrString(spec, name);
    if (value == NULL) return -1;
    long result = PyLong_AsLong(value);
    Py_DECREF(value);
    if (result == -1 && PyErr_Occurred()) return -1;
    *out = result;
    return 0;
}

int fo_spec_double(PyObject *spec, const char *name, double *out) {
    PyObject *value = PyObject_GetAttrString(spec, name);
    if (value == NULL) return -1;
    double result = PyFloat_AsDouble(value);
    Py_DECREF(value);
    if (result == -1.0 && PyErr_Occurred()) return -1;
    *out = result;
    return 0;
}

PyObject *fo_kernel_start(PyObject *args, PyObject *kwds, fo_follower *follower, PyObject **error) {
    PyObject *spec;
    static char *keywords[] = {"spec", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", keywords, &spec)) return NULL;
    if (follower->nseats) {
        PyErr_SetString(PyExc_RuntimeError, "a kernel is made once");
        return NULL;
    }
    if (fo_follower_init(follower, spec) < 0) return NULL;
    if ((*error = PyObject_GetAttrString(spec, "error")) == NULL) return NULL;
    return spec;
}

int fo_spec_fields(PyObject *spec, const fo_field *fields, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (fields[i].as_int != NULL) {
            long value;
            if (fo_spec_int(spec, fields[i].name, &value) < 0) return -1;
            *fields[i].as_int = (int)value;
        } else if (fo_spec_double(spec, fields[i].name, fields[i].as_double) < 0) {
            return -1;
        }
    }
    return 0;
}

float *fo_spec_floats(PyObject *spec, const char *name, Py_ssize_t count) {
    PyObject *value = PyObject_GetAttrString(spec, name);
    if (value == NULL) return NULL;
    if (!PyBytes_Check(value) || PyBytes_GET_SIZE(value) != count * (Py_ssize_t)sizeof(float)) {
        PyErr_Format(PyExc_ValueError, "kernel spec %s: expected %zd float32 as bytes", name, count);
        Py_DECREF(value);
        return NULL;
    }
    float *data = PyMem_Malloc((size_t)(count > 0 ? count : 1) * sizeof(float));
    if (data == NULL) {
        Py_DECREF(value);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(data, PyBytes_AS_STRING(value), (size_t)count * sizeof(float));
    Py_DECREF(value);
    return data;
}

/* Spec attribute `name` as a fast sequence (a new reference) of at most `max` items (-1: any
 * number), its length in *count; NULL with an exception otherwise. */
static PyObject *spec_sequence(PyObject *spec, const char *name, Py_ssize_t max, Py_ssize_t *count) {
    PyObject *value = PyObject_GetAttrString(spec, name);
    if (value == NULL) return NULL;
    if (!PySequence_Check(value)) {
        Py_DECREF(value);
        return PyErr_Format(PyExc_TypeError, "kernel spec %s: expected a sequence", name);
    }
    PyObject *seq = PySequence_Fast(value, "kernel spec: expected a sequence");
    Py_DECREF(value);
    if (seq == NULL) return NULL;
    *count = PySequence_Fast_GET_SIZE(seq);
    if (max >= 0 && *count > max) {
        PyErr_Format(PyExc_ValueError, "kernel spec %s: at most %zd, got %zd", name, max, *count);
        Py_DECREF(seq);
        return NULL;
    }
    return seq;
}

int fo_spec_longs(PyObject *spec, const char *name, Py_ssize_t count, long *out) {
    Py_ssize_t found;
    PyObject *seq = spec_sequence(spec, name, -1, &found);
    if (seq == NULL) return -1;
    if (found != count) {
        PyErr_Format(PyExc_ValueError, "kernel spec %s: expected %zd ints", name, count);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

int fo_bits_from(PyObject *value, fo_bits *out, int nwords) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
    unsigned char raw[FO_WORDS * 8];
    memset(raw, 0, sizeof raw);
    if (_PyLong_Sign(value) < 0) {
        PyErr_SetString(PyExc_ValueError, "a bitboard must not be negative");
        return -1;
    }
    if (_PyLong_NumBits(value) > (size_t)nwords * 64) {
        PyErr_SetString(PyExc_OverflowError, "a bitboard has more bits than its grid");
        return -1;
    }
#if PY_VERSION_HEX >= 0x030D0000
    if (PyLong_AsNativeBytes(value, raw, nwords * 8,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER) < 0)
        return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)value, raw, (size_t)nwords * 8, 1, 0) < 0) return -1;
#endif
    for (int w = 0; w < FO_WORDS; w++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--) word = (word << 8) | raw[w * 8 + b];
        out->w[w] = word;
    }
    return 0;
}

static int float32_format(const char *format) {
    if (format == NULL) return 0;
    if (*format == '<' || *format == '=' || *format == '@') format++;
    return format[0] == 'f' && format[1] == '\0';
}

int fo_vector_begin(fo_follower *f, int seat, PyObject *out, Py_ssize_t count, Py_ssize_t zero_from,
                    fo_vector *vector, float **data) {
    Py_ssize_t bytes = count * (Py_ssize_t)sizeof(float);
    if (zero_from < 0 || zero_from > count) zero_from = 0;
    vector->object = NULL;
    vector->viewed = 0;
    if (out != NULL) {
        if (PyObject_GetBuffer(out, &vector->view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
            PyErr_Format(PyExc_TypeError, "out: expected a writable C-contiguous float32 array of %zd values, got %s",
                         count, Py_TYPE(out)->tp_name);
            return -1;
        }
        vector->viewed = 1;
        if (vector->view.len != bytes || vector->view.itemsize != (Py_ssize_t)sizeof(float) ||
            !float32_format(vector->view.format)) {
            PyErr_Format(PyExc_ValueError, "out: expected %zd float32 values, got %zd bytes of format '%s'", count,
                         vector->view.len, vector->view.format ? vector->view.format : "B");
            PyBuffer_Release(&vector->view);
            vector->viewed = 0;
            return -1;
        }
        vector->object = Py_NewRef(out);
        *data = (float *)vector->view.buf;
        memset(*data + zero_from, 0, (size_t)(count - zero_from) * sizeof(float));
        return 0;
    }
    PyObject **pool = f->pool[seat], *made = NULL;
    for (int k = 0; k < FO_POOL && made == NULL; k++) {
        PyObject *old = pool[k];
        if (old != NULL && Py_REFCNT(old) == 1 && ((PyByteArrayObject *)old)->ob_exports == 0 &&
            PyByteArray_GET_SIZE(old) == bytes)
            made = old;
    }
    if (made == NULL) {
        /* Every pooled vector is still held (or none was made yet): a new one takes the place
         * of the oldest, which lives on with its holders. */
        if ((made = PyByteArray_FromStringAndSize(NULL, bytes)) == NULL) return -1;
        int k = 0;
        while (k < FO_POOL && pool[k] != NULL) k++;
        if (k == FO_POOL) {
            Py_DECREF(pool[0]);
            memmove(pool, pool + 1, sizeof(PyObject *) * (FO_POOL - 1));
            k = FO_POOL - 1;
        }
        pool[k] = made;
    }
    vector->object = Py_NewRef(made);
    *data = (float *)PyByteArray_AS_STRING(made);
    memset(*data + zero_from, 0, (size_t)(count - zero_from) * sizeof(float));
    return 0;
}

PyObject *fo_vector_end(fo_vector *vector, int ok) {
    if (vector->viewed) {
        PyBuffer_Release(&vector->view);
        vector->viewed = 0;
    }
    if (ok) return vector->object;
    Py_CLEAR(vector->object);
    return NULL;
}

int fo_source_object(const fo_follower *f, const char *name) {
    for (int i = 0; i < f->nsources; i++)
        if (f->sources[i].length < 0 && PyUnicode_CompareWithASCIIString(f->sources[i].name, name) == 0)
            return f->sources[i].first_object;
    PyErr_Format(PyExc_ValueError, "kernel spec: no int source named %s", name);
    return -1;
}

int fo_spec_fact_sum(PyObject *spec, const char *name, const fo_follower *f, fo_fact_sum *out) {
    Py_ssize_t n;
    PyObject *seq = spec_sequence(spec, name, -1, &n);
    if (seq == NULL) return -1;
    if (n > FO_MAX_FACTS) n = FO_MAX_FACTS;
    out->count = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        long index = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (index < 0 || index >= f->nfacts) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "kernel spec %s: an unknown fact", name);
            return -1;
        }
        out->index[i] = (int)index;
    }
    Py_DECREF(seq);
    return 0;
}

/* --- rows ---------------------------------------------------------------------------------- */

int fo_rows_init(fo_rows *rows, PyObject *spec, int players) {
    long slots, slot_width, tail_width, features, dominoes;
    if (fo_spec_int(spec, "slots", &slots) < 0 || fo_spec_int(spec, "slot_width", &slot_width) < 0 ||
        fo_spec_int(spec, "tail_width", &tail_width) < 0 || fo_spec_int(spec, "domino_features", &features) < 0 ||
        fo_spec_int(spec, "num_dominoes", &dominoes) < 0)
        return -1;
    if (features + tail_width != slot_width || slots < 1 || dominoes < 1) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: inconsistent row sizes");
        return -1;
    }
    rows->players = players;
    rows->slots = (int)slots;
    rows->slot_width = (int)slot_width;
    rows->tail_width = (int)tail_width;
    rows->domino_features = (int)features;
    rows->num_dominoes = (int)dominoes;
    rows->domino_table = fo_spec_floats(spec, "domino_table", (dominoes + 1) * features);
    if (rows->domino_table == NULL) return -1;
    rows->tails = fo_spec_floats(spec, "tails", (Py_ssize_t)players * (players + 1) * 4 * tail_width);
    if (rows->tails == NULL) return -1;
    return 0;
}

void fo_rows_free(fo_rows *rows) {
    PyMem_Free(rows->domino_table);
    PyMem_Free(rows->tails);
    rows->domino_table = rows->tails = NULL;
}

int fo_write_row(const fo_rows *rows, float *out, PyObject *numbers, PyObject *owners, int seat, long placed,
                 long acting) {
    if (!PyList_Check(numbers) || !PyList_Check(owners)) {
        PyErr_SetString(PyExc_TypeError, "a row and its owners must be lists");
        return -1;
    }
    Py_ssize_t n = PyList_GET_SIZE(numbers);
    if (n > rows->slots || PyList_GET_SIZE(owners) != n) {
        PyErr_SetString(PyExc_ValueError, "a row longer than the game's rows");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long number = PyLong_AsLong(PyList_GET_ITEM(numbers, i));
        long owner = PyLong_AsLong(PyList_GET_ITEM(owners, i));
        if (PyErr_Occurred()) return -1;
        if (number < 1 || number > rows->num_dominoes || owner < -1 || owner >= rows->players) {
            PyErr_SetString(PyExc_ValueError, "a row holds an unknown domino or seat");
            return -1;
        }
        float *slot = out + i * rows->slot_width;
        memcpy(slot, rows->domino_table + number * rows->domino_features, sizeof(float) * (size_t)rows->domino_features);
        size_t owner_index = owner < 0 ? (size_t)rows->players : (size_t)owner;
        size_t tail = ((((size_t)seat * (size_t)(rows->players + 1) + owner_index) * 2 + (i < placed)) * 2 +
                       (i == acting)) * (size_t)rows->tail_width;
        memcpy(slot + rows->domino_features, rows->tails + tail, sizeof(float) * (size_t)rows->tail_width);
    }
    return 0;
}

/* --- the follower -------------------------------------------------------------------------- */

static int read_channels(fo_follower *f, PyObject *spec) {
    Py_ssize_t count;
    PyObject *seq = spec_sequence(spec, "channels", FO_MAX_CHANNELS, &count);
    if (seq == NULL) return -1;
    f->nchannels = (int)count;
    for (Py_ssize_t c = 0; c < count; c++) {
        /* (layers tuple, values bytes, within int) */
        PyObject *item = PySequence_Fast_GET_ITEM(seq, c);
        PyObject *layers, *values, *within;
        if (!PyArg_ParseTuple(item, "OSO", &layers, &values, &within)) goto fail;
        fo_channel *ch = &f->channels[c];
        PyObject *lseq = PySequence_Fast(layers, "channel layers: expected a sequence");
        if (lseq == NULL) goto fail;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(lseq);
        if (n > FO_MAX_CHANNEL_LAYERS || PyBytes_GET_SIZE(values) != (Py_ssize_t)((1 << n) * sizeof(float))) {
            Py_DECREF(lseq);
            PyErr_SetString(PyExc_ValueError, "kernel spec: a channel reads too many layers or has bad values");
            goto fail;
        }
        ch->nlayers = (int)n;
        for (Py_ssize_t j = 0; j < n; j++) {
            long layer = PyLong_AsLong(PySequence_Fast_GET_ITEM(lseq, j));
            if (layer < 0 || layer >= f->nlayers) {
                Py_DECREF(lseq);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel spec: bad layer index");
                goto fail;
            }
            ch->layers[j] = (int)layer;
        }
        Py_DECREF(lseq);
        memset(ch->values, 0, sizeof ch->values);
        memcpy(ch->values, PyBytes_AS_STRING(values), (size_t)PyBytes_GET_SIZE(values));
        if (PyLong_Check(within) && _PyLong_Sign(within) < 0) {
            for (int w = 0; w < FO_WORDS; w++) ch->within.w[w] = ~(uint64_t)0; /* EVERYWHERE */
        } else if (fo_bits_from(within, &ch->within, f->nwords) < 0) {
            goto fail;
        }
    }
    Py_DECREF(seq);
    return 0;
fail:
    Py_DECREF(seq);
    return -1;
}

static int read_sources(fo_follower *f, PyObject *spec) {
    Py_ssize_t count;
    PyObject *seq = spec_sequence(spec, "sources", FO_MAX_SOURCES, &count);
    if (seq == NULL) return -1;
    int layer = 0, object = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        const char *name;
        int length;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "si", &name, &length)) {
            Py_DECREF(seq);
            return -1;
        }
        fo_source *s = &f->sources[i];
        s->name = fo_intern(name);
        if (s->name == NULL) {
            Py_DECREF(seq);
            return -1;
        }
        s->length = length;
        s->first_layer = layer;
        s->first_object = object;
        layer += length > 0 ? length : (length == 0 ? 1 : 0);
        object += length > 0 ? length : 1;
        f->nsources = (int)i + 1;
        if (layer > FO_MAX_LAYERS - 1) {
            PyErr_SetString(PyExc_ValueError, "kernel spec: too many layers");
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    f->nsource_layers = layer;
    f->nobjects = object;
    f->nlayers = layer;
    return 0;
}

static int read_reach(fo_follower *f, PyObject *spec) {
    PyObject *reach = PyObject_GetAttrString(spec, "reach");
    if (reach == NULL) return -1;
    if (reach == Py_None) {
        Py_DECREF(reach);
        return 0;
    }
    const char *method;
    PyObject *watched;
    if (!PyArg_ParseTuple(reach, "sO", &method, &watched)) {
        Py_DECREF(reach);
        return -1;
    }
    PyObject *seq = PySequence_Fast(watched, "kernel spec reach: expected the watched source names");
    Py_DECREF(reach);
    if (seq == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < count && i < FO_MAX_SOURCES; i++) {
        PyObject *name = PySequence_Fast_GET_ITEM(seq, i);
        int found = -1;
        for (int k = 0; k < f->nsources && found < 0; k++)
            if (PyUnicode_Check(name) && PyUnicode_Compare(name, f->sources[k].name) == 0 && f->sources[k].length < 0)
                found = f->sources[k].first_object;
        if (found < 0) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel spec: the reach watches an unknown int source");
            return -1;
        }
        f->reach_watched[f->nreach_watched++] = found;
    }
    Py_DECREF(seq);
    if ((f->reach_method = fo_intern(method)) == NULL) return -1;
    f->nlayers = f->nsource_layers + 1;
    return 0;
}

/* Layer indices from a sequence of ints, each below `nlayers`: their number, or -1. */
static int read_indices(PyObject *indices, int nlayers, int *out, int max) {
    PyObject *seq = PySequence_Fast(indices, "kernel spec: a fact's layers must be a sequence");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > max) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "kernel spec: a fact or term reads too many layers");
        return -1;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        long layer = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
        if (layer < 0 || layer >= nlayers) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel spec: a fact reads an unknown layer");
            return -1;
        }
        out[j] = (int)layer;
    }
    Py_DECREF(seq);
    return (int)n;
}

/* A fact's terms: None (the fact is asked), or (code, first layers, layers, weights) tuples. */
static int read_terms(fo_follower *f, fo_fact *fact, PyObject *terms) {
    fact->nterms = -1;
    if (terms == Py_None) return 0;
    PyObject *seq = PySequence_Fast(terms, "kernel spec: a fact's terms must be a sequence");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > FO_MAX_TERMS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "kernel spec: a fact of too many terms");
        return -1;
    }
    fact->nterms = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        fo_term *term = &fact->terms[i];
        PyObject *first, *layers, *weights;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iOOO", &term->kind, &first, &layers, &weights))
            goto fail;
        fact->nterms = (int)i + 1; /* from here on, fo_follower_free releases the term */
        if (term->kind < 0 || term->kind >= FO_TERM_KINDS) {
            PyErr_SetString(PyExc_ValueError, "kernel spec: an unknown kind of term");
            goto fail;
        }
        if ((term->nfirst = read_indices(first, f->nlayers, term->first, FO_MAX_TERM_LAYERS)) < 0 ||
            (term->nlayers = read_indices(layers, f->nlayers, term->layers, FO_MAX_TERM_LAYERS)) < 0)
            goto fail;
        Py_ssize_t expected = term->kind == FO_SURROUNDING ? (Py_ssize_t)term->nfirst * term->nlayers
                              : term->kind == FO_REGION_POINTS || term->kind == FO_WEIGHTED_COUNT ? term->nlayers
                                                                                                   : 0;
        PyObject *wseq = PySequence_Fast(weights, "kernel spec: a term's weights must be a sequence");
        if (wseq == NULL) goto fail;
        if (PySequence_Fast_GET_SIZE(wseq) != expected) {
            Py_DECREF(wseq);
            PyErr_SetString(PyExc_ValueError, "kernel spec: a term's weights do not match its layers");
            goto fail;
        }
        term->weights = PyMem_Calloc((size_t)(expected > 0 ? expected : 1), sizeof(long));
        if (term->weights == NULL) {
            Py_DECREF(wseq);
            PyErr_NoMemory();
            goto fail;
        }
        for (Py_ssize_t k = 0; k < expected; k++) {
            term->weights[k] = PyLong_AsLong(PySequence_Fast_GET_ITEM(wseq, k));
            if (term->weights[k] == -1 && PyErr_Occurred()) {
                Py_DECREF(wseq);
                goto fail;
            }
        }
        Py_DECREF(wseq);
    }
    Py_DECREF(seq);
    return 0;
fail:
    Py_DECREF(seq);
    return -1;
}

static int read_facts(fo_follower *f, PyObject *spec) {
    Py_ssize_t count;
    PyObject *seq = spec_sequence(spec, "facts", FO_MAX_FACTS, &count);
    if (seq == NULL) return -1;
    for (Py_ssize_t i = 0; i < count; i++) {
        /* (on_state, method, arg or None, mask layer or -1, depends tuple, terms or None) */
        int on_state, mask_layer;
        const char *method;
        PyObject *arg, *depends, *terms;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "psOiOO", &on_state, &method, &arg, &mask_layer,
                              &depends, &terms))
            goto fail;
        fo_fact *fact = &f->facts[i];
        f->nfacts = (int)i + 1;
        fact->on_state = on_state;
        fact->nterms = -1;
        if ((fact->method = fo_intern(method)) == NULL) goto fail;
        if (arg != Py_None) {
            Py_INCREF(arg);
            fact->arg = arg;
        }
        if (mask_layer < -1 || mask_layer >= f->nlayers) {
            PyErr_SetString(PyExc_ValueError, "kernel spec: a fact reads an unknown layer");
            goto fail;
        }
        fact->mask_layer = mask_layer;
        if ((fact->ndepends = read_indices(depends, f->nlayers, fact->depends, FO_MAX_LAYERS)) < 0 ||
            read_terms(f, fact, terms) < 0)
            goto fail;
    }
    Py_DECREF(seq);
    return 0;
fail:
    Py_DECREF(seq);
    return -1;
}

/* The board's grid (rows of `stride` bits, its squares those of the planes), for the terms. */
static int read_grid(fo_follower *f, PyObject *spec) {
    long rows, stride;
    if (fo_spec_int(spec, "grid_rows", &rows) < 0 || fo_spec_int(spec, "grid_stride", &stride) < 0) return -1;
    if (rows < 1 || stride < 2 || (rows * stride + 63) / 64 != f->nwords) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: the grid does not match the words of a board");
        return -1;
    }
    uint64_t valid[BS_WORDS] = {0};
    for (int i = 0; i < f->ncells; i++) bs_set(valid, f->cell_bit[i]);
    bs_grid_init(&f->grid, (int)rows, (int)stride, valid);
    return 0;
}

int fo_follower_init(fo_follower *f, PyObject *spec) {
    long value;
    memset(f, 0, sizeof *f);
    if (fo_spec_int(spec, "words", &value) < 0) return -1;
    if (value < 1 || value > FO_WORDS) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: a grid of more than 192 bits");
        return -1;
    }
    f->nwords = (int)value;
    if (fo_spec_int(spec, "seats", &value) < 0) return -1;
    if (value < 1 || value > FO_MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "kernel spec: bad number of seats");
        return -1;
    }
    f->nseats = (int)value;
    if (read_sources(f, spec) < 0 || read_reach(f, spec) < 0 || read_channels(f, spec) < 0 ||
        read_facts(f, spec) < 0)
        return -1;
    Py_ssize_t ncells;
    PyObject *seq = spec_sequence(spec, "cell_bits", -1, &ncells);
    if (seq == NULL) return -1;
    f->ncells = (int)ncells;
    f->cell_bit = PyMem_Malloc((size_t)(f->ncells > 0 ? f->ncells : 1) * sizeof(int));
    f->bit_cell = PyMem_Malloc((size_t)(64 * f->nwords) * sizeof(int));
    if (f->cell_bit == NULL || f->bit_cell == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    for (int b = 0; b < 64 * f->nwords; b++) f->bit_cell[b] = -1;
    for (int i = 0; i < f->ncells; i++) {
        long bit = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (bit < 0 || bit >= 64 * f->nwords) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "kernel spec: a square outside the grid");
            return -1;
        }
        f->cell_bit[i] = (int)bit;
        f->bit_cell[bit] = i;
    }
    Py_DECREF(seq);
    if (read_grid(f, spec) < 0) return -1;
    for (int s = 0; s < f->nseats; s++) {
        f->seats[s].planes = PyMem_Calloc((size_t)f->nchannels * (size_t)(f->ncells ? f->ncells : 1), sizeof(float));
        if (f->seats[s].planes == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

void fo_follower_clear(fo_follower *f) {
    for (int s = 0; s < f->nseats; s++) {
        fo_seat *seat = &f->seats[s];
        for (int i = 0; i < f->nobjects; i++) Py_CLEAR(seat->objects[i]);
        seat->valid = 0;
    }
}

void fo_follower_free(fo_follower *f) {
    fo_follower_clear(f);
    for (int s = 0; s < FO_MAX_SEATS; s++)
        for (int k = 0; k < FO_POOL; k++) Py_CLEAR(f->pool[s][k]);
    for (int s = 0; s < f->nseats; s++) {
        PyMem_Free(f->seats[s].planes);
        f->seats[s].planes = NULL;
    }
    for (int i = 0; i < f->nsources; i++) Py_CLEAR(f->sources[i].name);
    for (int i = 0; i < f->nfacts; i++) {
        Py_CLEAR(f->facts[i].method);
        Py_CLEAR(f->facts[i].arg);
        for (int t = 0; t < f->facts[i].nterms; t++) {
            PyMem_Free(f->facts[i].terms[t].weights);
            f->facts[i].terms[t].weights = NULL;
        }
    }
    Py_CLEAR(f->reach_method);
    PyMem_Free(f->cell_bit);
    PyMem_Free(f->bit_cell);
    f->cell_bit = NULL;
    f->bit_cell = NULL;
}

static void build_plane(const fo_follower *f, const fo_channel *ch, const fo_bits *layers, float *plane) {
    for (int i = 0; i < f->ncells; i++) {
        int bit = f->cell_bit[i];
        if (!fo_bit(&ch->within, bit)) {
            plane[i] = 0.0f;
            continue;
        }
        int code = 0;
        for (int j = 0; j < ch->nlayers; j++) code |= fo_bit(&layers[ch->layers[j]], bit) << j;
        plane[i] = ch->values[code];
    }
}

/* The channel's value on one square (bit index `bit`, plane square `cell`). */
static inline float square_value(const fo_channel *ch, const fo_bits *layers, int bit) {
    if (!fo_bit(&ch->within, bit)) return 0.0f;
    int code = 0;
    for (int j = 0; j < ch->nlayers; j++) code |= fo_bit(&layers[ch->layers[j]], bit) << j;
    return ch->values[code];
}

/* Rewrite a plane on the squares where one of its layers differs from `old` (the layers the
 * plane was built from): every other square reads the same bits, so it keeps its value. */
static void patch_plane(const fo_follower *f, const fo_channel *ch, const fo_bits *layers, const fo_bits *old,
                        float *plane) {
    for (int w = 0; w < f->nwords; w++) {
        uint64_t diff = 0;
        for (int j = 0; j < ch->nlayers; j++) diff |= layers[ch->layers[j]].w[w] ^ old[ch->layers[j]].w[w];
        diff &= ch->within.w[w];
        while (diff) {
            int bit = w * 64 + __builtin_ctzll(diff);
            diff &= diff - 1;
            int cell = f->bit_cell[bit];
            if (cell >= 0) plane[cell] = square_value(ch, layers, bit);
        }
    }
}

/* Whether a fact must be asked again, given the new layers and those it was asked with. */
static int fact_stale(const fo_follower *f, const fo_fact *fact, const fo_bits *layers, const fo_bits *old) {
    if (fact->mask_layer >= 0) {
        const fo_bits *mask = &layers[fact->mask_layer];
        if (!fo_bits_equal(mask, &old[fact->mask_layer])) return 1;
        for (int w = 0; w < f->nwords; w++) {
            uint64_t moved = 0;
            for (int j = 0; j < fact->ndepends; j++)
                moved |= layers[fact->depends[j]].w[w] ^ old[fact->depends[j]].w[w];
            if (moved & mask->w[w]) return 1;
        }
        return 0;
    }
    if (fact->ndepends == 0) return 1;
    for (int j = 0; j < fact->ndepends; j++)
        if (!fo_bits_equal(&layers[fact->depends[j]], &old[fact->depends[j]])) return 1;
    return 0;
}

/* The union of some layers' words. */
static void union_of(const fo_follower *f, const fo_bits *layers, const int *indices, int count, uint64_t *out) {
    for (int w = 0; w < f->nwords; w++) out[w] = 0;
    for (int j = 0; j < count; j++)
        for (int w = 0; w < f->nwords; w++) out[w] |= layers[indices[j]].w[w];
}

/* A term's value on the board's layers (kingdomino.core.terms.evaluate, compiled). */
static long long term_value(const fo_follower *f, const fo_term *term, const fo_bits *layers) {
    const bs_grid *grid = &f->grid;
    const uint64_t *weighed[FO_MAX_TERM_LAYERS];
    for (int j = 0; j < term->nlayers; j++) weighed[j] = layers[term->layers[j]].w;
    uint64_t mask[BS_WORDS] = {0};
    long long total = 0;
    switch (term->kind) {
    case FO_REGION_POINTS:
        union_of(f, layers, term->first, term->nfirst, mask);
        return bs_region_points(grid, mask, weighed, term->weights, term->nlayers);
    case FO_SURROUNDING:
        for (int i = 0; i < term->nfirst; i++)
            total += bs_surrounding(grid, layers[term->first[i]].w, weighed, term->weights + (size_t)i * term->nlayers,
                                    term->nlayers);
        return total;
    case FO_LARGEST_REGION:
        for (int j = 0; j < term->nlayers; j++) total = bs_largest_region(grid, weighed[j], (int)total);
        return total;
    case FO_WEIGHTED_COUNT:
        if (term->nfirst > 0)
            union_of(f, layers, term->first, term->nfirst, mask);
        else
            memcpy(mask, grid->valid, sizeof mask);
        return bs_weighted_within(mask, weighed, term->weights, term->nlayers, f->nwords);
    default: /* FO_NON_EMPTY */
        for (int j = 0; j < term->nlayers; j++) {
            uint64_t any = 0;
            for (int w = 0; w < f->nwords; w++) any |= weighed[j][w] & grid->valid[w];
            total += any != 0;
        }
        return total;
    }
}

static int ask(PyObject *state, PyObject *board, const fo_fact *fact, long *out) {
    PyObject *result;
    if (fact->on_state) {
        PyObject *args[2] = {state, board};
        result = PyObject_VectorcallMethod(fact->method, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    } else if (fact->arg != NULL) {
        PyObject *args[2] = {board, fact->arg};
        result = PyObject_VectorcallMethod(fact->method, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    } else {
        result = PyObject_CallMethodNoArgs(board, fact->method);
    }
    if (result == NULL) return -1;
    long value = PyLong_AsLong(result);
    Py_DECREF(result);
    if (value == -1 && PyErr_Occurred()) return -1;
    *out = value;
    return 0;
}

fo_seat *fo_follow(fo_follower *f, PyObject *state, int seat_index, PyObject *board) {
    fo_seat *seat = &f->seats[seat_index];
    PyObject *read[FO_MAX_LAYERS + FO_MAX_SOURCES]; /* borrowed from the lists / owned ints */
    PyObject *owned[FO_MAX_SOURCES];
    int nowned = 0, changed = !seat->valid;
    fo_seat *result = NULL;
    /* Pass 0 reads every source but the lazy ones; pass 1, only when something changed, them. */
    for (int i = 0, pass = 0; pass < 2; i++) {
        if (i == f->nsources) {
            if (!changed) break;
            i = -1;
            pass++;
            continue;
        }
        fo_source *s = &f->sources[i];
        if ((s->length == FO_LAZY) != (pass == 1)) continue;
        PyObject *value = fo_attr(board, s->name);
        if (value == NULL) goto done;
        owned[nowned++] = value;
        if (s->length > 0) {
            if (!PyList_Check(value) || PyList_GET_SIZE(value) != s->length) {
                PyErr_Format(PyExc_TypeError, "board attribute %U: expected a list of %d ints", s->name, s->length);
                goto done;
            }
            for (int k = 0; k < s->length; k++) {
                PyObject *item = PyList_GET_ITEM(value, k);
                read[s->first_object + k] = item;
                if (item != seat->objects[s->first_object + k]) changed = 1;
            }
        } else {
            read[s->first_object] = value;
            if (value != seat->objects[s->first_object]) changed = 1;
        }
    }
    if (!changed) {
        result = seat;
        goto done;
    }
    /* Decode the layers and ask the facts into fresh copies, then keep them once all succeeded. */
    fo_bits layers[FO_MAX_LAYERS];
    long facts[FO_MAX_FACTS];
    for (int i = 0; i < f->nsources; i++) {
        fo_source *s = &f->sources[i];
        if (s->length < 0) {
            if (!PyLong_Check(read[s->first_object])) {
                PyErr_Format(PyExc_TypeError, "board attribute %U: expected an int", s->name);
                goto done;
            }
            continue;
        }
        int n = s->length > 0 ? s->length : 1;
        for (int k = 0; k < n; k++) {
            PyObject *item = read[s->first_object + k];
            if (seat->valid && item == seat->objects[s->first_object + k]) {
                layers[s->first_layer + k] = seat->layers[s->first_layer + k];
            } else if (fo_bits_from(item, &layers[s->first_layer + k], f->nwords) < 0) {
                goto done;
            }
        }
    }
    if (f->reach_method != NULL) {
        int stale = !seat->valid;
        for (int i = 0; i < f->nreach_watched && !stale; i++)
            stale = read[f->reach_watched[i]] != seat->objects[f->reach_watched[i]];
        if (stale) {
            PyObject *reach = PyObject_CallMethodNoArgs(board, f->reach_method);
            if (reach == NULL) goto done;
            int failed = fo_bits_from(reach, &layers[f->nsource_layers], f->nwords);
            Py_DECREF(reach);
            if (failed < 0) goto done;
        } else {
            layers[f->nsource_layers] = seat->layers[f->nsource_layers];
        }
    }
    for (int i = 0; i < f->nfacts; i++) {
        if (!seat->valid || fact_stale(f, &f->facts[i], layers, seat->layers)) {
            const fo_fact *fact = &f->facts[i];
            if (fact->nterms >= 0) {
                long long value = 0;
                for (int t = 0; t < fact->nterms; t++) value += term_value(f, &fact->terms[t], layers);
                facts[i] = (long)value;
            } else if (ask(state, board, fact, &facts[i]) < 0) {
                goto done;
            }
        } else {
            facts[i] = seat->facts[i];
        }
    }
    for (int c = 0; c < f->nchannels; c++) {
        float *plane = seat->planes + (size_t)c * (size_t)f->ncells;
        if (seat->valid)
            patch_plane(f, &f->channels[c], layers, seat->layers, plane);
        else
            build_plane(f, &f->channels[c], layers, plane);
    }
    memcpy(seat->layers, layers, sizeof(fo_bits) * (size_t)f->nlayers);
    memcpy(seat->facts, facts, sizeof(long) * (size_t)f->nfacts);
    for (int i = 0; i < f->nobjects; i++) {
        Py_INCREF(read[i]);
        Py_XSETREF(seat->objects[i], read[i]);
    }
    seat->valid = 1;
    seat->version++;
    result = seat;
done:
    for (int i = 0; i < nowned; i++) Py_DECREF(owned[i]);
    return result;
}
