#!/usr/bin/env python3
"""list_tables' answer time while four slow check_sql calls run, on stdio (docs/sql-reader.md).

usage: list-tables-during-checks.py SERVER PROJECT [CALLS=4] [ROUNDS=5]

SERVER is the packaged runner jar (run with java -jar) or the dbprint-mcp launcher; PROJECT a project directory
(a copy of src/sample). Each round sends CALLS check_sql calls of twenty 10,000-term statements (each spends its whole
budget), waits one second, sends list_tables and times its answer; then waits for the checks' answers.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

server, project = sys.argv[1], sys.argv[2]
calls = int(sys.argv[3]) if len(sys.argv) > 3 else 4
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
statement = "SELECT model FROM rental.bike WHERE status = 'in_service'" + "".join(
    " AND bike_id <> %d" % i for i in range(1, 10000))
slow = (statement + ";\n") * 20
command = ["java", "-jar", server] if server.endswith(".jar") else [server]
env = dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp())
p = subprocess.Popen(command + ["--project", project], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL, env=env)


def send(message):
    p.stdin.write((json.dumps(dict(message, jsonrpc="2.0")) + "\n").encode())
    p.stdin.flush()


def reply():
    return json.loads(p.stdout.readline())


def tool(id, name, arguments):
    send({"id": id, "method": "tools/call", "params": {"name": name, "arguments": arguments}})


send({"id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                                  "clientInfo": {"name": "bench", "version": "1"}}})
reply()
send({"method": "notifications/initialized"})
for k in range(3):  # warm
    tool(100 + k, "list_tables", {})
    reply()
times = []
for r in range(rounds):
    base = 1000 * (r + 1)
    for i in range(calls):
        tool(base + i, "check_sql", {"sql": "-- round %d call %d\n%s" % (r, i, slow)})
    time.sleep(1.0)
    start = time.monotonic()
    tool(base + 99, "list_tables", {})
    seen = set()
    while base + 99 not in seen:
        seen.add(reply()["id"])
    times.append((time.monotonic() - start) * 1000)
    while len([k for k in seen if k < base + 99]) < calls:
        seen.add(reply()["id"])
print("list_tables during %d slow check_sql calls, ms: %s" % (calls, ", ".join("%.1f" % t for t in times)))
p.stdin.close()
p.wait()
