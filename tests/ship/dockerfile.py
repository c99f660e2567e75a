"""A Dockerfile as data: its stages and instructions, with continuation lines joined and
comments dropped (enough for the checks in test_dockerfile.py; hadolint does the full parse)."""

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Instruction:
    keyword: str
    args: str

    def exec_form(self) -> list[str]:
        """The JSON array of an exec-form CMD/ENTRYPOINT (or of HEALTHCHECK's CMD)."""
        return json.loads(self.args[self.args.index("[") :])


@dataclass
class Stage:
    image: str
    name: str | None
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[Instruction]:
        return [i for i in self.instructions if i.keyword == keyword]

    def one(self, keyword: str) -> Instruction:
        found = self.all(keyword)
        assert len(found) == 1, f"{len(found)} {keyword} in the stage from {self.image}"
        return found[0]

    def index(self, instruction: Instruction) -> int:
        return self.instructions.index(instruction)


def parse(path: Path) -> list[Stage]:
    stages: list[Stage] = []
    logical = re.sub(r"\\\n(\s*#[^\n]*\n)*", " ", path.read_text())
    for line in logical.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, args = line.partition(" ")
        keyword, args = keyword.upper(), args.strip()
        if keyword == "FROM":
            words = shlex.split(args)
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append(Stage(words[0], name))
        else:
            stages[-1].instructions.append(Instruction(keyword, args))
    return stages
