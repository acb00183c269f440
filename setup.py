"""Build the Cython core (ext/wyrm_ai/_core.pyx) as wyrm_ai._core."""
import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "wyrm_ai._core",
        ["ext/wyrm_ai/_core.pyx"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=["-O3"],
    )
]

setup(ext_modules=cythonize(extensions, compiler_directives={"language_level": "3"}))
