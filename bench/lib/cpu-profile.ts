// V8 CPU profiles (node --cpu-prof) as the benches read them: whose code each sample is, over a
// window of the run (the load, not the start-up). Read by `npm run profile` and `npm run bench:tracing`.
import fs from "node:fs";
import path from "node:path";

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The one profile a process wrote in `dir`. */
export function readProfile(dir: string): CpuProfile | null {
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  return file ? (JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile) : null;
}

/** Whose code a frame is: a package, the shop's server bundle, Node's internals, or V8's own bucket. */
export function ownerOf(frame: ProfileNode["callFrame"], repo: string): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(V8 built-ins)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return "(Node internals)";
  if (url.includes("/build/server/")) return "(the shop's server bundle)";
  return path.relative(repo, url.replace(/^file:\/\//, ""));
}

/**
 * Each busy sample taken in [from, to] µs before the profile's end, with its time: the node it was
 * taken in and the chain of nodes that called it (the sample's own first).
 */
export function busySamples(profile: CpuProfile, window: { from: number; to: number }): { node: ProfileNode; stack: ProfileNode[]; us: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const stackOf = new Map<number, ProfileNode[]>();
  const stack = (id: number) => {
    let known = stackOf.get(id);
    if (!known) {
      known = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) known.push(byId.get(at)!);
      stackOf.set(id, known);
    }
    return known;
  };
  const out: { node: ProfileNode; stack: ProfileNode[]; us: number }[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    const before = profile.endTime - at;
    const node = byId.get(id)!;
    if (before <= window.from && before >= window.to && node.callFrame.functionName !== "(idle)") out.push({ node, stack: stack(id), us });
  });
  return out;
}
