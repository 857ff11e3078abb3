const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/AllWalletsView-BHiqr5qP.js","assets/index-DQhXmRz4.js","assets/index-BdXyYYAh.css","assets/Spinner-CtGgQH_x.js","assets/hooks-_OQ5wEpy.js","assets/viewStyles-B6laMuD-.js","assets/walletDirectory-EaGnkviL.js","assets/WalletImage-CmnRliR2.js","assets/storeLinks-D0KDO0rV.js","assets/UnsupportedChainView-BCGmW9Nc.js","assets/ConnectingWalletConnectView-Dd1Bh1o2.js","assets/CopyButton-CRfRP7dN.js","assets/qrCode.css-CiBQ6DQ4.js"])))=>i.map(i=>d[i]);
import{$ as e,F as t,I as n,Q as r,S as i,X as a,Yn as o,et as s,ft as c,it as l,mt as u,nt as d,tr as f,tt as p,w as m}from"./index-DQhXmRz4.js";import{t as h}from"./Spinner-CtGgQH_x.js";import{n as g,r as _,t as v}from"./hooks-_OQ5wEpy.js";import{t as y}from"./viewStyles-B6laMuD-.js";var b=f(l(),1),x=r(),S=a();function C(e){let t=e.configured??(e.hasInstalledWallets?[`wallet`,`email`,`social`]:[`email`,`social`,`wallet`]);return t.filter((n,r)=>e.enabled[n]&&t.indexOf(n)===r)}function w({error:e,hint:t}){return(0,x.jsxs)(x.Fragment,{children:[(0,x.jsx)(`p`,{className:`error`,role:`alert`,children:e}),(0,x.jsx)(`p`,{className:`muted`,children:e===c.connectionRejected?`You declined the request in your wallet.`:t})]})}function T({connector:e,large:t=!1}){let n=t?`icon icon-large`:`icon`,r=e?.imageUrl??e?.info?.icon;return r?(0,x.jsx)(`img`,{className:n,src:r,alt:``,width:t?72:40,height:t?72:40}):(0,x.jsx)(`span`,{className:n,"aria-hidden":`true`})}var E=`
.row-label { flex: 1; }
/* The Connect view's wallet rows are denser than other lists, so the whole view fits an 800 px screen. */
.connect-wallets .row-button { padding: 6px 12px; }
.connect-wallets .icon { width: 36px; height: 36px; border-radius: 9px; }
.tag {
  font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px;
  background: var(--aap-bg); color: var(--aap-fg-muted);
}
.icon-grid {
  background:
    radial-gradient(circle at 30% 30%, var(--aap-accent) 18%, transparent 19%),
    radial-gradient(circle at 70% 30%, var(--aap-fg-muted) 18%, transparent 19%),
    radial-gradient(circle at 30% 70%, var(--aap-fg-muted) 18%, transparent 19%),
    radial-gradient(circle at 70% 70%, var(--aap-accent) 18%, transparent 19%),
    var(--aap-bg-hover);
}
`,ee=`
.banner-slot {
  position: sticky; bottom: 0; z-index: 1; padding-inline: 12px;
  display: flex; flex-direction: column;
}
.banner {
  display: flex; align-items: center; gap: 10px; margin-bottom: 12px;
  padding: 8px 8px 8px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  background: var(--aap-bg-raised); color: var(--aap-fg);
  border: 1px solid var(--aap-bg-hover); box-shadow: 0 6px 24px rgb(0 0 0 / 0.2);
  animation: aap-banner-in 150ms ease-out;
}
@keyframes aap-banner-in { from { opacity: 0; transform: translateY(8px); } }
@media (prefers-reduced-motion: reduce) { .banner { animation: none; } }
.banner-icon { flex: none; width: 20px; height: 20px; display: inline-flex; }
.banner[data-variant='success'] .banner-icon { color: var(--aap-success); }
.banner[data-variant='error'] .banner-icon { color: var(--aap-error); }
.banner[data-variant='info'] .banner-icon { color: var(--aap-accent); }
.banner .spinner { width: 20px; height: 20px; border-width: 2px; }
.banner-text { flex: 1; margin: 0; display: flex; flex-direction: column; font-size: 14px; }
.banner-message { font-weight: 600; }
.banner-description { color: var(--aap-fg-muted); }
.banner .header-button { width: 28px; height: 28px; background: none; }
.banner .header-button:hover { background: var(--aap-bg-hover); }
`,te=`
.header { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 16px; }
.header-title {
  margin: 0; font-size: 16px; font-weight: 650; text-align: center; flex: 1;
  animation: aap-fade 120ms ease-out;
}
@keyframes aap-fade { from { opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .header-title { animation: none; } }
.header-button, .header-spacer { width: 32px; height: 32px; flex: none; }
.header-button {
  display: inline-flex; align-items: center; justify-content: center;
  border-radius: 50%; background: var(--aap-bg-raised);
}
.header-button:hover { background: var(--aap-bg-hover); }
`;function D({titleId:e,title:t,titleKey:n,onBack:r,onClose:i}){return(0,x.jsxs)(`div`,{className:`header`,children:[r?(0,x.jsx)(`button`,{type:`button`,className:`header-button`,"aria-label":`Back`,onClick:r,children:(0,x.jsx)(`svg`,{viewBox:`0 0 16 16`,"aria-hidden":`true`,width:`16`,height:`16`,children:(0,x.jsx)(`path`,{d:`M10 3 5 8l5 5`,fill:`none`,stroke:`currentColor`,strokeWidth:`2`,strokeLinecap:`round`})})}):(0,x.jsx)(`span`,{className:`header-spacer`}),(0,x.jsx)(`h2`,{id:e,className:`header-title`,children:t},n??String(t)),(0,x.jsx)(`button`,{type:`button`,className:`header-button`,"aria-label":`Close`,onClick:i,children:(0,x.jsx)(O,{})})]})}function O(){return(0,x.jsx)(`svg`,{viewBox:`0 0 16 16`,"aria-hidden":`true`,width:`16`,height:`16`,children:(0,x.jsx)(`path`,{d:`m4 4 8 8M12 4l-8 8`,fill:`none`,stroke:`currentColor`,strokeWidth:`2`,strokeLinecap:`round`})})}var k={success:t,info:t,error:n,loading:void 0};function A(){let e=d(),t=s(e.banner,e=>e.banner),[n,r]=(0,b.useState)(!1),i=t?.id;(0,b.useEffect)(()=>r(!1),[i]),(0,b.useEffect)(()=>{let r=t?k[t.variant]:void 0;if(n||r===void 0)return;let i=setTimeout(e.banner.hide,r);return()=>clearTimeout(i)},[e,t,n]);let a=t?(0,x.jsx)(`div`,{className:`banner`,"data-variant":t.variant,children:(0,x.jsx)(ne,{banner:t,onClose:e.banner.hide})}):null,o={onPointerEnter:()=>r(!0),onPointerLeave:()=>r(!1),onFocus:()=>r(!0),onBlur:()=>r(!1)};return(0,x.jsxs)(`div`,{className:`banner-slot`,children:[(0,x.jsx)(`div`,{role:`status`,...o,children:t?.variant===`error`?null:a}),t?.variant===`error`?(0,x.jsx)(`div`,{role:`alert`,...o,children:a}):null]})}function ne({banner:e,onClose:t}){return(0,x.jsxs)(x.Fragment,{children:[(0,x.jsx)(`span`,{className:`banner-icon`,"aria-hidden":`true`,children:re[e.variant]}),(0,x.jsxs)(`p`,{className:`banner-text`,children:[(0,x.jsx)(`span`,{className:`banner-message`,children:e.message}),e.description?(0,x.jsx)(`span`,{className:`banner-description`,children:e.description}):null]}),(0,x.jsx)(`button`,{type:`button`,className:`header-button`,"aria-label":`Dismiss notification`,onClick:t,children:(0,x.jsx)(O,{})})]})}var j={fill:`none`,stroke:`currentColor`,strokeWidth:2,strokeLinecap:`round`},re={loading:(0,x.jsx)(`span`,{className:`spinner`}),success:(0,x.jsxs)(`svg`,{viewBox:`0 0 20 20`,width:`20`,height:`20`,"aria-hidden":`true`,children:[(0,x.jsx)(`circle`,{cx:`10`,cy:`10`,r:`8`,...j}),(0,x.jsx)(`path`,{d:`m6.5 10.5 2.5 2.5 4.5-5`,...j})]}),error:(0,x.jsxs)(`svg`,{viewBox:`0 0 20 20`,width:`20`,height:`20`,"aria-hidden":`true`,children:[(0,x.jsx)(`circle`,{cx:`10`,cy:`10`,r:`8`,...j}),(0,x.jsx)(`path`,{d:`M10 6v5M10 14h.01`,...j})]}),info:(0,x.jsxs)(`svg`,{viewBox:`0 0 20 20`,width:`20`,height:`20`,"aria-hidden":`true`,children:[(0,x.jsx)(`circle`,{cx:`10`,cy:`10`,r:`8`,...j}),(0,x.jsx)(`path`,{d:`M10 9v5M10 6h.01`,...j})]})};function ie(e){let t=(0,b.useId)(),n=e.links.terms?(0,x.jsx)(M,{href:e.links.terms,children:`Terms of Service`}):null,r=e.links.privacy?(0,x.jsx)(M,{href:e.links.privacy,children:`Privacy Policy`}):null;return(0,x.jsxs)(`div`,{className:`legal`,children:[(0,x.jsx)(`input`,{id:t,type:`checkbox`,checked:e.accepted,onChange:t=>e.onChange(t.currentTarget.checked)}),(0,x.jsxs)(`label`,{htmlFor:t,children:[`I agree to the `,n??r,n&&r?(0,x.jsxs)(x.Fragment,{children:[` and the `,r]}):null]})]})}function M(e){return(0,x.jsx)(`a`,{href:e.href,target:`_blank`,rel:`noopener noreferrer`,children:e.children})}var N={recent:`Recent`,walletConnect:`QR code`},P=(e,t)=>e===`walletConnect`&&t?`Mobile apps`:N[e];function F({entry:e}){let t=d(),{walletPicker:n,configuration:r,connectMethodsOrder:i,legalLinks:a,consent:o}=g(m);v();let c=s({getState:n.getOptions,subscribe:n.subscribe}),l=s(n,e=>e.directoryUnavailable),f=s(r,e=>e.features),p=s(o,e=>e.accepted),h=f.legalCheckbox?a:void 0,_=!!h&&!p,y=f.collapseWallets&&!(e.view===`Connect`&&e.data),b=t.featureViews()?.slots??{},S=b[`connect:email`]?.[0],w=b[`connect:social`]?.[0],T=C({hasInstalledWallets:c.some(e=>e.section===`injected`),enabled:{email:f.email&&S!==void 0,social:f.socials&&w!==void 0,wallet:!0},...i?{configured:i}:{}});return(0,x.jsxs)(`div`,{className:`stack`,children:[h?(0,x.jsx)(ie,{links:h,accepted:p,onChange:e=>o.setState({accepted:e})}):null,T.map(e=>e===`email`&&S?(0,x.jsx)(S,{disabled:_},e):e===`social`&&w?(0,x.jsx)(w,{disabled:_},e):e===`wallet`?y?(0,x.jsxs)(`button`,{type:`button`,className:`row-button`,disabled:_,onClick:()=>t.navigate({view:`Connect`,data:{wallets:!0}}),children:[(0,x.jsx)(`span`,{className:`icon icon-grid`,"aria-hidden":`true`}),(0,x.jsx)(`span`,{className:`row-label`,children:`Continue with a wallet`})]},e):(0,x.jsx)(I,{disabled:_,options:c,showAllWallets:t.showsAllWallets(),walletConnectOpensApps:t.walletConnectOpensApps(),onSelect:e=>void t.selectWallet(e),onAllWallets:()=>t.navigate({view:`AllWallets`})},e):null),(0,x.jsx)(`div`,{role:`status`,className:`muted`,children:l&&!y?u.incomplete:null})]})}function I(e){return(0,x.jsxs)(`div`,{className:`stack connect-wallets`,children:[e.options.length===0?(0,x.jsxs)(`div`,{className:`center`,children:[(0,x.jsx)(`p`,{children:`No browser wallet found.`}),(0,x.jsx)(`p`,{className:`muted`,children:`Install a wallet extension, then reload this page.`})]}):(0,x.jsx)(`ul`,{className:`list`,"aria-label":`Wallets`,children:e.options.map(t=>(0,x.jsx)(`li`,{children:(0,x.jsxs)(`button`,{type:`button`,className:`row-button`,disabled:e.disabled,onClick:()=>e.onSelect(t),children:[t.imageUrl?(0,x.jsx)(`img`,{className:`icon`,src:t.imageUrl,alt:``,width:`40`,height:`40`}):(0,x.jsx)(`span`,{className:`icon`,"aria-hidden":`true`}),(0,x.jsx)(`span`,{className:`row-label`,children:t.name}),[P(t.section,e.walletConnectOpensApps),t.installed&&`Installed`].map(e=>e?(0,x.jsx)(`span`,{className:`tag`,children:e},e):null)]})},t.key))}),e.showAllWallets?(0,x.jsxs)(`button`,{type:`button`,className:`row-button`,disabled:e.disabled,onClick:e.onAllWallets,children:[(0,x.jsx)(`span`,{className:`icon icon-grid`,"aria-hidden":`true`}),(0,x.jsx)(`span`,{className:`row-label`,children:`All Wallets`})]}):null]})}var L={view:`Connect`};function R({onDone:e}){let t=(0,b.useRef)(null),n=(0,b.useId)();return(0,b.useLayoutEffect)(()=>{t.current?.getBoundingClientRect();let n=setTimeout(e);return()=>clearTimeout(n)},[e]),(0,x.jsxs)(`dialog`,{ref:t,className:`rehearsal`,"aria-hidden":`true`,children:[(0,x.jsx)(D,{titleId:n,title:`Connect Wallet`,onClose:()=>{}}),(0,x.jsx)(`div`,{className:`view`,children:(0,x.jsx)(F,{entry:L})})]})}function z(e,t){let n=t.data?.walletId;if(!n)return`All Wallets`;let r=e.feature(m).directory?.find(n)?.name;return r?`Get ${r}`:`Get Wallet`}function B({connectorId:e}){let t=d(),{error:n}=_(),r=v().find(t=>t.id===e),i=r?.name??`your wallet`;return(0,x.jsxs)(`div`,{className:`stack center connecting`,children:[(0,x.jsx)(T,{connector:r,large:!0}),n?(0,x.jsx)(w,{error:n,hint:`Something went wrong. Check your wallet and try again.`}):(0,x.jsxs)(x.Fragment,{children:[(0,x.jsx)(h,{label:`Waiting for ${i}`}),(0,x.jsxs)(`p`,{children:[`Continue in `,i]}),(0,x.jsx)(`p`,{className:`muted`,children:`Accept the connection request in your wallet.`})]}),(0,x.jsx)(`div`,{children:(0,x.jsx)(`button`,{type:`button`,className:n?`primary-button`:`secondary-button`,onClick:()=>void t.connect(e),children:`Try again`})})]})}function V({entry:e}){let t=d(),{namespace:n}=e.data,r=t.networks.find(e=>e.chainNamespace===n)?.name??n;return(0,x.jsxs)(`div`,{className:`stack center`,children:[(0,x.jsx)(`p`,{className:`muted`,children:`This step needs a ${r} wallet.`}),(0,x.jsx)(`button`,{type:`button`,className:`primary-button`,onClick:()=>t.switchActiveChain(n),children:`Switch to ${r}`})]})}function H({caipNetworkId:e}){let t=d().networks.find(t=>t.caipNetworkId===e);return(0,x.jsxs)(`div`,{className:`stack center`,children:[(0,x.jsx)(h,{label:`Switching to ${t?.name??`the network`}`}),(0,x.jsx)(`p`,{children:`Approve in wallet`}),(0,x.jsxs)(`p`,{className:`muted`,children:[`Accept the switch to `,t?.name??`the network`,` in your wallet.`]})]})}function U(e,t){return e.feature(m).knownWallet(t.data?.walletId)?.name??`WalletConnect`}var W=(0,b.lazy)(()=>o(()=>import(`./AllWalletsView-BHiqr5qP.js`).then(e=>({default:e.AllWalletsView})),__vite__mapDeps([0,1,2,3,4,5,6,7,8]))),G=(0,b.lazy)(()=>o(()=>import(`./UnsupportedChainView-BCGmW9Nc.js`).then(e=>({default:e.UnsupportedChainView})),__vite__mapDeps([9,4,1,2,5,7]))),K=(0,b.lazy)(()=>o(()=>import(`./ConnectingWalletConnectView-Dd1Bh1o2.js`).then(e=>({default:e.ConnectingWalletConnectView})),__vite__mapDeps([10,1,2,11,12,3,4,5,7,8]))),q=(e,t)=>e.networks.find(e=>e.caipNetworkId===t)?.name,J={Connect:{title:()=>`Connect Wallet`,Component:F},ConnectingExternal:{title:(e,t)=>e.getConnectors().find(e=>e.id===t.data.connectorId)?.name??`Connecting`,Component:({entry:e})=>(0,x.jsx)(B,{connectorId:e.data.connectorId})},SwitchNetwork:{title:(e,t)=>q(e,t.data.caipNetworkId)??`Switch Network`,Component:({entry:e})=>(0,x.jsx)(H,{caipNetworkId:e.data.caipNetworkId})},SwitchActiveChain:{title:()=>`Switch Network`,Component:V},UnsupportedChain:{title:()=>`Switch Network`,Component:G},AllWallets:{title:z,Component:W},ConnectingWalletConnect:{title:U,Component:({entry:e})=>(0,x.jsx)(K,{entry:e})},ConnectingWalletConnectBasic:{title:()=>`WalletConnect`,Component:({entry:e})=>(0,x.jsx)(K,{entry:e,basic:!0})}},ae={title:()=>`Connect Wallet`,Component:F},oe={title:(e,t)=>t.view,Component:({entry:e})=>(0,x.jsxs)(`p`,{className:`muted center`,children:[`The `,e.view,` view is not available in this release.`]})};function se(e,{placeholders:t,featureViews:n={}}){return(J[e.view]??n[e.view])||(t?oe:ae)}var Y=[`button:not([disabled])`,`[href]`,`input:not([disabled])`,`[tabindex]`].map(e=>`${e}:not([tabindex="-1"])`).join(`, `);function ce(){let t=d(),n=_(),r=e(),a=(0,b.useRef)(null),o=(0,b.useRef)(null),s=(0,b.useId)(),c=i(n.router),l=t.featureViews(),u=!n.loading&&l!==void 0,[f,p]=(0,b.useState)(n.open),g=(0,b.useCallback)(()=>p(!0),[]),v=u&&!f&&!n.open&&c.view===`Connect`&&!r.address,y=se(c,{placeholders:u&&t.feature(m).configuration.getState().features.viewPlaceholders,featureViews:l?.views??{}});(0,b.useEffect)(()=>{n.open&&p(!0)},[n.open]),(0,b.useEffect)(()=>{let e=a.current;e&&(n.open&&!e.open?(o.current=de(),e.showModal()):!n.open&&e.open&&(e.close(),o.current?.focus(),o.current=null))},[n.open]),(0,b.useEffect)(()=>{let e=n.open?a.current?.querySelector(`.view`):null;if(!e)return;let t=()=>{let t=e.querySelector(Y);return t?.focus(),!!t};if(t())return;a.current?.querySelector(Y)?.focus();let r=new MutationObserver(()=>{t()&&r.disconnect()});return r.observe(e,{childList:!0,subtree:!0}),()=>r.disconnect()},[n.open,c]);let S=e=>{e.key===`Tab`&&ue(e,e.currentTarget)},C=(0,b.useRef)(!1),w=e=>{C.current=Z(e,e.currentTarget)},T=e=>{C.current&&Z(e,e.currentTarget)&&t.dismiss(),C.current=!1},E=n.router.history.length>1||c.view===`Connect`&&!!r.address;return(0,x.jsxs)(x.Fragment,{children:[v?(0,x.jsx)(R,{onDone:g}):null,(0,x.jsx)(`dialog`,{ref:a,"aria-modal":`true`,"aria-labelledby":s,"data-shake":n.shake||void 0,onKeyDown:S,onPointerDown:w,onClick:T,onCancel:e=>{e.preventDefault(),t.close()},onClose:()=>{a.current?.open||t.getState().open&&!t.close()&&a.current?.showModal()},children:n.open?(0,x.jsxs)(x.Fragment,{children:[(0,x.jsx)(D,{titleId:s,title:u?(0,x.jsx)(le,{definition:y,entry:c}):``,titleKey:c.view,onBack:E?t.back:void 0,onClose:()=>t.close()}),(0,x.jsx)(`div`,{className:`view`,"data-direction":n.router.direction,children:(0,x.jsx)(b.Suspense,{fallback:(0,x.jsx)(h,{label:`Loading`}),children:u?(0,x.jsx)(y.Component,{entry:c}):(0,x.jsx)(h,{label:`Loading`})})},`${c.view}:${n.router.history.length}`),(0,x.jsx)(A,{})]}):null})]})}function le({definition:e,entry:t}){let n=d();return e.useTitle?(0,x.jsx)(X,{use:e.useTitle,entry:t},t.view):e.title(n,t)}function X({use:e,entry:t}){return e(t)}function Z(e,t){if(e.target!==t)return!1;let n=t.getBoundingClientRect(),{clientX:r,clientY:i}=e;return r<n.left||r>n.right||i<n.top||i>n.bottom}function ue(e,t){let n=[...t.querySelectorAll(Y)],r=n[0],i=n.at(-1);if(!r||!i)return;let a=t.getRootNode().activeElement;e.shiftKey&&(a===r||!t.contains(a))?(e.preventDefault(),i.focus()):e.shiftKey||a!==i&&t.contains(a)||(e.preventDefault(),r.focus())}function de(){let e=document.activeElement;for(;e?.shadowRoot?.activeElement;)e=e.shadowRoot.activeElement;return e instanceof HTMLElement?e:null}var fe=`
dialog {
  /* The host page's CSS can't reach into the shadow root, but inherited properties cross the host: reset them. */
  all: initial;
  box-sizing: border-box;
  position: fixed;
  inset: 0;
  margin: auto;
  width: 360px;
  max-width: calc(100vw - 16px);
  height: fit-content;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 0;
  border: none;
  border-radius: var(--aap-border-radius);
  background: var(--aap-bg);
  color: var(--aap-fg);
  font-family: var(--aap-font-family);
  font-size: var(--aap-font-size);
  line-height: 1.4;
  z-index: var(--aap-z-index);
  box-shadow: 0 12px 48px rgb(0 0 0 / 0.25);
  transition: height 150ms ease;
}
dialog:not([open]) { display: none; }
/* The first open's rehearsal (Rehearsal.tsx): laid out like the open dialog, never seen. */
dialog.rehearsal { display: block; visibility: hidden; pointer-events: none; }
/* On a phone: a full-width sheet on the bottom edge; a gap above it shows the page is still there. */
@media (max-width: 430px) {
  dialog {
    inset: auto 0 0; width: 100%; max-width: none; margin: 0;
    border-radius: var(--aap-border-radius) var(--aap-border-radius) 0 0;
    padding-bottom: env(safe-area-inset-bottom);
  }
}
dialog::backdrop { background: var(--aap-backdrop); }
dialog *, dialog *::before, dialog *::after { box-sizing: border-box; }
dialog[data-shake] { animation: aap-shake 500ms ease-in-out; }
@keyframes aap-shake {
  10%, 90% { transform: translateX(-2px); }
  20%, 80% { transform: translateX(4px); }
  30%, 50%, 70% { transform: translateX(-6px); }
  40%, 60% { transform: translateX(6px); }
}
.view { padding: 0 16px 20px; }
.view[data-direction='next'] { animation: aap-in-next 150ms ease-out; }
.view[data-direction='prev'] { animation: aap-in-prev 150ms ease-out; }
@keyframes aap-in-next { from { opacity: 0; transform: translateX(12px); } }
@keyframes aap-in-prev { from { opacity: 0; transform: translateX(-12px); } }
@media (prefers-reduced-motion: reduce) {
  dialog, .view, dialog[data-shake] { animation: none !important; transition: none !important; }
}
button {
  font: inherit;
  color: inherit;
  cursor: pointer;
  border: none;
  background: none;
  padding: 0;
}
/* A button that can't act looks it: faded, no pointer, no hover (every button class, one rule). */
button:disabled { cursor: not-allowed; opacity: 0.5; }
.row-button:disabled:hover { background: var(--aap-bg-raised); }
button:focus-visible, a:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 2px; }
.muted { color: var(--aap-fg-muted); }
.error { color: var(--aap-error); }
.center { text-align: center; }
.stack { display: flex; flex-direction: column; gap: 8px; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.row-button {
  display: flex; align-items: center; gap: 12px; width: 100%;
  padding: 10px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  background: var(--aap-bg-raised); text-align: start; font-weight: 600;
}
.row-button:hover { background: var(--aap-bg-hover); }
.primary-button {
  display: inline-flex; justify-content: center; align-items: center; gap: 8px;
  padding: 10px 16px; border-radius: 999px; font-weight: 600;
  background: var(--aap-accent); color: var(--aap-accent-contrast);
}
.secondary-button {
  display: inline-flex; justify-content: center; align-items: center; gap: 8px;
  padding: 8px 14px; border-radius: 999px; font-weight: 600; background: var(--aap-bg-raised);
}
.icon { width: 40px; height: 40px; border-radius: 10px; flex: none; object-fit: cover; background: var(--aap-bg-hover); }
/* A neutral tile behind every wallet icon: a dark icon on a transparent background reads in both themes. */
img.icon { background: var(--aap-icon-bg); }
.icon-large { width: 72px; height: 72px; border-radius: 20px; align-self: center; }
.spinner {
  width: 24px; height: 24px; border-radius: 50%;
  border: 3px solid var(--aap-bg-hover); border-top-color: var(--aap-accent);
  animation: aap-spin 0.8s linear infinite;
}
.spinner-wrap { display: flex; justify-content: center; padding: 8px; }
.connecting p { margin: 0; }
@keyframes aap-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
.sr-only {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;function pe(e,t){let n=matchMedia(`(prefers-color-scheme: dark)`),r={},i=()=>{let{themeMode:i,themeVariables:a}=t.getState();e.dataset.theme=i??(n.matches?`dark`:`light`);for(let t of Object.keys(r))t in a||e.style.removeProperty(t);for(let[t,n]of Object.entries(a))n&&e.style.setProperty(t,n);r=a};i(),n.addEventListener(`change`,i);let a=t.subscribe((e,t)=>{(e.themeMode!==t.themeMode||e.themeVariables!==t.themeVariables)&&i()});return()=>{n.removeEventListener(`change`,i),a()}}var me=`
:host {
  --aap-accent: #3b5bdb;
  --aap-accent-contrast: #ffffff;
  --aap-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --aap-font-size: 15px;
  --aap-border-radius: 16px;
  --aap-z-index: 2147483000;
  --aap-bg: #ffffff;
  --aap-bg-raised: #f1f3f5;
  --aap-bg-hover: #e9ecef;
  --aap-fg: #141414;
  --aap-fg-muted: #5c636a;
  --aap-icon-bg: #f8f9fa;
  --aap-error: #c92a2a;
  --aap-success: #2b8a3e;
  --aap-focus: #1c7ed6;
  --aap-backdrop: rgb(0 0 0 / 0.45);
  color-scheme: light;
}
:host([data-theme='dark']) {
  --aap-bg: #16181b;
  --aap-bg-raised: #24272b;
  --aap-bg-hover: #2f3338;
  --aap-fg: #f1f3f5;
  --aap-fg-muted: #a6adb4;
  --aap-icon-bg: #e9ecef;
  --aap-error: #ff8787;
  --aap-accent: #748ffc;
  --aap-accent-contrast: #0b0d10;
  --aap-focus: #74c0fc;
  --aap-success: #69db7c;
  color-scheme: dark;
}
`,he=`data-allaccess-modal`,Q;function ge(e){let t=document.createElement(`div`);t.setAttribute(he,``);let n=t.attachShadow({mode:`open`});Q??=$([me,fe,te,ee,E].join(`
`)),n.adoptedStyleSheets=[Q];let r=new Set,i=e=>{r.has(e)||(r.add(e),n.adoptedStyleSheets=[...n.adoptedStyleSheets,$(e)])},a=()=>{for(let t of e.featureViews()?.css??[])i(t)};a();let o=e.subscribe(e=>e.loading,a),s=pe(t,e);document.body.append(t);let c=(0,S.createRoot)(n);return c.render((0,x.jsx)(p.Provider,{value:e,children:(0,x.jsx)(y.Provider,{value:i,children:(0,x.jsx)(ce,{})})})),()=>{o(),s(),c.unmount(),t.remove()}}function $(e){let t=new CSSStyleSheet;return t.replaceSync(e),t}export{ge as mountModal,w as n,T as t};