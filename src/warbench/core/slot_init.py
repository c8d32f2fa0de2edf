"""A faster ``__init__`` for frozen, slotted dataclasses: each field set through its slot.

A frozen dataclass may not assign its own fields, so the ``__init__`` the dataclasses
module writes sets each one with ``object.__setattr__(self, name, value)``: a global
look-up, an attribute look-up and a generic set-attribute that finds the slot by name,
for every field of every action, event and decision the engine makes (thousands a battle).
:func:`install` writes an ``__init__`` with the very same signature (names, order,
keyword-only parameters, the same default objects) that calls each slot's own setter,
which the class statement already made. Values, equality, hashing, ``repr``, pickling and
freezing are untouched: only how the fields get their values changes. Classes it cannot
serve exactly (a ``__post_init__``, a default factory, a field left out of ``__init__``,
an ``InitVar``) keep the dataclasses module's ``__init__``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Reading:
...     value: int
...     unit: str = "cm"
>>> install(Reading)
True
>>> Reading(3), Reading(3, unit="in") == Reading(3, "in")
(Reading(value=3, unit='cm'), True)
"""

from __future__ import annotations

import dataclasses
import inspect
import types
from typing import Any


def install(cls: type) -> bool:
    """Give the frozen, slotted dataclass ``cls`` a slot-setting ``__init__``; False (and
    nothing changed) where the class is not one or needs what only the original does."""
    params = getattr(cls, "__dataclass_params__", None)
    fields = cls.__dict__.get("__dataclass_fields__")
    if params is None or fields is None or not params.frozen or not params.init:
        return False
    if "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return False
    # the instance fields (class variables aside), each given by __init__ or its default;
    # no InitVar among them (the dataclasses module marks each field's kind)
    kinds = [f._field_type for f in fields.values()]
    if dataclasses._FIELD_INITVAR in kinds:  # type: ignore[attr-defined]
        return False
    settable = [f for f, kind in zip(fields.values(), kinds, strict=True)
                if kind is dataclasses._FIELD]  # type: ignore[attr-defined]
    if any(not f.init or f.default_factory is not dataclasses.MISSING for f in settable):
        return False
    original = cls.__dict__.get("__init__")
    if original is None:
        return False
    signature = inspect.signature(original)
    names = [name for name in signature.parameters if name != "self"]
    if sorted(names) != sorted(f.name for f in settable) or any(
            not isinstance(_slot(cls, name), types.MemberDescriptorType) for name in names):
        return False
    written = _written_init(cls, signature)
    written.__annotations__ = dict(original.__annotations__)
    cls.__init__ = written  # type: ignore[misc]
    return True


def _slot(cls: type, name: str) -> Any:
    """The descriptor of field ``name``: the class's own slot or an inherited one."""
    return inspect.getattr_static(cls, name, None)


def _written_init(cls: type, signature: inspect.Signature) -> Any:
    """An ``__init__`` with ``signature`` whose body hands each value to its slot."""
    namespace: dict[str, Any] = {}
    params, body = ["self"], []
    keyword_only = False
    for index, (name, param) in enumerate(signature.parameters.items()):
        if name == "self":
            continue
        if param.kind is inspect.Parameter.KEYWORD_ONLY and not keyword_only:
            params.append("*")
            keyword_only = True
        default = ""
        if param.default is not inspect.Parameter.empty:
            namespace[f"_default_{index}"] = param.default
            default = f"=_default_{index}"
        params.append(f"{name}{default}")
        namespace[f"_set_{index}"] = _slot(cls, name).__set__
        body.append(f"    _set_{index}(self, {name})")
    source = f"def __init__({', '.join(params)}):\n" + "\n".join(body or ["    pass"]) + "\n"
    exec(source, namespace)  # names and defaults come from the class's own signature
    function = namespace["__init__"]
    function.__qualname__ = f"{cls.__qualname__}.__init__"
    function.__module__ = cls.__module__
    function.__doc__ = f"Set each field of {cls.__name__} through its slot."
    return function
