import { ZDnsRecord } from '@kavel/core';
import { z } from 'zod';
import defaultZoneData from '../catalogue/data/default-dns-zone.json' with { type: 'json' };
import type { ProfileRecord } from './dns-service.ts';

/**
 * The zone every new domain gets (catalogue data, so it changes with a deploy like prices do);
 * values may hold `[DOMAINNAME]`. Parsed when the module loads: a broken file stops the start.
 */
export const DEFAULT_DNS_ZONE: readonly ProfileRecord[] = Object.freeze(z.array(ZDnsRecord).min(1).parse(defaultZoneData));
