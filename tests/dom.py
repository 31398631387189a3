"""A minimal DOM from the standard library's html.parser, for tests that read pages back."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    parent: Element | None = None
    children: list = field(default_factory=list)  # Element or str

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self, tag: str | None = None):
        for child in self.children:
            if isinstance(child, Element):
                if tag is None or child.tag == tag:
                    yield child
                yield from child.iter(tag)

    def kids(self, tag: str) -> list[Element]:
        return [c for c in self.children if isinstance(c, Element) and c.tag == tag]

    def ancestors(self, tag: str) -> list[Element]:
        found, node = [], self.parent
        while node is not None:
            if node.tag == tag:
                found.append(node)
            node = node.parent
        return found[::-1]

    def by_id(self, ident: str) -> Element:
        return next(e for e in self.iter() if e.attrs.get("id") == ident)

    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {})
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        element = Element(tag, dict(attrs), self.current)
        self.current.children.append(element)
        if tag not in VOID:
            self.current = element

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node is self.current, f"</{tag}> closes <{self.current.tag}>"
        self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(text: str) -> Element:
    """The document; every element must be closed where it was opened (the writer's nesting is strict)."""
    builder = _Builder()
    builder.feed(text)
    builder.close()
    assert builder.current is builder.root, f"<{builder.current.tag}> never closed"
    return builder.root
