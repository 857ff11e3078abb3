/** The QR code (dark on white in both themes, for scanners) and the pairing views' status and actions around it. */
export const qrCodeCss = /* css */ `
.wc-qr {
  position: relative; box-sizing: border-box; width: 264px; height: 264px; margin: 0 auto; padding: 12px;
  display: grid; place-items: center; border-radius: var(--aap-border-radius); background: #fff; color: #141414;
}
.wc-qr svg { width: 100%; height: 100%; display: block; }
.wc-qr-icon {
  position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: 48px; height: 48px; display: grid; place-items: center;
}
.wc-qr-icon .wallet-image, .wc-qr-icon .icon { width: 44px; height: 44px; border-radius: 12px; margin: 0; }
.wc-status { display: flex; align-items: center; justify-content: center; gap: 8px; margin: 0; }
.wc-status .spinner { width: 16px; height: 16px; border-width: 2px; }
.wc-actions { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; }
.wc-links a.row-button { color: inherit; text-decoration: none; }
.wc-links a.primary-button { display: flex; text-decoration: none; }
.connecting-wc p { margin: 0; }
`
