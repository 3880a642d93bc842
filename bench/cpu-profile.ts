/*
 * Reads a V8 CPU profile (node --cpu-prof) into self and inclusive time by function and by
 * module: where a request's CPU goes, without a browser's devtools.
 */

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface Cost {
  readonly name: string;
  readonly selfMs: number;
  readonly inclusiveMs: number;
}

export interface ProfileSummary {
  /** Sampled time the process was busy (idle and the sampler's own program time excluded). */
  readonly busyMs: number;
  readonly functions: readonly Cost[];
  readonly modules: readonly Cost[];
}

const IDLE = new Set(['(idle)', '(program)']);

/** A module's name: the npm package, a Gatehouse source file, Node's internals, or V8 itself. */
export function moduleOf(url: string): string {
  if (url === '') return '(V8 and native)';
  if (url.startsWith('node:')) return 'node (internal)';
  const packages = url.lastIndexOf('/node_modules/');
  if (packages >= 0) {
    const [first = '', second = ''] = url.slice(packages + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const own = /\/dist\/((?:src|bench|test)\/.*)$/.exec(url);
  return own?.[1] ?? url;
}

function functionOf(frame: CallFrame): string {
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  if (frame.url === '') return name;
  return `${name} ${moduleOf(frame.url)}:${frame.lineNumber + 1}`;
}

export function summarize(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = { functions: new Map<string, number>(), modules: new Map<string, number>() };
  const inclusive = { functions: new Map<string, number>(), modules: new Map<string, number>() };
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  let busyUs = 0;
  profile.samples.forEach((nodeId, index) => {
    const us = profile.timeDeltas[index + 1] ?? 0;
    const node = byId.get(nodeId);
    if (node === undefined || IDLE.has(node.callFrame.functionName)) return;
    busyUs += us;
    add(self.functions, functionOf(node.callFrame), us);
    add(self.modules, moduleOf(node.callFrame.url), us);
    // Each function and module counts once per sample, however deep it recurses.
    const seenFunctions = new Set<string>();
    const seenModules = new Set<string>();
    for (let at: number | undefined = nodeId; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame === undefined || frame.functionName === '(root)') continue;
      seenFunctions.add(functionOf(frame));
      seenModules.add(moduleOf(frame.url));
    }
    for (const key of seenFunctions) add(inclusive.functions, key, us);
    for (const key of seenModules) add(inclusive.modules, key, us);
  });
  const costs = (kind: 'functions' | 'modules'): Cost[] => {
    const names = new Set([...self[kind].keys(), ...inclusive[kind].keys()]);
    return [...names].map((name) => ({
      name,
      selfMs: (self[kind].get(name) ?? 0) / 1000,
      inclusiveMs: (inclusive[kind].get(name) ?? 0) / 1000,
    }));
  };
  return { busyMs: busyUs / 1000, functions: costs('functions'), modules: costs('modules') };
}

/** The `limit` largest costs by self or inclusive time, as table lines with their share of busy time. */
export function table(
  costs: readonly Cost[],
  by: 'selfMs' | 'inclusiveMs',
  busyMs: number,
  perRequest: number,
  limit: number,
): string[] {
  return [...costs]
    .sort((a, b) => b[by] - a[by])
    .slice(0, limit)
    .map(
      (cost) =>
        `${((cost[by] / busyMs) * 100).toFixed(1).padStart(5)} %  ${(cost[by] / perRequest).toFixed(4).padStart(8)} ms/req  ${cost.name}`,
    );
}
