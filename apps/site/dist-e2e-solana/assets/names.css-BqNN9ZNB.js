var e=`
.name-form { display: grid; gap: 8px; }
.name-form label { font-weight: 600; font-size: 14px; }
.name-form input {
  font: inherit; color: inherit; padding: 10px 12px; border-radius: calc(var(--aap-border-radius) * 0.75);
  border: 1px solid var(--aap-fg-muted); background: var(--aap-bg); min-width: 0;
}
.name-form input:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 1px; }
.name-suggestion { justify-content: space-between; }
.name-suggestion[aria-disabled="true"] { cursor: not-allowed; opacity: 0.75; }
.name-success { overflow-wrap: anywhere; font-size: 20px; font-weight: 700; margin: 0; }
`;export{e as t};