/** The All Wallets grid, its search box and its states, and the "Get <wallet>" page. */
export const allWalletsCss = /* css */ `
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
`
