/* kingdomino.rl._fastobs: the compiled observation kernels (see fastobs.h). */
#include "fastobs.h"

static struct PyModuleDef fastobs_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "kingdomino.rl._fastobs",
    .m_doc = "Compiled observation kernels of the RL encoders; the Python encoders are the reference.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__fastobs(void) {
    PyTypeObject *types[] = {&fo_ClassicKernelType, &fo_OriginsKernelType, &fo_DuelKernelType};
    const char *names[] = {"ClassicKernel", "OriginsKernel", "DuelKernel"};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    PyObject *module = PyModule_Create(&fastobs_module);
    if (module == NULL) return NULL;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(module, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(module);
            return NULL;
        }
    }
    return module;
}
