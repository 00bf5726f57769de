/**
 * Proxmox VE over its HTTP API (`/api2/json`), with an API token
 * (`Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`). A server is a full clone of a template
 * VM (`POST /nodes/{node}/qemu/{template}/clone` with `newid` from `GET /cluster/nextid`), then
 * gets its cores and memory (`PUT .../config`), its disk size (`PUT .../resize`) and is started
 * (`POST .../status/start`). Long operations answer a task id (UPID), which is polled
 * (`GET /nodes/{node}/tasks/{upid}/status`) until `stopped`; `exitstatus` `OK` is success.
 *
 * Idempotency: the clone carries the `clientRef` in its description and, from its config on, a
 * tag derived from it (`kavel-<hash>`: Proxmox tags allow few characters). A create first looks
 * for that tag, or for a VM of the same name whose description holds the reference, in
 * `GET /cluster/resources?type=vm`; a VM found there is completed (config, disk, start: each step
 * can be repeated) rather than cloned again. The provider reference is the VMID.
 *
 * A 401 or other 4xx is `refused`; a 5xx, a broken connection or no answer within the timeout is
 * `unreachable`. Proxmox puts its error in the HTTP status text, which becomes the detail.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DeleteVpsAnswer, VpsAnswer, VpsFailure, VpsPort, VpsRequest } from './vps-port.ts';

export interface ProxmoxVpsOptions {
  /** `PROXMOX_API_URL`: `https://pve.example.nl:8006` (with or without `/api2/json`). */
  apiUrl: string;
  /** `USER@REALM!TOKENID`. */
  tokenId: string;
  tokenSecret: string;
  /** The node where servers are created. */
  node: string;
  /** The VMID of the template that is cloned. */
  templateVmid: number;
  /** The template's disk that is resized. */
  disk?: string;
  /** Time one call may take before it counts as unreachable. */
  timeoutMs?: number;
  /** How long a task (clone, resize, start, stop, delete) may run. */
  taskTimeoutMs?: number;
  taskPollMs?: number;
  fetch?: typeof fetch;
}

/** The tag that carries a `clientRef` (Proxmox tags: lowercase letters, digits, `-_+.`). */
export function proxmoxTagOf(clientRef: string): string {
  return `kavel-${createHash('sha256').update(clientRef).digest('hex').slice(0, 20)}`;
}

const ZResource = z.object({
  vmid: z.coerce.number(),
  node: z.string(),
  type: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
  tags: z.string().optional(),
  template: z.coerce.number().optional(),
});
type Resource = z.infer<typeof ZResource>;
/** The part of a VM's configuration that holds its cloud-init network settings. */
const ZCloudInit = z.object({ ipconfig0: z.string().optional() });
/** The guest agent's `network-get-interfaces`. */
const ZAgentInterfaces = z.object({
  result: z.array(z.object({ 'ip-addresses': z.array(z.object({ 'ip-address-type': z.string(), 'ip-address': z.string() })).optional() })),
});

type Call = { ok: true; data: unknown } | VpsFailure;
type Step = { ok: true } | VpsFailure;

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : error.message;
}

const isUpid = (data: unknown): data is string => typeof data === 'string' && data.startsWith('UPID:');
const providerRefOf = (vmid: number) => String(vmid);
const vmidOf = (providerRef: string): number | null => (/^\d{3,9}$/.test(providerRef) ? Number(providerRef) : null);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createProxmoxVps(options: ProxmoxVpsOptions): VpsPort {
  const base = `${options.apiUrl.replace(/\/+$/, '').replace(/\/api2\/json$/, '')}/api2/json`;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const taskTimeoutMs = options.taskTimeoutMs ?? 10 * 60_000;
  const taskPollMs = options.taskPollMs ?? 1000;
  const disk = options.disk ?? 'scsi0';
  const node = encodeURIComponent(options.node);
  const authorization = `PVEAPIToken=${options.tokenId}=${options.tokenSecret}`;

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, params: Record<string, string | number> = {}): Promise<Call> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) form.set(key, String(value));
    const inQuery = method === 'GET' || method === 'DELETE';
    const url = inQuery && form.size > 0 ? `${base}${path}?${form}` : `${base}${path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method,
        headers: { authorization, accept: 'application/json', ...(inQuery ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
        body: inQuery ? undefined : form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return { ok: false, reason: 'unreachable', detail: describe(error) };
    }
    const detail = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    if (response.status >= 500) return { ok: false, reason: 'unreachable', detail };
    if (response.status >= 400) return { ok: false, reason: 'refused', detail };
    try {
      const parsed = z.object({ data: z.unknown() }).safeParse(JSON.parse(text));
      if (parsed.success) return { ok: true, data: parsed.data.data };
    } catch {
      // judged below
    }
    return { ok: false, reason: 'unreachable', detail: 'answer is not a Proxmox API response' };
  }

  /** Waits for a task that `data` names (a UPID); other answers were done at once. */
  async function finished(data: unknown): Promise<Step> {
    if (!isUpid(data)) return { ok: true };
    const task = z.object({ status: z.string(), exitstatus: z.string().optional() });
    const deadline = Date.now() + taskTimeoutMs;
    for (;;) {
      const answer = await call('GET', `/nodes/${node}/tasks/${encodeURIComponent(data)}/status`);
      if (!answer.ok) return answer;
      const state = task.safeParse(answer.data);
      if (!state.success) return { ok: false, reason: 'unreachable', detail: 'answer holds no task status' };
      if (state.data.status === 'stopped') {
        return state.data.exitstatus === 'OK' ? { ok: true } : { ok: false, reason: 'refused', detail: `task failed: ${state.data.exitstatus ?? 'no exit status'}` };
      }
      if (Date.now() >= deadline) return { ok: false, reason: 'unreachable', detail: 'task did not finish in time' };
      await sleep(taskPollMs);
    }
  }

  async function task(method: 'POST' | 'PUT' | 'DELETE', path: string, params: Record<string, string | number> = {}): Promise<Step> {
    const answer = await call(method, path, params);
    return answer.ok ? finished(answer.data) : answer;
  }

  async function vms(): Promise<{ ok: true; vms: Resource[] } | VpsFailure> {
    const answer = await call('GET', '/cluster/resources', { type: 'vm' });
    if (!answer.ok) return answer;
    const list = z.array(ZResource).safeParse(answer.data);
    if (!list.success) return { ok: false, reason: 'unreachable', detail: 'answer holds no list of resources' };
    return { ok: true, vms: list.data.filter((vm) => (vm.type ?? 'qemu') === 'qemu' && !vm.template) };
  }

  async function findByRef(request: VpsRequest): Promise<{ ok: true; vm: Resource | null } | VpsFailure> {
    const listed = await vms();
    if (!listed.ok) return listed;
    const tag = proxmoxTagOf(request.clientRef);
    const tagged = listed.vms.find((vm) => (vm.tags ?? '').split(/[;, ]/).includes(tag));
    if (tagged) return { ok: true, vm: tagged };
    // A clone that did not get its tag yet (the create stopped after the clone): its description says.
    for (const vm of listed.vms.filter((candidate) => candidate.name === request.hostname)) {
      const config = await call('GET', `/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}/config`);
      if (!config.ok) return config;
      const description = z.object({ description: z.string().optional() }).safeParse(config.data);
      if (description.success && (description.data.description ?? '').split('\n').includes(`clientRef: ${request.clientRef}`)) return { ok: true, vm };
    }
    return { ok: true, vm: null };
  }

  async function located(providerRef: string): Promise<{ ok: true; vm: Resource } | VpsFailure> {
    const vmid = vmidOf(providerRef);
    const unknown: VpsFailure = { ok: false, reason: 'unknown', detail: `no VM ${providerRef}` };
    if (vmid === null) return unknown;
    const listed = await vms();
    if (!listed.ok) return listed;
    const vm = listed.vms.find((candidate) => candidate.vmid === vmid);
    return vm ? { ok: true, vm } : unknown;
  }

  /**
   * The running VM's IPv4 address: the fixed one cloud-init gives it (`ipconfig0`, `ip=…/24`), or
   * else the first one the guest agent reports outside loopback and link-local (an address from
   * DHCP). None while neither knows one (no cloud-init address, the agent not running yet).
   */
  async function ipv4Of(vm: Resource): Promise<string | undefined> {
    const path = `/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}`;
    const config = await call('GET', `${path}/config`);
    const ipconfig = config.ok ? ZCloudInit.safeParse(config.data) : null;
    const fixed = ipconfig?.success ? /(?:^|,)ip=(\d{1,3}(?:\.\d{1,3}){3})\//.exec(ipconfig.data.ipconfig0 ?? '')?.[1] : undefined;
    if (fixed) return fixed;
    const agent = await call('GET', `${path}/agent/network-get-interfaces`);
    const interfaces = agent.ok ? ZAgentInterfaces.safeParse(agent.data) : null;
    if (!interfaces?.success) return undefined;
    const addresses = interfaces.data.result.flatMap((face) => face['ip-addresses'] ?? []);
    return addresses.find((address) => address['ip-address-type'] === 'ipv4' && !/^(127|169\.254)\./.test(address['ip-address']))?.['ip-address'];
  }

  /** A running VM's answer, with its address when one is known. */
  async function running(vm: Resource): Promise<VpsAnswer> {
    const ipv4 = await ipv4Of(vm);
    return { ok: true, providerRef: providerRefOf(vm.vmid), status: 'running', ...(ipv4 ? { ipv4 } : {}) };
  }

  async function currentStatus(vm: Resource, withAddress = true): Promise<VpsAnswer> {
    const answer = await call('GET', `/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}/status/current`);
    if (!answer.ok) return answer;
    const state = z.object({ status: z.string() }).safeParse(answer.data);
    if (!state.success) return { ok: false, reason: 'unreachable', detail: 'answer holds no VM status' };
    if (state.data.status === 'running' && withAddress) return running(vm);
    return { ok: true, providerRef: providerRefOf(vm.vmid), status: state.data.status === 'running' ? 'running' : 'provisioning' };
  }

  /** Sizes and starts a cloned VM; every step may be repeated on a VM that has it already. */
  async function complete(vm: Resource, request: VpsRequest): Promise<VpsAnswer> {
    const path = `/nodes/${encodeURIComponent(vm.node)}/qemu/${vm.vmid}`;
    const steps: Array<() => Promise<Step>> = [
      () =>
        task('PUT', `${path}/config`, {
          cores: request.spec.vCpu,
          memory: Math.round(request.spec.memoryGb * 1024),
          tags: proxmoxTagOf(request.clientRef),
        }),
      () => task('PUT', `${path}/resize`, { disk, size: `${request.spec.diskGb}G` }),
    ];
    for (const step of steps) {
      const done = await step();
      if (!done.ok) return done;
    }
    const before = await currentStatus(vm);
    if (!before.ok || before.status === 'running') return before;
    const started = await task('POST', `${path}/status/start`);
    if (!started.ok) return started;
    return currentStatus(vm);
  }

  return {
    name: 'proxmox',

    async createVps(request: VpsRequest): Promise<VpsAnswer> {
      const found = await findByRef(request);
      if (!found.ok) return found;
      if (found.vm) {
        if (found.vm.status === 'running') return running(found.vm);
        return complete(found.vm, request);
      }
      const next = await call('GET', '/cluster/nextid');
      if (!next.ok) return next;
      const vmid = z.coerce.number().int().positive().safeParse(next.data);
      if (!vmid.success) return { ok: false, reason: 'unreachable', detail: 'answer holds no next VMID' };
      const cloned = await task('POST', `/nodes/${node}/qemu/${options.templateVmid}/clone`, {
        newid: vmid.data,
        name: request.hostname,
        full: 1,
        description: `Kavel ${request.packageCode}\nclientRef: ${request.clientRef}\ncustomer: ${request.customerRef}`,
      });
      if (!cloned.ok) return cloned;
      return complete({ vmid: vmid.data, node: options.node, name: request.hostname }, request);
    },

    async status(providerRef: string): Promise<VpsAnswer> {
      const found = await located(providerRef);
      return found.ok ? currentStatus(found.vm) : found;
    },

    async deleteVps(providerRef: string): Promise<DeleteVpsAnswer> {
      const found = await located(providerRef);
      if (!found.ok) return found;
      const path = `/nodes/${encodeURIComponent(found.vm.node)}/qemu/${found.vm.vmid}`;
      const now = await currentStatus(found.vm, false);
      if (!now.ok) return now;
      // Proxmox deletes a stopped VM only.
      if (now.status === 'running') {
        const stopped = await task('POST', `${path}/status/stop`);
        if (!stopped.ok) return stopped;
      }
      const deleted = await task('DELETE', path, { purge: 1, 'destroy-unreferenced-disks': 1 });
      return deleted.ok ? { ok: true } : deleted;
    },
  };
}
