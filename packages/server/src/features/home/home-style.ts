import { createHash } from 'node:crypto';

/**
 * The stylesheet of the server-rendered pages (home, extension pages): small, so it is one file
 * with a content hash in its address and a year's cache, and the strict CSP needs no inline style.
 */
export const HOME_CSS = `
:root{--green-900:#0d3d22;--green-800:#14532d;--green-700:#15803d;--green-100:#dcfce7;--green-50:#f0fdf4;--ink:#17212b;--muted:#4f5b67;--line:#dde3e8;--page:#f3f6f4;--focus:#0b57d0;--radius:14px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;color:var(--ink);background:var(--page);line-height:1.5}
*{box-sizing:border-box}
body{margin:0}
a{color:var(--green-800)}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem 1rem;z-index:1}
.top{background:#fff;border-bottom:1px solid var(--line)}
.top__inner{max-width:72rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.25rem;color:var(--ink);text-decoration:none}
.brand__mark{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:8px;background:var(--green-700);color:#fff}
.top nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.top nav a{color:var(--ink);text-decoration:none;font-weight:600}
.top nav a:hover{color:var(--green-700)}
.top__end{margin-left:auto;display:flex;gap:1rem;align-items:center}
.top__end a{font-weight:600}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.hero{background:linear-gradient(135deg,var(--green-900),var(--green-700));color:#fff;border-radius:var(--radius);padding:2rem 1.25rem}
.hero h1{font-size:clamp(1.6rem,4vw,2.4rem);line-height:1.2;margin:0 0 .5rem}
.hero p{margin:0 0 1.25rem;max-width:40rem}
.hero a{color:#fff}
.search label{display:block;font-weight:600;margin-bottom:.35rem}
.search__row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:stretch}
.search__field{flex:1 1 16rem;display:flex;align-items:center;background:#fff;border-radius:10px;overflow:hidden}
.search input{flex:1;min-width:0;border:0;font:inherit;font-size:1.125rem;padding:.8rem 1rem;color:var(--ink);background:#fff}
.search__suffix{padding:0 1rem 0 0;font-size:1.125rem;font-weight:600;color:var(--ink)}
.search button{font:inherit;font-weight:700;font-size:1.0625rem;border:0;border-radius:10px;padding:.8rem 1.5rem;background:#fff;color:var(--green-900);cursor:pointer}
.search button:hover{background:var(--green-100)}
h2{font-size:1.375rem;margin:2rem 0 1rem}
.tiles{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(10.5rem,1fr));gap:.75rem}
.tile{display:flex;flex-direction:column;gap:.15rem;height:100%;background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:1rem;text-decoration:none;color:var(--ink)}
.tile:hover{border-color:var(--green-700);box-shadow:0 4px 16px rgb(16 24 40 / 8%)}
.tile__ext{font-size:1.5rem;font-weight:800;color:var(--green-800)}
.tile__price{font-size:1.25rem;font-weight:700}
.tile__note,.tile__regular{color:var(--muted);font-size:.875rem}
.more{margin-top:.75rem}
.more summary{cursor:pointer;font-weight:700;color:var(--green-800);padding:.5rem 0}
.more .tiles{margin-top:.5rem}
.note{color:var(--muted);font-size:.875rem;margin:.75rem 0 0}
.hero .note{color:inherit}
.price{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;margin:0 0 1.25rem}
.price__promo{font-size:1.75rem;font-weight:800}
.crumbs{font-size:.875rem;margin:0 0 1rem}
.crumbs a{color:#fff}
footer{border-top:1px solid var(--line);background:#fff}
footer div{max-width:72rem;margin:0 auto;padding:1rem;display:flex;gap:1.5rem;flex-wrap:wrap;font-size:.875rem}
`.trim();

/** The stylesheet's address, with a hash of its content so it can be kept a year. */
export const HOME_CSS_PATH = `/kavel-${createHash('sha256').update(HOME_CSS).digest('hex').slice(0, 12)}.css`;
