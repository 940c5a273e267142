"""decimal's contexts as plain tuples, for the sandbox's baseline (./sandbox.py): a run
may change a Context's fields in place, so the baseline keeps what they were, not the
object, and gives the contexts their fields back after every run."""

# decimal's module-level contexts: a new Context() copies DefaultContext's fields.
DECIMAL_TEMPLATES = ("DefaultContext", "BasicContext", "ExtendedContext")


def context_state(context):
    """A decimal context's settings and its set flags and traps, as a tuple."""
    flags = tuple(s for s, on in context.flags.items() if on)
    traps = tuple(s for s, on in context.traps.items() if on)
    return (context.prec, context.rounding, context.Emin, context.Emax, context.capitals,
            context.clamp, flags, traps)


def set_context_state(context, state):
    """Give `context` the settings, flags and traps of a `context_state` tuple."""
    prec, rounding, emin, emax, capitals, clamp, flags, traps = state
    context.prec, context.rounding, context.Emin, context.Emax = prec, rounding, emin, emax
    context.capitals, context.clamp = capitals, clamp
    context.clear_flags()
    context.clear_traps()
    for signal in flags:
        context.flags[signal] = True
    for signal in traps:
        context.traps[signal] = True
