/* Compiled observation kernels for the RL encoders (kingdomino.rl._fastobs).
 *
 * The pure-Python encoders (kingdomino/rl/classic_encoder.py and its siblings) define every
 * observation: their layouts, tables and channel definitions are handed to a kernel when it
 * is made, and the tests check the kernels byte for byte against them. A kernel only reads
 * the engine's state and writes float32 values where the Python encoder would; it knows no
 * rule. What a rule decides (the frame's reach, points, the largest region) it asks of the
 * engine's own methods, which each encoder declares as facts with the layers they read, and
 * asks again only when those layers changed; or, for a method the engine also states as
 * scoring terms, evaluates those terms with the engine's own compiled arithmetic (bitscore.h).
 */
#ifndef KINGDOMINO_FASTOBS_H
#define KINGDOMINO_FASTOBS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "bitscore.h" /* kingdomino/core: the engine's compiled scoring arithmetic */

#ifdef Py_T_OBJECT_EX /* 3.12 on */
#define FO_T_OBJECT_EX Py_T_OBJECT_EX
#define FO_AUDIT_READ Py_AUDIT_READ
#else
#include <structmember.h>
#define FO_T_OBJECT_EX T_OBJECT_EX
#define FO_AUDIT_READ READ_RESTRICTED
#endif

/* The kernels' functions call each other directly, not through the shared object's symbol
 * table; only the module's init function (PyMODINIT_FUNC) is exported. */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

/* Bitboards up to 192 bits: the 13 x 14 grid of a 7x7 frame needs 182. */
#define FO_WORDS 3
#define FO_MAX_LAYERS 40
#define FO_MAX_CHANNELS 40
#define FO_MAX_SOURCES 12
#define FO_MAX_CHANNEL_LAYERS 3
#define FO_MAX_SEATS 8

typedef struct {
    uint64_t w[FO_WORDS];
} fo_bits;

/* One plane: on the squares of `within`, values[code] where bit j of code says whether
 * layers[j] holds the square; 0 elsewhere (kingdomino.rl.pieces.Channel). */
typedef struct {
    int nlayers;
    int layers[FO_MAX_CHANNEL_LAYERS];
    float values[1 << FO_MAX_CHANNEL_LAYERS];
    fo_bits within;
} fo_channel;

/* Where a board's layers come from: an int attribute (length 0), a list of `length` ints,
 * or (length -1) an int attribute that is watched for changes but is no layer; a lazy one
 * (FO_LAZY) is read only once another source changed (the bounding box: it changes only
 * with the occupied squares). */
#define FO_LAZY (-2)
typedef struct {
    PyObject *name;
    int length;
    int first_layer;
    int first_object;
} fo_source;

#define FO_MAX_FACTS 16

/* One scoring term (kingdomino.core.terms) over the follower's layers: `first` is the mask
 * (region points, weighted count) or the centres (surrounding count); `layers` the weighed
 * layers, targets or masks; `weights` one per layer (per centre and target: a row per centre). */
enum { FO_REGION_POINTS, FO_SURROUNDING, FO_LARGEST_REGION, FO_WEIGHTED_COUNT, FO_NON_EMPTY, FO_TERM_KINDS };
#define FO_MAX_TERMS 4
#define FO_MAX_TERM_LAYERS 32
typedef struct {
    int kind;
    int nfirst, first[FO_MAX_TERM_LAYERS];
    int nlayers, layers[FO_MAX_TERM_LAYERS];
    long *weights; /* owned */
} fo_term;

/* A number the engine says about a board (its points, a terrain's points, its largest region),
 * asked of the board (`board.method(arg)`) or of the state (`state.method(board)`), and asked
 * again only when a layer it depends on changed:
 * - `mask_layer` >= 0: when that layer changed, or a `depends` layer changed on its squares
 *   (a terrain's points: its squares, and the crowns on them);
 * - else when one of the `depends` layers changed; with none listed, on any change. */
typedef struct {
    int on_state;
    PyObject *method;
    PyObject *arg; /* NULL: no argument */
    int mask_layer;
    int ndepends;
    int depends[FO_MAX_LAYERS];
    int nterms; /* -1: asked of the engine; else the sum of `terms`, evaluated here */
    fo_term terms[FO_MAX_TERMS];
} fo_fact;

/* What the follower remembers of one seat's board. */
typedef struct {
    int valid;
    PyObject *objects[FO_MAX_LAYERS + FO_MAX_SOURCES]; /* owned: the engine's own int objects */
    fo_bits layers[FO_MAX_LAYERS];
    float *planes; /* nchannels * ncells */
    long facts[FO_MAX_FACTS];
    unsigned long version; /* counts the changes seen: what was derived from an older one is stale */
} fo_seat;

/* Each observing seat's last vectors, which a kernel writes again once nobody holds them. */
#define FO_POOL 2

/* Follows every seat's board from one observation to the next (kingdomino.rl.following):
 * a board whose int objects are the very ones seen last time is unchanged (the follower
 * holds references to them, so an address cannot be reused by another value). A changed
 * board's planes are patched where its layers changed, and its facts asked again where
 * their layers changed. The layers are those read from the sources, then optionally the
 * "reach": `board.<reach_method>()` (the squares in the frame's reach), asked again only when
 * one of its watched sources (the bounding box) changed. */
typedef struct {
    int nsources;
    fo_source sources[FO_MAX_SOURCES];
    int nobjects;       /* int objects read from the sources */
    int nsource_layers; /* layers read from the sources */
    PyObject *reach_method; /* NULL: no reach layer */
    int nreach_watched;
    int reach_watched[FO_MAX_SOURCES]; /* objects whose change makes the reach stale */
    int nlayers;
    int nchannels;
    fo_channel channels[FO_MAX_CHANNELS];
    int nfacts;
    fo_fact facts[FO_MAX_FACTS];
    int ncells;
    int *cell_bit; /* bit index of each plane square, row-major */
    int *bit_cell; /* plane square of each bit index, -1 for bits that are no square */
    int nwords;
    bs_grid grid; /* the board's grid, for the facts stated as terms */
    int nseats;
    fo_seat seats[FO_MAX_SEATS];
    PyObject *pool[FO_MAX_SEATS][FO_POOL]; /* owned bytearrays or NULL (fo_vector_begin) */
} fo_follower;

/* The sum of the facts listed in a spec attribute (a seat's points). */
typedef struct {
    int count;
    int index[FO_MAX_FACTS];
} fo_fact_sum;
int fo_spec_fact_sum(PyObject *spec, const char *name, const fo_follower *f, fo_fact_sum *out);
/* The object index of the int source `name` (its value: `PyLong_AsLong(seat->objects[index])`). */
int fo_source_object(const fo_follower *f, const char *name);
static inline long fo_sum_facts(const fo_fact_sum *sum, const fo_seat *seat) {
    long total = 0;
    for (int i = 0; i < sum->count; i++) total += seat->facts[sum->index[i]];
    return total;
}

/* Spec reading (attributes of a Python spec object); -1 with an exception set on error. */
int fo_spec_int(PyObject *spec, const char *name, long *out);
int fo_spec_double(PyObject *spec, const char *name, double *out);
/* The start of every kernel's __init__(spec): parses the one argument, makes the follower from
 * the spec and reads the error class; the spec (borrowed), or NULL with an exception. */
PyObject *fo_kernel_start(PyObject *args, PyObject *kwds, fo_follower *follower, PyObject **error);

/* Named numbers of a spec, read into a kernel's fields: an int or a double each. */
typedef struct {
    const char *name;
    int *as_int;
    double *as_double;
} fo_field;
int fo_spec_fields(PyObject *spec, const fo_field *fields, size_t count);
#define FO_INT(field, name) {name, &self->field, NULL}
#define FO_DOUBLE(field, name) {name, NULL, &self->field}
/* A bytes attribute holding exactly `count` float32 values, copied into a new buffer. */
float *fo_spec_floats(PyObject *spec, const char *name, Py_ssize_t count);

int fo_bits_from(PyObject *value, fo_bits *out, int nwords);
static inline int fo_bits_equal(const fo_bits *a, const fo_bits *b) {
    return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->w[2] == b->w[2];
}
static inline int fo_bit(const fo_bits *b, int index) {
    return (int)((b->w[index >> 6] >> (index & 63)) & 1u);
}
static inline int fo_popcount(const fo_bits *b) {
    return bs_popcount64(b->w[0]) + bs_popcount64(b->w[1]) + bs_popcount64(b->w[2]);
}

int fo_follower_init(fo_follower *f, PyObject *spec);
void fo_follower_clear(fo_follower *f);
void fo_follower_free(fo_follower *f);
/* The seat's facts and planes for `board`, rebuilt only where the board changed (NULL with an
 * exception on error). */
fo_seat *fo_follow(fo_follower *f, PyObject *state, int seat, PyObject *board);

/* The two rows of Kingdomino and Origins (kingdomino.rl.domino_rows.RowPieces): per slot the
 * domino's features, then a tail by observer, owner (none: `players`), placed and acting. */
typedef struct {
    int players, slots, slot_width, tail_width, domino_features, num_dominoes;
    float *domino_table; /* (num_dominoes + 1) x domino_features */
    float *tails;        /* [seat][owner][placed][acting] x tail_width */
} fo_rows;

int fo_rows_init(fo_rows *rows, PyObject *spec, int players);
void fo_rows_free(fo_rows *rows);
/* Write a row (lists of domino numbers and owners) as `seat` sees it: slots before `placed`
 * are done, slot `acting` acts now (-1: none); the slots after it stay zero. */
int fo_write_row(const fo_rows *rows, float *out, PyObject *numbers, PyObject *owners, int seat, long placed,
                 long acting);
/* Ints of a sequence attribute of the spec. */
int fo_spec_longs(PyObject *spec, const char *name, Py_ssize_t count, long *out);

/* Reading the state: new references / C values, -1 (or NULL) with an exception on error;
 * fo_attr reads __slots__ directly once it has seen the class (common.c). */
PyObject *fo_attr(PyObject *obj, PyObject *name);
int fo_attr_long(PyObject *obj, PyObject *name, long *out);
long fo_item_long(PyObject *list, Py_ssize_t i); /* list item as a C long (-1 + exception on error) */
PyObject *fo_intern(const char *name);

/* The vector an encode call writes: its object (a new reference) and, when the caller gave the
 * buffer to write into, the view held on it until the call ends. */
typedef struct {
    PyObject *object;
    Py_buffer view;
    int viewed;
} fo_vector;

/* The result for observing seat `seat`: `count` float32 zeroed from float `zero_from` on (the
 * kernel writes every float before it: the boards' planes, copied first); their data in `*data`.
 * With `out` (not NULL nor None) they are `out`'s own memory, a writable C-contiguous buffer of
 * exactly `count` float32 (a numpy array that is read again and again); else a bytearray that is
 * new, or one this kernel gave out for the same seat before that nobody holds any more (only the
 * pool refers to it, no array views it): the caller's vector is one nobody else sees either way,
 * and a loop that drops its observations reuses memory that is still in the cache instead of
 * asking for 10 to 37 KB at every step. 0, or -1 with an exception. */
int fo_vector_begin(fo_follower *f, int seat, PyObject *out, Py_ssize_t count, Py_ssize_t zero_from,
                    fo_vector *vector, float **data);
/* The end of an encode call: the vector's object when `ok` (the reference passes to the caller),
 * else NULL (the exception stays set); the view on `out` is released either way. */
PyObject *fo_vector_end(fo_vector *vector, int ok);
/* The `out` argument of `encode(state, seat[, out])`: NULL when absent or None. */
static inline PyObject *fo_out_argument(PyObject *const *args, Py_ssize_t nargs) {
    return nargs > 2 && args[2] != Py_None ? args[2] : NULL;
}

extern PyTypeObject fo_ClassicKernelType;
extern PyTypeObject fo_OriginsKernelType;
extern PyTypeObject fo_DuelKernelType;

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
