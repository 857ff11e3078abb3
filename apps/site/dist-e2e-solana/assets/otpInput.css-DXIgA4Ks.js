var e=`
.otp-boxes { display: flex; gap: 8px; justify-content: center; border: 0; padding: 0; margin: 0; }
.otp-boxes input {
  font: inherit; color: inherit; border-radius: calc(var(--aap-border-radius) * 0.75);
  border: 1px solid var(--aap-fg-muted); background: var(--aap-bg);
  width: 40px; text-align: center; font-size: 20px; padding: 8px 0;
}
.otp-boxes input:focus-visible { outline: 2px solid var(--aap-focus); outline-offset: 1px; }
`;export{e as t};