/**
 * The node's room for pods: the kubelet runs at most 110 (its default --max-pods, what `kubectl describe node`
 * shows under Capacity), so a workload asking for more leaves the rest Pending, as the scheduler says. Pods
 * are counted, never built one by one: `replicas: 2147483647` is a number here, not a loop.
 */

/** Pods the one node takes: the kubelet's default `--max-pods`. */
export const NODE_MAX_PODS = 110;

/** The scheduler's event for a pod the full node cannot take, in the form of K8S020's. */
export const TOO_MANY_PODS = "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.";

/** A replica count as a whole number of pods; a count no API server would keep (NaN, Infinity) is none. */
export function wholePods(count: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
}

/**
 * How many of each workload's pods the node takes, in the order the workloads were applied: each takes what
 * room is left, and the rest of its pods wait Pending.
 * @example scheduledCounts([3, 200, 5]) // [3, 107, 0]
 */
export function scheduledCounts(counts: readonly number[]): number[] {
  let room = NODE_MAX_PODS;
  return counts.map((count) => {
    const taken = Math.min(wholePods(count), room);
    room -= taken;
    return taken;
  });
}
