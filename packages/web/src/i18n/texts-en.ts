/** The English texts as a chunk of their own, imported by `texts.ts` only for a page in English. */
export { en } from '@kavel/core/texts/en';
