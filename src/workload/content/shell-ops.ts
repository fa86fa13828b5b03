/**
 * Shell commands of an operations session: service logs, Kubernetes and Docker listings, systemd,
 * HTTP probes, disk and memory checks. Log output is the heavy tail here (hundreds of timestamped
 * lines per `kubectl logs`), which is what fills a large window in a long on-call session.
 */
import type { Family, ShellCtx } from './shell-coding.js';
import { hex } from './shell-coding.js';

const SERVICES = ['api', 'worker', 'gateway', 'scheduler', 'ingest', 'billing'];
const LEVELS = ['INFO ', 'INFO ', 'INFO ', 'DEBUG', 'WARN ', 'ERROR'];
const EVENTS = [
  'processed batch',
  'request completed',
  'cache miss for key',
  'retrying upstream call',
  'connection pool exhausted, waiting',
  'health check ok',
  'slow query detected',
  'message acknowledged',
];
const svc = (c: ShellCtx) => c.rng.pick(SERVICES);
const num = (c: ShellCtx, lo: number, hi: number) => String(c.rng.int(lo, hi));
const two = (c: ShellCtx, hi: number) => String(c.rng.int(0, hi)).padStart(2, '0');

const logs: Family = {
  id: 'logs', min: 30, max: 40000,
  start: (c, failed) => {
    const s = svc(c);
    return {
      command: c.rng.pick([`kubectl logs deploy/${s} --tail=${c.rng.pick([100, 200, 500])}`, `journalctl -u ${s} -n 300 --no-pager`, `docker logs --since 1h ${s}-1`]),
      head: [],
      body: (i) => (failed && i % 25 === 24
        ? ['Traceback (most recent call last): ConnectionResetError: [Errno 104] Connection reset by peer']
        : ['2026-03-14T', two(c, 23), ':', two(c, 59), ':', two(c, 59), '.', num(c, 100, 999), 'Z ', c.rng.pick(LEVELS), ' [', s, '] ', c.rng.pick(EVENTS), ' id=', num(c, 1000, 99999), ' took=', num(c, 1, 5000), 'ms']),
      tail: [], failCode: 1,
    };
  },
};

const pods: Family = {
  id: 'pods', min: 20, max: 4000,
  start: (c) => ({
    command: c.rng.pick(['kubectl get pods -A', 'kubectl get pods -n prod -o wide', 'kubectl get deploy,svc -n prod']),
    head: [['NAMESPACE   NAME                                 READY   STATUS             RESTARTS      AGE']],
    body: () => ['prod        ', svc(c), '-', hex(c.rng, 9), '-', hex(c.rng, 5), '   1/1     ', c.rng.pick(['Running         ', 'Running         ', 'CrashLoopBackOff', 'Pending         ']), '   ', num(c, 0, 40), '   ', num(c, 1, 30), 'd'],
    tail: [], failCode: 1,
  }),
};

const describe: Family = {
  id: 'describe', min: 100, max: 6000,
  start: (c) => {
    const s = svc(c);
    return {
      command: `kubectl describe pod ${s}-${hex(c.rng, 9)}`,
      head: [['Name:         ', s, '-', hex(c.rng, 9)], ['Namespace:    prod'], ['Status:       Running']],
      body: () => c.rng.pick([
        ['  Warning  Unhealthy  ', num(c, 1, 59), 'm   kubelet  Readiness probe failed: HTTP probe failed with statuscode: 503'],
        ['  Normal   Pulled     ', num(c, 1, 59), 'm   kubelet  Container image "registry.local/', s, ':1.', num(c, 0, 40), '" already present on machine'],
        ['    Limits:      cpu: 500m, memory: 512Mi'],
        ['    Last State:  Terminated, Reason: OOMKilled, Exit Code: 137'],
      ]),
      tail: [], failCode: 1,
    };
  },
};

const systemctl: Family = {
  id: 'systemctl', min: 10, max: 600,
  start: (c) => {
    const s = svc(c);
    return {
      command: `systemctl status ${s}`,
      head: [['● ', s, '.service - ', s, ' daemon'], ['     Loaded: loaded (/etc/systemd/system/', s, '.service; enabled)'], ['     Active: active (running) since Sat 2026-03-14 08:', two(c, 59), ':', two(c, 59), ' UTC']],
      body: () => ['Mar 14 10:', two(c, 59), ':', two(c, 59), ' host-', num(c, 1, 9), ' ', s, '[', num(c, 100, 9999), ']: ', c.rng.pick(EVENTS)],
      tail: [], failCode: 3,
    };
  },
};

const probe: Family = {
  id: 'probe', min: 1, max: 2000,
  start: (c, failed) => ({
    command: c.rng.pick([`curl -s http://${svc(c)}.prod.svc:8080/healthz`, `curl -s https://status.example.com/api/v2/summary.json | jq .`, 'df -h', 'free -m']),
    head: failed ? [['curl: (7) Failed to connect to ', svc(c), '.prod.svc port 8080: Connection refused']] : [],
    body: () => c.rng.pick([['  "status": "ok",'], ['  "latency_ms": ', num(c, 1, 900), ','], ['/dev/nvme0n1p1  ', num(c, 20, 500), 'G  ', num(c, 10, 400), 'G  ', num(c, 1, 99), 'G  ', num(c, 10, 99), '% /']]),
    tail: [], failCode: 7,
  }),
};

const silentOps: Family = {
  id: 'silent', min: 0, max: 0,
  start: (c) => ({
    command: c.rng.pick([`kubectl rollout restart deploy/${svc(c)}`, `kubectl scale deploy/${svc(c)} --replicas=3`, 'sudo systemctl reload nginx']),
    head: [], body: () => [], tail: [], maxBody: 0, failCode: 1,
  }),
};

export const OPS_FAMILIES: readonly Family[] = [silentOps, logs, pods, describe, systemctl, probe];
