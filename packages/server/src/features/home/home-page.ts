import { fillText, formatEuro, homePageTexts, ORDER_PAGES, PAGES, type HomePageTextKey, type Locale, type TDomainExtensionProduct } from '@kavel/core';
import { escapeHtml } from '../../http/html.ts';
import { HOME_CSS_PATH } from './home-style.ts';

/** The spec's route of an extension page (spec 001 section 2: each promo tile's target). */
export const extensionPagePath = (extension: string) => `/domeinnaam/domeinextensie/${extension}-domeinnaam-registreren`;

/** How many tiles show before the collapsible list (spec 001 sections 2 and 9). */
export const TILES_SHOWN = 6;

/** Where the search leads: step 1 of the order page, searching at once. */
const ORDER_PAGE = ORDER_PAGES.shop;

type Translate = (key: HomePageTextKey, params?: Record<string, string>) => string;
const translator = (locale: Locale): Translate => (key, params) => escapeHtml(fillText(homePageTexts[locale][key], params));

function layout(locale: Locale, page: { title: string; description: string; path: string; body: string }): string {
  const t = translator(locale);
  const other: Locale = locale === 'nl' ? 'en' : 'nl';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#15803d">
<title>${page.title}</title>
<meta name="description" content="${page.description}">
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="${HOME_CSS_PATH}">
</head>
<body>
<a class="skip" href="#inhoud">${t('skip')}</a>
<header class="top"><div class="top__inner">
<a class="brand" href="/"><span class="brand__mark" aria-hidden="true">K</span>Kavel</a>
<nav aria-label="${t('nav')}"><ul>
<li><a href="${PAGES.domainProduct.path}">${t('navDomain')}</a></li>
<li><a href="${PAGES.hostingProduct.path}">${t('navHosting')}</a></li>
<li><a href="${PAGES.sslProduct.path}">${t('navSsl')}</a></li>
<li><a href="${PAGES.vpsProduct.path}">${t('navVps')}</a></li>
</ul></nav>
<div class="top__end"><a href="${PAGES.account.path}">${t('account')}</a><a href="${escapeHtml(page.path)}?lang=${other}" lang="${other}" hreflang="${other}">${t('otherLanguage')}</a></div>
</div></header>
<main id="inhoud">
${page.body}
</main>
<footer><div><a href="${PAGES.terms.path}">${t('terms')}</a><span>Kavel</span></div></footer>
</body>
</html>`;
}

function tile(locale: Locale, product: TDomainExtensionProduct): string {
  const t = translator(locale);
  const price = formatEuro(product.discountedPrice, locale);
  const regular = formatEuro(product.originalPrice, locale);
  return `<li><a class="tile" href="${extensionPagePath(product.extension)}" data-extension="${escapeHtml(product.extension)}">
<span class="tile__ext">${escapeHtml(product.productName)}</span>
<span class="tile__price">${escapeHtml(price)}</span>
<span class="tile__note">${t('firstYear')}</span>
<span class="tile__regular">${t('regularAfter', { price: regular })}</span>
</a></li>`;
}

/** Six tiles, and every other one in a list that opens (`<details>`: no script needed). */
function tiles(locale: Locale, products: readonly TDomainExtensionProduct[], headingId: string, heading: string): string {
  const t = translator(locale);
  const shown = products.slice(0, TILES_SHOWN);
  const rest = products.slice(TILES_SHOWN);
  const more = rest.length
    ? `<details class="more" data-testid="promo-more"><summary>${t('moreTiles', { count: String(rest.length) })}</summary>
<ul class="tiles">${rest.map((product) => tile(locale, product)).join('\n')}</ul></details>`
    : '';
  return `<section aria-labelledby="${headingId}" data-testid="promo-tiles">
<h2 id="${headingId}">${heading}</h2>
<ul class="tiles">${shown.map((product) => tile(locale, product)).join('\n')}</ul>
${more}
<p class="note">${t('promoNote')} ${t('nlNote')}</p>
</section>`;
}

/** `/`: the search that leads into step 1, and the promo tiles. */
export function homePage(locale: Locale, promoTiles: readonly TDomainExtensionProduct[]): string {
  const t = translator(locale);
  const body = `<section class="hero">
<h1>${t('heading')}</h1>
<p>${t('intro')}</p>
<form class="search" action="${ORDER_PAGE}" method="get" role="search" data-testid="home-search">
<label for="domein">${t('searchLabel')}</label>
<div class="search__row"><div class="search__field"><input id="domein" name="domain" type="text" placeholder="${t('searchPlaceholder')}" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="300" required></div>
<button type="submit">${t('check')}</button></div>
</form>
</section>
${tiles(locale, promoTiles, 'aanbiedingen', t('tilesHeading'))}`;
  return layout(locale, { title: t('title'), description: t('description'), path: '/', body });
}

/** `/domeinnaam/domeinextensie/{extension}-domeinnaam-registreren`: the promo price and a search for that extension. */
export function extensionPage(locale: Locale, product: TDomainExtensionProduct, promoTiles: readonly TDomainExtensionProduct[]): string {
  const t = translator(locale);
  const name = product.productName;
  const price = formatEuro(product.discountedPrice, locale);
  const body = `<section class="hero" data-testid="extension-page" data-extension="${escapeHtml(product.extension)}">
<p class="crumbs"><a href="/">${t('home')}</a></p>
<h1>${t('extensionHeading', { extension: name })}</h1>
<p>${t('extensionIntro', { extension: name })}</p>
<p class="price"><span class="price__promo" data-testid="extension-promo-price">${t('promoPrice', { price })}</span><span>${t('regularAfter', { price: formatEuro(product.originalPrice, locale) })}</span><span>${t('transferPrice', { price: formatEuro(product.transferPrice, locale) })}</span></p>
<form class="search" action="${ORDER_PAGE}" method="get" role="search" data-testid="extension-search">
<label for="domein">${t('extensionSearchLabel', { extension: name })}</label>
<div class="search__row"><div class="search__field"><input id="domein" name="domain" type="text" placeholder="${t('searchPlaceholder')}" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="63" required><span class="search__suffix" aria-hidden="true">${escapeHtml(name)}</span></div>
<input type="hidden" name="extension" value="${escapeHtml(product.extension)}">
<button type="submit">${t('check')}</button></div>
</form>
<p class="note">${t('promoNote')}</p>
</section>
${tiles(
  locale,
  promoTiles.filter((other) => other.extension !== product.extension),
  'andere-extensies',
  t('otherExtensions'),
)}`;
  return layout(locale, {
    title: t('extensionTitle', { extension: name }),
    description: t('extensionDescription', { extension: name, price }),
    path: extensionPagePath(product.extension),
    body,
  });
}

/** An extension the shop does not sell: a page that says so (404), with the tiles to choose from. */
export function unknownExtensionPage(locale: Locale, path: string, promoTiles: readonly TDomainExtensionProduct[]): string {
  const t = translator(locale);
  const body = `<section class="hero"><h1>${t('notFoundHeading')}</h1><p>${t('notFoundText')}</p><p><a href="/">${t('home')}</a></p></section>
${tiles(locale, promoTiles, 'aanbiedingen', t('tilesHeading'))}`;
  return layout(locale, { title: t('notFoundTitle'), description: t('notFoundText'), path, body });
}
