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
        # The core is one C module whose hot paths (the evaluation's rule table, the move
        # generator's step dispatch) are `cdef inline` functions: GCC's default limits stopped
        # inlining them once the Mechanical Marquise's rules made them longer, and the planner
        # spent 17% more instructions per simulation (callgrind, 3,000 simulations at a two-seat
        # Wyrm decision: 542 M before issue 14, 634 M after; 517 M with these limits).
        extra_compile_args=["-O3", "--param=max-inline-insns-single=400",
                            "--param=inline-unit-growth=60"],
    )
]

setup(ext_modules=cythonize(extensions, compiler_directives={"language_level": "3"}))
