import{et as e,m as t}from"./index-DQhXmRz4.js";import{n}from"./hooks-_OQ5wEpy.js";var r=`
.onramp-form { display: grid; gap: 10px; }
.onramp-form label { display: grid; gap: 4px; font-weight: 600; font-size: 14px; }
.onramp-form input, .onramp-form select {
  font: inherit; color: inherit; padding: 10px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  border: 1px solid var(--aap-fg-muted); background: var(--aap-bg); min-width: 0;
}
.onramp-form input:focus-visible, .onramp-form select:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 1px; }
.onramp-row { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.onramp-quote { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 0; font-size: 14px; }
.onramp-quote dt { color: var(--aap-fg-muted); }
.onramp-quote dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
.onramp-quote .onramp-receive { font-weight: 700; color: inherit; }
.onramp-provider { flex-direction: column; align-items: flex-start; gap: 2px; }
.onramp-bought { font-size: 20px; font-weight: 700; margin: 0; }
`,i={id:t},a=()=>n(i);function o(t){return e(a().state,t)}export{o as n,r,a as t};