"""`wordle kernels build` and `wordle kernels status`: the CPU kernels compiled for this machine, ahead of use."""

from __future__ import annotations

import click

from wordle_cli.cli.options import quiet_option
from wordle_cli.errors import WordleError


@click.group("kernels", short_help="Compile the CPU kernels for this machine, or say what for.")
def kernels_group():
    """The CPU kernels, compiled once for this machine (numba's cache).

    The install compiles them (`build`), so that every command's first run
    loads them at once. After an upgrade of numba or numpy, or an edit of
    the sources, a command compiles what it needs on its first run, saying
    so on stderr; `build` compiles everything again in one go.
    """


@kernels_group.command("build", short_help="Compile every kernel the commands use, for this CPU.")
@click.option("--jobs", type=click.IntRange(1, 2), default=None, metavar="N",
              help="Commands compiling at once: 1, or 2 [default: 2 where there are 2 cores or more].")
@click.option("--force", is_flag=True, help="Run the commands even when the last build is for what is here now.")
@click.option("-v", "--verbose", is_flag=True, help="List each command run, with the functions it compiled.")
@quiet_option
def build(jobs, force, verbose, quiet):
    """Compile every kernel that the commands' default paths use, for this CPU.

    It runs a few small commands that reach them all (a minute or two on 2
    cores; what is already compiled for these sources loads instead), and
    puts them next to the package, or in numba's user-wide cache where the
    package cannot be written to. The install runs it.
    """
    from wordle_cli import kernel_build, kernel_cache

    if not force and kernel_build.built():  # a second install (the test extras'), or a repeat: nothing changed
        if not quiet:
            click.echo("the kernels are built for these sources, numba and this CPU already (--force builds again)", err=True)
        return
    if not quiet:
        click.echo(f"compiling the kernels for this machine: {len(kernel_build.WORKLOADS)} small commands "
                   f"(about 1-2 min on 2 cores; what is already compiled loads instead)", err=True)
    report = kernel_build.build(jobs)
    if verbose:
        for args, functions, seconds in report.commands:
            click.echo(f"{functions:4d} functions {seconds:6.1f} s  wordle {' '.join(args)}")
    if report.failed:
        raise WordleError(f"{len(report.failed)} of the commands compiling the kernels failed; the first: {report.failed[0]}")
    if not quiet:
        what = f"compiled {report.compiled} functions" if report.compiled else "nothing to compile: every kernel was built already"
        click.echo(f"{what} ({report.cpu_seconds:.0f} s CPU, {report.wall_seconds:.0f} s); "
                   f"numba {kernel_cache.versions()['numba']}", err=True)


@kernels_group.command("status", short_help="Say what the kernels were compiled for.")
def status():
    """Say whether the kernels are built for these sources, numba and numpy, and this CPU (exit status 1 if not)."""
    from wordle_cli import kernel_build, kernel_cache

    why = kernel_build.out_of_date()
    if why == "not built":
        raise WordleError("the kernels are not built: `wordle kernels build` compiles them (a first run of each command does too)")
    if why is not None:
        raise WordleError(f"the kernels are out of date, {why}: `wordle kernels build` compiles them again")
    manifest = kernel_cache.read_manifest()
    click.echo(f"built for numba {manifest['numba']}, numpy {manifest['numpy']}, Python {manifest['python']} "
               f"and this CPU on {manifest.get('when', '?')}: {manifest.get('compiled', 0)} functions compiled")
