"""The bridge sealed: Pyodide's pyodide.asm.mjs with a gate at the head of each function through
which Python makes JavaScript do anything but read a value, and of those that would open a pipe,
a socket or look a host's name up. The worker that runs a person's code (web/custom/
sandbox-worker.js, web/custom/sandbox-seal.js) shuts the gates once the package is imported."""

from __future__ import annotations

import re
from typing import Callable


BRIDGE_DOORS = (
    # Calls and constructions: every JavaScript function Python calls goes through one of these.
    "JsvFunction_CallBound", "JsvFunction_Call_OneArg", "JsvFunction_Construct", "JsvObject_CallMethod",
    "JsvObject_CallMethod_NoArgs", "JsvObject_CallMethod_OneArg", "JsvObject_CallMethod_TwoArgs",
    "JsvPromise_Resolve",
    # JavaScript objects made or filled from Python's values (to_js, a JsProxy's item set, ...).
    "JsvArray_New", "JsvArray_Push", "JsvArray_Extend", "JsvArray_Set", "JsvArray_Insert",
    "JsvArray_ShallowCopy", "JsvArray_slice", "JsvArray_slice_assign", "JsvObject_New", "JsvObject_SetAttr",
    "JsvMap_New", "JsvMap_Set", "JsvSet_New", "JsvSet_Add", "JsvLiteralMap_New", "JsvBuffer_assignFromPtr",
    "_python2js_buffer_inner", "python2js__default_converter_js", "python2js__eager_converter_js",
    # A Python object handed to JavaScript (create_proxy, a callback).
    "pyproxy_new", "pyproxy_new_ex",
    # A JsProxy's attributes and items set or deleted, a JavaScript array repeated, iterators and
    # context managers (they call the object's own methods).
    "JsProxy_SetAttr_js", "JsProxy_DelAttr_js", "_JsObject_Set_js", "JsObjMap_ass_subscript_js",
    "JsArray_repeat_js", "JsArray_inplace_repeat_js", "JsProxy_GetIter_js", "JsProxy_GetAsyncIter_js",
    "JsMap_GetIter_js", "JsObjMap_GetIter_js", "JsProxy_exit_js", "JsProxy_aexit_js",
    # A JavaScript value written out or made from Python's text (a JsException's message).
    "JsvObject_toString", "JsException_new_helper",
    # Calls with no bridge object between: a bare call, callables and promises for JavaScript,
    # generators handed over.
    "raw_call_js", "create_once_callable", "create_promise_handles", "wrap_generator", "wrap_async_generator",
    # ctypes (libffi's calls and callbacks) and loading a library: through them Python reaches every
    # function the runtime exports (running a script, making promises, timers, a shell in Node).
    "ffi_call_js", "ffi_prep_closure_loc_js", "__dlopen_js", "__emscripten_dlopen_js", "__dlsym_js",
    "__dlsym_catchup_js", "_emscripten_run_script", "_emscripten_run_script_int", "_emscripten_run_script_string",
    "__emscripten_system",
)
"""The functions of Pyodide's pyodide.asm.mjs through which Python makes JavaScript do anything
but read a value: calling, constructing, making, filling or changing an object. In the worker
that runs a person's code, ``sealed_pyodide`` makes each ask a gate first."""

SHUT_DOORS = {
    # A pipe: PIPEFS keeps what is written into it in JavaScript memory, 8 KB buckets without end.
    "___syscall_pipe": ("-63", "a pipe"),  # -EPERM
    # A socket: SOCKFS queues what is sent in JavaScript memory (socketpair makes two); every other
    # call of the network needs one.
    "___syscall_socket": ("-63", "a socket"),
    # A host's name looked up (getaddrinfo, gethostbyname): Emscripten's DNS keeps every name
    # for ever, each given a made-up address.
    "_getaddrinfo": ("-4", "the network (a host's name)"),  # EAI_FAIL
    "__emscripten_lookup_name": ("0", "the network (a host's name)"),  # the address 0.0.0.0
}
"""The functions of Pyodide's pyodide.asm.mjs that make something Python has no use for in the
worker that runs a person's code and that keeps bytes in JavaScript memory, out of the file
system's count (sandbox-seal.js counts and refuses what goes through Emscripten's FS): each name,
what the function returns once shut (a refusal C understands: a negative errno, an error code)
and what it is, in words. ``sealed_pyodide`` puts the same gate at the head of each."""

SEAL_EXPORT = "sealBridge"
"""The function the sealed pyodide.asm.mjs exports: ``sealBridge(refuse, shut)`` makes every door
in BRIDGE_DOORS call ``refuse(name)`` (which throws) before it does anything, and every door of
SHUT_DOORS call ``shut(name, what)`` (which records it) and return its refusal instead."""


def sealed_pyodide(source: str) -> str:
    """Pyodide's pyodide.asm.mjs with a gate at the head of each of BRIDGE_DOORS and SHUT_DOORS,
    shut by its exported SEAL_EXPORT: once the worker that runs a person's code has imported the
    package, Python can no longer make JavaScript allocate memory (outside WebAssembly's, which is
    capped) or run anything, nor open a pipe or a socket or look a name up. Each door must be found
    once (a Pyodide that renames one stops the build)."""
    def one(name: str, tuple_name: str) -> re.Pattern[str]:
        pattern = re.compile(r"function " + re.escape(name) + r"\(([^)]*)\)\{((?:try\{)?)")
        found = pattern.findall(source)
        if len(found) != 1:
            raise SystemExit(f"build: Pyodide's pyodide.asm.mjs defines {name} {len(found)} times, not once: "
                             f"{tuple_name} must name its functions")
        return pattern

    def gated(name: str) -> Callable[[re.Match[str]], str]:
        return lambda m: f"function {name}({m.group(1)}){{{m.group(2)}__npuzzleGate({name!r});"

    for name in BRIDGE_DOORS:
        # Inside the door's own try, where there is one: the refusal becomes a Python exception.
        source = one(name, "BRIDGE_DOORS").sub(gated(name), source)
    for name, (refusal, what) in SHUT_DOORS.items():
        # At the very head, before the arguments are read: nothing is made.
        gate = f"if(__npuzzleShut({name!r},{what!r}))return {refusal};"
        source = one(name, "SHUT_DOORS").sub(lambda m: f"function {name}({m.group(1)}){{{gate}{m.group(2)}", source)
    return (source + "\nlet __npuzzleRefuse=null,__npuzzleShutOne=null;"
            "function __npuzzleGate(name){if(__npuzzleRefuse)__npuzzleRefuse(name)}"
            "function __npuzzleShut(name,what){if(!__npuzzleRefuse)return false;if(__npuzzleShutOne)__npuzzleShutOne(name,what);return true}"
            f"export function {SEAL_EXPORT}(refuse,shut){{__npuzzleRefuse=refuse;__npuzzleShutOne=shut}}\n")
