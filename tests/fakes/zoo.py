"""A zoo of misbehaving implementations for the runner: ``python zoo.py MODE [ARG]``.

Every mode answers ``classify`` with a single 3 unless it misbehaves on purpose.
"""

import json
import os
import sys
import time

IMPLEMENTATION: dict[str, object] = {"name": "zoo", "version": "0", "ops": ["classify"]}
HELLO = {"version": 1, "implementation": IMPLEMENTATION}
THREE = {"kind": "single", "rank": "3", "chain": 1}


def say(obj: object) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def raw(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def hello(mode: str) -> None:
    if mode == "hang-start":
        time.sleep(60)
    bad = {
        "bad-variant": {**IMPLEMENTATION, "variant": "bogus"},
        "bad-ops": {**IMPLEMENTATION, "ops": 5},
        "bad-impl": [],
    }
    if mode in bad:
        say({"version": 1, "implementation": bad[mode]})
    elif mode == "garbage-start":
        say("hello there")
    else:
        say(HELLO)


def answer(mode: str, seq: int, served: int) -> None:
    if mode == "hang":
        time.sleep(60)
    elif mode == "crash-after" and served >= int(sys.argv[2]):
        sys.stderr.write(f"zoo: boom after {served} requests\n")
        sys.stderr.flush()
        sys.exit(1)
    elif mode == "garbage":
        raw(b"<html>not json</html>\n")
    elif mode == "non-utf8":
        raw(b'{"seq": ' + str(seq).encode() + b', "result": {"kind": "\xff\xfe"}}\n')
    elif mode == "deep":
        depth = int(sys.argv[2])
        raw(
            b'{"seq": ' + str(seq).encode() + b', "result": {"kind": ' + b"[" * depth + b"]" * depth + b"}}\n"
        )
    elif mode == "out-of-order":
        say({"seq": seq - 1, "result": THREE})
    elif mode == "huge-line":
        raw(b"x" * (3 << 20) + b"\n")
    elif mode == "off-schema":
        say({"seq": seq, "result": {"kind": 3}})
    else:
        if mode == "stderr-flood":
            sys.stderr.write("noise " * 20 + "\n" * 1 + ("flood line\n" * 20000))
            sys.stderr.flush()
        say({"seq": seq, "result": THREE})


def main() -> None:
    mode = sys.argv[1]
    if mode == "hang-start" and len(sys.argv) > 2:
        with open(sys.argv[2], "w") as fh:
            fh.write(str(os.getpid()))
    served = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "start":
            hello(mode)
        elif msg["cmd"] == "stop":
            return
        else:
            answer(mode, msg["seq"], served)
            served += 1


if __name__ == "__main__":
    main()
