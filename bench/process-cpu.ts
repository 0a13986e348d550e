import { readdirSync, readFileSync } from 'node:fs';
import { fmt } from './figures';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  /** User and system CPU time, in ticks. */
  readonly ticks: number;
  /** The system part of it (the kernel's work for the process: its sockets, say). */
  readonly system: number;
  /** The same of its children that exited and were waited for (a PostgreSQL backend that closed). */
  readonly reaped: number;
}

function stat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return { pid, ppid: Number(fields[1]), ticks: utime + stime, system: stime, reaped: cutime + cstime };
  } catch {
    return undefined; // gone meanwhile
  }
}

/**
 * CPU ticks of a process and, apart, of all its descendants (those that exited included, through
 * their parents' waited-for time), now.
 */
function treeTicks(root: number): { self: number; selfSystem: number; descendants: number } {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => stat(Number(entry)) ?? []);
  const children = new Map<number, ProcStat[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let descendants = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      descendants += child.ticks + child.reaped;
      walk(child.pid);
    }
  };
  walk(root);
  const self = all.find((p) => p.pid === root);
  return { self: self?.ticks ?? 0, selfSystem: self?.system ?? 0, descendants };
}

/**
 * Runs `load` and says how much CPU the server process and its descendants (the embedded PostgreSQL
 * cluster) spent per answer meanwhile, and this process (the load generator, which shares the machine's
 * cores with them): a figure the host's noise moves far less than a rate does, since
 * a slower or busier machine stretches the run rather than the work (Linux only; Linux's /proc).
 */
export async function cpuDuring<T>(
  serverPid: number,
  load: () => Promise<T>,
  answers: (result: T) => number,
): Promise<[T, string]> {
  const before = treeTicks(serverPid);
  const ownBefore = process.cpuUsage();
  const result = await load();
  const own = process.cpuUsage(ownBefore);
  const after = treeTicks(serverPid);
  const n = answers(result);
  if (n === 0) return [result, 'no answers'];
  const perAnswer = (ticks: number) => fmt(((ticks / TICKS_PER_SECOND) * 1e6) / n, 0);
  return [
    result,
    `CPU per answer: server ${perAnswer(after.self - before.self)} µs (${perAnswer(after.selfSystem - before.selfSystem)} of it in the kernel), PostgreSQL ${perAnswer(after.descendants - before.descendants)} µs, this load generator ${fmt((own.user + own.system) / n, 0)} µs`,
  ];
}
