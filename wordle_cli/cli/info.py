"""`wordle backends`: which backends this machine can run, and with what."""

from __future__ import annotations

import click

from wordle_cli import backends


@click.command("backends")
def backends_command():
    """List the compute backends available here (and what `auto` picks).

    \b
    cpu   numba kernels, parallel over guesses (always available)
    cuda  a CuPy RawKernel on an NVIDIA GPU (needs: pip install 'wordle-cli[gpu]')
    """
    numba = backends.numba_module()
    click.echo(f"cpu   available  numba {numba.__version__}, {numba.config.NUMBA_NUM_THREADS} threads")
    ok, detail = backends.cuda_status()
    click.echo(f"cuda  {'available  ' + detail if ok else 'unavailable: ' + detail}")
    click.echo(
        f"auto  uses {'cuda for large jobs, cpu for small ones' if ok else 'cpu'} "
        f"(override with --backend or WORDLE_BACKEND)"
    )
