"""Reads a cycle-model event log (`ventus ... --timing --events FILE`, docs/timing.md "Event
log"): the one parser of scripts/event_diff.py and scripts/event_profile.py."""
import collections

Event = collections.namedtuple("Event", "cycle name fields line")


def read_launches(path):
    """[(launch name, [Event])] in file order (a launch run twice appears twice). A launch
    starts at a `# launch NAME` line (the model's log) or a `KERNEL_START ... name=NAME` event
    (an RTL trace, ../shared/rtl/traces/README.md). A line that is neither a comment nor
    `CYCLE EVENT key=value...` raises ValueError naming it."""
    launches = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("# launch "):
                launches.append((line[len("# launch "):], []))
                continue
            if not line or line.startswith("#"):
                continue
            words = line.split()
            names = [w[5:] for w in words[2:] if w.startswith("name=")]
            if len(words) > 1 and words[1] == "KERNEL_START" and names:
                launches.append((names[0], []))  # an RTL trace's launch header
            if not launches or len(words) < 2 or not words[0].isdigit():
                raise ValueError(f"{path}:{number}: not an event line: {line[:80]!r}")
            fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            launches[-1][1].append(Event(int(words[0]), words[1], fields, line))
    return launches
