"""Hostile implementations for the runner: ``python hostile.py MODE``.

- ``mute``: answers the handshake, then never answers (and ignores ``stop``);
- ``escapes``: a name, an errored message and stderr lines full of terminal escape sequences,
  and a wrong result carrying them too;
- ``one_in_three``: answers one case in three (a single 3) and never the two others;
- ``exit_each_run``: exits on every ``run``;
- ``slow_start_crash [SECONDS]``: takes SECONDS (29 by default) to answer the handshake, then exits
  on the first ``run``.
"""

import json
import sys
import time

ESC = "\x1b[2J\x1b[31mPWNED\x9b31m\u202e"


def say(obj: object) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main() -> None:
    mode = sys.argv[1]
    name = "hostile" + (ESC if mode == "escapes" else "")
    for line in sys.stdin:
        req = json.loads(line)
        if req.get("cmd") == "start":
            if mode == "slow_start_crash":
                time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 29)
            say({"version": 1, "implementation": {"name": name, "version": "0", "ops": ["classify"]}})
            continue
        if mode == "mute":
            time.sleep(3600)
        if req.get("cmd") == "stop":
            return
        if mode in ("exit_each_run", "slow_start_crash"):
            sys.exit(1)
        if mode == "one_in_three":
            if req["seq"] % 3 == 1:
                say({"seq": req["seq"], "result": {"kind": "single", "rank": "3", "chain": 1}})
            continue
        sys.stderr.write("oops " + ESC + "\n")
        sys.stderr.flush()
        if req["seq"] % 2:
            say({"seq": req["seq"], "errored": True, "context": {"message": "bad " + ESC}})
        else:
            say({"seq": req["seq"], "result": {"kind": "single" + ESC, "rank": ESC, "chain": 1}})


if __name__ == "__main__":
    main()
