import { startGatehouseProcess, type GatehouseProcess } from '../../test/support/gatehouse-process.js';

/**
 * Gatehouse nodes on one database, each `gatehouse serve` as its own process on its own port. A
 * killed node comes back on a new port; `generation` tells a request that lost its answer whether
 * its node was killed meanwhile (an expected loss) or not (a failure). A node that ends by itself
 * is a finding: it is noted in `crashes` and started again so the run goes on.
 */
export interface Node {
  readonly index: number;
  process: GatehouseProcess | undefined;
  generation: number;
}

export class Cluster {
  readonly nodes: Node[] = [];
  readonly crashes: string[] = [];
  private stopping = false;

  private constructor(
    private readonly env: Readonly<Record<string, string>>,
    private readonly logFd: number,
  ) {}

  static async start(env: Readonly<Record<string, string>>, logFd: number, count: number): Promise<Cluster> {
    const cluster = new Cluster(env, logFd);
    // One after another: the first migrates the database, the others find it done.
    for (let index = 0; index < count; index += 1) {
      const node: Node = { index, process: undefined, generation: 0 };
      cluster.nodes.push(node);
      await cluster.launch(node);
    }
    return cluster;
  }

  private async launch(node: Node): Promise<void> {
    const started = await startGatehouseProcess(this.env, this.logFd);
    node.process = started;
    void started.exited.then(async () => {
      if (node.process !== started || this.stopping) return;
      this.crashes.push(`node ${node.index} (${started.url}) ended by itself at ${new Date().toISOString()}`);
      node.process = undefined;
      node.generation += 1;
      await this.launch(node);
    });
  }

  /** The nodes serving now. */
  up(): Node[] {
    return this.nodes.filter((node) => node.process !== undefined);
  }

  /** kill -9, down for `downMs`, then a new process; resolves once it answers /health. */
  async killAndRestart(index: number, downMs: number): Promise<void> {
    const node = this.nodes[index]!;
    const running = node.process;
    node.process = undefined;
    node.generation += 1;
    await running?.kill();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch(node);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const running = this.nodes.flatMap((node) => (node.process === undefined ? [] : [node.process]));
    await Promise.all(running.map((process) => process.kill()));
    for (const node of this.nodes) node.process = undefined;
  }
}
