const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/walletConnectConnector-CuU0mjZd.js","assets/index-DQhXmRz4.js","assets/index-BdXyYYAh.css","assets/sha256-Bv-a_O5o.js","assets/secp256k1-B75Kz7yn.js"])))=>i.map(i=>d[i]);
import{Yn as e,yt as t}from"./index-DQhXmRz4.js";var n=`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" fill="none" viewBox="0 0 24 24" class="web3icons">
    <g clip-path="url(#wallet-connect__a)">
        <path fill="#3B99FC" d="M24 0H0v24h24z"/>
        <path fill="#fff" d="M7.276 9.076c2.609-2.501 6.84-2.501 9.449 0l.313.3a.31.31 0 0 1 0 .453l-1.074 1.03a.17.17 0 0 1-.236 0l-.432-.414c-1.82-1.745-4.772-1.745-6.592 0l-.463.444a.17.17 0 0 1-.236 0l-1.074-1.03a.31.31 0 0 1 0-.453zm11.67 2.129.956.916a.31.31 0 0 1 0 .453l-4.31 4.132a.344.344 0 0 1-.473 0l-3.06-2.932a.086.086 0 0 0-.118 0l-3.06 2.932a.344.344 0 0 1-.472 0l-4.311-4.132a.31.31 0 0 1 0-.453l.956-.916a.344.344 0 0 1 .472 0l3.06 2.933a.086.086 0 0 0 .118 0l3.06-2.933a.344.344 0 0 1 .472 0l3.06 2.933a.086.086 0 0 0 .118 0l3.06-2.933a.345.345 0 0 1 .472 0"/>
    </g>
    <defs>
        <clipPath id="wallet-connect__a">
            <path fill="#fff" d="M0 0h24v24H0z"/>
        </clipPath>
    </defs>
</svg>
`,r=`walletConnect.requestedChains`,i=`walletConnect`,a=`data:image/svg+xml,${encodeURIComponent(n)}`;function o(n){return t(t=>{let r,o=!1,s=()=>r??=e(async()=>{let{createWalletConnectConnector:e}=await import(`./walletConnectConnector-CuU0mjZd.js`);return{createWalletConnectConnector:e}},__vite__mapDeps([0,1,2,3,4])).then(({createWalletConnectConnector:e})=>e(n,t)),c=async()=>o||(await t.storage?.getItem(`walletConnect.requestedChains`))?.length,l=async(e,t)=>await c()?t(await s()):e;return{id:i,name:`WalletConnect`,type:`walletConnect`,icon:a,setup:()=>l(void 0,e=>e.setup()),async connect(e){return o=!0,(await s()).connect(e)},disconnect:()=>l(void 0,e=>e.disconnect()),getAccounts:async()=>(await s()).getAccounts(),getChainId:async()=>(await s()).getChainId(),getProvider:e=>l(void 0,t=>t.getProvider(e)),isAuthorized:()=>l(!1,e=>e.isAuthorized()),switchChain:async e=>(await s()).switchChain(e),onAccountsChanged:e=>void s().then(t=>t.onAccountsChanged(e)),onChainChanged:e=>void s().then(t=>t.onChainChanged(e)),onDisconnect:e=>void s().then(t=>t.onDisconnect(e))}})}o.type=`walletConnect`;export{r as t,o as walletConnect};