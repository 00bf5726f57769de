import type { Locale } from '@kavel/core';

/**
 * The page language as the server set it on `<html lang>` (it swaps the attribute per visitor).
 * Read once: switching language reloads the page.
 */
export const locale: Locale = document.documentElement.lang.toLowerCase().startsWith('en') ? 'en' : 'nl';
