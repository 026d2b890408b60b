"""Drive the installed stepviz kernel with Jupyter's own client.

Run by kernel_test.go with /usr/bin/python3 and JUPYTER_PATH pointing at a
temporary kernelspec. Prints "ok NAME" for every check passed; exits non-zero
with a message at the first failure.
"""
import base64
import os
import sys
import tempfile
import time

import zmq
from jupyter_client.manager import KernelManager
from jupyter_client.session import Session

TIMEOUT = 30


def fail(msg):
    print("FAIL " + msg, flush=True)
    sys.exit(1)


def check(cond, name, detail=""):
    if not cond:
        fail(name + (": " + str(detail) if detail else ""))
    print("ok " + name, flush=True)


def collect(kc, msg_id):
    """iopub messages whose parent is msg_id, up to and including idle."""
    out = []
    deadline = time.time() + TIMEOUT
    while time.time() < deadline:
        try:
            m = kc.get_iopub_msg(timeout=1)
        except Exception:
            continue
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        out.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return out
    fail("no idle status for %s; got %s" % (msg_id, [m["msg_type"] for m in out]))


def shell_reply(kc, msg_id):
    deadline = time.time() + TIMEOUT
    while time.time() < deadline:
        m = kc.get_shell_msg(timeout=TIMEOUT)
        if m["parent_header"].get("msg_id") == msg_id:
            return m
    fail("no reply to " + msg_id)


def execute(kc, code):
    msg_id = kc.execute(code)
    reply = shell_reply(kc, msg_id)
    return reply, collect(kc, msg_id)


def types(msgs):
    return [m["msg_type"] for m in msgs]


def main():
    workdir = tempfile.mkdtemp()
    km = KernelManager(kernel_name="stepviz")
    log_path = os.path.join(workdir, "kernel.log")
    log = open(log_path, "w")
    km.start_kernel(cwd=workdir, stderr=log)
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=TIMEOUT)
    # wait_for_ready leaves iopub messages of its kernel_info requests behind
    time.sleep(0.5)
    while True:
        try:
            kc.get_iopub_msg(timeout=0.2)
        except Exception:
            break

    # kernel_info, wrapped in busy/idle whose parent is the request
    msg_id = kc.kernel_info()
    reply = shell_reply(kc, msg_id)
    c = reply["content"]
    check(reply["msg_type"] == "kernel_info_reply" and c["status"] == "ok", "kernel_info_reply", c)
    check(c["protocol_version"] == "5.3", "protocol_version", c["protocol_version"])
    li = c["language_info"]
    check(li["name"] == "stepviz", "language_info", li)
    import pygments.lexers
    try:
        pygments.lexers.get_lexer_by_name(li["pygments_lexer"])
        lexer_ok = True
    except Exception as e:
        lexer_ok = e
    check(lexer_ok is True, "pygments lexer exists", (li.get("pygments_lexer"), lexer_ok))
    check(li.get("codemirror_mode") == "shell", "codemirror_mode", li)
    st = [m["content"]["execution_state"] for m in collect(kc, msg_id) if m["msg_type"] == "status"]
    check(st == ["busy", "idle"], "kernel_info busy/idle", st)

    # a cell with a live view
    reply, msgs = execute(kc, "puzzle 283164705 goal=123804765\na = search astar h=manhattan")
    check(reply["content"]["status"] == "ok", "execute_reply ok", reply["content"])
    check(reply["content"]["execution_count"] == 1, "execution_count", reply["content"])
    t = types(msgs)
    check(t[0] == "status" and t[1] == "execute_input" and t[-1] == "status", "execute iopub order", t)
    displays = [m for m in msgs if m["msg_type"] == "display_data"]
    views = [m for m in displays if m["content"].get("transient", {}).get("display_id")
             and "-picture-" not in m["content"]["transient"]["display_id"]]
    check(len(views) == 1, "display_data with a display_id", t)
    view = views[0]["content"]
    display_id = view["transient"]["display_id"]
    check("text/html" not in view["data"] and "step 0" in view["data"].get("text/markdown", ""), "display markdown", view["data"].keys())
    check("<svg" not in view["data"].get("text/markdown", ""), "display markdown without its drawings")
    check("text/plain" in view["data"], "display text/plain")
    # each drawing of the view is its own display: png and a caption, no svg or html
    pictures = [m["content"] for m in displays if m["content"].get("transient", {}).get("display_id", "").startswith(display_id + "-picture-")]
    check(len(pictures) == 2 and all(set(p["data"]) == {"image/png", "text/plain"} for p in pictures)
          and all(base64.b64decode(p["data"]["image/png"]).startswith(b"\x89PNG") for p in pictures),
          "view pictures as png", [sorted(p["data"]) for p in pictures])
    check(all("a at step 0: astar h=manhattan on puzzle" in p["data"]["text/plain"] for p in pictures),
          "picture captions", [p["data"]["text/plain"] for p in pictures])

    # a later cell shows the search in a view of its own and leaves the
    # earlier cell's view as it was
    reply, msgs = execute(kc, "step a 2")
    check(reply["content"]["status"] == "ok", "step reply ok", reply["content"])
    updates = [m for m in msgs if m["msg_type"] == "update_display_data"]
    check(not any(m["content"]["transient"]["display_id"].startswith(display_id) for m in updates), "earlier view left alone", types(msgs))
    own = [m["content"] for m in msgs if m["msg_type"] == "display_data" and m["content"].get("transient", {}).get("display_id")
           and "-picture-" not in m["content"]["transient"]["display_id"]]
    check(len(own) == 1 and own[0]["transient"]["display_id"] != display_id and "step 2" in own[0]["data"]["text/markdown"],
          "the step cell's own view at step 2", [o["data"].get("text/markdown", "")[:200] for o in own])
    own_pictures = [m["content"] for m in msgs if m["msg_type"] in ("display_data", "update_display_data")
                    and "image/png" in m["content"]["data"] and "a at step 2:" in m["content"]["data"]["text/plain"]]
    check(len(own_pictures) == 2, "the step cell's own pictures at step 2", types(msgs))

    # an error
    reply, msgs = execute(kc, "step a\nsearch astar h=manhatan")
    c = reply["content"]
    check(c["status"] == "error", "error reply status", c)
    check("did you mean manhattan" in c["evalue"] and c["ename"] and c["traceback"], "error reply fields", c)
    errs = [m for m in msgs if m["msg_type"] == "error"]
    check(len(errs) == 1 and errs[0]["content"]["evalue"] == c["evalue"], "error on iopub", types(msgs))
    reply, msgs = execute(kc, "show a stats")
    check(reply["content"]["status"] == "ok", "state kept after an error", reply["content"])
    results = [m for m in msgs if m["msg_type"] == "execute_result"]
    check(len(results) == 1 and results[0]["content"]["execution_count"] == reply["content"]["execution_count"]
          and "text/plain" in results[0]["content"]["data"], "show stats is an execute_result", types(msgs))
    text = results[0]["content"]["data"]["text/plain"]
    check("a at step 3 " in text, "search at step 3 after the error", text)

    # after a failed cell, the cells already queued are aborted (stop_on_error);
    # the failing cell runs long enough (a BFS of a million nodes, then the
    # puzzle the cells below use) that the two cells after it are queued
    # before it fails, even when this client is descheduled between sends
    first = kc.execute("puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\ncompare bfs maxnodes=1000000\n"
                       "puzzle 867254301 goal=123456780\ncompare bfs\nshow nosuch stats")
    queued = [kc.execute("step a"), kc.execute("step a")]
    c = shell_reply(kc, first)["content"]
    check(c["status"] == "error" and "no search named 'nosuch'" in c["evalue"], "failing cell before a queue", c)
    for q in queued:
        c = shell_reply(kc, q)["content"]
        check(c["status"] == "aborted", "queued cell aborted", c)
    for m in [first] + queued:
        collect(kc, m)
    reply, msgs = execute(kc, "show a stats")
    text = [m for m in msgs if m["msg_type"] == "execute_result"][0]["content"]["data"]["text/plain"]
    check("a at step 3 " in text, "aborted cells did not run", text)

    # export into a file beside the notebook (the kernel's directory)
    reply, msgs = execute(kc, "export a csv to trace.csv")
    path = os.path.join(workdir, "trace.csv")
    check(reply["content"]["status"] == "ok" and os.path.exists(path), "export to a file", reply["content"])
    check(open(path).read().startswith("step,node,state"), "exported csv")
    check(os.path.exists(path + "-metadata.json"), "exported csv sidecar")

    # a trace written beside the notebook opens again as a new search
    reply, msgs = execute(kc, "export a json to trace.json\nb = replay trace.json")
    check(reply["content"]["status"] == "ok", "replay a trace file", reply["content"])
    views = [m for m in msgs if m["msg_type"] == "display_data" and m["content"].get("transient", {}).get("display_id")
             and "-picture-" not in m["content"]["transient"]["display_id"]]
    check(len(views) == 1 and views[0]["content"]["transient"]["display_id"] != display_id
          and "step 3" in views[0]["content"]["data"]["text/markdown"], "replayed view at step 3", types(msgs))
    reply, msgs = execute(kc, "replay nosuch.json")
    c = reply["content"]
    check(c["status"] == "error" and "no trace file nosuch.json" in c["evalue"], "replay error names the file", c)
    reply, msgs = execute(kc, "show b stats")
    text = [m for m in msgs if m["msg_type"] == "execute_result"][0]["content"]["data"]["text/plain"]
    check("b at step 3 " in text, "replayed search kept after an error", text)

    # a value is the cell's result only when it is the cell's last output
    reply, msgs = execute(kc, "show a stats\nstep a")
    check(not [m for m in msgs if m["msg_type"] == "execute_result"]
          and any(m["msg_type"] == "display_data" and "a at step" in m["content"]["data"]["text/plain"] for m in msgs),
          "a value before other output is display_data", types(msgs))
    reply, msgs = execute(kc, "compare astar h=manhattan, bfs")
    results = [m for m in msgs if m["msg_type"] == "execute_result"]
    check(len(results) == 1 and "compare on" in results[0]["content"]["data"]["text/plain"], "compare is an execute_result", types(msgs))
    compare_count = reply["content"]["execution_count"]

    # history: the cells of this session, for jupyter console's recall
    msg_id = kc.history(hist_access_type="tail", n=2, output=False, raw=True)
    c = shell_reply(kc, msg_id)["content"]
    hist = [list(h) for h in c["history"]]
    check(c["status"] == "ok" and len(hist) == 2 and hist[-1][1] == compare_count
          and hist[-1][2] == "compare astar h=manhattan, bfs" and hist[0][2] == "show a stats\nstep a", "history tail", c)
    msg_id = kc.history(hist_access_type="tail", n=1, output=True, raw=True)
    c = shell_reply(kc, msg_id)["content"]
    check(c["history"] and "compare on" in c["history"][0][2][1], "history with output", c)
    msg_id = kc.history(hist_access_type="range", session=0, start=1, stop=3, raw=True, output=False)
    c = shell_reply(kc, msg_id)["content"]
    check([h[1] for h in c["history"]] == [1, 2] and c["history"][0][2].startswith("puzzle 283164705"), "history range", c)
    msg_id = kc.history(hist_access_type="search", pattern="export*", unique=True, raw=True, output=False)
    c = shell_reply(kc, msg_id)["content"]
    check([h[2] for h in c["history"]] == ["export a csv to trace.csv", "export a json to trace.json\nb = replay trace.json"], "history search", c)

    # comms: opened by widgets and extensions, ignored quietly; comm_info answered
    kc.session.send(kc.shell_channel.socket, "comm_open", {"comm_id": "c1", "target_name": "jupyter.widget", "data": {}})
    kc.session.send(kc.shell_channel.socket, "comm_msg", {"comm_id": "c1", "data": {}})
    kc.session.send(kc.shell_channel.socket, "comm_close", {"comm_id": "c1", "data": {}})
    msg_id = kc.comm_info()
    c = shell_reply(kc, msg_id)["content"]
    check(c["status"] == "ok" and c["comms"] == {}, "comm_info_reply", c)

    # completion, inspection, is_complete
    code = "search astar h=man"
    msg_id = kc.complete(code, len(code))
    c = shell_reply(kc, msg_id)["content"]
    check(c["status"] == "ok" and "h=manhattan" in c["matches"], "complete_reply", c)
    check(c["cursor_start"] == len("search astar ") and c["cursor_end"] == len(code), "complete cursor", c)
    msg_id = kc.complete("replay tr", 9)
    c = shell_reply(kc, msg_id)["content"]
    check(c["status"] == "ok" and c["matches"] == ["trace.json"], "complete a trace file", c)
    msg_id = kc.inspect("step 3", 2)
    c = shell_reply(kc, msg_id)["content"]
    check(c["status"] == "ok" and c["found"] and "step" in c["data"]["text/plain"], "inspect_reply", c)
    msg_id = kc.is_complete("compare bfs,")
    c = shell_reply(kc, msg_id)["content"]
    check(c["status"] == "incomplete", "is_complete_reply", c)
    for code, indent in [("heuristic tiles:", ""), ("problem maze:", ""), ("heuristic tiles:\ndef h(s):", "    ")]:
        msg_id = kc.is_complete(code)
        c = shell_reply(kc, msg_id)["content"]
        check(c["status"] == "incomplete" and c.get("indent") == indent, "is_complete of an open script block", (code, c))

    # a message signed with the wrong key is dropped; the kernel still answers
    ctx = zmq.Context.instance()
    sock = ctx.socket(zmq.DEALER)
    sock.setsockopt(zmq.LINGER, 0)
    sock.connect("%s://%s:%d" % (km.transport, km.ip, km.shell_port))
    bad = Session(key=b"not-the-key", username="intruder")
    bad.send(sock, "kernel_info_request", {})
    check(sock.poll(1500) == 0, "bad signature dropped")
    good = Session(key=km.session.key, username="friend")
    good.send(sock, "kernel_info_request", {})
    check(sock.poll(TIMEOUT * 1000) != 0, "kernel answers after a bad signature")
    idents, msg = good.recv(sock, mode=0)
    check(msg["msg_type"] == "kernel_info_reply", "good signature answered", msg["msg_type"])
    sock.close()

    # interrupt a long run
    reply, _ = execute(kc, "puzzle 15,14,13,12,11,10,9,8,7,6,5,4,3,1,2,0\nlong = search bfs maxnodes=10000000")
    check(reply["content"]["status"] == "ok", "long search set up", reply["content"])
    msg_id = kc.execute("run long to goal")
    time.sleep(1.5)
    km.interrupt_kernel()
    reply = shell_reply(kc, msg_id)
    c = reply["content"]
    check(c["status"] == "error" and c["ename"] == "KeyboardInterrupt", "interrupted run", c)
    collect(kc, msg_id)
    reply, msgs = execute(kc, "show long stats")
    check(reply["content"]["status"] == "ok", "kernel alive after interrupt", reply["content"])

    # shutdown: the kernel exits by itself
    kc.shutdown()
    deadline = time.time() + 10
    while km.is_alive() and time.time() < deadline:
        time.sleep(0.1)
    check(not km.is_alive(), "kernel exited after shutdown_request")
    log.close()
    logged = open(log_path).read()
    check("comm" not in logged, "silent about comms", logged)
    kc.stop_channels()
    km.cleanup_resources()
    print("done", flush=True)


if __name__ == "__main__":
    main()
