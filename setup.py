"""Build the Cython core (ext/wyrm_ai/_core.pyx) as wyrm_ai._core."""
import os
import platform
import sys
import time
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = Path("ext/wyrm_ai")

# The core counts cards and clearings by popcount (card counts are bit-planes, clearings masks).
# Without -mpopcnt GCC and Clang call a library routine for each (callgrind, 1,500 simulations at a
# four-seat Wyrm decision: 12% of the planner's instructions); every x86-64 processor since 2008
# has the instruction. WYRM_PORTABLE=1 builds without it, for an older x86-64 processor; other
# machines (arm64) have their own instruction and need no flag.
POPCNT = (["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64")
          and os.environ.get("WYRM_PORTABLE", "") in ("", "0") else [])


def tell(text: str) -> None:
    """A line the person installing sees: pip keeps a build's own output to itself unless -v, so
    the line goes to the terminal itself where there is one (and to stderr, for pip -v and logs)."""
    sys.stderr.write(text + "\n")
    try:
        with open("/dev/tty", "w") as tty:
            tty.write("\n" + text + "\n")
    except OSError:
        pass


class BuildCore(build_ext):
    """build_ext that tells the person installing what the long wait is and how long it takes:
    Cython writes the core's C (when the .pyx or a .pxi is newer than it), then the C compiler
    builds it."""

    def finalize_options(self):
        # cythonized when a build_ext is set up, not when setup.py is read; pip sets one up for
        # metadata too, and only the first translates
        c_file = CORE / "_core.c"
        if not c_file.exists() or max(f.stat().st_mtime for f in CORE.glob("*.p*")) > c_file.stat().st_mtime:
            tell("wyrm-ai: Cython is writing the Root engine's core as C (about half a minute)...")
        self.distribution.ext_modules[:] = cythonize(self.distribution.ext_modules,
                                                     compiler_directives={"language_level": "3"})
        super().finalize_options()

    def run(self):
        start = time.monotonic()
        tell("wyrm-ai: compiling the core (one large C module: about 1 to 2 minutes on one core; "
             "the install is not stuck)...")
        super().run()
        tell(f"wyrm-ai: the core compiled in {time.monotonic() - start:.0f} s.")


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
                            "--param=inline-unit-growth=60"] + POPCNT,
    )
]

setup(ext_modules=extensions, cmdclass={"build_ext": BuildCore})
