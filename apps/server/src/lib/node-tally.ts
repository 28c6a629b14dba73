/** A node repeats its count this often, so that the others can forget a node gone. */
export const NODE_REPEAT_MS = 15_000;
/** A node not heard from for this long has stopped (three repeats missed). */
const FORGET_MS = 3 * NODE_REPEAT_MS;

/**
 * A count kept per node and summed over the station's nodes, as each last reported it: a node
 * that reports 0 or stops reporting (45 s) drops out.
 */
export class NodeTally {
  private readonly heard = new Map<string, { count: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  heardFrom(node: string, count: number): void {
    if (count === 0) this.heard.delete(node);
    else this.heard.set(node, { count, at: this.now() });
  }

  total(): number {
    const now = this.now();
    let total = 0;
    for (const [node, { count, at }] of this.heard) {
      if (now - at > FORGET_MS) this.heard.delete(node);
      else total += count;
    }
    return total;
  }
}
