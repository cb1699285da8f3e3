"""The closing walk of docs/hosting.md by hand (issue 21): PostgreSQL, two `spider serve`
processes in the job-queue layout, one `spider worker`; kill -9 a server mid-search and
mid-can-win, SIGTERM one mid-search (a rolling restart), stop the worker. It makes a new
database on the cluster. Usage (httpx from the test extra):
    .venv/bin/python scripts/hosting_walk.py .venv/bin/spider postgresql+psycopg://USER@HOST:PORT/DB"""
import os, signal, subprocess, sys, time, glob
import httpx

spider, base = sys.argv[1], sys.argv[2]
db = f"walk{int(time.time())}"
createdb = sorted(glob.glob("/usr/lib/postgresql/*/bin/createdb"))[-1]
host_port = base.split("@")[1].split("/")[0]
h, p = host_port.split(":")
subprocess.run([createdb, "-h", h, "-p", p, "-U", "spider", db], check=True)
url = f"{base.rsplit('/', 1)[0]}/{db}"
env = {**os.environ, "SPIDER_DB_URL": url, "SPIDER_JOB_QUEUE": "procrastinate", "SPIDER_WINNABLE_STOCK": "0"}  # searches, not the stock
print("$ spider db upgrade"); print(subprocess.run([spider, "db", "upgrade"], env=env, capture_output=True, text=True).stdout.strip())
logs = open("/tmp/walk.log", "w")
def serve(port):
    return subprocess.Popen([spider, "serve", "--host", "127.0.0.1", "--port", str(port)], env=env, stdout=logs, stderr=logs)
def worker():
    return subprocess.Popen([spider, "worker", "--concurrency", "2"], env=env, stdout=logs, stderr=logs)
def up(port):
    for _ in range(200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code in (200, 503): return
        except Exception: pass
        time.sleep(0.1)
    raise SystemExit(f"{port} did not start")
A, B = "http://127.0.0.1:8101", "http://127.0.0.1:8102"
a, b, w = serve(8101), serve(8102), worker()
up(8101); up(8102); time.sleep(3)
print("healthz A:", httpx.get(A + "/healthz").json())
c = httpx.Client(timeout=60)
state = c.post(A + "/api/games", json={"suits": 4}).json()
print("new game on A:", state["code"])

def poll_until_ended(url, started):
    while True:
        r = c.get(url).json()
        if r["status"] != "running":
            return r, time.monotonic() - started
        time.sleep(0.2)

# 1. kill -9 A in the middle of a deal search
s = c.post(A + "/api/winnable-deals", json={"suits": 4, "confirm": ["abandon"]}).json()
time.sleep(1.5)
print("search on A:", s["status"], "polled on B:", c.get(f"{B}/api/winnable-deals/{s['id']}").json()["status"])
a.kill(); killed = time.monotonic(); print("kill -9 A (pid %d)" % a.pid)
r, secs = poll_until_ended(f"{B}/api/winnable-deals/{s['id']}", killed)
print(f"search polled on B: {r['status']} {r['reason']} after {secs:.1f} s: {r['message']}")

# 2. restart A; can-win with Keep thinking on A, kill -9 A mid-job
a = serve(8101); up(8101)
cur = c.get(B + "/api/games/current").json()
job = c.post(f"{A}/api/games/{cur['id']}/can-win", json={"version": cur["version"], "limit": "long"})
print("can-win on A:", job.status_code, job.json()["status"], job.json()["message"])
time.sleep(1.5)
a.kill(); killed = time.monotonic(); print("kill -9 A")
r, secs = poll_until_ended(f"{B}/api/help-jobs/{job.json()['id']}", killed)
print(f"can-win job polled on B: {r['status']} {r['reason']} after {secs:.1f} s: {r['message']}")

# 3. rolling restart: SIGTERM B in the middle of a search started on B, poll on A
a = serve(8101); up(8101)
s = c.post(B + "/api/winnable-deals", json={"suits": 4, "confirm": ["abandon"]}).json()
time.sleep(1.5)
b.send_signal(signal.SIGTERM); stopped = time.monotonic(); print("SIGTERM B")
r, secs = poll_until_ended(f"{A}/api/winnable-deals/{s['id']}", stopped)
print(f"search polled on A: {r['status']} {r['reason']} after {secs:.1f} s; B exited {b.wait(30)}")
b = serve(8102); up(8102)

# 4. a can-win to its answer, asked on A and polled on B
cur = c.get(A + "/api/games/current").json()
job = c.post(f"{A}/api/games/{cur['id']}/can-win", json={"version": cur["version"]}).json()
r, secs = poll_until_ended(f"{B}/api/help-jobs/{job['id']}", time.monotonic())
print(f"can-win asked on A, answered on B after {secs:.1f} s: {r['status']}, {r['can_win']['answer'] if r['can_win'] else r['reason']}: {r['can_win']['message'] if r['can_win'] else r['message']}")

# 5. the worker gone
w.terminate(); w.wait(30); time.sleep(11)
print("healthz without worker:", httpx.get(A + "/healthz").json(), "/healthz/workers", httpx.get(A + "/healthz/workers").status_code)
r = c.post(f"{A}/api/games/{cur['id']}/can-win", json={"version": cur["version"]})
print("can-win without worker:", r.status_code, r.headers.get("retry-after"), r.json().get("message"))
for proc in (a, b):
    proc.terminate(); proc.wait(30)
print("done")
