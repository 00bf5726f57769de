export type { DeleteAnswer, DnsPublishFailure, DnsPublisherPort, PublishAnswer, PublishedZone, ReadAnswer } from './dns-publisher-port.ts';
export { createNonePublisher } from './none-publisher.ts';
export { createPowerDnsPublisher, type PowerDnsOptions } from './powerdns-publisher.ts';
export { zoneDiffers } from './rrsets.ts';
