import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config.js';
import { GATEWAY_KEY_FILE } from './gateway-keys.js';

/**
 * Issue 42, point 6: the Kubernetes manifests of deploy/kubernetes are written on paper, never
 * applied here, so this is what keeps them true to Gatehouse: every variable they set is one
 * Gatehouse reads, the configuration they make loads, and every port they name is one it listens on.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const MANIFESTS = join(ROOT, 'deploy/kubernetes');

type Node = Record<string, unknown>;
const at = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);

function documents(): Node[] {
  return readdirSync(MANIFESTS)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) =>
      parseAllDocuments(readFileSync(join(MANIFESTS, name), 'utf8')).map((document) => {
        assert.deepEqual(document.errors, [], name);
        return document.toJS() as Node;
      }),
    );
}

const ofKind = (kind: string): Node[] => documents().filter((document) => document.kind === kind);

/** Stand-ins for what Secrets hold: values of the form Gatehouse requires. */
const SECRET_STAND_INS: Readonly<Record<string, string>> = {
  GATEHOUSE_DB: 'postgresql://gatehouse:secret@gatehouse-db-rw:5432/gatehouse',
  GATEHOUSE_MASTER_KEY: randomBytes(32).toString('base64'),
  GATEHOUSE_RETIRED_MASTER_KEYS: randomBytes(32).toString('base64'),
};

function gatehouseContainer(): Node {
  const [deployment, ...others] = ofKind('Deployment');
  assert.ok(deployment !== undefined && others.length === 0, 'one Deployment');
  const [container] = list(at(deployment, 'spec', 'template', 'spec', 'containers'));
  assert.ok(container !== undefined);
  return container;
}

function environmentOf(container: Node): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of list(container.env)) {
    const name = String(entry.name);
    const literal = entry.value;
    const standIn = SECRET_STAND_INS[name];
    assert.ok(literal !== undefined || standIn !== undefined, `${name} has neither a value nor a stand-in`);
    // Kubernetes takes env values as strings only; a bare number or boolean is refused at apply.
    assert.ok(literal === undefined || typeof literal === 'string', `${name}: quote the value`);
    env[name] = literal ?? standIn!;
  }
  return env;
}

/** A container port by its number or its name. */
function containerPort(container: Node, port: unknown): number | undefined {
  const ports = list(container.ports);
  const found = ports.find((entry) => entry.containerPort === port || entry.name === port);
  return found === undefined ? undefined : Number(found.containerPort);
}

test('every variable the manifests set is one Gatehouse reads, and the configuration they make loads', () => {
  const container = gatehouseContainer();
  const names = list(container.env).map((entry) => String(entry.name));
  const unknown = names.filter((name) => !Object.hasOwn(CONFIG_VARIABLES, name));
  assert.deepEqual(unknown, [], 'variables Gatehouse does not read');
  assert.ok(names.includes('GATEHOUSE_DB') && names.includes('GATEHOUSE_MASTER_KEY'));
  const config = loadConfig(environmentOf(container), '/');
  assert.equal(config.environment, 'production');
  assert.equal(config.database.engine, 'postgres');
});

test('every port the manifests name is a port Gatehouse listens on, and the probes ask the API port', () => {
  const container = gatehouseContainer();
  const config = loadConfig(environmentOf(container), '/');
  assert.ok(config.metricsPort !== undefined, 'Prometheus needs GATEHOUSE_METRICS_PORT');
  const listening = [config.port, config.metricsPort];
  for (const entry of list(container.ports))
    assert.ok(
      listening.includes(Number(entry.containerPort)),
      `containerPort ${String(entry.containerPort)}`,
    );
  // /health and /ready are served by the API listener, not the metrics one.
  for (const [probe, path] of [
    ['livenessProbe', '/health'],
    ['readinessProbe', '/ready'],
  ] as const) {
    assert.equal(at(container, probe, 'httpGet', 'path'), path);
    assert.equal(containerPort(container, at(container, probe, 'httpGet', 'port')), config.port, probe);
  }
  for (const service of ofKind('Service'))
    for (const entry of list(at(service, 'spec', 'ports')))
      assert.ok(
        listening.includes(containerPort(container, entry.targetPort) ?? -1),
        `Service ${String(entry.name)}`,
      );
  for (const monitor of ofKind('PodMonitor'))
    for (const endpoint of list(at(monitor, 'spec', 'podMetricsEndpoints')))
      assert.equal(containerPort(container, endpoint.port), config.metricsPort, 'PodMonitor port');
});

test('the database Secret is the one CloudNativePG makes for the Cluster; the RSA key sits in the data folder', () => {
  const container = gatehouseContainer();
  const [cluster] = ofKind('Cluster');
  const database = list(container.env).find((entry) => entry.name === 'GATEHOUSE_DB');
  // CloudNativePG names the owner's Secret <cluster>-app; its uri points at the read-write Service.
  assert.deepEqual(at(database, 'valueFrom', 'secretKeyRef'), {
    name: `${String(at(cluster, 'metadata', 'name'))}-app`,
    key: 'uri',
  });
  const config = loadConfig(environmentOf(container), '/');
  const mount = list(container.volumeMounts).find((entry) => entry.mountPath === config.dataDir);
  assert.ok(mount !== undefined, 'a volume at GATEHOUSE_DATA_DIR');
  const volume = list(at(ofKind('Deployment')[0], 'spec', 'template', 'spec', 'volumes')).find(
    (entry) => entry.name === mount.name,
  );
  const paths = list(at(volume, 'secret', 'items')).map((item) => item.path);
  assert.deepEqual(paths, [GATEWAY_KEY_FILE]);
});

test('every GATEHOUSE_ variable docs/deployment.md names is one Gatehouse reads', () => {
  const text = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');
  const named = new Set(text.match(/\bGATEHOUSE_[A-Z_]+\b/g) ?? []);
  assert.ok(named.size > 0);
  assert.deepEqual(
    [...named].filter((name) => !Object.hasOwn(CONFIG_VARIABLES, name)),
    [],
  );
});
