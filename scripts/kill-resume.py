#!/usr/bin/env python3
# Kill and resume (issue 11, section 3): runs `annabella play` with the built-in pegboard
# simulator and a scripted game (the Ruy Lopez of CrashSafety), kills it with SIGKILL at random
# moments, one start in six during the start-up itself (0 to 250 ms), and starts it again with
# --resume while the folder holds a journal. Any start that does not connect the simulator within
# 30 s is reported with its output and the folder is copied to ROOT/fail-N.
#
#   python3 scripts/kill-resume.py build/dev/app/annabella /tmp/kr 200 SEED
#
# Run it beside CPU load (`nice -n 0 yes >/dev/null &` twice) for a part of the run.
# Before the journal was created with its first entry (RecordFolder::create_exclusive), a kill
# during a new game's start-up left an empty game.journal, and every later start failed.
import os, random, re, select, signal, subprocess, sys, time, shutil
BIN = sys.argv[1]; ROOT = sys.argv[2]; N = int(sys.argv[3]); SEED = int(sys.argv[4]) if len(sys.argv) > 4 else 1
SCRIPT = ["e2e4","e7e5","g1f3","b8c6","f1b5","a7a6","b5a4","g8f6","e1g1","f8e7","f1e1","b7b5","a4b3","d7d6","c2c3","e8g8","h2h3","c6b8","d2d4","b8d7"]
rnd = random.Random(SEED)
os.makedirs(ROOT, exist_ok=True)

class P:
    def __init__(s, args):
        s.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0)
        s.out = b""
    def pump(s, t):
        r, _, _ = select.select([s.p.stdout], [], [], t)
        if r:
            d = os.read(s.p.stdout.fileno(), 65536)
            if not d: return False
            s.out += d
        return True
    def wait_for(s, text, timeout):
        end = time.time() + timeout; b = text.encode()
        while time.time() < end:
            if b in s.out: return True
            if not s.pump(0.05) and s.p.poll() is not None:
                return b in s.out
        return b in s.out
    def send(s, line):
        try: s.p.stdin.write((line + "\n").encode())
        except BrokenPipeError: pass
    def kill9(s):
        try: s.p.send_signal(signal.SIGKILL)
        except ProcessLookupError: pass
        s.p.wait()
        while s.pump(0.01): 
            if s.p.stdout.closed: break
            r,_,_ = select.select([s.p.stdout],[],[],0)
            if not r: break

def plies_done(rec):
    j = os.path.join(rec, "game.journal")
    if not os.path.exists(j): return None
    n = 0
    with open(j, "rb") as f:
        for line in f:
            if not line.endswith(b"\n"): continue
            parts = line.split(b"\t")
            if len(parts) > 2 and parts[2] == b"move": n += 1
    return n

games = 0; rec = os.path.join(ROOT, "game-0")
stats = {"iters": 0, "resumes": 0, "startup_kills": 0, "fail": 0, "connect_ms": []}
for it in range(N):
    done = plies_done(rec)
    if done is not None and done >= len(SCRIPT):
        games += 1; rec = os.path.join(ROOT, "game-%d" % games); done = None
    resume = done is not None
    args = [BIN, "play", "--silent", "--record", rec] + (["--resume"] if resume else [])
    t0 = time.time()
    p = P(args)
    stats["iters"] += 1
    if resume: stats["resumes"] += 1
    # one in six: kill during start-up at a random moment
    if rnd.random() < 1/6:
        time.sleep(rnd.uniform(0, 0.25))
        p.kill9(); stats["startup_kills"] += 1
        continue
    if not p.wait_for("connected: the board", 30):
        stats["fail"] += 1
        d = os.path.join(ROOT, "fail-%d" % it)
        shutil.copytree(rec, d, symlinks=True)
        with open(d + ".out", "wb") as f: f.write(p.out)
        print("FAIL iter", it, "resume", resume, "->", d, flush=True)
        print(p.out.decode(errors="replace")[-3000:], flush=True)
        # state of the hung process
        try:
            for t in os.listdir("/proc/%d/task" % p.p.pid):
                wchan = open("/proc/%d/task/%s/wchan" % (p.p.pid, t)).read()
                comm = open("/proc/%d/task/%s/comm" % (p.p.pid, t)).read().strip()
                print("  thread", t, comm, wchan, flush=True)
            print("  link:", os.readlink(os.path.join(rec, "simulated-pegboard")) if os.path.islink(os.path.join(rec, "simulated-pegboard")) else "none")
        except Exception as e: print("  proc:", e)
        p.kill9(); continue
    stats["connect_ms"].append(int((time.time() - t0) * 1000))
    if done is None: done = 0
    plies = rnd.randint(0, 3); ok = True
    for k in range(plies + 1):
        ply = done + k
        if ply >= len(SCRIPT) or not ok: break
        uci = SCRIPT[ply]; last = k == plies
        if ply % 2 == 0:
            p.send("sim play " + uci)
        else:
            p.send(uci)
            if not last:
                ok = p.wait_for("(" + uci + ") by console", 30)
                p.send("sim play " + uci)
        if last:
            time.sleep(rnd.uniform(0, 0.3))
        else:
            ok = ok and p.wait_for(("(" + uci + ") by pegboard") if ply % 2 == 0 else ("executed " + uci), 30)
    if not ok:
        print("STUCK iter", it, p.out.decode(errors="replace")[-1500:], flush=True)
    p.kill9()
    if it % 10 == 0:
        cm = sorted(stats["connect_ms"])
        print("iter", it, {k: v for k, v in stats.items() if k != "connect_ms"}, "connect p50/max ms", cm[len(cm)//2] if cm else None, cm[-1] if cm else None, flush=True)
cm = sorted(stats["connect_ms"])
print("DONE", {k: v for k, v in stats.items() if k != "connect_ms"}, "connect p50/max ms", cm[len(cm)//2] if cm else None, cm[-1] if cm else None, "games", games, flush=True)
