"""tiny.mpi without MPI: the package loaded libtiny_c.so, which has no
transport, and joining says which library it takes. (tests/mpi_ranks.py
runs tiny.mpi on 2 ranks: the `mpi` test.)"""

import pytest

import tiny
import tiny.mpi


def test_join_needs_the_library_with_mpi():
    with pytest.raises(tiny.TinyError) as error:
        tiny.mpi.join(timeout=1)
    assert error.value.code == "FAILED_PRECONDITION"
    assert "libtiny_c_mpi.so" in str(error.value)
