import { describe, expect, it } from 'vitest';
import { extensionOf, orderExtensions } from './extension-order.ts';
import { rowStatus } from './row-status.ts';
import { liveProblem } from './use-domain-input.ts';

const products = ['nl', 'com', 'eu', 'be', 'co.uk'].map((extension) => ({ extension }));

describe('orderExtensions', () => {
  it('keeps the catalogue order and moves a typed known extension first', () => {
    expect(orderExtensions(products, null).map((p) => p.extension)).toEqual(['nl', 'com', 'eu', 'be', 'co.uk']);
    expect(orderExtensions(products, 'be').map((p) => p.extension)).toEqual(['be', 'nl', 'com', 'eu', 'co.uk']);
    expect(orderExtensions(products, 'xyz').map((p) => p.extension)).toEqual(['nl', 'com', 'eu', 'be', 'co.uk']);
  });
});

describe('extensionOf', () => {
  it('reads the extension of an answer for the searched name only', () => {
    expect(extensionOf('mijnbakkerij', 'mijnbakkerij.nl')).toBe('nl');
    expect(extensionOf('mijnbakkerij', 'MijnBakkerij.co.uk')).toBe('co.uk');
    expect(extensionOf('mijnbakkerij', 'anderebakker.nl')).toBeNull();
    expect(extensionOf('mijn', 'mijnbakkerij.nl')).toBeNull();
  });
});

describe('rowStatus', () => {
  it('maps availability, basket membership and a running call to the row states', () => {
    expect(rowStatus(undefined, false, false)).toBe('loading');
    expect(rowStatus('loading', false, false)).toBe('loading');
    expect(rowStatus('free', false, false)).toBe('ready');
    expect(rowStatus('active', false, false)).toBe('migrate');
    expect(rowStatus('quarantine', false, false)).toBe('error');
    expect(rowStatus('invalid', false, false)).toBe('error');
    expect(rowStatus('error', false, false)).toBe('error');
    expect(rowStatus('free', true, false)).toBe('added');
    expect(rowStatus('loading', true, false)).toBe('added');
    expect(rowStatus('free', true, true)).toBe('in-progress');
    expect(rowStatus('free', false, true)).toBe('in-progress');
  });
});

describe('liveProblem', () => {
  it('judges names over 2 characters only', () => {
    expect(liveProblem('ab')).toBeNull();
    expect(liveProblem('ab.nl')).toBeNull();
    expect(liveProblem('mijnbakkerij.nl')).toBeNull();
    expect(liveProblem('a'.repeat(63))).toBeNull();
    expect(liveProblem('a'.repeat(64))).toBe('too-long');
    expect(liveProblem(`${'a'.repeat(64)}.nl`)).toBe('too-long');
  });
});
