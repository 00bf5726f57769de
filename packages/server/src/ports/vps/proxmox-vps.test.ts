import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProxmoxVps, proxmoxTagOf } from './proxmox-vps.ts';
import type { VpsRequest } from './vps-port.ts';

const TOKEN_ID = 'kavel@pve!shop';
const SECRET = '0b7a5c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
const NODE = 'pve1';
const TEMPLATE = 9000;

interface StubVm {
  vmid: number;
  name: string;
  status: 'stopped' | 'running';
  template: 0 | 1;
  config: Record<string, string>;
  /** What the guest agent reports (`network-get-interfaces`); no agent running when absent. */
  agent?: Array<{ name: string; 'ip-addresses': Array<{ 'ip-address-type': 'ipv4' | 'ipv6'; 'ip-address': string; prefix: number }> }>;
}

/** A local Proxmox VE: `{ data }` answers, the API token header checked, VMs kept, tasks finished at once. */
const vms = new Map<number, StubVm>();
const tasks = new Map<string, { status: 'stopped'; exitstatus: string }>();
const seen: string[] = [];
/** What the next request meets: a server error, or no answer at all. */
let trouble: 'server-error' | 'hang' | null = null;
let server: Server;
let base: string;

function reset() {
  vms.clear();
  tasks.clear();
  vms.set(TEMPLATE, { vmid: TEMPLATE, name: 'debian-12-template', status: 'stopped', template: 1, config: { cores: '1', memory: '1024', scsi0: 'local-lvm:base-9000-disk-0,size=10G' } });
}

const send = (response: ServerResponse, status: number, data: unknown, message?: string) => {
  response.statusCode = status;
  if (message) response.statusMessage = message;
  response.setHeader('content-type', 'application/json;charset=UTF-8');
  response.end(JSON.stringify({ data }));
};

function newTask(kind: string, vmid: number, exitstatus = 'OK'): string {
  const upid = `UPID:${NODE}:000${tasks.size + 100}:0000AB12:6750${tasks.size}:${kind}:${vmid}:${TOKEN_ID}:`;
  tasks.set(upid, { status: 'stopped', exitstatus });
  return upid;
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const path = url.pathname.replace(/^\/api2\/json/, '');
  seen.push(`${request.method} ${path}`);
  if (trouble === 'hang') return;
  if (trouble === 'server-error') return send(response, 500, null, 'internal error');
  if (request.headers.authorization !== `PVEAPIToken=${TOKEN_ID}=${SECRET}`) return send(response, 401, null, 'authentication failure');
  const form = await formOf(request);
  if (request.method === 'GET' && path === '/cluster/nextid') {
    let next = 100;
    while (vms.has(next)) next++;
    return send(response, 200, String(next));
  }
  if (request.method === 'GET' && path === '/cluster/resources') {
    if (url.searchParams.get('type') !== 'vm') return send(response, 400, null, 'type expected');
    return send(
      response,
      200,
      [...vms.values()].map((vm) => ({ id: `qemu/${vm.vmid}`, type: 'qemu', vmid: vm.vmid, node: NODE, name: vm.name, status: vm.status, template: vm.template, ...(vm.config.tags ? { tags: vm.config.tags } : {}) })),
    );
  }
  const taskMatch = new RegExp(`^/nodes/${NODE}/tasks/([^/]+)/status$`).exec(path);
  if (taskMatch) {
    const state = tasks.get(decodeURIComponent(taskMatch[1]!));
    return state ? send(response, 200, { ...state, node: NODE, type: 'task' }) : send(response, 500, null, 'no such task');
  }
  const vmMatch = new RegExp(`^/nodes/${NODE}/qemu/(\\d+)(/.*)?$`).exec(path);
  const vm = vmMatch ? vms.get(Number(vmMatch[1])) : undefined;
  if (!vm) return send(response, 500, null, `Configuration file 'nodes/${NODE}/qemu-server/${vmMatch?.[1]}.conf' does not exist`);
  const action = `${request.method} ${vmMatch![2] ?? ''}`;
  switch (action) {
    case 'POST /clone': {
      const newid = Number(form.get('newid'));
      if (!vm.template || form.get('full') !== '1') return send(response, 400, null, 'full clone of a template expected');
      if (vms.has(newid)) return send(response, 500, null, `VM ${newid} already exists`);
      vms.set(newid, { vmid: newid, name: form.get('name') ?? `Copy-of-VM-${vm.vmid}`, status: 'stopped', template: 0, config: { ...vm.config, description: form.get('description') ?? '' } });
      return send(response, 200, newTask('qmclone', vm.vmid));
    }
    case 'GET /config':
      return send(response, 200, vm.config);
    case 'PUT /config':
    case 'POST /config':
      for (const [key, value] of form) vm.config[key] = value;
      return send(response, 200, request.method === 'POST' ? newTask('qmconfig', vm.vmid) : null);
    case 'PUT /resize': {
      if (form.get('disk') !== 'scsi0' || !/^\d+G$/.test(form.get('size') ?? '')) return send(response, 400, null, 'disk and size expected');
      vm.config.scsi0 = vm.config.scsi0!.replace(/size=\d+G/, `size=${form.get('size')}`);
      return send(response, 200, newTask('resize', vm.vmid));
    }
    case 'POST /status/start':
      vm.status = 'running';
      return send(response, 200, newTask('qmstart', vm.vmid));
    case 'POST /status/stop':
      vm.status = 'stopped';
      return send(response, 200, newTask('qmstop', vm.vmid));
    case 'GET /agent/network-get-interfaces':
      return vm.agent && vm.status === 'running' ? send(response, 200, { result: vm.agent }) : send(response, 500, null, 'QEMU guest agent is not running');
    case 'GET /status/current':
      return send(response, 200, { vmid: vm.vmid, name: vm.name, status: vm.status, qmpstatus: vm.status });
    case 'DELETE ':
      if (vm.status === 'running') return send(response, 500, null, `VM ${vm.vmid} is running - destroy failed`);
      vms.delete(vm.vmid);
      return send(response, 200, newTask('qmdestroy', vm.vmid));
    default:
      return send(response, 501, null, `Method '${action}' not implemented`);
  }
}

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  reset();
  seen.length = 0;
  trouble = null;
});

const port = (overrides: { tokenSecret?: string; timeoutMs?: number } = {}) =>
  createProxmoxVps({ apiUrl: `${base}/api2/json/`, tokenId: TOKEN_ID, tokenSecret: SECRET, node: NODE, templateVmid: TEMPLATE, timeoutMs: 500, taskPollMs: 10, ...overrides });

const request = (clientRef: string, hostname = 'vps1.klant.nl'): VpsRequest => ({
  clientRef,
  hostname,
  packageCode: 'VPS_M',
  spec: { vCpu: 2, memoryGb: 4, diskGb: 40 },
  customerRef: 'customer-1',
});

describe('the Proxmox adapter against a local Proxmox VE stub', () => {
  it('clones the template, sets cores, memory and disk, starts it and answers running', async () => {
    expect(await port().createVps(request('order-1:a'))).toEqual({ ok: true, providerRef: '100', status: 'running' });
    expect(vms.get(100)).toMatchObject({
      name: 'vps1.klant.nl',
      status: 'running',
      config: { cores: '2', memory: '4096', scsi0: 'local-lvm:base-9000-disk-0,size=40G', tags: proxmoxTagOf('order-1:a') },
    });
    expect(vms.get(100)!.config.description).toContain('clientRef: order-1:a');
    expect(seen.filter((line) => !line.includes('/tasks/'))).toEqual([
      'GET /cluster/resources',
      'GET /cluster/nextid',
      `POST /nodes/${NODE}/qemu/${TEMPLATE}/clone`,
      `PUT /nodes/${NODE}/qemu/100/config`,
      `PUT /nodes/${NODE}/qemu/100/resize`,
      `GET /nodes/${NODE}/qemu/100/status/current`,
      `POST /nodes/${NODE}/qemu/100/status/start`,
      `GET /nodes/${NODE}/qemu/100/status/current`,
      // Its address: none from cloud-init, no guest agent.
      `GET /nodes/${NODE}/qemu/100/config`,
      `GET /nodes/${NODE}/qemu/100/agent/network-get-interfaces`,
    ]);
    // Clone, resize and start are tasks that were waited for; PUT config answers at once.
    expect(seen.filter((line) => line.includes('/tasks/'))).toHaveLength(3);
    expect(await port().status('100')).toEqual({ ok: true, providerRef: '100', status: 'running' });
  });

  it('answers a repeat with the first VM and clones nothing more', async () => {
    const first = await port().createVps(request('order-2:a'));
    seen.length = 0;
    expect(await port().createVps(request('order-2:a'))).toEqual(first);
    expect(seen).toEqual(['GET /cluster/resources', `GET /nodes/${NODE}/qemu/100/config`, `GET /nodes/${NODE}/qemu/100/agent/network-get-interfaces`]);
    expect([...vms.values()].filter((vm) => !vm.template)).toHaveLength(1);
    // Another order for the same hostname is another VM.
    expect(await port().createVps(request('order-3:a'))).toMatchObject({ ok: true, providerRef: '101' });
  });

  it('completes a clone that a stopped create left behind, found by its description', async () => {
    vms.set(100, { vmid: 100, name: 'vps1.klant.nl', status: 'stopped', template: 0, config: { cores: '1', memory: '1024', scsi0: 'local-lvm:vm-100-disk-0,size=10G', description: 'Kavel VPS_M\nclientRef: order-4:a\ncustomer: customer-1' } });
    expect(await port().createVps(request('order-4:a'))).toEqual({ ok: true, providerRef: '100', status: 'running' });
    expect(seen).not.toContain('GET /cluster/nextid');
    expect(vms.get(100)).toMatchObject({ status: 'running', config: { cores: '2', memory: '4096', tags: proxmoxTagOf('order-4:a') } });
  });

  it('reports the address cloud-init gives the VM', async () => {
    vms.get(TEMPLATE)!.config.ipconfig0 = 'ip=203.0.113.10/24,gw=203.0.113.1';
    expect(await port().createVps(request('order-8:a'))).toEqual({ ok: true, providerRef: '100', status: 'running', ipv4: '203.0.113.10' });
    expect(await port().status('100')).toEqual({ ok: true, providerRef: '100', status: 'running', ipv4: '203.0.113.10' });
    expect(seen).not.toContain(`GET /nodes/${NODE}/qemu/100/agent/network-get-interfaces`);
  });

  it('reports the address the guest agent sees when cloud-init leaves it to DHCP, past loopback and link-local', async () => {
    vms.get(TEMPLATE)!.config.ipconfig0 = 'ip=dhcp';
    const created = await port().createVps(request('order-9:a'));
    expect(created).toEqual({ ok: true, providerRef: '100', status: 'running' });
    vms.get(100)!.agent = [
      { name: 'lo', 'ip-addresses': [{ 'ip-address-type': 'ipv4', 'ip-address': '127.0.0.1', prefix: 8 }] },
      {
        name: 'eth0',
        'ip-addresses': [
          { 'ip-address-type': 'ipv6', 'ip-address': 'fe80::be24:11ff:fe5a:1', prefix: 64 },
          { 'ip-address-type': 'ipv4', 'ip-address': '169.254.10.2', prefix: 16 },
          { 'ip-address-type': 'ipv4', 'ip-address': '198.51.100.7', prefix: 24 },
        ],
      },
    ];
    expect(await port().status('100')).toEqual({ ok: true, providerRef: '100', status: 'running', ipv4: '198.51.100.7' });
    // A repeat of the create (the fulfilment's next try) answers it too.
    expect(await port().createVps(request('order-9:a'))).toEqual({ ok: true, providerRef: '100', status: 'running', ipv4: '198.51.100.7' });
  });

  it('stops and deletes a VM; a deleted VM is unknown', async () => {
    await port().createVps(request('order-5:a'));
    expect(await port().deleteVps('100')).toEqual({ ok: true });
    expect(vms.has(100)).toBe(false);
    expect(seen).toContain(`POST /nodes/${NODE}/qemu/100/status/stop`);
    expect(seen).toContain(`DELETE /nodes/${NODE}/qemu/100`);
    expect(await port().deleteVps('100')).toEqual({ ok: false, reason: 'unknown', detail: 'no VM 100' });
    expect(await port().status('100')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await port().status('not-a-vmid')).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('answers refused when the token is not accepted (401)', async () => {
    expect(await port({ tokenSecret: 'wrong' }).createVps(request('order-6:a'))).toEqual({ ok: false, reason: 'refused', detail: 'HTTP 401 authentication failure' });
    expect([...vms.values()].filter((vm) => !vm.template)).toEqual([]);
  });

  it('answers a 5xx, a closed port and no answer in time as unreachable', async () => {
    trouble = 'server-error';
    expect(await port().createVps(request('order-7:a'))).toEqual({ ok: false, reason: 'unreachable', detail: 'HTTP 500 internal error' });
    trouble = 'hang';
    const started = Date.now();
    expect(await port({ timeoutMs: 200 }).createVps(request('order-7:a'))).toEqual({ ok: false, reason: 'unreachable', detail: 'no answer in time' });
    expect(Date.now() - started).toBeLessThan(2000);
    const closed = createProxmoxVps({ apiUrl: 'http://127.0.0.1:1', tokenId: TOKEN_ID, tokenSecret: SECRET, node: NODE, templateVmid: TEMPLATE, timeoutMs: 500 });
    expect(await closed.status('100')).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('answers refused when a task ends with an error', async () => {
    const created = await port().createVps(request('order-8:a'));
    expect(created.ok).toBe(true);
    // A VM the platform will not stop: its stop task ends with an error.
    const original = tasks.set.bind(tasks);
    tasks.set = (upid, state) => original(upid, upid.includes(':qmstop:') ? { ...state, exitstatus: 'command failed' } : state);
    expect(await port().deleteVps('100')).toEqual({ ok: false, reason: 'refused', detail: 'task failed: command failed' });
    tasks.set = original;
  });
});
