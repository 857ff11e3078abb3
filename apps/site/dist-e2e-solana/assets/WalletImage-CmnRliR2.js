import{Q as e,it as t,j as n,tr as r,w as i}from"./index-DQhXmRz4.js";import{n as a}from"./hooks-_OQ5wEpy.js";function o(e){let[t,n]=e.split(/[^\p{L}\p{N}]+/u).filter(Boolean);return t?(n?[[...t][0],[...n][0]]:[...t].slice(0,2)).join(``).toUpperCase():`?`}function s(e){let t=2166136261;for(let n of e)t^=n.codePointAt(0)??0,t=Math.imul(t,16777619)>>>0;return t%360}var c=`
.all-wallets { display: flex; flex-direction: column; gap: 12px; }
.wallet-search input {
  all: unset; box-sizing: border-box; width: 100%; padding: 10px 14px;
  border-radius: 999px; background: var(--aap-bg-raised); color: var(--aap-fg); font: inherit;
}
.wallet-search input::placeholder { color: var(--aap-fg-muted); }
.wallet-search input:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 2px; }
.wallet-search[data-busy] input { background-image: linear-gradient(90deg, transparent, var(--aap-bg-hover), transparent); }
.all-wallets-body {
  height: min(416px, calc(100vh - 200px)); display: flex; flex-direction: column; justify-content: center;
}
.wallet-grid {
  flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain;
  margin: 0 -4px; padding: 0 4px; contain: strict;
}
.wallet-grid-sizer { position: relative; width: 100%; }
.wallet-row {
  position: absolute; top: 0; left: 0; width: 100%; height: 96px;
  display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 8px;
}
.wallet-tile {
  display: flex; flex-direction: column; align-items: center; gap: 4px; width: 100%; height: 96px;
  padding: 8px 2px 4px; border-radius: calc(var(--aap-border-radius) * 0.75); background: var(--aap-bg-raised);
}
.wallet-tile:hover { background: var(--aap-bg-hover); }
.wallet-tile:focus-visible { outline-offset: -2px; }
.wallet-tile-name {
  font-size: 12px; line-height: 1.2; text-align: center; width: 100%; overflow: hidden;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow-wrap: anywhere;
}
.wallet-tile-tag { font-size: 10px; color: var(--aap-success); font-weight: 600; line-height: 1; }
.wallet-image {
  width: 48px; height: 48px; flex: none; border-radius: 12px; object-fit: cover; background: var(--aap-icon-bg);
}
.wallet-image-pending { background: var(--aap-bg-hover); }
.wallet-image-large { width: 72px; height: 72px; border-radius: 20px; margin: 0 auto; }
.wallet-monogram {
  display: grid; place-items: center; color: #fff; font-weight: 700; font-size: 16px;
  background: hsl(var(--aap-monogram-hue, 220) 55% 40%);
}
.wallet-image-large.wallet-monogram { font-size: 24px; }
.all-wallets-message { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 24px 0; text-align: center; margin: 0; }
.all-wallets-message p { margin: 0; }
.get-wallet p { margin: 0; }
.get-wallet-lead { font-weight: 600; }
.get-wallet a.row-button { color: inherit; text-decoration: none; }
`,l=r(t(),1),u=new Map,d=new Map;function f(e){let t=u.get(e);return t||(t=new Promise(t=>{let n=new Image;n.decoding=`async`,n.onload=()=>t(!0),n.onerror=()=>t(!1),n.src=e}).then(t=>(d.set(e,t),t)),u.set(e,t)),t}function p(e){let[t,r]=(0,l.useState)(()=>m(e));return(0,l.useEffect)(()=>{if(!e)return r(`failed`);let t=d.get(e);if(t!==void 0)return r(t?`loaded`:`failed`);r(`loading`);let i=!0,a=setTimeout(()=>r(e=>e===`loading`?`failed`:e),n);return f(e).then(e=>{i&&r(e?`loaded`:`failed`)}),()=>{i=!1,clearTimeout(a)}},[e]),t}function m(e){if(!e)return`failed`;let t=d.get(e);return t===void 0?`loading`:t?`loaded`:`failed`}var h=e();function g(e,t){return e(t.image_id)??t.image_url}function _({listing:e,large:t=!1}){return(0,h.jsx)(v,{url:g(a(i).walletImageUrl,e),seed:e.id,name:e.name,className:t?`wallet-image wallet-image-large`:`wallet-image`})}function v({url:e,seed:t,name:n,className:r}){let i=p(e);return i===`loaded`&&e?(0,h.jsx)(`img`,{className:r,src:e,alt:``,draggable:!1}):i===`loading`?(0,h.jsx)(`span`,{className:`${r} wallet-image-pending`,"aria-hidden":`true`}):(0,h.jsx)(`span`,{className:`${r} wallet-monogram`,style:{"--aap-monogram-hue":s(t)},"aria-hidden":`true`,children:o(n)})}export{c as a,f as i,_ as n,g as r,v as t};