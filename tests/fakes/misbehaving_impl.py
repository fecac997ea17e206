"""A deliberately broken implementation for runner tests: crashes, garbage, hangs, lies."""

import json
import sys
import time


def main() -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "start":
            print(
                json.dumps(
                    {
                        "version": 1,
                        "implementation": {"name": "broken", "version": "0", "ops": ["classify", "beats"]},
                    }
                ),
                flush=True,
            )
        elif msg["cmd"] == "stop":
            sys.exit(0)
        else:
            cards = msg["input"].get("cards", "")
            if cards == "R":
                sys.exit(3)  # crash
            elif cards == "33":
                print("this is not json", flush=True)
            elif cards == "333":
                time.sleep(30)  # hang
            elif cards == "3333":
                print(
                    json.dumps({"seq": msg["seq"], "skipped": True, "message": "no bombs here"}), flush=True
                )
            else:
                print(
                    json.dumps({"seq": msg["seq"], "result": {"kind": "single", "rank": "3", "chain": 1}}),
                    flush=True,
                )


if __name__ == "__main__":
    main()
